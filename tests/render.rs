//! `houserules render`: the SVG picture of a known game is well-formed XML and holds
//! every placed tile and every meeple in its colour, with the scores; it is drawn from a
//! save file, a recorded game or the REPL's game; a game without a board is refused.

use crate::common::{houserules_with_db, library, TempLibrary};
use houserules::bot::{play_out, RandomBot};
use houserules::games::carcassonne::Board;
use houserules::picture;
use houserules::records::{GameRecord, Store};
use houserules::script::Limits;
use houserules::session::Session;

/// The game of seed 42 played by the random bot to its end.
fn known_game() -> Session {
    let mut s = Session::new(&library(), "carcassonne-solo", &[], 42, Limits::default()).unwrap();
    play_out(&mut s, &mut RandomBot::seeded(42), None).unwrap();
    assert!(s.over().unwrap().is_some());
    s
}

fn board_of(s: &Session) -> Board {
    s.rules()
        .eval(s.state(), "state.board")
        .unwrap()
        .cast::<Board>()
}

/// Checks that `xml` is well-formed: one root element, tags that nest and close,
/// quoted attributes, and `<` and `&` in text and values only as markup or entities.
pub(crate) fn assert_well_formed(xml: &str) {
    let body = xml
        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .expect("an XML declaration");
    let mut open: Vec<String> = Vec::new();
    let mut roots = 0;
    let mut rest = body;
    while !rest.is_empty() {
        let Some(start) = rest.find('<') else {
            check_text(rest);
            break;
        };
        check_text(&rest[..start]);
        if open.is_empty() && !rest[..start].trim().is_empty() {
            panic!("text outside the root: {:?}", &rest[..start]);
        }
        let end = start + tag_end(&rest[start..]);
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                open.pop().as_deref(),
                Some(name.trim()),
                "closing </{name}>"
            );
            continue;
        }
        let self_closing = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let name = tag.split_whitespace().next().expect("a tag name");
        check_attributes(&tag[name.len()..]);
        if open.is_empty() {
            roots += 1;
        }
        if !self_closing {
            open.push(name.to_owned());
        }
    }
    assert!(open.is_empty(), "unclosed: {open:?}");
    assert_eq!(roots, 1, "one root element");
}

/// The index of the `>` that ends the tag at the start of `text` (outside quotes).
fn tag_end(text: &str) -> usize {
    let mut quoted = false;
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '<' if i > 0 && !quoted => panic!("`<` inside a tag: {}", &text[..i + 1]),
            '>' if !quoted => return i,
            _ => {}
        }
    }
    panic!("unterminated tag: {text}");
}

fn check_attributes(mut attrs: &str) {
    loop {
        attrs = attrs.trim_start();
        if attrs.is_empty() {
            return;
        }
        let eq = attrs
            .find("=\"")
            .unwrap_or_else(|| panic!("attribute without =\"…\": {attrs}"));
        let name = &attrs[..eq];
        assert!(
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-:_".contains(c)),
            "attribute name {name:?}"
        );
        let value_end = attrs[eq + 2..].find('"').expect("a closing quote") + eq + 2;
        check_text(&attrs[eq + 2..value_end]);
        attrs = &attrs[value_end + 1..];
    }
}

fn check_text(text: &str) {
    assert!(!text.contains('<'), "raw < in {text:?}");
    let mut rest = text;
    while let Some(i) = rest.find('&') {
        let entity = &rest[i..rest[i..].find(';').map_or(rest.len(), |j| i + j + 1)];
        assert!(
            ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].contains(&entity),
            "bad entity {entity:?} in {text:?}"
        );
        rest = &rest[i + 1..];
    }
}

#[test]
fn the_svg_of_a_known_game_is_well_formed_and_holds_every_tile_and_meeple() {
    let mut s = known_game();
    let svg = picture::svg(&mut s).unwrap();
    assert_well_formed(&svg);
    let board = board_of(&s);

    let positions = board.placed_positions();
    assert_eq!(svg.matches("<g class=\"tile\" ").count(), positions.len());
    for pos in &positions {
        let tile = board.tile_set().types()[board.tile_at(*pos).unwrap().tile]
            .id
            .clone();
        let needle = format!("<g class=\"tile\" data-pos=\"{pos}\" data-tile=\"{tile}\" ");
        assert!(svg.contains(&needle), "no {needle}");
    }

    let meeples = board.meeples();
    assert!(!meeples.is_empty());
    assert_eq!(svg.matches("<g class=\"meeple\" ").count(), meeples.len());
    let colours = ["red", "green", "yellow"];
    for m in &meeples {
        let needle = format!(
            "<g class=\"meeple\" data-colour=\"{}\" data-pos=\"{}\" ",
            colours[usize::from(m.colour)],
            m.pos
        );
        assert!(svg.contains(&needle), "no {needle}");
    }
    assert!(svg.contains("fill=\"#d62828\""), "red meeples are red");

    // The legend: each colour's score, the result and why the game ended.
    let scores = s.score().unwrap();
    for colour in colours {
        let points = scores[colour].as_int().unwrap();
        assert!(
            svg.contains(&format!(">{colour} {points}")),
            "{colour} {points}"
        );
    }
    assert!(svg.contains(&format!(">result: {} (", scores["total"])));
    assert!(svg.contains(">game over: "));
}

#[test]
fn a_running_game_is_drawn_too() {
    let mut s = Session::new(&library(), "carcassonne-solo", &[], 7, Limits::default()).unwrap();
    let svg = picture::svg(&mut s).unwrap();
    assert_well_formed(&svg);
    assert_eq!(
        svg.matches("<g class=\"tile\" ").count(),
        1,
        "the start tile"
    );
    assert!(svg.contains(">in play after 0 moves<"));
    assert!(
        svg.contains(">1 tile placed<"),
        "the start tile, counted in words"
    );
    assert!(svg.contains(">red 1<"));
    assert!(
        svg.contains("last</text>"),
        "the score sheet marks the last colour: {svg}"
    );
    assert!(!svg.contains("[&quot;"), "no raw lists in the legend");
    let first = s.moves().unwrap()[0].label.to_string();
    s.play(&first).unwrap();
    let svg = picture::svg(&mut s).unwrap();
    assert!(svg.contains(">in play after 1 move<"), "one move, said so");
}

#[test]
fn render_draws_a_save_file_a_recorded_game_and_the_repls_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let mut s = known_game();
    let save = dir.path().join("game.toml");
    s.save(&save, false).unwrap();
    let expected = picture::svg(&mut s).unwrap();
    Store::open(&db)
        .unwrap()
        .add(&GameRecord::of_session(&mut s).unwrap())
        .unwrap();

    for (game, out) in [
        (save.to_str().unwrap(), "from-save.svg"),
        ("1", "from-db.svg"),
    ] {
        let out = dir.path().join(out);
        let run = houserules_with_db(&db, &["render", game, "--svg", out.to_str().unwrap()], "");
        assert!(run.ok, "{}", run.stderr);
        assert_eq!(std::fs::read_to_string(&out).unwrap(), expected);
    }

    let out = dir.path().join("repl.svg");
    let run = houserules_with_db(
        &db,
        &["replay", "1"],
        &format!("render {}\n", out.display()),
    );
    assert!(
        run.stdout.contains(&format!("wrote {}\n", out.display())),
        "{}",
        run.stdout
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), expected);

    let run = houserules_with_db(&db, &["render", "nosuch.toml", "--svg", "x.svg"], "");
    assert!(!run.ok);
    assert_eq!(
        run.stderr,
        "error: nosuch.toml: there is no such save file, and it is not a game number\nhelp: give a file written by `save FILE`, or a number from `houserules history`\n"
    );
}

#[test]
fn a_game_without_a_board_is_not_drawn() {
    let lib = TempLibrary::new();
    lib.write(
        "variants/counting.toml",
        "name = \"counting\"\ntitle = \"Counting\"\ngame = \"core\"\nscripts = [\"./counting.rhai\"]\n",
    );
    lib.write(
        "variants/counting.rhai",
        "fn setup() { this.n = 0; }\nfn moves() { [#{ label: \"add\" }] }\nfn play(mv) { this.n += 1; }\nfn over() { if this.n >= 3 { \"three\" } else { () } }\nfn score() { #{ total: this.n } }\n",
    );
    let mut s = lib.session("counting", 1).unwrap();
    let e = picture::svg(&mut s).unwrap_err();
    assert_eq!(
        e.to_string(),
        "counting: the `core` family draws no picture\nhelp: the `core` family cannot draw this game; `show` prints it as text"
    );
}

#[test]
fn the_well_formedness_check_catches_broken_xml() {
    let decl = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    assert_well_formed(&format!(
        "{decl}<svg a=\"1\"><g>x &amp; y</g><rect/></svg>\n"
    ));
    for bad in [
        "<svg><g></svg>",
        "<svg></g>",
        "<svg a=1></svg>",
        "<svg>a < b</svg>",
        "<svg>a & b</svg>",
        "<svg></svg><svg></svg>",
        "<svg a=\"x<y\"></svg>",
    ] {
        let xml = format!("{decl}{bad}");
        let caught = std::panic::catch_unwind(|| assert_well_formed(&xml));
        assert!(caught.is_err(), "accepted {bad}");
    }
}

#[test]
fn an_ora_et_labora_game_is_drawn_by_its_family() {
    let mut s = Session::new(
        &library(),
        "ora-et-labora-solo-ireland",
        &[],
        1,
        Limits::default(),
    )
    .unwrap();
    s.play("fell trees at 1,0").unwrap();
    let svg = picture::svg(&mut s).unwrap();
    assert_well_formed(&svg);
    for text in [
        "ora-et-labora-solo-ireland — seed 1",
        "joker",
        "2 wood",
        "Priory",
        "economic",
    ] {
        assert!(svg.contains(text), "{text} is missing");
    }
}
