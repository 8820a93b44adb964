//! Durable game records on sled or PostgreSQL (see [`backend`]): challenges, games,
//! per-channel pointers and idempotency replies.
//!
//! A stored game is replay-first: its record format version, variant, options, seed and
//! actions, plus what the service adds (players, clock, draw offer, printed history).
//! Loading rebuilds the game by replaying the actions (`Game::replay`); no variant's
//! internal state is stored, so changing a variant's structs cannot break a stored
//! game. Only a record whose actions do not replay is reported.
//!
//! Every game record carries its `format`. Records of an older format are upgraded on
//! load (see [`migrate`]); a record of a newer format than this build reads is refused
//! with [`StoreError::TooNew`] and never written over. Stored replies of idempotency
//! keys are plain JSON that the store keeps and gives back without reading.
//!
//! Owns durable state: game records, challenges, ratings, outbox, idempotency keys, kept
//! private texts, over the backends of `backend`. May import `core`, `model`,
//! `variants` (to replay a record) and `ratings` (their stored types); never the service
//! or a front end.

pub mod backend;
mod check;
mod error;
pub mod events;
#[cfg(test)]
mod faulty;
mod group;
pub mod index;
mod kept;
pub mod migrate;
mod postgres;
mod sled_backend;

use crate::core::Side;
use crate::model::{ColorChoice, User};
use crate::ratings::{GameEnd, Key, LadderScope, Standing, Table};
use crate::variants::{Game, Options, VariantId};
use backend::{Batch, Db, GameOp, Items, Meta, StoredGame};
use serde::{Deserialize, Serialize};
use std::path::Path;

pub use crate::variants::ActionKind;
pub(crate) use backend::{id_of, key};
pub use backend::{Expect, StoreUrl};
pub use check::CheckReport;
pub use error::StoreError;
pub use events::{Event, EventFormat, EventGame, EventState, StoredEvent};
pub use index::{Listing, PastGame};
pub use kept::{KeptText, Notes, PendingMove, Prefs, Vacation};
pub use sled_backend::open_sled;

/// Version of the stored game record layout: written with every record, read on load.
/// 1: the first release (with a snapshot of the variant's state); 2: replay-first, no
/// snapshot; 3: the record's head alone, its actions and history entries stored under
/// their own keys (a move appends instead of rewriting the record; see
/// [`backend::GameOp`]). Bump it, and add a step to [`migrate`], when the layout changes.
pub const FORMAT_VERSION: u32 = 3;

/// A challenge in one channel, waiting for an answer (or settled, kept a while so a
/// late press on its message can be told what became of it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    /// Its own id. Challenges stored before ids existed (keyed by their channel) read
    /// as 0 and are given one when the service loads them.
    #[serde(default)]
    pub id: u64,
    /// The channel it was made in (0 in challenges keyed by their channel).
    #[serde(default)]
    pub channel: u64,
    pub challenger: User,
    /// `None`: an open challenge, the first taker plays.
    pub opponent: Option<User>,
    pub server: Option<u64>,
    pub variant: VariantId,
    pub color: ColorChoice,
    /// Days per move; 0 means no limit.
    pub days: u32,
    pub options: Options,
    pub created_ms: u64,
    /// Days of time bank each player gets beyond the days per move (0: none; the
    /// default of challenges from before banks existed).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bank_days: u32,
    /// Counts for the ratings; `rated:false` makes a casual game. Challenges stored
    /// before ratings existed are rated, the default.
    #[serde(default = "rated_by_default")]
    pub rated: bool,
    /// The front end's message that shows it (to update it when settled).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<u64>,
    /// How it was settled (accepted, declined, withdrawn, expired), once it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
    /// When it was settled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settled_ms: Option<u64>,
    /// Once accepted: where its game is played (a place opened for it, or its channel).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<u64>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn rated_by_default() -> bool {
    true
}

/// One stored action of a game, with when it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Action {
    pub at_ms: u64,
    pub kind: ActionKind,
}

/// One line group of the printed record: an answer and the lines it caused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryEntry {
    pub side: Side,
    pub printed: String,
    pub events: Vec<crate::i18n::Msg>,
    /// The turn was played from its player's conditional line (`/conditional`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub conditional: bool,
}

/// One player's conditional lines on a game (`/conditional`): each line alternates the
/// opponent's turn and this player's answer, the opponent's first. Private to their
/// author: kept in the record (so they move with it in one checked write and survive
/// restarts) and never shown but to that player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConditionalLines {
    pub side: Side,
    pub lines: Vec<Vec<String>>,
}

/// The clock of the turn in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnClock {
    /// The side the deadline binds.
    pub side: Side,
    pub started_ms: u64,
    /// `None` when the game has no time limit.
    pub deadline_ms: Option<u64>,
    /// The reminder for this turn has been sent.
    pub reminded: bool,
    /// The channel has been told that the time ran out.
    pub expiry_told: bool,
    /// The clock stands still since then: its player is on vacation. When it runs
    /// again, its start and deadline move on by the time it stood.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paused_ms: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub format: u32,
    pub id: u64,
    pub channel: u64,
    pub server: Option<u64>,
    /// White then Black.
    pub players: [User; 2],
    pub variant: VariantId,
    pub options: Options,
    pub seed: u64,
    pub days: u32,
    pub created_ms: u64,
    pub actions: Vec<Action>,
    pub history: Vec<HistoryEntry>,
    pub clock: Option<TurnClock>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Side>,
    pub finished: bool,
    /// Counts for the ratings. Records from before ratings existed are rated (X-RATINGS-1).
    #[serde(default = "rated_by_default")]
    pub rated: bool,
    /// Set when the game ends: its place in the end order, the score and, for a rated
    /// game, the rating change (written in the same batch as the ratings themselves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<GameEnd>,
    /// The computer's seat in a game against it; absent in games between people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<ComputerSeat>,
    /// The channel the game's own place (a thread) was opened in, where the game goes
    /// back if that place is deleted; absent when the game is played in the channel
    /// itself, and in records from before places could go away.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub home: Option<u64>,
    /// Each side's time bank left (White's, Black's), in milliseconds: a turn may run
    /// past its days into it, and time runs out only when both are spent. `None`: the
    /// game has no bank (every game from before banks existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_ms: Option<[u64; 2]>,
    /// The bank each player started with, in days (a rematch offers the same).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bank_days: u32,
    /// The players' conditional lines still waiting (private to each author).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditional: Vec<ConditionalLines>,
    /// The indices in `actions` of answers played from a conditional line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditional_plies: Vec<usize>,
    /// Which players (White, Black) are on vacation: their turns' clocks stand still.
    #[serde(default, skip_serializing_if = "nobody_away")]
    pub away: [bool; 2],
    /// Vacations do not stop this game's clocks (an event that forbids them).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_vacation: bool,
    /// The side whose takeback request stands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeback_offer: Option<Side>,
}

fn nobody_away(away: &[bool; 2]) -> bool {
    !away[0] && !away[1]
}

/// The side the computer plays and its strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComputerSeat {
    pub side: Side,
    /// The level on the ladder the seat was stored under (`ladder`).
    pub level: u8,
    /// Which ladder `level` counts on: absent in records stored before the ladder of
    /// eight (levels 1-5, read as [`FIRST_LADDER`]), [`LADDER`] since.
    #[serde(default = "first_ladder")]
    pub ladder: u8,
}

/// The first ladder of computer levels (1-5).
pub const FIRST_LADDER: u8 = 1;
/// The ladder of eight computer levels (1-8, docs/engine.md), the one new games use.
pub const LADDER: u8 = 2;

fn first_ladder() -> u8 {
    FIRST_LADDER
}

impl ComputerSeat {
    /// A seat at `level` of today's ladder.
    pub fn new(side: Side, level: u8) -> ComputerSeat {
        ComputerSeat {
            side,
            level,
            ladder: LADDER,
        }
    }

    /// Whether the seat was stored under the first ladder (its game keeps the search
    /// it was played with: the engine's `Settings::first_ladder`).
    pub fn first_ladder(&self) -> bool {
        self.ladder == FIRST_LADDER
    }

    /// The level of today's ladder this seat plays at: a game stored under the first
    /// ladder keeps its search, at the level of the ladder of eight whose tree search
    /// has the same budget (1 -> 2, 2 -> 4, 3 -> 6, 4 -> 7, 5 -> 8; in chess and
    /// Sorchess its old levels below 5 keep the tree search, `first_ladder`).
    pub fn level(&self) -> u8 {
        if self.ladder != FIRST_LADDER {
            return self.level;
        }
        match self.level {
            0 | 1 => 2,
            2 => 4,
            3 => 6,
            4 => 7,
            _ => 8,
        }
    }
}

impl GameRecord {
    pub fn player(&self, side: Side) -> &User {
        &self.players[side.index()]
    }

    pub fn side_of(&self, user_id: u64) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.players[s.index()].id == user_id)
    }

    /// Rebuilds the game from its variant, options and seed by replaying every action.
    pub fn replay(&self) -> Result<Game, StoreError> {
        Game::replay(
            self.variant,
            &self.options,
            self.seed,
            self.actions.iter().map(|a| &a.kind),
        )
        .map_err(|reason| StoreError::Replay {
            id: self.id,
            reason,
        })
    }
}

/// Reads a stored game record of any known format, upgrading older ones: a head of
/// format 3 or later with its actions and history entries (stored apart, in order;
/// only as many as the head counts are taken), or an older record that holds them.
fn decode_game(stored: &StoredGame) -> Result<GameRecord, StoreError> {
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
fn list_counts(head: &[u8]) -> (u64, u64) {
    serde_json::from_slice::<HeadMeta>(head).map_or((0, 0), |h| (h.action_count, h.history_count))
}

/// One list of a record as a backend writes it: each item encoded when sent.
fn items<T: Serialize + Send + Sync + 'static>(list: Vec<T>) -> Items {
    Items::new(list.len(), move |i| match list.get(i) {
        Some(item) => Ok(serde_json::to_vec(item)?),
        None => Err(StoreError::Url(format!(
            "no item {i} in a list of {}",
            list.len()
        ))),
    })
}

fn challenge_meta(c: &Challenge) -> Meta {
    Meta {
        channel: c.channel,
        ..Meta::default()
    }
}

/// What the typed store says of a stored value when copying it byte for byte: a game
/// head's channel, state and counts, a challenge's channel, a reply's time.
fn meta_of(k: &[u8], v: &[u8]) -> Result<Meta, StoreError> {
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
fn encode_head(record: &GameRecord) -> Result<Vec<u8>, StoreError> {
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
struct KeyedReplies {
    at_ms: u64,
    replies: serde_json::Value,
}

/// A set of writes applied atomically and flushed together.
#[derive(Default)]
pub struct Write {
    batch: Batch,
}

impl Write {
    pub fn new() -> Write {
        Write::default()
    }

    /// A game record, whatever version is stored, every action and history entry
    /// written again (a repair; the service writes checked).
    pub fn game(&mut self, record: &GameRecord) -> Result<(), StoreError> {
        self.game_op(record, None)
    }

    /// A game record, written only if the stored one is still as `expect` says;
    /// otherwise the whole write fails with [`StoreError::Conflict`]. The record's
    /// version after the commit is [`Expect::next`].
    pub fn game_checked(&mut self, record: &GameRecord, expect: Expect) -> Result<(), StoreError> {
        self.game_op(record, Some(expect))
    }

    fn game_op(&mut self, record: &GameRecord, expect: Option<Expect>) -> Result<(), StoreError> {
        // With the record go the channel's pointers: the last game of a channel stays
        // visible to /board, /history, /export; the active one is played.
        self.batch.game(GameOp {
            id: record.id,
            channel: record.channel,
            finished: record.finished,
            head: encode_head(record)?,
            counts_of: list_counts,
            actions: items(record.actions.clone()),
            history: items(record.history.clone()),
            expect,
        });
        Ok(())
    }

    /// The game active in `channel` leaves it (its record, written in the same batch,
    /// names its new place): the channel has no active game afterwards.
    pub fn leave(&mut self, channel: u64) {
        self.batch.remove(key(b'a', channel));
    }

    /// A challenge, stored under its id (pending or settled).
    pub fn put_challenge(&mut self, c: &Challenge) -> Result<(), StoreError> {
        self.batch
            .insert_with(key(b'h', c.id), serde_json::to_vec(c)?, challenge_meta(c));
        self.challenge_index(c);
        Ok(())
    }

    /// A challenge settled now (its outcome set), written only while the stored one is
    /// still pending; otherwise the whole write fails with [`StoreError::Conflict`] (two
    /// processes answering one challenge at once: one of them wins).
    pub fn settle_challenge(&mut self, c: &Challenge) -> Result<(), StoreError> {
        // Its entry among the pending ones is taken: present once, taken once.
        self.batch.take(index::pending_challenge(c.id), c.id);
        self.batch
            .insert_with(key(b'h', c.id), serde_json::to_vec(c)?, challenge_meta(c));
        self.challenge_index(c);
        Ok(())
    }

    /// Forgets the challenge with this id.
    pub fn drop_challenge(&mut self, id: u64) {
        self.batch.remove(key(b'h', id));
        self.batch.remove(index::pending_challenge(id));
    }

    /// The challenge of a channel as stored before challenges had ids (`None` removes it).
    pub fn challenge(&mut self, channel: u64, c: Option<&Challenge>) -> Result<(), StoreError> {
        match c {
            Some(c) => self
                .batch
                .insert(key(b'c', channel), serde_json::to_vec(c)?),
            None => self.batch.remove(key(b'c', channel)),
        }
        Ok(())
    }

    /// One player's rating (the game's own record goes in the same batch).
    pub fn rating(&mut self, key: &Key, standing: &Standing) -> Result<(), StoreError> {
        self.batch.insert(
            rating_key(key),
            serde_json::to_vec(&StoredStanding {
                key: *key,
                standing: *standing,
            })?,
        );
        Ok(())
    }

    /// Keeps the replies of this batch's change (any JSON the caller chose) until
    /// [`Write::delivered`] removes them.
    pub fn outbox(&mut self, id: u64, entry: &serde_json::Value) -> Result<(), StoreError> {
        self.batch.insert(key(b'o', id), serde_json::to_vec(entry)?);
        Ok(())
    }

    /// The replies of outbox entry `id` have been delivered.
    pub fn delivered(&mut self, id: u64) {
        self.batch.remove(key(b'o', id));
    }

    /// Whether `user` gets reminders by direct message (the default) or not.
    pub fn dm_reminders(&mut self, user: u64, on: bool) {
        if on {
            self.batch.remove(key(b'q', user));
        } else {
            self.batch.insert(key(b'q', user), b"off");
        }
    }

    /// Whether `server`'s moderators have its web page on (off by default).
    pub fn server_web(&mut self, server: u64, on: bool) {
        if on {
            self.batch.insert(key(b'W', server), b"on");
        } else {
            self.batch.remove(key(b'W', server));
        }
    }

    /// The language `server`'s moderators chose for its public messages (`None`: the
    /// server's own locale). Stored as the language's code.
    pub fn server_language(&mut self, server: u64, code: Option<&str>) {
        match code {
            Some(code) => self.batch.insert(key(b'L', server), code.as_bytes()),
            None => self.batch.remove(key(b'L', server)),
        }
    }

    /// The language of `server`'s locale (Discord's `guild_locale`), as last seen.
    pub fn server_locale(&mut self, server: u64, code: &str) {
        self.batch.insert(key(b'g', server), code.as_bytes());
    }

    /// Keeps `replies` (any JSON the caller chose) under the idempotency key `k`.
    pub fn replies(
        &mut self,
        k: &str,
        at_ms: u64,
        replies: serde_json::Value,
    ) -> Result<(), StoreError> {
        let v = serde_json::to_vec(&KeyedReplies { at_ms, replies })?;
        let mut kk = b"k/".to_vec();
        kk.extend_from_slice(k.as_bytes());
        self.batch.keyed(kk, at_ms, v);
        Ok(())
    }
}

/// A stored rating carries its own key, so reading needs no key parsing.
#[derive(Serialize, Deserialize)]
struct StoredStanding {
    key: Key,
    standing: Standing,
}

fn rating_key(k: &Key) -> Vec<u8> {
    let mut out = b"r/".to_vec();
    out.extend_from_slice(&k.ladder.map_or(0, |l| l.wrapping_add(1)).to_be_bytes());
    out.extend_from_slice(k.variant.id().as_bytes());
    out.push(b'/');
    out.extend_from_slice(&k.user.to_be_bytes());
    out
}

/// The ladder scope the stored ratings were computed for.
const RATING_SCOPE_KEY: &[u8] = b"rscope";

/// The game store on one backend. On sled everything lives in one tree so a [`Write`]
/// is one atomic batch; on PostgreSQL a [`Write`] is one transaction.
pub struct Store {
    db: Db,
}

impl Store {
    /// Opens (or creates) a sled store in `dir`.
    pub fn open(dir: impl AsRef<Path>) -> Result<Store, StoreError> {
        Store::open_at(&StoreUrl::Sled(dir.as_ref().to_path_buf()))
    }

    /// Opens the store a URL names: `sled:PATH` (or a bare path) or `postgres://...`.
    pub fn open_url(url: &str) -> Result<Store, StoreError> {
        Store::open_at(&StoreUrl::parse(url).map_err(StoreError::Url)?)
    }

    pub fn open_at(url: &StoreUrl) -> Result<Store, StoreError> {
        Store::open_claiming(url, None)
    }

    /// The same, naming this process in the outbox's claims with `claimer` (see
    /// `ServiceConfig::claimer`; sled has one process and no claims).
    pub fn open_claiming(url: &StoreUrl, claimer: Option<&str>) -> Result<Store, StoreError> {
        let db = match url {
            StoreUrl::Sled(path) => Db::new(sled_backend::Sled::open(path)?),
            StoreUrl::Postgres(url) => Db::new(postgres::Pg::open(url, claimer)?),
        };
        let store = Store { db };
        // A store of an older build (sled's ids jumped by a million at each start):
        // its numbers stay, new ones continue from the highest in use.
        if !store.db.ids_counted()? {
            store.db.reserve_ids(store.highest_id_in_use()?)?;
        }
        Ok(store)
    }

    /// The highest game or tournament id stored anywhere (0: none): games, events, the
    /// games an event has numbered before creating them, and the games of events.
    fn highest_id_in_use(&self) -> Result<u64, StoreError> {
        let mut max = 0;
        for kv in self.db.scan_prefix(b"g/") {
            let (k, v) = kv?;
            // `g/<server>` also holds a server's locale (a bare language code, not a
            // JSON record): only game records count.
            if v.first() == Some(&b'{') {
                max = max.max(k.get(2..).and_then(id_of).unwrap_or(0));
            }
        }
        for kv in self.db.scan_prefix(b"eg/") {
            let (k, _) = kv?;
            max = max.max(k.get(3..).and_then(id_of).unwrap_or(0));
        }
        for kv in self.db.scan_prefix(b"ev/") {
            let (k, v) = kv?;
            max = max.max(k.get(3..).and_then(id_of).unwrap_or(0));
            let Ok(event) = serde_json::from_slice::<serde_json::Value>(&v) else {
                tracing::error!("an unreadable tournament is stored under {k:?}");
                continue;
            };
            let games = event["games"].as_array().map(Vec::as_slice).unwrap_or(&[]);
            for g in games {
                max = max.max(g["id"].as_u64().unwrap_or(0));
            }
        }
        Ok(max)
    }

    /// A store in memory whose faults a test switches on.
    #[cfg(test)]
    pub(crate) fn faulty() -> Result<(Store, std::sync::Arc<faulty::Switches>), StoreError> {
        let switches = std::sync::Arc::new(faulty::Switches::default());
        let db = Db::new(faulty::Faulty::new(switches.clone())?);
        Ok((Store { db }, switches))
    }

    /// A store that lives in memory only (tests, benches without durability).
    pub fn temporary() -> Result<Store, StoreError> {
        Ok(Store {
            db: Db::new(sled_backend::Sled::temporary()?),
        })
    }

    /// A second handle on the same backend, as a second process would have (tests of
    /// concurrent writers on one store).
    pub fn share(&self) -> Store {
        Store {
            db: self.db.clone(),
        }
    }

    /// Whether other processes may change this store (PostgreSQL).
    pub fn shared(&self) -> bool {
        self.db.shared()
    }

    /// Applies the writes atomically and waits until they are durable.
    pub fn commit(&self, w: Write) -> Result<(), StoreError> {
        self.db.apply(w.batch, true)
    }

    /// Applies the writes without waiting for the disk (nothing acted: e.g. replies to
    /// a look-up).
    pub fn commit_lazy(&self, w: Write) -> Result<(), StoreError> {
        self.db.apply(w.batch, false)
    }

    pub fn flush(&self) -> Result<(), StoreError> {
        self.db.flush()
    }

    /// How many disk flushes durable commits have caused so far on this store's
    /// backend (sled's group commit: concurrent commits share one; 0 on PostgreSQL).
    pub fn flushes(&self) -> u64 {
        self.db.flushes()
    }

    /// Bytes of keys and values this store's backend has written so far (every handle
    /// sharing it): what a commit costs, for tests and benches.
    pub fn bytes_written(&self) -> u64 {
        self.db.bytes_written()
    }

    pub fn new_id(&self) -> Result<u64, StoreError> {
        self.db.new_id()
    }

    /// A game record with the version a checked write names ([`Expect::At`]), read
    /// together.
    pub fn game_versioned(&self, id: u64) -> Result<Option<(GameRecord, u64)>, StoreError> {
        match self.db.game_versioned(id, list_counts)? {
            Some(stored) => Ok(Some((decode_game(&stored)?, stored.version))),
            None => Ok(None),
        }
    }

    /// The active game of a channel with its record's version (0: the record is
    /// missing): what a process compares with its copy in memory.
    pub fn active_version(&self, channel: u64) -> Result<Option<(u64, u64)>, StoreError> {
        self.db.active_version(channel)
    }

    pub fn game(&self, id: u64) -> Result<Option<GameRecord>, StoreError> {
        Ok(self.game_versioned(id)?.map(|(rec, _)| rec))
    }

    fn pointer(&self, prefix: u8, channel: u64) -> Result<Option<u64>, StoreError> {
        Ok(self.db.get(key(prefix, channel))?.and_then(|v| id_of(&v)))
    }

    /// The id of the active game in a channel.
    pub fn active_game(&self, channel: u64) -> Result<Option<u64>, StoreError> {
        self.pointer(b'a', channel)
    }

    /// The id of the most recent game of a channel, finished or not.
    pub fn last_game(&self, channel: u64) -> Result<Option<u64>, StoreError> {
        self.pointer(b'l', channel)
    }

    pub fn challenge(&self, channel: u64) -> Result<Option<Challenge>, StoreError> {
        match self.db.get(key(b'c', channel))? {
            Some(v) => Ok(Some(serde_json::from_slice(&v)?)),
            None => Ok(None),
        }
    }

    /// `(channel, game id)` of every active game.
    pub fn active_games(&self) -> Result<Vec<(u64, u64)>, StoreError> {
        let mut out = Vec::new();
        for kv in self.db.scan_prefix(b"a/") {
            let (k, v) = kv?;
            if let (Some(ch), Some(id)) = (id_of(&k[2..]), id_of(&v)) {
                out.push((ch, id));
            }
        }
        Ok(out)
    }

    /// Every stored challenge (pending or settled), with its channel: those stored
    /// under their id, then those stored under their channel before challenges had ids
    /// (with id 0).
    pub fn challenges(&self) -> Result<Vec<(u64, Challenge)>, StoreError> {
        let mut out = Vec::new();
        for kv in self.db.scan_prefix(b"h/") {
            let (_, v) = kv?;
            let c: Challenge = serde_json::from_slice(&v)?;
            out.push((c.channel, c));
        }
        for kv in self.db.scan_prefix(b"c/") {
            let (k, v) = kv?;
            if let Some(ch) = id_of(&k[2..]) {
                let mut c: Challenge = serde_json::from_slice(&v)?;
                c.id = 0;
                c.channel = ch;
                out.push((ch, c));
            }
        }
        Ok(out)
    }

    /// Every stored game record (finished ones included).
    pub fn all_games(&self) -> Result<Vec<GameRecord>, StoreError> {
        self.stored_games()?
            .iter()
            .map(|(_, g)| decode_game(g))
            .collect()
    }

    /// Every stored game with its actions and history entries, by id: three scans.
    fn stored_games(&self) -> Result<Vec<(u64, StoredGame)>, StoreError> {
        use std::collections::HashMap;
        let mut lists: [HashMap<u64, Vec<Vec<u8>>>; 2] = Default::default();
        for (i, prefix) in [b"y/", b"z/"].into_iter().enumerate() {
            // Keys are `y/<id><seq>` in order: each game's items come in sequence.
            for kv in self.db.scan_prefix(prefix) {
                let (k, v) = kv?;
                if let Some(id) = k.get(2..10).and_then(id_of) {
                    lists[i].entry(id).or_default().push(v);
                }
            }
        }
        let [mut actions, mut history] = lists;
        let mut out = Vec::new();
        for kv in self.db.scan_prefix(b"g/") {
            let (k, head) = kv?;
            let id = id_of(&k[2..]).unwrap_or(0);
            out.push((
                id,
                StoredGame {
                    head,
                    actions: actions.remove(&id).unwrap_or_default(),
                    history: history.remove(&id).unwrap_or_default(),
                    version: 0,
                },
            ));
        }
        Ok(out)
    }

    /// The stored ratings and the scope they were computed for (`None` when no
    /// ratings were ever stored).
    pub fn ratings(&self) -> Result<(Table, Option<LadderScope>), StoreError> {
        let mut table = Table::default();
        for kv in self.db.scan_prefix(b"r/") {
            let (_, v) = kv?;
            let s: StoredStanding = serde_json::from_slice(&v)?;
            table.standings.insert(s.key, s.standing);
        }
        let scope = match self.db.get(RATING_SCOPE_KEY)? {
            Some(v) => Some(serde_json::from_slice(&v)?),
            None => None,
        };
        Ok((table, scope))
    }

    /// Replaces every stored rating with `table`, computed for `scope`, atomically.
    pub fn replace_ratings(&self, table: &Table, scope: LadderScope) -> Result<(), StoreError> {
        let mut w = Write::new();
        for kv in self.db.scan_prefix(b"r/") {
            let (k, _) = kv?;
            w.batch.remove(k);
        }
        for (k, s) in &table.standings {
            w.rating(k, s)?;
        }
        w.batch
            .insert(RATING_SCOPE_KEY, serde_json::to_vec(&scope)?);
        self.commit(w)
    }

    /// Copies every entry of this store into `dest`, which must hold no game yet, in
    /// batches of `COPY_BATCH` (moving from sled to PostgreSQL, backups). Records are
    /// copied byte for byte (older formats stay as they are and upgrade on load); game
    /// versions start again at 1; `dest` gives ids above every copied game. Returns the
    /// number of entries copied.
    pub fn copy_into(&self, dest: &Store) -> Result<usize, StoreError> {
        const COPY_BATCH: usize = 1000;
        if dest.db.scan_prefix(b"g/").next().is_some() {
            return Err(StoreError::Url(
                "the destination store already holds games; copy into an empty one".into(),
            ));
        }
        let mut batch = Batch::default();
        let mut copied = 0;
        for kv in self.db.scan_prefix(b"") {
            let (k, v) = kv?;
            // Versions and the key index are the source backend's own; the destination
            // counts and indexes afresh.
            if self.db.own_key(&k) {
                continue;
            }
            let meta = meta_of(&k, &v)?;
            batch.insert_with(k, v, meta);
            copied += 1;
            if batch.ops.len() >= COPY_BATCH {
                dest.db.apply(std::mem::take(&mut batch), false)?;
            }
        }
        dest.db.apply(batch, true)?;
        dest.db.reserve_ids(self.highest_id_in_use()?)?;
        dest.db.flush()?;
        Ok(copied)
    }

    /// Every game record that decodes; an unreadable one is logged and skipped (its
    /// channel reports it when it loads).
    pub fn readable_games(&self) -> Result<Vec<GameRecord>, StoreError> {
        let mut out = Vec::new();
        for (id, stored) in self.stored_games()? {
            match decode_game(&stored) {
                Ok(rec) => out.push(rec),
                Err(e) => tracing::error!("game record {id} is unreadable: {e}"),
            }
        }
        Ok(out)
    }

    /// The replies kept under an idempotency key, as the service wrote them.
    pub fn replies(&self, k: &str) -> Result<Option<serde_json::Value>, StoreError> {
        let mut kk = b"k/".to_vec();
        kk.extend_from_slice(k.as_bytes());
        match self.db.get(kk)? {
            Some(v) => Ok(Some(serde_json::from_slice::<KeyedReplies>(&v)?.replies)),
            None => Ok(None),
        }
    }

    /// The outbox entries not yet delivered that this process is to deliver, oldest
    /// first. On PostgreSQL they are claimed for it: entries written by another live
    /// process (or claimed by one resuming its outbox) are left to that one until it
    /// stops or its lease ends (docs/storage.md).
    pub fn outbox(&self) -> Result<Vec<(u64, serde_json::Value)>, StoreError> {
        let mut out = Vec::new();
        for kv in self.db.claim_outbox() {
            let (k, v) = kv?;
            if let Some(id) = id_of(&k[2..]) {
                out.push((id, serde_json::from_slice(&v)?));
            }
        }
        Ok(out)
    }

    /// Whether outbox entry `id` still waits for delivery.
    pub fn outbox_pending(&self, id: u64) -> Result<bool, StoreError> {
        self.db.contains_key(key(b'o', id))
    }

    /// Whether `user` has turned reminders by direct message off.
    pub fn dm_reminders_off(&self, user: u64) -> Result<bool, StoreError> {
        self.db.contains_key(key(b'q', user))
    }

    /// Whether `server`'s moderators have turned its web page on.
    pub fn server_web_on(&self, server: u64) -> Result<bool, StoreError> {
        self.db.contains_key(key(b'W', server))
    }

    /// The language code `server`'s moderators chose for its public messages, if any.
    pub fn server_language_of(&self, server: u64) -> Result<Option<String>, StoreError> {
        Ok(self
            .db
            .get(key(b'L', server))?
            .map(|v| String::from_utf8_lossy(&v).into_owned()))
    }

    /// The language code of `server`'s locale, as last seen.
    pub fn server_locale_of(&self, server: u64) -> Result<Option<String>, StoreError> {
        Ok(self
            .db
            .get(key(b'g', server))?
            .map(|v| String::from_utf8_lossy(&v).into_owned()))
    }

    /// Forgets idempotency keys older than `before_ms` (redeliveries come within minutes).
    pub fn prune_keys(&self, before_ms: u64) -> Result<usize, StoreError> {
        self.db.prune_keys(before_ms, &|v| {
            serde_json::from_slice::<KeyedReplies>(v)
                .ok()
                .map(|r| r.at_ms)
        })
    }
}

#[cfg(test)]
mod tests {
    /// The store depends on plain data and the variants, never on the service.
    #[test]
    fn the_store_does_not_import_the_service() {
        let needle = concat!("crate::", "service");
        for (name, text) in [
            ("mod.rs", include_str!("mod.rs")),
            ("migrate.rs", include_str!("migrate.rs")),
            ("backend.rs", include_str!("backend.rs")),
            ("sled_backend.rs", include_str!("sled_backend.rs")),
            ("error.rs", include_str!("error.rs")),
            ("check.rs", include_str!("check.rs")),
            ("kept.rs", include_str!("kept.rs")),
            ("index.rs", include_str!("index.rs")),
            ("group.rs", include_str!("group.rs")),
            ("postgres.rs", include_str!("postgres.rs")),
        ] {
            assert!(!text.contains(needle), "store/{name} imports the service");
        }
    }

    /// Each backend in its own file imports neither the other backend nor the typed
    /// store's records, and reads no JSON: it keeps bytes (issue 23).
    #[test]
    fn backends_keep_bytes_and_import_no_other_backend() {
        for (name, text, other) in [
            (
                "sled_backend.rs",
                include_str!("sled_backend.rs"),
                concat!("super::", "postgres"),
            ),
            (
                "postgres.rs",
                include_str!("postgres.rs"),
                concat!("super::", "sled_backend"),
            ),
            (
                "backend.rs",
                include_str!("backend.rs"),
                concat!("super::", "index"),
            ),
        ] {
            let code = text.split("#[cfg(test)]").next().unwrap_or(text);
            assert!(!code.contains(other), "store/{name} imports {other}");
            for json in [concat!("serde", "_json"), concat!("serde", "::Deserialize")] {
                assert!(!code.contains(json), "store/{name} reads JSON ({json})");
            }
        }
    }
}
