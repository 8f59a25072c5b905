//! The OpenAPI 3 document of every route, generated from the code: the resource paths from
//! their `#[utoipa::path]` annotations and every call from the registry.

use crate::calls::{Access, Registry, StoreTarget};
use crate::error::ErrorBody;
use actix_web::{web, HttpResponse};
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
        crate::api::account::me,
        crate::api::stores::get_store,
        crate::api::stores::get_roles,
        crate::api::stores::get_employees,
        crate::api::shifts::get_shifts,
        crate::api::pool::get_pool,
        crate::api::requests::get_availability,
        crate::api::requests::get_time_off,
        crate::api::notifications::get_notifications
    ),
    components(schemas(
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
        crate::api::notifications::NotificationList
    ))
)]
struct ResourceDoc;

/// Builds the whole document.
pub fn build(registry: &Registry) -> utoipa::openapi::OpenApi {
    let mut doc = ResourceDoc::openapi();
    envelope_reads(&mut doc);
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
            .response(
                "200",
                ResponseBuilder::new()
                    .description("`{\"data\": ...}`")
                    .content(
                        "application/json",
                        ContentBuilder::new()
                            .schema(Some(envelope(entry.answer_schema(&mut schemas))))
                            .build(),
                    )
                    .build(),
            );
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
    doc
}

/// The resource reads answer `{"data": ...}` like the calls (see [`crate::api::envelope`]);
/// their annotations name the data, which is wrapped here.
fn envelope_reads(doc: &mut utoipa::openapi::OpenApi) {
    let reads = doc
        .paths
        .paths
        .values_mut()
        .filter_map(|item| item.get.as_mut());
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

/// `GET /api/v1/openapi.json`.
pub async fn document(doc: web::Data<utoipa::openapi::OpenApi>) -> HttpResponse {
    HttpResponse::Ok().json(doc.as_ref())
}
