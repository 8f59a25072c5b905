//! Authentication: session tokens and the sessions they name, password hashing, the sign-in
//! throttle, one-time codes, and resolving who is calling.

pub mod codes;
pub mod jwt;
pub mod password;
pub mod public_rate;
pub mod session;
pub mod throttle;

pub use session::{bearer_token, Bearer};
