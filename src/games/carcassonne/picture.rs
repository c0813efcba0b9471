//! A Carcassonne game's table as SVG: the board from the state's `board`, one seat per
//! entry of `colours` labelled with its entry of `scores`, and the host's legend plus the
//! number of tiles placed.

use super::{render_svg, Board, Seat};
use crate::script::PictureInput;
use rhai::Array;

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
    legend.push(format!("{} tiles placed", board.placed_count()));
    Ok(render_svg(&board, &seats, &legend))
}
