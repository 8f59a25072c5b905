//! The plans a store can be on, their limits and their prices: the server's catalogue, which
//! `getProducts` answers and `createPayment` charges from (never from what a client sends).
//!
//! The spec's figures are the defaults: free allows 5 employees and 3 custom roles; premium
//! is unlimited, adds the assistant, and costs 79.99 a year per employee (yearly saves 40%,
//! so its month is 11.11); a 60-day trial without a card; 20% off for non-profits. The spec
//! gives no figures for starter and basic: theirs are defaults an operator replaces with a
//! catalogue file (`BILLING_CATALOGUE`).

use serde::{Deserialize, Serialize};
use std::fmt;

/// The plans, cheapest first: a plan lifts every limit of the ones before it.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Plan {
    Free,
    Starter,
    Basic,
    Premium,
}

impl Plan {
    pub const ALL: [Plan; 4] = [Plan::Free, Plan::Starter, Plan::Basic, Plan::Premium];

    pub fn as_str(self) -> &'static str {
        match self {
            Plan::Free => "free",
            Plan::Starter => "starter",
            Plan::Basic => "basic",
            Plan::Premium => "premium",
        }
    }

    pub fn parse(text: &str) -> Option<Plan> {
        Plan::ALL.into_iter().find(|p| p.as_str() == text)
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How often a subscription is charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Interval {
    Month,
    Year,
}

impl Interval {
    pub fn as_str(self) -> &'static str {
        match self {
            Interval::Month => "month",
            Interval::Year => "year",
        }
    }

    pub fn parse(text: &str) -> Option<Interval> {
        match text {
            "month" => Some(Interval::Month),
            "year" => Some(Interval::Year),
            _ => None,
        }
    }
}

/// What a plan allows; `None` is unlimited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    /// Employee records that are not deactivated or terminated, invited ones and the
    /// owner's included: the seats a store pays for.
    pub employees: Option<u32>,
    /// Roles (a store starts with none, so every role is a custom one).
    pub roles: Option<u32>,
    /// The voice assistant.
    pub assistant: bool,
}

impl Limits {
    /// No limit at all: every store when billing is not configured.
    pub const UNLIMITED: Limits = Limits {
        employees: None,
        roles: None,
        assistant: true,
    };
}

/// A plan's price for one employee for one interval, in cents of the catalogue's currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Price {
    pub interval: Interval,
    /// Cents per employee per interval.
    pub unit_amount: i64,
}

/// One plan as sold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub id: Plan,
    pub limits: Limits,
    /// Empty for the free plan.
    pub prices: Vec<Price>,
}

impl Product {
    pub fn price(&self, interval: Interval) -> Option<Price> {
        self.prices.iter().copied().find(|p| p.interval == interval)
    }
}

/// Every plan, with the terms that apply to all of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Catalogue {
    /// ISO 4217, lower case as the payment provider writes it (the spec: USD).
    pub currency: String,
    /// The free trial of a store's first subscription, without a card.
    pub trial_days: u32,
    /// What a non-profit saves, in percent.
    pub non_profit_discount_percent: u32,
    /// What paying by the year saves against twelve months, in percent (shown, not applied:
    /// the yearly prices already hold it).
    pub yearly_saving_percent: u32,
    /// Cheapest first, the free plan first of all.
    pub products: Vec<Product>,
}

/// The spec's yearly premium price: 79.99 per employee.
const PREMIUM_YEAR: i64 = 7_999;

impl Default for Catalogue {
    fn default() -> Catalogue {
        let saving = 40;
        // A month at the price a year saves `saving` percent against.
        let month_of = |year: i64| (year * 100 + (12 * (100 - saving)) / 2) / (12 * (100 - saving));
        let prices = |year: i64| {
            vec![
                Price {
                    interval: Interval::Month,
                    unit_amount: month_of(year),
                },
                Price {
                    interval: Interval::Year,
                    unit_amount: year,
                },
            ]
        };
        Catalogue {
            currency: "usd".into(),
            trial_days: 60,
            non_profit_discount_percent: 20,
            yearly_saving_percent: saving as u32,
            products: vec![
                Product {
                    id: Plan::Free,
                    limits: Limits {
                        employees: Some(5),
                        roles: Some(3),
                        assistant: false,
                    },
                    prices: Vec::new(),
                },
                Product {
                    id: Plan::Starter,
                    limits: Limits {
                        employees: Some(15),
                        roles: Some(10),
                        assistant: false,
                    },
                    prices: prices(2_999),
                },
                Product {
                    id: Plan::Basic,
                    limits: Limits {
                        employees: Some(50),
                        roles: None,
                        assistant: false,
                    },
                    prices: prices(4_999),
                },
                Product {
                    id: Plan::Premium,
                    limits: Limits::UNLIMITED,
                    prices: prices(PREMIUM_YEAR),
                },
            ],
        }
    }
}

impl Catalogue {
    /// A catalogue file (the shape `getProducts` answers), checked.
    pub fn from_json(text: &str) -> Result<Catalogue, String> {
        let catalogue: Catalogue =
            serde_json::from_str(text).map_err(|e| format!("not a catalogue: {e}"))?;
        catalogue.check()?;
        Ok(catalogue)
    }

    /// Every plan once, in order; the free plan costs nothing; a paid plan has a price per
    /// interval at most once, and each plan allows at least what the one before it does.
    pub fn check(&self) -> Result<(), String> {
        let ids: Vec<Plan> = self.products.iter().map(|p| p.id).collect();
        if ids != Plan::ALL {
            return Err(format!(
                "the catalogue must list the plans {:?} once each, in that order",
                Plan::ALL.map(Plan::as_str)
            ));
        }
        if self.currency.len() != 3 || !self.currency.chars().all(|c| c.is_ascii_lowercase()) {
            return Err("currency must be a three-letter lower-case code".into());
        }
        if self.non_profit_discount_percent >= 100 || self.yearly_saving_percent >= 100 {
            return Err("a discount is a percentage below 100".into());
        }
        for product in &self.products {
            let paid = product.id != Plan::Free;
            if paid == product.prices.is_empty() {
                return Err(format!(
                    "{}: the free plan has no price, every other plan one at least",
                    product.id
                ));
            }
            for interval in [Interval::Month, Interval::Year] {
                let count = product
                    .prices
                    .iter()
                    .filter(|p| p.interval == interval)
                    .count();
                if count > 1 {
                    return Err(format!(
                        "{}: one {} price at most",
                        product.id,
                        interval.as_str()
                    ));
                }
            }
            if product.prices.iter().any(|p| p.unit_amount <= 0) {
                return Err(format!("{}: a price is more than nothing", product.id));
            }
        }
        for pair in self.products.windows(2) {
            let (lower, higher) = (&pair[0].limits, &pair[1].limits);
            let lifts = |a: Option<u32>, b: Option<u32>| match (a, b) {
                (_, None) => true,
                (None, Some(_)) => false,
                (Some(a), Some(b)) => b >= a,
            };
            if !lifts(lower.employees, higher.employees)
                || !lifts(lower.roles, higher.roles)
                || (lower.assistant && !higher.assistant)
            {
                return Err(format!(
                    "{} must allow at least what {} allows",
                    pair[1].id, pair[0].id
                ));
            }
        }
        Ok(())
    }

    pub fn product(&self, plan: Plan) -> &Product {
        self.products
            .iter()
            .find(|p| p.id == plan)
            .expect("a checked catalogue lists every plan")
    }

    pub fn limits(&self, plan: Plan) -> Limits {
        self.product(plan).limits
    }

    /// The cheapest plan that allows `employees` seats and `roles` roles (and the assistant
    /// when `assistant`): the one a refusal offers.
    pub fn lifting(&self, employees: u32, roles: u32, assistant: bool) -> Option<Plan> {
        self.products
            .iter()
            .find(|p| {
                p.limits.employees.is_none_or(|n| employees <= n)
                    && p.limits.roles.is_none_or(|n| roles <= n)
                    && (!assistant || p.limits.assistant)
            })
            .map(|p| p.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_specs_figures() {
        let c = Catalogue::default();
        c.check().expect("the default catalogue is valid");
        assert_eq!(c.currency, "usd");
        assert_eq!(c.trial_days, 60);
        assert_eq!(c.non_profit_discount_percent, 20);
        assert_eq!(c.yearly_saving_percent, 40);
        let free = c.limits(Plan::Free);
        assert_eq!(
            (free.employees, free.roles, free.assistant),
            (Some(5), Some(3), false)
        );
        assert_eq!(c.limits(Plan::Premium), Limits::UNLIMITED);
        let premium = c.product(Plan::Premium);
        assert_eq!(
            premium.price(Interval::Year).map(|p| p.unit_amount),
            Some(7_999)
        );
        // Twelve months at 11.11 less 40% is the year's 79.99 (to the cent).
        let month = premium.price(Interval::Month).expect("a month").unit_amount;
        assert_eq!(month, 1_111);
        assert_eq!((month * 12 * 60 + 50) / 100, 7_999);
        assert!(c.product(Plan::Free).prices.is_empty());
    }

    #[test]
    fn every_paid_plan_saves_forty_percent_by_the_year() {
        let c = Catalogue::default();
        for p in c.products.iter().skip(1) {
            let month = p.price(Interval::Month).expect("month").unit_amount as f64;
            let year = p.price(Interval::Year).expect("year").unit_amount as f64;
            let saving = 1.0 - year / (month * 12.0);
            assert!((saving - 0.4).abs() < 0.001, "{}: {saving}", p.id);
        }
    }

    #[test]
    fn the_cheapest_plan_that_lifts_a_limit() {
        let c = Catalogue::default();
        assert_eq!(c.lifting(5, 3, false), Some(Plan::Free));
        assert_eq!(c.lifting(6, 0, false), Some(Plan::Starter));
        assert_eq!(c.lifting(1, 4, false), Some(Plan::Starter));
        assert_eq!(c.lifting(16, 0, false), Some(Plan::Basic));
        assert_eq!(c.lifting(1, 11, false), Some(Plan::Basic));
        assert_eq!(c.lifting(51, 0, false), Some(Plan::Premium));
        assert_eq!(c.lifting(1, 0, true), Some(Plan::Premium));
        assert_eq!(c.lifting(100_000, 100_000, true), Some(Plan::Premium));
    }

    #[test]
    fn a_catalogue_file_is_checked() {
        let good = serde_json::to_string(&Catalogue::default()).expect("json");
        assert_eq!(Catalogue::from_json(&good), Ok(Catalogue::default()));

        let mut c = Catalogue::default();
        c.products.swap(1, 2);
        assert!(c
            .check()
            .expect_err("out of order")
            .contains("in that order"));

        let mut c = Catalogue::default();
        c.products[0].prices = c.products[1].prices.clone();
        assert!(c
            .check()
            .expect_err("a free price")
            .contains("free plan has no price"));

        let mut c = Catalogue::default();
        c.products[3].prices.clear();
        assert!(c.check().is_err());

        let mut c = Catalogue::default();
        c.products[1].limits.employees = Some(4);
        assert!(c
            .check()
            .expect_err("less")
            .contains("starter must allow at least what free allows"));

        let mut c = Catalogue::default();
        let again = c.products[2].prices[0];
        c.products[2].prices.push(again);
        assert!(c
            .check()
            .expect_err("twice")
            .contains("one month price at most"));

        let c = Catalogue {
            currency: "USD".into(),
            ..Catalogue::default()
        };
        assert!(c.check().is_err());

        assert!(Catalogue::from_json("{}")
            .expect_err("empty")
            .starts_with("not a catalogue"));
    }

    #[test]
    fn plans_and_intervals_read_their_names() {
        for plan in Plan::ALL {
            assert_eq!(Plan::parse(plan.as_str()), Some(plan));
        }
        assert_eq!(Plan::parse("gold"), None);
        assert_eq!(Interval::parse("year"), Some(Interval::Year));
        assert_eq!(Interval::parse("week"), None);
        assert!(Plan::Free < Plan::Premium);
    }
}
