//! Draw bookkeeping shared by the FIDE-based variants (C1, C4): repetition counts
//! and the move-count rules.

use super::Outcome;
use crate::core::Side;
use crate::i18n::Msg;
use serde::{Deserialize, Serialize};

/// Repetition keys of every position since the game began.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Repetitions {
    keys: Vec<u64>,
}

impl Repetitions {
    pub fn new(first: u64) -> Repetitions {
        Repetitions { keys: vec![first] }
    }

    pub fn push(&mut self, key: u64) {
        self.keys.push(key);
    }

    /// How many times the latest position has occurred.
    pub fn count_current(&self) -> usize {
        match self.keys.last() {
            Some(k) => self.keys.iter().filter(|x| *x == k).count(),
            None => 0,
        }
    }
}

/// Automatic draw reasons from counters: fivefold, 75 moves.
pub fn automatic_draw(reps: &Repetitions, halfmoves: u32) -> Option<Msg> {
    let key = if reps.count_current() >= 5 {
        "reason-fivefold"
    } else if halfmoves >= 150 {
        "reason-seventy-five-moves"
    } else {
        return None;
    };
    Some(Msg::new(key))
}

/// Claimable draw reasons: threefold, 50 moves.
pub fn claimable_draw(reps: &Repetitions, halfmoves: u32) -> Option<String> {
    if reps.count_current() >= 3 {
        Some("threefold repetition".to_string())
    } else if halfmoves >= 100 {
        Some("the 50-move rule".to_string())
    } else {
        None
    }
}

/// How FIDE's rules end a position (C1, C4): checkmate or stalemate when the side to
/// move, `mover`, has no legal move (`stuck`: `Some(in_check)` then, `None` otherwise),
/// then insufficient material, then fivefold repetition and the 75-move rule.
pub fn ending(
    mover: Side,
    stuck: Option<bool>,
    insufficient: impl FnOnce() -> bool,
    reps: &Repetitions,
    halfmoves: u32,
) -> Option<Outcome> {
    match stuck {
        Some(true) => return Some(Outcome::win(mover.other(), Msg::new("reason-checkmate"))),
        Some(false) => return Some(Outcome::draw(Msg::new("reason-stalemate"))),
        None => {}
    }
    if insufficient() {
        return Some(Outcome::draw(Msg::new("reason-insufficient-material")));
    }
    automatic_draw(reps, halfmoves).map(Outcome::draw)
}

/// The event after a move that gives check: checkmate when the game ended so.
pub fn check_event(in_check: bool, outcome: Option<&Outcome>) -> Option<Msg> {
    match outcome {
        Some(o) if o.is_by("reason-checkmate") => Some(Msg::new("event-checkmate")),
        _ if in_check => Some(Msg::new("event-check")),
        _ => None,
    }
}
