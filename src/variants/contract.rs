//! The game contract's core: [`Rules`], what a variant's rules are (how a game starts,
//! what it asks, its legal answers, playing one, what a viewer sees, how it ended).
//! What a game shows players ([`Presentation`]), how it is exported ([`Export`]) and
//! how the computer plays it ([`Tuning`]) are traits of their own, each with defaults
//! a game can do without; every variant implements all four.

use super::{Ask, GameRng, OptionDecl, Options, Outcome, PlayError, Played};
use super::{Export, Presentation, Tuning};
use crate::core::view::{View, Viewer};
use crate::core::Side;
use crate::i18n::Msg;
use rand::SeedableRng;

/// One variant's rules, pure and deterministic given the generator.
///
/// Required: how to construct a game (`new`, `from_fen`) and write it (`fen`), the
/// question asked (`ask`), its legal answers (`legal_texts`), playing one (`play`),
/// what a viewer sees (`view`) and how the rules ended it (`outcome`). The rest is
/// declared as data (name, timeout rule, options) or has a default that a variant
/// overrides only when it has something to say. What players are shown is
/// [`Presentation`], the PGN and UCI export [`Export`], the computer player's knowledge
/// [`Tuning`]: a variant implements those beside this one. [`Game`] makes the turn and
/// game-over checks for every variant: `play` is only called for the side asked while
/// the game is not over, and a refused answer is rolled back by it.
///
/// [`Game`]: super::Game
/// [`check_options`]: super::check_options
pub trait Rules: Sized + Clone + Presentation + Export + Tuning {
    /// The variant's name in messages (`Chess`).
    const NAME: &'static str;

    /// What a turn whose time runs out becomes: `Some(answer)` is played for the late
    /// player, so the turn passes; `None` lets the opponent claim the win.
    const TIMEOUT_ANSWER: Option<&'static str> = None;

    /// The options a challenge may give (`wands:moderated`): name, choices, default.
    /// `new` and `from_fen` check the given ones with [`check_options`]; `/rules` and
    /// the challenge's autocomplete list them. Most variants have none.
    const OPTIONS: &'static [OptionDecl] = &[];

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
        super::FIDE_DRAW_CLAIMS
    }

    /// Whether this game draws on the generator (dice, card deals, wand kinds,
    /// misfires): such a game commits to its seed when it starts and reveals it at
    /// the end (the fairness check of `docs/export.md`). Required, never a default:
    /// every variant states it (`variants::tests` checks it against seeded games).
    fn uses_randomness(&self) -> bool;

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

/// Code that works on any variant's [`Rules`], run by [`Game::visit`](super::Game::visit) on the game's
/// state (the computer player is written this way, once for every game).
pub trait RulesVisitor {
    type Output;
    fn visit<R: Rules>(self, rules: &R) -> Self::Output;
}
