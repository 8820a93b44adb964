//! Puzzles to solve (`/puzzle`, issue 51): one shown near the player's puzzle rating,
//! answered step by step, rated as one Glicko-2 game between the player and the
//! puzzle. A puzzle and the player's book are read, the answer judged
//! ([`crate::puzzles::solve`]) and both written back checked against what was read: an
//! answer counted by another process meanwhile makes this one a conflict, planned
//! again on what is stored now (where it is refused when the puzzle moved on).
//!
//! Owns the puzzle players' rules. May import the service's own modules, `store`,
//! `puzzles` and `ratings`.

mod answer;
mod bank;
pub mod harvest;
mod mine;
mod shown;

pub(in crate::service) use bank::load_shipped;
pub(in crate::service) use mine::from_review as own_puzzles_of_review;

use crate::service::contract::actions::PuzzleAsk;
use crate::service::contract::api::{Context, Reply};
use crate::service::plumbing::plan::{Durability, Put};
use crate::service::plumbing::refresh;
use crate::service::{Refusal, Service};
use crate::store::StoreError;
use crate::tr;

/// What a `/puzzle` request plans: its replies and what it stores.
type Planned = Result<(Vec<Reply>, Vec<Put>), Refusal>;

/// The open puzzle and step an answer was first read against: planned again after a
/// conflict, it is refused unless the puzzle is still there.
type Seen = Option<(String, usize)>;

impl Service {
    /// `/puzzle`: an answer to the invoker's open puzzle, else a puzzle to solve.
    pub(in crate::service) fn puzzle(&self, ctx: &Context, ask: PuzzleAsk) -> Vec<Reply> {
        let lang = ctx.lang;
        if let Some(k) = &ctx.key {
            match self.store.replies(k) {
                Ok(Some(stored)) => return self.redelivered(lang, stored),
                Ok(None) => {}
                Err(e) => return vec![Reply::refusal(store_refusal(lang, &e))],
            }
        }
        let mut seen: Seen = None;
        for _ in 0..=refresh::RETRIES {
            let planned = match &ask.answer {
                Some(text) => self.plan_answer(ctx, &ask, text, &mut seen),
                None if self.asks_own(ctx, &ask) => self.plan_show_mine(ctx, &ask),
                None => self.plan_show(ctx, &ask),
            };
            let (replies, mut puts) = match planned {
                Ok(p) => p,
                Err(refusal) => return vec![Reply::refusal(refusal)],
            };
            if let Some(key) = &ctx.key {
                match serde_json::to_value(&replies) {
                    Ok(kept) => puts.push(Put::Replies {
                        key: key.clone(),
                        at_ms: self.clock.now_ms(),
                        kept,
                    }),
                    Err(e) => tracing::error!("puzzle replies not kept for redelivery: {e}"),
                }
            }
            match self.write(puts, Durability::Flushed) {
                Ok(()) => return replies,
                Err(StoreError::Conflict { .. }) => continue,
                Err(e) => return vec![Reply::refusal(store_refusal(lang, &e))],
            }
        }
        vec![Reply::refusal(tr!(lang, "puzzle-busy"))]
    }
}

/// The refusal when the store failed.
fn store_refusal(lang: crate::i18n::Lang, e: &StoreError) -> Refusal {
    tracing::error!("store: puzzles: {e}");
    tr!(lang, "refusal-store-failed")
}
