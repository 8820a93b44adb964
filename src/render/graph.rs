//! The evaluation graph of a reviewed game, as lichess draws it: White's winning
//! chances over the game, White's advantage as a light area above the midline and
//! Black's as a dark area below, the mistakes marked on the curve, evaluation ticks on
//! the left and move numbers along the bottom. Pure: numbers in, PNG bytes out.

use super::canvas::{Canvas, Rgb};
use super::text::{Font, TextSize};
use super::RenderError;
use crate::i18n::{tr, Lang};

/// What the graph shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EvalGraph {
    /// White's winning chances (0..1): at the start, then after every turn.
    pub values: Vec<f64>,
    /// The marked turns: the index into `values` of the position after the turn, and
    /// whether it was a blunder (else a mistake).
    pub marks: Vec<(usize, bool)>,
    /// The move number of each entry of `values` (the start included), for the
    /// bottom axis; missing entries are counted as two turns a move.
    pub moves: Vec<u32>,
    /// A line above the graph (the players, the result).
    pub title: String,
}

const W: u32 = 900;
const H: u32 = 340;
const LEFT: i32 = 64;
const RIGHT: i32 = 20;
const TOP: i32 = 40;
const BOTTOM: i32 = 34;

const BACKGROUND: Rgb = [46, 48, 54];
const PLOT: Rgb = [112, 116, 124];
const WHITE_AREA: Rgb = [238, 238, 236];
const BLACK_AREA: Rgb = [28, 28, 32];
const LINE: Rgb = [122, 204, 92];
const MIDLINE: Rgb = [250, 204, 72];
const GRID: Rgb = [150, 154, 162];
const LABEL: Rgb = [214, 214, 218];
const MISTAKE: Rgb = [240, 150, 40];
const BLUNDER: Rgb = [222, 52, 52];

/// Pawns at which the left axis is labelled, and their winning chances on the
/// engine's curve (250 hundredths of a pawn make about 0.73).
fn chance_of_pawns(pawns: f64) -> f64 {
    1.0 / (1.0 + (-pawns * 100.0 / 250.0).exp())
}

/// The graph as PNG bytes. Any number of values draws (none or one gives a flat line).
/// Its own words are in English.
pub fn eval_graph_png(graph: &EvalGraph) -> Result<Vec<u8>, RenderError> {
    eval_graph_png_in(graph, Lang::En)
}

/// [`eval_graph_png`] with its own words in `lang`.
pub fn eval_graph_png_in(graph: &EvalGraph, lang: Lang) -> Result<Vec<u8>, RenderError> {
    let mut c = Canvas::new(W, H, BACKGROUND);
    let plot = Plot::new(graph);
    c.fill_rect(plot.px, plot.py, plot.pw, plot.ph, PLOT);
    plot.draw_areas(&mut c);
    let small = Font::regular(TextSize::S16);
    plot.draw_ticks(&mut c, small);
    c.fill_rect(plot.px, plot.mid, plot.pw, 1, MIDLINE);
    plot.draw_curve(&mut c);
    plot.draw_move_numbers(&mut c, small, &graph.moves);
    plot.draw_marks(&mut c, &graph.marks);
    draw_labels(&mut c, small, &graph.title, lang);
    c.encode_png()
        .map_err(|e| RenderError::Encode(e.to_string()))
}

/// The plot area and the values drawn in it.
struct Plot {
    /// The plot's corner, size and midline, in pixels.
    px: i32,
    py: i32,
    pw: i32,
    ph: i32,
    mid: i32,
    /// White's chances, at least one.
    values: Vec<f64>,
}

impl Plot {
    fn new(graph: &EvalGraph) -> Plot {
        let ph = H as i32 - TOP - BOTTOM;
        Plot {
            px: LEFT,
            py: TOP,
            pw: W as i32 - LEFT - RIGHT,
            ph,
            mid: TOP + ph / 2,
            values: if graph.values.is_empty() {
                vec![0.5]
            } else {
                graph.values.clone()
            },
        }
    }

    /// The row of a chance (an unknown one at the midline).
    fn y_of(&self, v: f64) -> f64 {
        let v = if v.is_finite() {
            v.clamp(0.0, 1.0)
        } else {
            0.5
        };
        f64::from(self.py) + (1.0 - v) * f64::from(self.ph)
    }

    /// The column of value `i`.
    fn x_of(&self, i: usize) -> f64 {
        let n = self.values.len();
        if n <= 1 {
            f64::from(self.px)
        } else {
            f64::from(self.px) + i as f64 * f64::from(self.pw - 1) / (n - 1) as f64
        }
    }

    /// The value under a pixel column, interpolated between turns.
    fn value_at(&self, x: i32) -> f64 {
        let (values, n) = (&self.values, self.values.len());
        if n <= 1 {
            return values[0];
        }
        let t = f64::from(x - self.px) * (n - 1) as f64 / f64::from(self.pw - 1);
        let i = (t.floor() as usize).min(n - 2);
        let f = (t - i as f64).clamp(0.0, 1.0);
        values[i] * (1.0 - f) + values[i + 1] * f
    }

    /// The row of the curve at a pixel column.
    fn row_at(&self, x: i32) -> i32 {
        self.y_of(self.value_at(x)).round() as i32
    }

    /// The areas: White's advantage above the midline, Black's below.
    fn draw_areas(&self, c: &mut Canvas) {
        let mid = self.mid;
        for x in self.px..self.px + self.pw {
            let y = self.row_at(x);
            if y < mid {
                c.fill_rect(x, y, 1, mid - y, WHITE_AREA);
            } else if y > mid {
                c.fill_rect(x, mid, 1, y - mid, BLACK_AREA);
            }
        }
    }

    /// Evaluation ticks: even, two and five pawns either way.
    fn draw_ticks(&self, c: &mut Canvas, small: Font) {
        for (pawns, text) in [
            (5.0, "+5"),
            (2.0, "+2"),
            (0.0, "0"),
            (-2.0, "-2"),
            (-5.0, "-5"),
        ] {
            let y = self.y_of(chance_of_pawns(pawns)).round() as i32;
            if pawns != 0.0 {
                for x in (self.px..self.px + self.pw).step_by(6) {
                    c.blend_rect(x, y, 3, 1, GRID, 160);
                }
            }
            let tw = small.width(text) as i32;
            small.draw(
                c,
                self.px - 8 - tw,
                y - small.height() as i32 / 2,
                text,
                LABEL,
            );
        }
    }

    /// The curve, as vertical runs between neighbouring columns, two pixels thick.
    fn draw_curve(&self, c: &mut Canvas) {
        let mut last = self.row_at(self.px);
        for x in self.px..self.px + self.pw {
            let y = self.row_at(x);
            let (a, b) = (last.min(y), last.max(y));
            c.fill_rect(x, a - 1, 2, b - a + 2, LINE);
            last = y;
        }
    }

    /// Move numbers along the bottom, about every 70 pixels (`moves` as
    /// [`EvalGraph::moves`]).
    fn draw_move_numbers(&self, c: &mut Canvas, small: Font, moves: &[u32]) {
        let move_of = |i: usize| -> u32 { moves.get(i).copied().unwrap_or(i.div_ceil(2) as u32) };
        let (py, ph) = (self.py, self.ph);
        let mut shown_right = i32::MIN;
        let mut last_move = None;
        for i in 0..self.values.len() {
            let m = move_of(i);
            if last_move == Some(m) || m == 0 {
                last_move = Some(m);
                continue;
            }
            last_move = Some(m);
            let x = self.x_of(i).round() as i32;
            let text = m.to_string();
            let tw = small.width(&text) as i32;
            if x - tw / 2 < shown_right + 40 {
                continue;
            }
            c.fill_rect(x, py + ph, 1, 5, LABEL);
            small.draw(c, x - tw / 2, py + ph + 8, &text, LABEL);
            shown_right = x + tw / 2;
        }
    }

    /// Mistakes on the curve: orange for `?`, red for `??`, with a dark rim.
    fn draw_marks(&self, c: &mut Canvas, marks: &[(usize, bool)]) {
        for &(i, blunder) in marks {
            if i >= self.values.len() {
                continue;
            }
            let (x, y) = (self.x_of(i) as f32, self.y_of(self.values[i]) as f32);
            c.fill_circle(x, y, 7.0, BACKGROUND);
            c.fill_circle(x, y, 5.5, if blunder { BLUNDER } else { MISTAKE });
        }
    }
}

/// Title, legend and side labels.
fn draw_labels(c: &mut Canvas, small: Font, title: &str, lang: Lang) {
    let (px, py, ph) = (LEFT, TOP, H as i32 - TOP - BOTTOM);
    let bold = Font::bold(TextSize::S20);
    let title = bold.fit(title, (W as i32 - 2 * LEFT) as u32);
    bold.draw(c, px, 10, &title, LABEL);
    let legend_x = W as i32 - RIGHT - 190;
    c.fill_circle(legend_x as f32, 20.0, 5.5, MISTAKE);
    small.draw(c, legend_x + 10, 12, &tr(lang, "graph-mistake"), LABEL);
    c.fill_circle(legend_x as f32 + 100.0, 20.0, 5.5, BLUNDER);
    small.draw(c, legend_x + 110, 12, &tr(lang, "graph-blunder"), LABEL);
    small.draw(c, 6, py + 2, &tr(lang, "graph-white"), LABEL);
    small.draw(
        c,
        6,
        py + ph - small.height() as i32 - 2,
        &tr(lang, "graph-black"),
        LABEL,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_values_draw_a_png() {
        for values in [vec![], vec![0.5], vec![0.5, 1.0, f64::NAN, 0.0, 0.3]] {
            let g = EvalGraph {
                marks: vec![(1, true), (3, false), (99, true)],
                values,
                moves: vec![],
                title: "White vs Black".into(),
            };
            let png = eval_graph_png(&g).expect("draws");
            assert!(png.starts_with(b"\x89PNG"));
        }
    }
}
