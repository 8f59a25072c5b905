//! The spec's pages of the blog's lists: a first load of 12 posts, 5 more each time, 10
//! recent ones beside them; newest change first.

/// Posts in a list's first load.
pub const FIRST_LOAD: i64 = 12;
/// Posts each "load more" adds.
pub const LOAD_MORE: i64 = 5;
/// Recent posts listed beside a list or a post.
pub const RECENT: i64 = 10;
/// The most posts one read returns, whatever it asks (the editors' list included).
pub const PAGE_MAX: i64 = 50;
/// Posts in a language's feed.
pub const FEED: i64 = 20;

/// One page of a list: how many to skip and how many to take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub offset: i64,
    pub limit: i64,
}

/// Why a page cannot be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageRefusal {
    /// The spec: "Pagination limit at least 1".
    Limit,
    Offset,
}

impl PageRefusal {
    pub fn message(self) -> &'static str {
        match self {
            PageRefusal::Limit => "limit must be at least 1.",
            PageRefusal::Offset => "offset must be 0 or more.",
        }
    }
}

/// The page asked for: from `offset` (0 when not given), `limit` posts, which default to the
/// first load at the start and to a "load more" after it; at most [`PAGE_MAX`].
pub fn page(offset: Option<i64>, limit: Option<i64>) -> Result<Page, PageRefusal> {
    let offset = offset.unwrap_or(0);
    if offset < 0 {
        return Err(PageRefusal::Offset);
    }
    let limit = match limit {
        Some(n) if n < 1 => return Err(PageRefusal::Limit),
        Some(n) => n.min(PAGE_MAX),
        None if offset == 0 => FIRST_LOAD,
        None => LOAD_MORE,
    };
    Ok(Page { offset, limit })
}

/// How many posts a list page shows when the reader has loaded `shown` (the address's count
/// of a list grown by "load more", read without a script): the first load, grown by whole
/// steps of five, never past the most one read returns.
pub fn shown(asked: Option<i64>) -> i64 {
    match asked {
        Some(n) if n > FIRST_LOAD => {
            let steps = (n - FIRST_LOAD + LOAD_MORE - 1) / LOAD_MORE;
            (FIRST_LOAD + steps * LOAD_MORE).min(PAGE_MAX)
        }
        _ => FIRST_LOAD,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_load_is_twelve_and_each_more_five() {
        assert_eq!(
            page(None, None),
            Ok(Page {
                offset: 0,
                limit: 12
            })
        );
        assert_eq!(
            page(Some(12), None),
            Ok(Page {
                offset: 12,
                limit: 5
            })
        );
        assert_eq!(page(Some(3), Some(500)).map(|p| p.limit), Ok(PAGE_MAX));
        assert_eq!(RECENT, 10);
    }

    #[test]
    fn a_limit_below_one_or_a_negative_offset_is_refused() {
        assert_eq!(page(None, Some(0)), Err(PageRefusal::Limit));
        assert_eq!(page(Some(-1), None), Err(PageRefusal::Offset));
    }

    #[test]
    fn a_grown_list_shows_whole_steps() {
        assert_eq!(shown(None), 12);
        assert_eq!(shown(Some(-4)), 12);
        assert_eq!(shown(Some(13)), 17);
        assert_eq!(shown(Some(17)), 17);
        assert_eq!(shown(Some(18)), 22);
        assert_eq!(shown(Some(10_000)), PAGE_MAX);
    }
}
