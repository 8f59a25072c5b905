//! Stored codes: a domain enum kept in a TEXT column as its spec string.

/// Maps a domain enum to a TEXT column holding its spec string (`as_str`/`parse`). It binds
/// as that string; reading an unknown string is an error (the column's CHECK constraint keeps
/// them out), never a silent default. The enum is the code's; the string exists only here and
/// in serde's renames.
macro_rules! text_column {
    ($ty:ty) => {
        impl diesel::expression::AsExpression<diesel::sql_types::Text> for $ty {
            type Expression = <&'static str as diesel::expression::AsExpression<
                diesel::sql_types::Text,
            >>::Expression;
            fn as_expression(self) -> Self::Expression {
                diesel::expression::AsExpression::<diesel::sql_types::Text>::as_expression(
                    self.as_str(),
                )
            }
        }

        impl diesel::expression::AsExpression<diesel::sql_types::Text> for &$ty {
            type Expression = <&'static str as diesel::expression::AsExpression<
                diesel::sql_types::Text,
            >>::Expression;
            fn as_expression(self) -> Self::Expression {
                diesel::expression::AsExpression::<diesel::sql_types::Text>::as_expression(
                    self.as_str(),
                )
            }
        }

        impl diesel::expression::AsExpression<diesel::sql_types::Nullable<diesel::sql_types::Text>>
            for $ty
        {
            type Expression = <&'static str as diesel::expression::AsExpression<
                diesel::sql_types::Nullable<diesel::sql_types::Text>,
            >>::Expression;
            fn as_expression(self) -> Self::Expression {
                diesel::expression::AsExpression::<
                    diesel::sql_types::Nullable<diesel::sql_types::Text>,
                >::as_expression(self.as_str())
            }
        }

        impl diesel::serialize::ToSql<diesel::sql_types::Text, diesel::pg::Pg> for $ty {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, diesel::pg::Pg>,
            ) -> diesel::serialize::Result {
                diesel::serialize::ToSql::<diesel::sql_types::Text, diesel::pg::Pg>::to_sql(
                    self.as_str(),
                    out,
                )
            }
        }

        impl diesel::deserialize::FromSql<diesel::sql_types::Text, diesel::pg::Pg> for $ty {
            fn from_sql(value: diesel::pg::PgValue<'_>) -> diesel::deserialize::Result<Self> {
                let text = std::str::from_utf8(value.as_bytes())?;
                <$ty>::parse(text)
                    .ok_or_else(|| format!("unknown {} {text:?}", stringify!($ty)).into())
            }
        }

        impl diesel::deserialize::Queryable<diesel::sql_types::Text, diesel::pg::Pg> for $ty {
            type Row = Self;
            fn build(row: Self) -> diesel::deserialize::Result<Self> {
                Ok(row)
            }
        }
    };
}

pub(crate) use text_column;
