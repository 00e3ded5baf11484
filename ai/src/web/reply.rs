//! One answer of the server (WEB.md §1): a status, a content type and a body — JSON for the
//! API, `{"error": "…"}` for every refusal, a file to save for the record and the position.

use serde::Serialize;
use tiny_http::{Header, Response};

/// An answer.
#[derive(Clone, Debug)]
pub struct Reply {
    /// HTTP status.
    pub status: u16,
    /// Content type.
    pub content_type: &'static str,
    /// Body.
    pub body: Vec<u8>,
    /// A file name to save the body as (`Content-Disposition: attachment`).
    pub file_name: Option<&'static str>,
}

impl Reply {
    /// A JSON answer.
    pub fn json<T: Serialize>(status: u16, v: &T) -> Reply {
        match serde_json::to_vec(v) {
            Ok(body) => Reply {
                status,
                content_type: "application/json",
                body,
                file_name: None,
            },
            Err(e) => Reply::error(500, &format!("internal error (please report): {e}")),
        }
    }

    /// An error: `{"error": message}`.
    pub fn error(status: u16, message: &str) -> Reply {
        Reply {
            status,
            content_type: "application/json",
            body: serde_json::json!({ "error": message })
                .to_string()
                .into_bytes(),
            file_name: None,
        }
    }

    /// A file to save.
    pub fn download(text: String, content_type: &'static str, name: &'static str) -> Reply {
        Reply {
            status: 200,
            content_type,
            body: text.into_bytes(),
            file_name: Some(name),
        }
    }

    /// The answer as tiny_http sends it.
    pub fn into_response(self) -> Response<std::io::Cursor<Vec<u8>>> {
        let mut r = Response::from_data(self.body).with_status_code(self.status);
        let mut add = |k: &str, v: &str| {
            if let Ok(h) = Header::from_bytes(k.as_bytes(), v.as_bytes()) {
                r.add_header(h);
            }
        };
        add("Content-Type", self.content_type);
        add("Cache-Control", "no-store");
        add("X-Content-Type-Options", "nosniff");
        if let Some(name) = self.file_name {
            add(
                "Content-Disposition",
                &format!("attachment; filename=\"{name}\""),
            );
        }
        r
    }
}
