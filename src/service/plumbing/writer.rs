//! The one writer: the only code of the service that builds a store batch or changes
//! the store. Capabilities plan [`Put`]s; [`write`] turns them into one batch and
//! commits it, flushed or lazily; the commit path of a game's change (`commit.rs`)
//! sends its whole plan here too.

use crate::service::plumbing::plan::{Durability, Put};
use crate::service::Live;
use crate::store::{Store, StoreError, Write};

/// Writes `puts` as one store batch, flushed or not.
pub(in crate::service) fn write(
    store: &Store,
    puts: Vec<Put>,
    d: Durability,
) -> Result<(), StoreError> {
    let mut w = Write::new();
    apply(&mut w, puts)?;
    match d {
        Durability::Flushed => store.commit(w),
        Durability::Lazy => store.commit_lazy(w),
    }
}

/// Writes `puts` lazily in batches of `per` (a store upgraded once: one batch could be
/// large), the last one flushed.
pub(in crate::service) fn write_in_parts(
    store: &Store,
    puts: Vec<Put>,
    per: usize,
) -> Result<(), StoreError> {
    let mut puts = puts.into_iter().peekable();
    while puts.peek().is_some() {
        let part: Vec<Put> = puts.by_ref().take(per).collect();
        let last = puts.peek().is_none();
        write(
            store,
            part,
            if last {
                Durability::Flushed
            } else {
                Durability::Lazy
            },
        )?;
    }
    Ok(())
}

/// The next game or tournament number (a stored counter, moved on at once).
pub(in crate::service) fn new_id(store: &Store) -> Result<u64, StoreError> {
    store.new_id()
}

/// Forgets the requests' idempotency keys older than `before_ms`.
pub(in crate::service) fn prune_keys(store: &Store, before_ms: u64) -> Result<usize, StoreError> {
    store.prune_keys(before_ms)
}

/// Replaces the stored ratings with `table` (derived again from the records).
pub(in crate::service) fn replace_ratings(
    store: &Store,
    table: &crate::ratings::Table,
    scope: crate::ratings::LadderScope,
) -> Result<(), StoreError> {
    store.replace_ratings(table, scope)
}

/// Adds to `w` the index entries of a game record written outside the service
/// (imports, benches), as the service writes them with each record it stores; `game`
/// is the record replayed.
pub fn index_record(
    w: &mut Write,
    rec: &crate::store::GameRecord,
    game: &crate::variants::Game,
) -> Result<(), StoreError> {
    let live = Live {
        rec: rec.clone(),
        game: game.clone(),
        lang: Default::default(),
    };
    apply(w, vec![crate::service::plumbing::plan::index(None, &live)])
}

/// Puts `puts` into the batch `w`: the one place a write kind of the service meets the
/// store's batch.
pub(in crate::service) fn apply(w: &mut Write, puts: Vec<Put>) -> Result<(), StoreError> {
    for put in puts {
        apply_one(w, put)?;
    }
    Ok(())
}

/// One [`Put`] into `w` (a table: one arm a write kind).
fn apply_one(w: &mut Write, put: Put) -> Result<(), StoreError> {
    match put {
        Put::Game { rec, expect } => w.game_checked(&rec, expect)?,
        Put::Leave { channel } => w.leave(channel),
        Put::SettleChallenge(c) => w.settle_challenge(&c)?,
        Put::DropChallenge(id) => w.drop_challenge(id),
        Put::Outbox { id, entry } => w.outbox(id, &entry)?,
        Put::Replies { key, at_ms, kept } => w.replies(&key, at_ms, kept)?,
        Put::Prefs { user, prefs } => w.prefs(user, &prefs)?,
        Put::DigestDue { user, was, due } => w.digest_due(user, was, due),
        Put::TakeDigest { user, due } => w.take_digest(user, due),
        Put::DmReminders { user, on } => w.dm_reminders(user, on),
        Put::PendingMove {
            user,
            game,
            pending,
        } => w.pending_move(user, game, pending.as_ref())?,
        Put::Vacation { user, read, next } => w.vacation(user, &read, &next)?,
        Put::VacationUnsettled { user, since } => w.vacation_unsettled(user, since),
        Put::Notes {
            game,
            user,
            read,
            lines,
        } => w.notes(game, user, &read, &lines)?,
        Put::KeepPrivate { user, at_ms, text } => w.keep_private(user, at_ms, &text),
        Put::TakePrivate(kept) => w.take_private(&kept),
        Put::Review { game, kept } => w.review(game, &kept),
        Put::Event { read, event } => w.event(read.as_deref(), &event)?,
        Put::EventGame { game, event } => w.event_game(game, event),
        Put::Challenge(c) => w.put_challenge(&c)?,
        Put::OldChallenge { channel } => w.challenge(channel, None)?,
        Put::ChallengesIndexed => w.challenges_indexed(),
        Put::Index {
            listing,
            active,
            due,
            was_due,
        } => w.index(&listing, active, due, was_due)?,
        Put::GamesIndexed => w.games_indexed(),
        Put::Undue { due, game } => w.undue(due, game),
        Put::Result(past) => w.result(&past)?,
        Put::LastOrder(order) => w.last_order(order),
        Put::LastOrderIs { order, game } => w.last_order_is(order, game),
        Put::ResultsIndexed => w.results_indexed(),
        Put::Rating { key, standing } => w.rating(&key, &standing)?,
        Put::Delivered(id) => w.delivered(id),
        Put::ServerLocale { server, code } => w.server_locale(server, &code),
        Put::UserLocale { user, code } => w.user_locale(user, &code),
        Put::ServerLanguage { server, code } => w.server_language(server, code.as_deref()),
        Put::ServerBoards { server, white } => w.server_boards_white(server, white),
        Put::ServerWeb { server, on } => w.server_web(server, on),
        Put::Seen { channel, message } => w.seen_in(channel, message),
        Put::Puzzle { read, puzzle } => w.puzzle(&read, &puzzle)?,
        Put::PuzzleBook { user, read, book } => w.puzzle_book(user, &read, &book)?,
        Put::PuzzlesLoaded { mark } => w.puzzles_loaded(&mark),
        Put::DailyPuzzle { server, read, next } => w.daily_puzzle(server, &read, &next)?,
        Put::HarvestQueued { order, game } => w.harvest_queued(order, game),
        Put::HarvestClaim {
            game,
            order,
            read,
            claim,
        } => w.harvest_claim(game, &read, &claim, order)?,
    }
    Ok(())
}

/// Waits until what was written is on disk.
pub(in crate::service) fn flush(store: &Store) -> Result<(), StoreError> {
    store.flush()
}
