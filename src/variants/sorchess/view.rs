//! The Sorchess legend: its one new piece, the Wizard.

use crate::core::view::{LegendEntry, Sample};
use crate::core::{Piece, Role, Side};
use crate::i18n::Msg;

pub fn legend() -> Vec<LegendEntry> {
    vec![LegendEntry::new(
        Sample::Piece(Piece::new(Side::White, Role::Wizard)),
        Msg::new("legend-sorchess-wizard"),
    )]
}
