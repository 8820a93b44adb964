//! Sides, squares and off-board cells: the geometry every variant shares.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two players' colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    /// The rank (0-based) a side's pieces start on.
    pub fn back_rank(self) -> u8 {
        match self {
            Side::White => 0,
            Side::Black => 7,
        }
    }

    /// +1 for White, -1 for Black: the direction its pawns advance.
    pub fn forward(self) -> i8 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }

    pub fn from_char(c: char) -> Option<Side> {
        match c {
            'w' => Some(Side::White),
            'b' => Some(Side::Black),
            _ => None,
        }
    }

    pub fn char(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A square of the 8x8 board, a1 = 0, b1 = 1, ..., h8 = 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square(u8);

impl Square {
    pub const A1: Square = Square(0);
    pub const B1: Square = Square(1);
    pub const C1: Square = Square(2);
    pub const D1: Square = Square(3);
    pub const E1: Square = Square(4);
    pub const F1: Square = Square(5);
    pub const G1: Square = Square(6);
    pub const H1: Square = Square(7);
    pub const A8: Square = Square(56);
    pub const B8: Square = Square(57);
    pub const C8: Square = Square(58);
    pub const D8: Square = Square(59);
    pub const E8: Square = Square(60);
    pub const F8: Square = Square(61);
    pub const G8: Square = Square(62);
    pub const H8: Square = Square(63);

    pub fn new(index: u8) -> Option<Square> {
        (index < 64).then_some(Square(index))
    }

    /// Builds a square from an index that the caller knows is below 64.
    pub const fn from_index_unchecked(index: u8) -> Square {
        Square(index & 63)
    }

    pub fn from_coords(file: u8, rank: u8) -> Option<Square> {
        (file < 8 && rank < 8).then_some(Square(rank * 8 + file))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn file(self) -> u8 {
        self.0 & 7
    }

    pub fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The square moved by (file, rank) steps, if still on the board.
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if (0..8).contains(&f) && (0..8).contains(&r) {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }

    /// The rank as seen from `side`: 0 is its back rank.
    pub fn relative_rank(self, side: Side) -> u8 {
        match side {
            Side::White => self.rank(),
            Side::Black => 7 - self.rank(),
        }
    }

    pub fn is_light(self) -> bool {
        (self.file() + self.rank()) % 2 == 1
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// Chebyshev distance (king steps).
    pub fn distance(self, other: Square) -> u8 {
        let df = (self.file() as i8 - other.file() as i8).unsigned_abs();
        let dr = (self.rank() as i8 - other.rank() as i8).unsigned_abs();
        df.max(dr)
    }

    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].to_ascii_lowercase();
        if !(b'a'..=b'h').contains(&f) || !(b'1'..=b'8').contains(&b[1]) {
            return None;
        }
        Square::from_coords(f - b'a', b[1] - b'1')
    }

    pub fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    pub fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

/// A place a piece can stand: a board square or one of the two outer cells that stick
/// out behind the e-file's end squares (`w0` behind e1, White's; `w9` behind e8,
/// Black's), used by the games whose boards have them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Cell {
    Board(Square),
    /// An outer cell; stored pictures of format 1 and 2 spelled it `Wicket`.
    #[serde(alias = "Wicket")]
    Outer(Side),
}

impl Cell {
    /// Geometry coordinates: the outer cells act as e0 and e9.
    pub fn coords(self) -> (i8, i8) {
        match self {
            Cell::Board(sq) => (sq.file() as i8, sq.rank() as i8),
            Cell::Outer(Side::White) => (4, -1),
            Cell::Outer(Side::Black) => (4, 8),
        }
    }

    pub fn from_coords(file: i8, rank: i8) -> Option<Cell> {
        match (file, rank) {
            (4, -1) => Some(Cell::Outer(Side::White)),
            (4, 8) => Some(Cell::Outer(Side::Black)),
            (0..=7, 0..=7) => Square::from_coords(file as u8, rank as u8).map(Cell::Board),
            _ => None,
        }
    }

    pub fn parse(text: &str) -> Option<Cell> {
        match text {
            "w0" | "W0" => Some(Cell::Outer(Side::White)),
            "w9" | "W9" => Some(Cell::Outer(Side::Black)),
            _ => Square::parse(text).map(Cell::Board),
        }
    }

    pub fn square(self) -> Option<Square> {
        match self {
            Cell::Board(sq) => Some(sq),
            Cell::Outer(_) => None,
        }
    }
}

impl From<Square> for Cell {
    fn from(sq: Square) -> Cell {
        Cell::Board(sq)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cell::Board(sq) => sq.fmt(f),
            Cell::Outer(Side::White) => f.write_str("w0"),
            Cell::Outer(Side::Black) => f.write_str("w9"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_parse_and_print() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
        assert_eq!(Square::parse("a"), None);
    }

    #[test]
    fn wickets_sit_behind_the_kings() {
        assert_eq!(Cell::parse("w0"), Some(Cell::Outer(Side::White)));
        let (f, r) = Cell::Outer(Side::Black).coords();
        assert_eq!(Cell::from_coords(f, r - 1), Some(Cell::Board(Square::E8)));
        assert_eq!(Cell::Outer(Side::White).to_string(), "w0");
        assert_eq!(Cell::from_coords(3, -1), None);
    }
}

#[cfg(test)]
mod outer_cell_names {
    use super::*;

    // Pictures kept by earlier versions name the outer cells `Wicket`: they still load.
    #[test]
    fn old_stored_name_still_reads() {
        let old: Cell = serde_json::from_str(r#"{"Wicket":"White"}"#).expect("old name");
        assert_eq!(old, Cell::Outer(Side::White));
        let now = serde_json::to_string(&Cell::Outer(Side::Black)).expect("json");
        assert_eq!(
            serde_json::from_str::<Cell>(&now).expect("new"),
            Cell::Outer(Side::Black)
        );
    }
}
