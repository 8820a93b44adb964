//! The animated export: a whole game replayed, drawn frame by frame and encoded as one
//! GIF, for games of 40 and 100 turns (target: 100 turns in under 100 ms and 2 MB).
//! Prints each GIF's size; criterion gives the time.

use arcana::core::Side;
use arcana::render::{render_gif, GifOptions};
use arcana::service::record::frames;
use arcana::variants::{Game, Options, VariantId};
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The answers of a random legal game of exactly `turns` finished turns (the first
/// seed whose game lasts that long), with the game's seed.
fn random_game(variant: VariantId, options: &Options, turns: usize) -> (u64, Vec<String>) {
    for seed in 1.. {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = Game::new(variant, options, seed).expect("game");
        let mut answers = Vec::new();
        let mut done = 0;
        while done < turns {
            let Some(ask) = game.ask() else { break };
            let legal = game.legal_texts();
            let pick = legal[rng.gen_range(0..legal.len())].clone();
            if game.play(ask.side, &pick).is_err() {
                break;
            }
            answers.push(pick);
            if game.ask().is_none_or(|a| !a.question.continues_turn()) {
                done += 1;
            }
        }
        if done == turns {
            return (seed, answers);
        }
    }
    unreachable!("some seed gives a long enough game")
}

fn gif(c: &mut Criterion) {
    let names = ["alice".to_string(), "bob".to_string()];
    let cases = [
        (VariantId::Wand, Options::new()),
        (VariantId::Standard, Options::new()),
    ];
    for (variant, options) in cases {
        for turns in [40usize, 100] {
            let (seed, answers) = random_game(variant, &options, turns);
            let (views, _) = frames(variant, &options, seed, &answers, &names).expect("replays");
            assert_eq!(views.len(), turns + 1);
            let gif_options = GifOptions {
                bottom: Side::White,
                ..GifOptions::default()
            };
            let bytes = render_gif(&views, &gif_options).expect("gif");
            println!(
                "{} {turns} turns: {} frames, {:.1} KB",
                variant.id(),
                views.len(),
                bytes.len() as f64 / 1024.0
            );
            c.bench_function(&format!("gif {} {turns} turns", variant.id()), |b| {
                b.iter(|| {
                    let (views, _) = frames(variant, &options, seed, black_box(&answers), &names)
                        .expect("replays");
                    render_gif(&views, &gif_options).map(|g| g.len())
                })
            });
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = gif
}
criterion_main!(benches);
