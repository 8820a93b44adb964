//! The daily puzzle of a server (issue 51): its moderators choose a channel
//! (`/settings puzzle-channel:#...`, off by default) and an hour; each day from that
//! hour (UTC) on, the tick posts one puzzle there (of a game played in the server when
//! there is one, else of a game played there, else any public one; never one posted
//! there before), with a thread for the discussion, and names the first solvers of the
//! day before. Posting is a checked write of the server's record, so two processes
//! post a day's puzzle once. A player answers it privately (the post's Solve button);
//! only their first try of the day counts for it.
//!
//! Owns the daily puzzle's rules. May import the service's own modules and `store`.

use super::bank::{refusal, to_puzzle};
use super::shown::broken;
use super::{Planned, Service};
use crate::core::view::Viewer;
use crate::i18n::Lang;
use crate::puzzles::solve::at_step;
use crate::service::contract::actions::DailyChange;
use crate::service::contract::api::{place, Context, Reply, ReplyKind, TimedReply};
use crate::service::contract::clock::{DAY_MS, HOUR_MS};
use crate::service::plumbing::plan::{Durability, Put};
use crate::service::plumbing::refresh;
use crate::service::store_failure;
use crate::store::{
    Checked, DailyDay, DailyPuzzle, DailyRef, Solver, StoreError, StoredPuzzle, DAILY_NAMED,
};
use crate::tr;
use std::collections::BTreeSet;

/// The hour (UTC) a daily puzzle is posted at unless its moderators choose another.
pub const DEFAULT_HOUR: u8 = 12;
/// How many finished games of a server are looked through for its puzzles.
const GAMES_LOOKED_AT: usize = 5000;

/// The day (days since 1970-01-01, UTC) of a time.
fn day_of(ms: u64) -> u64 {
    ms / DAY_MS
}

/// A day as the posts write it: `2026-12-03`.
fn date_text(day: u64) -> String {
    crate::service::formats::pgn::date_of(day * DAY_MS).replace('.', "-")
}

/// A stable shuffle key of a puzzle for a server's day (no generator is drawn from).
fn shuffle_key(server: u64, day: u64, id: &str) -> u64 {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(format!("{server}/{day}/{id}").as_bytes());
    digest
        .iter()
        .take(8)
        .fold(0u64, |n, b| (n << 8) | u64::from(*b))
}

/// The day's puzzle of a server: among the public puzzles of games this build plays
/// that were not posted there before, one of a game played in the server, else one of
/// a game (variant) played there, else any; picked by a stable hash of the server, the
/// day and the puzzle (no generator is drawn from).
fn choose_daily<'a>(
    server: u64,
    day: u64,
    daily: &DailyPuzzle,
    all: &'a [StoredPuzzle],
    games: &BTreeSet<u64>,
    variants: &BTreeSet<String>,
) -> Option<&'a StoredPuzzle> {
    let playable: Vec<&str> = crate::variants::VariantId::available()
        .iter()
        .map(|v| v.id())
        .collect();
    let fresh = |p: &&StoredPuzzle| {
        p.owner.is_none() && playable.contains(&p.variant.as_str()) && !daily.posted.contains(&p.id)
    };
    let of_here = |p: &&StoredPuzzle| {
        p.source
            .strip_prefix("game ")
            .and_then(|g| g.parse::<u64>().ok())
            .is_some_and(|g| games.contains(&g))
    };
    let played_here = |p: &&StoredPuzzle| variants.contains(&p.variant);
    let tiers: [&dyn Fn(&&StoredPuzzle) -> bool; 3] = [&of_here, &played_here, &|_| true];
    tiers.iter().find_map(|tier| {
        all.iter()
            .filter(fresh)
            .filter(|p| tier(p))
            .min_by_key(|p| shuffle_key(server, day, &p.id))
    })
}

impl Service {
    /// `/settings puzzle-channel|puzzle-hour|puzzle-daily`: a server's daily puzzle,
    /// for its moderators.
    pub(in crate::service) fn server_daily(
        &self,
        ctx: &Context,
        moderator: bool,
        change: DailyChange,
    ) -> Reply {
        let lang = ctx.lang;
        let Some(server) = ctx.server else {
            return Reply::refusal(tr!(lang, "settings-server-only"));
        };
        if !moderator {
            return Reply::refusal(tr!(lang, "settings-moderators-only"));
        }
        for _ in 0..=refresh::RETRIES {
            let read = match self.store.daily_puzzle(server) {
                Ok(r) => r,
                Err(e) => return store_failure(e),
            };
            let mut next = read.value.clone().unwrap_or(DailyPuzzle {
                hour: DEFAULT_HOUR,
                ..DailyPuzzle::default()
            });
            // A channel named turns it on there (unless `puzzle-daily:off` comes with
            // it); on without a channel: where it was, else here.
            if let Some(channel) = change.channel {
                next.channel = Some(channel);
                next.on = true;
            }
            match change.on {
                Some(true) => {
                    next.on = true;
                    next.channel = next.channel.or(Some(ctx.channel));
                }
                Some(false) => next.on = false,
                None => {}
            }
            next.hour = change.hour.unwrap_or(next.hour);
            let put = daily_put(server, read, next.clone());
            match self.write(vec![put], Durability::Flushed) {
                Ok(()) => return Reply::invoker(daily_shown(&next, lang)),
                Err(StoreError::Conflict { .. }) => continue,
                Err(e) => return store_failure(e),
            }
        }
        Reply::refusal(tr!(lang, "puzzle-busy"))
    }

    /// The daily puzzles due now (the minute tick), each posted once.
    pub(in crate::service) fn post_daily_puzzles(&self, now: u64) -> Vec<TimedReply> {
        let servers = match self.store.daily_servers() {
            Ok(s) => s,
            Err(e) => {
                tracing::error!("store: daily puzzles: {e}");
                return Vec::new();
            }
        };
        servers
            .into_iter()
            .filter_map(|server| self.post_daily(server, now))
            .collect()
    }

    /// `server`'s puzzle of the day, when it is due and not posted yet: taken in the
    /// store first (a conflict: another process posted it), then posted.
    fn post_daily(&self, server: u64, now: u64) -> Option<TimedReply> {
        let read = self.store.daily_puzzle(server).ok()?;
        let daily = read.value.clone().filter(|d| d.on)?;
        let channel = daily.channel?;
        let day = day_of(now);
        let posted = daily.today.as_ref().is_some_and(|t| t.day >= day);
        if posted || now < day * DAY_MS + u64::from(daily.hour) * HOUR_MS {
            return None;
        }
        let all = self.store.puzzles().ok()?;
        let (games, variants) = self.games_of_server(server).ok()?;
        let Some(chosen) = choose_daily(server, day, &daily, &all, &games, &variants) else {
            tracing::warn!("daily puzzle of server {server}: no puzzle left to post");
            return None;
        };
        let mut next = daily.clone();
        next.yesterday = next.today.take();
        next.today = Some(DailyDay {
            day,
            puzzle: chosen.id.clone(),
            ..DailyDay::default()
        });
        next.posted.push(chosen.id.clone());
        if let Err(e) = self.write(
            vec![daily_put(server, read, next.clone())],
            Durability::Flushed,
        ) {
            tracing::debug!("daily puzzle of server {server}: {e}");
            return None;
        }
        let reply = self.daily_post(server, channel, &next, chosen)?;
        Some(TimedReply { channel, reply })
    }

    /// The games played in `server` (finished ones) and the games (variants) played
    /// there, finished or not.
    fn games_of_server(
        &self,
        server: u64,
    ) -> Result<(BTreeSet<u64>, BTreeSet<String>), StoreError> {
        let past = self
            .store
            .results_of_server(Some(server), GAMES_LOOKED_AT, |_| true)?;
        let active = self.store.listings_of_server(Some(server))?;
        let games = past.iter().map(|g| g.id).collect();
        let variants = past
            .iter()
            .map(|g| g.variant)
            .chain(active.iter().map(|l| l.variant))
            .map(|v| v.id().to_string())
            .collect();
        Ok((games, variants))
    }

    /// The post of a day's puzzle: the question from the solver's side (the public
    /// view in a game with secrets), yesterday's solvers, the discussion's thread.
    fn daily_post(
        &self,
        server: u64,
        channel: u64,
        daily: &DailyPuzzle,
        chosen: &StoredPuzzle,
    ) -> Option<Reply> {
        let lang = self.server_lang(Some(server));
        let today = daily.today.as_ref()?;
        let puzzle = to_puzzle(chosen, lang).ok()?;
        let at = at_step(&puzzle, 0).ok()?;
        let game = crate::variants::VariantId::parse(&chosen.variant)
            .map(|v| v.name_in(lang))
            .unwrap_or_else(|| chosen.variant.clone());
        let date = date_text(today.day);
        let mut lines = vec![tr!(
            lang,
            "puzzle-daily-title",
            date = date.clone(),
            game = game,
            side = crate::variants::side_name(at.solver, lang),
            rating = chosen.glicko.rating.round() as i64
        )];
        if let Some(last) = &at.last {
            lines.push(tr!(lang, "puzzle-last-move", answer = last.clone()));
        }
        lines.push(tr!(lang, "puzzle-daily-how"));
        if let Some(y) = &daily.yesterday {
            lines.push(yesterday_line(y, lang));
        }
        let title = tr!(lang, "puzzle-daily-thread", date = date);
        match self.places.open_place_in(channel, &title, None, lang) {
            // A front end without threads answers with the channel itself.
            Ok(thread) if thread != channel => {
                lines.push(tr!(lang, "puzzle-daily-discuss", thread = place(thread)))
            }
            Ok(_) => {}
            Err(why) => tracing::warn!("daily puzzle of server {server}: no thread: {why}"),
        }
        let secrets = crate::core::Side::BOTH
            .iter()
            .any(|s| at.game.secret(*s).is_some());
        let viewer = match secrets {
            true => Viewer::Public,
            false => Viewer::Player(at.solver),
        };
        Some(
            Reply {
                kind: ReplyKind::DailyPuzzle { day: today.day },
                image: Some(at.game.view_in(viewer, lang)),
                ..Reply::channel(lines.join("\n"))
            }
            .in_lang(lang),
        )
    }

    /// Opens the invoker's try at the day's puzzle of the server (`day`: the post's);
    /// their first try of the day counts for it, a later one is an ordinary puzzle.
    pub(super) fn plan_show_daily(&self, ctx: &Context, day: u64) -> Planned {
        let lang = ctx.lang;
        let server = ctx.server.ok_or_else(|| tr!(lang, "puzzle-daily-over"))?;
        let read = self.store.daily_puzzle(server).map_err(refusal(lang))?;
        let today = read
            .value
            .as_ref()
            .and_then(|d| d.today.clone())
            .filter(|t| t.day == day)
            .ok_or_else(|| tr!(lang, "puzzle-daily-over"))?;
        let first_try = !today.tried.contains(&ctx.user.id);
        let daily = first_try.then_some(DailyRef { server, day });
        let chosen = self
            .store
            .puzzle(&today.puzzle)
            .map_err(refusal(lang))?
            .value
            .ok_or_else(|| broken(lang, &today.puzzle))?;
        let book = self.store.puzzle_book(ctx.user.id).map_err(refusal(lang))?;
        let (mut replies, mut puts) = self.show_chosen(ctx, book, &chosen, daily)?;
        if first_try {
            let mut next = read.value.clone().unwrap_or_default();
            if let Some(t) = next.today.as_mut() {
                t.tried.push(ctx.user.id);
            }
            puts.push(daily_put(server, read, next));
        } else if let Some(r) = replies.first_mut() {
            r.text = format!("{}\n{}", tr!(lang, "puzzle-daily-tried"), r.text);
        }
        Ok((replies, puts))
    }

    /// The write counting a solver of a day's puzzle (`None`: it no longer counts).
    pub(super) fn daily_solved(&self, r: DailyRef, solver: &Solver) -> Option<Put> {
        let read = self.store.daily_puzzle(r.server).ok()?;
        let mut next = read.value.clone()?;
        let day = [next.today.as_mut(), next.yesterday.as_mut()]
            .into_iter()
            .flatten()
            .find(|d| d.day == r.day)?;
        if day.first.iter().any(|s| s.id == solver.id) {
            return None;
        }
        day.solved += 1;
        if day.first.len() < DAILY_NAMED {
            day.first.push(solver.clone());
        }
        Some(daily_put(r.server, read, next))
    }
}

/// The daily puzzle's write, checked against `read`.
fn daily_put(server: u64, read: Checked<Option<DailyPuzzle>>, next: DailyPuzzle) -> Put {
    Put::DailyPuzzle {
        server,
        read: Box::new(read),
        next: Box::new(next),
    }
}

/// What a server's daily puzzle setting is now, in `lang`.
fn daily_shown(daily: &DailyPuzzle, lang: Lang) -> String {
    let hour = format!("{:02}:00", daily.hour);
    match (daily.on, daily.channel) {
        (true, Some(channel)) => tr!(
            lang,
            "puzzle-daily-on",
            channel = place(channel),
            hour = hour
        ),
        _ => tr!(lang, "puzzle-daily-off", hour = hour),
    }
}

/// Who solved the day before's puzzle, in `lang`.
fn yesterday_line(y: &DailyDay, lang: Lang) -> String {
    if y.solved == 0 {
        return tr!(
            lang,
            "puzzle-daily-yesterday-none",
            id = y.puzzle.clone(),
            date = date_text(y.day)
        );
    }
    let names: Vec<&str> = y.first.iter().map(|s| s.name.as_str()).collect();
    tr!(
        lang,
        "puzzle-daily-yesterday",
        id = y.puzzle.clone(),
        date = date_text(y.day),
        count = y.solved,
        names = names.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(id: &str, variant: &str, source: &str, owner: Option<u64>) -> StoredPuzzle {
        StoredPuzzle {
            id: id.to_string(),
            variant: variant.to_string(),
            position: String::new(),
            line: Vec::new(),
            themes: Vec::new(),
            source: source.to_string(),
            glicko: crate::ratings::Glicko::default(),
            attempts: 0,
            solved: 0,
            owner,
            played: None,
        }
    }

    #[test]
    fn days_and_dates() {
        assert_eq!(day_of(DAY_MS * 3 + 5), 3);
        assert_eq!(date_text(0), "1970-01-01");
        assert_eq!(date_text(20_425), "2025-12-03");
    }

    /// A puzzle of a game played in the server first, then one of a game (variant)
    /// played there, then any; never an own puzzle, a game this build lacks, or one
    /// posted before.
    #[test]
    fn the_choice_prefers_the_servers_games_and_never_repeats() {
        let all = vec![
            puzzle("a1", "standard", "self-play standard 1/0", None),
            puzzle("b2", "wand", "self-play wand 1/0", None),
            puzzle("c3", "standard", "game 42", None),
            puzzle("d4", "standard", "game 42", Some(9)),
            puzzle("e5", "no-such-game", "game 42", None),
        ];
        let games = BTreeSet::from([42]);
        let wand = BTreeSet::from(["wand".to_string()]);
        let mut daily = DailyPuzzle::default();
        let pick = |d: &DailyPuzzle, g: &BTreeSet<u64>, v: &BTreeSet<String>| {
            choose_daily(1, 100, d, &all, g, v).map(|p| p.id.clone())
        };
        assert_eq!(pick(&daily, &games, &wand).as_deref(), Some("c3"));
        daily.posted.push("c3".to_string());
        assert_eq!(pick(&daily, &games, &wand).as_deref(), Some("b2"));
        daily.posted.push("b2".to_string());
        assert_eq!(pick(&daily, &games, &wand).as_deref(), Some("a1"));
        daily.posted.push("a1".to_string());
        assert_eq!(pick(&daily, &games, &wand), None, "nothing is posted twice");
    }
}
