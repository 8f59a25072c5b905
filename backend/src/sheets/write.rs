//! Writing tables as XLSX workbooks and CSV files.

use crate::sheets::guard::guard;
use crate::sheets::table::{Cell, Table};
use rust_xlsxwriter::{Format as CellFormat, Workbook, XlsxError};

/// A workbook with one sheet per table, a bold frozen header row and fitted columns.
pub fn xlsx(tables: &[Table]) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let bold = CellFormat::new().set_bold();
    for table in tables {
        let sheet = book.add_worksheet();
        sheet.set_name(sheet_name(&table.name))?;
        for (c, name) in table.columns.iter().enumerate() {
            sheet.write_string_with_format(0, col(c), name, &bold)?;
        }
        for (r, row) in table.rows.iter().enumerate() {
            let r = u32::try_from(r + 1).unwrap_or(u32::MAX);
            for (c, cell) in row.iter().enumerate() {
                match cell {
                    Cell::Text(s) => {
                        sheet.write_string(r, col(c), s)?;
                    }
                    Cell::Number(n) => {
                        sheet.write_number(r, col(c), *n)?;
                    }
                    Cell::Empty => {}
                }
            }
        }
        sheet.set_freeze_panes(1, 0)?;
        sheet.autofit();
    }
    book.save_to_buffer()
}

fn col(c: usize) -> u16 {
    u16::try_from(c).unwrap_or(u16::MAX)
}

/// A sheet name as workbooks allow it: at most 31 characters, none of `[]:*?/\`.
fn sheet_name(name: &str) -> String {
    let clean: String = name
        .chars()
        .filter(|c| !matches!(c, '[' | ']' | ':' | '*' | '?' | '/' | '\\'))
        .take(31)
        .collect();
    if clean.is_empty() {
        "Sheet".to_string()
    } else {
        clean
    }
}

/// A CSV file of one table with a header row, UTF-8 with a byte order mark (so spreadsheets
/// read names in any script). Text that a spreadsheet would run as a formula is guarded with
/// a leading apostrophe (`sheets::guard`, which `read::csv` undoes).
pub fn csv(table: &Table) -> Result<Vec<u8>, csv::Error> {
    let mut w = csv::Writer::from_writer(b"\xEF\xBB\xBF".to_vec());
    w.write_record(table.columns.iter().map(|c| guard(c).into_owned()))?;
    for row in &table.rows {
        w.write_record(row.iter().map(|cell| match cell {
            Cell::Text(s) => guard(s).into_owned(),
            Cell::Number(n) => n.to_string(),
            Cell::Empty => String::new(),
        }))?;
    }
    w.into_inner().map_err(|e| e.into_error().into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheets::read;

    fn table() -> Table {
        let mut t = Table::new("Payroll: week/1", &["name", "hours"]);
        t.push(vec!["Ana".into(), 7.5.into()]);
        t.push(vec!["=cmd()".into(), Cell::Empty]);
        t
    }

    #[test]
    fn csv_has_a_header_and_defuses_formulas() {
        let text = String::from_utf8(csv(&table()).expect("csv")).expect("utf-8");
        assert_eq!(text, "\u{feff}name,hours\nAna,7.5\n'=cmd(),\n");
    }

    #[test]
    fn a_csv_file_reads_back_as_the_text_it_was_written_from() {
        let mut t = Table::new("Roles", &["title"]);
        for title in [
            "@Events",
            "'tis",
            "'=x",
            "-5",
            "=SUM(A1)",
            "Chef \"Big\", night",
        ] {
            t.push(vec![title.into()]);
        }
        let back = read::csv(&csv(&t).expect("csv")).expect("readable");
        let titles: Vec<&str> = back.rows.iter().map(|r| r[0].as_str()).collect();
        assert_eq!(
            titles,
            [
                "@Events",
                "'tis",
                "'=x",
                "-5",
                "=SUM(A1)",
                "Chef \"Big\", night"
            ]
        );
    }

    #[test]
    fn workbooks_read_back_with_their_sheet_names() {
        let bytes = xlsx(&[table(), Table::new("Roles", &["title"])]).expect("xlsx");
        let sheets = read::workbook(&bytes).expect("readable");
        assert_eq!(sheets[0].0, "Payroll week1");
        assert_eq!(sheets[0].1.header, vec!["name", "hours"]);
        assert_eq!(sheets[0].1.rows[0], vec!["Ana", "7.5"]);
        assert_eq!(sheets[1].0, "Roles");
    }
}
