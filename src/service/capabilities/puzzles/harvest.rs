//! Puzzles from a server's own games (issue 51): a background job takes the finished
//! games one at a time, in the order they ended, from the queue their ends fill
//! (`pq/`, written in the batch that stores each game's end, so a game finished while
//! no job ran waits there); claims each (`ph/<game>`, a checked write: of all the
//! processes sharing the store, one only harvests a game); runs the generator on its
//! record within a budget of processor time; and stores each confirmed puzzle whose
//! material is kept as a public puzzle, its source the game.
//!
//! The job is one thread that works at most a configured share of one core: after each
//! piece of work (a candidate judged) it sleeps in proportion, so it never holds a core
//! for long and never takes a game's lock (it reads records and writes puzzles only).
//! A claim whose process died before finishing it may be taken over once it is
//! [`STALE_MS`] old. docs/puzzles.md tells the rest.

use super::bank::stored_of;
use crate::puzzles::generate::{candidates, kept, puzzle_at, Plan, Record, Tally};
use crate::service::plumbing::plan::{Durability, Put};
use crate::service::plumbing::record;
use crate::service::Service;
use crate::store::{HarvestClaim, StoreError};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A claim older than this, not done, is taken to be a dead process's.
pub const STALE_MS: u64 = 60 * 60 * 1000;

/// How the job runs (`[harvest]` in the bot's configuration).
#[derive(Clone, Debug, PartialEq)]
pub struct HarvestConfig {
    /// Whether the job runs at all.
    pub on: bool,
    /// The share of one core it may use (0.01 to 1).
    pub cpu_share: f64,
    /// The most working time one game may take; what was found by then is kept.
    pub per_game: Duration,
    /// How long it waits before looking again when no game waits.
    pub idle: Duration,
}

impl Default for HarvestConfig {
    fn default() -> HarvestConfig {
        HarvestConfig {
            on: true,
            cpu_share: 0.25,
            per_game: Duration::from_secs(120),
            idle: Duration::from_secs(60),
        }
    }
}

/// Keeps the job to its share of a core: each piece of work is followed by a sleep
/// that long times `1 / share - 1` (the work is timed by elapsed real time, which is at
/// least the processor time it took).
pub struct Throttle {
    share: f64,
    since: Instant,
}

impl Throttle {
    pub fn new(share: f64) -> Throttle {
        Throttle {
            share: share.clamp(0.01, 1.0),
            since: Instant::now(),
        }
    }

    /// Work starts now (what came before, an idle wait, is not work).
    pub fn restart(&mut self) {
        self.since = Instant::now();
    }

    /// The work since the last pause done: sleeps its share off; returns how long the
    /// work took.
    pub fn pause(&mut self) -> Duration {
        let worked = self.since.elapsed();
        let rest = worked.mul_f64(1.0 / self.share - 1.0);
        if !rest.is_zero() {
            std::thread::sleep(rest);
        }
        self.since = Instant::now();
        worked
    }
}

/// What one step of the job did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Harvested {
    /// No game waits that nobody else is harvesting.
    Idle,
    /// Game `game` harvested: `puzzles` new public puzzles stored, `tally` what the
    /// generator saw.
    Game {
        game: u64,
        puzzles: usize,
        tally: Tally,
    },
}

/// A name for this process's claims: its id and a number of its own.
fn claimer() -> String {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("pid {} #{n}", std::process::id())
}

impl Service {
    /// One step of the harvest: the earliest finished game waiting that no live
    /// process is harvesting, claimed, its puzzles found (within `budget` of work,
    /// `throttle` pausing after each candidate) and stored, its claim marked done.
    pub fn harvest_next(
        &self,
        budget: Duration,
        throttle: &mut Throttle,
    ) -> Result<Harvested, StoreError> {
        let me = claimer();
        for (order, game) in self.store.harvest_queue()? {
            let Some(claim) = self.claim(game, order, &me)? else {
                continue;
            };
            let (puzzles, tally) = self.harvest_game(game, budget, throttle)?;
            let stored = self.store_harvest(game, order, claim, &puzzles)?;
            return Ok(Harvested::Game {
                game,
                puzzles: stored,
                tally,
            });
        }
        Ok(Harvested::Idle)
    }

    /// Claims game `game` for `me` when nobody holds it (or its holder's claim went
    /// stale); `None` when another process has it or has done it.
    fn claim(&self, game: u64, order: u64, me: &str) -> Result<Option<HarvestClaim>, StoreError> {
        let now = self.clock.now_ms();
        let read = self.store.harvest_claim(game)?;
        match &read.value {
            Some(c) if c.done => return Ok(None),
            Some(c) if now.saturating_sub(c.at_ms) < STALE_MS => return Ok(None),
            _ => {}
        }
        let claim = HarvestClaim {
            by: me.to_string(),
            at_ms: now,
            done: false,
            puzzles: 0,
        };
        let put = Put::HarvestClaim {
            game,
            order,
            read: Box::new(read),
            claim: Box::new(claim.clone()),
        };
        match self.write(vec![put], Durability::Flushed) {
            Ok(()) => Ok(Some(claim)),
            Err(StoreError::Conflict { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The confirmed puzzles of game `game` whose material is kept, found within
    /// `budget` of work (candidates left when it runs out are not judged).
    fn harvest_game(
        &self,
        game: u64,
        budget: Duration,
        throttle: &mut Throttle,
    ) -> Result<(Vec<crate::puzzles::Puzzle>, Tally), StoreError> {
        let mut tally = Tally::default();
        let Some(rec) = self.store.game(game)? else {
            return Ok((Vec::new(), tally));
        };
        let record = Record {
            variant: rec.variant,
            options: rec.options.clone(),
            seed: rec.seed,
            answers: record::answers(&rec),
            source: format!("game {}", rec.id),
        };
        let plan = Plan::default();
        tally.games += 1;
        throttle.restart();
        let mut worked = Duration::ZERO;
        let mut found = Vec::new();
        for position in candidates(&record, &plan, &mut tally) {
            if worked >= budget {
                tracing::info!("puzzle harvest: game {game} out of time");
                break;
            }
            let puzzle = puzzle_at(&position, &record.source, &plan, &mut tally);
            found.extend(puzzle.filter(|p| kept(&p.position, &p.line, &plan.find).is_ok()));
            worked += throttle.pause();
        }
        // The scan, when no candidate followed it.
        throttle.pause();
        // A piece left hanging for several turns is one puzzle.
        Ok((crate::puzzles::distinct(found), tally))
    }

    /// Stores `puzzles` of game `game` (those not stored yet) and marks the claim
    /// `mine` done, checked: when another process took the claim over meanwhile,
    /// nothing is stored. Returns how many puzzles were stored.
    fn store_harvest(
        &self,
        game: u64,
        order: u64,
        mine: HarvestClaim,
        puzzles: &[crate::puzzles::Puzzle],
    ) -> Result<usize, StoreError> {
        for _ in 0..3 {
            let read = self.store.harvest_claim(game)?;
            if read.value.as_ref() != Some(&mine) {
                return Ok(0);
            }
            let mut puts = Vec::new();
            for p in puzzles {
                let stored = self.store.puzzle(&p.id)?;
                if stored.value.is_none() {
                    puts.push(Put::Puzzle {
                        read: Box::new(stored),
                        puzzle: Box::new(stored_of(p)),
                    });
                }
            }
            let added = puts.len();
            let done = HarvestClaim {
                done: true,
                puzzles: added as u32,
                ..mine.clone()
            };
            puts.push(Put::HarvestClaim {
                game,
                order,
                read: Box::new(read),
                claim: Box::new(done),
            });
            match self.write(puts, Durability::Flushed) {
                Ok(()) => return Ok(added),
                Err(StoreError::Conflict { .. }) => continue,
                Err(e) => return Err(e),
            }
        }
        Ok(0)
    }
}

/// Starts the harvest on a thread of its own (`None` when the configuration turns it
/// off): one game at a time, at most `config.cpu_share` of one core, looking again
/// every `config.idle` when no game waits, until `stop` is set.
pub fn start(
    service: Arc<Service>,
    config: HarvestConfig,
    stop: Arc<AtomicBool>,
) -> Option<std::thread::JoinHandle<()>> {
    if !config.on {
        return None;
    }
    let spawned = std::thread::Builder::new()
        .name("puzzle-harvest".into())
        .spawn(move || run(&service, &config, &stop));
    match spawned {
        Ok(handle) => Some(handle),
        Err(e) => {
            tracing::error!("the puzzle harvest did not start: {e}");
            None
        }
    }
}

/// The job's loop (see [`start`]).
fn run(service: &Service, config: &HarvestConfig, stop: &AtomicBool) {
    let mut throttle = Throttle::new(config.cpu_share);
    while !stop.load(Ordering::Relaxed) {
        match service.harvest_next(config.per_game, &mut throttle) {
            Ok(Harvested::Game { game, puzzles, .. }) => {
                tracing::info!("puzzle harvest: game {game}, {puzzles} new puzzles")
            }
            Ok(Harvested::Idle) => wait(config.idle, stop),
            Err(e) => {
                tracing::error!("store: puzzle harvest: {e}");
                wait(config.idle, stop);
            }
        }
    }
}

/// Sleeps `idle`, waking early when `stop` is set.
fn wait(idle: Duration, stop: &AtomicBool) {
    let step = Duration::from_millis(200);
    let until = Instant::now() + idle;
    while !stop.load(Ordering::Relaxed) && Instant::now() < until {
        std::thread::sleep(step.min(until.saturating_duration_since(Instant::now())));
    }
}
