//! The JSON shapes of stores, roles and employees in answers: camelCase with the spec's field
//! names, instants as epoch milliseconds.

use crate::db::models::employee::Employee;
use crate::db::models::role::Role;
use crate::db::models::store::Store;
use crate::domain::business::{
    BusinessKind, TimeOfDay, Wage, WageType, WeekdayNumber, WeekdayNumberList, DAYS_OFF_MAX,
};
use crate::domain::ids::{EmployeeId, RoleId, StoreId, UserId};
use crate::domain::permissions::Permission;
use crate::domain::privacy::{Privacy, Viewer};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;
use uuid::Uuid;

/// Opening hours: `"HH:mm"` local times (close before open runs past midnight) and days off
/// as weekday numbers, 0 = Sunday.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimesView {
    #[schema(
        required = true,
        pattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$",
        example = "09:00"
    )]
    pub open: Option<String>,
    #[schema(
        required = true,
        pattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$",
        example = "17:00"
    )]
    pub close: Option<String>,
    /// Distinct and in order; at least one day of the week is a work day.
    pub days_off: WeekdayNumberList<{ DAYS_OFF_MAX }>,
}

/// A store.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreView {
    pub id: StoreId,
    pub name: String,
    /// One of the business kinds, e.g. `"hospitality and leisure"`.
    #[serde(rename = "type")]
    #[schema(value_type = BusinessKind)]
    pub kind: String,
    pub address: String,
    #[schema(required = true)]
    pub logo: Option<String>,
    #[schema(required = true)]
    pub thumbnail: Option<String>,
    /// The owner's user id.
    pub owner: UserId,
    /// Display label of the zone's current offset, e.g. `"GMT+01:00"`.
    #[schema(example = "GMT+01:00")]
    pub timezone: String,
    /// The IANA zone all day boundaries use, e.g. `"Europe/Berlin"`.
    #[schema(example = "Europe/Berlin")]
    pub timezone_reference: String,
    pub times: TimesView,
    pub booking_enabled: bool,
    /// First day of the week, 0 = Sunday.
    #[schema(minimum = 0, maximum = 6)]
    pub week_start: i16,
    /// Bumped by every committed change of the store.
    pub version: i64,
    /// Creation, epoch ms.
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub timestamp: i64,
}

impl From<&Store> for StoreView {
    fn from(s: &Store) -> Self {
        let time = |m: Option<i32>| m.and_then(TimeOfDay::from_minutes).map(|t| t.to_string());
        StoreView {
            id: s.id,
            name: s.name.clone(),
            kind: s.kind.clone(),
            address: s.address.clone(),
            logo: s.logo.clone(),
            thumbnail: s.thumbnail.clone(),
            owner: s.owner_id,
            timezone: s.timezone.clone(),
            timezone_reference: s.timezone_reference.clone(),
            times: TimesView {
                open: time(s.open_minute),
                close: time(s.close_minute),
                days_off: s.days_off.iter().copied().map(WeekdayNumber).collect(),
            },
            booking_enabled: s.booking_enabled,
            week_start: s.week_start,
            version: s.version,
            timestamp: s.created_at.timestamp_millis(),
        }
    }
}

/// A role.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleView {
    pub id: RoleId,
    pub title: String,
    pub color: String,
    pub require_user_action: bool,
    pub swappeable: bool,
    /// Shifts of this role can be started from a phone.
    pub can_start: bool,
    /// Shifts of this role can be clocked at the store's clock device.
    pub can_clock_in: bool,
    /// Creation, epoch ms.
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub timestamp: i64,
    /// Last change, epoch ms.
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub modified: i64,
}

impl From<&Role> for RoleView {
    fn from(r: &Role) -> Self {
        RoleView {
            id: r.id,
            title: r.title.clone(),
            color: r.color.clone(),
            require_user_action: r.require_user_action,
            swappeable: r.swappeable,
            can_start: r.can_start,
            can_clock_in: r.can_clock_in,
            timestamp: r.created_at.timestamp_millis(),
            modified: r.updated_at.timestamp_millis(),
        }
    }
}

/// An employee record. Wages, wage type and permissions are present only for managers and
/// for the employee's own record; the phone number and birthday only for whom its person
/// shows them to (`domain::privacy`), and `null` for the others.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmployeeView {
    pub id: EmployeeId,
    #[schema(format = Email)]
    pub email: String,
    pub fullname: String,
    /// The display name, falling back to the full name.
    pub display_name: String,
    #[schema(required = true)]
    pub phonenumber: Option<String>,
    /// Role ids.
    pub role: Vec<Uuid>,
    /// Wage per role id.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = BTreeMap<Uuid, Wage>, required = false)]
    pub wage: Option<BTreeMap<Uuid, f64>>,
    /// `Hourly` or `Weekly`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    pub wage_type: Option<WageType>,
    /// The permissions the record holds (the owner's record holds them all).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Vec<Permission>, required = false)]
    pub permissions: Option<Vec<String>>,
    /// Empty until the invitation is accepted.
    #[schema(required = true)]
    pub user_id: Option<UserId>,
    /// For managers, while the invitation waits: when it expires (epoch ms). Past it, the
    /// code no longer works and the invitation must be sent again.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(
        value_type = i64,
        required = false,
        minimum = -8334601228800000i64,
        maximum = 8210266876799999i64
    )]
    pub invite_expire: Option<i64>,
    #[schema(required = true)]
    pub img: Option<String>,
    #[schema(required = true)]
    pub display_img: Option<String>,
    /// Epoch ms.
    #[schema(required = true, minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub birthday: Option<i64>,
    pub store: StoreId,
    pub deactive: bool,
    /// Creation, epoch ms.
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub timestamp: i64,
    /// Last change, epoch ms.
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub modified: i64,
}

impl EmployeeView {
    /// Every field: only for the record's own person (a manager's view is
    /// [`EmployeeView::seen_by`]).
    pub fn full(e: &Employee) -> Self {
        EmployeeView {
            id: e.id,
            email: e.email.clone(),
            fullname: e.full_name.clone(),
            display_name: e.shown_name().to_string(),
            phonenumber: e.phone_number.clone(),
            role: e.role_ids.clone(),
            wage: Some(e.wage_map()),
            wage_type: Some(e.wage_type),
            permissions: Some(e.permissions.clone()),
            user_id: e.user_id,
            invite_expire: None,
            img: e.img.clone(),
            display_img: e.display_img.clone(),
            birthday: e.birthday.map(|b| b.timestamp_millis()),
            store: e.store_id,
            deactive: e.deactive,
            timestamp: e.created_at.timestamp_millis(),
            modified: e.updated_at.timestamp_millis(),
        }
    }

    /// The record as `viewer` sees it: its person in full, a manager with pay and
    /// permissions, a co-worker without; the phone number and birthday as its person's
    /// privacy allows each of them.
    pub fn seen_by(e: &Employee, viewer: Viewer) -> Self {
        let whole = Self::full(e);
        let mut view = match viewer {
            Viewer::Themself | Viewer::Manager => whole,
            Viewer::Coworker => EmployeeView {
                wage: None,
                wage_type: None,
                permissions: None,
                ..whole
            },
        };
        let privacy = e.privacy();
        view.phonenumber = Privacy::shown(privacy.phone, viewer, view.phonenumber);
        view.birthday = Privacy::shown(privacy.birthday, viewer, view.birthday);
        view
    }

    /// The record as the member `user` sees it, who manages the store or not.
    pub fn for_member(e: &Employee, user: UserId, is_manager: bool) -> Self {
        Self::seen_by(e, Viewer::of(e.user_id == Some(user), is_manager))
    }
}
