//! Requests and answers (WEB.md §1): the body read up to a limit, the path checked (no
//! traversal, only the embedded files), the route chosen, a panic turned into an error answer
//! — every bad request gets one JSON error naming what is wrong, and the server goes on.

use super::api;
use super::reply::Reply;
use super::sessions::Sessions;
use std::io::Read;
use tiny_http::Request;

/// Largest request body accepted (an uploaded position with its catalogue inline is well under
/// it).
pub const MAX_BODY: usize = 1 << 20;

/// The page's files, embedded in the binary: path, content type, text.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("assets/index.html"),
    ),
    (
        "/index.html",
        "text/html; charset=utf-8",
        include_str!("assets/index.html"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/app.js"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("assets/style.css"),
    ),
];

/// Reads the body, refusing one larger than [`MAX_BODY`].
fn read_body(rq: &mut Request) -> Result<Vec<u8>, Reply> {
    let too_big = || {
        Reply::error(
            413,
            &format!("request body too large (the limit is {MAX_BODY} bytes)"),
        )
    };
    if rq.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(too_big());
    }
    let mut buf = Vec::new();
    rq.as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut buf)
        .map_err(|e| Reply::error(400, &format!("cannot read the request body: {e}")))?;
    if buf.len() > MAX_BODY {
        return Err(too_big());
    }
    Ok(buf)
}

/// Chooses the answer to a request.
pub fn route(sessions: &Sessions, method: &str, url: &str, body: &[u8]) -> Reply {
    let path = url.split(['?', '#']).next().unwrap_or("");
    if path.contains("..") || path.contains('\\') || path.to_ascii_lowercase().contains("%2e") {
        return Reply::error(400, "path traversal refused (\"..\" in the path)");
    }
    if !path.starts_with('/') {
        return Reply::error(400, "the path must start with /");
    }
    if let Some(rest) = path.strip_prefix("/api/") {
        let parts: Vec<&str> = rest.trim_end_matches('/').split('/').collect();
        return match (method, parts.as_slice()) {
            ("GET", ["positions"]) => api::positions(),
            ("POST", ["sessions"]) => api::new_game(sessions, body),
            (_, ["positions"] | ["sessions"]) => {
                Reply::error(405, &format!("method {method} not allowed on {path}"))
            }
            (_, ["sessions", id]) => api::session(sessions, id, method, "", body),
            (_, ["sessions", id, what]) => api::session(sessions, id, method, what, body),
            _ => Reply::error(404, &format!("no API route {path} (see WEB.md)")),
        };
    }
    match ASSETS.iter().find(|(p, _, _)| *p == path) {
        Some((_, ct, text)) if method == "GET" || method == "HEAD" => Reply {
            status: 200,
            content_type: ct,
            body: text.as_bytes().to_vec(),
            file_name: None,
        },
        Some(_) => Reply::error(405, &format!("method {method} not allowed on {path}")),
        None => Reply::error(404, &format!("no such page: {path}")),
    }
}

/// Answers one request; a panic becomes a 500 answer (and the server goes on).
pub fn handle(sessions: &Sessions, mut rq: Request) {
    let method = rq.method().as_str().to_ascii_uppercase();
    let url = rq.url().to_string();
    let reply = match read_body(&mut rq) {
        Ok(body) => std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            route(sessions, &method, &url, &body)
        }))
        .unwrap_or_else(|_| Reply::error(500, "internal error (please report)")),
        Err(e) => e,
    };
    let _ = rq.respond(reply.into_response());
}
