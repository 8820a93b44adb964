//! One behavioural suite for every store engine (sled always, PostgreSQL when
//! `ARCANA_TEST_POSTGRES` is set): the typed store's contract, checked game writes,
//! the service playing, restarting and answering redeliveries on it, and two services
//! (as two processes) racing on one game without ever both applying a move.

mod common;
mod store_backends;

use arcana::core::Side;
use arcana::model::User;
use arcana::ratings::{Key, LadderScope, Standing, Table};
use arcana::service::api::{Audience, ColorChoice, Context, Reply, ReplyKind, Request};
use arcana::service::clock::ManualClock;
use arcana::service::{Service, ServiceConfig};
use arcana::store::{ActionKind, Challenge, Expect, GameRecord, Store, StoreError, Write};
use arcana::variants::{Game, Options, VariantId};
use common::{ctx, user, START_MS};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::{Arc, Barrier};
use store_backends::{backends, TestStore};

fn record(id: u64, channel: u64) -> GameRecord {
    GameRecord {
        format: arcana::store::FORMAT_VERSION,
        id,
        channel,
        server: Some(7),
        players: [user("alice"), user("bob")],
        variant: VariantId::Standard,
        options: Options::new(),
        seed: 5,
        days: 0,
        created_ms: START_MS,
        actions: Vec::new(),
        history: Vec::new(),
        clock: None,
        draw_offer: None,
        finished: false,
        rated: true,
        end: None,
        computer: None,
        home: None,
        bank_ms: None,
        bank_days: 0,
        conditional: Vec::new(),
        conditional_plies: Vec::new(),
        away: [false; 2],
        no_vacation: false,
        takeback_offer: None,
        place: Default::default(),
    }
}

fn challenge(to: &User) -> Challenge {
    serde_json::from_value(serde_json::json!({
        "challenger": user("alice"),
        "opponent": to,
        "server": 7,
        "variant": "standard",
        "color": "White",
        "days": 3,
        "options": {},
        "created_ms": START_MS,
    }))
    .expect("a challenge")
}

fn commit(store: &Store, f: impl FnOnce(&mut Write) -> Result<(), StoreError>) {
    let mut w = Write::new();
    f(&mut w).expect("build");
    store.commit(w).expect("commit");
}

#[test]
fn the_typed_store_round_trips_and_persists() {
    for e in backends("roundtrip") {
        let name = e.name;
        let store = e.open();
        let a = store.new_id().expect("id");
        let b = store.new_id().expect("id");
        assert!(a > 0 && b > 0 && a != b, "{name}: ids {a} {b}");
        let mut rec = record(a, 11);
        commit(&store, |w| {
            w.game(&rec)?;
            w.challenge(12, Some(&challenge(&user("carol"))))?;
            w.replies("key-1", START_MS, serde_json::json!(["first"]))
        });
        assert_eq!(store.game(a).expect("read"), Some(rec.clone()), "{name}");
        assert_eq!(store.game(b).expect("read"), None, "{name}");
        assert_eq!(store.active_game(11).expect("read"), Some(a), "{name}");
        assert_eq!(store.last_game(11).expect("read"), Some(a), "{name}");
        assert_eq!(store.active_games().expect("scan"), vec![(11, a)], "{name}");
        assert_eq!(
            store.challenge(12).expect("read"),
            Some(challenge(&user("carol")))
        );
        assert_eq!(store.challenges().expect("scan").len(), 1, "{name}");
        assert_eq!(
            store.replies("key-1").expect("read"),
            Some(serde_json::json!(["first"]))
        );
        assert_eq!(store.replies("key-2").expect("read"), None, "{name}");

        // A finished game leaves the active games but stays the channel's last one.
        rec.finished = true;
        rec.actions.push(arcana::store::Action {
            at_ms: START_MS + 1,
            kind: ActionKind::Resign { side: Side::White },
        });
        commit(&store, |w| {
            w.game(&rec)?;
            w.challenge(12, None)
        });
        assert_eq!(store.active_game(11).expect("read"), None, "{name}");
        assert_eq!(store.last_game(11).expect("read"), Some(a), "{name}");
        assert!(store.active_games().expect("scan").is_empty(), "{name}");
        assert!(store.challenges().expect("scan").is_empty(), "{name}");
        assert_eq!(store.all_games().expect("scan"), vec![rec.clone()]);

        // Ratings: replaced whole, with their scope.
        let mut table = Table::default();
        let key = Key {
            ladder: Some(7),
            variant: VariantId::Standard,
            user: user("alice").id,
        };
        table.standings.insert(
            key,
            Standing {
                wins: 1,
                ..Standing::default()
            },
        );
        store
            .replace_ratings(&table, LadderScope::Server)
            .expect("ratings");
        assert_eq!(
            store.ratings().expect("read"),
            (table.clone(), Some(LadderScope::Server))
        );
        store
            .replace_ratings(&Table::default(), LadderScope::Global)
            .expect("ratings");
        assert_eq!(
            store.ratings().expect("read"),
            (Table::default(), Some(LadderScope::Global))
        );

        // Idempotency keys expire by their time.
        commit(&store, |w| {
            w.replies("key-2", START_MS + 10, serde_json::json!(["second"]))
        });
        assert_eq!(store.prune_keys(START_MS + 5).expect("prune"), 1, "{name}");
        assert_eq!(store.replies("key-1").expect("read"), None, "{name}");
        assert!(store.replies("key-2").expect("read").is_some(), "{name}");

        // Everything is there after a restart, and ids keep growing.
        drop(store);
        let store = e.open();
        assert_eq!(store.game(a).expect("read"), Some(rec), "{name}");
        assert!(store.replies("key-2").expect("read").is_some(), "{name}");
        let c = store.new_id().expect("id");
        assert!(c > b, "{name}: id {c} after {b}");
    }
}

#[test]
fn checked_writes_refuse_a_stale_copy_and_change_nothing() {
    for e in backends("checked") {
        let name = e.name;
        let store = e.open();
        let other = store.share();
        let id = store.new_id().expect("id");
        let mut rec = record(id, 21);
        commit(&store, |w| w.game_checked(&rec, Expect::New));
        assert_eq!(store.active_version(21).expect("read"), Some((id, 1)));
        let (read, version) = other.game_versioned(id).expect("read").expect("stored");
        assert_eq!((read, version), (rec.clone(), 1), "{name}");

        // A second "new" game with the same id, or a stale version, is refused whole:
        // the challenge written beside it is not applied either.
        for expect in [Expect::New, Expect::At(7)] {
            let mut w = Write::new();
            w.challenge(22, Some(&challenge(&user("dan"))))
                .expect("build");
            w.game_checked(&rec, expect).expect("build");
            match other.commit(w) {
                Err(StoreError::Conflict { id: got }) => assert_eq!(got, id, "{name}"),
                r => panic!("{name}: {expect:?} gave {r:?}"),
            }
            assert_eq!(store.challenge(22).expect("read"), None, "{name}");
        }

        // The current version is accepted once; the same stale write then conflicts.
        rec.draw_offer = Some(Side::White);
        commit(&other, |w| w.game_checked(&rec, Expect::At(1)));
        assert_eq!(Expect::At(1).next(), 2);
        let mut stale = rec.clone();
        stale.draw_offer = Some(Side::Black);
        let mut w = Write::new();
        w.game_checked(&stale, Expect::At(1)).expect("build");
        assert!(matches!(store.commit(w), Err(StoreError::Conflict { .. })));
        assert_eq!(
            store.game_versioned(id).expect("read"),
            Some((rec.clone(), 2)),
            "{name}"
        );

        // A new game cannot take a channel whose game is still active.
        let id2 = store.new_id().expect("id");
        let mut w = Write::new();
        w.game_checked(&record(id2, 21), Expect::New)
            .expect("build");
        assert!(
            matches!(store.commit(w), Err(StoreError::Conflict { .. })),
            "{name}"
        );
        assert_eq!(store.game(id2).expect("read"), None, "{name}");
        assert_eq!(store.active_game(21).expect("read"), Some(id), "{name}");

        // An unchecked write still moves the version, so checked writers notice it.
        commit(&store, |w| w.game(&rec));
        assert_eq!(store.active_version(21).expect("read"), Some((id, 3)));
    }
}

fn service(store: Store, seed: u64) -> Service {
    Service::new(
        store,
        Arc::new(ManualClock::new(START_MS)),
        ServiceConfig {
            seed: Some(seed),
            ..ServiceConfig::default()
        },
    )
    .expect("service")
}

/// The replies' texts, for messages.
fn texts(r: &[Reply]) -> Vec<&str> {
    r.iter().map(|r| r.text.as_str()).collect()
}

fn refused(r: &[Reply]) -> bool {
    r.iter().any(|r| r.kind == ReplyKind::Refusal)
}

/// A rated 3-day challenge of chess to `opponent`, the challenger White.
fn challenge_to(opponent: &str) -> Request {
    Request::Challenge {
        opponent: user(opponent),
        variant: VariantId::Standard,
        color: ColorChoice::White,
        days: Some(3),
        options: Options::new(),
        rated: true,
    }
}

fn start(s: &Service, channel: u64) {
    let r = s.handle(&ctx("alice", channel), challenge_to("bob"));
    assert!(!refused(&r), "{r:?}");
    let r = s.handle(&ctx("bob", channel), Request::Accept);
    assert!(!refused(&r), "{r:?}");
}

fn mv(s: &Service, who: &str, channel: u64, text: &str) -> Vec<Reply> {
    s.handle(
        &ctx(who, channel),
        Request::Move {
            text: text.to_string(),
        },
    )
}

fn history(s: &Service, channel: u64) -> String {
    s.handle(&ctx("carol", channel), Request::History)[0]
        .text
        .clone()
}

#[test]
fn a_game_plays_restarts_and_answers_redeliveries_once() {
    for e in backends("service") {
        let name = e.name;
        let s = service(e.open(), 1);
        start(&s, 5);
        for (who, m) in [("alice", "f3"), ("bob", "e5"), ("alice", "g4")] {
            assert!(!refused(&mv(&s, who, 5, m)), "{name}: {m}");
        }
        // A redelivered request with its key is answered as the first time, once.
        let keyed = Context {
            key: Some("interaction-1".to_string()),
            ..ctx("bob", 5)
        };
        let first = s.handle(
            &keyed,
            Request::Move {
                text: "Qh4#".to_string(),
            },
        );
        assert!(!refused(&first), "{name}: {first:?}");
        assert!(
            first[0].text.contains("Black wins"),
            "{name}: {}",
            first[0].text
        );
        let again = s.handle(
            &keyed,
            Request::Move {
                text: "Qh4#".to_string(),
            },
        );
        assert_eq!(again, first, "{name}");
        let before = history(&s, 5);
        drop(s);

        // A restarted service finds the finished game as the channel's last one.
        let s = service(e.open(), 2);
        assert_eq!(history(&s, 5), before, "{name}");
        assert!(refused(&mv(&s, "alice", 5, "e4")), "{name}");
        let again = s.handle(
            &keyed,
            Request::Move {
                text: "Qh4#".to_string(),
            },
        );
        assert_eq!(again, first, "{name}: the key outlives the restart");
        // A new game starts in the same channel and goes on after another restart.
        start(&s, 5);
        assert!(!refused(&mv(&s, "alice", 5, "e4")), "{name}");
        drop(s);
        let s = service(e.open(), 3);
        assert!(!refused(&mv(&s, "bob", 5, "e5")), "{name}");
        let h = history(&s, 5);
        assert!(
            h.contains("e4") && h.contains("e5") && !h.contains("Qh4"),
            "{name}: {h}"
        );
    }
}

/// A second service on the same store, as a second process would open it.
fn second(e: &TestStore, first: &Store) -> Store {
    if e.name == "sled" {
        // One process holds a sled directory: share its handle.
        first.share()
    } else {
        e.open()
    }
}

/// Sends one request to each service at the same moment; returns both answers.
fn race(
    a: &Service,
    b: &Service,
    ra: (Context, Request),
    rb: (Context, Request),
) -> [Vec<Reply>; 2] {
    let barrier = Barrier::new(2);
    std::thread::scope(|s| {
        let ta = s.spawn(|| {
            barrier.wait();
            a.handle(&ra.0, ra.1)
        });
        let tb = s.spawn(|| {
            barrier.wait();
            b.handle(&rb.0, rb.1)
        });
        [ta.join().expect("a"), tb.join().expect("b")]
    })
}

#[test]
fn two_services_on_one_store_never_both_apply_a_move() {
    for e in backends("race") {
        let name = e.name;
        let store = e.open();
        let other = second(&e, &store);
        let a = service(store, 1);
        start(&a, 9);
        // B opens after the game started, so its copy goes stale as A plays.
        let b = service(other, 2);
        let mut game = Game::new(VariantId::Standard, &Options::new(), 0).expect("game");
        let mut rng = StdRng::seed_from_u64(15);
        let mut applied = 0;
        let mut conflicting_rounds = 0;
        for round in 0..40 {
            let Some(ask) = game.ask() else { break };
            let who = if ask.side == Side::White {
                "alice"
            } else {
                "bob"
            };
            let legal = game.legal_texts();
            let first = legal[rng.gen_range(0..legal.len())].clone();
            // Half the rounds send the same move to both, half two different moves; a
            // third of them carry one idempotency key (a redelivery reaching both).
            let key = (round % 3 == 0).then(|| format!("race-{round}"));
            let second_move = if round % 2 == 0 || key.is_some() {
                first.clone()
            } else {
                legal[rng.gen_range(0..legal.len())].clone()
            };
            let c = Context {
                key: key.clone(),
                ..ctx(who, 9)
            };
            let req = |t: &str| Request::Move {
                text: t.to_string(),
            };
            let [ra, rb] = race(
                &a,
                &b,
                (c.clone(), req(&first)),
                (c.clone(), req(&second_move)),
            );
            let ok = [!refused(&ra), !refused(&rb)];
            if key.is_some() {
                // One acted; the other gave the stored answer of the same key.
                assert_eq!(ra, rb, "{name} round {round}: one key, one answer");
                assert!(ok[0], "{name} round {round}: {:?}", texts(&ra));
                game.play(ask.side, &first).expect("played");
            } else {
                assert_eq!(
                    ok.iter().filter(|o| **o).count(),
                    1,
                    "{name} round {round}: {first} / {second_move}: {:?} {:?}",
                    texts(&ra),
                    texts(&rb)
                );
                if first != second_move {
                    conflicting_rounds += 1;
                }
                let played = if ok[0] { &first } else { &second_move };
                game.play(ask.side, played).expect("the applied move");
            }
            applied += 1;
        }
        assert!(applied >= 10, "{name}: {applied} moves");
        assert!(conflicting_rounds > 0, "{name}");
        // Both services, and the stored record, tell the same game; it replays.
        assert_eq!(history(&a, 9), history(&b, 9), "{name}");
        let store = second(&e, a.store());
        let id = store.last_game(9).expect("read").expect("a game");
        let rec = store.game(id).expect("read").expect("record");
        let replayed = rec.replay().expect("the stored record replays");
        let plays = rec
            .actions
            .iter()
            .filter(|x| matches!(x.kind, ActionKind::Play { .. }))
            .count();
        assert_eq!(plays, applied, "{name}: every applied move stored once");
        assert_eq!(replayed.legal_texts(), game.legal_texts(), "{name}");
    }
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

/// The golden store of format 1 (`tests/data/golden-store-v1.json`, never re-made) as a
/// sled directory, with its id generator past every game.
fn golden_sled(dir: &std::path::Path) -> serde_json::Value {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/golden-store-v1.json"
    ))
    .expect("fixture");
    let doc: serde_json::Value = serde_json::from_str(&text).expect("fixture JSON");
    let db = arcana::store::open_sled(dir).expect("sled");
    for e in doc["entries"].as_array().expect("entries") {
        let key = unhex(e["key"].as_str().expect("key"));
        let value = match e["value"]["text"].as_str() {
            Some(t) => t.as_bytes().to_vec(),
            None => unhex(e["value"]["hex"].as_str().expect("hex value")),
        };
        db.insert(key, value).expect("insert");
    }
    let max = doc["max_game_id"].as_u64().expect("max id");
    while db.generate_id().expect("id") < max {}
    db.flush().expect("flush");
    doc
}

#[test]
fn the_golden_store_copied_to_each_engine_loads_and_plays_on() {
    let dir = tempfile::tempdir().expect("dir");
    let doc = golden_sled(&dir.path().join("golden"));
    let source = Store::open(dir.path().join("golden")).expect("open");
    let max = doc["max_game_id"].as_u64().expect("max id");
    for e in backends("golden") {
        let name = e.name;
        let dest = e.open();
        let copied = source.copy_into(&dest).expect("copy");
        assert_eq!(copied, doc["entries"].as_array().expect("entries").len());
        // Byte for byte: the same records decode from both, and a second copy into a
        // store with games is refused.
        assert_eq!(
            dest.all_games().expect("scan"),
            source.all_games().expect("scan")
        );
        assert_eq!(
            dest.challenges().expect("scan"),
            source.challenges().expect("scan")
        );
        assert_eq!(
            dest.ratings().expect("read"),
            source.ratings().expect("read")
        );
        assert!(source.copy_into(&dest).is_err(), "{name}");
        assert!(dest.new_id().expect("id") > max, "{name}");
        let s = service(dest, 4);
        let notices = s.tick();
        assert!(
            notices.iter().all(|t| !t.reply.text.contains("attention")),
            "{name}: {notices:?}"
        );
        // Every stored game shows its board and takes a legal answer from its player.
        let mut played = 0;
        for g in doc["games"].as_array().expect("games") {
            let channel = g["channel"].as_u64().expect("channel");
            let board = s.handle(&ctx("carol", channel), Request::Board);
            assert!(!refused(&board), "{name}: {board:?}");
            let store = s.store();
            let id = store.active_game(channel).expect("read").expect("active");
            let game = store
                .game(id)
                .expect("read")
                .expect("record")
                .replay()
                .expect("replays");
            let Some(ask) = game.ask() else { continue };
            let who = g[if ask.side == Side::White {
                "white"
            } else {
                "black"
            }]
            .as_str()
            .expect("player");
            let text = game
                .legal_texts()
                .into_iter()
                .next()
                .expect("a legal answer");
            let r = mv(&s, who, channel, &text);
            assert!(
                !refused(&r),
                "{name} {}: {text}: {:?}",
                g["label"],
                texts(&r)
            );
            played += 1;
        }
        assert!(played >= 5, "{name}: {played}");
        // Records of format 3 (the moves above wrote heads and items apart) copy too,
        // out of this engine and into every engine.
        let games = s.store().all_games().expect("scan");
        let back = Store::temporary().expect("temporary");
        s.store().copy_into(&back).expect("copy out");
        assert_eq!(back.all_games().expect("scan"), games, "{name}");
        for again in backends("golden_again") {
            let into = again.open();
            back.copy_into(&into).expect("copy in");
            assert_eq!(
                into.all_games().expect("scan"),
                games,
                "{name} -> {}",
                again.name
            );
        }
    }
}

#[test]
fn two_services_send_each_reminder_once() {
    const DAY_MS: u64 = 24 * 60 * 60 * 1000;
    for e in backends("reminders") {
        let name = e.name;
        let store = e.open();
        let other = second(&e, &store);
        let clock_a = Arc::new(ManualClock::new(START_MS));
        let clock_b = Arc::new(ManualClock::new(START_MS));
        let config = ServiceConfig {
            seed: Some(1),
            ..ServiceConfig::default()
        };
        let a = Service::new(store, clock_a.clone(), config.clone()).expect("service");
        let channels: Vec<u64> = (30..40).collect();
        for &ch in &channels {
            start(&a, ch);
        }
        // B loads every game as it stands; both clocks reach the reminder together.
        let b = Service::new(other, clock_b.clone(), config).expect("service");
        for clock in [&clock_a, &clock_b] {
            clock.advance(3 * DAY_MS - 60_000);
        }
        let barrier = Barrier::new(2);
        let [ta, tb] = std::thread::scope(|s| {
            let ta = s.spawn(|| {
                barrier.wait();
                a.tick()
            });
            let tb = s.spawn(|| {
                barrier.wait();
                b.tick()
            });
            [ta.join().expect("a"), tb.join().expect("b")]
        });
        for &ch in &channels {
            let sent = ta
                .iter()
                .chain(tb.iter())
                .filter(|t| {
                    t.channel == ch
                        && t.reply.to == Audience::Channel
                        && t.reply.text.contains("left for your move")
                })
                .count();
            assert_eq!(
                sent,
                1,
                "{name}: channel {ch}: {} + {} replies",
                ta.len(),
                tb.len()
            );
        }
        assert!(
            a.tick()
                .iter()
                .chain(b.tick().iter())
                .all(|t| !t.reply.text.contains("left")),
            "{name}: sent once"
        );
    }
}

#[test]
fn a_database_of_the_first_schema_is_migrated_on_open() {
    for e in backends("migrate") {
        if e.name != "postgres" {
            continue;
        }
        // A database as the first schema left it, with a challenge stored under its id
        // in the catch-all table (as builds of that schema wrote it).
        let mut c = postgres::Client::connect(&e.url, postgres::NoTls).expect("connect");
        c.batch_execute(
            "CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, \
             applied_at timestamptz NOT NULL DEFAULT now())",
        )
        .expect("table");
        c.batch_execute(include_str!("../migrations/0001_tables.sql"))
            .expect("first schema");
        c.execute(
            "INSERT INTO schema_migrations (version, name) VALUES (1, '0001_tables.sql')",
            &[],
        )
        .expect("recorded");
        let mut stored = challenge(&user("erin"));
        stored.id = 77;
        stored.channel = u64::MAX - 5;
        let mut k = b"h/".to_vec();
        k.extend_from_slice(&77u64.to_be_bytes());
        c.execute(
            "INSERT INTO kv (key, value) VALUES ($1, $2)",
            &[&k, &serde_json::to_vec(&stored).expect("json")],
        )
        .expect("old row");
        // And a game record of format 2 (its actions inside it), as those builds wrote.
        let mut old_game = record(501, 12);
        old_game.actions.push(arcana::store::Action {
            at_ms: START_MS,
            kind: ActionKind::Play {
                side: Side::White,
                text: "e2-e4".to_string(),
            },
        });
        let mut v2 = serde_json::to_value(&old_game).expect("json");
        v2["format"] = 2.into();
        c.execute(
            "INSERT INTO games (id, channel, finished, version, record) VALUES (501, 12, false, 1, $1)",
            &[&serde_json::to_vec(&v2).expect("json")],
        )
        .expect("old game");
        drop(c);

        let store = e.open();
        assert_eq!(store.game(501).expect("read"), Some(old_game.clone()));
        // Written again (format 3: head and items apart), it reads the same.
        old_game.actions.push(arcana::store::Action {
            at_ms: START_MS,
            kind: ActionKind::Play {
                side: Side::Black,
                text: "e7-e5".to_string(),
            },
        });
        commit(&store, |w| w.game_checked(&old_game, Expect::At(1)));
        assert_eq!(store.game(501).expect("read"), Some(old_game));
        assert_eq!(
            store.challenges().expect("scan"),
            vec![(u64::MAX - 5, stored.clone())]
        );
        let mut c = postgres::Client::connect(&e.url, postgres::NoTls).expect("connect");
        let versions: Vec<i32> = c
            .query(
                "SELECT version FROM schema_migrations ORDER BY version",
                &[],
            )
            .expect("read")
            .iter()
            .map(|r| r.get(0))
            .collect();
        let files = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations"))
            .expect("migrations/")
            .filter(|f| {
                f.as_ref()
                    .is_ok_and(|f| f.file_name().to_string_lossy().ends_with(".sql"))
            })
            .count();
        let every: Vec<i32> = (1..=i32::try_from(files).expect("few")).collect();
        assert_eq!(versions, every, "every migration, once");
        let left: i64 = c
            .query_one("SELECT count(*) FROM kv", &[])
            .expect("read")
            .get(0);
        assert_eq!(left, 0, "the row moved to its table");
        let channel: i64 = c
            .query_one("SELECT channel FROM challenge_records WHERE id = 77", &[])
            .expect("read")
            .get(0);
        assert_eq!(u64::from_ne_bytes(channel.to_ne_bytes()), u64::MAX - 5);
        // Written and removed through the store, it stays in its table.
        let mut w = Write::new();
        w.drop_challenge(77);
        store.commit(w).expect("commit");
        assert!(store.challenges().expect("scan").is_empty());
        // A second open applies nothing twice.
        drop(store);
        let _again = e.open();
    }
}

#[test]
fn idempotency_keys_expire_by_their_time() {
    for e in backends("keys") {
        let name = e.name;
        let store = e.open();
        for batch in 0..5u64 {
            commit(&store, |w| {
                for i in 0..10 {
                    let t = batch * 10 + i;
                    w.replies(&format!("key-{t}"), t, serde_json::json!([t]))?;
                }
                Ok(())
            });
        }
        assert_eq!(store.prune_keys(10).expect("prune"), 10, "{name}");
        assert_eq!(store.prune_keys(10).expect("prune"), 0, "{name}");
        // Stored again later, a key outlives its first time.
        commit(&store, |w| {
            w.replies("key-25", 100, serde_json::json!(["again"]))
        });
        assert_eq!(store.prune_keys(30).expect("prune"), 19, "{name}");
        assert_eq!(
            store.replies("key-25").expect("read"),
            Some(serde_json::json!(["again"])),
            "{name}"
        );
        assert_eq!(store.replies("key-29").expect("read"), None, "{name}");
        assert_eq!(
            store.replies("key-30").expect("read"),
            Some(serde_json::json!([30])),
            "{name}"
        );
        assert_eq!(store.prune_keys(101).expect("prune"), 21, "{name}");
        assert_eq!(store.replies("key-25").expect("read"), None, "{name}");
    }
}

#[test]
fn keys_stored_before_the_time_index_still_expire() {
    // A sled store written by a build without the index: its keys expire at the first
    // pass, and those kept are indexed for the next.
    let dir = tempfile::tempdir().expect("dir");
    {
        let db = arcana::store::open_sled(dir.path()).expect("sled");
        for t in 0..20u64 {
            let v = serde_json::json!({"at_ms": t, "replies": [t]});
            db.insert(format!("k/old-{t}"), serde_json::to_vec(&v).expect("json"))
                .expect("insert");
        }
        db.flush().expect("flush");
    }
    let store = Store::open(dir.path()).expect("open");
    assert_eq!(store.prune_keys(5).expect("prune"), 5);
    assert_eq!(store.prune_keys(15).expect("prune"), 10);
    assert_eq!(
        store.replies("old-15").expect("read"),
        Some(serde_json::json!([15]))
    );
    assert_eq!(store.prune_keys(20).expect("prune"), 5);
    assert_eq!(store.replies("old-19").expect("read"), None);
}

#[test]
fn the_indexes_list_games_and_due_clocks_on_every_engine() {
    use arcana::store::{ComputerSeat, Listing};
    for e in backends("indexes") {
        let name = e.name;
        let store = e.open();
        let listing = |id: u64, server: u64, black: &str| Listing {
            id,
            channel: 100 + id,
            server: Some(server),
            players: [user("alice"), user(black)],
            variant: VariantId::Standard,
            rated: true,
            turns: 0,
            to_move: Some(Side::Black),
            computer: (black == "computer").then_some(ComputerSeat::new(Side::Black, 3)),
            deadline_ms: None,
        };
        commit(&store, |w| {
            w.index(&listing(1, 7, "bob"), true, Some(5_000), None)?;
            w.index(&listing(2, 7, "computer"), true, Some(9_000), None)?;
            w.index(&listing(3, 8, "carol"), true, None, None)
        });
        let ids = |l: Vec<Listing>| {
            let mut v: Vec<u64> = l.into_iter().map(|l| l.id).collect();
            v.sort_unstable();
            v
        };
        assert_eq!(
            ids(store.listings_of_server(Some(7)).expect("db")),
            [1, 2],
            "{name}"
        );
        assert_eq!(
            ids(store.listings_of_server(Some(8)).expect("db")),
            [3],
            "{name}"
        );
        assert_eq!(
            ids(store.listings_of_user(user("alice").id).expect("db")),
            [1, 2, 3],
            "{name}"
        );
        assert_eq!(
            ids(store.listings_of_user(user("carol").id).expect("db")),
            [3],
            "{name}"
        );
        assert_eq!(
            store.computer_waiting().expect("db"),
            vec![(2, 102)],
            "{name}"
        );
        // Due entries up to a time, earliest first; the bound is included.
        assert_eq!(store.due(4_999).expect("db"), vec![], "{name}");
        assert_eq!(
            store.due(5_000).expect("db"),
            vec![(5_000, 1, 101)],
            "{name}"
        );
        assert_eq!(store.due(u64::MAX).expect("db").len(), 2, "{name}");
        // A game whose clock moved: its old entry goes, the new one comes.
        commit(&store, |w| {
            w.index(&listing(1, 7, "bob"), true, Some(7_000), Some(5_000))
        });
        assert_eq!(store.due(6_000).expect("db"), vec![], "{name}");
        assert_eq!(
            store.due(7_000).expect("db"),
            vec![(7_000, 1, 101)],
            "{name}"
        );
        // A finished game leaves every index.
        commit(&store, |w| {
            w.index(&listing(2, 7, "computer"), false, None, Some(9_000))
        });
        assert_eq!(
            ids(store.listings_of_server(Some(7)).expect("db")),
            [1],
            "{name}"
        );
        assert!(store.computer_waiting().expect("db").is_empty(), "{name}");
        assert_eq!(
            store.due(u64::MAX).expect("db"),
            vec![(7_000, 1, 101)],
            "{name}"
        );
        // Challenges by channel, and the pending ones.
        let mut open = challenge(&user("bob"));
        open.id = 41;
        open.channel = 500;
        let mut settled = challenge(&user("carol"));
        settled.id = 42;
        settled.channel = 500;
        settled.outcome = Some("Declined.".into());
        commit(&store, |w| {
            w.put_challenge(&open)?;
            w.put_challenge(&settled)
        });
        let mut here: Vec<u64> = store
            .challenges_in(500)
            .expect("db")
            .iter()
            .map(|c| c.id)
            .collect();
        here.sort_unstable();
        assert_eq!(here, [41, 42], "{name}");
        let pending: Vec<u64> = store
            .pending_challenges()
            .expect("db")
            .iter()
            .map(|c| c.id)
            .collect();
        assert_eq!(pending, [41], "{name}");
        commit(&store, |w| {
            w.drop_challenge(41);
            Ok(())
        });
        assert!(store.pending_challenges().expect("db").is_empty(), "{name}");
        let here: Vec<u64> = store
            .challenges_in(500)
            .expect("db")
            .iter()
            .map(|c| c.id)
            .collect();
        assert_eq!(here, [42], "{name}");
    }
}

#[test]
fn a_second_process_lists_the_games_the_first_started() {
    for e in backends("listed") {
        let name = e.name;
        let first = e.open();
        let other = second(&e, &first);
        let a = service(first, 1);
        let b = service(other, 2);
        start(&a, 10);
        mv(&a, "alice", 10, "e4");
        let listed = b.handle(
            &ctx("carol", 11),
            Request::Games(arcana::service::api::GamesScope::Server),
        );
        assert!(
            listed[0].text.contains("1 turn played"),
            "{name}: {}",
            listed[0].text
        );
        assert!(
            listed[0].text.contains("bob to move"),
            "{name}: {}",
            listed[0].text
        );
    }
}

#[test]
fn concurrent_durable_commits_share_flushes_and_all_persist() {
    for e in backends("groupcommit") {
        let name = e.name;
        let store = e.open();
        const THREADS: u64 = 4;
        const EACH: u64 = 20;
        let ids: Vec<Vec<u64>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..THREADS)
                .map(|t| {
                    let store = store.share();
                    s.spawn(move || {
                        (0..EACH)
                            .map(|i| {
                                let id = store.new_id().expect("id");
                                commit(&store, |w| w.game(&record(id, 100 + t * EACH + i)));
                                id
                            })
                            .collect::<Vec<u64>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("writer"))
                .collect()
        });
        let commits = THREADS * EACH;
        if name == "sled" {
            // One flush per commit at most; commits that meet share one.
            let flushes = store.flushes();
            assert!(
                (1..=commits).contains(&flushes),
                "{name}: {flushes} flushes for {commits} commits"
            );
        } else {
            assert_eq!(store.flushes(), 0, "{name}: a commit is durable by itself");
        }
        drop(store);
        let reopened = e.open();
        for (t, ids) in ids.iter().enumerate() {
            for (i, id) in ids.iter().enumerate() {
                let channel = 100 + t as u64 * EACH + i as u64;
                assert_eq!(
                    reopened.game(*id).expect("read"),
                    Some(record(*id, channel)),
                    "{name}: commit {t}/{i} is kept"
                );
                assert_eq!(reopened.active_game(channel).expect("read"), Some(*id));
            }
        }
    }
}

#[test]
fn a_move_writes_the_same_bytes_however_long_the_game() {
    use arcana::store::{Action, HistoryEntry};
    for e in backends("appendonly") {
        let name = e.name;
        let store = e.open();
        let id = store.new_id().expect("id");
        let mut rec = record(id, 31);
        let mut version = None;
        let mut sizes = Vec::new();
        for ply in 0..120u64 {
            let side = if ply % 2 == 0 {
                Side::White
            } else {
                Side::Black
            };
            rec.actions.push(Action {
                at_ms: START_MS + ply,
                kind: ActionKind::Play {
                    side,
                    text: "e2-e4".to_string(),
                },
            });
            rec.history.push(HistoryEntry {
                side,
                printed: "e2-e4".to_string(),
                events: Vec::new(),
                conditional: false,
            });
            let expect = version.map_or(Expect::New, Expect::At);
            let before = store.bytes_written();
            commit(&store, |w| w.game_checked(&rec, expect));
            sizes.push(store.bytes_written() - before);
            version = Some(expect.next());
        }
        // The first write holds the head; each later one the head, one action and the
        // last history entry (twice: it may change within a turn): the same size
        // whatever the game's length, but for the digits of the counts.
        let later = &sizes[1..];
        let (min, max) = (
            *later.iter().min().expect("sizes"),
            *later.iter().max().expect("sizes"),
        );
        assert!(max - min <= 4, "{name}: bytes per move grew: {sizes:?}");
        let whole = serde_json::to_vec(&rec).expect("json").len() as u64;
        assert!(
            whole > 5 * max,
            "{name}: a move writes {max} bytes of a {whole}-byte record"
        );
        assert_eq!(store.game(id).expect("read"), Some(rec.clone()), "{name}");

        // A follow-up rewrites the turn's last entry; an unchecked write with fewer
        // items drops those past its end.
        rec.history.last_mut().expect("entry").printed = "e2-e4 (changed)".to_string();
        commit(&store, |w| {
            w.game_checked(&rec, Expect::At(version.expect("v")))
        });
        assert_eq!(store.game(id).expect("read"), Some(rec.clone()), "{name}");
        rec.actions.truncate(7);
        rec.history.truncate(3);
        commit(&store, |w| w.game(&rec));
        drop(store);
        let reopened = e.open();
        assert_eq!(
            reopened.game(id).expect("read"),
            Some(rec.clone()),
            "{name}"
        );
        assert_eq!(reopened.all_games().expect("scan"), vec![rec], "{name}");
    }
}

/// Places as a chat service with threads opens them: a new one for every game.
struct Threads(std::sync::atomic::AtomicU64);

impl arcana::service::api::Places for Threads {
    fn mention(&self, _server: Option<u64>, _channel: u64) -> Option<String> {
        None
    }
    fn site(&self, _server: Option<u64>, _channel: u64) -> Option<String> {
        None
    }
    fn open_place(&self, _channel: u64, _title: &str, _anchor: Option<u64>) -> Result<u64, String> {
        Ok(self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst))
    }
}

#[test]
fn two_processes_accepting_one_open_challenge_start_one_game() {
    for e in backends("settle") {
        let name = e.name;
        let first = e.open();
        let other = second(&e, &first);
        // Each process opens its own places (threads), so the channel's pointer does
        // not keep the two games apart: only the challenge's own check does.
        let a = service(first, 1).with_places(Arc::new(Threads(9_000.into())));
        let b = service(other, 2).with_places(Arc::new(Threads(9_500.into())));
        for round in 0..10u64 {
            let channel = 700 + round;
            let open = a.handle(
                &ctx("alice", channel),
                Request::OpenChallenge {
                    variant: VariantId::Standard,
                    color: ColorChoice::White,
                    days: Some(3),
                    options: Options::new(),
                    rated: true,
                },
            );
            assert!(!refused(&open), "{name}: {open:?}");
            let [ra, rb] = race(
                &a,
                &b,
                (ctx("bob", channel), Request::Accept),
                (ctx("carol", channel), Request::Accept),
            );
            let won = [!refused(&ra), !refused(&rb)];
            assert_eq!(
                won.iter().filter(|w| **w).count(),
                1,
                "{name} round {round}: exactly one accept wins: {ra:?} / {rb:?}"
            );
        }
        // One game per challenge, all in places of their own.
        let store = a.store();
        let games = store.active_games().expect("db");
        assert_eq!(games.len(), 10, "{name}: {games:?}");
        assert!(games.iter().all(|(place, _)| *place >= 9_000), "{name}");
    }
}

/// The place of the one game in `replies` opened elsewhere (its thread).
fn opened_place(replies: &[Reply]) -> Option<u64> {
    replies.iter().find_map(|r| match r.to {
        Audience::Place(p) => Some(p),
        _ => None,
    })
}

/// Issue 24: a game whose thread a moderator deletes (or locks) goes back to the
/// channel its challenge was made in, with one note and its board; commands there
/// reach it, in this process and in another sharing the store; a channel that already
/// has a game sends it to a new thread of its own; two processes moving it at once
/// move it once.
#[test]
fn a_game_whose_thread_is_deleted_goes_on_in_its_channel() {
    for e in backends("relocate") {
        let name = e.name;
        let first = e.open();
        let other = second(&e, &first);
        let a = service(first, 1).with_places(Arc::new(Threads(9_000.into())));
        let b = service(other, 2).with_places(Arc::new(Threads(9_500.into())));
        let channel = 800;
        let r = a.handle(&ctx("alice", channel), challenge_to("bob"));
        assert!(!refused(&r), "{name}: {r:?}");
        let r = a.handle(&ctx("bob", channel), Request::Accept);
        let thread = opened_place(&r).expect("a thread");
        assert!(!refused(&mv(&a, "alice", thread, "e4")), "{name}");

        // The thread is deleted: the game moves to the channel, once.
        let moved = a.relocate(thread, Some(channel));
        assert_eq!(moved.len(), 1, "{name}: one note: {moved:?}");
        assert_eq!(moved[0].to, Audience::Place(channel), "{name}");
        assert!(moved[0].text.contains("goes on here"), "{name}: {moved:?}");
        assert!(
            moved[0].image.is_some() && moved[0].controls.is_some(),
            "{name}"
        );
        assert!(
            moved[0].outbox.is_some(),
            "{name}: the note is kept until posted"
        );
        assert!(
            a.relocate(thread, Some(channel)).is_empty(),
            "{name}: moved once"
        );
        let games = a.store().active_games().expect("db");
        assert_eq!(games.len(), 1, "{name}: {games:?}");
        assert_eq!(games[0].0, channel, "{name}: {games:?}");

        // Commands in the channel reach it, in the other process too; the thread is
        // no longer the game's.
        let r = mv(&b, "bob", channel, "e5");
        assert!(!refused(&r), "{name}: {:?}", texts(&r));
        assert!(refused(&mv(&a, "alice", thread, "Nf3")), "{name}");
        let r = mv(&a, "alice", channel, "Nf3");
        assert!(!refused(&r), "{name}: {:?}", texts(&r));
        let h = history(&b, channel);
        assert!(h.contains("Ng1-f3"), "{name}: {h}");

        // A game of another channel moved here finds it taken: it gets a new thread
        // of its own, and its record remembers the channel (so a later move needs no
        // word from the front end).
        let r = a.handle(&ctx("carol", channel + 1), challenge_to("dave"));
        assert!(!refused(&r), "{name}: {r:?}");
        let r = a.handle(&ctx("dave", channel + 1), Request::Accept);
        let second_thread = opened_place(&r).expect("a thread");
        let moved = b.relocate(second_thread, Some(channel));
        let Some(Audience::Place(new_place)) = moved.first().map(|r| r.to.clone()) else {
            panic!("{name}: moved to a new place: {moved:?}");
        };
        assert!(new_place >= 9_500 && new_place != second_thread, "{name}");
        assert!(!refused(&mv(&a, "carol", new_place, "d4")), "{name}");
        assert!(!refused(&mv(&a, "bob", channel, "Nc6")), "{name}");

        // Two processes told at once move it once.
        let barrier = Barrier::new(2);
        let [ma, mb] = std::thread::scope(|s| {
            let (a, b, barrier) = (&a, &b, &barrier);
            let ta = s.spawn(move || {
                barrier.wait();
                a.relocate(new_place, None)
            });
            let tb = s.spawn(move || {
                barrier.wait();
                b.relocate(new_place, None)
            });
            [ta.join().expect("a"), tb.join().expect("b")]
        });
        assert_eq!(
            [ma.is_empty(), mb.is_empty()]
                .iter()
                .filter(|e| !**e)
                .count(),
            1,
            "{name}: {ma:?} / {mb:?}"
        );
        let games = a.store().active_games().expect("db");
        assert_eq!(games.len(), 2, "{name}: {games:?}");
        assert!(!games.iter().any(|(p, _)| *p == new_place), "{name}");
    }
}

/// Issue 24: two processes ending games of the same players at the same moment never
/// lose a rating update: the stored table always equals the one derived from every
/// finished record, and every game has its own end order.
#[test]
fn concurrent_game_ends_in_two_processes_lose_no_rating_update() {
    for e in backends("rated-race") {
        let name = e.name;
        let first = e.open();
        let other = second(&e, &first);
        let a = service(first, 1);
        let b = service(other, 2);
        let rounds = 6u64;
        for round in 0..rounds {
            let (ca, cb) = (900 + 2 * round, 901 + 2 * round);
            start(&a, ca);
            start(&b, cb);
            assert!(!refused(&mv(&a, "alice", ca, "e4")), "{name}");
            assert!(!refused(&mv(&b, "alice", cb, "d4")), "{name}");
            // Each player moves once, so both games are rated (X-RATINGS-8).
            assert!(!refused(&mv(&a, "bob", ca, "e5")), "{name}");
            assert!(!refused(&mv(&b, "bob", cb, "d5")), "{name}");
            // Both games end at once, one in each process: alice resigns one, bob the
            // other (so a lost update shows in both players' ratings).
            let [ra, rb] = race(
                &a,
                &b,
                (ctx("alice", ca), Request::Resign),
                (ctx("bob", cb), Request::Resign),
            );
            assert!(!refused(&ra), "{name}: {:?}", texts(&ra));
            assert!(!refused(&rb), "{name}: {:?}", texts(&rb));
        }
        let store = a.store();
        let (stored, _) = store.ratings().expect("ratings");
        let (derived, counted) =
            arcana::service::ratings::rebuild(store, LadderScope::default()).expect("rebuild");
        assert_eq!(counted as u64, 2 * rounds, "{name}");
        assert_eq!(stored, derived, "{name}: the stored table lost an update");
        let mut orders: Vec<u64> = store
            .all_games()
            .expect("games")
            .iter()
            .filter_map(|r| r.end.as_ref().map(|e| e.order))
            .collect();
        orders.sort_unstable();
        assert_eq!(orders, (1..=2 * rounds).collect::<Vec<_>>(), "{name}");
    }
}

/// A started game's number, as players type it (`/review game:N`).
fn game_in(s: &Service, channel: u64) -> u64 {
    s.store()
        .active_game(channel)
        .expect("read")
        .expect("a game")
}

#[test]
fn game_numbers_stay_dense_across_restarts() {
    for e in backends("dense_ids") {
        let mut ids = Vec::new();
        for round in 0..4 {
            // Each round is a restart: a new process opening the store.
            let s = service(e.open(), round);
            start(&s, 900 + round);
            ids.push(game_in(&s, 900 + round));
            ids.push(s.store().new_id().expect("an id"));
        }
        assert_eq!(ids, (1..=8).collect::<Vec<u64>>(), "{}", e.name);
        ids_taken_at_once(&e, 8);
    }
}

/// A running tournament (`id`) whose first game has been numbered (`planned`) but not
/// created yet.
fn planned_event(id: u64, planned: u64) -> arcana::store::Event {
    serde_json::from_value(serde_json::json!({
        "id": id, "server": 7, "channel": 40, "organiser": user("alice"),
        "name": "spring", "variant": "standard", "options": {},
        "format": {"RoundRobin": {"cycles": 1}}, "days": 3, "rated": false,
        "vacation": false, "limit": 0, "state": "Running",
        "players": [user("alice"), user("bob")], "withdrawn": [false, false],
        "time_losses": [0, 0], "byes": [], "round": 1, "created_ms": START_MS,
        "games": [{
            "pairing": {"round": 1, "white": 0, "black": 1, "outcome": null, "forfeit": false},
            "id": planned,
        }],
    }))
    .expect("an event")
}

/// Leaves the store at `e` as an older build left it: ids issued with gaps (sled's
/// jumped by a million at each start), no counter of them.
fn older_store(e: &TestStore) {
    if e.name == "postgres" {
        // The schema before the id counter, its sequence past every id it gave.
        let mut c = postgres::Client::connect(&e.url, postgres::NoTls).expect("connect");
        c.batch_execute(
            "CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, \
             applied_at timestamptz NOT NULL DEFAULT now())",
        )
        .expect("table");
        for (v, file, sql) in [
            (1, "0001", include_str!("../migrations/0001_tables.sql")),
            (
                2,
                "0002",
                include_str!("../migrations/0002_challenge_records.sql"),
            ),
            (3, "0003", include_str!("../migrations/0003_game_lists.sql")),
            (4, "0004", include_str!("../migrations/0004_outbox.sql")),
        ] {
            c.batch_execute(sql).expect("schema");
            c.execute(
                "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                &[&v, &file],
            )
            .expect("recorded");
        }
        c.batch_execute("SELECT setval('game_ids', 2000005)")
            .expect("sequence");
    }
    let store = e.open();
    commit(&store, |w| {
        w.game(&record(1, 31))?;
        w.game(&record(2, 32))?;
        w.game(&record(2_000_003, 33))?;
        w.event(None, &planned_event(2_000_004, 2_000_005))
    });
    drop(store);
    if e.name == "sled" {
        let path = e.url.strip_prefix("sled:").expect("a sled URL");
        let db = arcana::store::open_sled(std::path::Path::new(path)).expect("sled");
        db.remove(b"ids").expect("remove");
        db.flush().expect("flush");
    }
}

#[test]
fn an_older_store_keeps_its_numbers_and_continues_past_the_highest() {
    for e in backends("older_ids") {
        older_store(&e);
        let store = e.open();
        for id in [1, 2, 2_000_003] {
            assert_eq!(store.game(id).expect("read").map(|g| g.id), Some(id));
        }
        // Past the game the tournament numbered before creating it.
        assert_eq!(store.new_id().expect("id"), 2_000_006, "{}", e.name);
        drop(store);
        let s = service(e.open(), 3);
        start(&s, 34);
        assert_eq!(game_in(&s, 34), 2_000_007, "{}", e.name);
        drop(s);
        assert_eq!(e.open().new_id().expect("id"), 2_000_008, "{}", e.name);
    }
}

/// Set in the child process that runs the full-disk test alone (see below).
const FULL_DISK_CHILD: &str = "ARCANA_TEST_FULL_DISK_CHILD";
/// What that child prints once the store works again.
const RECOVERED: &str = "sled store recovered after its writes failed";

/// Sets this process's file size limit (`None`: back to `was`) with util-linux's
/// `prlimit`: sled then meets a real I/O error (EFBIG), as on a full disk.
fn file_size_limit(limit: Option<&str>, was: &str) {
    let soft = format!("--fsize={}:", limit.unwrap_or(was));
    let done = std::process::Command::new("prlimit")
        .args(["--pid", &std::process::id().to_string(), &soft])
        .status()
        .expect("prlimit");
    assert!(done.success(), "prlimit {soft}");
}

/// The child's part: a sled store whose writes fail (a file size limit of one byte),
/// then succeed again once the limit is lifted, without reopening the store.
fn full_disk_child() {
    let was = std::process::Command::new("prlimit")
        .args(["--pid", &std::process::id().to_string()])
        .args(["--fsize", "--raw", "--noheadings", "--output", "SOFT"])
        .output()
        .expect("prlimit");
    let was = String::from_utf8(was.stdout)
        .expect("utf8")
        .trim()
        .to_string();
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path().join("data")).expect("open");
    commit(&store, |w| w.game(&record(1, 50)));
    file_size_limit(Some("1"), &was);
    let mut w = Write::new();
    w.game(&record(2, 51)).expect("build");
    let failed = store.commit(w);
    // Every later attempt fails too while the disk is "full".
    let mut w = Write::new();
    w.game(&record(3, 52)).expect("build");
    let still = store.commit(w);
    file_size_limit(None, &was);
    assert!(failed.is_err() && still.is_err(), "{failed:?} {still:?}");
    // Space is back: within seconds, requests succeed again (the service's next
    // request is such a write), and what was durable before is still there.
    let mut after = Err(String::new());
    for _ in 0..50 {
        let mut w = Write::new();
        w.game(&record(4, 53)).expect("build");
        after = store.commit(w).map_err(|e| e.to_string());
        if after.is_ok() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert_eq!(after, Ok(()), "writes work again once space returns");
    assert_eq!(store.game(1).expect("read").map(|g| g.id), Some(1));
    assert_eq!(store.game(4).expect("read").map(|g| g.id), Some(4));
    drop(store);
    let reopened = Store::open(dir.path().join("data")).expect("reopen");
    assert_eq!(reopened.game(4).expect("read").map(|g| g.id), Some(4));
    println!("{RECOVERED}");
}

/// sled refuses every write after one I/O error, even once space returns; the store
/// must recover by itself (PostgreSQL does: a new connection). The failure is real:
/// the test runs again in a child process alone (the limit is the whole process's),
/// with SIGXFSZ ignored, and lowers its own file size limit to one byte.
#[test]
fn sled_recovers_by_itself_after_its_writes_fail() {
    if std::env::var_os(FULL_DISK_CHILD).is_some() {
        return full_disk_child();
    }
    if std::process::Command::new("prlimit")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("sled_recovers_by_itself_after_its_writes_fail: skipped: no `prlimit` (util-linux) here");
        return;
    }
    let exe = std::env::current_exe().expect("this test binary");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; exec \"$0\" \"$@\"")
        .arg(exe)
        .args([
            "--exact",
            "sled_recovers_by_itself_after_its_writes_fail",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(FULL_DISK_CHILD, "1")
        .output()
        .expect("run the child");
    let said = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{said}");
    assert!(said.contains(RECOVERED), "{said}");
}

/// Two processes (on sled, two handles) taking ids at once: each number once, none
/// skipped, after `before` ids already given.
fn ids_taken_at_once(e: &TestStore, before: u64) {
    let first = e.open();
    let other = second(e, &first);
    let barrier = Barrier::new(2);
    let taken: Vec<u64> = std::thread::scope(|s| {
        let (barrier, first, other) = (&barrier, &first, &other);
        let take = move |store: &Store| {
            barrier.wait();
            (0..25)
                .map(|_| store.new_id().expect("id"))
                .collect::<Vec<_>>()
        };
        let a = s.spawn(move || take(first));
        let b = s.spawn(move || take(other));
        let mut all = a.join().expect("a");
        all.extend(b.join().expect("b"));
        all
    });
    let mut sorted = taken.clone();
    sorted.sort_unstable();
    let want: Vec<u64> = (before + 1..=before + 50).collect();
    assert_eq!(sorted, want, "{}: {taken:?}", e.name);
}

/// The version read alone (issue 53) is the version read with the record, on every
/// engine, through checked and unchecked writes and from another handle.
#[test]
fn the_version_read_alone_is_the_records_version() {
    two_handles("versionalone", |e, store, other, _| {
        let name = e.name;
        let id = store.new_id().expect("id");
        assert_eq!(store.game_version(id).expect("read"), None, "{name}");
        let mut rec = record(id, 31);
        commit(&store, |w| w.game_checked(&rec, Expect::New));
        let id2 = store.new_id().expect("id");
        commit(&store, |w| w.game_checked(&record(id2, 32), Expect::New));
        for expect in [Expect::At(1), Expect::At(2)] {
            rec.draw_offer = Some(Side::White);
            commit(&other, |w| w.game_checked(&rec, expect));
            rec.draw_offer = None;
            let (_, version) = store.game_versioned(id).expect("read").expect("stored");
            assert_eq!(version, expect.next(), "{name}");
            assert_eq!(
                store.game_version(id).expect("read"),
                Some(version),
                "{name}"
            );
        }
        commit(&store, |w| w.game(&rec));
        assert_eq!(other.game_version(id).expect("read"), Some(4), "{name}");
        assert_eq!(
            other.game_versions(&[id2, 999_999, id]).expect("read"),
            vec![(id2, 1), (id, 4)],
            "{name}"
        );
    });
}

/// Records stored by older builds (the golden store of format 1, whose records have
/// no version of their own on sled) read their version alone as with the record, on
/// sled and copied to each engine.
#[test]
fn the_golden_stores_versions_read_alone() {
    let dir = tempfile::tempdir().expect("dir");
    golden_sled(&dir.path().join("golden"));
    let source = Store::open(dir.path().join("golden")).expect("open");
    let games = source.all_games().expect("games");
    let ids: Vec<u64> = games.iter().map(|g| g.id).collect();
    assert!(ids.len() > 5, "{ids:?}");
    let check = |store: &Store, name: &str| {
        for &id in &ids {
            let (_, version) = store.game_versioned(id).expect("read").expect("stored");
            assert_eq!(
                store.game_version(id).expect("read"),
                Some(version),
                "{name} {id}"
            );
        }
        let all = store.game_versions(&ids).expect("read");
        assert_eq!(all.len(), ids.len(), "{name}");
    };
    check(&source, "golden sled");
    for e in backends("goldenversions") {
        let dest = e.open();
        source.copy_into(&dest).expect("copy");
        check(&dest, e.name);
    }
}

/// Waits for `game` on the feed (a change told on PostgreSQL by the listener's
/// connection, which every process's commits reach).
async fn heard(changes: &mut arcana::store::Changes, want: arcana::store::Changed) {
    let wait = async {
        loop {
            match changes.recv().await {
                Ok(got) if got == want => return,
                Ok(_) => {}
                Err(e) => panic!("the feed failed: {e}"),
            }
        }
    };
    // Generous: the check is that it comes at all, long before any re-check.
    tokio::time::timeout(std::time::Duration::from_secs(20), wait)
        .await
        .unwrap_or_else(|_| panic!("{want:?} was not heard"));
}

/// A handle following the store's changes hears the games another handle (on
/// PostgreSQL another connection pool, as another process) writes.
#[test]
fn followers_hear_the_games_another_handle_writes() {
    use arcana::store::Changed;
    two_handles("feed", |e, store, other, runtime| {
        let mut changes = store.changes();
        if store.shared() {
            // The listener tells it is listening (earlier changes may be unheard).
            runtime.block_on(heard(&mut changes, Changed::Unknown));
        }
        let id = other.new_id().expect("id");
        commit(&other, |w| w.game_checked(&record(id, 41), Expect::New));
        runtime.block_on(heard(&mut changes, Changed::Game(id)));
        // A write of no game tells nothing; the next game write is heard.
        commit(&other, |w| w.challenge(42, Some(&challenge(&user("dan")))));
        commit(&other, |w| w.game_checked(&record(id, 41), Expect::At(1)));
        runtime.block_on(heard(&mut changes, Changed::Game(id)));
        assert!(
            !matches!(changes.try_recv(), Ok(Changed::Game(_))),
            "{}",
            e.name
        );
    });
}

/// Runs `f` on each engine's store with a second handle on it (as another process
/// would have) and a runtime.
fn two_handles(test: &str, mut f: impl FnMut(&TestStore, Store, Store, &tokio::runtime::Runtime)) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    for e in backends(test) {
        let store = e.open();
        let other = second(&e, &store);
        f(&e, store, other, &runtime);
    }
}

/// The next `version` event's number on a game page's event stream.
async fn next_version(events: &mut reqwest::Response) -> u64 {
    let wait = async {
        loop {
            let chunk = events.chunk().await.expect("a chunk").expect("open");
            let text = String::from_utf8_lossy(&chunk).to_string();
            if let Some(v) = text
                .split("event: version\ndata: ")
                .nth(1)
                .and_then(|rest| rest.lines().next())
            {
                return v.trim().parse::<u64>().expect("a version");
            }
        }
    };
    // Far below the web's re-check of every watched game (30 s): what comes is told.
    tokio::time::timeout(std::time::Duration::from_secs(20), wait)
        .await
        .expect("a version event")
}

/// A watched game's page hears a move another writer (on PostgreSQL another process's
/// handle) commits, through the change feed: the web reads nothing meanwhile.
#[test]
fn a_watched_page_hears_another_writers_change() {
    use arcana::service::pages::WebLinks;
    two_handles("watchedpage", |e, store, writer, runtime| {
        let id = writer.new_id().expect("id");
        let mut rec = record(id, 51);
        commit(&writer, |w| w.game_checked(&rec, Expect::New));
        runtime.block_on(async {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("bind");
            let base = format!("http://{}", listener.local_addr().expect("address"));
            let links = WebLinks::new(&base, b"the feed test's key, long enough......");
            let url = format!("{}/events", links.game_url(id));
            let options = arcana::web::WebOptions::new(links);
            tokio::spawn(arcana::web::serve(listener, store.share(), options));
            let mut events = reqwest::get(url).await.expect("events");
            assert_eq!(next_version(&mut events).await, 1, "{}", e.name);
            for expect in [Expect::At(1), Expect::At(2)] {
                rec.draw_offer = rec.draw_offer.xor(Some(Side::White));
                let mut w = Write::new();
                w.game_checked(&rec, expect).expect("build");
                let w2 = writer.share();
                tokio::task::spawn_blocking(move || w2.commit(w))
                    .await
                    .expect("join")
                    .expect("commit");
                assert_eq!(next_version(&mut events).await, expect.next(), "{}", e.name);
            }
        });
    });
}

// Issue 53: the note at `arcana local`'s start counts active games from the index, no
// further than it asks, on both backends.
#[test]
fn active_games_are_counted_no_further_than_asked() {
    for e in backends("active_upto") {
        let name = e.name;
        let store = e.open();
        assert_eq!(store.active_upto(10).expect("count"), 0, "{name}");
        let mut recs = Vec::new();
        for channel in 21..26 {
            let id = store.new_id().expect("id");
            recs.push(record(id, channel));
        }
        commit(&store, |w| recs.iter().try_for_each(|r| w.game(r)));
        assert_eq!(store.active_upto(10).expect("count"), 5, "{name}");
        assert_eq!(store.active_upto(3).expect("count"), 3, "{name}");
        // A finished game is no longer counted.
        recs[0].finished = true;
        commit(&store, |w| w.game(&recs[0]));
        assert_eq!(store.active_upto(10).expect("count"), 4, "{name}");
    }
}

/// The connections to this test's database other than the asking one.
fn connections(admin: &mut postgres::Client) -> i64 {
    admin
        .query_one(
            "SELECT count(*) FROM pg_stat_activity \
             WHERE datname = current_database() AND pid <> pg_backend_pid()",
            &[],
        )
        .map(|r| r.get(0))
        .unwrap_or(0)
}

#[test]
fn a_crowd_of_calls_waits_for_the_pools_connections_instead_of_opening_more() {
    for e in backends("poolbound") {
        if e.name != "postgres" {
            continue;
        }
        let store = e.open();
        let id = store.new_id().expect("id");
        commit(&store, |w| w.game(&record(id, 900)));
        let mut admin = postgres::Client::connect(&e.url, postgres::NoTls).expect("admin");
        let done = std::sync::atomic::AtomicBool::new(false);
        let (most, calls) = std::thread::scope(|s| {
            let sampler = s.spawn(|| {
                let mut most = 0;
                while !done.load(std::sync::atomic::Ordering::SeqCst) {
                    most = most.max(connections(&mut admin));
                }
                most
            });
            let callers: Vec<_> = (0..64)
                .map(|_| {
                    let store = store.share();
                    s.spawn(move || {
                        (0..25)
                            .filter(|_| store.game_version(id).expect("read").is_some())
                            .count()
                    })
                })
                .collect();
            let calls: usize = callers.into_iter().map(|h| h.join().expect("caller")).sum();
            done.store(true, std::sync::atomic::Ordering::SeqCst);
            (sampler.join().expect("sampler"), calls)
        });
        assert_eq!(calls, 64 * 25, "every call was answered");
        let bound = i64::try_from(arcana::store::POSTGRES_CONNECTIONS).expect("small");
        assert!(
            (1..=bound).contains(&most),
            "{most} connections open at once, where the pool keeps at most {bound}"
        );
    }
}
