//! Notation round trips and malformed input: printed moves parse back, shakmaty's SAN
//! parses to the same move, and garbage never panics.

use arcana::core::notation::{resolve, NotationError};
use arcana::core::{Move, Position};
use arcana::variants::{Game, Options, VariantId};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position as _};

#[test]
fn every_move_round_trips_through_its_printed_forms() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut checked = 0;
    for _ in 0..200 {
        let mut pos = Position::new();
        let mut sm = Chess::default();
        for _ in 0..rng.gen_range(0..120) {
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            for m in &moves {
                let back = resolve(&m.long(), &moves).expect("long form parses");
                assert_eq!(back, *m);
                assert_eq!(resolve(&m.uci(), &moves).expect("uci parses"), *m);
                let um: UciMove = m.uci().parse().expect("uci");
                let smm = um.to_move(&sm).expect("shakmaty move");
                let san = San::from_move(&sm, &smm).to_string();
                assert_eq!(resolve(&san, &moves).expect("san parses"), *m, "{san}");
                let san_plus = shakmaty::san::SanPlus::from_move(sm.clone(), &smm).to_string();
                assert_eq!(resolve(&san_plus, &moves).expect("san+ parses"), *m);
                checked += 1;
            }
            let m: Move = moves[rng.gen_range(0..moves.len())];
            pos.play_unchecked(m);
            let um: UciMove = m.uci().parse().expect("uci");
            sm.play_unchecked(&um.to_move(&sm).expect("move"));
        }
    }
    assert!(checked > 50_000, "{checked}");
}

#[test]
fn malformed_input_is_an_error_not_a_panic() {
    let pos = Position::new();
    let moves = pos.legal_move_list();
    let long = "e".repeat(10_000);
    let cases = [
        "",
        " ",
        "\u{0}",
        "\n\t",
        "Zz9:a0",
        "e9",
        "i4",
        "Nf",
        "==",
        "e8=",
        "e7e8k",
        "😀",
        "Nf3\u{202e}",
        "O-O-O-O",
        "12.",
        "...",
        "x",
        "-",
        ":",
        "Qxx4",
        "a1a1a1",
        long.as_str(),
    ];
    let mut game = Game::new(VariantId::Standard, &Options::new(), 1).expect("game");
    let before = game.clone();
    for c in cases {
        assert!(resolve(c, &moves).is_err(), "{c:?}");
        let err = game
            .play(arcana::core::Side::White, c)
            .expect_err("refused");
        let text = err.to_string();
        assert!(!text.contains('\n') && text.len() < 300, "{text}");
        assert_eq!(game, before);
    }
    assert!(matches!(
        resolve("Zz9:a0", &moves),
        Err(NotationError::Syntax { .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,40}") {
        let pos = Position::new();
        let moves = pos.legal_move_list();
        let _ = resolve(&s, &moves);
    }

    #[test]
    fn move_like_text_never_panics(s in "[0-9a-zA-Z=:x+#!?. -]{0,16}") {
        let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").expect("fen");
        let moves = pos.legal_move_list();
        if let Ok(m) = resolve(&s, &moves) {
            prop_assert!(moves.contains(&m));
        }
    }
}
