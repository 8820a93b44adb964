//! What one viewer may see of a game: the renderer's only input, and the only way
//! hidden information leaves a game (each variant builds it per viewer). Badges and
//! square marks are open data (label, tone, corner, style) that each variant fills
//! in, so this vocabulary and the renderer name no game.

use crate::core::{Cell, Piece, Side, Square};
use crate::i18n::{Lang, Msg};
use serde::{Deserialize, Serialize};

/// Who is looking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Viewer {
    /// The channel: everyone, spectators included.
    Public,
    /// One player, privately.
    Player(Side),
}

/// A colour family for badges and square marks; the renderer owns the exact shades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tone {
    Blue,
    Slate,
    Brown,
    Green,
    Teal,
    Orange,
    Gold,
    Purple,
    Red,
    Forest,
    Ice,
    Violet,
    Leaf,
}

/// The corner of its square where a badge sits. Badges of one corner are laid out
/// together: top-left ones stack downwards, the others run inwards from their corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Corner {
    TopLeft,
    TopRight,
    BottomLeft,
    BottomRight,
}

/// How a badge is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BadgeStyle {
    /// A pill filled with its tone, the label on it.
    Filled,
    /// A hollow pill: rim and label in its tone on a dark fill. For what only this
    /// viewer knows, so it never looks like what both players know.
    Hollow,
    /// A small disc in the piece's own colours (the label is for the legend only).
    Disc,
}

/// A small mark drawn on a piece.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Badge {
    /// The words drawn where there is room, e.g. `sleep 3`.
    pub label: String,
    /// The form drawn on crowded or small squares, e.g. `z3`.
    pub short: String,
    pub tone: Tone,
    pub corner: Corner,
    pub style: BadgeStyle,
    /// The label as a message, to be written in another language ([`View::write_in`]).
    #[serde(skip)]
    pub words: Option<Msg>,
}

impl Badge {
    /// A filled badge.
    pub fn new(label: impl Into<Msg>, short: &str, tone: Tone, corner: Corner) -> Badge {
        let label = label.into();
        Badge {
            label: label.to_string(),
            short: short.to_string(),
            tone,
            corner,
            style: BadgeStyle::Filled,
            words: (!label.is_text()).then_some(label),
        }
    }

    /// The badge with its label in `lang`.
    pub fn write_in(&mut self, lang: Lang) {
        if let Some(w) = &self.words {
            self.label = w.in_lang(lang);
        }
    }

    /// A disc in the piece's colours, named `label` in the legend.
    pub fn disc(label: impl Into<Msg>, corner: Corner) -> Badge {
        Badge {
            style: BadgeStyle::Disc,
            ..Badge::new(label, "", Tone::Slate, corner)
        }
    }

    /// The same badge drawn hollow (known only to this viewer).
    pub fn hollow(self) -> Badge {
        Badge {
            style: BadgeStyle::Hollow,
            ..self
        }
    }
}

/// How a square mark is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MarkStyle {
    /// A strong tint with a rim: the square is under an effect that binds now.
    Strong,
    /// A lighter tint with a rim.
    Light,
    /// A faint tint with a thin rim: an effect that no longer binds.
    Faint,
    /// A dot in the middle: a square where something may be placed.
    Dot,
    /// Stone bricks filling the square: nothing stands or passes there.
    Stone,
}

/// A mark on a board square that is not about one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SquareMark {
    pub style: MarkStyle,
    pub tone: Tone,
}

impl SquareMark {
    pub const fn new(style: MarkStyle, tone: Tone) -> SquareMark {
        SquareMark { style, tone }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceView {
    pub cell: Cell,
    pub piece: Piece,
    pub badges: Vec<Badge>,
}

/// Everything the renderer draws, already filtered for one viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "StoredView")]
pub struct View {
    pub viewer: Viewer,
    /// Display name of the variant.
    pub title: String,
    pub pieces: Vec<PieceView>,
    /// Whether the board has the two outer cells ([`Cell::Outer`]) that stick out
    /// behind the e-file's end squares.
    pub outer_cells: bool,
    /// Loose tokens lying on a cell, drawn as discs in the colours of their side.
    pub tokens: Vec<(Cell, Side)>,
    pub last_move: Vec<Cell>,
    /// Kings in check.
    pub check: Vec<Cell>,
    pub marks: Vec<(Square, SquareMark)>,
    pub to_move: Option<Side>,
    /// Player names, White then Black.
    pub names: [String; 2],
    /// Short lines of per-side state, from the variant.
    pub notes: [Vec<String>; 2],
    /// The result line when the game is over.
    pub result: Option<String>,
    /// The side drawn at the bottom when the picture fixes it (a rules diagram, read
    /// from White's side); `None` leaves it to the viewer and the player to move.
    pub bottom: Option<Side>,
    /// The title, notes and result as messages, to be written in the reader's language
    /// ([`View::write_in`]); a stored view has its words written already.
    #[serde(skip)]
    pub words: ViewWords,
}

/// A [`View`]'s own words as messages.
#[derive(Clone, Debug, Default)]
pub struct ViewWords {
    pub title: Option<Msg>,
    pub notes: [Vec<Msg>; 2],
    pub result: Option<Msg>,
}

/// Two views are equal when they show the same: the words a view was written from
/// are not kept in a stored view (it holds them written), so they never tell two
/// views apart.
impl PartialEq for ViewWords {
    fn eq(&self, _other: &ViewWords) -> bool {
        true
    }
}

impl Eq for ViewWords {}

/// A [`View`] as stored in kept replies, today's or format 1's (whose outer cells,
/// tokens and blocked squares had fields of their own).
#[derive(Deserialize)]
struct StoredView {
    viewer: Viewer,
    title: String,
    pieces: Vec<PieceView>,
    #[serde(default, alias = "wickets")]
    outer_cells: bool,
    #[serde(default, alias = "balls")]
    tokens: Vec<(Cell, Side)>,
    #[serde(default, rename = "walls")]
    stone: Option<crate::core::Bitboard>,
    last_move: Vec<Cell>,
    check: Vec<Cell>,
    marks: Vec<(Square, SquareMark)>,
    to_move: Option<Side>,
    names: [String; 2],
    notes: [Vec<String>; 2],
    result: Option<String>,
    #[serde(default)]
    bottom: Option<Side>,
}

impl From<StoredView> for View {
    fn from(s: StoredView) -> View {
        let stone = SquareMark::new(MarkStyle::Stone, Tone::Slate);
        let mut marks = s.marks;
        marks.extend(s.stone.into_iter().flatten().map(|sq| (sq, stone)));
        View {
            viewer: s.viewer,
            title: s.title,
            pieces: s.pieces,
            outer_cells: s.outer_cells,
            tokens: s.tokens,
            last_move: s.last_move,
            check: s.check,
            marks,
            to_move: s.to_move,
            names: s.names,
            notes: s.notes,
            result: s.result,
            bottom: s.bottom,
            words: ViewWords::default(),
        }
    }
}

impl View {
    pub fn new(viewer: Viewer, title: &str) -> View {
        View {
            viewer,
            title: title.to_string(),
            pieces: Vec::new(),
            outer_cells: false,
            tokens: Vec::new(),
            last_move: Vec::new(),
            check: Vec::new(),
            marks: Vec::new(),
            to_move: None,
            names: ["White".to_string(), "Black".to_string()],
            notes: [Vec::new(), Vec::new()],
            result: None,
            bottom: None,
            words: ViewWords::default(),
        }
    }

    /// Adds a line to the notes of side `index` (0 White, 1 Black).
    pub fn note(&mut self, index: usize, line: Msg) {
        self.notes[index].push(line.to_string());
        self.words.notes[index].push(line);
    }

    /// Puts a line before the other notes of side `index`.
    pub fn note_first(&mut self, index: usize, line: Msg) {
        self.notes[index].insert(0, line.to_string());
        self.words.notes[index].insert(0, line);
    }

    /// The title as the message `title`.
    pub fn set_title(&mut self, title: Msg) {
        self.title = title.to_string();
        self.words.title = Some(title);
    }

    /// The result line as the message `result`.
    pub fn set_result(&mut self, result: Msg) {
        self.result = Some(result.to_string());
        self.words.result = Some(result);
    }

    /// The view's words (title, badges, notes, result) in `lang`; notation and names
    /// stay. Words given as plain text stay as they are.
    pub fn write_in(&mut self, lang: Lang) {
        if let Some(t) = &self.words.title {
            self.title = t.in_lang(lang);
        }
        for p in &mut self.pieces {
            for b in &mut p.badges {
                b.write_in(lang);
            }
        }
        for (notes, words) in self.notes.iter_mut().zip(&self.words.notes) {
            if notes.len() == words.len() {
                *notes = words.iter().map(|w| w.in_lang(lang)).collect();
            }
        }
        if let Some(r) = &self.words.result {
            self.result = Some(r.in_lang(lang));
        }
    }

    /// Adds every piece of a plain board without badges.
    pub fn with_board(mut self, board: &crate::core::Board) -> View {
        self.pieces
            .extend(board.iter().map(|(sq, piece)| PieceView {
                cell: Cell::Board(sq),
                piece,
                badges: Vec::new(),
            }));
        self
    }

    pub fn piece_at(&self, cell: Cell) -> Option<&PieceView> {
        self.pieces.iter().find(|p| p.cell == cell)
    }
}

/// What one legend line shows beside its text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sample {
    /// A badge on a piece.
    Badge(Badge),
    /// A square mark.
    Mark(SquareMark),
    /// A piece by itself.
    Piece(Piece),
    /// A loose token of a side.
    Token(Side),
    /// An outer cell beyond the board's edge.
    OuterCell,
    /// The tint of the last move's cells.
    LastMove,
    /// The glow under a king in check.
    Check,
}

/// One line of a legend: a sample as drawn on the board, and what it means.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegendEntry {
    pub sample: Sample,
    pub meaning: String,
    /// The meaning as a message, to be written in another language.
    #[serde(skip)]
    pub words: Option<Msg>,
}

impl LegendEntry {
    pub fn new(sample: Sample, meaning: impl Into<Msg>) -> LegendEntry {
        let meaning = meaning.into();
        LegendEntry {
            sample,
            meaning: meaning.to_string(),
            words: (!meaning.is_text()).then_some(meaning),
        }
    }

    /// The entry's meaning and its badge's words in `lang`.
    pub fn write_in(&mut self, lang: Lang) {
        if let Some(w) = &self.words {
            self.meaning = w.in_lang(lang);
        }
        if let Sample::Badge(b) = &mut self.sample {
            b.write_in(lang);
        }
    }

    /// The words a player sees on the board for this sample, if it has any: the
    /// label and, when it differs, the short form drawn on crowded or small squares.
    pub fn words(&self) -> Option<String> {
        match &self.sample {
            Sample::Badge(b) if b.style != BadgeStyle::Disc => {
                if b.short.is_empty() || b.short == b.label {
                    Some(format!("`{}`", b.label))
                } else {
                    Some(format!("`{}` or `{}`", b.label, b.short))
                }
            }
            _ => None,
        }
    }

    /// The line as text, for the reply beside the legend picture.
    pub fn text(&self) -> String {
        match self.words() {
            Some(w) => format!("{w} — {}", self.meaning),
            None => self.meaning.clone(),
        }
    }

    /// The line as drawn in the legend picture (its font has no dashes or backticks).
    pub fn picture_text(&self) -> String {
        match self.words() {
            Some(w) => format!("{} - {}", w.replace('`', "\""), self.meaning),
            None => self.meaning.clone(),
        }
    }
}

/// A legend: titled sections of entries, drawn as one picture.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Legend {
    pub sections: Vec<(String, Vec<LegendEntry>)>,
}

/// The marks every board may show, whatever the game.
pub fn common_legend() -> Vec<LegendEntry> {
    vec![
        LegendEntry::new(Sample::LastMove, Msg::new("legend-last-move")),
        LegendEntry::new(Sample::Check, Msg::new("legend-check")),
    ]
}
