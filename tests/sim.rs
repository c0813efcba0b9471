//! Simulations and bots: results that do not depend on threads or shards, bots that
//! see only what a player sees and play better than chance, outputs other tools can
//! read, and clear messages for every kind of bad input.

use crate::common::{assert_in_order, house_rule, houserules, library, TempLibrary};
use houserules::bot::{self, Bot, ScriptBot};
use houserules::manifest::{Library, Variant};
use houserules::script::{Limits, Rules};
use houserules::session::Session;
use houserules::sim::{self, merge_shards, shard, Plan, Run, Side};
use std::path::Path;
use std::rc::Rc;

fn side_in(lib: &Library, variant: &str, set: &[(&str, &str)], bot: &str) -> Side {
    let variant = Variant::load(lib, variant).unwrap();
    Side {
        bot: bot::find(&variant, bot).unwrap(),
        variant,
        overrides: set
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

fn side(set: &[(&str, &str)], bot: &str) -> Side {
    side_in(&library(), "carcassonne-solo", set, bot)
}

fn plan(sides: Vec<Side>, games: usize, threads: usize) -> Plan {
    Plan::whole(sides, games, 11, threads)
}

fn run(plan: &Plan) -> Run {
    plan.run().unwrap_or_else(|e| panic!("{e}")).run
}

fn json(run: &Run) -> String {
    sim::export::json(run)
}

#[test]
fn the_same_seed_gives_the_same_results_on_one_or_two_threads() {
    for (bot, games) in [("random", 12), ("greedy", 2)] {
        let one = run(&plan(vec![side(&[], bot)], games, 1));
        let two = run(&plan(vec![side(&[], bot)], games, 2));
        assert_eq!(json(&one), json(&two), "{bot}");
        let games: Vec<usize> = one.sides[0].results.iter().map(|r| r.game).collect();
        assert_eq!(games, (0..games.len()).collect::<Vec<_>>());
    }
}

#[test]
#[ignore = "experiment: bot strength (cargo test --locked --release -- --ignored)"]
fn greedy_beats_random_on_the_same_seeds() {
    let p = plan(vec![side(&[], "random"), side(&[], "greedy")], 10, 2);
    let r = run(&p);
    let c = r.comparison.expect("two sides are compared");
    // Greedy scores about 20 and random about 8: even the low end of the 95% interval
    // of the paired difference (random − greedy) stays below −4 points, on 10 games.
    assert!(c.ci95[1] < -4.0, "{c:?}");
    assert!(c.significant && c.b_better >= 8, "{c:?}");
}

#[test]
fn shards_merged_equal_the_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    let sides = || {
        vec![
            side(&[], "random"),
            side(&[("meeples_per_colour", "5")], "random"),
        ]
    };
    let whole = run(&plan(sides(), 17, 2));
    let mut files = Vec::new();
    for i in [3, 1, 2] {
        let mut p = plan(sides(), 17, 1);
        p.shard = Some(shard::Shard { index: i, count: 3 });
        let part = run(&p);
        assert_eq!(part.sides[0].results.len(), if i == 3 { 5 } else { 6 });
        let path = dir.path().join(format!("part-{i}.json"));
        std::fs::write(&path, json(&part)).unwrap();
        files.push(path);
    }
    let paths: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
    let merged = merge_shards::merge(&paths).unwrap();
    assert_eq!(json(&merged), json(&whole));
    assert!(whole.comparison.is_some());
}

#[test]
fn a_comparison_of_option_sets_pairs_the_same_seeds() {
    let r = run(&plan(
        vec![
            side(&[], "random"),
            side(&[("meeples_per_colour", "5")], "random"),
        ],
        12,
        2,
    ));
    let (a, b) = (&r.sides[0], &r.sides[1]);
    for (x, y) in a.results.iter().zip(&b.results) {
        assert_eq!((x.game, x.seed), (y.game, y.seed));
    }
    assert_eq!(b.header.options["meeples_per_colour"], "5");
    assert_eq!(b.header.set, ["meeples_per_colour=5"]);
    let c = r.comparison.unwrap();
    let diff: i64 = a.totals().iter().sum::<i64>() - b.totals().iter().sum::<i64>();
    assert!((c.mean_difference - diff as f64 / 12.0).abs() < 1e-9);
    assert_eq!(c.b_better + c.equal + c.a_better, 12);
}

#[test]
fn goals_defined_by_the_rules_are_counted() {
    let lib = TempLibrary::new();
    house_rule(
        &lib,
        "with-goals",
        r#"
fn goals() {
    [
        #{ id: "ten", text: "a result of 10 or more", reached: this.ended != () && this.score().total >= 10 },
        #{ id: "seen", text: "always", reached: true },
    ]
}
"#,
    );
    let r = run(&plan(
        vec![side_in(&lib.library, "with-goals", &[], "random")],
        20,
        2,
    ));
    let s = &r.sides[0];
    let ids: Vec<&str> = s.header.goal_list.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["ten", "seen"]);
    let ten = s.results.iter().filter(|g| g.total >= 10).count();
    let tally: Vec<(&str, usize)> = s
        .summary
        .goals
        .iter()
        .map(|t| (t.what.as_str(), t.games))
        .collect();
    assert_eq!(tally, [("ten", ten), ("seen", 20)]);
    let text = sim::report::text(&r, None);
    assert_in_order(&text, &["goals reached", "ten", "seen", "20 (100.0%)"]);
    // Without goals() (The Invaders have none) there is no goals section.
    let plain = run(&plan(
        vec![side_in(&lib.library, "invaders", &[], "random")],
        2,
        1,
    ));
    assert!(!sim::report::text(&plain, None).contains("goals"));
}

#[test]
fn a_bot_never_sees_the_real_order_of_the_piles() {
    // A bot that tries to read the next tile of its colour and reports it by failing.
    let lib = TempLibrary::new();
    lib.write(
        "peek.rhai",
        "fn choose(state, moves) { throw `top ${state.piles[state.active].draw()}`; }",
    );
    let path = lib.path("peek.rhai").display().to_string();
    let variant = Variant::load(&lib.library, "carcassonne-solo").unwrap();
    let source = bot::find(&variant, &path).unwrap();
    let rules = Rc::new(Rules::compile(variant.clone(), Limits::default()).unwrap());
    let mut matches = 0;
    for seed in 0..8 {
        let mut session =
            Session::start_shared(rules.clone(), &[], seed, Limits::default()).unwrap();
        let moves = session.moves().unwrap();
        let truth = session
            .rules()
            .eval(session.state(), "state.piles[state.active].draw()")
            .unwrap()
            .to_string();
        let mut peeker = source
            .load(&variant, Limits::default())
            .unwrap()
            .start(seed);
        let seen = peeker.choose(session.state(), &moves).unwrap_err().message;
        assert!(seen.contains("top "), "{seen}");
        matches += usize::from(seen.ends_with(&format!("top {truth}")));
    }
    // The view's piles are dealt again from all 71 tiles: a match is a 1-in-20 chance.
    assert!(
        matches <= 2,
        "the bot read the real pile {matches} times in 8"
    );
}

#[test]
fn script_bots_are_found_for_derived_variants_and_list_no_helpers() {
    let lib = library();
    let five = Variant::load(&lib, "carcassonne-solo-5-meeples").unwrap();
    let names = bot::catalog::names(&five);
    assert_eq!(names, ["random", "search", "greedy", "lookahead"]);
    match bot::find(&five, "greedy").unwrap() {
        bot::BotSource::Script { files, .. } => {
            let shown: Vec<&str> = files.iter().map(|f| f.shown.as_str()).collect();
            assert_eq!(
                shown,
                [
                    "scripts/bots/_search.rhai",
                    "scripts/bots/carcassonne-solo/_evaluation.rhai",
                    "scripts/bots/greedy.rhai"
                ]
            );
        }
        other => panic!("{other:?}"),
    }
    let e = bot::find(&five, "smart").unwrap_err().to_string();
    assert_eq!(
        e,
        "--bot: no bot called `smart` for carcassonne-solo-5-meeples\nhelp: bots for carcassonne-solo-5-meeples: random, search, greedy, lookahead (scripts/bots/), or the path of a .rhai bot file"
    );
    for name in ["_search", "../greedy", "carcassonne-solo/greedy"] {
        assert!(bot::find(&five, name).is_err(), "{name}");
    }
}

#[test]
fn the_lookahead_bot_plays_legal_moves() {
    let variant = Variant::load(&library(), "carcassonne-solo").unwrap();
    let mut session =
        Session::new(&library(), "carcassonne-solo", &[], 4, Limits::default()).unwrap();
    let mut lookahead = bot::by_name(&variant, "lookahead", 4, Limits::default()).unwrap();
    let played = bot::play_out(&mut session, lookahead.as_mut(), Some(4)).unwrap();
    assert_eq!(played.len(), 4);
    assert_eq!(session.log(), played);
}

#[test]
fn a_failing_bot_script_names_its_file_and_line() {
    let lib = TempLibrary::new();
    lib.write(
        "scripts/bots/broken.rhai",
        "fn choose(state, moves) {\n    let x = moves[0];\n    x.no_such_field + 1\n}\n",
    );
    lib.write(
        "scripts/bots/chooser.rhai",
        "fn choose(state, moves) { 99 }\n",
    );
    lib.write(
        "scripts/bots/nochoose.rhai",
        "fn pick(state, moves) { 0 }\n",
    );
    lib.write(
        "scripts/bots/syntax.rhai",
        "fn choose(state, moves) { let }\n",
    );
    let error = |bot: &str| {
        let p = plan(
            vec![side_in(&lib.library, "carcassonne-solo", &[], bot)],
            2,
            1,
        );
        p.run()
            .err()
            .unwrap_or_else(|| panic!("{bot} ran"))
            .to_string()
    };
    let e = error("broken");
    assert!(e.starts_with("scripts/bots/broken.rhai:3:"), "{e}");
    assert!(
        e.contains("game 0 (seed ") && e.contains("in choose()"),
        "{e}"
    );
    let e = error("chooser");
    assert!(
        e.starts_with("scripts/bots/chooser.rhai: game 0 (seed ")
            && e.contains("choose() returned 99, which is none of the"),
        "{e}"
    );
    assert_eq!(
        error("nochoose"),
        "scripts/bots/nochoose.rhai: this bot defines no `choose(state, moves)`\nhelp: a bot script must define fn choose(state, moves); see scripts/README.md, 'Bots'"
    );
    assert!(
        error("syntax").starts_with("scripts/bots/syntax.rhai:1:"),
        "{}",
        error("syntax")
    );
}

#[test]
fn bad_run_settings_are_refused_with_a_hint() {
    let e = |p: Plan| p.run().err().map(|e| e.to_string()).unwrap_or_default();
    let mut p = plan(vec![side(&[], "random")], 0, 1);
    assert!(e(p.clone()).starts_with("--games: a run needs at least one game"));
    p.games = 3;
    p.shard = Some(shard::Shard { index: 4, count: 4 });
    assert_eq!(
        e(p.clone()),
        "--shard: shard 4/4 of a run of 3 games holds no game\nhelp: split 3 games into at most 3 shards"
    );
    p.shard = None;
    p.threads = Some(0);
    assert!(e(p.clone()).starts_with("--threads: 0 threads: a run needs 1 to 1024"));
    p.threads = Some(100_000);
    assert!(e(p.clone()).starts_with("--threads: 100000 threads"));
    p.threads = None;
    p.games = usize::MAX;
    assert!(e(p.clone()).starts_with(&format!(
        "--games: {} games: a side plays at most 10000000",
        usize::MAX
    )));
    p.games = 100_000_000_000;
    assert!(e(p).starts_with("--games: 100000000000 games"));
    let five = side(&[("meeples_per_colour", "50")], "random");
    assert!(e(plan(vec![five], 2, 1)).contains("out of range 1..=10"));
}

#[test]
fn corrupt_or_mismatched_shards_are_not_merged() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path
    };
    let part = |i: usize, set: &[(&str, &str)]| {
        let mut p = plan(vec![side(set, "random")], 6, 1);
        p.shard = Some(shard::Shard { index: i, count: 2 });
        json(&run(&p))
    };
    let one = write("one.json", &part(1, &[]));
    let two = write("two.json", &part(2, &[]));
    let other = write("other.json", &part(2, &[("colours", "4")]));
    let merge = |files: &[&std::path::PathBuf]| {
        let paths: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
        merge_shards::merge(&paths)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    assert!(merge(&[&one, &two]).is_empty());
    let e = merge(&[&one]);
    assert!(e.starts_with("merge: shard 2/2 missing"), "{e}");
    let e = merge(&[&one, &one]);
    assert!(e.contains("shard 1/2 is also in"), "{e}");
    let e = merge(&[&one, &other]);
    assert!(
        e.contains("is not of the same run as") && e.contains("the sides"),
        "{e}"
    );
    let cut = write("cut.json", &part(2, &[])[..200]);
    let e = merge(&[&one, &cut]);
    assert!(
        e.contains("cut.json:") && e.contains("not a simulation results file"),
        "{e}"
    );
    let edited = write(
        "edited.json",
        &part(2, &[]).replacen("\"game\": 1,", "\"game\": 2,", 1),
    );
    let e = merge(&[&one, &edited]);
    assert!(e.contains("should hold games 3 games from 1 to 5"), "{e}");
    // A shard of an older houserules (version 1 had no `bot_files`) or a newer one is
    // refused for its version, not for a missing field.
    let one_v2 = part(2, &[]);
    assert!(one_v2.contains("\"version\": 2,") && one_v2.contains("\"bot_files\": [],"));
    let v1: String = one_v2
        .replacen("\"version\": 2,", "\"version\": 1,", 1)
        .lines()
        .filter(|l| !l.contains("\"bot_files\""))
        .map(|l| format!("{l}\n"))
        .collect();
    let v1 = write("v1.json", &v1);
    assert_eq!(
        merge(&[&one, &v1]),
        format!("{}: results file of format `houserules-sim` version 1, expected `houserules-sim` version 2: written by an older houserules\nhelp: shards are merged by the houserules that wrote them: run them again with this one, or merge with that one", v1.display())
    );
    let v3 = write(
        "v3.json",
        &one_v2.replacen("\"version\": 2,", "\"version\": 3,", 1),
    );
    assert!(merge(&[&one, &v3])
        .contains("version 3, expected `houserules-sim` version 2: written by a newer houserules"));
    // One that says version 2 but holds what version 2 never writes was written by
    // something else.
    let more = one_v2.replacen(
        "\"bot_files\": [],",
        "\"bot_files\": [], \"bot_settings\": {},",
        1,
    );
    let more = write("more.json", &more);
    assert!(merge(&[&one, &more]).contains(
        "this file says it is `houserules-sim` version 2, which never writes `sides[0].bot_settings`"
    ));
    let whole = write(
        "whole.json",
        &json(&run(&plan(vec![side(&[], "random")], 6, 1))),
    );
    assert!(merge(&[&whole]).contains("holds a whole run, not a shard"));
    // Shard numbers edited by hand are refused before anything is sized by them.
    let retold = |name: &str, from: &str, to: &str| {
        let text = part(1, &[]);
        assert!(text.contains(from), "{from}");
        write(name, &text.replacen(from, to, 1))
    };
    for (name, from, to, why) in [
        (
            "i0.json",
            "\"index\": 1",
            "\"index\": 0",
            "is not a part from 1 to N",
        ),
        (
            "i9.json",
            "\"index\": 1",
            "\"index\": 9",
            "is not a part from 1 to N",
        ),
        (
            "c0.json",
            "\"count\": 2",
            "\"count\": 0",
            "is not a part from 1 to N",
        ),
        (
            "huge.json",
            "\"count\": 2",
            "\"count\": 18446744073709551615",
            "shards of 6 games",
        ),
        (
            "games.json",
            "\"games\": 6",
            "\"games\": 18446744073709551615",
            "more than a run may have",
        ),
    ] {
        let bad = retold(name, from, to);
        let e = merge(&[&bad, &two]);
        assert!(
            e.contains("this shard file is inconsistent") && e.contains(why),
            "{name}: {e}"
        );
    }
}

/// Checks that `svg` is well-formed XML: tags balance and nest, attributes are quoted,
/// and `&` only starts an entity.
fn assert_well_formed(svg: &str) {
    let mut open: Vec<String> = Vec::new();
    let mut rest = svg;
    while let Some(i) = rest.find('<') {
        let text = &rest[..i];
        for (j, _) in text.match_indices('&') {
            let entity = &text[j..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;"]
                    .iter()
                    .any(|e| entity.starts_with(e)),
                "bare & in {text:?}"
            );
        }
        let end = rest[i..].find('>').expect("unclosed tag") + i;
        let tag = &rest[i + 1..end];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(open.pop().as_deref(), Some(name), "mismatched </{name}>");
        } else {
            assert_eq!(
                tag.matches('"').count() % 2,
                0,
                "unbalanced quotes in <{tag}>"
            );
            let name = tag.split_whitespace().next().unwrap().trim_end_matches('/');
            if !tag.ends_with('/') {
                open.push(name.to_owned());
            }
        }
        rest = &rest[end + 1..];
    }
    assert!(open.is_empty(), "unclosed: {open:?}");
}

#[test]
fn json_csv_and_svg_outputs_hold_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let out = |name: &str| dir.path().join(name).display().to_string();
    let (json_path, csv_path, svg_path) = (out("r.json"), out("r.csv"), out("r.svg"));
    let cli = houserules(
        &[
            "sim",
            "carcassonne-solo",
            "--games",
            "9",
            "--bot",
            "random",
            "--seed",
            "5",
            "--vs-set",
            "colours=4",
            "--json",
            &json_path,
            "--csv",
            &csv_path,
            "--plot",
            &svg_path,
        ],
        "",
    );
    assert!(cli.ok, "{}", cli.stderr);
    assert!(
        cli.stderr.is_empty(),
        "no progress bar when stderr is not a terminal"
    );
    assert_in_order(
        &cli.stdout,
        &[
            "9 games per side from seed 5 (",
            "A: carcassonne-solo (random)\n     bot random: built in\n",
            "B: carcassonne-solo colours=4 (random)\n     bot random: built in\n",
            "mean",
            "95% CI of the mean",
            "min / Q1 / median / Q3 / max",
            "how games ended",
            "results (A | B)",
            "carcassonne-solo − colours=4 on the same 9 seeds: ",
            "paired t test: ",
            "wrote ",
        ],
    );
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
    assert_eq!(doc["format"], "houserules-sim");
    for side in doc["sides"].as_array().unwrap() {
        let games: Vec<u64> = side["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["game"].as_u64().unwrap())
            .collect();
        assert_eq!(games, (0..9).collect::<Vec<u64>>());
        assert_eq!(side["summary"]["score"]["games"], 9);
    }
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 1 + 2 * 9);
    let header: Vec<&str> = rows[0].split(',').collect();
    assert_eq!(
        &header[..8],
        [
            "side",
            "variant",
            "bot",
            "bot_files",
            "set",
            "game",
            "seed",
            "total"
        ]
    );
    for row in &rows[1..] {
        assert_eq!(row.split(',').count(), header.len(), "{row}");
    }
    assert!(rows[10].starts_with("B,carcassonne-solo,random,,colours=4,0,"));
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    // The background, a legend square per side, and a bar (with its tooltip) per bin and side.
    assert_eq!(
        svg.matches("<rect").count(),
        1 + 2 + svg.matches("<title>").count()
    );
    assert_well_formed(&svg);
}

#[test]
fn merge_from_the_command_line_reproduces_the_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    let out = |name: &str| dir.path().join(name).display().to_string();
    let args = [
        "carcassonne-solo",
        "--games",
        "7",
        "--bot",
        "random",
        "--seed",
        "9",
    ];
    let sim = |extra: &[&str]| {
        let mut all = vec!["sim"];
        all.extend(args);
        all.extend(extra);
        let r = houserules(&all, "");
        assert!(r.ok, "{}", r.stderr);
    };
    let (whole, one, two, merged) = (out("w.json"), out("1.json"), out("2.json"), out("m.json"));
    sim(&["--json", &whole, "--threads", "2"]);
    sim(&["--json", &one, "--shard", "1/2"]);
    sim(&["--json", &two, "--shard", "2/2"]);
    let r = houserules(&["merge", &two, &one, "--json", &merged], "");
    assert!(r.ok, "{}", r.stderr);
    assert!(
        r.stdout.starts_with("7 games from seed 9\n"),
        "{}",
        r.stdout
    );
    assert_eq!(
        std::fs::read_to_string(&merged).unwrap(),
        std::fs::read_to_string(&whole).unwrap()
    );
    let bad = houserules(&["sim", "carcassonne-solo", "--shard", "3/2"], "");
    assert!(!bad.ok);
    assert_eq!(
        bad.stderr,
        "error: --shard: `3/2`: parts are numbered from 1 to N\nhelp: write I/N for part I of N, e.g. --shard 1/4 … --shard 4/4\n"
    );
}

#[test]
fn sim_and_script_bots_in_the_repl() {
    let r = houserules(
        &[],
        "help\nsim --games 2\nnew carcassonne-solo --seed 3 --set meeples_per_colour=2\nsim --games 3 --bot random --vs-set colours=4\nsim --games 2 --bot nosuch\nsim --frobnicate\nauto 2\nauto 3 --bot greedy\n",
    );
    assert_in_order(
        &r.stdout,
        &[
            "  sim ",
            "error: sim: no game is running",
            "new game of carcassonne-solo",
            "3 games per side from seed 1",
            "A: carcassonne-solo meeples_per_colour=2 (random)",
            "B: carcassonne-solo meeples_per_colour=2 colours=4 (random)",
            "error: --bot: no bot called `nosuch` for carcassonne-solo",
            "error: sim: unexpected argument '--frobnicate' found",
            "help: usage: sim [OPTIONS]; `sim --help` says more",
            "random played 2 moves (built in)\n",
            "greedy played 3 moves (scripts/bots/greedy.rhai with helpers scripts/bots/_search.rhai, scripts/bots/carcassonne-solo/_evaluation.rhai)\n",
        ],
    );
}

#[test]
fn a_script_bot_answers_with_an_index_a_move_or_a_label() {
    let lib = TempLibrary::new();
    lib.write(
        "last.rhai",
        "fn choose(state, moves) { moves[moves.len() - 1] }\n",
    );
    lib.write("label.rhai", "fn choose(state, moves) { moves[1].label }\n");
    let variant = Variant::load(&lib.library, "carcassonne-solo").unwrap();
    for (file, pick) in [("last.rhai", usize::MAX), ("label.rhai", 1)] {
        let source = bot::find(&variant, &lib.path(file).display().to_string()).unwrap();
        let rules = match source.load(&variant, Limits::default()).unwrap() {
            bot::LoadedBot::Script { rules, .. } => rules,
            other => unreachable!("{}", other.start(0).name()),
        };
        let mut b = ScriptBot::new("t", rules, 1);
        let mut session =
            Session::new(&lib.library, "carcassonne-solo", &[], 2, Limits::default()).unwrap();
        let moves = session.moves().unwrap();
        assert!(moves.len() > 2);
        let expected = pick.min(moves.len() - 1);
        assert_eq!(
            b.choose(session.state(), &moves).unwrap(),
            expected,
            "{file}"
        );
    }
}

#[test]
fn the_report_and_the_files_name_each_sides_bot_and_the_files_it_was_compiled_from() {
    let dir = tempfile::tempdir().unwrap();
    let (json_path, csv_path) = (dir.path().join("r.json"), dir.path().join("r.csv"));
    let r = houserules(
        &[
            "sim",
            "carcassonne-solo",
            "--games",
            "2",
            "--bot",
            "greedy",
            "--vs-bot",
            "random",
            "--json",
            &json_path.display().to_string(),
            "--csv",
            &csv_path.display().to_string(),
        ],
        "",
    );
    assert!(r.ok, "{}", r.stderr);
    // The variant's own evaluation helper is named: a bot's name alone does not say it.
    let greedy = [
        "scripts/bots/_search.rhai",
        "scripts/bots/carcassonne-solo/_evaluation.rhai",
        "scripts/bots/greedy.rhai",
    ];
    assert!(
        r.stdout.contains(
            "  A: carcassonne-solo (greedy)\n     bot greedy: scripts/bots/greedy.rhai with helpers scripts/bots/_search.rhai, scripts/bots/carcassonne-solo/_evaluation.rhai\n  B: carcassonne-solo (random)\n     bot random: built in\n\n"
        ),
        "{}",
        r.stdout
    );
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
    assert_eq!(doc["version"], 2);
    assert_eq!(doc["sides"][0]["bot_files"], serde_json::json!(greedy));
    assert_eq!(doc["sides"][1]["bot_files"], serde_json::json!([]));
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    let column = rows[0].iter().position(|&h| h == "bot_files").unwrap();
    let files: Vec<(&str, &str)> = rows[1..].iter().map(|r| (r[0], r[column])).collect();
    let joined = greedy.join(";");
    assert_eq!(
        files,
        [("A", joined.as_str()), ("A", &joined), ("B", ""), ("B", "")]
    );
}

#[test]
fn a_goal_that_a_side_does_not_define_shows_a_dash() {
    // The solo variant defines goals G1..G14, the Invaders none.
    let r = houserules(
        &[
            "sim",
            "carcassonne-solo",
            "--games",
            "2",
            "--bot",
            "random",
            "--vs",
            "invaders",
            "--seed",
            "2",
        ],
        "",
    );
    assert!(r.ok, "{}", r.stderr);
    let cells = |line: &str| -> Vec<String> {
        line.split("   ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .skip(1)
            .map(str::to_owned)
            .collect()
    };
    let section = |title: &str| -> Vec<Vec<String>> {
        r.stdout
            .lines()
            .skip_while(|l| *l != title)
            .skip(1)
            .take_while(|l| l.starts_with("  "))
            .map(cells)
            .collect()
    };
    let table: Vec<&str> = r
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("mean "))
        .take_while(|l| !l.is_empty())
        .collect();
    assert!(
        table.len() > 20 && table.iter().all(|l| l.chars().count() <= 80),
        "the two sides' table fits 80 columns, a long label on a line of its own: {}",
        r.stdout
    );
    let goals = section("goals reached");
    assert_eq!(goals.len(), 14, "{}", r.stdout);
    for cells in &goals {
        assert!(cells[0].ends_with("%)"), "{cells:?}");
        assert_eq!(cells[1], "—");
    }
    // An end that only one side's games came to is a count of none for the other.
    let ends = section("how games ended");
    assert!(!ends.is_empty());
    for cells in &ends {
        assert!(cells.iter().all(|c| c.ends_with("%)")), "{cells:?}");
    }
    assert!(ends.iter().flatten().any(|c| c == "0 (0.0%)"), "{ends:?}");
}

#[test]
fn bench_counts_the_script_operations_of_the_rules_and_the_bot() {
    let bench = |bot: &str, games: usize, threads: usize| {
        houserules::bench::run(
            &library(),
            "invaders",
            bot,
            games,
            7,
            threads,
            Limits::default(),
        )
        .unwrap_or_else(|e| panic!("{e}"))
    };
    let random = bench("random", 2, 1);
    // The work of the same games, whatever the threads (unlike the seconds).
    assert_eq!(bench("random", 2, 2).operations, random.operations);
    let (per_turn, step) = random.operations_per_step();
    assert_eq!(step, "turn");
    assert!(per_turn > 100.0, "{random}");
    assert!(
        random
            .to_string()
            .contains(&format!("{per_turn:.0} script operations per turn")),
        "{random}"
    );
    // The greedy bot judges every placement in its own engine: that work is counted.
    let (greedy_per_turn, _) = bench("greedy", 1, 1).operations_per_step();
    assert!(
        greedy_per_turn > 10.0 * per_turn,
        "{greedy_per_turn} against {per_turn}"
    );
}

#[test]
fn a_profiled_bench_gives_a_call_the_time_the_profile_takes() {
    // A setup of some three hundred thousand steps: a part of a second of CPU
    // unprofiled, past the second a rule's call may take with every step recorded, yet
    // within the profile's stretched limit.
    let lib = TempLibrary::new();
    lib.edit(
        "scripts/pig/pig.rhai",
        "    this.turn = 1;",
        "    let n = 0;\n    while n < 300_000 { n += 1; }\n    this.turn = 1;",
    );
    let home = lib.dir.path().to_str().unwrap();
    let bench = |profile: &[&str]| {
        let args = [
            &[
                "--home", home, "bench", "pig-solo", "--bot", "random", "--games", "1",
            ],
            profile,
        ]
        .concat();
        houserules(&args, "")
    };
    let plain = bench(&[]);
    assert!(plain.ok, "{}", plain.stderr);
    let profiled = bench(&["--profile"]);
    assert!(profiled.ok, "{}", profiled.stderr);
    assert!(
        profiled.stdout.contains("where the rules' time went"),
        "{}",
        profiled.stdout
    );
}

#[test]
fn a_profiled_bench_names_the_rule_functions_and_lines_that_took_the_time() {
    let run = houserules(
        &[
            "bench",
            "invaders",
            "--bot",
            "random",
            "--games",
            "2",
            "--profile",
        ],
        "",
    );
    assert!(run.ok, "{}", run.stderr);
    assert_in_order(
        &run.stdout,
        &[
            "invaders: 2 games by `random`",
            "where the rules' time went",
            "by function",
            "by line:",
        ],
    );
    // Functions carry the file that defines them, lines their code.
    assert!(
        run.stdout
            .contains("place_tile  scripts/carcassonne/base.rhai"),
        "{}",
        run.stdout
    );
    let lines: Vec<&str> = run
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("by line"))
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .collect();
    assert!(lines.len() >= 10, "{}", run.stdout);
    for row in lines {
        // "  6.9%  scripts/carcassonne/invaders.rhai:181  placement_moves  return …"
        let mut parts = row.trim().splitn(4, "  ");
        let (_, place, _function, code) = (
            parts.next(),
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap_or(""),
        );
        let (file, line) = place.rsplit_once(':').unwrap();
        if file.starts_with('(') {
            // A closure or the top level: no file to compare with.
            continue;
        }
        let text = std::fs::read_to_string(library().root.join(file)).unwrap();
        let line: usize = line.parse().unwrap();
        assert_eq!(text.lines().nth(line - 1).unwrap().trim(), code, "{row}");
    }
    let shares: f64 = run
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("by function"))
        .skip(1)
        .take_while(|l| !l.starts_with("by line"))
        .filter_map(|l| l.trim().split('%').next()?.trim().parse::<f64>().ok())
        .sum();
    assert!(
        shares > 50.0 && shares <= 100.05,
        "the top functions' shares: {shares}"
    );
}

#[test]
fn one_game_on_two_threads_is_one_game() {
    let args: Vec<&str> = "sim carcassonne-solo --games 1 --bot random --threads 2"
        .split(' ')
        .collect();
    let r = houserules(&args, "");
    assert!(r.ok, "{}", r.stderr);
    assert!(r.stdout.starts_with("1 game from seed 1 ("), "{}", r.stdout);
}

/// A bot that turns a coin for ever (tests/fixtures/loops/): `sim` and `auto` stop its
/// game with the loop's moves soon after the watch begins (move 1,000), not at the move
/// limit; at the REPL the moves played stand and the game goes on.
#[test]
fn a_bot_that_goes_round_in_a_loop_is_stopped_with_the_loops_moves() {
    let home = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/loops");
    let home = home.to_str().unwrap();
    let sim = |bot: &str| {
        houserules(
            &[
                "sim", "carousel", "--home", home, "--games", "2", "--bot", bot,
            ],
            "",
        )
    };
    let looped = sim("turner");
    assert!(!looped.ok);
    assert!(
        looped.stderr.contains(
            "the game went round in a loop: the bot played the same 2 moves over and over from the same positions (\"turn the coin\", \"turn the coin\"), from move 1001 (where the watch begins) to move 1101; it would never end"
        ),
        "{}",
        looped.stderr
    );
    // A bot that draws lots keeps the coin sooner or later.
    let random = sim("random");
    assert!(random.ok, "{}", random.stderr);

    let repl = houserules(
        &["--home", home],
        "new carousel\nauto --bot turner\nkeep it\n",
    );
    assert_in_order(
        &repl.stdout,
        &[
            "error: turner: the game went round in a loop",
            "the 1101 moves this command played stand: turn the coin, turn the coin, turn the coin, … 1095 more …, turn the coin, turn the coin, turn the coin (`undo 1101` takes them back)",
            "game over: the coin was kept",
        ],
    );
}

#[test]
fn an_output_file_sim_could_not_write_is_refused_before_any_game_is_played() {
    // Every game of this puzzle fails: an output refused after the games would be
    // reported as that failure instead.
    let lib = crate::planner::puzzle();
    lib.edit(
        "scripts/treasure.rhai",
        "    this.score += mv.points;",
        "    throw \"no game is played\";",
    );
    let home = lib.dir.path().to_str().unwrap();
    let missing = lib.path("no-such-folder/out.json");
    let run = houserules(
        &[
            "--home",
            home,
            "sim",
            "treasure",
            "--games",
            "3",
            "--json",
            missing.to_str().unwrap(),
        ],
        "",
    );
    assert!(!run.ok);
    assert!(
        run.stderr.contains("cannot write a file there"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(missing.to_str().unwrap()),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("no game is played"), "{}", run.stderr);
}

/// A picture is SVG: a `--plot` or `render --svg` name that does not end in `.svg` is
/// refused (as `render` at the prompt refuses it) before any game is played, so no SVG
/// lands in a `.png` file.
#[test]
fn a_picture_under_a_name_not_ending_in_svg_is_refused_before_it_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("plot.png");
    let png = png.to_str().unwrap();
    let save = dir.path().join("game.save");
    std::fs::write(
        &save,
        "format = \"houserules-save\"\nversion = 1\nvariant = \"carcassonne-solo\"\nseed = 1\nmoves = []\n",
    )
    .unwrap();
    for (args, option) in [
        (
            vec!["sim", "pig-solo", "--games", "2", "--plot", png],
            "--plot",
        ),
        (vec!["merge", "none.json", "--plot", png], "--plot"),
        (
            vec!["render", save.to_str().unwrap(), "--svg", png],
            "--svg",
        ),
    ] {
        let run = houserules(&args, "");
        assert!(!run.ok, "{args:?}");
        assert!(
            run.stderr.contains(&format!(
                "error: {option}: `{png}` is not an .svg file name\nhelp: the picture is SVG: write `{option} NAME.svg`"
            )),
            "{args:?}: {}",
            run.stderr
        );
    }
    assert!(
        std::fs::read_dir(dir.path()).unwrap().count() == 1,
        "only the save"
    );
}
