//! Plain data shared by the service and the store (who plays, which colour was asked
//! for). No logic lives here, so both layers can use it without the store depending on
//! the service.
//!
//! Owns plain shared data. Imports nothing of the crate.

use serde::{Deserialize, Serialize};

/// A chat user as the service knows them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct User {
    pub id: u64,
    /// Display name, used in text and on the board image.
    pub name: String,
}

/// The colour a challenger asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ColorChoice {
    White,
    Black,
    Random,
}
