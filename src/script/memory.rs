//! The memory the process holds, counted by the allocator: the bound on how far the
//! rules' values may grow. Rhai's own size limits are not set (they measure the whole
//! game after every assignment to a part of it, see `limits.rs`); instead the progress
//! check compares this count with a ceiling at every operation, and the few functions
//! that make a value of a size the script names in one call (`pad`, `blob`) check the
//! room first here, since one such call could ask for more than the machine holds before
//! the next operation. Underneath is mimalloc: the interpreter allocates and frees a
//! value for almost every expression, and mimalloc does that in fewer instructions than
//! the system allocator (docs/PERFORMANCE.md).

use super::define::Api;
use super::{script_error, Fallible};
use cap::Cap;
use mimalloc::MiMalloc;
use rhai::{Array, Blob, Dynamic, Engine, ImmutableString, INT};

#[global_allocator]
static ALLOCATOR: Cap<MiMalloc> = Cap::new(MiMalloc, usize::MAX);

/// Bytes allocated by the whole process now.
pub fn allocated() -> usize {
    ALLOCATOR.allocated()
}

/// Why the rules must stop when the process holds more than `max_memory` bytes.
pub fn past_ceiling(max_memory: usize) -> Option<String> {
    (allocated() > max_memory).then(|| {
        format!(
            "the rules' values grew past {} MiB of memory (a map or array that keeps growing?)",
            max_memory >> 20
        )
    })
}

/// The padding and new values that `pad` and `blob` would add, checked against the
/// ceiling: `items` new items of `size` bytes each.
fn room(items: usize, size: usize, max_memory: usize) -> Fallible<()> {
    let wanted = items.saturating_mul(size);
    if allocated().saturating_add(wanted) <= max_memory {
        return Ok(());
    }
    let message = format!(
        "a value of {} MiB is too large: the rules may hold {} MiB",
        wanted >> 20,
        max_memory >> 20
    );
    Err(script_error(message))
}

/// How many items padding to `len` adds to `now` (none for a negative `len`).
fn missing(len: INT, now: usize) -> usize {
    usize::try_from(len).map_or(0, |len| len.saturating_sub(now))
}

/// `blob(len, byte)`: `len` bytes of `byte`, once there is room for them.
fn blob(len: INT, byte: INT, max_memory: usize) -> Fallible<Blob> {
    let n = missing(len, 0);
    room(n, 1, max_memory)?;
    Ok(vec![byte as u8; n])
}

/// Registers `pad` and `blob` in their Rhai meaning, with the room checked first.
pub fn register(engine: &mut Engine, max_memory: usize) {
    engine
        .api(
            "list.pad(len, item)",
            "adds copies of `item` until the list is `len` long (past the memory ceiling: an error)",
            move |array: &mut Array, len: INT, item: Dynamic| -> Fallible<()> {
                let more = missing(len, array.len());
                room(more, std::mem::size_of::<Dynamic>(), max_memory)?;
                array.resize(array.len() + more, item);
                Ok(())
            },
        )
        .api(
            "text.pad(len, ch)",
            "adds the character `ch` until the text is `len` characters long (past the memory ceiling: an error)",
            move |text: &mut ImmutableString, len: INT, padding: char| -> Fallible<()> {
                let more = missing(len, text.chars().count());
                room(more, padding.len_utf8(), max_memory)?;
                text.make_mut().extend(std::iter::repeat_n(padding, more));
                Ok(())
            },
        )
        .api(
            "text.pad(len, padding)",
            "adds `padding` over and over until the text is `len` characters long (past the memory ceiling: an error)",
            move |text: &mut ImmutableString, len: INT, padding: &str| -> Fallible<()> {
                let more = missing(len, text.chars().count());
                room(more, 4, max_memory)?;
                text.make_mut().extend(padding.chars().cycle().take(more));
                Ok(())
            },
        )
        .api(
            "bytes.pad(len, byte)",
            "adds `byte` until the blob is `len` bytes long (past the memory ceiling: an error)",
            move |blob: &mut Blob, len: INT, byte: INT| -> Fallible<()> {
                let more = missing(len, blob.len());
                room(more, 1, max_memory)?;
                blob.resize(blob.len() + more, byte as u8);
                Ok(())
            },
        )
        .api(
            "blob(len)",
            "a blob of `len` zero bytes (past the memory ceiling: an error)",
            move |len: INT| blob(len, 0, max_memory),
        )
        .api(
            "blob(len, byte)",
            "a blob of `len` bytes of `byte` (past the memory ceiling: an error)",
            move |len: INT, byte: INT| blob(len, byte, max_memory),
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(code: &str, max_memory: usize) -> Fallible<Dynamic> {
        let mut engine = Engine::new();
        register(&mut engine, max_memory);
        engine.eval::<Dynamic>(code)
    }

    #[test]
    fn pad_and_blob_keep_their_meaning() {
        let ok = |code: &str| eval(code, usize::MAX).unwrap().to_string();
        assert_eq!(ok("let a = [1]; a.pad(3, 0); a"), "[1, 0, 0]");
        assert_eq!(ok("let a = [1, 2]; a.pad(1, 0); a"), "[1, 2]");
        assert_eq!(ok("let s = \"é\"; s.pad(3, '-'); s"), "é--");
        assert_eq!(ok("let s = \"a\"; s.pad(6, \"xy\"); s"), "axyxyx");
        assert_eq!(
            ok("let b = blob(2, 7); b.pad(3, 1); b.to_array()"),
            "[7, 7, 1]"
        );
        assert_eq!(ok("blob(-1).len()"), "0");
    }

    #[test]
    fn a_value_past_the_ceiling_is_refused_before_it_is_made() {
        for code in [
            "let a = []; a.pad(1_000_000_000_000, 0);",
            "let s = \"\"; s.pad(1_000_000_000_000, 'x');",
            "let s = \"\"; s.pad(1_000_000_000_000, \"xy\");",
            "blob(1_000_000_000_000)",
            "let b = blob(); b.pad(1_000_000_000_000, 0);",
        ] {
            let e = eval(code, 1 << 30).unwrap_err().to_string();
            assert!(
                e.contains("too large: the rules may hold 1024 MiB"),
                "{code}: {e}"
            );
        }
    }
}
