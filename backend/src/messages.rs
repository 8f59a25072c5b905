//! The spec's error catalogue, word for word (spelling included): clients match on these texts.

pub const NOT_AUTHENTICATED: &str = "You need to be Authenticated to use this method";
pub const NO_ACTIVE_STORE: &str = "You need to have an active store.";
pub const NO_EMPLOYEE_DOCUMENT: &str = "Employee Document doesn't exist in the store.";
pub const NOT_ENOUGH_PERMISSION: &str = "You don't have enough permission for this operation.";
pub const NO_PERMISSION_PUBLISH: &str = "You don't have permission to publish shifts.";
pub const NO_PERMISSION_ALL_SHIFTS: &str = "You Don't Have Pemissoin To Get All Shifts";
pub const NO_PERMISSION_ADD_EMPLOYEES: &str = "you don't have permission to add employees";
pub const NO_PERMISSION_UPDATE_EMPLOYEES: &str = "You don't have permission to update employees";

pub const WRONG_CREDENTIALS: &str = "username.or.password.is.wrong";
pub const SOMETHING_WENT_WRONG: &str = "something.went.wrong";

pub const INVALID_BUSINESS_DATA: &str = "Invalid business data";
pub const NOT_OWNER: &str = "You do not have permission for this operation";
pub const STORE_DOES_NOT_EXIST: &str = "the.store.doesn't.exist";

pub const INVITE_ALREADY_RESOLVED: &str = "employee invite is already resolved.";
pub const SOMEONE_ELSES_PROFILE: &str = "Trying to update someone else's display iamge and name";
pub const FAILED_TO_GET_INVITATION: &str = "Failed to get the invitation.";
pub const INVALID_INVITE_CODE: &str =
    "Invalid Invite Code! This Invite Code doesn't exist or doesn't belong to you!";
pub const JOIN_SUCCESS: &str = "Hi! Everybody's waiting for you! Let's get you started!";
pub const COULD_NOT_TERMINATE: &str = "Couldn't terminate the employee";
pub const EMPLOYEE_TERMINATED: &str = "Employee terminated successfully";

// Texts the spec does not word; kept here so clients can match on them too.
pub const ROLE_NOT_FOUND: &str = "Role not found.";
pub const OWNER_RECORD_IS_FIXED: &str =
    "The store owner cannot be deactivated, terminated or lose ownership.";
pub const ALREADY_A_MEMBER: &str = "You are already a member of this store.";
pub const INVALID_EMAIL: &str = "Invalid email address.";
pub const AVAILABILITY_NOT_FOUND: &str = "Availability not found.";
pub const REQUEST_NOT_FOUND: &str = "Request not found.";
pub const NOT_YOUR_REQUEST: &str = "This request belongs to someone else.";
pub const TIME_OFF_APPROVED: &str = "Time off approved";

/// "This invite does not belong to {email}. Authenticate with the email that received the
/// invite and try again."
pub fn invite_not_yours(email: &str) -> String {
    format!(
        "This invite does not belong to {email}. Authenticate with the email that received the invite and try again."
    )
}

pub const EDIT_RESOLVED_REQUEST: &str = "Trying to edit a resolved request.";
pub const DELETE_RESOLVED_REQUEST: &str = "trying to delete a resolved request.";
pub const USE_DROP_SHIFT_METHOD: &str = "Use the drop shift method instead.";
pub const REQUEST_TYPE_DOES_NOT_EXIST: &str = "Request type doesn't exist.";
pub const REQUEST_TYPE_NOT_FOUND: &str = "Request type not found.";
pub const NO_DROP_REQUEST: &str = "no drop shift request found";
pub const START_BEFORE_END: &str = "Start date has to be before end date";
pub const NO_DATA: &str = "No data is available";
pub const TEMPLATE_DOES_NOT_EXIST: &str = "Trying to edit a template that doesn't exist.";
pub const TEMPLATE_ROLE_MISMATCH: &str =
    "The employee doesn't have the matching role with the template";

// Accounts. The spec leaves accounts to a hosted identity service; where it shows a text
// ("this code is wrong", "incorrect password") that text is used, the rest are ours.
pub const WRONG_CODE: &str = "this code is wrong";
pub const CODE_EXPIRED: &str = "This code has expired. Please request a new one.";
pub const CODE_EXHAUSTED: &str = "This code was tried too many times. Please request a new one.";
pub const INCORRECT_PASSWORD: &str = "incorrect password";
pub const EMAIL_TAKEN: &str = "An account with this email already exists.";
pub const EMAIL_ALREADY_CONFIRMED: &str = "Your email is already confirmed.";
pub const TOO_MANY_CODES: &str = "Too many codes were requested. Please try again later.";
// Linking a password to a Google account: the spec's texts.
pub const NOT_AUTHENTICATED_LINKING: &str = "not.authenticated";
pub const NOT_AUTHENTICATED_WITH_GOOGLE: &str = "not.authenticated.with.google";
/// A change of what signs in, from a session signed in too long ago.
pub const SIGN_IN_AGAIN: &str = "Please sign in again to make this change.";
pub const PASSWORD_EXISTS: &str = "This account already has a password.";
pub const NO_PASSWORD_YET: &str = "This account has no password yet; add one instead.";
pub const GOOGLE_NOT_CONFIGURED: &str = "Sign-in with Google is not available on this server.";
pub const GOOGLE_LINKED_ELSEWHERE: &str = "This Google account is linked to another account.";
pub const GOOGLE_SIGN_IN_EXPIRED: &str = "This Google sign-in has expired. Please start again.";
pub const PROOF_NEEDED: &str = "Give the account's password or a code mailed to it.";
// Deleting an account. Texts the spec does not word.
pub const ACCOUNT_OWNS_STORE: &str =
    "You own a store, so your account can't be deleted: a store can't be left without its owner.";
pub const DELETION_NOT_CONFIRMED: &str = "Type your account's email address to confirm.";

/// "Too many failed sign-in attempts. Please try again in {minutes} minute(s)."
pub fn too_many_sign_in_attempts(minutes: u64) -> String {
    format!(
        "Too many failed sign-in attempts. Please try again in {}.",
        in_minutes(minutes)
    )
}

/// Too many sign-in codes asked for, by one address or from one client.
pub fn too_many_code_requests(minutes: u64) -> String {
    format!(
        "Too many codes were requested. Please try again in {}.",
        in_minutes(minutes)
    )
}

/// A clock device that entered too many wrong business identity codes.
pub fn too_many_identity_code_attempts(minutes: u64) -> String {
    format!(
        "Too many wrong codes. Please try again in {}.",
        in_minutes(minutes)
    )
}

fn in_minutes(minutes: u64) -> String {
    let unit = if minutes == 1 { "minute" } else { "minutes" };
    format!("{minutes} {unit}")
}

// Shifts. Texts the spec does not word.
pub const SHIFT_NOT_FOUND: &str = "Shift not found.";
/// Accepting an auto-assign proposal whose employee can no longer take a shift.
pub const ASSIGNMENT_REFUSED: &str =
    "The schedule changed since this proposal; run auto-assign again.";
pub const STALE_SHIFT: &str =
    "This shift was changed by someone else in the meantime; review the current version.";
pub const RATE_UNFINISHED_SHIFT: &str = "Only a finished, assigned shift can be rated.";
pub const NOTHING_TO_REMIND: &str =
    "Only an upcoming published shift of a joined employee can be reminded.";
pub const SHIFT_OUT_OF_RANGE: &str =
    "Shifts can be planned from 60 days in the past up to 5 years ahead.";
pub const NOT_YOUR_SHIFT: &str = "This shift is not assigned to you.";

// The shift pool. Texts the spec does not word.
pub const SHIFT_ALREADY_DROPPED: &str = "This shift was already dropped.";
/// The role's swap switch is off; `{role}` is its title.
pub const ROLE_NOT_SWAPPABLE: &str = "Shifts of the role {role} can't be dropped or swapped.";
pub const TOO_LATE_TO_DROP: &str = "A shift can only be dropped up to 1 hour before it starts.";
pub const ALREADY_GRABBED: &str = "Someone else grabbed this shift first.";
pub const NOTHING_GRABBED: &str = "Nobody has grabbed this shift yet.";
/// Worded like the spec's "no drop shift request found".
pub const NO_OPEN_SHIFT: &str = "no open shift found";

// Web Push. The spec names the calls but not their texts.
pub const SUBSCRIPTION_MISSING: &str = "A push subscription is required.";
pub const SUBSCRIPTION_MALFORMED: &str =
    "The push subscription must be a PushSubscription in JSON: {endpoint, keys: {p256dh, auth}}.";
pub const PUSH_ENDPOINT_TOO_LONG: &str = "The push endpoint must be at most 2048 characters.";
pub const PUSH_ENDPOINT_INVALID: &str = "The push endpoint is not a valid URL.";
pub const PUSH_ENDPOINT_INSECURE: &str = "The push endpoint must be an https URL.";
pub const PUSH_ENDPOINT_PRIVATE: &str =
    "The push endpoint must not be on a local or private network.";
pub const PUSH_KEY_INVALID: &str =
    "The subscription's p256dh key is not a P-256 public key (65 bytes, base64url).";
pub const PUSH_AUTH_INVALID: &str = "The subscription's auth secret must be 16 bytes in base64url.";

// Undo of a manager's board changes.
pub const UNDO_CHANGED_SINCE: &str =
    "{title} was changed by someone else since your change, so nothing was undone.";
pub const UNDO_SHIFT_GONE: &str =
    "A shift of this change was deleted by someone else since, so nothing was undone.";
