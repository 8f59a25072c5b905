//! Reading request fields: text that must be present, ids that may arrive empty, e-mails.

use crate::domain::account::EMAIL_MAX_LEN;
use crate::error::{AppError, AppResult};
use crate::messages;
use serde::{Deserialize, Deserializer};
use std::str::FromStr;

/// Deserializes an optional id where an empty string or `null` means "not given" (clients
/// send `""` for an unset id). A malformed id is a 400.
pub fn opt_id<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr,
    T::Err: std::fmt::Display,
{
    let raw = Option::<String>::deserialize(d)?;
    match raw.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(s) => s.parse().map(Some).map_err(serde::de::Error::custom),
    }
}

/// Writes every number with no fraction as an integer (`3.0` as `3`): JSON has one number
/// type, and the API document's integers are numbers without a fraction, so a client whose
/// JSON writes `3.0` means `3`. Numbers outside the 64-bit range stay as they are (and are
/// refused where an integer is expected).
pub fn integral_numbers(value: &mut serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::Number(n) if !n.is_i64() && !n.is_u64() => {
            if let Some(f) = n.as_f64() {
                // The bounds are exact powers of two, so the comparison is exact too.
                if f.fract() == 0.0
                    && (-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&f)
                {
                    *value = Value::from(f as i64);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(integral_numbers),
        Value::Object(fields) => fields.values_mut().for_each(integral_numbers),
        _ => {}
    }
}

/// Refuses a body with a NUL character in any text or key: no field of ours holds one, and
/// Postgres refuses them in text, so the edge says so rather than the database.
pub fn no_nul(value: &serde_json::Value) -> AppResult<()> {
    use serde_json::Value;
    let nul = || AppError::invalid("Text may not contain NUL characters.");
    match value {
        Value::String(s) if s.contains('\0') => Err(nul()),
        Value::Array(items) => items.iter().try_for_each(no_nul),
        Value::Object(fields) => fields.iter().try_for_each(|(k, v)| {
            if k.contains('\0') {
                return Err(nul());
            }
            no_nul(v)
        }),
        _ => Ok(()),
    }
}

/// A trimmed, non-empty text of at most `max` characters.
pub fn required_text(field: &str, value: &str, max: usize) -> AppResult<String> {
    let v = value.trim();
    if v.is_empty() {
        return Err(AppError::invalid(format!("{field} is required.")));
    }
    limited(field, v, max)
}

/// A trimmed optional text: empty means none.
pub fn optional_text(field: &str, value: Option<&str>, max: usize) -> AppResult<Option<String>> {
    match value.map(str::trim) {
        None | Some("") => Ok(None),
        Some(v) => limited(field, v, max).map(Some),
    }
}

fn limited(field: &str, v: &str, max: usize) -> AppResult<String> {
    if v.chars().count() > max {
        return Err(AppError::invalid(format!(
            "{field} must be at most {max} characters."
        )));
    }
    Ok(v.to_string())
}

/// A trimmed, syntactically valid e-mail address.
pub fn email(value: &str) -> AppResult<String> {
    let v = crate::domain::invite::normalize_email(value);
    if v.len() > EMAIL_MAX_LEN || lettre::Address::from_str(&v).is_err() {
        return Err(AppError::bad_request(
            "invalid_email",
            messages::INVALID_EMAIL,
        ));
    }
    Ok(v)
}

/// An instant in epoch milliseconds.
pub fn instant(field: &str, ms: impl Into<i64>) -> AppResult<chrono::DateTime<chrono::Utc>> {
    let ms = ms.into();
    if !(INSTANT_MIN..=INSTANT_MAX).contains(&ms) {
        return Err(AppError::invalid(format!("{field} is out of range.")));
    }
    chrono::DateTime::from_timestamp_millis(ms)
        .ok_or_else(|| AppError::invalid(format!("{field} is out of range.")))
}

/// Earliest instant a client may send, epoch ms: 1900-01-01 (birthdays reach back that far).
pub const INSTANT_MIN: i64 = -2_208_988_800_000;
/// Latest instant a client may send, epoch ms: 2200-01-01. Bounding every instant at the edge
/// keeps the arithmetic on them (lengths, repeats, days) far from overflowing.
pub const INSTANT_MAX: i64 = 7_258_118_400_000;

/// Longest name of a store, role or person.
pub const NAME_MAX: usize = 120;
/// Longest URL of an image.
pub const URL_MAX: usize = 2048;
/// Longest address.
pub const ADDRESS_MAX: usize = 500;

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn nul_characters_are_refused_anywhere() {
        assert!(no_nul(&json!({ "a": ["ok", { "b": "fine" }] })).is_ok());
        assert!(no_nul(&json!({ "a": ["ok", { "b": "x\u{0}" }] })).is_err());
        assert!(no_nul(&json!({ "a\u{0}": 1 })).is_err());
    }

    #[test]
    fn numbers_without_a_fraction_read_as_integers() {
        let mut v =
            json!({ "a": 3.0, "b": [-2.0, 2.5, 7], "c": { "d": 1.7e12 }, "e": 1e300, "f": "3.0" });
        integral_numbers(&mut v);
        assert_eq!(
            v,
            json!({ "a": 3, "b": [-2, 2.5, 7], "c": { "d": 1_700_000_000_000i64 }, "e": 1e300, "f": "3.0" })
        );
        assert!(v["a"].is_i64());
        // The edges of the 64-bit range.
        let mut edge = json!([-9_223_372_036_854_775_808.0, 9_223_372_036_854_775_808.0]);
        integral_numbers(&mut edge);
        assert!(edge[0].is_i64());
        assert!(edge[1].is_f64());
    }
}
