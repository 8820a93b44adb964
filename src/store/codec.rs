//! How the typed store turns records into a backend's bytes and back: a game's head
//! and lists, the metadata a backend keeps beside a value, ratings and idempotency
//! replies.

use super::backend::{Items, Meta, StoredGame};
use super::{migrate, Challenge, GameRecord, StoreError, FORMAT_VERSION};
use crate::ratings::{Key, Standing};
use serde::{Deserialize, Serialize};

/// Reads a stored game record of any known format, upgrading older ones: a head of
/// format 3 or later with its actions and history entries (stored apart, in order;
/// only as many as the head counts are taken), or an older record that holds them.
pub(super) fn decode_game(stored: &StoredGame) -> Result<GameRecord, StoreError> {
    let mut value: serde_json::Value = serde_json::from_slice(&stored.head)?;
    if migrate::format_of(&value) >= 3 {
        if let Some(map) = value.as_object_mut() {
            for (list, count, items) in [
                ("actions", "action_count", &stored.actions),
                ("history", "history_count", &stored.history),
            ] {
                let n = map
                    .remove(count)
                    .and_then(|c| c.as_u64())
                    .map_or(0, |c| usize::try_from(c).unwrap_or(usize::MAX));
                if items.len() < n {
                    return Err(StoreError::Replay {
                        id: map
                            .get("id")
                            .and_then(serde_json::Value::as_u64)
                            .unwrap_or(0),
                        reason: format!("{} of its {n} stored {list} are missing", n - items.len()),
                    });
                }
                let decoded = items[..n]
                    .iter()
                    .map(|b| serde_json::from_slice(b))
                    .collect::<Result<Vec<serde_json::Value>, _>>()?;
                map.insert(list.to_string(), serde_json::Value::Array(decoded));
            }
        }
    }
    migrate::upgrade(&mut value)?;
    Ok(serde_json::from_value(value)?)
}

/// What a stored game head says of itself that a backend keeps beside it.
#[derive(Deserialize)]
struct HeadMeta {
    #[serde(default)]
    channel: u64,
    #[serde(default)]
    finished: bool,
    /// 0 and 0 for a record of format 2 or older, whose lists are inside it.
    #[serde(default)]
    action_count: u64,
    #[serde(default)]
    history_count: u64,
}

/// The action and history counts of a stored head ([`backend::CountsOf`]); an
/// unreadable head counts none.
pub(super) fn list_counts(head: &[u8]) -> (u64, u64) {
    serde_json::from_slice::<HeadMeta>(head).map_or((0, 0), |h| (h.action_count, h.history_count))
}

/// One list of a record as a backend writes it: each item encoded when sent.
pub(super) fn items<T: Serialize + Send + Sync + 'static>(list: Vec<T>) -> Items {
    Items::new(list.len(), move |i| match list.get(i) {
        Some(item) => Ok(serde_json::to_vec(item)?),
        None => Err(StoreError::Url(format!(
            "no item {i} in a list of {}",
            list.len()
        ))),
    })
}

pub(super) fn challenge_meta(c: &Challenge) -> Meta {
    Meta {
        channel: c.channel,
        ..Meta::default()
    }
}

/// What the typed store says of a stored value when copying it byte for byte: a game
/// head's channel, state and counts, a challenge's channel, a reply's time.
pub(super) fn meta_of(k: &[u8], v: &[u8]) -> Result<Meta, StoreError> {
    if k.starts_with(b"g/") {
        let h: HeadMeta = serde_json::from_slice(v)?;
        return Ok(Meta {
            channel: h.channel,
            finished: h.finished,
            counts: (h.action_count, h.history_count),
            ..Meta::default()
        });
    }
    if k.starts_with(b"h/") {
        let h: HeadMeta = serde_json::from_slice(v)?;
        return Ok(Meta {
            channel: h.channel,
            ..Meta::default()
        });
    }
    if k.starts_with(b"k/") {
        let r: KeyedReplies = serde_json::from_slice(v)?;
        return Ok(Meta {
            at_ms: r.at_ms,
            ..Meta::default()
        });
    }
    Ok(Meta::default())
}

/// The stored head of a record (format 3): every field but the action and history
/// lists, which are counted instead.
pub(super) fn encode_head(record: &GameRecord) -> Result<Vec<u8>, StoreError> {
    let head = GameRecord {
        actions: Vec::new(),
        history: Vec::new(),
        players: record.players.clone(),
        options: record.options.clone(),
        clock: record.clock.clone(),
        end: record.end.clone(),
        conditional: record.conditional.clone(),
        conditional_plies: record.conditional_plies.clone(),
        ..*record
    };
    let mut value = serde_json::to_value(&head)?;
    if let Some(map) = value.as_object_mut() {
        map.remove("actions");
        map.remove("history");
        map.insert("format".to_string(), FORMAT_VERSION.into());
        map.insert("action_count".to_string(), record.actions.len().into());
        map.insert("history_count".to_string(), record.history.len().into());
    }
    Ok(serde_json::to_vec(&value)?)
}

/// Stored replies of an idempotency key: opaque JSON, written and read by the service.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(super) struct KeyedReplies {
    pub(super) at_ms: u64,
    pub(super) replies: serde_json::Value,
}

/// A stored rating carries its own key, so reading needs no key parsing.
#[derive(Serialize, Deserialize)]
pub(super) struct StoredStanding {
    pub(super) key: Key,
    pub(super) standing: Standing,
}

pub(super) fn rating_key(k: &Key) -> Vec<u8> {
    let mut out = b"r/".to_vec();
    out.extend_from_slice(&k.ladder.map_or(0, |l| l.wrapping_add(1)).to_be_bytes());
    out.extend_from_slice(k.variant.id().as_bytes());
    out.push(b'/');
    out.extend_from_slice(&k.user.to_be_bytes());
    out
}

/// The ladder scope the stored ratings were computed for.
pub(super) const RATING_SCOPE_KEY: &[u8] = b"rscope";
