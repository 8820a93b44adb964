//! The Sorchess legend: its one new piece, the Wizard.

use crate::core::view::{LegendEntry, Sample};
use crate::core::{Piece, Role, Side};

pub fn legend() -> Vec<LegendEntry> {
    vec![LegendEntry::new(
        Sample::Piece(Piece::new(Side::White, Role::Wizard)),
        "the Wizard (W): a pointed hat with a gold star; leaps (3,1) or steps one square diagonally",
    )]
}
