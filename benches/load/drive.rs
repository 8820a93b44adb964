//! The moves: chat messages of the player to move, round robin over the games (each
//! game's next move only once its last one was answered), at `--rate` a second; a
//! move unanswered after 30 s is typed again, as people do. A third of the way
//! through, shard 0's process is SIGKILLed a few ms after a move for one of its games
//! arrived; two thirds through, shard 1's process is restarted as a deployment does.

use crate::fleet::{Fleet, How, Outage};
use crate::seen::{Game, Seen, Sent};
use crate::support::fake_discord::{FakeDiscord, FakeUser};
use crate::world::{channel, shard_of_game, Args, LOOK, MOVES, RETYPE};
use std::time::{Duration, Instant};

pub struct Run {
    pub fake: FakeDiscord,
    pub players: Vec<[FakeUser; 2]>,
    pub games: Vec<Game>,
    pub sent: Vec<Sent>,
    pub seen: Seen,
    pub next: usize,
    pub retyped: u64,
    pub outages: Vec<Outage>,
    /// The move that arrived just before the kill (index into `sent`).
    pub mid_move: Option<usize>,
    pub peak_rss: Vec<f64>,
    pub start: Instant,
    pub sending: Duration,
}

impl Run {
    pub fn new(fake: &FakeDiscord, games: usize, procs: usize) -> Run {
        Run {
            fake: fake.clone(),
            players: (0..games)
                .map(|g| [crate::world::player(g, 0), crate::world::player(g, 1)])
                .collect(),
            games: vec![Game::default(); games],
            sent: Vec::new(),
            seen: Seen {
                read: fake.mark(),
                ..Seen::default()
            },
            next: 0,
            retyped: 0,
            outages: Vec::new(),
            mid_move: None,
            peak_rss: vec![0.0; procs],
            start: Instant::now(),
            sending: Duration::ZERO,
        }
    }

    /// Types game `g`'s next move.
    fn type_move(&mut self, g: usize) {
        let ply = self.games[g].acked;
        self.fake
            .chat(&self.players[g][ply % 2], channel(g), MOVES[ply]);
        self.games[g].pending = Some(self.sent.len());
        let at = Instant::now();
        self.sent.push(Sent {
            game: g,
            ply,
            at,
            last: at,
            typed: 1,
            board: None,
        });
    }

    fn ready(&self, g: usize) -> bool {
        self.games[g].pending.is_none() && self.games[g].acked < MOVES.len()
    }

    /// One move: the next game (round robin) whose last move was answered.
    fn one_move(&mut self) {
        let n = self.games.len();
        for _ in 0..n {
            let g = self.next % n;
            self.next += 1;
            if self.ready(g) {
                self.type_move(g);
                return;
            }
        }
    }

    /// Kills `slot`'s process a few ms after a move for one of its games arrived.
    async fn kill(&mut self, fleet: &mut Fleet, slot: usize, a: &Args) {
        let n = self.games.len();
        let procs = fleet.slots.len();
        let mid = (0..n)
            .map(|i| (self.next + i) % n)
            .find(|&g| shard_of_game(g, procs) == slot && self.ready(g));
        if let Some(g) = mid {
            self.mid_move = Some(self.sent.len());
            self.type_move(g);
            tokio::time::sleep(Duration::from_millis(a.kill_after_ms)).await;
        }
        let o = fleet.take_down(slot, How::Kill, Duration::from_secs_f64(a.down));
        println!(
            "load: {:.0} s: shard {slot}'s process SIGKILLed",
            (o.at - self.start).as_secs_f64()
        );
        self.outages.push(o);
    }

    /// Types again the moves unanswered for [`RETYPE`].
    fn retype(&mut self, now: Instant) {
        for s in self.sent.iter_mut().filter(|s| s.board.is_none()) {
            if self.games[s.game].pending.is_some() && now - s.last >= RETYPE {
                let who = &self.players[s.game][s.ply % 2];
                self.fake.chat(who, channel(s.game), MOVES[s.ply]);
                s.last = now;
                s.typed += 1;
                self.retyped += 1;
            }
        }
    }

    fn look(&mut self) {
        self.seen.look(&self.fake, &mut self.games, &mut self.sent);
    }

    fn progress(&self, fleet: &Fleet, now: Instant) {
        let acked = self.sent.iter().filter(|s| s.board.is_some()).count();
        let rss: Vec<String> = fleet.rss().iter().map(|r| format!("{r:.0}")).collect();
        println!(
            "load: {:>4.0} s: {} sent, {acked} answered, {} requests, {} answered 429, RSS {} MiB",
            (now - self.start).as_secs_f64(),
            self.sent.len(),
            self.seen.requests,
            self.seen.limited,
            rss.join(" / ")
        );
    }

    /// The moves, for `--minutes`, with the two outages.
    pub async fn moves(&mut self, fleet: &mut Fleet, a: &Args) {
        self.start = Instant::now();
        let length = Duration::from_secs_f64(a.minutes * 60.0);
        let (kill_at, deploy_at) = (self.start + length / 3, self.start + length * 2 / 3);
        let mut tick = tokio::time::interval(Duration::from_secs_f64(1.0 / a.rate));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
        let (mut last_look, mut last_print) = (Instant::now(), Instant::now());
        loop {
            tick.tick().await;
            let now = Instant::now();
            if now >= self.start + length {
                break;
            }
            self.one_move();
            if self.outages.is_empty() && now >= kill_at {
                self.kill(fleet, 0, a).await;
            }
            if self.outages.len() == 1 && now >= deploy_at {
                let o = fleet.take_down(1, How::Deploy, Duration::ZERO);
                println!(
                    "load: {:.0} s: shard 1's process stopping for a deployment (SIGTERM)",
                    (o.at - self.start).as_secs_f64()
                );
                self.outages.push(o);
            }
            for o in &mut self.outages {
                fleet.settle(o, false).await;
            }
            if now - last_look >= LOOK {
                last_look = now;
                self.look();
                self.retype(now);
                for (i, r) in fleet.rss().into_iter().enumerate() {
                    self.peak_rss[i] = self.peak_rss[i].max(r);
                }
            }
            if now - last_print >= Duration::from_secs(30) {
                last_print = now;
                self.progress(fleet, now);
            }
        }
        self.sending = self.start.elapsed();
    }

    /// Waits for the last boards (up to `drain`), typing again what stays unanswered.
    pub async fn drain(&mut self, fleet: &mut Fleet, drain: Duration) {
        for o in &mut self.outages {
            fleet.settle(o, true).await;
        }
        let end = Instant::now() + drain;
        loop {
            self.look();
            let now = Instant::now();
            if self.sent.iter().all(|s| s.board.is_some()) || now >= end {
                break;
            }
            self.retype(now);
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        // Whatever else is still on its way (repeats after the restarts, boards still
        // queued): until nothing comes for 3 s, for as long again as the drain at most.
        let last = Instant::now() + drain;
        let mut quiet_since = (self.fake.mark(), Instant::now());
        while Instant::now() < last {
            tokio::time::sleep(Duration::from_millis(500)).await;
            let mark = self.fake.mark();
            if mark != quiet_since.0 {
                quiet_since = (mark, Instant::now());
            } else if quiet_since.1.elapsed() >= Duration::from_secs(3) {
                break;
            }
        }
        self.look();
    }
}
