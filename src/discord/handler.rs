//! Gateway events in, service calls out: slash commands, buttons, autocomplete and
//! plain chat moves, each translated into a [`Request`] and answered through
//! [`delivery`](super::delivery).

use super::commands::{self, OptionValue};
use super::delivery::{self, deliver, prepare, Origin, Outgoing};
use super::interaction::Interacted;
use super::Bot;
use crate::i18n::Lang;
use crate::service::api::{Context as ServiceContext, Reply, ReplyKind, Request, User};
use crate::service::front::{could_be_move, ChatLine, GameState};
use crate::service::grammar::{self, Completion};
use crate::variants::VariantId;
use serenity::all::{
    CommandDataOptionValue, CommandInteraction, ComponentInteraction, ComponentInteractionDataKind,
    Context, CreateAutocompleteResponse, CreateInteractionResponse, EventHandler, GuildId,
    Interaction, Member, Message, PartialGuildChannel, Permissions, Ready,
};
use serenity::async_trait;
use serenity::builder::Builder;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

/// Ids of the interactions and messages already handled, so that an event the gateway
/// replays (a resumed session) sends nothing twice. Bounded: the oldest ids leave first.
#[derive(Default)]
pub struct Seen {
    // A plain mutex: held only to test and insert one id, never across an await.
    inner: std::sync::Mutex<(
        std::collections::HashSet<u64>,
        std::collections::VecDeque<u64>,
    )>,
}

impl Seen {
    /// Replays come within minutes; this many ids cover far more than that.
    const CAPACITY: usize = 50_000;

    /// `true` the first time `id` is seen.
    pub fn first(&self, id: u64) -> bool {
        let mut guard = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let (set, order) = &mut *guard;
        if !set.insert(id) {
            return false;
        }
        order.push_back(id);
        if order.len() > Self::CAPACITY {
            if let Some(old) = order.pop_front() {
                set.remove(&old);
            }
        }
        true
    }
}

/// The serenity event handler; all state lives in the shared [`Bot`].
pub struct Handler {
    pub bot: Arc<Bot>,
}

/// The name a user goes by here: server nickname, else display name, else username.
fn display_name(user: &serenity::all::User, member: Option<&Member>) -> String {
    member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone())
}

/// Whether a member may moderate games where they act: Manage Threads or Manage
/// Messages (Administrator implies both), from the permissions Discord computed for
/// the interaction's channel.
pub fn moderates(permissions: Option<Permissions>) -> bool {
    permissions.is_some_and(|p| {
        p.intersects(
            Permissions::MANAGE_THREADS | Permissions::MANAGE_MESSAGES | Permissions::ADMINISTRATOR,
        )
    })
}

/// Whether `member` may organise tournaments: Manage Server (or Administrator), or one
/// of the `roles` the configuration names.
pub fn organises(member: Option<&serenity::all::Member>, roles: &[u64]) -> bool {
    member.is_some_and(|m| {
        m.permissions
            .is_some_and(|p| p.intersects(Permissions::MANAGE_GUILD | Permissions::ADMINISTRATOR))
            || m.roles.iter().any(|r| roles.contains(&r.get()))
    })
}

/// The answer to any command or button used outside a server (in a DM with the bot),
/// in the language of the one who used it.
pub fn server_only(lang: Lang) -> String {
    crate::i18n::tr(lang, "delivery-server-only")
}

impl Handler {
    /// Refuses an interaction that came from a direct message; `true` when it did.
    async fn refuse_outside_server(
        &self,
        http: &serenity::all::Http,
        guild: Option<GuildId>,
        mut interacted: Interacted,
    ) -> bool {
        if guild.is_some() {
            return false;
        }
        let out = prepare(vec![Reply::refusal(server_only(interacted.lang))], 0);
        deliver(
            http,
            &self.bot.undelivered,
            &mut Origin::Interaction(&mut interacted),
            out,
        )
        .await;
        true
    }

    /// Runs `work` on the blocking pool. When it takes longer than the configured
    /// budget the interaction is deferred first, so Discord's 3 seconds never run out.
    async fn call_service(
        &self,
        http: &serenity::all::Http,
        interacted: &mut Interacted,
        ephemeral_defer: bool,
        ctx: ServiceContext,
        moderator: bool,
        request: Request,
    ) -> Vec<Outgoing> {
        if self.bot.config.defer_after_ms == 0 {
            // Configured to always defer first.
            if let Err(e) = interacted.defer(http, ephemeral_defer).await {
                tracing::warn!("deferring failed: {e}");
            }
        }
        let size = self.bot.config.image_size;
        let is_move = matches!(request, Request::Move { .. });
        let mut task = self.bot.service.spawn(move |service| {
            let replies = service.handle_as(&ctx, moderator, request);
            if is_move && replies.iter().any(|r| r.outbox.is_some()) {
                metrics::counter!(super::ops::MOVES).increment(1);
            }
            prepare(replies, size)
        });
        let budget = Duration::from_millis(self.bot.config.defer_after_ms);
        let result = match tokio::time::timeout(budget, &mut task).await {
            Ok(r) => r,
            Err(_) => {
                if let Err(e) = interacted.defer(http, ephemeral_defer).await {
                    tracing::warn!("deferring failed: {e}");
                }
                task.await
            }
        };
        result.ok().flatten().unwrap_or_else(|| {
            tracing::error!("service call failed");
            let sorry = crate::tr!(interacted.lang, "delivery-went-wrong");
            prepare(vec![Reply::refusal(sorry)], 0)
        })
    }

    /// Tells the service which messages show the challenges just posted in `channel`.
    async fn note_shown(&self, channel: u64, shown: Vec<(u64, u64)>) {
        if shown.is_empty() {
            return;
        }
        self.bot
            .service
            .run("challenge message", move |service| {
                for (challenge, message) in shown {
                    service.shown(channel, challenge, message);
                }
            })
            .await;
    }

    async fn command(&self, ctx: &Context, cmd: CommandInteraction) {
        let user = User {
            id: cmd.user.id.get(),
            name: display_name(&cmd.user, cmd.member.as_deref()),
        };
        let here = Interacted::new(cmd.id, cmd.token.clone(), user.clone(), cmd.channel_id)
            .speaking(&cmd.locale);
        if self
            .refuse_outside_server(&ctx.http, cmd.guild_id, here)
            .await
        {
            return;
        }
        let mut options = HashMap::new();
        for o in &cmd.data.options {
            let v = match &o.value {
                CommandDataOptionValue::String(s) => OptionValue::Text(s.clone()),
                CommandDataOptionValue::Integer(i) => OptionValue::Integer(*i),
                CommandDataOptionValue::Boolean(b) => OptionValue::Bool(*b),
                CommandDataOptionValue::User(id) => {
                    let resolved = cmd.data.resolved.users.get(id);
                    let me = self.bot.me.get() == Some(&id.get());
                    if resolved.is_some_and(|u| u.bot) && !me {
                        let mut i = Interacted::new(
                            cmd.id,
                            cmd.token.clone(),
                            user.clone(),
                            cmd.channel_id,
                        );
                        let no = crate::tr!(Lang::from_locale(&cmd.locale), "delivery-no-bots");
                        let out = prepare(vec![Reply::refusal(no)], 0);
                        deliver(
                            &ctx.http,
                            &self.bot.undelivered,
                            &mut Origin::Interaction(&mut i),
                            out,
                        )
                        .await;
                        return;
                    }
                    let nick = cmd
                        .data
                        .resolved
                        .members
                        .get(id)
                        .and_then(|m| m.nick.clone());
                    let name = nick
                        .or_else(|| resolved.and_then(|u| u.global_name.clone()))
                        .or_else(|| resolved.map(|u| u.name.clone()))
                        .unwrap_or_else(|| format!("user {id}"));
                    OptionValue::User(User { id: id.get(), name })
                }
                _ => continue,
            };
            options.insert(o.name.clone(), v);
        }
        let mut interacted =
            Interacted::new(cmd.id, cmd.token.clone(), user.clone(), cmd.channel_id)
                .speaking(&cmd.locale);
        let name = cmd.data.name.as_str();
        let mut review = None;
        let lang = Lang::from_locale(&cmd.locale);
        let days = self.bot.config.default_days;
        let out = match commands::to_request_in(name, &options, &user, days, lang) {
            Ok(request) => {
                let sctx = ServiceContext {
                    user: user.clone(),
                    channel: cmd.channel_id.get(),
                    server: cmd.guild_id.map(GuildId::get),
                    key: Some(cmd.id.get().to_string()),
                    lang: Lang::from_locale(&cmd.locale),
                    guild_locale: cmd.guild_locale.clone(),
                };
                let moderator = match &request {
                    // Tournaments are organised by those who manage the server, or hold
                    // a role the configuration names.
                    Request::Tournament { .. } => {
                        organises(cmd.member.as_deref(), &self.bot.config.organiser_roles)
                    }
                    _ => moderates(cmd.member.as_ref().and_then(|m| m.permissions)),
                };
                if let Request::Review { game } = &request {
                    review = Some((sctx.clone(), *game));
                }
                self.call_service(
                    &ctx.http,
                    &mut interacted,
                    commands::is_private(name),
                    sctx,
                    moderator,
                    request,
                )
                .await
            }
            Err(sentence) => prepare(vec![Reply::refusal(sentence)], 0),
        };
        let opened = delivery::places(&out);
        let shown = deliver(
            &ctx.http,
            &self.bot.undelivered,
            &mut Origin::Interaction(&mut interacted),
            out,
        )
        .await;
        self.note_shown(cmd.channel_id.get(), shown).await;
        if let Some((sctx, game)) = review {
            // The review itself, after its progress note, on the blocking pool like
            // the computer's turn; its answer follows the note.
            let size = self.bot.config.image_size;
            let _permit = Arc::clone(&self.bot.thinking).acquire_owned().await;
            let out = self
                .bot
                .service
                .run("review", move |service| {
                    service.review(&sctx, game).map(|r| prepare(r, size))
                })
                .await
                .flatten();
            if let Some(out) = out {
                deliver(
                    &ctx.http,
                    &self.bot.undelivered,
                    &mut Origin::Interaction(&mut interacted),
                    out,
                )
                .await;
            }
        }
        // Here, and in a place a game was just opened in (the computer may move first).
        for channel in std::iter::once(cmd.channel_id.get()).chain(opened) {
            self.bot.run_computer(Arc::clone(&ctx.http), channel);
        }
    }

    async fn component(&self, ctx: &Context, comp: ComponentInteraction) {
        let user = User {
            id: comp.user.id.get(),
            name: display_name(&comp.user, comp.member.as_ref()),
        };
        let here = Interacted::new(comp.id, comp.token.clone(), user.clone(), comp.channel_id)
            .speaking(&comp.locale);
        if self
            .refuse_outside_server(&ctx.http, comp.guild_id, here)
            .await
        {
            return;
        }
        let values = match &comp.data.kind {
            ComponentInteractionDataKind::StringSelect { values } => values.clone(),
            _ => Vec::new(),
        };
        if let Some(request) = super::picker::request(&comp.data.custom_id, &values) {
            self.picker_press(ctx, &comp, user, request).await;
            return;
        }
        let game_button = commands::game_button(&comp.data.custom_id);
        if self
            .refuse_stale_game_press(ctx, &comp, &user, game_button.as_ref())
            .await
        {
            return;
        }
        if let Some(commands::GameButton::ConfirmResign(game)) = game_button {
            // Asked privately first; only the confirming press acts (and is judged).
            let prompt = super::delivery::resign_prompt(game, Lang::from_locale(&comp.locale));
            if let Err(e) = prompt.execute(&*ctx.http, (comp.id, &comp.token)).await {
                tracing::warn!("resign confirmation failed: {e}");
            }
            return;
        }
        // (request, the challenge a challenge button names, whether the answer is
        // private, whether it is a game's button)
        let chosen = match game_button {
            Some(commands::GameButton::Act { request, .. }) => {
                let private = matches!(&request, Request::OnGame { request, .. }
                    if **request == Request::Hand);
                Some((request, None, private, true))
            }
            _ => commands::button_request(&comp.data.custom_id)
                .map(|(request, named)| (request, named, false, false)),
        };
        let Some((request, named, private, for_game)) = chosen else {
            tracing::debug!("unknown button {}", comp.data.custom_id);
            let mut i = Interacted::new(comp.id, comp.token.clone(), user, comp.channel_id)
                .speaking(&comp.locale);
            let old = crate::tr!(i.lang, "delivery-old-button");
            let out = prepare(vec![Reply::refusal(old)], 0);
            deliver(
                &ctx.http,
                &self.bot.undelivered,
                &mut Origin::Interaction(&mut i),
                out,
            )
            .await;
            return;
        };
        let mut interacted =
            Interacted::new(comp.id, comp.token.clone(), user.clone(), comp.channel_id)
                .speaking(&comp.locale);
        // A game's button acts on no challenge message.
        if !for_game {
            interacted.pressed = Some((comp.message.id, named));
        }
        // A move shown for confirmation may have been shown by direct message: its
        // buttons act in the game's own place.
        let channel = match &request {
            Request::ConfirmMove { game, .. } | Request::CancelMove { game } => {
                let game = *game;
                self.bot
                    .service
                    .run("game place", move |service| service.place_of(game))
                    .await
                    .flatten()
                    .unwrap_or(comp.channel_id.get())
            }
            _ => comp.channel_id.get(),
        };
        let sctx = ServiceContext {
            user,
            channel,
            server: comp.guild_id.map(GuildId::get),
            key: Some(comp.id.get().to_string()),
            lang: Lang::from_locale(&comp.locale),
            guild_locale: comp.guild_locale.clone(),
        };
        let moderator = moderates(comp.member.as_ref().and_then(|m| m.permissions));
        let out = self
            .call_service(
                &ctx.http,
                &mut interacted,
                private,
                sctx,
                moderator,
                request,
            )
            .await;
        let opened = delivery::places(&out);
        // A settled challenge's message is updated by the service's own reply (type 7
        // on the pressed message), on every path.
        let shown = deliver(
            &ctx.http,
            &self.bot.undelivered,
            &mut Origin::Interaction(&mut interacted),
            out,
        )
        .await;
        self.note_shown(comp.channel_id.get(), shown).await;
        for channel in std::iter::once(comp.channel_id.get()).chain(opened) {
            self.bot.run_computer(Arc::clone(&ctx.http), channel);
        }
    }

    /// A press on the board's Move button or in a move picker: the picker's next step,
    /// privately (on the picker's own message, updated in place), or a Confirm played
    /// as any answer is.
    async fn picker_press(
        &self,
        ctx: &Context,
        comp: &ComponentInteraction,
        user: User,
        request: Request,
    ) {
        let mut interacted =
            Interacted::new(comp.id, comp.token.clone(), user.clone(), comp.channel_id)
                .speaking(&comp.locale);
        if super::picker::on_picker(&comp.data.custom_id) {
            interacted.pressed = Some((comp.message.id, None));
            interacted.updates = true;
        }
        let sctx = ServiceContext {
            user,
            channel: comp.channel_id.get(),
            server: comp.guild_id.map(GuildId::get),
            key: Some(comp.id.get().to_string()),
            lang: Lang::from_locale(&comp.locale),
            guild_locale: comp.guild_locale.clone(),
        };
        let moderator = moderates(comp.member.as_ref().and_then(|m| m.permissions));
        let is_play = matches!(request, Request::PickPlay { .. });
        let out = self
            .call_service(&ctx.http, &mut interacted, true, sctx, moderator, request)
            .await;
        if is_play && out.iter().any(|o| o.reply.outbox.is_some()) {
            metrics::counter!(super::ops::MOVES).increment(1);
        }
        deliver(
            &ctx.http,
            &self.bot.undelivered,
            &mut Origin::Interaction(&mut interacted),
            out,
        )
        .await;
        self.bot
            .run_computer(Arc::clone(&ctx.http), comp.channel_id.get());
    }

    /// A press on a game's Resign, Offer draw or My hand button is refused at once,
    /// privately, when that game is over (its message is then updated to show what
    /// became of it, with only Rematch left) and, for Resign, when the presser does not
    /// play it or it is not this place's game. Returns whether the press was refused.
    async fn refuse_stale_game_press(
        &self,
        ctx: &Context,
        comp: &ComponentInteraction,
        user: &User,
        button: Option<&commands::GameButton>,
    ) -> bool {
        let (game, resign) = match button {
            Some(commands::GameButton::ConfirmResign(game)) => (*game, true),
            Some(commands::GameButton::Act {
                game,
                request: Request::OnGame { request, .. },
            }) if matches!(**request, Request::Draw(_) | Request::Hand) => (*game, false),
            _ => return false,
        };
        let channel = comp.channel_id.get();
        let state = self
            .bot
            .service
            .run("game state", move |service| {
                service.game_state(channel, game)
            })
            .await
            .flatten();
        let mut i = Interacted::new(comp.id, comp.token.clone(), user.clone(), comp.channel_id)
            .speaking(&comp.locale);
        let refusal = match state {
            Some(GameState::Over { shown, lang }) => {
                i.pressed = Some((comp.message.id, None));
                delivery::game_over(&ctx.http, &mut i, game, &shown, lang).await;
                return true;
            }
            Some(GameState::Playing { players }) if resign => {
                if players.iter().any(|p| p.id == user.id) {
                    return false;
                }
                crate::tr!(
                    Lang::from_locale(&comp.locale),
                    "play-not-a-player",
                    white = players[0].name.clone(),
                    black = players[1].name.clone()
                )
            }
            Some(GameState::Unknown) if resign => {
                crate::tr!(Lang::from_locale(&comp.locale), "refusal-button-gone")
            }
            _ => return false,
        };
        let out = prepare(vec![Reply::refusal(refusal)], 0);
        deliver(
            &ctx.http,
            &self.bot.undelivered,
            &mut Origin::Interaction(&mut i),
            out,
        )
        .await;
        true
    }

    async fn autocomplete(&self, ctx: &Context, cmd: CommandInteraction) {
        if cmd.guild_id.is_none() {
            return;
        }
        let Some(focused) = cmd.data.autocomplete() else {
            return;
        };
        // Only the options the command table marks as completed are: answers from the
        // game, variant options from the chosen variant's declarations.
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
                self.bot
                    .service
                    .run("autocomplete", move |service| {
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
}

#[async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        tracing::info!("connected to Discord as {}", ready.user.name);
        let _ = self.bot.me.set(ready.user.id.get());
        let me = User {
            id: ready.user.id.get(),
            name: ready
                .user
                .global_name
                .clone()
                .unwrap_or_else(|| ready.user.name.clone()),
        };
        let pending = self
            .bot
            .service
            .run("computer", move |service| {
                service.set_computer(me);
                service.computer_channels()
            })
            .await
            .unwrap_or_default();
        for channel in pending {
            self.bot.run_computer(Arc::clone(&ctx.http), channel);
        }
        let defs = commands::definitions();
        let result = match self.bot.config.server_id {
            Some(server) => GuildId::new(server)
                .set_commands(&*ctx.http, defs)
                .await
                .map(|c| c.len()),
            None => serenity::all::Command::set_global_commands(&*ctx.http, defs)
                .await
                .map(|c| c.len()),
        };
        match result {
            Ok(n) => tracing::info!("registered {n} slash commands"),
            Err(e) => tracing::error!("registering the slash commands failed: {e}"),
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        if !self.bot.seen.first(interaction.id().get()) {
            tracing::debug!("interaction {} redelivered; ignored", interaction.id());
            return;
        }
        match interaction {
            Interaction::Command(cmd) => self.command(&ctx, cmd).await,
            Interaction::Component(comp) => self.component(&ctx, comp).await,
            Interaction::Autocomplete(cmd) => self.autocomplete(&ctx, cmd).await,
            _ => {}
        }
    }

    /// A deleted thread: a game played there moves back to the thread's channel.
    async fn thread_delete(
        &self,
        _ctx: Context,
        thread: PartialGuildChannel,
        _full: Option<serenity::all::GuildChannel>,
    ) {
        self.bot
            .undelivered
            .place_gone(thread.id.get(), Some(thread.parent_id.get()));
    }

    async fn message(&self, ctx: Context, msg: Message) {
        if !self.bot.config.message_content
            || msg.author.bot
            || msg.guild_id.is_none()
            || !could_be_move(&msg.content)
            || !self.bot.seen.first(msg.id.get())
        {
            return;
        }
        let author = User {
            id: msg.author.id.get(),
            name: msg
                .member
                .as_ref()
                .and_then(|m| m.nick.clone())
                .or_else(|| msg.author.global_name.clone())
                .unwrap_or_else(|| msg.author.name.clone()),
        };
        let sctx = ServiceContext {
            user: author.clone(),
            channel: msg.channel_id.get(),
            server: msg.guild_id.map(GuildId::get),
            key: Some(msg.id.get().to_string()),
            lang: Default::default(),
            guild_locale: None,
        };
        let text = msg.content.clone();
        let size = self.bot.config.image_size;
        let out = self
            .bot
            .service
            .run("chat move", move |service| {
                let ChatLine::Move(request) = service.chat_line(sctx.channel, sctx.user.id, &text)
                else {
                    return Vec::new();
                };
                let replies = service.handle(&sctx, request);
                // Ordinary chat is not a move: a refusal means "not for me", so stay
                // silent rather than answer every chat line (ruling X-DISCORD-1).
                if replies.iter().any(|r| r.kind == ReplyKind::Refusal) {
                    return Vec::new();
                }
                if replies.iter().any(|r| r.outbox.is_some()) {
                    metrics::counter!(super::ops::MOVES).increment(1);
                }
                prepare(replies, size)
            })
            .await
            .unwrap_or_default();
        if out.is_empty() {
            return;
        }
        let mut origin = Origin::Message {
            channel: msg.channel_id,
            author,
        };
        deliver(&ctx.http, &self.bot.undelivered, &mut origin, out).await;
        self.bot
            .run_computer(Arc::clone(&ctx.http), msg.channel_id.get());
    }
}

#[cfg(test)]
mod tests {
    use super::Seen;

    #[test]
    fn seen_ids_act_once_and_stay_bounded() {
        let seen = Seen::default();
        assert!(seen.first(7));
        assert!(!seen.first(7));
        for id in 100..(100 + Seen::CAPACITY as u64 + 1) {
            assert!(seen.first(id));
        }
        // 7 was the oldest and has been forgotten; a recent one is still known.
        assert!(seen.first(7));
        assert!(!seen.first(100 + Seen::CAPACITY as u64));
    }
}
