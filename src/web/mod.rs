//! The table in a browser (`houserules play VARIANT --web`, REPL `web`): a small HTTP
//! server on the loopback address that serves one page, the game as JSON, a stream of
//! "the game changed" events, and the moves the page plays.
//!
//! The game lives on the REPL's thread (a session is not `Send`): this server only
//! forwards what the page asks ([`Asked`]) and waits for the answer. It is local and
//! private: it binds 127.0.0.1, answers only a request that carries the session's random
//! token, and refuses one whose Host or Origin is not its own address (a web page
//! elsewhere that renames itself to 127.0.0.1 by DNS cannot reach it).

mod guard;
mod stream;

use guard::Guard;
use std::io::Read;
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;
pub use stream::Changes;
use tiny_http::{Header, Method, Request, Response, Server};

/// The page: its markup, look and script, compiled in (no build step).
const PAGE: &str = include_str!("page.html");
const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// How long a request waits for the REPL (busy with a long `auto` or `sim`).
const WAIT_FOR_REPL: Duration = Duration::from_secs(120);
/// The longest move label the page may send (the REPL's own limit is larger).
const MAX_BODY: u64 = 10_000;

/// What the page asks of the game.
#[derive(Debug)]
pub enum Ask {
    /// The table as JSON (see `repl::table`).
    State,
    /// Play the move with this label, as if typed at the REPL.
    Play(String),
}

/// A question for the REPL's thread, with where to send the answer (a JSON text).
pub struct Asked {
    pub ask: Ask,
    pub reply: mpsc::Sender<Answer>,
}

/// The REPL's answer: an HTTP status and a JSON body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub json: String,
}

/// How the server hands a question to the REPL; false when the REPL is gone.
pub type Forward = Box<dyn Fn(Asked) -> bool + Send + Sync>;

/// A running table server; dropping it stops it.
pub struct Table {
    server: Arc<Server>,
    changes: Changes,
    url: String,
}

impl Table {
    /// Serves on 127.0.0.1:`port` (0: a free port), asking `forward` for the game.
    pub fn serve(port: u16, forward: Forward) -> Result<Table, String> {
        let server = Server::http(("127.0.0.1", port))
            .map_err(|e| format!("cannot serve the table on 127.0.0.1:{port}: {e}"))?;
        let port = server
            .server_addr()
            .to_ip()
            .map(|a| a.port())
            .ok_or("the table's server has no IP address")?;
        let token = format!("{:032x}", rand::random::<u128>());
        let url = format!("http://127.0.0.1:{port}/?t={token}");
        let guard = Arc::new(Guard::new(port, token));
        let server = Arc::new(server);
        let changes = Changes::default();
        let forward: Arc<Forward> = Arc::new(forward);
        let (accepting, watched) = (Arc::clone(&server), changes.clone());
        std::thread::spawn(move || {
            for request in accepting.incoming_requests() {
                let (guard, forward, changes) =
                    (Arc::clone(&guard), Arc::clone(&forward), watched.clone());
                std::thread::spawn(move || answer(request, &guard, &forward, &changes));
            }
        });
        Ok(Table {
            server,
            changes,
            url,
        })
    }

    /// The page's address, token included.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Tells every open page that the game may have changed.
    pub fn changed(&self) {
        self.changes.bump();
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        self.changes.close();
        self.server.unblock();
    }
}

/// Answers one request (on its own thread: an event stream stays open).
fn answer(mut request: Request, guard: &Guard, forward: &Forward, changes: &Changes) {
    if let Err(refusal) = guard.check(&request) {
        let _ = request.respond(text(refusal.status, &refusal.why));
        return;
    }
    let path = request
        .url()
        .split('?')
        .next()
        .unwrap_or_default()
        .to_owned();
    let response = match (request.method(), path.as_str()) {
        (Method::Get, "/") => Response::from_string(page())
            .with_header(header("Content-Type", "text/html; charset=utf-8"))
            .with_status_code(200),
        (Method::Get, "/events") => {
            changes.stream(request.into_writer());
            return;
        }
        (Method::Get, "/state") => ask(forward, Ask::State),
        (Method::Post, "/play") => {
            let mut label = String::new();
            let read = request
                .as_reader()
                .take(MAX_BODY)
                .read_to_string(&mut label);
            match read {
                Ok(_) => ask(forward, Ask::Play(label)),
                Err(_) => text(400, "the move's label is not UTF-8 text"),
            }
        }
        _ => text(404, "no such page on this table"),
    };
    let _ = request.respond(response.with_header(header("Cache-Control", "no-store")));
}

/// The page with its style and script inlined: one request loads it.
fn page() -> String {
    PAGE.replace("/*STYLE*/", STYLE)
        .replace("/*SCRIPT*/", SCRIPT)
}

/// Hands `ask` to the REPL and waits for its answer.
fn ask(forward: &Forward, ask: Ask) -> Response<std::io::Cursor<Vec<u8>>> {
    let (reply, answered) = mpsc::channel();
    if !forward(Asked { ask, reply }) {
        return text(503, "the REPL has ended");
    }
    match answered.recv_timeout(WAIT_FOR_REPL) {
        Ok(answer) => Response::from_string(answer.json)
            .with_status_code(answer.status)
            .with_header(header("Content-Type", "application/json")),
        Err(_) => text(503, "the REPL is busy (a long command?); try again"),
    }
}

fn text(status: u16, body: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    Response::from_string(format!("{body}\n"))
        .with_status_code(status)
        .with_header(header("Content-Type", "text/plain; charset=utf-8"))
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes())
        .unwrap_or_else(|()| unreachable!("the header `{name}: {value}` is plain ASCII"))
}
