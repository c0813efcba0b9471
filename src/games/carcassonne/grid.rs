//! A dense cell map that grows with the placed area: lookups are an index,
//! and cloning copies a few hundred words rather than a whole-table grid.

use super::geometry::Pos;

const EMPTY: u32 = u32::MAX;
/// Spare rows and columns added on each growth, so growth is rare.
const MARGIN: i32 = 4;

#[derive(Clone, Debug, Default)]
pub(crate) struct Grid {
    origin: Pos,
    width: i32,
    height: i32,
    cells: Vec<u32>,
}

impl Grid {
    fn index(&self, pos: Pos) -> Option<usize> {
        let (dx, dy) = (pos.x - self.origin.x, pos.y - self.origin.y);
        if (0..self.width).contains(&dx) && (0..self.height).contains(&dy) {
            usize::try_from(dy * self.width + dx).ok()
        } else {
            None
        }
    }

    /// The value stored at `pos`, if any.
    pub fn get(&self, pos: Pos) -> Option<usize> {
        let cell = self.cells[self.index(pos)?];
        (cell != EMPTY).then_some(cell as usize)
    }

    pub fn set(&mut self, pos: Pos, value: usize) {
        if self.index(pos).is_none() {
            self.grow_to(pos);
        }
        if let Some(i) = self.index(pos) {
            self.cells[i] = u32::try_from(value).expect("fewer than 2^32 tiles");
        }
    }

    fn grow_to(&mut self, pos: Pos) {
        let (old_min, old_max) = if self.cells.is_empty() {
            (pos, pos)
        } else {
            (
                self.origin,
                Pos::new(
                    self.origin.x + self.width - 1,
                    self.origin.y + self.height - 1,
                ),
            )
        };
        let min = Pos::new(old_min.x.min(pos.x - MARGIN), old_min.y.min(pos.y - MARGIN));
        let max = Pos::new(old_max.x.max(pos.x + MARGIN), old_max.y.max(pos.y + MARGIN));
        let mut grown = Grid {
            origin: min,
            width: max.x - min.x + 1,
            height: max.y - min.y + 1,
            cells: vec![EMPTY; ((max.x - min.x + 1) * (max.y - min.y + 1)) as usize],
        };
        for y in 0..self.height {
            for x in 0..self.width {
                let p = Pos::new(self.origin.x + x, self.origin.y + y);
                if let (Some(from), Some(to)) = (self.index(p), grown.index(p)) {
                    grown.cells[to] = self.cells[from];
                }
            }
        }
        *self = grown;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grows_and_keeps_values() {
        let mut g = Grid::default();
        assert_eq!(g.get(Pos::new(0, 0)), None);
        g.set(Pos::new(0, 0), 0);
        g.set(Pos::new(-20, 3), 1);
        g.set(Pos::new(5, 30), 2);
        assert_eq!(g.get(Pos::new(0, 0)), Some(0));
        assert_eq!(g.get(Pos::new(-20, 3)), Some(1));
        assert_eq!(g.get(Pos::new(5, 30)), Some(2));
        assert_eq!(g.get(Pos::new(1, 0)), None);
        assert_eq!(g.get(Pos::new(1000, 0)), None);
    }
}
