//! Unit tests of Sorchess: one or more per ruling S1-S5, the FEN extension, notation,
//! draws and hand-counted perft.

use super::*;
use crate::core::notation::NotationError;
use crate::core::{Position, Square};
use crate::variants::tests::util::won;
use crate::variants::tests::util::{game_refusal as refused, play_game, sq};
use crate::variants::{Game, Options, VariantId, VariantState};

fn new_game() -> Game {
    Game::new(VariantId::Sorchess, &Options::new(), 7).expect("sorchess")
}

fn fen_game(fen: &str) -> Game {
    Game::from_fen(VariantId::Sorchess, fen, &Options::new(), 7).expect(fen)
}

fn play_all(g: &mut Game, moves: &[&str]) {
    for m in moves {
        play_game(g, m);
    }
}

fn texts(g: &Game) -> Vec<String> {
    let mut t = g.legal_texts();
    t.sort();
    t
}

// ruling S2: the document's own example, `1. Wg4` from the rook on h1.
#[test]
fn ruling_s2_document_example_wg4() {
    let mut g = new_game();
    assert!(g.legal_texts().contains(&"Wh1-g4".to_string()));
    let played = g.play(Side::White, "Wg4").expect("Wg4");
    assert_eq!(played.action, "Wh1-g4");
    let VariantState::Sorchess(s) = g.state() else {
        panic!("not sorchess")
    };
    let p = s.position();
    let board = p.position().board();
    assert_eq!(board.role_at(sq("g4")), Some(Role::Wizard));
    // The rook stays where it was.
    assert_eq!(board.role_at(sq("h1")), Some(Role::Rook));
    assert_eq!(p.wizard(Side::White), WizardState::OnBoard(sq("g4")));
    assert_eq!(p.wizard(Side::Black), WizardState::InHand);
    // The long form and coordinates name the same move.
    for t in ["Wh1-g4", "Wh1g4", "h1g4", "1. Wg4"] {
        let g = new_game();
        let VariantState::Sorchess(s) = g.state() else {
            panic!()
        };
        assert_eq!(s.parse_move(t).expect(t).long(), "Wh1-g4", "{t}");
    }
}

// ruling S2: start position depth 1 = 20 FIDE moves + Wb4 (from a1) + Wg4 (from h1);
// every other square a corner rook's Wizard attacks (b2, d2, g2, e2) holds a pawn.
#[test]
fn ruling_s2_start_moves() {
    let g = new_game();
    assert_eq!(g.perft(1), 22);
    let entries: Vec<String> = texts(&g)
        .into_iter()
        .filter(|t| t.starts_with('W'))
        .collect();
    assert_eq!(entries, vec!["Wa1-b4", "Wh1-g4"]);
    // Depth 2: none of White's 22 moves touches b5 or g5 (Black's entry squares) or
    // gives check, and no White piece reaches a square Black's moves depend on, so
    // Black always has 20 + 2 replies: 22 * 22.
    assert_eq!(g.perft(2), 484);
}

// ruling S2: a Wizard may enter from a castled rook, not from one that moved again.
#[test]
fn ruling_s2_castled_rook_launches_until_it_moves_again() {
    let mut g = fen_game("4k3/pppppppp/8/8/8/8/8/4K2R[W] w K - 0 1");
    play_all(&mut g, &["O-O", "a6"]);
    let t = texts(&g);
    // Castled rook on f1: (3,1)/(1,3) leaps c2, e4, g4 and diagonal steps e2, g2.
    for m in ["Wf1-c2", "Wf1-e4", "Wf1-g4", "Wf1-e2", "Wf1-g2"] {
        assert!(t.contains(&m.to_string()), "{m} missing from {t:?}");
    }
    assert!(g.fen().ends_with(" f1"), "{}", g.fen());
    play_all(&mut g, &["Rf1-f2", "a5", "Rf2-f1", "a4"]);
    assert!(texts(&g).iter().all(|m| !m.starts_with('W')));
    match refused(&mut g, "Wf1-e4") {
        // The reason in the player's terms, no rule number (issue 28).
        PlayError::Refused(r) => {
            assert!(r.to_string().contains("other than by castling"), "{r}");
            assert!(!r.to_string().contains("(S2)"), "{r}");
        }
        other => panic!("{other:?}"),
    }
}

// ruling S2: entering may capture, and legality is the king's safety afterwards.
#[test]
fn ruling_s2_entry_captures_and_blocks_check() {
    let mut g = fen_game("4k3/8/8/8/6n1/8/8/4K2R[W] w - - 0 1 h1");
    let played = g.play(Side::White, "Wxg4").expect("Wxg4");
    assert_eq!(played.action, "Wh1:g4");
    // Hand-counted: Black rook e8 checks Ke1 (black king a8). King: d1 d2 f1 f2 (e2
    // stays on the file) = 4; the h1 rook cannot reach the e-file; the Wizard can
    // block only by entering on e2 (h1 -> e2 is a (3,1) leap) = 1. Total 5.
    let g = fen_game("k3r3/8/8/8/8/8/8/4K2R[W] w - - 0 1 h1");
    assert_eq!(
        texts(&g),
        vec!["Ke1-d1", "Ke1-d2", "Ke1-f1", "Ke1-f2", "Wh1-e2"]
    );
}

// ruling S2: an entry two rooks could make is ambiguous and lists both.
#[test]
fn ruling_s2_ambiguous_entry() {
    let mut g = fen_game("4k3/8/8/8/8/8/8/2KR3R[W] w - - 0 1 d1h1");
    match refused(&mut g, "We2") {
        PlayError::Notation(NotationError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, vec!["Wd1-e2", "Wh1-e2"]);
        }
        other => panic!("{other:?}"),
    }
    play_all(&mut g, &["Wh1-e2"]);
    // And a square only one rook reaches needs no origin: d1 -> a2 is a (3,1) leap.
    let mut g = fen_game("4k3/8/8/8/8/8/8/2KR3R[W] w - - 0 1 d1h1");
    assert_eq!(g.play(Side::White, "Wa2").expect("Wa2").action, "Wd1-a2");
}

// ruling S1: the Wizard's board moves and its one orthogonal, non-capturing step.
#[test]
fn ruling_s1_wizard_moves_and_single_step() {
    // Wizard d4, kings e1 / h8. Wizard: (1,3) c7 e7, (1,-3) c1 (e1 is our king),
    // (3,1) g5 g3 a5 a3, diagonal c3 c5 e3 e5 = 11; step d3 d5 c4 e4 = 4; king d1 d2
    // e2 f1 f2 = 5. Total 20, or 16 once the step is used. (Black's a7 pawn only keeps
    // the material sufficient.)
    let g = fen_game("7k/p7/8/8/3W4/8/8/4K3 w - - 0 1");
    assert_eq!(g.perft(1), 20);
    let g2 = fen_game("7k/p7/8/8/3W4/8/8/4K3 w - - 0 1 S");
    assert_eq!(g2.perft(1), 16);
    let mut g = g;
    play_all(&mut g, &["Wd4-d5", "Kg8"]);
    assert!(g.fen().ends_with(" S"), "{}", g.fen());
    match refused(&mut g, "Wd5-d6") {
        PlayError::Refused(r) => assert!(r.to_string().contains("already used"), "{r}"),
        other => panic!("{other:?}"),
    }
    // The step may not capture.
    let mut g = fen_game("7k/8/8/3p4/3W4/8/8/4K3 w - - 0 1");
    match refused(&mut g, "Wd4:d5") {
        PlayError::Refused(r) => assert!(r.to_string().contains("cannot capture"), "{r}"),
        other => panic!("{other:?}"),
    }
    let VariantState::Sorchess(s) = g.state() else {
        panic!()
    };
    assert_eq!(s.view(Viewer::Public).notes[0], vec!["Wizard on board"]);
}

// ruling S1 with C1: a Wizard gives check and can be pinned.
#[test]
fn ruling_s1_wizard_checks_and_is_pinned() {
    // Wizard d7 checks e8 diagonally (the h2 pawn keeps the material alive). Black king: d8 f8 e7 f7 and Kxd7 (undefended);
    // none of these is a square the Wizard attacks. Total 5.
    let g = fen_game("4k3/3W4/8/8/8/8/7P/4K3 b - - 0 1");
    let VariantState::Sorchess(s) = g.state() else {
        panic!()
    };
    assert!(s.position().is_check());
    assert_eq!(g.view(Viewer::Public).check, vec![Cell::Board(sq("e8"))]);
    assert_eq!(
        texts(&g),
        vec!["Ke8-d8", "Ke8-e7", "Ke8-f7", "Ke8-f8", "Ke8:d7"]
    );
    // Wizard e2 pinned by the rook e8: none of its leaps or diagonal steps stays on the
    // e-file, only its orthogonal step to e3 does. King: d1 d2 f1 f2. Total 5, and 4
    // once the step is used.
    let g = fen_game("k3r3/8/8/8/8/8/4W3/4K3 w - - 0 1");
    assert_eq!(
        texts(&g),
        vec!["Ke1-d1", "Ke1-d2", "Ke1-f1", "Ke1-f2", "We2-e3"]
    );
    assert_eq!(fen_game("k3r3/8/8/8/8/8/4W3/4K3 w - - 0 1 S").perft(1), 4);
    // A checkmate delivered by a Wizard: Kc2 guards b1 and b2, the Wizard b2 checks a1
    // and Black's own Wizard on a2 blocks the last square (and cannot take b2).
    let mut g = fen_game("8/8/8/8/8/W7/w1K5/k7 w - - 0 1 S");
    play_all(&mut g, &["Wa3-b2"]);
    assert_eq!(g.outcome(), won(Side::White, "reason-checkmate"));
}

// ruling S3: promotion to a Wizard uses up the one in hand and is refused while the
// Wizard is on the board.
#[test]
fn ruling_s3_promotion_to_wizard() {
    let mut g = fen_game("4k3/P7/8/8/8/8/8/3WK3 w - - 0 1");
    match refused(&mut g, "a8=W") {
        PlayError::Refused(r) => assert!(r.to_string().contains("only one Wizard"), "{r}"),
        other => panic!("{other:?}"),
    }
    assert!(!g.legal_texts().iter().any(|t| t.ends_with("=W")));
    play_all(&mut g, &["a8=Q"]);

    let mut g = fen_game("4k3/P7/8/8/8/8/8/R3K3[W] w - - 0 1 a1");
    assert!(g.legal_texts().contains(&"a7-a8=W".to_string()));
    assert_eq!(g.play(Side::White, "a8=W").expect("a8=W").action, "a7-a8=W");
    let VariantState::Sorchess(s) = g.state() else {
        panic!()
    };
    assert_eq!(
        s.position().wizard(Side::White),
        WizardState::OnBoard(sq("a8"))
    );
    assert!(!s.position().in_hand(Side::White));
    assert_eq!(s.view(Viewer::Public).notes[0], vec!["Wizard on board"]);

    // With the Wizard captured, a pawn may promote to a new one.
    let mut g = fen_game("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(g.view(Viewer::Public).notes[0], vec!["Wizard captured"]);
    play_all(&mut g, &["a7-a8=W"]);
}

// ruling S4: the Knight's chance taken.
#[test]
fn ruling_s4_knight_chance_taken() {
    // White: Wizard captured (not in hand, none on board), one Knight, a pawn.
    let mut g = fen_game("k7/7p/5N2/8/8/8/7P/4K3 w - - 0 1");
    let t = texts(&g);
    assert!(t.contains(&"Nf6-e8".to_string()) && t.contains(&"Nf6-e8=W".to_string()));
    let played = g.play(Side::White, "Nf6-e8=W").expect("Ne8=W");
    assert_eq!(played.action, "Nf6-e8=W");
    let VariantState::Sorchess(s) = g.state() else {
        panic!()
    };
    assert_eq!(
        s.position().wizard(Side::White),
        WizardState::OnBoard(sq("e8"))
    );
    assert!(s.position().chance_gone(Side::White));
    assert!(g.fen().ends_with(" X"), "{}", g.fen());
}

// ruling S4: not taking the chance on the first arrival forfeits it.
#[test]
fn ruling_s4_knight_chance_forfeited() {
    let mut g = fen_game("k7/7p/5N2/8/8/8/7P/4K3 w - - 0 1");
    // X-SORCHESS-7: `Ne8` alone does not give the chance up; both forms are named.
    for typed in ["Ne8", "Nxe8", "Nfe8"] {
        match refused(&mut g, typed) {
            PlayError::Refused(r) => assert!(
                r.to_string().contains("`Nf6-e8=W`") && r.to_string().contains("`Nf6-e8`"),
                "{typed}: {r}"
            ),
            other => panic!("{typed}: {other:?}"),
        }
    }
    let played = g.play(Side::White, "Nf6-e8").expect("Nf6-e8");
    assert_eq!(played.action, "Nf6-e8");
    assert!(
        played
            .events
            .iter()
            .any(|e| e.to_string().contains("declined")),
        "{:?}",
        played.events
    );
    play_all(&mut g, &["Kb8", "Nf6", "Ka8", "Nd7", "Kb7"]);
    // Back on e8 later: only the plain move.
    assert!(texts(&g).contains(&"Nd7-f8".to_string()));
    let mut g = fen_game(&g.fen());
    play_all(&mut g, &["Nf6", "Kb8"]);
    assert!(texts(&g).contains(&"Nf6-e8".to_string()));
    assert!(!texts(&g).contains(&"Nf6-e8=W".to_string()));
    match refused(&mut g, "Nf6-e8=W") {
        PlayError::Refused(r) => assert!(r.to_string().contains("first arrival"), "{r}"),
        other => panic!("{other:?}"),
    }
}

// ruling S4: the conditions: Wizard captured (not in hand) and exactly one Knight; a
// promoted-pawn Knight qualifies.
#[test]
fn ruling_s4_conditions() {
    // Wizard still in hand: no chance, and arriving does not forfeit (X-SORCHESS-2).
    let mut g = fen_game("k7/7p/5N2/8/8/8/7P/4K3[W] w - - 0 1 -");
    assert!(!texts(&g).contains(&"Nf6-e8=W".to_string()));
    play_all(&mut g, &["Ne8"]);
    assert!(!g.fen().contains('X'), "{}", g.fen());
    // Two Knights: no chance.
    let g = fen_game("k7/7p/5N2/8/8/8/7P/1N2K3 w - - 0 1");
    assert!(!texts(&g).contains(&"Nf6-e8=W".to_string()));
    // Black's square is e1.
    let g = fen_game("k7/8/8/8/8/3n4/7P/5K2 b - - 0 1");
    assert!(texts(&g).contains(&"Nd3-e1=W".to_string()));
    // A pawn promoted to a Knight, which then reaches e8 and becomes a Wizard.
    let mut g = fen_game("k7/6Pp/8/8/8/8/7P/4K3 w - - 0 1");
    play_all(&mut g, &["g8=N", "Kb8", "Nf6", "Ka8", "Nf6-e8=W"]);
    let VariantState::Sorchess(s) = g.state() else {
        panic!()
    };
    assert_eq!(
        s.position().wizard(Side::White),
        WizardState::OnBoard(sq("e8"))
    );
}

// ruling S5: never two Wizards of a side on the board, whatever the route.
#[test]
fn ruling_s5_one_wizard_per_side() {
    // In hand and on board at once is not a position.
    assert!(SorchessPosition::from_fen("4k3/8/8/8/8/8/8/R2WK3[W] w - - 0 1 a1").is_err());
    assert!(SorchessPosition::from_fen("4k3/8/8/8/8/8/8/RW1WK3 w - - 0 1").is_err());
    // Wizard on board and a Knight reaching e8: no promotion (the Wizard is not captured).
    let g = fen_game("k7/7p/5N2/8/8/8/7P/3WK3 w - - 0 1");
    assert!(!texts(&g).iter().any(|t| t.ends_with("=W")));
    // After an entry, neither promotion nor another entry is offered.
    let mut g = fen_game("4k3/P7/8/8/8/8/8/R3K3[W] w - - 0 1 a1");
    play_all(&mut g, &["Wb4", "Kd7"]);
    assert!(!texts(&g)
        .iter()
        .any(|t| t.ends_with("=W") || t.starts_with("Wa1")));
}

#[test]
fn fen_round_trips_and_defaults() {
    let g = new_game();
    assert_eq!(
        g.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Ww] w KQkq - 0 1 a1h1a8h8"
    );
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Ww] w KQkq - 0 1 a1h1a8h8",
        "4k3/8/8/8/3W4/8/8/2KR3R[w] b - - 3 9 d1SX",
        "4k3/8/8/8/8/8/8/4K3[] w - - 0 1 -",
    ] {
        let p = SorchessPosition::from_fen(fen).expect(fen);
        assert_eq!(p.fen(), fen);
        assert_eq!(SorchessPosition::from_fen(&p.fen()).expect("again"), p);
    }
    // A plain FIDE FEN: no Wizards in hand, launch rights from the castling rights.
    let p = SorchessPosition::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1").expect("fide");
    assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/R3K2R[] w Kq - 0 1 h1a8");
    for bad in [
        "",
        "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[WW] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[W w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[W] w - - 0 1 a1",
        "4k3/8/8/8/8/8/8/4K3[W] w - - 0 1 Z",
        "4k3/8/8/8/8/8/8/4K3[W] w - - 0 1 - extra",
    ] {
        assert!(SorchessPosition::from_fen(bad).is_err(), "{bad}");
    }
}

// ruling C4: the repetition key sees the hand, the step, launch rights and the chance.
#[test]
fn ruling_c4_repetition_key_covers_wizard_state() {
    let base = "4k3/8/8/8/3W4/8/8/R3K3 w - - 0 1";
    let keys: Vec<u64> = [
        format!("{base} a1"),
        format!("{base} -"),
        format!("{base} a1S"),
        format!("{base} a1X"),
        "4k3/8/8/8/8/8/8/R3K3[W] w - - 0 1 a1".to_string(),
        "4k3/8/8/8/8/8/8/R3K3[] w - - 0 1 a1".to_string(),
    ]
    .iter()
    .map(|f| SorchessPosition::from_fen(f).expect(f).repetition_key())
    .collect();
    for i in 0..keys.len() {
        for j in i + 1..keys.len() {
            assert_ne!(keys[i], keys[j], "{i} {j}");
        }
    }
}

// ruling C1 / C4: threefold is claimable; a rook shuffle that loses its launch right is
// not a repetition of the first position.
#[test]
fn ruling_c1_repetition_with_launch_rights() {
    let mut g = new_game();
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for _ in 0..2 {
        play_all(&mut g, &shuffle);
    }
    assert_eq!(g.claimable_draw().as_deref(), Some("threefold repetition"));
    let mut g = fen_game("4k2r/7p/8/8/8/8/7P/4K2R[Ww] w - - 0 1 h1h8");
    for _ in 0..3 {
        play_all(&mut g, &["Rg1", "Rg8", "Rh1", "Rh8"]);
    }
    // The first position (rooks with launch rights) never recurs; the later ones do.
    assert_eq!(g.claimable_draw().as_deref(), Some("threefold repetition"));
    let mut g = fen_game("4k2r/7p/8/8/8/8/7P/4K2R[Ww] w - - 0 1 h1h8");
    play_all(
        &mut g,
        &["Rg1", "Rg8", "Rh1", "Rh8", "Rg1", "Rg8", "Rh1", "Rh8"],
    );
    assert_eq!(g.claimable_draw(), None);
}

// X-SORCHESS-1: insufficient material with a Wizard.
#[test]
fn insufficient_material_with_wizards() {
    let drawn = |fen: &str| {
        SorchessPosition::from_fen(fen)
            .expect(fen)
            .is_insufficient_material()
    };
    // King and Wizard against a bare king can never mate, step or no step.
    assert!(drawn("4k3/8/8/8/3W4/8/8/4K3 w - - 0 1"));
    assert!(drawn("4k3/8/8/8/3W4/8/8/4K3 w - - 0 1 S"));
    // Wizard against Wizard: mate is possible (Black's own Wizard can block).
    assert!(!drawn("4k3/8/8/8/3W4/8/2w5/4K3 w - - 0 1 Ss"));
    // Both on dark squares with their steps used: dead.
    assert!(drawn("4k3/8/8/8/3W4/8/3w4/4K3 w - - 0 1 Ss"));
    // Wizard and bishop on the same colour, steps used: dead; a Wizard still able to
    // step onto the other colour keeps the game alive.
    assert!(drawn("4k3/8/8/8/3W4/8/5b2/4K3 w - - 0 1 S"));
    assert!(!drawn("4k3/8/8/8/3W4/8/5b2/4K3 w - - 0 1"));
    assert!(!drawn("4k3/8/8/8/3W4/8/4b3/4K3 w - - 0 1 S"));
    // A Wizard in hand with no rook or pawn to bring it in changes nothing.
    assert!(drawn("4k3/8/8/8/8/8/8/4K3[Ww] w - - 0 1 -"));
    assert!(!drawn("4k3/8/8/8/8/8/8/R3K3[Ww] w - - 0 1 a1"));
    let mut g = fen_game("4k3/8/8/8/3W4/8/3r4/4K3 w - - 0 1");
    play_all(&mut g, &["Kxd2"]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::draw(crate::i18n::Msg::new(
            "reason-insufficient-material"
        )))
    );
}

#[test]
fn view_notes_and_last_move() {
    let mut g = new_game();
    assert_eq!(
        g.view(Viewer::Public).notes,
        [
            vec!["Wizard in hand".to_string()],
            vec!["Wizard in hand".to_string()]
        ]
    );
    play_all(&mut g, &["Wg4", "e5", "Wg4-g5"]);
    let v = g.view(Viewer::Public);
    assert_eq!(v.notes[0], vec!["Wizard on board", "orthogonal step used"]);
    assert_eq!(v.notes[1], vec!["Wizard in hand"]);
    assert_eq!(
        v.last_move,
        vec![Cell::Board(sq("g4")), Cell::Board(sq("g5"))]
    );
    let mut g = new_game();
    play_all(&mut g, &["Wb4"]);
    assert_eq!(
        g.view(Viewer::Public).last_move,
        vec![Cell::Board(sq("a1")), Cell::Board(sq("b4"))]
    );
    play_all(&mut g, &["a5", "Wb4:a5"]);
    let v = g.view(Viewer::Public);
    assert!(v
        .piece_at(Cell::Board(sq("a5")))
        .is_some_and(|p| p.piece.role == Role::Wizard));
}

#[test]
fn wizard_capture_marks_it_captured() {
    let mut g = new_game();
    play_all(&mut g, &["Wg4", "h5", "e3", "h5:g4"]);
    assert_eq!(g.view(Viewer::Public).notes[0], vec!["Wizard captured"]);
}

#[test]
fn options_are_refused() {
    let mut o = Options::new();
    o.insert("wands".into(), "moderated".into());
    assert!(Game::new(VariantId::Sorchess, &o, 1).is_err());
}

// Positions without Wizards in hand or on the board give the FIDE counts, as long as
// no promotion and no lone Knight's arrival on the king's square is in reach.
#[test]
fn perft_matches_fide_without_wizards() {
    for (fen, depth) in [
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            2,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3),
        (
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            2,
        ),
    ] {
        let fide = Position::from_fen(fen).expect(fen);
        let sor = SorchessPosition::from_fen(fen).expect(fen);
        assert_eq!(sor.perft(depth), fide.perft(depth), "{fen}");
    }
}

// ruling S3 in a FIDE FEN: with no Wizard in hand or on the board the Wizard counts as
// captured, so every promotion may also choose a Wizard. Chess programming wiki
// position 5 has 44 FIDE moves, four of them d7xc8=Q/R/B/N (d8 holds the black
// queen, so no push): 44 + 1 (d7xc8=W) = 45. Position 4 (White in check, 6 moves, no
// promotion among them) stays at 6.
#[test]
fn ruling_s3_promotions_add_wizard_twins() {
    let p5 =
        SorchessPosition::from_fen("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8")
            .expect("p5");
    assert_eq!(p5.perft(1), 45);
    assert!(p5.legal_moves().iter().any(|m| m.long() == "d7:c8=W"));
    let p4 = SorchessPosition::from_fen(
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    )
    .expect("p4");
    assert_eq!(p4.perft(1), 6);
}

#[test]
fn malformed_input_is_refused_without_change() {
    let long = "W".repeat(10_000);
    for bad in [
        "",
        " ",
        "W",
        "Wz9",
        "=W",
        "Wg4=W",
        "Zz9:a0",
        "W\u{0}g4",
        "Wg4\u{202e}",
        "♕g4",
        "h1-g4-f5",
        long.as_str(),
    ] {
        let mut g = new_game();
        let _ = refused(&mut g, bad);
    }
    // A Wizard move when it is in hand and no rook reaches the square.
    let mut g = new_game();
    assert!(matches!(
        refused(&mut g, "We4"),
        PlayError::Notation(NotationError::Illegal { .. })
    ));
    // Naming a square without a rook.
    match refused(&mut g, "Wb1-c4") {
        PlayError::Refused(r) => assert!(r.to_string().contains("holds none"), "{r}"),
        other => panic!("{other:?}"),
    }
}

// ruling S1: the Wizard's pattern, (3,1) leaps and diagonal steps, lives with Sorchess.
#[test]
fn wizard_pattern() {
    use crate::variants::sorchess::position::wizard_attacks;
    assert_eq!(wizard_attacks(sq("d4")).count(), 12);
    assert_eq!(wizard_attacks(Square::A1).count(), 3);
}
