//! Cells, sides and half-sides of the square grid.
//!
//! Sides are numbered N=0, E=1, S=2, W=3 and half-sides 0..8 clockwise from
//! the north-west corner (Nw Ne En Es Se Sw Ws Wn), so that one clockwise
//! quarter turn is `+1` on a side and `+2` on a half-side.

use std::fmt;

/// A cell of the table. `y` grows south (down the screen); the start tile is
/// at (0,0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl Pos {
    pub const fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }

    /// The cell across `side` (0..4, N E S W).
    pub(crate) fn step(self, side: usize) -> Pos {
        let (dx, dy) = SIDE_DELTA[side];
        Pos::new(self.x + dx, self.y + dy)
    }

    /// The 8 surrounding cells in reading order (by row, then column), so
    /// that anything derived from them is deterministic.
    pub(crate) fn ring(self) -> impl Iterator<Item = Pos> {
        (-1..=1)
            .flat_map(move |dy| (-1..=1).map(move |dx| Pos::new(self.x + dx, self.y + dy)))
            .filter(move |&p| p != self)
    }
}

/// `x,y`: the form players type, and the one used in feature labels.
impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Where and how a tile goes: `rotation` is in clockwise quarter turns, 0..=3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    pub pos: Pos,
    pub rotation: u8,
}

const SIDE_DELTA: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

pub(crate) const SIDE_LETTERS: [&str; 4] = ["N", "E", "S", "W"];
pub(crate) const SIDE_NAMES: [&str; 4] = ["north", "east", "south", "west"];
pub(crate) const HALF_EDGE_NAMES: [&str; 8] = ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"];

pub(crate) fn opposite(side: usize) -> usize {
    (side + 2) % 4
}

/// The neighbour's half-side that touches half-side `h`: across the shared
/// side, and mirrored (my Nw meets its Sw, my En meets its Wn).
pub(crate) fn facing_half_edge(h: usize) -> usize {
    ((h + 4) % 8) ^ 1
}

/// Turns a side bit set (bit i = side i) `rotation` quarter turns clockwise.
pub(crate) fn rotate_sides(sides: u8, rotation: u8) -> u8 {
    let r = u32::from(rotation % 4);
    ((sides << r) | (sides >> ((4 - r) % 4))) & 0xF
}

/// Turns a half-side bit set `rotation` quarter turns clockwise.
pub(crate) fn rotate_half_edges(halves: u8, rotation: u8) -> u8 {
    halves.rotate_left(2 * u32::from(rotation % 4))
}

/// Names of the set bits, in index order: "EW", "NwNe".
pub(crate) fn bit_names(bits: u8, names: &[&str]) -> String {
    names
        .iter()
        .enumerate()
        .filter(|(i, _)| bits & (1 << i) != 0)
        .map(|(_, n)| *n)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_maps_sides_and_half_sides_clockwise() {
        assert_eq!(rotate_sides(0b0001, 1), 0b0010); // N -> E
        assert_eq!(rotate_sides(0b1000, 1), 0b0001); // W -> N
        assert_eq!(rotate_sides(0b0101, 3), 0b1010);
        assert_eq!(rotate_sides(0b0011, 0), 0b0011);
        assert_eq!(rotate_half_edges(0b1000_0000, 1), 0b0000_0010); // Wn -> Ne
        assert_eq!(rotate_half_edges(0b0000_0001, 2), 0b0001_0000); // Nw -> Se
    }

    #[test]
    fn half_sides_meet_their_mirror_across_the_side() {
        let pairs = [(0, 5), (1, 4), (2, 7), (3, 6)]; // Nw-Sw Ne-Se En-Wn Es-Ws
        for (a, b) in pairs {
            assert_eq!(facing_half_edge(a), b);
            assert_eq!(facing_half_edge(b), a);
        }
    }

    #[test]
    fn ring_is_in_reading_order() {
        let ring: Vec<Pos> = Pos::new(0, 0).ring().collect();
        assert_eq!(ring.len(), 8);
        assert!(ring.windows(2).all(|w| (w[0].y, w[0].x) < (w[1].y, w[1].x)));
        assert_eq!(Pos::new(2, -1).to_string(), "2,-1");
        assert_eq!(bit_names(0b1010, &SIDE_LETTERS), "EW");
    }
}
