//! Animated boards: a list of per-turn [`View`]s in, GIF bytes out. Each frame is drawn
//! by the same renderer as the PNG boards, mapped onto one fixed palette (the board's
//! own colours exactly, a colour cube for the anti-aliased edges) and stored as the
//! rectangle that changed since the previous frame, unchanged pixels transparent.

use super::canvas::{mix, Rgb};
use super::{colours, piece_colours, render_canvas, RenderError, RenderOptions};
use crate::core::view::View;
use crate::core::Side;
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
            last_ms: 3000,
        }
    }
}

/// The palette index left for "unchanged since the previous frame".
const TRANSPARENT: u8 = 255;
/// Levels of the colour cube that covers anti-aliased edges.
const CUBE: [u8; 6] = [0, 51, 102, 153, 204, 255];

/// The fixed palette and its colour lookup (5 bits a channel).
struct Palette {
    colours: Vec<Rgb>,
    lut: Vec<u8>,
}

fn bucket(c: Rgb) -> usize {
    ((c[0] as usize >> 3) << 10) | ((c[1] as usize >> 3) << 5) | (c[2] as usize >> 3)
}

fn distance(a: Rgb, b: Rgb) -> u32 {
    let d = |i: usize| (a[i] as i32 - b[i] as i32).unsigned_abs();
    // Green weighs most, blue least, roughly as the eye does.
    3 * d(0) * d(0) + 4 * d(1) * d(1) + 2 * d(2) * d(2)
}

/// The colours boards are made of, drawn exactly: squares and their tints, frame,
/// bars, text, pieces, badges.
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
        colours::LAST_MOVE,
        colours::FROZEN,
        colours::JUMP,
        colours::SETUP,
        colours::WICKET,
        colours::WICKET_RIM,
        [255, 255, 255],
        [0, 0, 0],
        [20, 20, 24],
        [30, 30, 30],
        [16, 28, 12],
        [112, 116, 124],
        [64, 96, 214],
        [150, 96, 44],
        [52, 140, 60],
        [40, 160, 190],
        [232, 132, 20],
        [236, 196, 40],
        [132, 64, 200],
        [168, 36, 36],
        [30, 120, 70],
        [128, 122, 114],
    ];
    for side in Side::BOTH {
        let (fill, line) = piece_colours(side);
        keys.extend([fill, line]);
    }
    for square in [colours::LIGHT_SQUARE, colours::DARK_SQUARE] {
        keys.push(mix(square, colours::LAST_MOVE, colours::LAST_MOVE_ALPHA));
        keys.push(mix(square, colours::FROZEN, 130));
        keys.push(mix(square, colours::FROZEN, 50));
        keys.push(mix(square, colours::JUMP, 70));
    }
    keys.push(mix(
        colours::WICKET,
        colours::LAST_MOVE,
        colours::LAST_MOVE_ALPHA,
    ));
    let mut seen = Vec::new();
    keys.retain(|k| {
        let new = !seen.contains(k);
        seen.push(*k);
        new
    });
    keys
}

fn palette() -> &'static Palette {
    static PALETTE: OnceLock<Palette> = OnceLock::new();
    PALETTE.get_or_init(|| {
        let keys = key_colours();
        let mut colours = keys.clone();
        'cube: for r in CUBE {
            for g in CUBE {
                for b in CUBE {
                    if colours.len() >= TRANSPARENT as usize {
                        break 'cube;
                    }
                    let c = [r, g, b];
                    if !colours.contains(&c) {
                        colours.push(c);
                    }
                }
            }
        }
        let mut lut = vec![0u8; 1 << 15];
        for (i, slot) in lut.iter_mut().enumerate() {
            let centre = [
                ((i >> 10) as u8) << 3 | 4,
                (((i >> 5) & 31) as u8) << 3 | 4,
                ((i & 31) as u8) << 3 | 4,
            ];
            let best = colours
                .iter()
                .enumerate()
                .min_by_key(|(_, c)| distance(**c, centre))
                .map_or(0, |(j, _)| j);
            *slot = best as u8;
        }
        // The board's own colours come back exactly.
        for (j, k) in keys.iter().enumerate() {
            lut[bucket(*k)] = j as u8;
        }
        while colours.len() <= TRANSPARENT as usize {
            colours.push([0, 0, 0]);
        }
        Palette { colours, lut }
    })
}

/// The palette index a colour is drawn with.
pub fn palette_index(c: Rgb) -> u8 {
    palette().lut[bucket(c)]
}

/// The colour of a palette index.
pub fn palette_colour(i: u8) -> Rgb {
    palette().colours[i as usize]
}

/// Maps an RGB8 buffer onto palette indices; runs of one colour cost one lookup.
fn quantise(rgb: &[u8], out: &mut Vec<u8>) {
    let lut = &palette().lut;
    out.clear();
    out.reserve(rgb.len() / 3);
    let mut last = [0u8, 0, 0];
    let mut last_index = lut[0];
    for px in rgb.chunks_exact(3) {
        let c = [px[0], px[1], px[2]];
        if c != last {
            last = c;
            last_index = lut[bucket(c)];
        }
        out.push(last_index);
    }
}

fn gif_error(e: impl std::fmt::Display) -> RenderError {
    RenderError::Encode(e.to_string())
}

/// Draws one frame per view, from `options.bottom`'s side, and encodes the animation.
/// Views are drawn as given: pass public views only.
pub fn render_gif(frames: &[View], options: &GifOptions) -> Result<Vec<u8>, RenderError> {
    let first = frames
        .first()
        .ok_or_else(|| RenderError::Encode("an animation needs at least one frame".into()))?;
    let render = RenderOptions {
        size: options.size,
        orientation: Some(options.bottom),
    };
    let layout = super::Layout::for_view(first, &render);
    let (w, h) = (layout.width, layout.height);
    let too_big = |n: u32| u16::try_from(n).map_err(gif_error);
    let (w16, h16) = (too_big(w)?, too_big(h)?);
    let pal: Vec<u8> = palette().colours.iter().flatten().copied().collect();
    let mut out = Vec::new();
    {
        let mut enc = gif::Encoder::new(&mut out, w16, h16, &pal).map_err(gif_error)?;
        enc.set_repeat(gif::Repeat::Infinite).map_err(gif_error)?;
        let mut prev: Vec<u8> = Vec::new();
        let mut cur: Vec<u8> = Vec::new();
        let mut sub: Vec<u8> = Vec::new();
        for (n, view) in frames.iter().enumerate() {
            let canvas = render_canvas(view, &render);
            if canvas.w != w || canvas.h != h {
                return Err(RenderError::Encode(
                    "the frames of an animation differ in size".into(),
                ));
            }
            quantise(&canvas.buf, &mut cur);
            let last = n + 1 == frames.len();
            let ms = if last {
                options.last_ms
            } else {
                options.frame_ms
            };
            let delay = u16::try_from(ms / 10).unwrap_or(u16::MAX);
            let mut frame = gif::Frame {
                delay,
                dispose: gif::DisposalMethod::Keep,
                ..gif::Frame::default()
            };
            match changed_rect(&prev, &cur, w as usize, h as usize) {
                _ if prev.is_empty() => {
                    frame.width = w16;
                    frame.height = h16;
                    frame.buffer = std::borrow::Cow::Borrowed(&cur);
                    enc.write_frame(&frame).map_err(gif_error)?;
                }
                None => {
                    // Nothing moved (a pass): one transparent pixel keeps the timing.
                    frame.width = 1;
                    frame.height = 1;
                    frame.transparent = Some(TRANSPARENT);
                    sub.clear();
                    sub.push(TRANSPARENT);
                    frame.buffer = std::borrow::Cow::Borrowed(&sub);
                    enc.write_frame(&frame).map_err(gif_error)?;
                }
                Some((x0, y0, x1, y1)) => {
                    sub.clear();
                    for y in y0..y1 {
                        let row = y * w as usize;
                        for x in x0..x1 {
                            let (p, c) = (prev[row + x], cur[row + x]);
                            sub.push(if p == c { TRANSPARENT } else { c });
                        }
                    }
                    frame.left = x0 as u16;
                    frame.top = y0 as u16;
                    frame.width = (x1 - x0) as u16;
                    frame.height = (y1 - y0) as u16;
                    frame.transparent = Some(TRANSPARENT);
                    frame.buffer = std::borrow::Cow::Borrowed(&sub);
                    enc.write_frame(&frame).map_err(gif_error)?;
                }
            }
            std::mem::swap(&mut prev, &mut cur);
        }
    }
    Ok(out)
}

/// The smallest rectangle `(x0, y0, x1, y1)` holding every changed pixel.
fn changed_rect(prev: &[u8], cur: &[u8], w: usize, h: usize) -> Option<(usize, usize, usize, usize)> {
    if prev.len() != cur.len() || prev.is_empty() {
        return None;
    }
    let rows = |y: usize| &prev[y * w..(y + 1) * w] != &cur[y * w..(y + 1) * w];
    let y0 = (0..h).find(|&y| rows(y))?;
    let y1 = (y0..h).rev().find(|&y| rows(y)).map_or(y0 + 1, |y| y + 1);
    let mut x0 = w;
    let mut x1 = 0;
    for y in y0..y1 {
        let (a, b) = (&prev[y * w..(y + 1) * w], &cur[y * w..(y + 1) * w]);
        if let Some(first) = (0..w).find(|&x| a[x] != b[x]) {
            x0 = x0.min(first);
            let last = (first..w).rev().find(|&x| a[x] != b[x]).unwrap_or(first);
            x1 = x1.max(last + 1);
        }
    }
    Some((x0, y0, x1, y1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_colours_are_exact_in_the_palette() {
        for k in key_colours() {
            assert_eq!(palette_colour(palette_index(k)), k, "{k:?}");
        }
        assert!(palette().colours.len() == 256);
    }

    #[test]
    fn changed_rect_finds_the_difference() {
        let a = vec![0u8; 20];
        let mut b = a.clone();
        assert_eq!(changed_rect(&a, &b, 5, 4), None);
        b[7] = 1; // (2, 1)
        b[13] = 1; // (3, 2)
        assert_eq!(changed_rect(&a, &b, 5, 4), Some((2, 1, 4, 3)));
    }
}
