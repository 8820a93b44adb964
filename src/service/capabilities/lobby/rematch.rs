//! A rematch: a challenge to a finished game's opponent, colours swapped, on the same
//! terms, made where it is asked for.

use super::*;

impl Service {
    /// `/rematch`: a challenge to the last game's opponent, colours swapped, on the
    /// same terms.
    pub(in crate::service) fn rematch(
        &self,
        slot: &Slot,
        ctx: &Context,
        now: u64,
    ) -> Result<Change, Refusal> {
        let last = self.shown_game_in(slot, ctx.channel, ctx.lang)?;
        self.rematch_of(slot, ctx, &last.rec, now)
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
