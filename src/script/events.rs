//! Events: what the rules announce as they happen. A script calls
//! `this.announce(kind, text, fields)`; the event (`#{ kind, text, …fields }`) goes into
//! the state's `events` array, so it is replayed, undone and copied with the game like
//! everything else, and rules (goals) read it there. The host reads the new ones after
//! each move: the REPL tells them, `log` lists them, records keep them.

use rhai::{Dynamic, Engine, EvalAltResult, Map, Position};

/// One event as the host reads it.
#[derive(Debug, Clone)]
pub struct Event {
    pub kind: String,
    /// A sentence for people.
    pub text: String,
    /// The whole event map, for programs (`kind` and `text` included).
    pub fields: Map,
}

/// The key of the state that holds the events.
const EVENTS: &str = "events";

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
        .entry(EVENTS.into())
        .or_insert_with(|| Dynamic::from_array(Vec::new()));
    let mut list = events.as_array_mut().map_err(|_| {
        EvalAltResult::ErrorRuntime(
            "announce: `this.events` is not an array; leave it to the host".into(),
            Position::NONE,
        )
    })?;
    list.push(Dynamic::from_map(event));
    Ok(())
}

pub fn register(engine: &mut Engine) {
    engine
        .register_fn("announce", announce)
        .register_fn("announce", |state: &mut Map, kind: &str, text: &str| {
            announce(state, kind, text, Map::new())
        });
}

/// How many events the state holds.
pub fn count(state: &Dynamic) -> usize {
    state
        .read_lock::<Map>()
        .and_then(|m| {
            m.get(EVENTS)
                .and_then(|e| e.read_lock::<rhai::Array>().map(|a| a.len()))
        })
        .unwrap_or(0)
}

/// The state's events from number `from` on, oldest first.
pub fn since(state: &Dynamic, from: usize) -> Vec<Event> {
    let Some(map) = state.read_lock::<Map>() else {
        return Vec::new();
    };
    let Some(list) = map.get(EVENTS).and_then(|e| e.read_lock::<rhai::Array>()) else {
        return Vec::new();
    };
    list.iter()
        .skip(from)
        .filter_map(|e| e.read_lock::<Map>().map(|m| m.clone()))
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
}
