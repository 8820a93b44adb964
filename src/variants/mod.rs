//! The games. Each variant implements [`Rules`]; [`Game`] wraps one behind a closed
//! enum together with the game's seeded random generator and its final result, so
//! the service and the front ends never special-case a variant.
//!
//! Owns the rules of every game (`Rules`, `Game`, declared options, actions). May
//! import `core`, and `i18n` for the words of the move picker.

pub mod action;
pub mod chess_eval;
pub mod eval;
pub mod fide;
pub mod options;
pub mod picker;
pub mod reasons;
pub mod sorchess;
pub mod spell;
pub mod standard;
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
pub use options::{check_options, Choice, OptionDecl};

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
    /// The question in a few words, without an example; [`Rules::prompt`] adds what to
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
            PlayError::Refused(m) => m.clone(),
            PlayError::Finished => Msg::new("refusal-game-over"),
            PlayError::NotYourTurn => Msg::new("variants-not-your-turn"),
        }
    }

    /// The refusal in `lang`: what the service replies.
    pub fn text_in(&self, lang: crate::i18n::Lang) -> String {
        self.msg().in_lang(lang)
    }
}

/// One variant's rules, pure and deterministic given the generator.
///
/// Required: how to construct a game (`new`, `from_fen`) and write it (`fen`), the
/// question asked (`ask`), its legal answers (`legal_texts`), playing one (`play`),
/// what a viewer sees (`view`) and how the rules ended it (`outcome`). The rest is
/// declared as data (name, rules text, worked example, legend, timeout rule, longest
/// answer) or has a default that a variant overrides only when it has something to
/// say. [`Game`] makes the turn and game-over checks for every variant: `play` is only
/// called for the side asked while the game is not over, and a refused answer is rolled
/// back by it.
pub trait Rules: Sized + Clone {
    /// The variant's name in messages (`Chess`).
    const NAME: &'static str;
    /// The catalog key (`rules-<id>`) of a short guide for `/rules`: the rules in
    /// brief and the exact text of every special action.
    const RULES: &'static str;
    /// A worked example from the rules document, drawn under `/rules`.
    const EXAMPLE: Option<WorkedExample> = None;
    /// What a turn whose time runs out becomes: `Some(answer)` is played for the late
    /// player, so the turn passes; `None` lets the opponent claim the win.
    const TIMEOUT_ANSWER: Option<&'static str> = None;
    /// The most words one answer of this game may take: a plain chat line with more is
    /// never read as an answer (the front ends' chat-line policy).
    const ANSWER_WORDS: usize = 6;
    /// The options a challenge may give (`wands:moderated`): name, choices, default.
    /// `new` and `from_fen` check the given ones with [`check_options`]; `/rules` and
    /// the challenge's autocomplete list them. Most variants have none.
    const OPTIONS: &'static [OptionDecl] = &[];

    /// The badges and marks this variant's pictures may show beyond the common ones,
    /// with their meaning (`/legend`), as messages ([`LegendEntry::write_in`]).
    ///
    /// [`LegendEntry::write_in`]: crate::core::view::LegendEntry::write_in
    fn legend() -> Vec<crate::core::view::LegendEntry> {
        Vec::new()
    }

    fn new(options: &Options, rng: &mut GameRng) -> Result<Self, Msg>;
    fn from_fen(fen: &str, options: &Options) -> Result<Self, Msg>;
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
    fn secret(&self, _side: Side) -> Option<Msg> {
        None
    }
    /// The reason the player to move may claim a draw now (threefold, 50 moves).
    /// Default: none.
    fn claimable_draw(&self) -> Option<String> {
        None
    }
    /// The draw rules a player may claim under, for the refusal when none applies.
    fn draw_claim_rules(&self) -> &'static [&'static str] {
        &["threefold repetition", "50-move rule"]
    }
    /// Whether this game draws on the generator (dice, card deals, wand kinds,
    /// misfires): such a game commits to its seed when it starts and reveals it at
    /// the end (the fairness check of `docs/export.md`). Required, never a default:
    /// every variant states it (`variants::tests` checks it against seeded games).
    fn uses_randomness(&self) -> bool;
    /// Whether the game is plain chess, whose export is strict PGN in SAN.
    fn is_plain_chess(&self) -> bool {
        false
    }
    /// The SAN of `answer` in the current position, for games that are plain chess.
    fn san(&self, _answer: &str) -> Option<String> {
        None
    }
    /// The coordinates of `answer` in the current position as the Universal Chess
    /// Interface writes them (`e2e4`, `e7e8q`, castling as the king's two-square move),
    /// for games that are plain chess: how the arena talks to an external engine.
    fn uci(&self, _answer: &str) -> Option<String> {
        None
    }
    /// The starting position as a PGN `FEN` tag, for games that do not start from
    /// chess's initial position. Public information only.
    fn setup_fen(&self) -> Option<String> {
        None
    }
    /// The number of answer paths of `depth` answers. Default: by playing every legal
    /// answer (with a fixed generator); variants override it with faster counting.
    fn perft(&self, depth: u32) -> u64 {
        perft_by_answers(self, depth)
    }
    /// [`Rules::perft`] per legal answer.
    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        self.legal_texts()
            .into_iter()
            .map(|t| {
                let n = answer_child(self, &t)
                    .map_or(0, |c| perft_by_answers(&c, depth.saturating_sub(1)));
                (t, n)
            })
            .collect()
    }
    /// The words asking `ask` of its player: exactly what to type, with an example that
    /// is legal now. It is shown in the channel, so it reveals nothing secret.
    fn prompt(&self, ask: &Ask) -> Msg {
        default_prompt(&ask.question, &self.typed_texts())
    }
    /// The legal answers as a player must type them to be accepted (autocomplete): the
    /// canonical texts unless a variant asks for a confirmation mark.
    fn typed_texts(&self) -> Vec<String> {
        self.legal_texts()
    }

    /// The answers the move picker offers ([`picker`]): by default the typed texts. A
    /// game whose typed answers are parts of a turn offers whole turns instead.
    fn picker_answers(&self) -> Vec<String> {
        self.typed_texts()
    }

    /// How one of [`Rules::picker_answers`] splits into the picker's successive
    /// choices, each with its question and a short label (`Knight g1`, then `f3`).
    /// Default: a chess move as piece, target and promotion; any other text as one step.
    /// The questions and labels are in `lang`; notation stays as typed.
    fn picker_steps(&self, answer: &str, lang: crate::i18n::Lang) -> Vec<picker::Step> {
        picker::default_steps(answer, lang)
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

    /// Whether the game has no hidden information and no chance (nothing drawn from
    /// the generator, nothing secret), so the computer player may search it by
    /// alpha-beta instead of sampling. Default: no.
    fn perfect_information(&self) -> bool {
        false
    }

    /// What the players hold in secret, without where it stands on the board (a
    /// takeback is refused across a turn that changes it). By default both players'
    /// secret texts.
    fn secrets_held(&self) -> String {
        format!(
            "{:?}{:?}",
            self.secret(Side::White),
            self.secret(Side::Black)
        )
    }

    /// Whether a game stored under the first ladder (levels 1-5) searched this game by
    /// alpha-beta at its top level, as chess and Sorchess did. Wizard Walls was searched
    /// by the tree search then, and its stored games keep that search. Default: the same
    /// as [`Rules::perfect_information`].
    fn first_ladder_alpha_beta(&self) -> bool {
        self.perfect_information()
    }

    /// How many nodes of the alpha-beta search's budget one node of this game counts
    /// for: a game whose answers are whole turns of several actions lists far more at
    /// each node than chess, and a level's budget should cost about the same time in
    /// every game. Default: 1.
    fn search_node_weight(&self) -> u64 {
        1
    }

    /// The alpha-beta budget of `level` (3-8) in this game, in chess's nodes (before
    /// [`Rules::search_node_weight`] divides it), where chess's table
    /// (`engine::alpha_beta_nodes`) does not suit it; `None` keeps chess's. A search
    /// whose budget ends inside a depth plays that depth's predecessor's answer, so a
    /// game whose depths cost far more than chess's wants its low levels to reach the
    /// next depth. Default: `None`.
    fn alpha_beta_level_nodes(&self, _level: u8) -> Option<u64> {
        None
    }

    /// How the computer plays `level` (1-8) of today's ladder in this game, where the
    /// budgets alone do not space the levels (a game whose search stops growing
    /// stronger past some budget, or grows in tiers by completed depth): `None` keeps
    /// the plain ladder (`engine::level_plan`). Default: `None`.
    fn level_plan(&self, _level: u8) -> Option<LevelPlan> {
        None
    }

    /// A hash of everything that decides the game from here on (the transposition
    /// table of the alpha-beta search), or `None` to search without one.
    fn search_key(&self) -> Option<u64> {
        None
    }

    /// [`Rules::candidate_texts`], each with how much it wins at once, for the order of
    /// the alpha-beta search and its quiescence search (which follows only answers
    /// with a gain above 0: captures and promotions in chess). Default: no gains.
    fn candidates_with_gain(&self) -> Vec<(String, i32)> {
        self.candidate_texts().into_iter().map(|t| (t, 0)).collect()
    }

    /// The answers that win something at once (captures), each with its gain above 0:
    /// the quiescence search of the alpha-beta search follows them, and the tree search
    /// plays them out beyond its leaves, so that a piece left en prise is seen. A variant
    /// with gains in [`Rules::candidates_with_gain`] lists the same ones here, without
    /// writing out the others. Default: none (the evaluation alone judges a leaf).
    fn tactical_candidates(&self) -> Vec<(String, i32)> {
        Vec::new()
    }
}

/// The game after the asked side plays `text`, with a fixed generator (perft).
fn answer_child<R: Rules>(rules: &R, text: &str) -> Option<R> {
    let side = rules.ask()?.side;
    let mut next = rules.clone();
    next.play(side, text, &mut GameRng::seed_from_u64(0)).ok()?;
    Some(next)
}

/// Perft by playing answers: the default of [`Rules::perft`].
pub fn perft_by_answers<R: Rules>(rules: &R, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if rules.ask().is_none() {
        return 0;
    }
    let texts = rules.legal_texts();
    if depth == 1 {
        return texts.len() as u64;
    }
    texts
        .iter()
        .filter_map(|t| answer_child(rules, t))
        .map(|c| perft_by_answers(&c, depth - 1))
        .sum()
}

/// A legal answer to show as an example: one from the middle of the list, so that it
/// is not always the corner square or the rook's pawn.
pub fn example(texts: &[String]) -> Option<&str> {
    texts.get(texts.len() / 2).map(String::as_str)
}

/// `` `a` ``, `` `a` or `b` ``, `` `a`, `b` or `c` ``.
pub fn either(items: &[String]) -> Msg {
    let quoted: Vec<String> = items.iter().map(|t| format!("`{t}`")).collect();
    match quoted.as_slice() {
        [] => Msg::text(""),
        [one] => Msg::text(one.as_str()),
        [rest @ .., last] => Msg::new("notation-or")
            .with("a", rest.join(", "))
            .with("b", last),
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

/// Two parts of a prompt: `your move, e.g. `e4`; your Wizard enters ...`.
pub fn and_then(first: Msg, then: Msg) -> Msg {
    Msg::new("join-semicolon").with("a", first).with("b", then)
}

/// `your move, e.g. `e4``, or `your move` without an example.
pub fn your_move(example: Option<&str>) -> Msg {
    let what = Question::Move.prompt();
    match example {
        Some(ex) => Msg::new("prompt-example")
            .with("what", what)
            .with("example", ex),
        None => what,
    }
}

/// The generic prompt: the question in words and a legal example, or the whole list
/// when it is short.
pub fn default_prompt(question: &Question, texts: &[String]) -> Msg {
    let what = question.prompt();
    let Some(ex) = example(texts) else {
        return what;
    };
    if texts.len() <= 6 && *question != Question::Move {
        Msg::new("prompt-choices")
            .with("what", what)
            .with("choices", either(texts))
    } else {
        Msg::new("prompt-example")
            .with("what", what)
            .with("example", ex)
    }
}

/// Code that works on any variant's [`Rules`], run by [`Game::visit`] on the game's
/// state (the computer player is written this way, once for every game).
pub trait RulesVisitor {
    type Output;
    fn visit<R: Rules>(self, rules: &R) -> Self::Output;
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
                    $(VariantId::$id => <$ty as Rules>::RULES,)*
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
                    $(VariantId::$id => <$ty as Rules>::EXAMPLE,)*
                }
            }

            fn legend_entries(self) -> Vec<crate::core::view::LegendEntry> {
                match self {
                    $(VariantId::$id => <$ty as Rules>::legend(),)*
                }
            }
        }

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

/// The plain ladder's level 1 draws its answers with this scale ([`LevelPlan::plain`]):
/// hundredths of a pawn.
pub const WANDER: f64 = 120.0;

/// How one level of the computer's ladder plays ([`Rules::level_plan`]): the search
/// of some level's budget, except that a share of its answers are drawn instead from
/// the answers one move ahead, each weighted by how it scores there. A level made
/// weaker this way keeps the speed of its search and replays from its seed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelPlan {
    /// The level whose budget searches (its iterations or alpha-beta nodes).
    pub search: u8,
    /// The share of answers drawn instead (0 to 1; 1: every answer, no search).
    pub stray: f64,
    /// The draw's scale: an answer's weight falls by e for each this many hundredths
    /// of a pawn it scores below the best one-move-ahead score (`f64::INFINITY`: all
    /// alike).
    pub wander: f64,
    /// Whether the draw is among the sound answers only (nothing left en prise in one
    /// move, the king never left capturable when it need not be), or among all.
    pub sound: bool,
    /// For a draw among the sound answers: the most material (hundredths of a pawn) an
    /// answer may lose by the captures, in the worst of the root's draws, against the
    /// sound answer that loses least; `None`: the engine's own, a pawn and a half.
    pub keep: Option<i32>,
}

impl LevelPlan {
    /// The plain ladder's `level`: it searches its own budget, and level 1 draws every
    /// answer among all, with the scale [`WANDER`].
    pub fn plain(level: u8) -> LevelPlan {
        LevelPlan {
            search: level,
            stray: if level <= 1 { 1.0 } else { 0.0 },
            wander: WANDER,
            sound: false,
            keep: None,
        }
    }

    /// Every answer drawn one move ahead, none searched: each weighted by how it
    /// scores there (its weight falls by e for each `wander` hundredths of a pawn below
    /// the best; `f64::INFINITY`: all alike), among all answers or only the sound ones.
    pub fn drawn(wander: f64, sound: bool) -> LevelPlan {
        LevelPlan {
            search: 1,
            stray: 1.0,
            wander,
            sound,
            keep: None,
        }
    }

    /// The search of level `search`'s budget, except that a share `stray` of the
    /// answers are drawn at random among the sound ones (the first few drawn answers
    /// cost the most strength, so the shares fall fast towards the top).
    pub fn straying(search: u8, stray: f64) -> LevelPlan {
        LevelPlan {
            search,
            stray,
            wander: f64::INFINITY,
            sound: true,
            keep: None,
        }
    }

    /// This plan with its drawn sound answers keeping more: none that may lose more
    /// than `keep` hundredths of a pawn of material in any of the root's draws while
    /// another sound answer keeps it (a zap with an unknown wand at one's own pawn).
    pub fn keeping(self, keep: i32) -> LevelPlan {
        LevelPlan {
            keep: Some(keep),
            ..self
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
    /// The catalog key of what it shows (`caption-<id>`).
    pub caption: &'static str,
}

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
