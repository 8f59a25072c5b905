//! Fields whose bounds the API document states from the constants the calls check them
//! with. A call still checks each value where it reads it (`input::instant`,
//! `input::required_text`, ...), so its error stays the call's own; these types only carry
//! the bounds into the document, so they cannot drift apart.

use super::input::{INSTANT_MAX, INSTANT_MIN};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::openapi::RefOr;

/// An instant a client sends, in epoch milliseconds; read with `input::instant`, which
/// refuses one outside `INSTANT_MIN..=INSTANT_MAX`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Instant(pub i64);

/// Written as the number, as the field was before it had a type: logs read the same.
impl std::fmt::Debug for Instant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl From<Instant> for i64 {
    fn from(instant: Instant) -> i64 {
        instant.0
    }
}

impl utoipa::PartialSchema for Instant {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
            .minimum(Some(INSTANT_MIN))
            .maximum(Some(INSTANT_MAX))
            .into()
    }
}

impl utoipa::ToSchema for Instant {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Instant")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};
    use utoipa::PartialSchema;

    fn schema_of<T: PartialSchema>() -> Value {
        serde_json::to_value(T::schema()).expect("json")
    }

    #[test]
    fn an_instant_states_the_range_input_instant_checks() {
        let schema = schema_of::<Instant>();
        assert_eq!(schema["minimum"], json!(INSTANT_MIN));
        assert_eq!(schema["maximum"], json!(INSTANT_MAX));
        assert_eq!(schema["type"], json!("integer"));
        assert!(super::super::input::instant("start", INSTANT_MIN).is_ok());
        assert!(super::super::input::instant("start", INSTANT_MIN - 1).is_err());
        assert!(super::super::input::instant("start", INSTANT_MAX).is_ok());
        assert!(super::super::input::instant("start", INSTANT_MAX + 1).is_err());
        let sent: Instant = serde_json::from_value(json!(1_700_000_000_000i64)).expect("an i64");
        assert_eq!(i64::from(sent), 1_700_000_000_000);
        assert_eq!(format!("{sent:?}"), "1700000000000");
    }
}
