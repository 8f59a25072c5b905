//! What calls use of the server: settings, the database, keys, mail and push, and the store
//! actors. Built once at start-up, shared behind `web::Data`.

use crate::auth::jwt;
use crate::config::Settings;
use crate::db::Db;
use crate::jobs::push::Pusher;
use crate::mail::Mailer;
use crate::store::actor::Publish;
use crate::store::registry::StoreRegistry;

/// Shared state of the server's calls.
pub struct AppState {
    pub settings: Settings,
    pub db: Db,
    pub keys: jwt::Keys,
    pub mailer: Mailer,
    /// Signs and addresses Web Push requests.
    pub pusher: Pusher,
    /// The actors of the active stores.
    pub stores: StoreRegistry,
}

impl AppState {
    /// Builds the state from settings; `publish` receives every committed change. Does no
    /// I/O beyond creating the mail directory.
    pub fn new(
        settings: Settings,
        db: Db,
        mailer: Mailer,
        pusher: Pusher,
        publish: Publish,
    ) -> AppState {
        let keys = jwt::Keys::new(&settings.jwt_secret, settings.token_ttl);
        let stores = StoreRegistry::new(
            db.clone(),
            publish,
            settings.store_threads,
            settings.store_idle_after,
        );
        AppState {
            settings,
            db,
            keys,
            mailer,
            pusher,
            stores,
        }
    }
}
