//! Authentication: session tokens and the sessions they name, password hashing, the sign-in
//! throttle, one-time codes (mailed sign-in codes among them), signing in through an OpenID
//! provider, and resolving who is calling. A session is the same row whatever the method.

pub mod codes;
pub mod jwt;
pub mod oidc;
pub mod password;
pub mod person_rate;
pub mod public_rate;
pub mod session;
pub mod throttle;

pub use session::{bearer_token, Bearer};
