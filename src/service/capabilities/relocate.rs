//! A game whose own place went away: a moderator deleted its thread, or the thread
//! was locked so nobody can post in it any more. The game moves back to the channel
//! its challenge was made in (when that channel has no game of its own; else to a new
//! place opened there) with one note and its board, so commands there reach it and
//! its clock goes on where players can answer.
//!
//! Owns moving a game between places. May import the service's own modules, `store`
//! and `model`.

use crate::service::capabilities::lobby::place_title;
use crate::service::capabilities::turns::controls;
use crate::service::contract::api::{Audience, Reply};
use crate::service::plumbing::commit::{Origin, Unwritten};
use crate::service::reads::asked::asked_user;
use crate::service::reads::queries::board_reply;
use crate::service::{lock, Change, Live, Service};

impl Service {
    /// The place `gone` can no longer be posted in (deleted, or locked). Its active
    /// game, if any, moves to `parent` (the front end's word for the channel the place
    /// was opened in; `None`: the one its record names) or, when that channel already
    /// has a game, to a new place opened there. Returns the note and the board for the
    /// new place (already in the outbox); nothing when there is no game to move or
    /// nowhere to move it (logged). Another process doing the same at once finds the
    /// game gone from `gone` and does nothing.
    pub fn relocate(&self, gone: u64, parent: Option<u64>) -> Vec<Reply> {
        let now = self.clock.now_ms();
        let slot = self.loaded(gone);
        let mut slot = lock(&slot);
        // A record read after another process moved the game names its new place: the
        // game is gone from `gone` already (the index and the record are two reads).
        let Some(live) = slot.live.clone().filter(|l| l.rec.channel == gone) else {
            return Vec::new();
        };
        let Some(home) = parent.or(live.rec.home).filter(|h| *h != gone) else {
            tracing::warn!("channel {gone}: its game's place is gone and it has no other");
            return Vec::new();
        };
        let Some(target) = self.free_place(home, &live) else {
            return Vec::new();
        };
        let mut next = live.clone();
        next.rec.channel = target;
        next.rec.home = (target != home).then_some(home);
        let change = Change {
            replies: vec![moved_note(&next, now)],
            live: Some(next),
            ..Change::default()
        };
        let at = Origin::time(gone);
        match self.commit_change(&mut slot, &at, change, now) {
            Ok(replies) => {
                tracing::info!("channel {gone}: its game moved to {target}");
                replies
            }
            Err(Unwritten::Conflict) => {
                // Moved (or played) by another process first: its state is read again.
                self.refresh(&mut slot, gone);
                Vec::new()
            }
            Err(Unwritten::Store(e) | Unwritten::Unknown(e)) => {
                tracing::error!("channel {gone}: the game could not be moved: {e}");
                Vec::new()
            }
        }
    }

    /// Where a game whose place is gone goes: `home` itself when no game is played
    /// there, else a new place opened in it.
    fn free_place(&self, home: u64, live: &Live) -> Option<u64> {
        match self.store.active_game(home) {
            Ok(None) => return Some(home),
            Ok(Some(_)) => {}
            Err(e) => {
                tracing::error!("channel {home}: {e}");
                return None;
            }
        }
        let title = place_title(&live.rec.players, live.rec.variant, live.lang);
        match self.places.open_place(home, &title, None) {
            Ok(place) => Some(place),
            Err(why) => {
                tracing::warn!("channel {home}: no place for a moved game: {why}");
                None
            }
        }
    }
}

/// The one message a moved game's new place gets: why it is here, and its board with
/// its buttons (the public view).
fn moved_note(live: &Live, now: u64) -> Reply {
    let board = board_reply(live, 0, now, live.lang);
    let mut r = Reply::channel(format!(
        "{}\n{}",
        crate::tr!(live.lang, "game-moved-here"),
        board.text
    ));
    r.to = Audience::Place(live.rec.channel);
    r.image = board.image;
    r.mention = asked_user(live).into_iter().collect();
    r.controls = Some(controls(live));
    r
}
