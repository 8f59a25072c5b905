//! `publishShifts`.

use crate::domain::ids::{ShiftId, ShiftIdList};
use crate::domain::notification::{texts, NotificationKind, Variant};
use crate::domain::shift;
use crate::error::AppResult;
use crate::store::command::{Command, Effects, Reply};
use crate::store::shifts::audience::changed;
use crate::store::shifts::notes::{notify_all, shift_note};
use crate::store::shifts::shared::{dedup, find, next_version, refusal, Caller, MAX_BATCH_IDS};
use crate::store::state::StoreState;
use crate::store::views::{ShiftView, ShiftViewList};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// The answer of `publishShifts`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublishedShifts {
    /// The shifts now published.
    pub shifts: ShiftViewList<{ MAX_BATCH_IDS }>,
    /// The open drafts named, left as they are: an open shift cannot be published.
    pub skipped: ShiftIdList<{ MAX_BATCH_IDS }>,
}

/// `publishShifts`: the named drafts with an assignee become published. Open shifts cannot be
/// published: they are skipped and listed, and a call naming only open drafts is refused.
#[derive(Debug)]
pub struct PublishShifts {
    pub by: Caller,
    pub ids: Vec<ShiftId>,
}

impl Command for PublishShifts {
    fn name(&self) -> &'static str {
        "publishShifts"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let mut effects = Effects::default();
        let mut published = Vec::new();
        let mut skipped = Vec::new();
        let mut open_error = None;
        let mut drafts = Vec::new();
        for id in dedup(&self.ids) {
            let s = find(state, id)?;
            match shift::publish(s.status, s.assigned.is_some()) {
                Ok(Some(next_status)) => {
                    let mut next = next_version(s, now);
                    next.status = next_status;
                    if let Some(u) = state.user_of(next.assigned) {
                        drafts.push(shift_note(
                            NotificationKind::NewShift,
                            Variant::Info,
                            texts::new_shift(&next.title, state.shift_when(&next)),
                            u,
                            self.by.user,
                            &next,
                            None,
                        ));
                    }
                    published.push(ShiftView::of(&next, now));
                    changed(state, s, next, now, &mut effects);
                }
                Ok(None) => {}
                Err(e) => {
                    skipped.push(id);
                    open_error = Some(e);
                }
            }
        }
        if let (true, Some(e)) = (published.is_empty(), open_error) {
            return Err(refusal(e));
        }
        notify_all(state, drafts, now, &mut effects);
        effects.reply = Reply::new(PublishedShifts {
            shifts: published.into(),
            skipped: skipped.into(),
        });
        Ok(effects)
    }
}
