//! The memory the process holds, counted by the allocator, so that a script whose values
//! grow past any size limit (Rhai checks the size of a map or array grown by index
//! assignment, `m[key] = v`, only for the new item, not for the map) is still stopped:
//! the progress check compares the count with a ceiling. Underneath is mimalloc: the
//! interpreter allocates and frees a value for almost every expression, and mimalloc
//! does that in fewer instructions than the system allocator (docs/PERFORMANCE.md).

use cap::Cap;
use mimalloc::MiMalloc;

#[global_allocator]
static ALLOCATOR: Cap<MiMalloc> = Cap::new(MiMalloc, usize::MAX);

/// Bytes allocated by the whole process now.
pub fn allocated() -> usize {
    ALLOCATOR.allocated()
}
