//! Animated boards: a list of public [`View`]s in, GIF bytes out. Each frame is drawn by
//! the same renderer as the PNG boards and mapped onto one fixed palette (the board's
//! own colours exactly, ramps and a colour cube for the anti-aliased edges), so no frame
//! is ever quantised on its own; each frame after the first is stored as the rectangle
//! that changed, its unchanged pixels transparent.

use super::canvas::{mix, Rgb};
use super::{colours, piece_colours, render_canvas, tone_colour, RenderError, RenderOptions};
use crate::core::view::{Tone, View, Viewer};
use crate::core::Side;
use crate::i18n::Lang;
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::OnceLock;

/// How an animation is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GifOptions {
    /// Board size in pixels, as for the PNG boards.
    pub size: u32,
    /// The side drawn at the bottom, the same in every frame.
    pub bottom: Side,
    /// How long each turn is shown, in milliseconds.
    pub frame_ms: u32,
    /// How long the last frame stays before the animation starts again.
    pub last_ms: u32,
}

impl Default for GifOptions {
    fn default() -> Self {
        GifOptions {
            size: 384,
            bottom: Side::White,
            frame_ms: 800,
            last_ms: 4000,
        }
    }
}

/// The palette index kept for "unchanged since the previous frame".
const TRANSPARENT: u8 = 255;
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

/// A hollow badge's label (`badge_pill`).
fn hollow_label(tone: Tone) -> Rgb {
    mix(tone_colour(tone), [255, 255, 255], 110)
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
        short.push((tone, super::label_colour(tone)));
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
struct Lut {
    pal: &'static Palette,
}

impl Lut {
    fn new() -> Lut {
        Lut { pal: palette() }
    }

    #[inline]
    fn get(&self, c: Rgb) -> u8 {
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
pub(crate) fn palette_rgb() -> Vec<u8> {
    palette().colours[..TRANSPARENT as usize]
        .iter()
        .flatten()
        .copied()
        .collect()
}

/// Maps a whole RGB8 image of `w` x `h` pixels onto palette indices, one byte a pixel
/// (no transparency): the board PNGs. Most of a board repeats the row above (squares,
/// bars, the sides of a piece), so each block of pixels equal to the one above copies
/// its indices; the rest costs one lookup per change of colour.
pub(crate) fn quantise_image(rgb: &[u8], w: usize, h: usize) -> Vec<u8> {
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

/// Maps pixels `x0..x1` of row `y` of an RGB8 buffer onto palette indices, writing
/// `TRANSPARENT` where `prev` (the previous frame, if any) has the same colour: those
/// pixels show through from before. Runs of one colour cost one lookup.
#[allow(clippy::too_many_arguments)]
fn quantise_row(
    lut: &Lut,
    rgb: &[u8],
    prev: Option<&[u8]>,
    w: usize,
    y: usize,
    (x0, x1): (usize, usize),
    out: &mut Vec<u8>,
) {
    let row = &rgb[(y * w + x0) * 3..(y * w + x1) * 3];
    let before = prev.map(|p| &p[(y * w + x0) * 3..(y * w + x1) * 3]);
    let mut last: Option<(Rgb, u8)> = None;
    for (k, px) in row.chunks_exact(3).enumerate() {
        if before.is_some_and(|b| &b[k * 3..k * 3 + 3] == px) {
            out.push(TRANSPARENT);
            continue;
        }
        let c = [px[0], px[1], px[2]];
        let i = match last {
            Some((l, i)) if l == c => i,
            _ => {
                let i = lut.get(c);
                last = Some((c, i));
                i
            }
        };
        out.push(i);
    }
}

fn gif_error(e: impl std::fmt::Display) -> RenderError {
    RenderError::Encode(e.to_string())
}

/// Draws one frame per view, from `options.bottom`'s side, and encodes the animation:
/// each frame shows `frame_ms`, the last `last_ms`, then it starts again. Only public
/// views are drawn; a player's private view is refused, so no secret can slip in.
/// The frames' words are in English.
pub fn render_gif(frames: &[View], options: &GifOptions) -> Result<Vec<u8>, RenderError> {
    render_gif_in(frames, options, Lang::En)
}

/// [`render_gif`] with the frames' words in `lang`.
pub fn render_gif_in(
    frames: &[View],
    options: &GifOptions,
    lang: Lang,
) -> Result<Vec<u8>, RenderError> {
    let first = frames
        .first()
        .ok_or_else(|| RenderError::Encode("an animation needs at least one frame".into()))?;
    if frames.iter().any(|v| v.viewer != Viewer::Public) {
        return Err(RenderError::Encode(
            "an animation is drawn from public views only".into(),
        ));
    }
    let render = RenderOptions {
        size: options.size,
        orientation: Some(options.bottom),
    };
    let layout = super::Layout::for_view(first, &render);
    let (w, h) = (layout.width as usize, layout.height as usize);
    let w16 = u16::try_from(w).map_err(gif_error)?;
    let h16 = u16::try_from(h).map_err(gif_error)?;
    let centis = |ms: u32| u16::try_from(ms / 10).unwrap_or(u16::MAX);
    // Two stages on two threads: this one draws each frame and finds what changed,
    // the other compresses and writes; compressing costs about as much as drawing.
    let (to_writer, frames_in) = std::sync::mpsc::sync_channel::<gif::Frame<'static>>(4);
    std::thread::scope(|scope| {
        let writer = scope.spawn(move || write_frames(w16, h16, frames_in));
        let drawn = (|| -> Result<(), RenderError> {
            let lut = Lut::new();
            let mut prev: Vec<u8> = Vec::new();
            for (n, view) in frames.iter().enumerate() {
                let canvas = render_canvas(view, &render, lang);
                if canvas.w as usize != w || canvas.h as usize != h {
                    return Err(RenderError::Encode(
                        "the frames of an animation differ in size".into(),
                    ));
                }
                let last = n + 1 == frames.len();
                let mut frame = gif::Frame {
                    delay: centis(if last {
                        options.last_ms
                    } else {
                        options.frame_ms
                    }),
                    dispose: gif::DisposalMethod::Keep,
                    ..gif::Frame::default()
                };
                let mut sub = Vec::new();
                let rect = if prev.is_empty() {
                    sub.reserve(w * h);
                    for y in 0..h {
                        quantise_row(&lut, &canvas.buf, None, w, y, (0, w), &mut sub);
                    }
                    (0, 0, w, h)
                } else {
                    frame.transparent = Some(TRANSPARENT);
                    match changed_rect(&prev, &canvas.buf, w, h) {
                        Some((x0, y0, x1, y1)) => {
                            sub.reserve((x1 - x0) * (y1 - y0));
                            for y in y0..y1 {
                                let p = Some(prev.as_slice());
                                quantise_row(&lut, &canvas.buf, p, w, y, (x0, x1), &mut sub);
                            }
                            (x0, y0, x1, y1)
                        }
                        None => {
                            // Nothing changed (a pass): one transparent pixel keeps the
                            // timing.
                            sub.push(TRANSPARENT);
                            (0, 0, 1, 1)
                        }
                    }
                };
                let (x0, y0, x1, y1) = rect;
                // In range: the rectangle lies inside the u16-sized frame.
                frame.left = x0 as u16;
                frame.top = y0 as u16;
                frame.width = (x1 - x0) as u16;
                frame.height = (y1 - y0) as u16;
                frame.buffer = std::borrow::Cow::Owned(sub);
                if to_writer.send(frame).is_err() {
                    // The writer stopped on an error, which it reports.
                    break;
                }
                prev = canvas.buf;
            }
            Ok(())
        })();
        drop(to_writer);
        let written = writer
            .join()
            .map_err(|_| RenderError::Encode("the GIF writer failed".into()))?;
        drawn.and(written)
    })
}

/// Compresses and writes the frames it receives, in order, as one looping GIF.
fn write_frames(
    w: u16,
    h: u16,
    frames: std::sync::mpsc::Receiver<gif::Frame<'static>>,
) -> Result<Vec<u8>, RenderError> {
    let pal: Vec<u8> = palette().colours.iter().flatten().copied().collect();
    let mut out = Vec::new();
    {
        let mut enc = gif::Encoder::new(&mut out, w, h, &pal).map_err(gif_error)?;
        enc.set_repeat(gif::Repeat::Infinite).map_err(gif_error)?;
        for mut frame in frames {
            frame.buffer = std::borrow::Cow::Owned(lzw(&frame.buffer));
            enc.write_lzw_pre_encoded_frame(&frame).map_err(gif_error)?;
        }
    }
    Ok(out)
}

/// GIF's LZW for 8-bit indices, tuned for frames that are mostly one long run of the
/// transparent index: a run extends through the dictionary's run codes in one step
/// instead of one lookup a pixel. Returns the minimum code size byte, then the codes.
fn lzw(data: &[u8]) -> Vec<u8> {
    const MIN: u32 = 8;
    const CLEAR: u16 = 1 << MIN;
    const END: u16 = CLEAR + 1;
    const FIRST: u16 = CLEAR + 2;
    const FULL: u16 = 4096;
    const SLOTS: usize = 8192;
    let mut out = Vec::with_capacity(data.len() / 8 + 16);
    out.push(MIN as u8);
    let (mut bits, mut nbits) = (0u32, 0u32);
    let mut width = MIN + 1;
    let mut next = FIRST;
    // Entries (prefix code, byte) -> code, open addressing; 0 is empty.
    let mut table = vec![0u32; SLOTS];
    // For each byte, the codes of its runs: `runs[b][k - 1]` spells `b` k times.
    let mut runs: Vec<Vec<u16>> = (0..=255u16).map(|b| vec![b]).collect();
    // For each code, the run it spells (`(byte, length)`), if it is one.
    let mut run_of: Vec<(u8, u16)> = (0..FULL)
        .map(|c| if c < CLEAR { (c as u8, 1) } else { (0, 0) })
        .collect();
    let slot = |key: u32| ((key.wrapping_mul(0x9E37_79B1)) >> 19) as usize & (SLOTS - 1);
    let mut emit = |code: u16, width: u32, out: &mut Vec<u8>| {
        bits |= u32::from(code) << nbits;
        nbits += width;
        while nbits >= 8 {
            out.push(bits as u8);
            bits >>= 8;
            nbits -= 8;
        }
    };
    emit(CLEAR, width, &mut out);
    let Some((&first, rest)) = data.split_first() else {
        emit(END, width, &mut out);
        if nbits > 0 {
            out.push(bits as u8);
        }
        return out;
    };
    let mut current = u16::from(first);
    let mut i = 0;
    while i < rest.len() {
        let x = rest[i];
        let (rb, rlen) = run_of[current as usize];
        if rlen > 0 && rb == x {
            // The current string is a run of `x` and `x` follows: take the longest
            // run code that the input allows.
            let known = runs[x as usize].len();
            let room = known - rlen as usize;
            if room > 0 {
                let ahead = rest[i..].iter().take(room).take_while(|&&b| b == x).count();
                current = runs[x as usize][rlen as usize + ahead - 1];
                i += ahead;
                continue;
            }
        } else {
            let key = (u32::from(current) << 8 | u32::from(x)) + 1;
            let mut s = slot(key);
            let mut found = None;
            while table[s] != 0 {
                if table[s] >> 12 == key {
                    found = Some((table[s] & 0xFFF) as u16);
                    break;
                }
                s = (s + 1) & (SLOTS - 1);
            }
            if let Some(code) = found {
                current = code;
                i += 1;
                continue;
            }
        }
        // Not in the dictionary: write the current string, add it with `x`.
        emit(current, width, &mut out);
        if next > (1 << width) - 1 && width < 12 {
            width += 1;
        }
        if next < FULL {
            if rlen > 0 && rb == x {
                runs[x as usize].push(next);
                run_of[next as usize] = (x, rlen + 1);
            } else {
                let key = (u32::from(current) << 8 | u32::from(x)) + 1;
                let mut s = slot(key);
                while table[s] != 0 {
                    s = (s + 1) & (SLOTS - 1);
                }
                table[s] = key << 12 | u32::from(next);
                run_of[next as usize] = (0, 0);
            }
            next += 1;
        } else {
            emit(CLEAR, width, &mut out);
            width = MIN + 1;
            next = FIRST;
            table.fill(0);
            for (b, r) in runs.iter_mut().enumerate() {
                r.clear();
                r.push(b as u16);
            }
        }
        current = u16::from(x);
        i += 1;
    }
    emit(current, width, &mut out);
    if next > (1 << width) - 1 && width < 12 {
        width += 1;
    }
    emit(END, width, &mut out);
    if nbits > 0 {
        out.push(bits as u8);
    }
    out
}

/// The smallest pixel rectangle `(x0, y0, x1, y1)` holding every pixel that differs
/// between two RGB8 buffers of `w` x `h` pixels.
fn changed_rect(
    prev: &[u8],
    cur: &[u8],
    w: usize,
    h: usize,
) -> Option<(usize, usize, usize, usize)> {
    let stride = w * 3;
    if prev.len() != cur.len() || prev.len() < stride * h {
        return None;
    }
    let row = |y: usize| {
        (
            &prev[y * stride..(y + 1) * stride],
            &cur[y * stride..(y + 1) * stride],
        )
    };
    let differs = |y: usize| {
        let (a, b) = row(y);
        a != b
    };
    let y0 = (0..h).find(|&y| differs(y))?;
    let y1 = (y0..h)
        .rev()
        .find(|&y| differs(y))
        .map_or(y0 + 1, |y| y + 1);
    let mut x0 = w;
    let mut x1 = 0;
    for y in y0..y1 {
        let (a, b) = row(y);
        if a == b {
            continue;
        }
        let first = (0..x0).find(|&x| a[x * 3..x * 3 + 3] != b[x * 3..x * 3 + 3]);
        if let Some(first) = first {
            x0 = first;
        }
        let last = (x1.max(x0)..w)
            .rev()
            .find(|&x| a[x * 3..x * 3 + 3] != b[x * 3..x * 3 + 3]);
        if let Some(last) = last {
            x1 = last + 1;
        }
    }
    Some((x0, y0, x1.max(x0 + 1), y1))
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

    /// Decodes one frame of `w` x `h` indices written by [`lzw`].
    fn round_trip(data: &[u8], w: u16, h: u16) -> Vec<u8> {
        let pal = vec![0u8; 768];
        let mut out = Vec::new();
        {
            let mut enc = gif::Encoder::new(&mut out, w, h, &pal).expect("encoder");
            let frame = gif::Frame {
                width: w,
                height: h,
                buffer: std::borrow::Cow::Owned(lzw(data)),
                ..gif::Frame::default()
            };
            enc.write_lzw_pre_encoded_frame(&frame).expect("frame");
        }
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut dec = options.read_info(out.as_slice()).expect("a GIF");
        let frame = dec.read_next_frame().expect("decodes").expect("a frame");
        frame.buffer.to_vec()
    }

    #[test]
    fn lzw_round_trips_runs_noise_and_full_dictionaries() {
        // Long runs, short runs, islands, and noise that fills the dictionary (clears).
        let mut state = 7u32;
        let mut noise = || {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (state >> 16) as u8
        };
        let mut data = vec![TRANSPARENT; 300 * 200];
        for (i, px) in data.iter_mut().enumerate() {
            let (x, y) = (i % 300, i / 300);
            if y % 40 < 9 && x % 70 < 25 {
                *px = (x % 5) as u8 + 20;
            }
            if y > 150 {
                *px = noise();
            }
            if y == 120 {
                *px = 3;
            }
        }
        assert_eq!(round_trip(&data, 300, 200), data);
        let runs: Vec<u8> = (0..20_000u32).map(|i| (i / 700 % 3) as u8).collect();
        assert_eq!(round_trip(&runs, 200, 100), runs);
        let one = vec![TRANSPARENT; 1];
        assert_eq!(round_trip(&one, 1, 1), one);
        let all: Vec<u8> = (0..=255u8).cycle().take(256 * 64).collect();
        assert_eq!(round_trip(&all, 256, 64), all);
    }

    #[test]
    fn changed_rect_finds_the_difference() {
        let a = vec![0u8; 60];
        let mut b = a.clone();
        assert_eq!(changed_rect(&a, &b, 5, 4), None);
        b[7 * 3 + 2] = 1; // (2, 1)
        b[13 * 3] = 1; // (3, 2)
        assert_eq!(changed_rect(&a, &b, 5, 4), Some((2, 1, 4, 3)));
        b[5 * 3] = 1; // (0, 1)
        assert_eq!(changed_rect(&a, &b, 5, 4), Some((0, 1, 4, 3)));
    }
}
