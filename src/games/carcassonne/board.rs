//! The table: placed tiles, the feature graph over their segments, and the
//! meeples standing on them. It answers "where does this fit", "what did
//! that complete", "who leads here" and "what is it worth", and decides no
//! rule: who scores, and when, is the caller's business.
//!
//! Every list it returns has a fixed order (placement order, or sorted), so
//! a seeded game replays identically.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::features::{FeatureGraph, FeatureId, FeatureInfo};
use super::geometry::{facing_half_edge, opposite, Placement, Pos, SIDE_NAMES};
use super::grid::Grid;
use super::points::PointValues;
use super::tile::{pack, Orientation, SegmentKind, Terrain, TileTypeId};
use super::tile_set::TileSet;

/// A tile on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedTile {
    pub tile: TileTypeId,
    pub rotation: u8,
}

/// One segment of a placed tile. `label` is unique on its tile ("road:EW").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SegmentView {
    pub index: usize,
    pub kind: SegmentKind,
    pub label: String,
    pub feature: FeatureId,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeepleView {
    pub pos: Pos,
    pub segment: usize,
    pub colour: u8,
    pub feature: FeatureId,
}

/// A meeple and what becomes of its feature: see [`Board::meeple_outlook`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeepleOutlook {
    pub colour: u8,
    pub open: usize,
    pub points: i64,
    pub fillers: usize,
}

/// A feature holding meeples and what a bot weighs of it: see
/// [`Board::feature_outlook`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureOutlook {
    pub feature: FeatureId,
    pub info: FeatureInfo,
    /// One colour a meeple, sorted (as [`Board::meeple_counts`] counts them).
    pub meeples: Vec<u8>,
    pub majority: Vec<u8>,
    pub points: i64,
    /// A field's bordered cities: how many are complete, how many not (0 and 0 for
    /// other kinds).
    pub cities: (usize, usize),
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("there is no tile type {0} in this tile set")]
    UnknownTile(TileTypeId),
    #[error("rotation {0} is not one of 0, 1, 2, 3")]
    BadRotation(u8),
    #[error("cell {0} already holds a tile")]
    Occupied(Pos),
    #[error("cell {0} has no tile beside it (touching at a corner does not count)")]
    NoNeighbour(Pos),
    #[error("at {pos} the {side} edge is {ours} but the tile to the {side} shows {theirs}")]
    EdgeMismatch {
        pos: Pos,
        side: &'static str,
        ours: Terrain,
        theirs: Terrain,
    },
    #[error("there is no tile at {0}")]
    NoTile(Pos),
    #[error("the tile at {pos} has no segment {segment} (it has {count})")]
    NoSuchSegment {
        pos: Pos,
        segment: usize,
        count: usize,
    },
    #[error("{feature} already holds a meeple")]
    FeatureOccupied {
        pos: Pos,
        segment: usize,
        feature: String,
    },
}

#[derive(Clone, Copy, Debug)]
struct Placed {
    pos: Pos,
    tile: TileTypeId,
    rotation: u8,
    /// Graph node of segment 0; segment i is `first_node + i`.
    first_node: usize,
}

#[derive(Clone, Copy, Debug)]
struct Meeple {
    node: usize,
    colour: u8,
}

/// The table of one game. Cloning copies a few small vectors, so callers
/// may clone it to try a move.
#[derive(Clone, Debug)]
pub struct Board {
    tiles: Arc<TileSet>,
    points: PointValues,
    /// In placement order; a tile's index here is its graph `tile`.
    placed: Vec<Placed>,
    grid: Grid,
    /// Empty cells beside a tile, as (y, x) so iteration is in reading order.
    frontier: BTreeSet<(i32, i32)>,
    graph: FeatureGraph,
    /// Sorted by node, hence by placement order then segment.
    meeples: Vec<Meeple>,
    min: Pos,
    max: Pos,
}

impl Board {
    pub fn new(tiles: Arc<TileSet>) -> Board {
        Board {
            points: tiles.points(),
            graph: FeatureGraph::new(tiles.total()),
            tiles,
            placed: Vec::new(),
            grid: Grid::default(),
            frontier: BTreeSet::new(),
            meeples: Vec::new(),
            min: Pos::new(0, 0),
            max: Pos::new(0, 0),
        }
    }

    pub fn tile_set(&self) -> &TileSet {
        &self.tiles
    }

    pub fn set_points(&mut self, points: PointValues) {
        self.points = points;
    }

    pub fn points_table(&self) -> PointValues {
        self.points
    }

    /// Puts the first tile at (0,0), rotation 0. Panics if the board is not
    /// empty or the type is unknown: both are setup bugs, not player moves.
    pub fn place_start(&mut self, tile: TileTypeId) {
        assert!(
            self.placed.is_empty(),
            "place_start on a board that already has tiles"
        );
        assert!(
            tile < self.tiles.types().len(),
            "place_start with unknown tile type {tile}"
        );
        self.put(
            tile,
            Placement {
                pos: Pos::new(0, 0),
                rotation: 0,
            },
        );
    }

    /// Sorted by (y, x, rotation). Rotations of a symmetric tile that look
    /// alike are all listed. An unknown tile type fits nowhere.
    pub fn legal_placements(&self, tile: TileTypeId) -> Vec<Placement> {
        self.placements(tile).collect()
    }

    pub fn fits_anywhere(&self, tile: TileTypeId) -> bool {
        self.placements(tile).next().is_some()
    }

    fn placements(&self, tile: TileTypeId) -> impl Iterator<Item = Placement> + '_ {
        let cells = self.frontier.iter().map(|&(y, x)| Pos::new(x, y));
        self.placements_in(tile, cells)
    }

    /// The legal placements of `tile` in `cells`, empty cells beside a tile.
    fn placements_in<'a>(
        &'a self,
        tile: TileTypeId,
        cells: impl Iterator<Item = Pos> + 'a,
    ) -> impl Iterator<Item = Placement> + 'a {
        let orientations = self.tiles.orientations(tile);
        cells.flat_map(move |pos| {
            let (required, mask) = self.constraints(pos);
            orientations
                .into_iter()
                .flatten()
                .zip(0u8..)
                .filter(move |(o, _)| (o.packed ^ required) & mask == 0)
                .map(move |(_, rotation)| Placement { pos, rotation })
        })
    }

    /// The terrains the neighbours of an empty cell impose, packed like
    /// [`Orientation::packed`], and a mask of the sides that have a neighbour.
    fn constraints(&self, pos: Pos) -> (u8, u8) {
        let mut edges = [None; 4];
        let mut mask = 0;
        for (side, edge) in edges.iter_mut().enumerate() {
            if let Some(n) = self.placed_at(pos.step(side)) {
                *edge = Some(self.orientation(n).edges[opposite(side)]);
                mask |= 0b11 << (2 * side);
            }
        }
        (pack(edges), mask)
    }

    /// Places a tile after checking it is legal, and returns the roads,
    /// cities and cloisters it completed: its own segments' features in
    /// segment order, then neighbouring cloisters in reading order. On error
    /// the board is unchanged.
    pub fn place(&mut self, tile: TileTypeId, at: Placement) -> Result<Vec<FeatureId>, BoardError> {
        self.check(tile, at)?;
        Ok(self.put(tile, at))
    }

    fn check(&self, tile: TileTypeId, at: Placement) -> Result<(), BoardError> {
        if tile >= self.tiles.types().len() {
            return Err(BoardError::UnknownTile(tile));
        }
        if at.rotation > 3 {
            return Err(BoardError::BadRotation(at.rotation));
        }
        if self.grid.get(at.pos).is_some() {
            return Err(BoardError::Occupied(at.pos));
        }
        let ours = self.tiles.orientation(tile, at.rotation);
        let mut neighbours = 0;
        for (side, (&mine, name)) in ours.edges.iter().zip(SIDE_NAMES).enumerate() {
            if let Some(n) = self.placed_at(at.pos.step(side)) {
                neighbours += 1;
                let theirs = self.orientation(n).edges[opposite(side)];
                if mine != theirs {
                    let (pos, side, ours) = (at.pos, name, mine);
                    return Err(BoardError::EdgeMismatch {
                        pos,
                        side,
                        ours,
                        theirs,
                    });
                }
            }
        }
        if neighbours == 0 {
            return Err(BoardError::NoNeighbour(at.pos));
        }
        Ok(())
    }

    /// Places without checks and joins the new segments to their neighbours.
    fn put(&mut self, tile: TileTypeId, at: Placement) -> Vec<FeatureId> {
        let (pos, index, first_node) = (at.pos, self.placed.len(), self.graph.len());
        let segments = &self.tiles.types()[tile].segments;
        for seg in segments {
            let open = match seg.kind {
                SegmentKind::City | SegmentKind::Road => seg.edges.count_ones(),
                SegmentKind::Field => seg.half_edges.count_ones(),
                SegmentKind::Cloister => 0,
            };
            self.graph.add(seg.kind, index, open as usize, seg.pennant);
        }
        self.placed.push(Placed {
            pos,
            tile,
            rotation: at.rotation,
            first_node,
        });
        self.grid.set(pos, index);
        self.frontier.remove(&(pos.y, pos.x));
        if index == 0 {
            (self.min, self.max) = (pos, pos);
        } else {
            self.min = Pos::new(self.min.x.min(pos.x), self.min.y.min(pos.y));
            self.max = Pos::new(self.max.x.max(pos.x), self.max.y.max(pos.y));
        }

        let ours = self.tiles.orientation(tile, at.rotation);
        for side in 0..4 {
            let cell = pos.step(side);
            let Some(n) = self.placed_at(cell).copied() else {
                self.frontier.insert((cell.y, cell.x));
                continue;
            };
            let theirs = self.tiles.orientation(n.tile, n.rotation);
            if let (Some(a), Some(b)) =
                (ours.side_segment[side], theirs.side_segment[opposite(side)])
            {
                self.graph.join(first_node + a, n.first_node + b);
            }
            for half in [2 * side, 2 * side + 1] {
                let facing = theirs.half_segment[facing_half_edge(half)];
                if let (Some(a), Some(b)) = (ours.half_segment[half], facing) {
                    self.graph.join(first_node + a, n.first_node + b);
                }
            }
        }

        let mut completed = Vec::new();
        for (i, seg) in segments.iter().enumerate() {
            let root = self.graph.find(first_node + i);
            let done = match seg.kind {
                SegmentKind::City | SegmentKind::Road => self.graph.open(root) == 0,
                SegmentKind::Cloister => self.neighbour_count(pos) == 8,
                SegmentKind::Field => false,
            };
            if done && !completed.contains(&root) {
                completed.push(root);
            }
        }
        for cell in pos.ring() {
            if let Some(cloister) = self.cloister_node(cell) {
                if self.neighbour_count(cell) == 8 {
                    completed.push(cloister);
                }
            }
        }
        completed
    }

    fn placed_at(&self, pos: Pos) -> Option<&Placed> {
        self.grid.get(pos).map(|i| &self.placed[i])
    }

    fn orientation(&self, p: &Placed) -> &Orientation {
        self.tiles.orientation(p.tile, p.rotation)
    }

    fn segment_count(&self, p: &Placed) -> usize {
        self.tiles.types()[p.tile].segments.len()
    }

    /// A cloister is never joined, so its node is its feature.
    fn cloister_node(&self, pos: Pos) -> Option<usize> {
        let p = self.placed_at(pos)?;
        let segments = &self.tiles.types()[p.tile].segments;
        let i = segments
            .iter()
            .position(|s| s.kind == SegmentKind::Cloister)?;
        Some(p.first_node + i)
    }

    pub fn tile_at(&self, pos: Pos) -> Option<PlacedTile> {
        self.placed_at(pos).map(|p| PlacedTile {
            tile: p.tile,
            rotation: p.rotation,
        })
    }

    pub fn placed_count(&self) -> usize {
        self.placed.len()
    }

    pub fn last_placed(&self) -> Option<Pos> {
        self.placed.last().map(|p| p.pos)
    }

    /// In placement order.
    pub fn placed_positions(&self) -> Vec<Pos> {
        self.placed.iter().map(|p| p.pos).collect()
    }

    /// The corners (min, max) of the placed area; (0,0), (0,0) when empty.
    pub fn bounds(&self) -> (Pos, Pos) {
        (self.min, self.max)
    }

    pub fn segments_at(&self, pos: Pos) -> Vec<SegmentView> {
        let Some(p) = self.placed_at(pos) else {
            return Vec::new();
        };
        let labels = &self.orientation(p).labels;
        self.tiles.types()[p.tile]
            .segments
            .iter()
            .zip(labels)
            .enumerate()
            .map(|(index, (seg, label))| SegmentView {
                index,
                kind: seg.kind,
                label: label.clone(),
                feature: self.graph.find(p.first_node + index),
            })
            .collect()
    }

    /// Segments whose feature holds no meeple, fields included.
    pub fn free_segments(&self, pos: Pos) -> Vec<SegmentView> {
        let mut segments = self.segments_at(pos);
        segments.retain(|s| self.graph.meeples(s.feature) == 0);
        segments
    }

    fn node_at(&self, pos: Pos, segment: usize) -> Result<usize, BoardError> {
        let p = self.placed_at(pos).ok_or(BoardError::NoTile(pos))?;
        let count = self.segment_count(p);
        if segment >= count {
            return Err(BoardError::NoSuchSegment {
                pos,
                segment,
                count,
            });
        }
        Ok(p.first_node + segment)
    }

    /// Puts a meeple on a segment of any placed tile; which tile is allowed
    /// is the caller's rule. Refused if the feature already holds a meeple.
    pub fn place_meeple(
        &mut self,
        pos: Pos,
        segment: usize,
        colour: u8,
    ) -> Result<FeatureId, BoardError> {
        let node = self.node_at(pos, segment)?;
        let root = self.graph.find(node);
        if self.graph.meeples(root) > 0 {
            let feature = self.feature_label(root);
            return Err(BoardError::FeatureOccupied {
                pos,
                segment,
                feature,
            });
        }
        self.graph.add_meeple(root);
        let at = self.meeples.partition_point(|m| m.node < node);
        self.meeples.insert(at, Meeple { node, colour });
        Ok(root)
    }

    pub fn feature_at(&self, pos: Pos, segment: usize) -> Option<FeatureId> {
        self.node_at(pos, segment).ok().map(|n| self.graph.find(n))
    }

    /// Whether `f` names a feature here. Every method taking a `FeatureId`
    /// panics on one that does not, so check ids that come from scripts.
    /// An id from before a merge still names the merged feature.
    pub fn has_feature(&self, f: FeatureId) -> bool {
        f < self.graph.len()
    }

    pub fn feature(&self, f: FeatureId) -> FeatureInfo {
        let kind = self.graph.kind(f);
        let open_edges = match kind {
            SegmentKind::Cloister => 8 - self.neighbour_count(self.placed[self.graph.tile(f)].pos),
            _ => self.graph.open(f),
        };
        FeatureInfo {
            kind,
            tiles: self.graph.tile_count(f),
            pennants: self.graph.pennants(f),
            complete: kind != SegmentKind::Field && open_edges == 0,
            open_edges,
        }
    }

    fn meeples_in(&self, f: FeatureId) -> impl Iterator<Item = &Meeple> + '_ {
        let root = self.graph.find(f);
        let any = self.graph.meeples(root) > 0;
        self.meeples
            .iter()
            .filter(move |m| any && self.graph.find(m.node) == root)
    }

    /// (colour, meeples) for each colour present, by colour.
    pub fn meeple_counts(&self, f: FeatureId) -> Vec<(u8, usize)> {
        let mut colours: Vec<u8> = self.meeples_in(f).map(|m| m.colour).collect();
        colours.sort_unstable();
        counts_of(&colours)
    }

    /// The colours tied for the most meeples, sorted; empty with no meeple.
    pub fn majority(&self, f: FeatureId) -> Vec<u8> {
        majority_of(&self.meeple_counts(f))
    }

    /// Takes every meeple off the feature; one colour entry per meeple, in
    /// board order.
    pub fn remove_meeples(&mut self, f: FeatureId) -> Vec<u8> {
        let removed: Vec<u8> = self.meeples_in(f).map(|m| m.colour).collect();
        if !removed.is_empty() {
            let root = self.graph.find(f);
            let graph = &self.graph;
            self.meeples.retain(|m| graph.find(m.node) != root);
            self.graph.clear_meeples(root);
        }
        removed
    }

    /// What the feature is worth now: completed values if complete, end of
    /// game values if not; fields by the cities they border.
    pub fn points(&self, f: FeatureId) -> i64 {
        self.points_of(&self.feature(f), self.bordered_city_counts(f))
    }

    /// The points of a feature described by `info`, a field by its bordered cities
    /// (complete, not complete).
    fn points_of(&self, info: &FeatureInfo, cities: (usize, usize)) -> i64 {
        let p = &self.points;
        match info.kind {
            SegmentKind::Road => p.road(info.tiles, info.complete),
            SegmentKind::City => p.city(info.tiles, info.pennants, info.complete),
            SegmentKind::Cloister => p.cloister(8 - info.open_edges),
            SegmentKind::Field => p.field(cities.0, cities.1),
        }
    }

    /// A field's bordered cities: how many are complete, how many not (0 and 0 for
    /// other kinds).
    fn bordered_city_counts(&self, f: FeatureId) -> (usize, usize) {
        let cities = self.bordered_cities(f);
        let done = cities.iter().filter(|&&c| self.feature(c).complete).count();
        (done, cities.len() - done)
    }

    /// The cities a field touches, each once; empty for other kinds.
    pub fn bordered_cities(&self, field: FeatureId) -> Vec<FeatureId> {
        let root = self.graph.find(field);
        let mut cities = Vec::new();
        if self.graph.kind(root) != SegmentKind::Field {
            return cities;
        }
        for t in self.graph.tiles(root) {
            let p = &self.placed[t];
            for (i, seg) in self.tiles.types()[p.tile].segments.iter().enumerate() {
                if self.graph.find(p.first_node + i) == root {
                    cities.extend(
                        seg.borders
                            .iter()
                            .map(|&c| self.graph.find(p.first_node + c)),
                    );
                }
            }
        }
        cities.sort_unstable();
        cities.dedup();
        cities
    }

    /// Filled cells among the 8 around `pos`.
    pub fn neighbour_count(&self, pos: Pos) -> usize {
        pos.ring().filter(|&p| self.grid.get(p).is_some()).count()
    }

    /// In placement order of their tiles, then segment order.
    pub fn meeples(&self) -> Vec<MeepleView> {
        self.meeples
            .iter()
            .map(|m| {
                let p = &self.placed[self.graph.tile(m.node)];
                MeepleView {
                    pos: p.pos,
                    segment: m.node - p.first_node,
                    colour: m.colour,
                    feature: self.graph.find(m.node),
                }
            })
            .collect()
    }

    /// Each occupied feature once, in the order of its first meeple.
    pub fn features_with_meeples(&self) -> Vec<FeatureId> {
        self.meeples_by_feature()
            .into_iter()
            .map(|(f, _)| f)
            .collect()
    }

    /// Each occupied feature once, in the order of its first meeple, with the colours
    /// of its meeples in board order: one pass over the meeples.
    fn meeples_by_feature(&self) -> Vec<(FeatureId, Vec<u8>)> {
        let mut occupied: Vec<(FeatureId, Vec<u8>)> = Vec::new();
        for m in &self.meeples {
            let root = self.graph.find(m.node);
            match occupied.iter_mut().find(|(f, _)| *f == root) {
                Some((_, colours)) => colours.push(m.colour),
                None => occupied.push((root, vec![m.colour])),
            }
        }
        occupied
    }

    /// Every feature holding meeples (in the order of [`Board::features_with_meeples`])
    /// with its kind and sides, meeples, majority, points and, for a field, its bordered
    /// cities complete and not: what a bot's loop over the occupied features weighs,
    /// asked at once (the Invaders evaluation's questions, one at a time, were half of a
    /// greedy game).
    pub fn feature_outlook(&self) -> Vec<FeatureOutlook> {
        // One pass over the meeples (asking each feature for its own would pass over
        // all of them for every feature).
        self.meeples_by_feature()
            .into_iter()
            .map(|(f, mut meeples)| {
                meeples.sort_unstable();
                let info = self.feature(f);
                let cities = self.bordered_city_counts(f);
                FeatureOutlook {
                    feature: f,
                    majority: majority_of(&counts_of(&meeples)),
                    meeples,
                    points: self.points_of(&info, cities),
                    info,
                    cities,
                }
            })
            .collect()
    }

    /// A name for the feature that players can read and that stays the same
    /// until the feature changes: kind@x,y of its first-placed tile plus that
    /// tile's segment sides, e.g. "road@2,-1:E", "cloister@0,1".
    pub fn feature_label(&self, f: FeatureId) -> String {
        let root = self.graph.find(f);
        let first = self
            .graph
            .tiles(root)
            .next()
            .expect("a feature covers a tile");
        let p = &self.placed[first];
        let segment = (0..self.segment_count(p))
            .find(|&i| self.graph.find(p.first_node + i) == root)
            .expect("a feature has a segment on each tile it covers");
        let label = &self.orientation(p).labels[segment];
        match label.split_once(':') {
            Some((kind, sides)) => format!("{kind}@{}:{sides}", p.pos),
            None => format!("{label}@{}", p.pos),
        }
    }

    /// Distinct cells, in placement order.
    /// The empty cells the open sides of a road, city or cloister face (a cloister's:
    /// its empty neighbours), in reading order; none for a field.
    pub fn open_cells(&self, f: FeatureId) -> Vec<Pos> {
        let root = self.graph.find(f);
        let mut cells: Vec<Pos> = match self.graph.kind(root) {
            SegmentKind::Field => Vec::new(),
            SegmentKind::Cloister => {
                let at = self.placed[self.graph.tile(root)].pos;
                at.ring().filter(|&c| self.placed_at(c).is_none()).collect()
            }
            SegmentKind::City | SegmentKind::Road => self
                .graph
                .tiles(root)
                .flat_map(|t| {
                    let p = &self.placed[t];
                    let sides = self.orientation(p).side_segment;
                    (0..4).filter_map(move |side| {
                        let segment = sides[side]?;
                        let cell = p.pos.step(side);
                        (self.graph.find(p.first_node + segment) == root
                            && self.placed_at(cell).is_none())
                        .then_some(cell)
                    })
                })
                .collect(),
        };
        cells.sort_by_key(|c| (c.y, c.x));
        cells.dedup();
        cells
    }

    /// Whether some copy of a tile not on the board yet fits the empty cell `pos`. A
    /// player can count the tiles on the table, so this is no hidden information.
    pub fn fillable(&self, pos: Pos) -> bool {
        self.fitting_copies(&self.copies_left(), pos)
            .next()
            .is_some()
    }

    /// The fewest tiles not on the board yet that fit one of the open cells of `f`: 0 for
    /// a dead end, every tile left for a feature with no open cell. A feature waiting for
    /// a tile few others match is completed late, and its meeples come back late.
    pub fn fewest_fillers(&self, f: FeatureId) -> usize {
        self.fewest_fillers_of(&self.copies_left(), f)
    }

    /// [`Board::fewest_fillers`] of `f`, `left` being [`Board::copies_left`]: one count
    /// of the tiles left serves a whole board's features.
    fn fewest_fillers_of(&self, left: &[i64], f: FeatureId) -> usize {
        let fewest = self
            .open_cells(f)
            .into_iter()
            .map(|c| self.fitting_copies(left, c).sum::<i64>())
            .min();
        fewest.unwrap_or_else(|| left.iter().sum()) as usize
    }

    /// Every meeple's colour with what becomes of its feature: its open sides, its
    /// points now and its fewest fillers (as [`Board::fewest_fillers`]). What a bot
    /// weighs for each meeple, asked at once: four questions a meeple cost a greedy
    /// solo game a quarter of its time.
    pub fn meeple_outlook(&self) -> Vec<MeepleOutlook> {
        let left = self.copies_left();
        self.meeples
            .iter()
            .map(|m| {
                let f = self.graph.find(m.node);
                let info = self.feature(f);
                MeepleOutlook {
                    colour: m.colour,
                    open: info.open_edges,
                    points: self.points_of(&info, self.bordered_city_counts(f)),
                    fillers: self.fewest_fillers_of(&left, f),
                }
            })
            .collect()
    }

    /// Of `left` (copies by tile type), those of the types that fit `pos` in some rotation.
    fn fitting_copies<'a>(&'a self, left: &'a [i64], pos: Pos) -> impl Iterator<Item = i64> + 'a {
        let (required, mask) = self.constraints(pos);
        left.iter().enumerate().filter_map(move |(tile, &n)| {
            (n > 0
                && self
                    .tiles
                    .orientations(tile)
                    .into_iter()
                    .flatten()
                    .any(|o| (o.packed ^ required) & mask == 0))
            .then_some(n)
        })
    }

    /// How many copies of each tile type are not on the board yet (a discarded tile
    /// counts as not placed).
    fn copies_left(&self) -> Vec<i64> {
        let mut left: Vec<i64> = self
            .tiles
            .types()
            .iter()
            .map(|t| i64::from(t.count))
            .collect();
        for p in &self.placed {
            left[p.tile] -= 1;
        }
        left
    }

    /// How many of the tiles not on the board yet fit somewhere with none of their
    /// segments of `kinds` free: each joins a feature that already holds a meeple. A
    /// cloister is never joined, so a cloister tile never counts when `kinds` names
    /// cloisters. Lets a rule or a bot price the risk of a draw that needs a meeple.
    pub fn placeable_without_free(&self, kinds: &[SegmentKind]) -> usize {
        // Where a tile has a segment of `kinds`, only a cell beside a feature that holds
        // a meeple can take it.
        let cells: Vec<Pos> = self
            .frontier
            .iter()
            .map(|&(y, x)| Pos::new(x, y))
            .filter(|&c| self.touches_taken(c))
            .collect();
        self.copies_left()
            .iter()
            .enumerate()
            .filter(|&(tile, &n)| n > 0 && self.fits_without_free(tile, kinds, &cells))
            .map(|(_, &n)| n as usize)
            .sum()
    }

    /// Whether a side or half-side of a neighbour of the empty cell `pos` belongs to a
    /// feature that holds a meeple.
    fn touches_taken(&self, pos: Pos) -> bool {
        (0..4).any(|side| {
            self.placed_at(pos.step(side)).is_some_and(|n| {
                let theirs = self.orientation(n);
                let facing = opposite(side);
                let halves = [2 * facing, 2 * facing + 1].map(|h| theirs.half_segment[h]);
                std::iter::once(theirs.side_segment[facing])
                    .chain(halves)
                    .flatten()
                    .any(|segment| self.graph.meeples(n.first_node + segment) > 0)
            })
        })
    }

    fn fits_without_free(&self, tile: TileTypeId, kinds: &[SegmentKind], cells: &[Pos]) -> bool {
        let segments = &self.tiles.types()[tile].segments;
        if !segments.iter().any(|s| kinds.contains(&s.kind)) {
            return self.fits_anywhere(tile);
        }
        self.placements_in(tile, cells.iter().copied()).any(|at| {
            let ours = self.tiles.orientation(tile, at.rotation);
            segments
                .iter()
                .enumerate()
                .filter(|(_, s)| kinds.contains(&s.kind))
                .all(|(i, _)| self.joins_taken(at.pos, ours, i))
        })
    }

    /// Whether segment `segment` of a tile put at `pos` as `ours` would join a
    /// neighbour's feature that holds a meeple.
    fn joins_taken(&self, pos: Pos, ours: &Orientation, segment: usize) -> bool {
        let taken = |n: &Placed, theirs: Option<usize>| {
            theirs.is_some_and(|b| self.graph.meeples(n.first_node + b) > 0)
        };
        (0..4).any(|side| {
            let Some(n) = self.placed_at(pos.step(side)) else {
                return false;
            };
            let theirs = self.orientation(n);
            let by_side = ours.side_segment[side] == Some(segment)
                && taken(n, theirs.side_segment[opposite(side)]);
            by_side
                || [2 * side, 2 * side + 1].into_iter().any(|half| {
                    ours.half_segment[half] == Some(segment)
                        && taken(n, theirs.half_segment[facing_half_edge(half)])
                })
        })
    }

    pub fn feature_tiles(&self, f: FeatureId) -> Vec<Pos> {
        self.graph.tiles(f).map(|t| self.placed[t].pos).collect()
    }
}

/// The colours tied for the most meeples in `counts` ((colour, meeples), by colour).
fn majority_of(counts: &[(u8, usize)]) -> Vec<u8> {
    let top = counts.iter().map(|&(_, n)| n).max().unwrap_or(0);
    counts
        .iter()
        .filter(|&&(_, n)| n == top)
        .map(|&(c, _)| c)
        .collect()
}

/// (colour, meeples) for each colour in `sorted` (one colour a meeple, sorted).
fn counts_of(sorted: &[u8]) -> Vec<(u8, usize)> {
    let mut counts: Vec<(u8, usize)> = Vec::new();
    for &c in sorted {
        match counts.last_mut() {
            Some((last, n)) if *last == c => *n += 1,
            _ => counts.push((c, 1)),
        }
    }
    counts
}
