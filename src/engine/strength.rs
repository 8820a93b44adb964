//! What the levels mean, as measured: each level's rating in each game, fitted by
//! `arcana ladder` (docs/engine.md, "The ladder, measured", lists the runs), so that
//! `/help` and `/rules` can tell a player "level 4 ≈ 1400 in standard". The figures
//! are measurements copied from those runs, not computed here; a game whose ladder
//! has not been measured yet has no entry, and nothing is said of it.

use crate::variants::VariantId;

/// The scale a game's ratings are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// Stockfish's `UCI_Elo` scale: the ladder's ratings shifted so that level 8 stands
    /// where its games against Stockfish at a known `UCI_Elo` put it.
    Stockfish,
    /// The game's own scale, on which level 1 is 800: ratings compare levels of one
    /// game, never two games.
    Own,
}

/// One game's measured ladder.
#[derive(Clone, Copy, Debug)]
pub struct Ladder {
    pub variant: VariantId,
    pub scale: Scale,
    /// Levels 1 to 8: the fitted rating and the half-width of its 95% interval (on a
    /// game's own scale, relative to level 1, which is 800 with no interval).
    pub levels: [(i32, i32); 8],
}

/// The ladders measured so far (docs/engine.md has the commands, games and intervals).
pub const MEASURED: &[Ladder] = &[
    // docs/engine.md "The ladder, measured": the level pairs and the games against
    // Stockfish at `UCI_Elo` 1320 and 1500 of docs/ladder/standard.txt (commit 1ce5cc5;
    // level 7 against 6 and 8 against 7 again on fc5ea6e and 240c0ea, the same search),
    // fitted by `arcana ladder standard --levels 1-8 --span 1 --games 0
    // --anchor '...UCI_Elo=1320=1320' --anchor '...UCI_Elo=1500=1500'
    // --played docs/ladder/standard.txt`.
    Ladder {
        variant: VariantId::Standard,
        scale: Scale::Stockfish,
        levels: [
            (399, 621),
            (569, 577),
            (1098, 300),
            (1360, 138),
            (1546, 189),
            (1656, 129),
            (1810, 145),
            (1934, 149),
        ],
    },
    // Sorchess (the plain plan): docs/ladder/sorchess.txt (commit 1ce5cc5, and level 7
    // against 6 again on this session's binary, the same search), fitted the same way.
    Ladder {
        variant: VariantId::Sorchess,
        scale: Scale::Own,
        levels: [
            (800, 0),
            (1329, 493),
            (1858, 697),
            (2028, 734),
            (2349, 793),
            (2610, 836),
            (2774, 845),
            (2906, 873),
        ],
    },
    // Wizard Walls under its plan (commit 58d1f81 and the runs of the same players listed in
    // docs/ladder/walls-plans.txt), fitted the same way.
    Ladder {
        variant: VariantId::Walls,
        scale: Scale::Own,
        levels: [
            (800, 0),
            (1445, 487),
            (1587, 505),
            (1935, 555),
            (2115, 580),
            (2760, 758),
            (2864, 769),
            (3089, 790),
        ],
    },
    // Spell Chess under its own plan (commit 07e20e5 and the earlier pairs of the same players,
    // docs/ladder/spell-own-plan.txt), fitted by `arcana ladder spell --levels 1-8 --span 1
    // --games 0 --played docs/ladder/spell-own-plan.txt`.
    Ladder {
        variant: VariantId::Spell,
        scale: Scale::Own,
        levels: [
            (800, 0),
            (924, 141),
            (1181, 176),
            (1286, 208),
            (1400, 236),
            (1502, 271),
            (1681, 280),
            (1786, 302),
        ],
    },
    // Chess with Wickets is measured too (docs/ladder/wickets-own-plan.txt, docs/engine.md)
    // but left out: only its level 1 is within ±400, and `/rules wickets` has no room
    // left in its one message for a sentence that would name level 1 alone.
    // Wizard Walls Full under its own plan (commit e6f4dc5 and the earlier pairs of the same
    // players, docs/ladder/walls-full-own-plan.txt, each side buying its own team), fitted the
    // same way.
    Ladder {
        variant: VariantId::WallsFull,
        scale: Scale::Own,
        levels: [
            (800, 0),
            (1329, 493),
            (1650, 577),
            (1929, 610),
            (2072, 644),
            (2412, 675),
            (2529, 699),
            (2646, 703),
        ],
    },
    // Wand Chess under its own plan (docs/ladder/wand-own-plan.txt: levels 4-7 on this commit's search,
    // levels 7-8 on 6be0c63's and 1-4 on 01717ed's, the same players), fitted the same way.
    Ladder {
        variant: VariantId::Wand,
        scale: Scale::Own,
        levels: [
            (800, 0),
            (969, 137),
            (1085, 189),
            (1284, 237),
            (1443, 247),
            (1667, 263),
            (1861, 277),
            (2014, 301),
        ],
    },
];

/// `variant`'s measured ladder, if it has been measured.
pub fn ladder(variant: VariantId) -> Option<&'static Ladder> {
    MEASURED.iter().find(|l| l.variant == variant)
}

/// The measured rating of `level` (1-8) in `variant`, with its scale.
pub fn rating(variant: VariantId, level: u8) -> Option<(i32, Scale)> {
    let l = ladder(variant)?;
    let i = usize::from(level).checked_sub(1)?;
    l.levels.get(i).map(|&(r, _)| (r, l.scale))
}

/// Ratings rounded for players: to the nearest 50 (the intervals are wider).
pub fn rounded(rating: i32) -> i32 {
    (rating + 25).div_euclid(50) * 50
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_measured_ladder_rises_with_the_level() {
        for l in MEASURED {
            for w in l.levels.windows(2) {
                assert!(w[1].0 > w[0].0, "{:?}: {:?}", l.variant, l.levels);
            }
            // Every rating has its interval, but the anchor of a game's own scale
            // (level 1 = 800), which is the scale's definition.
            let from = match l.scale {
                Scale::Own => 1,
                Scale::Stockfish => 0,
            };
            assert!(
                l.levels[from..].iter().all(|&(_, half)| half > 0),
                "{:?}",
                l.variant
            );
            if l.scale == Scale::Own {
                assert_eq!(l.levels[0], (800, 0), "{:?}", l.variant);
            }
        }
        let mut seen: Vec<VariantId> = MEASURED.iter().map(|l| l.variant).collect();
        seen.dedup();
        assert_eq!(seen.len(), MEASURED.len(), "one ladder per game");
    }

    #[test]
    fn ratings_are_rounded_to_fifty() {
        assert_eq!(rounded(1424), 1400);
        assert_eq!(rounded(1425), 1450);
        assert_eq!(rounded(800), 800);
        assert_eq!(rating(VariantId::ALL[0], 0), None);
        assert_eq!(rating(VariantId::ALL[0], 9), None);
    }
}
