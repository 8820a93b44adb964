//! The PostgreSQL backend: the store's key space mapped onto real tables (games with a
//! row version, channels, challenges, ratings, idempotency keys with an expiry index),
//! schema migrations from `migrations/` applied in order at open, and a small pool of
//! synchronous connections (the service is synchronous and runs on blocking threads).
//! The columns beside a value (a game's channel, an idempotency key's time) come from
//! what the typed store says of it ([`Meta`]); no JSON is read here.

use super::backend::{id_of, Backend, Batch, CountsOf, Entry, StoredGame};
use super::error::StoreError;
use super::feed::{Changes, Feed};
use postgres::types::{ToSql, Type};
use postgres::{Client, NoTls};
use write::apply_in;

mod listen;
mod write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// The schema, in order: `(version, name, SQL)`. A file added to `migrations/` is
/// listed here (a test checks the two agree).
pub const MIGRATIONS: &[(i32, &str, &str)] = &[
    (
        1,
        "0001_tables.sql",
        include_str!("../../migrations/0001_tables.sql"),
    ),
    (
        2,
        "0002_challenge_records.sql",
        include_str!("../../migrations/0002_challenge_records.sql"),
    ),
    (
        3,
        "0003_game_lists.sql",
        include_str!("../../migrations/0003_game_lists.sql"),
    ),
    (
        4,
        "0004_outbox.sql",
        include_str!("../../migrations/0004_outbox.sql"),
    ),
    (
        5,
        "0005_id_counter.sql",
        include_str!("../../migrations/0005_id_counter.sql"),
    ),
];

/// How long an outbox entry stays claimed by the process that wrote or resumed it:
/// after that, a process resuming the outbox may take it (its claimer is taken for
/// dead). Delivery takes seconds; a process that stops releases its claims at once.
pub const OUTBOX_LEASE_MS: i64 = 120_000;

/// Serialises schema changes of processes opening one database at once.
const MIGRATION_LOCK: i64 = 0x4152_4341_4e41;

/// Connections one handle keeps open at most, busy and idle together: a call beyond
/// them waits until one is given back, so a queue of calls stays a queue of calls and
/// never becomes one of connections (processes × this, plus a listener each, must stay
/// under the server's `max_connections`: 100 by default, four processes take 68).
pub const MAX_CONNECTIONS: usize = 16;

/// How long a call waits for a connection before it fails as the store's passing
/// trouble (every connection busy this long says the database is not answering).
const CONNECTION_WAIT: Duration = Duration::from_secs(60);

/// The handle's connections: those idle, and how many are open in all.
#[derive(Default)]
struct Pool {
    idle: Vec<Client>,
    open: usize,
}

pub struct Pg {
    config: postgres::Config,
    pool: Mutex<Pool>,
    /// Signalled when a connection is given back or closed.
    freed: Condvar,
    /// Bytes of keys and values sent by committed batches (instrumentation).
    written: AtomicU64,
    /// This handle's name in outbox claims: unique per process and open, or the name of
    /// a deployment slot (host, data folder, shards), the same when its process is
    /// restarted, so that the new process delivers at once what the old one claimed.
    me: String,
    /// The games other commits notify, heard by one listening connection started at
    /// the first [`Backend::changes`] (see [`listen`]).
    feed: Arc<Feed>,
    listening: AtomicBool,
    /// Set when the handle is dropped: the listener stops.
    stop: Arc<AtomicBool>,
}

/// The store's unsigned ids, kept bit for bit in PostgreSQL's signed bigint.
fn sql(id: u64) -> i64 {
    i64::from_ne_bytes(id.to_ne_bytes())
}

fn unsql(v: i64) -> u64 {
    u64::from_ne_bytes(v.to_ne_bytes())
}

/// Where a key of the store's key space lives.
enum Place<'a> {
    Game(u64),
    Active(u64),
    Last(u64),
    Challenge(u64),
    /// A challenge under its own id.
    ChallengeRecord(u64),
    Rating(&'a [u8]),
    Key(&'a str),
    /// An outbox entry (`o/<id>`).
    Outbox(u64),
    /// Item `seq` of a game's actions (`y/<id><seq>`) or history entries (`z/...`).
    Action(u64, u64),
    Entry(u64, u64),
    Other,
}

/// The table and value column of a game's list (`Place::Action` or `Place::Entry`).
fn list_table(actions: bool) -> (&'static str, &'static str) {
    if actions {
        ("game_actions", "action")
    } else {
        ("game_history", "entry")
    }
}

/// The column of `channels` a channel pointer lives in.
fn pointer_column(place: &Place) -> &'static str {
    if matches!(place, Place::Active(_)) {
        "active"
    } else {
        "last"
    }
}

fn place(k: &[u8]) -> Place<'_> {
    let (Some(&p), Some(b'/')) = (k.first(), k.get(1)) else {
        return Place::Other;
    };
    let rest = &k[2..];
    if matches!(p, b'y' | b'z') && rest.len() == 16 {
        if let (Some(id), Some(seq)) = (id_of(&rest[..8]), id_of(&rest[8..])) {
            return if p == b'y' {
                Place::Action(id, seq)
            } else {
                Place::Entry(id, seq)
            };
        }
    }
    let id = id_of(rest);
    match (p, id) {
        (b'g', Some(id)) => Place::Game(id),
        (b'a', Some(ch)) => Place::Active(ch),
        (b'l', Some(ch)) => Place::Last(ch),
        (b'c', Some(ch)) => Place::Challenge(ch),
        (b'h', Some(id)) => Place::ChallengeRecord(id),
        (b'o', Some(id)) => Place::Outbox(id),
        (b'r', _) => Place::Rating(rest),
        (b'k', _) => match std::str::from_utf8(rest) {
            Ok(s) => Place::Key(s),
            Err(_) => Place::Other,
        },
        _ => Place::Other,
    }
}

/// A parameter of type `bigint`. The reads give their parameters' types
/// (`query_typed`): one round trip each, where a prepared query takes three
/// (prepare, execute, close), and the reads at start go one after another.
fn int8(v: &i64) -> (&(dyn ToSql + Sync), Type) {
    (v, Type::INT8)
}

/// Runs `f` on a fresh thread: the synchronous client drives its own small runtime,
/// which must not be started or dropped on a thread that is running async tasks.
fn off_thread<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| s.spawn(f).join()).unwrap_or_else(|e| std::panic::resume_unwind(e))
}

/// The first key after every key that starts with `prefix` (`None`: there is none).
fn successor(prefix: &[u8]) -> Option<Vec<u8>> {
    let mut end = prefix.to_vec();
    while let Some(last) = end.pop() {
        if last < u8::MAX {
            end.push(last + 1);
            return Some(end);
        }
    }
    None
}

impl Pg {
    /// Connects, and brings the schema up to date. `claimer` names this handle in
    /// outbox claims (`None`: a name of its own, unique to this process and open).
    pub fn open(url: &str, claimer: Option<&str>) -> Result<Pg, StoreError> {
        let config: postgres::Config = url
            .parse()
            .map_err(|e| StoreError::Url(format!("the PostgreSQL URL is not valid: {e}")))?;
        let pg = Pg {
            config,
            pool: Mutex::default(),
            freed: Condvar::new(),
            written: AtomicU64::new(0),
            me: claimer.map_or_else(
                || format!("{}:{:016x}", std::process::id(), rand::random::<u64>()),
                str::to_string,
            ),
            feed: Arc::default(),
            listening: AtomicBool::new(false),
            stop: Arc::default(),
        };
        let mut client = pg.take()?;
        let migrated = migrate(&mut client);
        pg.give_back(client);
        migrated.map(|()| pg)
    }

    fn connect(&self) -> Result<Client, StoreError> {
        let config = self.config.clone();
        Ok(off_thread(move || config.connect(NoTls))?)
    }

    fn pool(&self) -> MutexGuard<'_, Pool> {
        self.pool.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// An idle connection, or a new one while fewer than [`MAX_CONNECTIONS`] are open;
    /// else waits for one to be given back.
    fn take(&self) -> Result<Client, StoreError> {
        let mut pool = self.pool();
        let mut waited = Duration::ZERO;
        loop {
            if let Some(client) = pool.idle.pop() {
                if !client.is_closed() {
                    return Ok(client);
                }
                pool.open -= 1;
                drop(pool);
                off_thread(move || drop(client));
                pool = self.pool();
                continue;
            }
            if pool.open < MAX_CONNECTIONS {
                pool.open += 1;
                drop(pool);
                return self.connect().inspect_err(|_| self.closed());
            }
            if waited >= CONNECTION_WAIT {
                return Err(StoreError::Busy(MAX_CONNECTIONS));
            }
            let started = std::time::Instant::now();
            pool = self
                .freed
                .wait_timeout(pool, CONNECTION_WAIT - waited)
                .unwrap_or_else(|e| e.into_inner())
                .0;
            waited += started.elapsed();
        }
    }

    /// One of the open connections is gone.
    fn closed(&self) {
        self.pool().open -= 1;
        self.freed.notify_one();
    }

    fn give_back(&self, client: Client) {
        if client.is_closed() {
            off_thread(move || drop(client));
            self.closed();
        } else {
            self.pool().idle.push(client);
            self.freed.notify_one();
        }
    }

    /// Runs `f` with a pooled connection.
    fn with<T>(
        &self,
        f: impl FnOnce(&mut Client) -> Result<T, postgres::Error>,
    ) -> Result<T, StoreError> {
        let mut client = self.take()?;
        let out = f(&mut client);
        self.give_back(client);
        Ok(out?)
    }

    fn get_one(&self, k: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        let row = self.with(|c| match place(k) {
            Place::Game(id) => {
                c.query_typed_opt("SELECT record FROM games WHERE id = $1", &[int8(&sql(id))])
            }
            Place::Active(ch) | Place::Last(ch) => {
                let column = pointer_column(&place(k));
                c.query_typed_opt(
                    &format!(
                        "SELECT int8send({column}) FROM channels \
                         WHERE channel = $1 AND {column} IS NOT NULL"
                    ),
                    &[int8(&sql(ch))],
                )
            }
            Place::Challenge(ch) => c.query_typed_opt(
                "SELECT challenge FROM challenges WHERE channel = $1",
                &[int8(&sql(ch))],
            ),
            Place::ChallengeRecord(id) => c.query_typed_opt(
                "SELECT challenge FROM challenge_records WHERE id = $1",
                &[int8(&sql(id))],
            ),
            Place::Rating(r) => c.query_typed_opt(
                "SELECT standing FROM ratings WHERE key = $1",
                &[(&r, Type::BYTEA)],
            ),
            Place::Key(s) => c.query_typed_opt(
                "SELECT replies FROM idempotency_keys WHERE key = $1",
                &[(&s, Type::TEXT)],
            ),
            Place::Outbox(id) => {
                c.query_typed_opt("SELECT entry FROM outbox WHERE id = $1", &[int8(&sql(id))])
            }
            Place::Action(id, seq) | Place::Entry(id, seq) => {
                let (table, column) = list_table(matches!(place(k), Place::Action(..)));
                c.query_typed_opt(
                    &format!("SELECT {column} FROM {table} WHERE game = $1 AND seq = $2"),
                    &[int8(&sql(id)), int8(&sql(seq))],
                )
            }
            Place::Other => {
                c.query_typed_opt("SELECT value FROM kv WHERE key = $1", &[(&k, Type::BYTEA)])
            }
        })?;
        Ok(row.map(|r| r.get::<_, Vec<u8>>(0)))
    }

    /// Every entry whose key starts with `prefix`, in key order.
    fn scan_all(&self, prefix: &[u8]) -> Result<Vec<Entry>, StoreError> {
        // Each table holds one part of the key space; read those the prefix can reach.
        let tables: [(&[u8], &str); 10] = [
            (b"o/", "SELECT int8send(id), entry FROM outbox"),
            (b"g/", "SELECT int8send(id), record FROM games"),
            (
                b"y/",
                "SELECT int8send(game) || int8send(seq), action FROM game_actions",
            ),
            (
                b"z/",
                "SELECT int8send(game) || int8send(seq), entry FROM game_history",
            ),
            (
                b"a/",
                "SELECT int8send(channel), int8send(active) FROM channels WHERE active IS NOT NULL",
            ),
            (
                b"l/",
                "SELECT int8send(channel), int8send(last) FROM channels WHERE last IS NOT NULL",
            ),
            (b"c/", "SELECT int8send(channel), challenge FROM challenges"),
            (
                b"h/",
                "SELECT int8send(id), challenge FROM challenge_records",
            ),
            (b"r/", "SELECT key, standing FROM ratings"),
            (
                b"k/",
                "SELECT convert_to(key, 'UTF8'), replies FROM idempotency_keys",
            ),
        ];
        let mut out = Vec::new();
        self.with(|c| {
            for (table_prefix, query) in tables {
                let reaches = table_prefix.is_empty()
                    || table_prefix.starts_with(prefix)
                    || prefix.starts_with(table_prefix);
                if !reaches {
                    continue;
                }
                for row in c.query_typed(query, &[])? {
                    let mut k = table_prefix.to_vec();
                    k.extend_from_slice(&row.get::<_, Vec<u8>>(0));
                    if k.starts_with(prefix) {
                        out.push((k, row.get::<_, Vec<u8>>(1)));
                    }
                }
            }
            Ok(())
        })?;
        // The kv table (every other key, the indexes among them): only the keys of
        // the prefix are read, through its primary key.
        out.extend(self.kv_range(prefix, successor(prefix).as_deref())?);
        out.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(out)
    }

    /// Entries of the kv table with keys from `start` (included) up to `end`
    /// (excluded; `None`: to the last), in key order.
    fn kv_range(&self, start: &[u8], end: Option<&[u8]>) -> Result<Vec<Entry>, StoreError> {
        let rows = self.with(|c| match end {
            Some(end) => c.query_typed(
                "SELECT key, value FROM kv WHERE key >= $1 AND key < $2 ORDER BY key",
                &[(&start, Type::BYTEA), (&end, Type::BYTEA)],
            ),
            None => c.query_typed(
                "SELECT key, value FROM kv WHERE key >= $1 ORDER BY key",
                &[(&start, Type::BYTEA)],
            ),
        })?;
        Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    /// Applies the batch in one transaction. `durable: false` commits without waiting
    /// for the write-ahead log to reach the disk (`synchronous_commit = off`).
    fn apply_batch(&self, batch: Batch, durable: bool) -> Result<(), StoreError> {
        let mut client = self.take()?;
        let result = apply_in(&mut client, &batch, durable, &self.me);
        self.give_back(client);
        self.written.fetch_add(result?, Ordering::SeqCst);
        Ok(())
    }

    /// Claims and returns the outbox entries no live process holds (unclaimed, or
    /// their lease ran out, or already this handle's), oldest first; a process
    /// resuming its outbox at the same moment skips the rows this one is claiming.
    fn claim(&self) -> Result<Vec<Entry>, StoreError> {
        let rows = self.with(|c| {
            c.query_typed(
                "UPDATE outbox SET claimed_by = $1, \
                 claimed_until = now() + $2::bigint * interval '1 millisecond' \
                 WHERE id IN (SELECT id FROM outbox \
                              WHERE claimed_by IS NULL OR claimed_by = $1 \
                                 OR claimed_until < now() \
                              FOR UPDATE SKIP LOCKED) \
                 RETURNING int8send(id), entry",
                &[(&self.me, Type::TEXT), int8(&OUTBOX_LEASE_MS)],
            )
        })?;
        let mut out: Vec<Entry> = rows
            .iter()
            .map(|r| {
                let mut k = b"o/".to_vec();
                k.extend_from_slice(&r.get::<_, Vec<u8>>(0));
                (k, r.get(1))
            })
            .collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(out)
    }

    /// Bytes of keys and values sent by committed batches so far.
    fn written(&self) -> u64 {
        self.written.load(Ordering::SeqCst)
    }

    /// The counter row plus one, committed at once (its row lock orders two
    /// processes): dense across restarts, as the sequence it replaced was not after a
    /// crash of the server.
    fn next_id(&self) -> Result<u64, StoreError> {
        let row = self
            .with(|c| c.query_one("UPDATE id_counter SET last = last + 1 RETURNING last", &[]))?;
        Ok(unsql(row.get(0)))
    }

    fn reserve(&self, max: u64) -> Result<(), StoreError> {
        let max = sql(max);
        self.with(|c| c.execute("UPDATE id_counter SET last = greatest(last, $1)", &[&max]))?;
        Ok(())
    }

    /// A game's head, version and lists, read by one statement (one snapshot).
    fn game_versioned(&self, id: u64) -> Result<Option<StoredGame>, StoreError> {
        let row = self.with(|c| {
            c.query_opt(
                "SELECT g.record, g.version, \
                 ARRAY(SELECT a.action FROM game_actions a \
                       WHERE a.game = g.id AND a.seq < g.action_count ORDER BY a.seq), \
                 ARRAY(SELECT h.entry FROM game_history h \
                       WHERE h.game = g.id AND h.seq < g.history_count ORDER BY h.seq) \
                 FROM games g WHERE g.id = $1",
                &[&sql(id)],
            )
        })?;
        Ok(row.map(|r| StoredGame {
            head: r.get(0),
            version: unsql(r.get(1)),
            actions: r.get(2),
            history: r.get(3),
        }))
    }

    /// The versions of those of `ids` stored, in their order: the version column
    /// alone, by one statement.
    fn versions(&self, ids: &[u64]) -> Result<Vec<(u64, u64)>, StoreError> {
        let wanted: Vec<i64> = ids.iter().map(|&id| sql(id)).collect();
        let rows = self.with(|c| {
            c.query(
                "SELECT id, version FROM games WHERE id = ANY($1)",
                &[&wanted],
            )
        })?;
        let found: std::collections::HashMap<u64, u64> = rows
            .iter()
            .map(|r| (unsql(r.get(0)), unsql(r.get(1))))
            .collect();
        Ok(ids
            .iter()
            .filter_map(|id| found.get(id).map(|v| (*id, *v)))
            .collect())
    }

    /// Follows the games commits notify, starting the listener the first time.
    fn follow(&self) -> Changes {
        // Subscribed first: what the listener tells once listening is heard.
        let changes = self.feed.subscribe();
        if !self.listening.swap(true, Ordering::SeqCst) {
            listen::start(
                self.config.clone(),
                Arc::clone(&self.feed),
                Arc::clone(&self.stop),
            );
        }
        changes
    }

    fn active(&self, channel: u64) -> Result<Option<(u64, u64)>, StoreError> {
        let row = self.with(|c| {
            c.query_opt(
                "SELECT c.active, coalesce(g.version, 0) FROM channels c \
                 LEFT JOIN games g ON g.id = c.active \
                 WHERE c.channel = $1 AND c.active IS NOT NULL",
                &[&sql(channel)],
            )
        })?;
        Ok(row.map(|r| (unsql(r.get(0)), unsql(r.get(1)))))
    }

    fn prune(&self, before_ms: u64) -> Result<usize, StoreError> {
        let gone = self.with(|c| {
            c.query_typed(
                "DELETE FROM idempotency_keys WHERE at_ms < $1 RETURNING 1",
                &[int8(&sql(before_ms.min(i64::MAX as u64)))],
            )
        })?;
        Ok(gone.len())
    }
}

impl Backend for Pg {
    fn shared(&self) -> bool {
        true
    }

    fn get(&self, k: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.get_one(k)
    }

    fn scan(&self, prefix: &[u8]) -> Result<Vec<Entry>, StoreError> {
        self.scan_all(prefix)
    }

    fn active_upto(&self, upto: usize) -> Result<usize, StoreError> {
        let limit = i64::try_from(upto).unwrap_or(i64::MAX);
        let row = self.with(|c| {
            c.query_typed_one(
                "SELECT count(*) FROM (SELECT 1 FROM channels WHERE active IS NOT NULL LIMIT $1) a",
                &[int8(&limit)],
            )
        })?;
        Ok(usize::try_from(row.get::<_, i64>(0)).unwrap_or(upto))
    }

    fn range(&self, start: &[u8], end: &[u8]) -> Result<Vec<Entry>, StoreError> {
        self.kv_range(start, Some(end))
    }

    fn apply(&self, batch: Batch, durable: bool) -> Result<(), StoreError> {
        self.apply_batch(batch, durable)
    }

    /// Every PostgreSQL commit is durable when it returns.
    fn flush(&self) -> Result<(), StoreError> {
        Ok(())
    }

    fn flushes(&self) -> u64 {
        0
    }

    fn bytes_written(&self) -> u64 {
        self.written()
    }

    /// The entries no live process holds, claimed by this one (see [`Pg::claim`]).
    fn claim_outbox(&self) -> Result<Vec<Entry>, StoreError> {
        self.claim()
    }

    fn new_id(&self) -> Result<u64, StoreError> {
        self.next_id()
    }

    fn reserve_ids(&self, max: u64) -> Result<(), StoreError> {
        self.reserve(max)
    }

    /// The lists' lengths are columns of the game's row: `counts_of` is not needed.
    fn game(&self, id: u64, _counts_of: CountsOf) -> Result<Option<StoredGame>, StoreError> {
        self.game_versioned(id)
    }

    fn active_version(&self, channel: u64) -> Result<Option<(u64, u64)>, StoreError> {
        self.active(channel)
    }

    fn game_version(&self, id: u64) -> Result<Option<u64>, StoreError> {
        let row =
            self.with(|c| c.query_opt("SELECT version FROM games WHERE id = $1", &[&sql(id)]))?;
        Ok(row.map(|r| unsql(r.get(0))))
    }

    fn game_versions(&self, ids: &[u64]) -> Result<Vec<(u64, u64)>, StoreError> {
        self.versions(ids)
    }

    fn changes(&self) -> Changes {
        self.follow()
    }

    /// The keys' times are a column with an index: `at_of` is not needed.
    fn prune_keys(
        &self,
        before_ms: u64,
        _at_of: &dyn Fn(&[u8]) -> Option<u64>,
    ) -> Result<usize, StoreError> {
        self.prune(before_ms)
    }
}

impl Drop for Pg {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // A stopping process releases its outbox claims: the next to resume the
        // outbox delivers what this one did not.
        let pg = &*self;
        let released = off_thread(|| {
            pg.with(|c| {
                c.query_typed(
                    "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL \
                     WHERE claimed_by = $1",
                    &[(&pg.me, Type::TEXT)],
                )
            })
        });
        if let Err(e) = released {
            tracing::warn!("the outbox claims of this process stay until their lease ends: {e}");
        }
        let pool = self.pool.get_mut().unwrap_or_else(|e| e.into_inner());
        let idle = std::mem::take(&mut pool.idle);
        if !idle.is_empty() {
            off_thread(move || drop(idle));
        }
    }
}

/// Applies every migration the database lacks, in order, in one transaction under an
/// advisory lock; refuses a database migrated by a newer build.
fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let known = MIGRATIONS.iter().map(|m| m.0).max().unwrap_or(0);
    // Up to date already (every start but the first after an upgrade): one round trip,
    // no lock, no transaction. The versions are 1 to `known`, each once (the key).
    let up_to_date = format!(
        "SELECT 1 FROM schema_migrations HAVING count(*) = {known} AND max(version) = {known}"
    );
    if let Ok(rows) = client.simple_query(&up_to_date) {
        if rows
            .iter()
            .any(|m| matches!(m, postgres::SimpleQueryMessage::Row(_)))
        {
            return Ok(());
        }
    }
    let mut tx = client.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
             version    integer     PRIMARY KEY,
             name       text        NOT NULL,
             applied_at timestamptz NOT NULL DEFAULT now()
         )",
    )?;
    let applied: Vec<i32> = tx
        .query("SELECT version FROM schema_migrations", &[])?
        .iter()
        .map(|r| r.get(0))
        .collect();
    if let Some(newer) = applied.iter().copied().filter(|v| *v > known).max() {
        return Err(StoreError::Url(format!(
            "the database schema is at version {newer}, newer than this build knows \
             ({known}); upgrade Arcana"
        )));
    }
    for (version, name, text) in MIGRATIONS {
        if applied.contains(version) {
            continue;
        }
        tx.batch_execute(text)?;
        tx.execute(
            "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
            &[version, name],
        )?;
    }
    tx.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::key;

    #[test]
    fn every_migration_file_is_listed_in_order() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/migrations");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .expect("migrations/")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".sql"))
            .collect();
        files.sort();
        let listed: Vec<String> = MIGRATIONS.iter().map(|m| m.1.to_string()).collect();
        assert_eq!(files, listed);
        for (i, (version, name, _)) in MIGRATIONS.iter().enumerate() {
            assert_eq!(*version, i32::try_from(i + 1).expect("small"));
            assert!(name.starts_with(&format!("{version:04}_")), "{name}");
        }
    }

    #[test]
    fn keys_find_their_tables() {
        assert!(matches!(place(&key(b'g', 5)), Place::Game(5)));
        assert!(matches!(place(&key(b'a', 6)), Place::Active(6)));
        assert!(matches!(place(&key(b'l', 7)), Place::Last(7)));
        assert!(matches!(place(&key(b'c', 8)), Place::Challenge(8)));
        assert!(matches!(place(b"k/abc"), Place::Key("abc")));
        assert!(matches!(place(b"r/\0\0xyz"), Place::Rating(b"\0\0xyz")));
        assert!(matches!(place(b"rscope"), Place::Other));
        assert!(matches!(place(&key(b'h', 9)), Place::ChallengeRecord(9)));
        assert!(matches!(place(&key(b'o', 10)), Place::Outbox(10)));
        assert!(matches!(place(b"h/short"), Place::Other));
        let mut y = key(b'y', 3);
        y.extend_from_slice(&4u64.to_be_bytes());
        assert!(matches!(place(&y), Place::Action(3, 4)));
        y[0] = b'z';
        assert!(matches!(place(&y), Place::Entry(3, 4)));
        assert_eq!(unsql(sql(u64::MAX - 3)), u64::MAX - 3);
    }
}
