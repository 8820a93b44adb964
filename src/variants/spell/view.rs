//! The marks of the Spell Chess picture and their legend: freeze areas (binding the
//! player to move, or spent once the game is over) and the jump square.

use crate::core::view::{LegendEntry, MarkStyle, Sample, SquareMark, Tone};
use crate::i18n::Msg;

/// Inside a freeze area that stops the player to move.
pub const FROZEN: SquareMark = SquareMark::new(MarkStyle::Strong, Tone::Ice);
/// Inside a freeze area that no longer binds anyone (the game is over).
pub const FROZEN_SPENT: SquareMark = SquareMark::new(MarkStyle::Faint, Tone::Ice);
/// The square made transparent by a jump spell.
pub const JUMP: SquareMark = SquareMark::new(MarkStyle::Light, Tone::Violet);

pub fn legend() -> Vec<LegendEntry> {
    vec![
        LegendEntry::new(Sample::Mark(FROZEN), Msg::new("legend-spell-frozen")),
        LegendEntry::new(Sample::Mark(FROZEN_SPENT), Msg::new("legend-spell-faint")),
        LegendEntry::new(Sample::Mark(JUMP), Msg::new("legend-spell-jump")),
    ]
}
