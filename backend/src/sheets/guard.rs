//! The formula guard of CSV files, in both directions.
//!
//! A spreadsheet opening a CSV file runs a cell that starts with `=`, `+`, `-` or `@` (or a
//! tab or carriage return before one) as a formula, so the writer puts an apostrophe before
//! such text, which spreadsheets show as plain text. The reader takes exactly that apostrophe
//! off again, so an exported file imports as the text it was written from.
//!
//! To be exact inverses the guard also covers text that already starts with apostrophes before
//! formula-like text (`'=x` is written `''=x`): otherwise the reader could not tell the text
//! `'=x` from the guarded `=x`. Any other text, including one that starts with an apostrophe
//! before something harmless (`'tis`), is written and read as it is.

use std::borrow::Cow;

/// The guard's mark.
const MARK: char = '\'';

/// Whether a spreadsheet would run the text as a formula: it starts with one of the formula
/// characters and is not a plain number (`-5` and `+1.5` are numbers; `-inf` is not).
fn runs(s: &str) -> bool {
    s.starts_with(['=', '+', '-', '@', '\t', '\r']) && !s.parse::<f64>().is_ok_and(f64::is_finite)
}

/// Whether the writer guards the text: it would run, once any leading apostrophes are
/// taken off.
fn guarded(s: &str) -> bool {
    runs(s.trim_start_matches(MARK))
}

/// The text as a CSV file holds it.
pub fn guard(s: &str) -> Cow<'_, str> {
    if guarded(s) {
        Cow::Owned(format!("{MARK}{s}"))
    } else {
        Cow::Borrowed(s)
    }
}

/// The text a CSV cell was written from: [`guard`] undone.
pub fn unguard(s: &str) -> &str {
    match s.strip_prefix(MARK) {
        Some(rest) if guarded(rest) => rest,
        _ => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn formulas_are_guarded_and_numbers_are_not() {
        assert_eq!(guard("=cmd()"), "'=cmd()");
        assert_eq!(guard("@Events"), "'@Events");
        assert_eq!(guard("+Cook"), "'+Cook");
        assert_eq!(guard("-inf"), "'-inf");
        assert_eq!(guard("\t=1"), "'\t=1");
        assert_eq!(guard("-5"), "-5");
        assert_eq!(guard("+1.5"), "+1.5");
        assert_eq!(guard("Ana"), "Ana");
        assert_eq!(guard(""), "");
    }

    #[test]
    fn the_reader_takes_off_only_the_guard() {
        assert_eq!(unguard("'@Events"), "@Events");
        assert_eq!(unguard("'=cmd()"), "=cmd()");
        // An apostrophe before harmless text is the text's own.
        assert_eq!(unguard("'tis"), "'tis");
        assert_eq!(unguard("'-5"), "'-5");
        assert_eq!(unguard("'"), "'");
        // Text that itself starts with an apostrophe before a formula was guarded once more.
        assert_eq!(guard("'=x"), "''=x");
        assert_eq!(unguard("''=x"), "'=x");
    }

    proptest! {
        #[test]
        fn reading_undoes_writing(s in "['=+@\\-\t a-z0-9.]{0,8}") {
            let written = guard(&s);
            prop_assert_eq!(unguard(&written), s.as_str());
        }

        #[test]
        fn a_cell_the_writer_could_not_have_written_is_read_as_it_is(s in "['=+@\\-\t a-z0-9.]{0,8}") {
            // Every text is either written as it is or guarded; reading an unguarded
            // text changes nothing.
            if guard(&s) == s.as_str() {
                prop_assert_eq!(unguard(&s), s.as_str());
            }
        }
    }
}
