//! Words as the assistant hears them: lower case ASCII letters, one token each. A name or role
//! of the store is spelled the same way in the grammar the recogniser is given and in the
//! text it answers, so the two always meet.

use crate::domain::ids::{EmployeeId, RoleId};
use crate::domain::voice::facts::Facts;

/// A text as words: lower case, accents taken off, apostrophes joined ("who's" is "who is",
/// "Ana's" is "ana" with a possessive that matters to nobody), everything else a separator.
pub fn tokens(text: &str) -> Vec<String> {
    let mut folded = String::with_capacity(text.len());
    for c in text.chars() {
        folded.push_str(&fold(c));
    }
    let mut out = Vec::new();
    for raw in folded.split(|c: char| !(c.is_ascii_alphanumeric() || c == '\'' || c == '-')) {
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

/// A letter as plain ASCII lower case; anything else is a separator.
fn fold(c: char) -> String {
    let lower: String = c.to_lowercase().collect();
    lower
        .chars()
        .map(|c| match c {
            'a'..='z' | '0'..='9' | '\'' | '-' => c,
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' => 'a',
            'ç' | 'č' | 'ć' => 'c',
            'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' => 'e',
            'ì' | 'í' | 'î' | 'ï' | 'ī' => 'i',
            'ñ' | 'ń' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' => 'o',
            'ù' | 'ú' | 'û' | 'ü' | 'ū' => 'u',
            'ý' | 'ÿ' => 'y',
            'š' | 'ś' | 'ß' => 's',
            'ž' | 'ź' | 'ż' => 'z',
            'ł' => 'l',
            '’' | '`' => '\'',
            _ => ' ',
        })
        .collect()
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
    heard == known || (known.len() >= 5 && distance(heard, known) <= 1)
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
    pub fn name_in(&self, words: &[String]) -> Option<EmployeeId> {
        find(&self.names, words, false)
    }

    /// The role named in `words` (singular or plural), if one is.
    pub fn role_in(&self, words: &[String]) -> Option<RoleId> {
        find(&self.roles, words, true)
    }
}

fn find<T: Copy>(forms: &[(Vec<String>, T)], words: &[String], plural: bool) -> Option<T> {
    let matches = |form: &[String], at: &[String]| {
        form.len() <= at.len()
            && form.iter().zip(at).enumerate().all(|(i, (f, w))| {
                let last = i + 1 == form.len();
                near(w, f) || (plural && last && (w == &format!("{f}s") || w == &format!("{f}es")))
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
