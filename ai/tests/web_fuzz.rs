//! `wartime serve` under a stream of malformed requests (WEB.md §1): 12,000 of them, generated
//! from a fixed seed — raw garbage, bad request lines, traversal paths, truncated and mistyped
//! JSON, unknown and malformed session ids, illegal actions and dice, oversized bodies, wrong
//! methods. The server must answer every well-formed one with a 4xx error (never a 500, which
//! is a caught panic), keep the game it holds unchanged, and still serve the page afterwards.
//! Bounded: a fixed count and a deadline, so it stops by itself.

mod common;

use ai::web::{ServeOptions, Server};
use common::http::{get, parse, post, raw};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

const REQUESTS: usize = 12_000;

/// A number in `lo..hi`.
fn below(r: &mut Pcg64, lo: usize, hi: usize) -> usize {
    lo + (r.next_u64() % (hi - lo) as u64) as usize
}

fn pick<'a>(r: &mut Pcg64, v: &[&'a str]) -> &'a str {
    v[below(r, 0, v.len())]
}

fn garbage(r: &mut Pcg64, n: usize) -> Vec<u8> {
    (0..n).map(|_| r.next_u32() as u8).collect()
}

/// A malformed JSON body: cut, mistyped, unknown fields, wrong nesting, huge numbers.
fn bad_json(r: &mut Pcg64) -> String {
    let good = [
        r#"{"action":"a1 run 5,6"}"#,
        r#"{"position":"duel","b":{"human":false,"iterations":5}}"#,
        r#"{"iterations":50,"multipv":2}"#,
    ];
    match below(r, 0, 10) {
        0 => {
            let g = pick(r, &good);
            let cut = below(r, 0, g.len());
            g[..cut].to_string()
        }
        1 => r#"{"action":null}"#.into(),
        2 => r#"{"action":["a1","run"]}"#.into(),
        3 => r#"{"action":"a1 run 5,6","dice":[0,99,-1]}"#.into(),
        4 => r#"{"position":"duel","a":{"human":"yes"}}"#.into(),
        5 => r#"{"position":"duel","b":{"human":false,"iterations":99999999999999999999}}"#.into(),
        6 => format!(r#"{{"upload":"{}"}}"#, "{".repeat(below(r, 1, 200))),
        7 => r#"{"iterations":0,"multipv":0,"extra":true}"#.into(),
        8 => format!("[{}]", "1,".repeat(below(r, 0, 50))),
        _ => {
            let n = below(r, 0, 64);
            String::from_utf8_lossy(&garbage(r, n)).into_owned()
        }
    }
}

fn action(r: &mut Pcg64) -> String {
    let words = [
        "a1", "b1", "run", "move", "shoot", "w1", "w9", "activate", "end", "facing", "N", "5,6",
        "99,99", "-1,2", "+", "chain", "pass", "react", "charge", "melee", "", "ñ", "\u{202e}",
        "%00",
    ];
    (0..below(r, 0, 6))
        .map(|_| pick(r, &words))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One malformed request: (bytes, whether it is well-formed HTTP that must get a 4xx).
fn request(r: &mut Pcg64, addr: SocketAddr, id: &str) -> (Vec<u8>, bool) {
    let method = pick(
        r,
        &["GET", "POST", "POST", "POST", "PUT", "DELETE", "PATCH"],
    );
    let other = format!(
        "{:032x}",
        (r.next_u64() as u128) << 64 | r.next_u64() as u128
    );
    let path = match below(r, 0, 14) {
        0 => "/../../etc/passwd".to_string(),
        1 => "/%2e%2e/%2e%2e/Cargo.toml".to_string(),
        2 => format!("/api/sessions/{other}/act"),
        3 => format!("/api/sessions/{}/act", &id[..below(r, 0, id.len())]),
        4 => "/api/sessions/zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/act".to_string(),
        5 => format!(
            "/api/sessions/{id}/{}",
            pick(r, &["fly", "act/x", "..", "record/1"])
        ),
        6 => "/api/sessions".to_string(),
        7 => format!("/{}", "a/".repeat(below(r, 1, 400))),
        8 => "/app.js/..%2F..%2Fsecret".to_string(),
        _ => format!("/api/sessions/{id}/act"),
    };
    let body = if path.ends_with("/act") && r.next_u32().is_multiple_of(2) {
        let dice: Vec<String> = (0..below(r, 0, 4))
            .map(|_| below(r, 0, 15).to_string())
            .collect();
        format!(
            r#"{{"action":{},"dice":[{}]}}"#,
            serde_json::Value::String(action(r)),
            dice.join(",")
        )
    } else {
        bad_json(r)
    };
    match below(r, 0, 20) {
        // Raw garbage, or a broken request line.
        0 => {
            let n = below(r, 1, 300);
            (garbage(r, n), false)
        }
        1 => (b"GET\r\n\r\n".to_vec(), false),
        2 => (format!("{method} {path} HTTP/9.9\r\n\r\n").into_bytes(), false),
        // Announces a body far over the limit (and does not send it).
        3 => (
            format!(
                "POST /api/sessions HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{{",
                ai::web::MAX_BODY * 50
            )
            .into_bytes(),
            false,
        ),
        // A declared length longer than the body sent.
        4 => (
            format!(
                "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
                body.len() + 40
            )
            .into_bytes(),
            false,
        ),
        _ => (
            format!(
                "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            )
            .into_bytes(),
            true,
        ),
    }
}

#[test]
fn twelve_thousand_malformed_requests_leave_the_server_answering_and_the_game_unchanged() {
    let server = Server::start(&ServeOptions {
        port: 0,
        ..ServeOptions::default()
    })
    .unwrap();
    let addr = server.addr();
    let v = post(
        addr,
        "/api/sessions",
        r#"{"position":"duel","b":{"human":false,"iterations":20}}"#,
    )
    .json();
    let id = v["id"].as_str().unwrap().to_string();
    let before = get(addr, &format!("/api/sessions/{id}/position")).text();
    let record = get(addr, &format!("/api/sessions/{id}/record")).text();
    let mut r = Pcg64::seed_from_u64(17);
    let deadline = Instant::now() + Duration::from_secs(600);
    let (mut answered, mut refused, mut server_errors) = (0usize, 0usize, Vec::new());
    for k in 0..REQUESTS {
        assert!(
            Instant::now() < deadline,
            "stopped at request {k}: too slow"
        );
        let (bytes, checked) = request(&mut r, addr, &id);
        let got = raw(addr, &bytes, Duration::from_secs(5));
        if let Ok(b) = got {
            let a = parse(&b);
            if a.status != 0 {
                answered += 1;
            }
            if a.status >= 500 {
                server_errors.push(format!(
                    "{}: {}",
                    String::from_utf8_lossy(&bytes[..bytes.len().min(120)]),
                    a.text()
                ));
            }
            if checked {
                assert!(
                    (400..500).contains(&a.status),
                    "request {k} answered {}: {}\n{}",
                    a.status,
                    String::from_utf8_lossy(&bytes),
                    a.text()
                );
                assert!(
                    a.json()["error"].as_str().is_some_and(|e| !e.is_empty()),
                    "request {k}: one clear error"
                );
                refused += 1;
            }
        }
    }
    assert!(server_errors.is_empty(), "{server_errors:#?}");
    assert!(answered > REQUESTS / 2, "only {answered} answers");
    // Most of them were well-formed HTTP carrying bad content, each refused by the API.
    assert!(
        refused > REQUESTS * 2 / 3,
        "only {refused} refused by the API"
    );
    // Still answering, the game as it was.
    assert_eq!(get(addr, "/").status, 200);
    assert_eq!(
        get(addr, &format!("/api/sessions/{id}/position")).text(),
        before
    );
    assert_eq!(
        get(addr, &format!("/api/sessions/{id}/record")).text(),
        record
    );
    let a = post(
        addr,
        &format!("/api/sessions/{id}/act"),
        r#"{"action":"init a1"}"#,
    );
    assert_eq!(a.status, 200, "{}", a.text());
    assert_eq!(server.sessions().len(), 1, "no session made by the noise");
    server.shutdown();
}
