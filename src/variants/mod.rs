//! The games. Each variant implements [`Rules`]; [`Game`] wraps one behind a closed
//! enum together with the game's seeded random generator and its final result, so
//! the service and the front ends never special-case a variant.
//!
//! Owns the rules of every game (`Rules`, `Game`, declared options, actions). May
//! import `core`, and `i18n` for the words of the move picker.

pub mod action;
pub mod chess_eval;
pub mod chess_like;
mod contract;
pub mod eval;
mod export;
pub mod fide;
pub mod options;
pub mod picker;
mod presentation;
pub mod reasons;
pub mod sorchess;
pub mod spell;
pub mod standard;
mod tuning;
pub mod walls;
pub mod wand;
pub mod wickets;

use crate::core::notation::NotationError;
use crate::core::view::{View, Viewer};
use crate::core::Side;
use crate::i18n::Msg;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

pub use action::ActionKind;
pub use contract::{perft_by_answers, Rules, RulesVisitor};
pub use export::Export;
pub use options::{check_options, Choice, OptionDecl};
pub use presentation::{
    and_then, default_prompt, either, example, your_move, Presentation, WorkedExample,
};
pub use tuning::{count_work, work, LevelPlan, Tuning, WANDER};

/// The game's random generator; its state is stored with the game.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// Variant options as typed in `/challenge` (`wands:moderated`), as given (no default
/// is written in), checked against the variant's [`Rules::OPTIONS`] by [`check_options`].
pub type Options = BTreeMap<String, String>;

impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The draw rules a FIDE-based game may be claimed under: the default of
/// [`Rules::draw_claim_rules`].
pub const FIDE_DRAW_CLAIMS: &[&str] = &["threefold repetition", "50-move rule"];

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Win {
        winner: Side,
        #[serde(deserialize_with = "reasons::read")]
        reason: Msg,
    },
    Draw {
        #[serde(deserialize_with = "reasons::read")]
        reason: Msg,
    },
    /// Called off before it really began; counts for nobody.
    Aborted,
}

impl Outcome {
    /// `winner` wins by `reason` (a `reason-*` message).
    pub fn win(winner: Side, reason: Msg) -> Outcome {
        Outcome::Win { winner, reason }
    }

    /// A draw by `reason` (a `reason-*` message).
    pub fn draw(reason: Msg) -> Outcome {
        Outcome::Draw { reason }
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

    /// How the game ended: `White wins by checkmate`.
    pub fn msg(&self) -> Msg {
        match self {
            Outcome::Win { winner, reason } => Msg::new("outcome-win")
                .with("winner", side_msg(*winner))
                .with("reason", reason.clone()),
            Outcome::Draw { reason } => Msg::new("outcome-draw").with("reason", reason.clone()),
            Outcome::Aborted => Msg::new("outcome-aborted"),
        }
    }

    /// [`Outcome::msg`] in `lang`.
    pub fn describe_in(&self, lang: crate::i18n::Lang) -> String {
        self.msg().in_lang(lang)
    }

    /// The reason alone, in `lang` (`checkmate`, `Schachmatt`); empty when aborted.
    pub fn reason_in(&self, lang: crate::i18n::Lang) -> String {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason.in_lang(lang),
            Outcome::Aborted => String::new(),
        }
    }

    /// Whether the rules ended the game by `reason` (`reason-checkmate`).
    pub fn is_by(&self, reason: &str) -> bool {
        match self {
            Outcome::Win { reason: r, .. } | Outcome::Draw { reason: r } => r.key() == reason,
            Outcome::Aborted => false,
        }
    }
}

/// A side's name as a message (`White`, `Weiß`).
pub fn side_msg(side: Side) -> Msg {
    match side {
        Side::White => Msg::new("variants-white"),
        Side::Black => Msg::new("variants-black"),
    }
}

/// A piece's name as a message, capitalised in English (`Knight`, `Springer`).
pub fn role_msg(role: crate::core::Role) -> Msg {
    Msg::new(format!("role-{}", role.name().to_ascii_lowercase()))
}

/// A piece's name inside a sentence (`the knight on e4`, `der Springer auf e4`).
pub fn role_word(role: crate::core::Role) -> Msg {
    Msg::new(format!("piece-{}", role.name().to_ascii_lowercase()))
}

/// A side's name in `lang` (`White`, `Weiß`).
pub fn side_name(side: Side, lang: crate::i18n::Lang) -> String {
    side_msg(side).in_lang(lang)
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.msg().fmt(f)
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
    /// Wickets: the new Defender is named.
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
    /// The question in a few words, without an example; [`Presentation::prompt`] adds what to
    /// type, taken from the legal answers.
    pub fn prompt(&self) -> Msg {
        Msg::new(match self {
            Question::Move => "question-move",
            Question::TeleportSquare => "question-teleport",
            Question::BallSquare => "question-ball-square",
            Question::NewDefender => "question-defender",
            Question::Card => "question-card",
            Question::Sacrifice => "question-sacrifice",
            Question::Throw => "question-throw",
            Question::SetupWalls => "question-setup-walls",
            Question::SetupTeam => "question-setup-team",
        })
    }

    /// [`Question::prompt`] in `lang`.
    pub fn prompt_in(&self, lang: crate::i18n::Lang) -> String {
        self.prompt().in_lang(lang)
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
    pub events: Vec<Msg>,
    /// Private messages for one player (secret information).
    pub private: Vec<(Side, Msg)>,
}

/// Why an answer was refused; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("{0}")]
    Notation(#[from] NotationError),
    #[error("{0}")]
    Refused(Msg),
    /// The text cannot be read as an answer at all, in the variant's own words (a
    /// variant whose grammar is its own; chess-like ones say [`NotationError::Syntax`]).
    #[error("{0}")]
    Unreadable(Msg),
    #[error("{}", crate::i18n::tr(crate::i18n::Lang::En, "refusal-game-over"))]
    Finished,
    #[error("{}", Msg::new("variants-not-your-turn"))]
    NotYourTurn,
}

impl PlayError {
    /// The refusal as a message ([`fmt::Display`] is English).
    pub fn msg(&self) -> Msg {
        match self {
            PlayError::Notation(e) => e.msg(),
            PlayError::Refused(m) | PlayError::Unreadable(m) => m.clone(),
            PlayError::Finished => Msg::new("refusal-game-over"),
            PlayError::NotYourTurn => Msg::new("variants-not-your-turn"),
        }
    }

    /// The text could not be read as an answer at all (chat, say), as opposed to an
    /// answer read and refused.
    pub fn unreadable(&self) -> bool {
        matches!(
            self,
            PlayError::Notation(NotationError::Syntax { .. }) | PlayError::Unreadable(_)
        )
    }

    /// The refusal in `lang`: what the service replies.
    pub fn text_in(&self, lang: crate::i18n::Lang) -> String {
        self.msg().in_lang(lang)
    }
}

/// A position given as FEN that cannot be read; `detail` is the parser's own words.
pub fn fen_error(detail: impl std::fmt::Display) -> Msg {
    let detail = detail.to_string();
    let detail = detail.strip_prefix("invalid FEN: ").unwrap_or(&detail);
    Msg::new("fen-unreadable").with("detail", detail)
}

/// A FEN's text that should be a square and is not (the parsers' words are English).
pub fn fen_square(text: &str) -> String {
    Msg::new("variants-fen-not-a-square")
        .with("text", text)
        .to_string()
}

macro_rules! variants {
    ($($id:ident = $name:literal => $ty:ty),* $(,)?) => {
        /// Variant ids, the same in the CLI, the commands and the store.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum VariantId {
            $(#[serde(rename = $name)] $id,)*
        }

        const VARIANT_COUNT: usize = [$($name),*].len();

        impl VariantId {
            pub const ALL: [VariantId; VARIANT_COUNT] = [$(VariantId::$id),*];

            /// The id typed in commands and kept in the store (`walls-full`).
            pub fn id(self) -> &'static str {
                match self {
                    $(VariantId::$id => $name,)*
                }
            }

            /// The name in messages, as the variant declares it.
            pub fn name(self) -> &'static str {
                match self {
                    $(VariantId::$id => <$ty as Rules>::NAME,)*
                }
            }

            /// What a turn whose time runs out becomes, as the variant declares it:
            /// `Some(answer)` is played for the late player, so the turn passes;
            /// `None` lets the opponent claim the win.
            pub fn timeout_answer(self) -> Option<&'static str> {
                match self {
                    $(VariantId::$id => <$ty as Rules>::TIMEOUT_ANSWER,)*
                }
            }

            fn rules(self) -> &'static str {
                match self {
                    $(VariantId::$id => <$ty as Presentation>::RULES,)*
                }
            }

            /// The options the variant declares.
            pub fn options(self) -> &'static [OptionDecl] {
                match self {
                    $(VariantId::$id => <$ty as Rules>::OPTIONS,)*
                }
            }

            fn example(self) -> Option<WorkedExample> {
                match self {
                    $(VariantId::$id => <$ty as Presentation>::EXAMPLE,)*
                }
            }

            fn legend_entries(self) -> Vec<crate::core::view::LegendEntry> {
                match self {
                    $(VariantId::$id => <$ty as Presentation>::legend(),)*
                }
            }
        }

        /// The rules state of a game, one arm per playable variant.
        // Kept by value: Wand Chess's arm (a state per square) is about twice the next
        // one, and a game holds one state, so boxing it would save nothing.
        #[allow(clippy::large_enum_variant)]
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

            fn create(v: VariantId, options: &Options, rng: &mut GameRng) -> Result<Self, Msg> {
                match v {
                    $(VariantId::$id => Ok(VariantState::$id(<$ty as Rules>::new(options, rng)?)),)*
                    #[allow(unreachable_patterns)]
                    other => Err(unavailable(other)),
                }
            }

            fn create_from_fen(v: VariantId, fen: &str, options: &Options) -> Result<Self, Msg> {
                match v {
                    $(VariantId::$id => Ok(VariantState::$id(<$ty as Rules>::from_fen(fen, options)?)),)*
                    #[allow(unreachable_patterns)]
                    other => Err(unavailable(other)),
                }
            }

            /// The most words an answer of any variant may take.
            pub fn max_answer_words() -> usize {
                [$(<$ty as Presentation>::ANSWER_WORDS,)*].into_iter().max().unwrap_or(1)
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

fn unavailable(v: VariantId) -> Msg {
    Msg::new("variants-unavailable").with("variant", v.name())
}

impl VariantId {
    /// The variant of a challenge that names none.
    pub const DEFAULT: VariantId = VariantId::Standard;

    pub fn parse(text: &str) -> Option<VariantId> {
        let t = text.trim().to_lowercase().replace(' ', "-");
        VariantId::ALL.into_iter().find(|v| {
            // Its id (`standard`), or the name players see in any language (`Chess`,
            // `Wand Chess`, `Schach`, also `wand-chess`), as issue 28's newcomers typed
            // them.
            v.id() == t
                || crate::i18n::Lang::ALL
                    .into_iter()
                    .any(|lang| v.name_in(lang).to_lowercase().replace(' ', "-") == t)
        })
    }

    /// The game's name in `lang` (`Schach`), from the catalog's `variant-name-<id>`.
    pub fn name_in(self, lang: crate::i18n::Lang) -> String {
        self.name_msg().in_lang(lang)
    }

    /// The game's name as a message (`variant-name-<id>`).
    pub fn name_msg(self) -> Msg {
        Msg::new(format!("variant-name-{}", self.id()))
    }

    /// Variants that can be played in this build.
    pub fn available() -> Vec<VariantId> {
        VariantId::ALL
            .into_iter()
            .filter(|v| VariantState::supports(*v))
            .collect()
    }
}

// THE variant list: a game's id, and the type implementing its [`Rules`]. Everything
// else about a variant lives in its own folder. The order is the order of lists
// (`/rules`, `/legend`, the command choices) and of `VariantId`'s `Ord`.
variants! {
    Standard = "standard" => standard::StandardGame,
    Wand = "wand" => wand::WandGame,
    Walls = "walls" => walls::WallsBasic,
    WallsFull = "walls-full" => walls::WallsFull,
    Wickets = "wickets" => wickets::WicketsGame,
    Spell = "spell" => spell::SpellGame,
    Sorchess = "sorchess" => sorchess::SorchessGame,
}

mod game;

pub use game::Game;

/// The worked example of a variant, if it has one.
pub fn worked_example(v: VariantId) -> Option<WorkedExample> {
    v.example()
}

/// The English text of the catalog's message `key` (a guide, a caption), kept for the
/// program's life: those are read as `&'static str`, and their keys are few and fixed.
fn static_en(key: &'static str) -> &'static str {
    use std::sync::{LazyLock, Mutex};
    static TEXTS: LazyLock<Mutex<BTreeMap<&'static str, &'static str>>> =
        LazyLock::new(|| Mutex::new(BTreeMap::new()));
    let mut texts = TEXTS.lock().unwrap_or_else(|e| e.into_inner());
    texts
        .entry(key)
        .or_insert_with(|| Box::leak(crate::i18n::tr(crate::i18n::Lang::En, key).into_boxed_str()))
}

/// The caption of a variant's worked example in `lang`.
pub fn example_caption_in(v: VariantId, lang: crate::i18n::Lang) -> Option<String> {
    worked_example(v).map(|ex| crate::i18n::tr(lang, ex.caption))
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
    Some((game, static_en(ex.caption)))
}

/// A short guide to a variant, for `/rules`: the rules in brief and the exact text of
/// every special action.
pub fn rules_text(v: VariantId) -> &'static str {
    static_en(v.rules())
}

/// [`rules_text`] in `lang`.
pub fn rules_text_in(v: VariantId, lang: crate::i18n::Lang) -> String {
    crate::i18n::tr(lang, v.rules())
}

/// The options part of a variant's `/rules`, written from its declared options.
pub fn options_guide(v: VariantId) -> String {
    options::guide(v.options())
}

/// [`options_guide`] in `lang`.
pub fn options_guide_in(v: VariantId, lang: crate::i18n::Lang) -> String {
    options::guide_in(v.options(), lang)
}

/// Every badge and mark a variant's pictures may show, with its meaning (`/legend`),
/// built from the same data the variant's view uses.
pub fn legend(v: VariantId) -> Vec<crate::core::view::LegendEntry> {
    let mut out = crate::core::view::common_legend();
    out.extend(v.legend_entries());
    out
}

/// [`legend`] in `lang`: its meanings and badge words.
pub fn legend_in(v: VariantId, lang: crate::i18n::Lang) -> Vec<crate::core::view::LegendEntry> {
    let mut out = legend(v);
    for e in &mut out {
        e.write_in(lang);
    }
    out
}

#[cfg(test)]
mod tests;
