//! What calls use of the server: settings, the database, sessions, mail and push, the store
//! actors and the clock. Built once at start-up, shared behind `web::Data`.

use crate::auth::jwt;
use crate::auth::session::Sessions;
use crate::config::Settings;
use crate::db::Db;
use crate::files::storage::Storage;
use crate::jobs::push::Pusher;
use crate::mail::Mailer;
use crate::store::actor::Publish;
use crate::store::registry::StoreRegistry;
use crate::time::Clock;

/// Shared state of the server's calls.
pub struct AppState {
    pub settings: Settings,
    pub db: Db,
    /// Token keys and the server-side sessions tokens name.
    pub sessions: Sessions,
    pub mailer: Mailer,
    /// Signs and addresses Web Push requests.
    pub pusher: Pusher,
    /// The actors of the active stores.
    pub stores: StoreRegistry,
    /// Where uploaded files are kept.
    pub files: Storage,
    /// The time the rules read (the store actors' plans, the pool's read, the schedule's
    /// jobs): the system's, or a test's.
    pub clock: Clock,
    /// The public booking calls' allowance per address.
    pub public_rate: crate::auth::public_rate::PublicRate,
    /// What the links of booking clients' mails are signed and addressed with.
    pub booking_links: crate::store::booking::Links,
    /// The plans this server sells (none: every store is unlimited).
    pub plans: crate::store::billing::Plans,
    /// The OpenID provider people sign in through (Google), when one is configured.
    pub oidc: Option<crate::auth::oidc::Provider>,
    /// The speech worker (none until start-up starts one).
    pub speech: crate::speech::Speech,
    /// The voice assistant's allowance per person.
    pub voice_rate: crate::auth::person_rate::PersonRate,
    /// Wakes the blog's narration job (a post came due, or left a file to remove).
    pub narrator: crate::jobs::narration::Narrator,
}

impl AppState {
    /// Builds the state from settings; `publish` receives every committed change; the rules
    /// read the time from `clock`. Does no I/O beyond creating the mail and upload directories
    /// (the OpenID provider is read on its first sign-in).
    pub fn new(
        settings: Settings,
        db: Db,
        mailer: Mailer,
        pusher: Pusher,
        publish: Publish,
        files: Storage,
        clock: Clock,
    ) -> Result<AppState, String> {
        let keys = jwt::Keys::new(&settings.jwt_secret, settings.token_ttl);
        let sessions = Sessions::new(db.clone(), keys);
        let stores = StoreRegistry::new(
            db.clone(),
            publish,
            settings.store_threads,
            settings.store_idle_after,
            settings.notification_merge_window,
            clock.clone(),
        );
        let public_rate =
            crate::auth::public_rate::PublicRate::per_minute(settings.public_rate_per_minute);
        let booking_links = crate::store::booking::Links::new(
            &settings.jwt_secret,
            &settings.public_url,
            &settings.mail_from,
        );
        let plans = crate::store::billing::Plans::new(
            settings.billing.as_ref().map(|b| b.catalogue.clone()),
        );
        let oidc = settings
            .oidc
            .clone()
            .map(|oidc| crate::auth::oidc::Provider::new(oidc, &settings.public_url, clock.clone()))
            .transpose()?;
        let voice_rate =
            crate::auth::person_rate::PersonRate::per_minute(settings.voice.per_minute);
        Ok(AppState {
            speech: crate::speech::Speech::disabled(),
            voice_rate,
            narrator: crate::jobs::narration::Narrator::default(),
            oidc,
            plans,
            booking_links,
            public_rate,
            settings,
            db,
            sessions,
            mailer,
            pusher,
            stores,
            files,
            clock,
        })
    }
}
