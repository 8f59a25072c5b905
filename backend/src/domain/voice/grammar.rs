//! The grammar the recogniser is held to: the sentences the assistant understands, with the
//! store's own employees' names and roles in them (JSGF, as pocketsphinx reads it). Held to
//! these sentences, a small recogniser hears a short command almost always right; what falls
//! outside them goes to the open recogniser and is read loosely (see `intent`).

use crate::domain::voice::intent::weekday_names;
use crate::domain::voice::words::Lexicon;
use std::collections::BTreeSet;

/// A grammar and every word it uses (the recogniser adds the ones its dictionary lacks).
#[derive(Debug, Clone, PartialEq)]
pub struct Grammar {
    pub jsgf: String,
    pub words: Vec<String>,
}

/// The most names and roles a grammar carries (a store's first ones beyond it are still
/// understood through the open recogniser).
pub const NAMES_MAX: usize = 400;

const FIXED: &str = r#"
public <command> = <who> | <clock> | <mine> | <lists> | <give> | <approve> | <help>;
<weekday> = WEEKDAYS;
<day> = today | tomorrow | tonight | [on | this | next] <weekday>;
<part> = [in the | this] (morning | afternoon | evening) | at night | tonight;
<when> = <day> [<part>] | <part> [<day>];
<who> = who (works | is working | is on | is scheduled | is on shift) [as [a] <role>] [<when>]
      | which <roles> (work | works | are working | are on) [<when>]
      | who is on the clock [right now | now]
      | who is clocked in [right now | now]
      | who is (late | missing | late or missing) [today | right now | now];
<clock> = clock me (in | out) | clock (in | out) | (start | end | finish) my shift;
<mine> = (when is | what is) my next shift | when do i work next | when am i working next
       | how many hours do i have this week | how much will i earn this week
       | what are my (hours | earnings) [this week]
       | (what are | show) my [open] requests | do i have [any] open requests;
<lists> = (what | which) open shifts are there [<when>] | are there [any] open shifts [<when>]
        | [show] open shifts [<when>] | what is in the pool | show the pool
        | which shifts were dropped | who asked for time off | [show] pending time off [requests]
        | who wants time off;
<give> = (give | assign) the open [<role>] [<day>] shift [<day>] to <name>;
<approve> = approve <possessive> time off | approve the time off (of | for) <name>
          | approve time off for <name>;
<help> = help | what can i say | what can you do;
"#;

/// The grammar of a store's names and roles.
pub fn grammar(lexicon: &Lexicon) -> Grammar {
    let names: Vec<String> = lexicon
        .names
        .iter()
        .take(NAMES_MAX)
        .map(|(w, _)| w.join(" "))
        .collect();
    // A possessive is the last word with `-s` (the recogniser's spelling of "'s").
    let possessives: Vec<String> = lexicon
        .names
        .iter()
        .take(NAMES_MAX)
        .map(|(w, _)| format!("{}-s", w.join(" ")))
        .collect();
    let roles: Vec<String> = lexicon
        .roles
        .iter()
        .take(NAMES_MAX)
        .map(|(w, _)| w.join(" "))
        .collect();
    let plurals: Vec<String> = roles.iter().map(|r| format!("{r}s")).collect();
    let alternatives = |items: &[String], none: &str| -> String {
        let set: BTreeSet<&str> = items.iter().map(String::as_str).collect();
        if set.is_empty() {
            // A rule must match something: a word no command says.
            none.to_string()
        } else {
            set.into_iter().collect::<Vec<_>>().join(" | ")
        }
    };
    let mut jsgf = String::from("#JSGF V1.0;\ngrammar clockto;\n");
    jsgf.push_str(&format!("<name> = {};\n", alternatives(&names, "nobody")));
    jsgf.push_str(&format!(
        "<possessive> = {};\n",
        alternatives(&possessives, "nobody-s")
    ));
    jsgf.push_str(&format!("<role> = {};\n", alternatives(&roles, "staff")));
    jsgf.push_str(&format!("<roles> = {};\n", alternatives(&plurals, "staff")));
    jsgf.push_str(&FIXED.replace("WEEKDAYS", &weekday_names().collect::<Vec<_>>().join(" | ")));
    // The words are what is left once the header and the rule names (`<...>`) are out.
    let mut spoken = String::new();
    let mut in_rule = false;
    for c in jsgf.lines().skip(2).collect::<Vec<_>>().join("\n").chars() {
        match c {
            '<' => in_rule = true,
            '>' => in_rule = false,
            c if !in_rule => spoken.push(c),
            _ => {}
        }
    }
    let words: BTreeSet<String> = spoken
        .split(|c: char| !(c.is_ascii_lowercase() || c == '-'))
        .filter(|w| !w.is_empty() && !w.starts_with('-'))
        .map(str::to_string)
        .collect();
    Grammar {
        words: words.into_iter().collect(),
        jsgf,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::voice::facts::sample::*;

    #[test]
    fn the_grammar_carries_the_stores_names_and_roles() {
        let g = grammar(&Lexicon::of(&cafe(ANA, true, true)));
        assert!(g
            .jsgf
            .contains("<name> = ana | ana lopez | ben | chloe | david;"));
        assert!(g.jsgf.contains("ben-s"));
        assert!(g.jsgf.contains("<roles> = baristas | cashiers | cooks;"));
        for word in [
            "ana", "lopez", "ben-s", "barista", "saturday", "clock", "pool",
        ] {
            assert!(g.words.contains(&word.to_string()), "{word}");
        }
        for rule in ["name", "possessive", "weekday", "command"] {
            assert!(!g.words.contains(&rule.to_string()), "{rule}");
        }
        for word in ["who", "clock", "help"] {
            assert!(g.words.contains(&word.to_string()), "{word}");
        }
        assert!(g.words.iter().all(|w| w
            .trim_end_matches("-s")
            .bytes()
            .all(|b| b.is_ascii_lowercase())));
    }

    #[test]
    fn a_store_without_people_still_makes_a_grammar() {
        let mut facts = cafe(ANA, true, true);
        facts.people.clear();
        facts.roles.clear();
        let g = grammar(&Lexicon::of(&facts));
        assert!(g.jsgf.contains("<name> = nobody;"));
        assert!(g.jsgf.contains("<role> = staff;"));
    }

    #[test]
    fn names_that_cannot_be_spoken_are_left_out() {
        let mut facts = cafe(ANA, true, true);
        facts.people[2].name = "李".into();
        let g = grammar(&Lexicon::of(&facts));
        assert!(!g.jsgf.contains('李'));
    }
}
