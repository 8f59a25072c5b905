//! `/pricing`: the plans side by side from the server's catalogue, each paid one monthly and
//! yearly per employee, with the trial, the non-profit discount and the yearly saving; or,
//! when this server sells no plans, that every store on it is unlimited and free.

use super::format::{money, number};
use super::page::{html, language_of, Frame, Page};
use super::texts::{fill, Pricing, Texts};
use crate::calls::AppState;
use crate::domain::billing::catalogue::{Catalogue, Interval, Plan, Product};
use crate::error::AppResult;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

/// One price of a plan.
struct PriceView {
    billed: String,
    amount: String,
    per: &'static str,
}

/// One plan's card.
struct PlanView {
    id: &'static str,
    name: &'static str,
    /// The most complete plan, shown first among equals.
    top: bool,
    /// Monthly then yearly; none for the free plan.
    prices: Vec<PriceView>,
    limits: Vec<String>,
    action: &'static str,
}

/// What a server that sells plans shows.
struct Sale {
    plans: Vec<PlanView>,
    trial: String,
    non_profit: String,
    taxes: String,
    faq: Vec<(String, String)>,
}

#[derive(Template)]
#[template(path = "site/pricing.html")]
struct PricingPage {
    frame: Frame,
    t: &'static Pricing,
    sale: Option<Sale>,
}

fn plan_name(t: &'static Pricing, plan: Plan) -> &'static str {
    match plan {
        Plan::Free => &t.plans.free,
        Plan::Starter => &t.plans.starter,
        Plan::Basic => &t.plans.basic,
        Plan::Premium => &t.plans.premium,
    }
}

fn plan_view(texts: &'static Texts, catalogue: &Catalogue, product: &Product) -> PlanView {
    let t = &texts.pricing;
    let saving = number(texts, catalogue.yearly_saving_percent);
    let prices = [Interval::Month, Interval::Year]
        .into_iter()
        .filter_map(|interval| product.price(interval))
        .map(|price| PriceView {
            billed: match price.interval {
                Interval::Month => t.billed_monthly.clone(),
                Interval::Year => fill(&t.billed_yearly, &[("percent", &saving)]),
            },
            amount: money(texts, price.unit_amount, &catalogue.currency),
            per: match price.interval {
                Interval::Month => &t.per_month,
                Interval::Year => &t.per_year,
            },
        })
        .collect();
    let limits = &product.limits;
    let mut lines = vec![
        match limits.employees {
            Some(n) => fill(&t.employees, &[("count", &number(texts, n))]),
            None => t.employees_unlimited.clone(),
        },
        match limits.roles {
            Some(n) => fill(&t.roles, &[("count", &number(texts, n))]),
            None => t.roles_unlimited.clone(),
        },
        t.everything.clone(),
    ];
    lines.push(if limits.assistant {
        t.assistant.clone()
    } else {
        t.no_assistant.clone()
    });
    PlanView {
        id: product.id.as_str(),
        name: plan_name(t, product.id),
        top: product.id == Plan::Premium,
        prices,
        limits: lines,
        action: if product.id == Plan::Free {
            &t.start_free
        } else {
            &t.start_trial
        },
    }
}

fn sale(texts: &'static Texts, catalogue: &Catalogue) -> Sale {
    let t = &texts.pricing;
    let days = number(texts, catalogue.trial_days);
    let percent = number(texts, catalogue.non_profit_discount_percent);
    let values = [("days", days.as_str()), ("percent", percent.as_str())];
    Sale {
        plans: catalogue
            .products
            .iter()
            .map(|p| plan_view(texts, catalogue, p))
            .collect(),
        trial: fill(&t.trial, &values),
        non_profit: fill(&t.non_profit, &values),
        taxes: fill(
            &t.taxes,
            &[("currency", &catalogue.currency.to_ascii_uppercase())],
        ),
        faq: t
            .faq
            .iter()
            .map(|q| (q.question.clone(), fill(&q.answer, &values)))
            .collect(),
    }
}

/// `GET /pricing`.
pub async fn page(req: HttpRequest, state: web::Data<AppState>) -> AppResult<HttpResponse> {
    let lang = language_of(&req);
    let texts = Texts::of(lang);
    let t = &texts.pricing;
    let catalogue = state.plans.catalogue();
    let description = match catalogue {
        Some(c) => fill(
            &t.description,
            &[
                ("days", &number(texts, c.trial_days)),
                ("percent", &number(texts, c.non_profit_discount_percent)),
                (
                    "employees",
                    &number(texts, c.limits(Plan::Free).employees.unwrap_or_default()),
                ),
            ],
        ),
        None => t.unlimited_body.clone(),
    };
    let page = PricingPage {
        frame: Frame::new(
            Page::Pricing,
            lang,
            &state.settings.public_url,
            &t.title,
            &description,
        ),
        t,
        sale: catalogue.map(|c| sale(texts, c)),
    };
    html(lang, page.render())
}
