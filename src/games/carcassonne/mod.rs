//! The Carcassonne family: tile data, the table, the feature graph, point values, and
//! pictures of the table as text and as SVG.
//!
//! The primitives are plain Rust with no scripting types and no rule of who scores: the
//! rules scripts ask questions ("where can this tile go", "what did it complete", "who
//! has the majority", "what is it worth") and decide for themselves. `api` adapts them
//! for Rhai (`bot_api`: what only bots ask), `picture` draws a game's state.

pub mod api;
mod board;
mod bot_api;
mod features;
mod geometry;
mod grid;
mod picture;
mod points;
mod render;
mod svg;
mod tile;
mod tile_set;
mod window;

#[cfg(test)]
mod tests;

pub use board::{
    Board, BoardError, FeatureOutlook, MeepleOutlook, MeepleView, PlacedTile, SegmentView,
};
pub use features::{FeatureId, FeatureInfo};
pub use geometry::{Placement, Pos};
pub use points::PointValues;
pub use render::{board_window, glyphs, is_cropped, render_board, render_tile, RenderOptions};
pub use svg::{render_svg, Seat, Targets};
pub use tile::{SegmentDef, SegmentKind, Terrain, TileType, TileTypeId};
pub use tile_set::{TileSet, TileSetError};
pub use window::{Frame, Window};

use crate::script::{DataError, DataProblem, Family, PictureInput};
use rhai::{Dynamic, Engine, Map};
use std::sync::Arc;

/// Carcassonne as a family: the board, the tile set (`[data] tiles`) and the picture.
pub struct Carcassonne;

impl Family for Carcassonne {
    fn name(&self) -> &'static str {
        "carcassonne"
    }

    fn about(&self) -> &'static str {
        "tiles on a board: legal placements, the feature graph, majorities, points"
    }

    fn register(&self, engine: &mut Engine) {
        api::register(engine);
    }

    fn register_bot_api(&self, engine: &mut Engine) {
        bot_api::register(engine);
    }

    fn required_data(&self) -> &'static [&'static str] {
        &["tiles"]
    }

    fn load_data(&self, key: &str, text: &str) -> Option<Result<Dynamic, DataError>> {
        (key == "tiles").then(|| {
            TileSet::from_toml_str(text)
                .map(|tiles| Dynamic::from(api::TileSetRef(Arc::new(tiles))))
                .map_err(|e| DataError {
                    message: e.message,
                    line: e.line,
                    column: e.column,
                })
        })
    }

    /// A variant's `[data.points]` (read by the rules' `set_points`) names point values.
    fn check_data(&self, data: &Map) -> Result<(), DataProblem> {
        let Some(points) = data.get("points").and_then(|p| p.read_lock::<Map>()) else {
            return Ok(());
        };
        match points.keys().find(|k| !points::NAMES.contains(&k.as_str())) {
            Some(name) => {
                let (message, help) = PointValues::unknown(name);
                Err(DataProblem {
                    key: "points".into(),
                    entry: None,
                    field: Some(name.to_string()),
                    word: name.to_string(),
                    message,
                    help,
                })
            }
            None => Ok(()),
        }
    }

    fn svg(&self, input: PictureInput) -> Option<Result<String, String>> {
        Some(picture::svg(input))
    }
}
