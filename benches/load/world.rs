//! The load test's world: its options, and the ids of its servers, places and players.

use crate::support::fake_discord::{FakeUser, GUILD_ID};
use arcana::service::api::User;
use std::time::Duration;

/// Servers the games are spread over (evenly over the shards when the process count
/// divides 100).
pub const SERVERS: u64 = 100;
/// The first channel id of the test's games.
pub const CHANNEL0: u64 = 300_000_000_000_000_000;
/// The first user id of the test's players (two per game).
pub const USER0: u64 = 400_000_000_000_000_000;
/// Each game's moves in turn (legal one after the other from the start).
pub const MOVES: [&str; 16] = [
    "Nf3", "Nf6", "Nc3", "Nc6", "e3", "e6", "d3", "d6", "Be2", "Be7", "Bd2", "Bd7", "a3", "a6",
    "h3", "h6",
];
/// A move unanswered this long is typed again.
pub const RETYPE: Duration = Duration::from_secs(30);
/// How often the recorded requests are read while the moves arrive.
pub const LOOK: Duration = Duration::from_secs(5);
/// Discord's global rate limit.
pub const GLOBAL_LIMIT: u32 = 50;
/// The web pages' signing key (every process has the same, as docs/web.md asks).
pub const WEB_KEY: &str = "the load test's web key, long enough for the bot";

pub struct Args {
    pub minutes: f64,
    pub games: usize,
    pub rate: f64,
    /// Bot processes, one shard each (`--shards i-i/N`).
    pub procs: usize,
    /// Seconds the killed process stays down before it is started again.
    pub down: f64,
    /// Milliseconds between the arrival of a move for the victim's shard and the kill.
    pub kill_after_ms: u64,
    /// Games whose web page is open (a WebSocket each), spread over the processes.
    pub pages: usize,
    /// Threads that make the games before the run.
    pub seed_threads: usize,
    /// How long the test waits for the last boards after the last move (200 s).
    pub drain: Duration,
}

pub fn args() -> Option<Args> {
    let all: Vec<String> = std::env::args().collect();
    if !all.iter().any(|a| a == "--bench") {
        return None;
    }
    let value = |name: &str| {
        all.iter()
            .position(|a| a == name)
            .and_then(|i| all.get(i + 1))
            .map(|v| {
                v.replace('_', "")
                    .parse::<f64>()
                    .expect("a number after the option")
            })
    };
    let a = Args {
        minutes: value("--minutes").unwrap_or(5.0),
        games: value("--games").map_or(10_000, |g| g as usize),
        rate: value("--rate").unwrap_or(20.0),
        procs: value("--procs").map_or(4, |p| p as usize),
        down: value("--down").unwrap_or(0.0),
        kill_after_ms: value("--kill-after-ms").map_or(8, |v| v as u64),
        pages: value("--pages").map_or(1_000, |v| v as usize),
        seed_threads: value("--seed-threads").map_or(8, |v| v as usize),
        drain: Duration::from_secs_f64(value("--drain").unwrap_or(200.0)),
    };
    assert!(
        a.procs >= 2,
        "--procs: at least 2 (one is killed, another restarted)"
    );
    Some(a)
}

pub fn guild(game: usize) -> u64 {
    GUILD_ID + ((game as u64 % SERVERS) << 22)
}

/// The shard (and so the process) of a server, as Discord routes: `(id >> 22) % N`.
pub fn shard(guild: u64, procs: usize) -> usize {
    ((guild >> 22) % procs as u64) as usize
}

pub fn shard_of_game(game: usize, procs: usize) -> usize {
    shard(guild(game), procs)
}

pub fn channel(game: usize) -> u64 {
    CHANNEL0 + game as u64
}

pub fn player(game: usize, side: usize) -> FakeUser {
    let name: &'static str = Box::leak(format!("{}{game}", ["w", "b"][side]).into_boxed_str());
    FakeUser {
        id: USER0 + 2 * game as u64 + side as u64,
        name,
    }
}

pub fn user(u: &FakeUser) -> User {
    User {
        id: u.id,
        name: u.name.to_string(),
    }
}

/// A free port on the loopback interface (for a process's web pages; the same port is
/// used again when the process is started again).
pub fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    l.local_addr().expect("its address").port()
}
