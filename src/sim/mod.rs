//! Simulations: thousands of seeded games of a variant played by a bot on every core,
//! summarized with care (confidence intervals; a paired comparison when two variants,
//! option sets or bots play the same seeds; one exact game per side when two seeds play
//! alike), split over machines by shards and merged back exactly.
//!
//! - [`seeds`]: per-game seeds from the base seed.
//! - [`side`]: what one side plays, and one game played to its end.
//! - [`runner`]: the parallel run.
//! - [`run`]: the results document and its summaries; [`shard`]: splitting a run;
//!   [`merge_shards`]: putting it back together.
//! - [`stats`], [`histogram`]: the figures; [`report`], [`export`], [`svg`]: the outputs.
//! - [`command`]: the `sim` and `merge` commands as the CLI and the REPL take them.

pub mod command;
pub mod export;
pub mod histogram;
pub mod merge_shards;
pub mod report;
pub mod run;
pub mod runner;
pub mod seeds;
pub mod shard;
pub mod side;
pub mod stats;
pub mod svg;

pub use command::{merge, sim, Outputs, SimArgs};
pub use run::Run;
pub use runner::Plan;
pub use side::Side;
