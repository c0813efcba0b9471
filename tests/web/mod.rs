//! The web table (`play --web`): the server's guards and events, and the page in a real
//! browser. Each test runs the binary with piped input, as a user's terminal would type
//! it, and talks to the address it prints.

mod browser;
mod http;
mod server;
mod webdriver;

use crate::common::{with_test_env, BINARY};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long the REPL may take to start a game and print the table's address.
const START_WITHIN: Duration = Duration::from_secs(60);
/// How long a change may take to reach the REPL's output or the page.
const SOON: Duration = Duration::from_secs(10);

/// A REPL serving its table, driven through its standard input.
pub struct Served {
    child: Child,
    input: Option<ChildStdin>,
    output: Arc<Mutex<String>>,
    /// `127.0.0.1:PORT`.
    pub address: String,
    pub token: String,
    _data: tempfile::TempDir,
}

impl Served {
    /// `houserules play ARGS --web`.
    pub fn play(args: &[&str]) -> Served {
        Served::start(args, &["--web"], None)
    }

    /// `houserules play ARGS EXTRA`, then `line` typed at the REPL when given; waits for
    /// the table's address.
    pub fn start(args: &[&str], extra: &[&str], line: Option<&str>) -> Served {
        let command: Vec<&str> = ["play"].iter().chain(args).chain(extra).copied().collect();
        Served::run(tempfile::tempdir().unwrap(), &command, line)
    }

    /// `houserules COMMAND…` with its data folder (and games database) in `data`, then
    /// `line` typed at the REPL when given; waits for the table's address.
    pub fn run(data: tempfile::TempDir, command: &[&str], line: Option<&str>) -> Served {
        let mut child = Command::new(BINARY);
        with_test_env(&mut child, &data.path().join("games.sqlite"), data.path())
            .env("XDG_CONFIG_HOME", data.path())
            .args(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        let mut child = child.spawn().unwrap();
        let output = Arc::new(Mutex::new(String::new()));
        let (stdout, collected) = (child.stdout.take().unwrap(), Arc::clone(&output));
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                collected.lock().unwrap().push_str(&format!("{line}\n"));
            }
        });
        let mut served = Served {
            input: child.stdin.take(),
            child,
            output,
            address: String::new(),
            token: String::new(),
            _data: data,
        };
        if let Some(line) = line {
            served.type_line(line);
        }
        let said = served.wait_for("the table is at http://", 0, START_WITHIN);
        let url = said
            .split("the table is at http://")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap()
            .to_owned();
        let (address, token) = url.split_once("/?t=").unwrap();
        served.address = address.to_owned();
        served.token = token.to_owned();
        served
    }

    /// The page's address.
    pub fn url(&self) -> String {
        format!("http://{}/?t={}", self.address, self.token)
    }

    /// Everything the REPL printed so far.
    pub fn output(&self) -> String {
        self.output.lock().unwrap().clone()
    }

    /// Types `line` at the REPL; returns where its output starts.
    pub fn type_line(&mut self, line: &str) -> usize {
        let from = self.output().len();
        let input = self.input.as_mut().unwrap();
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
        from
    }

    /// Waits until the output after byte `from` holds `needle`; returns that output.
    pub fn wait_for(&self, needle: &str, from: usize, within: Duration) -> String {
        let start = Instant::now();
        loop {
            let output = self.output();
            if output[from..].contains(needle) {
                return output[from..].to_owned();
            }
            assert!(
                start.elapsed() < within,
                "the REPL did not print {needle:?} within {within:?}; it printed:\n{output}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// GET or POST `path` (token added) with `headers`, as the page would.
    pub fn request(&self, method: &str, path: &str, body: &str) -> http::Reply {
        let origin = format!("Origin: http://{}", self.address);
        let target = format!("{path}?t={}", self.token);
        http::request(&self.address, method, &target, &[&origin], body)
    }

    /// The table as the page reads it.
    pub fn state(&self) -> serde_json::Value {
        let reply = self.request("GET", "/state", "");
        assert_eq!(reply.status, 200, "{}", reply.body);
        serde_json::from_str(&reply.body).unwrap()
    }

    /// The labels of the legal moves, from the table.
    pub fn moves(&self) -> Vec<String> {
        self.state()["game"]["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["label"].as_str().unwrap().to_owned())
            .collect()
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        // The end of input ends the REPL, and with it the server.
        drop(self.input.take());
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
