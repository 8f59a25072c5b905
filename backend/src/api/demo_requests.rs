//! The spec's `userSubmission`: a visitor asks for a demo (no account). The request takes a
//! 15-minute slot no one else holds and is mailed to the sales team (`SALES_EMAIL`) through a
//! durable queue. The public site's contact form runs this same call.

use crate::auth::public_rate::Allowance;
use crate::calls::{bounded, input, Access, Call, Ctx, Registry};
use crate::db::models::demo_request::{DemoRequest, NewDemoRequest, Placed};
use crate::domain::account::{parse_phone_number, EMAIL_MAX_LEN};
use crate::domain::demo::{self, Slot, SlotRefusal, CATEGORY, NAME_MAX, PHONE_MAX};
use crate::domain::ids::DemoRequestId;
use crate::domain::invite::same_email;
use crate::error::{AppError, AppResult, ErrorKind};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

/// The bound of the category and the spam trap: what a robot writes there is never kept.
pub const TRAP_MAX: usize = 200;

pub fn register(r: &mut Registry) {
    r.add::<UserSubmission>();
}

/// `userSubmission` (public): a demo request.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserSubmission {
    pub name: Option<bounded::Text<{ NAME_MAX }>>,
    pub email: Option<bounded::EmailAddress>,
    pub phonenumber: Option<bounded::Text<{ PHONE_MAX }>>,
    /// What is asked for: only `demo` is taken.
    #[schema(example = "demo")]
    pub category: Option<bounded::Text<{ TRAP_MAX }>>,
    /// The demo's start, epoch ms: on a quarter hour, in the future, at most 60 days ahead. It
    /// lasts 15 minutes.
    pub slot: Option<bounded::Instant>,
    /// Left empty by people: the form hides it. A request carrying a value is answered as if
    /// accepted, and kept nowhere.
    pub website: Option<bounded::Text<{ TRAP_MAX }>>,
}

/// A demo request taken.
#[derive(Debug, Serialize, ToSchema)]
pub struct DemoRequested {
    /// The demo's start, epoch ms.
    pub slot: i64,
    /// The demo's end, epoch ms.
    pub end: i64,
}

/// A field's refusal: its code, its text, the field it concerns.
fn refused(code: &'static str, field: &str, message: impl Into<String>) -> AppError {
    AppError::bad_request(code, message.into()).with_details(json!({ "field": field }))
}

/// A trimmed field that must be given.
fn required(field: &str, label: &str, value: Option<&str>, max: usize) -> AppResult<String> {
    let value = value.map(str::trim).unwrap_or_default();
    if value.is_empty() {
        return Err(refused("required", field, format!("{label} is required.")));
    }
    input::required_text(label, value, max).map_err(|e| e.with_details(json!({ "field": field })))
}

fn slot_refused(refusal: SlotRefusal) -> AppError {
    let (code, message) = match refusal {
        SlotRefusal::OffQuarter => (
            "slot_not_quarter_hour",
            "A demo starts on the quarter hour (:00, :15, :30 or :45).",
        ),
        SlotRefusal::Past => (
            "slot_past",
            "That demo time has passed; choose a later one.",
        ),
        SlotRefusal::TooFar => (
            "slot_too_far",
            "A demo can be booked at most 60 days ahead.",
        ),
    };
    refused(code, "slot", message)
}

fn slot_taken() -> AppError {
    AppError::conflict(
        "slot_taken",
        "That demo time was just taken; choose another.",
    )
    .with_details(json!({ "field": "slot" }))
}

/// A request, read and checked.
struct Checked {
    name: String,
    email: String,
    phone: String,
    slot: Slot,
}

impl UserSubmission {
    /// Reads every field, in the form's order, refusing the first that is wrong.
    fn check(&self, now: chrono::DateTime<chrono::Utc>) -> AppResult<Checked> {
        let name = required("name", "Name", self.name.as_deref(), NAME_MAX)?;
        let email = required("email", "Email", self.email.as_deref(), EMAIL_MAX_LEN)?;
        let email =
            input::email(&email).map_err(|e| e.with_details(json!({ "field": "email" })))?;
        let phone = required(
            "phonenumber",
            "Phone",
            self.phonenumber.as_deref(),
            PHONE_MAX,
        )?;
        let phone = parse_phone_number(&phone).ok().flatten().ok_or_else(|| {
            refused(
                "invalid_phone",
                "phonenumber",
                "Please enter a valid mobile number.",
            )
        })?;
        let category = required("category", "Category", self.category.as_deref(), TRAP_MAX)?;
        if category != CATEGORY {
            return Err(refused(
                "invalid_category",
                "category",
                format!("Only demo requests are taken: category must be '{CATEGORY}'."),
            ));
        }
        let start = self
            .slot
            .ok_or_else(|| refused("required", "slot", "Demo time is required."))?;
        let start = input::instant("slot", start)
            .map_err(|e| e.with_details(json!({ "field": "slot" })))?;
        let slot = Slot::new(start, now).map_err(slot_refused)?;
        Ok(Checked {
            name,
            email,
            phone,
            slot,
        })
    }
}

impl Call for UserSubmission {
    const NAME: &'static str = "userSubmission";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Public: ask for a demo in a free 15-minute slot; the sales \
         team is mailed. At most 3 a day per e-mail address.";
    type Output = DemoRequested;

    #[tracing::instrument(name = "userSubmission", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<DemoRequested> {
        // A demo holds a slot, as a reservation holds a place: the same allowance.
        if !ctx.state.public_rate.allow(ctx.client, Allowance::Reserve) {
            return Err(AppError::new(
                ErrorKind::RateLimited,
                "rate_limited",
                "Too many requests. Please wait a minute and try again.",
            ));
        }
        let now = ctx.state.clock.now();
        let checked = self.check(now)?;
        let answer = DemoRequested {
            slot: checked.slot.start().timestamp_millis(),
            end: checked.slot.end().timestamp_millis(),
        };
        // A robot filled the hidden field: it learns nothing, and nothing is kept.
        if self
            .website
            .as_deref()
            .is_some_and(|w| !w.trim().is_empty())
        {
            tracing::info!("demo request with the spam trap filled, dropped");
            return Ok(answer);
        }
        let mails = ctx.state.settings.sales_email.is_some();
        let placed = ctx
            .state
            .db
            .transaction(move |conn| {
                DemoRequest::lock_address(conn, &checked.email)?;
                let at = chrono::Utc::now();
                let made =
                    DemoRequest::made_since(conn, &checked.email, at - chrono::Duration::days(1))?;
                if !demo::may_request(made) {
                    return Err(AppError::new(
                        ErrorKind::RateLimited,
                        "too_many_demo_requests",
                        format!(
                            "This e-mail address has asked for {} demos today. We will be in \
                             touch; you can ask again tomorrow.",
                            demo::REQUESTS_PER_EMAIL_PER_DAY
                        ),
                    ));
                }
                let placed = DemoRequest::place(
                    conn,
                    &NewDemoRequest {
                        id: DemoRequestId::new(),
                        name: &checked.name,
                        email: &checked.email,
                        phone: &checked.phone,
                        slot_start: checked.slot.start(),
                        created_at: at,
                        mail_due_at: mails.then_some(at),
                    },
                )?;
                match placed {
                    Placed::New => Ok(true),
                    // The same person asking again for the time they hold: taken already.
                    Placed::Taken { by } if same_email(&by, &checked.email) => Ok(false),
                    Placed::Taken { .. } => Err(slot_taken()),
                }
            })
            .await?;
        if placed && mails {
            ctx.state.mailer.wake_demo();
        }
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn submission() -> UserSubmission {
        UserSubmission {
            name: Some("Dana Demo".into()),
            email: Some(bounded::EmailAddress(" Dana@Example.com ".into())),
            phonenumber: Some("+49 30 1234567".into()),
            category: Some("demo".into()),
            slot: Some(bounded::Instant(1_796_202_000_000)),
            website: None,
        }
    }

    fn now() -> chrono::DateTime<chrono::Utc> {
        chrono::Utc
            .with_ymd_and_hms(2026, 12, 1, 8, 0, 0)
            .single()
            .expect("a time")
    }

    #[test]
    fn a_request_is_read_trimmed_with_its_slot() {
        let checked = submission().check(now()).expect("valid");
        assert_eq!(checked.name, "Dana Demo");
        assert_eq!(checked.email, "Dana@Example.com");
        assert_eq!(checked.phone, "+49 30 1234567");
        assert_eq!(checked.slot.start().timestamp_millis(), 1_796_202_000_000);
    }

    #[test]
    fn each_refusal_names_its_field() {
        let field = |s: UserSubmission| {
            let e = s.check(now()).err().expect("refused");
            (e.code, e.details.expect("details")["field"].clone())
        };
        let cases: [(UserSubmission, &str, &str); 6] = [
            (
                UserSubmission {
                    name: None,
                    ..submission()
                },
                "required",
                "name",
            ),
            (
                UserSubmission {
                    email: Some(bounded::EmailAddress("nope".into())),
                    ..submission()
                },
                "invalid_email",
                "email",
            ),
            (
                UserSubmission {
                    phonenumber: Some("call me".into()),
                    ..submission()
                },
                "invalid_phone",
                "phonenumber",
            ),
            (
                UserSubmission {
                    category: Some("sales".into()),
                    ..submission()
                },
                "invalid_category",
                "category",
            ),
            (
                UserSubmission {
                    slot: None,
                    ..submission()
                },
                "required",
                "slot",
            ),
            (
                UserSubmission {
                    slot: Some(bounded::Instant(1_796_202_060_000)),
                    ..submission()
                },
                "slot_not_quarter_hour",
                "slot",
            ),
        ];
        for (s, code, name) in cases {
            assert_eq!(field(s), (code, json!(name)));
        }
    }
}
