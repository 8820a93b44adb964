//! What Discord keeps of a server and hands to a bot that comes back: time-ordered
//! snowflake ids, the chat messages people typed (whether or not a bot was connected to
//! hear them), Get Channel Messages over them, and the GUILD_CREATE each server of a
//! shard sends after READY, with its channels, its active threads and each one's
//! `last_message_id`.

use super::{dispatch_in, guild_of, Inner, GUILD_ID};
use axum::http::StatusCode;
use serde_json::{json, Value};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::atomic::Ordering;

/// Discord's epoch (the first second of 2015), in ms since the Unix epoch.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// The next id, as Discord makes them: the time in ms since Discord's epoch in the top
/// 42 bits, so that an id tells when it was made and later ids are larger.
pub(super) fn next_id(inner: &Inner) -> u64 {
    let now_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    let stamp = now_ms.saturating_sub(DISCORD_EPOCH_MS) << 22;
    let mut current = inner.next_id.load(Ordering::SeqCst);
    loop {
        let id = current.max(stamp);
        match inner
            .next_id
            .compare_exchange(current, id + 1, Ordering::SeqCst, Ordering::SeqCst)
        {
            Ok(_) => return id,
            Err(seen) => current = seen,
        }
    }
}

/// Keeps a chat message a person posted (Discord keeps it whether a bot heard it).
pub(super) fn keep_chat(inner: &Inner, message: &Value) {
    if let Some(id) = message["id"].as_str().and_then(|i| i.parse::<u64>().ok()) {
        inner.chats.lock().unwrap().insert(id, message.clone());
    }
}

/// A message the bot made in a server's channel comes back to it as MESSAGE_CREATE,
/// as Discord sends a bot its own messages (none before it has a session); so does one
/// in a DM with the bot (to shard 0, which gets every DM, with no `guild_id`), but a
/// private (ephemeral) answer, which is no message of the channel.
pub(super) fn echo_own(inner: &Inner, channel: u64, message: &Value) {
    if inner.dm_channels.lock().unwrap().contains_key(&channel) {
        let private = message["flags"].as_u64().unwrap_or(0) & 64 != 0;
        let connected = inner
            .gateway
            .lock()
            .unwrap()
            .get(&0)
            .is_some_and(|s| s.id.is_some());
        if connected && !private {
            dispatch_in(inner, "MESSAGE_CREATE", message.clone());
        }
        return;
    }
    let guild = guild_of(inner, channel);
    let total = inner.total_shards.load(Ordering::SeqCst).max(1);
    let shard = ((guild >> 22) % total) as u32;
    let connected = inner
        .gateway
        .lock()
        .unwrap()
        .get(&shard)
        .is_some_and(|s| s.id.is_some());
    if connected {
        let mut m = message.clone();
        m["guild_id"] = json!(guild.to_string());
        dispatch_in(inner, "MESSAGE_CREATE", m);
    }
}

/// Every message of `channel`, the bot's and people's, oldest first.
fn history(inner: &Inner, channel: u64) -> Vec<(u64, Value)> {
    let key = channel.to_string();
    let mut all: Vec<(u64, Value)> = Vec::new();
    let bots = inner.messages.lock().unwrap();
    let chats = inner.chats.lock().unwrap();
    for (id, m) in bots.iter().chain(chats.iter()) {
        if m["channel_id"].as_str() == Some(key.as_str()) {
            all.push((*id, m.clone()));
        }
    }
    all.sort_by_key(|(id, _)| *id);
    all
}

/// The newest message of `channel` (the bot's or a person's), as a channel object's
/// `last_message_id` names it (Create DM answers the DM channel with it).
pub(super) fn last_message_id(inner: &Inner, channel: u64) -> Value {
    history(inner, channel)
        .last()
        .map_or(Value::Null, |(id, _)| json!(id.to_string()))
}

/// Get Channel Messages: `limit` (1-100, 50 by default) messages, newest first; with
/// `after`, the ones right after that id; else the latest. Discord's answer to a bad
/// limit is a 400 with code 50035.
pub(super) fn channel_messages(
    inner: &Inner,
    channel: u64,
    query: &str,
) -> (StatusCode, Option<Value>) {
    let param = |name: &str| {
        query
            .split('&')
            .find_map(|kv| kv.strip_prefix(&format!("{name}=")))
            .and_then(|v| v.parse::<u64>().ok())
    };
    let limit = param("limit").unwrap_or(50);
    if !(1..=100).contains(&limit) {
        return (
            StatusCode::BAD_REQUEST,
            Some(json!({"code": 50035, "message": "Invalid Form Body"})),
        );
    }
    let all = history(inner, channel);
    let mut chosen: Vec<Value> = match param("after") {
        Some(after) => all
            .into_iter()
            .filter(|(id, _)| *id > after)
            .take(limit as usize)
            .map(|(_, m)| m)
            .collect(),
        None => {
            let skip = all.len().saturating_sub(limit as usize);
            all.into_iter().skip(skip).map(|(_, m)| m).collect()
        }
    };
    chosen.reverse();
    (StatusCode::OK, Some(Value::Array(chosen)))
}

/// The GUILD_CREATE payloads of the servers shard `shard` of `total` owns, as Discord
/// sends them after READY. Every message is read once for all of them (a load test's
/// shard may own thousands of places and tens of thousands of messages).
pub(super) fn guild_creates(inner: &Inner, shard: u32, total: u32) -> Vec<Value> {
    let mut guilds: BTreeSet<u64> = inner
        .channel_guilds
        .lock()
        .unwrap()
        .values()
        .copied()
        .collect();
    guilds.insert(GUILD_ID);
    let owned: Vec<u64> = guilds
        .into_iter()
        .filter(|g| ((g >> 22) % u64::from(total.max(1))) as u32 == shard)
        .collect();
    let places = Places::read(inner);
    owned
        .into_iter()
        .map(|g| guild_create(&places, g))
        .collect()
}

/// A server's channels (as Discord lists them) and its active threads (thread, parent).
type ServerPlaces = (BTreeSet<u64>, Vec<(u64, u64)>);

/// What Discord would list of every server at one moment: each place's newest message,
/// and each server's channels and active threads.
struct Places {
    /// Every place that holds a message or was placed in a server, with its newest
    /// message's id (if any).
    last: HashMap<u64, Option<u64>>,
    /// Per server: the channels Discord would list (those with a message, those placed
    /// there, and the parents of its threads), and its active threads apart.
    servers: HashMap<u64, ServerPlaces>,
}

impl Places {
    fn read(inner: &Inner) -> Places {
        let mut last: HashMap<u64, Option<u64>> = HashMap::new();
        {
            let bots = inner.messages.lock().unwrap();
            let chats = inner.chats.lock().unwrap();
            for (id, m) in bots.iter().chain(chats.iter()) {
                if let Some(ch) = m["channel_id"].as_str().and_then(|c| c.parse::<u64>().ok()) {
                    let newest = last.entry(ch).or_insert(None);
                    *newest = Some(newest.map_or(*id, |n| n.max(*id)));
                }
            }
        }
        let threads = inner.threads.lock().unwrap().clone();
        let fates: HashSet<u64> = inner.thread_fates.lock().unwrap().keys().copied().collect();
        let dms: HashSet<u64> = inner.dm_channels.lock().unwrap().keys().copied().collect();
        for &parent in threads.values() {
            last.entry(parent).or_insert(None);
        }
        for c in inner.channel_guilds.lock().unwrap().keys() {
            last.entry(*c).or_insert(None);
        }
        let mut servers: HashMap<u64, ServerPlaces> = HashMap::new();
        for &c in last.keys() {
            if !threads.contains_key(&c) && !dms.contains(&c) {
                servers.entry(guild_of(inner, c)).or_default().0.insert(c);
            }
        }
        for (&t, &parent) in &threads {
            last.entry(t).or_insert(None);
            if !fates.contains(&t) {
                servers
                    .entry(guild_of(inner, t))
                    .or_default()
                    .1
                    .push((t, parent));
            }
        }
        Places { last, servers }
    }

    /// The channels Discord would list for server `guild`, and its active threads.
    fn of(&self, guild: u64) -> ServerPlaces {
        self.servers.get(&guild).cloned().unwrap_or_default()
    }

    fn last_message(&self, channel: u64) -> Value {
        self.last
            .get(&channel)
            .copied()
            .flatten()
            .map_or(Value::Null, |id| json!(id.to_string()))
    }
}

fn guild_create(places: &Places, guild: u64) -> Value {
    let (channels, threads) = places.of(guild);
    let g = guild.to_string();
    let channels: Vec<Value> = channels
        .into_iter()
        .map(|c| {
            json!({"id": c.to_string(), "type": 0, "guild_id": g, "name": format!("channel-{c}"),
                "position": 0, "permission_overwrites": [], "nsfw": false,
                "last_message_id": places.last_message(c), "rate_limit_per_user": 0,
                "parent_id": null, "flags": 0})
        })
        .collect();
    let threads: Vec<Value> = threads
        .into_iter()
        .map(|(t, parent)| {
            json!({"id": t.to_string(), "type": 11, "guild_id": g, "parent_id": parent.to_string(),
                "owner_id": super::BOT_ID.to_string(), "name": format!("thread-{t}"),
                "last_message_id": places.last_message(t), "rate_limit_per_user": 0,
                "message_count": 0, "member_count": 1, "total_message_sent": 0, "flags": 0,
                "thread_metadata": {"archived": false, "auto_archive_duration": 4320,
                    "archive_timestamp": "2024-01-01T00:00:00.000000+00:00", "locked": false}})
        })
        .collect();
    json!({
        "id": g, "name": format!("server-{guild}"), "icon": null, "splash": null,
        "discovery_splash": null, "owner_id": "1", "afk_channel_id": null, "afk_timeout": 300,
        "verification_level": 0, "default_message_notifications": 0,
        "explicit_content_filter": 0, "roles": [], "emojis": [], "features": [], "mfa_level": 0,
        "application_id": null, "system_channel_id": null, "system_channel_flags": 0,
        "rules_channel_id": null, "vanity_url_code": null, "description": null, "banner": null,
        "premium_tier": 0, "preferred_locale": "en-US", "public_updates_channel_id": null,
        "nsfw_level": 0, "stickers": [], "premium_progress_bar_enabled": false,
        "joined_at": "2024-01-01T00:00:00.000000+00:00", "large": false, "unavailable": false,
        "member_count": 2, "voice_states": [], "members": [], "channels": channels,
        "threads": threads, "presences": [], "stage_instances": [],
        "guild_scheduled_events": [], "safety_alerts_channel_id": null,
    })
}
