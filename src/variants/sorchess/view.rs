//! The Sorchess legend: its one new piece, the Wizard.

use crate::core::view::{LegendEntry, Sample};
use crate::core::{Piece, Role, Side};
use crate::variants::words::en;

pub fn legend() -> Vec<LegendEntry> {
    vec![LegendEntry::new(
        Sample::Piece(Piece::new(Side::White, Role::Wizard)),
        &en("legend-sorchess-wizard", &[]),
    )]
}
