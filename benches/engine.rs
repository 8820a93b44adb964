//! Time per answer of the computer player at each level, in every variant, on a
//! middle-game position (the start of each game played on by level 1 for a dozen
//! answers, setup included), one search at a time on one thread.

use arcana::engine::{decide, Settings, LEVELS};
use arcana::variants::{Game, Options, VariantId};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::time::Duration;

/// Answers played from the start before the measured decision.
const OPENING: usize = 12;

/// The measured position of `variant`: a dozen answers by level 1 from the start.
fn position(variant: VariantId) -> Game {
    let mut game = Game::new(variant, &Options::new(), 5).expect("game");
    for i in 0..OPENING {
        let Some(ask) = game.ask() else { break };
        let d = decide(&game, ask.side, &Settings::new(1, i as u64)).expect("an answer");
        game.play(ask.side, &d.text).expect("legal answer");
    }
    assert!(game.ask().is_some(), "{variant}: the game goes on");
    game
}

fn bench(c: &mut Criterion) {
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

criterion_group!(benches, bench);
criterion_main!(benches);
