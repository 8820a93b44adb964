//! A chess evaluation for the computer player's alpha-beta search, in hundredths of a
//! pawn: material, placement (from square formulas, tapered between the middle game
//! and the end game), mobility, pawn structure, rooks on open files, the king's pawn
//! shelter and, when far ahead, driving the enemy king to the edge. Any board of the
//! FIDE kinds; a Wizard counts as material and centralisation only.

use crate::core::bitboard::attacks;
use crate::core::{Bitboard, Board, Role, Side, Square};
use crate::variants::eval::centre_distance;

/// Material in the middle game and in the end game.
fn material(role: Role) -> (i32, i32) {
    match role {
        Role::Pawn => (95, 125),
        Role::Knight => (320, 305),
        Role::Bishop => (335, 330),
        Role::Rook => (470, 545),
        Role::Queen => (960, 1010),
        Role::Wizard => (410, 410),
        Role::King => (0, 0),
    }
}

/// Game phase weight of a piece: 24 with all pieces on, 0 with pawns and kings only.
fn phase_weight(role: Role) -> i32 {
    match role {
        Role::Knight | Role::Bishop | Role::Wizard => 1,
        Role::Rook => 2,
        Role::Queen => 4,
        Role::Pawn | Role::King => 0,
    }
}

/// Placement of a piece of `role` on `sq`, seen from its own side (`rank` 0 is its
/// back rank), middle game and end game.
fn placement(role: Role, file: u8, rank: u8) -> (i32, i32) {
    let sq = Square::from_coords(file, rank).map_or(6, centre_distance);
    let cd = i32::from(sq);
    let (f, r) = (i32::from(file), i32::from(rank));
    // 0 on the d and e files, 3 on the edge files.
    let fd = if f < 4 { 3 - f } else { f - 4 };
    match role {
        Role::Pawn => {
            let central = if fd == 0 { 1 } else { 0 };
            // Pawns in front of a castled king stay home in the middle game.
            let wing = if f >= 5 || f <= 1 { 1 } else { 0 };
            let mg = match r {
                1 => {
                    if central == 1 {
                        -12
                    } else {
                        4
                    }
                }
                2 => 4 + central * 6 - wing * 4,
                3 => 8 + central * 18 - wing * 8,
                4 => 16 + central * 14 - wing * 8,
                5 => 30,
                6 => 55,
                _ => 0,
            };
            let eg = [0, 0, 6, 14, 28, 50, 85, 0][(r as usize) & 7];
            (mg, eg)
        }
        Role::Knight => {
            let back = if r == 0 { 10 } else { 0 };
            let outpost = if (3..=5).contains(&r) && fd <= 2 {
                8
            } else {
                0
            };
            (24 - cd * 9 - back + outpost, 18 - cd * 7)
        }
        Role::Bishop => {
            let back = if r == 0 { 8 } else { 0 };
            (14 - cd * 4 - back, 10 - cd * 3)
        }
        Role::Rook => {
            let seventh = if r == 6 { 18 } else { 0 };
            let centre_file = if fd == 0 {
                6
            } else if fd == 3 {
                -4
            } else {
                0
            };
            (seventh + centre_file, seventh / 2)
        }
        Role::Queen => {
            // Early sorties are not rewarded: only central calm.
            (4 - cd * 2, 12 - cd * 5)
        }
        Role::Wizard => (12 - cd * 5, 10 - cd * 4),
        Role::King => {
            let mg = match (r, file) {
                (0, 1 | 2 | 6) => 28,
                (0, 0 | 7) => 16,
                (0, 3 | 5) => 4,
                (0, _) => 0,
                (1, _) => -14,
                _ => -30 - 6 * r,
            };
            (mg, 24 - cd * 9)
        }
    }
}

/// The squares in front of `sq` for `side`, on its file and the two beside it.
fn front_span(side: Side, sq: Square) -> Bitboard {
    let f = sq.file();
    let mut files = Bitboard::file(f);
    if f > 0 {
        files |= Bitboard::file(f - 1);
    }
    if f < 7 {
        files |= Bitboard::file(f + 1);
    }
    let r = u32::from(sq.rank());
    let ahead = match side {
        // The ranks above `r` (none above the last).
        Side::White => (!0u64).checked_shl(8 * (r + 1)).unwrap_or(0),
        // The ranks below `r`.
        Side::Black => (1u64 << (8 * r)) - 1,
    };
    files & Bitboard(ahead)
}

/// The score of `board` for `side` (`to_move` gets a small bonus for the move).
pub fn score(board: &Board, side: Side, to_move: Side) -> i32 {
    let occupied = board.occupied();
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    let mut phase = 0;
    let mut plain = [0i32; 2];
    for (sq, p) in board.iter() {
        let s = p.side.index();
        let rank = sq.relative_rank(p.side);
        let (m, e) = material(p.role);
        let (pm, pe) = placement(p.role, sq.file(), rank);
        mg[s] += m + pm;
        eg[s] += e + pe;
        phase += phase_weight(p.role);
        plain[s] += p.role.value() as i32;
        // Mobility: squares reached that the own side does not hold.
        let weight = match p.role {
            Role::Knight => (4, 4),
            Role::Bishop => (5, 5),
            Role::Rook => (2, 4),
            Role::Queen => (1, 2),
            _ => (0, 0),
        };
        if weight != (0, 0) {
            let reach = (attacks(p.role, p.side, sq, occupied) & !board.by_side(p.side)).count();
            let centred = reach as i32 - 4;
            mg[s] += centred * weight.0;
            eg[s] += centred * weight.1;
        }
    }
    for us in Side::BOTH {
        let (m, e) = structure(board, us);
        mg[us.index()] += m;
        eg[us.index()] += e;
    }
    let phase = phase.min(24);
    let us = side.index();
    let them = side.other().index();
    let tapered = ((mg[us] - mg[them]) * phase + (eg[us] - eg[them]) * (24 - phase)) / 24;
    let total = tapered + if to_move == side { 12 } else { -12 };
    total + mop_up(board, side, plain[us] - plain[them])
}

/// The pawn structure, the bishop pair, rooks on open files and the king's shelter of
/// `us`, in the middle game and the endgame.
fn structure(board: &Board, us: Side) -> (i32, i32) {
    let (mut mg, mut eg) = (0, 0);
    let them = us.other();
    let pawns = board.pieces(us, Role::Pawn);
    let their_pawns = board.pieces(them, Role::Pawn);
    if board.pieces(us, Role::Bishop).more_than_one() {
        mg += 30;
        eg += 45;
    }
    for file in 0..8u8 {
        let on = (pawns & Bitboard::file(file)).count() as i32;
        if on > 1 {
            mg -= 12 * (on - 1);
            eg -= 18 * (on - 1);
        }
        if on > 0 {
            let left = file.checked_sub(1).map_or(Bitboard::EMPTY, Bitboard::file);
            let right = if file < 7 {
                Bitboard::file(file + 1)
            } else {
                Bitboard::EMPTY
            };
            if (pawns & (left | right)).is_empty() {
                mg -= 10 * on;
                eg -= 14 * on;
            }
        }
    }
    for sq in pawns {
        if (front_span(us, sq) & their_pawns).is_empty() {
            let r = i32::from(sq.relative_rank(us));
            mg += r * r;
            eg += 2 * r * r + 10;
        }
    }
    for sq in board.pieces(us, Role::Rook) {
        let file = Bitboard::file(sq.file());
        if (file & pawns).is_empty() {
            let open = (file & their_pawns).is_empty();
            mg += if open { 22 } else { 10 };
            eg += if open { 10 } else { 5 };
        }
    }
    if let Some(k) = board.king_of(us) {
        // Pawns just in front of the king shelter it in the middle game.
        let shelter = (front_span(us, k) & pawns & near_ranks(us, k)).count() as i32;
        mg += 10 * shelter.min(3);
    }
    (mg, eg)
}

/// Far ahead (`lead`, in pawns): drive the enemy king to the edge and bring the own
/// one near (the mating technique no search depth finds by itself).
fn mop_up(board: &Board, side: Side, lead: i32) -> i32 {
    let (Some(ours), Some(theirs)) = (board.king_of(side), board.king_of(side.other())) else {
        return 0;
    };
    let push =
        i32::from(centre_distance(theirs)) * 12 + (14 - i32::from(ours.distance(theirs)) * 2) * 5;
    if lead >= 4 {
        push
    } else if lead <= -4 {
        -push
    } else {
        0
    }
}

/// The two ranks in front of the king's rank.
fn near_ranks(side: Side, king: Square) -> Bitboard {
    let r = king.rank();
    match side {
        Side::White => Bitboard::rank((r + 1).min(7)) | Bitboard::rank((r + 2).min(7)),
        Side::Black => Bitboard::rank(r.saturating_sub(1)) | Bitboard::rank(r.saturating_sub(2)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Piece, Position};

    fn fen_score(fen: &str, side: Side) -> i32 {
        let pos = Position::from_fen(fen).expect("fen");
        score(pos.board(), side, pos.turn())
    }

    #[test]
    fn the_start_is_even_and_mirrored_positions_score_alike() {
        let b = Board::standard();
        assert_eq!(score(&b, Side::White, Side::White), 12);
        assert_eq!(score(&b, Side::Black, Side::White), -12);
        let a = fen_score(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            Side::White,
        );
        let m = fen_score(
            "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3",
            Side::Black,
        );
        assert_eq!(a, m);
    }

    #[test]
    fn material_and_development_count() {
        let mut without = Board::standard();
        without.remove_known(Square::D8, Piece::new(Side::Black, Role::Queen));
        assert!(score(&without, Side::White, Side::White) > 800);
        // A knight in the centre beats one in the corner.
        let centre = fen_score("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", Side::White);
        let corner = fen_score("4k3/8/8/8/8/8/8/N3K3 w - - 0 1", Side::White);
        assert!(centre > corner + 30, "{centre} {corner}");
        // A passed pawn on the sixth beats one on the third.
        let far = fen_score("4k3/8/4P3/8/8/8/8/4K3 w - - 0 1", Side::White);
        let near = fen_score("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", Side::White);
        assert!(far > near + 50, "{far} {near}");
    }
}
