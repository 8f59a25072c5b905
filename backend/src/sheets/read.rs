//! Reading uploaded XLSX and CSV files into text cells.

use crate::domain::import::Table;
use crate::sheets::guard::unguard;
use calamine::{Data, Reader, Xlsx};
use std::io::Cursor;

/// Why a file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("The file is not a readable XLSX workbook.")]
    Xlsx,
    #[error("The file is not readable CSV text: {0}")]
    Csv(String),
    #[error("The file is empty.")]
    Empty,
}

/// Every sheet of a workbook, by name, as text.
pub fn workbook(bytes: &[u8]) -> Result<Vec<(String, Table)>, ReadError> {
    let mut book = Xlsx::new(Cursor::new(bytes)).map_err(|_| ReadError::Xlsx)?;
    let names = book.sheet_names();
    let mut out = Vec::new();
    for name in names {
        let range = book.worksheet_range(&name).map_err(|_| ReadError::Xlsx)?;
        let mut rows = range.rows().map(|r| r.iter().map(text).collect::<Vec<_>>());
        let header = rows.next().unwrap_or_default();
        out.push((
            name,
            Table {
                header,
                rows: rows.collect(),
            },
        ));
    }
    Ok(out)
}

/// The first sheet of a workbook.
pub fn xlsx(bytes: &[u8]) -> Result<Table, ReadError> {
    workbook(bytes)?
        .into_iter()
        .next()
        .map(|(_, t)| t)
        .ok_or(ReadError::Empty)
}

/// A CSV file with a header row; `,` or `;` separated (whichever the header uses). The
/// writer's formula guard is taken off each cell (`sheets::guard`).
pub fn csv(bytes: &[u8]) -> Result<Table, ReadError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let first = bytes.split(|b| *b == b'\n').next().unwrap_or_default();
    let semi = first.iter().filter(|b| **b == b';').count();
    let comma = first.iter().filter(|b| **b == b',').count();
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(if semi > comma { b';' } else { b',' })
        .from_reader(bytes);
    let mut rows = Vec::new();
    for record in r.records() {
        let record = record.map_err(|e| ReadError::Csv(e.to_string()))?;
        rows.push(
            record
                .iter()
                .map(|cell| unguard(cell).to_string())
                .collect::<Vec<_>>(),
        );
    }
    let mut rows = rows.into_iter();
    let header = rows.next().ok_or(ReadError::Empty)?;
    Ok(Table {
        header,
        rows: rows.collect(),
    })
}

/// A cell as the text a person typed: whole numbers without a decimal point.
fn text(cell: &Data) -> String {
    match cell {
        Data::Empty => String::new(),
        Data::String(s) => s.clone(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        Data::Float(f) => f.to_string(),
        Data::Int(i) => i.to_string(),
        Data::Bool(b) => if *b { "yes" } else { "no" }.to_string(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_takes_either_separator_and_a_byte_order_mark() {
        let t = csv(b"\xEF\xBB\xBFtitle;color\nBarista;#fff\n").expect("csv");
        assert_eq!(t.header, vec!["title", "color"]);
        assert_eq!(t.rows, vec![vec!["Barista", "#fff"]]);
        let t = csv(b"title,color\n\"Cook, night\",#000\n").expect("csv");
        assert_eq!(t.rows[0][0], "Cook, night");
        assert!(matches!(csv(b""), Err(ReadError::Empty)));
    }

    #[test]
    fn a_file_that_is_not_a_workbook_is_refused() {
        assert!(matches!(xlsx(b"title\nBarista\n"), Err(ReadError::Xlsx)));
    }
}
