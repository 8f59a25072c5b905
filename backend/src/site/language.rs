//! The public pages' languages, and which one a visitor reads: the address's `?lang=` first,
//! then the browser's `Accept-Language`, then English.

/// A language of the public pages (the app's four).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    De,
    Es,
    Fa,
}

impl Lang {
    /// Every language, English (the default) first.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::De, Lang::Es, Lang::Fa];

    /// The BCP 47 code, as `lang`, `hreflang` and `?lang=` write it.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Es => "es",
            Lang::Fa => "fa",
        }
    }

    /// The writing direction, as `dir` writes it.
    pub fn dir(self) -> &'static str {
        match self {
            Lang::Fa => "rtl",
            _ => "ltr",
        }
    }

    /// The language of a code or tag (`de`, `de-AT`), if it is one of ours.
    pub fn parse(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or_default();
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(primary))
    }

    /// The language a visitor reads: `asked` (the `?lang=` of the address) when it is ours,
    /// else the most preferred of ours in `accept` (an `Accept-Language` header), else
    /// English.
    pub fn negotiate(asked: Option<&str>, accept: Option<&str>) -> Lang {
        asked
            .and_then(Lang::parse)
            .or_else(|| accept.and_then(preferred))
            .unwrap_or(Lang::En)
    }
}

/// The most preferred of our languages in an `Accept-Language` header: the highest weight,
/// the earliest among equal ones; a weight of 0 refuses a language.
fn preferred(header: &str) -> Option<Lang> {
    let mut best: Option<(f32, Lang)> = None;
    for item in header.split(',') {
        let mut parts = item.split(';');
        let Some(lang) = parts.next().and_then(Lang::parse) else {
            continue;
        };
        let weight = parts
            .find_map(|p| p.trim().strip_prefix("q="))
            .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())
            .unwrap_or(0.0);
        if weight > 0.0 && best.is_none_or(|(w, _)| weight > w) {
            best = Some((weight, lang));
        }
    }
    best.map(|(_, lang)| lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_wins_then_the_browser_then_english() {
        assert_eq!(Lang::negotiate(Some("fa"), Some("de")), Lang::Fa);
        assert_eq!(
            Lang::negotiate(Some("xx"), Some("de-AT,de;q=0.9")),
            Lang::De
        );
        assert_eq!(Lang::negotiate(None, None), Lang::En);
        assert_eq!(Lang::negotiate(None, Some("fr-FR, ja")), Lang::En);
    }

    #[test]
    fn the_browser_s_weights_are_followed() {
        let pick = |h| Lang::negotiate(None, Some(h));
        assert_eq!(pick("fr;q=0.9, es;q=0.5, de;q=0.8"), Lang::De);
        assert_eq!(pick("es, de"), Lang::Es);
        assert_eq!(pick("de;q=0, es;q=0.1"), Lang::Es);
        assert_eq!(pick("FA-ir"), Lang::Fa);
        assert_eq!(pick("de;q=nonsense, es;q=0.2"), Lang::Es);
        assert_eq!(pick(""), Lang::En);
    }

    #[test]
    fn persian_reads_right_to_left() {
        assert_eq!(Lang::Fa.dir(), "rtl");
        assert!(Lang::ALL
            .iter()
            .filter(|l| **l != Lang::Fa)
            .all(|l| l.dir() == "ltr"));
    }
}
