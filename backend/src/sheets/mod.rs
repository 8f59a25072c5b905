//! Spreadsheets: tables written as XLSX workbooks (`rust_xlsxwriter`) or CSV (`csv`), and
//! uploaded XLSX or CSV files read back into text cells (`calamine`, `csv`) for imports.

pub mod guard;
pub mod read;
pub mod table;
pub mod write;

pub use table::{Cell, Format, Table};
