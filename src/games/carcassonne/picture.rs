//! A Carcassonne game's table as SVG: the board from the state's `board`, one seat per
//! entry of `colours` labelled with its entry of `scores`, and the host's legend plus the
//! number of tiles placed. Given the legal moves (the web table), those that have a place
//! on the board are drawn as targets: placements (`x`, `y`, `rot`) of the tile in hand
//! (`tile`), and meeple spots (`index`) on the tile just placed (`at`). The others (`none`,
//! `score:…`, a variant's own) have no place: the page lists them.

use super::{render_svg, Board, Placement, Pos, Seat, Targets};
use crate::script::{Move, PictureInput};
use rhai::{Array, Dynamic, Map};

pub fn svg(input: PictureInput) -> Result<String, String> {
    let board = input
        .state
        .get("board")
        .and_then(|b| b.clone().try_cast::<Board>())
        .ok_or("this game's state has no Carcassonne `board` to draw")?;
    let list = |key: &str| {
        input
            .state
            .get(key)
            .and_then(|v| v.clone().try_cast::<Array>())
            .unwrap_or_default()
    };
    let (colours, scores) = (list("colours"), list("scores"));
    let seats: Vec<Seat> = colours
        .iter()
        .enumerate()
        .map(|(i, colour)| {
            let colour = colour.to_string();
            let label = match scores.get(i) {
                Some(points) => format!("{colour} {points}"),
                None => colour.clone(),
            };
            Seat { colour, label }
        })
        .collect();
    // The colours are drawn as seats: the legend leaves out the score entries named after them.
    let named = |line: &str| colours.iter().any(|c| line.starts_with(&format!("{c}: ")));
    let mut legend: Vec<String> = input.legend.into_iter().filter(|l| !named(l)).collect();
    legend.push(format!(
        "{} placed",
        crate::script::words::count(board.placed_count(), "tile")
    ));
    let targets = targets(input.state, input.moves, &board);
    Ok(render_svg(&board, &seats, &legend, &targets))
}

/// A whole-number field of a map.
fn int(map: &Map, key: &str) -> Option<i64> {
    map.get(key).and_then(|v| v.as_int().ok())
}

/// A map held by a state field or a move.
fn map_of(value: &Dynamic) -> Option<Map> {
    value.read_lock::<Map>().map(|m| m.clone())
}

/// The moves that have a place on the board, as the picture draws them.
fn targets(state: &Map, moves: &[Move], board: &Board) -> Targets {
    let cell = |m: &Map| -> Option<Pos> {
        Some(Pos {
            x: i32::try_from(int(m, "x")?).ok()?,
            y: i32::try_from(int(m, "y")?).ok()?,
        })
    };
    let at = state.get("at").and_then(map_of).and_then(|m| cell(&m));
    let tile = state
        .get("tile")
        .and_then(|t| t.as_int().ok())
        .and_then(|t| usize::try_from(t).ok())
        .filter(|&t| t < board.tile_set().types().len());
    let mut targets = Targets {
        tile,
        ..Targets::default()
    };
    for mv in moves {
        let Some(value) = map_of(&mv.value) else {
            continue;
        };
        let label = mv.label.to_string();
        let rotation = int(&value, "rot").and_then(|r| u8::try_from(r).ok());
        if let (Some(pos), Some(rotation), Some(_)) = (cell(&value), rotation, tile) {
            if rotation < 4 {
                targets
                    .placements
                    .push((label, Placement { pos, rotation }));
            }
        } else if let (Some(index), Some(pos)) = (int(&value, "index"), at) {
            if let (Ok(index), Some(_)) = (usize::try_from(index), board.tile_at(pos)) {
                targets.spots.push((label, pos, index));
            }
        }
    }
    targets
}
