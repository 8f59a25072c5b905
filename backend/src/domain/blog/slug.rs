//! A post's address: `/posts/{slug}`. Lower-case letters (of any script) and digits joined by
//! single hyphens, unique per language (the database's index holds that).

use super::error::BlogError;

/// The longest slug, in characters.
pub const SLUG_MAX: usize = 80;

/// Slugs the blog's own pages use.
const RESERVED: [&str; 2] = ["admin", "feed"];

/// The slug of `text`: letters and digits kept (lower-cased), every run of anything else one
/// hyphen, none at either end, cut at [`SLUG_MAX`] characters on a word's end when it can.
pub fn slugify(text: &str) -> String {
    let mut out = String::new();
    let mut gap = false;
    for c in text.chars() {
        if c.is_alphanumeric() {
            if gap && !out.is_empty() {
                out.push('-');
            }
            gap = false;
            out.extend(c.to_lowercase());
        } else {
            gap = true;
        }
    }
    if out.chars().count() <= SLUG_MAX {
        return out;
    }
    let cut: String = out.chars().take(SLUG_MAX).collect();
    match cut.rfind('-') {
        Some(at) if at > 0 => cut[..at].to_string(),
        _ => cut,
    }
}

/// The slug a post takes: the one given, else its title's, in slug form; empty or reserved
/// ones are refused.
pub fn choose(given: Option<&str>, title: &str) -> Result<String, BlogError> {
    let slug = match given.map(str::trim) {
        Some(s) if !s.is_empty() => slugify(s),
        _ => slugify(title),
    };
    if slug.is_empty() {
        return Err(BlogError::SlugRequired);
    }
    if RESERVED.contains(&slug.as_str()) {
        return Err(BlogError::SlugReserved);
    }
    Ok(slug)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_become_hyphenated_lower_case_words() {
        assert_eq!(
            slugify("Plan Shifts in 5 Minutes!"),
            "plan-shifts-in-5-minutes"
        );
        assert_eq!(slugify("  --Hello,   World--  "), "hello-world");
        assert_eq!(slugify("Über Schichten & Pläne"), "über-schichten-pläne");
        assert_eq!(slugify("برنامه‌ریزی شیفت"), "برنامه-ریزی-شیفت");
        assert_eq!(slugify("¡¿?!"), "");
    }

    #[test]
    fn a_long_title_is_cut_on_a_word_s_end() {
        let slug = slugify(&"word ".repeat(40));
        assert!(slug.chars().count() <= SLUG_MAX);
        assert!(slug.ends_with("word"));
        assert!(!slug.ends_with('-'));
    }

    #[test]
    fn a_given_slug_wins_and_empty_or_reserved_ones_are_refused() {
        assert_eq!(choose(Some("My Post"), "Title"), Ok("my-post".into()));
        assert_eq!(choose(Some("  "), "The Title"), Ok("the-title".into()));
        assert_eq!(choose(None, "!!!"), Err(BlogError::SlugRequired));
        assert_eq!(choose(Some("Admin"), "x"), Err(BlogError::SlugReserved));
        assert_eq!(choose(None, "feed"), Err(BlogError::SlugReserved));
    }
}
