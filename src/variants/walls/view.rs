//! The Wizard Walls picture: wizards, walls, setup squares, last turn, and per-side
//! notes (walls in hand, points, destroyed wizards). Nothing here is secret.

use super::position::{home_zone, wall_zone, Phase, Pos};
use crate::core::view::{SquareMark, View, Viewer};
use crate::core::{Cell, Side, Square};

pub fn build(pos: &Pos, last: &[Square], title: &str, over: bool, viewer: Viewer) -> View {
    let mut v = View::new(viewer, title).with_board(&pos.board);
    v.walls = pos.walls;
    v.last_move = last.iter().map(|s| Cell::Board(*s)).collect();
    if !over {
        v.to_move = Some(pos.asked());
        let free = !pos.blocked();
        let setup = match pos.phase {
            Phase::Walls(_) => wall_zone() & free,
            Phase::Team(side) => home_zone(side) & free,
            Phase::Play => crate::core::Bitboard::EMPTY,
        };
        v.marks = setup.map(|s| (s, SquareMark::Setup)).collect();
    }
    for side in Side::BOTH {
        let i = side.index();
        let mut notes = vec![
            format!(
                "{} point{}",
                pos.points[i],
                if pos.points[i] == 1 { "" } else { "s" }
            ),
            format!(
                "{} wall{} in hand",
                pos.hand[i],
                if pos.hand[i] == 1 { "" } else { "s" }
            ),
        ];
        if !pos.dead[i].is_empty() {
            let list: Vec<String> = pos.dead[i].iter().map(|r| r.letter().to_string()).collect();
            notes.push(format!("fallen: {}", list.join(" ")));
        }
        v.notes[i] = notes;
    }
    v
}
