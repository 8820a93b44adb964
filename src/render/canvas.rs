//! The frame buffer: an RGB8 pixel buffer, or one palette index a pixel, with the few
//! drawing operations a board needs, written straight onto rows so that a frame costs
//! little more than encoding it.

use super::lut::Lut;
use std::sync::{Arc, Mutex, PoisonError};

/// An opaque colour.
pub type Rgb = [u8; 3];

/// A premultiplied-alpha RGBA tile (piece, stone, check glow), prepared once and
/// blitted many times.
#[derive(Debug)]
pub struct Sprite {
    pub w: u32,
    pub h: u32,
    /// Row-major `[r, g, b, a]`, colour already multiplied by alpha.
    pub px: Vec<[u8; 4]>,
    /// Per row, the columns from its first to its last pixel that is not transparent.
    spans: Vec<std::ops::Range<usize>>,
    /// The sprite drawn over one palette colour, as indices, per background index met:
    /// a piece stands on a plain square nearly always, so drawing it on an indexed
    /// canvas is copying rows.
    on_colour: Mutex<Vec<(u8, Arc<[u8]>)>>,
}

/// Backgrounds kept per sprite (squares plain, tinted by the last move or a mark).
const SPRITE_BACKGROUNDS: usize = 16;

impl Sprite {
    pub fn new(w: u32, h: u32, px: Vec<[u8; 4]>) -> Sprite {
        let spans = px
            .chunks_exact(w.max(1) as usize)
            .map(|row| {
                let first = row.iter().position(|p| p[3] != 0).unwrap_or(0);
                let end = row.iter().rposition(|p| p[3] != 0).map_or(0, |k| k + 1);
                first..end.max(first)
            })
            .collect();
        Sprite {
            w,
            h,
            px,
            spans,
            on_colour: Mutex::new(Vec::new()),
        }
    }

    /// The sprite drawn over palette index `bg`, as indices (built on first use).
    fn on(&self, bg: u8, lut: Lut) -> Arc<[u8]> {
        // A poisoned lock only means a thread panicked while holding it; entries are
        // pushed whole.
        let mut kept = self
            .on_colour
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some((_, tile)) = kept.iter().find(|(b, _)| *b == bg) {
            return tile.clone();
        }
        let under = lut.colour(bg);
        let tile: Arc<[u8]> = self
            .px
            .iter()
            .map(|sp| match sp[3] {
                0 => bg,
                _ => lut.get(over(under, sp)),
            })
            .collect();
        if kept.len() < SPRITE_BACKGROUNDS {
            kept.push((bg, tile.clone()));
        }
        tile
    }
}

/// A premultiplied sprite pixel over an opaque colour.
#[inline]
fn over(dst: Rgb, sp: &[u8; 4]) -> Rgb {
    if sp[3] == 255 {
        return [sp[0], sp[1], sp[2]];
    }
    let ia = 255 - sp[3] as u32;
    [0, 1, 2].map(|k| (sp[k] as u32 + (dst[k] as u32 * ia + 127) / 255).min(255) as u8)
}

/// An image being drawn: RGB8, or palette indices when `lut` is set.
pub struct Canvas {
    pub w: u32,
    pub h: u32,
    /// Row-major RGB8, or one palette index a pixel on an indexed canvas.
    pub buf: Vec<u8>,
    /// The palette an indexed canvas is drawn on: every colour drawn is mapped to its
    /// index as it is drawn, blending reads the palette colour underneath.
    lut: Option<Lut>,
}

/// Mixes `src` over `dst` with coverage `a` (0..=255).
#[inline]
pub fn mix(dst: Rgb, src: Rgb, a: u8) -> Rgb {
    let a = a as u32;
    let ia = 255 - a;
    [
        ((src[0] as u32 * a + dst[0] as u32 * ia + 127) / 255) as u8,
        ((src[1] as u32 * a + dst[1] as u32 * ia + 127) / 255) as u8,
        ((src[2] as u32 * a + dst[2] as u32 * ia + 127) / 255) as u8,
    ]
}

impl Canvas {
    pub fn new(w: u32, h: u32, background: Rgb) -> Canvas {
        let mut c = Canvas {
            w,
            h,
            buf: vec![0u8; (w * h * 3) as usize],
            lut: None,
        };
        c.fill_rect(0, 0, w as i32, h as i32, background);
        c
    }

    /// A canvas of palette indices on `lut`'s palette, for the indexed board PNGs.
    pub(super) fn indexed(w: u32, h: u32, background: Rgb, lut: Lut) -> Canvas {
        Canvas {
            w,
            h,
            buf: vec![lut.get(background); (w * h) as usize],
            lut: Some(lut),
        }
    }

    /// Clips a rectangle to the canvas, giving `(x0, y0, x1, y1)` or `None` if empty.
    fn clip(&self, x: i32, y: i32, w: i32, h: i32) -> Option<(usize, usize, usize, usize)> {
        let x0 = x.max(0);
        let y0 = y.max(0);
        let x1 = (x + w).min(self.w as i32);
        let y1 = (y + h).min(self.h as i32);
        (x0 < x1 && y0 < y1).then_some((x0 as usize, y0 as usize, x1 as usize, y1 as usize))
    }

    #[cfg(test)]
    pub fn get(&self, x: u32, y: u32) -> Rgb {
        if let Some(lut) = self.lut {
            return lut.colour(self.buf[(y * self.w + x) as usize]);
        }
        let i = ((y * self.w + x) * 3) as usize;
        [self.buf[i], self.buf[i + 1], self.buf[i + 2]]
    }

    #[inline]
    pub fn blend_pixel(&mut self, x: i32, y: i32, c: Rgb, a: u8) {
        if a == 0 || x < 0 || y < 0 || x >= self.w as i32 || y >= self.h as i32 {
            return;
        }
        if let Some(lut) = self.lut {
            let i = (y as u32 * self.w + x as u32) as usize;
            let m = if a == 255 {
                c
            } else {
                mix(lut.colour(self.buf[i]), c, a)
            };
            self.buf[i] = lut.get(m);
            return;
        }
        let i = ((y as u32 * self.w + x as u32) * 3) as usize;
        let d = [self.buf[i], self.buf[i + 1], self.buf[i + 2]];
        let m = if a == 255 { c } else { mix(d, c, a) };
        self.buf[i..i + 3].copy_from_slice(&m);
    }

    pub fn fill_rect(&mut self, x: i32, y: i32, w: i32, h: i32, c: Rgb) {
        let Some((x0, y0, x1, y1)) = self.clip(x, y, w, h) else {
            return;
        };
        if let Some(lut) = self.lut {
            let (stride, index) = (self.w as usize, lut.get(c));
            for row in y0..y1 {
                self.buf[row * stride + x0..row * stride + x1].fill(index);
            }
            return;
        }
        let stride = self.w as usize * 3;
        // One row is built once and copied, which the compiler turns into memcpy.
        let template: Vec<u8> = c.iter().copied().cycle().take((x1 - x0) * 3).collect();
        for row in y0..y1 {
            self.buf[row * stride + x0 * 3..row * stride + x1 * 3].copy_from_slice(&template);
        }
    }

    /// Tints a rectangle towards `c` by `a`/255.
    pub fn blend_rect(&mut self, x: i32, y: i32, w: i32, h: i32, c: Rgb, a: u8) {
        let Some((x0, y0, x1, y1)) = self.clip(x, y, w, h) else {
            return;
        };
        if let Some(lut) = self.lut {
            // Tinted areas are mostly one colour: the last index mapped is kept.
            let (stride, mut last) = (self.w as usize, None);
            for row in y0..y1 {
                for px in &mut self.buf[row * stride + x0..row * stride + x1] {
                    *px = match last {
                        Some((from, to)) if from == *px => to,
                        _ => {
                            let to = lut.get(mix(lut.colour(*px), c, a));
                            last = Some((*px, to));
                            to
                        }
                    };
                }
            }
            return;
        }
        let stride = self.w as usize * 3;
        for row in y0..y1 {
            let line = &mut self.buf[row * stride + x0 * 3..row * stride + x1 * 3];
            for px in line.chunks_exact_mut(3) {
                let m = mix([px[0], px[1], px[2]], c, a);
                px.copy_from_slice(&m);
            }
        }
    }

    /// A rectangular frame of thickness `t` inside the rectangle.
    pub fn frame_rect(&mut self, (x, y, w, h): (i32, i32, i32, i32), t: i32, c: Rgb, a: u8) {
        self.blend_rect(x, y, w, t, c, a);
        self.blend_rect(x, y + h - t, w, t, c, a);
        self.blend_rect(x, y + t, t, h - 2 * t, c, a);
        self.blend_rect(x + w - t, y + t, t, h - 2 * t, c, a);
    }

    /// Draws a premultiplied sprite with its top-left corner at `(x, y)`.
    pub fn blit(&mut self, s: &Sprite, x: i32, y: i32) {
        let Some((x0, y0, x1, y1)) = self.clip(x, y, s.w as i32, s.h as i32) else {
            return;
        };
        if let Some(lut) = self.lut {
            self.blit_indexed(lut, s, (x, y), (x0, y0, x1, y1));
            return;
        }
        let stride = self.w as usize * 3;
        for row in y0..y1 {
            let sy = (row as i32 - y) as usize;
            let srow = &s.px[sy * s.w as usize..(sy + 1) * s.w as usize];
            let line = &mut self.buf[row * stride + x0 * 3..row * stride + x1 * 3];
            let sx0 = (x0 as i32 - x) as usize;
            for (px, sp) in line.chunks_exact_mut(3).zip(&srow[sx0..]) {
                let a = sp[3] as u32;
                if a == 0 {
                    continue;
                }
                if a == 255 {
                    px.copy_from_slice(&sp[..3]);
                    continue;
                }
                let ia = 255 - a;
                for k in 0..3 {
                    px[k] = (sp[k] as u32 + (px[k] as u32 * ia + 127) / 255).min(255) as u8;
                }
            }
        }
    }

    /// [`Canvas::blit`] on an indexed canvas: a sprite wholly inside the canvas whose
    /// pixels all lie over one colour (a piece on its square, whatever the square's rim)
    /// is copied from its tile for that colour; otherwise each pixel is mixed over the
    /// palette colour under it.
    fn blit_indexed(
        &mut self,
        lut: Lut,
        s: &Sprite,
        (x, y): (i32, i32),
        (x0, y0, x1, y1): (usize, usize, usize, usize),
    ) {
        let (stride, sw) = (self.w as usize, s.w as usize);
        let whole = (x0 as i32, y0 as i32) == (x, y) && x1 - x0 == sw && y1 - y0 == s.h as usize;
        let under = |row: usize, span: &std::ops::Range<usize>| {
            (row * stride + x0 + span.start)..(row * stride + x0 + span.end)
        };
        let bg = s
            .spans
            .iter()
            .position(|span| !span.is_empty())
            .map(|k| self.buf[under(y0 + k, &s.spans[k]).start]);
        let plain = whole
            && (y0..y1)
                .zip(&s.spans)
                .all(|(row, span)| self.buf[under(row, span)].iter().all(|&p| Some(p) == bg));
        if let (true, Some(bg)) = (plain, bg) {
            let tile = s.on(bg, lut);
            for (row, span) in (y0..y1).zip(&s.spans) {
                let from = (row - y0) * sw;
                self.buf[under(row, span)]
                    .copy_from_slice(&tile[from + span.start..from + span.end]);
            }
            return;
        }
        for row in y0..y1 {
            let sy = (row as i32 - y) as usize;
            let sx0 = (x0 as i32 - x) as usize;
            let srow = &s.px[sy * sw + sx0..(sy + 1) * sw];
            for (px, sp) in self.buf[row * stride + x0..row * stride + x1]
                .iter_mut()
                .zip(srow)
            {
                if sp[3] != 0 {
                    *px = lut.get(over(lut.colour(*px), sp));
                }
            }
        }
    }

    /// An anti-aliased filled circle.
    pub fn fill_circle(&mut self, cx: f32, cy: f32, r: f32, c: Rgb) {
        self.fill_round_rect(cx - r, cy - r, 2.0 * r, 2.0 * r, r, c);
    }

    /// An anti-aliased filled rectangle with rounded corners of radius `r`. The shape
    /// is convex, so each row is soft only at its ends: those pixels are mixed one by
    /// one, the fully covered span between them filled at once.
    pub fn fill_round_rect(&mut self, x: f32, y: f32, w: f32, h: f32, r: f32, c: Rgb) {
        let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
        let px0 = x.floor() as i32;
        let py0 = y.floor() as i32;
        let px1 = (x + w).ceil() as i32;
        let py1 = (y + h).ceil() as i32;
        let alpha = |px: i32, py: i32| {
            let fx = px as f32 + 0.5;
            let fy = py as f32 + 0.5;
            // Distance outside the rounded rectangle (negative inside).
            let qx = (fx - (x + w / 2.0)).abs() - (w / 2.0 - r);
            let qy = (fy - (y + h / 2.0)).abs() - (h / 2.0 - r);
            let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt() + qx.max(qy).min(0.0);
            let cover = (r - outside + 0.5).clamp(0.0, 1.0);
            (cover * 255.0 + 0.5) as u8
        };
        for py in py0..py1 {
            let mut left = px0;
            while left < px1 {
                let a = alpha(left, py);
                if a == 255 {
                    break;
                }
                self.blend_pixel(left, py, c, a);
                left += 1;
            }
            if left == px1 {
                continue;
            }
            let mut right = px1 - 1;
            while right > left {
                let a = alpha(right, py);
                if a == 255 {
                    break;
                }
                self.blend_pixel(right, py, c, a);
                right -= 1;
            }
            self.fill_rect(left, py, right - left + 1, 1, c);
        }
    }

    /// Writes the RGB8 buffer as PNG with the fast compressor and adaptive filtering.
    pub fn encode_png(&self) -> Result<Vec<u8>, image::ImageError> {
        use image::codecs::png::{CompressionType, FilterType, PngEncoder};
        use image::ImageEncoder;
        let mut out = Vec::with_capacity(64 * 1024);
        PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Adaptive)
            .write_image(&self.buf, self.w, self.h, image::ExtendedColorType::Rgb8)?;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blit_respects_alpha_and_clipping() {
        let mut c = Canvas::new(4, 4, [0, 0, 0]);
        let s = Sprite::new(
            2,
            2,
            vec![
                [255, 255, 255, 255],
                [0, 0, 0, 0],
                [128, 0, 0, 128],
                [0, 0, 0, 0],
            ],
        );
        c.blit(&s, 3, 3);
        assert_eq!(c.get(3, 3), [255, 255, 255]);
        c.blit(&s, 0, 0);
        assert_eq!(c.get(0, 0), [255, 255, 255]);
        assert_eq!(c.get(1, 0), [0, 0, 0]);
        assert_eq!(c.get(0, 1), [128, 0, 0]);
    }

    #[test]
    fn circles_are_filled_inside_and_soft_at_the_edge() {
        let mut c = Canvas::new(20, 20, [0, 0, 0]);
        c.fill_circle(10.0, 10.0, 6.0, [200, 0, 0]);
        assert_eq!(c.get(10, 10), [200, 0, 0]);
        assert_eq!(c.get(1, 1), [0, 0, 0]);
        let edge = c.get(15, 10)[0];
        assert!(edge > 0, "edge pixel should be partly covered");
    }
}
