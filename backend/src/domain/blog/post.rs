//! A post as an editor writes it: its texts' bounds, its tags, its cover, its address, and
//! what is made of it when it is saved (the safe HTML and the reading time).

use super::error::BlogError;
use super::{reading, render, slug};

pub const TITLE_MAX: usize = 160;
/// The abstract is the post's description in lists, feeds and link previews.
pub const ABSTRACT_MAX: usize = 400;
pub const CONTENT_MAX: usize = 100_000;
pub const CONCLUSION_MAX: usize = 4_000;
pub const TAGS_MAX: usize = 8;
pub const TAG_MAX: usize = 32;

/// The texts of a post, read and trimmed by the call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    pub title: String,
    pub slug: Option<String>,
    pub abstract_text: String,
    pub content: String,
    pub conclusion: Option<String>,
    pub tags: Vec<String>,
    /// Whether a cover picture is named.
    pub has_cover: bool,
}

/// A post ready to be kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    pub title: String,
    pub slug: String,
    pub abstract_text: String,
    pub content: String,
    pub conclusion: String,
    pub tags: Vec<String>,
    /// The content's safe HTML.
    pub html: String,
    /// Reading time in seconds.
    pub duration: i32,
}

/// A tag as it is kept and searched: trimmed, lower-case, inner spaces as hyphens.
pub fn tag(raw: &str) -> String {
    raw.split_whitespace()
        .collect::<Vec<_>>()
        .join("-")
        .to_lowercase()
}

/// The tags of a post: each in tag form, empty ones dropped, each once, at most
/// [`TAGS_MAX`], each cut to [`TAG_MAX`] characters.
pub fn tags(raw: &[String]) -> Result<Vec<String>, BlogError> {
    let mut out: Vec<String> = Vec::new();
    for t in raw {
        let t: String = tag(t).chars().take(TAG_MAX).collect();
        if !t.is_empty() && !out.contains(&t) {
            out.push(t);
        }
    }
    if out.len() > TAGS_MAX {
        return Err(BlogError::TooManyTags);
    }
    Ok(out)
}

/// Checks a written post and makes what is kept of it.
pub fn draft(written: Written) -> Result<Draft, BlogError> {
    if !written.has_cover {
        return Err(BlogError::CoverRequired);
    }
    let slug = slug::choose(written.slug.as_deref(), &written.title)?;
    let tags = tags(&written.tags)?;
    let conclusion = written.conclusion.unwrap_or_default();
    let body = render::render(&written.content);
    let words = body.words + reading::words(&conclusion);
    Ok(Draft {
        title: written.title,
        slug,
        abstract_text: written.abstract_text,
        html: body.html,
        duration: reading::duration(words),
        content: written.content,
        conclusion,
        tags,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written() -> Written {
        Written {
            title: "Plan a Week in Minutes".into(),
            slug: None,
            abstract_text: "How a manager plans.".into(),
            content: "word ".repeat(400),
            conclusion: Some("Two more.".into()),
            tags: vec![
                "Scheduling".into(),
                " Team  Work ".into(),
                "scheduling".into(),
            ],
            has_cover: true,
        }
    }

    #[test]
    fn a_draft_has_its_slug_tags_html_and_reading_time() {
        let d = draft(written()).expect("a draft");
        assert_eq!(d.slug, "plan-a-week-in-minutes");
        assert_eq!(d.tags, ["scheduling", "team-work"]);
        assert!(d.html.starts_with("<p>word word"));
        // 402 words at 200 a minute.
        assert_eq!(d.duration, 121);
        assert_eq!(d.conclusion, "Two more.");
    }

    #[test]
    fn a_post_without_a_cover_is_refused() {
        let w = Written {
            has_cover: false,
            ..written()
        };
        assert_eq!(draft(w), Err(BlogError::CoverRequired));
    }

    #[test]
    fn at_most_eight_tags() {
        let many: Vec<String> = (0..9).map(|i| format!("t{i}")).collect();
        assert_eq!(tags(&many), Err(BlogError::TooManyTags));
        assert_eq!(tags(&many[..8]).map(|t| t.len()), Ok(8));
        assert_eq!(
            tags(&[" ".into(), "x".repeat(40)]),
            Ok(vec!["x".repeat(TAG_MAX)])
        );
    }

    #[test]
    fn an_empty_post_reads_for_the_default_time() {
        let w = Written {
            content: "<div>no words that count</div>".into(),
            conclusion: None,
            ..written()
        };
        assert_eq!(draft(w).map(|d| d.duration), Ok(reading::DEFAULT_DURATION));
    }
}
