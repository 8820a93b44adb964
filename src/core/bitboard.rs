//! 64-bit square sets and the precomputed attack tables (magic bitboards for sliders).

use crate::core::{Side, Square};
use serde::{Deserialize, Serialize};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};
use std::sync::OnceLock;

/// A set of board squares, bit i standing for `Square` i.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const ALL: Bitboard = Bitboard(!0);
    pub const LIGHT: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
    pub const DARK: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);

    pub fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    pub fn rank(rank: u8) -> Bitboard {
        Bitboard(0xff << (8 * (rank as u32 & 7)))
    }

    pub fn file(file: u8) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << (file as u32 & 7))
    }

    pub fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    pub fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1 << sq.index()))
    }

    pub fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    pub fn set(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    pub fn clear(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn any(self) -> bool {
        self.0 != 0
    }

    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    pub fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    pub fn first(self) -> Option<Square> {
        (self.0 != 0).then(|| Square::from_index_unchecked(self.0.trailing_zeros() as u8))
    }

    /// The square of a set known to hold exactly one square, else `None`.
    pub fn single(self) -> Option<Square> {
        if self.0 != 0 && !self.more_than_one() {
            self.first()
        } else {
            None
        }
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_unchecked(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.set(sq);
        }
        bb
    }
}

/// Rook and bishop directions, knight and king steps, as (file, rank) deltas.
pub const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
pub const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
pub const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const WIZARD_STEPS: [(i8, i8); 12] = [
    (1, 3),
    (3, 1),
    (3, -1),
    (1, -3),
    (-1, -3),
    (-3, -1),
    (-3, 1),
    (-1, 3),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

struct Tables {
    knight: [u64; 64],
    king: [u64; 64],
    wizard: [u64; 64],
    pawn: [[u64; 64]; 2],
    rook: [Magic; 64],
    bishop: [Magic; 64],
    slider: Vec<u64>,
    between: Vec<u64>,
    line: Vec<u64>,
}

fn steps(sq: Square, steps: &[(i8, i8)]) -> u64 {
    steps
        .iter()
        .filter_map(|&(df, dr)| sq.offset(df, dr))
        .fold(0, |acc, s| acc | (1 << s.index()))
}

fn ray_attacks(sq: Square, occupied: u64, dirs: &[(i8, i8); 4]) -> u64 {
    let mut out = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            out |= 1 << next.index();
            if occupied & (1 << next.index()) != 0 {
                break;
            }
            cur = next;
        }
    }
    out
}

fn relevant_mask(sq: Square, dirs: &[(i8, i8); 4]) -> u64 {
    let mut out = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            // The last square of a ray never matters as a blocker.
            if next.offset(df, dr).is_none() {
                break;
            }
            out |= 1 << next.index();
            cur = next;
        }
    }
    out
}

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find_magics(dirs: &[(i8, i8); 4], table: &mut Vec<u64>, rng: &mut XorShift) -> [Magic; 64] {
    let mut magics = [Magic::default(); 64];
    for sq in Square::all() {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        let mut occupancies = Vec::with_capacity(size);
        let mut attacks = Vec::with_capacity(size);
        let mut subset: u64 = 0;
        loop {
            occupancies.push(subset);
            attacks.push(ray_attacks(sq, subset, dirs));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        let shift = 64 - bits;
        let offset = table.len();
        table.resize(offset + size, 0);
        let mut used = vec![0u32; size];
        let mut epoch = 0u32;
        loop {
            let magic = rng.sparse();
            if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            epoch += 1;
            let mut ok = true;
            for (occ, att) in occupancies.iter().zip(&attacks) {
                let idx = (occ.wrapping_mul(magic) >> shift) as usize;
                if used[idx] != epoch {
                    used[idx] = epoch;
                    table[offset + idx] = *att;
                } else if table[offset + idx] != *att {
                    ok = false;
                    break;
                }
            }
            if ok {
                magics[sq.index()] = Magic {
                    mask,
                    magic,
                    shift,
                    offset,
                };
                break;
            }
        }
    }
    magics
}

fn build_tables() -> Tables {
    let mut knight = [0; 64];
    let mut king = [0; 64];
    let mut wizard = [0; 64];
    let mut pawn = [[0; 64]; 2];
    for sq in Square::all() {
        knight[sq.index()] = steps(sq, &KNIGHT_STEPS);
        king[sq.index()] = steps(sq, &KING_STEPS);
        wizard[sq.index()] = steps(sq, &WIZARD_STEPS);
        pawn[0][sq.index()] = steps(sq, &[(-1, 1), (1, 1)]);
        pawn[1][sq.index()] = steps(sq, &[(-1, -1), (1, -1)]);
    }
    let mut slider = Vec::new();
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let rook = find_magics(&ROOK_DIRS, &mut slider, &mut rng);
    let bishop = find_magics(&BISHOP_DIRS, &mut slider, &mut rng);
    let mut between = vec![0u64; 64 * 64];
    let mut line = vec![0u64; 64 * 64];
    for a in Square::all() {
        for &(df, dr) in ROOK_DIRS.iter().chain(BISHOP_DIRS.iter()) {
            let mut full = 1u64 << a.index();
            // Whole line through a in this direction and its opposite.
            let mut cur = a;
            while let Some(n) = cur.offset(df, dr) {
                full |= 1 << n.index();
                cur = n;
            }
            cur = a;
            while let Some(n) = cur.offset(-df, -dr) {
                full |= 1 << n.index();
                cur = n;
            }
            let mut gap = 0u64;
            cur = a;
            while let Some(n) = cur.offset(df, dr) {
                between[a.index() * 64 + n.index()] = gap;
                line[a.index() * 64 + n.index()] = full;
                gap |= 1 << n.index();
                cur = n;
            }
        }
    }
    Tables {
        knight,
        king,
        wizard,
        pawn,
        rook,
        bishop,
        slider,
        between,
        line,
    }
}

static TABLES: OnceLock<Tables> = OnceLock::new();

fn tables() -> &'static Tables {
    TABLES.get_or_init(build_tables)
}

pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(tables().knight[sq.index()])
}

pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(tables().king[sq.index()])
}

/// The Sorchess Wizard's capturing pattern: (3,1) leaps and one diagonal step.
pub fn wizard_attacks(sq: Square) -> Bitboard {
    Bitboard(tables().wizard[sq.index()])
}

/// Squares a pawn of `side` on `sq` attacks.
pub fn pawn_attacks(side: Side, sq: Square) -> Bitboard {
    Bitboard(tables().pawn[side.index()][sq.index()])
}

#[inline]
fn magic_lookup(t: &Tables, m: &Magic, occupied: Bitboard) -> Bitboard {
    let idx = ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    Bitboard(t.slider[m.offset + idx])
}

pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = tables();
    magic_lookup(t, &t.rook[sq.index()], occupied)
}

pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = tables();
    magic_lookup(t, &t.bishop[sq.index()], occupied)
}

pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares strictly between two aligned squares; empty if they are not aligned.
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(tables().between[a.index() * 64 + b.index()])
}

/// The whole rank, file or diagonal through two aligned squares; empty otherwise.
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(tables().line[a.index() * 64 + b.index()])
}

/// Squares attacked by a piece of `role` and `side` standing on `sq`.
pub fn attacks(role: crate::core::Role, side: Side, sq: Square, occupied: Bitboard) -> Bitboard {
    use crate::core::Role::*;
    match role {
        Pawn => pawn_attacks(side, sq),
        Knight => knight_attacks(sq),
        Bishop => bishop_attacks(sq, occupied),
        Rook => rook_attacks(sq, occupied),
        Queen => queen_attacks(sq, occupied),
        King => king_attacks(sq),
        Wizard => wizard_attacks(sq),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_sliders_match_ray_walks() {
        let mut rng = XorShift(12345);
        for _ in 0..2000 {
            let occ = rng.next() & rng.next();
            for sq in Square::all() {
                assert_eq!(
                    rook_attacks(sq, Bitboard(occ)).0,
                    ray_attacks(sq, occ, &ROOK_DIRS)
                );
                assert_eq!(
                    bishop_attacks(sq, Bitboard(occ)).0,
                    ray_attacks(sq, occ, &BISHOP_DIRS)
                );
            }
        }
    }

    #[test]
    fn between_and_line() {
        let a1 = Square::A1;
        let h8 = Square::H8;
        assert_eq!(between(a1, h8).count(), 6);
        assert_eq!(line(a1, h8).count(), 8);
        assert!(between(a1, Square::B1).is_empty());
        let c2 = Square::from_coords(2, 1).expect("c2");
        assert!(line(a1, c2).is_empty());
    }

    #[test]
    fn wizard_pattern() {
        let d4 = Square::parse("d4").expect("d4");
        assert_eq!(wizard_attacks(d4).count(), 12);
        assert_eq!(wizard_attacks(Square::A1).count(), 3);
    }
}
