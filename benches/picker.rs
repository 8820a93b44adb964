//! The move picker's response time (issue 28: at most 50 ms of server time): building
//! the picker from a middle-game position's answers (the one with the most answers
//! among a few random games) and showing the first choice, or
//! the choice after two picks, for each game; Wizard Walls also at its setup (the
//! most answers: every placement of three walls).

use arcana::variants::{Game, Options, VariantId};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Among the positions of a random game from `from` to `to` plies, the one with the
/// most answers (the picker's worst case; Spell Chess while spells are left).
fn middle_game(variant: VariantId, options: &Options, from: usize, to: usize) -> Game {
    let mut best: Option<(usize, Game)> = None;
    for seed in 0..20 {
        let mut game = Game::new(variant, options, seed).expect("game");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for ply in 0..=to {
            let Some(ask) = game.ask() else { break };
            let texts = game.typed_texts();
            if ply >= from && best.as_ref().is_none_or(|(n, _)| texts.len() > *n) {
                best = Some((texts.len(), game.clone()));
            }
            let text = &texts[rng.gen_range(0..texts.len())];
            game.play(ask.side, text).expect("legal");
        }
    }
    best.expect("a position").1
}

/// The path of the first option at each of `choices` choices (shorter if the answer
/// completes first).
fn first_options(game: &Game, choices: usize) -> Vec<u16> {
    let mut path = Vec::new();
    for _ in 0..choices {
        let pick = game.picker(&path).expect("pick");
        match pick.menus.first().and_then(|m| m.options.first()) {
            Some(c) => path.push(c.value),
            None => break,
        }
    }
    path
}

fn bench(c: &mut Criterion) {
    let opt = |k: &str, v: &str| -> Options { [(k.to_string(), v.to_string())].into() };
    let cases = [
        ("standard", VariantId::Standard, Options::new(), 20, 40),
        ("spell", VariantId::Spell, Options::new(), 6, 40),
        ("sorchess", VariantId::Sorchess, Options::new(), 20, 40),
        ("wand", VariantId::Wand, Options::new(), 20, 40),
        (
            "wand-moderated",
            VariantId::Wand,
            opt("wands", "moderated"),
            20,
            40,
        ),
        ("walls-setup", VariantId::Walls, Options::new(), 0, 0),
        ("walls", VariantId::Walls, Options::new(), 24, 44),
        ("walls-full", VariantId::WallsFull, Options::new(), 24, 44),
        (
            "wickets",
            VariantId::Wickets,
            opt("decision", "cards"),
            20,
            40,
        ),
    ];
    let mut group = c.benchmark_group("picker");
    group.sample_size(20);
    for (name, variant, options, from, to) in cases {
        let game = middle_game(variant, &options, from, to);
        let answers = game.picker_tree().answers().len();
        eprintln!("{name}: {answers} answers");
        let deeper = first_options(&game, 2);
        group.bench_with_input(BenchmarkId::new("first-choice", name), &game, |b, g| {
            b.iter(|| g.picker(&[]).expect("pick"))
        });
        group.bench_with_input(BenchmarkId::new("after-two", name), &game, |b, g| {
            b.iter(|| g.picker(&deeper).expect("pick"))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
