//! The histogram(s) of a run as an SVG picture: one bar per bin and side (sides side by
//! side in each bin), a count axis, bin labels, and a legend naming each side.

use super::histogram::Bins;
use super::run::Run;
use std::fmt::Write;

const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 420.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 70.0;
const BOTTOM: f64 = 60.0;
const COLOURS: [&str; 2] = ["#4878d0", "#ee854a"];

/// The picture of `run`'s results.
pub fn histogram(run: &Run) -> String {
    let lists: Vec<Vec<i64>> = run.sides.iter().map(|s| s.totals()).collect();
    let bins = Bins::covering(lists.iter().map(Vec::as_slice));
    let columns: Vec<Vec<usize>> = lists.iter().map(|l| bins.counts(l)).collect();
    let top = columns.iter().flatten().copied().max().unwrap_or(0).max(1);
    let step = tick_step(top);
    let axis_top = top.div_ceil(step) * step;
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let y = |count: usize| TOP + plot_h * (1.0 - count as f64 / axis_top as f64);
    let group = plot_w / bins.len as f64;
    let bar = group * 0.8 / columns.len().max(1) as f64;

    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(
        out,
        r#"<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>"#
    );
    let played = run.sides.first().map_or(0, |s| s.results.len());
    let _ = writeln!(
        out,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="14">Results of {} per side (seed {})</text>"#,
        WIDTH / 2.0,
        crate::script::words::count(played, "game"),
        run.seed
    );
    // Count axis with grid lines.
    let mut tick = 0;
    while tick <= axis_top {
        let ty = y(tick);
        let _ = writeln!(
            out,
            r##"<line x1="{LEFT}" y1="{ty:.1}" x2="{:.1}" y2="{ty:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">{tick}</text>"##,
            WIDTH - RIGHT,
            LEFT - 6.0,
            ty + 4.0
        );
        tick += step;
    }
    for (i, counts) in columns.iter().enumerate() {
        for (b, &count) in counts.iter().enumerate() {
            let x = LEFT + group * (b as f64 + 0.1) + bar * i as f64;
            let _ = writeln!(
                out,
                r#"<rect x="{x:.1}" y="{:.1}" width="{bar:.1}" height="{:.1}" fill="{}"><title>{}: {count}</title></rect>"#,
                y(count),
                y(0) - y(count),
                COLOURS[i.min(1)],
                escape(&bins.label(b))
            );
        }
    }
    for b in 0..bins.len {
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="10">{}</text>"#,
            LEFT + group * (b as f64 + 0.5),
            TOP + plot_h + 16.0,
            escape(&bins.label(b))
        );
    }
    let _ = writeln!(
        out,
        r##"<line x1="{LEFT}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#333"/>"##,
        y(0),
        WIDTH - RIGHT,
        y(0)
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" text-anchor="middle">result (score total)</text>"#,
        LEFT + plot_w / 2.0,
        HEIGHT - 22.0
    );
    let _ = writeln!(
        out,
        r#"<text transform="translate(16 {}) rotate(-90)" text-anchor="middle">games</text>"#,
        TOP + plot_h / 2.0
    );
    for i in 0..run.sides.len() {
        let ly = 42.0 + 14.0 * i as f64;
        let _ = writeln!(
            out,
            r#"<rect x="{LEFT}" y="{:.1}" width="10" height="10" fill="{}"/><text x="{}" y="{ly:.1}">{}</text>"#,
            ly - 9.0,
            COLOURS[i.min(1)],
            LEFT + 14.0,
            escape(&run.side_title(i))
        );
    }
    out.push_str("</svg>\n");
    out
}

/// A round step giving at most about 8 ticks up to `top`.
fn tick_step(top: usize) -> usize {
    let mut step = 1;
    loop {
        for m in [1, 2, 5] {
            if top.div_ceil(step * m) <= 8 {
                return step * m;
            }
        }
        step *= 10;
    }
}

/// Text made safe for XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
