//! A player's landscape: spaces keyed by (column, row) as in RULES.md §2 — columns −2
//! (water) and −1 (coast) from coast plots, 0..4 from the heartland and districts, 5
//! (hillside) and 6 (mountain) from mountain plots; rows 0 and 1 are the heartland,
//! rows above negative. A space may span two rows (the mountain); it is keyed by its
//! upper row and neighbours only the spaces of its own plot (§2.6).
//!
//! The landscape knows geometry and what lies where, including which clergyman stands
//! on which building. It decides no rule: card data (terrain, cloister, dwelling) comes
//! in as lookups, and which placements to offer is the scripts' call.

use super::space::{Content, SpaceDef, Terrain};
use super::table::{PlotColumn, DISTRICT_COLUMNS};
use std::collections::BTreeMap;

pub type Pos = (i32, i32);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LandscapeError {
    #[error("there is no space at {0},{1}")]
    NoSpace(i32, i32),
    #[error("the space {0},{1} is not empty (it holds {2})")]
    NotEmpty(i32, i32, String),
    #[error("the space {0},{1} holds no {2}")]
    NotThere(i32, i32, &'static str),
    #[error("a district cannot go in row {0}")]
    DistrictRow(i32),
    #[error("this plot cannot go with its upper row at {0}")]
    PlotRow(i32),
    #[error("a district needs {0} spaces")]
    DistrictWidth(usize),
    #[error("{0} is already on a building")]
    ClergyPlaced(String),
    #[error("{0} is not on any building")]
    ClergyFree(String),
    #[error("the building at {0},{1} is occupied by {2}")]
    Occupied(i32, i32, String),
}

/// One space as it lies in a landscape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Space {
    pub terrain: Terrain,
    pub content: Content,
    /// 1, or 2 for a space covering two rows.
    pub span: u8,
    /// Which landscape card it belongs to: 0 the heartland, then in purchase order.
    pub card: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Landscape {
    spaces: BTreeMap<Pos, Space>,
    /// Clergymen on buildings: name and space.
    clergy: Vec<(String, Pos)>,
    cards: usize,
}

type Result<T> = std::result::Result<T, LandscapeError>;

impl Landscape {
    /// A landscape holding just a heartland (rows from 0, columns from 0).
    pub fn from_heartland(rows: &[Vec<SpaceDef>]) -> Landscape {
        let mut l = Landscape::default();
        for (r, row) in rows.iter().enumerate() {
            for (c, def) in row.iter().enumerate() {
                l.put((c as i32, r as i32), def, 1);
            }
        }
        l
    }

    fn put(&mut self, pos: Pos, def: &SpaceDef, span: u8) {
        let space = Space {
            terrain: def.terrain,
            content: def.content.clone(),
            span,
            card: self.cards,
        };
        self.spaces.insert(pos, space);
    }

    /// The key of the space covering (col, row): a spanning space answers for both rows.
    pub fn key(&self, (c, r): Pos) -> Option<Pos> {
        if self.spaces.contains_key(&(c, r)) {
            return Some((c, r));
        }
        self.spaces
            .get(&(c, r - 1))
            .filter(|s| s.span == 2)
            .map(|_| (c, r - 1))
    }

    pub fn space(&self, pos: Pos) -> Option<&Space> {
        self.key(pos).and_then(|k| self.spaces.get(&k))
    }

    fn space_mut(&mut self, pos: Pos) -> Result<(Pos, &mut Space)> {
        let key = self.key(pos).ok_or(LandscapeError::NoSpace(pos.0, pos.1))?;
        let space = self
            .spaces
            .get_mut(&key)
            .ok_or(LandscapeError::NoSpace(pos.0, pos.1))?;
        Ok((key, space))
    }

    /// Every space by key, rows then columns.
    pub fn spaces(&self) -> impl Iterator<Item = (Pos, &Space)> {
        let mut all: Vec<_> = self.spaces.iter().map(|(p, s)| (*p, s)).collect();
        all.sort_by_key(|((c, r), _)| (*r, *c));
        all.into_iter()
    }

    /// The lowest and highest row with a space (a spanning space counts both).
    pub fn rows(&self) -> (i32, i32) {
        let rows = self
            .spaces
            .iter()
            .flat_map(|((_, r), s)| [*r, r + s.span as i32 - 1]);
        let (lo, hi) = rows.fold((i32::MAX, i32::MIN), |(lo, hi), r| (lo.min(r), hi.max(r)));
        if lo > hi {
            (0, -1)
        } else {
            (lo, hi)
        }
    }

    fn cells(pos: Pos, space: &Space) -> impl Iterator<Item = Pos> {
        (0..space.span as i32).map(move |d| (pos.0, pos.1 + d))
    }

    /// The neighbouring spaces' keys: sharing an edge, except that a spanning space
    /// and its neighbours must belong to the same plot.
    pub fn neighbours(&self, pos: Pos) -> Result<Vec<Pos>> {
        let key = self.key(pos).ok_or(LandscapeError::NoSpace(pos.0, pos.1))?;
        let me = &self.spaces[&key];
        let mut out: Vec<Pos> = Vec::new();
        for (c, r) in Self::cells(key, me) {
            for cell in [(c, r - 1), (c, r + 1), (c - 1, r), (c + 1, r)] {
                let Some(k) = self.key(cell).filter(|k| *k != key) else {
                    continue;
                };
                let other = &self.spaces[&k];
                let spanning = me.span > 1 || other.span > 1;
                if (!spanning || other.card == me.card) && !out.contains(&k) {
                    out.push(k);
                }
            }
        }
        out.sort_by_key(|(c, r)| (*r, *c));
        Ok(out)
    }

    /// Rows where a district may go: directly above or below the district columns, and
    /// with `beside_plots` also any free row beside a coast or mountain plot space (as
    /// the reference implementation allows).
    pub fn district_rows(&self, beside_plots: bool) -> Vec<i32> {
        let column_rows: Vec<i32> = self
            .spaces
            .keys()
            .filter(|(c, _)| DISTRICT_COLUMNS.contains(c))
            .map(|(_, r)| *r)
            .collect();
        let (Some(top), Some(bottom)) = (column_rows.iter().min(), column_rows.iter().max()) else {
            return Vec::new();
        };
        let mut rows = vec![top - 1, bottom + 1];
        if beside_plots {
            let (lo, hi) = self.rows();
            let beside = |r: i32| {
                let left = DISTRICT_COLUMNS.start() - 1;
                let right = DISTRICT_COLUMNS.end() + 1;
                self.key((left, r)).is_some() || self.key((right, r)).is_some()
            };
            rows.extend((lo..=hi).filter(|r| !column_rows.contains(r) && beside(*r)));
        }
        rows.sort_unstable();
        rows.dedup();
        rows
    }

    /// Adds a district in `row` (one of `district_rows(true)`).
    pub fn add_district(&mut self, row: i32, side: &[SpaceDef]) -> Result<()> {
        if side.len() != DISTRICT_COLUMNS.count() {
            return Err(LandscapeError::DistrictWidth(DISTRICT_COLUMNS.count()));
        }
        if !self.district_rows(true).contains(&row) {
            return Err(LandscapeError::DistrictRow(row));
        }
        self.cards += 1;
        for (c, def) in DISTRICT_COLUMNS.zip(side) {
            self.put((c, row), def, 1);
        }
        Ok(())
    }

    /// Upper rows where a plot with these columns may go (§2.4): its cells are free, and
    /// one of its two rows borders the district columns, or it lies directly above or
    /// below a plot of the same side.
    pub fn plot_rows(&self, columns: &[PlotColumn]) -> Vec<i32> {
        let Some(first) = columns.first() else {
            return Vec::new();
        };
        let inner = if first.col < *DISTRICT_COLUMNS.start() {
            *DISTRICT_COLUMNS.start()
        } else {
            *DISTRICT_COLUMNS.end()
        };
        let (lo, hi) = self.rows();
        let has = |c: i32, r: i32| self.key((c, r)).is_some();
        (lo - 2..=hi + 1)
            .filter(|&r| {
                let free = columns.iter().all(|p| !has(p.col, r) && !has(p.col, r + 1));
                let borders = has(inner, r) || has(inner, r + 1);
                let stacked = columns
                    .iter()
                    .any(|p| has(p.col, r - 1) || has(p.col, r + 2));
                free && (borders || stacked)
            })
            .collect()
    }

    /// Adds a plot with its upper row at `row` (one of `plot_rows`).
    pub fn add_plot(&mut self, row: i32, columns: &[PlotColumn]) -> Result<()> {
        if !self.plot_rows(columns).contains(&row) {
            return Err(LandscapeError::PlotRow(row));
        }
        self.cards += 1;
        for p in columns {
            self.put((p.col, row), &p.space, p.span);
            if p.span == 1 {
                self.put((p.col, row + 1), &p.space, 1);
            }
        }
        Ok(())
    }

    /// Removes a forest or moor card (`what`: Forest or Moor); the space becomes empty.
    pub fn clear(&mut self, pos: Pos, what: &Content) -> Result<()> {
        let (_, space) = self.space_mut(pos)?;
        if space.content != *what {
            return Err(LandscapeError::NotThere(pos.0, pos.1, what.kind()));
        }
        space.content = Content::Empty;
        Ok(())
    }

    /// Puts a building or settlement on an empty space (terrain is not checked here:
    /// see `free_spaces`).
    pub fn place(&mut self, pos: Pos, content: Content) -> Result<()> {
        let (_, space) = self.space_mut(pos)?;
        if space.content != Content::Empty {
            let held = space
                .content
                .card()
                .unwrap_or(space.content.kind())
                .to_owned();
            return Err(LandscapeError::NotEmpty(pos.0, pos.1, held));
        }
        space.content = content;
        Ok(())
    }

    /// Covers the building at `pos` with another; returns the covered id. A clergyman
    /// standing there stays on the space (whether that may happen is a rule).
    pub fn overbuild(&mut self, pos: Pos, id: &str) -> Result<String> {
        let (_, space) = self.space_mut(pos)?;
        match &mut space.content {
            Content::Building(old) => Ok(std::mem::replace(old, id.to_owned())),
            _ => Err(LandscapeError::NotThere(pos.0, pos.1, "building")),
        }
    }

    /// Empty spaces whose terrain is one of `terrains` (any terrain with
    /// `ignore_terrain`); for a cloister building only those beside a cloister building.
    pub fn free_spaces(
        &self,
        terrains: &[Terrain],
        ignore_terrain: bool,
        cloister: bool,
        is_cloister: &dyn Fn(&str) -> bool,
    ) -> Vec<Pos> {
        self.spaces()
            .filter(|(_, s)| s.content == Content::Empty)
            .filter(|(_, s)| ignore_terrain || terrains.contains(&s.terrain))
            .filter(|(p, _)| !cloister || self.has_cloister_neighbour(*p, is_cloister))
            .map(|(p, _)| p)
            .collect()
    }

    /// Whether a neighbour of `pos` holds a cloister building.
    pub fn has_cloister_neighbour(&self, pos: Pos, is_cloister: &dyn Fn(&str) -> bool) -> bool {
        self.neighbours(pos)
            .unwrap_or_default()
            .iter()
            .any(|n| matches!(&self.spaces[n].content, Content::Building(id) if is_cloister(id)))
    }

    pub fn count(&self, what: &Content) -> usize {
        self.spaces.values().filter(|s| s.content == *what).count()
    }

    /// The value of the settlement at `pos` (§6): its own dwelling value plus each
    /// neighbour's — a card's dwelling value, `empty` of the terrain for an empty space,
    /// nothing for a forest or moor.
    pub fn settlement_value(
        &self,
        pos: Pos,
        dwelling: &dyn Fn(&str) -> i64,
        empty: &dyn Fn(Terrain) -> i64,
    ) -> Result<i64> {
        let Some(Content::Settlement(id)) = self.space(pos).map(|s| &s.content) else {
            return Err(LandscapeError::NotThere(pos.0, pos.1, "settlement"));
        };
        let neighbours = self.neighbours(pos)?;
        let around = neighbours.iter().map(|n| {
            let s = &self.spaces[n];
            match &s.content {
                Content::Empty => empty(s.terrain),
                Content::Forest | Content::Moor => 0,
                Content::Building(id) | Content::Settlement(id) => dwelling(id),
            }
        });
        Ok(dwelling(id) + around.sum::<i64>())
    }

    /// Every settlement with its value.
    pub fn settlement_values(
        &self,
        dwelling: &dyn Fn(&str) -> i64,
        empty: &dyn Fn(Terrain) -> i64,
    ) -> Vec<(Pos, String, i64)> {
        self.spaces()
            .filter_map(|(p, s)| match &s.content {
                Content::Settlement(id) => Some((
                    p,
                    id.clone(),
                    self.settlement_value(p, dwelling, empty).ok()?,
                )),
                _ => None,
            })
            .collect()
    }

    /// Puts the clergyman `who` on the building at `pos`.
    pub fn place_clergy(&mut self, pos: Pos, who: &str) -> Result<()> {
        if self.clergy.iter().any(|(w, _)| w == who) {
            return Err(LandscapeError::ClergyPlaced(who.to_owned()));
        }
        let key = self.key(pos).ok_or(LandscapeError::NoSpace(pos.0, pos.1))?;
        if !matches!(self.spaces[&key].content, Content::Building(_)) {
            return Err(LandscapeError::NotThere(pos.0, pos.1, "building"));
        }
        if let Some(other) = self.clergy_at(key) {
            return Err(LandscapeError::Occupied(pos.0, pos.1, other.to_owned()));
        }
        self.clergy.push((who.to_owned(), key));
        Ok(())
    }

    pub fn clergy_at(&self, pos: Pos) -> Option<&str> {
        let key = self.key(pos)?;
        self.clergy
            .iter()
            .find(|(_, p)| *p == key)
            .map(|(w, _)| w.as_str())
    }

    pub fn clergy_position(&self, who: &str) -> Option<Pos> {
        self.clergy.iter().find(|(w, _)| w == who).map(|(_, p)| *p)
    }

    /// Takes `who` back; returns where it stood.
    pub fn return_clergy(&mut self, who: &str) -> Result<Pos> {
        let i = self
            .clergy
            .iter()
            .position(|(w, _)| w == who)
            .ok_or_else(|| LandscapeError::ClergyFree(who.to_owned()))?;
        Ok(self.clergy.remove(i).1)
    }

    /// Takes every clergyman back; returns their names in the order they were placed.
    pub fn return_all_clergy(&mut self) -> Vec<String> {
        self.clergy.drain(..).map(|(w, _)| w).collect()
    }

    /// The placed clergymen, in the order they were placed.
    pub fn placed_clergy(&self) -> &[(String, Pos)] {
        &self.clergy
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::table::tests::table;
    use super::*;

    pub fn heartland() -> Landscape {
        Landscape::from_heartland(&table().heartlands["player"])
    }

    fn cloister_ids(id: &str) -> bool {
        ["L3", "G01", "G02"].contains(&id)
    }

    #[test]
    fn the_heartland_has_its_forests_moors_and_basic_buildings() {
        let l = heartland();
        assert_eq!(l.count(&Content::Forest), 3);
        assert_eq!(l.count(&Content::Moor), 2);
        assert_eq!(l.space((4, 0)).unwrap().terrain, Terrain::Hillside);
        assert_eq!(
            l.space((4, 0)).unwrap().content,
            Content::Building("L1".into())
        );
        assert_eq!(l.rows(), (0, 1));
        assert!(l.space((5, 0)).is_none());
    }

    #[test]
    fn districts_go_above_or_below() {
        let t = table();
        let mut l = heartland();
        assert_eq!(l.district_rows(false), [-1, 2]);
        assert_eq!(
            l.add_district(3, &t.districts["hills"]),
            Err(LandscapeError::DistrictRow(3))
        );
        l.add_district(2, &t.districts["hills"]).unwrap();
        l.add_district(-1, &t.districts["plains"]).unwrap();
        assert_eq!(l.district_rows(false), [-2, 3]);
        assert_eq!(l.space((0, 2)).unwrap().content, Content::Moor);
        assert_eq!(l.space((4, -1)).unwrap().terrain, Terrain::Hillside);
        assert_eq!(l.space((0, 2)).unwrap().card, 1);
        assert_eq!(
            l.add_district(3, &t.districts["hills"][..4]),
            Err(LandscapeError::DistrictWidth(5))
        );
    }

    #[test]
    fn plots_border_the_districts_or_another_plot_of_their_side() {
        let t = table();
        let coast = &t.plots["coast"];
        let mut l = heartland();
        // Rows 0..1 exist: the plot's rows (r, r+1) must meet one of them.
        assert_eq!(l.plot_rows(coast), [-1, 0, 1]);
        l.add_plot(0, coast).unwrap();
        assert_eq!(l.space((-2, 1)).unwrap().terrain, Terrain::Water);
        assert_eq!(l.space((-1, 0)).unwrap().terrain, Terrain::Coast);
        // Sticking out: above (−2,−1) stacked on the first plot, below (2,3) likewise.
        assert_eq!(l.plot_rows(coast), [-2, 2]);
        assert_eq!(l.add_plot(1, coast), Err(LandscapeError::PlotRow(1)));
        l.add_plot(2, coast).unwrap();
        // The coast column now reaches row 3: a district beside it is possible there
        // only when the scripts allow districts beside plots.
        assert_eq!(l.district_rows(false), [-1, 2]);
        assert_eq!(l.district_rows(true), [-1, 2, 3]);
        let mountain = &t.plots["mountain"];
        assert_eq!(l.plot_rows(mountain), [-1, 0, 1]);
    }

    #[test]
    fn the_mountain_spans_two_rows_and_neighbours_only_its_hillsides() {
        let t = table();
        let mut l = heartland();
        let mountain = &t.plots["mountain"];
        l.add_plot(0, mountain).unwrap();
        l.add_plot(2, mountain).unwrap();
        assert_eq!(l.key((6, 1)), Some((6, 0)));
        assert_eq!(l.space((6, 1)).unwrap().terrain, Terrain::Mountain);
        assert_eq!(l.neighbours((6, 1)), Ok(vec![(5, 0), (5, 1)]));
        // The lower mountain touches the upper one along an edge, but is not its neighbour.
        assert_eq!(l.neighbours((6, 3)), Ok(vec![(5, 2), (5, 3)]));
        assert_eq!(
            l.neighbours((5, 1)),
            Ok(vec![(5, 0), (6, 0), (4, 1), (5, 2)])
        );
        assert_eq!(l.neighbours((0, 0)), Ok(vec![(1, 0), (0, 1)]));
        assert_eq!(l.neighbours((9, 9)), Err(LandscapeError::NoSpace(9, 9)));
        assert_eq!(l.rows(), (0, 3));
    }

    #[test]
    fn free_spaces_follow_terrain_and_the_cloister_rule() {
        let t = table();
        let mut l = heartland();
        let plains = [Terrain::Plains];
        assert_eq!(
            l.free_spaces(&plains, false, false, &cloister_ids),
            [(3, 0), (3, 1)]
        );
        assert!(l
            .free_spaces(&[Terrain::Hillside], false, false, &cloister_ids)
            .is_empty());
        // Only (3,1) touches the Cloister Office (4,1).
        assert_eq!(l.free_spaces(&plains, false, true, &cloister_ids), [(3, 1)]);
        l.add_district(2, &t.districts["plains"]).unwrap();
        assert_eq!(
            l.free_spaces(&[Terrain::Hillside], false, false, &cloister_ids),
            [(4, 2)]
        );
        l.clear((0, 0), &Content::Moor).unwrap();
        assert_eq!(
            l.clear((0, 0), &Content::Moor),
            Err(LandscapeError::NotThere(0, 0, "moor"))
        );
        assert_eq!(l.free_spaces(&[], true, false, &cloister_ids).len(), 7);
        l.place((3, 1), Content::Building("G02".into())).unwrap();
        assert_eq!(
            l.free_spaces(&plains, false, true, &cloister_ids),
            [(3, 0), (3, 2)]
        );
        assert!(matches!(
            l.place((3, 1), Content::Building("G01".into())),
            Err(LandscapeError::NotEmpty(3, 1, _))
        ));
    }

    #[test]
    fn overbuilding_replaces_a_building() {
        let mut l = Landscape::from_heartland(&table().heartlands["neutral"]);
        assert_eq!(l.count(&Content::Forest), 0);
        assert_eq!(l.overbuild((4, 1), "G01"), Ok("L3".to_string()));
        assert_eq!(
            l.space((4, 1)).unwrap().content,
            Content::Building("G01".into())
        );
        assert_eq!(
            l.overbuild((0, 0), "G01"),
            Err(LandscapeError::NotThere(0, 0, "building"))
        );
    }

    #[test]
    fn clergy_stand_on_buildings_one_each() {
        let mut l = heartland();
        l.place_clergy((4, 0), "prior").unwrap();
        assert_eq!(
            l.place_clergy((4, 1), "prior"),
            Err(LandscapeError::ClergyPlaced("prior".into()))
        );
        assert_eq!(
            l.place_clergy((4, 0), "lay1"),
            Err(LandscapeError::Occupied(4, 0, "prior".into()))
        );
        assert_eq!(
            l.place_clergy((1, 0), "lay1"),
            Err(LandscapeError::NotThere(1, 0, "building"))
        );
        l.place_clergy((2, 1), "lay1").unwrap();
        assert_eq!(l.clergy_at((2, 1)), Some("lay1"));
        assert_eq!(l.clergy_position("prior"), Some((4, 0)));
        assert_eq!(l.return_clergy("prior"), Ok((4, 0)));
        assert_eq!(
            l.return_clergy("prior"),
            Err(LandscapeError::ClergyFree("prior".into()))
        );
        assert_eq!(l.return_all_clergy(), ["lay1"]);
        assert!(l.placed_clergy().is_empty());
    }

    /// RULES.md / SOURCES.md case 3: a Farming Village at (1,2) with a forest above, the
    /// Grain Storage below, the Bakery west and the Market east scores 1+0+4+5+8 = 18.
    #[test]
    fn settlement_values_from_a_worked_layout() {
        let t = table();
        let mut l = heartland();
        l.add_district(2, &t.districts["plains"]).unwrap();
        l.add_district(3, &t.districts["plains"]).unwrap();
        l.add_plot(0, &t.plots["coast"]).unwrap();
        let dwelling = |id: &str| match id {
            "S02" => 1,
            "F03" => 4,
            "F05" => 5,
            "F08" => 8,
            "S01" => -3,
            _ => 0,
        };
        let empty = |terrain| t.empty_dwelling(terrain);
        l.clear((0, 2), &Content::Forest).unwrap();
        l.place((0, 2), Content::Building("F05".into())).unwrap();
        l.place((2, 2), Content::Building("F08".into())).unwrap();
        l.place((1, 3), Content::Building("F03".into())).unwrap();
        l.place((1, 2), Content::Settlement("S02".into())).unwrap();
        assert_eq!(l.settlement_value((1, 2), &dwelling, &empty), Ok(18));
        // A Shanty Town on the coast: −3, plus water 3 west, nothing else around.
        l.place((-1, 0), Content::Settlement("S01".into())).unwrap();
        assert_eq!(l.settlement_value((-1, 0), &dwelling, &empty), Ok(0));
        let all = l.settlement_values(&dwelling, &empty);
        assert_eq!(
            all,
            [
                ((-1, 0), "S01".to_string(), 0),
                ((1, 2), "S02".to_string(), 18)
            ]
        );
        assert_eq!(
            l.settlement_value((0, 2), &dwelling, &empty),
            Err(LandscapeError::NotThere(0, 2, "settlement"))
        );
    }
}
