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
mod codec;
mod daily;
mod error;
pub mod events;
#[cfg(test)]
mod faulty;
mod feed;
mod group;
pub mod index;
mod kept;
pub mod migrate;
mod postgres;
mod puzzles;
mod record;
mod sled_backend;
mod write;

use crate::ratings::{LadderScope, Table};
use backend::{Batch, Db, StoredGame};
use codec::{decode_game, list_counts, meta_of, KeyedReplies, StoredStanding, RATING_SCOPE_KEY};
use std::path::Path;

pub(crate) use backend::{id_of, key};
pub use backend::{Expect, StoreUrl};
pub use check::CheckReport;
pub use daily::{DailyDay, DailyPuzzle, DailyRef, Solver, DAILY_NAMED};
pub use error::StoreError;
pub use events::{Event, EventFormat, EventGame, EventState, StoredEvent};
pub use feed::{Changed, Changes};
pub use index::{Listing, PastGame};
pub use kept::{KeptText, Notes, PendingMove, Prefs, Vacation};
pub use postgres::MAX_CONNECTIONS as POSTGRES_CONNECTIONS;
pub use puzzles::{
    Attempt, Checked, HarvestClaim, PuzzleBook, PuzzleStanding, StoredPuzzle, MAX_TRIED,
};
pub use record::{
    Action, ActionKind, Challenge, ComputerSeat, ConditionalLines, GameRecord, HistoryEntry,
    TurnClock, FIRST_LADDER, LADDER,
};
pub use sled_backend::open_sled;
pub use write::Write;

/// Version of the stored game record layout: written with every record, read on load.
/// 1: the first release (with a snapshot of the variant's state); 2: replay-first, no
/// snapshot; 3: the record's head alone, its actions and history entries stored under
/// their own keys (a move appends instead of rewriting the record; see
/// [`backend::GameOp`]). Bump it, and add a step to [`migrate`], when the layout changes.
pub const FORMAT_VERSION: u32 = 3;

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

    /// A game record's version alone (`None`: no such game): the record is neither
    /// read whole nor decoded (sled reads the version's own key, PostgreSQL only the
    /// version column), so following a game's version costs a look-up.
    pub fn game_version(&self, id: u64) -> Result<Option<u64>, StoreError> {
        self.db.game_version(id)
    }

    /// The versions of those of `ids` that are stored, as [`Store::game_version`] reads
    /// them (PostgreSQL: in one statement).
    pub fn game_versions(&self, ids: &[u64]) -> Result<Vec<(u64, u64)>, StoreError> {
        self.db.game_versions(ids)
    }

    /// The games written from now on through any handle on this store, and on
    /// PostgreSQL by any process sharing the database: a game's id after each commit
    /// that wrote it ([`Changed::Game`]), or [`Changed::Unknown`] when some may have
    /// been missed (a follower fell behind, the listener reconnected). On PostgreSQL
    /// the first call starts the handle's one listening connection.
    pub fn changes(&self) -> Changes {
        self.db.changes()
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

    /// How many games are active, counted no further than `upto`: what a note at
    /// start needs, read from the active index without reading every key of it.
    pub fn active_upto(&self, upto: usize) -> Result<usize, StoreError> {
        self.db.active_upto(upto)
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

    /// The newest message seen in `channel`, as last written by [`Write::seen_in`].
    pub fn seen_in(&self, channel: u64) -> Result<Option<u64>, StoreError> {
        self.pointer(b'S', channel)
    }

    /// The language code of `user`'s Discord client (their interactions' `locale`), as
    /// last seen: what a line they type outside servers is answered in (issue 50).
    pub fn user_locale_of(&self, user: u64) -> Result<Option<String>, StoreError> {
        Ok(self
            .db
            .get(key(b'U', user))?
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
