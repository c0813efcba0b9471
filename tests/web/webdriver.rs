//! Headless Chromium driven through WebDriver (chromedriver): plain HTTP and JSON.
//! Without Chromium the browser tests fail with what to install, never skip.

use super::http;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// What a newcomer without the browser is told.
const INSTALL: &str = "the web table's tests drive a real browser: install Chromium and its \
    WebDriver (Debian/Ubuntu: `sudo apt-get install chromium chromium-driver`; .ci/run does \
    it), or name them in HOUSERULES_CHROMIUM and HOUSERULES_CHROMEDRIVER";

/// WebDriver's key for an element's id in its JSON.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// One browser at a time: Chromium takes a core of the two CI has, and the other tests
/// (a slow bot at a terminal) need theirs.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// A browser session, with its driver process.
pub struct Browser {
    driver: Child,
    address: String,
    session: String,
    _profile: tempfile::TempDir,
    _turn: MutexGuard<'static, ()>,
}

/// `variable`'s path, else the first of `names` on the PATH.
fn program(variable: &str, names: &[&str]) -> PathBuf {
    if let Some(path) = std::env::var_os(variable) {
        let path = PathBuf::from(path);
        assert!(path.is_file(), "{variable} names no file: {INSTALL}");
        return path;
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/bin")])
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("no {} found: {INSTALL}", names[0]))
}

impl Browser {
    /// Starts chromedriver and a headless Chromium with a fresh profile, its window
    /// `width` by `height`.
    pub fn start(width: u32, height: u32) -> Browser {
        let turn = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
        let chromium = program("HOUSERULES_CHROMIUM", &["chromium", "chromium-browser"]);
        let chromedriver = program("HOUSERULES_CHROMEDRIVER", &["chromedriver"]);
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap()
            .port();
        let driver = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}; {INSTALL}", chromedriver.display()));
        let profile = tempfile::tempdir().unwrap();
        let mut browser = Browser {
            driver,
            address: format!("127.0.0.1:{port}"),
            session: String::new(),
            _profile: profile,
            _turn: turn,
        };
        browser.wait_for_driver();
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
            &format!("--window-size={width},{height}"),
            &format!("--user-data-dir={}", browser._profile.path().display()),
        ];
        let capabilities = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": { "binary": chromium, "args": args },
        }}});
        let created = browser.call("POST", "/session", &capabilities);
        browser.session = created["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no browser session: {created}; {INSTALL}"))
            .to_owned();
        browser
    }

    fn wait_for_driver(&self) {
        let start = Instant::now();
        while std::net::TcpStream::connect(&self.address).is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "chromedriver did not listen on {}; {INSTALL}",
                self.address
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// One WebDriver command: its `value`.
    fn call(&self, method: &str, path: &str, body: &Value) -> Value {
        let body = if method == "GET" {
            String::new()
        } else {
            body.to_string()
        };
        let reply = http::request(&self.address, method, path, &[], &body);
        let value: Value = serde_json::from_str(&reply.body)
            .unwrap_or_else(|_| panic!("WebDriver said: {}", reply.body));
        if reply.status != 200 {
            panic!("WebDriver {method} {path} failed: {value}");
        }
        value["value"].clone()
    }

    fn in_session(&self, method: &str, path: &str, body: &Value) -> Value {
        self.call(method, &format!("/session/{}{path}", self.session), body)
    }

    pub fn open(&self, url: &str) {
        self.in_session("POST", "/url", &json!({ "url": url }));
    }

    /// Runs `script` (a function body; `return` gives its value) in the page.
    pub fn run(&self, script: &str) -> Value {
        self.in_session(
            "POST",
            "/execute/sync",
            &json!({ "script": script, "args": [] }),
        )
    }

    /// Waits until `script` returns a true value; returns it.
    pub fn wait_until(&self, script: &str, within: Duration) -> Value {
        let start = Instant::now();
        loop {
            let value = self.run(script);
            if value.as_bool() != Some(false) && !value.is_null() {
                return value;
            }
            if start.elapsed() > within {
                let page = self.run("return document.body.innerText");
                panic!("the page never made `{script}` true within {within:?}; it shows:\n{page}");
            }
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// Clicks the first element `css` selects, as a user does (the pointer goes there);
    /// false when there is none.
    pub fn click(&self, css: &str) -> bool {
        let found = self.in_session(
            "POST",
            "/elements",
            &json!({ "using": "css selector", "value": css }),
        );
        let Some(id) = found[0][ELEMENT].as_str() else {
            return false;
        };
        self.in_session("POST", &format!("/element/{id}/click"), &json!({}));
        true
    }

    /// Saves what the window shows as a PNG at `path`.
    pub fn screenshot(&self, path: &Path) {
        let png = self.in_session("GET", "/screenshot", &Value::Null);
        std::fs::write(path, base64(png.as_str().unwrap())).unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let path = format!("/session/{}", self.session);
            let _ = http::request(&self.address, "DELETE", &path, &[], "");
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Decodes standard base64 (a screenshot).
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    let mut bytes = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let bits = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &d)| acc | u32::from(d) << (18 - 6 * i));
        let whole = chunk.len() * 6 / 8;
        bytes.extend(bits.to_be_bytes()[1..=whole].iter());
    }
    bytes
}
