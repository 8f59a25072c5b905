//! How the API document describes values whose forms the domain fixes but which travel as
//! plain strings or numbers: the schema is built from the same constants the rules check, so
//! the document cannot drift from them.

use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};

/// A string that is one of `words`.
pub fn words(words: impl IntoIterator<Item = &'static str>) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(words))
        .into()
}

/// Declares a type that only describes, in the API document, a string holding one of a list of
/// words (the field itself stays a string). Name it as the field's `value_type`.
macro_rules! words_schema {
    ($(#[$attr:meta])* $name:ident, $words:expr) => {
        $(#[$attr])*
        pub struct $name;

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                $crate::domain::schema::words($words)
            }
        }

        impl utoipa::ToSchema for $name {}
    };
}

pub(crate) use words_schema;
