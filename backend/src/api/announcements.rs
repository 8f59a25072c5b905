//! `sendAnnouncement` (ours; the spec's `/newNotification` screen): a manager tells the team,
//! or chosen colleagues, something by notification.

use crate::api::shifts::caller;
use crate::calls::bounded::RequiredText;
use crate::calls::{Access, Call, Ctx, Registry};
use crate::domain::announcement::{Announcement, CONTENT_MAX, RECIPIENTS_MAX, TITLE_MAX};
use crate::domain::ids::EmployeeIdList;
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::store::announcements::{Announce, Told};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn register(r: &mut Registry) {
    r.add::<SendAnnouncement>();
}

/// `sendAnnouncement`: a title and a text, to everyone or to the named colleagues.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendAnnouncement {
    // Checked, with the content, by `Announcement::parse`.
    pub title: RequiredText<{ TITLE_MAX }>,
    pub content: RequiredText<{ CONTENT_MAX }>,
    /// 1 success, 2 warning, 3 error, 4 info (the default).
    #[schema(minimum = 1, maximum = 4)]
    pub variant: Option<i16>,
    /// The colleagues (employee record ids) told; absent or empty tells every active member.
    #[serde(default)]
    pub employees: Option<EmployeeIdList<{ RECIPIENTS_MAX }>>,
}

/// The answer of `sendAnnouncement`.
#[derive(Debug, Serialize, ToSchema)]
pub struct AnnouncementSent {
    /// How many people were told.
    #[schema(minimum = 0)]
    pub sent: usize,
}

impl Call for SendAnnouncement {
    const NAME: &'static str = "sendAnnouncement";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str =
        "Tell the team, or chosen colleagues, something by notification (managers).";
    type Output = AnnouncementSent;

    #[tracing::instrument(name = "sendAnnouncement", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<AnnouncementSent> {
        if !ctx.member()?.is_manager() {
            return Err(AppError::forbidden(
                "permission_denied",
                crate::messages::NOT_ENOUGH_PERMISSION,
            ));
        }
        let by = caller(&ctx)?;
        // `Announcement::parse` checks how many.
        let to = self
            .employees
            .map(|ids| ids.0)
            .filter(|ids| !ids.is_empty());
        let announcement = Announcement::parse(
            &self.title,
            &self.content,
            self.variant,
            to.as_ref().map_or(0, Vec::len),
        )
        .map_err(|e| AppError::bad_request(e.code(), e.to_string()))?;
        let store = ctx.member()?.store_id();
        let Told(sent) = ctx
            .state
            .stores
            .execute(
                store,
                Announce {
                    by,
                    announcement,
                    to,
                },
            )
            .await?;
        Ok(AnnouncementSent { sent })
    }
}
