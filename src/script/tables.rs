//! `this.data` and `this.options`: tables a game reads but never changes, held as one
//! shared host value rather than as object maps inside the state.
//!
//! Why: a bot copies the state for every position it judges, and Rhai copies a map with
//! every value in it. As maps, the manifest's tables (a pyramid of cards and ranking
//! texts, a variant's options) would be copied each time; as a shared host value they
//! copy as one pointer.
//!
//! Scripts read them as they read maps: `this.data.pyramid`, `this.options["x"]`,
//! `"points" in this.data`, `get`, `keys()`, `len()`; a missing entry of the data reads
//! `()`, as a map's would, but a missing option is an error naming the options there are
//! (a misspelled option would otherwise read `()` and fail far from the typo; `get`
//! still asks without failing). Writing to them is refused (`this.options.x = 1` is an
//! error naming the line).

use super::define::Api;
use rhai::{Dynamic, Engine, EvalAltResult, Map, INT};
use std::rc::Rc;

/// A read-only object map shared by every copy of a state; `strict` refuses to read a
/// key it does not hold (the options).
#[derive(Clone, Debug)]
pub struct Tables(Rc<Map>, bool);

impl Tables {
    pub fn new(map: Map) -> Self {
        Tables(Rc::new(map), false)
    }

    /// A variant's options, which refuse a name that is none of them.
    pub fn options(map: Map) -> Self {
        Tables(Rc::new(map), true)
    }

    pub fn map(&self) -> &Map {
        &self.0
    }

    fn get(&self, key: &str) -> Dynamic {
        self.0.get(key).cloned().unwrap_or(Dynamic::UNIT)
    }

    /// `t.key` and `t[key]`: an unknown option is an error.
    fn read(&self, key: &str) -> Result<Dynamic, Box<EvalAltResult>> {
        match self.0.get(key) {
            Some(value) => Ok(value.clone()),
            None if self.1 => Err(unknown_option(key, self.0.keys().map(|k| k.as_str())).into()),
            None => Ok(Dynamic::UNIT),
        }
    }

    fn describe(&self) -> String {
        Dynamic::from_map((*self.0).clone()).to_string()
    }
}

/// The message for reading option `name`, which is none of `options`.
pub fn unknown_option<'a>(name: &str, options: impl Iterator<Item = &'a str>) -> String {
    let known: Vec<&str> = options.collect();
    let known = match known.is_empty() {
        true => "this variant has none".to_owned(),
        false => format!("the options are {}", known.join(", ")),
    };
    format!(
        "there is no option `{name}`: {known} (a new one is declared in the manifest's [options])"
    )
}

fn is_host_object(value: &Dynamic) -> bool {
    !(value.is_map()
        || value.is_array()
        || value.is_blob()
        || value.is_string()
        || value.is_char()
        || value.is_int()
        || value.is_float()
        || value.is_bool()
        || value.is_unit()
        || value.is_fnptr())
}

/// Registers a getter for each of `keys` (a variant's options and data entries), so
/// that `this.options.colours` is one call: without a getter of its own, a property of
/// a host type is first looked for as a getter, which fails (building the error that
/// says so), and only then read through the indexer, at about twice the cost of reading
/// a map's field. (They read as `t[key]` does, which documents them.)
pub fn register_keys<'a>(engine: &mut Engine, keys: impl IntoIterator<Item = &'a str>) {
    for key in keys {
        let owned = key.to_owned();
        engine.register_get(key, move |t: &mut Tables| t.read(&owned));
    }
}

/// Registers the type, named "tables" to scripts (`type_of(this.options)`).
pub fn register(engine: &mut Engine) {
    engine
        .register_type_with_name::<Tables>("tables")
        // `t.name` falls back to the indexer when no getter is registered.
        .api(
            "t[key]",
            "the entry `key` (`t.key` reads the same), `()` when there is none (an error for an option)",
            |t: &mut Tables, key: &str| t.read(key),
        )
        // Rhai writes an entry back through the setter after changing it (`t.a.b = 1` is
        // `t.a` read, changed, then set), so refusing here refuses writes deep inside an
        // entry too. It also writes back a host object after any method call on it
        // (`this.data.table.prices(…)`), changed or not: those are let through, unstored.
        .api(
            "t[key] = value",
            "an error: the manifest's tables are read-only (copy what you change with \
             `to_map()`)",
            |_: &mut Tables, key: &str, value: Dynamic| -> Result<(), Box<EvalAltResult>> {
                if is_host_object(&value) {
                    return Ok(());
                }
                Err(format!(
                    "`{key}` is read-only: this.data and this.options are the manifest's; \
                     copy what you change into a field of your own"
                )
                .into())
            },
        )
        .api(
            "t.get(key)",
            "the entry `key`, `()` when there is none",
            |t: &mut Tables, key: &str| t.get(key),
        )
        .api(
            "t.contains(key)",
            "whether there is an entry `key` (`\"points\" in this.data`)",
            |t: &mut Tables, key: &str| t.0.contains_key(key),
        )
        .api(
            "t.keys()",
            "the entries' names",
            |t: &mut Tables| -> rhai::Array {
                t.0.keys().map(|k| Dynamic::from(k.to_string())).collect()
            },
        )
        .api(
            "t.values()",
            "the entries' values",
            |t: &mut Tables| -> rhai::Array { t.0.values().cloned().collect() },
        )
        .api("t.len()", "how many entries there are", |t: &mut Tables| {
            t.0.len() as INT
        })
        .api(
            "t.is_empty()",
            "whether there is no entry",
            |t: &mut Tables| t.0.is_empty(),
        )
        .api(
            "t.to_map()",
            "a copy as an object map, to change (`let o = this.options.to_map();`)",
            |t: &mut Tables| (*t.0).clone(),
        )
        .api(
            "t.to_string()",
            "the tables shown as a map",
            |t: &mut Tables| t.describe(),
        )
        .api(
            "t.to_debug()",
            "the tables shown as a map",
            |t: &mut Tables| t.describe(),
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone)]
    struct Deck(Vec<i64>);

    fn engine_with(tables: Map) -> (Engine, rhai::Scope<'static>) {
        let mut engine = Engine::new();
        register(&mut engine);
        let mut scope = rhai::Scope::new();
        scope.push("t", Tables::new(tables));
        (engine, scope)
    }

    fn eval(engine: &Engine, scope: &mut rhai::Scope, script: &str) -> Dynamic {
        engine.eval_with_scope::<Dynamic>(scope, script).unwrap()
    }

    #[test]
    fn tables_read_like_object_maps_and_refuse_changes() {
        reads_like_an_object_map_and_refuses_changes(&[]);
    }

    #[test]
    fn an_option_that_does_not_exist_is_an_error_naming_the_options() {
        let mut engine = Engine::new();
        register(&mut engine);
        register_keys(&mut engine, ["goal"]);
        let mut options = Map::new();
        options.insert("goal".into(), Dynamic::from_int(500));
        options.insert("turns".into(), Dynamic::from_int(9));
        let mut scope = rhai::Scope::new();
        scope.push("o", Tables::options(options));
        assert_eq!(
            eval(&engine, &mut scope, "o.goal + o[\"turns\"]").as_int(),
            Ok(509)
        );
        assert!(eval(&engine, &mut scope, "o.get(\"nope\")").is_unit());
        for read in ["o.road_factor", "o[\"road_factor\"]"] {
            let err = engine
                .eval_with_scope::<Dynamic>(&mut scope, read)
                .unwrap_err();
            assert!(
                err.to_string()
                    .contains("there is no option `road_factor`: the options are goal, turns"),
                "{read}: {err}"
            );
        }
    }

    #[test]
    fn getters_for_known_keys_read_and_refuse_as_the_indexer_does() {
        reads_like_an_object_map_and_refuses_changes(&["pyramid", "points", "deck"]);
    }

    /// With getters registered for `keys` (as for a variant's options and data).
    fn reads_like_an_object_map_and_refuses_changes(keys: &[&str]) {
        let mut inner = Map::new();
        inner.insert("level".into(), Dynamic::from_int(7));
        let mut map = Map::new();
        map.insert("pyramid".into(), Dynamic::from_map(inner));
        map.insert("points".into(), Dynamic::from_int(3));
        map.insert("deck".into(), Dynamic::from(Deck(vec![1, 2])));
        let (mut engine, mut scope) = engine_with(map);
        register_keys(&mut engine, keys.iter().copied());
        // A host object's methods take it by reference, as the families' do.
        engine
            .register_type_with_name::<Deck>("deck")
            .register_fn("size", |d: &mut Deck| d.0.len() as INT);
        let e = |s: &mut rhai::Scope, script: &str| eval(&engine, s, script).to_string();
        assert_eq!(e(&mut scope, "t.pyramid.level"), "7");
        assert_eq!(e(&mut scope, r#"t["points"] + 1"#), "4");
        assert_eq!(
            e(&mut scope, r#"["points" in t, "nope" in t]"#),
            "[true, false]"
        );
        assert_eq!(
            e(&mut scope, r#"[t.nope == (), t.get("points")]"#),
            "[true, 3]"
        );
        assert_eq!(
            e(&mut scope, "t.keys()"),
            r#"["deck", "points", "pyramid"]"#
        );
        assert_eq!(e(&mut scope, "[t.len(), t.is_empty()]"), "[3, false]");
        assert_eq!(e(&mut scope, "t.deck.size()"), "2");
        assert_eq!(e(&mut scope, "type_of(t)"), "tables");
        assert_eq!(e(&mut scope, "`${t.pyramid}`"), r#"#{"level": 7}"#);
        assert!(e(&mut scope, "`${t}`").contains(r#""points": 3"#));
        // A copy may change; the tables do not.
        assert_eq!(
            e(
                &mut scope,
                "let m = t.to_map(); m.points = 9; [m.points, t.points]"
            ),
            "[9, 3]"
        );
        for write in [
            "t.points = 9",
            r#"t["points"] = 9"#,
            "t.pyramid.level = 1",
            "t.pyramid.clear()",
        ] {
            let err = engine
                .eval_with_scope::<Dynamic>(&mut scope, write)
                .unwrap_err();
            assert!(err.to_string().contains("read-only"), "{write}: {err}");
        }
        assert_eq!(e(&mut scope, "t.points + t.pyramid.level"), "10");
        // What a script copies out of them is its own to change.
        assert_eq!(
            e(&mut scope, "let p = t.pyramid; p.level = 1; p.level"),
            "1"
        );
        assert_eq!(
            e(
                &mut scope,
                "fn raise(p) { p.level += 1; p } raise(t.pyramid).level"
            ),
            "8"
        );
        assert_eq!(
            e(
                &mut scope,
                "let l = []; l.push(t.pyramid); l[0].level = 2; l[0].level"
            ),
            "2"
        );
    }
}
