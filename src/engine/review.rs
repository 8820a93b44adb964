//! The post-game review: every turn of a finished game replayed and judged by the
//! engine (the position before and after, from the mover's side, and the engine's best
//! answer there), the largest drops in winning chances marked as mistakes (`?`) and
//! blunders (`??`), and each side's three largest with the better answer.
//!
//! Unlike play, the review searches the real state and never a determinisation: the
//! game is over, so nothing is hidden any more (the opponent's wands and hand, the draw
//! pile are all known), and judging a turn by what was really there is the point.
//! Random effects inside the search are still drawn from the engine's own generator.

use super::leaf::{outcome_value, white_value as for_side};
use super::{alphabeta, search, Settings, DEFAULT_LEVEL};
use crate::core::Side;
use crate::variants::{Game, GameRng, Options, Rules, RulesVisitor, VariantId};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

/// The level whose search budget judges each position by default (the default level
/// of play: a 60-turn review stays well within half a minute of one core).
pub const REVIEW_LEVEL: u8 = DEFAULT_LEVEL;
/// Nodes of the alpha-beta search per position in games with perfect information
/// (about a fifteenth of a second of one core in chess).
pub const REVIEW_NODES: u64 = 30_000;
/// Evaluations are shown clamped to this many hundredths of a pawn either way.
pub const CLAMP: i32 = 1000;
/// A drop in the mover's winning chances (0..1) of at least this is a mistake (`?`).
pub const MISTAKE: f64 = 0.10;
/// A drop of at least this is a blunder (`??`).
pub const BLUNDER: f64 = 0.15;
/// How many mistakes of each side the summary names.
pub const WORST: usize = 3;

/// How a turn is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mark {
    Mistake,
    Blunder,
}

impl Mark {
    /// The PGN suffix: `?` or `??`.
    pub fn suffix(self) -> &'static str {
        match self {
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// One turn judged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnReview {
    pub side: Side,
    /// The answers that made the turn, as played.
    pub answers: Vec<String>,
    /// White's winning chances (0..1) before and after the turn.
    pub before: f64,
    pub after: f64,
    /// What the mover lost by this turn, in winning chances: the chances after the
    /// engine's answer less those after the turn played (0 when it was the engine's
    /// own choice or no worse than it).
    pub loss: f64,
    /// The engine's answer in the position before the turn, in the rules' text, and
    /// as players write it (SAN in plain chess, else the same text).
    pub best: Option<String>,
    pub best_shown: Option<String>,
    pub mark: Option<Mark>,
}

impl TurnReview {
    /// The evaluation after the turn, for White, in clamped hundredths of a pawn.
    pub fn centipawns(&self) -> i32 {
        centipawns(self.after)
    }
}

/// A whole game judged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Review {
    /// White's winning chances at the start.
    pub start: f64,
    pub turns: Vec<TurnReview>,
}

impl Review {
    /// `side`'s largest mistakes (marked turns only), largest first, at most
    /// [`WORST`]: indices into `turns`.
    pub fn worst(&self, side: Side) -> Vec<usize> {
        let mut marked: Vec<usize> = (0..self.turns.len())
            .filter(|&i| self.turns[i].side == side && self.turns[i].mark.is_some())
            .collect();
        marked.sort_by(|&a, &b| self.turns[b].loss.total_cmp(&self.turns[a].loss));
        marked.truncate(WORST);
        marked
    }
}

/// White's winning chances as clamped hundredths of a pawn for White.
pub fn centipawns(white: f64) -> i32 {
    // The tree search's own logistic curve, so evaluations and chances are one scale.
    let cp = super::leaf::to_centipawns(white);
    (cp.round() as i32).clamp(-CLAMP, CLAMP)
}

/// The mark a loss of winning chances earns.
pub fn mark_of(loss: f64) -> Option<Mark> {
    if loss >= BLUNDER {
        Some(Mark::Blunder)
    } else if loss >= MISTAKE {
        Some(Mark::Mistake)
    } else {
        None
    }
}

/// White's winning chances in `game` and the engine's answer there (none once over).
fn assess(game: &Game, level: u8, seed: u64) -> (f64, Option<String>) {
    struct Judge {
        side: Side,
        settings: Settings,
    }
    impl RulesVisitor for Judge {
        type Output = Option<(f64, String)>;
        fn visit<R: Rules>(self, rules: &R) -> Option<(f64, String)> {
            // The real state, not a determinisation: the game is over (module note).
            // Alpha-beta where the game has no hidden information and no chance: its
            // quiescence search judges a position without the tree search's lean
            // towards the side to move.
            let d = if rules.perfect_information() {
                alphabeta::run(rules, self.side, &self.settings, REVIEW_NODES)?
            } else {
                let mut rng = GameRng::seed_from_u64(self.settings.seed);
                search::run_seen(rules, self.side, &self.settings, &mut rng, false)?
            };
            let value = d.stats.iter().find(|s| s.0 == d.text).map(|s| s.2)?;
            Some((for_side(value, self.side), d.text))
        }
    }
    if let Some(o) = game.outcome() {
        return (outcome_value(&o), None);
    }
    let Some(ask) = game.ask() else {
        return (0.5, None);
    };
    let settings = Settings::new(level, seed);
    match game.visit(Judge {
        side: ask.side,
        settings,
    }) {
        Some((v, best)) => (v, Some(best)),
        None => (0.5, None),
    }
}

/// Reviews the game of `variant` with `options` and `seed` whose answers were
/// `answers` (as stored, in order), searching each position at `level`. The error
/// names the first answer that does not replay.
pub fn review(
    variant: VariantId,
    options: &Options,
    seed: u64,
    answers: &[String],
    level: u8,
) -> Result<Review, String> {
    let mut game = Game::new(variant, options, seed).map_err(|e| e.to_string())?;
    let search_seed = |i: usize| seed ^ (0x9e37_79b9_7f4a_7c15u64.wrapping_mul(i as u64 + 1));
    let (start, mut best) = assess(&game, level, search_seed(0));
    let mut before = start;
    let mut turns = Vec::new();
    let mut i = 0;
    while i < answers.len() {
        let Some(ask) = game.ask() else {
            return Err(format!(
                "the game is over before answer {} (`{}`)",
                i + 1,
                answers[i]
            ));
        };
        let side = ask.side;
        let best_shown = best
            .as_ref()
            .map(|b| game.san(b).unwrap_or_else(|| b.clone()));
        // The position after the engine's answer, judged like the one after the turn
        // played (the same side to move), so that any lean of the search towards the
        // side to move cancels out of the loss.
        let after_best = best.as_ref().and_then(|b| {
            let mut g = game.clone();
            g.play(side, b).ok()?;
            Some(g)
        });
        let mut played = Vec::new();
        while let Some(a) = game.ask() {
            let text = &answers[i];
            game.play(a.side, text)
                .map_err(|e| format!("answer {} (`{text}`) is refused: {e}", i + 1))?;
            played.push(text.clone());
            i += 1;
            let follows = game.ask().is_some_and(|a| a.question.continues_turn());
            if !follows || i >= answers.len() {
                break;
            }
        }
        let (after, next_best) = assess(&game, level, search_seed(turns.len() + 1));
        let chose_best = best.as_deref() == played.first().map(String::as_str);
        let loss = match after_best {
            _ if chose_best => 0.0,
            Some(g) => {
                let (better, _) = assess(&g, level, search_seed(turns.len() + 1));
                (for_side(better, side) - for_side(after, side)).max(0.0)
            }
            None => (for_side(before, side) - for_side(after, side)).max(0.0),
        };
        turns.push(TurnReview {
            side,
            answers: played,
            before,
            after,
            loss,
            best: best.take(),
            best_shown,
            mark: mark_of(loss),
        });
        before = after;
        best = next_best;
    }
    Ok(Review { start, turns })
}

/// [`review`] at the review's default level.
pub fn review_default(
    variant: VariantId,
    options: &Options,
    seed: u64,
    answers: &[String],
) -> Result<Review, String> {
    review(variant, options, seed, answers, REVIEW_LEVEL)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centipawns_clamp_and_marks_follow_the_thresholds() {
        assert_eq!(centipawns(0.5), 0);
        assert_eq!(centipawns(1.0), CLAMP);
        assert_eq!(centipawns(0.0), -CLAMP);
        assert!(centipawns(0.73) > 240 && centipawns(0.73) < 260);
        assert_eq!(mark_of(0.05), None);
        assert_eq!(mark_of(0.12), Some(Mark::Mistake));
        assert_eq!(mark_of(0.3), Some(Mark::Blunder));
    }

    #[test]
    fn a_hung_queen_is_a_blunder_and_bad_input_is_refused() {
        let answers: Vec<String> = ["e4", "e5", "Qh5", "Nc6", "Qxe5", "Nxe5"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let r = review_default(VariantId::DEFAULT, &Options::default(), 1, &answers);
        let r = r.expect("replays");
        assert_eq!(r.turns.len(), 6);
        assert_eq!(r.turns[4].mark, Some(Mark::Blunder), "{:?}", r.turns[4]);
        assert!(r.worst(Side::White).contains(&4));
        assert!(review_default(
            VariantId::DEFAULT,
            &Options::default(),
            1,
            &["e9".to_string()]
        )
        .is_err());
    }
}
