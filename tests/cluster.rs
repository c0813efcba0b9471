//! Runs split over processes and machines as the README and docs/cluster/ start them:
//! shards played by separate processes at the same time, then merged, give exactly the
//! results of the same run in one process.

use crate::common::{finished, with_test_env, Run, BINARY};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The run every test splits: two sides, so that the paired comparison is merged too.
const VARIANT: &str = "carcassonne-solo";
const GAMES: &str = "13";
const BOT: &str = "random";
const SEED: &str = "4";
const MORE: [&str; 2] = ["--vs-set", "meeples_per_colour=5"];

/// A temporary folder for the files of one test, and the games database and data
/// folder its processes are given (a simulation records nothing in them).
struct Workdir {
    dir: tempfile::TempDir,
}

impl Workdir {
    fn new() -> Workdir {
        Workdir {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Starts `program` with `args`, its output piped, without waiting for it.
    fn start(&self, program: &str, args: &[&str], env: &[(&str, &str)]) -> Child {
        with_test_env(
            &mut Command::new(program),
            &self.path("games.sqlite"),
            self.dir.path(),
        )
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
    }

    /// Runs the binary with `args` to its end; it must succeed.
    fn houserules(&self, args: &[&str]) -> Run {
        let run = finished(self.start(BINARY, args, &[]));
        assert!(run.ok, "houserules {args:?}: {}", run.stderr);
        run
    }

    /// `sim` of the whole run in one process: its report and its JSON file.
    fn whole_run(&self) -> (Run, String) {
        let json = self.path("whole.json").display().to_string();
        let mut args = vec![
            "sim", VARIANT, "--games", GAMES, "--bot", BOT, "--seed", SEED, "--json", &json,
        ];
        args.extend(MORE);
        let run = self.houserules(&args);
        (run, std::fs::read_to_string(&json).unwrap())
    }

    /// `merge` of `parts`: its report and its JSON file.
    fn merge(&self, parts: &[PathBuf]) -> (Run, String) {
        let json = self.path("merged.json").display().to_string();
        let parts: Vec<String> = parts.iter().map(|p| p.display().to_string()).collect();
        let mut args = vec!["merge"];
        args.extend(parts.iter().map(String::as_str));
        args.extend(["--json", &json]);
        let run = self.houserules(&args);
        (run, std::fs::read_to_string(&json).unwrap())
    }
}

/// A report's figures: everything but how long the run took (the first line's last
/// parenthesis, which a merge cannot know) and the files written.
fn figures(report: &str) -> Vec<&str> {
    report
        .lines()
        .enumerate()
        .map(|(i, line)| match line.find(" (") {
            Some(at) if i == 0 => &line[..at],
            _ => line,
        })
        .filter(|line| !line.starts_with("wrote "))
        .collect()
}

/// Asserts that the merge of a split run reports and writes what the whole run did.
fn assert_same_run(dir: &Workdir, parts: &[PathBuf]) {
    let (whole, whole_json) = dir.whole_run();
    let (merged, merged_json) = dir.merge(parts);
    assert!(
        merged
            .stdout
            .starts_with(&format!("{GAMES} games per side from seed {SEED}\n")),
        "{}",
        merged.stdout
    );
    assert!(merged.stdout.contains(&format!(
        "{VARIANT} − meeples_per_colour=5 on the same 13 seeds: "
    )));
    assert_eq!(figures(&merged.stdout), figures(&whole.stdout));
    assert_eq!(merged_json, whole_json);
}

#[test]
fn shards_played_by_separate_processes_at_once_merge_into_the_one_process_run() {
    // What `parallel houserules sim … --shard {}/3 --json part-{}.json ::: 1 2 3` does,
    // without needing GNU parallel: one process per shard, all running at once.
    let dir = Workdir::new();
    let parts: Vec<PathBuf> = (1..=3)
        .map(|i| dir.path(&format!("part-{i}.json")))
        .collect();
    let children: Vec<Child> = parts
        .iter()
        .enumerate()
        .map(|(i, part)| {
            let shard = format!("{}/3", i + 1);
            let json = part.display().to_string();
            let mut args = vec![
                "sim",
                VARIANT,
                "--games",
                GAMES,
                "--bot",
                BOT,
                "--seed",
                SEED,
                "--threads",
                "1",
                "--shard",
                &shard,
                "--json",
                &json,
            ];
            args.extend(MORE);
            dir.start(BINARY, &args, &[])
        })
        .collect();
    for (i, child) in children.into_iter().enumerate() {
        let run = finished(child);
        assert!(run.ok, "shard {}: {}", i + 1, run.stderr);
        let first = run.stdout.lines().next().unwrap_or_default();
        assert!(first.contains(&format!(", shard {}/3 (", i + 1)), "{first}");
    }
    // Given in any order, as a shell's glob may list them.
    assert_same_run(
        &dir,
        &[parts[2].clone(), parts[0].clone(), parts[1].clone()],
    );
}

/// A folder holding `houserules` (a link to the binary under test), to put on the PATH
/// of scripts that call it by name as the cluster recipes do.
#[cfg(unix)]
fn binary_folder(dir: &Workdir) -> String {
    let bin = dir.path("bin");
    std::fs::create_dir(&bin).unwrap();
    std::os::unix::fs::symlink(BINARY, bin.join("houserules")).unwrap();
    let path = std::env::var("PATH").unwrap_or_default();
    format!("{}:{path}", bin.display())
}

/// docs/cluster/slurm.sh run as the tasks of `--array=MIN-MAX` would run it.
#[cfg(unix)]
fn slurm_tasks(dir: &Workdir, path: &str, tasks: std::ops::RangeInclusive<u32>) -> Vec<Run> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/cluster/slurm.sh");
    let script = script.display().to_string();
    let results = dir.path("results").display().to_string();
    let (min, max, count) = (
        tasks.start().to_string(),
        tasks.end().to_string(),
        tasks.clone().count().to_string(),
    );
    let mut args = vec![script.as_str()];
    args.extend(MORE);
    let children: Vec<Child> = tasks
        .map(|task| {
            let task = task.to_string();
            let env = [
                ("PATH", path),
                ("SLURM_ARRAY_TASK_ID", &task),
                ("SLURM_ARRAY_TASK_MIN", &min),
                ("SLURM_ARRAY_TASK_MAX", &max),
                ("SLURM_ARRAY_TASK_COUNT", &count),
                ("SLURM_CPUS_PER_TASK", "1"),
                ("VARIANT", VARIANT),
                ("GAMES", GAMES),
                ("BOT", BOT),
                ("SEED", SEED),
                ("RESULTS", &results),
            ];
            dir.start("bash", &args, &env)
        })
        .collect();
    children.into_iter().map(finished).collect()
}

#[cfg(unix)]
#[test]
fn the_slurm_script_run_as_its_array_tasks_gives_the_one_process_run() {
    let dir = Workdir::new();
    let path = binary_folder(&dir);
    for run in slurm_tasks(&dir, &path, 0..=2) {
        assert!(run.ok, "{}", run.stderr);
    }
    let mut parts: Vec<PathBuf> = std::fs::read_dir(dir.path("results"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    parts.sort();
    let names: Vec<String> = parts
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["part-1.json", "part-2.json", "part-3.json"]);
    assert_same_run(&dir, &parts);
    // An array that does not start at 0 would leave shard 1 unplayed: refused at once.
    for run in slurm_tasks(&Workdir::new(), &path, 1..=3) {
        assert!(!run.ok);
        assert_eq!(
            run.stderr,
            "slurm.sh: submit with --array=0-N (no gaps or steps)\n"
        );
    }
}
