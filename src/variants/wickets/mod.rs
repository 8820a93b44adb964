//! Chess with Wickets (variant `wickets`, `rules/chess-with-wickets.txt`, RULINGS K1-K9
//! and C1-C4): the game state, the turn with its follow-up questions (ball square,
//! throw, new Defender, cards, sacrifices), the wicket decision and the `Rules`
//! implementation.

pub mod cards;
pub mod eval;
pub mod fen;
pub mod notation;
pub mod position;
mod prompt;
pub mod view;

use self::cards::{Card, Deck};
use self::notation::{is_decline, strip_keyword};
use self::position::{Kind, Pos, WMove};
use crate::core::notation::echo;
use crate::core::view::{View, Viewer};
use crate::core::{Cell, Role, Side};
use crate::variants::fide::{self, Repetitions};
use crate::variants::{Ask, GameRng, Options, Outcome, PlayError, Played, Question, Rules};
use rand::Rng;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

/// How a ball thrown into a wicket is decided (K8), chosen before the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Method {
    Cards,
    Cards2,
    Dice,
    Dice2,
    Deterministic,
    Deterministic2,
}

impl Method {
    pub const ALL: [Method; 6] = [
        Method::Cards,
        Method::Cards2,
        Method::Dice,
        Method::Dice2,
        Method::Deterministic,
        Method::Deterministic2,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Method::Cards => "cards",
            Method::Cards2 => "cards2",
            Method::Dice => "dice",
            Method::Dice2 => "dice2",
            Method::Deterministic => "deterministic",
            Method::Deterministic2 => "deterministic2",
        }
    }

    pub fn parse(t: &str) -> Option<Method> {
        let t = t.trim().to_ascii_lowercase();
        Method::ALL.into_iter().find(|m| m.name() == t)
    }

    pub fn uses_cards(self) -> bool {
        matches!(self, Method::Cards | Method::Cards2)
    }
}

/// Reads the `decision` option; anything else is refused.
pub fn method_option(options: &Options) -> Result<Option<Method>, String> {
    if let Some(k) = options.keys().find(|k| k.as_str() != "decision") {
        return Err(format!(
            "Chess with Wickets has no option `{k}`; its only option is `decision` \
             (cards, cards2, dice, dice2, deterministic or deterministic2)."
        ));
    }
    match options.get("decision") {
        None => Ok(None),
        Some(v) => Method::parse(v).map(Some).ok_or_else(|| {
            format!(
                "The `decision` option is cards, cards2, dice, dice2, deterministic or \
                 deterministic2, not `{}`.",
                echo(v)
            )
        }),
    }
}

/// Where a wicket decision stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// The thrower plays a card.
    Lead,
    /// The defending side answers the thrower's card.
    Answer(Card),
    /// The thrower sacrifices this many pieces, or declines.
    Sacrifice(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// The defending Defender saw its wicket when the ball arrived (K8).
    pub seeing: bool,
    /// 1, or 2 for the second chance of cards2 and dice2.
    pub attempt: u8,
    pub step: Step,
}

/// The turn in progress while follow-up questions are open (K9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    pub mover: Side,
    /// The move with its throw: `Nc3-d5>w9`.
    pub head: String,
    /// The results printed in parentheses.
    pub results: Vec<String>,
    /// The cell of the captured ball-haver whose ball waits for its square (K5).
    pub place_ball: Option<Cell>,
    /// Cells that may throw now (the ball-haver; after castling also its partner).
    pub throwers: Vec<Cell>,
    /// Throw hops given in advance with the move.
    pub advance_throw: Vec<Cell>,
    /// The opponent must name a new Defender (K6).
    pub new_defender: bool,
    pub decision: Option<Decision>,
}

impl TurnState {
    fn record(&self) -> String {
        if self.results.is_empty() {
            self.head.clone()
        } else {
            format!("{} ({})", self.head, self.results.join("; "))
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WicketsGame {
    pos: Pos,
    method: Method,
    deck: Deck,
    turn: Option<TurnState>,
    reps: Repetitions,
    last: Vec<Cell>,
    /// The record of the current or last turn.
    record: String,
    outcome: Option<Outcome>,
}

fn refuse(s: impl Into<String>) -> PlayError {
    PlayError::Refused(s.into())
}

/// `Qd8`, or `d7` for a pawn.
pub fn label(role: Role, c: Cell) -> String {
    if role == Role::Pawn {
        c.to_string()
    } else {
        format!("{}{c}", role.letter())
    }
}

impl WicketsGame {
    pub fn from_pos(pos: Pos, method: Method) -> WicketsGame {
        let reps = Repetitions::new(pos.key());
        let mut g = WicketsGame {
            pos,
            method,
            deck: Deck::default(),
            turn: None,
            reps,
            last: Vec::new(),
            record: String::new(),
            outcome: None,
        };
        g.outcome = g.rules_outcome();
        g
    }

    pub fn pos(&self) -> &Pos {
        &self.pos
    }

    pub fn method(&self) -> Method {
        self.method
    }

    pub fn deck(&self) -> &Deck {
        &self.deck
    }

    pub fn turn_state(&self) -> Option<&TurnState> {
        self.turn.as_ref()
    }

    pub fn last_cells(&self) -> &[Cell] {
        &self.last
    }

    pub fn outcome_ref(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn rules_outcome(&self) -> Option<Outcome> {
        let us = self.pos.turn;
        if !self.pos.has_legal_move(2) {
            return Some(if self.pos.in_check(us) {
                Outcome::win(us.other(), "checkmate")
            } else {
                Outcome::draw("stalemate")
            });
        }
        // No automatic draw by material: a wicket can still be taken (X-WICKETS-6).
        fide::automatic_draw(&self.reps, self.pos.halfmoves).map(Outcome::draw)
    }

    /// The throws open now, as hop lists (castling relays have two hops).
    pub fn throw_options(&self) -> Vec<Vec<Cell>> {
        let Some(t) = &self.turn else {
            return Vec::new();
        };
        let Some(&haver) = t.throwers.first() else {
            return Vec::new();
        };
        let side = t.mover;
        let mut out: Vec<Vec<Cell>> = self
            .pos
            .throw_targets(haver, side)
            .into_iter()
            .map(|c| vec![c])
            .collect();
        if let Some(&partner) = t.throwers.get(1) {
            // K4: after castling the partner may throw instead (the ball is relayed).
            if self.pos.throw_targets(haver, side).contains(&partner) {
                let mut relay = self.clone();
                relay.move_ball(side, haver, partner);
                for c in relay.pos.throw_targets(partner, side) {
                    if c != haver {
                        out.push(vec![partner, c]);
                    }
                }
            }
        }
        out
    }

    /// Moves `side`'s ball from the piece on `from` to `to` (a piece or an empty cell).
    fn move_ball(&mut self, side: Side, from: Cell, to: Cell) {
        if let Some(m) = self.pos.men.get_mut(from) {
            m.ball = false;
        }
        match self.pos.men.get_mut(to) {
            Some(m) => m.ball = true,
            None => self.pos.lying[side.index()] = Some(to),
        }
    }

    /// A single hop that only the castling partner can reach is the relay.
    fn normalize_throw(&self, hops: &[Cell]) -> Vec<Cell> {
        let opts = self.throw_options();
        if hops.len() == 1 && !opts.iter().any(|o| o.as_slice() == hops) {
            if let Some(o) = opts.iter().find(|o| o.len() == 2 && o[1] == hops[0]) {
                return o.clone();
            }
        }
        hops.to_vec()
    }

    fn apply_throw(&mut self, hops: &[Cell], rng: &mut GameRng) {
        let Some(t) = &self.turn else { return };
        let mover = t.mover;
        let Some(&haver) = t.throwers.first() else {
            return;
        };
        let mut from = haver;
        for &h in hops {
            self.move_ball(mover, from, h);
            from = h;
        }
        self.last.push(from);
        let hop_text: String = hops.iter().map(|h| format!(">{h}")).collect();
        if let Some(t) = self.turn.as_mut() {
            t.head.push_str(&hop_text);
            t.throwers.clear();
            t.advance_throw.clear();
        }
        if from == Cell::Wicket(mover.other()) {
            self.start_decision(rng);
        }
    }

    /// K7-K8: the ball has entered the opponent's wicket.
    fn start_decision(&mut self, rng: &mut GameRng) {
        let Some(mover) = self.turn.as_ref().map(|t| t.mover) else {
            return;
        };
        let seeing = self.pos.defender_sees_wicket(mover.other());
        match self.method {
            Method::Deterministic | Method::Deterministic2 => {
                let n = if self.method == Method::Deterministic {
                    3
                } else {
                    2
                };
                if !seeing {
                    let s = self.success();
                    self.push_result(s);
                } else if self.pos.sacrificeable(mover).len() >= n {
                    self.set_decision(Some(Decision {
                        seeing,
                        attempt: 1,
                        step: Step::Sacrifice(n as u8),
                    }));
                } else {
                    self.push_result(format!(
                        "guarded, fewer than {n} pieces to sacrifice: missed"
                    ));
                }
            }
            Method::Dice | Method::Dice2 => {
                self.roll(seeing, 1, rng);
            }
            Method::Cards | Method::Cards2 => self.set_decision(Some(Decision {
                seeing,
                attempt: 1,
                step: Step::Lead,
            })),
        }
    }

    fn set_decision(&mut self, d: Option<Decision>) {
        if let Some(t) = self.turn.as_mut() {
            t.decision = d;
        }
    }

    fn push_result(&mut self, s: String) {
        if let Some(t) = self.turn.as_mut() {
            t.results.push(s);
        }
    }

    fn roll(&mut self, seeing: bool, attempt: u8, rng: &mut GameRng) {
        let Some(mover) = self.turn.as_ref().map(|t| t.mover) else {
            return;
        };
        let r: u8 = rng.gen_range(1..=6);
        let need = if seeing { 5 } else { 3 };
        if r >= need {
            let s = self.success();
            self.push_result(format!("dice {r}, needs {need}+: {s}"));
            self.set_decision(None);
        } else if self.method == Method::Dice2
            && attempt == 1
            && !self.pos.sacrificeable(mover).is_empty()
        {
            self.push_result(format!("dice {r}, needs {need}+: missed"));
            self.set_decision(Some(Decision {
                seeing,
                attempt: 2,
                step: Step::Sacrifice(1),
            }));
        } else {
            self.push_result(format!("dice {r}, needs {need}+: missed"));
            self.set_decision(None);
        }
    }

    /// The wicket is taken: the opponent's Defender leaves the board (K7).
    fn success(&mut self) -> String {
        self.set_decision(None);
        let Some(mover) = self.turn.as_ref().map(|t| t.mover) else {
            return String::new();
        };
        let opp = mover.other();
        let Some(d) = self.pos.defender(opp) else {
            return "wicket taken".to_string();
        };
        let Some(m) = self.pos.men.remove(d) else {
            return "wicket taken".to_string();
        };
        self.pos.halfmoves = 0;
        if let Cell::Board(s) = d {
            self.pos.castling.clear(s);
        }
        if m.piece.role == Role::King {
            self.outcome = Some(Outcome::win(
                mover,
                &format!("taking the wicket of {opp}'s King-Defender"),
            ));
        } else if let Some(t) = self.turn.as_mut() {
            t.new_defender = true;
        }
        format!("wicket taken, {} removed", label(m.piece.role, d))
    }

    /// Resolves automatic steps until a question is open or the turn ends.
    fn advance(&mut self, played: &mut Played, rng: &mut GameRng) {
        loop {
            if self.outcome.is_some() {
                if let Some(t) = self.turn.take() {
                    self.record = t.record();
                }
                if let Some(o) = &self.outcome {
                    if !played.events.iter().any(|e| e.contains("heckmate")) {
                        played.events.push(format!("{o}."));
                    }
                }
                return;
            }
            let Some(t) = self.turn.clone() else { return };
            self.record = t.record();
            if let Some(c) = t.place_ball {
                let opts = self.pos.ball_squares(c);
                match opts.as_slice() {
                    [] => {
                        // Only a mating capture has no square (K5); the game is over.
                        if let Some(t) = self.turn.as_mut() {
                            t.place_ball = None;
                        }
                        continue;
                    }
                    [one] => {
                        self.place_ball(*one);
                        continue;
                    }
                    _ => return,
                }
            }
            if t.new_defender {
                let opp = t.mover.other();
                if self.pos.defender_candidates(opp).is_empty() {
                    self.outcome = Some(Outcome::win(
                        t.mover,
                        &format!("{opp} having no piece left to be its Defender"),
                    ));
                    continue;
                }
                return;
            }
            if !t.throwers.is_empty() {
                let opts = self.throw_options();
                if opts.is_empty() {
                    if let Some(t) = self.turn.as_mut() {
                        t.throwers.clear();
                    }
                    continue;
                }
                if !t.advance_throw.is_empty() {
                    let hops = self.normalize_throw(&t.advance_throw);
                    if opts.contains(&hops) {
                        self.apply_throw(&hops, rng);
                        continue;
                    }
                    // X-WICKETS-3: an advance throw made illegal meanwhile is asked again.
                    if let Some(t) = self.turn.as_mut() {
                        t.advance_throw.clear();
                    }
                }
                return;
            }
            if t.decision.is_some() {
                return;
            }
            self.finish_turn(played);
            return;
        }
    }

    fn place_ball(&mut self, c: Cell) {
        let Some(t) = self.turn.as_mut() else { return };
        let owner = t.mover.other();
        t.place_ball = None;
        t.results.push(format!("ball {c}"));
        self.pos.lying[owner.index()] = Some(c);
    }

    /// The end of a turn: the opponent's situation (C1), repetition (C4).
    fn finish_turn(&mut self, played: &mut Played) {
        if let Some(t) = self.turn.take() {
            self.record = t.record();
        }
        self.reps.push(self.pos.key());
        self.outcome = self.rules_outcome();
        match &self.outcome {
            Some(Outcome::Win { reason, .. }) if reason == "checkmate" => {
                played.events.push("Checkmate.".to_string());
            }
            Some(o) => played.events.push(format!("{o}.")),
            None => {
                if self.pos.in_check(self.pos.turn) {
                    played.events.push("Check.".to_string());
                }
            }
        }
    }

    fn answer_move(&mut self, text: &str, played: &mut Played) -> Result<(), PlayError> {
        if is_decline(text) {
            return Err(refuse(self.decline_as_move()));
        }
        let typed = notation::parse_move(text)?;
        let legal = self.pos.legal_moves();
        let mv = notation::resolve(text, &typed.body, &legal)?;
        let mover = self.pos.turn;
        let haver_before = self.pos.ball_haver(mover);
        let throwers = self.throwers_after(&mv, haver_before);
        let effect = self.pos.apply(&mv);
        self.last = vec![mv.from, mv.to];
        if let Some(r) = mv.rook_to() {
            self.last.push(r);
        }
        let mut turn = TurnState {
            mover,
            head: mv.long(),
            results: Vec::new(),
            place_ball: None,
            throwers: if effect.picked_up {
                Vec::new()
            } else {
                throwers
            },
            advance_throw: typed.throw.clone(),
            new_defender: false,
            decision: None,
        };
        if let Some((cell, victim)) = effect.captured {
            turn.place_ball = victim.ball.then_some(cell);
            turn.new_defender = victim.defender;
        }
        if !typed.throw.is_empty() && turn.throwers.is_empty() {
            return Err(refuse(if effect.picked_up {
                "A piece that picks up its ball cannot throw in the same turn."
            } else {
                "Only the ball-haver throws, right after it moves."
            }));
        }
        if typed.decline {
            if turn.throwers.is_empty() {
                return Err(refuse(if effect.picked_up {
                    "A piece that picks up its ball cannot throw in the same turn, so there is \
                     nothing to decline: play the move without `decline`."
                        .to_string()
                } else {
                    format!(
                        "`decline` after a move keeps the ball of a ball-haver that moves; {} is \
                         not your ball-haver's move: play it without `decline`.",
                        mv.long()
                    )
                }));
            }
            // X-WICKETS-19: the throw is declined now; it will not be asked.
            turn.throwers.clear();
        }
        let mut action = mv.long();
        if !typed.throw.is_empty() {
            action.extend(typed.throw.iter().map(|h| format!(">{h}")));
        }
        if typed.decline {
            action.push_str(" decline");
        }
        if let Some(b) = typed.ball {
            let Some(c) = turn.place_ball else {
                return Err(refuse(
                    "This move does not take the ball-haver: there is no ball to place.",
                ));
            };
            if !self.pos.ball_squares(c).contains(&b) {
                return Err(refuse(format!(
                    "The ball must lie on an empty square next to {c}; {b} is not one."
                )));
            }
            action.push_str(&format!(" (ball {b})"));
        }
        played.action = action;
        // K5 and C1: a capture that mates ends the game at once, ball or no ball.
        if self.pos.is_mated(2) {
            self.outcome = Some(Outcome::win(mover, "checkmate"));
            self.record = turn.head.clone();
            played.events.push("Checkmate.".to_string());
            return Ok(());
        }
        self.turn = Some(turn);
        if let Some(b) = typed.ball {
            self.place_ball(b);
        }
        // An advance throw is checked now unless a ball square is still to be chosen.
        if !typed.throw.is_empty() {
            let mut probe = self.clone();
            if let Some(c) = probe.turn.as_ref().and_then(|t| t.place_ball) {
                if let [only] = probe.pos.ball_squares(c).as_slice() {
                    probe.place_ball(*only);
                }
            }
            let placed = probe.turn.as_ref().is_some_and(|t| t.place_ball.is_none());
            let hops = probe.normalize_throw(&typed.throw);
            if placed && !probe.throw_options().contains(&hops) {
                return Err(throw_refusal(
                    typed.throw.last().map_or(String::new(), |c| c.to_string()),
                ));
            }
        }
        Ok(())
    }

    /// Why `decline` alone is not a move, with legal examples of a move and of a
    /// ball-haver's move that keeps the ball (X-WICKETS-19).
    fn decline_as_move(&self) -> String {
        let legal = self.pos.legal_moves();
        let haver = self.pos.ball_haver(self.pos.turn);
        let plain = legal
            .iter()
            .find(|m| Some(m.from) != haver)
            .or(legal.first())
            .map(|m| m.long());
        let mut s =
            "`decline` answers a throw, card or sacrifice question, and none is asked now: \
                     it is your move"
                .to_string();
        if let Some(p) = plain {
            s.push_str(&format!(", e.g. `{p}`"));
        }
        s.push('.');
        if let Some(h) = legal.iter().find(|m| Some(m.from) == haver) {
            s.push_str(&format!(
                " To move your ball-haver and keep the ball, put `decline` after its move: `{} decline`.",
                h.long()
            ));
        }
        s
    }

    /// K4: who may throw after `mv`: the ball-haver that moved, and after castling
    /// with a ball-haver king or rook, both of them (the ball-haver first).
    fn throwers_after(&self, mv: &WMove, haver: Option<Cell>) -> Vec<Cell> {
        let Some(haver) = haver else {
            return Vec::new();
        };
        match mv.kind {
            Kind::Castle { rook } => {
                let (Some(k_to), Some(r_to)) = (Some(mv.to), mv.rook_to()) else {
                    return Vec::new();
                };
                if haver == mv.from {
                    vec![k_to, r_to]
                } else if haver == Cell::Board(rook) {
                    vec![r_to, k_to]
                } else {
                    Vec::new()
                }
            }
            _ if haver == mv.from => vec![mv.to],
            _ => Vec::new(),
        }
    }

    fn answer_ball(&mut self, text: &str) -> Result<String, PlayError> {
        let Some(c) = self.turn.as_ref().and_then(|t| t.place_ball) else {
            return Err(refuse("No ball is waiting for a square."));
        };
        let t = strip_keyword(text, "ball");
        let b = Cell::parse(t).ok_or_else(|| {
            refuse(format!(
                "Answer with the square where the ball lies, e.g. `{}`.",
                self.pos
                    .ball_squares(c)
                    .first()
                    .map_or("d4".to_string(), |c| c.to_string())
            ))
        })?;
        if !self.pos.ball_squares(c).contains(&b) {
            return Err(refuse(format!(
                "The ball must lie on an empty square next to {c}; {b} is not one."
            )));
        }
        self.place_ball(b);
        Ok(b.to_string())
    }

    fn answer_defender(&mut self, text: &str) -> Result<String, PlayError> {
        let Some(mover) = self.turn.as_ref().map(|t| t.mover) else {
            return Err(refuse("No Defender is asked for."));
        };
        let side = mover.other();
        let t = strip_keyword(text, "defender");
        // `Nf3`, `nf3` or `f3`: a third character in front names the piece.
        let (role, cell_text) = match t.chars().next() {
            Some(c) if t.len() == 3 && c.is_ascii_alphabetic() => (
                Some(Role::from_letter(c).ok_or_else(|| {
                    refuse(format!("`{}` is not a piece letter.", echo(&c.to_string())))
                })?),
                &t[1..],
            ),
            _ => (None, t),
        };
        let c = Cell::parse(cell_text.trim())
            .ok_or_else(|| refuse("Name the new Defender by its square, e.g. `defender Nf3`."))?;
        let Some(m) = self.pos.man(c).filter(|m| m.piece.side == side) else {
            return Err(refuse(format!("You have no piece on {c}.")));
        };
        if role.is_some_and(|r| r != m.piece.role) {
            return Err(refuse(format!(
                "The piece on {c} is not a {}.",
                role.map_or("", |r| r.name())
            )));
        }
        if m.ball {
            return Err(refuse("The ball-haver cannot also be the Defender (K6)."));
        }
        if let Some(x) = self.pos.men.get_mut(c) {
            x.defender = true;
        }
        let l = label(m.piece.role, c);
        if let Some(t) = self.turn.as_mut() {
            t.new_defender = false;
            t.results.push(format!("defender {l}"));
        }
        Ok(format!("defender {l}"))
    }

    fn answer_throw(&mut self, text: &str, rng: &mut GameRng) -> Result<String, PlayError> {
        if is_decline(text) {
            if let Some(t) = self.turn.as_mut() {
                t.throwers.clear();
            }
            return Ok("decline".to_string());
        }
        let t = text.trim().trim_start_matches('>');
        let mut hops = Vec::new();
        for h in t.split('>') {
            hops.push(Cell::parse(h.trim()).ok_or_else(|| {
                refuse(format!(
                    "`{}` is not a square; throw with a square like `f6` or `w9`, or `decline`.",
                    echo(h)
                ))
            })?);
        }
        let hops = self.normalize_throw(&hops);
        if !self.throw_options().contains(&hops) {
            return Err(throw_refusal(
                hops.last().map_or(String::new(), |c| c.to_string()),
            ));
        }
        self.apply_throw(&hops, rng);
        Ok(hops
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(">"))
    }

    fn answer_card(
        &mut self,
        side: Side,
        text: &str,
        played: &mut Played,
        rng: &mut GameRng,
    ) -> Result<String, PlayError> {
        let Some(d) = self.turn.as_ref().and_then(|t| t.decision) else {
            return Err(refuse("No card is asked for."));
        };
        if d.step == Step::Lead && d.attempt == 2 && is_decline(text) {
            self.push_result("no second try".to_string());
            self.set_decision(None);
            return Ok("decline".to_string());
        }
        let t = strip_keyword(text, "card");
        let card = Card::parse(t).ok_or_else(|| {
            refuse("Play a card from your hand like `card 7c` (suits c d h s, ranks A or 1 to 10).")
        })?;
        if !self.deck.hand(side).contains(&card) {
            return Err(refuse(format!(
                "You do not hold {card}; `/hand` shows your cards."
            )));
        }
        if let Step::Answer(lead) = d.step {
            let can_follow = self.deck.hand(side).iter().any(|c| c.suit == lead.suit);
            if can_follow && card.suit != lead.suit {
                return Err(refuse(format!(
                    "You must follow suit: play a card of suit {}.",
                    lead.suit
                )));
            }
        }
        self.deck.play(side, card, rng);
        played.private.push((side, self.deck.hand_text(side)));
        match d.step {
            Step::Lead => self.set_decision(Some(Decision {
                step: Step::Answer(card),
                ..d
            })),
            Step::Answer(lead) => {
                let bonus = if d.seeing { 5 } else { 0 };
                let (a, b) = (2 * lead.rank as u32, 2 * card.rank as u32 + bonus);
                let plus = if d.seeing { "+2.5" } else { "" };
                let shown = format!("cards {lead} vs {card}{plus}");
                if a > b {
                    let s = self.success();
                    self.push_result(format!("{shown}: {s}"));
                } else if a == b {
                    self.push_result(format!("{shown}: tie"));
                    self.set_decision(Some(Decision {
                        step: Step::Lead,
                        ..d
                    }));
                } else if self.method == Method::Cards2 && d.attempt == 1 {
                    self.push_result(format!("{shown}: missed"));
                    self.set_decision(Some(Decision {
                        step: Step::Lead,
                        attempt: 2,
                        ..d
                    }));
                } else {
                    self.push_result(format!("{shown}: missed"));
                    self.set_decision(None);
                }
            }
            Step::Sacrifice(_) => {}
        }
        Ok(format!("card {card}"))
    }

    fn answer_sacrifice(&mut self, text: &str, rng: &mut GameRng) -> Result<String, PlayError> {
        let Some((mover, d)) = self
            .turn
            .as_ref()
            .and_then(|t| t.decision.map(|d| (t.mover, d)))
        else {
            return Err(refuse("No sacrifice is asked for."));
        };
        let Step::Sacrifice(n) = d.step else {
            return Err(refuse("No sacrifice is asked for."));
        };
        if is_decline(text) {
            self.push_result("declined: missed".to_string());
            self.set_decision(None);
            return Ok("decline".to_string());
        }
        let t = strip_keyword(text, "sacrifice");
        let allowed = self.pos.sacrificeable(mover);
        let mut cells: Vec<Cell> = Vec::new();
        for w in t.split([' ', ',']).filter(|w| !w.is_empty()) {
            let w = w.trim_start_matches(['P', 'N', 'B', 'R', 'Q', 'K']);
            let c = Cell::parse(w).ok_or_else(|| {
                refuse(format!(
                    "`{}` is not a square; write `sacrifice a2 b2`.",
                    echo(w)
                ))
            })?;
            if !allowed.contains(&c) {
                return Err(refuse(format!(
                    "{c} is not one of your pieces that may be sacrificed (not the King, not the Defender)."
                )));
            }
            if cells.contains(&c) {
                return Err(refuse(format!("{c} is named twice.")));
            }
            cells.push(c);
        }
        if cells.len() != n as usize {
            return Err(refuse(format!(
                "Name exactly {n} piece(s) to sacrifice, or `decline`."
            )));
        }
        cells.sort();
        let mut labels = Vec::new();
        for c in &cells {
            if let Some(m) = self.pos.men.remove(*c) {
                labels.push(label(m.piece.role, *c));
                if m.ball {
                    self.pos.lying[mover.index()] = None;
                }
            }
            if let Cell::Board(s) = c {
                self.pos.castling.clear(*s);
            }
        }
        self.pos.halfmoves = 0;
        let sac = format!("sacrifice {}", labels.join(" "));
        if self.method == Method::Dice2 {
            self.push_result(sac);
            // X-WICKETS-18: the second roll is a new decision; the sacrifice may have
            // opened or closed the Defender's view of its wicket.
            let seeing = self.pos.defender_sees_wicket(mover.other());
            self.roll(seeing, 2, rng);
        } else {
            let s = self.success();
            self.push_result(format!("{sac}: {s}"));
        }
        Ok(format!(
            "sacrifice {}",
            cells
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ))
    }

    /// A perft node's children within the same turn are the mover's own choices.
    fn perft_turn(&self, depth: u32) -> u64 {
        let Some(ask) = self.ask() else {
            return 0;
        };
        let mover_turn = self.turn.as_ref().map(|t| t.mover);
        match ask.question {
            Question::Move if mover_turn.is_none() => {
                if depth == 0 {
                    return 1;
                }
                self.legal_moves_now()
                    .iter()
                    .map(|m| self.perft_child(&m.long(), depth))
                    .sum()
            }
            Question::BallSquare | Question::Throw => self
                .legal_texts()
                .iter()
                .map(|t| self.perft_child(t, depth))
                .sum(),
            // A decision or the opponent's choice of Defender ends the count (leaf).
            _ => 1,
        }
    }

    fn perft_child(&self, text: &str, depth: u32) -> u64 {
        // A throw into the wicket leads to chance or a decision: a leaf.
        if self.ask().is_some_and(|a| a.question == Question::Throw)
            && text.ends_with("w0") | text.ends_with("w9")
        {
            return 1;
        }
        let mut next = self.clone();
        let mut rng = GameRng::seed_from_u64(0);
        let side = match self.ask() {
            Some(a) => a.side,
            None => return 0,
        };
        if next.play(side, text, &mut rng).is_err() {
            return 0;
        }
        match next.turn.as_ref() {
            None => {
                if depth <= 1 {
                    1
                } else if next.outcome.is_some() {
                    0
                } else {
                    next.perft_turn(depth - 1)
                }
            }
            Some(_) => next.perft_turn(depth),
        }
    }

    fn legal_moves_now(&self) -> Vec<WMove> {
        if self.outcome.is_some() || self.turn.is_some() {
            return Vec::new();
        }
        self.pos.legal_moves()
    }
}

impl Rules for WicketsGame {
    fn new(options: &Options, rng: &mut GameRng) -> Result<Self, String> {
        let method = method_option(options)?.unwrap_or(Method::Cards);
        let mut g = WicketsGame::from_pos(Pos::start(), method);
        if method.uses_cards() {
            g.deck = Deck::deal(rng);
        }
        Ok(g)
    }

    fn from_fen(fen: &str, options: &Options) -> Result<Self, String> {
        let asked = method_option(options)?;
        let (pos, rest) = fen::read(fen)?;
        let mut rest = rest.into_iter();
        let method = match rest.next() {
            None => asked.unwrap_or(Method::Cards),
            Some(m) => {
                let m = Method::parse(&m).ok_or_else(|| {
                    format!("invalid FEN: `{}` is not a decision method", echo(&m))
                })?;
                if asked.is_some_and(|a| a != m) {
                    return Err(
                        "invalid FEN: its decision method differs from the `decision` option"
                            .into(),
                    );
                }
                m
            }
        };
        let mut g = WicketsGame::from_pos(pos, method);
        if let Some(p) = rest.next() {
            g.turn = Some(fen::read_pending(&p, &g.pos)?);
            g.outcome = None;
        }
        if rest.next().is_some() {
            return Err("invalid FEN: too many fields".into());
        }
        Ok(g)
    }

    fn fen(&self) -> String {
        let mut s = format!("{} {}", fen::write(&self.pos), self.method.name());
        if let Some(t) = &self.turn {
            s.push(' ');
            s.push_str(&fen::write_pending(t));
        }
        s
    }

    fn ask(&self) -> Option<Ask> {
        if self.outcome.is_some() {
            return None;
        }
        let Some(t) = &self.turn else {
            return Some(Ask {
                side: self.pos.turn,
                question: Question::Move,
            });
        };
        let (side, question) = if t.place_ball.is_some() {
            (t.mover, Question::BallSquare)
        } else if t.new_defender {
            (t.mover.other(), Question::NewDefender)
        } else if !t.throwers.is_empty() {
            (t.mover, Question::Throw)
        } else {
            match t.decision.map(|d| d.step) {
                Some(Step::Lead) => (t.mover, Question::Card),
                Some(Step::Answer(_)) => (t.mover.other(), Question::Card),
                Some(Step::Sacrifice(_)) => (t.mover, Question::Sacrifice),
                None => (self.pos.turn, Question::Move),
            }
        };
        Some(Ask { side, question })
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn legal_texts(&self) -> Vec<String> {
        let Some(ask) = self.ask() else {
            return Vec::new();
        };
        let Some(t) = &self.turn else {
            return self.pos.legal_moves().iter().map(|m| m.long()).collect();
        };
        match ask.question {
            Question::BallSquare => t
                .place_ball
                .map(|c| self.pos.ball_squares(c))
                .unwrap_or_default()
                .iter()
                .map(|c| c.to_string())
                .collect(),
            Question::NewDefender => self
                .pos
                .defender_candidates(ask.side)
                .into_iter()
                .filter_map(|c| {
                    self.pos
                        .man(c)
                        .map(|m| format!("defender {}", label(m.piece.role, c)))
                })
                .collect(),
            Question::Throw => {
                let mut v: Vec<String> = self
                    .throw_options()
                    .iter()
                    .map(|h| {
                        h.iter()
                            .map(|c| c.to_string())
                            .collect::<Vec<_>>()
                            .join(">")
                    })
                    .collect();
                v.push("decline".to_string());
                v
            }
            Question::Card => {
                let Some(d) = t.decision else {
                    return Vec::new();
                };
                let hand = self.deck.hand(ask.side);
                let mut v: Vec<String> = match d.step {
                    Step::Answer(lead) if hand.iter().any(|c| c.suit == lead.suit) => hand
                        .iter()
                        .filter(|c| c.suit == lead.suit)
                        .map(|c| format!("card {c}"))
                        .collect(),
                    _ => hand.iter().map(|c| format!("card {c}")).collect(),
                };
                if d.step == Step::Lead && d.attempt == 2 {
                    v.push("decline".to_string());
                }
                v
            }
            Question::Sacrifice => {
                let Some(Step::Sacrifice(n)) = t.decision.map(|d| d.step) else {
                    return Vec::new();
                };
                let cells = self.pos.sacrificeable(t.mover);
                let mut v: Vec<String> = combinations(&cells, n as usize)
                    .into_iter()
                    .map(|c| {
                        format!(
                            "sacrifice {}",
                            c.iter()
                                .map(|x| x.to_string())
                                .collect::<Vec<_>>()
                                .join(" ")
                        )
                    })
                    .collect();
                v.push("decline".to_string());
                v
            }
            _ => self.pos.legal_moves().iter().map(|m| m.long()).collect(),
        }
    }

    fn play(&mut self, side: Side, text: &str, rng: &mut GameRng) -> Result<Played, PlayError> {
        let ask = self.ask().ok_or(PlayError::Finished)?;
        if ask.side != side {
            return Err(PlayError::NotYourTurn);
        }
        if text.chars().count() > 80 {
            return Err(refuse("That is far too long to be an answer."));
        }
        let mut played = Played::default();
        if self.method.uses_cards() && !self.deck.dealt {
            // A game set up from a FEN deals at its first answer.
            self.deck = Deck::deal(rng);
            for s in Side::BOTH {
                played.private.push((s, self.deck.hand_text(s)));
            }
        }
        match ask.question {
            Question::Move => self.answer_move(text, &mut played)?,
            Question::BallSquare => played.action = self.answer_ball(text)?,
            Question::NewDefender => played.action = self.answer_defender(text)?,
            Question::Throw => played.action = self.answer_throw(text, rng)?,
            Question::Card => played.action = self.answer_card(side, text, &mut played, rng)?,
            Question::Sacrifice => played.action = self.answer_sacrifice(text, rng)?,
            _ => {
                return Err(refuse(
                    "That question does not exist in Chess with Wickets.",
                ))
            }
        }
        self.advance(&mut played, rng);
        played.printed = match &self.turn {
            Some(t) => t.record(),
            None => self.record.clone(),
        };
        Ok(played)
    }

    fn view(&self, viewer: Viewer) -> View {
        view::build(self, viewer)
    }

    fn prompt(&self, ask: &Ask) -> String {
        self.question_prompt(ask)
    }

    fn evaluate(&self, side: Side) -> i32 {
        eval::evaluate(self, side)
    }

    fn determinise(&self, viewer: Side, rng: &mut GameRng) -> Self {
        eval::determinise(self, viewer, rng)
    }

    fn secret(&self, side: Side) -> Option<String> {
        if !self.method.uses_cards() {
            return None;
        }
        if !self.deck.dealt {
            return Some("The cards are dealt at the first move.".to_string());
        }
        Some(self.deck.hand_text(side))
    }

    fn uses_randomness(&self) -> bool {
        // Card deals and dice; the deterministic decisions draw nothing.
        !matches!(self.method, Method::Deterministic | Method::Deterministic2)
    }

    fn claimable_draw(&self) -> Option<String> {
        if self.turn.is_some() {
            return None;
        }
        fide::claimable_draw(&self.reps, self.pos.halfmoves)
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome.is_some() {
            return 0;
        }
        self.perft_turn(depth)
    }

    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let texts = self.legal_texts();
        match self.ask().map(|a| a.question) {
            Some(Question::Move) | Some(Question::BallSquare) | Some(Question::Throw) => texts
                .into_iter()
                .map(|t| {
                    let n = self.perft_child(&t, depth.max(1));
                    (t, n)
                })
                .collect(),
            _ => texts.into_iter().map(|t| (t, 1)).collect(),
        }
    }
}

/// K4 in one line, for a throw that is not allowed.
fn throw_refusal(to: String) -> PlayError {
    refuse(format!(
        "The ball cannot be thrown to {to}: a throw goes along a queen line over empty squares \
         to one of your pieces other than the Defender, or to an empty square (not your own wicket)."
    ))
}

fn combinations(cells: &[Cell], n: usize) -> Vec<Vec<Cell>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, c) in cells.iter().enumerate() {
        for mut rest in combinations(&cells[i + 1..], n - 1) {
            rest.insert(0, *c);
            out.push(rest);
        }
    }
    out
}

/// A ball-haver's move with its throw (K4): the ball then lies on the square.
pub const EXAMPLE: crate::variants::WorkedExample = crate::variants::WorkedExample {
    fen: None,
    options: &[("decision", "dice")],
    moves: &["e4", "e5", "Ke1-e2>h5"],
    caption:
        "After `e4`, `e5`, `Ke1-e2>h5`: the King, White's ball-haver, moved and threw its ball \
              along a queen line to h5, where it lies until a White piece picks it up. \
              `Ke1-e2 decline` would have kept the ball.",
};

#[cfg(test)]
mod tests;
