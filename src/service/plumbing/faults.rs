//! Faults tell the truth (issue 24): a commit whose answer was lost is resolved by
//! reading again before anyone is told anything, and a passing read failure pauses a
//! game only for the requests that meet it. On a store whose faults the test switches.

use crate::service::contract::api::{ColorChoice, Context, Reply, ReplyKind, Request, User};
use crate::service::contract::clock::ManualClock;
use crate::service::{Service, ServiceConfig};
use crate::store::Store;
use crate::variants::{Options, VariantId};
use std::sync::atomic::Ordering;
use std::sync::Arc;

const CHANNEL: u64 = 7;

fn user(id: u64, name: &str) -> User {
    User {
        id,
        name: name.to_string(),
    }
}

fn ctx(u: &User, key: &str) -> Context {
    Context {
        user: u.clone(),
        channel: CHANNEL,
        server: Some(1),
        key: Some(key.to_string()),
        lang: Default::default(),
        guild_locale: None,
    }
}

fn service(store: Store) -> Service {
    let clock = Arc::new(ManualClock::new(1_700_000_000_000));
    let config = ServiceConfig {
        seed: Some(1),
        ..ServiceConfig::default()
    };
    Service::new(store, clock, config).expect("service")
}

fn mv(text: &str) -> Request {
    Request::Move {
        text: text.to_string(),
    }
}

fn refused(r: &[Reply]) -> Option<&str> {
    r.iter()
        .find(|x| x.kind == ReplyKind::Refusal)
        .map(|x| x.text.as_str())
}

/// alice (White) and bob's game of chess, started.
fn started(s: &Service) -> (User, User) {
    let (alice, bob) = (user(11, "alice"), user(12, "bob"));
    let r = s.handle(
        &ctx(&alice, "c"),
        Request::Challenge {
            opponent: bob.clone(),
            variant: VariantId::DEFAULT,
            color: ColorChoice::White,
            days: Some(3),
            options: Options::new(),
            rated: false,
        },
    );
    assert_eq!(refused(&r), None, "{r:?}");
    let r = s.handle(&ctx(&bob, "a"), Request::Accept);
    assert_eq!(refused(&r), None, "{r:?}");
    (alice, bob)
}

#[test]
fn a_commit_whose_answer_was_lost_is_read_again_and_told_truly() {
    let (store, faults) = Store::faulty().expect("store");
    let s = service(store);
    let (alice, bob) = started(&s);
    // The move is stored, but its commit reports a failure.
    faults.lose_answer.store(true, Ordering::SeqCst);
    let r = s.handle(&ctx(&alice, "m1"), mv("e4"));
    assert_eq!(refused(&r), None, "a stored move is not refused: {r:?}");
    assert!(r.iter().any(|x| x.outbox.is_some()), "{r:?}");
    // It is played: bob answers it, and alice cannot play it again.
    let r = s.handle(&ctx(&bob, "m2"), mv("e5"));
    assert_eq!(refused(&r), None, "{r:?}");
    // A flush failing after the batch went in: the same, once a flush succeeds.
    faults.flush.store(true, Ordering::SeqCst);
    let r = s.handle(&ctx(&alice, "m3"), mv("Nf3"));
    assert_eq!(refused(&r), None, "{r:?}");
    let r = s.handle(&ctx(&bob, "m4"), mv("Nc6"));
    assert_eq!(refused(&r), None, "{r:?}");
}

#[test]
fn a_failed_write_changes_nothing_and_says_so() {
    let (store, faults) = Store::faulty().expect("store");
    let s = service(store);
    let (alice, bob) = started(&s);
    faults.writes.store(true, Ordering::SeqCst);
    let r = s.handle(&ctx(&alice, "m1"), mv("e4"));
    assert!(
        refused(&r).is_some_and(|t| t.contains("nothing was changed")),
        "{r:?}"
    );
    faults.writes.store(false, Ordering::SeqCst);
    // Still alice's turn: bob cannot move, alice can.
    assert!(refused(&s.handle(&ctx(&bob, "m2"), mv("e5"))).is_some());
    assert_eq!(refused(&s.handle(&ctx(&alice, "m3"), mv("e4"))), None);
}

#[test]
fn a_commit_that_cannot_be_checked_is_not_called_a_refusal_of_nothing() {
    let (store, faults) = Store::faulty().expect("store");
    let s = service(store);
    let (alice, bob) = started(&s);
    // The answer is lost and the store cannot be read to check: the truth is that
    // nobody knows yet.
    faults.die_after_write.store(true, Ordering::SeqCst);
    let r = s.handle(&ctx(&alice, "m1"), mv("e4"));
    let text = refused(&r).unwrap_or_default();
    assert!(text.contains("cannot tell whether it was saved"), "{r:?}");
    assert!(!text.contains("nothing was changed"), "{r:?}");
    // The store answers again: the game is read as stored (e4 was saved).
    faults.reads.store(false, Ordering::SeqCst);
    assert_eq!(refused(&s.handle(&ctx(&bob, "m2"), mv("e5"))), None);
}

#[test]
fn a_passing_read_failure_pauses_nothing_beyond_its_request() {
    let (store, faults) = Store::faulty().expect("store");
    let first = service(store.share());
    let (alice, bob) = started(&first);
    drop(first);
    // A fresh process (nothing in memory) meets a store that cannot be read: a chat
    // move (no key to look up) meets it while reading the game.
    let s = service(store);
    faults.reads.store(true, Ordering::SeqCst);
    let chat = Context {
        key: None,
        ..ctx(&alice, "")
    };
    let r = s.handle(&chat, mv("e4"));
    let text = refused(&r).unwrap_or_default();
    assert!(text.contains("not answering"), "{r:?}");
    assert!(!text.contains("operator"), "not paused for repair: {r:?}");
    // A command (whose key is looked up first) is told nothing changed.
    let r = s.handle(&ctx(&alice, "m1"), mv("e4"));
    assert!(
        refused(&r).is_some_and(|t| t.contains("nothing was changed")),
        "{r:?}"
    );
    // Space is freed, the server is back: the very next request plays.
    faults.reads.store(false, Ordering::SeqCst);
    assert_eq!(refused(&s.handle(&ctx(&alice, "m2"), mv("e4"))), None);
    assert_eq!(refused(&s.handle(&ctx(&bob, "m3"), mv("e5"))), None);
}
