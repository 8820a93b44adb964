//! The project's own piece art (vector silhouettes drawn with imageproc and smoothed by
//! supersampling) and the other prepared tiles (stone, check glow), built once per pixel
//! size and cached for every later frame.

use super::canvas::{Rgb, Sprite};
use crate::core::{Piece, Role, Side};
use image::{GrayImage, Luma};
use imageproc::distance_transform::Norm;
use imageproc::drawing::{
    draw_filled_circle_mut, draw_filled_ellipse_mut, draw_filled_rect_mut, draw_polygon_mut,
};
use imageproc::point::Point;
use imageproc::rect::Rect;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Supersampling factor: shapes are drawn this many times larger, then averaged down.
const SUPER: u32 = 4;

/// Part of a silhouette, in unit coordinates of the tile (x right, y down).
enum Shape {
    Poly(&'static [(f32, f32)]),
    Circle(f32, f32, f32),
    Ellipse(f32, f32, f32, f32),
    /// x0, y0, x1, y1.
    Rect(f32, f32, f32, f32),
}

/// Inner lines drawn in the outline colour over the filled silhouette.
enum Detail {
    Line(f32, f32, f32, f32),
    Dot(f32, f32, f32),
}

struct Art {
    body: &'static [Shape],
    details: &'static [Detail],
}

use Detail::{Dot, Line};
use Shape::{Circle, Ellipse, Poly, Rect as R};

const PAWN: Art = Art {
    body: &[
        Circle(0.5, 0.29, 0.115),
        Ellipse(0.5, 0.445, 0.145, 0.045),
        Poly(&[(0.41, 0.44), (0.59, 0.44), (0.67, 0.75), (0.33, 0.75)]),
        R(0.27, 0.73, 0.73, 0.86),
    ],
    details: &[Line(0.33, 0.75, 0.67, 0.75)],
};

const ROOK: Art = Art {
    body: &[
        R(0.26, 0.15, 0.37, 0.30),
        R(0.445, 0.15, 0.555, 0.30),
        R(0.63, 0.15, 0.74, 0.30),
        R(0.26, 0.27, 0.74, 0.37),
        Poly(&[(0.33, 0.36), (0.67, 0.36), (0.69, 0.73), (0.31, 0.73)]),
        R(0.25, 0.71, 0.75, 0.80),
        R(0.20, 0.78, 0.80, 0.88),
    ],
    details: &[
        Line(0.30, 0.365, 0.70, 0.365),
        Line(0.30, 0.72, 0.70, 0.72),
        Line(0.24, 0.79, 0.76, 0.79),
    ],
};

const BISHOP: Art = Art {
    body: &[
        Circle(0.5, 0.14, 0.055),
        Poly(&[(0.5, 0.16), (0.62, 0.30), (0.38, 0.30)]),
        Ellipse(0.5, 0.41, 0.155, 0.205),
        Ellipse(0.5, 0.635, 0.175, 0.05),
        Poly(&[(0.42, 0.64), (0.58, 0.64), (0.65, 0.79), (0.35, 0.79)]),
        R(0.21, 0.77, 0.79, 0.88),
    ],
    details: &[
        Line(0.575, 0.30, 0.465, 0.45),
        Line(0.36, 0.64, 0.64, 0.64),
        Line(0.25, 0.785, 0.75, 0.785),
    ],
};

const KNIGHT: Art = Art {
    body: &[
        Poly(&[
            (0.27, 0.80),
            (0.30, 0.67),
            (0.38, 0.56),
            (0.45, 0.49),
            (0.35, 0.52),
            (0.25, 0.55),
            (0.18, 0.50),
            (0.15, 0.43),
            (0.28, 0.30),
            (0.38, 0.21),
            (0.39, 0.10),
            (0.47, 0.165),
            (0.55, 0.11),
            (0.57, 0.19),
            (0.69, 0.27),
            (0.77, 0.43),
            (0.79, 0.62),
            (0.77, 0.80),
        ]),
        R(0.21, 0.78, 0.81, 0.88),
    ],
    details: &[
        Dot(0.38, 0.30, 0.032),
        Dot(0.205, 0.455, 0.02),
        Line(0.25, 0.79, 0.77, 0.79),
    ],
};

const QUEEN: Art = Art {
    body: &[
        Circle(0.17, 0.285, 0.05),
        Circle(0.335, 0.205, 0.05),
        Circle(0.5, 0.16, 0.055),
        Circle(0.665, 0.205, 0.05),
        Circle(0.83, 0.285, 0.05),
        Poly(&[
            (0.17, 0.285),
            (0.30, 0.52),
            (0.335, 0.205),
            (0.43, 0.48),
            (0.5, 0.16),
            (0.57, 0.48),
            (0.665, 0.205),
            (0.70, 0.52),
            (0.83, 0.285),
            (0.71, 0.67),
            (0.29, 0.67),
        ]),
        R(0.29, 0.64, 0.71, 0.71),
        Poly(&[(0.30, 0.70), (0.70, 0.70), (0.75, 0.79), (0.25, 0.79)]),
        R(0.20, 0.78, 0.80, 0.88),
    ],
    details: &[
        Line(0.29, 0.665, 0.71, 0.665),
        Line(0.24, 0.785, 0.76, 0.785),
    ],
};

const KING: Art = Art {
    body: &[
        R(0.465, 0.07, 0.535, 0.27),
        R(0.40, 0.125, 0.60, 0.195),
        Circle(0.355, 0.45, 0.135),
        Circle(0.645, 0.45, 0.135),
        Ellipse(0.5, 0.36, 0.07, 0.10),
        Poly(&[(0.23, 0.48), (0.77, 0.48), (0.71, 0.67), (0.29, 0.67)]),
        R(0.29, 0.64, 0.71, 0.71),
        Poly(&[(0.30, 0.70), (0.70, 0.70), (0.75, 0.79), (0.25, 0.79)]),
        R(0.20, 0.78, 0.80, 0.88),
    ],
    details: &[
        Line(0.5, 0.40, 0.5, 0.64),
        Line(0.29, 0.665, 0.71, 0.665),
        Line(0.24, 0.785, 0.76, 0.785),
    ],
};

/// The Wizard: a tall pointed hat over a robe, unlike any chess piece, with a
/// gold star that shows on both colours.
const WIZARD: Art = Art {
    body: &[
        Poly(&[
            (0.76, 0.05),
            (0.64, 0.13),
            (0.69, 0.28),
            (0.76, 0.57),
            (0.24, 0.57),
            (0.38, 0.28),
            (0.52, 0.13),
        ]),
        Ellipse(0.5, 0.58, 0.36, 0.075),
        Poly(&[(0.36, 0.60), (0.64, 0.60), (0.73, 0.79), (0.27, 0.79)]),
        R(0.20, 0.77, 0.80, 0.88),
    ],
    details: &[
        Line(0.18, 0.585, 0.82, 0.585),
        Line(0.25, 0.785, 0.75, 0.785),
    ],
};

/// Where the Wizard's star sits, and its outer radius (unit coordinates).
const WIZARD_STAR: (f32, f32, f32) = (0.505, 0.40, 0.125);
const STAR_GOLD: Rgb = [246, 196, 48];

fn art(role: Role) -> &'static Art {
    match role {
        Role::Pawn => &PAWN,
        Role::Knight => &KNIGHT,
        Role::Bishop => &BISHOP,
        Role::Rook => &ROOK,
        Role::Queen => &QUEEN,
        Role::King => &KING,
        Role::Wizard => &WIZARD,
    }
}

/// Fill and outline of each side's pieces: white solid light with a dark outline, black
/// dark with a light outline, so both read on either square colour.
pub fn piece_colours(side: Side) -> (Rgb, Rgb) {
    match side {
        Side::White => ([250, 248, 242], [26, 26, 30]),
        Side::Black => ([38, 38, 44], [232, 230, 224]),
    }
}

fn scaled(n: u32, v: f32) -> i32 {
    (v * n as f32).round() as i32
}

fn draw_shape(mask: &mut GrayImage, shape: &Shape) {
    let n = mask.width();
    let on = Luma([255u8]);
    match *shape {
        Poly(points) => {
            let mut pts: Vec<Point<i32>> = Vec::with_capacity(points.len());
            for &(x, y) in points {
                let p = Point::new(scaled(n, x), scaled(n, y));
                if pts.last() != Some(&p) {
                    pts.push(p);
                }
            }
            // imageproc refuses a polygon whose ends coincide.
            while pts.len() > 1 && pts.first() == pts.last() {
                pts.pop();
            }
            if pts.len() >= 3 {
                draw_polygon_mut(mask, &pts, on);
            }
        }
        Circle(x, y, r) => {
            draw_filled_circle_mut(mask, (scaled(n, x), scaled(n, y)), scaled(n, r), on)
        }
        Ellipse(x, y, rx, ry) => draw_filled_ellipse_mut(
            mask,
            (scaled(n, x), scaled(n, y)),
            scaled(n, rx),
            scaled(n, ry),
            on,
        ),
        R(x0, y0, x1, y1) => {
            let (x, y) = (scaled(n, x0), scaled(n, y0));
            let w = (scaled(n, x1) - x).max(1) as u32;
            let h = (scaled(n, y1) - y).max(1) as u32;
            draw_filled_rect_mut(mask, Rect::at(x, y).of_size(w, h), on);
        }
    }
}

/// A thick line as a filled quadrilateral with round caps.
fn draw_thick_line(mask: &mut GrayImage, a: (f32, f32), b: (f32, f32), width: f32) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (nx, ny) = (-dy / len * width / 2.0, dx / len * width / 2.0);
    let pts = [
        Point::new((a.0 + nx).round() as i32, (a.1 + ny).round() as i32),
        Point::new((b.0 + nx).round() as i32, (b.1 + ny).round() as i32),
        Point::new((b.0 - nx).round() as i32, (b.1 - ny).round() as i32),
        Point::new((a.0 - nx).round() as i32, (a.1 - ny).round() as i32),
    ];
    let on = Luma([255u8]);
    if pts[0] != pts[3] {
        draw_polygon_mut(mask, &pts, on);
    }
    let r = (width / 2.0).round() as i32;
    draw_filled_circle_mut(mask, (a.0.round() as i32, a.1.round() as i32), r, on);
    draw_filled_circle_mut(mask, (b.0.round() as i32, b.1.round() as i32), r, on);
}

/// A five-pointed star polygon in pixel coordinates.
fn star_points(cx: f32, cy: f32, r: f32) -> Vec<Point<i32>> {
    (0..10)
        .map(|i| {
            let rr = if i % 2 == 0 { r } else { r * 0.45 };
            let ang = -std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::PI / 5.0;
            Point::new(
                (cx + rr * ang.cos()).round() as i32,
                (cy + rr * ang.sin()).round() as i32,
            )
        })
        .collect()
}

/// Averages a supersampled image down to a premultiplied sprite. `colour_at` gives the
/// colour of a supersampled pixel, `None` where it is transparent. Only the outer edge
/// is smoothed: a pixel fully inside the tile takes its most common colour, because
/// soft inner edges roughly double what the PNG encoder must store per piece while
/// hardly showing at board size.
fn downsample(px: u32, colour_at: impl Fn(u32, u32) -> Option<Rgb>) -> Sprite {
    let mut out = Vec::with_capacity((px * px) as usize);
    let samples = SUPER * SUPER;
    for oy in 0..px {
        for ox in 0..px {
            let mut acc = [0u32; 4];
            let mut votes: [(Rgb, u32); 4] = [([0; 3], 0); 4];
            for sy in 0..SUPER {
                for sx in 0..SUPER {
                    if let Some(c) = colour_at(ox * SUPER + sx, oy * SUPER + sy) {
                        acc[0] += c[0] as u32;
                        acc[1] += c[1] as u32;
                        acc[2] += c[2] as u32;
                        acc[3] += 255;
                        if let Some(v) = votes.iter_mut().find(|v| v.1 == 0 || v.0 == c) {
                            v.0 = c;
                            v.1 += 1;
                        }
                    }
                }
            }
            if acc[3] == 255 * samples {
                let best = votes
                    .iter()
                    .max_by_key(|v| v.1)
                    .map(|v| v.0)
                    .unwrap_or([0; 3]);
                out.push([best[0], best[1], best[2], 255]);
            } else {
                out.push([
                    (acc[0] / samples) as u8,
                    (acc[1] / samples) as u8,
                    (acc[2] / samples) as u8,
                    (acc[3] / samples) as u8,
                ]);
            }
        }
    }
    Sprite::new(px, px, out)
}

fn piece_sprite(piece: Piece, px: u32) -> Sprite {
    let n = px * SUPER;
    let art = art(piece.role);
    let mut mask = GrayImage::new(n, n);
    for shape in art.body {
        draw_shape(&mut mask, shape);
    }
    // Outline thickness: about 1/30 of the tile, at least 1.5 output pixels.
    let t = ((n as f32 / 30.0).max(1.5 * SUPER as f32))
        .round()
        .min(255.0) as u8;
    let outline = imageproc::morphology::dilate(&mask, Norm::L2, t);
    let mut detail = GrayImage::new(n, n);
    let w = t as f32 * 0.9;
    for d in art.details {
        match *d {
            Line(x0, y0, x1, y1) => draw_thick_line(
                &mut detail,
                (x0 * n as f32, y0 * n as f32),
                (x1 * n as f32, y1 * n as f32),
                w,
            ),
            Dot(x, y, r) => draw_filled_circle_mut(
                &mut detail,
                (scaled(n, x), scaled(n, y)),
                scaled(n, r).max(2),
                Luma([255]),
            ),
        }
    }
    let mut star = GrayImage::new(n, n);
    if piece.role == Role::Wizard {
        let (x, y, r) = WIZARD_STAR;
        draw_polygon_mut(
            &mut star,
            &star_points(x * n as f32, y * n as f32, r * n as f32),
            Luma([255]),
        );
    }
    let (fill, line) = piece_colours(piece.side);
    downsample(px, |x, y| {
        if mask.get_pixel(x, y)[0] != 0 {
            if star.get_pixel(x, y)[0] != 0 {
                Some(STAR_GOLD)
            } else if detail.get_pixel(x, y)[0] != 0 {
                Some(line)
            } else {
                Some(fill)
            }
        } else if outline.get_pixel(x, y)[0] != 0 {
            Some(line)
        } else {
            None
        }
    })
}

/// Stone filling a square: staggered bricks with mortar lines.
fn stone_sprite(px: u32) -> Sprite {
    let n = px * SUPER;
    let rows = 4;
    let row_h = n as f32 / rows as f32;
    let mortar = (n as f32 / 40.0).max(SUPER as f32);
    let stone: [Rgb; 3] = [[128, 122, 114], [112, 107, 100], [138, 131, 121]];
    downsample(px, |x, y| {
        let (fx, fy) = (x as f32, y as f32);
        let row = (fy / row_h) as u32;
        let in_row = fy - row as f32 * row_h;
        let brick_w = n as f32 / 2.0;
        let shift = if row % 2 == 1 { brick_w / 2.0 } else { 0.0 };
        let bx = fx + shift;
        let col = (bx / brick_w) as u32;
        let in_col = bx - col as f32 * brick_w;
        if in_row < mortar || in_col < mortar {
            Some([74, 70, 66])
        } else if in_row < mortar * 2.0 {
            // A lit top edge makes each brick read as raised.
            Some([168, 160, 148])
        } else {
            Some(stone[((row + col) % 3) as usize])
        }
    })
}

/// A red glow under a king in check, strongest at the centre, plus a red rim.
fn check_sprite(px: u32) -> Sprite {
    let half = px as f32 / 2.0;
    let rim = (px as f32 / 20.0).max(2.0);
    let mut out = Vec::with_capacity((px * px) as usize);
    for y in 0..px {
        for x in 0..px {
            let (fx, fy) = (x as f32 + 0.5 - half, y as f32 + 0.5 - half);
            let d = (fx * fx + fy * fy).sqrt() / half;
            let glow = (1.0 - d / 1.3).clamp(0.0, 1.0).powf(0.6);
            let edge = fx.abs().max(fy.abs()) > half - rim;
            let a = if edge { 1.0 } else { 0.3 + 0.65 * glow };
            let c = [226.0, 32.0, 32.0];
            out.push([
                (c[0] * a) as u8,
                (c[1] * a) as u8,
                (c[2] * a) as u8,
                (255.0 * a) as u8,
            ]);
        }
    }
    Sprite::new(px, px, out)
}

/// Everything prepared for one tile size.
pub struct Tiles {
    pieces: Vec<Sprite>,
    pub stone: Sprite,
    pub check: Sprite,
}

impl Tiles {
    fn build(px: u32) -> Tiles {
        let mut pieces = Vec::with_capacity(14);
        for side in Side::BOTH {
            for role in Role::ALL {
                pieces.push(piece_sprite(Piece::new(side, role), px));
            }
        }
        Tiles {
            pieces,
            stone: stone_sprite(px),
            check: check_sprite(px),
        }
    }

    pub fn piece(&self, piece: Piece) -> &Sprite {
        &self.pieces[piece.side.index() * Role::ALL.len() + piece.role.index()]
    }
}

/// Tiles of `px` pixels, built on first use and shared afterwards. Sizes are bounded by
/// the caller (the board size is clamped), so the cache stays small.
pub fn tiles(px: u32) -> Arc<Tiles> {
    static CACHE: OnceLock<Mutex<HashMap<u32, Arc<Tiles>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    // A poisoned lock only means another thread panicked while building; the map
    // itself is still consistent (entries are inserted whole).
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if map.len() > 32 {
        map.clear();
    }
    map.entry(px)
        .or_insert_with(|| Arc::new(Tiles::build(px)))
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coverage(s: &Sprite) -> usize {
        s.px.iter().filter(|p| p[3] > 128).count()
    }

    #[test]
    fn every_piece_has_a_distinct_silhouette() {
        let t = tiles(64);
        let mut seen = Vec::new();
        for role in Role::ALL {
            let s = t.piece(Piece::new(Side::White, role));
            let c = coverage(s);
            assert!(c > 64 * 64 / 12, "{role:?} covers too little: {c}");
            assert!(c < 64 * 64 * 2 / 3, "{role:?} covers too much: {c}");
            let shape: Vec<bool> = s.px.iter().map(|p| p[3] > 128).collect();
            assert!(!seen.contains(&shape), "{role:?} looks like another piece");
            seen.push(shape);
        }
    }

    #[test]
    fn white_pieces_are_light_and_black_pieces_dark() {
        let t = tiles(64);
        // Brightness of the most common opaque colour: the fill.
        let lum = |s: &Sprite| {
            let mut counts: HashMap<[u8; 4], usize> = HashMap::new();
            for p in s.px.iter().filter(|p| p[3] == 255) {
                *counts.entry(*p).or_default() += 1;
            }
            let fill = counts
                .into_iter()
                .max_by_key(|e| e.1)
                .map(|e| e.0)
                .unwrap_or_default();
            fill[0] as u32
        };
        for role in Role::ALL {
            let w = lum(t.piece(Piece::new(Side::White, role)));
            let b = lum(t.piece(Piece::new(Side::Black, role)));
            assert!(w > 150 && b < 110, "{role:?}: white {w}, black {b}");
        }
    }

    #[test]
    fn tiles_are_shared_per_size() {
        assert!(Arc::ptr_eq(&tiles(40), &tiles(40)));
        assert_eq!(tiles(40).piece(Piece::new(Side::White, Role::King)).w, 40);
    }
}
