//! The demo café from today on, made the way the product makes it: every change is a command
//! to the store's actor, so its versions, outbox, notifications and chat numbers are what the
//! same clicks in the app would have left.
//!
//! - This week and next are planned and published; the week's shifts are confirmed, some of
//!   next week's still wait for their assignee.
//! - Today's shifts that have begun were clocked (late punches from the phones, within the
//!   store's bound): done, working or on break; one that began minutes ago is not started yet,
//!   so it shows late.
//! - The cashier offers a shift to colleagues (a drop waiting to be grabbed) and had two days
//!   off approved, whose shifts went to the pool as open shifts; the barista waits for an answer
//!   about a day off; employees set their availability.
//! - The team talks in its conversation, with a poll; everyone has notifications, the older
//!   ones seen.

use crate::db::models::notification::Notification;
use crate::db::Db;
use crate::domain::availability::Window;
use crate::domain::business::TimeOfDay;
use crate::domain::clock::{BreakEdge, ClockSettings, PunchStamp};
use crate::domain::ids::ShiftId;
use crate::domain::survey::Mode;
use crate::error::{AppError, AppResult};
use crate::seed::cafe::{Demo, Rota, BARISTA, CASHIER, COOK, MANAGER, OWNER, ROTA};
use crate::store::availability::{AvailabilityChange, ChangeAvailability, WindowFields};
use crate::store::chat::{MessageView, SendMessage};
use crate::store::clock::{
    ClockAnswer, Complete, Pause, Punch, StartShift, UpdateClockSettings, Work,
};
use crate::store::notifications::{MarkSeen, Named};
use crate::store::pool::{DropRequestChange, DropShift};
use crate::store::registry::StoreRegistry;
use crate::store::request_views::{AvailabilityView, RequestView};
use crate::store::shifts::{
    AnswerShift, CreateShifts, CreatedShifts, OwnAction, PublishShifts, PublishedShifts,
};
use crate::store::survey::{CastVote, CreateSurvey, PostedSurvey, SurveyView};
use crate::store::time_off::{TimeOffAction, TimeOffApproved, TimeOffCommand, Times};
use crate::store::views::ShiftView;
use crate::store::write::RowCount;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde_json::json;

/// A shift that began less than this long ago is left unstarted: its assignee is running late.
const RUNNING_LATE: Duration = Duration::minutes(45);
/// Each shift's break: this long after its start, this long.
const BREAK_AFTER: Duration = Duration::hours(4);
const BREAK_LENGTH: Duration = Duration::minutes(30);
/// Notifications each person has not seen yet (the older ones are marked seen).
const UNSEEN: usize = 2;

/// A shift planned from today on.
struct Planned {
    id: ShiftId,
    day: NaiveDate,
    rota: &'static Rota,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
}

/// Gives the founded demo store its days from today to the end of next week.
pub(super) async fn live(db: &Db, stores: &StoreRegistry, demo: &Demo) -> AppResult<()> {
    let run = Run { stores, demo };
    run.settings().await?;
    let planned = run.plan().await?;
    run.open_shifts().await?;
    run.publish(&planned).await?;
    run.confirm(&planned).await?;
    run.availability().await?;
    run.clock_today(&planned).await?;
    run.talk().await?;
    run.requests(&planned).await?;
    run.poll().await?;
    run.see_older(db).await
}

struct Run<'a> {
    stores: &'a StoreRegistry,
    demo: &'a Demo,
}

impl Run<'_> {
    async fn exec<T: 'static>(&self, cmd: impl crate::store::command::Command) -> AppResult<T> {
        self.stores.execute(self.demo.store, cmd).await
    }

    /// A café in Berlin pays in euros.
    async fn settings(&self) -> AppResult<()> {
        let settings = ClockSettings {
            currency: "EUR".into(),
            ..ClockSettings::default()
        };
        self.exec::<ClockSettings>(UpdateClockSettings { settings })
            .await
            .map(drop)
    }

    /// The rota from today to the end of next week, as the manager would plan it: one
    /// repeated shift per line of the rota.
    async fn plan(&self) -> AppResult<Vec<Planned>> {
        let d = self.demo;
        let days = d.rota_days(d.today, d.week + Duration::days(14));
        let mut planned = Vec::with_capacity(days.len());
        for rota in &ROTA {
            let starts: Vec<(NaiveDate, DateTime<Utc>)> = days
                .iter()
                .filter(|(_, r)| std::ptr::eq(*r, rota))
                .map(|(day, _)| (*day, d.at(*day, rota.start)))
                .collect();
            let Some((first_day, first)) = starts.first().copied() else {
                continue;
            };
            let created: CreatedShifts = self
                .exec(CreateShifts {
                    by: d.people[MANAGER],
                    title: rota.title.into(),
                    start: first,
                    end: d.at(first_day, rota.end),
                    role: Some(d.roles[rota.role]),
                    assigned: Some(d.people[rota.person].employee),
                    repeat: starts.iter().map(|(_, s)| *s).collect(),
                    repeat_dates: Vec::new(),
                    open_ended: false,
                    tasks: json!([]),
                })
                .await?;
            for (shift, (day, _)) in created.shifts.iter().zip(&starts) {
                planned.push(Planned {
                    id: shift.id,
                    day: *day,
                    rota,
                    start: instant(shift.start)?,
                    end: instant(shift.end)?,
                });
            }
        }
        planned.sort_by_key(|p| (p.start, p.rota.person));
        Ok(planned)
    }

    /// Saturdays' extra hands at the bar, not given to anyone yet: open drafts on the board.
    async fn open_shifts(&self) -> AppResult<()> {
        let d = self.demo;
        for week in [d.week, d.week + Duration::days(7)] {
            let saturday = week + Duration::days(6);
            if d.at(saturday, 9 * 60) <= Utc::now() {
                continue;
            }
            self.exec::<CreatedShifts>(CreateShifts {
                by: d.people[MANAGER],
                title: "Weekend brunch".into(),
                start: d.at(saturday, 9 * 60),
                end: d.at(saturday, 14 * 60),
                role: Some(d.roles[0]),
                assigned: None,
                repeat: Vec::new(),
                repeat_dates: Vec::new(),
                open_ended: false,
                tasks: json!([
                    { "title": "Brunch menu", "done": false },
                    { "title": "Refill the pastry counter", "done": false }
                ]),
            })
            .await?;
        }
        Ok(())
    }

    async fn publish(&self, planned: &[Planned]) -> AppResult<()> {
        self.exec::<PublishedShifts>(PublishShifts {
            by: self.demo.people[MANAGER],
            ids: planned.iter().map(|p| p.id).collect(),
        })
        .await
        .map(drop)
    }

    /// This week's shifts are confirmed; of next week's, the cashier's and the cook's last one
    /// still wait for an answer.
    async fn confirm(&self, planned: &[Planned]) -> AppResult<()> {
        let next_week = self.demo.week + Duration::days(7);
        let last_cook = planned
            .iter()
            .filter(|p| p.rota.person == COOK)
            .map(|p| p.id)
            .next_back();
        for p in planned {
            let waits = p.day >= next_week && (p.rota.person == CASHIER || Some(p.id) == last_cook);
            if waits {
                continue;
            }
            self.exec::<ShiftView>(AnswerShift {
                by: self.demo.people[p.rota.person],
                id: p.id,
                action: OwnAction::Confirm,
            })
            .await?;
        }
        Ok(())
    }

    /// The employees' availability, as they set it themselves.
    async fn availability(&self) -> AppResult<()> {
        let windows: [(usize, &[i16], &str, &str, &str); 3] = [
            (
                BARISTA,
                &[1, 2, 3, 4, 5, 6],
                "06:30",
                "19:30",
                "Evening classes on weekdays",
            ),
            (
                CASHIER,
                &[1, 2, 3, 4, 5, 6],
                "09:00",
                "20:00",
                "Mornings are for training",
            ),
            (
                COOK,
                &[1, 2, 3, 4, 5],
                "08:00",
                "19:00",
                "Weekends with my kids",
            ),
        ];
        for (person, days, from, to, reason) in windows {
            let (start, end) = (time(from)?, time(to)?);
            let window = Window::new(days, start, end, false)
                .map_err(|e| AppError::internal(e.to_string()))?;
            let who = self.demo.people[person];
            self.exec::<AvailabilityView>(ChangeAvailability {
                store: self.demo.store,
                by: who.user,
                employee: who.employee,
                employee_user: Some(who.user),
                change: AvailabilityChange::Create(WindowFields {
                    window,
                    start_minute: start.minutes(),
                    end_minute: end.minutes(),
                    reason: Some(reason.into()),
                    kind: None,
                    status: None,
                }),
            })
            .await?;
        }
        Ok(())
    }

    /// Today's shifts that have begun, clocked from the phones: started (a few minutes late
    /// now and then), a break after four hours, completed at the end; all as late punches
    /// stamped when they happened.
    async fn clock_today(&self, planned: &[Planned]) -> AppResult<()> {
        let d = self.demo;
        for p in planned.iter().filter(|p| p.day == d.today) {
            let now = Utc::now();
            if p.start > now || (now - p.start < RUNNING_LATE && p.end > now) {
                continue;
            }
            let by = d.people[p.rota.person];
            // The cashier came in late; the others a little early.
            let late = Duration::minutes(if p.rota.person == CASHIER { 7 } else { -3 });
            let steps = [
                (p.start + late, Step::Start),
                (p.start + BREAK_AFTER, Step::Break(BreakEdge::Start)),
                (
                    p.start + BREAK_AFTER + BREAK_LENGTH,
                    Step::Break(BreakEdge::End),
                ),
                (p.end, Step::Complete),
            ];
            for (at, step) in steps {
                if at >= Utc::now() {
                    break;
                }
                let punch = Punch {
                    id: Some(uuid::Uuid::now_v7()),
                    stamp: Some(PunchStamp {
                        made_at: at,
                        sent_at: Utc::now(),
                    }),
                    location: None,
                    code: None,
                };
                let work = Work::Shift(p.id);
                let _: ClockAnswer = match step {
                    Step::Start => {
                        self.exec(StartShift {
                            by,
                            shift: p.id,
                            punch,
                        })
                        .await?
                    }
                    Step::Break(edge) => {
                        self.exec(Pause {
                            by,
                            work,
                            edge,
                            punch,
                        })
                        .await?
                    }
                    Step::Complete => {
                        self.exec(Complete {
                            by,
                            work: Some(work),
                            punch,
                        })
                        .await?
                    }
                };
            }
        }
        Ok(())
    }

    /// The team's conversation before the requests and the poll.
    async fn talk(&self) -> AppResult<()> {
        let lines = [
            (
                MANAGER,
                "Good morning, team! The autumn menu starts on Monday: pumpkin soup, \
                 chai latte and plum cake.",
            ),
            (
                COOK,
                "The soup is ready for tasting on Saturday after close.",
            ),
            (BARISTA, "I'll bring oat milk samples for the chai. 🥛"),
            (
                OWNER,
                "Thank you all for a great two weeks. The coffee machine gets its service on \
                 Thursday at 7, before we open.",
            ),
        ];
        for (person, text) in lines {
            self.exec::<MessageView>(SendMessage {
                by: self.demo.people[person],
                conversation: self.demo.team,
                content: text.into(),
                reply_to: None,
                attachments: Vec::new(),
            })
            .await?;
        }
        Ok(())
    }

    /// The cashier drops next week's first shift (it waits for a colleague in the pool) and
    /// had Thursday and Friday off approved (those shifts became open shifts in the pool); the
    /// barista asks for a day off the week after.
    async fn requests(&self, planned: &[Planned]) -> AppResult<()> {
        let d = self.demo;
        let next_week = d.week + Duration::days(7);
        let (cashier, manager) = (d.people[CASHIER], d.people[MANAGER]);
        let (thursday, friday) = (next_week + Duration::days(4), next_week + Duration::days(5));
        if let Some(first) = planned
            .iter()
            .find(|p| p.rota.person == CASHIER && p.day >= next_week && p.day < thursday)
        {
            self.exec::<DropRequestChange>(DropShift {
                by: cashier,
                shift: first.id,
            })
            .await?;
        }
        let days_off = |from: NaiveDate, to: NaiveDate| Times {
            start: d.at(from, 0),
            end: d.at(to, 0),
            entire_day: true,
        };
        let asked: RequestView = self
            .exec(TimeOffCommand {
                store: d.store,
                by: cashier.user,
                by_employee: cashier.employee,
                action: TimeOffAction::Request {
                    times: days_off(thursday, friday),
                    description: Some("Family visit in Hamburg".into()),
                },
            })
            .await?;
        self.exec::<TimeOffApproved>(TimeOffCommand {
            store: d.store,
            by: manager.user,
            by_employee: manager.employee,
            action: TimeOffAction::Approve {
                id: asked.id,
                response: Some("Have a good trip! Your shifts are in the pool.".into()),
            },
        })
        .await?;
        let barista = d.people[BARISTA];
        let wedding = next_week + Duration::days(12);
        self.exec::<RequestView>(TimeOffCommand {
            store: d.store,
            by: barista.user,
            by_employee: barista.employee,
            action: TimeOffAction::Request {
                times: days_off(wedding, wedding),
                description: Some("My sister's wedding".into()),
            },
        })
        .await
        .map(drop)
    }

    /// The manager asks the team with a poll; two have answered.
    async fn poll(&self) -> AppResult<()> {
        let d = self.demo;
        let posted: PostedSurvey = self
            .exec(CreateSurvey {
                by: d.people[MANAGER],
                conversation: d.team,
                question: "When shall we have our team breakfast?".into(),
                mode: Mode::Poll,
                answers: vec![
                    "Saturday after close".into(),
                    "Sunday at 10".into(),
                    "Monday before opening".into(),
                ],
                multiple: false,
                anonymous: false,
            })
            .await?;
        for (person, choice) in [(BARISTA, 0), (COOK, 1)] {
            self.exec::<SurveyView>(CastVote {
                by: d.people[person],
                survey: posted.survey.id,
                choices: vec![choice],
                answer: None,
            })
            .await?;
        }
        Ok(())
    }

    /// Everyone has seen all but their newest notifications.
    async fn see_older(&self, db: &Db) -> AppResult<()> {
        let d = self.demo;
        for who in &d.people {
            let (store, user) = (d.store, who.user);
            let mut notes = db
                .run(move |conn| Ok(Notification::latest_private(conn, store, user)?))
                .await?;
            notes.sort_by_key(|n| std::cmp::Reverse((n.created_at, n.id)));
            let older: Vec<_> = notes.iter().skip(UNSEEN).map(|n| n.id).collect();
            self.exec::<RowCount>(MarkSeen(Named {
                store,
                reader: user,
                ids: older,
                public: false,
            }))
            .await?;
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Start,
    Break(BreakEdge),
    Complete,
}

fn time(hh_mm: &str) -> AppResult<TimeOfDay> {
    TimeOfDay::parse(hh_mm).ok_or_else(|| AppError::internal("a demo time of day"))
}

fn instant(ms: i64) -> AppResult<DateTime<Utc>> {
    DateTime::from_timestamp_millis(ms).ok_or_else(|| AppError::internal("a shift's instant"))
}
