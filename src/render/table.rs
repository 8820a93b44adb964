//! A table as an image: a tournament's standings (its crosstable or its rounds), with
//! a title line, a header row, zebra rows, and dimmed rows (players whose results are
//! struck). Pure: cells in, PNG bytes out. The font is monospaced, so a column is as
//! wide as its longest cell.

use super::canvas::{Canvas, Rgb};
use super::text::{Font, TextSize};
use super::RenderError;

/// What the table shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// A line above the table (the event's name, the round).
    pub title: String,
    pub header: Vec<String>,
    pub rows: Vec<TableRow>,
    /// A line below the table (what the tie-break is, the winner).
    pub footer: String,
}

/// One row of cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableRow {
    pub cells: Vec<String>,
    /// Drawn greyed (a dropout's row).
    pub dim: bool,
    /// Drawn marked (the leader, the winner).
    pub mark: bool,
}

/// The longest cell drawn, in characters (longer ones end in "..").
pub const MAX_CELL: usize = 24;
/// The most rows drawn (a note says how many more there are).
pub const MAX_ROWS: usize = 64;

const PAD_X: u32 = 12;
const PAD_Y: u32 = 6;
const MARGIN: u32 = 16;

const BACKGROUND: Rgb = [46, 48, 54];
const HEADER: Rgb = [70, 74, 84];
const ROW_A: Rgb = [56, 58, 66];
const ROW_B: Rgb = [62, 65, 74];
/// The marked row's background, public so tests can look for it.
pub const MARK: Rgb = [92, 84, 44];
const TEXT: Rgb = [232, 232, 236];
const DIM_TEXT: Rgb = [140, 142, 150];
const TITLE: Rgb = [250, 204, 72];

fn cut(s: &str) -> String {
    if s.chars().count() <= MAX_CELL {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(MAX_CELL - 2).collect();
        t.push_str("..");
        t
    }
}

/// The table as PNG bytes. Rows shorter than the header are padded with empty cells.
pub fn table_png(table: &Table) -> Result<Vec<u8>, RenderError> {
    table_canvas(table)
        .encode_png()
        .map_err(|e| RenderError::Encode(e.to_string()))
}

/// The table drawn (no encoding), for tests that look at its pixels.
pub(crate) fn table_canvas(table: &Table) -> Canvas {
    let font = Font::regular(TextSize::S20);
    let title_font = Font::bold(TextSize::S24);
    let shown = &table.rows[..table.rows.len().min(MAX_ROWS)];
    let more = table.rows.len() - shown.len();
    let grid = Grid::new(table, shown);
    let title_h = title_font.height() + PAD_Y * 2;
    let footer = if more > 0 {
        format!("{} ({more} more rows not shown)", table.footer)
    } else {
        table.footer.clone()
    };
    let text_w = title_font.width(&table.title).min(super::MAX_SIZE * 2);
    let w = (grid.width.max(text_w) + 2 * MARGIN).max(360);
    let lines = 1 + shown.len() as u32;
    // The footer wraps to the table's width.
    let footer = font.wrap(&footer, w - 2 * MARGIN);
    let footer_h =
        footer.len() as u32 * font.height() + if footer.is_empty() { 0 } else { 2 * PAD_Y };
    let h = MARGIN * 2 + title_h + lines * grid.row_h + footer_h;
    let mut c = Canvas::new(w, h, BACKGROUND);
    let x0 = MARGIN as i32;
    let mut y = MARGIN as i32;
    title_font.draw(&mut c, x0, y + PAD_Y as i32, &table.title, TITLE);
    y += title_h as i32;
    grid.draw_row(
        &mut c,
        y,
        &table.header,
        HEADER,
        Font::bold(TextSize::S20),
        TEXT,
    );
    y += grid.row_h as i32;
    for (k, r) in shown.iter().enumerate() {
        let bg = if r.mark {
            MARK
        } else if k % 2 == 0 {
            ROW_A
        } else {
            ROW_B
        };
        let colour = if r.dim { DIM_TEXT } else { TEXT };
        grid.draw_row(&mut c, y, &r.cells, bg, font, colour);
        y += grid.row_h as i32;
    }
    for (i, line) in footer.iter().enumerate() {
        let ly = y + PAD_Y as i32 + (i as u32 * font.height()) as i32;
        font.draw(&mut c, x0, ly, line, DIM_TEXT);
    }
    c
}

/// The table's columns: each as wide as its widest cell in bold, with padding.
struct Grid {
    widths: Vec<u32>,
    width: u32,
    row_h: u32,
}

impl Grid {
    fn new(table: &Table, shown: &[TableRow]) -> Grid {
        let bold = Font::bold(TextSize::S20);
        let columns = table
            .rows
            .iter()
            .map(|r| r.cells.len())
            .chain([table.header.len()])
            .max()
            .unwrap_or(0);
        let widths: Vec<u32> = (0..columns)
            .map(|i| {
                shown
                    .iter()
                    .map(|r| cell(&r.cells, i))
                    .chain([cell(&table.header, i)])
                    .map(|s| bold.width(&s))
                    .max()
                    .unwrap_or(0)
                    + 2 * PAD_X
            })
            .collect();
        Grid {
            width: widths.iter().sum(),
            widths,
            row_h: Font::regular(TextSize::S20).height() + 2 * PAD_Y,
        }
    }

    /// One row at `y` on background `bg`: numbers right-aligned, names left-aligned.
    fn draw_row(&self, c: &mut Canvas, y: i32, cells: &[String], bg: Rgb, f: Font, colour: Rgb) {
        let x0 = MARGIN as i32;
        c.fill_rect(x0, y, self.width as i32, self.row_h as i32, bg);
        let mut x = x0;
        for (i, wd) in self.widths.iter().enumerate() {
            let s = cell(cells, i);
            let numeric = s
                .chars()
                .all(|ch| ch.is_ascii_digit() || " .½+-=:".contains(ch));
            let tx = if numeric && i > 0 {
                x + *wd as i32 - PAD_X as i32 - f.width(&s) as i32
            } else {
                x + PAD_X as i32
            };
            f.draw(c, tx, y + PAD_Y as i32, &s, colour);
            x += *wd as i32;
        }
    }
}

/// Cell `i` of a row, cut to [`MAX_CELL`] (empty past the row's end).
fn cell(cells: &[String], i: usize) -> String {
    cells.get(i).map(|s| cut(s)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(cells: &[&str]) -> TableRow {
        TableRow {
            cells: cells.iter().map(|s| s.to_string()).collect(),
            ..TableRow::default()
        }
    }

    #[test]
    fn columns_fit_their_longest_cell_and_rows_stack() {
        let mut t = Table {
            title: "Spring".into(),
            header: vec!["#".into(), "Player".into(), "Points".into()],
            rows: vec![
                row(&["1", "alice of the long name", "2½"]),
                row(&["2", "bob", "1"]),
            ],
            footer: String::new(),
        };
        let small = table_canvas(&t);
        t.rows[1].cells[1] = "bob of the much longer name".into();
        let wide = table_canvas(&t);
        let adv = Font::bold(TextSize::S20).advance();
        // Cut at 24 characters: 2 more than alice's 22.
        assert_eq!(wide.w - small.w, adv * 2);
        t.rows.push(row(&["3", "carol", "0"]));
        let tall = table_canvas(&t);
        assert!(tall.h > wide.h);
        // A marked row shows its colour; none without.
        let has = |c: &Canvas, rgb: Rgb| c.buf.chunks(3).any(|p| p == rgb);
        assert!(!has(&tall, MARK));
        t.rows[0].mark = true;
        assert!(has(&table_canvas(&t), MARK));
        assert!(table_png(&t).unwrap().starts_with(b"\x89PNG"));
    }

    #[test]
    fn long_cells_are_cut_and_rows_are_capped() {
        let name = "n".repeat(200);
        let t = Table {
            title: "x".into(),
            header: vec!["Player".into()],
            rows: (0..100).map(|_| row(&[&name])).collect(),
            footer: "end".into(),
        };
        let c = table_canvas(&t);
        let adv = Font::bold(TextSize::S20).advance();
        assert!(c.w <= MAX_CELL as u32 * adv + 2 * PAD_X + 2 * MARGIN + 400);
        let row_h = Font::regular(TextSize::S20).height() + 2 * PAD_Y;
        assert!(c.h <= (MAX_ROWS as u32 + 4) * row_h + 200);
        // An empty table draws too.
        assert!(table_png(&Table::default()).is_ok());
    }
}
