//! Upserts written as SQL text and bind parameters only, so that a statement holding one can
//! stay prepared on its connection. Diesel marks any statement holding one of its own inserts
//! or `ON CONFLICT … DO UPDATE`s as not to be kept (their text may vary with the values);
//! these vary only with their number of rows. The hottest commits, one statement around a
//! shift's edit or a chat message (`StoreEvent`'s `Appended`), are then parsed and planned
//! by Postgres once per connection instead of once per commit.

/// Rows up to which an upsert may be kept prepared, and up to which a kept statement's rows
/// are bound one parameter per value ([`crate::db::rows`]): past it, each number of rows would
/// be one more text for the connection to keep.
pub const KEPT_ROWS: usize = 2;

/// Defines `$name<'a>(&'a [$model])`: the upsert of those rows into `$table`, whose columns
/// are the model's fields of the same names, overwriting the `update` columns of a row that
/// conflicts on `conflict`; or, with `keep returning(..)` instead of `update`, the insert of
/// the rows not there yet, answering those columns of the rows it inserted.
macro_rules! upsert {
    (
        $(#[$doc:meta])*
        $name:ident($model:ty) into $table:ident,
        insert($($col:ident),+ $(,)?),
        conflict($($key:ident),+ $(,)?),
        update($($set:ident),+ $(,)?) $(,)?
    ) => {
        $crate::db::upsert::upsert! {
            @define $(#[$doc])* $name($model) into $table,
            insert($($col),+),
            conflict($($key),+),
            then(concat!(
                " DO UPDATE SET ",
                $crate::db::upsert::upsert!(@assign $($set),+),
            )),
        }
    };
    (
        $(#[$doc:meta])*
        $name:ident($model:ty) into $table:ident,
        insert($($col:ident),+ $(,)?),
        conflict($($key:ident),+ $(,)?),
        keep returning($($out:ident),+ $(,)?) $(,)?
    ) => {
        $crate::db::upsert::upsert! {
            @define $(#[$doc])* $name($model) into $table,
            insert($($col),+),
            conflict($($key),+),
            then(concat!(" DO NOTHING RETURNING ", $crate::db::upsert::upsert!(@list $($out),+))),
        }
    };
    (@list $first:ident $(, $rest:ident)*) => {
        concat!(stringify!($first) $(, ", ", stringify!($rest))*)
    };
    (@assign $first:ident $(, $rest:ident)*) => {
        concat!(
            stringify!($first), " = EXCLUDED.", stringify!($first)
            $(, ", ", stringify!($rest), " = EXCLUDED.", stringify!($rest))*
        )
    };
    (
        @define $(#[$doc:meta])* $name:ident($model:ty) into $table:ident,
        insert($($col:ident),+),
        conflict($($key:ident),+),
        then($then:expr),
    ) => {
        $(#[$doc])*
        pub struct $name<'a>(pub &'a [$model]);

        impl diesel::query_builder::QueryId for $name<'_> {
            type QueryId = ();
            const HAS_STATIC_QUERY_ID: bool = false;
        }

        impl diesel::query_builder::QueryFragment<diesel::pg::Pg> for $name<'_> {
            fn walk_ast<'b>(
                &'b self,
                mut out: diesel::query_builder::AstPass<'_, 'b, diesel::pg::Pg>,
            ) -> diesel::QueryResult<()> {
                if self.0.len() > $crate::db::upsert::KEPT_ROWS {
                    out.unsafe_to_cache_prepared();
                }
                out.push_sql(concat!(
                    "INSERT INTO ",
                    stringify!($table),
                    " (",
                    $crate::db::upsert::upsert!(@list $($col),+),
                    ") VALUES "
                ));
                for (i, row) in self.0.iter().enumerate() {
                    out.push_sql(if i == 0 { "(" } else { ", (" });
                    let mut first = true;
                    $(
                        if !std::mem::take(&mut first) {
                            out.push_sql(", ");
                        }
                        out.push_bind_param::<
                            <$table::$col as diesel::Expression>::SqlType,
                            _,
                        >(&row.$col)?;
                    )+
                    out.push_sql(")");
                }
                out.push_sql(concat!(
                    " ON CONFLICT (",
                    $crate::db::upsert::upsert!(@list $($key),+),
                    ")"
                ));
                out.push_sql($then);
                Ok(())
            }
        }

        impl<Conn> diesel::RunQueryDsl<Conn> for $name<'_> {}
    };
}

pub(crate) use upsert;
