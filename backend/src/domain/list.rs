//! Lists whose bounds the API document states from the constants the code checks them with,
//! as `calls::bounded` does for texts; here, below the store, so its answers hold them too.
//!
//! A `List<T, MAX, MIN>`'s schema is a component named for its items and bounds:
//! `{Item}List{MAX}` (`ShiftIdList1000`), or `{Item}List{MIN}to{MAX}` when it may not hold
//! fewer than `MIN` (`UndoEntryList1to1000`). A call checks a list it reads with
//! [`List::within`], against the same bounds.
//!
//! A field names its list through its item's alias (`ShiftIdList<{ MAX_BATCH_IDS }>`), made
//! with [`component_list!`] or beside a value item: utoipa's derive reads a field's type as
//! written, and composes one with type arguments (`List<ShiftId, ..>`) through a trait of its
//! own instead of referring to it by its `name()`; bounds alone (`Text<{ TITLE_MAX }>`) it
//! leaves to the type.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use utoipa::openapi::schema::{ArrayBuilder, KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::{RefOr, Schema};

/// At most `MAX` items, and at least `MIN`.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct List<T, const MAX: usize, const MIN: usize = 0>(pub Vec<T>);

impl<T, const MAX: usize, const MIN: usize> List<T, MAX, MIN> {
    /// The items, when there are `MIN` to `MAX` of them; otherwise `refused()`, the call's
    /// own error.
    pub fn within<E>(self, refused: impl FnOnce() -> E) -> Result<Vec<T>, E> {
        if (MIN..=MAX).contains(&self.0.len()) {
            Ok(self.0)
        } else {
            Err(refused())
        }
    }
}

impl<T, const MAX: usize, const MIN: usize> Default for List<T, MAX, MIN> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

/// Written as the items, as the field was before it had a type: logs read the same.
impl<T: std::fmt::Debug, const MAX: usize, const MIN: usize> std::fmt::Debug for List<T, MAX, MIN> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<T, const MAX: usize, const MIN: usize> std::ops::Deref for List<T, MAX, MIN> {
    type Target = Vec<T>;
    fn deref(&self) -> &Vec<T> {
        &self.0
    }
}

impl<T, const MAX: usize, const MIN: usize> std::ops::DerefMut for List<T, MAX, MIN> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.0
    }
}

impl<T, const MAX: usize, const MIN: usize> From<Vec<T>> for List<T, MAX, MIN> {
    fn from(items: Vec<T>) -> Self {
        Self(items)
    }
}

impl<T, const MAX: usize, const MIN: usize> FromIterator<T> for List<T, MAX, MIN> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        Self(items.into_iter().collect())
    }
}

impl<T, const MAX: usize, const MIN: usize> IntoIterator for List<T, MAX, MIN> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a, T, const MAX: usize, const MIN: usize> IntoIterator for &'a List<T, MAX, MIN> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// How a list's schema states its items: a component by reference, as utoipa's derive refers
/// to a field of a `ToSchema` type ([`component_list!`]), or a value's schema in place, as it
/// writes a string or a number.
pub trait Item {
    /// The name the list's component begins with.
    fn name() -> Cow<'static, str>;
    /// The schema of one item.
    fn schema() -> RefOr<Schema>;
    /// The components the item's schema refers to, registered with the list's.
    fn components(_schemas: &mut Vec<(String, RefOr<Schema>)>) {}
}

impl<T: Item, const MAX: usize, const MIN: usize> utoipa::PartialSchema for List<T, MAX, MIN> {
    fn schema() -> RefOr<Schema> {
        ArrayBuilder::new()
            .items(T::schema())
            .max_items(Some(MAX))
            .min_items((MIN > 0).then_some(MIN))
            .into()
    }
}

impl<T: Item, const MAX: usize, const MIN: usize> utoipa::ToSchema for List<T, MAX, MIN> {
    fn name() -> Cow<'static, str> {
        let item = T::name();
        Cow::Owned(match MIN {
            0 => format!("{item}List{MAX}"),
            _ => format!("{item}List{MIN}to{MAX}"),
        })
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        T::components(schemas);
    }
}

/// Makes a `ToSchema` type an item lists refer to by its component, and declares the alias
/// its lists' fields name: `component_list!(ShiftIdList = ShiftId)` gives
/// `ShiftIdList<MAX, MIN = 0>`, a `List<ShiftId, MAX, MIN>`.
macro_rules! component_list {
    ($list:ident = $item:ty) => {
        impl $crate::domain::list::Item for $item {
            fn name() -> ::std::borrow::Cow<'static, str> {
                <$item as ::utoipa::ToSchema>::name()
            }

            fn schema() -> ::utoipa::openapi::RefOr<::utoipa::openapi::Schema> {
                ::utoipa::openapi::Ref::from_schema_name(
                    <$item as $crate::domain::list::Item>::name(),
                )
                .into()
            }

            fn components(
                schemas: &mut Vec<(String, ::utoipa::openapi::RefOr<::utoipa::openapi::Schema>)>,
            ) {
                schemas.push((
                    <$item as ::utoipa::ToSchema>::name().into_owned(),
                    <$item as ::utoipa::PartialSchema>::schema(),
                ));
                <$item as ::utoipa::ToSchema>::schemas(schemas);
            }
        }

        #[doc = concat!("A `List` of `", stringify!($item), "`s (see `domain::list`).")]
        pub type $list<const MAX: usize, const MIN: usize = 0> =
            $crate::domain::list::List<$item, MAX, MIN>;
    };
}

pub(crate) use component_list;

/// Makes a type an item lists write in place, named `$name` in their components' names, and
/// declares its lists' alias.
macro_rules! value_list {
    ($(#[$doc:meta])* $list:ident = $item:ty, $name:literal, $schema:expr) => {
        impl $crate::domain::list::Item for $item {
            fn name() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed($name)
            }

            fn schema() -> ::utoipa::openapi::RefOr<::utoipa::openapi::Schema> {
                $schema.into()
            }
        }

        $(#[$doc])*
        pub type $list<const MAX: usize, const MIN: usize = 0> =
            $crate::domain::list::List<$item, MAX, MIN>;
    };
}

pub(crate) use value_list;

value_list!(
    /// Texts.
    StringList = String,
    "String",
    ObjectBuilder::new().schema_type(Type::String)
);
value_list!(
    /// Whole numbers.
    Int32List = i32,
    "Int32",
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int32)))
);
value_list!(
    /// Dates (`YYYY-MM-DD`).
    DateList = NaiveDate,
    "Date",
    ObjectBuilder::new()
        .schema_type(Type::String)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Date)))
);

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};
    use utoipa::{PartialSchema, ToSchema};

    /// A component item.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
    pub struct Pin {
        at: i32,
    }

    component_list!(PinList = Pin);

    fn schema_of<T: PartialSchema>() -> Value {
        serde_json::to_value(T::schema()).expect("json")
    }

    #[test]
    fn a_list_is_a_component_named_for_its_items_and_bounds() {
        assert_eq!(PinList::<7>::name(), "PinList7");
        assert_eq!(PinList::<7, 2>::name(), "PinList2to7");
        assert_eq!(StringList::<20>::name(), "StringList20");
        assert_eq!(
            schema_of::<PinList<7>>(),
            json!({ "type": "array", "items": { "$ref": "#/components/schemas/Pin" }, "maxItems": 7 })
        );
        assert_eq!(
            schema_of::<StringList<7, 2>>(),
            json!({ "type": "array", "items": { "type": "string" }, "minItems": 2, "maxItems": 7 })
        );
        assert_eq!(
            schema_of::<DateList<3>>()["items"],
            json!({ "type": "string", "format": "date" })
        );
        assert_eq!(
            schema_of::<Int32List<3>>()["items"],
            json!({ "type": "integer", "format": "int32" })
        );
        // The list registers its items' component, which a value item has none of.
        let mut schemas = Vec::new();
        PinList::<7>::schemas(&mut schemas);
        assert_eq!(
            schemas
                .iter()
                .map(|(name, _)| name.as_str())
                .collect::<Vec<_>>(),
            ["Pin"]
        );
        schemas.clear();
        StringList::<7>::schemas(&mut schemas);
        assert!(schemas.is_empty());
    }

    #[test]
    fn a_list_is_checked_against_the_bounds_it_states() {
        let list = |n: i32| PinList::<3, 2>::from_iter((0..n).map(|at| Pin { at }));
        let count = |n: i32| list(n).within(|| "refused").map(|pins| pins.len());
        assert_eq!(count(1), Err("refused"));
        assert_eq!(count(2), Ok(2));
        assert_eq!(count(3), Ok(3));
        assert_eq!(count(4), Err("refused"));
        // Without a least, an empty list is within.
        assert_eq!(PinList::<3>::default().within(|| "refused"), Ok(vec![]));
    }

    #[test]
    fn a_list_reads_and_writes_as_its_items() {
        let sent: PinList<3> =
            serde_json::from_value(json!([{ "at": 1 }, { "at": 2 }])).expect("a list of pins");
        assert_eq!(sent.len(), 2);
        assert_eq!(sent[1], Pin { at: 2 });
        assert_eq!(format!("{sent:?}"), "[Pin { at: 1 }, Pin { at: 2 }]");
        assert_eq!(
            serde_json::to_value(&sent).expect("json"),
            json!([{ "at": 1 }, { "at": 2 }])
        );
        assert_eq!((&sent).into_iter().map(|p| p.at).sum::<i32>(), 3);
        let mut grown = sent.clone();
        grown.push(Pin { at: 3 });
        assert_ne!(grown, sent);
        assert_eq!(
            grown.into_iter().map(|p| p.at).collect::<Vec<_>>(),
            [1, 2, 3]
        );
        // Reading does not check the bounds: the call does, with its own error.
        let many: StringList<1> = serde_json::from_value(json!(["a", "b"])).expect("strings");
        assert_eq!(many.len(), 2);
    }
}
