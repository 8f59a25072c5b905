//! The store's clock device: it signs in with the business identity code (throttled per
//! store and address) and gets a pass, never the secret; with the pass it reads the code to
//! show now. A pass the device no longer holds rightly is refused alike.

use crate::auth::throttle;
use crate::calls::bounded::RequiredText;
use crate::calls::{Access, Call, Ctx};
use crate::db::models::clock::ClockSecret;
use crate::db::models::store::Store;
use crate::db::schema::stores;
use crate::domain::clock as rules;
use crate::domain::device_throttle::Attempt;
use crate::domain::ids::StoreId;
use crate::error::{AppError, AppResult};
use crate::store::clock::EnsureClockSecret;
use chrono::Utc;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Longest business identity code accepted.
pub const IDENTITY_INPUT_MAX: usize = 64;
/// Longest device pass accepted.
pub const PASS_MAX: usize = 2048;

/// `authorizeBusinessClockInHashAccess`: the store's clock device signs in with the
/// business identity code.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AuthorizeClockDevice {
    /// A blank or longer one is wrong, and counts as a guess.
    pub code: RequiredText<{ IDENTITY_INPUT_MAX }>,
    /// The store the device is for, when it knows (ours): the code is checked against that
    /// store's alone, and wrong codes count against that store from this address only.
    /// Without it the code is looked up among every store's.
    #[serde(default)]
    pub store: Option<StoreId>,
}

/// The store a clock device serves, and its pass.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClockDevice {
    pub store: DeviceStore,
    /// The device's pass for `getClockCode`; a new identity code retires it.
    pub pass: String,
}

/// What a clock device shows of its store.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceStore {
    pub id: StoreId,
    pub name: String,
    #[schema(required = true)]
    pub logo: Option<String>,
    /// IANA zone.
    pub timezone_reference: String,
}

impl From<&Store> for DeviceStore {
    fn from(s: &Store) -> Self {
        DeviceStore {
            id: s.id,
            name: s.name.clone(),
            logo: s.logo.clone(),
            timezone_reference: s.timezone_reference.clone(),
        }
    }
}

fn wrong_identity_code() -> AppError {
    AppError::bad_request("wrong_code", "This code is wrong.")
}

impl Call for AuthorizeClockDevice {
    const NAME: &'static str = "authorizeBusinessClockInHashAccess";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str =
        "Authorise the store's clock device with the business identity code.";
    type Output = ClockDevice;

    #[tracing::instrument(name = "authorizeBusinessClockInHashAccess", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ClockDevice> {
        let state = ctx.state.clone();
        let code = self.code.trim().to_string();
        // Guessing codes is throttled per store named and address: wrong codes for one store,
        // or from one address, never lock out another.
        let attempt = Attempt {
            store: self.store,
            client: ctx.client,
        };
        throttle::check_device(&state.db, attempt, Utc::now()).await?;
        let store = if code.is_empty() || code.len() > IDENTITY_INPUT_MAX {
            None
        } else {
            state
                .db
                .run(move |conn| {
                    let mut found = stores::table
                        .filter(stores::identity_code.eq(code))
                        .select(Store::as_select())
                        .into_boxed();
                    if let Some(named) = attempt.store {
                        found = found.filter(stores::id.eq(named));
                    }
                    Ok(found.first(conn).optional()?)
                })
                .await?
        };
        let Some(store) = store else {
            throttle::record_device_failure(&state.db, attempt, Utc::now()).await?;
            return Err(wrong_identity_code());
        };
        throttle::forget_device_failures(&state.db, attempt).await?;
        let generation: uuid::Uuid = state
            .stores
            .execute(
                store.id,
                EnsureClockSecret {
                    fresh: crate::store::clock::fresh_secret(),
                },
            )
            .await?;
        let pass = state
            .sessions
            .keys()
            .issue_device(store.id.0, generation, Utc::now().timestamp())
            .map_err(AppError::internal)?;
        Ok(ClockDevice {
            store: DeviceStore::from(&store),
            pass,
        })
    }
}

/// `getClockCode` (ours): the code a clock device shows now.
#[derive(Debug, Deserialize, ToSchema)]
pub struct GetClockCode {
    /// A longer one is refused as a retired pass is.
    pub pass: RequiredText<{ PASS_MAX }>,
}

/// The code a store's clock device shows, and until when.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClockCode {
    pub store: DeviceStore,
    /// 8 characters; phones scan it from the QR code or type it.
    pub code: String,
    /// When the next code replaces it (epoch ms); it is still accepted one window longer.
    pub valid_until: i64,
    /// The server's time (epoch ms), so the device can count down without trusting its clock.
    pub now: i64,
}

fn device_refused() -> AppError {
    AppError::unauthorized(
        "device_not_authorized",
        "This clock is not authorised any more; enter the business identity code again.",
    )
}

impl Call for GetClockCode {
    const NAME: &'static str = "getClockCode";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "The code the store's clock device shows now (a new one every \
         30 seconds), for a device's pass.";
    type Output = ClockCode;

    #[tracing::instrument(name = "getClockCode", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ClockCode> {
        let state = ctx.state.clone();
        if self.pass.len() > PASS_MAX {
            return Err(device_refused());
        }
        let (store, generation) = state
            .sessions
            .keys()
            .verify_device(&self.pass)
            .map_err(|_| device_refused())?;
        let store = StoreId(store);
        let (row, secret) = state
            .db
            .run(move |conn| {
                Ok((
                    Store::find(conn, store)?,
                    ClockSecret::of_store(conn, store)?,
                ))
            })
            .await?;
        let (Some(row), Some(secret)) = (row, secret) else {
            return Err(device_refused());
        };
        if secret.generation != generation {
            return Err(device_refused());
        }
        let now = Utc::now();
        let window = rules::window_of(now);
        Ok(ClockCode {
            store: DeviceStore::from(&row),
            code: rules::code_for(&secret.secret, store.0, window),
            valid_until: rules::window_end(window).timestamp_millis(),
            now: now.timestamp_millis(),
        })
    }
}
