//! The sled backend: the whole key space in one embedded tree, game writes checked in
//! one transaction, durable writes of every handle sharing flushes through a group
//! commit (see [`super::group`]). Keys of its own: `v/<id>` (a game's version), `x/`
//! (idempotency keys by time) and `kx` (that index is built).

use super::backend::{
    id_of, key, list_key, list_range, Backend, Batch, CountsOf, Entry, Expect, GameOp, Op,
    StoredGame,
};
use super::error::StoreError;
use super::feed::{Changed, Changes, Feed};
use super::group::Group;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Opens a sled folder. A store just closed by this process (or by one that is
/// stopping) can hold sled's file lock for a moment after its last handle is dropped,
/// while sled's flusher thread ends: the lock is tried again for up to 2 s before the
/// failure stands.
///
/// sled panics on some damaged folders (a truncated file): that is caught and told as
/// a damaged store, with what to do, instead of taking the process down.
///
/// A process killed while sled wrote a snapshot leaves it unfinished
/// (`snap.<lsn>.generating`), and sled 0.34 then refuses the whole folder as corrupt
/// although the finished snapshot before it and the log hold every write. Such a file
/// is set aside (renamed `set-aside.snap.<lsn>.generating`, never deleted) and the
/// folder opened again.
pub fn open_sled(path: &std::path::Path) -> Result<sled::Db, sled::Error> {
    match open_sled_once(path) {
        Err(sled::Error::Corruption { .. }) if set_aside_unfinished_snapshots(path) => {
            open_sled_once(path)
        }
        other => other,
    }
}

fn open_sled_once(path: &std::path::Path) -> Result<sled::Db, sled::Error> {
    let mut tries = 0;
    loop {
        let opened = std::panic::catch_unwind(|| sled::Config::new().path(path).open())
            .unwrap_or(Err(sled::Error::Corruption { at: None, bt: () }));
        match opened {
            Err(e) if tries < 40 && e.to_string().contains("acquire lock") => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            other => return other,
        }
    }
}

/// Renames every unfinished snapshot of the folder out of sled's way; whether any was.
fn set_aside_unfinished_snapshots(path: &std::path::Path) -> bool {
    let Ok(entries) = std::fs::read_dir(path) else {
        return false;
    };
    let mut moved = false;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        if name.starts_with("snap.") && name.ends_with(".generating") {
            let aside = path.join(format!("set-aside.{name}"));
            match std::fs::rename(entry.path(), &aside) {
                Ok(()) => {
                    tracing::warn!(
                        "store: an unfinished sled snapshot ({name}) left by a stopped process is set aside as {}",
                        aside.display()
                    );
                    moved = true;
                }
                Err(e) => tracing::error!("store: cannot set aside {name}: {e}"),
            }
        }
    }
    moved
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

/// The last id given (8 bytes big-endian): ids are dense and survive restarts (sled's
/// own `generate_id` jumps by a million after each). Missing in a store of an older
/// build until the typed store sets it above every id in use ([`Backend::ids_counted`]).
const LAST_ID: &[u8] = b"ids";

/// A sled database with its group commit: durable writes of every handle on it share
/// flushes (see [`super::group`]).
///
/// After an I/O error (a full disk) sled refuses every later write with that error,
/// even once space returns: the first call to meet one reopens the folder, the others
/// meanwhile wait for that reopening and use the new database (see [`Sled::reopen`]).
pub(crate) struct Sled {
    current: std::sync::RwLock<Current>,
    /// The folder (`None`: in memory, nothing to reopen).
    path: Option<std::path::PathBuf>,
    group: Arc<Group>,
    /// Bytes of keys and values written by batches (instrumentation).
    written: AtomicU64,
    /// Tells the games each applied batch wrote: one process owns the folder, so its
    /// own write path sees every change.
    feed: Feed,
}

/// The database in use, and how many times it was reopened.
struct Current {
    /// `None`: a reopening failed; the next call tries again.
    db: Option<sled::Db>,
    generation: u64,
}

impl Sled {
    /// Opens (or creates) the sled folder at `path`.
    pub fn open(path: &std::path::Path) -> Result<Sled, StoreError> {
        let db = Sled::open_db(path)?;
        Ok(Sled::new(db, Some(path.to_path_buf())))
    }

    fn open_db(path: &std::path::Path) -> Result<sled::Db, StoreError> {
        match open_sled(path) {
            Ok(db) => Ok(db),
            Err(e @ (sled::Error::Corruption { .. } | sled::Error::ReportableBug(_))) => {
                Err(StoreError::Url(format!(
                    "the sled store at {} is damaged and cannot be opened ({e}); stop the \
                     bot, keep the folder as it is (deleting files from it loses games), \
                     and restore the last backup (docs/deploy.md, Backups)",
                    path.display()
                )))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// A database that lives in memory only.
    pub fn temporary() -> Result<Sled, StoreError> {
        Ok(Sled::new(sled::Config::new().temporary(true).open()?, None))
    }

    fn new(db: sled::Db, path: Option<std::path::PathBuf>) -> Sled {
        Sled {
            current: std::sync::RwLock::new(Current {
                db: Some(db),
                generation: 0,
            }),
            path,
            group: Arc::new(Group::default()),
            written: AtomicU64::default(),
            feed: Feed::default(),
        }
    }

    fn wrote(&self, bytes: usize) {
        self.written.fetch_add(bytes as u64, Ordering::SeqCst);
    }

    /// The database now and its generation (opening it again if the last reopening
    /// failed).
    fn db(&self) -> Result<(sled::Db, u64), StoreError> {
        let generation = {
            let current = self.current.read().unwrap_or_else(|e| e.into_inner());
            if let Some(db) = &current.db {
                return Ok((db.clone(), current.generation));
            }
            current.generation
        };
        self.reopen(generation);
        let current = self.current.read().unwrap_or_else(|e| e.into_inner());
        match &current.db {
            Some(db) => Ok((db.clone(), current.generation)),
            None => Err(StoreError::Db(sled::Error::Io(std::io::Error::other(
                "the sled store could not be opened again after an I/O error",
            )))),
        }
    }

    /// Runs `f` on the database; an I/O error (after which sled fails every write)
    /// reopens it for the calls that follow. The failed call still fails: whether its
    /// write reached the disk is unknown, as after a crash.
    fn with<T>(&self, f: impl FnOnce(&sled::Db) -> Result<T, StoreError>) -> Result<T, StoreError> {
        let (db, generation) = self.db()?;
        let out = f(&db);
        drop(db);
        if let Err(StoreError::Db(sled::Error::Io(e))) = &out {
            tracing::warn!("sled store: {e}; opening the store again");
            self.reopen(generation);
        }
        out
    }

    /// Opens the folder again, unless another call has since `generation` (callers
    /// that met the same failure reopen once). Drops this handle first: sled's file
    /// lock goes once the calls still running on the old database end ([`open_sled`]
    /// waits for it).
    pub(crate) fn reopen(&self, generation: u64) {
        let Some(path) = &self.path else {
            return;
        };
        let mut current = self.current.write().unwrap_or_else(|e| e.into_inner());
        if current.generation != generation {
            return;
        }
        current.generation += 1;
        drop(current.db.take());
        match Sled::open_db(path) {
            Ok(db) => current.db = Some(db),
            Err(e) => tracing::error!("sled store: cannot open it again: {e}"),
        }
    }

    /// How many times the database was opened again (tests).
    #[cfg(test)]
    fn generation(&self) -> u64 {
        self.current
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .generation
    }

    /// Returns once every write applied before the call is on disk.
    fn sync(&self) -> Result<(), StoreError> {
        self.with(|db| {
            self.group
                .sync(|| db.flush().map(drop))
                .map_err(|f| StoreError::Db(sled::Error::Io(std::io::Error::other(f.0))))
        })
    }
}

fn entries(
    found: impl Iterator<Item = sled::Result<(sled::IVec, sled::IVec)>>,
) -> Result<Vec<Entry>, StoreError> {
    found
        .map(|kv| {
            kv.map(|(k, v)| (k.to_vec(), v.to_vec()))
                .map_err(StoreError::from)
        })
        .collect()
}

impl Backend for Sled {
    fn shared(&self) -> bool {
        false
    }

    fn get(&self, k: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.with(|db| Ok(db.get(k)?.map(|v| v.to_vec())))
    }

    fn scan(&self, prefix: &[u8]) -> Result<Vec<Entry>, StoreError> {
        self.with(|db| entries(db.scan_prefix(prefix)))
    }

    fn range(&self, start: &[u8], end: &[u8]) -> Result<Vec<Entry>, StoreError> {
        self.with(|db| entries(db.range(start..end)))
    }

    fn active_upto(&self, upto: usize) -> Result<usize, StoreError> {
        self.with(|db| {
            let mut n = 0;
            for kv in db.scan_prefix(b"a/").take(upto) {
                kv?;
                n += 1;
            }
            Ok(n)
        })
    }

    fn apply(&self, batch: Batch, durable: bool) -> Result<(), StoreError> {
        let games = batch.games();
        let written = self.with(|db| sled_apply(db, batch))?;
        self.wrote(written);
        // Followers are told once the write is applied (readers see it), before it is
        // durable: what they read is what any reader reads.
        for id in games {
            self.feed.tell(Changed::Game(id));
        }
        if durable {
            self.sync()?;
        }
        Ok(())
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.sync()
    }

    fn flushes(&self) -> u64 {
        self.group.flushes()
    }

    fn bytes_written(&self) -> u64 {
        self.written.load(Ordering::SeqCst)
    }

    /// One process uses a sled store: every outbox entry is its own.
    fn claim_outbox(&self) -> Result<Vec<Entry>, StoreError> {
        self.scan(b"o/")
    }

    /// The stored last id plus one, counted atomically (never 0). It reaches the disk
    /// with the next flush, at the latest with the durable write of what it names.
    fn new_id(&self) -> Result<u64, StoreError> {
        self.with(|db| {
            let next = db.update_and_fetch(LAST_ID, |last| {
                let next = last.and_then(id_of).unwrap_or(0).saturating_add(1);
                Some(next.to_be_bytes().to_vec())
            })?;
            next.as_deref().and_then(id_of).ok_or_else(|| {
                StoreError::Db(sled::Error::Unsupported("no id was counted".to_string()))
            })
        })
    }

    fn reserve_ids(&self, max: u64) -> Result<(), StoreError> {
        self.with(|db| {
            db.update_and_fetch(LAST_ID, |last| {
                let last = last.and_then(id_of).unwrap_or(0).max(max);
                Some(last.to_be_bytes().to_vec())
            })?;
            Ok(())
        })
    }

    fn ids_counted(&self) -> Result<bool, StoreError> {
        self.with(|db| Ok(db.contains_key(LAST_ID)?))
    }

    fn game(&self, id: u64, counts_of: CountsOf) -> Result<Option<StoredGame>, StoreError> {
        self.with(|db| sled_game(db, id, counts_of))
    }

    fn active_version(&self, channel: u64) -> Result<Option<(u64, u64)>, StoreError> {
        self.with(|db| {
            let Some(id) = db.get(key(b'a', channel))?.and_then(|v| id_of(&v)) else {
                return Ok(None);
            };
            Ok(Some((id, version_of(db, id)?.unwrap_or(0))))
        })
    }

    fn game_version(&self, id: u64) -> Result<Option<u64>, StoreError> {
        self.with(|db| version_of(db, id))
    }

    fn changes(&self) -> Changes {
        self.feed.subscribe()
    }

    fn prune_keys(
        &self,
        before_ms: u64,
        at_of: &dyn Fn(&[u8]) -> Option<u64>,
    ) -> Result<usize, StoreError> {
        self.with(|db| prune(db, before_ms, at_of))
    }

    fn own_key(&self, k: &[u8]) -> bool {
        k.starts_with(b"v/") || k.starts_with(b"x/") || k == KEY_INDEX_BUILT || k == LAST_ID
    }
}

/// Forgets idempotency keys stored before `before_ms` (see [`Backend::prune_keys`]).
fn prune(
    db: &sled::Db,
    before_ms: u64,
    at_of: &dyn Fn(&[u8]) -> Option<u64>,
) -> Result<usize, StoreError> {
    let is_old = |v: &[u8]| at_of(v).is_none_or(|at| at < before_ms);
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
        // A store from before the index: one full pass indexes the keys that stay.
        for kv in db.scan_prefix(b"k/") {
            let (k, v) = kv?;
            if is_old(&v) {
                batch.remove(k);
                n += 1;
            } else {
                batch.insert(key_index(&k, at_of(&v).unwrap_or(0)), &[]);
            }
        }
        batch.insert(KEY_INDEX_BUILT, &[]);
    }
    db.apply_batch(batch)?;
    Ok(n)
}

/// A sled version key's value; a record stored before versions existed is version 1.
fn sled_version(v: Option<&[u8]>) -> u64 {
    v.and_then(id_of).unwrap_or(1)
}

/// A game's version from its own key `v/<id>` beside the record, which is not read
/// (`None`: no record). The version lives under a key of its own since versions
/// exist, so every stored record reads its version this way.
fn version_of(db: &sled::Db, id: u64) -> Result<Option<u64>, StoreError> {
    let version = db.get(key(b'v', id))?;
    // A record removed apart keeps its version key: no record, no version. Only
    // whether the record is there is asked (sled hands its bytes over unparsed).
    if !db.contains_key(key(b'g', id))? {
        return Ok(None);
    }
    Ok(Some(sled_version(version.as_deref())))
}

/// Why a sled transaction stopped: a stale copy or a key already taken, or an item
/// that would not encode.
enum Stop {
    Conflict(u64),
    Encode(StoreError),
}

type Abort = sled::transaction::ConflictableTransactionError<Stop>;

/// Applies a batch; returns the bytes written.
fn sled_apply(db: &sled::Db, batch: Batch) -> Result<usize, StoreError> {
    use sled::transaction::TransactionError;
    if !batch.reads() {
        return plain_apply(db, batch);
    }
    // A game write reads its version, a take its key: one transaction, so the check
    // and the write are one atomic step for every handle sharing this database.
    let result = db.transaction(|tx| {
        let mut written = 0;
        for op in &batch.ops {
            match op {
                Op::Put(k, v, _) => written += put(tx, k, v)?,
                Op::Del(k) => {
                    tx.remove(k.as_slice())?;
                }
                Op::Take { key, id } => {
                    if tx.remove(key.as_slice())?.is_none() {
                        return Err(Abort::Abort(Stop::Conflict(*id)));
                    }
                }
                Op::Expect { key, value, id } => {
                    if tx.get(key.as_slice())?.as_deref() != value.as_deref() {
                        return Err(Abort::Abort(Stop::Conflict(*id)));
                    }
                }
                Op::Keyed { key, at_ms, value } => {
                    written += put(tx, &key_index(key, *at_ms), &[])?;
                    written += put(tx, key, value)?;
                }
                Op::Game(g) => written += write_game(tx, g)?,
            }
        }
        Ok(written)
    });
    match result {
        Ok(written) => Ok(written),
        Err(TransactionError::Abort(Stop::Conflict(id))) => Err(StoreError::Conflict { id }),
        Err(TransactionError::Abort(Stop::Encode(e))) => Err(e),
        Err(TransactionError::Storage(e)) => Err(e.into()),
    }
}

/// A batch that reads nothing: one sled batch, no transaction.
fn plain_apply(db: &sled::Db, batch: Batch) -> Result<usize, StoreError> {
    let mut b = sled::Batch::default();
    let mut written = 0;
    for op in batch.ops {
        match op {
            Op::Put(k, v, _) => {
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
            Op::Game(_) | Op::Take { .. } | Op::Expect { .. } => {}
        }
    }
    db.apply_batch(b)?;
    Ok(written)
}

/// Writes one key in a transaction; returns the bytes written.
fn put(tx: &sled::transaction::TransactionalTree, k: &[u8], v: &[u8]) -> Result<usize, Abort> {
    tx.insert(k, v)?;
    Ok(k.len() + v.len())
}

/// A game write in a transaction: the version check, the items past those stored, the
/// head, the version and the channel's pointers. Returns the bytes written.
fn write_game(tx: &sled::transaction::TransactionalTree, g: &GameOp) -> Result<usize, Abort> {
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
    // An unreadable or older head counts nothing stored apart: every item is written.
    let stored = stored_head.map_or((0, 0), |h| (g.counts_of)(&h));
    // An unchecked write (a repair) may change any item: all are written.
    let kept = |n: u64| if g.expect.is_some() { n } else { 0 };
    let mut written = 0;
    for (prefix, items, stored, rewrite_last) in [
        (b'y', &g.actions, stored.0, false),
        (b'z', &g.history, stored.1, true),
    ] {
        for i in list_range(kept(stored), items.len(), rewrite_last) {
            let v = items.encode(i).map_err(|e| Abort::Abort(Stop::Encode(e)))?;
            written += put(tx, &list_key(prefix, g.id, i as u64), &v)?;
        }
        for seq in items.len() as u64..stored {
            tx.remove(list_key(prefix, g.id, seq))?;
        }
    }
    let next = current.unwrap_or(0) + 1;
    written += put(tx, &key(b'g', g.id), &g.head)?;
    written += put(tx, &vkey, &next.to_be_bytes())?;
    written += put(tx, &key(b'l', g.channel), &g.id.to_be_bytes())?;
    if g.finished {
        tx.remove(key(b'a', g.channel))?;
    } else {
        written += put(tx, &key(b'a', g.channel), &g.id.to_be_bytes())?;
    }
    Ok(written)
}

/// Reads a game's head, version and lists in one transaction (a write landing
/// meanwhile is seen whole or not at all).
fn sled_game(
    db: &sled::Db,
    id: u64,
    counts_of: CountsOf,
) -> Result<Option<StoredGame>, StoreError> {
    use sled::transaction::TransactionError;
    let read = db.transaction(|tx| {
        let Some(head) = tx.get(key(b'g', id))? else {
            return Ok(None);
        };
        let version = sled_version(tx.get(key(b'v', id))?.as_deref());
        let counts = counts_of(&head);
        let mut lists = [Vec::new(), Vec::new()];
        for (list, prefix, n) in [(0, b'y', counts.0), (1, b'z', counts.1)] {
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

    /// A process killed while sled wrote a snapshot (`tests/vacation_kills.rs` met it
    /// about once in 500 kills): the unfinished snapshot is set aside and every write
    /// is still there.
    #[test]
    fn an_unfinished_snapshot_left_by_a_kill_is_set_aside() {
        let dir = tempfile::tempdir().expect("tempdir");
        {
            let db = open_sled(dir.path()).expect("open");
            db.insert(b"kept", b"yes").expect("insert");
            db.flush().expect("flush");
        }
        // Opened again, sled recovers and writes its snapshot.
        drop(open_sled(dir.path()).expect("reopen"));
        let newest = std::fs::read_dir(dir.path())
            .expect("folder")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().to_string())
            .filter(|n| n.starts_with("snap.") && !n.ends_with(".generating"))
            .max()
            .expect("a snapshot written on close");
        let lsn = u64::from_str_radix(&newest["snap.".len()..], 16).expect("lsn");
        let unfinished = format!("snap.{:016X}.generating", lsn + 0x100);
        std::fs::write(dir.path().join(&unfinished), b"").expect("unfinished snapshot");
        // What sled alone answers: the whole folder refused.
        assert!(matches!(
            open_sled_once(dir.path()),
            Err(sled::Error::Corruption { .. })
        ));
        let db = open_sled(dir.path()).expect("opened after setting the snapshot aside");
        assert_eq!(db.get(b"kept").expect("get").as_deref(), Some(&b"yes"[..]));
        assert!(dir.path().join(format!("set-aside.{unfinished}")).exists());
        assert!(!dir.path().join(&unfinished).exists());
    }

    #[test]
    fn callers_meeting_one_failure_reopen_the_store_once() {
        let dir = tempfile::tempdir().expect("tempdir");
        let sled = Sled::open(dir.path()).expect("open");
        let mut batch = Batch::default();
        batch.insert(b"kept", b"yes");
        sled.apply(batch, true).expect("apply");
        // Four calls met the failure of generation 0 at once: one reopens.
        let read = std::thread::scope(|s| {
            let calls: Vec<_> = (0..4)
                .map(|_| {
                    s.spawn(|| {
                        sled.reopen(0);
                        sled.get(b"kept")
                    })
                })
                .collect();
            calls
                .into_iter()
                .map(|c| c.join().expect("call").expect("get"))
                .collect::<Vec<_>>()
        });
        assert_eq!(sled.generation(), 1);
        assert!(read.iter().all(|v| v.as_deref() == Some(&b"yes"[..])));
        assert_eq!(sled.new_id().expect("id"), 1);
    }
}
