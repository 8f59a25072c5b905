//! Words as the assistant hears them: lower case letters without accents, one token each. A
//! name or role of the store is spelled the same way in the grammar the recogniser is given
//! and in the text it answers, so the two always meet; a typed command in German, Spanish or
//! Persian is folded the same way as its keywords (`keywords`), so spelling variants meet too.

use crate::domain::ids::{EmployeeId, RoleId};
use crate::domain::voice::facts::Facts;
use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization as _;

/// A text as words: lower case, accents and Arabic-script vowel marks taken off, Persian
/// letters in their Persian forms, apostrophes joined ("who's" is "who is", "Ana's" is "ana"
/// with a possessive that matters to nobody), everything else a separator. A Persian
/// zero-width non-joiner separates too, since the same word is typed with one, a space, or
/// neither ("سه‌شنبه", "سه شنبه").
pub fn tokens(text: &str) -> Vec<String> {
    let folded: String = text.nfkd().filter_map(fold).collect();
    let mut out = Vec::new();
    for raw in folded.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-')) {
        let word = raw.trim_matches(|c| c == '\'' || c == '-');
        if word.is_empty() {
            continue;
        }
        let (stem, tail) = match word.split_once(['\'', '-']) {
            Some((stem, tail)) => (stem, tail),
            None => (word, ""),
        };
        if stem.is_empty() {
            continue;
        }
        out.push(stem.to_string());
        match tail {
            "s" if matches!(stem, "who" | "what" | "where" | "when" | "it" | "that") => {
                out.push("is".into())
            }
            "m" => out.push("am".into()),
            "re" => out.push("are".into()),
            "ll" => out.push("will".into()),
            "" | "s" => {}
            other => out.extend(tokens(other)),
        }
    }
    out
}

/// A decomposed character as the assistant reads it: marks dropped, letters lower case,
/// the letters decomposition leaves alone mapped by hand, anything else a separator.
fn fold(c: char) -> Option<char> {
    if is_combining_mark(c) || c == '\u{0640}' {
        // Accents, harakat, the hamza and madda above, the tatweel.
        return None;
    }
    Some(match c {
        'ß' => 's',
        'ø' => 'o',
        'ł' => 'l',
        'đ' => 'd',
        '’' | '`' => '\'',
        // Arabic forms of Persian letters, as many keyboards type them.
        'ي' | 'ى' => 'ی',
        'ك' => 'ک',
        'ة' => 'ه',
        // Persian and Arabic-Indic digits.
        '۰'..='۹' => char::from(b'0' + (c as u32 - '۰' as u32) as u8),
        '٠'..='٩' => char::from(b'0' + (c as u32 - '٠' as u32) as u8),
        c if c.is_alphanumeric() => return c.to_lowercase().next(),
        '\'' | '-' => c,
        _ => ' ',
    })
}

/// Whether a grammar may carry the word: letters only (the recogniser's dictionary spells
/// words so), and not too long to pronounce.
pub fn speakable(word: &str) -> bool {
    (1..=24).contains(&word.len()) && word.bytes().all(|b| b.is_ascii_lowercase())
}

/// The edit distance of two short words (insertions, deletions, substitutions).
pub fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(above + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

/// Whether a heard word is `known`, loosely: exactly, or one letter off for words of five
/// letters or more (open recognition often hears a name a sound away).
pub fn near(heard: &str, known: &str) -> bool {
    heard == known || (known.chars().count() >= 5 && distance(heard, known) <= 1)
}

/// The store's names and roles as words.
#[derive(Debug, Clone, Default)]
pub struct Lexicon {
    /// Each employee's spoken forms: the whole name, then the first name alone when no
    /// colleague shares it.
    pub names: Vec<(Vec<String>, EmployeeId)>,
    /// Each role's title as words (its plural is the last word with an `s`).
    pub roles: Vec<(Vec<String>, RoleId)>,
}

impl Lexicon {
    pub fn of(facts: &Facts) -> Lexicon {
        let mut names = Vec::new();
        let words_of = |name: &str| -> Vec<String> {
            tokens(name).into_iter().filter(|w| speakable(w)).collect()
        };
        for p in &facts.people {
            let whole = words_of(&p.name);
            if whole.is_empty() {
                continue;
            }
            let first = whole[0].clone();
            let shared = facts
                .people
                .iter()
                .filter(|q| words_of(&q.name).first() == Some(&first))
                .count()
                > 1;
            if whole.len() > 1 {
                names.push((whole, p.id));
            }
            if !shared {
                names.push((vec![first], p.id));
            }
        }
        // Longer forms first, so "ana lopez" wins over "ana".
        names.sort_by_key(|(w, _)| std::cmp::Reverse(w.len()));
        let mut roles: Vec<(Vec<String>, RoleId)> = facts
            .roles
            .iter()
            .map(|r| (words_of(&r.title), r.id))
            .filter(|(w, _)| !w.is_empty())
            .collect();
        roles.sort_by_key(|(w, _)| std::cmp::Reverse(w.len()));
        Lexicon { names, roles }
    }

    /// The employee named in `words`, if one is.
    /// A name may end in a possessive `s` ("Bens Urlaub").
    pub fn name_in(&self, words: &[String]) -> Option<EmployeeId> {
        find(&self.names, words, Ending::Possessive)
    }

    /// The role named in `words` (singular or plural), if one is.
    pub fn role_in(&self, words: &[String]) -> Option<RoleId> {
        find(&self.roles, words, Ending::Plural)
    }
}

/// The endings a form's last word may take.
#[derive(Clone, Copy)]
enum Ending {
    /// A role's plural: `-s`, `-es`.
    Plural,
    /// A name's possessive written without an apostrophe (German): `-s`.
    Possessive,
}

fn find<T: Copy>(forms: &[(Vec<String>, T)], words: &[String], ending: Ending) -> Option<T> {
    let ends = |w: &str, f: &str| match ending {
        Ending::Plural => w == format!("{f}s") || w == format!("{f}es"),
        Ending::Possessive => w == format!("{f}s"),
    };
    let matches = |form: &[String], at: &[String]| {
        form.len() <= at.len()
            && form.iter().zip(at).enumerate().all(|(i, (f, w))| {
                let last = i + 1 == form.len();
                near(w, f) || (last && ends(w, f))
            })
    };
    // Exact forms anywhere before loose ones: a loose match must not steal a word.
    forms.iter().find_map(|(form, id)| {
        (0..words.len())
            .any(|i| matches(form, &words[i..]))
            .then_some(*id)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::voice::facts::sample::*;

    fn w(text: &str) -> Vec<String> {
        tokens(text)
    }

    #[test]
    fn tokens_fold_case_accents_and_contractions() {
        assert_eq!(
            w("Who's working, Chloé?"),
            ["who", "is", "working", "chloe"]
        );
        assert_eq!(
            w("Approve Ben's time-off"),
            ["approve", "ben", "time", "off"]
        );
        assert_eq!(
            w("I'm late; we're here"),
            ["i", "am", "late", "we", "are", "here"]
        );
        assert_eq!(w("  "), Vec::<String>::new());
        assert_eq!(w("¿Quién trabaja MAÑANA?"), ["quien", "trabaja", "manana"]);
        assert_eq!(
            w("Wer arbeitet übermorgen?"),
            ["wer", "arbeitet", "ubermorgen"]
        );
    }

    #[test]
    fn persian_is_folded_to_one_spelling() {
        // Arabic yeh and kaf, a hamza, a zero-width non-joiner, Persian digits.
        assert_eq!(w("چه كسي"), w("چه کسی"));
        assert_eq!(w("تأیید"), ["تایید"]);
        assert_eq!(w("سه\u{200c}شنبه"), ["سه", "شنبه"]);
        assert_eq!(w("شیفت‌های باز؟"), ["شیفت", "های", "باز"]);
        assert_eq!(w("ساعت ۹"), ["ساعت", "9"]);
        assert!(near("مرخصیها", "مرخصیهای"));
    }

    #[test]
    fn distance_counts_edits() {
        assert_eq!(distance("chloe", "chloe"), 0);
        assert_eq!(distance("chloe", "clohe"), 2);
        assert_eq!(distance("david", "davis"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert!(near("davis", "david"));
        assert!(!near("bin", "ben"), "short words must match exactly");
    }

    #[test]
    fn names_and_roles_are_found_in_words() {
        let lex = Lexicon::of(&cafe(ANA, true, true));
        assert_eq!(lex.name_in(&w("give it to Ana Lopez")), Some(emp(ANA)));
        assert_eq!(lex.name_in(&w("give it to ana")), Some(emp(ANA)));
        assert_eq!(
            lex.name_in(&w("approve chloe's time off")),
            Some(emp(CHLOE))
        );
        assert_eq!(lex.name_in(&w("approve davis time off")), Some(emp(DAVID)));
        assert_eq!(lex.name_in(&w("approve the time off")), None);
        assert_eq!(lex.role_in(&w("which baristas work")), Some(role(BARISTA)));
        assert_eq!(lex.role_in(&w("who works as a cook")), Some(role(COOK)));
        assert_eq!(lex.role_in(&w("who works")), None);
    }

    #[test]
    fn a_shared_first_name_needs_the_whole_name() {
        let mut facts = cafe(ANA, true, true);
        facts.people[1].name = "Ana Berg".into();
        let lex = Lexicon::of(&facts);
        assert_eq!(lex.name_in(&w("give it to ana")), None);
        assert_eq!(lex.name_in(&w("give it to ana berg")), Some(emp(BEN)));
    }
}
