//! The legend picture: every badge and mark a game's boards may show, each drawn by
//! the same code as on the board beside the words it stands for.

use super::canvas::Canvas;
use super::text::{Font, TextSize};
use super::{
    colours, draw_mark, draw_outer_cell, draw_piece, draw_token, tiles, PixelRect, RenderError,
    MAX_SIZE, MIN_SIZE,
};
use crate::core::view::{Legend, LegendEntry, PieceView, Sample};
use crate::core::{Cell, Piece, Role, Side};
use crate::i18n::Lang;
use crate::tr;

/// Where a legend's parts go, for a board size (the same scale as the board image).
struct Shape {
    /// Side of a sample square.
    cell: u32,
    pad: u32,
    width: u32,
    text: Font,
    heading: Font,
}

impl Shape {
    fn new(size: u32) -> Shape {
        let square = size.clamp(MIN_SIZE, MAX_SIZE) / 8;
        let pad = (square / 6).max(4);
        Shape {
            cell: square,
            pad,
            width: square * 9,
            text: Font::regular(TextSize::at_most(square * 9 / 32)),
            heading: Font::bold(TextSize::at_most(square * 11 / 32)),
        }
    }

    fn text_x(&self) -> u32 {
        2 * self.pad + self.cell
    }

    fn lines(&self, text: &str) -> Vec<String> {
        self.text
            .wrap(text, self.width.saturating_sub(self.text_x() + self.pad))
    }

    fn row_height(&self, lines: usize) -> u32 {
        (lines as u32 * self.text.height()).max(self.cell) + self.pad
    }

    fn heading_height(&self) -> u32 {
        self.heading.height() + 2 * self.pad
    }
}

/// The legend drawn as an RGB image (its own words in English).
pub fn legend_rgb(legend: &Legend, size: u32) -> image::RgbImage {
    legend_rgb_in(legend, size, Lang::En)
}

/// The legend drawn as an RGB image, its own words in `lang`.
pub fn legend_rgb_in(legend: &Legend, size: u32, lang: Lang) -> image::RgbImage {
    let c = legend_canvas(legend, size, lang);
    // Exactly width * height * 3 bytes by construction; the fallback is never taken.
    image::RgbImage::from_raw(c.w, c.h, c.buf).unwrap_or_else(|| image::RgbImage::new(1, 1))
}

/// The legend drawn and encoded as PNG (its own words in English).
pub fn legend_png(legend: &Legend, size: u32) -> Result<Vec<u8>, RenderError> {
    legend_png_in(legend, size, Lang::En)
}

/// The legend drawn and encoded as PNG, its own words in `lang`.
pub fn legend_png_in(legend: &Legend, size: u32, lang: Lang) -> Result<Vec<u8>, RenderError> {
    legend_canvas(legend, size, lang)
        .encode_png()
        .map_err(|e| RenderError::Encode(e.to_string()))
}

/// One row of the picture: a section's heading or one of its entries.
enum Row<'a> {
    Heading(String),
    Entry(&'a LegendEntry),
}

impl Shape {
    fn height_of(&self, row: &Row) -> u32 {
        match row {
            Row::Heading(_) => self.heading_height(),
            Row::Entry(e) => self.row_height(self.lines(&e.picture_text()).len()),
        }
    }
}

/// The rows of each column: as many columns as keep the picture at most about one and
/// a half times as tall as it is wide (a chat client shrinks a very tall picture to a
/// thin strip). A section split between columns is headed again, "(continued)".
fn columns<'a>(legend: &'a Legend, sh: &Shape, lang: Lang) -> Vec<Vec<Row<'a>>> {
    let mut rows = Vec::new();
    for (title, entries) in &legend.sections {
        rows.push((title.as_str(), Row::Heading(title.clone())));
        rows.extend(entries.iter().map(|e| (title.as_str(), Row::Entry(e))));
    }
    let total: u32 = rows.iter().map(|(_, r)| sh.height_of(r)).sum();
    let mut n = 1u32;
    while total / n > 3 * n * sh.width / 2 && (n as usize) < rows.len() / 2 {
        n += 1;
    }
    let target = total.div_ceil(n);
    let mut cols: Vec<Vec<Row<'a>>> = Vec::new();
    let mut rows = rows.into_iter().peekable();
    // A heading that would have stood alone at the foot of the previous column.
    let mut carried: Option<Row<'a>> = None;
    while rows.peek().is_some() {
        let last = cols.len() as u32 + 1 >= n;
        let mut col = Vec::new();
        if let Some(heading) = carried.take() {
            col.push(heading);
        } else if let Some((title, Row::Entry(_))) = rows.peek() {
            if !cols.is_empty() {
                col.push(Row::Heading(tr!(lang, "render-continued", title = *title)));
            }
        }
        let mut acc: u32 = col.iter().map(|r| sh.height_of(r)).sum();
        while let Some((_, row)) = rows.peek() {
            let h = sh.height_of(row);
            let has_entry = col.iter().any(|r| matches!(r, Row::Entry(_)));
            if !last && has_entry && acc + h > target {
                break;
            }
            acc += h;
            if let Some((_, row)) = rows.next() {
                col.push(row);
            }
        }
        if rows.peek().is_some() && col.len() > 1 && matches!(col.last(), Some(Row::Heading(_))) {
            carried = col.pop();
        }
        cols.push(col);
    }
    cols
}

fn legend_canvas(legend: &Legend, size: u32, lang: Lang) -> Canvas {
    let sh = Shape::new(size);
    let cols = columns(legend, &sh, lang);
    let height = sh.pad
        + cols
            .iter()
            .map(|col| col.iter().map(|r| sh.height_of(r)).sum::<u32>())
            .max()
            .unwrap_or(0);
    let mut c = Canvas::new(sh.width * cols.len() as u32, height, colours::FRAME);
    for (i, col) in cols.iter().enumerate() {
        let x0 = sh.width * i as u32;
        let mut y = sh.pad;
        for row in col {
            match row {
                Row::Heading(title) => {
                    c.fill_rect(
                        x0 as i32,
                        y as i32,
                        sh.width as i32,
                        (sh.heading_height() - sh.pad) as i32,
                        colours::BAR,
                    );
                    sh.heading.draw(
                        &mut c,
                        (x0 + sh.pad) as i32,
                        (y + sh.pad / 2) as i32,
                        title,
                        colours::NAME,
                    );
                }
                Row::Entry(e) => {
                    let lines = sh.lines(&e.picture_text());
                    let r = PixelRect {
                        x: x0 + sh.pad,
                        y,
                        w: sh.cell,
                        h: sh.cell,
                    };
                    draw_sample(&mut c, r, &e.sample);
                    let block = lines.len() as u32 * sh.text.height();
                    let mut ty = y + sh.cell.saturating_sub(block) / 2;
                    for line in &lines {
                        sh.text.draw(
                            &mut c,
                            (x0 + sh.text_x()) as i32,
                            ty as i32,
                            line,
                            colours::NOTE,
                        );
                        ty += sh.text.height();
                    }
                }
            }
            y += sh.height_of(row);
        }
    }
    c
}

fn draw_sample(c: &mut Canvas, r: PixelRect, sample: &Sample) {
    let (x, y, s) = (r.x as i32, r.y as i32, r.w as i32);
    // Samples stand on a light square, as on the board.
    if !matches!(sample, Sample::OuterCell) {
        c.fill_rect(x, y, s, s, colours::LIGHT_SQUARE);
    }
    let pawn = Piece::new(Side::White, Role::Pawn);
    match sample {
        Sample::Badge(b) => {
            let p = PieceView {
                cell: Cell::Board(crate::core::Square::A1),
                piece: pawn,
                badges: vec![b.clone()],
            };
            draw_piece(c, r, &p);
        }
        Sample::Mark(m) => draw_mark(c, r, *m),
        Sample::Piece(p) => {
            c.blit(tiles::tiles(r.w).piece(*p), x, y);
        }
        Sample::Token(side) => draw_token(c, r, false, *side),
        Sample::OuterCell => {
            let w = r.w * 3 / 4;
            let inner = PixelRect {
                x: r.x + (r.w - w) / 2,
                y: r.y + (r.h - w) / 2,
                w,
                h: w,
            };
            draw_outer_cell(c, inner, false);
        }
        Sample::LastMove => {
            c.blend_rect(x, y, s, s, colours::LAST_MOVE, colours::LAST_MOVE_ALPHA);
        }
        Sample::Check => {
            let t = tiles::tiles(r.w);
            c.blit(&t.check, x, y);
            c.blit(t.piece(Piece::new(Side::White, Role::King)), x, y);
        }
    }
}
