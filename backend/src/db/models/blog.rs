//! The blog's tables: posts, their comments, and the likes and views of visitors. No store's:
//! posts are the site's, written by its editors; comments and counts are visitors'.

use crate::db::schema::{blog_comments, blog_likes, blog_posts, blog_views};
use crate::domain::blog::comment::Status;
use crate::domain::ids::{FileId, UserId};
use crate::domain::language::Language;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use uuid::Uuid;

/// Adds the row of a post and a visitor to `$rows` unless it is there, and moves the post's
/// `$count` only when it was added, in one transaction: the count, and whether it moved.
/// Likes and views differ only in their table and column.
macro_rules! count_once {
    ($conn:expr, $rows:ident, $count:ident, $id:expr, $visitor:expr) => {
        $conn.transaction(|conn| {
            let added = diesel::insert_into($rows::table)
                .values(($rows::post_id.eq($id), $rows::visitor.eq($visitor)))
                .on_conflict_do_nothing()
                .execute(conn)?
                > 0;
            let count = if added {
                diesel::update(blog_posts::table.find($id))
                    .set(blog_posts::$count.eq(blog_posts::$count + 1))
                    .returning(blog_posts::$count)
                    .get_result(conn)?
            } else {
                blog_posts::table
                    .find($id)
                    .select(blog_posts::$count)
                    .first(conn)?
            };
            Ok((count, added))
        })
    };
}

/// A post, in one language.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = blog_posts, check_for_backend(diesel::pg::Pg))]
pub struct Post {
    pub id: Uuid,
    /// Shared by the post's versions in other languages.
    pub translation_group: Uuid,
    pub language: Language,
    pub slug: String,
    pub title: String,
    pub abstract_text: String,
    /// Markdown, as written.
    pub content: String,
    /// The content's sanitised HTML.
    pub html: String,
    pub conclusion: String,
    pub tags: Vec<String>,
    pub cover_id: FileId,
    pub author_id: Option<UserId>,
    pub author_name: String,
    pub author_avatar: Option<String>,
    /// Reading time, seconds.
    pub duration: i32,
    pub audio_key: Option<String>,
    pub audio_duration: Option<i32>,
    pub audio_due_at: Option<DateTime<Utc>>,
    pub published: bool,
    pub published_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub modified_at: DateTime<Utc>,
    pub likes: i32,
    pub seen: i32,
}

/// A new post (a draft).
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = blog_posts)]
pub struct PostInsertForm {
    pub id: Uuid,
    pub translation_group: Uuid,
    pub language: Language,
    pub slug: String,
    pub title: String,
    pub abstract_text: String,
    pub content: String,
    pub html: String,
    pub conclusion: String,
    pub tags: Vec<String>,
    pub cover_id: FileId,
    pub author_id: Option<UserId>,
    pub author_name: String,
    pub author_avatar: Option<String>,
    pub duration: i32,
    pub created_at: DateTime<Utc>,
    pub modified_at: DateTime<Utc>,
}

/// What an editor's save changes of a post.
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = blog_posts)]
pub struct PostTextForm {
    pub language: Language,
    pub slug: String,
    pub title: String,
    pub abstract_text: String,
    pub content: String,
    pub html: String,
    pub conclusion: String,
    pub tags: Vec<String>,
    pub cover_id: FileId,
    pub duration: i32,
    pub modified_at: DateTime<Utc>,
}

/// What a list is narrowed to.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub language: Option<Language>,
    /// Only posts carrying this tag.
    pub tag: Option<String>,
    /// Only posts whose title holds this text (any case).
    pub title: Option<String>,
    /// Drafts too (the editors' list).
    pub drafts: bool,
}

/// `text` for a `LIKE` pattern, its wildcards taken literally.
fn like_pattern(text: &str) -> String {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

#[derive(QueryableByName)]
struct TagRow {
    #[diesel(sql_type = diesel::sql_types::Text)]
    tag: String,
}

impl PostInsertForm {
    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<Post> {
        diesel::insert_into(blog_posts::table)
            .values(self)
            .returning(Post::as_returning())
            .get_result(conn)
    }
}

impl Post {
    pub fn find(conn: &mut PgConnection, id: Uuid) -> QueryResult<Option<Post>> {
        blog_posts::table
            .find(id)
            .select(Post::as_select())
            .first(conn)
            .optional()
    }

    /// The post, locked until the end of the caller's transaction.
    pub fn find_for_update(conn: &mut PgConnection, id: Uuid) -> QueryResult<Option<Post>> {
        blog_posts::table
            .find(id)
            .select(Post::as_select())
            .for_update()
            .first(conn)
            .optional()
    }

    /// The published posts at `slug`, the one in `language` first.
    pub fn published_at_slug(
        conn: &mut PgConnection,
        slug: &str,
        language: Language,
    ) -> QueryResult<Option<Post>> {
        let found: Vec<Post> = blog_posts::table
            .filter(blog_posts::slug.eq(slug))
            .filter(blog_posts::published.eq(true))
            .select(Post::as_select())
            .load(conn)?;
        let mut found = found;
        found.sort_by_key(|p| (p.language != language, p.language.as_str()));
        Ok(found.into_iter().next())
    }

    /// A page of posts, newest change first.
    pub fn list(
        conn: &mut PgConnection,
        filter: &Filter,
        offset: i64,
        limit: i64,
    ) -> QueryResult<Vec<Post>> {
        let mut query = blog_posts::table
            .select(Post::as_select())
            .order((blog_posts::modified_at.desc(), blog_posts::id.desc()))
            .offset(offset)
            .limit(limit)
            .into_boxed();
        if !filter.drafts {
            query = query.filter(blog_posts::published.eq(true));
        }
        if let Some(language) = filter.language {
            query = query.filter(blog_posts::language.eq(language));
        }
        if let Some(tag) = &filter.tag {
            query = query.filter(blog_posts::tags.contains(vec![tag.clone()]));
        }
        if let Some(title) = &filter.title {
            query = query.filter(blog_posts::title.ilike(like_pattern(title)));
        }
        query.load(conn)
    }

    /// The versions of a post (its own included).
    pub fn translations(conn: &mut PgConnection, group: Uuid) -> QueryResult<Vec<Post>> {
        blog_posts::table
            .filter(blog_posts::translation_group.eq(group))
            .select(Post::as_select())
            .order(blog_posts::language.asc())
            .load(conn)
    }

    /// Every published post, for the sitemap.
    pub fn all_published(conn: &mut PgConnection, limit: i64) -> QueryResult<Vec<Post>> {
        blog_posts::table
            .filter(blog_posts::published.eq(true))
            .select(Post::as_select())
            .order((blog_posts::modified_at.desc(), blog_posts::id.desc()))
            .limit(limit)
            .load(conn)
    }

    /// The tags of a language's published posts, in order.
    pub fn tags_in_use(
        conn: &mut PgConnection,
        language: Language,
        limit: i64,
    ) -> QueryResult<Vec<String>> {
        let rows: Vec<TagRow> = diesel::sql_query(
            "SELECT DISTINCT unnest(tags) AS tag FROM blog_posts \
             WHERE published AND language = $1 ORDER BY tag LIMIT $2",
        )
        .bind::<diesel::sql_types::Text, _>(language.as_str())
        .bind::<diesel::sql_types::BigInt, _>(limit)
        .load(conn)?;
        Ok(rows.into_iter().map(|r| r.tag).collect())
    }

    pub fn change_text(
        conn: &mut PgConnection,
        id: Uuid,
        form: &PostTextForm,
    ) -> QueryResult<Post> {
        diesel::update(blog_posts::table.find(id))
            .set(form)
            .returning(Post::as_returning())
            .get_result(conn)
    }

    /// Publishes or withdraws a post; its first publication is its date.
    pub fn set_published(
        conn: &mut PgConnection,
        id: Uuid,
        published: bool,
        at: DateTime<Utc>,
    ) -> QueryResult<Post> {
        diesel::update(blog_posts::table.find(id))
            .set(
                (
                    blog_posts::published.eq(published),
                    blog_posts::published_at.eq(diesel::dsl::sql::<
                        diesel::sql_types::Nullable<diesel::sql_types::Timestamptz>,
                    >("coalesce(published_at, ")
                    .bind::<diesel::sql_types::Timestamptz, _>(at)
                    .sql(")")),
                    blog_posts::modified_at.eq(at),
                ),
            )
            .returning(Post::as_returning())
            .get_result(conn)
    }

    pub fn delete(conn: &mut PgConnection, id: Uuid) -> QueryResult<usize> {
        diesel::delete(blog_posts::table.find(id)).execute(conn)
    }

    /// Counts a visitor's like once: the row is unique, and the count moves only with a new
    /// row, in the same transaction, so concurrent likes add up exactly. The post's count,
    /// and whether this like was new.
    pub fn like(conn: &mut PgConnection, id: Uuid, visitor: Uuid) -> QueryResult<(i32, bool)> {
        count_once!(conn, blog_likes, likes, id, visitor)
    }

    /// Counts a visitor's view once, as [`Post::like`] counts a like.
    pub fn see(conn: &mut PgConnection, id: Uuid, visitor: Uuid) -> QueryResult<(i32, bool)> {
        count_once!(conn, blog_views, seen, id, visitor)
    }

    /// Whether a visitor likes a post.
    pub fn liked_by(conn: &mut PgConnection, id: Uuid, visitor: Uuid) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(
            blog_likes::table
                .filter(blog_likes::post_id.eq(id))
                .filter(blog_likes::visitor.eq(visitor)),
        ))
        .get_result(conn)
    }
}

/// A comment or an answer.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable)]
#[diesel(table_name = blog_comments, check_for_backend(diesel::pg::Pg))]
pub struct Comment {
    pub id: Uuid,
    pub post_id: Uuid,
    pub parent_id: Option<Uuid>,
    pub author_name: String,
    pub email: String,
    pub img_url: Option<String>,
    pub user_id: Option<UserId>,
    pub text: String,
    pub status: Status,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Comment {
    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<Comment> {
        diesel::insert_into(blog_comments::table)
            .values(self)
            .returning(Comment::as_returning())
            .get_result(conn)
    }

    pub fn find(conn: &mut PgConnection, id: Uuid) -> QueryResult<Option<Comment>> {
        blog_comments::table
            .find(id)
            .select(Comment::as_select())
            .first(conn)
            .optional()
    }

    /// A post's comments and answers, oldest first.
    pub fn of_post(conn: &mut PgConnection, post: Uuid, limit: i64) -> QueryResult<Vec<Comment>> {
        blog_comments::table
            .filter(blog_comments::post_id.eq(post))
            .select(Comment::as_select())
            .order((blog_comments::created_at.asc(), blog_comments::id.asc()))
            .limit(limit)
            .load(conn)
    }

    /// How many comments of each post wait for an editor.
    pub fn pending_counts(
        conn: &mut PgConnection,
        posts: &[Uuid],
    ) -> QueryResult<Vec<(Uuid, i64)>> {
        blog_comments::table
            .filter(blog_comments::post_id.eq_any(posts))
            .filter(blog_comments::status.eq(Status::Pending))
            .group_by(blog_comments::post_id)
            .select((blog_comments::post_id, diesel::dsl::count_star()))
            .load(conn)
    }

    /// How many comments readers see of each post.
    pub fn approved_counts(
        conn: &mut PgConnection,
        posts: &[Uuid],
    ) -> QueryResult<Vec<(Uuid, i64)>> {
        blog_comments::table
            .filter(blog_comments::post_id.eq_any(posts))
            .filter(blog_comments::status.eq(Status::Approved))
            .group_by(blog_comments::post_id)
            .select((blog_comments::post_id, diesel::dsl::count_star()))
            .load(conn)
    }

    pub fn set_status(
        conn: &mut PgConnection,
        id: Uuid,
        status: Status,
        at: DateTime<Utc>,
    ) -> QueryResult<Comment> {
        diesel::update(blog_comments::table.find(id))
            .set((
                blog_comments::status.eq(status),
                blog_comments::updated_at.eq(at),
            ))
            .returning(Comment::as_returning())
            .get_result(conn)
    }

    pub fn delete(conn: &mut PgConnection, id: Uuid) -> QueryResult<usize> {
        diesel::delete(blog_comments::table.find(id)).execute(conn)
    }

    /// Removes the comments a deleted account wrote signed in (and their answers).
    pub fn delete_of_user(conn: &mut PgConnection, user: UserId) -> QueryResult<usize> {
        diesel::delete(blog_comments::table.filter(blog_comments::user_id.eq(user))).execute(conn)
    }
}

crate::db::models::text_column!(Status);

/// A post with what a list shows beside it: its cover's file and its shown comments' count.
#[derive(Debug, Clone)]
pub struct Listed {
    pub post: Post,
    pub cover: Option<crate::db::models::file::StoredFile>,
    pub comments: i64,
}

/// The posts with their covers and counts, in their order.
pub fn listed(conn: &mut PgConnection, posts: Vec<Post>) -> QueryResult<Vec<Listed>> {
    let covers: Vec<FileId> = posts.iter().map(|p| p.cover_id).collect();
    let ids: Vec<Uuid> = posts.iter().map(|p| p.id).collect();
    let files = crate::db::models::file::StoredFile::of_ids(conn, &covers)?;
    let counts = Comment::approved_counts(conn, &ids)?;
    Ok(posts
        .into_iter()
        .map(|post| Listed {
            cover: files.iter().find(|f| f.id == post.cover_id).cloned(),
            comments: counts
                .iter()
                .find(|(id, _)| *id == post.id)
                .map_or(0, |(_, n)| *n),
            post,
        })
        .collect())
}
