//! Wizard Walls, Basic and Full (variants `walls` and `walls-full`,
//! `rules/wizard-walls.md`, RULINGS Z1-Z6): the setup questions, turns of 0-2
//! actions, scoring, repetition and the `Rules` implementation. `Full` is a flag.

pub mod eval;
pub mod fen;
pub mod notation;
pub mod position;
pub mod view;

use self::notation::{Spec, Token, Typed};
use self::position::{
    home_zone, wall_zone, Action, Phase, Pos, Used, SETUP_WALLS, TEAM_COST, TEAM_ROLES,
};
use crate::core::bitboard::king_attacks;
use crate::core::notation::{
    echo, resolve_syntax, suggestions, MoveLike, MoveSyntax, NotationError,
};
use crate::core::view::{View, Viewer};
use crate::core::{CastleSide, Piece, Role, Side, Square};
use crate::variants::fide::Repetitions;
use crate::variants::{Ask, GameRng, Options, Outcome, PlayError, Played, Question, Rules};
use serde::{Deserialize, Serialize};

/// The game; `FULL` selects Wizard Walls Full. Both share [`Walls`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct WallsGame<const FULL: bool>(pub Walls);

pub type WallsBasic = WallsGame<false>;
pub type WallsFull = WallsGame<true>;

/// The state of one game of either kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Walls {
    pos: Pos,
    /// Repetition keys since the play phase began (Z5).
    reps: Repetitions,
    /// Squares of the last answer, for the picture.
    last: Vec<Square>,
}

/// A legal move in the form the shared move matcher reads (`Nc3`, `Nb1-c3`, `b1c3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct WizardMove {
    role: Role,
    from: Square,
    to: Square,
}

impl MoveLike for WizardMove {
    fn role(&self) -> Role {
        self.role
    }
    fn from_square(&self) -> Square {
        self.from
    }
    fn to_square(&self) -> Square {
        self.to
    }
    fn promotion(&self) -> Option<Role> {
        None
    }
    fn castle_side(&self) -> Option<CastleSide> {
        None
    }
    fn canonical(&self) -> String {
        Action::Move {
            role: self.role,
            from: self.from,
            to: self.to,
        }
        .text()
    }
}

/// Why one action was refused: a reason in the player's terms, or the matcher's answer.
enum Refusal {
    Reason(String),
    Notation(NotationError),
}

fn name(role: Role) -> String {
    role.name().to_lowercase()
}

/// Options: none exist; anything given is refused.
fn check_options(options: &Options) -> Result<(), String> {
    match options.keys().next() {
        Some(k) => Err(format!("Wizard Walls has no option `{k}`.")),
        None => Ok(()),
    }
}

impl Walls {
    pub fn new(full: bool) -> Walls {
        Walls::from_pos(Pos::start(full))
    }

    pub fn from_pos(pos: Pos) -> Walls {
        Walls {
            reps: Repetitions::new(pos.key()),
            pos,
            last: Vec::new(),
        }
    }

    pub fn pos(&self) -> &Pos {
        &self.pos
    }

    pub fn last_squares(&self) -> &[Square] {
        &self.last
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.pos
            .winner()
            .map(|s| Outcome::win(s, "reaching 10 points"))
    }

    pub fn ask(&self) -> Option<Ask> {
        if self.pos.winner().is_some() {
            return None;
        }
        let question = match self.pos.phase {
            Phase::Walls(_) => Question::SetupWalls,
            Phase::Team(_) => Question::SetupTeam,
            Phase::Play => Question::Move,
        };
        Some(Ask {
            side: self.pos.asked(),
            question,
        })
    }

    /// Every whole turn of the side to move (play phase): `pass`, each single action,
    /// and each legal second action after it, with the resulting position. A first
    /// action that wins ends the turn (Z4), so it has no second.
    pub fn turns(&self) -> Vec<(Vec<Action>, Pos)> {
        turns_of(&self.pos)
    }

    /// The legal actions of the side to move once `first` (legal, in order) has been
    /// played this turn; none once the game is won.
    pub fn actions_after(&self, first: &[Action]) -> Vec<Action> {
        let mut pos = self.pos.clone();
        let mut used = Used::default();
        for a in first {
            if pos.winner().is_some() {
                return Vec::new();
            }
            pos.apply(&mut used, *a);
        }
        if pos.winner().is_some() || pos.phase != Phase::Play {
            return Vec::new();
        }
        pos.legal_actions(&used)
    }

    /// The question in words with examples that are legal now (setup squares that are
    /// free, actions the side to move can play).
    pub fn prompt(&self) -> String {
        let spread = |free: &[Square], k: usize| -> Vec<Square> {
            let n = free.len();
            (0..k)
                .filter_map(|i| free.get((2 * i + 1) * n / (2 * k)))
                .copied()
                .collect()
        };
        match self.pos.phase {
            Phase::Walls(_) => {
                let free: Vec<Square> = (wall_zone() & !self.pos.blocked()).collect();
                let at = preferred(&free, &["c4", "d5", "f3"], Side::White)
                    .unwrap_or_else(|| spread(&free, SETUP_WALLS));
                let ex: Vec<String> = at.iter().map(|s| format!("@{s}")).collect();
                format!(
                    "place your walls: {SETUP_WALLS} on empty squares of ranks 3-6, e.g. `{}`",
                    ex.join(" ")
                )
            }
            Phase::Team(side) => {
                let free: Vec<Square> = (home_zone(side) & !self.pos.blocked()).collect();
                let ranks = if side == Side::White { "1-2" } else { "7-8" };
                let names = if self.pos.full {
                    ["d1", "c2", "e2"]
                } else {
                    ["c1", "d2", "a1"]
                };
                let at = preferred(&free, &names, side).unwrap_or_else(|| spread(&free, 3));
                if self.pos.full {
                    let ex = ["Q", "P", "P"]
                        .iter()
                        .zip(&at)
                        .map(|(r, s)| format!("{r}@{s}"))
                        .collect::<Vec<_>>()
                        .join(" ");
                    let limits = TEAM_ROLES
                        .iter()
                        .map(|(r, cost, max)| format!("{} costs {cost}, at most {max}", r.letter()))
                        .collect::<Vec<_>>()
                        .join("; ");
                    format!(
                        "place your team: any team costing exactly {TEAM_COST} ({limits}) on empty \
                         squares of ranks {ranks}, e.g. `{ex}` (9+1+1) or a Rook, Knight and Bishop (5+3+3)"
                    )
                } else {
                    let ex = ["B", "N", "R"]
                        .iter()
                        .zip(&at)
                        .map(|(r, s)| format!("{r}@{s}"))
                        .collect::<Vec<_>>()
                        .join(" ");
                    format!(
                        "place your team, a Bishop, Knight and Rook, on empty squares of ranks {ranks}, e.g. `{ex}`"
                    )
                }
            }
            Phase::Play => {
                let actions = self.pos.legal_actions(&Used::default());
                let texts: Vec<String> = actions.iter().map(Action::text).collect();
                let pick = |f: fn(&Action) -> bool| -> Option<Action> {
                    let of: Vec<&Action> = actions.iter().filter(|a| f(a)).collect();
                    of.get(of.len() / 2).map(|a| **a)
                };
                let first = pick(|a| matches!(a, Action::Move { .. }))
                    .or_else(|| actions.get(texts.len() / 2).copied());
                let mut s = "your move: up to two actions in one message".to_string();
                if let Some(f) = first {
                    let second = self.actions_after(&[f]);
                    match second.get(second.len() / 2) {
                        Some(b) => s.push_str(&format!(", e.g. `{} {}`", f.text(), b.text())),
                        None => s.push_str(&format!(", e.g. `{}`", f.text())),
                    }
                }
                let mut forms = Vec::new();
                if let Some(a) = pick(|a| matches!(a, Action::Move { .. })) {
                    forms.push(format!("move `{}`", a.text()));
                }
                if let Some(a) = pick(|a| matches!(a, Action::Conjure { .. })) {
                    forms.push(format!("conjure a wall `{}`", a.text()));
                }
                if let Some(a) = pick(|a| matches!(a, Action::Destroy { .. })) {
                    forms.push(format!("destroy a wall `{}`", a.text()));
                }
                if let Some(a) = pick(|a| matches!(a, Action::Resurrect { .. })) {
                    forms.push(format!("resurrect `{}`", a.text()));
                }
                forms.push("`pass` for none".to_string());
                s.push_str(&format!("; {}", forms.join(", ")));
                s
            }
        }
    }

    /// Plays an answer of the side asked; on error `self` may be changed ([`Game`]
    /// restores it).
    pub fn play_text(&mut self, text: &str) -> Result<Played, PlayError> {
        if self.pos.winner().is_some() {
            return Err(PlayError::Finished);
        }
        let typed = notation::parse(text).map_err(PlayError::Refused)?;
        match self.pos.phase {
            Phase::Walls(side) => self.setup_walls(side, &typed),
            Phase::Team(side) => self.setup_team(side, &typed),
            Phase::Play => self.play_turn(&typed),
        }
    }

    fn end_setup_answer(&mut self) {
        self.pos.phase = self.pos.phase.next();
        if self.pos.phase == Phase::Play {
            self.pos.turn = Side::White;
            self.reps = Repetitions::new(self.pos.key());
        }
    }

    /// Z2: three walls on ranks 3-6; `pass` (a timed-out setup, Z6) places none.
    fn setup_walls(&mut self, side: Side, typed: &[Typed]) -> Result<Played, PlayError> {
        let refuse = |s: String| Err(PlayError::Refused(s));
        if let [Typed {
            token: Token::Pass, ..
        }] = typed
        {
            self.last.clear();
            self.end_setup_answer();
            return Ok(Played {
                action: "pass".into(),
                printed: "pass (no walls placed)".into(),
                ..Played::default()
            });
        }
        let mut squares = Vec::new();
        for t in typed {
            match t.token {
                Token::Wall(sq) => squares.push(sq),
                _ => {
                    return refuse(format!(
                    "Now {side} places 3 walls, like `@c4 @d5 @f3`; `{}` is not a wall placement.",
                    echo(&t.raw)
                ))
                }
            }
        }
        if squares.len() != SETUP_WALLS {
            return refuse(format!(
                "Place exactly 3 walls (`@c4 @d5 @f3`); you gave {}.",
                squares.len()
            ));
        }
        for (i, sq) in squares.iter().enumerate() {
            if squares[..i].contains(sq) {
                return refuse(format!(
                    "Each wall needs its own square; {sq} is named twice."
                ));
            }
            if !wall_zone().contains(*sq) {
                return refuse(format!("{sq} is not on ranks 3-6, where setup walls go."));
            }
            if self.pos.walls.contains(*sq) {
                return refuse(format!("{sq} already holds a wall."));
            }
            if self.pos.board.piece_at(*sq).is_some() {
                return refuse(format!("{sq} is occupied."));
            }
        }
        squares.sort();
        for sq in &squares {
            self.pos.walls.set(*sq);
        }
        let text: Vec<String> = squares.iter().map(|s| format!("@{s}")).collect();
        let text = text.join(" ");
        self.last = squares;
        self.end_setup_answer();
        Ok(Played {
            action: text.clone(),
            printed: text,
            ..Played::default()
        })
    }

    /// The team `pass` places when a team setup times out (Z6): R N B (cost 11) on the
    /// back rank from the a-file, or the first free home squares.
    fn default_team(&self, side: Side) -> Vec<(Role, Square)> {
        let back = side.back_rank();
        let mut free: Vec<Square> = (0..8)
            .filter_map(|f| Square::from_coords(f, back))
            .chain(home_zone(side))
            .filter(|s| !self.pos.blocked().contains(*s))
            .collect();
        // The back rank comes first; drop its second appearance from the home zone.
        let mut seen = Vec::new();
        free.retain(|s| {
            let new = !seen.contains(s);
            seen.push(*s);
            new
        });
        [Role::Rook, Role::Knight, Role::Bishop]
            .into_iter()
            .zip(free)
            .collect()
    }

    /// Why a team may not be placed (Z2), or `None` when it may.
    fn team_error(&self, side: Side, team: &[(Role, Square)]) -> Option<String> {
        for (i, (role, sq)) in team.iter().enumerate() {
            if team[..i].iter().any(|(_, s)| s == sq) {
                return Some(format!(
                    "Each wizard needs its own square; {sq} is named twice."
                ));
            }
            if !home_zone(side).contains(*sq) {
                let ranks = match side {
                    Side::White => "1-2",
                    Side::Black => "7-8",
                };
                return Some(format!(
                    "{}@{sq} is not on your first two ranks ({ranks}).",
                    role.letter()
                ));
            }
            if self.pos.blocked().contains(*sq) {
                return Some(format!("{sq} is not empty."));
            }
        }
        let count = |r: Role| team.iter().filter(|(x, _)| *x == r).count() as u32;
        if !self.pos.full {
            let ok = team.len() == 3
                && [Role::Bishop, Role::Knight, Role::Rook]
                    .into_iter()
                    .all(|r| count(r) == 1);
            return (!ok).then(|| {
                "Your team is one Bishop, one Knight and one Rook, like `B@c1 N@d2 R@a1`."
                    .to_string()
            });
        }
        for (role, _) in team {
            if !TEAM_ROLES.iter().any(|(r, _, _)| r == role) {
                return Some(format!(
                    "A {} is not a wizard of this game (P, N, B, R, Q).",
                    name(*role)
                ));
            }
        }
        for (role, _, max) in TEAM_ROLES {
            if count(role) > max {
                return Some(format!(
                    "At most {max} {}{} in a team.",
                    role.name(),
                    if max == 1 { "" } else { "s" }
                ));
            }
        }
        let cost: u32 = team
            .iter()
            .filter_map(|(r, _)| TEAM_ROLES.iter().find(|(x, _, _)| x == r).map(|t| t.1))
            .sum();
        (cost != TEAM_COST).then(|| {
            format!("Your team costs {cost}; it must cost exactly 11 (P 1, N 3, B 3, R 5, Q 9).")
        })
    }

    fn setup_team(&mut self, side: Side, typed: &[Typed]) -> Result<Played, PlayError> {
        let passed = matches!(
            typed,
            [Typed {
                token: Token::Pass,
                ..
            }]
        );
        let team: Vec<(Role, Square)> = if passed {
            self.default_team(side)
        } else {
            let mut team = Vec::new();
            for t in typed {
                match t.token {
                    Token::Place(role, sq) => team.push((role, sq)),
                    _ => {
                        return Err(PlayError::Refused(format!(
                            "Now {side} places the team, like `B@c1 N@d2 R@a1`; `{}` is not a placement.",
                            echo(&t.raw)
                        )))
                    }
                }
            }
            team
        };
        if let Some(why) = self.team_error(side, &team) {
            return Err(PlayError::Refused(why));
        }
        for (role, sq) in &team {
            self.pos.board.put(*sq, Piece::new(side, *role));
        }
        let text: Vec<String> = team
            .iter()
            .map(|(r, s)| format!("{}@{s}", r.letter()))
            .collect();
        let text = text.join(" ");
        self.last = team.iter().map(|(_, s)| *s).collect();
        self.end_setup_answer();
        Ok(if passed {
            Played {
                action: "pass".into(),
                printed: format!("pass (default team {text})"),
                ..Played::default()
            }
        } else {
            Played {
                action: text.clone(),
                printed: text,
                ..Played::default()
            }
        })
    }

    fn play_turn(&mut self, typed: &[Typed]) -> Result<Played, PlayError> {
        let mover = self.pos.turn;
        let items: Vec<&Typed> = typed.iter().filter(|t| t.token != Token::Pass).collect();
        if items.len() != typed.len() && typed.len() > 1 {
            return Err(PlayError::Refused(
                "`pass` stands alone: it is a turn of no actions.".into(),
            ));
        }
        if items.len() > 2 {
            return Err(PlayError::Refused(format!(
                "A turn has at most two actions; you gave {}.",
                items.len()
            )));
        }
        let mut used = Used::default();
        let mut actions = Vec::new();
        let mut printed = Vec::new();
        let mut events = Vec::new();
        let mut last = Vec::new();
        for (i, t) in items.iter().enumerate() {
            if self.pos.winner().is_some() {
                // Z4: the game ended with the first action; the second is not played.
                events.push(format!(
                    "The game is over, so `{}` is not played.",
                    echo(&t.raw)
                ));
                break;
            }
            let legal = self.pos.legal_actions(&used);
            let action = match self.resolve(&used, t, &legal) {
                Ok(a) => a,
                Err(Refusal::Notation(e)) => return Err(e.into()),
                Err(Refusal::Reason(why)) => {
                    let which = match (items.len(), i) {
                        (1, _) => String::new(),
                        (_, 0) => "The first action ".to_string(),
                        _ => "The second action ".to_string(),
                    };
                    let mut line = format!("{which}`{}` is not legal: {why}.", echo(&t.raw));
                    if let Some(c) = line.get_mut(0..1) {
                        c.make_ascii_uppercase();
                    }
                    return Err(PlayError::Refused(line));
                }
            };
            let effect = self.pos.apply(&mut used, action);
            let mut text = action.text();
            actions.push(text.clone());
            let mut notes = Vec::new();
            if let Some((sq, victim)) = effect.killed {
                let scorer = victim.side.other();
                notes.push(format!(
                    "kills {} {}{sq}",
                    victim.side.name().to_lowercase(),
                    victim.role.letter()
                ));
                let points = self.pos.points[scorer.index()];
                events.push(format!(
                    "[{}'s {} on {sq} is destroyed: {scorer} has {points} point{}]",
                    victim.side,
                    victim.role.name(),
                    if points == 1 { "" } else { "s" }
                ));
            }
            if effect.wall_to_hand {
                notes.push("wall to hand".into());
            }
            if !notes.is_empty() {
                text.push_str(&format!(" ({})", notes.join(", ")));
            }
            printed.push(text);
            last.extend(action.squares());
        }
        self.pos.turn = mover.other();
        self.last = last;
        if let Some(o) = self.outcome() {
            events.push(format!("{o}."));
        } else {
            self.reps.push(self.pos.key());
        }
        let action = if actions.is_empty() {
            "pass".to_string()
        } else {
            actions.join(" ")
        };
        Ok(Played {
            action,
            printed: if printed.is_empty() {
                "pass".to_string()
            } else {
                printed.join(" ")
            },
            events,
            private: Vec::new(),
        })
    }

    /// Matches one typed action against the legal ones.
    fn resolve(&self, used: &Used, t: &Typed, legal: &[Action]) -> Result<Action, Refusal> {
        let pick = |found: Vec<Action>, otherwise: Option<String>| match found.as_slice() {
            [one] => Ok(*one),
            [] => Err(match otherwise {
                Some(why) => Refusal::Reason(why),
                None => Refusal::Notation(NotationError::Illegal {
                    input: echo(&t.raw),
                    suggestions: suggestions(&t.raw, legal.iter().map(Action::text)),
                }),
            }),
            many => Err(Refusal::Notation(NotationError::Ambiguous {
                input: echo(&t.raw),
                candidates: many.iter().map(Action::text).collect(),
            })),
        };
        match t.token {
            Token::Pass => Err(Refusal::Reason("`pass` stands alone".into())),
            Token::Wall(_) => Err(Refusal::Reason(
                "walls are placed freely only in the setup; to conjure one, name the wizard, like `Nc3+d4`"
                    .into(),
            )),
            Token::Move(syntax) => {
                let moves: Vec<WizardMove> = legal
                    .iter()
                    .filter_map(|a| match *a {
                        Action::Move { role, from, to } => Some(WizardMove { role, from, to }),
                        _ => None,
                    })
                    .collect();
                match resolve_syntax(&t.raw, &syntax, &moves) {
                    Ok(m) => Ok(Action::Move {
                        role: m.role,
                        from: m.from,
                        to: m.to,
                    }),
                    Err(NotationError::Illegal { .. }) => {
                        pick(Vec::new(), self.move_refusal(used, &syntax))
                    }
                    Err(e) => Err(Refusal::Notation(e)),
                }
            }
            Token::Conjure(spec, at) | Token::Destroy(spec, at) => {
                let conjure = matches!(t.token, Token::Conjure(..));
                let found: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| match *a {
                        Action::Conjure { role, by, at: x } if conjure => {
                            x == at && spec_fits(spec, role, by)
                        }
                        Action::Destroy { role, by, at: x } if !conjure => {
                            x == at && spec_fits(spec, role, by)
                        }
                        _ => false,
                    })
                    .collect();
                let why = self.cast_refusal(used, spec, at, conjure);
                pick(found, Some(why))
            }
            Token::Place(role, at) => {
                let found: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| *a == Action::Resurrect { role, at })
                    .collect();
                let why = self.resurrect_refusal(used, role, at);
                pick(found, Some(why))
            }
        }
    }

    fn move_refusal(&self, used: &Used, syntax: &MoveSyntax) -> Option<String> {
        let MoveSyntax::Move(spec) = syntax else {
            return Some("there is no castling in Wizard Walls".into());
        };
        let us = self.pos.turn;
        let to = spec.to;
        let occupied = |why: &mut Option<String>| {
            if self.pos.walls.contains(to) {
                *why = Some(format!("{to} holds a wall"));
            } else if self.pos.board.piece_at(to).is_some() {
                *why = Some(format!(
                    "{to} is occupied, and wizards never capture by moving"
                ));
            }
        };
        if let Some(from) = spec.from_square() {
            let Some(p) = self.pos.board.piece_at(from).filter(|p| p.side == us) else {
                return Some(format!("there is no wizard of yours on {from}"));
            };
            if let Some(r) = spec.role.filter(|r| *r != p.role) {
                return Some(format!(
                    "the wizard on {from} is a {}, not a {}",
                    name(p.role),
                    name(r)
                ));
            }
            if used.moved.contains(from) {
                return Some(format!(
                    "the {} on {from} has already moved this turn",
                    name(p.role)
                ));
            }
            let mut why = None;
            occupied(&mut why);
            return why
                .or_else(|| Some(format!("the {} on {from} cannot reach {to}", name(p.role))));
        }
        let mut why = None;
        occupied(&mut why);
        if why.is_some() {
            return why;
        }
        let role = spec.role.unwrap_or(Role::Pawn);
        let could: Vec<Square> = self
            .pos
            .board
            .pieces(us, role)
            .filter(|f| {
                spec.from_file.is_none_or(|x| x == f.file())
                    && spec.from_rank.is_none_or(|x| x == f.rank())
                    && self.pos.move_targets(role, *f).contains(to)
            })
            .collect();
        match could.as_slice() {
            [] => None,
            [f, ..] => Some(format!(
                "the {} on {f} has already moved this turn",
                name(role)
            )),
        }
    }

    fn cast_refusal(&self, used: &Used, spec: Spec, at: Square, conjure: bool) -> String {
        let us = self.pos.turn;
        let verb = if conjure { "conjure" } else { "destroy" };
        let done = if conjure {
            "conjured a wall"
        } else {
            "destroyed a wall"
        };
        let flags = if conjure {
            used.conjured
        } else {
            used.destroyed
        };
        if conjure && self.pos.hand[us.index()] == 0 {
            return "you have no walls in hand".into();
        }
        let casters: Vec<(Square, Role)> = match spec.from {
            Some(from) => {
                let Some(p) = self.pos.board.piece_at(from).filter(|p| p.side == us) else {
                    return format!("there is no wizard of yours on {from}");
                };
                if let Some(r) = spec.role.filter(|r| *r != p.role) {
                    return format!(
                        "the wizard on {from} is a {}, not a {}",
                        name(p.role),
                        name(r)
                    );
                }
                if p.role == Role::Pawn {
                    return format!("pawns cannot {verb} walls");
                }
                if from.distance(at) != 1 {
                    return format!("{at} is not next to the {} on {from}", name(p.role));
                }
                vec![(from, p.role)]
            }
            None => {
                let near: Vec<(Square, Role)> = (king_attacks(at) & self.pos.board.by_side(us))
                    .filter_map(|s| self.pos.board.role_at(s).map(|r| (s, r)))
                    .filter(|(_, r)| spec.role.is_none_or(|x| x == *r))
                    .collect();
                if near.is_empty() {
                    return format!("no wizard of yours stands next to {at}");
                }
                if near.iter().all(|(_, r)| *r == Role::Pawn) {
                    return format!("pawns cannot {verb} walls");
                }
                near.into_iter().filter(|(_, r)| *r != Role::Pawn).collect()
            }
        };
        if conjure && self.pos.walls.contains(at) {
            return format!("{at} already holds a wall");
        }
        if !conjure && !self.pos.walls.contains(at) {
            return format!("there is no wall on {at}");
        }
        match casters.iter().find(|(s, _)| flags.contains(*s)) {
            Some((s, r)) => format!("the {} on {s} has already {done} this turn", name(*r)),
            None if conjure => format!("no wall can be conjured on {at} that way"),
            None => format!("the wall on {at} cannot be destroyed that way"),
        }
    }

    fn resurrect_refusal(&self, used: &Used, role: Role, at: Square) -> String {
        let us = self.pos.turn;
        if used.resurrected {
            return "only one wizard may be resurrected per turn".into();
        }
        if !self.pos.dead[us.index()].contains(&role) {
            return format!("you have no destroyed {} to resurrect", name(role));
        }
        if !self.pos.resurrect_squares(us).contains(at) {
            return format!("{at} is not next to two of your wizards (pawns do not count)");
        }
        format!("{} cannot be resurrected on {at}", name(role))
    }

    pub fn legal_texts(&self) -> Vec<String> {
        if self.pos.winner().is_some() {
            return Vec::new();
        }
        match self.pos.phase {
            Phase::Walls(_) => setup_wall_texts(&self.pos),
            Phase::Team(side) => setup_team_texts(&self.pos, side),
            Phase::Play => std::iter::once("pass".to_string())
                .chain(
                    self.pos
                        .legal_actions(&Used::default())
                        .iter()
                        .map(Action::text),
                )
                .collect(),
        }
    }

    pub fn view(&self, viewer: Viewer) -> View {
        let title = if self.pos.full {
            "Wizard Walls (Full)"
        } else {
            "Wizard Walls"
        };
        view::build(
            &self.pos,
            &self.last,
            title,
            self.pos.winner().is_some(),
            viewer,
        )
    }

    pub fn claimable_draw(&self) -> Option<String> {
        // Z5: threefold repetition, claimable only, in the play phase.
        (self.pos.phase == Phase::Play && self.reps.count_current() >= 3)
            .then(|| "threefold repetition".to_string())
    }

    pub fn perft(&self, depth: u32) -> u64 {
        perft_pos(&self.pos, depth)
    }

    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        if self.pos.winner().is_some() {
            return Vec::new();
        }
        if self.pos.phase != Phase::Play {
            return self.legal_texts().into_iter().map(|t| (t, 1)).collect();
        }
        turns_of(&self.pos)
            .into_iter()
            .map(|(acts, next)| {
                let n = if depth <= 1 {
                    1
                } else {
                    perft_pos(&next, depth - 1)
                };
                (turn_text(&acts), n)
            })
            .collect()
    }
}

fn spec_fits(spec: Spec, role: Role, by: Square) -> bool {
    spec.role.is_none_or(|r| r == role) && spec.from.is_none_or(|f| f == by)
}

/// Canonical text of a whole turn.
pub fn turn_text(actions: &[Action]) -> String {
    if actions.is_empty() {
        "pass".to_string()
    } else {
        actions
            .iter()
            .map(Action::text)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn turns_of(pos: &Pos) -> Vec<(Vec<Action>, Pos)> {
    let mut out = Vec::new();
    if pos.winner().is_some() || pos.phase != Phase::Play {
        return out;
    }
    let flip = |mut p: Pos| {
        p.turn = p.turn.other();
        p
    };
    out.push((Vec::new(), flip(pos.clone())));
    for a in pos.legal_actions(&Used::default()) {
        let mut p1 = pos.clone();
        let mut used = Used::default();
        p1.apply(&mut used, a);
        if p1.winner().is_none() {
            for b in p1.legal_actions(&used) {
                let mut p2 = p1.clone();
                let mut u2 = used;
                p2.apply(&mut u2, b);
                out.push((vec![a, b], flip(p2)));
            }
        }
        out.push((vec![a], flip(p1)));
    }
    out
}

/// Perft: a node is one whole turn, counted once per distinct action list (see
/// `docs/fen-walls.md`). A setup position counts its legal answers at depth 1 only.
fn perft_pos(pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.winner().is_some() {
        return 0;
    }
    if pos.phase != Phase::Play {
        return if depth == 1 {
            setup_answer_count(pos)
        } else {
            0
        };
    }
    if depth == 1 {
        return count_turns(pos);
    }
    turns_of(pos)
        .into_iter()
        .map(|(_, next)| perft_pos(&next, depth - 1))
        .sum()
}

/// Turns of the side to move, counted without building them.
fn count_turns(pos: &Pos) -> u64 {
    let mut n = 1; // pass
    for a in pos.legal_actions(&Used::default()) {
        n += 1;
        let mut p1 = pos.clone();
        let mut used = Used::default();
        p1.apply(&mut used, a);
        if p1.winner().is_none() {
            n += p1.legal_actions(&used).len() as u64;
        }
    }
    n
}

fn setup_answer_count(pos: &Pos) -> u64 {
    match pos.phase {
        Phase::Walls(_) => {
            let n = u64::from((wall_zone() & !pos.blocked()).count());
            n * n.saturating_sub(1) * n.saturating_sub(2) / 6
        }
        Phase::Team(side) => {
            let n = u64::from((home_zone(side) & !pos.blocked()).count());
            if pos.full {
                team_compositions()
                    .iter()
                    .map(|team| placements(n, team))
                    .sum()
            } else {
                n * n.saturating_sub(1) * n.saturating_sub(2)
            }
        }
        Phase::Play => 0,
    }
}

/// Ways to put a team (counts per role) on `n` squares: n!/(n-k)! / prod(count!).
fn placements(n: u64, team: &[(Role, u32)]) -> u64 {
    let k: u64 = team.iter().map(|(_, c)| u64::from(*c)).sum();
    if k > n {
        return 0;
    }
    let mut ways: u128 = 1;
    for i in 0..k {
        ways *= u128::from(n - i);
    }
    for (_, c) in team {
        for i in 2..=u128::from(*c) {
            ways /= i;
        }
    }
    ways as u64
}

/// Every Full team of cost exactly 11 within the limits (Z2), as counts per role.
pub fn team_compositions() -> Vec<Vec<(Role, u32)>> {
    let mut out = Vec::new();
    let mut counts = [0u32; 5];
    fn walk(i: usize, left: u32, counts: &mut [u32; 5], out: &mut Vec<Vec<(Role, u32)>>) {
        if i == TEAM_ROLES.len() {
            if left == 0 {
                out.push(
                    (0..5)
                        .rev()
                        .filter(|j| counts[*j] > 0)
                        .map(|j| (TEAM_ROLES[j].0, counts[j]))
                        .collect(),
                );
            }
            return;
        }
        let (_, cost, max) = TEAM_ROLES[i];
        for c in 0..=max {
            if c * cost > left {
                break;
            }
            counts[i] = c;
            walk(i + 1, left - c * cost, counts, out);
        }
        counts[i] = 0;
    }
    walk(0, TEAM_COST, &mut counts, &mut out);
    out
}

fn setup_wall_texts(pos: &Pos) -> Vec<String> {
    let free: Vec<Square> = (wall_zone() & !pos.blocked()).collect();
    let mut out = Vec::new();
    for (i, a) in free.iter().enumerate() {
        for (j, b) in free.iter().enumerate().skip(i + 1) {
            for c in free.iter().skip(j + 1) {
                out.push(format!("@{a} @{b} @{c}"));
            }
        }
    }
    out
}

/// Basic: every placement of B, N, R. Full: one placement (first free squares) per
/// team composition, since all placements would be far too many to list.
fn setup_team_texts(pos: &Pos, side: Side) -> Vec<String> {
    let free: Vec<Square> = (home_zone(side) & !pos.blocked()).collect();
    let mut out = Vec::new();
    if pos.full {
        for team in team_compositions() {
            let roles: Vec<Role> = team
                .iter()
                .flat_map(|(r, c)| std::iter::repeat_n(*r, *c as usize))
                .collect();
            if roles.len() <= free.len() {
                let items: Vec<String> = roles
                    .iter()
                    .zip(&free)
                    .map(|(r, s)| format!("{}@{s}", r.letter()))
                    .collect();
                out.push(items.join(" "));
            }
        }
        return out;
    }
    for b in &free {
        for n in &free {
            for r in &free {
                if b != n && n != r && b != r {
                    out.push(format!("B@{b} N@{n} R@{r}"));
                }
            }
        }
    }
    out
}

/// The documents' example squares (`c4 d5 f3`, `c1 d2 a1`), mirrored onto Black's
/// ranks for Black, when all of them are free.
fn preferred(free: &[Square], names: &[&str], side: Side) -> Option<Vec<Square>> {
    names
        .iter()
        .map(|n| {
            let sq = Square::parse(n)?;
            let sq = match side {
                Side::White => sq,
                Side::Black => Square::from_coords(sq.file(), 7 - sq.rank())?,
            };
            free.contains(&sq).then_some(sq)
        })
        .collect()
}

impl<const FULL: bool> WallsGame<FULL> {
    pub fn walls(&self) -> &Walls {
        &self.0
    }
}

impl<const FULL: bool> Rules for WallsGame<FULL> {
    fn new(options: &Options, _rng: &mut GameRng) -> Result<Self, String> {
        check_options(options)?;
        Ok(WallsGame(Walls::new(FULL)))
    }

    fn from_fen(fen: &str, options: &Options) -> Result<Self, String> {
        check_options(options)?;
        Ok(WallsGame(Walls::from_pos(fen::read(fen, FULL)?)))
    }

    fn fen(&self) -> String {
        fen::write(&self.0.pos)
    }

    fn ask(&self) -> Option<Ask> {
        self.0.ask()
    }

    fn prompt(&self, _ask: &Ask) -> String {
        self.0.prompt()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    fn legal_texts(&self) -> Vec<String> {
        self.0.legal_texts()
    }

    fn play(&mut self, side: Side, text: &str, _rng: &mut GameRng) -> Result<Played, PlayError> {
        let ask = self.0.ask().ok_or(PlayError::Finished)?;
        if ask.side != side {
            return Err(PlayError::NotYourTurn);
        }
        self.0.play_text(text)
    }

    fn view(&self, viewer: Viewer) -> View {
        self.0.view(viewer)
    }

    fn evaluate(&self, side: Side) -> i32 {
        eval::evaluate(&self.0, side)
    }

    fn candidate_texts(&self) -> Vec<String> {
        eval::candidates(&self.0)
    }

    fn claimable_draw(&self) -> Option<String> {
        self.0.claimable_draw()
    }

    fn setup_fen(&self) -> Option<String> {
        // The game starts on an empty board with a setup phase (docs/fen-walls.md).
        Some(self.fen())
    }

    fn draw_claim_rules(&self) -> &'static [&'static str] {
        // Z5: threefold repetition only; Wizard Walls has no 50-move rule.
        &["threefold repetition"]
    }

    fn perft(&self, depth: u32) -> u64 {
        self.0.perft(depth)
    }

    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        self.0.perft_divide(depth)
    }
}

/// The rules' valid turn "Move Knight, build a wall with Knight", after a setup.
pub const EXAMPLE: crate::variants::WorkedExample = crate::variants::WorkedExample {
    fen: None,
    options: &[],
    moves: &[
        "@c4 @d5 @f3",
        "@c5 @e4 @f6",
        "B@c1 N@d2 R@a1",
        "B@c8 N@d7 R@a8",
        "Nd2-b3 Nb3+b4",
    ],
    caption: "After the setup (`@c4 @d5 @f3`, `@c5 @e4 @f6`, `B@c1 N@d2 R@a1`, `B@c8 N@d7 R@a8`), \
              White's turn `Nd2-b3 Nb3+b4` is the rules' \"move Knight, build a wall with Knight\": two \
              actions in one message.",
};

/// The Full setup with a Queen and two pawns, then a Queen's move and wall.
pub const EXAMPLE_FULL: crate::variants::WorkedExample = crate::variants::WorkedExample {
    fen: None,
    options: &[],
    moves: &[
        "@c4 @d5 @f3",
        "@c5 @e4 @f6",
        "Q@d1 P@c2 P@e2",
        "R@a8 N@b8 B@c8",
        "Qd1-d3 Qd3+d4",
    ],
    caption: "Full: White chose a Queen and two pawns (9+1+1 = 11, `Q@d1 P@c2 P@e2`), Black a Rook, \
              Knight and Bishop (5+3+3, `R@a8 N@b8 B@c8`); then White's turn `Qd1-d3 Qd3+d4` moves the \
              Queen and conjures a wall next to it.",
};

#[cfg(test)]
mod tests;
