//! The daily puzzle of a server (issue 51) through the service, on the store backend
//! under test (sled, or PostgreSQL with `ARCANA_TEST_BACKEND=postgres`): off by default;
//! only moderators turn it on, choose its channel and hour, or turn it off; at the hour
//! one post a day, even when two processes tick at the same moment (on PostgreSQL two
//! services on one database, as two processes are; on sled, one process, two threads);
//! a first try that solves it counts, a second try does not; the next day's post names
//! the first solvers, or says that nobody solved it; an old day's Solve is refused.

#![allow(clippy::unwrap_used)]

use crate::support;
use support::site::{ctx_in, user};

use arcana::service::actions::{DailyChange, PuzzleAsk};
use arcana::service::api::{Audience, Context, Reply, ReplyKind, Request, TimedReply};
use arcana::service::clock::ManualClock;
use arcana::service::grammar::{to_request, Value, Values};
use arcana::service::{Service, ServiceConfig};
use arcana::store::Store;
use std::sync::{Arc, Barrier};

const SERVER: u64 = 7;
/// Where the moderators post it.
const PUZZLES: u64 = 600;
const HOUR_MS: u64 = 3_600_000;
const DAY_MS: u64 = 24 * HOUR_MS;
/// Midnight (UTC) of the first day of the tests.
const FIRST_DAY: u64 = 20_425;

fn ctx(name: &str) -> Context {
    ctx_in(name, PUZZLES, Some(SERVER))
}

/// Two services on one store, each as a process keeps it: on PostgreSQL two stores
/// opened on one database; on sled (one process only) the same service twice.
struct Two {
    clock: Arc<ManualClock>,
    first: Arc<Service>,
    second: Arc<Service>,
}

fn open(dir: &std::path::Path) -> Two {
    let clock = Arc::new(ManualClock::new(FIRST_DAY * DAY_MS));
    let url = support::backend::url(dir);
    let service = || {
        let store = Store::open_at(&url).unwrap();
        let config = ServiceConfig {
            seed: Some(3),
            ..ServiceConfig::default()
        };
        Arc::new(Service::new(store, clock.clone(), config).unwrap())
    };
    let first = service();
    let second = match support::backend::postgres() {
        true => service(),
        false => Arc::clone(&first),
    };
    Two {
        clock,
        first,
        second,
    }
}

fn daily_posts(timed: &[TimedReply]) -> Vec<&TimedReply> {
    timed
        .iter()
        .filter(|t| matches!(t.reply.kind, ReplyKind::DailyPuzzle { .. }))
        .collect()
}

/// Both services tick at the same moment; the daily posts of both.
fn tick_both(two: &Two) -> Vec<TimedReply> {
    let gate = Barrier::new(2);
    let (a, b) = std::thread::scope(|s| {
        let one = s.spawn(|| {
            gate.wait();
            two.first.tick()
        });
        let other = s.spawn(|| {
            gate.wait();
            two.second.tick()
        });
        (one.join().unwrap(), other.join().unwrap())
    });
    daily_posts(&a)
        .into_iter()
        .chain(daily_posts(&b))
        .cloned()
        .collect()
}

fn settings(s: &Service, who: &str, moderator: bool, change: DailyChange) -> Reply {
    let r = s.handle_as(&ctx(who), moderator, Request::ServerDaily(change));
    assert_eq!(r.len(), 1, "{r:?}");
    r[0].clone()
}

/// One refusal of one line, to the invoker alone; returns it.
fn refused(r: &[Reply]) -> String {
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0].kind, ReplyKind::Refusal, "accepted: {}", r[0].text);
    assert_eq!(r[0].to, Audience::Invoker);
    assert!(!r[0].text.contains('\n'), "one line: {}", r[0].text);
    r[0].text.clone()
}

fn turn_on(s: &Service, hour: u8) {
    let on = DailyChange {
        channel: Some(PUZZLES),
        hour: Some(hour),
        on: None,
    };
    let r = settings(s, "mod", true, on);
    assert_ne!(r.kind, ReplyKind::Refusal, "{}", r.text);
    assert!(r.text.contains(&format!("{hour:02}:00 UTC")), "{}", r.text);
}

/// The puzzle posted today in the server, by its id, and its solving line.
fn today(s: &Service) -> (u64, String, Vec<String>) {
    let daily = s.store().daily_puzzle(SERVER).unwrap().value.unwrap();
    let t = daily.today.unwrap();
    let p = s.store().puzzle(&t.puzzle).unwrap().value.unwrap();
    (t.day, t.puzzle, p.line)
}

fn press_solve(s: &Service, who: &str, day: u64) -> Vec<Reply> {
    let ask = PuzzleAsk {
        daily: Some(day),
        ..PuzzleAsk::default()
    };
    s.handle(&ctx(who), Request::Puzzle(ask))
}

fn answer(s: &Service, who: &str, text: &str) -> Reply {
    let ask = PuzzleAsk {
        answer: Some(text.to_string()),
        ..PuzzleAsk::default()
    };
    let r = s.handle(&ctx(who), Request::Puzzle(ask));
    assert_eq!(r.len(), 1, "{r:?}");
    r[0].clone()
}

/// `who` answers the open puzzle with its line (the solver's steps); the last reply.
fn solve(s: &Service, who: &str, line: &[String]) -> Reply {
    let mut last = None;
    for step in line.iter().step_by(2) {
        let r = answer(s, who, step);
        assert_ne!(r.kind, ReplyKind::Refusal, "{}", r.text);
        last = Some(r);
    }
    last.unwrap()
}

#[test]
fn off_by_default_and_only_moderators_set_it() {
    let dir = tempfile::tempdir().unwrap();
    let two = open(dir.path());
    let s = &two.first;
    // Off: no post at any hour.
    for hour in 0..24 {
        two.clock.set(FIRST_DAY * DAY_MS + hour * HOUR_MS);
        assert!(tick_both(&two).is_empty(), "a post while off at {hour}:00");
    }
    // A player who does not moderate is refused in one line; nothing changes.
    let on = DailyChange {
        channel: Some(PUZZLES),
        hour: Some(10),
        on: None,
    };
    let r = s.handle_as(&ctx("alice"), false, Request::ServerDaily(on));
    assert!(refused(&r).contains("moderators"), "{r:?}");
    assert_eq!(s.store().daily_puzzle(SERVER).unwrap().value, None);
    // Outside a server: refused too.
    let mut outside = ctx("mod");
    outside.server = None;
    let r = s.handle_as(&outside, true, Request::ServerDaily(on));
    refused(&r);
    // A moderator: on, in that channel, at that hour.
    let r = settings(s, "mod", true, on);
    assert_eq!(r.to, Audience::Invoker);
    assert!(
        r.text.contains(&format!("{{#{PUZZLES}}}")) && r.text.contains("10:00 UTC"),
        "{}",
        r.text
    );
    // Then off: `puzzle-daily:off`; no post at the hour.
    let off = DailyChange {
        on: Some(false),
        ..DailyChange::default()
    };
    let r = settings(s, "mod", true, off);
    assert!(r.text.contains("off"), "{}", r.text);
    two.clock.set(FIRST_DAY * DAY_MS + 11 * HOUR_MS);
    assert!(tick_both(&two).is_empty());
    // On again without a channel: the channel set before.
    let r = settings(
        s,
        "mod",
        true,
        DailyChange {
            on: Some(true),
            ..DailyChange::default()
        },
    );
    assert!(r.text.contains(&format!("{{#{PUZZLES}}}")), "{}", r.text);
}

#[test]
fn the_settings_options_read_as_the_daily_change() {
    let mut values = Values::new();
    values.insert("puzzle-channel".into(), Value::Channel(PUZZLES));
    values.insert("puzzle-hour".into(), Value::Integer(9));
    assert_eq!(
        to_request("settings", &values, None),
        Ok(Request::ServerDaily(DailyChange {
            channel: Some(PUZZLES),
            hour: Some(9),
            on: None,
        }))
    );
    values.insert("puzzle-hour".into(), Value::Integer(24));
    let why = to_request("settings", &values, None).unwrap_err();
    assert!(why.contains("puzzle-hour") && why.contains("23"), "{why}");
    // Typed: a channel mention.
    let typed = arcana::service::command::parse_command(
        "/settings puzzle-channel:<#600> puzzle-daily:on",
        &|n| user(n),
    );
    assert_eq!(
        typed,
        Ok(Some(Request::ServerDaily(DailyChange {
            channel: Some(PUZZLES),
            hour: None,
            on: Some(true),
        })))
    );
    let typed =
        arcana::service::command::parse_command("/settings puzzle-channel:general", &|n| user(n));
    let why = typed.unwrap_err();
    assert!(why.contains("general") && !why.contains('\n'), "{why}");
}

#[test]
fn one_post_a_day_across_two_processes() {
    let dir = tempfile::tempdir().unwrap();
    let two = open(dir.path());
    turn_on(&two.first, 10);
    let mut seen = Vec::new();
    for d in 0..6 {
        let midnight = (FIRST_DAY + d) * DAY_MS;
        two.clock.set(midnight + 10 * HOUR_MS - 1);
        assert!(tick_both(&two).is_empty(), "posted before the hour");
        two.clock.set(midnight + 10 * HOUR_MS);
        let posts = tick_both(&two);
        assert_eq!(posts.len(), 1, "day {d}: {posts:?}");
        let post = &posts[0];
        assert_eq!(post.channel, PUZZLES);
        assert_eq!(post.reply.to, Audience::Channel);
        assert_eq!(
            post.reply.kind,
            ReplyKind::DailyPuzzle { day: FIRST_DAY + d }
        );
        assert!(post.reply.image.is_some(), "the board");
        assert!(
            post.reply.text.contains("Daily puzzle"),
            "{}",
            post.reply.text
        );
        // Later that day, no more.
        two.clock.set(midnight + 20 * HOUR_MS);
        assert!(tick_both(&two).is_empty(), "a second post on day {d}");
        let (_, id, _) = today(&two.first);
        assert!(!seen.contains(&id), "{id} posted twice");
        seen.push(id);
    }
}

#[test]
fn the_first_solvers_are_named_the_next_day() {
    let dir = tempfile::tempdir().unwrap();
    let two = open(dir.path());
    let s = &two.first;
    turn_on(s, 8);
    two.clock.set(FIRST_DAY * DAY_MS + 9 * HOUR_MS);
    assert_eq!(tick_both(&two).len(), 1);
    let (day, id, line) = today(s);

    // Alice solves it on her first try: counted.
    let r = press_solve(s, "alice", day);
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0].to, Audience::Invoker);
    assert!(
        r[0].text.contains(&id) && r[0].image.is_some(),
        "{}",
        r[0].text
    );
    assert!(solve(s, "alice", &line).text.contains("Solved"));
    // Bob opens it, leaves it for another puzzle, and comes back: his second try does
    // not count.
    press_solve(s, "bob", day);
    let other = s.handle(&ctx("bob"), Request::Puzzle(PuzzleAsk::default()));
    assert!(!other[0].text.contains(&id), "{}", other[0].text);
    let again = press_solve(s, "bob", day);
    assert!(again[0].text.contains("already"), "{}", again[0].text);
    assert!(solve(s, "bob", &line).text.contains("Solved"));
    // Alice again: not counted twice.
    press_solve(s, "alice", day);
    solve(s, "alice", &line);
    let record = s.store().daily_puzzle(SERVER).unwrap().value.unwrap();
    let t = record.today.unwrap();
    assert_eq!(t.solved, 1, "{t:?}");
    assert_eq!(t.first.len(), 1);
    assert_eq!(t.first[0].name, "alice");

    // The next day names her; the day after says nobody solved that one.
    two.clock.set((FIRST_DAY + 1) * DAY_MS + 8 * HOUR_MS);
    let posts = tick_both(&two);
    assert_eq!(posts.len(), 1);
    let text = &posts[0].reply.text;
    assert!(
        text.contains(&id) && text.contains("alice") && text.contains("one player"),
        "{text}"
    );
    // Yesterday's Solve is over: refused in one line, nothing opened.
    let r = press_solve(s, "carol", day);
    assert!(refused(&r).contains("over"), "{r:?}");
    assert_eq!(
        s.store().puzzle_book(user("carol").id).unwrap().value.open,
        None
    );
    two.clock.set((FIRST_DAY + 2) * DAY_MS + 8 * HOUR_MS);
    let posts = tick_both(&two);
    assert_eq!(posts.len(), 1);
    assert!(
        posts[0].reply.text.contains("Nobody solved"),
        "{}",
        posts[0].reply.text
    );
}

#[test]
fn two_solvers_at_once_are_both_counted() {
    let dir = tempfile::tempdir().unwrap();
    let two = open(dir.path());
    turn_on(&two.first, 0);
    two.clock.set(FIRST_DAY * DAY_MS + HOUR_MS);
    assert_eq!(tick_both(&two).len(), 1);
    let (day, _, line) = today(&two.first);
    press_solve(&two.first, "dave", day);
    press_solve(&two.second, "erin", day);
    // Each solves all but the last step, then both send the last at once.
    let steps: Vec<String> = line.iter().step_by(2).cloned().collect();
    let (last, before) = steps.split_last().unwrap();
    for step in before {
        answer(&two.first, "dave", step);
        answer(&two.second, "erin", step);
    }
    let gate = Barrier::new(2);
    let (a, b) = std::thread::scope(|sc| {
        let one = sc.spawn(|| {
            gate.wait();
            answer(&two.first, "dave", last)
        });
        let other = sc.spawn(|| {
            gate.wait();
            answer(&two.second, "erin", last)
        });
        (one.join().unwrap(), other.join().unwrap())
    });
    assert!(
        a.text.contains("Solved") && b.text.contains("Solved"),
        "{a:?} {b:?}"
    );
    let t = two
        .first
        .store()
        .daily_puzzle(SERVER)
        .unwrap()
        .value
        .unwrap()
        .today
        .unwrap();
    assert_eq!(t.solved, 2, "{t:?}");
}

#[test]
fn a_daily_record_written_over_a_stale_read_is_a_conflict() {
    let dir = tempfile::tempdir().unwrap();
    let two = open(dir.path());
    let store = two.first.store();
    let stale = store.daily_puzzle(SERVER).unwrap();
    assert_eq!(stale.value, None);
    let mut first = arcana::store::Write::new();
    let on = arcana::store::DailyPuzzle {
        on: true,
        channel: Some(PUZZLES),
        hour: 10,
        ..Default::default()
    };
    first.daily_puzzle(SERVER, &stale, &on).unwrap();
    store.commit(first).expect("the first write lands");
    let mut second = arcana::store::Write::new();
    let other = arcana::store::DailyPuzzle {
        hour: 3,
        ..on.clone()
    };
    second.daily_puzzle(SERVER, &stale, &other).unwrap();
    let err = store.commit(second).expect_err("a stale read");
    assert!(
        matches!(err, arcana::store::StoreError::Conflict { .. }),
        "{err}"
    );
    assert_eq!(store.daily_puzzle(SERVER).unwrap().value, Some(on));
    assert_eq!(store.daily_servers().unwrap(), vec![SERVER]);
}
