//! The load test of issue 24: the deployment that scales, under a steady stream of moves.
//!
//! Two `arcana run` processes (the release binary) with `--shards 0-0/2` and
//! `--shards 1-1/2` on one PostgreSQL store, against the fake Discord of the end-to-end
//! suites (`tests/support/`), whose gateway sends each server's events to the shard that
//! owns it (`(guild_id >> 22) % 2`) and whose REST API enforces Discord's global rate
//! limit of 50 requests per second (429 with `"global": true`).
//!
//! 1. 10,000 active games (Standard chess, `--games`) are made before the processes
//!    start, through the service as `/challenge` and its acceptance make them, in
//!    channels spread over 100 servers of both shards; their start messages are
//!    reported delivered (they would have been posted long ago).
//! 2. Moves arrive at 20 per second (`--rate`) as chat messages of the player to move,
//!    round robin over the games alternating the shards (each game's next move only
//!    once its last one was answered: 1. Nf3 Nf6 2. Nc3 Nc6 ...), for `--minutes`
//!    (default 5). A move not answered after 30 s is typed again by its player, as
//!    people do (its first arrival still times it).
//! 3. Half way through, the process of shard 0 is SIGKILLed `--kill-after-ms` (8) ms
//!    after a move for one of its games arrived (mid-move), and started again after
//!    `--down` seconds (0: at once, as a supervisor does).
//! 4. Then the test waits (up to 200 s) for the last boards, stops both processes and
//!    reads every game back from the store.
//!
//! Reported: moves sent, acknowledged (their board posted), unanswered, lost (a board
//! posted for a move the store does not hold, or a move the store holds whose board
//! never came), boards posted twice (repeats the fake dropped by their nonce, and any
//! that made a second message), the latency from a move's arrival at the gateway to
//! its board being posted (p50/p99/max, outside the restart and for the moves the
//! restart touched), requests per move, 429s, and each process's memory (VmRSS now,
//! VmHWM peak, from `/proc`).
//!
//! ```sh
//! bash .ci/with-postgres cargo bench --bench load -- --minutes 5
//! ```
//!
//! Needs `ARCANA_TEST_POSTGRES` (`.ci/with-postgres` sets it). Without `--bench` (under
//! `cargo test --benches`) it does nothing.

#[path = "../tests/support/mod.rs"]
#[allow(clippy::unwrap_used)]
mod support;

use arcana::service::api::{ColorChoice, Context, Request, User};
use arcana::service::{Service, ServiceConfig};
use arcana::store::{ActionKind, Store, StoreUrl};
use arcana::variants::{Options, VariantId};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::fake_discord::{FakeDiscord, FakeUser, Recorded, GUILD_ID};

/// Servers the games are spread over (half on each shard).
const SERVERS: u64 = 100;
/// The first channel id of the test's games.
const CHANNEL0: u64 = 300_000_000_000_000_000;
/// The first user id of the test's players (two per game).
const USER0: u64 = 400_000_000_000_000_000;
/// Each game's moves in turn (legal one after the other from the start).
const MOVES: [&str; 16] = [
    "Nf3", "Nf6", "Nc3", "Nc6", "e3", "e6", "d3", "d6", "Be2", "Be7", "Bd2", "Bd7", "a3", "a6",
    "h3", "h6",
];
/// A move unanswered this long is typed again.
const RETYPE: Duration = Duration::from_secs(30);
/// How long the test waits for the last boards after the last move.
const DRAIN: Duration = Duration::from_secs(200);
/// How often the recorded requests are read while the moves arrive.
const LOOK: Duration = Duration::from_secs(5);
/// Discord's global rate limit.
const GLOBAL_LIMIT: u32 = 50;

struct Args {
    minutes: f64,
    games: usize,
    rate: f64,
    /// Seconds the killed process stays down before it is started again.
    down: f64,
    /// Milliseconds between the arrival of a move for the victim's shard and the kill.
    kill_after_ms: u64,
}

fn args() -> Option<Args> {
    let all: Vec<String> = std::env::args().collect();
    if !all.iter().any(|a| a == "--bench") {
        return None;
    }
    let value = |name: &str| {
        all.iter()
            .position(|a| a == name)
            .and_then(|i| all.get(i + 1))
            .map(|v| v.parse::<f64>().expect("a number after the option"))
    };
    Some(Args {
        minutes: value("--minutes").unwrap_or(5.0),
        games: value("--games").map_or(10_000, |g| g as usize),
        rate: value("--rate").unwrap_or(20.0),
        down: value("--down").unwrap_or(0.0),
        kill_after_ms: value("--kill-after-ms").map_or(8, |v| v as u64),
    })
}

fn guild(game: usize) -> u64 {
    GUILD_ID + ((game as u64 % SERVERS) << 22)
}

fn shard(guild: u64) -> usize {
    ((guild >> 22) % 2) as usize
}

fn channel(game: usize) -> u64 {
    CHANNEL0 + game as u64
}

fn player(game: usize, side: usize) -> FakeUser {
    let name: &'static str = Box::leak(format!("{}{game}", ["w", "b"][side]).into_boxed_str());
    FakeUser {
        id: USER0 + 2 * game as u64 + side as u64,
        name,
    }
}

fn user(u: &FakeUser) -> User {
    User {
        id: u.id,
        name: u.name.to_string(),
    }
}

/// Makes the games as `/challenge` (white challenges black, as White) and black's
/// `/accept` make them, from two threads; their start replies are reported delivered.
fn seed(url: &str, games: usize) {
    let service = Arc::new(
        Service::open_url(
            &StoreUrl::Postgres(url.to_string()),
            ServiceConfig::default(),
        )
        .expect("open the service on the load test's database"),
    );
    let threads = 2;
    std::thread::scope(|s| {
        for t in 0..threads {
            let service = Arc::clone(&service);
            s.spawn(move || {
                for g in (t..games).step_by(threads) {
                    let (w, b) = (player(g, 0), player(g, 1));
                    let ctx = |u: &FakeUser| Context {
                        user: user(u),
                        channel: channel(g),
                        server: Some(guild(g)),
                        key: None,
                        lang: Default::default(),
                        guild_locale: None,
                    };
                    let challenge = Request::Challenge {
                        opponent: user(&b),
                        variant: VariantId::Standard,
                        color: ColorChoice::White,
                        days: None,
                        options: Options::new(),
                        rated: true,
                    };
                    let mut replies = service.handle(&ctx(&w), challenge);
                    replies.extend(service.handle(&ctx(&b), Request::Accept));
                    let outbox: HashSet<u64> = replies.iter().filter_map(|r| r.outbox).collect();
                    assert!(!outbox.is_empty(), "game {g} did not start: {replies:?}");
                    for id in outbox {
                        service.delivered(id);
                    }
                }
            });
        }
    });
    service.flush().expect("flush the seeded store");
}

/// A bot process: `arcana run` for one shard of two, its log in a file.
struct Proc {
    child: Child,
    log: PathBuf,
}

impl Proc {
    async fn start(fake: &FakeDiscord, dir: &Path, store: &str, shard: usize, run: u32) -> Proc {
        let data = dir.join(format!("data{shard}"));
        let text = format!(
            "token = \"fake-token-{shard}\"\nserver_id = {GUILD_ID}\ndata_dir = \"{}\"\n\
             store = \"{store}\"\nshards = \"{shard}-{shard}/2\"\n{}",
            data.display(),
            fake.api_lines()
        );
        let log = dir.join(format!("shard{shard}-run{run}.log"));
        let file = std::fs::File::create(&log).expect("the bot's log file");
        let identified = fake.identifies();
        let child = support::bot::command_with(&data, &text)
            .stdout(Stdio::null())
            .stderr(file)
            .spawn()
            .expect("start arcana run");
        fake.wait_identified(identified + 1).await;
        Proc { child, log }
    }

    /// (VmRSS, VmHWM) in MiB, from `/proc`.
    fn memory(&self) -> (f64, f64) {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        let field = |name: &str| {
            status
                .lines()
                .find(|l| l.starts_with(name))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
                .map_or(0.0, |kb| kb / 1024.0)
        };
        (field("VmRSS:"), field("VmHWM:"))
    }

    /// CPU seconds used so far (user + system), from `/proc`.
    fn cpu(&self) -> f64 {
        let stat =
            std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap_or_default();
        // Fields after the command name (which may hold spaces): utime is the 14th field.
        let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
        let f: Vec<f64> = rest
            .split_whitespace()
            .map(|x| x.parse().unwrap_or(0.0))
            .collect();
        let ticks = f.get(11).copied().unwrap_or(0.0) + f.get(12).copied().unwrap_or(0.0);
        ticks / 100.0
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn stop(&mut self) {
        let pid = self.child.id().to_string();
        let _ = std::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status();
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        self.kill();
    }

    /// Lines of its log at WARN or ERROR.
    fn complaints(&self) -> Vec<String> {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .filter(|l| {
                (l.contains("WARN") || l.contains("ERROR")) && !l.contains("API redirected")
            })
            .map(str::to_string)
            .collect()
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        self.kill();
    }
}

/// One move sent: its game, its ply in that game, when it first arrived, how often it
/// was typed, and when its board was posted.
struct Sent {
    game: usize,
    ply: usize,
    at: Instant,
    last: Instant,
    typed: u32,
    board: Option<Instant>,
}

/// What the test knows of each game.
#[derive(Default, Clone)]
struct Game {
    /// Plies answered (boards seen).
    acked: usize,
    /// The move sent and not yet answered (index into `sent`).
    pending: Option<usize>,
}

/// Everything read from the fake's requests so far.
#[derive(Default)]
struct Seen {
    /// Requests read.
    read: usize,
    /// Board posts per (channel, nonce), and how many got a new message (status 200
    /// the first time; a repeat is answered with the earlier message).
    by_nonce: HashMap<(u64, String), u32>,
    /// Board posts without a nonce.
    no_nonce: u64,
    /// Board posts that made a message, per channel.
    boards: HashMap<u64, u32>,
    requests: u64,
    limited: u64,
    /// The longest copy of the fake's request log (this test's own overhead).
    longest_read: Duration,
}

fn board_channel(r: &Recorded) -> Option<u64> {
    if r.method != "POST" || r.files.is_empty() || r.status >= 300 {
        return None;
    }
    support::bot::channel_of(r)
}

/// Reads the requests recorded since the last look: acknowledges the pending moves
/// whose board was posted.
fn look(
    fake: &FakeDiscord,
    seen: &mut Seen,
    games: &mut [Game],
    sent: &mut [Sent],
    from_start: Instant,
) {
    let t = Instant::now();
    let log = fake.requests();
    // The fake's log is locked while it is copied: its answers wait meanwhile.
    seen.longest_read = seen.longest_read.max(t.elapsed());
    for r in &log[seen.read..] {
        if r.at < from_start {
            continue;
        }
        seen.requests += 1;
        if r.status == 429 {
            seen.limited += 1;
        }
        let Some(ch) = board_channel(r) else { continue };
        let nonce = r.json["nonce"].as_str().map(str::to_string);
        match nonce {
            Some(n) => {
                let count = seen.by_nonce.entry((ch, n)).or_insert(0);
                *count += 1;
                if *count > 1 {
                    continue; // a repeat: Discord (the fake) made no message
                }
            }
            None => seen.no_nonce += 1,
        }
        *seen.boards.entry(ch).or_insert(0) += 1;
        let Some(g) = ch.checked_sub(CHANNEL0).map(|g| g as usize) else {
            continue;
        };
        let Some(game) = games.get_mut(g) else {
            continue;
        };
        if let Some(i) = game.pending {
            if r.at >= sent[i].at {
                sent[i].board = Some(r.at);
                game.acked += 1;
                game.pending = None;
            }
        }
    }
    seen.read = log.len();
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn summary(label: &str, mut lat: Vec<Duration>) -> String {
    lat.sort();
    format!(
        "{label}: {} moves, p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms",
        lat.len(),
        percentile(&lat, 0.50).as_secs_f64() * 1000.0,
        percentile(&lat, 0.99).as_secs_f64() * 1000.0,
        lat.last().copied().unwrap_or_default().as_secs_f64() * 1000.0
    )
}

async fn run(a: Args, base: String) {
    let fake = FakeDiscord::start().await;
    fake.set_global_limit(GLOBAL_LIMIT);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let store = tokio::task::spawn_blocking(|| support::backend::fresh_postgres("load"))
        .await
        .expect("a database");
    println!("load: PostgreSQL at {base}; the bots' database {store}");
    for g in 0..a.games.min(SERVERS as usize) {
        assert!(shard(guild(g)) < 2);
    }
    for g in 0..a.games {
        fake.place_channel(channel(g), guild(g));
    }
    let t0 = Instant::now();
    let (url, n) = (store.clone(), a.games);
    tokio::task::spawn_blocking(move || seed(&url, n))
        .await
        .expect("seeded");
    println!(
        "load: {} games started through the service in {:.1?}",
        a.games,
        t0.elapsed()
    );

    let mut procs = [
        Proc::start(&fake, dir.path(), &store, 0, 0).await,
        Proc::start(&fake, dir.path(), &store, 1, 0).await,
    ];
    // The processes settle (command registration) before the moves come.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let players: Vec<[FakeUser; 2]> = (0..a.games).map(|g| [player(g, 0), player(g, 1)]).collect();
    // Round robin alternating the shards: even games are on one shard, odd on the other.
    let order: Vec<usize> = (0..a.games).collect();

    let start = Instant::now();
    let length = Duration::from_secs_f64(a.minutes * 60.0);
    let kill_at = start + length / 2;
    let victim = 0usize;
    let mut killed: Option<(Instant, Instant)> = None;
    // The move that arrived just before the kill.
    let mut mid_move: Option<usize> = None;
    let mut restart: Option<(Instant, tokio::task::JoinHandle<Proc>)> = None;
    let mut hwm_before_kill = 0.0;
    let mut games = vec![Game::default(); a.games];
    let mut sent: Vec<Sent> = Vec::new();
    let mut seen = Seen::default();
    let mut next = 0usize;
    let mut retyped = 0u64;
    let mut peak_rss = [0.0f64; 2];
    let mut tick = tokio::time::interval(Duration::from_secs_f64(1.0 / a.rate));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let mut last_look = Instant::now();
    let mut last_print = Instant::now();
    let cpu0 = [procs[0].cpu(), procs[1].cpu()];
    println!(
        "load: {} moves/s for {:.1} min; shard {victim}'s process is killed at {:.0} s",
        a.rate,
        a.minutes,
        (length / 2).as_secs_f64()
    );
    loop {
        tick.tick().await;
        let now = Instant::now();
        if now >= start + length {
            break;
        }
        // One move: the next game (round robin) whose last move was answered.
        for _ in 0..a.games {
            let g = order[next % a.games];
            next += 1;
            let game = &mut games[g];
            if game.pending.is_some() || game.acked >= MOVES.len() {
                continue;
            }
            let ply = game.acked;
            let who = &players[g][ply % 2];
            fake.chat(who, channel(g), MOVES[ply]);
            game.pending = Some(sent.len());
            sent.push(Sent {
                game: g,
                ply,
                at: now,
                last: now,
                typed: 1,
                board: None,
            });
            break;
        }
        if killed.is_none() && now >= kill_at {
            // Mid-move: a move for a game of its shard has just arrived.
            let mid = (0..a.games)
                .map(|i| order[(next + i) % a.games])
                .find(|&g| {
                    shard(guild(g)) == victim
                        && games[g].pending.is_none()
                        && games[g].acked < MOVES.len()
                });
            if let Some(g) = mid {
                mid_move = Some(sent.len());
                let ply = games[g].acked;
                fake.chat(&players[g][ply % 2], channel(g), MOVES[ply]);
                games[g].pending = Some(sent.len());
                let at = Instant::now();
                sent.push(Sent {
                    game: g,
                    ply,
                    at,
                    last: at,
                    typed: 1,
                    board: None,
                });
                tokio::time::sleep(Duration::from_millis(a.kill_after_ms)).await;
            }
            hwm_before_kill = procs[victim].memory().1;
            procs[victim].kill();
            let at = Instant::now();
            println!(
                "load: {:.0} s: shard {victim}'s process SIGKILLed",
                (at - start).as_secs_f64()
            );
            // Started again at once, while the moves go on arriving.
            let (fake, path, store) = (fake.clone(), dir.path().to_path_buf(), store.clone());
            let down = Duration::from_secs_f64(a.down);
            restart = Some((
                at,
                tokio::spawn(async move {
                    tokio::time::sleep(down).await;
                    Proc::start(&fake, &path, &store, victim, 1).await
                }),
            ));
            killed = Some((at, at));
        }
        if restart.as_ref().is_some_and(|(_, h)| h.is_finished()) {
            if let Some((at, handle)) = restart.take() {
                procs[victim] = handle.await.expect("the process started again");
                let back = Instant::now();
                println!(
                    "load: shard {victim}'s process started again and identified after {:.1?}",
                    back - at
                );
                killed = Some((at, back));
            }
        }
        if now - last_look >= LOOK {
            last_look = now;
            look(&fake, &mut seen, &mut games, &mut sent, start);
            for s in sent.iter_mut().filter(|s| s.board.is_none()) {
                if games[s.game].pending.is_some() && now - s.last >= RETYPE {
                    let who = &players[s.game][s.ply % 2];
                    fake.chat(who, channel(s.game), MOVES[s.ply]);
                    s.last = now;
                    s.typed += 1;
                    retyped += 1;
                }
            }
            for (i, p) in procs.iter().enumerate() {
                peak_rss[i] = peak_rss[i].max(p.memory().0);
            }
        }
        if now - last_print >= Duration::from_secs(30) {
            last_print = now;
            let acked = sent.iter().filter(|s| s.board.is_some()).count();
            println!(
                "load: {:>4.0} s: {} sent, {acked} answered, {} requests, {} answered 429, RSS {:.0} / {:.0} MiB",
                (now - start).as_secs_f64(),
                sent.len(),
                seen.requests,
                seen.limited,
                procs[0].memory().0,
                procs[1].memory().0
            );
        }
    }
    let sending = start.elapsed();
    if let Some((at, handle)) = restart.take() {
        procs[victim] = handle.await.expect("the process started again");
        killed = Some((at, Instant::now()));
    }
    // The last boards.
    let drain_end = Instant::now() + DRAIN;
    loop {
        look(&fake, &mut seen, &mut games, &mut sent, start);
        let now = Instant::now();
        let waiting: Vec<&mut Sent> = sent.iter_mut().filter(|s| s.board.is_none()).collect();
        if waiting.is_empty() || now >= drain_end {
            break;
        }
        for s in waiting {
            if now - s.last >= RETYPE {
                let who = &players[s.game][s.ply % 2];
                fake.chat(who, channel(s.game), MOVES[s.ply]);
                s.last = now;
                s.typed += 1;
                retyped += 1;
            }
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    // Whatever else is still on its way (repeats after the restart).
    fake.settle(0, Duration::from_secs(3)).await;
    look(&fake, &mut seen, &mut games, &mut sent, start);
    let memory: Vec<(f64, f64)> = procs.iter().map(Proc::memory).collect();
    let cpu: Vec<f64> = procs.iter().map(Proc::cpu).collect();
    for p in procs.iter_mut() {
        p.stop();
    }
    let complaints: Vec<Vec<String>> = procs.iter().map(Proc::complaints).collect();
    let first_run_complaints = std::fs::read_to_string(dir.path().join("shard0-run0.log"))
        .unwrap_or_default()
        .lines()
        .filter(|l| (l.contains("WARN") || l.contains("ERROR")) && !l.contains("API redirected"))
        .count();

    // The store afterwards: every game's plies.
    let url = store.clone();
    let (stored, outbox_left) = tokio::task::spawn_blocking(move || {
        let store = Store::open_at(&StoreUrl::Postgres(url)).expect("open the store");
        let plies: HashMap<u64, usize> = store
            .all_games()
            .expect("read every game")
            .into_iter()
            .map(|r| {
                let plies = r
                    .actions
                    .iter()
                    .filter(|a| matches!(a.kind, ActionKind::Play { .. }))
                    .count();
                (r.channel, plies)
            })
            .collect();
        let left = store.outbox().map_or(0, |o| o.len());
        (plies, left)
    })
    .await
    .expect("read the store");

    // The figures.
    let acked: Vec<&Sent> = sent.iter().filter(|s| s.board.is_some()).collect();
    let unanswered = sent.len() - acked.len();
    let mut missing_from_store = 0;
    let mut stored_without_board = 0;
    for (g, game) in games.iter().enumerate() {
        let in_store = stored.get(&channel(g)).copied().unwrap_or(0);
        if in_store < game.acked {
            missing_from_store += game.acked - in_store;
        }
        if in_store > game.acked {
            stored_without_board += in_store - game.acked;
        }
    }
    let repeats: u64 = seen
        .by_nonce
        .values()
        .map(|&n| u64::from(n.saturating_sub(1)))
        .sum();
    let extra_messages: u64 = games
        .iter()
        .enumerate()
        .map(|(g, game)| {
            let made = seen.boards.get(&channel(g)).copied().unwrap_or(0) as usize;
            made.saturating_sub(game.acked) as u64
        })
        .sum();
    let (kill, back) = killed.unwrap_or((start + length, start + length));
    let touched = |s: &Sent| {
        shard(guild(s.game)) == victim
            && s.at < back + Duration::from_secs(5)
            && s.board.is_none_or(|b| b >= kill)
    };
    let lat = |f: &dyn Fn(&Sent) -> bool| -> Vec<Duration> {
        acked
            .iter()
            .filter(|s| f(s))
            .filter_map(|s| s.board.map(|b| b - s.at))
            .collect()
    };
    let outside = lat(&|s| !touched(s));
    let window = lat(&touched);
    let all = lat(&|_| true);
    let over_1s = outside
        .iter()
        .filter(|d| **d > Duration::from_secs(1))
        .count();
    // When the slow ones arrived (seconds into the run), to tell a stall from noise.
    let mut slow_at: Vec<u64> = acked
        .iter()
        .filter(|s| !touched(s) && s.board.is_some_and(|b| b - s.at > Duration::from_secs(1)))
        .map(|s| (s.at - start).as_secs())
        .collect();
    slow_at.dedup();
    let report = [
        format!(
            "load test: 2 processes (shards 0-0/2, 1-1/2) on PostgreSQL, {} games, {} moves/s for {:.1?}, shard {victim}'s process SIGKILLed at {:.0} s, started again {:.0} s later and identified {:.1?} after the kill; {} cores",
            a.games,
            a.rate,
            sending,
            (kill - start).as_secs_f64(),
            a.down,
            back - kill,
            std::thread::available_parallelism().map_or(0, |n| n.get())
        ),
        format!(
            "the move that arrived {} ms before the kill: {}",
            a.kill_after_ms,
            mid_move
                .and_then(|i| sent[i].board.map(|b| format!("board posted {:.1?} after its arrival", b - sent[i].at)))
                .unwrap_or_else(|| "no board".to_string())
        ),
        format!(
            "moves sent {}, acknowledged (board posted) {}, unanswered {unanswered}, typed again {retyped}",
            sent.len(),
            acked.len()
        ),
        format!(
            "lost {}: boards for moves missing from the store {missing_from_store}, moves in the store whose board never came {stored_without_board}",
            missing_from_store + stored_without_board
        ),
        format!(
            "posted twice {extra_messages} (second messages for one move); repeats dropped by their nonce {repeats} (the fake counted {}); board posts without a nonce {}",
            fake.deduplicated(),
            seen.no_nonce
        ),
        summary("latency outside the restart", outside),
        format!(
            "  of which over 1 s: {over_1s}, arriving at {slow_at:?} s (the test's longest read of the fake's log: {:.0?})",
            seen.longest_read
        ),
        summary("latency of the moves the restart touched", window),
        summary("latency of all moves", all),
        format!(
            "requests {} ({:.2} per acknowledged move), answered 429 (global limit {GLOBAL_LIMIT}/s) {} (the fake counted {})",
            seen.requests,
            seen.requests as f64 / acked.len().max(1) as f64,
            seen.limited,
            fake.globally_limited()
        ),
        format!(
            "memory: shard 0 VmRSS {:.0} MiB, VmHWM {:.0} MiB (before the kill {:.0} MiB); shard 1 VmRSS {:.0} MiB, VmHWM {:.0} MiB; sampled RSS peaks {:.0} / {:.0} MiB",
            memory[0].0, memory[0].1, hwm_before_kill, memory[1].0, memory[1].1, peak_rss[0], peak_rss[1]
        ),
        format!(
            "CPU seconds while moving: shard 0 {:.1} (restarted process) , shard 1 {:.1}",
            cpu[0],
            cpu[1] - cpu0[1]
        ),
        format!(
            "outbox entries left {outbox_left}; WARN/ERROR log lines: shard 0 {} (+{first_run_complaints} before the kill), shard 1 {}",
            complaints[0].len(),
            complaints[1].len()
        ),
    ];
    println!();
    for line in &report {
        println!("{line}");
    }
    for (i, c) in complaints.iter().enumerate() {
        for l in c.iter().take(5) {
            println!("  shard {i}: {l}");
        }
    }
}

fn main() {
    let Some(a) = args() else {
        println!("load: run with `cargo bench --bench load` (see benches/load.rs)");
        return;
    };
    let Some(base) = std::env::var("ARCANA_TEST_POSTGRES")
        .ok()
        .filter(|v| !v.trim().is_empty())
    else {
        println!("load: skipped, ARCANA_TEST_POSTGRES is not set (run it under `bash .ci/with-postgres`)");
        return;
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(run(a, base));
}
