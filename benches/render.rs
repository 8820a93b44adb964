//! Render + PNG encode of a middlegame board at the default size.

use arcana::cli::setup_game;
use arcana::core::view::Viewer;
use arcana::render::{render_png, render_rgb, RenderOptions};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

const MIDDLEGAME: &str = "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 d3 Bb4";

fn render(c: &mut Criterion) {
    let game =
        setup_game("standard", None, Some(MIDDLEGAME), &Default::default(), 0).expect("middlegame");
    let view = game.view(Viewer::Public);
    let options = RenderOptions::default();
    // Warm the tile cache so the bench measures a frame, not the one-off preparation.
    let png = render_png(&view, &options).expect("render");
    println!("middlegame PNG at default size: {} bytes", png.len());
    c.bench_function("render_png middlegame 512", |b| {
        b.iter(|| render_png(black_box(&view), black_box(&options)).map(|p| p.len()))
    });
    // The drawing alone, to see how the time splits between drawing and encoding.
    c.bench_function("render_rgb middlegame 512 (no encoding)", |b| {
        b.iter(|| render_rgb(black_box(&view), black_box(&options)).len())
    });
}

criterion_group!(benches, render);
criterion_main!(benches);
