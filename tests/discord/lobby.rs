//! The lobby behind the Discord buttons, at the service: challenges with their own ids
//! (any number per channel), open challenges, expiry, who may answer, and the
//! "what became of it" reply that lets a front end update a settled challenge's
//! message. Also: a challenge stored before challenges had ids still loads, and two
//! processes sharing a store see each other's challenges at once.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::common;
use crate::store_backends;

use arcana::service::api::{
    ChallengeAnswer, ChallengeTarget, ColorChoice, Reply, ReplyKind, Request,
};
use arcana::service::clock::{ManualClock, DAY_MS};
use arcana::service::{Service, ServiceConfig};
use arcana::store::{Challenge, Store, Write};
use arcana::variants::{Options, VariantId};
use common::{ctx, user, Harness, START_MS};
use std::sync::Arc;

const CH: u64 = 42;

fn challenge(opponent: Option<&str>, variant: VariantId, color: ColorChoice) -> Request {
    match opponent {
        Some(o) => Request::Challenge {
            opponent: user(o),
            variant,
            color,
            days: None,
            options: Options::new(),
            rated: true,
        },
        None => Request::OpenChallenge {
            variant,
            color,
            days: None,
            options: Options::new(),
            rated: true,
        },
    }
}

/// The id a new challenge's reply names.
fn id_of(replies: &[Reply]) -> u64 {
    replies
        .iter()
        .find_map(|r| match &r.kind {
            ReplyKind::Challenge { challenge, .. } => Some(*challenge),
            _ => None,
        })
        .expect("a challenge reply")
}

/// The "what became of it" text of a settled challenge, if the replies carry one.
fn over(replies: &[Reply]) -> Option<(u64, Option<u64>, String)> {
    replies.iter().find_map(|r| match &r.kind {
        ReplyKind::ChallengeOver {
            challenge,
            message,
            shown,
        } => Some((*challenge, *message, shown.clone())),
        _ => None,
    })
}

fn answer(answer: ChallengeAnswer, id: u64) -> Request {
    Request::Answer {
        answer,
        target: ChallengeTarget::Id(id),
    }
}

#[test]
fn a_withdrawn_challenge_cannot_accept_a_newer_one() {
    let h = Harness::new();
    let first = id_of(&h.ok(
        "alice",
        CH,
        challenge(Some("bob"), VariantId::Standard, ColorChoice::White),
    ));
    h.service.shown(CH, first, 555);
    let r = h.ok("alice", CH, Request::Cancel);
    assert!(r[0].text.contains("alice withdraws"), "{}", r[0].text);
    let (c, message, shown) = over(&r).expect("the first message is updated");
    assert_eq!((c, message), (first, Some(555)));
    assert!(shown.contains("Withdrawn by alice"), "{shown}");
    let second = id_of(&h.ok(
        "alice",
        CH,
        challenge(Some("bob"), VariantId::Wand, ColorChoice::Black),
    ));
    assert_ne!(first, second);
    // bob presses Accept on the FIRST message: refused, and told what became of it.
    let r = h.req("bob", CH, answer(ChallengeAnswer::Accept, first));
    assert!(
        r.iter()
            .any(|x| x.kind == ReplyKind::Refusal && x.text.contains("Withdrawn by alice")),
        "{r:?}"
    );
    let (c, _, shown) = over(&r).expect("the pressed message is updated");
    assert_eq!(c, first);
    assert!(
        shown.contains("Chess") && !shown.contains("Wand"),
        "{shown}"
    );
    assert!(r.iter().all(|x| x.image.is_none()), "no game started");
    h.refused("bob", CH, Request::Board);
    // The newer one is accepted by its own id: Wand Chess, bob White.
    let r = h.ok("bob", CH, answer(ChallengeAnswer::Accept, second));
    assert!(
        r[0].text.contains("bob (White) vs alice (Black)") && r[0].text.contains("Wand Chess"),
        "{}",
        r[0].text
    );
    let (c, _, shown) = over(&r).expect("the accepted challenge's message is updated");
    assert_eq!(c, second);
    assert!(shown.contains("Accepted by bob"), "{shown}");
}

#[test]
fn several_challenges_wait_and_text_answers_act_only_when_unambiguous() {
    let h = Harness::new();
    let from_alice = id_of(&h.ok(
        "alice",
        CH,
        challenge(Some("bob"), VariantId::Standard, ColorChoice::White),
    ));
    h.ok(
        "carol",
        CH,
        challenge(Some("bob"), VariantId::Spell, ColorChoice::White),
    );
    // The same challenge twice is refused; to someone else it is fine.
    let why = h.refused(
        "alice",
        CH,
        challenge(Some("bob"), VariantId::Wand, ColorChoice::Black),
    );
    assert!(why.contains("already have a challenge to bob"), "{why}");
    h.ok(
        "alice",
        CH,
        challenge(Some("dave"), VariantId::Standard, ColorChoice::White),
    );
    let why = h.refused("bob", CH, Request::Accept);
    assert!(
        why.contains("Several") && why.contains("alice") && why.contains("carol"),
        "{why}"
    );
    assert!(!why.contains('\n'), "one line: {why}");
    // Cancel without a name is ambiguous for alice too (two of hers wait).
    let why = h.refused("alice", CH, Request::Cancel);
    assert!(why.contains("bob") && why.contains("dave"), "{why}");
    // Named, it is not.
    let r = h.ok(
        "bob",
        CH,
        Request::Answer {
            answer: ChallengeAnswer::Decline,
            target: ChallengeTarget::Player(user("alice")),
        },
    );
    assert_eq!(r[0].text, "bob declines alice's challenge.");
    assert_eq!(over(&r).map(|o| o.0), Some(from_alice));
    // Now only carol's concerns bob.
    let r = h.ok("bob", CH, Request::Accept);
    assert!(r[0].text.contains("Spell Chess"), "{}", r[0].text);
    // A game is played here now: dave's challenge waits, its acceptance is refused.
    let why = h.refused("dave", CH, Request::Accept);
    assert!(why.contains("already has a game"), "{why}");
    // Only the challenged declines; a stranger cannot cancel.
    let why = h.refused("carol", CH, Request::Decline);
    assert!(why.contains("no challenge"), "{why}");
    let why = h.refused(
        "erin",
        CH,
        Request::Answer {
            answer: ChallengeAnswer::Cancel,
            target: ChallengeTarget::Player(user("alice")),
        },
    );
    assert!(why.contains("no challenge"), "{why}");
}

#[test]
fn open_challenges_take_the_first_taker_and_moderators_cancel() {
    let h = Harness::new();
    let open = id_of(&h.ok(
        "alice",
        CH,
        challenge(None, VariantId::Standard, ColorChoice::White),
    ));
    let r = h.refused("alice", CH, answer(ChallengeAnswer::Accept, open));
    assert!(r.contains("your own"), "{r}");
    let r = h.refused("bob", CH, answer(ChallengeAnswer::Decline, open));
    assert!(r.contains("open challenge cannot be declined"), "{r}");
    // A stranger may not cancel it; a moderator may.
    h.refused("carol", CH, answer(ChallengeAnswer::Cancel, open));
    let r = h
        .service
        .handle_as(&ctx("mod", CH), true, answer(ChallengeAnswer::Cancel, open));
    assert!(r[0].text.contains("(moderator)"), "{r:?}");
    let (_, _, shown) = over(&r).expect("updated");
    assert!(shown.contains("Cancelled by mod (moderator)"), "{shown}");
    // The first taker of a new open challenge plays.
    let again = id_of(&h.ok(
        "alice",
        CH,
        challenge(None, VariantId::Standard, ColorChoice::White),
    ));
    assert_ne!(again, open);
    let r = h.ok("carol", CH, Request::Accept);
    assert!(
        r[0].text.contains("alice (White) vs carol (Black)"),
        "{}",
        r[0].text
    );
    let r = h.req("bob", CH, answer(ChallengeAnswer::Accept, again));
    assert!(
        over(&r).is_some_and(|o| o.2.contains("Accepted by carol")),
        "{r:?}"
    );
}

#[test]
fn unanswered_challenges_expire_at_the_tick() {
    let h = Harness::new();
    let id = id_of(&h.ok(
        "alice",
        CH,
        challenge(Some("bob"), VariantId::Standard, ColorChoice::White),
    ));
    h.service.shown(CH, id, 777);
    h.clock.advance(DAY_MS - 1);
    assert!(h
        .service
        .tick()
        .iter()
        .all(|t| over(std::slice::from_ref(&t.reply)).is_none()));
    h.clock.advance(1);
    let timed = h.service.tick();
    let (c, message, shown) = timed
        .iter()
        .find_map(|t| over(std::slice::from_ref(&t.reply)))
        .expect("the expiry updates the message");
    assert_eq!((c, message), (id, Some(777)));
    assert!(shown.contains("Expired"), "{shown}");
    assert!(timed.iter().all(|t| t.channel == CH));
    // Once only; and a late answer is told.
    assert!(h
        .service
        .tick()
        .iter()
        .all(|t| over(std::slice::from_ref(&t.reply)).is_none()));
    let why = h.refused("bob", CH, Request::Accept);
    assert!(why.contains("no challenge"), "{why}");
    let r = h.req("bob", CH, answer(ChallengeAnswer::Accept, id));
    assert!(r.iter().any(|x| x.text.contains("Expired")), "{r:?}");
}

#[test]
fn challenges_survive_a_restart_and_old_channel_keyed_ones_load() {
    let dir = tempfile::tempdir().expect("dir");
    let clock = Arc::new(ManualClock::new(START_MS));
    let config = || ServiceConfig {
        seed: Some(1),
        challenge_expiry_ms: Some(2 * DAY_MS),
        ..ServiceConfig::default()
    };
    {
        // A challenge as an older build stored it: under its channel, no id.
        let store = Store::open(dir.path()).expect("store");
        let old: Challenge = serde_json::from_value(serde_json::json!({
            "challenger": {"id": user("carol").id, "name": "carol"},
            "opponent": {"id": user("dave").id, "name": "dave"},
            "server": 7, "variant": "standard", "color": "White", "days": 3,
            "options": {}, "created_ms": START_MS,
        }))
        .expect("an old challenge reads");
        let mut w = Write::new();
        w.challenge(CH + 1, Some(&old)).expect("write");
        store.commit(w).expect("commit");
        let service = Service::new(store, clock.clone(), config()).expect("service");
        let r = service.handle(
            &ctx("alice", CH),
            challenge(Some("bob"), VariantId::Standard, ColorChoice::White),
        );
        service.shown(CH, id_of(&r), 999);
    }
    let service = Service::new(
        Store::open(dir.path()).expect("store"),
        clock.clone(),
        config(),
    )
    .expect("service reopens");
    // The old one is answered as before, by text.
    let r = service.handle(&ctx("dave", CH + 1), Request::Accept);
    assert!(r[0].text.contains("carol (White) vs dave (Black)"), "{r:?}");
    // The new one kept its message, and the configured expiry applies.
    clock.advance(2 * DAY_MS);
    let timed = service.tick();
    let (_, message, _) = timed
        .iter()
        .find_map(|t| over(std::slice::from_ref(&t.reply)))
        .expect("expired");
    assert_eq!(message, Some(999));
}

/// A front end that opens a place for each game (Discord: a thread), or refuses to.
struct Threads {
    refuse: Option<&'static str>,
    opened: std::sync::Mutex<Vec<(u64, String, Option<u64>)>>,
}

impl arcana::service::api::Places for Threads {
    fn mention(&self, _: Option<u64>, channel: u64) -> Option<String> {
        Some(format!("<#{channel}>"))
    }
    fn site(&self, _: Option<u64>, _: u64) -> Option<String> {
        None
    }
    fn open_place(&self, channel: u64, title: &str, anchor: Option<u64>) -> Result<u64, String> {
        if let Some(why) = self.refuse {
            return Err(why.to_string());
        }
        self.opened
            .lock()
            .unwrap()
            .push((channel, title.to_string(), anchor));
        Ok(anchor.unwrap_or(channel) + 1_000)
    }
}

fn with_threads(refuse: Option<&'static str>) -> (Service, Arc<Threads>, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(START_MS));
    let places = Arc::new(Threads {
        refuse,
        opened: std::sync::Mutex::new(Vec::new()),
    });
    let service = Service::new(
        Store::temporary().expect("store"),
        clock.clone(),
        ServiceConfig {
            seed: Some(1),
            ..ServiceConfig::default()
        },
    )
    .expect("service")
    .with_places(places.clone());
    (service, places, clock)
}

#[test]
fn an_accepted_game_is_played_in_a_place_of_its_own() {
    use arcana::service::api::Audience;
    let (service, places, _) = with_threads(None);
    let mut places_seen = Vec::new();
    for (white, black, message) in [("alice", "bob", 10), ("carol", "dave", 20)] {
        let r = service.handle(
            &ctx(white, CH),
            challenge(Some(black), VariantId::Wand, ColorChoice::White),
        );
        service.shown(CH, id_of(&r), message);
        let r = service.handle(&ctx(black, CH), Request::Accept);
        let place = message + 1_000;
        // The channel hears where; the game itself is told in its place.
        assert_eq!(r[0].to, Audience::Channel);
        assert!(
            r[0].text.contains(&format!("played in {{#{place}}}")),
            "{r:?}"
        );
        let board = r.iter().find(|x| x.image.is_some()).expect("a board");
        assert_eq!(board.to, Audience::Place(place));
        let (_, _, shown) = over(&r).expect("the challenge message");
        assert!(shown.contains(&format!("{{#{place}}}")), "{shown}");
        places_seen.push(place);
    }
    assert_eq!(
        places.opened.lock().unwrap()[0],
        (CH, "alice vs bob · Wand Chess".to_string(), Some(10))
    );
    // Each game lives in its place: moves there, none in the channel.
    let r = service.handle(&ctx("alice", places_seen[0]), Request::Board);
    assert!(r[0].image.is_some(), "{r:?}");
    let r = service.handle(&ctx("alice", CH), Request::Board);
    assert_eq!(r[0].kind, ReplyKind::Refusal);
    // /games in the channel names both places.
    let r = service.handle(
        &ctx("erin", CH),
        Request::Games(arcana::service::api::GamesScope::Server),
    );
    assert!(r[0].text.contains("In this channel (2):"), "{}", r[0].text);
    for p in &places_seen {
        assert!(r[0].text.contains(&format!("<#{p}>")), "{}", r[0].text);
    }
}

#[test]
fn without_a_place_the_game_stays_in_its_channel_with_one_note() {
    let (service, _, _) = with_threads(Some("threads are switched off here"));
    let r = service.handle(
        &ctx("alice", CH),
        challenge(Some("bob"), VariantId::Standard, ColorChoice::White),
    );
    service.shown(CH, id_of(&r), 10);
    let r = service.handle(&ctx("bob", CH), Request::Accept);
    let notes: Vec<&Reply> = r
        .iter()
        .filter(|x| {
            x.text
                .contains("This game is played in this channel: threads are switched off here.")
        })
        .collect();
    assert_eq!(notes.len(), 1, "{r:?}");
    assert!(r
        .iter()
        .all(|x| !matches!(x.to, arcana::service::api::Audience::Place(_))));
    // One game per channel then.
    let why = service.handle(
        &ctx("carol", CH),
        challenge(Some("dave"), VariantId::Standard, ColorChoice::White),
    );
    assert!(why[0].text.contains("already has a game"), "{why:?}");
}

#[test]
fn a_moderator_ends_a_stuck_game_with_no_winner() {
    use arcana::store::ActionKind;
    let (service, _, _) = with_threads(None);
    let r = service.handle(
        &ctx("alice", CH),
        challenge(Some("bob"), VariantId::Standard, ColorChoice::White),
    );
    service.shown(CH, id_of(&r), 10);
    service.handle(&ctx("bob", CH), Request::Accept);
    let place = 1_010;
    for (who, m) in [("alice", "e4"), ("bob", "e5")] {
        let r = service.handle(&ctx(who, place), Request::Move { text: m.into() });
        assert_ne!(r[0].kind, ReplyKind::Refusal, "{r:?}");
    }
    // Not a moderator: refused; a player after both moved: too late.
    let r = service.handle(&ctx("erin", place), Request::Abort);
    assert_eq!(r[0].kind, ReplyKind::Refusal);
    let r = service.handle(&ctx("alice", place), Request::Abort);
    assert!(r[0].text.contains("Too late"), "{r:?}");
    let before = service.store().all_games().expect("games");
    let r = service.handle_as(&ctx("mod", place), true, Request::Abort);
    assert!(
        r[0].text.contains("mod (moderator) aborts the game"),
        "{r:?}"
    );
    let after = service.store().all_games().expect("games");
    assert_eq!(before.len(), after.len());
    let rec = after.iter().find(|g| g.channel == place).expect("the game");
    assert!(rec.finished);
    assert_eq!(
        rec.actions.last().map(|a| &a.kind),
        Some(&ActionKind::ModeratorAbort { by: "mod".into() })
    );
    assert_eq!(rec.end.as_ref().and_then(|e| e.rating), None);
    // It replays (stored games keep loading).
    rec.replay().expect("replays");
}

#[test]
fn board_messages_carry_their_game_and_stale_buttons_are_refused() {
    use arcana::service::api::GameControls;
    let h = Harness::new();
    h.ok(
        "alice",
        CH,
        challenge(Some("bob"), VariantId::Wickets, ColorChoice::White),
    );
    let r = h.ok("bob", CH, Request::Accept);
    let controls: GameControls = r
        .iter()
        .find_map(|x| x.controls)
        .expect("the board names its game");
    assert!(controls.secrets && !controls.finished && !controls.draw_offer);
    let on = |request: Request| Request::OnGame {
        game: controls.game,
        request: Box::new(request),
    };
    // My hand: privately, to a player only.
    let r = h.ok("alice", CH, on(Request::Hand));
    assert_eq!(r[0].to, arcana::service::api::Audience::Invoker);
    h.refused("carol", CH, on(Request::Hand));
    // A button naming another game acts on nothing.
    let why = h.refused(
        "alice",
        CH,
        Request::OnGame {
            game: controls.game + 1,
            request: Box::new(Request::Resign),
        },
    );
    assert!(why.contains("no longer played here"), "{why}");
    // Only those requests travel on a game's buttons.
    h.refused("alice", CH, on(Request::Abort));
    let r = h.ok("bob", CH, on(Request::Resign));
    let end = r.iter().find_map(|x| x.controls).expect("the last message");
    assert!(end.finished);
    // Rematch: colours swapped, same game and days, to the same opponent.
    h.refused("carol", CH, on(Request::Rematch));
    let r = h.ok("alice", CH, on(Request::Rematch));
    assert!(
        r[0].text
            .starts_with("alice challenges bob to Chess with Wickets (alice plays Black"),
        "{}",
        r[0].text
    );
    let r = h.ok("bob", CH, Request::Accept);
    assert!(r[0].text.contains("bob (White) vs alice (Black)"), "{r:?}");
    h.refused("alice", CH, on(Request::Resign));
}

/// Two services on one store, as two bot processes sharing PostgreSQL (on sled, one
/// handle shared), on one clock.
fn two_processes(e: &store_backends::TestStore) -> (Service, Service, Arc<ManualClock>) {
    let first = e.open();
    let second = if e.name == "sled" {
        first.share()
    } else {
        e.open()
    };
    let clock = Arc::new(ManualClock::new(START_MS));
    let open = |store: Store, seed: u64| {
        let config = ServiceConfig {
            seed: Some(seed),
            ..ServiceConfig::default()
        };
        Service::new(store, clock.clone(), config).unwrap()
    };
    (open(first, 1), open(second, 2), clock)
}

fn refusal(r: &[Reply]) -> Option<&str> {
    r.iter()
        .find(|x| x.kind == ReplyKind::Refusal)
        .map(|x| x.text.as_str())
}

// Issue 12 (several processes on one store): a challenge made by one process is seen by
// the other at once, without a restart: answered there (by button or by a bare
// command), and then refused in the first with what became of it; the first's tick
// does not expire a challenge the other settled.
#[test]
fn challenges_made_by_another_process_are_seen_at_once() {
    for e in store_backends::backends("lobby_shared") {
        let (a, b, clock) = two_processes(&e);
        let name = e.name;
        // Both are running; alice challenges bob through A.
        let r = a.handle(
            &ctx("alice", CH),
            challenge(Some("bob"), VariantId::Standard, ColorChoice::White),
        );
        let id = id_of(&r);
        a.shown(CH, id, 777);
        // bob presses Accept on it, and B serves the press.
        let r = b.handle(&ctx("bob", CH), answer(ChallengeAnswer::Accept, id));
        assert_eq!(refusal(&r), None, "{name}: {r:?}");
        assert!(
            r.iter()
                .any(|x| x.text.contains("alice (White) vs bob (Black)")),
            "{name}: {r:?}"
        );
        let (c, message, shown) = over(&r).expect("the challenge's message is updated");
        assert_eq!((c, message), (id, Some(777)), "{name}");
        assert!(shown.contains("Accepted by bob"), "{name}: {shown}");
        // A late press in A is refused with the challenge's fate, starting nothing.
        let r = a.handle(&ctx("bob", CH), answer(ChallengeAnswer::Accept, id));
        let why = refusal(&r).unwrap_or_else(|| panic!("{name}: {r:?}"));
        assert!(why.contains("Accepted by bob"), "{name}: {why}");
        assert!(r.iter().all(|x| x.image.is_none()), "{name}: {r:?}");

        // carol's open challenge through A, in another channel, is taken through B by
        // a bare /accept; A then has nothing left to accept there.
        let r = a.handle(
            &ctx("carol", CH + 1),
            challenge(None, VariantId::Standard, ColorChoice::White),
        );
        let open = id_of(&r);
        let r = b.handle(&ctx("dave", CH + 1), Request::Accept);
        assert_eq!(refusal(&r), None, "{name}: {r:?}");
        assert!(
            over(&r).is_some_and(|o| o.0 == open && o.2.contains("Accepted by dave")),
            "{name}: {r:?}"
        );
        let r = a.handle(&ctx("erin", CH + 1), Request::Accept);
        let why = refusal(&r).unwrap_or_else(|| panic!("{name}: {r:?}"));
        assert!(why.contains("no challenge"), "{name}: {why}");

        // A still had both pending in its own copy: its tick after the expiry does not
        // overwrite what B settled.
        clock.advance(2 * DAY_MS);
        let timed = a.tick();
        assert!(
            timed
                .iter()
                .all(|t| over(std::slice::from_ref(&t.reply)).is_none()),
            "{name}: {timed:?}"
        );
        let r = b.handle(&ctx("bob", CH), answer(ChallengeAnswer::Accept, id));
        let why = refusal(&r).unwrap_or_else(|| panic!("{name}: {r:?}"));
        assert!(why.contains("Accepted by bob"), "{name}: {why}");
    }
}
