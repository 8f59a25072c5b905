//! The languages the product speaks (the web app's four), and reading a request's preference
//! from its `Accept-Language` header.

/// A language of the product: English (the default), German, Spanish, Persian.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    serde::Serialize,
    serde::Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    #[default]
    En,
    De,
    Es,
    Fa,
}

impl Language {
    pub const ALL: [Language; 4] = [Language::En, Language::De, Language::Es, Language::Fa];

    /// The stored and wire name: the language's ISO 639-1 code.
    pub fn as_str(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::De => "de",
            Language::Es => "es",
            Language::Fa => "fa",
        }
    }

    pub fn parse(s: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.as_str() == s)
    }

    /// The language of a BCP 47 tag (`de`, `de-AT`, `FA-ir`), if it is one of ours.
    pub fn of_tag(tag: &str) -> Option<Language> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        Language::parse(&primary)
    }

    /// The language an `Accept-Language` header prefers most among ours: the highest weight
    /// wins, the earlier one on a tie; `*` and unknown tags pass.
    pub fn from_accept_language(header: &str) -> Option<Language> {
        let mut best: Option<(u16, Language)> = None;
        // At most a few dozen entries are read: a long header costs nothing more.
        for entry in header.split(',').take(32) {
            let mut parts = entry.split(';');
            let Some(language) = parts.next().and_then(Language::of_tag) else {
                continue;
            };
            let weight = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1000), quality)
                .unwrap_or(0);
            if weight > 0 && best.is_none_or(|(w, _)| weight > w) {
                best = Some((weight, language));
            }
        }
        best.map(|(_, language)| language)
    }
}

/// A quality value (`0` to `1`, three decimals at most) in thousandths.
fn quality(text: &str) -> Option<u16> {
    let value: f32 = text.trim().parse().ok()?;
    (0.0..=1.0)
        .contains(&value)
        .then(|| (value * 1000.0).round() as u16)
}

/// `text` with its ASCII digits written in `digits` (a language's ten, zero first), as
/// Persian writes ۰ to ۹; a digit `digits` lacks stays as it is.
pub fn with_digits(text: &str, digits: &str) -> String {
    let own: Vec<char> = digits.chars().collect();
    text.chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => own.get(d as usize).copied().unwrap_or(c),
            None => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_written_in_the_language_s_own() {
        assert_eq!(with_digits("9:30, 12.5", "۰۱۲۳۴۵۶۷۸۹"), "۹:۳۰, ۱۲.۵");
        assert_eq!(with_digits("2026", "0123456789"), "2026");
        assert_eq!(with_digits("7 x", ""), "7 x");
    }

    #[test]
    fn tags_read_their_primary_language() {
        assert_eq!(Language::of_tag("de-AT"), Some(Language::De));
        assert_eq!(Language::of_tag("FA_ir"), Some(Language::Fa));
        assert_eq!(Language::of_tag("fr"), None);
        assert_eq!(Language::of_tag(""), None);
    }

    #[test]
    fn the_header_s_most_wanted_known_language_wins() {
        let read = Language::from_accept_language;
        assert_eq!(read("fr-FR, es;q=0.8, de;q=0.9"), Some(Language::De));
        assert_eq!(read("fa"), Some(Language::Fa));
        assert_eq!(read("es, de"), Some(Language::Es), "a tie keeps the first");
        assert_eq!(read("*"), None);
        assert_eq!(read("de;q=0, en;q=0.1"), Some(Language::En));
        assert_eq!(read("de;q=2"), None, "an invalid weight refuses the entry");
        assert_eq!(read(""), None);
    }

    #[test]
    fn names_round_trip() {
        for language in Language::ALL {
            assert_eq!(Language::parse(language.as_str()), Some(language));
        }
    }
}
