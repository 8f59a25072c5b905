//! The business itself: creating a store (any signed-in user, who becomes its owner) and the
//! owner's calls that edit it, toggle booking and hand out the business identity code.

use crate::calls::bounded::{OptionalText, RequiredText, Text};
use crate::calls::guard::{self, Member};
use crate::calls::input::{ADDRESS_MAX, NAME_MAX, URL_MAX};
use crate::calls::{Access, Call, Ctx, Registry};
use crate::db::models::employee::NewEmployee;
use crate::db::models::store::NewStore;
use crate::db::models::user::User;
use crate::domain::business::{self, BusinessKind, DayInput, DaysOffError, TimeOfDay};
use crate::domain::ids::{EmployeeId, StoreId};
use crate::domain::invite::{generate_code, IDENTITY_CODE_LEN};
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult, ErrorKind};
use crate::messages;
use crate::store::found::Founding;
use crate::store::settings::{
    BookingState, ChangeSettings, IssueIdentityCode, SettingsChange, ToggleBooking,
};
use crate::store::team_views::{EmployeeView, StoreView};
use chrono::Utc;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn register(r: &mut Registry) {
    r.add::<CreateBusiness>()
        .add::<UpdateBusinessIdentity>()
        .add::<UpdateBusinessTiming>()
        .add::<UpdateBusinessLocation>()
        .add::<RequestBusinessIdentityCode>()
        .add::<ToggleBookingFeature>();
}

fn kind(input: &str) -> AppResult<&'static str> {
    business::parse_business_kind(input).ok_or_else(|| {
        AppError::invalid(format!(
            "type must be one of: {}.",
            business::BUSINESS_KINDS.join(", ")
        ))
    })
}

fn zone(input: &str) -> AppResult<chrono_tz::Tz> {
    business::parse_zone(input).ok_or_else(|| {
        AppError::invalid("The time zone must be an IANA zone name, e.g. Europe/Berlin.")
    })
}

fn time_of_day(field: &str, input: &str) -> AppResult<TimeOfDay> {
    TimeOfDay::parse(input)
        .ok_or_else(|| AppError::invalid(format!("{field} must be a time as HH:mm.")))
}

fn days_off(days: &[DayInput]) -> AppResult<Vec<i16>> {
    business::parse_days_off(days).map_err(|e| match e {
        DaysOffError::UnknownDay => {
            AppError::invalid("Days off are weekday numbers (0 = Sunday to 6) or weekday names.")
        }
        DaysOffError::NoWorkDay => AppError::invalid("At least one work day is required."),
    })
}

/// Resolves the caller as the owner of the business named in an edit. The spec words these
/// refusals apart from the other guards: no or unknown id is "Invalid business data", anyone
/// but the owner "You do not have permission for this operation".
async fn business_owner(ctx: &Ctx, method: &'static str) -> AppResult<Member> {
    let user = ctx.user()?;
    let store = ctx.store.ok_or_else(|| {
        AppError::bad_request("invalid_business_data", messages::INVALID_BUSINESS_DATA)
    })?;
    guard::member_of(
        &ctx.state,
        user,
        Some(store),
        Perms::OWNER,
        messages::NOT_OWNER,
        method,
    )
    .await
    .map_err(|e| match e.kind {
        ErrorKind::NotFound => {
            AppError::not_found("invalid_business_data", messages::INVALID_BUSINESS_DATA)
        }
        ErrorKind::Forbidden => AppError::forbidden("not_owner", messages::NOT_OWNER),
        _ => e,
    })
}

/// Runs a change of the store's settings through its actor.
async fn change_settings(
    ctx: &Ctx,
    member: &Member,
    change: SettingsChange,
) -> AppResult<StoreView> {
    ctx.state
        .stores
        .execute(member.store_id(), ChangeSettings(change))
        .await
}

// ---------------------------------------------------------------------------------------

/// `createBusiness`: a new store owned by the caller, who also gets an employee record with
/// every permission.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateBusiness {
    pub name: RequiredText<{ NAME_MAX }>,
    /// One of the business kinds (`"hospitality and leisure"`, ...); case, `_` and `-` are
    /// forgiven.
    #[serde(rename = "type")]
    #[schema(value_type = BusinessKind)]
    pub kind: String,
    /// IANA zone, e.g. `"Europe/Berlin"`.
    #[serde(alias = "timezone")]
    #[schema(example = "Europe/Berlin")]
    pub timezone_reference: String,
    /// The logo's URL; empty means none.
    #[serde(default, alias = "img")]
    pub logo: Option<Text<{ URL_MAX }>>,
    /// Empty means none.
    #[serde(default)]
    pub address: Option<Text<{ ADDRESS_MAX }>>,
    /// Opening time, `"HH:mm"`.
    #[serde(default)]
    #[schema(pattern = "^([01]?[0-9]|2[0-3]):[0-5][0-9]$", example = "09:00")]
    pub open: Option<String>,
    /// Closing time, `"HH:mm"`.
    #[serde(default)]
    #[schema(pattern = "^([01]?[0-9]|2[0-3]):[0-5][0-9]$", example = "17:00")]
    pub close: Option<String>,
    /// Days off: weekday numbers (0 = Sunday) or names.
    #[serde(default, alias = "daysOff")]
    pub daysoff: Option<Vec<DayInput>>,
}

/// The new store, and the owner's employee record.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedBusiness {
    pub store_id: StoreId,
    pub store: StoreView,
    pub employee: EmployeeView,
}

impl Call for CreateBusiness {
    const NAME: &'static str = "createBusiness";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "Create a store; the caller becomes its owner.";
    type Output = CreatedBusiness;

    #[tracing::instrument(name = "createBusiness", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<CreatedBusiness> {
        let user = ctx.user()?;
        let name = self.name.required("name")?;
        let kind = kind(&self.kind)?;
        let tz = zone(&self.timezone_reference)?;
        let logo = self.logo.optional("logo")?;
        let address = self.address.optional("address")?.unwrap_or_default();
        let open = self
            .open
            .as_deref()
            .map(|t| time_of_day("open", t))
            .transpose()?;
        let close = self
            .close
            .as_deref()
            .map(|t| time_of_day("close", t))
            .transpose()?;
        let days_off = days_off(self.daysoff.as_deref().unwrap_or_default())?;
        let label = business::zone_label(tz, Utc::now());
        ctx.state
            .db
            .transaction(move |conn| {
                let owner = User::find(conn, user)?;
                let full_name = format!("{} {}", owner.first_name, owner.last_name);
                let store = StoreId::new();
                let founded = Founding {
                    store: NewStore {
                        id: store,
                        owner_id: user,
                        name: &name,
                        kind,
                        logo: logo.as_deref(),
                        thumbnail: logo.as_deref(),
                        address: &address,
                        open_minute: open.map(TimeOfDay::minutes),
                        close_minute: close.map(TimeOfDay::minutes),
                        days_off,
                        timezone: &label,
                        timezone_reference: tz.name(),
                    },
                    roles: Vec::new(),
                    members: vec![NewEmployee {
                        id: EmployeeId::new(),
                        store_id: store,
                        user_id: Some(user),
                        email: &owner.email,
                        full_name: full_name.trim(),
                        display_name: None,
                        img: owner.profile_image.as_deref(),
                        role_ids: Vec::new(),
                        wages: serde_json::json!({}),
                        permissions: Perms::ALL.names(),
                        privacy: owner.privacy(),
                    }],
                }
                .write(conn)?;
                let (store, employee) = (&founded.store, &founded.members[0]);
                Ok(CreatedBusiness {
                    store_id: store.id,
                    store: StoreView::from(store),
                    employee: EmployeeView::full(employee),
                })
            })
            .await
    }
}

// ---------------------------------------------------------------------------------------

/// `updateBusinessIdentity`: name, logo and kind.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateBusinessIdentity {
    pub name: RequiredText<{ NAME_MAX }>,
    /// One of the business kinds; case, `_` and `-` are forgiven.
    #[serde(rename = "type")]
    #[schema(value_type = BusinessKind)]
    pub kind: String,
    /// The logo URL. Absent or `null` keeps it; `""` removes it.
    #[serde(default, alias = "logo")]
    pub img: Option<Text<{ URL_MAX }>>,
}

impl Call for UpdateBusinessIdentity {
    const NAME: &'static str = "updateBusinessIdentity";
    const ACCESS: Access = Access::SignedIn;
    const NAMES_STORE: bool = true;
    const SUMMARY: &'static str = "Owner: change the store's name, logo and kind.";
    type Output = StoreView;

    #[tracing::instrument(name = "updateBusinessIdentity", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<StoreView> {
        let member = business_owner(&ctx, Self::NAME).await?;
        let name = self.name.required("name")?;
        let kind = kind(&self.kind)?;
        let img = self.img.as_ref().map(|v| v.optional("img")).transpose()?;
        let change = SettingsChange::Identity {
            name,
            kind,
            logo: img,
        };
        change_settings(&ctx, &member, change).await
    }
}

// ---------------------------------------------------------------------------------------

/// `updateBusinessTiming`: opening hours, days off and the first day of the week.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateBusinessTiming {
    /// `"HH:mm"`.
    #[schema(pattern = "^([01]?[0-9]|2[0-3]):[0-5][0-9]$", example = "09:00")]
    pub open: String,
    /// `"HH:mm"`; before `open` means the store closes after midnight.
    #[schema(pattern = "^([01]?[0-9]|2[0-3]):[0-5][0-9]$", example = "17:00")]
    pub close: String,
    /// Weekday numbers (0 = Sunday) or names.
    #[serde(alias = "daysOff")]
    pub daysoff: Vec<DayInput>,
    /// The first day of the store's week (0 = Sunday to 6, or a weekday name): the board's
    /// weeks, the availability grid and the timesheets' periods start on it. Absent keeps it.
    #[serde(default)]
    pub week_start: Option<DayInput>,
}

impl Call for UpdateBusinessTiming {
    const NAME: &'static str = "updateBusinessTiming";
    const ACCESS: Access = Access::SignedIn;
    const NAMES_STORE: bool = true;
    const SUMMARY: &'static str = "Owner: set opening hours, days off and the week's first day.";
    type Output = StoreView;

    #[tracing::instrument(name = "updateBusinessTiming", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<StoreView> {
        let member = business_owner(&ctx, Self::NAME).await?;
        let open = time_of_day("open", &self.open)?;
        let close = time_of_day("close", &self.close)?;
        let days_off = days_off(&self.daysoff)?;
        let week_start = match &self.week_start {
            None => None,
            Some(day) => Some(day.weekday().ok_or_else(|| {
                AppError::invalid(
                    "weekStart is a weekday number (0 = Sunday to 6) or a weekday name.",
                )
            })?),
        };
        let change = SettingsChange::Timing {
            open_minute: open.minutes(),
            close_minute: close.minutes(),
            days_off,
            week_start,
        };
        change_settings(&ctx, &member, change).await
    }
}

// ---------------------------------------------------------------------------------------

/// `updateBusinessLocation`: address and time zone.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateBusinessLocation {
    pub address: RequiredText<{ ADDRESS_MAX }>,
    /// IANA zone, e.g. `"Europe/Berlin"`.
    #[serde(alias = "timezoneReference")]
    #[schema(example = "Europe/Berlin")]
    pub timezone: String,
}

impl Call for UpdateBusinessLocation {
    const NAME: &'static str = "updateBusinessLocation";
    const ACCESS: Access = Access::SignedIn;
    const NAMES_STORE: bool = true;
    const SUMMARY: &'static str = "Owner: set the address and time zone.";
    type Output = StoreView;

    #[tracing::instrument(name = "updateBusinessLocation", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<StoreView> {
        let member = business_owner(&ctx, Self::NAME).await?;
        let address = self.address.required("address")?;
        let tz = zone(&self.timezone)?;
        let label = business::zone_label(tz, Utc::now());
        let change = SettingsChange::Location {
            address,
            timezone: label,
            timezone_reference: tz.name().to_string(),
        };
        change_settings(&ctx, &member, change).await
    }
}

// ---------------------------------------------------------------------------------------

/// `requestBusinessIdentityCode`: the code a shared clock-in device signs in to the store
/// with. The same code is answered until the owner asks for a new one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestBusinessIdentityCode {
    /// Replace the current code (the old one stops working).
    #[serde(default)]
    pub regenerate: bool,
}

/// The business identity code.
#[derive(Debug, Serialize, ToSchema)]
pub struct IdentityCode {
    #[schema(pattern = "^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$")]
    pub code: String,
}

impl Call for RequestBusinessIdentityCode {
    const NAME: &'static str = "requestBusinessIdentityCode";
    const ACCESS: Access = Access::Store(Perms::OWNER);
    const DENIED: &'static str = messages::NOT_OWNER;
    const SUMMARY: &'static str = "Owner: the store's business identity code.";
    type Output = IdentityCode;

    #[tracing::instrument(name = "requestBusinessIdentityCode", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<IdentityCode> {
        let cmd = IssueIdentityCode {
            regenerate: self.regenerate,
            fresh: generate_code(&mut rand::thread_rng(), IDENTITY_CODE_LEN),
            fresh_secret: crate::store::clock::fresh_secret(),
        };
        let code = ctx.execute(cmd).await?;
        Ok(IdentityCode { code })
    }
}

// ---------------------------------------------------------------------------------------

/// `toggleBookingFeature`: turn client booking on or off. Setting the value the store already
/// has changes nothing.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToggleBookingFeature {
    pub booking_enabled: bool,
}

impl Call for ToggleBookingFeature {
    const NAME: &'static str = "toggleBookingFeature";
    const ACCESS: Access = Access::Store(Perms::OWNER);
    const DENIED: &'static str = messages::NOT_OWNER;
    const SUMMARY: &'static str = "Owner: enable or disable client booking.";
    type Output = BookingState;

    #[tracing::instrument(name = "toggleBookingFeature", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<BookingState> {
        let cmd = ToggleBooking {
            enabled: self.booking_enabled,
        };
        ctx.execute(cmd).await
    }
}
