//! Notifications: the spec's types and variants, who a notification is for, what it refers
//! to, and which may also go out by mail and push (each reader's settings decide:
//! `notification_settings`).

use crate::domain::ids::{ConversationId, NotificationId, RequestId, ShiftId, UserId};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// The type of a notification, as the spec names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
pub enum NotificationKind {
    #[serde(rename = "newshift")]
    NewShift,
    #[serde(rename = "timeoff")]
    TimeOff,
    #[serde(rename = "dropshift")]
    DropShift,
    #[serde(rename = "message")]
    Message,
    #[serde(rename = "shiftUpdate")]
    ShiftUpdate,
    #[serde(rename = "shiftcancel")]
    ShiftCancel,
    #[serde(rename = "declineShift")]
    DeclineShift,
    #[serde(rename = "cancelTimeOff")]
    CancelTimeOff,
    #[serde(rename = "shiftpropose")]
    ShiftPropose,
}

impl NotificationKind {
    pub const ALL: [NotificationKind; 9] = [
        NotificationKind::NewShift,
        NotificationKind::TimeOff,
        NotificationKind::DropShift,
        NotificationKind::Message,
        NotificationKind::ShiftUpdate,
        NotificationKind::ShiftCancel,
        NotificationKind::DeclineShift,
        NotificationKind::CancelTimeOff,
        NotificationKind::ShiftPropose,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            NotificationKind::NewShift => "newshift",
            NotificationKind::TimeOff => "timeoff",
            NotificationKind::DropShift => "dropshift",
            NotificationKind::Message => "message",
            NotificationKind::ShiftUpdate => "shiftUpdate",
            NotificationKind::ShiftCancel => "shiftcancel",
            NotificationKind::DeclineShift => "declineShift",
            NotificationKind::CancelTimeOff => "cancelTimeOff",
            NotificationKind::ShiftPropose => "shiftpropose",
        }
    }

    pub fn parse(s: &str) -> Option<NotificationKind> {
        NotificationKind::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

/// How a notification is shown: 1 success, 2 warning, 3 error, 4 info.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    Success = 1,
    Warning = 2,
    Error = 3,
    Info = 4,
}

impl Variant {
    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn from_code(code: i16) -> Option<Variant> {
        [
            Variant::Success,
            Variant::Warning,
            Variant::Error,
            Variant::Info,
        ]
        .into_iter()
        .find(|v| v.code() == code)
    }
}

/// How long the push of new chat messages waits for its reader to see them in the app.
pub const MESSAGE_PUSH_HOLD: std::time::Duration = std::time::Duration::from_secs(10);

/// Who can read a notification.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccessFor {
    /// One user.
    User(UserId),
    /// Everyone in the store.
    Public,
}

/// What a notification is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct References {
    pub shift: Option<ShiftId>,
    pub drop_request: Option<RequestId>,
    pub timeoff_request: Option<RequestId>,
    pub shift_propose: Option<uuid::Uuid>,
    /// A `message` notification's conversation.
    pub conversation: Option<ConversationId>,
    /// For the notification of a stretch of unread messages (not a mention), the message it
    /// began with: its push is dropped if that message is read before it goes out.
    pub message_seq: Option<i64>,
}

/// A notification to write, before it has an id and a time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    pub kind: NotificationKind,
    pub variant: Variant,
    pub text: Text,
    pub access_for: AccessFor,
    /// The user whose action caused it.
    pub source: Option<UserId>,
    pub references: References,
    pub reason: Option<String>,
}

impl Draft {
    /// True when it may also go out by mail and Web Push, as its reader's settings say
    /// (`notification_settings`): every notification with one reader may.
    pub fn for_one_reader(&self) -> bool {
        matches!(self.access_for, AccessFor::User(_))
    }

    /// The key under which it merges with its reader's unread notification of a burst: a
    /// notification to one reader about one shift (never a chat message's).
    pub fn merge_key(&self) -> Option<MergeKey> {
        let AccessFor::User(reader) = self.access_for else {
            return None;
        };
        mergeable(self.kind).then_some(MergeKey {
            kind: self.kind,
            shift: self.references.shift?,
            reader,
        })
    }

    /// How long its push waits: the first of a stretch of unread chat messages waits a
    /// little, and is dropped if its reader sees the message meanwhile (they were looking at
    /// the conversation); everything else goes at once.
    pub fn push_hold(&self) -> std::time::Duration {
        if self.kind == NotificationKind::Message && self.references.message_seq.is_some() {
            MESSAGE_PUSH_HOLD
        } else {
            std::time::Duration::ZERO
        }
    }
}

/// What makes notifications one when they come in a burst: the same kind, about the same
/// shift, for the same reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MergeKey {
    pub kind: NotificationKind,
    pub shift: ShiftId,
    pub reader: UserId,
}

impl MergeKey {
    /// The key of a stored notification, from its columns (`None` when it never merges).
    pub fn of_row(
        kind: NotificationKind,
        shift: Option<ShiftId>,
        reader: Option<UserId>,
    ) -> Option<MergeKey> {
        mergeable(kind).then_some(MergeKey {
            kind,
            shift: shift?,
            reader: reader?,
        })
    }
}

/// Kinds whose bursts merge. Chat messages group their own way (one notification per
/// stretch of unread messages, see `chat::tell_of_new`), and their push waits for the reader.
fn mergeable(kind: NotificationKind) -> bool {
    kind != NotificationKind::Message
}

/// A reader's newest unread notification of a [`MergeKey`], and when it was written (or last
/// merged into).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unread {
    pub id: NotificationId,
    pub at: DateTime<Utc>,
}

impl Unread {
    /// Whether a notification of the same key made at `now` merges into this one instead of
    /// being a new one: when this one is less than `window` old. Its time moves to each merge,
    /// so a burst is a run of changes each less than the window after the one before; a zero
    /// window never merges. A time a little ahead of `now` (another server's clock) counts as
    /// recent.
    pub fn absorbs(&self, now: DateTime<Utc>, window: std::time::Duration) -> bool {
        let Ok(window) = chrono::Duration::from_std(window) else {
            // Longer than chrono can count: every unread notification is recent enough.
            return true;
        };
        window > chrono::Duration::zero() && now.signed_duration_since(self.at) < window
    }
}

/// What a notification says: a code and parameters that each reader's app words in their own
/// language (dates in the store's zone), and the English wording for mail, Web Push and other
/// clients.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Text {
    /// `None` for words a person wrote (a manager's announcement): shown as they are.
    pub code: Option<&'static str>,
    pub params: serde_json::Map<String, serde_json::Value>,
    pub title: String,
    pub content: String,
}

impl Text {
    /// Words a person wrote, shown to every reader as they are.
    pub fn written(title: impl Into<String>, content: impl Into<String>) -> Text {
        Text {
            code: None,
            params: serde_json::Map::new(),
            title: title.into(),
            content: content.into(),
        }
    }
}

/// Texts of the notifications the product writes. Each names its code and parameters; times
/// are parameters in epoch milliseconds (`start`, and `end` with `entireDay` for a span of
/// time off) which the app shows in the store's zone, and in the English wording as the spec
/// writes dates (`MM/dd HH:mm`).
pub mod texts {
    use crate::domain::calendar::{hh_mm, mm_dd};
    use crate::domain::notification::Text;
    use crate::domain::time_off::Span;
    use chrono::{DateTime, Utc};
    use chrono_tz::Tz;
    use serde_json::{json, Map, Value};

    /// A moment a text names, in the store's zone.
    #[derive(Debug, Clone, Copy)]
    pub struct When {
        pub at: DateTime<Utc>,
        pub zone: Tz,
    }

    impl When {
        fn english(self) -> String {
            format!(
                "{} {}",
                mm_dd(self.zone, self.at),
                hh_mm(self.zone, self.at)
            )
        }
    }

    /// Days or hours of time off a text names, in the store's zone.
    #[derive(Debug, Clone, Copy)]
    pub struct Dates<'a> {
        pub span: &'a Span,
        pub zone: Tz,
    }

    fn text(code: &'static str, params: Value, title: &str, content: String) -> Text {
        let params = match params {
            Value::Object(map) => map,
            _ => Map::new(),
        };
        Text {
            code: Some(code),
            params,
            title: title.into(),
            content,
        }
    }

    fn span_params(employee: Option<&str>, dates: Dates) -> Value {
        let mut params = json!({
            "start": dates.span.start.timestamp_millis(),
            "end": dates.span.end.timestamp_millis(),
            "entireDay": dates.span.entire_day,
        });
        if let Some(name) = employee {
            params["employee"] = json!(name);
        }
        params
    }

    fn shift_params(title: &str, when: When) -> Value {
        json!({ "title": title, "start": when.at.timestamp_millis() })
    }

    /// To managers: an employee asked for time off.
    pub fn time_off_requested(employee: &str, dates: Dates) -> Text {
        text(
            "timeOffRequested",
            span_params(Some(employee), dates),
            "New time off request",
            format!(
                "{employee} requested time off: {}",
                dates.span.describe(dates.zone)
            ),
        )
    }

    /// To the requester: the answer.
    pub fn time_off_answered(approved: bool, dates: Dates) -> Text {
        let described = dates.span.describe(dates.zone);
        if approved {
            text(
                "timeOffApproved",
                span_params(None, dates),
                "Time off approved",
                format!("Your time off request for {described} was approved."),
            )
        } else {
            text(
                "timeOffRejected",
                span_params(None, dates),
                "Time off rejected",
                format!("Your time off request for {described} was rejected."),
            )
        }
    }

    /// To managers: the requester withdrew a request.
    pub fn time_off_cancelled(employee: &str, dates: Dates) -> Text {
        text(
            "timeOffCancelled",
            span_params(Some(employee), dates),
            "Time off cancelled",
            format!(
                "{employee} cancelled their time off request for {}.",
                dates.span.describe(dates.zone)
            ),
        )
    }

    /// To an employee whose shift became an open shift because their time off was approved.
    pub fn shift_opened(title: &str, when: When) -> Text {
        text(
            "shiftOpened",
            shift_params(title, when),
            "Shift moved to open shifts",
            format!(
                "Your shift {title} on {} is now an open shift because of your approved time off.",
                when.english()
            ),
        )
    }

    /// To an assignee: a shift to confirm (published, or given to them).
    pub fn new_shift(title: &str, when: When) -> Text {
        text(
            "newShift",
            shift_params(title, when),
            "New shift",
            format!(
                "You have a new shift {title} on {}. Please confirm it.",
                when.english()
            ),
        )
    }

    /// To an assignee who has not confirmed yet.
    pub fn confirm_reminder(title: &str, when: When) -> Text {
        text(
            "confirmReminder",
            shift_params(title, when),
            "Please confirm your shift",
            format!(
                "Your shift {title} on {} is waiting for your confirmation.",
                when.english()
            ),
        )
    }

    /// To an assignee: the shift changed.
    pub fn shift_updated(title: &str, when: When) -> Text {
        text(
            "shiftUpdated",
            shift_params(title, when),
            "Shift updated",
            format!("Your shift {title} on {} was changed.", when.english()),
        )
    }

    /// To the former assignee: the shift is no longer theirs (cancelled or given to someone
    /// else); their confirmation is removed.
    pub fn shift_cancelled(title: &str, when: When) -> Text {
        text(
            "shiftCancelled",
            shift_params(title, when),
            "Shift cancelled",
            format!(
                "Your shift {title} on {} was cancelled and is no longer yours.",
                when.english()
            ),
        )
    }

    /// To managers: an employee declined a shift.
    pub fn shift_declined(employee: &str, title: &str, when: When) -> Text {
        let mut params = shift_params(title, when);
        params["employee"] = json!(employee);
        text(
            "shiftDeclined",
            params,
            "Shift declined",
            format!(
                "{employee} declined the shift {title} on {}.",
                when.english()
            ),
        )
    }

    /// To the colleagues who could work it: a shift is waiting in the open-shift pool.
    pub fn open_shift(title: &str, when: When) -> Text {
        text(
            "openShift",
            shift_params(title, when),
            "Open shift available",
            format!(
                "The shift {title} on {} is open; take it from the shift pool if you can work it.",
                when.english()
            ),
        )
    }

    /// To the grabber: a manager approved their grab of a dropped shift.
    pub fn grab_approved(title: &str, when: When) -> Text {
        text(
            "grabApproved",
            shift_params(title, when),
            "Shift is yours",
            format!("Your grab of {title} on {} was approved.", when.english()),
        )
    }

    /// To the employee who dropped a shift: a colleague takes it over.
    pub fn shift_taken(employee: &str, title: &str, when: When) -> Text {
        let mut params = shift_params(title, when);
        params["employee"] = json!(employee);
        text(
            "shiftTaken",
            params,
            "Shift taken",
            format!(
                "{employee} takes over your shift {title} on {}.",
                when.english()
            ),
        )
    }

    /// To the grabber: a manager rejected their grab; the shift is back in the pool.
    pub fn grab_rejected(title: &str, when: When) -> Text {
        text(
            "grabRejected",
            shift_params(title, when),
            "Grab rejected",
            format!("Your grab of {title} on {} was rejected.", when.english()),
        )
    }

    /// To schedule managers: an employee dropped a shift into the pool.
    pub fn shift_dropped(employee: &str, title: &str, when: When) -> Text {
        let mut params = shift_params(title, when);
        params["employee"] = json!(employee);
        text(
            "shiftDropped",
            params,
            "Shift dropped",
            format!(
                "{employee} dropped the shift {title} on {}.",
                when.english()
            ),
        )
    }

    /// To an assignee: a manager put their shift in the pool (it stays theirs until taken).
    pub fn shift_put_in_pool(manager: &str, title: &str, when: When) -> Text {
        let mut params = shift_params(title, when);
        params["manager"] = json!(manager);
        text(
            "shiftPutInPool",
            params,
            "Shift in the pool",
            format!(
                "{manager} put your shift {title} on {} in the pool; it stays yours until a colleague takes it.",
                when.english()
            ),
        )
    }

    /// To schedule managers: a colleague asked to take a dropped shift.
    pub fn shift_grabbed(employee: &str, title: &str, when: When) -> Text {
        let mut params = shift_params(title, when);
        params["employee"] = json!(employee);
        text(
            "shiftGrabbed",
            params,
            "Shift grabbed",
            format!(
                "{employee} wants to take the shift {title} on {}; it waits for your approval.",
                when.english()
            ),
        )
    }

    /// To schedule managers: an employee took an open shift.
    pub fn open_shift_taken(employee: &str, title: &str, when: When) -> Text {
        let mut params = shift_params(title, when);
        params["employee"] = json!(employee);
        text(
            "openShiftTaken",
            params,
            "Open shift taken",
            format!(
                "{employee} took the open shift {title} on {}.",
                when.english()
            ),
        )
    }

    /// To schedule managers: an employee clocked in for work no shift planned.
    pub fn proposal_started(employee: &str, title: &str) -> Text {
        text(
            "proposalStarted",
            json!({ "employee": employee, "title": title }),
            "Proposed shift",
            format!("{employee} started an unscheduled shift: {title}."),
        )
    }

    /// To schedule managers: the unscheduled work is done and waits for their review.
    pub fn proposal_completed(employee: &str, title: &str) -> Text {
        text(
            "proposalCompleted",
            json!({ "employee": employee, "title": title }),
            "Proposed shift",
            format!(
                "{employee} completed the unscheduled shift {title}; it waits for your review."
            ),
        )
    }

    /// To the employee: a manager's answer to their unscheduled work.
    pub fn proposal_answered(approved: bool, title: &str) -> Text {
        let params = json!({ "title": title });
        if approved {
            text(
                "proposalApproved",
                params,
                "Proposed shift",
                format!("Your unscheduled shift {title} was approved."),
            )
        } else {
            text(
                "proposalRejected",
                params,
                "Proposed shift",
                format!("Your unscheduled shift {title} was rejected."),
            )
        }
    }

    /// To a member of a conversation: new messages (grouped: one until they read it).
    pub fn new_message(sender: &str, conversation: Option<&str>, preview: &str) -> Text {
        let (code, title) = match conversation {
            Some(name) => ("newMessageIn", format!("{sender} in {name}")),
            None => ("newMessage", format!("New message from {sender}")),
        };
        let params = json!({ "sender": sender, "conversation": conversation, "preview": preview });
        text(code, params, &title, preview.to_string())
    }

    /// To a member named with `@` in a message.
    pub fn mentioned(sender: &str, conversation: Option<&str>, preview: &str) -> Text {
        let (code, title) = match conversation {
            Some(name) => ("mentionedIn", format!("{sender} mentioned you in {name}")),
            None => ("mentioned", format!("{sender} mentioned you")),
        };
        let params = json!({ "sender": sender, "conversation": conversation, "preview": preview });
        text(code, params, &title, preview.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_carry_the_spec_names() {
        let names: Vec<_> = NotificationKind::ALL.iter().map(|k| k.as_str()).collect();
        assert_eq!(
            names,
            vec![
                "newshift",
                "timeoff",
                "dropshift",
                "message",
                "shiftUpdate",
                "shiftcancel",
                "declineShift",
                "cancelTimeOff",
                "shiftpropose"
            ]
        );
        for k in NotificationKind::ALL {
            assert_eq!(NotificationKind::parse(k.as_str()), Some(k));
            assert_eq!(
                serde_json::to_value(k).expect("json"),
                serde_json::Value::String(k.as_str().into())
            );
        }
        assert_eq!(NotificationKind::parse("shiftupdate"), None);
    }

    #[test]
    fn variants_are_numbered_as_the_spec_says() {
        assert_eq!(Variant::Success.code(), 1);
        assert_eq!(Variant::Warning.code(), 2);
        assert_eq!(Variant::Error.code(), 3);
        assert_eq!(Variant::Info.code(), 4);
        assert_eq!(Variant::from_code(4), Some(Variant::Info));
        assert_eq!(Variant::from_code(0), None);
        assert_eq!(Variant::from_code(5), None);
    }

    #[test]
    fn only_a_notification_for_one_reader_may_go_out_by_mail_or_push() {
        let user = UserId::new();
        let draft = |kind, access_for| Draft {
            kind,
            variant: Variant::Info,
            text: Text::default(),
            access_for,
            source: None,
            references: References::default(),
            reason: None,
        };
        assert!(draft(NotificationKind::NewShift, AccessFor::User(user)).for_one_reader());
        assert!(draft(NotificationKind::Message, AccessFor::User(user)).for_one_reader());
        assert!(!draft(NotificationKind::TimeOff, AccessFor::Public).for_one_reader());
    }

    fn shift_note(kind: NotificationKind, to: AccessFor, shift: Option<ShiftId>) -> Draft {
        Draft {
            kind,
            variant: Variant::Info,
            text: Text::default(),
            access_for: to,
            source: None,
            references: References {
                shift,
                ..References::default()
            },
            reason: None,
        }
    }

    #[test]
    fn notifications_about_one_shift_for_one_reader_merge_by_kind() {
        let (ana, shift) = (UserId::new(), ShiftId::new());
        let key = shift_note(
            NotificationKind::ShiftUpdate,
            AccessFor::User(ana),
            Some(shift),
        )
        .merge_key()
        .expect("a shift update to Ana merges");
        assert_eq!(
            key,
            MergeKey {
                kind: NotificationKind::ShiftUpdate,
                shift,
                reader: ana
            }
        );
        // Another kind, shift or reader is another key.
        let other = |kind, to, s| shift_note(kind, to, Some(s)).merge_key();
        assert_ne!(
            other(NotificationKind::NewShift, AccessFor::User(ana), shift),
            Some(key)
        );
        assert_ne!(
            other(
                NotificationKind::ShiftUpdate,
                AccessFor::User(ana),
                ShiftId::new()
            ),
            Some(key)
        );
        assert_ne!(
            other(
                NotificationKind::ShiftUpdate,
                AccessFor::User(UserId::new()),
                shift
            ),
            Some(key)
        );
        // Nothing to merge under: no shift, everyone's, or a chat message (grouped its own way).
        let user = AccessFor::User(ana);
        assert_eq!(
            shift_note(NotificationKind::TimeOff, user, None).merge_key(),
            None
        );
        assert_eq!(
            shift_note(
                NotificationKind::ShiftUpdate,
                AccessFor::Public,
                Some(shift)
            )
            .merge_key(),
            None
        );
        assert_eq!(
            shift_note(NotificationKind::Message, user, Some(shift)).merge_key(),
            None
        );
        // A stored row has the key its draft had.
        assert_eq!(
            MergeKey::of_row(NotificationKind::ShiftUpdate, Some(shift), Some(ana)),
            Some(key)
        );
        assert_eq!(
            MergeKey::of_row(NotificationKind::Message, Some(shift), Some(ana)),
            None
        );
        assert_eq!(
            MergeKey::of_row(NotificationKind::ShiftUpdate, None, Some(ana)),
            None
        );
        assert_eq!(
            MergeKey::of_row(NotificationKind::ShiftUpdate, Some(shift), None),
            None
        );
    }

    #[test]
    fn a_notification_merges_into_an_unread_one_younger_than_the_window() {
        use chrono::TimeZone;
        let at = Utc
            .with_ymd_and_hms(2026, 3, 1, 9, 0, 0)
            .single()
            .expect("valid");
        let unread = Unread {
            id: NotificationId::new(),
            at,
        };
        let window = std::time::Duration::from_secs(120);
        let later = |s: i64| at + chrono::Duration::seconds(s);
        assert!(unread.absorbs(at, window));
        assert!(unread.absorbs(later(119), window));
        assert!(
            !unread.absorbs(later(120), window),
            "the window is open-ended"
        );
        assert!(!unread.absorbs(later(3600), window));
        assert!(
            unread.absorbs(later(-5), window),
            "another clock a little ahead"
        );
        assert!(
            !unread.absorbs(at, std::time::Duration::ZERO),
            "zero turns it off"
        );
        assert!(unread.absorbs(later(86_400 * 365), std::time::Duration::MAX));
    }

    proptest::proptest! {
        #[test]
        fn merging_depends_only_on_the_age_against_the_window(
            age_ms in -10_000i64..10_000_000,
            window_ms in 0u64..10_000_000,
        ) {
            let at = Utc::now();
            let unread = Unread { id: NotificationId::new(), at };
            let now = at + chrono::Duration::milliseconds(age_ms);
            let merges = unread.absorbs(now, std::time::Duration::from_millis(window_ms));
            proptest::prop_assert_eq!(merges, window_ms > 0 && age_ms < window_ms as i64);
        }
    }

    #[test]
    fn time_off_texts_name_the_span_by_code_and_in_english() {
        use crate::domain::time_off::{end_of_day, start_of_day, Span};
        let zone = chrono_tz::Europe::Berlin;
        let (first, last) = (
            chrono::NaiveDate::from_ymd_opt(2026, 5, 4).expect("date"),
            chrono::NaiveDate::from_ymd_opt(2026, 5, 6).expect("date"),
        );
        let span = Span {
            start: start_of_day(first, zone).expect("start"),
            end: end_of_day(last, zone).expect("end"),
            entire_day: true,
        };
        let text = texts::time_off_answered(true, texts::Dates { span: &span, zone });
        assert_eq!(text.title, "Time off approved");
        assert_eq!(
            text.content,
            "Your time off request for 05/04 to 05/06 was approved."
        );
        assert_eq!(text.code, Some("timeOffApproved"));
        assert_eq!(
            serde_json::Value::Object(text.params),
            serde_json::json!({
                "start": span.start.timestamp_millis(),
                "end": span.end.timestamp_millis(),
                "entireDay": true,
            })
        );
        let asked = texts::time_off_requested("Ana", texts::Dates { span: &span, zone });
        assert_eq!(asked.params["employee"], "Ana");
        assert_eq!(asked.content, "Ana requested time off: 05/04 to 05/06");
    }

    #[test]
    fn shift_texts_carry_the_start_as_a_moment_and_show_it_in_the_store_zone() {
        // 07:30 UTC is 09:30 in Berlin in summer.
        let at = chrono::DateTime::parse_from_rfc3339("2026-07-01T07:30:00Z")
            .expect("time")
            .with_timezone(&Utc);
        let when = texts::When {
            at,
            zone: chrono_tz::Europe::Berlin,
        };
        let text = texts::shift_declined("Ana", "Opening", when);
        assert_eq!(text.code, Some("shiftDeclined"));
        assert_eq!(
            text.content,
            "Ana declined the shift Opening on 07/01 09:30."
        );
        assert_eq!(
            serde_json::Value::Object(text.params),
            serde_json::json!({ "employee": "Ana", "title": "Opening", "start": at.timestamp_millis() })
        );
        let codes = [
            texts::new_shift("t", when).code,
            texts::shift_updated("t", when).code,
            texts::shift_cancelled("t", when).code,
            texts::confirm_reminder("t", when).code,
            texts::shift_opened("t", when).code,
            texts::open_shift("t", when).code,
            texts::grab_approved("t", when).code,
            texts::grab_rejected("t", when).code,
            texts::shift_taken("e", "t", when).code,
            texts::shift_dropped("e", "t", when).code,
            texts::shift_grabbed("e", "t", when).code,
            texts::open_shift_taken("e", "t", when).code,
        ];
        let distinct: std::collections::BTreeSet<_> = codes.iter().collect();
        assert_eq!(distinct.len(), codes.len(), "every text has its own code");
    }

    #[test]
    fn message_texts_have_a_code_for_each_wording() {
        let team = texts::new_message("Ana", Some("Team"), "Hi");
        assert_eq!(
            (team.code, team.title.as_str()),
            (Some("newMessageIn"), "Ana in Team")
        );
        let direct = texts::new_message("Ana", None, "Hi");
        assert_eq!(direct.code, Some("newMessage"));
        assert_eq!(direct.params["conversation"], serde_json::Value::Null);
        let mention = texts::mentioned("Ana", Some("Team"), "@Bo hi");
        assert_eq!(mention.code, Some("mentionedIn"));
        assert_eq!(mention.content, "@Bo hi");
        let written = Text::written("Closed Monday", "We open at noon.");
        assert_eq!(written.code, None);
        assert!(written.params.is_empty());
    }
}
