//! Tournaments through the service (issue 26): a 5-player round robin and a 7-player
//! Swiss played to the end, with a withdrawal, a loss on time, a rated event, a restart
//! mid-event and bad input.

// Test code (and the shared test support): a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::common;
use crate::support;

use arcana::service::api::{
    Audience, Context, DrawAction, Places, Reply, ReplyKind, Request, User,
};
use arcana::service::clock::{ManualClock, DAY_MS};
use arcana::service::tournament::{EventTerms, TournamentAction};
use arcana::service::{Service, ServiceConfig};
use arcana::store::{EventFormat, Store};
use arcana::variants::{Options, VariantId};
use common::{user, START_MS};
use std::sync::{Arc, Mutex};

const CH: u64 = 4_000;

/// Threads as a chat service opens them, each remembered with its title.
#[derive(Default)]
struct Threads(Mutex<Vec<(u64, String)>>, u64);

impl Places for Threads {
    fn mention(&self, _server: Option<u64>, _channel: u64) -> Option<String> {
        None
    }
    fn site(&self, _server: Option<u64>, _channel: u64) -> Option<String> {
        None
    }
    fn open_place(&self, _channel: u64, title: &str, _anchor: Option<u64>) -> Result<u64, String> {
        // Opening a thread takes Discord a moment: callers racing to open one meet.
        std::thread::sleep(std::time::Duration::from_millis(5));
        let mut t = self.0.lock().expect("lock");
        let id = 90_000 + self.1 + t.len() as u64;
        t.push((id, title.to_string()));
        Ok(id)
    }
}

impl Threads {
    fn find(&self, title: &str) -> Option<u64> {
        let t = self.0.lock().expect("lock");
        t.iter().find(|(_, n)| n == title).map(|(id, _)| *id)
    }
    fn titles(&self) -> Vec<String> {
        self.0
            .lock()
            .expect("lock")
            .iter()
            .map(|(_, n)| n.clone())
            .collect()
    }
}

fn service(store: Store, clock: &Arc<ManualClock>, places: &Arc<Threads>) -> Service {
    Service::new(
        store,
        clock.clone(),
        ServiceConfig {
            seed: Some(3),
            ..ServiceConfig::default()
        },
    )
    .expect("service")
    .with_places(places.clone())
}

fn ctx(name: &str, channel: u64) -> Context {
    common::ctx(name, channel)
}

fn tour(s: &Service, who: &str, action: TournamentAction) -> Vec<Reply> {
    s.handle_as(
        &ctx(who, CH),
        who == "org",
        Request::Tournament {
            action,
            event: None,
        },
    )
}

use common::{accepted as ok, refusal_line as refused};

fn standings(s: &Service) -> String {
    ok(tour(s, "org", TournamentAction::Standings))[0]
        .text
        .clone()
}

fn terms(name: &str, variant: VariantId, format: EventFormat, rated: bool) -> EventTerms {
    EventTerms {
        name: name.to_string(),
        variant,
        options: Options::new(),
        format,
        days: 3,
        bank_days: 0,
        rated,
        vacation: false,
        limit: 0,
        start_in_ms: None,
    }
}

fn req(s: &Service, who: &str, place: u64, r: Request) -> Vec<Reply> {
    s.handle(&ctx(who, place), r)
}

fn text_of(r: &[Reply]) -> String {
    r.iter()
        .map(|r| r.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Ends the game of `white` and `black` in `round`: `result` 1 (White wins), 0 (Black
/// wins) or a draw (anything else).
fn finish(
    s: &Service,
    t: &Threads,
    event: &str,
    round: u32,
    white: &str,
    black: &str,
    result: u8,
) -> Vec<Reply> {
    let title = format!("{event} · round {round} · {white} vs {black}");
    let place = t
        .find(&title)
        .unwrap_or_else(|| panic!("{title}: {:?}", t.titles()));
    match result {
        1 => ok(req(s, black, place, Request::Resign)),
        0 => ok(req(s, white, place, Request::Resign)),
        _ => {
            ok(req(s, white, place, Request::Draw(DrawAction::Offer)));
            ok(req(s, black, place, Request::Draw(DrawAction::Accept)))
        }
    }
}

/// The game of `a` and `b` in `round`, with who plays White.
fn pairing(t: &Threads, event: &str, round: u32, a: &str, b: &str) -> (String, String) {
    if t.find(&format!("{event} · round {round} · {a} vs {b}"))
        .is_some()
    {
        (a.to_string(), b.to_string())
    } else {
        (b.to_string(), a.to_string())
    }
}

fn result_for(white: &str, winner: Option<&str>) -> u8 {
    match winner {
        Some(w) if w == white => 1,
        Some(_) => 0,
        None => 2,
    }
}

#[test]
fn a_round_robin_of_five_with_a_withdrawal_and_a_loss_on_time() {
    let clock = Arc::new(ManualClock::new(START_MS));
    let places = Arc::new(Threads::default());
    let s = service(Store::temporary().expect("store"), &clock, &places);
    // Bad input first: nothing exists, nothing changes.
    assert!(refused(tour(&s, "p1", TournamentAction::Join)).contains("no tournament"));
    let mut bad = terms(
        "Spring",
        VariantId::Standard,
        EventFormat::RoundRobin { cycles: 1 },
        true,
    );
    bad.options
        .insert("no-such-option".to_string(), "1".to_string());
    refused(tour(&s, "org", TournamentAction::Create(Box::new(bad))));
    assert!(refused(tour(&s, "p1", TournamentAction::Join)).contains("no tournament"));
    let t = terms(
        "Spring",
        VariantId::Standard,
        EventFormat::RoundRobin { cycles: 1 },
        true,
    );
    assert!(refused(tour(
        &s,
        "p1",
        TournamentAction::Create(Box::new(t.clone()))
    ))
    .contains("manage the server"));
    ok(tour(&s, "org", TournamentAction::Create(Box::new(t))));
    let players = ["p1", "p2", "p3", "p4", "p5"];
    for p in players {
        ok(tour(&s, p, TournamentAction::Join));
    }
    assert!(refused(tour(&s, "p2", TournamentAction::Join)).contains("already"));
    assert!(refused(tour(&s, "p2", TournamentAction::Start)).contains("organiser"));
    let before = text_of(&s.handle(&ctx("p1", CH), Request::Profile { user: None }));
    let started = ok(tour(&s, "org", TournamentAction::Start));
    assert!(
        text_of(&started).contains("Round 5:"),
        "{}",
        text_of(&started)
    );
    assert!(refused(tour(&s, "p6", TournamentAction::Join)).contains("started"));
    // Every game at once, each in its own thread named after the event and round.
    let titles = places.titles();
    assert_eq!(titles.len(), 10, "{titles:?}");
    for title in &titles {
        assert!(title.starts_with("Spring · round "), "{title}");
        assert!(title.contains(" vs p"), "{title}");
    }
    // p5 withdraws before playing: their games are forfeited, and having played less
    // than half of them, their results are struck (ruling X-TOUR-3).
    let w = ok(tour(
        &s,
        "p5",
        TournamentAction::Withdraw {
            player: None,
            confirmed: true,
        },
    ));
    assert!(text_of(&w).contains("forfeited"), "{}", text_of(&w));
    // p1 draws p2; p1 beats p3 and p4; p3 beats p2; p2 beats p4; p4 beats p3 on time.
    let plays: [(&str, &str, Option<&str>); 5] = [
        ("p1", "p2", None),
        ("p1", "p3", Some("p1")),
        ("p1", "p4", Some("p1")),
        ("p2", "p3", Some("p3")),
        ("p2", "p4", Some("p2")),
    ];
    for (a, b, winner) in plays {
        let round = (1..=5)
            .find(|r| {
                let (w, bl) = pairing(&places, "Spring", *r, a, b);
                places
                    .find(&format!("Spring · round {r} · {w} vs {bl}"))
                    .is_some()
            })
            .expect("their game");
        let (white, black) = pairing(&places, "Spring", round, a, b);
        finish(
            &s,
            &places,
            "Spring",
            round,
            &white,
            &black,
            result_for(&white, winner),
        );
    }
    // ruling X-TOUR-3 (one loss on time: no dropout yet).
    // The loss on time: p3's clock runs out (the tests' manual clock); p4 claims.
    let round = (1..=5)
        .find(|r| {
            let (w, b) = pairing(&places, "Spring", *r, "p3", "p4");
            places
                .find(&format!("Spring · round {r} · {w} vs {b}"))
                .is_some()
        })
        .expect("p3 vs p4");
    let (white, black) = pairing(&places, "Spring", round, "p3", "p4");
    let place = places
        .find(&format!("Spring · round {round} · {white} vs {black}"))
        .expect("place");
    if white == "p4" {
        ok(req(
            &s,
            "p4",
            place,
            Request::Move {
                text: "e4".to_string(),
            },
        ));
    }
    clock.advance(4 * DAY_MS);
    let end = ok(req(&s, "p4", place, Request::Claim));
    let told = text_of(&end);
    // The event's channel hears the result and the standings, and the winner.
    assert!(end.iter().any(|r| r.to == Audience::Place(CH)), "{told}");
    assert!(
        told.contains("Spring is over") || told.contains("**Spring** is over"),
        "{told}"
    );
    assert!(told.contains("p1 wins"), "{told}");
    // ruling X-TOUR-4: points, then Sonneborn-Berger.
    // Hand-computed: p1 2½ (SB: ½·1½ + 1 + 1 = 2.75), p2 1½ (SB: ½·2½ + 1 = 2.25),
    // p3 1 (SB 1½: beat p2), p4 1 (SB 1: beat p3), p5 struck.
    let table = standings(&s);
    let lines: Vec<&str> = table.lines().skip(1).collect();
    assert_eq!(lines.len(), 5, "{table}");
    assert!(lines[0].starts_with("1. p1 — 2½ points"), "{table}");
    assert!(lines[1].starts_with("2. p2 — 1½ points"), "{table}");
    assert!(lines[2].starts_with("3. p3 — 1 point"), "{table}");
    assert!(lines[2].contains("SB 1½"), "{table}");
    assert!(lines[3].starts_with("4. p4 — 1 point"), "{table}");
    assert!(lines[3].contains("SB 1"), "{table}");
    assert!(
        lines[4].contains("p5") && lines[4].contains("struck"),
        "{table}"
    );
    // A rated event: p1's rating moved.
    let after = text_of(&s.handle(&ctx("p1", CH), Request::Profile { user: None }));
    assert_ne!(before, after);
    // The export: one PGN of its games, the crosstable.
    let ex = ok(tour(&s, "p2", TournamentAction::Export));
    assert_eq!(ex[0].attachments.len(), 2);
    let pgn = String::from_utf8_lossy(&ex[0].attachments[0].bytes).to_string();
    assert!(pgn.matches("[White ").count() >= 6, "{pgn}");
    // Over: joining or starting again changes nothing.
    refused(tour(&s, "p6", TournamentAction::Join));
    refused(tour(&s, "org", TournamentAction::Start));
}

#[test]
fn a_swiss_of_seven_over_three_rounds_survives_a_restart() {
    let clock = Arc::new(ManualClock::new(START_MS));
    let places = Arc::new(Threads::default());
    let dir = tempfile::tempdir().expect("dir");
    let mut s = service(Store::open(dir.path()).expect("store"), &clock, &places);
    let t = terms(
        "Autumn",
        VariantId::Sorchess,
        EventFormat::Swiss { rounds: 3 },
        false,
    );
    ok(tour(&s, "org", TournamentAction::Create(Box::new(t))));
    let players = ["s1", "s2", "s3", "s4", "s5", "s6", "s7"];
    for p in players {
        ok(tour(&s, p, TournamentAction::Join));
    }
    ok(tour(&s, "org", TournamentAction::Start));
    let mut byes: Vec<String> = Vec::new();
    for round in 1..=3u32 {
        let mut told = Vec::new();
        let pairs = ok(tour(&s, "s1", TournamentAction::Pairings))[0]
            .text
            .clone();
        let this: Vec<String> = pairs
            .split(&format!("Round {round}:"))
            .nth(1)
            .expect("the round")
            .lines()
            .skip(1)
            .take_while(|l| l.starts_with("  "))
            .map(|l| l.trim().to_string())
            .collect();
        assert_eq!(this.len(), 4, "{pairs}");
        for l in &this {
            if let Some(name) = l.strip_suffix(": bye") {
                // ruling X-TOUR-1: a bye never twice to the same player.
                assert!(!byes.contains(&name.to_string()), "{pairs}");
                byes.push(name.to_string());
                continue;
            }
            let (white, rest) = l.split_once(" vs ").expect("a pairing");
            let black = rest.split(':').next().expect("black");
            // The lower seed wins (White on a draw-free field).
            let result = if white < black { 1 } else { 0 };
            told = finish(&s, &places, "Autumn", round, white, black, result);
        }
        if round < 3 {
            // The next round starts as the round's last game ends, not at the next tick.
            assert!(
                told.iter().any(|r| r.to == Audience::Place(CH)
                    && r.text.contains(&format!("round {} starts", round + 1))),
                "{told:?}"
            );
        }
        // The event's own message is edited with the standings and their table.
        let standing = told
            .iter()
            .find(|r| matches!(r.kind, ReplyKind::Standings { .. }))
            .expect("the standings");
        assert_eq!(standing.to, Audience::Place(CH));
        assert!(standing.attachments[0].bytes.starts_with(b"\x89PNG"));
        if round == 1 {
            // Restart mid-event: the event and its games are read back.
            drop(s);
            s = service(Store::open(dir.path()).expect("store"), &clock, &places);
        }
        if round < 3 {
            // A tick adds nothing: one game per pairing.
            let before = places.titles().len();
            s.tick();
            assert_eq!(places.titles().len(), before);
        }
    }
    assert_eq!(places.titles().len(), 9);
    assert_eq!(byes.len(), 3);
    let table = standings(&s);
    assert!(table.contains("Buchholz"), "{table}");
    let lines: Vec<&str> = table.lines().skip(1).collect();
    assert_eq!(lines.len(), 7, "{table}");
    // s1 wins every game it plays (the lowest seed): first.
    assert!(lines[0].starts_with("1. s1 — 3 points"), "{table}");
}

#[test]
fn a_bad_start_changes_nothing() {
    let clock = Arc::new(ManualClock::new(START_MS));
    let places = Arc::new(Threads::default());
    let s = service(Store::temporary().expect("store"), &clock, &places);
    let t = terms(
        "Tiny",
        VariantId::Standard,
        EventFormat::Swiss { rounds: 2 },
        false,
    );
    ok(tour(&s, "org", TournamentAction::Create(Box::new(t))));
    ok(tour(&s, "p1", TournamentAction::Join));
    assert!(refused(tour(&s, "org", TournamentAction::Start)).contains("at least 2"));
    assert!(refused(tour(&s, "p2", TournamentAction::Leave)).contains("not in"));
    ok(tour(&s, "p1", TournamentAction::Leave));
    assert!(standings(&s).lines().count() <= 1);
    let _ = User {
        id: user("x").id,
        name: String::new(),
    };
}

/// Two processes on one store finish the last game of a Swiss round at once, then both
/// look at the event at once: the next round's games are created once.
#[test]
fn two_services_start_the_next_round_once() {
    let clock = Arc::new(ManualClock::new(START_MS));
    let dir = tempfile::tempdir().expect("dir");
    let url = support::backend::url(dir.path());
    let first = Store::open_at(&url).expect("store");
    let other = if support::backend::postgres() {
        Store::open_at(&url).expect("store")
    } else {
        first.share()
    };
    let pa = Arc::new(Threads(Mutex::new(Vec::new()), 0));
    let pb = Arc::new(Threads(Mutex::new(Vec::new()), 5_000));
    let a = service(first, &clock, &pa);
    let b = service(other, &clock, &pb);
    let t = terms(
        "Race",
        VariantId::Standard,
        EventFormat::Swiss { rounds: 2 },
        true,
    );
    ok(tour(&a, "org", TournamentAction::Create(Box::new(t))));
    for p in ["r1", "r2", "r3", "r4"] {
        ok(tour(&b, p, TournamentAction::Join));
    }
    ok(tour(&a, "org", TournamentAction::Start));
    let titles = pa.titles();
    assert_eq!(titles.len(), 2, "{titles:?}");
    let place = |title: &str| pa.find(title).expect("place");
    let players = |title: &str| -> (String, String) {
        let names = title.rsplit(" · ").next().expect("names");
        let (w, bl) = names.split_once(" vs ").expect("vs");
        (w.to_string(), bl.to_string())
    };
    // The first game ends on one process, the last on both at once.
    let (w0, b0) = players(&titles[0]);
    ok(req(&a, &b0, place(&titles[0]), Request::Resign));
    let (w1, b1) = players(&titles[1]);
    let last = place(&titles[1]);
    let barrier = std::sync::Barrier::new(2);
    let [ra, rb] = std::thread::scope(|s| {
        let ta = s.spawn(|| {
            barrier.wait();
            req(&a, &b1, last, Request::Resign)
        });
        let tb = s.spawn(|| {
            barrier.wait();
            req(&b, &w1, last, Request::Resign)
        });
        [ta.join().expect("a"), tb.join().expect("b")]
    });
    let ended = [&ra, &rb]
        .iter()
        .filter(|r| r.iter().all(|r| r.kind != ReplyKind::Refusal))
        .count();
    assert_eq!(ended, 1, "{ra:?} {rb:?}");
    let _ = w0;
    // Both processes' ticks at once: round 2 is named and created once.
    let barrier = std::sync::Barrier::new(2);
    std::thread::scope(|s| {
        let ta = s.spawn(|| {
            barrier.wait();
            a.tick()
        });
        let tb = s.spawn(|| {
            barrier.wait();
            b.tick()
        });
        let _ = (ta.join().expect("a"), tb.join().expect("b"));
    });
    a.tick();
    b.tick();
    let pairs = ok(tour(&a, "org", TournamentAction::Pairings))[0]
        .text
        .clone();
    let round2: Vec<&str> = pairs
        .split("Round 2:")
        .nth(1)
        .expect("round 2")
        .lines()
        .filter(|l| l.contains(" vs "))
        .collect();
    assert_eq!(round2.len(), 2, "{pairs}");
    // Each pairing of round 2 has exactly one game being played.
    let mut opened: Vec<(u64, String)> = pa.0.lock().expect("lock").clone();
    opened.extend(pb.0.lock().expect("lock").clone());
    let playing = opened
        .iter()
        .filter(|(_, title)| title.starts_with("Race · round 2 · "))
        .filter(|(id, _)| {
            a.handle(&ctx("org", *id), Request::Board)
                .iter()
                .all(|r| r.kind != ReplyKind::Refusal)
        })
        .count();
    assert_eq!(playing, 2, "{opened:?}");
    let table = standings(&a);
    assert!(table.contains("1 point"), "{table}");
}

/// The tick and the last result of a round both start the next round's games in one
/// process: each game is opened once, not once more in a second thread of its name
/// that only says where the game is.
#[test]
fn the_tick_and_a_rounds_last_result_open_each_new_game_once() {
    let clock = Arc::new(ManualClock::new(START_MS));
    let places = Arc::new(Threads::default());
    let dir = tempfile::tempdir().expect("dir");
    let s = service(
        Store::open_at(&support::backend::url(dir.path())).expect("store"),
        &clock,
        &places,
    );
    let t = terms(
        "Once",
        VariantId::Standard,
        EventFormat::Swiss { rounds: 2 },
        true,
    );
    ok(tour(&s, "org", TournamentAction::Create(Box::new(t))));
    for p in ["r1", "r2", "r3", "r4"] {
        ok(tour(&s, p, TournamentAction::Join));
    }
    ok(tour(&s, "org", TournamentAction::Start));
    let round1 = places.titles();
    assert_eq!(round1.len(), 2, "{round1:?}");
    let black = |title: &str| title.rsplit(" vs ").next().expect("black").to_string();
    let place = |title: &str| places.find(title).expect("place");
    ok(req(
        &s,
        &black(&round1[0]),
        place(&round1[0]),
        Request::Resign,
    ));
    let done = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|sc| {
        sc.spawn(|| {
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                s.tick();
            }
        });
        ok(req(
            &s,
            &black(&round1[1]),
            place(&round1[1]),
            Request::Resign,
        ));
        for _ in 0..20 {
            s.tick();
        }
        done.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let round2: Vec<String> = places
        .titles()
        .into_iter()
        .filter(|t| t.starts_with("Once · round 2 · "))
        .collect();
    assert_eq!(round2.len(), 2, "one thread per game: {round2:?}");
}

/// `loser` runs out of time in their game of `round` with `winner`, who claims it.
fn lose_on_time(
    s: &Service,
    t: &Threads,
    clock: &ManualClock,
    event: &str,
    round: u32,
    loser: &str,
    winner: &str,
) -> Vec<Reply> {
    let (white, black) = pairing(t, event, round, loser, winner);
    let place = t
        .find(&format!("{event} · round {round} · {white} vs {black}"))
        .expect("their game");
    if white == winner {
        ok(req(
            s,
            winner,
            place,
            Request::Move {
                text: "e4".to_string(),
            },
        ));
    }
    clock.advance(4 * DAY_MS);
    ok(req(s, winner, place, Request::Claim))
}

// ruling X-TOUR-3: a second loss on time in the event makes a dropout; X-TOUR-6: their
// game still being played ends, resigned for them.
#[test]
fn a_second_loss_on_time_makes_a_dropout_whose_last_game_ends() {
    let clock = Arc::new(ManualClock::new(START_MS));
    let places = Arc::new(Threads::default());
    let dir = tempfile::tempdir().expect("dir");
    let s = service(Store::open(dir.path()).expect("store"), &clock, &places);
    let t = terms(
        "Winter",
        VariantId::Standard,
        EventFormat::RoundRobin { cycles: 1 },
        false,
    );
    ok(tour(&s, "org", TournamentAction::Create(Box::new(t))));
    for p in ["w1", "w2", "w3", "w4"] {
        ok(tour(&s, p, TournamentAction::Join));
    }
    ok(tour(&s, "org", TournamentAction::Start));
    let round_of = |a: &str, b: &str| {
        (1..=3)
            .find(|r| {
                let (w, bl) = pairing(&places, "Winter", *r, a, b);
                places
                    .find(&format!("Winter · round {r} · {w} vs {bl}"))
                    .is_some()
            })
            .expect("their game")
    };
    // w1 and w2 finish their other games first, so only w4's games run on.
    let (wh, bl) = pairing(&places, "Winter", round_of("w1", "w2"), "w1", "w2");
    finish(&s, &places, "Winter", round_of("w1", "w2"), &wh, &bl, 2);
    let (wh, bl) = pairing(&places, "Winter", round_of("w1", "w3"), "w1", "w3");
    finish(
        &s,
        &places,
        "Winter",
        round_of("w1", "w3"),
        &wh,
        &bl,
        result_for(&wh, Some("w1")),
    );
    let (wh, bl) = pairing(&places, "Winter", round_of("w2", "w3"), "w2", "w3");
    finish(
        &s,
        &places,
        "Winter",
        round_of("w2", "w3"),
        &wh,
        &bl,
        result_for(&wh, Some("w3")),
    );
    // w4 loses on time to w1: one loss, no dropout.
    let first = lose_on_time(
        &s,
        &places,
        &clock,
        "Winter",
        round_of("w1", "w4"),
        "w4",
        "w1",
    );
    assert!(!text_of(&first).contains("drop out"), "{}", text_of(&first));
    // w4 loses on time to w2 too: a dropout; the game with w3 is forfeited and ends.
    let (wh, bl) = pairing(&places, "Winter", round_of("w3", "w4"), "w3", "w4");
    let last_place = places
        .find(&format!(
            "Winter · round {} · {wh} vs {bl}",
            round_of("w3", "w4")
        ))
        .expect("w3 vs w4");
    let second = lose_on_time(
        &s,
        &places,
        &clock,
        "Winter",
        round_of("w2", "w4"),
        "w4",
        "w2",
    );
    let told = text_of(&second);
    assert!(told.contains("w4 has lost two games on time"), "{told}");
    assert!(told.contains("w4 has dropped out of **Winter**"), "{told}");
    assert!(told.contains("w4 resigns"), "{told}");
    assert!(
        second
            .iter()
            .any(|r| r.to == Audience::Place(last_place) && r.text.contains("resigns")),
        "{second:?}"
    );
    // The event is over: w4 played 2 of 3 games, so their results stand (X-TOUR-3).
    assert!(told.contains("**Winter** is over"), "{told}");
    let table = standings(&s);
    let lines: Vec<&str> = table.lines().skip(1).collect();
    // By hand: w1 ½ + 1 + 1 = 2½; w2 ½ + 0 + 1 = 1½; w3 1 + 0 + 1 (forfeit) = 2;
    // w4 0. SB: w1 beat w3 (2) and w4 (0), drew w2 (1½): 2.75; w3 beat w2 (1½) and
    // w4 (0): 1½; w2 beat w4, drew w1 (2½): 1.25.
    assert_eq!(
        lines,
        [
            "1. w1 — 2½ points, SB 2.75",
            "2. w3 — 2 points, SB 1½",
            "3. w2 — 1½ points, SB 1.25",
            "4. w4 — 0 points, SB 0 (withdrew)",
        ],
        "{table}"
    );
}

#[test]
fn a_scheduled_event_starts_by_itself() {
    let clock = Arc::new(ManualClock::new(START_MS));
    let places = Arc::new(Threads::default());
    let dir = tempfile::tempdir().expect("dir");
    let s = service(Store::open(dir.path()).expect("store"), &clock, &places);
    let mut t = terms(
        "Dawn",
        VariantId::Standard,
        EventFormat::Swiss { rounds: 2 },
        false,
    );
    t.start_in_ms = Some(DAY_MS);
    ok(tour(&s, "org", TournamentAction::Create(Box::new(t))));
    for p in ["d1", "d2", "d3"] {
        ok(tour(&s, p, TournamentAction::Join));
    }
    // Not yet: the tick leaves it open, and it still takes players.
    clock.advance(DAY_MS - 60_000);
    s.tick();
    assert!(places.titles().is_empty());
    ok(tour(&s, "d4", TournamentAction::Join));
    clock.advance(60_000);
    let ticked = s.tick();
    assert!(
        ticked
            .iter()
            .any(|t| t.channel == CH && t.reply.text.contains("**Dawn** starts with 4 players")),
        "{ticked:?}"
    );
    assert_eq!(places.titles().len(), 2, "{:?}", places.titles());
    assert!(refused(tour(&s, "d5", TournamentAction::Join)).contains("started"));
}

/// A service holding one event of the standard game named `name`, joined by
/// `players` and started when `start`; the places its games open.
fn event_of(
    name: &str,
    format: EventFormat,
    players: &[&str],
    start: bool,
) -> (Service, Arc<Threads>) {
    let clock = Arc::new(ManualClock::new(START_MS));
    let places = Arc::new(Threads::default());
    let s = service(Store::temporary().expect("store"), &clock, &places);
    let t = terms(name, VariantId::Standard, format, false);
    ok(tour(&s, "org", TournamentAction::Create(Box::new(t))));
    for p in players {
        ok(tour(&s, p, TournamentAction::Join));
    }
    if start {
        ok(tour(&s, "org", TournamentAction::Start));
    }
    (s, places)
}

/// Issue 47, item 3: players level on everything the table ranks by share the first
/// place, and the end names them all, as the table does.
#[test]
fn a_shared_first_place_is_announced_as_shared() {
    let (s, places) = event_of(
        "Tie",
        EventFormat::RoundRobin { cycles: 1 },
        &["p1", "p2", "p3"],
        true,
    );
    let mut told = String::new();
    for (a, b) in [("p1", "p2"), ("p1", "p3"), ("p2", "p3")] {
        let round = (1..=3)
            .find(|r| {
                let (w, bl) = pairing(&places, "Tie", *r, a, b);
                places
                    .find(&format!("Tie · round {r} · {w} vs {bl}"))
                    .is_some()
            })
            .expect("their game");
        let (white, black) = pairing(&places, "Tie", round, a, b);
        told = text_of(&finish(&s, &places, "Tie", round, &white, &black, 2));
    }
    let table = standings(&s);
    let firsts = table.lines().filter(|l| l.starts_with("1. ")).count();
    assert_eq!(firsts, 3, "all drawn, all level: {table}");
    assert!(told.contains("**Tie** is over"), "{told}");
    assert!(!told.contains(" wins!"), "no single winner: {told}");
    assert!(told.contains("p1, p2 and p3 share first place"), "{told}");
    // Issue 47, item 9: the export names the event, the round and the board.
    let ex = ok(tour(&s, "p2", TournamentAction::Export));
    let pgn = String::from_utf8_lossy(&ex[0].attachments[0].bytes).to_string();
    assert_eq!(pgn.matches("[Event \"Tie\"]").count(), 3, "{pgn}");
    for round in 1..=3 {
        assert!(pgn.contains(&format!("[Round \"{round}\"]")), "{pgn}");
    }
    assert_eq!(pgn.matches("[Board \"1\"]").count(), 3, "{pgn}");
    assert!(!pgn.contains("Arcana correspondence game"), "{pgn}");
}

/// Issue 47, item 14: a bye's point counts once its round is played, not before.
#[test]
fn a_byes_point_counts_when_its_round_is_played() {
    let (s, places) = event_of(
        "Bye",
        EventFormat::Swiss { rounds: 2 },
        &["b1", "b2", "b3"],
        true,
    );
    let pairs = ok(tour(&s, "b1", TournamentAction::Pairings))[0]
        .text
        .clone();
    let round1 = pairs.split("Round 1:").nth(1).expect("round 1");
    let game = round1
        .lines()
        .map(str::trim)
        .find(|l| l.contains(" vs "))
        .expect("a game");
    let (white, rest) = game.split_once(" vs ").expect("pairing");
    let black = rest.split(':').next().expect("black");
    let table = standings(&s);
    assert!(
        table.lines().skip(1).all(|l| l.contains("— 0 points")),
        "nothing is played yet: {table}"
    );
    finish(&s, &places, "Bye", 1, white, black, 1);
    let table = standings(&s);
    let one = table.lines().filter(|l| l.contains("— 1 point")).count();
    assert_eq!(
        one, 2,
        "the winner and the bye, once round 1 is played: {table}"
    );
}

/// Issue 47, item 14: `/tournament withdraw` asks first, as a resignation does; only
/// `confirm:yes` forfeits the games.
#[test]
fn a_withdrawal_is_confirmed_first() {
    let (s, _places) = event_of(
        "Ask",
        EventFormat::RoundRobin { cycles: 1 },
        &["a1", "a2", "a3"],
        true,
    );
    let before = standings(&s);
    let asked = ok(tour(
        &s,
        "a1",
        TournamentAction::Withdraw {
            player: None,
            confirmed: false,
        },
    ));
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert_eq!(asked[0].to, Audience::Invoker);
    assert!(
        asked[0].text.contains("forfeits 2 games"),
        "{}",
        asked[0].text
    );
    assert!(asked[0].text.contains("confirm:yes"), "{}", asked[0].text);
    assert_eq!(standings(&s), before, "nothing changed");
    // Typed, the confirmation is an option of the command.
    let typed =
        arcana::service::command::parse_command("/tournament withdraw confirm:yes", &|n| user(n))
            .expect("parses")
            .expect("a command");
    let r = s.handle_as(&ctx("a1", CH), false, typed);
    assert!(
        text_of(&r).contains("withdraws from **Ask**"),
        "{}",
        text_of(&r)
    );
    assert_ne!(standings(&s), before);
}

/// Issue 47, item 18: a tournament's name with control or direction characters is
/// refused, and nothing is created.
#[test]
fn a_name_with_hidden_characters_is_refused() {
    let clock = Arc::new(ManualClock::new(START_MS));
    let places = Arc::new(Threads::default());
    let s = service(Store::temporary().expect("store"), &clock, &places);
    for name in ["**\u{0}\u{0}\u{0}**", "Spring\u{202E}gnirpS", "a\nb"] {
        let t = terms(
            name,
            VariantId::Standard,
            EventFormat::RoundRobin { cycles: 1 },
            false,
        );
        let why = refused(tour(&s, "org", TournamentAction::Create(Box::new(t))));
        assert!(why.contains("control, direction or invisible"), "{why}");
        assert!(refused(tour(&s, "p1", TournamentAction::Join)).contains("no tournament"));
    }
}

/// Issue 47, item 8: pairings name the field before the start and each game's place
/// after it, and a game's start pings both of its players.
#[test]
fn pairings_say_where_each_game_is_and_both_players_are_pinged() {
    let (s, places) = event_of(
        "Where",
        EventFormat::RoundRobin { cycles: 1 },
        &["w1", "w2"],
        false,
    );
    let early = ok(tour(&s, "w1", TournamentAction::Pairings))[0]
        .text
        .clone();
    assert!(early.contains("Players (2): w1, w2"), "{early}");
    assert!(
        early.contains("Pairings are made when it starts."),
        "{early}"
    );
    let started = ok(tour(&s, "org", TournamentAction::Start));
    let place = places
        .find("Where · round 1 · w1 vs w2")
        .or_else(|| places.find("Where · round 1 · w2 vs w1"))
        .expect("the game's place");
    let first = started
        .iter()
        .find(|r| r.to == Audience::Place(place) && !r.mention.is_empty())
        .expect("the game's start in its place");
    let mut pinged: Vec<&str> = first.mention.iter().map(|u| u.name.as_str()).collect();
    pinged.sort_unstable();
    assert_eq!(pinged, ["w1", "w2"]);
    let pairs = ok(tour(&s, "w1", TournamentAction::Pairings))[0]
        .text
        .clone();
    assert!(
        pairs.contains(&format!("playing, in {{#{place}}}")),
        "{pairs}"
    );
}
