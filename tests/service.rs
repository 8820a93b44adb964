//! Whole games, clocks, authorization and idempotency through the service.

mod common;

use arcana::core::view::Viewer;
use arcana::service::api::{Audience, ColorChoice, DrawAction, GamesScope, ReplyKind, Request};
use arcana::service::clock::{DAY_MS, HOUR_MS};
use arcana::variants::{Options, VariantId};
use common::{ctx, user, Harness, START_MS};
use std::sync::Arc;

const CH: u64 = 100;

#[test]
fn fools_mate() {
    let h = Harness::new();
    h.start(CH, None);
    let r = h.mv("alice", CH, "f3");
    assert_eq!(r.text.lines().next(), Some("f2-f3"));
    assert_eq!(r.mention, vec![user("bob")]);
    let image = r.image.expect("a board after every move");
    assert_eq!(image.viewer, Viewer::Public);
    assert_eq!(image.names, ["alice".to_string(), "bob".to_string()]);
    h.mv("bob", CH, "e5");
    h.mv("alice", CH, "g4");
    let r = h.mv("bob", CH, "Qh4#");
    let lines: Vec<&str> = r.text.lines().collect();
    assert_eq!(lines[0], "Qd8-h4");
    assert!(lines.contains(&"Checkmate."), "{lines:?}");
    assert!(lines
        .last()
        .expect("result")
        .contains("Black wins by checkmate"));
    assert!(r.mention.is_empty(), "nobody is asked after the end");
    assert!(r.image.expect("image").result.is_some());
    // The game is over: no more moves; the record stays visible.
    let t = h.refused("alice", CH, Request::Move { text: "e4".into() });
    assert!(t.contains("no game"), "{t}");
    let hist = h.history(CH);
    assert!(hist.contains("1. f2-f3 e7-e5"), "{hist}");
    assert!(hist.contains("2. g2-g4 Qd8-h4"), "{hist}");
    // The channel is free for a new game.
    h.start(CH, None);
}

#[test]
fn stalemate_in_ten() {
    let h = Harness::new();
    h.start(CH, None);
    let r = h.moves(
        CH,
        &[
            "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7",
            "Qxb7", "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6",
        ],
    );
    assert!(r.text.contains("Draw by stalemate"), "{}", r.text);
}

#[test]
fn threefold_claim() {
    let h = Harness::new();
    h.start(CH, None);
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    h.moves(CH, &shuffle);
    let t = h.refused("alice", CH, Request::Draw(DrawAction::Claim));
    assert!(t.contains("no draw to claim"), "{t}");
    h.moves(CH, &shuffle);
    // Only the player to move claims (ruling C1: claimable by the player to move).
    let t = h.refused("bob", CH, Request::Draw(DrawAction::Claim));
    assert!(t.contains("your turn"), "{t}");
    let r = h.ok("alice", CH, Request::Draw(DrawAction::Claim));
    assert!(
        r[0].text.contains("Draw by threefold repetition"),
        "{}",
        r[0].text
    );
    assert_eq!(r[0].to, Audience::Channel);
}

// ruling C2: draw by agreement; an offer lapses when the offerer's opponent moves.
#[test]
fn ruling_c2_draw_offers() {
    let h = Harness::new();
    h.start(CH, None);
    // Offer on one's own turn, then move: the offer still stands.
    let r = h.ok("alice", CH, Request::Draw(DrawAction::Offer));
    assert_eq!(r[0].mention, vec![user("bob")]);
    h.refused("alice", CH, Request::Draw(DrawAction::Offer));
    h.refused("alice", CH, Request::Draw(DrawAction::Accept));
    h.mv("alice", CH, "e4");
    // bob moves instead of answering: the offer lapses.
    h.mv("bob", CH, "e5");
    let t = h.refused("bob", CH, Request::Draw(DrawAction::Accept));
    assert!(t.contains("has not offered"), "{t}");
    // Declined offers are gone too.
    h.ok("bob", CH, Request::Draw(DrawAction::Offer));
    h.ok("alice", CH, Request::Draw(DrawAction::Decline));
    h.refused("alice", CH, Request::Draw(DrawAction::Accept));
    // Agreement ends the game.
    h.ok("bob", CH, Request::Draw(DrawAction::Offer));
    let r = h.ok("alice", CH, Request::Draw(DrawAction::Accept));
    assert!(r[0].text.contains("Draw by agreement"), "{}", r[0].text);
    assert!(h.history(CH).contains("Draw by agreement"));
}

// ruling C3: resignation on either side's turn.
#[test]
fn ruling_c3_resignation() {
    let h = Harness::new();
    h.start(CH, None);
    h.mv("alice", CH, "d4");
    // bob is to move; alice resigns anyway.
    let r = h.ok("alice", CH, Request::Resign);
    assert!(r[0].text.contains("alice resigns"), "{}", r[0].text);
    assert!(
        r[0].text.contains("Black wins by resignation"),
        "{}",
        r[0].text
    );
    h.refused("bob", CH, Request::Resign);
}

#[test]
fn abort_until_both_moved() {
    let h = Harness::new();
    h.start(CH, None);
    h.mv("alice", CH, "e4");
    let r = h.ok("bob", CH, Request::Abort);
    assert!(r[0].text.contains("Game aborted"), "{}", r[0].text);
    h.start(CH, None);
    h.moves(CH, &["e4", "e5"]);
    let t = h.refused("alice", CH, Request::Abort);
    assert!(t.contains("Too late"), "{t}");
    // The export of an aborted game scores `*`.
    let h2 = Harness::new();
    h2.start(CH, None);
    h2.ok("alice", CH, Request::Abort);
    let r = h2.ok("carol", CH, Request::Export);
    let file =
        String::from_utf8(r[0].attachments.first().cloned().expect("file").bytes).expect("utf8");
    assert!(file.contains("[Result \"*\"]"), "{file}");
}

#[test]
fn timeout_claim_with_fake_clock() {
    let h = Harness::new();
    h.start(CH, Some(1));
    h.mv("alice", CH, "e4");
    // bob is to move with one day.
    h.clock.advance(DAY_MS - 1);
    let t = h.refused("alice", CH, Request::Claim);
    assert!(t.contains("still has"), "{t}");
    let t = h.refused("bob", CH, Request::Claim);
    assert!(t.contains("opponent is to move"), "{t}");
    h.clock.advance(1);
    let r = h.ok("alice", CH, Request::Claim);
    assert!(r[0].text.contains("White wins by timeout"), "{}", r[0].text);
}

#[test]
fn no_time_limit_means_nothing_to_claim() {
    let h = Harness::new();
    h.start(CH, Some(0));
    h.mv("alice", CH, "e4");
    h.clock.advance(100 * DAY_MS);
    assert!(h.service.tick().is_empty());
    let t = h.refused("alice", CH, Request::Claim);
    assert!(t.contains("no time limit"), "{t}");
}

#[test]
fn late_move_is_still_played_when_nobody_claims() {
    let h = Harness::new();
    h.start(CH, Some(1));
    h.clock.advance(3 * DAY_MS);
    h.mv("alice", CH, "e4");
    h.mv("bob", CH, "e5");
}

#[test]
fn reminders_sent_once_and_remembered() {
    let dir = tempfile::tempdir().expect("dir");
    let clock = Arc::new(arcana::service::clock::ManualClock::new(START_MS));
    {
        let h = Harness::on_disk(dir.path(), clock.clone());
        h.start(CH, Some(5));
        assert!(h.service.tick().is_empty());
        // A fifth of 5 days is 1 day: nothing before 4 days have passed.
        clock.advance(4 * DAY_MS - HOUR_MS);
        assert!(h.service.tick().is_empty());
        clock.advance(HOUR_MS);
        let t = h.service.tick();
        // The game's place, and the player to move by direct message.
        assert_eq!(t.len(), 2, "{t:?}");
        assert_eq!(t[0].channel, CH);
        assert_eq!(t[0].reply.to, Audience::Channel);
        assert_eq!(t[0].reply.mention, vec![user("alice")]);
        assert!(
            t[0].reply.text.contains("1 day left"),
            "{}",
            t[0].reply.text
        );
        assert_eq!(t[1].reply.to, Audience::Private(user("alice")));
        assert!(
            t[1].reply
                .text
                .contains("1 day left for your move against bob")
                && t[1].reply.text.contains("/reminders dm:off"),
            "{}",
            t[1].reply.text
        );
        clock.advance(HOUR_MS);
        assert!(h.service.tick().is_empty(), "sent once");
        // Bob turns his reminder DMs off (kept across the restart below).
        let r = h.ok("bob", CH, Request::Reminders { dm: false });
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].to, Audience::Invoker);
        assert!(
            r[0].text.contains("No more reminders by direct message"),
            "{r:?}"
        );
    }
    // After a restart the reminder is not sent again; the expiry notice comes once.
    let h = Harness::on_disk(dir.path(), clock.clone());
    assert!(h.service.tick().is_empty());
    clock.advance(DAY_MS);
    let t = h.service.tick();
    assert_eq!(t.len(), 1, "{t:?}");
    assert!(t[0].reply.text.contains("run out"), "{}", t[0].reply.text);
    assert_eq!(t[0].reply.mention, vec![user("bob")]);
    assert!(h.service.tick().is_empty());
    // A move starts a new turn with its own reminder.
    h.mv("alice", CH, "e4");
    clock.advance(4 * DAY_MS);
    let t = h.service.tick();
    // Bob turned direct-message reminders off: the game's place only.
    assert_eq!(t.len(), 1, "{t:?}");
    assert_eq!(t[0].reply.to, Audience::Channel);
    assert_eq!(t[0].reply.mention, vec![user("bob")]);
    // And back on: the next turn's reminder reaches him by DM again.
    h.ok("bob", CH, Request::Reminders { dm: true });
    h.mv("bob", CH, "e5");
    h.mv("alice", CH, "Nf3");
    clock.advance(4 * DAY_MS);
    let t = h.service.tick();
    assert_eq!(t.len(), 2, "{t:?}");
    assert_eq!(t[1].reply.to, Audience::Private(user("bob")));
}

#[test]
fn authorization_matrix() {
    let h = Harness::new();
    // Challenge answers: only the challenged accepts or declines; a stranger cannot
    // cancel (the challenger and the challenged may: tests/newcomers.rs).
    h.ok(
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
    h.refused("carol", CH, Request::Accept);
    h.refused("alice", CH, Request::Accept);
    h.refused("carol", CH, Request::Decline);
    h.refused("carol", CH, Request::Cancel);
    h.refused("bob", CH, Request::Move { text: "e4".into() });
    h.ok("bob", CH, Request::Accept);

    let before = h.history(CH);
    // Spectator: looks, never acts.
    for req in [
        Request::Move { text: "e4".into() },
        Request::Resign,
        Request::Draw(DrawAction::Offer),
        Request::Abort,
        Request::Claim,
        Request::Hand,
    ] {
        let t = h.refused("carol", CH, req);
        assert!(t.contains("alice and bob"), "{t}");
    }
    let r = h.ok("carol", CH, Request::Board);
    assert_eq!(r[0].to, Audience::Invoker);
    assert_eq!(r[0].image.as_ref().expect("image").viewer, Viewer::Public);
    h.ok("carol", CH, Request::History);
    h.ok("carol", CH, Request::Export);
    h.ok(
        "carol",
        CH,
        Request::Rules {
            variant: Some(VariantId::Standard),
        },
    );
    // The wrong player, and the right player out of turn.
    let t = h.refused("bob", CH, Request::Move { text: "e5".into() });
    assert!(t.contains("not your turn"), "{t}");
    // Bad input from the right player.
    for bad in ["", "e5", "Zz9:a0", "ñ", &"x".repeat(10_000)] {
        h.refused("alice", CH, Request::Move { text: bad.into() });
    }
    assert_eq!(h.history(CH), before, "refusals change nothing");
    // A second game in the same channel is refused.
    let t = h.refused(
        "carol",
        CH,
        Request::Challenge {
            opponent: user("dave"),
            variant: VariantId::Standard,
            color: ColorChoice::Random,
            days: None,
            options: Options::new(),
            rated: true,
        },
    );
    assert!(t.contains("already has a game"), "{t}");
    // A user with a game in another channel may play here too.
    h.start_between("bob", "alice", CH + 1, None);
    h.mv("bob", CH + 1, "e4");
    h.mv("alice", CH, "d4");
    h.mv("bob", CH, "d5");
    h.mv("alice", CH + 1, "c5");
    // Bad challenges.
    h.refused(
        "carol",
        CH + 2,
        Request::Challenge {
            opponent: user("carol"),
            variant: VariantId::Standard,
            color: ColorChoice::Random,
            days: None,
            options: Options::new(),
            rated: true,
        },
    );
    let t = h.refused(
        "carol",
        CH + 2,
        Request::Challenge {
            opponent: user("dave"),
            variant: VariantId::Standard,
            color: ColorChoice::Random,
            days: Some(15),
            options: Options::new(),
            rated: true,
        },
    );
    assert!(t.contains("between 1 and 14"), "{t}");
    let mut opts = Options::new();
    opts.insert("wands".into(), "rolled".into());
    h.refused(
        "carol",
        CH + 2,
        Request::Challenge {
            opponent: user("dave"),
            variant: VariantId::Standard,
            color: ColorChoice::Random,
            days: None,
            options: opts,
            rated: true,
        },
    );
    // Games lists.
    let r = h.ok("carol", CH, Request::Games(GamesScope::Server));
    assert!(r[0].text.contains("Active games (2)"), "{}", r[0].text);
    let r = h.ok(
        "carol",
        CH,
        Request::Games(GamesScope::User(user("carol").id)),
    );
    assert!(r[0].text.contains("No active games"), "{}", r[0].text);
}

#[test]
fn hand_is_private_and_autocomplete_only_for_the_asked_player() {
    let h = Harness::new();
    h.start(CH, None);
    let r = h.ok("alice", CH, Request::Hand);
    assert_eq!(r[0].to, Audience::Invoker);
    let a = h.service.autocomplete(CH, user("alice").id, "e2");
    assert_eq!(a, vec!["e2-e3".to_string(), "e2-e4".to_string()]);
    assert!(h.service.autocomplete(CH, user("alice").id, "").len() <= 25);
    assert!(h.service.autocomplete(CH, user("bob").id, "e7").is_empty());
    assert!(h
        .service
        .autocomplete(CH, user("carol").id, "e2")
        .is_empty());
    assert!(h.service.asks(CH, user("alice").id));
    assert!(!h.service.asks(CH, user("bob").id));
}

#[test]
fn redelivered_keys_act_once() {
    let h = Harness::new();
    h.start(CH, None);
    let keyed = |who: &str, key: &str| {
        let mut c = ctx(who, CH);
        c.key = Some(key.to_string());
        c
    };
    let first = h
        .service
        .handle(&keyed("alice", "i-1"), Request::Move { text: "e4".into() });
    assert_eq!(first[0].kind, ReplyKind::Plain);
    let again = h
        .service
        .handle(&keyed("alice", "i-1"), Request::Move { text: "e4".into() });
    assert_eq!(first, again);
    // The key keeps only the id of the change's outbox entry, not its replies.
    let kept = h.service.store().replies("i-1").expect("db").expect("kept");
    let outbox = first
        .iter()
        .find_map(|r| r.outbox)
        .expect("an outbox entry");
    assert_eq!(kept, serde_json::json!({ "outbox": outbox }));
    h.mv("bob", CH, "e5");
    // Redelivered after the game moved on: still the first answer, no new action.
    let late = h
        .service
        .handle(&keyed("alice", "i-1"), Request::Move { text: "e4".into() });
    assert_eq!(first, late);
    assert!(h.history(CH).contains("1. e2-e4 e7-e5"));
    assert!(!h.history(CH).contains("2."));
}

#[test]
fn restart_carries_on_and_bad_records_are_kept() {
    let dir = tempfile::tempdir().expect("dir");
    let clock = Arc::new(arcana::service::clock::ManualClock::new(START_MS));
    {
        let h = Harness::on_disk(dir.path(), clock.clone());
        h.start(CH, None);
        h.start(CH + 1, None);
        h.moves(CH, &["e4", "e5"]);
        h.moves(CH + 1, &["d4"]);
    }
    let tampered_id;
    {
        let h = Harness::on_disk(dir.path(), clock.clone());
        h.mv("alice", CH, "Nf3");
        assert!(h.history(CH).contains("2. Ng1-f3"));
        // Tamper with the other game's actions: White's move becomes impossible.
        let store = h.service.store();
        tampered_id = store.active_game(CH + 1).expect("db").expect("game");
        let mut rec = store.game(tampered_id).expect("db").expect("rec");
        rec.actions[0].kind = arcana::store::ActionKind::Play {
            side: arcana::core::Side::White,
            text: "d2-d5".to_string(),
        };
        assert!(rec.replay().is_err(), "the tamper must be detectable");
        let mut w = arcana::store::Write::new();
        w.game(&rec).expect("encode");
        store.commit(w).expect("write");
    }
    let h = Harness::on_disk(dir.path(), clock.clone());
    // Games load on their first use, so a start reports nothing yet...
    let t = h.service.tick();
    assert!(t.is_empty(), "{t:?}");
    assert_eq!(h.service.games_in_memory(), 0);
    // ...a move in the broken game is refused with the reason...
    let msg = h.refused("bob", CH + 1, Request::Move { text: "d5".into() });
    assert!(msg.contains("needs attention"), "{msg}");
    // ...and its channel is told once, when its clock comes due.
    clock.advance(DAY_MS * 5 / 2);
    let t = h.service.tick();
    let told: Vec<_> = t.iter().filter(|t| t.channel == CH + 1).collect();
    assert_eq!(told.len(), 1, "{t:?}");
    assert!(told[0].reply.text.contains("needs attention"));
    let again = h.service.tick();
    assert!(again.iter().all(|t| t.channel != CH + 1), "{again:?}");
    let store = h.service.store();
    let rec = store.game(tampered_id).expect("db").expect("kept");
    assert!(rec.replay().is_err(), "kept as it was, never overwritten");
    // The healthy game goes on.
    h.mv("bob", CH, "Nc6");
}

#[test]
fn racing_moves_apply_exactly_the_legal_ones_in_one_order() {
    let h = Arc::new(Harness::new());
    h.start(CH, None);
    let candidates = [
        "e4", "e5", "d4", "d5", "Nf3", "Nc6", "Nc3", "Nf6", "Bb5", "Bc5", "exd5", "Nxd5", "a3",
        "a6", "h3", "h6", "Be2", "Be7", "O-O", "Qd2", "Qd7", "Rb1", "Rb8",
    ];
    // Threads keep trying until ten plies are played, or until a thread on
    // move has tried every candidate while nobody moved (then the game is
    // stuck); how far the race gets is up to the scheduler, so the test checks
    // consistency, and that a short game really ran out of candidates.
    const TARGET: usize = 10;
    let id = h
        .service
        .store()
        .active_game(CH)
        .expect("db")
        .expect("game");
    let plies = {
        let h = h.clone();
        move || {
            h.service
                .store()
                .game(id)
                .expect("db")
                .expect("record")
                .history
                .len()
        }
    };
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let threads: Vec<_> = (0..8)
        .map(|t| {
            let h = h.clone();
            let done = done.clone();
            let plies = plies.clone();
            std::thread::spawn(move || {
                use std::sync::atomic::Ordering;
                let who = if t % 2 == 0 { "alice" } else { "bob" };
                let mut accepted = Vec::new();
                let mut round = 0;
                while !done.load(Ordering::SeqCst) {
                    let before = plies();
                    let mut any = false;
                    for i in 0..candidates.len() {
                        let m = candidates[(i + t + round) % candidates.len()];
                        let r = h.req(who, CH, Request::Move { text: m.into() });
                        if r[0].kind != ReplyKind::Refusal {
                            let first = r[0].text.lines().next().unwrap_or_default();
                            accepted.push(first.to_string());
                            any = true;
                        }
                    }
                    let after = plies();
                    let my_turn = before.is_multiple_of(2) == t.is_multiple_of(2);
                    if after >= TARGET || (!any && before == after && my_turn) {
                        done.store(true, Ordering::SeqCst);
                    }
                    round += 1;
                }
                accepted
            })
        })
        .collect();
    let per_thread: Vec<Vec<String>> = threads
        .into_iter()
        .map(|t| t.join().expect("thread"))
        .collect();
    let store = h.service.store();
    let id = store.active_game(CH).expect("db").expect("game");
    let rec = store.game(id).expect("db").expect("record");
    rec.replay().expect("replays");
    let history: Vec<String> = rec.history.iter().map(|e| e.printed.clone()).collect();
    let total: usize = per_thread.iter().map(Vec::len).sum();
    assert!(!history.is_empty(), "the race played some moves");
    assert_eq!(total, history.len(), "every accepted move is stored, once");
    if history.len() < TARGET {
        // Stopped early: then no candidate may be legal for the side to move.
        let who = if history.len().is_multiple_of(2) {
            "alice"
        } else {
            "bob"
        };
        for m in candidates {
            let r = h.req(who, CH, Request::Move { text: m.into() });
            assert_eq!(r[0].kind, ReplyKind::Refusal, "{m} was still playable");
        }
    }
    // Each thread's accepted moves appear in the one stored order.
    for acc in &per_thread {
        let mut it = history.iter();
        for m in acc {
            assert!(it.any(|h| h == m), "{m} out of order in {history:?}");
        }
    }
    let mut a: Vec<String> = per_thread.concat();
    let mut b = history.clone();
    a.sort();
    b.sort();
    assert_eq!(a, b);
}

#[test]
fn racing_redeliveries_act_once() {
    let h = Arc::new(Harness::new());
    h.start(CH, None);
    let threads: Vec<_> = (0..8)
        .map(|_| {
            let h = h.clone();
            std::thread::spawn(move || {
                let mut c = ctx("alice", CH);
                c.key = Some("interaction-42".into());
                h.service.handle(&c, Request::Move { text: "e4".into() })
            })
        })
        .collect();
    let results: Vec<_> = threads
        .into_iter()
        .map(|t| t.join().expect("thread"))
        .collect();
    for r in &results {
        assert_eq!(r, &results[0]);
        assert_eq!(r[0].kind, ReplyKind::Plain);
    }
    let store = h.service.store();
    let id = store.active_game(CH).expect("db").expect("game");
    assert_eq!(store.game(id).expect("db").expect("rec").history.len(), 1);
}

#[test]
fn service_is_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<arcana::service::Service>();
}

#[test]
fn games_load_on_first_use_and_leave_memory_when_idle() {
    let dir = tempfile::tempdir().expect("dir");
    let clock = Arc::new(arcana::service::clock::ManualClock::new(START_MS));
    {
        let h = Harness::on_disk(dir.path(), clock.clone());
        for ch in 0..3 {
            h.start(CH + ch, None);
            h.moves(CH + ch, &["e4", "e5"]);
        }
    }
    let h = Harness::on_disk(dir.path(), clock.clone());
    assert_eq!(h.service.games_in_memory(), 0, "a start loads no game");
    h.mv("alice", CH, "Nf3");
    assert_eq!(h.service.games_in_memory(), 1, "the game played is loaded");
    // Lists come from the store's indexes, not from memory: all three show.
    let listed = h
        .service
        .handle(&ctx("carol", CH), Request::Games(GamesScope::Server));
    assert!(
        listed[0].text.contains("Active games (3)"),
        "{}",
        listed[0].text
    );
    assert_eq!(h.service.games_in_memory(), 1, "listing loads nothing");
    // Idle for a while: the tick drops it from memory; its next use loads it again.
    clock.advance(HOUR_MS);
    h.service.tick();
    assert_eq!(h.service.games_in_memory(), 0);
    h.mv("bob", CH, "Nc6");
    assert!(
        h.history(CH).contains("2. Ng1-f3 Nb8-c6"),
        "{}",
        h.history(CH)
    );
}

#[test]
fn the_tick_loads_only_the_games_whose_clock_is_due() {
    let dir = tempfile::tempdir().expect("dir");
    let clock = Arc::new(arcana::service::clock::ManualClock::new(START_MS));
    {
        let h = Harness::on_disk(dir.path(), clock.clone());
        for ch in 0..10 {
            h.start(CH + ch, Some(if ch < 3 { 1 } else { 14 }));
        }
    }
    let h = Harness::on_disk(dir.path(), clock.clone());
    // Four fifths of a day later the three one-day games are due their reminder.
    clock.advance(DAY_MS * 4 / 5);
    let t = h.service.tick();
    let mut reminded: Vec<u64> = t
        .iter()
        .filter(|t| t.reply.text.contains("left for your move"))
        .map(|t| t.channel)
        .collect();
    reminded.sort_unstable();
    reminded.dedup();
    assert_eq!(reminded, vec![CH, CH + 1, CH + 2], "{t:?}");
    assert_eq!(
        h.service.games_in_memory(),
        3,
        "only the due games were read"
    );
    // Each is sent once: the next tick finds nothing due.
    assert!(h.service.tick().is_empty());
}

/// Issue 48: the writer (`src/service/plumbing/writer.rs`) is the only code of the service that
/// builds a store batch or changes the store; every other file plans `Put`s.
#[test]
fn only_the_writer_builds_store_batches() {
    let writes = [
        "Write::new",
        "store::Write",
        ".commit(",
        ".commit_lazy(",
        ".new_id(",
        ".prune_keys(",
        ".replace_ratings(",
        ".flush(",
    ];
    let mut found = Vec::new();
    let mut files = vec![std::path::PathBuf::from("src/service")];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            for entry in std::fs::read_dir(&path).expect("src/service is readable") {
                files.push(entry.expect("a directory entry").path());
            }
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") || path.ends_with("writer.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for w in writes.iter().filter(|w| code.contains(*w)) {
                found.push(format!("{}:{}: {w}", path.display(), n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "store writes outside the writer: {found:#?}"
    );
    // The test sees what it looks for: the writer itself has them.
    let writer = std::fs::read_to_string("src/service/plumbing/writer.rs").expect("the writer");
    assert!(writer.contains("Write::new") && writer.contains(".commit("));
}

/// Issue 52: where a front end coming back looks for the chat lines it missed. Only a
/// place with a game being played and a message newer than the one seen there is
/// named, with what was seen and when its game last changed; `reads_as_move` tells a
/// move (legal or not) from chat.
#[test]
fn missed_places_are_those_with_a_game_and_something_new() {
    let h = Harness::new();
    h.start(CH, None);
    h.mv("alice", CH, "e4");
    let s = &h.service;
    // No mark yet: the place is named, with the time of 1. e4.
    let missed = s.missed(&[(CH, 500), (CH + 1, 900)]);
    assert_eq!(missed.len(), 1, "{missed:?}");
    assert_eq!(missed[0].channel, CH);
    assert_eq!(missed[0].seen, None);
    assert!(missed[0].changed_ms >= START_MS, "{missed:?}");
    // Seen up to 500: nothing new at 500, something new at 501. A place without a
    // game keeps no mark.
    s.note_seen(&[(CH, 500), (CH + 1, 900)]);
    assert!(s.missed(&[(CH, 500)]).is_empty());
    assert_eq!(s.missed(&[(CH, 501)])[0].seen, Some(500));
    assert!(s.missed(&[(CH + 1, 901)]).is_empty());
    // A mark never goes back.
    s.note_seen(&[(CH, 400)]);
    assert_eq!(s.missed(&[(CH, 501)])[0].seen, Some(500));
    // bob is asked: `e5` and a blocked `e4` read as moves, chat does not.
    assert!(s.reads_as_move(CH, "e5"));
    assert!(s.reads_as_move(CH, "Ke7"));
    assert!(!s.reads_as_move(CH, "nice one, see you tomorrow"));
    assert!(!s.reads_as_move(CH, "brb"));
    // The game over, nothing is missed there.
    h.ok("bob", CH, Request::Resign);
    assert!(s.missed(&[(CH, 10_000)]).is_empty());
}
