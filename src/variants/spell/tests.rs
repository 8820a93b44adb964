//! Unit tests of Spell Chess: one or more per ruling P1-P8, perft counts worked out
//! by hand, the FEN extension and the view.

use super::*;
use crate::core::view::Viewer;
use crate::core::{Bitboard, Board, Piece};
use crate::i18n::Msg;
use crate::variants::tests::util::won;
use crate::variants::tests::util::{game_refusal, play_game as play, sq};
use crate::variants::{Game, Options, VariantId};

fn game(fen: &str) -> Game {
    Game::from_fen(VariantId::Spell, fen, &Options::new(), 1).expect(fen)
}

fn start() -> Game {
    Game::new(VariantId::Spell, &Options::new(), 1).expect("spell")
}

fn spell_pos(fen: &str) -> SpellPosition {
    SpellGame::parse_fen(fen).expect(fen)
}

fn refusal(g: &mut Game, text: &str) -> String {
    game_refusal(g, text).to_string()
}

fn state(g: &Game) -> &SpellGame {
    match g.state() {
        crate::variants::VariantState::Spell(s) => s,
        #[allow(unreachable_patterns)]
        _ => panic!("not a spell game"),
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[JJFFFFFjjfffff] w KQkq - 0 1";

// --- perft -----------------------------------------------------------------------

// From the start: 20 plain moves; with a freeze, every one of the 64 centres allows
// the 20 moves except those starting inside the area: 64*20 - 156 = 1124 (pawn
// origins a2/h2 lie in 6 areas, b2..g2 in 9, knights b1/g1 in 6: 2*66 + 2*12 = 156);
// with a jump, 32 occupied squares times 20 moves plus what transparency opens
// (a2: Ra1 to a3..a7 = 5, b2: Bc1-a3, c2: Qd1-b3/a4, d2: Bc1 to h6 = 4 plus Qd1 to
// d3..d7 = 5, e2: Bf1 to a6 = 4 plus Qd1 to h5 = 3, g2: Bf1-h3, h2: Rh1 = 5; total
// 30): 640 + 30 = 670.
#[test]
fn perft_start_depth_one_is_1814() {
    let g = start();
    assert_eq!(g.fen(), START);
    assert_eq!(g.perft(1), 1814);
    let turns = state(&g).spell_position().legal_turns();
    for t in &turns {
        assert!(t.canonical().starts_with(&t.mv.long()));
    }
    let count = |f: fn(&Turn) -> bool| turns.iter().filter(|t| f(t)).count();
    assert_eq!(count(|t| t.spell.is_none()), 20);
    assert_eq!(count(|t| matches!(t.spell, Some(Spell::Freeze(_)))), 1124);
    assert_eq!(count(|t| matches!(t.spell, Some(Spell::Jump(_)))), 670);
}

// Lone kings, White Kh1 against Ka8: 3 king moves (g1, g2, h2).
// With one freeze: 64 centres, minus the 4 (g1 h1 g2 h2) whose area holds the king's
// start: 60 * 3 = 180, so 183 turns. With one jump instead: 2 occupied squares (h1, a8)
// as targets, the king still makes its 3 moves with either: 3 + 6 = 9.
#[test]
fn perft_lone_kings_by_hand() {
    assert_eq!(spell_pos("k7/8/8/8/8/8/8/7K[] w - - 0 1").perft(1), 3);
    assert_eq!(spell_pos("k7/8/8/8/8/8/8/7K[F] w - - 0 1").perft(1), 183);
    assert_eq!(spell_pos("k7/8/8/8/8/8/8/7K[J] w - - 0 1").perft(1), 9);
}

// White Ke1 Ra1 Pa2 against Ke8, one jump. Plain: king d1 d2 e2 f1 f2 (5), rook b1 c1
// d1 (3), pawn a3 a4 (2) = 10. Jumps on the 4 occupied squares: on a1 nothing changes
// (10); on a2 the rook also reaches a3..a8 (16); on e1 the rook also passes its own
// king to f1 g1 h1 (13); on e8 nothing changes (10). Total 10 + 49 = 59.
// Depth 2: Black (no spells) answers each with king moves only; counted in the test
// against the sum of its own legal moves.
#[test]
fn perft_rook_and_jump_by_hand() {
    let sp = spell_pos("4k3/8/8/8/8/8/P7/R3K3[J] w - - 0 1");
    assert_eq!(sp.perft(1), 59);
    let by_jump = |j: &str| {
        sp.legal_turns()
            .iter()
            .filter(|t| t.spell == Some(Spell::Jump(sq(j))))
            .count()
    };
    assert_eq!(
        [by_jump("a1"), by_jump("a2"), by_jump("e1"), by_jump("e8")],
        [10, 16, 13, 10]
    );
    let depth2: u64 = sp
        .legal_turns()
        .into_iter()
        .map(|t| sp.after(t).legal_turns().len() as u64)
        .sum();
    assert_eq!(sp.perft(2), depth2);
}

// A captured king ends the line: White Kd4 takes Ke5 (1 turn), and below it nothing.
#[test]
fn perft_stops_below_a_captured_king() {
    let sp = spell_pos("8/8/8/4k3/3K4/8/8/8[] w - - 0 1");
    let turns = sp.legal_turns();
    // d3 c3 c4 c5 e3 (not d5 e4: next to e5's king) plus the capture Kd4:e5; e5 was
    // adjacent, so d5/e4/e3... only squares not next to e5: c3 c4 c5 d3 e3 and Kxe5.
    let texts: Vec<String> = turns.iter().map(|t| t.canonical()).collect();
    assert!(texts.contains(&"Kd4:e5".to_string()), "{texts:?}");
    assert_eq!(texts.len(), 6, "{texts:?}");
    let capture = turns
        .iter()
        .find(|t| t.captures_king())
        .copied()
        .expect("capture");
    assert_eq!(sp.after(capture).perft(1), 0);
    // After Kc3, Black's king on e5 may go anywhere but d4 (next to c3): 7 moves.
    let kc3 = turns
        .iter()
        .find(|t| t.canonical() == "Kd4-c3")
        .copied()
        .expect("Kc3");
    assert_eq!(sp.after(kc3).perft(1), 7);
    let quiet: u64 = turns
        .iter()
        .filter(|t| !t.captures_king())
        .map(|t| sp.after(*t).perft(1))
        .sum();
    assert_eq!(sp.perft(2), quiet);
}

/// The same position with colours swapped and the board mirrored top to bottom.
fn mirror(sp: &SpellPosition) -> SpellPosition {
    let flip = |s: Square| Square::from_coords(s.file(), 7 - s.rank()).expect("square");
    let flip_bb = |b: Bitboard| b.map(flip).collect::<Bitboard>();
    let mut board = Board::empty();
    for (s, p) in sp.pos.board().iter() {
        board.put(flip(s), Piece::new(p.side.other(), p.role));
    }
    let mut pos = sp.pos.clone();
    *pos.board_mut() = board;
    pos.set_turn(sp.turn().other());
    pos.set_castling_rooks(flip_bb(sp.pos.castling_rooks()));
    pos.set_ep_square(sp.pos.ep_square().map(flip));
    SpellPosition {
        pos,
        supply: [sp.supply[1], sp.supply[0]],
        cooldown: [sp.cooldown[1], sp.cooldown[0]],
        freeze: sp.freeze.map(flip),
        jump: sp.jump.map(flip),
    }
}

// After every first turn of White (spells included), Black's count equals White's in
// the colour-mirrored position: the generator treats both sides alike.
#[test]
fn perft_depth_two_is_colour_symmetric() {
    let sp = SpellPosition::new();
    let mut total = 0;
    for t in sp.legal_turns().into_iter().step_by(7) {
        let next = sp.after(t);
        let n = next.perft(1);
        assert_eq!(n, mirror(&next).perft(1), "{}", t.canonical());
        assert!(n >= 20, "{}", t.canonical());
        total += n;
    }
    assert!(total > 0);
}

// --- P1: supplies, one spell with one move, promotion without spells -------------

// ruling P1: supplies are 5 freeze and 2 jump, spent one per turn and never refilled.
#[test]
fn ruling_p1_supplies_are_spent() {
    let mut g = start();
    play(&mut g, "e4 (freeze d5)");
    let s = state(&g).spell_position();
    assert_eq!(s.supply(Side::White, FREEZE), 4);
    assert_eq!(s.supply(Side::White, JUMP), 2);
    assert_eq!(s.supply(Side::Black, FREEZE), 5);
    assert!(g.fen().contains("[JJFFFFjjfffff]"), "{}", g.fen());
    let mut g = game("4k3/8/8/8/8/8/8/R3K3[] w - - 0 1");
    assert_eq!(
        refusal(&mut g, "Ra2 (freeze d5)"),
        "You have no freeze spells left."
    );
    assert_eq!(
        refusal(&mut g, "Ra2 (jump e1)"),
        "You have no jump spells left."
    );
}

// ruling P1: a promotion cannot carry a spell; castling and en passant can.
#[test]
fn ruling_p1_promotion_carries_no_spell() {
    let mut g = game("4k3/P7/8/8/8/8/8/4K3[F] w - - 0 1");
    assert_eq!(
        refusal(&mut g, "a8=Q (freeze h5)"),
        Msg::new("spell-no-promotion")
    );
    assert!(!g
        .legal_texts()
        .iter()
        .any(|t| t.contains('=') && t.contains('(')));
    play(&mut g, "a8=Q");
    let mut g = game("4k3/8/8/8/8/8/8/4K2R[F] w K - 0 1");
    assert_eq!(play(&mut g, "O-O (freeze a8)").printed, "O-O (freeze a8)");
}

// ruling P1: a type cast on move N is castable again from move N+3; the two types
// cool down separately; the view counts the turns left.
#[test]
fn ruling_p1_cooldown_counted_across_turns() {
    let mut g = start();
    play(&mut g, "Nf3 (freeze e6)"); // White's move 1
    play(&mut g, "Nf6");
    assert_eq!(
        refusal(&mut g, "Nc3 (freeze e6)"),
        Msg::new("spell-cooling")
            .with("name", "freeze")
            .with("wait", "2")
            .with("from", "4")
    );
    assert_eq!(
        g.view(Viewer::Public).notes[0],
        vec!["Freeze 4 (ready in 2) · Jump 2".to_string()]
    );
    play(&mut g, "Nc3 (jump b2)"); // move 2: the other type is free
    play(&mut g, "Nc6");
    assert_eq!(
        refusal(&mut g, "Ng1 (freeze e6)"),
        Msg::new("spell-cooling-one")
            .with("name", "freeze")
            .with("wait", "1")
            .with("from", "4")
    );
    let r = refusal(&mut g, "Ng1 (jump b2)");
    assert!(r.contains(" 2 turns ") && r.contains("move 5)"), "{r}");
    play(&mut g, "Ng1"); // move 3
    play(&mut g, "Ng8");
    assert_eq!(
        g.view(Viewer::Public).notes[0],
        vec!["Freeze 4 · Jump 1 (ready in 1)".to_string()]
    );
    play(&mut g, "Nf3 (freeze e6)"); // move 4 = 1 + 3
    assert_eq!(state(&g).spell_position().supply(Side::White, FREEZE), 3);
}

// --- P2: freeze -----------------------------------------------------------------

// ruling P2: the caster's move may not start inside its own new area (the king
// neither); it may pass through or end in it.
#[test]
fn ruling_p2a_move_may_not_start_in_own_area() {
    let mut g = start();
    let e = refusal(&mut g, "e4 (freeze e3)");
    assert!(
        e.contains("cannot start inside your own freeze area"),
        "{e}"
    );
    play(&mut g, "Nf3 (freeze f4)");
    let mut g = game("4k3/8/8/8/8/8/7P/4K3[F] w - - 0 1");
    assert!(refusal(&mut g, "Kd2 (freeze d1)").contains("freeze area"));
    // Passing through: the rook crosses the area around d1.
    let mut g = game("4k3/8/8/8/8/8/8/R5K1[F] w - - 0 1");
    play(&mut g, "Ra1-f1 (freeze d2)");
}

// ruling P2: the opponent's pieces in the area cannot move in their next turn; the
// area then expires. The exact centre of the opponent's active area cannot be reused.
#[test]
fn ruling_p2_frozen_pieces_cannot_move_then_thaw() {
    let mut g = start();
    play(&mut g, "e4 (freeze e6)");
    // The refusal names the freeze and the frozen piece, in the player's terms.
    for (t, from) in [("e5", "e7"), ("d6", "d7"), ("f6", "f7"), ("e7-e6", "e7")] {
        let e = refusal(&mut g, t);
        assert!(e.contains(&format!("pawn on {from} is frozen")), "{t}: {e}");
        assert!(e.contains("freeze on e6"), "{t}: {e}");
    }
    // A move that is illegal for other reasons keeps the plain explanation.
    assert!(refusal(&mut g, "e4").contains("not a legal move"));
    assert!(g
        .legal_texts()
        .iter()
        .all(|t| !t.starts_with("d7") && !t.starts_with("e7") && !t.starts_with("f7")));
    let e = refusal(&mut g, "Nf6 (freeze e6)");
    assert!(e.contains("centre of your opponent's active freeze"), "{e}");
    play(&mut g, "Nf6 (freeze e5)");
    play(&mut g, "Nf3");
    play(&mut g, "e5");
}

// ruling P2: frozen pieces give no check and defend nothing, still block and can be
// captured; the caster's king may step where only frozen pieces attack.
#[test]
fn ruling_p2b_frozen_pieces_attack_nothing() {
    // The rook on d8 defends the knight on d2, which covers f1: freezing the rook
    // lets the king take the knight (a frozen piece defends nothing).
    let mut g = game("3r2k1/8/8/8/8/8/3n4/4K3[F] w - - 0 1");
    assert!(refusal(&mut g, "Kxd2").contains("not a legal move"));
    assert!(refusal(&mut g, "Kf1").contains("not a legal move"));
    let p = play(&mut g, "Ke1:d2 (freeze c8)");
    assert!(p.events.is_empty(), "{:?}", p.events);
    // Frozen, the rook cannot move in Black's turn; the caster may capture in its
    // own area.
    let mut g = game("3r2k1/8/8/8/8/8/8/3RK3[FF] w - - 0 1");
    play(&mut g, "Kf1 (freeze d8)");
    assert!(refusal(&mut g, "Rd8:d1").contains("rook on d8 is frozen by the freeze"));
    play(&mut g, "Kg7");
    let mut g = game("3r2k1/8/8/8/8/8/8/3RK3[F] w - - 0 1");
    play(&mut g, "Rd1:d8 (freeze d7)");
}

// --- P3: jump -------------------------------------------------------------------

// ruling P3: a jump over a king (a king is a valid target), and the jump square may
// not be the casting move's destination.
#[test]
fn ruling_p3_jump_over_a_king() {
    let mut g = game("8/8/8/8/R2k3n/8/8/4K3[J] w - - 0 1");
    assert!(refusal(&mut g, "Ra4:h4").contains("not a legal move"));
    let e = refusal(&mut g, "Ra4:d4 (jump d4)");
    assert!(e.contains("cannot end on the jump square"), "{e}");
    assert!(refusal(&mut g, "Ra4:h4 (jump e4)").contains("empty"));
    let p = play(&mut g, "jump@d4 Rxh4");
    assert_eq!(p.printed, "Ra4:h4 (jump d4)");
    assert_eq!(p.action, "j@d4,a4h4");
}

// ruling P3: the square stays transparent for both sides in the opponent's next
// turn; there it may be captured on but no quiet move may end on it; a pawn's double
// step may cross it; the piece on it may itself move.
#[test]
fn ruling_p3_transparency_for_both_sides() {
    // White casts a jump on its own knight on a3; in Black's turn the a8 rook sees
    // through it and takes on a1.
    let mut g = game("r3k3/8/8/8/8/N7/8/R3K3[J] w - - 0 1");
    play(&mut g, "Ke1-e2 (jump a3)");
    play(&mut g, "Ra8:a1");
    let mut g = game("r3k3/8/8/8/8/N7/8/R3K3[J] w - - 0 1");
    play(&mut g, "Na3-b5 (jump a3)");
    // The square is empty now; no quiet move may end on it, but the rook passes it.
    let e = refusal(&mut g, "Ra8-a3");
    assert!(e.contains("a3 is your opponent's jump square"), "{e}");
    play(&mut g, "Ra8:a1");
    // A pawn's double step crosses a transparent square.
    let mut g = game("4k3/8/8/8/8/4n3/4P3/4K3[J] w - - 0 1");
    assert!(refusal(&mut g, "e4").contains("not a legal move"));
    play(&mut g, "e2-e4 (jump e3)");
}

// --- P4: king safety, king capture, checkmate, stalemate ------------------------

// ruling P4: self-check is legal after confirming with `!`; the king can then be
// captured, which wins at once.
#[test]
fn ruling_p4_self_check_needs_confirmation_and_king_capture_wins() {
    let mut g = game("4k3/8/8/8/8/8/7P/r3K3[] w - - 0 1");
    assert!(g
        .view(Viewer::Public)
        .check
        .contains(&Cell::Board(Square::E1)));
    assert!(!g.is_over());
    assert_eq!(
        refusal(&mut g, "h3"),
        Msg::new("spell-capturable").with("answer", "h2-h3")
    );
    let p = play(&mut g, "h3!");
    assert_eq!(p.action, "h2h3!");
    assert_eq!(p.printed, "h2-h3");
    let p = play(&mut g, "Ra1:e1");
    assert!(p.events.contains(&Msg::new("spell-king-captured")));
    assert_eq!(g.outcome(), won(Side::Black, "reason-king-captured"));
}

// ruling P4: the king may not step onto a square attacked by a non-frozen enemy
// piece, unless it takes the enemy king there.
#[test]
fn ruling_p4_king_steps_and_king_capture() {
    let mut g = game("8/8/5p2/4k3/3K4/8/8/8[] w - - 0 1");
    // e5 is defended by the f6 pawn, yet the king may take the king there.
    play(&mut g, "Kd4:e5");
    assert_eq!(g.outcome(), won(Side::White, "reason-king-captured"));
    // A plain step next to the enemy king is refused.
    let mut g = game("8/8/8/4k3/8/3K4/7P/8[] w - - 0 1");
    assert!(refusal(&mut g, "Kd4").contains("not a legal move"));
}

// ruling P4: "capturable" counts the opponent's own jump: a king behind one blocker
// on a line of an enemy rook with a jump in hand needs confirmation.
#[test]
fn ruling_p4_capturable_through_an_enemy_jump() {
    let mut g = game("4r1k1/8/8/8/8/8/4P3/3K4[j] w - - 0 1");
    let e = refusal(&mut g, "Ke1");
    assert!(e.contains("capturable"), "{e}");
    // Without a jump in Black's hand the same step is quiet.
    let mut g = game("4r1k1/8/8/8/8/8/4P3/3K4[] w - - 0 1");
    play(&mut g, "Ke1");
}

// ruling P4: a freeze mate. Re8 is no mate while the d8 rook can take; frozen, it
// cannot, and Black has no spell to answer with.
#[test]
fn ruling_p4_freeze_mate() {
    let fen = "3r2k1/5ppp/8/8/8/8/8/4R1K1[F] w - - 0 1";
    let mut g = game(fen);
    play(&mut g, "Re8");
    assert!(!g.is_over());
    let mut g = game(fen);
    let p = play(&mut g, "Re1-e8 (freeze d7)");
    assert!(
        p.events.iter().any(|e| *e == "Checkmate."),
        "{:?}",
        p.events
    );
    assert_eq!(g.outcome(), won(Side::White, "reason-checkmate"));
    // The mated side still has turns (perft goes on through mate), all losing.
    assert!(state(&g).spell_position().perft(1) > 0);
}

// ruling P4: a check cancelled by freezing the checker. A back-rank "mate" is none
// while Black can freeze the rook.
#[test]
fn ruling_p4_check_cancelled_by_freezing_the_checker() {
    let mut g = game("6k1/5ppp/8/8/8/8/8/4R1K1[ff] w - - 0 1");
    let p = play(&mut g, "Re8");
    assert_eq!(p.events, vec!["Check.".to_string()]);
    assert!(!g.is_over());
    assert!(refusal(&mut g, "h6").contains("capturable"));
    play(&mut g, "h7-h6 (freeze e8)");
    assert!(refusal(&mut g, "Re8:f8").contains("rook on e8 is frozen"));
    assert!(g.view(Viewer::Public).check.is_empty());
}

// ruling P4: stalemate is no legal turn at all; a freeze that lets the king step
// next to a frozen queen is a legal turn.
#[test]
fn ruling_p4_stalemate_needs_no_turn_at_all() {
    let mut g = game("k7/8/8/1Q6/8/8/8/7K[] w - - 0 1");
    play(&mut g, "Qb6");
    assert_eq!(
        g.outcome(),
        Some(Outcome::draw(crate::i18n::Msg::new("reason-stalemate")))
    );
    let mut g = game("k7/8/8/1Q6/8/8/8/7K[f] w - - 0 1");
    play(&mut g, "Qb6");
    assert!(!g.is_over());
    play(&mut g, "Ka8-b7 (freeze b6)");
}

// --- P5: castling -----------------------------------------------------------------

// ruling P5: not out of an attack present when the turn begins, even with a freeze
// on the attacker; through squares attacked only by a frozen piece it is legal.
#[test]
fn ruling_p5_castling_and_attacks() {
    let mut g = game("4k3/8/8/4r3/8/8/8/R3K2R[F] w KQ - 0 1");
    assert!(refusal(&mut g, "O-O (freeze e5)").contains("not a legal move"));
    let mut g = game("4k3/8/8/5r2/8/8/8/R3K2R[F] w KQ - 0 1");
    assert!(refusal(&mut g, "O-O").contains("not a legal move"));
    let mut g2 = g.clone();
    play(&mut g2, "O-O-O");
    play(&mut g, "O-O (freeze f5)");
}

// ruling P5: not with a frozen king or rook, nor a transparent rook; a freeze cast
// with castling may not be centred on the king's destination, and may not hold the
// king's start, but may hold the rook.
#[test]
fn ruling_p5_castling_with_spells() {
    let base = "4k3/8/8/8/8/8/8/R3K2R";
    let mut g = game(&format!("{base}[FJ] w KQ - 0 1 f@h2"));
    assert!(refusal(&mut g, "O-O").contains("rook on h1 is frozen by the freeze"));
    play(&mut g, "O-O-O");
    let mut g = game(&format!("{base}[FJ] w KQ - 0 1 f@e2"));
    assert!(refusal(&mut g, "O-O-O").contains("king on e1 is frozen"));
    let mut g = game(&format!("{base}[FJ] w KQ - 0 1 j@h1"));
    assert!(refusal(&mut g, "O-O").contains("rook on h1 stands on a jump square"));
    let mut g = game(&format!("{base}[FJ] w KQ - 0 1"));
    assert!(refusal(&mut g, "O-O (jump h1)").contains("transparent"));
    assert!(refusal(&mut g, "O-O (freeze g1)").contains("destination"));
    assert!(refusal(&mut g, "O-O (freeze f2)").contains("freeze area"));
    play(&mut g, "O-O (freeze h2)");
}

// --- P6: en passant -----------------------------------------------------------------

// ruling P6: en passant may not leave the capturer's king attacked, judged with the
// spell: freezing the rook behind makes it legal. Other moves may self-check.
#[test]
fn ruling_p6_en_passant_with_spells() {
    let fen = "4k3/8/8/KPp4r/8/8/8/8[F] w - c6 0 1";
    let mut g = game(fen);
    assert!(g.fen().contains(" c6 "), "{}", g.fen());
    assert!(refusal(&mut g, "bxc6").contains("not a legal move"));
    let p = play(&mut g, "b5:c6 (freeze h5)");
    assert_eq!(p.printed, "b5:c6 (freeze h5)");
    let mut g = game("4k3/8/8/KPp4r/8/8/8/8[] w - c6 0 1");
    assert!(g.fen().contains(" - 0 1"), "{}", g.fen());
    assert!(refusal(&mut g, "bxc6").contains("not a legal move"));
}

// --- P7: repetition and material --------------------------------------------------

// ruling P7: repetition counts spells left, cooldowns and active areas.
#[test]
fn ruling_p7_repetition_counts_spell_state() {
    let mut g = start();
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for _ in 0..2 {
        for m in cycle {
            play(&mut g, m);
        }
    }
    assert_eq!(g.claimable_draw().as_deref(), Some("threefold repetition"));
    // The same moves with one freeze cast: supplies differ from the first start.
    let mut g = start();
    play(&mut g, "Nf3 (freeze a6)");
    for m in ["Nf6", "Ng1", "Ng8"] {
        play(&mut g, m);
    }
    for _ in 0..2 {
        for m in cycle {
            play(&mut g, m);
        }
    }
    // Counted: the start (5 freezes) once; the later starts (4) twice... the first
    // return had a cooldown running, so only the last two are equal.
    assert_eq!(g.claimable_draw(), None);
    for m in cycle {
        play(&mut g, m);
    }
    assert_eq!(g.claimable_draw().as_deref(), Some("threefold repetition"));
    let a = spell_pos("4k3/8/8/8/8/8/8/4K3[F] w - - 0 1");
    let b = spell_pos("4k3/8/8/8/8/8/8/4K3[F] w - - 0 1 F1");
    let c = spell_pos("4k3/8/8/8/8/8/8/4K3[F] w - - 0 1 f@d5");
    assert_ne!(repetition_key(&a), repetition_key(&b));
    assert_ne!(repetition_key(&a), repetition_key(&c));
}

// ruling P7: insufficient material is king against king, or FIDE's rule once neither
// side has a freeze left.
#[test]
fn ruling_p7_insufficient_material() {
    let mut g = game("4k3/8/8/8/8/8/3r4/4K3[FFjj] w - - 0 1");
    play(&mut g, "Kxd2");
    assert_eq!(
        g.outcome(),
        Some(Outcome::draw(crate::i18n::Msg::new(
            "reason-insufficient-material"
        )))
    );
    let mut g = game("4k3/8/8/8/8/8/3r4/4KB2[F] w - - 0 1");
    play(&mut g, "Kxd2");
    assert!(!g.is_over());
    let mut g = game("4k3/8/8/8/8/8/3r4/4KB2[JJjj] w - - 0 1");
    play(&mut g, "Kxd2");
    assert_eq!(
        g.outcome(),
        Some(Outcome::draw(crate::i18n::Msg::new(
            "reason-insufficient-material"
        )))
    );
}

// --- P8: notation -------------------------------------------------------------------

// ruling P8: canonical printing; every input order plays the same turn; the action
// replays without spaces.
#[test]
fn ruling_p8_canonical_and_input_orders() {
    for text in [
        "Nf6 (freeze d5)",
        "freeze@d5 Nf6",
        "f@d5,g8f6",
        "Ng8-f6 (freeze d5)",
    ] {
        let mut g = start();
        play(&mut g, "e4");
        let p = play(&mut g, text);
        assert_eq!(p.printed, "Ng8-f6 (freeze d5)", "{text}");
        assert_eq!(p.action, "f@d5,g8f6");
        assert!(!p.action.contains(' '));
    }
    let mut g = start();
    assert_eq!(play(&mut g, "j@d2,c1h6").printed, "Bc1-h6 (jump d2)");
    assert!(g.legal_texts().iter().any(|t| t == "Ng8-f6 (freeze d5)"));
}

// --- FEN and view -------------------------------------------------------------------

#[test]
fn fen_round_trips_spell_state() {
    let mut g = start();
    play(&mut g, "e4 (freeze d5)");
    assert_eq!(
        g.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[JJFFFFjjfffff] b KQkq - 0 1 F2,F@d5"
    );
    play(&mut g, "Nf6 (jump e4)");
    let fen = g.fen();
    assert_eq!(
        fen,
        "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR[JJFFFFjfffff] w KQkq - 1 2 F2,j2,j@e4"
    );
    let back = game(&fen);
    assert_eq!(back.fen(), fen);
    assert_eq!(back.legal_texts(), g.legal_texts());
    for bad in [
        "8/8/8/8/8/8/8/8[] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[X] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[F w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[F] w - - 0 1 F@d5",
        "4k3/8/8/8/8/8/8/4K3[F] w - - 0 1 F7",
        "4k3/8/8/8/8/8/8/4K3[F] w - - 0 1 f@d5,f@e5",
        "4k3/8/8/8/8/8/8/4K3[F] w - - 0 1 x",
        "",
    ] {
        assert!(
            Game::from_fen(VariantId::Spell, bad, &Options::new(), 1).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn view_shows_areas_jump_and_notes() {
    let mut g = start();
    play(&mut g, "e4 (freeze d7)");
    let v = g.view(Viewer::Public);
    let frozen: Vec<Square> = v
        .marks
        .iter()
        .filter(|(_, m)| *m == super::view::FROZEN)
        .map(|(s, _)| *s)
        .collect();
    assert_eq!(frozen.len(), 9);
    assert!(frozen.contains(&sq("c8")) && frozen.contains(&sq("e6")));
    assert_eq!(
        v.last_move,
        vec![Cell::Board(sq("e2")), Cell::Board(sq("e4"))]
    );
    assert_eq!(
        v.notes[0],
        vec!["Freeze 4 (ready in 2) · Jump 2".to_string()]
    );
    assert_eq!(v.notes[1], vec!["Freeze 5 · Jump 2".to_string()]);
    assert_eq!(v.to_move, Some(Side::Black));
    play(&mut g, "Nf6 (jump e4)");
    let v = g.view(Viewer::Public);
    assert_eq!(v.marks, vec![(sq("e4"), super::view::JUMP)]);
}

#[test]
fn bad_input_never_panics_or_changes_the_game() {
    let mut g = start();
    for t in [
        "",
        "   ",
        "e5",
        "e4 (freeze z9)",
        "(jump e2)",
        "Zz9:a0",
        "é4 (gel d5)",
        "\u{7}\u{0}",
        "f@d5,f@d6,e2e4",
        "e4 (jump e3)",
    ] {
        let _ = refusal(&mut g, t);
    }
    let long = "e4 (freeze d5)".repeat(800);
    let _ = refusal(&mut g, &long);
}

// Depth 2 below White's 20 plain moves: Black's 20 plain and 1124 freeze turns never
// change (no White spell is active), and its jumps are 670 (the mirror of White's)
// except where White's move shortens a line a jump would open: a pawn or knight that
// now stands on the a-, d- or h-file in reach of the rook or queen jumping over its
// own pawn loses Black the squares beyond it (a3, d3, h3, Na3, Nh3: one square; a4,
// d4, h4: two), and b4 and g4 cut the bishops' jumped diagonals (Bf8 over e7 to a3,
// Bc8 over d7 to h3) by one. 20 * 1814 - (5 * 1 + 3 * 2 + 2 * 1) = 36267.
#[test]
fn perft_depth_two_below_plain_moves() {
    let sp = SpellPosition::new();
    let mut total = 0;
    for t in sp.legal_turns().into_iter().filter(|t| t.spell.is_none()) {
        let next = sp.after(t);
        let turns = next.legal_turns();
        let jumps = turns
            .iter()
            .filter(|t| matches!(t.spell, Some(Spell::Jump(_))))
            .count();
        let want = match t.canonical().as_str() {
            "a2-a3" | "d2-d3" | "h2-h3" | "Nb1-a3" | "Ng1-h3" | "b2-b4" | "g2-g4" => 669,
            "a2-a4" | "d2-d4" | "h2-h4" => 668,
            _ => 670,
        };
        assert_eq!(jumps, want, "{}", t.canonical());
        assert_eq!(turns.len(), 20 + 1124 + want, "{}", t.canonical());
        total += turns.len();
    }
    assert_eq!(total, 36267);
    // The whole of depth 2 (spell turns of White included), for the record: the sum
    // over all 1814 first turns.
    let by_divide: u64 = sp.legal_turns().iter().map(|t| sp.after(*t).perft(1)).sum();
    assert_eq!(sp.perft(2), by_divide);
}
