//! What one viewer may see of a game: the renderer's only input, and the only way
//! hidden information leaves a game (each variant builds it per viewer).

use crate::core::{Bitboard, Cell, Piece, Side, Square};
use serde::{Deserialize, Serialize};

/// Who is looking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Viewer {
    /// The channel: everyone, spectators included.
    Public,
    /// One player, privately.
    Player(Side),
}

/// The twelve wands of Wand Chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum WandKind {
    Teleport,
    Death,
    Sleep,
    Stoning,
    Sloth,
    Polymorph,
    Demotion,
    Peace,
    Sickness,
    Speed,
    Protection,
    Healing,
}

impl WandKind {
    pub const ALL: [WandKind; 12] = [
        WandKind::Teleport,
        WandKind::Death,
        WandKind::Sleep,
        WandKind::Stoning,
        WandKind::Sloth,
        WandKind::Polymorph,
        WandKind::Demotion,
        WandKind::Peace,
        WandKind::Sickness,
        WandKind::Speed,
        WandKind::Protection,
        WandKind::Healing,
    ];

    pub fn name(self) -> &'static str {
        match self {
            WandKind::Teleport => "teleport",
            WandKind::Death => "death",
            WandKind::Sleep => "sleep",
            WandKind::Stoning => "stoning",
            WandKind::Sloth => "sloth",
            WandKind::Polymorph => "polymorph",
            WandKind::Demotion => "demotion",
            WandKind::Peace => "peace",
            WandKind::Sickness => "sickness",
            WandKind::Speed => "speed",
            WandKind::Protection => "protection",
            WandKind::Healing => "healing",
        }
    }

    /// Two-letter label for small badges.
    pub fn short(self) -> &'static str {
        match self {
            WandKind::Teleport => "Tp",
            WandKind::Death => "De",
            WandKind::Sleep => "Sl",
            WandKind::Stoning => "St",
            WandKind::Sloth => "So",
            WandKind::Polymorph => "Po",
            WandKind::Demotion => "Dm",
            WandKind::Peace => "Pe",
            WandKind::Sickness => "Si",
            WandKind::Speed => "Sp",
            WandKind::Protection => "Pr",
            WandKind::Healing => "He",
        }
    }
}

/// A small mark drawn on a piece. Counts are turns left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Badge {
    Asleep(u8),
    Statue(u8),
    /// Slow; the count is the turns it must still wait (0 = ready).
    Slow(u8),
    Sick(u8),
    Peaceful,
    Fast,
    Protected,
    /// A wand whose kind this viewer knows.
    Wand(WandKind),
    WandDestroyed,
    Defender,
    BallHaver,
}

/// A mark on a board square that is not about one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SquareMark {
    /// Inside a freeze area that stops the player to move (Spell Chess).
    Frozen,
    /// Inside a freeze area that no longer binds the player to move.
    FrozenSpent,
    /// The square made transparent by a jump spell.
    Jump,
    /// A square where the player may place something in a setup phase.
    Setup,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceView {
    pub cell: Cell,
    pub piece: Piece,
    pub badges: Vec<Badge>,
}

/// Everything the renderer draws, already filtered for one viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Viewer,
    /// Display name of the variant, e.g. "Spell Chess".
    pub title: String,
    pub pieces: Vec<PieceView>,
    pub walls: Bitboard,
    /// Whether the board has the two wicket cells of Chess with Wickets.
    pub wickets: bool,
    /// Balls lying on a cell, with the side they belong to.
    pub balls: Vec<(Cell, Side)>,
    pub last_move: Vec<Cell>,
    /// Kings in check.
    pub check: Vec<Cell>,
    pub marks: Vec<(Square, SquareMark)>,
    pub to_move: Option<Side>,
    /// Player names, White then Black.
    pub names: [String; 2],
    /// Short lines of per-side state: spells, walls in hand, points, Wizard in hand.
    pub notes: [Vec<String>; 2],
    /// The result line when the game is over.
    pub result: Option<String>,
}

impl View {
    pub fn new(viewer: Viewer, title: &str) -> View {
        View {
            viewer,
            title: title.to_string(),
            pieces: Vec::new(),
            walls: Bitboard::EMPTY,
            wickets: false,
            balls: Vec::new(),
            last_move: Vec::new(),
            check: Vec::new(),
            marks: Vec::new(),
            to_move: None,
            names: ["White".to_string(), "Black".to_string()],
            notes: [Vec::new(), Vec::new()],
            result: None,
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
