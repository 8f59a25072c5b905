//! `updatePrivacySettings`: who in the person's stores sees their phone number and birthday
//! (`domain::privacy`). The choice is the account's; each store's actor copies it onto the
//! person's record there, so every answer and live change built from the record applies it.

use crate::calls::{Access, Call, Ctx};
use crate::db::models::employee::Employee;
use crate::db::models::user::User;
use crate::domain::privacy::{Privacy, Visibility};
use crate::error::AppResult;
use crate::store::employees::MirrorPrivacy;
use serde::Deserialize;
use utoipa::ToSchema;

/// `updatePrivacySettings`: a field left out keeps its choice.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdatePrivacySettings {
    /// Who sees my phone number.
    pub phone: Option<Visibility>,
    /// Who sees my birthday.
    pub birthday: Option<Visibility>,
}

impl Call for UpdatePrivacySettings {
    const NAME: &'static str = "updatePrivacySettings";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str =
        "Choose who in my stores sees my phone number and my birthday: everyone, managers only, or only me.";
    type Output = Privacy;

    #[tracing::instrument(name = "updatePrivacySettings", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Privacy> {
        let id = ctx.user()?;
        let now = ctx.state.clock.now();
        let (privacy, stores) = ctx
            .state
            .db
            .transaction(move |conn| {
                // Locked, so two changes racing each keep the other's field.
                let user = User::find_for_update(conn, id)?;
                let next = user.privacy().with(self.phone, self.birthday);
                User::set_privacy(conn, id, next, now)?;
                Ok((next, Employee::memberships(conn, id)?))
            })
            .await?;
        // Every store hears of it before the answer: a store that could not take it fails the
        // call, and sending the choice again brings every store to it.
        for (_, store) in stores {
            let cmd = MirrorPrivacy { user: id, privacy };
            ctx.state.stores.execute::<()>(store.id, cmd).await?;
        }
        Ok(privacy)
    }
}
