//! The demo store, created on first start when `SEED_DEMO` is on and there are no users yet,
//! so a fresh install has something to sign in to.

use crate::auth::password;
use crate::db::models::employee::{wages_json, NewEmployee};
use crate::db::models::role::NewRole;
use crate::db::models::store::NewStore;
use crate::db::models::user::NewUser;
use crate::db::schema::users;
use crate::db::Db;
use crate::domain::business::{self, TimeOfDay, WageType};
use crate::domain::ids::{EmployeeId, RoleId, StoreId, UserId};
use crate::domain::permissions::{Permission, Perms};
use crate::error::{AppError, AppResult};
use crate::store::found::Founding;
use chrono::Utc;
use diesel::prelude::*;
use std::collections::BTreeMap;

/// The password of every demo account.
pub const DEMO_PASSWORD: &str = "demo1234";
/// The demo store's name.
pub const DEMO_STORE: &str = "Demo Café";
const DEMO_ZONE: &str = "Europe/Berlin";

struct Person {
    email: &'static str,
    first: &'static str,
    last: &'static str,
    perms: Perms,
    /// Indexes into the roles, with the hourly wage of each.
    roles: &'static [(usize, f64)],
}

const ROLES: [(&str, &str, bool, bool); 3] = [
    ("Barista", "#8d5b3e", false, true),
    ("Cashier", "#2e86ab", false, true),
    ("Cook", "#e4572e", true, false),
];

const EMPLOYEE: Perms = Perms::AVAILABLETIME;

const PEOPLE: [Person; 5] = [
    Person {
        email: "owner@example.com",
        first: "Olivia",
        last: "Becker",
        perms: Perms::ALL,
        roles: &[],
    },
    Person {
        email: "manager@example.com",
        first: "Max",
        last: "Weber",
        perms: Perms::SCHEDULE.union(Perms::EMPLOYEE),
        roles: &[(1, 16.0)],
    },
    Person {
        email: "barista@example.com",
        first: "Lena",
        last: "Fischer",
        perms: EMPLOYEE,
        roles: &[(0, 14.5), (1, 14.0)],
    },
    Person {
        email: "cashier@example.com",
        first: "Jonas",
        last: "Wagner",
        perms: EMPLOYEE,
        roles: &[(1, 13.5)],
    },
    Person {
        email: "cook@example.com",
        first: "Sofia",
        last: "Braun",
        perms: EMPLOYEE,
        roles: &[(2, 17.0)],
    },
];

/// Creates the demo store when the database has no users. Returns whether it did.
pub async fn run(db: &Db) -> AppResult<bool> {
    let hash = password::hash(DEMO_PASSWORD).map_err(|e| AppError::internal(e.to_string()))?;
    let created = db
        .transaction(move |conn| {
            // Another process may be seeding at the same moment.
            diesel::sql_query("SELECT pg_advisory_xact_lock(727275)").execute(conn)?;
            let any_user: bool =
                diesel::select(diesel::dsl::exists(users::table.select(users::id)))
                    .get_result(conn)?;
            if any_user {
                return Ok(false);
            }
            seed(conn, &hash)?;
            Ok(true)
        })
        .await?;
    if created {
        let emails: Vec<&str> = PEOPLE.iter().map(|p| p.email).collect();
        tracing::info!(
            store = DEMO_STORE,
            accounts = %emails.join(", "),
            password = DEMO_PASSWORD,
            "demo store created: sign in with the owner ({}), the manager ({}) or an employee, \
             each with the password {}",
            PEOPLE[0].email,
            PEOPLE[1].email,
            DEMO_PASSWORD,
        );
    }
    Ok(created)
}

fn seed(conn: &mut PgConnection, hash: &str) -> AppResult<()> {
    let mut ids = Vec::with_capacity(PEOPLE.len());
    for p in &PEOPLE {
        let id = UserId::new();
        NewUser {
            id,
            email: p.email,
            password_hash: hash,
            first_name: p.first,
            last_name: p.last,
        }
        .insert(conn)?;
        diesel::update(users::table.find(id))
            .set((
                users::status.eq("confirmed"),
                users::personal_information_status.eq("set"),
            ))
            .execute(conn)?;
        ids.push(id);
    }
    let zone = business::parse_zone(DEMO_ZONE).ok_or_else(|| AppError::internal("demo zone"))?;
    let label = business::zone_label(zone, Utc::now());
    let minutes = |t: &str| TimeOfDay::parse(t).map(TimeOfDay::minutes);
    let store = StoreId::new();
    let role_ids: Vec<RoleId> = ROLES.iter().map(|_| RoleId::new()).collect();
    let names: Vec<String> = PEOPLE
        .iter()
        .map(|p| format!("{} {}", p.first, p.last))
        .collect();
    Founding {
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
                    wage_type: WageType::Hourly.as_str(),
                    permissions: p.perms.names(),
                }
            })
            .collect(),
    }
    .write(conn)?;
    debug_assert!(PEOPLE[0].perms.has(Permission::Owner));
    Ok(())
}
