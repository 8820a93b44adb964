//! No move lost to a restart. A new gateway session is not sent what was posted while
//! the process was away (a deployment, a crash, a session Discord would not resume), so
//! a player's `e4` typed then would never be answered. The front end keeps, per place,
//! the newest message it has seen (noted on every message event, kept in the store
//! every few seconds and at stop); when a server arrives (GUILD_CREATE: after every new
//! session, and when a server comes back from an outage), each of its channels and
//! active threads names its newest message, and the places with a game being played
//! where something newer arrived are read back from Discord (Get Channel Messages,
//! `after` the later of what was seen and the game's last change) and their lines
//! handled in order, like live chat, each once under its message id. A move the game
//! refuses by then (not chat: a line that reads as an answer) is answered to its writer
//! by direct message with the reason: they were not there to see that nothing happened.

use super::delivery::{deliver, Origin};
use super::outgoing::prepare;
use super::retry::with_retries;
use super::Bot;
use crate::i18n::Lang;
use crate::service::api::{Context as ServiceContext, Reply, ReplyKind, User};
use crate::service::front::{ChatLine, GameService, Missed};
use crate::tr;
use serenity::all::{ChannelId, GetMessages, Guild, Http, Message, MessageId, UserId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Discord's epoch (the first second of 2015), in ms since the Unix epoch.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;
/// Messages per Get Channel Messages (Discord's most).
const PAGE: u8 = 100;
/// Pages read back per place at most (older lines than that are not moves anyone waits
/// for: the place was busy with chat).
const MOST_PAGES: usize = 10;
/// How often the marks are kept in the store.
pub const KEEP_EVERY: Duration = Duration::from_secs(5);

/// The smallest message id made at `ms` (ms since the Unix epoch): Discord's ids hold
/// their time in their top 42 bits.
pub fn first_id_at(ms: u64) -> u64 {
    ms.saturating_sub(DISCORD_EPOCH_MS) << 22
}

/// The newest message seen in each place since the marks were last kept: a server's
/// places, and DMs with the bot (issue 50), kept apart (a DM's mark is kept whatever
/// game it holds: one by a pair of DMs lives in a place of its own).
#[derive(Default)]
pub struct Marks {
    newest: Mutex<HashMap<u64, u64>>,
    dms: Mutex<HashMap<u64, u64>>,
}

impl Marks {
    pub fn note(&self, channel: u64, message: u64) {
        note_in(&self.newest, channel, message);
    }

    /// [`Marks::note`] for a DM with the bot.
    pub fn note_dm(&self, dm: u64, message: u64) {
        note_in(&self.dms, dm, message);
    }

    fn take(map: &Mutex<HashMap<u64, u64>>) -> Vec<(u64, u64)> {
        let mut map = map.lock().unwrap_or_else(|e| e.into_inner());
        map.drain().collect()
    }

    /// Keeps the marks noted since the last call in the store.
    pub async fn keep(&self, bot: &Bot) {
        let marks = Marks::take(&self.newest);
        let dms = Marks::take(&self.dms);
        if !marks.is_empty() || !dms.is_empty() {
            bot.service
                .run("messages seen", move |service| {
                    service.note_seen(&marks);
                    service.note_dms_seen(&dms);
                })
                .await;
        }
    }
}

/// Notes `message` in `channel`'s mark of `map`, if newer.
fn note_in(map: &Mutex<HashMap<u64, u64>>, channel: u64, message: u64) {
    let mut map = map.lock().unwrap_or_else(|e| e.into_inner());
    let mark = map.entry(channel).or_insert(message);
    *mark = (*mark).max(message);
}

/// A chat line, from the gateway or read back.
pub struct Line {
    pub id: u64,
    pub channel: u64,
    pub server: Option<u64>,
    pub author: User,
    pub text: String,
    /// Read back after a restart (a refusal is then told to its writer).
    pub missed: bool,
}

impl Line {
    /// `msg` as a line of `server`, unless a bot wrote it.
    pub fn of(msg: &Message, server: Option<u64>, missed: bool) -> Option<Line> {
        (!msg.author.bot).then(|| Line {
            id: msg.id.get(),
            channel: msg.channel_id.get(),
            server,
            author: User {
                id: msg.author.id.get(),
                name: msg
                    .member
                    .as_ref()
                    .and_then(|m| m.nick.clone())
                    .or_else(|| msg.author.global_name.clone())
                    .unwrap_or_else(|| msg.author.name.clone()),
            },
            text: msg.content.clone(),
            missed,
        })
    }
}

/// A server arrived: its places with a game being played that hold messages newer
/// than those seen are read back, one place at a time.
pub async fn server_arrived(bot: &Arc<Bot>, http: &Arc<Http>, guild: &Guild) {
    let newest: Vec<(u64, u64)> = guild
        .channels
        .values()
        .chain(guild.threads.iter())
        .filter_map(|c| c.last_message_id.map(|m| (c.id.get(), m.get())))
        .collect();
    if newest.is_empty() {
        return;
    }
    let missed = bot
        .service
        .run("missed places", move |service| service.missed(&newest))
        .await
        .unwrap_or_default();
    for place in missed {
        read_back(bot, http, place).await;
    }
}

/// A new session began: the DMs of the people games played by DM wait for are read
/// back (issue 50). A DM sends no server's arrival, so a move typed there while the
/// process was away would never be answered. Each DM names its newest message (Create
/// DM answers the channel with it), all of them before any is read (a line read back
/// in one DM makes the bot post in the others); a DM holding something newer than its
/// mark and than its games' last change is read from the later of the two on, its
/// lines handled like live ones, each once.
pub async fn dms_arrived(bot: &Arc<Bot>, http: &Arc<Http>) {
    let waiting = bot
        .service
        .run("people waited for by DM", |service| service.dm_waiting())
        .await
        .unwrap_or_default();
    let mut newest = Vec::new();
    for (user, changed_ms) in waiting {
        let dm = with_retries("direct message channel", || {
            UserId::new(user.max(1)).create_dm_channel(http.as_ref())
        })
        .await;
        match dm {
            Ok(dm) => {
                let last = dm.last_message_id.map_or(0, |m| m.get());
                if last >= first_id_at(changed_ms) {
                    newest.push((dm.id.get(), last, changed_ms));
                }
            }
            Err(e) => tracing::warn!("cannot open the DM of {user} to read it back: {e}"),
        }
    }
    let missed = bot
        .service
        .run("dms_missed", move |service| service.dms_missed(&newest))
        .await
        .unwrap_or_default();
    for place in missed {
        read_back(bot, http, place).await;
    }
}

/// Reads `place`'s messages after the later of what was seen and its game's last
/// change, and handles each line in order.
async fn read_back(bot: &Arc<Bot>, http: &Arc<Http>, place: Missed) {
    let mut after = place.seen.unwrap_or(0).max(first_id_at(place.changed_ms));
    let channel = ChannelId::new(place.channel.max(1));
    for _ in 0..MOST_PAGES {
        let asked = GetMessages::new()
            .after(MessageId::new(after.max(1)))
            .limit(PAGE);
        let mut page = match channel.messages(http.as_ref(), asked).await {
            Ok(page) => page,
            Err(e) => {
                tracing::warn!("cannot read back the messages of {channel}: {e}");
                break;
            }
        };
        let full = page.len() >= usize::from(PAGE);
        page.sort_by_key(|m| m.id);
        for msg in &page {
            after = after.max(msg.id.get());
            if let Some(line) = Line::of(msg, place.server, true) {
                chat_line(bot, http, line).await;
            }
        }
        if !full {
            break;
        }
    }
    match place.server {
        Some(_) => bot.marks.note(place.channel, after),
        None => bot.marks.note_dm(place.channel, after),
    }
}

/// Handles a chat line as the asked player's answer, once per message id: its replies
/// posted like a move's; a refusal stays silent (ordinary chat is not a move, ruling
/// X-DISCORD-1), unless the line was read back after a restart and reads as a move.
pub async fn chat_line(bot: &Arc<Bot>, http: &Arc<Http>, line: Line) {
    if !bot.seen.first(line.id) {
        return;
    }
    let author = line.author.clone();
    let in_dm = line.server.is_none();
    let size = bot.config.image_size;
    let fallback = line.channel;
    let (channel, out) = bot
        .service
        .run("chat move", move |service| {
            line_replies(service, line, size)
        })
        .await
        .unwrap_or((fallback, Vec::new()));
    if out.is_empty() {
        return;
    }
    let mut origin = Origin::Message {
        channel: ChannelId::new(channel.max(1)),
        author,
        in_dm,
    };
    deliver(http, &bot.undelivered, &mut origin, out).await;
    bot.run_computer(Arc::clone(http), channel);
}

/// What the service answers to `line`, and the channel whose game it acted on (a line
/// typed in a DM with the bot acts on the one game there that asks its writer, issue
/// 50; when several do, the writer is told to use a board's Move button).
fn line_replies(
    service: &dyn GameService,
    line: Line,
    size: u32,
) -> (u64, Vec<super::outgoing::Outgoing>) {
    // A line comes without a language: its writer's as their interactions last said.
    let lang = service.user_lang(line.author.id).unwrap_or_default();
    let channel = match line.server {
        Some(_) => line.channel,
        None => match service.dm_acting(line.channel, line.author.id, lang) {
            Ok(channel) => channel,
            Err(which) => {
                let told = Reply::private(line.author.clone(), which).in_lang(lang);
                return (line.channel, by_line(&line, prepare(vec![told], size)));
            }
        },
    };
    let key = line.id.to_string();
    let ChatLine::Move(request) = service.chat_line(channel, line.author.id, &line.text) else {
        return (channel, Vec::new());
    };
    // Live, a redelivered event is caught by `Bot::seen`; read back after a restart, a
    // line handled just before the stop is known by its key.
    if line.missed && service.answered(&key) {
        return (channel, Vec::new());
    }
    let sctx = ServiceContext {
        user: line.author.clone(),
        channel,
        server: line.server,
        key: Some(key),
        lang,
        guild_locale: None,
    };
    let replies = service.handle(&sctx, request);
    if replies.iter().any(|r| r.kind == ReplyKind::Refusal) {
        let told = line.missed && service.reads_as_move(channel, &line.text);
        let out = if told {
            refused(&line, replies, size, lang)
        } else {
            Vec::new()
        };
        return (channel, out);
    }
    if replies.iter().any(|r| r.outbox.is_some()) {
        metrics::counter!(super::ops::MOVES).increment(1);
    }
    (channel, prepare(replies, size))
}

/// A move read back after a restart and refused: its writer told why by direct
/// message (they were not there to see that nothing happened).
fn refused(
    line: &Line,
    replies: Vec<Reply>,
    size: u32,
    lang: Lang,
) -> Vec<super::outgoing::Outgoing> {
    let why: Vec<String> = replies
        .iter()
        .filter(|r| r.kind == ReplyKind::Refusal)
        .map(|r| r.text.clone())
        .collect();
    let text = tr!(
        lang,
        "catchup-refused",
        line = line.text.trim().to_string(),
        channel = line.channel.to_string(),
        why = why.join(" ")
    );
    let told = Reply::private(line.author.clone(), text).in_lang(lang);
    by_line(line, prepare(vec![told], size))
}

/// `out`, answering `line` apart from any outbox entry, with nonces drawn from the
/// line's id: the same line read twice (live, then read back after a restart that came
/// before it was marked seen) tells its writer once.
fn by_line(line: &Line, mut out: Vec<super::outgoing::Outgoing>) -> Vec<super::outgoing::Outgoing> {
    for o in &mut out {
        o.nonce = Some(format!("line/{}", line.id));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_made_at_a_moment_is_at_least_the_first_id_of_that_moment() {
        // Discord's documented example: 175928847299117063 was made at 1462015105796.
        let id: u64 = 175_928_847_299_117_063;
        assert_eq!(first_id_at(1_462_015_105_796) >> 22, id >> 22);
        assert!(first_id_at(1_462_015_105_796) <= id);
        assert!(first_id_at(1_462_015_105_797) > id);
        assert_eq!(first_id_at(0), 0);
    }

    #[test]
    fn marks_keep_the_newest_message_of_each_place_once() {
        let marks = Marks::default();
        marks.note(1, 10);
        marks.note(1, 7);
        marks.note(2, 3);
        marks.note_dm(5, 4);
        marks.note_dm(5, 9);
        let mut taken = Marks::take(&marks.newest);
        taken.sort_unstable();
        assert_eq!(taken, vec![(1, 10), (2, 3)]);
        assert!(Marks::take(&marks.newest).is_empty());
        assert_eq!(Marks::take(&marks.dms), vec![(5, 9)]);
    }
}
