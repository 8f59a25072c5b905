//! A plan's limits applied to a store: what may be added, and what is read-only while a store
//! that went down a plan holds more than it allows. Nothing is ever deleted for a limit: the
//! records and roles past it are kept, read-only, until the store fits again (by deactivating
//! employees, deleting roles, or going up a plan).

use super::catalogue::{Catalogue, Limits, Plan};
use serde_json::{json, Value};

/// Why a plan refused: a code (`plan_limit` to add past it, `plan_read_only` to change what
/// is past it), the text, and what the web app renders it from. Answered as a 403.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    pub code: &'static str,
    pub message: String,
    pub details: Value,
}

/// What a limit counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    Employees,
    Roles,
}

impl Counted {
    fn as_str(self) -> &'static str {
        match self {
            Counted::Employees => "employees",
            Counted::Roles => "roles",
        }
    }

    fn allowed(self, limits: &Limits) -> Option<u32> {
        match self {
            Counted::Employees => limits.employees,
            Counted::Roles => limits.roles,
        }
    }
}

/// A store's plan and the catalogue it is read against.
#[derive(Debug, Clone, Copy)]
pub struct Allowance<'a> {
    pub plan: Plan,
    pub limits: Limits,
    /// `None` when billing is not configured: nothing is limited, and nothing to offer.
    pub catalogue: Option<&'a Catalogue>,
}

impl<'a> Allowance<'a> {
    /// A store's allowance: its plan's limits, or none at all without billing.
    pub fn of(plan: Plan, catalogue: Option<&'a Catalogue>) -> Allowance<'a> {
        Allowance {
            plan,
            limits: catalogue.map_or(Limits::UNLIMITED, |c| c.limits(plan)),
            catalogue,
        }
    }

    /// Refuses taking a store from `now` to `now + adding` of `what` past its plan. A store
    /// already over its limit may not add; taking away is always allowed.
    pub fn admit(&self, what: Counted, now: usize, adding: usize) -> Result<(), Refusal> {
        match what.allowed(&self.limits) {
            Some(allowed) if adding > 0 && now + adding > allowed as usize => {
                Err(self.refusal(what, allowed, now + adding))
            }
            _ => Ok(()),
        }
    }

    /// Refuses the assistant when the plan lacks it.
    pub fn assistant(&self) -> Result<(), Refusal> {
        if self.limits.assistant {
            return Ok(());
        }
        let lifting = self.lifting(0, 0, true);
        Err(Refusal {
            code: "plan_limit",
            message: format!(
                "The voice assistant needs the {} plan.",
                lifting.unwrap_or(Plan::Premium)
            ),
            details: json!({
                "limit": "assistant",
                "plan": self.plan,
                "lifting": lifting,
            }),
        })
    }

    /// Which of `count` items (oldest first) are past the limit: the newest ones.
    pub fn past_limit(&self, what: Counted, count: usize) -> std::ops::Range<usize> {
        match what.allowed(&self.limits) {
            Some(allowed) if count > allowed as usize => allowed as usize..count,
            _ => count..count,
        }
    }

    /// Refuses changing an item that is past the limit.
    pub fn read_only(&self, what: Counted, count: usize) -> Refusal {
        let allowed = what.allowed(&self.limits).unwrap_or(u32::MAX);
        let lifting = self.lifting_for(what, count);
        let noun = what.as_str();
        let message = match lifting {
            Some(lifting) => format!(
                "The {} plan allows {allowed} {noun} and this store has {count}: the newest are \
                 read-only until it fits. Upgrade to {lifting}, or remove {noun}.",
                self.plan
            ),
            None => format!(
                "The {} plan allows {allowed} {noun} and this store has {count}: the newest are \
                 read-only until it fits. Remove {noun}.",
                self.plan
            ),
        };
        Refusal {
            code: "plan_read_only",
            message,
            details: json!({
            "limit": noun,
            "plan": self.plan,
            "allowed": allowed,
            "count": count,
            "lifting": lifting,
            }),
        }
    }

    fn refusal(&self, what: Counted, allowed: u32, wanted: usize) -> Refusal {
        let lifting = self.lifting_for(what, wanted);
        let noun = what.as_str();
        let message = match lifting {
            Some(lifting) => format!(
                "The {} plan allows {allowed} {noun}. Upgrade to {lifting} to add more.",
                self.plan
            ),
            None => format!("The {} plan allows {allowed} {noun}.", self.plan),
        };
        Refusal {
            code: "plan_limit",
            message,
            details: json!({
                "limit": noun,
                "plan": self.plan,
                "allowed": allowed,
                "lifting": lifting,
            }),
        }
    }

    fn lifting_for(&self, what: Counted, wanted: usize) -> Option<Plan> {
        let wanted = u32::try_from(wanted).unwrap_or(u32::MAX);
        match what {
            Counted::Employees => self.lifting(wanted, 0, false),
            Counted::Roles => self.lifting(0, wanted, false),
        }
    }

    /// The cheapest plan above this one that allows so much.
    fn lifting(&self, employees: u32, roles: u32, assistant: bool) -> Option<Plan> {
        self.catalogue
            .and_then(|c| c.lifting(employees, roles, assistant))
            .filter(|plan| *plan > self.plan)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn free(c: &Catalogue) -> Allowance<'_> {
        Allowance::of(Plan::Free, Some(c))
    }

    #[test]
    fn a_free_store_holds_five_employees_and_three_roles() {
        let c = Catalogue::default();
        let a = free(&c);
        assert!(a.admit(Counted::Employees, 4, 1).is_ok());
        let e = a.admit(Counted::Employees, 5, 1).expect_err("a sixth");
        assert_eq!(e.code, "plan_limit");
        assert_eq!(
            e.message,
            "The free plan allows 5 employees. Upgrade to starter to add more."
        );
        let d = e.details;
        assert_eq!(d["limit"], "employees");
        assert_eq!(d["plan"], "free");
        assert_eq!(d["allowed"], 5);
        assert_eq!(d["lifting"], "starter");
        assert!(a.admit(Counted::Roles, 2, 1).is_ok());
        assert_eq!(
            a.admit(Counted::Roles, 3, 1).expect_err("a fourth").message,
            "The free plan allows 3 roles. Upgrade to starter to add more."
        );
        // An import that would pass the limit is refused whole, naming the plan that fits it.
        let e = a.admit(Counted::Employees, 1, 40).expect_err("forty");
        assert_eq!(e.details["lifting"], "basic");
    }

    #[test]
    fn taking_away_is_always_allowed_and_adding_nothing_too() {
        let c = Catalogue::default();
        let a = free(&c);
        assert!(a.admit(Counted::Employees, 9, 0).is_ok());
        assert!(a.admit(Counted::Employees, 9, 1).is_err());
    }

    #[test]
    fn without_billing_nothing_is_limited() {
        let a = Allowance::of(Plan::Free, None);
        assert!(a.admit(Counted::Employees, 10_000, 1).is_ok());
        assert!(a.admit(Counted::Roles, 10_000, 1).is_ok());
        assert!(a.assistant().is_ok());
        assert_eq!(a.past_limit(Counted::Employees, 10_000), 10_000..10_000);
    }

    #[test]
    fn premium_is_unlimited_and_the_only_plan_with_the_assistant() {
        let c = Catalogue::default();
        let premium = Allowance::of(Plan::Premium, Some(&c));
        assert!(premium.admit(Counted::Employees, 100_000, 500).is_ok());
        assert!(premium.assistant().is_ok());
        let e = Allowance::of(Plan::Basic, Some(&c))
            .assistant()
            .expect_err("basic");
        assert_eq!(e.message, "The voice assistant needs the premium plan.");
        assert_eq!(e.details["lifting"], "premium");
    }

    #[test]
    fn past_the_limit_are_the_newest_and_they_are_read_only() {
        let c = Catalogue::default();
        let a = free(&c);
        assert_eq!(a.past_limit(Counted::Employees, 8), 5..8);
        assert_eq!(a.past_limit(Counted::Employees, 5), 5..5);
        assert_eq!(a.past_limit(Counted::Roles, 4), 3..4);
        let e = a.read_only(Counted::Employees, 8);
        assert_eq!(e.code, "plan_read_only");
        assert_eq!(
            e.message,
            "The free plan allows 5 employees and this store has 8: the newest are read-only \
             until it fits. Upgrade to starter, or remove employees."
        );
    }

    #[test]
    fn the_top_plan_offers_nothing_above_it() {
        let mut c = Catalogue::default();
        c.products[3].limits.employees = Some(1_000);
        let a = Allowance::of(Plan::Premium, Some(&c));
        let e = a.admit(Counted::Employees, 1_000, 1).expect_err("full");
        assert_eq!(e.message, "The premium plan allows 1000 employees.");
        assert_eq!(e.details["lifting"], serde_json::Value::Null);
    }
}
