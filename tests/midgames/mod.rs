//! Every game's midgame, as the render benchmark draws it and `tests/render_indexed.rs`
//! checks it: standard chess after a fixed line, the other games after a random legal
//! game of [`TURNS`] finished turns. Included by both (`#[path]`).

use arcana::cli::setup_game;
use arcana::variants::{Game, Options, VariantId};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Standard chess's midgame, the same line as the figures measured before issue 53.
pub const MIDDLEGAME: &str = "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 d3 Bb4";
/// Finished turns of a random midgame in the other games.
pub const TURNS: usize = 20;

/// A random legal game of exactly [`TURNS`] finished turns, still going (the first
/// seed that gives one): badges, marks, walls and notes as play leaves them.
pub fn random_midgame(variant: VariantId) -> Game {
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
            return game;
        }
    }
    panic!("no seed gives {} a midgame", variant.id())
}

/// The midgame of `variant`: [`MIDDLEGAME`] in standard chess, else [`random_midgame`].
pub fn midgame(variant: VariantId) -> Game {
    if variant == VariantId::Standard {
        return setup_game("standard", None, Some(MIDDLEGAME), &Options::new(), 0)
            .expect("middlegame");
    }
    random_midgame(variant)
}
