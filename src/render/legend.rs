//! The legend picture: every badge and mark a game's boards may show, each drawn by
//! the same code as on the board beside the words it stands for.

use super::canvas::Canvas;
use super::text::{Font, TextSize};
use super::{
    colours, draw_mark, draw_outer_cell, draw_piece, draw_token, tiles, PixelRect, RenderError,
    MAX_SIZE, MIN_SIZE,
};
use crate::core::view::{Legend, PieceView, Sample};
use crate::core::{Cell, Piece, Role, Side};

/// Where a legend's parts go, for a board size (the same scale as the board image).
struct Shape {
    /// Side of a sample square.
    cell: u32,
    pad: u32,
    width: u32,
    badge: Font,
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
            badge: Font::bold(TextSize::at_most(square / 4)),
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

/// The legend drawn as an RGB image.
pub fn legend_rgb(legend: &Legend, size: u32) -> image::RgbImage {
    let c = legend_canvas(legend, size);
    // Exactly width * height * 3 bytes by construction; the fallback is never taken.
    image::RgbImage::from_raw(c.w, c.h, c.buf).unwrap_or_else(|| image::RgbImage::new(1, 1))
}

/// The legend drawn and encoded as PNG.
pub fn legend_png(legend: &Legend, size: u32) -> Result<Vec<u8>, RenderError> {
    legend_canvas(legend, size)
        .encode_png()
        .map_err(|e| RenderError::Encode(e.to_string()))
}

fn legend_canvas(legend: &Legend, size: u32) -> Canvas {
    let sh = Shape::new(size);
    let mut height = sh.pad;
    for (_, entries) in &legend.sections {
        height += sh.heading_height();
        for e in entries {
            height += sh.row_height(sh.lines(&e.picture_text()).len());
        }
    }
    let mut c = Canvas::new(sh.width, height, colours::FRAME);
    let mut y = sh.pad;
    for (title, entries) in &legend.sections {
        c.fill_rect(
            0,
            y as i32,
            sh.width as i32,
            (sh.heading_height() - sh.pad) as i32,
            colours::BAR,
        );
        sh.heading.draw(
            &mut c,
            sh.pad as i32,
            (y + sh.pad / 2) as i32,
            title,
            colours::NAME,
        );
        y += sh.heading_height();
        for e in entries {
            let lines = sh.lines(&e.picture_text());
            let row = sh.row_height(lines.len());
            let r = PixelRect {
                x: sh.pad,
                y,
                w: sh.cell,
                h: sh.cell,
            };
            draw_sample(&mut c, &sh, r, &e.sample);
            let block = lines.len() as u32 * sh.text.height();
            let mut ty = y + sh.cell.saturating_sub(block) / 2;
            for line in &lines {
                sh.text
                    .draw(&mut c, sh.text_x() as i32, ty as i32, line, colours::NOTE);
                ty += sh.text.height();
            }
            y += row;
        }
    }
    c
}

fn draw_sample(c: &mut Canvas, sh: &Shape, r: PixelRect, sample: &Sample) {
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
            draw_piece(c, sh.badge, r, &p);
        }
        Sample::Mark(m) => draw_mark(c, r, *m),
        Sample::Piece(p) => {
            c.blit(tiles::tiles(r.w).piece(*p), x, y);
        }
        Sample::Token(side) => draw_token(c, r, false, *side),
        Sample::OuterCell => {
            let w = r.w * 5 / 8;
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
