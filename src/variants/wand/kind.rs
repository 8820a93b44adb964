//! The twelve wands of Wand Chess, with the words a player reads on the board.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum WandKind {
    Teleport,
    Death,
    Sleep,
    Stoning,
    Sloth,
    Polymorph,
    Demotion,
    Peace,
    Sickness,
    Speed,
    Protection,
    Healing,
}

impl WandKind {
    pub const ALL: [WandKind; 12] = [
        WandKind::Teleport,
        WandKind::Death,
        WandKind::Sleep,
        WandKind::Stoning,
        WandKind::Sloth,
        WandKind::Polymorph,
        WandKind::Demotion,
        WandKind::Peace,
        WandKind::Sickness,
        WandKind::Speed,
        WandKind::Protection,
        WandKind::Healing,
    ];

    pub fn name(self) -> &'static str {
        match self {
            WandKind::Teleport => "teleport",
            WandKind::Death => "death",
            WandKind::Sleep => "sleep",
            WandKind::Stoning => "stoning",
            WandKind::Sloth => "sloth",
            WandKind::Polymorph => "polymorph",
            WandKind::Demotion => "demotion",
            WandKind::Peace => "peace",
            WandKind::Sickness => "sickness",
            WandKind::Speed => "speed",
            WandKind::Protection => "protection",
            WandKind::Healing => "healing",
        }
    }

    /// The word on a wand badge: the name, or a plain cut of it (at most 8 letters, the
    /// width of a square at the default size).
    pub fn word(self) -> &'static str {
        match self {
            WandKind::Polymorph => "morph",
            WandKind::Demotion => "demote",
            WandKind::Sickness => "sicken",
            WandKind::Protection => "protect",
            WandKind::Healing => "heal",
            WandKind::Stoning => "stone",
            other => other.name(),
        }
    }

    /// The form drawn on crowded or small squares: three or four letters, all
    /// different (the old two-letter forms mixed up `Sl`, `So`, `St`, `Si`, `Sp`).
    pub fn short(self) -> &'static str {
        match self {
            WandKind::Teleport => "tele",
            WandKind::Death => "dth",
            WandKind::Sleep => "slp",
            WandKind::Stoning => "ston",
            WandKind::Sloth => "slth",
            WandKind::Polymorph => "mrph",
            WandKind::Demotion => "dem",
            WandKind::Peace => "pce",
            WandKind::Sickness => "sick",
            WandKind::Speed => "spd",
            WandKind::Protection => "prot",
            WandKind::Healing => "heal",
        }
    }

    /// What the wand does, in a few words (the legend).
    pub fn effect(self) -> &'static str {
        match self {
            WandKind::Teleport => "moves the target to a square its zapper chooses",
            WandKind::Death => "removes the target",
            WandKind::Sleep => "puts the target to sleep for 5 turns",
            WandKind::Stoning => "turns the target to a statue for 10 turns",
            WandKind::Sloth => "makes the target slow",
            WandKind::Polymorph => "turns the target into a random piece",
            WandKind::Demotion => "demotes the target one rank (K>Q>R>B>N>P, a pawn dies)",
            WandKind::Peace => "takes away the target's captures",
            WandKind::Sickness => "makes the target sick: it dies in 3 turns",
            WandKind::Speed => "makes the target fast",
            WandKind::Protection => "makes the target immune to wands",
            WandKind::Healing => "cures sleep, slowness, sickness and peace",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn words_and_short_forms_are_distinct_and_fit() {
        let words: HashSet<_> = WandKind::ALL.iter().map(|k| k.word()).collect();
        let shorts: HashSet<_> = WandKind::ALL.iter().map(|k| k.short()).collect();
        assert_eq!(words.len(), 12);
        assert_eq!(shorts.len(), 12);
        for k in WandKind::ALL {
            assert!(k.word().len() <= 8 && k.short().len() <= 4, "{k:?}");
        }
    }
}
