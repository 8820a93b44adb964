//! Games in the players' own direct messages with the bot (issue 50): the computer in
//! one's DM, and correspondence by a pair of DMs (each player's own copy of one game).
//! The DM with the bot is private, so the bot posts there freely; what it must never do
//! is let one player's secrets reach the other's DM or any other place.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::dms::{dms_to, pick, setup};
use crate::support;

use serde_json::{json, Value};
use std::time::Duration;
use support::bot::{button_ids, slash_in, ALICE, ARCANA, BOB};
use support::fake_discord::{FakeDiscord, FakeUser, Recorded};

/// What a wand list sent to its owner says (catalog `wand-secret`).
const LIST: &str = "Known only to you";

/// The bot's requests made in channel `channel` (posts, edits), of all it has made.
fn posts_in(fake: &FakeDiscord, channel: u64) -> Vec<Recorded> {
    let path = format!("/api/v10/channels/{channel}/");
    fake.requests()
        .into_iter()
        .filter(|r| r.path.starts_with(&path) && r.method != "GET")
        .collect()
}

/// Every channel the bot posted in or edited, of all it has made.
fn channels_posted_in(fake: &FakeDiscord) -> Vec<u64> {
    let mut out: Vec<u64> = fake
        .requests()
        .iter()
        .filter(|r| r.method != "GET")
        .filter_map(support::bot::channel_of)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The newest message of `channel` with a Move button.
pub(crate) fn newest_board(fake: &FakeDiscord, channel: u64) -> Value {
    fake.messages_in(channel)
        .into_iter()
        .rev()
        .find(|m| button_ids(m).iter().any(|i| i.starts_with("pick-open:")))
        .expect("a board with its Move button")
}

/// Waits for the computer's answer in `dm` after `mark`: a board asking `who` again.
pub(crate) async fn computer_answers(
    fake: &FakeDiscord,
    mark: usize,
    dm: u64,
    who: &FakeUser,
) -> Recorded {
    let path = format!("/api/v10/channels/{dm}/messages");
    fake.wait_for(mark, "the computer's answer in the DM", |r| {
        r.method == "POST"
            && r.path == path
            && !r.files.is_empty()
            && r.content().contains(&support::bot::mention(who))
    })
    .await
}

// Issue 50: the computer in one's DM. `/challenge` against the bot from the DM with it
// starts the game there (no thread, nothing anywhere else); typed moves and the Move
// button's picker work there; the computer answers there; the wand list goes to the
// same DM (it is private) and the computer's own never leaves the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_game_in_ones_dm() {
    let s = setup().await;
    let fake = &s.fake;
    let dm = fake.bot_dm(&ALICE);
    let mark = fake.mark();
    let rs = slash_in(
        fake,
        &ALICE,
        dm,
        "challenge",
        &[
            ("opponent", 6, json!(ARCANA.id.to_string())),
            ("variant", 3, json!("wand")),
            ("options", 3, json!("wands:moderated")),
            ("color", 3, json!("white")),
            ("level", 4, json!(1)),
        ],
        &[&ARCANA],
    )
    .await;
    assert!(
        rs.iter().any(|r| !r.files.is_empty()),
        "the first board answers the challenge in the DM: {rs:?}"
    );
    let told = fake.settle(mark, Duration::from_millis(500)).await;
    let lists: Vec<&Recorded> = told.iter().filter(|r| r.content().contains(LIST)).collect();
    assert_eq!(lists.len(), 1, "alice's wand list, once: {told:?}");
    assert_eq!(support::bot::channel_of(lists[0]), Some(dm));
    assert!(
        lists[0].content().contains("White"),
        "{}",
        lists[0].content()
    );

    // A typed move in the DM; the computer answers there.
    let mark = fake.mark();
    fake.chat(&ALICE, dm, "e4");
    let board = fake
        .wait_for(mark, "the board after e4", |r| {
            !r.files.is_empty() && r.content().contains("e2-e4")
        })
        .await;
    assert_eq!(support::bot::channel_of(&board), Some(dm), "{board:?}");
    computer_answers(fake, mark, dm, &ALICE).await;

    // The picker from the newest board: d4; the computer answers again.
    let mark = fake.mark();
    let board = newest_board(fake, dm);
    pick(fake, dm, &ALICE, &board, &["Pawn d2", "d4"]).await;
    computer_answers(fake, mark, dm, &ALICE).await;

    // alice resigns by command: the end is shown in the DM.
    let rs = slash_in(fake, &ALICE, dm, "resign", &[], &[]).await;
    let text = support::bot::all_text(&rs);
    assert!(text.contains("resign"), "{text}");
    fake.settle(fake.mark(), Duration::from_millis(500)).await;

    // Nothing anywhere but the DM: no thread, no server channel; secrets only hers.
    assert_eq!(channels_posted_in(fake), vec![dm], "{:?}", fake.requests());
    assert!(fake.threads().is_empty());
    for r in posts_in(fake, dm) {
        if r.content().contains(LIST) {
            assert!(!r.content().contains("Black"), "the computer's list: {r:?}");
        }
    }
    assert!(dms_to(fake, &fake.requests(), &ARCANA).is_empty());
}

/// alice challenges bob to Wand Chess (moderated wands, alice White) from her DM with
/// the bot; bob is told in his, where the challenge comes with its buttons, and accepts
/// there: the first board answers his press, and reaches alice's DM too.
pub(crate) async fn accepted_by_dms(fake: &FakeDiscord) -> (u64, u64) {
    accepted_by_dms_with(fake, &BOB).await
}

/// `arcana run` on a new fake Discord (the DM suites' configuration), with a game by a
/// pair of DMs accepted in it: the fake, the data folder (and the temporary folder
/// that holds it), the bot, and alice's and bob's DMs.
pub(crate) async fn bot_with_a_pair_game() -> (
    FakeDiscord,
    tempfile::TempDir,
    std::path::PathBuf,
    support::bot::Bot,
    (u64, u64),
) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let bot = support::bot::Bot::start(&fake, &data, crate::dms::EXTRA).await;
    let dms = accepted_by_dms(&fake).await;
    (fake, dir, data, bot, dms)
}

/// [`accepted_by_dms`] with `opponent` instead of bob: alice's DM and theirs.
pub(crate) async fn accepted_by_dms_with(fake: &FakeDiscord, opponent: &FakeUser) -> (u64, u64) {
    let (a_dm, b_dm) = (fake.bot_dm(&ALICE), fake.bot_dm(opponent));
    let mark = fake.mark();
    let rs = slash_in(
        fake,
        &ALICE,
        a_dm,
        "challenge",
        &[
            ("opponent", 6, json!(opponent.id.to_string())),
            ("variant", 3, json!("wand")),
            ("options", 3, json!("wands:moderated")),
            ("color", 3, json!("white")),
            ("days", 4, json!(1)),
        ],
        &[opponent],
    )
    .await;
    assert!(rs.iter().any(|r| !r.is_ephemeral()), "{rs:?}");
    fake.wait_for(mark, "the challenge in bob's DM", |r| {
        let text = r.content();
        support::bot::channel_of(r) == Some(b_dm)
            && (text.contains("Accept or decline") || text.contains("Nimm hier an"))
    })
    .await;
    let challenge = fake
        .messages_in(b_dm)
        .into_iter()
        .find(|m| button_ids(m).iter().any(|i| i.starts_with("accept:")))
        .expect("the challenge, with its buttons, in bob's DM");
    let accept = button_ids(&challenge)
        .into_iter()
        .find(|i| i.starts_with("accept:"))
        .unwrap();
    let mark = fake.mark();
    let iid = fake.button(opponent, b_dm, &accept, challenge.clone());
    fake.wait_for(mark, "the first board answering bob", |r| {
        r.answers(iid) && !r.files.is_empty()
    })
    .await;
    fake.wait_for(mark, "the first board in alice's DM", |r| {
        support::bot::channel_of(r) == Some(a_dm) && !r.files.is_empty()
    })
    .await;
    (a_dm, b_dm)
}

/// Boards among `rs` sent to `dm` (posted, or answering an interaction used there)
/// that show `played`.
pub(crate) fn boards_in(fake: &FakeDiscord, rs: &[Recorded], dm: u64, played: &str) -> usize {
    rs.iter()
        .filter(|r| r.method == "POST" && !r.files.is_empty() && r.content().contains(played))
        .filter(|r| {
            support::bot::channel_of(r) == Some(dm)
                || interaction_channel(fake, r).is_some_and(|c| c == dm)
        })
        .count()
}

/// The channel of the interaction a request answers, if it answers one.
pub(crate) fn interaction_channel(fake: &FakeDiscord, r: &Recorded) -> Option<u64> {
    let id: u64 = r
        .path
        .split('/')
        .find_map(|seg| seg.strip_prefix("tok-"))
        .or_else(|| {
            let mut segs = r.path.split('/');
            segs.find(|s| *s == "interactions")?;
            segs.next()
        })?
        .parse()
        .ok()?;
    fake.interaction_payload(id)?["channel_id"]
        .as_str()?
        .parse()
        .ok()
}

/// `who` types `text` in their DM `dm`: both DMs get the board showing `played`, once
/// each. Returns what was sent meanwhile.
pub(crate) async fn typed(
    fake: &FakeDiscord,
    who: &FakeUser,
    dm: u64,
    text: &str,
    played: &str,
    dms: (u64, u64),
) -> Vec<Recorded> {
    let mark = fake.mark();
    fake.chat(who, dm, text);
    for place in [dms.0, dms.1] {
        fake.wait_for(mark, "the board in each DM", |r| {
            support::bot::channel_of(r) == Some(place)
                && !r.files.is_empty()
                && r.content().contains(played)
        })
        .await;
    }
    let rs = fake.settle(mark, Duration::from_millis(800)).await;
    for place in [dms.0, dms.1] {
        assert_eq!(boards_in(fake, &rs, place, played), 1, "{rs:#?}");
    }
    rs
}

/// Each player's wand list went only to their own DM; nothing went anywhere but the
/// two DMs.
fn secrets_kept(fake: &FakeDiscord, (a_dm, b_dm): (u64, u64)) {
    let all = fake.requests();
    let mut lists = 0;
    for r in all.iter().filter(|r| r.content().contains(LIST)) {
        let to = support::bot::channel_of(r).or_else(|| interaction_channel(fake, r));
        let (mine, theirs) = if r.content().contains("White") {
            (a_dm, b_dm)
        } else {
            (b_dm, a_dm)
        };
        assert_eq!(to, Some(mine), "a wand list left its owner's DM: {r:?}");
        assert_ne!(to, Some(theirs));
        lists += 1;
    }
    assert!(lists >= 2, "each player got their list");
    for channel in channels_posted_in(fake) {
        assert!(channel == a_dm || channel == b_dm, "posted in {channel}");
    }
    assert!(fake.threads().is_empty());
}

// Issue 50: a whole short Wand Chess game by a pair of DMs. Each side plays in their
// own DM with the bot (typed moves, `/move`, the Move button's picker); after every
// move both DMs get the board, each player's wand list only their own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wand_chess_game_by_a_pair_of_dms() {
    let s = setup().await;
    let fake = &s.fake;
    let dms = accepted_by_dms(fake).await;
    let (a_dm, b_dm) = dms;

    // 1. e4 typed by alice in her DM; bob answers through the picker in his.
    typed(fake, &ALICE, a_dm, "e4", "e2-e4", dms).await;
    let mark = fake.mark();
    let board = newest_board(fake, b_dm);
    pick(fake, b_dm, &BOB, &board, &["Pawn e7", "e5"]).await;
    fake.wait_for(mark, "bob's move in alice's DM", |r| {
        support::bot::channel_of(r) == Some(a_dm) && r.content().contains("e7-e5")
    })
    .await;
    let rs = fake.settle(mark, Duration::from_millis(800)).await;
    assert_eq!(boards_in(fake, &rs, a_dm, "e7-e5"), 1, "{rs:#?}");
    assert_eq!(boards_in(fake, &rs, b_dm, "e7-e5"), 1, "{rs:#?}");

    // 2. Nf3 by /move in alice's DM: her answer there, bob's board by DM.
    let mark = fake.mark();
    let rs = slash_in(
        fake,
        &ALICE,
        a_dm,
        "move",
        &[("text", 3, json!("Nf3"))],
        &[],
    )
    .await;
    assert!(rs.iter().any(|r| !r.files.is_empty()), "{rs:?}");
    fake.wait_for(mark, "Nf3 in bob's DM", |r| {
        support::bot::channel_of(r) == Some(b_dm) && r.content().contains("Ng1-f3")
    })
    .await;

    // A move out of turn is refused in one line and changes nothing.
    let rs = slash_in(fake, &ALICE, a_dm, "move", &[("text", 3, json!("d4"))], &[]).await;
    support::bot::assert_refused(&rs);

    // 3. bob resigns in his DM: alice learns the end in hers.
    let mark = fake.mark();
    let rs = slash_in(fake, &BOB, b_dm, "resign", &[], &[]).await;
    assert!(support::bot::all_text(&rs).contains("resign"), "{rs:?}");
    fake.wait_for(mark, "the end in alice's DM", |r| {
        support::bot::channel_of(r) == Some(a_dm) && r.content().contains("resign")
    })
    .await;
    fake.settle(fake.mark(), Duration::from_millis(500)).await;
    secrets_kept(fake, dms);
}

// Issue 50: one game by DM with each opponent at a time; a challenge by DM to someone
// whose DMs are closed (403 / 50007) says so and starts nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_game_by_dm_or_closed_dms_start_nothing() {
    let s = setup().await;
    let fake = &s.fake;
    let (a_dm, _) = accepted_by_dms(fake).await;
    let rs = slash_in(
        fake,
        &ALICE,
        a_dm,
        "challenge",
        &[("opponent", 6, json!(BOB.id.to_string()))],
        &[&BOB],
    )
    .await;
    support::bot::assert_refused(&rs);
    assert!(
        support::bot::all_text(&rs).contains("already play bob"),
        "{rs:?}"
    );

    let carol = &support::bot::CAROL;
    fake.close_dms(carol.id);
    let rs = slash_in(
        fake,
        &ALICE,
        a_dm,
        "challenge",
        &[("opponent", 6, json!(carol.id.to_string()))],
        &[carol],
    )
    .await;
    support::bot::assert_refused(&rs);
    assert!(
        support::bot::all_text(&rs).contains("no challenge was made"),
        "{rs:?}"
    );
}

// Issue 50: a game by a pair of DMs goes on across a stop (SIGTERM) and a kill
// (SIGKILL) of the real `arcana run`: every move's board reaches each DM once, nothing
// is sent again by a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_by_dms_goes_on_across_a_stop_and_a_kill() {
    let (fake, _dir, data, bot, dms) = bot_with_a_pair_game().await;
    let fake = &fake;
    let (a_dm, b_dm) = dms;
    typed(fake, &ALICE, a_dm, "e4", "e2-e4", dms).await;
    assert!(bot.stop().success());

    // Started again: bob's answer reaches both DMs once; e4 is not sent again.
    let mark = fake.mark();
    let bot = support::bot::Bot::start(fake, &data, crate::dms::EXTRA).await;
    let rs = typed(fake, &BOB, b_dm, "e5", "e7-e5", dms).await;
    let all = fake.settle(mark, Duration::from_millis(300)).await;
    assert_eq!(boards_in(fake, &all, a_dm, "e2-e4"), 0, "{rs:#?}");
    assert_eq!(boards_in(fake, &all, b_dm, "e2-e4"), 0, "{rs:#?}");

    // Killed at once: the game goes on just the same.
    drop(bot);
    let mark = fake.mark();
    let _bot = support::bot::Bot::start(fake, &data, crate::dms::EXTRA).await;
    typed(fake, &ALICE, a_dm, "Nf3", "Ng1-f3", dms).await;
    let all = fake.settle(mark, Duration::from_millis(300)).await;
    assert_eq!(boards_in(fake, &all, a_dm, "e7-e5"), 0, "{all:#?}");
    assert_eq!(boards_in(fake, &all, b_dm, "e7-e5"), 0, "{all:#?}");
    secrets_kept(fake, dms);
}

// Issue 50, decision "which game a DM line is for": alice plays bob and carol by DM and
// both games wait for her move. A line typed in her DM, or `/move`, is then refused with
// the opponents' names and the Move button; her pick on carol's board plays there, and
// the next typed line goes to the one game still asking her, bob's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_games_by_dm_ask_for_the_move_button() {
    let s = setup().await;
    let fake = &s.fake;
    let carol = &support::bot::CAROL;
    let (a_dm, b_dm) = accepted_by_dms(fake).await;
    let (_, c_dm) = accepted_by_dms_with(fake, carol).await;

    let mark = fake.mark();
    fake.chat(&ALICE, a_dm, "e4");
    let told = fake
        .wait_for(mark, "the answer to a line two games could take", |r| {
            support::bot::channel_of(r) == Some(a_dm) && r.content().contains("Move button")
        })
        .await;
    assert!(
        told.content().contains("bob") && told.content().contains("carol"),
        "{}",
        told.content()
    );
    assert!(
        !told.content().contains("<#"),
        "one line: {}",
        told.content()
    );
    // It belongs to no outbox entry, yet a line handled twice tells it once.
    assert_eq!(told.json["enforce_nonce"], json!(true), "{}", told.json);
    let rs = slash_in(fake, &ALICE, a_dm, "move", &[("text", 3, json!("e4"))], &[]).await;
    support::bot::assert_refused(&rs);
    let all = fake.settle(mark, Duration::from_millis(300)).await;
    assert!(
        all.iter().all(|r| !r.content().contains("e2-e4")),
        "nothing played: {all:#?}"
    );

    // The Move button of carol's game (the newest board in alice's DM) names it.
    let mark = fake.mark();
    let board = newest_board(fake, a_dm);
    pick(fake, a_dm, &ALICE, &board, &["Pawn d2", "d4"]).await;
    fake.wait_for(mark, "d4 in carol's DM", |r| {
        support::bot::channel_of(r) == Some(c_dm) && r.content().contains("d2-d4")
    })
    .await;
    // Now one game asks her: a typed line goes there, to bob's.
    let rs = typed(fake, &ALICE, a_dm, "e4", "e2-e4", (a_dm, b_dm)).await;
    assert_eq!(boards_in(fake, &rs, c_dm, "e2-e4"), 0, "{rs:#?}");
}

// Issue 50: every message of an outbox entry the bot sends to a DM carries a nonce of
// its own with `enforce_nonce` (Discord checks a nonce against the same author's
// messages). The bot is killed (SIGKILL) after the post of 1. e4's board to bob's DM
// reached Discord and before its outbox entry was marked delivered; restarted, it
// sends the entry again with the same nonces, and Discord answers the DMs it already
// made: each DM shows the board once, and the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_sent_again_after_a_kill_is_shown_once() {
    let (fake, _dir, data, bot, dms) = bot_with_a_pair_game().await;
    let fake = &fake;
    let (a_dm, b_dm) = dms;
    let e4_in_bobs = |r: &Recorded| {
        r.method == "POST"
            && support::bot::channel_of(r) == Some(b_dm)
            && !r.files.is_empty()
            && r.content().contains("e2-e4")
    };
    fake.stall_next("POST", &format!("/channels/{b_dm}/messages"), 1);
    let mark = fake.mark();
    fake.chat(&ALICE, a_dm, "e4");
    let first = fake
        .wait_for(mark, "e4's board in bob's DM", e4_in_bobs)
        .await;
    let nonce = first.json["nonce"].as_str().unwrap_or_default().to_string();
    assert!(!nonce.is_empty() && nonce.len() <= 25, "{}", first.json);
    assert_eq!(first.json["enforce_nonce"], json!(true), "{}", first.json);
    drop(bot);

    let mark = fake.mark();
    let _bot = support::bot::Bot::start(fake, &data, crate::dms::EXTRA).await;
    let again = fake
        .wait_for(mark, "the board sent again", e4_in_bobs)
        .await;
    assert_eq!(again.json["nonce"].as_str(), Some(nonce.as_str()));
    let rs = fake.settle(mark, Duration::from_millis(1500)).await;
    assert!(fake.deduplicated() >= 1, "{rs:#?}");
    // Every DM of the entry, sent again, carried a nonce; each DM shows one board.
    for r in rs
        .iter()
        .filter(|r| r.method == "POST" && !r.files.is_empty())
    {
        assert_eq!(r.json["enforce_nonce"], json!(true), "{r:?}");
    }
    for dm in [a_dm, b_dm] {
        let boards = fake
            .messages_in(dm)
            .into_iter()
            .filter(|m| support::fake_discord::visible_text(m).contains("e2-e4"))
            .count();
        assert_eq!(boards, 1, "one board of 1. e4 in DM {dm}");
    }
    // Two copies of one board (one per DM) never share a nonce.
    let theirs: Vec<String> = fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && !r.files.is_empty() && r.content().contains("e2-e4"))
        .filter_map(|r| r.json["nonce"].as_str().map(str::to_string))
        .collect();
    let mut distinct = theirs.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 2, "one nonce per DM: {theirs:?}");
    typed(fake, &BOB, b_dm, "e5", "e7-e5", dms).await;
}

/// What the bot sent to `dm` among `rs` (posted there, or answering an interaction
/// used there), joined.
fn text_in(fake: &FakeDiscord, rs: &[Recorded], dm: u64) -> String {
    rs.iter()
        .filter(|r| {
            support::bot::channel_of(r) == Some(dm)
                || interaction_channel(fake, r).is_some_and(|c| c == dm)
        })
        .map(|r| r.content())
        .collect::<Vec<_>>()
        .join("\n")
}

// Issue 50: in a game by a pair of DMs each player reads the game in their own
// client's language: alice (English) and bob (German) each get the start, the boards
// and their secrets in theirs, and neither DM holds the other language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_player_of_a_pair_game_reads_it_in_their_own_language() {
    let s = setup().await;
    let fake = &s.fake;
    fake.set_locale(&BOB, "de");
    // bob has used the bot before: his language is known when alice challenges him.
    let b_dm = fake.bot_dm(&BOB);
    slash_in(fake, &BOB, b_dm, "help", &[], &[]).await;
    let start = fake.mark();
    let dms = accepted_by_dms(fake).await;
    let a_dm = dms.0;
    let rs = fake.settle(start, Duration::from_millis(800)).await;
    let (alice, bob) = (text_in(fake, &rs, a_dm), text_in(fake, &rs, b_dm));
    eprintln!("ALICE START:\n{alice}\nBOB START:\n{bob}");
    // The challenge: alice's answer in English, bob's notice and copy in German.
    assert!(
        alice.contains("alice challenges bob to Wand Chess"),
        "{alice}"
    );
    for german in ["fordert dich", "fordert bob zu Zauberstabschach"] {
        assert!(bob.contains(german), "{bob}");
    }
    assert!(!bob.contains("challenges"), "{bob}");
    // The notice before the challenge belongs to no outbox entry: its nonce is the
    // interaction's.
    let notice = rs
        .iter()
        .find(|r| r.content().contains("per Direktnachricht gegen dich"))
        .expect("the notice in bob's DM");
    assert_eq!(notice.json["enforce_nonce"], json!(true), "{}", notice.json);
    // The start: each in their own language; a pair game names no channel.
    assert!(
        alice.contains("bob accepts") && alice.contains(LIST),
        "{alice}"
    );
    assert!(
        bob.contains("nimmt an") && bob.contains("Nur dir bekannt"),
        "{bob}"
    );
    assert!(
        !alice.contains("nimmt an") && !alice.contains("Nur dir"),
        "{alice}"
    );
    assert!(!bob.contains("bob accepts") && !bob.contains(LIST), "{bob}");
    assert!(!bob.contains("<#"), "{bob}");

    // A move typed by alice (her language) and one by bob (his): each DM reads its own.
    let rs = typed(fake, &ALICE, a_dm, "e4", "e2-e4", dms).await;
    // bob asks to confirm his typed moves: e5 typed once is shown to him alone, typed
    // again it is played, and each DM still reads its own language.
    slash_in(
        fake,
        &BOB,
        b_dm,
        "settings",
        &[("confirm", 3, json!("on"))],
        &[],
    )
    .await;
    let mark = fake.mark();
    fake.chat(&BOB, b_dm, "e5");
    fake.wait_for(mark, "bob's move shown to him first", |r| {
        support::bot::channel_of(r) == Some(b_dm) && !r.files.is_empty()
    })
    .await;
    let rs2 = typed(fake, &BOB, b_dm, "e5", "e7-e5", dms).await;
    let all: Vec<Recorded> = rs.into_iter().chain(rs2).collect();
    let (alice, bob) = (text_in(fake, &all, a_dm), text_in(fake, &all, b_dm));
    eprintln!("ALICE MOVES:\n{alice}\nBOB MOVES:\n{bob}");
    assert!(
        alice.contains("(Black), your move") && !alice.contains("Zug"),
        "{alice}"
    );
    assert!(
        bob.contains("(Schwarz), dein Zug") && !bob.contains("your move"),
        "{bob}"
    );
    // A resignation by /resign in bob's DM: the end in each language.
    let mark = fake.mark();
    let rs = slash_in(fake, &BOB, b_dm, "resign", &[], &[]).await;
    assert!(!rs.is_empty());
    fake.wait_for(mark, "the end in alice's DM", |r| {
        support::bot::channel_of(r) == Some(a_dm) && r.content().contains("resign")
    })
    .await;
    let rs = fake.settle(mark, Duration::from_millis(500)).await;
    let (alice, bob) = (text_in(fake, &rs, a_dm), text_in(fake, &rs, b_dm));
    eprintln!("ALICE END:\n{alice}\nBOB END:\n{bob}");
    assert!(alice.contains("bob resigns. White wins"), "{alice}");
    assert!(
        bob.contains("bob gibt auf") && !bob.contains("resign"),
        "{bob}"
    );
    secrets_kept_in_langs(fake, dms);
}

/// [`secrets_kept`] for lists in English (alice's) and German (bob's).
fn secrets_kept_in_langs(fake: &FakeDiscord, (a_dm, b_dm): (u64, u64)) {
    for r in fake.requests() {
        let to = support::bot::channel_of(&r).or_else(|| interaction_channel(fake, &r));
        if r.content().contains(LIST) {
            assert_eq!(to, Some(a_dm), "{r:?}");
        }
        if r.content().contains("Nur dir bekannt") {
            assert_eq!(to, Some(b_dm), "{r:?}");
        }
    }
}
