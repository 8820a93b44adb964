//! Playing puzzles through the service (`/puzzle`, issue 51), on the store backend
//! under test (sled, or PostgreSQL with `ARCANA_TEST_BACKEND=postgres`): the starter
//! set loaded at the first start and once only; a puzzle shown from its solver's side;
//! a line solved step by step; a wrong answer told the right one and its refutation;
//! both ratings moving both ways; the streak; `/profile`; every bad input refused in
//! one line with nothing changed; a redelivered answer and two answers at once
//! counted once.

#![allow(clippy::unwrap_used)]

use crate::support;
use support::site::{ctx_in, user};

use arcana::core::view::Viewer;
use arcana::core::Side;
use arcana::puzzles::{csv, SHIPPED};
use arcana::service::actions::PuzzleAsk;
use arcana::service::api::{Audience, Context, Reply, ReplyKind, Request};
use arcana::service::ServiceConfig;
use arcana::store::PuzzleBook;
use support::backend::Blocking;

/// The shipped mate in two of chess: 1.f4 e6 2.h3? Qh4+ 3.g3 Qxg3#.
const MATE_IN_TWO: &str = "548541ae";
/// The shipped mate in one of chess (Black: Qg3-f2#).
const MATE_IN_ONE: &str = "c92cbb83";

fn ctx(name: &str) -> Context {
    ctx_in(name, 500, Some(7))
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

fn ask(s: &Blocking, c: &Context, ask: PuzzleAsk) -> Vec<Reply> {
    s.with(|s| s.handle(c, Request::Puzzle(ask)))
}

fn answer(s: &Blocking, who: &str, text: &str) -> Vec<Reply> {
    let a = PuzzleAsk {
        answer: Some(text.to_string()),
        ..PuzzleAsk::default()
    };
    ask(s, &ctx(who), a)
}

fn show_id(s: &Blocking, who: &str, id: &str) -> Reply {
    let r = ask(
        s,
        &ctx(who),
        PuzzleAsk {
            id: Some(id.to_string()),
            ..PuzzleAsk::default()
        },
    );
    assert_eq!(r.len(), 1, "{r:?}");
    assert_ne!(r[0].kind, ReplyKind::Refusal, "{}", r[0].text);
    r[0].clone()
}

fn book(s: &Blocking, who: &str) -> PuzzleBook {
    s.with(|s| s.store().puzzle_book(user(who).id).expect("book").value)
}

fn puzzle_rating(s: &Blocking, id: &str) -> f64 {
    s.with(|s| {
        s.store()
            .puzzle(id)
            .expect("read")
            .value
            .expect("stored")
            .glicko
            .rating
    })
}

/// One refusal of one line, to the invoker alone; returns it.
fn refused(r: Vec<Reply>) -> String {
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0].kind, ReplyKind::Refusal, "accepted: {}", r[0].text);
    assert_eq!(r[0].to, Audience::Invoker);
    assert!(!r[0].text.contains('\n'), "one line: {}", r[0].text);
    r[0].text.clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_starter_set_is_stored_at_the_first_start_and_once() {
    let dir = tempfile::tempdir().expect("dir");
    let shipped = csv::read(SHIPPED).expect("the shipped set reads");
    assert!(!shipped.is_empty());
    {
        let s = open(dir.path());
        let stored = s.with(|s| s.store().puzzles().expect("puzzles"));
        assert_eq!(stored.len(), shipped.len());
        // A puzzle's rating moves with a solver...
        show_id(&s, "alice", MATE_IN_ONE);
        let r = answer(&s, "alice", "Qf2#");
        assert!(r[0].text.contains("Solved"), "{}", r[0].text);
    }
    let moved = {
        let s = open(dir.path());
        puzzle_rating(&s, MATE_IN_ONE)
    };
    // ...and a restart (an upgrade) does not load the set again over it.
    let start = shipped
        .iter()
        .find(|p| p.id == MATE_IN_ONE)
        .expect("shipped")
        .rating;
    assert!(moved < f64::from(start), "solved: the puzzle's rating fell");
    let s = open(dir.path());
    assert_eq!(puzzle_rating(&s, MATE_IN_ONE), moved);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_line_is_solved_step_by_step_and_both_ratings_move() {
    let dir = tempfile::tempdir().expect("dir");
    let s = open(dir.path());
    let q = show_id(&s, "alice", MATE_IN_TWO);
    assert_eq!(
        q.to,
        Audience::Invoker,
        "a puzzle is shown to its solver alone"
    );
    assert!(q.text.contains(MATE_IN_TWO) && q.text.contains("Black to move"));
    assert!(q.text.contains("Last move: h2-h3"), "{}", q.text);
    let view = q.image.expect("a board");
    assert_eq!(
        view.viewer,
        Viewer::Player(Side::Black),
        "from the solver's side"
    );
    let before = puzzle_rating(&s, MATE_IN_TWO);
    // The first step, typed as a player would (short notation), then the reply.
    let r = answer(&s, "alice", "Qh4+");
    assert_eq!(r.len(), 1);
    assert!(r[0].text.contains("Right: Qd8-h4"), "{}", r[0].text);
    assert!(r[0].text.contains("g2-g3"), "the reply: {}", r[0].text);
    assert!(r[0].image.is_some());
    assert_eq!(book(&s, "alice").open.expect("open").step, 2);
    let r = answer(&s, "alice", "Qxg3");
    assert!(r[0].text.contains("Solved"), "{}", r[0].text);
    let b = book(&s, "alice");
    assert!(b.open.is_none());
    assert_eq!((b.streak, b.best_streak), (1, 1));
    let chess = b.ratings.get("standard").expect("a chess puzzle rating");
    assert_eq!((chess.solved, chess.failed), (1, 0));
    assert!(
        chess.glicko.rating > 1500.0,
        "solved: the solver's rating rose"
    );
    assert!(
        puzzle_rating(&s, MATE_IN_TWO) < before,
        "and the puzzle's fell"
    );
    // The profile shows it.
    let p = s.with(|s| s.handle(&ctx("alice"), Request::Profile { user: None }));
    assert!(
        p[0].text.contains("Puzzles (solved in a row: 1"),
        "{}",
        p[0].text
    );
    assert!(p[0].text.contains("Chess: "), "{}", p[0].text);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_wrong_answer_is_told_the_answer_and_its_refutation() {
    let dir = tempfile::tempdir().expect("dir");
    let s = open(dir.path());
    show_id(&s, "bob", MATE_IN_TWO);
    let before = puzzle_rating(&s, MATE_IN_TWO);
    let r = answer(&s, "bob", "Nf6");
    let text = &r[0].text;
    assert!(text.contains("Not this one: Ng8-f6"), "{text}");
    assert!(text.contains("The answer was Qd8-h4"), "{text}");
    assert!(text.contains("After Ng8-f6, "), "the refutation: {text}");
    assert!(r[0].image.is_some(), "with a board");
    let b = book(&s, "bob");
    assert!(b.open.is_none(), "a wrong answer ends the puzzle");
    assert_eq!(b.streak, 0);
    let chess = b.ratings.get("standard").expect("rated");
    assert_eq!((chess.solved, chess.failed), (0, 1));
    assert!(
        chess.glicko.rating < 1500.0,
        "failed: the solver's rating fell"
    );
    assert!(
        puzzle_rating(&s, MATE_IN_TWO) > before,
        "and the puzzle's rose"
    );
    // Seen again: shown, but no longer rated.
    let q = show_id(&s, "bob", MATE_IN_TWO);
    assert!(q.text.contains("seen this puzzle before"), "{}", q.text);
    answer(&s, "bob", "Qh4+");
    let r = answer(&s, "bob", "Qxg3#");
    assert!(r[0].text.contains("Not rated"), "{}", r[0].text);
    assert_eq!(
        book(&s, "bob").ratings.get("standard").map(|c| c.solved),
        Some(0)
    );
    assert_eq!(
        book(&s, "bob").streak,
        1,
        "a solved puzzle still counts in the streak"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_input_is_refused_in_one_line_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("dir");
    let s = open(dir.path());
    let none = refused(answer(&s, "carol", "e4"));
    assert!(none.contains("no puzzle open"), "{none}");
    let no_id = PuzzleAsk {
        id: Some("ffffffff".into()),
        ..PuzzleAsk::default()
    };
    assert!(refused(ask(&s, &ctx("carol"), no_id)).contains("no puzzle `ffffffff`"));
    // Every game has shipped puzzles now: a game with none yet is the choice's unit
    // test (`bank::tests::a_game_with_no_puzzles_yet_is_refused_in_one_line`).
    let no_theme = PuzzleAsk {
        theme: Some("juggling".into()),
        ..PuzzleAsk::default()
    };
    let t = refused(ask(&s, &ctx("carol"), no_theme));
    assert!(t.contains("juggling") && t.contains("mate"), "{t}");
    show_id(&s, "carol", MATE_IN_TWO);
    let opened = book(&s, "carol");
    for bad in ["", "Qh5", "hello there", "Ke8-e9", "\u{202e}Qh4"] {
        let r = refused(answer(&s, "carol", bad));
        assert!(r.contains("Nothing was counted"), "{bad:?}: {r}");
        assert_eq!(book(&s, "carol"), opened, "{bad:?} changed the book");
    }
    let other = PuzzleAsk {
        answer: Some("Qh4+".into()),
        id: Some(MATE_IN_ONE.into()),
        ..PuzzleAsk::default()
    };
    let r = refused(ask(&s, &ctx("carol"), other));
    assert!(r.contains("not the one you have open"), "{r}");
    assert_eq!(book(&s, "carol"), opened);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_redelivered_answer_counts_once() {
    let dir = tempfile::tempdir().expect("dir");
    let s = open(dir.path());
    show_id(&s, "dave", MATE_IN_TWO);
    let keyed = Context {
        key: Some("interaction-1".into()),
        ..ctx("dave")
    };
    let a = PuzzleAsk {
        answer: Some("Qh4+".into()),
        ..PuzzleAsk::default()
    };
    let first = ask(&s, &keyed, a.clone());
    let again = ask(&s, &keyed, a);
    assert_eq!(first[0].text, again[0].text, "the same answer again");
    assert_eq!(book(&s, "dave").open.expect("open").step, 2, "counted once");
}

#[tokio::test(flavor = "multi_thread")]
async fn two_answers_at_once_count_once() {
    let dir = tempfile::tempdir().expect("dir");
    // Two services on one store where the backend allows it (PostgreSQL: two
    // processes' worth), else two threads on one.
    let first = open(dir.path());
    let second = if support::backend::postgres() {
        open(dir.path())
    } else {
        Blocking::from_arc(first.arc())
    };
    for round in 0..4 {
        let who = format!("erin{round}");
        show_id(&first, &who, MATE_IN_ONE);
        let (a, b) = std::thread::scope(|scope| {
            let one = scope.spawn(|| answer(&first, &who, "Qf2#"));
            let two = scope.spawn(|| answer(&second, &who, "Qf2#"));
            (one.join().expect("one"), two.join().expect("two"))
        });
        let solved = [&a, &b]
            .iter()
            .filter(|r| r[0].text.contains("Solved"))
            .count();
        assert_eq!(solved, 1, "{a:?} {b:?}");
        let b = book(&first, &who);
        let chess = b.ratings.get("standard").expect("rated");
        assert_eq!((chess.solved, chess.failed, b.streak), (1, 0, 1));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_hidden_information_puzzle_shows_only_the_solvers_secrets() {
    let dir = tempfile::tempdir().expect("dir");
    let s = open(dir.path());
    let shipped = csv::read(SHIPPED).expect("shipped");
    for p in shipped
        .iter()
        .filter(|p| p.position.game().is_ok_and(|g| !g.perfect_information()))
    {
        let q = show_id(&s, "frank", &p.id);
        let game = p.position.game().expect("replays");
        let solver = game.ask().expect("asked").side;
        let view = q.image.expect("board");
        assert_eq!(view.viewer, Viewer::Player(solver));
        if let Some(theirs) = game.secret(solver.other()) {
            assert!(!q.text.contains(&theirs), "{}: {}", p.id, q.text);
        }
        let shown = serde_json::to_string(&view).expect("json");
        assert_eq!(
            shown,
            serde_json::to_string(&game.view(Viewer::Player(solver))).expect("json"),
            "the solver's own view, nothing more"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_book_written_over_a_stale_read_is_a_conflict() {
    let dir = tempfile::tempdir().expect("dir");
    let s = open(dir.path());
    let id = user("gina").id;
    s.with(|s| {
        let store = s.store();
        let stale = store.puzzle_book(id).expect("read");
        let mut first = arcana::store::Write::new();
        let next = PuzzleBook {
            streak: 1,
            ..PuzzleBook::default()
        };
        first.puzzle_book(id, &stale, &next).expect("planned");
        store.commit(first).expect("the first write lands");
        let mut second = arcana::store::Write::new();
        let other = PuzzleBook {
            streak: 7,
            ..PuzzleBook::default()
        };
        second.puzzle_book(id, &stale, &other).expect("planned");
        let err = store.commit(second).expect_err("a stale read");
        assert!(
            matches!(err, arcana::store::StoreError::Conflict { .. }),
            "{err}"
        );
        assert_eq!(store.puzzle_book(id).expect("read").value.streak, 1);
    });
}
