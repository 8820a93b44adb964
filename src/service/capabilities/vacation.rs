//! Vacations (`/vacation on|off`): a yearly allowance of whole days per player. While
//! a player is on vacation the clocks of their turns stand still in every game that
//! allows it; each opponent is told once in the game's place; the opponent may still
//! move (the new turn's clock starts stopped). The vacation ends when its player says
//! so or when the allowance is spent (the minute tick reads only the vacations due
//! then), and the clocks run again with the time they had (ruling X-CORR-7).
//!
//! Owns the vacation rules. May import the service's own modules and `store`.

use crate::i18n::Lang;
use crate::service::contract::api::{Audience, Context, Reply, TimedReply, User};
use crate::service::contract::clock::duration_dative;
use crate::service::contract::clock::DAY_MS;
use crate::service::plumbing::commit::Origin;
use crate::service::plumbing::plan::{Durability, Put};
use crate::service::{lock, store_failure, Change, Service};
use crate::store::{GameRecord, Vacation};
use crate::tr;

/// The calendar year (UTC) of a time.
fn year_of(ms: u64) -> i32 {
    crate::service::formats::pgn::date_of(ms)
        .get(..4)
        .and_then(|y| y.parse().ok())
        .unwrap_or(1970)
}

/// Whole days counted for a vacation from `since` to `now`: a day begun counts once
/// more than an hour of it has passed, and a vacation counts at least one (a day and
/// a few minutes count one day; ruling X-CORR-7).
fn days_used(since: u64, now: u64) -> u32 {
    let over = now
        .saturating_sub(since)
        .saturating_sub(crate::service::contract::clock::HOUR_MS);
    let days = over.div_ceil(DAY_MS).max(1);
    u32::try_from(days).unwrap_or(u32::MAX)
}

impl Service {
    /// `user`'s vacation as stored, its yearly count started again in a new year.
    fn vacation_now(&self, user: u64, now: u64) -> Result<(Vacation, Vacation), Box<Reply>> {
        let stored = self
            .store
            .vacation(user)
            .map_err(|e| Box::new(store_failure(e)))?;
        let mut v = stored.clone();
        let year = year_of(now);
        if v.year != year && v.since_ms.is_none() {
            v.year = year;
            v.used_days = 0;
        }
        Ok((stored, v))
    }

    /// `/vacation`, `/vacation on`, `/vacation off`.
    pub(in crate::service) fn vacation(&self, ctx: &Context, on: Option<bool>) -> Vec<Reply> {
        let now = self.clock.now_ms();
        let (stored, v) = match self.vacation_now(ctx.user.id, now) {
            Ok(v) => v,
            Err(r) => return vec![*r],
        };
        match on {
            None => vec![Reply::invoker(self.vacation_status(&v, now, ctx.lang))],
            Some(on) => self.vacation_switch(ctx, &stored, v, on, now),
        }
    }

    /// What `/vacation` alone says of `v`.
    fn vacation_status(&self, v: &Vacation, now: u64, lang: Lang) -> String {
        let allowance = self.vacation_days;
        match v.since_ms {
            Some(since) => tr!(
                lang,
                "vacation-status-on",
                since = duration_dative(lang, now.saturating_sub(since)),
                until = duration_dative(lang, v.until_ms.unwrap_or(now).saturating_sub(now)),
                allowance = allowance
            ),
            None => tr!(
                lang,
                "vacation-status-off",
                left = allowance.saturating_sub(v.used_days),
                used = v.used_days,
                allowance = allowance
            ),
        }
    }

    /// `/vacation on` (`on`) or `off`: the record changed as asked, then the record and
    /// the intent in one commit, then every game.
    fn vacation_switch(
        &self,
        ctx: &Context,
        stored: &Vacation,
        mut v: Vacation,
        on: bool,
        now: u64,
    ) -> Vec<Reply> {
        let lang = ctx.lang;
        let switched = if on {
            self.going_away(&mut v, now, lang)
        } else {
            self.coming_back(&mut v, now, lang)
        };
        let switched = match switched {
            Ok(s) => s,
            Err(refusal) => return vec![Reply::refusal(refusal)],
        };
        if let Err(e) = self.record_vacation(ctx.user.id, stored, &v, now) {
            return vec![store_failure(e)];
        }
        let mut away = self.settle(&ctx.user, on, now, true);
        let text = switched_text(switched, &away, lang);
        away.replies.insert(0, Reply::invoker(text));
        away.replies
    }

    /// `/vacation on` on the record `v`: away from now for the days left.
    fn going_away(&self, v: &mut Vacation, now: u64, lang: Lang) -> Result<Switched, String> {
        let allowance = self.vacation_days;
        let left = allowance.saturating_sub(v.used_days);
        if v.since_ms.is_some() {
            return Err(tr!(lang, "vacation-already-on"));
        }
        if left == 0 {
            return Err(tr!(lang, "vacation-none-left", allowance = allowance));
        }
        v.since_ms = Some(now);
        v.until_ms = Some(now + u64::from(left) * DAY_MS);
        Ok(Switched::On { left })
    }

    /// `/vacation off` on the record `v`: the days away counted.
    fn coming_back(&self, v: &mut Vacation, now: u64, lang: Lang) -> Result<Switched, String> {
        let Some(since) = v.since_ms else {
            return Err(tr!(lang, "vacation-not-on"));
        };
        let allowance = self.vacation_days;
        let used = days_used(since, now);
        v.used_days = v.used_days.saturating_add(used).min(allowance);
        v.since_ms = None;
        v.until_ms = None;
        v.year = year_of(now);
        let left = allowance.saturating_sub(v.used_days);
        Ok(Switched::Off { used, left })
    }

    /// Commits `user`'s vacation record `v` (replacing `stored`) together with the
    /// intent that their games follow it (finished by [`Service::settle`], or after a
    /// crash by the tick).
    fn record_vacation(
        &self,
        user: u64,
        stored: &Vacation,
        v: &Vacation,
        now: u64,
    ) -> Result<(), crate::store::StoreError> {
        let puts = vec![
            Put::Vacation {
                user,
                read: stored.clone(),
                next: v.clone(),
            },
            Put::VacationUnsettled {
                user,
                since: Some(now),
            },
        ];
        self.write(puts, Durability::Flushed)
    }

    /// Carries `user`'s vacation (`away`, asked at `at`) into every game, and forgets
    /// the intent once every game follows it.
    fn settle(&self, user: &User, away: bool, at: u64, actor: bool) -> Away {
        let done = self.set_away(user, away, at, actor);
        if done.complete {
            let settled = Put::VacationUnsettled {
                user: user.id,
                since: None,
            };
            if let Err(e) = self.write(vec![settled], Durability::Flushed) {
                tracing::error!("store: {e}");
            }
        }
        done
    }

    /// Finishes the vacations whose games do not all follow them yet (a process
    /// stopped between the record and the games): start-up's first tick and every
    /// tick after it.
    pub(in crate::service) fn settle_vacations(&self) -> Vec<TimedReply> {
        let unsettled = match self.store.vacations_unsettled() {
            Ok(u) => u,
            Err(e) => {
                tracing::error!("store: {e}");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for (user, at) in unsettled {
            let Ok(v) = self.store.vacation(user) else {
                continue;
            };
            let who = User {
                id: user,
                name: String::new(),
            };
            let done = self.settle(&who, v.since_ms.is_some(), at, false);
            out.extend(to_places(done.replies).0);
        }
        out
    }

    /// Ends the vacations whose allowance is spent by now (the minute tick): clocks
    /// run again, each player told by direct message.
    pub(in crate::service) fn end_spent_vacations(&self, now: u64) -> Vec<TimedReply> {
        let users = match self.store.vacations_ending(now) {
            Ok(u) => u,
            Err(e) => {
                tracing::error!("store: {e}");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for user in users {
            let Ok((stored, mut v)) = self.vacation_now(user, now) else {
                continue;
            };
            v.used_days = self.vacation_days;
            v.since_ms = None;
            v.until_ms = None;
            if let Err(e) = self.record_vacation(user, &stored, &v, now) {
                tracing::error!("store: {e}");
                continue;
            }
            let who = User {
                id: user,
                name: String::new(),
            };
            let done = self.settle(&who, false, now, false);
            // Told in the language of the first game's place (the server's).
            let lang = done.replies.first().map_or(Lang::En, |r| r.lang);
            let (told, first_place) = to_places(done.replies);
            out.extend(told);
            out.push(TimedReply {
                channel: first_place.unwrap_or(0),
                reply: Reply::private(who, tr!(lang, "vacation-spent", days = self.vacation_days))
                    .in_lang(lang),
            });
        }
        out
    }

    /// Marks `user` away (or back) in each of their active games as of `at`, stopping
    /// (or starting again) the clocks of their turns; each game's place is told once.
    fn set_away(&self, user: &User, away: bool, at: u64, actor: bool) -> Away {
        let mut done = Away::default();
        let listings = match self.store.listings_of_user(user.id) {
            Ok(l) => l,
            Err(e) => {
                tracing::error!("store: {e}");
                return done;
            }
        };
        done.complete = true;
        for l in listings {
            let mut settled = false;
            for _ in 0..crate::service::plumbing::refresh::RETRIES {
                match self.set_away_in(user, away, at, actor, l.channel, l.id) {
                    Ok(Some(Marked::Kept)) => done.kept.push(l.id),
                    Ok(Some(Marked::Changed(rs))) => {
                        done.changed += 1;
                        done.replies.extend(rs);
                    }
                    Ok(None) => {}
                    Err(crate::service::plumbing::commit::Unwritten::Conflict) => continue,
                    Err(_) => break,
                }
                settled = true;
                break;
            }
            done.complete &= settled;
        }
        done
    }

    /// One game of [`Service::set_away`]: `None` when it already agrees or is not
    /// `user`'s game here.
    fn set_away_in(
        &self,
        user: &User,
        away: bool,
        at: u64,
        actor: bool,
        channel: u64,
        game: u64,
    ) -> Result<Option<Marked>, crate::service::plumbing::commit::Unwritten> {
        let slot = self.loaded(channel);
        let mut slot = lock(&slot);
        let Some(live) = slot.live.as_ref().filter(|live| live.rec.id == game) else {
            return Ok(None);
        };
        let Some(side) = live.rec.side_of(user.id) else {
            return Ok(None);
        };
        if live.rec.no_vacation {
            return Ok(away.then_some(Marked::Kept));
        }
        if live.rec.away[side.index()] == away {
            return Ok(None);
        }
        let mut next = live.clone();
        next.rec.away[side.index()] = away;
        let r = self.away_line(&mut next.rec, side, away, at);
        let change = Change {
            replies: vec![r],
            live: Some(next),
            ..Change::default()
        };
        let origin = Origin {
            channel,
            actor: actor.then_some(user),
            key: None,
            lang: None,
            server: None,
        };
        let now = self.clock.now_ms();
        let rs = self.commit_change(&mut slot, &origin, change, now)?;
        Ok(Some(Marked::Changed(
            rs.into_iter()
                .map(|r| Reply {
                    to: Audience::Place(channel),
                    ..r
                })
                .collect(),
        )))
    }

    /// Stops (or starts again) `side`'s clock in `rec` as of `at`, and says so in the
    /// game's place, in the server's language.
    fn away_line(
        &self,
        rec: &mut GameRecord,
        side: crate::core::Side,
        away: bool,
        at: u64,
    ) -> Reply {
        let name = rec.player(side).name.clone();
        let lang = self.game_lang(rec);
        let line = if away {
            stop_clock(rec, side, at);
            tr!(lang, "vacation-away", name = name)
        } else {
            start_clock(rec, side, at);
            let now = self.clock.now_ms();
            match crate::service::reads::queries::time_left_line(rec, now)
                .filter(|_| rec.clock.as_ref().is_some_and(|c| c.side == side))
            {
                Some(time) => tr!(lang, "vacation-back-time", name = name, time = time),
                None => tr!(lang, "vacation-back", name = name),
            }
        };
        let mut r = Reply::channel(line);
        r.mention = vec![rec.player(side.other()).clone()];
        r
    }
}

/// What carrying a vacation into a player's games did: the replies for the places,
/// how many games changed, the games that keep their clock (no vacations there), and
/// whether every game now follows the vacation.
#[derive(Default)]
struct Away {
    replies: Vec<Reply>,
    changed: usize,
    kept: Vec<u64>,
    complete: bool,
}

/// One game's part of [`Away`].
enum Marked {
    Kept,
    Changed(Vec<Reply>),
}

/// Replies for games' places as timed replies in those places, and the first place.
fn to_places(replies: Vec<Reply>) -> (Vec<TimedReply>, Option<u64>) {
    let mut first_place = None;
    let mut out = Vec::new();
    for r in replies {
        let Audience::Place(channel) = r.to else {
            continue;
        };
        first_place.get_or_insert(channel);
        out.push(TimedReply {
            channel,
            reply: Reply {
                to: Audience::Channel,
                ..r
            },
        });
    }
    (out, first_place)
}

/// Stops the clock of `side`'s turn, if it is theirs and has not run out.
/// A turn started after `now` (the opponent moved since the vacation was asked for)
/// stands from its start.
fn stop_clock(rec: &mut GameRecord, side: crate::core::Side, now: u64) {
    if let Some(c) = rec.clock.as_mut().filter(|c| c.side == side) {
        let now = now.max(c.started_ms);
        let running = c.deadline_ms.is_some_and(|d| now < d);
        if running && c.paused_ms.is_none() {
            c.paused_ms = Some(now);
        }
    }
}

/// Starts again the clock of `side`'s turn: its start and deadline move on by the
/// time it stood.
pub(in crate::service) fn start_clock(rec: &mut GameRecord, side: crate::core::Side, now: u64) {
    if let Some(c) = rec.clock.as_mut().filter(|c| c.side == side) {
        if let Some(p) = c.paused_ms.take() {
            let stood = now.saturating_sub(p);
            c.started_ms = c.started_ms.saturating_add(stood);
            c.deadline_ms = c.deadline_ms.map(|d| d.saturating_add(stood));
        }
    }
}

/// What `/vacation on` or `off` changed in the record.
enum Switched {
    /// Away for the `left` days.
    On { left: u32 },
    /// Back after `used` days, `left` left.
    Off { used: u32, left: u32 },
}

/// What the player who switched reads: the days, and the games their vacation stopped
/// or could not stop (`away`).
fn switched_text(switched: Switched, away: &Away, lang: Lang) -> String {
    match switched {
        Switched::On { left } if away.kept.is_empty() => {
            tr!(lang, "vacation-on", left = left, stopped = away.changed)
        }
        Switched::On { left } => {
            let games: Vec<String> = away
                .kept
                .iter()
                .map(|id| tr!(lang, "vacation-kept-game", id = id.to_string()))
                .collect();
            tr!(
                lang,
                "vacation-on-kept",
                left = left,
                stopped = away.changed,
                kept = away.kept.len(),
                games = games.join(", ")
            )
        }
        Switched::Off { used, left } => {
            tr!(lang, "vacation-back-invoker", used = used, left = left)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{days_used, DAY_MS};
    use crate::service::contract::clock::{HOUR_MS, MINUTE_MS};

    // ruling X-CORR-7: a day begun counts once more than an hour of it has passed.
    #[test]
    fn vacation_days_count_a_day_begun_after_its_first_hour() {
        assert_eq!(days_used(0, 30_000), 1, "at least one");
        assert_eq!(days_used(0, DAY_MS + 30_000), 1, "a day and seconds");
        assert_eq!(days_used(0, DAY_MS + 59 * MINUTE_MS), 1);
        assert_eq!(days_used(0, DAY_MS + 2 * HOUR_MS), 2);
        assert_eq!(days_used(0, 3 * DAY_MS), 3);
    }
}
