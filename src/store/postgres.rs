//! The PostgreSQL engine: the store's key space mapped onto real tables (games with a
//! row version, channels, challenges, ratings, idempotency keys with an expiry index),
//! schema migrations from `migrations/` applied in order at open, and a small pool of
//! synchronous connections (the service is synchronous and runs on blocking threads).

use super::engine::{Batch, Expect, GameOp, Op};
use super::{id_of, StoreError};
use postgres::{Client, NoTls, Transaction};
use std::sync::Mutex;

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
];

/// Serialises schema changes of processes opening one database at once.
const MIGRATION_LOCK: i64 = 0x4152_4341_4e41;

/// One key and its value.
type Entry = (Vec<u8>, Vec<u8>);

/// Idle connections kept for reuse.
const POOL: usize = 8;

pub struct Pg {
    config: postgres::Config,
    idle: Mutex<Vec<Client>>,
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
    Other,
}

fn place(k: &[u8]) -> Place<'_> {
    let (Some(&p), Some(b'/')) = (k.first(), k.get(1)) else {
        return Place::Other;
    };
    let rest = &k[2..];
    let id = id_of(rest);
    match (p, id) {
        (b'g', Some(id)) => Place::Game(id),
        (b'a', Some(ch)) => Place::Active(ch),
        (b'l', Some(ch)) => Place::Last(ch),
        (b'c', Some(ch)) => Place::Challenge(ch),
        (b'h', Some(id)) => Place::ChallengeRecord(id),
        (b'r', _) => Place::Rating(rest),
        (b'k', _) => match std::str::from_utf8(rest) {
            Ok(s) => Place::Key(s),
            Err(_) => Place::Other,
        },
        _ => Place::Other,
    }
}

/// Fields every stored game record has, whatever its format.
#[derive(serde::Deserialize)]
struct GameHead {
    channel: u64,
    #[serde(default)]
    finished: bool,
}

/// The channel of a challenge stored under its id (0 when it has none).
#[derive(serde::Deserialize)]
struct ChallengeHead {
    #[serde(default)]
    channel: u64,
}

/// The time field of a stored idempotency reply.
#[derive(serde::Deserialize)]
struct KeyHead {
    at_ms: u64,
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
    /// Connects, and brings the schema up to date.
    pub fn open(url: &str) -> Result<Pg, StoreError> {
        let config: postgres::Config = url
            .parse()
            .map_err(|e| StoreError::Url(format!("the PostgreSQL URL is not valid: {e}")))?;
        let pg = Pg {
            config,
            idle: Mutex::new(Vec::new()),
        };
        let mut client = pg.connect()?;
        migrate(&mut client)?;
        pg.give_back(client);
        Ok(pg)
    }

    fn connect(&self) -> Result<Client, StoreError> {
        let config = self.config.clone();
        Ok(off_thread(move || config.connect(NoTls))?)
    }

    fn take(&self) -> Result<Client, StoreError> {
        let idle = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        match idle {
            Some(c) if !c.is_closed() => Ok(c),
            _ => self.connect(),
        }
    }

    fn give_back(&self, client: Client) {
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        if idle.len() < POOL && !client.is_closed() {
            idle.push(client);
        } else {
            drop(idle);
            off_thread(move || drop(client));
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

    pub fn get(&self, k: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        let row = self.with(|c| match place(k) {
            Place::Game(id) => c.query_opt("SELECT record FROM games WHERE id = $1", &[&sql(id)]),
            Place::Active(ch) => c.query_opt(
                "SELECT int8send(active) FROM channels WHERE channel = $1 AND active IS NOT NULL",
                &[&sql(ch)],
            ),
            Place::Last(ch) => c.query_opt(
                "SELECT int8send(last) FROM channels WHERE channel = $1 AND last IS NOT NULL",
                &[&sql(ch)],
            ),
            Place::Challenge(ch) => c.query_opt(
                "SELECT challenge FROM challenges WHERE channel = $1",
                &[&sql(ch)],
            ),
            Place::ChallengeRecord(id) => c.query_opt(
                "SELECT challenge FROM challenge_records WHERE id = $1",
                &[&sql(id)],
            ),
            Place::Rating(r) => c.query_opt("SELECT standing FROM ratings WHERE key = $1", &[&r]),
            Place::Key(s) => {
                c.query_opt("SELECT replies FROM idempotency_keys WHERE key = $1", &[&s])
            }
            Place::Other => c.query_opt("SELECT value FROM kv WHERE key = $1", &[&k]),
        })?;
        Ok(row.map(|r| r.get::<_, Vec<u8>>(0)))
    }

    /// Every entry whose key starts with `prefix`, in key order.
    pub fn scan(&self, prefix: &[u8]) -> Result<Vec<Entry>, StoreError> {
        // Each table holds one part of the key space; read those the prefix can reach.
        let tables: [(&[u8], &str); 7] = [
            (b"g/", "SELECT int8send(id), record FROM games"),
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
                for row in c.query(query, &[])? {
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
        out.extend(self.range(prefix, successor(prefix).as_deref())?);
        out.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(out)
    }

    /// Entries of the kv table with keys from `start` (included) up to `end`
    /// (excluded; `None`: to the last), in key order.
    pub fn range(&self, start: &[u8], end: Option<&[u8]>) -> Result<Vec<Entry>, StoreError> {
        let rows = self.with(|c| match end {
            Some(end) => c.query(
                "SELECT key, value FROM kv WHERE key >= $1 AND key < $2 ORDER BY key",
                &[&start, &end],
            ),
            None => c.query(
                "SELECT key, value FROM kv WHERE key >= $1 ORDER BY key",
                &[&start],
            ),
        })?;
        Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    /// Applies the batch in one transaction. `durable: false` commits without waiting
    /// for the write-ahead log to reach the disk (`synchronous_commit = off`).
    pub fn apply(&self, batch: Batch, durable: bool) -> Result<(), StoreError> {
        let mut client = self.take()?;
        let result = apply_in(&mut client, &batch, durable);
        self.give_back(client);
        result
    }

    pub fn new_id(&self) -> Result<u64, StoreError> {
        let row = self.with(|c| c.query_one("SELECT nextval('game_ids')", &[]))?;
        Ok(unsql(row.get(0)))
    }

    pub fn reserve_ids(&self, max: u64) -> Result<(), StoreError> {
        let max = sql(max);
        self.with(|c| {
            c.execute(
                "SELECT setval('game_ids', greatest($1, (SELECT last_value FROM game_ids)))",
                &[&max],
            )
        })?;
        Ok(())
    }

    pub fn game_versioned(&self, id: u64) -> Result<Option<(Vec<u8>, u64)>, StoreError> {
        let row = self.with(|c| {
            c.query_opt(
                "SELECT record, version FROM games WHERE id = $1",
                &[&sql(id)],
            )
        })?;
        Ok(row.map(|r| (r.get(0), unsql(r.get(1)))))
    }

    pub fn active_version(&self, channel: u64) -> Result<Option<(u64, u64)>, StoreError> {
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

    pub fn prune_keys(&self, before_ms: u64) -> Result<usize, StoreError> {
        let n = self.with(|c| {
            c.execute(
                "DELETE FROM idempotency_keys WHERE at_ms < $1",
                &[&sql(before_ms.min(i64::MAX as u64))],
            )
        })?;
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }
}

impl Drop for Pg {
    fn drop(&mut self) {
        let idle = std::mem::take(self.idle.get_mut().unwrap_or_else(|e| e.into_inner()));
        if !idle.is_empty() {
            off_thread(move || drop(idle));
        }
    }
}

/// Applies every migration the database lacks, in order, in one transaction under an
/// advisory lock; refuses a database migrated by a newer build.
fn migrate(client: &mut Client) -> Result<(), StoreError> {
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
    let known = MIGRATIONS.iter().map(|m| m.0).max().unwrap_or(0);
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

fn apply_in(client: &mut Client, batch: &Batch, durable: bool) -> Result<(), StoreError> {
    let mut tx = client.transaction()?;
    if !durable {
        tx.batch_execute("SET LOCAL synchronous_commit = off")?;
    }
    for op in &batch.ops {
        match op {
            Op::Put(k, v) => put(&mut tx, k, v)?,
            Op::Del(k) => del(&mut tx, k)?,
            Op::Game(g) => game(&mut tx, g)?,
            Op::Keyed { key, value, .. } => put(&mut tx, key, value)?,
        }
    }
    // On an error the transaction is dropped, which rolls it back.
    tx.commit()?;
    Ok(())
}

fn put(tx: &mut Transaction<'_>, k: &[u8], v: &[u8]) -> Result<(), StoreError> {
    match place(k) {
        Place::Game(id) => {
            // A raw record write sets no channel pointer (as on sled).
            let head: GameHead = serde_json::from_slice(v)?;
            tx.execute(
                "INSERT INTO games (id, channel, finished, version, record) \
                 VALUES ($1, $2, $3, 1, $4) ON CONFLICT (id) DO UPDATE SET \
                 record = excluded.record, channel = excluded.channel, \
                 finished = excluded.finished, version = games.version + 1",
                &[&sql(id), &sql(head.channel), &head.finished, &v],
            )?;
        }
        Place::Active(ch) | Place::Last(ch) => {
            let id =
                id_of(v).ok_or_else(|| StoreError::Url("a channel pointer is not an id".into()))?;
            let column = if matches!(place(k), Place::Active(_)) {
                "active"
            } else {
                "last"
            };
            tx.execute(
                &format!(
                    "INSERT INTO channels (channel, {column}) VALUES ($1, $2) \
                     ON CONFLICT (channel) DO UPDATE SET {column} = excluded.{column}"
                ),
                &[&sql(ch), &sql(id)],
            )?;
        }
        Place::Challenge(ch) => {
            tx.execute(
                "INSERT INTO challenges (channel, challenge) VALUES ($1, $2) \
                 ON CONFLICT (channel) DO UPDATE SET challenge = excluded.challenge",
                &[&sql(ch), &v],
            )?;
        }
        Place::ChallengeRecord(id) => {
            let head: ChallengeHead = serde_json::from_slice(v)?;
            tx.execute(
                "INSERT INTO challenge_records (id, channel, challenge) VALUES ($1, $2, $3) \
                 ON CONFLICT (id) DO UPDATE SET channel = excluded.channel, challenge = excluded.challenge",
                &[&sql(id), &sql(head.channel), &v],
            )?;
        }
        Place::Rating(r) => {
            tx.execute(
                "INSERT INTO ratings (key, standing) VALUES ($1, $2) \
                 ON CONFLICT (key) DO UPDATE SET standing = excluded.standing",
                &[&r, &v],
            )?;
        }
        Place::Key(s) => {
            let head: KeyHead = serde_json::from_slice(v)?;
            tx.execute(
                "INSERT INTO idempotency_keys (key, at_ms, replies) VALUES ($1, $2, $3) \
                 ON CONFLICT (key) DO UPDATE SET at_ms = excluded.at_ms, replies = excluded.replies",
                &[&s, &sql(head.at_ms), &v],
            )?;
        }
        Place::Other => {
            tx.execute(
                "INSERT INTO kv (key, value) VALUES ($1, $2) \
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                &[&k, &v],
            )?;
        }
    }
    Ok(())
}

fn del(tx: &mut Transaction<'_>, k: &[u8]) -> Result<(), StoreError> {
    match place(k) {
        Place::Game(id) => tx.execute("DELETE FROM games WHERE id = $1", &[&sql(id)])?,
        Place::Active(ch) => tx.execute(
            "UPDATE channels SET active = NULL WHERE channel = $1",
            &[&sql(ch)],
        )?,
        Place::Last(ch) => tx.execute(
            "UPDATE channels SET last = NULL WHERE channel = $1",
            &[&sql(ch)],
        )?,
        Place::Challenge(ch) => {
            tx.execute("DELETE FROM challenges WHERE channel = $1", &[&sql(ch)])?
        }
        Place::ChallengeRecord(id) => {
            tx.execute("DELETE FROM challenge_records WHERE id = $1", &[&sql(id)])?
        }
        Place::Rating(r) => tx.execute("DELETE FROM ratings WHERE key = $1", &[&r])?,
        Place::Key(s) => tx.execute("DELETE FROM idempotency_keys WHERE key = $1", &[&s])?,
        Place::Other => tx.execute("DELETE FROM kv WHERE key = $1", &[&k])?,
    };
    Ok(())
}

/// Writes a game record, checking its version first when asked; the channel's
/// pointers move with it (a new game claims its channel only when no other game is
/// active there).
fn game(tx: &mut Transaction<'_>, g: &GameOp) -> Result<(), StoreError> {
    let conflict = || StoreError::Conflict { id: g.id };
    let (id, ch) = (sql(g.id), sql(g.channel));
    let written = match g.expect {
        Some(Expect::At(v)) => tx.execute(
            "UPDATE games SET record = $2, channel = $3, finished = $4, version = version + 1 \
             WHERE id = $1 AND version = $5",
            &[&id, &g.bytes, &ch, &g.finished, &sql(v)],
        )?,
        Some(Expect::New) => tx.execute(
            "INSERT INTO games (id, channel, finished, version, record) \
             VALUES ($1, $3, $4, 1, $2) ON CONFLICT (id) DO NOTHING",
            &[&id, &g.bytes, &ch, &g.finished],
        )?,
        None => tx.execute(
            "INSERT INTO games (id, channel, finished, version, record) \
             VALUES ($1, $3, $4, 1, $2) ON CONFLICT (id) DO UPDATE SET \
             record = excluded.record, channel = excluded.channel, \
             finished = excluded.finished, version = games.version + 1",
            &[&id, &g.bytes, &ch, &g.finished],
        )?,
    };
    if written != 1 {
        return Err(conflict());
    }
    let active: Option<i64> = (!g.finished).then_some(id);
    let claimed = if g.expect == Some(Expect::New) {
        tx.execute(
            "INSERT INTO channels (channel, active, last) VALUES ($1, $2, $3) \
             ON CONFLICT (channel) DO UPDATE SET active = excluded.active, last = excluded.last \
             WHERE channels.active IS NULL OR channels.active = excluded.last",
            &[&ch, &active, &id],
        )?
    } else {
        tx.execute(
            "INSERT INTO channels (channel, active, last) VALUES ($1, $2, $3) \
             ON CONFLICT (channel) DO UPDATE SET active = excluded.active, last = excluded.last",
            &[&ch, &active, &id],
        )?
    };
    if claimed != 1 {
        return Err(conflict());
    }
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
        assert!(matches!(place(b"h/short"), Place::Other));
        assert_eq!(unsql(sql(u64::MAX - 3)), u64::MAX - 3);
    }
}
