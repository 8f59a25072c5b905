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

/// Elements that run, embed or restyle: none may be in a post's HTML.
const UNSAFE_TAGS: [&str; 14] = [
    "script", "iframe", "frame", "svg", "style", "form", "object", "embed", "meta", "link", "base",
    "body", "math", "noscript",
];

/// Attributes whose value is an address a browser follows or loads.
const URL_ATTRIBUTES: [&str; 11] = [
    "href",
    "src",
    "srcset",
    "cite",
    "action",
    "formaction",
    "poster",
    "background",
    "longdesc",
    "data",
    "xlink:href",
];

/// Whether serialised HTML (as `sanitise` writes it: text's `<` escaped, attribute values in
/// double quotes) leaves no way to run a script: no unsafe element, no event handler or
/// `style` attribute, no `javascript:`, `vbscript:` or `data:` address. The check the tests
/// and the fuzz target hold the rendering to; its error names what it found.
pub fn scriptless(html: &str) -> Result<(), String> {
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        rest = &rest[open + 1..];
        // The tag, up to its `>` outside a quoted value.
        let mut quoted = false;
        let end = rest
            .char_indices()
            .find(|&(_, c)| {
                if c == '"' {
                    quoted = !quoted;
                }
                c == '>' && !quoted
            })
            .map_or(rest.len(), |(i, _)| i);
        let tag = &rest[..end];
        rest = &rest[end..];
        let tag = tag.trim_start_matches('/');
        let name_end = tag
            .find(|c: char| c.is_whitespace() || c == '/')
            .unwrap_or(tag.len());
        let name = tag[..name_end].to_ascii_lowercase();
        if UNSAFE_TAGS.contains(&name.as_str()) {
            return Err(format!("<{name}>"));
        }
        // Its attributes: names, then `="value"`.
        let mut attrs = &tag[name_end..];
        loop {
            attrs = attrs.trim_start_matches(|c: char| c.is_whitespace() || c == '/');
            if attrs.is_empty() {
                break;
            }
            let name_len = attrs
                .find(|c: char| c.is_whitespace() || c == '=' || c == '/')
                .unwrap_or(attrs.len());
            let attr = attrs[..name_len].to_ascii_lowercase();
            attrs = &attrs[name_len..];
            // A value in quotes (as serialised), or up to the next space (as written by hand).
            let mut value = String::new();
            if let Some(after) = attrs.strip_prefix('=') {
                let (raw, next) = match after.strip_prefix('"') {
                    Some(quoted) => {
                        let close = quoted.find('"').unwrap_or(quoted.len());
                        (
                            &quoted[..close],
                            quoted.get(close + 1..).unwrap_or_default(),
                        )
                    }
                    None => {
                        let close = after.find(char::is_whitespace).unwrap_or(after.len());
                        (&after[..close], &after[close..])
                    }
                };
                value = raw
                    .replace("&quot;", "\"")
                    .replace("&nbsp;", "\u{a0}")
                    .replace("&amp;", "&");
                attrs = next;
            }
            if attr.starts_with("on") || attr == "style" || attr == "srcdoc" {
                return Err(format!("<{name} {attr}>"));
            }
            if URL_ATTRIBUTES.contains(&attr.as_str())
                && scheme(&value)
                    .is_some_and(|s| ["javascript", "vbscript", "data"].contains(&s.as_str()))
            {
                return Err(format!("<{name} {attr}={value:?}>"));
            }
        }
    }
    Ok(())
}

/// The scheme a browser reads in an address, by the URL standard's own parse (C0 controls
/// and spaces trimmed at the ends, tabs and newlines dropped anywhere): `java\nscript:` has
/// one, while `j\x12avascript:` is a relative path and so has none. An address the standard
/// cannot parse is one a browser does not follow.
fn scheme(address: &str) -> Option<String> {
    url::Url::parse(address)
        .ok()
        .map(|url| url.scheme().to_owned())
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
        "<a href=\"&#106;\x12avascript:\x0cler1(dela)\">x</a>",
        "<a href=\"\x01 java\tscript:alert(1)\">x</a>",
        "<details open ontoggle=alert(1)>",
        "<base href=\"https://evil.test/\">",
    ];

    #[test]
    fn hostile_markdown_and_html_lose_every_way_to_run_a_script() {
        for text in HOSTILE {
            let html = render(text).html;
            assert_eq!(scriptless(&html), Ok(()), "{text:?} became {html:?}");
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
    fn the_check_finds_what_runs_and_passes_what_only_looks_like_it() {
        for bad in [
            "<script>x</script>",
            "<p><IMG SRC=x OnError=alert(1)></p>",
            "<a href=\"java\nscript:alert(1)\">x</a>",
            "<a href=\"javascript&amp;colon;\">x</a><a href=\" JavaScript:x\">y</a>",
            "<img src=\"data:image/svg+xml,x\">",
            "<div style=\"x\">",
            "<a href=\"\x01\x1f javascript:x\">x</a>",
            "<a href=\"java\tscript:x\">x</a>",
        ] {
            assert!(scriptless(bad).is_err(), "{bad}");
        }
        for fine in [
            "<p>&lt;script&gt; onerror=x javascript:</p>",
            "<img src=\"https://a.test/x.png\" alt=\"<script> onload=x data:\">",
            "<img src=\"x.png\" alt=\"data:text/html,x\" title=\"javascript:x\">",
            "<a href=\"https://a.test/?q=javascript:\" rel=\"noopener noreferrer\">ok</a>",
            // A control character inside the word: a relative path to a browser.
            "<a href=\"j\x12avascript:\x0cx\">relative</a>",
        ] {
            assert_eq!(scriptless(fine), Ok(()), "{fine}");
        }
    }

    #[test]
    fn markdown_that_looks_hostile_in_its_text_is_kept_as_text() {
        let r = render(
            "![<script> onload=x](https://a.test/x.png) `<img onerror=x>` data: javascript:",
        );
        assert_eq!(scriptless(&r.html), Ok(()));
        assert!(r.html.contains("&lt;img onerror=x&gt;"));
    }

    #[test]
    fn raw_html_is_not_counted_as_words() {
        assert_eq!(
            render("<div>\nhidden words here\n</div>\n\nTwo words").words,
            2
        );
    }

    /// Pieces of Markdown and HTML that hostile texts are made of.
    const PIECES: &[&str] = &[
        "<",
        ">",
        "</",
        "/>",
        "script",
        "img",
        "a",
        "svg",
        "iframe",
        "style",
        "math",
        "noscript",
        "details",
        " src=",
        " href=",
        " onerror=",
        " onload=",
        " style=",
        " title=",
        "=",
        "\"",
        "'",
        "javascript:",
        "JaVa\tScRiPt:",
        "data:text/html,",
        "&#106;",
        "&colon;",
        "&amp;",
        "alert(1)",
        "[",
        "](",
        ")",
        "![",
        "`",
        "```\n",
        "\n",
        "\n\n",
        " ",
        "x",
        "|",
        "---",
        "# ",
        "> ",
        "- [x] ",
        "*",
        "<!--",
        "-->",
        "<![CDATA[",
    ];

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]

        /// Any text made of the pieces renders without a way to run a script.
        #[test]
        fn any_mix_of_hostile_pieces_renders_without_scripts(
            picks in proptest::collection::vec(0..PIECES.len(), 0..60)
        ) {
            let text: String = picks.iter().map(|&i| PIECES[i]).collect();
            let html = render(&text).html;
            proptest::prop_assert_eq!(scriptless(&html), Ok(()), "{:?} became {:?}", text, html);
        }
    }
}
