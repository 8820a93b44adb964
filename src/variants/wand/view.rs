//! What each viewer sees of a Wand Chess game: status badges with turns left, wands
//! whose kind that viewer may know (W22-W23), the last turn and check.

use super::state::WandState;
use super::WandGame;
use crate::core::view::{Badge, PieceView, View, Viewer};
use crate::core::{Cell, Side, Square};
use crate::variants::Rules;

pub fn build(game: &WandGame, viewer: Viewer) -> View {
    let pos = game.pos();
    let over = game.outcome_ref().is_some();
    let mut v = View::new(viewer, "Wand Chess");
    let mut wands = [0usize; 2];
    for sq in Square::all() {
        let Some(u) = pos.unit(sq) else { continue };
        let mut badges = Vec::new();
        if u.asleep > 0 {
            badges.push(Badge::Asleep(u.asleep));
        }
        if u.statue > 0 {
            badges.push(Badge::Statue(u.statue));
        }
        if u.slow {
            badges.push(Badge::Slow(u.wait));
        }
        if u.sick > 0 {
            badges.push(Badge::Sick(u.sick));
        }
        if u.peaceful {
            badges.push(Badge::Peaceful);
        }
        if u.fast {
            badges.push(Badge::Fast);
        }
        if u.protected {
            badges.push(Badge::Protected);
        }
        match u.wand {
            WandState::Identified(k) => badges.push(Badge::Wand(k)),
            WandState::Destroyed => badges.push(Badge::WandDestroyed),
            WandState::Unknown => {
                // W23: a secret kind only for its owner, or for all once the game is over.
                if let Some(k) = u.secret {
                    if over || viewer == Viewer::Player(u.side) {
                        badges.push(Badge::Wand(k));
                    }
                }
            }
        }
        if u.wand != WandState::Destroyed {
            wands[u.side.index()] += 1;
        }
        v.pieces.push(PieceView {
            cell: Cell::Board(sq),
            piece: u.piece(),
            badges,
        });
    }
    v.to_move = game.ask().map(|a| a.side);
    v.last_move = game
        .last_squares()
        .iter()
        .map(|s| Cell::Board(*s))
        .collect();
    v.last_move.dedup();
    let us = pos.turn;
    let masks = pos.masks();
    if pos.single_king_attacked(us, &masks) {
        if let Some(k) = pos.kings(us).single() {
            v.check.push(Cell::Board(k));
        }
    }
    for side in Side::BOTH {
        let n = wands[side.index()];
        v.notes[side.index()].push(format!(
            "{n} {} left ({})",
            if n == 1 { "wand" } else { "wands" },
            game.mode().name()
        ));
    }
    v
}
