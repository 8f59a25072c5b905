//! `getNotificationSettings` and `updateNotificationSettings`: for each kind of notification,
//! whether it also comes by mail and by push (in the app it always comes), and quiet hours
//! in the person's zone, when pushes wait. The mail and push queues obey them
//! (`store::persist`); a mail's one-click unsubscribe turns its kind's mail off.

use crate::calls::bounded::RequiredText;
use crate::calls::{Access, Call, Ctx};
use crate::db::models::notification_setting::NotificationSetting;
use crate::domain::business::{parse_zone, TimeOfDay};
use crate::domain::notification::NotificationKind;
use crate::domain::notification_settings::{Quiet, Settings, Ways, KINDS};
use crate::error::{AppError, AppResult};
use chrono::{NaiveTime, Timelike, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// Where one kind goes.
#[derive(Debug, Serialize, ToSchema)]
pub struct KindSetting {
    /// The spec's name of the kind (`newshift`, `message`, ...).
    pub kind: NotificationKind,
    pub mail: bool,
    pub push: bool,
}

/// Quiet hours, as wall times in a zone.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuietHours {
    /// `HH:mm`.
    pub from: String,
    /// `HH:mm`; earlier than `from` when they run past midnight.
    pub until: String,
    /// An IANA zone.
    pub time_zone: String,
}

/// A person's notification settings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationSettingsView {
    /// Every kind, in the spec's order.
    pub kinds: Vec<KindSetting>,
    pub quiet_hours: Option<QuietHours>,
}

fn wall(t: NaiveTime) -> String {
    format!("{:02}:{:02}", t.hour(), t.minute())
}

impl From<&Settings> for NotificationSettingsView {
    fn from(s: &Settings) -> NotificationSettingsView {
        NotificationSettingsView {
            kinds: KINDS
                .into_iter()
                .map(|k| {
                    let ways =
                        s.ways.get(k.as_str()).copied().unwrap_or_else(|| {
                            crate::domain::notification_settings::default_ways(k)
                        });
                    KindSetting {
                        kind: k,
                        mail: ways.mail,
                        push: ways.push,
                    }
                })
                .collect(),
            quiet_hours: s.quiet.map(|q| QuietHours {
                from: wall(q.from),
                until: wall(q.until),
                time_zone: q.zone.name().into(),
            }),
        }
    }
}

/// `getNotificationSettings`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct GetNotificationSettings {}

impl Call for GetNotificationSettings {
    const NAME: &'static str = "getNotificationSettings";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "How each kind of notification reaches me, and my quiet hours.";
    type Output = NotificationSettingsView;

    async fn run(self, ctx: Ctx) -> AppResult<NotificationSettingsView> {
        let user = ctx.user()?;
        let settings = ctx
            .state
            .db
            .run(move |conn| Ok(NotificationSetting::of_user(conn, user)?))
            .await?;
        Ok((&settings).into())
    }
}

/// Quiet hours as a client sends them.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuietHoursInput {
    /// `HH:mm`.
    pub from: RequiredText<5>,
    /// `HH:mm`.
    pub until: RequiredText<5>,
    /// An IANA zone, e.g. `Europe/Berlin`.
    pub time_zone: RequiredText<64>,
}

/// `updateNotificationSettings`: the kinds named change; the others keep their setting.
/// Quiet hours are replaced (`null` or absent: none).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateNotificationSettings {
    /// By kind: `{"newshift": {"mail": false, "push": true}}`.
    #[serde(default)]
    pub kinds: BTreeMap<String, Ways>,
    pub quiet_hours: Option<QuietHoursInput>,
}

fn time(field: &str, text: &RequiredText<5>) -> AppResult<NaiveTime> {
    let t = TimeOfDay::parse(&text.required(field)?)
        .ok_or_else(|| AppError::invalid(format!("{field} must be a time, HH:mm.")))?;
    let m = t.minutes() as u32;
    NaiveTime::from_hms_opt(m / 60, m % 60, 0)
        .ok_or_else(|| AppError::invalid(format!("{field} must be a time, HH:mm.")))
}

impl Call for UpdateNotificationSettings {
    const NAME: &'static str = "updateNotificationSettings";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str =
        "Choose how each kind of notification reaches me (mail, push) and my quiet hours.";
    type Output = NotificationSettingsView;

    async fn run(self, ctx: Ctx) -> AppResult<NotificationSettingsView> {
        let user = ctx.user()?;
        if self.kinds.len() > KINDS.len() {
            return Err(AppError::invalid(format!(
                "kinds names at most {} kinds.",
                KINDS.len()
            )));
        }
        if let Some(long) = self.kinds.keys().find(|k| k.chars().count() > 32) {
            let shown: String = long.chars().take(32).collect();
            return Err(AppError::invalid(format!(
                "{shown}… is not a kind of notification."
            )));
        }
        let set: BTreeMap<String, Ways> = self
            .kinds
            .into_iter()
            .map(|(k, w)| (k.trim().to_string(), w))
            .collect();
        let quiet = match &self.quiet_hours {
            None => None,
            Some(q) => Some(Quiet {
                from: time("quietHours.from", &q.from)?,
                until: time("quietHours.until", &q.until)?,
                zone: parse_zone(&q.time_zone.required("quietHours.timeZone")?).ok_or_else(
                    || AppError::invalid("quietHours.timeZone must be a time zone name."),
                )?,
            }),
        };
        let settings = ctx
            .state
            .db
            .transaction(move |conn| {
                let mut settings = NotificationSetting::of_user(conn, user)?
                    .with(&set)
                    .map_err(AppError::invalid)?;
                settings.quiet = quiet;
                NotificationSetting::new(user, &settings, Utc::now()).upsert(conn)?;
                Ok(settings)
            })
            .await?;
        // At once here; the other processes when they hear the change.
        ctx.state.stores.reader_settings().forget(user);
        Ok((&settings).into())
    }
}

/// Mounts the unsubscribe link of notification mails (inside `/api/v1`).
pub fn routes(cfg: &mut actix_web::web::ServiceConfig) {
    use actix_web::web;
    cfg.service(
        web::resource("/unsubscribe")
            .route(web::get().to(unsubscribe_page))
            .route(web::post().to(unsubscribe)),
    );
}

#[derive(Debug, Deserialize)]
struct Link {
    t: String,
}

fn page(status: actix_web::http::StatusCode, body: &str) -> actix_web::HttpResponse {
    actix_web::HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .body(format!(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
             <title>Clockto mail</title></head><body><main>{body}</main></body></html>"
        ))
}

fn unknown_link() -> actix_web::HttpResponse {
    page(
        actix_web::http::StatusCode::NOT_FOUND,
        "<h1>This link is not valid</h1><p>Change your notification settings in Clockto.</p>",
    )
}

/// `GET /api/v1/unsubscribe?t=...`: the footer's link asks before it acts (link checkers of
/// mail providers open links; only the POST changes anything).
async fn unsubscribe_page(
    state: actix_web::web::Data<crate::calls::AppState>,
    link: actix_web::web::Query<Link>,
) -> actix_web::HttpResponse {
    let unsubscribe = state.mailer.unsubscribe();
    let Some((_, kind)) = crate::domain::unsubscribe::open(unsubscribe.key(), &link.t) else {
        return unknown_link();
    };
    // The token is base64url: nothing in it needs escaping in an attribute.
    page(
        actix_web::http::StatusCode::OK,
        &format!(
            "<h1>Stop these mails?</h1><p>You will get no more mails of the kind \
             <strong>{kind}</strong>; they still reach you in the app.</p>\
             <form method=\"post\" action=\"/api/v1/unsubscribe?t={token}\">\
             <button type=\"submit\">Stop these mails</button></form>\
             <p><a href=\"{settings}\">All notification settings</a></p>",
            kind = kind.as_str(),
            token = link.t.trim(),
            settings = unsubscribe.settings_page(),
        ),
    )
}

/// `POST /api/v1/unsubscribe?t=...`: one click (RFC 8058) turns off the mail of the link's
/// kind for its reader.
async fn unsubscribe(
    state: actix_web::web::Data<crate::calls::AppState>,
    link: actix_web::web::Query<Link>,
) -> AppResult<actix_web::HttpResponse> {
    let Some((user, kind)) =
        crate::domain::unsubscribe::open(state.mailer.unsubscribe().key(), &link.t)
    else {
        return Ok(unknown_link());
    };
    state
        .db
        .transaction(move |conn| {
            let mut settings = NotificationSetting::of_user(conn, user)?;
            let push = settings.allows(kind, crate::domain::notification_settings::Channel::Push);
            settings
                .ways
                .insert(kind.as_str(), Ways { mail: false, push });
            NotificationSetting::new(user, &settings, Utc::now()).upsert(conn)?;
            Ok(())
        })
        .await?;
    state.stores.reader_settings().forget(user);
    Ok(page(
        actix_web::http::StatusCode::OK,
        &format!(
            "<h1>Done</h1><p>No more mails of the kind <strong>{}</strong>.</p>\
             <p><a href=\"{}\">All notification settings</a></p>",
            kind.as_str(),
            state.mailer.unsubscribe().settings_page()
        ),
    ))
}
