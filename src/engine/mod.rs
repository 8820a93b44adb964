//! The computer player: one Monte Carlo tree search for every game, written against
//! the rules' own interface ([`Rules`]: ask, candidate answers, play, outcome) with
//! per-variant knowledge only in each variant's hooks (`evaluate`, `determinise`, ...);
//! at the top level, games with perfect information are searched by alpha-beta instead.
//!
//! It never peeks: every iteration starts from [`Tuning::determinise`](crate::variants::Tuning::determinise), a state drawn
//! from what the engine's side may see, and every random effect is drawn from the
//! engine's own generator, never from the game's stored one. Strength is a budget of
//! iterations, so a decision depends only on the position seen and the seed.
//!
//! Owns the computer player's search. May import `core` and `variants` only: it plays
//! through the rules' interface and never sees hidden information.

mod alphabeta;
pub mod arena;
pub mod elo;
pub mod ladder;
mod leaf;
pub mod review;
mod search;
pub mod strength;
pub mod uci;

use crate::core::Side;
use crate::variants::{Game, GameRng, LevelPlan, Rules, RulesVisitor};
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// The levels a player may ask for, weakest first (the ladder of docs/engine.md:
/// each level's rating per game is measured by an arena round robin).
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=8;
/// The level of a game against the computer when none is named (the search of the
/// first ladder's default level 3).
pub const DEFAULT_LEVEL: u8 = 6;

/// Nodes of the alpha-beta search per answer at the top level, in games with no hidden
/// information and no chance ([`Tuning::perfect_information`](crate::variants::Tuning::perfect_information)).
pub const ALPHA_BETA_NODES: u64 = 400_000;

/// The alpha-beta search's budget in nodes at `level`, in a game with perfect
/// information, or `None` where that level uses the tree search (levels 1 and 2, and
/// a game stored under the first ladder below its top level, which keeps the tree
/// search it was played with). Each level searches about three times as many nodes as
/// the one below, about one ply deeper.
pub fn alpha_beta_nodes(level: u8, first_ladder: bool) -> Option<u64> {
    if first_ladder {
        return (level >= *LEVELS.end()).then_some(ALPHA_BETA_NODES);
    }
    match level {
        0..=2 => None,
        3 => Some(1_500),
        4 => Some(5_000),
        5 => Some(15_000),
        6 => Some(45_000),
        7 => Some(135_000),
        _ => Some(ALPHA_BETA_NODES),
    }
}

/// Whether `level` searches by alpha-beta in a game with perfect information (the
/// other levels, and every level of the other games, use the tree search).
pub fn uses_alpha_beta(level: u8, first_ladder: bool) -> bool {
    alpha_beta_nodes(level, first_ladder).is_some()
}

/// Search iterations per answer at each level (levels 1 and 2 look one answer ahead
/// only; level 1 then picks among the answers by chance, weighted towards the better).
pub fn iterations(level: u8) -> u32 {
    match level {
        0..=2 => 1,
        3 => 10,
        4 => 40,
        5 => 100,
        6 => 250,
        7 => 800,
        _ => 2000,
    }
}

pub use crate::variants::WANDER;

/// The processor time (milliseconds of one core) an answer of `level` is budgeted, as
/// work ([`work_budget`]): the top levels within their 2 s, the default level and
/// those below it within 1 s, each with a fifth to spare for a slower machine.
pub fn answer_millis(level: u8) -> u64 {
    match level {
        0..=6 => 800,
        _ => 1600,
    }
}

/// The searches' second budget at `root` for an answer of `level`: its time
/// ([`answer_millis`]) in units of the game's work
/// ([`Tuning::search_work_per_milli`](crate::variants::Tuning::search_work_per_milli),
/// counted by [`crate::variants::count_work`]). Counted, not timed: an answer depends
/// only on the position and the seed. It binds only where a position costs several
/// times an ordinary one (a set-up, a crowded midgame); elsewhere the iterations or
/// nodes run out first.
pub fn work_budget<R: Rules>(root: &R, level: u8) -> u64 {
    answer_millis(level).saturating_mul(root.search_work_per_milli())
}

/// How `level` plays in the game `rules` is: the game's own plan
/// ([`Tuning::level_plan`](crate::variants::Tuning::level_plan)), or the plain ladder's ([`LevelPlan::plain`]), where a level
/// searches its own budget and only level 1 draws its answers. A game stored under the
/// first ladder keeps the plain plan it was played with.
pub fn level_plan<R: Rules>(rules: &R, level: u8, first_ladder: bool) -> LevelPlan {
    match first_ladder {
        true => LevelPlan::plain(level),
        false => rules
            .level_plan(level)
            .unwrap_or_else(|| LevelPlan::plain(level)),
    }
}

/// [`level_plan`] for the game `game` is.
pub fn plan(game: &Game, level: u8, first_ladder: bool) -> LevelPlan {
    struct Plan(u8, bool);
    impl RulesVisitor for Plan {
        type Output = LevelPlan;
        fn visit<R: Rules>(self, rules: &R) -> LevelPlan {
            level_plan(rules, self.0, self.1)
        }
    }
    game.visit(Plan(level, first_ladder))
}

/// Salts the seed of the draw that decides whether an answer strays, so that it is
/// independent of the search's own draws.
const STRAY_SALT: u64 = 0x5752_4159_5354_5241;

/// How one search is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub level: u8,
    /// Seeds the engine's own generator (determinisations and random effects).
    pub seed: u64,
    /// Optional cap on thinking time; the iteration budget decides otherwise.
    pub max_time: Option<Duration>,
    /// Spend the whole budget even once the answer can no longer change (tests compare
    /// the two; by default the search stops as soon as its answer is settled).
    pub full_budget: bool,
    /// The game was stored under the first ladder (levels 1-5): it keeps the search it
    /// was played with ([`alpha_beta_nodes`]).
    pub first_ladder: bool,
}

impl Settings {
    pub fn new(level: u8, seed: u64) -> Settings {
        Settings {
            level,
            seed,
            max_time: None,
            full_budget: false,
            first_ladder: false,
        }
    }
}

/// The engine's answer and what the search saw.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The answer to play, in the rules' own text.
    pub text: String,
    /// Root answers with their visit counts and mean value for the engine's side; for
    /// the alpha-beta search, the chosen answer with the depth reached and its value.
    pub stats: Vec<(String, u32, f64)>,
    /// Iterations of the tree search, or nodes of the alpha-beta search.
    pub iterations: u32,
}

/// Chooses `side`'s answer to the question `game` asks now; `None` when `side` is not
/// the one asked (or the game is over or has no legal answer).
pub fn decide(game: &Game, side: Side, settings: &Settings) -> Option<Decision> {
    decide_as(game, side, settings, false)
}

/// [`decide`] by today's levels, or (`first`) by [`decide_first`]'s yardstick.
fn decide_as(game: &Game, side: Side, settings: &Settings, first: bool) -> Option<Decision> {
    if game.ask()?.side != side {
        return None;
    }
    game.visit(Visit {
        side,
        settings,
        first,
    })
}

struct Visit<'a> {
    side: Side,
    settings: &'a Settings,
    /// The arena's `engine:v1` yardstick ([`decide_first`]) rather than today's levels.
    first: bool,
}

impl RulesVisitor for Visit<'_> {
    type Output = Option<Decision>;

    fn visit<R: Rules>(self, rules: &R) -> Option<Decision> {
        if self.first {
            return search::run_first(rules, self.side, self.settings);
        }
        let first_ladder = self.settings.first_ladder;
        let plan = level_plan(rules, self.settings.level, first_ladder);
        if plan.stray > 0.0 {
            let mut draw = GameRng::seed_from_u64(self.settings.seed ^ STRAY_SALT);
            if plan.stray >= 1.0 || draw.gen::<f64>() < plan.stray {
                let mut rng = GameRng::seed_from_u64(self.settings.seed);
                return search::run_drawn(rules, self.side, self.settings, &mut rng, &plan);
            }
        }
        let settings = &Settings {
            level: plan.search,
            ..*self.settings
        };
        if rules.perfect_information() && (!first_ladder || rules.first_ladder_alpha_beta()) {
            if let Some(nodes) = alpha_beta_nodes(settings.level, first_ladder) {
                // Today's levels may have the game's own budgets; a stored first-ladder
                // game keeps the one it was played with.
                let nodes = match first_ladder {
                    false => rules
                        .alpha_beta_level_nodes(settings.level)
                        .unwrap_or(nodes),
                    true => nodes,
                };
                return alphabeta::run(rules, self.side, settings, nodes);
            }
        }
        let mut rng = GameRng::seed_from_u64(settings.seed);
        search::run(rules, self.side, settings, &mut rng)
    }
}

/// The yardstick `engine:v1` of the arena: the first ladder's top level as the issue
/// that asked for a stronger computer found it (commit 272a9fa), the tree search of
/// 2000 iterations with each leaf scored by the variant's evaluation alone, in every
/// game (perfect information too). It runs on today's rules and their evaluations.
pub fn decide_first(game: &Game, side: Side, settings: &Settings) -> Option<Decision> {
    decide_as(game, side, settings, true)
}

/// How much worse than even (hundredths of a pawn, the evaluation's unit) the position
/// must look to the computer before it accepts a draw offer.
pub const DRAW_ACCEPT_BELOW: i32 = -100;

/// The computer's answer to a draw offer in `game`, for `side`: accept when the
/// position looks clearly worse for it than a draw. It judges from what `side` may see
/// (a state drawn as its search draws them, with `seed`), never from hidden
/// information.
pub fn accepts_draw(game: &Game, side: Side, seed: u64) -> bool {
    struct Judge {
        side: Side,
    }
    impl RulesVisitor for Judge {
        type Output = i32;
        fn visit<R: Rules>(self, rules: &R) -> i32 {
            rules.evaluate(self.side)
        }
    }
    let mut rng = GameRng::seed_from_u64(seed);
    let seen = game.determinised(side, &mut rng);
    seen.visit(Judge { side }) < DRAW_ACCEPT_BELOW
}

/// Parses a level typed by a player (`3`, `level:3`): 1-8.
pub fn parse_level(text: &str) -> Result<u8, String> {
    let t = text.trim();
    let t = t.strip_prefix("level:").unwrap_or(t).trim();
    match t.parse::<u8>() {
        Ok(l) if LEVELS.contains(&l) => Ok(l),
        _ => Err(format!(
            "The computer's level is a number from 1 to 8, not `{}`.",
            crate::core::notation::echo(t)
        )),
    }
}
