//! Swiss pairing speed: a round of 1,000 players (issue 26 asks for 50 ms at most),
//! the first round and a fifth round after four rounds of results.

use arcana::tournament::swiss::pair;
use arcana::tournament::{Bye, Game, Outcome};
use criterion::{criterion_group, criterion_main, Criterion};

/// Plays `rounds` rounds of `players` with results from a fixed generator.
fn history(players: usize, rounds: u32) -> (Vec<bool>, Vec<Game>, Vec<Bye>) {
    let active = vec![true; players];
    let mut games = Vec::new();
    let mut byes = Vec::new();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for round in 1..=rounds {
        let Ok(r) = pair(&active, &games, &byes) else {
            break;
        };
        for (w, b) in r.pairs {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let outcome = match state % 3 {
                0 => Outcome::WhiteWins,
                1 => Outcome::Draw,
                _ => Outcome::BlackWins,
            };
            games.push(Game {
                round,
                white: w,
                black: b,
                outcome: Some(outcome),
                forfeit: false,
            });
        }
        if let Some(p) = r.bye {
            byes.push(Bye { round, player: p });
        }
    }
    (active, games, byes)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("swiss_pairing");
    for (name, players, rounds) in [
        ("1000_players_round_1", 1000, 0),
        ("1000_players_round_5", 1000, 4),
        ("999_players_round_9_with_byes", 999, 8),
    ] {
        let (active, games, byes) = history(players, rounds);
        group.bench_function(name, |b| {
            b.iter(|| pair(&active, &games, &byes).map(|r| r.pairs.len()))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
