//! The time clock as store commands: clocking shifts and proposed shifts in and out with
//! breaks, the managers' answers and edits, the clock's settings and secret. Each is planned
//! against the working set like the shift edits it races with, and committed with them.

mod changes;
mod manage;
mod proposals;
mod punch;
mod views;
mod work;

pub use changes::{PROPOSAL_EVENT, SESSION_EVENT};
pub use manage::{EditSession, EnsureClockSecret, SetPeriodApproval, UpdateClockSettings};
pub use proposals::AnsweredProposal;
pub use proposals::{Answer, AnswerProposal, Settled, StartProposal};
pub use punch::{fresh_secret, Punch};
pub use views::{ClockAnswer, ClockSessionView, PeriodView, ProposalView};
pub use work::{ClockOperation, Complete, CompletedShift, FinishShift, Pause, StartShift, Work};
