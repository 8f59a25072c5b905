//! `/contact-us`: the demo request form. A plain form posted without a script: the server
//! runs the `userSubmission` call with its fields and answers `303 /thank-you?for=demo`, or
//! the form again with the refusal in the page's language and what was typed kept.

use super::format::{day, time};
use super::page::{html, language_of, Frame, Page};
use super::texts::{fill, Contact, Errors, Texts};
use crate::auth::Bearer;
use crate::calls::{AppState, Calls, Transport};
use crate::db::models::demo_request::DemoRequest;
use crate::domain::account::EMAIL_MAX_LEN;
use crate::domain::demo::{self, CATEGORY, MAX_DAYS_AHEAD, NAME_MAX, PHONE_MAX};
use crate::error::{AppError, AppResult, ErrorKind};
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use chrono::{DateTime, Utc};
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// The call the form runs, by its name, as the socket's `call` names one.
const CALL: &str = "userSubmission";

/// What was typed, kept for the form's next showing.
#[derive(Default)]
struct Values {
    name: String,
    email: String,
    phonenumber: String,
    /// The chosen start, epoch ms.
    slot: Option<i64>,
    website: String,
}

impl Values {
    /// The fields of a posted form (`application/x-www-form-urlencoded`).
    fn from_form(body: &[u8]) -> Values {
        let mut values = Values::default();
        for (key, value) in url::form_urlencoded::parse(body) {
            match &*key {
                "name" => values.name = value.into_owned(),
                "email" => values.email = value.into_owned(),
                "phonenumber" => values.phonenumber = value.into_owned(),
                "slot" => values.slot = value.trim().parse().ok(),
                "website" => values.website = value.into_owned(),
                _ => {}
            }
        }
        values
    }

    /// The call's payload: the form's fields under the call's names.
    fn payload(&self) -> Value {
        json!({
            "name": self.name,
            "email": self.email,
            "phonenumber": self.phonenumber,
            "category": CATEGORY,
            "slot": self.slot,
            "website": self.website,
        })
    }
}

/// A refusal, as the form shows it: beside its field, in the page's language.
struct Problem {
    field: Option<String>,
    text: String,
}

impl Problem {
    fn of(error: &AppError, t: &Errors) -> Problem {
        let field = error
            .details
            .as_ref()
            .and_then(|d| d.get("field"))
            .and_then(Value::as_str)
            .map(str::to_string);
        let text = match (error.code, field.as_deref()) {
            ("required", Some("name")) => &t.required_name,
            ("required", Some("email")) => &t.required_email,
            ("required", Some("phonenumber")) => &t.required_phonenumber,
            ("required", Some("slot")) => &t.required_slot,
            // A start the picker never offered (out of range, or not a time at all).
            ("invalid_input", Some("slot")) => &t.slot_not_quarter_hour,
            ("invalid_input", Some(_)) => &t.too_long,
            ("invalid_email", _) => &t.invalid_email,
            ("invalid_phone", _) => &t.invalid_phone,
            ("slot_not_quarter_hour", _) => &t.slot_not_quarter_hour,
            ("slot_past", _) => &t.slot_past,
            ("slot_too_far", _) => &t.slot_too_far,
            ("slot_taken", _) => &t.slot_taken,
            ("rate_limited", _) => &t.rate_limited,
            ("too_many_demo_requests", _) => &t.too_many_demo_requests,
            _ => &t.failed,
        };
        Problem {
            field,
            text: text.clone(),
        }
    }
}

/// One start in the picker.
struct SlotView {
    value: i64,
    label: String,
    chosen: bool,
}

/// One day of the picker.
struct DayView {
    label: String,
    slots: Vec<SlotView>,
}

/// The fields' bounds, as the call checks them.
struct Limits {
    name: usize,
    email: usize,
    phone: usize,
}

#[derive(Template)]
#[template(path = "site/contact.html")]
struct ContactPage {
    frame: Frame,
    t: &'static Contact,
    values: Values,
    problem: Option<Problem>,
    days: Vec<DayView>,
    slot_hint: String,
    limits: Limits,
}

impl ContactPage {
    /// Whether the refusal shown is about `field`.
    fn wrong(&self, field: &str) -> bool {
        self.problem
            .as_ref()
            .is_some_and(|p| p.field.as_deref() == Some(field))
    }
}

/// The starts asked for already, from `now` to as far as a demo may be.
async fn taken(state: &AppState, now: DateTime<Utc>) -> AppResult<BTreeSet<DateTime<Utc>>> {
    let until = now + chrono::Duration::days(MAX_DAYS_AHEAD);
    let taken = state
        .db
        .run(move |conn| Ok(DemoRequest::taken_between(conn, now, until)?))
        .await?;
    Ok(taken.into_iter().collect())
}

/// The form, with `values` and the refusal `problem`.
async fn form(
    req: &HttpRequest,
    state: &AppState,
    values: Values,
    problem: Option<Problem>,
) -> AppResult<HttpResponse> {
    let lang = language_of(req);
    let texts = Texts::of(lang);
    let t = &texts.contact;
    let now = state.clock.now();
    let days = demo::offered(now, &taken(state, now).await?)
        .into_iter()
        .map(|offered| DayView {
            label: day(texts, offered.date),
            slots: offered
                .starts
                .iter()
                .map(|slot| {
                    let value = slot.start().timestamp_millis();
                    SlotView {
                        value,
                        label: time(texts, slot.start()),
                        chosen: values.slot == Some(value),
                    }
                })
                .collect(),
        })
        .collect();
    let page = ContactPage {
        frame: Frame::new(
            Page::Contact,
            lang,
            &state.settings.public_url,
            &t.title,
            &t.description,
        ),
        t,
        values,
        problem,
        days,
        slot_hint: fill(&t.slot_hint, &[("now", &time(texts, now))]),
        limits: Limits {
            name: NAME_MAX,
            email: EMAIL_MAX_LEN,
            phone: PHONE_MAX,
        },
    };
    html(lang, page.render())
}

/// `GET /contact-us`.
pub async fn page(req: HttpRequest, state: web::Data<AppState>) -> AppResult<HttpResponse> {
    form(&req, &state, Values::default(), None).await
}

/// `POST /contact-us`: the form's request, run as the `userSubmission` call.
pub async fn submit(
    req: HttpRequest,
    state: web::Data<AppState>,
    calls: web::Data<Calls>,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let values = Values::from_form(&body);
    let outcome = calls
        .invoke(
            Transport::Form,
            CALL,
            Bearer::Missing,
            crate::calls::Origin::of(&req),
            values.payload(),
        )
        .await;
    let lang = language_of(&req);
    match outcome {
        Ok(_) => Ok(HttpResponse::SeeOther()
            .insert_header((
                header::LOCATION,
                format!("/thank-you?for=demo&lng={}", lang.code()),
            ))
            .finish()),
        Err(error) => {
            if error.kind == ErrorKind::Internal || error.kind == ErrorKind::Unavailable {
                tracing::error!(error = %error, "demo request form failed");
            }
            let status = error.kind.status();
            let problem = Problem::of(&error, &Texts::of(lang).errors);
            let mut answer = form(&req, &state, values, Some(problem)).await?;
            *answer.status_mut() = status;
            Ok(answer)
        }
    }
}
