//! The public pages' words in each language, kept in data files (`texts/<code>.json`) read
//! once. Every file has every text: a missing or unknown one is refused when the file is read
//! (and by the tests), so no page falls back to another language.

use super::language::Lang;
pub use crate::domain::placeholders::fill;
use serde::Deserialize;
use std::sync::LazyLock;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Texts {
    /// The language's name in itself, for the switcher.
    pub language_name: String,
    /// Open Graph's locale (`en_US`).
    pub og_locale: String,
    /// The ten digits, zero first, numbers are written with.
    pub digits: String,
    /// The decimal separator.
    pub decimal: String,
    /// A price: `{amount}` and `{currency}`.
    pub money: String,
    pub site: Site,
    pub landing: Landing,
    pub pricing: Pricing,
    pub contact: Contact,
    pub blog: Blog,
    pub dates: Dates,
    pub errors: Errors,
}

/// What every page shows: the navigation, the switcher's label, the footer.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Site {
    pub home: String,
    pub nav: String,
    pub pricing: String,
    pub blog: String,
    pub contact: String,
    pub sign_in: String,
    pub sign_up: String,
    pub language: String,
    pub skip: String,
    pub footer: String,
    pub open_source: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Feature {
    pub title: String,
    pub body: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Landing {
    pub title: String,
    pub description: String,
    pub hero_title: String,
    pub hero_body: String,
    pub trial: String,
    pub free: String,
    pub start: String,
    pub demo: String,
    pub board_alt: String,
    pub features_title: String,
    pub features: Vec<Feature>,
    pub phone_title: String,
    pub phone_body: String,
    pub phone_alt: String,
    pub languages_title: String,
    pub languages_body: String,
    pub closing_title: String,
    pub closing_body: String,
}

/// The plans' names.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanNames {
    pub free: String,
    pub starter: String,
    pub basic: String,
    pub premium: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Question {
    pub question: String,
    pub answer: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pricing {
    pub title: String,
    pub description: String,
    pub heading: String,
    pub intro: String,
    pub plans: PlanNames,
    pub free_price: String,
    pub per_month: String,
    pub per_year: String,
    pub billed_monthly: String,
    pub billed_yearly: String,
    pub employees: String,
    pub employees_unlimited: String,
    pub roles: String,
    pub roles_unlimited: String,
    pub assistant: String,
    pub no_assistant: String,
    pub everything: String,
    pub start_free: String,
    pub start_trial: String,
    pub trial: String,
    pub non_profit: String,
    pub taxes: String,
    pub unlimited_heading: String,
    pub unlimited_body: String,
    pub faq_title: String,
    pub faq: Vec<Question>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Contact {
    pub title: String,
    pub description: String,
    pub heading: String,
    pub intro: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub slot: String,
    pub slot_hint: String,
    pub choose: String,
    pub trap: String,
    pub submit: String,
    pub problem: String,
    pub no_slots: String,
}

/// The blog's list and post pages, and the comment form's answers.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Blog {
    pub title: String,
    pub description: String,
    pub heading: String,
    pub intro: String,
    pub search: String,
    pub search_button: String,
    pub tags: String,
    pub all_posts: String,
    pub recent: String,
    pub load_more: String,
    pub empty: String,
    pub no_match: String,
    pub tagged: String,
    pub searched: String,
    pub minutes: String,
    pub by: String,
    pub published: String,
    pub updated: String,
    pub likes: String,
    pub like: String,
    pub liked: String,
    pub seen: String,
    pub listen: String,
    pub other_languages: String,
    pub comments: String,
    pub no_comments: String,
    pub answer: String,
    pub answering: String,
    pub cancel_answer: String,
    pub write: String,
    pub name: String,
    pub email: String,
    pub picture: String,
    pub text: String,
    pub trap: String,
    pub send: String,
    pub pending: String,
    pub approved: String,
    pub failed: String,
    pub too_fast: String,
    pub too_old: String,
    pub rate_limited: String,
    pub invalid_email: String,
    pub invalid_picture: String,
    pub required: String,
    pub feed: String,
    pub cover_alt: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dates {
    /// Monday first.
    pub weekdays: [String; 7],
    pub months: [String; 12],
    /// A date: `{weekday}`, `{day}`, `{month}`.
    pub day: String,
    /// A date with its year: `{day}`, `{month}`, `{year}`.
    pub date: String,
}

/// The contact form's refusals, by the call's error codes (`required` by its field).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Errors {
    pub required_name: String,
    pub required_email: String,
    pub required_phonenumber: String,
    pub required_slot: String,
    pub too_long: String,
    pub invalid_email: String,
    pub invalid_phone: String,
    pub slot_not_quarter_hour: String,
    pub slot_past: String,
    pub slot_too_far: String,
    pub slot_taken: String,
    pub rate_limited: String,
    pub too_many_demo_requests: String,
    /// Anything else: the spec's demo booking failure.
    pub failed: String,
}

fn read(lang: Lang, json: &str) -> Texts {
    serde_json::from_str(json)
        // Checked by the tests for every file: a failure here is a broken build.
        .unwrap_or_else(|e| panic!("site/texts/{}.json: {e}", lang.code()))
}

static EN: LazyLock<Texts> = LazyLock::new(|| read(Lang::En, include_str!("texts/en.json")));
static DE: LazyLock<Texts> = LazyLock::new(|| read(Lang::De, include_str!("texts/de.json")));
static ES: LazyLock<Texts> = LazyLock::new(|| read(Lang::Es, include_str!("texts/es.json")));
static FA: LazyLock<Texts> = LazyLock::new(|| read(Lang::Fa, include_str!("texts/fa.json")));

impl Texts {
    /// The texts of `lang`.
    pub fn of(lang: Lang) -> &'static Texts {
        match lang {
            Lang::En => &EN,
            Lang::De => &DE,
            Lang::Es => &ES,
            Lang::Fa => &FA,
        }
    }

    /// Every language's texts, read now: a server does not start with a broken file.
    pub fn load_all() {
        for lang in Lang::ALL {
            Texts::of(lang);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_every_text() {
        for lang in Lang::ALL {
            let t = Texts::of(lang);
            assert_eq!(t.digits.chars().count(), 10, "{lang:?}");
            assert_eq!(t.landing.features.len(), 6, "{lang:?}: six features");
            assert_eq!(
                t.pricing.faq.len(),
                Texts::of(Lang::En).pricing.faq.len(),
                "{lang:?}: the same questions"
            );
            assert!(t.money.contains("{amount}") && t.money.contains("{currency}"));
            assert!(t.contact.slot_hint.contains("{now}"), "{lang:?}");
            assert!(t.blog.minutes.contains("{count}"), "{lang:?}");
            for (text, placeholder) in [
                (&t.blog.no_match, "{query}"),
                (&t.blog.searched, "{query}"),
                (&t.blog.tagged, "{tag}"),
                (&t.blog.by, "{name}"),
                (&t.blog.published, "{date}"),
                (&t.blog.updated, "{date}"),
                (&t.blog.answering, "{name}"),
                (&t.blog.cover_alt, "{title}"),
            ] {
                assert!(text.contains(placeholder), "{lang:?}: {placeholder}");
            }
            for placeholder in ["{weekday}", "{day}", "{month}"] {
                assert!(t.dates.day.contains(placeholder), "{lang:?}: {placeholder}");
            }
            let json = serde_json::to_string(
                &serde_json::from_str::<serde_json::Value>(match lang {
                    Lang::En => include_str!("texts/en.json"),
                    Lang::De => include_str!("texts/de.json"),
                    Lang::Es => include_str!("texts/es.json"),
                    Lang::Fa => include_str!("texts/fa.json"),
                })
                .expect("JSON"),
            )
            .expect("JSON");
            assert!(!json.contains("\"\""), "{lang:?}: an empty text");
        }
    }
}
