//! The game service: users, channels, challenges, turn order, clocks and who may
//! see what. It knows nothing of Discord: front ends turn chat events into
//! [`api::Request`]s and the returned [`api::Reply`]s into messages.
//!
//! Every operation on one channel runs under that channel's lock, so a channel sees
//! one operation at a time while different channels run in parallel. Every action is
//! written and flushed to the store before its replies are returned.

pub mod api;
pub mod clock;
pub mod command;
pub mod fair;
pub mod ratings;
pub mod record;

use crate::core::view::{View, Viewer};
use crate::core::Side;
use crate::ratings::LadderScope;
use crate::store::{
    Action, ActionKind, Challenge, ComputerSeat, GameRecord, Store, StoreError, TurnClock, Write,
    FORMAT_VERSION,
};
use crate::variants::{example_game, rules_text, Game, Options, Played, VariantId};
use api::{
    ColorChoice, Context, DrawAction, GamesScope, Places, Reply, ReplyKind, Request, TimedReply,
    User,
};
use clock::{describe_duration, timeout_policy, Clock, TimeoutPolicy, DAY_MS};
use rand::{Rng, SeedableRng};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

/// Days per move when a challenge does not say.
pub const DEFAULT_DAYS: u32 = 3;
/// The longest time per move a challenge may ask for.
pub const MAX_DAYS: u32 = 14;
/// Typed answers longer than this are refused before parsing.
const MAX_TEXT: usize = 200;
/// Autocomplete lists at most this many choices (Discord's limit).
pub const MAX_CHOICES: usize = 25;
/// A `/legend` text longer than this is left to its picture (chat messages are short).
const LEGEND_TEXT: usize = 1900;
/// Idempotency keys are kept this long; redeliveries come within minutes.
const KEY_RETENTION_MS: u64 = 2 * DAY_MS;

#[derive(Clone, Debug, Default)]
pub struct ServiceConfig {
    /// Fixes the randomness of new games (seeds and random colours).
    pub seed: Option<u64>,
    /// Each server's own ladder (the default) or one ladder for all.
    pub ladder: LadderScope,
}

/// A game in memory, exactly as its record says.
#[derive(Clone)]
struct Live {
    rec: GameRecord,
    game: Game,
}

/// The state of one channel, guarded by that channel's lock.
#[derive(Default)]
struct Slot {
    challenge: Option<Challenge>,
    live: Option<Live>,
    /// Why the active game of this channel could not be loaded.
    broken: Option<String>,
}

/// What an operation wants done: replies, and the new state to store first.
#[derive(Default)]
struct Change {
    replies: Vec<Reply>,
    /// `Some(x)`: the channel's challenge becomes `x`.
    challenge: Option<Option<Challenge>>,
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
        self.challenge.is_some() || self.live.is_some()
    }
}

type Refusal = String;

/// The service. `Send + Sync`; all methods take `&self` and may block on the disk, so
/// async front ends call them from `spawn_blocking`.
pub struct Service {
    store: Store,
    clock: Arc<dyn Clock>,
    /// Per-channel state and lock. The outer mutex is held only to find the slot.
    channels: Mutex<HashMap<u64, Arc<Mutex<Slot>>>>,
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
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding a lock leaves data that was only ever replaced whole.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn store_failure(e: StoreError) -> Reply {
    tracing::error!("store: {e}");
    Reply::refusal("The game store failed, so nothing was changed; please try again later.")
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
        for (ch, c) in store.challenges()? {
            channels.entry(ch).or_default().challenge = Some(c);
        }
        for (ch, id) in store.active_games()? {
            let slot = channels.entry(ch).or_default();
            let loaded = store.game(id).and_then(|r| match r {
                Some(rec) => rec.replay().map(|game| Live {
                    rec: per_turn(rec),
                    game,
                }),
                None => Err(StoreError::Replay {
                    id,
                    reason: "the record is missing".to_string(),
                }),
            });
            match loaded {
                Ok(live) => slot.live = Some(live),
                Err(e) => {
                    tracing::error!("channel {ch}: {e}");
                    let msg = match e {
                        StoreError::TooNew { .. } => format!(
                            "The game in this channel needs attention: it was saved by a newer \
                             version of Arcana (game {id}), so it is paused until the bot is \
                             upgraded again."
                        ),
                        _ => format!(
                            "The game in this channel needs attention: its record could not \
                             be loaded (game {id}), so it is paused until the operator repairs \
                             it."
                        ),
                    };
                    slot.broken = Some(msg.clone());
                    attention.push((ch, msg));
                }
            }
        }
        let ratings = ratings::Ratings::load(&store, config.ladder)?;
        Ok(Service {
            ratings: Mutex::new(ratings),
            store,
            clock,
            channels: Mutex::new(
                channels
                    .into_iter()
                    .map(|(k, v)| (k, Arc::new(Mutex::new(v))))
                    .collect(),
            ),
            seeds: Mutex::new(seeds),
            attention: Mutex::new(attention),
            computer: Mutex::new(None),
            places: Arc::new(api::Unnamed),
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

    /// Names the user that stands for the computer player: a challenge to it starts a
    /// game against the engine at once (front ends: the bot's own user).
    pub fn set_computer(&self, user: User) {
        *lock(&self.computer) = Some(user);
    }

    pub fn computer(&self) -> Option<User> {
        lock(&self.computer).clone()
    }

    /// Channels whose game waits for the computer's answer now.
    pub fn computer_channels(&self) -> Vec<u64> {
        let mut out: Vec<u64> = self
            .slots()
            .into_iter()
            .filter(|(_, slot)| lock(slot).live.as_ref().is_some_and(computer_asked))
            .map(|(ch, _)| ch)
            .collect();
        out.sort_unstable();
        out
    }

    /// The generic hook of games against the computer: when the game in `channel` asks
    /// the computer, searches for its answer and plays it through [`Service::handle`]
    /// as the computer's own `Request::Move`, returning the replies a human's move would
    /// give. `None` when nothing was played. The search takes up to seconds and holds no
    /// lock meanwhile: front ends run this on a blocking pool, one search per core.
    pub fn computer_turn(&self, channel: u64) -> Option<Vec<Reply>> {
        let (game, seat, user, server, seed) = {
            let slot = self.slot(channel);
            let slot = lock(&slot);
            let live = slot.live.as_ref().filter(|l| computer_asked(l))?;
            let seat = live.rec.computer?;
            (
                live.game.clone(),
                seat,
                live.rec.player(seat.side).clone(),
                live.rec.server,
                // Reproducible, and independent of the game's own (secret) seed.
                stable_id(
                    "engine",
                    &format!("{}:{}", live.rec.id, live.rec.actions.len()),
                ),
            )
        };
        let settings = crate::engine::Settings::new(seat.level, seed);
        let decision = crate::engine::decide(&game, seat.side, &settings)?;
        let ctx = Context {
            user,
            channel,
            server,
            key: None,
        };
        let replies = self.handle(
            &ctx,
            Request::Move {
                text: decision.text.clone(),
            },
        );
        if replies.iter().any(|r| r.kind == ReplyKind::Refusal) {
            // The game moved on meanwhile (a resignation, another worker): nothing played.
            tracing::warn!(
                "channel {channel}: computer answer `{}` refused",
                decision.text
            );
            return None;
        }
        Some(replies)
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Flushes the store (shutdown).
    pub fn flush(&self) -> Result<(), StoreError> {
        self.store.flush()
    }

    fn slot(&self, channel: u64) -> Arc<Mutex<Slot>> {
        lock(&self.channels).entry(channel).or_default().clone()
    }

    fn slots(&self) -> Vec<(u64, Arc<Mutex<Slot>>)> {
        lock(&self.channels)
            .iter()
            .map(|(k, v)| (*k, v.clone()))
            .collect()
    }

    /// Handles one request and returns the replies to deliver.
    pub fn handle(&self, ctx: &Context, req: Request) -> Vec<Reply> {
        match req {
            Request::Rules { variant } => return vec![rules_reply(variant)],
            Request::Legend { variant } => {
                let shown = variant.or_else(|| {
                    let slot = self.slot(ctx.channel);
                    let slot = lock(&slot);
                    slot.live.as_ref().map(|l| l.rec.variant)
                });
                return vec![legend_reply(shown)];
            }
            Request::Help => return vec![Reply::invoker(help_text())],
            Request::Games(scope) => return vec![self.games(ctx, scope)],
            Request::Profile { user } => return vec![self.profile(ctx, user)],
            Request::Leaderboard { variant } => {
                return vec![
                    lock(&self.ratings).leaderboard(ctx, variant.unwrap_or(VariantId::DEFAULT))
                ]
            }
            _ => {}
        }
        let slot = self.slot(ctx.channel);
        let mut slot = lock(&slot);
        if let Some(k) = &ctx.key {
            match self.store.replies(k) {
                Ok(Some(stored)) => {
                    // Replies stored by an older build may no longer decode: the
                    // request was handled then, so it is not acted on again.
                    return serde_json::from_value(stored).unwrap_or_else(|_| {
                        vec![Reply::refusal(
                            "This request was already handled; its answer was given then.",
                        )]
                    });
                }
                Ok(None) => {}
                Err(e) => return vec![store_failure(e)],
            }
        }
        let now = self.clock.now_ms();
        let mut change = match self.act(&slot, ctx, req, now) {
            Ok(c) => c,
            Err(refusal) => Change::reply(Reply::refusal(refusal)),
        };
        if let Some(computer) = self.computer() {
            // The computer reads its secrets from the game, never from a message.
            change
                .replies
                .retain(|r| !matches!(&r.to, api::Audience::Private(u) if u.id == computer.id));
        }
        let mut write = Write::new();
        // A game that ends here is rated in the same batch as its finishing record.
        let mut ratings = None;
        let built = (|| -> Result<(), StoreError> {
            if let Some(c) = &change.challenge {
                write.challenge(ctx.channel, c.as_ref())?;
            }
            if let Some(live) = &mut change.live {
                ratings = self.seal(live, &mut write)?;
                write.game(&live.rec)?;
            }
            if let Some(k) = &ctx.key {
                write.replies(k, now, serde_json::to_value(&change.replies)?)?;
            }
            Ok(())
        })();
        let committed = built.and_then(|()| {
            if change.acts() {
                self.store.commit(write)
            } else if ctx.key.is_some() {
                self.store.commit_lazy(write)
            } else {
                Ok(())
            }
        });
        if let Err(e) = committed {
            return vec![store_failure(e)];
        }
        if let Some((mut guard, sealed)) = ratings {
            guard.keep(sealed);
        }
        if let Some(c) = change.challenge {
            slot.challenge = c;
        }
        if let Some(live) = change.live {
            slot.live = (!live.rec.finished).then_some(live);
        }
        change.replies
    }

    /// For a game that has just ended: takes the ratings lock, stamps the record with
    /// its end (and rating change) and puts the new ratings into `write`. The caller
    /// keeps the result once `write` is committed.
    #[allow(clippy::type_complexity)]
    fn seal(
        &self,
        live: &mut Live,
        write: &mut Write,
    ) -> Result<Option<(MutexGuard<'_, ratings::Ratings>, ratings::Sealed)>, StoreError> {
        if !live.rec.finished || live.rec.end.is_some() {
            return Ok(None);
        }
        let guard = lock(&self.ratings);
        let sealed = guard.seal(&mut live.rec, &live.game, write)?;
        Ok(Some((guard, sealed)))
    }

    fn profile(&self, ctx: &Context, user: Option<User>) -> Reply {
        let user = user.unwrap_or_else(|| ctx.user.clone());
        let (mut lines, global) = {
            let r = lock(&self.ratings);
            (
                r.profile(ctx, user.id, &user.name),
                r.scope == LadderScope::Global,
            )
        };
        let mut current = Vec::new();
        for (_, slot) in self.slots() {
            let slot = lock(&slot);
            let Some(live) = &slot.live else { continue };
            if live.rec.side_of(user.id).is_some() && (global || live.rec.server == ctx.server) {
                let to_move = asked_user(live).map(|u| u.name);
                current.push((
                    live.rec.id,
                    ratings::current_game_line(&live.rec, user.id, to_move.as_deref()),
                ));
            }
        }
        current.sort();
        if !current.is_empty() {
            // After the ratings, before the last results.
            let at = lines
                .iter()
                .position(|l| l == "Last results:")
                .unwrap_or(lines.len());
            let mut block = vec!["Current games:".to_string()];
            block.extend(current.into_iter().map(|(_, l)| l));
            lines.splice(at..at, block);
        }
        Reply::invoker(lines.join("\n"))
    }

    fn act(&self, slot: &Slot, ctx: &Context, req: Request, now: u64) -> Result<Change, Refusal> {
        if let Some(msg) = &slot.broken {
            return Err(msg.clone());
        }
        match req {
            Request::Challenge {
                opponent,
                variant,
                color,
                days,
                options,
                rated,
            } => self.challenge(
                slot, ctx, opponent, variant, color, days, options, rated, now,
            ),
            Request::Accept => self.accept(slot, ctx, now),
            Request::Decline => {
                let c = pending(slot, "decline")?;
                if c.opponent.id != ctx.user.id {
                    return Err(format!(
                        "Only {} can decline this challenge.",
                        c.opponent.name
                    ));
                }
                Ok(Change {
                    replies: vec![Reply::channel(format!(
                        "{} declines {}'s challenge.",
                        c.opponent.name, c.challenger.name
                    ))],
                    challenge: Some(None),
                    live: None,
                })
            }
            Request::Cancel => {
                let c = pending(slot, "cancel")?;
                if c.challenger.id != ctx.user.id {
                    return Err(format!(
                        "Only {} can cancel this challenge.",
                        c.challenger.name
                    ));
                }
                Ok(Change {
                    replies: vec![Reply::channel(format!(
                        "{} withdraws the challenge to {}.",
                        c.challenger.name, c.opponent.name
                    ))],
                    challenge: Some(None),
                    live: None,
                })
            }
            Request::Move { text } => self.play(slot, ctx, &text, now),
            Request::Board => {
                let live = self.shown_game(slot, ctx.channel)?;
                Ok(Change::reply(board_reply(&live, ctx.user.id, now)))
            }
            Request::History => {
                let live = self.shown_game(slot, ctx.channel)?;
                let mut lines = vec![title_line(&live.rec)];
                let moves = record::history_lines(&record::entries(&live.rec));
                if moves.is_empty() {
                    lines.push("No moves yet.".to_string());
                }
                lines.extend(moves);
                lines.extend(record::closing_line(&live.rec, &live.game));
                Ok(Change::reply(Reply::invoker(lines.join("\n"))))
            }
            Request::Export => {
                let live = self.shown_game(slot, ctx.channel)?;
                let site = self.places.site(live.rec.server, live.rec.channel);
                let text = record::export_text(&live.rec, &live.game, site.as_deref());
                let mut r = Reply::invoker(format!("The record of game {}.", live.rec.id));
                r.attachments.push(api::Attachment {
                    name: format!("arcana-{}-{}.pgn", live.rec.variant.id(), live.rec.id),
                    bytes: text.into_bytes(),
                });
                // Beside it, the game as an animation, from the invoker's side.
                let bottom = live.rec.side_of(ctx.user.id).unwrap_or(Side::White);
                match record::animation(&live.rec, public_view(&live), bottom) {
                    Ok(gif) => r.attachments.push(api::Attachment {
                        name: format!("arcana-{}-{}.gif", live.rec.variant.id(), live.rec.id),
                        bytes: gif,
                    }),
                    Err(e) => tracing::error!("game {}: animation failed: {e}", live.rec.id),
                }
                Ok(Change::reply(r))
            }
            Request::Resign => {
                let (live, side) = player_game(slot, ctx)?;
                finish(live, ActionKind::Resign { side }, now)
            }
            Request::Draw(action) => self.draw(slot, ctx, action, now),
            Request::Abort => {
                let (live, side) = player_game(slot, ctx)?;
                let moved = |s: Side| {
                    live.rec
                        .actions
                        .iter()
                        .any(|a| matches!(&a.kind, ActionKind::Play { side, .. } if *side == s))
                };
                if moved(Side::White) && moved(Side::Black) {
                    return Err(
                        "Too late to abort: both sides have moved; you can `/resign` or offer a draw."
                            .to_string(),
                    );
                }
                finish(live, ActionKind::Abort { side }, now)
            }
            Request::Claim => {
                let (live, side) = player_game(slot, ctx)?;
                let ask = live.game.ask().ok_or("The game is over.")?;
                if ask.side == side {
                    return Err(
                        "You can only claim on time when your opponent is to move.".to_string()
                    );
                }
                let deadline = live
                    .rec
                    .clock
                    .as_ref()
                    .and_then(|c| c.deadline_ms)
                    .ok_or("This game has no time limit, so there is nothing to claim.")?;
                if now < deadline {
                    return Err(format!(
                        "{} still has {} to move.",
                        live.rec.player(ask.side).name,
                        describe_duration(deadline - now)
                    ));
                }
                match timeout_policy(live.rec.variant) {
                    TimeoutPolicy::OpponentMayClaim => {
                        finish(live, ActionKind::TimeoutClaim { side }, now)
                    }
                    TimeoutPolicy::PassTurn => Err(
                        "In this variant a turn whose time runs out passes; there is no win to claim."
                            .to_string(),
                    ),
                }
            }
            Request::Hand => {
                let (live, side) = player_game(slot, ctx)?;
                let text = live
                    .game
                    .secret(side)
                    .unwrap_or_else(|| "You have no secret information in this game.".to_string());
                Ok(Change::reply(Reply::invoker(secret_text(&live.rec, &text))))
            }
            Request::Rules { .. }
            | Request::Legend { .. }
            | Request::Help
            | Request::Games(_)
            | Request::Profile { .. }
            | Request::Leaderboard { .. } => {
                // Answered before the channel lock is taken.
                Err("That request needs no game.".to_string())
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn challenge(
        &self,
        slot: &Slot,
        ctx: &Context,
        opponent: User,
        variant: VariantId,
        color: ColorChoice,
        days: Option<u32>,
        options: Options,
        rated: bool,
        now: u64,
    ) -> Result<Change, Refusal> {
        if let Some(live) = &slot.live {
            return Err(format!(
                "This channel already has a game ({}); finish it (a player can `/resign`, or \
                 `/abort` before both sides have moved) or play in another channel.",
                players_line(&live.rec)
            ));
        }
        if let Some(c) = &slot.challenge {
            return Err(if c.challenger.id == ctx.user.id {
                "You already have an open challenge here; `/cancel` it first.".to_string()
            } else {
                format!(
                    "{} has already challenged {} here; wait for the answer or use another channel.",
                    c.challenger.name, c.opponent.name
                )
            });
        }
        if opponent.id == ctx.user.id {
            return Err("You cannot challenge yourself.".to_string());
        }
        let computer = self.computer();
        let against_computer = computer.as_ref().is_some_and(|c| c.id == opponent.id);
        if computer.as_ref().is_some_and(|c| c.id == ctx.user.id) {
            return Err("The computer does not challenge anyone.".to_string());
        }
        let mut options = options;
        let level = match options.remove("level") {
            None => crate::engine::DEFAULT_LEVEL,
            Some(_) if !against_computer => {
                return Err(format!(
                    "`level` sets the computer's strength; it applies only to a challenge to {}.",
                    computer.map_or_else(|| "the computer".to_string(), |c| c.name)
                ))
            }
            Some(l) => crate::engine::parse_level(&l)?,
        };
        let days = days.unwrap_or(DEFAULT_DAYS);
        if days > MAX_DAYS {
            return Err(format!(
                "Days per move must be between 1 and {MAX_DAYS}, or 0 for no limit."
            ));
        }
        // Validates the variant and its options before anyone accepts.
        Game::new(variant, &options, 0)?;
        let c = Challenge {
            challenger: ctx.user.clone(),
            opponent: opponent.clone(),
            server: ctx.server,
            variant,
            color,
            days,
            options,
            created_ms: now,
            rated,
        };
        if against_computer {
            // No acceptance to wait for: the game starts at once.
            return self.start_game(&c, ctx, now, Some(level));
        }
        let colour = match color {
            ColorChoice::White => format!("{} plays White", c.challenger.name),
            ColorChoice::Black => format!("{} plays Black", c.challenger.name),
            ColorChoice::Random => "colours drawn at random".to_string(),
        };
        let mut r = Reply::channel(format!(
            "{} challenges {} to {}{} ({colour}, {}, {}). {}: `/accept` or `/decline`.",
            c.challenger.name,
            c.opponent.name,
            variant.name(),
            options_text(&c.options),
            days_text(days),
            rated_text(rated),
            c.opponent.name
        ));
        r.kind = ReplyKind::Challenge {
            challenged: opponent.clone(),
        };
        r.mention = vec![opponent];
        Ok(Change {
            replies: vec![r],
            challenge: Some(Some(c)),
            live: None,
        })
    }

    fn accept(&self, slot: &Slot, ctx: &Context, now: u64) -> Result<Change, Refusal> {
        let c = pending(slot, "accept")?;
        if c.opponent.id != ctx.user.id {
            return Err(format!(
                "Only {} can accept this challenge.",
                c.opponent.name
            ));
        }
        self.start_game(c, ctx, now, None)
    }

    /// Starts the game of challenge `c`; `computer` is the computer's level when the
    /// opponent is the computer.
    fn start_game(
        &self,
        c: &Challenge,
        ctx: &Context,
        now: u64,
        computer: Option<u8>,
    ) -> Result<Change, Refusal> {
        let (seed, challenger_white) = {
            let mut rng = lock(&self.seeds);
            let seed: u64 = rng.gen();
            let white = match c.color {
                ColorChoice::White => true,
                ColorChoice::Black => false,
                ColorChoice::Random => rng.gen(),
            };
            (seed, white)
        };
        let game = Game::new(c.variant, &c.options, seed)?;
        let id = self.store.new_id().map_err(|e| {
            tracing::error!("store: {e}");
            "The game store failed, so nothing was changed; please try again later.".to_string()
        })?;
        let players = if challenger_white {
            [c.challenger.clone(), c.opponent.clone()]
        } else {
            [c.opponent.clone(), c.challenger.clone()]
        };
        let mut rec = GameRecord {
            format: FORMAT_VERSION,
            id,
            channel: ctx.channel,
            server: c.server.or(ctx.server),
            players,
            variant: c.variant,
            options: c.options.clone(),
            seed,
            days: c.days,
            created_ms: now,
            actions: Vec::new(),
            history: Vec::new(),
            clock: None,
            draw_offer: None,
            finished: false,
            computer: computer.map(|level| ComputerSeat {
                side: if challenger_white {
                    Side::Black
                } else {
                    Side::White
                },
                level,
            }),
            rated: c.rated && computer.is_none(),
            end: None,
        };
        rec.clock = next_clock(&rec, &game, None, now);
        let live = Live { rec, game };
        let accepts = match computer {
            Some(level) => format!("{} plays you at level {level}.", c.opponent.name),
            None => format!("{} accepts.", c.opponent.name),
        };
        let mut lines = vec![format!(
            "{accepts} {} — {}{}, {}, {}.",
            players_line(&live.rec),
            c.variant.name(),
            options_text(&c.options),
            days_text(c.days),
            rated_text(c.rated && computer.is_none())
        )];
        let mut r = Reply::channel(String::new());
        lines.extend(prompt_line(&live));
        r.text = lines.join("\n");
        r.mention = asked_user(&live).into_iter().collect();
        r.image = Some(public_view(&live));
        let mut replies = vec![r];
        replies.extend(fair::at_start(&live.game, live.rec.seed));
        for side in Side::BOTH {
            if let Some(secret) = live.game.secret(side) {
                replies.push(Reply::private(
                    live.rec.player(side).clone(),
                    secret_text(&live.rec, &secret),
                ));
            }
        }
        Ok(Change {
            replies,
            challenge: Some(None),
            live: Some(live),
        })
    }

    fn play(&self, slot: &Slot, ctx: &Context, text: &str, now: u64) -> Result<Change, Refusal> {
        let (live, side) = player_game(slot, ctx)?;
        let ask = live.game.ask().ok_or("The game is over.")?;
        if ask.side != side {
            return Err(format!(
                "It is not your turn; {} ({}) is to move.",
                live.rec.player(ask.side).name,
                ask.side.name()
            ));
        }
        let text = text.trim();
        if text.is_empty() {
            return Err("Type a move, for example `e4`.".to_string());
        }
        if text.chars().count() > MAX_TEXT {
            return Err("That is far too long to be a move.".to_string());
        }
        let mut next = live.clone();
        let played = next.game.play(side, text).map_err(|e| e.to_string())?;
        record_play(&mut next, side, ask.question.continues_turn(), &played, now);
        // Secrets go to their owner only, never to the channel.
        let private: Vec<Reply> = played
            .private
            .iter()
            .map(|(owner, text)| {
                Reply::private(
                    next.rec.player(*owner).clone(),
                    secret_text(&next.rec, text),
                )
            })
            .collect();
        let mut change = commit_live(next, live.rec.clock.as_ref(), now, move_replies(played))?;
        change.replies.extend(private);
        Ok(change)
    }

    fn draw(
        &self,
        slot: &Slot,
        ctx: &Context,
        action: DrawAction,
        now: u64,
    ) -> Result<Change, Refusal> {
        let (live, side) = player_game(slot, ctx)?;
        let opponent = live.rec.player(side.other()).clone();
        match action {
            DrawAction::Offer => {
                if live.rec.draw_offer == Some(side.other()) {
                    // X-SERVICE-1: offering while the opponent's offer stands agrees to it.
                    return finish(
                        live,
                        ActionKind::DrawAgreed {
                            offerer: side.other(),
                        },
                        now,
                    );
                }
                if live.rec.draw_offer == Some(side) {
                    return Err("You have already offered a draw; wait for the answer.".to_string());
                }
                let mut next = live.clone();
                next.rec.draw_offer = Some(side);
                next.rec.actions.push(Action {
                    at_ms: now,
                    kind: ActionKind::DrawOffer { side },
                });
                let mut r = Reply::channel(format!(
                    "{} offers a draw. {}: `/draw accept` or `/draw decline`.",
                    ctx.user.name, opponent.name
                ));
                r.mention = vec![opponent];
                Ok(Change {
                    replies: vec![r],
                    challenge: None,
                    live: Some(next),
                })
            }
            DrawAction::Accept => {
                if live.rec.draw_offer != Some(side.other()) {
                    return Err(format!("{} has not offered a draw.", opponent.name));
                }
                finish(
                    live,
                    ActionKind::DrawAgreed {
                        offerer: side.other(),
                    },
                    now,
                )
            }
            DrawAction::Decline => {
                if live.rec.draw_offer != Some(side.other()) {
                    return Err(format!("{} has not offered a draw.", opponent.name));
                }
                let mut next = live.clone();
                next.rec.draw_offer = None;
                next.rec.actions.push(Action {
                    at_ms: now,
                    kind: ActionKind::DrawDecline { side },
                });
                Ok(Change {
                    replies: vec![Reply::channel(format!(
                        "{} declines the draw offer.",
                        ctx.user.name
                    ))],
                    challenge: None,
                    live: Some(next),
                })
            }
            DrawAction::Claim => {
                let ask = live.game.ask().ok_or("The game is over.")?;
                if ask.side != side {
                    return Err("You can only claim a draw when it is your turn.".to_string());
                }
                let reason = live.game.claimable_draw().ok_or_else(|| {
                    let none: Vec<String> = live
                        .game
                        .draw_claim_rules()
                        .iter()
                        .map(|r| format!("no {r}"))
                        .collect();
                    format!("There is no draw to claim: {} yet.", none.join(" and "))
                })?;
                finish(live, ActionKind::DrawClaim { side, reason }, now)
            }
        }
    }

    /// The game `/board`, `/history` and `/export` show: the active one, else the last.
    fn shown_game(&self, slot: &Slot, channel: u64) -> Result<Live, Refusal> {
        if let Some(live) = &slot.live {
            return Ok(live.clone());
        }
        let none = || {
            if slot.challenge.is_some() {
                "The challenge in this channel has not been accepted yet.".to_string()
            } else {
                "There is no game in this channel.".to_string()
            }
        };
        let failed = |e: StoreError| {
            tracing::error!("store: {e}");
            "The game store failed; please try again later.".to_string()
        };
        let id = self
            .store
            .last_game(channel)
            .map_err(failed)?
            .ok_or_else(none)?;
        let rec = self.store.game(id).map_err(failed)?.ok_or_else(none)?;
        let game = rec.replay().map_err(|e| {
            tracing::error!("{e}");
            "The last game of this channel needs attention: its record does not replay.".to_string()
        })?;
        Ok(Live {
            rec: per_turn(rec),
            game,
        })
    }

    fn games(&self, ctx: &Context, scope: GamesScope) -> Reply {
        let mut lines = Vec::new();
        for (_, slot) in self.slots() {
            let slot = lock(&slot);
            let Some(live) = &slot.live else { continue };
            let keep = match &scope {
                GamesScope::Server => live.rec.server == ctx.server,
                GamesScope::User(u) => live.rec.side_of(*u).is_some(),
            };
            if keep {
                let place = self.places.mention(live.rec.server, live.rec.channel);
                lines.push((live.rec.id, game_summary(live, place.as_deref())));
            }
        }
        lines.sort();
        if lines.is_empty() {
            return Reply::invoker(match scope {
                GamesScope::Server => "No games are being played on this server.",
                GamesScope::User(_) => "No active games for that player.",
            });
        }
        let mut text = vec![format!("Active games ({}):", lines.len())];
        text.extend(lines.into_iter().map(|(_, l)| format!("- {l}")));
        Reply::invoker(text.join("\n"))
    }

    /// Whether `user_id` is the player the game in `channel` is asking (a plain chat
    /// message from them may then be read as an answer).
    pub fn asks(&self, channel: u64, user_id: u64) -> bool {
        let slot = self.slot(channel);
        let slot = lock(&slot);
        slot.live
            .as_ref()
            .and_then(asked_user)
            .map(|u| u.id == user_id)
            .unwrap_or(false)
    }

    /// Legal answers starting with `prefix`, for the asked player only (at most 25).
    pub fn autocomplete(&self, channel: u64, user_id: u64, prefix: &str) -> Vec<String> {
        let slot = self.slot(channel);
        let slot = lock(&slot);
        let Some(live) = &slot.live else {
            return Vec::new();
        };
        if asked_user(live).map(|u| u.id) != Some(user_id) {
            return Vec::new();
        }
        let prefix = prefix.trim();
        let texts = live.game.typed_texts();
        let lower = prefix.to_ascii_lowercase();
        let mut out: Vec<String> = texts
            .iter()
            .filter(|t| t.starts_with(prefix))
            .cloned()
            .collect();
        if out.is_empty() {
            out = texts
                .iter()
                .filter(|t| t.to_ascii_lowercase().starts_with(&lower))
                .cloned()
                .collect();
        }
        if out.is_empty() && !prefix.is_empty() {
            // `e4` should find `e2-e4`: match on the destination part too.
            out = texts
                .iter()
                .filter(|t| t.to_ascii_lowercase().contains(&lower))
                .cloned()
                .collect();
        }
        out.truncate(MAX_CHOICES);
        out
    }

    /// Time passing: reminders when a fifth of the time remains, a notice when it has
    /// run out, notices about games needing attention. Each is sent once (stored).
    pub fn tick(&self) -> Vec<TimedReply> {
        let now = self.clock.now_ms();
        let mut out: Vec<TimedReply> = std::mem::take(&mut *lock(&self.attention))
            .into_iter()
            .map(|(channel, msg)| TimedReply {
                channel,
                reply: Reply::channel(msg),
            })
            .collect();
        for (channel, slot) in self.slots() {
            let mut slot = lock(&slot);
            let Some(live) = &slot.live else { continue };
            let Some(clock) = &live.rec.clock else {
                continue;
            };
            let Some(deadline) = clock.deadline_ms else {
                continue;
            };
            let Some(ask) = live.game.ask() else { continue };
            let asked = live.rec.player(ask.side).clone();
            let opponent = live.rec.player(ask.side.other()).clone();
            let total = deadline.saturating_sub(clock.started_ms);
            let left = deadline.saturating_sub(now);
            let mut next_clock = clock.clone();
            if now >= deadline && timeout_policy(live.rec.variant) == TimeoutPolicy::PassTurn {
                // RULINGS Z6: the turn ends with no action; the record gets the pass.
                let change = match timeout_pass(live, ask.side, now) {
                    Ok(c) => c,
                    Err(e) => {
                        tracing::error!("channel {channel}: timeout pass refused: {e}");
                        continue;
                    }
                };
                let Some(mut next) = change.live else {
                    continue;
                };
                let mut w = Write::new();
                let mut ratings = None;
                let written = self
                    .seal(&mut next, &mut w)
                    .and_then(|r| {
                        ratings = r;
                        w.game(&next.rec)
                    })
                    .and_then(|()| self.store.commit(w));
                match written {
                    Ok(()) => {
                        if let Some((mut guard, sealed)) = ratings {
                            guard.keep(sealed);
                        }
                        slot.live = (!next.rec.finished).then_some(next);
                        out.extend(
                            change
                                .replies
                                .into_iter()
                                .map(|reply| TimedReply { channel, reply }),
                        );
                    }
                    Err(e) => tracing::error!("store: {e}"),
                }
                continue;
            }
            let reply = if now >= deadline {
                if clock.expiry_told {
                    continue;
                }
                next_clock.expiry_told = true;
                next_clock.reminded = true;
                let mut r = Reply::channel(format!(
                    "{}'s time to move has run out. {}: you may `/claim` the win, or keep waiting.",
                    asked.name, opponent.name
                ));
                r.mention = vec![opponent];
                r
            } else if !clock.reminded && left.saturating_mul(5) <= total {
                next_clock.reminded = true;
                let mut r = Reply::channel(format!(
                    "{}, {} left for your move against {}.",
                    asked.name,
                    describe_duration(left),
                    opponent.name
                ));
                r.mention = vec![asked];
                r
            } else {
                continue;
            };
            let mut next = live.clone();
            next.rec.clock = Some(next_clock);
            let mut w = Write::new();
            let written = w.game(&next.rec).and_then(|()| self.store.commit(w));
            match written {
                Ok(()) => {
                    slot.live = Some(next);
                    out.push(TimedReply { channel, reply });
                }
                Err(e) => tracing::error!("store: {e}"),
            }
        }
        if let Err(e) = self.store.prune_keys(now.saturating_sub(KEY_RETENTION_MS)) {
            tracing::error!("store: {e}");
        }
        out
    }
}

fn pending<'a>(slot: &'a Slot, verb: &str) -> Result<&'a Challenge, Refusal> {
    slot.challenge.as_ref().ok_or_else(|| {
        if slot.live.is_some() {
            format!("There is no challenge to {verb}: a game is already being played here.")
        } else {
            format!("There is no challenge to {verb} in this channel.")
        }
    })
}

/// The active game and the invoker's side in it, or why they may not act.
fn player_game<'a>(slot: &'a Slot, ctx: &Context) -> Result<(&'a Live, Side), Refusal> {
    let live = slot.live.as_ref().ok_or_else(|| {
        if slot.challenge.is_some() {
            "The challenge in this channel has not been accepted yet.".to_string()
        } else {
            "There is no game in this channel.".to_string()
        }
    })?;
    let side = live.rec.side_of(ctx.user.id).ok_or_else(|| {
        format!(
            "Only {} and {} play this game; you can watch with `/board` and `/history`.",
            live.rec.players[0].name, live.rec.players[1].name
        )
    })?;
    Ok((live, side))
}

/// The clock after an answer: a follow-up question to the same side keeps the turn's
/// clock; a new side to move starts a new one.
fn next_clock(
    rec: &GameRecord,
    game: &Game,
    old: Option<&TurnClock>,
    now: u64,
) -> Option<TurnClock> {
    let ask = game.ask()?;
    if let Some(old) = old {
        if old.side == ask.side {
            return Some(old.clone());
        }
    }
    // The computer never runs out of time.
    let computer = rec.computer.is_some_and(|c| c.side == ask.side);
    Some(TurnClock {
        side: ask.side,
        started_ms: now,
        deadline_ms: (rec.days > 0 && !computer).then(|| now + u64::from(rec.days) * DAY_MS),
        reminded: false,
        expiry_told: false,
    })
}

/// Finishes the bookkeeping of a changed game: clock, finished flag, and the
/// channel reply with the board.
fn commit_live(
    mut next: Live,
    old_clock: Option<&TurnClock>,
    now: u64,
    mut lines: Vec<String>,
) -> Result<Change, Refusal> {
    next.rec.clock = next_clock(&next.rec, &next.game, old_clock, now);
    next.rec.finished = next.game.is_over();
    if next.rec.finished {
        next.rec.draw_offer = None;
        // The closing line states the result; a rules event saying it too is dropped.
        if let Some(o) = next.game.outcome() {
            let result = format!("{o}.");
            lines.retain(|l| *l != result);
        }
        lines.extend(record::closing_line(&next.rec, &next.game));
    } else {
        lines.extend(prompt_line(&next));
    }
    let mut r = Reply::channel(lines.join("\n"));
    r.mention = asked_user(&next).into_iter().collect();
    r.image = Some(public_view(&next));
    let mut replies = vec![r];
    if next.rec.finished {
        replies.extend(fair::at_end(&next.game, next.rec.seed));
    }
    Ok(Change {
        replies,
        challenge: None,
        live: Some(next),
    })
}

fn move_replies(played: Played) -> Vec<String> {
    let mut lines = vec![played.printed];
    lines.extend(played.events);
    lines
}

/// Writes an accepted answer into the record: the action to replay, the turn's entry
/// (`follow_up`: the answer continues a turn already begun), and the lapse of a pending
/// draw offer (ruling C2: an offer lapses when the offerer's opponent moves).
fn record_play(next: &mut Live, side: Side, follow_up: bool, played: &Played, now: u64) {
    next.rec.actions.push(Action {
        at_ms: now,
        kind: ActionKind::Play {
            side,
            text: played.action.clone(),
        },
    });
    let outcome = next.game.outcome();
    record::add_answer(
        &mut next.rec.history,
        side,
        follow_up,
        played,
        outcome.as_ref(),
    );
    if next.rec.draw_offer == Some(side.other()) {
        next.rec.draw_offer = None;
    }
}

/// RULINGS Z6: plays the variant's timeout answer for `side`, whose turn's time has
/// run out.
fn timeout_pass(live: &Live, side: Side, now: u64) -> Result<Change, Refusal> {
    let mut next = live.clone();
    let answer = live
        .rec
        .variant
        .timeout_answer()
        .ok_or("In this variant a turn whose time runs out does not pass.")?;
    let follow_up = live.game.ask().is_some_and(|a| a.question.continues_turn());
    let played = next.game.play(side, answer).map_err(|e| e.to_string())?;
    record_play(&mut next, side, follow_up, &played, now);
    let mut lines = vec![format!(
        "{}'s time ran out, so the turn passes with no action.",
        live.rec.player(side).name
    )];
    lines.extend(move_replies(played));
    commit_live(next, live.rec.clock.as_ref(), now, lines)
}

/// Ends the game by an action outside the rules (resign, agreement, claim, abort).
fn finish(live: &Live, kind: ActionKind, now: u64) -> Result<Change, Refusal> {
    if live.game.is_over() {
        return Err("The game is over.".to_string());
    }
    let mut next = live.clone();
    next.game.apply(&kind)?;
    next.rec.actions.push(Action { at_ms: now, kind });
    // No moves lines: the closing line says what happened.
    let mut change = commit_live(next, None, now, Vec::new())?;
    if let Some(r) = change.replies.first_mut() {
        r.text = r.text.trim_start().to_string();
    }
    Ok(change)
}

/// Whether the game is asking the computer's side.
fn computer_asked(live: &Live) -> bool {
    match (live.rec.computer, live.game.ask()) {
        (Some(seat), Some(ask)) => seat.side == ask.side,
        _ => false,
    }
}

fn asked_user(live: &Live) -> Option<User> {
    live.game.ask().map(|a| live.rec.player(a.side).clone())
}

fn prompt_line(live: &Live) -> Option<String> {
    let ask = live.game.ask()?;
    Some(format!(
        "{} ({}), {}.",
        live.rec.player(ask.side).name,
        ask.side.name(),
        live.game.prompt()?
    ))
}

fn names(rec: &GameRecord) -> [String; 2] {
    [rec.players[0].name.clone(), rec.players[1].name.clone()]
}

fn public_view(live: &Live) -> View {
    let mut v = live.game.view(Viewer::Public);
    v.names = names(&live.rec);
    v
}

/// A player's secret information, headed by the game it belongs to: a direct message
/// may arrive long after, beside those of other games. (Front ends add the channel.)
fn secret_text(rec: &GameRecord, text: &str) -> String {
    format!(
        "**{}**, game {}: {} vs {}\n{text}",
        rec.variant.name(),
        rec.id,
        rec.players[0].name,
        rec.players[1].name
    )
}

fn players_line(rec: &GameRecord) -> String {
    format!(
        "{} (White) vs {} (Black)",
        rec.players[0].name, rec.players[1].name
    )
}

fn title_line(rec: &GameRecord) -> String {
    format!("{}: {}", rec.variant.name(), players_line(rec))
}

fn days_text(days: u32) -> String {
    match days {
        0 => "no time limit".to_string(),
        1 => "1 day per move".to_string(),
        d => format!("{d} days per move"),
    }
}

fn rated_text(rated: bool) -> &'static str {
    if rated {
        "rated"
    } else {
        "casual"
    }
}

fn options_text(options: &Options) -> String {
    if options.is_empty() {
        String::new()
    } else {
        let list: Vec<String> = options.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        format!(" [{}]", list.join(", "))
    }
}

/// `/games`: one line per game; `place` is the channel as the front end names it.
fn game_summary(live: &Live, place: Option<&str>) -> String {
    let turns = live.rec.history.len();
    let mut parts = vec![title_line(&live.rec)];
    if !live.rec.rated {
        parts[0].push_str(" (casual)");
    }
    if let Some(place) = place {
        parts[0].push_str(&format!(" in {place}"));
    }
    parts.push(match turns {
        0 => "no turns played yet".to_string(),
        1 => "1 turn played".to_string(),
        n => format!("{n} turns played"),
    });
    if let Some(u) = asked_user(live) {
        parts.push(format!("{} to move", u.name));
    }
    parts.join(", ")
}

/// A stored record with its history in one entry per turn (records stored before
/// that kept one entry per answer).
fn per_turn(mut rec: GameRecord) -> GameRecord {
    rec.history = record::entries(&rec);
    rec
}

/// `/board`: the picture for the invoker; a player sees their own view.
fn board_reply(live: &Live, user_id: u64, now: u64) -> Reply {
    let viewer = match live.rec.side_of(user_id) {
        Some(side) => Viewer::Player(side),
        None => Viewer::Public,
    };
    let mut view = live.game.view(viewer);
    view.names = names(&live.rec);
    let mut lines = vec![title_line(&live.rec)];
    match live.game.outcome() {
        Some(o) => lines.push(format!("{o}.")),
        None => {
            lines.extend(prompt_line(live));
            if let Some(deadline) = live.rec.clock.as_ref().and_then(|c| c.deadline_ms) {
                lines.push(if now >= deadline {
                    "The time for this move has run out.".to_string()
                } else {
                    format!(
                        "Time left for this move: {}.",
                        describe_duration(deadline - now)
                    )
                });
            }
            if let Some(side) = live.rec.draw_offer {
                lines.push(format!(
                    "{} has offered a draw.",
                    live.rec.player(side).name
                ));
            }
        }
    }
    let mut r = Reply::invoker(lines.join("\n"));
    r.image = Some(view);
    r
}

fn rules_reply(variant: Option<VariantId>) -> Reply {
    match variant {
        Some(v) => {
            let mut text = rules_text(v).to_string();
            if !VariantId::available().contains(&v) {
                text.push_str("\n(Not playable yet in this build.)");
            }
            let example = example_game(v);
            if let Some((_, caption)) = &example {
                text.push_str(&format!("\nPictured: {caption}"));
            }
            let mut r = Reply::invoker(text);
            r.image = example.map(|(game, _)| game.view(Viewer::Public));
            r
        }
        None => {
            let list: Vec<String> = VariantId::available()
                .into_iter()
                .map(|v| format!("`{}` ({})", v.id(), v.name()))
                .collect();
            Reply::invoker(format!(
                "Variants you can play: {}. Use `/rules <variant>` for the rules of one.",
                list.join(", ")
            ))
        }
    }
}

/// `/legend`: the badges and marks of one variant (or of all), as a picture drawn
/// from the variants' own badge data, and as text.
fn legend_reply(variant: Option<VariantId>) -> Reply {
    use crate::core::view::{common_legend, Legend};
    let shown = match variant {
        Some(v) => vec![v],
        None => VariantId::available(),
    };
    let mut sections = vec![("On every board".to_string(), common_legend())];
    for v in shown {
        let entries = crate::variants::legend(v);
        // Variants sharing one legend (a game and its larger form) are shown once.
        if !entries.is_empty() && !sections.iter().any(|(_, e)| *e == entries) {
            sections.push((v.name().to_string(), entries));
        }
    }
    let mut lines = vec!["**Legend** — what the marks on the board mean.".to_string()];
    for (title, entries) in &sections {
        lines.push(format!("__{title}__"));
        lines.extend(entries.iter().map(|e| format!("- {}", e.text())));
    }
    let legend = Legend { sections };
    let mut text = lines.join("\n");
    if text.chars().count() > LEGEND_TEXT {
        // Too long for one chat message: the picture carries it.
        text = format!("{}\n(The picture names every one of them.)", lines[0]);
    }
    let mut r = Reply::invoker(text);
    match crate::render::legend_png(&legend, 512) {
        Ok(png) => r.attachments.push(api::Attachment {
            name: "legend.png".to_string(),
            bytes: png,
        }),
        Err(e) => tracing::error!("legend image failed: {e}"),
    }
    r
}

/// The `/help` text.
pub fn help_text() -> String {
    [
        "**Arcana** — correspondence chess variants. Commands:",
        "`/challenge @user [variant] [color:white|black|random] [days:1-14|0] [rated:false]` — challenge someone in this channel (rated unless `rated:false`)",
        "`/challenge` the bot itself (`level:1-5`, default 3) — play the computer; it answers at once",
        "`/accept`, `/decline` — answer a challenge; `/cancel` — withdraw yours",
        "`/move <move>` — play a move (`e4`, `Nf3`, `Ng1-f3`, `O-O`); the player to move may also just type it",
        "`/board`, `/history`, `/export` — look at the game",
        "`/draw offer|accept|decline|claim`, `/resign`, `/abort` (before both sides have moved)",
        "`/claim` — win when your opponent's time has run out",
        "`/hand` — your secret information in this game (what only you may see)",
        "`/profile [@user]` — ratings, results and current games; `/leaderboard [variant]` — the best settled ratings here",
        "`/rules <variant>` — how to play one game: the exact text of every special action, with a picture",
        "`/games [@user]`, `/legend [variant]` (what the board's marks mean), `/help`",
    ]
    .join("\n")
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
