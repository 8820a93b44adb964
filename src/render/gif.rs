//! Animated boards: a list of public [`View`]s in, GIF bytes out. Each frame is drawn by
//! the same renderer as the PNG boards and mapped onto one fixed palette (the board's
//! own colours exactly, ramps and a colour cube for the anti-aliased edges), so no frame
//! is ever quantised on its own; each frame after the first is stored as the rectangle
//! that changed, its unchanged pixels transparent.

use super::canvas::Rgb;
use super::lut::{Lut, TRANSPARENT};
use super::lzw::lzw;
use super::palette::{gif_palette, lut};
use super::{render_canvas, RenderError, RenderOptions};
use crate::core::view::{View, Viewer};
use crate::core::Side;
use crate::i18n::Lang;

pub use super::palette::{palette_colour, palette_index};

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
            let lut = lut();
            let mut prev: Vec<u8> = Vec::new();
            for (n, view) in frames.iter().enumerate() {
                let canvas = render_canvas(view, &render, lang, super::Canvas::new);
                if canvas.w as usize != w || canvas.h as usize != h {
                    return Err(RenderError::Encode(
                        "the frames of an animation differ in size".into(),
                    ));
                }
                let last = n + 1 == frames.len();
                let mut frame = changed_frame(&lut, &prev, &canvas.buf, w, h);
                frame.delay = centis(if last {
                    options.last_ms
                } else {
                    options.frame_ms
                });
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

/// One frame of `w` x `h` pixels (`buf`, RGB8) on the palette: whole when it is the
/// first (`prev` empty), else the rectangle that changed since `prev`, its unchanged
/// pixels transparent.
fn changed_frame(lut: &Lut, prev: &[u8], buf: &[u8], w: usize, h: usize) -> gif::Frame<'static> {
    let mut frame = gif::Frame {
        dispose: gif::DisposalMethod::Keep,
        ..gif::Frame::default()
    };
    let mut sub = Vec::new();
    let rect = if prev.is_empty() {
        sub.reserve(w * h);
        for y in 0..h {
            quantise_row(lut, buf, None, w, y, (0, w), &mut sub);
        }
        (0, 0, w, h)
    } else {
        frame.transparent = Some(TRANSPARENT);
        match changed_rect(prev, buf, w, h) {
            Some((x0, y0, x1, y1)) => {
                sub.reserve((x1 - x0) * (y1 - y0));
                for y in y0..y1 {
                    quantise_row(lut, buf, Some(prev), w, y, (x0, x1), &mut sub);
                }
                (x0, y0, x1, y1)
            }
            None => {
                // Nothing changed (a pass): one transparent pixel keeps the timing.
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
    frame
}

/// Compresses and writes the frames it receives, in order, as one looping GIF.
fn write_frames(
    w: u16,
    h: u16,
    frames: std::sync::mpsc::Receiver<gif::Frame<'static>>,
) -> Result<Vec<u8>, RenderError> {
    let pal = gif_palette();
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
