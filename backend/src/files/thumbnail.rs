//! A picture's thumbnail: decoded with the `image` crate (within limits, so a small file that
//! claims a huge picture is refused rather than allocated), scaled so its longest side is
//! 200 px, and encoded as lossy WebP at quality 50 with `webp` (the spec's thumbnails).

use crate::domain::upload::{self, Refusal};
use image::{ImageReader, Limits};
use std::io::Cursor;

/// A decoded picture's size and its thumbnail.
#[derive(Debug, Clone)]
pub struct Thumbnail {
    pub width: u32,
    pub height: u32,
    /// WebP bytes.
    pub webp: Vec<u8>,
}

/// Makes the thumbnail of a picture. CPU-bound: run it off the async threads.
pub fn make(content: &[u8]) -> Result<Thumbnail, Refusal> {
    make_sized(content, upload::THUMB_SIDE, upload::THUMB_QUALITY)
}

/// A picture's copy whose longest side is at most `side`, as lossy WebP of `quality`.
pub fn make_sized(content: &[u8], side: u32, quality: f32) -> Result<Thumbnail, Refusal> {
    let mut reader = ImageReader::new(Cursor::new(content))
        .with_guessed_format()
        .map_err(|_| Refusal::BadImage)?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(upload::IMAGE_SIDE_MAX);
    limits.max_image_height = Some(upload::IMAGE_SIDE_MAX);
    limits.max_alloc = Some(512 * 1024 * 1024);
    reader.limits(limits);
    let picture = reader.decode().map_err(|_| Refusal::BadImage)?;
    let (width, height) = (picture.width(), picture.height());
    let (w, h) = upload::scaled_size(width, height, side);
    let small = picture
        .resize_exact(w, h, image::imageops::FilterType::Triangle)
        .into_rgba8();
    let webp = webp::Encoder::from_rgba(small.as_raw(), w, h)
        .encode(quality)
        .to_vec();
    Ok(Thumbnail {
        width,
        height,
        webp,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageFormat, RgbImage};

    fn png(width: u32, height: u32) -> Vec<u8> {
        let picture = RgbImage::from_fn(width, height, |x, y| {
            image::Rgb([(x % 256) as u8, (y % 256) as u8, 128])
        });
        let mut out = Cursor::new(Vec::new());
        picture.write_to(&mut out, ImageFormat::Png).expect("png");
        out.into_inner()
    }

    #[test]
    fn a_large_picture_gets_a_small_webp() {
        let thumb = make(&png(800, 400)).expect("thumbnail");
        assert_eq!((thumb.width, thumb.height), (800, 400));
        assert_eq!(&thumb.webp[..4], b"RIFF");
        assert_eq!(&thumb.webp[8..12], b"WEBP");
        let back = image::load_from_memory(&thumb.webp).expect("decodes");
        assert_eq!((back.width(), back.height()), (200, 100));
    }

    #[test]
    fn broken_pictures_are_refused() {
        let mut cut = png(50, 50);
        cut.truncate(40);
        assert_eq!(make(&cut).err(), Some(Refusal::BadImage));
        assert_eq!(make(b"not a picture").err(), Some(Refusal::BadImage));
    }
}
