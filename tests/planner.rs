//! The planner of games without chance (src/bot/plan/), on puzzles written for it
//! (tests/fixtures/planner/): it finds the best game of `treasure`, which an exhaustive
//! search here computes, where greedy play falls for the puzzle's lure; the `search` bot
//! plans there, the same game on 1 and 2 threads, and spends nothing on repeated futures;
//! a game played again with detours ahead of each move ends no lower than the game it
//! follows; the end of `orchard`'s greedy game, searched with wide beams, harvests what
//! no detour does.

use crate::common::TempLibrary;
use houserules::bot::plan::{self, Beam, Detour, Detours, Line};
use houserules::bot::{self, LoadedBot};
use houserules::manifest::Variant;
use houserules::script::{Limits, Rules};
use houserules::session::Session;
use houserules::sim::{Plan, Run, Side};
use rhai::Dynamic;
use std::rc::Rc;

/// The rules folder with the puzzle `treasure` added.
pub fn puzzle() -> TempLibrary {
    let lib = TempLibrary::new();
    lib.write(
        "variants/treasure.toml",
        include_str!("fixtures/planner/treasure.toml"),
    );
    lib.write(
        "scripts/treasure.rhai",
        include_str!("fixtures/planner/treasure.rhai"),
    );
    lib
}

/// The rules folder with the puzzle `orchard` added: its best end takes two moves that
/// pay nothing alone.
pub fn orchard() -> TempLibrary {
    let lib = TempLibrary::new();
    lib.write(
        "variants/orchard.toml",
        include_str!("fixtures/planner/orchard.toml"),
    );
    lib.write(
        "scripts/orchard.rhai",
        include_str!("fixtures/planner/orchard.rhai"),
    );
    lib
}

/// The search bot's engine (the rules with the bot helpers) for `variant`.
fn helpers(lib: &TempLibrary, variant: &str) -> Rc<Rules> {
    let variant = Variant::load(&lib.library, variant).unwrap();
    let loaded = bot::find(&variant, "search")
        .unwrap()
        .load(&variant, Limits::default())
        .unwrap();
    loaded.rules().unwrap().clone()
}

/// The puzzle's search engine and its first position.
fn puzzle_start(lib: &TempLibrary) -> (Rc<Rules>, Dynamic) {
    let root = lib.session("treasure", 1).unwrap().state().clone();
    (helpers(lib, "treasure"), root)
}

/// The best result from `state`, every line tried.
fn exhaustive(rules: &Rules, mut state: Dynamic) -> i64 {
    if rules.over(&mut state).unwrap().is_some() {
        return rules.score(&mut state).unwrap()["total"].as_int().unwrap();
    }
    let moves = rules.moves(&mut state).unwrap();
    moves
        .iter()
        .map(|mv| {
            let mut next = state.clone();
            rules.play(&mut next, mv).unwrap();
            exhaustive(rules, next)
        })
        .max()
        .unwrap()
}

/// A game of the puzzle played by `bot` (as `sim --bot` names it): its result and moves.
fn played(lib: &TempLibrary, name: &str) -> (i64, Vec<String>) {
    let mut session = lib.session("treasure", 1).unwrap();
    let variant = session.variant().clone();
    let loaded = bot::find(&variant, name)
        .unwrap()
        .load(&variant, Limits::default())
        .unwrap();
    let labels = bot::play_out(&mut session, loaded.start(1).as_mut(), None).unwrap();
    let total = session.score().unwrap()["total"].as_int().unwrap();
    (total, labels)
}

#[test]
fn the_planner_finds_the_best_game_where_greedy_takes_the_lure() {
    let lib = puzzle();
    let (rules, root) = puzzle_start(&lib);
    let best = exhaustive(&rules, root.clone());
    assert_eq!(best, 16);

    let beam = Beam {
        width: 4,
        horizon: None,
    };
    let planned = plan::plan(&rules, root, beam, &mut |_| true).unwrap();
    let line = planned.finished.expect("a whole game");
    assert_eq!(line.total, Some(best));
    assert_ne!(line.labels[0].as_str(), "lure", "{:?}", line.labels);

    let (greedy, greedy_moves) = played(&lib, "greedy");
    assert_eq!(greedy_moves[0], "lure");
    assert!(greedy < best, "greedy {greedy}");
    // The search bot plans in a game without chance: it plays the best game too.
    assert_eq!(played(&lib, "search").0, best);
}

#[test]
fn a_narrow_beam_is_no_better_than_greedy_play() {
    // The lure is the best first move by its value: a beam of one is the greedy player,
    // so the width is what finds the treasure.
    let lib = puzzle();
    let (rules, root) = puzzle_start(&lib);
    let beam = Beam {
        width: 1,
        horizon: None,
    };
    let planned = plan::plan(&rules, root, beam, &mut |_| true).unwrap();
    assert_eq!(
        planned.finished.unwrap().total,
        Some(played(&lib, "greedy").0)
    );
}

/// The greedy bot of puzzle `name` (its engine holds the rules and the bot helpers),
/// its first position and the bot's game.
fn greedy_game(lib: &TempLibrary, name: &str) -> (LoadedBot, Dynamic, Line) {
    let variant = Variant::load(&lib.library, name).unwrap();
    let greedy = bot::find(&variant, "greedy")
        .unwrap()
        .load(&variant, Limits::default())
        .unwrap();
    let root = lib.session(name, 1).unwrap().state().clone();
    let first = plan::greedy_game(
        greedy.rules().unwrap(),
        greedy.start(1).as_mut(),
        root.clone(),
        0,
        &mut |_| true,
    )
    .unwrap()
    .unwrap();
    (greedy, root, first)
}

#[test]
fn the_game_planned_from_is_whatever_the_greedy_bot_chooses() {
    // The puzzle's own greedy bot takes the last move offered: the map first.
    let lib = puzzle();
    lib.write(
        "scripts/bots/treasure/greedy.rhai",
        "fn choose(state, moves) { moves.len() - 1 }",
    );
    let (_, _, first) = greedy_game(&lib, "treasure");
    let labels: Vec<String> = first.labels.iter().map(|l| l.to_string()).collect();
    assert_eq!(labels[0], "map");
    assert_eq!(played(&lib, "greedy"), (first.total.unwrap(), labels));
}

#[test]
fn detours_from_the_greedy_game_find_the_treasure_and_then_stop() {
    // The greedy game takes the lure (13). Taking the map instead, the third-best other
    // move of the first round, and playing greedily after it scores 16; no detour of
    // that game scores more, so the detours end.
    let lib = puzzle();
    let (greedy, root, first) = greedy_game(&lib, "treasure");
    assert_eq!(first.total, Some(13));
    // The greedy bot's game, move for move.
    let labels = first.labels.iter().map(|l| l.to_string()).collect();
    assert_eq!(played(&lib, "greedy"), (13, labels));
    let detour_all = |seed| {
        let mut player = greedy.start(1);
        let rules = greedy.rules().unwrap();
        let mut detours =
            Detours::new(rules, player.as_mut(), root.clone(), first.clone(), seed).unwrap();
        let mut tried = Vec::new();
        while let Some(t) = detours.try_next(&mut || true).unwrap() {
            tried.push((t.detour, t.game.and_then(|g| g.total), t.better));
        }
        (tried, detours.best().clone())
    };
    let (tried, best) = detour_all(7);
    assert_eq!(best.total, Some(16));
    assert_eq!(best.labels[0].as_str(), "map", "{:?}", best.labels);
    let better: Vec<_> = tried.iter().filter(|t| t.2).collect();
    assert_eq!(
        better,
        [&(Detour { at: 0, choice: 3 }, Some(16), true)],
        "{tried:?}"
    );
    // Every detour of the best game was tried after it was found: six moves, three
    // choices each.
    let after = tried.iter().skip_while(|t| !t.2).count() - 1;
    assert_eq!(after, 18, "{tried:?}");
    // The same seed tries the same detours in the same order; another seed, another.
    assert_eq!(detour_all(7).0, tried);
    assert_ne!(detour_all(8).0, tried);
}

#[test]
fn a_detour_back_at_a_position_already_played_stops_with_that_games_result() {
    // Rest then gold stands where gold then rest stood (the same round, score and gold
    // taken): greedy play from there is the game already played, so the detour stops
    // with its result instead of playing it again.
    let lib = puzzle();
    let (greedy, root, first) = greedy_game(&lib, "treasure");
    let mut player = greedy.start(1);
    let mut detours =
        Detours::new(greedy.rules().unwrap(), player.as_mut(), root, first, 7).unwrap();
    let mut results = vec![13];
    let mut rejoined = 0;
    while let Some(t) = detours.try_next(&mut || true).unwrap() {
        if let Some(result) = t.rejoined {
            rejoined += 1;
            assert!(t.game.is_none(), "{:?} was played on", t.detour);
            assert!(
                results.contains(&result),
                "{result} is no game's: {results:?}"
            );
        }
        results.extend(t.game.and_then(|g| g.total));
    }
    assert!(rejoined > 0, "no detour came back to a position played");
    assert_eq!(detours.best().total, Some(16));
}

#[test]
fn a_game_played_again_with_detours_ahead_of_each_move_ends_no_lower() {
    // The greedy game (13), played again from its start as the search bot plays, its
    // plan beginning as that game: with a budget a move, detours ahead of the first move
    // find the treasure (16); with one operation a move, none is played out, and the
    // game is the one followed, move for move.
    let lib = puzzle();
    let (greedy, root, first) = greedy_game(&lib, "treasure");
    let rules = greedy.rules().unwrap();
    let game = (&first.labels[..], 13);
    let again = |per_move: u64| {
        plan::played_again(rules, root.clone(), 0, game, per_move, &mut || true)
            .unwrap()
            .expect("a whole game")
    };
    let found = again(2_000_000);
    assert_eq!(found.total, Some(16));
    assert_eq!(found.labels[0].as_str(), "map", "{:?}", found.labels);
    let followed = again(1);
    assert_eq!(
        (followed.labels, followed.total),
        (first.labels.clone(), Some(13))
    );
    // Asked to stop before a move, it stops.
    let stopped = plan::played_again(rules, root, 0, game, 2_000_000, &mut || false).unwrap();
    assert!(stopped.is_none());
}

#[test]
fn the_end_searched_wide_finds_two_moves_no_detour_makes() {
    // Greedy play takes the gold and rests: 16. Planting pays nothing, and after it
    // greedy play rests rather than water, so no detour harvests. The best game, 25,
    // takes the gold twice (6), plants, waters and harvests (12) and rests 7 rounds.
    let lib = orchard();
    let (greedy, root, first) = greedy_game(&lib, "orchard");
    assert_eq!(first.total, Some(16));
    let rules = greedy.rules().unwrap();
    let mut player = greedy.start(1);
    let mut detours = Detours::new(rules, player.as_mut(), root.clone(), first.clone(), 1).unwrap();
    while detours.try_next(&mut || true).unwrap().is_some() {}
    assert_eq!(detours.best().total, Some(16));

    let ending = plan::better_ending(rules, &root, &first, &mut || true)
        .unwrap()
        .expect("a better end");
    assert_eq!(ending.from, 8);
    assert_eq!(ending.game.total, Some(25));
    assert_eq!(ending.game.labels[..4], first.labels[..4]);
    // The game replays to its result, and nothing beats it.
    let mut state = root.clone();
    for label in &ending.game.labels {
        let moves = rules.moves(&mut state).unwrap();
        let mv = moves.iter().find(|m| m.label == label).unwrap();
        rules.play(&mut state, mv).unwrap();
    }
    assert_eq!(rules.score(&mut state).unwrap()["total"].as_int(), Ok(25));
    let again = plan::better_ending(rules, &root, &ending.game, &mut || true).unwrap();
    assert!(again.is_none());
    // A budget spent before the first beam finds nothing.
    let spent = plan::better_ending(rules, &root, &first, &mut || false).unwrap();
    assert!(spent.is_none());
}

#[test]
fn chance_is_what_the_rules_declare_and_a_face_down_pile_always_is() {
    let lib = puzzle();
    let no_chance = |variant: &str| {
        let rules = helpers(&lib, variant);
        let state = lib.session(variant, 1).unwrap().state().clone();
        plan::without_chance(&rules, &state).unwrap()
    };
    assert!(no_chance("treasure"));
    assert!(no_chance("ora-et-labora-solo-ireland"));
    assert!(!no_chance("pig-solo"));
    assert!(!no_chance("carcassonne-solo"));
    // The rules say no chance, yet the state holds a face-down pile: chance.
    lib.edit(
        "scripts/treasure.rhai",
        "this.dug = false;",
        "this.dug = false; this.cards = this.rng.shuffled(pile([1, 2]));",
    );
    assert!(!no_chance("treasure"));
}

fn side(lib: &TempLibrary, bot: &str) -> Side {
    let variant = Variant::load(&lib.library, "treasure").unwrap();
    Side {
        bot: bot::find(&variant, bot).unwrap(),
        variant,
        overrides: Vec::new(),
    }
}

fn run(sides: Vec<Side>, threads: usize) -> Run {
    Plan::whole(sides, 4, 1, threads).run().unwrap().run
}

/// Each game's result, moves and operations.
fn games(run: &Run, side: usize) -> Vec<(i64, usize, u64)> {
    run.sides[side]
        .results
        .iter()
        .map(|g| (g.total, g.moves, g.operations))
        .collect()
}

#[test]
fn the_search_bot_plans_the_same_game_on_one_and_two_threads() {
    let lib = puzzle();
    let bot = "search:beam=4,horizon=3";
    let one = run(vec![side(&lib, bot), side(&lib, "greedy")], 1);
    let two = run(vec![side(&lib, bot), side(&lib, "greedy")], 2);
    assert_eq!(games(&one, 0), games(&two, 0));
    assert_eq!(games(&one, 0)[0].0, 16);
}

#[test]
fn the_search_bot_keeps_a_game_planned_and_finds_the_treasure_before_its_first_move() {
    // Under a budget of operations the bot plans the whole greedy game, then detours from
    // it, at its first move too: the puzzle is small enough for all of it in one move.
    let lib = puzzle();
    let (total, moves) = played(&lib, "search:kops=2000");
    assert_eq!(total, 16, "{moves:?}");
    assert_ne!(moves[0], "lure");
    let one = run(vec![side(&lib, "search:kops=2000")], 1);
    let two = run(vec![side(&lib, "search:kops=2000")], 2);
    assert_eq!(games(&one, 0), games(&two, 0));
}

#[test]
fn a_game_kept_planned_on_a_budget_too_small_for_detours_is_the_greedy_game() {
    // A move's budget always finds the plan's next move (greedy play), and buys detours
    // only where it lasts: one operation a move buys none.
    let lib = puzzle();
    let greedy = played(&lib, "greedy");
    assert_eq!(played(&lib, "search:kops=1"), greedy);
    assert_eq!(played(&lib, "search:kops=2000,plan=beam").0, 16);
}

#[test]
fn without_chance_iterations_buy_nothing_and_cost_nothing() {
    let lib = puzzle();
    let r = run(
        vec![
            side(&lib, "search:iterations=1"),
            side(&lib, "search:iterations=60"),
        ],
        1,
    );
    assert_eq!(games(&r, 0), games(&r, 1));
    assert!(games(&r, 0)[0].2 > 0);
}

#[test]
fn without_chance_the_lookahead_bot_imagines_one_future() {
    let lib = puzzle();
    let shipped = include_str!("../scripts/bots/lookahead.rhai");
    let one = shipped.replace(
        "fn bot_futures() {\n    4\n}",
        "fn bot_futures() {\n    1\n}",
    );
    assert_ne!(
        one, shipped,
        "the copy imagines one future where the rules have chance"
    );
    lib.write("one_future.rhai", &one);
    let path = lib.dir.path().join("one_future.rhai");
    let r = run(
        vec![side(&lib, "lookahead"), side(&lib, path.to_str().unwrap())],
        1,
    );
    // The same games at the same cost: four futures of a game without chance are one.
    assert_eq!(games(&r, 0), games(&r, 1));
    assert!(games(&r, 0)[0].2 > 0);
}

#[test]
fn a_plan_stops_when_asked_with_the_best_line_so_far() {
    let lib = puzzle();
    let (rules, root) = puzzle_start(&lib);
    let beam = Beam {
        width: 4,
        horizon: None,
    };
    let planned = plan::plan(&rules, root, beam, &mut |p| p.level < 2).unwrap();
    assert_eq!(planned.levels, 2);
    assert!(planned.finished.is_none());
    let line = planned.frontier.unwrap();
    assert_eq!(line.labels.len(), 2);
    assert_eq!(line.labels[1].as_str(), "treasure");
}

/// A line replays in a session to its result (the moves are all a game is).
#[test]
fn a_planned_line_replays_to_its_result() {
    let lib = puzzle();
    let rules = helpers(&lib, "treasure");
    let mut session: Session = lib.session("treasure", 1).unwrap();
    let beam = Beam {
        width: 4,
        horizon: None,
    };
    let line = plan::plan(&rules, session.state().clone(), beam, &mut |_| true)
        .unwrap()
        .finished
        .unwrap();
    for label in &line.labels {
        session.play(label).unwrap();
    }
    assert_eq!(session.score().unwrap()["total"].as_int().ok(), line.total);
}

#[test]
fn a_planned_move_keeps_to_its_budget_of_operations() {
    // A level from a whole beam costs about `beam` times the first level (from one
    // position): foreseen so, the next level is not begun when it would not fit, and one
    // dearer than foreseen is left between two rounds of its questions. A move overruns
    // its budget by one round of questions at most (here a tenth; by nearly as much
    // again when the next level was foreseen as dear as the last).
    let lib = TempLibrary::new();
    let variant = Variant::load(&lib.library, "ora-et-labora-solo-ireland").unwrap();
    let loaded = bot::find(&variant, "search:kops=1500,plan=beam")
        .unwrap()
        .load(&variant, Limits::default())
        .unwrap();
    let rules = loaded.rules().unwrap().clone();
    let mut bot = loaded.start(1);
    let mut session = lib.session("ora-et-labora-solo-ireland", 1).unwrap();
    let mut spent = Vec::new();
    while spent.len() < 6 {
        let moves = session.moves().unwrap();
        let before = rules.operations();
        let i = bot.choose(session.state(), &moves).unwrap();
        if moves.len() > 1 {
            spent.push(rules.operations() - before);
        }
        let by = houserules::players::Player::Bot("search".into());
        session.play_move(&moves[i], &by).unwrap();
    }
    assert!(spent.iter().all(|&ops| ops <= 1_800_000), "{spent:?}");
}

/// The `search` bot's move from `root` with a budget that affords the first level and
/// nothing after it; with how many times the budget was asked.
fn first_move_within_one_level(rules: &Rules, root: Dynamic) -> (usize, usize) {
    let asked = std::cell::Cell::new(0);
    let affords = |_cost: u64| {
        asked.set(asked.get() + 1);
        asked.get() == 1
    };
    let beam = Beam {
        width: 4,
        horizon: Some(3),
    };
    let first = plan::first_move(rules, root, beam, &|| 0, &affords).unwrap();
    (first, asked.get())
}

#[test]
fn a_move_whose_first_level_the_budget_cuts_is_the_best_ranked_not_the_first_legal() {
    // The budget is spent once the first round of the first level is ranked: the level
    // is cut before the questions of its actions are answered. No level is whole, so
    // the move is the best the ranking found (greedy play's), not the first legal move.
    let lib = TempLibrary::new();
    let variant = Variant::load(&lib.library, "ora-et-labora-solo-ireland").unwrap();
    let rules = helpers(&lib, "ora-et-labora-solo-ireland");
    let session = lib.session("ora-et-labora-solo-ireland", 1).unwrap();
    let root = session.state().clone();
    let legal = rules.moves(&mut root.clone()).unwrap();
    let greedy = bot::find(&variant, "greedy")
        .unwrap()
        .load(&variant, Limits::default())
        .unwrap()
        .start(1)
        .choose(&root, &legal)
        .unwrap();
    assert_ne!(
        greedy, 0,
        "greedy's move must not be the first legal one here"
    );
    let (first, asked) = first_move_within_one_level(&rules, root);
    assert!(asked > 1, "the level was never cut");
    assert_eq!(
        legal[first].label, legal[greedy].label,
        "the planner's move, then greedy play's"
    );
}

#[test]
fn a_move_the_ranking_offers_alone_is_played_not_the_first_legal_one() {
    // A ranking may leave moves out (Ora et Labora's leaves conversions out: a bot
    // could convert back and forth for ever). Where it offers one move, the plan's
    // line has no value of the ranking's, yet it is the move to play.
    let lib = puzzle();
    lib.write(
        "scripts/bots/treasure/_ranked.rhai",
        "fn bot_ranked(state, moves) { [#{ index: moves.len() - 1, value: 0 }] }",
    );
    let (rules, root) = puzzle_start(&lib);
    let legal = rules.moves(&mut root.clone()).unwrap();
    let (first, _) = first_move_within_one_level(&rules, root);
    assert_eq!(legal[first].label, "map", "the ranking's only move");
}

#[test]
fn a_step_that_leaves_the_clock_as_it_was_runs_on_within_its_level() {
    // A shovel, bought beside a round's move (5 points, the round not over), is not a
    // level of its own where the game's clock (`bot_clock`: the round) says so: the
    // line that buys it also takes the round's move within the level.
    let lib = puzzle();
    lib.edit(
        "scripts/treasure.rhai",
        "if !this.map {",
        "if !this.shovel { moves.push(#{ label: \"shovel\", points: 5 }); }\n    if !this.map {",
    );
    lib.edit(
        "scripts/treasure.rhai",
        "this.dug = false;\n}",
        "this.dug = false;\n    this.shovel = false;\n}",
    );
    lib.edit(
        "scripts/treasure.rhai",
        "    this.round += 1;",
        "    if mv.label == \"shovel\" { this.shovel = true; } else { this.round += 1; }",
    );
    let first_level = |lib: &TempLibrary| {
        let (rules, root) = puzzle_start(lib);
        let beam = Beam {
            width: 4,
            horizon: Some(1),
        };
        let planned = plan::plan(&rules, root, beam, &mut |_| true).unwrap();
        let line = planned.frontier.unwrap();
        line.labels
            .iter()
            .map(|l| l.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(first_level(&lib), ["shovel"], "without a clock");
    lib.write(
        "scripts/bots/treasure/_clock.rhai",
        "fn bot_clock(s) { s.round }",
    );
    assert_eq!(
        first_level(&lib),
        ["shovel", "lure"],
        "with the round as the clock"
    );
}

#[test]
fn a_clock_that_is_no_number_is_an_error_naming_its_file() {
    let lib = puzzle();
    lib.write(
        "scripts/bots/treasure/_clock.rhai",
        "fn bot_clock(s) { \"soon\" }",
    );
    let (rules, root) = puzzle_start(&lib);
    let beam = Beam {
        width: 2,
        horizon: Some(2),
    };
    let Err(e) = plan::plan(&rules, root, beam, &mut |_| true) else {
        panic!("a clock of words was taken");
    };
    let shown = e.to_string();
    assert!(
        shown.contains("bot_clock() returned soon, not a number"),
        "{shown}"
    );
    assert!(shown.contains("_clock.rhai"), "{shown}");
}

/// The planner takes a bot's play to depend on the position alone: a game that comes back
/// to a position is a loop, stopped at once with its moves (tests/fixtures/loops/, a bot
/// that turns a coin for ever), never played until the budget runs out.
#[test]
fn a_game_that_comes_back_to_a_position_is_a_loop_named_by_its_moves() {
    let home = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/loops");
    let library = houserules::manifest::Library::at(&home).unwrap();
    let variant = Variant::load(&library, "carousel").unwrap();
    let turner = bot::find(&variant, "turner")
        .unwrap()
        .load(&variant, Limits::default())
        .unwrap();
    let session = Session::new(&library, "carousel", &[], 1, Limits::default()).unwrap();
    let root = session.state().clone();
    let e = plan::greedy_game(
        turner.rules().unwrap(),
        turner.start(1).as_mut(),
        root,
        4,
        &mut |_| true,
    )
    .err()
    .expect("a loop")
    .to_string();
    assert_eq!(
        e.lines().next().unwrap(),
        "turner: the game went round in a loop: the bot played the same 2 moves over and over from the same positions (\"turn the coin\", \"turn the coin\"), from move 5 to move 6; it would never end"
    );
}
