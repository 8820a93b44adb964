//! The Wizard Walls picture: wizards, walls, setup squares, last turn, and per-side
//! notes (walls in hand, points, destroyed wizards), and its legend. Nothing here is
//! secret.

use super::position::{home_zone, wall_zone, Phase, Pos};
use crate::core::view::{LegendEntry, MarkStyle, Sample, SquareMark, Tone, View, Viewer};
use crate::core::{Cell, Side, Square};
use crate::i18n::Msg;

/// A wall: stone filling its square.
pub const WALL: SquareMark = SquareMark::new(MarkStyle::Stone, Tone::Slate);
/// A free square where the player asked may place a wall or a wizard.
pub const SETUP: SquareMark = SquareMark::new(MarkStyle::Dot, Tone::Leaf);

pub fn legend() -> Vec<LegendEntry> {
    vec![
        LegendEntry::new(Sample::Mark(WALL), Msg::new("legend-walls-wall")),
        LegendEntry::new(Sample::Mark(SETUP), Msg::new("legend-walls-setup")),
    ]
}

pub fn build(pos: &Pos, last: &[Square], title: &str, over: bool, viewer: Viewer) -> View {
    let mut v = View::new(viewer, title).with_board(&pos.board);
    v.marks.extend(pos.walls.map(|s| (s, WALL)));
    v.last_move = last.iter().map(|s| Cell::Board(*s)).collect();
    if !over {
        v.to_move = Some(pos.asked());
        let free = !pos.blocked();
        let setup = match pos.phase {
            Phase::Walls(_) => wall_zone() & free,
            Phase::Team(side) => home_zone(side) & free,
            Phase::Play => crate::core::Bitboard::EMPTY,
        };
        v.marks.extend(setup.map(|s| (s, SETUP)));
    }
    for side in Side::BOTH {
        let i = side.index();
        let (points, hand) = (pos.points[i], pos.hand[i]);
        let mut notes = vec![
            Msg::new(if points == 1 {
                "note-points-one"
            } else {
                "note-points"
            })
            .with("n", points.to_string()),
            Msg::new(if hand == 1 {
                "note-walls-in-hand-one"
            } else {
                "note-walls-in-hand"
            })
            .with("n", hand.to_string()),
        ];
        if !pos.dead[i].is_empty() {
            let list: Vec<String> = pos.dead[i].iter().map(|r| r.letter().to_string()).collect();
            notes.push(Msg::new("note-fallen").with("list", list.join(" ")));
        }
        for n in notes {
            v.note(i, n);
        }
    }
    v
}
