//! A post's Markdown as the page shows it: rendered with `pulldown-cmark` (CommonMark with
//! tables, strikethrough, task lists and footnotes), then sanitised with `ammonia`, so that
//! whatever the text holds (raw HTML, `javascript:` links, event handlers, styles, frames) no
//! script of it ever runs on a reader's page. Done when a post is saved, not when it is read.

use pulldown_cmark::{html, Event, Options, Parser, Tag, TagEnd};
use std::collections::HashSet;

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_FOOTNOTES
}

/// A post's rendered text and what was counted of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// Safe HTML.
    pub html: String,
    /// The words a reader reads (text and code; not markup, addresses, raw HTML or
    /// pictures' descriptions).
    pub words: usize,
}

/// Renders and sanitises `markdown`.
pub fn render(markdown: &str) -> Rendered {
    let mut words = 0;
    // Words inside raw HTML and pictures' descriptions are not read out.
    let mut skipped = 0usize;
    let events = Parser::new_ext(markdown, options()).inspect(|event| match event {
        Event::Start(Tag::HtmlBlock | Tag::Image { .. }) => skipped += 1,
        Event::End(TagEnd::HtmlBlock | TagEnd::Image) => skipped = skipped.saturating_sub(1),
        Event::Text(t) | Event::Code(t) if skipped == 0 => words += super::reading::words(t),
        _ => {}
    });
    let mut raw = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut raw, events);
    Rendered {
        html: sanitise(&raw),
        words,
    }
}

/// What a post's HTML may hold: ammonia's defaults (text markup, lists, tables, quotes, code,
/// pictures, links; no script, style, frame, form or event handler; only `http`, `https` and
/// `mailto` addresses), with links to elsewhere kept from the page's context.
pub fn sanitise(html: &str) -> String {
    ammonia::Builder::default()
        .url_schemes(HashSet::from(["http", "https", "mailto"]))
        .link_rel(Some("noopener noreferrer"))
        .add_tag_attributes("input", ["type", "checked", "disabled"])
        .add_tags(["input"])
        .attribute_filter(|element, attribute, value| match (element, attribute) {
            // A task list's box, shown and never sent.
            ("input", "type") if value != "checkbox" => None,
            _ => Some(value.into()),
        })
        .clean(html)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hostile texts: none may leave a way to run a script.
    const HOSTILE: &[&str] = &[
        "<script>alert(1)</script>",
        "<SCRIPT SRC=//evil.test/x.js></SCRIPT>",
        "<img src=x onerror=alert(1)>",
        "<a href=\"javascript:alert(1)\">x</a>",
        "[click](javascript:alert(1))",
        "[click](JaVaScRiPt:alert(1))",
        "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "![x](javascript:alert(1))",
        "<svg onload=alert(1)><circle r=1 /></svg>",
        "<iframe src=\"https://evil.test\"></iframe>",
        "<div style=\"background:url(javascript:alert(1))\" onclick=\"alert(1)\">x</div>",
        "<body onload=alert(1)>",
        "<form action=https://evil.test><input name=x></form>",
        "<object data=x.swf></object><embed src=x.swf>",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
        "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">",
        "<meta http-equiv=\"refresh\" content=\"0;url=https://evil.test\">",
        "<link rel=stylesheet href=https://evil.test/x.css>",
        "<input type=\"text\" onfocus=alert(1) autofocus>",
        "<a href=\"&#106;avascript:alert(1)\">x</a>",
        "<details open ontoggle=alert(1)>",
        "<base href=\"https://evil.test/\">",
    ];

    /// Whether no tag of `html` runs anything: text between tags is escaped, so only the tags
    /// (their names and attributes) are read.
    fn runs_nothing(html: &str) -> bool {
        const TAGS: [&str; 13] = [
            "script", "iframe", "svg", "style", "form", "object", "embed", "meta", "link", "base",
            "body", "math", "noscript",
        ];
        html.split('<').skip(1).all(|rest| {
            let tag = rest.split('>').next().unwrap_or_default().to_lowercase();
            let name = tag
                .trim_start_matches('/')
                .split([' ', '/'])
                .next()
                .unwrap_or_default();
            !TAGS.contains(&name)
                && !tag.contains(" on")
                && !tag.contains("javascript:")
                && !tag.contains("data:")
                && !tag.contains("style=")
        })
    }

    #[test]
    fn hostile_markdown_and_html_lose_every_way_to_run_a_script() {
        for text in HOSTILE {
            let html = render(text).html;
            assert!(runs_nothing(&html), "{text:?} became {html:?}");
        }
    }

    #[test]
    fn markdown_keeps_its_markup() {
        let r = render(
            "# Title\n\nSome *emphasis*, **strong**, `code` and [a link](https://clockto.test).\n\n\
             | a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n![a cover](https://clockto.test/c.webp)",
        );
        assert!(r.html.contains("<h1>Title</h1>"));
        assert!(r.html.contains("<em>emphasis</em>"));
        assert!(r.html.contains("<table>"));
        assert!(r
            .html
            .contains("<a href=\"https://clockto.test\" rel=\"noopener noreferrer\">a link</a>"));
        assert!(r
            .html
            .contains("<img src=\"https://clockto.test/c.webp\" alt=\"a cover\">"));
        assert!(r.html.contains("type=\"checkbox\""));
        // Title, Some, emphasis, strong, code, and, a, link, a, b, 1, 2, done.
        assert_eq!(r.words, 13);
    }

    #[test]
    fn raw_html_is_not_counted_as_words() {
        assert_eq!(
            render("<div>\nhidden words here\n</div>\n\nTwo words").words,
            2
        );
    }
}
