//! The voice assistant's rules: what it knows of a store (`facts`, as its caller may see
//! them), the words it hears (`words`) and each language's keywords (`keywords`), the
//! grammar the recogniser is held to (`grammar`), what a command asks (`intent`), what it
//! answers (`answer`, a `message` in no language yet) and how that is said in the caller's
//! language (`catalogue`), the confirmation an action waits for (`confirm`), and the
//! recording it accepts (`wav`).

pub mod answer;
pub mod catalogue;
pub mod confirm;
pub mod facts;
pub mod grammar;
pub mod intent;
pub mod keywords;
pub mod message;
pub mod wav;
pub mod words;

pub use answer::{answer, Answer};
pub use catalogue::Catalogue;
pub use confirm::{Action, Pending};
pub use facts::Facts;
pub use grammar::{grammar, Grammar};
pub use intent::{understand, Intent};
pub use message::Message;
pub use words::Lexicon;
