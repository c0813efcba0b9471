//! The family's picture hook: finds the parts of a game's state map that `svg` draws.
//! The rules keep them under these keys (scripts/ora_et_labora/API.md): `wheel`
//! (Wheel), `goods` (Goods), `display` (array of card ids or names, shown with their
//! names when `cards` holds the cards), `landscape` and `neutral` (Landscape).

use super::api::CardsRef;
use super::goods::Goods;
use super::landscape::Landscape;
use super::svg::{svg, SvgParts};
use super::wheel::Wheel;
use rhai::{Array, Map};

fn part<T: Clone + 'static>(state: &Map, key: &str) -> Option<T> {
    state.get(key).and_then(|v| v.clone().try_cast::<T>())
}

/// The state as an SVG picture, or why there is nothing to draw.
pub fn svg_from_state(state: &Map, legend: Vec<String>) -> Result<String, String> {
    let wheel: Option<Wheel> = part(state, "wheel");
    let goods: Option<Goods> = part(state, "goods");
    // Card ids are shown with their names when the state holds the cards (`cards`).
    let cards: Option<CardsRef> = part(state, "cards");
    let display: Vec<String> = part::<Array>(state, "display")
        .unwrap_or_default()
        .iter()
        .map(|d| {
            let id = d.to_string();
            match cards.as_ref().and_then(|c| c.0.get(&id)) {
                Some(card) => format!("{} ({id})", card.name),
                None => id,
            }
        })
        .collect();
    let landscapes: Vec<(String, Landscape)> = [
        ("landscape", "Your landscape"),
        ("neutral", "Neutral player"),
    ]
    .into_iter()
    .filter_map(|(key, title)| part::<Landscape>(state, key).map(|l| (title.to_owned(), l)))
    .collect();
    if wheel.is_none() && goods.is_none() && landscapes.is_empty() {
        return Err("the state has no `wheel`, `goods` or `landscape` to draw".to_owned());
    }
    Ok(svg(&SvgParts {
        wheel: wheel.as_ref(),
        goods: goods.as_ref(),
        display,
        landscapes: landscapes.iter().map(|(t, l)| (t.clone(), l)).collect(),
        legend,
    }))
}

#[cfg(test)]
mod tests {
    use super::super::goods::tests::goods;
    use super::super::landscape::tests::heartland;
    use super::*;
    use rhai::Dynamic;

    #[test]
    fn the_parts_are_found_by_key() {
        let mut state = Map::new();
        assert!(svg_from_state(&state, vec![]).is_err());
        state.insert("landscape".into(), Dynamic::from(heartland()));
        state.insert("goods".into(), Dynamic::from(goods(&[("peat", 1)])));
        state.insert("display".into(), Dynamic::from_array(vec!["G01".into()]));
        let doc = svg_from_state(&state, vec!["legend".into()]).unwrap();
        assert!(doc.contains("Your landscape") && doc.contains("1 peat") && doc.contains(">G01<"));
        assert!(!doc.contains("Neutral player") && !doc.contains("beam"));
    }
}
