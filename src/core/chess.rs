//! FIDE chess positions: legal move generation, making moves, FEN, material and keys.
//!
//! Moves come from the shared generator ([`crate::core::movegen`]) with FIDE's masks;
//! Spell and Wand Chess use the same generator with their own masks and judge king
//! safety their own way, and reuse the move maker.

use crate::core::bitboard::{self, between, Bitboard};
use crate::core::movegen::{attackers, Fide, Kinds, MoveGen};
pub use crate::core::moves::{castle_squares, push_pawn_move, CastleSide, Move};
use crate::core::{Board, Piece, Role, Side, Square};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Why a FEN was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid FEN: {0}")]
pub struct FenError(pub String);

/// A FIDE chess position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Side,
    /// Rooks that still carry a castling right.
    pub(crate) castling: Bitboard,
    /// The square a pawn skipped on the last move, whether or not it can be taken.
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Position {
    pub fn new() -> Position {
        Position {
            board: Board::standard(),
            turn: Side::White,
            castling: Bitboard::from_square(Square::A1)
                .with(Square::H1)
                .with(Square::A8)
                .with(Square::H8),
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    pub fn turn(&self) -> Side {
        self.turn
    }

    pub fn set_turn(&mut self, side: Side) {
        self.turn = side;
    }

    pub fn castling_rooks(&self) -> Bitboard {
        self.castling
    }

    pub fn set_castling_rooks(&mut self, rooks: Bitboard) {
        self.castling = rooks;
    }

    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    pub fn set_ep_square(&mut self, sq: Option<Square>) {
        self.ep_square = sq;
    }

    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    pub fn set_halfmoves(&mut self, n: u32) {
        self.halfmoves = n;
    }

    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    pub fn set_fullmoves(&mut self, n: u32) {
        self.fullmoves = n;
    }

    pub fn king(&self, side: Side) -> Option<Square> {
        self.board.king_of(side)
    }

    /// Enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        self.checkers_with(&Fide)
    }

    /// Enemy pieces, the added `kinds` among them, giving check to the side to move.
    pub fn checkers_with<K: Kinds + ?Sized>(&self, kinds: &K) -> Bitboard {
        match self.king(self.turn) {
            Some(k) => attackers(
                &self.board,
                k,
                self.turn.other(),
                self.board.occupied(),
                kinds,
            ),
            None => Bitboard::EMPTY,
        }
    }

    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    pub fn is_check_with<K: Kinds + ?Sized>(&self, kinds: &K) -> bool {
        self.checkers_with(kinds).any()
    }

    /// Our pieces pinned to our king by enemy sliders.
    pub fn pinned(&self, us: Side, king: Square) -> Bitboard {
        let b = &self.board;
        let them = us.other();
        let occ = b.occupied();
        let rq = (b.by_role(Role::Rook) | b.by_role(Role::Queen)) & b.by_side(them);
        let bq = (b.by_role(Role::Bishop) | b.by_role(Role::Queen)) & b.by_side(them);
        let snipers = (bitboard::rook_attacks(king, Bitboard::EMPTY) & rq)
            | (bitboard::bishop_attacks(king, Bitboard::EMPTY) & bq);
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let blockers = between(king, s) & occ;
            if let Some(p) = blockers.single() {
                if b.by_side(us).contains(p) {
                    pinned.set(p);
                }
            }
        }
        pinned
    }

    /// All legal moves of the side to move, appended to `out`.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        self.legal_moves_with(&Fide, out);
    }

    /// All legal moves with the added `kinds`, appended to `out`: the shared generator
    /// with FIDE's masks, pins and check target, king steps first.
    pub fn legal_moves_with<K: Kinds + ?Sized>(&self, kinds: &K, out: &mut Vec<Move>) {
        let us = self.turn;
        let them = us.other();
        let b = &self.board;
        let occ = b.occupied();
        let gen = MoveGen::with_kinds(b, us, kinds);
        let legal_ep = |m: Move| self.en_passant_is_legal(m, kinds);
        let Some(king) = b.king_of(us) else {
            // Kingless positions only arise in variants; every move is then legal.
            gen.pieces(out);
            gen.pieces_of(&[Role::King], out);
            gen.pawns(out);
            gen.en_passants(self.ep_square, out, legal_ep);
            return;
        };
        let checkers = attackers(b, king, them, occ, kinds);
        let occ_without_king = occ.without(king);
        let steps = gen.destinations(Role::King, king);
        let safe = steps.filter(|to| attackers(b, *to, them, occ_without_king, kinds).is_empty());
        gen.push_moves(Role::King, king, safe.collect(), out);
        if checkers.more_than_one() {
            return;
        }
        let target = match checkers.first() {
            Some(c) => between(king, c).with(c),
            None => Bitboard::ALL,
        };
        let pinned = MoveGen {
            no_end: !target,
            pins: Some((king, self.pinned(us, king))),
            ..gen
        };
        pinned.pieces(out);
        pinned.pawns(out);
        gen.en_passants(self.ep_square, out, legal_ep);
        if checkers.is_empty() {
            let rooks = self.castling & b.pieces(us, Role::Rook) & Bitboard::rank(us.back_rank());
            let attacked = |sq: Square, occ: Bitboard| attackers(b, sq, them, occ, kinds).any();
            gen.castling(king, rooks, attacked, out);
        }
    }

    /// Convenience wrapper returning a fresh vector.
    pub fn legal_move_list(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(48);
        self.legal_moves(&mut v);
        v
    }

    /// King safety of an en-passant capture (the rest is [`MoveGen::en_passant`]'s).
    fn en_passant_is_legal<K: Kinds + ?Sized>(&self, m: Move, kinds: &K) -> bool {
        let (Some(captured), Some(king)) = (m.captured_square(), self.board.king_of(self.turn))
        else {
            return true;
        };
        let b = &self.board;
        let occ = (b.occupied().without(m.from()).without(captured)).with(m.to());
        let checks = attackers(b, king, self.turn.other(), occ, kinds);
        (checks & !Bitboard::from_square(captured)).is_empty()
    }

    /// Plays a move known to be legal (or at least well formed) in this position.
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let them = us.other();
        self.ep_square = None;
        self.halfmoves += 1;
        match m {
            Move::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } => {
                if let Some(c) = capture {
                    self.board.remove_known(to, Piece::new(them, c));
                    self.halfmoves = 0;
                    self.castling.clear(to);
                }
                self.board.remove_known(from, Piece::new(us, role));
                self.board
                    .put_on_empty(to, Piece::new(us, promotion.unwrap_or(role)));
                match role {
                    Role::Pawn => {
                        self.halfmoves = 0;
                        if from.rank().abs_diff(to.rank()) == 2 {
                            self.ep_square = from.offset(0, us.forward());
                        }
                    }
                    Role::King => {
                        self.castling &= !Bitboard::rank(us.back_rank());
                    }
                    _ => {}
                }
                self.castling.clear(from);
            }
            Move::EnPassant { from, to } => {
                if let Some(cap) = m.captured_square() {
                    self.board.remove_known(cap, Piece::new(them, Role::Pawn));
                }
                self.board.remove_known(from, Piece::new(us, Role::Pawn));
                self.board.put_on_empty(to, Piece::new(us, Role::Pawn));
                self.halfmoves = 0;
            }
            Move::Castle { king, rook } => {
                let (king_to, rook_to) = castle_squares(king, rook);
                self.board.remove_known(king, Piece::new(us, Role::King));
                self.board.remove_known(rook, Piece::new(us, Role::Rook));
                self.board.put_on_empty(king_to, Piece::new(us, Role::King));
                self.board.put_on_empty(rook_to, Piece::new(us, Role::Rook));
                self.castling &= !Bitboard::rank(us.back_rank());
            }
        }
        if us == Side::Black {
            self.fullmoves += 1;
        }
        self.turn = them;
    }

    /// The en-passant square only if a pawn of the side to move could take there
    /// legally; this is what FEN and repetition care about.
    pub fn legal_ep_square(&self) -> Option<Square> {
        self.legal_ep_square_with(&Fide)
    }

    /// [`legal_ep_square`](Self::legal_ep_square) with the added `kinds`.
    pub fn legal_ep_square_with<K: Kinds + ?Sized>(&self, kinds: &K) -> Option<Square> {
        let ep = self.ep_square?;
        let us = self.turn;
        let mut takers = Vec::new();
        MoveGen::fide(&self.board, us).en_passants(Some(ep), &mut takers, |m| {
            self.en_passant_is_legal(m, kinds)
        });
        (!takers.is_empty()).then_some(ep)
    }

    /// True when neither side can ever mate: FIDE's dead positions that can be told
    /// from material alone.
    pub fn is_insufficient_material(&self) -> bool {
        self.has_insufficient_material(Side::White) && self.has_insufficient_material(Side::Black)
    }

    /// True when `side` alone cannot deliver mate whatever the opponent does.
    pub fn has_insufficient_material(&self, side: Side) -> bool {
        let b = &self.board;
        let mine = b.by_side(side);
        let heavy = b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Queen);
        if (mine & heavy).any() {
            return false;
        }
        let kings_and_queens = b.by_role(Role::King) | b.by_role(Role::Queen);
        if (mine & b.by_role(Role::Knight)).any() {
            // A lone knight can only mate with the opponent's help (a self-block).
            return mine.count() <= 2 && (b.by_side(side.other()) & !kings_and_queens).is_empty();
        }
        if (mine & b.by_role(Role::Bishop)).any() {
            let bishops = b.by_role(Role::Bishop);
            let one_colour =
                (bishops & Bitboard::DARK).is_empty() || (bishops & Bitboard::LIGHT).is_empty();
            return one_colour
                && b.by_role(Role::Pawn).is_empty()
                && b.by_role(Role::Knight).is_empty();
        }
        true
    }

    /// A key equal for positions that are the same for repetition (C4, FIDE part).
    pub fn repetition_key(&self) -> u64 {
        self.repetition_key_with(&Fide)
    }

    /// [`repetition_key`](Self::repetition_key) with the added `kinds`.
    pub fn repetition_key_with<K: Kinds + ?Sized>(&self, kinds: &K) -> u64 {
        let z = zobrist();
        let mut h = 0u64;
        for (sq, p) in self.board.iter() {
            h ^= z.pieces[p.side.index()][p.role.index()][sq.index()];
        }
        if self.turn == Side::Black {
            h ^= z.black;
        }
        for sq in self.castling {
            h ^= z.castling[sq.index()];
        }
        if let Some(ep) = self.legal_ep_square_with(kinds) {
            h ^= z.ep[ep.index()];
        }
        h
    }

    /// A FIDE position: FIDE's six kinds only (the Wizard is Sorchess's).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let pos = Position::from_fen_unvalidated(fen)?;
        if pos.board.by_role(Role::Wizard).any() {
            return Err(FenError("the Wizard is not a FIDE piece".into()));
        }
        pos.validate_fide()?;
        Ok(pos)
    }

    /// Parses the six FEN fields without checking FIDE legality (variants validate).
    pub fn from_fen_unvalidated(fen: &str) -> Result<Position, FenError> {
        let err = |s: &str| FenError(s.to_string());
        let mut fields = fen.split_whitespace();
        let board_text = fields.next().ok_or_else(|| err("empty"))?;
        let board = Board::from_board_fen(board_text).map_err(FenError)?;
        let turn = match fields.next() {
            None => Side::White,
            Some(t) => t
                .chars()
                .next()
                .filter(|_| t.len() == 1)
                .and_then(Side::from_char)
                .ok_or_else(|| err("the side to move must be 'w' or 'b'"))?,
        };
        let mut castling = Bitboard::EMPTY;
        let castling_text = fields.next().unwrap_or("-");
        if castling_text != "-" {
            for c in castling_text.chars() {
                let (side, corner) = match c {
                    'K' => (Side::White, Square::H1),
                    'Q' => (Side::White, Square::A1),
                    'k' => (Side::Black, Square::H8),
                    'q' => (Side::Black, Square::A8),
                    _ => return Err(err(&format!("unknown castling letter '{c}'"))),
                };
                let king_home = if side == Side::White {
                    Square::E1
                } else {
                    Square::E8
                };
                if board.piece_at(corner) != Some(Piece::new(side, Role::Rook))
                    || board.piece_at(king_home) != Some(Piece::new(side, Role::King))
                {
                    return Err(err(&format!(
                        "castling right '{c}' needs the king on {king_home} and a rook on {corner}"
                    )));
                }
                castling.set(corner);
            }
        }
        let ep_square = match fields.next() {
            None | Some("-") => None,
            Some(t) => {
                let sq = Square::parse(t).ok_or_else(|| err("bad en-passant square"))?;
                if sq.relative_rank(turn) != 5 {
                    return Err(err("the en-passant square is on the wrong rank"));
                }
                Some(sq)
            }
        };
        let halfmoves = match fields.next() {
            None => 0,
            Some(t) => t.parse().map_err(|_| err("bad halfmove clock"))?,
        };
        let fullmoves = match fields.next() {
            None => 1,
            Some(t) => t.parse::<u32>().map_err(|_| err("bad move number"))?.max(1),
        };
        if fields.next().is_some() {
            return Err(err("too many fields"));
        }
        Ok(Position {
            board,
            turn,
            castling,
            ep_square,
            halfmoves,
            fullmoves,
        })
    }

    /// FIDE sanity: one king each, no pawns on the end ranks, the side that just
    /// moved not in check.
    pub fn validate_fide(&self) -> Result<(), FenError> {
        self.validate_fide_with(&Fide)
    }

    /// [`validate_fide`](Self::validate_fide) with the added `kinds`.
    pub fn validate_fide_with<K: Kinds + ?Sized>(&self, kinds: &K) -> Result<(), FenError> {
        let b = &self.board;
        for side in Side::BOTH {
            if b.pieces(side, Role::King).count() != 1 {
                return Err(FenError(format!("{side} must have exactly one king")));
            }
        }
        if (b.by_role(Role::Pawn) & (Bitboard::rank(0) | Bitboard::rank(7))).any() {
            return Err(FenError(
                "pawns cannot stand on the first or last rank".into(),
            ));
        }
        if let Some(k) = b.king_of(self.turn.other()) {
            if attackers(b, k, self.turn, b.occupied(), kinds).any() {
                return Err(FenError("the side not to move is in check".into()));
            }
        }
        Ok(())
    }

    pub fn fen(&self) -> String {
        self.fen_with(&Fide)
    }

    /// [`fen`](Self::fen) with the added `kinds`.
    pub fn fen_with<K: Kinds + ?Sized>(&self, kinds: &K) -> String {
        let castling = castling_field(self.castling);
        let ep = self
            .legal_ep_square_with(kinds)
            .map(|s| s.to_string())
            .unwrap_or_else(|| "-".into());
        format!(
            "{} {} {} {} {} {}",
            self.board.board_fen(),
            self.turn.char(),
            castling,
            ep,
            self.halfmoves,
            self.fullmoves
        )
    }

    /// Counts leaf nodes at `depth` (no bulk counting: every leaf is played).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_move_list();
        let mut total = 0;
        for m in moves {
            let mut next = self.clone();
            next.play_unchecked(m);
            total += next.perft(depth - 1);
        }
        total
    }
}

struct Zobrist {
    pieces: [[[u64; 64]; 7]; 2],
    castling: [u64; 64],
    ep: [u64; 64],
    black: u64,
}

static ZOBRIST: OnceLock<Zobrist> = OnceLock::new();

/// Fixed keys from a fixed generator, so stored keys never change between builds.
fn zobrist() -> &'static Zobrist {
    ZOBRIST.get_or_init(|| {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut z = Zobrist {
            pieces: [[[0; 64]; 7]; 2],
            castling: [0; 64],
            ep: [0; 64],
            black: 0,
        };
        for side in z.pieces.iter_mut() {
            for role in side.iter_mut() {
                for k in role.iter_mut() {
                    *k = next();
                }
            }
        }
        for k in z.castling.iter_mut() {
            *k = next();
        }
        for k in z.ep.iter_mut() {
            *k = next();
        }
        z.black = next();
        z
    })
}

/// A stable 64-bit mixer for variants folding extra state into repetition keys.
pub fn mix_key(h: u64, value: u64) -> u64 {
    let mut x = h ^ value.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= x >> 31;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^ (x >> 29)
}

/// The FEN castling field for the rooks that may still castle (`KQkq`, or `-`).
pub fn castling_field(rooks: Bitboard) -> String {
    let mut field: String = [
        (Square::H1, 'K'),
        (Square::A1, 'Q'),
        (Square::H8, 'k'),
        (Square::A8, 'q'),
    ]
    .into_iter()
    .filter(|&(sq, _)| rooks.contains(sq))
    .map(|(_, c)| c)
    .collect();
    if field.is_empty() {
        field.push('-');
    }
    field
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_round_trips_fen() {
        let p = Position::new();
        assert_eq!(p.fen(), START_FEN);
        assert_eq!(Position::from_fen(START_FEN).expect("fen"), p);
        assert_eq!(p.perft(1), 20);
        assert_eq!(p.perft(2), 400);
    }

    #[test]
    fn fen_errors_are_reported() {
        assert!(Position::from_fen("").is_err());
        assert!(Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_err());
        assert!(
            Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1").is_err()
        );
        assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K2R w Kq - 0 1").is_err());
    }
}
