//! Numbers, prices, days and times as a language writes them (its digits, its decimal
//! separator, its names of days and months).

use super::texts::{fill, Texts};
use crate::domain::language::with_digits;
use chrono::{DateTime, Datelike, NaiveDate, Utc};

/// `text` with its ASCII digits in the language's.
pub fn digits(t: &Texts, text: &str) -> String {
    with_digits(text, &t.digits)
}

/// A whole number.
pub fn number(t: &Texts, n: impl std::fmt::Display) -> String {
    digits(t, &n.to_string())
}

/// A price of `cents` in `currency` (ISO 4217, any case): `$11.11`, `11,11 $`.
pub fn money(t: &Texts, cents: i64, currency: &str) -> String {
    let amount = format!("{}{}{:02}", cents / 100, t.decimal, (cents % 100).abs());
    let symbol = match currency.to_ascii_lowercase().as_str() {
        "usd" => "$".to_string(),
        "eur" => "€".to_string(),
        "gbp" => "£".to_string(),
        other => other.to_ascii_uppercase(),
    };
    fill(
        &t.money,
        &[("amount", &digits(t, &amount)), ("currency", &symbol)],
    )
}

/// A day: `Monday, December 14`.
pub fn day(t: &Texts, date: NaiveDate) -> String {
    let weekday = &t.dates.weekdays[date.weekday().num_days_from_monday() as usize];
    let month = &t.dates.months[date.month0() as usize];
    fill(
        &t.dates.day,
        &[
            ("weekday", weekday),
            ("month", month),
            ("day", &number(t, date.day())),
        ],
    )
}

/// A date with its year: `December 14, 2026`.
pub fn date(t: &Texts, date: NaiveDate) -> String {
    fill(
        &t.dates.date,
        &[
            ("month", &t.dates.months[date.month0() as usize]),
            ("day", &number(t, date.day())),
            ("year", &number(t, date.year())),
        ],
    )
}

/// A time of day in UTC, on the 24-hour clock: `09:15`.
pub fn time(t: &Texts, at: DateTime<Utc>) -> String {
    digits(t, &at.format("%H:%M").to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::language::Lang;
    use chrono::TimeZone;

    #[test]
    fn prices_read_as_each_language_writes_them() {
        assert_eq!(money(Texts::of(Lang::En), 1111, "usd"), "$11.11");
        assert_eq!(money(Texts::of(Lang::De), 7999, "usd"), "79,99 $");
        assert_eq!(money(Texts::of(Lang::En), 500, "chf"), "CHF5.00");
        assert_eq!(money(Texts::of(Lang::Fa), 1111, "usd"), "۱۱٫۱۱ $");
    }

    #[test]
    fn days_and_times_use_the_language_s_names_and_digits() {
        let date = NaiveDate::from_ymd_opt(2026, 12, 14).expect("a date");
        assert_eq!(day(Texts::of(Lang::En), date), "Monday, December 14");
        assert_eq!(day(Texts::of(Lang::De), date), "Montag, 14. Dezember");
        assert_eq!(super::date(Texts::of(Lang::En), date), "December 14, 2026");
        assert_eq!(
            super::date(Texts::of(Lang::Es), date),
            "14 de diciembre de 2026"
        );
        assert_eq!(super::date(Texts::of(Lang::Fa), date), "۱۴ دسامبر ۲۰۲۶");
        let at = Utc
            .with_ymd_and_hms(2026, 12, 14, 9, 15, 0)
            .single()
            .expect("a time");
        assert_eq!(time(Texts::of(Lang::En), at), "09:15");
        assert_eq!(time(Texts::of(Lang::Fa), at), "۰۹:۱۵");
    }
}
