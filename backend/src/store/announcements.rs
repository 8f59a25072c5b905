//! A manager's announcement: one notification for each reader, committed with the batch and
//! delivered like every notification (live to their room, then by Web Push).

use crate::domain::announcement::Announcement;
use crate::domain::ids::EmployeeId;
use crate::domain::notification::{self, AccessFor, NotificationKind, References};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::command::{Command, Effects, Reply};
use crate::store::shifts::Caller;
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};

/// `sendAnnouncement`: to the named colleagues, or to every active member but the sender.
/// Answers how many were told.
#[derive(Debug)]
pub struct Announce {
    pub by: Caller,
    pub announcement: Announcement,
    /// None for the whole team.
    pub to: Option<Vec<EmployeeId>>,
}

/// How many readers an announcement reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Told(pub usize);

impl Command for Announce {
    fn name(&self) -> &'static str {
        "sendAnnouncement"
    }

    #[tracing::instrument(name = "sendAnnouncement", skip_all)]
    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let active = |id: EmployeeId| {
            state
                .employee(id)
                .filter(|e| e.terminated_at.is_none() && !e.deactive)
        };
        let mut readers = match &self.to {
            Some(ids) => ids
                .iter()
                .map(|&id| {
                    active(id).ok_or_else(|| {
                        AppError::not_found("employee_not_found", messages::NO_EMPLOYEE_DOCUMENT)
                    })
                })
                .collect::<AppResult<Vec<_>>>()?
                .into_iter()
                .filter_map(|e| e.user_id)
                .collect::<Vec<_>>(),
            None => state
                .employees
                .iter()
                .filter(|e| e.terminated_at.is_none() && !e.deactive && e.id != self.by.employee)
                .filter_map(|e| e.user_id)
                .collect(),
        };
        readers.sort_unstable();
        readers.dedup();
        let Announcement {
            title,
            content,
            variant,
        } = &self.announcement;
        let drafts = readers
            .iter()
            .map(|&user| notification::Draft {
                kind: NotificationKind::Message,
                variant: *variant,
                text: notification::Text::written(title.clone(), content.clone()),
                access_for: AccessFor::User(user),
                source: Some(self.by.user),
                references: References::default(),
                reason: None,
            })
            .collect();
        let (writes, events) = crate::store::notify::effects(state, drafts, now);
        Ok(Effects {
            writes,
            events,
            reply: Reply::new(Told(readers.len())),
        })
    }
}
