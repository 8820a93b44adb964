//! A player's bar above or below the board: colour chip, name, notes, the "to move"
//! tag, and on the top bar the result or the game's title.

use super::canvas::{Canvas, Rgb};
use super::text::{Font, TextSize};
use super::{colours, tiles, Layout, PixelRect};
use crate::core::view::View;
use crate::core::{Piece, Role, Side};
use crate::i18n::{tr, Lang};

/// The label of the "to move" tag.
const TO_MOVE_LABEL: Rgb = [16, 28, 12];
/// The neutral disc under the colour chip's king.
const CHIP_DISC: Rgb = [112, 116, 124];

pub(super) fn draw_bar(c: &mut Canvas, l: &Layout, view: &View, side: Side, lang: Lang) {
    let r = l.side_bar(side);
    let active = view.to_move == Some(side) && view.result.is_none();
    fill_bar(c, l, r, active);
    let bar = Bar::new(l, r, view, side);
    bar.draw_chip(c, side);
    // Right-hand side: "to move" pill, or the result in the top bar, then the title.
    let mut right = r.w as i32 - bar.left;
    if active {
        right = bar.draw_to_move(c, right, lang);
    }
    // The notes line is cut only by the "to move" tag; the name line also holds the
    // result or the title on the top bar.
    let notes_right = right;
    let name = &view.names[side.index()];
    if side != l.bottom {
        let name_w = bar.name_font.width(name) as i32;
        right = match &view.result {
            Some(res) => bar.draw_result(c, l, res, name_w, right),
            None => bar.draw_title(c, &view.title, name_w, right),
        };
    }
    bar.draw_name_and_notes(c, name, right, notes_right);
}

/// The bar's background, with the accent stripe of the player to move.
fn fill_bar(c: &mut Canvas, l: &Layout, r: PixelRect, active: bool) {
    let (x, y, w, h) = (r.x as i32, r.y as i32, r.w as i32, r.h as i32);
    c.fill_rect(
        x,
        y,
        w,
        h,
        if active {
            colours::BAR_ACTIVE
        } else {
            colours::BAR
        },
    );
    if active {
        let stripe = (l.square / 12).max(3) as i32;
        c.fill_rect(x, y, stripe, h, colours::ACCENT);
    }
}

/// One bar's measures: where its texts go and in which fonts.
struct Bar {
    y: i32,
    h: i32,
    /// The chip's left edge, and the margin kept on the right.
    left: i32,
    /// The colour chip's side.
    chip: f32,
    name_font: Font,
    note_font: Font,
    /// The player's notes on one line.
    notes: String,
    /// Where the name and notes start, and the name's top.
    text_x: i32,
    name_y: i32,
}

impl Bar {
    fn new(l: &Layout, r: PixelRect, view: &View, side: Side) -> Bar {
        let (y, h) = (r.y as i32, r.h as i32);
        let name_font = l.name_font();
        let note_font = l.note_font();
        let notes = view.notes[side.index()].join("  ·  ");
        let left = l.margin as i32;
        let chip = (h as f32 * 0.8).round();
        let block = name_font.height() as i32 + note_font.height() as i32 - 2;
        let name_y = if notes.is_empty() {
            y + (h - name_font.height() as i32) / 2
        } else {
            y + (h - block) / 2
        };
        Bar {
            y,
            h,
            left,
            chip,
            name_font,
            note_font,
            notes,
            text_x: left + chip as i32 + 12,
            name_y,
        }
    }

    /// Colour chip: a small king in the player's colour on a neutral disc, so both
    /// colours read on the dark bar.
    fn draw_chip(&self, c: &mut Canvas, side: Side) {
        let (left, chip) = (self.left, self.chip);
        let chip_y = self.y as f32 + (self.h as f32 - chip) / 2.0;
        c.fill_circle(
            left as f32 + chip / 2.0,
            chip_y + chip / 2.0,
            chip / 2.0,
            CHIP_DISC,
        );
        let king = tiles::tiles(chip as u32);
        c.blit(
            king.piece(Piece::new(side, Role::King)),
            left,
            chip_y as i32,
        );
    }

    /// The "to move" pill at `right`; gives the room left of it.
    fn draw_to_move(&self, c: &mut Canvas, right: i32, lang: Lang) -> i32 {
        let (y, h, font) = (self.y, self.h, self.note_font);
        let label = tr(lang, "render-to-move");
        let label = label.as_str();
        let pad = font.advance() as i32;
        let pw = font.width(label) as i32 + 2 * pad;
        let ph = font.height() as i32 + 6;
        let py = y + (h - ph) / 2;
        c.fill_round_rect(
            (right - pw) as f32,
            py as f32,
            pw as f32,
            ph as f32,
            ph as f32 / 2.0,
            colours::ACCENT,
        );
        font.draw(c, right - pw + pad, py + 3, label, TO_MOVE_LABEL);
        right - (pw + pad)
    }

    /// The result, right-aligned at `right` on the top bar. It matters more than the
    /// name: it takes what the name (`name_w` wide) leaves on the name's line, and
    /// never shortens the notes below. Gives the room left of it.
    fn draw_result(&self, c: &mut Canvas, l: &Layout, res: &str, name_w: i32, right: i32) -> i32 {
        let (y, h, text_x) = (self.y, self.h, self.text_x);
        let notes_block = !self.notes.is_empty();
        let x0 = text_x + name_w.min(l.width as i32 / 3) + 16;
        // A second line lies beside the notes, so it keeps clear of them.
        let x0_two = if notes_block {
            x0.max(text_x + self.note_font.width(&self.notes) as i32 + 16)
        } else {
            x0
        };
        let (font, lines) = result_lines(
            res,
            self.note_font.size,
            (right - x0).max(0) as u32,
            (right - x0_two).max(0) as u32,
            h as u32,
        );
        let fh = font.height() as i32;
        let mut ry = if lines.len() > 1 {
            y + (h - fh * lines.len() as i32) / 2
        } else if notes_block {
            self.name_y + (self.name_font.height() as i32 - fh) / 2
        } else {
            y + (h - fh) / 2
        };
        let mut widest = 0;
        for line in &lines {
            let tw = font.width(line) as i32;
            font.draw(c, right - tw, ry, line, colours::RESULT);
            widest = widest.max(tw);
            ry += fh;
        }
        right - (widest + 16)
    }

    /// The game's title, right-aligned at `right` on the top bar, shown only when it
    /// leaves the name (`name_w` wide) and notes whole. Gives the room left of it.
    fn draw_title(&self, c: &mut Canvas, title: &str, name_w: i32, right: i32) -> i32 {
        let font = self.note_font;
        let own = name_w.max(font.width(&self.notes) as i32);
        let tw = font.width(title) as i32;
        if self.text_x + own + 24 + tw > right {
            return right;
        }
        let ty = self.y + (self.h - font.height() as i32) / 2;
        font.draw(c, right - tw, ty, title, colours::NOTE);
        right - (tw + 16)
    }

    /// The name, cut at `right`, and the notes under it, cut at `notes_right`.
    fn draw_name_and_notes(&self, c: &mut Canvas, name: &str, right: i32, notes_right: i32) {
        let (text_x, name_font) = (self.text_x, self.name_font);
        let name = name_font.fit(name, (right - text_x).max(0) as u32);
        name_font.draw(c, text_x, self.name_y, &name, colours::NAME);
        if !self.notes.is_empty() {
            let notes = self
                .note_font
                .fit(&self.notes, (notes_right - text_x).max(0) as u32);
            self.note_font.draw(
                c,
                text_x,
                self.name_y + name_font.height() as i32 - 2,
                &notes,
                colours::NOTE,
            );
        }
    }
}

/// The result line laid out for a bar `bar_h` pixels tall: in bold from `size`
/// downwards, the first that shows it whole on one line of `one_w` pixels or on two
/// lines of `two_w`; failing all, cut to one line of the smallest font.
fn result_lines(
    text: &str,
    size: TextSize,
    one_w: u32,
    two_w: u32,
    bar_h: u32,
) -> (Font, Vec<String>) {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut size = Some(size);
    let mut last = Font::bold(TextSize::S10);
    while let Some(sz) = size {
        let font = Font::bold(sz);
        if font.width(text) <= one_w {
            return (font, vec![text.to_string()]);
        }
        if 2 * font.height() + 2 <= bar_h {
            let lines = font.wrap(text, two_w);
            let whole = lines
                .iter()
                .flat_map(|l| l.split_whitespace())
                .eq(words.iter().copied());
            if lines.len() <= 2 && whole {
                return (font, lines);
            }
        }
        last = font;
        size = sz.smaller();
    }
    (last, vec![last.fit(text, one_w)])
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 28, pictures: the GIF's result line was cut ("...the loss of White's
    // last.."); at the GIF's 384 px it now shows whole, on two lines if need be.
    #[test]
    fn a_long_result_shows_whole_at_the_gifs_size() {
        let text = "0-1 Black wins by the loss of White's last king.";
        let l = Layout::new(384, Side::White, true);
        let right = l.width - l.margin;
        let x0 = l.margin + l.bar * 4 / 5 + 12 + l.name_font().width("bob") + 16;
        let (font, lines) = result_lines(text, l.note_font().size, right - x0, right - x0, l.bar);
        assert_eq!(lines.join(" "), text);
        assert!(lines.len() <= 2);
        assert!(lines.iter().all(|line| font.width(line) <= right - x0));
        assert!(font.height() * lines.len() as u32 <= l.bar);
        // Too little room for any size: cut, never wider than the room.
        let (font, lines) = result_lines(text, TextSize::S16, 60, 60, 20);
        assert_eq!(lines.len(), 1);
        assert!(font.width(&lines[0]) <= 60);
    }
}
