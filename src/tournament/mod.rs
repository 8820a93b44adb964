//! Tournaments, the pure part: who meets whom (round robin by Berger tables, Swiss by
//! a maximum-weight matching) and the standings with their tie-breaks. No I/O: the
//! service keeps events in the store and feeds their results in here.
//!
//! Players are numbered by their seed (0 is the first to join); scores are kept in
//! half points so every sum is exact.
//!
//! Owns pairing and standings (pure). Imports nothing else of the crate.

pub mod matching;
