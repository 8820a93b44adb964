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

/// Where a game lives, as its chat service offers the place (issue 50): what the bot
/// may post there, and what must reach the players by direct message instead.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlaceKind {
    /// A server's channel, or a thread of its own there (the record's `home` tells
    /// which): the bot posts there. Every game from before issue 50 lives so.
    #[default]
    Server,
    /// A group chat (or a chat between two people) reached through a user's install of
    /// the app: the bot is no member there, sees nothing and can only answer the
    /// interactions used there; everything else goes by direct message.
    GroupChat,
    /// A player's own direct messages with the bot (a game against the computer
    /// there).
    BotDm,
    /// Correspondence by a pair of direct messages (issue 50): each player plays in
    /// their own DM with the bot, where the bot posts the game's boards and their own
    /// secrets. The game's channel is no chat's: it is the game's own id, a place of
    /// its own that only the game's records and the front end's delivery know.
    DmPair,
}
