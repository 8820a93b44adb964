//! The games. Each variant implements [`Rules`]; [`Game`] wraps one behind a closed
//! enum together with the game's seeded random generator and its final result, so
//! the service and the front ends never special-case a variant.

pub mod action;
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
    /// Phrase used in "@alice, {prompt}".
    pub fn prompt(&self) -> &'static str {
        match self {
            Question::Move => "your move",
            Question::TeleportSquare => "choose the teleport square (an empty square, e.g. `h8`)",
            Question::BallSquare => "choose where the ball lies (an empty adjacent square)",
            Question::NewDefender => "name a new Defender (`defender Nf3`)",
            Question::Card => "play a card (`card 7c`)",
            Question::Sacrifice => "sacrifice pieces (`sacrifice a2 b2`) or `decline`",
            Question::Throw => {
                "throw the ball (a square like `f6`, or the enemy wicket) or `decline`"
            }
            Question::SetupWalls => "place your walls (`@c4 @d5 @f3`)",
            Question::SetupTeam => "place your team (`B@c1 N@d2 R@a1`)",
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

    /// The prompt for the player of `side`: examples that name squares are given on
    /// that player's own ranks.
    pub fn prompt_for(&self, side: Side) -> &'static str {
        match (self, side) {
            (Question::SetupTeam, Side::Black) => "place your team (`B@c8 N@d7 R@a8`)",
            _ => self.prompt(),
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

            pub fn variant(&self) -> VariantId {
                match self {
                    $(VariantState::$id(_) => VariantId::$id,)*
                }
            }
        }
    };
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
}

/// A few lines explaining a variant, for `/rules`.
pub fn rules_text(v: VariantId) -> &'static str {
    match v {
        VariantId::Standard => {
            "**Chess** — the FIDE rules: castling, en passant, promotion, check and checkmate. \
             Stalemate, insufficient material, fivefold repetition and the 75-move rule draw at once; \
             threefold repetition and the 50-move rule let the player to move claim a draw (`/draw claim`). \
             Type moves as `e4`, `Nf3`, `Ng1-f3`, `e2e4` or `O-O`."
        }
        VariantId::Wand => {
            "**Wand Chess** — chess where every piece carries a wand of unknown kind. Instead of moving, \
             a piece may zap its wand at itself or a neighbouring square (`Ze4:d5`). The first zap at an \
             occupied square identifies the wand (12 kinds: teleport, death, sleep, stoning, sloth, \
             polymorph, demotion, peace, sickness, speed, protection, healing); identified wands misfire \
             one time in three. No zapping while in check; with no move you must zap. Fast pieces may move \
             twice (`Ke4-e5:e6`, `Nb1-c3 Bc1-f4`) but take a piece that is not fast only as a whole turn. \
             Sleep (5), stoning (10), sloth (3) and sickness (3) count their owner's turns. Two kings ignore \
             check; lose your last king and you lose. Option `wands:moderated`: all kinds are drawn at the \
             start and each player learns their own by DM (`/hand`)."
        }
        VariantId::Walls | VariantId::WallsFull => {
            "**Wizard Walls** — Bishop, Knight and Rook wizards (Full: any team costing 11, P 1, N 3, B 3, \
             R 5, Q 9; pawns step one square any way) that never capture by moving. Setup: White then Black \
             place 3 walls on ranks 3-6 (`@c4 @d5 @f3`), then each places the team on its first two ranks \
             (`B@c1 N@d2 R@a1`); each then holds 5 walls. A turn is up to two actions together: move \
             (`Nb1-c3`; knights jump walls, sliders do not), conjure a wall next to a wizard, killing any \
             wizard there (`Nc3+d4`), destroy an adjacent wall into your hand (`Nc3xd4`), or resurrect a \
             destroyed wizard next to two of yours (`R@e4`); `pass` for none. Each wizard moves, conjures \
             and destroys at most once a turn; one resurrection a turn. Every destroyed wizard scores its \
             value for its owner's opponent; 10 points wins at once. Threefold repetition may be claimed \
             (`/draw claim`); a turn whose time runs out passes."
        }
        VariantId::Wickets => {
            "**Chess with Wickets** — chess plus two wicket squares, `w0` behind e1 and `w9` behind e8. \
             Each King starts with its side's ball and each Queen is the Defender. After your ball-haver \
             moves it may throw along a queen line to one of your pieces (not the Defender) or an empty \
             square (`Ke1-f2>f6`, or answer `f6` / `decline` when asked); a lying ball is picked up only by \
             its own side. Only your Defender enters your wicket; only your ball-haver (or a piece fetching \
             your ball) enters the enemy's; pieces in a wicket give no check. Taking a ball-haver needs an \
             empty neighbouring square for its ball (`Qd1:d7 (ball d6)`) unless it mates. A ball thrown into \
             the enemy wicket is decided by the `decision` option (cards, cards2, dice, dice2, deterministic, \
             deterministic2; a Defender that sees its wicket makes it harder): success removes their \
             Defender (a King-Defender loses) and they name a new one (`defender Nf3`). Cards are private \
             (`/hand`); play with `card 7c`, sacrifice with `sacrifice a2 b2`."
        }
        VariantId::Spell => {
            "**Spell Chess** — chess plus 5 freeze and 2 jump spells each; cast at most one with a move \
             (`e4 (freeze d5)`, `Bc1-h6 (jump e3)`, also `freeze@d5 e4` or `f@d5,e2e4`). Freeze: the opponent's \
             pieces in the 3x3 area around the square cannot move or attack in their next turn (your own move \
             may not start there). Jump: sliders of both sides pass through that piece until the opponent has moved. \
             A spell type rests two turns after use; promotions carry no spell. Self-check is legal (confirm with \
             `!`, e.g. `Kd2!`), a captured king loses, and checkmate ends the game."
        }
        VariantId::Sorchess => {
            "**Sorchess** — chess plus one Wizard (W) per side, held in hand at the start. It enters by moving \
             from a rook that has not moved (or moved only by castling) as if it stood there; the rook stays \
             (`Wg4`, or `Wh1-g4` to name the rook). The Wizard leaps (3,1) or steps one square diagonally, \
             capturing either way, and once per game may step one square orthogonally without capturing. \
             Only one Wizard per side on the board: a pawn may promote to one (`e8=W`) while yours is not \
             on the board, and after your Wizard is captured your only Knight may become one on its first \
             arrival at the enemy king's square (`Nf6-e8=W`) — decline once and the chance is gone."
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
