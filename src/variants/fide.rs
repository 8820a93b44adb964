//! Draw bookkeeping shared by the FIDE-based variants (C1, C4): repetition counts
//! and the move-count rules.

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
pub fn automatic_draw(reps: &Repetitions, halfmoves: u32) -> Option<crate::i18n::Msg> {
    let key = if reps.count_current() >= 5 {
        "reason-fivefold"
    } else if halfmoves >= 150 {
        "reason-seventy-five-moves"
    } else {
        return None;
    };
    Some(crate::i18n::Msg::new(key))
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
