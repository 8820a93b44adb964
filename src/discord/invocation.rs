//! What every interaction carries, whether a slash command or a button press (who, where,
//! in which language, with which permissions, from which kind of place), and the steps
//! every one of them takes: what needs a server refused elsewhere, the service called on
//! the blocking pool (deferred when it runs long), a refusal answered, the challenge
//! messages posted noted.

use super::delivery::{deliver, Origin};
use super::interaction::Interacted;
use super::outgoing::{prepare, Outgoing};
use super::Bot;
use crate::i18n::Lang;
use crate::service::api::{Context as ServiceContext, PlaceKind, Reply, Request, User};
use serenity::all::{
    AuthorizingIntegrationOwner, AuthorizingIntegrationOwners, ChannelId, CommandInteraction,
    ComponentInteraction, GuildId, Http, InteractionContext, InteractionId, Member, Permissions,
};
use std::sync::Arc;
use std::time::Duration;

/// The name a user goes by here: server nickname, else display name, else username.
pub fn display_name(user: &serenity::all::User, member: Option<&Member>) -> String {
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
pub fn organises(member: Option<&Member>, roles: &[u64]) -> bool {
    member.is_some_and(|m| {
        m.permissions
            .is_some_and(|p| p.intersects(Permissions::MANAGE_GUILD | Permissions::ADMINISTRATOR))
            || m.roles.iter().any(|r| roles.contains(&r.get()))
    })
}

/// The kind of place an interaction came from (issue 50), by its `context` and the
/// installs that authorized it: a group chat or a DM between people (PRIVATE_CHANNEL),
/// the DM with the bot (BOT_DM), or a server. A server reached only through a user's
/// install (no GUILD_INSTALL among the owners) is no place the bot may post in either:
/// like a group chat, it gets interaction answers only. Interactions without a context
/// (older payloads) are told by their server.
pub fn place_kind(
    context: Option<InteractionContext>,
    guild: Option<GuildId>,
    owners: &AuthorizingIntegrationOwners,
) -> PlaceKind {
    let server_install = owners
        .0
        .iter()
        .any(|o| matches!(o, AuthorizingIntegrationOwner::GuildInstall(_)));
    match context {
        Some(InteractionContext::PrivateChannel) => PlaceKind::GroupChat,
        Some(InteractionContext::BotDm) => PlaceKind::BotDm,
        Some(InteractionContext::Guild) if !owners.0.is_empty() && !server_install => {
            PlaceKind::GroupChat
        }
        _ if guild.is_none() => PlaceKind::BotDm,
        _ => PlaceKind::Server,
    }
}

/// One interaction's common facts.
pub(crate) struct Invocation {
    pub(crate) id: InteractionId,
    pub(crate) token: String,
    pub(crate) user: User,
    pub(crate) channel: ChannelId,
    pub(crate) guild: Option<GuildId>,
    /// Discord's locale code of the one who interacts.
    pub(crate) locale: String,
    pub(crate) guild_locale: Option<String>,
    /// The member's permissions in the interaction's channel.
    pub(crate) permissions: Option<Permissions>,
    /// The kind of place it came from.
    pub(crate) place: PlaceKind,
}

/// An [`Invocation`] of serenity's command or component interaction (two types with
/// the same fields), `$member` the member who interacts.
macro_rules! invocation_of {
    ($i:expr, $member:expr) => {
        Invocation {
            id: $i.id,
            token: $i.token.clone(),
            user: User {
                id: $i.user.id.get(),
                name: display_name(&$i.user, $member),
            },
            channel: $i.channel_id,
            guild: $i.guild_id,
            locale: $i.locale.clone(),
            guild_locale: $i.guild_locale.clone(),
            permissions: $member.and_then(|m| m.permissions),
            place: place_kind($i.context, $i.guild_id, &$i.authorizing_integration_owners),
        }
    };
}

impl Invocation {
    pub(crate) fn of_command(cmd: &CommandInteraction) -> Invocation {
        invocation_of!(cmd, cmd.member.as_deref())
    }

    pub(crate) fn of_component(comp: &ComponentInteraction) -> Invocation {
        invocation_of!(comp, comp.member.as_ref())
    }

    /// The language of the one who interacts.
    pub(crate) fn lang(&self) -> Lang {
        Lang::from_locale(&self.locale)
    }

    /// The interaction, not yet answered.
    pub(crate) fn interacted(&self) -> Interacted {
        let mut i = Interacted::new(self.id, self.token.clone(), self.user.clone(), self.channel)
            .speaking(&self.locale);
        i.place = self.place;
        i
    }

    /// The service's context of a request made here, acting in `channel`.
    pub(crate) fn context(&self, channel: u64) -> ServiceContext {
        ServiceContext {
            user: self.user.clone(),
            channel,
            server: self.guild.map(GuildId::get),
            key: Some(self.id.get().to_string()),
            lang: self.lang(),
            guild_locale: self.guild_locale.clone(),
        }
    }

    /// Whether the one who interacts may moderate games here.
    pub(crate) fn moderator(&self) -> bool {
        moderates(self.permissions)
    }

    /// `request`, made here and acting in `channel`; its answer for the one who
    /// interacts alone when `private`.
    pub(crate) fn call(&self, channel: u64, private: bool, request: Request) -> Call {
        Call {
            ctx: self.context(channel),
            moderator: self.moderator(),
            private,
            request,
            // The kind of place is told of the channel the interaction came from only.
            place: (channel == self.channel.get() && self.place != PlaceKind::Server)
                .then_some(self.place),
        }
    }
}

/// A request of an interaction to the service.
pub(crate) struct Call {
    pub(crate) ctx: ServiceContext,
    /// Whether it may act beyond the invoker's own games.
    pub(crate) moderator: bool,
    /// Whether the answer is for the invoker alone (a deferral is then private).
    pub(crate) private: bool,
    pub(crate) request: Request,
    /// The kind of place the request's channel is, when not a server's (the service
    /// learns it before acting: a game starting there keeps it).
    pub(crate) place: Option<PlaceKind>,
}

/// Answers `interacted` with a refusal, `text`, privately.
pub(crate) async fn refuse(bot: &Bot, http: &Http, interacted: &mut Interacted, text: String) {
    let out = prepare(vec![Reply::refusal(text)], 0);
    deliver(
        http,
        &bot.undelivered,
        &mut Origin::Interaction(interacted),
        out,
    )
    .await;
}

/// Refuses, privately, a request that needs a server (issue 50) made where the bot is
/// no member of one: why, and what to use instead. `true` when it did.
pub(crate) async fn refuse_server_only(
    bot: &Bot,
    http: &Http,
    here: &Invocation,
    interacted: &mut Interacted,
    request: &Request,
) -> bool {
    if here.place == PlaceKind::Server {
        return false;
    }
    let Some(key) = super::commands::server_only_reason(request) else {
        return false;
    };
    let text = crate::i18n::tr(interacted.lang, key);
    refuse(bot, http, interacted, text).await;
    true
}

/// Runs `call` on the blocking pool. When it takes longer than the configured
/// budget the interaction is deferred first, so Discord's 3 seconds never run out.
pub(crate) async fn call_service(
    bot: &Bot,
    http: &Http,
    interacted: &mut Interacted,
    call: Call,
) -> Vec<Outgoing> {
    let Call {
        ctx,
        moderator,
        private: ephemeral_defer,
        request,
        place,
    } = call;
    if bot.config.defer_after_ms == 0 {
        // Configured to always defer first.
        defer(http, interacted, ephemeral_defer).await;
    }
    let size = bot.config.image_size;
    let is_move = matches!(request, Request::Move { .. });
    let mut task = bot.service.spawn(move |service| {
        if let Some(kind) = place {
            service.note_place(ctx.channel, kind);
        }
        service.note_user_lang(ctx.user.id, ctx.lang);
        let replies = service.handle_as(&ctx, moderator, request);
        if is_move && replies.iter().any(|r| r.outbox.is_some()) {
            metrics::counter!(super::ops::MOVES).increment(1);
        }
        prepare(replies, size)
    });
    let budget = Duration::from_millis(bot.config.defer_after_ms);
    let result = match tokio::time::timeout(budget, &mut task).await {
        Ok(r) => r,
        Err(_) => {
            defer(http, interacted, ephemeral_defer).await;
            task.await
        }
    };
    result.ok().flatten().unwrap_or_else(|| {
        tracing::error!("service call failed");
        let sorry = crate::tr!(interacted.lang, "delivery-went-wrong");
        prepare(vec![Reply::refusal(sorry)], 0)
    })
}

async fn defer(http: &Http, interacted: &mut Interacted, ephemeral: bool) {
    if let Err(e) = interacted.defer(http, ephemeral).await {
        tracing::warn!("deferring failed: {e}");
    }
}

/// Delivers `out` as the answer to `interacted` and tells the service which messages
/// show the challenges just posted in `channel`. Returns the places a game was just
/// opened in (see [`computer_after`]).
pub(crate) async fn answer(
    bot: &Bot,
    http: &Http,
    interacted: &mut Interacted,
    channel: u64,
    out: Vec<Outgoing>,
) -> Vec<u64> {
    let opened = super::outgoing::places(&out);
    let shown = deliver(
        http,
        &bot.undelivered,
        &mut Origin::Interaction(interacted),
        out,
    )
    .await;
    bot.note_shown(channel, shown).await;
    opened
}

/// Lets the computer answer in `channel` and in the places a game was just opened in
/// (it may move first).
pub(crate) fn computer_after(bot: &Arc<Bot>, http: &Arc<Http>, channel: u64, opened: Vec<u64>) {
    for channel in std::iter::once(channel).chain(opened) {
        bot.run_computer(Arc::clone(http), channel);
    }
}
