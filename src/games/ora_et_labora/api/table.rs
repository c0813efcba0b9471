//! The table file as scripts see it: wheel sides, prices, heartlands, districts and plots.

use super::{fail, strings, TableRef};
use crate::games::ora_et_labora::landscape::Landscape;
use crate::games::ora_et_labora::wheel::Wheel;
use crate::script::{script_error, Api, Fallible};
use rhai::{Array, Dynamic, Engine};

pub(super) fn side<'a, T>(
    sides: &'a std::collections::BTreeMap<String, T>,
    what: &str,
    name: &str,
) -> Fallible<&'a T> {
    sides.get(name).ok_or_else(|| {
        let known: Vec<&str> = sides.keys().map(String::as_str).collect();
        script_error(format!(
            "no {what} side `{name}` (the table has {})",
            known.join(", ")
        ))
    })
}

pub(super) fn register_table(engine: &mut Engine) {
    engine
        .register_type_with_name::<TableRef>("Table")
        .api(
            "t.to_string()",
            "how the table prints",
            |_: &mut TableRef| "<Ora et Labora table>".to_owned(),
        )
        .api(
            "t.wheel_values(side)",
            "the values of the production wheel's side `side` (`\"front\"`, `\"back\"`)",
            |t: &mut TableRef, name: &str| -> Fallible<Array> {
                let values = side(&t.0.wheel_sides, "wheel", name)?;
                Ok(values.iter().map(|v| Dynamic::from_int(*v)).collect())
            },
        )
        .api(
            "t.solo_indicators()",
            "the goods indicators of the solo game",
            |t: &mut TableRef| strings(t.0.solo_indicators.clone()),
        )
        .api(
            "t.wheel(side, indicators)",
            "a production wheel of side `side` with the indicators named at 0",
            |t: &mut TableRef, name: &str, indicators: Array| -> Fallible<Wheel> {
                let names = indicators
                    .into_iter()
                    .map(|d| {
                        d.into_string()
                            .map_err(|_| script_error("an indicator name must be a string"))
                    })
                    .collect::<Fallible<Vec<String>>>()?;
                Wheel::new(side(&t.0.wheel_sides, "wheel", name)?.clone(), &names).map_err(fail)
            },
        )
        .api(
            "t.prices(list)",
            "the landscape prices of `list` (`\"district_solo\"`, `\"plot_solo\"`, \
             `\"district_multiplayer\"`, `\"plot_multiplayer\"`), in purchase order",
            |t: &mut TableRef, name: &str| -> Fallible<Array> {
                let prices = side(&t.0.prices, "price list", name)?;
                Ok(prices.iter().map(|v| Dynamic::from_int(*v)).collect())
            },
        )
        .api(
            "t.heartland(name)",
            "the heartland `name` (`\"player\"` or `\"neutral\"`) as a landscape",
            |t: &mut TableRef, name: &str| -> Fallible<Landscape> {
                Ok(Landscape::from_heartland(side(
                    &t.0.heartlands,
                    "heartland",
                    name,
                )?))
            },
        )
        .api(
            "t.district_sides()",
            "the sides of a district card: `[\"hills\", \"plains\"]`",
            |t: &mut TableRef| strings(t.0.districts.keys().cloned()),
        )
        .api(
            "t.plot_sides()",
            "the sides of a plot card: `[\"coast\", \"mountain\"]`",
            |t: &mut TableRef| strings(t.0.plots.keys().cloned()),
        );
}
