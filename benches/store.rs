//! The store backends under the move path: with 1,000 stored active games, the p50 and
//! p99 of a durable move (one thread, round robin over the games), moves per second
//! from 2 threads, and the service's start-up time, on sled and, when
//! `ARCANA_TEST_POSTGRES` names a server, PostgreSQL (a fresh database). Criterion
//! times one durable move per engine. Under `cargo test` (no `--bench`) it runs small.

#[path = "../tests/store_backends/mod.rs"]
mod store_backends;

use arcana::core::Side;
use arcana::service::api::{ColorChoice, Context, ReplyKind, Request, User};
use arcana::service::clock::SystemClock;
use arcana::service::{stable_id, Service, ServiceConfig};
use arcana::variants::{Game, Options, VariantId};
use criterion::Criterion;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Moves per game and measurement.
const PLIES: usize = 4;

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

/// A random legal game of 60 moves at most, as (player, typed text).
fn script(seed: u64) -> Vec<(&'static str, String)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut g = Game::new(VariantId::Standard, &Options::new(), 0).expect("game");
    let mut out = Vec::new();
    while out.len() < 60 {
        let Some(ask) = g.ask() else { break };
        let legal = g.legal_texts();
        let m = legal[rng.gen_range(0..legal.len())].clone();
        g.play(ask.side, &m).expect("legal");
        out.push((
            if ask.side == Side::White {
                "alice"
            } else {
                "bob"
            },
            m,
        ));
    }
    out
}

fn service(store: arcana::store::Store) -> Service {
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

fn start_game(s: &Service, ch: u64) {
    s.handle(
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
    s.handle(&ctx("bob", ch), Request::Accept);
}

/// Games in play: each one's script and how far it got.
struct Games {
    scripts: Vec<Vec<(&'static str, String)>>,
    ply: Vec<usize>,
}

impl Games {
    /// Plays game `g`'s next move (a finished script starts a new game, untimed);
    /// returns the time of the move alone.
    fn play(&mut self, s: &Service, g: usize) -> Duration {
        if self.ply[g] >= self.scripts[g].len() {
            s.handle(&ctx("alice", g as u64), Request::Resign);
            start_game(s, g as u64);
            self.ply[g] = 0;
        }
        let (who, m) = &self.scripts[g][self.ply[g]];
        let t0 = Instant::now();
        let r = s.handle(&ctx(who, g as u64), Request::Move { text: m.clone() });
        let took = t0.elapsed();
        assert_ne!(r[0].kind, ReplyKind::Refusal, "{m}: {}", r[0].text);
        self.ply[g] += 1;
        took
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn engine(c: &mut Criterion, e: &store_backends::TestStore, games: usize) {
    let name = e.name;
    let s = service(e.open());
    for ch in 0..games {
        start_game(&s, ch as u64);
    }
    drop(s);
    let t0 = Instant::now();
    let s = service(e.open());
    println!(
        "{name}: start-up with {games} active games: {:.1?}",
        t0.elapsed()
    );
    let mut g = Games {
        scripts: (0..games as u64).map(script).collect(),
        ply: vec![0; games],
    };

    // One thread, round robin: every move durable before the next.
    let mut lat = Vec::new();
    for _ in 0..PLIES {
        for i in 0..games {
            lat.push(g.play(&s, i));
        }
    }
    lat.sort();
    println!(
        "{name}: durable move, {games} games, 1 thread: {} moves, p50 {:.2?}, p99 {:.2?}",
        lat.len(),
        percentile(&lat, 0.50),
        percentile(&lat, 0.99)
    );

    // Two threads, each with half of the games.
    let t0 = Instant::now();
    let parts: Vec<Games> = (0..2)
        .map(|t| Games {
            scripts: (0..games)
                .map(|i| {
                    if i % 2 == t {
                        g.scripts[i].clone()
                    } else {
                        Vec::new()
                    }
                })
                .collect(),
            ply: g.ply.clone(),
        })
        .collect();
    let moved: usize = std::thread::scope(|sc| {
        let handles: Vec<_> = parts
            .into_iter()
            .enumerate()
            .map(|(t, mut part)| {
                let s = &s;
                sc.spawn(move || {
                    let mut n = 0;
                    for _ in 0..PLIES {
                        for i in (t..games).step_by(2) {
                            part.play(s, i);
                            n += 1;
                        }
                    }
                    (part, n)
                })
            })
            .collect();
        handles
            .into_iter()
            .enumerate()
            .map(|(t, h)| {
                let (part, n) = h.join().expect("thread");
                for i in (t..games).step_by(2) {
                    g.ply[i] = part.ply[i];
                }
                n
            })
            .sum()
    });
    let took = t0.elapsed();
    println!(
        "{name}: {moved} durable moves over {games} games from 2 threads in {took:.2?}: {:.0} moves/s",
        moved as f64 / took.as_secs_f64()
    );

    let mut i = 0;
    c.bench_function(&format!("durable move ({name}, {games} games)"), |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                total += g.play(&s, i);
                i = (i + 1) % games;
            }
            total
        })
    });
}

fn main() {
    // `cargo bench` passes `--bench`; under `cargo test` this is a quick check only.
    let measuring = std::env::args().any(|a| a == "--bench");
    let games = if measuring { 1_000 } else { 20 };
    let mut c = Criterion::default()
        .sample_size(20)
        .measurement_time(Duration::from_secs(5))
        .configure_from_args();
    for e in store_backends::backends("bench") {
        engine(&mut c, &e, games);
    }
    c.final_summary();
}
