//! Scoring shared by the variants' evaluations for the computer player: material and a
//! little piece placement, in hundredths of a pawn from one side's point of view.

use crate::core::view::View;
use crate::core::{Board, Piece, Role, Side, Square};

/// One piece's worth where it stands: material plus small placement terms (pawns
/// gain as they advance, minor pieces and queens like the centre).
pub fn piece_score(piece: Piece, sq: Square) -> i32 {
    let base = piece.role.value() as i32 * 100;
    let centre = 7 - i32::from(centre_distance(sq));
    let placement = match piece.role {
        Role::Pawn => {
            let r = i32::from(sq.relative_rank(piece.side));
            (r - 1).max(0) * 6 + if r >= 5 { (r - 4) * 12 } else { 0 }
        }
        Role::Knight | Role::Bishop | Role::Wizard => centre * 4,
        Role::Queen => centre * 2,
        Role::Rook | Role::King => 0,
    };
    base + placement
}

/// How far a square is from the four centre squares (0 in the centre, 3 in a corner
/// per axis, summed).
pub fn centre_distance(sq: Square) -> u8 {
    let f = sq.file();
    let r = sq.rank();
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    df + dr
}

/// Sums [`piece_score`] for `side` minus the opponent, plus the end-game push: the
/// side well ahead drives the enemy king to the edge and brings its own king near.
pub fn pieces_score(pieces: impl IntoIterator<Item = (Square, Piece)>, side: Side) -> i32 {
    let mut score = 0;
    let mut material = [0i32; 2];
    let mut kings: [Option<Square>; 2] = [None, None];
    for (sq, p) in pieces {
        let s = piece_score(p, sq);
        material[p.side.index()] += p.role.value() as i32;
        if p.role == Role::King {
            kings[p.side.index()] = Some(sq);
        }
        score += if p.side == side { s } else { -s };
    }
    let lead = material[side.index()] - material[side.other().index()];
    if let (Some(ours), Some(theirs)) = (kings[side.index()], kings[side.other().index()]) {
        let push = i32::from(centre_distance(theirs)) * 10
            + (14 - i32::from(ours.distance(theirs)) * 2) * 4;
        if lead >= 4 {
            score += push;
        } else if lead <= -4 {
            score -= push;
        }
    }
    score
}

/// [`pieces_score`] of a plain board.
pub fn board_score(board: &Board, side: Side) -> i32 {
    pieces_score(board.iter(), side)
}

/// [`pieces_score`] of the board squares of a view (the default evaluation).
pub fn view_score(view: &View, side: Side) -> i32 {
    pieces_score(
        view.pieces
            .iter()
            .filter_map(|p| p.cell.square().map(|sq| (sq, p.piece))),
        side,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).expect("square")
    }

    #[test]
    fn start_is_level_and_a_queen_up_is_better() {
        let b = Board::standard();
        assert_eq!(board_score(&b, Side::White), 0);
        let mut without = b;
        without.remove_known(Square::D8, Piece::new(Side::Black, Role::Queen));
        assert!(board_score(&without, Side::White) >= 900);
        assert!(board_score(&without, Side::Black) <= -900);
    }

    #[test]
    fn an_advanced_pawn_is_worth_more() {
        let p = Piece::new(Side::White, Role::Pawn);
        assert!(piece_score(p, sq("e7")) > piece_score(p, sq("e2")));
        let q = Piece::new(Side::Black, Role::Pawn);
        assert!(piece_score(q, sq("e2")) > piece_score(q, sq("e7")));
    }
}
