//! What a post's narration says: its title, abstract, body and conclusion as the pieces a
//! voice reads one after another. The body's Markdown is read as a listener hears it: headings,
//! paragraphs, quotes, list items and table rows are read; code blocks, pictures, raw HTML and
//! footnotes are not; a link reads its text, never its address. A long paragraph is cut at its
//! sentences, so that no piece keeps the shared speech worker long (a voice command waits for
//! at most one piece). Pure: the job speaks the pieces, and whether a save makes the audio
//! stale is whether the pieces changed.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

/// The longest piece, in characters (about 15 seconds of speech): a longer paragraph is cut at
/// its sentences, a longer sentence at a space.
pub const PIECE_MAX: usize = 240;

/// The texts of a post that are heard.
#[derive(Debug, Clone, Copy)]
pub struct Heard<'a> {
    pub title: &'a str,
    pub abstract_text: &'a str,
    /// Markdown.
    pub content: &'a str,
    pub conclusion: &'a str,
}

/// The pieces to speak, in order; none is empty.
pub fn script(heard: Heard<'_>) -> Vec<String> {
    let mut blocks = vec![sentence(heard.title), sentence(heard.abstract_text)];
    blocks.extend(body(heard.content));
    blocks.push(sentence(heard.conclusion));
    blocks
        .iter()
        .filter(|b| !b.is_empty())
        .flat_map(|b| pieces(b, PIECE_MAX))
        .collect()
}

/// Where a post's narration is heard: the post's audio address, named for the narration kept
/// (its key's last part), so a narration made again is a new address and no cache plays the
/// old one.
pub fn address(post: impl std::fmt::Display, key: &str) -> String {
    let version = key
        .rsplit('/')
        .next()
        .and_then(|name| name.split('.').next())
        .unwrap_or_default();
    format!("/posts/{post}/audio?v={version}")
}

/// Whether a save that changes a post from `before` to `after` makes its narration stale:
/// what would be said changed.
pub fn stale(before: Heard<'_>, after: Heard<'_>) -> bool {
    script(before) != script(after)
}

/// `text` with its spaces collapsed, ending like a sentence (a heading or a list item often
/// has no full stop, and without one a voice runs it into what follows).
fn sentence(text: &str) -> String {
    let mut out = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if out
        .chars()
        .last()
        .is_some_and(|c| c.is_alphanumeric() || c == ')' || c == '"' || c == '\'')
    {
        out.push('.');
    }
    out
}

/// The body's blocks as said: one string for each heading, paragraph, list item or table row.
fn body(markdown: &str) -> Vec<String> {
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_FOOTNOTES;
    let mut blocks = Vec::new();
    let mut current = String::new();
    // Inside something not read (a code block, a picture, raw HTML, a footnote), how deep.
    let mut unread = 0usize;
    let mut end_block = |current: &mut String| {
        let said = sentence(current);
        if !said.is_empty() {
            blocks.push(said);
        }
        current.clear();
    };
    for event in Parser::new_ext(markdown, options) {
        match event {
            Event::Start(
                Tag::CodeBlock(_) | Tag::Image { .. } | Tag::HtmlBlock | Tag::FootnoteDefinition(_),
            ) => unread += 1,
            Event::End(
                TagEnd::CodeBlock | TagEnd::Image | TagEnd::HtmlBlock | TagEnd::FootnoteDefinition,
            ) => unread = unread.saturating_sub(1),
            _ if unread > 0 => {}
            Event::Text(t) | Event::Code(t) => current.push_str(&t),
            // Inline HTML's tags are not said; the words beside them stay apart.
            Event::SoftBreak | Event::HardBreak | Event::InlineHtml(_) => current.push(' '),
            Event::End(TagEnd::TableCell) => current.push_str(", "),
            // A list item's own text ends where a nested list begins.
            Event::Start(Tag::List(_))
            | Event::End(
                TagEnd::Heading(_)
                | TagEnd::Paragraph
                | TagEnd::Item
                | TagEnd::TableRow
                | TagEnd::TableHead,
            ) => end_block(&mut current),
            _ => {}
        }
    }
    end_block(&mut current);
    blocks
        .into_iter()
        .map(|b| b.trim_end_matches([',', ' ']).to_string())
        .map(|b| sentence(&b))
        .collect()
}

/// Whether `c` ends a sentence (in the four languages' scripts).
fn ends_sentence(c: char) -> bool {
    matches!(c, '.' | '!' | '?' | '…' | '؟' | '۔' | ';' | '؛')
}

/// A block cut into pieces of at most `max` characters: whole sentences where they fit, a
/// longer sentence at its spaces, a longer word by itself.
fn pieces(block: &str, max: usize) -> Vec<String> {
    let mut sentences = Vec::new();
    let mut start = 0;
    let mut chars = block.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let next_is_space = chars.peek().is_none_or(|(_, n)| n.is_whitespace());
        if ends_sentence(c) && next_is_space {
            let end = i + c.len_utf8();
            sentences.push(block[start..end].trim());
            start = end;
        }
    }
    sentences.push(block[start..].trim());
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for sentence in sentences.into_iter().filter(|s| !s.is_empty()) {
        for word in words_within(sentence, max) {
            let joined = current.chars().count() + 1 + word.chars().count();
            if !current.is_empty() && joined > max {
                out.push(std::mem::take(&mut current));
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(&word);
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// A sentence as one run when it fits in `max`, else its words.
fn words_within(sentence: &str, max: usize) -> Vec<String> {
    if sentence.chars().count() <= max {
        vec![sentence.to_string()]
    } else {
        sentence.split_whitespace().map(String::from).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heard(content: &str) -> Heard<'_> {
        Heard {
            title: "Plan a week",
            abstract_text: "How a manager plans.",
            content,
            conclusion: "Plan early!",
        }
    }

    #[test]
    fn title_abstract_body_and_conclusion_are_said_in_order() {
        assert_eq!(
            script(heard(
                "Shifts are planned **weekly**.\n\nA second paragraph."
            )),
            [
                "Plan a week.",
                "How a manager plans.",
                "Shifts are planned weekly.",
                "A second paragraph.",
                "Plan early!",
            ]
        );
    }

    #[test]
    fn headings_and_list_items_are_sentences_and_links_read_their_text_only() {
        let said = script(heard(
            "## Why plan\n\n- one [shift board](https://clockto.test/board) for all\n- `code` \
             in text\n  - nested item\n\n1. first\n2. second",
        ));
        assert_eq!(
            &said[2..6],
            [
                "Why plan.",
                "one shift board for all.",
                "code in text.",
                "nested item.",
            ]
        );
        assert_eq!(&said[6..8], ["first.", "second."]);
        assert!(said.iter().all(|p| !p.contains("https")));
    }

    #[test]
    fn code_blocks_pictures_raw_html_and_footnotes_are_not_said() {
        let said = script(heard(
            "Before.\n\n```rust\nfn main() {}\n```\n\n    indented code\n\n\
             ![a diagram of the week](https://clockto.test/w.png)\n\n<div>\nhidden words\n</div>\n\n\
             After<span>inline</span> it[^1].\n\n[^1]: A footnote.",
        ));
        assert_eq!(&said[2..], ["Before.", "After inline it.", "Plan early!"]);
    }

    #[test]
    fn tables_are_read_row_by_row_and_quotes_as_paragraphs() {
        let said = script(heard(
            "| Day | Shift |\n|---|---|\n| Monday | Early |\n\n> Quoted words",
        ));
        assert_eq!(
            &said[2..5],
            ["Day, Shift.", "Monday, Early.", "Quoted words."]
        );
    }

    #[test]
    fn a_long_paragraph_is_cut_at_its_sentences_within_the_bound() {
        let sentence = "This sentence has a few words in it. ";
        let long = sentence.repeat(20);
        let said = script(heard(&long));
        let body = &said[2..said.len() - 1];
        assert!(body.len() > 1);
        for piece in body {
            assert!(piece.chars().count() <= PIECE_MAX, "{piece}");
            assert!(piece.ends_with('.'), "cut inside a sentence: {piece}");
        }
        assert_eq!(body.join(" "), long.trim());
        // A sentence longer than a piece is cut at its spaces.
        let endless = "word ".repeat(200);
        let said = script(heard(&endless));
        assert!(said.iter().all(|p| p.chars().count() <= PIECE_MAX));
        assert_eq!(
            said[2..said.len() - 1].join(" "),
            format!("{}.", endless.trim())
        );
    }

    #[test]
    fn persian_text_is_cut_at_its_own_question_mark() {
        let long = "آیا شیفت‌ها آماده است؟ ".repeat(20);
        let said = script(heard(&long));
        assert!(said[2..said.len() - 1].iter().all(|p| p.ends_with('؟')));
    }

    #[test]
    fn empty_parts_say_nothing() {
        let said = script(Heard {
            title: "Title",
            abstract_text: "  ",
            content: "<div>only html</div>",
            conclusion: "",
        });
        assert_eq!(said, ["Title."]);
    }

    #[test]
    fn the_address_names_the_narration_kept() {
        assert_eq!(
            address("p1", "blog/p1/0193a1b2-c3d4.ogg"),
            "/posts/p1/audio?v=0193a1b2-c3d4"
        );
    }

    #[test]
    fn narration_is_stale_only_when_what_is_said_changes() {
        let before = heard("Shifts are planned weekly.");
        assert!(!stale(before, heard("Shifts are planned **weekly**.")));
        assert!(!stale(
            before,
            heard("Shifts are [planned](https://a.test) weekly.")
        ));
        assert!(stale(before, heard("Shifts are planned daily.")));
        assert!(stale(
            before,
            Heard {
                abstract_text: "Another abstract.",
                ..before
            }
        ));
    }
}
