//! Slash commands: their options read, the request they make sent to the service, the
//! answer delivered (and a review asked for run after its progress note); and the
//! completions Discord asks for while one is typed.

use super::commands::{self, OptionValue};
use super::interaction::Interacted;
use super::invocation::{
    answer, call_service, computer_after, organises, refuse, refuse_server_only, Invocation,
};
use super::outgoing::{prepare, Outgoing};
use super::parts::Parts;
use super::Bot;
use crate::service::api::{Context as ServiceContext, PlaceKind, Reply, Request, User};
use crate::service::grammar::{self, Completion};
use crate::tr;
use crate::variants::VariantId;
use serenity::all::{
    CommandDataOptionValue, CommandInteraction, Context, CreateAutocompleteResponse,
    CreateInteractionResponse, Http, UserId,
};
use serenity::builder::Builder;
use std::collections::HashMap;
use std::sync::Arc;

/// A slash command: its request to the service, the answer, then the computer's turn
/// here and in a place a game was just opened in.
pub(crate) async fn command(bot: &Arc<Bot>, ctx: &Context, cmd: CommandInteraction) {
    let here = Invocation::of_command(&cmd);
    let mut interacted = here.interacted();
    let options = match options(bot, &cmd, &here) {
        Ok(options) => options,
        Err(refusal) => return refuse(bot, &ctx.http, &mut interacted, refusal).await,
    };
    let name = cmd.data.name.as_str();
    let mut channel = here.channel.get();
    let days = bot.config.default_days;
    let (out, review) = match commands::to_request_in(name, &options, &here.user, days, here.lang())
    {
        Ok(request) => {
            if refuse_server_only(bot, &ctx.http, &here, &mut interacted, &request).await {
                return;
            }
            if let Some(refusal) = unreachable_opponent(bot, &ctx.http, &here, &request).await {
                return refuse(bot, &ctx.http, &mut interacted, refusal).await;
            }
            channel = match acting_in_dm(bot, &here, &request).await {
                Ok(acting) => acting,
                Err(refusal) => return refuse(bot, &ctx.http, &mut interacted, refusal).await,
            };
            interacted.acting = channel;
            let review = match &request {
                Request::Review { game } => Some((here.context(channel), *game)),
                _ => None,
            };
            let moderator = may_act_as_moderator(bot, &cmd, &here, &request);
            let mut call = here.call(channel, commands::is_private(name), request);
            call.moderator = moderator;
            let out = call_service(bot, &ctx.http, &mut interacted, call).await;
            (out, review)
        }
        Err(sentence) => (prepare(vec![Reply::refusal(sentence)], 0), None),
    };
    let opened = answer(bot, &ctx.http, &mut interacted, channel, out).await;
    if let Some((sctx, game)) = review {
        run_review(bot, &ctx.http, &mut interacted, sctx, game).await;
    }
    computer_after(bot, &ctx.http, channel, opened);
}

/// The channel a command used in one's DM with the bot acts in (issue 50): a request
/// on a game acts on the one game there that asks the player, as the service says
/// (a game by a pair of DMs lives in a place of its own); anything else where used.
async fn acting_in_dm(bot: &Bot, here: &Invocation, request: &Request) -> Result<u64, String> {
    let channel = here.channel.get();
    let on_a_game = matches!(
        request,
        Request::Move { .. }
            | Request::Board
            | Request::History
            | Request::Note { .. }
            | Request::Conditional { .. }
            | Request::Takeback(_)
            | Request::Export
            | Request::Resign
            | Request::Draw(_)
            | Request::Abort
            | Request::Claim
            | Request::Hand
            | Request::Web
    );
    if here.place != PlaceKind::BotDm || !on_a_game {
        return Ok(channel);
    }
    let (user, lang) = (here.user.id, here.lang());
    bot.service
        .run("dm acting", move |service| {
            service.dm_acting(channel, user, lang)
        })
        .await
        .unwrap_or(Ok(channel))
}

/// A challenge made in a group chat (issue 50), where the bot can reach the players
/// only by direct message, or in one's DM with the bot (a game by a pair of DMs, or a
/// rematch of one): the opponent is told of it by one first; when their direct
/// messages are closed (403 / 50007) the challenge is refused, and nothing starts.
async fn unreachable_opponent(
    bot: &Bot,
    http: &Http,
    here: &Invocation,
    request: &Request,
) -> Option<String> {
    match request {
        Request::Challenge { opponent, .. } => tell_challenged(bot, http, here, opponent).await,
        // `/rematch` in one's DM with the bot of a game by a pair of DMs: a new
        // challenge by DM, its opponent told first as for `/challenge`.
        Request::Rematch if here.place == PlaceKind::BotDm => {
            let (dm, user) = (here.channel.get(), here.user.id);
            let opponent = bot
                .service
                .run("dm_rematch_opponent", move |service| {
                    service.dm_rematch_opponent(dm, user)
                })
                .await
                .flatten()?;
            tell_challenged(bot, http, here, &opponent).await
        }
        _ => None,
    }
}

/// Tells `opponent` by direct message that the one who interacts challenges them from
/// a group chat or their DM with the bot (see [`unreachable_opponent`]): the refusal
/// when their direct messages are closed.
pub(crate) async fn tell_challenged(
    bot: &Bot,
    http: &Http,
    here: &Invocation,
    opponent: &User,
) -> Option<String> {
    if bot.me.get() == Some(&opponent.id) {
        return None;
    }
    let lang = here.lang();
    let challenger = here.user.name.clone();
    // The one challenged reads it in their own language, when known.
    let id = opponent.id;
    let theirs = bot
        .service
        .run("user language", move |service| service.user_lang(id))
        .await
        .flatten()
        .unwrap_or(lang);
    let (told, pair) = match here.place {
        PlaceKind::GroupChat => {
            let chat = super::delivery::chat_link(here.guild.map(|g| g.get()), here.channel.get());
            let told = tr!(
                theirs,
                "dms-challenged",
                challenger = challenger,
                chat = chat
            );
            (told, false)
        }
        PlaceKind::BotDm => {
            let told = tr!(theirs, "dms-pair-challenged", challenger = challenger);
            (told, true)
        }
        _ => return None,
    };
    let mut notice = Parts::text(told);
    // Made again if the interaction comes twice: Discord keeps the first.
    notice.nonce = Some(super::parts::dm_nonce(
        &format!("challenged/{}", here.id),
        opponent.id,
        0,
    ));
    let sent = super::delivery::direct_message(http, opponent.id, notice).await;
    match sent {
        Err(e) if super::retry::discord_code(&e) == Some(50007) => {
            let opponent = opponent.id.to_string();
            Some(if pair {
                tr!(lang, "dms-pair-unreachable", opponent = opponent)
            } else {
                tr!(lang, "dms-opponent-unreachable", opponent = opponent)
            })
        }
        Err(e) => {
            tracing::info!("challenge notice to {} failed: {e}", opponent.id);
            None
        }
        Ok(()) => None,
    }
}

/// Whether the request may act beyond its invoker's own games: tournaments are
/// organised by those who manage the server, or hold a role the configuration names;
/// everything else is moderated by those who manage threads or messages.
fn may_act_as_moderator(
    bot: &Bot,
    cmd: &CommandInteraction,
    here: &Invocation,
    request: &Request,
) -> bool {
    match request {
        Request::Tournament { .. } => organises(cmd.member.as_deref(), &bot.config.organiser_roles),
        _ => here.moderator(),
    }
}

/// The command's options as the grammar reads them, or the refusal of a bot named as a
/// player (the bot itself may be: a challenge to it plays the computer).
fn options(
    bot: &Bot,
    cmd: &CommandInteraction,
    here: &Invocation,
) -> Result<HashMap<String, OptionValue>, String> {
    let mut options = HashMap::new();
    for o in &cmd.data.options {
        let v = match &o.value {
            CommandDataOptionValue::String(s) => OptionValue::Text(s.clone()),
            CommandDataOptionValue::Integer(i) => OptionValue::Integer(*i),
            CommandDataOptionValue::Boolean(b) => OptionValue::Bool(*b),
            CommandDataOptionValue::User(id) => OptionValue::User(named_user(bot, cmd, here, *id)?),
            CommandDataOptionValue::Channel(id) => OptionValue::Channel(id.get()),
            _ => continue,
        };
        options.insert(o.name.clone(), v);
    }
    Ok(options)
}

/// A user named in an option, by the name they go by in the server.
fn named_user(
    bot: &Bot,
    cmd: &CommandInteraction,
    here: &Invocation,
    id: UserId,
) -> Result<User, String> {
    let resolved = cmd.data.resolved.users.get(&id);
    let me = bot.me.get() == Some(&id.get());
    if resolved.is_some_and(|u| u.bot) && !me {
        return Err(tr!(here.lang(), "delivery-no-bots"));
    }
    let nick = cmd
        .data
        .resolved
        .members
        .get(&id)
        .and_then(|m| m.nick.clone());
    let name = nick
        .or_else(|| resolved.and_then(|u| u.global_name.clone()))
        .or_else(|| resolved.map(|u| u.name.clone()))
        .unwrap_or_else(|| tr!(here.lang(), "discord-unknown-user", id = id.to_string()));
    Ok(User { id: id.get(), name })
}

/// The review itself, after its progress note, on the blocking pool like the
/// computer's turn; its answer follows the note.
async fn run_review(
    bot: &Bot,
    http: &Http,
    interacted: &mut Interacted,
    sctx: ServiceContext,
    game: Option<u64>,
) {
    let size = bot.config.image_size;
    let _permit = Arc::clone(&bot.thinking).acquire_owned().await;
    let out: Option<Vec<Outgoing>> = bot
        .service
        .run("review", move |service| {
            service.review(&sctx, game).map(|r| prepare(r, size))
        })
        .await
        .flatten();
    if let Some(out) = out {
        super::delivery::deliver(
            http,
            &bot.undelivered,
            &mut super::delivery::Origin::Interaction(interacted),
            out,
        )
        .await;
    }
}

/// Completes an option as it is typed: only the options the command table marks as
/// completed are (answers from the game, variant options from the chosen variant's
/// declarations).
pub(crate) async fn autocomplete(bot: &Bot, ctx: &Context, cmd: CommandInteraction) {
    let Some(focused) = cmd.data.autocomplete() else {
        return;
    };
    let choices = match grammar::completion(&cmd.data.name, focused.name) {
        None => return,
        Some(Completion::VariantOptions) => {
            let variant = cmd
                .data
                .options
                .iter()
                .find(|o| o.name == "variant")
                .and_then(|o| o.value.as_str())
                .and_then(VariantId::parse);
            grammar::complete_options(variant, focused.value)
        }
        Some(Completion::Answers) => {
            let prefix = focused.value.to_string();
            let (channel, user) = (cmd.channel_id.get(), cmd.user.id.get());
            // In one's DM with the bot: the game there that asks (issue 50).
            let in_dm = cmd.context == Some(serenity::all::InteractionContext::BotDm);
            bot.service
                .run("autocomplete", move |service| {
                    let channel = match in_dm {
                        true => service
                            .dm_acting(channel, user, Default::default())
                            .unwrap_or(channel),
                        false => channel,
                    };
                    service.autocomplete(channel, user, &prefix)
                })
                .await
                .unwrap_or_default()
        }
    };
    // Discord shows at most 25 choices of at most 100 characters.
    let response = choices
        .into_iter()
        .filter(|c| !c.is_empty() && c.len() <= 100)
        .take(25)
        .fold(CreateAutocompleteResponse::new(), |r, c| {
            r.add_string_choice(c.clone(), c)
        });
    if let Err(e) = CreateInteractionResponse::Autocomplete(response)
        .execute(&*ctx.http, (cmd.id, &cmd.token))
        .await
    {
        tracing::warn!("autocomplete answer failed: {e}");
    }
}
