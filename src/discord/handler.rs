//! Gateway events in: the connection ready (commands registered, the computer's
//! pending turns resumed), interactions handed to [`slash`](super::slash) and
//! [`press`](super::press), deleted threads, plain chat moves (see
//! [`catchup`](super::catchup), which also reads back what a restart missed).

use super::catchup::{chat_line, server_arrived, Line};
use super::commands;
use super::Bot;
use crate::service::api::User;
use crate::service::front::could_be_move;
use serenity::all::{
    Context, EventHandler, Guild, GuildId, Interaction, Message, PartialGuildChannel, Ready,
};
use serenity::async_trait;
use std::sync::Arc;

pub use super::invocation::{moderates, organises};

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
        // What was typed in DMs meanwhile (issue 50): DMs send no GUILD_CREATE.
        let (bot, http) = (Arc::clone(&self.bot), Arc::clone(&ctx.http));
        tokio::spawn(async move { super::catchup::dms_arrived(&bot, &http).await });
        let mut defs = commands::definitions();
        let activity = activity_on(&self.bot.config);
        if activity && self.bot.config.server_id.is_none() {
            defs.push(commands::entry_point());
        }
        if activity && self.bot.config.server_id.is_some() {
            // An Entry Point command is the application's, never one server's.
            let made =
                serenity::all::Command::create_global_command(&*ctx.http, commands::entry_point());
            if let Err(e) = made.await {
                tracing::error!("registering the Activity's Entry Point command failed: {e}");
            }
        }
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
        if let Some((id, token)) = super::buttons::launches(&interaction) {
            let launched = super::buttons::launch_activity(&ctx.http, id, &token).await;
            if let Err(e) = launched {
                tracing::warn!("launching the Activity failed: {e}");
            }
            return;
        }
        match interaction {
            Interaction::Command(cmd) => super::slash::command(&self.bot, &ctx, cmd).await,
            Interaction::Component(comp) => super::press::component(&self.bot, &ctx, comp).await,
            Interaction::Autocomplete(cmd) => {
                super::slash::autocomplete(&self.bot, &ctx, cmd).await
            }
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
        let Some(server) = msg.guild_id else {
            // A direct message with the bot (issue 50): Discord sends its content
            // without the Message Content intent, and it may be a move in a game
            // played there. Its mark is noted once it is handled (the bot's own
            // messages there come back too, and are marked as seen).
            if let Some(line) = Line::of(&msg, None, false).filter(|l| could_be_move(&l.text)) {
                chat_line(&self.bot, &ctx.http, line).await;
            }
            self.bot.marks.note_dm(msg.channel_id.get(), msg.id.get());
            return;
        };
        self.bot.marks.note(msg.channel_id.get(), msg.id.get());
        if !self.bot.config.message_content || !could_be_move(&msg.content) {
            return;
        }
        if let Some(line) = Line::of(&msg, Some(server.get()), false) {
            chat_line(&self.bot, &ctx.http, line).await;
        }
    }

    /// A server arrived (after every new session, or back from an outage): what was
    /// posted in its games' places while nobody was listening is read back.
    async fn guild_create(&self, ctx: Context, guild: Guild, _is_new: Option<bool>) {
        if self.bot.config.message_content {
            server_arrived(&self.bot, &ctx.http, &guild).await;
        }
    }
}

/// Whether the configuration turns the Activity on (`[web] activity = true`).
pub(crate) fn activity_on(config: &super::config::Config) -> bool {
    config.web.as_ref().is_some_and(|w| w.activity.is_some())
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
