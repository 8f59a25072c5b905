//! Account rules: e-mail addresses, the sign-in throttle's key, passwords, names, birthdays,
//! phone numbers, profile images, the personal information status, and the one-time codes
//! mailed for e-mail confirmation, password reset and sign-in. Pure: the caller passes the clock and
//! the random source.

use chrono::{DateTime, Duration, Utc};
use rand::Rng;
use sha2::{Digest, Sha256};
use std::fmt;

/// Where an account stands: `pendingconfirm` until its e-mail code is confirmed.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
pub enum AccountStatus {
    #[serde(rename = "pendingconfirm")]
    PendingConfirm,
    #[serde(rename = "confirmed")]
    Confirmed,
}

impl AccountStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            AccountStatus::PendingConfirm => "pendingconfirm",
            AccountStatus::Confirmed => "confirmed",
        }
    }

    pub fn parse(s: &str) -> Option<AccountStatus> {
        [AccountStatus::PendingConfirm, AccountStatus::Confirmed]
            .into_iter()
            .find(|x| x.as_str() == s)
    }
}

/// Whether an account's personal information is complete: `pending` when new (the column's
/// default), `set` once first name, last name and birthday are all known.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[schema(as = PersonalInfoStatus)]
pub enum PersonalInfo {
    Pending,
    Set,
}

impl PersonalInfo {
    pub fn as_str(self) -> &'static str {
        match self {
            PersonalInfo::Pending => "pending",
            PersonalInfo::Set => "set",
        }
    }

    pub fn parse(s: &str) -> Option<PersonalInfo> {
        [PersonalInfo::Pending, PersonalInfo::Set]
            .into_iter()
            .find(|x| x.as_str() == s)
    }
}

/// How an account signs in: with a password (`Email`) or through Google.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
pub enum SignInMethod {
    Email,
    Google,
}

impl SignInMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            SignInMethod::Email => "Email",
            SignInMethod::Google => "Google",
        }
    }

    pub fn parse(s: &str) -> Option<SignInMethod> {
        [SignInMethod::Email, SignInMethod::Google]
            .into_iter()
            .find(|x| x.as_str() == s)
    }
}

/// How long a mailed code stays valid.
pub const CODE_TTL: Duration = Duration::minutes(15);
/// Wrong tries after which a code stops working.
pub const CODE_MAX_ATTEMPTS: i32 = 5;
/// Codes of one purpose that may be mailed to one account within [`CODE_ISSUE_WINDOW`]. With
/// four digits and five tries per code, this is what keeps guessing impractical.
pub const CODE_MAX_ISSUED: usize = 5;
/// The window [`CODE_MAX_ISSUED`] counts over.
pub const CODE_ISSUE_WINDOW: Duration = Duration::hours(1);

/// Longest e-mail address, in bytes.
pub const EMAIL_MAX_LEN: usize = 254;
/// Shortest password, in characters.
pub const PASSWORD_MIN_CHARS: usize = 8;
/// Long enough for any passphrase, short enough that hashing it costs nothing extra.
pub const PASSWORD_MAX_CHARS: usize = 256;
/// Longest first or last name, in characters.
pub const NAME_MAX_CHARS: usize = 100;
/// Longest profile image reference, in bytes.
pub const IMAGE_MAX_LEN: usize = 2048;
/// Longest profile description (a one-line headline shown under the name), in characters.
/// The spec names the field but no length; a headline longer than a phone's line is not one.
pub const DESCRIPTION_MAX_CHARS: usize = 160;
/// Longest about-me text, in characters: a few paragraphs.
pub const ABOUT_ME_MAX_CHARS: usize = 2000;
/// The mailed codes ([`generate_code`]), as a JSON Schema pattern: anything else is a wrong
/// code.
pub const CODE_PATTERN: &str = "^[0-9]{4}$";
/// The phone numbers [`parse_phone_number`] reads, as a JSON Schema pattern: an optional `+`,
/// then 6 to 15 digits with spaces, dots, dashes or brackets between them; empty clears the
/// number (spaces around are trimmed).
pub const PHONE_PATTERN: &str = "^(\\+?[ .()-]*([0-9][ .()-]*){6,15})?$";
/// The image references [`parse_image`] reads, as a JSON Schema pattern: an http(s) address
/// or a path on this server.
pub const IMAGE_PATTERN: &str = "^(https?://|/([^/]|$))";
/// Fewest digits of a phone number.
const PHONE_MIN_DIGITS: usize = 6;
/// Most digits of a phone number.
const PHONE_MAX_DIGITS: usize = 15;

/// A broken account rule. Each has a stable code and a message for the caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccountRuleError {
    InvalidEmail,
    PasswordTooShort,
    PasswordTooLong,
    PasswordNeedsLettersAndNumbers,
    /// A required name field (its spec name) is missing or blank.
    NameRequired(&'static str),
    NameTooLong(&'static str),
    InvalidBirthday,
    InvalidPhoneNumber,
    InvalidImage,
}

impl AccountRuleError {
    /// The stable snake_case code.
    pub fn code(&self) -> &'static str {
        match self {
            AccountRuleError::InvalidEmail => "invalid_email",
            AccountRuleError::PasswordTooShort
            | AccountRuleError::PasswordTooLong
            | AccountRuleError::PasswordNeedsLettersAndNumbers => "weak_password",
            AccountRuleError::NameRequired(_) | AccountRuleError::NameTooLong(_) => "invalid_name",
            AccountRuleError::InvalidBirthday => "invalid_birthday",
            AccountRuleError::InvalidPhoneNumber => "invalid_phone_number",
            AccountRuleError::InvalidImage => "invalid_image",
        }
    }
}

impl fmt::Display for AccountRuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AccountRuleError::InvalidEmail => write!(f, "Please enter a valid email address."),
            AccountRuleError::PasswordTooShort => write!(
                f,
                "The password must be at least {PASSWORD_MIN_CHARS} characters long."
            ),
            AccountRuleError::PasswordTooLong => write!(
                f,
                "The password must be at most {PASSWORD_MAX_CHARS} characters long."
            ),
            AccountRuleError::PasswordNeedsLettersAndNumbers => {
                write!(f, "The password must contain both letters and numbers.")
            }
            AccountRuleError::NameRequired(field) => write!(f, "{field} is required."),
            AccountRuleError::NameTooLong(field) => {
                write!(
                    f,
                    "{field} must be at most {NAME_MAX_CHARS} characters long."
                )
            }
            AccountRuleError::InvalidBirthday => {
                write!(f, "The birthday must be a date in the past.")
            }
            AccountRuleError::InvalidPhoneNumber => {
                write!(f, "Please enter a valid phone number.")
            }
            AccountRuleError::InvalidImage => {
                write!(
                    f,
                    "The profile image must be a web address or an uploaded file."
                )
            }
        }
    }
}

impl std::error::Error for AccountRuleError {}

/// A trimmed, lower-cased, valid e-mail address. Lower-casing makes every lookup and the
/// uniqueness rule case-insensitive.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Email, AccountRuleError> {
        let email = raw.trim().to_lowercase();
        if email.len() > EMAIL_MAX_LEN || email.chars().any(char::is_whitespace) {
            return Err(AccountRuleError::InvalidEmail);
        }
        // The mail library's parser decides what it can send to; on top of it a domain needs
        // a dot, since sign-up addresses are public ones.
        let address: lettre::Address = email.parse().map_err(|_| AccountRuleError::InvalidEmail)?;
        let domain = address.domain();
        let labels_ok = domain.split('.').all(|l| !l.is_empty());
        if !domain.contains('.') || !labels_ok || domain.starts_with('[') {
            return Err(AccountRuleError::InvalidEmail);
        }
        Ok(Email(email))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Email {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The key login failures are counted under for an address as typed, valid or not: trimmed,
/// lower-cased and bounded so a huge input cannot grow the counter's memory.
pub fn login_key(raw_email: &str) -> String {
    raw_email
        .trim()
        .to_lowercase()
        .chars()
        .take(EMAIL_MAX_LEN)
        .collect()
}

/// Checks the password rule: 8 to 256 characters, with letters and numbers.
pub fn check_password(password: &str) -> Result<(), AccountRuleError> {
    let chars = password.chars().count();
    if chars < PASSWORD_MIN_CHARS {
        return Err(AccountRuleError::PasswordTooShort);
    }
    if chars > PASSWORD_MAX_CHARS {
        return Err(AccountRuleError::PasswordTooLong);
    }
    let letters = password.chars().any(char::is_alphabetic);
    let digits = password.chars().any(|c| c.is_ascii_digit());
    if !(letters && digits) {
        return Err(AccountRuleError::PasswordNeedsLettersAndNumbers);
    }
    Ok(())
}

/// A required name: trimmed, not blank, bounded. `field` is the spec's field name.
pub fn parse_name(raw: &str, field: &'static str) -> Result<String, AccountRuleError> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(AccountRuleError::NameRequired(field));
    }
    if name.chars().count() > NAME_MAX_CHARS {
        return Err(AccountRuleError::NameTooLong(field));
    }
    Ok(name.to_string())
}

/// The earliest birthday, epoch ms: 1900-01-01.
pub const BIRTHDAY_MIN_MS: i64 = -2_208_988_800_000;

/// A birthday given in epoch milliseconds: a real instant, after 1900 and not in the future.
pub fn parse_birthday(ms: i64, now: DateTime<Utc>) -> Result<DateTime<Utc>, AccountRuleError> {
    if ms < BIRTHDAY_MIN_MS {
        return Err(AccountRuleError::InvalidBirthday);
    }
    DateTime::from_timestamp_millis(ms)
        .filter(|b| *b <= now)
        .ok_or(AccountRuleError::InvalidBirthday)
}

/// A phone number: optional leading `+`, digits with common separators, 6 to 15 digits.
/// Blank means no number. Returns the number trimmed, as typed.
pub fn parse_phone_number(raw: &str) -> Result<Option<String>, AccountRuleError> {
    let phone = raw.trim();
    if phone.is_empty() {
        return Ok(None);
    }
    let body = phone.strip_prefix('+').unwrap_or(phone);
    let allowed = body
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '.' | '(' | ')'));
    let digits = body.chars().filter(char::is_ascii_digit).count();
    if !allowed || !(PHONE_MIN_DIGITS..=PHONE_MAX_DIGITS).contains(&digits) {
        return Err(AccountRuleError::InvalidPhoneNumber);
    }
    Ok(Some(phone.to_string()))
}

/// A profile image reference: an http(s) address or a path on this server. Anything else
/// (`javascript:` and the like) is refused because it ends up in an `img` source.
pub fn parse_image(raw: &str) -> Result<String, AccountRuleError> {
    let image = raw.trim();
    let scheme_ok = image.starts_with("https://")
        || image.starts_with("http://")
        || (image.starts_with('/') && !image.starts_with("//"));
    if !scheme_ok || image.len() > IMAGE_MAX_LEN || image.chars().any(char::is_control) {
        return Err(AccountRuleError::InvalidImage);
    }
    Ok(image.to_string())
}

/// The personal information status once first name, last name and birthday are known:
/// `set` when all three are, otherwise the current one (it never goes back to pending).
pub fn personal_information_status(
    current: PersonalInfo,
    first_name: &str,
    last_name: &str,
    birthday: Option<DateTime<Utc>>,
) -> PersonalInfo {
    let complete =
        !first_name.trim().is_empty() && !last_name.trim().is_empty() && birthday.is_some();
    if complete {
        PersonalInfo::Set
    } else {
        current
    }
}

/// What a one-time code is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodePurpose {
    EmailConfirmation,
    PasswordReset,
    /// Signing in without the password (which also proves the address).
    SignIn,
}

impl CodePurpose {
    /// The stored name (the `purpose` column).
    pub fn as_str(self) -> &'static str {
        match self {
            CodePurpose::EmailConfirmation => "email_confirmation",
            CodePurpose::PasswordReset => "password_reset",
            CodePurpose::SignIn => "sign_in",
        }
    }

    pub fn parse(s: &str) -> Option<CodePurpose> {
        [
            CodePurpose::EmailConfirmation,
            CodePurpose::PasswordReset,
            CodePurpose::SignIn,
        ]
        .into_iter()
        .find(|p| p.as_str() == s)
    }
}

/// A fresh 4-digit code, leading zeros kept.
pub fn generate_code<R: Rng + ?Sized>(rng: &mut R) -> String {
    format!("{:04}", rng.gen_range(0..10_000u32))
}

/// The stored form of a code: SHA-256 over the account, the purpose and the code, so equal
/// codes of different accounts or purposes never share a hash.
pub fn hash_code(account: &str, purpose: CodePurpose, code: &str) -> String {
    let mut hasher = Sha256::new();
    hasher.update(account.as_bytes());
    hasher.update([0]);
    hasher.update(purpose.as_str().as_bytes());
    hasher.update([0]);
    hasher.update(code.trim().as_bytes());
    format!("{:x}", hasher.finalize())
}

/// When a code issued at `now` stops working.
pub fn code_expiry(now: DateTime<Utc>) -> DateTime<Utc> {
    now + CODE_TTL
}

/// True when another code may be mailed, given when the recent ones were issued.
pub fn may_issue_code(now: DateTime<Utc>, issued: &[DateTime<Utc>]) -> bool {
    let since = now - CODE_ISSUE_WINDOW;
    issued.iter().filter(|t| **t > since).count() < CODE_MAX_ISSUED
}

/// The stored state of the newest unused code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeState {
    pub expires_at: DateTime<Utc>,
    pub attempts: i32,
}

/// What checking a code found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeVerdict {
    /// The code is right and still usable.
    Valid,
    /// The code is wrong: count one more try.
    Wrong,
    /// The code's time is up.
    Expired,
    /// Too many wrong tries: a new code is needed. Nothing is compared any more.
    Exhausted,
}

/// Judges a code attempt. The expiry and the try limit are checked before the comparison,
/// so a used-up code gives away nothing about its value.
pub fn judge_code(now: DateTime<Utc>, state: CodeState, matches: bool) -> CodeVerdict {
    if state.attempts >= CODE_MAX_ATTEMPTS {
        CodeVerdict::Exhausted
    } else if now >= state.expires_at {
        CodeVerdict::Expired
    } else if matches {
        CodeVerdict::Valid
    } else {
        CodeVerdict::Wrong
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s)
            .expect("test instant")
            .with_timezone(&Utc)
    }

    #[test]
    fn an_email_is_trimmed_and_lower_cased() {
        let e = Email::parse("  Jane.Doe+work@Example.COM \n").expect("valid");
        assert_eq!(e.as_str(), "jane.doe+work@example.com");
    }

    #[test]
    fn malformed_emails_are_refused() {
        for bad in [
            "",
            "   ",
            "jane",
            "jane@",
            "@example.com",
            "jane@localhost",
            "jane@example..com",
            "jane doe@example.com",
            "jane@@example.com",
            "jane@example.com'; DROP TABLE users;--",
        ] {
            assert_eq!(
                Email::parse(bad),
                Err(AccountRuleError::InvalidEmail),
                "{bad:?}"
            );
        }
        let long = format!("{}@example.com", "a".repeat(250));
        assert_eq!(Email::parse(&long), Err(AccountRuleError::InvalidEmail));
    }

    #[test]
    fn the_login_key_is_bounded_and_case_insensitive() {
        assert_eq!(login_key(" A@B.com "), "a@b.com");
        assert_eq!(login_key(&"x".repeat(10_000)).len(), EMAIL_MAX_LEN);
    }

    #[test]
    fn a_password_needs_eight_characters_with_letters_and_numbers() {
        assert_eq!(
            check_password("abc123"),
            Err(AccountRuleError::PasswordTooShort)
        );
        assert_eq!(
            check_password("abcdefgh"),
            Err(AccountRuleError::PasswordNeedsLettersAndNumbers)
        );
        assert_eq!(
            check_password("12345678"),
            Err(AccountRuleError::PasswordNeedsLettersAndNumbers)
        );
        assert_eq!(check_password("abcdefg1"), Ok(()));
        assert_eq!(check_password("pässwört9"), Ok(()));
        assert_eq!(
            check_password(&format!("a1{}", "x".repeat(300))),
            Err(AccountRuleError::PasswordTooLong)
        );
    }

    #[test]
    fn a_password_is_counted_in_characters_not_bytes() {
        // Seven characters, more than eight bytes.
        assert_eq!(
            check_password("ääääää1"),
            Err(AccountRuleError::PasswordTooShort)
        );
    }

    #[test]
    fn names_are_trimmed_and_required() {
        assert_eq!(parse_name("  Ada ", "firstName"), Ok("Ada".to_string()));
        assert_eq!(
            parse_name(" \t", "firstName"),
            Err(AccountRuleError::NameRequired("firstName"))
        );
        assert_eq!(
            parse_name(&"n".repeat(101), "lastName"),
            Err(AccountRuleError::NameTooLong("lastName"))
        );
        assert_eq!(
            AccountRuleError::NameRequired("firstName").to_string(),
            "firstName is required."
        );
    }

    #[test]
    fn a_birthday_must_be_a_past_date_after_1900() {
        let now = at("2026-01-01T00:00:00Z");
        let b = at("1990-05-17T00:00:00Z");
        assert_eq!(parse_birthday(b.timestamp_millis(), now), Ok(b));
        let future = at("2026-01-02T00:00:00Z").timestamp_millis();
        assert_eq!(
            parse_birthday(future, now),
            Err(AccountRuleError::InvalidBirthday)
        );
        let ancient = at("1850-01-01T00:00:00Z").timestamp_millis();
        assert_eq!(
            parse_birthday(ancient, now),
            Err(AccountRuleError::InvalidBirthday)
        );
        assert_eq!(
            parse_birthday(i64::MAX, now),
            Err(AccountRuleError::InvalidBirthday)
        );
        let first = at("1900-01-01T00:00:00Z");
        assert_eq!(first.timestamp_millis(), BIRTHDAY_MIN_MS);
        assert_eq!(parse_birthday(BIRTHDAY_MIN_MS, now), Ok(first));
        assert_eq!(
            parse_birthday(BIRTHDAY_MIN_MS - 1, now),
            Err(AccountRuleError::InvalidBirthday)
        );
    }

    #[test]
    fn phone_numbers_allow_separators_and_blank_means_none() {
        assert_eq!(
            parse_phone_number(" +1 (555) 123-4567 "),
            Ok(Some("+1 (555) 123-4567".to_string()))
        );
        assert_eq!(parse_phone_number(""), Ok(None));
        for bad in [
            "12345",
            "call me",
            "+1 555 123 4567 8901 23",
            "555-1234; --",
        ] {
            assert_eq!(
                parse_phone_number(bad),
                Err(AccountRuleError::InvalidPhoneNumber),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn images_must_be_web_addresses_or_local_paths() {
        assert!(parse_image("https://cdn.example.com/a.webp").is_ok());
        assert!(parse_image("/uploads/u1/a.webp").is_ok());
        for bad in [
            "javascript:alert(1)",
            "//evil.example/x.png",
            "data:image/png;base64,AA",
            "",
        ] {
            assert_eq!(
                parse_image(bad),
                Err(AccountRuleError::InvalidImage),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn personal_information_is_set_once_names_and_birthday_are_known() {
        let b = Some(at("1990-01-01T00:00:00Z"));
        use PersonalInfo::{Pending, Set};
        assert_eq!(personal_information_status(Pending, "Ada", "L", b), Set);
        assert_eq!(
            personal_information_status(Pending, "Ada", "L", None),
            Pending
        );
        assert_eq!(personal_information_status(Pending, "Ada", " ", b), Pending);
        assert_eq!(personal_information_status(Set, "Ada", "L", None), Set);
    }

    #[test]
    fn codes_have_four_digits_with_leading_zeros() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for _ in 0..500 {
            let code = generate_code(&mut rng);
            assert_eq!(code.len(), 4);
            assert!(code.chars().all(|c| c.is_ascii_digit()));
        }
    }

    #[test]
    fn a_code_hash_depends_on_account_purpose_and_code() {
        let h = hash_code("u1", CodePurpose::PasswordReset, "1234");
        assert_eq!(h.len(), 64);
        assert_eq!(h, hash_code("u1", CodePurpose::PasswordReset, " 1234 "));
        assert_ne!(h, hash_code("u2", CodePurpose::PasswordReset, "1234"));
        assert_ne!(h, hash_code("u1", CodePurpose::EmailConfirmation, "1234"));
        assert_ne!(h, hash_code("u1", CodePurpose::PasswordReset, "1235"));
    }

    #[test]
    fn a_code_expires_fifteen_minutes_after_issue() {
        let issued = at("2026-03-01T10:00:00Z");
        let state = CodeState {
            expires_at: code_expiry(issued),
            attempts: 0,
        };
        let just_before = at("2026-03-01T10:14:59Z");
        let at_expiry = at("2026-03-01T10:15:00Z");
        assert_eq!(judge_code(just_before, state, true), CodeVerdict::Valid);
        assert_eq!(judge_code(just_before, state, false), CodeVerdict::Wrong);
        assert_eq!(judge_code(at_expiry, state, true), CodeVerdict::Expired);
    }

    #[test]
    fn a_code_stops_working_after_five_wrong_tries() {
        let now = at("2026-03-01T10:00:00Z");
        let mut state = CodeState {
            expires_at: code_expiry(now),
            attempts: 4,
        };
        assert_eq!(judge_code(now, state, true), CodeVerdict::Valid);
        state.attempts = CODE_MAX_ATTEMPTS;
        assert_eq!(judge_code(now, state, true), CodeVerdict::Exhausted);
    }

    #[test]
    fn at_most_five_codes_are_issued_per_hour() {
        let now = at("2026-03-01T10:00:00Z");
        let recent: Vec<_> = (1..=4).map(|m| now - Duration::minutes(m)).collect();
        assert!(may_issue_code(now, &recent));
        let mut five = recent.clone();
        five.push(now - Duration::minutes(59));
        assert!(!may_issue_code(now, &five));
        let mut old = recent;
        old.push(now - Duration::minutes(61));
        assert!(may_issue_code(now, &old));
    }

    fn pattern(p: &str) -> regex_lite::Regex {
        regex_lite::Regex::new(p).expect("valid pattern")
    }

    #[test]
    fn mailed_codes_match_the_documented_pattern() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let codes = pattern(CODE_PATTERN);
        for _ in 0..100 {
            let code = generate_code(&mut rng);
            assert!(codes.is_match(&code), "{code}");
        }
    }

    proptest::proptest! {
        /// The document's pattern of a phone number reads exactly what the rule reads, for
        /// texts without spaces around (which the rule trims).
        #[test]
        fn the_phone_pattern_is_the_rule(text in "[+0-9 .()x-]{0,20}") {
            let text = text.trim();
            let documented = pattern(PHONE_PATTERN).is_match(text);
            proptest::prop_assert_eq!(documented, parse_phone_number(text).is_ok(), "{}", text);
        }

        /// The document's pattern of an image reference reads exactly the references the rule
        /// reads, for short printable texts.
        #[test]
        fn the_image_pattern_is_the_rule(text in "(https?://|//?|javascript:|ftp://)?[a-z./:]{0,12}") {
            let documented = pattern(IMAGE_PATTERN).is_match(&text);
            proptest::prop_assert_eq!(documented, parse_image(&text).is_ok(), "{}", text);
        }
    }
}
