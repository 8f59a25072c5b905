//! Upserts written as SQL text and bind parameters only, so that a statement holding one can
//! stay prepared on its connection. Diesel marks any statement holding one of its own inserts
//! or `ON CONFLICT … DO UPDATE`s as not to be kept (their text may vary with the values);
//! these vary only with their number of rows. The hottest commits, one statement around a
//! shift's edit or a chat message (`StoreEvent`'s `Appended`), are then parsed and planned
//! by Postgres once per connection instead of once per commit.

/// Rows up to which an upsert may be kept prepared: past it, each number of rows would be one
/// more text for the connection to keep.
pub const KEPT_ROWS: usize = 2;

/// Defines `$name<'a>(&'a [$model])`: the upsert of those rows into `$table`, whose columns
/// are the model's fields of the same names, overwriting the `update` columns of a row that
/// conflicts on `conflict`.
macro_rules! upsert {
    (
        $(#[$doc:meta])*
        $name:ident($model:ty) into $table:ident,
        insert($($col:ident),+ $(,)?),
        conflict($($key:ident),+ $(,)?),
        update($($set:ident),+ $(,)?) $(,)?
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
                out.push_sql(concat!("INSERT INTO ", stringify!($table), " ("));
                out.push_sql([$(stringify!($col)),+].join(", ").as_str());
                out.push_sql(") VALUES ");
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
                out.push_sql(" ON CONFLICT (");
                out.push_sql([$(stringify!($key)),+].join(", ").as_str());
                out.push_sql(") DO UPDATE SET ");
                out.push_sql(
                    [$(concat!(stringify!($set), " = EXCLUDED.", stringify!($set))),+]
                        .join(", ")
                        .as_str(),
                );
                Ok(())
            }
        }

        impl<Conn> diesel::RunQueryDsl<Conn> for $name<'_> {}
    };
}

pub(crate) use upsert;
