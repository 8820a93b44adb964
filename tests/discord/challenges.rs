//! End to end, buttons that cannot lie: the real `arcana run` binary against the fake
//! Discord. Each challenge's buttons name it; a press on a settled, withdrawn or
//! expired challenge is refused privately and its message updated (interaction
//! response type 7); every settle path removes the buttons; several challenges wait in
//! one channel; open challenges; moderators cancel. And a thread per game: an accepted
//! game is played in a public thread started from its challenge's message, where its
//! commands and chat moves act; without the permission it stays in the channel.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use serde_json::{json, Value};
use std::time::Duration;
use support::bot::{
    answers, assert_refused, body, button, button_ids, dm_owner, mention, message_id, posted_in,
    press, press_in, private_with, public_with, slash, slash_in, started, thread_of, update, Bot,
    ALICE, ARCANA, BOB, CAROL, CHANNEL, DAVE,
};
use support::fake_discord::{all_components, is_v2, FakeDiscord, FakeUser, Recorded};

/// These scenarios' configuration lines: small boards (the images are not judged here).
const SMALL: &str = "image_size = 128\n";

fn user_option(u: &FakeUser) -> (&'static str, u8, Value) {
    ("opponent", 6, json!(u.id.to_string()))
}

/// A challenge made by slash command: its interaction id and its message as Discord
/// keeps it.
async fn challenge(
    fake: &FakeDiscord,
    by: &FakeUser,
    options: &[(&str, u8, Value)],
    users: &[&FakeUser],
) -> (u64, Value) {
    let mark = fake.mark();
    let iid = fake.slash(by, CHANNEL, "challenge", options, users);
    let rs = answers(fake, mark, iid).await;
    assert!(
        rs.iter()
            .any(|r| r.json["type"] == json!(4) && !r.is_ephemeral()),
        "a public challenge: {rs:?}"
    );
    // The bot asks which message its callback made (to update it later).
    fake.wait_for(mark, "the bot reads its challenge message", |r| {
        r.method == "GET" && r.answers(iid) && r.path.ends_with("/messages/@original")
    })
    .await;
    (iid, fake.original(iid).expect("the challenge message"))
}

/// Asserts: refused privately, and the pressed message updated (type 7) to say `fate`
/// with no buttons left.
fn assert_refused_and_updated(fake: &FakeDiscord, rs: &[Recorded], message: u64, fate: &str) {
    let u = update(rs).unwrap_or_else(|| panic!("no type 7 update: {rs:?}"));
    assert!(
        u.json["data"]["content"].as_str().unwrap().contains(fate),
        "{}",
        u.json
    );
    assert_eq!(u.json["data"]["components"], json!([]), "{}", u.json);
    let refusal = rs
        .iter()
        .find(|r| r.content().contains("That challenge is over"))
        .unwrap_or_else(|| panic!("no refusal: {rs:?}"));
    assert!(refusal.is_ephemeral(), "{}", refusal.json);
    let kept = fake.message(message).unwrap();
    assert!(kept["content"].as_str().unwrap().contains(fate), "{kept}");
    assert!(button_ids(&kept).is_empty(), "{kept}");
    // Nothing public besides the update.
    for r in rs {
        if r.path.ends_with("/callback") && r.json["type"] == json!(7) {
            continue;
        }
        assert!(
            r.content().is_empty() || r.is_ephemeral(),
            "{} {}",
            r.path,
            r.json
        );
        assert!(r.files.is_empty(), "no board: {}", r.path);
    }
}

/// The bot's edit of a channel message (a settled challenge shown by command or tick).
async fn edited(fake: &FakeDiscord, mark: usize, message: u64) -> Recorded {
    let path = format!("/api/v10/channels/{CHANNEL}/messages/{message}");
    fake.wait_for(mark, "the challenge message's edit", |r| {
        r.method == "PATCH" && r.path == path
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_withdrawn_challenges_accept_button_cannot_start_a_newer_one() {
    let (fake, _dir, _bot) = started(SMALL).await;

    // alice challenges bob to Chess as White.
    let (_, first) = challenge(
        &fake,
        &ALICE,
        &[user_option(&BOB), ("color", 3, json!("white"))],
        &[&BOB],
    )
    .await;
    let ids = button_ids(&first);
    assert_eq!(ids.len(), 3, "accept, decline, cancel: {ids:?}");
    let accept_first = button(&first, "accept");
    let number = accept_first.trim_start_matches("accept:").to_string();
    assert!(ids.contains(&format!("decline:{number}")), "{ids:?}");
    assert!(ids.contains(&format!("cancel:{number}")), "{ids:?}");

    // She cancels by command: the public line, and her first message loses its buttons.
    let mark = fake.mark();
    let rs = slash(&fake, &ALICE, "cancel", &[], &[]).await;
    assert!(
        rs.iter().any(|r| r.content().contains("alice withdraws")),
        "{rs:?}"
    );
    let edit = edited(&fake, mark, message_id(&first)).await;
    assert!(
        edit.content().contains("Withdrawn by alice"),
        "{}",
        edit.json
    );
    assert_eq!(edit.json["components"], json!([]));

    // She challenges him to Wand Chess as Black.
    let (_, second) = challenge(
        &fake,
        &ALICE,
        &[
            user_option(&BOB),
            ("variant", 3, json!("wand")),
            ("color", 3, json!("black")),
        ],
        &[&BOB],
    )
    .await;
    let accept_second = button(&second, "accept");
    assert_ne!(accept_first, accept_second);

    // bob presses Accept on the FIRST message (as it was when he saw it).
    let rs = press(&fake, &BOB, &first, &accept_first).await;
    assert_refused_and_updated(&fake, &rs, message_id(&first), "Withdrawn by alice");
    // No game started.
    let rs = slash(&fake, &BOB, "board", &[], &[]).await;
    assert!(
        rs.iter().all(|r| r.files.is_empty()),
        "a board after a refused press: {rs:?}"
    );
    // The Wand Chess challenge still waits, and its own button starts it: bob White.
    assert_eq!(
        button_ids(&fake.message(message_id(&second)).unwrap()).len(),
        3
    );
    let mark = fake.mark();
    let rs = press(&fake, &BOB, &second, &accept_second).await;
    let u = update(&rs).expect("type 7 on the accepted challenge");
    let shown = u.json["data"]["content"].as_str().unwrap();
    assert!(
        shown.contains("Accepted by bob") && shown.contains("Wand Chess"),
        "{shown}"
    );
    assert_eq!(u.json["data"]["components"], json!([]));
    let start = rs
        .iter()
        .find(|r| r.content().contains("bob (White) vs alice (Black)"))
        .unwrap_or_else(|| panic!("the game starts: {rs:?}"));
    assert!(!start.is_ephemeral());
    assert!(start.content().contains("Wand Chess"));
    // The game gets its own thread, started from the challenge's message.
    let (thread, name) = thread_of(&fake, mark, message_id(&second)).await;
    assert_eq!(name, "bob vs alice · Wand Chess");
    assert!(shown.contains(&format!("<#{thread}>")), "{shown}");
    assert!(start.content().contains(&format!("<#{thread}>")));
    let board = posted_in(&fake, mark, thread, "the board in the thread").await;
    assert!(!board.files.is_empty(), "with its board");
    assert!(
        board.content().contains(&format!("<@{}>", BOB.id)),
        "{}",
        board.json
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_challenges_wait_and_each_settle_path_removes_the_buttons() {
    let (fake, _dir, _bot) = started(SMALL).await;
    fake.moderate(&DAVE);

    let (_, from_alice) = challenge(&fake, &ALICE, &[user_option(&BOB)], &[&BOB]).await;
    let (_, from_carol) = challenge(
        &fake,
        &CAROL,
        &[user_option(&BOB), ("variant", 3, json!("spell"))],
        &[&BOB],
    )
    .await;
    // Two wait for bob: a bare /accept is refused in one line, privately.
    let rs = slash(&fake, &BOB, "accept", &[], &[]).await;
    let refusal = rs
        .iter()
        .find(|r| r.content().contains("Several"))
        .unwrap_or_else(|| panic!("{rs:?}"));
    assert!(refusal.is_ephemeral());
    assert!(!refusal.content().contains('\n'));
    // Declined by naming the challenger: the right message loses its buttons.
    let mark = fake.mark();
    let rs = slash(
        &fake,
        &BOB,
        "decline",
        &[("player", 6, json!(ALICE.id.to_string()))],
        &[&ALICE],
    )
    .await;
    assert!(rs
        .iter()
        .any(|r| r.content() == "bob declines alice's challenge."));
    let edit = edited(&fake, mark, message_id(&from_alice)).await;
    assert!(edit.content().contains("Declined by bob"), "{}", edit.json);
    assert_eq!(edit.json["components"], json!([]));
    assert_eq!(
        button_ids(&fake.message(message_id(&from_carol)).unwrap()).len(),
        3
    );

    // Now one concerns bob: a bare /accept takes it, and its message is updated.
    let mark = fake.mark();
    let rs = slash(&fake, &BOB, "accept", &[], &[]).await;
    assert!(
        rs.iter().any(|r| r.content().contains("Spell Chess")),
        "{rs:?}"
    );
    let edit = edited(&fake, mark, message_id(&from_carol)).await;
    assert!(edit.content().contains("Accepted by bob"), "{}", edit.json);
    assert_eq!(edit.json["components"], json!([]));
    let (thread, _) = thread_of(&fake, mark, message_id(&from_carol)).await;
    let board = posted_in(&fake, mark, thread, "the board in the thread").await;
    assert!(!board.files.is_empty());

    // A late Decline on alice's message: refused, the message shows its fate.
    let rs = press(&fake, &BOB, &from_alice, &button(&from_alice, "decline")).await;
    assert_refused_and_updated(&fake, &rs, message_id(&from_alice), "Declined by bob");

    // The channel stays free for more: alice's open challenge is taken by dave.
    let (_, open) = challenge(&fake, &ALICE, &[], &[]).await;
    let mark = fake.mark();
    let rs = press(&fake, &DAVE, &open, &button(&open, "accept")).await;
    assert!(update(&rs).is_some(), "{rs:?}");
    let (second_thread, _) = thread_of(&fake, mark, message_id(&open)).await;
    assert_ne!(thread, second_thread);
    // /games in the channel links both threads, never a bare number.
    let rs = slash(&fake, &CAROL, "games", &[], &[]).await;
    let text = rs.iter().map(Recorded::content).collect::<String>();
    assert!(text.contains("In this channel (2)"), "{text}");
    assert!(text.contains(&format!("<#{thread}>")), "{text}");
    assert!(text.contains(&format!("<#{second_thread}>")), "{text}");
    assert!(!text.contains(&format!(" {thread}")), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_challenges_and_moderators() {
    let (fake, _dir, _bot) = started(SMALL).await;
    fake.moderate(&DAVE);

    // No opponent: an open challenge, with Accept and Cancel (nobody to decline).
    let (_, open) = challenge(&fake, &ALICE, &[("color", 3, json!("white"))], &[]).await;
    assert!(
        open["content"].as_str().unwrap().contains("anyone"),
        "{open}"
    );
    let ids = button_ids(&open);
    assert_eq!(ids.len(), 2, "{ids:?}");
    // carol may not cancel it (refused privately, the message keeps its buttons).
    let rs = press(&fake, &CAROL, &open, &button(&open, "cancel")).await;
    assert!(update(&rs).is_none(), "{rs:?}");
    assert!(rs
        .iter()
        .any(|r| r.is_ephemeral() && r.content().contains("Only alice")));
    assert_eq!(
        button_ids(&fake.message(message_id(&open)).unwrap()).len(),
        2
    );
    // dave moderates: his press cancels it, the message says so, without buttons.
    let rs = press(&fake, &DAVE, &open, &button(&open, "cancel")).await;
    let u = update(&rs).unwrap_or_else(|| panic!("{rs:?}"));
    assert!(
        u.json["data"]["content"]
            .as_str()
            .unwrap()
            .contains("Cancelled by dave (moderator)"),
        "{}",
        u.json
    );
    assert_eq!(u.json["data"]["components"], json!([]));

    // A new open challenge: the first taker plays.
    let (_, open) = challenge(&fake, &ALICE, &[("color", 3, json!("white"))], &[]).await;
    let rs = press(&fake, &BOB, &open, &button(&open, "accept")).await;
    let u = update(&rs).unwrap_or_else(|| panic!("{rs:?}"));
    assert!(u.json["data"]["content"]
        .as_str()
        .unwrap()
        .contains("Accepted by bob"));
    assert!(rs
        .iter()
        .any(|r| r.content().contains("alice (White) vs bob (Black)")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unanswered_challenge_expires_and_its_message_says_so() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    // About 2 seconds to answer, checked every second.
    let _bot = Bot::start(
        &fake,
        &dir.path().join("data"),
        &format!("{SMALL}reminder_check_seconds = 1\n[defaults]\nchallenge_expiry_hours = 0.0005"),
    )
    .await;
    let mark = fake.mark();
    let (_, message) = challenge(&fake, &ALICE, &[user_option(&BOB)], &[&BOB]).await;
    let edit = edited(&fake, mark, message_id(&message)).await;
    assert!(edit.content().contains("Expired"), "{}", edit.json);
    assert_eq!(edit.json["components"], json!([]));
    // bob's press on the message he still had: refused, and it is shown again.
    let rs = press(&fake, &BOB, &message, &button(&message, "accept")).await;
    assert_refused_and_updated(&fake, &rs, message_id(&message), "Expired");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_lives_in_its_thread_where_commands_and_chat_moves_act() {
    let (fake, _dir, _bot) = started(SMALL).await;
    fake.moderate(&DAVE);
    let (thread, name, _) = game_in_thread(&fake, &ALICE, &BOB, &[]).await;
    assert_eq!(name, "alice vs bob · Chess");

    // A command typed in the thread acts on its game.
    let rs = slash_in(
        &fake,
        &ALICE,
        thread,
        "move",
        &[("text", 3, json!("e4"))],
        &[],
    )
    .await;
    assert!(
        rs.iter()
            .any(|r| r.content().contains("e2-e4") && !r.files.is_empty() && !r.is_ephemeral()),
        "{rs:?}"
    );
    // A chat move in the thread too; its board is posted there.
    let mark = fake.mark();
    fake.chat(&BOB, thread, "e5");
    let m = posted_in(&fake, mark, thread, "bob's move in the thread").await;
    assert!(
        m.content().contains("e7-e5") && !m.files.is_empty(),
        "{}",
        m.json
    );
    // The parent channel has no game of its own.
    let rs = slash(&fake, &ALICE, "move", &[("text", 3, json!("d4"))], &[]).await;
    assert!(rs
        .iter()
        .all(|r| r.is_ephemeral() || r.content().is_empty()));
    assert!(
        rs.iter()
            .any(|r| r.content().contains("no game in this channel")),
        "{rs:?}"
    );
    // Both have moved: a player's /abort is too late, a moderator's ends the game.
    let rs = slash_in(&fake, &ALICE, thread, "abort", &[], &[]).await;
    assert!(rs
        .iter()
        .any(|r| r.is_ephemeral() && r.content().contains("Too late")));
    let rs = slash_in(&fake, &DAVE, thread, "abort", &[], &[]).await;
    assert!(
        rs.iter()
            .any(|r| !r.is_ephemeral() && r.content().contains("dave (moderator) aborts the game")),
        "{rs:?}"
    );
    let rs = slash_in(&fake, &BOB, thread, "history", &[], &[]).await;
    assert!(
        rs.iter()
            .any(|r| r.content().contains("(moderator) aborts")),
        "{rs:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_thread_permission_the_game_stays_in_the_channel() {
    let (fake, _dir, _bot) = started(SMALL).await;
    fake.refuse_next("POST", "/threads", 1, 50013);
    let (_, message) = challenge(&fake, &ALICE, &[user_option(&BOB)], &[&BOB]).await;
    let mark = fake.mark();
    let rs = press(&fake, &BOB, &message, &button(&message, "accept")).await;
    let refused = fake
        .wait_for(mark, "the thread request", |r| r.path.ends_with("/threads"))
        .await;
    assert_eq!(refused.status, 403);
    // The board comes here, with one note saying why.
    let start = rs
        .iter()
        .find(|r| !r.files.is_empty())
        .unwrap_or_else(|| panic!("the board in the channel: {rs:?}"));
    assert!(!start.is_ephemeral());
    let notes = rs
        .iter()
        .filter(|r| r.content().contains("This game is played in this channel"))
        .count();
    assert_eq!(notes, 1, "{rs:?}");
    assert!(
        start.content().contains("Create Public Threads"),
        "{}",
        start.json
    );
    assert!(fake.threads().is_empty());
    // One game per channel then: another challenge here waits until it ends.
    let rs = slash(&fake, &CAROL, "challenge", &[user_option(&DAVE)], &[&DAVE]).await;
    assert!(
        rs.iter()
            .any(|r| r.is_ephemeral() && r.content().contains("already has a game")),
        "{rs:?}"
    );
}

/// The custom ids of the buttons on the last message posted in `channel` after `mark`
/// that carries any.
async fn buttons_posted(
    fake: &FakeDiscord,
    mark: usize,
    channel: u64,
    what: &str,
) -> (Value, Vec<String>) {
    let path = format!("/api/v10/channels/{channel}/messages");
    let r = fake
        .wait_for(mark, what, |r| {
            r.method == "POST"
                && r.path == path
                && r.status == 200
                && !button_ids(&r.json).is_empty()
        })
        .await;
    let ids = button_ids(&r.json);
    (r.json, ids)
}

/// A message of the bot's in `channel`, as a button press carries it.
fn bot_message(fake: &FakeDiscord, channel: u64) -> Value {
    support::fake_discord::message_json(
        fake.new_id(),
        channel,
        json!({"id": "1", "username": "arcana", "discriminator": "0", "bot": true}),
        "",
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn board_buttons_name_their_game_and_only_players_act() {
    let (fake, _dir, _bot) = started(SMALL).await;
    let (thread, _, ids) = game_in_thread(&fake, &ALICE, &BOB, &[]).await;
    let game = ids[0].split(':').nth(1).unwrap().to_string();
    assert_eq!(
        ids,
        vec![
            format!("pick-open:{game}"),
            format!("resign:{game}"),
            format!("draw-offer:{game}")
        ],
        "no secrets in chess: no My hand"
    );
    let board = bot_message(&fake, thread);
    let press_on = |who: &'static FakeUser, id: String| {
        let fake = fake.clone();
        let board = board.clone();
        async move {
            let mark = fake.mark();
            let iid = fake.button(who, thread, &id, board);
            answers(&fake, mark, iid).await
        }
    };
    // A spectator's press is refused privately.
    let rs = press_on(&CAROL, format!("draw-offer:{game}")).await;
    assert_refused(&rs);
    private_with(&rs, "Only alice and bob");
    // A spectator's Resign is refused at once, privately: no confirmation is asked.
    let rs = press_on(&CAROL, format!("resign:{game}")).await;
    assert_refused(&rs);
    private_with(&rs, "Only alice and bob");
    assert!(
        rs.iter()
            .all(|r| !r.content().contains("Resign this game?") && button_ids(body(r)).is_empty()),
        "{rs:?}"
    );
    // A player's Resign asks first, privately, with a confirming button naming the game.
    let rs = press_on(&ALICE, format!("resign:{game}")).await;
    let ask = rs
        .iter()
        .find(|r| r.content().contains("Resign this game?"))
        .unwrap_or_else(|| panic!("{rs:?}"));
    assert!(ask.is_ephemeral());
    assert_eq!(
        button_ids(&ask.json["data"]),
        vec![format!("resign-confirm:{game}")]
    );
    // alice offers a draw: the offer's message carries Accept draw.
    let rs = press_on(&ALICE, format!("draw-offer:{game}")).await;
    let offer = rs
        .iter()
        .find(|r| r.content().contains("offers a draw"))
        .unwrap_or_else(|| panic!("{rs:?}"));
    let ids = button_ids(&offer.json["data"]);
    assert!(ids.contains(&format!("draw-accept:{game}")), "{ids:?}");
    // bob accepts it from the button: the game ends, its last message offers Rematch.
    let rs = press_on(&BOB, format!("draw-accept:{game}")).await;
    let end = rs
        .iter()
        .find(|r| r.content().to_lowercase().contains("draw"))
        .unwrap_or_else(|| panic!("{rs:?}"));
    assert_eq!(button_ids(body(end)), vec![format!("rematch:{game}")]);
    // bob asks for the rematch: the same game, colours swapped, to alice.
    let rs = press_on(&BOB, format!("rematch:{game}")).await;
    let rematch = rs
        .iter()
        .find(|r| r.content().contains("bob challenges alice to Chess"))
        .unwrap_or_else(|| panic!("{rs:?}"));
    assert!(
        rematch.content().contains("bob plays White"),
        "{}",
        rematch.content()
    );
    // A stale button of the old game is refused; a stranger cannot ask for a rematch.
    let rs = press_on(&CAROL, format!("rematch:{game}")).await;
    assert!(
        rs.iter()
            .all(|r| r.is_ephemeral() || r.content().is_empty()),
        "{rs:?}"
    );
    // The confirmation asked for before the draw: the game is over, so it is refused,
    // privately.
    let rs = press_on(&ALICE, format!("resign-confirm:{game}")).await;
    assert!(
        rs.iter()
            .all(|r| r.is_ephemeral() || r.content().is_empty()),
        "{rs:?}"
    );
    assert!(rs.iter().any(|r| r.content().contains("over")), "{rs:?}");
    // A board message of the ended game still shows Resign and Offer draw: a press of
    // either (or of My hand) is refused privately, and the message is updated (type 7)
    // to show how the game ended, with only Rematch left.
    for verb in ["resign", "draw-offer", "hand"] {
        let rs = press_on(&ALICE, format!("{verb}:{game}")).await;
        let u = update(&rs).unwrap_or_else(|| panic!("{verb}: no type 7 update: {rs:?}"));
        let shown = u.content();
        assert!(
            shown.contains("Chess: alice (White) vs bob (Black)")
                && shown.contains("bob accepts the draw offer"),
            "{verb}: {shown}"
        );
        // The board message is a Components V2 container, so is its update (the flag
        // cannot be removed); it is accepted, and holds one row of one button: Rematch.
        assert_eq!(u.status, 204, "{verb}: {}", u.json);
        assert!(is_v2(&u.json["data"]), "{verb}: {}", u.json);
        let buttons: Vec<Value> = all_components(&u.json["data"])
            .into_iter()
            .filter(|c| c["type"] == json!(2))
            .collect();
        assert_eq!(buttons.len(), 1, "{verb}: {}", u.json);
        assert_eq!(buttons[0]["label"], json!("Rematch"));
        assert_eq!(
            button_ids(&u.json["data"]),
            vec![format!("rematch:{game}")],
            "{verb}: {}",
            u.json
        );
        let refusal = rs
            .iter()
            .find(|r| r.content().contains("That game is over"))
            .unwrap_or_else(|| panic!("{verb}: no refusal: {rs:?}"));
        assert!(refusal.is_ephemeral(), "{}", refusal.json);
        assert!(
            rs.iter()
                .all(|r| r.json["type"] == json!(7) || r.is_ephemeral() || r.content().is_empty()),
            "{verb}: nothing else public: {rs:?}"
        );
        assert!(
            !rs.iter().any(|r| r.content().contains("Resign this game?")),
            "{rs:?}"
        );
    }
}

/// The thread the bot starts on its own in [`CHANNEL`] (no message anchors it: a game
/// against the computer starts before any message shows its challenge), with its name.
async fn own_thread(fake: &FakeDiscord, mark: usize) -> (u64, String) {
    let path = format!("/api/v10/channels/{CHANNEL}/threads");
    let r = fake
        .wait_for(mark, "a thread of the game's own", |r| {
            r.method == "POST" && r.path == path && r.status == 201
        })
        .await;
    let thread = fake
        .threads()
        .into_iter()
        .filter(|(_, parent)| *parent == CHANNEL)
        .map(|(t, _)| t)
        .max()
        .unwrap();
    (thread, r.json["name"].as_str().unwrap().to_string())
}

/// Only the fake's public posts and answers: no ephemeral answer, no DM.
fn posts_in(rs: &[Recorded], channel: u64) -> Vec<&Recorded> {
    let path = format!("/api/v10/channels/{channel}/messages");
    rs.iter()
        .filter(|r| r.method == "POST" && r.path == path && r.status == 200)
        .collect()
}

/// The computer's move after `mark`, posted in `thread` with its board and asking
/// alice; nothing meanwhile in the parent channel.
async fn computer_answers_in(fake: &FakeDiscord, mark: usize, thread: u64) {
    let path = format!("/api/v10/channels/{thread}/messages");
    let reply = fake
        .wait_for(mark, "the computer's move in the thread", |r| {
            r.method == "POST" && r.path == path && r.content().contains(&mention(&ALICE))
        })
        .await;
    assert!(!reply.files.is_empty(), "{}", reply.json);
    let seen = fake.settle(mark, Duration::from_millis(400)).await;
    assert!(
        posts_in(&seen, CHANNEL).is_empty(),
        "nothing in the channel: {seen:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_computer_gets_its_thread_too() {
    let (fake, _dir, _bot) = started(SMALL).await;
    let level = |white: bool| {
        vec![
            ("opponent", 6, json!(ARCANA.id.to_string())),
            ("color", 3, json!(if white { "white" } else { "black" })),
            ("level", 4, json!(1)),
        ]
    };

    // alice plays White: the game starts at once in a thread named like any game's.
    let mark = fake.mark();
    let rs = slash(&fake, &ALICE, "challenge", &level(true), &[&ARCANA]).await;
    let (thread, name) = own_thread(&fake, mark).await;
    assert_eq!(name, "alice vs arcana · Chess");
    // The channel hears where the game went; the board is posted in the thread.
    let told = rs
        .iter()
        .find(|r| r.content().contains("plays you at level 1"))
        .unwrap_or_else(|| panic!("{rs:?}"));
    assert!(!told.is_ephemeral());
    assert!(
        told.content().contains(&format!("<#{thread}>")),
        "{}",
        told.json
    );
    assert!(
        told.files.is_empty(),
        "no board in the channel: {}",
        told.json
    );
    let board = posted_in(&fake, mark, thread, "the board in the thread").await;
    assert!(!board.files.is_empty(), "{}", board.json);
    assert!(board.content().contains(&mention(&ALICE)), "{}", board.json);

    // Her move in the thread; the computer's reply comes there too, with its board.
    let mark = fake.mark();
    let rs = slash_in(
        &fake,
        &ALICE,
        thread,
        "move",
        &[("text", 3, json!("e4"))],
        &[],
    )
    .await;
    assert!(rs.iter().any(|r| r.content().contains("e2-e4")), "{rs:?}");
    computer_answers_in(&fake, mark, thread).await;

    // alice plays Black: the computer moves first, in the game's own thread.
    let mark = fake.mark();
    slash(&fake, &ALICE, "challenge", &level(false), &[&ARCANA]).await;
    let (second, name) = own_thread(&fake, mark).await;
    assert_ne!(second, thread);
    assert_eq!(name, "arcana vs alice · Chess");
    let first = posted_in(&fake, mark, second, "the board in the thread").await;
    assert!(first.content().contains("is thinking"), "{}", first.json);
    computer_answers_in(&fake, mark, second).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_computer_stays_in_the_channel_without_threads() {
    let (fake, _dir, _bot) = started(SMALL).await;
    fake.refuse_next("POST", "/threads", 1, 50013);
    let rs = slash(
        &fake,
        &ALICE,
        "challenge",
        &[
            ("opponent", 6, json!(ARCANA.id.to_string())),
            ("level", 4, json!(1)),
            ("color", 3, json!("white")),
        ],
        &[&ARCANA],
    )
    .await;
    // The board comes here, with one note saying why.
    let start = rs
        .iter()
        .find(|r| !r.files.is_empty())
        .unwrap_or_else(|| panic!("the board in the channel: {rs:?}"));
    assert!(!start.is_ephemeral());
    assert!(
        start
            .content()
            .contains("This game is played in this channel")
            && start.content().contains("Create Public Threads"),
        "{}",
        start.json
    );
    assert!(fake.threads().is_empty());
}

/// `challenger` challenges `opponent` (challenger White, with the `extra` options) and
/// the opponent accepts by button. Returns the game's thread, its name and the custom
/// ids of its first board's buttons.
async fn game_in_thread(
    fake: &FakeDiscord,
    challenger: &FakeUser,
    opponent: &FakeUser,
    extra: &[(&str, u8, Value)],
) -> (u64, String, Vec<String>) {
    let mut options = vec![user_option(opponent), ("color", 3, json!("white"))];
    options.extend(extra.iter().cloned());
    let (_, message) = challenge(fake, challenger, &options, &[opponent]).await;
    let mark = fake.mark();
    press(fake, opponent, &message, &button(&message, "accept")).await;
    let (thread, name) = thread_of(fake, mark, message_id(&message)).await;
    let (_, ids) = buttons_posted(fake, mark, thread, "the first board with its buttons").await;
    (thread, name, ids)
}

// Issue 12: interactions from a thread (channel id = the thread's, the payload's
// channel naming its parent) act on that thread's game, also with another game in
// the same channel; so does a move typed in the thread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_and_chat_in_a_thread_act_on_its_game() {
    let (fake, _dir, _bot) = started(SMALL).await;
    let (ours, ..) = game_in_thread(&fake, &ALICE, &BOB, &[]).await;
    let (theirs, ..) = game_in_thread(&fake, &CAROL, &DAVE, &[]).await;
    assert_ne!(ours, theirs);
    assert_eq!(fake.threads().len(), 2);

    // /board in each thread shows that thread's game.
    let rs = slash_in(&fake, &CAROL, ours, "board", &[], &[]).await;
    let text = rs.iter().map(Recorded::content).collect::<String>();
    assert!(text.contains("alice (White) vs bob (Black)"), "{text}");
    assert!(rs.iter().any(|r| !r.files.is_empty()), "{rs:?}");
    let rs = slash_in(&fake, &ALICE, theirs, "board", &[], &[]).await;
    let text = rs.iter().map(Recorded::content).collect::<String>();
    assert!(text.contains("carol (White) vs dave (Black)"), "{text}");

    // /move in our thread: answered there, publicly, with the board.
    let rs = slash_in(
        &fake,
        &ALICE,
        ours,
        "move",
        &[("text", 3, json!("e4"))],
        &[],
    )
    .await;
    let moved = rs
        .iter()
        .find(|r| r.content().contains("e2-e4"))
        .unwrap_or_else(|| panic!("{rs:?}"));
    assert!(
        !moved.is_ephemeral() && !moved.files.is_empty(),
        "{}",
        moved.json
    );
    assert!(moved.content().contains(&mention(&BOB)), "{}", moved.json);
    // A move typed in the other thread acts on the other game.
    let mark = fake.mark();
    fake.chat(&CAROL, theirs, "d4");
    let m = posted_in(&fake, mark, theirs, "carol's move in her thread").await;
    assert!(
        m.content().contains("d2-d4") && !m.files.is_empty(),
        "{}",
        m.json
    );
    assert!(m.content().contains(&mention(&DAVE)), "{}", m.json);
    // ...and a move typed in ours, on ours.
    let mark = fake.mark();
    fake.chat(&BOB, ours, "e5");
    let m = posted_in(&fake, mark, ours, "bob's move in our thread").await;
    assert!(m.content().contains("e7-e5"), "{}", m.json);

    // /draw in our thread: bob offers, alice accepts; the other game plays on.
    let draw = |action: &str| vec![("action", 3, json!(action))];
    let rs = slash_in(&fake, &BOB, ours, "draw", &draw("offer"), &[]).await;
    public_with(&rs, "bob offers a draw");
    let rs = slash_in(&fake, &ALICE, ours, "draw", &draw("accept"), &[]).await;
    public_with(&rs, "alice accepts the draw offer");
    let d5 = [("text", 3, json!("d5"))];
    let rs = slash_in(&fake, &DAVE, theirs, "move", &d5, &[]).await;
    public_with(&rs, "d7-d5");
    // Nothing of either game was posted in the parent channel meanwhile.
    let all = fake.requests();
    assert!(
        posts_in(&all, CHANNEL).is_empty(),
        "{:?}",
        posts_in(&all, CHANNEL)
    );
}

// Issue 12: "My hand" on the board of a game with hidden information shows a player
// their own secrets privately; a spectator is refused privately; no public post ever
// carries a secret.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn my_hand_is_private_and_only_for_players() {
    const LIST: &str = "Known only to you";
    let (fake, _dir, _bot) = started(SMALL).await;
    let wand = [
        ("variant", 3, json!("wand")),
        ("options", 3, json!("wands:moderated")),
    ];
    let (thread, _, ids) = game_in_thread(&fake, &ALICE, &BOB, &wand).await;
    let game = ids[0].split(':').nth(1).unwrap().to_string();
    let hand = format!("hand:{game}");
    assert!(
        ids.contains(&hand),
        "a game with secrets has My hand: {ids:?}"
    );
    let board = bot_message(&fake, thread);

    // Each player sees their own list, privately.
    for (who, colour) in [(&ALICE, "White"), (&BOB, "Black")] {
        let rs = press_in(&fake, who, thread, &board, &hand).await;
        let mine = private_with(&rs, LIST);
        assert!(mine.content().contains(colour), "{}", mine.content());
        assert!(
            rs.iter()
                .all(|r| r.is_ephemeral() || r.content().is_empty()),
            "{rs:?}"
        );
    }
    // A spectator is refused, privately, and sees no list.
    let rs = press_in(&fake, &CAROL, thread, &board, &hand).await;
    assert_refused(&rs);
    private_with(&rs, "Only alice and bob");
    assert!(rs.iter().all(|r| !r.content().contains(LIST)), "{rs:?}");
    // A move, then: every list that left the bot went to its owner alone (a DM to
    // them, or an answer only the presser sees).
    let rs = slash_in(
        &fake,
        &ALICE,
        thread,
        "move",
        &[("text", 3, json!("e4"))],
        &[],
    )
    .await;
    assert!(rs.iter().any(|r| r.content().contains("e2-e4")), "{rs:?}");
    let all = fake.settle(0, Duration::from_millis(300)).await;
    let mut dms = 0;
    for r in all.iter().filter(|r| r.content().contains(LIST)) {
        match dm_owner(&fake, r) {
            Some(owner) => {
                let colour = if owner == ALICE.id { "White" } else { "Black" };
                assert!(r.content().contains(colour), "{}", r.content());
                dms += 1;
            }
            None => assert!(r.is_ephemeral(), "a list in public: {} {}", r.path, r.json),
        }
    }
    assert_eq!(dms, 2, "each player's list by DM at the start");
}
