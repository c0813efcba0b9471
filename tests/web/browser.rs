//! The page in headless Chromium: it shows the board, follows the REPL, plays a click
//! through the REPL's game and shows why a move is refused. Screenshots of two tables
//! are kept under the target folder (path printed) to look at when the page changes.

use super::webdriver::Browser;
use super::{Served, SOON};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A page with its board and its links to the moves.
const DRAWN: &str = "return document.querySelector('#board svg') !== null \
    && document.querySelectorAll('#moves a').length > 0";

fn opened(served: &Served) -> Browser {
    let browser = Browser::start(1400, 900);
    browser.open(&served.url());
    browser.wait_until(DRAWN, SOON);
    browser
}

/// Whether the page's last moves name `label`.
fn logged(label: &str) -> String {
    format!("return [...document.querySelectorAll('#log .label')].some(e => e.textContent === {label:?})")
}

#[test]
fn the_page_follows_the_repl_and_a_click_plays_through_it() {
    let mut served = Served::play(&["invaders", "--seed", "3"]);
    let browser = opened(&served);
    let title = browser.run("return document.title");
    assert!(title.as_str().unwrap().contains("Invaders"), "{title}");

    // Typed at the REPL, seen on the page.
    let label = served.moves()[0].clone();
    let from = served.type_line(&label);
    served.wait_for(&format!("played {label}"), from, SOON);
    let typed = Instant::now();
    browser.wait_until(&logged(&label), SOON);
    let status = browser.run("return document.querySelector('#status').textContent");
    assert!(
        status.as_str().unwrap().ends_with(" · 1 move played"),
        "{status}"
    );
    assert!(
        typed.elapsed() < Duration::from_secs(2),
        "the page took {:?} to show a typed move",
        typed.elapsed()
    );

    // Clicked on the page, played at the REPL, in its log.
    let clicked = browser.run("return document.querySelector('#moves a').dataset.move");
    let clicked = clicked.as_str().unwrap().to_owned();
    let from = served.output().len();
    assert!(browser.click("#moves a"));
    served.wait_for(
        &format!("{clicked}    (played on the web table)"),
        from,
        SOON,
    );
    browser.wait_until(&logged(&clicked), SOON);
    let from = served.type_line("log");
    let log = served.wait_for(&format!("  2  {clicked}"), from, SOON);
    assert!(log.contains(&format!("  1  {label}")), "{log}");

    // A move the rules refuse: the page says why. (The link is put where a new table
    // does not replace it.)
    browser.run(
        "const a = document.createElement('a'); a.id = 'bogus'; a.href = '#'; \
         a.dataset.move = '9,9@90'; a.textContent = '9,9@90'; \
         document.querySelector('header').append(a);",
    );
    assert!(browser.click("#bogus"));
    let reason = browser.wait_until(
        "const r = document.querySelector('#refused'); return !r.hidden && r.textContent",
        SOON,
    );
    assert!(
        reason.as_str().unwrap().contains("not a legal move"),
        "{reason}"
    );
}

#[test]
fn a_click_on_a_target_in_the_picture_plays_its_move() {
    let served = Served::play(&["invaders", "--seed", "3"]);
    let browser = opened(&served);
    let target = "#board svg [data-move]";
    let label = browser.run(&format!(
        "const t = document.querySelector('{target}'); return t && t.getAttribute('data-move')"
    ));
    let Some(label) = label.as_str() else {
        panic!(
            "the picture has no click targets (no `{target}`): the family should draw its \
             legal moves as elements carrying data-move=\"LABEL\""
        );
    };
    let from = served.output().len();
    assert!(browser.click(target));
    served.wait_for(&format!("{label}    (played on the web table)"), from, SOON);
    browser.wait_until(&logged(label), SOON);
}

/// Where the screenshots are kept: beside the binary under test, in the target folder.
fn artifacts() -> PathBuf {
    let folder = PathBuf::from(crate::common::BINARY)
        .parent()
        .unwrap()
        .join("web-table");
    std::fs::create_dir_all(&folder).unwrap();
    folder
}

#[test]
fn screenshots_of_a_carcassonne_and_an_ora_et_labora_table_are_kept() {
    for (variant, seed, moves) in [
        ("carcassonne-solo", "2", "10"),
        ("ora-et-labora-solo-ireland", "1", "30"),
    ] {
        let mut served = Served::play(&[variant, "--seed", seed]);
        let from = served.type_line(&format!("auto {moves}"));
        served.wait_for("played", from, Duration::from_secs(60));
        let browser = opened(&served);
        let path = artifacts().join(format!("{variant}.png"));
        browser.screenshot(&path);
        let size = std::fs::metadata(&path).unwrap().len();
        assert!(size > 20_000, "{} holds only {size} bytes", path.display());
        eprintln!("the web table of {variant}: {}", path.display());
        // A step of the move in hand (an Ora et Labora action is several) plays as typed.
        let step = browser.run("return document.querySelector('#moves a').dataset.move");
        let from = served.output().len();
        assert!(browser.click("#moves a"));
        served.wait_for(
            &format!("{}    (played on the web table)", step.as_str().unwrap()),
            from,
            SOON,
        );
    }
}
