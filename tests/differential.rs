//! Differential test against shakmaty: random games compare the legal move set at
//! every ply, the FEN, and the final outcome.

use arcana::core::{Move, Position, Side};
use arcana::variants::{Game, Options, Outcome, VariantId};
use rand::{Rng, SeedableRng};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};
use std::collections::BTreeSet;

fn ours(pos: &Position) -> BTreeSet<String> {
    pos.legal_move_list().iter().map(|m| m.uci()).collect()
}

fn theirs(pos: &Chess) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect()
}

#[test]
fn two_thousand_random_games_agree_with_shakmaty() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    let mut decisive = 0;
    let mut drawn = 0;
    for game_no in 0..2000 {
        let mut game = Game::new(VariantId::Standard, &Options::new(), game_no).expect("game");
        let mut pos = Position::new();
        let mut sm = Chess::default();
        for ply in 0..400 {
            let a = ours(&pos);
            let b = theirs(&sm);
            assert_eq!(a, b, "game {game_no} ply {ply} fen {}", pos.fen());
            assert_eq!(
                pos.fen(),
                Fen::from_position(sm.clone(), EnPassantMode::Legal).to_string(),
                "game {game_no} ply {ply}"
            );
            if game.is_over() || sm.outcome().is_some() {
                break;
            }
            let moves = pos.legal_move_list();
            let m: Move = moves[rng.gen_range(0..moves.len())];
            let side = pos.turn();
            game.play(side, &m.long()).expect("legal move plays");
            pos.play_unchecked(m);
            let um: UciMove = m.uci().parse().expect("uci");
            let smm = um.to_move(&sm).expect("shakmaty accepts");
            sm.play_unchecked(&smm);
        }
        match (sm.outcome(), game.outcome()) {
            (
                Some(shakmaty::Outcome::Decisive { winner }),
                Some(Outcome::Win { winner: w, reason }),
            ) => {
                let w2 = if winner == shakmaty::Color::White {
                    Side::White
                } else {
                    Side::Black
                };
                assert_eq!(w, w2);
                assert_eq!(reason, "checkmate");
                decisive += 1;
            }
            (Some(shakmaty::Outcome::Draw), Some(Outcome::Draw { reason })) => {
                assert!(
                    reason == "stalemate" || reason == "insufficient material",
                    "{reason}"
                );
                drawn += 1;
            }
            (None, Some(Outcome::Draw { reason })) => {
                assert!(
                    reason == "fivefold repetition" || reason == "the 75-move rule",
                    "{reason}"
                );
            }
            (None, None) => {}
            (a, b) => panic!("game {game_no}: shakmaty {a:?}, arcana {b:?}"),
        }
    }
    // Random games end in every way; make sure both kinds were actually compared.
    assert!(decisive > 10 && drawn > 10, "{decisive} {drawn}");
}
