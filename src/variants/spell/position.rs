//! Spell Chess positions: spell supplies, cooldowns, the active freeze area and jump
//! square, and the spell-aware generator of legal turns (RULINGS P1-P6).
//!
//! A spell lasts for the turn it is cast in and the opponent's next turn, so between
//! turns the only active spells are those the side that just moved cast: its freeze
//! binds the side to move, its jump square is transparent for both sides.

use crate::core::bitboard::{self, between, Bitboard};
use crate::core::chess::castle_squares;
use crate::core::movegen::MoveGen;
use crate::core::{Board, CastleSide, Move, Position, Role, Side, Square};
use serde::{Deserialize, Serialize};

/// Index of the freeze spell in supply and cooldown arrays.
pub const FREEZE: usize = 0;
/// Index of the jump spell in supply and cooldown arrays.
pub const JUMP: usize = 1;
/// Spells each side starts with (P1): 5 freeze, 2 jump.
pub const START_SUPPLY: [u8; 2] = [5, 2];
/// Own turns a spell type rests after being cast (cast on move N, ready on N+3).
pub const COOLDOWN: u8 = 2;

/// A spell with its target square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Spell {
    /// Freeze the 3x3 area around this centre.
    Freeze(Square),
    /// Make this square transparent.
    Jump(Square),
}

impl Spell {
    pub fn kind(self) -> usize {
        match self {
            Spell::Freeze(_) => FREEZE,
            Spell::Jump(_) => JUMP,
        }
    }

    pub fn square(self) -> Square {
        match self {
            Spell::Freeze(s) | Spell::Jump(s) => s,
        }
    }

    pub fn name(self) -> &'static str {
        kind_name(self.kind())
    }
}

/// "freeze" or "jump".
pub fn kind_name(kind: usize) -> &'static str {
    if kind == FREEZE {
        "freeze"
    } else {
        "jump"
    }
}

/// One side's whole turn: a move, optionally with a spell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Turn {
    pub spell: Option<Spell>,
    pub mv: Move,
}

impl Turn {
    /// The record's form: `e2-e4 (freeze d5)`, `Bc1:h6 (jump e3)`. Built by hand
    /// rather than with `format!`: `legal_texts` prints some two thousand of these.
    pub fn canonical(&self) -> String {
        let mut s = String::with_capacity(24);
        self.write_move(&mut s);
        if let Some(spell) = self.spell {
            s.push_str(if spell.kind() == FREEZE {
                " (freeze "
            } else {
                " (jump "
            });
            push_square(&mut s, spell.square());
            s.push(')');
        }
        s
    }

    /// The move's canonical long algebraic form, as [`Move::long`] prints it.
    fn write_move(&self, s: &mut String) {
        let mv = self.mv;
        match mv.castle_side() {
            Some(CastleSide::King) => return s.push_str("O-O"),
            Some(CastleSide::Queen) => return s.push_str("O-O-O"),
            None => {}
        }
        if mv.role() != Role::Pawn {
            s.push(mv.role().letter());
        }
        push_square(s, mv.from());
        s.push(if mv.is_capture() { ':' } else { '-' });
        push_square(s, mv.to());
        if let Some(p) = mv.promotion() {
            s.push('=');
            s.push(p.letter());
        }
    }

    /// The engine order without spaces: `f@d5,e2e4`, `j@e3,c1h6`, `e2e4`.
    pub fn engine(&self) -> String {
        let mut s = String::with_capacity(12);
        if let Some(spell) = self.spell {
            s.push(if spell.kind() == FREEZE { 'f' } else { 'j' });
            s.push('@');
            push_square(&mut s, spell.square());
            s.push(',');
        }
        s.push_str(&self.mv.uci());
        s
    }

    /// Does this turn take the opponent's king?
    pub fn captures_king(&self) -> bool {
        self.mv.capture() == Some(Role::King)
    }
}

fn push_square(s: &mut String, sq: Square) {
    s.push(sq.file_char());
    s.push(sq.rank_char());
}

/// The 3x3 area (clipped at the edges) around a freeze centre.
pub fn freeze_area(centre: Square) -> Bitboard {
    bitboard::king_attacks(centre).with(centre)
}

/// Calls `f` on each of `moves` played with `spell` until it returns `true`;
/// returns whether it stopped early.
fn cast_each(spell: Spell, moves: &[Move], f: &mut impl FnMut(Turn) -> bool) -> bool {
    moves.iter().any(|&mv| {
        f(Turn {
            spell: Some(spell),
            mv,
        })
    })
}

fn bb(sq: Option<Square>) -> Bitboard {
    sq.map(Bitboard::from_square).unwrap_or(Bitboard::EMPTY)
}

/// Why a castling is illegal where the board alone does not show it ([`SpellPosition::castling_bar`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastleBar {
    /// The castling rook stands in the opponent's freeze area.
    FrozenRook { rook: Square, centre: Square },
    /// The castling rook stands on a jump square.
    TransparentRook { rook: Square },
    /// The mover's own jump lets `attacker` reach `square`, which the king crosses (or
    /// `lands` on).
    OwnJump {
        jump: Square,
        attacker: Square,
        square: Square,
        lands: bool,
    },
}

/// How the side to move could take the opponent's king with its next turn: the
/// reason given with the confirmation a self-check move needs (P4, X-SPELL-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingThreat {
    /// A piece attacks the king; `through` is the active jump square its line passes
    /// over, when only that jump opens the line.
    Attack {
        from: Square,
        through: Option<Square>,
    },
    /// A slider reaches the king by casting a jump on the one piece in between.
    WithJump { from: Square, over: Square },
}

/// The rules state of a Spell Chess position (everything but the game history).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SpellPosition {
    pub(crate) pos: Position,
    /// Spells left, `[side][FREEZE | JUMP]`.
    pub(crate) supply: [[u8; 2]; 2],
    /// Own turns each type must still rest, `[side][FREEZE | JUMP]`.
    pub(crate) cooldown: [[u8; 2]; 2],
    /// Centre of the active freeze, cast by the side not to move.
    pub(crate) freeze: Option<Square>,
    /// The active jump square, cast by the side not to move.
    pub(crate) jump: Option<Square>,
}

/// Everything that shapes the mover's legal moves in one turn, given the spell cast.
struct TurnContext {
    us: Side,
    them: Side,
    occ: Bitboard,
    /// Squares sliders see through: the opponent's active jump and our new one.
    transparent: Bitboard,
    /// `occ` without the transparent squares: the blockers for sliding.
    blockers: Bitboard,
    /// The opponent's jump square: captures may end there, quiet moves may not (P3).
    no_quiet: Bitboard,
    /// Our new jump square: the casting move may not end there (P3).
    no_end: Bitboard,
    /// Our pieces that may move: not frozen, not inside our own new area (P2a).
    movable: Bitboard,
    /// Our pieces bound by the opponent's freeze.
    frozen_us: Bitboard,
    /// Their pieces inside our new freeze area: they attack nothing (P2b).
    frozen_them: Bitboard,
    spell: Option<Spell>,
}

impl SpellPosition {
    pub fn new() -> SpellPosition {
        SpellPosition::from_position(Position::new(), [START_SUPPLY, START_SUPPLY])
    }

    pub fn from_position(pos: Position, supply: [[u8; 2]; 2]) -> SpellPosition {
        SpellPosition {
            pos,
            supply,
            cooldown: [[0; 2]; 2],
            freeze: None,
            jump: None,
        }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn turn(&self) -> Side {
        self.pos.turn()
    }

    pub fn supply(&self, side: Side, kind: usize) -> u8 {
        self.supply[side.index()][kind]
    }

    pub fn cooldown(&self, side: Side, kind: usize) -> u8 {
        self.cooldown[side.index()][kind]
    }

    pub fn active_freeze(&self) -> Option<Square> {
        self.freeze
    }

    pub fn active_jump(&self) -> Option<Square> {
        self.jump
    }

    /// Can `side` cast a spell of `kind` on its turn now (supply and cooldown)?
    pub fn can_cast(&self, side: Side, kind: usize) -> bool {
        self.supply(side, kind) > 0 && self.cooldown(side, kind) == 0
    }

    /// Is this spell's target allowed for the side to move (ignoring supply)?
    pub fn target_ok(&self, spell: Spell) -> bool {
        match spell {
            Spell::Freeze(c) => self.freeze != Some(c),
            Spell::Jump(j) => self.pos.board().occupied().contains(j),
        }
    }

    /// A king captured: the side that still has its king.
    pub fn king_taken(&self) -> Option<Side> {
        let b = self.pos.board();
        Side::BOTH
            .into_iter()
            .find(|&side| b.pieces(side, Role::King).is_empty())
    }

    fn context(&self, spell: Option<Spell>) -> TurnContext {
        let b = self.pos.board();
        let us = self.pos.turn();
        let them = us.other();
        let occ = b.occupied();
        let our = b.by_side(us);
        let their = b.by_side(them);
        let enemy_jump = bb(self.jump);
        let (new_area, new_jump) = match spell {
            Some(Spell::Freeze(c)) => (freeze_area(c), Bitboard::EMPTY),
            Some(Spell::Jump(j)) => (Bitboard::EMPTY, Bitboard::from_square(j)),
            None => (Bitboard::EMPTY, Bitboard::EMPTY),
        };
        let frozen_us = self.freeze.map(freeze_area).unwrap_or(Bitboard::EMPTY) & our;
        let transparent = enemy_jump | new_jump;
        TurnContext {
            us,
            them,
            occ,
            transparent,
            blockers: occ & !transparent,
            no_quiet: enemy_jump,
            no_end: new_jump,
            movable: our & !frozen_us & !new_area,
            frozen_us,
            frozen_them: their & new_area,
            spell,
        }
    }

    /// Is `sq` attacked by a non-frozen enemy piece, sliders seeing through `blockers`?
    fn attacked(&self, ctx: &TurnContext, sq: Square, blockers: Bitboard) -> bool {
        (self.pos.board().attackers(sq, ctx.them, blockers) & !ctx.frozen_them).any()
    }

    /// The shared generator with this turn's masks: frozen pieces stay, the jump
    /// squares are transparent (a pawn's double step may cross one), captures only on
    /// the opponent's jump square, nothing onto our own, no promotion with a spell.
    fn gen(&self, ctx: &TurnContext) -> MoveGen<'_> {
        let b = self.pos.board();
        MoveGen {
            movers: ctx.movable,
            blockers: ctx.blockers,
            no_end: ctx.no_end,
            no_quiet: ctx.no_quiet,
            pass: ctx.transparent,
            promotions: ctx.spell.is_none(),
            ..MoveGen::fide(b, ctx.us)
        }
    }

    /// Pawn, knight and slider moves: everything whose legality does not depend on
    /// which enemy pieces are frozen.
    fn gen_pieces(&self, ctx: &TurnContext, out: &mut Vec<Move>) {
        let gen = self.gen(ctx);
        gen.pieces(out);
        gen.pawns(out);
    }

    /// King steps, castling and en passant: the moves whose legality depends on
    /// enemy attacks, and so on which enemy pieces this turn's freeze stops.
    fn gen_king(&self, ctx: &TurnContext, out: &mut Vec<Move>) {
        let gen = self.gen(ctx);
        let their_king = self.pos.board().pieces(ctx.them, Role::King);
        let king = self.pos.board().king_of(ctx.us);
        if let Some(k) = king.filter(|k| ctx.movable.contains(*k)) {
            let blockers = ctx.blockers.without(k);
            // P4: the king may not step onto an attacked square unless it takes the
            // enemy king.
            let steps = gen.destinations(Role::King, k);
            let safe =
                steps.filter(|to| their_king.contains(*to) || !self.attacked(ctx, *to, blockers));
            gen.push_moves(Role::King, k, safe.collect(), out);
            self.gen_castling(ctx, &gen, k, out);
        }
        self.gen_en_passant(ctx, king, out);
    }

    fn gen_castling(&self, ctx: &TurnContext, gen: &MoveGen, king: Square, out: &mut Vec<Move>) {
        let b = self.pos.board();
        let us = ctx.us;
        // P5: not with a frozen rook nor one made transparent by a jump, nor onto the
        // centre of this turn's freeze.
        let rooks =
            (self.pos.castling_rooks() & b.pieces(us, Role::Rook) & Bitboard::rank(us.back_rank()))
                .filter(|r| !ctx.frozen_us.contains(*r) && !ctx.transparent.contains(*r))
                .filter(|r| ctx.spell != Some(Spell::Freeze(castle_squares(king, *r).0)))
                .collect::<Bitboard>();
        // P5: judged as the turn begins, before this turn's spell.
        if rooks.is_empty() || b.attackers(king, ctx.them, ctx.occ & !bb(self.jump)).any() {
            return;
        }
        let attacked =
            |sq: Square, others: Bitboard| self.attacked(ctx, sq, others & !ctx.transparent);
        gen.castling(king, rooks, attacked, out);
    }

    fn gen_en_passant(&self, ctx: &TurnContext, king: Option<Square>, out: &mut Vec<Move>) {
        let b = self.pos.board();
        // P6: en passant may not leave the capturer's king attacked.
        let safe = |m: Move| match (king, m.captured_square()) {
            (Some(k), Some(captured)) => {
                let occ = ctx.occ.without(m.from()).without(captured).with(m.to());
                let attackers = b.attackers(k, ctx.them, occ & !ctx.transparent)
                    & !ctx.frozen_them
                    & !Bitboard::from_square(captured);
                attackers.is_empty()
            }
            _ => true,
        };
        self.gen(ctx).en_passants(self.pos.ep_square(), out, safe);
    }

    /// Legal moves of the side to move with `spell` cast (assumed castable and
    /// well targeted).
    pub fn moves_with(&self, spell: Option<Spell>) -> Vec<Move> {
        let ctx = self.context(spell);
        let mut out = Vec::with_capacity(48);
        self.gen_pieces(&ctx, &mut out);
        self.gen_king(&ctx, &mut out);
        out
    }

    /// Spells the side to move may cast now, in a fixed order: freezes a1..h8, then
    /// jumps a1..h8.
    pub fn castable_spells(&self) -> Vec<Spell> {
        let us = self.turn();
        let mut out = Vec::new();
        if self.king_taken().is_some() {
            return out;
        }
        if self.can_cast(us, FREEZE) {
            out.extend(
                Square::all()
                    .map(Spell::Freeze)
                    .filter(|s| self.target_ok(*s)),
            );
        }
        if self.can_cast(us, JUMP) {
            out.extend(self.pos.board().occupied().map(Spell::Jump));
        }
        out
    }

    /// Calls `f` on every legal turn (plain moves first, then freezes, then jumps)
    /// until it returns `true`; returns whether it stopped early.
    pub fn for_each_turn(&self, mut f: impl FnMut(Turn) -> bool) -> bool {
        if self.king_taken().is_some() {
            return false;
        }
        let us = self.turn();
        let plain = self.context(None);
        let mut base = Vec::with_capacity(48);
        self.gen_pieces(&plain, &mut base);
        let piece_moves = base.len();
        self.gen_king(&plain, &mut base);
        for &mv in &base {
            if f(Turn { spell: None, mv }) {
                return true;
            }
        }
        let mut extra = Vec::with_capacity(48);
        if self.can_cast(us, FREEZE) {
            for c in Square::all() {
                let spell = Spell::Freeze(c);
                if !self.target_ok(spell) {
                    continue;
                }
                let ctx = self.context(Some(spell));
                let area = freeze_area(c);
                // A freeze changes piece moves only by what may start (P2a) and by
                // forbidding promotions (P1); king moves are generated afresh.
                for &mv in &base[..piece_moves] {
                    if !area.contains(mv.from()) && mv.promotion().is_none() {
                        let t = Turn {
                            spell: Some(spell),
                            mv,
                        };
                        if f(t) {
                            return true;
                        }
                    }
                }
                extra.clear();
                self.gen_king(&ctx, &mut extra);
                if cast_each(spell, &extra, &mut f) {
                    return true;
                }
            }
        }
        if self.can_cast(us, JUMP) {
            for j in self.pos.board().occupied() {
                let spell = Spell::Jump(j);
                let ctx = self.context(Some(spell));
                extra.clear();
                self.gen_pieces(&ctx, &mut extra);
                self.gen_king(&ctx, &mut extra);
                if cast_each(spell, &extra, &mut f) {
                    return true;
                }
            }
        }
        false
    }

    pub fn legal_turns(&self) -> Vec<Turn> {
        let mut out = Vec::with_capacity(256);
        self.for_each_turn(|t| {
            out.push(t);
            false
        });
        out
    }

    pub fn has_legal_turn(&self) -> bool {
        self.for_each_turn(|_| true)
    }

    /// Plays a turn known to be legal.
    pub fn play(&mut self, turn: Turn) {
        let us = self.turn().index();
        self.pos.play_unchecked(turn.mv);
        for c in self.cooldown[us].iter_mut() {
            *c = c.saturating_sub(1);
        }
        self.freeze = None;
        self.jump = None;
        if let Some(spell) = turn.spell {
            let k = spell.kind();
            self.supply[us][k] = self.supply[us][k].saturating_sub(1);
            self.cooldown[us][k] = COOLDOWN;
            match spell {
                Spell::Freeze(c) => self.freeze = Some(c),
                Spell::Jump(j) => self.jump = Some(j),
            }
        }
    }

    /// The position after `turn`.
    pub fn after(&self, turn: Turn) -> SpellPosition {
        let mut next = self.clone();
        next.play(turn);
        next
    }

    /// Is the side to move's king attacked now (check)? The opponent's pieces are
    /// never frozen at the start of our turn; its jump square is transparent.
    pub fn in_check(&self) -> bool {
        let b = self.pos.board();
        let us = self.turn();
        match b.king_of(us) {
            Some(k) => b
                .attackers(k, us.other(), b.occupied() & !bb(self.jump))
                .any(),
            None => false,
        }
    }

    /// Can the side to move capture the opponent's king with its next turn? Pieces
    /// frozen by the opponent cannot; sliders see through the opponent's jump square,
    /// and through one more blocker if a jump of our own is castable (P4).
    pub fn can_capture_king(&self) -> bool {
        let b = self.pos.board();
        let us = self.turn();
        let Some(k) = b.king_of(us.other()) else {
            return false;
        };
        let frozen = self.freeze.map(freeze_area).unwrap_or(Bitboard::EMPTY);
        let active = b.by_side(us) & !frozen;
        let blockers = b.occupied() & !bb(self.jump);
        if (b.attackers(k, us, blockers) & active).any() {
            return true;
        }
        if !self.can_cast(us, JUMP) {
            return false;
        }
        let snipers = snipers(b, k, active);
        snipers
            .filter(|s| (between(k, *s) & blockers).count() == 1)
            .count()
            > 0
    }

    /// How the side to move could capture the opponent's king next turn, the same
    /// test as [`SpellPosition::can_capture_king`] naming the piece and the line.
    pub fn king_threat(&self) -> Option<KingThreat> {
        let b = self.pos.board();
        let us = self.turn();
        let k = b.king_of(us.other())?;
        let frozen = self.freeze.map(freeze_area).unwrap_or(Bitboard::EMPTY);
        let active = b.by_side(us) & !frozen;
        let blockers = b.occupied() & !bb(self.jump);
        let direct = b.attackers(k, us, blockers) & active;
        let over_jump = |a: Square| {
            self.jump
                .filter(|j| b.occupied().contains(*j) && between(k, a).contains(*j))
        };
        if let Some(from) = direct.into_iter().find(|a| over_jump(*a).is_none()) {
            return Some(KingThreat::Attack {
                from,
                through: None,
            });
        }
        if let Some(from) = direct.into_iter().next() {
            return Some(KingThreat::Attack {
                from,
                through: over_jump(from),
            });
        }
        if !self.can_cast(us, JUMP) {
            return None;
        }
        let snipers = snipers(b, k, active);
        snipers.into_iter().find_map(|from| {
            let inside = between(k, from) & blockers;
            let over = inside.into_iter().next()?;
            (inside.count() == 1).then_some(KingThreat::WithJump { from, over })
        })
    }

    /// The enemy piece that attacks the mover's king only through the jump square
    /// `j` cast with `mv`, and the square it attacks: why a king step or an en
    /// passant, legal without that jump, is illegal with it (P3, P4, P6).
    pub fn attack_through_own_jump(&self, j: Square, mv: Move) -> Option<(Square, Square)> {
        let ctx = self.context(Some(Spell::Jump(j)));
        let b = self.pos.board();
        let (target, occ, ignore) = match mv {
            Move::Normal {
                role: Role::King,
                from,
                to,
                ..
            } => (to, ctx.blockers.without(from), Bitboard::EMPTY),
            Move::EnPassant { from, to } => {
                let captured = mv.captured_square()?;
                let occ = ctx.occ.without(from).without(captured).with(to);
                (
                    b.king_of(ctx.us)?,
                    occ & !ctx.transparent,
                    Bitboard::from_square(captured),
                )
            }
            _ => return None,
        };
        let attackers = b.attackers(target, ctx.them, occ) & !ctx.frozen_them & !ignore;
        attackers
            .into_iter()
            .find(|a| between(target, *a).contains(j))
            .map(|a| (a, target))
    }

    /// Why castling on `wing` with `spell` is illegal, when the reason is one a
    /// player cannot see on the board alone (P5): the castling rook is frozen, the
    /// rook is made transparent by a jump, or the mover's own jump opens a line to a
    /// square the king crosses or lands on. `None` for any other reason (no right,
    /// pieces in the way, the king attacked...).
    pub fn castling_bar(&self, wing: CastleSide, spell: Option<Spell>) -> Option<CastleBar> {
        let ctx = self.context(spell);
        let b = self.pos.board();
        let king = b.king_of(ctx.us)?;
        let rook = (self.pos.castling_rooks()
            & b.pieces(ctx.us, Role::Rook)
            & Bitboard::rank(ctx.us.back_rank()))
        .into_iter()
        .find(|r| (r.file() > king.file()) == (wing == CastleSide::King))?;
        if ctx.frozen_us.contains(rook) {
            return Some(CastleBar::FrozenRook {
                rook,
                centre: self.freeze?,
            });
        }
        if ctx.transparent.contains(rook) {
            return Some(CastleBar::TransparentRook { rook });
        }
        let Some(Spell::Jump(j)) = spell else {
            return None;
        };
        let (dest, _) = castle_squares(king, rook);
        let (lo, hi) = if dest.file() > king.file() {
            (king.file() + 1, dest.file())
        } else {
            (dest.file(), king.file() - 1)
        };
        let others = ctx.blockers.without(king).without(rook);
        (lo..=hi)
            .filter_map(|f| Square::from_coords(f, king.rank()))
            .find_map(|sq| {
                let attackers = b.attackers(sq, ctx.them, others) & !ctx.frozen_them;
                attackers
                    .into_iter()
                    .find(|a| between(sq, *a).contains(j))
                    .map(|attacker| CastleBar::OwnJump {
                        jump: j,
                        attacker,
                        square: sq,
                        lands: sq == dest,
                    })
            })
    }

    /// Does `turn` leave the mover's king capturable at once (and not end the game by
    /// taking the enemy king)?
    pub fn leaves_king_capturable(&self, turn: Turn) -> bool {
        !turn.captures_king() && self.after(turn).can_capture_king()
    }

    /// P4 checkmate: attacked, and no legal turn after which the king is safe.
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && !self.for_each_turn(|t| !self.after(t).can_capture_king())
    }

    /// The en-passant square if some legal turn (with any spell) takes there: what
    /// FEN and repetition care about.
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.pos.ep_square()?;
        if self.king_taken().is_some() {
            return None;
        }
        let mut spells: Vec<Option<Spell>> = vec![None];
        spells.extend(self.castable_spells().into_iter().map(Some));
        let king = self.pos.board().king_of(self.turn());
        let mut out = Vec::new();
        spells
            .into_iter()
            .any(|spell| {
                out.clear();
                self.gen_en_passant(&self.context(spell), king, &mut out);
                !out.is_empty()
            })
            .then_some(ep)
    }

    /// Counts turn sequences of length `depth`; a captured king ends a line.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut n = 0;
        self.for_each_turn(|t| {
            n += if depth == 1 {
                1
            } else {
                self.after(t).perft(depth - 1)
            };
            false
        });
        n
    }
}

impl Default for SpellPosition {
    fn default() -> Self {
        SpellPosition::new()
    }
}

/// The `active` sliders lined up with the king on `k` on an empty board: those a jump
/// over one blocker could bring to it.
fn snipers(b: &Board, k: Square, active: Bitboard) -> Bitboard {
    let rq = (b.by_role(Role::Rook) | b.by_role(Role::Queen)) & active;
    let bq = (b.by_role(Role::Bishop) | b.by_role(Role::Queen)) & active;
    (bitboard::rook_attacks(k, Bitboard::EMPTY) & rq)
        | (bitboard::bishop_attacks(k, Bitboard::EMPTY) & bq)
}
