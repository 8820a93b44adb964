//! Games outside servers, what docs/user-installs.md listed as not done yet (issue 50):
//! a rematch of a game by a pair of DMs and of a group chat's, conditional moves,
//! vacation and `/web` for such games, their own ladder, and each player's copy of a
//! game by a pair of DMs in their own language.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::dms::{accepted_in_chat, move_in_chat, setup};
use crate::dms_pair::{accepted_by_dms, boards_in, interaction_channel, typed};
use crate::support;

use serde_json::{json, Value};
use std::time::Duration;
use support::bot::{button_ids, press_in, slash_in, ALICE, BOB};
use support::fake_discord::{FakeDiscord, Recorded};

/// The newest message of `channel` with a button starting `prefix`.
fn newest_with(fake: &FakeDiscord, channel: u64, prefix: &str) -> Value {
    fake.messages_in(channel)
        .into_iter()
        .rev()
        .find(|m| button_ids(m).iter().any(|i| i.starts_with(prefix)))
        .unwrap_or_else(|| panic!("no message with a {prefix} button in {channel}"))
}

/// Where a request went: the channel posted in, or the one of the interaction it
/// answers.
fn reached(fake: &FakeDiscord, r: &Recorded) -> Option<u64> {
    support::bot::channel_of(r).or_else(|| interaction_channel(fake, r))
}

/// Every place the bot sent something to (posts, or answers to interactions used
/// there), of all it has made.
fn places_reached(fake: &FakeDiscord) -> Vec<u64> {
    let mut out: Vec<u64> = fake
        .requests()
        .iter()
        .filter(|r| r.method != "GET")
        .filter_map(|r| reached(fake, r))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// `who` presses the Accept button of the newest challenge in `channel`; waits for the
/// first board answering the press.
async fn accept_newest(fake: &FakeDiscord, who: &support::fake_discord::FakeUser, channel: u64) {
    let challenge = newest_with(fake, channel, "accept:");
    let accept = support::bot::button(&challenge, "accept");
    let mark = fake.mark();
    let iid = fake.button(who, channel, &accept, challenge);
    fake.wait_for(mark, "the first board answering the accept", |r| {
        r.answers(iid) && !r.files.is_empty()
    })
    .await;
}

// Issue 50: the Rematch button of a game by a pair of DMs, pressed in a player's own
// DM with the bot, makes a new challenge by DM: the opponent is told in theirs, where
// the challenge comes with its buttons; accepted there, the new game (colours swapped)
// is played by the pair of DMs again, and nothing goes anywhere but the two DMs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_of_a_game_by_dms_is_a_new_challenge_by_dm() {
    let s = setup().await;
    let fake = &s.fake;
    let dms = accepted_by_dms(fake).await;
    let (a_dm, b_dm) = dms;
    typed(fake, &ALICE, a_dm, "e4", "e2-e4", dms).await;
    let mark = fake.mark();
    slash_in(fake, &BOB, b_dm, "resign", &[], &[]).await;
    fake.wait_for(mark, "the end in alice's DM", |r| {
        support::bot::channel_of(r) == Some(a_dm) && r.content().contains("resign")
    })
    .await;
    fake.settle(mark, Duration::from_millis(500)).await;

    // alice presses Rematch on the end's board in her DM.
    let end = newest_with(fake, a_dm, "rematch:");
    let rematch = support::bot::button(&end, "rematch");
    let mark = fake.mark();
    let rs = press_in(fake, &ALICE, a_dm, &end, &rematch).await;
    assert!(
        rs.iter()
            .any(|r| !r.is_ephemeral() && r.content().contains("bob")),
        "the challenge answers the press: {rs:#?}"
    );
    let told = fake
        .wait_for(mark, "the challenge in bob's DM", |r| {
            support::bot::channel_of(r) == Some(b_dm) && r.content().contains("Accept or decline")
        })
        .await;
    assert!(told.content().contains("alice"), "{}", told.content());
    let notices = fake.settle(mark, Duration::from_millis(300)).await;
    let in_bobs = notices
        .iter()
        .filter(|r| support::bot::channel_of(r) == Some(b_dm))
        .count();
    assert_eq!(in_bobs, 2, "the notice, then the challenge: {notices:#?}");

    // bob accepts in his DM: the new game asks bob (White now) in both DMs.
    let mark = fake.mark();
    accept_newest(fake, &BOB, b_dm).await;
    fake.wait_for(mark, "the new game's first board in alice's DM", |r| {
        support::bot::channel_of(r) == Some(a_dm) && !r.files.is_empty()
    })
    .await;
    let rs = typed(fake, &BOB, b_dm, "d4", "d2-d4", dms).await;
    assert_eq!(boards_in(fake, &rs, a_dm, "d2-d4"), 1);
    assert_eq!(places_reached(fake), {
        let mut both = vec![a_dm, b_dm];
        both.sort_unstable();
        both
    });
    assert!(fake.threads().is_empty());
}

/// The end of the group chat's game: bob resigns by `/resign` in the chat, answered
/// there with the board and its Rematch button; alice learns it by DM.
async fn resigned_in_chat(fake: &FakeDiscord, chat: u64) {
    let mark = fake.mark();
    let rs = slash_in(fake, &BOB, chat, "resign", &[], &[]).await;
    assert!(support::bot::all_text(&rs).contains("resign"), "{rs:?}");
    fake.wait_for(mark, "the end by DM to alice", |r| {
        r.method == "POST" && support::bot::dm_owner(fake, r) == Some(ALICE.id)
    })
    .await;
    fake.settle(mark, Duration::from_millis(500)).await;
}

/// Nothing was ever posted in `chat` itself (only interactions there were answered).
fn nothing_posted_in(fake: &FakeDiscord, chat: u64) {
    let posted: Vec<Recorded> = fake
        .requests()
        .into_iter()
        .filter(|r| r.path.contains(&format!("/channels/{chat}/")))
        .collect();
    assert!(posted.is_empty(), "the bot acted in the chat: {posted:#?}");
}

// Issue 50: the Rematch button of a group chat's game makes its challenge in the chat:
// answered there (saying what the app cannot do there), the opponent told by DM first;
// accepted with its button, the new game is played in the chat. Pressed in the DM that
// told a player the end, it is refused with where to ask for it: the chat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_in_a_group_chat_is_asked_for_in_the_chat() {
    let s = setup().await;
    let fake = &s.fake;
    let chat = accepted_in_chat(fake).await;
    move_in_chat(fake, chat, &ALICE, "e4", Some(&BOB)).await;
    resigned_in_chat(fake, chat).await;

    // From alice's DM: refused, naming the chat; nothing made.
    let a_dm = fake.bot_dm(&ALICE);
    let end = newest_with(fake, a_dm, "rematch:");
    let rematch = support::bot::button(&end, "rematch");
    let rs = press_in(fake, &ALICE, a_dm, &end, &rematch).await;
    support::bot::assert_refused(&rs);
    let text = support::bot::all_text(&rs);
    assert!(
        text.contains(&format!("https://discord.com/channels/@me/{chat}")),
        "{text}"
    );

    // From the chat's end board: bob asks for it; alice is told by DM.
    let board = newest_with(fake, chat, "rematch:");
    assert_eq!(support::bot::button(&board, "rematch"), rematch);
    let mark = fake.mark();
    let rs = press_in(fake, &BOB, chat, &board, &rematch).await;
    let shown = support::bot::public_with(&rs, "alice");
    let note = arcana::i18n::tr(arcana::i18n::Lang::En, "dms-group-note");
    assert!(shown.content().contains(&note), "{}", shown.content());
    let told = fake.settle(mark, Duration::from_millis(300)).await;
    let to_alice: Vec<&Recorded> = told
        .iter()
        .filter(|r| support::bot::dm_owner(fake, r) == Some(ALICE.id))
        .collect();
    assert_eq!(to_alice.len(), 1, "{told:#?}");
    assert!(to_alice[0].content().contains("wants to play you"));

    // alice accepts in the chat: bob (White now) is told his turn by DM, and plays.
    let mark = fake.mark();
    accept_newest(fake, &ALICE, chat).await;
    fake.wait_for(mark, "bob's turn notice", |r| {
        r.method == "POST" && support::bot::dm_owner(fake, r) == Some(BOB.id)
    })
    .await;
    move_in_chat(fake, chat, &BOB, "d4", Some(&ALICE)).await;
    let rs = slash_in(fake, &ALICE, chat, "board", &[], &[]).await;
    let text = support::bot::all_text(&rs);
    assert!(text.contains("bob (White) vs alice (Black)"), "{text}");
    assert!(text.contains("alice (Black), your move"), "{text}");
    nothing_posted_in(fake, chat);
}

/// The boards among `rs` that reached `dm` (posted there, or answering an interaction
/// used there) and say `text`.
fn said_in(fake: &FakeDiscord, rs: &[Recorded], dm: u64, text: &str) -> usize {
    rs.iter()
        .filter(|r| r.method == "POST" && r.content().contains(text))
        .filter(|r| reached(fake, r) == Some(dm))
        .count()
}

// Issue 50: a conditional line queued in a game by a pair of DMs fires when the
// opponent moves: the answer reaches each DM once; the line itself stays private.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_conditional_line_fires_in_a_game_by_dms() {
    let s = setup().await;
    let fake = &s.fake;
    let dms = accepted_by_dms(fake).await;
    let (a_dm, b_dm) = dms;
    typed(fake, &ALICE, a_dm, "e4", "e2-e4", dms).await;
    let rs = slash_in(
        fake,
        &ALICE,
        a_dm,
        "conditional",
        &[("line", 3, json!("e5 Nf3"))],
        &[],
    )
    .await;
    let queued = support::bot::all_text(&rs);
    assert!(queued.contains("Queued"), "{rs:#?}");
    assert!(rs
        .iter()
        .all(|r| r.is_ephemeral() || r.content().is_empty()));

    let mark = fake.mark();
    fake.chat(&BOB, b_dm, "e5");
    for dm in [a_dm, b_dm] {
        fake.wait_for(mark, "the conditional answer in each DM", |r| {
            support::bot::channel_of(r) == Some(dm) && r.content().contains("Ng1-f3")
        })
        .await;
    }
    let rs = fake.settle(mark, Duration::from_millis(800)).await;
    for dm in [a_dm, b_dm] {
        assert_eq!(said_in(fake, &rs, dm, "(conditional move)"), 1, "{rs:#?}");
    }
    // Nothing but the two DMs, and never the line itself outside alice's answer.
    for r in fake
        .requests()
        .iter()
        .filter(|r| r.content().contains("Queued"))
    {
        assert!(r.is_ephemeral(), "{r:?}");
    }
    assert!(places_reached(fake)
        .iter()
        .all(|c| *c == a_dm || *c == b_dm));
}

// Issue 50: vacation stops the clock of a game by a pair of DMs as in a server: both
// DMs are told, days pass without a reminder or a time-out, a claim on time is refused;
// back, the clock runs again and the claim is taken once the time is out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn vacation_stops_the_clock_of_a_game_by_dms() {
    use arcana::service::clock::DAY_MS;
    let s = setup().await;
    let fake = &s.fake;
    let (a_dm, b_dm) = accepted_by_dms(fake).await;
    let mark = fake.mark();
    let on = [("state", 3, json!("on"))];
    let rs = slash_in(fake, &ALICE, a_dm, "vacation", &on, &[]).await;
    assert!(support::bot::all_text(&rs).contains("vacation"), "{rs:#?}");
    for dm in [a_dm, b_dm] {
        fake.wait_for(mark, "the vacation notice in each DM", |r| {
            reached(fake, r) == Some(dm) && r.content().contains("alice is on vacation")
        })
        .await;
    }
    let mark = fake.mark();
    s.clock.advance(5 * DAY_MS);
    let rs = fake.settle(mark, Duration::from_millis(2500)).await;
    assert_eq!(support::bot::count(&rs, "left for your move"), 0, "{rs:#?}");
    assert_eq!(support::bot::count(&rs, "run out"), 0, "{rs:#?}");
    let rs = slash_in(fake, &BOB, b_dm, "claim", &[], &[]).await;
    support::bot::assert_refused(&rs);
    assert!(
        support::bot::all_text(&rs).contains("on vacation"),
        "{rs:#?}"
    );

    // Back: the clock runs again; a day later bob claims the game on time.
    let mark = fake.mark();
    let off = [("state", 3, json!("off"))];
    slash_in(fake, &ALICE, a_dm, "vacation", &off, &[]).await;
    fake.wait_for(mark, "back, in bob's DM", |r| {
        support::bot::channel_of(r) == Some(b_dm) && r.content().contains("back from vacation")
    })
    .await;
    s.clock.advance(DAY_MS + 60_000);
    fake.settle(fake.mark(), Duration::from_millis(2500)).await;
    let rs = slash_in(fake, &BOB, b_dm, "claim", &[], &[]).await;
    assert!(
        rs.iter()
            .any(|r| !r.is_ephemeral() && !r.content().is_empty()),
        "the win on time is shown: {rs:#?}"
    );
}

// Issue 50: `/web` in a game outside servers gives each player their own private page
// by themselves alone: in a game by a pair of DMs, in their own DM (the game's, not the
// DM's own); in a group chat, as an answer only they see. Never public, never the
// other's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_gives_each_player_their_own_link_privately() {
    use arcana::service::pages::WebLinks;
    let links = WebLinks::new(
        "https://arcana.example",
        b"the key of the dm web test, 32 bytes+",
    );
    let config = arcana::service::ServiceConfig {
        web: Some(links.clone()),
        ..Default::default()
    };
    let s = crate::dms::setup_with(config).await;
    let fake = &s.fake;
    let (a_dm, b_dm) = accepted_by_dms(fake).await;
    let own = |rs: &[Recorded], who: u64| -> String {
        let text = support::bot::all_text(rs);
        let url = text
            .split_whitespace()
            .find_map(|w| w.strip_prefix("https://arcana.example/p/"))
            .unwrap_or_else(|| panic!("no private link: {text}"))
            .to_string();
        let (_, user) = links.check_private(&url, 1_700_000_000).unwrap();
        assert_eq!(user, who, "{text}");
        url
    };
    let a = slash_in(fake, &ALICE, a_dm, "web", &[], &[]).await;
    let b = slash_in(fake, &BOB, b_dm, "web", &[], &[]).await;
    let (a_url, b_url) = (own(&a, ALICE.id), own(&b, BOB.id));
    for (rs, dm) in [(&a, a_dm), (&b, b_dm)] {
        for r in rs.iter().filter(|r| !r.content().is_empty()) {
            assert_eq!(interaction_channel(fake, r), Some(dm), "{r:?}");
        }
    }

    // A group chat's game: the answer is shown to the one who asked alone.
    let chat = accepted_in_chat(fake).await;
    let rs = slash_in(fake, &BOB, chat, "web", &[], &[]).await;
    let chat_url = own(&rs, BOB.id);
    let shown: Vec<&Recorded> = rs.iter().filter(|r| !r.content().is_empty()).collect();
    assert!(shown.iter().all(|r| r.is_ephemeral()), "{rs:#?}");
    for r in fake.requests() {
        let text = r.content();
        for url in [&a_url, &b_url, &chat_url] {
            if text.contains(url.as_str()) {
                assert!(
                    r.is_ephemeral() || interaction_channel(fake, &r).is_some_and(|c| c != chat)
                );
            }
        }
        if text.contains(a_url.as_str()) {
            assert_ne!(interaction_channel(fake, &r), Some(b_dm));
            assert_ne!(support::bot::channel_of(&r), Some(b_dm));
        }
    }
}

/// The lines of `rs`'s text that rate `variant` (`Chess: 1662? ...`).
fn rating_lines(rs: &[Recorded], variant: &str) -> usize {
    let text = support::bot::all_text(rs);
    let head = format!("{variant}: ");
    text.lines().filter(|l| l.starts_with(&head)).count()
}

// Issue 50, decision "a ladder of its own for games outside servers"
// (docs/ratings.md): a rated game by a pair of DMs counts in the ladder of games
// played outside servers, which `/profile` and `/leaderboard` show when used outside
// a server; a server's game counts on that server's ladder only.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_outside_servers_have_their_own_ladder() {
    let s = setup().await;
    let fake = &s.fake;
    let dms = accepted_by_dms(fake).await;
    let (a_dm, b_dm) = dms;
    typed(fake, &ALICE, a_dm, "e4", "e2-e4", dms).await;
    typed(fake, &BOB, b_dm, "e5", "e7-e5", dms).await;
    slash_in(fake, &BOB, b_dm, "resign", &[], &[]).await;

    // A rated Chess game on the server, won by bob.
    let thread = support::bot::accepted_in_thread(fake, support::bot::CHANNEL).await;
    for (who, text) in [(&ALICE, "e4"), (&BOB, "e5")] {
        slash_in(fake, who, thread, "move", &[("text", 3, json!(text))], &[]).await;
    }
    slash_in(fake, &ALICE, thread, "resign", &[], &[]).await;
    fake.settle(fake.mark(), Duration::from_millis(500)).await;

    let outside = arcana::i18n::tr(arcana::i18n::Lang::En, "ratings-outside-servers");
    let rs = slash_in(fake, &ALICE, a_dm, "profile", &[], &[]).await;
    let text = support::bot::all_text(&rs);
    assert!(text.contains(&outside), "{text}");
    assert_eq!(rating_lines(&rs, "Wand Chess"), 1, "{text}");
    assert!(text.contains("1 win"), "{text}");
    assert_eq!(rating_lines(&rs, "Chess"), 0, "the server's game: {text}");

    let wand = [("variant", 3, json!("wand"))];
    let rs = slash_in(fake, &BOB, b_dm, "leaderboard", &wand, &[]).await;
    let text = support::bot::all_text(&rs);
    assert!(
        text.contains(&format!("Wand Chess leaderboard {outside}")),
        "{text}"
    );
    assert!(
        text.contains("You are not listed yet"),
        "bob is rated here: {text}"
    );
    assert!(rs
        .iter()
        .all(|r| r.is_ephemeral() || r.content().is_empty()));

    // On the server: its own ladder, without the game played by DM.
    let rs = support::bot::slash(fake, &ALICE, "profile", &[], &[]).await;
    let text = support::bot::all_text(&rs);
    assert!(text.contains("on this server"), "{text}");
    assert_eq!(rating_lines(&rs, "Chess"), 1, "{text}");
    assert_eq!(rating_lines(&rs, "Wand Chess"), 0, "{text}");
}

/// alice's game against the computer in her DM `dm`, played one move and resigned.
async fn computer_game_resigned(fake: &FakeDiscord, dm: u64) {
    let arcana = &support::bot::ARCANA;
    let options = [
        ("opponent", 6, json!(arcana.id.to_string())),
        ("color", 3, json!("white")),
        ("level", 4, json!(1)),
    ];
    let rs = slash_in(fake, &ALICE, dm, "challenge", &options, &[arcana]).await;
    assert!(rs.iter().any(|r| !r.files.is_empty()), "{rs:#?}");
    let mark = fake.mark();
    fake.chat(&ALICE, dm, "e4");
    crate::dms_pair::computer_answers(fake, mark, dm, &ALICE).await;
    let rs = slash_in(fake, &ALICE, dm, "resign", &[], &[]).await;
    assert!(support::bot::all_text(&rs).contains("resign"), "{rs:#?}");
    fake.settle(fake.mark(), Duration::from_millis(300)).await;
}

// Issue 50, decision "which game `/rematch` typed in one's DM asks for again": of the
// games the player finished there (the DM's own against the computer, and their games
// by a pair of DMs), the one that ended last. alice's game by DMs with bob ended after
// her game against the computer: her `/rematch` is a new challenge of bob by DM (told
// in his DM first, then the challenge with its buttons). Once a later game against the
// computer ended, `/rematch` plays the computer again and nothing reaches bob.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematch_typed_in_ones_dm_asks_for_the_game_that_ended_last() {
    let s = setup().await;
    let fake = &s.fake;
    let a_dm = fake.bot_dm(&ALICE);
    computer_game_resigned(fake, a_dm).await;
    let dms = accepted_by_dms(fake).await;
    let b_dm = dms.1;
    typed(fake, &ALICE, a_dm, "e4", "e2-e4", dms).await;
    let mark = fake.mark();
    slash_in(fake, &BOB, b_dm, "resign", &[], &[]).await;
    fake.settle(mark, Duration::from_millis(500)).await;

    let mark = fake.mark();
    let rs = slash_in(fake, &ALICE, a_dm, "rematch", &[], &[]).await;
    assert!(
        rs.iter()
            .any(|r| !r.is_ephemeral() && r.content().contains("bob")),
        "the challenge of bob answers the command: {rs:#?}"
    );
    fake.wait_for(mark, "the challenge in bob's DM", |r| {
        support::bot::channel_of(r) == Some(b_dm) && r.content().contains("Accept or decline")
    })
    .await;
    let told = fake.settle(mark, Duration::from_millis(300)).await;
    let in_bobs: Vec<&Recorded> = told
        .iter()
        .filter(|r| support::bot::channel_of(r) == Some(b_dm))
        .collect();
    assert_eq!(
        in_bobs.len(),
        2,
        "the notice, then the challenge: {told:#?}"
    );
    assert!(in_bobs[0].content().contains("alice"), "{in_bobs:#?}");
    // Colours swapped: alice played White, bob is offered White now.
    let challenge = newest_with(fake, b_dm, "accept:");
    assert!(
        support::fake_discord::visible_text(&challenge).contains("alice plays Black"),
        "{challenge}"
    );
    let decline = support::bot::button(&challenge, "decline");
    press_in(fake, &BOB, b_dm, &challenge, &decline).await;

    // A game against the computer ends later: `/rematch` asks for it again.
    computer_game_resigned(fake, a_dm).await;
    let mark = fake.mark();
    let rs = slash_in(fake, &ALICE, a_dm, "rematch", &[], &[]).await;
    assert!(
        rs.iter().any(|r| !r.files.is_empty()),
        "the new game's first board answers the command: {rs:#?}"
    );
    let after = fake.settle(mark, Duration::from_millis(800)).await;
    assert!(
        after
            .iter()
            .all(|r| support::bot::channel_of(r) != Some(b_dm)),
        "nothing reaches bob: {after:#?}"
    );
    assert!(fake.threads().is_empty());
}
