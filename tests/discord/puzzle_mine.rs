//! "Learn from your mistakes" and the puzzle harvest (issue 51), on the store backend
//! under test (sled, or PostgreSQL with `ARCANA_TEST_BACKEND=postgres`): a finished
//! game where White gives its queen away (1.e4 e5 2.Qh5 Nc6 3.Qxe5+?? Nxe5), reviewed;
//! `/puzzle mine` then shows White's player the position before the mistake, from
//! their side, unrated; the engine's answer solves it, an answer as good as it does
//! too, the mistake is told the right one; nobody else ever gets it; nothing to show is
//! one private line. The harvest makes public puzzles of the same game once, even run
//! by two services on one store at once, and a game finished while no job ran is
//! picked up after a restart.

#![allow(clippy::unwrap_used)]

use crate::support;
use support::site::{ctx_in, user};

use arcana::core::view::Viewer;
use arcana::core::Side;
use arcana::puzzles::judge::{worth, Depth};
use arcana::puzzles::Position;
use arcana::service::actions::PuzzleAsk;
use arcana::service::api::{Audience, ColorChoice, Context, Reply, ReplyKind, Request};
use arcana::service::harvest::{start, HarvestConfig, Harvested, Throttle};
use arcana::service::ServiceConfig;
use arcana::store::StoredPuzzle;
use arcana::variants::{Options, VariantId};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use support::backend::Blocking;

const CHANNEL: u64 = 900;
/// White hangs its queen on move 3; Black takes it, White resigns.
const BLUNDER: [&str; 6] = ["e4", "e5", "Qh5", "Nc6", "Qxe5+", "Nxe5"];

fn ctx(name: &str) -> Context {
    ctx_in(name, CHANNEL, Some(7))
}

fn open(dir: &std::path::Path) -> Blocking {
    Blocking::open(
        dir,
        ServiceConfig {
            seed: Some(1),
            ..ServiceConfig::default()
        },
    )
}

/// The finished game of [`BLUNDER`] (alice White, bob Black): its id.
fn blunder_game(s: &Blocking) -> u64 {
    s.with(|s| {
        s.handle(
            &ctx("alice"),
            Request::Challenge {
                opponent: user("bob"),
                variant: VariantId::Standard,
                color: ColorChoice::White,
                days: Some(3),
                options: Options::new(),
                rated: false,
            },
        );
        s.handle(&ctx("bob"), Request::Accept);
        for (i, m) in BLUNDER.iter().enumerate() {
            let who = if i % 2 == 0 { "alice" } else { "bob" };
            let r = s.handle(
                &ctx(who),
                Request::Move {
                    text: m.to_string(),
                },
            );
            assert!(r.iter().all(|r| r.kind != ReplyKind::Refusal), "{m}: {r:?}");
        }
        s.handle(&ctx("alice"), Request::Resign);
        s.store().last_game(CHANNEL).unwrap().unwrap()
    })
}

/// `/review` of game `id`: the note, then the review itself (as the front ends run it).
fn review(s: &Blocking, id: u64) {
    s.with(|s| {
        s.handle(&ctx("carol"), Request::Review { game: Some(id) });
        let r = s.review(&ctx("carol"), Some(id)).expect("the review runs");
        assert!(r[0].text.contains("Qxe5+??"), "{}", r[0].text);
    });
}

fn ask(s: &Blocking, who: &str, ask: PuzzleAsk) -> Vec<Reply> {
    s.with(|s| s.handle(&ctx(who), Request::Puzzle(ask)))
}

fn mine(s: &Blocking, who: &str) -> Vec<Reply> {
    ask(
        s,
        who,
        PuzzleAsk {
            mine: true,
            ..PuzzleAsk::default()
        },
    )
}

fn answer(s: &Blocking, who: &str, text: &str) -> String {
    let r = ask(
        s,
        who,
        PuzzleAsk {
            answer: Some(text.to_string()),
            ..PuzzleAsk::default()
        },
    );
    assert_eq!(r.len(), 1, "{r:?}");
    r[0].text.clone()
}

/// One refusal of one line, to the invoker alone; returns it.
fn refused(r: Vec<Reply>) -> String {
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0].kind, ReplyKind::Refusal, "accepted: {}", r[0].text);
    assert_eq!(r[0].to, Audience::Invoker);
    assert!(!r[0].text.contains('\n'), "one line: {}", r[0].text);
    r[0].text.clone()
}

fn own(s: &Blocking, who: &str) -> Vec<StoredPuzzle> {
    s.with(|s| s.store().own_puzzles(user(who).id).unwrap())
}

/// Alice's own puzzle of the blunder: the position before 3.Qxe5+.
fn the_blunder(s: &Blocking) -> StoredPuzzle {
    own(s, "alice")
        .into_iter()
        .find(|p| p.played.as_deref() == Some("Qxe5+"))
        .expect("the queen given away is a puzzle of alice's")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_reviewed_mistake_is_its_players_own_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let s = open(dir.path());
    let id = blunder_game(&s);
    // Nothing reviewed yet: the reason, in one line.
    let none = refused(mine(&s, "alice"));
    assert!(none.contains("review a finished game"), "{none}");
    review(&s, id);
    let p = the_blunder(&s);
    assert_eq!(p.owner, Some(user("alice").id));
    assert_eq!(p.source, format!("game {id}"));
    assert_eq!(
        p.position.split('|').nth(3),
        Some("e2-e4;e7-e5;Qd1-h5;Nb8-c6")
    );
    // Shown to alice from her side, privately, unrated.
    let q = mine(&s, "alice");
    assert_eq!(q.len(), 1, "{q:?}");
    assert_eq!(q[0].to, Audience::Invoker);
    assert!(q[0].text.contains("White to move"), "{}", q[0].text);
    assert!(q[0].text.contains("You played Qxe5+ here"), "{}", q[0].text);
    assert_eq!(
        q[0].image.as_ref().expect("a board").viewer,
        Viewer::Player(Side::White)
    );
    // The mistake again: told the engine's answer.
    let wrong = answer(&s, "alice", "Qxe5+");
    assert!(wrong.contains("Not this one"), "{wrong}");
    assert!(wrong.contains("The answer was"), "{wrong}");
    assert!(
        wrong.contains("Not rated (a puzzle from your own game)"),
        "{wrong}"
    );
    // Unsolved, so shown again; the engine's answer solves it.
    let again = mine(&s, "alice");
    assert!(again[0].text.contains(&p.id), "{}", again[0].text);
    let solved = answer(&s, "alice", &p.line[0]);
    assert!(solved.contains("Solved"), "{solved}");
    let book = s.with(|s| s.store().puzzle_book(user("alice").id).unwrap().value);
    assert!(book.ratings.is_empty(), "own puzzles are unrated: {book:?}");
    let stored = the_blunder(&s);
    assert_eq!((stored.attempts, stored.solved), (2, 1));
    assert_eq!(stored.glicko, p.glicko, "its rating does not move");
    // Every own puzzle solved: the reason, in one line.
    for q in own(&s, "alice").into_iter().filter(|q| q.solved == 0) {
        ask(
            &s,
            "alice",
            PuzzleAsk {
                mine: true,
                id: Some(q.id.clone()),
                ..PuzzleAsk::default()
            },
        );
        answer(&s, "alice", &q.line[0]);
    }
    let done = refused(mine(&s, "alice"));
    assert!(done.contains("You have solved all"), "{done}");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_answer_as_good_as_the_engines_solves_an_own_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let s = open(dir.path());
    let id = blunder_game(&s);
    review(&s, id);
    let p = the_blunder(&s);
    let position = Position::parse(VariantId::Standard, &p.position).unwrap();
    let game = position.game().unwrap();
    let judged = |a: &str| worth(&game, Side::White, a, &Depth::FIND, 1).unwrap();
    let best = judged(&p.line[0]);
    assert!(judged("Qxe5+") < best - 150, "the mistake is clearly worse");
    // Another answer within half a pawn of the engine's, by the same search.
    let other = game
        .legal_texts()
        .into_iter()
        .filter(|a| *a != p.line[0])
        .find(|a| judged(a) >= best - 50)
        .expect("an opening position has another good answer");
    mine(&s, "alice");
    let text = answer(&s, "alice", &other);
    assert!(text.contains("Solved"), "{other}: {text}");
    assert!(text.contains("as good as the engine's"), "{text}");
}

#[tokio::test(flavor = "multi_thread")]
async fn nobody_else_gets_a_players_own_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let s = open(dir.path());
    let id = blunder_game(&s);
    review(&s, id);
    let p = the_blunder(&s);
    for who in ["bob", "carol"] {
        let by_id = refused(ask(
            &s,
            who,
            PuzzleAsk {
                id: Some(p.id.clone()),
                ..PuzzleAsk::default()
            },
        ));
        assert!(by_id.contains("There is no puzzle"), "{who}: {by_id}");
        let mine_too = ask(
            &s,
            who,
            PuzzleAsk {
                id: Some(p.id.clone()),
                mine: true,
                ..PuzzleAsk::default()
            },
        );
        assert_eq!(mine_too[0].kind, ReplyKind::Refusal, "{who}: {mine_too:?}");
        // Answering it is impossible: it never opened.
        assert!(own(&s, who).iter().all(|q| q.id != p.id));
    }
    let carol = refused(mine(&s, "carol"));
    assert!(carol.contains("no puzzles of your own"), "{carol}");
    // Never among the public puzzles `/puzzle` and the web choose from.
    let public = s.with(|s| s.store().puzzles().unwrap());
    assert!(public.iter().all(|q| q.id != p.id && q.owner.is_none()));
    // Bob's own, if any, are his: never alice's.
    assert!(own(&s, "bob")
        .iter()
        .all(|q| q.owner == Some(user("bob").id)));
}

/// The public puzzles harvested from game `id`.
fn harvested(s: &Blocking, id: u64) -> Vec<StoredPuzzle> {
    let source = format!("game {id}");
    s.with(|s| s.store().puzzles().unwrap())
        .into_iter()
        .filter(|p| p.source == source)
        .collect()
}

fn harvest(s: &Blocking) -> Harvested {
    s.with(|s| {
        s.harvest_next(Duration::from_secs(600), &mut Throttle::new(1.0))
            .unwrap()
    })
}

#[tokio::test(flavor = "multi_thread")]
async fn the_harvest_stores_a_games_puzzles_once_across_two_services() {
    let dir = tempfile::tempdir().unwrap();
    let first = open(dir.path());
    // Two services on one store where the backend allows it (PostgreSQL: two
    // processes' worth), else two threads on one.
    let second = if support::backend::postgres() {
        open(dir.path())
    } else {
        Blocking::from_arc(first.arc())
    };
    let id = blunder_game(&first);
    let (a, b) = std::thread::scope(|scope| {
        let one = scope.spawn(|| harvest(&first));
        let two = scope.spawn(|| harvest(&second));
        (one.join().unwrap(), two.join().unwrap())
    });
    let games: Vec<&Harvested> = [&a, &b]
        .into_iter()
        .filter(|h| matches!(h, Harvested::Game { .. }))
        .collect();
    assert_eq!(games.len(), 1, "harvested once: {a:?} {b:?}");
    let Harvested::Game { game, puzzles, .. } = games[0] else {
        unreachable!()
    };
    assert_eq!(*game, id);
    let stored = harvested(&first, id);
    assert_eq!(stored.len(), *puzzles);
    // Black's 3...Nxe5, winning the queen, is among them.
    let queen = stored
        .iter()
        .find(|p| p.position.ends_with(";Nb8-c6;Qh5:e5"))
        .unwrap_or_else(|| panic!("the queen's capture is a puzzle: {stored:?}"));
    assert_eq!(queen.line[0], "Nc6:e5", "{queen:?}");
    // Done: nothing waits any more, for either.
    assert_eq!(harvest(&first), Harvested::Idle);
    assert_eq!(harvest(&second), Harvested::Idle);
    let claim = first.with(|s| s.store().harvest_claim(id).unwrap().value.unwrap());
    assert!(
        claim.done && claim.puzzles as usize == stored.len(),
        "{claim:?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_restart_picks_up_a_game_finished_while_the_job_was_down() {
    let dir = tempfile::tempdir().unwrap();
    let id = {
        let s = open(dir.path());
        blunder_game(&s)
    };
    let s = open(dir.path());
    let queued = s.with(|s| s.store().harvest_queue().unwrap());
    assert!(queued.iter().any(|(_, g)| *g == id), "{queued:?}");
    // Off in the configuration: no job.
    let off = HarvestConfig {
        on: false,
        ..HarvestConfig::default()
    };
    let stop = Arc::new(AtomicBool::new(false));
    assert!(start(s.arc(), off, Arc::clone(&stop)).is_none());
    // On: the job, on its thread, takes the game that waited.
    let on = HarvestConfig {
        cpu_share: 0.5,
        idle: Duration::from_millis(100),
        ..HarvestConfig::default()
    };
    let job = start(s.arc(), on, Arc::clone(&stop)).expect("started");
    let mut done = false;
    for _ in 0..1200 {
        let claim = s.with(|s| s.store().harvest_claim(id).unwrap().value);
        if claim.is_some_and(|c| c.done) {
            done = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(250));
    }
    stop.store(true, Ordering::Relaxed);
    tokio::task::block_in_place(|| job.join().unwrap());
    assert!(done, "the job harvested the game");
    assert!(!harvested(&s, id).is_empty());
    assert!(s.with(|s| s.store().harvest_queue().unwrap()).is_empty());
}

#[test]
fn puzzle_mine_is_typed_as_a_word_and_named_as_an_option() {
    use arcana::service::command::parse_command;
    let who = |name: &str| user(name);
    for typed in ["/puzzle mine", "/puzzle list:mine", "/puzzle MINE"] {
        let r = parse_command(typed, &who).expect(typed);
        assert_eq!(
            r,
            Some(Request::Puzzle(PuzzleAsk {
                mine: true,
                ..PuzzleAsk::default()
            })),
            "{typed}"
        );
    }
    // A game is still a game, and an unknown word is refused.
    let chess = parse_command("/puzzle standard", &who).expect("parses");
    assert!(
        matches!(
            chess,
            Some(Request::Puzzle(PuzzleAsk {
                mine: false,
                variant: Some(VariantId::Standard),
                ..
            }))
        ),
        "{chess:?}"
    );
    assert!(parse_command("/puzzle list:yours", &who).is_err());
}
