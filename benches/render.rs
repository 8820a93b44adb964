//! Render + PNG encode of a midgame board of every game at the default size (goal,
//! issue 53: at most 0.5 ms and 25 KB each). Prints each PNG's size; criterion gives
//! the time. `cargo bench --bench render`

use arcana::cli::setup_game;
use arcana::core::view::{View, Viewer};
use arcana::render::{render_png, render_rgb, RenderOptions};
use arcana::variants::{Game, Options, VariantId};
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Standard chess's midgame, the same line as the figures measured before issue 53.
const MIDDLEGAME: &str = "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 d3 Bb4";
/// Finished turns of a random midgame in the other games.
const TURNS: usize = 20;

/// The public view after a random legal game of exactly [`TURNS`] finished turns (the
/// first seed whose game lasts that long): badges, marks, walls and notes as play
/// leaves them.
fn random_midgame(variant: VariantId) -> View {
    for seed in 1..200 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = Game::new(variant, &Options::new(), seed).expect("game");
        let mut done = 0;
        while done < TURNS {
            let Some(ask) = game.ask() else { break };
            let legal = game.legal_texts();
            let pick = legal[rng.gen_range(0..legal.len())].clone();
            if game.play(ask.side, &pick).is_err() {
                break;
            }
            if game.ask().is_none_or(|a| !a.question.continues_turn()) {
                done += 1;
            }
        }
        if done == TURNS && game.ask().is_some() {
            return game.view(Viewer::Public);
        }
    }
    panic!("no seed gives {} a midgame", variant.id())
}

fn midgame(variant: VariantId) -> View {
    if variant == VariantId::Standard {
        let game =
            setup_game("standard", None, Some(MIDDLEGAME), &Options::new(), 0).expect("middlegame");
        return game.view(Viewer::Public);
    }
    random_midgame(variant)
}

fn render(c: &mut Criterion) {
    let options = RenderOptions::default();
    for variant in VariantId::available() {
        let view = midgame(variant);
        // Warm the tile cache so the bench measures a frame, not the one-off preparation.
        let png = render_png(&view, &options).expect("render");
        println!(
            "{} midgame PNG at 512: {:.1} KB",
            variant.id(),
            png.len() as f64 / 1024.0
        );
        c.bench_function(&format!("render_png {} midgame 512", variant.id()), |b| {
            b.iter(|| render_png(black_box(&view), black_box(&options)).map(|p| p.len()))
        });
    }
    // The drawing alone, to see how the time splits between drawing and encoding.
    let view = midgame(VariantId::Standard);
    c.bench_function("render_rgb standard midgame 512 (no encoding)", |b| {
        b.iter(|| render_rgb(black_box(&view), black_box(&options)).len())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50);
    targets = render
}
criterion_main!(benches);
