//! How the computer player plays a game ([`Tuning`]): its evaluation, its view of
//! hidden information, the answers it considers and its search's budgets, with the
//! ladder's [`LevelPlan`].

use super::{eval, GameRng, Rules};
use crate::core::view::Viewer;
use crate::core::Side;
use std::cell::Cell;

thread_local! {
    /// The computer player's work on this thread so far ([`count_work`]).
    static WORK: Cell<u64> = const { Cell::new(0) };
}

/// Counts `n` units of the computer player's work: an answer played or a position
/// scored by the search, a whole turn scored while listing a node's candidates. The
/// searches' second budget (besides iterations and nodes) is a number of these,
/// counted rather than timed, so that an answer depends only on the position and the
/// seed while no position can take a level past its time.
pub fn count_work(n: u64) {
    WORK.with(|w| w.set(w.get().wrapping_add(n)));
}

/// The work counted on this thread so far ([`count_work`]; a search takes differences).
pub fn work() -> u64 {
    WORK.with(Cell::get)
}

/// The computer player's knowledge of a game; every item has a default that suits a
/// game the computer samples without special knowledge.
pub trait Tuning {
    /// How good the position looks for `side`, in hundredths of a pawn, for the
    /// computer player. Default: material and a little piece placement on the board of
    /// `side`'s own view ([`eval::view_score`]).
    fn evaluate(&self, side: Side) -> i32
    where
        Self: Rules,
    {
        eval::view_score(&self.view(Viewer::Player(side)), side)
    }

    /// A state `viewer` cannot tell from this one: the same view and the same own
    /// secret, with everything hidden from `viewer` (the opponent's unknown wands and
    /// cards, the deck order) drawn afresh from `rng`. It must depend only on what
    /// `viewer` may see and on `rng`, so that the computer player cannot peek.
    /// Default: a copy, for games without hidden information.
    fn determinise(&self, _viewer: Side, _rng: &mut GameRng) -> Self
    where
        Self: Rules,
    {
        self.clone()
    }

    /// The answers the computer player considers: by default the legal answers; a game
    /// whose legal answers are parts of a turn lists whole turns instead.
    fn candidate_texts(&self) -> Vec<String>
    where
        Self: Rules,
    {
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
    fn secrets_held(&self) -> String
    where
        Self: Rules,
    {
        format!(
            "{:?}{:?}",
            self.secret(Side::White),
            self.secret(Side::Black)
        )
    }

    /// Whether a game stored under the first ladder (levels 1-5) searched this game by
    /// alpha-beta at its top level, as chess and Sorchess did. Wizard Walls was searched
    /// by the tree search then, and its stored games keep that search. Default: the same
    /// as [`Tuning::perfect_information`].
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

    /// Units of this game's work ([`count_work`]) one core does in a millisecond in its
    /// slowest positions: the searches' second budget is a level's time
    /// (`engine::answer_millis`) in these units, so that no position takes a level past
    /// its time while an ordinary one, which takes less, plays as the level's iterations
    /// or nodes say. Default: 500 (Spell Chess's midgame, 1.7 µs a unit; chess's
    /// alpha-beta, about 2 µs a node, counts an answer played a unit).
    fn search_work_per_milli(&self) -> u64 {
        500
    }

    /// The alpha-beta budget of `level` (3-8) in this game, in chess's nodes (before
    /// [`Tuning::search_node_weight`] divides it), where chess's table
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

    /// [`Tuning::candidate_texts`], each with how much it wins at once, for the order of
    /// the alpha-beta search and its quiescence search (which follows only answers
    /// with a gain above 0: captures and promotions in chess). Default: no gains.
    fn candidates_with_gain(&self) -> Vec<(String, i32)>
    where
        Self: Rules,
    {
        self.candidate_texts().into_iter().map(|t| (t, 0)).collect()
    }

    /// The answers that win something at once (captures), each with its gain above 0:
    /// the quiescence search of the alpha-beta search follows them, and the tree search
    /// plays them out beyond its leaves, so that a piece left en prise is seen. A variant
    /// with gains in [`Tuning::candidates_with_gain`] lists the same ones here, without
    /// writing out the others. Default: none (the evaluation alone judges a leaf).
    fn tactical_candidates(&self) -> Vec<(String, i32)> {
        Vec::new()
    }
}

/// The plain ladder's level 1 draws its answers with this scale ([`LevelPlan::plain`]):
/// hundredths of a pawn.
pub const WANDER: f64 = 120.0;

/// How one level of the computer's ladder plays ([`Tuning::level_plan`]): the search
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

    /// The ladder of a game whose search barely grows stronger with its budget: level 1
    /// draws every answer alike, levels 2-4 draw among all answers with the scales
    /// `wander`, levels 5-7 play `upper`, level 8 its plain search.
    pub fn sampled(level: u8, wander: [f64; 3], upper: [LevelPlan; 3]) -> LevelPlan {
        match level {
            0 | 1 => LevelPlan::drawn(f64::INFINITY, false),
            2..=4 => LevelPlan::drawn(wander[usize::from(level - 2)], false),
            5..=7 => upper[usize::from(level - 5)],
            _ => LevelPlan::plain(level),
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

/// The [`Tuning`] items a game answers from its own `eval` module (named `$eval`):
/// its evaluation, its determinisation for a viewer, its tactical answers and its
/// search's work a millisecond (`WORK_PER_MILLI`).
macro_rules! tuning_from_eval {
    ($eval:ident) => {
        fn evaluate(&self, side: $crate::core::Side) -> i32 {
            $eval::evaluate(self, side)
        }

        fn determinise(
            &self,
            viewer: $crate::core::Side,
            rng: &mut $crate::variants::GameRng,
        ) -> Self {
            $eval::determinise(self, viewer, rng)
        }

        fn tactical_candidates(&self) -> Vec<(String, i32)> {
            $eval::tactical(self)
        }

        fn search_work_per_milli(&self) -> u64 {
            $eval::WORK_PER_MILLI
        }
    };
}
pub(crate) use tuning_from_eval;
