//! Your own rules folder (issue 34, part 6 and finding 11): `new-rule` starts a house rule
//! in the user's folder, layered over the shipped rules; `variants` lists it as the
//! user's, `check` and `play` take it, and nothing is written into the checkout, so the
//! shipped rules' fingerprint test stays green.

use crate::common::{houserules, houserules_in, with_test_env, BINARY};
use std::path::Path;
use std::process::Command;

fn checkout(rel: &str) -> bool {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel).exists()
}

#[test]
fn a_house_rule_in_your_own_folder_is_listed_checked_and_played() {
    let home = tempfile::tempdir().unwrap();
    let h = home.path().to_str().unwrap();
    let made = houserules(
        &[
            "--home",
            h,
            "new-rule",
            "two-meeples",
            "--from",
            "carcassonne-solo",
        ],
        "",
    );
    assert!(made.ok, "{}", made.stderr);
    assert!(
        made.stdout.contains(&format!(
            "`houserules --home {h} check two-meeples` and `houserules --home {h} play two-meeples`"
        )),
        "the next commands name the folder given, without which the rule is not found:\n{}",
        made.stdout
    );
    let rule = home.path().join("scripts/house/two-meeples.rhai");
    let mut text = std::fs::read_to_string(&rule).unwrap();
    assert!(
        text.contains("meeples_per_colour()"),
        "the rules it may replace are listed:\n{text}"
    );
    assert!(
        !text.contains("invader_scoring()"),
        "only the rules of the variant's own scripts, not The Invaders':\n{text}"
    );
    assert!(
        text.lines().all(|l| l.chars().count() <= 100),
        "the comments are as wide as the shipped scripts' lines:\n{text}"
    );
    let under_the_descriptions = format!("//{}", " ".repeat(36));
    assert!(
        text.lines().any(|l| l.starts_with(&under_the_descriptions)
            && !l[under_the_descriptions.len()..].starts_with(' ')),
        "a rule's long description goes on under itself:\n{text}"
    );
    let untried = houserules(&["--home", h, "check", "two-meeples"], "");
    assert!(
        untried.stdout.contains(
            "its own scripts define no function yet: these games played the rules it extends"
        ),
        "{}{}",
        untried.stdout,
        untried.stderr
    );
    text += "fn meeples_per_colour() { 2 }\n";
    std::fs::write(&rule, text).unwrap();

    let listed = houserules(&["--home", h, "variants"], "");
    assert!(
        listed
            .stdout
            .lines()
            .any(|l| l.starts_with("two-meeples") && l.contains("(yours")),
        "{}",
        listed.stdout
    );
    assert!(listed
        .stdout
        .lines()
        .any(|l| l.starts_with("carcassonne-solo ")));
    let check = houserules(&["--home", h, "check", "two-meeples"], "");
    assert!(
        check.ok && check.stdout.starts_with("ok"),
        "{}{}",
        check.stdout,
        check.stderr
    );
    let play = houserules(
        &["--home", h, "play", "two-meeples", "--seed", "3"],
        "eval state.meeples_per_colour()\nauto 500\n",
    );
    assert!(play.ok, "{}", play.stderr);
    assert!(
        play.stdout.contains("\n2\n"),
        "the rule replaces the shipped one:\n{}",
        play.stdout
    );
    assert!(play.stdout.contains("game over"), "{}", play.stdout);
    assert!(!checkout("variants/two-meeples.toml") && !checkout("scripts/house/two-meeples.rhai"));
}

#[test]
fn new_rule_refuses_a_name_taken_or_unfit_and_a_variant_not_there() {
    let home = tempfile::tempdir().unwrap();
    let h = home.path().to_str().unwrap();
    let taken = houserules(
        &[
            "--home",
            h,
            "new-rule",
            "invaders",
            "--from",
            "carcassonne-solo",
        ],
        "",
    );
    assert!(
        !taken.ok && taken.stderr.contains("exists already"),
        "{}",
        taken.stderr
    );
    let unfit = houserules(
        &["--home", h, "new-rule", "My Rule", "--from", "invaders"],
        "",
    );
    assert!(
        !unfit.ok && unfit.stderr.contains("lower-case"),
        "{}",
        unfit.stderr
    );
    let missing = houserules(&["--home", h, "new-rule", "mine", "--from", "chess"], "");
    assert!(
        !missing.ok && missing.stderr.contains("no variant `chess`"),
        "{}",
        missing.stderr
    );
    assert!(!home.path().join("variants").exists(), "nothing written");
}

/// `args` run from the checkout with no `--home` nor `HOUSERULES_HOME`, the
/// configuration folder being `config` (a fresh one: no rules of yours yet).
fn without_a_home(config: &Path, args: &[&str]) -> std::process::Output {
    let data = tempfile::tempdir().unwrap();
    with_test_env(
        &mut Command::new(BINARY),
        &data.path().join("games.sqlite"),
        data.path(),
    )
    .env_remove("HOUSERULES_HOME")
    .env("XDG_CONFIG_HOME", config)
    .current_dir(env!("CARGO_MANIFEST_DIR"))
    .args(args)
    .output()
    .unwrap()
}

#[test]
fn without_a_home_your_rules_go_to_the_config_folder() {
    let config = tempfile::tempdir().unwrap();
    let out = without_a_home(config.path(), &["new-rule", "gentle", "--from", "invaders"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(config
        .path()
        .join("houserules/variants/gentle.toml")
        .is_file());
    assert!(config
        .path()
        .join("houserules/scripts/house/gentle.rhai")
        .is_file());
}

#[test]
fn a_bot_file_of_yours_beside_its_shipped_namesake_is_named_as_yours() {
    let home = tempfile::tempdir().unwrap();
    let bots = home.path().join("scripts/bots");
    std::fs::create_dir_all(&bots).unwrap();
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/bots/_search.rhai");
    std::fs::copy(shipped, bots.join("_search.rhai")).unwrap();
    let h = home.path().to_str().unwrap();
    let run = houserules(
        &["--home", h, "play", "carcassonne-solo", "--seed", "3"],
        "auto 1 --bot search:kops=100 --quiet\n",
    );
    assert!(
        run.stdout.contains(
            "with helpers scripts/bots/_search.rhai, your scripts/bots/_search.rhai, scripts/bots/carcassonne-solo/_evaluation.rhai)"
        ),
        "both files are read, the user's after, and told apart:\n{}",
        run.stdout
    );
}

/// A rules folder holding `fat-pig`, a house rule of Pig just made by `new-rule`.
fn fat_pig_home() -> tempfile::TempDir {
    let home = tempfile::tempdir().unwrap();
    new_rule_in(&home, "fat-pig", "pig-solo");
    home
}

/// Makes the house rule `name` of `from` with `new-rule` in the rules folder `home`;
/// returns the text of its manifest.
fn new_rule_in(home: &tempfile::TempDir, name: &str, from: &str) -> String {
    let h = home.path().to_str().unwrap();
    let made = houserules(&["--home", h, "new-rule", name, "--from", from], "");
    assert!(made.ok, "{}", made.stderr);
    std::fs::read_to_string(home.path().join(format!("variants/{name}.toml"))).unwrap()
}

#[test]
fn a_house_rule_of_pig_lists_pigs_rules_and_is_titled_after_its_parent() {
    let home = fat_pig_home();
    let h = home.path().to_str().unwrap();
    let text = std::fs::read_to_string(home.path().join("scripts/house/fat-pig.rhai")).unwrap();
    for rule in ["roll()", "bank()", "next_turn()"] {
        assert!(text.contains(rule), "{rule} is listed:\n{text}");
    }
    let rule = home.path().join("scripts/house/fat-pig.rhai");
    std::fs::write(&rule, text + "fn bank() { this.parent(\"bank\", [1]) }\n").unwrap();
    let broken = houserules(&["--home", h, "check", "fat-pig"], "");
    assert!(
        !broken.ok
            && broken.stderr.contains(&format!(
                "fix the script, then run `houserules --home {h} check fat-pig` again"
            )),
        "the advice names the rules folder given: {}",
        broken.stderr
    );
    // A manifest without a title is shown as what it changes.
    let manifest = home.path().join("variants/fat-pig.toml");
    let untitled: String = std::fs::read_to_string(&manifest)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("title"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&manifest, untitled).unwrap();
    let listed = houserules(&["--home", h, "variants"], "");
    assert!(
        listed.stdout.lines().any(|l| l.starts_with("fat-pig")
            && l.contains("Pig, solo — a dice game in TOML and Rhai only — fat-pig (yours")),
        "{}",
        listed.stdout
    );
}

#[test]
fn options_lists_a_variants_options_from_the_shell() {
    let listed = houserules(&["options", "pig-solo"], "");
    assert!(listed.ok, "{}", listed.stderr);
    assert!(
        listed
            .stdout
            .starts_with("bonus_at = 20\n    Points banked in one turn")
            && listed
                .stdout
                .contains("turns = 10\n    Turns in a game; a whole number in 1..=50 (default 10)"),
        "{}",
        listed.stdout
    );
    let wrong = houserules(&["options", "pig"], "");
    assert!(
        !wrong.ok
            && wrong
                .stderr
                .contains("no variant `pig`; did you mean `pig-solo`?")
            && wrong
                .stderr
                .contains("help: the `variants` command lists all ")
            && !wrong.stderr.contains("carcassonne-solo"),
        "a likely name is not buried under the whole list: {}",
        wrong.stderr
    );
    let unlike = houserules(&["options", "chess"], "");
    assert!(
        unlike.stderr.contains("no variant `chess`\n")
            && unlike
                .stderr
                .contains("known variants: carcassonne-solo-3-meeples, "),
        "with no likely name the variants are listed: {}",
        unlike.stderr
    );
}

#[test]
fn check_says_a_variant_without_scripts_plays_the_rules_it_extends() {
    let plain = houserules(&["check", "carcassonne-solo-3-meeples"], "");
    assert!(
        plain
            .stdout
            .contains("it has no scripts of its own (its options and data change the game)"),
        "{}{}",
        plain.stdout,
        plain.stderr
    );
}

#[test]
fn a_rule_of_yours_named_without_its_folder_says_where_yours_are_read_from() {
    let config = tempfile::tempdir().unwrap();
    let out = without_a_home(config.path(), &["check", "my-gentle-rule"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success()
            && stderr.contains(&format!(
                "a rule of your own is read from your rules folder, {}, or the one --home DIR or HOUSERULES_HOME names",
                config.path().join("houserules").display()
            )),
        "{stderr}"
    );
}

/// `fat-pig`, a rules folder's own variant, played with `--home` (seed 1, `input` typed)
/// in a data folder of its own: the rules folder, the data folder.
fn fat_pig_played(input: &str) -> (tempfile::TempDir, tempfile::TempDir) {
    let home = fat_pig_home();
    let data = tempfile::tempdir().unwrap();
    let h = home.path().to_str().unwrap();
    let played = houserules_in(
        data.path(),
        &["--home", h, "play", "fat-pig", "--seed", "1"],
        input,
    );
    assert!(played.ok, "{}", played.stderr);
    (home, data)
}

/// `command 1` (`resume`, `replay`) given the game's `--home` opens the game.
fn opens_with_its_home(data: &Path, home: &Path, command: &str) {
    let h = home.to_str().unwrap();
    let with = houserules_in(data, &["--home", h, command, "1"], "score\n");
    assert!(
        with.ok && with.stdout.contains("fat-pig"),
        "{}{}",
        with.stdout,
        with.stderr
    );
}

#[test]
fn a_game_of_your_rules_put_aside_is_resumed_with_their_folder() {
    let (home, data) = fat_pig_played("roll\n");
    let data = data.path();
    // A shipped game played without `--home` puts it aside, and says how to go on with it.
    let shipped = houserules_in(data, &["play", "pig-solo", "--seed", "2"], "roll\n");
    let home_flag = format!(
        "houserules --home {}",
        std::path::absolute(home.path()).unwrap().display()
    );
    assert!(
        shipped.stdout.contains(&format!(
            "the game kept there before (fat-pig, seed 1, 1 move) is now `{home_flag} resume 1`"
        )),
        "{}",
        shipped.stdout
    );
    let without = houserules_in(data, &["resume", "1"], "");
    assert!(
        !without.ok
            && without
                .stderr
                .contains(&format!("`{home_flag}` finds them")),
        "{}",
        without.stderr
    );
    opens_with_its_home(data, home.path(), "resume");
}

#[test]
fn a_recorded_game_of_your_rules_is_replayed_with_their_folder() {
    let (home, data) = fat_pig_played("auto\n");
    let data = data.path();
    let folder = std::path::absolute(home.path()).unwrap();
    let listed = houserules_in(data, &["history", "--json"], "");
    assert!(
        listed
            .stdout
            .contains(&format!("\"rules_folder\": \"{}\"", folder.display())),
        "the record keeps the folder: {}",
        listed.stdout
    );
    let without = houserules_in(data, &["replay", "1"], "");
    let advice = format!(
        "`houserules --home {} replay 1` replays it",
        folder.display()
    );
    assert!(
        !without.ok && without.stderr.contains(&advice),
        "{}",
        without.stderr
    );
    opens_with_its_home(data, home.path(), "replay");
}

#[test]
fn the_variants_titles_line_up_after_the_longest_name() {
    let listed = houserules(&["variants"], "");
    assert!(listed.ok, "{}", listed.stderr);
    let lines: Vec<&str> = listed.stdout.lines().collect();
    let name = |l: &str| l.split(' ').next().unwrap().len();
    let title_at = |l: &str| l.len() - l[name(l)..].trim_start().len();
    let longest = lines.iter().map(|l| name(l)).max().unwrap();
    assert!(
        lines.iter().all(|l| title_at(l) == longest + 2),
        "every title starts two columns after the longest name ({longest}):\n{}",
        listed.stdout
    );
}

#[test]
fn a_new_rule_lists_its_options_and_data_for_a_house_rule_of_toml_alone() {
    let home = tempfile::tempdir().unwrap();
    let h = home.path().to_str().unwrap();
    let text = new_rule_in(&home, "low-goal", "ora-et-labora-solo-ireland");
    let manifest = home.path().join("variants/low-goal.toml");
    for line in [
        "# options.goal.default = 500    # The solo goal: points to reach\n",
        "# options.phase_order.default = \"rotate_first\"    # In a settlement round",
        "# Its data tables (buildings, goods, schedule, table): change one entry",
        "# [data.KEY.change.ID]\n# FIELD = VALUE\n",
    ] {
        assert!(text.contains(line), "{line:?} is written:\n{text}");
    }
    let edited = text
        .replace("# options.goal.default = 500", "options.goal.default = 400")
        .replace(
            "# [data.KEY.change.ID]\n# FIELD = VALUE",
            "[data.buildings.change.\"Priory\"]\ncost = { wood = 9 }",
        );
    std::fs::write(&manifest, edited).unwrap();
    let options = houserules(&["--home", h, "options", "low-goal"], "");
    assert!(
        options.stdout.contains("goal = 400\n"),
        "the uncommented line is the new default:\n{}{}",
        options.stdout,
        options.stderr
    );
    let card = houserules(&["--home", h, "play", "low-goal"], "card Priory\nquit\n");
    assert!(
        card.stdout.contains("9 wood"),
        "the data change is the card's:\n{}{}",
        card.stdout,
        card.stderr
    );
}

#[test]
fn a_new_rule_from_an_option_whose_help_has_several_lines_still_loads() {
    let home = tempfile::tempdir().unwrap();
    let h = home.path().to_str().unwrap();
    std::fs::create_dir_all(home.path().join("variants")).unwrap();
    std::fs::write(
        home.path().join("variants/wordy.toml"),
        "name = \"wordy\"\nextends = \"pig-solo\"\n\n[options.spare]\ndefault = 1\nrange = [0, 3]\nhelp = \"\"\"\nNot read by the rules:\na help of two lines\"\"\"\n",
    )
    .unwrap();
    let text = new_rule_in(&home, "mine", "wordy");
    let manifest = home.path().join("variants/mine.toml");
    assert!(
        text.contains(
            "# options.spare.default = 1    # Not read by the rules: a help of two lines\n"
        ),
        "{text}"
    );
    std::fs::write(
        &manifest,
        text.replace("# options.spare.default = 1", "options.spare.default = 3"),
    )
    .unwrap();
    let options = houserules(&["--home", h, "options", "mine"], "");
    assert!(
        options.stdout.contains("spare = 3\n"),
        "{}{}",
        options.stdout,
        options.stderr
    );
}
