//! The game families, one folder each, and the registry that finds one by the
//! manifest's `game` value. This is the only module that names the families: the host
//! asks the registry, and each family keeps its primitives, its Rhai API, its data
//! loaders and its pictures in its own folder.

pub mod carcassonne;
pub mod core;
pub mod ora_et_labora;

use crate::diagnostic::{Diagnostic, Kind};
use crate::script::Family;

/// Every family, in the order `variants` and error messages list them.
pub fn families() -> &'static [&'static dyn Family] {
    &[
        &core::Core,
        &carcassonne::Carcassonne,
        &ora_et_labora::OraEtLabora,
    ]
}

/// The family called `name`.
pub fn find(name: &str) -> Option<&'static dyn Family> {
    families().iter().copied().find(|f| f.name() == name)
}

/// The family called `name`, or `command`'s error that lists the families.
pub fn find_or_list(name: &str, command: &str) -> Result<&'static dyn Family, Diagnostic> {
    find(name).ok_or_else(|| {
        Diagnostic::about(Kind::NotFound, command, format!("no game family `{name}`"))
            .with_help(format!("known families: {}", names()))
    })
}

/// The families' names, for messages: "core, carcassonne".
pub fn names() -> String {
    families()
        .iter()
        .map(|f| f.name())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_is_found_by_its_name_and_names_are_unique() {
        for f in families() {
            assert_eq!(find(f.name()).map(|g| g.name()), Some(f.name()));
        }
        let mut names: Vec<_> = families().iter().map(|f| f.name()).collect();
        names.dedup();
        assert_eq!(names.len(), families().len());
    }

    #[test]
    fn an_unknown_family_is_not_found_and_the_error_lists_the_families() {
        assert!(find("chess").is_none());
        assert_eq!(names(), "core, carcassonne, ora_et_labora");
        let unknown = find_or_list("chess", "api").err().unwrap();
        assert_eq!(unknown.kind, Kind::NotFound);
        let shown = unknown.to_string();
        assert!(shown.contains("api: no game family `chess`"), "{shown}");
        assert!(
            shown.contains("known families: core, carcassonne, ora_et_labora"),
            "{shown}"
        );
    }

    #[test]
    fn the_core_family_reads_no_data_and_draws_nothing() {
        let core = find("core").unwrap();
        assert!(core.load_data("tiles", "").is_none());
        let (state, score) = (rhai::Map::new(), rhai::Map::new());
        let input = crate::script::PictureInput {
            state: &state,
            score: &score,
            legend: vec![],
            moves: &[],
            captions: &rhai::Map::new(),
        };
        assert!(core.svg(input).is_none());
    }
}
