//! The chat as store commands: conversations, messages (with a gap-free sequence per
//! conversation), edits, deletions, reactions and reads, planned against the working set and
//! committed before they are delivered, like every change of a store. Polls and open
//! questions are `store::survey`.

pub mod access;
pub mod conversations;
pub mod messages;
pub mod post;
pub mod reads;
pub mod views;

pub use conversations::CreateConversation;
pub use messages::{ChangeMessage, React, SendMessage, EMOJI_MAX};
pub use post::{post, Draft};
pub use reads::MarkSeen;
pub use views::{
    file_url, reaction_views, thumbnail_url, Attachment, ConversationView, DocumentLink,
    MessageView, ReactionView,
};
