//! Who writes the blog: its editors, the accounts `BLOG_EDITOR_EMAILS` names.

use crate::calls::AppState;
use crate::db::models::user::User;
use crate::domain::blog::{self, BlogError};
use crate::domain::ids::UserId;
use crate::error::{AppError, AppResult};

/// Whether the user is one of the blog's editors.
pub async fn is_editor(state: &AppState, user: UserId) -> AppResult<bool> {
    let editors = state.settings.blog_editor_emails.clone();
    if editors.is_empty() {
        return Ok(false);
    }
    let email = state
        .db
        .run(move |conn| Ok(User::find_opt(conn, user)?.map(|u| u.email)))
        .await?;
    Ok(email.is_some_and(|e| blog::is_editor(&editors, &e)))
}

/// The refusal of a write by someone who is not an editor.
pub fn not_editor() -> AppError {
    BlogError::NotEditor.into()
}

/// The caller, when they are an editor.
pub(crate) async fn editor(state: &AppState, user: UserId) -> AppResult<UserId> {
    if is_editor(state, user).await? {
        Ok(user)
    } else {
        Err(not_editor())
    }
}
