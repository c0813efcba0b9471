//! Landscapes as scripts see them: spaces as maps, purchases, placements, the text grid.

use super::cards::card;
use super::table::side;
use super::{fail, pos, pos_map, strings, CardsRef, TableRef};
use crate::games::ora_et_labora::landscape::{Landscape, Pos};
use crate::games::ora_et_labora::render::{clergy_mark, render_landscape, ID_CELL, NAME_CELL};
use crate::games::ora_et_labora::space::{Content, Terrain};
use crate::script::view::width_of;
use crate::script::{script_error, Api, Fallible};
use rhai::{Array, Dynamic, Engine, Map, INT};

fn terrain_list(items: &Array) -> Fallible<Vec<Terrain>> {
    items
        .iter()
        .map(|t| {
            let name = t
                .clone()
                .into_string()
                .map_err(|_| script_error("a terrain must be a string"))?;
            Terrain::by_name(&name)
                .ok_or_else(|| script_error(format!("`{name}` is not a terrain")))
        })
        .collect()
}

fn space_map(l: &Landscape, p: Pos) -> Dynamic {
    let Some(s) = l.space(p) else {
        return Dynamic::UNIT;
    };
    let mut m = pos_map(p);
    m.insert("terrain".into(), s.terrain.name().into());
    m.insert("content".into(), s.content.kind().into());
    m.insert(
        "id".into(),
        s.content.card().map_or(Dynamic::UNIT, |id| id.into()),
    );
    m.insert(
        "clergy".into(),
        l.clergy_at(p).map_or(Dynamic::UNIT, |w| w.into()),
    );
    m.insert("span".into(), Dynamic::from_int(s.span as INT));
    m.insert("card".into(), Dynamic::from_int(s.card as INT));
    Dynamic::from_map(m)
}

/// The landscape with each card by its short name, for a player.
fn render_named(l: &Landscape, cards: &CardsRef, width: Option<usize>) -> String {
    let shorts = cards.0.short_names();
    let name = |id: &str| shorts.get(id).cloned().unwrap_or_else(|| id.to_owned());
    render_landscape(l, NAME_CELL, width, &name)
}

pub(super) fn register_landscape(engine: &mut Engine) {
    const GRID: &str = "the landscape as a text grid of card ids: `P moor`, `H L1`, `P L3(P)` \
                        (terrain letter W C P H M, content, clergy mark)";
    let ids = |l: &mut Landscape| render_landscape(l, ID_CELL, None, &|id: &str| id.to_owned());
    engine
        .register_type_with_name::<Landscape>("Landscape")
        .api("l.to_string()", GRID, ids)
        .api("l.to_debug()", GRID, ids)
        .api(
            "clergy_mark(who)",
            "the mark of clergyman `who` in the landscapes' pictures: the digit its name ends \
             with (`\"lay1\"` → `1`), else its first letter in capitals (`\"prior\"` → `P`)",
            |who: &str| clergy_mark(who),
        )
        .api(
            "terrain_letter(name)",
            "the letter of terrain `name` in the text landscapes: W C P H M (not a terrain: an \
             error)",
            |name: &str| -> Fallible<String> {
                Terrain::by_name(name)
                    .map(|t| t.letter().to_string())
                    .ok_or_else(|| script_error(format!("`{name}` is not a terrain")))
            },
        )
        .api(
            "l.render(cards)",
            "the landscape as a player reads it: `H ClayMound`, `P CloistOff(P)`, each card \
             by its short name in `cards` (`c.short_names()`)",
            |l: &mut Landscape, cards: CardsRef| render_named(l, &cards, None),
        )
        .api(
            "l.render(cards, width)",
            "as `l.render(cards)`, its columns drawn in bands one under the other where they \
             would run past `width` columns (`()`: no limit)",
            |l: &mut Landscape, cards: CardsRef, width: Dynamic| {
                render_named(l, &cards, width_of(&width))
            },
        )
        .api(
            "l.space(col, row)",
            "the space at `col, row` as `#{ col, row, terrain, content, id, clergy, span, card \
             }`, or `()` (the mountain answers for both its rows with its upper row)",
            |l: &mut Landscape, c: INT, r: INT| -> Fallible<Dynamic> {
                Ok(space_map(l, pos(c, r)?))
            },
        )
        .api(
            "l.spaces()",
            "every space as `space` gives it, row by row",
            |l: &mut Landscape| l.spaces().map(|(p, _)| space_map(l, p)).collect::<Array>(),
        )
        // Only the spaces holding `content` ("forest", "building", …): scoring and the
        // forest cards ask for one kind, and a map per space is what costs.
        .api(
            "l.spaces(content)",
            "the spaces holding `content` (`\"empty\"`, `\"forest\"`, `\"moor\"`, \
             `\"building\"`, `\"settlement\"`), in the same order",
            |l: &mut Landscape, content: &str| {
                l.spaces()
                    .filter(|(_, s)| s.content.kind() == content)
                    .map(|(p, _)| space_map(l, p))
                    .collect::<Array>()
            },
        )
        .api(
            "l.rows()",
            "the landscape's first and last rows: `#{ top, bottom }`",
            |l: &mut Landscape| {
                let (top, bottom) = l.rows();
                let mut m = Map::new();
                m.insert("top".into(), Dynamic::from_int(top as INT));
                m.insert("bottom".into(), Dynamic::from_int(bottom as INT));
                m
            },
        )
        .api(
            "l.neighbours(col, row)",
            "the positions that share an edge with `col, row` (the mountain neighbours only \
             the two hillsides of its plot)",
            |l: &mut Landscape, c: INT, r: INT| -> Fallible<Array> {
                let n = l.neighbours(pos(c, r)?).map_err(fail)?;
                Ok(n.into_iter()
                    .map(|p| Dynamic::from_map(pos_map(p)))
                    .collect())
            },
        )
        .api(
            "l.count(kind)",
            "how many spaces hold `kind`: `\"forest\"`, `\"moor\"` or `\"empty\"`",
            |l: &mut Landscape, kind: &str| -> Fallible<INT> {
                match kind {
                    "forest" => Ok(l.count(&Content::Forest) as INT),
                    "moor" => Ok(l.count(&Content::Moor) as INT),
                    "empty" => Ok(l.count(&Content::Empty) as INT),
                    other => Err(script_error(format!(
                        "count: `{other}` is not forest, moor or empty"
                    ))),
                }
            },
        )
        .api(
            "l.clear_forest(col, row)",
            "the forest at `col, row` becomes empty plains (no forest there: an error)",
            |l: &mut Landscape, c: INT, r: INT| -> Fallible<()> {
                l.clear(pos(c, r)?, &Content::Forest).map_err(fail)
            },
        )
        .api(
            "l.clear_moor(col, row)",
            "the moor at `col, row` becomes empty plains (no moor there: an error)",
            |l: &mut Landscape, c: INT, r: INT| -> Fallible<()> {
                l.clear(pos(c, r)?, &Content::Moor).map_err(fail)
            },
        )
        .api(
            "l.build(col, row, id)",
            "puts building card `id` on the empty space at `col, row` (the terrain is not \
             checked: see `free_spaces`)",
            |l: &mut Landscape, c: INT, r: INT, id: &str| -> Fallible<()> {
                l.place(pos(c, r)?, Content::Building(id.into()))
                    .map_err(fail)
            },
        )
        .api(
            "l.settle(col, row, id)",
            "puts settlement card `id` on the empty space at `col, row`",
            |l: &mut Landscape, c: INT, r: INT, id: &str| -> Fallible<()> {
                l.place(pos(c, r)?, Content::Settlement(id.into()))
                    .map_err(fail)
            },
        )
        .api(
            "l.overbuild(col, row, id)",
            "covers the building at `col, row` with card `id` and returns the covered card's \
             id (a clergyman there stays)",
            |l: &mut Landscape, c: INT, r: INT, id: &str| -> Fallible<String> {
                l.overbuild(pos(c, r)?, id).map_err(fail)
            },
        )
        .api(
            "l.district_rows(beside_plots)",
            "the rows a district may take, above or below the district columns (with \
             `beside_plots`, also free rows beside a plot)",
            |l: &mut Landscape, beside_plots: bool| {
                l.district_rows(beside_plots)
                    .into_iter()
                    .map(|r| Dynamic::from_int(r as INT))
                    .collect::<Array>()
            },
        )
        .api(
            "l.add_district(table, row, side)",
            "adds a district card showing `side` in `row`, a row of `district_rows(true)`",
            |l: &mut Landscape, t: TableRef, row: INT, name: &str| -> Fallible<()> {
                let row = i32::try_from(row)
                    .map_err(|_| script_error(format!("a district cannot go in row {row}")))?;
                l.add_district(row, side(&t.0.districts, "district", name)?)
                    .map_err(fail)
            },
        )
        .api(
            "l.plot_rows(table, side)",
            "the upper rows a plot card showing `side` may take: free, beside the district \
             columns or on a plot of its side",
            |l: &mut Landscape, t: TableRef, name: &str| -> Fallible<Array> {
                let rows = l.plot_rows(side(&t.0.plots, "plot", name)?);
                Ok(rows
                    .into_iter()
                    .map(|r| Dynamic::from_int(r as INT))
                    .collect())
            },
        )
        .api(
            "l.add_plot(table, row, side)",
            "adds a plot card showing `side` with its upper row at `row`",
            |l: &mut Landscape, t: TableRef, row: INT, name: &str| -> Fallible<()> {
                let row = i32::try_from(row).map_err(|_| {
                    script_error(format!("this plot cannot go with its upper row at {row}"))
                })?;
                l.add_plot(row, side(&t.0.plots, "plot", name)?)
                    .map_err(fail)
            },
        )
        .api(
            "l.free_spaces(cards, id, ignore_terrain)",
            "the empty spaces card `id` may go on: its terrain (unless `ignore_terrain`) and, \
             for a cloister, the cloister rule",
            |l: &mut Landscape,
             cards: CardsRef,
             id: &str,
             ignore_terrain: bool|
             -> Fallible<Array> {
                let c = card(&cards.0, id)?;
                let is_cloister = |id: &str| cards.0.is_cloister(id);
                let found = l.free_spaces(&c.terrain, ignore_terrain, c.cloister, &is_cloister);
                Ok(found
                    .into_iter()
                    .map(|p| Dynamic::from_map(pos_map(p)))
                    .collect())
            },
        )
        .api(
            "l.free_spaces(terrains, cloister, cards)",
            "the empty spaces of `terrains` (a list) a building goes on, with the cloister \
             rule when `cloister`",
            |l: &mut Landscape,
             terrains: Array,
             cloister: bool,
             cards: CardsRef|
             -> Fallible<Array> {
                let terrains = terrain_list(&terrains)?;
                let is_cloister = |id: &str| cards.0.is_cloister(id);
                let found = l.free_spaces(&terrains, false, cloister, &is_cloister);
                Ok(found
                    .into_iter()
                    .map(|p| Dynamic::from_map(pos_map(p)))
                    .collect())
            },
        )
        .api(
            "l.has_cloister_neighbour(cards, col, row)",
            "whether a cloister building shares an edge with `col, row`",
            |l: &mut Landscape, cards: CardsRef, c: INT, r: INT| -> Fallible<bool> {
                Ok(l.has_cloister_neighbour(pos(c, r)?, &|id: &str| cards.0.is_cloister(id)))
            },
        )
        .api(
            "l.buildings(cards)",
            "every building (not the settlements) as `#{ col, row, id, cloister, occupied, \
             clergy }`",
            |l: &mut Landscape, cards: CardsRef| {
                l.spaces()
                    .filter_map(|(p, s)| match &s.content {
                        Content::Building(id) => {
                            let mut m = pos_map(p);
                            m.insert("id".into(), id.clone().into());
                            m.insert("cloister".into(), cards.0.is_cloister(id).into());
                            let clergy = l.clergy_at(p);
                            m.insert("occupied".into(), clergy.is_some().into());
                            m.insert("clergy".into(), clergy.map_or(Dynamic::UNIT, |w| w.into()));
                            Some(Dynamic::from_map(m))
                        }
                        _ => None,
                    })
                    .collect::<Array>()
            },
        )
        .api(
            "l.settlement_value(cards, table, col, row)",
            "the settlement at `col, row`: its dwelling value and its neighbours' (empty \
             spaces as the table's `[empty_dwelling]` says; not a settlement: an error)",
            |l: &mut Landscape, cards: CardsRef, t: TableRef, c: INT, r: INT| -> Fallible<INT> {
                l.settlement_value(pos(c, r)?, &|id: &str| cards.0.dwelling(id), &|tr| {
                    t.0.empty_dwelling(tr)
                })
                .map_err(fail)
            },
        )
        .api(
            "l.settlement_values(cards, table)",
            "every settlement as `#{ col, row, id, value }`",
            |l: &mut Landscape, cards: CardsRef, t: TableRef| {
                l.settlement_values(&|id: &str| cards.0.dwelling(id), &|tr| {
                    t.0.empty_dwelling(tr)
                })
                .into_iter()
                .map(|(p, id, value)| {
                    let mut m = pos_map(p);
                    m.insert("id".into(), id.into());
                    m.insert("value".into(), Dynamic::from_int(value));
                    Dynamic::from_map(m)
                })
                .collect::<Array>()
            },
        )
        .api(
            "l.place_clergy(col, row, who)",
            "puts clergyman `who` on the building at `col, row` (occupied, not a building, or \
             `who` placed already: an error)",
            |l: &mut Landscape, c: INT, r: INT, who: &str| -> Fallible<()> {
                l.place_clergy(pos(c, r)?, who).map_err(fail)
            },
        )
        .api(
            "l.clergy_at(col, row)",
            "the clergyman on `col, row`, or `()`",
            |l: &mut Landscape, c: INT, r: INT| -> Fallible<Dynamic> {
                Ok(l.clergy_at(pos(c, r)?).map_or(Dynamic::UNIT, |w| w.into()))
            },
        )
        .api(
            "l.clergy_position(who)",
            "where clergyman `who` stands, or `()`",
            |l: &mut Landscape, who: &str| {
                l.clergy_position(who)
                    .map_or(Dynamic::UNIT, |p| Dynamic::from_map(pos_map(p)))
            },
        )
        .api(
            "l.return_clergy(who)",
            "takes clergyman `who` back and returns where it stood (not placed: an error)",
            |l: &mut Landscape, who: &str| -> Fallible<Map> {
                l.return_clergy(who).map(pos_map).map_err(fail)
            },
        )
        .api(
            "l.return_all_clergy()",
            "takes every clergyman back and returns their names",
            |l: &mut Landscape| strings(l.return_all_clergy()),
        )
        .api(
            "l.placed_clergy()",
            "every placed clergyman as `#{ who, col, row }`",
            |l: &mut Landscape| {
                l.placed_clergy()
                    .iter()
                    .map(|(who, p)| {
                        let mut m = pos_map(*p);
                        m.insert("who".into(), who.clone().into());
                        Dynamic::from_map(m)
                    })
                    .collect::<Array>()
            },
        );
}
