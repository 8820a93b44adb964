//! What players and moderators can do, each a module of functions that read a
//! snapshot (a slot's game, the store's indexes) and return a planned [`Change`] or a
//! refusal; none writes to the store itself.
//!
//! [`Change`]: crate::service::Change

pub mod conditional;
pub mod confirm;
pub mod lines;
pub mod lobby;
pub mod missed;
pub mod notes;
pub mod pages;
pub mod picker;
pub mod private;
pub mod puzzles;
pub mod relocate;
pub mod review;
pub mod takeback;
pub mod timeouts;
pub mod tournament;
pub mod turns;
pub mod vacation;
pub mod whereabouts;
