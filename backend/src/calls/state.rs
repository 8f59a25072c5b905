//! What calls use of the server: settings, the database, sessions, mail and push, and the
//! store actors. Built once at start-up, shared behind `web::Data`.

use crate::auth::jwt;
use crate::auth::session::Sessions;
use crate::config::Settings;
use crate::db::Db;
use crate::files::storage::Storage;
use crate::jobs::push::Pusher;
use crate::mail::Mailer;
use crate::store::actor::Publish;
use crate::store::registry::StoreRegistry;

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
}

impl AppState {
    /// Builds the state from settings; `publish` receives every committed change. Does no
    /// I/O beyond creating the mail and upload directories.
    pub fn new(
        settings: Settings,
        db: Db,
        mailer: Mailer,
        pusher: Pusher,
        publish: Publish,
        files: Storage,
    ) -> AppState {
        let keys = jwt::Keys::new(&settings.jwt_secret, settings.token_ttl);
        let sessions = Sessions::new(db.clone(), keys);
        let stores = StoreRegistry::new(
            db.clone(),
            publish,
            settings.store_threads,
            settings.store_idle_after,
            settings.notification_merge_window,
        );
        AppState {
            settings,
            db,
            sessions,
            mailer,
            pusher,
            stores,
            files,
        }
    }
}
