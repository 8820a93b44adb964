//! A piece's badges (pills of words and discs in its corners), tokens, and the piece
//! itself, shrunk below badges over its head.

use super::canvas::{mix, Canvas, Rgb};
use super::text::{Font, TextSize};
use super::{colours, piece_colours, tiles, tone_colour, PixelRect};
use crate::core::view::{Badge, BadgeStyle, Corner, PieceView, Tone};
use crate::core::Side;

/// The colour of a filled badge's label: dark on light tones, white otherwise.
pub(super) fn label_colour(bg: Rgb) -> Rgb {
    let luma = (bg[0] as u32 * 299 + bg[1] as u32 * 587 + bg[2] as u32 * 114) / 1000;
    if luma > 150 {
        [30, 30, 30]
    } else {
        [255, 255, 255]
    }
}

/// The badge font for a cell of `s` pixels: about a quarter of the cell, smaller fonts
/// being tried when the badges do not fit (see [`layout_badges`]).
fn badge_size(s: u32) -> TextSize {
    TextSize::at_most_small(s / 4)
}

pub(super) fn draw_piece(c: &mut Canvas, r: PixelRect, p: &PieceView) {
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
        let apart = boxes
            .iter()
            .enumerate()
            .all(|(i, a)| boxes[i + 1..].iter().all(|b| disjoint(*a, *b, eps)));
        let area: f32 = boxes.iter().map(|b| b.2 * b.3).sum();
        inside && apart && area <= BADGE_COVER * s * s
    }
}

/// Whether two boxes `(x, y, w, h)` do not overlap, touching allowed (within `eps`).
fn disjoint(a: (f32, f32, f32, f32), b: (f32, f32, f32, f32), eps: f32) -> bool {
    a.0 + a.2 <= b.0 + eps
        || b.0 + b.2 <= a.0 + eps
        || a.1 + a.3 <= b.1 + eps
        || b.1 + b.3 <= a.1 + eps
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
                    let free = layout.badges.iter().all(|q| disjoint(q.outer(), o, 0.0));
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
    let cell = Pills::new(f, r, p);
    let mut pills: Vec<Placed> = Vec::new();
    let tr = cell.group(Corner::TopRight);
    let left = cell.top_left(&cell.group(Corner::TopLeft), tr.is_empty(), &mut pills);
    cell.top_right(&tr, left, &mut pills);
    let (mut out, bl_x) = cell.discs();
    let bl_x = cell.bottom_left(&cell.group(Corner::BottomLeft), bl_x, &mut pills);
    cell.bottom_right(&cell.group(Corner::BottomRight), bl_x, &mut pills);
    out.extend(pills);
    BadgeLayout {
        font: f,
        pad: cell.pad,
        badges: out,
    }
}

/// One cell's measures for laying out its badges' pills with one font.
struct Pills<'a> {
    f: Font,
    p: &'a PieceView,
    /// A pill's height and its label's padding.
    h: f32,
    pad: f32,
    /// The cell's corner and side.
    x0: f32,
    y0: f32,
    s: f32,
    /// Where the piece's head is, left and right.
    head_l: f32,
    head_r: f32,
    /// The widest a pill may be.
    room: f32,
}

/// How far the top-left stack reaches: its widest pill, and the row below it.
#[derive(Clone, Copy)]
struct LeftStack {
    width: f32,
    rows_end: f32,
}

impl<'a> Pills<'a> {
    fn new(f: Font, r: PixelRect, p: &'a PieceView) -> Pills<'a> {
        let (x0, y0, s) = (r.x as f32, r.y as f32, r.w as f32);
        Pills {
            f,
            p,
            h: f.height() as f32 + 2.0,
            pad: (f.advance() as f32 * 0.4).round(),
            x0,
            y0,
            s,
            head_l: x0 + HEAD.0 * s,
            head_r: x0 + HEAD.1 * s,
            room: s - 2.0,
        }
    }

    fn pill_w(&self, label: &str) -> f32 {
        self.f.width(label) as f32 + 2.0 * self.pad
    }

    /// The pills (not discs) of one corner.
    fn group(&self, corner: Corner) -> Vec<&'a Badge> {
        self.p
            .badges
            .iter()
            .filter(|b| b.corner == corner && b.style != BadgeStyle::Disc)
            .collect()
    }

    /// The width of a row of pills in words.
    fn row_w(&self, badges: &[&Badge]) -> f32 {
        badges
            .iter()
            .map(|b| self.pill_w(&b.label) + 2.0)
            .sum::<f32>()
            - 2.0
    }

    /// A badge's label: in words or its short form.
    fn text(&self, b: &Badge, words: bool) -> String {
        let t = if words || b.short.is_empty() {
            &b.label
        } else {
            &b.short
        };
        // On the smallest squares even a short form is cut to what fits.
        self.f
            .fit_plain(t, (self.room - 2.0 * self.pad).max(0.0) as u32)
    }

    /// Top-left: a stack, in words only when it has the top row to itself.
    fn top_left(&self, tl: &[&'a Badge], alone: bool, pills: &mut Vec<Placed<'a>>) -> LeftStack {
        let (x0, h) = (self.x0, self.h);
        let words = tl.len() <= 2
            && alone
            && tl
                .iter()
                .all(|b| x0 + 1.0 + self.pill_w(&b.label) <= self.head_l.min(x0 + self.room));
        let mut left_y = self.y0 + 1.0;
        let mut left_w: f32 = 0.0;
        for b in tl {
            let label = self.text(b, words);
            let w = self.pill_w(&label);
            pills.push(Placed::pill(b, (x0 + 1.0, left_y, w, h), label));
            left_w = left_w.max(w);
            left_y += h + 2.0;
        }
        LeftStack {
            width: left_w,
            rows_end: left_y,
        }
    }

    /// Top-right: leftwards, wrapping below.
    fn top_right(&self, tr: &[&'a Badge], left: LeftStack, pills: &mut Vec<Placed<'a>>) {
        let (x0, s, h) = (self.x0, self.s, self.h);
        let words = x0 + s - 1.0 - self.row_w(tr) >= self.head_r;
        let mut cursor = x0 + s - 1.0;
        let mut row_y = self.y0 + 1.0;
        for b in tr {
            let label = self.text(b, words);
            let w = self.pill_w(&label);
            let left_edge = |row_y: f32| {
                if row_y < left.rows_end {
                    x0 + left.width + 3.0
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
    }

    /// The discs in the piece's colours, each in its corner, and where the bottom-left
    /// pills start beside them.
    fn discs(&self) -> (Vec<Placed<'a>>, f32) {
        let (x0, y0, s) = (self.x0, self.y0, self.s);
        let mut out = Vec::new();
        let mut bl_x = x0 + 1.0;
        let rad = (s * 0.13).max(3.0);
        for b in self.p.badges.iter().filter(|b| b.style == BadgeStyle::Disc) {
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
        (out, bl_x)
    }

    /// Bottom-left: rightwards from `bl_x`; gives where the row ends.
    fn bottom_left(&self, bl: &[&'a Badge], mut bl_x: f32, pills: &mut Vec<Placed<'a>>) -> f32 {
        let (x0, y0, s, h) = (self.x0, self.y0, self.s, self.h);
        let words = self.row_w(bl) <= x0 + s - 1.0 - bl_x;
        for b in bl {
            let label = self.text(b, words);
            let w = self.pill_w(&label);
            pills.push(Placed::pill(b, (bl_x, y0 + s - h - 1.0, w, h), label));
            bl_x += w + 2.0;
        }
        bl_x
    }

    /// Bottom-right: leftwards, wrapping above, keeping clear of the bottom-left row
    /// (ending at `bl_x`).
    fn bottom_right(&self, br: &[&'a Badge], bl_x: f32, pills: &mut Vec<Placed<'a>>) {
        let (x0, y0, s, h) = (self.x0, self.y0, self.s, self.h);
        let words = self.row_w(br) <= x0 + s - 1.0 - bl_x;
        let mut cursor = x0 + s - 1.0;
        let mut row_y = y0 + s - h - 1.0;
        for b in br {
            let label = self.text(b, words);
            let w = self.pill_w(&label);
            if cursor - w < bl_x && cursor < x0 + s - 2.0 {
                cursor = x0 + s - 1.0;
                row_y -= h + 2.0;
            }
            let bx = cursor - w;
            pills.push(Placed::pill(b, (bx, row_y, w, h), label));
            cursor = bx - 2.0;
        }
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
            hollow_label(badge.tone)
        }
        BadgeStyle::Filled | BadgeStyle::Disc => {
            c.fill_round_rect(x, y, w, h, h / 2.0, tone);
            label_colour(tone)
        }
    };
    f.draw(c, (x + pad) as i32, (y + 1.0) as i32, label, fg);
}

/// A hollow badge's label colour: its tone, lightened.
pub(super) fn hollow_label(tone: Tone) -> Rgb {
    mix(tone_colour(tone), [255, 255, 255], 110)
}

pub(super) fn draw_token(c: &mut Canvas, r: PixelRect, occupied: bool, side: Side) {
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
