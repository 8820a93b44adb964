//! The stored records: challenges, games with their actions, history and clock, and
//! the computer's seat. Plain serde data; the store writes and reads them.

use super::StoreError;
use crate::core::Side;
use crate::model::{ColorChoice, PlaceKind, User};
use crate::ratings::GameEnd;
use crate::variants::{Game, Options, VariantId};
use serde::{Deserialize, Serialize};

pub use crate::variants::ActionKind;

/// A challenge in one channel, waiting for an answer (or settled, kept a while so a
/// late press on its message can be told what became of it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    /// Its own id. Challenges stored before ids existed (keyed by their channel) read
    /// as 0 and are given one when the service loads them.
    #[serde(default)]
    pub id: u64,
    /// The channel it was made in (0 in challenges keyed by their channel).
    #[serde(default)]
    pub channel: u64,
    pub challenger: User,
    /// `None`: an open challenge, the first taker plays.
    pub opponent: Option<User>,
    pub server: Option<u64>,
    pub variant: VariantId,
    pub color: ColorChoice,
    /// Days per move; 0 means no limit.
    pub days: u32,
    pub options: Options,
    pub created_ms: u64,
    /// Days of time bank each player gets beyond the days per move (0: none; the
    /// default of challenges from before banks existed).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bank_days: u32,
    /// Counts for the ratings; `rated:false` makes a casual game. Challenges stored
    /// before ratings existed are rated, the default.
    #[serde(default = "rated_by_default")]
    pub rated: bool,
    /// The front end's message that shows it (to update it when settled).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<u64>,
    /// How it was settled (accepted, declined, withdrawn, expired), once it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
    /// When it was settled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settled_ms: Option<u64>,
    /// Once accepted: where its game is played (a place opened for it, or its channel).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<u64>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn rated_by_default() -> bool {
    true
}

/// One stored action of a game, with when it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Action {
    pub at_ms: u64,
    pub kind: ActionKind,
}

/// One line group of the printed record: an answer and the lines it caused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryEntry {
    pub side: Side,
    pub printed: String,
    pub events: Vec<crate::i18n::Msg>,
    /// The turn was played from its player's conditional line (`/conditional`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub conditional: bool,
}

/// One player's conditional lines on a game (`/conditional`): each line alternates the
/// opponent's turn and this player's answer, the opponent's first. Private to their
/// author: kept in the record (so they move with it in one checked write and survive
/// restarts) and never shown but to that player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConditionalLines {
    pub side: Side,
    pub lines: Vec<Vec<String>>,
}

/// The clock of the turn in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnClock {
    /// The side the deadline binds.
    pub side: Side,
    pub started_ms: u64,
    /// `None` when the game has no time limit.
    pub deadline_ms: Option<u64>,
    /// The reminder for this turn has been sent.
    pub reminded: bool,
    /// The channel has been told that the time ran out.
    pub expiry_told: bool,
    /// The clock stands still since then: its player is on vacation. When it runs
    /// again, its start and deadline move on by the time it stood.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paused_ms: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub format: u32,
    pub id: u64,
    pub channel: u64,
    pub server: Option<u64>,
    /// White then Black.
    pub players: [User; 2],
    pub variant: VariantId,
    pub options: Options,
    pub seed: u64,
    pub days: u32,
    pub created_ms: u64,
    pub actions: Vec<Action>,
    pub history: Vec<HistoryEntry>,
    pub clock: Option<TurnClock>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Side>,
    pub finished: bool,
    /// Counts for the ratings. Records from before ratings existed are rated (X-RATINGS-1).
    #[serde(default = "rated_by_default")]
    pub rated: bool,
    /// Set when the game ends: its place in the end order, the score and, for a rated
    /// game, the rating change (written in the same batch as the ratings themselves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<GameEnd>,
    /// The computer's seat in a game against it; absent in games between people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<ComputerSeat>,
    /// The channel the game's own place (a thread) was opened in, where the game goes
    /// back if that place is deleted; absent when the game is played in the channel
    /// itself, and in records from before places could go away.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub home: Option<u64>,
    /// Each side's time bank left (White's, Black's), in milliseconds: a turn may run
    /// past its days into it, and time runs out only when both are spent. `None`: the
    /// game has no bank (every game from before banks existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_ms: Option<[u64; 2]>,
    /// The bank each player started with, in days (a rematch offers the same).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bank_days: u32,
    /// The players' conditional lines still waiting (private to each author).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditional: Vec<ConditionalLines>,
    /// The indices in `actions` of answers played from a conditional line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditional_plies: Vec<usize>,
    /// Which players (White, Black) are on vacation: their turns' clocks stand still.
    #[serde(default, skip_serializing_if = "nobody_away")]
    pub away: [bool; 2],
    /// Vacations do not stop this game's clocks (an event that forbids them).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_vacation: bool,
    /// The side whose takeback request stands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeback_offer: Option<Side>,
    /// What kind of place `channel` is (issue 50): records from before it were all
    /// played in servers, which is the default and is not written.
    #[serde(default, skip_serializing_if = "in_server")]
    pub place: PlaceKind,
}

fn in_server(place: &PlaceKind) -> bool {
    *place == PlaceKind::Server
}

fn nobody_away(away: &[bool; 2]) -> bool {
    !away[0] && !away[1]
}

/// The side the computer plays and its strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComputerSeat {
    pub side: Side,
    /// The level on the ladder the seat was stored under (`ladder`).
    pub level: u8,
    /// Which ladder `level` counts on: absent in records stored before the ladder of
    /// eight (levels 1-5, read as [`FIRST_LADDER`]), [`LADDER`] since.
    #[serde(default = "first_ladder")]
    pub ladder: u8,
}

/// The first ladder of computer levels (1-5).
pub const FIRST_LADDER: u8 = 1;
/// The ladder of eight computer levels (1-8, docs/engine.md), the one new games use.
pub const LADDER: u8 = 2;

fn first_ladder() -> u8 {
    FIRST_LADDER
}

impl ComputerSeat {
    /// A seat at `level` of today's ladder.
    pub fn new(side: Side, level: u8) -> ComputerSeat {
        ComputerSeat {
            side,
            level,
            ladder: LADDER,
        }
    }

    /// Whether the seat was stored under the first ladder (its game keeps the search
    /// it was played with: the engine's `Settings::first_ladder`).
    pub fn first_ladder(&self) -> bool {
        self.ladder == FIRST_LADDER
    }

    /// The level of today's ladder this seat plays at: a game stored under the first
    /// ladder keeps its search, at the level of the ladder of eight whose tree search
    /// has the same budget (1 -> 2, 2 -> 4, 3 -> 6, 4 -> 7, 5 -> 8; in chess and
    /// Sorchess its old levels below 5 keep the tree search, `first_ladder`).
    pub fn level(&self) -> u8 {
        if self.ladder != FIRST_LADDER {
            return self.level;
        }
        match self.level {
            0 | 1 => 2,
            2 => 4,
            3 => 6,
            4 => 7,
            _ => 8,
        }
    }
}

impl GameRecord {
    pub fn player(&self, side: Side) -> &User {
        &self.players[side.index()]
    }

    pub fn side_of(&self, user_id: u64) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.players[s.index()].id == user_id)
    }

    /// Rebuilds the game from its variant, options and seed by replaying every action.
    pub fn replay(&self) -> Result<Game, StoreError> {
        Game::replay(
            self.variant,
            &self.options,
            self.seed,
            self.actions.iter().map(|a| &a.kind),
        )
        .map_err(|reason| StoreError::Replay {
            id: self.id,
            reason,
        })
    }
}
