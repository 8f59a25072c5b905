//! A member's notifications of a store: the newest as a resource path, and marking them seen
//! or deleting them as calls, which run through the store's actor as commands.

use crate::api::stores::{read, StoreMember};
use crate::calls::AppState;
use crate::calls::{Access, Call, Ctx, Registry};
use crate::db::models::notification::{Notification, PAGE};
use crate::domain::ids::{NotificationIdList, StoreId};
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::store::notifications::{MarkSeen, Named, Remove};
use crate::store::request_views::{NotificationView, NotificationViewList};
use crate::store::write::RowCount;
use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn register(r: &mut Registry) {
    r.add::<MarkNotificationsSeen>()
        .add::<DeleteNotifications>();
}

/// Mounts the read path (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(read(
        "/stores/{storeId}/notifications",
        "getNotifications",
        get_notifications,
    ));
}

/// Ids of notifications of a store.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationIds {
    pub notification_ids: NotificationIdList<{ IDS_MAX }>,
}

/// Most ids one call takes.
pub(crate) const IDS_MAX: usize = 200;

impl NotificationIds {
    /// The caller's notifications among the ids: their private ones, and the store's public
    /// ones for managers.
    fn named(self, ctx: &Ctx) -> AppResult<(StoreId, Named)> {
        let member = ctx.member()?;
        let ids = self
            .notification_ids
            .within(|| AppError::invalid(format!("At most {IDS_MAX} notifications at a time.")))?;
        let store = member.store_id();
        let named = Named {
            store,
            reader: member.user,
            ids,
            public: member.is_manager(),
        };
        Ok((store, named))
    }
}

/// The answer of `markNotificationsSeen`.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationsSeen {
    /// How many of the named notifications are the caller's, all of them now seen.
    #[schema(minimum = 0, maximum = 200)]
    pub updated: usize,
}

/// `markNotificationsSeen`: one's own notifications (and, for managers, public ones).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct MarkNotificationsSeen(pub NotificationIds);

impl Call for MarkNotificationsSeen {
    const NAME: &'static str = "markNotificationsSeen";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Mark notifications seen.";
    type Output = NotificationsSeen;

    async fn run(self, ctx: Ctx) -> AppResult<NotificationsSeen> {
        let (store, named) = self.0.named(&ctx)?;
        let changed: RowCount = ctx.state.stores.execute(store, MarkSeen(named)).await?;
        Ok(NotificationsSeen {
            updated: changed.get(),
        })
    }
}

/// The answer of `deleteNotifications`.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationsDeleted {
    /// How many of the named notifications were the caller's and are deleted.
    #[schema(minimum = 0, maximum = 200)]
    pub deleted: usize,
}

/// `deleteNotifications`: one's own notifications (and, for managers, public ones).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct DeleteNotifications(pub NotificationIds);

impl Call for DeleteNotifications {
    const NAME: &'static str = "deleteNotifications";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Delete notifications.";
    type Output = NotificationsDeleted;

    async fn run(self, ctx: Ctx) -> AppResult<NotificationsDeleted> {
        let (store, named) = self.0.named(&ctx)?;
        let deleted: RowCount = ctx.state.stores.execute(store, Remove(named)).await?;
        Ok(NotificationsDeleted {
            deleted: deleted.get(),
        })
    }
}

/// The newest notifications of a member in a store.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationList {
    /// The caller's own, newest first (at most 20).
    pub private: NotificationViewList<{ PAGE as usize }>,
    /// The store's public ones, newest first (at most 20).
    pub public: NotificationViewList<{ PAGE as usize }>,
}

/// `GET /api/v1/stores/{storeId}/notifications`: the 20 newest private notifications of the
/// caller and the 20 newest public ones of the store.
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/notifications",
    params(("storeId" = uuid::Uuid, Path, description = "Store id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": NotificationList}`", body = NotificationList),
        crate::api::stores::StoreReadRefusals,
    )
)]
#[tracing::instrument(skip(state, member), fields(store = %member.store_id()))]
pub async fn get_notifications(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
) -> AppResult<HttpResponse> {
    let (store, me) = (member.store_id(), member.user);
    let (private, public) = state
        .db
        .run(move |conn| {
            Ok((
                Notification::latest_private(conn, store, me)?,
                Notification::latest_public(conn, store)?,
            ))
        })
        .await?;
    let view = |v: &[Notification]| v.iter().map(NotificationView::from).collect();
    Ok(crate::api::envelope::ok(NotificationList {
        private: view(&private),
        public: view(&public),
    }))
}
