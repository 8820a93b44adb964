//! What the front ends ask beside a move, in the service's contract: the actions of
//! `/takeback`, `/tournament` and `/settings`, and the limits a request's text is held
//! to. Plain data: the capabilities that act on them import it, never the reverse.

use crate::model::User;
use crate::store::EventFormat;
use crate::variants::{Options, VariantId};
use serde::{Deserialize, Serialize};

/// What `/takeback` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TakebackAction {
    Ask,
    Accept,
    Decline,
}

/// The terms of a new event (`/tournament create`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventTerms {
    pub name: String,
    pub variant: VariantId,
    pub options: Options,
    pub format: EventFormat,
    pub days: u32,
    pub bank_days: u32,
    pub rated: bool,
    pub vacation: bool,
    /// The most players (0: no limit).
    pub limit: u32,
    /// Starts by itself this long after it is created; `None`: when its organiser
    /// says `start`.
    pub start_in_ms: Option<u64>,
}

/// What `/tournament` asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TournamentAction {
    Create(Box<EventTerms>),
    Join,
    Leave,
    Start,
    Standings,
    Pairings,
    /// The organiser withdraws a player; a player may withdraw themselves. Nothing
    /// changes until `confirmed` (`confirm:yes`): first it says what it would do.
    Withdraw {
        player: Option<User>,
        confirmed: bool,
    },
    Cancel,
    Export,
}

/// What `/settings` changes (`None`: left as it is).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SettingsChange {
    pub confirm: Option<bool>,
    pub digest: Option<bool>,
    pub reminders: Option<bool>,
}

/// The longest text `/conditional` takes (a line of ten answers in long notation).
pub const MAX_LINE_TEXT: usize = 600;

/// The most characters a player's notes on one game may hold, all lines together.
pub(in crate::service) const MAX_NOTES: usize = 1000;

/// What `/puzzle` asks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleAsk {
    /// An answer to the open puzzle (`None`: show a puzzle).
    pub answer: Option<String>,
    /// One game's puzzles only.
    pub variant: Option<VariantId>,
    /// Puzzles with this theme only (`mate`, `fork`, `zap`).
    pub theme: Option<String>,
    /// This puzzle.
    pub id: Option<String>,
    /// The server's puzzle of this day (days since 1970, UTC): its post's Solve button.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<u64>,
    /// The invoker's own puzzles: their mistakes found by `/review` (`/puzzle mine`).
    #[serde(default)]
    pub mine: bool,
}

/// What `/settings puzzle-channel|puzzle-hour|puzzle-daily` changes of a server's
/// daily puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyChange {
    /// Posted in this channel from now on (and on).
    pub channel: Option<u64>,
    /// At this hour (UTC).
    pub hour: Option<u8>,
    /// On (in the channel set before, else this one) or off.
    pub on: Option<bool>,
}

/// The longest answer `/puzzle` takes.
pub const MAX_PUZZLE_ANSWER: usize = 100;
/// The longest theme or puzzle id `/puzzle` takes.
pub const MAX_PUZZLE_WORD: usize = 40;
