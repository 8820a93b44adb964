//! A game's own place on Discord: a public thread started from its challenge's message
//! (the service asks for it from a blocking thread), and how Discord names a channel
//! and a game's site.

use super::config::Config;
use super::rest::http_client;
use super::retry;
use crate::i18n::{tr, Lang};
use crate::service::api::{PlaceKind, Places};
use crate::tr;
use serenity::all::{ChannelId, UserId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long starting a game's thread may take before the game stays in its channel.
const THREAD_WAIT: Duration = Duration::from_secs(15);

/// Discord names a channel with a mention it renders as a link, and a game's site
/// with the channel's web address. A game's own place is a public thread started from
/// its challenge's message.
pub struct DiscordPlaces {
    http: Arc<serenity::all::Http>,
    /// The runtime the thread requests run on (the service calls from blocking threads).
    runtime: Option<tokio::runtime::Handle>,
    /// `threads = false` keeps every game in its channel.
    threads: bool,
    /// Each user's DM channel with the bot, as Discord answered (issue 50).
    dms: Mutex<HashMap<u64, u64>>,
}

impl DiscordPlaces {
    /// The places of the Discord `config` names; called on the async runtime the
    /// thread requests are to run on.
    pub fn for_config(config: &Config) -> Result<DiscordPlaces, String> {
        Ok(DiscordPlaces {
            http: Arc::new(http_client(config)?),
            runtime: tokio::runtime::Handle::try_current().ok(),
            threads: config.threads,
            dms: Mutex::default(),
        })
    }

    /// `user`'s DM channel with the bot (Create DM answers the one there is), asked
    /// once and remembered; `None` when Discord does not answer in time.
    fn dm_of(&self, user: u64) -> Option<u64> {
        let known = self
            .dms
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&user)
            .copied();
        if known.is_some() {
            return known;
        }
        let runtime = self.runtime.as_ref()?;
        let http = Arc::clone(&self.http);
        let (tx, rx) = std::sync::mpsc::channel();
        runtime.spawn(async move {
            let made = retry::with_retries("direct message channel", || {
                UserId::new(user.max(1)).create_dm_channel(&*http)
            })
            .await;
            let _ = tx.send(made.map(|c| c.id.get()));
        });
        match rx.recv_timeout(THREAD_WAIT) {
            Ok(Ok(dm)) => {
                let mut dms = self.dms.lock().unwrap_or_else(|e| e.into_inner());
                dms.insert(user, dm);
                Some(dm)
            }
            Ok(Err(e)) => {
                tracing::warn!("the DM channel of {user}: {e}");
                None
            }
            Err(_) => None,
        }
    }
}

/// Why a thread could not be started, in an admin's terms, in `lang` (the server's
/// language: the sentence ends up in a public game message).
fn thread_refusal(e: &serenity::Error, lang: Lang) -> String {
    match retry::discord_code(e) {
        Some(50013) | Some(50001) => tr(lang, "thread-not-allowed"),
        Some(50024) => tr(lang, "thread-in-thread"),
        Some(160004) => tr(lang, "thread-exists"),
        _ => tr!(lang, "thread-failed", error = e.to_string()),
    }
}

impl Places for DiscordPlaces {
    fn open_place(&self, channel: u64, title: &str, anchor: Option<u64>) -> Result<u64, String> {
        self.open_place_in(channel, title, anchor, Lang::En)
    }

    fn open_place_in(
        &self,
        channel: u64,
        title: &str,
        anchor: Option<u64>,
        lang: Lang,
    ) -> Result<u64, String> {
        use serenity::all::{AutoArchiveDuration, ChannelType, CreateThread, MessageId};
        if !self.threads {
            return Err(tr(lang, "thread-switched-off"));
        }
        let runtime = self
            .runtime
            .as_ref()
            .ok_or_else(|| tr(lang, "thread-no-runtime"))?;
        let http = Arc::clone(&self.http);
        let builder = CreateThread::new(title.to_string())
            .kind(ChannelType::PublicThread)
            .auto_archive_duration(AutoArchiveDuration::OneWeek);
        let (tx, rx) = std::sync::mpsc::channel();
        // Spawned and waited for, rather than `block_on`, so that a call from any
        // thread can only wait, never panic.
        runtime.spawn(async move {
            let parent = ChannelId::new(channel.max(1));
            let made = match anchor {
                // From the challenge's message, the thread's natural home.
                Some(anchor) => {
                    retry::with_retries("thread", || {
                        parent.create_thread_from_message(
                            &*http,
                            MessageId::new(anchor.max(1)),
                            builder.clone(),
                        )
                    })
                    .await
                }
                // The challenge's message is not known yet (accepted at once by
                // command): a thread of its own in the same channel.
                None => {
                    retry::with_retries("thread", || parent.create_thread(&*http, builder.clone()))
                        .await
                }
            };
            let _ = tx.send(
                made.map(|t| t.id.get())
                    .map_err(|e| thread_refusal(&e, lang)),
            );
        });
        rx.recv_timeout(THREAD_WAIT)
            .map_err(|_| tr(lang, "thread-timeout"))?
    }

    fn mention(&self, _server: Option<u64>, channel: u64) -> Option<String> {
        Some(format!("<#{channel}>"))
    }

    fn site(&self, server: Option<u64>, channel: u64) -> Option<String> {
        Some(super::delivery::chat_link(server, channel))
    }

    /// A group chat or a DM with the bot as a link; a game by a pair of DMs as the
    /// viewer's own DM with the bot (issue 50).
    fn reach(&self, kind: PlaceKind, channel: u64, viewer: u64) -> Option<String> {
        let chat = match kind {
            PlaceKind::Server => return None,
            PlaceKind::DmPair => self.dm_of(viewer)?,
            PlaceKind::GroupChat | PlaceKind::BotDm => channel,
        };
        Some(super::delivery::chat_link(None, chat))
    }
}
