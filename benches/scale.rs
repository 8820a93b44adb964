//! The store at scale, on sled and (when `ARCANA_TEST_POSTGRES` names a server, as
//! `.ci/with-postgres` sets it) PostgreSQL, each in a fresh store: with N stored active
//! games (a few plies each, the seven games in turn, written straight through the
//! store in lazy batches), the start-up time of `Service::new` and the memory it holds,
//! the time of the first move after the start, p50 and p99 of a durable move (one
//! thread, round robin over up to 1,000 of the games spread across the N), and moves
//! per second across those games from 1 and from 2 threads, and the bytes a move
//! writes (the whole batch: game, outbox entry). Criterion then times one durable move
//! per engine and N.
//!
//! N is 1,000 unless `ARCANA_BENCH_GAMES` lists sizes (`ARCANA_BENCH_GAMES=1000,100000`).
//! Under `cargo test` (no `--bench`) it runs with 40 games. `ARCANA_BENCH_BACKEND=sled`
//! or `postgres` runs one backend only; `ARCANA_BENCH_KEEP=DIR` keeps the filled store
//! (sled: a copy in DIR; PostgreSQL: its database, not dropped, its URL printed);
//! `ARCANA_BENCH_STORE=URL` prints the start-up figures alone on a store filled before.

#[path = "../tests/store_backends/mod.rs"]
mod store_backends;

use arcana::service::api::{Context, ReplyKind, Request, User};
use arcana::service::clock::SystemClock;
use arcana::service::record::play_answer;
use arcana::service::{stable_id, Service, ServiceConfig};
use arcana::store::{Action, ActionKind, GameRecord, Store, TurnClock, Write, FORMAT_VERSION};
use arcana::variants::{Game, Options, VariantId};
use criterion::Criterion;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Games moved in the latency and throughput runs (spread evenly over the stored ones).
const MOVED: usize = 1_000;
/// Round-robin passes over the moved games in each run.
const PASSES: usize = 2;
/// Games written per lazy batch while filling the store.
const FILL_BATCH: usize = 500;
/// The first channel id of the bench's games.
const CHANNEL0: u64 = 1_000_000;

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

fn player(i: usize, side: usize) -> User {
    let name = format!("p{}-{i}", ["w", "b"][side]);
    User {
        id: stable_id("user", &name),
        name,
    }
}

/// One stored game the bench keeps playing: its state as the service has it, and
/// answers chosen ahead (so that a timed run spends its time in the service).
struct Mover {
    game: Game,
    channel: u64,
    players: [User; 2],
    rng: StdRng,
    planned: std::collections::VecDeque<(usize, String)>,
}

impl Mover {
    /// Chooses up to `plies` more answers (random, legal) on the bench's own copy.
    fn plan(&mut self, plies: usize) {
        for _ in 0..plies {
            let Some(ask) = self.game.ask() else { return };
            let Some((text, after)) = pick(&self.game, &mut self.rng) else {
                return;
            };
            self.game = after;
            self.planned.push_back((ask.side.index(), text));
        }
    }

    /// Sends the next planned answer to the service; returns how long the durable
    /// move took, or `None` when none is planned (the game is over).
    fn step(&mut self, s: &Service) -> Option<Duration> {
        let (side, text) = self.planned.pop_front()?;
        let ctx = Context {
            user: self.players[side].clone(),
            channel: self.channel,
            server: Some(1),
            key: None,
            lang: Default::default(),
            guild_locale: None,
        };
        let t0 = Instant::now();
        let r = s.handle(&ctx, Request::Move { text: text.clone() });
        let took = t0.elapsed();
        assert!(
            r.first().is_some_and(|r| r.kind != ReplyKind::Refusal),
            "{}: {text}: {:?}",
            self.channel,
            r.first().map(|r| &r.text)
        );
        Some(took)
    }
}

/// A random answer the game takes at once (some listed answers ask for a
/// confirmation first), with the game after it.
fn pick(game: &Game, rng: &mut StdRng) -> Option<(String, Game)> {
    let ask = game.ask()?;
    let legal = game.legal_texts();
    for _ in 0..50 {
        let text = legal.get(rng.gen_range(0..legal.len().max(1)))?.clone();
        let mut after = game.clone();
        if after.play(ask.side, &text).is_ok() {
            return Some((text, after));
        }
    }
    None
}

/// Game `i` with a few random plies (2 to 6), as the service would have stored it.
fn stored_game(i: usize, now: u64) -> (GameRecord, Mover) {
    let variants = VariantId::available();
    let variant = variants[i % variants.len()];
    let options = Options::new();
    let seed = stable_id("seed", &i.to_string());
    let mut game = Game::new(variant, &options, seed).expect("a new game");
    let mut rng = StdRng::seed_from_u64(seed);
    let mut actions = Vec::new();
    let mut history = Vec::new();
    for _ in 0..2 + i % 5 {
        let Some(ask) = game.ask() else { break };
        let Some((text, _)) = pick(&game, &mut rng) else {
            break;
        };
        let played = play_answer(&mut game, &mut history, ask.side, &text).expect("legal");
        actions.push(Action {
            at_ms: now,
            kind: ActionKind::Play {
                side: ask.side,
                text: played.action,
            },
        });
        if game.is_over() {
            break;
        }
    }
    let players = [player(i, 0), player(i, 1)];
    let channel = CHANNEL0 + i as u64;
    let rec = GameRecord {
        format: FORMAT_VERSION,
        id: i as u64 + 1,
        channel,
        server: Some(1),
        players: players.clone(),
        variant,
        options,
        seed,
        days: 3,
        created_ms: now,
        actions,
        history,
        clock: game.ask().map(|a| TurnClock {
            side: a.side,
            started_ms: now,
            deadline_ms: Some(now + 3 * 86_400_000),
            reminded: false,
            expiry_told: false,
            paused_ms: None,
        }),
        draw_offer: None,
        finished: game.is_over(),
        rated: true,
        end: None,
        computer: None,
        home: None,
        bank_ms: None,
        bank_days: 0,
        conditional: Vec::new(),
        conditional_plies: Vec::new(),
        away: [false; 2],
        no_vacation: false,
        takeback_offer: None,
        place: Default::default(),
    };
    (
        rec,
        Mover {
            game,
            channel,
            players,
            rng,
            planned: Default::default(),
        },
    )
}

/// Fills `store` with `n` games; returns the movers of every `n / MOVED`-th game.
fn fill(store: &Store, n: usize) -> Vec<Mover> {
    let now = now_ms();
    let stride = (n / MOVED).max(1);
    let mut movers = Vec::new();
    let mut w = Write::new();
    for i in 0..n {
        let (rec, mover) = stored_game(i, now);
        w.game(&rec).expect("encode");
        // With the index entries the service writes beside each record.
        arcana::service::index_record(&mut w, &rec, &mover.game).expect("index");
        if i % stride == 0 && !rec.finished && movers.len() < MOVED {
            movers.push(mover);
        }
        if (i + 1) % FILL_BATCH == 0 {
            store.commit_lazy(std::mem::take(&mut w)).expect("fill");
        }
    }
    // Marked as this build marks a store it made (no pass over old records at start).
    w.games_indexed();
    w.results_indexed();
    w.challenges_indexed();
    store.commit(w).expect("fill");
    store
        .replace_ratings(&Default::default(), Default::default())
        .expect("ratings");
    store.new_id().expect("id");
    movers
}

/// Copies the folder `from` (a closed sled store) to `to`.
fn copy_folder(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).expect("the kept folder");
    for entry in std::fs::read_dir(from).expect("the store folder").flatten() {
        let target = to.join(entry.file_name());
        match entry.file_type().map(|t| t.is_dir()) {
            Ok(true) => copy_folder(&entry.path(), &target),
            _ => {
                std::fs::copy(entry.path(), target).expect("copy");
            }
        }
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// The resident memory of this process, from `/proc` (Linux), in MiB.
fn rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn service(store: Store) -> Service {
    Service::new(
        store,
        Arc::new(SystemClock),
        ServiceConfig {
            seed: Some(1),
            ..ServiceConfig::default()
        },
    )
    .expect("service")
}

/// One pass of moves over `movers` from `threads` threads (each its share of the
/// games, round robin); returns the moves made, each one's time, and the wall time.
fn run(
    s: &Service,
    movers: &mut Vec<Mover>,
    threads: usize,
    passes: usize,
) -> (Vec<Duration>, Duration) {
    let mut parts: Vec<Vec<Mover>> = (0..threads).map(|_| Vec::new()).collect();
    for m in movers.iter_mut() {
        m.plan(passes);
    }
    for (i, m) in movers.drain(..).enumerate() {
        parts[i % threads].push(m);
    }
    let t0 = Instant::now();
    let results: Vec<(Vec<Mover>, Vec<Duration>)> = std::thread::scope(|sc| {
        let handles: Vec<_> = parts
            .into_iter()
            .map(|mut part| {
                sc.spawn(move || {
                    let mut lat = Vec::new();
                    for _ in 0..passes {
                        for m in part.iter_mut() {
                            lat.extend(m.step(s));
                        }
                    }
                    (part, lat)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("thread"))
            .collect()
    });
    let wall = t0.elapsed();
    let mut all = Vec::new();
    for (part, lat) in results {
        movers.extend(part);
        all.extend(lat);
    }
    all.sort();
    (all, wall)
}

fn engine(c: &mut Criterion, e: &store_backends::TestStore, n: usize) {
    let name = e.name;
    let t0 = Instant::now();
    let mut movers = fill(&e.open(), n);
    println!(
        "{name}, {n} stored games: filled in {:.1?} ({} moved)",
        t0.elapsed(),
        movers.len()
    );

    start_figures(&format!("{name}, {n} stored games"), &e.url);
    // The filled sled folder kept for profiling (`ARCANA_BENCH_KEEP=DIR`), and the
    // start-up figures alone (`ARCANA_BENCH_START_ONLY=1`).
    if let (Ok(keep), Some(from)) = (
        std::env::var("ARCANA_BENCH_KEEP"),
        e.url.strip_prefix("sled:"),
    ) {
        let to = std::path::Path::new(&keep).join(format!("{name}-{n}"));
        copy_folder(std::path::Path::new(from), &to);
        println!(
            "{name}, {n} stored games: the folder kept as {}",
            to.display()
        );
    }
    if std::env::var_os("ARCANA_BENCH_KEEP").is_some() && e.url.starts_with("postgres") {
        println!("{name}, {n} stored games: the database kept at {}", e.url);
    }
    if std::env::var_os("ARCANA_BENCH_START_ONLY").is_some() {
        return;
    }

    let before = rss_mib();
    let t0 = Instant::now();
    let s = service(e.open());
    let startup = t0.elapsed();
    let held = rss_mib().zip(before).map(|(a, b)| a - b);
    let first = movers
        .iter_mut()
        .find_map(|m| {
            m.plan(1);
            m.step(&s)
        })
        .unwrap_or_default();
    println!(
        "{name}, {n} stored games: start-up {startup:.2?} (memory +{:.0} MiB), first move {first:.2?}",
        held.unwrap_or(0.0)
    );

    // The minute tick reads only what is due (clock entries, vacations ending,
    // digests): its cost must not grow with the stored games, nor with vacations.
    let ticks = |s: &Service| {
        let mut t: Vec<Duration> = (0..50)
            .map(|_| {
                let t0 = Instant::now();
                s.tick();
                t0.elapsed()
            })
            .collect();
        t.sort();
        (percentile(&t, 0.50), percentile(&t, 0.99))
    };
    let (p50, p99) = ticks(&s);
    println!("{name}, {n} stored games: tick (nothing due): p50 {p50:.2?}, p99 {p99:.2?}");
    // 100 players on vacation (their games' clocks stopped, their ends marked).
    let away = movers.len().min(100);
    for m in movers.iter().take(away) {
        let ctx = Context {
            user: m.players[m.game.ask().map_or(0, |a| a.side.index())].clone(),
            channel: m.channel,
            server: Some(1),
            key: None,
            lang: Default::default(),
            guild_locale: None,
        };
        s.handle(&ctx, Request::Vacation { on: Some(true) });
    }
    let (p50, p99) = ticks(&s);
    println!(
        "{name}, {n} stored games: tick with {away} players on vacation: p50 {p50:.2?}, p99 {p99:.2?}"
    );
    for m in movers.iter().take(away) {
        let ctx = Context {
            user: m.players[m.game.ask().map_or(0, |a| a.side.index())].clone(),
            channel: m.channel,
            server: Some(1),
            key: None,
            lang: Default::default(),
            guild_locale: None,
        };
        s.handle(&ctx, Request::Vacation { on: Some(false) });
    }

    let written = s.store().bytes_written();
    let (lat, wall) = run(&s, &mut movers, 1, PASSES);
    println!(
        "{name}, {n} stored games: durable move, 1 thread: {} moves, p50 {:.2?}, p99 {:.2?}, {:.0} moves/s, {} bytes written per move",
        lat.len(),
        percentile(&lat, 0.50),
        percentile(&lat, 0.99),
        lat.len() as f64 / wall.as_secs_f64(),
        (s.store().bytes_written() - written) / lat.len().max(1) as u64
    );
    let (lat, wall) = run(&s, &mut movers, 2, PASSES);
    println!(
        "{name}, {n} stored games: 2 threads: {} moves, p50 {:.2?}, p99 {:.2?}, {:.0} moves/s",
        lat.len(),
        percentile(&lat, 0.50),
        percentile(&lat, 0.99),
        lat.len() as f64 / wall.as_secs_f64()
    );

    let mut i = 0;
    c.bench_function(&format!("durable move ({name}, {n} stored games)"), |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            let mut done = 0;
            let mut idle = 0;
            while done < iters && idle < movers.len() {
                i = (i + 1) % movers.len();
                if movers[i].planned.is_empty() {
                    movers[i].plan(1);
                }
                match movers[i].step(&s) {
                    Some(t) => {
                        total += t;
                        done += 1;
                        idle = 0;
                    }
                    None => idle += 1,
                }
            }
            total
        })
    });
}

/// The start-up figures on the store at `url`: `arcana local` with nothing typed, start
/// to exit, this build's and (`ARCANA_BIN_BEFORE`) another's, their runs taking turns so
/// that both meet the same load; and the floors beneath them: the process's own start
/// and exit, and on PostgreSQL a connection opened, asked `SELECT 1` and closed (the
/// server starts a backend process for each connection).
fn start_figures(label: &str, url: &str) {
    let before = std::env::var("ARCANA_BIN_BEFORE").ok();
    let out = tempfile::tempdir().expect("tempdir");
    let (mut now, mut then) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        now.push(local_run(env!("CARGO_BIN_EXE_arcana"), url, out.path()));
        if let Some(before) = &before {
            then.push(local_run(before, url, out.path()));
        }
    }
    println!(
        "{label}: `arcana local` with no input, start to exit: median {:.1?} of {RUNS}",
        median(&mut now)
    );
    if let Some(before) = &before {
        println!(
            "{label}: the same with {before}: median {:.1?} of {RUNS}",
            median(&mut then)
        );
    }
    let mut bare: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let t0 = Instant::now();
            let status = std::process::Command::new(env!("CARGO_BIN_EXE_arcana"))
                .arg("--version")
                .stdout(std::process::Stdio::null())
                .status()
                .expect("arcana --version");
            assert!(status.success(), "arcana --version failed");
            t0.elapsed()
        })
        .collect();
    println!(
        "{label}: `arcana --version`, start to exit: median {:.1?} of {RUNS}",
        median(&mut bare)
    );
    if url.starts_with("postgres") {
        let mut connect: Vec<Duration> = (0..RUNS)
            .map(|_| {
                let t0 = Instant::now();
                let mut c = postgres::Client::connect(url, postgres::NoTls).expect("connect");
                c.simple_query("SELECT 1").expect("SELECT 1");
                c.close().expect("close");
                t0.elapsed()
            })
            .collect();
        println!(
            "{label}: a connection opened, `SELECT 1`, closed, in process: median {:.1?} of {RUNS}",
            median(&mut connect)
        );
    }
}

/// Runs of each start-up figure.
const RUNS: usize = 7;

/// One run of `ARCANA local --store URL` with nothing typed: what a player waits before
/// the first line is read (the store opened, the note on unfinished games printed),
/// and the exit.
fn local_run(arcana: &str, url: &str, out: &std::path::Path) -> Duration {
    let t0 = Instant::now();
    let status = std::process::Command::new(arcana)
        .args(["local", "--no-images", "--store", url, "--out"])
        .arg(out)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .expect("arcana local");
    assert!(status.success(), "arcana local failed");
    t0.elapsed()
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    // `cargo bench` passes `--bench`; under `cargo test` this is a quick check only.
    let measuring = std::env::args().any(|a| a == "--bench");
    let sizes: Vec<usize> = if measuring {
        std::env::var("ARCANA_BENCH_GAMES")
            .ok()
            .map(|v| {
                v.split(',')
                    .filter_map(|s| s.trim().replace('_', "").parse().ok())
                    .collect()
            })
            .filter(|v: &Vec<usize>| !v.is_empty())
            .unwrap_or_else(|| vec![1_000])
    } else {
        vec![40]
    };
    let mut c = Criterion::default()
        .sample_size(20)
        .measurement_time(Duration::from_secs(5))
        .configure_from_args();
    // The start-up figures alone on a store filled before (`ARCANA_BENCH_STORE=URL`,
    // e.g. a database kept by `ARCANA_BENCH_KEEP`).
    if let Ok(url) = std::env::var("ARCANA_BENCH_STORE") {
        start_figures(&url, &url);
        return;
    }
    // One backend only (`ARCANA_BENCH_BACKEND=sled` or `postgres`).
    let only = std::env::var("ARCANA_BENCH_BACKEND").ok();
    let keep = std::env::var_os("ARCANA_BENCH_KEEP").is_some();
    for n in sizes {
        for e in store_backends::backends("scale") {
            if only.as_deref().is_some_and(|b| b != e.name) {
                continue;
            }
            engine(&mut c, &e, n);
            if keep && e.url.starts_with("postgres") {
                // A kept PostgreSQL database is not dropped (the handle's drop would).
                std::mem::forget(e);
            }
        }
    }
    c.final_summary();
}
