//! Board images: a per-viewer [`View`] in, PNG bytes out. Knows nothing of Discord or
//! the store. The layout is public so tests (and callers) can find squares by pixel.
//!
//! Owns the pictures (PNG boards, GIF records, legends, text drawing). May import
//! `core`, and `i18n` for the words drawn.

mod badges;
mod bar;
mod canvas;
mod deflate;
pub mod gif;
pub mod graph;
mod legend;
mod lut;
mod lzw;
mod palette;
pub mod table;
mod text;
mod tiles;

use crate::core::view::{MarkStyle, SquareMark, Tone, View, Viewer};
use crate::core::{Cell, Side, Square};
use crate::i18n::Lang;
use badges::{draw_piece, draw_token};
use bar::draw_bar;
use canvas::{Canvas, Rgb};
use text::{Font, TextSize};

pub use gif::{render_gif, render_gif_in, GifOptions};
pub use legend::{legend_png, legend_png_in, legend_rgb, legend_rgb_in};
pub use tiles::piece_colours;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Board size in pixels (the bars and the label frame are added around it). Clamped
    /// to [`MIN_SIZE`]..=[`MAX_SIZE`] and rounded down to a multiple of 8.
    pub size: u32,
    /// Fix the orientation: `Some(side)` draws from that side; `None` draws a player's
    /// private view from that player's side, any other from the side to move.
    pub orientation: Option<crate::core::Side>,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            size: 512,
            orientation: None,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("could not encode the image: {0}")]
    Encode(String),
}

pub const MIN_SIZE: u32 = 128;
pub const MAX_SIZE: u32 = 2048;

/// Square and frame colours, public so tests can look for them.
pub mod colours {
    use super::Rgb;
    pub const LIGHT_SQUARE: Rgb = [238, 218, 182];
    pub const DARK_SQUARE: Rgb = [181, 134, 99];
    /// The frame around the board (label strip), readable in dark and light themes.
    pub const FRAME: Rgb = [46, 48, 54];
    pub const BAR: Rgb = [34, 36, 41];
    /// The bar of the player to move.
    pub const BAR_ACTIVE: Rgb = [58, 64, 58];
    pub const ACCENT: Rgb = [122, 204, 92];
    pub const LABEL: Rgb = [214, 214, 218];
    pub const NAME: Rgb = [246, 246, 246];
    pub const NOTE: Rgb = [190, 194, 202];
    pub const RESULT: Rgb = [250, 204, 72];
    /// Last-move tint and its strength (out of 255).
    pub const LAST_MOVE: Rgb = [222, 206, 40];
    pub const LAST_MOVE_ALPHA: u8 = 120;
    /// The cells beyond the board's edge.
    pub const OUTER_CELL: Rgb = [214, 226, 196];
    pub const OUTER_CELL_RIM: Rgb = [92, 130, 70];
    /// The fill of a hollow badge.
    pub const HOLLOW_FILL: Rgb = [26, 22, 36];
    /// The thin rim around every badge, for contrast on any square.
    pub const BADGE_RIM: Rgb = [20, 20, 24];
}

/// The shade of a tone, for badges and square marks.
pub fn tone_colour(tone: Tone) -> Rgb {
    match tone {
        Tone::Blue => [64, 96, 214],
        Tone::Slate => [112, 116, 124],
        Tone::Brown => [150, 96, 44],
        Tone::Green => [52, 140, 60],
        Tone::Teal => [40, 160, 190],
        Tone::Orange => [232, 132, 20],
        Tone::Gold => [236, 196, 40],
        Tone::Purple => [132, 64, 200],
        Tone::Red => [168, 36, 36],
        Tone::Forest => [30, 120, 70],
        Tone::Ice => [70, 160, 255],
        Tone::Violet => [176, 92, 226],
        Tone::Leaf => [64, 170, 80],
    }
}

/// A pixel rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PixelRect {
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
}

impl PixelRect {
    pub fn centre(self) -> (u32, u32) {
        (self.x + self.w / 2, self.y + self.h / 2)
    }

    pub fn contains(self, x: u32, y: u32) -> bool {
        x >= self.x && y >= self.y && x < self.x + self.w && y < self.y + self.h
    }
}

/// Where everything goes, from the board size, the side at the bottom and whether the
/// board has outer cells. Nothing depends on the position, so the picture keeps its
/// shape for a whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Side of a square in pixels.
    pub square: u32,
    /// The side drawn at the bottom.
    pub bottom: Side,
    pub outer_cells: bool,
    /// Width of the label frame around the board.
    pub margin: u32,
    /// Side of an outer cell.
    pub outer: u32,
    /// Height of each player bar.
    pub bar: u32,
    pub width: u32,
    pub height: u32,
    /// Top-left corner of square (file a or h, rank 8 or 1).
    pub board_x: u32,
    pub board_y: u32,
}

impl Layout {
    pub fn new(size: u32, bottom: Side, outer_cells: bool) -> Layout {
        let board = size.clamp(MIN_SIZE, MAX_SIZE) / 8 * 8;
        let square = board / 8;
        let margin = (square * 2 / 5).max(16);
        let outer = square * 3 / 4;
        let bar = square * 7 / 8;
        let edge = margin + if outer_cells { outer } else { 0 };
        Layout {
            square,
            bottom,
            outer_cells,
            margin,
            outer,
            bar,
            width: board + 2 * margin,
            height: 2 * bar + 2 * edge + board,
            board_x: margin,
            board_y: bar + edge,
        }
    }

    /// The layout `render_png` uses for this view and these options.
    pub fn for_view(view: &View, options: &RenderOptions) -> Layout {
        Layout::new(options.size, bottom_side(view, options), view.outer_cells)
    }

    pub fn board_size(&self) -> u32 {
        self.square * 8
    }

    fn column(&self, file: u8) -> u32 {
        match self.bottom {
            Side::White => file as u32,
            Side::Black => 7 - file as u32,
        }
    }

    fn row(&self, rank: u8) -> u32 {
        match self.bottom {
            Side::White => 7 - rank as u32,
            Side::Black => rank as u32,
        }
    }

    pub fn square_rect(&self, sq: Square) -> PixelRect {
        PixelRect {
            x: self.board_x + self.column(sq.file()) * self.square,
            y: self.board_y + self.row(sq.rank()) * self.square,
            w: self.square,
            h: self.square,
        }
    }

    /// A board square or, on a board with outer cells, one of them: a smaller cell
    /// just outside the board edge behind e1 or e8.
    pub fn cell_rect(&self, cell: Cell) -> Option<PixelRect> {
        match cell {
            Cell::Board(sq) => Some(self.square_rect(sq)),
            Cell::Outer(side) if self.outer_cells => {
                let x =
                    self.board_x + self.column(4) * self.square + (self.square - self.outer) / 2;
                let y = if side == self.bottom {
                    self.board_y + self.board_size()
                } else {
                    self.board_y - self.outer
                };
                Some(PixelRect {
                    x,
                    y,
                    w: self.outer,
                    h: self.outer,
                })
            }
            Cell::Outer(_) => None,
        }
    }

    /// The bar of the player drawn at the top (`top = true`) or bottom.
    pub fn bar_rect(&self, top: bool) -> PixelRect {
        PixelRect {
            x: 0,
            y: if top { 0 } else { self.height - self.bar },
            w: self.width,
            h: self.bar,
        }
    }

    /// The bar showing `side`'s name.
    pub fn side_bar(&self, side: Side) -> PixelRect {
        self.bar_rect(side != self.bottom)
    }

    fn label_font(&self) -> Font {
        Font::bold(TextSize::at_most(self.square * 3 / 10))
    }

    fn name_font(&self) -> Font {
        Font::bold(TextSize::at_most(self.square * 11 / 32))
    }

    fn note_font(&self) -> Font {
        Font::regular(TextSize::at_most(self.square * 9 / 32))
    }
}

/// The side drawn at the bottom: fixed by the options, else by the picture (a
/// diagram), else the viewer's own side in a private view, else the player to move,
/// else White.
pub fn bottom_side(view: &View, options: &RenderOptions) -> Side {
    let own = match view.viewer {
        Viewer::Player(side) => Some(side),
        Viewer::Public => None,
    };
    options
        .orientation
        .or(view.bottom)
        .or(own)
        .or(view.to_move)
        .unwrap_or(Side::White)
}

/// Convenience for tests and callers: a square's pixels on a board without outer cells.
pub fn square_rect(size: u32, bottom: Side, sq: Square) -> PixelRect {
    Layout::new(size, bottom, false).square_rect(sq)
}

/// The plain colour of a square.
pub fn square_colour(sq: Square) -> Rgb {
    if sq.is_light() {
        colours::LIGHT_SQUARE
    } else {
        colours::DARK_SQUARE
    }
}

/// Draws `view` and encodes it as PNG (its words in English).
pub fn render_png(view: &View, options: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    render_png_in(view, options, Lang::En)
}

/// Draws `view` with its words in `lang` and encodes it as PNG.
pub fn render_png_in(
    view: &View,
    options: &RenderOptions,
    lang: Lang,
) -> Result<Vec<u8>, RenderError> {
    let l = Layout::for_view(view, options);
    let canvas = render_canvas(view, options, lang, palette::indexed_canvas);
    Ok(palette::encode_indexed_png(&canvas, l.square))
}

/// Draws `view` into an RGB8 image (no encoding), its words in English.
pub fn render_rgb(view: &View, options: &RenderOptions) -> image::RgbImage {
    render_rgb_in(view, options, Lang::En)
}

/// Draws `view` with its words in `lang` into an RGB8 image (no encoding).
pub fn render_rgb_in(view: &View, options: &RenderOptions, lang: Lang) -> image::RgbImage {
    let c = render_canvas(view, options, lang, Canvas::new);
    // The buffer has exactly width * height * 3 bytes by construction; the fallback
    // is never taken.
    image::RgbImage::from_raw(c.w, c.h, c.buf).unwrap_or_else(|| image::RgbImage::new(1, 1))
}

/// Draws `view` on a canvas made by `canvas` (truecolour [`Canvas::new`] or palette
/// indices [`Canvas::indexed`]) from its size and background.
fn render_canvas(
    view: &View,
    options: &RenderOptions,
    lang: Lang,
    canvas: fn(u32, u32, Rgb) -> Canvas,
) -> Canvas {
    let l = Layout::for_view(view, options);
    let mut c = canvas(l.width, l.height, colours::FRAME);

    // Squares with their marks: a mark's fill (blocked stone, an area's ice), then the
    // last-move tint over it, then the mark's rim or dot, so that a blocked square made
    // by the last move, or one moved to inside a marked area, still shows as part of it.
    for sq in Square::all() {
        let r = l.square_rect(sq);
        let (x, y, s) = (r.x as i32, r.y as i32, r.w as i32);
        c.fill_rect(x, y, s, s, square_colour(sq));
    }
    for &(sq, mark) in &view.marks {
        draw_mark_fill(&mut c, l.square_rect(sq), mark);
    }
    for &cell in &view.last_move {
        if let Cell::Board(sq) = cell {
            let r = l.square_rect(sq);
            let (x, y, w) = (r.x as i32, r.y as i32, r.w as i32);
            c.blend_rect(x, y, w, w, colours::LAST_MOVE, colours::LAST_MOVE_ALPHA);
        }
    }
    for &(sq, mark) in &view.marks {
        draw_mark_rim(&mut c, l.square_rect(sq), mark);
    }
    draw_labels(&mut c, &l);
    if l.outer_cells {
        draw_outer_cells(&mut c, &l, view);
    }
    for &cell in &view.check {
        if let Some(r) = l.cell_rect(cell) {
            let t = tiles::tiles(r.w);
            c.blit(&t.check, r.x as i32, r.y as i32);
        }
    }
    for p in &view.pieces {
        if let Some(r) = l.cell_rect(p.cell) {
            draw_piece(&mut c, r, p);
        }
    }
    for &(cell, side) in &view.tokens {
        if let Some(r) = l.cell_rect(cell) {
            draw_token(&mut c, r, view.piece_at(cell).is_some(), side);
        }
    }
    for side in Side::BOTH {
        draw_bar(&mut c, &l, view, side, lang);
    }
    c
}

fn draw_mark(c: &mut Canvas, r: PixelRect, mark: SquareMark) {
    draw_mark_fill(c, r, mark);
    draw_mark_rim(c, r, mark);
}

/// A mark's fill (under the last-move tint).
fn draw_mark_fill(c: &mut Canvas, r: PixelRect, mark: SquareMark) {
    let (x, y, s) = (r.x as i32, r.y as i32, r.w as i32);
    let colour = tone_colour(mark.tone);
    match mark.style {
        MarkStyle::Strong => c.blend_rect(x, y, s, s, colour, 130),
        MarkStyle::Light => c.blend_rect(x, y, s, s, colour, 70),
        MarkStyle::Faint => c.blend_rect(x, y, s, s, colour, 50),
        MarkStyle::Dot => {}
        MarkStyle::Stone => c.blit(&tiles::tiles(r.w).stone, x, y),
    }
}

/// A mark's rim or dot (over the last-move tint, so both show).
fn draw_mark_rim(c: &mut Canvas, r: PixelRect, mark: SquareMark) {
    let (x, y, s) = (r.x as i32, r.y as i32, r.w as i32);
    let rim = (s / 16).max(2);
    let colour = tone_colour(mark.tone);
    match mark.style {
        MarkStyle::Strong | MarkStyle::Light => {
            c.frame_rect((x, y, s, s), rim, colour, 255);
        }
        MarkStyle::Faint => {
            c.frame_rect((x, y, s, s), (rim / 2).max(1), colour, 160);
        }
        MarkStyle::Dot => {
            let (cx, cy) = r.centre();
            c.fill_circle(cx as f32, cy as f32, s as f32 * 0.14, colour);
        }
        MarkStyle::Stone => {}
    }
}

fn draw_labels(c: &mut Canvas, l: &Layout) {
    let f = l.label_font();
    let board = l.board_size() as i32;
    let bottom_strip = l.board_y as i32 + board + if l.outer_cells { l.outer as i32 } else { 0 };
    for i in 0..8u8 {
        let file = Square::from_coords(i, 0)
            .map(|s| s.file_char())
            .unwrap_or('?');
        let rank = Square::from_coords(0, i)
            .map(|s| s.rank_char())
            .unwrap_or('?');
        let fx = l.board_x as i32 + (l.column(i) * l.square + l.square / 2) as i32;
        f.draw_centred(
            c,
            fx,
            bottom_strip + l.margin as i32 / 2,
            &file.to_string(),
            colours::LABEL,
        );
        let ry = l.board_y as i32 + (l.row(i) * l.square + l.square / 2) as i32;
        f.draw_centred(
            c,
            l.margin as i32 / 2,
            ry,
            &rank.to_string(),
            colours::LABEL,
        );
    }
}

fn draw_outer_cells(c: &mut Canvas, l: &Layout, view: &View) {
    for side in Side::BOTH {
        let Some(r) = l.cell_rect(Cell::Outer(side)) else {
            continue;
        };
        draw_outer_cell(c, r, view.last_move.contains(&Cell::Outer(side)));
    }
}

fn draw_outer_cell(c: &mut Canvas, r: PixelRect, last_move: bool) {
    let (x, y, w) = (r.x as i32, r.y as i32, r.w as i32);
    c.fill_rect(x, y, w, w, colours::OUTER_CELL);
    if last_move {
        c.blend_rect(x, y, w, w, colours::LAST_MOVE, colours::LAST_MOVE_ALPHA);
    }
    c.frame_rect((x, y, w, w), (w / 16).max(2), colours::OUTER_CELL_RIM, 255);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_is_proportional_and_clamped() {
        let a = Layout::new(512, Side::White, false);
        assert_eq!(a.square, 64);
        assert_eq!(a.width, 512 + 2 * a.margin);
        let b = Layout::new(1024, Side::White, false);
        assert_eq!(b.square, 128);
        assert!(b.margin.abs_diff(2 * a.margin) <= 1);
        assert_eq!(Layout::new(5, Side::White, false).square, MIN_SIZE / 8);
        assert_eq!(
            Layout::new(100_000, Side::White, false).square,
            MAX_SIZE / 8
        );
        assert_eq!(Layout::new(515, Side::White, false).square, 64);
    }

    #[test]
    fn orientation_mirrors_squares() {
        let w = Layout::new(512, Side::White, false);
        let b = Layout::new(512, Side::Black, false);
        assert_eq!(w.square_rect(Square::A1).x, w.board_x);
        assert_eq!(w.square_rect(Square::A8).y, w.board_y);
        assert_eq!(b.square_rect(Square::H8).x, b.board_x);
        assert_eq!(b.square_rect(Square::A1), w.square_rect(Square::H8));
    }

    #[test]
    fn outer_cells_sit_outside_the_board_behind_the_kings() {
        let l = Layout::new(512, Side::White, true);
        let w0 = l.cell_rect(Cell::Outer(Side::White)).expect("w0");
        let e1 = l.square_rect(Square::E1);
        assert_eq!(w0.y, e1.y + e1.h);
        assert!(w0.x > e1.x && w0.x + w0.w < e1.x + e1.w);
        let w9 = l.cell_rect(Cell::Outer(Side::Black)).expect("w9");
        assert_eq!(w9.y + w9.h, l.square_rect(Square::E8).y);
        assert!(Layout::new(512, Side::White, false)
            .cell_rect(Cell::Outer(Side::White))
            .is_none());
    }
}
