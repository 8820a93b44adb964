//! Board PNGs are indexed colour on the animations' fixed palette (issue 53): every
//! game's midgame board, at the sizes players see, decodes to the layout's size and
//! looks like the truecolour drawing it was mapped from. `ARCANA_RENDER_SAMPLES=DIR`
//! also writes both pictures of each board there, to look at.

use arcana::core::view::{View, Viewer};
use arcana::core::Side;
use arcana::render::{render_png, render_rgb, Layout, RenderOptions};
use arcana::variants::VariantId;
use image::codecs::png::PngEncoder;
use image::{ImageEncoder, RgbImage};

mod midgames;

/// The largest mean difference allowed per channel, out of 255.
const MEAN_ERROR: f64 = 0.2;
/// A pixel further than this from its truecolour self in some channel counts as off...
const FAR: u8 = 24;
/// ...and at most this share of a board's pixels may be off (soft edges of text).
const FAR_SHARE: f64 = 0.0005;

/// Every game's midgame board: the public view, and a player's own view (private
/// badges, such as a wand only its owner knows).
fn boards() -> Vec<(String, View)> {
    let mut out = Vec::new();
    for variant in VariantId::available() {
        let game = midgames::midgame(variant);
        out.push((variant.id().to_string(), game.view(Viewer::Public)));
        let own = game.view(Viewer::Player(Side::Black));
        out.push((format!("{}-black", variant.id()), own));
    }
    out
}

fn truecolour_png(img: &RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    PngEncoder::new(&mut out)
        .write_image(
            img.as_raw(),
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgb8,
        )
        .expect("encode");
    out
}

/// The mean difference per channel and the share of pixels off by more than [`FAR`].
fn difference(a: &RgbImage, b: &RgbImage) -> (f64, f64) {
    let (mut sum, mut far) = (0u64, 0u64);
    for (p, q) in a.pixels().zip(b.pixels()) {
        let d = [0, 1, 2].map(|k| p.0[k].abs_diff(q.0[k]));
        sum += d.iter().map(|&v| u64::from(v)).sum::<u64>();
        far += u64::from(d.iter().any(|&v| v > FAR));
    }
    let n = u64::from(a.width()) * u64::from(a.height());
    (sum as f64 / (3 * n) as f64, far as f64 / n as f64)
}

/// Writes both pictures, and the truecolour one with the pixels the palette moved by
/// more than [`FAR`] painted magenta, as `DIR-NAME-SIZE*.png`.
fn write_samples(
    path: &std::path::Path,
    png: &[u8],
    truecolour_png: &[u8],
    indexed: &RgbImage,
    truecolour: &RgbImage,
) {
    let with = |tail: &str| format!("{}{tail}.png", path.display());
    std::fs::write(with(""), png).expect("write");
    std::fs::write(with("-truecolour"), truecolour_png).expect("write");
    let mut marked = truecolour.clone();
    for (p, m) in indexed.pixels().zip(marked.pixels_mut()) {
        if (0..3).any(|k| p.0[k].abs_diff(m.0[k]) > FAR) {
            m.0 = [255, 0, 255];
        }
    }
    marked.save(with("-far")).expect("write");
}

#[test]
fn indexed_boards_look_like_their_truecolour_drawing() {
    let samples = std::env::var("ARCANA_RENDER_SAMPLES").ok();
    let mut failures = Vec::new();
    for (name, view) in boards() {
        for size in [384, 512, 768] {
            let options = RenderOptions {
                size,
                orientation: None,
            };
            let png = render_png(&view, &options).expect("render");
            // An 8-bit indexed PNG: IHDR's bit depth and colour type.
            assert_eq!(&png[1..4], b"PNG");
            assert_eq!((png[24], png[25]), (8, 3), "{name} at {size}: not indexed");
            let indexed = image::load_from_memory(&png).expect("decode").to_rgb8();
            let layout = Layout::for_view(&view, &options);
            assert_eq!(
                (indexed.width(), indexed.height()),
                (layout.width, layout.height),
                "{name} at {size}"
            );
            let truecolour_bytes = truecolour_png(&render_rgb(&view, &options));
            let truecolour = image::load_from_memory(&truecolour_bytes)
                .expect("decode")
                .to_rgb8();
            let (mean, far) = difference(&indexed, &truecolour);
            println!(
                "{name} at {size}: {} bytes, mean error {mean:.3}, off {far:.4}",
                png.len()
            );
            if mean >= MEAN_ERROR || far >= FAR_SHARE {
                failures.push(format!("{name} at {size}: mean {mean:.3}, off {far:.4}"));
            }
            if let Some(dir) = &samples {
                let dir = std::path::Path::new(dir).join(format!("{name}-{size}"));
                write_samples(&dir, &png, &truecolour_bytes, &indexed, &truecolour);
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn the_difference_measure_sees_a_wrong_colour() {
    // The bound above means something: one square's worth of wrong colour fails it.
    let a = RgbImage::from_pixel(64, 64, image::Rgb([238, 218, 182]));
    let mut b = a.clone();
    for y in 0..8 {
        for x in 0..8 {
            b.put_pixel(x, y, image::Rgb([181, 134, 99]));
        }
    }
    let (mean, far) = difference(&a, &b);
    assert!(mean > MEAN_ERROR && far > FAR_SHARE, "{mean} {far}");
    assert_eq!(difference(&a, &a), (0.0, 0.0));
}
