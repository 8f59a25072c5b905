//! The OpenAPI 3 document of every route, generated from the code: the resource paths from
//! their `#[utoipa::path]` annotations and every call from the registry.

use crate::calls::{Access, Registry, StoreTarget};
use crate::error::ErrorBody;
use actix_web::http::header::ContentType;
use actix_web::{web, HttpResponse};
use serde_json::Value;
use utoipa::openapi::path::{HttpMethod, OperationBuilder, PathItem};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::schema::{AllOfBuilder, ObjectBuilder};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Required, ResponseBuilder, Schema};
use utoipa::{OpenApi, PartialSchema, ToSchema};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Clockto API",
        description = "Shift scheduling and time tracking."
    ),
    paths(
        crate::api::health::health,
        crate::api::health::ready,
        crate::api::account::profile::me,
        crate::api::account::archive::archive,
        crate::api::account::google::sign_in_methods,
        crate::api::account::google::redirects::start,
        crate::api::account::google::redirects::callback,
        crate::api::stores::get_store,
        crate::api::stores::get_roles,
        crate::api::stores::get_employees,
        crate::api::shifts::read::get_shifts,
        crate::api::pool::get_pool,
        crate::api::requests::reads::get_availability,
        crate::api::requests::reads::get_time_off,
        crate::api::notifications::get_notifications,
        crate::api::clock::reads::get_board,
        crate::api::clock::reads::get_sessions,
        crate::api::clock::reads::get_edits,
        crate::api::clock::reads::get_proposals,
        crate::api::earnings::get_earnings,
        crate::api::booking::sessions::get_booked_sessions,
        crate::api::billing::products::get_products,
        crate::api::billing::reads::get_current_subscription,
        crate::api::billing::reads::get_invoices,
        crate::api::clock::reads::get_timesheet,
        crate::api::chat::conversations::get_conversations,
        crate::api::chat::messages::get_messages,
        crate::api::chat::reads::get_reads,
        crate::api::chat::messages::search_messages,
        crate::api::chat::surveys::get_surveys,
        crate::api::files::upload,
        crate::api::files::download,
        crate::api::files::download_thumbnail,
        crate::api::files::download_small,
        crate::api::support::get_tickets,
        crate::api::support::get_ticket,
        crate::api::blog::reads::list,
        crate::api::blog::reads::by_slug,
        crate::api::blog::reads::admin_list,
        crate::api::blog::reads::admin_post,
        crate::api::templates::get_templates,
        crate::api::sheets::exports::export,
        crate::api::sheets::forms::form,
        crate::api::sheets::imports::import_roles,
        crate::api::sheets::imports::import_employees,
        crate::api::sheets::imports::import_shift_templates,
        crate::api::voice::assistant
    ),
    components(schemas(
        crate::domain::import::RowError,
        crate::api::stores::StoreDetail,
        crate::store::team_views::StoreView,
        crate::store::team_views::TimesView,
        crate::store::team_views::RoleView,
        crate::store::team_views::EmployeeView,
        crate::store::views::ShiftView,
        crate::api::pool::PoolEntry,
        crate::store::request_views::RequestView,
        crate::store::request_views::AvailabilityView,
        crate::store::request_views::NotificationView,
        crate::api::notifications::NotificationList,
        crate::api::clock::reads::ClockBoard,
        crate::api::clock::reads::AttendanceRow,
        crate::domain::clock::Attendance,
        crate::api::clock::reads::Timesheet,
        crate::api::earnings::Earnings,
        crate::api::booking::sessions::BookedSessions,
        crate::store::booking::SessionView,
        crate::store::booking::PlaceView,
        crate::api::clock::reads::TimesheetLine,
        crate::api::clock::reads::SessionEditView,
        crate::store::clock::ClockSessionView,
        crate::store::clock::ProposalView,
        crate::domain::clock::ClockSettings,
        crate::domain::clock::Proof,
        crate::domain::clock::Outside,
        crate::domain::clock::Place,
        crate::domain::clock::Break,
        crate::domain::clock::SessionStatus,
        crate::domain::clock::PunchOp,
        crate::db::models::clock::PunchPlace,
        crate::api::chat::conversations::ConversationEntry,
        crate::api::chat::reads::ReadView,
        crate::store::chat::ConversationView,
        crate::store::chat::MessageView,
        crate::store::chat::Attachment,
        crate::store::chat::DocumentLink,
        crate::api::files::FileView,
        crate::api::files::UploadForm,
        crate::api::support::TicketList,
        crate::api::support::TicketSummary,
        crate::api::support::TicketView,
        crate::api::support::TicketImage,
        crate::api::support::TicketDescription,
        crate::api::support::TicketOwner,
        crate::domain::support::Priority,
        crate::domain::support::Status,
        crate::api::blog::views::PostList,
        crate::api::blog::views::PostSummary,
        crate::api::blog::views::PostView,
        crate::api::blog::views::CommentView,
        crate::api::blog::views::CommentAnswer,
        crate::api::blog::views::PostTranslation,
        crate::api::blog::views::PostCover,
        crate::api::blog::views::PostAuthor,
        crate::api::blog::views::PostAudio,
        crate::domain::blog::comment::Status,
        crate::api::voice::VoiceReply,
        crate::api::voice::Timings,
        crate::api::voice::VoiceCommandForm,
        crate::api::account::archive::Archive
    ))
)]
struct ResourceDoc;

/// A link: the call answering, the later call, and each field of the later call's body with
/// the runtime expression that fills it.
type Link = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

/// Where one call's answer names what a later call acts on, as OpenAPI links: the field of
/// the later call's body and the runtime expression that fills it. Clients read them as
/// documentation; generated-input testing follows them to chain calls on real ids.
const LINKS: &[Link] = &[
    (
        "createShift",
        "updateShift",
        &[("shiftId", "$response.body#/data/shifts/0/id")],
    ),
    (
        "createShift",
        "deleteShift",
        &[("shiftId", "$response.body#/data/shifts/0/id")],
    ),
    (
        "createShift",
        "rateShift",
        &[("shiftId", "$response.body#/data/shifts/0/id")],
    ),
    (
        "createShift",
        "remindShift",
        &[("shiftId", "$response.body#/data/shifts/0/id")],
    ),
    (
        "createRole",
        "updateRole",
        &[("roleId", "$response.body#/data/id")],
    ),
    (
        "createRole",
        "deleteRole",
        &[("roleId", "$response.body#/data/id")],
    ),
    (
        "requestTimeOff",
        "approveTimeOff",
        &[("requestId", "$response.body#/data/id")],
    ),
    (
        "requestTimeOff",
        "rejectTimeOff",
        &[("requestId", "$response.body#/data/id")],
    ),
    (
        "requestTimeOff",
        "checkApproveTimeoff",
        &[("requestId", "$response.body#/data/id")],
    ),
    (
        "requestTimeOff",
        "updateTimeOff",
        &[("requestId", "$response.body#/data/id")],
    ),
    (
        "createAvailableTime",
        "updateAvailableTime",
        &[("availabilityId", "$response.body#/data/id")],
    ),
    (
        "createAvailableTime",
        "deleteAvailableTime",
        &[("availabilityId", "$response.body#/data/id")],
    ),
    ("startProposedShift", "completeProposedShift", &[]),
    (
        "startProposedShift",
        "startProposedShiftBreak",
        &[("shift", "$response.body#/data/proposedShift/id")],
    ),
    (
        "startProposedShift",
        "approveProposedShift",
        &[("shiftPropose", "$response.body#/data/proposedShift/id")],
    ),
    (
        "startProposedShift",
        "rejectProposedShift",
        &[("shiftPropose", "$response.body#/data/proposedShift/id")],
    ),
    (
        "startShift",
        "startBreak",
        &[("shift", "$response.body#/data/shift/id")],
    ),
    (
        "startShift",
        "completeShift",
        &[("shift", "$response.body#/data/shift/id")],
    ),
    (
        "startShift",
        "editClockSession",
        &[("sessionId", "$response.body#/data/session/id")],
    ),
];

/// Adds [`LINKS`] to the calls' success answers; the later call's other fields stay generated.
fn add_links(doc: &mut utoipa::openapi::OpenApi) {
    for (from, to, fields) in LINKS {
        let Some(op) = doc
            .paths
            .paths
            .get_mut(&format!("/api/v1/{from}"))
            .and_then(|item| item.post.as_mut())
        else {
            continue;
        };
        let Some(RefOr::T(ok)) = op.responses.responses.get_mut("200") else {
            continue;
        };
        let body: serde_json::Map<String, Value> = fields
            .iter()
            .map(|(field, expr)| (field.to_string(), Value::from(*expr)))
            .collect();
        ok.links.insert(
            to.to_string(),
            utoipa::openapi::link::LinkBuilder::new()
                .operation_id(*to)
                .request_body(Some(Value::Object(body)))
                .build()
                .into(),
        );
    }
}

/// Builds the whole document.
pub fn build(registry: &Registry) -> utoipa::openapi::OpenApi {
    let mut doc = ResourceDoc::openapi();
    envelope_reads(&mut doc);
    crate::api::voice::document_audio(&mut doc);
    let components = doc.components.get_or_insert_with(Default::default);
    components.add_security_scheme(
        "bearer",
        SecurityScheme::Http(
            HttpBuilder::new()
                .scheme(HttpAuthScheme::Bearer)
                .bearer_format("JWT")
                .build(),
        ),
    );
    let mut schemas = vec![
        (ErrorBody::name().into_owned(), ErrorBody::schema()),
        (StoreTarget::name().into_owned(), StoreTarget::schema()),
    ];
    for entry in registry.entries() {
        entry.collect_schemas(&mut schemas);
        let json_of = |schema: Ref| ContentBuilder::new().schema(Some(schema)).build();
        let own = Ref::from_schema_name(&entry.request_schema_name);
        // A call naming its store reads `store`/`storeId` beside its own fields.
        let request: RefOr<Schema> = if entry.names_store {
            AllOfBuilder::new()
                .item(Ref::from_schema_name(StoreTarget::name()))
                .item(own)
                .into()
        } else {
            own.into()
        };
        let mut op = OperationBuilder::new()
            .operation_id(Some(entry.name))
            .summary((!entry.summary.is_empty()).then_some(entry.summary))
            .request_body(Some(
                RequestBodyBuilder::new()
                    .content(
                        "application/json",
                        ContentBuilder::new().schema(Some(request)).build(),
                    )
                    .required(Some(Required::True))
                    .build(),
            ))
            .response("200", {
                let json = ContentBuilder::new()
                    .schema(Some(envelope(entry.answer_schema(&mut schemas))))
                    .build();
                if entry.answers_file {
                    // The file itself, or as the socket gets it when only JSON is accepted.
                    let file = ObjectBuilder::new()
                        .schema_type(utoipa::openapi::schema::Type::String)
                        .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
                            utoipa::openapi::KnownFormat::Binary,
                        )));
                    ResponseBuilder::new()
                        .description(
                            "The file, as an attachment; with `Accept: application/json`, \
                             `{\"data\": FileAnswer}`",
                        )
                        .content(
                            "application/octet-stream",
                            ContentBuilder::new().schema(Some(file)).build(),
                        )
                        .content("application/json", json)
                        .build()
                } else {
                    ResponseBuilder::new()
                        .description("`{\"data\": ...}`")
                        .content("application/json", json)
                        .build()
                }
            });
        for (status, text) in [
            ("400", "Invalid input or a broken rule"),
            ("404", "Not found"),
        ] {
            op = op.response(
                status,
                ResponseBuilder::new()
                    .description(text)
                    .content(
                        "application/json",
                        json_of(Ref::from_schema_name("ErrorBody")),
                    )
                    .build(),
            );
        }
        if entry.access != Access::Public {
            op = op
                .response(
                    "401",
                    ResponseBuilder::new().description("Not signed in").build(),
                )
                .security(SecurityRequirement::new("bearer", Vec::<String>::new()));
        }
        if matches!(entry.access, Access::Store(_)) {
            op = op.response(
                "403",
                ResponseBuilder::new().description("Not allowed").build(),
            );
        }
        doc.paths.paths.insert(
            format!("/api/v1/{}", entry.name),
            PathItem::new(HttpMethod::Post, op.build()),
        );
    }
    let components = doc.components.get_or_insert_with(Default::default);
    for (name, schema) in schemas {
        components.schemas.insert(name, schema);
    }
    add_links(&mut doc);
    doc
}

/// The resource reads (and the upload, the one resource post) answer `{"data": ...}` like
/// the calls (see [`crate::api::envelope`]); their annotations name the data, which is
/// wrapped here. Downloads, with no JSON schema, are left as they are, and so is the archive,
/// a JSON file answered whole.
fn envelope_reads(doc: &mut utoipa::openapi::OpenApi) {
    let reads = doc
        .paths
        .paths
        .iter_mut()
        // An import answers its result whole: `success`, `id` and `data` side by side.
        .filter(|(path, _)| !crate::api::sheets::IMPORT_PATHS.contains(&path.as_str()))
        .filter(|(path, _)| path.as_str() != crate::api::account::archive::PATH)
        .flat_map(|(_, item)| [item.get.as_mut(), item.post.as_mut()])
        .flatten();
    for op in reads {
        let Some(RefOr::T(ok)) = op.responses.responses.get_mut("200") else {
            continue;
        };
        for content in ok.content.values_mut() {
            if let Some(data) = content.schema.take() {
                content.schema = Some(envelope(data).into());
            }
        }
    }
}

/// `{"data": <answer>}`.
fn envelope(answer: RefOr<Schema>) -> ObjectBuilder {
    ObjectBuilder::new()
        .property("data", answer)
        .required("data")
}

/// The document as served, written once: the tree it is built from is large (megabytes of
/// schemas and texts), the JSON a fraction of it.
pub struct Served(web::Bytes);

impl Served {
    pub fn new(doc: &utoipa::openapi::OpenApi) -> Served {
        Served(serde_json::to_vec(&to_json(doc)).unwrap_or_default().into())
    }
}

/// `GET /api/v1/openapi.json`.
pub async fn document(doc: web::Data<Served>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(doc.0.clone())
}

/// The document as served. utoipa writes a link's fields in snake case (`operation_id`,
/// `request_body`); OpenAPI names them `operationId` and `requestBody`.
pub fn to_json(doc: &utoipa::openapi::OpenApi) -> Value {
    let mut value = serde_json::to_value(doc).unwrap_or_default();
    let operations = value
        .get_mut("paths")
        .and_then(Value::as_object_mut)
        .into_iter()
        .flat_map(|paths| paths.values_mut())
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.values_mut());
    for op in operations {
        let links = op
            .get_mut("responses")
            .and_then(Value::as_object_mut)
            .into_iter()
            .flat_map(|responses| responses.values_mut())
            .filter_map(|r| r.get_mut("links").and_then(Value::as_object_mut))
            .flat_map(|links| links.values_mut())
            .filter_map(Value::as_object_mut);
        for link in links {
            for (from, to) in [
                ("operation_id", "operationId"),
                ("request_body", "requestBody"),
            ] {
                if let Some(v) = link.remove(from) {
                    link.insert(to.into(), v);
                }
            }
        }
    }
    value
}

#[cfg(test)]
mod tests {
    //! A bound the document states comes either from a bounded type (`calls::bounded`,
    //! `domain::list`), whose schema is built from the constant the code checks, or from a
    //! literal in a `#[schema]` attribute (they take no expressions); this test ties each
    //! literal to its constant, so neither can change alone. A bounded text's or list's bounds
    //! are its type's parameters, which its component's name states (`Text120`,
    //! `ShiftIdList1000`) and its check reads, so only the name is read here.

    use super::{build, LINKS};
    use crate::api::{notifications, requests};
    use crate::calls::input;
    use crate::domain::account::{self, BIRTHDAY_MIN_MS};
    use crate::domain::business::{DayInput, TimeOfDay, MAX_WAGE};
    use crate::domain::invite::{IDENTITY_CODE_PATTERN, INVITE_CODE_PATTERN};
    use crate::domain::notification::Variant;
    use crate::domain::push::ENDPOINT_MAX;
    use crate::domain::shift::{LONG_SHIFT_MINUTES, MAX_SHIFT, RATE_MAX, RATE_MIN};
    use chrono::{DateTime, Utc, Weekday};
    use serde_json::{json, Value};
    use std::collections::BTreeSet;

    /// The keywords that bound a value.
    const KEYWORDS: [&str; 7] = [
        "minimum",
        "maximum",
        "minLength",
        "maxLength",
        "minItems",
        "maxItems",
        "pattern",
    ];

    /// A place, a keyword and its value (as text; numbers as `f64`, which holds every bound
    /// here exactly, so `1000000` and `1000000.0` are one).
    type Bound = (String, &'static str, String);

    fn text(v: &Value) -> String {
        v.as_f64().map_or_else(|| v.to_string(), |n| n.to_string())
    }

    /// Every bound in a schema, by place: `Schema.property`, `[]` for items, `{}` for map
    /// values; `oneOf`, `anyOf` and `allOf` add nothing to the place.
    fn bounds_in(node: &Value, place: &str, out: &mut BTreeSet<Bound>) {
        let Some(object) = node.as_object() else {
            return;
        };
        for keyword in KEYWORDS {
            if let Some(v) = object.get(keyword) {
                out.insert((place.to_string(), keyword, text(v)));
            }
        }
        for group in ["oneOf", "anyOf", "allOf"] {
            for item in object
                .get(group)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                bounds_in(item, place, out);
            }
        }
        for (name, property) in object
            .get("properties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            bounds_in(property, &format!("{place}.{name}"), out);
        }
        if let Some(items) = object.get("items") {
            bounds_in(items, &format!("{place}[]"), out);
        }
        if let Some(values) = object.get("additionalProperties") {
            bounds_in(values, &format!("{place}{{}}"), out);
        }
    }

    /// Every bound the served document states: in its components and the reads' parameters.
    fn stated() -> BTreeSet<Bound> {
        let doc = serde_json::to_value(super::build(&crate::api::registry())).expect("json");
        let mut out = BTreeSet::new();
        for (name, schema) in doc["components"]["schemas"].as_object().expect("schemas") {
            bounds_in(schema, name, &mut out);
        }
        for (path, item) in doc["paths"].as_object().expect("paths") {
            let params = item["get"]["parameters"].as_array().into_iter().flatten();
            for p in params {
                let place = format!("GET {path}?{}", p["name"].as_str().unwrap_or_default());
                bounds_in(&p["schema"], &place, &mut out);
            }
        }
        out
    }

    /// The bounds of the bounded texts' components the document holds, read from their names:
    /// `Text{N}` is at most N characters, `RequiredText{N}` also at least one.
    fn typed_texts(stated: &BTreeSet<Bound>) -> BTreeSet<Bound> {
        let mut out = BTreeSet::new();
        for (place, _, _) in stated {
            let (name, min) = match place.strip_prefix("Required") {
                Some(name) => (name, Some(1)),
                None => (place.as_str(), None),
            };
            let Some(max) = name
                .strip_prefix("Text")
                .and_then(|n| n.parse::<usize>().ok())
            else {
                continue;
            };
            out.insert((place.clone(), "maxLength", text(&json!(max))));
            if let Some(min) = min {
                out.insert((place.clone(), "minLength", text(&json!(min))));
            }
        }
        out
    }

    /// The bounds of the bounded lists' components the document holds, read from their names:
    /// `{Item}List{N}` holds at most N items, `{Item}List{M}to{N}` also at least M.
    fn typed_lists(stated: &BTreeSet<Bound>) -> BTreeSet<Bound> {
        let mut out = BTreeSet::new();
        for (place, _, _) in stated {
            let Some((_, bounds)) = place.rsplit_once("List") else {
                continue;
            };
            let (min, max) = bounds.split_once("to").unwrap_or(("0", bounds));
            let (Ok(min), Ok(max)) = (min.parse::<usize>(), max.parse::<usize>()) else {
                continue;
            };
            out.insert((place.clone(), "maxItems", text(&json!(max))));
            if min > 0 {
                out.insert((place.clone(), "minItems", text(&json!(min))));
            }
        }
        out
    }

    /// The bounds the code checks, each at the places the document should state it.
    fn checked() -> BTreeSet<Bound> {
        let mut out = BTreeSet::new();
        let mut bound = |keyword: &'static str, value: Value, places: &[&str]| {
            for place in places {
                out.insert((place.to_string(), keyword, text(&value)));
            }
        };

        // Instants a client sends are `bounded::Instant`s, whose one schema states
        // `input::instant`'s range.
        bound("minimum", json!(input::INSTANT_MIN), &["Instant"]);
        bound("maximum", json!(input::INSTANT_MAX), &["Instant"]);
        // A birthday is from 1900 on and not in the future, which lies before 2200.
        bound(
            "minimum",
            json!(BIRTHDAY_MIN_MS),
            &["UpdateProfile.birthday"],
        );
        bound(
            "maximum",
            json!(input::INSTANT_MAX),
            &["UpdateProfile.birthday"],
        );

        // Instants the server answers: whatever a `DateTime<Utc>` holds (safe in a JS number).
        let answered_instants = [
            "ShiftView.start",
            "ShiftView.end",
            "ShiftView.timestamp",
            "ShiftView.modified",
            "ShiftWarning.start",
            "StoreView.timestamp",
            "RoleView.timestamp",
            "RoleView.modified",
            "EmployeeView.inviteExpire",
            "EmployeeView.birthday",
            "EmployeeView.timestamp",
            "EmployeeView.modified",
            "Invited.expire",
            "UserView.birthday",
            "UserView.lastLogin",
            "LinkedAccount.linkedAt",
            "AvailabilityView.timestamp",
            "AvailabilityView.modified",
            "RequestView.start",
            "RequestView.end",
            "RequestView.timestamp",
            "RequestView.modified",
            "NotificationView.timestamp",
            "AffectedShift.start",
            "AffectedShift.end",
        ];
        let earliest = DateTime::<Utc>::MIN_UTC.timestamp_millis();
        let latest = DateTime::<Utc>::MAX_UTC.timestamp_millis();
        bound("minimum", json!(earliest), &answered_instants);
        bound("maximum", json!(latest), &answered_instants);

        // Texts a client sends are `bounded` texts (see `typed`); these are the others.
        bound(
            "minLength",
            json!(1),
            &["DeleteSubscription.endpoint", "PushSubscriptionJson"],
        );
        bound(
            "maxLength",
            json!(requests::limits::TEXT_MAX),
            &["AvailabilityView.reason"],
        );
        bound(
            "maxLength",
            json!(requests::limits::LABEL_MAX),
            &["AvailabilityView.type", "AvailabilityView.status"],
        );
        bound(
            "maxLength",
            json!(ENDPOINT_MAX),
            &[
                "SavedSubscription.endpoint",
                "DeleteSubscription.endpoint",
                "PushSubscriptionJson.endpoint",
            ],
        );

        // Accounts.
        bound(
            "maxLength",
            json!(account::EMAIL_MAX_LEN),
            &["EmailAddress"],
        );
        bound(
            "minLength",
            json!(account::PASSWORD_MIN_CHARS),
            &["NewPassword"],
        );
        bound(
            "maxLength",
            json!(account::PASSWORD_MAX_CHARS),
            &["NewPassword"],
        );
        bound(
            "maxLength",
            json!(account::IMAGE_MAX_LEN),
            &["UpdateProfile.profile"],
        );
        bound(
            "pattern",
            json!(account::IMAGE_PATTERN),
            &["UpdateProfile.profile"],
        );
        bound(
            "pattern",
            json!(account::PHONE_PATTERN),
            &["UpdateProfile.phoneNumber"],
        );
        bound(
            "pattern",
            json!(account::CODE_PATTERN),
            &[
                "ConfirmEmail.code",
                "CheckResetPasswordConfirmCode.code",
                "ConfirmResetPassword.code",
                "SignInWithCode.code",
                "LinkGoogleAccount.emailCode",
            ],
        );
        bound(
            "pattern",
            json!(INVITE_CODE_PATTERN),
            &[
                "CheckInvitationCodeExists.code",
                "JoinBusinessWithInvitation.code",
            ],
        );
        bound(
            "pattern",
            json!(IDENTITY_CODE_PATTERN),
            &["IdentityCode.code"],
        );

        // Times of day and weekdays.
        bound(
            "pattern",
            json!(TimeOfDay::PATTERN),
            &[
                "TimesView.open",
                "TimesView.close",
                "AvailabilityView.start",
                "AvailabilityView.end",
            ],
        );
        bound(
            "pattern",
            json!(TimeOfDay::INPUT_PATTERN),
            &[
                "CreateBusiness.open",
                "CreateBusiness.close",
                "UpdateBusinessTiming.open",
                "UpdateBusinessTiming.close",
            ],
        );
        // Availability times may also be empty.
        let time = TimeOfDay::INPUT_PATTERN
            .trim_start_matches('^')
            .trim_end_matches('$');
        bound(
            "pattern",
            json!(format!("^({time})?$")),
            &["AvailabilityInput.start", "AvailabilityInput.end"],
        );
        bound("pattern", json!(DayInput::name_pattern()), &["DayInput"]);
        let saturday = Weekday::Sat.num_days_from_sunday();
        // Days off and an availability window's days are lists of weekday numbers.
        let weekdays = [
            "DayInput",
            "WeekdayNumberList6[]",
            "StoreView.weekStart",
            "WeekdayNumberList1to7[]",
        ];
        bound("minimum", json!(0), &weekdays);
        bound("maximum", json!(saturday), &weekdays);
        // An availability window's days have a least and no most (a day may be named twice),
        // so they are no `List`.
        bound("minItems", json!(1), &["AvailabilityInput.days"]);

        // Shifts.
        bound(
            "minimum",
            json!(RATE_MIN),
            &["RateShiftCall.rate", "ShiftView.rate"],
        );
        bound(
            "maximum",
            json!(RATE_MAX),
            &["RateShiftCall.rate", "ShiftView.rate"],
        );
        bound(
            "minimum",
            json!(LONG_SHIFT_MINUTES + 1),
            &["ShiftWarning.minutes"],
        );
        bound(
            "maximum",
            json!(MAX_SHIFT.num_minutes()),
            &["ShiftWarning.minutes"],
        );
        bound("minimum", json!(0), &["Wage"]);
        bound("maximum", json!(MAX_WAGE), &["Wage"]);

        // Templates.
        {
            use crate::domain::template::TITLE_MAX;
            // A domain type the answers hold too, so its title keeps a literal bound.
            bound("minLength", json!(1), &["TemplateShift.title"]);
            bound("maxLength", json!(TITLE_MAX), &["TemplateShift.title"]);
            // A week's days, counted from its first.
            bound("minimum", json!(0), &["TemplateShift.day"]);
            bound("maximum", json!(6), &["TemplateShift.day"]);
            bound(
                "pattern",
                json!("^([01][0-9]|2[0-3]):[0-5][0-9]$"),
                &["WallTime"],
            );
        }

        // Notifications.
        bound(
            "maximum",
            json!(notifications::IDS_MAX),
            &["NotificationsSeen.updated", "NotificationsDeleted.deleted"],
        );
        bound(
            "minimum",
            json!(Variant::Success.code()),
            &["NotificationView.variant"],
        );
        bound(
            "maximum",
            json!(Variant::Info.code()),
            &["NotificationView.variant"],
        );
        // The view writes `public` or a user id.
        bound(
            "pattern",
            json!("^(public|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$"),
            &["NotificationView.accessFor"],
        );
        // A subscription is deleted by its endpoint, which names one at most.
        bound("maximum", json!(1), &["DeletedSubscriptions.deleted"]);

        // The time clock.
        {
            use crate::domain::clock as c;
            // Read as a `ProposalStatus`, whose codes these are.
            bound(
                "pattern",
                json!(format!(
                    "^[{}]$",
                    c::ProposalStatus::ALL.map(|s| s.as_str()).concat()
                )),
                &["GET /api/v1/stores/{storeId}/clock/proposals?status"],
            );
            bound("minLength", json!(3), &["ClockSettings.currency"]);
            bound("maxLength", json!(3), &["ClockSettings.currency"]);
            bound(
                "minimum",
                json!(0),
                &["ClockSettings.earlyMinutes", "Location.accuracy"],
            );
            bound(
                "maximum",
                json!(c::EARLY_MAX),
                &["ClockSettings.earlyMinutes"],
            );
            bound(
                "minimum",
                json!(c::LATE_PUNCH_HOURS.0),
                &["ClockSettings.latePunchHours"],
            );
            bound(
                "maximum",
                json!(c::LATE_PUNCH_HOURS.1),
                &["ClockSettings.latePunchHours"],
            );
            bound(
                "minimum",
                json!(c::OVERTIME_MINUTES.0),
                &["ClockSettings.overtimeWeeklyMinutes"],
            );
            bound(
                "maximum",
                json!(c::OVERTIME_MINUTES.1),
                &["ClockSettings.overtimeWeeklyMinutes"],
            );
            bound(
                "minimum",
                json!(c::OVERTIME_RATE.0 as i64),
                &["ClockSettings.overtimeRate"],
            );
            bound(
                "maximum",
                json!(c::OVERTIME_RATE.1 as i64),
                &["ClockSettings.overtimeRate"],
            );
            bound("minimum", json!(0), &["ClockSettings.minRestMinutes"]);
            bound(
                "maximum",
                json!(c::MIN_REST_MAX),
                &["ClockSettings.minRestMinutes"],
            );
            bound(
                "maximum",
                json!(c::ACCURACY_MAX as i64),
                &["Location.accuracy"],
            );
            let lat = ["Location.latitude", "Place.latitude"];
            let lng = ["Location.longitude", "Place.longitude"];
            bound("minimum", json!(-90), &lat);
            bound("maximum", json!(90), &lat);
            bound("minimum", json!(-180), &lng);
            bound("maximum", json!(180), &lng);
            bound("minimum", json!(c::RADIUS.0), &["Place.radius"]);
            bound("maximum", json!(c::RADIUS.1), &["Place.radius"]);
            bound(
                "minimum",
                json!(0),
                &[
                    "TimesheetLine.late",
                    "TimesheetLine.open",
                    "TimesheetLine.sessions",
                    "Earnings.shifts",
                ],
            );
        }

        // Announcements.
        {
            bound(
                "minimum",
                json!(Variant::Success.code()),
                &["SendAnnouncement.variant"],
            );
            bound(
                "maximum",
                json!(Variant::Info.code()),
                &["SendAnnouncement.variant"],
            );
            bound("minimum", json!(0), &["AnnouncementSent.sent"]);
        }

        // Reports and spreadsheets.
        {
            bound(
                "pattern",
                json!(crate::api::sheets::FORMAT_PATTERN),
                &[
                    "GET /api/v1/stores/{storeId}/exports/{kind}?format",
                    "GET /api/v1/stores/{storeId}/forms/{kind}?format",
                    "ExportFormat.format",
                ],
            );
            // Counts and row numbers.
            bound(
                "minimum",
                json!(0),
                &[
                    "ReportFigures.shifts",
                    "ReportFigures.late",
                    "ScheduleReport.unstartedShifts",
                    "ImportApplied.created",
                    "ImportApplied.updated",
                    "RowError.row",
                    "Imported_RoleRow.new[].row",
                    "Imported_RoleRow.update[].row",
                    "Imported_EmployeeRow.new[].row",
                    "Imported_EmployeeRow.update[].row",
                    "Imported_TemplateRow.new[].row",
                    "Imported_TemplateRow.update[].row",
                    "Skipped.row",
                ],
            );
        }

        // Chat.
        {
            bound(
                "pattern",
                json!("^(direct|group)$"),
                &["CreateConversationCall.kind"],
            );
            bound(
                "minimum",
                json!(0),
                &[
                    "MarkConversationSeen.seq",
                    "SurveyView.participants",
                    "SurveyView.estimatedSeconds",
                ],
            );
            bound(
                "pattern",
                json!("^(poll|explanational)$"),
                &["CreateSurveyCall.mode"],
            );
            bound(
                "pattern",
                json!("^(update|close|delete)$"),
                &["UpdateSurveyCall.action"],
            );
            bound(
                "pattern",
                json!("^(chat|logo|profile|support|cover)$"),
                &["UploadForm.purpose"],
            );
        }

        // Support.
        {
            use crate::domain::support as s;
            bound("minimum", json!(s::RATING_MIN), &["SendFeedback.rating"]);
            bound("maximum", json!(s::RATING_MAX), &["SendFeedback.rating"]);
        }

        // Counts (unsigned in the code).
        bound(
            "minimum",
            json!(0),
            &[
                "DeletedRole.employeesChanged",
                "DeletedSubscriptions.deleted",
                "NotificationsSeen.updated",
                "NotificationsDeleted.deleted",
            ],
        );
        // The archive's shape number (unsigned in the code).
        bound("minimum", json!(0), &["Archive.version"]);

        // Auto-assign: answered shifts, the proposal's limits, accepted rows.
        let auto_answered = [
            "ProposedAssignment.start",
            "ProposedAssignment.end",
            "UnfilledShift.start",
            "UnfilledShift.end",
        ];
        bound("minimum", json!(earliest), &auto_answered);
        bound("maximum", json!(latest), &auto_answered);
        bound(
            "minimum",
            json!(crate::domain::clock::OVERTIME_MINUTES.0),
            &["AutoAssignment.weeklyMinutes"],
        );
        bound(
            "maximum",
            json!(crate::domain::clock::OVERTIME_MINUTES.1),
            &["AutoAssignment.weeklyMinutes"],
        );
        bound("minimum", json!(0), &["AutoAssignment.minRestMinutes"]);

        // Plans: counts and percentages the server answers, never below zero.
        bound(
            "minimum",
            json!(0),
            &[
                "Catalogue.nonProfitDiscountPercent",
                "Catalogue.trialDays",
                "Catalogue.yearlySavingPercent",
                "Limits.employees",
                "Limits.roles",
                "PlanView.employees",
                "PlanView.roles",
            ],
        );
        bound(
            "maximum",
            json!(crate::domain::clock::MIN_REST_MAX),
            &["AutoAssignment.minRestMinutes"],
        );
        // Booking: an event's numbers, checked by `domain::booking::event` and `repeat`.
        {
            use crate::domain::booking::{event, repeat};
            let range = |place: &'static str, lo: i64, hi: i64| {
                [("minimum", lo), ("maximum", hi)].map(|(k, v)| (k, v, place))
            };
            for (keyword, value, place) in [
                range(
                    "EventInput.sessionDuration",
                    i64::from(event::DURATIONS[0]),
                    i64::from(event::DURATIONS[3]),
                ),
                range("EventInput.capacity", 1, i64::from(event::CAPACITY_MAX)),
                range(
                    "EventInput.maxRoomsPerSession",
                    1,
                    i64::from(event::ROOMS_MAX),
                ),
                range(
                    "EventInput.reservationWindowStart",
                    1,
                    i64::from(event::BOOK_AHEAD_MAX),
                ),
                range(
                    "EventInput.reservationWindowEnd",
                    0,
                    i64::from(event::BOOK_UNTIL_MAX),
                ),
                range("RepeatInput.interval", 1, i64::from(repeat::INTERVAL_MAX)),
                range("RepeatInput.count", 1, i64::from(repeat::COUNT_MAX)),
                range("GET /api/v1/stores/{storeId}/booking/sessions?status", 1, 4),
            ]
            .into_iter()
            .flatten()
            {
                bound(keyword, json!(value), &[place]);
            }
            // Counts the server answers are unsigned.
            bound(
                "minimum",
                json!(0),
                &[
                    "EventView.capacity",
                    "EventView.maxRoomsPerSession",
                    "EventView.reservationWindowEnd",
                    "EventView.reservationWindowStart",
                    "EventView.sessionDuration",
                    "PublicEventView.capacity",
                    "PublicEventView.sessionDuration",
                    "RepeatView.weekdays[]",
                    "RepeatView.interval",
                    "RepeatView.count",
                    "Slot.free",
                ],
            );
        }
        out
    }

    #[test]
    fn every_link_joins_two_calls_and_names_fields_of_the_later_one() {
        let doc = super::to_json(&build(&crate::api::registry()));
        for (from, to, fields) in LINKS {
            let link =
                &doc["paths"][format!("/api/v1/{from}")]["post"]["responses"]["200"]["links"][to];
            assert_eq!(link["operationId"], json!(to), "{from} -> {to}");
            assert!(link["requestBody"].is_object(), "{from} -> {to}");
            let body = &doc["paths"][format!("/api/v1/{to}")]["post"]["requestBody"]["content"]
                ["application/json"]["schema"];
            let known = fields_of(&doc, body);
            for (field, _) in *fields {
                assert!(known.contains(*field), "{to} has no field {field}");
            }
        }
    }

    /// The fields of a schema, through references (newtype calls) and `allOf`.
    fn fields_of(doc: &Value, schema: &Value) -> BTreeSet<String> {
        if let Some(name) = schema["$ref"].as_str() {
            let name = name.trim_start_matches("#/components/schemas/");
            return fields_of(doc, &doc["components"]["schemas"][name]);
        }
        let mut out: BTreeSet<String> = schema["properties"]
            .as_object()
            .map(|p| p.keys().cloned().collect())
            .unwrap_or_default();
        for part in schema["allOf"].as_array().into_iter().flatten() {
            out.extend(fields_of(doc, part));
        }
        out
    }

    #[test]
    fn every_bound_in_the_document_is_the_one_the_code_checks() {
        let stated = stated();
        let mut checked = checked();
        checked.extend(typed_texts(&stated));
        checked.extend(typed_lists(&stated));
        let unexplained: Vec<_> = stated.difference(&checked).collect();
        let missing: Vec<_> = checked.difference(&stated).collect();
        assert!(
            unexplained.is_empty() && missing.is_empty(),
            "stated but not checked (or with another value): {unexplained:#?}\n\
             checked but not stated: {missing:#?}"
        );
    }
}
