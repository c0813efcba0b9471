//! The one place a Rhai engine is built: limits, the sandboxed `import`, captured
//! `print`, the host's generic API and the API of the variant's family (only that one).
//! A bot's engine adds the bots' API on top (see [`super::BotApi`]). Each thread builds
//! its own engine (no `sync`).

use super::limits::Limits;
use super::stopping::Deadline;
use super::words::count;
use super::Family;
use rhai::module_resolvers::FileModuleResolver;
use rhai::{Engine, EvalAltResult, Module, ModuleResolver, Position, Shared};
use std::cell::RefCell;
use std::path::{Component, Path};
use std::rc::Rc;

/// Lines the scripts printed since the host last took them.
pub type PrintBuffer = Rc<RefCell<Printed>>;

/// What scripts print between two looks of the host, kept within a bound: a script that
/// prints in a loop must not fill the memory.
#[derive(Debug, Default)]
pub struct Printed {
    lines: Vec<String>,
    bytes: usize,
    dropped: usize,
}

impl Printed {
    /// At most this much printed text is kept per command.
    const MAX_BYTES: usize = 64 * 1024;

    fn push(&mut self, line: String) {
        if self.bytes + line.len() > Self::MAX_BYTES {
            self.dropped += 1;
        } else {
            self.bytes += line.len();
            self.lines.push(line);
        }
    }

    /// The lines kept, and a note of how many were cut; the buffer is emptied.
    pub fn take(&mut self) -> Vec<String> {
        let mut lines = std::mem::take(&mut self.lines);
        if self.dropped > 0 {
            lines.push(format!(
                "… {} cut (at most {} KiB of output is kept per command)",
                count(self.dropped, "more printed line"),
                Self::MAX_BYTES / 1024
            ));
        }
        *self = Printed::default();
        lines
    }
}

/// Builds an engine whose `import` only reaches files below `scripts_dir`.
pub fn build_engine(
    family: &dyn Family,
    scripts_dir: &Path,
    limits: &Limits,
    deadline: &Deadline,
    prints: &PrintBuffer,
) -> Engine {
    let mut engine = Engine::new();
    engine
        .set_max_operations(limits.max_operations)
        .set_max_call_levels(limits.max_call_levels)
        .set_max_expr_depths(limits.max_expr_depth, limits.max_expr_depth)
        .set_max_modules(limits.max_modules)
        .set_module_resolver(ScriptsOnly(FileModuleResolver::new_with_path(scripts_dir)));
    engine.disable_symbol("eval");
    super::stopping::install(&mut engine, limits, deadline);
    super::memory::register(&mut engine, limits.max_memory);
    super::profile::install(&mut engine);
    let out = prints.clone();
    engine.on_print(move |s| out.borrow_mut().push(s.to_owned()));
    let out = prints.clone();
    engine.on_debug(move |s, src, pos| {
        out.borrow_mut()
            .push(format!("[{}:{pos}] {s}", src.unwrap_or("script")))
    });
    super::rng::register(&mut engine);
    super::sorting::register(&mut engine);
    super::paint::register(&mut engine);
    super::view::register(&mut engine);
    super::events::register(&mut engine);
    super::tables::register(&mut engine);
    super::lists::register(&mut engine);
    super::words::register(&mut engine);
    super::catching::register(&mut engine);
    family.register(&mut engine);
    engine
}

/// Resolves `import "x"` to `scripts/x.rhai`, refusing absolute paths and `..`.
struct ScriptsOnly(FileModuleResolver);

impl ModuleResolver for ScriptsOnly {
    fn resolve(
        &self,
        engine: &Engine,
        _source: Option<&str>,
        path: &str,
        pos: Position,
    ) -> Result<Shared<Module>, Box<EvalAltResult>> {
        let escapes = Path::new(path)
            .components()
            .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir));
        if escapes {
            // Not ErrorModuleNotFound: Rhai replaces that one with a bare "not found".
            let message = format!("import \"{path}\": import may only name files inside scripts/");
            return Err(EvalAltResult::ErrorRuntime(message.into(), pos).into());
        }
        // Relative to scripts/, whichever script imports it.
        self.0.resolve(engine, None, path, pos)
    }
}
