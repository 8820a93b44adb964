//! The move path without rendering (parse, validate, apply, durable store) over 1,000
//! concurrent games: criterion for one move, plus our own latency percentiles and
//! throughput with several threads racing over all the games.

use arcana::service::api::{ColorChoice, Context, ReplyKind, Request, User};
use arcana::service::clock::SystemClock;
use arcana::service::{stable_id, Service, ServiceConfig};
use arcana::store::Store;
use arcana::variants::{Game, Options, VariantId};
use criterion::{criterion_group, criterion_main, Criterion};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::time::{Duration, Instant};

const GAMES: u64 = 1_000;
const PLIES: usize = 60;
/// Moves per game in the throughput runs (10,000 moves in all).
const THROUGHPUT_PLIES: usize = 10;

fn user(name: &str) -> User {
    User {
        id: stable_id("user", name),
        name: name.to_string(),
    }
}

fn ctx(name: &str, channel: u64) -> Context {
    Context {
        user: user(name),
        channel,
        server: Some(1),
        key: None,
        lang: Default::default(),
        guild_locale: None,
    }
}

/// A random legal game of up to `PLIES` moves, as (player, typed text).
fn script(seed: u64) -> Vec<(&'static str, String)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut g = Game::new(VariantId::Standard, &Options::new(), 0).expect("game");
    let mut out = Vec::new();
    while out.len() < PLIES {
        let Some(ask) = g.ask() else { break };
        let legal = g.legal_texts();
        let m = legal[rng.gen_range(0..legal.len())].clone();
        g.play(ask.side, &m).expect("legal");
        let who = if ask.side == arcana::core::Side::White {
            "alice"
        } else {
            "bob"
        };
        out.push((who, m));
    }
    out
}

struct Setup {
    service: Arc<Service>,
    scripts: Arc<Vec<Vec<(&'static str, String)>>>,
    _dir: tempfile::TempDir,
}

fn setup() -> Setup {
    let dir = tempfile::tempdir().expect("dir");
    let service = Service::new(
        Store::open(dir.path()).expect("store"),
        Arc::new(SystemClock),
        ServiceConfig {
            seed: Some(1),
            ..ServiceConfig::default()
        },
    )
    .expect("service");
    for ch in 0..GAMES {
        service.handle(
            &ctx("alice", ch),
            Request::Challenge {
                opponent: user("bob"),
                variant: VariantId::Standard,
                color: ColorChoice::White,
                days: Some(3),
                options: Options::new(),
                rated: true,
            },
        );
        service.handle(&ctx("bob", ch), Request::Accept);
    }
    let scripts = (0..GAMES).map(script).collect();
    Setup {
        service: Arc::new(service),
        scripts: Arc::new(scripts),
        _dir: dir,
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

/// Several threads, each owning a share of the games, play every game's script.
fn throughput(threads: u64) {
    let s = setup();
    let start = Instant::now();
    let handles: Vec<_> = (0..threads)
        .map(|t| {
            let service = s.service.clone();
            let scripts = s.scripts.clone();
            std::thread::spawn(move || {
                let mut lat = Vec::new();
                let mine: Vec<u64> = (0..GAMES).filter(|g| g % threads == t).collect();
                // Round-robin over this thread's games so all of them are in play at once.
                for ply in 0..THROUGHPUT_PLIES {
                    for &g in &mine {
                        let Some((who, m)) = scripts[g as usize].get(ply) else {
                            continue;
                        };
                        let t0 = Instant::now();
                        let r = service.handle(&ctx(who, g), Request::Move { text: m.clone() });
                        lat.push(t0.elapsed());
                        assert_ne!(r[0].kind, ReplyKind::Refusal, "{m}: {}", r[0].text);
                    }
                }
                lat
            })
        })
        .collect();
    let mut lat: Vec<Duration> = handles
        .into_iter()
        .flat_map(|h| h.join().expect("thread"))
        .collect();
    let elapsed = start.elapsed();
    lat.sort();
    println!(
        "service move path, {GAMES} games, {threads} threads: {} moves in {:.2?}: p50 {:.3?}, p99 {:.3?}, {:.0} moves/s",
        lat.len(),
        elapsed,
        percentile(&lat, 0.50),
        percentile(&lat, 0.99),
        lat.len() as f64 / elapsed.as_secs_f64()
    );
}

fn bench(c: &mut Criterion) {
    throughput(1);
    throughput(8);
    // Criterion: one move at a time, cycling over the 1,000 games; a game whose script
    // is used up is replaced by a new one outside the timed part.
    let s = setup();
    let mut ply = vec![0usize; GAMES as usize];
    let mut g = 0usize;
    c.bench_function("service move (1,000 games, durable)", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                if ply[g] >= s.scripts[g].len() {
                    restart(&s.service, g as u64);
                    ply[g] = 0;
                }
                let (who, m) = &s.scripts[g][ply[g]];
                let t0 = Instant::now();
                let r = s
                    .service
                    .handle(&ctx(who, g as u64), Request::Move { text: m.clone() });
                total += t0.elapsed();
                std::hint::black_box(r);
                ply[g] += 1;
                g = (g + 1) % GAMES as usize;
            }
            total
        })
    });
}

fn restart(service: &Service, ch: u64) {
    service.handle(&ctx("alice", ch), Request::Resign);
    service.handle(
        &ctx("alice", ch),
        Request::Challenge {
            opponent: user("bob"),
            variant: VariantId::Standard,
            color: ColorChoice::White,
            days: Some(3),
            options: Options::new(),
            rated: true,
        },
    );
    service.handle(&ctx("bob", ch), Request::Accept);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(5));
    targets = bench
}
criterion_main!(benches);
