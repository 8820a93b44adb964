//! Wand Chess through the `Game` wrapper: random playouts that keep every invariant,
//! replay exactly from their records and never leak a moderated secret; perft.

use arcana::core::view::{BadgeStyle, View, Viewer};
use arcana::core::{Cell, Side};
use arcana::variants::wand::state::{WandState, SICK_TURNS, SLEEP_TURNS, SLOTH_WAIT, STONE_TURNS};
use arcana::variants::wand::view::wand_kind_of;
use arcana::variants::wand::WandGame;
use arcana::variants::wand::WandKind;
use arcana::variants::{Game, Options, VariantId, VariantState};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn wand(g: &Game) -> &WandGame {
    match g.state() {
        VariantState::Wand(w) => w,
        #[allow(unreachable_patterns)]
        _ => panic!("not a wand game"),
    }
}

fn options(moderated: bool) -> Options {
    let mut o = Options::new();
    if moderated {
        o.insert("wands".into(), "moderated".into());
    }
    o
}

/// No view shows a kind that this viewer may not know (W23).
fn check_view(w: &WandGame, view: &View) {
    for pv in &view.pieces {
        let Cell::Board(sq) = pv.cell else { continue };
        let u = w.pos().unit(sq).copied().expect("piece in view exists");
        for b in &pv.badges {
            if let Some(k) = wand_kind_of(b) {
                let k = &k;
                let allowed = match u.wand {
                    WandState::Identified(i) => i == *k && b.style == BadgeStyle::Filled,
                    WandState::Unknown => {
                        // Revealed to everyone once the rules have ended the game; before
                        // that, to its owner only and drawn hollow (known to one side).
                        let over = w.outcome_ref().is_some();
                        u.secret == Some(*k)
                            && if over {
                                b.style == BadgeStyle::Filled
                            } else {
                                view.viewer == Viewer::Player(u.side)
                                    && b.style == BadgeStyle::Hollow
                            }
                    }
                    WandState::Destroyed => false,
                };
                assert!(allowed, "view {:?} shows {k:?} on {sq}", view.viewer);
            }
        }
    }
}

fn kind_names(text: &str) -> Vec<WandKind> {
    WandKind::ALL
        .into_iter()
        .filter(|k| text.contains(k.name()))
        .collect()
}

fn check_invariants(g: &Game, legal: &[String], views: bool) {
    let w = wand(g);
    for u in w.pos().units.iter().flatten() {
        assert!(u.asleep <= SLEEP_TURNS && u.statue <= STONE_TURNS);
        assert!(u.wait <= SLOTH_WAIT && u.sick <= SICK_TURNS);
        assert!(!(u.slow && u.fast));
        assert!(u.wait == 0 || u.slow);
    }
    let kings = |s: Side| w.pos().kings(s).count();
    if g.is_over() {
        assert!(legal.is_empty());
    } else {
        assert!(kings(Side::White) >= 1 && kings(Side::Black) >= 1);
        assert!(!legal.is_empty(), "a live game has an answer: {}", g.fen());
    }
    if !views {
        return;
    }
    for viewer in [
        Viewer::Public,
        Viewer::Player(Side::White),
        Viewer::Player(Side::Black),
    ] {
        check_view(w, &g.view(viewer));
    }
}

/// Plays one random game; returns the number of plies.
fn playout(seed: u64, moderated: bool, full_check: bool) -> usize {
    let opts = options(moderated);
    let mut g = Game::new(VariantId::Wand, &opts, seed).expect("new game");
    let mut pick = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9e37_79b9));
    let mut actions: Vec<(Side, String)> = Vec::new();
    let mut plies = 0;
    while let Some(ask) = g.ask() {
        if plies >= 80 {
            break;
        }
        let legal = g.legal_texts();
        // Every view of every moderated position; rolled games have no secrets.
        check_invariants(&g, &legal, moderated || plies % 8 == 0);
        if full_check && plies % 10 == 0 {
            for t in &legal {
                let mut c = g.clone();
                assert!(
                    c.play(ask.side, t).is_ok(),
                    "legal `{t}` refused in {}",
                    g.fen()
                );
            }
        }
        // A random zap text is accepted exactly when it is legal.
        let a = pick.gen_range(0..64u8);
        let b = pick.gen_range(0..64u8);
        let fa = format!("{}{}", (b'a' + a % 8) as char, a / 8 + 1);
        let fb = format!("{}{}", (b'a' + b % 8) as char, b / 8 + 1);
        let zap = format!("Z{fa}:{fb}");
        if ask.question == arcana::variants::Question::Move && plies % 3 == 0 {
            let mut c = g.clone();
            let ok = c.play(ask.side, &zap).is_ok();
            assert_eq!(ok, legal.contains(&zap), "{zap} in {}", g.fen());
        }
        let before = g.clone();
        assert!(g.play(ask.side.other(), &legal[0]).is_err());
        assert_eq!(g, before, "a refused answer changes nothing");
        let text = &legal[pick.gen_range(0..legal.len())];
        let zapper_kind = if ask.question == arcana::variants::Question::TeleportSquare {
            Some(WandKind::Teleport)
        } else {
            text.strip_prefix('Z')
                .and_then(|t| arcana::core::Square::parse(&t[..2]))
                .and_then(|sq| wand(&g).pos().unit(sq).copied())
                .and_then(|u| u.known_kind())
        };
        let played = g
            .play(ask.side, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        if moderated {
            // Only the zapper's own wand may be named, and timer events name none.
            for k in kind_names(&played.printed) {
                assert_eq!(Some(k), zapper_kind, "{} names {k:?}", played.printed);
            }
            for e in &played.events {
                assert!(
                    kind_names(&e.to_string()).is_empty() || e.to_string().contains("wins"),
                    "{e}"
                );
            }
        }
        for (side, msg) in &played.private {
            assert_eq!(*side, ask.side, "private lists go to the zapper");
            assert!(
                msg.to_string().starts_with(&format!("Your wands ({side}")),
                "{msg}"
            );
        }
        actions.push((ask.side, played.action.clone()));
        plies += 1;
    }
    check_invariants(&g, &g.legal_texts(), true);
    // Replay from the record: same seed, same actions, same game.
    let mut replay = Game::new(VariantId::Wand, &opts, seed).expect("replay game");
    for (side, a) in &actions {
        replay
            .play(*side, a)
            .unwrap_or_else(|e| panic!("replay `{a}`: {e}"));
    }
    assert_eq!(replay, g, "replay differs");
    plies
}

fn run(range: std::ops::Range<u64>, moderated: bool) {
    let mut plies = 0;
    for seed in range {
        plies += playout(seed, moderated, seed % 100 == 0);
    }
    assert!(plies > 0);
}

#[test]
fn playouts_rolled_a() {
    run(0..2500, false);
}

#[test]
fn playouts_rolled_b() {
    run(2500..5000, false);
}

#[test]
fn playouts_moderated_a() {
    run(5000..7500, true);
}

#[test]
fn playouts_moderated_b() {
    run(7500..10000, true);
}

#[test]
fn perft_counts_turns_without_resolving_chance() {
    let g = Game::new(VariantId::Wand, &Options::new(), 1).expect("game");
    // 20 moves + 110 zaps.
    assert_eq!(g.perft(1), 130);
    // The 20 moves and the 22 zaps at empty third-rank squares are expanded (130 each);
    // the 88 zaps at occupied squares are leaves.
    assert_eq!(g.perft(2), 42 * 130 + 88);
    let divide = g.perft_divide(2);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 42 * 130 + 88);
    assert!(divide.contains(&("Zb2:b3".to_string(), 130)));
    assert!(divide.contains(&("Zb2:b2".to_string(), 1)));
}

#[test]
fn garbage_never_panics_or_changes_the_game() {
    let g = Game::new(VariantId::Wand, &options(true), 3).expect("game");
    let long = "Z".repeat(10_000);
    for t in [
        "",
        " ",
        "Zz9:a0",
        "Z",
        "Ze2",
        "Ze2:e2:e3",
        "(",
        ")",
        "((teleport h8))",
        "teleport",
        "h8",
        "e4 e5 e6",
        "Ke4-e5:e6",
        "Nb1-c3 Bc1-f4",
        "ñ",
        "\u{0}",
        "e2-e4\n",
        &long,
        "(teleport h8)",
    ] {
        let mut c = g.clone();
        let _ = c.play(Side::White, t);
        if c != g {
            // Only an accepted legal turn may change the game.
            assert!(
                g.legal_texts().iter().any(|l| t.contains(l.as_str())),
                "{t:?}"
            );
        }
    }
}
