//! Processor time of one answer of each level in each game's slowest positions (issue
//! 53: level 8 within 2 s and the default level within 1 s of one core): the start and
//! the next answers of the set-up (Wizard Walls' walls and teams), and a crowded
//! midgame (`tests/midgames`). One decision each, seed 1, on this thread; prints a
//! table and each game's worst case per level.
//!
//! `cargo bench --bench levels` (every level), `cargo bench --bench levels -- 6 8` (the
//! levels named), `ARCANA_BENCH_GAMES=walls,wickets` to measure only those games.

use arcana::engine::{decide, Settings, LEVELS};
use arcana::variants::{Game, Options, VariantId};
use std::time::{Duration, Instant};

#[path = "common/cpu.rs"]
mod cpu;
#[path = "../tests/midgames/mod.rs"]
mod midgames;

/// Answers from the start measured besides the start itself (Wizard Walls' set-up has
/// four: each side's walls, then each side's team; the fifth is its first turn of play).
const SETUP_ANSWERS: usize = 4;

/// The measured positions of `variant`, named: the start, the next [`SETUP_ANSWERS`]
/// questions (the answers before them played by level 2, seed 0), the midgame.
fn positions(variant: VariantId) -> Vec<(String, Game)> {
    let mut game = Game::new(variant, &Options::new(), 5).expect("game");
    let mut out = vec![("start".to_string(), game.clone())];
    for i in 1..=SETUP_ANSWERS {
        let Some(ask) = game.ask() else { break };
        let d = decide(&game, ask.side, &Settings::new(2, 0)).expect("an answer");
        game.play(ask.side, &d.text).expect("legal answer");
        if game.ask().is_none() {
            break;
        }
        out.push((format!("answer {}", i + 1), game.clone()));
    }
    out.push(("midgame".to_string(), midgames::midgame(variant)));
    out
}

/// Processor time (elapsed time where there is no such clock) of one decision, with
/// its iterations (or alpha-beta nodes) and the work it counted (`variants::work`).
fn answer_time(game: &Game, level: u8) -> (Duration, u32, u64) {
    let side = game.ask().expect("asked").side;
    let (cpu, started, work) = (cpu::thread_cpu(), Instant::now(), arcana::variants::work());
    let d = decide(game, side, &Settings::new(level, 1)).expect("an answer");
    let worked = arcana::variants::work().wrapping_sub(work);
    let t = match (cpu, cpu::thread_cpu()) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => started.elapsed(),
    };
    (t, d.iterations, worked)
}

fn main() {
    let named: Vec<u8> = std::env::args().filter_map(|a| a.parse().ok()).collect();
    let levels: Vec<u8> = LEVELS
        .filter(|l| named.is_empty() || named.contains(l))
        .collect();
    let games = std::env::var("ARCANA_BENCH_GAMES").unwrap_or_default();
    println!(
        "| game | position | level | cpu ms per answer | iterations | work | µs a unit |\n|---|---|---|---|---|---|---|"
    );
    let mut worst = Vec::new();
    for variant in VariantId::available() {
        if !games.is_empty() && !games.split(',').any(|g| g == variant.id()) {
            continue;
        }
        let positions = positions(variant);
        for &level in &levels {
            let mut most = (Duration::ZERO, String::new());
            for (name, game) in &positions {
                let (t, iterations, work) = answer_time(game, level);
                println!(
                    "| {} | {name} | {level} | {:.0} | {iterations} | {work} | {:.2} |",
                    variant.id(),
                    ms(t),
                    ms(t) * 1000.0 / work.max(1) as f64
                );
                if t > most.0 {
                    most = (t, name.clone());
                }
            }
            worst.push((variant.id(), level, most));
        }
    }
    println!(
        "\nWorst case per game and level:\n| game | level | cpu ms | position |\n|---|---|---|---|"
    );
    for (game, level, (t, name)) in worst {
        println!("| {game} | {level} | {:.0} | {name} |", ms(t));
    }
}

fn ms(t: Duration) -> f64 {
    t.as_secs_f64() * 1000.0
}
