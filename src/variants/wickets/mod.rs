//! Chess with Wickets (variant `wickets`, `rules/chess-with-wickets.txt`, RULINGS K1-K9
//! and C1-C4): the game state, the turn with its follow-up questions (ball square,
//! throw, new Defender, cards, sacrifices), the wicket decision and the `Rules`
//! implementation.

mod answers;
pub mod cards;
mod effects;
pub mod eval;
pub mod fen;
pub mod notation;
pub mod position;
mod prompt;
mod steps;
pub mod view;

use self::cards::{Card, Deck};
use self::notation::{is_decline, strip_keyword};
use self::position::{Kind, Pos, WMove};
use crate::core::notation::echo;
use crate::core::view::{View, Viewer};
use crate::core::{Cell, Role, Side};
use crate::i18n::{Lang, Msg};
use crate::variants::fide::{self, Repetitions};
use crate::variants::picker;
use crate::variants::{
    check_options, Ask, Choice, GameRng, OptionDecl, Options, Outcome, PlayError, Played, Question,
    Rules,
};
use crate::variants::{Export, Presentation, Tuning};
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

/// The `decision` option (K8): how a ball thrown into a wicket is decided. The values
/// are [`Method::name`]s.
pub const DECISION: OptionDecl = OptionDecl {
    name: "decision",
    description: "how a ball thrown into a wicket is decided",
    choices: &[
        Choice {
            value: "cards",
            description: "both play a card, the higher wins",
        },
        Choice {
            value: "cards2",
            description: "cards, with a second try after a failure",
        },
        Choice {
            value: "dice",
            description: "a roll of 3+, or 5+ when their Defender sees its wicket",
        },
        Choice {
            value: "dice2",
            description: "dice, with a second roll for 1 sacrificed piece",
        },
        Choice {
            value: "deterministic",
            description: "it scores if unguarded; if guarded, for 3 sacrificed pieces",
        },
        Choice {
            value: "deterministic2",
            description: "it scores if unguarded; if guarded, for 2 sacrificed pieces",
        },
    ],
    default: "cards",
};

/// Reads the `decision` option once [`check_options`] has checked the options; `None`
/// when not given.
pub fn method_option(options: &Options) -> Result<Option<Method>, Msg> {
    check_options(WicketsGame::NAME, WicketsGame::OPTIONS, options)?;
    Ok(DECISION.given(options).and_then(Method::parse))
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
    /// The opponent names the new Defender (K6).
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

fn refuse(s: Msg) -> PlayError {
    PlayError::Refused(s)
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
    /// The game a FEN gives (`asked`: the `decision` option, when given).
    fn read_fen(fen: &str, asked: Option<Method>) -> Result<WicketsGame, String> {
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
        let us = self.pos.fide.turn;
        if !self.pos.has_legal_move(2) {
            return Some(if self.pos.in_check(us) {
                Outcome::win(us.other(), crate::i18n::Msg::new("reason-checkmate"))
            } else {
                Outcome::draw(crate::i18n::Msg::new("reason-stalemate"))
            });
        }
        // No automatic draw by material: a wicket can still be taken (X-WICKETS-6).
        fide::automatic_draw(&self.reps, self.pos.fide.halfmoves).map(Outcome::draw)
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

impl WicketsGame {
    /// The cards `side` may play at the decision of `t` (following suit when it can),
    /// and `decline` when a second attempt's lead may be declined.
    fn card_texts(&self, side: Side, t: &TurnState) -> Vec<String> {
        let Some(d) = t.decision else {
            return Vec::new();
        };
        let hand = self.deck.hand(side);
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

    /// Every set of pieces the mover of `t` may sacrifice, and `decline`.
    fn sacrifice_texts(&self, t: &TurnState) -> Vec<String> {
        let Some(Step::Sacrifice(n)) = t.decision.map(|d| d.step) else {
            return Vec::new();
        };
        let cells = self.pos.sacrificeable(t.mover);
        or_decline(combinations(&cells, n as usize), "sacrifice ", " ")
    }
}

impl Rules for WicketsGame {
    const NAME: &'static str = "Chess with Wickets";

    const OPTIONS: &'static [OptionDecl] = &[DECISION];

    fn new(options: &Options, rng: &mut GameRng) -> Result<Self, Msg> {
        let method = method_option(options)?.unwrap_or(Method::Cards);
        let mut g = WicketsGame::from_pos(Pos::start(), method);
        if method.uses_cards() {
            g.deck = Deck::deal(rng);
        }
        Ok(g)
    }

    fn from_fen(fen: &str, options: &Options) -> Result<Self, Msg> {
        let asked = method_option(options)?;
        WicketsGame::read_fen(fen, asked).map_err(crate::variants::fen_error)
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
                side: self.pos.fide.turn,
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
                None => (self.pos.fide.turn, Question::Move),
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
            Question::Throw => or_decline(self.throw_options(), "", ">"),
            Question::Card => self.card_texts(ask.side, t),
            Question::Sacrifice => self.sacrifice_texts(t),
            _ => self.pos.legal_moves().iter().map(|m| m.long()).collect(),
        }
    }

    fn play(&mut self, side: Side, text: &str, rng: &mut GameRng) -> Result<Played, PlayError> {
        let ask = self.ask().ok_or(PlayError::Finished)?;
        if ask.side != side {
            return Err(PlayError::NotYourTurn);
        }
        if text.chars().count() > 80 {
            return Err(refuse(Msg::new("wickets-too-long")));
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
            _ => return Err(refuse(Msg::new("wickets-no-such-question"))),
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

    fn secret(&self, side: Side) -> Option<Msg> {
        if !self.method.uses_cards() {
            return None;
        }
        if !self.deck.dealt {
            return Some(Msg::new("wickets-cards-later"));
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
        fide::claimable_draw(&self.reps, self.pos.fide.halfmoves)
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

impl Presentation for WicketsGame {
    const RULES: &'static str = "rules-wickets";

    const EXAMPLE: Option<crate::variants::WorkedExample> = Some(EXAMPLE);

    fn legend() -> Vec<crate::core::view::LegendEntry> {
        view::legend()
    }

    fn picker_steps(&self, answer: &str, lang: Lang) -> Vec<picker::Step> {
        WicketsGame::picker_steps(self, answer, lang)
    }

    fn prompt(&self, ask: &Ask) -> Msg {
        self.question_prompt(ask)
    }
}

impl Export for WicketsGame {}

impl Tuning for WicketsGame {
    crate::variants::tuning::tuning_from_eval!(eval);

    fn level_plan(&self, level: u8) -> Option<crate::variants::LevelPlan> {
        // The tree search's strength barely grows with its iterations here (the
        // ladder in docs/engine.md): the levels are spaced by drawn answers.
        // A random sound answer played as the draw below it (64 points apart), so
        // level 5 searches and draws half its answers.
        use crate::variants::LevelPlan;
        Some(LevelPlan::sampled(
            level,
            [800.0, 300.0, 170.0],
            [
                LevelPlan::straying(6, 0.5),
                LevelPlan::straying(6, 0.25),
                LevelPlan::straying(6, 0.06),
            ],
        ))
    }
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
    caption: "caption-wickets",
};

/// Each group of cells written as `prefix` and the cells joined by `sep`, then
/// `decline`: the texts of an answer that may be declined.
fn or_decline(groups: Vec<Vec<Cell>>, prefix: &str, sep: &str) -> Vec<String> {
    let mut v: Vec<String> = groups
        .iter()
        .map(|g| {
            let cells: Vec<String> = g.iter().map(|c| c.to_string()).collect();
            format!("{prefix}{}", cells.join(sep))
        })
        .collect();
    v.push("decline".to_string());
    v
}

#[cfg(test)]
mod tests;
