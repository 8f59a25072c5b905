//! The table of each export kind, one function per kind. Roles, employees and templates have
//! the columns of their imports, so an export imports again; worked time and pay are in
//! `super::worked`.

use super::kinds::{names, Kind};
use super::source::{hours, Source};
use super::worked;
use crate::calls::AppState;
use crate::db::models::availability::AvailabilityWindow;
use crate::db::models::request::Request;
use crate::db::models::shift::Shift;
use crate::domain::ids::RoleId;
use crate::domain::import::{self, Standing, STATUS_COLUMN};
use crate::domain::template;
use crate::domain::template_import;
use crate::error::AppResult;
use crate::sheets::{Cell, Table};

fn yes_no(b: bool) -> Cell {
    Cell::from(if b { "yes" } else { "no" })
}

/// The table of one kind.
pub(super) async fn table(state: &AppState, src: &Source, kind: Kind) -> AppResult<Table> {
    let sheet = kind.title();
    match kind {
        Kind::Shifts => shifts(state, src, sheet).await,
        Kind::TimeTracking => worked::time_tracking(state, src, sheet).await,
        Kind::TimeOff => time_off(state, src, sheet).await,
        Kind::Payroll => worked::payroll(state, src, sheet).await,
        Kind::Availability => availability(state, src, sheet).await,
        Kind::Roles => Ok(roles(src, sheet)),
        Kind::Employees => Ok(employees(src, sheet)),
        Kind::ShiftTemplates => templates(state, src, sheet, template::Kind::Shift).await,
        Kind::DailyTemplates => templates(state, src, sheet, template::Kind::Daily).await,
        Kind::WeeklyTemplates => templates(state, src, sheet, template::Kind::Weekly).await,
    }
}

async fn shifts(state: &AppState, src: &Source, sheet: &str) -> AppResult<Table> {
    let (store, (from, to)) = (src.store, src.range()?);
    let rows = state
        .db
        .run(move |conn| Ok(Shift::in_range(conn, store, from, to)?))
        .await?;
    let mut t = Table::new(
        sheet,
        &[
            "title", "role", "employee", "email", "start", "end", "hours", "status", "progress",
        ],
    );
    for s in rows {
        let (name, email) = src.name_of(s.assigned);
        t.push(vec![
            s.title.clone().into(),
            src.role_title(s.role_id).into(),
            name.into(),
            email.into(),
            src.local(s.start_at).into(),
            src.local(s.end_at).into(),
            hours((s.end_at - s.start_at).num_minutes()),
            s.status.as_str().into(),
            s.progress.as_str().into(),
        ]);
    }
    Ok(t)
}

async fn time_off(state: &AppState, src: &Source, sheet: &str) -> AppResult<Table> {
    let (store, (from, to)) = (src.store, src.range()?);
    let rows = state
        .db
        .run(move |conn| Ok(Request::time_off(conn, store, None, from, to)?))
        .await?;
    let mut t = Table::new(
        sheet,
        &[
            "employee",
            "email",
            "start",
            "end",
            "entireDay",
            "status",
            "description",
            "response",
        ],
    );
    for r in rows.iter().rev() {
        let (name, email) = src.name_of(Some(r.employee_id));
        t.push(vec![
            name.into(),
            email.into(),
            r.start_at.map(|a| src.local(a)).into(),
            r.end_at.map(|a| src.local(a)).into(),
            yes_no(r.entire_day),
            r.status.as_str().into(),
            r.description.clone().into(),
            r.response.clone().into(),
        ]);
    }
    Ok(t)
}

async fn availability(state: &AppState, src: &Source, sheet: &str) -> AppResult<Table> {
    let store = src.store;
    let rows = state
        .db
        .run(move |conn| Ok(AvailabilityWindow::of_store(conn, store)?))
        .await?;
    let mut t = Table::new(
        sheet,
        &[
            "employee", "email", "days", "start", "end", "allDay", "type", "reason", "status",
        ],
    );
    const DAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    let hh_mm = |m: i32| format!("{:02}:{:02}", m / 60, m % 60);
    for a in rows {
        let (name, email) = src.name_of(Some(a.employee_id));
        let days: Vec<&str> = a
            .days
            .iter()
            .filter_map(|d| DAYS.get(usize::try_from(*d).ok()?).copied())
            .collect();
        t.push(vec![
            name.into(),
            email.into(),
            days.join("; ").into(),
            hh_mm(a.start_minute).into(),
            hh_mm(a.end_minute).into(),
            yes_no(a.all_day),
            a.kind.clone().into(),
            a.reason.clone().into(),
            a.status.clone().into(),
        ]);
    }
    Ok(t)
}

/// The columns of the roles import: an export is a file to import again.
fn roles(src: &Source, sheet: &str) -> Table {
    let mut t = Table::new(sheet, &names(import::ROLE_COLUMNS));
    for r in &src.roles {
        t.push(vec![
            r.title.clone().into(),
            r.color.clone().into(),
            yes_no(r.require_user_action),
            yes_no(r.swappeable),
        ]);
    }
    t
}

/// The columns of the employees import and each record's standing (`status`), by which an
/// import knows the owner's row and leaves it out. Terminated records are not exported.
fn employees(src: &Source, sheet: &str) -> Table {
    let mut columns = names(import::EMPLOYEE_COLUMNS);
    columns.push(STATUS_COLUMN);
    let mut t = Table::new(sheet, &columns);
    for e in src.employees.iter().filter(|e| e.terminated_at.is_none()) {
        let roles: Vec<String> = e
            .role_ids
            .iter()
            .map(|id| src.role_title(Some(RoleId(*id))))
            .filter(|t| !t.is_empty())
            .collect();
        let wages = e.wage_map();
        let wage = e.role_ids.iter().find_map(|r| wages.get(r).copied());
        let standing = if e.user_id == Some(src.owner) {
            Standing::Owner
        } else if e.user_id.is_none() {
            Standing::Invited
        } else if e.deactive {
            Standing::Deactivated
        } else {
            Standing::Active
        };
        t.push(vec![
            e.email.clone().into(),
            e.full_name.clone().into(),
            e.display_name.clone().into(),
            roles.join("; ").into(),
            e.wage_type.as_str().into(),
            wage.into(),
            e.permissions.join("; ").into(),
            standing.as_str().into(),
        ]);
    }
    t
}

/// The columns of the templates import, one row per template shift: an export is a file to
/// import again.
async fn templates(
    state: &AppState,
    src: &Source,
    sheet: &str,
    of: template::Kind,
) -> AppResult<Table> {
    let store = src.store;
    let rows = state
        .db
        .run(move |conn| crate::store::templates::list(conn, store, Some(of)))
        .await?;
    let mut t = Table::new(sheet, &names(template_import::TEMPLATE_COLUMNS));
    for tpl in rows {
        for s in &tpl.shifts {
            t.push(vec![
                tpl.title.clone().into(),
                of.as_str().into(),
                Cell::Number(f64::from(s.day)),
                s.start.to_string().into(),
                // An open-ended shift has no end in the file either.
                (if s.open_ended {
                    String::new()
                } else {
                    s.end.to_string()
                })
                .into(),
                src.role_title(s.role).into(),
                src.name_of(s.assigned).1.into(),
                s.title.clone().into(),
                template_import::tasks_cell(&s.tasks).into(),
            ]);
        }
    }
    Ok(t)
}
