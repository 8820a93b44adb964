//! Time passing: each turn's clock, reminders, expiries and timeout passes.

use super::*;

impl Service {
    /// Time passing: reminders when a fifth of the time remains, a notice when it has
    /// run out, notices about games needing attention. Each is sent once (stored).
    pub fn tick(&self) -> Vec<TimedReply> {
        let now = self.clock.now_ms();
        let mut out: Vec<TimedReply> = std::mem::take(&mut *lock(&self.attention))
            .into_iter()
            .map(|(channel, msg)| TimedReply {
                channel,
                reply: Reply::channel(msg),
            })
            .collect();
        for (channel, slot) in self.slots() {
            let mut slot = lock(&slot);
            match self.expire_challenges(&mut slot, now) {
                Ok(replies) => out.extend(
                    replies
                        .into_iter()
                        .map(|reply| TimedReply { channel, reply }),
                ),
                Err(e) => tracing::error!("store: {e}"),
            }
            let Some(live) = &slot.live else { continue };
            let Some(clock) = &live.rec.clock else {
                continue;
            };
            let Some(deadline) = clock.deadline_ms else {
                continue;
            };
            let Some(ask) = live.game.ask() else { continue };
            let asked = live.rec.player(ask.side).clone();
            let opponent = live.rec.player(ask.side.other()).clone();
            let total = deadline.saturating_sub(clock.started_ms);
            let left = deadline.saturating_sub(now);
            let mut next_clock = clock.clone();
            if now >= deadline && timeout_policy(live.rec.variant) == TimeoutPolicy::PassTurn {
                // RULINGS Z6: the turn ends with no action; the record gets the pass.
                let change = match timeout_pass(live, ask.side, now) {
                    Ok(c) => c,
                    Err(e) => {
                        tracing::error!("channel {channel}: timeout pass refused: {e}");
                        continue;
                    }
                };
                let Some(mut next) = change.live else {
                    continue;
                };
                let mut w = Write::new();
                let mut ratings = None;
                let expect = refresh::expected(&slot, next.rec.id);
                let written = self
                    .seal(&mut next, &mut w)
                    .and_then(|r| {
                        ratings = r;
                        w.game_checked(&next.rec, expect)
                    })
                    .and_then(|()| self.store.commit(w));
                match written {
                    Ok(()) => {
                        if let Some((mut guard, sealed)) = ratings {
                            guard.keep(sealed);
                        }
                        refresh::after_write(&mut slot, &next.rec, expect);
                        slot.live = (!next.rec.finished).then_some(next);
                        out.extend(
                            change
                                .replies
                                .into_iter()
                                .map(|reply| TimedReply { channel, reply }),
                        );
                    }
                    Err(e) => {
                        tracing::error!("store: {e}");
                        // Another process moved: the next look starts from its state.
                        self.refresh(&mut slot, channel);
                    }
                }
                continue;
            }
            let reply = if now >= deadline {
                if clock.expiry_told {
                    continue;
                }
                next_clock.expiry_told = true;
                next_clock.reminded = true;
                let mut r = Reply::channel(format!(
                    "{}'s time to move has run out. {}: you may `/claim` the win, or keep waiting.",
                    asked.name, opponent.name
                ));
                r.mention = vec![opponent.clone()];
                r
            } else if !clock.reminded && left.saturating_mul(5) <= total {
                next_clock.reminded = true;
                let mut r = Reply::channel(format!(
                    "{}, {} left for your move against {}.",
                    asked.name,
                    describe_duration(left),
                    opponent.name
                ));
                r.mention = vec![asked.clone()];
                r
            } else {
                continue;
            };
            // A reminder also goes to the player to move, by direct message, unless
            // they turned that off.
            let dm = (!next_clock.expiry_told)
                .then(|| self.reminder_dm(&live.rec, &asked, &opponent, left))
                .flatten();
            let mut next = live.clone();
            next.rec.clock = Some(next_clock);
            let mut w = Write::new();
            let expect = refresh::expected(&slot, next.rec.id);
            let written = w
                .game_checked(&next.rec, expect)
                .and_then(|()| self.store.commit(w));
            match written {
                Ok(()) => {
                    refresh::after_write(&mut slot, &next.rec, expect);
                    slot.live = Some(next);
                    out.push(TimedReply { channel, reply });
                    out.extend(dm.map(|reply| TimedReply { channel, reply }));
                }
                Err(e) => {
                    tracing::error!("store: {e}");
                    self.refresh(&mut slot, channel);
                }
            }
        }
        if let Err(e) = self.store.prune_keys(now.saturating_sub(KEY_RETENTION_MS)) {
            tracing::error!("store: {e}");
        }
        out
    }
}

impl Service {
    /// The direct-message copy of a reminder for `asked`, unless they turned such
    /// messages off.
    fn reminder_dm(
        &self,
        rec: &GameRecord,
        asked: &User,
        opponent: &User,
        left: u64,
    ) -> Option<Reply> {
        match self.store.dm_reminders_off(asked.id) {
            Ok(false) => Some(Reply::private(
                asked.clone(),
                format!(
                    "Reminder: {} left for your move against {} ({}, game {}). \
                     `/reminders dm:off` stops these messages.",
                    describe_duration(left),
                    opponent.name,
                    rec.variant.name(),
                    rec.id
                ),
            )),
            Ok(true) => None,
            Err(e) => {
                tracing::error!("store: {e}");
                None
            }
        }
    }

    /// `/reminders dm:on|off`: the invoker's reminders by direct message.
    pub(super) fn set_dm_reminders(&self, ctx: &Context, on: bool) -> Reply {
        let mut w = Write::new();
        w.dm_reminders(ctx.user.id, on);
        if let Err(e) = self.store.commit(w) {
            return store_failure(e);
        }
        Reply::invoker(if on {
            "Reminders will also come by direct message when your time to move runs short."
        } else {
            "No more reminders by direct message; the game's own place still gets them."
        })
    }
}

/// The clock after an answer: a follow-up question to the same side keeps the turn's
/// clock; a new side to move starts a new one.
pub(super) fn next_clock(
    rec: &GameRecord,
    game: &Game,
    old: Option<&TurnClock>,
    now: u64,
) -> Option<TurnClock> {
    let ask = game.ask()?;
    if let Some(old) = old {
        if old.side == ask.side {
            return Some(old.clone());
        }
    }
    // The computer never runs out of time.
    let computer = rec.computer.is_some_and(|c| c.side == ask.side);
    Some(TurnClock {
        side: ask.side,
        started_ms: now,
        deadline_ms: (rec.days > 0 && !computer).then(|| now + u64::from(rec.days) * DAY_MS),
        reminded: false,
        expiry_told: false,
    })
}

/// RULINGS Z6: plays the variant's timeout answer for `side`, whose turn's time has
/// run out.
pub(super) fn timeout_pass(live: &Live, side: Side, now: u64) -> Result<Change, Refusal> {
    let mut next = live.clone();
    let answer = live
        .rec
        .variant
        .timeout_answer()
        .ok_or("In this variant a turn whose time runs out does not pass.")?;
    let follow_up = live.game.ask().is_some_and(|a| a.question.continues_turn());
    let played = next.game.play(side, answer).map_err(|e| e.to_string())?;
    record_play(&mut next, side, follow_up, &played, now);
    let mut lines = vec![format!(
        "{}'s time ran out, so the turn passes with no action.",
        live.rec.player(side).name
    )];
    lines.extend(move_replies(played));
    commit_live(next, live.rec.clock.as_ref(), now, lines)
}
