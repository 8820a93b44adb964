//! Wand Chess turns: normal moves under the statuses (W2, W9, W13, W17), zaps (W2),
//! fast pieces' two-move turns (W20) and king safety judged at the end of the turn
//! (W16, W18).

use super::state::{king_exposed, Masks, Pos, Unit, FRESH_WAIT, SLOTH_WAIT};
use crate::core::bitboard::{self, Bitboard};
use crate::core::chess::castle_squares;
use crate::core::movegen::MoveGen;
use crate::core::{Board, Move, Piece, Role, Side, Square};
use crate::variants::fide::FideState;

/// One whole turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    Move(Move),
    Zap {
        from: Square,
        to: Square,
    },
    /// Two half-moves by fast pieces (W20).
    Double(Move, Move),
}

/// What a move did, for the clocks and en passant.
#[derive(Clone, Copy, Debug, Default)]
pub struct Applied {
    /// The square a pawn skipped with a double step.
    pub skipped: Option<Square>,
    /// A capture or a pawn move: the 50-move count restarts.
    pub reset: bool,
}

/// The placement after `m`, pieces only (enough to judge attacks).
pub fn board_after(board: &Board, m: Move) -> Board {
    let mut b = *board;
    match m {
        Move::Normal { .. } => {
            if let Some(p) = b.take(m.from()) {
                b.take(m.to());
                let role = m.promotion().unwrap_or(p.role);
                b.put_on_empty(m.to(), Piece::new(p.side, role));
            }
        }
        Move::EnPassant { from, to } => {
            if let Some(victim) = Square::from_coords(to.file(), from.rank()) {
                b.take(victim);
            }
            if let Some(p) = b.take(from) {
                b.put_on_empty(to, p);
            }
        }
        Move::Castle { king, rook } => {
            let (kt, rt) = castle_squares(king, rook);
            let k = b.take(king);
            let r = b.take(rook);
            if let (Some(k), Some(r)) = (k, r) {
                b.put(kt, k);
                b.put(rt, r);
            }
        }
    }
    b
}

fn mark_acted(u: &mut Unit) {
    // W10: a slow piece that moved or zapped sits out its owner's next 3 turns.
    if u.slow {
        u.wait = SLOTH_WAIT;
        u.fresh |= FRESH_WAIT;
    }
}

impl Pos {
    /// Marks the piece on `sq` as having acted this turn (sloth's wait).
    pub fn mark_acted(&mut self, sq: Square) {
        if let Some(u) = self.unit_mut(sq) {
            mark_acted(u);
        }
    }

    /// Moves pieces with their state. Castling rights and the captured piece's rights
    /// are updated; the side to move is not changed (a turn may hold two moves).
    pub fn apply_move(&mut self, m: Move) -> Applied {
        let mut done = Applied::default();
        match m {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => {
                if self.unit(to).is_some() {
                    self.lose_castling(to);
                    self.take(to);
                    done.reset = true;
                }
                let Some(mut u) = self.take(from) else {
                    return done;
                };
                if u.role == Role::Pawn {
                    done.reset = true;
                    done.skipped = FideState::skipped(u.side, from, to);
                }
                self.fide
                    .lose_castling((u.role == Role::King).then_some(u.side), &[from]);
                if let Some(p) = promotion {
                    u.role = p;
                }
                mark_acted(&mut u);
                self.put(to, u);
            }
            Move::EnPassant { from, to } => {
                if let Some(victim) = Square::from_coords(to.file(), from.rank()) {
                    self.take(victim);
                }
                if let Some(mut u) = self.take(from) {
                    mark_acted(&mut u);
                    self.put(to, u);
                }
                done.reset = true;
            }
            Move::Castle { king, rook } => {
                let (kt, rt) = castle_squares(king, rook);
                let k = self.take(king);
                let r = self.take(rook);
                if let (Some(mut k), Some(mut r)) = (k, r) {
                    self.fide.lose_castling(Some(k.side), &[]);
                    mark_acted(&mut k);
                    mark_acted(&mut r);
                    self.put(kt, k);
                    self.put(rt, r);
                }
            }
        }
        done
    }

    /// Moves of `us`'s pieces in `movers`, ignoring king safety, square by square.
    /// With `half`, only what a fast piece may do as half a turn: no castling, no
    /// capture of a piece that is not fast (W20).
    pub fn pseudo_moves(
        &self,
        us: Side,
        masks: &Masks,
        movers: Bitboard,
        half: bool,
        out: &mut Vec<Move>,
    ) {
        let b = &self.board;
        // W9: statues cannot be captured. W20: a half-move captures only fast pieces.
        // W13: a peaceful piece cannot capture. W11: a pawn on its own last rank
        // cannot move (it has no square ahead).
        let mut prey = b.by_side(us.other()) & !masks.statue;
        if half {
            prey &= masks.fast;
        }
        let gen = MoveGen {
            movers,
            prey,
            peaceful: masks.peaceful,
            ..MoveGen::fide(b, us)
        };
        for from in b.by_side(us) & movers {
            let Some(role) = b.role_at(from) else {
                continue;
            };
            if role == Role::Pawn {
                gen.pawn_moves(from, out);
                out.extend(self.fide.ep.and_then(|ep| gen.en_passant(ep, from)));
                continue;
            }
            gen.push_moves(role, from, gen.destinations(role, from), out);
            if role == Role::King && !half {
                self.castling_moves(&gen, masks, from, out);
            }
        }
    }

    fn castling_moves(&self, gen: &MoveGen, masks: &Masks, king: Square, out: &mut Vec<Move>) {
        let us = gen.us;
        let b = &self.board;
        let home = if us == Side::White {
            Square::E1
        } else {
            Square::E8
        };
        if king != home {
            return;
        }
        // With two kings check is ignored entirely (W16), castling's attack tests too.
        let single = self.kings(us).count() == 1;
        let armed = masks.armed[us.other().index()];
        let attacked =
            |sq: Square, occ: Bitboard| single && (b.attackers(sq, us.other(), occ) & armed).any();
        if attacked(king, b.occupied()) {
            return;
        }
        let rooks = self.fide.castling
            & b.pieces(us, Role::Rook)
            & Bitboard::rank(us.back_rank())
            & masks.active;
        gen.castling(king, rooks, attacked, out);
    }

    /// Whether `us`'s single king would be safe after the board `after`, or the move
    /// took the opponent's last king (which wins at once, W16).
    fn safe_after(&self, us: Side, after: &Board, masks: &Masks) -> bool {
        after.pieces(us.other(), Role::King).is_empty() || !king_exposed(after, us, masks)
    }

    /// Legal normal turns of `us`: single moves and fast double moves.
    pub fn legal_moves(&self, us: Side, masks: &Masks, out: &mut Vec<Turn>) {
        let our = self.board.by_side(us);
        let mut moves = Vec::with_capacity(48);
        self.pseudo_moves(us, masks, masks.active & our, false, &mut moves);
        for m in moves {
            if self.safe_after(us, &board_after(&self.board, m), masks) {
                out.push(Turn::Move(m));
            }
        }
        self.double_moves(us, masks, out);
    }

    fn double_moves(&self, us: Side, masks: &Masks, out: &mut Vec<Turn>) {
        let our = self.board.by_side(us);
        let fast = masks.active & masks.fast & our;
        if fast.is_empty() {
            return;
        }
        let mut firsts = Vec::new();
        self.pseudo_moves(us, masks, fast, true, &mut firsts);
        let mut seconds = Vec::new();
        for m1 in firsts {
            let mut p1 = self.clone();
            p1.apply_move(m1);
            if p1.kings(us.other()).is_empty() {
                // The game ended with the first move; it stands alone as a turn.
                continue;
            }
            let masks1 = p1.masks();
            seconds.clear();
            p1.pseudo_moves(
                us,
                &masks1,
                masks1.active & masks1.fast & p1.board.by_side(us),
                true,
                &mut seconds,
            );
            for &m2 in &seconds {
                if p1.safe_after(us, &board_after(&p1.board, m2), &masks1) {
                    out.push(Turn::Double(m1, m2));
                }
            }
        }
    }

    /// Whether `us` has any legal normal move (for checkmate, W18).
    pub fn has_legal_move(&self, us: Side, masks: &Masks) -> bool {
        let mut moves = Vec::with_capacity(48);
        let our = self.board.by_side(us);
        self.pseudo_moves(us, masks, masks.active & our, false, &mut moves);
        if moves
            .iter()
            .any(|m| self.safe_after(us, &board_after(&self.board, *m), masks))
        {
            return true;
        }
        let mut doubles = Vec::new();
        self.double_moves(us, masks, &mut doubles);
        !doubles.is_empty()
    }

    /// Zaps available to `us` (W2); none while in check (W18).
    pub fn zaps(&self, us: Side, masks: &Masks, out: &mut Vec<Turn>) {
        if self.single_king_attacked(us, masks) {
            return;
        }
        for from in self.board.by_side(us) & masks.active {
            if self.unit(from).is_some_and(|u| u.can_zap()) {
                for to in bitboard::king_attacks(from).with(from) {
                    out.push(Turn::Zap { from, to });
                }
            }
        }
    }

    /// Whether `us` has any legal turn at all (W19), without listing them.
    pub fn has_any_turn(&self, us: Side, masks: &Masks) -> bool {
        let mut zappers = (self.board.by_side(us) & masks.active).into_iter();
        let can_zap = Iterator::any(&mut zappers, |sq| {
            self.unit(sq).is_some_and(|u| u.can_zap())
        });
        (can_zap && !self.single_king_attacked(us, masks)) || self.has_legal_move(us, masks)
    }

    /// Every legal turn of the side to move.
    pub fn legal_turns(&self) -> Vec<Turn> {
        let masks = self.masks();
        let mut out = Vec::with_capacity(64);
        self.legal_moves(self.fide.turn, &masks, &mut out);
        self.zaps(self.fide.turn, &masks, &mut out);
        out
    }
}
