//! The sandbox a rule script runs in. Every limit is set here, in one place, so that a
//! runaway or hostile house rule stops with a clear message instead of hanging the REPL
//! or exhausting memory.

use std::time::Duration;

/// Limits applied to every hook call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Operations one hook call may take.
    pub max_operations: u64,
    /// Time one hook call may take, in its thread's CPU time (`cpu_clock.rs`); a bot's
    /// search: ten times it, and each move it imagines this, see
    /// [`crate::script::stopping::imagined_move`].
    pub time_limit: Duration,
    pub max_call_levels: usize,
    pub max_expr_depth: usize,
    pub max_modules: usize,
    /// Bytes the whole process may hold while a script runs: the bound on how far the
    /// rules' values may grow (see `memory.rs`). Rhai's own limits on the size of a
    /// string, array or map are not set: Rhai checks them by measuring the whole value
    /// after every assignment to a part of it, and a rule's `this` is the whole game.
    pub max_memory: usize,
    /// At the REPL, the time that all the hook calls of one command share (a command
    /// that plays many moves gets it anew for each move): a runaway rule stops within
    /// it whichever hook it is in. `None` outside the REPL, where only `time_limit`
    /// (per hook call) applies.
    pub command_time: Option<Duration>,
    /// Whether a stopped script names its line: the stop waits for the next statement,
    /// which costs a callback at every statement (see `stopping.rs`). On where a person
    /// reads each message (the REPL, `check`); a simulation plays a stopped game again
    /// with it on (see [`Limits::located`]).
    pub locate: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_operations: 50_000_000,
            time_limit: Duration::from_secs(1),
            max_call_levels: 64,
            max_expr_depth: 128,
            max_modules: 32,
            max_memory: 1 << 30,
            command_time: None,
            locate: false,
        }
    }
}

impl Limits {
    /// The REPL's limits: a person is waiting, so a command stops within a second.
    pub fn interactive() -> Limits {
        Limits {
            command_time: Some(Duration::from_secs(1)),
            locate: true,
            ..Limits::default()
        }
    }

    /// The same limits, with a stopped script naming its line.
    pub fn located(self) -> Limits {
        Limits {
            locate: true,
            ..self
        }
    }

    /// Calls stopped by their operations only, never by time (a day stands for none), so
    /// that a run repeats on any machine: `solve`, whose budget is in operations, meets
    /// positions the greedy game never reaches where one ranking of the moves takes
    /// seconds.
    pub fn counted(self) -> Limits {
        Limits {
            time_limit: Duration::from_secs(24 * 3600),
            ..self
        }
    }

    /// Under `bench --profile`, which records every step and slows it up to a hundred
    /// times: a call may take a hundred times as long (a greedy decision of a tenth of a
    /// second unprofiled goes past its ten-second limit profiled).
    pub fn profiled(self) -> Limits {
        Limits {
            time_limit: self.time_limit * 100,
            ..self
        }
    }

    /// A bot's `choose` is a search over many imagined games, not one rule step: it may
    /// take ten times the operations and time of a rule hook (a lookahead decision on a
    /// full board takes seconds). Memory and depth limits stay as they are.
    pub fn for_bot_search(self) -> Limits {
        Limits {
            max_operations: self.max_operations.saturating_mul(10),
            time_limit: self.time_limit * 10,
            command_time: None,
            ..self
        }
    }
}
