//! The REPL as a user sees it through a pipe: each `tests/corpus/NAME.repl` holds the
//! commands of one session, and its output is compared with the snapshot in
//! `tests/snapshots/`. After an intended change of output, rewrite the snapshots with
//! `INSTA_UPDATE=always cargo test --test integration corpus` and read the diff.

use crate::common::houserules;

#[test]
fn piped_sessions_print_what_their_snapshots_hold() {
    insta::glob!("corpus/*.repl", |path| {
        let input = std::fs::read_to_string(path).unwrap();
        let run = houserules(&[], &input);
        let shown = format!("{}{}", run.stdout, run.stderr);
        insta::with_settings!({
            description => input.clone(),
            filters => vec![
                // Where the unfinished game is kept: a fresh temporary folder each run.
                (r"saved in \S+/unfinished\.save", "saved in [DATA]/unfinished.save"),
                // How long a simulation took.
                (
                    r"\(\d+ threads?, [\d.]+ s, ([\d.]+ games/s|[\d.]+ s a game|no game finished yet)\)",
                    "([TIME])",
                ),
            ],
        }, {
            insta::assert_snapshot!(shown);
        });
    });
}
