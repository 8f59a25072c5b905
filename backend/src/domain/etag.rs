//! Entity tags of answers made afresh for each request (the blog's pages and reads): a digest
//! of the bytes, weak because the answer may go compressed in several codings that all mean
//! the same, and the test of an `If-None-Match` header against one.

use sha2::{Digest, Sha256};

/// The weak entity tag of `bytes`, quoted.
pub fn of(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let hex: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
    format!("W/\"{hex}\"")
}

/// Whether an `If-None-Match` header names `tag` (weakly: `W/` on either side is ignored).
pub fn matches(header: &str, tag: &str) -> bool {
    let bare = |t: &str| t.trim().trim_start_matches("W/").to_string();
    let tag = bare(tag);
    header.split(',').any(|t| bare(t) == tag || t.trim() == "*")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_bytes_have_the_same_weak_tag() {
        let a = of(b"a page");
        assert_eq!(a, of(b"a page"));
        assert_ne!(a, of(b"another page"));
        assert!(a.starts_with("W/\"") && a.ends_with('"'));
    }

    #[test]
    fn a_header_names_a_tag_with_or_without_w() {
        let tag = of(b"x");
        assert!(matches(&tag, &tag));
        assert!(matches(
            &format!("\"old\", {}", tag.trim_start_matches("W/")),
            &tag
        ));
        assert!(matches("*", &tag));
        assert!(!matches("\"old\"", &tag));
    }
}
