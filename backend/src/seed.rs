//! The demo store, created on first start when `SEED_DEMO` is on and there are no users yet,
//! so a fresh install has something to sign in to: a café with a living month around the day
//! the server first starts (its zone's days). The two weeks before this one (and this week's
//! days gone by) were worked ([`past`]); from today on, the schedule, the pool, the requests,
//! the clock and the team's chat are made by the store's own commands ([`month`]).

mod cafe;
mod month;
mod past;

use cafe::{Demo, DEMO_ZONE, MANAGER, OWNER, PEOPLE, ROLES};

use crate::auth::password;
use crate::db::models::employee::{wages_json, NewEmployee};
use crate::db::models::role::NewRole;
use crate::db::models::store::NewStore;
use crate::db::models::user::NewUser;
use crate::db::schema::users;
use crate::db::Db;
use crate::domain::account::{AccountStatus, PersonalInfo, SignInMethod};
use crate::domain::business::{self, TimeOfDay};
use crate::domain::ids::{EmployeeId, RoleId, StoreId, UserId};
use crate::domain::permissions::Permission;
use crate::domain::privacy::Privacy;
use crate::error::{AppError, AppResult};
use crate::store::found::Founding;
use crate::store::registry::StoreRegistry;
use crate::store::shifts::Caller;
use chrono::{DateTime, Datelike, Duration, Utc};
use diesel::prelude::*;
use std::collections::BTreeMap;

/// The password of every demo account.
pub const DEMO_PASSWORD: &str = "demo1234";
/// The demo store's name.
pub const DEMO_STORE: &str = "Demo Café";
/// Creates the demo store when the database has no users, and gives it its month through its
/// actor in `stores`. Returns whether it did.
pub async fn run(db: &Db, stores: &StoreRegistry) -> AppResult<bool> {
    let hash = password::hash(DEMO_PASSWORD).map_err(|e| AppError::internal(e.to_string()))?;
    let now = Utc::now();
    let began = std::time::Instant::now();
    let demo = db
        .transaction(move |conn| {
            // Another process may be seeding at the same moment.
            diesel::sql_query("SELECT pg_advisory_xact_lock(727275)").execute(conn)?;
            let any_user: bool =
                diesel::select(diesel::dsl::exists(users::table.select(users::id)))
                    .get_result(conn)?;
            if any_user {
                return Ok(None);
            }
            seed(conn, &hash, now).map(Some)
        })
        .await?;
    let Some(demo) = demo else {
        return Ok(false);
    };
    // The store exists whatever happens next; a month left unfinished is no reason to keep
    // the server from starting.
    if let Err(e) = month::live(db, stores, &demo).await {
        tracing::warn!(error = %e, "the demo store's month is unfinished");
    }
    let emails: Vec<&str> = PEOPLE.iter().map(|p| p.email).collect();
    tracing::info!(
        store = DEMO_STORE,
        accounts = %emails.join(", "),
        password = DEMO_PASSWORD,
        elapsed_ms = began.elapsed().as_millis() as u64,
        "demo store created: sign in with the owner ({}), the manager ({}) or an employee, \
         each with the password {}",
        PEOPLE[OWNER].email,
        PEOPLE[MANAGER].email,
        DEMO_PASSWORD,
    );
    Ok(true)
}

fn seed(conn: &mut PgConnection, hash: &str, now: DateTime<Utc>) -> AppResult<Demo> {
    let mut ids = Vec::with_capacity(PEOPLE.len());
    for p in &PEOPLE {
        let id = UserId::new();
        NewUser {
            id,
            email: p.email,
            password_hash: Some(hash),
            first_name: p.first,
            last_name: p.last,
            status: AccountStatus::Confirmed,
            sign_in_method: SignInMethod::Email,
            language: None,
        }
        .insert(conn)?;
        diesel::update(users::table.find(id))
            .set(users::personal_information_status.eq(PersonalInfo::Set))
            .execute(conn)?;
        ids.push(id);
    }
    let zone = business::parse_zone(DEMO_ZONE).ok_or_else(|| AppError::internal("demo zone"))?;
    let label = business::zone_label(zone, now);
    let minutes = |t: &str| TimeOfDay::parse(t).map(TimeOfDay::minutes);
    let store = StoreId::new();
    let role_ids: Vec<RoleId> = ROLES.iter().map(|_| RoleId::new()).collect();
    let names: Vec<String> = PEOPLE
        .iter()
        .map(|p| format!("{} {}", p.first, p.last))
        .collect();
    let founded = Founding {
        store: NewStore {
            id: store,
            owner_id: ids[0],
            name: DEMO_STORE,
            kind: "hospitality and leisure",
            logo: None,
            thumbnail: None,
            address: "Kastanienallee 12, 10435 Berlin",
            open_minute: minutes("07:00"),
            close_minute: minutes("19:00"),
            days_off: vec![0],
            timezone: &label,
            timezone_reference: DEMO_ZONE,
        },
        roles: ROLES
            .iter()
            .zip(&role_ids)
            .map(
                |((title, color, require_user_action, swappeable), id)| NewRole {
                    id: *id,
                    store_id: store,
                    title,
                    color,
                    require_user_action: *require_user_action,
                    swappeable: *swappeable,
                },
            )
            .collect(),
        members: PEOPLE
            .iter()
            .zip(&ids)
            .zip(&names)
            .map(|((p, user), full_name)| {
                let wages: BTreeMap<_, _> =
                    p.roles.iter().map(|(i, w)| (role_ids[*i].0, *w)).collect();
                NewEmployee {
                    id: EmployeeId::new(),
                    store_id: store,
                    user_id: Some(*user),
                    email: p.email,
                    full_name,
                    display_name: Some(p.first),
                    img: None,
                    role_ids: p.roles.iter().map(|(i, _)| role_ids[*i].0).collect(),
                    wages: wages_json(&wages),
                    permissions: p.perms.names(),
                    privacy: Privacy::default(),
                }
            })
            .collect(),
    }
    .write(conn)?;
    debug_assert!(PEOPLE[OWNER].perms.has(Permission::Owner));
    let today = now.with_timezone(&zone).date_naive();
    let demo = Demo {
        store,
        zone,
        today,
        week: today - Duration::days(i64::from(today.weekday().num_days_from_sunday())),
        roles: role_ids,
        people: founded
            .members
            .iter()
            .zip(&ids)
            .map(|(e, user)| Caller {
                user: *user,
                employee: e.id,
                perms: e.perms(),
            })
            .collect(),
        team: founded.team,
    };
    past::worked(&demo).write(conn)?;
    Ok(demo)
}
