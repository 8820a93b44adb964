//! `/review [game:<id>]`: the engine's post-game review of a finished game, for its
//! players and spectators alike (never while it runs). The review itself takes seconds,
//! so it runs off the main path: [`Service::handle`] answers with a progress note, and
//! the front end then calls [`Service::review`] on its blocking pool, which reviews,
//! keeps the result in the store (`rv/<game>`) and answers with the graph, the
//! largest mistakes and the annotated export. A second `/review` is answered at once
//! from what was kept.
//!
//! Owns the review's service side. May import the service's own modules, `store`,
//! `engine` and `render`.

use super::api::{Attachment, Context, Reply};
use super::{record, Refusal, Service};
use crate::core::Side;
use crate::engine::review::{review_default, Review, REVIEW_LEVEL};
use crate::render::graph::{eval_graph_png, EvalGraph};
use crate::store::{GameRecord, StoreError, Write};
use crate::variants::Game;

/// A finished game, looked up for its review.
struct Reviewed {
    rec: GameRecord,
    game: Game,
}

fn failed(e: StoreError) -> Refusal {
    tracing::error!("store: {e}");
    "The game store failed; please try again later.".to_string()
}

impl Service {
    /// The finished game `game` (else the last one of the invoker's channel) of the
    /// invoker's server; refused while it runs.
    fn reviewed(&self, ctx: &Context, game: Option<u64>) -> Result<Reviewed, Refusal> {
        let id = match game {
            Some(id) => id,
            None => self
                .store
                .last_game(ctx.channel)
                .map_err(failed)?
                .ok_or("There is no game in this channel; name one: `/review game:<id>`.")?,
        };
        let unknown = || format!("There is no game {id} here.");
        let rec = self.store.game(id).map_err(failed)?.ok_or_else(unknown)?;
        if ctx.server.is_some() && rec.server != ctx.server {
            return Err(unknown());
        }
        let game = rec.replay().map_err(|e| {
            tracing::error!("{e}");
            format!("Game {id} needs attention: its record does not replay.")
        })?;
        if !rec.finished || !game.is_over() {
            return Err(format!(
                "Game {id} is still being played; it can be reviewed once it is over."
            ));
        }
        Ok(Reviewed { rec, game })
    }

    /// The kept review of `game`, if any (a kept value that no longer reads is
    /// reviewed again).
    fn kept_review(&self, game: u64) -> Result<Option<Review>, Refusal> {
        let kept = self.store.review(game).map_err(failed)?;
        Ok(kept.and_then(|bytes| serde_json::from_slice(&bytes).ok()))
    }

    /// `/review`: the kept review at once, else a progress note (the front end then
    /// calls [`Service::review`] off the main path); refused while the game runs.
    pub(super) fn review_request(&self, ctx: &Context, game: Option<u64>) -> Vec<Reply> {
        let r = match self.reviewed(ctx, game) {
            Ok(r) => r,
            Err(refusal) => return vec![Reply::refusal(refusal)],
        };
        match self.kept_review(r.rec.id) {
            Ok(Some(kept)) => review_replies(&r, &kept, self.site_of(&r.rec).as_deref()),
            Ok(None) => vec![Reply::invoker(format!(
                "Reviewing game {} ({} turns): the computer goes through every turn; \
                 the review follows here in a moment.",
                r.rec.id,
                record::answers(&r.rec).len()
            ))],
            Err(refusal) => vec![Reply::refusal(refusal)],
        }
    }

    /// Reviews `game` (as [`Service::review_request`] finds it) when no review is kept
    /// yet, keeps it and answers with it; `None` when there is nothing to do (refused,
    /// or already kept and so already answered). Takes seconds of one core and holds
    /// no lock: front ends run it on a blocking pool.
    pub fn review(&self, ctx: &Context, game: Option<u64>) -> Option<Vec<Reply>> {
        let r = self.reviewed(ctx, game).ok()?;
        if self.kept_review(r.rec.id).ok()?.is_some() {
            return None;
        }
        let answers = record::answers(&r.rec);
        let review = match review_default(r.rec.variant, &r.rec.options, r.rec.seed, &answers) {
            Ok(review) => review,
            Err(e) => {
                tracing::error!("review of game {}: {e}", r.rec.id);
                return Some(vec![Reply::refusal(format!(
                    "Game {} could not be reviewed: its record does not replay.",
                    r.rec.id
                ))]);
            }
        };
        match serde_json::to_vec(&review) {
            Ok(bytes) => {
                let mut w = Write::new();
                w.review(r.rec.id, &bytes);
                if let Err(e) = self.store.commit(w) {
                    tracing::error!("store: keeping the review of game {}: {e}", r.rec.id);
                }
            }
            Err(e) => tracing::error!("review of game {}: {e}", r.rec.id),
        }
        Some(review_replies(&r, &review, self.site_of(&r.rec).as_deref()))
    }

    fn site_of(&self, rec: &GameRecord) -> Option<String> {
        self.places.site(rec.server, rec.channel)
    }
}

/// An evaluation in pawns for White: `+0.35`.
/// The tree search leans towards the side to move, so in the games it judges
/// consecutive positions zigzag (up after Black's turns, down after White's). Each
/// value after the first is the mean of it and the one before, which cancels the lean;
/// a game's last value stays exact once it is over (a win is a win). The marks are
/// unaffected: a turn's loss compares two positions with the same side to move.
fn level_out(values: &[f64], over: bool) -> Vec<f64> {
    let mut out = Vec::with_capacity(values.len());
    for (i, v) in values.iter().enumerate() {
        let last = i + 1 == values.len();
        // A finished position's value is exact: a win, a loss or a draw.
        let exact = last && over && [0.0, 0.5, 1.0].contains(v);
        out.push(match i {
            _ if exact => *v,
            // The start leans like the rest: it takes the mean with the next.
            0 => values.get(1).map_or(*v, |next| (v + next) / 2.0),
            _ => (values[i - 1] + v) / 2.0,
        });
    }
    out
}

fn pawns(white: f64) -> String {
    let cp = crate::engine::review::centipawns(white);
    format!(
        "{}{:.2}",
        if cp < 0 { "-" } else { "+" },
        f64::from(cp.abs()) / 100.0
    )
}

/// Each turn's label (`14.` or `14...` and the move as the export writes it) and
/// move number.
fn labels(rec: &GameRecord, game: &Game) -> Vec<(String, u32)> {
    let answers = record::answers(rec);
    let Ok(replayed) = record::replay(rec.variant, &rec.options, rec.seed, &answers, |_| {}) else {
        return Vec::new();
    };
    let plain = game.is_plain_chess();
    let mut out = Vec::new();
    let mut number = 0u32;
    let mut last: Option<Side> = None;
    for t in &replayed.turns {
        let joins = t.side == Side::Black && last == Some(Side::White);
        if !joins {
            number += 1;
        }
        let shown = match (&t.san, plain) {
            (Some(san), true) => san.clone(),
            _ => t.printed.clone(),
        };
        let dots = if t.side == Side::White { "." } else { "..." };
        out.push((format!("{number}{dots} {shown}"), number));
        last = Some(t.side);
    }
    out
}

/// The review's replies: one message with the mistakes as text, the graph and the
/// annotated export attached.
fn review_replies(r: &Reviewed, review: &Review, site: Option<&str>) -> Vec<Reply> {
    let rec = &r.rec;
    let labels = labels(rec, &r.game);
    let label = |i: usize| {
        labels
            .get(i)
            .map_or_else(|| format!("turn {}", i + 1), |l| l.0.clone())
    };
    let result = r.game.outcome().map(|o| o.score()).unwrap_or("*");
    let mut lines = vec![format!(
        "Review of game {}: {} (White) vs {} (Black), {result}. Computer at level {REVIEW_LEVEL}, \
         seeing everything now that the game is over; `?` a mistake, `??` a blunder.",
        rec.id,
        rec.player(Side::White).name,
        rec.player(Side::Black).name
    )];
    for side in Side::BOTH {
        let worst = review.worst(side);
        let name = &rec.player(side).name;
        if worst.is_empty() {
            lines.push(format!("{name}: no mistakes found."));
            continue;
        }
        let items: Vec<String> = worst
            .iter()
            .map(|&i| {
                let t = &review.turns[i];
                let mark = t.mark.map_or("", |m| m.suffix());
                let better = t
                    .best_shown
                    .as_deref()
                    .map(|b| format!(", better {b}"))
                    .unwrap_or_default();
                format!(
                    "{}{mark} ({} to {}{better})",
                    label(i),
                    pawns(t.before),
                    pawns(t.after)
                )
            })
            .collect();
        lines.push(format!("{name}'s largest mistakes: {}", items.join("; ")));
    }
    let mut values = vec![review.start];
    values.extend(review.turns.iter().map(|t| t.after));
    if !r.game.perfect_information() {
        values = level_out(&values, r.game.is_over());
    }
    let notes: Vec<record::Annotation> = review
        .turns
        .iter()
        .zip(values.iter().skip(1))
        .map(|(t, &value)| record::Annotation {
            mark: t.mark.map_or("", |m| m.suffix()),
            comment: match (&t.mark, &t.best_shown) {
                (Some(_), Some(b)) => format!("{} {b} was better", pawns(value)),
                _ => pawns(value),
            },
        })
        .collect();
    let export = record::export_annotated(rec, &r.game, site, &notes);
    let mut moves = vec![0];
    moves.extend(labels.iter().map(|l| l.1));
    let graph = EvalGraph {
        values,
        marks: review
            .turns
            .iter()
            .enumerate()
            .filter_map(|(i, t)| {
                t.mark
                    .map(|m| (i + 1, m == crate::engine::review::Mark::Blunder))
            })
            .collect(),
        moves,
        title: format!(
            "Game {}: {} vs {}, {result}",
            rec.id,
            rec.player(Side::White).name,
            rec.player(Side::Black).name
        ),
    };
    let mut reply = Reply::invoker(lines.join("\n"));
    match eval_graph_png(&graph) {
        Ok(png) => reply.attachments.push(Attachment {
            name: format!("review-{}.png", rec.id),
            bytes: png,
        }),
        Err(e) => tracing::error!("review graph of game {}: {e}", rec.id),
    }
    reply.attachments.push(Attachment {
        name: format!("arcana-{}-{}-review.pgn", rec.variant.id(), rec.id),
        bytes: export.into_bytes(),
    });
    vec![reply]
}

#[cfg(test)]
mod tests {
    use super::level_out;

    #[test]
    fn a_zigzag_is_levelled_and_a_final_result_kept() {
        let zig = [0.7, 0.3, 0.7, 0.3, 0.7, 1.0];
        let out = level_out(&zig, true);
        for v in &out[0..5] {
            assert!((v - 0.5).abs() < 1e-9, "{out:?}");
        }
        assert_eq!(out[5], 1.0);
        let open = level_out(&zig, false);
        assert!((open[5] - 0.85).abs() < 1e-9, "{open:?}");
        // Ended outside the moves (a resignation): the last position leans too.
        let resigned = level_out(&[0.7, 0.3, 0.7], true);
        assert!((resigned[2] - 0.5).abs() < 1e-9, "{resigned:?}");
    }
}
