//! Ratings through the service: one Glicko-2 update for every way a rated game ends,
//! none for aborts and casual games, the stored ratings equal to a rebuild from the
//! records (also after many random games and a restart), `/profile` and
//! `/leaderboard`, and the global ladder switch.

mod common;

use arcana::core::Side;
use arcana::ratings::{LadderScope, Score, Table};
use arcana::service::api::{ColorChoice, Context, DrawAction, Request};
use arcana::service::clock::{ManualClock, DAY_MS};
use arcana::service::ratings::rebuild;
use arcana::service::{Service, ServiceConfig};
use arcana::store::{GameRecord, Store};
use arcana::variants::{Options, VariantId};
use common::{user, Harness, START_MS};
use rand::{Rng, SeedableRng};
use std::path::Path;
use std::sync::Arc;

const CH: u64 = 300;

fn challenge(h: &Harness, white: &str, black: &str, ch: u64, variant: VariantId, rated: bool) {
    h.ok(
        white,
        ch,
        Request::Challenge {
            opponent: user(black),
            variant,
            color: ColorChoice::White,
            days: Some(1),
            options: Options::new(),
            rated,
        },
    );
    h.ok(black, ch, Request::Accept);
}

/// The record of the last game of `ch`.
fn last_record(h: &Harness, ch: u64) -> GameRecord {
    let store = h.service.store();
    let id = store.last_game(ch).expect("db").expect("a game");
    store.game(id).expect("db").expect("record")
}

/// The stored ratings equal the rebuild from the records (which replays every game).
fn assert_rebuild_equal(store: &Store, scope: LadderScope) -> Table {
    let (stored, stored_scope) = store.ratings().expect("ratings");
    let (rebuilt, _) = rebuild(store, scope).expect("rebuild");
    assert_eq!(stored_scope, Some(scope));
    assert_eq!(stored, rebuilt, "stored ratings differ from the rebuild");
    stored
}

/// Plays one rated game of alice (White) and bob that ends the given way; returns
/// the expected score.
fn end_game(h: &Harness, ch: u64, how: &str) -> Score {
    challenge(h, "alice", "bob", ch, VariantId::Standard, true);
    match how {
        "checkmate" => {
            h.moves(ch, &["f3", "e5", "g4", "Qh4#"]);
            Score::Won(Side::Black)
        }
        "stalemate" => {
            h.moves(
                ch,
                &[
                    "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+",
                    "Kf7", "Qxb7", "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6",
                ],
            );
            Score::Draw
        }
        "resignation" => {
            h.moves(ch, &["e4", "e5"]);
            h.ok("bob", ch, Request::Resign);
            Score::Won(Side::White)
        }
        "agreement" => {
            h.moves(ch, &["e4", "e5"]);
            h.ok("alice", ch, Request::Draw(DrawAction::Offer));
            h.ok("bob", ch, Request::Draw(DrawAction::Accept));
            Score::Draw
        }
        "claim" => {
            h.moves(
                ch,
                &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"],
            );
            h.ok("alice", ch, Request::Draw(DrawAction::Claim));
            Score::Draw
        }
        "timeout" => {
            h.moves(ch, &["e4", "e5", "Nf3"]);
            h.clock.advance(DAY_MS + 1);
            h.ok("alice", ch, Request::Claim);
            Score::Won(Side::White)
        }
        other => panic!("no such ending {other}"),
    }
}

fn texts(replies: &[arcana::service::api::Reply]) -> String {
    replies
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Ruling X-RATINGS-8 (issue 28, newcomers): a rated game that ends before each player
/// has played a move is not rated (a resignation before any move was 1500 → 1662), and
/// says so; from the second player's first move on it is.
#[test]
fn a_game_ended_before_each_player_moved_is_not_rated() {
    // ruling X-RATINGS-8
    let h = Harness::new();
    // Resigned before any move; resigned after White's first move; lost on time
    // before Black's first move.
    challenge(&h, "alice", "bob", CH, VariantId::Standard, true);
    let ended = texts(&h.ok("bob", CH, Request::Resign));
    assert!(
        ended.contains("not rated: it ended before each player had played a move"),
        "{ended}"
    );
    challenge(&h, "alice", "bob", CH + 1, VariantId::Standard, true);
    h.moves(CH + 1, &["e4"]);
    h.ok("alice", CH + 1, Request::Resign);
    challenge(&h, "alice", "bob", CH + 2, VariantId::Standard, true);
    h.moves(CH + 2, &["e4"]);
    h.clock.advance(DAY_MS + 1);
    h.ok("alice", CH + 2, Request::Claim);
    for ch in CH..CH + 3 {
        let rec = last_record(&h, ch);
        let end = rec.end.as_ref().expect("ended");
        assert_eq!(end.rating, None, "channel {ch}: {end:?}");
    }
    assert!(h
        .service
        .store()
        .ratings()
        .expect("ratings")
        .0
        .standings
        .is_empty());
    assert_rebuild_equal(h.service.store(), LadderScope::Server);
    // Once each has moved, a resignation is rated.
    challenge(&h, "alice", "bob", CH + 3, VariantId::Standard, true);
    h.moves(CH + 3, &["e4", "e5"]);
    let ended = texts(&h.ok("bob", CH + 3, Request::Resign));
    assert!(!ended.contains("not rated"), "{ended}");
    let rec = last_record(&h, CH + 3);
    assert!(rec.end.as_ref().expect("ended").rating.is_some());
    assert_rebuild_equal(h.service.store(), LadderScope::Server);
}

#[test]
fn every_way_a_rated_game_ends_rates_it_once() {
    let h = Harness::new();
    let mut expected = Table::default();
    let endings = [
        "checkmate",
        "stalemate",
        "resignation",
        "agreement",
        "claim",
        "timeout",
    ];
    for (i, how) in endings.into_iter().enumerate() {
        let ch = CH + i as u64;
        let score = end_game(&h, ch, how);
        let rec = last_record(&h, ch);
        let ended = rec.actions.last().map_or(rec.created_ms, |a| a.at_ms);
        let change = expected
            .rate(
                Some(7),
                VariantId::Standard,
                [user("alice").id, user("bob").id],
                score,
                ended,
            )
            .expect("rated");
        let end = rec.end.as_ref().expect("an end stamp");
        assert_eq!(end.order, i as u64 + 1, "{how}");
        assert_eq!(end.score, score, "{how}");
        assert_eq!(end.rating, Some(change), "{how}: one update, by the crate");
        let (stored, _) = h.service.store().ratings().expect("ratings");
        assert_eq!(stored, expected, "after {how}");
        // Nothing after the end changes the ratings again.
        h.refused("alice", ch, Request::Resign);
        h.ok("carol", ch, Request::Board);
        assert_eq!(h.service.store().ratings().expect("ratings").0, expected);
    }
    let s = expected
        .get(&arcana::ratings::Key {
            ladder: Some(7),
            variant: VariantId::Standard,
            user: user("alice").id,
        })
        .expect("alice");
    assert_eq!((s.wins, s.draws, s.losses), (2, 3, 1));
    assert_rebuild_equal(h.service.store(), LadderScope::Server);
}

#[test]
fn aborted_and_casual_games_stay_unrated() {
    let h = Harness::new();
    challenge(&h, "alice", "bob", CH, VariantId::Standard, true);
    h.moves(CH, &["e4"]);
    h.ok("bob", CH, Request::Abort);
    let rec = last_record(&h, CH);
    assert_eq!(rec.end.as_ref().map(|e| e.score), Some(Score::Aborted));
    assert_eq!(rec.end.as_ref().and_then(|e| e.rating), None);

    // A casual game says so, and its checkmate moves nothing.
    let r = h.ok(
        "alice",
        CH,
        Request::Challenge {
            opponent: user("bob"),
            variant: VariantId::Standard,
            color: ColorChoice::White,
            days: None,
            options: Options::new(),
            rated: false,
        },
    );
    assert!(r[0].text.contains("casual"), "{}", r[0].text);
    let r = h.ok("bob", CH, Request::Accept);
    assert!(r[0].text.contains("casual"), "{}", r[0].text);
    let games = h.ok(
        "carol",
        CH,
        Request::Games(arcana::service::api::GamesScope::Server),
    );
    assert!(games[0].text.contains("(casual)"), "{}", games[0].text);
    h.moves(CH, &["f3", "e5", "g4", "Qh4#"]);
    let rec = last_record(&h, CH);
    assert!(!rec.rated);
    assert_eq!(
        rec.end.as_ref().map(|e| (e.order, e.score)),
        Some((2, Score::Won(Side::Black)))
    );
    assert_eq!(rec.end.as_ref().and_then(|e| e.rating), None);
    let stored = assert_rebuild_equal(h.service.store(), LadderScope::Server);
    assert!(stored.standings.is_empty(), "{stored:?}");
    let p = h.ok("alice", CH, Request::Profile { user: None });
    assert!(p[0].text.contains("No rated games yet"), "{}", p[0].text);
    assert!(
        p[0].text.contains("- loss vs bob (Chess, casual)"),
        "{}",
        p[0].text
    );
    // A rated challenge says so too.
    let r = h.ok(
        "alice",
        CH,
        Request::Challenge {
            opponent: user("bob"),
            variant: VariantId::Standard,
            color: ColorChoice::White,
            days: None,
            options: Options::new(),
            rated: true,
        },
    );
    assert!(r[0].text.contains(", rated)"), "{}", r[0].text);
}

/// Plays `games` random games in four channels among four players and several
/// variants: random legal answers, then a random ending (or none: some stay open).
fn random_games(h: &Harness, seed: u64, games: usize) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let names = ["alice", "bob", "carol", "dave"];
    let variants = [
        VariantId::Standard,
        VariantId::Spell,
        VariantId::Sorchess,
        VariantId::Wand,
    ];
    for g in 0..games {
        let ch = CH + (g % 4) as u64;
        // Finish whatever is open in this channel first.
        if let Some(id) = h.service.store().active_game(ch).expect("db") {
            let rec = h.service.store().game(id).expect("db").expect("rec");
            h.ok(&rec.players[0].name, ch, Request::Resign);
        }
        let a = rng.gen_range(0..4);
        let b = (a + rng.gen_range(1..4)) % 4;
        let (white, black) = (names[a], names[b]);
        let variant = variants[rng.gen_range(0..variants.len())];
        challenge(h, white, black, ch, variant, rng.gen_bool(0.8));
        let plies = rng.gen_range(0..24);
        for _ in 0..plies {
            let asked = [white, black]
                .into_iter()
                .find(|n| h.service.asks(ch, user(n).id));
            let Some(asked) = asked else { break };
            let legal = h.service.autocomplete(ch, user(asked).id, "");
            if legal.is_empty() {
                break;
            }
            // Some legal texts need a `!` to confirm (Spell Chess self-check).
            let text = legal[rng.gen_range(0..legal.len())].clone();
            let played = [text.clone(), format!("{text}!")].into_iter().any(|text| {
                h.req(asked, ch, Request::Move { text })
                    .iter()
                    .all(|r| r.kind != arcana::service::api::ReplyKind::Refusal)
            });
            assert!(played, "{text} from the legal list was refused twice");
        }
        if h.service.store().active_game(ch).expect("db").is_none() {
            continue;
        }
        match rng.gen_range(0..6) {
            0 => {
                h.ok(black, ch, Request::Resign);
            }
            1 => {
                h.ok(white, ch, Request::Draw(DrawAction::Offer));
                h.ok(black, ch, Request::Draw(DrawAction::Accept));
            }
            2 => {
                // Aborts are refused once both sides have moved; either way is fine.
                h.req(white, ch, Request::Abort);
            }
            3 => {
                h.clock.advance(DAY_MS + 1);
                let waiting = [white, black]
                    .into_iter()
                    .find(|n| !h.service.asks(ch, user(n).id))
                    .unwrap_or(white);
                h.req(waiting, ch, Request::Claim);
            }
            _ => {}
        }
        h.clock.advance(1000);
    }
}

#[test]
fn many_random_games_rebuild_to_the_stored_ratings_also_after_a_restart() {
    let dir = tempfile::tempdir().expect("dir");
    let clock = Arc::new(ManualClock::new(START_MS));
    let profile_before;
    {
        let h = Harness::on_disk(dir.path(), clock.clone());
        random_games(&h, 11, 60);
        let stored = assert_rebuild_equal(h.service.store(), LadderScope::Server);
        assert!(stored.standings.len() >= 8, "{}", stored.standings.len());
        // Every stored record's rating change is what the rebuild computes for it.
        let mut finished = 0;
        for rec in h.service.store().all_games().expect("games") {
            if let Some(end) = &rec.end {
                finished += 1;
                assert_eq!(
                    end.rating.is_some(),
                    rec.rated
                        && end.score != Score::Aborted
                        && arcana::service::record::both_played(&rec)
                );
            }
        }
        assert!(finished >= 40, "{finished}");
        profile_before = h.ok("alice", CH, Request::Profile { user: None })[0]
            .text
            .clone();
    }
    // Reopened: the same ratings, the same profile, and play goes on in order.
    {
        let h = Harness::on_disk(dir.path(), clock.clone());
        let again = h.ok("alice", CH, Request::Profile { user: None });
        assert_eq!(again[0].text, profile_before);
        random_games(&h, 12, 20);
        assert_rebuild_equal(h.service.store(), LadderScope::Server);
        // A store whose ratings were lost (or never written: a store from before
        // ratings) gets them back from the records at the next start.
        h.service
            .store()
            .replace_ratings(&Table::default(), LadderScope::Server)
            .expect("wipe");
    }
    let h = Harness::on_disk(dir.path(), clock.clone());
    let stored = assert_rebuild_equal(h.service.store(), LadderScope::Server);
    assert!(!stored.standings.is_empty());
    drop(h);

    // The command line agrees, and notices a tampered table.
    let out = cli_ratings(dir.path(), &["--rebuild"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("identical to the stored ratings"), "{text}");
    {
        let store = Store::open(dir.path()).expect("store");
        let mut table = stored.clone();
        if let Some(s) = table.standings.values_mut().next() {
            s.glicko.rating += 1e-9;
        }
        store
            .replace_ratings(&table, LadderScope::Server)
            .expect("tamper");
    }
    let out = cli_ratings(dir.path(), &["--rebuild"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("differ"));
}

fn cli_ratings(data: &Path, extra: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_arcana"))
        .arg("ratings")
        .arg("--data")
        .arg(data)
        .args(extra)
        .output()
        .expect("run arcana ratings")
}

fn ctx_on(name: &str, channel: u64, server: u64) -> Context {
    Context {
        user: user(name),
        channel,
        server: Some(server),
        key: None,
        lang: Default::default(),
        guild_locale: None,
    }
}

/// alice beats bob `n` times on `server` (resignations), in channel `ch`.
fn wins(service: &Service, server: u64, ch: u64, n: usize) {
    for _ in 0..n {
        game(service, server, ch, "bob");
    }
}

/// alice (White) and bob play on `server` in channel `ch`; `loser` resigns.
fn game(service: &Service, server: u64, ch: u64, loser: &str) {
    {
        let c = Request::Challenge {
            opponent: user("bob"),
            variant: VariantId::Standard,
            color: ColorChoice::White,
            days: None,
            options: Options::new(),
            rated: true,
        };
        for (who, req) in [
            ("alice", c),
            ("bob", Request::Accept),
            ("alice", Request::Move { text: "e4".into() }),
            ("bob", Request::Move { text: "e5".into() }),
            (loser, Request::Resign),
        ] {
            let r = service.handle(&ctx_on(who, ch, server), req);
            assert!(
                r.iter()
                    .all(|r| r.kind != arcana::service::api::ReplyKind::Refusal),
                "{r:?}"
            );
        }
    }
}

#[test]
fn server_ladders_by_default_and_one_global_ladder_by_switch() {
    let dir = tempfile::tempdir().expect("dir");
    let open = |ladder| {
        Service::new(
            Store::open(dir.path()).expect("store"),
            Arc::new(ManualClock::new(START_MS)),
            ServiceConfig {
                seed: Some(1),
                ladder,
                ..ServiceConfig::default()
            },
        )
        .expect("service")
    };
    {
        let s = open(LadderScope::Server);
        wins(&s, 1, CH, 2);
        wins(&s, 2, CH + 1, 1);
        let (t, _) = s.store().ratings().expect("ratings");
        assert_eq!(t.player(Some(1), user("alice").id)[0].1.wins, 2);
        assert_eq!(t.player(Some(2), user("alice").id)[0].1.wins, 1);
        let p = s.handle(&ctx_on("bob", CH, 2), Request::Profile { user: None });
        assert!(p[0].text.contains("on this server"), "{}", p[0].text);
        assert!(
            p[0].text.contains("0 wins, 0 draws, 1 loss"),
            "{}",
            p[0].text
        );
    }
    // Switching to one ladder rebuilds the ratings from the records at start.
    let s = open(LadderScope::Global);
    let t = assert_rebuild_equal(s.store(), LadderScope::Global);
    assert_eq!(t.player(None, user("alice").id)[0].1.wins, 3);
    assert!(t.player(Some(1), user("alice").id).is_empty());
    let p = s.handle(&ctx_on("bob", CH, 2), Request::Profile { user: None });
    assert!(p[0].text.contains("across all servers"), "{}", p[0].text);
    assert!(
        p[0].text.contains("0 wins, 0 draws, 3 losses"),
        "{}",
        p[0].text
    );
}

#[test]
fn profile_shows_ratings_current_games_and_last_five_results() {
    let h = Harness::new();
    for i in 0..6 {
        end_game(&h, CH + i, if i == 2 { "agreement" } else { "resignation" });
    }
    challenge(&h, "bob", "alice", CH + 10, VariantId::Spell, true);
    challenge(&h, "carol", "alice", CH + 11, VariantId::Standard, false);
    let p = h.ok(
        "carol",
        CH,
        Request::Profile {
            user: Some(user("alice")),
        },
    );
    let text = &p[0].text;
    assert_eq!(p[0].to, arcana::service::api::Audience::Invoker);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "**alice**: ratings on this server", "{text}");
    assert!(lines[1].starts_with("Chess: "), "{text}");
    assert!(lines[1].contains("? (deviation "), "provisional: {text}");
    assert!(lines[1].ends_with("5 wins, 1 draw, 0 losses"), "{text}");
    assert_eq!(lines[2], "Current games:", "{text}");
    assert_eq!(
        lines[3],
        format!("- Spell Chess vs bob in {{#{}}}, bob to move", CH + 10),
        "{text}"
    );
    assert_eq!(
        lines[4],
        format!(
            "- Chess vs carol in {{#{}}} (casual), carol to move",
            CH + 11
        ),
        "{text}"
    );
    assert_eq!(lines[5], "Last results:", "{text}");
    assert_eq!(lines.len(), 11, "five results: {text}");
    assert!(
        lines[6].starts_with("- win vs bob (Chess, rated, "),
        "{text}"
    );
    assert!(lines[6].contains(" → "), "{text}");
    assert!(
        lines[9].starts_with("- draw vs bob"),
        "newest first: {text}"
    );
    // Someone with nothing yet.
    let p = h.ok("dave", CH, Request::Profile { user: None });
    assert_eq!(
        p[0].text,
        "**dave**: ratings on this server\nNo rated games yet."
    );
}

#[test]
fn leaderboard_lists_settled_players_only_and_the_askers_place() {
    let h = Harness::new();
    let r = h.ok("alice", CH, Request::Leaderboard { variant: None });
    assert!(
        r[0].text.contains("Nobody has a settled Chess rating"),
        "{}",
        r[0].text
    );
    assert!(
        r[0].text.contains("You have no rated Chess games"),
        "{}",
        r[0].text
    );
    // Two players meet until their deviations settle (alice wins two games in three:
    // one-sided results would tell Glicko-2 little); carol plays once.
    let mut n = 0;
    loop {
        n += 1;
        game(&h.service, 7, CH, if n % 3 == 0 { "alice" } else { "bob" });
        let t = h.service.store().ratings().expect("ratings").0;
        let settled = t
            .ladder(Some(7), VariantId::Standard)
            .iter()
            .all(|(_, s)| s.glicko.deviation <= arcana::ratings::LEADERBOARD_DEVIATION);
        if settled {
            break;
        }
        assert!(n < 300, "deviations never settled");
    }
    challenge(&h, "carol", "bob", CH + 1, VariantId::Standard, true);
    h.ok("carol", CH + 1, Request::Move { text: "e4".into() });
    h.ok("bob", CH + 1, Request::Move { text: "e5".into() });
    h.ok("bob", CH + 1, Request::Resign);
    let r = h.ok(
        "bob",
        CH,
        Request::Leaderboard {
            variant: Some(VariantId::Standard),
        },
    );
    let lines: Vec<&str> = r[0].text.lines().collect();
    assert_eq!(lines[0], "Chess leaderboard on this server:", "{lines:?}");
    assert!(lines[1].starts_with("1. alice "), "{lines:?}");
    assert!(lines[2].starts_with("2. bob "), "{lines:?}");
    assert!(!lines[1].contains('?'), "{lines:?}");
    assert!(
        !r[0].text.contains("carol"),
        "provisional players are not listed"
    );
    assert_eq!(
        lines[3],
        format!(
            "Your place: 2 of 2, with {}.",
            lines[2].split_whitespace().nth(2).expect("bob's rating")
        )
    );
    let r = h.ok("carol", CH, Request::Leaderboard { variant: None });
    assert!(
        r[0].text.contains("You are not listed yet: your rating 1"),
        "{}",
        r[0].text
    );
    // Another variant has its own (empty) ladder.
    let r = h.ok(
        "alice",
        CH,
        Request::Leaderboard {
            variant: Some(VariantId::Wand),
        },
    );
    assert!(
        r[0].text.contains("Nobody has a settled Wand Chess rating"),
        "{}",
        r[0].text
    );
    // X-RATINGS-7: a year without rated games: the deviations have grown past the
    // leaderboard's 75 (and past 110: the ratings show `?` again).
    h.clock.advance(365 * 86_400_000);
    let r = h.ok("bob", CH, Request::Leaderboard { variant: None });
    assert!(
        r[0].text.contains("Nobody has a settled Chess rating")
            && r[0].text.contains("not listed yet"),
        "{}",
        r[0].text
    );
    let p = h.ok("bob", CH, Request::Profile { user: None });
    assert!(p[0].text.contains("? (deviation 1"), "{}", p[0].text);
    // The stored table is still what a rebuild from the records gives.
    let (rebuilt, _) =
        arcana::service::ratings::rebuild(h.service.store(), arcana::ratings::LadderScope::Server)
            .expect("rebuild");
    assert_eq!(rebuilt, h.service.store().ratings().expect("ratings").0);
}

#[test]
fn games_ending_at_once_in_many_channels_rate_in_one_order() {
    let h = Arc::new(Harness::new());
    let players = ["alice", "bob", "carol", "dave"];
    for i in 0..8u64 {
        let (w, b) = (players[(i % 4) as usize], players[((i + 1) % 4) as usize]);
        challenge(&h, w, b, CH + i, VariantId::Standard, true);
    }
    let threads: Vec<_> = (0..8u64)
        .map(|i| {
            let h = Arc::clone(&h);
            std::thread::spawn(move || {
                let loser = players[((i + 1) % 4) as usize];
                h.ok(loser, CH + i, Request::Resign);
            })
        })
        .collect();
    for t in threads {
        t.join().expect("thread");
    }
    let mut orders: Vec<u64> = (0..8)
        .map(|i| last_record(&h, CH + i).end.expect("ended").order)
        .collect();
    orders.sort();
    assert_eq!(orders, (1..=8).collect::<Vec<_>>());
    assert_rebuild_equal(h.service.store(), LadderScope::Server);
}

#[test]
fn a_start_reads_the_stored_ratings_and_results_not_every_record() {
    let dir = tempfile::tempdir().expect("dir");
    let clock = Arc::new(ManualClock::new(START_MS));
    let (table, profile);
    {
        let h = Harness::on_disk(dir.path(), clock.clone());
        random_games(&h, 21, 12);
        table = assert_rebuild_equal(h.service.store(), LadderScope::Server);
        profile = h.ok("alice", CH, Request::Profile { user: None })[0]
            .text
            .clone();
        // Change a finished rated record behind the service's back: a start that
        // derived the ratings from the records would now compute other ones.
        let store = h.service.store();
        let mut rec = store
            .all_games()
            .expect("games")
            .into_iter()
            .find(|r| r.finished && r.end.as_ref().is_some_and(|e| e.rating.is_some()))
            .expect("a rated finished game");
        rec.rated = false;
        let mut w = arcana::store::Write::new();
        w.game(&rec).expect("encode");
        store.commit(w).expect("write");
        let (rebuilt, _) = rebuild(store, LadderScope::Server).expect("rebuild");
        assert_ne!(rebuilt, table);
    }
    let h = Harness::on_disk(dir.path(), clock.clone());
    let (stored, _) = h.service.store().ratings().expect("ratings");
    assert_eq!(stored, table, "the stored table is read as it is");
    let again = h.ok("alice", CH, Request::Profile { user: None });
    assert_eq!(
        again[0].text, profile,
        "results come from the profile index"
    );
}
