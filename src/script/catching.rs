//! `o.call_catching(f, args, field)`: a call that stops early by throwing a map (Ora et
//! Labora asks each step of an action by throwing its question), without the cost of
//! `try … catch` to every other error: caught in a script and thrown again, an error
//! would name the line of that `throw`, not the rule's line where it happened.

use super::define::Api;
use rhai::{Dynamic, EvalAltResult, FnPtr, Map, NativeCallContext};

/// Calls `f` with `this` bound to `this` and the array `args`: `()` when it returns, the
/// map it threw when that map has `field`; any other error passes on as it came.
fn call_catching(
    ctx: NativeCallContext,
    this: &mut Dynamic,
    f: FnPtr,
    mut args: rhai::Array,
    field: &str,
) -> Result<Dynamic, Box<EvalAltResult>> {
    match f.call_raw(&ctx, Some(this), &mut args) {
        Ok(_) => Ok(Dynamic::UNIT),
        Err(e) => match e.unwrap_inner() {
            EvalAltResult::ErrorRuntime(thrown, _)
                if thrown
                    .read_lock::<Map>()
                    .is_some_and(|m| m.contains_key(field)) =>
            {
                Ok(thrown.clone())
            }
            _ => Err(e),
        },
    }
}

pub fn register(engine: &mut rhai::Engine) {
    engine.api(
        "o.call_catching(f, args, field)",
        "calls `f` with `this` bound to `o` and the array `args`: `()` when it returns, the object map it \
         throws when that map has `field` (a question asked by throwing it); any other error \
         passes on naming the line where it happened (a `catch` that throws it again would \
         name its own line)",
        call_catching,
    );
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_thrown_map_with_the_field_is_returned_and_other_errors_keep_their_line() {
        let mut engine = rhai::Engine::new();
        super::register(&mut engine);
        let script = "fn ask(x) { this.n += 1; if this.n > 1 { throw #{ step: this.n } } }\n\
                      fn fail(x) {\n  this.n += 1;\n  throw \"boom\";\n}\n";
        let run = |call: &str| {
            let text = format!("{script}let o = #{{ n: 0 }}; {call}");
            engine.eval::<rhai::Dynamic>(&text)
        };
        assert!(run("o.call_catching(Fn(\"ask\"), [1], \"step\")")
            .unwrap()
            .is_unit());
        assert_eq!(
            run("o.n = 1; o.call_catching(Fn(\"ask\"), [1], \"step\")")
                .unwrap()
                .to_string(),
            "#{\"step\": 2}"
        );
        let e = run("o.call_catching(Fn(\"fail\"), [1], \"step\")").unwrap_err();
        assert_eq!(e.unwrap_inner().position().line(), Some(4), "{e}");
    }
}
