//! The SVG picture of an Ora et Labora table (`render`), read as a player would: cards
//! by their names (not ids), the wheel and the goods by the goods' names, no text or
//! box outside the picture, no two wheel labels on top of each other. Games of both
//! variants are played some random moves and drawn; a set-up table shows the clergy and
//! the forests. Text extents are estimated here on their own: characters × font size ×
//! 0.6 wide (DejaVu Sans averages about 0.55), one font size high.

use super::Oel;
use crate::common::{library, Game};
use crate::render::assert_well_formed;
use houserules::bot::{play_out, RandomBot};
use houserules::picture;
use houserules::script::{Limits, PictureInput};
use houserules::session::Session;
use rhai::Map;

/// One element of the picture: its tag, attributes and (for `<text>`) its words.
struct Element {
    tag: String,
    attrs: Vec<(String, String)>,
    text: String,
}

impl Element {
    fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn num(&self, name: &str) -> f64 {
        let v = self.attr(name).unwrap_or("0");
        v.parse()
            .unwrap_or_else(|_| panic!("<{}> {name}={v:?}", self.tag))
    }

    /// The box a text or a rect covers: (left, top, right, bottom).
    fn extent(&self) -> Option<(f64, f64, f64, f64)> {
        match self.tag.as_str() {
            "text" => {
                let (x, y, size) = (self.num("x"), self.num("y"), self.num("font-size"));
                let w = self.text.chars().count() as f64 * size * 0.6;
                let left = match self.attr("text-anchor") {
                    Some("middle") => x - w / 2.0,
                    Some("end") => x - w,
                    _ => x,
                };
                Some((left, y - size, left + w, y + size * 0.25))
            }
            "rect" if self.attr("width") != Some("100%") => {
                let (x, y) = (self.num("x"), self.num("y"));
                Some((x, y, x + self.num("width"), y + self.num("height")))
            }
            _ => None,
        }
    }
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// Every element, in document order.
fn elements(svg: &str) -> Vec<Element> {
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        rest = &rest[start + 1..];
        let end = rest.find('>').expect("a closed tag");
        let tag = &rest[..end];
        rest = &rest[end + 1..];
        if tag.starts_with(['/', '?']) {
            continue;
        }
        let name = tag
            .split_whitespace()
            .next()
            .unwrap_or("")
            .trim_end_matches('/');
        let mut attrs = Vec::new();
        for part in tag[name.len()..].split('"').collect::<Vec<_>>().chunks(2) {
            if let [key, value] = part {
                let key = key.trim().trim_end_matches('=').to_owned();
                attrs.push((key, unescape(value)));
            }
        }
        let text = if name == "text" || name == "title" {
            unescape(&rest[..rest.find('<').unwrap_or(0)])
        } else {
            String::new()
        };
        out.push(Element {
            tag: name.to_owned(),
            attrs,
            text,
        });
    }
    out
}

/// The picture's size, from the root's viewBox (and checked against width and height).
fn view_box(svg: &str) -> (f64, f64) {
    let all = elements(svg);
    let root = all.iter().find(|e| e.tag == "svg").expect("an <svg> root");
    let vb: Vec<f64> = root
        .attr("viewBox")
        .expect("a viewBox")
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(vb[..2], [0.0, 0.0]);
    assert_eq!((root.num("width"), root.num("height")), (vb[2], vb[3]));
    (vb[2], vb[3])
}

/// The texts and rects that reach outside the picture, described.
fn outside(svg: &str) -> Vec<String> {
    let (w, h) = view_box(svg);
    elements(svg)
        .iter()
        .filter_map(|e| Some((e, e.extent()?)))
        .filter(|(_, (l, t, r, b))| *l < 0.0 || *t < 0.0 || *r > w || *b > h)
        .map(|(e, b)| format!("<{}> {:?} {b:?} in {w}×{h}", e.tag, e.text))
        .collect()
}

/// The wheel's labels.
fn wheel_labels(svg: &str) -> Vec<Element> {
    elements(svg)
        .into_iter()
        .filter(|e| e.attr("class") == Some("wheel-label"))
        .collect()
}

/// The pairs of wheel labels whose boxes overlap.
fn overlapping_wheel_labels(svg: &str) -> Vec<(String, String)> {
    let labels = wheel_labels(svg);
    let mut pairs = Vec::new();
    for (i, a) in labels.iter().enumerate() {
        for b in &labels[i + 1..] {
            let (al, at, ar, ab) = a.extent().unwrap();
            let (bl, bt, br, bb) = b.extent().unwrap();
            if al < br && bl < ar && at < bb && bt < ab {
                pairs.push((a.text.clone(), b.text.clone()));
            }
        }
    }
    pairs
}

/// Every text of the picture, joined by spaces (a name broken over lines reads whole).
fn words(svg: &str) -> String {
    let texts: Vec<String> = elements(svg)
        .into_iter()
        .filter(|e| e.tag == "text")
        .map(|e| e.text)
        .collect();
    texts.join(" ")
}

fn doc(body: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"50\" viewBox=\"0 0 100 50\">\n{body}</svg>\n"
    )
}

#[test]
fn the_checks_catch_what_they_look_for() {
    let fits = r#"<text x="10" y="20" font-size="10" text-anchor="start">abc</text><rect x="0" y="0" width="100" height="50"/>"#;
    assert!(outside(&doc(fits)).is_empty());
    let long = r#"<text x="10" y="20" font-size="10">a text much too long for it</text>"#;
    assert_eq!(outside(&doc(long)).len(), 1);
    let centred = r#"<text x="3" y="20" font-size="10" text-anchor="middle">abc</text>"#;
    assert_eq!(outside(&doc(centred)).len(), 1);
    let low = r#"<rect x="0" y="30" width="10" height="21"/>"#;
    assert_eq!(outside(&doc(low)).len(), 1);
    let label = |y: i32| {
        format!(r#"<text x="10" y="{y}" font-size="10" class="wheel-label">coin: 3</text>"#)
    };
    let close = doc(&(label(20) + label(28).as_str()));
    assert_eq!(overlapping_wheel_labels(&close).len(), 1);
    let apart = doc(&(label(20) + label(34).as_str()));
    assert!(overlapping_wheel_labels(&apart).is_empty());
    assert_eq!(
        words(&doc(&(label(20) + "<text>Priory &amp; Co</text>"))),
        "coin: 3 Priory & Co"
    );
}

/// The card ids of the table: the display, the settlements in hand, both landscapes.
fn ids_on_table(g: &Game) -> Vec<String> {
    let ids = g.eval(
        "let ids = state.display + state.settlements;
         for land in [state.landscape, state.neutral] {
             for s in land.spaces() { if s.id != () { ids.push(s.id); } }
         }
         ids",
    );
    ids.into_typed_array().unwrap()
}

/// What a player reads in the picture of `g`'s table (`svg`): every card on the table by
/// its name and none by its id; the wheel and the goods by the goods' names.
fn assert_reads_like_the_table(g: &Game, svg: &str) {
    assert_well_formed(svg);
    assert_eq!(outside(svg), Vec::<String>::new());
    assert_eq!(overlapping_wheel_labels(svg), vec![]);
    let text = words(svg);
    for id in ids_on_table(g) {
        let name = g.text(&format!("state.cards.get(\"{id}\").name"));
        let keyed = format!("= {name}");
        assert!(
            text.contains(&name) || text.contains(&keyed),
            "{name} is not named"
        );
    }
    let all_ids: Vec<String> = g.eval("state.cards.ids()").into_typed_array().unwrap();
    for e in elements(svg).iter().filter(|e| e.tag == "text") {
        assert!(!all_ids.contains(&e.text), "the id {} is written", e.text);
    }
    // The wheel: one label an indicator, by the good it makes, with what it gives.
    let wheel: Vec<String> = g
        .eval("state.wheel.amounts().map(|a| a.name + \" \" + a.amount)")
        .into_typed_array()
        .unwrap();
    let labels: Vec<String> = wheel_labels(svg).into_iter().map(|e| e.text).collect();
    assert_eq!(labels.len(), wheel.len(), "{labels:?} for {wheel:?}");
    for entry in wheel {
        let (indicator, amount) = entry.split_once(' ').unwrap();
        let name = if indicator == "joker" {
            indicator.to_owned()
        } else {
            g.text(&format!("state.data.goods.info(\"{indicator}\").name"))
        };
        assert!(
            labels.contains(&format!("{name}: {amount}")),
            "{name} in {labels:?}"
        );
    }
    for basic in ["wood", "peat", "livestock", "grain", "clay", "coin"] {
        assert!(text.contains(&format!(" {basic} ")), "{basic} in the goods");
    }
    assert!(!text.contains("sheep"), "a good by its key: {text}");
}

/// The picture as the host asks the family for it.
fn picture_of(g: &mut Game) -> String {
    let score = g.rules.score(&mut g.state).unwrap();
    let state = g.state.read_lock::<Map>().unwrap().clone();
    let input = PictureInput {
        state: &state,
        score: &score,
        legend: vec!["a game".into(), "the sheet".into(), "in play".into()],
        moves: &[],
        captions: &g.rules.captions(&mut g.state).unwrap(),
    };
    g.rules.family().svg(input).unwrap().unwrap()
}

#[test]
fn games_of_both_variants_midway_read_like_the_table() {
    for variant in ["ora-et-labora-solo-ireland", "ora-et-labora-solo-france"] {
        for seed in [3, 8] {
            let mut s = Session::new(&library(), variant, &[], seed, Limits::default()).unwrap();
            play_out(&mut s, &mut RandomBot::seeded(seed), Some(90)).unwrap();
            let svg = picture::svg(&mut s).unwrap();
            let mut g = Game::new(variant, &[], seed);
            g.state = s.state().clone();
            assert_reads_like_the_table(&g, &svg);
            let round = g.int("state.round");
            assert!(
                words(&svg).contains(&format!("Round {round} of 31")),
                "{variant} {seed}"
            );
            assert_eq!(picture_of(&mut g).matches("<svg").count(), 1);
        }
    }
}

#[test]
fn clergy_forests_moors_and_settlements_are_drawn_as_such() {
    let mut o = Oel::ireland();
    let fresh = picture_of(&mut o.g);
    assert_reads_like_the_table(&o.g, &fresh);
    let count = |svg: &str, class: &str| svg.matches(&format!("class=\"{class}\"")).count();
    // The key shows one prior and one lay brother of each side.
    assert_eq!(
        (count(&fresh, "prior"), count(&fresh, "lay-brother")),
        (2, 2)
    );
    // Each forest and moor captioned, and the key's.
    for kind in ["forest", "moor"] {
        let n = o.g.int(&format!("state.landscape.count(\"{kind}\")"));
        let captions = elements(&fresh).iter().filter(|e| e.text == kind).count();
        assert_eq!(captions as i64, n + 1, "{kind}");
    }
    o.g.set(
        "landscape",
        "let l = state.landscape; l.settle(3, 0, \"S02\");
         l.place_clergy(4, 0, \"prior\"); l.place_clergy(4, 1, \"lay2\"); l",
    );
    o.g.set(
        "neutral",
        "let l = state.neutral; l.place_clergy(0, 0, \"lay1\"); l",
    );
    o.g.put(
        "goods",
        o.g.eval("state.data.goods.goods(#{ sheep: 4, coin5: 1 })"),
    );
    let svg = picture_of(&mut o.g);
    assert_reads_like_the_table(&o.g, &svg);
    assert_eq!((count(&svg, "prior"), count(&svg, "lay-brother")), (3, 4));
    let text = words(&svg);
    // The Farming Village beside the plains, the Clay Mound and an empty plains.
    let value =
        o.g.int("state.landscape.settlement_value(state.cards, state.data.table, 3, 0)");
    assert!(text.contains(&format!("scores {value}")), "{text}");
    assert!(
        text.contains(" livestock 4 ") && text.contains(" 5-coin 1 "),
        "{text}"
    );
    assert!(text.contains("Round 1 of 31 · actions: 2 left"));
    let total = o.score("total");
    assert!(text.contains(&format!("total {total} goal 500")), "{text}");
}

#[test]
fn a_crowded_wheel_keeps_its_labels_apart() {
    let mut o = Oel::ireland();
    // Indicators three spaces apart, two side by side, two sharing a space.
    o.g.set(
        "wheel",
        "let w = state.data.table.wheel(\"front\", [\"wood\", \"peat\", \"grain\", \"sheep\", \"clay\", \"coin\", \"joker\"]);
         for good in [\"wood\", \"peat\", \"grain\", \"sheep\"] {
             for i in 0..3 { w.rotate(false); }
             w.take(good);
         }
         w.rotate(false); w.take(\"clay\"); w.rotate(false);
         w",
    );
    let mut steps = o.g.ints(
        "let w = state.wheel; let out = []; for a in w.amounts() { out.push(w.steps(a.name)); } out",
    );
    steps.sort();
    assert_eq!(steps, [1, 2, 5, 8, 11, 12, 12]);
    let svg = picture_of(&mut o.g);
    assert_reads_like_the_table(&o.g, &svg);
    assert_eq!(wheel_labels(&svg).len(), 7);
}

#[test]
fn a_cards_cost_is_written_in_the_rules_words() {
    // The display's costs as the moves word them; a house rule that words costs its own
    // way changes the picture too (the picture has no wording of its own).
    let mut g = Game::new("ora-et-labora-solo-ireland", &[], 1);
    let first = g.text("state.display[0]");
    let cost = g.text(&format!("state.cost_text(state.cards.cost(\"{first}\"))"));
    let svg = picture_of(&mut g);
    let first_part = cost.split(", ").next().unwrap();
    assert!(words(&svg).contains(first_part), "{cost} in the picture");

    let lib = crate::common::TempLibrary::new();
    lib.write(
        "scripts/house/plain-costs.rhai",
        "fn cost_text(cost) { \"costs \" + cost.values().sum() }",
    );
    lib.write(
        "variants/plain-costs.toml",
        "name = \"plain-costs\"\nextends = \"ora-et-labora-solo-ireland\"\nscripts = [\"house/plain-costs.rhai\"]\n",
    );
    let mut session = lib.session("plain-costs", 1).unwrap();
    let svg = picture::svg(&mut session).unwrap();
    let total: i64 = g
        .ints(&format!("state.cards.cost(\"{first}\").values()"))
        .iter()
        .sum();
    assert!(
        words(&svg).contains(&format!("costs {total}")),
        "the house rule's words"
    );
    assert!(
        !words(&svg).contains(first_part),
        "the shipped words are gone"
    );
}
