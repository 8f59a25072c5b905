//! Availability: the windows an employee can work, changed by the employee (`availabletime`
//! permission) or by a manager (`employee` permission), each change a command to the store's
//! actor.

use super::limits::{LABEL_MAX, TEXT_MAX};
use crate::calls::bounded::{OptionalText, Text};
use crate::calls::guard::Member;
use crate::calls::{Access, Call, Ctx};
use crate::db::models::employee::Employee;
use crate::domain::availability::Window;
use crate::domain::business::{DayInput, TimeOfDay};
use crate::domain::ids::{EmployeeId, RequestId, UserId};
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::availability::{
    AvailabilityChange, AvailabilityDeleted, ChangeAvailability, WindowFields,
};
use crate::store::request_views::AvailabilityView;
use serde::Deserialize;
use utoipa::ToSchema;

/// The fields of an availability window.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AvailabilityInput {
    /// Local start, `HH:mm` (defaults to 00:00 for all-day windows); empty means none.
    #[serde(default)]
    #[schema(pattern = "^(([01]?[0-9]|2[0-3]):[0-5][0-9])?$", example = "09:00")]
    pub start: Option<String>,
    /// Local end, `HH:mm`; not after the start means the next day. Ignored when all day.
    #[serde(default)]
    #[schema(pattern = "^(([01]?[0-9]|2[0-3]):[0-5][0-9])?$", example = "17:00")]
    pub end: Option<String>,
    /// Weekdays: numbers (0 = Sunday) or English names.
    // Not a `List`: there is no most, since a day may be named twice (`1`, `"monday"`);
    // `Window::new` refuses none.
    #[schema(min_items = 1)]
    pub days: Vec<DayInput>,
    #[serde(default)]
    pub all_day: bool,
    /// Empty means none.
    #[serde(default)]
    pub reason: Option<Text<{ TEXT_MAX }>>,
    /// The client's own label of the window; empty means none.
    #[serde(default)]
    pub status: Option<Text<{ LABEL_MAX }>>,
    /// The client's own label of the window (e.g. `available`); empty means none.
    #[serde(default, rename = "type")]
    pub kind: Option<Text<{ LABEL_MAX }>>,
    /// The zone the times are meant in; windows always use the store's zone.
    #[serde(default)]
    pub tzr: Option<String>,
}

impl AvailabilityInput {
    fn checked(&self) -> AppResult<WindowFields> {
        let time = |field: &str, v: &Option<String>| -> AppResult<Option<TimeOfDay>> {
            match v.as_deref().map(str::trim) {
                None | Some("") => Ok(None),
                Some(s) => TimeOfDay::parse(s)
                    .map(Some)
                    .ok_or_else(|| AppError::invalid(format!("{field} must be a time as HH:mm."))),
            }
        };
        let start = time("start", &self.start)?;
        let end = time("end", &self.end)?;
        let (start, end) = match (start, end, self.all_day) {
            (Some(s), Some(e), _) => (s, e),
            (s, _, true) => {
                let s = s.unwrap_or(
                    TimeOfDay::from_minutes(0)
                        .ok_or_else(|| AppError::internal("midnight is a time of day"))?,
                );
                (s, s)
            }
            (None, _, false) => return Err(AppError::invalid("start is required.")),
            (Some(_), None, false) => return Err(AppError::invalid("end is required.")),
        };
        let days = self
            .days
            .iter()
            .map(|d| {
                d.weekday().ok_or_else(|| {
                    AppError::invalid("Days are weekday numbers (0 = Sunday) or names.")
                })
            })
            .collect::<AppResult<Vec<i16>>>()?;
        let window = Window::new(&days, start, end, self.all_day)
            .map_err(|e| AppError::invalid(e.to_string()))?;
        Ok(WindowFields {
            window,
            start_minute: start.minutes(),
            end_minute: end.minutes(),
            reason: self.reason.optional("reason")?,
            kind: self.kind.optional("type")?,
            status: self.status.optional("status")?,
        })
    }
}

/// Whose availability a call changes: an employee record, and its user when it has one.
#[derive(Debug, Clone, Copy)]
struct Whose {
    employee: EmployeeId,
    user: Option<UserId>,
}

impl Whose {
    /// The caller's own.
    fn own(member: &Member) -> Whose {
        Whose {
            employee: member.employee.id,
            user: Some(member.user),
        }
    }

    /// An employee record of the member's store, named by user id or employee record id.
    async fn named(ctx: &Ctx, member: &Member, id: uuid::Uuid) -> AppResult<Whose> {
        let store = member.store_id();
        let all = ctx
            .state
            .db
            .run(move |conn| Ok(Employee::of_store(conn, store)?))
            .await?;
        all.iter()
            .find(|e| e.terminated_at.is_none() && (e.user_id == Some(UserId(id)) || e.id.0 == id))
            .map(|e| Whose {
                employee: e.id,
                user: e.user_id,
            })
            .ok_or_else(|| {
                AppError::not_found("employee_not_found", messages::NO_EMPLOYEE_DOCUMENT)
            })
    }
}

/// The command by `member` making `change` to `whose` availability.
fn command(member: &Member, whose: Whose, change: AvailabilityChange) -> ChangeAvailability {
    ChangeAvailability {
        store: member.store_id(),
        by: member.user,
        employee: whose.employee,
        employee_user: whose.user,
        change,
    }
}

/// `createAvailableTime`: adds a window to one's own availability (needs `availabletime`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateAvailableTime {
    #[serde(alias = "rawAvailability")]
    pub availability: AvailabilityInput,
}

impl Call for CreateAvailableTime {
    const NAME: &'static str = "createAvailableTime";
    const ACCESS: Access = Access::Store(Perms::AVAILABLETIME);
    const SUMMARY: &'static str = "Add a window to one's own availability.";
    type Output = AvailabilityView;

    async fn run(self, ctx: Ctx) -> AppResult<AvailabilityView> {
        let member = ctx.member()?;
        let fields = self.availability.checked()?;
        let cmd = command(
            member,
            Whose::own(member),
            AvailabilityChange::Create(fields),
        );
        ctx.execute(cmd).await
    }
}

/// `updateAvailableTime`: changes one of one's own windows.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateAvailableTime {
    #[schema(value_type = String, format = Uuid)]
    pub availability_id: RequestId,
    #[serde(alias = "availability")]
    pub raw_availability: AvailabilityInput,
}

impl Call for UpdateAvailableTime {
    const NAME: &'static str = "updateAvailableTime";
    const ACCESS: Access = Access::Store(Perms::AVAILABLETIME);
    const SUMMARY: &'static str = "Change a window of one's own availability.";
    type Output = AvailabilityView;

    async fn run(self, ctx: Ctx) -> AppResult<AvailabilityView> {
        let member = ctx.member()?;
        let fields = self.raw_availability.checked()?;
        let cmd = command(
            member,
            Whose::own(member),
            AvailabilityChange::Update(self.availability_id, fields),
        );
        ctx.execute(cmd).await
    }
}

/// `deleteAvailableTime`: removes one of one's own windows.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteAvailableTime {
    #[schema(value_type = String, format = Uuid)]
    pub availability_id: RequestId,
}

impl Call for DeleteAvailableTime {
    const NAME: &'static str = "deleteAvailableTime";
    const ACCESS: Access = Access::Store(Perms::AVAILABLETIME);
    const SUMMARY: &'static str = "Remove a window of one's own availability.";
    type Output = AvailabilityDeleted;

    async fn run(self, ctx: Ctx) -> AppResult<AvailabilityDeleted> {
        let member = ctx.member()?;
        let cmd = command(
            member,
            Whose::own(member),
            AvailabilityChange::Delete(self.availability_id),
        );
        ctx.execute(cmd).await
    }
}

/// `addEmployeeAvailableTime`: a manager adds a window to an employee's availability.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddEmployeeAvailableTime {
    pub availability: AvailabilityInput,
    /// The employee's user id (or employee record id).
    #[serde(alias = "employeeId")]
    pub user_id: uuid::Uuid,
}

impl Call for AddEmployeeAvailableTime {
    const NAME: &'static str = "addEmployeeAvailableTime";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "Add a window to an employee's availability.";
    type Output = AvailabilityView;

    async fn run(self, ctx: Ctx) -> AppResult<AvailabilityView> {
        let member = ctx.member()?;
        let fields = self.availability.checked()?;
        let whose = Whose::named(&ctx, member, self.user_id).await?;
        let cmd = command(member, whose, AvailabilityChange::Create(fields));
        ctx.execute(cmd).await
    }
}

/// `updateEmployeeAvailableTime`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateEmployeeAvailableTime {
    pub availability: AvailabilityInput,
    #[serde(alias = "employeeId")]
    pub user_id: uuid::Uuid,
    #[schema(value_type = String, format = Uuid)]
    pub availability_id: RequestId,
}

impl Call for UpdateEmployeeAvailableTime {
    const NAME: &'static str = "updateEmployeeAvailableTime";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "Change a window of an employee's availability.";
    type Output = AvailabilityView;

    async fn run(self, ctx: Ctx) -> AppResult<AvailabilityView> {
        let member = ctx.member()?;
        let fields = self.availability.checked()?;
        let whose = Whose::named(&ctx, member, self.user_id).await?;
        let cmd = command(
            member,
            whose,
            AvailabilityChange::Update(self.availability_id, fields),
        );
        ctx.execute(cmd).await
    }
}

/// `deleteEmployeeAvailableTime`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteEmployeeAvailableTime {
    #[serde(alias = "employeeId")]
    pub user_id: uuid::Uuid,
    #[schema(value_type = String, format = Uuid)]
    pub availability_id: RequestId,
}

impl Call for DeleteEmployeeAvailableTime {
    const NAME: &'static str = "deleteEmployeeAvailableTime";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "Remove a window of an employee's availability.";
    type Output = AvailabilityDeleted;

    async fn run(self, ctx: Ctx) -> AppResult<AvailabilityDeleted> {
        let member = ctx.member()?;
        let whose = Whose::named(&ctx, member, self.user_id).await?;
        let cmd = command(
            member,
            whose,
            AvailabilityChange::Delete(self.availability_id),
        );
        ctx.execute(cmd).await
    }
}
