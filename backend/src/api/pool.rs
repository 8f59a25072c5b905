//! The shift pool: dropping, grabbing, a manager's answer to a grab, taking an open shift,
//! and the pool read.

use crate::api::shifts::caller;
use crate::api::stores::{read, StoreMember};
use crate::calls::AppState;
use crate::calls::{Access, Call, Ctx, Registry};
use crate::db::models::request::Request;
use crate::db::models::shift::Shift;
use crate::domain::ids::{RequestId, ShiftId};
use crate::domain::permissions::Perms;
use crate::domain::pool;
use crate::domain::request::RequestKind;
use crate::error::AppResult;
use crate::store::pool::{AnswerGrab, DropRequestChange};
use crate::store::request_views::RequestView;
use crate::store::views::ShiftView;
use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn register(r: &mut Registry) {
    r.add::<DropShift>()
        .add::<GrabShift>()
        .add::<ApproveGrabShift>()
        .add::<RejectGrabShift>()
        .add::<TakeOpenShift>();
}

/// Mounts the pool read (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(read("/stores/{storeId}/pool", "getPool", get_pool));
}

/// `dropShift`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DropShiftCall)]
pub struct DropShift {
    #[serde(alias = "shiftId")]
    pub shift: ShiftId,
}

impl Call for DropShift {
    const NAME: &'static str = "dropShift";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str =
        "Offer one's own announced shift to colleagues of its role, up to 1 hour before it starts.";
    type Output = DropRequestChange;

    #[tracing::instrument(name = "dropShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<DropRequestChange> {
        let cmd = crate::store::pool::DropShift {
            by: caller(&ctx)?,
            shift: self.shift,
        };
        ctx.execute(cmd).await
    }
}

/// `grabShift`. The spec's field is `dropReuestId`; `dropRequestId` is accepted too.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = GrabShiftCall)]
pub struct GrabShift {
    #[serde(alias = "dropRequestId")]
    pub drop_reuest_id: RequestId,
}

impl Call for GrabShift {
    const NAME: &'static str = "grabShift";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str =
        "Ask to take a dropped shift of one's role; the first grab wins and waits for a manager.";
    type Output = DropRequestChange;

    #[tracing::instrument(name = "grabShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<DropRequestChange> {
        let cmd = crate::store::pool::GrabShift {
            by: caller(&ctx)?,
            request: self.drop_reuest_id,
        };
        ctx.execute(cmd).await
    }
}

/// `takeOpenShift` (ours; the spec names no call for it): take an announced open shift.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TakeOpenShiftCall)]
pub struct TakeOpenShift {
    #[serde(alias = "shift")]
    pub shift_id: ShiftId,
}

impl Call for TakeOpenShift {
    const NAME: &'static str = "takeOpenShift";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Take an announced open shift of one's role before it starts; \
         it is one's own at once, confirmed. The first take wins.";
    type Output = ShiftView;

    #[tracing::instrument(name = "takeOpenShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ShiftView> {
        let cmd = crate::store::pool::TakeOpenShift {
            by: caller(&ctx)?,
            shift: self.shift_id,
        };
        ctx.execute(cmd).await
    }
}

/// A manager's answer to a grab.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GrabAnswer {
    #[serde(alias = "dropReuestId", alias = "dropRequestId")]
    pub request_id: RequestId,
}

/// `approveGrabShift`: the shift moves to the grabber, confirmed.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ApproveGrabShift(pub GrabAnswer);

/// `rejectGrabShift`: the shift goes back to the pool.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RejectGrabShift(pub GrabAnswer);

macro_rules! grab_answer {
    ($ty:ident, $name:literal, $approve:expr, $summary:literal) => {
        impl Call for $ty {
            const NAME: &'static str = $name;
            const ACCESS: Access = Access::Store(Perms::SCHEDULE);
            const SUMMARY: &'static str = $summary;
            type Output = DropRequestChange;

            #[tracing::instrument(name = $name, skip_all)]
            async fn run(self, ctx: Ctx) -> AppResult<DropRequestChange> {
                let cmd = AnswerGrab {
                    by: caller(&ctx)?,
                    request: self.0.request_id,
                    approve: $approve,
                };
                ctx.execute(cmd).await
            }
        }
    };
}

grab_answer!(
    ApproveGrabShift,
    "approveGrabShift",
    true,
    "Approve a grab: the shift becomes the grabber's, confirmed."
);
grab_answer!(
    RejectGrabShift,
    "rejectGrabShift",
    false,
    "Reject a grab: the shift goes back to the pool."
);

/// One entry of the pool: a drop request with its shift, or an open shift (no request).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoolEntry {
    /// The drop request; `null` for an open shift, taken with `takeOpenShift`.
    #[schema(required = true)]
    pub request: Option<RequestView>,
    pub shift: ShiftView,
}

/// `GET /api/v1/stores/{storeId}/pool`: pending drop requests whose shift has not ended, for
/// colleagues of the shift's role (managers also see grabs awaiting approval), then announced
/// open shifts that have not started, for employees of their role.
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/pool",
    params(("storeId" = uuid::Uuid, Path, description = "Store id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [PoolEntry]}`", body = [PoolEntry]),
        crate::api::stores::StoreReadRefusals,
    )
)]
#[tracing::instrument(skip(state, member), fields(store = %member.store_id()))]
pub async fn get_pool(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
) -> AppResult<HttpResponse> {
    let store = member.store_id();
    let now = state.clock.now();
    let (drops, open) = state
        .db
        .run(move |conn| {
            Ok((
                Request::open_drops_with_shifts(conn, store, now)?,
                Shift::open_upcoming(conn, store, now)?,
            ))
        })
        .await?;
    let manager = member.perms.covers(Perms::SCHEDULE);
    let me = &member.employee;
    let viewer = pool::Viewer {
        employee: me.id,
        roles: &me.role_ids,
        manager,
    };
    let drops = drops
        .iter()
        .filter(|(r, s): &&(Request, Shift)| {
            r.kind == RequestKind::DropShift
                && pool::drop_listed(
                    &pool::Dropped {
                        status: r.status,
                        dropper: r.employee_id,
                        grabbed_by: r.grabbed_by,
                        shift_role: s.role_id,
                        shift_end: s.end_at,
                    },
                    &viewer,
                    now,
                )
        })
        .map(|(r, s)| PoolEntry {
            request: Some(RequestView::new(r, None)),
            shift: ShiftView::of(s, now),
        });
    let open = open
        .iter()
        .filter(|s| {
            pool::open_listed(
                (s.status, s.assigned.is_some(), s.role_id, s.start_at),
                &viewer,
                now,
            )
        })
        .map(|s| PoolEntry {
            request: None,
            shift: ShiftView::of(s, now),
        });
    Ok(crate::api::envelope::ok(
        drops.chain(open).collect::<Vec<_>>(),
    ))
}
