//! Where games live (issue 50): the kind of place a front end says a channel is, kept
//! in memory until a game starts there (its record keeps it), and what a front end
//! reads back to know whether it may post where a game lives.

use crate::service::contract::api::PlaceKind;
use crate::service::contract::front::Whereabouts;
use crate::service::{lock, Service};

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
