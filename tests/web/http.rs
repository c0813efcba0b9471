//! A minimal HTTP/1.1 client over a TCP stream, for the table's server and WebDriver
//! (both answer plain requests with a length or by closing).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

pub struct Reply {
    pub status: u16,
    pub body: String,
}

/// Sends one request to `address` (`host:port`) and reads the reply.
pub fn request(address: &str, method: &str, target: &str, headers: &[&str], body: &str) -> Reply {
    let stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    send(&stream, address, method, target, headers, body);
    let mut reader = BufReader::new(stream);
    let (status, length) = head(&mut reader);
    let mut bytes = Vec::new();
    match length {
        Some(n) => {
            bytes.resize(n, 0);
            reader.read_exact(&mut bytes).unwrap();
        }
        None => {
            reader.read_to_end(&mut bytes).unwrap();
        }
    }
    Reply {
        status,
        body: String::from_utf8(bytes).unwrap(),
    }
}

/// Writes a request on `stream` (the Host header names `address`, unless `headers`
/// holds one).
pub fn send(
    mut stream: &TcpStream,
    address: &str,
    method: &str,
    target: &str,
    headers: &[&str],
    body: &str,
) {
    let mut text = format!("{method} {target} HTTP/1.1\r\n");
    if !headers
        .iter()
        .any(|h| h.to_ascii_lowercase().starts_with("host:"))
    {
        text.push_str(&format!("Host: {address}\r\n"));
    }
    for header in headers {
        text.push_str(&format!("{header}\r\n"));
    }
    text.push_str(&format!(
        "Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    ));
    stream.write_all(text.as_bytes()).unwrap();
}

/// Reads a reply's status line and headers: its status and body length, if given.
pub fn head(reader: &mut impl BufRead) -> (u16, Option<usize>) {
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP reply: {line:?}"));
    let mut length = None;
    loop {
        line.clear();
        reader.read_line(&mut line).unwrap();
        if line.trim().is_empty() {
            return (status, length);
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().ok();
            }
        }
    }
}
