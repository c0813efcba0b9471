//! Paying an amount of food, energy or money out of a goods ledger.
//!
//! A payment is a selection of held goods whose value reaches the amount and that is
//! *minimal*: no single tile of it could be left out and still reach the amount, so a
//! payment never gives away a tile for nothing. Which minimal payment is the cheapest is
//! the rules' word (base.rhai's `payment_preference`): a list of [`Criterion`]s, the
//! first that differs deciding; ties go to the selection found first (goods in table
//! order). Money payments give change in 1-coins: whatever a minimal payment overpays (a
//! 5-coin for a price of 3) comes back. The rules decide which payments to offer; these
//! functions only count.

use super::goods::{Goods, GoodsError, Measure};

/// Why a chosen payment was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PaymentError {
    #[error(transparent)]
    Goods(#[from] GoodsError),
    #[error("the payment is worth {got}, {need} is needed")]
    TooLittle { got: i64, need: i64 },
    #[error("the payment gives away {0} for nothing: it reaches the amount without it")]
    Overpays(String),
    #[error("cannot pay {need}: only {have} is held")]
    CannotPay { have: i64, need: i64 },
    #[error("an amount of {0} is more than a payment can be (at most {MAX_AMOUNT})")]
    TooLarge(i64),
}

/// The largest amount these functions work out (the game never asks more than 30);
/// the search grows with the amount, so larger ones are refused.
pub const MAX_AMOUNT: i64 = 500;

/// What a payment can be compared by; of two payments, the one that gives less is
/// cheaper. Each is a sum over the tiles paid, so the cheapest payment of every value can
/// be found one good at a time ([`cheapest`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Criterion {
    /// The value paid beyond the amount (food and energy give no change).
    Overpaid,
    /// The points the goods paid would score.
    Points,
    /// The two other values of the goods paid (food, energy, money).
    OtherValues,
    /// The value paid with goods that are not basic (a beer or peat coal took work).
    MadeGoods,
    /// The tiles paid.
    Tiles,
}

impl Criterion {
    /// Every criterion with its name in the rules.
    pub const NAMED: [(&'static str, Criterion); 5] = [
        ("overpaid", Criterion::Overpaid),
        ("points", Criterion::Points),
        ("other_values", Criterion::OtherValues),
        ("made_goods", Criterion::MadeGoods),
        ("tiles", Criterion::Tiles),
    ];

    pub fn by_name(name: &str) -> Option<Criterion> {
        Self::NAMED
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, c)| c)
    }

    fn of(self, selection: &Goods, measure: Measure, amount: i64) -> i64 {
        match self {
            Criterion::Overpaid => selection.total(measure) - amount,
            Criterion::Points => selection.total(Measure::Points),
            Criterion::OtherValues => {
                let [a, b] = others(measure);
                selection.total(a) + selection.total(b)
            }
            Criterion::MadeGoods => made(selection, measure),
            Criterion::Tiles => selection.count(),
        }
    }
}

/// The criteria a payment is judged by, the first that differs deciding (at most one of
/// each).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preference(Vec<Criterion>);

impl Preference {
    /// A preference from criteria in order; `None` when one is named twice.
    pub fn new(criteria: Vec<Criterion>) -> Option<Preference> {
        let repeated = criteria
            .iter()
            .enumerate()
            .any(|(i, c)| criteria[..i].contains(c));
        (!repeated).then_some(Preference(criteria))
    }

    /// How `selection` ranks; smaller is cheaper.
    fn rank(&self, selection: &Goods, measure: Measure, amount: i64) -> Rank {
        let mut rank = [0; Criterion::NAMED.len()];
        for (slot, criterion) in rank.iter_mut().zip(&self.0) {
            *slot = criterion.of(selection, measure, amount);
        }
        rank
    }
}

/// A payment's place in a preference; smaller is cheaper.
type Rank = [i64; Criterion::NAMED.len()];

fn others(measure: Measure) -> [Measure; 2] {
    match measure {
        Measure::Food => [Measure::EnergyHalves, Measure::Money],
        Measure::EnergyHalves => [Measure::Food, Measure::Money],
        Measure::Money | Measure::Points => [Measure::Food, Measure::EnergyHalves],
    }
}

/// How much of `measure` the goods that are not basic give.
fn made(selection: &Goods, measure: Measure) -> i64 {
    selection
        .nonzero()
        .filter(|&(i, _)| !selection.table().def(i).basic)
        .map(|(i, n)| n * measure.of(selection.table(), i))
        .sum()
}

/// `(index, value, held)` for every held good worth something in `measure`, largest
/// value first: the search order.
fn candidates(held: &Goods, measure: Measure) -> Vec<(usize, i64, i64)> {
    let mut c: Vec<_> = held
        .nonzero()
        .map(|(i, n)| (i, measure.of(held.table(), i), n))
        .filter(|(_, v, _)| *v > 0)
        .collect();
    c.sort_by_key(|(i, v, _)| (-v, *i));
    c
}

/// The cheapest minimal payment (module doc), or `None` when the goods do not reach
/// `amount`. An amount of 0 or less is paid with nothing.
pub fn cheapest(
    held: &Goods,
    measure: Measure,
    amount: i64,
    preference: &Preference,
) -> Option<Goods> {
    if amount <= 0 {
        return Some(Goods::new(held.table().clone()));
    }
    if amount > MAX_AMOUNT || held.total(measure) < amount {
        return None;
    }
    let rank = |s: &Goods| preference.rank(s, measure, amount);
    let cands = candidates(held, measure);
    let largest = cands.first()?.1;
    // best[v]: the cheapest selection worth exactly v, for v below amount + largest
    // (a minimal payment never reaches further).
    let cap = (amount + largest) as usize;
    let empty = Goods::new(held.table().clone());
    let mut best: Vec<Option<Goods>> = vec![None; cap];
    best[0] = Some(empty);
    for &(i, value, n) in &cands {
        let before = best.clone();
        for (v, sel) in before.iter().enumerate() {
            let Some(sel) = sel.as_ref().filter(|_| (v as i64) < amount) else {
                continue;
            };
            for k in 1..=n {
                let nv = v as i64 + k * value;
                if nv as usize >= cap {
                    break;
                }
                let mut next = sel.clone();
                next.set_at(i, k);
                let better = best[nv as usize]
                    .as_ref()
                    .is_none_or(|b| rank(&next) < rank(b));
                if better {
                    best[nv as usize] = Some(next);
                }
                if nv >= amount {
                    break;
                }
            }
        }
    }
    best.into_iter()
        .skip(amount as usize)
        .flatten()
        .min_by_key(rank)
}

/// Up to `limit` minimal payments, cheapest first. Enumeration stops after a fixed
/// number of candidates (`SEARCH_LIMIT`), enough for every cost of the game; the cheapest
/// payment is always among the results.
pub fn minimal(
    held: &Goods,
    measure: Measure,
    amount: i64,
    limit: usize,
    preference: &Preference,
) -> Vec<Goods> {
    let mut found = Vec::new();
    if amount <= 0 {
        found.push(Goods::new(held.table().clone()));
        return found;
    }
    if amount > MAX_AMOUNT {
        return found;
    }
    let cands = candidates(held, measure);
    // reach[j]: the value of everything held from candidate j on.
    let mut reach = vec![0; cands.len() + 1];
    for j in (0..cands.len()).rev() {
        reach[j] = reach[j + 1] + cands[j].1 * cands[j].2;
    }
    let mut sel = Goods::new(held.table().clone());
    search(&cands, &reach, 0, 0, amount, &mut sel, &mut found);
    if let Some(c) = cheapest(held, measure, amount, preference) {
        if !found.contains(&c) {
            found.push(c);
        }
    }
    found.sort_by_key(|s| preference.rank(s, measure, amount));
    found.truncate(limit);
    found
}

/// How many minimal payments `minimal` looks at before it stops searching.
pub const SEARCH_LIMIT: usize = 4096;

fn search(
    cands: &[(usize, i64, i64)],
    reach: &[i64],
    j: usize,
    got: i64,
    amount: i64,
    sel: &mut Goods,
    found: &mut Vec<Goods>,
) {
    if found.len() >= SEARCH_LIMIT || got + reach[j] < amount {
        return;
    }
    let Some(&(i, value, n)) = cands.get(j) else {
        return;
    };
    // Candidates come largest first, so the last one added is the smallest tile: the
    // selection is minimal when leaving that one out falls short.
    let needed = (amount - got + value - 1) / value;
    for k in (0..=n.min(needed)).rev() {
        let total = got + k * value;
        sel.set_at(i, k);
        if total >= amount {
            if k > 0 && total - value < amount {
                found.push(sel.clone());
            }
        } else {
            search(cands, reach, j + 1, total, amount, sel, found);
        }
    }
    sel.set_at(i, 0);
}

/// Checks that `selection` is a minimal payment of `amount` out of `held`.
pub fn check(
    held: &Goods,
    measure: Measure,
    amount: i64,
    selection: &Goods,
) -> Result<(), PaymentError> {
    if !held.has(selection)? {
        let missing = selection
            .nonzero()
            .find(|&(i, n)| held.count_at(i) < n)
            .map(|(i, n)| (i, n, held.count_at(i)));
        if let Some((i, n, have)) = missing {
            return Err(GoodsError::NotEnough {
                good: held.table().def(i).key.clone(),
                have,
                need: n,
            }
            .into());
        }
    }
    let got = selection.total(measure);
    if got < amount {
        return Err(PaymentError::TooLittle { got, need: amount });
    }
    let spare = selection
        .nonzero()
        .find(|&(i, _)| got - measure.of(held.table(), i) >= amount);
    if let Some((i, _)) = spare {
        return Err(PaymentError::Overpays(held.table().def(i).key.clone()));
    }
    Ok(())
}

/// Pays `selection` (checked) out of `held`; money overpaid comes back as 1-coins.
pub fn pay_with(
    held: &mut Goods,
    measure: Measure,
    amount: i64,
    selection: &Goods,
) -> Result<(), PaymentError> {
    check(held, measure, amount, selection)?;
    held.take_all(selection)?;
    if measure == Measure::Money {
        let change = selection.total(Measure::Money) - amount.max(0);
        if let Some(coin) = held.table().change_good().filter(|_| change > 0) {
            held.set_at(coin, held.count_at(coin) + change);
        }
    }
    Ok(())
}

/// Pays the cheapest payment; returns what was given.
pub fn pay(
    held: &mut Goods,
    measure: Measure,
    amount: i64,
    preference: &Preference,
) -> Result<Goods, PaymentError> {
    if amount > MAX_AMOUNT {
        return Err(PaymentError::TooLarge(amount));
    }
    let selection = cheapest(held, measure, amount, preference).ok_or(PaymentError::CannotPay {
        have: held.total(measure),
        need: amount,
    })?;
    pay_with(held, measure, amount, &selection)?;
    Ok(selection)
}

#[cfg(test)]
mod tests {
    use super::super::goods::tests::goods;
    use super::*;

    /// The preference base.rhai's `payment_preference` gives.
    fn usual() -> Preference {
        let names = ["overpaid", "points", "other_values", "made_goods", "tiles"];
        Preference::new(names.iter().filter_map(|n| Criterion::by_name(n)).collect()).unwrap()
    }

    #[test]
    fn food_is_paid_exactly_and_without_coins_when_possible() {
        let held = goods(&[("coin", 3), ("grain", 2), ("meat", 1)]);
        let paid = cheapest(&held, Measure::Food, 3, &usual()).unwrap();
        assert_eq!(paid.to_string(), "2 grain, 1 coin");
        let paid = cheapest(&held, Measure::Food, 5, &usual()).unwrap();
        assert_eq!(paid.to_string(), "1 meat");
        assert!(cheapest(&held, Measure::Food, 11, &usual()).is_none());
        assert!(cheapest(&held, Measure::Food, 0, &usual())
            .unwrap()
            .is_empty());
        let rich = goods(&[("coin", 1_000_000_000)]);
        assert!(cheapest(&rich, Measure::Food, MAX_AMOUNT + 1, &usual()).is_none());
        assert!(minimal(&rich, Measure::Food, MAX_AMOUNT + 1, 5, &usual()).is_empty());
        assert_eq!(
            pay(&mut rich.clone(), Measure::Food, MAX_AMOUNT + 1, &usual()),
            Err(PaymentError::TooLarge(MAX_AMOUNT + 1))
        );
        assert_eq!(
            cheapest(&rich, Measure::Food, 30, &usual())
                .unwrap()
                .count(),
            30
        );
    }

    #[test]
    fn the_preference_decides_which_payment_is_cheapest() {
        let held = goods(&[("coin", 3), ("grain", 2), ("meat", 1)]);
        let fewest_tiles = Preference::new(vec![Criterion::Tiles, Criterion::Overpaid]).unwrap();
        let paid = cheapest(&held, Measure::Food, 3, &fewest_tiles).unwrap();
        assert_eq!(paid.to_string(), "1 meat");
        let listed = minimal(&held, Measure::Food, 3, 1, &fewest_tiles);
        assert_eq!(listed, [paid]);
        assert_eq!(Criterion::by_name("made_goods"), Some(Criterion::MadeGoods));
        assert_eq!(Criterion::by_name("cheapest"), None);
        assert!(Preference::new(vec![Criterion::Tiles, Criterion::Tiles]).is_none());
    }

    #[test]
    fn made_goods_are_kept_while_basic_goods_pay() {
        let held = goods(&[("grain", 10), ("beer", 1), ("sheep", 5)]);
        let paid = cheapest(&held, Measure::Food, 8, &usual()).unwrap();
        assert_eq!(paid.to_string(), "4 livestock");
        let held = goods(&[("wood", 3), ("coal", 1)]);
        let paid = cheapest(&held, Measure::EnergyHalves, 6, &usual()).unwrap();
        assert_eq!(paid.to_string(), "3 wood");
    }

    #[test]
    fn when_overpaying_is_unavoidable_the_least_is_overpaid() {
        let held = goods(&[("meat", 2), ("bread", 1)]);
        assert_eq!(
            cheapest(&held, Measure::Food, 4, &usual())
                .unwrap()
                .to_string(),
            "1 meat"
        );
        assert_eq!(
            cheapest(&held, Measure::Food, 7, &usual())
                .unwrap()
                .to_string(),
            "1 meat, 1 bread"
        );
    }

    #[test]
    fn energy_counts_halves_and_keeps_points() {
        let held = goods(&[("straw", 3), ("peat", 1), ("wood", 1)]);
        // 3 energy = 6 halves: peat (4) + wood (2) beats peat + 3 straw (7, overpays).
        let paid = cheapest(&held, Measure::EnergyHalves, 6, &usual()).unwrap();
        assert_eq!(paid.to_string(), "1 wood, 1 peat");
        let paid = cheapest(&held, Measure::EnergyHalves, 1, &usual()).unwrap();
        assert_eq!(paid.to_string(), "1 straw");
    }

    #[test]
    fn money_prefers_coins_and_gives_change() {
        let mut held = goods(&[("coin", 1), ("coin5", 1), ("wine", 1)]);
        let paid = pay(&mut held, Measure::Money, 2, &usual()).unwrap();
        assert_eq!(paid.to_string(), "1 coin, 1 wine");
        let paid = pay(&mut held, Measure::Money, 3, &usual()).unwrap();
        assert_eq!(paid.to_string(), "1 5-coin");
        assert_eq!(held.to_string(), "2 coins");
        assert_eq!(
            pay(&mut held, Measure::Money, 3, &usual()),
            Err(PaymentError::CannotPay { have: 2, need: 3 })
        );
        assert_eq!(held.to_string(), "2 coins");
    }

    #[test]
    fn chosen_payments_are_checked() {
        let held = goods(&[("coin", 4), ("sheep", 2), ("meat", 1)]);
        let ok = goods(&[("sheep", 2)]);
        assert_eq!(check(&held, Measure::Food, 4, &ok), Ok(()));
        let over = goods(&[("sheep", 2), ("coin", 1)]);
        assert_eq!(
            check(&held, Measure::Food, 4, &over),
            Err(PaymentError::Overpays("coin".into()))
        );
        // A tile that alone overshoots is fine: nothing can be left out.
        assert_eq!(
            check(&held, Measure::Food, 4, &goods(&[("meat", 1)])),
            Ok(())
        );
        assert_eq!(
            check(&held, Measure::Food, 4, &goods(&[("coin", 3)])),
            Err(PaymentError::TooLittle { got: 3, need: 4 })
        );
        assert!(matches!(
            check(&held, Measure::Food, 4, &goods(&[("bread", 2)])),
            Err(PaymentError::Goods(GoodsError::NotEnough { .. }))
        ));
    }

    #[test]
    fn minimal_payments_are_all_listed_cheapest_first() {
        let held = goods(&[("coin", 2), ("grain", 2), ("bread", 1)]);
        let all: Vec<String> = minimal(&held, Measure::Food, 3, 10, &usual())
            .iter()
            .map(|g| g.to_string())
            .collect();
        assert_eq!(all, ["1 bread", "2 grain, 1 coin", "1 grain, 2 coins",]);
        for p in minimal(&held, Measure::Food, 3, 10, &usual()) {
            assert_eq!(check(&held, Measure::Food, 3, &p), Ok(()));
        }
        assert_eq!(minimal(&held, Measure::Food, 3, 1, &usual()).len(), 1);
        assert!(minimal(&held, Measure::Food, 9, 10, &usual()).is_empty());
    }

    #[test]
    fn minimal_and_cheapest_agree_on_many_holdings() {
        // Every criterion first, alone or before the usual others.
        let mut preferences = vec![usual()];
        for (_, first) in Criterion::NAMED {
            preferences.push(Preference::new(vec![first]).unwrap());
            let mut then: Vec<Criterion> = vec![first];
            then.extend(usual().0.into_iter().filter(|c| *c != first));
            preferences.push(Preference::new(then).unwrap());
        }
        let food = [
            "coin", "grain", "sheep", "bread", "meat", "coin5", "wine", "beer",
        ];
        let energy = ["wood", "peat", "straw", "coal", "coin"];
        for (measure, keys) in [
            (Measure::Food, &food[..]),
            (Measure::EnergyHalves, &energy[..]),
        ] {
            for seed in 0..200i64 {
                let pairs: Vec<(&str, i64)> = keys
                    .iter()
                    .enumerate()
                    .map(|(k, key)| (*key, (seed * 7 + k as i64 * 13) % 4))
                    .collect();
                let held = goods(&pairs);
                let amount = seed % 13 + 1;
                for preference in &preferences {
                    let listed = minimal(&held, measure, amount, usize::MAX, preference);
                    let best = cheapest(&held, measure, amount, preference);
                    let ranks = |p: Option<&Goods>| p.map(|p| preference.rank(p, measure, amount));
                    let by = format!("{held} for {amount} by {preference:?}");
                    assert_eq!(ranks(listed.first()), ranks(best.as_ref()), "{by}");
                    for p in listed.iter().chain(&best) {
                        assert_eq!(check(&held, measure, amount, p), Ok(()), "{p}: {by}");
                    }
                }
            }
        }
    }
}
