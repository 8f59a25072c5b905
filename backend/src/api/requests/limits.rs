//! The text limits availability and time off share.

/// Longest reason, description or answer text.
pub(crate) const TEXT_MAX: usize = 500;
/// Longest label (`type`, `status`) of an availability window.
pub(crate) const LABEL_MAX: usize = 60;
