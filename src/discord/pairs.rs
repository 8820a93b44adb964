//! Games whose players the bot reaches by direct message (issue 50,
//! docs/user-installs.md): a group chat it can only answer interactions in, and games
//! by a pair of DMs; what reaches a player's own DM with the bot.

use super::parts::{dm_nonce, Parts};
use super::posting::direct_message;
use crate::i18n::Lang;
use crate::service::api::{Audience, ReplyKind, User};
use crate::tr;
use serenity::all::Http;

/// The first line of a game's message sent to a player's DM: which game it is (a DM
/// may hold several).
pub(super) fn heading(people: &[User], lang: Lang) -> String {
    let name = |i: usize| people.get(i).map(|p| p.name.clone()).unwrap_or_default();
    tr!(lang, "dms-pair-from", white = name(0), black = name(1))
}

/// The challenge `kind` shown by `parts`, made by `challenger` in their DM with the
/// bot, as the one challenged gets it in theirs: with its buttons, to accept or
/// decline it there. `None` for any other reply.
pub(super) fn challenge_copy(
    challenger: &User,
    kind: &ReplyKind,
    parts: &Parts,
    lang: Lang,
) -> Option<(User, Parts, Lang)> {
    let ReplyKind::Challenge {
        challenged: Some(challenged),
        ..
    } = kind
    else {
        return None;
    };
    let mut dm = parts.clone();
    let line = tr!(
        lang,
        "dms-pair-challenge",
        challenger = challenger.name.clone()
    );
    dm.content = format!("{line}\n{}", dm.content);
    Some((challenged.clone(), dm, lang))
}

/// A game played where the bot can only answer interactions (a group chat through a
/// user's install), or by a pair of DMs: its people, who get by direct message what
/// cannot be posted there.
pub(super) struct Group {
    pub(super) people: Vec<User>,
    /// Played by a pair of DMs (each player's own DM with the bot is the game's place).
    pub(super) pair: bool,
    /// The chat, for the link back in those messages.
    pub(super) channel: u64,
    /// The server the chat is in when it is a server's channel reached only through a
    /// user's install.
    pub(super) server: Option<u64>,
}

impl Group {
    /// Whether a reply to `to` is one of its public messages, by a pair of DMs.
    pub(super) fn pair_public(&self, to: &Audience) -> bool {
        self.pair && matches!(to, Audience::Channel | Audience::Place(_))
    }

    /// The chat as a link.
    pub(super) fn link(&self) -> String {
        chat_link(self.server, self.channel)
    }
}

/// A player of a game by a pair of DMs cannot be reached: the others learn it in
/// their own DMs with the bot, headed by the game's name (each notice's nonce derived
/// from `nonce`, the refused message's).
pub(super) async fn tell_unreachable(
    http: &Http,
    group: &Group,
    user: &User,
    (lang, nonce): (Lang, Option<String>),
) {
    let line = tr!(
        lang,
        "dms-pair-opponent-unreachable",
        opponent = user.name.clone()
    );
    let text = format!("{}\n{line}", heading(&group.people, lang));
    for other in group.people.iter().filter(|p| p.id != user.id) {
        let mut notice = Parts::text(text.clone());
        notice.nonce = nonce.as_deref().map(|n| dm_nonce(n, other.id, 0));
        if let Err(e) = direct_message(http, other.id, notice).await {
            tracing::warn!(
                "cannot tell {} that {} is unreachable: {e}",
                other.id,
                user.id
            );
        }
    }
}

/// A place the bot reaches only through interactions, as a link: a group chat has no
/// server (`@me`); a server's channel reached through a user's install names its server
/// (an `@me` link to it leads nowhere).
pub fn chat_link(server: Option<u64>, channel: u64) -> String {
    let server = server.map_or_else(|| "@me".to_string(), |s| s.to_string());
    format!("https://discord.com/channels/{server}/{channel}")
}
