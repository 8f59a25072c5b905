//! The public pages' files: the stylesheet, the landing page's and the blog's scripts and the
//! screenshots
//! (made by `frontend/scripts/site-screenshots.mjs`), compiled into the server, so the pages
//! need nothing beside the binary. Each is served under a name that carries a digest of its
//! bytes, so browsers keep it a year and a new build's file is a new address.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{web, HttpResponse};
use sha2::{Digest, Sha256};
use std::sync::LazyLock;

/// Where the files are served.
pub const PREFIX: &str = "/site/";

/// One file, at its address.
pub struct Asset {
    /// `/site/site.3f2a1b9c0d.css`.
    pub url: String,
    bytes: &'static [u8],
    content_type: &'static str,
    /// A picture's size in pixels (the pages give it, so nothing moves as it arrives).
    pub width: u32,
    pub height: u32,
}

impl Asset {
    fn new(name: &str, bytes: &'static [u8], content_type: &'static str) -> Asset {
        let digest = hex(&Sha256::digest(bytes)[..5]);
        let (stem, extension) = name.rsplit_once('.').unwrap_or((name, ""));
        let (width, height) = dimensions(bytes).unwrap_or_default();
        Asset {
            url: format!("{PREFIX}{stem}.{digest}.{extension}"),
            bytes,
            content_type,
            width,
            height,
        }
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A WebP picture's size; none for a file that is not one.
fn dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    if !bytes.starts_with(b"RIFF") {
        return None;
    }
    image::ImageReader::with_format(std::io::Cursor::new(bytes), image::ImageFormat::WebP)
        .into_dimensions()
        .ok()
}

/// A screenshot at two widths, for `srcset`.
pub struct Picture {
    pub small: Asset,
    pub large: Asset,
}

/// Every file of the pages.
pub struct Assets {
    pub stylesheet: Asset,
    /// Sends a signed-in visitor of `/` on to the app.
    pub signed_in: Asset,
    /// The blog's likes, readings, comments and "load more".
    pub blog: Asset,
    /// The schedule board, as a manager sees it on a desktop.
    pub board: Picture,
    /// The employee's home, on a phone.
    pub phone: Picture,
}

const WEBP: &str = "image/webp";

pub static ASSETS: LazyLock<Assets> = LazyLock::new(|| Assets {
    stylesheet: Asset::new(
        "site.css",
        include_bytes!("assets/site.css"),
        "text/css; charset=utf-8",
    ),
    signed_in: Asset::new(
        "signed-in.js",
        include_bytes!("assets/signed-in.js"),
        "text/javascript; charset=utf-8",
    ),
    blog: Asset::new(
        "blog.js",
        include_bytes!("assets/blog.js"),
        "text/javascript; charset=utf-8",
    ),
    board: Picture {
        small: Asset::new(
            "board-720.webp",
            include_bytes!("assets/board-720.webp"),
            WEBP,
        ),
        large: Asset::new(
            "board-1440.webp",
            include_bytes!("assets/board-1440.webp"),
            WEBP,
        ),
    },
    phone: Picture {
        small: Asset::new(
            "phone-320.webp",
            include_bytes!("assets/phone-320.webp"),
            WEBP,
        ),
        large: Asset::new(
            "phone-640.webp",
            include_bytes!("assets/phone-640.webp"),
            WEBP,
        ),
    },
});

impl Assets {
    fn all(&self) -> [&Asset; 7] {
        [
            &self.stylesheet,
            &self.signed_in,
            &self.blog,
            &self.board.small,
            &self.board.large,
            &self.phone.small,
            &self.phone.large,
        ]
    }
}

/// `GET /site/{name}`: a file by its digested name; an old or unknown name is not found.
pub async fn serve(name: web::Path<String>) -> HttpResponse {
    let url = format!("{PREFIX}{name}");
    let Some(asset) = ASSETS.all().into_iter().find(|a| a.url == url) else {
        return HttpResponse::NotFound().finish();
    };
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, asset.content_type))
        .insert_header((
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        ))
        .body(asset.bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_has_a_digested_name_and_every_picture_its_size() {
        let assets = &*ASSETS;
        assert!(assets.stylesheet.url.starts_with("/site/site."));
        assert!(assets.stylesheet.url.ends_with(".css"));
        for picture in [&assets.board, &assets.phone] {
            for asset in [&picture.small, &picture.large] {
                assert!(asset.width > 0 && asset.height > 0, "{}", asset.url);
                // Small enough for a phone on a slow network.
                assert!(asset.bytes.len() < 80 * 1024, "{}", asset.url);
            }
            assert!(picture.large.width > picture.small.width);
        }
        let urls: std::collections::BTreeSet<&str> =
            assets.all().iter().map(|a| a.url.as_str()).collect();
        assert_eq!(urls.len(), 7);
    }
}
