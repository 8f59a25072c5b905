//! Polls and open questions: what a survey may hold, what a vote may say, results in percent.

use std::fmt;

/// The spec's refusal of a second vote, or of a vote from someone who may not vote.
pub const CANNOT_VOTE: &str =
    "Couldn't Vote, Either Because You've already participated, or you are not allowed to vote!";
/// The longest question or answer.
pub const TEXT_MAX: usize = 500;
/// Most answers of a poll.
pub const ANSWERS_MAX: usize = 20;
/// The spec's reading pace for a survey's duration estimate.
pub const SECONDS_PER_WORD: f64 = 0.4;

/// A survey's mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Members choose among answers.
    Poll,
    /// Members answer in their own words.
    Explanational,
}

impl Mode {
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Poll => "poll",
            Mode::Explanational => "explanational",
        }
    }

    pub fn parse(s: &str) -> Option<Mode> {
        [Mode::Poll, Mode::Explanational]
            .into_iter()
            .find(|m| m.as_str() == s)
    }
}

/// Why a survey or a vote is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    EmptyQuestion,
    TooLong,
    /// A poll offers two answers at least, each once and not empty.
    Answers,
    TooManyAnswers,
    /// The spec's text: already participated or not allowed.
    CannotVote,
    /// A vote names no answer, an unknown one, or several on a single-choice poll.
    Choices,
    /// An explanational answer is empty.
    EmptyAnswer,
}

impl Refusal {
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::EmptyQuestion => "survey_question",
            Refusal::TooLong => "survey_too_long",
            Refusal::Answers => "survey_answers",
            Refusal::TooManyAnswers => "survey_too_many_answers",
            Refusal::CannotVote => "cannot_vote",
            Refusal::Choices => "vote_choices",
            Refusal::EmptyAnswer => "vote_empty",
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::EmptyQuestion => f.write_str("A survey needs a question."),
            Refusal::TooLong => write!(
                f,
                "Questions and answers hold at most {TEXT_MAX} characters."
            ),
            Refusal::Answers => f.write_str("A poll offers at least two different answers."),
            Refusal::TooManyAnswers => write!(f, "A poll offers at most {ANSWERS_MAX} answers."),
            Refusal::CannotVote => f.write_str(CANNOT_VOTE),
            Refusal::Choices => {
                f.write_str("Choose one of the poll's answers (several where the poll allows).")
            }
            Refusal::EmptyAnswer => f.write_str("Write an answer."),
        }
    }
}

fn text(raw: &str, empty: Refusal) -> Result<String, Refusal> {
    let t = raw.trim();
    if t.is_empty() {
        return Err(empty);
    }
    if t.chars().count() > TEXT_MAX {
        return Err(Refusal::TooLong);
    }
    Ok(t.to_string())
}

/// A survey's question and answers, checked: a poll offers 2 to 20 different answers; an open
/// question offers none.
pub fn checked(
    mode: Mode,
    question: &str,
    answers: &[String],
) -> Result<(String, Vec<String>), Refusal> {
    let question = text(question, Refusal::EmptyQuestion)?;
    if mode == Mode::Explanational {
        return Ok((question, Vec::new()));
    }
    if answers.len() > ANSWERS_MAX {
        return Err(Refusal::TooManyAnswers);
    }
    let mut out = Vec::with_capacity(answers.len());
    for a in answers {
        let a = text(a, Refusal::Answers)?;
        if out.contains(&a) {
            return Err(Refusal::Answers);
        }
        out.push(a);
    }
    if out.len() < 2 {
        return Err(Refusal::Answers);
    }
    Ok((question, out))
}

/// A poll vote's choices, checked against the poll: at least one, each a known answer once,
/// exactly one unless the poll allows several.
pub fn choices(answers: usize, multiple: bool, chosen: &[i32]) -> Result<Vec<i32>, Refusal> {
    let mut out: Vec<i32> = chosen.to_vec();
    out.sort_unstable();
    out.dedup();
    let known = out
        .iter()
        .all(|c| usize::try_from(*c).is_ok_and(|c| c < answers));
    if out.is_empty() || !known || out.len() != chosen.len() || (!multiple && out.len() != 1) {
        return Err(Refusal::Choices);
    }
    Ok(out)
}

/// The share of participants who chose each answer, in percent rounded to 2 decimals.
pub fn results(answers: usize, votes: &[Vec<i32>]) -> Vec<f64> {
    let participants = votes.len();
    (0..answers)
        .map(|i| {
            if participants == 0 {
                return 0.0;
            }
            let n = votes.iter().filter(|v| v.contains(&(i as i32))).count();
            (n as f64 * 10_000.0 / participants as f64).round() / 100.0
        })
        .collect()
}

/// How long the survey takes to read, at the spec's 0.4 s a word.
pub fn duration_seconds(question: &str, answers: &[String]) -> f64 {
    let words = question.split_whitespace().count()
        + answers
            .iter()
            .map(|a| a.split_whitespace().count())
            .sum::<usize>();
    ((words as f64 * SECONDS_PER_WORD) * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn surveys_are_checked() {
        assert_eq!(
            checked(Mode::Poll, " ", &s(&["a", "b"])),
            Err(Refusal::EmptyQuestion)
        );
        assert_eq!(checked(Mode::Poll, "Q?", &s(&["a"])), Err(Refusal::Answers));
        assert_eq!(
            checked(Mode::Poll, "Q?", &s(&["a", " a "])),
            Err(Refusal::Answers)
        );
        assert_eq!(
            checked(Mode::Poll, "Q?", &s(&["a", ""])),
            Err(Refusal::Answers)
        );
        assert_eq!(
            checked(Mode::Poll, " Q? ", &s(&[" a", "b "])),
            Ok(("Q?".into(), s(&["a", "b"])))
        );
        assert_eq!(
            checked(Mode::Explanational, "Why?", &s(&["x"])),
            Ok(("Why?".into(), vec![]))
        );
        let many: Vec<String> = (0..21).map(|i| i.to_string()).collect();
        assert_eq!(
            checked(Mode::Poll, "Q?", &many),
            Err(Refusal::TooManyAnswers)
        );
        assert_eq!(
            checked(Mode::Poll, &"x".repeat(501), &s(&["a", "b"])),
            Err(Refusal::TooLong)
        );
    }

    #[test]
    fn votes_choose_known_answers() {
        assert_eq!(choices(3, false, &[1]), Ok(vec![1]));
        assert_eq!(choices(3, false, &[0, 1]), Err(Refusal::Choices));
        assert_eq!(choices(3, true, &[2, 0]), Ok(vec![0, 2]));
        assert_eq!(choices(3, true, &[1, 1]), Err(Refusal::Choices));
        assert_eq!(choices(3, true, &[]), Err(Refusal::Choices));
        assert_eq!(choices(3, true, &[3]), Err(Refusal::Choices));
        assert_eq!(choices(3, true, &[-1]), Err(Refusal::Choices));
    }

    #[test]
    fn results_are_percent_of_participants_to_two_decimals() {
        let votes = vec![vec![0], vec![1], vec![1]];
        assert_eq!(results(2, &votes), vec![33.33, 66.67]);
        assert_eq!(results(2, &[]), vec![0.0, 0.0]);
        // Several choices each: shares of participants, not of choices.
        assert_eq!(results(3, &[vec![0, 1], vec![1]]), vec![50.0, 100.0, 0.0]);
        assert_eq!(Refusal::CannotVote.to_string(), CANNOT_VOTE);
    }

    #[test]
    fn the_duration_estimate_is_point_four_seconds_a_word() {
        // Seven words.
        assert_eq!(
            duration_seconds("Who works on Sunday?", &s(&["Me", "Not me"])),
            2.8
        );
        assert_eq!(Mode::parse("poll"), Some(Mode::Poll));
    }
}
