//! Text pictures for the scripts' `view()`: a landscape as a grid of spaces. Each cell
//! is the terrain's letter (W water, C coast, P plains, H hillside, M mountain), then
//! what lies there (a card as the caller names it, `forest`, `moor`, `^` on the
//! mountain's lower row, one space with the row above), then the clergyman on it in
//! brackets.
//! The wheel's text is its `Display`.

use super::landscape::Landscape;
use super::names::SHORT;
use super::space::Content;

/// A cell of card ids (`P L3(P)`), as `to_string` shows a landscape to a script's author.
pub const ID_CELL: usize = 10;
/// A cell of short names (`P CloistOff(P)`): the terrain letter and a space, the name,
/// a clergyman's mark, a space.
pub const NAME_CELL: usize = SHORT + 6;

/// The mark of a clergyman in pictures: the digit a name ends with ("lay1" → 1),
/// otherwise its first letter in capitals ("prior" → P).
pub fn clergy_mark(name: &str) -> String {
    match name.chars().last() {
        Some(d) if d.is_ascii_digit() => d.to_string(),
        _ => name
            .chars()
            .next()
            .map(|c| c.to_uppercase().to_string())
            .unwrap_or_default(),
    }
}

fn cell_text(l: &Landscape, col: i32, row: i32, card: &dyn Fn(&str) -> String) -> String {
    let Some(key) = l.key((col, row)) else {
        return String::new();
    };
    let Some(space) = l.space(key) else {
        return String::new();
    };
    let what = if key != (col, row) {
        "^".to_owned()
    } else {
        match &space.content {
            Content::Empty => String::new(),
            Content::Forest => "forest".to_owned(),
            Content::Moor => "moor".to_owned(),
            Content::Building(id) | Content::Settlement(id) => card(id),
        }
    };
    let clergy = match l.clergy_at(key).filter(|_| key == (col, row)) {
        Some(who) => format!("({})", clergy_mark(who)),
        None => String::new(),
    };
    format!("{} {what}{clergy}", space.terrain.letter())
}

/// The row numbers' margin left of the cells.
const MARGIN: usize = 4;

/// The landscape, one line per row, with column numbers above and row numbers left, in
/// cells `cell` characters wide, a card written as `card` names it. Where the columns
/// would run past `width`, they are drawn in bands of about equal size, one under the
/// other, each with its column numbers: a line broken by the terminal would scatter the
/// grid.
pub fn render_landscape(
    l: &Landscape,
    cell: usize,
    width: Option<usize>,
    card: &dyn Fn(&str) -> String,
) -> String {
    let cols: Vec<i32> = l.spaces().map(|((c, _), _)| c).collect();
    let (Some(left), Some(right)) = (cols.iter().min(), cols.iter().max()) else {
        return "(no spaces)".to_owned();
    };
    let columns: Vec<i32> = (*left..=*right).collect();
    // The last cell's trailing space is trimmed, so it may reach the width's last column.
    let fit = width.map_or(columns.len(), |w| {
        ((w + 1).saturating_sub(MARGIN) / cell).max(1)
    });
    let bands = columns.len().div_ceil(fit);
    columns
        .chunks(columns.len().div_ceil(bands))
        .map(|band| render_band(l, band, cell, card))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The landscape's rows in the columns of `band`.
fn render_band(l: &Landscape, band: &[i32], cell: usize, card: &dyn Fn(&str) -> String) -> String {
    let (top, bottom) = l.rows();
    let mut out = " ".repeat(MARGIN);
    for c in band {
        out += &format!("{c:<cell$}");
    }
    for r in top..=bottom {
        out += &format!("\n{r:>3} ");
        for &c in band {
            out += &format!("{:<cell$}", cell_text(l, c, r, card));
        }
    }
    out.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::super::landscape::tests::heartland;
    use super::super::table::tests::table;
    use super::*;

    #[test]
    fn clergy_marks() {
        assert_eq!(clergy_mark("prior"), "P");
        assert_eq!(clergy_mark("lay2"), "2");
        assert_eq!(clergy_mark(""), "");
    }

    #[test]
    fn a_landscape_as_text() {
        let t = table();
        let mut l = heartland();
        l.add_plot(0, &t.plots["mountain"]).unwrap();
        l.place_clergy((4, 1), "prior").unwrap();
        let ids = |id: &str| id.to_owned();
        let text = render_landscape(&l, ID_CELL, None, &ids);
        let expected = [
            "    0         1         2         3         4         5         6",
            "  0 P moor    P forest  P forest  P         H L1      H         M",
            "  1 P moor    P forest  P L2      P         P L3(P)   H         M ^",
        ];
        assert_eq!(text, expected.join("\n"));
        let named = render_landscape(&l, 14, None, &|id: &str| format!("card {id}"));
        assert!(
            named.contains("  1 P moor        P forest      P card L2     P "),
            "{named}"
        );
        assert_eq!(
            render_landscape(&Landscape::default(), ID_CELL, None, &ids),
            "(no spaces)"
        );
    }

    #[test]
    fn a_landscape_wider_than_the_width_is_drawn_in_bands() {
        let t = table();
        let mut l = heartland();
        l.add_plot(0, &t.plots["mountain"]).unwrap();
        let ids = |id: &str| id.to_owned();
        let banded = render_landscape(&l, ID_CELL, Some(50), &ids);
        let expected = [
            "    0         1         2         3",
            "  0 P moor    P forest  P forest  P",
            "  1 P moor    P forest  P L2      P",
            "    4         5         6",
            "  0 H L1      H         M",
            "  1 P L3      H         M ^",
        ];
        assert_eq!(
            banded,
            expected.join("\n"),
            "seven columns in bands of 4 and 3"
        );
        let exact = render_landscape(&l, ID_CELL, Some(4 + 7 * ID_CELL - 1), &ids);
        assert_eq!(
            exact.lines().count(),
            3,
            "one band when the last cell fits: {exact}"
        );
        assert_eq!(
            render_landscape(&l, ID_CELL, Some(3), &ids).lines().count(),
            7 * 3,
            "too narrow for a cell: a band a column"
        );
    }
}
