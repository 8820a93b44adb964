//! Text on the board image, from the pre-rasterized Noto Sans Mono glyphs that the
//! `noto-sans-mono-bitmap` crate ships (no font file lives in this repository).

use super::canvas::{Canvas, Rgb};
use noto_sans_mono_bitmap::{get_raster, get_raster_width, FontWeight, RasterHeight};

/// One of the four raster heights the glyph crate provides, or one of two smaller
/// heights drawn from the 16-pixel glyphs scaled down (badges on small squares).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextSize {
    S10,
    S12,
    S16,
    S20,
    S24,
    S32,
}

impl TextSize {
    fn raster(self) -> RasterHeight {
        match self {
            TextSize::S10 | TextSize::S12 | TextSize::S16 => RasterHeight::Size16,
            TextSize::S20 => RasterHeight::Size20,
            TextSize::S24 => RasterHeight::Size24,
            TextSize::S32 => RasterHeight::Size32,
        }
    }

    /// The largest raster height not above `px` (at least 16).
    pub fn at_most(px: u32) -> TextSize {
        match px {
            0..=19 => TextSize::S16,
            20..=23 => TextSize::S20,
            24..=31 => TextSize::S24,
            _ => TextSize::S32,
        }
    }

    /// The largest height not above `px`, down to the scaled 10-pixel one.
    pub fn at_most_small(px: u32) -> TextSize {
        match px {
            0..=11 => TextSize::S10,
            12..=15 => TextSize::S12,
            _ => TextSize::at_most(px),
        }
    }

    /// The next smaller height, if any.
    pub fn smaller(self) -> Option<TextSize> {
        match self {
            TextSize::S10 => None,
            TextSize::S12 => Some(TextSize::S10),
            TextSize::S16 => Some(TextSize::S12),
            TextSize::S20 => Some(TextSize::S16),
            TextSize::S24 => Some(TextSize::S20),
            TextSize::S32 => Some(TextSize::S24),
        }
    }

    /// Height of a line box in pixels.
    pub fn height(self) -> u32 {
        match self {
            TextSize::S10 => 10,
            TextSize::S12 => 12,
            _ => self.raster().val() as u32,
        }
    }

    /// The scale from the raster's glyphs to this size, as a fraction of 16.
    fn scale16(self) -> u32 {
        match self {
            TextSize::S10 => 10,
            TextSize::S12 => 12,
            _ => 16,
        }
    }
}

/// A text style: size and weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Font {
    pub size: TextSize,
    pub bold: bool,
}

impl Font {
    pub fn regular(size: TextSize) -> Font {
        Font { size, bold: false }
    }

    pub fn bold(size: TextSize) -> Font {
        Font { size, bold: true }
    }

    fn weight(self) -> FontWeight {
        if self.bold {
            FontWeight::Bold
        } else {
            FontWeight::Regular
        }
    }

    /// Advance of one character (the font is monospaced).
    pub fn advance(self) -> u32 {
        let w = get_raster_width(self.weight(), self.size.raster()) as u32;
        (w * self.size.scale16()).div_ceil(16)
    }

    pub fn height(self) -> u32 {
        self.size.height()
    }

    pub fn width(self, text: &str) -> u32 {
        text.chars().count() as u32 * self.advance()
    }

    /// `text` cut to at most `max_width` pixels, ending in an ellipsis when cut.
    pub fn fit(self, text: &str, max_width: u32) -> String {
        let max_chars = (max_width / self.advance().max(1)) as usize;
        if text.chars().count() <= max_chars {
            return text.to_string();
        }
        // The glyph set has no '…'; two dots read the same at this size.
        let mut s: String = text.chars().take(max_chars.saturating_sub(2)).collect();
        s.push_str("..");
        s
    }

    /// `text` cut to at most `max_width` pixels, with no ellipsis (badges).
    pub fn fit_plain(self, text: &str, max_width: u32) -> String {
        let max_chars = (max_width / self.advance().max(1)) as usize;
        text.chars().take(max_chars.max(1)).collect()
    }

    /// Lines of at most `max_width` pixels, broken at spaces (a word longer than a
    /// line is cut).
    pub fn wrap(self, text: &str, max_width: u32) -> Vec<String> {
        let max_chars = ((max_width / self.advance().max(1)) as usize).max(1);
        let mut lines: Vec<String> = Vec::new();
        let mut line = String::new();
        for word in text.split_whitespace() {
            let word: String = word.chars().take(max_chars).collect();
            let len = line.chars().count();
            if len > 0 && len + 1 + word.chars().count() > max_chars {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        if !line.is_empty() {
            lines.push(line);
        }
        lines
    }

    /// Draws `text` with its line box's top-left corner at `(x, y)`; characters the
    /// font lacks are drawn as `?`.
    pub fn draw(self, canvas: &mut Canvas, x: i32, y: i32, text: &str, colour: Rgb) {
        let adv = self.advance() as i32;
        let (weight, raster) = (self.weight(), self.size.raster());
        for (i, ch) in text.chars().enumerate() {
            if ch == ' ' {
                continue;
            }
            let glyph = get_raster(ch, weight, raster).or_else(|| get_raster('?', weight, raster));
            let Some(glyph) = glyph else { continue };
            let gx = x + i as i32 * adv;
            let k = self.size.scale16();
            if k < 16 {
                draw_scaled(canvas, (gx, y), glyph.pixels(), glyph.width(), k, colour);
                continue;
            }
            for (row, line) in glyph.rows().enumerate() {
                for (col, &a) in line.iter().enumerate() {
                    if a != 0 {
                        canvas.blend_pixel(gx + col as i32, y + row as i32, colour, a);
                    }
                }
            }
        }
    }

    /// Draws `text` centred on `(cx, cy)`.
    pub fn draw_centred(self, canvas: &mut Canvas, cx: i32, cy: i32, text: &str, colour: Rgb) {
        let w = self.width(text) as i32;
        let h = self.height() as i32;
        self.draw(canvas, cx - w / 2, cy - h / 2, text, colour);
    }
}

/// Draws a glyph raster scaled by `k / 16`: each output pixel averages the raster over
/// the area it covers (4 x 4 samples).
fn draw_scaled(
    canvas: &mut Canvas,
    (x, y): (i32, i32),
    pixels: &[u8],
    width: usize,
    k: u32,
    colour: Rgb,
) {
    if width == 0 {
        return;
    }
    let cols = width as u32;
    let rows = (pixels.len() / width) as u32;
    if rows == 0 {
        return;
    }
    let (ow, oh) = ((cols * k).div_ceil(16), (rows * k).div_ceil(16));
    for oy in 0..oh {
        for ox in 0..ow {
            let mut acc = 0u32;
            for sy in 0..4 {
                for sx in 0..4 {
                    // Sample points at the centres of a 4 x 4 grid in the output pixel.
                    let rx = ((ox * 8 + sx * 2 + 1) * 16 / (8 * k)).min(cols - 1);
                    let ry = ((oy * 8 + sy * 2 + 1) * 16 / (8 * k)).min(rows - 1);
                    acc += pixels[(ry * cols + rx) as usize] as u32;
                }
            }
            let a = (acc / 16) as u8;
            if a != 0 {
                canvas.blend_pixel(x + ox as i32, y + oy as i32, colour, a);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_leaves_ink_and_unknown_characters_do_not_panic() {
        let mut c = Canvas::new(100, 30, [0, 0, 0]);
        let f = Font::bold(TextSize::S20);
        f.draw(&mut c, 2, 2, "Ab 漢", [255, 255, 255]);
        let ink = c.buf.iter().filter(|&&b| b > 100).count();
        assert!(ink > 20);
        assert_eq!(f.width("abc"), 3 * f.advance());
        let lines = f.wrap("one two three four", 9 * f.advance());
        assert_eq!(lines, vec!["one two", "three", "four"]);
        assert_eq!(f.fit_plain("teleport", 3 * f.advance()), "tel");
        assert!(
            f.fit("a very long name indeed", 5 * f.advance())
                .chars()
                .count()
                <= 5
        );
    }
}
