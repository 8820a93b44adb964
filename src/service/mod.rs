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

pub mod api;
pub mod clock;
pub mod command;
mod commit;
pub mod conditional;
pub mod confirm;
pub mod fair;
#[cfg(test)]
mod faults;
pub mod front;
pub mod grammar;
mod language;
mod lobby;
mod notes;
pub mod pages;
pub mod pgn;
pub mod picker;
mod private;
mod queries;
pub mod ratings;
pub mod record;
mod refresh;
mod relocate;
pub mod review;
pub mod takeback;
mod timeouts;
pub mod tournament;
mod turns;
mod vacation;

pub use grammar::{help_parts, help_parts_in, help_text, help_text_in};

use queries::{legend_reply, rules_reply};
use timeouts::claim;
use turns::{abort, finish, hand, player_game};

use crate::ratings::LadderScope;
use crate::store::{ActionKind, Challenge, GameRecord, Store, StoreError, Write};
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
            let mut w = Write::new();
            for (ch, mut c) in store.challenges()? {
                if c.id == 0 {
                    // Stored under its channel before challenges had ids: it gets one
                    // now (the channel held one challenge, so its id is free).
                    c.id = stable_id("challenge", &ch.to_string()) & ((1 << 53) - 1);
                    c.channel = ch;
                    w.challenge(ch, None)?;
                }
                w.put_challenge(&c)?;
            }
            w.challenges_indexed();
            store.commit(w)?;
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
        Ok(Service {
            ratings: Mutex::new(ratings),
            advancing: Mutex::new(Vec::new()),
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
        self.store.flush()
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

    /// Handles one request and returns the replies to deliver.
    pub fn handle(&self, ctx: &Context, req: Request) -> Vec<Reply> {
        self.handle_as(ctx, false, req)
    }

    /// Handles one request of a user who may (`moderator`) or may not moderate the
    /// channel: a moderator may cancel any challenge and abort any game there.
    pub fn handle_as(&self, ctx: &Context, moderator: bool, req: Request) -> Vec<Reply> {
        self.note_guild_locale(ctx);
        let mut replies = self.handle_tries(ctx, moderator, req, refresh::RETRIES);
        replies.extend(self.advance_ended_rounds());
        let public = self.public_lang(ctx);
        language::stamp(&mut replies, Some(&ctx.user), Some(ctx.lang), public);
        replies
    }

    /// The answer to a request that needs no game of the channel (no lock taken), or
    /// the request back.
    fn without_game(
        &self,
        ctx: &Context,
        moderator: bool,
        req: Request,
    ) -> Result<Vec<Reply>, Request> {
        Ok(match req {
            Request::Rules { variant } => vec![rules_reply(variant, ctx.lang)],
            Request::Legend { variant } => {
                let shown = variant.or_else(|| {
                    let slot = self.loaded(ctx.channel);
                    let slot = lock(&slot);
                    slot.live.as_ref().map(|l| l.rec.variant)
                });
                vec![legend_reply(shown, self.legend_size, ctx.lang)]
            }
            Request::Help => help_parts_in(ctx.lang)
                .into_iter()
                .map(Reply::invoker)
                .collect(),
            Request::Games(scope) => vec![self.games(ctx, scope)],
            Request::Profile { user } => vec![self.profile(ctx, user)],
            Request::Leaderboard { variant } => {
                vec![lock(&self.ratings).leaderboard(
                    ctx,
                    variant.unwrap_or(VariantId::DEFAULT),
                    self.clock.now_ms(),
                )]
            }
            Request::Reminders { dm } => vec![self.set_dm_reminders(ctx, dm)],
            Request::Settings(change) => vec![self.settings(ctx, change)],
            Request::CancelMove { game } => vec![self.cancel_move(ctx, game)],
            Request::Vacation { on } => self.vacation(ctx, on),
            Request::Review { game } => self.review_request(ctx, game),
            Request::ServerWeb { on } => vec![self.server_web(ctx, moderator, on)],
            Request::ServerBoards { white } => {
                vec![self.server_boards(ctx, moderator, white)]
            }
            Request::ServerLanguage { lang } => {
                vec![self.server_language(ctx, moderator, lang)]
            }
            Request::Tournament { action, event } => self.tournament(ctx, moderator, event, action),
            other => return Err(other),
        })
    }

    /// [`Service::handle_as`], re-run up to `tries` times when another process sharing
    /// the store changed the game meanwhile.
    fn handle_tries(&self, ctx: &Context, moderator: bool, req: Request, tries: u32) -> Vec<Reply> {
        let req = match self.without_game(ctx, moderator, req) {
            Ok(replies) => return replies,
            Err(req) => req,
        };
        let slot = self.slot(ctx.channel);
        let mut slot = lock(&slot);
        self.refresh(&mut slot, ctx.channel);
        // The server's language may have been set meanwhile.
        let public = self.public_lang(ctx);
        if let Some(live) = slot.live.as_mut() {
            live.lang = public;
        }
        let again = req.clone();
        if let Some(k) = &ctx.key {
            match self.store.replies(k) {
                Ok(Some(stored)) => return self.redelivered(ctx.lang, stored),
                Ok(None) => {}
                Err(e) => return vec![store_failure_in(ctx.lang, e)],
            }
        }
        let now = self.clock.now_ms();
        let mut change = match self.act(&slot, ctx, moderator, req, now) {
            Ok(c) => c,
            Err(refusal) => Change::reply(Reply::refusal(refusal)),
        };
        if let Some(computer) = self.computer() {
            // The computer reads its secrets from the game, never from a message.
            change
                .replies
                .retain(|r| !matches!(&r.to, api::Audience::Private(u) if u.id == computer.id));
        }
        let at = commit::Origin {
            channel: ctx.channel,
            actor: Some(&ctx.user),
            key: ctx.key.as_deref(),
            lang: Some(ctx.lang),
            server: ctx.server,
        };
        match self.commit_change(&mut slot, &at, change, now) {
            Ok(replies) => replies,
            Err(commit::Unwritten::Conflict) => {
                // Another process changed the game: run the request again on its state.
                drop(slot);
                if tries == 0 {
                    return vec![Reply::refusal(crate::tr!(ctx.lang, "refusal-game-busy"))];
                }
                self.handle_tries(ctx, moderator, again, tries - 1)
            }
            Err(commit::Unwritten::Store(e)) => vec![store_failure_in(ctx.lang, e)],
            Err(commit::Unwritten::Unknown(e)) => vec![unknown_outcome(ctx.lang, e)],
        }
    }

    /// The answer to a request whose key was handled before (a redelivery): its
    /// replies again while they wait in the outbox, a short note once delivered.
    fn redelivered(&self, lang: crate::i18n::Lang, stored: serde_json::Value) -> Vec<Reply> {
        let done = || vec![Reply::refusal(crate::tr!(lang, "refusal-already-handled"))];
        // A change: its replies again while they wait in the outbox.
        if let Some(outbox) = stored.get("outbox") {
            let Some(id) = outbox.as_u64() else {
                return done();
            };
            return match self.store.outbox_entry(id) {
                Ok(Some(entry)) => serde_json::from_value::<api::Pending>(entry)
                    .map(|p| p.replies)
                    .unwrap_or_else(|_| done()),
                Ok(None) => done(),
                Err(e) => vec![store_failure_in(lang, e)],
            };
        }
        // Replies stored by an older build may no longer decode: the request was
        // handled then, so it is not acted on again.
        let Ok(replies) = serde_json::from_value::<Vec<Reply>>(stored) else {
            return done();
        };
        match replies.iter().find_map(|r| r.outbox) {
            // Replies of a look-up: shown again, nothing changes.
            None => replies,
            Some(id) => match self.store.outbox_pending(id) {
                Ok(true) => replies,
                Ok(false) => done(),
                Err(e) => vec![store_failure_in(lang, e)],
            },
        }
    }

    /// The replies still waiting in the outbox (delivered at start after a crash).
    pub fn outbox(&self) -> Vec<api::Pending> {
        match self.store.outbox() {
            Ok(entries) => entries
                .into_iter()
                .filter_map(|(id, v)| {
                    serde_json::from_value(v)
                        .map_err(|e| tracing::error!("outbox entry {id} is unreadable: {e}"))
                        .ok()
                })
                .collect(),
            Err(e) => {
                tracing::error!("store: {e}");
                Vec::new()
            }
        }
    }

    /// The front end has delivered the replies of outbox entry `id`.
    pub fn delivered(&self, id: u64) {
        let mut w = Write::new();
        w.delivered(id);
        // Not flushed: after a crash the entry is delivered again (at least once).
        if let Err(e) = self.store.commit_lazy(w) {
            tracing::error!("store: {e}");
        }
    }

    /// The change `req` makes on the channel's `slot` at `now`, or why it makes none
    /// (`moderator`: the invoker may moderate the channel).
    fn act(
        &self,
        slot: &Slot,
        ctx: &Context,
        moderator: bool,
        req: Request,
        now: u64,
    ) -> Result<Change, Refusal> {
        usable(slot, ctx.lang)?;
        let challenge = |opponent, variant, color, days, options, rated| {
            self.challenge(
                slot, ctx, opponent, variant, color, days, options, rated, now,
            )
        };
        let answer = |answer, target| self.answer(slot, ctx, moderator, answer, target, now);
        match req {
            Request::Challenge {
                opponent,
                variant,
                color,
                days,
                options,
                rated,
            } => challenge(Some(opponent), variant, color, days, options, rated),
            Request::OpenChallenge {
                variant,
                color,
                days,
                options,
                rated,
            } => challenge(None, variant, color, days, options, rated),
            Request::Accept => answer(ChallengeAnswer::Accept, None),
            Request::Decline => answer(ChallengeAnswer::Decline, None),
            Request::Cancel => answer(ChallengeAnswer::Cancel, None),
            Request::Answer { answer: a, target } => answer(a, Some(target)),
            Request::Move { text } => self.move_or_confirm(slot, ctx, &text, now),
            Request::ConfirmMove { game, ply } => self.confirm_move(slot, ctx, game, ply, now),
            Request::Pick { game, ply, path } => self.pick(slot, ctx, game, ply, &path),
            Request::PickPlay { game, ply, path } => {
                self.pick_play(slot, ctx, game, ply, &path, now)
            }
            Request::Board => self.board(slot, ctx, now),
            Request::Note { text } => self.note(slot, ctx, text.as_deref()),
            Request::Conditional { text } => self.conditional(slot, ctx, text.as_deref()),
            Request::Takeback(action) => player_game(slot, ctx)
                .and_then(|(live, _)| takeback::takeback(live, ctx, action, now)),
            Request::History => self.history(slot, ctx),
            Request::Export => self.export(slot, ctx),
            Request::Resign => player_game(slot, ctx)
                .and_then(|(live, side)| finish(live, ActionKind::Resign { side }, now)),
            Request::Draw(action) => self.draw(slot, ctx, action, now),
            Request::Abort => abort(slot, ctx, moderator, now),
            Request::Claim => claim(slot, ctx, now),
            Request::OnGame { game, request } => {
                self.on_game(slot, ctx, moderator, game, *request, now)
            }
            Request::Rematch => self.rematch(slot, ctx, now),
            Request::Hand => hand(slot, ctx),
            Request::Web => self.web_links(slot, ctx),
            // Answered before the channel lock is taken (`without_game`).
            Request::Rules { .. }
            | Request::Legend { .. }
            | Request::Help
            | Request::Games(_)
            | Request::Profile { .. }
            | Request::Leaderboard { .. }
            | Request::Reminders { .. }
            | Request::Settings(_)
            | Request::CancelMove { .. }
            | Request::Vacation { .. }
            | Request::Review { .. }
            | Request::ServerWeb { .. }
            | Request::ServerBoards { .. }
            | Request::ServerLanguage { .. }
            | Request::Tournament { .. } => Err(crate::tr!(ctx.lang, "refusal-needs-no-game")),
        }
    }

    /// A press on a game's button: acted on only while that game is the one played
    /// here (a rematch: the last one played here).
    fn on_game(
        &self,
        slot: &Slot,
        ctx: &Context,
        moderator: bool,
        game: u64,
        request: Request,
        now: u64,
    ) -> Result<Change, Refusal> {
        let current = match &slot.live {
            Some(live) => Some(live.rec.id),
            None => self.store.last_game(ctx.channel).ok().flatten(),
        };
        let allowed = matches!(
            request,
            Request::Resign | Request::Draw(_) | Request::Hand | Request::Rematch
        );
        if current != Some(game) || !allowed {
            return Err(crate::tr!(ctx.lang, "refusal-button-gone"));
        }
        if request != Request::Rematch && slot.live.is_none() {
            return Err(crate::tr!(ctx.lang, "refusal-game-ended"));
        }
        self.act(slot, ctx, moderator, request, now)
    }
}

/// Ok while the channel's `slot` can be acted on; else why not, in `lang`: its game's
/// record is broken (or too new for this build), or the store is not answering.
fn usable(slot: &Slot, lang: crate::i18n::Lang) -> Result<(), Refusal> {
    if let Some(msg) = &slot.broken {
        return Err(match slot.broken_game {
            Some((id, too_new)) => refresh::broken_text(lang, id, too_new),
            None => msg.clone(),
        });
    }
    if slot.unreadable {
        return Err(crate::tr!(lang, "refusal-store-not-answering"));
    }
    Ok(())
}

/// A stored record with its history in one entry per turn (records stored before
/// that kept one entry per answer).
fn per_turn(mut rec: GameRecord) -> GameRecord {
    rec.history = record::entries(&rec);
    rec
}

/// Adds to `w` the index entries of a game record written outside the service
/// (imports, benches), as the service writes them with each record it stores; `game`
/// is the record replayed.
pub fn index_record(w: &mut Write, rec: &GameRecord, game: &Game) -> Result<(), StoreError> {
    let live = Live {
        rec: rec.clone(),
        game: game.clone(),
        lang: Default::default(),
    };
    refresh::index(w, None, &live)
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
