//! How lists (`/games`, `/profile`) and records (`/export`, `/review`) name a game's
//! place for the one who reads them, wherever it lives (issue 50).

use crate::i18n::Lang;
use crate::service::contract::api::{PlaceKind, User};
use crate::service::Service;

/// Which form a place takes where a game is named: in a reply (a chat's mention) or
/// in a record (the `Site` tag, a link).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::service) enum Shown {
    Mention,
    Site,
}

/// Where a game lives, as lists and records name it: the game, its server, its
/// channel, its players.
pub(in crate::service) struct Where<'a>(
    pub(in crate::service) u64,
    pub(in crate::service) Option<u64>,
    pub(in crate::service) u64,
    pub(in crate::service) &'a [User],
);

/// How lists (`/games`, `/profile`) and records (`/export`, `/review`) name a game's
/// place for the one who reads them (issue 50): a server's channel as the front end
/// names it; outside servers, a link the reader can open (a player of a game by a pair
/// of DMs gets their own DM with the bot, whose channel the game's own is not), else
/// the game's web page, else words saying where it is played.
impl Service {
    pub(in crate::service) fn place_shown(
        &self,
        at: &Where,
        viewer: u64,
        shown: Shown,
        lang: Lang,
    ) -> Option<String> {
        let Where(game, server, channel, players) = *at;
        let kind = match server {
            Some(_) => PlaceKind::Server,
            None => self.place_kind_of(game),
        };
        if kind == PlaceKind::Server {
            return match shown {
                Shown::Mention => self.places.mention(server, channel),
                Shown::Site => self.places.site(server, channel),
            };
        }
        let player = players.iter().any(|p| p.id == viewer);
        let linked = player
            .then(|| self.places.reach(kind, channel, viewer))
            .flatten();
        let page = || self.web.as_ref().map(|links| links.game_url(game));
        let words = || {
            let key = match kind {
                PlaceKind::DmPair => "place-dm-pair",
                PlaceKind::GroupChat => "place-group-chat",
                _ => "place-bot-dm",
            };
            crate::i18n::tr(lang, key)
        };
        Some(linked.or_else(page).unwrap_or_else(words))
    }

    /// The kind of place game `game` lives in, as its record says.
    fn place_kind_of(&self, game: u64) -> PlaceKind {
        match self.store.game(game) {
            Ok(rec) => rec.map(|r| r.place).unwrap_or_default(),
            Err(e) => {
                tracing::error!("store: {e}");
                PlaceKind::default()
            }
        }
    }
}
