//! Board images: a per-viewer [`View`] in, PNG bytes out. Knows nothing of Discord or
//! the store. The layout is public so tests (and callers) can find squares by pixel.

mod canvas;
mod text;
mod tiles;

use crate::core::view::{Badge, PieceView, SquareMark, View};
use crate::core::{Cell, Side, Square};
use canvas::{Canvas, Rgb};
use text::{Font, TextSize};

pub use tiles::piece_colours;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Board size in pixels (the bars and the label frame are added around it). Clamped
    /// to [`MIN_SIZE`]..=[`MAX_SIZE`] and rounded down to a multiple of 8.
    pub size: u32,
    /// Fix the orientation: `Some(side)` draws from that side; `None` draws from the
    /// side of the player to move.
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
    pub const FROZEN: Rgb = [70, 160, 255];
    pub const JUMP: Rgb = [176, 92, 226];
    pub const SETUP: Rgb = [64, 170, 80];
    pub const WICKET: Rgb = [214, 226, 196];
    pub const WICKET_RIM: Rgb = [92, 130, 70];
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
/// board has wicket cells. Nothing depends on the position, so the picture keeps its
/// shape for a whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Side of a square in pixels.
    pub square: u32,
    /// The side drawn at the bottom.
    pub bottom: Side,
    pub wickets: bool,
    /// Width of the label frame around the board.
    pub margin: u32,
    /// Side of a wicket cell.
    pub wicket: u32,
    /// Height of each player bar.
    pub bar: u32,
    pub width: u32,
    pub height: u32,
    /// Top-left corner of square (file a or h, rank 8 or 1).
    pub board_x: u32,
    pub board_y: u32,
}

impl Layout {
    pub fn new(size: u32, bottom: Side, wickets: bool) -> Layout {
        let board = size.clamp(MIN_SIZE, MAX_SIZE) / 8 * 8;
        let square = board / 8;
        let margin = (square * 2 / 5).max(16);
        let wicket = square * 5 / 8;
        let bar = square * 7 / 8;
        let edge = margin + if wickets { wicket } else { 0 };
        Layout {
            square,
            bottom,
            wickets,
            margin,
            wicket,
            bar,
            width: board + 2 * margin,
            height: 2 * bar + 2 * edge + board,
            board_x: margin,
            board_y: bar + edge,
        }
    }

    /// The layout `render_png` uses for this view and these options.
    pub fn for_view(view: &View, options: &RenderOptions) -> Layout {
        Layout::new(options.size, bottom_side(view, options), view.wickets)
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

    /// A board square or, on a board with wickets, a wicket cell: a smaller cell just
    /// outside the board edge behind e1 (`w0`) or e8 (`w9`).
    pub fn cell_rect(&self, cell: Cell) -> Option<PixelRect> {
        match cell {
            Cell::Board(sq) => Some(self.square_rect(sq)),
            Cell::Wicket(side) if self.wickets => {
                let x =
                    self.board_x + self.column(4) * self.square + (self.square - self.wicket) / 2;
                let y = if side == self.bottom {
                    self.board_y + self.board_size()
                } else {
                    self.board_y - self.wicket
                };
                Some(PixelRect {
                    x,
                    y,
                    w: self.wicket,
                    h: self.wicket,
                })
            }
            Cell::Wicket(_) => None,
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

    fn badge_font(&self) -> Font {
        Font::bold(TextSize::at_most(self.square / 4))
    }
}

/// The side drawn at the bottom: fixed by the options, else the player to move, else
/// White.
pub fn bottom_side(view: &View, options: &RenderOptions) -> Side {
    options.orientation.or(view.to_move).unwrap_or(Side::White)
}

/// Convenience for tests and callers: a square's pixels on a board without wickets.
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

/// How a badge looks: background, text colour, label.
fn badge_style(badge: Badge) -> (Rgb, Rgb, String) {
    const WHITE: Rgb = [255, 255, 255];
    match badge {
        Badge::Asleep(n) => ([64, 96, 214], WHITE, format!("z{n}")),
        Badge::Statue(n) => ([112, 116, 124], WHITE, format!("st{n}")),
        Badge::Slow(n) => ([150, 96, 44], WHITE, format!("sl{n}")),
        Badge::Sick(n) => ([52, 140, 60], WHITE, format!("sk{n}")),
        Badge::Peaceful => ([40, 160, 190], WHITE, "pc".to_string()),
        Badge::Fast => ([232, 132, 20], WHITE, "»".to_string()),
        Badge::Protected => ([236, 196, 40], [30, 30, 30], "pr".to_string()),
        Badge::Wand(kind) => ([132, 64, 200], WHITE, kind.short().to_string()),
        Badge::WandDestroyed => ([168, 36, 36], WHITE, "×".to_string()),
        Badge::Defender => ([30, 120, 70], WHITE, "D".to_string()),
        Badge::BallHaver => ([0, 0, 0], WHITE, String::new()),
    }
}

/// Draws `view` and encodes it as PNG.
pub fn render_png(view: &View, options: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    let canvas = render_canvas(view, options);
    canvas
        .encode_png()
        .map_err(|e| RenderError::Encode(e.to_string()))
}

/// Draws `view` into an RGB8 image (no encoding).
pub fn render_rgb(view: &View, options: &RenderOptions) -> image::RgbImage {
    let c = render_canvas(view, options);
    // The buffer has exactly width * height * 3 bytes by construction; the fallback
    // is never taken.
    image::RgbImage::from_raw(c.w, c.h, c.buf).unwrap_or_else(|| image::RgbImage::new(1, 1))
}

fn render_canvas(view: &View, options: &RenderOptions) -> Canvas {
    let l = Layout::for_view(view, options);
    let mut c = Canvas::new(l.width, l.height, colours::FRAME);
    let board_tiles = tiles::tiles(l.square);

    // Squares with their marks.
    for sq in Square::all() {
        let r = l.square_rect(sq);
        let (x, y, s) = (r.x as i32, r.y as i32, r.w as i32);
        c.fill_rect(x, y, s, s, square_colour(sq));
    }
    for &cell in &view.last_move {
        if let Some(r) = l.cell_rect(cell) {
            let (x, y, w) = (r.x as i32, r.y as i32, r.w as i32);
            c.blend_rect(x, y, w, w, colours::LAST_MOVE, colours::LAST_MOVE_ALPHA);
        }
    }
    for &(sq, mark) in &view.marks {
        draw_mark(&mut c, &l, sq, mark);
    }
    for sq in view.walls {
        let r = l.square_rect(sq);
        c.blit(&board_tiles.wall, r.x as i32, r.y as i32);
    }
    draw_labels(&mut c, &l);
    if l.wickets {
        draw_wickets(&mut c, &l, view);
    }
    for &cell in &view.check {
        if let Some(r) = l.cell_rect(cell) {
            let t = tiles::tiles(r.w);
            c.blit(&t.check, r.x as i32, r.y as i32);
        }
    }
    for p in &view.pieces {
        draw_piece(&mut c, &l, p);
    }
    for &(cell, side) in &view.balls {
        draw_ball(&mut c, &l, view, cell, side);
    }
    for side in Side::BOTH {
        draw_bar(&mut c, &l, view, side);
    }
    c
}

fn draw_mark(c: &mut Canvas, l: &Layout, sq: Square, mark: SquareMark) {
    let r = l.square_rect(sq);
    let (x, y, s) = (r.x as i32, r.y as i32, r.w as i32);
    let rim = (s / 16).max(2);
    match mark {
        SquareMark::Frozen => {
            c.blend_rect(x, y, s, s, colours::FROZEN, 130);
            c.frame_rect((x, y, s, s), rim, colours::FROZEN, 255);
        }
        SquareMark::FrozenSpent => {
            c.blend_rect(x, y, s, s, colours::FROZEN, 50);
            c.frame_rect((x, y, s, s), (rim / 2).max(1), colours::FROZEN, 160);
        }
        SquareMark::Jump => {
            c.blend_rect(x, y, s, s, colours::JUMP, 70);
            c.frame_rect((x, y, s, s), rim, colours::JUMP, 255);
        }
        SquareMark::Setup => {
            let (cx, cy) = r.centre();
            c.fill_circle(cx as f32, cy as f32, s as f32 * 0.14, colours::SETUP);
        }
    }
}

fn draw_labels(c: &mut Canvas, l: &Layout) {
    let f = l.label_font();
    let board = l.board_size() as i32;
    let bottom_strip = l.board_y as i32 + board + if l.wickets { l.wicket as i32 } else { 0 };
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

fn draw_wickets(c: &mut Canvas, l: &Layout, view: &View) {
    for side in Side::BOTH {
        let Some(r) = l.cell_rect(Cell::Wicket(side)) else {
            continue;
        };
        let (x, y, w) = (r.x as i32, r.y as i32, r.w as i32);
        c.fill_rect(x, y, w, w, colours::WICKET);
        if view.last_move.contains(&Cell::Wicket(side)) {
            c.blend_rect(x, y, w, w, colours::LAST_MOVE, colours::LAST_MOVE_ALPHA);
        }
        c.frame_rect((x, y, w, w), (w / 16).max(2), colours::WICKET_RIM, 255);
    }
}

fn draw_piece(c: &mut Canvas, l: &Layout, p: &PieceView) {
    let Some(r) = l.cell_rect(p.cell) else { return };
    let t = tiles::tiles(r.w);
    c.blit(t.piece(p.piece), r.x as i32, r.y as i32);
    draw_badges(c, l, r, p);
}

fn draw_badges(c: &mut Canvas, l: &Layout, r: PixelRect, p: &PieceView) {
    let f = l.badge_font();
    let h = f.height() as f32 + 2.0;
    let pad = (f.advance() as f32 * 0.4).round();
    let (x0, y0, s) = (r.x as f32, r.y as f32, r.w as f32);
    let pill_w = |label: &str| f.width(label) as f32 + 2.0 * pad;
    // Four corners, so that a piece with many marks stays readable: permanent
    // conditions (fast, peaceful, protected, Defender) stack down the top-left corner;
    // timed statuses run from the top-right corner leftwards (wrapping below when they
    // meet that column); the wand sits bottom-right and the ball bottom-left, where the
    // piece's base is.
    let permanent = |b: &Badge| {
        matches!(
            b,
            Badge::Fast | Badge::Peaceful | Badge::Protected | Badge::Defender
        )
    };
    let mut left_y = y0 + 1.0;
    let mut left_w: f32 = 0.0;
    for &badge in p.badges.iter().filter(|b| permanent(b)) {
        let (bg, fg, label) = badge_style(badge);
        let w = pill_w(&label);
        pill(c, x0 + 1.0, left_y, w, h, bg);
        f.draw(
            c,
            (x0 + 1.0 + pad) as i32,
            (left_y + 1.0) as i32,
            &label,
            fg,
        );
        left_w = left_w.max(w);
        left_y += h + 1.0;
    }
    let left_rows_end = left_y;
    let mut cursor = x0 + s - 1.0;
    let mut row_y = y0 + 1.0;
    for &badge in p.badges.iter().filter(|b| !permanent(b)) {
        let (bg, fg, label) = badge_style(badge);
        match badge {
            Badge::BallHaver => {
                let rad = s * 0.13;
                let (fill, line) = piece_colours(p.piece.side);
                c.fill_circle(x0 + rad + 2.0, y0 + s - rad - 2.0, rad, line);
                c.fill_circle(x0 + rad + 2.0, y0 + s - rad - 2.0, rad - 1.5, fill);
            }
            Badge::Wand(_) | Badge::WandDestroyed => {
                let w = pill_w(&label);
                let (bx, by) = (x0 + s - w - 1.0, y0 + s - h - 1.0);
                pill(c, bx, by, w, h, bg);
                f.draw(c, (bx + pad) as i32, (by + 1.0) as i32, &label, fg);
            }
            _ => {
                let w = pill_w(&label);
                let left_edge = if row_y < left_rows_end {
                    x0 + left_w + 3.0
                } else {
                    x0 + 1.0
                };
                if cursor - w < left_edge && cursor < x0 + s - 2.0 {
                    cursor = x0 + s - 1.0;
                    row_y += h + 1.0;
                }
                let bx = cursor - w;
                pill(c, bx, row_y, w, h, bg);
                f.draw(c, (bx + pad) as i32, (row_y + 1.0) as i32, &label, fg);
                cursor = bx - 2.0;
            }
        }
    }
}

/// A badge background: a rounded pill with a thin dark rim for contrast on any square.
fn pill(c: &mut Canvas, x: f32, y: f32, w: f32, h: f32, bg: Rgb) {
    c.fill_round_rect(
        x - 1.0,
        y - 1.0,
        w + 2.0,
        h + 2.0,
        h / 2.0 + 1.0,
        [20, 20, 24],
    );
    c.fill_round_rect(x, y, w, h, h / 2.0, bg);
}

fn draw_ball(c: &mut Canvas, l: &Layout, view: &View, cell: Cell, side: Side) {
    let Some(r) = l.cell_rect(cell) else { return };
    let s = r.w as f32;
    let occupied = view.piece_at(cell).is_some();
    // Alone, a ball sits in the middle of its cell; beside a piece, in the corner.
    let (cx, cy, rad) = if occupied {
        let rad = s * 0.13;
        (r.x as f32 + rad + 2.0, r.y as f32 + s - rad - 2.0, rad)
    } else {
        let (cx, cy) = r.centre();
        (cx as f32, cy as f32, s * 0.2)
    };
    let (fill, line) = piece_colours(side);
    c.fill_circle(cx, cy, rad, line);
    c.fill_circle(cx, cy, rad - (s / 32.0).max(1.5), fill);
}

fn draw_bar(c: &mut Canvas, l: &Layout, view: &View, side: Side) {
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
        let label = "to move";
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
    if top {
        let name_w = name_font.width(&view.names[side.index()]) as i32;
        match &view.result {
            // The result matters more than the notes: it takes what the name leaves.
            Some(res) => {
                let font = Font::bold(note_font.size);
                let x0 = text_x + name_w.min(l.width as i32 / 3) + 16;
                let text = font.fit(res, (right - x0).max(0) as u32);
                let tw = font.width(&text) as i32;
                font.draw(
                    c,
                    right - tw,
                    y + (h - font.height() as i32) / 2,
                    &text,
                    colours::RESULT,
                );
                right -= tw + 16;
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
    let avail = (right - text_x).max(0) as u32;
    let name = name_font.fit(&view.names[side.index()], avail);
    if notes.is_empty() {
        name_font.draw(
            c,
            text_x,
            y + (h - name_font.height() as i32) / 2,
            &name,
            colours::NAME,
        );
    } else {
        let block = name_font.height() as i32 + note_font.height() as i32 - 2;
        let ny = y + (h - block) / 2;
        name_font.draw(c, text_x, ny, &name, colours::NAME);
        let notes = note_font.fit(&notes, avail);
        note_font.draw(
            c,
            text_x,
            ny + name_font.height() as i32 - 2,
            &notes,
            colours::NOTE,
        );
    }
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
    fn wickets_sit_outside_the_board_behind_the_kings() {
        let l = Layout::new(512, Side::White, true);
        let w0 = l.cell_rect(Cell::Wicket(Side::White)).expect("w0");
        let e1 = l.square_rect(Square::E1);
        assert_eq!(w0.y, e1.y + e1.h);
        assert!(w0.x > e1.x && w0.x + w0.w < e1.x + e1.w);
        let w9 = l.cell_rect(Cell::Wicket(Side::Black)).expect("w9");
        assert_eq!(w9.y + w9.h, l.square_rect(Square::E8).y);
        assert!(Layout::new(512, Side::White, false)
            .cell_rect(Cell::Wicket(Side::White))
            .is_none());
    }
}
