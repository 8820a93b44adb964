//! Unit tests of Wand Chess, one or more per ruling (W1-W24, C4), built from the FEN
//! extension. Effects are made certain with moderated secret kinds (an identifying
//! zap never misfires, W3).

use super::effects::{demoted, draw_kind, draw_misfire, draw_polymorph};
use super::state::{kind_index, WandMode, WandState};
use super::*;
use crate::core::view::{BadgeStyle, Viewer};
use crate::core::{Cell, Role};
use crate::i18n::Msg;
use crate::variants::tests::util::won;
use crate::variants::tests::util::{play_rules as play, sq, try_rules};
use crate::variants::{Game, VariantId};

/// A game from a plain FEN plus piece states; every piece not listed gets a destroyed
/// wand (so only the listed pieces can zap) unless `keep` is set.
fn setup(fen6: &str, mode: &str, specs: &[(&str, &str)]) -> WandGame {
    let plain = WandGame::from_fen(fen6, &Options::new()).expect("plain fen");
    let mut entries = Vec::new();
    for s in Square::all() {
        if plain.pos.unit(s).is_some() {
            let mut spec = specs
                .iter()
                .find(|(q, _)| sq(q) == s)
                .map(|(_, t)| t.to_string())
                .unwrap_or_else(|| "destroyed".to_string());
            let wand_given = ["secret=", "wand=", "destroyed"]
                .iter()
                .any(|w| spec.contains(w));
            if mode == "moderated" && !wand_given {
                spec = if spec.is_empty() {
                    "destroyed".into()
                } else {
                    format!("{spec},destroyed")
                };
            }
            if !spec.is_empty() {
                entries.push(format!("{s}:{spec}"));
            }
        }
    }
    let fen = format!("{fen6} {mode} {}", entries.join(";"));
    WandGame::from_fen(&fen, &Options::new()).expect(&fen)
}

fn rng(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

fn refused(g: &WandGame, text: &str) -> bool {
    try_rules(g, text, &mut rng(1)).is_err()
}

/// White wins: Black's last king is gone (W16).
fn last_king_gone() -> Option<Outcome> {
    Some(Outcome::win(
        Side::White,
        crate::i18n::Msg::new("reason-last-king")
            .with("side", crate::variants::side_msg(Side::Black)),
    ))
}

// ruling W1: every piece starts with an unknown wand; moderated draws all kinds.
#[test]
fn ruling_w1_every_piece_starts_with_an_unknown_wand() {
    let g = WandGame::new(&Options::new(), &mut rng(3)).expect("new");
    let units: Vec<_> = g.pos.units.iter().flatten().collect();
    assert_eq!(units.len(), 32);
    assert!(units
        .iter()
        .all(|u| u.wand == WandState::Unknown && u.secret.is_none()));
    let mut opts = Options::new();
    opts.insert("wands".into(), "moderated".into());
    let m = WandGame::new(&opts, &mut rng(3)).expect("moderated");
    assert!(m
        .pos
        .units
        .iter()
        .flatten()
        .all(|u| u.wand == WandState::Unknown && u.secret.is_some()));
}

#[test]
fn options_are_checked() {
    let mut o = Options::new();
    o.insert("wands".into(), "magic".into());
    let e = WandGame::new(&o, &mut rng(1)).expect_err("bad value");
    assert!(
        e.to_string().contains("rolled") && e.to_string().contains("magic"),
        "{e}"
    );
    let mut o = Options::new();
    o.insert("colour".into(), "x".into());
    let e = WandGame::new(&o, &mut rng(1)).expect_err("bad key");
    assert!(e.to_string().contains("colour"), "{e}");
}

// ruling W2: the target is the own square or one of the 8 neighbours; disabled pieces cannot zap.
#[test]
fn ruling_w2_zap_targets_and_who_may_zap() {
    let g = WandGame::new(&Options::new(), &mut rng(3)).expect("new");
    let texts = g.legal_texts();
    let e2: Vec<_> = texts.iter().filter(|t| t.starts_with("Ze2:")).collect();
    assert_eq!(e2.len(), 9);
    assert!(texts.contains(&"Ze2:e2".to_string()) && texts.contains(&"Ze2:f3".to_string()));
    assert!(refused(&g, "Ze2:e4"));
    // corners 4 targets, other back-rank pieces and edge pawns 6, other pawns 9.
    assert_eq!(
        texts.iter().filter(|t| t.starts_with('Z')).count(),
        2 * 4 + 6 * 6 + 2 * 6 + 6 * 9
    );
    let g = setup(
        "4k3/8/8/8/8/8/PPPP4/4K3 w - - 0 1",
        "rolled",
        &[
            ("a2", "asleep=2"),
            ("b2", "statue=3"),
            ("c2", "slow=2"),
            ("d2", "destroyed"),
            ("e1", "slow=0"),
        ],
    );
    for t in ["Za2:a3", "Zb2:b3", "Zc2:c3", "Zd2:d3"] {
        assert!(refused(&g, t), "{t}");
    }
    assert!(!refused(&g, "Ze1:e1"));
}

// ruling W3: the document's example `1. e4 e5 2. Ze4:e4`.
#[test]
fn ruling_w3_document_example_identifies_the_wand() {
    let mut g = WandGame::new(&Options::new(), &mut rng(3)).expect("new");
    let mut r = rng(11);
    play(&mut g, "e4", &mut r);
    play(&mut g, "e5", &mut r);
    let p = play(&mut g, "Ze4:e4", &mut r);
    let u = g.pos.unit(sq("e4")).copied();
    let kind = match u.map(|u| u.wand) {
        Some(WandState::Identified(k)) => k,
        // Death (or demotion of the pawn) removes the zapper itself.
        None => {
            assert!(
                p.printed == "Ze4:e4 (death)" || p.printed.starts_with("Ze4:e4 (demotion"),
                "{}",
                p.printed
            );
            return;
        }
        other => panic!("{other:?}"),
    };
    assert!(
        p.printed.starts_with(&format!("Ze4:e4 ({}", kind.name())),
        "{}",
        p.printed
    );
    assert!(!p.printed.contains("misfire"));
    assert_eq!(p.private.len(), 1);
    assert_eq!(p.private[0].0, Side::White);
    assert!(p.private[0].1.to_string().contains(kind.name()));
}

// ruling W3: an unknown wand at an empty square wastes the turn and stays unknown.
#[test]
fn ruling_w3_unknown_wand_at_empty_square() {
    let mut g = WandGame::new(&Options::new(), &mut rng(3)).expect("new");
    let before = g.pos.clone();
    let p = play(&mut g, "Zb2:b3", &mut rng(1));
    assert_eq!(p.printed, "Zb2:b3 (unknown, no target)");
    assert_eq!(
        g.pos.unit(sq("b2")).map(|u| u.wand),
        Some(WandState::Unknown)
    );
    assert_eq!(g.pos.board, before.board);
    assert_eq!(g.pos.fide.turn, Side::Black);
    assert!(p.private.is_empty());
}

// ruling W4: an identified wand misfires about one time in three and is destroyed.
#[test]
fn ruling_w4_identified_wands_misfire_one_in_three() {
    let base = setup(
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "rolled",
        &[("a1", "wand=sleep")],
    );
    let mut misfires = 0;
    let n = 3000;
    for seed in 0..n {
        let mut g = base.clone();
        let p = play(&mut g, "Za1:a2", &mut rng(seed));
        if p.printed == "Za1:a2 (misfire)" {
            misfires += 1;
            assert_eq!(
                g.pos.unit(sq("a1")).map(|u| u.wand),
                Some(WandState::Destroyed)
            );
        } else {
            assert_eq!(p.printed, "Za1:a2 (sleep, no target)");
        }
    }
    let rate = misfires as f64 / n as f64;
    assert!((rate - 1.0 / 3.0).abs() < 0.04, "misfire rate {rate}");
}

#[test]
fn random_draws_follow_the_documents_odds() {
    let mut r = rng(2024);
    let n = 120_000;
    let mut kinds = [0usize; 12];
    let mut misfire = 0;
    let mut roles = std::collections::HashMap::new();
    for _ in 0..n {
        kinds[kind_index(draw_kind(&mut r))] += 1;
        misfire += usize::from(draw_misfire(&mut r));
        *roles.entry(draw_polymorph(&mut r)).or_insert(0usize) += 1;
    }
    for c in kinds {
        let p = c as f64 / n as f64;
        assert!((p - 1.0 / 12.0).abs() < 0.005, "kind frequency {p}");
    }
    assert!((misfire as f64 / n as f64 - 1.0 / 3.0).abs() < 0.006);
    for (role, want) in [
        (Role::Pawn, 0.5),
        (Role::Rook, 0.125),
        (Role::Knight, 0.125),
        (Role::Bishop, 0.125),
        (Role::King, 0.0625),
        (Role::Queen, 0.0625),
    ] {
        let p = *roles.get(&role).unwrap_or(&0) as f64 / n as f64;
        assert!((p - want).abs() < 0.006, "{role:?} {p}");
    }
}

// ruling W5: a zap at a protected piece or a statue identifies but does nothing.
#[test]
fn ruling_w5_immune_targets() {
    let mut g = setup(
        "4k3/8/8/8/8/8/1n6/R3K3 w - - 0 1",
        "moderated",
        &[("a1", "secret=death"), ("b2", "protected")],
    );
    let p = play(&mut g, "Za1:b2", &mut rng(1));
    assert_eq!(p.printed, "Za1:b2 (death, no effect)");
    assert!(g.pos.unit(sq("b2")).is_some());
    assert_eq!(
        g.pos.unit(sq("a1")).map(|u| u.wand),
        Some(WandState::Identified(WandKind::Death))
    );
    let mut g = setup(
        "4k3/8/8/8/8/8/1n6/R3K3 w - - 0 1",
        "moderated",
        &[("a1", "secret=sleep"), ("b2", "statue=4")],
    );
    let p = play(&mut g, "Za1:b2", &mut rng(1));
    assert_eq!(p.printed, "Za1:b2 (sleep, no effect)");
    assert_eq!(g.pos.unit(sq("b2")).map(|u| u.asleep), Some(0));
}

// ruling W6: teleport asks the zapper for a square in the same turn.
#[test]
fn ruling_w6_teleport_question_and_legality() {
    // The white rook on e2 shields the king from the black rook on e8.
    let base = setup(
        "k3r3/8/8/8/8/8/4R3/4K3 w - - 0 1",
        "moderated",
        &[("e2", "secret=teleport")],
    );
    let mut g = base.clone();
    let p = play(&mut g, "Ze2:e2", &mut rng(1));
    assert_eq!(p.printed, "Ze2:e2 (teleport)");
    assert_eq!(
        g.ask(),
        Some(Ask {
            side: Side::White,
            question: Question::TeleportSquare
        })
    );
    let squares = g.legal_texts();
    // Only the e-file squares keep the shield (W6).
    assert_eq!(squares, vec!["e3", "e4", "e5", "e6", "e7"]);
    assert!(refused(&g, "a4"));
    assert!(refused(&g, "e8"));
    assert!(refused(&g, "Ke1-d1"));
    let p = play(&mut g, "e5", &mut rng(1));
    assert_eq!(p.printed, "Ze2:e2 (teleport e5)");
    assert_eq!(p.action, "e5");
    assert_eq!(g.pos.unit(sq("e5")).map(|u| u.role), Some(Role::Rook));
    assert_eq!(g.ask().map(|a| a.side), Some(Side::Black));
    // Given in advance.
    let mut g = base.clone();
    let p = play(&mut g, "Ze2:e2 (teleport e6)", &mut rng(1));
    assert_eq!(p.printed, "Ze2:e2 (teleport e6)");
    assert_eq!(p.action, "Ze2:e2 (teleport e6)");
    assert_eq!(g.ask().map(|a| a.question), Some(Question::Move));
    // An illegal advance square is ignored and the question asked.
    let mut g = base;
    play(&mut g, "Ze2:e2 (teleport a4)", &mut rng(1));
    assert_eq!(g.ask().map(|a| a.question), Some(Question::TeleportSquare));
}

// ruling W7 / W16: killing the last king loses at once.
#[test]
fn ruling_w7_death_of_the_last_king() {
    let mut g = setup(
        "8/8/8/3k4/4N3/8/8/K7 w - - 0 1",
        "moderated",
        &[("e4", "secret=death")],
    );
    let p = play(&mut g, "Ze4:d5", &mut rng(1));
    assert_eq!(p.printed, "Ze4:d5 (death)");
    assert_eq!(g.outcome(), last_king_gone());
}

// ruling W8: sleep lasts the owner's next 5 turns; healing wakes.
#[test]
fn ruling_w8_sleep() {
    let mut g = setup(
        "k7/8/8/8/8/8/6n1/5NK1 b - - 0 1",
        "moderated",
        &[("g2", "secret=sleep")],
    );
    let mut r = rng(1);
    play(&mut g, "Zg2:f1", &mut r);
    assert_eq!(g.pos.unit(sq("f1")).map(|u| u.asleep), Some(5));
    let mut woke = None;
    for i in 0..5 {
        assert!(refused(&g, "Nf1-e3"), "asleep on turn {i}");
        assert!(refused(&g, "Zf1:f2"));
        let p = play(&mut g, if i % 2 == 0 { "Kg1-h1" } else { "Kh1-g1" }, &mut r);
        if let Some(e) = p.events.iter().find(|e| e.to_string().contains("wakes")) {
            woke = Some((i, e.clone()));
        }
        play(&mut g, if i % 2 == 0 { "Ka8-b8" } else { "Kb8-a8" }, &mut r);
    }
    assert_eq!(
        woke.map(|(i, e)| (i, e.to_string())),
        Some((4, "[Nf1 wakes from Sleep]".to_string()))
    );
    assert!(!refused(&g, "Nf1-e3"));
    // Healing wakes at once.
    let mut g = setup(
        "k7/8/8/8/8/8/6N1/5NK1 w - - 0 1",
        "moderated",
        &[("g2", "secret=healing"), ("f1", "asleep=4")],
    );
    play(&mut g, "Zg2:f1", &mut r);
    assert_eq!(g.pos.unit(sq("f1")).map(|u| u.asleep), Some(0));
}

// ruling W9: a statue cannot move, be captured or give check; a statue king is never in check.
#[test]
fn ruling_w9_statue_king_cannot_be_checked() {
    let g = setup(
        "4k3/p7/8/8/8/8/8/4RK2 b - - 0 1",
        "rolled",
        &[("e8", "statue=5"), ("a7", "")],
    );
    assert!(g.view(Viewer::Public).check.is_empty());
    let texts = g.legal_texts();
    assert!(texts.contains(&"a7-a6".to_string()));
    assert!(!texts.iter().any(|t| t.starts_with('K')));
    // The rook cannot take the statue.
    let w = setup(
        "4k3/p7/8/8/8/8/8/4RK2 w - - 0 1",
        "rolled",
        &[("e8", "statue=5")],
    );
    assert!(!w.legal_texts().contains(&"Re1:e8".to_string()));
    // A statue gives no check: the white king may stand next to a statue king.
    let s = setup(
        "8/8/8/3k4/8/4K3/8/8 w - - 0 1",
        "rolled",
        &[("d5", "statue=3")],
    );
    assert!(s.legal_texts().contains(&"Ke3-e4".to_string()));
}

// ruling W10: sloth makes slow (ready at once); a slow piece that moved sits out 3 owner turns.
#[test]
fn ruling_w10_sloth() {
    let mut r = rng(1);
    let mut g = setup(
        "7k/8/8/8/8/8/1R6/R5K1 w - - 0 1",
        "moderated",
        &[("a1", "secret=sloth")],
    );
    let p = play(&mut g, "Za1:b2", &mut r);
    assert_eq!(p.printed, "Za1:b2 (sloth)");
    let u = g.pos.unit(sq("b2")).copied().expect("b2");
    assert!(u.slow && u.wait == 0, "ready at once");
    play(&mut g, "Kh8-h7", &mut r);
    assert!(!refused(&g, "Rb2-b3"));
    let mut g = setup(
        "k7/8/8/8/1R6/8/8/6K1 w - - 0 1",
        "rolled",
        &[("b4", "slow=0")],
    );
    play(&mut g, "Rb4-c4", &mut r);
    assert_eq!(g.pos.unit(sq("c4")).map(|u| u.wait), Some(3));
    play(&mut g, "Ka8-a7", &mut r);
    let mut events = Vec::new();
    for (i, (w, b)) in [
        ("Kg1-h1", "Ka7-a8"),
        ("Kh1-g1", "Ka8-a7"),
        ("Kg1-h1", "Ka7-a8"),
    ]
    .into_iter()
    .enumerate()
    {
        assert!(refused(&g, "Rc4-c5"), "waiting turn {i}");
        assert!(refused(&g, "Zc4:c5"), "no zap while waiting {i}");
        let p = play(&mut g, w, &mut r);
        events.push((i, p.events));
        play(&mut g, b, &mut r);
    }
    assert_eq!(events[0].1, Vec::<String>::new());
    assert_eq!(events[2].1, vec!["[Rc4 wakes from Sloth]".to_string()]);
    assert!(!refused(&g, "Rc4-c5"));
    // Sloth on a fast piece makes it normal.
    let mut g = setup(
        "7k/8/8/8/8/8/1R6/R5K1 w - - 0 1",
        "moderated",
        &[("a1", "secret=sloth"), ("b2", "fast")],
    );
    play(&mut g, "Za1:b2", &mut r);
    let u = g.pos.unit(sq("b2")).copied().expect("b2");
    assert!(!u.fast && !u.slow);
    // Speed on a slow piece makes it normal.
    let mut g = setup(
        "7k/8/8/8/8/8/1R6/R5K1 w - - 0 1",
        "moderated",
        &[("a1", "secret=speed"), ("b2", "slow=2")],
    );
    play(&mut g, "Za1:b2", &mut r);
    let u = g.pos.unit(sq("b2")).copied().expect("b2");
    assert!(!u.fast && !u.slow && u.wait == 0);
}

// ruling W11: polymorph keeps statuses and wand, loses castling; pawns on end ranks.
#[test]
fn ruling_w11_polymorph() {
    let base = setup(
        "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
        "moderated",
        &[("e1", "secret=polymorph"), ("a1", "sick=2,wand=speed")],
    );
    let mut seen = std::collections::HashSet::new();
    for seed in 0..64 {
        // The king zaps the rook? It is not adjacent; zap itself instead.
        let mut g = base.clone();
        let p = play(&mut g, "Ze1:e1", &mut rng(seed));
        assert!(
            p.printed.starts_with("Ze1:e1 (polymorph = "),
            "{}",
            p.printed
        );
        assert!(g.pos.fide.castling.is_empty(), "castling lost");
        if let Some(u) = g.pos.unit(sq("e1")) {
            seen.insert(u.role);
            assert_eq!(u.wand, WandState::Identified(WandKind::Polymorph));
        }
        if g.pos.kings(Side::White).is_empty() {
            assert_eq!(g.outcome().map(|o| o.score()), Some("0-1"));
        }
    }
    assert!(seen.contains(&Role::Pawn) && seen.len() >= 4, "{seen:?}");
    // A pawn on its own first rank steps one square; on its last rank it cannot move but zaps.
    let g = setup(
        "4k3/8/8/8/8/8/8/P3K2P w - - 0 1",
        "rolled",
        &[("a1", ""), ("h1", "")],
    );
    let t = g.legal_texts();
    assert!(t.contains(&"a1-a2".to_string()) && !t.contains(&"a1-a3".to_string()));
    let g = setup("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "rolled", &[("a8", "")]);
    let t = g.legal_texts();
    assert!(!t.iter().any(|m| m.starts_with("a8-")));
    assert!(t.contains(&"Za8:a8".to_string()));
}

// ruling W12: demotion chain; demoting the last king loses.
#[test]
fn ruling_w12_demotion() {
    assert_eq!(demoted(Role::King), Some(Role::Queen));
    assert_eq!(demoted(Role::Queen), Some(Role::Rook));
    assert_eq!(demoted(Role::Rook), Some(Role::Bishop));
    assert_eq!(demoted(Role::Bishop), Some(Role::Knight));
    assert_eq!(demoted(Role::Knight), Some(Role::Pawn));
    assert_eq!(demoted(Role::Pawn), None);
    let mut g = setup(
        "8/8/8/3k4/4N3/8/8/K7 w - - 0 1",
        "moderated",
        &[("e4", "secret=demotion")],
    );
    let p = play(&mut g, "Ze4:d5", &mut rng(1));
    assert_eq!(p.printed, "Ze4:d5 (demotion = Queen)");
    assert_eq!(g.outcome().map(|o| o.score()), Some("1-0"));
    let mut g = setup(
        "4k3/8/8/8/8/8/1p6/R3K3 w - - 0 1",
        "moderated",
        &[("a1", "secret=demotion")],
    );
    play(&mut g, "Za1:b2", &mut rng(1));
    assert!(g.pos.unit(sq("b2")).is_none());
}

// ruling W13: a peaceful piece cannot capture and gives no check.
#[test]
fn ruling_w13_peace() {
    let g = setup(
        "4k3/8/8/8/8/8/8/r3K3 w - - 0 1",
        "rolled",
        &[("a1", "peaceful")],
    );
    assert!(g.view(Viewer::Public).check.is_empty());
    assert!(g.legal_texts().contains(&"Ke1-d1".to_string()));
    let b = setup(
        "4k3/8/8/8/8/8/8/r3K3 b - - 0 1",
        "rolled",
        &[("a1", "peaceful")],
    );
    assert!(!b.legal_texts().contains(&"Ra1:e1".to_string()));
}

// ruling W14: sickness removes the piece at the end of the owner's 3rd turn.
#[test]
fn ruling_w14_sickness() {
    let mut r = rng(1);
    let mut g2 = setup(
        "k7/8/8/8/8/8/2Q5/1n4K1 b - - 0 1",
        "moderated",
        &[("b1", "secret=sickness")],
    );
    play(&mut g2, "Zb1:c2", &mut r);
    assert_eq!(g2.pos.unit(sq("c2")).map(|u| u.sick), Some(3));
    play(&mut g2, "Qc2-d3", &mut r);
    play(&mut g2, "Ka8-b8", &mut r);
    play(&mut g2, "Kg1-h1", &mut r);
    play(&mut g2, "Kb8-a8", &mut r);
    let p = play(&mut g2, "Kh1-g1", &mut r);
    assert_eq!(p.events, vec!["[Qd3 dies from Sickness]".to_string()]);
    assert!(g2.pos.unit(sq("d3")).is_none());
    // A second sickness does not restart the count.
    let mut g3 = setup(
        "k7/8/8/8/8/8/2Q5/1n4K1 b - - 0 1",
        "moderated",
        &[("b1", "secret=sickness"), ("c2", "sick=1")],
    );
    play(&mut g3, "Zb1:c2", &mut r);
    assert_eq!(g3.pos.unit(sq("c2")).map(|u| u.sick), Some(1));
}

// ruling W15: protection blocks every wand, healing included; sickness keeps running.
#[test]
fn ruling_w15_protection_and_healing() {
    let mut g = setup(
        "k7/8/8/8/8/8/1N6/R5K1 w - - 0 1",
        "moderated",
        &[
            ("a1", "secret=healing"),
            ("b2", "protected,sick=1,peaceful"),
        ],
    );
    let mut r = rng(1);
    let p = play(&mut g, "Za1:b2", &mut r);
    assert_eq!(p.printed, "Za1:b2 (healing, no effect)");
    assert!(p.events.iter().any(|e| *e == "[Nb2 dies from Sickness]"));
}

#[test]
fn fen_rejects_contradictions() {
    let bad = [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 rolled e1:slow=1,fast",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 rolled e1:secret=death",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 moderated e1:destroyed",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 rolled e2:fast",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 rolled e1:asleep=9",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 rolled e1:flying",
        "8/8/8/8/8/8/8/4K3 w - - 0 1 rolled -",
    ];
    for f in bad {
        assert!(WandGame::from_fen(f, &Options::new()).is_err(), "{f}");
    }
}

#[test]
fn healing_cures_sick_slow_asleep_peaceful() {
    let mut g = setup(
        "k7/8/8/8/8/8/1N6/R5K1 w - - 0 1",
        "moderated",
        &[
            ("a1", "secret=healing"),
            ("b2", "sick=2,peaceful,slow=2,asleep=3"),
        ],
    );
    play(&mut g, "Za1:b2", &mut rng(1));
    let u = g.pos.unit(sq("b2")).copied().expect("b2");
    assert!(u.sick == 0 && !u.peaceful && !u.slow && u.asleep == 0);
}

// ruling W16: the document's two-king position: check is ignored, a king may be taken.
#[test]
fn ruling_w16_two_kings_ignore_check() {
    let mut g = setup("k3r3/8/8/8/3K4/8/8/4K3 w - - 0 1", "rolled", &[]);
    assert!(g.view(Viewer::Public).check.is_empty());
    let t = g.legal_texts();
    // Kd4-e4 walks into the rook's file and is still legal; so is leaving e1 attacked.
    assert!(t.contains(&"Kd4-e4".to_string()) && t.contains(&"Kd4-c4".to_string()));
    let mut r = rng(1);
    play(&mut g, "Kd4-c4", &mut r);
    let p = play(&mut g, "Re8:e1", &mut r);
    assert!(p.events.iter().all(|e| !e.to_string().contains("wins")));
    assert!(g.outcome().is_none());
    // Now with one king, check matters again.
    assert!(
        !g.legal_texts().contains(&"Kc4-d4".to_string()) || g.pos.kings(Side::White).count() == 1
    );
    assert_eq!(g.view(Viewer::Public).check.len(), 0);
}

// ruling W17: a sleeping piece gives no check; the king may step next to it.
#[test]
fn ruling_w17_only_ready_pieces_attack() {
    let g = setup(
        "8/8/8/3k4/8/4K3/8/8 w - - 0 1",
        "rolled",
        &[("d5", "asleep=2")],
    );
    assert!(g.legal_texts().contains(&"Ke3-e4".to_string()));
    let g = setup(
        "8/8/8/3k4/8/4K3/8/8 w - - 0 1",
        "rolled",
        &[("d5", "slow=1")],
    );
    assert!(g.legal_texts().contains(&"Ke3-e4".to_string()));
    let g = setup(
        "8/8/8/3k4/8/4K3/8/8 w - - 0 1",
        "rolled",
        &[("d5", "slow=0")],
    );
    assert!(!g.legal_texts().contains(&"Ke3-e4".to_string()));
}

// ruling W18: no zap in check; the sick king gives checkmate before dying.
#[test]
fn ruling_w18_sick_king_mates_before_dying() {
    let g = setup("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "rolled", &[("e1", "")]);
    assert!(g.legal_texts().iter().all(|t| !t.starts_with('Z')));
    assert!(refused(&g, "Ze1:e1"));
    let mut g = setup(
        "7k/8/6K1/8/8/8/8/Q7 w - - 0 1",
        "rolled",
        &[("g6", "sick=1")],
    );
    let p = play(&mut g, "Qa1-a8", &mut rng(1));
    assert_eq!(p.events, vec!["Checkmate.".to_string()]);
    assert_eq!(g.outcome(), won(Side::White, "reason-checkmate"));
    assert!(g.pos.unit(sq("g6")).is_some(), "the king did not die");
    // Without the mate the sick king dies and White loses.
    let mut g = setup(
        "7k/8/6K1/8/8/8/8/Q7 w - - 0 1",
        "rolled",
        &[("g6", "sick=1")],
    );
    let p = play(&mut g, "Qa1-b1", &mut rng(1));
    assert!(p.events.iter().any(|e| *e == "[Kg6 dies from Sickness]"));
    assert_eq!(g.outcome().map(|o| o.score()), Some("0-1"));
}

// ruling W19: with no normal move the player must zap; no move and no wand is stalemate.
#[test]
fn ruling_w19_must_zap_then_stalemate() {
    let g = setup("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "rolled", &[("h8", "")]);
    let t = g.legal_texts();
    assert!(!t.is_empty() && t.iter().all(|m| m.starts_with("Zh8:")));
    assert!(g.outcome().is_none());
    let g = setup("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "rolled", &[]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::draw(crate::i18n::Msg::new("reason-stalemate")))
    );
}

// ruling W20: the document's fast kings on e4 and e6.
#[test]
fn ruling_w20_fast_kings() {
    let g = setup("8/8/4k3/8/4K3/8/8/8 w - - 0 1", "rolled", &[("e4", "fast")]);
    let t = g.legal_texts();
    assert!(
        !t.iter().any(|m| m.contains(":e6")),
        "only one king is fast"
    );
    assert!(t.contains(&"Ke4-d4-c4".to_string()));
    let mut g = setup(
        "8/8/4k3/8/4K3/8/8/8 b - - 0 1",
        "moderated",
        &[("e4", "fast,destroyed"), ("e6", "secret=speed")],
    );
    let mut r = rng(1);
    let p = play(&mut g, "Ze6:e6", &mut r);
    assert_eq!(p.printed, "Ze6:e6 (speed)");
    assert!(g.legal_texts().contains(&"Ke4-e5:e6".to_string()));
    let p = play(&mut g, "Ke4-e5:e6", &mut r);
    assert_eq!(p.printed, "Ke4-e5:e6");
    assert_eq!(g.outcome(), last_king_gone());
}

// ruling W20: a capture of a piece that is not fast is a whole turn; two pieces may move.
#[test]
fn ruling_w20_capture_restriction_and_two_pieces() {
    let g = setup(
        "k7/8/8/8/3p4/8/8/1N2KB2 w - - 0 1",
        "rolled",
        &[("b1", "fast"), ("f1", "fast")],
    );
    let t = g.legal_texts();
    assert!(t.contains(&"Nb1-c3 Bf1-d3".to_string()));
    assert!(t.contains(&"Bf1-d3 Nb1-c3".to_string()));
    assert!(t.contains(&"Nb1-c3-d5".to_string()));
    let mut g = g.clone();
    let p = play(&mut g, "Nc3 Bd3", &mut rng(1));
    assert_eq!(p.printed, "Nb1-c3 Bf1-d3");
    // A pawn that is not fast: its capture stands alone.
    let g = setup(
        "k7/8/8/8/8/2p5/8/1N2KB2 w - - 0 1",
        "rolled",
        &[("b1", "fast"), ("f1", "fast")],
    );
    let t = g.legal_texts();
    assert!(t.contains(&"Nb1:c3".to_string()));
    assert!(
        !t.iter().any(|m| m.contains(":c3") && m != "Nb1:c3"),
        "{t:?}"
    );
    // Issue 28: typed as half a turn, the refusal gives this ruling's reason.
    for typed in ["Nb1:c3-d5", "Nb1:c3 Bf1-d3", "Bf1-d3 Nb1:c3"] {
        let mut copy = g.clone();
        let r = copy
            .play(Side::White, typed, &mut rng(1))
            .expect_err(typed)
            .to_string();
        assert!(
            r.contains("taking the pawn on c3, which is not fast, is a whole turn"),
            "{typed}: {r}"
        );
    }
    // A fast pawn may be captured as half a turn.
    let g = setup(
        "k7/8/8/8/8/2p5/8/1N2KB2 w - - 0 1",
        "rolled",
        &[("b1", "fast"), ("f1", "fast"), ("c3", "fast")],
    );
    let t = g.legal_texts();
    assert!(t.contains(&"Nb1:c3-d5".to_string()) && t.contains(&"Nb1:c3 Bf1-d3".to_string()));
    // Castling and zapping are whole turns.
    assert!(!t.iter().any(|m| m.contains('Z') && m.contains(' ')));
}

// ruling W21: counters tick after the owner's turn; events in order.
#[test]
fn ruling_w21_timer_events_in_order() {
    let mut g = setup(
        "4k3/8/8/8/r7/3q4/8/4K3 b - - 0 1",
        "rolled",
        &[("d3", "sick=1"), ("a4", "slow=1"), ("e8", "statue=1")],
    );
    // The king is a statue and the rook waits: only the queen may act.
    assert!(refused(&g, "Ra4-a3"));
    let p = play(&mut g, "Qd3-d2", &mut rng(1));
    assert_eq!(
        p.events,
        vec![
            "[Qd2 dies from Sickness]".to_string(),
            "[Ra4 wakes from Sloth]".to_string(),
            "[Ke8 wakes from Stoning]".to_string(),
        ]
    );
}

// ruling W22: the zapper's list is sent after an identification, only to that player.
#[test]
fn ruling_w22_wand_list_after_identification() {
    // Zap the e7 pawn at itself with several draws; whenever the pawn survives, its
    // identified kind is in the list sent privately to Black.
    let mut survived = 0;
    for seed in 0..12 {
        let mut g = WandGame::new(&Options::new(), &mut rng(5)).expect("new");
        play(&mut g, "e4", &mut rng(1));
        let p = play(&mut g, "Ze7:e7", &mut rng(seed));
        assert_eq!(p.private.len(), 1);
        assert_eq!(p.private[0].0, Side::Black);
        let list = g.secret(Side::Black).expect("list");
        assert_eq!(p.private[0].1, list);
        // Every black piece is listed once, no white one.
        for label in ["Ra8", "Nb8", "Ke8", "Pa7", "Ph7"] {
            assert_eq!(
                list.to_string().matches(label).count(),
                1,
                "{label} in {list}"
            );
        }
        assert!(!list.to_string().contains("Ke1"));
        let kind = p
            .printed
            .trim_start_matches("Ze7:e7 (")
            .trim_end_matches(')');
        if g.pos.unit(sq("e7")).is_some() && !p.printed.contains("polymorph") {
            survived += 1;
            let line = Msg::new("wand-list-identified").with("items", format!("Pe7 {kind}"));
            assert!(
                list.to_string().contains(&line.to_string()),
                "{}: {list}",
                p.printed
            );
        }
    }
    assert!(survived > 0, "some self-zap leaves the pawn standing");
}

// ruling W23: moderated kinds are drawn at the start and hidden from the opponent.
#[test]
fn ruling_w23_moderated_secrets_stay_secret() {
    let mut opts = Options::new();
    opts.insert("wands".into(), "moderated".into());
    let g = Game::new(VariantId::Wand, &opts, 42).expect("game");
    let public = g.view(Viewer::Public);
    assert!(public.pieces.iter().all(|p| p.badges.is_empty()));
    let white = g.view(Viewer::Player(Side::White));
    for p in &white.pieces {
        let has = p
            .badges
            .iter()
            .any(|b| super::view::wand_kind_of(b).is_some());
        assert_eq!(has, p.piece.side == Side::White, "{:?}", p.cell);
        // A kind only White knows is drawn hollow, unlike an identified one.
        assert!(p
            .badges
            .iter()
            .all(|b| b.style == BadgeStyle::Hollow || super::view::wand_kind_of(b).is_none()));
    }
    let list = g.secret(Side::White).expect("list");
    assert!(
        list.to_string().contains(
            &Msg::new("wand-list-secret")
                .with("items", "Ra1 ")
                .to_string()
        ),
        "{list}"
    );
    // The same seed always draws the same kinds; the FEN keeps them.
    let g2 = Game::new(VariantId::Wand, &opts, 42).expect("game");
    assert_eq!(g.fen(), g2.fen());
    assert!(g.fen().contains("secret="));
    let back = Game::from_fen(VariantId::Wand, &g.fen(), &Options::new(), 1).expect("fen back");
    assert_eq!(back.fen(), g.fen());
    let _ = Cell::Board(Square::A1);
}

// ruling W24: insufficient material only once no wand remains; threefold is claimable.
#[test]
fn ruling_w24_draws() {
    let g = setup("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "rolled", &[("e1", "")]);
    assert!(g.outcome().is_none());
    let g = setup("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "rolled", &[]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::draw(crate::i18n::Msg::new(
            "reason-insufficient-material"
        )))
    );
    let mut g = setup("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "rolled", &[]);
    let mut r = rng(1);
    for _ in 0..2 {
        for m in ["Ra1-a2", "Ke8-d8", "Ra2-a1", "Kd8-e8"] {
            play(&mut g, m, &mut r);
        }
    }
    assert_eq!(g.claimable_draw().as_deref(), Some("threefold repetition"));
}

// ruling C4: piece states count for repetition.
#[test]
fn ruling_c4_states_count_for_repetition() {
    let a = setup("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "rolled", &[]);
    let b = setup(
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "rolled",
        &[("a1", "fast,destroyed")],
    );
    assert_ne!(a.pos.key(), b.pos.key());
}

#[test]
fn fen_round_trip_and_perft() {
    let g = WandGame::new(&Options::new(), &mut rng(1)).expect("new");
    assert_eq!(
        g.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 rolled -"
    );
    // 20 moves and 110 zaps; only the 20 moves and the zaps at empty squares are
    // expanded at depth 2 (each of those leads to 130 black turns).
    assert_eq!(g.perft(1), 130);
    let f = setup(
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "rolled",
        &[("a1", "wand=sleep,sick=2!,fast")],
    )
    .fen();
    let back = WandGame::from_fen(&f, &Options::new()).expect("back");
    assert_eq!(back.fen(), f);
    let _ = WandMode::Rolled;
}

// Issue 28 (newcomers): the prompt's fast double move example gets somewhere, never
// out and back (`Nd4-f5-d4`).
#[test]
fn the_double_move_example_does_not_return() {
    let g = setup(
        "k7/8/8/8/3N4/8/8/4K3 w - - 0 1",
        "rolled",
        &[("d4", "fast")],
    );
    let ask = g.ask().expect("asked");
    let prompt = g.prompt(&ask);
    let prompt = prompt.to_string();
    let example = prompt
        .split("double move like `")
        .nth(1)
        .and_then(|r| r.split('`').next())
        .expect("a double move example");
    let squares: Vec<&str> = example
        .split(['-', ':'])
        .map(|p| p.trim_start_matches(|c: char| c.is_ascii_uppercase()))
        .collect();
    assert_eq!(squares.len(), 3, "{example}");
    assert_ne!(squares[0], squares[2], "{example}");
}
