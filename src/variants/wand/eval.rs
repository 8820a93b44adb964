//! What the computer player knows of Wand Chess: a score for a position (material,
//! placement, what each piece's wand and statuses are worth) and the determinisation
//! that redraws the opponent's unknown moderated wands.

use super::movegen::Turn;
use super::notation::turn_text;
use super::state::{Unit, WandState};
use super::WandGame;
use super::WandKind;
use crate::core::{Role, Side, Square};
use crate::variants::eval::pieces_score;
use crate::variants::fide::Repetitions;
use crate::variants::GameRng;
use crate::variants::Rules;
use rand::Rng;

/// The search's work ([`crate::variants::count_work`]: an answer played, a position of
/// the capture search scored) one core does in a millisecond in the slowest positions
/// (a crowded midgame: 3.7 µs a unit).
pub const WORK_PER_MILLI: u64 = 270;

/// Hundredths of a pawn a wand of this kind is worth to the piece holding it.
fn wand_worth(kind: WandKind) -> i32 {
    match kind {
        WandKind::Death | WandKind::Stoning | WandKind::Polymorph => 60,
        WandKind::Sleep | WandKind::Sickness | WandKind::Demotion | WandKind::Teleport => 40,
        WandKind::Speed | WandKind::Protection => 30,
        WandKind::Sloth | WandKind::Peace | WandKind::Healing => 15,
    }
}

/// The wand and statuses of one unit, beyond its material. A kind still secret counts
/// as known: the search only ever scores determinised states, whose hidden kinds are
/// drawn, not read.
fn unit_extra(u: &Unit) -> i32 {
    let material = u.role.value() as i32 * 100;
    let mut s = match (u.wand, u.known_kind()) {
        (WandState::Destroyed, _) => 0,
        (_, Some(k)) => wand_worth(k),
        (_, None) => 35,
    };
    if u.statue > 0 {
        s -= material / 2 + i32::from(u.statue) * 5;
    }
    if u.asleep > 0 {
        s -= material / 4 + i32::from(u.asleep) * 5;
    }
    if u.sick > 0 {
        // Dies when the count runs out unless healed.
        s -= material * 2 / 3;
    }
    if u.slow {
        s -= material / 6;
    }
    if u.peaceful {
        s -= material / 3;
    }
    if u.fast {
        s += material / 8 + 20;
    }
    if u.protected {
        s += material / 8 + 10;
    }
    s
}

/// Score of `game` for `side`.
pub fn evaluate(game: &WandGame, side: Side) -> i32 {
    let pos = game.pos();
    let units: Vec<(Square, &Unit)> = Square::all()
        .filter_map(|sq| pos.unit(sq).map(|u| (sq, u)))
        .collect();
    let mut extra = 0;
    for (_, u) in &units {
        let e = unit_extra(u);
        extra += if u.side == side { e } else { -e };
    }
    // Two kings ignore check and lose only together: a second king is worth a lot.
    let kings = |s: Side| pos.kings(s).count() as i32;
    extra += (kings(side) - kings(side.other())) * 300;
    pieces_score(units.iter().map(|(sq, u)| (*sq, u.piece())), side) + extra
}

/// The turns the computer player considers: every legal turn but a zap at an empty
/// square, which does nothing (an unknown wand stays unknown, W3; an identified one
/// may misfire) and so only wastes the turn; all of them when nothing else is left.
pub fn candidates(game: &WandGame) -> Vec<String> {
    if game.outcome.is_some() || game.pending.is_some() {
        return game.legal_texts();
    }
    let pos = game.pos();
    let turns = pos.legal_turns();
    let useful: Vec<String> = turns
        .iter()
        .filter(|t| !matches!(t, Turn::Zap { to, .. } if pos.unit(*to).is_none()))
        .map(turn_text)
        .collect();
    if useful.is_empty() {
        turns.iter().map(turn_text).collect()
    } else {
        useful
    }
}

/// The captures of single moves, each with its gain (the victim's value times 16 less
/// the capturer's), for the engine's capture search: the tree search plays them out
/// beyond its leaves, so a piece left en prise is seen. Zaps are left to the search.
pub fn tactical(game: &WandGame) -> Vec<(String, i32)> {
    if game.outcome.is_some() || game.pending.is_some() {
        return Vec::new();
    }
    let value = |r: Role| r.value() as i32;
    game.pos()
        .legal_turns()
        .iter()
        .filter_map(|t| match *t {
            Turn::Move(m) => {
                let victim = m.capture()?;
                let gain = if victim == Role::King {
                    2000
                } else {
                    value(victim) * 16 + 10 - value(m.role())
                };
                Some((turn_text(t), gain))
            }
            _ => None,
        })
        .collect()
}

/// W23: the opponent's still unknown moderated wands are redrawn (each kind equally
/// likely, as at the start). The repetition history is cut to the current position:
/// its keys hash the secret kinds, so keeping it would carry hidden information.
/// When nothing is hidden from the viewer (rolled wands, or every moderated wand of the
/// opponent known or gone) the state is kept whole, repetition history included, so
/// the search sees the repetitions it would walk into.
pub fn determinise(game: &WandGame, viewer: Side, rng: &mut GameRng) -> WandGame {
    let mut g = game.clone();
    let mut redrawn = false;
    for sq in Square::all() {
        if let Some(u) = g.pos.unit_mut(sq) {
            if u.side != viewer && u.wand == WandState::Unknown && u.secret.is_some() {
                u.secret = Some(WandKind::ALL[rng.gen_range(0..12)]);
                redrawn = true;
            }
        }
    }
    if redrawn {
        g.reps = Repetitions::new(g.pos.key());
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::view::Viewer;
    use crate::variants::{Options, Rules, Tuning};
    use rand::SeedableRng;

    fn moderated(seed: u64) -> WandGame {
        let mut o = Options::new();
        o.insert("wands".into(), "moderated".into());
        WandGame::new(&o, &mut GameRng::seed_from_u64(seed)).expect("game")
    }

    #[test]
    fn the_same_view_determinises_the_same_way() {
        // Two deals that White cannot tell apart: same White kinds, other Black kinds.
        let a = moderated(1);
        let mut b = a.clone();
        let mut other = GameRng::seed_from_u64(99);
        for sq in Square::all() {
            if let Some(u) = b.pos.unit_mut(sq) {
                if u.side == Side::Black {
                    u.secret = Some(WandKind::ALL[other.gen_range(0..12)]);
                }
            }
        }
        assert_ne!(a, b);
        assert_eq!(
            a.view(Viewer::Player(Side::White)),
            b.view(Viewer::Player(Side::White))
        );
        assert_eq!(a.secret(Side::White), b.secret(Side::White));
        let da = a.determinise(Side::White, &mut GameRng::seed_from_u64(5));
        let db = b.determinise(Side::White, &mut GameRng::seed_from_u64(5));
        assert_eq!(da, db);
        // White's own kinds are kept.
        assert_eq!(da.secret(Side::White), a.secret(Side::White));
    }

    #[test]
    fn with_rolled_wands_the_repetition_history_is_kept() {
        let mut rng = GameRng::seed_from_u64(2);
        let mut g = WandGame::new(&Options::new(), &mut rng).expect("game");
        for text in [
            "g1-f3", "g8-f6", "f3-g1", "f6-g8", "g1-f3", "g8-f6", "f3-g1", "f6-g8",
        ] {
            let side = g.ask().expect("asked").side;
            g.play(side, text, &mut rng).expect("knight move");
        }
        assert!(g.claimable_draw().is_some(), "threefold repetition");
        let d = g.determinise(Side::White, &mut GameRng::seed_from_u64(3));
        assert_eq!(d, g);
        assert!(d.claimable_draw().is_some());
        // Moderated: the opponent's kinds are redrawn and the history, which hashes
        // them, is cut.
        let m = moderated(4);
        let dm = m.determinise(Side::White, &mut GameRng::seed_from_u64(3));
        assert_ne!(dm, m);
    }

    #[test]
    fn a_statue_is_worth_less_than_a_free_piece() {
        let g = moderated(3);
        let mut h = g.clone();
        if let Some(u) = h.pos.unit_mut(Square::D1) {
            u.statue = 5;
        }
        assert!(evaluate(&h, Side::White) < evaluate(&g, Side::White));
    }
}
