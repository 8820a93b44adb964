//! The games. Each variant implements [`Rules`]; [`Game`] wraps one behind a closed
//! enum together with the game's seeded random generator and its final result, so
//! the service and the front ends never special-case a variant.

pub mod action;
pub mod eval;
pub mod fide;
pub mod sorchess;
pub mod spell;
pub mod standard;
pub mod walls;
pub mod wand;
pub mod wickets;

use crate::core::notation::NotationError;
use crate::core::view::{View, Viewer};
use crate::core::Side;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

pub use action::ActionKind;

/// The game's random generator; its state is stored with the game.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// Variant options as typed in `/challenge` (`wands:moderated`), validated per variant.
pub type Options = BTreeMap<String, String>;

/// Variant ids, the same in the CLI, the commands and the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum VariantId {
    #[serde(rename = "standard")]
    Standard,
    #[serde(rename = "wand")]
    Wand,
    #[serde(rename = "walls")]
    Walls,
    #[serde(rename = "walls-full")]
    WallsFull,
    #[serde(rename = "wickets")]
    Wickets,
    #[serde(rename = "spell")]
    Spell,
    #[serde(rename = "sorchess")]
    Sorchess,
}

impl VariantId {
    /// The variant of a challenge that names none.
    pub const DEFAULT: VariantId = VariantId::Standard;

    /// What a turn whose time runs out becomes: `Some(answer)` is played for the late
    /// player, so the turn passes (RULINGS Z6); `None` lets the opponent claim the win.
    pub fn timeout_answer(self) -> Option<&'static str> {
        match self {
            VariantId::Walls | VariantId::WallsFull => Some("pass"),
            _ => None,
        }
    }

    pub const ALL: [VariantId; 7] = [
        VariantId::Standard,
        VariantId::Wand,
        VariantId::Walls,
        VariantId::WallsFull,
        VariantId::Wickets,
        VariantId::Spell,
        VariantId::Sorchess,
    ];

    pub fn id(self) -> &'static str {
        match self {
            VariantId::Standard => "standard",
            VariantId::Wand => "wand",
            VariantId::Walls => "walls",
            VariantId::WallsFull => "walls-full",
            VariantId::Wickets => "wickets",
            VariantId::Spell => "spell",
            VariantId::Sorchess => "sorchess",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            VariantId::Standard => "Chess",
            VariantId::Wand => "Wand Chess",
            VariantId::Walls => "Wizard Walls",
            VariantId::WallsFull => "Wizard Walls (Full)",
            VariantId::Wickets => "Chess with Wickets",
            VariantId::Spell => "Spell Chess",
            VariantId::Sorchess => "Sorchess",
        }
    }

    pub fn parse(text: &str) -> Option<VariantId> {
        let t = text.trim().to_ascii_lowercase();
        VariantId::ALL.into_iter().find(|v| v.id() == t)
    }

    /// Variants that can be played in this build.
    pub fn available() -> Vec<VariantId> {
        VariantId::ALL
            .into_iter()
            .filter(|v| VariantState::supports(*v))
            .collect()
    }
}

impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Win {
        winner: Side,
        reason: String,
    },
    Draw {
        reason: String,
    },
    /// Called off before it really began; counts for nobody.
    Aborted,
}

impl Outcome {
    pub fn win(winner: Side, reason: &str) -> Outcome {
        Outcome::Win {
            winner,
            reason: reason.to_string(),
        }
    }

    pub fn draw(reason: &str) -> Outcome {
        Outcome::Draw {
            reason: reason.to_string(),
        }
    }

    /// PGN-style result token.
    pub fn score(&self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Side::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Side::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
            Outcome::Aborted => "*",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{winner} wins by {reason}"),
            Outcome::Draw { reason } => write!(f, "Draw by {reason}"),
            Outcome::Aborted => f.write_str("Game aborted"),
        }
    }
}

/// What the game asks of a player right now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Question {
    Move,
    /// Wand Chess: where the teleported piece goes.
    TeleportSquare,
    /// Wickets: where the captured ball-haver's ball lies.
    BallSquare,
    /// Wickets: name a new Defender.
    NewDefender,
    /// Wickets: play a card (or follow suit).
    Card,
    /// Wickets: sacrifice pieces or decline.
    Sacrifice,
    /// Wickets: throw the ball after the ball-haver's move, or decline.
    Throw,
    /// Wizard Walls setup: place walls.
    SetupWalls,
    /// Wizard Walls setup: place the team.
    SetupTeam,
}

impl Question {
    /// The question in a few words, without an example; [`Rules::prompt`] adds what to
    /// type, taken from the legal answers.
    pub fn prompt(&self) -> &'static str {
        match self {
            Question::Move => "your move",
            Question::TeleportSquare => "choose the teleport square",
            Question::BallSquare => "choose where the ball lies",
            Question::NewDefender => "name a new Defender",
            Question::Card => "play a card",
            Question::Sacrifice => "sacrifice pieces or `decline`",
            Question::Throw => "throw the ball or `decline`",
            Question::SetupWalls => "place your walls",
            Question::SetupTeam => "place your team",
        }
    }

    /// Whether this question is a follow-up inside a turn already begun (a teleport
    /// square, a ball square, a throw, a Defender, a card, a sacrifice): its answer
    /// belongs to the same record entry as the answer that began the turn.
    pub fn continues_turn(&self) -> bool {
        match self {
            Question::TeleportSquare
            | Question::BallSquare
            | Question::NewDefender
            | Question::Card
            | Question::Sacrifice
            | Question::Throw => true,
            Question::Move | Question::SetupWalls | Question::SetupTeam => false,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ask {
    pub side: Side,
    pub question: Question,
}

/// The result of one accepted answer.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// Canonical text that, played again with the same generator, replays this answer.
    pub action: String,
    /// The record's text for it, with results in parentheses: `Ze4:e4 (polymorph = Queen)`.
    pub printed: String,
    /// Further lines: timer events in brackets, "Check.", the result.
    pub events: Vec<String>,
    /// Private messages for one player (secret information).
    pub private: Vec<(Side, String)>,
}

/// Why an answer was refused; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("{0}")]
    Notation(#[from] NotationError),
    #[error("{0}")]
    Refused(String),
    #[error("The game is over.")]
    Finished,
    #[error("It is not your turn.")]
    NotYourTurn,
}

/// One variant's rules, pure and deterministic given the generator.
pub trait Rules: Sized + Clone {
    /// The most words one answer of this game may take: a plain chat line with more is
    /// never read as an answer (the front ends' chat-line policy).
    const ANSWER_WORDS: usize = 6;

    fn new(options: &Options, rng: &mut GameRng) -> Result<Self, String>;
    fn from_fen(fen: &str, options: &Options) -> Result<Self, String>;
    fn fen(&self) -> String;
    /// The question now asked, or `None` once the rules have ended the game.
    fn ask(&self) -> Option<Ask>;
    fn outcome(&self) -> Option<Outcome>;
    /// Canonical texts of the legal answers to the current question.
    fn legal_texts(&self) -> Vec<String>;
    /// Applies `side`'s answer. On error `self` may be left changed: [`Game`] restores it.
    fn play(&mut self, side: Side, text: &str, rng: &mut GameRng) -> Result<Played, PlayError>;
    fn view(&self, viewer: Viewer) -> View;
    /// A player's secret information (wand list, card hand), for a DM or `/hand`.
    fn secret(&self, _side: Side) -> Option<String> {
        None
    }
    /// The reason the player to move may claim a draw now (threefold, 50 moves).
    fn claimable_draw(&self) -> Option<String>;
    /// The draw rules a player may claim under, for the refusal when none applies.
    fn draw_claim_rules(&self) -> &'static [&'static str] {
        &["threefold repetition", "50-move rule"]
    }
    /// Whether this game draws on the generator (dice, card deals, wand kinds,
    /// misfires): such a game commits to its seed when it starts and reveals it at
    /// the end (the fairness check of `docs/export.md`).
    fn uses_randomness(&self) -> bool {
        false
    }
    /// Whether the game is plain chess, whose export is strict PGN in SAN.
    fn is_plain_chess(&self) -> bool {
        false
    }
    /// The SAN of `answer` in the current position, for games that are plain chess.
    fn san(&self, _answer: &str) -> Option<String> {
        None
    }
    /// The starting position as a PGN `FEN` tag, for games that do not start from
    /// chess's initial position. Public information only.
    fn setup_fen(&self) -> Option<String> {
        None
    }
    fn perft(&self, depth: u32) -> u64;
    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// The words asking `ask` of its player: exactly what to type, with an example that
    /// is legal now. It is shown in the channel, so it reveals nothing secret.
    fn prompt(&self, ask: &Ask) -> String {
        default_prompt(&ask.question, &self.typed_texts())
    }
    /// The legal answers as a player must type them to be accepted (autocomplete): the
    /// canonical texts unless a variant asks for a confirmation mark.
    fn typed_texts(&self) -> Vec<String> {
        self.legal_texts()
    }

    /// How good the position looks for `side`, in hundredths of a pawn, for the
    /// computer player. Default: material and a little piece placement on the board of
    /// `side`'s own view ([`eval::view_score`]).
    fn evaluate(&self, side: Side) -> i32 {
        eval::view_score(&self.view(Viewer::Player(side)), side)
    }

    /// A state `viewer` cannot tell from this one: the same view and the same own
    /// secret, with everything hidden from `viewer` (the opponent's unknown wands and
    /// cards, the deck order) drawn afresh from `rng`. It must depend only on what
    /// `viewer` may see and on `rng`, so that the computer player cannot peek.
    /// Default: a copy, for games without hidden information.
    fn determinise(&self, _viewer: Side, _rng: &mut GameRng) -> Self {
        self.clone()
    }

    /// The answers the computer player considers: by default the legal answers; a game
    /// whose legal answers are parts of a turn lists whole turns instead.
    fn candidate_texts(&self) -> Vec<String> {
        self.legal_texts()
    }
}

/// A legal answer to show as an example: one from the middle of the list, so that it
/// is not always the corner square or the rook's pawn.
pub fn example(texts: &[String]) -> Option<&str> {
    texts.get(texts.len() / 2).map(String::as_str)
}

/// `` `a` ``, `` `a` or `b` ``, `` `a`, `b` or `c` ``.
pub fn either(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|t| format!("`{t}`")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The generic prompt: the question in words and a legal example, or the whole list
/// when it is short.
pub fn default_prompt(question: &Question, texts: &[String]) -> String {
    let what = question.prompt();
    let Some(ex) = example(texts) else {
        return what.to_string();
    };
    if texts.len() <= 6 && *question != Question::Move {
        format!("{}: {}", what, either(texts))
    } else {
        format!("{what}, e.g. `{ex}`")
    }
}

/// Code that works on any variant's [`Rules`], run by [`Game::visit`] on the game's
/// state (the computer player is written this way, once for every game).
pub trait RulesVisitor {
    type Output;
    fn visit<R: Rules>(self, rules: &R) -> Self::Output;
}

macro_rules! variant_states {
    ($($id:ident => $ty:ty),* $(,)?) => {
        /// The rules state of a game, one arm per playable variant.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub enum VariantState {
            $($id($ty),)*
        }

        macro_rules! dispatch {
            ($self:expr, $s:ident => $body:expr) => {
                match $self {
                    $(VariantState::$id($s) => $body,)*
                }
            };
        }

        impl VariantState {
            pub fn supports(v: VariantId) -> bool {
                match v {
                    $(VariantId::$id => true,)*
                    #[allow(unreachable_patterns)]
                    _ => false,
                }
            }

            fn create(v: VariantId, options: &Options, rng: &mut GameRng) -> Result<Self, String> {
                match v {
                    $(VariantId::$id => Ok(VariantState::$id(<$ty as Rules>::new(options, rng)?)),)*
                    #[allow(unreachable_patterns)]
                    other => Err(unavailable(other)),
                }
            }

            fn create_from_fen(v: VariantId, fen: &str, options: &Options) -> Result<Self, String> {
                match v {
                    $(VariantId::$id => Ok(VariantState::$id(<$ty as Rules>::from_fen(fen, options)?)),)*
                    #[allow(unreachable_patterns)]
                    other => Err(unavailable(other)),
                }
            }

            /// The most words an answer of any variant may take.
            pub fn max_answer_words() -> usize {
                [$(<$ty as Rules>::ANSWER_WORDS,)*].into_iter().max().unwrap_or(1)
            }

            pub fn variant(&self) -> VariantId {
                match self {
                    $(VariantState::$id(_) => VariantId::$id,)*
                }
            }

            fn determinise(&self, viewer: Side, rng: &mut GameRng) -> VariantState {
                match self {
                    $(VariantState::$id(s) => VariantState::$id(s.determinise(viewer, rng)),)*
                }
            }
        }
    };
}

/// The most words an answer of any variant may take (the chat-line policy).
pub fn max_answer_words() -> usize {
    VariantState::max_answer_words()
}

fn unavailable(v: VariantId) -> String {
    format!("{} is not playable yet.", v.name())
}

variant_states! {
    Standard => standard::StandardGame,
    Spell => spell::SpellGame,
    Sorchess => sorchess::SorchessGame,
    Wand => wand::WandGame,
    Walls => walls::WallsBasic,
    WallsFull => walls::WallsFull,
    Wickets => wickets::WicketsGame,
}

/// A game: its rules state, its generator and how it ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    options: Options,
    state: VariantState,
    rng: GameRng,
    /// An ending decided outside the rules (resignation, agreement, timeout, abort).
    result: Option<Outcome>,
}

impl Game {
    pub fn new(variant: VariantId, options: &Options, seed: u64) -> Result<Game, String> {
        let mut rng = GameRng::seed_from_u64(seed);
        let state = VariantState::create(variant, options, &mut rng)?;
        Ok(Game {
            options: options.clone(),
            state,
            rng,
            result: None,
        })
    }

    pub fn from_fen(
        variant: VariantId,
        fen: &str,
        options: &Options,
        seed: u64,
    ) -> Result<Game, String> {
        let state = VariantState::create_from_fen(variant, fen, options)?;
        Ok(Game {
            options: options.clone(),
            state,
            rng: GameRng::seed_from_u64(seed),
            result: None,
        })
    }

    pub fn variant(&self) -> VariantId {
        self.state.variant()
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn state(&self) -> &VariantState {
        &self.state
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.result
            .clone()
            .or_else(|| dispatch!(&self.state, s => s.outcome()))
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    pub fn ask(&self) -> Option<Ask> {
        if self.result.is_some() {
            return None;
        }
        dispatch!(&self.state, s => s.ask())
    }

    /// Plays `side`'s answer. Any error leaves the game exactly as it was.
    pub fn play(&mut self, side: Side, text: &str) -> Result<Played, PlayError> {
        let ask = self.ask().ok_or(PlayError::Finished)?;
        if ask.side != side {
            return Err(PlayError::NotYourTurn);
        }
        let mut state = self.state.clone();
        let mut rng = self.rng.clone();
        let played = dispatch!(&mut state, s => s.play(side, text, &mut rng))?;
        self.state = state;
        self.rng = rng;
        Ok(played)
    }

    /// Ends the game for a reason outside the rules.
    pub fn finish(&mut self, outcome: Outcome) {
        if self.outcome().is_none() {
            self.result = Some(outcome);
        }
    }

    pub fn legal_texts(&self) -> Vec<String> {
        if self.is_over() {
            return Vec::new();
        }
        dispatch!(&self.state, s => s.legal_texts())
    }

    /// The legal answers as they must be typed to be accepted (autocomplete).
    pub fn typed_texts(&self) -> Vec<String> {
        if self.is_over() {
            return Vec::new();
        }
        dispatch!(&self.state, s => s.typed_texts())
    }

    /// What the asked player should type now, with a legal example; a move prompt
    /// also points to `/rules`. `None` once the game is over.
    pub fn prompt(&self) -> Option<String> {
        let ask = self.ask()?;
        let text = dispatch!(&self.state, s => s.prompt(&ask));
        Some(if ask.question == Question::Move {
            format!(
                "{text} (`/rules {}` explains the game)",
                self.variant().id()
            )
        } else {
            text
        })
    }

    pub fn view(&self, viewer: Viewer) -> View {
        let mut view = dispatch!(&self.state, s => s.view(viewer));
        if let Some(o) = self.outcome() {
            view.result = Some(o.to_string());
            view.to_move = None;
        }
        view
    }

    pub fn secret(&self, side: Side) -> Option<String> {
        dispatch!(&self.state, s => s.secret(side))
    }

    pub fn claimable_draw(&self) -> Option<String> {
        if self.is_over() {
            return None;
        }
        dispatch!(&self.state, s => s.claimable_draw())
    }

    /// The draw rules a player may claim under in this game.
    pub fn draw_claim_rules(&self) -> &'static [&'static str] {
        dispatch!(&self.state, s => s.draw_claim_rules())
    }

    /// Whether the game is plain chess (its export is strict PGN).
    pub fn is_plain_chess(&self) -> bool {
        dispatch!(&self.state, s => s.is_plain_chess())
    }

    /// The SAN of `answer` now, for plain chess; `None` otherwise or when illegal.
    pub fn san(&self, answer: &str) -> Option<String> {
        if self.is_over() {
            return None;
        }
        dispatch!(&self.state, s => s.san(answer))
    }

    /// The starting position for a PGN `FEN` tag, when the game needs one.
    pub fn setup_fen(&self) -> Option<String> {
        dispatch!(&self.state, s => s.setup_fen())
    }

    /// Whether the game's rules draw on its generator (declared by each variant).
    pub fn uses_randomness(&self) -> bool {
        dispatch!(&self.state, s => s.uses_randomness())
    }

    pub fn fen(&self) -> String {
        dispatch!(&self.state, s => s.fen())
    }

    pub fn perft(&self, depth: u32) -> u64 {
        dispatch!(&self.state, s => s.perft(depth))
    }

    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        dispatch!(&self.state, s => s.perft_divide(depth))
    }

    /// Runs `visitor` on the rules state (not on the generator or an outside result).
    pub fn visit<V: RulesVisitor>(&self, visitor: V) -> V::Output {
        dispatch!(&self.state, s => visitor.visit(s))
    }

    /// A game `viewer` cannot tell from this one ([`Rules::determinise`]), with a fresh
    /// generator from `rng`: the stored generator's future rolls are secret too.
    pub fn determinised(&self, viewer: Side, rng: &mut GameRng) -> Game {
        let state = self.state.determinise(viewer, rng);
        Game {
            options: self.options.clone(),
            state,
            rng: GameRng::seed_from_u64(rand::Rng::gen(rng)),
            result: self.result.clone(),
        }
    }
}

/// One worked example from a game's rules document, drawn under `/rules`: where it
/// starts, the answers played from there (as a player types them) and what it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkedExample {
    /// A FEN to start from, or `None` for the starting position.
    pub fen: Option<&'static str>,
    pub options: &'static [(&'static str, &'static str)],
    pub moves: &'static [&'static str],
    pub caption: &'static str,
}

/// The worked example of a variant, if it has one.
pub fn worked_example(v: VariantId) -> Option<WorkedExample> {
    match v {
        VariantId::Standard => None,
        VariantId::Wand => Some(wand::EXAMPLE),
        VariantId::Spell => Some(spell::EXAMPLE),
        VariantId::Sorchess => Some(sorchess::EXAMPLE),
        VariantId::Walls => Some(walls::EXAMPLE),
        VariantId::WallsFull => Some(walls::EXAMPLE_FULL),
        VariantId::Wickets => Some(wickets::EXAMPLE),
    }
}

/// The game of a variant's worked example, played out, with its caption.
pub fn example_game(v: VariantId) -> Option<(Game, &'static str)> {
    let ex = worked_example(v)?;
    let options: Options = ex
        .options
        .iter()
        .map(|(k, val)| (k.to_string(), val.to_string()))
        .collect();
    let mut game = match ex.fen {
        Some(fen) => Game::from_fen(v, fen, &options, 0).ok()?,
        None => Game::new(v, &options, 0).ok()?,
    };
    for m in ex.moves {
        let side = game.ask()?.side;
        game.play(side, m).ok()?;
    }
    Some((game, ex.caption))
}

/// A short guide to a variant, for `/rules`: the rules in brief and the exact text of
/// every special action.
pub fn rules_text(v: VariantId) -> &'static str {
    match v {
        VariantId::Standard => {
            "**Chess** — the FIDE rules: castling, en passant, promotion, check and checkmate. \
             Stalemate, insufficient material, fivefold repetition and the 75-move rule draw at once; \
             threefold repetition and the 50-move rule let the player to move claim a draw (`/draw claim`).\n\
             • Move: `e4`, `Nf3`, `Ng1-f3`, `e2e4`; castle `O-O` / `O-O-O`; promote `e8=Q` (the piece must be named)."
        }
        VariantId::Wand => {
            "**Wand Chess** — chess where every piece carries a wand of unknown kind. Instead of moving, \
             a piece may zap its wand at itself or a neighbouring square. The first zap at an occupied square \
             identifies the wand (teleport, death, sleep, stoning, sloth, polymorph, demotion, peace, sickness, \
             speed, protection, healing); identified wands misfire one time in three. No zapping while in check; \
             with no move you must zap. Sleep (5), stoning (10), sloth (3) and sickness (3) count their owner's \
             turns; asleep, stoned and slowed pieces neither move nor zap. Two kings ignore check; lose your last \
             king and you lose.\n\
             • Move: `e4`, `Ng1-f3`.\n\
             • Zap: `Ze4:d5` (the piece on e4 zaps d5), `Ze4:e4` at itself.\n\
             • Teleport: when asked, answer one empty square, `c6`; or give it with the zap: `Ze4:d5 (teleport c6)`.\n\
             • Fast piece, two moves in one turn: `Ke4-e5:e6` (one piece twice) or `Nb1-c3 Bc1-f4` (two pieces).\n\
             • Option `wands:moderated`: every kind is drawn at the start and you learn yours by DM (`/hand`)."
        }
        VariantId::Walls | VariantId::WallsFull => {
            "**Wizard Walls** — Bishop, Knight and Rook wizards (Full: any team costing exactly 11: P 1, N 3, \
             B 3, R 5, Q 9, at most 8 P, 2 N, 2 B, 2 R, 1 Q; pawns step one square any way) that never capture \
             by moving. Each side holds 5 walls after the setup. Each wizard moves, conjures and destroys at most \
             once a turn; one resurrection a turn. Every destroyed wizard scores its value for its owner's \
             opponent; 10 points wins at once. Threefold repetition may be claimed (`/draw claim`); a turn whose \
             time runs out passes.\n\
             • Setup walls (White, then Black): 3 walls on ranks 3-6: `@c4 @d5 @f3`.\n\
             • Setup team on your first two ranks: `B@c1 N@d2 R@a1` (Black `B@c8 N@d7 R@a8`; Full e.g. `Q@d1 P@c2 P@e2`).\n\
             • A turn is up to two actions in one message, separated by a space: `Nb1-c3 Nc3+d4`; `pass` for none.\n\
             • Move: `Nb1-c3` (knights jump walls, sliders do not). Conjure a wall next to a wizard, killing any \
             wizard there: `Nc3+d4`. Destroy an adjacent wall into your hand: `Nc3xd4`. Resurrect a destroyed \
             wizard next to two of yours: `R@e4`."
        }
        VariantId::Wickets => {
            "**Chess with Wickets** — chess plus two wicket squares, `w0` behind e1 and `w9` behind e8. \
             Each King starts with its side's ball and each Queen is the Defender. Only your Defender enters your \
             wicket; only your ball-haver (or a piece fetching your ball) enters the enemy's; pieces in a wicket \
             give no check. A lying ball is picked up only by its own side. A ball thrown into the enemy wicket \
             is decided by the `decision` option: cards (play cards, higher wins; cards2 gives a second try you \
             may decline), dice (3+, or 5+ when their Defender sees its wicket; dice2: sacrifice 1 piece for a \
             second roll), deterministic (free, or sacrifice 3 pieces when guarded; deterministic2: 2). Success \
             removes their Defender (a King-Defender loses) and they name a new one.\n\
             • Move into a wicket: `Qd1-w0`.\n\
             • Throw with the ball-haver's move: `Ke1-f2>f6`, into the wicket `Nc3-d5>w9`; keep the ball: \
             `Ke1-f2 decline`. Without either you are asked after the move: answer `f6` or `decline`.\n\
             • After castling with the ball-haver, the partner may throw instead: `O-O>f1>f5` (or `f1>f5` when asked).\n\
             • Taking a ball-haver, place its ball on an empty neighbouring square: `Qd1:d7 (ball d6)`, or `d6` when asked.\n\
             • New Defender: `defender Nf3`. Cards: `card 7c` (rank A or 1-10, suit c d h s; `/hand` shows yours). \
             Sacrifice: `sacrifice a2 b2 c2` (as many as asked) or `decline`."
        }
        VariantId::Spell => {
            "**Spell Chess** — chess plus 5 freeze and 2 jump spells each; cast at most one with a move. \
             Freeze: the opponent's pieces in the 3x3 area around the square cannot move or attack in their next \
             turn (your own move may not start there). Jump: sliders of both sides pass through that piece until \
             the opponent has moved. A spell type rests two turns after use; promotions carry no spell. Self-check \
             is legal, a captured king loses, and checkmate ends the game.\n\
             • Move with a freeze: `e4 (freeze d5)`; with a jump: `Bc1-h6 (jump e3)`; also `freeze@d5 e4`, `f@d5,e2e4`.\n\
             • A move that leaves your king capturable needs `!` to confirm: `Kd2!`."
        }
        VariantId::Sorchess => {
            "**Sorchess** — chess plus one Wizard (W) per side, held in hand at the start. The Wizard leaps (3,1) \
             or steps one square diagonally, capturing either way, and once per game may step one square \
             orthogonally without capturing. Only one Wizard per side on the board.\n\
             • Enter from a rook that has not moved (or moved only by castling) as if the Wizard stood there; \
             the rook stays: `Wg4`, or `Wh1-g4` to name the rook.\n\
             • Promote a pawn to a Wizard while yours is not on the board: `e8=W`.\n\
             • After your Wizard is captured, your only Knight may become one on its first arrival at the enemy \
             king's square: `Nf6-e8=W`; to stay a Knight and give the chance up for good type the move with \
             both squares, `Nf6-e8` (a plain `Ne8` is refused and asks which)."
        }
    }
}

/// Every badge and mark a variant's pictures may show, with its meaning (`/legend`),
/// built from the same data the variant's view uses.
pub fn legend(v: VariantId) -> Vec<crate::core::view::LegendEntry> {
    let mut out = crate::core::view::common_legend();
    out.extend(match v {
        VariantId::Standard => Vec::new(),
        VariantId::Wand => wand::view::legend(),
        VariantId::Walls | VariantId::WallsFull => walls::view::legend(),
        VariantId::Wickets => wickets::view::legend(),
        VariantId::Spell => spell::view::legend(),
        VariantId::Sorchess => sorchess::view::legend(),
    });
    out
}
