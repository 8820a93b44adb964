//! Takebacks by agreement (`/takeback`) in casual games: a player asks, while the
//! opponent is to move, to undo their own last turn; the opponent accepts or declines.
//! The record keeps the turn and the takeback; a replay undoes it the same way
//! (`variants::action::effective`). Refused in rated games and across a turn that drew
//! on chance or revealed (or took) something hidden (ruling X-CORR-6).
//!
//! Owns the takeback's rules. May import the service's own modules, `store` and
//! `variants`.

use crate::core::Side;
use crate::i18n::Lang;
use crate::service::capabilities::turns::{commit_live, offer_to};
pub use crate::service::contract::actions::TakebackAction;
use crate::service::contract::api::{Context, Reply};
use crate::service::{record, Change, Live, Refusal};
use crate::store::{Action, ActionKind};
use crate::tr;
use crate::variants::action::effective;

/// `/takeback [ask|accept|decline]` by the invoker in the channel's game.
pub(in crate::service) fn takeback(
    live: &Live,
    ctx: &Context,
    action: TakebackAction,
    now: u64,
) -> Result<Change, Refusal> {
    let lang = ctx.lang;
    let side = live
        .rec
        .side_of(ctx.user.id)
        .ok_or_else(|| tr!(lang, "takeback-players-only"))?;
    if live.game.is_over() {
        return Err(crate::tr!(ctx.lang, "refusal-game-over"));
    }
    let opponent = live.rec.player(side.other()).clone();
    match action {
        TakebackAction::Ask => {
            if live.rec.takeback_offer == Some(side) {
                return Err(tr!(lang, "takeback-already-asked"));
            }
            let (answers, printed) = undoable(live, side, lang)?;
            let mut next = live.clone();
            next.rec.actions.push(Action {
                at_ms: now,
                kind: ActionKind::TakebackOffer { side },
            });
            if live.rec.computer.is_some_and(|c| c.side == side.other()) {
                // The computer always agrees: a game against it is for learning.
                return agreed(next, side, answers, &printed, now, lang);
            }
            next.rec.takeback_offer = Some(side);
            let r = Reply::channel(tr!(
                live.lang,
                "takeback-asked",
                name = ctx.user.name.clone(),
                turn = printed.clone(),
                opponent = opponent.name.clone()
            ));
            offer_to(r, opponent, next)
        }
        TakebackAction::Accept | TakebackAction::Decline => {
            let asker = side.other();
            if live.rec.takeback_offer != Some(asker) {
                return Err(tr!(
                    lang,
                    "takeback-not-asked",
                    name = opponent.name.clone()
                ));
            }
            let mut next = live.clone();
            next.rec.takeback_offer = None;
            if action == TakebackAction::Decline {
                next.rec.actions.push(Action {
                    at_ms: now,
                    kind: ActionKind::TakebackDecline { side },
                });
                return Ok(Change {
                    replies: vec![Reply::channel(tr!(
                        live.lang,
                        "takeback-declined",
                        name = ctx.user.name.clone()
                    ))],
                    live: Some(next),
                    ..Change::default()
                });
            }
            let (answers, printed) = undoable(live, asker, lang)?;
            agreed(next, asker, answers, &printed, now, lang)
        }
    }
}

/// The answers of `side`'s last turn, when it is the game's last and may be undone,
/// with the turn as the record prints it; else why not.
fn undoable(live: &Live, side: Side, lang: Lang) -> Result<(u32, String), Refusal> {
    if live.rec.rated {
        return Err(tr!(lang, "takeback-rated"));
    }
    if live.game.ask().map(|a| a.side) != Some(side.other()) {
        return Err(tr!(lang, "takeback-not-now"));
    }
    let kinds = effective(live.rec.actions.iter().map(|a| &a.kind));
    let plays: Vec<(usize, Side)> = kinds
        .iter()
        .filter_map(|(i, k)| match k {
            ActionKind::Play { side, .. } => Some((*i, *side)),
            _ => None,
        })
        .collect();
    let answers = plays.iter().rev().take_while(|(_, s)| *s == side).count();
    if answers == 0 {
        return Err(tr!(lang, "takeback-nothing"));
    }
    let entries = record::entries(&live.rec);
    let printed = entries
        .last()
        .filter(|e| e.side == side)
        .map(|e| e.printed.clone())
        .unwrap_or_default();
    // The game as it was before that turn.
    let mut shorter = live.rec.clone();
    shorter.actions.push(Action {
        at_ms: 0,
        kind: ActionKind::TakebackAgreed {
            side,
            answers: answers as u32,
        },
    });
    let before = shorter.replay().map_err(|e| {
        tracing::error!("takeback: {e}");
        tr!(lang, "takeback-impossible")
    })?;
    if before.draws() != live.game.draws() {
        return Err(tr!(lang, "takeback-chance", turn = printed.clone()));
    }
    if before.secrets_held() != live.game.secrets_held() {
        return Err(tr!(lang, "takeback-hidden", turn = printed.clone()));
    }
    Ok((answers as u32, printed))
}

/// The takeback done: `side`'s last `answers` answers undone, the game replayed, the
/// clock given back to `side`.
fn agreed(
    mut next: Live,
    side: Side,
    answers: u32,
    printed: &str,
    now: u64,
    lang: Lang,
) -> Result<Change, Refusal> {
    next.rec.takeback_offer = None;
    next.rec.draw_offer = None;
    next.rec.actions.push(Action {
        at_ms: now,
        kind: ActionKind::TakebackAgreed { side, answers },
    });
    next.game = next.rec.replay().map_err(|e| {
        tracing::error!("takeback: {e}");
        tr!(lang, "takeback-impossible")
    })?;
    next.rec.history = record::entries(&next.rec);
    let old_clock = next.rec.clock.clone();
    let name = next.rec.player(side).name.clone();
    let line = tr!(next.lang, "takeback-done", name = name, turn = printed);
    commit_live(next, old_clock.as_ref(), now, vec![line])
}
