//! A deleted account in a store: what the store keeps of the person, and what it forgets.
//!
//! The store keeps its records of the work, which payroll and its history need: the person's
//! employee records, shifts, clock sessions, proposals, requests, messages and votes stay, and
//! name the record. The record itself forgets the person: its name becomes an anonymous one
//! that still tells two deleted people apart, its address one that reaches nobody, and its
//! phone number, birthday and photos go. A record still current is terminated as a manager's
//! termination would (its upcoming shifts are released in the same commit, its invitation
//! stops working). The person's own notifications and push subscriptions of the store go.

use crate::domain::audience::Audience;
use crate::domain::ids::{EmployeeId, UserId};
use crate::domain::privacy::{self, Privacy, Viewer};
use crate::error::AppResult;
use crate::store::command::{Command, Effects, EventDraft};
use crate::store::shifts::release_upcoming;
use crate::store::state::StoreState;
use crate::store::team_views::EmployeeView;
use crate::store::write::Write;
use chrono::{DateTime, Utc};

/// Forgets the person `user` in the store: answers how many records it anonymised.
#[derive(Debug)]
pub struct ForgetPerson {
    pub user: UserId,
}

impl Command for ForgetPerson {
    fn name(&self) -> &'static str {
        "deleteAccount"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let records: Vec<_> = state
            .employees
            .iter()
            .filter(|e| e.user_id == Some(self.user))
            .collect();
        let mut effects = Effects::nothing(records.len());
        if records.is_empty() {
            return Ok(effects);
        }
        let mut renamed: Vec<(EmployeeId, String)> = Vec::with_capacity(records.len());
        for record in records {
            let mut next = record.clone();
            next.full_name = privacy::anonymous_name(record.id.0);
            next.display_name = None;
            next.email = privacy::anonymous_email(record.id.0);
            next.phone_number = None;
            next.birthday = None;
            next.img = None;
            next.display_img = None;
            next.set_privacy(Privacy::default());
            next.updated_at = now;
            let current = record.terminated_at.is_none();
            if current {
                next.deactive = true;
                next.terminated_at = Some(now);
                release_upcoming(state, record.id, self.user, now, &mut effects);
                effects.writes.push(Write::DeleteInvite(record.id));
                effects.events.push(EventDraft {
                    kind: "employee.terminated",
                    data: serde_json::json!({ "id": record.id }),
                    visibility: Audience::Managers,
                });
            }
            // Managers' lists show the record under its new name.
            effects.events.push(EventDraft {
                kind: "employee.updated",
                data: serde_json::to_value(EmployeeView::seen_by(&next, Viewer::Manager))
                    .unwrap_or_default(),
                visibility: Audience::Managers,
            });
            renamed.push((record.id, next.email.clone()));
            effects.writes.push(Write::PutEmployee(Box::new(next)));
        }
        // After the releases, whose shifts no longer name the person.
        effects.writes.push(Write::ForgetPerson {
            user: self.user,
            records: renamed,
        });
        Ok(effects)
    }
}
