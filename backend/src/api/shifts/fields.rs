//! What the shift calls take from their payloads beyond plain values: the caller as commands
//! name it, a cancellation reason, a tasks list, shifts named by id or object, and a field
//! that may be `null`.

use crate::calls::bounded::{OptionalText, Text};
use crate::calls::Ctx;
use crate::domain::ids::ShiftId;
use crate::error::{AppError, AppResult};
use crate::store::shifts::Caller;
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use utoipa::ToSchema;

/// Longest cancellation reason.
pub(crate) const REASON_MAX: usize = 500;
/// Largest tasks list, serialised.
pub(crate) const TASKS_MAX_BYTES: usize = 16 * 1024;

/// The caller of a store call, as commands name it.
pub(crate) fn caller(ctx: &Ctx) -> AppResult<Caller> {
    let m = ctx.member()?;
    Ok(Caller {
        user: m.user,
        employee: m.employee.id,
        perms: m.perms,
    })
}

/// A cancellation reason; empty means none.
pub(super) fn reason(r: Option<Text<REASON_MAX>>) -> AppResult<Option<String>> {
    r.optional("cancelReason")
}

/// A tasks list: objects, at most [`TASKS_MAX_BYTES`] as JSON; `null` means none.
pub(crate) fn tasks(t: Option<Value>) -> AppResult<Option<Value>> {
    match t {
        None | Some(Value::Null) => Ok(None),
        // Each task is an object, as the document describes them; what it holds is the client's.
        Some(Value::Array(items)) if !items.iter().all(Value::is_object) => {
            Err(AppError::invalid("tasks must be a list of objects."))
        }
        Some(Value::Array(items)) => {
            let v = Value::Array(items);
            if v.to_string().len() > TASKS_MAX_BYTES {
                return Err(AppError::invalid("tasks is too large."));
            }
            Ok(Some(v))
        }
        Some(_) => Err(AppError::invalid("tasks must be a list.")),
    }
}

/// A shift named by its id, or an object carrying it (`{"id": ...}`).
#[derive(Debug, Clone, Copy)]
pub struct ShiftRef(pub ShiftId);

impl utoipa::PartialSchema for ShiftRef {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder};
        OneOfBuilder::new()
            .item(ShiftId::schema())
            .item(
                ObjectBuilder::new()
                    .property("id", ShiftId::schema())
                    .required("id"),
            )
            .description(Some("A shift id, or an object with its `id`."))
            .into()
    }
}

impl ToSchema for ShiftRef {}

crate::domain::list::component_list!(ShiftRefList = ShiftRef);

impl<'de> Deserialize<'de> for ShiftRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Id(ShiftId),
            Object { id: ShiftId },
        }
        Ok(match Raw::deserialize(d)? {
            Raw::Id(id) | Raw::Object { id } => ShiftRef(id),
        })
    }
}

/// The ids of shifts named by id or object.
pub(super) fn ids(refs: Vec<ShiftRef>) -> Vec<ShiftId> {
    refs.into_iter().map(|r| r.0).collect()
}

/// Reads a field that may be absent, `null`, or a value: absent is `None`, `null` is
/// `Some(None)`.
pub(super) fn nullable<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    let raw = Option::<String>::deserialize(d)?;
    match raw.as_deref().map(str::trim) {
        None | Some("") => Ok(Some(None)),
        Some(s) => s
            .parse()
            .map(|v| Some(Some(v)))
            .map_err(serde::de::Error::custom),
    }
}
