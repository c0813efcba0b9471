//! Where the rules spend their time, by rule function and line (`houserules bench
//! --profile`). Rhai's debugger stops at every step of a script; the time from one stop
//! to the next is charged to the function and line of the first, so a line that calls
//! the host (a board query, a copy of the state) carries the cost of that call too.
//! Stopping at every step makes scripts several times slower: the shares are what to
//! read, not the speed.
//!
//! There is one profile per process, and only engines built while it is under way
//! record into it: `bench --profile` plays on one thread, so that steps follow each other.
//!
//! The same stops tell `check` which rule functions ran at all ([`covering`]): that
//! record is the calling thread's own, so checks on other threads do not mix into it.

use rhai::debugger::DebuggerCommand;
use rhai::{Engine, ImmutableString};
use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Time and steps charged to one line of one rule function.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cost {
    pub time: Duration,
    pub steps: u64,
}

/// A line of a rule function, as the profile names it: the function ("" at the top
/// level) and the line in the file that defines it. (Rhai merges the rule files into one
/// program, so which file that is, the caller asks the rules: `Rules::defining_file`.)
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Place {
    pub function: String,
    pub line: usize,
}

#[derive(Default)]
struct Recorder {
    costs: HashMap<Place, Cost>,
    /// The step under way: where it is and when it began.
    current: Option<(Place, Instant)>,
}

static RECORDER: Mutex<Option<Recorder>> = Mutex::new(None);

fn with_recorder<T>(f: impl FnOnce(&mut Option<Recorder>) -> T) -> T {
    let mut guard = RECORDER
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    f(&mut guard)
}

/// Starts a profile: engines built from now on record into it.
pub fn start() {
    with_recorder(|r| *r = Some(Recorder::default()));
}

/// Stops the profile and hands over what it recorded.
pub fn finish() -> HashMap<Place, Cost> {
    with_recorder(|r| r.take().map(|r| r.costs).unwrap_or_default())
}

fn recording() -> bool {
    with_recorder(|r| r.is_some())
}

thread_local! {
    /// The rule functions that ran on this thread, while [`covering`] runs.
    static RAN: RefCell<Option<BTreeSet<String>>> = const { RefCell::new(None) };
}

/// Runs `f` and names the rule functions that ran in the engines it built.
pub fn covering<T>(f: impl FnOnce() -> T) -> (T, BTreeSet<String>) {
    RAN.with(|ran| *ran.borrow_mut() = Some(BTreeSet::new()));
    let value = f();
    let ran = RAN.with(|ran| ran.borrow_mut().take()).unwrap_or_default();
    (value, ran)
}

fn covered(function: &str) {
    RAN.with(|ran| {
        if let Some(ran) = ran.borrow_mut().as_mut() {
            if !ran.contains(function) {
                ran.insert(function.to_owned());
            }
        }
    });
}

/// Makes `engine` record into the profile, or into this thread's record of the
/// functions that ran, whichever is under way. Returns whether it does (the engine's
/// debugger is then taken: nothing else may use it).
pub fn install(engine: &mut Engine) -> bool {
    // A check's games never go into a profile another thread is taking.
    let covering = RAN.with(|ran| ran.borrow().is_some());
    let profiling = !covering && recording();
    if !profiling && !covering {
        return false;
    }
    // Which names on the call stack are rule functions, cached: a host function
    // (`contains`, `==`) calling back into a script pushes a frame of its own, and its
    // steps belong to the rule function that called it.
    let scripted: RefCell<HashMap<ImmutableString, bool>> = RefCell::default();
    // Marked "volatile" (deprecated) by Rhai; pinned by Cargo.lock and by our tests.
    #[allow(deprecated)]
    engine.register_debugger(
        |_, debugger| debugger,
        move |context, _, _, _, pos| {
            let now = Instant::now();
            let is_rule_function = |name: &ImmutableString| {
                *scripted
                    .borrow_mut()
                    .entry(name.clone())
                    .or_insert_with(|| {
                        name.starts_with("anon$")
                            || context
                                .iter_namespaces()
                                .any(|m| m.iter_script_fn_info().any(|(_, _, n, ..)| n == name))
                    })
            };
            let function = context
                .global_runtime_state()
                .debugger()
                .call_stack()
                .iter()
                .rev()
                .find(|f| is_rule_function(&f.fn_name))
                .map(|f| f.fn_name.to_string())
                .unwrap_or_default();
            if covering {
                covered(&function);
                return Ok(DebuggerCommand::StepInto);
            }
            with_recorder(|r| {
                let Some(r) = r.as_mut() else { return };
                if let Some((place, began)) = r.current.take() {
                    let cost = r.costs.entry(place).or_default();
                    cost.time += now - began;
                    cost.steps += 1;
                }
                if let Some(line) = pos.line() {
                    let place = Place { function, line };
                    r.current = Some((place, now));
                }
            });
            Ok(DebuggerCommand::StepInto)
        },
    );
    true
}

/// The costs summed by function, dearest first.
pub fn by_function(costs: &HashMap<Place, Cost>) -> Vec<(String, Cost)> {
    let mut sums: HashMap<String, Cost> = HashMap::new();
    for (place, cost) in costs {
        let sum = sums.entry(place.function.clone()).or_default();
        sum.time += cost.time;
        sum.steps += cost.steps;
    }
    dearest_first(sums)
}

/// The costs by line, dearest first.
pub fn by_line(costs: &HashMap<Place, Cost>) -> Vec<(Place, Cost)> {
    dearest_first(costs.clone())
}

fn dearest_first<K: Ord>(costs: HashMap<K, Cost>) -> Vec<(K, Cost)> {
    let mut list: Vec<(K, Cost)> = costs.into_iter().collect();
    list.sort_by(|a, b| b.1.time.cmp(&a.1.time).then_with(|| a.0.cmp(&b.0)));
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profile_charges_steps_to_the_function_and_line_that_ran_them() {
        start();
        let mut engine = Engine::new();
        assert!(install(&mut engine));
        // `quick` has the host's `contains` call `==`: its steps are still `quick`'s,
        // never the host function's.
        let script = "fn slow() {\n let n = 0;\n for i in 0..2000 { n += i; }\n n\n}\nfn quick() { if [\"a\", \"b\"].contains(\"b\") { 1 } else { 0 } }\nslow() + quick()";
        let value = engine.eval::<i64>(script).unwrap();
        assert_eq!(value, 1999 * 2000 / 2 + 1);
        let costs = finish();
        // Steps, not times: a step's time swells when another process takes the core.
        let functions = by_function(&costs);
        let steps_of = |name: &str| functions.iter().find(|(f, _)| f == name).unwrap().1.steps;
        assert!(
            steps_of("slow") > 2000 && steps_of("quick") < 30,
            "{functions:?}"
        );
        assert!(
            functions.iter().all(|(f, _)| ["slow", "quick", ""].contains(&f.as_str()) || f.starts_with("anon$")),
            "{functions:?}"
        );
        let lines = by_line(&costs);
        let busiest = lines.iter().max_by_key(|(_, cost)| cost.steps).unwrap();
        assert_eq!((busiest.0.function.as_str(), busiest.0.line), ("slow", 3));
        // Engines built with no profile under way record nothing.
        assert!(!install(&mut Engine::new()));
    }

    #[test]
    fn the_dearest_come_first_and_ties_by_name() {
        let cost = |ms| Cost {
            time: Duration::from_millis(ms),
            steps: 1,
        };
        let costs = HashMap::from([("b", cost(2)), ("c", cost(5)), ("a", cost(2))]);
        let order: Vec<&str> = dearest_first(costs).into_iter().map(|(k, _)| k).collect();
        assert_eq!(order, ["c", "a", "b"]);
    }

    #[test]
    fn covering_names_the_functions_that_ran_on_this_thread() {
        let script = "fn used() { 1 }\nfn unused() { 2 }\nfn outer() { used() + 1 }\nouter()";
        let (value, ran) = covering(|| {
            let mut engine = Engine::new();
            assert!(install(&mut engine));
            engine.eval::<i64>(script).unwrap()
        });
        assert_eq!(value, 2);
        let ran: Vec<&str> = ran.iter().map(String::as_str).collect();
        assert_eq!(ran, ["", "outer", "used"]);
    }
}
