//! The public site: the pages a visitor reads before signing in (the landing page at `/`,
//! `/pricing`, `/contact-us`, the blog at `/posts`), rendered here with their titles,
//! descriptions, canonical and other languages' addresses and Open Graph tags in the HTML,
//! so neither a reader nor a crawler needs the web app's scripts. A transport beside `api`: the contact form runs the
//! `userSubmission` call through the one registry.
//!
//! The words of each language are data (`texts/<code>.json`), the markup templates
//! (`templates/site/`, askama, escaped by default), the styles one stylesheet (`assets/`).

mod assets;
mod blog;
mod contact;
mod format;
mod landing;
pub mod language;
mod page;
mod pricing;
mod texts;

use actix_web::middleware::Compress;
use actix_web::web;
use page::read;

/// The largest contact form body read: a few short fields.
const FORM_LIMIT: usize = 8 * 1024;

/// Mounts the pages and their files, each its own resource (a scope would take every other
/// path from the web app, which answers them). Compressed as the browser asks.
pub fn routes(cfg: &mut web::ServiceConfig) {
    texts::Texts::load_all();
    cfg.service(
        web::resource(page::Page::Landing.path())
            .wrap(Compress::default())
            .route(read().to(landing::page)),
    )
    .service(
        web::resource(page::Page::Pricing.path())
            .wrap(Compress::default())
            .route(read().to(pricing::page)),
    )
    .service(
        web::resource(page::Page::Contact.path())
            .wrap(Compress::default())
            .app_data(web::PayloadConfig::new(FORM_LIMIT))
            .route(read().to(contact::page))
            .route(web::post().to(contact::submit)),
    )
    .configure(blog::routes)
    .service(
        web::resource(format!("{}{{name}}", assets::PREFIX))
            .wrap(Compress::default())
            .route(read().to(assets::serve)),
    );
}
