//! Perft speed of this engine and of shakmaty on the same positions, both without
//! bulk counting (every leaf is played), so the figures compare move generation and
//! move making alike.

use arcana::core::Position;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};

fn shakmaty_perft(pos: &Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for m in &pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        total += shakmaty_perft(&next, depth - 1);
    }
    total
}

fn bench(c: &mut Criterion) {
    let cases = [
        (
            "initial",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            4,
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
        ),
        ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
    ];
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth) in cases {
        let ours = Position::from_fen(fen).expect("fen");
        let theirs: Chess = fen
            .parse::<Fen>()
            .expect("fen")
            .into_position(CastlingMode::Standard)
            .expect("position");
        let nodes = ours.perft(depth);
        assert_eq!(nodes, shakmaty_perft(&theirs, depth));
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new("arcana", name), &depth, |b, &d| {
            b.iter(|| ours.perft(d))
        });
        group.bench_with_input(BenchmarkId::new("shakmaty", name), &depth, |b, &d| {
            b.iter(|| shakmaty_perft(&theirs, d))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
