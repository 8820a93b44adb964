//! What a planned change stores: every write kind of the service is a [`Put`].
//! Capabilities plan (they read, and return replies and puts); they never build a
//! store batch: the writer (`writer.rs`) alone turns puts into one batch and commits
//! it. A test (`tests/service.rs`) keeps store batches out of every other file of the
//! service.

use crate::ratings::{Key, Standing};
use crate::service::contract::clock::due_ms;
use crate::service::Live;
use crate::store::HarvestClaim;
use crate::store::{
    Challenge, Checked, DailyPuzzle, Event, Expect, GameRecord, KeptText, Listing, Notes, PastGame,
    PendingMove, Prefs, PuzzleBook, StoredEvent, StoredPuzzle, Vacation,
};

/// One write kind of the service, with what it writes.
#[derive(Clone, Debug)]
pub(in crate::service) enum Put {
    /// A game's record, written only if the stored one is as `expect` says (else the
    /// whole write is a conflict, planned again).
    Game {
        rec: Box<GameRecord>,
        expect: Expect,
    },
    /// The game active in `channel` left it (its place was deleted).
    Leave { channel: u64 },
    /// A challenge settled now, only if still pending in the store (another process
    /// answering it at the same moment makes the write a conflict).
    SettleChallenge(Box<Challenge>),
    /// A settled challenge, forgotten.
    DropChallenge(u64),
    /// Replies kept until the front end has delivered them.
    Outbox { id: u64, entry: serde_json::Value },
    /// What a request with an idempotency key answered, for its redeliveries.
    Replies {
        key: String,
        at_ms: u64,
        kept: serde_json::Value,
    },
    /// A player's preferences.
    Prefs { user: u64, prefs: Prefs },
    /// Moves a player's digest mark from `was` to `due`.
    DigestDue {
        user: u64,
        was: Option<u64>,
        due: Option<u64>,
    },
    /// Takes the digest due at `due` (it fails whole when another process took it).
    TakeDigest { user: u64, due: u64 },
    /// Reminders by direct message on or off.
    DmReminders { user: u64, on: bool },
    /// A move waiting for its confirmation (`None`: forgotten).
    PendingMove {
        user: u64,
        game: u64,
        pending: Option<PendingMove>,
    },
    /// A player's vacation as read replaced by the next one.
    Vacation {
        user: u64,
        read: Vacation,
        next: Vacation,
    },
    /// The games do not all follow a vacation yet, asked at `since` (`None`: they do).
    VacationUnsettled { user: u64, since: Option<u64> },
    /// A player's notes on a game, checked against what was read.
    Notes {
        game: u64,
        user: u64,
        read: Notes,
        lines: Vec<String>,
    },
    /// A private text kept for a player's next command.
    KeepPrivate { user: u64, at_ms: u64, text: String },
    /// A kept private text, taken.
    TakePrivate(KeptText),
    /// A game's review, as kept.
    Review { game: u64, kept: Vec<u8> },
    /// A tournament, checked against what was read (`None`: a new one).
    Event {
        read: Option<Box<StoredEvent>>,
        event: Box<Event>,
    },
    /// Game `game` belongs to tournament `event`.
    EventGame { game: u64, event: u64 },
    /// A challenge as it is now (its message, say).
    Challenge(Box<Challenge>),
    /// A challenge kept under its channel before challenges had ids, removed.
    OldChallenge { channel: u64 },
    /// The challenges carry their indexes (a store upgraded once).
    ChallengesIndexed,
    /// A game's index entries (`was_due`: the timeout mark it replaces).
    Index {
        listing: Listing,
        active: bool,
        due: Option<u64>,
        was_due: Option<u64>,
    },
    /// The active games carry their indexes (a store upgraded once).
    GamesIndexed,
    /// A game's timeout mark, no longer due.
    Undue { due: u64, game: u64 },
    /// A finished game's result among the results.
    Result(Box<PastGame>),
    /// The order of the last game rated.
    LastOrder(u64),
    /// The order of the last game rated must still be `order` (written for `game`).
    LastOrderIs { order: Option<u64>, game: u64 },
    /// The results carry their indexes (a store upgraded once).
    ResultsIndexed,
    /// A player's rating.
    Rating { key: Key, standing: Standing },
    /// The replies of outbox entry `id` were delivered.
    Delivered(u64),
    /// A server's language as Discord reports it.
    ServerLocale { server: u64, code: String },
    /// A user's language as their interactions' `locale` says.
    UserLocale { user: u64, code: String },
    /// A server's language as its moderators chose it (`None`: Discord's).
    ServerLanguage { server: u64, code: Option<String> },
    /// Whether a server's public boards keep White at the bottom.
    ServerBoards { server: u64, white: bool },
    /// Whether a server's games have web pages.
    ServerWeb { server: u64, on: bool },
    /// The newest message a front end saw in a game's place.
    Seen { channel: u64, message: u64 },
    /// A puzzle, checked against what was read (a new one: still absent).
    Puzzle {
        read: Box<Checked<Option<StoredPuzzle>>>,
        puzzle: Box<StoredPuzzle>,
    },
    /// A player's puzzle book, checked against what was read.
    PuzzleBook {
        user: u64,
        read: Box<Checked<PuzzleBook>>,
        book: Box<PuzzleBook>,
    },
    /// A starter set of puzzles was loaded.
    PuzzlesLoaded { mark: String },
    /// A server's daily puzzle, checked against what was read.
    DailyPuzzle {
        server: u64,
        read: Box<Checked<Option<DailyPuzzle>>>,
        next: Box<DailyPuzzle>,
    },
    /// A game just finished (end order `order`) waits for the puzzle harvest.
    HarvestQueued { order: u64, game: u64 },
    /// The harvest's claim on a game, checked against what was read (its queue entry
    /// `order` dropped once the claim is done).
    HarvestClaim {
        game: u64,
        order: u64,
        read: Box<Checked<Option<HarvestClaim>>>,
        claim: Box<HarvestClaim>,
    },
}

/// How a planned write reaches the disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::service) enum Durability {
    /// On disk before anyone is told (a player acted).
    Flushed,
    /// Written, not waited for (nothing acted: a mark, a delivery, a cache).
    Lazy,
}

/// What the store's indexes keep of a game (see [`crate::store::index`]).
fn listing(live: &Live) -> Listing {
    let rec = &live.rec;
    Listing {
        id: rec.id,
        channel: rec.channel,
        server: rec.server,
        players: rec.players.clone(),
        variant: rec.variant,
        rated: rec.rated,
        turns: rec.history.len(),
        to_move: live.game.ask().map(|a| a.side),
        computer: rec.computer,
        deadline_ms: rec.clock.as_ref().and_then(|c| c.deadline_ms),
    }
}

/// The index entries of `next`, the game being written, in place of those of
/// `before`, the stored state it replaces (when it is that same game).
pub(in crate::service) fn index(before: Option<&Live>, next: &Live) -> Put {
    let was_due = before
        .filter(|b| b.rec.id == next.rec.id)
        .and_then(|b| due_ms(&b.rec));
    Put::Index {
        listing: listing(next),
        active: !next.rec.finished,
        due: due_ms(&next.rec),
        was_due,
    }
}
