//! The time clock's rules: the store's settings, when a shift may be started, what proof a
//! punch needs (the store's rotating code, the phone's location), late punches from a phone
//! that was offline, and the life of a clock session (on the clock, on break, completed).

use chrono::{DateTime, Duration, Utc};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use std::fmt;
use utoipa::ToSchema;

/// How long one clock code is shown; a code is accepted in its window and the next.
pub const CODE_WINDOW_SECS: i64 = 30;
/// A shift not started this long after its start shows its assignee as late.
pub const LATE_AFTER: Duration = Duration::minutes(5);
/// A phone whose clock differs from the server's by more than this is flagged.
pub const DRIFT_FLAG: Duration = Duration::minutes(2);
/// How long an open-ended shift (no planned end) can be started after its start.
pub const OPEN_ENDED_START: Duration = Duration::hours(12);
/// Characters of a clock code: Crockford's base 32 (no I, L, O, U), easy to read and type.
const CODE_ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Length of a clock code.
pub const CODE_LEN: usize = 8;
/// Largest early window, minutes.
pub const EARLY_MAX: u32 = 720;
/// Bounds of the late-punch allowance, hours (a week at most: the working set keeps punch
/// ids a day longer).
pub const LATE_PUNCH_HOURS: (u32, u32) = (1, 168);
/// Bounds of the weekly overtime threshold, minutes.
pub const OVERTIME_MINUTES: (u32, u32) = (60, 10_080);
/// Bounds of the overtime pay multiple.
pub const OVERTIME_RATE: (f64, f64) = (1.0, 5.0);
/// Default least rest between two shifts of one employee, minutes (11 hours).
pub const DEFAULT_MIN_REST_MINUTES: u32 = 660;
/// The longest rest between shifts a store may ask for (a day), in minutes.
pub const MIN_REST_MAX: u32 = 1440;
/// Bounds of the store's radius, metres.
pub const RADIUS: (u32, u32) = (10, 5000);
/// Largest accuracy a phone may report, metres.
pub const ACCURACY_MAX: f64 = 100_000.0;

/// What a punch must prove.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Proof {
    /// Nothing: the signed-in phone is enough.
    #[default]
    None,
    /// The code the store's clock device shows (presence at the door).
    Code,
    /// The phone's location, within the store's radius.
    Location,
    /// Both.
    Both,
}

impl Proof {
    pub fn needs_code(self) -> bool {
        matches!(self, Proof::Code | Proof::Both)
    }

    pub fn needs_location(self) -> bool {
        matches!(self, Proof::Location | Proof::Both)
    }
}

/// What happens to a punch from outside the store's radius.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Outside {
    /// It is refused.
    #[default]
    Refuse,
    /// It is taken and flagged for the managers.
    Flag,
}

/// The store's place: where punches are expected.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Place {
    #[schema(minimum = -90, maximum = 90)]
    pub latitude: f64,
    #[schema(minimum = -180, maximum = 180)]
    pub longitude: f64,
    /// Metres around the place that count as at the store.
    #[schema(minimum = 10, maximum = 5000)]
    pub radius: u32,
}

/// A phone's reported location.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    #[schema(minimum = -90, maximum = 90)]
    pub latitude: f64,
    #[schema(minimum = -180, maximum = 180)]
    pub longitude: f64,
    /// The phone's estimate of its error, in metres.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 100000)]
    pub accuracy: Option<f64>,
}

impl Location {
    /// Whether the coordinates are on the globe (and the accuracy a distance).
    pub fn is_valid(&self) -> bool {
        (-90.0..=90.0).contains(&self.latitude)
            && (-180.0..=180.0).contains(&self.longitude)
            && self
                .accuracy
                .is_none_or(|a| a.is_finite() && (0.0..=ACCURACY_MAX).contains(&a))
    }
}

/// The store's clock settings. Every field has a default, so a store that never set them
/// (or a stored document missing a field) reads as the defaults.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ClockSettings {
    /// Minutes before a shift's start its assignee may clock in. Default 30.
    #[schema(minimum = 0, maximum = 720)]
    pub early_minutes: u32,
    /// What a punch needs. Default none.
    pub proof: Proof,
    /// A punch from outside the radius is refused or flagged. Default refused.
    pub outside: Outside,
    /// Where the store is; `null` until set.
    pub place: Option<Place>,
    /// Hours a punch recorded without a connection may arrive late. Default 72.
    #[schema(minimum = 1, maximum = 168)]
    pub late_punch_hours: u32,
    /// Worked minutes a week beyond which time is overtime. Default 2,400 (40 hours).
    #[schema(minimum = 60, maximum = 10080)]
    pub overtime_weekly_minutes: u32,
    /// Pay of an overtime hour as a multiple of the regular wage. Default 1.5.
    #[schema(minimum = 1, maximum = 5)]
    pub overtime_rate: f64,
    /// Currency of wages and pay (ISO 4217). Default USD.
    #[schema(min_length = 3, max_length = 3)]
    pub currency: String,
    /// Least rest between two shifts of one employee, in minutes. Default 660 (11 hours).
    #[schema(minimum = 0, maximum = 1440)]
    pub min_rest_minutes: u32,
}

impl Default for ClockSettings {
    fn default() -> Self {
        ClockSettings {
            early_minutes: 30,
            proof: Proof::None,
            outside: Outside::Refuse,
            place: None,
            late_punch_hours: 72,
            overtime_weekly_minutes: 2400,
            overtime_rate: 1.5,
            currency: "USD".into(),
            min_rest_minutes: DEFAULT_MIN_REST_MINUTES,
        }
    }
}

impl ClockSettings {
    /// The settings stored as a document; unknown or broken fields read as the defaults.
    pub fn read(stored: &serde_json::Value) -> ClockSettings {
        serde_json::from_value(stored.clone()).unwrap_or_default()
    }

    /// The first setting out of range, as a sentence.
    pub fn check(&self) -> Result<(), String> {
        if self.early_minutes > EARLY_MAX {
            return Err("earlyMinutes must be between 0 and 720.".into());
        }
        if !(LATE_PUNCH_HOURS.0..=LATE_PUNCH_HOURS.1).contains(&self.late_punch_hours) {
            return Err("latePunchHours must be between 1 and 168.".into());
        }
        if !(OVERTIME_MINUTES.0..=OVERTIME_MINUTES.1).contains(&self.overtime_weekly_minutes) {
            return Err("overtimeWeeklyMinutes must be between 60 and 10080.".into());
        }
        if !(self.overtime_rate.is_finite()
            && (OVERTIME_RATE.0..=OVERTIME_RATE.1).contains(&self.overtime_rate))
        {
            return Err("overtimeRate must be between 1 and 5.".into());
        }
        if self.min_rest_minutes > MIN_REST_MAX {
            return Err("minRestMinutes must be between 0 and 1440.".into());
        }
        if self.currency.len() != 3 || !self.currency.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err("currency must be a three-letter ISO 4217 code, like USD.".into());
        }
        if let Some(p) = self.place {
            let loc = Location {
                latitude: p.latitude,
                longitude: p.longitude,
                accuracy: None,
            };
            if !loc.is_valid() {
                return Err("The place's coordinates are not on the globe.".into());
            }
            if !(RADIUS.0..=RADIUS.1).contains(&p.radius) {
                return Err("The radius must be between 10 and 5000 metres.".into());
            }
        }
        if self.proof.needs_location() && self.place.is_none() {
            return Err("Set the store's place before asking for a location.".into());
        }
        Ok(())
    }

    pub fn late_punch_bound(&self) -> Duration {
        Duration::hours(i64::from(self.late_punch_hours))
    }
}

/// Why a clock operation is refused.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// Only a published or confirmed shift can be started.
    NotAnnounced,
    /// Too early: the shift can be started from this instant (shown in the store's zone).
    TooEarly(DateTime<Utc>),
    /// The shift is over.
    Over,
    /// The role's switch forbids starting from a phone.
    RoleCannotStart(String),
    /// The role's switch forbids the store's clock device.
    RoleCannotClockIn(String),
    /// An open session of another piece of work.
    AlreadyOnClock(String),
    /// The shift had its session already.
    AlreadyStarted,
    /// No open session of this work.
    NotOnClock,
    OnBreak,
    NotOnBreak,
    NeedsCode,
    NeedsLocation,
    BadCode,
    CodeUsed,
    /// Outside the radius: distance and radius in metres.
    Outside {
        distance: u32,
        radius: u32,
    },
    /// The store wants a location but has no place set.
    NoPlace,
    /// A late punch beyond the store's bound, in hours.
    PunchTooOld(u32),
    /// A punch stamped after it was sent.
    PunchFromFuture,
    /// A punch earlier than the last one of the session.
    PunchOutOfOrder,
    /// `clockOperation` found no shift to start or complete.
    NothingToClock,
}

impl Refusal {
    /// The error code clients render the refusal from.
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::NotAnnounced => "clock_not_announced",
            Refusal::TooEarly(_) => "clock_too_early",
            Refusal::Over => "clock_shift_over",
            Refusal::RoleCannotStart(_) => "clock_role_cannot_start",
            Refusal::RoleCannotClockIn(_) => "clock_role_cannot_clock_in",
            Refusal::AlreadyOnClock(_) => "clock_already_on",
            Refusal::AlreadyStarted => "clock_already_started",
            Refusal::NotOnClock => "clock_not_on",
            Refusal::OnBreak => "clock_on_break",
            Refusal::NotOnBreak => "clock_not_on_break",
            Refusal::NeedsCode => "clock_needs_code",
            Refusal::NeedsLocation => "clock_needs_location",
            Refusal::BadCode => "clock_bad_code",
            Refusal::CodeUsed => "clock_code_used",
            Refusal::Outside { .. } => "clock_outside",
            Refusal::NoPlace => "clock_no_place",
            Refusal::PunchTooOld(_) => "clock_punch_too_old",
            Refusal::PunchFromFuture => "clock_punch_future",
            Refusal::PunchOutOfOrder => "clock_punch_out_of_order",
            Refusal::NothingToClock => "clock_nothing",
        }
    }

    /// Whether the refusal is a conflict with the current state (409) rather than bad input.
    pub fn is_conflict(&self) -> bool {
        matches!(
            self,
            Refusal::AlreadyOnClock(_)
                | Refusal::AlreadyStarted
                | Refusal::CodeUsed
                | Refusal::OnBreak
                | Refusal::NotOnBreak
        )
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotAnnounced => {
                f.write_str("Only a published or confirmed shift can be started.")
            }
            Refusal::TooEarly(_) => f.write_str("This shift can't be started yet."),
            Refusal::Over => f.write_str("This shift is over; ask a manager to record your time."),
            Refusal::RoleCannotStart(role) => {
                write!(
                    f,
                    "Shifts of the role {role} can't be started from a phone."
                )
            }
            Refusal::RoleCannotClockIn(role) => {
                write!(
                    f,
                    "Shifts of the role {role} can't be clocked at the store's clock."
                )
            }
            Refusal::AlreadyOnClock(title) => {
                write!(
                    f,
                    "You are already on the clock for {title}; complete it first."
                )
            }
            Refusal::AlreadyStarted => f.write_str("This shift was already started."),
            Refusal::NotOnClock => f.write_str("You aren't on the clock for this shift."),
            Refusal::OnBreak => f.write_str("You are already on a break."),
            Refusal::NotOnBreak => f.write_str("You aren't on a break."),
            Refusal::NeedsCode => {
                f.write_str("Clocking at this store needs the code shown on the store's clock.")
            }
            Refusal::NeedsLocation => f.write_str("Clocking at this store needs your location."),
            Refusal::BadCode => f.write_str("This code is wrong or has expired."),
            Refusal::CodeUsed => f.write_str("This code was already used; wait for the next one."),
            Refusal::Outside { distance, radius } => write!(
                f,
                "You are {distance} m from the store; clocking needs you within {radius} m."
            ),
            Refusal::NoPlace => {
                f.write_str("The store's place is not set, so your location can't be checked.")
            }
            Refusal::PunchTooOld(hours) => write!(
                f,
                "This punch is more than {hours} hours old and can't be applied; ask a manager."
            ),
            Refusal::PunchFromFuture => f.write_str("This punch is dated after it was sent."),
            Refusal::PunchOutOfOrder => {
                f.write_str("This punch is earlier than your previous one.")
            }
            Refusal::NothingToClock => f.write_str("You have no shift to start or complete now."),
        }
    }
}

/// Great-circle distance in metres (haversine, mean Earth radius).
pub fn distance_m(a: (f64, f64), b: (f64, f64)) -> f64 {
    const R: f64 = 6_371_008.8;
    let (lat1, lat2) = (a.0.to_radians(), b.0.to_radians());
    let dlat = lat2 - lat1;
    let dlng = (b.1 - a.1).to_radians();
    let h = (dlat / 2.0).sin().powi(2) + lat1.cos() * lat2.cos() * (dlng / 2.0).sin().powi(2);
    2.0 * R * h.sqrt().min(1.0).asin()
}

/// Where a punch was taken, judged against the store's place.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Judged {
    /// Metres from the place, when both are known.
    pub distance: Option<f64>,
    /// Within the radius (the phone's own error counts in its favour, up to the radius).
    pub inside: Option<bool>,
}

pub fn judge(place: Option<Place>, loc: Option<&Location>) -> Judged {
    match (place, loc) {
        (Some(p), Some(l)) => {
            let d = distance_m((p.latitude, p.longitude), (l.latitude, l.longitude));
            let slack = l.accuracy.unwrap_or(0.0).clamp(0.0, f64::from(p.radius));
            Judged {
                distance: Some(d),
                inside: Some(d <= f64::from(p.radius) + slack),
            }
        }
        _ => Judged {
            distance: None,
            inside: None,
        },
    }
}

/// What the proof of a punch came to: taken, flagged as outside the radius or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proven {
    pub outside: bool,
}

/// Checks a punch's proof against the store's settings. `code_ok` says whether a valid,
/// unused code came with it (`None`: no code given). A device punch (the store's clock)
/// proves presence by itself.
pub fn check_proof(
    settings: &ClockSettings,
    code_ok: Option<Result<(), Refusal>>,
    loc: Option<&Location>,
) -> Result<Proven, Refusal> {
    if settings.proof.needs_code() {
        match code_ok {
            None => return Err(Refusal::NeedsCode),
            Some(Err(e)) => return Err(e),
            Some(Ok(())) => {}
        }
    } else if let Some(Err(e)) = code_ok {
        // A wrong code is refused even where none is needed: the phone meant to use one.
        return Err(e);
    }
    let judged = judge(settings.place, loc);
    if settings.proof.needs_location() {
        let Some(place) = settings.place else {
            return Err(Refusal::NoPlace);
        };
        let (Some(inside), Some(distance)) = (judged.inside, judged.distance) else {
            return Err(Refusal::NeedsLocation);
        };
        if !inside && settings.outside == Outside::Refuse {
            return Err(Refusal::Outside {
                distance: distance.round().min(f64::from(u32::MAX)) as u32,
                radius: place.radius,
            });
        }
    }
    Ok(Proven {
        outside: judged.inside == Some(false),
    })
}

/// The 30-second window an instant falls in.
pub fn window_of(at: DateTime<Utc>) -> i64 {
    at.timestamp().div_euclid(CODE_WINDOW_SECS)
}

/// When a window's code stops being shown.
pub fn window_end(window: i64) -> DateTime<Utc> {
    DateTime::from_timestamp((window + 1).saturating_mul(CODE_WINDOW_SECS), 0)
        .unwrap_or(DateTime::<Utc>::MAX_UTC)
}

/// The code of a store's window: the store and the window signed with the store's secret,
/// written in Crockford's base 32. The code reveals nothing of the secret.
pub fn code_for(secret: &[u8], store: uuid::Uuid, window: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes keys of any length");
    mac.update(store.as_bytes());
    mac.update(&window.to_be_bytes());
    let digest = mac.finalize().into_bytes();
    // 8 characters of 5 bits: the first 40 bits of the digest.
    let mut bits = digest[..5]
        .iter()
        .fold(0u64, |acc, b| (acc << 8) | u64::from(*b));
    let mut out = [0u8; CODE_LEN];
    for slot in out.iter_mut().rev() {
        *slot = CODE_ALPHABET[(bits & 31) as usize];
        bits >>= 5;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A code as typed or scanned: case, spaces and dashes do not matter, and the letters
/// Crockford's alphabet leaves out read as the digits they look like.
pub fn normalise_code(input: &str) -> String {
    input
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            other => other,
        })
        .collect()
}

/// The window whose code `input` is, if it is the code of the current window or the one
/// before (a code shown just before the change still works).
pub fn code_window(
    secret: &[u8],
    store: uuid::Uuid,
    input: &str,
    now: DateTime<Utc>,
) -> Option<i64> {
    let code = normalise_code(input);
    if code.len() != CODE_LEN {
        return None;
    }
    let current = window_of(now);
    [current, current - 1]
        .into_iter()
        .find(|w| constant_time_eq(code_for(secret, store, *w).as_bytes(), code.as_bytes()))
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A punch as the phone recorded it: when it was made and when it was sent, both by the
/// phone's clock (milliseconds), and its id.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PunchStamp {
    pub made_at: DateTime<Utc>,
    pub sent_at: DateTime<Utc>,
}

/// When a punch happened by the server's clock, and how far the phone's clock was off (when
/// more than [`DRIFT_FLAG`]). The phone's offset is measured at sending (the server's time
/// then, against the phone's) and taken off the moment it recorded.
pub fn punch_time(
    stamp: Option<PunchStamp>,
    now: DateTime<Utc>,
    bound: Duration,
) -> Result<(DateTime<Utc>, Option<Duration>), Refusal> {
    let Some(p) = stamp else {
        return Ok((now, None));
    };
    if p.made_at > p.sent_at {
        return Err(Refusal::PunchFromFuture);
    }
    let offset = now - p.sent_at;
    let at = p.made_at + offset;
    if now - at > bound {
        return Err(Refusal::PunchTooOld(bound.num_hours() as u32));
    }
    let drift = (offset.abs() > DRIFT_FLAG).then_some(offset);
    Ok((at.min(now), drift))
}

/// When the assignee may start a shift: from `early` before its start to its end (an
/// open-ended shift: [`OPEN_ENDED_START`] after its start).
pub fn may_start(
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    open_ended: bool,
    early: Duration,
    at: DateTime<Utc>,
) -> Result<(), Refusal> {
    let opens = start - early;
    let closes = if open_ended {
        start + OPEN_ENDED_START
    } else {
        end
    };
    if at < opens {
        Err(Refusal::TooEarly(opens))
    } else if at >= closes {
        Err(Refusal::Over)
    } else {
        Ok(())
    }
}

/// Seconds after the planned start the work began (0 when on time or early).
pub fn late_seconds(planned: DateTime<Utc>, at: DateTime<Utc>) -> i32 {
    seconds(at - planned)
}

/// Seconds before the planned end the work ended (0 when on time or later).
pub fn early_seconds(planned_end: DateTime<Utc>, at: DateTime<Utc>) -> i32 {
    seconds(planned_end - at)
}

fn seconds(d: Duration) -> i32 {
    i32::try_from(d.num_seconds().max(0)).unwrap_or(i32::MAX)
}

/// A break of a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Break {
    /// Epoch ms.
    #[serde(with = "chrono::serde::ts_milliseconds")]
    #[schema(value_type = i64)]
    pub start: DateTime<Utc>,
    /// Epoch ms; `null` while the break runs.
    #[serde(with = "chrono::serde::ts_milliseconds_option")]
    #[schema(value_type = Option<i64>, required = true)]
    pub end: Option<DateTime<Utc>>,
}

/// The state of a clock session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum SessionStatus {
    /// On the clock (`ip`).
    #[serde(rename = "ip")]
    Working,
    /// On break (`p`).
    #[serde(rename = "p")]
    OnBreak,
    /// Completed (`c`).
    #[serde(rename = "c")]
    Completed,
}

impl SessionStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            SessionStatus::Working => "ip",
            SessionStatus::OnBreak => "p",
            SessionStatus::Completed => "c",
        }
    }

    pub fn parse(s: &str) -> Option<SessionStatus> {
        [
            SessionStatus::Working,
            SessionStatus::OnBreak,
            SessionStatus::Completed,
        ]
        .into_iter()
        .find(|x| x.as_str() == s)
    }
}

/// Where someone stands against a shift now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Attendance {
    /// Not started, and its start is ahead (or less than [`LATE_AFTER`] past).
    Upcoming,
    /// Not started [`LATE_AFTER`] after its start.
    Late,
    Working,
    OnBreak,
    Done,
    /// Not started, and it has ended.
    Missing,
}

/// The attendance of a shift (`start`, `end`, open-ended) at `now`, from its session's
/// status when it was clocked, else from its progress (a manager may have completed it).
pub fn attendance(
    session: Option<SessionStatus>,
    progress: crate::domain::shift::Progress,
    (start, end, open_ended): (DateTime<Utc>, DateTime<Utc>, bool),
    now: DateTime<Utc>,
) -> Attendance {
    match session {
        Some(SessionStatus::Working) => Attendance::Working,
        Some(SessionStatus::OnBreak) => Attendance::OnBreak,
        Some(SessionStatus::Completed) => Attendance::Done,
        None if progress == crate::domain::shift::Progress::Completed => Attendance::Done,
        None if end <= now && !open_ended => Attendance::Missing,
        None if now - start >= LATE_AFTER => Attendance::Late,
        None => Attendance::Upcoming,
    }
}

/// What took a punch: the employee's phone, the store's clock device, or a manager's edit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PunchSource {
    Phone,
    Device,
    Manager,
}

impl PunchSource {
    pub const ALL: [PunchSource; 3] = [
        PunchSource::Phone,
        PunchSource::Device,
        PunchSource::Manager,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PunchSource::Phone => "phone",
            PunchSource::Device => "device",
            PunchSource::Manager => "manager",
        }
    }

    pub fn parse(s: &str) -> Option<PunchSource> {
        PunchSource::ALL.into_iter().find(|x| x.as_str() == s)
    }
}

/// Where a proposed shift stands: waiting for a manager's answer, approved (a completed
/// shift was made of it) or rejected. Stored and sent as the spec's `p`, `a` and `r`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
pub enum ProposalStatus {
    /// Pending review (`p`).
    #[serde(rename = "p")]
    Pending,
    /// Approved (`a`).
    #[serde(rename = "a")]
    Approved,
    /// Rejected (`r`).
    #[serde(rename = "r")]
    Rejected,
}

impl ProposalStatus {
    pub const ALL: [ProposalStatus; 3] = [
        ProposalStatus::Pending,
        ProposalStatus::Approved,
        ProposalStatus::Rejected,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ProposalStatus::Pending => "p",
            ProposalStatus::Approved => "a",
            ProposalStatus::Rejected => "r",
        }
    }

    pub fn parse(s: &str) -> Option<ProposalStatus> {
        ProposalStatus::ALL.into_iter().find(|x| x.as_str() == s)
    }
}

/// The timeline of a session: its start, breaks and end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timeline {
    pub start: DateTime<Utc>,
    pub breaks: Vec<Break>,
    pub end: Option<DateTime<Utc>>,
}

impl Timeline {
    pub fn status(&self) -> SessionStatus {
        if self.end.is_some() {
            SessionStatus::Completed
        } else if self.breaks.last().is_some_and(|b| b.end.is_none()) {
            SessionStatus::OnBreak
        } else {
            SessionStatus::Working
        }
    }

    /// The latest instant of the timeline: punches after it must not be earlier.
    pub fn last(&self) -> DateTime<Utc> {
        let mut last = self.start;
        for b in &self.breaks {
            last = last.max(b.end.unwrap_or(b.start)).max(b.start);
        }
        self.end.map_or(last, |e| last.max(e))
    }

    fn in_order(&self, at: DateTime<Utc>) -> Result<(), Refusal> {
        if at < self.last() {
            Err(Refusal::PunchOutOfOrder)
        } else {
            Ok(())
        }
    }

    pub fn start_break(&mut self, at: DateTime<Utc>) -> Result<(), Refusal> {
        match self.status() {
            SessionStatus::Completed => return Err(Refusal::NotOnClock),
            SessionStatus::OnBreak => return Err(Refusal::OnBreak),
            SessionStatus::Working => {}
        }
        self.in_order(at)?;
        self.breaks.push(Break {
            start: at,
            end: None,
        });
        Ok(())
    }

    pub fn end_break(&mut self, at: DateTime<Utc>) -> Result<(), Refusal> {
        match self.status() {
            SessionStatus::Completed => return Err(Refusal::NotOnClock),
            SessionStatus::Working => return Err(Refusal::NotOnBreak),
            SessionStatus::OnBreak => {}
        }
        self.in_order(at)?;
        if let Some(b) = self.breaks.last_mut() {
            b.end = Some(at);
        }
        Ok(())
    }

    /// Completes the session; a running break ends with it.
    pub fn complete(&mut self, at: DateTime<Utc>) -> Result<(), Refusal> {
        if self.status() == SessionStatus::Completed {
            return Err(Refusal::NotOnClock);
        }
        self.in_order(at)?;
        if let Some(b) = self.breaks.last_mut().filter(|b| b.end.is_none()) {
            b.end = Some(at);
        }
        self.end = Some(at);
        Ok(())
    }

    /// Whether a timeline edited by a manager holds together: breaks in order, inside the
    /// session, never overlapping; only the last may run, and only while the session does.
    pub fn check(&self) -> Result<(), &'static str> {
        let mut previous = self.start;
        for (i, b) in self.breaks.iter().enumerate() {
            if b.start < previous {
                return Err("Breaks must not overlap and must fall within the session.");
            }
            match b.end {
                Some(end) if end < b.start => return Err("A break must end after it starts."),
                Some(end) => previous = end,
                None if i + 1 != self.breaks.len() || self.end.is_some() => {
                    return Err("Only a running session can have a running break.")
                }
                None => previous = b.start,
            }
        }
        match self.end {
            Some(end) if end < previous => {
                Err("The session must end after its start and its breaks.")
            }
            _ => Ok(()),
        }
    }

    /// Time on break up to `until` (a running break counts until then).
    pub fn break_time(&self, until: DateTime<Utc>) -> Duration {
        self.breaks
            .iter()
            .map(|b| {
                let end = b.end.unwrap_or(until).min(self.end.unwrap_or(until));
                (end - b.start).max(Duration::zero())
            })
            .fold(Duration::zero(), |a, b| a + b)
    }

    /// Time worked up to `until`: the span less its breaks.
    pub fn worked(&self, until: DateTime<Utc>) -> Duration {
        let end = self.end.unwrap_or(until);
        ((end - self.start) - self.break_time(until)).max(Duration::zero())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t(h: u32, m: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, h, m, 0)
            .single()
            .expect("as set up")
    }

    const BERLIN: (f64, f64) = (52.5200, 13.4050);

    fn at_store(radius: u32) -> ClockSettings {
        ClockSettings {
            place: Some(Place {
                latitude: BERLIN.0,
                longitude: BERLIN.1,
                radius,
            }),
            ..ClockSettings::default()
        }
    }

    fn loc(lat: f64, lng: f64, accuracy: Option<f64>) -> Location {
        Location {
            latitude: lat,
            longitude: lng,
            accuracy,
        }
    }

    #[test]
    fn settings_default_when_missing_or_broken() {
        assert_eq!(
            ClockSettings::read(&serde_json::json!({})),
            ClockSettings::default()
        );
        let partial = ClockSettings::read(&serde_json::json!({ "earlyMinutes": 10 }));
        assert_eq!(partial.early_minutes, 10);
        assert_eq!(partial.late_punch_hours, 72);
        assert_eq!(
            ClockSettings::read(&serde_json::json!({ "earlyMinutes": "x" })),
            ClockSettings::default()
        );
    }

    #[test]
    fn settings_are_checked() {
        assert!(ClockSettings::default().check().is_ok());
        let mut s = ClockSettings {
            late_punch_hours: 0,
            ..ClockSettings::default()
        };
        assert!(s.check().is_err());
        s.late_punch_hours = 72;
        s.proof = Proof::Location;
        assert_eq!(
            s.check().expect_err("no place"),
            "Set the store's place before asking for a location."
        );
        let mut s = at_store(5);
        assert!(s.check().is_err());
        s = at_store(100);
        s.currency = "usd".into();
        assert!(s.check().is_err());
        s.currency = "EUR".into();
        s.overtime_rate = f64::NAN;
        assert!(s.check().is_err());
    }

    #[test]
    fn least_rest_defaults_to_eleven_hours_and_is_at_most_a_day() {
        let s = ClockSettings::read(&serde_json::json!({ "currency": "EUR" }));
        assert_eq!(s.min_rest_minutes, 660, "a store that never set it");
        let mut s = ClockSettings {
            min_rest_minutes: 0,
            ..ClockSettings::default()
        };
        assert_eq!(s.check(), Ok(()));
        s.min_rest_minutes = 1440;
        assert_eq!(s.check(), Ok(()));
        s.min_rest_minutes = 1441;
        assert_eq!(
            s.check().expect_err("too long"),
            "minRestMinutes must be between 0 and 1440."
        );
    }

    #[test]
    fn distance_is_great_circle() {
        assert!(distance_m(BERLIN, BERLIN) < 0.001);
        // One thousandth of a degree of latitude is about 111 m.
        let d = distance_m(BERLIN, (BERLIN.0 + 0.001, BERLIN.1));
        assert!((d - 111.2).abs() < 0.5, "{d}");
        // Berlin to Paris, about 878 km.
        let d = distance_m(BERLIN, (48.8566, 2.3522));
        assert!((d / 1000.0 - 878.0).abs() < 5.0, "{d}");
    }

    #[test]
    fn location_proof_counts_accuracy_up_to_the_radius() {
        let mut s = at_store(100);
        s.proof = Proof::Location;
        let near = loc(BERLIN.0 + 0.0005, BERLIN.1, Some(5.0));
        assert_eq!(
            check_proof(&s, None, Some(&near)),
            Ok(Proven { outside: false })
        );
        // 167 m away, accurate to 80 m: within radius + accuracy.
        let fuzzy = loc(BERLIN.0 + 0.0015, BERLIN.1, Some(80.0));
        assert_eq!(
            check_proof(&s, None, Some(&fuzzy)),
            Ok(Proven { outside: false })
        );
        // An accuracy of 10 km does not stretch the radius past twice its size.
        let far = loc(BERLIN.0 + 0.003, BERLIN.1, Some(10_000.0));
        assert_eq!(
            check_proof(&s, None, Some(&far)),
            Err(Refusal::Outside {
                distance: 334,
                radius: 100
            })
        );
        assert_eq!(check_proof(&s, None, None), Err(Refusal::NeedsLocation));
        s.outside = Outside::Flag;
        assert_eq!(
            check_proof(&s, None, Some(&far)),
            Ok(Proven { outside: true })
        );
    }

    #[test]
    fn code_proof() {
        let mut s = ClockSettings {
            proof: Proof::Code,
            ..ClockSettings::default()
        };
        assert_eq!(check_proof(&s, None, None), Err(Refusal::NeedsCode));
        assert_eq!(
            check_proof(&s, Some(Ok(())), None),
            Ok(Proven { outside: false })
        );
        assert_eq!(
            check_proof(&s, Some(Err(Refusal::BadCode)), None),
            Err(Refusal::BadCode)
        );
        s.proof = Proof::None;
        assert_eq!(
            check_proof(&s, Some(Err(Refusal::CodeUsed)), None),
            Err(Refusal::CodeUsed)
        );
        assert_eq!(check_proof(&s, None, None), Ok(Proven { outside: false }));
        // Both: the code first, then the location.
        let mut both = at_store(50);
        both.proof = Proof::Both;
        let here = loc(BERLIN.0, BERLIN.1, None);
        assert_eq!(
            check_proof(&both, None, Some(&here)),
            Err(Refusal::NeedsCode)
        );
        assert_eq!(
            check_proof(&both, Some(Ok(())), None),
            Err(Refusal::NeedsLocation)
        );
        assert!(check_proof(&both, Some(Ok(())), Some(&here)).is_ok());
        // A location proof without a place set cannot be judged.
        let nowhere = ClockSettings {
            proof: Proof::Location,
            ..ClockSettings::default()
        };
        assert_eq!(
            check_proof(&nowhere, None, Some(&here)),
            Err(Refusal::NoPlace)
        );
    }

    #[test]
    fn codes_change_every_window_and_last_two_windows() {
        let store = uuid::Uuid::from_u128(7);
        let secret = b"0123456789abcdef0123456789abcdef";
        let now = t(9, 0);
        let w = window_of(now);
        let code = code_for(secret, store, w);
        assert_eq!(code.len(), CODE_LEN);
        assert!(code.bytes().all(|b| CODE_ALPHABET.contains(&b)));
        assert_ne!(code, code_for(secret, store, w + 1));
        assert_ne!(code, code_for(secret, uuid::Uuid::from_u128(8), w));
        assert_ne!(code, code_for(b"another secret", store, w));
        assert_eq!(code_window(secret, store, &code, now), Some(w));
        // Typed in lower case with a dash, it still works.
        let typed = format!("{}-{}", &code[..4], &code[4..]).to_lowercase();
        assert_eq!(code_window(secret, store, &typed, now), Some(w));
        // Valid in the next window, not the one after.
        let next = now + Duration::seconds(CODE_WINDOW_SECS);
        assert_eq!(code_window(secret, store, &code, next), Some(w));
        let later = now + Duration::seconds(2 * CODE_WINDOW_SECS);
        assert_eq!(code_window(secret, store, &code, later), None);
        assert_eq!(code_window(secret, store, "", now), None);
        assert_eq!(code_window(secret, store, "00000000", now), None);
        assert_eq!(
            window_end(w),
            DateTime::from_timestamp((w + 1) * 30, 0).expect("in range")
        );
    }

    #[test]
    fn normalised_codes_read_lookalikes_as_digits() {
        assert_eq!(normalise_code(" ab-cd ol1i "), "ABCD0111");
    }

    #[test]
    fn punch_times_take_off_the_phones_offset() {
        let bound = Duration::hours(72);
        let now = t(12, 0);
        assert_eq!(punch_time(None, now, bound), Ok((now, None)));
        // The phone is 5 minutes fast; it punched 2 hours ago by its clock.
        let stamp = PunchStamp {
            made_at: t(10, 5),
            sent_at: t(12, 5),
        };
        assert_eq!(
            punch_time(Some(stamp), now, bound),
            Ok((t(10, 0), Some(Duration::minutes(-5))))
        );
        // A minute off is not flagged.
        let stamp = PunchStamp {
            made_at: t(11, 1),
            sent_at: t(12, 1),
        };
        assert_eq!(punch_time(Some(stamp), now, bound), Ok((t(11, 0), None)));
        let future = PunchStamp {
            made_at: t(12, 1),
            sent_at: t(12, 0),
        };
        assert_eq!(
            punch_time(Some(future), now, bound),
            Err(Refusal::PunchFromFuture)
        );
        let old = PunchStamp {
            made_at: now - Duration::hours(73),
            sent_at: now,
        };
        assert_eq!(
            punch_time(Some(old), now, bound),
            Err(Refusal::PunchTooOld(72))
        );
    }

    #[test]
    fn start_window() {
        let early = Duration::minutes(30);
        let (s, e) = (t(9, 0), t(17, 0));
        assert_eq!(
            may_start(s, e, false, early, t(8, 29)),
            Err(Refusal::TooEarly(t(8, 30)))
        );
        assert_eq!(may_start(s, e, false, early, t(8, 30)), Ok(()));
        assert_eq!(may_start(s, e, false, early, t(16, 59)), Ok(()));
        assert_eq!(may_start(s, e, false, early, t(17, 0)), Err(Refusal::Over));
        // Open-ended: 12 hours after the start.
        assert_eq!(may_start(s, s, true, early, t(20, 59)), Ok(()));
        assert_eq!(may_start(s, s, true, early, t(21, 0)), Err(Refusal::Over));
    }

    #[test]
    fn lateness_and_early_leave() {
        assert_eq!(late_seconds(t(9, 0), t(9, 7)), 420);
        assert_eq!(late_seconds(t(9, 0), t(8, 50)), 0);
        assert_eq!(early_seconds(t(17, 0), t(16, 30)), 1800);
        assert_eq!(early_seconds(t(17, 0), t(17, 30)), 0);
    }

    #[test]
    fn session_machine() {
        let mut tl = Timeline {
            start: t(9, 0),
            breaks: Vec::new(),
            end: None,
        };
        assert_eq!(tl.status(), SessionStatus::Working);
        assert_eq!(tl.end_break(t(10, 0)), Err(Refusal::NotOnBreak));
        tl.start_break(t(12, 0)).expect("as set up");
        assert_eq!(tl.status(), SessionStatus::OnBreak);
        assert_eq!(tl.start_break(t(12, 1)), Err(Refusal::OnBreak));
        assert_eq!(tl.end_break(t(11, 0)), Err(Refusal::PunchOutOfOrder));
        tl.end_break(t(12, 30)).expect("as set up");
        tl.start_break(t(15, 0)).expect("as set up");
        // Completing on break ends the break.
        tl.complete(t(15, 10)).expect("as set up");
        assert_eq!(tl.status(), SessionStatus::Completed);
        assert_eq!(tl.breaks[1].end, Some(t(15, 10)));
        assert_eq!(tl.complete(t(16, 0)), Err(Refusal::NotOnClock));
        assert_eq!(tl.start_break(t(16, 0)), Err(Refusal::NotOnClock));
        assert_eq!(tl.break_time(t(23, 0)), Duration::minutes(40));
        assert_eq!(tl.worked(t(23, 0)), Duration::minutes(6 * 60 + 10 - 40));
        assert!(tl.check().is_ok());
    }

    #[test]
    fn running_sessions_count_until_now() {
        let tl = Timeline {
            start: t(9, 0),
            breaks: vec![Break {
                start: t(10, 0),
                end: None,
            }],
            end: None,
        };
        assert_eq!(tl.worked(t(10, 30)), Duration::hours(1));
        assert_eq!(tl.break_time(t(10, 30)), Duration::minutes(30));
    }

    #[test]
    fn edited_timelines_are_checked() {
        let b = |s: (u32, u32), e: Option<(u32, u32)>| Break {
            start: t(s.0, s.1),
            end: e.map(|e| t(e.0, e.1)),
        };
        let tl = |breaks, end: Option<DateTime<Utc>>| Timeline {
            start: t(9, 0),
            breaks,
            end,
        };
        assert!(tl(vec![b((10, 0), Some((10, 15)))], Some(t(17, 0)))
            .check()
            .is_ok());
        assert!(tl(vec![b((8, 0), Some((8, 15)))], Some(t(17, 0)))
            .check()
            .is_err());
        assert!(tl(
            vec![b((10, 0), Some((11, 0))), b((10, 30), Some((12, 0)))],
            Some(t(17, 0))
        )
        .check()
        .is_err());
        assert!(tl(vec![b((10, 0), Some((9, 30)))], None).check().is_err());
        assert!(tl(vec![b((10, 0), None)], Some(t(17, 0))).check().is_err());
        assert!(tl(vec![b((10, 0), None)], None).check().is_ok());
        assert!(tl(vec![b((10, 0), Some((18, 0)))], Some(t(17, 0)))
            .check()
            .is_err());
        assert!(tl(vec![], Some(t(8, 0))).check().is_err());
    }

    #[test]
    fn locations_are_validated() {
        assert!(loc(52.0, 13.0, Some(5.0)).is_valid());
        assert!(!loc(91.0, 13.0, None).is_valid());
        assert!(!loc(52.0, f64::NAN, None).is_valid());
        assert!(!loc(52.0, 13.0, Some(-1.0)).is_valid());
    }
}
