//! Events: what the rules announce as they happen. A script calls
//! `this.announce(kind, text, fields)`; the event goes into the state's `events` array, so
//! it is replayed, undone and copied with the game like everything else, and rules
//! (goals) read it there. The host reads the new ones after each move: the REPL tells
//! them, `log` lists them, records keep them.
//!
//! An announced event is a read-only value whose fields read as a map's do (`e.kind`,
//! `e.who`, `"covered" in e`; a missing field is `()`). Behind it is one shared map, so
//! copying a state (a bot copies it for every position it judges) copies a pointer per
//! event. Like every value of the rules, the events are bounded by the memory ceiling
//! (`memory.rs`).

use super::api::fields::EVENTS;
use super::define::Api;
use rhai::{Dynamic, Engine, EvalAltResult, Map, Position};
use std::rc::Rc;

/// One event as the host reads it.
#[derive(Debug, Clone)]
pub struct Event {
    pub kind: String,
    /// A sentence for people.
    pub text: String,
    /// The whole event map, for programs (`kind` and `text` included).
    pub fields: Map,
}

/// An event as scripts hold it: its fields, shared and never changed.
#[derive(Debug, Clone)]
struct Announced {
    fields: Rc<Map>,
}

impl Announced {
    /// A field's value, `()` when the event has none.
    fn field(&mut self, name: &str) -> Dynamic {
        self.fields.get(name).cloned().unwrap_or(Dynamic::UNIT)
    }

    /// As a map is shown.
    fn shown(&mut self) -> String {
        Dynamic::from_map((*self.fields).clone()).to_string()
    }
}

fn announce(
    state: &mut Map,
    kind: &str,
    text: &str,
    fields: Map,
) -> Result<(), Box<EvalAltResult>> {
    let mut event = fields;
    event.insert("kind".into(), kind.into());
    event.insert("text".into(), text.into());
    let events = state
        .entry(EVENTS.name.into())
        .or_insert_with(|| Dynamic::from_array(Vec::new()));
    let mut list = events.as_array_mut().map_err(|_| {
        EvalAltResult::ErrorRuntime(
            "announce: `this.events` is not an array; leave it to the host".into(),
            Position::NONE,
        )
    })?;
    list.push(Dynamic::from(Announced {
        fields: Rc::new(event),
    }));
    Ok(())
}

/// An event's fields as a map, whether it was announced or put in `events` as a map.
fn fields_of(event: &Dynamic) -> Option<Map> {
    event
        .read_lock::<Announced>()
        .map(|e| (*e.fields).clone())
        .or_else(|| event.read_lock::<Map>().map(|m| m.clone()))
}

pub fn register(engine: &mut Engine) {
    engine
        .register_type_with_name::<Announced>("event")
        // The fields every event has are read by getters: Rhai tries a getter before the
        // indexer, and a missing getter costs an error message built and thrown away.
        .api(
            "e.kind",
            "what happened, as the rules named it",
            |event: &mut Announced| event.field("kind"),
        )
        .api(
            "e.text",
            "the sentence for people",
            |event: &mut Announced| event.field("text"),
        )
        .api(
            "e[field]",
            "a field of the event (`e.who` reads the same), `()` when it has none",
            |event: &mut Announced, field: &str| event.field(field),
        )
        .api(
            "e.contains(field)",
            "whether the event has `field` (`\"who\" in e`)",
            |event: &mut Announced, field: &str| event.fields.contains_key(field),
        )
        .api(
            "e.to_string()",
            "the event shown as a map",
            Announced::shown,
        )
        .api("e.to_debug()", "the event shown as a map", Announced::shown)
        .api(
            "this.announce(kind, text, fields)",
            "announces an event `#{ kind, text, …fields }`: kept in `this.events`, told after \
             the move, recorded",
            announce,
        )
        .api(
            "this.announce(kind, text)",
            "announces an event with no fields but `kind` and `text`",
            |state: &mut Map, kind: &str, text: &str| announce(state, kind, text, Map::new()),
        );
}

/// How many events the state holds.
pub fn count(state: &Dynamic) -> usize {
    state
        .read_lock::<Map>()
        .and_then(|m| {
            m.get(EVENTS.name)
                .and_then(|e| e.read_lock::<rhai::Array>().map(|a| a.len()))
        })
        .unwrap_or(0)
}

/// The state's events from number `from` on, oldest first.
pub fn since(state: &Dynamic, from: usize) -> Vec<Event> {
    let Some(map) = state.read_lock::<Map>() else {
        return Vec::new();
    };
    let Some(list) = map
        .get(EVENTS.name)
        .and_then(|e| e.read_lock::<rhai::Array>())
    else {
        return Vec::new();
    };
    list.iter()
        .skip(from)
        .filter_map(fields_of)
        .map(|fields| Event {
            kind: fields
                .get("kind")
                .map(|k| k.to_string())
                .unwrap_or_default(),
            text: fields
                .get("text")
                .map(|t| t.to_string())
                .unwrap_or_default(),
            fields,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(code: &str) -> Dynamic {
        let mut engine = Engine::new();
        register(&mut engine);
        let ast = engine.compile(code).unwrap();
        let mut state: Dynamic = Map::new().into();
        let options = rhai::CallFnOptions::new().bind_this_ptr(&mut state);
        engine
            .call_fn_with_options::<()>(options, &mut rhai::Scope::new(), &ast, "act", ())
            .unwrap();
        state
    }

    #[test]
    fn announced_events_are_kept_in_order_with_their_fields() {
        let state = run(
            "fn act() { this.announce(\"scored\", \"red scores 4\", #{ who: \"red\", points: 4 }); \
             this.announce(\"end\", \"the game ends\"); }",
        );
        assert_eq!(count(&state), 2);
        let events = since(&state, 0);
        assert_eq!(events[0].kind, "scored");
        assert_eq!(events[0].text, "red scores 4");
        assert_eq!(events[0].fields["points"].as_int(), Ok(4));
        assert_eq!(events[1].kind, "end");
        assert_eq!(since(&state, 1).len(), 1);
        assert!(since(&state, 2).is_empty());
    }

    #[test]
    fn an_events_field_that_is_not_a_list_is_a_script_error() {
        let mut engine = Engine::new();
        register(&mut engine);
        let e = engine
            .eval::<()>("let s = #{ events: 3 }; s.announce(\"x\", \"y\");")
            .unwrap_err();
        assert!(e.to_string().contains("not an array"), "{e}");
    }

    fn eval(engine: &Engine, code: &str) -> Result<Dynamic, Box<EvalAltResult>> {
        engine.eval::<Dynamic>(code)
    }

    #[test]
    fn an_events_fields_read_as_a_maps_do() {
        let mut engine = Engine::new();
        register(&mut engine);
        let read = |expr: &str| {
            let code = format!(
                "let s = #{{}}; s.announce(\"scored\", \"red scores 4\", #{{ who: [\"red\"], points: 4 }}); \
                 s.announce(\"end\", \"over\"); {expr}"
            );
            eval(&engine, &code).unwrap().to_string()
        };
        assert_eq!(read("s.events[-2].who"), "[\"red\"]");
        assert_eq!(read("s.events[0].points + 1"), "5");
        assert_eq!(read("s.events.filter(|e| e.kind == \"end\").len()"), "1");
        assert_eq!(read("s.events[1].points == ()"), "true");
        assert_eq!(read("\"points\" in s.events[0]"), "true");
        assert_eq!(read("type_of(s.events[0])"), "event");
        assert_eq!(
            read("s.events[1].to_string()"),
            "#{\"kind\": \"end\", \"text\": \"over\"}"
        );
    }
}
