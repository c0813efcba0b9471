//! The family's picture hook: finds the parts of a game's state map that `svg` draws.
//! The rules keep them under these keys (scripts/ora_et_labora/API.md): `wheel`
//! (Wheel), `goods` (Goods), `cards` (Cards: the names and values of the ids below),
//! `display` and `settlements` (arrays of card ids), `landscape` and `neutral`
//! (Landscape), `districts` and `plots` (the landscape cards' prices, next first),
//! `round`, `phase`, `phase_letter`, `actions_left`, and the data entries
//! `data.table` (Table) and `data.schedule.phases` (`#{ letter, round }`). The score map
//! (`goods`, `economic`, `settlements`, `total`, `goal`, `rank`) is the score panel.
//! Given the legal moves (the web table), a move whose `value` names a card (`card`) or
//! a space (`at: [col, row]`, or an answer `[col, row]`) is drawn over it as a target.
//! A card's cost is written as the rules word it (`captions().costs`, by card id).

use super::api::{CardsRef, TableRef};
use super::goods::Goods;
use super::landscape::Landscape;
use super::landscape::Pos;
use super::svg::{svg, Land, Schedule, Score, Side, SvgParts};
use super::wheel::Wheel;
use crate::script::{Move, PictureInput, Tables};
use rhai::{Array, Dynamic, Map};

fn part<T: Clone + 'static>(map: &Map, key: &str) -> Option<T> {
    map.get(key).and_then(|v| v.clone().try_cast::<T>())
}

fn ids(state: &Map, key: &str) -> Vec<String> {
    part::<Array>(state, key)
        .unwrap_or_default()
        .iter()
        .map(|d| d.to_string())
        .collect()
}

/// The score panel from the score map, when it has a total.
fn score(map: &Map) -> Option<Score> {
    let total = part::<i64>(map, "total")?;
    let mut rows: Vec<(String, i64)> = [
        ("goods", "goods"),
        ("economic", "economic value"),
        ("settlements", "settlement values"),
    ]
    .into_iter()
    .filter_map(|(key, label)| part::<i64>(map, key).map(|v| (label.to_owned(), v)))
    .collect();
    rows.push(("total".to_owned(), total));
    Some(Score {
        rows,
        goal: part(map, "goal"),
        rank: map.get("rank").map(|r| r.to_string()),
    })
}

/// "Round 18 of 31 · actions: 2 left", "… · settlement phase C: neutral build".
fn status(state: &Map, schedule: Option<&Schedule>) -> Option<String> {
    let round = part::<i64>(state, "round")?;
    let last = schedule.and_then(|s| s.phases.iter().map(|(r, _)| *r).max());
    let mut text = match last {
        Some(last) => format!("Round {round} of {last}"),
        None => format!("Round {round}"),
    };
    let phase = part::<String>(state, "phase").map(|p| p.replace('_', " "));
    let letter = part::<String>(state, "phase_letter");
    match (phase.as_deref(), part::<i64>(state, "actions_left")) {
        (Some("actions"), Some(n)) => text += &format!(" · actions: {n} left"),
        (Some(phase), _) => match letter {
            Some(l) => text += &format!(" · settlement phase {l}: {phase}"),
            None => text += &format!(" · {phase}"),
        },
        _ => {}
    }
    Some(text)
}

/// What the next landscape cards cost: "next district 8 coins (9 left), …".
fn for_sale(state: &Map) -> String {
    let piles: Vec<String> = [("districts", "district"), ("plots", "plot")]
        .into_iter()
        .filter_map(|(key, card)| {
            let prices = part::<Array>(state, key)?;
            Some(match prices.first() {
                Some(price) => format!("next {card} {price} coins ({} left)", prices.len()),
                None => format!("no {key} left"),
            })
        })
        .collect();
    piles.join(", ")
}

fn schedule(data: &Map, round: i64) -> Option<Schedule> {
    let schedule = part::<Map>(data, "schedule")?;
    let phases = part::<Array>(&schedule, "phases")?
        .iter()
        .filter_map(|p| {
            let p = p.clone().try_cast::<Map>()?;
            Some((part::<i64>(&p, "round")?, part::<String>(&p, "letter")?))
        })
        .collect();
    Some(Schedule { round, phases })
}

/// Where a move's choice lies on the table, for a picture that draws the moves as
/// targets (the web table).
enum Place {
    /// A card of the display or of the settlements in hand (`card`, to build or settle).
    Card(String),
    /// A space of a landscape: `at: [col, row]` with `land` "neutral" or yours, or an
    /// answer that is itself `[col, row]` (where to build or settle, on yours).
    Space(Side, Pos),
}

/// `[col, row]` as a space.
fn space_of(value: &Dynamic) -> Option<Pos> {
    let pair = value.read_lock::<Array>()?;
    match pair.as_slice() {
        [col, row] => Some((
            i32::try_from(col.as_int().ok()?).ok()?,
            i32::try_from(row.as_int().ok()?).ok()?,
        )),
        _ => None,
    }
}

fn place_of(value: &Dynamic) -> Option<Place> {
    if let Some(at) = space_of(value) {
        return Some(Place::Space(Side::You, at));
    }
    let map = value.read_lock::<Map>()?;
    if let Some(at) = map.get("at").and_then(space_of) {
        let neutral = map.get("land").is_some_and(|l| l.to_string() == "neutral");
        let side = if neutral { Side::Neutral } else { Side::You };
        return Some(Place::Space(side, at));
    }
    map.get("card").map(|id| Place::Card(id.to_string()))
}

/// The moves that have a place on the table: on cards (label, card id), and on the
/// spaces of each side's landscape (label, space).
type Targets = (Vec<(String, String)>, Vec<(Side, String, Pos)>);

fn targets(moves: &[Move]) -> Targets {
    let (mut cards, mut spaces) = (Vec::new(), Vec::new());
    for mv in moves {
        let label = mv.label.to_string();
        // A move is `#{ label, value }`: its `value` says what it chooses.
        let value = mv
            .value
            .read_lock::<Map>()
            .and_then(|m| m.get("value").cloned());
        match value.as_ref().and_then(place_of) {
            Some(Place::Card(id)) => cards.push((label, id)),
            Some(Place::Space(side, at)) => spaces.push((side, label, at)),
            None => {}
        }
    }
    (cards, spaces)
}

/// The state as an SVG picture, or why there is nothing to draw. The host's legend is
/// the game's name, the score sheet and how the game stands: with a score map the
/// sheet is drawn as the score panel, so only the first and last lines are written.
pub fn svg_from_state(input: PictureInput) -> Result<String, String> {
    let state = input.state;
    let wheel: Option<Wheel> = part(state, "wheel");
    let goods: Option<Goods> = part(state, "goods");
    let cards: Option<CardsRef> = part(state, "cards");
    // The manifest's data entries are one shared read-only table (`this.data`).
    let tables: Option<Tables> = part(state, "data");
    let none = Map::new();
    let data = tables.as_ref().map_or(&none, |t| t.map());
    let table: Option<TableRef> = part(data, "table");
    let landscapes: Vec<(Landscape, &str, String, Side)> = [
        ("landscape", "Your landscape", for_sale(state), Side::You),
        (
            "neutral",
            "The neutral player's landscape",
            String::new(),
            Side::Neutral,
        ),
    ]
    .into_iter()
    .filter_map(|(key, title, note, side)| {
        part::<Landscape>(state, key).map(|l| (l, title, note, side))
    })
    .collect();
    if wheel.is_none() && goods.is_none() && landscapes.is_empty() {
        return Err("the state has no `wheel`, `goods` or `landscape` to draw".to_owned());
    }
    let (card_targets, space_targets) = targets(input.moves);
    let score = score(input.score);
    let mut title = input.legend;
    if score.is_some() && title.len() > 2 {
        title.drain(1..title.len() - 1);
    }
    let schedule = part::<i64>(state, "round").and_then(|r| schedule(data, r));
    // The round goes under the game's name, above how the game stands.
    if let Some(round) = status(state, schedule.as_ref()) {
        title.insert(title.len().min(1), round);
    }
    Ok(svg(&SvgParts {
        title,
        schedule,
        wheel: wheel.as_ref(),
        goods: goods.as_ref(),
        score,
        cards: cards.as_ref().map(|c| c.0.as_ref()),
        table: table.as_ref().map(|t| t.0.as_ref()),
        costs: part::<Map>(input.captions, "costs")
            .unwrap_or_default()
            .into_iter()
            .map(|(id, text)| (id.to_string(), text.to_string()))
            .collect(),
        display: ids(state, "display"),
        hand: ids(state, "settlements"),
        card_targets,
        landscapes: landscapes
            .iter()
            .map(|(l, title, note, side)| Land {
                title: (*title).to_owned(),
                note: note.clone(),
                landscape: l,
                side: *side,
                targets: space_targets
                    .iter()
                    .filter(|(on, _, _)| on == side)
                    .map(|(_, label, at)| (label.clone(), *at))
                    .collect(),
            })
            .collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::super::goods::tests::goods;
    use super::super::landscape::tests::heartland;
    use super::*;
    use rhai::Dynamic;

    fn picture(state: &Map, score: &Map) -> Result<String, String> {
        svg_from_state(PictureInput {
            state,
            score,
            legend: vec!["game".into(), "sheet line".into(), "in play".into()],
            moves: &[],
            captions: &Map::new(),
        })
    }

    #[test]
    fn the_parts_are_found_by_key() {
        let mut state = Map::new();
        let mut score = Map::new();
        assert!(picture(&state, &score).is_err());
        state.insert("landscape".into(), Dynamic::from(heartland()));
        state.insert("goods".into(), Dynamic::from(goods(&[("peat", 1)])));
        state.insert("display".into(), Dynamic::from_array(vec!["G01".into()]));
        state.insert("round".into(), Dynamic::from(3_i64));
        state.insert("phase".into(), Dynamic::from("actions"));
        state.insert("actions_left".into(), Dynamic::from(1_i64));
        let doc = picture(&state, &score).unwrap();
        assert!(doc.contains("Your landscape") && doc.contains(">peat<") && doc.contains(">G01<"));
        assert!(doc.contains("Round 3 · actions: 1 left"));
        assert!(doc.contains("sheet line") && !doc.contains("neutral player's"));
        score.insert("total".into(), Dynamic::from(7_i64));
        score.insert("goods".into(), Dynamic::from(2_i64));
        let doc = picture(&state, &score).unwrap();
        assert!(!doc.contains("sheet line") && doc.contains(">in play<"));
        assert!(doc.contains(">total<") && doc.contains(">7<"));
    }
}
