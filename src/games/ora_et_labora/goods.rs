//! A goods ledger: how many of each good face someone holds (a player, a payment, a
//! cost). Counts never go negative: taking more than is held is an error and changes
//! nothing. Which goods may appear in a variant is for the rules to say; here every good
//! of the table is just a name with values.

use super::goods_table::GoodsTable;
use std::fmt;
use std::sync::Arc;

/// What went wrong with a goods operation; nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GoodsError {
    /// The whole message: the word, the nearest good when close, the goods.
    #[error("{0}")]
    UnknownGood(String),
    #[error("there is no good with the code `{0}`")]
    UnknownCode(String),
    #[error("a count of {0} {1}: counts cannot be negative")]
    Negative(i64, String),
    #[error("not enough {good}: {have} held, {need} needed")]
    NotEnough { good: String, have: i64, need: i64 },
    #[error("there is no conversion `{0}`")]
    UnknownConversion(String),
    #[error("these goods belong to another goods table")]
    OtherTable,
}

/// Which value of the goods a question is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    Food,
    /// Counted in halves: straw is 1, wood 2.
    EnergyHalves,
    Money,
    Points,
}

impl Measure {
    pub fn by_name(name: &str) -> Option<Measure> {
        match name {
            "food" => Some(Measure::Food),
            "energy" => Some(Measure::EnergyHalves),
            "money" | "coins" => Some(Measure::Money),
            "points" => Some(Measure::Points),
            _ => None,
        }
    }

    /// The value of one good of `table` at `index`.
    pub fn of(self, table: &GoodsTable, index: usize) -> i64 {
        let g = table.def(index);
        match self {
            Measure::Food => g.food,
            Measure::EnergyHalves => g.energy_halves,
            Measure::Money => g.money,
            Measure::Points => g.points,
        }
    }
}

/// Counts per good face over a shared table.
#[derive(Clone)]
pub struct Goods {
    table: Arc<GoodsTable>,
    counts: Vec<i64>,
}

impl Goods {
    pub fn new(table: Arc<GoodsTable>) -> Goods {
        let counts = vec![0; table.len()];
        Goods { table, counts }
    }

    pub fn table(&self) -> &Arc<GoodsTable> {
        &self.table
    }

    fn index(&self, key: &str) -> Result<usize, GoodsError> {
        self.table
            .index(key)
            .ok_or_else(|| GoodsError::UnknownGood(self.table.unknown(key)))
    }

    fn check_count(key: &str, n: i64) -> Result<(), GoodsError> {
        if n < 0 {
            return Err(GoodsError::Negative(n, key.to_owned()));
        }
        Ok(())
    }

    fn same_table(&self, other: &Goods) -> Result<(), GoodsError> {
        if Arc::ptr_eq(&self.table, &other.table) || self.table == other.table {
            Ok(())
        } else {
            Err(GoodsError::OtherTable)
        }
    }

    /// Goods from `(key, count)` pairs.
    pub fn from_pairs<'a>(
        table: Arc<GoodsTable>,
        pairs: impl IntoIterator<Item = (&'a str, i64)>,
    ) -> Result<Goods, GoodsError> {
        let mut goods = Goods::new(table);
        for (key, n) in pairs {
            goods.add(key, n)?;
        }
        Ok(goods)
    }

    /// Goods from concatenated two-letter codes: `"PtPtWo"` is 2 peat and 1 wood.
    pub fn from_codes(table: Arc<GoodsTable>, codes: &str) -> Result<Goods, GoodsError> {
        let mut goods = Goods::new(table);
        let chars: Vec<char> = codes.chars().collect();
        for pair in chars.chunks(2) {
            let code: String = pair.iter().collect();
            let i = goods
                .table
                .index_by_code(&code)
                .filter(|_| pair.len() == 2)
                .ok_or(GoodsError::UnknownCode(code))?;
            goods.counts[i] += 1;
        }
        Ok(goods)
    }

    /// The same goods as two-letter codes, in table order.
    pub fn to_codes(&self) -> String {
        self.nonzero()
            .map(|(i, n)| self.table.def(i).code.repeat(n as usize))
            .collect()
    }

    pub fn get(&self, key: &str) -> Result<i64, GoodsError> {
        Ok(self.counts[self.index(key)?])
    }

    pub fn add(&mut self, key: &str, n: i64) -> Result<(), GoodsError> {
        Self::check_count(key, n)?;
        let i = self.index(key)?;
        self.counts[i] = self.counts[i].saturating_add(n);
        Ok(())
    }

    pub fn take(&mut self, key: &str, n: i64) -> Result<(), GoodsError> {
        Self::check_count(key, n)?;
        let i = self.index(key)?;
        self.take_at(i, n)
    }

    fn take_at(&mut self, i: usize, n: i64) -> Result<(), GoodsError> {
        if self.counts[i] < n {
            return Err(GoodsError::NotEnough {
                good: self.table.def(i).key.clone(),
                have: self.counts[i],
                need: n,
            });
        }
        self.counts[i] -= n;
        Ok(())
    }

    /// Whether every count of `other` is held.
    pub fn has(&self, other: &Goods) -> Result<bool, GoodsError> {
        self.same_table(other)?;
        Ok(self.counts.iter().zip(&other.counts).all(|(h, n)| h >= n))
    }

    pub fn add_all(&mut self, other: &Goods) -> Result<(), GoodsError> {
        self.same_table(other)?;
        for (h, n) in self.counts.iter_mut().zip(&other.counts) {
            *h = h.saturating_add(*n);
        }
        Ok(())
    }

    /// Takes all of `other`, or nothing when something is missing.
    pub fn take_all(&mut self, other: &Goods) -> Result<(), GoodsError> {
        self.same_table(other)?;
        if let Some(i) = (0..self.counts.len()).find(|&i| self.counts[i] < other.counts[i]) {
            return Err(GoodsError::NotEnough {
                good: self.table.def(i).key.clone(),
                have: self.counts[i],
                need: other.counts[i],
            });
        }
        for (h, n) in self.counts.iter_mut().zip(&other.counts) {
            *h -= n;
        }
        Ok(())
    }

    /// What `self` holds beyond `other`: each count less the other's, not below 0 (the
    /// goods a payment took are `before.beyond(after)`, the change `after.beyond(before)`).
    pub fn beyond(&self, other: &Goods) -> Result<Goods, GoodsError> {
        self.same_table(other)?;
        let mut out = self.clone();
        for (h, n) in out.counts.iter_mut().zip(&other.counts) {
            *h = (*h - n).max(0);
        }
        Ok(out)
    }

    /// The summed value of all goods held (energy in halves).
    pub fn total(&self, measure: Measure) -> i64 {
        self.nonzero()
            .map(|(i, n)| n.saturating_mul(measure.of(&self.table, i)))
            .fold(0, i64::saturating_add)
    }

    /// The number of tiles.
    pub fn count(&self) -> i64 {
        self.counts.iter().fold(0, |a, n| a.saturating_add(*n))
    }

    /// The number of different faces held (1-coin and 5-coin are two).
    pub fn kinds(&self) -> i64 {
        self.counts.iter().filter(|n| **n > 0).count() as i64
    }

    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|n| *n == 0)
    }

    /// `(index, count)` for every good held, in table order.
    pub fn nonzero(&self) -> impl Iterator<Item = (usize, i64)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(i, n)| (i, *n))
    }

    pub(crate) fn count_at(&self, i: usize) -> i64 {
        self.counts[i]
    }

    pub(crate) fn set_at(&mut self, i: usize, n: i64) {
        self.counts[i] = n;
    }

    /// Makes the exchange `id` of the goods table `times` times, all or nothing.
    pub fn convert(&mut self, id: &str, times: i64) -> Result<(), GoodsError> {
        Self::check_count(id, times)?;
        let table = self.table.clone();
        let c = table
            .conversion(id)
            .ok_or_else(|| GoodsError::UnknownConversion(id.to_owned()))?;
        let mut after = self.clone();
        for &(i, n) in &c.give {
            after.take_at(i, n.saturating_mul(times))?;
        }
        for &(i, n) in &c.get {
            after.counts[i] = after.counts[i].saturating_add(n.saturating_mul(times));
        }
        *self = after;
        Ok(())
    }
}

/// Equal counts over the same table (compared by pointer first: tables are shared).
impl PartialEq for Goods {
    fn eq(&self, other: &Goods) -> bool {
        self.counts == other.counts
            && (Arc::ptr_eq(&self.table, &other.table) || self.table == other.table)
    }
}

/// "3 wood, 2 peat, 1 coin" in table order; "nothing" when empty.
impl fmt::Display for Goods {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("nothing");
        }
        let parts: Vec<String> = self
            .nonzero()
            .map(|(i, n)| {
                let g = self.table.def(i);
                format!("{n} {}", if n == 1 { &g.name } else { &g.plural })
            })
            .collect();
        f.write_str(&parts.join(", "))
    }
}

impl fmt::Debug for Goods {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Goods({self})")
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::goods_table::tests::table;
    use super::*;

    pub fn goods(pairs: &[(&str, i64)]) -> Goods {
        Goods::from_pairs(Arc::new(table()), pairs.iter().copied()).unwrap()
    }

    #[test]
    fn add_take_and_get() {
        let mut g = goods(&[("wood", 3), ("peat", 2)]);
        assert_eq!(g.to_string(), "3 wood, 2 peat");
        g.take("wood", 2).unwrap();
        assert_eq!(g.get("wood"), Ok(1));
        let err = g.take("peat", 3).unwrap_err();
        assert_eq!(
            err,
            GoodsError::NotEnough {
                good: "peat".into(),
                have: 2,
                need: 3
            }
        );
        assert_eq!(g.get("peat"), Ok(2));
        assert!(matches!(
            g.add("wood", -1),
            Err(GoodsError::Negative(-1, _))
        ));
        assert!(matches!(g.take("gold", 1), Err(GoodsError::UnknownGood(_))));
        assert_eq!(g.count(), 3);
        assert_eq!(g.kinds(), 2);
    }

    #[test]
    fn plural_names_and_nothing() {
        assert_eq!(goods(&[]).to_string(), "nothing");
        assert_eq!(
            goods(&[("coin", 1), ("book", 2), ("coin5", 2)]).to_string(),
            "1 coin, 2 books, 2 5-coins"
        );
    }

    #[test]
    fn what_one_holds_beyond_another() {
        let before = goods(&[("grain", 3), ("beer", 1)]);
        let after = goods(&[("grain", 1), ("coin", 2)]);
        assert_eq!(
            before.beyond(&after).unwrap().to_string(),
            "2 grain, 1 beer"
        );
        assert_eq!(after.beyond(&before).unwrap().to_string(), "2 coins");
        assert!(before.beyond(&before).unwrap().is_empty());
    }

    #[test]
    fn has_add_all_and_take_all_are_all_or_nothing() {
        let mut g = goods(&[("wood", 3), ("clay", 1)]);
        let cost = goods(&[("wood", 2), ("clay", 2)]);
        assert_eq!(g.has(&cost), Ok(false));
        assert!(g.take_all(&cost).is_err());
        assert_eq!(g.get("wood"), Ok(3));
        g.add_all(&goods(&[("clay", 1)])).unwrap();
        assert_eq!(g.has(&cost), Ok(true));
        g.take_all(&cost).unwrap();
        assert_eq!(g.to_string(), "1 wood");
    }

    #[test]
    fn totals_of_each_value() {
        let g = goods(&[
            ("straw", 3),
            ("peat", 1),
            ("coin5", 1),
            ("meat", 1),
            ("wine", 2),
        ]);
        assert_eq!(g.total(Measure::EnergyHalves), 3 + 4);
        assert_eq!(g.total(Measure::Food), 5 + 5 + 2);
        assert_eq!(g.total(Measure::Money), 5 + 2);
        assert_eq!(g.total(Measure::Points), 2 + 2);
    }

    #[test]
    fn codes_read_and_written() {
        let t = Arc::new(table());
        let g = Goods::from_codes(t.clone(), "PtPtWoHo").unwrap();
        assert_eq!(g.to_string(), "1 wood, 2 peat, 1 malt");
        assert_eq!(g.to_codes(), "WoPtPtMa");
        assert_eq!(
            Goods::from_codes(t.clone(), "Xx"),
            Err(GoodsError::UnknownCode("Xx".into()))
        );
        assert!(Goods::from_codes(t, "PtP").is_err());
    }

    #[test]
    fn conversions_any_time() {
        let mut g = goods(&[("grain", 2), ("coin", 7), ("wine", 1), ("whiskey", 1)]);
        g.convert("grain_to_straw", 2).unwrap();
        g.convert("coins_to_coin5", 1).unwrap();
        g.convert("wine_to_coin", 1).unwrap();
        g.convert("whiskey_to_coins", 1).unwrap();
        assert_eq!(g.to_string(), "2 straw, 5 coins, 1 5-coin");
        g.convert("coin5_to_coins", 1).unwrap();
        assert_eq!(g.get("coin"), Ok(10));
        assert!(g.convert("coins_to_coin5", 3).is_err());
        assert_eq!(g.get("coin"), Ok(10));
        assert!(matches!(
            g.convert("lead_to_gold", 1),
            Err(GoodsError::UnknownConversion(_))
        ));
        assert!(g.convert("grain_to_straw", -1).is_err());
    }
}
