//! `this.parent("name", [args])`: a rule that replaces another calls the one it replaced.
//!
//! Scripts are merged in manifest order and a later function replaces an earlier one of
//! the same name and arity, so the replaced definition is no longer in the merged AST.
//! The host keeps every layer and, for a parent call, runs the merged rules with only
//! that one function taken from the layer below the running definition, so every other
//! function the parent calls is the merged rules' definition, as anywhere else. A parent may
//! call its own parent: the host counts how deep the chain of parent calls of each
//! function is, so every call goes one layer further down.

use super::define::Api;
use super::script_error;
use super::words::count;
use rhai::{
    Array, CallFnOptions, Dynamic, Engine, EvalAltResult, Map, NativeCallContext, Position, Scope,
    AST,
};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// The layers of a variant's rules, shared with the engine's `parent` function.
#[derive(Default)]
pub struct Layers {
    /// Each script as compiled, in merge order, with the name it is shown by.
    layers: Vec<(String, AST)>,
    merged: AST,
    /// Parent calls under way, per (name, arity).
    depth: HashMap<(String, usize), usize>,
    /// The merged rules with one function taken from a lower layer, per (name, arity, layer).
    built: HashMap<(String, usize, usize), Rc<AST>>,
}

pub type SharedLayers = Rc<RefCell<Layers>>;

impl Layers {
    pub fn set(&mut self, layers: Vec<(String, AST)>, merged: AST) {
        *self = Layers {
            layers,
            merged,
            ..Layers::default()
        };
    }

    /// The layers that define (name, arity), in merge order.
    fn definitions(&self, name: &str, arity: usize) -> Vec<usize> {
        (0..self.layers.len())
            .filter(|&i| {
                self.layers[i]
                    .1
                    .iter_functions()
                    .any(|f| f.name == name && f.params.len() == arity)
            })
            .collect()
    }

    /// The rules to run for the next parent call of (name, arity), with the file of the
    /// layer its definition comes from, or why there is none.
    fn next(&mut self, name: &str, arity: usize) -> Result<(Rc<AST>, String), String> {
        let defs = self.definitions(name, arity);
        let depth = self
            .depth
            .get(&(name.to_owned(), arity))
            .copied()
            .unwrap_or(0);
        let Some(&layer) = defs.len().checked_sub(depth + 2).and_then(|i| defs.get(i)) else {
            let shown: Vec<&str> = defs.iter().map(|&i| self.layers[i].0.as_str()).collect();
            return Err(if shown.is_empty() {
                format!(
                    "parent(\"{name}\", …) with {}: no rule of that name and arity",
                    count(arity, "argument")
                )
            } else {
                format!(
                    "parent(\"{name}\", …) with {}: no earlier rule to call (defined in {})",
                    count(arity, "argument"),
                    shown.join(", ")
                )
            });
        };
        let file = self.layers[layer].0.clone();
        let key = (name.to_owned(), arity, layer);
        if let Some(ast) = self.built.get(&key) {
            return Ok((ast.clone(), file));
        }
        // Not `clone_functions_only_filtered`: rhai 1.27 ignores its filter when copying
        // into an empty module, so every function of the lower layer would replace the
        // merged one and the parent's own calls would run that layer's rules.
        let mut lower = self.layers[layer].1.clone_functions_only();
        lower.retain_functions(|_, _, n, params| n == name && params == arity);
        let ast = Rc::new(self.merged.merge(&lower));
        self.built.insert(key, ast.clone());
        Ok((ast, file))
    }
}

/// Runs the parent of `name` with `args`, `this` bound to `this` when given.
fn call_parent(
    ctx: &NativeCallContext,
    layers: &SharedLayers,
    this: Option<&mut Dynamic>,
    name: &str,
    args: Array,
) -> Result<Dynamic, Box<EvalAltResult>> {
    let key = (name.to_owned(), args.len());
    let (ast, file) = layers
        .borrow_mut()
        .next(name, args.len())
        .map_err(script_error)?;
    *layers.borrow_mut().depth.entry(key.clone()).or_default() += 1;
    let mut options = CallFnOptions::new().eval_ast(false);
    if let Some(this) = this {
        options = options.bind_this_ptr(this);
    }
    if let Some(tag) = ctx.tag() {
        options = options.with_tag(tag.clone());
    }
    let result =
        ctx.engine()
            .call_fn_with_options::<Dynamic>(options, &mut Scope::new(), &ast, name, args);
    if let Some(d) = layers.borrow_mut().depth.get_mut(&key) {
        *d -= 1;
    }
    // Every rule function's frame names the merged rules as its source, and by name the
    // diagnostics would find the replacing definition's file: the parent's frame names
    // the file of the layer that ran.
    result.map_err(|err| {
        let source = format!("{LAYER_SOURCE}{file}");
        EvalAltResult::ErrorInFunctionCall(name.to_owned(), source, err, Position::NONE).into()
    })
}

/// How a parent call's frame marks the file its definition came from.
pub const LAYER_SOURCE: &str = "parent layer ";

pub fn register(engine: &mut Engine, layers: &SharedLayers) {
    let with_this = layers.clone();
    let without = layers.clone();
    engine
        .api(
            "this.parent(name, args)",
            "runs the definition of `name` (with as many parameters as the array `args` has) \
             that the running one replaced, `this` bound as usual",
            move |ctx: NativeCallContext, this: &mut Map, name: &str, args: Array| {
                let mut state = Dynamic::from_map(std::mem::take(this));
                let result = call_parent(&ctx, &with_this, Some(&mut state), name, args);
                *this = state.try_cast::<Map>().ok_or_else(|| {
                    script_error(format!(
                        "parent(\"{name}\", …) replaced `this` with something that is not a map"
                    ))
                })?;
                result
            },
        )
        .api(
            "parent(name, args)",
            "runs the definition of `name` that the running one replaced, for a function \
             called without `this`",
            move |ctx: NativeCallContext, name: &str, args: Array| {
                call_parent(&ctx, &without, None, name, args)
            },
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `a()` with a map as `this` on the merge of `scripts`, each one layer.
    fn run_a(scripts: &[&str]) -> String {
        let mut engine = Engine::new();
        let layers = SharedLayers::default();
        register(&mut engine, &layers);
        let mut compiled = Vec::new();
        let mut merged = AST::empty();
        for (i, text) in scripts.iter().enumerate() {
            let layer = engine.compile(text).unwrap();
            merged = merged.merge(&layer);
            compiled.push((format!("layer {i}"), layer));
        }
        layers.borrow_mut().set(compiled, merged.clone());
        let mut this = Dynamic::from_map(Map::new());
        let options = CallFnOptions::new().bind_this_ptr(&mut this);
        engine
            .call_fn_with_options::<String>(options, &mut Scope::new(), &merged, "a", ())
            .unwrap()
    }

    #[test]
    fn a_parent_calls_the_top_layers_rules() {
        let base = r#"fn a() { "base a, " + this.b() } fn b() { "base b" }"#;
        let top = r#"fn b() { "top b" } fn a() { "top a > " + this.parent("a", []) }"#;
        assert_eq!(run_a(&[base, top]), "top a > base a, top b");
    }

    #[test]
    fn each_parent_call_goes_one_layer_down() {
        let base = r#"fn a() { "base a, " + this.b() + ", " + c() } fn b() { "base b" } fn c() { "base c" }"#;
        let middle = r#"fn a() { "middle a > " + this.parent("a", []) } fn b() { "middle b" }"#;
        let top = r#"fn a() { "top a > " + this.parent("a", []) } fn b() { "top b" }"#;
        assert_eq!(
            run_a(&[base, middle, top]),
            "top a > middle a > base a, top b, base c"
        );
    }
}
