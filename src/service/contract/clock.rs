//! Time for correspondence clocks, injectable so tests run in milliseconds; each
//! turn's clock (when it is due, what a new turn's clock is) and durations as players
//! read them.

use crate::i18n::Lang;
use crate::store::{GameRecord, TurnClock};
use crate::tr;
use crate::variants::{Game, VariantId};
use std::sync::atomic::{AtomicU64, Ordering};

pub const MINUTE_MS: u64 = 60_000;
pub const HOUR_MS: u64 = 60 * MINUTE_MS;
pub const DAY_MS: u64 = 24 * HOUR_MS;

/// A source of "now" in milliseconds since the Unix epoch.
pub trait Clock: Send + Sync {
    fn now_ms(&self) -> u64;
}

/// The machine's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> u64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0)
    }
}

/// A clock that moves only when told to (tests).
#[derive(Debug, Default)]
pub struct ManualClock {
    now: AtomicU64,
}

impl ManualClock {
    pub fn new(start_ms: u64) -> ManualClock {
        ManualClock {
            now: AtomicU64::new(start_ms),
        }
    }

    pub fn set(&self, ms: u64) {
        self.now.store(ms, Ordering::SeqCst);
    }

    pub fn advance(&self, ms: u64) {
        self.now.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> u64 {
        self.now.load(Ordering::SeqCst)
    }
}

/// What happens when a turn's time runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeoutPolicy {
    /// The opponent may `/claim` the win; until then the game waits.
    OpponentMayClaim,
    /// The turn ends with no action and play passes (RULINGS Z6): the service plays
    /// the variant's timeout answer for the player whose time ran out.
    PassTurn,
}

/// The timeout rule of a variant, as the variant declares it.
pub fn timeout_policy(variant: VariantId) -> TimeoutPolicy {
    match variant.timeout_answer() {
        Some(_) => TimeoutPolicy::PassTurn,
        None => TimeoutPolicy::OpponentMayClaim,
    }
}

/// When the clock of a game next needs a look: its reminder (a fifth of the time
/// left), then its deadline (a notice, or the timeout pass of the variants whose turn
/// passes). `None`: nothing will come due (no time limit, or all told).
pub(in crate::service) fn due_ms(rec: &GameRecord) -> Option<u64> {
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

/// The clock after an answer: a follow-up question to the same side keeps the turn's
/// clock; a new side to move starts a new one.
pub(in crate::service) fn next_clock(
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
pub(in crate::service) fn turn_days_end(rec: &GameRecord, clock: &TurnClock) -> Option<(u64, u64)> {
    let bank = rec.bank_ms?[clock.side.index()];
    clock.deadline_ms?;
    Some((clock.started_ms + u64::from(rec.days) * DAY_MS, bank))
}

/// A duration as players read it, in `lang`: `3 days 2 hours`, `5 hours 20 minutes`,
/// `1 minute`, or the words for under half a minute. Rounded to the nearest of its
/// last unit (a fresh 10-day clock reads `10 days`, not `9 days 23 hours`): days and
/// hours from 23½ hours on, hours and minutes from 59½ minutes on, else minutes
/// (ruling X-TIME-1).
pub(in crate::service) fn duration_in(lang: Lang, ms: u64) -> String {
    duration(lang, ms, false)
}

/// [`duration_in`] after "since" and "in" (the dative in German).
pub(in crate::service) fn duration_dative(lang: Lang, ms: u64) -> String {
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
