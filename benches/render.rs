//! Render + PNG encode of a midgame board of every game at the default size (goal,
//! issue 53: at most 0.5 ms and 25 KB each). Prints each PNG's size; criterion gives
//! the time. `cargo bench --bench render`

use arcana::core::view::{View, Viewer};
use arcana::render::{render_png, render_rgb, RenderOptions};
use arcana::variants::VariantId;
use criterion::{black_box, criterion_group, criterion_main, Criterion};

#[path = "../tests/midgames/mod.rs"]
mod midgames;

/// The public view of `variant`'s midgame.
fn midgame(variant: VariantId) -> View {
    midgames::midgame(variant).view(Viewer::Public)
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
