//! Vacations (`/vacation on|off`): a yearly allowance of whole days per player. While
//! a player is on vacation the clocks of their turns stand still in every game that
//! allows it; each opponent is told once in the game's place; the opponent may still
//! move (the new turn's clock starts stopped). The vacation ends when its player says
//! so or when the allowance is spent (the minute tick reads only the vacations due
//! then), and the clocks run again with the time they had (ruling X-CORR-7).
//!
//! Owns the vacation rules. May import the service's own modules and `store`.

use super::api::{Audience, Context, Reply, TimedReply, User};
use super::clock::DAY_MS;
use super::commit::Origin;
use super::timeouts::duration_dative;
use super::{lock, store_failure, Change, Service};
use crate::i18n::Lang;
use crate::store::{GameRecord, Vacation, Write};
use crate::tr;

/// The calendar year (UTC) of a time.
fn year_of(ms: u64) -> i32 {
    super::pgn::date_of(ms)
        .get(..4)
        .and_then(|y| y.parse().ok())
        .unwrap_or(1970)
}

/// Whole days counted for a vacation from `since` to `now`: at least one.
fn days_used(since: u64, now: u64) -> u32 {
    let days = now.saturating_sub(since).div_ceil(DAY_MS).max(1);
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
    pub(super) fn vacation(&self, ctx: &Context, on: Option<bool>) -> Vec<Reply> {
        let now = self.clock.now_ms();
        let user = ctx.user.id;
        let (stored, mut v) = match self.vacation_now(user, now) {
            Ok(v) => v,
            Err(r) => return vec![*r],
        };
        let allowance = self.vacation_days;
        let left = allowance.saturating_sub(v.used_days);
        let lang = ctx.lang;
        match on {
            None => vec![Reply::invoker(match v.since_ms {
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
                    left = left,
                    used = v.used_days,
                    allowance = allowance
                ),
            })],
            Some(true) => {
                if v.since_ms.is_some() {
                    return vec![Reply::refusal(tr!(lang, "vacation-already-on"))];
                }
                if left == 0 {
                    return vec![Reply::refusal(tr!(
                        lang,
                        "vacation-none-left",
                        allowance = allowance
                    ))];
                }
                v.since_ms = Some(now);
                v.until_ms = Some(now + u64::from(left) * DAY_MS);
                let mut w = Write::new();
                if let Err(e) = w
                    .vacation(user, &stored, &v)
                    .and_then(|()| self.store.commit(w))
                {
                    return vec![store_failure(e)];
                }
                let (mut replies, stopped, kept) = self.set_away(&ctx.user, true, now, true);
                let text = if kept.is_empty() {
                    tr!(lang, "vacation-on", left = left, stopped = stopped)
                } else {
                    let games: Vec<String> = kept
                        .iter()
                        .map(|id| tr!(lang, "vacation-kept-game", id = id.to_string()))
                        .collect();
                    tr!(
                        lang,
                        "vacation-on-kept",
                        left = left,
                        stopped = stopped,
                        kept = kept.len(),
                        games = games.join(", ")
                    )
                };
                replies.insert(0, Reply::invoker(text));
                replies
            }
            Some(false) => {
                let Some(since) = v.since_ms else {
                    return vec![Reply::refusal(tr!(lang, "vacation-not-on"))];
                };
                let used = days_used(since, now);
                v.used_days = v.used_days.saturating_add(used).min(allowance);
                v.since_ms = None;
                v.until_ms = None;
                v.year = year_of(now);
                let mut w = Write::new();
                if let Err(e) = w
                    .vacation(user, &stored, &v)
                    .and_then(|()| self.store.commit(w))
                {
                    return vec![store_failure(e)];
                }
                let (mut replies, _, _) = self.set_away(&ctx.user, false, now, true);
                let left = allowance.saturating_sub(v.used_days);
                replies.insert(
                    0,
                    Reply::invoker(tr!(lang, "vacation-back-invoker", used = used, left = left)),
                );
                replies
            }
        }
    }

    /// Ends the vacations whose allowance is spent by now (the minute tick): clocks
    /// run again, each player told by direct message.
    pub(super) fn end_spent_vacations(&self, now: u64) -> Vec<TimedReply> {
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
            let mut w = Write::new();
            if let Err(e) = w
                .vacation(user, &stored, &v)
                .and_then(|()| self.store.commit(w))
            {
                tracing::error!("store: {e}");
                continue;
            }
            let who = User {
                id: user,
                name: String::new(),
            };
            let (replies, _, _) = self.set_away(&who, false, now, false);
            // Told in the language of the first game's place (the server's).
            let lang = replies.first().map_or(Lang::En, |r| r.lang);
            let mut first_place = None;
            for r in replies {
                let channel = match r.to {
                    Audience::Place(c) => c,
                    _ => continue,
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
            out.push(TimedReply {
                channel: first_place.unwrap_or(0),
                reply: Reply::private(who, tr!(lang, "vacation-spent", days = self.vacation_days))
                    .in_lang(lang),
            });
        }
        out
    }

    /// Marks `user` away (or back) in each of their active games, stopping (or
    /// starting again) the clocks of their turns; each game's place is told once.
    /// Returns the replies for the places, how many games changed, and the games
    /// that keep their clock (no vacations there).
    fn set_away(
        &self,
        user: &User,
        away: bool,
        now: u64,
        actor: bool,
    ) -> (Vec<Reply>, usize, Vec<u64>) {
        let listings = match self.store.listings_of_user(user.id) {
            Ok(l) => l,
            Err(e) => {
                tracing::error!("store: {e}");
                return (Vec::new(), 0, Vec::new());
            }
        };
        let mut replies = Vec::new();
        let mut changed = 0;
        let mut kept = Vec::new();
        for l in listings {
            for _ in 0..super::refresh::RETRIES {
                let slot = self.loaded(l.channel);
                let mut slot = lock(&slot);
                let Some(live) = slot.live.as_ref().filter(|live| live.rec.id == l.id) else {
                    break;
                };
                let Some(side) = live.rec.side_of(user.id) else {
                    break;
                };
                if live.rec.no_vacation {
                    if away {
                        kept.push(live.rec.id);
                    }
                    break;
                }
                if live.rec.away[side.index()] == away {
                    break;
                }
                let mut next = live.clone();
                next.rec.away[side.index()] = away;
                let name = next.rec.player(side).name.clone();
                // The game's place reads it: the server's language.
                let lang = self.server_lang(next.rec.server);
                let line = if away {
                    stop_clock(&mut next.rec, side, now);
                    tr!(lang, "vacation-away", name = name)
                } else {
                    start_clock(&mut next.rec, side, now);
                    match super::queries::time_left_line(&next.rec, now)
                        .filter(|_| next.rec.clock.as_ref().is_some_and(|c| c.side == side))
                    {
                        Some(time) => tr!(lang, "vacation-back-time", name = name, time = time),
                        None => tr!(lang, "vacation-back", name = name),
                    }
                };
                let mut r = Reply::channel(line);
                r.mention = vec![next.rec.player(side.other()).clone()];
                let change = Change {
                    replies: vec![r],
                    live: Some(next),
                    ..Change::default()
                };
                let at = Origin {
                    channel: l.channel,
                    actor: actor.then_some(user),
                    key: None,
                    lang: None,
                    server: None,
                };
                match self.commit_change(&mut slot, &at, change, now) {
                    Ok(rs) => {
                        changed += 1;
                        replies.extend(rs.into_iter().map(|r| Reply {
                            to: Audience::Place(l.channel),
                            ..r
                        }));
                        break;
                    }
                    Err(super::commit::Unwritten::Conflict) => continue,
                    Err(_) => break,
                }
            }
        }
        (replies, changed, kept)
    }
}

/// Stops the clock of `side`'s turn, if it is theirs and has not run out.
fn stop_clock(rec: &mut GameRecord, side: crate::core::Side, now: u64) {
    if let Some(c) = rec.clock.as_mut().filter(|c| c.side == side) {
        let running = c.deadline_ms.is_some_and(|d| now < d);
        if running && c.paused_ms.is_none() {
            c.paused_ms = Some(now);
        }
    }
}

/// Starts again the clock of `side`'s turn: its start and deadline move on by the
/// time it stood.
pub(super) fn start_clock(rec: &mut GameRecord, side: crate::core::Side, now: u64) {
    if let Some(c) = rec.clock.as_mut().filter(|c| c.side == side) {
        if let Some(p) = c.paused_ms.take() {
            let stood = now.saturating_sub(p);
            c.started_ms = c.started_ms.saturating_add(stood);
            c.deadline_ms = c.deadline_ms.map(|d| d.saturating_add(stood));
        }
    }
}
