//! `/review [game:<id>]`: the engine's post-game review of a finished game, for its
//! players and spectators alike (never while it runs). The review itself takes seconds,
//! so it runs off the main path: [`Service::handle`] answers with a progress note, and
//! the front end then calls [`Service::review`] on its blocking pool, which reviews,
//! keeps the result in the store (`rv/<game>`) and answers with the graph, the
//! largest mistakes and the annotated export. A second `/review` is answered at once
//! from what was kept. The players' own largest mistakes become their own puzzles
//! (`/puzzle mine`), made and stored with the review.
//!
//! Owns the review's service side. May import the service's own modules, `store`,
//! `engine` and `render`.

use crate::core::Side;
use crate::engine::review::{review_default, Review, REVIEW_LEVEL};
use crate::i18n::Lang;
use crate::render::graph::{eval_graph_png_in, EvalGraph};
use crate::service::capabilities::puzzles::own_puzzles_of_review;
use crate::service::contract::api::{Attachment, Context, Reply};
use crate::service::plumbing::plan::{Durability, Put};
use crate::service::reads::places::{Shown, Where};
use crate::service::{record, Refusal, Service};
use crate::store::{GameRecord, StoreError};
use crate::tr;
use crate::variants::Game;

/// A finished game, looked up for its review.
struct Reviewed {
    rec: GameRecord,
    game: Game,
}

/// The refusal of a failed store, in `lang`.
fn failed(lang: Lang) -> impl Fn(StoreError) -> Refusal {
    move |e| {
        tracing::error!("store: {e}");
        tr!(lang, "review-store-failed")
    }
}

impl Service {
    /// The finished game `game` (else the last one of the invoker's channel) of the
    /// invoker's server; refused while it runs.
    fn reviewed(&self, ctx: &Context, game: Option<u64>) -> Result<Reviewed, Refusal> {
        let lang = ctx.lang;
        let id = match game {
            Some(id) => id,
            None => self
                .store
                .last_game(ctx.channel)
                .map_err(failed(lang))?
                .ok_or_else(|| tr!(lang, "review-no-game-here"))?,
        };
        let unknown = || tr!(lang, "review-unknown-game", game = id.to_string());
        let rec = self
            .store
            .game(id)
            .map_err(failed(lang))?
            .ok_or_else(unknown)?;
        if ctx.server.is_some() && rec.server != ctx.server {
            return Err(unknown());
        }
        let game = rec.replay().map_err(|e| {
            tracing::error!("{e}");
            tr!(lang, "review-broken", game = id.to_string())
        })?;
        if !rec.finished || !game.is_over() {
            return Err(tr!(lang, "review-still-played", game = id.to_string()));
        }
        Ok(Reviewed { rec, game })
    }

    /// The kept review of `game`, if any (a kept value that no longer reads is
    /// reviewed again).
    fn kept_review(&self, game: u64, lang: Lang) -> Result<Option<Review>, Refusal> {
        let kept = self.store.review(game).map_err(failed(lang))?;
        Ok(kept.and_then(|bytes| serde_json::from_slice(&bytes).ok()))
    }

    /// `/review`: the kept review at once, else a progress note (the front end then
    /// calls [`Service::review`] off the main path); refused while the game runs.
    pub(in crate::service) fn review_request(
        &self,
        ctx: &Context,
        game: Option<u64>,
    ) -> Vec<Reply> {
        let r = match self.reviewed(ctx, game) {
            Ok(r) => r,
            Err(refusal) => return vec![Reply::refusal(refusal)],
        };
        match self.kept_review(r.rec.id, ctx.lang) {
            Ok(Some(kept)) => review_replies(
                &r,
                &kept,
                self.site_of(&r.rec, ctx.user.id, ctx.lang).as_deref(),
                ctx.lang,
            ),
            Ok(None) => vec![Reply::invoker(tr!(
                ctx.lang,
                "review-started",
                game = r.rec.id.to_string(),
                turns = record::answers(&r.rec).len()
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
        let lang = ctx.lang;
        if self.kept_review(r.rec.id, lang).ok()?.is_some() {
            return None;
        }
        let answers = record::answers(&r.rec);
        let review = match review_default(r.rec.variant, &r.rec.options, r.rec.seed, &answers) {
            Ok(review) => review,
            Err(e) => {
                tracing::error!("review of game {}: {e}", r.rec.id);
                return Some(vec![Reply::refusal(tr!(
                    lang,
                    "review-failed",
                    game = r.rec.id.to_string()
                ))
                .in_lang(lang)]);
            }
        };
        match serde_json::to_vec(&review) {
            Ok(bytes) => {
                let put = Put::Review {
                    game: r.rec.id,
                    kept: bytes,
                };
                if let Err(e) = self.write(vec![put], Durability::Flushed) {
                    tracing::error!("store: keeping the review of game {}: {e}", r.rec.id);
                }
            }
            Err(e) => tracing::error!("review of game {}: {e}", r.rec.id),
        }
        self.keep_own_puzzles(&r.rec, &answers, &review);
        // Answered off the main path: each reply says its language itself.
        let replies = review_replies(
            &r,
            &review,
            self.site_of(&r.rec, ctx.user.id, lang).as_deref(),
            lang,
        );
        Some(replies.into_iter().map(|r| r.in_lang(lang)).collect())
    }

    /// The players' own puzzles of `review` (`/puzzle mine`), stored beside it. A
    /// puzzle stored meanwhile by another review of the game is a conflict: it is there.
    fn keep_own_puzzles(&self, rec: &GameRecord, answers: &[String], review: &Review) {
        let puts = match own_puzzles_of_review(&self.store, rec, answers, review) {
            Ok(puts) if puts.is_empty() => return,
            Ok(puts) => puts,
            Err(e) => return tracing::error!("store: own puzzles of game {}: {e}", rec.id),
        };
        match self.write(puts, Durability::Flushed) {
            Ok(()) | Err(StoreError::Conflict { .. }) => {}
            Err(e) => tracing::error!("store: own puzzles of game {}: {e}", rec.id),
        }
    }

    /// Where `rec` was played, as `viewer` can open it (issue 50: outside servers too).
    fn site_of(&self, rec: &GameRecord, viewer: u64, lang: Lang) -> Option<String> {
        let at = Where(rec.id, rec.server, rec.channel, &rec.players);
        self.place_shown(&at, viewer, Shown::Site, lang)
    }
}

/// `values` (White's winning chances) with the search's lean cancelled.
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

/// An evaluation in pawns for White: `+0.35`.
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
fn review_replies(r: &Reviewed, review: &Review, site: Option<&str>, lang: Lang) -> Vec<Reply> {
    let rec = &r.rec;
    let labels = labels(rec, &r.game);
    let result = r.game.outcome().map(|o| o.score()).unwrap_or("*");
    let text = review_text(rec, review, &labels, result, lang);
    let values = graph_values(&r.game, review);
    let notes = annotations(review, &values);
    let export = crate::service::formats::pgn::export_annotated(rec, &r.game, site, &notes);
    let graph = review_graph(rec, review, &labels, values, result, lang);
    let mut reply = Reply::invoker(text);
    match eval_graph_png_in(&graph, lang) {
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

/// The review's text: a heading (the game, its players, its `result`), then each
/// player's largest mistakes, their turns named by `labels`.
fn review_text(
    rec: &GameRecord,
    review: &Review,
    labels: &[(String, u32)],
    result: &str,
    lang: Lang,
) -> String {
    let mut lines = vec![tr!(
        lang,
        "review-heading",
        game = rec.id.to_string(),
        white = rec.player(Side::White).name.as_str(),
        black = rec.player(Side::Black).name.as_str(),
        result = result,
        level = REVIEW_LEVEL
    )];
    for side in Side::BOTH {
        let worst = review.worst(side);
        let name = rec.player(side).name.as_str();
        if worst.is_empty() {
            lines.push(tr!(lang, "review-no-mistakes", name = name));
            continue;
        }
        let items: Vec<String> = worst
            .iter()
            .map(|&i| mistake(review, i, labels, lang))
            .collect();
        lines.push(tr!(
            lang,
            "review-largest-mistakes",
            name = name,
            mistakes = items.join("; ")
        ));
    }
    lines.join("\n")
}

/// Turn `i` of `review` as one of the largest mistakes: its label and mark, the
/// values before and after, and the better answer when one is shown.
fn mistake(review: &Review, i: usize, labels: &[(String, u32)], lang: Lang) -> String {
    let t = &review.turns[i];
    let label = labels
        .get(i)
        .map_or_else(|| tr!(lang, "review-turn", number = i + 1), |l| l.0.clone());
    let mark = t.mark.map_or("", |m| m.suffix());
    let (turn, before, after) = (label + mark, pawns(t.before), pawns(t.after));
    match t.best_shown.as_deref() {
        Some(b) => tr!(
            lang,
            "review-mistake-better",
            turn = turn,
            before = before,
            after = after,
            better = b
        ),
        None => tr!(
            lang,
            "review-mistake",
            turn = turn,
            before = before,
            after = after
        ),
    }
}

/// White's winning chances at the start and after every turn of `review`, levelled
/// out in a game of hidden information (see [`level_out`]).
fn graph_values(game: &Game, review: &Review) -> Vec<f64> {
    let mut values = vec![review.start];
    values.extend(review.turns.iter().map(|t| t.after));
    if !game.perfect_information() {
        values = level_out(&values, game.is_over());
    }
    values
}

/// The export's note on each turn: its mark and the value after it (`values`, the
/// start first), with the better answer after a marked turn.
fn annotations(review: &Review, values: &[f64]) -> Vec<crate::service::formats::pgn::Annotation> {
    review
        .turns
        .iter()
        .zip(values.iter().skip(1))
        .map(|(t, &value)| crate::service::formats::pgn::Annotation {
            mark: t.mark.map_or("", |m| m.suffix()),
            comment: match (&t.mark, &t.best_shown) {
                (Some(_), Some(b)) => format!("{} {b} was better", pawns(value)),
                _ => pawns(value),
            },
        })
        .collect()
}

/// The evaluation graph of `values`: the marked turns, the move numbers of `labels`
/// and a title naming the game, its players and its `result`.
fn review_graph(
    rec: &GameRecord,
    review: &Review,
    labels: &[(String, u32)],
    values: Vec<f64>,
    result: &str,
    lang: Lang,
) -> EvalGraph {
    let mut moves = vec![0];
    moves.extend(labels.iter().map(|l| l.1));
    EvalGraph {
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
        title: tr!(
            lang,
            "review-graph-title",
            game = rec.id.to_string(),
            white = rec.player(Side::White).name.as_str(),
            black = rec.player(Side::Black).name.as_str(),
            result = result
        ),
    }
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
