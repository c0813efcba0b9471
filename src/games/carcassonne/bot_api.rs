//! What only Carcassonne's bots ask of the board: aggregates that answer in one call what
//! an evaluation's loop over the meeples or features would ask a question at a time, and
//! the odds of the tiles left. Registered on the engines that run bots, never on a
//! game's rules engine (see [`crate::script::Family::register_bot_api`]).

use super::api::{colours, kind_name, record, segment_kinds};
use super::Board;
use crate::script::{Api, Fallible};
use rhai::{Array, Dynamic, Engine, INT};

fn meeple_outlook(b: &mut Board) -> Array {
    b.meeple_outlook()
        .into_iter()
        .map(|m| {
            record([
                ("colour", Dynamic::from_int(m.colour as INT)),
                ("open", Dynamic::from_int(m.open as INT)),
                ("points", Dynamic::from_int(m.points)),
                ("fillers", Dynamic::from_int(m.fillers as INT)),
            ])
        })
        .collect()
}

fn feature_outlook(b: &mut Board) -> Array {
    b.feature_outlook()
        .into_iter()
        .map(|o| {
            record([
                ("feature", Dynamic::from_int(o.feature as INT)),
                ("kind", kind_name(o.info.kind).into()),
                ("open", Dynamic::from_int(o.info.open_edges as INT)),
                ("points", Dynamic::from_int(o.points)),
                ("meeples", colours(o.meeples).into()),
                ("majority", colours(o.majority).into()),
                ("cities_complete", Dynamic::from_int(o.cities.0 as INT)),
                ("cities_incomplete", Dynamic::from_int(o.cities.1 as INT)),
            ])
        })
        .collect()
}

fn placeable_without_free(b: &mut Board, kinds: Array) -> Fallible<INT> {
    Ok(b.placeable_without_free(&segment_kinds(&kinds)?) as INT)
}

pub fn register(engine: &mut Engine) {
    engine
        .api(
            "b.meeple_outlook()",
            "every meeple with `#{ colour, open, points, fillers }`: its feature's open sides, \
             points now, and how many tiles left fit the open cell that fewest fit",
            meeple_outlook,
        )
        .api(
            "b.feature_outlook()",
            "every feature holding meeples with `#{ feature, kind, open, points, meeples, \
             majority, cities_complete, cities_incomplete }` (a field's bordered cities)",
            feature_outlook,
        )
        .api(
            "b.placeable_without_free(kinds)",
            "how many tiles not on the board yet fit somewhere with none of their segments of \
             `kinds` free: the draws that need no meeple",
            placeable_without_free,
        );
}
