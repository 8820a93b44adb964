//! The PostgreSQL backend's writes: one batch as one transaction, each key written to
//! the table its place names, a game's head and lists with their version check.

use super::{list_table, place, pointer_column, sql, unsql, Place, OUTBOX_LEASE_MS};
use crate::store::backend::{id_of, list_range, Batch, Expect, GameOp, Items, Meta, Op};
use crate::store::error::StoreError;
use crate::store::feed::PG_CHANNEL;
use postgres::{Client, Transaction};

/// Returns the bytes of keys and values sent.
pub(super) fn apply_in(
    client: &mut Client,
    batch: &Batch,
    durable: bool,
    me: &str,
) -> Result<u64, StoreError> {
    let mut tx = client.transaction()?;
    if !durable {
        tx.batch_execute("SET LOCAL synchronous_commit = off")?;
    }
    let mut written = 0;
    for op in &batch.ops {
        match op {
            Op::Put(k, v, meta) => {
                put(&mut tx, k, v, *meta, me)?;
                written += k.len() + v.len();
            }
            Op::Del(k) => {
                del(&mut tx, k)?;
                written += k.len();
            }
            Op::Game(g) => written += game(&mut tx, g)?,
            Op::Expect { key, value, id } => {
                // Writers of one key take turns (an advisory lock held to the end of the
                // transaction, so an absent row is guarded too); the second reads what
                // the first committed.
                tx.execute("SELECT pg_advisory_xact_lock($1)", &[&advisory_key(key)])?;
                let row = tx.query_opt("SELECT value FROM kv WHERE key = $1", &[&key])?;
                let stored: Option<Vec<u8>> = row.map(|r| r.get(0));
                if stored != *value {
                    return Err(StoreError::Conflict { id: *id });
                }
            }
            Op::Take { key, id } => {
                // Of two transactions taking one key, the second finds it gone.
                if del(&mut tx, key)? != 1 {
                    return Err(StoreError::Conflict { id: *id });
                }
                written += key.len();
            }
            Op::Keyed { key, at_ms, value } => {
                let meta = Meta {
                    at_ms: *at_ms,
                    ..Meta::default()
                };
                put(&mut tx, key, value, meta, me)?;
                written += key.len() + value.len();
            }
        }
    }
    notify(&mut tx, batch)?;
    // On an error the transaction is dropped, which rolls it back.
    tx.commit()?;
    Ok(written as u64)
}

/// Notifies the listeners of every process of the games the batch writes (sent by
/// the server at commit, none if it rolls back; see `store::feed`).
fn notify(tx: &mut Transaction<'_>, batch: &Batch) -> Result<(), StoreError> {
    let games: Vec<String> = batch.games().iter().map(u64::to_string).collect();
    if !games.is_empty() {
        tx.execute(
            "SELECT pg_notify($1, id) FROM unnest($2::text[]) AS t(id)",
            &[&PG_CHANNEL, &games],
        )?;
    }
    Ok(())
}

/// The advisory lock guarding writers of a general key (FNV-1a of its bytes).
fn advisory_key(key: &[u8]) -> i64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in key {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h as i64
}

/// Writes one key; an outbox entry is claimed by `me`, the writer, which delivers it.
fn put(
    tx: &mut Transaction<'_>,
    k: &[u8],
    v: &[u8],
    meta: Meta,
    me: &str,
) -> Result<(), StoreError> {
    let place = place(k);
    match place {
        Place::Outbox(id) => put_outbox(tx, id, v, me)?,
        Place::Game(id) => put_game_head(tx, id, v, meta)?,
        Place::Action(id, seq) | Place::Entry(id, seq) => {
            let (table, column) = list_table(matches!(place, Place::Action(..)));
            tx.execute(
                &format!(
                    "INSERT INTO {table} (game, seq, {column}) VALUES ($1, $2, $3) \
                     ON CONFLICT (game, seq) DO UPDATE SET {column} = excluded.{column}"
                ),
                &[&sql(id), &sql(seq), &v],
            )?;
        }
        Place::Active(ch) | Place::Last(ch) => {
            let id =
                id_of(v).ok_or_else(|| StoreError::Url("a channel pointer is not an id".into()))?;
            let column = pointer_column(&place);
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
            tx.execute(
                "INSERT INTO challenge_records (id, channel, challenge) VALUES ($1, $2, $3) \
                 ON CONFLICT (id) DO UPDATE SET channel = excluded.channel, challenge = excluded.challenge",
                &[&sql(id), &sql(meta.channel), &v],
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
            tx.execute(
                "INSERT INTO idempotency_keys (key, at_ms, replies) VALUES ($1, $2, $3) \
                 ON CONFLICT (key) DO UPDATE SET at_ms = excluded.at_ms, replies = excluded.replies",
                &[&s, &sql(meta.at_ms), &v],
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

/// An outbox entry, claimed by `me` for [`OUTBOX_LEASE_MS`].
fn put_outbox(tx: &mut Transaction<'_>, id: u64, v: &[u8], me: &str) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO outbox (id, entry, claimed_by, claimed_until) \
         VALUES ($1, $2, $3, now() + $4::bigint * interval '1 millisecond') \
         ON CONFLICT (id) DO UPDATE SET entry = excluded.entry, \
         claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until",
        &[&sql(id), &v, &me, &OUTBOX_LEASE_MS],
    )?;
    Ok(())
}

/// A raw record write: it sets no channel pointer (as on sled); its lists are written
/// apart (copies), and counted as the typed store says.
fn put_game_head(
    tx: &mut Transaction<'_>,
    id: u64,
    v: &[u8],
    meta: Meta,
) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO games (id, channel, finished, version, record, action_count, \
         history_count) VALUES ($1, $2, $3, 1, $4, $5, $6) ON CONFLICT (id) DO UPDATE SET \
         record = excluded.record, channel = excluded.channel, \
         finished = excluded.finished, version = games.version + 1, \
         action_count = excluded.action_count, history_count = excluded.history_count",
        &[
            &sql(id),
            &sql(meta.channel),
            &meta.finished,
            &v,
            &sql(meta.counts.0),
            &sql(meta.counts.1),
        ],
    )?;
    Ok(())
}

/// Removes one key; returns how many rows it was (0: it was not there).
fn del(tx: &mut Transaction<'_>, k: &[u8]) -> Result<u64, StoreError> {
    let n = match place(k) {
        Place::Game(id) => {
            tx.execute("DELETE FROM game_actions WHERE game = $1", &[&sql(id)])?;
            tx.execute("DELETE FROM game_history WHERE game = $1", &[&sql(id)])?;
            tx.execute("DELETE FROM games WHERE id = $1", &[&sql(id)])?
        }
        Place::Action(id, seq) | Place::Entry(id, seq) => {
            let (table, _) = list_table(matches!(place(k), Place::Action(..)));
            tx.execute(
                &format!("DELETE FROM {table} WHERE game = $1 AND seq = $2"),
                &[&sql(id), &sql(seq)],
            )?
        }
        Place::Active(ch) | Place::Last(ch) => {
            let column = pointer_column(&place(k));
            tx.execute(
                &format!("UPDATE channels SET {column} = NULL WHERE channel = $1"),
                &[&sql(ch)],
            )?
        }
        Place::Challenge(ch) => {
            tx.execute("DELETE FROM challenges WHERE channel = $1", &[&sql(ch)])?
        }
        Place::ChallengeRecord(id) => {
            tx.execute("DELETE FROM challenge_records WHERE id = $1", &[&sql(id)])?
        }
        Place::Rating(r) => tx.execute("DELETE FROM ratings WHERE key = $1", &[&r])?,
        Place::Key(s) => tx.execute("DELETE FROM idempotency_keys WHERE key = $1", &[&s])?,
        Place::Outbox(id) => tx.execute("DELETE FROM outbox WHERE id = $1", &[&sql(id)])?,
        Place::Other => tx.execute("DELETE FROM kv WHERE key = $1", &[&k])?,
    };
    Ok(n)
}

/// Writes a game record, checking its version first when asked; the channel's
/// pointers move with it (a new game claims its channel only when no other game is
/// active there). Of its lists only the items past those stored are sent (see
/// [`GameOp`]). Returns the bytes of keys and values sent.
fn game(tx: &mut Transaction<'_>, g: &GameOp) -> Result<usize, StoreError> {
    let conflict = || StoreError::Conflict { id: g.id };
    let (id, ch) = (sql(g.id), sql(g.channel));
    let counts = (sql(g.actions.len() as u64), sql(g.history.len() as u64));
    let Some(stored) = write_head(tx, g, counts)? else {
        return Err(conflict());
    };
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
    Ok(g.head.len() + 8 * 4 + write_lists(tx, g, counts, stored)?)
}

/// Writes a game's head row, checked as `g.expect` says; gives the action and history
/// counts stored before, or `None` on a conflict. The stored counts come back from the
/// statement that checks and writes.
fn write_head(
    tx: &mut Transaction<'_>,
    g: &GameOp,
    counts: (i64, i64),
) -> Result<Option<(i64, i64)>, StoreError> {
    let (id, ch) = (sql(g.id), sql(g.channel));
    let stored = match g.expect {
        Some(Expect::At(v)) => tx.query_opt(
            "WITH old AS (SELECT action_count, history_count FROM games \
                          WHERE id = $1 AND version = $5 FOR UPDATE) \
             UPDATE games SET record = $2, channel = $3, finished = $4, version = version + 1, \
             action_count = $6, history_count = $7 \
             FROM old WHERE games.id = $1 AND games.version = $5 \
             RETURNING old.action_count, old.history_count",
            &[&id, &g.head, &ch, &g.finished, &sql(v), &counts.0, &counts.1],
        )?,
        Some(Expect::New) => tx.query_opt(
            "INSERT INTO games (id, channel, finished, version, record, action_count, history_count) \
             VALUES ($1, $3, $4, 1, $2, $5, $6) ON CONFLICT (id) DO NOTHING \
             RETURNING 0::bigint, 0::bigint",
            &[&id, &g.head, &ch, &g.finished, &counts.0, &counts.1],
        )?,
        None => tx.query_opt(
            "WITH old AS (SELECT action_count, history_count FROM games WHERE id = $1 FOR UPDATE) \
             INSERT INTO games (id, channel, finished, version, record, action_count, history_count) \
             VALUES ($1, $3, $4, 1, $2, $5, $6) ON CONFLICT (id) DO UPDATE SET \
             record = excluded.record, channel = excluded.channel, \
             finished = excluded.finished, version = games.version + 1, \
             action_count = excluded.action_count, history_count = excluded.history_count \
             RETURNING coalesce((SELECT action_count FROM old), 0), \
                       coalesce((SELECT history_count FROM old), 0)",
            &[&id, &g.head, &ch, &g.finished, &counts.0, &counts.1],
        )?,
    };
    Ok(stored.map(|row| (row.get(0), row.get(1))))
}

/// Writes a game's action and history lists (`counts` long, `stored` long before):
/// the items past those stored, and removes any beyond the new ends. Returns the bytes
/// sent.
fn write_lists(
    tx: &mut Transaction<'_>,
    g: &GameOp,
    counts: (i64, i64),
    (stored_actions, stored_history): (i64, i64),
) -> Result<usize, StoreError> {
    let id = sql(g.id);
    let mut written = 0;
    // An unchecked write (a repair) may change any item: all are written.
    let kept = |n: i64| if g.expect.is_some() { unsql(n) } else { 0 };
    let actions = encode_items(&g.actions, kept(stored_actions), false)?;
    let history = encode_items(&g.history, kept(stored_history), true)?;
    for (actions_list, (seqs, items), stored) in [
        (true, actions, stored_actions),
        (false, history, stored_history),
    ] {
        let (table, column) = list_table(actions_list);
        let len = if actions_list { counts.0 } else { counts.1 };
        if len < stored {
            tx.execute(
                &format!("DELETE FROM {table} WHERE game = $1 AND seq >= $2"),
                &[&id, &len],
            )?;
        }
        if !items.is_empty() {
            written += items.iter().map(|i| i.len() + 16).sum::<usize>();
            tx.execute(
                &format!(
                    "INSERT INTO {table} (game, seq, {column}) \
                     SELECT $1, s, v FROM unnest($2::bigint[], $3::bytea[]) AS t(s, v) \
                     ON CONFLICT (game, seq) DO UPDATE SET {column} = excluded.{column}"
                ),
                &[&id, &seqs, &items],
            )?;
        }
    }
    Ok(written)
}

/// The items of a list a write sends (past the `stored` ones, or from the last stored
/// one when it may have changed), with their sequence numbers.
fn encode_items(
    items: &Items,
    stored: u64,
    rewrite_last: bool,
) -> Result<(Vec<i64>, Vec<Vec<u8>>), StoreError> {
    let range = list_range(stored, items.len(), rewrite_last);
    let seqs = range.clone().map(|i| sql(i as u64)).collect();
    let encoded = range
        .map(|i| items.encode(i))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((seqs, encoded))
}
