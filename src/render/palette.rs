//! The fixed palette every board picture is drawn on: the board's own colours exactly,
//! ramps between colours that meet at anti-aliased edges, and a colour cube for the
//! rest. The GIF animations index their frames on it, and the PNG boards are written as
//! indexed images on it (`encode_indexed_png`), so both show the same colours.

use super::badges::{hollow_label, label_colour};
use super::canvas::{mix, Canvas, Rgb};
use super::lut::{Lut, Palette, TRANSPARENT};
use super::{colours, piece_colours, tone_colour};
use crate::core::view::Tone;
use crate::core::Side;
use std::sync::OnceLock;

/// Levels of the colour cube that catches whatever the ramps do not.
const CUBE: [u8; 3] = [0, 128, 255];
/// Steps of each ramp between two colours that meet at long anti-aliased edges (piece
/// outlines, names)...
const RAMP_STEPS: u32 = 8;
/// ...and at short ones (badge labels and rims, notes).
const SHORT_STEPS: u32 = 4;
/// The red of the check glow and rim (`tiles.rs`), and the glow's strength at the
/// rim's inside and at the centre.
const CHECK_RED: Rgb = [226, 32, 32];
const CHECK_GLOW: (f32, f32) = (0.3, 0.95);
/// Every tone a badge or mark is drawn in.
const TONES: [Tone; 13] = [
    Tone::Blue,
    Tone::Slate,
    Tone::Brown,
    Tone::Green,
    Tone::Teal,
    Tone::Orange,
    Tone::Gold,
    Tone::Purple,
    Tone::Red,
    Tone::Forest,
    Tone::Ice,
    Tone::Violet,
    Tone::Leaf,
];

/// Marks the renderer draws on squares, as (tone, fill strength out of 255). Public
/// views use these; any other mark still gets the nearest colour.
const MARK_FILLS: [(Tone, u8); 3] = [(Tone::Ice, 130), (Tone::Ice, 50), (Tone::Violet, 70)];

/// The colours boards are made of, drawn exactly: squares, last-move and mark tints,
/// frame, bars, text, pieces, badges.
fn key_colours() -> Vec<Rgb> {
    let mut keys = vec![
        colours::LIGHT_SQUARE,
        colours::DARK_SQUARE,
        colours::FRAME,
        colours::BAR,
        colours::BAR_ACTIVE,
        colours::ACCENT,
        colours::LABEL,
        colours::NAME,
        colours::NOTE,
        colours::RESULT,
        colours::OUTER_CELL,
        colours::OUTER_CELL_RIM,
        colours::BADGE_RIM,
        // Badge labels, the "to move" label, the colour chip's disc.
        [255, 255, 255],
        [30, 30, 30],
        [16, 28, 12],
        [112, 116, 124],
        // The stone mark's shades and shadow, the gold star in one piece's art.
        [128, 122, 114],
        [112, 107, 100],
        [138, 131, 121],
        [74, 70, 66],
        [246, 196, 48],
        CHECK_RED,
        colours::HOLLOW_FILL,
        hollow_label(Tone::Purple),
    ];
    for tone in TONES {
        keys.push(tone_colour(tone));
    }
    for side in Side::BOTH {
        let (fill, line) = piece_colours(side);
        keys.extend([fill, line]);
    }
    // The last-move tint lies over a mark's fill (blocked stone, an area's ice).
    let last = |c: Rgb| mix(c, colours::LAST_MOVE, colours::LAST_MOVE_ALPHA);
    for square in [colours::LIGHT_SQUARE, colours::DARK_SQUARE] {
        keys.push(last(square));
        for (tone, a) in MARK_FILLS {
            keys.push(mix(square, tone_colour(tone), a));
            keys.push(last(mix(square, tone_colour(tone), a)));
        }
    }
    for stone in [
        [128, 122, 114],
        [112, 107, 100],
        [138, 131, 121],
        [74, 70, 66],
    ] {
        keys.push(last(stone));
    }
    keys.push(last(colours::OUTER_CELL));
    dedup(keys)
}

/// Colours between pairs that meet at soft edges: piece outlines on both squares and
/// on their own fill, text on the frame and the bars, badge labels on their tone, a
/// badge's edge on its dark rim and the rim on the squares; and the check glow's
/// shades over both squares.
fn ramp_colours() -> Vec<Rgb> {
    let ramp = |(a, b): (Rgb, Rgb), steps: u32| {
        (1..steps).map(move |k| mix(a, b, (k * 255 / steps) as u8))
    };
    let mut long = vec![
        (colours::FRAME, colours::LABEL),
        (colours::BAR, colours::NAME),
    ];
    for side in Side::BOTH {
        let (fill, line) = piece_colours(side);
        long.push((fill, line));
        for square in [colours::LIGHT_SQUARE, colours::DARK_SQUARE] {
            long.push((square, line));
        }
    }
    let mut short = vec![
        (colours::BAR_ACTIVE, colours::NAME),
        (colours::BAR, colours::NOTE),
        (colours::BAR_ACTIVE, colours::NOTE),
        (colours::ACCENT, [16, 28, 12]),
        (colours::BAR, colours::RESULT),
        (tone_colour(Tone::Purple), colours::HOLLOW_FILL),
        (hollow_label(Tone::Purple), colours::HOLLOW_FILL),
    ];
    for tone in TONES.map(tone_colour) {
        short.push((tone, label_colour(tone)));
    }
    let mut out: Vec<Rgb> = long.into_iter().flat_map(|p| ramp(p, RAMP_STEPS)).collect();
    out.extend(short.into_iter().flat_map(|p| ramp(p, SHORT_STEPS)));
    for tone in TONES.map(tone_colour) {
        out.extend(ramp((tone, colours::BADGE_RIM), 3));
    }
    let (weak, strong) = CHECK_GLOW;
    for square in [colours::LIGHT_SQUARE, colours::DARK_SQUARE] {
        out.extend(ramp((colours::BADGE_RIM, square), 3));
        out.extend((0..8).map(|k| {
            let a = weak + (strong - weak) * k as f32 / 7.0;
            mix(square, CHECK_RED, (a * 255.0) as u8)
        }));
    }
    out
}

fn dedup(mut list: Vec<Rgb>) -> Vec<Rgb> {
    let mut seen = Vec::new();
    list.retain(|k| {
        let new = !seen.contains(k);
        seen.push(*k);
        new
    });
    list
}

fn palette() -> &'static Palette {
    static PALETTE: OnceLock<Palette> = OnceLock::new();
    PALETTE.get_or_init(|| {
        let keys = key_colours();
        let mut all = keys.clone();
        all.extend(ramp_colours());
        for r in CUBE {
            for g in CUBE {
                for b in CUBE {
                    all.push([r, g, b]);
                }
            }
        }
        Palette::new(&keys, dedup(all))
    })
}

/// The lookup of the one fixed palette.
pub(super) fn lut() -> Lut {
    Lut::new(palette())
}

/// A canvas of palette indices on the fixed palette (see [`Canvas::indexed`]).
pub(super) fn indexed_canvas(w: u32, h: u32, background: Rgb) -> Canvas {
    Canvas::indexed(w, h, background, lut())
}

/// The palette index a colour is drawn with.
pub fn palette_index(c: Rgb) -> u8 {
    lut().get(c)
}

/// The colour of a palette index.
pub fn palette_colour(i: u8) -> Rgb {
    palette().colour(i)
}

/// The palette's colours as `r, g, b` bytes, every index a drawn colour may take (the
/// transparent one left out), for an indexed PNG's `PLTE`.
fn palette_rgb() -> Vec<u8> {
    palette().colours()[..TRANSPARENT as usize]
        .iter()
        .flatten()
        .copied()
        .collect()
}

/// All 256 colours as `r, g, b` bytes, the transparent index's included: a GIF's
/// global colour table.
pub(super) fn gif_palette() -> Vec<u8> {
    palette().colours().iter().flatten().copied().collect()
}

/// Writes an indexed canvas as an 8-bit indexed PNG on this palette: the board's own
/// colours exactly, its soft edges on the palette's ramps and cube. Rows are not
/// filtered: [`super::deflate`] matches each against the row above, the pixels before
/// and the same cell two squares left (`cell` pixels a square), which is what a board
/// repeats.
pub(super) fn encode_indexed_png(canvas: &Canvas, cell: u32) -> Vec<u8> {
    let (w, h) = (canvas.w as usize, canvas.h as usize);
    // Each row behind its filter byte (0, none).
    let mut rows = Vec::with_capacity((w + 1) * h);
    for line in canvas.buf.chunks_exact(w.max(1)).take(h) {
        rows.push(0);
        rows.extend_from_slice(line);
    }
    let idat = super::deflate::zlib(&rows, &[w + 1, 1, 2 * cell as usize]);
    let mut out = Vec::with_capacity(idat.len() + 1024);
    out.extend(b"\x89PNG\r\n\x1a\n");
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend(canvas.w.to_be_bytes());
    ihdr.extend(canvas.h.to_be_bytes());
    // 8 bits, palette colour, deflate, standard filters, no interlacing.
    ihdr.extend([8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"PLTE", &palette_rgb());
    chunk(&mut out, b"IDAT", &idat);
    chunk(&mut out, b"IEND", &[]);
    out
}

/// A PNG chunk: length, type, data, and the CRC of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend((data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend(kind);
    out.extend(data);
    let crc = crc32fast::hash(&out[start..]);
    out.extend(crc.to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_colours_are_exact_in_the_palette() {
        for k in key_colours() {
            assert_eq!(palette_colour(palette_index(k)), k, "{k:?}");
        }
        // Nothing was cut to fit: keys, ramps and cube all hold their place.
        let wanted = dedup(
            key_colours()
                .into_iter()
                .chain(ramp_colours())
                .chain(CUBE.iter().flat_map(|&r| {
                    CUBE.iter()
                        .flat_map(move |&g| CUBE.iter().map(move |&b| [r, g, b]))
                }))
                .collect(),
        );
        assert!(wanted.len() <= TRANSPARENT as usize, "{}", wanted.len());
        assert_eq!(palette().colours().len(), 256);
        // No drawn colour ever takes the transparent index.
        let lut = lut();
        for b in 0..1 << 15 {
            let c = [
                (b >> 10 << 3) as u8,
                ((b >> 5 & 31) << 3) as u8,
                ((b & 31) << 3) as u8,
            ];
            assert_ne!(lut.get(c), TRANSPARENT);
        }
    }

    /// The IDAT chunk's data (a board's PNG has one).
    fn idat(png: &[u8]) -> &[u8] {
        let mut at = 8;
        while at + 8 <= png.len() {
            let len = u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
            let data = &png[at + 8..at + 8 + len as usize];
            if &png[at + 4..at + 8] == b"IDAT" {
                return data;
            }
            at += 12 + len as usize;
        }
        panic!("no IDAT")
    }

    #[test]
    fn indexed_pngs_decode_to_their_indices() {
        // Flat areas, runs, noise (literals only) and a repeated cell, at odd sizes.
        for (w, h) in [(1, 1), (7, 3), (300, 41), (61, 700)] {
            let mut c = indexed_canvas(w, h, colours::FRAME);
            let mut seed = 0x2545_f491u32;
            for (k, px) in c.buf.iter_mut().enumerate() {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                let (x, y) = (k % w as usize, k / w as usize);
                *px = match (y / 10) % 3 {
                    0 => (x / 9) as u8,
                    1 => (seed % 254) as u8,
                    _ => ((x % 20) * 3 + y % 2) as u8,
                };
            }
            let png = encode_indexed_png(&c, 10);
            let rows = miniz_oxide::inflate::decompress_to_vec_zlib(idat(&png)).expect("zlib");
            let stride = w as usize + 1;
            assert_eq!(rows.len(), stride * h as usize);
            for (y, row) in rows.chunks(stride).enumerate() {
                assert_eq!(row[0], 0);
                assert_eq!(row[1..], c.buf[y * (w as usize)..(y + 1) * (w as usize)]);
            }
            let img = image::load_from_memory(&png).expect("png").to_rgb8();
            assert_eq!((img.width(), img.height()), (w, h));
            assert_eq!(img.get_pixel(0, 0).0, palette_colour(c.buf[0]));
        }
    }
}
