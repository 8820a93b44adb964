//! Time passing: each turn's clock, reminders, expiries and timeout passes.

use crate::core::Side;
use crate::i18n::Lang;
use crate::service::capabilities::turns::{
    commit_live, finish, move_replies, player_game, record_play,
};
use crate::service::contract::api::{Context, Reply, TimedReply, User};
use crate::service::contract::clock::{due_ms, duration_in, timeout_policy, TimeoutPolicy};
use crate::service::plumbing::plan::{Durability, Put};
use crate::service::{lock, store_failure, Change, Live, Refusal, Service, Slot, KEY_RETENTION_MS};
use crate::store::{ActionKind, GameRecord};
use crate::tr;

use crate::service::plumbing::commit::{Origin, Unwritten};

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
        out.extend(self.expire_all_challenges(now));
        out.extend(self.settle_vacations());
        out.extend(self.end_spent_vacations(now));
        out.extend(self.advance_events(now));
        out.extend(self.send_digests(now));
        out.extend(self.post_daily_puzzles(now));
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
        if let Err(e) = crate::service::plumbing::writer::prune_keys(
            &self.store,
            now.saturating_sub(KEY_RETENTION_MS),
        ) {
            tracing::error!("store: {e}");
        }
        out
    }

    /// Expires the pending challenges of every channel in memory whose time is up.
    fn expire_all_challenges(&self, now: u64) -> Vec<TimedReply> {
        let mut out = Vec::new();
        for (channel, slot) in self.slots() {
            let mut slot = lock(&slot);
            if slot.challenges.is_empty() && slot.settled.is_empty() {
                continue;
            }
            match self.expire_challenges(&mut slot, channel, now) {
                Ok(replies) => out.extend(
                    replies
                        .into_iter()
                        .map(|reply| TimedReply { channel, reply }),
                ),
                Err(e) => tracing::error!("store: {e}"),
            }
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
            let undue = Put::Undue { due, game: id };
            if let Err(e) = self.write(vec![undue], Durability::Lazy) {
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
        let at = Origin::time(channel);
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

    /// What the clock of the game in `slot` asks for now, if anything. Time passing
    /// speaks the language of the game's server (outside servers, its players': by a
    /// pair of DMs, each their own).
    fn clock_change(&self, slot: &Slot, channel: u64, now: u64) -> Option<Change> {
        let rec = &slot.live.as_ref()?.rec;
        let lang = self.game_lang(rec);
        let mut change = self.clock_change_in(slot, channel, now, lang)?;
        let readers = self.readers(rec, lang);
        Service::for_each_reader(&readers, lang, &mut change.replies, |l| {
            self.clock_change_in(slot, channel, now, l)
                .map(|c| c.replies)
        });
        Some(change)
    }

    /// [`Service::clock_change`], written in `lang`.
    fn clock_change_in(&self, slot: &Slot, channel: u64, now: u64, lang: Lang) -> Option<Change> {
        let live = slot.live.as_ref()?;
        let clock = live.rec.clock.as_ref().filter(|c| c.paused_ms.is_none())?;
        let deadline = clock.deadline_ms?;
        let ask = live.game.ask()?;
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
    pub(in crate::service) fn set_dm_reminders(&self, ctx: &Context, on: bool) -> Reply {
        let put = Put::DmReminders {
            user: ctx.user.id,
            on,
        };
        if let Err(e) = self.write(vec![put], Durability::Flushed) {
            return store_failure(e);
        }
        // Outside servers (issue 50) a chat takes no reminder: they still come by DM.
        let outside = self.place_kind(ctx.channel) != crate::model::PlaceKind::Server;
        Reply::invoker(match (on, outside) {
            (true, _) => tr!(ctx.lang, "reminders-dm-on"),
            (false, false) => tr!(ctx.lang, "reminders-dm-off"),
            (false, true) => tr!(ctx.lang, "reminders-dm-off-outside"),
        })
    }
}

/// RULINGS Z6: plays the variant's timeout answer for `side`, whose turn's time has
/// run out.
pub(in crate::service) fn timeout_pass(
    live: &Live,
    side: Side,
    now: u64,
) -> Result<Change, Refusal> {
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
pub(in crate::service) fn claim(slot: &Slot, ctx: &Context, now: u64) -> Result<Change, Refusal> {
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
