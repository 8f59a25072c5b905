//! What the spreadsheets' exports, forms and imports share: the kinds of sheets, the importable
//! ones and their columns, the formats, and the file's encoding.

use crate::calls::FileAnswer;
use crate::domain::import::{self, Column};
use crate::domain::permissions::Perms;
use crate::domain::template_import;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::sheets::{write, Format, Table};
use chrono::Duration;

/// Largest spreadsheet accepted for an import.
pub const FILE_MAX: usize = 5 * 1024 * 1024;
/// How long an uploaded import waits for its confirmation.
pub const TEMP_DOC_TTL: Duration = Duration::hours(2);
/// The import uploads, which answer their result whole rather than in `{"data": ...}`.
pub const IMPORT_PATHS: [&str; 3] = [
    "/api/v1/importRoles",
    "/api/v1/importEmployees",
    "/api/v1/importShiftTemplates",
];
/// The formats a download is asked for in.
pub const FORMAT_PATTERN: &str = "^(xlsx|csv)$";

// ---------------------------------------------------------------------------------------
// Kinds

/// What can be exported, by its name in the path (and in a sheet collection's `items`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Shifts,
    TimeTracking,
    TimeOff,
    Payroll,
    Availability,
    Roles,
    Employees,
    ShiftTemplates,
    DailyTemplates,
    WeeklyTemplates,
}

impl Kind {
    pub const ALL: [Kind; 10] = [
        Kind::Shifts,
        Kind::TimeTracking,
        Kind::TimeOff,
        Kind::Payroll,
        Kind::Availability,
        Kind::Roles,
        Kind::Employees,
        Kind::ShiftTemplates,
        Kind::DailyTemplates,
        Kind::WeeklyTemplates,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Shifts => "shifts",
            Kind::TimeTracking => "timeTracking",
            Kind::TimeOff => "timeOff",
            Kind::Payroll => "payroll",
            Kind::Availability => "availability",
            Kind::Roles => "roles",
            Kind::Employees => "employees",
            Kind::ShiftTemplates => "shiftTemplates",
            Kind::DailyTemplates => "dailyTemplates",
            Kind::WeeklyTemplates => "weeklyTemplates",
        }
    }

    /// The sheet's name.
    pub(super) fn title(self) -> &'static str {
        match self {
            Kind::Shifts => "Shifts",
            Kind::TimeTracking => "Time tracking",
            Kind::TimeOff => "Time off",
            Kind::Payroll => "Payroll",
            Kind::Availability => "Availability",
            Kind::Roles => "Roles",
            Kind::Employees => "Employees",
            Kind::ShiftTemplates => "Shift templates",
            Kind::DailyTemplates => "Daily templates",
            Kind::WeeklyTemplates => "Weekly templates",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
    }

    /// Whether the kind covers a range of time (the others are the store's current records).
    pub(super) fn ranged(self) -> bool {
        matches!(
            self,
            Kind::Shifts | Kind::TimeTracking | Kind::TimeOff | Kind::Payroll
        )
    }

    /// Who may export it: the schedule's figures need the schedule permission, the team's
    /// records the employee permission, requests either.
    pub(super) fn allowed(self, perms: Perms) -> bool {
        match self {
            Kind::Shifts
            | Kind::TimeTracking
            | Kind::Payroll
            | Kind::ShiftTemplates
            | Kind::DailyTemplates
            | Kind::WeeklyTemplates => perms.covers(Perms::SCHEDULE),
            Kind::Roles | Kind::Employees => perms.covers(Perms::EMPLOYEE),
            Kind::TimeOff | Kind::Availability => {
                perms.covers(Perms::SCHEDULE) || perms.covers(Perms::EMPLOYEE)
            }
        }
    }
}

/// An importable kind: its columns (its empty form) and who may import it.
pub(super) struct Importable {
    pub(super) name: &'static str,
    pub(super) columns: &'static [Column],
    pub(super) perms: Perms,
}

pub(super) const ROLES: Importable = Importable {
    name: "roles",
    columns: import::ROLE_COLUMNS,
    perms: Perms::EMPLOYEE,
};

pub(super) const EMPLOYEES: Importable = Importable {
    name: "employees",
    columns: import::EMPLOYEE_COLUMNS,
    perms: Perms::EMPLOYEE,
};

pub(super) const SHIFT_TEMPLATES: Importable = Importable {
    name: "shiftTemplates",
    columns: template_import::TEMPLATE_COLUMNS,
    perms: Perms::SCHEDULE,
};

/// Every kind with an import and an empty form.
pub(super) const IMPORTABLE: &[Importable] = &[ROLES, EMPLOYEES, SHIFT_TEMPLATES];

// ---------------------------------------------------------------------------------------
// Files

pub(super) fn denied() -> AppError {
    AppError::forbidden("permission_denied", messages::NOT_ENOUGH_PERMISSION)
}

pub(super) fn names(columns: &[Column]) -> Vec<&'static str> {
    columns.iter().map(|c| c.name).collect()
}

pub(super) fn format_of(raw: Option<&str>) -> AppResult<Format> {
    match raw {
        None | Some("") => Ok(Format::Xlsx),
        Some(f) => Format::parse(f).ok_or_else(|| AppError::invalid("format must be xlsx or csv.")),
    }
}

/// Tables as a file named `{stem}.{extension}`: a CSV file of one table, or a workbook.
pub(super) fn encode(tables: &[Table], format: Format, stem: &str) -> AppResult<FileAnswer> {
    let bytes = match (format, tables) {
        (Format::Csv, [one]) => write::csv(one).map_err(AppError::internal)?,
        (Format::Csv, _) => {
            return Err(AppError::invalid(
                "A sheet collection is a workbook: ask for xlsx.",
            ))
        }
        (Format::Xlsx, _) => write::xlsx(tables).map_err(AppError::internal)?,
    };
    Ok(FileAnswer {
        name: format!("{stem}.{}", format.extension()),
        content_type: format.content_type().to_string(),
        bytes,
    })
}
