//! Shift, daily and weekly templates in a spreadsheet: one row per template shift. Rows with
//! the same kind and template title make one template; a title the store already has for
//! that kind replaces that template's shifts, any other adds a template. The same columns are
//! the export's, so an exported file imports again.

use crate::domain::ids::{EmployeeId, RoleId};
use crate::domain::import::{
    col, columns, each_row, key, too_many, Column, Imported, KnownRole, Row, RowError, Table,
    TEXT_MAX,
};
use crate::domain::template::{
    Kind, TemplateShift, TemplateShiftList, WallTime, MAX_SHIFTS, ROLE_MISMATCH,
};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use uuid::Uuid;

/// The columns of a templates file (and of its export).
pub const TEMPLATE_COLUMNS: &[Column] = &[
    col("templateTitle", true, "Opening"),
    col("kind", false, "shift"),
    col("day", false, "0"),
    col("start", true, "06:30"),
    // Empty for an open-ended shift (no planned end).
    col("end", false, "14:00"),
    col("role", false, "Barista"),
    col("assignee", false, "ana@example.com"),
    col("shiftTitle", false, "Opening"),
    col("tasks", false, "Unlock; Count the till"),
];

/// A template of an import: the one it replaces (`id`) or a new one, with its shifts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateRow {
    /// The file's row of its first shift.
    pub row: usize,
    /// The template it replaces; `null` for a new template.
    #[schema(required = true)]
    pub id: Option<Uuid>,
    pub title: String,
    /// shift, daily or weekly.
    #[schema(inline)]
    pub kind: Kind,
    pub shifts: TemplateShiftList<{ MAX_SHIFTS }>,
}

/// A template of the store, as imports match it.
#[derive(Debug, Clone)]
pub struct KnownTemplate {
    pub id: Uuid,
    pub kind: Kind,
    pub title: String,
}

/// An employee record of the store that a template shift may go to.
#[derive(Debug, Clone)]
pub struct KnownAssignee {
    pub id: Uuid,
    pub email: String,
    pub roles: Vec<Uuid>,
    /// Terminated or deactivated records take no shifts.
    pub active: bool,
}

/// A kind as written in a file: the spec's names, any case, with or without "template".
fn kind_of(s: &str) -> Option<Kind> {
    let k = key(s);
    let k = k.strip_suffix("template").unwrap_or(&k);
    match k {
        "" | "shift" => Some(Kind::Shift),
        "daily" | "day" => Some(Kind::Daily),
        "weekly" | "week" => Some(Kind::Weekly),
        _ => None,
    }
}

/// A tasks cell: a JSON list of task objects, or texts separated by `;`.
fn tasks_of(row: &mut Row<'_>) -> Value {
    let raw = row.text("tasks").to_string();
    if raw.is_empty() {
        return Value::Array(Vec::new());
    }
    if raw.starts_with('[') {
        return match serde_json::from_str::<Value>(&raw) {
            Ok(Value::Array(items)) if items.iter().all(Value::is_object) => Value::Array(items),
            _ => {
                row.fail("tasks", "tasks must be a JSON list of task objects.");
                Value::Array(Vec::new())
            }
        };
    }
    Value::Array(
        row.list_by(&[';'], "tasks")
            .into_iter()
            .map(|text| json!({ "text": text }))
            .collect(),
    )
}

/// A tasks cell for a file: texts separated by `;` when every task is only a text without
/// one, else the tasks as JSON.
pub fn tasks_cell(tasks: &Value) -> String {
    let Some(items) = tasks.as_array() else {
        return String::new();
    };
    let texts: Option<Vec<&str>> = items
        .iter()
        .map(|t| {
            let o = t.as_object()?;
            let text = o.get("text")?.as_str()?;
            (o.len() == 1 && !text.contains(';') && !text.trim().is_empty() && text.trim() == text)
                .then_some(text)
        })
        .collect();
    match texts {
        Some(texts) => texts.join("; "),
        None => tasks.to_string(),
    }
}

/// Validates a templates file against the store: every cell of every row, each shift's day
/// within its template, its role, its assignee (a current employee holding the role: the
/// spec's "The employee doesn't have the matching role with the template"), and one shift
/// per shift template.
pub fn templates(
    table: &Table,
    roles: &[KnownRole],
    employees: &[KnownAssignee],
    known: &[KnownTemplate],
) -> Result<Imported<TemplateRow>, Vec<RowError>> {
    if let Some(e) = too_many(table) {
        return Err(e);
    }
    let at = columns(table, TEMPLATE_COLUMNS)?;
    let mut errors = Vec::new();
    // Templates in the order the file first names them, keyed by kind and title.
    let mut groups: BTreeMap<(u8, String), usize> = BTreeMap::new();
    let mut out: Vec<TemplateRow> = Vec::new();
    each_row(table, &at, &mut errors, |row| {
        let title = row.bounded("templateTitle", TEXT_MAX, true);
        let kind = match kind_of(row.text("kind")) {
            Some(k) => Some(k),
            None => {
                let text = format!(
                    "kind must be shift, daily or weekly, not {:?}.",
                    row.text("kind")
                );
                row.fail("kind", text);
                None
            }
        };
        let day = match row.text("day") {
            "" => Some(0),
            raw => match raw.parse::<f64>() {
                Ok(d) if d.fract() == 0.0 && (0.0..7.0).contains(&d) => Some(d as u8),
                _ => {
                    row.fail("day", "day must be a whole number from 0 to 6.");
                    None
                }
            },
        };
        let time = |row: &mut Row<'_>, column: &str| match row.text(column).parse::<WallTime>() {
            Ok(t) => Some(t),
            Err(_) if row.text(column).is_empty() => {
                row.fail(column, format!("{column} is required."));
                None
            }
            Err(e) => {
                row.fail(column, e);
                None
            }
        };
        let start = time(row, "start");
        // An empty end is an open-ended shift; its end is then the start, as stored.
        let open_ended = row.text("end").is_empty();
        let end = if open_ended { start } else { time(row, "end") };
        if let (Some(s), Some(e)) = (start, end) {
            if s == e && !open_ended {
                row.fail(
                    "end",
                    "end must differ from start (an end before it is the next day).",
                );
            }
        }
        let role = match row.text("role") {
            "" => Ok(None),
            title => roles
                .iter()
                .find(|r| key(&r.title) == key(title))
                .map(|r| Some(r.id))
                .ok_or_else(|| format!("The store has no role {title}.")),
        };
        let role = role.unwrap_or_else(|text| {
            row.fail("role", text);
            None
        });
        let assigned = match row.text("assignee") {
            "" => None,
            email => match employees
                .iter()
                .find(|e| e.active && crate::domain::invite::same_email(&e.email, email))
            {
                None => {
                    let text = format!("The store has no current employee {email}.");
                    row.fail("assignee", text);
                    None
                }
                Some(e) => {
                    if role.is_some_and(|r| !e.roles.contains(&r)) {
                        row.fail("assignee", ROLE_MISMATCH);
                    }
                    Some(e.id)
                }
            },
        };
        let shift_title = row.bounded("shiftTitle", TEXT_MAX, false);
        let tasks = tasks_of(row);
        let (Some(title), Some(kind), Some(day), Some(start), Some(end)) =
            (title, kind, day, start, end)
        else {
            return;
        };
        if day >= kind.days() {
            let text = format!(
                "A shift of a {} template starts on day 0 to {}.",
                kind.as_str(),
                kind.days() - 1
            );
            row.fail("day", text);
            return;
        }
        let shift = TemplateShift {
            title: shift_title.unwrap_or_else(|| title.clone()),
            day,
            start,
            end,
            role: role.map(RoleId),
            assigned: assigned.map(EmployeeId),
            open_ended,
            tasks,
        };
        let slot = (kind.days(), format!("{}:{}", kind.as_str(), key(&title)));
        match groups.get(&slot) {
            Some(&i) => {
                let t = &mut out[i];
                if kind == Kind::Shift {
                    let text = format!(
                        "A shift template holds one shift: {title} is also on row {}.",
                        t.row
                    );
                    row.fail("templateTitle", text);
                } else if t.shifts.len() >= MAX_SHIFTS {
                    row.fail(
                        "templateTitle",
                        format!("A template holds at most {MAX_SHIFTS} shifts."),
                    );
                } else {
                    t.shifts.push(shift);
                }
            }
            None => {
                groups.insert(slot, out.len());
                let id = known
                    .iter()
                    .find(|t| t.kind == kind && key(&t.title) == key(&title))
                    .map(|t| t.id);
                out.push(TemplateRow {
                    row: row.number,
                    id,
                    title,
                    kind,
                    shifts: vec![shift].into(),
                });
            }
        }
    });
    if !errors.is_empty() {
        errors.sort_by_key(|e| e.row);
        return Err(errors);
    }
    let (update, new) = out.into_iter().partition(|t| t.id.is_some());
    Ok(Imported::of(new, update))
}

#[cfg(test)]
mod tests {
    use super::KnownRole;
    use super::*;

    fn table(rows: &[&[&str]]) -> Table {
        Table {
            header: TEMPLATE_COLUMNS
                .iter()
                .map(|c| c.name.to_string())
                .collect(),
            rows: rows
                .iter()
                .map(|r| r.iter().map(|c| c.to_string()).collect())
                .collect(),
        }
    }

    fn barista() -> KnownRole {
        KnownRole {
            id: Uuid::from_u128(1),
            title: "Barista".into(),
        }
    }

    fn cook() -> KnownRole {
        KnownRole {
            id: Uuid::from_u128(2),
            title: "Cook".into(),
        }
    }

    fn ana() -> KnownAssignee {
        KnownAssignee {
            id: Uuid::from_u128(10),
            email: "ana@example.com".into(),
            roles: vec![Uuid::from_u128(1)],
            active: true,
        }
    }

    fn check(
        rows: &[&[&str]],
        known: &[KnownTemplate],
    ) -> Result<Imported<TemplateRow>, Vec<RowError>> {
        templates(&table(rows), &[barista(), cook()], &[ana()], known)
    }

    #[test]
    fn rows_of_one_title_and_kind_make_one_template_and_known_titles_are_updates() {
        let known = [KnownTemplate {
            id: Uuid::from_u128(99),
            kind: Kind::Shift,
            title: "Opening".into(),
        }];
        let got = check(
            &[
                &[
                    "opening",
                    "shift",
                    "",
                    "06:30",
                    "14:00",
                    "barista",
                    "ANA@example.com",
                    "",
                    "Unlock; Till",
                ],
                &[
                    "Week A", "weekly", "1", "22:00", "06:00", "", "", "Night", "",
                ],
                &[
                    "Week A",
                    "Weekly",
                    "3",
                    "08:00",
                    "12:00",
                    "Cook",
                    "",
                    "",
                    r#"[{"text":"a","done":false}]"#,
                ],
                &["Opening", "weekly", "0", "07:00", "09:00", "", "", "", ""],
            ],
            &known,
        )
        .expect("valid");
        assert_eq!(got.update.len(), 1);
        let opening = &got.update[0];
        assert_eq!(opening.id, Some(Uuid::from_u128(99)));
        assert_eq!(opening.shifts[0].title, "opening");
        assert_eq!(
            opening.shifts[0].assigned,
            Some(EmployeeId(Uuid::from_u128(10)))
        );
        assert_eq!(
            opening.shifts[0].tasks,
            json!([{ "text": "Unlock" }, { "text": "Till" }])
        );
        // A weekly template of the same title is another template.
        assert_eq!(got.new.len(), 2);
        let week = &got.new[0];
        assert_eq!(
            (week.kind, week.row, week.shifts.len()),
            (Kind::Weekly, 3, 2)
        );
        assert_eq!(week.shifts[0].end.to_string(), "06:00");
        assert_eq!(week.shifts[1].role, Some(RoleId(Uuid::from_u128(2))));
        assert_eq!(week.shifts[1].tasks[0]["done"], false);
        assert_eq!(got.new[1].title, "Opening");
    }

    #[test]
    fn every_bad_cell_is_reported_with_its_row_and_column() {
        let errors = check(
            &[
                &[
                    "",
                    "monthly",
                    "9",
                    "25:00",
                    "",
                    "Host",
                    "bob@example.com",
                    "",
                    "[1]",
                ],
                &[
                    "Late",
                    "daily",
                    "1",
                    "18:00",
                    "18:00",
                    "Cook",
                    "ana@example.com",
                    "",
                    "",
                ],
                &["Solo", "shift", "", "06:00", "07:00", "", "", "", ""],
                &["solo", "shift", "", "08:00", "09:00", "", "", "", ""],
            ],
            &[],
        )
        .expect_err("bad rows");
        let at = |row: usize, column: &str| {
            errors
                .iter()
                .find(|e| e.row == row && e.column == column)
                .map(|e| e.text.clone())
        };
        assert_eq!(
            at(2, "templateTitle").as_deref(),
            Some("templateTitle is required.")
        );
        assert!(at(2, "kind").is_some());
        assert_eq!(
            at(2, "day").as_deref(),
            Some("day must be a whole number from 0 to 6.")
        );
        assert!(at(2, "start").is_some_and(|t| t.contains("HH:mm")));
        assert!(
            at(2, "end").is_none(),
            "an empty end is an open-ended shift"
        );
        assert_eq!(
            at(2, "role").as_deref(),
            Some("The store has no role Host.")
        );
        assert!(at(2, "assignee").is_some());
        assert!(at(2, "tasks").is_some());
        assert!(at(3, "end").is_some());
        assert_eq!(at(3, "assignee").as_deref(), Some(ROLE_MISMATCH));
        assert!(at(5, "templateTitle").is_some_and(|t| t.contains("row 4")));
        assert!(errors.windows(2).all(|w| w[0].row <= w[1].row));
    }

    #[test]
    fn a_day_past_a_daily_template_and_a_former_employee_are_refused() {
        let mut gone = ana();
        gone.active = false;
        let errors = templates(
            &table(&[&[
                "Day",
                "daily",
                "0",
                "08:00",
                "10:00",
                "",
                "ana@example.com",
                "",
                "",
            ]]),
            &[barista()],
            &[gone],
            &[],
        )
        .expect_err("bad");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].column, "assignee");
        let day = check(
            &[&["Day", "daily", "2", "08:00", "10:00", "", "", "", ""]],
            &[],
        )
        .expect_err("bad day");
        assert_eq!(
            day[0].text,
            "A shift of a daily template starts on day 0 to 0."
        );
    }

    #[test]
    fn an_empty_end_is_an_open_ended_shift() {
        let got =
            check(&[&["Open", "shift", "", "06:00", "", "", "", "", ""]], &[]).expect("valid");
        let s = &got.new[0].shifts[0];
        assert!(s.open_ended);
        assert_eq!(s.end, s.start);
    }

    #[test]
    fn tasks_cells_read_back_what_they_write() {
        for tasks in [
            json!([]),
            json!([{ "text": "Unlock" }, { "text": "Till" }]),
            json!([{ "text": "a; b" }]),
            json!([{ "text": "x", "done": true }]),
        ] {
            let cell = tasks_cell(&tasks);
            let got = check(
                &[&["T", "shift", "", "06:00", "07:00", "", "", "", &cell]],
                &[],
            )
            .expect("valid");
            assert_eq!(got.new[0].shifts[0].tasks, tasks, "{cell}");
        }
    }
}
