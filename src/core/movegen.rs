//! One move generator for the chess-like games on the 8x8 board (issue 23).
//!
//! [`MoveGen`] produces FIDE's piece, pawn, castling and en-passant moves of one side
//! under masks a game narrows: pieces that may not move (frozen, asleep), pieces that
//! may not be taken or may not take, squares a move may not end on, squares sliders
//! see through. It checks no king safety: FIDE's [`Position`](crate::core::Position)
//! passes its pins and check target, Spell and Wand Chess judge safety their own way
//! and pass an attack test to [`MoveGen::castling`]. Piece kinds a single game adds
//! (Sorchess's Wizard) live with that game and come in through [`Kinds`]. Every
//! generator keeps FIDE's move order (pieces by kind, the added kinds after the queen,
//! then pawns), so lists and their texts stay as they were.

use crate::core::bitboard::{self, between, line, Bitboard};
use crate::core::moves::{castle_squares, push_pawn_move};
use crate::core::{Board, Move, Role, Side, Square};

/// FIDE's pieces moved before the added kinds and pawns, in the order moves are listed.
pub const PIECES: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// Piece kinds a game adds to FIDE's six: how they move and attack.
pub trait Kinds {
    /// The added kinds, in the order their moves are listed (after the queen's).
    fn roles(&self) -> &[Role] {
        &[]
    }

    /// Squares a piece of the added `role` and `side` on `from` attacks (and may move
    /// to), sliders stopping at `occupied`.
    fn attacks(&self, _role: Role, _side: Side, _from: Square, _occupied: Bitboard) -> Bitboard {
        Bitboard::EMPTY
    }

    /// Pieces of the added kinds of `side` attacking `sq`.
    fn attackers(&self, board: &Board, sq: Square, side: Side, occupied: Bitboard) -> Bitboard {
        let mut found = Bitboard::EMPTY;
        for &role in self.roles() {
            for from in board.pieces(side, role) {
                if self.attacks(role, side, from, occupied).contains(sq) {
                    found.set(from);
                }
            }
        }
        found
    }
}

/// FIDE chess: no added kinds.
pub struct Fide;

impl Kinds for Fide {}

/// Pieces of `side` attacking `sq`, FIDE's and the added kinds'.
pub fn attackers<K: Kinds + ?Sized>(
    board: &Board,
    sq: Square,
    side: Side,
    occupied: Bitboard,
    kinds: &K,
) -> Bitboard {
    board.attackers(sq, side, occupied) | kinds.attackers(board, sq, side, occupied)
}

/// The masks of one pass of move generation for the side `us`.
pub struct MoveGen<'a, K: Kinds + ?Sized = Fide> {
    pub board: &'a Board,
    /// The piece kinds the game adds.
    pub kinds: &'a K,
    pub us: Side,
    /// Our pieces that may move.
    pub movers: Bitboard,
    /// What stops sliders (FIDE: every piece).
    pub blockers: Bitboard,
    /// Enemy pieces that may be taken.
    pub prey: Bitboard,
    /// Our pieces that may not capture.
    pub peaceful: Bitboard,
    /// Squares no move may end on.
    pub no_end: Bitboard,
    /// Squares only a capture may end on.
    pub no_quiet: Bitboard,
    /// Occupied squares a pawn's double step may cross.
    pub pass: Bitboard,
    /// Whether a pawn may reach its last rank (and promote).
    pub promotions: bool,
    /// Our king and the pieces pinned to it: those move only along the pin line.
    pub pins: Option<(Square, Bitboard)>,
    /// Squares holding something that is not a piece (Wickets' lying balls): castling
    /// may not pass them.
    pub obstacles: Bitboard,
}

impl<K: Kinds + ?Sized> Clone for MoveGen<'_, K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K: Kinds + ?Sized> Copy for MoveGen<'_, K> {}

impl<'a> MoveGen<'a> {
    /// FIDE's masks: every piece of `us` moves, every enemy piece may be taken.
    pub fn fide(board: &'a Board, us: Side) -> MoveGen<'a> {
        MoveGen::with_kinds(board, us, &Fide)
    }
}

impl<'a, K: Kinds + ?Sized> MoveGen<'a, K> {
    /// FIDE's masks with the added `kinds`.
    pub fn with_kinds(board: &'a Board, us: Side, kinds: &'a K) -> MoveGen<'a, K> {
        MoveGen {
            board,
            kinds,
            us,
            movers: board.by_side(us),
            blockers: board.occupied(),
            prey: board.by_side(us.other()),
            peaceful: Bitboard::EMPTY,
            no_end: Bitboard::EMPTY,
            no_quiet: Bitboard::EMPTY,
            pass: Bitboard::EMPTY,
            promotions: true,
            pins: None,
            obstacles: Bitboard::EMPTY,
        }
    }

    fn pin_line(&self, from: Square) -> Bitboard {
        match self.pins {
            Some((king, pinned)) if pinned.contains(from) => line(king, from),
            _ => Bitboard::ALL,
        }
    }

    /// What the piece on `from` may take.
    fn prey_of(&self, from: Square) -> Bitboard {
        if self.peaceful.contains(from) {
            Bitboard::EMPTY
        } else {
            self.prey
        }
    }

    /// Squares a quiet move may end on.
    fn open(&self) -> Bitboard {
        !self.board.occupied() & !self.no_quiet & !self.no_end
    }

    /// Where a piece of `role` (not a pawn) on `from` may move.
    pub fn destinations(&self, role: Role, from: Square) -> Bitboard {
        let reach = if self.kinds.roles().contains(&role) {
            self.kinds.attacks(role, self.us, from, self.blockers)
        } else {
            bitboard::attacks(role, self.us, from, self.blockers)
        };
        reach & (self.open() | (self.prey_of(from) & !self.no_end)) & self.pin_line(from)
    }

    /// Pushes the moves of the `role` on `from` to each of `dests`.
    pub fn push_moves(&self, role: Role, from: Square, dests: Bitboard, out: &mut Vec<Move>) {
        let b = self.board;
        let their = b.by_side(self.us.other());
        for to in dests {
            out.push(Move::Normal {
                role,
                from,
                to,
                capture: if their.contains(to) {
                    b.role_at(to)
                } else {
                    None
                },
                promotion: None,
            });
        }
    }

    /// Moves of our knights, bishops, rooks, queens and added kinds that may move.
    pub fn pieces(&self, out: &mut Vec<Move>) {
        self.pieces_of(&PIECES, out);
        self.pieces_of(self.kinds.roles(), out);
    }

    /// Moves of our pieces of `roles` that may move, kind by kind.
    pub fn pieces_of(&self, roles: &[Role], out: &mut Vec<Move>) {
        for &role in roles {
            for from in self.board.pieces(self.us, role) & self.movers {
                self.push_moves(role, from, self.destinations(role, from), out);
            }
        }
    }

    /// Where the pawn on `from` may move: captures and single and double steps.
    pub fn pawn_destinations(&self, from: Square) -> Bitboard {
        let us = self.us;
        let occ = self.board.occupied();
        let open = self.open();
        let mut dests = bitboard::pawn_attacks(us, from) & self.prey_of(from) & !self.no_end;
        if let Some(one) = from.offset(0, us.forward()) {
            if open.contains(one) {
                dests.set(one);
            }
            if from.relative_rank(us) == 1 && (!occ.contains(one) || self.pass.contains(one)) {
                if let Some(two) = one.offset(0, us.forward()) {
                    if open.contains(two) {
                        dests.set(two);
                    }
                }
            }
        }
        dests & self.pin_line(from)
    }

    /// The moves of the pawn on `from`, promotions included when allowed.
    pub fn pawn_moves(&self, from: Square, out: &mut Vec<Move>) {
        let b = self.board;
        let their = b.by_side(self.us.other());
        let last = if self.us == Side::White { 7 } else { 0 };
        for to in self.pawn_destinations(from) {
            let last_rank = to.rank() == last;
            if last_rank && !self.promotions {
                continue;
            }
            let capture = if their.contains(to) {
                b.role_at(to)
            } else {
                None
            };
            push_pawn_move(out, from, to, capture, last_rank);
        }
    }

    /// Moves of our pawns that may move.
    pub fn pawns(&self, out: &mut Vec<Move>) {
        for from in self.board.pieces(self.us, Role::Pawn) & self.movers {
            self.pawn_moves(from, out);
        }
    }

    /// The pawn on `from` taking en passant onto `ep`, if the masks allow it (king
    /// safety is the caller's).
    pub fn en_passant(&self, ep: Square, from: Square) -> Option<Move> {
        let b = self.board;
        let us = self.us;
        let victim = ep.offset(0, -us.forward())?;
        let ok = (b.pieces(us, Role::Pawn) & self.movers & !self.peaceful).contains(from)
            && bitboard::pawn_attacks(us, from).contains(ep)
            && self.open().contains(ep)
            && (b.pieces(us.other(), Role::Pawn) & self.prey).contains(victim);
        ok.then_some(Move::EnPassant { from, to: ep })
    }

    /// Every en-passant capture onto `ep` that `legal` accepts.
    pub fn en_passants(
        &self,
        ep: Option<Square>,
        out: &mut Vec<Move>,
        mut legal: impl FnMut(Move) -> bool,
    ) {
        let Some(ep) = ep else { return };
        for from in
            bitboard::pawn_attacks(self.us.other(), ep) & self.board.pieces(self.us, Role::Pawn)
        {
            if let Some(m) = self.en_passant(ep, from).filter(|m| legal(*m)) {
                out.push(m);
            }
        }
    }

    /// Castling of the king on `king` with each of `rooks` (FIDE and Chess960 alike):
    /// the king on its back rank, every square between king and rook and both
    /// destinations empty and open to a quiet move, and no square the king crosses or
    /// lands on `attacked` (given the occupancy without king and rook). Whether the
    /// king may castle out of check is the caller's.
    pub fn castling(
        &self,
        king: Square,
        rooks: Bitboard,
        attacked: impl Fn(Square, Bitboard) -> bool,
        out: &mut Vec<Move>,
    ) {
        if king.relative_rank(self.us) != 0 {
            return;
        }
        let quiet_ok = !self.no_end & !self.no_quiet;
        for rook in rooks {
            let (king_to, rook_to) = castle_squares(king, rook);
            let others = self.board.occupied().without(king).without(rook);
            let crossing = between(king, king_to).with(king_to);
            let path = crossing | between(rook, rook_to).with(rook_to) | between(king, rook);
            if (path & (others | self.obstacles)).any()
                || !quiet_ok.contains(king_to)
                || !quiet_ok.contains(rook_to)
            {
                continue;
            }
            if Iterator::any(&mut crossing.into_iter(), |sq| attacked(sq, others)) {
                continue;
            }
            out.push(Move::Castle { king, rook });
        }
    }
}
