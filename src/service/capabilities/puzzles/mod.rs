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
mod daily;
pub mod harvest;
mod mine;
pub mod page;
mod picker;
mod shown;

pub(in crate::service) use bank::load_shipped;
pub(in crate::service) use mine::from_review as own_puzzles_of_review;
pub(in crate::service) use picker::PuzzlePress;

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
        self.puzzle_seen(ctx, ask, None)
    }

    /// The replies kept for a request whose key was handled before (a redelivery).
    fn puzzle_kept(&self, ctx: &Context) -> Option<Vec<Reply>> {
        let k = ctx.key.as_ref()?;
        match self.store.replies(k) {
            Ok(Some(stored)) => Some(self.redelivered(ctx.lang, stored)),
            Ok(None) => None,
            Err(e) => Some(vec![Reply::refusal(store_refusal(ctx.lang, &e))]),
        }
    }

    /// [`Service::puzzle`]; an answer is refused unless the open puzzle and step are
    /// still `seen` (when given: a picker's answer names the step it was built at).
    fn puzzle_seen(&self, ctx: &Context, ask: PuzzleAsk, mut seen: Seen) -> Vec<Reply> {
        let lang = ctx.lang;
        if let Some(kept) = self.puzzle_kept(ctx) {
            return kept;
        }
        for _ in 0..=refresh::RETRIES {
            let planned = match (&ask.answer, ask.daily) {
                (Some(text), _) => self.plan_answer(ctx, &ask, text, &mut seen),
                (None, Some(day)) => self.plan_show_daily(ctx, day),
                (None, None) if self.asks_own(ctx, &ask) => self.plan_show_mine(ctx, &ask),
                (None, None) => self.plan_show(ctx, &ask),
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
