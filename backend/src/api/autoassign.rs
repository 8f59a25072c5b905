//! Auto-assign calls: `autoAssignment` proposes employees for the open drafts of a range,
//! `acceptAutoAssignment` (ours) takes the proposal, or chosen rows, as drafts in one commit,
//! and the public `getAssignableEmployees` names who could work a given time.

use crate::calls::bounded;
use crate::calls::input;
use crate::calls::{Access, Call, Ctx, Registry};
use crate::domain::ids::{EmployeeId, RoleId, ShiftId};
use crate::domain::permissions::Perms;
use crate::domain::schedule::START_BEFORE_END;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::shifts::{
    AcceptAssignments, Accepted, AssignableEmployees, FindAssignable, ProposeAssignments,
    MAX_BATCH_IDS,
};
use crate::store::views::ShiftView;
use chrono::{DateTime, Duration, Utc};
use serde::Deserialize;
use utoipa::ToSchema;

pub fn register(r: &mut Registry) {
    r.add::<AutoAssignment>()
        .add::<AcceptAutoAssignment>()
        .add::<GetAssignableEmployees>();
}

/// The widest range one proposal may cover.
pub const RANGE_MAX: Duration = Duration::days(62);
/// The longest time `getAssignableEmployees` may ask about.
pub const ASK_MAX: Duration = Duration::hours(24);

/// A range of instants given in epoch ms, start before end and at most `max` wide.
fn range(
    start: bounded::Instant,
    end: bounded::Instant,
    max: Duration,
) -> AppResult<(DateTime<Utc>, DateTime<Utc>)> {
    let start = input::instant("start", start)?;
    let end = input::instant("end", end)?;
    if start >= end {
        return Err(AppError::bad_request("invalid_range", START_BEFORE_END));
    }
    if end - start > max {
        return Err(AppError::invalid(format!(
            "The range may cover at most {} hours.",
            max.num_hours()
        )));
    }
    Ok((start, end))
}

/// `autoAssignment`.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = AutoAssignmentCall)]
pub struct AutoAssignment {
    /// Epoch ms: open drafts starting from here...
    pub start: bounded::Instant,
    /// ... up to here (epoch ms, after `start`, at most 62 days later).
    pub end: bounded::Instant,
}

impl Call for AutoAssignment {
    const NAME: &'static str = "autoAssignment";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Propose an employee for each open draft shift of a range: \
         holding its role, available, without time off or a conflicting shift, within the \
         weekly limit and the least rest, hours spread fairly. Changes nothing.";
    type Output = crate::store::shifts::AutoAssignment;

    #[tracing::instrument(name = "autoAssignment", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<crate::store::shifts::AutoAssignment> {
        let (start, end) = range(self.start, self.end, RANGE_MAX)?;
        ctx.execute(ProposeAssignments { start, end }).await
    }
}

/// One accepted row of a proposal.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AcceptedRow {
    pub shift: ShiftId,
    pub employee: EmployeeId,
    /// The shift's version in the proposal.
    pub version: i64,
}

crate::domain::list::component_list!(AcceptedRowList = AcceptedRow);

/// `acceptAutoAssignment` (ours).
#[derive(Debug, Deserialize, ToSchema)]
pub struct AcceptAutoAssignment {
    pub assignments: AcceptedRowList<{ MAX_BATCH_IDS }, 1>,
}

impl Call for AcceptAutoAssignment {
    const NAME: &'static str = "acceptAutoAssignment";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Accept an auto-assign proposal, or chosen rows of it: the \
         shifts take their employees as drafts, all in one commit, or none when one changed.";
    type Output = Vec<ShiftView>;

    #[tracing::instrument(name = "acceptAutoAssignment", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Vec<ShiftView>> {
        let rows = self
            .assignments
            .within(|| {
                AppError::invalid(format!(
                    "assignments must hold from 1 to {MAX_BATCH_IDS} rows."
                ))
            })?
            .into_iter()
            .map(|r| Accepted {
                shift: r.shift,
                employee: r.employee,
                version: r.version,
            })
            .collect();
        ctx.execute(AcceptAssignments { rows }).await
    }
}

/// The time asked about.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TimeRange {
    /// Epoch ms.
    pub start: bounded::Instant,
    /// Epoch ms, after `start`, at most 24 hours later.
    pub end: bounded::Instant,
}

/// `getAssignableEmployees` (public).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GetAssignableEmployees {
    pub role_id: RoleId,
    /// The bookable event asking: its role is the one looked for.
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub event_id: Option<crate::domain::ids::EventId>,
    pub time: TimeRange,
    /// Leave out employees who work another shift or booked session at that time.
    #[serde(default)]
    pub check_working_on_same_session: bool,
}

impl Call for GetAssignableEmployees {
    const NAME: &'static str = "getAssignableEmployees";
    const ACCESS: Access = Access::Public;
    const NAMES_STORE: bool = true;
    const SUMMARY: &'static str = "The store's employees who hold a role and are available at a \
         time (and, when asked, not working another shift then): their user id, shown name \
         and picture only.";
    type Output = AssignableEmployees;

    #[tracing::instrument(name = "getAssignableEmployees", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<AssignableEmployees> {
        let store = ctx
            .store
            .ok_or_else(|| AppError::bad_request("no_active_store", messages::NO_ACTIVE_STORE))?;
        let (start, end) = range(self.time.start, self.time.end, ASK_MAX)?;
        let cmd = FindAssignable {
            role: self.role_id,
            event: self.event_id,
            start,
            end,
            busy_counts: self.check_working_on_same_session,
        };
        ctx.state.stores.execute(store, cmd).await
    }
}
