//! Board images: a per-viewer [`View`] in, PNG bytes out. Knows nothing of Discord or
//! the store. The layout is public so tests (and callers) can find squares by pixel.
//!
//! Owns the pictures (PNG boards, GIF records, legends, text drawing). May import
//! `core`, and `i18n` for the words drawn.

mod canvas;
pub mod gif;
pub mod graph;
mod legend;
pub mod table;
mod text;
mod tiles;

use crate::core::view::{
    Badge, BadgeStyle, Corner, MarkStyle, PieceView, SquareMark, Tone, View, Viewer,
};
use crate::core::{Cell, Side, Square};
use crate::i18n::{tr, Lang};
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

/// The colour of a filled badge's label: dark on light tones, white otherwise.
fn label_colour(bg: Rgb) -> Rgb {
    let luma = (bg[0] as u32 * 299 + bg[1] as u32 * 587 + bg[2] as u32 * 114) / 1000;
    if luma > 150 {
        [30, 30, 30]
    } else {
        [255, 255, 255]
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
    let canvas = render_canvas(view, options, lang);
    canvas
        .encode_indexed_png()
        .map_err(|e| RenderError::Encode(e.to_string()))
}

/// Draws `view` into an RGB8 image (no encoding), its words in English.
pub fn render_rgb(view: &View, options: &RenderOptions) -> image::RgbImage {
    render_rgb_in(view, options, Lang::En)
}

/// Draws `view` with its words in `lang` into an RGB8 image (no encoding).
pub fn render_rgb_in(view: &View, options: &RenderOptions, lang: Lang) -> image::RgbImage {
    let c = render_canvas(view, options, lang);
    // The buffer has exactly width * height * 3 bytes by construction; the fallback
    // is never taken.
    image::RgbImage::from_raw(c.w, c.h, c.buf).unwrap_or_else(|| image::RgbImage::new(1, 1))
}

fn render_canvas(view: &View, options: &RenderOptions, lang: Lang) -> Canvas {
    let l = Layout::for_view(view, options);
    let mut c = Canvas::new(l.width, l.height, colours::FRAME);

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

/// The badge font for a cell of `s` pixels: about a quarter of the cell, smaller fonts
/// being tried when the badges do not fit (see [`layout_badges`]).
fn badge_size(s: u32) -> TextSize {
    TextSize::at_most_small(s / 4)
}

fn draw_piece(c: &mut Canvas, r: PixelRect, p: &PieceView) {
    let placed = place_badges(r, p);
    // A badge over the piece's head (where a king's cross, a queen's crown, a
    // bishop's mitre are) shrinks the piece below it, so the piece stays known.
    let s = r.w as f32;
    let (head_l, head_r) = (r.x as f32 + HEAD.0 * s, r.x as f32 + HEAD.1 * s);
    let head_b = r.y as f32 + HEAD.2 * s;
    let below = placed
        .badges
        .iter()
        .map(|b| b.outer())
        .filter(|&(x, y, w, _)| x < head_r && x + w > head_l && y < head_b)
        .map(|(_, y, _, h)| y + h - r.y as f32)
        .fold(0.0f32, f32::max);
    let size = if below > 0.0 {
        ((s - below) / (1.0 - PIECE_TOP)).clamp(s * 0.7, s).floor() as u32
    } else {
        r.w
    };
    let t = tiles::tiles(size);
    c.blit(
        t.piece(p.piece),
        (r.x + (r.w - size) / 2) as i32,
        (r.y + r.w - size) as i32,
    );
    for b in &placed.badges {
        match &b.kind {
            PlacedKind::Disc => {
                let (x, y, w, _) = b.rect;
                draw_disc(c, x + w / 2.0, y + w / 2.0, w / 2.0, p.piece.side, s);
            }
            PlacedKind::Pill(label) => {
                badge_pill(c, placed.font, b.rect, placed.pad, b.badge, label)
            }
        }
    }
}

/// The part of a cell where pieces have their heads, as fractions of the cell: left,
/// right, bottom edge (from the top).
const HEAD: (f32, f32, f32) = (0.36, 0.64, 0.3);
/// How far below a piece tile's top its art begins, as a fraction of the tile.
const PIECE_TOP: f32 = 0.06;
/// The most of a cell that badges may cover, so the piece under them stays visible.
const BADGE_COVER: f32 = 0.5;

/// A badge with its place in the cell.
struct Placed<'a> {
    badge: &'a Badge,
    /// The pill (without its 1-pixel rim) or the disc's bounding square.
    rect: (f32, f32, f32, f32),
    kind: PlacedKind,
}

enum PlacedKind {
    Pill(String),
    Disc,
}

impl<'a> Placed<'a> {
    fn pill(badge: &'a Badge, rect: (f32, f32, f32, f32), label: String) -> Placed<'a> {
        Placed {
            badge,
            rect,
            kind: PlacedKind::Pill(label),
        }
    }

    /// Everything the badge paints: the pill with its rim, the disc with its halo.
    fn outer(&self) -> (f32, f32, f32, f32) {
        let (x, y, w, h) = self.rect;
        (x - 1.0, y - 1.0, w + 2.0, h + 2.0)
    }
}

/// The badges of one cell, laid out, and the font and padding of their labels.
struct BadgeLayout<'a> {
    font: Font,
    pad: f32,
    badges: Vec<Placed<'a>>,
}

impl BadgeLayout<'_> {
    /// Every badge inside the cell, none overlapping another, and all of them together
    /// covering at most [`BADGE_COVER`] of the cell.
    fn fits(&self, r: PixelRect) -> bool {
        let (x0, y0, s) = (r.x as f32, r.y as f32, r.w as f32);
        let eps = 0.01;
        let boxes: Vec<_> = self.badges.iter().map(|b| b.outer()).collect();
        let inside = boxes.iter().all(|&(x, y, w, h)| {
            x >= x0 - eps && y >= y0 - eps && x + w <= x0 + s + eps && y + h <= y0 + s + eps
        });
        let apart = boxes.iter().enumerate().all(|(i, a)| {
            boxes[i + 1..].iter().all(|b| {
                a.0 + a.2 <= b.0 + eps
                    || b.0 + b.2 <= a.0 + eps
                    || a.1 + a.3 <= b.1 + eps
                    || b.1 + b.3 <= a.1 + eps
            })
        });
        let area: f32 = boxes.iter().map(|b| b.2 * b.3).sum();
        inside && apart && area <= BADGE_COVER * s * s
    }
}

/// Lays out a piece's badges in its cell: the largest badge font (at most about a
/// quarter of the cell) whose layout [fits](BadgeLayout::fits), else the smallest font
/// with one-letter labels in rows from the top, leaving out what finds no room.
fn place_badges(r: PixelRect, p: &PieceView) -> BadgeLayout<'_> {
    let mut size = Some(badge_size(r.w));
    while let Some(sz) = size {
        let layout = layout_badges(Font::bold(sz), r, p);
        if layout.fits(r) {
            return layout;
        }
        size = sz.smaller();
    }
    crowded_badges(Font::bold(TextSize::S10), r, p)
}

/// The last resort for a crowded cell: discs in their corners, then pills in the top
/// and the bottom row, each in its short form or, failing room, its first letter; a
/// pill that finds no free room is left out, so the piece's middle stays clear.
fn crowded_badges(f: Font, r: PixelRect, p: &PieceView) -> BadgeLayout<'_> {
    let mut layout = layout_badges(f, r, p);
    layout.badges.retain(|b| matches!(b.kind, PlacedKind::Disc));
    let h = f.height() as f32 + 2.0;
    let pad = layout.pad;
    let (x0, y0, s) = (r.x as f32, r.y as f32, r.w as f32);
    let rows = [y0 + 1.0, y0 + s - h - 1.0];
    for b in p.badges.iter().filter(|b| b.style != BadgeStyle::Disc) {
        let text = if b.short.is_empty() {
            &b.label
        } else {
            &b.short
        };
        let first: String = text.chars().take(1).collect();
        // A badge keeps to its corner's row and side while there is room.
        let top = matches!(b.corner, Corner::TopLeft | Corner::TopRight);
        let left = matches!(b.corner, Corner::TopLeft | Corner::BottomLeft);
        let order = if top { [0, 1] } else { [1, 0] };
        let found = [text.clone(), first].into_iter().find_map(|label| {
            let w = f.width(&label) as f32 + 2.0 * pad;
            let xs: Vec<f32> = (0..)
                .map(|i| i as f32)
                .take_while(|i| x0 + 1.0 + i + w + 1.0 <= x0 + s)
                .map(|i| {
                    if left {
                        x0 + 1.0 + i
                    } else {
                        x0 + s - 1.0 - w - i
                    }
                })
                .collect();
            order.iter().find_map(|&row| {
                xs.iter().find_map(|&x| {
                    let candidate = Placed {
                        badge: b,
                        rect: (x, rows[row], w, h),
                        kind: PlacedKind::Pill(label.clone()),
                    };
                    let o = candidate.outer();
                    let free = layout.badges.iter().all(|q| {
                        let a = q.outer();
                        a.0 + a.2 <= o.0 || o.0 + o.2 <= a.0 || a.1 + a.3 <= o.1 || o.1 + o.3 <= a.1
                    });
                    free.then_some(candidate)
                })
            })
        });
        if let Some(placed) = found {
            layout.badges.push(placed);
        }
    }
    layout
}

/// The badges of one piece laid out with font `f`. Each corner holds its own group, so
/// a piece with many stays readable: top-left badges stack downwards; top-right ones
/// run leftwards (wrapping below when they meet the top-left column); bottom ones run
/// inwards from their corner. A group is written in full words when they fit (at the
/// top, only when they keep clear of the piece's head), else in the short forms.
fn layout_badges(f: Font, r: PixelRect, p: &PieceView) -> BadgeLayout<'_> {
    let h = f.height() as f32 + 2.0;
    let pad = (f.advance() as f32 * 0.4).round();
    let (x0, y0, s) = (r.x as f32, r.y as f32, r.w as f32);
    let (head_l, head_r) = (x0 + HEAD.0 * s, x0 + HEAD.1 * s);
    let pill_w = |label: &str| f.width(label) as f32 + 2.0 * pad;
    let group = |corner: Corner| -> Vec<&Badge> {
        p.badges
            .iter()
            .filter(|b| b.corner == corner && b.style != BadgeStyle::Disc)
            .collect()
    };
    let room = s - 2.0;
    let row_w = |badges: &[&Badge]| -> f32 {
        badges.iter().map(|b| pill_w(&b.label) + 2.0).sum::<f32>() - 2.0
    };
    let text = |b: &Badge, words: bool| -> String {
        let t = if words || b.short.is_empty() {
            &b.label
        } else {
            &b.short
        };
        // On the smallest squares even a short form is cut to what fits.
        f.fit_plain(t, (room - 2.0 * pad).max(0.0) as u32)
    };
    let mut out = Vec::new();
    let mut pills: Vec<Placed> = Vec::new();

    // Top-left: a stack, in words only when it has the top row to itself.
    let tl = group(Corner::TopLeft);
    let tr = group(Corner::TopRight);
    let tl_words = tl.len() <= 2
        && tr.is_empty()
        && tl
            .iter()
            .all(|b| x0 + 1.0 + pill_w(&b.label) <= head_l.min(x0 + room));
    let mut left_y = y0 + 1.0;
    let mut left_w: f32 = 0.0;
    for b in &tl {
        let label = text(b, tl_words);
        let w = pill_w(&label);
        pills.push(Placed::pill(b, (x0 + 1.0, left_y, w, h), label));
        left_w = left_w.max(w);
        left_y += h + 2.0;
    }
    let left_rows_end = left_y;

    // Top-right: leftwards, wrapping below.
    let tr_words = x0 + s - 1.0 - row_w(&tr) >= head_r;
    let mut cursor = x0 + s - 1.0;
    let mut row_y = y0 + 1.0;
    for b in &tr {
        let label = text(b, tr_words);
        let w = pill_w(&label);
        let left_edge = |row_y: f32| {
            if row_y < left_rows_end {
                x0 + left_w + 3.0
            } else {
                x0 + 1.0
            }
        };
        // A row already holding a badge wraps.
        if cursor - w < left_edge(row_y) && cursor < x0 + s - 2.0 {
            cursor = x0 + s - 1.0;
            row_y += h + 2.0;
        }
        let bx = cursor - w;
        pills.push(Placed::pill(b, (bx, row_y, w, h), label));
        cursor = bx - 2.0;
    }

    // Bottom-left: discs in the piece's colours, then any pills rightwards.
    let mut bl_x = x0 + 1.0;
    let rad = (s * 0.13).max(3.0);
    for b in p.badges.iter().filter(|b| b.style == BadgeStyle::Disc) {
        let (cx, cy) = match b.corner {
            Corner::TopLeft => (x0 + rad + 2.0, y0 + rad + 2.0),
            Corner::TopRight => (x0 + s - rad - 2.0, y0 + rad + 2.0),
            Corner::BottomRight => (x0 + s - rad - 2.0, y0 + s - rad - 2.0),
            Corner::BottomLeft => {
                bl_x = x0 + 2.0 * rad + 5.0;
                (x0 + rad + 2.0, y0 + s - rad - 2.0)
            }
        };
        out.push(Placed {
            badge: b,
            rect: (cx - rad, cy - rad, 2.0 * rad, 2.0 * rad),
            kind: PlacedKind::Disc,
        });
    }
    let bl = group(Corner::BottomLeft);
    let bl_words = row_w(&bl) <= x0 + s - 1.0 - bl_x;
    for b in &bl {
        let label = text(b, bl_words);
        let w = pill_w(&label);
        pills.push(Placed::pill(b, (bl_x, y0 + s - h - 1.0, w, h), label));
        bl_x += w + 2.0;
    }

    // Bottom-right: leftwards, wrapping above.
    let br = group(Corner::BottomRight);
    let br_words = row_w(&br) <= x0 + s - 1.0 - bl_x;
    let mut cursor = x0 + s - 1.0;
    let mut row_y = y0 + s - h - 1.0;
    for b in &br {
        let label = text(b, br_words);
        let w = pill_w(&label);
        if cursor - w < bl_x && cursor < x0 + s - 2.0 {
            cursor = x0 + s - 1.0;
            row_y -= h + 2.0;
        }
        let bx = cursor - w;
        pills.push(Placed::pill(b, (bx, row_y, w, h), label));
        cursor = bx - 2.0;
    }
    out.extend(pills);
    BadgeLayout {
        font: f,
        pad,
        badges: out,
    }
}

/// A token's disc (at a piece's foot, or alone): the side's fill inside a thick ring of
/// its outline colour, and a thin outer halo of the fill colour, so it stands out on
/// light and dark squares alike. `cell` is the cell's side in pixels.
fn draw_disc(c: &mut Canvas, cx: f32, cy: f32, rad: f32, side: Side, cell: f32) {
    let (fill, line) = piece_colours(side);
    let ring = (cell / 18.0).max(2.5);
    c.fill_circle(cx, cy, rad + 1.0, fill);
    c.fill_circle(cx, cy, rad, line);
    c.fill_circle(cx, cy, (rad - ring).max(1.0), fill);
}

/// One badge: a rounded pill with a thin dark rim for contrast on any square, filled
/// with its tone, or hollow (tone rim and label on a dark fill).
fn badge_pill(
    c: &mut Canvas,
    f: Font,
    (x, y, w, h): (f32, f32, f32, f32),
    pad: f32,
    badge: &Badge,
    label: &str,
) {
    let tone = tone_colour(badge.tone);
    c.fill_round_rect(
        x - 1.0,
        y - 1.0,
        w + 2.0,
        h + 2.0,
        h / 2.0 + 1.0,
        colours::BADGE_RIM,
    );
    let fg = match badge.style {
        BadgeStyle::Hollow => {
            let rim = (h / 8.0).max(2.0);
            c.fill_round_rect(x, y, w, h, h / 2.0, tone);
            c.fill_round_rect(
                x + rim,
                y + rim,
                w - 2.0 * rim,
                h - 2.0 * rim,
                (h / 2.0 - rim).max(1.0),
                colours::HOLLOW_FILL,
            );
            canvas::mix(tone, [255, 255, 255], 110)
        }
        BadgeStyle::Filled | BadgeStyle::Disc => {
            c.fill_round_rect(x, y, w, h, h / 2.0, tone);
            label_colour(tone)
        }
    };
    f.draw(c, (x + pad) as i32, (y + 1.0) as i32, label, fg);
}

fn draw_token(c: &mut Canvas, r: PixelRect, occupied: bool, side: Side) {
    let s = r.w as f32;
    // Alone, a token sits in the middle of its cell; beside a piece, in the corner.
    let (cx, cy, rad) = if occupied {
        let rad = (s * 0.13).max(3.0);
        (r.x as f32 + rad + 2.0, r.y as f32 + s - rad - 2.0, rad)
    } else {
        let (cx, cy) = r.centre();
        (cx as f32, cy as f32, s * 0.2)
    };
    draw_disc(c, cx, cy, rad, side, s);
}

fn draw_bar(c: &mut Canvas, l: &Layout, view: &View, side: Side, lang: Lang) {
    let r = l.side_bar(side);
    let top = side != l.bottom;
    let active = view.to_move == Some(side) && view.result.is_none();
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

    let name_font = l.name_font();
    let note_font = l.note_font();
    let notes = view.notes[side.index()].join("  ·  ");
    let left = l.margin as i32;

    // Colour chip: a small king in the player's colour on a neutral disc, so both
    // colours read on the dark bar.
    let chip = (h as f32 * 0.8).round();
    let chip_y = y as f32 + (h as f32 - chip) / 2.0;
    c.fill_circle(
        left as f32 + chip / 2.0,
        chip_y + chip / 2.0,
        chip / 2.0,
        [112, 116, 124],
    );
    let king = tiles::tiles(chip as u32);
    c.blit(
        king.piece(crate::core::Piece::new(side, crate::core::Role::King)),
        left,
        chip_y as i32,
    );

    // Right-hand side: "to move" pill, or the result in the top bar, then the title.
    let mut right = w - left;
    if active {
        let label = tr(lang, "render-to-move");
        let label = label.as_str();
        let pad = note_font.advance() as i32;
        let pw = note_font.width(label) as i32 + 2 * pad;
        let ph = note_font.height() as i32 + 6;
        let py = y + (h - ph) / 2;
        c.fill_round_rect(
            (right - pw) as f32,
            py as f32,
            pw as f32,
            ph as f32,
            ph as f32 / 2.0,
            colours::ACCENT,
        );
        note_font.draw(c, right - pw + pad, py + 3, label, [16, 28, 12]);
        right -= pw + pad;
    }
    let text_x = left + chip as i32 + 12;
    let notes_block = !notes.is_empty();
    let block = name_font.height() as i32 + note_font.height() as i32 - 2;
    let name_y = if notes_block {
        y + (h - block) / 2
    } else {
        y + (h - name_font.height() as i32) / 2
    };
    // The notes line is cut only by the "to move" tag; the name line also holds the
    // result or the title on the top bar.
    let notes_right = right;
    if top {
        let name_w = name_font.width(&view.names[side.index()]) as i32;
        match &view.result {
            // The result matters more than the name: it takes what the name leaves on
            // the name's line, and never shortens the notes below.
            Some(res) => {
                let x0 = text_x + name_w.min(l.width as i32 / 3) + 16;
                // A second line lies beside the notes, so it keeps clear of them.
                let x0_two = if notes_block {
                    x0.max(text_x + note_font.width(&notes) as i32 + 16)
                } else {
                    x0
                };
                let (font, lines) = result_lines(
                    res,
                    note_font.size,
                    (right - x0).max(0) as u32,
                    (right - x0_two).max(0) as u32,
                    h as u32,
                );
                let fh = font.height() as i32;
                let mut ry = if lines.len() > 1 {
                    y + (h - fh * lines.len() as i32) / 2
                } else if notes_block {
                    name_y + (name_font.height() as i32 - fh) / 2
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
                right -= widest + 16;
            }
            // The title is shown only when it leaves the name and notes whole.
            None => {
                let own = name_w.max(note_font.width(&notes) as i32);
                let tw = note_font.width(&view.title) as i32;
                if text_x + own + 24 + tw <= right {
                    let ty = y + (h - note_font.height() as i32) / 2;
                    note_font.draw(c, right - tw, ty, &view.title, colours::NOTE);
                    right -= tw + 16;
                }
            }
        }
    }

    // Name, and the notes under it.
    let name = name_font.fit(&view.names[side.index()], (right - text_x).max(0) as u32);
    name_font.draw(c, text_x, name_y, &name, colours::NAME);
    if notes_block {
        let notes = note_font.fit(&notes, (notes_right - text_x).max(0) as u32);
        note_font.draw(
            c,
            text_x,
            name_y + name_font.height() as i32 - 2,
            &notes,
            colours::NOTE,
        );
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
