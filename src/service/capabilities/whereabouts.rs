//! Where games live (issue 50): the kind of place a front end says a channel is, kept
//! in memory until a game starts there (its record keeps it), and what a front end
//! reads back to know whether it may post where a game lives.

use crate::i18n::Lang;
use crate::service::contract::api::{Context, PlaceKind, User};
use crate::service::contract::front::Whereabouts;
use crate::service::{lock, Service};
use crate::tr;

impl Service {
    /// `channel` is a place of kind `kind` (see
    /// [`crate::service::front::GameService::note_place`]); a server's place is the
    /// default and is not kept.
    pub fn note_place(&self, channel: u64, kind: PlaceKind) {
        let mut kinds = lock(&self.place_kinds);
        if kind == PlaceKind::Server {
            kinds.remove(&channel);
        } else {
            kinds.insert(channel, kind);
        }
    }

    /// The kind of place `channel` is, as the front end last said.
    pub(in crate::service) fn place_kind(&self, channel: u64) -> PlaceKind {
        lock(&self.place_kinds)
            .get(&channel)
            .copied()
            .unwrap_or_default()
    }

    /// Where the latest game of `channel` lives, and its players.
    pub fn whereabouts(&self, channel: u64) -> Option<Whereabouts> {
        let read = self
            .store
            .last_game(channel)
            .and_then(|id| id.map_or(Ok(None), |id| self.store.game(id)));
        match read {
            Ok(rec) => rec.map(|r| Whereabouts {
                kind: r.place,
                people: r
                    .players
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| r.computer.is_none_or(|c| c.side.index() != *i))
                    .map(|(_, p)| p.clone())
                    .collect(),
                game: r.id,
                server: r.server,
            }),
            Err(e) => {
                tracing::error!("store: {e}");
                None
            }
        }
    }
}

/// Correspondence by a pair of DMs (issue 50, docs/user-installs.md): a player's DM
/// with the bot holds at most one game with each opponent, beside a game against the
/// computer played in the DM itself. A request made in that DM acts on the one game
/// there that asks the player; the boards' buttons name their game.
impl Service {
    /// The games by a pair of DMs that `user` plays, being played: each one's place
    /// and the other player.
    fn pair_games(&self, user: u64) -> Vec<(u64, User)> {
        let listings = match self.store.listings_of_user(user) {
            Ok(l) => l,
            Err(e) => {
                tracing::error!("store: {e}");
                return Vec::new();
            }
        };
        listings
            .into_iter()
            .filter_map(|l| match self.store.game(l.id) {
                Ok(Some(rec)) if rec.place == PlaceKind::DmPair && !rec.finished => {
                    let other = rec.players.iter().find(|p| p.id != user)?.clone();
                    Some((rec.channel, other))
                }
                Ok(_) => None,
                Err(e) => {
                    tracing::error!("store: {e}");
                    None
                }
            })
            .collect()
    }

    /// Refuses a second game by DM between the same two people while one is played.
    pub(in crate::service) fn refuse_second_pair(
        &self,
        players: &[User; 2],
        lang: Lang,
    ) -> Result<(), String> {
        let [a, b] = players;
        match self
            .pair_games(a.id)
            .into_iter()
            .find(|(_, o)| o.id == b.id)
        {
            Some(_) => Err(tr!(lang, "dms-pair-one-game", opponent = b.name.clone())),
            None => Ok(()),
        }
    }

    /// Whether a challenge of `opponent` made here is to be played by a pair of DMs:
    /// made in one's DM with the bot to a person, it is (in a place of its own, beside
    /// the DM's game against the computer), unless the two already play so.
    pub(in crate::service) fn pair_challenge(
        &self,
        ctx: &Context,
        opponent: Option<&User>,
        against_computer: bool,
    ) -> Result<bool, String> {
        match opponent {
            Some(o) if !against_computer && self.place_kind(ctx.channel) == PlaceKind::BotDm => {
                self.refuse_second_pair(&[ctx.user.clone(), o.clone()], ctx.lang)?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// Where a request `user` makes in `dm`, their DM with the bot, acts: the one game
    /// there that asks them (a game by a pair of DMs, or the DM's own game against the
    /// computer); asked in none, their only game by DM, else the DM itself. When
    /// several ask them, the refusal names their opponents and the Move button.
    pub fn dm_acting(&self, dm: u64, user: u64, lang: Lang) -> Result<u64, String> {
        let pairs = self.pair_games(user);
        if pairs.is_empty() {
            return Ok(dm);
        }
        let own = self.store.active_game(dm).ok().flatten().is_some();
        let mut waiting: Vec<(u64, String)> = pairs
            .iter()
            .filter(|(place, _)| self.asks(*place, user))
            .map(|(place, other)| (*place, other.name.clone()))
            .collect();
        if own && self.asks(dm, user) {
            waiting.push((dm, tr!(lang, "the-computer")));
        }
        match waiting.as_slice() {
            [(place, _)] => Ok(*place),
            [] if pairs.len() == 1 && !own => Ok(pairs[0].0),
            [] => Ok(dm),
            several => {
                let names: Vec<String> = several.iter().map(|(_, n)| n.clone()).collect();
                Err(tr!(lang, "dms-pair-which-game", games = names.join(", ")))
            }
        }
    }

    /// Game `game` when it is a game by a pair of DMs and `channel` is a DM with the
    /// bot: its Rematch, pressed in a player's DM, makes a new challenge by DM there.
    pub(in crate::service) fn pair_game_from_dm(
        &self,
        channel: u64,
        game: u64,
    ) -> Option<crate::store::GameRecord> {
        if self.place_kind(channel) != PlaceKind::BotDm {
            return None;
        }
        match self.store.game(game) {
            Ok(rec) => rec.filter(|r| r.place == PlaceKind::DmPair),
            Err(e) => {
                tracing::error!("store: {e}");
                None
            }
        }
    }

    /// The channel a pending challenge was made in (its buttons may be pressed in
    /// another place: the challenged player's DM with the bot).
    pub fn challenge_channel(&self, id: u64) -> Option<u64> {
        match self.store.challenge_by_id(id) {
            Ok(c) => c.filter(|c| c.outcome.is_none()).map(|c| c.channel),
            Err(e) => {
                tracing::error!("store: {e}");
                None
            }
        }
    }
}
