//! What the mail of a one-time code says, in its reader's language. The code is written in
//! ASCII digits in every language, on a line of its own after the greeting line, so it reads
//! the same in any mail client (and in the `.eml` files written without SMTP).

use crate::domain::account::{CodePurpose, CODE_TTL};
use crate::domain::language::Language;

/// A mail's subject and plain-text body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeMail {
    pub subject: String,
    pub body: String,
}

/// The mail carrying `code` for `purpose`, in `language`.
pub fn code_mail(purpose: CodePurpose, language: Language, code: &str) -> CodeMail {
    let minutes = CODE_TTL.num_minutes();
    let (subject, action) = words(purpose, language);
    let (your_code, expires, not_you) = match language {
        Language::En => (
            "Your code is",
            format!("The code expires in {minutes} minutes."),
            "If you did not ask for this, ignore this mail.",
        ),
        Language::De => (
            "Ihr Code lautet",
            format!("Der Code läuft in {minutes} Minuten ab."),
            "Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.",
        ),
        Language::Es => (
            "Tu código es",
            format!("El código caduca en {minutes} minutos."),
            "Si no lo has pedido, ignora este correo.",
        ),
        Language::Fa => (
            "کد شما:",
            format!("این کد تا {minutes} دقیقه دیگر معتبر است."),
            "اگر شما این را درخواست نکرده‌اید، این ایمیل را نادیده بگیرید.",
        ),
    };
    // A confirmation follows the person's own sign-up: no warning is needed there.
    let warning = match purpose {
        CodePurpose::EmailConfirmation => String::new(),
        CodePurpose::PasswordReset | CodePurpose::SignIn => format!("{not_you}\n"),
    };
    CodeMail {
        subject: subject.to_string(),
        body: format!("{your_code} {code}\n\n{action}\n{expires}\n{warning}"),
    }
}

/// The subject and the line saying what the code is for.
fn words(purpose: CodePurpose, language: Language) -> (&'static str, &'static str) {
    use CodePurpose::*;
    use Language::*;
    match (purpose, language) {
        (EmailConfirmation, En) => (
            "Confirm your Clockto email",
            "Enter it in Clockto to confirm your email address.",
        ),
        (EmailConfirmation, De) => (
            "Bestätigen Sie Ihre E-Mail-Adresse für Clockto",
            "Geben Sie ihn in Clockto ein, um Ihre E-Mail-Adresse zu bestätigen.",
        ),
        (EmailConfirmation, Es) => (
            "Confirma tu correo de Clockto",
            "Introdúcelo en Clockto para confirmar tu dirección de correo.",
        ),
        (EmailConfirmation, Fa) => (
            "ایمیل خود را در Clockto تأیید کنید",
            "آن را در Clockto وارد کنید تا نشانی ایمیل شما تأیید شود.",
        ),
        (PasswordReset, En) => (
            "Reset your Clockto password",
            "Enter it in Clockto to choose a new password.",
        ),
        (PasswordReset, De) => (
            "Setzen Sie Ihr Clockto-Passwort zurück",
            "Geben Sie ihn in Clockto ein, um ein neues Passwort zu wählen.",
        ),
        (PasswordReset, Es) => (
            "Restablece tu contraseña de Clockto",
            "Introdúcelo en Clockto para elegir una contraseña nueva.",
        ),
        (PasswordReset, Fa) => (
            "بازنشانی رمز عبور Clockto",
            "آن را در Clockto وارد کنید تا رمز عبور تازه‌ای انتخاب کنید.",
        ),
        (SignIn, En) => (
            "Your Clockto sign-in code",
            "Enter it in Clockto to sign in.",
        ),
        (SignIn, De) => (
            "Ihr Anmeldecode für Clockto",
            "Geben Sie ihn in Clockto ein, um sich anzumelden.",
        ),
        (SignIn, Es) => (
            "Tu código para entrar en Clockto",
            "Introdúcelo en Clockto para iniciar sesión.",
        ),
        (SignIn, Fa) => (
            "کد ورود شما به Clockto",
            "آن را در Clockto وارد کنید تا وارد شوید.",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mail_states_the_code_in_ascii_digits_on_its_first_line() {
        for purpose in [
            CodePurpose::EmailConfirmation,
            CodePurpose::PasswordReset,
            CodePurpose::SignIn,
        ] {
            for language in Language::ALL {
                let mail = code_mail(purpose, language, "0427");
                let first = mail.body.lines().next().expect("a first line");
                assert!(first.ends_with(" 0427"), "{first}");
                assert!(mail.body.contains("15"), "{}", mail.body);
                assert!(!mail.subject.is_empty());
            }
        }
    }

    #[test]
    fn the_english_mail_keeps_its_wording() {
        let mail = code_mail(CodePurpose::SignIn, Language::En, "1234");
        assert_eq!(mail.subject, "Your Clockto sign-in code");
        assert!(mail.body.starts_with("Your code is 1234\n"));
        assert!(mail.body.contains("ignore this mail"));
    }

    #[test]
    fn each_language_has_its_own_words() {
        let subjects: std::collections::HashSet<_> = Language::ALL
            .into_iter()
            .map(|l| code_mail(CodePurpose::SignIn, l, "1").subject)
            .collect();
        assert_eq!(subjects.len(), 4);
    }
}
