//! Sorchess through the public API: random playouts that replay exactly from their
//! records, FEN and notation round trips along the way, and perft through the CLI path.

use arcana::cli::setup_game;
use arcana::core::{Role, Side, Square};
use arcana::variants::sorchess::{SorchessPosition, WizardState};
use arcana::variants::{Game, GameRng, Options, VariantId, VariantState};
use rand::{Rng, SeedableRng};

fn sorchess(g: &Game) -> &arcana::variants::sorchess::SorchessGame {
    match g.state() {
        VariantState::Sorchess(s) => s,
        #[allow(unreachable_patterns)]
        _ => panic!("not a Sorchess game"),
    }
}

/// Invariants that must hold after every move.
fn check_invariants(g: &Game, ctx: &str) {
    let s = sorchess(g).position();
    let board = s.position().board();
    for side in Side::BOTH {
        let wizards = board.pieces(side, Role::Wizard).count();
        // ruling S5: at most one Wizard per side, never in hand and on board at once.
        assert!(wizards <= 1, "{ctx}: two Wizards");
        assert!(
            !(wizards == 1 && s.in_hand(side)),
            "{ctx}: Wizard in hand and on board"
        );
        if let WizardState::OnBoard(sq) = s.wizard(side) {
            assert_eq!(board.role_at(sq), Some(Role::Wizard), "{ctx}");
        }
    }
    // The side that just moved is never left in check.
    let mover = s.turn().other();
    let king = board.king_of(mover).expect("king");
    assert!(
        board
            .attackers(king, mover.other(), board.occupied())
            .is_empty(),
        "{ctx}: mover in check"
    );
    // The FEN carries the whole state: it parses back to the same FEN and key.
    let fen = s.fen();
    let back = SorchessPosition::from_fen(&fen).unwrap_or_else(|e| panic!("{ctx}: {fen}: {e}"));
    assert_eq!(back.fen(), fen, "{ctx}");
    assert_eq!(back.repetition_key(), s.repetition_key(), "{ctx}: {fen}");
}

// 2,000 random games of up to 150 plies: every recorded action replays to an equal game.
#[test]
fn random_playouts_replay_exactly() {
    let options = Options::new();
    let mut rng = GameRng::seed_from_u64(0x5047_4353);
    let (mut entries, mut steps, mut wizard_promotions, mut finished) = (0, 0, 0, 0);
    for game_no in 0..2000u64 {
        let seed = rng.gen::<u64>();
        let mut g = Game::new(VariantId::Sorchess, &options, seed).expect("new");
        let mut actions = Vec::new();
        for ply in 0..150 {
            let Some(ask) = g.ask() else { break };
            let legal = g.legal_texts();
            assert!(
                !legal.is_empty(),
                "game {game_no} ply {ply}: asked with no legal move"
            );
            let text = &legal[rng.gen_range(0..legal.len())];
            if game_no < 100 {
                // Every canonical text names exactly its own move.
                let s = sorchess(&g);
                for t in &legal {
                    assert_eq!(&s.parse_move(t).expect(t).long(), t);
                }
            }
            let played = g
                .play(ask.side, text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(&played.action, text);
            assert!(!played.action.contains(' '));
            // An entry leaves the launching rook on the square the Wizard came from.
            let board = *sorchess(&g).position().position().board();
            if text.starts_with('W')
                && Square::parse(&text[1..3]).and_then(|sq| board.role_at(sq)) == Some(Role::Rook)
            {
                entries += 1;
            }
            if played.action.ends_with("=W") {
                wizard_promotions += 1;
            }
            actions.push(played.action);
            check_invariants(&g, &format!("game {game_no} ply {ply}"));
        }
        for side in Side::BOTH {
            steps += usize::from(sorchess(&g).position().step_used(side));
        }
        finished += usize::from(g.is_over());
        let mut replay = Game::new(VariantId::Sorchess, &options, seed).expect("new");
        for a in &actions {
            let side = replay.ask().expect("replay asks").side;
            replay
                .play(side, a)
                .unwrap_or_else(|e| panic!("replay {a}: {e}"));
        }
        assert_eq!(replay, g, "game {game_no} does not replay");
    }
    // The playouts exercise the Sorchess rules, not just FIDE chess.
    assert!(entries > 1000, "entries {entries}");
    assert!(steps > 500, "steps {steps}");
    assert!(wizard_promotions > 0, "no promotion to a Wizard");
    assert!(finished > 0);
}

// The document's example through the CLI path: `1. Wg4` is a legal first move.
// After it, Black has its 20 FIDE moves plus entries from a8 (to b5: b7 and d7 hold
// pawns) and h8 (to g5: g7 and e7 hold pawns); the Wizard on g4 attacks f7 and h7
// but gives no check, so 22.
#[test]
fn perft_after_wg4() {
    let g = setup_game("sorchess", None, Some("Wg4"), &Options::new(), 0).expect("Wg4");
    assert_eq!(g.perft(1), 22);
    let divide = g.perft_divide(2);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), g.perft(2));
    assert!(divide.iter().any(|(m, _)| m == "Wh8-g5"));
}

// From the start: 22 moves, each answered by 22 (see the unit test for the reasoning).
#[test]
fn perft_start() {
    let g = setup_game("sorchess", None, None, &Options::new(), 0).expect("start");
    assert_eq!(g.perft(1), 22);
    assert_eq!(g.perft(2), 484);
}

// A FIDE FEN has no Wizards in hand: its counts are the FIDE ones while no promotion
// (which may also choose a Wizard, S3) is in reach.
#[test]
fn perft_fide_positions_unchanged() {
    for (fen, depth, nodes) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            3,
            8902,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            2,
            2039,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3, 2812),
        (
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            2,
            2079,
        ),
    ] {
        let g = setup_game("sorchess", Some(fen), None, &Options::new(), 0).expect(fen);
        assert_eq!(g.perft(depth), nodes, "{fen}");
    }
}
