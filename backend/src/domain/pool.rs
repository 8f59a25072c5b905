//! The shift pool's timing and eligibility rules: dropping and swapping close to the start,
//! automatic confirmation, missed shifts, who may grab a dropped shift and who may take an
//! open one.

use crate::domain::ids::{EmployeeId, RoleId, StoreId};
use crate::domain::request::RequestStatus;
use crate::domain::shift::{self, Status};
use chrono::{DateTime, Duration, Utc};

/// A shift can be dropped or swapped only up to this long before its start.
pub const DROP_CUTOFF: Duration = Duration::hours(1);

/// True while a shift starting at `start` can still be dropped or swapped.
pub fn may_drop(start: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    now <= start - DROP_CUTOFF
}

/// Whether shifts of a role go to the pool: the role's swap switch (`swappeable`, off by
/// default) must be on. `None`: the shift has no role, so no switch holds it back.
pub fn role_swaps(swappeable: Option<bool>) -> bool {
    swappeable.unwrap_or(true)
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
    status == Status::Published
        && assigned
        && shift::auto_confirm_at(start) <= now
        && now < end.max(start)
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

/// Who looks at the pool: their record, the roles they hold, and whether they manage shifts.
#[derive(Debug, Clone, Copy)]
pub struct Viewer<'a> {
    pub employee: EmployeeId,
    pub roles: &'a [uuid::Uuid],
    pub manager: bool,
}

/// A drop request as the pool lists it, with its shift.
#[derive(Debug, Clone, Copy)]
pub struct Dropped {
    pub status: RequestStatus,
    pub dropper: EmployeeId,
    pub grabbed_by: Option<EmployeeId>,
    pub shift_role: Option<RoleId>,
    pub shift_end: DateTime<Utc>,
}

/// Whether a drop request is listed in the pool for a viewer: pending ones whose shift has
/// not ended (for colleagues of the shift's role, and the dropper), and, for managers,
/// grabbed ones awaiting approval too. (Listed while the shift's end is in the future: the
/// spec.)
pub fn drop_listed(d: &Dropped, viewer: &Viewer<'_>, now: DateTime<Utc>) -> bool {
    if d.shift_end <= now {
        return false;
    }
    match d.status {
        RequestStatus::Pending => {
            viewer.manager
                || d.dropper == viewer.employee
                || d.shift_role.is_some_and(|r| viewer.roles.contains(&r.0))
        }
        RequestStatus::Grabbed => viewer.manager || d.grabbed_by == Some(viewer.employee),
        _ => false,
    }
}

/// Whether an announced open shift is offered to a viewer: it has not started, and the viewer
/// holds its role (anyone for a shift without a role; managers see every one).
pub fn open_listed(
    (status, assigned, role, start): (Status, bool, Option<RoleId>, DateTime<Utc>),
    viewer: &Viewer<'_>,
    now: DateTime<Utc>,
) -> bool {
    !assigned
        && status == Status::Published
        && start > now
        && (viewer.manager || role.is_none_or(|r| viewer.roles.contains(&r.0)))
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
    fn the_pool_lists_drops_until_their_shift_ends_to_the_right_people() {
        let end = t0();
        let (ana, ben, cy) = (EmployeeId::new(), EmployeeId::new(), EmployeeId::new());
        let barista = RoleId::new();
        let pending = Dropped {
            status: RequestStatus::Pending,
            dropper: ana,
            grabbed_by: None,
            shift_role: Some(barista),
            shift_end: end,
        };
        let baristas = [barista.0];
        let colleague = Viewer {
            employee: ben,
            roles: &baristas,
            manager: false,
        };
        let other = Viewer {
            employee: cy,
            roles: &[],
            manager: false,
        };
        let manager = Viewer {
            employee: cy,
            roles: &[],
            manager: true,
        };
        let dropper = Viewer {
            employee: ana,
            roles: &[],
            manager: false,
        };
        let before = end - Duration::minutes(1);
        assert!(drop_listed(&pending, &colleague, before));
        assert!(drop_listed(&pending, &dropper, before));
        assert!(drop_listed(&pending, &manager, before));
        assert!(!drop_listed(&pending, &other, before), "another role");
        assert!(
            !drop_listed(&pending, &colleague, end),
            "its shift has ended"
        );
        let grabbed = Dropped {
            status: RequestStatus::Grabbed,
            grabbed_by: Some(ben),
            ..pending
        };
        assert!(drop_listed(&grabbed, &manager, before), "awaiting approval");
        assert!(drop_listed(&grabbed, &colleague, before), "the grabber");
        assert!(!drop_listed(&grabbed, &dropper, before));
        let answered = Dropped {
            status: RequestStatus::Accepted,
            ..pending
        };
        assert!(!drop_listed(&answered, &manager, before));
    }

    #[test]
    fn open_shifts_are_offered_to_their_role_until_they_start() {
        let start = t0();
        let barista = RoleId::new();
        let baristas = [barista.0];
        let me = Viewer {
            employee: EmployeeId::new(),
            roles: &baristas,
            manager: false,
        };
        let cook = Viewer {
            employee: EmployeeId::new(),
            roles: &[],
            manager: false,
        };
        let before = start - Duration::minutes(1);
        let open = (Status::Published, false, Some(barista), start);
        assert!(open_listed(open, &me, before));
        assert!(!open_listed(open, &cook, before));
        assert!(open_listed(
            (Status::Published, false, None, start),
            &cook,
            before
        ));
        assert!(!open_listed(open, &me, start), "started");
        assert!(!open_listed(
            (Status::Draft, false, Some(barista), start),
            &me,
            before
        ));
        assert!(!open_listed(
            (Status::Published, true, Some(barista), start),
            &me,
            before
        ));
    }
}
