//! The game service: users, channels, challenges, turn order, clocks and who may
//! see what. It knows nothing of Discord: front ends turn chat events into
//! [`api::Request`]s and the returned [`api::Reply`]s into messages.
//!
//! Every operation on one channel runs under that channel's lock, so a channel sees
//! one operation at a time while different channels run in parallel. Every action is
//! written and flushed to the store before its replies are returned.
//!
//! Owns what is asked of whom: requests in, replies out, one commit path
//! (`commit`). May import `core`, `model`, `variants`, `store`, `ratings`, `render`,
//! `engine` and `i18n`; never a front end, and it names no game.

// The service's layers, each a folder whose files import only from the layers below
// it (docs/architecture.md draws them): the door takes a request and runs the
// capability it asks for; each capability plans a change over a snapshot; reads and
// formats answer from a game and its record; plumbing commits a change through the one
// writer; the contract is what front ends send and get.
mod capabilities;
mod contract;
mod door;
mod formats;
mod plumbing;
mod reads;

pub use capabilities::conditional;
pub use capabilities::confirm;
pub use capabilities::lines;
pub use capabilities::pages;
pub use capabilities::picker;
pub use capabilities::puzzles::harvest;
pub use capabilities::review;
pub use capabilities::takeback;
pub use capabilities::tournament;
pub use contract::actions;
pub use contract::api;
pub use contract::clock;
pub use contract::front;
pub use contract::grammar;
pub use door::command;
pub use formats::fair;
pub use formats::pgn;
pub use grammar::{help_parts, help_parts_in, help_text, help_text_in};
use plumbing::commit;
use plumbing::language;
use plumbing::plan;
pub use plumbing::ratings;
pub use plumbing::record;
use plumbing::refresh;
use plumbing::writer;
use reads::queries;
pub use writer::index_record;

use crate::ratings::LadderScope;
use crate::store::{ActionKind, Challenge, GameRecord, Store, StoreError};
use crate::variants::{Game, VariantId};
use api::{ChallengeAnswer, Context, Places, Reply, Request, User};
use clock::{Clock, DAY_MS};
use rand::SeedableRng;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

/// Days per move when a challenge does not say.
pub const DEFAULT_DAYS: u32 = 3;
/// The longest time per move a challenge may ask for.
pub const MAX_DAYS: u32 = 14;
/// The largest time bank a challenge may give each player, in days.
pub const MAX_BANK_DAYS: u32 = 30;
/// Typed answers longer than this are refused before parsing.
const MAX_TEXT: usize = 200;
/// Autocomplete lists at most this many choices (Discord's limit).
pub const MAX_CHOICES: usize = 25;
/// A `/legend` text longer than this is left to its picture (chat messages are short).
const LEGEND_TEXT: usize = 1900;
/// Idempotency keys are kept this long; redeliveries come within minutes.
const KEY_RETENTION_MS: u64 = 2 * DAY_MS;
/// A channel unused this long leaves memory; its next use loads it from the store.
const IDLE_MS: u64 = 15 * 60 * 1000;

#[derive(Clone, Debug, Default)]
pub struct ServiceConfig {
    /// Fixes the randomness of new games (seeds and random colours).
    pub seed: Option<u64>,
    /// The name of this process's claims on outbox entries in a shared store: the same
    /// across restarts of one deployment slot (host, data folder, shards), so that a
    /// restarted process delivers at once what its predecessor had claimed and not
    /// delivered (`None`: a name unique to this run; others take its entries when the
    /// claims run out).
    pub claimer: Option<String>,
    /// Each server's own ladder (the default) or one ladder for all.
    pub ladder: LadderScope,
    /// The width of the `/legend` picture, as the front end draws its boards
    /// (`None`: 512 pixels).
    pub legend_size: Option<u32>,
    /// How long a challenge waits for an answer (`None`: a day; `Some(0)`: for ever).
    pub challenge_expiry_ms: Option<u64>,
    /// Each player's yearly vacation allowance in days (`None`: 30).
    pub vacation_days: Option<u32>,
    /// The web pages' address and signing key (`None`: no web pages).
    pub web: Option<pages::WebLinks>,
}

/// Each player's yearly vacation allowance when the configuration does not say.
pub const DEFAULT_VACATION_DAYS: u32 = 30;

/// How long a challenge waits for an answer when the configuration does not say.
pub const DEFAULT_CHALLENGE_EXPIRY_MS: u64 = DAY_MS;

/// A game in memory, exactly as its record says.
#[derive(Clone)]
struct Live {
    rec: GameRecord,
    game: Game,
    /// The language of the game's public messages (its server's).
    lang: crate::i18n::Lang,
}

/// The state of one channel, guarded by that channel's lock.
#[derive(Default)]
struct Slot {
    /// Pending challenges made here, oldest first.
    challenges: Vec<Challenge>,
    /// Challenges settled here lately: a late answer to one is told what became of it.
    settled: Vec<Challenge>,
    live: Option<Live>,
    /// Why the active game of this channel could not be loaded (in its server's
    /// language, as the channel is told).
    broken: Option<String>,
    /// The game that could not be loaded and whether a newer build saved it, to tell
    /// the one who acts in their own language.
    broken_game: Option<(u64, bool)>,
    /// The store failed while the game was being read (a passing failure): requests
    /// are refused with this until a read succeeds.
    unreadable: bool,
    /// The active game's id and record version as last loaded or written here
    /// (`None`: no active game); see [`refresh`].
    stored: Option<(u64, u64)>,
    /// The channel's stored challenges (settled ones too) have been read.
    challenges_loaded: bool,
}

/// A channel's slot behind its lock, shared by the operations waiting for it.
type SharedSlot = Arc<Mutex<Slot>>;

/// What an operation wants done: replies, and the new state to store first.
#[derive(Default)]
struct Change {
    replies: Vec<Reply>,
    /// Challenges to store: new pending ones, or ones settled now (with their outcome).
    challenges: Vec<Challenge>,
    /// Settled challenges to forget.
    forget: Vec<u64>,
    /// The game's new state (possibly finished).
    live: Option<Live>,
    /// What else it stores, in the same batch.
    puts: Vec<plan::Put>,
}

impl Change {
    fn reply(r: Reply) -> Change {
        Change {
            replies: vec![r],
            ..Change::default()
        }
    }

    fn acts(&self) -> bool {
        !self.challenges.is_empty() || !self.forget.is_empty() || self.live.is_some()
    }
}

type Refusal = String;

/// The service. `Send + Sync`; all methods take `&self` and may block on the disk, so
/// async front ends call them from `spawn_blocking`.
pub struct Service {
    store: Store,
    clock: Arc<dyn Clock>,
    /// Per-channel state and lock, with when it was last used (idle ones are dropped
    /// by the tick and loaded again on their next use). The outer mutex is held only to
    /// find the slot.
    channels: Mutex<HashMap<u64, (SharedSlot, u64)>>,
    /// Seeds and random colours of new games.
    seeds: Mutex<rand_chacha::ChaCha8Rng>,
    /// Channels to tell, at the next tick, that their game needs attention.
    attention: Mutex<Vec<(u64, String)>>,
    /// The computer player's own user (the bot), once the front end knows it.
    computer: Mutex<Option<User>>,
    /// The ratings. Taken after a channel's lock, never before one, so that games end
    /// (and are rated) one at a time in the order they are stamped with.
    ratings: Mutex<ratings::Ratings>,
    /// How the front end names channels (`/games`, the export's `Site`).
    places: Arc<dyn Places>,
    /// The width of the `/legend` picture.
    legend_size: u32,
    /// How long a challenge waits for an answer (0: for ever).
    challenge_expiry_ms: u64,
    /// Numbers the challenges made since the start (part of their ids).
    challenge_seq: std::sync::atomic::AtomicU64,
    /// Each player's yearly vacation allowance, in days.
    vacation_days: u32,
    /// The web pages' address and key, for `/web` and the board's link.
    web: Option<pages::WebLinks>,
    /// Events whose round ended in a change being written: their next round starts
    /// once the change's locks are released ([`Service::advance_ended_rounds`]).
    advancing: Mutex<Vec<u64>>,
    /// Held while an event's games are created: the tick and a round's last result
    /// may both start the round's games, and the second must find them written rather
    /// than open a second thread of the same name for each.
    creating_games: Mutex<()>,
    /// Channels the front end said are not server places (issue 50), as its last
    /// interaction there said: a game starting there records it.
    place_kinds: Mutex<HashMap<u64, api::PlaceKind>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding a lock leaves data that was only ever replaced whole.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The refusal when the store failed, in English (see [`store_failure_in`]).
fn store_failure(e: StoreError) -> Reply {
    store_failure_in(crate::i18n::Lang::En, e)
}

/// The refusal when the store failed, in `lang` (the actor's).
fn store_failure_in(lang: crate::i18n::Lang, e: StoreError) -> Reply {
    tracing::error!("store: {e}");
    Reply::refusal(crate::tr!(lang, "refusal-store-failed"))
}

/// The answer when a commit failed and the store could not be read to learn whether
/// it was applied: the truth, and what to do.
fn unknown_outcome(lang: crate::i18n::Lang, e: StoreError) -> Reply {
    tracing::error!("store: {e}");
    Reply::refusal(crate::tr!(lang, "refusal-store-unconfirmed"))
}

impl Service {
    /// Opens the service on a store, rebuilding every channel's state (and so the clock
    /// scheduler) from it. Games that do not replay are kept and reported.
    pub fn new(
        store: Store,
        clock: Arc<dyn Clock>,
        config: ServiceConfig,
    ) -> Result<Service, StoreError> {
        let seeds = match config.seed {
            Some(s) => rand_chacha::ChaCha8Rng::seed_from_u64(s),
            None => rand_chacha::ChaCha8Rng::from_entropy(),
        };
        let mut channels: HashMap<u64, Slot> = HashMap::new();
        let mut attention = Vec::new();
        // A store from before the challenge indexes gets them now (one pass).
        if !store.challenges_indexed()? {
            let mut puts = Vec::new();
            for (ch, mut c) in store.challenges()? {
                if c.id == 0 {
                    // Stored under its channel before challenges had ids: it gets one
                    // now (the channel held one challenge, so its id is free).
                    c.id = stable_id("challenge", &ch.to_string()) & ((1 << 53) - 1);
                    c.channel = ch;
                    puts.push(plan::Put::OldChallenge { channel: ch });
                }
                puts.push(plan::Put::Challenge(Box::new(c)));
            }
            puts.push(plan::Put::ChallengesIndexed);
            writer::write(&store, puts, plan::Durability::Flushed)?;
        }
        // The pending challenges are in memory (the clock expires them); a channel's
        // settled ones load with its game, on its first use.
        for c in store.pending_challenges()? {
            channels.entry(c.channel).or_default().challenges.push(c);
        }
        for slot in channels.values_mut() {
            slot.challenges.sort_by_key(|c| c.created_ms);
        }
        // Games load on their first use; a store from before the indexes gets them now
        // (one pass over its active games).
        if !store.games_indexed()? {
            attention = refresh::index_all(&store)?;
        }
        let ratings = ratings::Ratings::load(&store, config.ladder)?;
        // The starter set of puzzles, once per set (a fresh install has puzzles at once).
        match capabilities::puzzles::load_shipped(&store) {
            Ok(0) => {}
            Ok(n) => tracing::info!("{n} puzzles of the starter set stored"),
            Err(e) => tracing::error!("store: the starter puzzles were not stored: {e}"),
        }
        Ok(Service {
            ratings: Mutex::new(ratings),
            advancing: Mutex::new(Vec::new()),
            creating_games: Mutex::new(()),
            place_kinds: Mutex::new(HashMap::new()),
            store,
            clock,
            channels: Mutex::new(
                channels
                    .into_iter()
                    .map(|(k, v)| (k, (Arc::new(Mutex::new(v)), 0)))
                    .collect(),
            ),
            seeds: Mutex::new(seeds),
            attention: Mutex::new(attention),
            computer: Mutex::new(None),
            places: Arc::new(api::Unnamed),
            legend_size: config.legend_size.unwrap_or(512),
            challenge_expiry_ms: config
                .challenge_expiry_ms
                .unwrap_or(DEFAULT_CHALLENGE_EXPIRY_MS),
            challenge_seq: std::sync::atomic::AtomicU64::new(0),
            vacation_days: config.vacation_days.unwrap_or(DEFAULT_VACATION_DAYS),
            web: config.web,
        })
    }

    /// Lets the front end name channels in replies and exported records.
    pub fn with_places(mut self, places: Arc<dyn Places>) -> Service {
        self.places = places;
        self
    }

    /// Opens (or creates) the store in `dir` with the system clock.
    pub fn open(
        dir: impl AsRef<std::path::Path>,
        config: ServiceConfig,
    ) -> Result<Service, StoreError> {
        Service::new(Store::open(dir)?, Arc::new(clock::SystemClock), config)
    }

    /// Opens the store a URL names (`sled:PATH`, a bare path, or `postgres://...`)
    /// with the system clock.
    pub fn open_url(
        url: &crate::store::StoreUrl,
        config: ServiceConfig,
    ) -> Result<Service, StoreError> {
        let store = Store::open_claiming(url, config.claimer.as_deref())?;
        Service::new(store, Arc::new(clock::SystemClock), config)
    }

    /// Names the user that stands for the computer player: a challenge to it starts a
    /// game against the engine at once (front ends: the bot's own user).
    pub fn set_computer(&self, user: User) {
        *lock(&self.computer) = Some(user);
    }

    pub fn computer(&self) -> Option<User> {
        lock(&self.computer).clone()
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Flushes the store (shutdown).
    pub fn flush(&self) -> Result<(), StoreError> {
        writer::flush(&self.store)
    }

    /// The slot of a channel, created empty when it is not in memory: callers that
    /// read its game call [`Service::refresh`] first, which loads it.
    fn slot(&self, channel: u64) -> Arc<Mutex<Slot>> {
        let now = self.clock.now_ms();
        let mut map = lock(&self.channels);
        let entry = map.entry(channel).or_default();
        entry.1 = now;
        entry.0.clone()
    }

    /// The slot of a channel with its game loaded (or reloaded when another process
    /// changed it).
    fn loaded(&self, channel: u64) -> Arc<Mutex<Slot>> {
        let slot = self.slot(channel);
        self.refresh(&mut lock(&slot), channel);
        slot
    }

    /// The slots in memory.
    fn slots(&self) -> Vec<(u64, Arc<Mutex<Slot>>)> {
        lock(&self.channels)
            .iter()
            .map(|(k, v)| (*k, v.0.clone()))
            .collect()
    }

    /// Drops the slots nobody used for [`IDLE_MS`] that hold nothing the store does not
    /// (memory follows the games played lately, not the games stored).
    fn evict_idle(&self, now: u64) {
        lock(&self.channels).retain(|_, (slot, used)| {
            if now.saturating_sub(*used) < IDLE_MS || Arc::strong_count(slot) > 1 {
                return true;
            }
            match slot.try_lock() {
                // Pending challenges stay (the clock expires them); settled ones
                // are read again with the channel's next use.
                Ok(s) => !s.challenges.is_empty(),
                Err(_) => true,
            }
        });
    }

    /// How many channels have their game in memory now (tests, benches).
    pub fn games_in_memory(&self) -> usize {
        self.slots()
            .iter()
            .filter(|(_, s)| lock(s).live.is_some())
            .count()
    }
}

/// A stored record with its history in one entry per turn (records stored before
/// that kept one entry per answer).
fn per_turn(mut rec: GameRecord) -> GameRecord {
    rec.history = record::entries(&rec);
    rec
}

/// A user id derived from a name, stable across runs (local front end, tests).
pub fn stable_id(kind: &str, name: &str) -> u64 {
    // FNV-1a: tiny, stable, good enough to keep names apart.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in kind
        .bytes()
        .chain([b':'])
        .chain(name.to_lowercase().bytes())
    {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}
