//! What each viewer sees of a Chess with Wickets game: the wickets, lying balls,
//! Defender and ball-haver badges, hand sizes for all and a hand only for its owner;
//! and the legend, built from the same badges and marks.

use super::{Method, Step, WicketsGame};
use crate::core::view::{
    Badge, Corner, LegendEntry, MarkStyle, PieceView, Sample, SquareMark, Tone, View, Viewer,
};
use crate::core::{Piece, Role, Side};
use crate::i18n::Msg;
use crate::variants::Rules;

/// The Defender of its side.
pub fn defender() -> Badge {
    Badge::new("Defender", "D", Tone::Forest, Corner::TopLeft)
}

/// The piece carrying its side's ball: a disc in its colours at its foot.
pub fn ball_haver() -> Badge {
    Badge::disc("ball", Corner::BottomLeft)
}

/// A square where a captured ball may be put.
pub const BALL_SQUARE: SquareMark = SquareMark::new(MarkStyle::Dot, Tone::Leaf);

pub fn legend() -> Vec<LegendEntry> {
    vec![
        LegendEntry::new(Sample::OuterCell, Msg::new("legend-wickets-wicket")),
        LegendEntry::new(
            Sample::Badge(defender()),
            Msg::new("legend-wickets-defender"),
        ),
        LegendEntry::new(Sample::Badge(ball_haver()), Msg::new("legend-wickets-ball")),
        LegendEntry::new(
            Sample::Token(Side::Black),
            Msg::new("legend-wickets-lying-ball"),
        ),
        LegendEntry::new(
            Sample::Mark(BALL_SQUARE),
            Msg::new("legend-wickets-ball-square"),
        ),
        LegendEntry::new(
            Sample::Piece(Piece::new(Side::White, Role::Queen)),
            Msg::new("legend-wickets-start"),
        ),
    ]
}

/// A side's notes under the board: its hand (to its player) or the number of its
/// cards (to the others), and a missing Defender.
fn side_notes(game: &WicketsGame, viewer: Viewer, side: Side) -> Vec<Msg> {
    let mut notes = Vec::new();
    if game.method().uses_cards() {
        let n = game.deck().hand(side).len();
        // K8: a hand is private; the others see only how many cards it holds.
        if viewer == Viewer::Player(side) {
            let cards: Vec<String> = game
                .deck()
                .hand(side)
                .iter()
                .map(|c| c.to_string())
                .collect();
            notes.push(Msg::new("note-hand").with("cards", cards.join(" ")));
        } else {
            notes.push(Msg::new("note-cards").with("n", n.to_string()));
        }
    }
    if game.pos().defender(side).is_none() {
        notes.push(Msg::new("note-no-defender"));
    }
    notes
}

pub fn build(game: &WicketsGame, viewer: Viewer) -> View {
    let pos = game.pos();
    let mut v = View::new(viewer, WicketsGame::NAME);
    v.outer_cells = true;
    for (cell, m) in pos.men.iter() {
        let mut badges = Vec::new();
        if m.defender {
            badges.push(defender());
        }
        if m.ball {
            badges.push(ball_haver());
        }
        v.pieces.push(PieceView {
            cell,
            piece: m.piece,
            badges,
        });
    }
    for side in Side::BOTH {
        if let Some(c) = pos.lying[side.index()] {
            v.tokens.push((c, side));
        }
    }
    v.to_move = game.ask().map(|a| a.side);
    v.last_move = game.last_cells().to_vec();
    v.last_move.dedup();
    let us = pos.fide.turn;
    if pos.in_check(us) {
        if let Some(k) = pos.king(us) {
            v.check.push(k);
        }
    }
    for side in Side::BOTH {
        for n in side_notes(game, viewer, side) {
            v.note(side.index(), n);
        }
    }
    let decision = match game.method() {
        Method::Cards => "note-decision-cards",
        Method::Cards2 => "note-decision-cards2",
        Method::Dice => "note-decision-dice",
        Method::Dice2 => "note-decision-dice2",
        Method::Deterministic => "note-decision-deterministic",
        Method::Deterministic2 => "note-decision-deterministic2",
    };
    v.note_first(0, Msg::new(decision));
    if let Some(t) = game.turn_state() {
        // K5: show where the captured ball may be put while that is asked.
        if let Some(c) = t.place_ball {
            for sq in pos.ball_squares(c).into_iter().filter_map(|c| c.square()) {
                v.marks.push((sq, BALL_SQUARE));
            }
        }
        if let Some(d) = t.decision {
            if let Step::Answer(c) = d.step {
                // A played card is public.
                v.note(
                    t.mover.index(),
                    Msg::new("note-played").with("card", c.to_string()),
                );
            }
        }
    }
    v
}
