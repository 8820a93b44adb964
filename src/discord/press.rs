//! Button presses and select menus: the move picker's steps, a game's buttons (refused
//! at once when the game is over or the presser may not use them; Resign confirmed
//! privately first), a challenge's buttons, each sent to the service as its request.

use super::buttons::resign_prompt;
use super::commands::{self, GameButton};
use super::delivery::{deliver, Origin};
use super::interaction::Interacted;
use super::invocation::{answer, call_service, computer_after, refuse, Invocation};
use super::parts::{closed_board, Layout, Parts};
use super::retry::log_err;
use super::Bot;
use crate::i18n::Lang;
use crate::service::api::{PlaceKind, Request};
use crate::service::front::GameState;
use crate::tr;
use serenity::all::{ComponentInteraction, ComponentInteractionDataKind, Context, Http};
use serenity::builder::Builder;
use std::sync::Arc;

/// What a pressed button asks of the service.
struct Chosen {
    request: Request,
    /// The challenge a challenge button names (`None` for the fixed ids of older ones).
    named: Option<u64>,
    /// Whether the answer is for the presser alone (My hand).
    private: bool,
    /// Whether it is a game's button (which acts on no challenge message).
    for_game: bool,
}

/// One press being answered.
struct Press<'a> {
    bot: &'a Arc<Bot>,
    ctx: &'a Context,
    comp: &'a ComponentInteraction,
    here: Invocation,
    /// The channel whose game the press acts on: where it was pressed, or the game's
    /// own place for a game's button pressed in a direct message (issue 50).
    acting: u64,
}

/// A press on a component of one of the bot's messages.
pub(crate) async fn component(bot: &Arc<Bot>, ctx: &Context, comp: ComponentInteraction) {
    let here = Invocation::of_component(&comp);
    let values = match &comp.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.clone(),
        _ => Vec::new(),
    };
    let picked = super::picker::request(&comp.data.custom_id, &values);
    let game_button = commands::game_button(&comp.data.custom_id);
    let game = picked.as_ref().and_then(game_of).or(match &game_button {
        Some(GameButton::ConfirmResign(game)) | Some(GameButton::Act { game, .. }) => Some(*game),
        None => None,
    });
    let acting = acting_channel(bot, &here, game).await;
    let press = Press {
        bot,
        ctx,
        comp: &comp,
        here,
        acting,
    };
    if let Some(request) = picked {
        return press.picker(request).await;
    }
    if press.refuse_stale(game_button.as_ref()).await {
        return;
    }
    let here = &press.here;
    if let Some(GameButton::ConfirmResign(game)) = game_button {
        // Asked privately first; only the confirming press acts (and is judged).
        let prompt = resign_prompt(game, here.lang());
        if let Err(e) = prompt.execute(&*ctx.http, (comp.id, &comp.token)).await {
            tracing::warn!("resign confirmation failed: {e}");
        }
        return;
    }
    match chosen(&comp.data.custom_id, game_button) {
        Some(chosen) => press.act(chosen).await,
        None => {
            tracing::debug!("unknown button {}", comp.data.custom_id);
            let mut i = press.interacted();
            let old = tr!(i.lang, "delivery-old-button");
            refuse(bot, &ctx.http, &mut i, old).await;
        }
    }
}

/// The request of a game's button or a challenge's; `None` for an unknown id.
fn chosen(custom_id: &str, game_button: Option<GameButton>) -> Option<Chosen> {
    match game_button {
        Some(GameButton::Act { request, .. }) => {
            let private = matches!(&request, Request::OnGame { request, .. }
                if **request == Request::Hand);
            Some(Chosen {
                request,
                named: None,
                private,
                for_game: true,
            })
        }
        _ => commands::button_request(custom_id).map(|(request, named)| Chosen {
            // A puzzle (the daily post's Solve) is answered privately.
            private: matches!(request, Request::Puzzle(_)),
            request,
            named,
            for_game: false,
        }),
    }
}

impl Press<'_> {
    /// The press, not yet answered, acting on [`Press::acting`]'s game.
    fn interacted(&self) -> Interacted {
        let mut i = self.here.interacted();
        i.acting = self.acting;
        i
    }

    /// Sends a pressed button's request to the service and delivers the answer. A settled
    /// challenge's message is updated by the service's own reply (type 7 on the pressed
    /// message), on every path.
    async fn act(&self, chosen: Chosen) {
        let (bot, ctx, comp, here) = (self.bot, self.ctx, self.comp, &self.here);
        let mut interacted = self.interacted();
        if !chosen.for_game {
            interacted.pressed = Some((comp.message.id, chosen.named));
        }
        let mut channel = confirm_channel(bot, &chosen.request, self.acting).await;
        if let Request::OnGame { game, request } = &chosen.request {
            if **request == Request::Rematch {
                match self.rematch_place(*game).await {
                    Ok(place) => channel = place.unwrap_or(channel),
                    Err(refusal) => return refuse(bot, &ctx.http, &mut interacted, refusal).await,
                }
            }
        }
        let by_dm = match chosen.named {
            Some(challenge) if here.place == PlaceKind::BotDm && !chosen.for_game => {
                challenge_channel(bot, challenge).await
            }
            _ => None,
        };
        if let Some(made_in) = by_dm {
            channel = made_in;
        }
        interacted.acting = channel;
        let mut call = here.call(channel, chosen.private, chosen.request);
        if by_dm.is_some() {
            // A challenge whose buttons reach a DM was made in the challenger's DM with
            // the bot (issue 50): its game is played by a pair of DMs.
            call.place = Some(PlaceKind::BotDm);
        }
        let out = call_service(bot, &ctx.http, &mut interacted, call).await;
        let here_channel = here.channel.get();
        let opened = answer(bot, &ctx.http, &mut interacted, here_channel, out).await;
        computer_after(bot, &ctx.http, channel, opened);
    }

    /// Where a Rematch press on game `game` acts outside servers (issue 50): a game by
    /// a pair of DMs is asked for again from the presser's own DM, as a new challenge
    /// by DM; a group chat's in the chat. Either way the opponent is told by direct
    /// message first. Pressed in a DM, a group chat's rematch is refused with where to
    /// ask for it (the bot cannot show a challenge in the chat from there). `Err`: that
    /// refusal, or the opponent's closed DMs; `Ok(None)`: where [`Press::acting`] says.
    async fn rematch_place(&self, game: u64) -> Result<Option<u64>, String> {
        let (bot, here, place) = (self.bot, &self.here, self.acting);
        let Some(w) = bot.undelivered.whereabouts(place).await else {
            return Ok(None);
        };
        let channel = match (w.kind, here.place) {
            (PlaceKind::DmPair, PlaceKind::BotDm) => here.channel.get(),
            (PlaceKind::GroupChat, PlaceKind::GroupChat) => place,
            (PlaceKind::GroupChat, PlaceKind::BotDm) => {
                let chat = super::delivery::chat_link(w.server, place);
                return Err(tr!(here.lang(), "dms-rematch-in-chat", chat = chat));
            }
            _ => return Ok(None),
        };
        let plays = w.game == game && w.people.iter().any(|p| p.id == here.user.id);
        let opponent = w.people.iter().find(|p| p.id != here.user.id);
        if let Some(o) = opponent.filter(|_| plays) {
            let told = super::slash::tell_challenged(bot, &self.ctx.http, here, o).await;
            if let Some(refusal) = told {
                return Err(refusal);
            }
        }
        Ok(Some(channel))
    }

    /// A press on the board's Move button or in a move picker: the picker's next step,
    /// privately (on the picker's own message, updated in place), or a Confirm played
    /// as any answer is.
    async fn picker(&self, request: Request) {
        let (bot, ctx, comp, here) = (self.bot, self.ctx, self.comp, &self.here);
        let mut interacted = self.interacted();
        if super::picker::on_picker(&comp.data.custom_id) {
            interacted.pressed = Some((comp.message.id, None));
            interacted.updates = true;
        }
        let is_play = matches!(request, Request::PickPlay { .. });
        let call = here.call(self.acting, true, request);
        let out = call_service(bot, &ctx.http, &mut interacted, call).await;
        if is_play && out.iter().any(|o| o.reply.outbox.is_some()) {
            metrics::counter!(super::ops::MOVES).increment(1);
        }
        deliver(
            &ctx.http,
            &bot.undelivered,
            &mut Origin::Interaction(&mut interacted),
            out,
        )
        .await;
        bot.run_computer(Arc::clone(&ctx.http), self.acting);
    }

    /// A press on a game's Resign, Offer draw or My hand button is refused at once,
    /// privately, when that game is over (its message is then updated to show what
    /// became of it, with only Rematch left) and, for Resign, when the presser does not
    /// play it or it is not this place's game. Returns whether the press was refused.
    async fn refuse_stale(&self, button: Option<&GameButton>) -> bool {
        let (bot, ctx, comp, here) = (self.bot, self.ctx, self.comp, &self.here);
        let (game, resign) = match button {
            Some(GameButton::ConfirmResign(game)) => (*game, true),
            Some(GameButton::Act {
                game,
                request: Request::OnGame { request, .. },
            }) if matches!(**request, Request::Draw(_) | Request::Hand) => (*game, false),
            _ => return false,
        };
        let channel = self.acting;
        let state = bot
            .service
            .run("game state", move |service| {
                service.game_state(channel, game)
            })
            .await
            .flatten();
        let mut i = self.interacted();
        let refusal = match state {
            Some(GameState::Over { shown, lang }) => {
                i.pressed = Some((comp.message.id, None));
                game_over(&ctx.http, &mut i, game, &shown, lang).await;
                return true;
            }
            Some(GameState::Playing { players }) if resign => {
                if players.iter().any(|p| p.id == here.user.id) {
                    return false;
                }
                tr!(
                    here.lang(),
                    "play-not-a-player",
                    white = players[0].name.clone(),
                    black = players[1].name.clone()
                )
            }
            Some(GameState::Unknown) if resign => tr!(here.lang(), "refusal-button-gone"),
            _ => return false,
        };
        refuse(bot, &ctx.http, &mut i, refusal).await;
        true
    }
}

/// The game a picker's request names.
fn game_of(request: &Request) -> Option<u64> {
    match request {
        Request::Pick { game, .. } | Request::PickPlay { game, .. } => Some(*game),
        _ => None,
    }
}

/// Where a press on game `game`'s components acts: pressed in a direct message with
/// the bot (a turn notice of a game played elsewhere, issue 50), in the game's own
/// place; everywhere else where pressed.
async fn acting_channel(bot: &Bot, here: &Invocation, game: Option<u64>) -> u64 {
    let pressed_in = here.channel.get();
    match game {
        Some(game) if here.place == PlaceKind::BotDm => place_of(bot, game, pressed_in).await,
        _ => pressed_in,
    }
}

/// The place game `game` is played in (`fallback` when unknown).
async fn place_of(bot: &Bot, game: u64, fallback: u64) -> u64 {
    bot.service
        .run("game place", move |service| service.place_of(game))
        .await
        .flatten()
        .unwrap_or(fallback)
}

/// The channel pending challenge `challenge` was made in, when it is known (its
/// buttons pressed in a DM with the bot act there, issue 50).
async fn challenge_channel(bot: &Bot, challenge: u64) -> Option<u64> {
    bot.service
        .run("challenge place", move |service| {
            service.challenge_channel(challenge)
        })
        .await
        .flatten()
}

/// Where a press acts: a move shown for confirmation may have been shown by direct
/// message, so its buttons act in the game's own place; everything else where
/// [`acting_channel`] said.
async fn confirm_channel(bot: &Bot, request: &Request, acting: u64) -> u64 {
    match request {
        Request::ConfirmMove { game, .. } | Request::CancelMove { game } => {
            place_of(bot, *game, acting).await
        }
        _ => acting,
    }
}

/// Answers a press on a button of game `game`, which is over: the pressed message is
/// updated (interaction response type 7) to show what became of it (`shown`, written
/// in `lang`, the language of that public message), with only Rematch left, and the
/// presser is told privately in their own.
///
/// A board message is a Components V2 container, whose flag Discord never lets an
/// edit remove, so the update is a container too; a classic message (a draw offer's,
/// or a board posted before containers) refuses that for its content, and then gets
/// the classic update. (serenity does not keep the pressed message's flags: it drops
/// unknown bits, so the message cannot tell which it is.)
async fn game_over(http: &Http, i: &mut Interacted, game: u64, shown: &str, lang: Lang) {
    let updated = match i.update(http, closed_board(shown, game, lang)).await {
        Err(e) => {
            tracing::debug!("container update refused ({e}); updating as a classic message");
            let mut parts = closed_board(shown, game, lang);
            parts.layout = Layout::Classic;
            i.update(http, parts).await
        }
        ok => ok,
    };
    if let Err(e) = updated {
        tracing::warn!("message update failed: {e}");
    }
    let outcome = shown.lines().last().unwrap_or_default();
    let refusal = Parts::text(tr!(i.lang, "delivery-game-over", outcome = outcome));
    log_err(
        "private interaction reply",
        i.send(http, refusal, true).await,
    )
    .await
}
