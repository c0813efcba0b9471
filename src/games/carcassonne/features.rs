//! The feature graph: a union-find over the segments of placed tiles.
//!
//! Each root carries what scoring needs so that nothing is recounted after a
//! placement: open sides, pennants, meeple count and the set of tiles covered
//! (a bit set, because a feature may touch one tile through two segments and
//! must count it once).

use super::tile::SegmentKind;

/// A feature: the union-find root of its segments. A root stops being one
/// when its feature merges; the board resolves any id through `find`, so an
/// old id still names the feature that absorbed it.
pub type FeatureId = usize;

/// A summary of one feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureInfo {
    pub kind: SegmentKind,
    /// Distinct tiles covered.
    pub tiles: usize,
    pub pennants: usize,
    /// Roads and cities: no open side left. Cloisters: 8 neighbours. Fields: never.
    pub complete: bool,
    /// Roads and cities: sides facing an empty cell. Fields: half-sides
    /// facing an empty cell. Cloisters: empty cells around it.
    pub open_edges: usize,
}

#[derive(Clone, Debug)]
struct Node {
    parent: usize,
    kind: SegmentKind,
    /// Placement index of the node's tile.
    tile: usize,
    // Meaningful on roots only:
    size: usize,
    open: usize,
    pennants: usize,
    meeples: usize,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct FeatureGraph {
    nodes: Vec<Node>,
    /// `words` u64s per node: the tiles a root covers, by placement index.
    tile_bits: Vec<u64>,
    words: usize,
}

impl FeatureGraph {
    /// `tiles` is a capacity hint; more tiles still work.
    pub fn new(tiles: usize) -> FeatureGraph {
        FeatureGraph {
            nodes: Vec::new(),
            tile_bits: Vec::new(),
            words: tiles.div_ceil(64).max(1),
        }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// A new one-segment feature on tile `tile` with `open` open sides.
    pub fn add(&mut self, kind: SegmentKind, tile: usize, open: usize, pennant: bool) -> usize {
        if tile >= self.words * 64 {
            self.widen(tile / 64 + 1);
        }
        let id = self.nodes.len();
        let pennants = usize::from(pennant);
        self.nodes.push(Node {
            parent: id,
            kind,
            tile,
            size: 1,
            open,
            pennants,
            meeples: 0,
        });
        self.tile_bits.resize(self.tile_bits.len() + self.words, 0);
        self.tile_bits[id * self.words + tile / 64] |= 1 << (tile % 64);
        id
    }

    fn widen(&mut self, words: usize) {
        let mut bits = vec![0; self.nodes.len() * words];
        for (new, old) in bits
            .chunks_mut(words)
            .zip(self.tile_bits.chunks(self.words))
        {
            new[..old.len()].copy_from_slice(old);
        }
        self.tile_bits = bits;
        self.words = words;
    }

    /// No path compression, so queries work on `&self`; union by size keeps
    /// paths logarithmic.
    pub fn find(&self, mut n: usize) -> usize {
        while self.nodes[n].parent != n {
            n = self.nodes[n].parent;
        }
        n
    }

    /// Joins the features of `a` and `b` across one shared side (or half-side),
    /// which closes one open side on each.
    pub fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            self.nodes[ra].open = self.nodes[ra].open.saturating_sub(2);
            return;
        }
        let (big, small) = if self.nodes[ra].size >= self.nodes[rb].size {
            (ra, rb)
        } else {
            (rb, ra)
        };
        let s = self.nodes[small].clone();
        let root = &mut self.nodes[big];
        root.size += s.size;
        root.open = (root.open + s.open).saturating_sub(2);
        root.pennants += s.pennants;
        root.meeples += s.meeples;
        self.nodes[small].parent = big;
        for w in 0..self.words {
            self.tile_bits[big * self.words + w] |= self.tile_bits[small * self.words + w];
        }
    }

    pub fn kind(&self, n: usize) -> SegmentKind {
        self.nodes[n].kind
    }

    pub fn tile(&self, n: usize) -> usize {
        self.nodes[n].tile
    }

    pub fn open(&self, n: usize) -> usize {
        self.nodes[self.find(n)].open
    }

    pub fn pennants(&self, n: usize) -> usize {
        self.nodes[self.find(n)].pennants
    }

    pub fn meeples(&self, n: usize) -> usize {
        self.nodes[self.find(n)].meeples
    }

    pub fn add_meeple(&mut self, n: usize) {
        let r = self.find(n);
        self.nodes[r].meeples += 1;
    }

    pub fn clear_meeples(&mut self, n: usize) {
        let r = self.find(n);
        self.nodes[r].meeples = 0;
    }

    fn bits(&self, n: usize) -> &[u64] {
        let r = self.find(n);
        &self.tile_bits[r * self.words..(r + 1) * self.words]
    }

    pub fn tile_count(&self, n: usize) -> usize {
        self.bits(n).iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Placement indices of the tiles covered, ascending.
    pub fn tiles(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        self.bits(n).iter().enumerate().flat_map(|(w, &word)| {
            (0..64)
                .filter(move |b| word & (1 << b) != 0)
                .map(move |b| w * 64 + b)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_sum_counts_and_count_tiles_once() {
        let mut g = FeatureGraph::new(1);
        let a = g.add(SegmentKind::City, 0, 1, true);
        let b = g.add(SegmentKind::City, 1, 2, false);
        let c = g.add(SegmentKind::City, 1, 1, true);
        g.add_meeple(a);
        g.add_meeple(c);
        g.join(a, b);
        assert_eq!((g.open(a), g.tile_count(b)), (1, 2));
        g.join(b, c); // the same tile again, through another segment
        assert_eq!(g.find(a), g.find(c));
        assert_eq!(
            (g.open(c), g.tile_count(c), g.pennants(c), g.meeples(c)),
            (0, 2, 2, 2)
        );
        assert_eq!(g.tiles(a).collect::<Vec<_>>(), [0, 1]);
        g.clear_meeples(b);
        assert_eq!(g.meeples(a), 0);
    }

    #[test]
    fn widening_keeps_tile_sets() {
        let mut g = FeatureGraph::new(1);
        let first = g.add(SegmentKind::Road, 3, 1, false);
        let far = g.add(SegmentKind::Road, 130, 1, false);
        g.join(first, far);
        assert_eq!(g.tiles(far).collect::<Vec<_>>(), [3, 130]);
        assert_eq!(g.open(first), 0);
    }
}
