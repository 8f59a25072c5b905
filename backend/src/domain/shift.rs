//! The life of a shift: its status machine, its progress, and what each kind of edit does to
//! them and who must hear of it. Pure; every rule here is the spec's (first document sections 4
//! and 5, second document section 9).

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A shift not started this long after its end is missed.
pub const MISSED_AFTER_END: Duration = Duration::hours(2);
/// Unconfirmed published shifts confirm by themselves this long before their start.
pub const AUTO_CONFIRM_BEFORE_START: Duration = Duration::hours(3);
/// A published shift can be cancelled only more than this long before its start.
pub const CANCEL_NOTICE: Duration = Duration::hours(24);
/// Above this many minutes a shift is long, and the planner is warned.
pub const LONG_SHIFT_MINUTES: i64 = 480;
/// The longest shift accepted: anything longer is a typing mistake, not a shift.
pub const MAX_SHIFT: Duration = Duration::hours(24);
/// The lowest rating of a shift, in stars.
pub const RATE_MIN: i16 = 1;
/// The highest rating of a shift, in stars.
pub const RATE_MAX: i16 = 5;

/// Where a shift stands between the manager and its assignee.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Being planned; only managers see it.
    Draft,
    /// Announced to its assignee, waiting for confirmation.
    Published,
    /// The assignee said yes (or the auto-confirmation did).
    Confirmed,
    /// The assignee offered it to the pool; still theirs until a grab is approved.
    Dropped,
    /// The assignee said no.
    Declined,
    /// A grab of it was refused.
    Rejected,
    /// Called off by a manager.
    Cancelled,
}

impl Status {
    pub const ALL: [Status; 7] = [
        Status::Draft,
        Status::Published,
        Status::Confirmed,
        Status::Dropped,
        Status::Declined,
        Status::Rejected,
        Status::Cancelled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Draft => "draft",
            Status::Published => "published",
            Status::Confirmed => "confirmed",
            Status::Dropped => "dropped",
            Status::Declined => "declined",
            Status::Rejected => "rejected",
            Status::Cancelled => "cancelled",
        }
    }

    pub fn parse(s: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|x| x.as_str() == s)
    }

    /// Whether the assignee may see the shift (everything but drafts).
    pub fn is_visible_to_assignee(self) -> bool {
        self != Status::Draft
    }

    /// Whether the shift was announced to its assignee and still stands: published,
    /// confirmed, or dropped into the pool (still theirs until a grab is approved). What
    /// employees are expected to work, and what the clock, the pool and pay plan with.
    pub fn is_announced(self) -> bool {
        Status::ANNOUNCED.contains(&self)
    }

    /// The announced statuses, for queries ([`Status::is_announced`]).
    pub const ANNOUNCED: [Status; 3] = [Status::Published, Status::Confirmed, Status::Dropped];

    /// Whether the shift still occupies its assignee's time (for conflicts).
    pub fn occupies_assignee(self) -> bool {
        !matches!(self, Status::Declined | Status::Cancelled)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How far the work of a shift has gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Progress {
    /// Not started (`ns`).
    #[serde(rename = "ns")]
    NotStarted,
    /// In progress (`ip`).
    #[serde(rename = "ip")]
    InProgress,
    /// Paused for a break (`p`).
    #[serde(rename = "p")]
    Paused,
    /// Completed (`c`).
    #[serde(rename = "c")]
    Completed,
    /// Missed (`m`): not started and more than two hours past its end.
    #[serde(rename = "m")]
    Missed,
}

impl Progress {
    pub const ALL: [Progress; 5] = [
        Progress::NotStarted,
        Progress::InProgress,
        Progress::Paused,
        Progress::Completed,
        Progress::Missed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Progress::NotStarted => "ns",
            Progress::InProgress => "ip",
            Progress::Paused => "p",
            Progress::Completed => "c",
            Progress::Missed => "m",
        }
    }

    pub fn parse(s: &str) -> Option<Progress> {
        Progress::ALL.into_iter().find(|x| x.as_str() == s)
    }

    /// Whether a shift with this stored progress is to be marked missed at `now`: it was
    /// never started and ended more than two hours ago (one marked already is not again).
    pub fn turns_missed(self, end: DateTime<Utc>, now: DateTime<Utc>) -> bool {
        self == Progress::NotStarted && is_missed(end, now)
    }

    /// The progress shown at `now`: a stored "not started" reads as missed once the shift
    /// ended more than two hours ago.
    pub fn shown(self, end: DateTime<Utc>, now: DateTime<Utc>) -> Progress {
        if self.turns_missed(end, now) {
            Progress::Missed
        } else {
            self
        }
    }
}

/// Not started and more than two hours past its end.
pub fn is_missed(end: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    now > end + MISSED_AFTER_END
}

/// Why a transition is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// An open shift (no assignee) cannot be published.
    OpenShift,
    /// The shift is not in a state that allows this.
    WrongStatus(Status),
    /// A published shift can be cancelled only more than 24 hours before its start.
    TooLateToCancel,
    /// Only a started (or missed) shift can be completed.
    NotStarted,
    /// The shift has already started or ended.
    AlreadyStarted,
    /// The times a manager gives a completed shift must end after they start, at most
    /// [`MAX_SHIFT`] later, and not in the future.
    WorkedTimes,
    /// Clocked work is corrected on its clock session, not by the shift's times.
    ClockedWork,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::OpenShift => f.write_str("An open shift cannot be published."),
            Refusal::WrongStatus(s) => write!(f, "This cannot be done to a {s} shift."),
            Refusal::TooLateToCancel => f.write_str(
                "A published shift can only be cancelled more than 24 hours before it starts.",
            ),
            Refusal::NotStarted => {
                f.write_str("Only a started or missed shift can be marked completed.")
            }
            Refusal::AlreadyStarted => f.write_str("This shift has already started."),
            Refusal::WorkedTimes => f.write_str(
                "The worked times must end after they start, at most 24 hours later, and not \
                 in the future.",
            ),
            Refusal::ClockedWork => {
                f.write_str("This shift was clocked; correct its times on its clock session.")
            }
        }
    }
}

/// Publishing: draft to published, for assigned shifts only. `None`: nothing to do (the shift
/// is already past draft).
pub fn publish(status: Status, assigned: bool) -> Result<Option<Status>, Refusal> {
    match status {
        Status::Draft if !assigned => Err(Refusal::OpenShift),
        Status::Draft => Ok(Some(Status::Published)),
        _ => Ok(None),
    }
}

/// The assignee confirms. Confirming a confirmed shift changes nothing (`None`).
pub fn confirm(status: Status) -> Result<Option<Status>, Refusal> {
    match status {
        Status::Published => Ok(Some(Status::Confirmed)),
        Status::Confirmed => Ok(None),
        other => Err(Refusal::WrongStatus(other)),
    }
}

/// The assignee declines a shift announced to them, before it starts.
pub fn decline(
    status: Status,
    start: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<Option<Status>, Refusal> {
    if now >= start {
        return Err(Refusal::AlreadyStarted);
    }
    match status {
        Status::Published | Status::Confirmed => Ok(Some(Status::Declined)),
        Status::Declined => Ok(None),
        other => Err(Refusal::WrongStatus(other)),
    }
}

/// What removing a shift does: a draft (or a shift already called off) simply goes; any
/// other shift is cancelled, which is allowed only more than 24 hours before its start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    Delete,
    Cancel,
}

pub fn removal(
    status: Status,
    start: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<Removal, Refusal> {
    match status {
        Status::Draft | Status::Cancelled | Status::Declined | Status::Rejected => {
            Ok(Removal::Delete)
        }
        Status::Published | Status::Confirmed | Status::Dropped => {
            if start - now > CANCEL_NOTICE {
                Ok(Removal::Cancel)
            } else {
                Err(Refusal::TooLateToCancel)
            }
        }
    }
}

/// A manager marks a shift completed: one that is under way, or one that was missed.
pub fn complete(
    progress: Progress,
    end: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<Option<Progress>, Refusal> {
    match progress.shown(end, now) {
        Progress::Completed => Ok(None),
        Progress::InProgress | Progress::Paused | Progress::Missed => Ok(Some(Progress::Completed)),
        Progress::NotStarted => Err(Refusal::NotStarted),
    }
}

/// The times a manager gives a missed shift they mark completed: what was worked, in the
/// past, no longer than a shift may be.
pub fn worked_times(
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<(), Refusal> {
    if end <= start || end - start > MAX_SHIFT || end > now {
        return Err(Refusal::WorkedTimes);
    }
    Ok(())
}

/// Whether a shift may go to the pool: an announced shift with an assignee (who keeps it until
/// a grab is approved). `None`: it is in the pool already.
pub fn batch_drop(status: Status, assigned: bool) -> Result<Option<Status>, Refusal> {
    match status {
        Status::Dropped => Ok(None),
        Status::Published | Status::Confirmed if assigned => Ok(Some(Status::Dropped)),
        other => Err(Refusal::WrongStatus(other)),
    }
}

/// The status of a shift whose assignee can no longer work it (approved time off, or the
/// employee deactivated): a draft stays a draft; an announced shift stays announced, open, so
/// colleagues of its role can take it from the pool (publishing an open shift is what the
/// spec forbids, and this one was published with its assignee). `None`: the shift is not
/// affected (declined, rejected or cancelled ones no longer hold the employee).
pub fn release(status: Status) -> Option<Status> {
    match status {
        Status::Draft => Some(Status::Draft),
        Status::Published | Status::Confirmed | Status::Dropped => Some(Status::Published),
        Status::Declined | Status::Rejected | Status::Cancelled => None,
    }
}

/// What kind of edit an update is, by what it changes. An assignee change wins over a time
/// change, which wins over any other change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EditKind {
    Assignee,
    Time,
    Other,
    Nothing,
}

impl EditKind {
    pub fn of(assignee_changed: bool, time_changed: bool, other_changed: bool) -> EditKind {
        if assignee_changed {
            EditKind::Assignee
        } else if time_changed {
            EditKind::Time
        } else if other_changed {
            EditKind::Other
        } else {
            EditKind::Nothing
        }
    }
}

/// Who hears of an edit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Notices {
    /// The (new) assignee is asked to confirm.
    pub ask_new_to_confirm: bool,
    /// The previous assignee is told the shift is no longer theirs (cancelled, and their
    /// confirmation removed).
    pub tell_old_cancelled: bool,
    /// The assignee is told the shift changed.
    pub tell_assignee_updated: bool,
}

/// The outcome of an edit: the new status, whether a pending drop request lapses, and who is
/// told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EditOutcome {
    pub status: Status,
    pub drop_request_lapses: bool,
    pub notices: Notices,
}

/// Applies the spec's edit transitions:
/// - assignee change: a draft stays draft; otherwise the new assignee is asked to confirm, the
///   old one gets cancelled and remove-confirm notices, and the shift is published when it has
///   an assignee, else draft; a dropped shift loses its drop request;
/// - time change: a draft stays draft; others become published (to be confirmed again) and the
///   assignee is told;
/// - other change (role, title): status unchanged, the assignee is told.
///
/// A draft's edits are told to nobody: its assignee has not seen it.
pub fn edit(
    kind: EditKind,
    status: Status,
    had_assignee: bool,
    has_assignee: bool,
) -> Result<EditOutcome, Refusal> {
    if status == Status::Cancelled && kind != EditKind::Nothing {
        return Err(Refusal::WrongStatus(status));
    }
    let draft = status == Status::Draft;
    let unchanged = EditOutcome {
        status,
        drop_request_lapses: false,
        notices: Notices::default(),
    };
    Ok(match kind {
        EditKind::Nothing => unchanged,
        EditKind::Assignee if draft => unchanged,
        EditKind::Assignee => EditOutcome {
            status: if has_assignee {
                Status::Published
            } else {
                Status::Draft
            },
            drop_request_lapses: status == Status::Dropped,
            notices: Notices {
                ask_new_to_confirm: has_assignee,
                tell_old_cancelled: had_assignee,
                tell_assignee_updated: false,
            },
        },
        EditKind::Time if draft => unchanged,
        EditKind::Time => EditOutcome {
            status: Status::Published,
            drop_request_lapses: status == Status::Dropped,
            notices: Notices {
                tell_assignee_updated: has_assignee,
                ..Notices::default()
            },
        },
        EditKind::Other if draft => unchanged,
        EditKind::Other => EditOutcome {
            status,
            drop_request_lapses: false,
            notices: Notices {
                tell_assignee_updated: has_assignee,
                ..Notices::default()
            },
        },
    })
}

/// Whether a shift of this length earns the long-shift warning.
pub fn is_long(start: DateTime<Utc>, end: DateTime<Utc>) -> bool {
    (end - start).num_minutes() > LONG_SHIFT_MINUTES
}

/// When an unconfirmed published shift confirms by itself.
pub fn auto_confirm_at(start: DateTime<Utc>) -> DateTime<Utc> {
    start - AUTO_CONFIRM_BEFORE_START
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use proptest::prelude::*;

    fn t(h: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 1, 0, 0, 0)
            .single()
            .expect("valid")
            + Duration::hours(h)
    }

    #[test]
    fn status_and_progress_names_round_trip() {
        for s in Status::ALL {
            assert_eq!(Status::parse(s.as_str()), Some(s));
        }
        for p in Progress::ALL {
            assert_eq!(Progress::parse(p.as_str()), Some(p));
        }
        assert_eq!(Status::parse("grabbed"), None);
        assert_eq!(Progress::parse("x"), None);
    }

    #[test]
    fn publishing_moves_drafts_only_and_refuses_open_shifts() {
        assert_eq!(publish(Status::Draft, true), Ok(Some(Status::Published)));
        assert_eq!(publish(Status::Draft, false), Err(Refusal::OpenShift));
        for s in Status::ALL.into_iter().filter(|s| *s != Status::Draft) {
            assert_eq!(publish(s, true), Ok(None), "{s}");
        }
    }

    #[test]
    fn confirming_twice_changes_nothing() {
        assert_eq!(confirm(Status::Published), Ok(Some(Status::Confirmed)));
        assert_eq!(confirm(Status::Confirmed), Ok(None));
        assert_eq!(
            confirm(Status::Draft),
            Err(Refusal::WrongStatus(Status::Draft))
        );
        assert!(confirm(Status::Cancelled).is_err());
    }

    #[test]
    fn declining_is_for_announced_shifts_before_they_start() {
        assert_eq!(
            decline(Status::Published, t(10), t(0)),
            Ok(Some(Status::Declined))
        );
        assert_eq!(
            decline(Status::Confirmed, t(10), t(0)),
            Ok(Some(Status::Declined))
        );
        assert_eq!(decline(Status::Declined, t(10), t(0)), Ok(None));
        assert_eq!(
            decline(Status::Published, t(10), t(10)),
            Err(Refusal::AlreadyStarted)
        );
        assert!(decline(Status::Draft, t(10), t(0)).is_err());
    }

    #[test]
    fn published_shifts_cancel_only_more_than_24_hours_ahead() {
        assert_eq!(removal(Status::Draft, t(1), t(0)), Ok(Removal::Delete));
        assert_eq!(removal(Status::Published, t(25), t(0)), Ok(Removal::Cancel));
        assert_eq!(
            removal(Status::Published, t(24), t(0)),
            Err(Refusal::TooLateToCancel)
        );
        assert_eq!(
            removal(Status::Confirmed, t(2), t(0)),
            Err(Refusal::TooLateToCancel)
        );
        assert_eq!(removal(Status::Cancelled, t(1), t(0)), Ok(Removal::Delete));
    }

    #[test]
    fn missed_is_not_started_and_more_than_two_hours_past_the_end() {
        let end = t(8);
        assert_eq!(
            Progress::NotStarted.shown(end, end + Duration::hours(2)),
            Progress::NotStarted
        );
        assert_eq!(
            Progress::NotStarted.shown(end, end + Duration::hours(2) + Duration::seconds(1)),
            Progress::Missed
        );
        assert_eq!(
            Progress::InProgress.shown(end, end + Duration::hours(5)),
            Progress::InProgress
        );
        let later = end + Duration::days(1);
        assert!(Progress::NotStarted.turns_missed(end, later));
        // Marked once: never again, nor anything started.
        for p in [
            Progress::Missed,
            Progress::InProgress,
            Progress::Paused,
            Progress::Completed,
        ] {
            assert!(!p.turns_missed(end, later), "{p:?}");
        }
    }

    #[test]
    fn managers_may_mark_missed_or_running_shifts_completed() {
        let end = t(8);
        assert_eq!(
            complete(Progress::NotStarted, end, t(11)),
            Ok(Some(Progress::Completed))
        );
        assert_eq!(
            complete(Progress::InProgress, end, t(7)),
            Ok(Some(Progress::Completed))
        );
        assert_eq!(complete(Progress::Completed, end, t(11)), Ok(None));
        assert_eq!(
            complete(Progress::NotStarted, end, t(9)),
            Err(Refusal::NotStarted)
        );
    }

    #[test]
    fn assignee_change_of_a_draft_keeps_it_draft_and_tells_nobody() {
        let out = edit(EditKind::Assignee, Status::Draft, true, true).expect("allowed");
        assert_eq!(out.status, Status::Draft);
        assert_eq!(out.notices, Notices::default());
    }

    #[test]
    fn assignee_change_of_an_announced_shift_republishes_and_tells_both() {
        for s in [Status::Published, Status::Confirmed, Status::Dropped] {
            let out = edit(EditKind::Assignee, s, true, true).expect("allowed");
            assert_eq!(out.status, Status::Published);
            assert!(out.notices.ask_new_to_confirm && out.notices.tell_old_cancelled);
            assert_eq!(out.drop_request_lapses, s == Status::Dropped);
        }
        let open = edit(EditKind::Assignee, Status::Confirmed, true, false).expect("allowed");
        assert_eq!(open.status, Status::Draft);
        assert!(!open.notices.ask_new_to_confirm && open.notices.tell_old_cancelled);
    }

    #[test]
    fn time_change_republishes_and_other_change_keeps_status() {
        let time = edit(EditKind::Time, Status::Confirmed, true, true).expect("allowed");
        assert_eq!(time.status, Status::Published);
        assert!(time.notices.tell_assignee_updated);
        assert_eq!(
            edit(EditKind::Time, Status::Draft, true, true)
                .expect("allowed")
                .status,
            Status::Draft
        );
        let other = edit(EditKind::Other, Status::Confirmed, true, true).expect("allowed");
        assert_eq!(other.status, Status::Confirmed);
        assert!(other.notices.tell_assignee_updated);
    }

    #[test]
    fn cancelled_shifts_cannot_be_edited() {
        assert!(edit(EditKind::Other, Status::Cancelled, true, true).is_err());
    }

    #[test]
    fn released_shifts_keep_their_announcement_but_lose_the_confirmation() {
        assert_eq!(release(Status::Draft), Some(Status::Draft));
        for announced in [Status::Published, Status::Confirmed, Status::Dropped] {
            assert_eq!(release(announced), Some(Status::Published));
        }
        for gone in [Status::Declined, Status::Rejected, Status::Cancelled] {
            assert_eq!(release(gone), None);
        }
    }

    #[test]
    fn long_shift_warning_is_above_480_minutes() {
        assert!(!is_long(t(0), t(8)));
        assert!(is_long(t(0), t(8) + Duration::minutes(1)));
    }

    #[test]
    fn edit_kind_prefers_assignee_then_time() {
        assert_eq!(EditKind::of(true, true, true), EditKind::Assignee);
        assert_eq!(EditKind::of(false, true, true), EditKind::Time);
        assert_eq!(EditKind::of(false, false, true), EditKind::Other);
        assert_eq!(EditKind::of(false, false, false), EditKind::Nothing);
    }

    fn any_status() -> impl Strategy<Value = Status> {
        prop::sample::select(Status::ALL.to_vec())
    }

    fn any_kind() -> impl Strategy<Value = EditKind> {
        prop::sample::select(vec![
            EditKind::Assignee,
            EditKind::Time,
            EditKind::Other,
            EditKind::Nothing,
        ])
    }

    proptest! {
        /// An open shift never ends up announced to nobody: every allowed edit leaves a shift
        /// without assignee as a draft unless it already was announced and nothing moved it.
        #[test]
        fn edits_never_publish_an_open_shift(
            kind in any_kind(), status in any_status(), had in any::<bool>(),
        ) {
            if let Ok(out) = edit(kind, status, had, false) {
                if kind == EditKind::Assignee && status != Status::Draft {
                    prop_assert_eq!(out.status, Status::Draft);
                }
                prop_assert!(!out.notices.ask_new_to_confirm);
                prop_assert!(!out.notices.tell_assignee_updated);
            }
        }

        /// Drafts stay drafts under every edit, and nobody hears of them.
        #[test]
        fn drafts_stay_private(kind in any_kind(), had in any::<bool>(), has in any::<bool>()) {
            let out = edit(kind, Status::Draft, had, has).expect("drafts are editable");
            prop_assert_eq!(out.status, Status::Draft);
            prop_assert_eq!(out.notices, Notices::default());
        }

        /// Applying a transition twice is the same as once (idempotent confirm and publish).
        #[test]
        fn confirm_and_publish_are_idempotent(status in any_status(), assigned in any::<bool>()) {
            if let Ok(Some(next)) = confirm(status) {
                prop_assert_eq!(confirm(next), Ok(None));
            }
            if let Ok(Some(next)) = publish(status, assigned) {
                prop_assert_eq!(publish(next, assigned), Ok(None));
            }
        }

        /// Only the listed transitions leave draft: publish (with an assignee).
        #[test]
        fn only_publish_leaves_draft(assigned in any::<bool>(), h in 0i64..100) {
            prop_assert!(confirm(Status::Draft).is_err());
            prop_assert!(decline(Status::Draft, t(h + 1), t(0)).is_err());
            prop_assert!(batch_drop(Status::Draft, assigned).is_err());
        }
    }
}
