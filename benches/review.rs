//! The post-game review of a 60-turn game (30 answers each, played by level 2 from
//! the start) at the review's default setting, one game at a time on one thread.
//! Measured in the thread's processor time where Linux gives it
//! (`/proc/thread-self/schedstat`), wall-clock time elsewhere, so the figure holds on
//! a shared machine. The goal: at most 30 s of one core.

use arcana::engine::review::review_default;
use arcana::engine::{decide, Settings};
use arcana::variants::{Game, Options, VariantId};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::time::{Duration, Instant};

fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = text.split_whitespace().next()?.parse::<u64>().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Up to `turns` answers of a game played by level 2 from the start.
fn game_of(variant: VariantId, turns: usize) -> (Options, Vec<String>) {
    let options = Options::default();
    let mut answers = Vec::new();
    let Ok(mut game) = Game::new(variant, &options, 7) else {
        return (options, answers);
    };
    while answers.len() < turns {
        let Some(ask) = game.ask() else { break };
        let Some(d) = decide(&game, ask.side, &Settings::new(2, answers.len() as u64)) else {
            break;
        };
        if game.play(ask.side, &d.text).is_err() {
            break;
        }
        answers.push(d.text);
    }
    (options, answers)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("review_60_turns");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for variant in [VariantId::Standard, VariantId::Wand, VariantId::WallsFull] {
        let (options, answers) = game_of(variant, 60);
        group.bench_with_input(
            BenchmarkId::from_parameter(variant.id()),
            &answers,
            |b, answers| {
                b.iter_custom(|n| {
                    let wall = Instant::now();
                    let cpu = thread_cpu();
                    for _ in 0..n {
                        let r = review_default(variant, &options, 7, answers);
                        assert!(r.is_ok());
                    }
                    match (cpu, thread_cpu()) {
                        (Some(a), Some(b)) => b.saturating_sub(a),
                        _ => wall.elapsed(),
                    }
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
