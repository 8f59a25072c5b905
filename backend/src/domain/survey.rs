//! Polls and open questions: what a survey may hold, what a vote may say, results in percent,
//! who changes, closes and withdraws a survey, and how long it takes to read.

use std::fmt;

/// The spec's refusal of a second vote, or of a vote from someone who may not vote (or in a
/// survey that no longer takes votes).
pub const CANNOT_VOTE: &str =
    "Couldn't Vote, Either Because You've already participated, or you are not allowed to vote!";
/// The spec's refusal of an action a survey does not have.
pub const UNDEFINED_ACTION: &str = "this action isn't defined for survey";
/// The longest question or answer.
pub const TEXT_MAX: usize = 500;
/// Most answers of a poll.
pub const ANSWERS_MAX: usize = 20;
/// The spec's reading pace for a survey's duration estimate: 0.4 s a word, as a fraction
/// (tenths of a second), so the estimate is counted exactly.
pub const TENTHS_PER_WORD: u64 = 4;

/// A survey's mode.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[schema(as = SurveyMode)]
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

/// Where a survey stands. Stored as the times it was closed and withdrawn (`closed_at`,
/// `withdrawn_at`); withdrawn wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SurveyStatus)]
pub enum Status {
    /// Takes votes.
    Open,
    /// Its author or a manager closed it: its results stand, it takes no more votes.
    Closed,
    /// Its author or a manager deleted it (or its message): it takes no votes and is no longer
    /// listed.
    Withdrawn,
}

impl Status {
    pub fn of(closed: bool, withdrawn: bool) -> Status {
        match (closed, withdrawn) {
            (_, true) => Status::Withdrawn,
            (true, false) => Status::Closed,
            (false, false) => Status::Open,
        }
    }
}

/// What `updateSurvey` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Changes the question and answers (before anyone voted).
    Update,
    /// Stops the voting; the results stand.
    Close,
    /// Withdraws the survey and deletes its message.
    Delete,
}

impl Action {
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Update => "update",
            Action::Close => "close",
            Action::Delete => "delete",
        }
    }

    /// The action named, or the spec's refusal of any other.
    pub fn parse(s: &str) -> Result<Action, Refusal> {
        [Action::Update, Action::Close, Action::Delete]
            .into_iter()
            .find(|a| a.as_str() == s)
            .ok_or(Refusal::UndefinedAction)
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
    /// The spec's text: `updateSurvey` names an action a survey does not have.
    UndefinedAction,
    /// Only its author or a manager changes, closes or deletes a survey (the spec's
    /// permission refusal).
    NotAllowed,
    /// A survey is changed only before anyone votes.
    HasVotes,
    /// A closed survey is not changed.
    Closed,
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
            Refusal::UndefinedAction => "survey_action_undefined",
            Refusal::NotAllowed => "permission_denied",
            Refusal::HasVotes => "survey_has_votes",
            Refusal::Closed => "survey_closed",
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
            Refusal::UndefinedAction => f.write_str(UNDEFINED_ACTION),
            // The spec's permission text.
            Refusal::NotAllowed => {
                f.write_str("You don't have enough permission for this operation.")
            }
            Refusal::HasVotes => f.write_str("A survey can be changed only before anyone votes."),
            Refusal::Closed => f.write_str("This survey is closed."),
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

/// How long the survey takes to read, at the spec's 0.4 s a word, rounded up to whole
/// seconds.
pub fn duration_seconds(question: &str, answers: &[String]) -> u64 {
    let words = question.split_whitespace().count()
        + answers
            .iter()
            .map(|a| a.split_whitespace().count())
            .sum::<usize>();
    (words as u64 * TENTHS_PER_WORD).div_ceil(10)
}

/// Whether a vote is taken: only while the survey is open (then once per member, which the
/// caller checks against the votes).
pub fn may_vote(status: Status) -> Result<(), Refusal> {
    match status {
        Status::Open => Ok(()),
        Status::Closed | Status::Withdrawn => Err(Refusal::CannotVote),
    }
}

/// Whether `by` may change, close or delete a survey `author` posted: its author, or a
/// manager of the store.
pub fn may_manage(
    author: Option<uuid::Uuid>,
    by: uuid::Uuid,
    manager: bool,
) -> Result<(), Refusal> {
    if manager || author == Some(by) {
        Ok(())
    } else {
        Err(Refusal::NotAllowed)
    }
}

/// Whether a survey's question and answers may change: while it is open and nobody voted.
pub fn may_change(status: Status, votes: usize) -> Result<(), Refusal> {
    match status {
        Status::Closed | Status::Withdrawn => Err(Refusal::Closed),
        Status::Open if votes > 0 => Err(Refusal::HasVotes),
        Status::Open => Ok(()),
    }
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
    fn the_duration_estimate_is_point_four_seconds_a_word_rounded_up() {
        // Seven words: 2.8 s, shown as 3.
        assert_eq!(
            duration_seconds("Who works on Sunday?", &s(&["Me", "Not me"])),
            3
        );
        // Five words: exactly 2 s (no rounding error pushes it to 3).
        assert_eq!(
            duration_seconds("Summer rota?", &s(&["Early", "Late", "Either"])),
            2
        );
        // One word: 0.4 s, a whole second.
        assert_eq!(duration_seconds("Why?", &[]), 1);
        assert_eq!(duration_seconds("  ", &[]), 0);
        // Every count of words: the least whole number of seconds at or above 0.4 s each.
        for words in 0..1000u64 {
            let q = vec!["w"; words as usize].join(" ");
            let secs = duration_seconds(&q, &[]);
            assert!(secs * 10 >= words * 4 && (secs == 0 || (secs - 1) * 10 < words * 4));
        }
        assert_eq!(Mode::parse("poll"), Some(Mode::Poll));
    }

    #[test]
    fn only_open_surveys_take_votes() {
        assert_eq!(may_vote(Status::Open), Ok(()));
        assert_eq!(may_vote(Status::Closed), Err(Refusal::CannotVote));
        assert_eq!(may_vote(Status::Withdrawn), Err(Refusal::CannotVote));
        assert_eq!(Status::of(false, false), Status::Open);
        assert_eq!(Status::of(true, false), Status::Closed);
        assert_eq!(Status::of(true, true), Status::Withdrawn);
        assert_eq!(Status::of(false, true), Status::Withdrawn);
    }

    #[test]
    fn authors_and_managers_manage_surveys_and_change_them_before_any_vote() {
        let (author, other) = (uuid::Uuid::from_u128(1), uuid::Uuid::from_u128(2));
        assert_eq!(may_manage(Some(author), author, false), Ok(()));
        assert_eq!(may_manage(Some(author), other, true), Ok(()));
        assert_eq!(
            may_manage(Some(author), other, false),
            Err(Refusal::NotAllowed)
        );
        assert_eq!(may_manage(None, other, false), Err(Refusal::NotAllowed));
        assert_eq!(may_change(Status::Open, 0), Ok(()));
        assert_eq!(may_change(Status::Open, 1), Err(Refusal::HasVotes));
        assert_eq!(may_change(Status::Closed, 0), Err(Refusal::Closed));
    }

    #[test]
    fn actions_are_update_close_and_delete_and_no_other() {
        assert_eq!(Action::parse("update"), Ok(Action::Update));
        assert_eq!(Action::parse("close"), Ok(Action::Close));
        assert_eq!(Action::parse("delete"), Ok(Action::Delete));
        assert_eq!(Action::parse("reopen"), Err(Refusal::UndefinedAction));
        assert_eq!(Action::parse("Delete"), Err(Refusal::UndefinedAction));
        assert_eq!(
            Refusal::UndefinedAction.to_string(),
            "this action isn't defined for survey"
        );
    }
}
