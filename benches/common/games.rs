//! Stored games for the web's benchmarks (included by `#[path]`): copies of one game
//! of chess whose answers are random and legal.
#![allow(dead_code)]

use arcana::service::record::play_answer;
use arcana::store::{Action, ActionKind, GameRecord, HistoryEntry, Store, Write, FORMAT_VERSION};
use arcana::variants::{Game, Options, VariantId};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A game of chess `plies` answers long, not over, its answers random and legal: its
/// actions and history.
pub fn random_plies(plies: usize) -> (Vec<Action>, Vec<HistoryEntry>) {
    for seed in 0.. {
        let mut game = Game::new(VariantId::Standard, &Options::new(), seed).expect("a game");
        let mut rng = StdRng::seed_from_u64(seed);
        let (mut actions, mut history) = (Vec::new(), Vec::new());
        while actions.len() < plies {
            let Some(ask) = game.ask() else { break };
            let legal = game.legal_texts();
            let text = legal[rng.gen_range(0..legal.len())].clone();
            let Ok(played) = play_answer(&mut game, &mut history, ask.side, &text) else {
                continue;
            };
            let kind = ActionKind::Play {
                side: ask.side,
                text: played.action,
            };
            actions.push(Action { at_ms: 0, kind });
        }
        if actions.len() == plies && !game.is_over() {
            return (actions, history);
        }
    }
    unreachable!("some seed gives the plies")
}

/// The record of game `id` (in channel 1,000,000 + `id`) with `actions` and `history`.
pub fn record(id: u64, actions: &[Action], history: &[HistoryEntry]) -> GameRecord {
    let mut rec: GameRecord = serde_json::from_value(serde_json::json!({
        "format": FORMAT_VERSION, "id": 0, "channel": 0, "server": 1,
        "players": [{"id": 1, "name": "white"}, {"id": 2, "name": "black"}],
        "variant": "standard", "options": {}, "seed": 0, "days": 3, "created_ms": 0,
        "actions": actions, "history": history, "finished": false, "rated": false,
    }))
    .expect("a record");
    (rec.id, rec.channel) = (id, 1_000_000 + id);
    rec
}

/// Stores `n` copies of a game of `plies` answers; returns their ids.
pub fn fill(store: &Store, n: usize, plies: usize) -> Vec<u64> {
    let (actions, history) = random_plies(plies);
    let ids: Vec<u64> = (0..n).map(|_| store.new_id().expect("id")).collect();
    for chunk in ids.chunks(250) {
        let mut w = Write::new();
        for &id in chunk {
            w.game(&record(id, &actions, &history)).expect("encode");
        }
        store.commit_lazy(w).expect("fill");
    }
    store.flush().expect("flush");
    ids
}
