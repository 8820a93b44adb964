//! A chess move and the two rules every move maker shares (a pawn's moves with their
//! promotions; where castling puts king and rook): below both the FIDE position and the
//! shared generator, so neither imports the other for them.

use crate::core::{Role, Square};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CastleSide {
    King,
    Queen,
}

/// A chess move. Castling is stored as king and rook origin squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    Normal {
        role: Role,
        from: Square,
        to: Square,
        capture: Option<Role>,
        promotion: Option<Role>,
    },
    EnPassant {
        from: Square,
        to: Square,
    },
    Castle {
        king: Square,
        rook: Square,
    },
}

impl Move {
    pub fn from(self) -> Square {
        match self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from,
            Move::Castle { king, .. } => king,
        }
    }

    /// Destination; for castling, the king's destination.
    pub fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { king, rook } => castle_squares(king, rook).0,
        }
    }

    pub fn role(self) -> Role {
        match self {
            Move::Normal { role, .. } => role,
            Move::EnPassant { .. } => Role::Pawn,
            Move::Castle { .. } => Role::King,
        }
    }

    pub fn capture(self) -> Option<Role> {
        match self {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(Role::Pawn),
            Move::Castle { .. } => None,
        }
    }

    pub fn is_capture(self) -> bool {
        self.capture().is_some()
    }

    pub fn promotion(self) -> Option<Role> {
        match self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }

    pub fn castle_side(self) -> Option<CastleSide> {
        match self {
            Move::Castle { king, rook } => Some(if rook.file() > king.file() {
                CastleSide::King
            } else {
                CastleSide::Queen
            }),
            _ => None,
        }
    }

    /// The square of the piece this move removes, if any.
    pub fn captured_square(self) -> Option<Square> {
        match self {
            Move::Normal {
                to,
                capture: Some(_),
                ..
            } => Some(to),
            Move::EnPassant { from, to } => Square::from_coords(to.file(), from.rank()),
            _ => None,
        }
    }

    /// Canonical long algebraic form: `Ng1-f3`, `Ne4:f6`, `e7-e8=Q`, `O-O`.
    pub fn long(self) -> String {
        match self.castle_side() {
            Some(CastleSide::King) => return "O-O".to_string(),
            Some(CastleSide::Queen) => return "O-O-O".to_string(),
            None => {}
        }
        let mut s = String::with_capacity(8);
        if self.role() != Role::Pawn {
            s.push(self.role().letter());
        }
        s.push_str(&self.from().to_string());
        s.push(if self.is_capture() { ':' } else { '-' });
        s.push_str(&self.to().to_string());
        if let Some(p) = self.promotion() {
            s.push('=');
            s.push(p.letter());
        }
        s
    }

    /// UCI-style coordinates (`e2e4`, `e7e8q`, castling as the king's two-square move).
    pub fn uci(self) -> String {
        let mut s = format!("{}{}", self.from(), self.to());
        if let Some(p) = self.promotion() {
            s.push(p.letter().to_ascii_lowercase());
        }
        s
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.long())
    }
}

/// Pushes a pawn move to `to`, as the four FIDE promotions when `to` is on the last rank.
pub fn push_pawn_move(
    out: &mut Vec<Move>,
    from: Square,
    to: Square,
    capture: Option<Role>,
    last_rank: bool,
) {
    if last_rank {
        for p in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            out.push(Move::Normal {
                role: Role::Pawn,
                from,
                to,
                capture,
                promotion: Some(p),
            });
        }
    } else {
        out.push(Move::Normal {
            role: Role::Pawn,
            from,
            to,
            capture,
            promotion: None,
        });
    }
}

/// King and rook destinations for castling with the given origins.
pub fn castle_squares(king: Square, rook: Square) -> (Square, Square) {
    let rank = king.rank();
    if rook.file() > king.file() {
        (
            Square::from_index_unchecked(rank * 8 + 6),
            Square::from_index_unchecked(rank * 8 + 5),
        )
    } else {
        (
            Square::from_index_unchecked(rank * 8 + 2),
            Square::from_index_unchecked(rank * 8 + 3),
        )
    }
}
