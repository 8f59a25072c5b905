//! A reader without an account, as their browser's first-party cookie names them: a random
//! version 4 UUID the server made, which no one can guess. A like and a view count once per
//! visitor.

/// The cookie's name.
pub const COOKIE: &str = "clockto_visitor";
/// How long the browser keeps it.
pub const COOKIE_DAYS: i64 = 365;

/// A visitor's id, as read from a cookie or a call: only a random (version 4) UUID is one,
/// so a counted, made-up sequence of ids is not taken.
pub fn parse(raw: &str) -> Option<uuid::Uuid> {
    let id = uuid::Uuid::parse_str(raw.trim()).ok()?;
    (id.get_version() == Some(uuid::Version::Random)).then_some(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_random_uuid_names_a_visitor() {
        let id = uuid::Uuid::new_v4();
        assert_eq!(parse(&id.to_string()), Some(id));
        assert_eq!(parse(&uuid::Uuid::now_v7().to_string()), None);
        assert_eq!(parse("00000000-0000-0000-0000-000000000001"), None);
        assert_eq!(parse("not an id"), None);
    }
}
