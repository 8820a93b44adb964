//! Time passing: each turn's clock, reminders, expiries and timeout passes.

use super::api::{Context, Reply, TimedReply, User};
use super::clock::{timeout_policy, TimeoutPolicy, DAY_MS, HOUR_MS, MINUTE_MS};
use super::turns::{commit_live, finish, move_replies, player_game, record_play};
use super::{lock, store_failure, Change, Live, Refusal, Service, Slot, KEY_RETENTION_MS};
use crate::core::Side;
use crate::i18n::Lang;
use crate::store::{ActionKind, GameRecord, TurnClock, Write};
use crate::tr;
use crate::variants::Game;

use super::commit::{Origin, Unwritten};

impl Service {
    /// Time passing: reminders when a fifth of the time remains, a notice when it has
    /// run out, notices about games needing attention. Each is sent once (stored).
    /// Only the games whose clock entry is due are loaded (see [`due_ms`]).
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
            match self.expire_challenges(&mut slot, channel, now) {
                Ok(replies) => out.extend(
                    replies
                        .into_iter()
                        .map(|reply| TimedReply { channel, reply }),
                ),
                Err(e) => tracing::error!("store: {e}"),
            }
        }
        out.extend(self.settle_vacations());
        out.extend(self.end_spent_vacations(now));
        out.extend(self.advance_events(now));
        out.extend(self.send_digests(now));
        match self.store.due(now) {
            Ok(entries) => {
                for (due, id, channel) in entries {
                    out.extend(self.due_game(due, id, channel, now));
                }
            }
            Err(e) => tracing::error!("store: {e}"),
        }
        // A Swiss round whose last game was lost on time just now starts at once.
        out.extend(self.advance_ended_rounds_at(now));
        self.evict_idle(now);
        if let Err(e) = self.store.prune_keys(now.saturating_sub(KEY_RETENTION_MS)) {
            tracing::error!("store: {e}");
        }
        out
    }

    /// Looks at game `id` in `channel`, whose clock entry says `due`: a game that has
    /// moved on since drops the entry, a game that cannot be loaded is reported once.
    fn due_game(&self, due: u64, id: u64, channel: u64, now: u64) -> Vec<TimedReply> {
        let slot = self.loaded(channel);
        let mut slot = lock(&slot);
        if slot.unreadable {
            // A passing store failure: the entry stays, looked at again next tick.
            return Vec::new();
        }
        let here = slot.stored.is_some_and(|(s, _)| s == id);
        let broken = slot.broken.clone().filter(|_| here);
        let current = slot
            .live
            .as_ref()
            .filter(|l| l.rec.id == id)
            .and_then(|l| due_ms(&l.rec));
        if broken.is_some() || current != Some(due) {
            let mut w = Write::new();
            w.undue(due, id);
            if let Err(e) = self.store.commit_lazy(w) {
                tracing::error!("store: {e}");
            }
            return broken
                .map(|msg| TimedReply {
                    channel,
                    reply: Reply::channel(msg),
                })
                .into_iter()
                .collect();
        }
        self.look_at_clock(channel, &mut slot, now)
    }

    /// The clock of the game in `slot`: a timeout pass, the notice that time ran out,
    /// or the reminder, whichever is due now, written through the one commit path.
    fn look_at_clock(&self, channel: u64, slot: &mut Slot, now: u64) -> Vec<TimedReply> {
        let Some(change) = self.clock_change(slot, channel, now) else {
            return Vec::new();
        };
        let at = Origin {
            channel,
            actor: None,
            key: None,
            lang: None,
            server: None,
        };
        match self.commit_change(slot, &at, change, now) {
            Ok(replies) => replies
                .into_iter()
                .map(|reply| TimedReply { channel, reply })
                .collect(),
            Err(e) => {
                match e {
                    Unwritten::Conflict => tracing::warn!("channel {channel}: game moved on"),
                    Unwritten::Store(e) | Unwritten::Unknown(e) => tracing::error!("store: {e}"),
                }
                // Another process moved: the next look starts from its state.
                self.refresh(slot, channel);
                Vec::new()
            }
        }
    }

    /// What the clock of the game in `slot` asks for now, if anything.
    fn clock_change(&self, slot: &Slot, channel: u64, now: u64) -> Option<Change> {
        let live = slot.live.as_ref()?;
        let clock = live.rec.clock.as_ref().filter(|c| c.paused_ms.is_none())?;
        let deadline = clock.deadline_ms?;
        let ask = live.game.ask()?;
        // Time passing speaks the language of the game's server.
        let lang = self.server_lang(live.rec.server);
        if now >= deadline && timeout_policy(live.rec.variant) == TimeoutPolicy::PassTurn {
            let mut live = live.clone();
            live.lang = lang;
            // RULINGS Z6: the turn ends with no action; the record gets the pass.
            return timeout_pass(&live, ask.side, now)
                .map_err(|e| tracing::error!("channel {channel}: timeout pass refused: {e}"))
                .ok()
                .filter(|c| c.live.is_some());
        }
        let asked = live.rec.player(ask.side).clone();
        let opponent = live.rec.player(ask.side.other()).clone();
        let total = deadline.saturating_sub(clock.started_ms);
        let left = deadline.saturating_sub(now);
        let mut next_clock = clock.clone();
        let reply = if now >= deadline {
            if clock.expiry_told {
                return None;
            }
            next_clock.expiry_told = true;
            next_clock.reminded = true;
            let mut r = Reply::channel(tr!(
                lang,
                "timeout-expired",
                name = asked.name.as_str(),
                opponent = opponent.name.as_str()
            ));
            r.mention = vec![opponent.clone()];
            r
        } else if !clock.reminded && left.saturating_mul(5) <= total {
            next_clock.reminded = true;
            let mut r = Reply::channel(tr!(
                lang,
                "timeout-reminder",
                name = asked.name.as_str(),
                left = duration_in(lang, left),
                opponent = opponent.name.as_str()
            ));
            r.mention = vec![asked.clone()];
            r
        } else {
            return None;
        };
        // A reminder also goes to the player to move, by direct message, unless
        // they turned that off.
        let dm = (!next_clock.expiry_told)
            .then(|| self.reminder_dm(&live.rec, &asked, &opponent, left, lang))
            .flatten();
        let mut next = live.clone();
        next.rec.clock = Some(next_clock);
        Some(Change {
            replies: std::iter::once(reply).chain(dm).collect(),
            live: Some(next),
            ..Change::default()
        })
    }
}

/// When the clock of a game next needs a look: its reminder (a fifth of the time
/// left), then its deadline (a notice, or the timeout pass of the variants whose turn
/// passes). `None`: nothing will come due (no time limit, or all told).
pub(super) fn due_ms(rec: &GameRecord) -> Option<u64> {
    if rec.finished {
        return None;
    }
    let clock = rec.clock.as_ref()?;
    let deadline = clock.deadline_ms?;
    if clock.paused_ms.is_some() {
        // Stopped for a vacation: nothing comes due until it runs again.
        return None;
    }
    if !clock.reminded {
        let total = deadline.saturating_sub(clock.started_ms);
        return Some(deadline - total / 5);
    }
    (timeout_policy(rec.variant) == TimeoutPolicy::PassTurn || !clock.expiry_told)
        .then_some(deadline)
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
        lang: Lang,
    ) -> Option<Reply> {
        match self.store.dm_reminders_off(asked.id) {
            Ok(false) => Some(Reply::private(
                asked.clone(),
                tr!(
                    lang,
                    "timeout-reminder-dm",
                    left = duration_in(lang, left),
                    opponent = opponent.name.as_str(),
                    variant = rec.variant.name_in(lang),
                    game = rec.id.to_string()
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
            tr!(ctx.lang, "reminders-dm-on")
        } else {
            tr!(ctx.lang, "reminders-dm-off")
        })
    }
}

/// The clock after an answer: a follow-up question to the same side keeps the turn's
/// clock; a new side to move starts a new one.
pub(super) fn next_clock(
    rec: &mut GameRecord,
    game: &Game,
    old: Option<&TurnClock>,
    now: u64,
) -> Option<TurnClock> {
    let ask = game.ask();
    if let Some(old) = old {
        if ask.as_ref().is_some_and(|a| a.side == old.side) {
            return Some(old.clone());
        }
        // The turn that ends took what ran past its days from its player's bank.
        charge_bank(rec, old, now);
    }
    let ask = ask?;
    // The computer never runs out of time.
    let computer = rec.computer.is_some_and(|c| c.side == ask.side);
    let bank = rec.bank_ms.map_or(0, |b| b[ask.side.index()]);
    let deadline_ms =
        (rec.days > 0 && !computer).then(|| now + u64::from(rec.days) * DAY_MS + bank);
    // A player on vacation: their new turn's clock starts stopped (X-CORR-7).
    let away = rec.away[ask.side.index()] && !rec.no_vacation;
    Some(TurnClock {
        side: ask.side,
        started_ms: now,
        deadline_ms,
        reminded: false,
        expiry_told: false,
        paused_ms: (away && deadline_ms.is_some()).then_some(now),
    })
}

/// Takes from the bank of the player whose turn `old` was the time that turn ran past
/// its days (a game without a bank has nothing to take).
fn charge_bank(rec: &mut GameRecord, old: &TurnClock, now: u64) {
    let days = u64::from(rec.days) * DAY_MS;
    if let Some(bank) = rec.bank_ms.as_mut() {
        let over = now.saturating_sub(old.started_ms.saturating_add(days));
        let left = &mut bank[old.side.index()];
        *left = left.saturating_sub(over);
    }
}

/// When the days of the turn `clock` times run out, and how much of its player's bank
/// is left after them (`None`: the game has no bank or no time limit).
pub(super) fn turn_days_end(rec: &GameRecord, clock: &TurnClock) -> Option<(u64, u64)> {
    let bank = rec.bank_ms?[clock.side.index()];
    clock.deadline_ms?;
    Some((clock.started_ms + u64::from(rec.days) * DAY_MS, bank))
}

/// RULINGS Z6: plays the variant's timeout answer for `side`, whose turn's time has
/// run out.
pub(super) fn timeout_pass(live: &Live, side: Side, now: u64) -> Result<Change, Refusal> {
    let mut next = live.clone();
    let answer = live
        .rec
        .variant
        .timeout_answer()
        .ok_or_else(|| tr!(live.lang, "timeout-no-pass"))?;
    let follow_up = live.game.ask().is_some_and(|a| a.question.continues_turn());
    let played = next.game.play(side, answer).map_err(|e| e.to_string())?;
    record_play(&mut next, side, follow_up, &played, now);
    let mut lines = vec![tr!(
        live.lang,
        "timeout-passed",
        name = live.rec.player(side).name.as_str()
    )];
    lines.extend(move_replies(played, live.lang));
    commit_live(next, live.rec.clock.as_ref(), now, lines)
}

/// `/claim`: the win on time, once the opponent's time to move has run out (in the
/// variants where a turn does not simply pass).
pub(super) fn claim(slot: &Slot, ctx: &Context, now: u64) -> Result<Change, Refusal> {
    let lang = ctx.lang;
    let (live, side) = player_game(slot, ctx)?;
    let ask = live
        .game
        .ask()
        .ok_or_else(|| crate::tr!(ctx.lang, "refusal-game-over"))?;
    if ask.side == side {
        return Err(tr!(lang, "claim-not-now"));
    }
    let deadline = live
        .rec
        .clock
        .as_ref()
        .and_then(|c| c.deadline_ms)
        .ok_or_else(|| tr!(lang, "claim-no-limit"))?;
    if live
        .rec
        .clock
        .as_ref()
        .is_some_and(|c| c.paused_ms.is_some())
    {
        return Err(tr!(
            lang,
            "claim-on-vacation",
            name = live.rec.player(ask.side).name.as_str()
        ));
    }
    if now < deadline {
        return Err(tr!(
            lang,
            "claim-too-early",
            name = live.rec.player(ask.side).name.as_str(),
            left = duration_in(lang, deadline - now)
        ));
    }
    match timeout_policy(live.rec.variant) {
        TimeoutPolicy::OpponentMayClaim => finish(live, ActionKind::TimeoutClaim { side }, now),
        TimeoutPolicy::PassTurn => Err(tr!(lang, "claim-turn-passes")),
    }
}

/// A duration as players read it, in `lang`: `3 days 2 hours`, `5 hours 20 minutes`,
/// `1 minute`, or the words for under half a minute. Rounded to the nearest of its
/// last unit (a fresh 10-day clock reads `10 days`, not `9 days 23 hours`): days and
/// hours from 23½ hours on, hours and minutes from 59½ minutes on, else minutes
/// (ruling X-TIME-1).
pub(super) fn duration_in(lang: Lang, ms: u64) -> String {
    duration(lang, ms, false)
}

/// [`duration_in`] after "since" and "in" (the dative in German).
pub(super) fn duration_dative(lang: Lang, ms: u64) -> String {
    duration(lang, ms, true)
}

fn duration(lang: Lang, ms: u64, dative: bool) -> String {
    let (big, small) = if ms >= DAY_MS - HOUR_MS / 2 {
        let hours = (ms + HOUR_MS / 2) / HOUR_MS;
        let days = hours / 24;
        let d = if dative {
            tr!(lang, "play-days-dative", n = days)
        } else {
            tr!(lang, "play-days", n = days)
        };
        (
            d,
            (!hours.is_multiple_of(24)).then(|| tr!(lang, "play-hours", n = hours % 24)),
        )
    } else if ms >= HOUR_MS - MINUTE_MS / 2 {
        let minutes = (ms + MINUTE_MS / 2) / MINUTE_MS;
        let h = tr!(lang, "play-hours", n = minutes / 60);
        (
            h,
            (!minutes.is_multiple_of(60)).then(|| tr!(lang, "play-minutes", n = minutes % 60)),
        )
    } else if ms >= MINUTE_MS / 2 {
        let minutes = (ms + MINUTE_MS / 2) / MINUTE_MS;
        (tr!(lang, "play-minutes", n = minutes), None)
    } else if dative {
        (tr!(lang, "play-under-a-minute-dative"), None)
    } else {
        (tr!(lang, "play-under-a-minute"), None)
    };
    match small {
        Some(small) => format!("{big} {small}"),
        None => big,
    }
}

#[cfg(test)]
mod tests {
    use super::{duration_dative, duration_in, DAY_MS, HOUR_MS, MINUTE_MS};
    use crate::i18n::Lang;

    // ruling X-TIME-1: durations round to the nearest of their last unit.
    #[test]
    fn durations_round_as_a_person_reads_them() {
        let en = |ms| duration_in(Lang::En, ms);
        assert_eq!(en(10 * DAY_MS - 2_000), "10 days");
        assert_eq!(en(10 * DAY_MS - 40 * MINUTE_MS), "9 days 23 hours");
        assert_eq!(en(DAY_MS + 5_000), "1 day");
        assert_eq!(en(DAY_MS - 10 * MINUTE_MS), "1 day");
        assert_eq!(en(DAY_MS - 2 * HOUR_MS), "22 hours");
        assert_eq!(
            en(5 * HOUR_MS + 20 * MINUTE_MS + 10_000),
            "5 hours 20 minutes"
        );
        assert_eq!(en(HOUR_MS - 10_000), "1 hour");
        assert_eq!(en(90_000), "2 minutes");
        assert_eq!(en(40_000), "1 minute");
        assert_eq!(en(5_000), crate::tr!(Lang::En, "play-under-a-minute"));
        let under = duration_dative(Lang::De, 5_000);
        assert_eq!(under, crate::tr!(Lang::De, "play-under-a-minute-dative"));
        assert_ne!(under, crate::tr!(Lang::De, "play-under-a-minute"));
        assert_eq!(duration_dative(Lang::De, 3 * DAY_MS), "3 Tagen");
    }
}
