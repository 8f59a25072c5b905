//! How long a post takes to read: its words at an unhurried pace, in whole seconds; a post
//! with no words takes the spec's default.

/// The spec's duration of a post that has nothing to count, in seconds.
pub const DEFAULT_DURATION: i32 = 119;
/// Words read in a minute.
pub const WORDS_PER_MINUTE: usize = 200;

/// The words of a text: runs of letters or digits (a word joined by an apostrophe or a hyphen
/// is one).
pub fn words(text: &str) -> usize {
    text.split(|c: char| c.is_whitespace())
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .count()
}

/// The reading duration of `count` words, in seconds, rounded up.
pub fn duration(count: usize) -> i32 {
    if count == 0 {
        return DEFAULT_DURATION;
    }
    let seconds = (count * 60).div_ceil(WORDS_PER_MINUTE);
    i32::try_from(seconds).unwrap_or(i32::MAX)
}

/// Whole minutes to show for a duration in seconds: at least one.
pub fn minutes(seconds: i32) -> i32 {
    ((seconds + 59) / 60).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_runs_with_a_letter_or_digit() {
        assert_eq!(words("Plan your week — it's easy, 100%!"), 6);
        assert_eq!(words("  \n\t "), 0);
        assert_eq!(words("شیفت‌ها را برنامه‌ریزی کنید"), 4);
    }

    #[test]
    fn two_hundred_words_take_a_minute_and_none_take_the_default() {
        assert_eq!(duration(200), 60);
        assert_eq!(duration(201), 61);
        assert_eq!(duration(1), 1);
        assert_eq!(duration(0), DEFAULT_DURATION);
        assert_eq!(DEFAULT_DURATION, 119);
    }

    #[test]
    fn minutes_round_up_and_are_never_zero() {
        assert_eq!(minutes(1), 1);
        assert_eq!(minutes(60), 1);
        assert_eq!(minutes(61), 2);
        assert_eq!(minutes(119), 2);
    }
}
