//! A rematch: a challenge to a finished game's opponent, colours swapped, on the same
//! terms, made where it is asked for.

use super::*;
use crate::service::contract::api::PlaceKind;

/// How many of a player's latest results outside servers `/rematch` in their DM with
/// the bot looks through for the last game they finished there.
const DM_RESULTS: usize = 50;

impl Service {
    /// `/rematch`: a challenge to the last game's opponent, colours swapped, on the
    /// same terms. Used in one's DM with the bot, the game asked for again is the one
    /// [`Service::dm_rematch`] names when it was played by a pair of DMs (issue 50).
    pub(in crate::service) fn rematch(
        &self,
        slot: &Slot,
        ctx: &Context,
        now: u64,
    ) -> Result<Change, Refusal> {
        if self.place_kind(ctx.channel) == PlaceKind::BotDm {
            let pair = self.dm_rematch(ctx.channel, ctx.user.id);
            if let Some(rec) = pair.filter(|r| r.place == PlaceKind::DmPair) {
                return self.rematch_of(slot, ctx, &rec, now);
            }
        }
        let last = self.shown_game_in(slot, ctx.channel, ctx.lang)?;
        self.rematch_of(slot, ctx, &last.rec, now)
    }

    /// The game `/rematch` used in `dm`, `user`'s DM with the bot, asks for again
    /// (issue 50): of the games they finished there, the DM's own (against the
    /// computer) and their games by a pair of DMs, the one that ended last (by the
    /// store's end order), among their latest results outside servers.
    pub fn dm_rematch(&self, dm: u64, user: u64) -> Option<GameRecord> {
        let results = self
            .store
            .results_of(user, DM_RESULTS, |p| p.server.is_none());
        let results = match results {
            Ok(r) => r,
            Err(e) => {
                tracing::error!("store: {e}");
                return None;
            }
        };
        results.iter().find_map(|p| match self.store.game(p.id) {
            Ok(rec) => rec.filter(|r| r.channel == dm || r.place == PlaceKind::DmPair),
            Err(e) => {
                tracing::error!("store: {e}");
                None
            }
        })
    }

    /// The opponent `/rematch` used in `dm` challenges in their own DM with the bot:
    /// the other player of the game [`Service::dm_rematch`] names, when it was played
    /// by a pair of DMs (the front end tells them by direct message first).
    pub fn dm_rematch_opponent(&self, dm: u64, user: u64) -> Option<User> {
        let rec = self.dm_rematch(dm, user)?;
        if rec.place != PlaceKind::DmPair {
            return None;
        }
        rec.players.iter().find(|p| p.id != user).cloned()
    }

    /// A rematch of the game `rec`, asked for where `ctx` acts: colours swapped, on the
    /// same terms. (A game by a pair of DMs is asked for again from a player's own DM
    /// with the bot, where a new challenge by DM would be made: issue 50.)
    pub(in crate::service) fn rematch_of(
        &self,
        slot: &Slot,
        ctx: &Context,
        rec: &GameRecord,
        now: u64,
    ) -> Result<Change, Refusal> {
        if !rec.finished {
            return Err(tr!(ctx.lang, "refusal-rematch-playing"));
        }
        let side = crate::service::reads::asked::seat_of(
            rec,
            ctx.user.id,
            ctx.lang,
            "refusal-rematch-players",
        )?;
        let mut options = rec.options.clone();
        if let Some(seat) = rec.computer {
            options.insert("level".to_string(), seat.level().to_string());
        }
        if rec.bank_days > 0 {
            options.insert("bank".to_string(), rec.bank_days.to_string());
        }
        // Colours swapped: who played White now plays Black.
        let color = match side {
            Side::White => ColorChoice::Black,
            Side::Black => ColorChoice::White,
        };
        self.challenge(
            slot,
            ctx,
            Some(rec.player(side.other()).clone()),
            rec.variant,
            color,
            Some(rec.days),
            options,
            rec.rated,
            now,
        )
    }
}
