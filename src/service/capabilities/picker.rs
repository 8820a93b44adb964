//! The move picker as a service (issue 28): the player asked opens a private picker
//! built from their own question's legal answers, advances it one choice at a time,
//! and plays the answer it completes through the very path a typed answer takes.
//!
//! Owns who may use a picker and when a press is stale. May import the service's own
//! modules and `variants` (the picker itself, `variants/picker.rs`).

use crate::i18n::Lang;
use crate::service::capabilities::turns::player_game;
use crate::service::contract::api::{Context, PickerMenu, PickerShown, Reply, ReplyKind};
use crate::service::{Change, Live, Refusal, Service, Slot};
use crate::tr;
use crate::variants::Game;

/// The most choices a path may hold: the picker needs four at most; anything longer
/// is forged and refused before the picker is built.
pub const MAX_PATH: usize = 8;

/// The refusal of a press on a picker opened before the game moved on.
fn stale(lang: Lang) -> String {
    tr!(lang, "picker-stale")
}

/// The refusal of a path the picker does not offer.
fn not_offered(lang: Lang) -> String {
    tr!(lang, "picker-not-offered")
}

impl Service {
    /// The Move button or a choice in the picker: what the picker shows after `path`.
    pub(in crate::service) fn pick(
        &self,
        slot: &Slot,
        ctx: &Context,
        game: u64,
        ply: Option<u64>,
        path: &[u16],
    ) -> Result<Change, Refusal> {
        let lang = ctx.lang;
        let (live, ply) = asked(slot, ctx, game, ply, path)?;
        let at = PickerShown {
            game,
            ply,
            path: Vec::new(),
            menus: Vec::new(),
            complete: false,
            lang,
            puzzle: None,
        };
        picker_reply(&live.game, path, at).map(Change::reply)
    }

    /// The picker's Confirm: the answer `path` completes, played as a typed answer is
    /// (the same checks, confirmation preference, records and replies).
    pub(in crate::service) fn pick_play(
        &self,
        slot: &Slot,
        ctx: &Context,
        game: u64,
        ply: u64,
        path: &[u16],
        now: u64,
    ) -> Result<Change, Refusal> {
        let lang = ctx.lang;
        let (live, _) = asked(slot, ctx, game, Some(ply), path)?;
        let answer = picked_answer(&live.game, path, lang)?;
        let mut change = self.move_or_confirm(slot, ctx, &answer, now)?;
        if let Some(after) = &change.live {
            let printed = after
                .rec
                .history
                .last()
                .map_or_else(|| answer.clone(), |e| e.printed.clone());
            let mut done = Reply::invoker(tr!(lang, "picker-played", answer = printed));
            done.kind = ReplyKind::Picked;
            change.replies.insert(0, done);
        }
        Ok(change)
    }
}

/// The picker of `game` after `path` as the private reply that shows it, in `at`'s
/// language: the question, what was chosen so far, and the next choice's menus or the
/// complete answer. `at` names what the picker's presses act on (a game at a ply, or a
/// puzzle at a step); its path, menus and completeness are filled in here.
pub(in crate::service) fn picker_reply(
    game: &Game,
    path: &[u16],
    at: PickerShown,
) -> Result<Reply, Refusal> {
    let lang = at.lang;
    let pick = game.picker_in(path, lang).map_err(|_| not_offered(lang))?;
    let question = game
        .ask()
        .map(|a| a.question.prompt_in(lang))
        .unwrap_or_default();
    let mut chars = question.chars();
    let mut text: String = chars
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    text.push_str(chars.as_str());
    text.push('.');
    if !pick.chosen.is_empty() {
        let chosen = pick.chosen.join(" › ");
        text.push('\n');
        text.push_str(&tr!(lang, "picker-chosen", chosen = chosen));
    }
    match &pick.answer {
        Some(answer) => {
            text.push('\n');
            text.push_str(&tr!(lang, "picker-confirm", answer = answer.as_str()));
        }
        None => text.push_str(&format!("\n**{}**", pick.question)),
    }
    let shown = PickerShown {
        path: path.to_vec(),
        menus: pick
            .menus
            .into_iter()
            .map(|m| PickerMenu {
                placeholder: m.placeholder,
                cells: m
                    .options
                    .iter()
                    .map(|c| c.cell.map(|cell| cell.to_string()))
                    .collect(),
                options: m.options.into_iter().map(|c| (c.label, c.value)).collect(),
            })
            .collect(),
        complete: pick.answer.is_some(),
        ..at
    };
    let mut reply = Reply::invoker(text);
    reply.kind = ReplyKind::Picker(shown);
    Ok(reply)
}

/// The answer `path` completes in `game`'s picker, exactly as it is typed; refused
/// when the path is not offered or not complete yet.
pub(in crate::service) fn picked_answer(
    game: &Game,
    path: &[u16],
    lang: Lang,
) -> Result<String, Refusal> {
    game.picker_in(path, lang)
        .map_err(|_| not_offered(lang))?
        .answer
        .ok_or_else(|| tr!(lang, "picker-incomplete"))
}

/// The game of a picker press and its current ply, when the presser is the player
/// asked, the game is the one played here, and it has not moved on since `ply`.
fn asked<'a>(
    slot: &'a Slot,
    ctx: &Context,
    game: u64,
    ply: Option<u64>,
    path: &[u16],
) -> Result<(&'a Live, u64), Refusal> {
    let lang = ctx.lang;
    let live = match &slot.live {
        Some(live) if live.rec.id == game => live,
        _ => return Err(tr!(lang, "refusal-button-gone")),
    };
    let (live, side) = player_game(slot, ctx).map(|(_, side)| (live, side))?;
    let now = live.rec.actions.len() as u64;
    if ply.is_some_and(|p| p != now) {
        return Err(stale(lang));
    }
    let ask = live
        .game
        .ask()
        .ok_or_else(|| tr!(lang, "refusal-game-over"))?;
    if ask.side != side {
        let name = live.rec.player(ask.side).name.clone();
        return Err(match ask.side {
            crate::core::Side::White => tr!(lang, "refusal-not-your-turn-white", name = name),
            crate::core::Side::Black => tr!(lang, "refusal-not-your-turn-black", name = name),
        });
    }
    if path.len() > MAX_PATH {
        return Err(not_offered(lang));
    }
    Ok((live, now))
}
