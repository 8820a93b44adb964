//! The fake's rules for apps installed to a user's account (issue 50), as Discord
//! documents them:
//!
//! - an interaction carries `context` (0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL) and
//!   `authorizing_integration_owners` (key `"0"` GUILD_INSTALL: the server's id, `"0"`
//!   in the DM with the bot; key `"1"` USER_INSTALL: the authorizing user's id);
//! - in a group chat (PRIVATE_CHANNEL) the app is no member: it sees no messages, and
//!   a post, edit, history read or thread there is refused with 403 / 50001 (Missing
//!   Access); only interaction answers reach it;
//! - a user-installed app's interaction (owners USER_INSTALL only) takes at most 5
//!   followup messages: the sixth is refused with 400 / 40094;
//! - an interaction token lasts 15 minutes: after that (by the fake's own clock, which
//!   a test moves) a callback is refused with 404 / 10062 (Unknown interaction) and a
//!   webhook request with 401 / 50027 (Invalid Webhook Token).

use super::{FakeDiscord, FakeUser, Inner, APP_ID};
use axum::http::{Method, StatusCode};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// How long an interaction token lasts.
pub const TOKEN_LIFE: Duration = Duration::from_secs(15 * 60);

/// Followup messages a user-installed app may send per interaction.
pub const FOLLOWUP_CAP: u32 = 5;

/// The state of user installs.
#[derive(Default)]
pub(super) struct Installs {
    /// Group chats (channel type 3): channel -> its members. The bot is none of them.
    group_chats: Mutex<HashMap<u64, Vec<u64>>>,
    /// The fake's clock, in milliseconds since it started; moved by tests only.
    clock_ms: AtomicU64,
    /// Interaction id -> the fake's clock when it was made.
    born: Mutex<HashMap<u64, u64>>,
    /// Interactions authorized by a user's install alone -> that user.
    user_installed: Mutex<HashMap<u64, u64>>,
    /// Followups sent to each such interaction.
    followups: Mutex<HashMap<u64, u32>>,
    /// Messages made in a group chat -> the user whose install authorized them (a
    /// button on one is authorized by that user's install).
    authorized_by: Mutex<HashMap<u64, u64>>,
    /// Every interaction payload made (see [`FakeDiscord::interaction_payload`]).
    payloads: Mutex<HashMap<u64, Value>>,
}

/// Keeps interaction `id`'s payload, as it was dispatched.
pub(super) fn keep_payload(inner: &Inner, id: u64, payload: &Value) {
    let mut payloads = inner.installs.payloads.lock().unwrap();
    payloads.insert(id, payload.clone());
}

/// Interaction `id`'s payload, as it was dispatched.
pub(super) fn payload(inner: &Inner, id: u64) -> Option<Value> {
    let payloads = inner.installs.payloads.lock().unwrap();
    payloads.get(&id).cloned()
}

fn refusal(status: StatusCode, code: u64, message: &str) -> (StatusCode, Option<Value>) {
    (status, Some(json!({"code": code, "message": message})))
}

impl FakeDiscord {
    /// A new group chat of `members` (the app installed by each of them, not added to
    /// the chat): its channel id.
    pub fn group_chat(&self, members: &[&FakeUser]) -> u64 {
        let id = self.new_id();
        let ids = members.iter().map(|m| m.id).collect();
        self.inner
            .installs
            .group_chats
            .lock()
            .unwrap()
            .insert(id, ids);
        id
    }

    /// `user`'s DM channel with the bot (one per user, as on Discord: the same one the
    /// bot's direct messages to them go to): interactions there come from BOT_DM.
    pub fn bot_dm(&self, user: &FakeUser) -> u64 {
        super::dm_channel_of(&self.inner, user.id, || self.new_id())
    }

    /// Moves the fake's clock (interaction tokens age by it).
    pub fn advance_clock(&self, by: Duration) {
        let ms = u64::try_from(by.as_millis()).unwrap_or(u64::MAX);
        self.inner.installs.clock_ms.fetch_add(ms, Ordering::SeqCst);
    }

    /// A slash command `name` of `user` in `channel`, made as it would be dispatched
    /// but not sent to any bot (to check the fake's own rules): its id.
    pub fn undelivered_slash(&self, user: &FakeUser, channel: u64, name: &str) -> u64 {
        let id = self.new_id();
        let data = json!({"id": "800000000000000001", "name": name, "type": 1, "options": []});
        self.interaction(id, 2, user, channel, data);
        id
    }

    /// Interaction `id` as it was dispatched to the bot.
    pub fn interaction_payload(&self, id: u64) -> Option<Value> {
        payload(&self.inner, id)
    }

    /// How many followups interaction `id` got (counted for user-installed ones).
    pub fn followups_of(&self, id: u64) -> u32 {
        let followups = self.inner.installs.followups.lock().unwrap();
        followups.get(&id).copied().unwrap_or(0)
    }

    /// The interaction payload of one made in a group chat or in the DM with the bot;
    /// `None` for a server's channel.
    pub(super) fn private_interaction(
        &self,
        id: u64,
        kind: u8,
        user: &FakeUser,
        channel: u64,
        data: &Value,
        message: Option<u64>,
    ) -> Option<Value> {
        let installs = &self.inner.installs;
        let now = installs.clock_ms.load(Ordering::SeqCst);
        installs.born.lock().unwrap().insert(id, now);
        let group = installs.group_chats.lock().unwrap().get(&channel).cloned();
        let in_dm = self
            .inner
            .dm_channels
            .lock()
            .unwrap()
            .contains_key(&channel);
        let (context, partial, owners) = match (group, in_dm) {
            (Some(members), _) => {
                // A button is authorized by the install of whoever made its message
                // come (the one whose command answered it); a command by the invoker's.
                let owner = message
                    .and_then(|m| installs.authorized_by.lock().unwrap().get(&m).copied())
                    .unwrap_or(user.id);
                installs.user_installed.lock().unwrap().insert(id, owner);
                let recipients: Vec<Value> = members
                    .iter()
                    .map(|m| json!({"id": m.to_string(), "username": format!("user{m}"), "discriminator": "0", "global_name": null, "avatar": null}))
                    .collect();
                let partial =
                    json!({"id": channel.to_string(), "type": 3, "recipients": recipients});
                (2, partial, json!({"1": owner.to_string()}))
            }
            (None, true) => {
                let partial = json!({"id": channel.to_string(), "type": 1});
                (1, partial, json!({"0": "0", "1": user.id.to_string()}))
            }
            (None, false) => return None,
        };
        Some(json!({
            "id": id.to_string(), "application_id": APP_ID.to_string(), "type": kind,
            "data": data, "channel_id": channel.to_string(), "channel": partial,
            "user": user.json(), "token": format!("tok-{id}"), "version": 1,
            "locale": self.locale_of(user), "entitlements": [], "context": context,
            "authorizing_integration_owners": owners,
            // ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE (and USE_EXTERNAL_EMOJIS in
            // the DM with the bot), as Discord computes them outside servers.
            "app_permissions": if context == 1 { "442368" } else { "180224" },
            "attachment_size_limit": 26214400,
        }))
    }
}

/// Whether `channel` is a group chat.
pub(super) fn is_group_chat(inner: &Inner, channel: u64) -> bool {
    inner
        .installs
        .group_chats
        .lock()
        .unwrap()
        .contains_key(&channel)
}

/// A message the bot made in a group chat for interaction `interaction`: a button on
/// it is authorized by the same install.
pub(super) fn note_made(inner: &Inner, interaction: u64, message: u64) {
    let installs = &inner.installs;
    let owner = installs
        .user_installed
        .lock()
        .unwrap()
        .get(&interaction)
        .copied();
    if let Some(owner) = owner {
        installs
            .authorized_by
            .lock()
            .unwrap()
            .insert(message, owner);
    }
}

/// How Discord refuses a request under the user-install rules, if it does: posts where
/// the app is no member, an expired token, the followup past the cap (counted here).
pub(super) fn refused(
    inner: &Inner,
    method: &Method,
    segs: &[&str],
) -> Option<(StatusCode, Option<Value>)> {
    let token_id = |t: &str| t.strip_prefix("tok-").and_then(|i| i.parse::<u64>().ok());
    match (method.as_str(), segs) {
        (_, ["channels", channel, ..]) => {
            let channel: u64 = channel.parse().ok()?;
            is_group_chat(inner, channel)
                .then(|| refusal(StatusCode::FORBIDDEN, 50001, "Missing Access"))
        }
        ("POST", ["interactions", id, _, "callback"]) => {
            let id: u64 = id.parse().ok()?;
            expired(inner, id).then(|| refusal(StatusCode::NOT_FOUND, 10062, "Unknown interaction"))
        }
        (_, ["webhooks", _, token, rest @ ..]) => {
            let id = token_id(token)?;
            if expired(inner, id) {
                return Some(refusal(
                    StatusCode::UNAUTHORIZED,
                    50027,
                    "Invalid Webhook Token",
                ));
            }
            let followup = method == Method::POST && rest.is_empty();
            let capped = inner
                .installs
                .user_installed
                .lock()
                .unwrap()
                .contains_key(&id);
            if !(followup && capped) {
                return None;
            }
            let mut followups = inner.installs.followups.lock().unwrap();
            let n = followups.entry(id).or_insert(0);
            if *n >= FOLLOWUP_CAP {
                return Some(refusal(
                    StatusCode::BAD_REQUEST,
                    40094,
                    "This interaction has hit the maximum number of follow up messages",
                ));
            }
            *n += 1;
            None
        }
        _ => None,
    }
}

/// Whether interaction `id`'s token is older than [`TOKEN_LIFE`] by the fake's clock.
fn expired(inner: &Inner, id: u64) -> bool {
    let installs = &inner.installs;
    let now = installs.clock_ms.load(Ordering::SeqCst);
    let life = u64::try_from(TOKEN_LIFE.as_millis()).unwrap_or(u64::MAX);
    installs
        .born
        .lock()
        .unwrap()
        .get(&id)
        .is_some_and(|born| now.saturating_sub(*born) >= life)
}
