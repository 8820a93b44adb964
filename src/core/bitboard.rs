//! 64-bit square sets and the precomputed attack tables (magic bitboards for sliders,
//! with fixed, tested magic numbers).

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

/// Magic multipliers for the rook and bishop tables, one per square (a1 = 0). They were
/// found once by a random search (a xorshift generator seeded 0x9e37_79b9_7f4a_7c15,
/// trying sparse candidates square by square, rooks first) and are fixed here so that no
/// process pays for the search at start. `every_magic_is_valid` checks each one maps
/// every blocker set of its square without a destructive collision.
#[rustfmt::skip]
const ROOK_MAGICS: [u64; 64] = [
    0x2080_0020_8040_0010, 0x00c0_0020_0140_1000, 0x2100_1100_0840_2002, 0x0880_0800_8104_1000,
    0x0200_0200_2004_1008, 0x2300_0400_0801_0012, 0x0c00_2830_0400_8201, 0x0180_0100_0040_7a80,
    0x0168_8000_8040_0020, 0x0010_4000_4020_1000, 0x1001_0020_0100_1048, 0x1001_0024_0810_0100,
    0x0801_0004_0801_0012, 0x4001_0002_0900_0400, 0x08a2_0004_c802_0001, 0x2002_8011_4500_2280,
    0x0080_8600_2100_4200, 0x0010_00c0_0940_2002, 0x00b0_0020_0400_2800, 0x100a_8080_1002_0800,
    0x8101_0100_0800_0410, 0x0244_0080_0200_0480, 0x0000_0400_1081_0208, 0x2000_0200_0044_8534,
    0x4104_4004_8000_8033, 0x0000_8101_0020_4000, 0x0440_4309_0020_0010, 0x4600_2409_0010_0100,
    0x0060_0800_8004_0080, 0x0001_0003_0008_0400, 0x0004_0844_0001_1002, 0x0023_0402_0000_8041,
    0x0580_0500_4300_2080, 0x0400_8040_0280_2008, 0x0001_0020_0100_4010, 0x1000_2009_0100_1000,
    0x4410_8008_0180_0c00, 0xa012_0038_0600_1004, 0x0020_1001_0400_8802, 0x0004_8084_0200_0041,
    0x0010_4001_7089_8000, 0x0080_5000_2000_4004, 0x1040_4080_1202_0020, 0x8010_0400_0800_4040,
    0x2001_0801_0011_0004, 0x0000_0200_0400_8080, 0x0021_0108_1004_0002, 0x0800_008c_4302_0024,
    0x0000_8000_2100_5100, 0x0070_2010_4000_8080, 0x0000_d042_8200_6a00, 0x0010_0144_0008_0240,
    0x0001_0801_1005_0100, 0x0012_0008_1024_0600, 0x0402_0008_0104_0200, 0x0281_0010_8a00_4100,
    0x0050_8003_0010_2045, 0x8208_2100_4012_0882, 0x8010_6001_0118_3441, 0x020b_0009_1000_6045,
    0x0241_0010_0248_0005, 0x0081_0004_0088_0241, 0x0000_0090_0802_4124, 0x0048_1229_8041_0402,
];

#[rustfmt::skip]
const BISHOP_MAGICS: [u64; 64] = [
    0x0848_0208_2204_0013, 0x8010_a400_8582_1200, 0x0008_0084_3084_0822, 0x0808_0481_0804_0000,
    0x1304_0421_0000_8104, 0x5001_0120_1020_4023, 0x8104_8801_b820_0420, 0x200a_0080_8401_2000,
    0x0040_1020_0104_2084, 0x840a_5050_4242_8020, 0x0000_7001_0220_2920, 0x4410_1c0c_1080_0002,
    0x0040_0404_2200_0000, 0x0180_0208_0209_0202, 0x4020_0208_1104_1202, 0x0001_0430_8c04_2000,
    0x4140_6610_0242_4400, 0x0028_0120_0801_0460, 0x0188_0621_0200_2a00, 0x0014_0048_4010_2008,
    0x0105_0002_9040_0002, 0x8001_0222_0041_0400, 0x104a_0419_1801_3446, 0x008a_0000_8200_8238,
    0x04a0_0600_0810_0430, 0x0008_2200_0882_0801, 0x2508_0412_0800_5010, 0x4008_0802_0020_2020,
    0x2441_0010_1300_4000, 0x0030_0080_6040_7000, 0x4008_1080_0042_0800, 0x0012_0210_5029_0100,
    0x0210_0804_8220_0500, 0xcc01_1120_4810_0480, 0x0020_4028_0650_0440, 0x0004_8e00_8058_0080,
    0x0040_1020_2002_0080, 0x0028_0104_4008_0807, 0x4601_0411_0800_8800, 0x8040_810e_0410_4200,
    0x9012_1011_0400_088a, 0xa003_0802_1208_1050, 0x00c1_0040_4840_1004, 0x9000_00a0_1440_0800,
    0x0008_0210_4040_5401, 0x4020_0082_0600_2090, 0x0004_1904_2403_0100, 0x0424_008a_0202_6250,
    0x8004_0882_5090_0040, 0x1c00_4300_88a0_4200, 0x0001_0200_9404_0001, 0x8040_2100_2088_0061,
    0x2010_0404_5044_2032, 0x0800_8408_5004_4001, 0x0004_0408_0214_0004, 0x0004_080a_0422_2020,
    0x8088_8021_1002_2000, 0x1081_a104_1611_4400, 0x0205_010a_2406_0820, 0x0000_0007_2041_1080,
    0x1008_0002_0843_0400, 0x580c_0260_2881_0840, 0x8020_2044_1020_a110, 0x12c0_0224_0102_0018,
];

/// Every subset of `mask` (the blocker sets of one square), the empty set first.
fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut next = Some(0u64);
    std::iter::from_fn(move || {
        let cur = next?;
        let after = cur.wrapping_sub(mask) & mask;
        next = (after != 0).then_some(after);
        Some(cur)
    })
}

/// Fills the slider table for the given magics; each square's block follows the last.
/// A destructive collision (two blocker sets with different attacks at one index) is
/// reported with its square: with the checked constants it cannot happen.
fn fill_magics(
    dirs: &[(i8, i8); 4],
    magics: &[u64; 64],
    table: &mut Vec<u64>,
) -> Result<[Magic; 64], Square> {
    let mut out = [Magic::default(); 64];
    for sq in Square::all() {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        let offset = table.len();
        let magic = magics[sq.index()];
        table.resize(offset + (1usize << bits), 0);
        let mut used = vec![false; 1usize << bits];
        for occ in subsets(mask) {
            let att = ray_attacks(sq, occ, dirs);
            let idx = (occ.wrapping_mul(magic) >> shift) as usize;
            if used[idx] && table[offset + idx] != att {
                return Err(sq);
            }
            used[idx] = true;
            table[offset + idx] = att;
        }
        out[sq.index()] = Magic {
            mask,
            magic,
            shift,
            offset,
        };
    }
    Ok(out)
}

fn build_tables() -> Tables {
    let mut knight = [0; 64];
    let mut king = [0; 64];
    let mut pawn = [[0; 64]; 2];
    for sq in Square::all() {
        knight[sq.index()] = steps(sq, &KNIGHT_STEPS);
        king[sq.index()] = steps(sq, &KING_STEPS);
        pawn[0][sq.index()] = steps(sq, &[(-1, 1), (1, 1)]);
        pawn[1][sq.index()] = steps(sq, &[(-1, -1), (1, -1)]);
    }
    let mut slider = Vec::new();
    // The constants are checked by `every_magic_is_valid`; a failure here is a build
    // with corrupted constants, caught at start-up before any game is touched.
    let rook = fill_magics(&ROOK_DIRS, &ROOK_MAGICS, &mut slider)
        .unwrap_or_else(|sq| panic!("the rook magic of {sq} collides"));
    let bishop = fill_magics(&BISHOP_DIRS, &BISHOP_MAGICS, &mut slider)
        .unwrap_or_else(|sq| panic!("the bishop magic of {sq} collides"));
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
        // Kinds a single game adds move by that game's rules (`core::movegen::Kinds`).
        Wizard => Bitboard::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small xorshift generator for test occupancies.
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
    }

    #[test]
    fn every_magic_is_valid() {
        // Every blocker set of every square, for both sliders: no destructive collision,
        // and the looked-up attacks are the ray walk's.
        for (dirs, magics) in [(&ROOK_DIRS, &ROOK_MAGICS), (&BISHOP_DIRS, &BISHOP_MAGICS)] {
            let mut table = Vec::new();
            let filled = fill_magics(dirs, magics, &mut table);
            assert!(filled.is_ok(), "collision at {:?}", filled.err());
            for sq in Square::all() {
                let mask = relevant_mask(sq, dirs);
                assert_eq!(subsets(mask).count(), 1 << mask.count_ones());
                for occ in subsets(mask) {
                    let got = if dirs == &ROOK_DIRS {
                        rook_attacks(sq, Bitboard(occ))
                    } else {
                        bishop_attacks(sq, Bitboard(occ))
                    };
                    assert_eq!(got.0, ray_attacks(sq, occ, dirs), "{sq} {occ:#x}");
                }
            }
        }
        // A wrong constant is caught: a magic of 0 maps every blocker set to index 0.
        let mut broken = ROOK_MAGICS;
        broken[0] = 0;
        assert_eq!(
            fill_magics(&ROOK_DIRS, &broken, &mut Vec::new()).err(),
            Some(Square::A1)
        );
    }

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
}
