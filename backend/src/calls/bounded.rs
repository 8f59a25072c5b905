//! Fields whose bounds the API document states from the constants the calls check them
//! with. A call still checks each value where it reads it (`input::instant`,
//! `Text::optional`, ...), so its error stays the call's own; these types carry the bounds
//! into the document, and a text is checked against its own, so the two cannot drift apart.
//! Lists are `domain::list`'s, below the store, whose answers hold them too.
//!
//! A bounded text's schema is a component named for its bound (`Text120`, `RequiredText120`),
//! which its fields refer to: utoipa's derive refers to any field type that implements
//! `ToSchema` by its `name()` and registers it through the field's container, as it does for
//! `Instant`. Its name has to state the bound (the derive's default drops const generics), and
//! one component per bound keeps the document's texts as few as its bounds.

use super::input::{self, INSTANT_MAX, INSTANT_MIN};
use crate::domain::account::{EMAIL_MAX_LEN, PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS};
use crate::error::AppResult;
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

crate::domain::list::component_list!(InstantList = Instant);

/// An e-mail address a client sends; read with `input::email` or `account::Email::parse`,
/// which refuse one longer than `EMAIL_MAX_LEN`.
#[derive(Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EmailAddress(pub String);

/// Written as the string, as the field was before it had a type: logs read the same.
impl std::fmt::Debug for EmailAddress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::ops::Deref for EmailAddress {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl utoipa::PartialSchema for EmailAddress {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Email)))
            .max_length(Some(EMAIL_MAX_LEN))
            .into()
    }
}

impl utoipa::ToSchema for EmailAddress {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("EmailAddress")
    }
}

/// A new password a client sends; read with `account::check_password`, which refuses one
/// shorter than `PASSWORD_MIN_CHARS` or longer than `PASSWORD_MAX_CHARS` characters.
#[derive(Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct NewPassword(pub String);

/// Written as the string, as the field was before it had a type.
impl std::fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::ops::Deref for NewPassword {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl utoipa::PartialSchema for NewPassword {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Password)))
            .min_length(Some(PASSWORD_MIN_CHARS))
            .max_length(Some(PASSWORD_MAX_CHARS))
            .into()
    }
}

impl utoipa::ToSchema for NewPassword {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("NewPassword")
    }
}

/// Defines a text type of at most `MAX` characters, serde-transparent over `String`, whose
/// schema is `{type: string, maxLength: MAX}` (with `minLength: 1` when it may not be blank).
macro_rules! text {
    ($(#[$doc:meta])* $name:ident, $min:expr) => {
        $(#[$doc])*
        #[derive(Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name<const MAX: usize>(pub String);

        impl<const MAX: usize> $name<MAX> {
            /// The most characters the text may hold, as its schema states.
            pub const MAX: usize = MAX;
        }

        /// Written as the string, as the field was before it had a type: logs read the same.
        impl<const MAX: usize> std::fmt::Debug for $name<MAX> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl<const MAX: usize> std::ops::Deref for $name<MAX> {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl<const MAX: usize> From<&str> for $name<MAX> {
            fn from(text: &str) -> Self {
                Self(text.to_string())
            }
        }

        impl<const MAX: usize> From<String> for $name<MAX> {
            fn from(text: String) -> Self {
                Self(text)
            }
        }

        impl<const MAX: usize> utoipa::PartialSchema for $name<MAX> {
            fn schema() -> RefOr<Schema> {
                let min: usize = $min;
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .min_length((min > 0).then_some(min))
                    .max_length(Some(MAX))
                    .into()
            }
        }

        impl<const MAX: usize> utoipa::ToSchema for $name<MAX> {
            fn name() -> Cow<'static, str> {
                Cow::Owned(format!(concat!(stringify!($name), "{}"), MAX))
            }
        }
    };
}

text!(
    /// A text a client may leave empty; read with `optional` (or `OptionalText::optional`).
    Text,
    0
);
text!(
    /// A text a client must fill; read with `required`.
    RequiredText,
    1
);

impl<const MAX: usize> Text<MAX> {
    /// Trimmed; empty means none; longer than `MAX` is refused (`input::optional_text`).
    pub fn optional(&self, field: &str) -> AppResult<Option<String>> {
        input::optional_text(field, Some(self), MAX)
    }
}

impl<const MAX: usize> RequiredText<MAX> {
    /// Trimmed; empty or longer than `MAX` is refused (`input::required_text`).
    pub fn required(&self, field: &str) -> AppResult<String> {
        input::required_text(field, self, MAX)
    }
}

/// An optional text field read as `input::optional_text` reads it, against the text's bound.
pub trait OptionalText {
    fn optional(&self, field: &str) -> AppResult<Option<String>>;
}

impl<const MAX: usize> OptionalText for Option<Text<MAX>> {
    fn optional(&self, field: &str) -> AppResult<Option<String>> {
        input::optional_text(field, self.as_deref(), MAX)
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

    #[test]
    fn an_email_address_states_the_length_input_email_checks() {
        let schema = schema_of::<EmailAddress>();
        assert_eq!(schema["maxLength"], json!(EMAIL_MAX_LEN));
        assert_eq!(schema["format"], json!("email"));
        assert!(input::email("a@example.com").is_ok());
        let long = format!("a@{}.com", "b".repeat(EMAIL_MAX_LEN));
        assert!(input::email(&long).is_err());
    }

    #[test]
    fn a_new_password_states_the_lengths_check_password_checks() {
        use crate::domain::account::check_password;
        let schema = schema_of::<NewPassword>();
        assert_eq!(schema["minLength"], json!(PASSWORD_MIN_CHARS));
        assert_eq!(schema["maxLength"], json!(PASSWORD_MAX_CHARS));
        assert_eq!(schema["format"], json!("password"));
        let word = |n: usize| format!("a1{}", "b".repeat(n - 2));
        assert!(check_password(&word(PASSWORD_MIN_CHARS)).is_ok());
        assert!(check_password(&word(PASSWORD_MIN_CHARS - 1)).is_err());
        assert!(check_password(&word(PASSWORD_MAX_CHARS)).is_ok());
        assert!(check_password(&word(PASSWORD_MAX_CHARS + 1)).is_err());
    }

    #[test]
    fn a_text_states_the_bound_it_is_checked_against() {
        use utoipa::ToSchema;
        assert_eq!(Text::<7>::name(), "Text7");
        assert_eq!(RequiredText::<7>::name(), "RequiredText7");
        assert_eq!(
            schema_of::<Text<7>>(),
            json!({ "type": "string", "maxLength": 7 })
        );
        assert_eq!(
            schema_of::<RequiredText<7>>(),
            json!({ "type": "string", "minLength": 1, "maxLength": 7 })
        );
        // Characters are counted, not bytes; the text is trimmed first.
        let long = "é".repeat(8);
        let refused = Err("title must be at most 7 characters.".to_string());
        let said = |r: AppResult<_>| r.map_err(|e| e.message.to_string());
        assert_eq!(
            said(Text::<7>::from(" abc ").optional("title")),
            Ok(Some("abc".into()))
        );
        assert_eq!(said(Text::<7>::from("  ").optional("title")), Ok(None));
        assert_eq!(
            said(Text::<7>::from(&long[2..]).optional("title")),
            Ok(Some(long[2..].into()))
        );
        assert_eq!(said(Text::<7>::from(&*long).optional("title")), refused);
        assert_eq!(
            said(Some(Text::<7>::from(&*long)).optional("title")),
            refused
        );
        assert_eq!(said(None::<Text<7>>.optional("title")), Ok(None));
        assert_eq!(
            said(RequiredText::<7>::from(" abc ").required("title").map(Some)),
            Ok(Some("abc".into()))
        );
        assert_eq!(
            said(RequiredText::<7>::from(&*long).required("title").map(Some)),
            refused
        );
        assert_eq!(
            said(RequiredText::<7>::from(" ").required("title").map(Some)),
            Err("title is required.".into())
        );
        let sent: RequiredText<7> = serde_json::from_value(json!("abc")).expect("a string");
        assert_eq!(&*sent, "abc");
        assert_eq!(format!("{sent:?}"), "\"abc\"");
        assert_eq!(serde_json::to_value(&sent).expect("json"), json!("abc"));
    }
}
