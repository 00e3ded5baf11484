//! `wartime serve`: play and analyse in the browser (WEB.md; README "Play in the browser").
//! A local HTTP server whose page — embedded in the binary, no build step, works offline —
//! sets up a game on a shipped or uploaded position, draws the board with the engine's SVG
//! renderer, lets a human click their actions, lets the bot answer on a thread of its own,
//! analyses positions and saves the game record that `wartime replay` replays.
//!
//! A front-end of its own, above `frontend/` (the session, the analysis report), `view/` (the
//! SVG board) and `tools/` (the tournament record format). Files: `http.rs` (requests, limits,
//! routes, embedded files), `reply.rs` (answers), `api.rs` (the JSON API), `sessions.rs` (one game per tab),
//! `table.rs` (a game: seats, dice, log, searches), `view.rs` (what the page sees),
//! `positions.rs` (shipped and uploaded positions), `assets/` (the page).

mod api;
mod http;
mod positions;
mod reply;
mod sessions;
mod table;
mod view;

pub use api::{DEFAULT_BOT_ITERATIONS, MAX_ITERATIONS};
pub use http::{route, MAX_BODY};
pub use reply::Reply;
pub use sessions::Sessions;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// How to serve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServeOptions {
    /// Address to bind (default loopback).
    pub host: String,
    /// Port (0: any free port).
    pub port: u16,
    /// Open the page in the default browser.
    pub open: bool,
    /// Most games at once.
    pub max_sessions: usize,
    /// Minutes without a request after which a game is freed.
    pub idle_minutes: u64,
    /// Threads answering requests.
    pub workers: usize,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            host: "127.0.0.1".into(),
            port: 8080,
            open: false,
            max_sessions: 64,
            idle_minutes: 30,
            workers: 4,
        }
    }
}

/// A running server.
pub struct Server {
    inner: Arc<tiny_http::Server>,
    addr: SocketAddr,
    sessions: Arc<Sessions>,
    quit: Arc<AtomicBool>,
    workers: Vec<JoinHandle<()>>,
}

impl Server {
    /// Binds and starts answering.
    ///
    /// # Errors
    /// The address cannot be bound.
    pub fn start(o: &ServeOptions) -> Result<Server, String> {
        let bind = format!("{}:{}", o.host, o.port);
        let inner = Arc::new(
            tiny_http::Server::http(&bind).map_err(|e| format!("cannot listen on {bind}: {e}"))?,
        );
        let addr = inner
            .server_addr()
            .to_ip()
            .ok_or_else(|| format!("{bind}: not an IP address"))?;
        let sessions = Arc::new(Sessions::new(
            o.max_sessions.max(1),
            Duration::from_secs(o.idle_minutes.max(1) * 60),
        ));
        let quit = Arc::new(AtomicBool::new(false));
        let workers = (0..o.workers.max(1))
            .map(|k| {
                let (srv, ses, quit) = (inner.clone(), sessions.clone(), quit.clone());
                std::thread::Builder::new()
                    .name(format!("wartime-http-{k}"))
                    .spawn(move || {
                        while !quit.load(Ordering::Relaxed) {
                            match srv.recv_timeout(Duration::from_millis(200)) {
                                Ok(Some(rq)) => http::handle(&ses, rq),
                                Ok(None) => ses.expire(),
                                Err(_) => break,
                            }
                        }
                    })
                    .map_err(|e| format!("cannot start a server thread: {e}"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Server {
            inner,
            addr,
            sessions,
            quit,
            workers,
        })
    }

    /// The address bound.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's URL.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// The sessions held.
    pub fn sessions(&self) -> &Sessions {
        &self.sessions
    }

    /// Stops answering and frees every session.
    pub fn shutdown(mut self) {
        self.quit.store(true, Ordering::Relaxed);
        self.inner.unblock();
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
        self.sessions.clear();
    }

    /// Answers until the process ends.
    pub fn wait(mut self) {
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }
}

/// Whether a host is the loopback interface.
pub fn is_loopback(host: &str) -> bool {
    host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// `wartime serve`: starts the server, prints the URL (and a warning when it is reachable from
/// other machines), opens the page if asked, and answers until interrupted.
///
/// # Errors
/// The address cannot be bound.
pub fn serve(o: &ServeOptions) -> Result<String, String> {
    use std::io::Write;
    let server = Server::start(o)?;
    let url = server.url();
    let mut out = std::io::stdout().lock();
    if !is_loopback(&o.host) {
        let _ = writeln!(
            out,
            "warning: --host {}: the server is reachable from other machines; it has no \
             authentication, anyone who can reach it can play and use its CPU",
            o.host
        );
    }
    let _ = writeln!(out, "wartime serve: open {url}  (Ctrl-C to stop)");
    let _ = out.flush();
    drop(out);
    if o.open {
        let opener = if cfg!(target_os = "macos") {
            "open"
        } else if cfg!(windows) {
            "explorer"
        } else {
            "xdg-open"
        };
        if let Err(e) = std::process::Command::new(opener).arg(&url).spawn() {
            eprintln!("--open: cannot run {opener} ({e}); open {url} yourself");
        }
    }
    server.wait();
    Ok(String::new())
}
