//! The load test of issues 24 and 52: the deployment that scales, under a steady stream
//! of moves.
//!
//! `--procs` (4) `arcana run` processes (the release binary), `--shards i-i/N` each, on
//! one PostgreSQL store, against the fake Discord of the end-to-end suites
//! (`tests/support/`), whose gateway sends each server's events to the shard that owns
//! it (`(guild_id >> 22) % N`) and whose REST API enforces Discord's global rate limit
//! of 50 requests per second over all processes (429 with `"global": true`); each
//! process keeps to its shard's part of it (its own limiter). Every process also serves
//! the games' web pages (`[web]`).
//!
//! 1. `--games` (10,000) active games of Standard chess are made before the processes
//!    start, through the service as `/challenge` and its acceptance make them (from
//!    `--seed-threads` threads, 8), in channels spread over 100 servers; their start
//!    messages are reported delivered (they would have been posted long ago).
//! 2. `--pages` (1,000) of the games that will receive moves get a web page open: a
//!    WebSocket each, spread over the processes (not only their own shard's), opened
//!    again a second after it closes.
//! 3. Moves arrive at `--rate` (20) a second as chat messages of the player to move,
//!    round robin over the games (each game's next move only once its last one was
//!    answered: 1. Nf3 Nf6 2. Nc3 Nc6 ...), for `--minutes` (5). A move not answered
//!    after 30 s is typed again by its player, as people do (its first arrival still
//!    times it).
//! 4. A third of the way through, shard 0's process is SIGKILLed `--kill-after-ms` (8)
//!    ms after a move for one of its games arrived (mid-move), and started again after
//!    `--down` seconds (0: at once, as a supervisor does); two thirds through, shard
//!    1's process is stopped with SIGTERM and started again, as a deployment does.
//! 5. Then the test waits (up to `--drain` seconds, 200, and as long again for what is
//!    still coming) for the last boards, stops the processes and
//!    reads every game back from the store.
//!
//! Reported: moves sent, acknowledged (their board posted), unanswered, lost (a board
//! posted for a move the store does not hold, or a move the store holds whose board
//! never came), boards posted twice, the latency from a move's arrival at the gateway to
//! its board being posted (p50/p99/max; outside the outages, for the moves they touched,
//! per minute), requests per move, 429s, each process's CPU seconds and memory peak
//! (VmHWM), PostgreSQL's CPU (its processes' ticks in `/proc`), rows per table, rows
//! written and WAL bytes per move, and the web pages' pushes (from a move's arrival to
//! its page hearing the new version).
//!
//! ```sh
//! bash .ci/with-postgres cargo bench --bench load -- --games 100000 --procs 4 --rate 50 --minutes 10
//! ```
//!
//! Needs `ARCANA_TEST_POSTGRES` (`.ci/with-postgres` sets it). Without `--bench` (under
//! `cargo test --benches`) it does nothing.

#[path = "../tests/support/mod.rs"]
#[allow(clippy::unwrap_used, dead_code)]
mod support;

#[path = "load/drive.rs"]
mod drive;
#[path = "load/fleet.rs"]
mod fleet;
#[path = "load/pages.rs"]
mod pages;
#[path = "load/pg.rs"]
mod pg;
#[path = "load/procs.rs"]
mod procs;
#[path = "load/report.rs"]
mod report;
#[path = "load/seed.rs"]
mod seed;
#[path = "load/seen.rs"]
mod seen;
#[path = "load/world.rs"]
mod world;

use arcana::store::{ActionKind, Store, StoreUrl};
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use support::fake_discord::FakeDiscord;
use world::{channel, guild, Args, GLOBAL_LIMIT};

/// What a run stands on: the fake Discord, the database, the processes' places.
struct Setup {
    fake: FakeDiscord,
    dir: tempfile::TempDir,
    store: String,
    postmaster: Option<u32>,
    seeding: Duration,
}

async fn setup(a: &Args, base: &str) -> Setup {
    let fake = FakeDiscord::start().await;
    fake.set_global_limit(GLOBAL_LIMIT);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let store = tokio::task::spawn_blocking(|| support::backend::fresh_postgres("load"))
        .await
        .expect("a database");
    let port = base
        .rsplit_once(':')
        .and_then(|(_, p)| p.split('/').next()?.parse::<u16>().ok());
    let postmaster = port.and_then(pg::postmaster);
    println!("load: PostgreSQL at {base} (postmaster {postmaster:?}); the bots' database {store}");
    for g in 0..a.games {
        fake.place_channel(channel(g), guild(g));
    }
    let (t0, cpu0, pg0) = (Instant::now(), own_cpu(), postmaster.map(pg::server_cpu));
    let (url, n, threads) = (store.clone(), a.games, a.seed_threads);
    tokio::task::spawn_blocking(move || seed::seed(&url, n, threads))
        .await
        .expect("seeded");
    let seeding = t0.elapsed();
    let pg_seconds = postmaster
        .map(pg::server_cpu)
        .zip(pg0)
        .map_or(0.0, |(b, a)| b - a);
    println!(
        "load: {} games started through the service in {seeding:.1?} ({threads} threads; {:.2} s per 1,000; CPU: this process {:.1} s, PostgreSQL {pg_seconds:.1} s; load average {})",
        a.games,
        seeding.as_secs_f64() * 1000.0 / a.games.max(1) as f64,
        own_cpu() - cpu0,
        report::load_average()
    );
    Setup {
        fake,
        dir,
        store,
        postmaster,
        seeding,
    }
}

/// CPU seconds of this process (the fake Discord, the seeding, the pages' client).
fn own_cpu() -> f64 {
    pg::stat_ticks(std::process::id()).map_or(0.0, |t| t.own as f64 / 100.0)
}

/// The processes' places, one per shard, each with its web port.
fn places(s: &Setup, procs: usize) -> Vec<procs::Place> {
    (0..procs)
        .map(|slot| procs::Place {
            fake: s.fake.clone(),
            dir: PathBuf::from(s.dir.path()),
            store: s.store.clone(),
            slot,
            procs,
            port: world::free_port(),
        })
        .collect()
}

/// Opens the web pages of the watched games, spread over the processes.
async fn open_pages(
    a: &Args,
    s: &Setup,
    ports: &[u16],
) -> (Vec<usize>, Vec<u64>, std::sync::Arc<pages::Heard>) {
    let moves = (a.rate * a.minutes * 60.0) as usize;
    let watched = pages::chosen(a.pages, a.games, moves);
    let (url, w) = (s.store.clone(), watched.clone());
    let ids = tokio::task::spawn_blocking(move || seed::game_ids(&url, &w))
        .await
        .expect("the games' ids");
    let list = watched
        .iter()
        .zip(&ids)
        .enumerate()
        .map(|(i, (_, &id))| pages::Page {
            id,
            port: ports[i % ports.len()],
            from: std::net::Ipv4Addr::from(0x0a00_0000 + i as u32 + 1),
        })
        .collect();
    let heard = pages::open(list);
    (watched, ids, heard)
}

/// Every game's plies in the store, by channel; outbox entries left; the watched
/// games' stored versions.
fn read_back(url: String, ids: Vec<u64>) -> (HashMap<u64, usize>, usize, Vec<Option<u64>>) {
    let store = Store::open_at(&StoreUrl::Postgres(url)).expect("open the store");
    let plies = store
        .all_games()
        .expect("read every game")
        .into_iter()
        .map(|r| {
            let n = r
                .actions
                .iter()
                .filter(|a| matches!(a.kind, ActionKind::Play { .. }))
                .count();
            (r.channel, n)
        })
        .collect();
    let left = store.outbox().map_or(0, |o| o.len());
    let versions = ids
        .iter()
        .map(|&id| store.game_version(id).ok().flatten())
        .collect();
    (plies, left, versions)
}

/// What was measured around the moves.
struct Measured {
    load: [String; 2],
    pg_cpu: Option<f64>,
    wall: Duration,
    before: pg::Snapshot,
    after: pg::Snapshot,
    wal: f64,
    stored: HashMap<u64, usize>,
    outbox_left: usize,
    versions: Vec<Option<u64>>,
    watched: Vec<usize>,
    heard: std::sync::Arc<pages::Heard>,
}

async fn snapshot(url: &str) -> pg::Snapshot {
    let url = url.to_string();
    tokio::task::spawn_blocking(move || pg::snapshot(&url))
        .await
        .expect("a snapshot")
}

async fn run(a: Args, base: String) {
    let s = setup(&a, &base).await;
    let places = places(&s, a.procs);
    let ports: Vec<u16> = places.iter().map(|p| p.port).collect();
    let mut fleet = fleet::Fleet::start(places).await;
    // The processes settle (command registration) before the moves come.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (watched, ids, heard) = open_pages(&a, &s, &ports).await;
    let t = Instant::now();
    while (heard.opened.load(std::sync::atomic::Ordering::SeqCst) as usize) < watched.len()
        && t.elapsed() < Duration::from_secs(60)
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    println!(
        "load: {} web pages open after {:.1?}",
        heard.opened.load(std::sync::atomic::Ordering::SeqCst),
        t.elapsed()
    );
    let before = snapshot(&s.store).await;
    let cpu0 = s.postmaster.map(pg::server_cpu);
    let (load0, own0) = (report::load_average(), own_cpu());
    let mut r = drive::Run::new(&s.fake, a.games, a.procs);
    println!(
        "load: {} moves/s for {:.1} min over {} processes; load average {load0}",
        a.rate, a.minutes, a.procs
    );
    r.moves(&mut fleet, &a).await;
    r.drain(&mut fleet, a.drain).await;
    heard.stop.store(true, std::sync::atomic::Ordering::SeqCst);
    let load1 = report::load_average();
    println!("load: this process (the fake Discord, the driver, the pages) used {:.1} s of CPU over the moves and drain", own_cpu() - own0);
    fleet.stop_all();
    let wall = r.start.elapsed();
    let pg_cpu = s
        .postmaster
        .map(pg::server_cpu)
        .zip(cpu0)
        .map(|(b, a)| b - a);
    let after = snapshot(&s.store).await;
    let (url, from, to) = (s.store.clone(), before.lsn.clone(), after.lsn.clone());
    let wal = tokio::task::spawn_blocking(move || pg::wal_between(&url, &from, &to))
        .await
        .expect("the WAL");
    let url = s.store.clone();
    let (stored, outbox_left, versions) = tokio::task::spawn_blocking(move || read_back(url, ids))
        .await
        .expect("read the store");
    let m = Measured {
        load: [load0, load1],
        pg_cpu,
        wall,
        before,
        after,
        wal,
        stored,
        outbox_left,
        versions,
        watched,
        heard,
    };
    println!();
    print_moves(&a, &s, &r);
    print_costs(&a, &r, &fleet, &m);
    print_pages(&r, &m);
    for (log, lines) in procs::complaints(s.dir.path()) {
        println!("{log}: {} WARN/ERROR lines", lines.len());
        for l in lines.iter().take(5) {
            println!("  {l}");
        }
    }
}

fn print_moves(a: &Args, s: &Setup, r: &drive::Run) {
    let procs = a.procs;
    let outages: Vec<String> = r
        .outages
        .iter()
        .map(|o| {
            format!(
                "shard {} {:?} at {:.0} s, identified again {:.1?} later",
                o.slot,
                o.how,
                (o.at - r.start).as_secs_f64(),
                o.back.map_or(Duration::ZERO, |b| b - o.at)
            )
        })
        .collect();
    println!(
        "load test: {procs} processes (--shards i-i/{procs}) on PostgreSQL, {} games (seeded in {:.1?}), {} moves/s for {:.1?}; {}; {} cores",
        a.games,
        s.seeding,
        a.rate,
        r.sending,
        outages.join("; "),
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    let mid = r.mid_move.and_then(|i| {
        r.sent[i]
            .board
            .map(|b| format!("board posted {:.1?} after its arrival", b - r.sent[i].at))
    });
    println!(
        "the move that arrived {} ms before the kill: {}",
        a.kill_after_ms,
        mid.unwrap_or_else(|| "no board".to_string())
    );
    let acked = r.sent.iter().filter(|s| s.board.is_some()).count();
    println!(
        "moves sent {}, acknowledged (board posted) {acked}, unanswered {}, typed again {}",
        r.sent.len(),
        r.sent.len() - acked,
        r.retyped
    );
}

fn print_costs(a: &Args, r: &drive::Run, fleet: &fleet::Fleet, m: &Measured) {
    let procs = a.procs;
    let [missing, unboarded] = report::lost(r, &m.stored);
    println!(
        "lost {}: boards for moves missing from the store {missing}, moves in the store whose board never came {unboarded}",
        missing + unboarded
    );
    let (extra, repeats) = report::twice(r);
    println!(
        "posted twice {extra} (second messages for one move); repeats dropped by their nonce {repeats} (the fake counted {}); board posts without a nonce {}",
        r.fake.deduplicated(),
        r.seen.no_nonce
    );
    println!(
        "{}",
        report::summary(
            "latency outside the outages",
            report::latencies(r, &|s| !report::touched(r, procs, s))
        )
    );
    let (n, at) = report::slow_at(r, procs, r.start);
    println!("  of which over 1 s: {n}, arriving at {at:?} s (the test's longest read of the fake's log: {:.0?})", r.seen.longest_read);
    println!(
        "  per minute of arrival, p50/p99: {}",
        report::per_minute(r, procs)
    );
    println!(
        "{}",
        report::summary(
            "latency of the moves the outages touched",
            report::latencies(r, &|s| report::touched(r, procs, s))
        )
    );
    println!(
        "{}",
        report::summary("latency of all moves", report::latencies(r, &|_| true))
    );
    println!("{}", report::throughput(r));
    report::write_moves(r);
    let acked = r.sent.iter().filter(|s| s.board.is_some()).count();
    println!(
        "requests {} ({:.2} per acknowledged move; {} reads of messages back), answered 429 (global limit {GLOBAL_LIMIT}/s) {} (the fake counted {})",
        r.seen.requests,
        r.seen.requests as f64 / acked.max(1) as f64,
        r.seen.read_back,
        r.seen.limited,
        r.fake.globally_limited()
    );
    for line in report::processes(fleet) {
        println!("{line}");
    }
    let peaks: Vec<String> = r.peak_rss.iter().map(|p| format!("{p:.0}")).collect();
    println!("sampled RSS peaks (MiB): {}", peaks.join(" / "));
    let wall = m.wall.as_secs_f64();
    println!(
        "PostgreSQL CPU over the moves and drain ({wall:.0} s): {} ; load average at start {} and end {}",
        m.pg_cpu.map_or("unknown".into(), |c| format!("{c:.1} s ({:.2} cores)", c / wall)),
        m.load[0],
        m.load[1]
    );
    for line in report::database(&m.before, &m.after, m.wal, acked) {
        println!("{line}");
    }
    println!("outbox entries left {}", m.outbox_left);
}

fn print_pages(r: &drive::Run, m: &Measured) {
    let moves: Vec<(usize, Instant)> = r
        .sent
        .iter()
        .filter(|s| s.board.is_some())
        .map(|s| (s.game, s.at))
        .collect();
    let f = pages::figures(&m.heard, &m.watched, &moves, &m.versions);
    let o = std::sync::atomic::Ordering::SeqCst;
    println!(
        "web pages: {} open, sockets opened {} (closed {}, refused {}), new versions pushed {}, moves in watched games with no push after them {}, pages showing the stored version at the end {} of {}",
        m.watched.len(),
        m.heard.opened.load(o),
        m.heard.closed.load(o),
        m.heard.refused.load(o),
        f.pushes,
        f.unheard,
        f.current,
        m.watched.len()
    );
    println!(
        "{}",
        report::summary("  from a move's arrival to its page's push", f.latencies)
    );
}

fn main() {
    let Some(a) = world::args() else {
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
