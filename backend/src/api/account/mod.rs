//! Account calls: sign-up, sign-in, sign-out (here or everywhere) and the e-mail check
//! ([`sign_in`]), signing in with a mailed code ([`code_sign_in`]), e-mail confirmation
//! ([`email`]), password reset, change and linking ([`passwords`]), the signed-in user
//! (`GET /api/v1/me`) and profile updates ([`profile`]), signing in through Google
//! ([`google`]), who sees one's phone and birthday ([`privacy`]), downloading everything held
//! about oneself ([`archive`]) and deleting one's account ([`deletion`]).
//!
//! The services they call live in [`crate::auth`]: sessions in [`session`], one-time codes
//! in [`codes`], the sign-in throttle in [`throttle`], hashing off the async workers in
//! [`password`].
//!
//! [`session`]: crate::auth::session
//! [`codes`]: crate::auth::codes
//! [`throttle`]: crate::auth::throttle
//! [`password`]: crate::auth::password

pub mod archive;
pub mod code_sign_in;
pub mod deletion;
pub mod email;
pub mod google;
pub mod notification_settings;
pub mod passwords;
pub mod privacy;
pub mod profile;
pub mod sign_in;

use crate::calls::Registry;
use crate::domain::account::AccountRuleError;
use crate::error::AppError;

/// Registers the account calls.
pub fn register(registry: &mut Registry) {
    registry
        .add::<sign_in::Signup>()
        .add::<sign_in::Login>()
        .add::<sign_in::Logout>()
        .add::<sign_in::LogoutEverywhere>()
        .add::<email::RequestEmailConfirmation>()
        .add::<email::ConfirmEmail>()
        .add::<passwords::RequestResetPassword>()
        .add::<passwords::CheckResetPasswordConfirmCode>()
        .add::<passwords::ConfirmResetPassword>()
        .add::<passwords::AuthenticatedResetPassword>()
        .add::<passwords::LinkPassword>()
        .add::<code_sign_in::SendSignInCode>()
        .add::<code_sign_in::SignInWithCode>()
        .add::<sign_in::CheckEmailExists>()
        .add::<profile::UpdateProfile>()
        .add::<notification_settings::GetNotificationSettings>()
        .add::<notification_settings::UpdateNotificationSettings>()
        .add::<privacy::UpdatePrivacySettings>()
        .add::<deletion::DeleteAccount>();
    google::register(registry);
}

impl From<AccountRuleError> for AppError {
    fn from(e: AccountRuleError) -> Self {
        AppError::bad_request(e.code(), e.to_string())
    }
}
