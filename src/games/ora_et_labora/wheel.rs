//! The production wheel: a beam turning over a ring of values, and goods indicators
//! that each stand on one space of the ring. An indicator's amount is the value of the
//! steps the beam has made since it was last taken. Whether an indicator that would
//! pass the last value is removed (solo) or pushed along (two to four players) is a
//! rule: `rotate` is told which.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WheelError {
    #[error("a wheel needs at least two values, and the first must be 0")]
    BadValues,
    #[error("the indicator `{0}` is not on the wheel")]
    Absent(String),
    #[error("the indicator `{0}` is already on the wheel")]
    Present(String),
}

/// One indicator and the beam position it was last reset at.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Indicator {
    name: String,
    reset_at: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wheel {
    values: Vec<i64>,
    beam: usize,
    indicators: Vec<Indicator>,
}

impl Wheel {
    /// A wheel with these values (by steps since reset) and every indicator on value 0.
    pub fn new(values: Vec<i64>, indicators: &[String]) -> Result<Wheel, WheelError> {
        if values.len() < 2 || values[0] != 0 {
            return Err(WheelError::BadValues);
        }
        let mut wheel = Wheel {
            values,
            beam: 0,
            indicators: Vec::new(),
        };
        for name in indicators {
            wheel.add(name)?;
        }
        Ok(wheel)
    }

    pub fn values(&self) -> &[i64] {
        &self.values
    }

    /// The beam's position, 0 up to the number of spaces − 1.
    pub fn beam(&self) -> usize {
        self.beam
    }

    fn find(&self, name: &str) -> Result<usize, WheelError> {
        self.indicators
            .iter()
            .position(|i| i.name == name)
            .ok_or_else(|| WheelError::Absent(name.to_owned()))
    }

    fn steps_of(&self, i: &Indicator) -> usize {
        (self.beam + self.values.len() - i.reset_at) % self.values.len()
    }

    pub fn has(&self, name: &str) -> bool {
        self.find(name).is_ok()
    }

    /// Steps since the indicator was last taken (its place on the ring).
    pub fn steps(&self, name: &str) -> Result<usize, WheelError> {
        Ok(self.steps_of(&self.indicators[self.find(name)?]))
    }

    pub fn amount(&self, name: &str) -> Result<i64, WheelError> {
        Ok(self.values[self.steps(name)?])
    }

    /// Takes the indicator's amount: it goes back to the beam (value 0).
    pub fn take(&mut self, name: &str) -> Result<i64, WheelError> {
        let amount = self.amount(name)?;
        let i = self.find(name)?;
        self.indicators[i].reset_at = self.beam;
        Ok(amount)
    }

    /// Puts an indicator on the wheel at value 0.
    pub fn add(&mut self, name: &str) -> Result<(), WheelError> {
        if self.has(name) {
            return Err(WheelError::Present(name.to_owned()));
        }
        self.indicators.push(Indicator {
            name: name.to_owned(),
            reset_at: self.beam,
        });
        Ok(())
    }

    pub fn remove(&mut self, name: &str) -> Result<(), WheelError> {
        let i = self.find(name)?;
        self.indicators.remove(i);
        Ok(())
    }

    /// Turns the beam one space. Indicators already on the last value would be
    /// overtaken: with `remove_at_last` they leave the wheel (their names are returned,
    /// in wheel order), otherwise they are pushed along and keep the last value.
    pub fn rotate(&mut self, remove_at_last: bool) -> Vec<String> {
        let last = self.values.len() - 1;
        let n = self.values.len();
        let at_last: Vec<usize> = (0..self.indicators.len())
            .filter(|&i| self.steps_of(&self.indicators[i]) == last)
            .collect();
        self.beam = (self.beam + 1) % n;
        let mut removed = Vec::new();
        for &i in at_last.iter().rev() {
            if remove_at_last {
                removed.push(self.indicators.remove(i).name);
            } else {
                self.indicators[i].reset_at = (self.indicators[i].reset_at + 1) % n;
            }
        }
        removed.reverse();
        removed
    }

    /// `(name, amount)` for every indicator, in the order they were put on.
    pub fn amounts(&self) -> Vec<(String, i64)> {
        self.indicators
            .iter()
            .map(|i| (i.name.clone(), self.values[self.steps_of(i)]))
            .collect()
    }
}

/// "beam 4: wood 3, peat 3, joker 5".
impl fmt::Display for Wheel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .amounts()
            .iter()
            .map(|(name, amount)| format!("{name} {amount}"))
            .collect();
        let list = if parts.is_empty() {
            "no indicators".to_owned()
        } else {
            parts.join(", ")
        };
        write!(f, "beam {}: {list}", self.beam)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRONT: [i64; 13] = [0, 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 10];

    fn solo() -> Wheel {
        let names: Vec<String> = ["wood", "peat", "grain", "sheep", "clay", "coin", "joker"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        Wheel::new(FRONT.to_vec(), &names).unwrap()
    }

    #[test]
    fn amounts_follow_the_values_as_the_beam_turns() {
        let mut w = solo();
        assert_eq!(w.amount("wood"), Ok(0));
        for (n, value) in FRONT.iter().enumerate().skip(1) {
            assert!(w.rotate(true).is_empty());
            assert_eq!(w.amount("peat"), Ok(*value), "after {n} rotations");
        }
        assert_eq!(w.beam(), 12);
    }

    #[test]
    fn taking_resets_to_zero() {
        let mut w = solo();
        for _ in 0..4 {
            w.rotate(true);
        }
        assert_eq!(w.take("clay"), Ok(5));
        assert_eq!(w.amount("clay"), Ok(0));
        w.rotate(true);
        assert_eq!(w.amount("clay"), Ok(2));
        assert_eq!(w.amount("wood"), Ok(6));
        assert_eq!(w.steps("wood"), Ok(5));
    }

    #[test]
    fn solo_removes_every_indicator_that_would_pass_ten_joker_included() {
        let mut w = solo();
        for _ in 0..3 {
            w.rotate(true);
        }
        w.take("wood").unwrap();
        for _ in 3..12 {
            assert!(w.rotate(true).is_empty());
        }
        assert_eq!(w.amount("joker"), Ok(10));
        let removed = w.rotate(true);
        assert_eq!(removed, ["peat", "grain", "sheep", "clay", "coin", "joker"]);
        assert_eq!(w.amounts(), [("wood".to_string(), 8)]);
        assert_eq!(w.amount("joker"), Err(WheelError::Absent("joker".into())));
        for _ in 0..2 {
            assert!(w.rotate(true).is_empty());
        }
        assert_eq!(w.amount("wood"), Ok(10));
        assert_eq!(w.rotate(true), ["wood"]);
        assert!(!w.has("wood"));
    }

    #[test]
    fn without_removal_indicators_stay_on_ten() {
        let mut w = solo();
        for _ in 0..20 {
            assert!(w.rotate(false).is_empty());
        }
        assert!(w.amounts().iter().all(|(_, a)| *a == 10));
        assert_eq!(w.take("coin"), Ok(10));
        w.rotate(false);
        assert_eq!(w.amount("coin"), Ok(2));
    }

    #[test]
    fn indicators_come_and_go() {
        let mut w = Wheel::new(FRONT.to_vec(), &[]).unwrap();
        w.rotate(true);
        w.add("stone").unwrap();
        assert_eq!(w.amount("stone"), Ok(0));
        assert_eq!(w.add("stone"), Err(WheelError::Present("stone".into())));
        w.remove("stone").unwrap();
        assert_eq!(w.remove("stone"), Err(WheelError::Absent("stone".into())));
        assert_eq!(w.to_string(), "beam 1: no indicators");
        assert_eq!(Wheel::new(vec![1, 2], &[]), Err(WheelError::BadValues));
        assert_eq!(Wheel::new(vec![0], &[]), Err(WheelError::BadValues));
    }

    #[test]
    fn the_back_side_is_just_other_values() {
        let back = vec![0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 10];
        let mut w = Wheel::new(back, &["grain".to_string()]).unwrap();
        for _ in 0..3 {
            w.rotate(false);
        }
        assert_eq!(w.to_string(), "beam 3: grain 2");
    }
}
