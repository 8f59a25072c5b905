//! Rows given as bind parameters to a statement kept prepared, written so that Postgres plans
//! the statement once per connection.
//!
//! A prepared statement is planned afresh at each execution (a custom plan, with the values
//! in hand) until Postgres finds its generic plan no costlier. `unnest` of array parameters
//! makes that never: without the arrays in hand, the planner counts each a hundred rows, so
//! the generic plan of a commit writing two rows looks far dearer than its custom plans, and
//! a chat message's statement was planned again on every commit (0.9 ms of bind, more than
//! its execution). A few rows are written as `VALUES` of one parameter per value
//! instead, which the generic plan counts exactly; many, as `unnest`, one parameter per
//! column, so that the text does not grow with their number.

use crate::db::upsert::KEPT_ROWS;
use diesel::pg::Pg;
use diesel::query_builder::AstPass;
use diesel::serialize::ToSql;
use diesel::sql_types::{Array, HasSqlType};
use diesel::QueryResult;
use std::marker::PhantomData;

/// One column of rows: its values and the Postgres type they are cast to.
pub struct Column<'b, ST, T> {
    values: &'b [T],
    cast: &'static str,
    sql_type: PhantomData<ST>,
}

/// `values` bound as the SQL type `ST`, cast to `cast` (a Postgres type's name).
pub fn column<'b, ST, T>(values: &'b [T], cast: &'static str) -> Column<'b, ST, T> {
    Column {
        values,
        cast,
        sql_type: PhantomData,
    }
}

/// A [`Column`] of any type, as [`rows`] writes it.
pub trait Bound<'b> {
    /// How many values it holds.
    fn count(&self) -> usize;
    /// The whole column as one array parameter.
    fn push_array(&self, out: &mut AstPass<'_, 'b, Pg>) -> QueryResult<()>;
    /// The column's `i`th value as one parameter.
    fn push_one(&self, i: usize, out: &mut AstPass<'_, 'b, Pg>) -> QueryResult<()>;
}

impl<'b, ST: 'static, T> Bound<'b> for Column<'b, ST, T>
where
    Pg: HasSqlType<ST>,
    T: ToSql<ST, Pg>,
    [T]: ToSql<Array<ST>, Pg>,
{
    fn count(&self) -> usize {
        self.values.len()
    }

    fn push_array(&self, out: &mut AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_bind_param::<Array<ST>, [T]>(self.values)?;
        out.push_sql("::");
        out.push_sql(self.cast);
        out.push_sql("[]");
        Ok(())
    }

    fn push_one(&self, i: usize, out: &mut AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_bind_param::<ST, T>(&self.values[i])?;
        out.push_sql("::");
        out.push_sql(self.cast);
        Ok(())
    }
}

/// Whether `n` values are bound one parameter each: a few, which a generic plan then counts.
/// None is bound as an empty array (`VALUES` and `IN` need one), and many as an array, so
/// that the text does not grow with their number.
fn one_by_one(n: usize) -> bool {
    (1..=KEPT_ROWS).contains(&n)
}

/// Writes the rows of `columns` (all of one length) as a `FROM` item named `alias`, with
/// `names` for its columns: `(VALUES (..), (..)) AS alias(names)` for up to [`KEPT_ROWS`]
/// rows, `unnest(..) AS alias(names)` for more.
pub fn rows<'b>(
    out: &mut AstPass<'_, 'b, Pg>,
    alias: &str,
    names: &str,
    columns: &[&dyn Bound<'b>],
) -> QueryResult<()> {
    let n = columns.first().map_or(0, |c| c.count());
    debug_assert!(columns.iter().all(|c| c.count() == n));
    if !one_by_one(n) {
        out.push_sql("unnest(");
        for (i, column) in columns.iter().enumerate() {
            if i > 0 {
                out.push_sql(", ");
            }
            column.push_array(out)?;
        }
        out.push_sql(")");
    } else {
        out.push_sql("(VALUES ");
        for row in 0..n {
            out.push_sql(if row == 0 { "(" } else { ", (" });
            for (i, column) in columns.iter().enumerate() {
                if i > 0 {
                    out.push_sql(", ");
                }
                column.push_one(row, out)?;
            }
            out.push_sql(")");
        }
        out.push_sql(")");
    }
    out.push_sql(" AS ");
    out.push_sql(alias);
    out.push_sql("(");
    out.push_sql(names);
    out.push_sql(")");
    Ok(())
}

/// Writes `expression IN (..)` of `values`' parameters for up to [`KEPT_ROWS`] of them,
/// `expression = ANY(..)` of one array parameter for more (as [`rows`], so that a generic
/// plan counts them).
pub fn any_of<'b>(
    out: &mut AstPass<'_, 'b, Pg>,
    expression: &str,
    values: &dyn Bound<'b>,
) -> QueryResult<()> {
    out.push_sql(expression);
    let n = values.count();
    if !one_by_one(n) {
        out.push_sql(" = ANY(");
        values.push_array(out)?;
    } else {
        out.push_sql(" IN (");
        for i in 0..n {
            if i > 0 {
                out.push_sql(", ");
            }
            values.push_one(i, out)?;
        }
    }
    out.push_sql(")");
    Ok(())
}
