//! Wand Chess (variant `wand`, `rules/wand-chess.md`, RULINGS W1-W24 and C1-C4):
//! the game state, turn flow, outcomes and the `Rules` implementation.

pub mod effects;
pub mod eval;
pub mod kind;
pub mod movegen;
pub mod notation;
pub mod state;
mod turn;
pub mod view;

use self::movegen::Turn;
use self::notation::{turn_text, zap_text, Input, Typed};
use self::state::{wand_list, Pos, WandMode, WandState};
use crate::core::notation::{resolve_syntax, MoveSyntax, NotationError};
use crate::core::view::{View, Viewer};
use crate::core::{Move, Side, Square};
use crate::i18n::{Lang, Msg};
use crate::variants::fide::{self, Repetitions};
use crate::variants::picker::Step;
use crate::variants::{
    check_options, Ask, Choice, GameRng, OptionDecl, Options, Outcome, PlayError, Played, Question,
    Rules,
};
use crate::variants::{Export, Presentation, Tuning};
pub use kind::WandKind;
use rand::Rng;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

/// A zap whose target waits for its teleport destination (W6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub zapper: Square,
    pub target: Square,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WandGame {
    /// Boxed: the 64 squares of piece state would make every game variant as large.
    pos: Box<Pos>,
    mode: WandMode,
    pending: Option<Pending>,
    reps: Repetitions,
    /// Squares of the last turn, for the picture.
    last: Vec<Square>,
    outcome: Option<Outcome>,
}

/// The `wands` option (W22-W23): when the kinds of the wands are drawn.
pub const WANDS: OptionDecl = OptionDecl {
    name: "wands",
    description: "when the kinds of the wands are drawn",
    choices: &[
        Choice {
            value: "rolled",
            description: "each kind is drawn when its wand is first identified",
        },
        Choice {
            value: "moderated",
            description: "every kind is drawn at the start; you learn yours by DM (`/hand`)",
        },
    ],
    default: "rolled",
};

/// Reads the `wands` option (W22-W23) once [`check_options`] has checked the options;
/// `None` when not given.
pub fn mode_option(options: &Options) -> Result<Option<WandMode>, Msg> {
    check_options(WandGame::NAME, WandGame::OPTIONS, options)?;
    Ok(WANDS.given(options).and_then(WandMode::parse))
}

impl WandGame {
    /// The position a FEN gives (`asked`: the `wands` option, when given).
    fn read_fen(fen: &str, asked: Option<WandMode>) -> Result<WandGame, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let six = fields.iter().take(6).copied().collect::<Vec<_>>().join(" ");
        let mode = match fields.get(6) {
            None => asked.unwrap_or(WandMode::Rolled),
            Some(m) => {
                let m = WandMode::parse(m).ok_or_else(|| {
                    format!("invalid FEN: the wand mode must be `rolled` or `moderated`, not `{m}`")
                })?;
                if asked.is_some_and(|a| a != m) {
                    return Err("invalid FEN: its wand mode differs from the `wands` option".into());
                }
                m
            }
        };
        let pos = Pos::from_fen_parts(&six, fields.get(7).copied(), mode)?;
        let mut g = WandGame::from_pos(pos, mode);
        if let Some(extra) = fields.get(8) {
            let spec = extra
                .strip_prefix("teleport=")
                .ok_or_else(|| format!("invalid FEN: unexpected field `{extra}`"))?;
            let (a, b) = spec.split_once('>').ok_or_else(|| {
                "invalid FEN: a pending teleport is written teleport=e4>d5".to_string()
            })?;
            let zapper = Square::parse(a).ok_or_else(|| crate::variants::fen_square(a))?;
            let target = Square::parse(b).ok_or_else(|| crate::variants::fen_square(b))?;
            if g.pos.unit(target).is_none() || zapper.distance(target) > 1 {
                return Err("invalid FEN: the pending teleport needs a piece on its target next to the zapper".into());
            }
            g.pending = Some(Pending { zapper, target });
            g.outcome = g.king_loss();
        }
        if fields.len() > 9 {
            return Err("invalid FEN: too many fields".into());
        }
        Ok(g)
    }

    pub fn from_pos(pos: Pos, mode: WandMode) -> WandGame {
        let reps = Repetitions::new(pos.key());
        let mut g = WandGame {
            pos: Box::new(pos),
            mode,
            pending: None,
            reps,
            last: Vec::new(),
            outcome: None,
        };
        g.outcome = g.rules_outcome();
        g
    }

    pub fn pos(&self) -> &Pos {
        &self.pos
    }

    pub fn mode(&self) -> WandMode {
        self.mode
    }

    pub fn pending(&self) -> Option<Pending> {
        self.pending
    }

    pub fn last_squares(&self) -> &[Square] {
        &self.last
    }

    pub fn outcome_ref(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The legal turns now (empty while a teleport square is asked).
    pub fn legal_turns(&self) -> Vec<Turn> {
        if self.outcome.is_some() || self.pending.is_some() {
            return Vec::new();
        }
        self.pos.legal_turns()
    }

    /// W16: a side without a king has lost.
    fn king_loss(&self) -> Option<Outcome> {
        Side::BOTH.into_iter().find_map(|side| {
            self.pos.kings(side).is_empty().then(|| {
                Outcome::win(
                    side.other(),
                    Msg::new("reason-last-king").with("side", crate::variants::side_msg(side)),
                )
            })
        })
    }

    fn rules_outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.king_loss() {
            return Some(o);
        }
        if self.pending.is_some() {
            return None;
        }
        let us = self.pos.fide.turn;
        let masks = self.pos.masks();
        if !self.pos.has_any_turn(us, &masks) {
            // W18/W19: no move and no zap.
            return Some(if self.pos.single_king_attacked(us, &masks) {
                Outcome::win(us.other(), crate::i18n::Msg::new("reason-checkmate"))
            } else {
                Outcome::draw(crate::i18n::Msg::new("reason-stalemate"))
            });
        }
        if let Some(reason) = fide::automatic_draw(&self.reps, self.pos.fide.halfmoves) {
            return Some(Outcome::draw(reason));
        }
        // W24: insufficient material only once no wand can be zapped any more.
        if !self.pos.any_wand_left() && self.pos.as_position().is_insufficient_material() {
            return Some(Outcome::draw(crate::i18n::Msg::new(
                "reason-insufficient-material",
            )));
        }
        None
    }

    fn is_random_zap(&self, t: &Turn) -> bool {
        match *t {
            Turn::Zap { from, to } => {
                self.pos
                    .unit(from)
                    .is_some_and(|u| u.wand != WandState::Unknown)
                    || self.pos.unit(to).is_some()
            }
            _ => false,
        }
    }

    fn resolve(&self, text: &str, typed: &Typed, legal: &[Turn]) -> Result<Turn, PlayError> {
        match &typed.input {
            None => Err(PlayError::Refused(Msg::new("wand-square-alone"))),
            Some(Input::Square(_)) => Err(PlayError::Refused(Msg::new("wand-no-teleport-asked"))),
            Some(Input::Zap { from, to }) => {
                let t = Turn::Zap {
                    from: *from,
                    to: *to,
                };
                if legal.contains(&t) {
                    Ok(t)
                } else {
                    Err(self.zap_refusal(text, *from, *to, legal))
                }
            }
            Some(Input::Single(s)) => {
                let singles: Vec<Move> = legal
                    .iter()
                    .filter_map(|t| match t {
                        Turn::Move(m) => Some(*m),
                        _ => None,
                    })
                    .collect();
                match resolve_syntax(text, s, &singles) {
                    Ok(m) => Ok(Turn::Move(m)),
                    Err(NotationError::Illegal { input, .. }) => {
                        Err(self.disabled_refusal(text, s).unwrap_or_else(|| {
                            NotationError::Illegal {
                                input,
                                suggestions: crate::core::notation::suggestions(
                                    text,
                                    legal.iter().map(turn_text),
                                ),
                            }
                            .into()
                        }))
                    }
                    Err(e) => Err(e.into()),
                }
            }
            Some(Input::Double(a, b)) => {
                notation::resolve_double(text, a, b, legal).map_err(|e| match e {
                    NotationError::Illegal { .. } => self
                        .whole_turn_capture(text, [a, b])
                        .unwrap_or_else(|| e.into()),
                    e => e.into(),
                })
            }
        }
    }

    /// The question in words with legal examples: a move, a zap (at an enemy piece
    /// when one stands next to a zapper) and a fast double move when there is one.
    fn question_prompt(&self, ask: &Ask) -> Msg {
        if let Some(p) = self.pending {
            let squares = self.legal_texts();
            let what = self.pos.unit(p.target).map_or(
                Msg::new("wand-the-piece-on").with("square", p.target.to_string()),
                |u| {
                    Msg::new("wand-the-role-on")
                        .with("role", crate::variants::role_word(u.role))
                        .with("square", p.target.to_string())
                },
            );
            return match crate::variants::example(&squares) {
                Some(ex) => Msg::new("wand-prompt-teleport-example")
                    .with("what", what.clone())
                    .with("example", ex)
                    .with("count", squares.len().to_string()),
                None => Msg::new("wand-prompt-teleport").with("what", what.clone()),
            };
        }
        let turns = self.legal_turns();
        let texts_of = |f: &dyn Fn(&Turn) -> bool| -> Vec<String> {
            turns.iter().filter(|t| f(t)).map(turn_text).collect()
        };
        let moves = texts_of(&|t| matches!(t, Turn::Move(_)));
        let them = ask.side.other();
        let mut zaps = texts_of(&|t| match *t {
            Turn::Zap { from, to } => {
                from != to && self.pos.unit(to).is_some_and(|u| u.side == them)
            }
            _ => false,
        });
        if zaps.is_empty() {
            zaps = texts_of(&|t| matches!(t, Turn::Zap { .. }));
        }
        // An example that ends where it began (`Nd4-f5-d4`) teaches nothing: prefer
        // one that gets somewhere.
        let mut doubles = texts_of(&|t| match t {
            Turn::Double(a, b) => b.to() != a.from(),
            _ => false,
        });
        if doubles.is_empty() {
            doubles = texts_of(&|t| matches!(t, Turn::Double(..)));
        }
        let mut parts = Vec::new();
        if let Some(m) = crate::variants::example(&moves) {
            parts.push(Msg::new("wand-prompt-a-move").with("example", m));
        }
        if let Some(z) = crate::variants::example(&zaps) {
            parts.push(Msg::new("wand-prompt-a-zap").with("example", z));
        }
        if let Some(d) = crate::variants::example(&doubles) {
            parts.push(Msg::new("wand-prompt-a-double").with("example", d));
        }
        let mut parts = parts.into_iter();
        match parts.next() {
            None => Question::Move.prompt(),
            Some(first) => {
                let list = parts.fold(first, |a, b| {
                    Msg::new("wand-prompt-or").with("a", a).with("b", b)
                });
                Msg::new("wand-prompt").with("parts", list)
            }
        }
    }

    /// Why a two-move turn is refused when one of its moves captures a piece that is
    /// not fast: such a capture is a whole turn (ruling W20).
    fn whole_turn_capture(&self, text: &str, halves: [&MoveSyntax; 2]) -> Option<PlayError> {
        let them = self.pos.fide.turn.other();
        halves.into_iter().find_map(|h| {
            let MoveSyntax::Move(spec) = h else {
                return None;
            };
            let unit = self.pos.unit(spec.to)?;
            (unit.side == them && !unit.fast).then(|| {
                PlayError::Refused(
                    Msg::new("wand-whole-turn")
                        .with("input", crate::core::notation::echo(text))
                        .with("role", crate::variants::role_word(unit.role))
                        .with("square", spec.to.to_string()),
                )
            })
        })
    }

    /// A move refused because its piece is asleep, a statue or slow and waiting: say
    /// which, rather than listing unrelated legal moves.
    fn disabled_refusal(&self, text: &str, syntax: &MoveSyntax) -> Option<PlayError> {
        let us = self.pos.fide.turn;
        let masks = self.pos.masks();
        let idle = self.pos.board.by_side(us) & !masks.active;
        if idle.is_empty() {
            return None;
        }
        let mut awake = self.pos.clone();
        for sq in idle {
            if let Some(u) = awake.unit_mut(sq) {
                u.asleep = 0;
                u.statue = 0;
                u.wait = 0;
            }
        }
        let awake_masks = awake.masks();
        let mut moves = Vec::new();
        awake.pseudo_moves(us, &awake_masks, idle, false, &mut moves);
        let m = resolve_syntax(text, syntax, &moves).ok()?;
        let u = self.pos.unit(m.from())?;
        let label = u.label(m.from());
        let why = if u.statue > 0 {
            Msg::new("wand-stoned")
                .with("label", label.to_string())
                .with("u_statue", u.statue.to_string())
        } else if u.asleep > 0 {
            Msg::new("wand-asleep")
                .with("label", label.to_string())
                .with("u_asleep", u.asleep.to_string())
        } else {
            Msg::new("wand-slowed")
                .with("label", label.to_string())
                .with("u_wait", u.wait.to_string())
        };
        Some(PlayError::Refused(why))
    }

    fn zap_refusal(&self, text: &str, from: Square, to: Square, legal: &[Turn]) -> PlayError {
        let us = self.pos.fide.turn;
        let masks = self.pos.masks();
        let refuse = PlayError::Refused;
        let Some(u) = self.pos.unit(from).filter(|u| u.side == us) else {
            return refuse(Msg::new("wand-no-zapper").with("from", from.to_string()));
        };
        let label = u.label(from);
        if from.distance(to) > 1 {
            return refuse(
                Msg::new("wand-too-far")
                    .with("to", to.to_string())
                    .with("from", from.to_string()),
            );
        }
        if self.pos.single_king_attacked(us, &masks) {
            return refuse(Msg::new("wand-zap-in-check"));
        }
        if u.statue > 0 {
            return refuse(Msg::new("wand-statue-zap").with("label", label.to_string()));
        }
        if u.asleep > 0 {
            return refuse(Msg::new("wand-asleep-zap").with("label", label.to_string()));
        }
        if u.slow && u.wait > 0 {
            return refuse(
                Msg::new("wand-slow-wait")
                    .with("label", label.to_string())
                    .with("u_wait", u.wait.to_string()),
            );
        }
        if u.wand == WandState::Destroyed {
            return refuse(Msg::new("wand-destroyed").with("label", label.to_string()));
        }
        NotationError::Illegal {
            input: crate::core::notation::echo(text),
            suggestions: crate::core::notation::suggestions(text, legal.iter().map(turn_text)),
        }
        .into()
    }

    fn perft_from(&self, depth: u32, rng: &mut GameRng) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome.is_some() {
            return 0;
        }
        if self.pending.is_some() {
            return self.legal_texts().len() as u64;
        }
        let turns = self.pos.legal_turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        turns
            .iter()
            .map(|t| self.perft_child(t, depth - 1, rng))
            .sum()
    }

    fn perft_child(&self, t: &Turn, depth: u32, rng: &mut GameRng) -> u64 {
        // Chance is not resolved: a zap with a random outcome is a leaf.
        if self.is_random_zap(t) {
            return 1;
        }
        let mut next = self.clone();
        next.apply_turn(*t, None, rng);
        next.perft_from(depth, rng)
    }
}

impl Rules for WandGame {
    const NAME: &'static str = "Wand Chess";

    const OPTIONS: &'static [OptionDecl] = &[WANDS];

    fn new(options: &Options, rng: &mut GameRng) -> Result<Self, Msg> {
        let mode = mode_option(options)?.unwrap_or(WandMode::Rolled);
        let mut pos = Pos::start();
        if mode == WandMode::Moderated {
            // W23: every kind is drawn at the start, square by square from a1.
            for u in pos.units.iter_mut().flatten() {
                u.secret = Some(WandKind::ALL[rng.gen_range(0..12)]);
            }
        }
        Ok(WandGame::from_pos(pos, mode))
    }

    fn from_fen(fen: &str, options: &Options) -> Result<Self, Msg> {
        let asked = mode_option(options)?;
        WandGame::read_fen(fen, asked).map_err(crate::variants::fen_error)
    }

    fn fen(&self) -> String {
        let mut s = self.pos.fen(self.mode);
        if let Some(p) = self.pending {
            s.push_str(&format!(" teleport={}>{}", p.zapper, p.target));
        }
        s
    }

    fn ask(&self) -> Option<Ask> {
        if self.outcome.is_some() {
            return None;
        }
        Some(Ask {
            side: self.pos.fide.turn,
            question: if self.pending.is_some() {
                Question::TeleportSquare
            } else {
                Question::Move
            },
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn legal_texts(&self) -> Vec<String> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        if let Some(p) = self.pending {
            return effects::teleport_squares(&self.pos, self.pos.fide.turn, p.target)
                .map(|s| s.to_string())
                .collect();
        }
        self.pos.legal_turns().iter().map(turn_text).collect()
    }

    fn play(&mut self, side: Side, text: &str, rng: &mut GameRng) -> Result<Played, PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::Finished);
        }
        if side != self.pos.fide.turn {
            return Err(PlayError::NotYourTurn);
        }
        let typed = notation::parse(text)?;
        if let Some(p) = self.pending {
            return self.answer_teleport(p, &typed);
        }
        let legal = self.pos.legal_turns();
        let turn = self.resolve(text, &typed, &legal)?;
        Ok(self.apply_turn(turn, typed.teleport, rng))
    }

    fn view(&self, viewer: Viewer) -> View {
        view::build(self, viewer)
    }

    fn secret(&self, side: Side) -> Option<Msg> {
        Some(wand_list(&self.pos, side, self.mode))
    }

    fn uses_randomness(&self) -> bool {
        // Wand kinds (drawn at the start or on identification) and misfires.
        true
    }

    fn claimable_draw(&self) -> Option<String> {
        if self.pending.is_some() {
            return None;
        }
        fide::claimable_draw(&self.reps, self.pos.fide.halfmoves)
    }

    fn perft(&self, depth: u32) -> u64 {
        let mut rng = GameRng::seed_from_u64(0);
        self.perft_from(depth, &mut rng)
    }

    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut rng = GameRng::seed_from_u64(0);
        if self.outcome.is_some() || self.pending.is_some() {
            return self.legal_texts().into_iter().map(|t| (t, 1)).collect();
        }
        self.pos
            .legal_turns()
            .iter()
            .map(|t| {
                let n = if depth <= 1 {
                    1
                } else {
                    self.perft_child(t, depth - 1, &mut rng)
                };
                (turn_text(t), n)
            })
            .collect()
    }
}

impl Presentation for WandGame {
    const RULES: &'static str = "rules-wand";

    const EXAMPLE: Option<crate::variants::WorkedExample> = Some(EXAMPLE);

    fn legend() -> Vec<crate::core::view::LegendEntry> {
        view::legend()
    }

    fn picker_steps(&self, answer: &str, lang: Lang) -> Vec<Step> {
        notation::picker_steps(answer, self.pending.is_some(), lang)
    }

    fn prompt(&self, ask: &Ask) -> Msg {
        self.question_prompt(ask)
    }
}

impl Export for WandGame {}

impl Tuning for WandGame {
    crate::variants::tuning::tuning_from_eval!(eval);

    fn candidate_texts(&self) -> Vec<String> {
        eval::candidates(self)
    }

    fn secrets_held(&self) -> String {
        // Each wand's state and hidden kind, wherever its piece stands: a move leaves
        // it alone, a zap that identifies a wand or a capture changes it.
        let mut held: Vec<String> = crate::core::Square::all()
            .filter_map(|sq| self.pos.unit(sq))
            .map(|u| format!("{:?}{:?}{:?}", u.side, u.wand, u.secret))
            .collect();
        held.sort();
        held.join(",")
    }

    fn level_plan(&self, level: u8) -> Option<crate::variants::LevelPlan> {
        // The tree search's strength barely grows with its iterations here (the
        // ladder in docs/engine.md): the levels are spaced by drawn answers. From
        // random sound answers to the best search is only about 285 points (four
        // plans measured, docs/ladder/wand-tried-plans.txt), room for two steps: so
        // the random sound answers are the default level 6 (only those that keep their
        // material in every draw: a random sound answer zapped its own pawn with an
        // unknown wand that was death), level 7 draws half its answers among the sound
        // ones, and level 5 draws among all answers by e per 0.85 pawn (e per 1.2
        // played as level 4).
        use crate::variants::LevelPlan;
        Some(LevelPlan::sampled(
            level,
            [800.0, 300.0, 170.0],
            [
                LevelPlan::drawn(85.0, false),
                LevelPlan::drawn(f64::INFINITY, true).keeping(50),
                LevelPlan::straying(6, 0.5),
            ],
        ))
    }
}

/// The rules document's own sample: both kings fast, White to play takes two steps.
pub const EXAMPLE: crate::variants::WorkedExample = crate::variants::WorkedExample {
    fen: Some("8/8/4k3/8/4K3/8/8/8 w - - 0 1 rolled e4:fast,wand=speed;e6:fast"),
    options: &[],
    moves: &[],
    caption: "caption-wand",
};

#[cfg(test)]
mod tests;
