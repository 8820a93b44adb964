//! Time per answer of the computer player at each level, in every variant, on a
//! middle-game position (the start of each game played on by level 2 for a dozen
//! answers, setup included), one search at a time on one thread. Measured in the
//! thread's processor time where Linux gives it (`/proc/thread-self/schedstat`), so the
//! figures hold on a machine shared with other work; wall-clock time elsewhere. Level 5
//! of standard chess and Sorchess is the alpha-beta search (a node budget), the rest
//! the tree search (an iteration budget).

use arcana::engine::{decide, Settings, LEVELS};
use arcana::variants::{Game, Options, VariantId};
use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::time::{Duration, Instant};

#[path = "common/cpu.rs"]
mod cpu;
use cpu::thread_cpu;

/// Processor time of the measuring thread (wall-clock time if the system has no such
/// clock).
struct ThreadCpu {
    wall: WallTime,
}

impl Measurement for ThreadCpu {
    type Intermediate = (Option<Duration>, Instant);
    type Value = Duration;

    fn start(&self) -> Self::Intermediate {
        (thread_cpu(), Instant::now())
    }
    fn end(&self, (cpu, wall): Self::Intermediate) -> Duration {
        match (cpu, thread_cpu()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => wall.elapsed(),
        }
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        self.wall.formatter()
    }
}

/// Answers played from the start before the measured decision.
const OPENING: usize = 12;

/// The measured position of `variant`: a dozen answers by level 2 from the start, or
/// fewer if level 2 against itself ends the game within four more answers (so the
/// measured side does not merely have a mate in one).
fn position(variant: VariantId) -> Game {
    let mut games = vec![Game::new(variant, &Options::new(), 5).expect("game")];
    for i in 0..OPENING + 4 {
        let game = games.last().expect("a game").clone();
        let Some(ask) = game.ask() else { break };
        let d = decide(&game, ask.side, &Settings::new(2, i as u64)).expect("an answer");
        let mut next = game;
        next.play(ask.side, &d.text).expect("legal answer");
        games.push(next);
    }
    let going = games.iter().take_while(|g| g.ask().is_some()).count();
    let at = OPENING.min(going.saturating_sub(5));
    games.swap_remove(at)
}

fn bench(c: &mut Criterion<ThreadCpu>) {
    let mut group = c.benchmark_group("engine");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    for variant in VariantId::available() {
        let game = position(variant);
        let side = game.ask().expect("asked").side;
        for level in LEVELS {
            let id = BenchmarkId::new(variant.id(), format!("level {level}"));
            group.bench_with_input(id, &level, |b, &l| {
                b.iter(|| decide(&game, side, &Settings::new(l, 1)).expect("an answer"))
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(ThreadCpu { wall: WallTime });
    targets = bench
}
criterion_main!(benches);
