//! Which part of the table a text picture shows: all of it, or as much as fits a
//! terminal, centred on one cell (the last tile placed) as far as the table's edges allow.

use super::geometry::Pos;
use std::ops::RangeInclusive;

/// Where a picture must fit, in columns and lines; `None`: no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Frame {
    pub width: Option<usize>,
    pub height: Option<usize>,
}

/// The cells a picture shows: columns `xs` by rows `ys`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    pub xs: RangeInclusive<i32>,
    pub ys: RangeInclusive<i32>,
}

/// How a window is drawn: `lead` columns of row numbers before the cells, one header
/// line above them, each cell `cell_width` columns by `cell_height` lines.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub lead: usize,
    pub cell_width: usize,
    pub cell_height: usize,
}

impl Window {
    /// The most of `self` that `frame` can hold, drawn as `layout` says, centred on
    /// `centre` (kept inside `self`); at least one cell.
    pub fn fitting(&self, frame: Frame, layout: Layout, centre: Pos) -> Window {
        let columns = frame
            .width
            .map(|w| w.saturating_sub(layout.lead) / layout.cell_width);
        let rows = frame
            .height
            .map(|h| h.saturating_sub(1) / layout.cell_height);
        Window {
            xs: span(&self.xs, columns, centre.x),
            ys: span(&self.ys, rows, centre.y),
        }
    }
}

/// `keep` values of `range` (at least one, all when `None` or more than it holds) around
/// `centre`, shifted back inside the range at its ends.
fn span(range: &RangeInclusive<i32>, keep: Option<usize>, centre: i32) -> RangeInclusive<i32> {
    let len = range.end() - range.start() + 1;
    let keep = keep.map_or(len, |k| i32::try_from(k).unwrap_or(len).clamp(1, len));
    let first = (centre - (keep - 1) / 2).clamp(*range.start(), range.end() - keep + 1);
    first..=first + keep - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAYOUT: Layout = Layout {
        lead: 3,
        cell_width: 7,
        cell_height: 3,
    };

    fn whole() -> Window {
        Window {
            xs: -5..=6,
            ys: -2..=9,
        }
    }

    fn frame(width: usize, height: usize) -> Frame {
        Frame {
            width: Some(width),
            height: Some(height),
        }
    }

    #[test]
    fn no_limit_shows_everything() {
        let w = whole().fitting(Frame::default(), LAYOUT, Pos::new(0, 0));
        assert_eq!(w, whole());
        let big = whole().fitting(frame(1000, 1000), LAYOUT, Pos::new(0, 0));
        assert_eq!(big, whole());
    }

    #[test]
    fn centred_on_the_cell_within_the_frame() {
        // 3 + 5 * 7 = 38 columns hold 5 cells; 1 + 4 * 3 = 13 lines hold 4 rows.
        let w = whole().fitting(frame(38, 13), LAYOUT, Pos::new(1, 4));
        assert_eq!(w.xs, -1..=3);
        assert_eq!(w.ys, 3..=6);
        let narrower = whole().fitting(frame(37, 12), LAYOUT, Pos::new(1, 4));
        assert_eq!((narrower.xs, narrower.ys), (0..=3, 3..=5));
    }

    #[test]
    fn pushed_back_inside_at_the_edges() {
        let w = whole().fitting(frame(38, 13), LAYOUT, Pos::new(-5, 9));
        assert_eq!((w.xs, w.ys), (-5..=-1, 6..=9));
        let far = whole().fitting(frame(38, 13), LAYOUT, Pos::new(6, -2));
        assert_eq!((far.xs, far.ys), (2..=6, -2..=1));
    }

    #[test]
    fn at_least_one_cell() {
        let w = whole().fitting(frame(0, 0), LAYOUT, Pos::new(2, 3));
        assert_eq!((w.xs, w.ys), (2..=2, 3..=3));
    }
}
