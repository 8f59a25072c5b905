//! `/`: what the product does, for a visitor. A browser signed in to the app goes on to it
//! (`assets/signed-in.js`).

use super::assets::{Picture, ASSETS};
use super::page::{html, language_of, Frame, Page};
use super::texts::{Landing, Texts};
use crate::calls::AppState;
use crate::error::AppResult;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

#[derive(Template)]
#[template(path = "site/landing.html")]
struct LandingPage {
    frame: Frame,
    t: &'static Landing,
    /// Whether this server sells plans (so a trial is offered), or every store is free.
    selling: bool,
    board: &'static Picture,
    phone: &'static Picture,
}

/// `GET /`.
pub async fn page(req: HttpRequest, state: web::Data<AppState>) -> AppResult<HttpResponse> {
    let lang = language_of(&req);
    let t = &Texts::of(lang).landing;
    let page = LandingPage {
        frame: Frame::new(
            Page::Landing,
            lang,
            &state.settings.public_url,
            &t.title,
            &t.description,
        ),
        t,
        selling: state.plans.catalogue().is_some(),
        board: &ASSETS.board,
        phone: &ASSETS.phone,
    };
    html(lang, page.render())
}
