//! The fixed palette every board picture is drawn on: the board's own colours exactly,
//! ramps between colours that meet at anti-aliased edges, and a colour cube for the
//! rest. The GIF animations index their frames on it, and the PNG boards are written as
//! indexed images on it (`encode_indexed_png`), so both show the same colours.

use super::badges::{hollow_label, label_colour};
use super::canvas::{mix, Canvas, Rgb};
use super::{colours, piece_colours, tone_colour};
use crate::core::view::Tone;
use crate::core::Side;
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::OnceLock;

/// The palette index kept for "unchanged since the previous frame".
pub(super) const TRANSPARENT: u8 = 255;
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

/// The fixed palette and its colour lookup (5 bits a channel).
struct Palette {
    colours: Vec<Rgb>,
    /// Per 5-bit bucket: the index of the one key colour in it, `SHARED` when several
    /// key colours fall in it, else the nearest colour's index once some frame met the
    /// bucket (`UNKNOWN` before). Shared by every frame and thread: a board uses a few
    /// hundred buckets of the 32,768, so each is found once per process, not per frame.
    /// Threads that meet a bucket at once store the same index, so relaxed is enough.
    index: Vec<AtomicU16>,
    /// The key colours of the `SHARED` buckets with their indices, told apart exactly.
    shared: Vec<(Rgb, u8)>,
}

fn bucket(c: Rgb) -> usize {
    ((c[0] as usize >> 3) << 10) | ((c[1] as usize >> 3) << 5) | (c[2] as usize >> 3)
}

fn distance(a: Rgb, b: Rgb) -> u32 {
    let d = |i: usize| (a[i] as i32 - b[i] as i32).unsigned_abs();
    // Green weighs most, blue least, roughly as the eye does.
    3 * d(0) * d(0) + 4 * d(1) * d(1) + 2 * d(2) * d(2)
}

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
        let mut colours = dedup(all);
        // Never more than the indices below the transparent one (a test keeps the
        // lists short enough that nothing is cut).
        colours.truncate(TRANSPARENT as usize);
        // The board's own colours come back exactly (keys come first in the list);
        // every other bucket is found when first met (see `Lut`).
        let mut keyed = vec![UNKNOWN; 1 << 15];
        let mut shared = Vec::new();
        for (j, k) in keys.iter().enumerate() {
            let slot = &mut keyed[bucket(*k)];
            *slot = if *slot == UNKNOWN { j as u16 } else { SHARED };
        }
        for (j, k) in keys.iter().enumerate() {
            if keyed[bucket(*k)] == SHARED {
                shared.push((*k, j as u8));
            }
        }
        while colours.len() <= TRANSPARENT as usize {
            colours.push([0, 0, 0]);
        }
        Palette {
            colours,
            index: keyed.into_iter().map(AtomicU16::new).collect(),
            shared,
        }
    })
}

/// A bucket whose palette index is not found yet.
const UNKNOWN: u16 = 0x100;
/// A bucket holding several key colours: each is looked up exactly.
const SHARED: u16 = 0x200;

/// The centre colour of a bucket.
fn centre(b: usize) -> Rgb {
    [
        ((b >> 10) as u8) << 3 | 4,
        (((b >> 5) & 31) as u8) << 3 | 4,
        ((b & 31) as u8) << 3 | 4,
    ]
}

/// The nearest palette colour (the transparent index excluded).
fn nearest(pal: &Palette, centre: Rgb) -> u8 {
    pal.colours[..TRANSPARENT as usize]
        .iter()
        .enumerate()
        .min_by_key(|(_, c)| distance(**c, centre))
        .map_or(0, |(j, _)| j as u8)
}

/// Colour to palette index, filled as colours are met (see `Palette::index`).
pub(super) struct Lut {
    pal: &'static Palette,
}

impl Lut {
    pub(super) fn new() -> Lut {
        Lut { pal: palette() }
    }

    #[inline]
    pub(super) fn get(&self, c: Rgb) -> u8 {
        let b = bucket(c);
        match self.pal.index[b].load(Ordering::Relaxed) {
            UNKNOWN => {
                let found = nearest(self.pal, centre(b));
                self.pal.index[b].store(u16::from(found), Ordering::Relaxed);
                found
            }
            SHARED => match self.pal.shared.iter().find(|(k, _)| *k == c) {
                Some((_, i)) => *i,
                None => nearest(self.pal, c),
            },
            // In range: every other entry is an index below the transparent one.
            i => i as u8,
        }
    }
}

/// The palette index a colour is drawn with.
pub fn palette_index(c: Rgb) -> u8 {
    Lut::new().get(c)
}

/// The colour of a palette index.
pub fn palette_colour(i: u8) -> Rgb {
    palette().colours[i as usize]
}

/// The palette's colours as `r, g, b` bytes, every index a drawn colour may take (the
/// transparent one left out), for an indexed PNG's `PLTE`.
fn palette_rgb() -> Vec<u8> {
    palette().colours[..TRANSPARENT as usize]
        .iter()
        .flatten()
        .copied()
        .collect()
}

/// All 256 colours as `r, g, b` bytes, the transparent index's included: a GIF's
/// global colour table.
pub(super) fn gif_palette() -> Vec<u8> {
    palette().colours.iter().flatten().copied().collect()
}

/// Maps a whole RGB8 image of `w` x `h` pixels onto palette indices, one byte a pixel
/// (no transparency): the board PNGs. Most of a board repeats the row above (squares,
/// bars, the sides of a piece), so each block of pixels equal to the one above copies
/// its indices; the rest costs one lookup per change of colour.
fn quantise_image(rgb: &[u8], w: usize, h: usize) -> Vec<u8> {
    /// Pixels compared with the row above at once.
    const BLOCK: usize = 16;
    let lut = Lut::new();
    let stride = w * 3;
    let h = h.min(rgb.len() / stride.max(1));
    let mut out = vec![0u8; w * h];
    let mut last: (Rgb, u8) = ([0, 0, 0], lut.get([0, 0, 0]));
    for y in 0..h {
        let row = &rgb[y * stride..(y + 1) * stride];
        let (done, rest) = out.split_at_mut(y * w);
        let line = &mut rest[..w];
        let above = y
            .checked_sub(1)
            .map(|p| (&rgb[p * stride..y * stride], &done[p * w..]));
        let mut x = 0;
        while x < w {
            let end = (x + BLOCK).min(w);
            if let Some((pixels, indices)) = above {
                if row[x * 3..end * 3] == pixels[x * 3..end * 3] {
                    line[x..end].copy_from_slice(&indices[x..end]);
                    x = end;
                    continue;
                }
            }
            for (o, px) in line[x..end]
                .iter_mut()
                .zip(row[x * 3..end * 3].chunks_exact(3))
            {
                let c = [px[0], px[1], px[2]];
                if c != last.0 {
                    last = (c, lut.get(c));
                }
                *o = last.1;
            }
            x = end;
        }
    }
    out
}

/// Writes the image as an 8-bit indexed PNG on this palette ([`quantise_image`]): the
/// board's own colours exactly, its soft edges on the palette's ramps and cube. Flat
/// colour filters to zeros and deflates fast.
pub(super) fn encode_indexed_png(canvas: &Canvas) -> Result<Vec<u8>, png::EncodingError> {
    let (w, h) = (canvas.w as usize, canvas.h as usize);
    let indices = quantise_image(&canvas.buf, w, h);
    let mut out = Vec::with_capacity(32 * 1024);
    let mut enc = png::Encoder::new(&mut out, canvas.w, canvas.h);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(palette_rgb());
    // Measured on every game's midgame board (docs/board-image.md): Paeth leaves
    // the fewest bytes that are not zero, which is what the fast deflate (fdeflate,
    // runs of zeros and literals) pays for; None and Sub come out 2-8 times larger.
    enc.set_filter(png::Filter::Paeth);
    enc.set_deflate_compression(png::DeflateCompression::FdeflateUltraFast);
    let mut writer = enc.write_header()?;
    writer.write_image_data(&indices)?;
    writer.finish()?;
    Ok(out)
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
        assert_eq!(palette().colours.len(), 256);
        // No drawn colour ever takes the transparent index.
        let lut = Lut::new();
        for b in 0..1 << 15 {
            let c = [
                (b >> 10 << 3) as u8,
                ((b >> 5 & 31) << 3) as u8,
                ((b & 31) << 3) as u8,
            ];
            assert_ne!(lut.get(c), TRANSPARENT);
        }
    }
}
