//! The Wizard Walls position (board, walls, hands, points, destroyed wizards, phase)
//! and its actions: which are legal under the per-turn limits of Z3, and what each
//! does to the position (kills, scoring of Z4, walls to hand).

use crate::core::bitboard::{
    bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks,
};
use crate::core::{Bitboard, Board, Piece, Role, Side, Square};
use serde::{Deserialize, Serialize};

/// Points that win at once (Z4).
pub const WINNING_POINTS: u32 = 10;
/// Walls each side holds once the setup is over (Z2).
pub const START_HAND: u32 = 5;
/// Walls each side places in the setup (Z2).
pub const SETUP_WALLS: usize = 3;
/// What a Full team must cost exactly (Z2).
pub const TEAM_COST: u32 = 11;

/// Where the game stands: the four setup questions of Z2 in order, then play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    Walls(Side),
    Team(Side),
    Play,
}

impl Phase {
    /// The phase after `self`'s question is answered.
    pub fn next(self) -> Phase {
        match self {
            Phase::Walls(Side::White) => Phase::Walls(Side::Black),
            Phase::Walls(Side::Black) => Phase::Team(Side::White),
            Phase::Team(Side::White) => Phase::Team(Side::Black),
            Phase::Team(Side::Black) | Phase::Play => Phase::Play,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Phase::Walls(Side::White) => "walls-w",
            Phase::Walls(Side::Black) => "walls-b",
            Phase::Team(Side::White) => "team-w",
            Phase::Team(Side::Black) => "team-b",
            Phase::Play => "play",
        }
    }

    pub fn parse(code: &str) -> Option<Phase> {
        [
            Phase::Walls(Side::White),
            Phase::Walls(Side::Black),
            Phase::Team(Side::White),
            Phase::Team(Side::Black),
            Phase::Play,
        ]
        .into_iter()
        .find(|p| p.code() == code)
    }
}

/// Squares where setup walls may go: ranks 3-6 (Z2).
pub fn wall_zone() -> Bitboard {
    Bitboard::rank(2) | Bitboard::rank(3) | Bitboard::rank(4) | Bitboard::rank(5)
}

/// A side's two home ranks, where its team is placed (Z2).
pub fn home_zone(side: Side) -> Bitboard {
    match side {
        Side::White => Bitboard::rank(0) | Bitboard::rank(1),
        Side::Black => Bitboard::rank(6) | Bitboard::rank(7),
    }
}

/// The roles a team may contain, with cost and maximum count (Z2, Full).
pub const TEAM_ROLES: [(Role, u32, u32); 5] = [
    (Role::Pawn, 1, 8),
    (Role::Knight, 3, 2),
    (Role::Bishop, 3, 2),
    (Role::Rook, 5, 2),
    (Role::Queen, 9, 1),
];

/// Every position of the game, setup included.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pos {
    /// Full game (teams of cost 11, pawns, queens) rather than Basic (B N R).
    pub full: bool,
    pub board: Board,
    pub walls: Bitboard,
    /// Walls in hand, White then Black.
    pub hand: [u32; 2],
    pub points: [u32; 2],
    /// Each side's destroyed wizards, sorted (the ones it may resurrect).
    pub dead: [Vec<Role>; 2],
    /// The side to move in the play phase.
    pub turn: Side,
    pub phase: Phase,
}

/// One action of a turn (Z3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Move {
        role: Role,
        from: Square,
        to: Square,
    },
    Conjure {
        role: Role,
        by: Square,
        at: Square,
    },
    Destroy {
        role: Role,
        by: Square,
        at: Square,
    },
    Resurrect {
        role: Role,
        at: Square,
    },
}

fn letter(role: Role) -> String {
    role.letter().to_string()
}

impl Action {
    /// Canonical text: `Nb1-c3`, `e2-e3` (pawn), `Nc3+d4`, `Nc3xd4`, `R@e4`.
    pub fn text(&self) -> String {
        match *self {
            Action::Move { role, from, to } => {
                let l = if role == Role::Pawn {
                    String::new()
                } else {
                    letter(role)
                };
                format!("{l}{from}-{to}")
            }
            Action::Conjure { role, by, at } => format!("{}{by}+{at}", letter(role)),
            Action::Destroy { role, by, at } => format!("{}{by}x{at}", letter(role)),
            Action::Resurrect { role, at } => format!("{}@{at}", letter(role)),
        }
    }

    /// The squares the picture highlights for it.
    pub fn squares(&self) -> Vec<Square> {
        match *self {
            Action::Move { from, to, .. } => vec![from, to],
            // The electing wizard too: a wall drawn on `at` hides that square's highlight.
            Action::Conjure { by, at, .. } | Action::Destroy { by, at, .. } => vec![by, at],
            Action::Resurrect { at, .. } => vec![at],
        }
    }
}

/// What the wizards of the side to move have already done this turn (Z3's limits).
/// Flags sit on the square where the wizard now stands and travel with it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Used {
    pub moved: Bitboard,
    pub conjured: Bitboard,
    pub destroyed: Bitboard,
    pub resurrected: bool,
}

impl Used {
    fn forget(&mut self, sq: Square) {
        self.moved.clear(sq);
        self.conjured.clear(sq);
        self.destroyed.clear(sq);
    }

    fn carry(&mut self, from: Square, to: Square) {
        for bb in [&mut self.moved, &mut self.conjured, &mut self.destroyed] {
            if bb.contains(from) {
                bb.clear(from);
                bb.set(to);
            }
        }
    }
}

/// What an action did beyond its own text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// A wizard destroyed, with its square.
    pub killed: Option<(Square, Piece)>,
    /// A wall destroyed by a resurrection, gone to the resurrector's hand.
    pub wall_to_hand: bool,
}

impl Pos {
    /// A fresh game: empty board, the first setup question.
    pub fn start(full: bool) -> Pos {
        Pos {
            full,
            board: Board::empty(),
            walls: Bitboard::EMPTY,
            hand: [START_HAND; 2],
            points: [0; 2],
            dead: [Vec::new(), Vec::new()],
            turn: Side::White,
            phase: Phase::Walls(Side::White),
        }
    }

    /// The side asked now.
    pub fn asked(&self) -> Side {
        match self.phase {
            Phase::Walls(s) | Phase::Team(s) => s,
            Phase::Play => self.turn,
        }
    }

    pub fn blocked(&self) -> Bitboard {
        self.board.occupied() | self.walls
    }

    pub fn winner(&self) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.points[s.index()] >= WINNING_POINTS)
    }

    /// Empty squares a wizard of `role` on `from` may move to (Z1).
    pub fn move_targets(&self, role: Role, from: Square) -> Bitboard {
        let occ = self.blocked();
        let reach = match role {
            Role::Knight => knight_attacks(from),
            Role::Bishop => bishop_attacks(from, occ),
            Role::Rook => rook_attacks(from, occ),
            Role::Queen => queen_attacks(from, occ),
            Role::Pawn => king_attacks(from),
            Role::King | Role::Wizard => Bitboard::EMPTY,
        };
        reach & !occ
    }

    /// Wizards of `side` able to conjure, destroy and resurrect (not pawns, Z2).
    pub fn casters(&self, side: Side) -> Bitboard {
        self.board.by_side(side) & !self.board.by_role(Role::Pawn)
    }

    /// Squares where `side` may resurrect: next to two of its casters (Z3).
    pub fn resurrect_squares(&self, side: Side) -> Bitboard {
        let casters = self.casters(side);
        Square::all()
            .filter(|s| (king_attacks(*s) & casters).more_than_one())
            .collect()
    }

    /// Every legal single action of the side to move, given what it already did.
    pub fn legal_actions(&self, used: &Used) -> Vec<Action> {
        let us = self.turn;
        let mut out = Vec::new();
        for (from, piece) in self.board.iter().filter(|(_, p)| p.side == us) {
            let role = piece.role;
            if !used.moved.contains(from) {
                for to in self.move_targets(role, from) {
                    out.push(Action::Move { role, from, to });
                }
            }
            if role == Role::Pawn {
                continue;
            }
            if self.hand[us.index()] > 0 && !used.conjured.contains(from) {
                for at in king_attacks(from) & !self.walls {
                    out.push(Action::Conjure { role, by: from, at });
                }
            }
            if !used.destroyed.contains(from) {
                for at in king_attacks(from) & self.walls {
                    out.push(Action::Destroy { role, by: from, at });
                }
            }
        }
        if !used.resurrected {
            let mut roles = self.dead[us.index()].clone();
            roles.dedup();
            let squares = self.resurrect_squares(us);
            for role in roles {
                for at in squares {
                    out.push(Action::Resurrect { role, at });
                }
            }
        }
        out
    }

    /// Removes the wizard on `sq`, scoring it for its owner's opponent (Z4).
    fn kill(&mut self, sq: Square) -> Option<(Square, Piece)> {
        let victim = self.board.take(sq)?;
        self.points[victim.side.other().index()] += victim.role.value();
        let dead = &mut self.dead[victim.side.index()];
        dead.push(victim.role);
        dead.sort();
        Some((sq, victim))
    }

    /// Applies a legal action of the side to move.
    pub fn apply(&mut self, used: &mut Used, action: Action) -> Effect {
        let us = self.turn;
        let mut effect = Effect::default();
        match action {
            Action::Move { role, from, to } => {
                self.board.take(from);
                self.board.put(to, Piece::new(us, role));
                used.carry(from, to);
                used.moved.set(to);
            }
            Action::Conjure { by, at, .. } => {
                effect.killed = self.kill(at);
                used.forget(at);
                self.walls.set(at);
                self.hand[us.index()] = self.hand[us.index()].saturating_sub(1);
                used.conjured.set(by);
            }
            Action::Destroy { by, at, .. } => {
                self.walls.clear(at);
                self.hand[us.index()] += 1;
                used.destroyed.set(by);
            }
            Action::Resurrect { role, at } => {
                effect.killed = self.kill(at);
                used.forget(at);
                if self.walls.contains(at) {
                    self.walls.clear(at);
                    self.hand[us.index()] += 1;
                    effect.wall_to_hand = true;
                }
                let dead = &mut self.dead[us.index()];
                if let Some(i) = dead.iter().position(|r| *r == role) {
                    dead.remove(i);
                }
                self.board.put(at, Piece::new(us, role));
                used.resurrected = true;
            }
        }
        effect
    }

    /// The repetition key of Z5: board, walls, hands, destroyed wizards, side to move.
    /// FNV-1a over a fixed byte layout, so stored games keep their keys across builds.
    pub fn key(&self) -> u64 {
        let mut bytes: Vec<u8> = Vec::with_capacity(96);
        for sq in Square::all() {
            let b = match self.board.piece_at(sq) {
                Some(p) => 1 + p.side.index() as u8 * 8 + p.role.index() as u8,
                None if self.walls.contains(sq) => 255,
                None => 0,
            };
            bytes.push(b);
        }
        for side in Side::BOTH {
            bytes.extend_from_slice(&self.hand[side.index()].to_le_bytes());
            bytes.push(200 + side.index() as u8);
            bytes.extend(self.dead[side.index()].iter().map(|r| r.index() as u8));
        }
        bytes.push(self.turn.index() as u8);
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        h
    }
}
