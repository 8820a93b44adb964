//! A game's record as text: PGN export and import (`pgn.rs`), the fairness
//! commitment of its seed (`fair.rs`).

pub mod fair;
pub mod pgn;
