//! Board geometry and FIDE machinery shared by all variants.
//!
//! Owns squares, cells, bitboards, boards, pieces, FIDE chess with its one
//! parameterised move generator (`movegen`), notation and per-viewer views. May import
//! nothing of the crate but `i18n` (pure: the English words of its refusals):
//! everything else builds on it.

pub mod bitboard;
pub mod board;
pub mod cell_map;
pub mod chess;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod piece;
pub mod san;
pub mod square;
pub mod view;

pub use bitboard::Bitboard;
pub use board::Board;
pub use cell_map::CellMap;
pub use chess::Position;
pub use moves::{CastleSide, Move};
pub use piece::{Piece, Role};
pub use square::{Cell, Side, Square};
