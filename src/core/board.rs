//! Piece placement: one bitboard per role and per side.

use crate::core::bitboard::{self, Bitboard};
use crate::core::{Piece, Role, Side, Square};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    roles: [Bitboard; 7],
    sides: [Bitboard; 2],
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    pub fn empty() -> Board {
        Board {
            roles: [Bitboard::EMPTY; 7],
            sides: [Bitboard::EMPTY; 2],
        }
    }

    pub fn standard() -> Board {
        let mut b = Board::empty();
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for (file, role) in back.iter().enumerate() {
            let f = file as u8;
            for (side, back_rank, pawn_rank) in [(Side::White, 0, 1), (Side::Black, 7, 6)] {
                if let (Some(b_sq), Some(p_sq)) = (
                    Square::from_coords(f, back_rank),
                    Square::from_coords(f, pawn_rank),
                ) {
                    b.put(b_sq, Piece::new(side, *role));
                    b.put(p_sq, Piece::new(side, Role::Pawn));
                }
            }
        }
        b
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.sides[0] | self.sides[1]
    }

    #[inline]
    pub fn by_side(&self, side: Side) -> Bitboard {
        self.sides[side.index()]
    }

    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.roles[role.index()]
    }

    #[inline]
    pub fn pieces(&self, side: Side, role: Role) -> Bitboard {
        self.roles[role.index()] & self.sides[side.index()]
    }

    pub fn side_at(&self, sq: Square) -> Option<Side> {
        if self.sides[0].contains(sq) {
            Some(Side::White)
        } else if self.sides[1].contains(sq) {
            Some(Side::Black)
        } else {
            None
        }
    }

    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        Role::ALL
            .iter()
            .copied()
            .find(|r| self.roles[r.index()].contains(sq))
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let side = self.side_at(sq)?;
        let role = self.role_at(sq)?;
        Some(Piece::new(side, role))
    }

    /// Removes whatever stands on `sq` and returns it.
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.roles[piece.role.index()].clear(sq);
        self.sides[piece.side.index()].clear(sq);
        Some(piece)
    }

    /// Places `piece` on `sq`, replacing anything there.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.take(sq);
        self.roles[piece.role.index()].set(sq);
        self.sides[piece.side.index()].set(sq);
    }

    /// Places a piece on a square known to be empty (fast path for move making).
    #[inline]
    pub fn put_on_empty(&mut self, sq: Square, piece: Piece) {
        self.roles[piece.role.index()].set(sq);
        self.sides[piece.side.index()].set(sq);
    }

    #[inline]
    pub fn remove_known(&mut self, sq: Square, piece: Piece) {
        self.roles[piece.role.index()].clear(sq);
        self.sides[piece.side.index()].clear(sq);
    }

    pub fn king_of(&self, side: Side) -> Option<Square> {
        self.pieces(side, Role::King).single()
    }

    pub fn iter(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// FIDE pieces of `side` attacking `sq` given `occupied` as blockers (a game's own
    /// kinds are added by [`crate::core::movegen::attackers`]).
    pub fn attackers(&self, sq: Square, side: Side, occupied: Bitboard) -> Bitboard {
        let them = self.sides[side.index()];
        let rq = self.by_role(Role::Rook) | self.by_role(Role::Queen);
        let bq = self.by_role(Role::Bishop) | self.by_role(Role::Queen);
        ((bitboard::rook_attacks(sq, occupied) & rq)
            | (bitboard::bishop_attacks(sq, occupied) & bq)
            | (bitboard::knight_attacks(sq) & self.by_role(Role::Knight))
            | (bitboard::king_attacks(sq) & self.by_role(Role::King))
            | (bitboard::pawn_attacks(side.other(), sq) & self.by_role(Role::Pawn)))
            & them
    }

    /// FEN piece-placement field.
    pub fn board_fen(&self) -> String {
        placement_field(|sq| self.piece_at(sq).map(|p| p.fen_char()))
    }

    pub fn from_board_fen(text: &str) -> Result<Board, String> {
        let mut board = Board::empty();
        let ranks: Vec<&str> = text.split('/').collect();
        if ranks.len() != 8 {
            return Err(format!("the board needs 8 ranks, found {}", ranks.len()));
        }
        for (i, row) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file: u8 = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    if !(1..=8).contains(&d) {
                        return Err(format!("bad empty-square count '{c}'"));
                    }
                    file += d as u8;
                } else {
                    let piece = Piece::from_fen_char(c)
                        .ok_or_else(|| format!("unknown piece letter '{c}'"))?;
                    let sq = Square::from_coords(file, rank)
                        .ok_or_else(|| format!("rank {} is too long", rank + 1))?;
                    board.put(sq, piece);
                    file += 1;
                }
                if file > 8 {
                    return Err(format!("rank {} is too long", rank + 1));
                }
            }
            if file != 8 {
                return Err(format!("rank {} has {} squares, not 8", rank + 1, file));
            }
        }
        Ok(board)
    }
}

/// A FEN piece-placement field from what stands on each square (`char_at`: its FEN
/// letter, or `*` and the like for a variant's own marks), empty runs as digits.
pub fn placement_field(char_at: impl Fn(Square) -> Option<char>) -> String {
    let mut out = String::with_capacity(72);
    for rank in (0..8u8).rev() {
        let mut empty = 0u8;
        for file in 0..8u8 {
            match Square::from_coords(file, rank).and_then(&char_at) {
                Some(c) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}
