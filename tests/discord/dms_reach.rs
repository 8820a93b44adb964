//! Games outside servers (issue 50), what remained: a line typed in a DM with the bot
//! answered in its writer's language, moves typed in a DM while the bot was away read
//! back once, a game's place linked so that each reader can open it (`/games`,
//! `/profile`, `/export`, `/review`), and a player whose DMs close mid-game (403 /
//! 50007): the game goes on and whoever can be told is.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::dms::{accepted_in_chat, setup};
use crate::dms_pair::{
    accepted_by_dms, boards_in, bot_with_a_pair_game, interaction_channel, typed,
};
use crate::support;

use arcana::i18n::{tr, Lang};
use serde_json::json;
use std::time::Duration;
use support::bot::{all_text, channel_of, slash_in, ALICE, ARCANA, BOB};
use support::fake_discord::{FakeDiscord, FakeUser, Recorded};

/// Where `r` went: the channel it was posted in, or the channel of the interaction it
/// answers.
fn sent_to(fake: &FakeDiscord, r: &Recorded) -> Option<u64> {
    channel_of(r).or_else(|| interaction_channel(fake, r))
}

/// The German players' challenge by DM: alice challenges bob from her DM (both speak
/// German); bob accepts with the button in his. Returns their DMs.
async fn german_pair(fake: &FakeDiscord) -> (u64, u64) {
    let (a_dm, b_dm) = (fake.bot_dm(&ALICE), fake.bot_dm(&BOB));
    let mark = fake.mark();
    let rs = slash_in(
        fake,
        &ALICE,
        a_dm,
        "challenge",
        &[
            ("opponent", 6, json!(BOB.id.to_string())),
            ("color", 3, json!("white")),
            ("days", 4, json!(1)),
        ],
        &[&BOB],
    )
    .await;
    assert!(rs.iter().any(|r| !r.is_ephemeral()), "{rs:?}");
    fake.wait_for(mark, "the challenge in bob's DM", |r| {
        channel_of(r) == Some(b_dm) && !support::bot::button_ids(&r.json).is_empty()
    })
    .await;
    let challenge = fake
        .messages_in(b_dm)
        .into_iter()
        .find(|m| {
            support::bot::button_ids(m)
                .iter()
                .any(|i| i.starts_with("accept:"))
        })
        .expect("the challenge, with its buttons, in bob's DM");
    let accept = support::bot::button(&challenge, "accept");
    let mark = fake.mark();
    let iid = fake.button(&BOB, b_dm, &accept, challenge.clone());
    fake.wait_for(mark, "the first board answering bob", |r| {
        r.answers(iid) && !r.files.is_empty()
    })
    .await;
    fake.wait_for(mark, "the first board in alice's DM", |r| {
        channel_of(r) == Some(a_dm) && !r.files.is_empty()
    })
    .await;
    (a_dm, b_dm)
}

/// Every English sentence among what the fake received since `from` (POST and PATCH
/// requests: messages, answers, edits), as `language::english_only` finds them.
fn english_in(fake: &FakeDiscord, from: usize) -> Vec<String> {
    let (whole, pieces) = crate::language::english_only();
    let mut found = Vec::new();
    for r in &fake.requests()[from..] {
        if !matches!(r.method.as_str(), "POST" | "PATCH") {
            continue;
        }
        for (label, text) in crate::language::words_in(r) {
            let english = if label {
                whole.contains(&text)
            } else {
                pieces.iter().any(|p| text.contains(p.as_str()))
            };
            if english {
                found.push(format!("{} {}: {text}", r.method, r.path));
            }
        }
    }
    found
}

// Issue 50: lines typed in a DM with the bot are answered in their writer's language
// (the interaction locale the bot last saw for them): two German players by a pair of
// DMs type their moves; alice also plays the computer in her DM, and a line two games
// could take is answered in German. Nothing any of them is sent is English.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn german_players_read_their_dm_games_in_german() {
    let s = setup().await;
    let fake = &s.fake;
    fake.set_locale(&ALICE, "de");
    fake.set_locale(&BOB, "de");
    let from = fake.mark();
    let dms = german_pair(fake).await;
    let (a_dm, b_dm) = dms;

    // Typed moves: each board reaches both DMs once, in German.
    let rs = typed(fake, &ALICE, a_dm, "e4", "e2-e4", dms).await;
    let board = rs
        .iter()
        .find(|r| channel_of(r) == Some(b_dm) && !r.files.is_empty())
        .expect("bob's copy of the board");
    assert!(
        board.content().contains("Aus der Partie"),
        "{}",
        board.content()
    );
    typed(fake, &BOB, b_dm, "e5", "e7-e5", dms).await;

    // alice starts a game against the computer in her DM, playing Black: once the
    // computer has moved, two games there wait for her.
    let mark = fake.mark();
    slash_in(
        fake,
        &ALICE,
        a_dm,
        "challenge",
        &[
            ("opponent", 6, json!(ARCANA.id.to_string())),
            ("color", 3, json!("black")),
            ("level", 4, json!(1)),
        ],
        &[&ARCANA],
    )
    .await;
    crate::dms_pair::computer_answers(fake, mark, a_dm, &ALICE).await;
    let mark = fake.mark();
    fake.chat(&ALICE, a_dm, "Nf3");
    let told = fake
        .wait_for(mark, "the answer to a line two games could take", |r| {
            channel_of(r) == Some(a_dm) && r.content().contains("Zug-Knopf")
        })
        .await;
    assert!(told.content().contains("bob"), "{}", told.content());
    assert!(
        told.content().contains(&tr(Lang::De, "the-computer")),
        "{}",
        told.content()
    );
    fake.settle(mark, Duration::from_millis(500)).await;

    let english = english_in(fake, from);
    assert!(
        english.is_empty(),
        "English reached German players: {english:#?}"
    );
}

/// The posts of a refusal after a restart (`catchup-refused`) to `dm`.
fn refusals_in(rs: &[Recorded], dm: u64, line: &str) -> usize {
    rs.iter()
        .filter(|r| r.method == "POST" && channel_of(r) == Some(dm))
        .filter(|r| {
            r.content().contains(&format!("`{line}`")) && r.content().contains("not played")
        })
        .count()
}

// Issue 50: moves typed in a DM with the bot while the bot was away (stopped, then
// killed) are read back when it comes back (a DM sends no server's arrival): each
// answered once, in order, under its message id; a move no longer legal by then is
// refused to its writer with the reason; chat is left alone; nothing is answered twice
// by a later restart. The real `arcana run`, on the suite's store backend.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_typed_in_a_dm_while_the_bot_was_away_are_answered_once() {
    let (fake, _dir, data, bot, dms) = bot_with_a_pair_game().await;
    let fake = &fake;
    let (a_dm, b_dm) = dms;
    typed(fake, &ALICE, a_dm, "e4", "e2-e4", dms).await;
    assert!(bot.stop().success());

    // While nobody listens: bob answers 1... e5 in his DM; alice types `e5` in hers
    // (planned before she saw his reply: blocked by then), then 2. Nf3; bob chats.
    fake.chat(&BOB, b_dm, "e5");
    fake.chat(&ALICE, a_dm, "e5");
    fake.chat(&ALICE, a_dm, "Nf3");
    fake.chat(&BOB, b_dm, "good luck!");
    let mark = fake.mark();
    let bot = support::bot::Bot::start(fake, &data, crate::dms::EXTRA).await;
    for dm in [a_dm, b_dm] {
        fake.wait_for(mark, "Nf3 read back, its board in each DM", |r| {
            channel_of(r) == Some(dm) && !r.files.is_empty() && r.content().contains("Ng1-f3")
        })
        .await;
    }
    let rs = fake.settle(mark, Duration::from_millis(1500)).await;
    for dm in [a_dm, b_dm] {
        assert_eq!(boards_in(fake, &rs, dm, "e7-e5"), 1, "{rs:#?}");
        assert_eq!(boards_in(fake, &rs, dm, "Ng1-f3"), 1, "{rs:#?}");
    }
    let at = |played: &str| {
        rs.iter()
            .position(|r| channel_of(r) == Some(a_dm) && r.content().contains(played))
            .unwrap()
    };
    assert!(at("e7-e5") < at("Ng1-f3"), "in order: {rs:#?}");
    assert_eq!(refusals_in(&rs, a_dm, "e5"), 1, "{rs:#?}");
    assert_eq!(refusals_in(&rs, b_dm, "e5"), 0, "{rs:#?}");
    assert!(!all_text(&rs).contains("good luck"), "{rs:#?}");
    assert!(bot.stop().success());

    // A move typed while it was down again, then a kill once it is answered: that
    // move once, the earlier ones never again.
    fake.chat(&BOB, b_dm, "Nc6");
    let mark = fake.mark();
    let bot = support::bot::Bot::start(fake, &data, crate::dms::EXTRA).await;
    for dm in [a_dm, b_dm] {
        fake.wait_for(mark, "Nc6 read back", |r| {
            channel_of(r) == Some(dm) && !r.files.is_empty() && r.content().contains("Nb8-c6")
        })
        .await;
    }
    // Killed once it is quiet (a kill in the middle of a delivery is
    // `dms_pair::a_dm_sent_again_after_a_kill_is_shown_once`).
    fake.settle(mark, Duration::from_millis(1000)).await;
    drop(bot);
    let again = fake.mark();
    let _bot = support::bot::Bot::start(fake, &data, crate::dms::EXTRA).await;
    fake.settle(again, Duration::from_millis(1500)).await;
    let all = fake.requests_since(mark);
    for dm in [a_dm, b_dm] {
        assert_eq!(boards_in(fake, &all, dm, "Nb8-c6"), 1, "{all:#?}");
        assert_eq!(boards_in(fake, &all, dm, "e7-e5"), 0, "{all:#?}");
        assert_eq!(boards_in(fake, &all, dm, "Ng1-f3"), 0, "{all:#?}");
    }
    assert_eq!(refusals_in(&all, a_dm, "e5"), 0, "{all:#?}");
}

/// Reads of `dm`'s history (Get Channel Messages) among `rs`.
fn reads_of(rs: &[Recorded], dm: u64) -> usize {
    let path = format!("/api/v10/channels/{dm}/messages");
    rs.iter()
        .filter(|r| r.method == "GET" && r.path == path)
        .count()
}

/// Starts the bot again and returns it with what it sent and read until things settle.
async fn restarted(
    fake: &FakeDiscord,
    data: &std::path::Path,
) -> (support::bot::Bot, Vec<Recorded>) {
    let mark = fake.mark();
    let bot = support::bot::Bot::start(fake, data, crate::dms::EXTRA).await;
    let rs = fake.settle(mark, Duration::from_millis(1500)).await;
    (bot, rs)
}

// Issue 50: DM read-back marks. The bot keeps the newest message it saw in each DM
// (people's lines once handled, its own messages as Discord sends them back), as it
// does for a server's places; after a restart only a DM holding something newer is
// read, from that mark on. A stop with nothing new reads no DM; bob's move typed in
// his DM while the bot was down is read from his DM alone and answered once in each
// DM; alice's move no longer legal by then is refused to her with its reason, her
// next move played, and bob's DM (nothing new) not read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_dms_with_something_new_are_read_back_after_a_restart() {
    let (fake, _dir, data, bot, dms) = bot_with_a_pair_game().await;
    let fake = &fake;
    let (a_dm, b_dm) = dms;
    typed(fake, &ALICE, a_dm, "e4", "e2-e4", dms).await;
    assert!(bot.stop().success());

    // Nothing new: no DM is read.
    let (bot, rs) = restarted(fake, &data).await;
    assert_eq!(reads_of(&rs, a_dm) + reads_of(&rs, b_dm), 0, "{rs:#?}");
    assert!(bot.stop().success());

    // bob answers while the bot is down: only his DM is read, his move played once.
    fake.chat(&BOB, b_dm, "e5");
    let (bot, rs) = restarted(fake, &data).await;
    assert_eq!(reads_of(&rs, b_dm), 1, "{rs:#?}");
    assert_eq!(reads_of(&rs, a_dm), 0, "{rs:#?}");
    for dm in [a_dm, b_dm] {
        assert_eq!(boards_in(fake, &rs, dm, "e7-e5"), 1, "{rs:#?}");
    }
    assert!(bot.stop().success());

    // alice types `e5` (blocked by bob's pawn by now), then 2. Nf3.
    fake.chat(&ALICE, a_dm, "e5");
    fake.chat(&ALICE, a_dm, "Nf3");
    let (bot, rs) = restarted(fake, &data).await;
    assert_eq!(reads_of(&rs, a_dm), 1, "{rs:#?}");
    assert_eq!(reads_of(&rs, b_dm), 0, "{rs:#?}");
    assert_eq!(refusals_in(&rs, a_dm, "e5"), 1, "{rs:#?}");
    let refusal = rs
        .iter()
        .find(|r| r.content().contains("`e5`"))
        .unwrap()
        .content();
    let why = refusal.split("not played:").nth(1).unwrap_or_default();
    assert!(!why.trim().is_empty(), "with its reason: {refusal}");
    for dm in [a_dm, b_dm] {
        assert_eq!(boards_in(fake, &rs, dm, "Ng1-f3"), 1, "{rs:#?}");
        assert_eq!(boards_in(fake, &rs, dm, "e7-e5"), 0, "{rs:#?}");
    }
    assert!(bot.stop().success());

    // Nothing new again: nothing read, nothing sent.
    let (_bot, rs) = restarted(fake, &data).await;
    assert_eq!(reads_of(&rs, a_dm) + reads_of(&rs, b_dm), 0, "{rs:#?}");
    assert!(
        rs.iter()
            .all(|r| r.method == "GET" || channel_of(r).is_none()),
        "{rs:#?}"
    );
}

/// The link to `channel` as a reader opens it.
fn link(channel: u64) -> String {
    format!("https://discord.com/channels/@me/{channel}")
}

/// The text of the PGN files among `rs`.
fn pgn_text(rs: &[Recorded]) -> String {
    rs.iter()
        .flat_map(|r| r.files.iter())
        .filter(|(name, _)| name.ends_with(".pgn"))
        .map(|(_, bytes)| String::from_utf8_lossy(bytes).into_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

/// `who` asks `/review` of `game` in `channel`: the review's record (its files), once
/// the review is done.
async fn reviewed(fake: &FakeDiscord, who: &FakeUser, channel: u64, game: &str) -> String {
    let mark = fake.mark();
    let game = json!(game.parse::<u64>().unwrap());
    slash_in(fake, who, channel, "review", &[("game", 4, game)], &[]).await;
    let done = fake
        .wait_for(mark, "the review's record", |r| {
            r.files.iter().any(|(name, _)| name.ends_with(".pgn"))
        })
        .await;
    pgn_text(&[done])
}

/// The game number `/export` names (`The record of game N.`).
fn game_number(text: &str) -> String {
    let at = text
        .find("record of game ")
        .expect("the export names its game");
    text[at + "record of game ".len()..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect()
}

/// `/games list:mine`, `/profile` and `/export` by `who` in `place`, and `/review` once
/// `ender` resigned in `end_in`: each names the game's place as `opens` (a link the
/// reader can open), none as a channel mention of the game's own id.
async fn lists_and_records_link(
    fake: &FakeDiscord,
    (who, place): (&FakeUser, u64),
    (ender, end_in): (&FakeUser, u64),
    opens: &str,
) {
    let rs = slash_in(
        fake,
        who,
        place,
        "games",
        &[("list", 3, json!("mine"))],
        &[],
    )
    .await;
    let text = all_text(&rs);
    assert!(text.contains(opens), "/games mine: {text}");
    let rs = slash_in(fake, who, place, "profile", &[], &[]).await;
    let text = all_text(&rs);
    assert!(text.contains(opens), "/profile: {text}");
    let rs = slash_in(fake, who, place, "export", &[], &[]).await;
    let pgn = pgn_text(&rs);
    assert!(
        pgn.contains(&format!("[Site \"{opens}\"]")),
        "/export: {pgn}"
    );
    let game = game_number(&all_text(&rs));
    assert!(
        !pgn.contains(&format!("/{game}\"]")),
        "the game's own id: {pgn}"
    );
    slash_in(fake, ender, end_in, "resign", &[], &[]).await;
    fake.settle(fake.mark(), Duration::from_millis(500)).await;
    let pgn = reviewed(fake, who, place, &game).await;
    assert!(
        pgn.contains(&format!("[Site \"{opens}\"]")),
        "/review: {pgn}"
    );
}

// Issue 50: a game by a pair of DMs lives in a place that is no chat; `/games mine`,
// `/profile`, `/export` and `/review` give each player a link to their own DM with the
// bot, where the game is played for them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_by_dms_is_linked_to_each_players_own_dm() {
    let s = setup().await;
    let fake = &s.fake;
    let (a_dm, b_dm) = accepted_by_dms(fake).await;
    // bob's own link, in his profile.
    let rs = slash_in(fake, &BOB, b_dm, "profile", &[], &[]).await;
    let text = all_text(&rs);
    assert!(text.contains(&link(b_dm)), "{text}");
    assert!(!text.contains(&link(a_dm)), "{text}");
    lists_and_records_link(fake, (&ALICE, a_dm), (&BOB, b_dm), &link(a_dm)).await;
}

// Issue 50: a game in a group chat is linked to the chat in `/games mine`, `/profile`,
// `/export` and `/review`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_chat_game_is_linked_to_its_chat() {
    let s = setup().await;
    let fake = &s.fake;
    let chat = accepted_in_chat(fake).await;
    lists_and_records_link(fake, (&ALICE, chat), (&BOB, chat), &link(chat)).await;
}

/// The bot's posts to `dm` among `rs` (refused or not).
fn posts_to(rs: &[Recorded], dm: u64) -> Vec<&Recorded> {
    rs.iter()
        .filter(|r| r.method == "POST" && channel_of(r) == Some(dm))
        .collect()
}

// Issue 50: bob closes his DMs in the middle of a game by a pair of DMs. Discord
// refuses the bot's messages to him (403 / 50007); the game goes on: alice is told in
// her DM, once per move, that he cannot be reached; nothing is retried; bob sees what
// he missed with his next command, and his move reaches alice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_closes_dms_mid_game_by_dms() {
    let s = setup().await;
    let fake = &s.fake;
    let dms = accepted_by_dms(fake).await;
    let (a_dm, b_dm) = dms;
    fake.close_dms(BOB.id);
    let unreachable = tr(Lang::En, "dms-pair-opponent-unreachable");
    let unreachable = unreachable.split("{").next().unwrap().trim().to_string();

    let mark = fake.mark();
    fake.chat(&ALICE, a_dm, "e4");
    fake.wait_for(mark, "alice's board", |r| {
        channel_of(r) == Some(a_dm) && r.content().contains("e2-e4")
    })
    .await;
    let told = fake
        .wait_for(mark, "alice told bob cannot be reached", |r| {
            channel_of(r) == Some(a_dm) && r.content().contains(&unreachable)
        })
        .await;
    assert!(told.content().contains("bob"), "{}", told.content());
    let rs = fake.settle(mark, Duration::from_millis(1500)).await;
    let refused = posts_to(&rs, b_dm);
    assert!(!refused.is_empty(), "{rs:#?}");
    assert!(refused.iter().all(|r| r.status == 403), "{refused:#?}");
    assert_eq!(
        rs.iter()
            .filter(|r| channel_of(r) == Some(a_dm) && r.content().contains(&unreachable))
            .count(),
        1,
        "{rs:#?}"
    );
    // Nothing retried: quiet from then on.
    let later = fake.settle(fake.mark(), Duration::from_millis(1500)).await;
    assert!(posts_to(&later, b_dm).is_empty(), "{later:#?}");

    // bob plays by command in his DM: his answer there, what he missed shown with it,
    // and alice gets his move.
    let mark = fake.mark();
    let rs = slash_in(fake, &BOB, b_dm, "move", &[("text", 3, json!("e5"))], &[]).await;
    assert!(rs.iter().any(|r| !r.files.is_empty()), "{rs:#?}");
    fake.wait_for(mark, "what bob missed", |r| {
        sent_to(fake, r) == Some(b_dm)
            && r.content().contains(&tr(Lang::En, "delivery-undelivered"))
    })
    .await;
    fake.wait_for(mark, "bob's move in alice's DM", |r| {
        channel_of(r) == Some(a_dm) && r.content().contains("e7-e5")
    })
    .await;
}

// Issue 50: bob closes his DMs in the middle of a group-chat game. His turn notice by
// DM is refused (403 / 50007); the chat, where alice's move is being answered, says
// so (his turns show on the boards answered there); the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_closes_dms_mid_game_in_a_group_chat() {
    let s = setup().await;
    let fake = &s.fake;
    let chat = accepted_in_chat(fake).await;
    let b_dm = fake.bot_dm(&BOB);
    fake.close_dms(BOB.id);
    let mark = fake.mark();
    let rs = slash_in(fake, &ALICE, chat, "move", &[("text", 3, json!("e4"))], &[]).await;
    assert!(rs.iter().any(|r| !r.files.is_empty()), "{rs:#?}");
    let notice = tr(Lang::En, "dms-closed-in-chat");
    let notice = notice
        .split("(they are closed)")
        .nth(1)
        .unwrap()
        .trim()
        .to_string();
    let said = fake
        .wait_for(mark, "the chat told", |r| {
            sent_to(fake, r) == Some(chat) && r.content().contains(&notice[..40])
        })
        .await;
    assert!(!said.is_ephemeral(), "{said:?}");
    assert!(
        said.content().contains(&support::bot::mention(&BOB)),
        "{}",
        said.content()
    );
    let rs = fake.settle(mark, Duration::from_millis(1500)).await;
    let refused = posts_to(&rs, b_dm);
    assert!(!refused.is_empty(), "{rs:#?}");
    assert!(refused.iter().all(|r| r.status == 403), "{refused:#?}");
    let later = fake.settle(fake.mark(), Duration::from_millis(1500)).await;
    assert!(posts_to(&later, b_dm).is_empty(), "{later:#?}");
    // The game goes on: bob moves in the chat.
    let rs = slash_in(fake, &BOB, chat, "move", &[("text", 3, json!("e5"))], &[]).await;
    assert!(
        rs.iter()
            .any(|r| !r.files.is_empty() && r.content().contains("e7-e5")),
        "{rs:#?}"
    );
    // Reminders by DM switched off where a chat cannot get them: the answer says what
    // happens instead.
    let rs = slash_in(
        fake,
        &ALICE,
        chat,
        "reminders",
        &[("dm", 3, json!("off"))],
        &[],
    )
    .await;
    let text = all_text(&rs);
    assert!(
        text.contains(&tr(Lang::En, "reminders-dm-off-outside")),
        "{text}"
    );
}
