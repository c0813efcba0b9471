//! "The game changed": a version number the REPL raises after every command, and the
//! server-sent event streams that tell each open page of it (the page then fetches the
//! table again).

use std::io::Write;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

/// How often an idle stream writes a comment: a closed tab is noticed and its thread
/// ends.
const KEEP_ALIVE: Duration = Duration::from_secs(10);

/// The version of the game every stream watches.
#[derive(Clone, Default)]
pub struct Changes(Arc<(Mutex<Version>, Condvar)>);

#[derive(Default, Clone, Copy, PartialEq)]
struct Version {
    number: u64,
    /// The server stopped: streams end.
    closed: bool,
}

impl Changes {
    /// The game may have changed.
    pub fn bump(&self) {
        self.update(|v| v.number += 1);
    }

    /// The server stopped.
    pub fn close(&self) {
        self.update(|v| v.closed = true);
    }

    fn update(&self, change: impl FnOnce(&mut Version)) {
        let (version, changed) = &*self.0;
        change(&mut version.lock().unwrap_or_else(PoisonError::into_inner));
        changed.notify_all();
    }

    /// Writes an event stream to `out` (the request's raw connection: the headers are
    /// ours to write) until the page goes away or the server stops. The first event
    /// comes at once, so a page that reconnects catches up.
    pub fn stream(&self, mut out: Box<dyn Write + Send>) {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n";
        let (version, changed) = &*self.0;
        let mut seen: Option<Version> = None;
        let mut said = out.write_all(head.as_bytes());
        while said.is_ok() {
            let guard = version.lock().unwrap_or_else(PoisonError::into_inner);
            let (now, _) = changed
                .wait_timeout_while(guard, KEEP_ALIVE, |v| Some(*v) == seen)
                .unwrap_or_else(PoisonError::into_inner);
            let now = *now;
            if now.closed {
                return;
            }
            let event = if Some(now) == seen {
                ": still here\n\n".to_owned()
            } else {
                format!("data: {}\n\n", now.number)
            };
            seen = Some(now);
            said = out.write_all(event.as_bytes()).and_then(|()| out.flush());
        }
    }
}
