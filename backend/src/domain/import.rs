//! Spreadsheet imports: the columns of each importable kind (which are also its empty form),
//! and the validation of every row against the store, into the new and updated records of an
//! import's temporary document or the list of every bad row. Pure: the caller reads the file
//! into text cells and gives the store's roles and employees.

use crate::domain::business::{WageType, MAX_WAGE};
use crate::domain::invite::same_email;
use crate::domain::permissions::{Permission, Perms};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};
use std::str::FromStr;
use uuid::Uuid;

/// What an uploaded import holds until it is confirmed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImportKind {
    Roles,
    Employees,
    ShiftTemplates,
}

impl ImportKind {
    /// The stored name, the export's name of the same sheet.
    pub fn as_str(self) -> &'static str {
        match self {
            ImportKind::Roles => "roles",
            ImportKind::Employees => "employees",
            ImportKind::ShiftTemplates => "shiftTemplates",
        }
    }

    pub fn parse(s: &str) -> Option<ImportKind> {
        [
            ImportKind::Roles,
            ImportKind::Employees,
            ImportKind::ShiftTemplates,
        ]
        .into_iter()
        .find(|k| k.as_str() == s)
    }
}

/// Most data rows one file may hold.
pub const ROWS_MAX: usize = 5000;
/// Longest title or name.
pub const TEXT_MAX: usize = 120;
/// Longest colour.
pub const COLOR_MAX: usize = 40;
/// Longest e-mail address.
pub const EMAIL_MAX: usize = 254;

/// One column of an import (and of its empty form).
#[derive(Debug, Clone, Copy)]
pub struct Column {
    pub name: &'static str,
    pub required: bool,
    /// The example the empty form shows.
    pub example: &'static str,
}

pub(crate) const fn col(name: &'static str, required: bool, example: &'static str) -> Column {
    Column {
        name,
        required,
        example,
    }
}

/// The columns of a roles file.
pub const ROLE_COLUMNS: &[Column] = &[
    col("title", true, "Barista"),
    col("color", false, "#2e7d32"),
    col("requireUserAction", false, "no"),
    col("swappeable", false, "yes"),
];

/// The columns of an employees file. `roles` and `permissions` list several values
/// separated by `;`; `wage` is paid for each of the roles.
pub const EMPLOYEE_COLUMNS: &[Column] = &[
    col("email", true, "ana@example.com"),
    col("fullName", false, "Ana Lima"),
    col("displayName", false, "Ana"),
    col("roles", false, "Barista; Cook"),
    col("wageType", false, "Hourly"),
    col("wage", false, "14.5"),
    col("permissions", false, "schedule"),
];

/// The employees export's last column: each record's [`Standing`]. It is not a column of the
/// import (the empty form has none): an import reads it only to know the owner's row.
pub const STATUS_COLUMN: &str = "status";

/// An employee record's standing in its store, as the employees export states it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// The store's owner.
    Owner,
    /// Invited, not yet joined.
    Invited,
    Deactivated,
    Active,
}

impl Standing {
    pub fn as_str(self) -> &'static str {
        match self {
            Standing::Owner => "owner",
            Standing::Invited => "invited",
            Standing::Deactivated => "deactivated",
            Standing::Active => "active",
        }
    }
}

/// Why an import leaves out the owner's row of an employees export.
pub const OWNER_ROW_SKIPPED: &str =
    "This is the owner's row: an import neither makes nor changes a store's owner, so it is left out.";

/// A file read into text cells: its first row, and the rows below it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// What is wrong with one cell (or row) of a file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RowError {
    /// The row's number in the file (the header is row 1).
    pub row: usize,
    /// The column's name.
    pub column: String,
    pub text: String,
}

/// A valid file: the records it adds and the ones it changes, and the rows it leaves out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Imported<T> {
    pub new: Vec<T>,
    pub update: Vec<T>,
    /// Rows read and deliberately left out (the owner's row of an employees export).
    #[serde(default)]
    pub skipped: Vec<Skipped>,
}

impl<T> Imported<T> {
    /// An import that adds `new`, changes `update` and leaves nothing out.
    pub fn of(new: Vec<T>, update: Vec<T>) -> Imported<T> {
        Imported {
            new,
            update,
            skipped: Vec::new(),
        }
    }
}

/// A row an import leaves out, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Skipped {
    /// The row's number in the file.
    pub row: usize,
    pub text: String,
}

/// A role row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleRow {
    /// The row's number in the file.
    pub row: usize,
    /// The role it changes; `null` for a new role.
    #[schema(required = true)]
    pub id: Option<Uuid>,
    pub title: String,
    pub color: String,
    pub require_user_action: bool,
    pub swappeable: bool,
}

/// An employee row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmployeeRow {
    pub row: usize,
    /// The employee record it changes; `null` for a new (invited) employee.
    #[schema(required = true)]
    pub id: Option<Uuid>,
    pub email: String,
    #[schema(required = true)]
    pub full_name: Option<String>,
    #[schema(required = true)]
    pub display_name: Option<String>,
    /// Role ids.
    pub roles: Vec<Uuid>,
    /// Hourly or Weekly; `null` keeps an existing record's (a new one is Hourly).
    #[schema(required = true)]
    pub wage_type: Option<WageType>,
    /// The wage of each role; `null` keeps an existing record's wages.
    #[schema(required = true)]
    pub wage: Option<f64>,
    /// Permission names; `null` keeps an existing record's permissions.
    #[schema(required = true)]
    pub permissions: Option<Vec<String>>,
}

/// A role of the store, as imports match it.
#[derive(Debug, Clone)]
pub struct KnownRole {
    pub id: Uuid,
    pub title: String,
}

/// An employee record of the store, as imports match it.
#[derive(Debug, Clone)]
pub struct KnownEmployee {
    pub id: Uuid,
    pub email: String,
    pub perms: Perms,
    /// The store owner's record, which imports never change.
    pub owner: bool,
    pub terminated: bool,
}

/// The default colour of an imported role without one.
pub const DEFAULT_COLOR: &str = "#1976d2";

pub(crate) fn key(s: &str) -> String {
    s.trim().to_lowercase().replace([' ', '_'], "")
}

/// The position of each named column, or the errors of the missing required ones.
pub(crate) fn columns(
    table: &Table,
    cols: &[Column],
) -> Result<BTreeMap<&'static str, usize>, Vec<RowError>> {
    let mut at = BTreeMap::new();
    for c in cols {
        if let Some(i) = table.header.iter().position(|h| key(h) == key(c.name)) {
            at.insert(c.name, i);
        }
    }
    let missing: Vec<RowError> = cols
        .iter()
        .filter(|c| c.required && !at.contains_key(c.name))
        .map(|c| RowError {
            row: 1,
            column: c.name.to_string(),
            text: format!("The column {} is missing.", c.name),
        })
        .collect();
    if missing.is_empty() {
        Ok(at)
    } else {
        Err(missing)
    }
}

/// One data row's cells by column name, with its number in the file.
pub(crate) struct Row<'a> {
    pub(crate) number: usize,
    cells: &'a [String],
    at: &'a BTreeMap<&'static str, usize>,
    errors: &'a mut Vec<RowError>,
}

impl Row<'_> {
    pub(crate) fn text(&self, column: &str) -> &str {
        self.at
            .get(column)
            .and_then(|i| self.cells.get(*i))
            .map_or("", |s| s.trim())
    }

    pub(crate) fn fail(&mut self, column: &str, text: impl Into<String>) {
        self.errors.push(RowError {
            row: self.number,
            column: column.to_string(),
            text: text.into(),
        });
    }

    /// A text of at most `max` characters; `required` refuses an empty one.
    pub(crate) fn bounded(&mut self, column: &str, max: usize, required: bool) -> Option<String> {
        let v = self.text(column).to_string();
        if v.is_empty() {
            if required {
                self.fail(column, format!("{column} is required."));
            }
            return None;
        }
        if v.chars().count() > max {
            self.fail(
                column,
                format!("{column} must be at most {max} characters."),
            );
            return None;
        }
        Some(v)
    }

    /// yes/no, true/false, 1/0 or x; empty is `default`.
    pub(crate) fn flag(&mut self, column: &str, default: bool) -> bool {
        match key(self.text(column)).as_str() {
            "" => default,
            "yes" | "y" | "true" | "1" | "x" => true,
            "no" | "n" | "false" | "0" => false,
            other => {
                let text = format!("{column} must be yes or no, not {other:?}.");
                self.fail(column, text);
                default
            }
        }
    }

    /// The `;`-separated values of a cell.
    pub(crate) fn list(&self, column: &str) -> Vec<String> {
        self.list_by(&[';', ','], column)
    }

    /// The values of a cell separated by any of `separators`.
    pub(crate) fn list_by(&self, separators: &[char], column: &str) -> Vec<String> {
        self.text(column)
            .split(separators)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    }
}

/// Walks the data rows (skipping blank ones), numbering them as the file does.
pub(crate) fn each_row(
    table: &Table,
    at: &BTreeMap<&'static str, usize>,
    errors: &mut Vec<RowError>,
    mut f: impl FnMut(&mut Row<'_>),
) {
    for (i, cells) in table.rows.iter().enumerate() {
        if cells.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let mut row = Row {
            number: i + 2,
            cells,
            at,
            errors,
        };
        f(&mut row);
    }
}

pub(crate) fn too_many(table: &Table) -> Option<Vec<RowError>> {
    (table.rows.len() > ROWS_MAX).then(|| {
        vec![RowError {
            row: ROWS_MAX + 2,
            column: String::new(),
            text: format!("A file can hold at most {ROWS_MAX} rows."),
        }]
    })
}

/// Validates a roles file against the store's roles: a title already in the store updates
/// that role, any other adds one.
pub fn roles(table: &Table, known: &[KnownRole]) -> Result<Imported<RoleRow>, Vec<RowError>> {
    if let Some(e) = too_many(table) {
        return Err(e);
    }
    let at = columns(table, ROLE_COLUMNS)?;
    let mut errors = Vec::new();
    let mut seen = HashSet::new();
    let mut out = Imported::of(Vec::new(), Vec::new());
    each_row(table, &at, &mut errors, |row| {
        let title = row.bounded("title", TEXT_MAX, true);
        let color = row
            .bounded("color", COLOR_MAX, false)
            .unwrap_or_else(|| DEFAULT_COLOR.to_string());
        let require_user_action = row.flag("requireUserAction", false);
        let swappeable = row.flag("swappeable", false);
        let Some(title) = title else { return };
        if !seen.insert(key(&title)) {
            row.fail("title", format!("The role {title} is listed twice."));
            return;
        }
        let id = known
            .iter()
            .find(|r| key(&r.title) == key(&title))
            .map(|r| r.id);
        let r = RoleRow {
            row: row.number,
            id,
            title,
            color,
            require_user_action,
            swappeable,
        };
        if id.is_some() {
            out.update.push(r);
        } else {
            out.new.push(r);
        }
    });
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// The role titles of an employees row: separated by `;`, as the export writes them, or by
/// `,` in a file typed by hand. A title that itself holds a comma is taken whole when the
/// store has it, so an exported `Chef, night; Barista` imports again.
fn role_titles(row: &Row<'_>, roles: &[KnownRole]) -> Vec<String> {
    let mut titles = Vec::new();
    for piece in row.list_by(&[';'], "roles") {
        if !piece.contains(',') || roles.iter().any(|r| key(&r.title) == key(&piece)) {
            titles.push(piece);
        } else {
            titles.extend(
                piece
                    .split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(str::to_string),
            );
        }
    }
    titles
}

/// Validates an employees file against the store: an e-mail already in the store updates
/// that record, any other invites a new employee. Roles are named by their titles; the
/// permissions must be ones `granter` may hand out.
pub fn employees(
    table: &Table,
    roles: &[KnownRole],
    known: &[KnownEmployee],
    granter: Perms,
) -> Result<Imported<EmployeeRow>, Vec<RowError>> {
    if let Some(e) = too_many(table) {
        return Err(e);
    }
    let mut at = columns(table, EMPLOYEE_COLUMNS)?;
    if let Some(i) = table.header.iter().position(|h| key(h) == STATUS_COLUMN) {
        at.insert(STATUS_COLUMN, i);
    }
    let mut errors = Vec::new();
    let mut seen = HashSet::new();
    let mut out = Imported::of(Vec::new(), Vec::new());
    each_row(table, &at, &mut errors, |row| {
        // The owner's row of an employees export (of this store or another) is left out,
        // whatever it says. Into its own store, the owner's record and standing belong to
        // the store, not to a file (the rule below refuses a row that would change them);
        // into another store, the source's owner is not this store's owner, and inviting
        // them with the file's permissions (every one) is more than copying a team means.
        // Leaving the row out is one rule for both, lets the rest of the file import, and is
        // reported, so the manager can add that person by hand.
        if key(row.text(STATUS_COLUMN)) == Standing::Owner.as_str() {
            out.skipped.push(Skipped {
                row: row.number,
                text: OWNER_ROW_SKIPPED.to_string(),
            });
            return;
        }
        let email = row.bounded("email", EMAIL_MAX, true);
        let email = email.filter(|e| {
            let ok = lettre::Address::from_str(e).is_ok();
            if !ok {
                row.fail("email", format!("{e} is not a valid e-mail address."));
            }
            ok
        });
        let full_name = row.bounded("fullName", TEXT_MAX, false);
        let display_name = row.bounded("displayName", TEXT_MAX, false);
        let mut role_ids = Vec::new();
        for title in role_titles(row, roles) {
            match roles.iter().find(|r| key(&r.title) == key(&title)) {
                Some(r) if !role_ids.contains(&r.id) => role_ids.push(r.id),
                Some(_) => {}
                None => row.fail("roles", format!("The store has no role {title}.")),
            }
        }
        let wage_type = match key(row.text("wageType")).as_str() {
            "" => None,
            "hourly" => Some(WageType::Hourly),
            "weekly" => Some(WageType::Weekly),
            other => {
                row.fail(
                    "wageType",
                    format!("wageType must be Hourly or Weekly, not {other:?}."),
                );
                None
            }
        };
        let wage = match row.text("wage") {
            "" => None,
            raw => match raw.replace(',', ".").parse::<f64>() {
                Ok(w) if w.is_finite() && (0.0..=MAX_WAGE).contains(&w) => Some(w),
                _ => {
                    row.fail(
                        "wage",
                        format!("wage must be a number from 0 to {MAX_WAGE}."),
                    );
                    None
                }
            },
        };
        let mut perms = Perms::NONE;
        let names = row.list("permissions");
        for name in &names {
            match Permission::parse(&name.to_lowercase()) {
                Some(Permission::Owner) | None => {
                    row.fail(
                        "permissions",
                        format!("{name} is not a permission that can be granted."),
                    );
                }
                Some(p) => perms = perms.with(p),
            }
        }
        let Some(email) = email else { return };
        if !seen.insert(email.to_lowercase()) {
            row.fail("email", format!("{email} is listed twice."));
            return;
        }
        let existing = known.iter().find(|e| same_email(&e.email, &email));
        if let Some(e) = existing {
            if e.owner {
                row.fail(
                    "email",
                    "The owner's record cannot be changed by an import.",
                );
                return;
            }
            if e.terminated {
                row.fail(
                    "email",
                    format!("{email} was terminated; invite them again instead."),
                );
                return;
            }
        }
        let old = existing.map_or(Perms::NONE, |e| e.perms);
        let listed = !names.is_empty();
        if listed && !granter.may_grant(old, perms) {
            row.fail(
                "permissions",
                "You don't have permission to grant these permissions.",
            );
            return;
        }
        let r = EmployeeRow {
            row: row.number,
            id: existing.map(|e| e.id),
            email,
            full_name,
            display_name,
            roles: role_ids,
            wage_type,
            wage,
            permissions: listed.then(|| perms.names()),
        };
        if r.id.is_some() {
            out.update.push(r);
        } else {
            out.new.push(r);
        }
    });
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(header: &[&str], rows: &[&[&str]]) -> Table {
        Table {
            header: header.iter().map(|s| s.to_string()).collect(),
            rows: rows
                .iter()
                .map(|r| r.iter().map(|s| s.to_string()).collect())
                .collect(),
        }
    }

    fn barista() -> KnownRole {
        KnownRole {
            id: Uuid::from_u128(1),
            title: "Barista".into(),
        }
    }

    #[test]
    fn roles_are_new_or_updates_by_title() {
        let t = table(
            &["Title", "color", "swappeable"],
            &[
                &["barista", "#000", "yes"],
                &["", "", ""],
                &["Cook", "", "no"],
            ],
        );
        let got = roles(&t, &[barista()]).expect("valid");
        assert_eq!(got.update.len(), 1);
        assert_eq!(got.update[0].id, Some(Uuid::from_u128(1)));
        assert!(got.update[0].swappeable);
        assert_eq!(got.new.len(), 1);
        assert_eq!(got.new[0].title, "Cook");
        // The blank row is skipped but keeps its number.
        assert_eq!(got.new[0].row, 4);
        assert_eq!(got.new[0].color, DEFAULT_COLOR);
    }

    #[test]
    fn every_bad_role_row_is_reported_with_its_row_and_column() {
        let long = "x".repeat(TEXT_MAX + 1);
        let t = table(
            &["title", "requireUserAction"],
            &[
                &["", "no"],
                &[&long, "no"],
                &["Cook", "maybe"],
                &["cook", ""],
            ],
        );
        let errors = roles(&t, &[]).expect_err("invalid");
        let at: Vec<(usize, &str)> = errors.iter().map(|e| (e.row, e.column.as_str())).collect();
        assert_eq!(
            at,
            vec![
                (2, "title"),
                (3, "title"),
                (4, "requireUserAction"),
                (5, "title")
            ]
        );
        assert_eq!(errors[0].text, "title is required.");
        let missing = roles(&table(&["colour"], &[&["x"]]), &[]).expect_err("no title");
        assert_eq!(missing[0].row, 1);
        assert_eq!(missing[0].text, "The column title is missing.");
    }

    #[test]
    fn employees_are_matched_by_email_and_checked_cell_by_cell() {
        let known = vec![
            KnownEmployee {
                id: Uuid::from_u128(10),
                email: "Bo@example.com".into(),
                perms: Perms::NONE,
                owner: false,
                terminated: false,
            },
            KnownEmployee {
                id: Uuid::from_u128(11),
                email: "owner@example.com".into(),
                perms: Perms::ALL,
                owner: true,
                terminated: false,
            },
        ];
        let cols = &[
            "email",
            "fullName",
            "roles",
            "wageType",
            "wage",
            "permissions",
        ];
        let good = table(
            cols,
            &[
                &["ana@example.com", "Ana", "barista", "weekly", "500", ""],
                &["bo@example.com", "", "", "", "12,5", "schedule"],
            ],
        );
        let got = employees(&good, &[barista()], &known, Perms::OWNER).expect("valid");
        assert_eq!(got.new[0].roles, vec![Uuid::from_u128(1)]);
        assert_eq!(got.new[0].wage_type, Some(WageType::Weekly));
        assert_eq!(got.new[0].permissions, None);
        assert_eq!(got.update[0].id, Some(Uuid::from_u128(10)));
        assert_eq!(got.update[0].wage, Some(12.5));
        assert_eq!(
            got.update[0].permissions,
            Some(vec!["schedule".to_string()])
        );

        let bad = table(
            cols,
            &[
                &["not-an-email", "", "", "", "", ""],
                &["c@example.com", "", "Chef", "monthly", "-1", "owner"],
                &["owner@example.com", "", "", "", "", ""],
                &["d@example.com", "", "", "", "", ""],
                &["D@example.com", "", "", "", "", ""],
            ],
        );
        let errors = employees(&bad, &[barista()], &known, Perms::OWNER).expect_err("invalid");
        let at: Vec<(usize, &str)> = errors.iter().map(|e| (e.row, e.column.as_str())).collect();
        assert_eq!(
            at,
            vec![
                (2, "email"),
                (3, "roles"),
                (3, "wageType"),
                (3, "wage"),
                (3, "permissions"),
                (4, "email"),
                (6, "email"),
            ]
        );
        assert_eq!(errors[1].text, "The store has no role Chef.");
    }

    #[test]
    fn the_owners_row_of_an_export_is_left_out_in_any_store_and_the_rest_imports() {
        let header = &["email", "fullName", "permissions", "status"];
        let file = table(
            header,
            &[
                &[
                    "owner@example.com",
                    "Olga",
                    "employee; schedule; availabletime; owner",
                    "owner",
                ],
                &["ana@example.com", "Ana", "schedule", "active"],
            ],
        );
        let owner = owner_of(11);
        // Into its own store: the owner's record is left alone, Ana is imported.
        let own = employees(&file, &[], &[owner], Perms::OWNER).expect("valid");
        assert_eq!(
            own.skipped,
            vec![Skipped {
                row: 2,
                text: OWNER_ROW_SKIPPED.into()
            }]
        );
        assert_eq!(own.new.len(), 1);
        assert_eq!(own.new[0].email, "ana@example.com");
        // Into another store, where that person is nobody yet: not made an owner, not
        // invited, and the file is not refused.
        let other = employees(&file, &[], &[], Perms::OWNER).expect("valid");
        assert_eq!(other.skipped.len(), 1);
        assert_eq!(other.new.len(), 1);
        assert!(other.update.is_empty());

        // Without the export's mark, the owner's row is still refused, and so is `owner`
        // as a permission to grant.
        let unmarked = table(
            &["email", "permissions"],
            &[&["owner@example.com", ""], &["bo@example.com", "owner"]],
        );
        let errors = employees(&unmarked, &[], &[owner_of(11)], Perms::OWNER)
            .expect_err("the owner's record is not a file's to change");
        let texts: Vec<&str> = errors.iter().map(|e| e.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "The owner's record cannot be changed by an import.",
                "owner is not a permission that can be granted."
            ]
        );
    }

    fn owner_of(id: u128) -> KnownEmployee {
        KnownEmployee {
            id: Uuid::from_u128(id),
            email: "owner@example.com".into(),
            perms: Perms::ALL,
            owner: true,
            terminated: false,
        }
    }

    #[test]
    fn a_role_title_with_a_comma_is_one_role_and_hand_typed_commas_still_separate() {
        let night = KnownRole {
            id: Uuid::from_u128(2),
            title: "Chef, night".into(),
        };
        let cook = KnownRole {
            id: Uuid::from_u128(3),
            title: "Cook".into(),
        };
        let t = table(
            &["email", "roles"],
            &[
                &["a@example.com", "Chef, night; Barista"],
                &["b@example.com", "Barista, Cook"],
            ],
        );
        let got = employees(&t, &[barista(), night, cook], &[], Perms::OWNER).expect("valid");
        assert_eq!(
            got.new[0].roles,
            vec![Uuid::from_u128(2), Uuid::from_u128(1)]
        );
        assert_eq!(
            got.new[1].roles,
            vec![Uuid::from_u128(1), Uuid::from_u128(3)]
        );
    }

    #[test]
    fn a_manager_grants_only_what_they_hold() {
        let t = table(&["email", "permissions"], &[&["e@example.com", "schedule"]]);
        let errors = employees(&t, &[], &[], Perms::EMPLOYEE).expect_err("not grantable");
        assert_eq!(errors[0].column, "permissions");
        let t = table(
            &["email", "permissions"],
            &[&["e@example.com", "availabletime"]],
        );
        assert!(employees(&t, &[], &[], Perms::EMPLOYEE).is_ok());
    }

    #[test]
    fn a_file_of_too_many_rows_is_refused_whole() {
        let rows: Vec<Vec<String>> = (0..=ROWS_MAX).map(|_| vec!["x".to_string()]).collect();
        let t = Table {
            header: vec!["title".into()],
            rows,
        };
        assert_eq!(roles(&t, &[]).expect_err("too many").len(), 1);
    }
}
