//! What the assistant says, as codes and their values, in no language yet: the answer's rules
//! (`answer`) decide what to say from the facts, the catalogue (`catalogue`) words it in the
//! caller's language. Times and days are already the store's local ones.

use crate::domain::voice::intent::Part;
use chrono::{NaiveDate, NaiveTime, Weekday};

/// A day as said from today.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DayRef {
    Today,
    Tomorrow,
    Yesterday,
    /// Within the coming week: its weekday is enough.
    Weekday(Weekday),
    /// Further: the weekday and the date.
    Date(NaiveDate),
}

/// Local hours: from, and to unless the shift is open-ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub from: NaiveTime,
    pub to: Option<NaiveTime>,
}

/// A request's days, first to last (the same day for one day).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dates {
    pub first: NaiveDate,
    pub last: NaiveDate,
}

/// Items read out, and how many more there are.
#[derive(Debug, Clone, PartialEq)]
pub struct Listed<T> {
    pub items: Vec<T>,
    pub more: usize,
}

impl<T> Listed<T> {
    pub fn count(&self) -> usize {
        self.items.len() + self.more
    }
}

/// People working the same hours in the same role, said together.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    pub names: Vec<String>,
    pub role: Option<String>,
    pub span: Span,
    pub draft: bool,
}

/// Someone on the clock.
#[derive(Debug, Clone, PartialEq)]
pub enum OnClock {
    OnBreak(String),
    Until(String, NaiveTime),
    /// An open-ended shift.
    Working(String),
}

/// Someone late or missing today.
#[derive(Debug, Clone, PartialEq)]
pub enum Absent {
    Late { name: String, began: NaiveTime },
    Missed { name: String, span: Span },
}

/// One of the caller's open requests.
#[derive(Debug, Clone, PartialEq)]
pub enum MyRequest {
    TimeOff(Dates),
    /// The caller's shift in the pool, maybe taken by someone and waiting for approval.
    Drop {
        day: Option<DayRef>,
        taken_by: Option<String>,
    },
}

/// An open shift.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenShift {
    pub day: DayRef,
    pub span: Span,
    pub role: Option<String>,
    pub draft: bool,
}

/// A shift in the pool.
#[derive(Debug, Clone, PartialEq)]
pub struct Dropped {
    pub owner: String,
    pub day: DayRef,
    pub span: Span,
    pub taken_by: Option<String>,
}

/// Which open shifts: a day's, or the coming week's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenWhen {
    Day(DayRef),
    ComingWeek,
}

/// How a shift of mine stands, said after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MyShiftNote {
    None,
    NotConfirmed,
    Dropped,
}

/// Something the assistant says.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// A permission refusal, in the spec's words (said as given, in every language).
    Refused(String),
    /// What may be asked; `manager` picks the examples.
    Help {
        manager: bool,
    },
    Unknown {
        manager: bool,
    },
    /// Nobody (or no one of `role`) works then; `open` shifts are not taken.
    NobodyWorks {
        role: Option<String>,
        day: DayRef,
        part: Option<Part>,
        open: usize,
    },
    /// `count` shifts, said in groups; `groups.more` counts the people not said.
    WhoWorks {
        day: DayRef,
        part: Option<Part>,
        count: usize,
        groups: Listed<Group>,
        open: usize,
    },
    NobodyOnTheClock,
    OnTheClock(Listed<OnClock>),
    NobodyLate,
    Late(Listed<Absent>),
    NoShiftAhead,
    OnShiftNow {
        role: Option<String>,
        until: Option<NaiveTime>,
    },
    NextShift {
        day: DayRef,
        span: Span,
        role: Option<String>,
        note: MyShiftNote,
    },
    WeekUnknown,
    NoHoursThisWeek,
    /// Whole hours worked and expected, and the estimated pay before taxes.
    MyWeek {
        worked_hours: i64,
        expected_hours: i64,
        pay: f64,
        currency: String,
    },
    NoRequests,
    MyRequests(Listed<MyRequest>),
    NoOpenShifts(OpenWhen),
    OpenShifts(OpenWhen, Listed<OpenShift>),
    PoolEmpty,
    Pool(Listed<Dropped>),
    NoTimeOffWaiting,
    /// Time off waiting for an answer: who, which days.
    TimeOffWaiting(Listed<(String, Dates)>),
    AlreadyOnTheClock,
    NoShiftToClockIn,
    ClockInOffer {
        day: DayRef,
        span: Span,
    },
    ClockedIn,
    NotOnTheClock,
    ClockOutOffer {
        span: Span,
    },
    ClockedOut,
    UnknownPerson,
    NoOpenShiftToGive(OpenWhen),
    GiveOffer {
        role: Option<String>,
        day: DayRef,
        span: Span,
        to: String,
    },
    Given {
        to: String,
        day: DayRef,
    },
    NoTimeOffOf(String),
    ApproveOffer {
        of: String,
        dates: Dates,
    },
    Approved {
        of: String,
        dates: Dates,
    },
}
