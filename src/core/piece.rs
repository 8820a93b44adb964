//! Piece kinds and coloured pieces.

use crate::core::Side;
use serde::{Deserialize, Serialize};

/// What a piece is. `Wizard` is Sorchess's own kind: it is named here so boards, FEN and
/// pictures can hold it, and moves by Sorchess's rules (`variants::sorchess::position`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    Wizard,
}

impl Role {
    pub const ALL: [Role; 7] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Wizard,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    /// Upper-case letter used in notation (`P` for pawn).
    pub fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
            Role::Wizard => 'W',
        }
    }

    pub fn from_letter(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'Q' => Some(Role::Queen),
            'K' => Some(Role::King),
            'W' => Some(Role::Wizard),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Role::Pawn => "Pawn",
            Role::Knight => "Knight",
            Role::Bishop => "Bishop",
            Role::Rook => "Rook",
            Role::Queen => "Queen",
            Role::King => "King",
            Role::Wizard => "Wizard",
        }
    }

    /// Conventional material value (kings count zero).
    pub fn value(self) -> u32 {
        match self {
            Role::Pawn => 1,
            Role::Knight | Role::Bishop => 3,
            Role::Rook => 5,
            Role::Queen => 9,
            Role::King => 0,
            Role::Wizard => 4,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub side: Side,
    pub role: Role,
}

impl Piece {
    pub fn new(side: Side, role: Role) -> Piece {
        Piece { side, role }
    }

    /// FEN letter: upper case for White.
    pub fn fen_char(self) -> char {
        let c = self.role.letter();
        match self.side {
            Side::White => c,
            Side::Black => c.to_ascii_lowercase(),
        }
    }

    pub fn from_fen_char(c: char) -> Option<Piece> {
        let role = Role::from_letter(c)?;
        let side = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        Some(Piece { side, role })
    }
}
