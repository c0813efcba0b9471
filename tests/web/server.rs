//! The table's server: only its own page, with the token, on the loopback address; a
//! change reaches the event stream.

use super::{http, Served, SOON};
use crate::common::houserules_in;
use std::io::{BufRead, BufReader};
use std::net::{IpAddr, SocketAddr, TcpStream, UdpSocket};
use std::time::{Duration, Instant};

#[test]
fn a_request_without_the_token_or_with_another_is_refused() {
    let served = Served::play(&["pig-solo", "--seed", "1"]);
    for target in ["/", "/state", "/state?t=0123", "/events?t=", "/?x=1"] {
        let reply = http::request(&served.address, "GET", target, &[], "");
        assert_eq!(reply.status, 403, "{target}: {}", reply.body);
        assert!(reply.body.contains("token"), "{target}: {}", reply.body);
    }
    let play = http::request(&served.address, "POST", "/play", &[], "roll");
    assert_eq!(play.status, 403, "{}", play.body);
    // The page with its token loads.
    let page = http::request(
        &served.address,
        "GET",
        &format!("/?t={}", served.token),
        &[],
        "",
    );
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<svg") || page.body.contains("id=\"board\""));
    // A browser asks for an icon without the token; the page names one of its own.
    let icon = http::request(&served.address, "GET", "/favicon.ico", &[], "");
    assert_eq!(icon.status, 403);
    assert!(
        page.body.contains("<link rel=\"icon\" href=\"data:,\">"),
        "{}",
        page.body
    );
}

#[test]
fn a_request_from_another_origin_or_for_another_host_is_refused() {
    let served = Served::play(&["pig-solo", "--seed", "1"]);
    let target = format!("/state?t={}", served.token);
    let origin = http::request(
        &served.address,
        "GET",
        &target,
        &["Origin: http://evil.example"],
        "",
    );
    assert_eq!(origin.status, 403, "{}", origin.body);
    assert!(origin.body.contains("evil.example"), "{}", origin.body);
    let played = http::request(
        &served.address,
        "POST",
        &format!("/play?t={}", served.token),
        &["Origin: http://evil.example"],
        "roll",
    );
    assert_eq!(played.status, 403, "{}", played.body);
    assert!(!served.output().contains("played on the web table"));
    // A name that a rebinding DNS points at 127.0.0.1.
    let port = served.address.rsplit(':').next().unwrap();
    let rebound = http::request(
        &served.address,
        "GET",
        &target,
        &[&format!("Host: evil.example:{port}")],
        "",
    );
    assert_eq!(rebound.status, 403, "{}", rebound.body);
    assert!(rebound.body.contains("evil.example"), "{}", rebound.body);
}

/// An address of this machine other than the loopback, if it has one: the one it would
/// send from to a far address (a UDP "connect" sends nothing), else `hostname -I`'s.
fn outside_address() -> Option<IpAddr> {
    let routed = ["192.0.2.1:9", "10.255.255.254:9", "8.8.8.8:53"]
        .iter()
        .filter_map(|far| {
            let socket = UdpSocket::bind("0.0.0.0:0").ok()?;
            socket.connect(far).ok()?;
            socket.local_addr().ok().map(|a| a.ip())
        })
        .chain(
            std::process::Command::new("hostname")
                .arg("-I")
                .output()
                .ok()
                .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
                .unwrap_or_default()
                .split_whitespace()
                .filter_map(|a| a.parse().ok())
                .collect::<Vec<IpAddr>>(),
        )
        .find(|ip: &IpAddr| !ip.is_loopback() && !ip.is_unspecified());
    routed
}

#[test]
fn the_server_is_not_reachable_but_on_the_loopback_address() {
    let served = Served::play(&["pig-solo", "--seed", "1"]);
    let port: u16 = served.address.rsplit(':').next().unwrap().parse().unwrap();
    assert!(
        served.address.starts_with("127.0.0.1:"),
        "{}",
        served.address
    );
    // The listening socket is bound to 127.0.0.1 itself, not to every address.
    #[cfg(target_os = "linux")]
    {
        let listening = std::fs::read_to_string("/proc/net/tcp").unwrap();
        let mine = format!("0100007F:{port:04X}");
        assert!(
            listening
                .lines()
                .any(|l| l.split_whitespace().nth(1) == Some(&mine)),
            "no socket listens on 127.0.0.1:{port}:\n{listening}"
        );
        let anywhere = format!("00000000:{port:04X}");
        assert!(!listening.contains(&anywhere), "{listening}");
    }
    let Some(outside) = outside_address() else {
        panic!(
            "this machine has no address but the loopback, so the server cannot be tried from \
             another: run this test on a machine with a network interface"
        );
    };
    let tried = TcpStream::connect_timeout(&SocketAddr::new(outside, port), Duration::from_secs(2));
    assert!(
        tried.is_err(),
        "the table answered on {outside}:{port}, an address other than the loopback"
    );
}

/// Reads events from a stream until one that is not `previous`: its number.
fn next_event(reader: &mut impl BufRead, previous: Option<u64>) -> u64 {
    let start = Instant::now();
    let mut line = String::new();
    loop {
        assert!(start.elapsed() < SOON, "no new event within {SOON:?}");
        line.clear();
        assert!(reader.read_line(&mut line).unwrap() > 0, "the stream ended");
        if let Some(number) = line.strip_prefix("data: ") {
            let number = number.trim().parse().unwrap();
            if Some(number) != previous {
                return number;
            }
        }
    }
}

#[test]
fn the_event_stream_says_the_game_changed_after_a_typed_move_and_a_clicked_one() {
    let mut served = Served::play(&["pig-solo", "--seed", "1"]);
    let stream = TcpStream::connect(&served.address).unwrap();
    stream.set_read_timeout(Some(SOON)).unwrap();
    let target = format!("/events?t={}", served.token);
    http::send(&stream, &served.address, "GET", &target, &[], "");
    let mut reader = BufReader::new(stream);
    let (status, _) = http::head(&mut reader);
    assert_eq!(status, 200);
    let first = next_event(&mut reader, None);
    let label = served.moves()[0].clone();
    let from = served.type_line(&label);
    served.wait_for(&format!("played {label}"), from, SOON);
    let after_typed = next_event(&mut reader, Some(first));
    // A click: the REPL tells what the page played, and the stream tells the page.
    let label = served.moves()[0].clone();
    let from = served.output().len();
    let reply = served.request("POST", "/play", &label);
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert!(reply.body.contains("\"ok\":true"), "{}", reply.body);
    served.wait_for(&format!("{label}    (played on the web table)"), from, SOON);
    next_event(&mut reader, Some(after_typed));
    let from = served.type_line("log");
    served.wait_for(&format!("  2  {label}"), from, SOON);
}

#[test]
fn web_typed_at_the_repl_serves_the_game_in_hand_and_says_its_address_again() {
    let mut served = Served::start(&["pig-solo", "--seed", "1"], &[], Some("web"));
    assert_eq!(served.state()["game"]["variant"], "pig-solo");
    // A family that draws no picture is shown as `show` prints it.
    assert!(served.state()["game"]["text"].is_string());
    let from = served.type_line("web");
    served.wait_for(&served.url(), from, SOON);
    let from = served.type_line("roll");
    served.wait_for("played roll", from, SOON);
    assert_eq!(served.state()["game"]["played"], 1);
}

#[test]
fn resume_and_replay_serve_the_table_of_the_game_they_start_on() {
    // A game left unfinished after one move, then one finished and recorded.
    let data = tempfile::tempdir().unwrap();
    let left = houserules_in(data.path(), &["play", "pig-solo", "--seed", "1"], "roll\n");
    assert!(left.ok, "{}{}", left.stdout, left.stderr);
    let resumed = Served::run(data, &["resume", "--web"], None);
    assert_eq!(resumed.state()["game"]["variant"], "pig-solo");
    assert_eq!(resumed.state()["game"]["played"], 1);

    let data = tempfile::tempdir().unwrap();
    let finished = houserules_in(
        data.path(),
        &["play", "pig-solo", "--seed", "1"],
        "auto --bot greedy\n",
    );
    assert!(
        finished.stdout.contains("recorded as game 1"),
        "{}",
        finished.stdout
    );
    let replayed = Served::run(data, &["replay", "1", "--port", "0"], None);
    assert_eq!(replayed.state()["game"]["variant"], "pig-solo");
    assert!(replayed.state()["game"]["played"].as_u64().unwrap() > 1);
}
