//! `show` within the terminal: a long game's board cropped around the last tile and drawn
//! whole with `all`, the last tile pointed at without colours, status lines that fit the
//! width and count the discarded tiles, the legend, an occupied cloister.

use crate::common::{library, Game};
use houserules::script::{Limits, ViewOptions};
use houserules::session::Session;

fn sized(width: usize, height: usize) -> ViewOptions {
    ViewOptions {
        width: Some(width),
        height: Some(height),
        ..ViewOptions::default()
    }
}

fn view(s: &mut Session, options: &ViewOptions) -> String {
    s.view(options).unwrap().expect("the game has a view")
}

/// The lines of the board picture (numbers, blanks and tiles) before the Invaders'
/// status or the crop note, both of which start with a word.
fn board_lines(view: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = view
        .lines()
        .take_while(|l| !l.starts_with(|c: char| c.is_ascii_alphabetic()))
        .collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// The last tile placed, from the rules' own record of it.
fn last_tile(s: &Session) -> (i64, i64) {
    let at = s
        .rules()
        .eval(s.state(), "[state.at.x, state.at.y]")
        .unwrap();
    let xy: Vec<i64> = at
        .into_array()
        .unwrap()
        .into_iter()
        .map(|v| v.as_int().unwrap())
        .collect();
    (xy[0], xy[1])
}

/// The picture points at the last tile: `v  x  v` above its column, `y>` beside its row.
fn assert_points_at(board: &[&str], (x, y): (i64, i64)) {
    let column = format!("v{x:^5}v");
    let header = board[0];
    let at = header
        .find(&column)
        .unwrap_or_else(|| panic!("no `{column}` in {header:?}"));
    let row = board
        .iter()
        .position(|l| l.trim_start().starts_with(&format!("{y}>")))
        .unwrap_or_else(|| panic!("no row `{y}>` in\n{}", board.join("\n")));
    for line in &board[row - 1..=row + 1] {
        assert!(
            line.contains('>'),
            "the mark is on each of the tile's lines"
        );
        assert!(
            line.len() >= at + 7,
            "the tile under `{column}` is drawn: {line:?}"
        );
        assert_ne!(&line[at..at + 7], "       ", "a tile under the mark");
    }
}

#[test]
fn a_long_game_is_cropped_around_the_last_tile_and_all_shows_everything() {
    let mut s = Session::new(&library(), "invaders", &[], 3, Limits::default()).unwrap();
    let (width, height) = (50, 30);
    let mut cropped = 0;
    while s.over().unwrap().is_none() {
        s.play("1").unwrap();
        if s.log().len() % 15 != 0 {
            continue;
        }
        let shown = view(&mut s, &sized(width, height));
        assert!(!shown.contains('\x1b'), "no colours unless asked");
        for line in shown.lines() {
            assert!(
                line.chars().count() <= width,
                "wider than {width}: {line:?}"
            );
        }
        assert!(
            shown.lines().count() < height,
            "taller than {height}:\n{shown}"
        );
        let board = board_lines(&shown);
        assert_points_at(&board, last_tile(&s));

        let whole = view(&mut s, &ViewOptions::default());
        let all = view(
            &mut s,
            &ViewOptions {
                all: true,
                ..sized(width, height)
            },
        );
        assert_eq!(
            board_lines(&all),
            board_lines(&whole),
            "`all` draws it whole"
        );
        assert!(!all.contains("cropped"));
        if board_lines(&whole) != board {
            cropped += 1;
            let widest = |lines: &[&str]| lines.iter().map(|l| l.len()).max().unwrap();
            let whole = board_lines(&whole);
            assert!(board.len() < whole.len() || widest(&board) < widest(&whole));
            assert!(shown.contains("cropped around the last tile:"), "{shown}");
            assert!(shown.contains("`show --all`"));
        }
    }
    assert!(cropped >= 3, "the board outgrew the frame {cropped} times");
}

#[test]
fn status_lines_fit_80_columns_breaking_between_colours() {
    let mut game = Game::new("carcassonne-solo-4-colours", &[], 5);
    for _ in 0..6 {
        let first = game.moves()[0].clone();
        game.play(&first);
    }
    let status = game
        .rules
        .view(&mut game.state, &sized(80, 50))
        .unwrap()
        .unwrap();
    let lines: Vec<&str> = status.lines().collect();
    for colour in ["red", "green", "yellow", "blue"] {
        let line = lines
            .iter()
            .find(|l| l.contains(&format!("{colour} ")) && l.contains("pile"))
            .unwrap_or_else(|| panic!("{colour} not found in\n{status}"));
        let entry = &line[line.find(colour).unwrap()..];
        assert!(
            entry.contains(", pile "),
            "{colour}'s entry is whole: {line:?}"
        );
        assert!(line.chars().count() <= 80, "{line:?}");
    }
    let unlimited = game
        .rules
        .view(&mut game.state, &ViewOptions::default())
        .unwrap()
        .unwrap();
    assert!(
        unlimited
            .lines()
            .any(|l| l.contains("red") && l.contains("blue")),
        "without a width the colours share one line"
    );
}

#[test]
fn the_status_counts_the_discarded_tiles() {
    for variant in ["carcassonne-solo", "invaders"] {
        let mut game = Game::new(variant, &[], 1);
        let shown = |game: &mut Game| {
            game.rules
                .view(&mut game.state, &ViewOptions::default())
                .unwrap()
                .unwrap()
        };
        assert!(shown(&mut game).contains("0 discarded"), "{variant}");
        game.set(
            "discards",
            r#"[#{ tile: "A", turn: 1, colour: 0 }, #{ tile: "U", turn: 2, colour: 0 }]"#,
        );
        assert!(shown(&mut game).contains("2 discarded"), "{variant}");
    }
}

#[test]
fn the_legend_explains_every_glyph_and_each_colour() {
    let expectations = [
        (
            "carcassonne-solo",
            vec!["R a red meeple", "G a green meeple", "Y a yellow meeple"],
        ),
        (
            "invaders",
            vec!["R a red meeple (yours)", "I a black meeple (an invader)"],
        ),
    ];
    for (variant, meeples) in expectations {
        let mut game = Game::new(variant, &[], 1);
        let legend = ViewOptions {
            legend: true,
            ..ViewOptions::default()
        };
        let text = game.rules.view(&mut game.state, &legend).unwrap().unwrap();
        let mut expected = vec![
            "legend:",
            "# city",
            "* pennant",
            "= | road",
            "+ road bend or crossing",
            ". field",
            "^ cloister",
            "v  v above, > beside: the last tile placed",
        ];
        expected.extend(meeples);
        for e in expected {
            assert!(text.contains(e), "{variant}: `{e}` missing from\n{text}");
        }
        let plain = game
            .rules
            .view(&mut game.state, &ViewOptions::default())
            .unwrap()
            .unwrap();
        assert!(!plain.contains("legend:"), "only when asked");
        let coloured = ViewOptions {
            ansi: true,
            ..legend
        };
        let text = game
            .rules
            .view(&mut game.state, &coloured)
            .unwrap()
            .unwrap();
        let legend_line = text.lines().find(|l| l.contains("legend:")).unwrap();
        assert!(
            legend_line.contains('\x1b'),
            "glyphs coloured as on the board"
        );
    }
}

#[test]
fn a_meeple_on_a_cloister_leaves_the_cloister_visible() {
    let mut game = Game::solo(&[]);
    let table = game.board().tile("B", 0, 1, 0).meeple(0, 1, "cloister", 0);
    game.set_table(table, 1, "U");
    let text = game
        .rules
        .view(&mut game.state, &ViewOptions::default())
        .unwrap()
        .unwrap();
    assert!(text.contains("...^R.."), "{text}");
}

#[test]
fn ora_et_labora_text_fits_the_width_and_keeps_every_word() {
    let mut s = Session::new(
        &library(),
        "ora-et-labora-solo-ireland",
        &[],
        1,
        Limits::default(),
    )
    .unwrap();
    let width = 50;
    let mut wrapped = 0;
    for _ in 0..60 {
        s.play("1").unwrap();
        let shown = view(&mut s, &sized(width, 40));
        let unlimited = view(&mut s, &ViewOptions::default());
        // Text is fitted between words; a landscape (lines that start with a blank) may be
        // drawn in bands of columns, so its cells change places and rows repeat their
        // numbers (the four columns left of the cells).
        let text = |t: &str| {
            let lines = t.lines().filter(|l| !l.starts_with(' '));
            lines
                .flat_map(str::split_whitespace)
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        let cells = |t: &str| {
            let lines = t.lines().filter(|l| l.starts_with(' '));
            let mut cells: Vec<String> = lines
                .flat_map(|l| l.get(4..).unwrap_or("").split_whitespace())
                .map(str::to_owned)
                .collect();
            cells.sort_unstable();
            cells
        };
        assert_eq!(text(&shown), text(&unlimited));
        assert_eq!(cells(&shown), cells(&unlimited));
        for line in shown.lines() {
            assert!(line.chars().count() <= width, "{line:?}");
        }
        wrapped += usize::from(shown.lines().count() > unlimited.lines().count());
    }
    assert!(wrapped > 0, "some view needed its lines broken");
}
