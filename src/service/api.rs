//! The contract between the service and every front end: requests in, replies out.
//! Nothing here knows Discord; front ends translate their events into [`Request`]s
//! and [`Reply`]s into messages.

use crate::core::view::View;
use crate::variants::{Options, VariantId};
use serde::{Deserialize, Serialize};

pub use crate::model::{ColorChoice, User};

/// Who acts, where, and under which idempotency key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Context {
    pub user: User,
    pub channel: u64,
    /// The server (Discord guild) of the channel, if any.
    pub server: Option<u64>,
    /// A key such as a Discord interaction id: a redelivered key acts once.
    pub key: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DrawAction {
    Offer,
    Accept,
    Decline,
    /// Claim a draw by threefold repetition or the 50-move rule.
    Claim,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GamesScope {
    /// Active games of the invoker's server.
    Server,
    /// Active games of one user.
    User(u64),
}

/// Everything a player can ask of the service.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    Challenge {
        opponent: User,
        variant: VariantId,
        color: ColorChoice,
        /// Days per move: `None` for the default, `Some(0)` for no limit, else 1-14.
        days: Option<u32>,
        options: Options,
        /// `false` makes a casual game, which leaves the ratings alone.
        rated: bool,
    },
    Accept,
    Decline,
    Cancel,
    Move {
        text: String,
    },
    Board,
    History,
    Export,
    Resign,
    Draw(DrawAction),
    Abort,
    /// Claim the win when the opponent's time has run out.
    Claim,
    /// The invoker's secret information (wand list, card hand).
    Hand,
    Games(GamesScope),
    Rules {
        variant: Option<VariantId>,
    },
    Help,
    /// Ratings, record, current games and last results of a player (the invoker when
    /// `None`).
    Profile {
        user: Option<User>,
    },
    /// The best settled ratings of a variant (Chess when `None`) in the invoker's
    /// ladder.
    Leaderboard {
        variant: Option<VariantId>,
    },
}

/// Where a reply goes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audience {
    /// The channel the request came from (public).
    Channel,
    /// A direct message to this user.
    Private(User),
    /// Only the invoker sees it (an ephemeral reply on Discord).
    Invoker,
}

/// A file attached to a reply (exports).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attachment {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// A reply kind that front ends may decorate (buttons, autocomplete).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReplyKind {
    Plain,
    /// A new challenge: the front end may add Accept and Decline buttons.
    Challenge {
        challenged: User,
    },
    /// A refusal: one sentence, shown only to the invoker.
    Refusal,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    pub to: Audience,
    pub kind: ReplyKind,
    /// Users to mention at the start (the player to move).
    pub mention: Vec<User>,
    pub text: String,
    /// A board image to draw for this view (already filtered for the audience).
    pub image: Option<View>,
    pub attachment: Option<Attachment>,
}

impl Reply {
    pub fn channel(text: impl Into<String>) -> Reply {
        Reply {
            to: Audience::Channel,
            kind: ReplyKind::Plain,
            mention: Vec::new(),
            text: text.into(),
            image: None,
            attachment: None,
        }
    }

    pub fn invoker(text: impl Into<String>) -> Reply {
        Reply {
            to: Audience::Invoker,
            ..Reply::channel(text)
        }
    }

    pub fn refusal(text: impl Into<String>) -> Reply {
        Reply {
            to: Audience::Invoker,
            kind: ReplyKind::Refusal,
            ..Reply::channel(text)
        }
    }

    pub fn private(user: User, text: impl Into<String>) -> Reply {
        Reply {
            to: Audience::Private(user),
            ..Reply::channel(text)
        }
    }
}

/// A reply produced by time passing (reminders), for a channel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimedReply {
    pub channel: u64,
    pub reply: Reply,
}

/// How a front end names a channel, so the service never formats one itself: a
/// reference a chat renders as a link in replies, and plain words (or a link) for the
/// `Site` tag of an exported record.
pub trait Places: Send + Sync {
    /// The channel as a reply mentions it; `None` when the front end cannot name it.
    fn mention(&self, server: Option<u64>, channel: u64) -> Option<String>;
    /// Where a game was played, for the record's `Site` tag; `None` when unknown.
    fn site(&self, server: Option<u64>, channel: u64) -> Option<String>;
}

/// The places of a service without a front end: no channel can be named.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unnamed;

impl Places for Unnamed {
    fn mention(&self, _server: Option<u64>, _channel: u64) -> Option<String> {
        None
    }

    fn site(&self, _server: Option<u64>, _channel: u64) -> Option<String> {
        None
    }
}

/// How reply text refers to a channel, as the service knows it (`{#123}`): front ends
/// rewrite each with [`replace_places`] into their own form (a link on Discord).
pub fn place(channel: u64) -> String {
    format!("{{#{channel}}}")
}

/// Rewrites every [`place`] reference in `text` with `form(channel)`.
pub fn replace_places(text: &str, form: impl Fn(u64) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{#") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let channel = after[..digits].parse::<u64>().ok();
        match channel {
            Some(id) if after[digits..].starts_with('}') => {
                out.push_str(&form(id));
                rest = &after[digits + 1..];
            }
            _ => {
                out.push_str("{#");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_rewritten_by_the_front_end() {
        let text = format!("in {} and {}; {{#x}} {{#12", place(5), place(77));
        assert_eq!(
            replace_places(&text, |c| format!("<#{c}>")),
            "in <#5> and <#77>; {#x} {#12"
        );
        assert_eq!(replace_places("plain", |_| String::new()), "plain");
    }
}
