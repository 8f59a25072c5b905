//! The chat's rules: who reads and posts in a conversation, what a message may hold, who edits
//! and deletes it, and unread counts.

use std::collections::HashMap;
use std::fmt;

/// The longest message text.
pub const TEXT_MAX: usize = 4000;
/// The longest conversation title.
pub const TITLE_MAX: usize = 120;
/// Most members a group conversation lists.
pub const GROUP_MAX: usize = 200;
/// Messages a history page holds (the spec's page size).
pub const PAGE: i64 = 20;

/// Beside the first page, the newest modified messages older than it (the spec: "20 newest
/// plus 10 newest modified"), so a reader opening a conversation sees late edits of earlier
/// messages too.
pub const MODIFIED_PAGE: i64 = 10;

/// The kinds of conversation.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[schema(as = ConversationKind)]
pub enum Kind {
    /// Every active member of the store.
    Team,
    /// Two members.
    Direct,
    /// The listed members.
    Group,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Team => "team",
            Kind::Direct => "direct",
            Kind::Group => "group",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        [Kind::Team, Kind::Direct, Kind::Group]
            .into_iter()
            .find(|k| k.as_str() == s)
    }
}

/// Why a chat operation is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The spec: empty or whitespace messages are not sent.
    Empty,
    TooLong,
    /// Only managers post in an announcement conversation.
    AnnouncementOnly,
    /// Only the sender edits a message.
    NotYours,
    /// A deleted message is not edited.
    Deleted,
    /// A direct conversation is with one colleague, not oneself.
    DirectNeedsOne,
    /// A group lists at least two colleagues besides its creator.
    GroupTooSmall,
    GroupTooLarge,
    /// Only managers make announcement conversations.
    AnnouncementByManagers,
    /// A poll's message says its question: it changes with the survey (`updateSurvey`), so
    /// the two never differ.
    SurveyMessage,
}

impl Refusal {
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::Empty => "message_empty",
            Refusal::TooLong => "message_too_long",
            Refusal::AnnouncementOnly => "announcement_only",
            Refusal::NotYours => "message_not_yours",
            Refusal::Deleted => "message_deleted",
            Refusal::DirectNeedsOne => "direct_needs_one",
            Refusal::GroupTooSmall => "group_too_small",
            Refusal::GroupTooLarge => "group_too_large",
            Refusal::AnnouncementByManagers => "announcement_by_managers",
            Refusal::SurveyMessage => "survey_message",
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Empty => f.write_str("Empty messages are not sent."),
            Refusal::TooLong => write!(f, "A message holds at most {TEXT_MAX} characters."),
            Refusal::AnnouncementOnly => f.write_str("Only managers post in this conversation."),
            Refusal::NotYours => f.write_str("Only its sender can change a message."),
            Refusal::Deleted => f.write_str("This message was deleted."),
            Refusal::DirectNeedsOne => {
                f.write_str("A direct conversation is with exactly one colleague.")
            }
            Refusal::GroupTooSmall => f.write_str("A group needs at least two colleagues."),
            Refusal::GroupTooLarge => write!(f, "A group holds at most {GROUP_MAX} members."),
            Refusal::AnnouncementByManagers => {
                f.write_str("Only managers start announcement conversations.")
            }
            Refusal::SurveyMessage => {
                f.write_str("A poll's question is changed by updating the poll.")
            }
        }
    }
}

/// A message's text, trimmed; refused when empty or too long.
pub fn text(raw: &str) -> Result<String, Refusal> {
    let trimmed = raw.trim();
    if trimmed.is_empty() {
        return Err(Refusal::Empty);
    }
    if trimmed.chars().count() > TEXT_MAX {
        return Err(Refusal::TooLong);
    }
    Ok(trimmed.to_string())
}

/// A message's text, trimmed: it may be empty only when the message carries files.
pub fn body(raw: &str, files: usize) -> Result<String, Refusal> {
    if files > 0 && raw.trim().is_empty() {
        return Ok(String::new());
    }
    text(raw)
}

/// The type of a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MessageKind {
    /// A member's words.
    Text,
    /// A member's pictures (and words).
    Image,
    /// A member's documents (and pictures and words).
    Document,
    /// The product's message that a shift was dropped for colleagues to grab.
    #[serde(rename = "dropshift")]
    DropShift,
    /// A poll or an open question.
    Survey,
}

impl MessageKind {
    pub fn as_str(self) -> &'static str {
        match self {
            MessageKind::Text => "text",
            MessageKind::Image => "image",
            MessageKind::Document => "document",
            MessageKind::DropShift => "dropshift",
            MessageKind::Survey => "survey",
        }
    }

    pub fn parse(s: &str) -> Option<MessageKind> {
        [
            MessageKind::Text,
            MessageKind::Image,
            MessageKind::Document,
            MessageKind::DropShift,
            MessageKind::Survey,
        ]
        .into_iter()
        .find(|k| k.as_str() == s)
    }
}

/// The type of a member's message: `document` when it carries a document, `image` when it
/// carries pictures only, `text` otherwise.
pub fn message_kind(images: usize, documents: usize) -> MessageKind {
    if documents > 0 {
        MessageKind::Document
    } else if images > 0 {
        MessageKind::Image
    } else {
        MessageKind::Text
    }
}

/// Whether a member hears of a new message by a `message` notification. They are told once
/// per stretch of unread messages (grouped per conversation): when they have read past the
/// message they were last told of (`told`, 0 when never).
pub fn tell_of_new(told: i64, seen: i64) -> bool {
    told <= seen
}

/// The members a text mentions: `@` followed by a member's full name, or by their first name
/// when no other member has it, in any case, and not followed by a letter or digit.
pub fn mentioned(text: &str, members: &[(uuid::Uuid, &str)]) -> Vec<uuid::Uuid> {
    // Most messages mention nobody: no names to lower-case for each of a large team's members.
    if !text.contains('@') {
        return Vec::new();
    }
    let lower = text.to_lowercase();
    // Each member's full name and first name, lower-cased once.
    let people: Vec<(String, String, uuid::Uuid)> = members
        .iter()
        .map(|(id, name)| (name.trim().to_lowercase(), *id))
        .filter(|(full, _)| !full.is_empty())
        .map(|(full, id)| {
            let first = full
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .to_string();
            (full, first, id)
        })
        .collect();
    let mut firsts: HashMap<&str, usize> = HashMap::new();
    for (_, first, _) in &people {
        *firsts.entry(first).or_default() += 1;
    }
    let mut names: Vec<(String, uuid::Uuid)> = Vec::new();
    for (full, first, id) in &people {
        if first != full && firsts.get(first.as_str()) == Some(&1) {
            names.push((first.clone(), *id));
        }
        names.push((full.clone(), *id));
    }
    // The longest name first, so "@Ana Lima" is Ana Lima and not an Ana.
    names.sort_by_key(|(n, _)| std::cmp::Reverse(n.len()));
    let mut found = Vec::new();
    for (at, _) in lower.match_indices('@') {
        let rest = &lower[at + 1..];
        if let Some((_, id)) = names.iter().find(|(n, _)| {
            rest.starts_with(n.as_str())
                && !rest[n.len()..]
                    .chars()
                    .next()
                    .is_some_and(char::is_alphanumeric)
        }) {
            if !found.contains(id) {
                found.push(*id);
            }
        }
    }
    found
}

/// The longest preview of a message in a notification.
pub const PREVIEW_MAX: usize = 120;

/// A message's first words for a notification, on one line.
pub fn preview(text: &str) -> String {
    let line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= PREVIEW_MAX {
        return line;
    }
    let cut: String = line.chars().take(PREVIEW_MAX - 1).collect();
    format!("{}…", cut.trim_end())
}

/// Whether `reader` (an employee record) reads a conversation listing `members`: anyone of
/// the store reads the team conversation; others read the ones that list them.
pub fn reads(kind: Kind, members: &[uuid::Uuid], reader: uuid::Uuid) -> bool {
    kind == Kind::Team || members.contains(&reader)
}

/// Whether a reader may post: announcement conversations take managers' posts only.
pub fn may_post(announcement: bool, manager: bool) -> Result<(), Refusal> {
    if announcement && !manager {
        Err(Refusal::AnnouncementOnly)
    } else {
        Ok(())
    }
}

/// Whether `editor` may edit a message of `sender`: its sender, unless it is deleted or
/// carries a survey (whose question changes with the survey).
pub fn may_edit(
    sender: Option<uuid::Uuid>,
    editor: uuid::Uuid,
    deleted: bool,
    survey: bool,
) -> Result<(), Refusal> {
    if deleted {
        return Err(Refusal::Deleted);
    }
    if sender != Some(editor) {
        return Err(Refusal::NotYours);
    }
    if survey {
        return Err(Refusal::SurveyMessage);
    }
    Ok(())
}

/// Whether `by` may delete a message of `sender`: its sender, or a manager of the store.
pub fn may_delete(
    sender: Option<uuid::Uuid>,
    by: uuid::Uuid,
    manager: bool,
) -> Result<(), Refusal> {
    if manager || sender == Some(by) {
        Ok(())
    } else {
        Err(Refusal::NotYours)
    }
}

/// The members a new conversation lists: the creator and the chosen colleagues, each once.
pub fn members(
    kind: Kind,
    creator: uuid::Uuid,
    chosen: &[uuid::Uuid],
    announcement: bool,
    manager: bool,
) -> Result<Vec<uuid::Uuid>, Refusal> {
    if announcement && !manager {
        return Err(Refusal::AnnouncementByManagers);
    }
    let mut others: Vec<uuid::Uuid> = chosen.iter().copied().filter(|m| *m != creator).collect();
    others.sort_unstable();
    others.dedup();
    match kind {
        Kind::Direct if others.len() != 1 => return Err(Refusal::DirectNeedsOne),
        Kind::Group if others.len() < 2 => return Err(Refusal::GroupTooSmall),
        Kind::Group if others.len() + 1 > GROUP_MAX => return Err(Refusal::GroupTooLarge),
        _ => {}
    }
    let mut all = others;
    all.push(creator);
    all.sort_unstable();
    Ok(all)
}

/// Unread messages: those after what the reader has seen.
pub fn unread(last_seq: i64, seen_seq: i64) -> i64 {
    (last_seq - seen_seq).max(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use uuid::Uuid;

    fn id(n: u128) -> Uuid {
        Uuid::from_u128(n)
    }

    #[test]
    fn empty_or_whitespace_messages_are_not_sent() {
        assert_eq!(text("  \n\t "), Err(Refusal::Empty));
        assert_eq!(text("  hi  "), Ok("hi".into()));
        assert_eq!(text(&"x".repeat(TEXT_MAX)).map(|t| t.len()), Ok(TEXT_MAX));
        assert_eq!(text(&"x".repeat(TEXT_MAX + 1)), Err(Refusal::TooLong));
        assert_eq!(Refusal::Empty.to_string(), "Empty messages are not sent.");
    }

    #[test]
    fn who_reads_and_posts() {
        assert!(reads(Kind::Team, &[], id(1)));
        assert!(reads(Kind::Group, &[id(1), id(2)], id(2)));
        assert!(!reads(Kind::Direct, &[id(1), id(2)], id(3)));
        assert_eq!(may_post(true, false), Err(Refusal::AnnouncementOnly));
        assert!(may_post(true, true).is_ok());
        assert!(may_post(false, false).is_ok());
    }

    #[test]
    fn who_edits_and_deletes() {
        assert!(may_edit(Some(id(1)), id(1), false, false).is_ok());
        assert_eq!(
            may_edit(Some(id(1)), id(2), false, false),
            Err(Refusal::NotYours)
        );
        assert_eq!(
            may_edit(Some(id(1)), id(1), true, false),
            Err(Refusal::Deleted)
        );
        assert_eq!(may_edit(None, id(1), false, false), Err(Refusal::NotYours));
        // A poll's message keeps saying the poll's question.
        assert_eq!(
            may_edit(Some(id(1)), id(1), false, true),
            Err(Refusal::SurveyMessage)
        );
        assert!(may_delete(Some(id(1)), id(1), false).is_ok());
        assert!(may_delete(Some(id(1)), id(2), true).is_ok());
        assert_eq!(
            may_delete(Some(id(1)), id(2), false),
            Err(Refusal::NotYours)
        );
    }

    #[test]
    fn conversation_members() {
        assert_eq!(
            members(Kind::Direct, id(1), &[id(2)], false, false),
            Ok(vec![id(1), id(2)])
        );
        assert_eq!(
            members(Kind::Direct, id(1), &[id(1)], false, false),
            Err(Refusal::DirectNeedsOne)
        );
        assert_eq!(
            members(Kind::Direct, id(1), &[id(2), id(3)], false, false),
            Err(Refusal::DirectNeedsOne)
        );
        assert_eq!(
            members(Kind::Group, id(1), &[id(2), id(2)], false, false),
            Err(Refusal::GroupTooSmall)
        );
        assert_eq!(
            members(Kind::Group, id(3), &[id(2), id(1)], false, false),
            Ok(vec![id(1), id(2), id(3)])
        );
        assert_eq!(
            members(Kind::Group, id(1), &[id(2), id(3)], true, false),
            Err(Refusal::AnnouncementByManagers)
        );
        let many: Vec<Uuid> = (2..=GROUP_MAX as u128 + 1).map(id).collect();
        assert_eq!(
            members(Kind::Group, id(1), &many, false, false),
            Err(Refusal::GroupTooLarge)
        );
    }

    #[test]
    fn files_may_go_without_words() {
        assert_eq!(body("  ", 1), Ok(String::new()));
        assert_eq!(body(" look ", 2), Ok("look".into()));
        assert_eq!(body("  ", 0), Err(Refusal::Empty));
        assert_eq!(message_kind(0, 0), MessageKind::Text);
        assert_eq!(message_kind(2, 0), MessageKind::Image);
        assert_eq!(message_kind(1, 1), MessageKind::Document);
    }

    #[test]
    fn unread_messages_are_told_of_once_per_stretch() {
        // Never told: told of the next one.
        assert!(tell_of_new(0, 0));
        // Told of message 5, not read yet: not told again.
        assert!(!tell_of_new(5, 4));
        // Read past it: told of the next one.
        assert!(tell_of_new(5, 5));
        assert!(tell_of_new(5, 9));
    }

    #[test]
    fn mentions_name_members() {
        let (ana, ana_lima, bo) = (id(1), id(2), id(3));
        let members = [(ana, "Ana Sousa"), (ana_lima, "Ana Lima"), (bo, "Bo Chen")];
        assert_eq!(mentioned("@bo can you swap?", &members), vec![bo]);
        assert_eq!(mentioned("thanks @Ana Lima!", &members), vec![ana_lima]);
        // Two Anas: a first name alone names neither.
        assert_eq!(mentioned("@Ana hi", &members), Vec::<Uuid>::new());
        assert_eq!(mentioned("@bob hi", &members), Vec::<Uuid>::new());
        assert_eq!(
            mentioned("mail bo@chen.example", &members),
            Vec::<Uuid>::new()
        );
        assert_eq!(
            mentioned("@Bo Chen and @ana sousa, @bo again", &members),
            vec![bo, ana]
        );
        assert_eq!(mentioned("no one", &members), Vec::<Uuid>::new());
    }

    #[test]
    fn previews_are_one_short_line() {
        assert_eq!(preview("see\n you   there"), "see you there");
        let long = "word ".repeat(60);
        let p = preview(&long);
        assert_eq!(p.chars().count(), PREVIEW_MAX);
        assert!(p.ends_with('…'));
    }

    #[test]
    fn unread_counts_what_was_not_seen() {
        assert_eq!(unread(10, 7), 3);
        assert_eq!(unread(10, 12), 0);
        assert_eq!(Kind::parse("group"), Some(Kind::Group));
        assert_eq!(Kind::parse("x"), None);
    }
}
