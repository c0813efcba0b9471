//! Stopping a script that runs too long or grows too big: Ctrl-C, the time limits and
//! the operations limit, checked by the engine's progress callback every 256 operations,
//! and the memory ceiling, checked at every operation.
//!
//! Rhai's own stop (a "system" error) loses the script's position on its way out of
//! every function call. So where a person reads the message (the REPL, `check`), the
//! stop is deferred to the next statement through Rhai's debugger interface, and raised
//! there as an ordinary error that carries its file, line and function chain. A script
//! that catches that error or runs no statement (`loop {}`) is stopped the hard way
//! soon after, without a line.
//!
//! A bot's search is one hook call with ten times the time of a rule's (see
//! [`Limits::for_bot_search`]); each move it imagines gets a rule's own time, so a
//! runaway house rule stops a bot as soon as it stops a game.

use super::cpu_clock::CpuInstant;
use super::interrupt;
use super::limits::Limits;
use super::memory;
use rhai::debugger::{DebuggerCommand, DebuggerEvent};
use rhai::{Engine, EvalAltResult, ImmutableString, Position};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

/// The message of a script stopped by Ctrl-C.
pub const INTERRUPTED: &str = "interrupted (Ctrl-C)";

thread_local! {
    /// When the move a bot imagines on this thread must end, while it plays one.
    static IMAGINED: Cell<Option<CpuInstant>> = const { Cell::new(None) };
}

/// Runs `play`, a move a bot imagines (the rules called from its search), within the
/// time a rule hook call may take.
pub fn imagined_move<T>(play: impl FnOnce() -> T) -> T {
    let outer = IMAGINED.replace(Some(CpuInstant::now() + Limits::default().time_limit));
    let result = play();
    IMAGINED.set(outer);
    result
}

/// Operations a script may run after a deferred stop before it is stopped the hard way.
const GRACE_OPERATIONS: u64 = 100_000;

/// The deadlines of the hook call and of the command under way, a stop waiting for the
/// next statement, and the operations run; shared by a [`Rules`](super::Rules) and its
/// engine's callbacks.
#[derive(Debug, Clone, Default)]
pub struct Deadline(Rc<Deadlines>);

#[derive(Debug, Default)]
struct Deadlines {
    /// Interpreter operations run so far by the engine's finished calls and the steps of
    /// 256 of the call under way: a measure of work that, unlike time, is the same on
    /// every machine (a bot's budget that adapts to each move and repeats under a seed,
    /// `bench`'s operations a turn).
    operations: Cell<u64>,
    /// The operation count of the call under way, as the progress callback last saw it:
    /// what its steps of 256 have not counted yet is added when the call ends.
    latest: Cell<u64>,
    hook: Cell<Option<(CpuInstant, Duration)>>,
    command: Cell<Option<(CpuInstant, Duration)>>,
    pending: RefCell<Option<Stop>>,
    /// The last statement seen with a position, and the function running it.
    last_step: RefCell<Option<(ImmutableString, Position)>>,
}

/// A stop decided by the progress callback, waiting for the next statement.
#[derive(Debug)]
struct Stop {
    why: String,
    /// The operation count when it was decided.
    at: u64,
    /// Whether it was raised at a statement already.
    raised: bool,
}

impl Deadline {
    /// Interpreter operations the engine has run: every one of the calls that ended,
    /// and those of a call under way in steps of 256.
    pub fn operations(&self) -> u64 {
        self.0.operations.get()
    }

    /// A hook call starts: it may take `limit`.
    pub fn start(&self, limit: Duration) {
        self.0.hook.set(Some((CpuInstant::now() + limit, limit)));
        self.0.pending.replace(None);
        self.0.last_step.replace(None);
    }

    /// The hook call ended: its operations past its last step of 256 are counted.
    pub fn clear(&self) {
        self.0.hook.set(None);
        let latest = self.0.latest.replace(0);
        self.0
            .operations
            .set(self.0.operations.get() + (latest & 0xFF));
    }

    /// A command (or one move of it) starts: its hook calls share `budget`.
    pub fn start_command(&self, budget: Duration) {
        self.0
            .command
            .set(Some((CpuInstant::now() + budget, budget)));
    }

    /// The command ended: hook calls are bounded by their own limit again.
    pub fn end_command(&self) {
        self.0.command.set(None);
    }

    /// The last statement a located script ran, as (function, position): where an error
    /// that Rhai raises without a position (a stack overflow) happened. Only where a
    /// person reads the message (the REPL, `check`) are steps followed.
    pub fn last_step(&self) -> Option<(ImmutableString, Position)> {
        self.0.last_step.borrow().clone()
    }

    /// Whether the hook call stopped at a statement because a limit was reached or Ctrl-C
    /// pressed: the error it ended with is that stop, not the script's own.
    pub fn stopped(&self) -> bool {
        self.0
            .pending
            .borrow()
            .as_ref()
            .is_some_and(|stop| stop.raised)
    }

    /// Why the script must stop now, if a deadline passed.
    fn passed(&self) -> Option<String> {
        let now = CpuInstant::now();
        if IMAGINED.get().is_some_and(|end| now > end) {
            return Some(format!(
                "a move the bot imagined ran past the rules' time limit ({} s per call; an endless loop?)",
                Limits::default().time_limit.as_secs()
            ));
        }
        if let Some((_, budget)) = self.0.command.get().filter(|(d, _)| now > *d) {
            return Some(format!(
                "the command ran past its time budget ({} ms; an endless loop?)",
                budget.as_millis()
            ));
        }
        let (_, limit) = self.0.hook.get().filter(|(d, _)| now > *d)?;
        Some(format!(
            "the script ran past its time limit ({} s per call; an endless loop?)",
            limit.as_secs()
        ))
    }
}

/// Makes `engine` stop its scripts as `limits` and `deadline` say.
pub fn install(engine: &mut Engine, limits: &Limits, deadline: &Deadline) {
    // Where nobody reads a line number (simulations), the debugger's cost is not paid.
    let locate = limits.locate;
    let soft_operations = limits.max_operations - limits.max_operations / 50;
    let max_memory = limits.max_memory;
    let watch = deadline.clone();
    engine.on_progress(move |ops| {
        watch.0.latest.set(ops);
        let step = ops & 0xFF == 0;
        if step {
            watch.0.operations.set(watch.0.operations.get() + 0x100);
        }
        // The memory at every operation (a value may double in one), the rest every 256.
        let why = memory::past_ceiling(max_memory).or_else(|| {
            if !step {
                None
            } else if interrupt::requested() {
                Some(INTERRUPTED.to_owned())
            } else if locate && ops >= soft_operations {
                Some("the script ran too many operations (an endless loop?)".to_owned())
            } else if ops & 0xFFF == 0 {
                // The CPU clock is a system call: read every 4096 operations (a fraction
                // of a millisecond), while Ctrl-C is seen every 256.
                watch.passed()
            } else {
                None
            }
        })?;
        if !locate {
            return Some(why.into());
        }
        let mut pending = watch.0.pending.borrow_mut();
        match pending.as_ref() {
            Some(stop) if ops.saturating_sub(stop.at) > GRACE_OPERATIONS => Some(why.into()),
            Some(_) => None,
            None => {
                *pending = Some(Stop {
                    why,
                    at: ops,
                    raised: false,
                });
                None
            }
        }
    });
    if locate {
        let watch = deadline.clone();
        // Some nodes have no position: the last one seen stands in for them.
        // Marked "volatile" (deprecated) by Rhai; pinned by Cargo.lock and by our tests.
        #[allow(deprecated)]
        engine.register_debugger(
            |_, debugger| debugger,
            move |context, event, _, _, pos| {
                let mut pending = watch.0.pending.borrow_mut();
                // Statements only (a function's exit is seen again while an error unwinds),
                // and frozen once a stop is pending: the unwinding passes other nodes.
                let statement = matches!(event, DebuggerEvent::Step);
                if statement && !pos.is_none() && pending.is_none() {
                    let function = context
                        .global_runtime_state()
                        .debugger()
                        .call_stack()
                        .last()
                        .map(|f| f.fn_name.clone())
                        .unwrap_or_default();
                    *watch.0.last_step.borrow_mut() = Some((function, pos));
                }
                match pending.as_mut() {
                    // Raised once: the unwinding that follows passes here again.
                    Some(stop) if !stop.raised => {
                        stop.raised = true;
                        let why = stop.why.clone().into();
                        let at = watch.0.last_step.borrow().as_ref().map(|(_, pos)| *pos);
                        Err(EvalAltResult::ErrorRuntime(why, at.unwrap_or(Position::NONE)).into())
                    }
                    Some(_) => Ok(DebuggerCommand::Continue),
                    None => Ok(DebuggerCommand::StepInto),
                }
            },
        );
    }
}
