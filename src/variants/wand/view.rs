//! What each viewer sees of a Wand Chess game: status badges with turns left, wands
//! whose kind that viewer may know (W22-W23; a kind only this viewer knows is drawn
//! hollow), the last turn and check. The badges' words live here, and the legend is
//! built from the same functions, so the two cannot drift apart.

use super::state::{WandMode, WandState};
use super::{WandGame, WandKind};
use crate::core::view::{Badge, Corner, LegendEntry, PieceView, Sample, Tone, View, Viewer};
use crate::core::{Cell, Side, Square};
use crate::i18n::Msg;
use crate::variants::Rules;

/// `word n`, or `wordn` for two-digit counts so that the badge stays short.
fn counted(word: &str, n: u8) -> String {
    if n >= 10 {
        format!("{word}{n}")
    } else {
        format!("{word} {n}")
    }
}

pub fn asleep(n: u8) -> Badge {
    Badge::new(
        &counted("sleep", n),
        &format!("z{n}"),
        Tone::Blue,
        Corner::TopRight,
    )
}

pub fn statue(n: u8) -> Badge {
    Badge::new(
        &counted("stone", n),
        &format!("st{n}"),
        Tone::Slate,
        Corner::TopRight,
    )
}

/// Slow; `wait` is the turns it must still wait (0: it may move now).
pub fn slow(wait: u8) -> Badge {
    if wait == 0 {
        Badge::new("slow", "sl", Tone::Brown, Corner::TopRight)
    } else {
        Badge::new(
            &counted("slow", wait),
            &format!("sl{wait}"),
            Tone::Brown,
            Corner::TopRight,
        )
    }
}

pub fn sick(n: u8) -> Badge {
    Badge::new(
        &counted("sick", n),
        &format!("sk{n}"),
        Tone::Green,
        Corner::TopRight,
    )
}

pub fn peaceful() -> Badge {
    Badge::new("peace", "pc", Tone::Teal, Corner::TopLeft)
}

pub fn fast() -> Badge {
    Badge::new("fast", "»", Tone::Orange, Corner::TopLeft)
}

pub fn protected() -> Badge {
    Badge::new("immune", "im", Tone::Gold, Corner::TopLeft)
}

/// A wand whose kind the viewer knows: filled when both players know it (identified),
/// hollow when only this viewer does (a moderated secret, W23).
pub fn wand(kind: WandKind, both_know: bool) -> Badge {
    let b = Badge::new(kind.word(), kind.short(), Tone::Purple, Corner::BottomRight);
    if both_know {
        b
    } else {
        b.hollow()
    }
}

pub fn wand_destroyed() -> Badge {
    Badge::new("no wand", "×", Tone::Red, Corner::BottomRight)
}

/// The kind a wand badge shows, if it is one (tests and the legend use it).
pub fn wand_kind_of(badge: &Badge) -> Option<WandKind> {
    WandKind::ALL
        .into_iter()
        .find(|&k| [wand(k, true), wand(k, false)].contains(badge))
}

pub fn build(game: &WandGame, viewer: Viewer) -> View {
    let pos = game.pos();
    let over = game.outcome_ref().is_some();
    let mut v = View::new(viewer, "Wand Chess");
    let mut wands = [0usize; 2];
    for sq in Square::all() {
        let Some(u) = pos.unit(sq) else { continue };
        let mut badges = Vec::new();
        if u.asleep > 0 {
            badges.push(asleep(u.asleep));
        }
        if u.statue > 0 {
            badges.push(statue(u.statue));
        }
        if u.slow {
            badges.push(slow(u.wait));
        }
        if u.sick > 0 {
            badges.push(sick(u.sick));
        }
        if u.peaceful {
            badges.push(peaceful());
        }
        if u.fast {
            badges.push(fast());
        }
        if u.protected {
            badges.push(protected());
        }
        match u.wand {
            WandState::Identified(k) => badges.push(wand(k, true)),
            WandState::Destroyed => badges.push(wand_destroyed()),
            WandState::Unknown => {
                // W23: a secret kind only for its owner, or for all once the game is over.
                if let Some(k) = u.secret {
                    if over {
                        badges.push(wand(k, true));
                    } else if viewer == Viewer::Player(u.side) {
                        badges.push(wand(k, false));
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
    let us = pos.fide.turn;
    let masks = pos.masks();
    if pos.single_king_attacked(us, &masks) {
        if let Some(k) = pos.kings(us).single() {
            v.check.push(Cell::Board(k));
        }
    }
    for side in Side::BOTH {
        let n = wands[side.index()];
        let key = match (game.mode(), n == 1) {
            (WandMode::Rolled, true) => "note-wands-left-rolled-one",
            (WandMode::Rolled, false) => "note-wands-left-rolled",
            (WandMode::Moderated, true) => "note-wands-left-moderated-one",
            (WandMode::Moderated, false) => "note-wands-left-moderated",
        };
        v.note(side.index(), Msg::new(key).with("n", n.to_string()));
    }
    v
}

/// Every badge of Wand Chess with its meaning. Numbers are the owner's turns left.
pub fn legend() -> Vec<LegendEntry> {
    let mut out = vec![
        LegendEntry::new(Sample::Badge(asleep(3)), Msg::new("legend-wand-asleep")),
        LegendEntry::new(Sample::Badge(statue(9)), Msg::new("legend-wand-statue")),
        LegendEntry::new(Sample::Badge(slow(2)), Msg::new("legend-wand-slow")),
        LegendEntry::new(Sample::Badge(slow(0)), Msg::new("legend-wand-slow-ready")),
        LegendEntry::new(Sample::Badge(sick(2)), Msg::new("legend-wand-sick")),
        LegendEntry::new(Sample::Badge(peaceful()), Msg::new("legend-wand-peaceful")),
        LegendEntry::new(Sample::Badge(fast()), Msg::new("legend-wand-fast")),
        LegendEntry::new(Sample::Badge(protected()), Msg::new("legend-wand-immune")),
        LegendEntry::new(
            Sample::Badge(wand(WandKind::Death, false)),
            Msg::new("legend-wand-hollow"),
        ),
        LegendEntry::new(
            Sample::Badge(wand_destroyed()),
            Msg::new("legend-wand-destroyed"),
        ),
    ];
    for k in WandKind::ALL {
        out.push(LegendEntry::new(
            Sample::Badge(wand(k, true)),
            &format!("wand of {}: {}", k.name(), k.effect()),
        ));
    }
    out
}
