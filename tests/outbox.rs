//! The outbox (issue 12): the replies of a change are stored with that change, kept
//! until the front end reports them delivered, survive a restart, and a redelivered
//! request never acts or speaks twice once its answer went out.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

mod common;
mod store_backends;

use arcana::service::api::{Audience, Context, Reply, ReplyKind, Request};
use arcana::service::clock::{ManualClock, DAY_MS};
use arcana::service::{Service, ServiceConfig};
use arcana::store::Write;
use common::{ctx, user, Harness, START_MS};
use std::sync::Arc;

const CH: u64 = 42;

fn keyed(name: &str, key: &str) -> Context {
    Context {
        key: Some(key.to_string()),
        ..ctx(name, CH)
    }
}

fn mv(text: &str) -> Request {
    Request::Move {
        text: text.to_string(),
    }
}

/// A harness on one of the backends, as a (re)started process opens it.
fn on(e: &store_backends::TestStore, clock: Arc<ManualClock>) -> Harness {
    let service = Service::new(
        e.open(),
        clock.clone(),
        ServiceConfig {
            seed: Some(1),
            ..ServiceConfig::default()
        },
    )
    .unwrap();
    Harness { service, clock }
}

#[test]
fn replies_wait_in_the_outbox_until_delivered_even_across_a_restart() {
    for e in store_backends::backends("outbox_restart") {
        wait_until_delivered(&e);
    }
}

fn wait_until_delivered(e: &store_backends::TestStore) {
    let clock = Arc::new(ManualClock::new(START_MS));
    let first;
    {
        let h = on(e, clock.clone());
        h.start(CH, Some(3));
        // What the start said was delivered (the front end reports it).
        for p in h.service.outbox() {
            h.service.delivered(p.id);
        }
        assert!(h.service.outbox().is_empty());
        first = h.service.handle(&keyed("alice", "m1"), mv("e4"));
        assert!(first.iter().all(|r| r.kind != ReplyKind::Refusal));
        let id = first[0]
            .outbox
            .expect("a change's replies carry their entry");
        assert!(first.iter().all(|r| r.outbox == Some(id)));
        let pending = h.service.outbox();
        assert_eq!(pending.len(), 1);
        assert_eq!(pending[0].id, id);
        assert_eq!(pending[0].channel, CH);
        assert_eq!(pending[0].actor, Some(user("alice")));
        assert_eq!(pending[0].replies, first);
        // A refusal changes nothing and keeps nothing.
        let r = h.service.handle(&keyed("bob", "m2"), mv("e4"));
        assert_eq!(r[0].kind, ReplyKind::Refusal);
        assert_eq!(r[0].outbox, None);
        assert_eq!(h.service.outbox().len(), 1);
        // The process stops before delivering.
    }
    let h = on(e, clock.clone());
    let pending = h.service.outbox();
    assert_eq!(pending.len(), 1, "the entry survives the restart");
    assert_eq!(pending[0].replies, first);
    // A redelivery while the entry waits gets the same replies, and plays nothing.
    let again = h.service.handle(&keyed("alice", "m1"), mv("e4"));
    assert_eq!(again, first);
    // Delivered: the entry goes, and a later redelivery says so privately, once.
    h.service.delivered(pending[0].id);
    assert!(h.service.outbox().is_empty());
    let late = h.service.handle(&keyed("alice", "m1"), mv("e4"));
    assert_eq!(late.len(), 1, "{late:?}");
    assert_eq!(late[0].kind, ReplyKind::Refusal);
    assert_eq!(late[0].to, Audience::Invoker);
    assert!(late[0].text.contains("already handled"), "{}", late[0].text);
    // The game saw one e4: Black is to move.
    h.mv("bob", CH, "e5");
}

#[test]
fn reminders_wait_in_the_outbox_too() {
    let h = Harness::new();
    h.start(CH, Some(5));
    for p in h.service.outbox() {
        h.service.delivered(p.id);
    }
    h.clock.advance(4 * DAY_MS);
    let t = h.service.tick();
    assert_eq!(t.len(), 2, "{t:?}");
    let id = t[0].reply.outbox.expect("stored with the clock's change");
    assert_eq!(t[1].reply.outbox, Some(id));
    let pending = h.service.outbox();
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0].actor, None, "time passing has no actor");
    assert_eq!(pending[0].replies.len(), 2);
    h.service.delivered(id);
    assert!(h.service.outbox().is_empty());
}

#[test]
fn each_outbox_entry_is_resumed_by_one_process() {
    use arcana::store::Write;
    for e in store_backends::backends("outbox_claims") {
        let name = e.name;
        let a = e.open();
        let ids: Vec<u64> = (1..=30).collect();
        for id in &ids {
            let mut w = Write::new();
            w.outbox(*id, &serde_json::json!({ "entry": id })).unwrap();
            a.commit(w).unwrap();
        }
        let listed = |s: &arcana::store::Store| -> Vec<u64> {
            s.outbox().unwrap().into_iter().map(|(id, _)| id).collect()
        };
        assert_eq!(listed(&a), ids, "{name}: the writer delivers its entries");
        if name == "sled" {
            // One process holds a sled store: nothing to share.
            continue;
        }
        // A second process starting while the writer lives leaves its entries alone.
        let b = e.open();
        assert!(listed(&b).is_empty(), "{name}: the writer is alive");
        assert_eq!(listed(&a), ids, "{name}: still the writer's");
        // The writer stops without delivering: two processes resume at once, and each
        // entry goes to one of them.
        drop(a);
        let (c, d) = (e.open(), e.open());
        let barrier = std::sync::Barrier::new(2);
        let [got_c, got_d] = std::thread::scope(|s| {
            let tc = s.spawn(|| {
                barrier.wait();
                listed(&c)
            });
            let td = s.spawn(|| {
                barrier.wait();
                listed(&d)
            });
            [tc.join().unwrap(), td.join().unwrap()]
        });
        let mut all: Vec<u64> = got_c.iter().chain(got_d.iter()).copied().collect();
        all.sort_unstable();
        assert_eq!(all, ids, "{name}: every entry once: {got_c:?} / {got_d:?}");
        // Each keeps its own; the one that started earlier gets none.
        assert_eq!(listed(&c), got_c, "{name}");
        assert_eq!(listed(&d), got_d, "{name}");
        assert!(listed(&b).is_empty(), "{name}");
        // Delivered entries go for everyone.
        for id in &got_c {
            let mut w = Write::new();
            w.delivered(*id);
            c.commit(w).unwrap();
        }
        drop(d);
        assert_eq!(listed(&b), got_d, "{name}: released by the stopped one");
        assert_eq!(listed(&c), Vec::<u64>::new(), "{name}: now b's");
    }
}

// Issue 23: private texts a player could not be sent live in the store, not in a file
// per process: kept by one process, shown by another sharing the store (on sled, by the
// same store after a restart), each taken once, even by two processes taking at once.
#[test]
fn kept_private_texts_are_in_the_store_and_taken_once() {
    for e in store_backends::backends("kept_texts") {
        let name = e.name;
        let clock = Arc::new(ManualClock::new(START_MS));
        let bob = user("bob").id;
        {
            let a = on(&e, clock.clone());
            a.service
                .keep_private(bob, "your wand on c1 is a Tyrant")
                .unwrap();
            clock.advance(1_000);
            a.service.keep_private(bob, "second").unwrap();
            a.service.keep_private(user("alice").id, "alice's").unwrap();
        }
        let b = on(&e, clock.clone());
        assert_eq!(
            b.service.take_private(bob),
            vec!["your wand on c1 is a Tyrant".to_string(), "second".into()],
            "{name}: oldest first, after a restart"
        );
        assert!(b.service.take_private(bob).is_empty(), "{name}: taken once");
        // Two processes take at once: each text goes to exactly one of them.
        for i in 0..20 {
            b.service.keep_private(bob, &format!("t{i}")).unwrap();
        }
        let c = if name == "sled" {
            None
        } else {
            Some(on(&e, clock.clone()))
        };
        let other = c.as_ref().map_or(&b.service, |c| &c.service);
        let barrier = std::sync::Barrier::new(2);
        let [x, y] = std::thread::scope(|s| {
            let tx = s.spawn(|| {
                barrier.wait();
                b.service.take_private(bob)
            });
            let ty = s.spawn(|| {
                barrier.wait();
                other.take_private(bob)
            });
            [tx.join().unwrap(), ty.join().unwrap()]
        });
        let mut all: Vec<String> = x.iter().chain(y.iter()).cloned().collect();
        all.sort();
        let mut want: Vec<String> = (0..20).map(|i| format!("t{i}")).collect();
        want.sort();
        assert_eq!(all, want, "{name}: every text once: {x:?} / {y:?}");
        assert_eq!(
            b.service.take_private(user("alice").id),
            vec!["alice's".to_string()]
        );
    }
}

/// The outbox entry of e4: the harness started a game on `e` and the start's entry was
/// delivered; returns the harness and e4's replies.
fn after_e4(e: &store_backends::TestStore, clock: Arc<ManualClock>) -> (Harness, Vec<Reply>) {
    let h = on(e, clock);
    h.start(CH, Some(3));
    for p in h.service.outbox() {
        h.service.delivered(p.id);
    }
    let replies = h.service.handle(&keyed("alice", "m1"), mv("e4"));
    assert!(replies.iter().all(|r| r.kind != ReplyKind::Refusal));
    (h, replies)
}

/// How many of `replies` show a board.
fn boards_of(replies: &[Reply]) -> usize {
    replies.iter().filter(|r| r.image.is_some()).count()
}

/// Writes outbox entry `id` as `entry`, as an older build (or a changed record) left it.
fn store_entry(h: &Harness, id: u64, entry: &serde_json::Value) {
    let mut w = Write::new();
    w.outbox(id, entry).unwrap();
    h.service.store().commit(w).unwrap();
}

// Issue 53: an outbox entry keeps what it needs to post; the game's own boards are
// drawn again from the record when the entry is read, on both backends.
#[test]
fn a_stored_entry_keeps_its_boards_by_reference() {
    for e in store_backends::backends("outbox_lean") {
        let clock = Arc::new(ManualClock::new(START_MS));
        let (h, replies) = after_e4(&e, clock.clone());
        let boards = boards_of(&replies);
        assert!(boards > 0, "a move's replies show the board");
        let raw = h.service.store().outbox().unwrap();
        assert_eq!(raw.len(), 1);
        let entry = &raw[0].1;
        let stored = |field: &str| {
            entry[field]
                .as_array()
                .map_or(0, |a| a.iter().filter(|v| !v.is_null()).count())
        };
        let whole: usize = entry["replies"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| !r["image"].is_null())
            .count();
        assert_eq!(whole, 0, "no serialized board is stored: {entry}");
        assert_eq!(stored("images"), boards);
        let full = serde_json::to_vec(&replies).unwrap().len();
        let lean = serde_json::to_vec(entry).unwrap().len();
        assert!(lean * 3 < full, "{lean} bytes stored for {full} of replies");
        drop(h);
        // After a restart, and for a redelivered request, the boards are drawn again.
        let h = on(&e, clock);
        assert_eq!(h.service.outbox()[0].replies, replies);
        assert_eq!(h.service.handle(&keyed("alice", "m1"), mv("e4")), replies);
    }
}

// Issue 53: an entry stored before boards were kept by reference (each board whole)
// still delivers as it was stored.
#[test]
fn an_entry_with_whole_boards_still_delivers() {
    for e in store_backends::backends("outbox_whole") {
        let clock = Arc::new(ManualClock::new(START_MS));
        let (h, replies) = after_e4(&e, clock.clone());
        let id = replies[0].outbox.unwrap();
        let old = serde_json::json!({
            "id": id,
            "channel": CH,
            "actor": null,
            "replies": replies,
        });
        store_entry(&h, id, &old);
        drop(h);
        let h = on(&e, clock);
        let pending = h.service.outbox();
        assert_eq!(pending.len(), 1);
        assert_eq!(pending[0].replies, replies);
    }
}

// Issue 53: a board kept by reference is never drawn from a record that no longer
// holds it (here the game's record rewound by a takeback): the reply goes out without
// its picture rather than with another position's.
#[test]
fn a_board_whose_record_changed_is_left_out_not_drawn_wrong() {
    for e in store_backends::backends("outbox_rewound") {
        let (h, replies) = after_e4(&e, Arc::new(ManualClock::new(START_MS)));
        let boards = boards_of(&replies);
        // Rewrite the stored references as if the record had changed under them.
        let (id, mut entry) = h.service.store().outbox().unwrap().remove(0);
        for image in entry["images"].as_array_mut().unwrap() {
            if let Some(check) = image.get_mut("check") {
                *check = serde_json::json!(1);
            }
        }
        store_entry(&h, id, &entry);
        let pending = h.service.outbox();
        assert_eq!(
            boards_of(&pending[0].replies),
            0,
            "{boards} boards left out"
        );
        let texts: Vec<_> = pending[0].replies.iter().map(|r| &r.text).collect();
        let sent: Vec<_> = replies.iter().map(|r| &r.text).collect();
        assert_eq!(texts, sent, "every text still goes out");
    }
}
