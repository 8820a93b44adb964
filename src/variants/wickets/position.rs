//! The Chess with Wickets position: pieces on 64 squares plus the two wickets (K1),
//! Defender and ball-haver marks that travel with their piece, lying balls (K2), and
//! legal move generation that knows the entry rules (K3) and the ball-haver capture
//! condition (K5).

use crate::core::bitboard::{
    BISHOP_DIRS as DIAGONALS, KING_STEPS as KING, KNIGHT_STEPS as KNIGHT, ROOK_DIRS as ORTHOGONALS,
};
use crate::core::movegen::MoveGen;
use crate::core::Cell;
use crate::core::{Bitboard, Board, CellMap, Move, Piece, Role, Side, Square};
use crate::variants::fide::FideState;
use serde::{Deserialize, Serialize};

/// A stable index of a cell: squares 0..63, w0 = 64, w9 = 65.
pub fn cell_index(c: Cell) -> usize {
    match c {
        Cell::Board(s) => s.index(),
        Cell::Outer(Side::White) => 64,
        Cell::Outer(Side::Black) => 65,
    }
}

/// A piece with its Wickets marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Man {
    pub piece: Piece,
    pub defender: bool,
    pub ball: bool,
}

impl Man {
    pub fn new(piece: Piece) -> Man {
        Man {
            piece,
            defender: false,
            ball: false,
        }
    }
}

/// How a move moves pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    Normal,
    EnPassant,
    Castle { rook: Square },
}

/// A legal chess move on the Wickets board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WMove {
    pub kind: Kind,
    pub role: Role,
    pub from: Cell,
    /// For castling, the king's destination.
    pub to: Cell,
    /// Captures a piece or picks up a ball.
    pub capture: bool,
    pub promotion: Option<Role>,
}

impl WMove {
    /// Canonical long algebraic text: `Qd1-w0`, `Nf3:e5`, `e7-e8=Q`, `O-O`.
    pub fn long(&self) -> String {
        if let Kind::Castle { rook } = self.kind {
            return if rook.file() > 4 { "O-O" } else { "O-O-O" }.to_string();
        }
        let mut s = String::new();
        if self.role != Role::Pawn {
            s.push(self.role.letter());
        }
        s.push_str(&self.from.to_string());
        s.push(if self.capture { ':' } else { '-' });
        s.push_str(&self.to.to_string());
        if let Some(p) = self.promotion {
            s.push('=');
            s.push(p.letter());
        }
        s
    }

    /// The square of the castling rook after castling.
    pub fn rook_to(&self) -> Option<Cell> {
        match self.kind {
            Kind::Castle { rook } => {
                let (_, r) = crate::core::chess::castle_squares(self.from.square()?, rook);
                Some(Cell::Board(r))
            }
            _ => None,
        }
    }
}

/// What a move did, for the turn that follows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// The captured piece with its marks, and the cell it stood on.
    pub captured: Option<(Cell, Man)>,
    /// The mover picked up its ball (K2: it may not throw this turn).
    pub picked_up: bool,
}

pub fn step(c: Cell, (df, dr): (i8, i8)) -> Option<Cell> {
    let (f, r) = c.coords();
    Cell::from_coords(f + df, r + dr)
}

/// Every cell of the Wickets board: a1..h8, then w0 and w9.
pub fn all_cells() -> impl Iterator<Item = Cell> {
    Square::all()
        .map(Cell::Board)
        .chain([Cell::Outer(Side::White), Cell::Outer(Side::Black)])
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pos {
    pub men: CellMap<Man>,
    /// Where each side's ball lies, when no piece carries it (K2).
    pub lying: [Option<Cell>; 2],
    /// The side to move, castling, en passant and the counters, written flat.
    #[serde(flatten)]
    pub fide: FideState,
}

impl Pos {
    /// FIDE start; kings carry the balls, queens defend (K2).
    pub fn start() -> Pos {
        let mut p = Pos::from_board(&Board::standard());
        p.fide.castling = Bitboard::from_square(Square::A1)
            .with(Square::H1)
            .with(Square::A8)
            .with(Square::H8);
        for side in Side::BOTH {
            for (c, m) in p.men.iter_mut() {
                if m.piece.side == side && m.piece.role == Role::King {
                    m.ball = true;
                }
                if m.piece.side == side && m.piece.role == Role::Queen && c.square().is_some() {
                    m.defender = true;
                }
            }
        }
        p
    }

    pub fn from_board(board: &Board) -> Pos {
        let mut men = CellMap::new();
        for (sq, piece) in board.iter() {
            men.insert(sq, Man::new(piece));
        }
        Pos {
            men,
            lying: [None, None],
            fide: FideState::bare(),
        }
    }

    pub fn man(&self, c: Cell) -> Option<Man> {
        self.men.get(c).copied()
    }

    /// A ball lying on `c`, with its owner.
    pub fn ball_at(&self, c: Cell) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.lying[s.index()] == Some(c))
    }

    /// No piece and no ball.
    pub fn is_empty(&self, c: Cell) -> bool {
        self.men.get(c).is_none() && self.ball_at(c).is_none()
    }

    pub fn king(&self, side: Side) -> Option<Cell> {
        self.men
            .iter()
            .find(|(_, m)| m.piece == Piece::new(side, Role::King))
            .map(|(c, _)| c)
    }

    pub fn defender(&self, side: Side) -> Option<Cell> {
        self.men
            .iter()
            .find(|(_, m)| m.piece.side == side && m.defender)
            .map(|(c, _)| c)
    }

    pub fn ball_haver(&self, side: Side) -> Option<Cell> {
        self.men
            .iter()
            .find(|(_, m)| m.piece.side == side && m.ball)
            .map(|(c, _)| c)
    }

    /// The plain board (wicket pieces left out), for material tests.
    pub fn board(&self) -> Board {
        let mut b = Board::empty();
        for (c, m) in self.men.iter() {
            if let Cell::Board(sq) = c {
                b.put(sq, m.piece);
            }
        }
        b
    }

    /// Cells `piece` standing on `from` attacks by its capture pattern, through empty
    /// cells (pieces and lying balls block).
    pub fn attacks_from(&self, from: Cell, piece: Piece) -> Vec<Cell> {
        let mut out = Vec::new();
        let slide = |dirs: &[(i8, i8)], out: &mut Vec<Cell>| {
            for d in dirs {
                let mut c = from;
                while let Some(n) = step(c, *d) {
                    out.push(n);
                    if !self.is_empty(n) {
                        break;
                    }
                    c = n;
                }
            }
        };
        match piece.role {
            Role::Pawn => {
                let f = piece.side.forward();
                for df in [-1, 1] {
                    if let Some(n) = step(from, (df, f)) {
                        out.push(n);
                    }
                }
            }
            Role::Knight => out.extend(KNIGHT.iter().filter_map(|d| step(from, *d))),
            Role::King => out.extend(KING.iter().filter_map(|d| step(from, *d))),
            Role::Bishop => slide(&DIAGONALS, &mut out),
            Role::Rook => slide(&ORTHOGONALS, &mut out),
            Role::Queen => {
                slide(&DIAGONALS, &mut out);
                slide(&ORTHOGONALS, &mut out);
            }
            Role::Wizard => {}
        }
        out
    }

    /// Is `target` attacked by a piece of `by`? Pieces standing in a wicket give no
    /// check and attack nothing for king safety (K3).
    pub fn attacked(&self, target: Cell, by: Side) -> bool {
        let enemy = |c: Cell, roles: &[Role]| -> bool {
            matches!(c, Cell::Board(_))
                && self
                    .men
                    .get(c)
                    .is_some_and(|m| m.piece.side == by && roles.contains(&m.piece.role))
        };
        for d in KNIGHT {
            if step(target, d).is_some_and(|c| enemy(c, &[Role::Knight])) {
                return true;
            }
        }
        for d in KING {
            if step(target, d).is_some_and(|c| enemy(c, &[Role::King])) {
                return true;
            }
        }
        // An enemy pawn attacks `target` from one rank behind it (from its side's view).
        for df in [-1, 1] {
            if step(target, (df, -by.forward())).is_some_and(|c| enemy(c, &[Role::Pawn])) {
                return true;
            }
        }
        for (dirs, role) in [(DIAGONALS, Role::Bishop), (ORTHOGONALS, Role::Rook)] {
            for d in dirs {
                let mut c = target;
                while let Some(n) = step(c, d) {
                    if !self.is_empty(n) {
                        if enemy(n, &[role, Role::Queen]) {
                            return true;
                        }
                        break;
                    }
                    c = n;
                }
            }
        }
        false
    }

    pub fn in_check(&self, side: Side) -> bool {
        self.king(side)
            .is_some_and(|k| self.attacked(k, side.other()))
    }

    /// K8: the Defender of `side` attacks its own wicket by its capture pattern.
    pub fn defender_sees_wicket(&self, side: Side) -> bool {
        let Some(d) = self.defender(side) else {
            return false;
        };
        let Some(m) = self.man(d) else { return false };
        self.attacks_from(d, m.piece).contains(&Cell::Outer(side))
    }

    /// May `m` (of the side to move) end a move on `to`? Entry rules (K3) and balls (K2).
    /// Returns `Some(capture)` when allowed.
    fn may_land(&self, m: &Man, to: Cell) -> Option<bool> {
        let us = m.piece.side;
        let ball_here = self.ball_at(to);
        let target = self.men.get(to);
        // A king is never captured: a piece in a wicket may stand next to it without
        // giving check (K3), and that still does not let it take the king.
        if target.is_some_and(|t| t.piece.side == us || t.piece.role == Role::King) {
            return None;
        }
        let picks_up = ball_here == Some(us);
        if ball_here.is_some() && (!picks_up || m.defender) {
            // K2: a ball is picked up only by a non-Defender piece of its own side.
            return None;
        }
        match to {
            Cell::Outer(owner) if owner == us => {
                if !m.defender {
                    return None;
                }
            }
            Cell::Outer(_) => {
                if !(m.ball || picks_up) {
                    return None;
                }
            }
            Cell::Board(_) => {}
        }
        Some(target.is_some() || picks_up)
    }

    /// Moves ignoring king safety and the K5 placement condition.
    ///
    /// This stays apart from `core::movegen` (issue 23): the board has two cells beyond
    /// the 64 squares (the wickets w0 and w9, reached by sliders and leapers alike), a
    /// lying ball blocks like a piece yet its owner may move onto it to pick it up, and
    /// entry depends on the mover's marks (K2, K3), none of which fit the generator's
    /// 64-square masks. Castling, on the 64 squares only, and the matching of typed
    /// moves are the shared ones.
    pub fn pseudo_moves(&self) -> Vec<WMove> {
        let us = self.fide.turn;
        let mut out = Vec::with_capacity(48);
        for (from, m) in self.men.iter() {
            if m.piece.side != us {
                continue;
            }
            if m.piece.role == Role::Pawn {
                self.pawn_moves(from, m, &mut out);
                continue;
            }
            for to in self.attacks_from(from, m.piece) {
                if let Some(capture) = self.may_land(m, to) {
                    out.push(WMove {
                        kind: Kind::Normal,
                        role: m.piece.role,
                        from,
                        to,
                        capture,
                        promotion: None,
                    });
                }
            }
        }
        self.en_passant_moves(&mut out);
        self.castling_moves(&mut out);
        out
    }

    /// The pushes and captures of the pawn `m` on `from`, promoting on the last rank.
    fn pawn_moves(&self, from: Cell, m: &Man, out: &mut Vec<WMove>) {
        let us = self.fide.turn;
        let Cell::Board(sq) = from else { return };
        let f = us.forward();
        let last = |c: Cell| c.square().is_some_and(|s| s.relative_rank(us) == 7);
        let mut land = |to: Cell, capture: bool| {
            let promotions: &[Option<Role>] = if last(to) {
                &[
                    Some(Role::Queen),
                    Some(Role::Rook),
                    Some(Role::Bishop),
                    Some(Role::Knight),
                ]
            } else {
                &[None]
            };
            for &promotion in promotions {
                out.push(WMove {
                    kind: Kind::Normal,
                    role: Role::Pawn,
                    from,
                    to,
                    capture,
                    promotion,
                });
            }
        };
        if let Some(one) = step(from, (0, f)).filter(|c| c.square().is_some()) {
            if self.is_empty(one) {
                land(one, false);
                if sq.relative_rank(us) == 1 {
                    if let Some(two) = step(one, (0, f)) {
                        if self.is_empty(two) {
                            land(two, false);
                        }
                    }
                }
            }
        }
        for df in [-1, 1] {
            let Some(to) = step(from, (df, f)).filter(|c| c.square().is_some()) else {
                continue;
            };
            let enemy = self
                .men
                .get(to)
                .is_some_and(|t| t.piece.side != us && t.piece.role != Role::King);
            let ball = self.ball_at(to) == Some(us) && !m.defender;
            if enemy || ball {
                land(to, true);
            }
        }
    }

    /// The en passant captures onto the square a pawn just skipped.
    fn en_passant_moves(&self, out: &mut Vec<WMove>) {
        let us = self.fide.turn;
        let Some(ep) = self.fide.ep else { return };
        let cap = Square::from_coords(ep.file(), (ep.rank() as i8 - us.forward()) as u8);
        let victim_ok = cap
            .and_then(|c| self.men.get(c))
            .is_some_and(|t| t.piece == Piece::new(us.other(), Role::Pawn));
        if !victim_ok || !self.is_empty(Cell::Board(ep)) {
            return;
        }
        for df in [-1i8, 1] {
            let Some(from) = ep.offset(df, -us.forward()) else {
                continue;
            };
            if self
                .men
                .get(from)
                .is_some_and(|m| m.piece == Piece::new(us, Role::Pawn))
            {
                out.push(WMove {
                    kind: Kind::EnPassant,
                    role: Role::Pawn,
                    from: Cell::Board(from),
                    to: Cell::Board(ep),
                    capture: true,
                    promotion: None,
                });
            }
        }
    }

    /// Castling by the shared rule of `core::movegen`, on the 64 squares: a lying ball
    /// blocks like a piece, and the attack test is Wickets' own (pieces in a wicket
    /// attack nothing, K3). The king must stand on its FIDE home square.
    fn castling_moves(&self, out: &mut Vec<WMove>) {
        let us = self.fide.turn;
        let home = if us == Side::White {
            Square::E1
        } else {
            Square::E8
        };
        if self.man(Cell::Board(home)).map(|m| m.piece) != Some(Piece::new(us, Role::King)) {
            return;
        }
        if self.attacked(Cell::Board(home), us.other()) {
            return;
        }
        let board = self.board();
        let rooks =
            self.fide.castling & Bitboard::rank(us.back_rank()) & board.pieces(us, Role::Rook);
        let gen = MoveGen {
            obstacles: self
                .lying
                .iter()
                .flatten()
                .filter_map(|c| c.square())
                .collect(),
            ..MoveGen::fide(&board, us)
        };
        let mut castles = Vec::new();
        let attacked = |sq: Square, _: Bitboard| self.attacked(Cell::Board(sq), us.other());
        gen.castling(home, rooks, attacked, &mut castles);
        for m in castles {
            if let Move::Castle { rook, .. } = m {
                out.push(WMove {
                    kind: Kind::Castle { rook },
                    role: Role::King,
                    from: Cell::Board(home),
                    to: Cell::Board(m.to()),
                    capture: false,
                    promotion: None,
                });
            }
        }
    }

    /// Plays a move; the captured ball-haver's ball is left unplaced (`lying` stays
    /// `None` for that side until the turn places it).
    pub fn apply(&mut self, mv: &WMove) -> Effect {
        let us = self.fide.turn;
        let mut effect = Effect::default();
        self.fide.ep = None;
        self.fide.halfmoves += 1;
        match mv.kind {
            Kind::Castle { rook } => {
                let Some(home) = mv.from.square() else {
                    return effect;
                };
                let (king_to, rook_to) = crate::core::chess::castle_squares(home, rook);
                let k = self.men.remove(home);
                let r = self.men.remove(rook);
                if let Some(k) = k {
                    self.men.insert(king_to, k);
                }
                if let Some(r) = r {
                    self.men.insert(rook_to, r);
                }
                self.fide.lose_castling(Some(us), &[]);
            }
            Kind::EnPassant => {
                if let (Some(from), Some(to)) = (mv.from.square(), mv.to.square()) {
                    if let Some(cap) = Square::from_coords(to.file(), from.rank()) {
                        if let Some(victim) = self.men.remove(cap) {
                            effect.captured = Some((Cell::Board(cap), victim));
                        }
                    }
                }
                self.men.relocate(mv.from, mv.to);
                self.fide.halfmoves = 0;
            }
            Kind::Normal => {
                if let Some(victim) = self.men.remove(mv.to) {
                    effect.captured = Some((mv.to, victim));
                    self.fide.halfmoves = 0;
                }
                if self.lying[us.index()] == Some(mv.to) {
                    self.lying[us.index()] = None;
                    effect.picked_up = true;
                }
                if let Some(mut m) = self.men.remove(mv.from) {
                    if let Some(p) = mv.promotion {
                        m.piece.role = p;
                    }
                    if effect.picked_up {
                        m.ball = true;
                    }
                    self.men.insert(mv.to, m);
                }
                if mv.role == Role::Pawn {
                    self.fide.halfmoves = 0;
                    if let (Some(f), Some(t)) = (mv.from.square(), mv.to.square()) {
                        self.fide.ep = FideState::skipped(us, f, t);
                    }
                }
                let touched: Vec<Square> =
                    [mv.from, mv.to].iter().filter_map(|c| c.square()).collect();
                self.fide
                    .lose_castling((mv.role == Role::King).then_some(us), &touched);
            }
        }
        self.fide.pass_turn(us);
        effect
    }

    /// Empty cells next to `c` (8 directions, wickets included) where a ball may lie.
    pub fn ball_squares(&self, c: Cell) -> Vec<Cell> {
        KING.iter()
            .filter_map(|d| step(c, *d))
            .filter(|n| self.is_empty(*n))
            .collect()
    }

    /// Legal moves of the side to move. `depth` bounds the mate test of K5.
    pub fn legal_moves_at(&self, depth: u8) -> Vec<WMove> {
        self.pseudo_moves()
            .into_iter()
            .filter(|mv| self.is_legal(mv, depth))
            .collect()
    }

    /// Whether the pseudo-move `mv` of the side to move is legal: its king not left in
    /// check, and a ball-haver taken only with a place for its ball unless the capture
    /// mates (K5, the mate test bounded by `depth`).
    pub fn is_legal(&self, mv: &WMove, depth: u8) -> bool {
        let us = self.fide.turn;
        let mut next = self.clone();
        let eff = next.apply(mv);
        if next.in_check(us) {
            return false;
        }
        match eff.captured {
            Some((cell, victim)) if victim.ball => {
                !next.ball_squares(cell).is_empty() || (depth > 0 && next.is_mated(depth - 1))
            }
            _ => true,
        }
    }

    pub fn legal_moves(&self) -> Vec<WMove> {
        self.legal_moves_at(2)
    }

    /// Whether the side to move has a legal move: stops at the first one found (the
    /// end-of-game check after every answer, most of the computer player's time).
    pub fn has_legal_move(&self, depth: u8) -> bool {
        self.pseudo_moves()
            .iter()
            .any(|mv| self.is_legal(mv, depth))
    }

    /// The side to move is in check and has no legal move.
    pub fn is_mated(&self, depth: u8) -> bool {
        self.in_check(self.fide.turn) && !self.has_legal_move(depth)
    }

    /// Where a throw from `from` by `side` may end (K4): along queen lines through empty
    /// cells, on an own non-Defender piece or an empty cell other than the own wicket.
    pub fn throw_targets(&self, from: Cell, side: Side) -> Vec<Cell> {
        let mut out = Vec::new();
        for d in DIAGONALS.iter().chain(ORTHOGONALS.iter()) {
            let mut c = from;
            while let Some(n) = step(c, *d) {
                if let Some(m) = self.men.get(n) {
                    if m.piece.side == side && !m.defender {
                        out.push(n);
                    }
                    break;
                }
                if self.ball_at(n).is_some() {
                    break;
                }
                if n != Cell::Outer(side) {
                    out.push(n);
                }
                c = n;
            }
        }
        out
    }

    /// Pieces `side` may sacrifice (K8): not the King, not the Defender.
    pub fn sacrificeable(&self, side: Side) -> Vec<Cell> {
        self.men
            .iter()
            .filter(|(_, m)| m.piece.side == side && m.piece.role != Role::King && !m.defender)
            .map(|(c, _)| c)
            .collect()
    }

    /// K6: pieces that may become the Defender.
    pub fn defender_candidates(&self, side: Side) -> Vec<Cell> {
        self.men
            .iter()
            .filter(|(_, m)| m.piece.side == side && !m.ball)
            .map(|(c, _)| c)
            .collect()
    }

    /// Repetition key: everything that changes the legal moves (C4).
    pub fn key(&self) -> u64 {
        use crate::core::chess::mix_key;
        let mut h = 0x5157_1c4e_7a11_0001u64;
        for (c, m) in self.men.iter() {
            let slot = cell_index(c) as u64;
            let v = slot
                | (m.piece.side.index() as u64) << 8
                | (m.piece.role.index() as u64) << 9
                | (m.defender as u64) << 13
                | (m.ball as u64) << 14;
            h = mix_key(h, v);
        }
        for s in Side::BOTH {
            h = mix_key(h, self.lying[s.index()].map_or(99, cell_index) as u64);
        }
        h = mix_key(h, self.fide.turn.index() as u64);
        h = mix_key(h, self.fide.castling.0);
        let ep = self
            .fide
            .ep
            .filter(|_| self.legal_moves().iter().any(|m| m.kind == Kind::EnPassant));
        mix_key(h, ep.map_or(99, |s| s.index() as u64))
    }
}
