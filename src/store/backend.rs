//! What a storage backend is: an ordered key space of bytes with get, prefix scan,
//! atomic batches and flush, plus version-checked game writes ([`Backend`]). Two
//! implement it, each in a file of its own that imports neither the other nor the
//! typed store above: [`super::sled_backend`] (embedded, the default) and
//! [`super::postgres`] (shared by several processes). A backend keeps bytes and the
//! indexes it is told about; it reads no game, challenge or reply JSON: what it needs
//! to know of a value (a channel, a time, list counts) the typed store says beside it
//! ([`Meta`], [`CountsOf`]).

use super::error::StoreError;
use super::feed::Changes;
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

/// The key `<prefix>/<id>` (the id big-endian, so keys sort by id).
pub(crate) fn key(prefix: u8, id: u64) -> Vec<u8> {
    let mut k = vec![prefix, b'/'];
    k.extend_from_slice(&id.to_be_bytes());
    k
}

/// An id stored as 8 big-endian bytes.
pub(crate) fn id_of(bytes: &[u8]) -> Option<u64> {
    let arr: [u8; 8] = bytes.try_into().ok()?;
    Some(u64::from_be_bytes(arr))
}

/// The key of item `seq` of game `id`'s list `prefix` (`y`: actions, `z`: history).
pub(crate) fn list_key(prefix: u8, id: u64, seq: u64) -> Vec<u8> {
    let mut k = key(prefix, id);
    k.extend_from_slice(&seq.to_be_bytes());
    k
}

/// What a game write does to one of its lists: the items to (re)write, from `from`,
/// up to `new_len` (items past `new_len` up to those stored are removed apart).
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

/// What the typed store says about a value it puts, for a backend that keeps these
/// in columns of their own (PostgreSQL); a backend of plain keys ignores it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Meta {
    /// A game's or a challenge's channel.
    pub channel: u64,
    /// Whether a game is over.
    pub finished: bool,
    /// When an idempotency key's replies were stored.
    pub at_ms: u64,
    /// How many actions and history entries a game head counts.
    pub counts: (u64, u64),
}

/// Reads the action and history counts of a stored game head: lent by the typed
/// store to a backend that keeps lists apart without columns for their lengths
/// (sled), so the backend never parses a head itself.
pub(crate) type CountsOf = fn(&[u8]) -> (u64, u64);

/// One list of a game write: its length and how to encode item `i` (only the items
/// a write sends are encoded).
pub(crate) struct Items {
    len: usize,
    encode: Box<dyn Fn(usize) -> Result<Vec<u8>, StoreError> + Send + Sync>,
}

impl Items {
    pub fn new(
        len: usize,
        encode: impl Fn(usize) -> Result<Vec<u8>, StoreError> + Send + Sync + 'static,
    ) -> Items {
        Items {
            len,
            encode: Box::new(encode),
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn encode(&self, i: usize) -> Result<Vec<u8>, StoreError> {
        (self.encode)(i)
    }
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
/// bytes. An unchecked write (a repair) writes every item.
pub(crate) struct GameOp {
    pub id: u64,
    pub channel: u64,
    pub finished: bool,
    /// The head's bytes.
    pub head: Vec<u8>,
    /// Reads the counts of a stored head (see [`CountsOf`]).
    pub counts_of: CountsOf,
    pub actions: Items,
    pub history: Items,
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

/// One write of a batch.
pub(crate) enum Op {
    Put(Vec<u8>, Vec<u8>, Meta),
    Del(Vec<u8>),
    /// Removes a key that must be there, or the whole batch fails with
    /// [`StoreError::Conflict`] naming `id`: what is taken once is never taken twice
    /// (a pending challenge's index entry: two processes never both settle, and so
    /// start, one challenge).
    Take {
        key: Vec<u8>,
        id: u64,
    },
    Game(GameOp),
    /// The batch applies only if `key` still holds `value` (`None`: is absent), else it
    /// fails whole with [`StoreError::Conflict`] naming `id`: a value read, computed on
    /// and written back (the order of the last game rated, with the ratings) is never
    /// overwritten by a writer that read it before another wrote it. Only for keys of
    /// no table of their own (the general key space).
    Expect {
        key: Vec<u8>,
        value: Option<Vec<u8>>,
        id: u64,
    },
    /// An idempotency key's replies (`k/<key>`), stored at `at_ms`: indexed by time so
    /// that expiry reads only what expires.
    Keyed {
        key: Vec<u8>,
        at_ms: u64,
        value: Vec<u8>,
    },
}

/// Writes applied together: all or nothing.
#[derive(Default)]
pub struct Batch {
    pub(crate) ops: Vec<Op>,
}

impl Batch {
    /// The ids of the games this batch writes: its game writes, and raw writes or
    /// removals of game records (`g/<id>`), in order, each once (the change feed's
    /// news, see [`super::feed`]).
    pub(crate) fn games(&self) -> Vec<u64> {
        let mut ids = Vec::new();
        for op in &self.ops {
            let id = match op {
                Op::Game(g) => Some(g.id),
                Op::Put(k, _, _) | Op::Del(k) => k.strip_prefix(b"g/").and_then(id_of),
                _ => None,
            };
            if let Some(id) = id.filter(|id| !ids.contains(id)) {
                ids.push(id);
            }
        }
        ids
    }

    pub fn insert(&mut self, key: impl AsRef<[u8]>, value: impl AsRef<[u8]>) {
        self.insert_with(key, value, Meta::default());
    }

    pub(crate) fn insert_with(
        &mut self,
        key: impl AsRef<[u8]>,
        value: impl AsRef<[u8]>,
        meta: Meta,
    ) {
        self.ops.push(Op::Put(
            key.as_ref().to_vec(),
            value.as_ref().to_vec(),
            meta,
        ));
    }

    pub fn remove(&mut self, key: impl AsRef<[u8]>) {
        self.ops.push(Op::Del(key.as_ref().to_vec()));
    }

    pub(crate) fn take(&mut self, key: Vec<u8>, id: u64) {
        self.ops.push(Op::Take { key, id });
    }

    pub(crate) fn expect(&mut self, key: Vec<u8>, value: Option<Vec<u8>>, id: u64) {
        self.ops.push(Op::Expect { key, value, id });
    }

    pub(crate) fn game(&mut self, op: GameOp) {
        self.ops.push(Op::Game(op));
    }

    pub(crate) fn keyed(&mut self, key: Vec<u8>, at_ms: u64, value: Vec<u8>) {
        self.ops.push(Op::Keyed { key, at_ms, value });
    }

    /// Whether some write must read what is stored first (a checked game write, a
    /// take): such a batch is one transaction, the others one plain batch.
    pub(crate) fn reads(&self) -> bool {
        self.ops
            .iter()
            .any(|op| matches!(op, Op::Game(_) | Op::Take { .. } | Op::Expect { .. }))
    }
}

/// One key and its value.
pub(crate) type Entry = (Vec<u8>, Vec<u8>);

/// Entries of a prefix scan, in key order.
pub type Entries = std::vec::IntoIter<Result<Entry, StoreError>>;

/// A storage backend. Every call blocks (the service calls the store off the async
/// threads).
pub(crate) trait Backend: Send + Sync {
    /// Whether other processes may write the same data.
    fn shared(&self) -> bool;
    fn get(&self, k: &[u8]) -> Result<Option<Vec<u8>>, StoreError>;
    /// Every entry whose key starts with `prefix`, in key order.
    fn scan(&self, prefix: &[u8]) -> Result<Vec<Entry>, StoreError>;
    /// Entries with keys from `start` (included) to `end` (excluded), in key order; on
    /// PostgreSQL only keys of its kv table are reached (the indexes live there).
    fn range(&self, start: &[u8], end: &[u8]) -> Result<Vec<Entry>, StoreError>;
    /// Applies the batch atomically; `durable`: returns only once it is on disk.
    fn apply(&self, batch: Batch, durable: bool) -> Result<(), StoreError>;
    /// Returns once every write applied before the call is durable.
    fn flush(&self) -> Result<(), StoreError>;
    /// How many flushes a group commit ran (0 where commits are durable by themselves).
    fn flushes(&self) -> u64;
    /// Bytes of keys and values written by this backend's batches so far.
    fn bytes_written(&self) -> u64;
    /// The outbox entries (`o/`) this process is to deliver, oldest first.
    fn claim_outbox(&self) -> Result<Vec<Entry>, StoreError>;
    /// A new game or tournament id, never 0 and never given twice: the stored last id
    /// plus one, so ids are dense (1, 2, 3, ...) across restarts; one is skipped only
    /// when what was to carry it is never written.
    fn new_id(&self) -> Result<u64, StoreError>;
    /// Makes `new_id` give ids above `max` from now on.
    fn reserve_ids(&self, max: u64) -> Result<(), StoreError>;
    /// Whether the store counts its ids (`false`: a store of an older build, whose
    /// ids the typed store must reserve at open, see `Store::open_claiming`).
    fn ids_counted(&self) -> Result<bool, StoreError> {
        Ok(true)
    }
    /// How many games are active, counting no further than `upto` (a note at start
    /// needs no more, and reads no more keys than that).
    fn active_upto(&self, upto: usize) -> Result<usize, StoreError> {
        Ok(self.scan(b"a/")?.len().min(upto))
    }
    /// A game's head, lists and version, read together (`None`: no such game).
    fn game(&self, id: u64, counts_of: CountsOf) -> Result<Option<StoredGame>, StoreError>;
    /// A game record's version alone, the record left unread (`None`: no such game).
    fn game_version(&self, id: u64) -> Result<Option<u64>, StoreError>;
    /// The versions of those of `ids` that are stored, in the order of `ids` (one
    /// statement where the backend has them).
    fn game_versions(&self, ids: &[u64]) -> Result<Vec<(u64, u64)>, StoreError> {
        let mut out = Vec::with_capacity(ids.len());
        for &id in ids {
            if let Some(v) = self.game_version(id)? {
                out.push((id, v));
            }
        }
        Ok(out)
    }
    /// The games written from now on, by any handle (and, on PostgreSQL, any process)
    /// (see [`super::feed`]).
    fn changes(&self) -> Changes;
    /// The active game of a channel and its record's version (0: the record is missing).
    fn active_version(&self, channel: u64) -> Result<Option<(u64, u64)>, StoreError>;
    /// Forgets idempotency keys stored before `before_ms`; `at_of` reads a stored
    /// value's time where the backend keeps no index of them (`None`: unreadable,
    /// forgotten).
    fn prune_keys(
        &self,
        before_ms: u64,
        at_of: &dyn Fn(&[u8]) -> Option<u64>,
    ) -> Result<usize, StoreError>;
    /// Keys the backend keeps for its own bookkeeping (versions, its indexes): not
    /// copied into another store, which keeps its own.
    fn own_key(&self, _k: &[u8]) -> bool {
        false
    }
}

/// A handle on a backend. Cloning shares it (one sled database, one PostgreSQL
/// connection pool).
#[derive(Clone)]
pub(crate) struct Db(Arc<dyn Backend>);

fn entries(found: Result<Vec<Entry>, StoreError>) -> Entries {
    match found {
        Ok(v) => v.into_iter().map(Ok).collect::<Vec<_>>().into_iter(),
        Err(e) => vec![Err(e)].into_iter(),
    }
}

impl Db {
    pub fn new(backend: impl Backend + 'static) -> Db {
        Db(Arc::new(backend))
    }

    pub fn shared(&self) -> bool {
        self.0.shared()
    }

    pub fn get(&self, k: impl AsRef<[u8]>) -> Result<Option<Vec<u8>>, StoreError> {
        self.0.get(k.as_ref())
    }

    pub fn contains_key(&self, k: impl AsRef<[u8]>) -> Result<bool, StoreError> {
        Ok(self.get(k)?.is_some())
    }

    pub fn active_upto(&self, upto: usize) -> Result<usize, StoreError> {
        self.0.active_upto(upto)
    }

    pub fn scan_prefix(&self, prefix: impl AsRef<[u8]>) -> Entries {
        entries(self.0.scan(prefix.as_ref()))
    }

    pub fn range(&self, start: Vec<u8>, end: Vec<u8>) -> Entries {
        entries(self.0.range(&start, &end))
    }

    pub fn apply(&self, batch: Batch, durable: bool) -> Result<(), StoreError> {
        self.0.apply(batch, durable)
    }

    pub fn flush(&self) -> Result<(), StoreError> {
        self.0.flush()
    }

    pub fn flushes(&self) -> u64 {
        self.0.flushes()
    }

    pub fn bytes_written(&self) -> u64 {
        self.0.bytes_written()
    }

    pub fn claim_outbox(&self) -> Entries {
        entries(self.0.claim_outbox())
    }

    pub fn new_id(&self) -> Result<u64, StoreError> {
        self.0.new_id()
    }

    pub fn reserve_ids(&self, max: u64) -> Result<(), StoreError> {
        self.0.reserve_ids(max)
    }

    pub fn ids_counted(&self) -> Result<bool, StoreError> {
        self.0.ids_counted()
    }

    pub fn game_versioned(
        &self,
        id: u64,
        counts_of: CountsOf,
    ) -> Result<Option<StoredGame>, StoreError> {
        self.0.game(id, counts_of)
    }

    pub fn active_version(&self, channel: u64) -> Result<Option<(u64, u64)>, StoreError> {
        self.0.active_version(channel)
    }

    pub fn game_version(&self, id: u64) -> Result<Option<u64>, StoreError> {
        self.0.game_version(id)
    }

    pub fn game_versions(&self, ids: &[u64]) -> Result<Vec<(u64, u64)>, StoreError> {
        self.0.game_versions(ids)
    }

    pub fn changes(&self) -> Changes {
        self.0.changes()
    }

    pub fn prune_keys(
        &self,
        before_ms: u64,
        at_of: &dyn Fn(&[u8]) -> Option<u64>,
    ) -> Result<usize, StoreError> {
        self.0.prune_keys(before_ms, at_of)
    }

    pub fn own_key(&self, k: &[u8]) -> bool {
        self.0.own_key(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_names_the_games_it_writes_once() {
        let mut batch = Batch::default();
        batch.insert(crate::store::key(b'g', 7), b"{}");
        batch.insert(crate::store::key(b'c', 8), b"{}");
        batch.remove(crate::store::key(b'g', 9));
        batch.insert(crate::store::key(b'g', 7), b"{}");
        assert_eq!(batch.games(), vec![7, 9]);
    }

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

    #[test]
    fn list_ranges() {
        assert_eq!(list_range(3, 5, false), 3..5);
        assert_eq!(list_range(3, 5, true), 2..5);
        assert_eq!(list_range(0, 2, true), 0..2);
        assert_eq!(list_range(7, 2, false), 2..2);
    }
}
