//! The engines under [`super::Store`]: an ordered key space with get, prefix scan,
//! atomic batches and flush, plus version-checked game writes, on sled (embedded, the
//! default) or PostgreSQL (shared by several processes). The typed store above never
//! asks which engine it runs on.

use super::group::Group;
use super::postgres::Pg;
use super::{id_of, key, Action, HistoryEntry, StoreError};
use std::path::PathBuf;
use std::sync::Arc;

/// Where a store lives, as written in the configuration or after `--store`:
/// `sled:PATH` (a bare path means sled too) or `postgres://...` / `postgresql://...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreUrl {
    Sled(PathBuf),
    Postgres(String),
}

impl StoreUrl {
    /// Reads a store location; an empty one is refused with a sentence.
    pub fn parse(text: &str) -> Result<StoreUrl, String> {
        let text = text.trim();
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return Ok(StoreUrl::Postgres(text.to_string()));
        }
        let path = text.strip_prefix("sled:").unwrap_or(text);
        if path.is_empty() {
            return Err(
                "the store must be `sled:PATH` (a folder) or a `postgres://` URL".to_string(),
            );
        }
        Ok(StoreUrl::Sled(PathBuf::from(path)))
    }

    /// The location for messages, without a password.
    pub fn describe(&self) -> String {
        match self {
            StoreUrl::Sled(p) => format!("sled:{}", p.display()),
            StoreUrl::Postgres(url) => redact(url),
        }
    }
}

/// A `postgres://user:secret@host/db` URL with the secret left out.
fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (auth, host) = match rest.split_once('@') {
        Some((a, h)) => (Some(a), h),
        None => (None, rest),
    };
    match auth {
        Some(a) => {
            let user = a.split(':').next().unwrap_or_default();
            format!("{scheme}://{user}@{host}")
        }
        None => url.to_string(),
    }
}

/// Opens a sled folder. A store just closed by this process (or by one that is
/// stopping) can hold sled's file lock for a moment after its last handle is dropped,
/// while sled's flusher thread ends: the lock is tried again for up to 2 s before the
/// failure stands.
pub fn open_sled(path: &std::path::Path) -> Result<sled::Db, sled::Error> {
    let mut tries = 0;
    loop {
        match sled::Config::new().path(path).open() {
            Err(e) if tries < 40 && e.to_string().contains("acquire lock") => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            other => return other,
        }
    }
}

/// What the writer of a game record believes is stored, checked in the same atomic
/// step as the write: a process whose copy is stale gets [`StoreError::Conflict`]
/// and nothing is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// A new game: no record with its id exists, and its channel has no other active
    /// game.
    New,
    /// The stored record is at this version.
    At(u64),
}

impl Expect {
    /// The version the record has once a write checked against `self` is committed.
    pub fn next(self) -> u64 {
        match self {
            Expect::New => 1,
            Expect::At(v) => v + 1,
        }
    }
}

/// One write of a batch.
pub(crate) enum Op {
    Put(Vec<u8>, Vec<u8>),
    Del(Vec<u8>),
    Game(GameOp),
    /// A challenge settled now (`h/<id>`), written only while the stored one is still
    /// pending: two processes never both settle (and so start) one challenge.
    Settle {
        id: u64,
        value: Vec<u8>,
    },
    /// An idempotency key's replies (`k/<key>`), stored at `at_ms`: indexed by time so
    /// that expiry reads only what expires.
    Keyed {
        key: Vec<u8>,
        at_ms: u64,
        value: Vec<u8>,
    },
}

/// sled's marker that every idempotency key has its entry in the time index.
const KEY_INDEX_BUILT: &[u8] = b"kx";

/// The time-index entry of an idempotency key (`k/<key>` stored at `at_ms`).
fn key_index(key: &[u8], at_ms: u64) -> Vec<u8> {
    let mut x = b"x/".to_vec();
    x.extend_from_slice(&at_ms.to_be_bytes());
    x.extend_from_slice(key.strip_prefix(b"k/").unwrap_or(key));
    x
}

/// A game record with the pointers of its channel: the game is the channel's last
/// game, and its active game while not finished.
///
/// The record is stored as its head (`g/<id>`: every field but the two lists, which
/// it counts) and its actions and history entries under keys of their own (sled:
/// `y/<id><seq>` and `z/<id><seq>`; PostgreSQL: the `game_actions` and `game_history`
/// tables). A checked write adds only the items past those stored (actions are
/// append-only; the last history entry is written again, since a follow-up answer
/// rewrites its turn's entry) and removes any past the new counts: a move writes O(1)
/// bytes. An unchecked write (a repair, [`super::Write::game`]) writes every item.
pub(crate) struct GameOp {
    pub id: u64,
    pub channel: u64,
    pub finished: bool,
    /// The head's JSON, with `action_count` and `history_count`.
    pub head: Vec<u8>,
    pub actions: Vec<Action>,
    pub history: Vec<HistoryEntry>,
    /// `None`: written whatever is stored (the version is bumped all the same).
    pub expect: Option<Expect>,
}

/// A stored game as read: its head, its actions and history entries (encoded, in
/// order; empty for a record of format 2 or older, which holds them), and its version.
pub(crate) struct StoredGame {
    pub head: Vec<u8>,
    pub actions: Vec<Vec<u8>>,
    pub history: Vec<Vec<u8>>,
    pub version: u64,
}

/// The numbers of stored actions and history entries a head counts (0 and 0 for a
/// record of format 2 or older, whose lists are inside it).
#[derive(serde::Deserialize)]
pub(crate) struct ListCounts {
    #[serde(default)]
    pub action_count: u64,
    #[serde(default)]
    pub history_count: u64,
}

impl ListCounts {
    pub fn of(head: &[u8]) -> Result<ListCounts, StoreError> {
        Ok(serde_json::from_slice(head)?)
    }
}

/// What a game write does to one of its lists: the items to (re)write, from `from`,
/// and whether stored items past the new end are removed, from `new_len` to `stored`.
pub(crate) fn list_range(
    stored: u64,
    new_len: usize,
    rewrite_last: bool,
) -> std::ops::Range<usize> {
    let stored = usize::try_from(stored).unwrap_or(usize::MAX);
    let from = if rewrite_last {
        stored.saturating_sub(1)
    } else {
        stored
    };
    from.min(new_len)..new_len
}

/// The key of item `seq` of game `id`'s list `prefix` (`y`: actions, `z`: history).
pub(crate) fn list_key(prefix: u8, id: u64, seq: u64) -> Vec<u8> {
    let mut k = key(prefix, id);
    k.extend_from_slice(&seq.to_be_bytes());
    k
}

/// Writes applied together: all or nothing.
#[derive(Default)]
pub struct Batch {
    pub(crate) ops: Vec<Op>,
}

impl Batch {
    pub fn insert(&mut self, key: impl AsRef<[u8]>, value: impl AsRef<[u8]>) {
        self.ops
            .push(Op::Put(key.as_ref().to_vec(), value.as_ref().to_vec()));
    }

    pub fn remove(&mut self, key: impl AsRef<[u8]>) {
        self.ops.push(Op::Del(key.as_ref().to_vec()));
    }

    pub(crate) fn game(&mut self, op: GameOp) {
        self.ops.push(Op::Game(op));
    }

    pub(crate) fn settle(&mut self, id: u64, value: Vec<u8>) {
        self.ops.push(Op::Settle { id, value });
    }

    pub(crate) fn keyed(&mut self, key: Vec<u8>, at_ms: u64, value: Vec<u8>) {
        self.ops.push(Op::Keyed { key, at_ms, value });
    }
}

/// Entries of a prefix scan, in key order.
pub type Entries = std::vec::IntoIter<Result<(Vec<u8>, Vec<u8>), StoreError>>;

/// The engine handle. Cloning shares the engine (one sled database, one PostgreSQL
/// connection pool).
#[derive(Clone)]
pub(crate) enum Db {
    Sled(Sled),
    Postgres(Arc<Pg>),
}

/// A sled database with its group commit: durable writes of every handle on it share
/// flushes (see [`super::group`]).
#[derive(Clone)]
pub(crate) struct Sled {
    db: sled::Db,
    group: Arc<Group>,
    /// Bytes of keys and values written by batches (instrumentation).
    written: Arc<std::sync::atomic::AtomicU64>,
}

impl Sled {
    fn new(db: sled::Db) -> Sled {
        Sled {
            db,
            group: Arc::new(Group::default()),
            written: Arc::default(),
        }
    }

    fn wrote(&self, bytes: usize) {
        self.written
            .fetch_add(bytes as u64, std::sync::atomic::Ordering::SeqCst);
    }

    /// Returns once every write applied before the call is on disk.
    fn sync(&self) -> Result<(), StoreError> {
        self.group
            .sync(|| self.db.flush().map(drop))
            .map_err(|f| StoreError::Db(sled::Error::Io(std::io::Error::other(f.0))))
    }
}

impl std::ops::Deref for Sled {
    type Target = sled::Db;

    fn deref(&self) -> &sled::Db {
        &self.db
    }
}

impl Db {
    pub fn open(url: &StoreUrl) -> Result<Db, StoreError> {
        match url {
            StoreUrl::Sled(path) => Ok(Db::Sled(Sled::new(open_sled(path)?))),
            StoreUrl::Postgres(url) => Ok(Db::Postgres(Arc::new(Pg::open(url)?))),
        }
    }

    pub fn temporary() -> Result<Db, StoreError> {
        Ok(Db::Sled(Sled::new(
            sled::Config::new().temporary(true).open()?,
        )))
    }

    /// Whether other processes may write the same data (PostgreSQL).
    pub fn shared(&self) -> bool {
        matches!(self, Db::Postgres(_))
    }

    pub fn get(&self, k: impl AsRef<[u8]>) -> Result<Option<Vec<u8>>, StoreError> {
        match self {
            Db::Sled(db) => Ok(db.get(k)?.map(|v| v.to_vec())),
            Db::Postgres(pg) => pg.get(k.as_ref()),
        }
    }

    pub fn contains_key(&self, k: impl AsRef<[u8]>) -> Result<bool, StoreError> {
        Ok(self.get(k)?.is_some())
    }

    pub fn scan_prefix(&self, prefix: impl AsRef<[u8]>) -> Entries {
        let found: Result<Vec<_>, StoreError> = match self {
            Db::Sled(db) => db
                .scan_prefix(prefix)
                .map(|kv| {
                    kv.map(|(k, v)| (k.to_vec(), v.to_vec()))
                        .map_err(StoreError::from)
                })
                .collect(),
            Db::Postgres(pg) => pg.scan(prefix.as_ref()),
        };
        match found {
            Ok(v) => v.into_iter().map(Ok).collect::<Vec<_>>().into_iter(),
            Err(e) => vec![Err(e)].into_iter(),
        }
    }

    /// Entries with keys from `start` (included) to `end` (excluded), in key order. On
    /// PostgreSQL only keys of the kv table are reached (the indexes live there).
    pub fn range(&self, start: Vec<u8>, end: Vec<u8>) -> Entries {
        let found: Result<Vec<_>, StoreError> = match self {
            Db::Sled(db) => db
                .range(start..end)
                .map(|kv| {
                    kv.map(|(k, v)| (k.to_vec(), v.to_vec()))
                        .map_err(StoreError::from)
                })
                .collect(),
            Db::Postgres(pg) => pg.range(&start, Some(&end)),
        };
        match found {
            Ok(v) => v.into_iter().map(Ok).collect::<Vec<_>>().into_iter(),
            Err(e) => vec![Err(e)].into_iter(),
        }
    }

    /// Applies the batch atomically; `durable`: returns only once it is on disk.
    pub fn apply(&self, batch: Batch, durable: bool) -> Result<(), StoreError> {
        match self {
            Db::Sled(db) => {
                sled_apply(db, batch)?;
                if durable {
                    db.sync()?;
                }
                Ok(())
            }
            Db::Postgres(pg) => pg.apply(batch, durable),
        }
    }

    pub fn flush(&self) -> Result<(), StoreError> {
        match self {
            Db::Sled(db) => db.sync(),
            // Every PostgreSQL commit is durable when it returns.
            Db::Postgres(_) => Ok(()),
        }
    }

    /// How many flushes the group commit ran (sled; 0 on PostgreSQL, whose commits
    /// are durable by themselves).
    pub fn flushes(&self) -> u64 {
        match self {
            Db::Sled(db) => db.group.flushes(),
            Db::Postgres(_) => 0,
        }
    }

    /// Bytes of keys and values written by this engine's batches so far (on
    /// PostgreSQL: of the values and keys sent in its statements).
    pub fn bytes_written(&self) -> u64 {
        match self {
            Db::Sled(db) => db.written.load(std::sync::atomic::Ordering::SeqCst),
            Db::Postgres(pg) => pg.bytes_written(),
        }
    }

    /// The outbox entries this process is to deliver, oldest first: every entry on
    /// sled (one process); on PostgreSQL those it claims, leaving the entries another
    /// live process holds.
    pub fn claim_outbox(&self) -> Entries {
        match self {
            Db::Sled(_) => self.scan_prefix(b"o/"),
            Db::Postgres(pg) => match pg.claim_outbox() {
                Ok(v) => v.into_iter().map(Ok).collect::<Vec<_>>().into_iter(),
                Err(e) => vec![Err(e)].into_iter(),
            },
        }
    }

    /// A new game id, never 0 and never given twice.
    pub fn new_id(&self) -> Result<u64, StoreError> {
        match self {
            // sled ids start at 0; keep 0 free so it never looks like "no game".
            Db::Sled(db) => Ok(db.generate_id()? + 1),
            Db::Postgres(pg) => pg.new_id(),
        }
    }

    /// Makes `new_id` give ids above `max` from now on.
    pub fn reserve_ids(&self, max: u64) -> Result<(), StoreError> {
        match self {
            Db::Sled(db) => {
                while db.generate_id()? + 1 < max {}
                Ok(())
            }
            Db::Postgres(pg) => pg.reserve_ids(max),
        }
    }

    /// A game record with its lists and version, read together (`None`: no such game).
    pub fn game_versioned(&self, id: u64) -> Result<Option<StoredGame>, StoreError> {
        match self {
            Db::Sled(db) => sled_game(db, id),
            Db::Postgres(pg) => pg.game_versioned(id),
        }
    }

    /// The active game of a channel and its record's version (0: the record is missing).
    pub fn active_version(&self, channel: u64) -> Result<Option<(u64, u64)>, StoreError> {
        match self {
            Db::Sled(db) => {
                let Some(id) = db.get(key(b'a', channel))?.and_then(|v| id_of(&v)) else {
                    return Ok(None);
                };
                let version = match db.get(key(b'v', id))? {
                    Some(v) => sled_version(Some(&v)),
                    None if db.contains_key(key(b'g', id))? => 1,
                    None => 0,
                };
                Ok(Some((id, version)))
            }
            Db::Postgres(pg) => pg.active_version(channel),
        }
    }

    /// Forgets idempotency keys whose stored time is before `before_ms`; `is_old`
    /// reads a stored value where the engine has no index of the times (sled).
    pub fn prune_keys(
        &self,
        before_ms: u64,
        is_old: impl Fn(&[u8]) -> bool,
    ) -> Result<usize, StoreError> {
        match self {
            Db::Sled(db) => {
                let mut batch = sled::Batch::default();
                let mut n = 0;
                if db.contains_key(KEY_INDEX_BUILT)? {
                    // Only the index entries older than the limit are read.
                    let mut end = b"x/".to_vec();
                    end.extend_from_slice(&before_ms.to_be_bytes());
                    for kv in db.range(b"x/".to_vec()..end) {
                        let (x, _) = kv?;
                        batch.remove(x.clone());
                        let mut k = b"k/".to_vec();
                        k.extend_from_slice(x.get(10..).unwrap_or_default());
                        // A key stored again since keeps its newer entry.
                        if db.get(&k)?.is_some_and(|v| is_old(&v)) {
                            batch.remove(k);
                            n += 1;
                        }
                    }
                } else {
                    // A store from before the index: one full pass indexes the keys
                    // that stay.
                    for kv in db.scan_prefix(b"k/") {
                        let (k, v) = kv?;
                        if is_old(&v) {
                            batch.remove(k);
                            n += 1;
                        } else {
                            let at = serde_json::from_slice::<KeyHead>(&v).map_or(0, |h| h.at_ms);
                            batch.insert(key_index(&k, at), &[]);
                        }
                    }
                    batch.insert(KEY_INDEX_BUILT, &[]);
                }
                db.apply_batch(batch)?;
                Ok(n)
            }
            Db::Postgres(pg) => pg.prune_keys(before_ms),
        }
    }
}

/// The time of a stored idempotency reply.
#[derive(serde::Deserialize)]
struct KeyHead {
    at_ms: u64,
}

/// A sled version key's value; a record stored before versions existed is version 1.
fn sled_version(v: Option<&[u8]>) -> u64 {
    v.and_then(id_of).unwrap_or(1)
}

/// Why a sled game write stopped: a stale copy, or an item that would not encode.
enum Stop {
    Conflict(u64),
    Encode(serde_json::Error),
}

/// Whether stored challenge bytes show a challenge still waiting for an answer.
fn challenge_pending(bytes: &[u8]) -> bool {
    #[derive(serde::Deserialize)]
    struct Head {
        #[serde(default)]
        outcome: Option<String>,
    }
    serde_json::from_slice::<Head>(bytes).is_ok_and(|h| h.outcome.is_none())
}

fn sled_apply(db: &Sled, batch: Batch) -> Result<(), StoreError> {
    use sled::transaction::{ConflictableTransactionError as Abort, TransactionError};
    if !batch
        .ops
        .iter()
        .any(|op| matches!(op, Op::Game(_) | Op::Settle { .. }))
    {
        let mut b = sled::Batch::default();
        let mut written = 0;
        for op in batch.ops {
            match op {
                Op::Put(k, v) => {
                    written += k.len() + v.len();
                    b.insert(k, v);
                }
                Op::Del(k) => {
                    written += k.len();
                    b.remove(k);
                }
                Op::Keyed { key, at_ms, value } => {
                    let x = key_index(&key, at_ms);
                    written += x.len() + key.len() + value.len();
                    b.insert(x, &[]);
                    b.insert(key, value);
                }
                Op::Game(_) | Op::Settle { .. } => {}
            }
        }
        db.apply_batch(b)?;
        db.wrote(written);
        return Ok(());
    }
    // A game write reads its version: one transaction, so the check and the write are
    // one atomic step for every handle sharing this database.
    let result = db.transaction(|tx| {
        let mut written = 0;
        let mut put = |k: &[u8], v: &[u8]| -> Result<(), Abort<Stop>> {
            written += k.len() + v.len();
            tx.insert(k, v)?;
            Ok(())
        };
        for op in &batch.ops {
            match op {
                Op::Put(k, v) => put(k, v)?,
                Op::Del(k) => {
                    tx.remove(k.as_slice())?;
                }
                Op::Keyed { key, at_ms, value } => {
                    put(&key_index(key, *at_ms), &[])?;
                    put(key, value)?;
                }
                Op::Settle { id, value } => {
                    let stored = tx.get(key(b'h', *id))?;
                    if !stored.as_deref().is_some_and(challenge_pending) {
                        return Err(Abort::Abort(Stop::Conflict(*id)));
                    }
                    put(&key(b'h', *id), value)?;
                }
                Op::Game(g) => {
                    let vkey = key(b'v', g.id);
                    let stored_head = tx.get(key(b'g', g.id))?;
                    let current = match tx.get(&vkey)? {
                        Some(v) => Some(sled_version(Some(&v))),
                        None => stored_head.as_ref().map(|_| 1),
                    };
                    let fits = match g.expect {
                        None => true,
                        Some(Expect::At(v)) => current == Some(v),
                        Some(Expect::New) => {
                            let other = tx
                                .get(key(b'a', g.channel))?
                                .and_then(|a| id_of(&a))
                                .is_some_and(|a| a != g.id);
                            current.is_none() && !other
                        }
                    };
                    if !fits {
                        return Err(Abort::Abort(Stop::Conflict(g.id)));
                    }
                    // An unreadable or older head counts nothing stored apart: every
                    // item is written.
                    let stored =
                        stored_head
                            .and_then(|h| ListCounts::of(&h).ok())
                            .unwrap_or(ListCounts {
                                action_count: 0,
                                history_count: 0,
                            });
                    let encode = |e: serde_json::Error| Abort::Abort(Stop::Encode(e));
                    // An unchecked write (a repair) may change any item: all are written.
                    let kept = |n: u64| if g.expect.is_some() { n } else { 0 };
                    for i in list_range(kept(stored.action_count), g.actions.len(), false) {
                        let v = serde_json::to_vec(&g.actions[i]).map_err(encode)?;
                        put(&list_key(b'y', g.id, i as u64), &v)?;
                    }
                    for i in list_range(kept(stored.history_count), g.history.len(), true) {
                        let v = serde_json::to_vec(&g.history[i]).map_err(encode)?;
                        put(&list_key(b'z', g.id, i as u64), &v)?;
                    }
                    for (prefix, from, to) in [
                        (b'y', g.actions.len() as u64, stored.action_count),
                        (b'z', g.history.len() as u64, stored.history_count),
                    ] {
                        for seq in from..to {
                            tx.remove(list_key(prefix, g.id, seq))?;
                        }
                    }
                    let next = current.unwrap_or(0) + 1;
                    put(&key(b'g', g.id), &g.head)?;
                    put(&vkey, &next.to_be_bytes())?;
                    put(&key(b'l', g.channel), &g.id.to_be_bytes())?;
                    if g.finished {
                        tx.remove(key(b'a', g.channel))?;
                    } else {
                        put(&key(b'a', g.channel), &g.id.to_be_bytes())?;
                    }
                }
            }
        }
        Ok(written)
    });
    match result {
        Ok(written) => {
            db.wrote(written);
            Ok(())
        }
        Err(TransactionError::Abort(Stop::Conflict(id))) => Err(StoreError::Conflict { id }),
        Err(TransactionError::Abort(Stop::Encode(e))) => Err(e.into()),
        Err(TransactionError::Storage(e)) => Err(e.into()),
    }
}

/// Reads a game's head, version and lists in one transaction (a write landing
/// meanwhile is seen whole or not at all).
fn sled_game(db: &Sled, id: u64) -> Result<Option<StoredGame>, StoreError> {
    use sled::transaction::TransactionError;
    let read = db.transaction(|tx| {
        let Some(head) = tx.get(key(b'g', id))? else {
            return Ok(None);
        };
        let version = sled_version(tx.get(key(b'v', id))?.as_deref());
        let counts = ListCounts::of(&head).unwrap_or(ListCounts {
            action_count: 0,
            history_count: 0,
        });
        let mut lists = [Vec::new(), Vec::new()];
        for (list, prefix, n) in [
            (0, b'y', counts.action_count),
            (1, b'z', counts.history_count),
        ] {
            for seq in 0..n {
                // A missing item ends the list; decoding reports the shortfall.
                let Some(v) = tx.get(list_key(prefix, id, seq))? else {
                    break;
                };
                lists[list].push(v.to_vec());
            }
        }
        let [actions, history] = lists;
        Ok(Some(StoredGame {
            head: head.to_vec(),
            actions,
            history,
            version,
        }))
    });
    match read {
        Ok(g) => Ok(g),
        Err(TransactionError::Abort(())) => Ok(None),
        Err(TransactionError::Storage(e)) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_urls() {
        assert_eq!(
            StoreUrl::parse("sled:/var/arcana"),
            Ok(StoreUrl::Sled("/var/arcana".into()))
        );
        assert_eq!(
            StoreUrl::parse("arcana-data"),
            Ok(StoreUrl::Sled("arcana-data".into()))
        );
        assert_eq!(
            StoreUrl::parse("postgresql://u@h/db"),
            Ok(StoreUrl::Postgres("postgresql://u@h/db".into()))
        );
        assert!(StoreUrl::parse("sled:").is_err());
        assert!(StoreUrl::parse(" ").is_err());
        let url = StoreUrl::parse("postgres://arcana:hunter2@db:5432/arcana").expect("url");
        assert_eq!(url.describe(), "postgres://arcana@db:5432/arcana");
    }
}
