//! The shift pool's timing and eligibility rules: dropping and swapping close to the start,
//! automatic confirmation, missed shifts, who may grab a dropped shift and who may take an
//! open one.

use crate::domain::ids::{EmployeeId, RoleId, StoreId};
use crate::domain::request::RequestStatus;
use crate::domain::shift::{Progress, Status};
use chrono::{DateTime, Duration, Utc};

/// A shift can be dropped or swapped only up to this long before its start.
pub const DROP_CUTOFF: Duration = Duration::hours(1);
/// Unconfirmed published shifts confirm themselves this long before their start.
pub const AUTO_CONFIRM_BEFORE: Duration = Duration::hours(3);
/// A shift not started this long after its end is missed.
pub const MISSED_AFTER: Duration = Duration::hours(2);

/// True while a shift starting at `start` can still be dropped or swapped.
pub fn may_drop(start: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    now <= start - DROP_CUTOFF
}

/// Whether shifts of a role go to the pool: the role's swap switch (`swappeable`, off by
/// default) must be on. `None`: the shift has no role, so no switch holds it back.
pub fn role_swaps(swappeable: Option<bool>) -> bool {
    swappeable.unwrap_or(true)
}

/// The moment a published shift starting at `start` confirms itself.
pub fn auto_confirm_at(start: DateTime<Utc>) -> DateTime<Utc> {
    start - AUTO_CONFIRM_BEFORE
}

/// True when a shift should be confirmed automatically now: it is published (not yet
/// confirmed), assigned, its confirmation moment has come and it has not ended.
pub fn due_for_auto_confirm(
    status: Status,
    assigned: bool,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    now: DateTime<Utc>,
) -> bool {
    status == Status::Published && assigned && auto_confirm_at(start) <= now && now < end.max(start)
}

/// True when a shift with this progress and end shows as missed at `now`: not started and
/// more than 2 hours past its end.
pub fn is_missed(progress: Progress, end: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    progress == Progress::NotStarted && now > end + MISSED_AFTER
}

/// Why a grab was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GrabRefusal {
    /// Not waiting for a taker (already grabbed, answered or withdrawn).
    #[error("no drop shift request found")]
    NotPending,
    /// Another store's request.
    #[error("no drop shift request found")]
    OtherStore,
    /// Employees cannot grab their own dropped shift.
    #[error("You cannot grab your own shift.")]
    OwnShift,
    /// The grabber does not hold the shift's role.
    #[error("no drop shift request found")]
    RoleMismatch,
    /// Too close to the start (or past it).
    #[error("A shift can only be swapped up to 1 hour before it starts.")]
    TooLate,
}

/// What deciding a grab needs to know.
#[derive(Debug, Clone)]
pub struct GrabCheck<'a> {
    pub request_status: RequestStatus,
    pub request_store: StoreId,
    /// The employee who dropped the shift (its assignee).
    pub dropper: EmployeeId,
    pub shift_role: Option<RoleId>,
    pub shift_start: DateTime<Utc>,
    pub grabber: EmployeeId,
    pub grabber_store: StoreId,
    pub grabber_roles: &'a [RoleId],
    pub now: DateTime<Utc>,
}

/// Decides whether an employee may grab a dropped shift: a pending request of their own
/// store, for a shift of a role they hold, not their own, up to 1 hour before its start.
pub fn check_grab(c: &GrabCheck<'_>) -> Result<(), GrabRefusal> {
    if c.request_store != c.grabber_store {
        return Err(GrabRefusal::OtherStore);
    }
    if c.request_status != RequestStatus::Pending {
        return Err(GrabRefusal::NotPending);
    }
    if c.dropper == c.grabber {
        return Err(GrabRefusal::OwnShift);
    }
    if !role_fits(c.shift_role, c.grabber_roles) {
        return Err(GrabRefusal::RoleMismatch);
    }
    if !may_drop(c.shift_start, c.now) {
        return Err(GrabRefusal::TooLate);
    }
    Ok(())
}

/// Whether an employee holding `roles` may pick up a shift of `role` from the pool: a shift
/// without a role is everyone's to pick up.
pub fn role_fits(role: Option<RoleId>, roles: &[RoleId]) -> bool {
    role.is_none_or(|r| roles.contains(&r))
}

/// Why taking an open shift was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TakeRefusal {
    /// Not an announced open shift of a role the employee holds.
    #[error("no open shift found")]
    NotOpen,
    /// Someone took it a moment earlier.
    #[error("Someone else took this shift first.")]
    Taken,
    /// It has already started.
    #[error("This shift has already started.")]
    Started,
}

/// What deciding a take needs to know of the shift and the employee.
#[derive(Debug, Clone)]
pub struct TakeCheck<'a> {
    /// The shift is announced (not a draft, not called off); drafts are never offered.
    pub announced: bool,
    /// Its assignee, if someone already has it.
    pub assigned: Option<EmployeeId>,
    pub shift_role: Option<RoleId>,
    pub shift_start: DateTime<Utc>,
    pub taker: EmployeeId,
    pub taker_roles: &'a [RoleId],
    pub now: DateTime<Utc>,
}

/// Decides whether an employee may take an announced open shift: of a role they hold (any
/// employee for a shift without a role), nobody else's yet, before it starts. `Ok(false)`:
/// it is already theirs (a repeated call changes nothing).
pub fn check_take(c: &TakeCheck<'_>) -> Result<bool, TakeRefusal> {
    if c.assigned == Some(c.taker) {
        return Ok(false);
    }
    if !role_fits(c.shift_role, c.taker_roles) {
        return Err(TakeRefusal::NotOpen);
    }
    if !c.announced {
        return Err(TakeRefusal::NotOpen);
    }
    if c.assigned.is_some() {
        return Err(TakeRefusal::Taken);
    }
    if c.now >= c.shift_start {
        return Err(TakeRefusal::Started);
    }
    Ok(true)
}

/// True when a pending drop request is listed in the pool: its shift has not ended.
pub fn listed_in_pool(status: RequestStatus, shift_end: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    status == RequestStatus::Pending && shift_end > now
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 6, 1, 12, 0, 0)
            .single()
            .expect("time")
    }

    #[test]
    fn dropping_closes_one_hour_before_the_start() {
        let start = t0();
        assert!(may_drop(start, start - Duration::hours(2)));
        assert!(may_drop(start, start - Duration::hours(1)));
        assert!(!may_drop(start, start - Duration::minutes(59)));
        assert!(!may_drop(start, start + Duration::minutes(5)));
    }

    #[test]
    fn only_shifts_of_swappable_roles_or_without_a_role_are_dropped() {
        assert!(role_swaps(Some(true)));
        assert!(!role_swaps(Some(false)), "the switch is off by default");
        assert!(role_swaps(None));
    }

    #[test]
    fn published_shifts_confirm_three_hours_before_the_start() {
        let (start, end) = (t0(), t0() + Duration::hours(8));
        assert_eq!(auto_confirm_at(start), start - Duration::hours(3));
        let due = |status, assigned, now| due_for_auto_confirm(status, assigned, start, end, now);
        assert!(!due(
            Status::Published,
            true,
            start - Duration::hours(3) - Duration::seconds(1)
        ));
        assert!(due(Status::Published, true, start - Duration::hours(3)));
        assert!(due(Status::Published, true, start + Duration::hours(1)));
        assert!(!due(Status::Published, true, end), "over");
        assert!(!due(Status::Confirmed, true, start - Duration::hours(1)));
        assert!(!due(Status::Draft, true, start - Duration::hours(1)));
        assert!(
            !due(Status::Published, false, start - Duration::hours(1)),
            "open shift"
        );
    }

    #[test]
    fn unstarted_shifts_are_missed_more_than_two_hours_after_their_end() {
        let end = t0();
        assert!(!is_missed(
            Progress::NotStarted,
            end,
            end + Duration::hours(2)
        ));
        assert!(is_missed(
            Progress::NotStarted,
            end,
            end + Duration::hours(2) + Duration::seconds(1)
        ));
        assert!(!is_missed(
            Progress::Completed,
            end,
            end + Duration::days(1)
        ));
        assert!(!is_missed(
            Progress::InProgress,
            end,
            end + Duration::days(1)
        ));
    }

    #[test]
    fn only_same_role_colleagues_of_the_same_store_grab_in_time() {
        let store = StoreId::new();
        let role = RoleId::new();
        let (dropper, grabber) = (EmployeeId::new(), EmployeeId::new());
        let roles = [RoleId::new(), role];
        let base = GrabCheck {
            request_status: RequestStatus::Pending,
            request_store: store,
            dropper,
            shift_role: Some(role),
            shift_start: t0(),
            grabber,
            grabber_store: store,
            grabber_roles: &roles,
            now: t0() - Duration::hours(5),
        };
        assert_eq!(check_grab(&base), Ok(()));
        let refused = |c: GrabCheck<'_>| check_grab(&c).expect_err("refused");
        assert_eq!(
            refused(GrabCheck {
                grabber: dropper,
                ..base.clone()
            }),
            GrabRefusal::OwnShift
        );
        assert_eq!(
            refused(GrabCheck {
                grabber_roles: &[],
                ..base.clone()
            }),
            GrabRefusal::RoleMismatch
        );
        assert_eq!(
            check_grab(&GrabCheck {
                shift_role: None,
                grabber_roles: &[],
                ..base.clone()
            }),
            Ok(()),
            "a shift without a role is everyone's"
        );
        assert_eq!(
            refused(GrabCheck {
                grabber_store: StoreId::new(),
                ..base.clone()
            }),
            GrabRefusal::OtherStore
        );
        assert_eq!(
            refused(GrabCheck {
                request_status: RequestStatus::Grabbed,
                ..base.clone()
            }),
            GrabRefusal::NotPending
        );
        assert_eq!(
            refused(GrabCheck {
                now: t0() - Duration::minutes(30),
                ..base.clone()
            }),
            GrabRefusal::TooLate
        );
        assert_eq!(
            GrabRefusal::RoleMismatch.to_string(),
            "no drop shift request found"
        );
    }

    #[test]
    fn open_shifts_are_taken_once_by_a_colleague_of_their_role_before_they_start() {
        let role = RoleId::new();
        let (taker, other) = (EmployeeId::new(), EmployeeId::new());
        let roles = [role];
        let base = TakeCheck {
            announced: true,
            assigned: None,
            shift_role: Some(role),
            shift_start: t0(),
            taker,
            taker_roles: &roles,
            now: t0() - Duration::minutes(10),
        };
        assert_eq!(check_take(&base), Ok(true), "up to the start");
        let check = |c: TakeCheck<'_>| check_take(&c);
        assert_eq!(
            check(TakeCheck {
                assigned: Some(taker),
                ..base.clone()
            }),
            Ok(false),
            "already theirs"
        );
        assert_eq!(
            check(TakeCheck {
                assigned: Some(other),
                ..base.clone()
            }),
            Err(TakeRefusal::Taken)
        );
        assert_eq!(
            check(TakeCheck {
                taker_roles: &[],
                assigned: Some(other),
                ..base.clone()
            }),
            Err(TakeRefusal::NotOpen),
            "other roles learn nothing"
        );
        assert_eq!(
            check(TakeCheck {
                announced: false,
                ..base.clone()
            }),
            Err(TakeRefusal::NotOpen),
            "drafts are never offered"
        );
        assert_eq!(
            check(TakeCheck {
                now: t0(),
                ..base.clone()
            }),
            Err(TakeRefusal::Started)
        );
        assert_eq!(
            check(TakeCheck {
                shift_role: None,
                taker_roles: &[],
                ..base.clone()
            }),
            Ok(true)
        );
        assert_eq!(
            TakeRefusal::Taken.to_string(),
            "Someone else took this shift first."
        );
    }

    #[test]
    fn the_pool_lists_pending_requests_whose_shift_has_not_ended() {
        let end = t0();
        assert!(listed_in_pool(
            RequestStatus::Pending,
            end,
            end - Duration::minutes(1)
        ));
        assert!(!listed_in_pool(RequestStatus::Pending, end, end));
        assert!(!listed_in_pool(
            RequestStatus::Grabbed,
            end,
            end - Duration::hours(1)
        ));
    }
}
