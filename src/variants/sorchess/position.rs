//! Sorchess positions: a FIDE position plus each side's Wizard state (in hand, step
//! used, rooks that may launch it, the Knight's chance), with legal moves, move making,
//! the FEN extension, repetition keys and insufficient material. The Wizard is this
//! game's own piece kind: its pattern lives here and reaches the shared generator of
//! `core::movegen` through [`WizardKind`].

use crate::core::bitboard::Bitboard;
use crate::core::chess::{castle_squares, mix_key, FenError};
use crate::core::movegen::{attackers, Kinds};
use crate::core::{Board, CastleSide, Move, Piece, Position, Role, Side, Square};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Deref, DerefMut};
use std::sync::OnceLock;

/// The Wizard's pattern (S1): the (3,1) leaps and the four diagonal steps.
const WIZARD_STEPS: [(i8, i8); 12] = [
    (1, 3),
    (3, 1),
    (3, -1),
    (1, -3),
    (-1, -3),
    (-3, -1),
    (-3, 1),
    (-1, 3),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// Squares a Wizard on `sq` attacks (and may move to).
pub fn wizard_attacks(sq: Square) -> Bitboard {
    static TABLE: OnceLock<[Bitboard; 64]> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = [Bitboard::EMPTY; 64];
        for from in Square::all() {
            t[from.index()] = WIZARD_STEPS
                .iter()
                .filter_map(|&(df, dr)| from.offset(df, dr))
                .collect();
        }
        t
    });
    table[sq.index()]
}

/// Sorchess's one added kind, for the shared generator: the Wizard, a leaper.
pub struct WizardKind;

impl Kinds for WizardKind {
    fn roles(&self) -> &[Role] {
        &[Role::Wizard]
    }

    fn attacks(&self, _role: Role, _side: Side, from: Square, _occupied: Bitboard) -> Bitboard {
        wizard_attacks(from)
    }

    /// The pattern is symmetric: a Wizard attacks `sq` when one on `sq` would attack it.
    fn attackers(&self, board: &Board, sq: Square, side: Side, _occupied: Bitboard) -> Bitboard {
        wizard_attacks(sq) & board.pieces(side, Role::Wizard)
    }
}

/// The FIDE position as Sorchess reads it: the Wizard moves, attacks and gives check.
/// The FIDE methods whose answers depend on attacks are shadowed here with the Wizard
/// added; the others come through `Deref`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct WizardPosition(Position);

impl Deref for WizardPosition {
    type Target = Position;

    fn deref(&self) -> &Position {
        &self.0
    }
}

impl DerefMut for WizardPosition {
    fn deref_mut(&mut self) -> &mut Position {
        &mut self.0
    }
}

impl WizardPosition {
    pub fn checkers(&self) -> Bitboard {
        self.0.checkers_with(&WizardKind)
    }

    pub fn is_check(&self) -> bool {
        self.0.is_check_with(&WizardKind)
    }

    /// FIDE-legal moves, the Wizard's board moves among them.
    pub fn legal_move_list(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(48);
        self.0.legal_moves_with(&WizardKind, &mut v);
        v
    }

    pub fn legal_ep_square(&self) -> Option<Square> {
        self.0.legal_ep_square_with(&WizardKind)
    }

    pub fn repetition_key(&self) -> u64 {
        self.0.repetition_key_with(&WizardKind)
    }

    pub fn fen(&self) -> String {
        self.0.fen_with(&WizardKind)
    }
}

/// A Sorchess move: a FIDE move (which covers the Wizard's board moves, its orthogonal
/// step and promotions to a Wizard, all as [`Move::Normal`]) or an entry from hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SorchessMove {
    Board(Move),
    /// The Wizard leaves hand by moving from the square of a friendly launching rook,
    /// as if it stood there; the rook stays (S2).
    Enter {
        rook: Square,
        to: Square,
        capture: Option<Role>,
    },
}

impl SorchessMove {
    /// Canonical long algebraic form: `Wh1-g4`, `Wh1:g4` (entry capturing), `Wd4-e7`,
    /// `e7-e8=W`, `Nf6-e8=W`, and the FIDE forms for everything else.
    pub fn long(self) -> String {
        match self {
            SorchessMove::Board(m) => m.long(),
            SorchessMove::Enter { rook, to, capture } => {
                format!("W{rook}{}{to}", if capture.is_some() { ':' } else { '-' })
            }
        }
    }

    /// The squares to highlight as the last move (the rook's square for an entry).
    pub fn squares(self) -> (Square, Square) {
        match self {
            SorchessMove::Board(m) => (m.from(), m.to()),
            SorchessMove::Enter { rook, to, .. } => (rook, to),
        }
    }

    pub fn is_capture(self) -> bool {
        match self {
            SorchessMove::Board(m) => m.is_capture(),
            SorchessMove::Enter { capture, .. } => capture.is_some(),
        }
    }
}

impl fmt::Display for SorchessMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.long())
    }
}

impl crate::core::notation::MoveLike for SorchessMove {
    fn role(&self) -> Role {
        match self {
            SorchessMove::Board(m) => m.role(),
            SorchessMove::Enter { .. } => Role::Wizard,
        }
    }
    fn from_square(&self) -> Square {
        self.squares().0
    }
    fn to_square(&self) -> Square {
        self.squares().1
    }
    fn promotion(&self) -> Option<Role> {
        match self {
            SorchessMove::Board(m) => m.promotion(),
            SorchessMove::Enter { .. } => None,
        }
    }
    fn castle_side(&self) -> Option<CastleSide> {
        match self {
            SorchessMove::Board(m) => m.castle_side(),
            SorchessMove::Enter { .. } => None,
        }
    }
    fn canonical(&self) -> String {
        self.long()
    }
}

/// Where a side's Wizard is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WizardState {
    InHand,
    OnBoard(Square),
    /// Not in hand and not on the board: captured (or never had, in a set-up position).
    Captured,
}

/// True for the Wizard's once-per-game orthogonal step: no regular Wizard move ends
/// orthogonally next to its origin, so the geometry alone identifies it.
pub fn is_orthogonal_step(from: Square, to: Square) -> bool {
    let df = from.file().abs_diff(to.file());
    let dr = from.rank().abs_diff(to.rank());
    df + dr == 1
}

const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The square a side's Knight must reach for its one chance (S4): the opponent king's
/// starting square.
pub fn knight_chance_square(side: Side) -> Square {
    match side {
        Side::White => Square::E8,
        Side::Black => Square::E1,
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SorchessPosition {
    pos: WizardPosition,
    /// Wizard still in hand, per side (index = `Side::index`).
    in_hand: [bool; 2],
    /// The once-per-game orthogonal step has been used, per side (S1).
    step_used: [bool; 2],
    /// Squares of rooks (either colour) that may still launch their Wizard: never
    /// moved, or moved only by castling (S2). Invariant: each holds a rook.
    launch: Bitboard,
    /// The Knight's one chance (S4) is gone, taken or forfeited, per side.
    chance_gone: [bool; 2],
}

impl Default for SorchessPosition {
    fn default() -> Self {
        SorchessPosition::new()
    }
}

impl SorchessPosition {
    pub fn new() -> SorchessPosition {
        let pos = Position::new();
        let launch = pos.castling_rooks();
        SorchessPosition {
            pos: WizardPosition(pos),
            in_hand: [true, true],
            step_used: [false, false],
            launch,
            chance_gone: [false, false],
        }
    }

    pub fn position(&self) -> &WizardPosition {
        &self.pos
    }

    pub fn turn(&self) -> Side {
        self.pos.turn()
    }

    pub fn in_hand(&self, side: Side) -> bool {
        self.in_hand[side.index()]
    }

    pub fn step_used(&self, side: Side) -> bool {
        self.step_used[side.index()]
    }

    pub fn chance_gone(&self, side: Side) -> bool {
        self.chance_gone[side.index()]
    }

    /// Rooks of `side` that may still launch the Wizard.
    pub fn launch_rooks(&self, side: Side) -> Bitboard {
        self.launch & self.pos.board().pieces(side, Role::Rook)
    }

    pub fn wizard(&self, side: Side) -> WizardState {
        if self.in_hand[side.index()] {
            return WizardState::InHand;
        }
        match self.pos.board().pieces(side, Role::Wizard).first() {
            Some(sq) => WizardState::OnBoard(sq),
            None => WizardState::Captured,
        }
    }

    /// S4: Wizard captured, exactly one Knight, chance neither taken nor forfeited.
    pub fn knight_chance_open(&self, side: Side) -> bool {
        !self.chance_gone[side.index()]
            && self.wizard(side) == WizardState::Captured
            && self.pos.board().pieces(side, Role::Knight).count() == 1
    }

    pub fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// Would `side`'s king be safe on `board` (after a move that is not a king move)?
    fn king_safe(board: &Board, side: Side) -> bool {
        match board.king_of(side) {
            Some(k) => attackers(board, k, side.other(), board.occupied(), &WizardKind).is_empty(),
            None => true,
        }
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> Vec<SorchessMove> {
        let us = self.pos.turn();
        let board = self.pos.board();
        let base = self.pos.legal_move_list();
        let mut out = Vec::with_capacity(base.len() + 8);
        let wizard = self.wizard(us);
        let promote_pawn = !matches!(wizard, WizardState::OnBoard(_));
        let chance = self.knight_chance_open(us);
        let chance_square = knight_chance_square(us);
        for m in base {
            out.push(SorchessMove::Board(m));
            if let Move::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } = m
            {
                // The promoted piece's kind never changes our king's safety, so the
                // FIDE move's legality carries over to its Wizard twin.
                let twin = (role == Role::Pawn && promotion == Some(Role::Queen) && promote_pawn)
                    || (role == Role::Knight && to == chance_square && chance);
                if twin {
                    out.push(SorchessMove::Board(Move::Normal {
                        role,
                        from,
                        to,
                        capture,
                        promotion: Some(Role::Wizard),
                    }));
                }
            }
        }
        match wizard {
            WizardState::OnBoard(from) if !self.step_used[us.index()] => {
                for (df, dr) in ORTHOGONAL {
                    let Some(to) = from.offset(df, dr) else {
                        continue;
                    };
                    if board.occupied().contains(to) {
                        continue;
                    }
                    let mut after = *board;
                    after.remove_known(from, Piece::new(us, Role::Wizard));
                    after.put_on_empty(to, Piece::new(us, Role::Wizard));
                    if Self::king_safe(&after, us) {
                        out.push(SorchessMove::Board(Move::Normal {
                            role: Role::Wizard,
                            from,
                            to,
                            capture: None,
                            promotion: None,
                        }));
                    }
                }
            }
            WizardState::InHand => {
                for rook in self.launch_rooks(us) {
                    for to in wizard_attacks(rook) & !board.by_side(us) {
                        let capture = board.role_at(to);
                        let mut after = *board;
                        if let Some(c) = capture {
                            after.remove_known(to, Piece::new(us.other(), c));
                        }
                        after.put_on_empty(to, Piece::new(us, Role::Wizard));
                        if Self::king_safe(&after, us) {
                            out.push(SorchessMove::Enter { rook, to, capture });
                        }
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// Plays a move from [`legal_moves`](Self::legal_moves).
    pub fn play(&mut self, m: SorchessMove) {
        let us = self.pos.turn();
        let them = us.other();
        match m {
            SorchessMove::Board(mv) => {
                match mv {
                    Move::Castle { king, rook } => {
                        // Castling moves the rook but keeps its right to launch (S2).
                        if self.launch.contains(rook) {
                            self.launch.clear(rook);
                            self.launch.set(castle_squares(king, rook).1);
                        }
                    }
                    Move::Normal {
                        role,
                        from,
                        to,
                        capture,
                        promotion,
                    } => {
                        if role == Role::Knight
                            && to == knight_chance_square(us)
                            && self.knight_chance_open(us)
                        {
                            // Taken or not, the chance is spent on this first arrival.
                            self.chance_gone[us.index()] = true;
                        }
                        self.launch.clear(from);
                        if capture.is_some() {
                            self.launch.clear(to);
                        }
                        if role == Role::Wizard && is_orthogonal_step(from, to) {
                            self.step_used[us.index()] = true;
                        }
                        if role == Role::Pawn && promotion == Some(Role::Wizard) {
                            self.in_hand[us.index()] = false;
                        }
                    }
                    Move::EnPassant { .. } => {}
                }
                self.pos.play_unchecked(mv);
            }
            SorchessMove::Enter { to, capture, .. } => {
                let fullmoves = self.pos.fullmoves() + u32::from(us == Side::Black);
                let mut halfmoves = self.pos.halfmoves() + 1;
                let board = self.pos.board_mut();
                if let Some(c) = capture {
                    board.remove_known(to, Piece::new(them, c));
                    halfmoves = 0;
                }
                board.put_on_empty(to, Piece::new(us, Role::Wizard));
                if capture.is_some() {
                    self.launch.clear(to);
                    let castling = self.pos.castling_rooks().without(to);
                    self.pos.set_castling_rooks(castling);
                }
                self.in_hand[us.index()] = false;
                self.pos.set_ep_square(None);
                self.pos.set_halfmoves(halfmoves);
                self.pos.set_fullmoves(fullmoves);
                self.pos.set_turn(them);
            }
        }
    }

    /// Repetition key (C4): the FIDE key plus hands, steps, launch rights and chances.
    pub fn repetition_key(&self) -> u64 {
        let mut flags = 0u64;
        for side in Side::BOTH {
            let i = side.index();
            flags |= u64::from(self.in_hand[i]) << i;
            flags |= u64::from(self.step_used[i]) << (2 + i);
            flags |= u64::from(self.chance_gone[i]) << (4 + i);
        }
        mix_key(mix_key(self.pos.repetition_key(), flags), self.launch.0)
    }

    /// Counts leaf nodes at `depth`, every leaf played (no bulk counting).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                next.play(m);
                next.perft(depth - 1)
            })
            .sum()
    }

    /// Dead position by material (C1, X-SORCHESS-1): neither side can ever mate.
    pub fn is_insufficient_material(&self) -> bool {
        self.side_cannot_mate(Side::White) && self.side_cannot_mate(Side::Black)
    }

    /// True when `side` can never give mate. A Wizard attacks only squares of its own
    /// colour (both its (3,1) leap and its diagonal step keep the colour), so it is
    /// treated like a bishop once its orthogonal step is used; before that it could
    /// change colour and is treated as unbound. A Wizard in hand needs a rook or a
    /// pawn to come into play, and either already makes the material sufficient.
    fn side_cannot_mate(&self, side: Side) -> bool {
        let b = self.pos.board();
        let mine = b.by_side(side);
        let theirs = b.by_side(side.other());
        let heavy = b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Queen);
        if (mine & heavy).any() {
            return false;
        }
        let minors = mine & !b.by_role(Role::King);
        if minors.is_empty() {
            return true;
        }
        let knights = b.by_role(Role::Knight);
        if (mine & knights).any() {
            // The FIDE rule for a lone knight (a Knight that becomes a Wizard by S4 is
            // still one colour-bound piece against a bare king).
            let kings_and_queens = b.by_role(Role::King) | b.by_role(Role::Queen);
            return minors.count() == 1 && (theirs & !kings_and_queens).is_empty();
        }
        let wizards = b.by_role(Role::Wizard);
        if (minors & wizards) == minors
            && minors.count() == 1
            && (theirs & !b.by_role(Role::King)).is_empty()
        {
            // King and Wizard against a bare king: the mated king's orthogonal
            // neighbours are of the other colour and only our king could guard them,
            // which it cannot do without standing next to the enemy king.
            return true;
        }
        // Bishops and Wizards only, everywhere on one colour, no Knights or pawns on
        // the board and every Wizard's colour fixed: no piece can ever guard or block
        // the other colour, so no king can be mated.
        let bound = b.by_role(Role::Bishop) | wizards;
        let others = b.occupied() & !bound & !b.by_role(Role::King);
        if others.any() {
            return false;
        }
        for s in Side::BOTH {
            if (b.pieces(s, Role::Wizard)).any() && !self.step_used[s.index()] {
                return false;
            }
        }
        (bound & Bitboard::DARK).is_empty() || (bound & Bitboard::LIGHT).is_empty()
    }

    /// Parses the Sorchess FEN (docs/fen-sorchess.md).
    pub fn from_fen(fen: &str) -> Result<SorchessPosition, FenError> {
        let err = |s: &str| FenError(s.to_string());
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(err("empty"));
        }
        if fields.len() > 7 {
            return Err(err("too many fields"));
        }
        let (board_text, hand_text) = match fields[0].split_once('[') {
            Some((board, rest)) => {
                let hand = rest
                    .strip_suffix(']')
                    .ok_or_else(|| err("the Wizards in hand go in brackets, like [Ww]"))?;
                (board, Some(hand))
            }
            None => (fields[0], None),
        };
        let mut in_hand = [false, false];
        for c in hand_text.unwrap_or("").chars() {
            let side = match c {
                'W' => Side::White,
                'w' => Side::Black,
                _ => return Err(err(&format!("only W and w may be in hand, not '{c}'"))),
            };
            if in_hand[side.index()] {
                return Err(err("each side has only one Wizard"));
            }
            in_hand[side.index()] = true;
        }
        let mut base: Vec<&str> = vec![board_text];
        base.extend(fields.iter().skip(1).take(5));
        let pos = Position::from_fen_unvalidated(&base.join(" "))?;
        pos.validate_fide_with(&WizardKind)?;
        let mut sp = SorchessPosition {
            launch: pos.castling_rooks(),
            pos: WizardPosition(pos),
            in_hand,
            step_used: [false, false],
            chance_gone: [false, false],
        };
        if let Some(ext) = fields.get(6) {
            sp.launch = Bitboard::EMPTY;
            if *ext != "-" {
                sp.parse_rights(ext)?;
            }
        }
        sp.validate()?;
        Ok(sp)
    }

    fn parse_rights(&mut self, text: &str) -> Result<(), FenError> {
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            match c {
                'S' | 's' | 'X' | 'x' => {
                    let side = if c.is_ascii_uppercase() {
                        Side::White
                    } else {
                        Side::Black
                    };
                    if c.eq_ignore_ascii_case(&'s') {
                        self.step_used[side.index()] = true;
                    } else {
                        self.chance_gone[side.index()] = true;
                    }
                    i += 1;
                }
                'a'..='h' => {
                    let sq = chars
                        .get(i + 1)
                        .and_then(|r| Square::parse(&format!("{c}{r}")))
                        .ok_or_else(|| FenError(format!("bad launch square after '{c}'")))?;
                    self.launch.set(sq);
                    i += 2;
                }
                _ => {
                    return Err(FenError(format!(
                        "unknown letter '{c}' in the Sorchess field (launch squares, S, s, X, x)"
                    )))
                }
            }
        }
        Ok(())
    }

    fn validate(&self) -> Result<(), FenError> {
        let b = self.pos.board();
        for sq in self.launch {
            if b.role_at(sq) != Some(Role::Rook) {
                return Err(FenError(format!("launch square {sq} has no rook")));
            }
        }
        for side in Side::BOTH {
            let wizards = b.pieces(side, Role::Wizard).count();
            if wizards > 1 {
                return Err(FenError(format!(
                    "{side} has more than one Wizard on the board"
                )));
            }
            if wizards == 1 && self.in_hand[side.index()] {
                return Err(FenError(format!(
                    "{side} cannot have a Wizard both in hand and on the board"
                )));
            }
        }
        Ok(())
    }

    /// The Sorchess FEN: FIDE fields with the hand in brackets after the board and a
    /// seventh field of launch squares and flags.
    pub fn fen(&self) -> String {
        let fide = self.pos.fen();
        let (board, rest) = fide.split_once(' ').unwrap_or((fide.as_str(), ""));
        let mut hand = String::new();
        if self.in_hand[0] {
            hand.push('W');
        }
        if self.in_hand[1] {
            hand.push('w');
        }
        let mut rights: String = self.launch.map(|sq| sq.to_string()).collect();
        for (flag, c) in [
            (self.step_used[0], 'S'),
            (self.step_used[1], 's'),
            (self.chance_gone[0], 'X'),
            (self.chance_gone[1], 'x'),
        ] {
            if flag {
                rights.push(c);
            }
        }
        if rights.is_empty() {
            rights.push('-');
        }
        format!("{board}[{hand}] {rest} {rights}")
    }
}
