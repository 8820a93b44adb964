//! End to end: the real `arcana run` binary (serenity and all) against a fake Discord
//! on 127.0.0.1, driven through the gateway and judged by the REST requests it makes.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use serde_json::{json, Value};
use std::process::Command;
use std::time::Duration;
use support::bot::{
    all_text, answers, assert_move, assert_refused, body, button_ids, dm_owner, mention, pngs,
    public, slash, started, Bot, Scripted, Serving, ALICE, ARCANA, BOB, CAROL, CHANNEL,
};
use support::fake_discord::{FakeDiscord, Recorded, GUILD_ID};

/// These scenarios play in the channel itself (`threads = false`); games in threads
/// are in `tests/discord/challenges.rs`.
const IN_CHANNEL: &str = "image_size = 256\nthreads = false\n";

fn text(v: &str) -> Value {
    json!(v)
}

/// alice challenges bob (alice white), bob accepts with the button.
async fn start_game(fake: &FakeDiscord) {
    start_game_with(fake, &[]).await;
}

/// alice challenges bob (alice white) with extra challenge options, bob accepts
/// with the button; returns what answered the accept.
async fn start_game_with(fake: &FakeDiscord, extra: &[(&str, u8, Value)]) -> Vec<Recorded> {
    let mut options = vec![
        ("opponent", 6, text(&BOB.id.to_string())),
        ("color", 3, text("white")),
    ];
    options.extend(extra.iter().cloned());
    let mark = fake.mark();
    let ciid = fake.slash(&ALICE, CHANNEL, "challenge", &options, &[&BOB]);
    let rs = answers(fake, mark, ciid).await;
    let challenge = public(&rs).into_iter().next().expect("a public challenge");
    // Every button names its challenge.
    let ids = button_ids(body(&challenge));
    let accept = ids
        .iter()
        .find(|i| i.starts_with("accept:"))
        .expect("accept");
    let number = accept.trim_start_matches("accept:");
    assert!(number.parse::<u64>().is_ok(), "{ids:?}");
    assert!(ids.contains(&format!("decline:{number}")), "{ids:?}");

    // The challenge message as Discord echoes it in the button interaction.
    let message = fake.original(ciid).expect("the challenge message");
    // Only bob may accept.
    let mark = fake.mark();
    let iid = fake.button(&CAROL, CHANNEL, accept, message.clone());
    assert_refused(&answers(fake, mark, iid).await);

    let mark = fake.mark();
    let iid = fake.button(&BOB, CHANNEL, accept, message);
    let rs = answers(fake, mark, iid).await;
    assert_move(&rs, &ALICE);
    rs
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registers_commands_and_plays_a_whole_game() {
    let (fake, _dir, bot) = started(IN_CHANNEL).await;

    // serenity silently falls back to the real gateway when this fails: it must be ours.
    fake.wait_for(0, "GET /api/v10/gateway", |r| {
        r.method == "GET" && r.path == "/api/v10/gateway"
    })
    .await;
    let reg = fake
        .wait_for(0, "command registration", |r| {
            r.method == "PUT" && r.path.ends_with(&format!("/guilds/{GUILD_ID}/commands"))
        })
        .await;
    let names: Vec<&str> = reg
        .json
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    for n in [
        "challenge",
        "accept",
        "decline",
        "cancel",
        "move",
        "board",
        "history",
        "export",
        "resign",
        "draw",
        "abort",
        "claim",
        "hand",
        "games",
        "rules",
        "help",
    ] {
        assert!(names.contains(&n), "/{n} not registered: {names:?}");
    }
    let challenge = reg
        .json
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "challenge")
        .unwrap();
    assert!(
        challenge.to_string().contains("\"standard\""),
        "variant choices: {challenge}"
    );

    start_game(&fake).await;

    // 1. f3 by /move.
    let mark = fake.mark();
    let f3 = fake.slash(&ALICE, CHANNEL, "move", &[("text", 3, text("f3"))], &[]);
    let rs = answers(&fake, mark, f3).await;
    assert_move(&rs, &BOB);
    assert!(
        all_text(&rs).contains("f2-f3"),
        "canonical notation: {}",
        all_text(&rs)
    );

    // The same interaction redelivered acts once: bob's reply below is still legal,
    // and the history holds a single f3.
    let mark = fake.mark();
    fake.slash_with_id(f3, &ALICE, CHANNEL, "move", &[("text", 3, text("f3"))], &[]);
    fake.settle(mark, Duration::from_millis(500)).await;

    // A spectator and the wrong player are refused, privately.
    assert_refused(&slash(&fake, &CAROL, "move", &[("text", 3, text("e5"))], &[]).await);
    assert_refused(&slash(&fake, &ALICE, "move", &[("text", 3, text("e4"))], &[]).await);
    // An illegal move is refused too.
    assert_refused(&slash(&fake, &BOB, "move", &[("text", 3, text("e4"))], &[]).await);

    // Ordinary chat is ignored, also from the player to move.
    let mark = fake.mark();
    fake.chat(&CAROL, CHANNEL, "e5");
    fake.chat(&BOB, CHANNEL, "good luck!");
    fake.chat(&BOB, CHANNEL, "hmm");
    let quiet = fake.settle(mark, Duration::from_millis(700)).await;
    assert!(quiet.is_empty(), "chat was answered: {quiet:?}");

    // 1... e5 as a plain message.
    let mark = fake.mark();
    fake.chat(&BOB, CHANNEL, "e5");
    let m = fake
        .wait_for(mark, "bob's move in the channel", |r| {
            r.path == format!("/api/v10/channels/{CHANNEL}/messages")
        })
        .await;
    assert_move(&[m], &ALICE);

    // 2. g4 as a plain message, 2... Qh4# by /move.
    let mark = fake.mark();
    fake.chat(&ALICE, CHANNEL, "g4");
    let m = fake
        .wait_for(mark, "alice's move in the channel", |r| {
            r.path == format!("/api/v10/channels/{CHANNEL}/messages")
        })
        .await;
    assert_move(&[m], &BOB);
    let rs = slash(&fake, &BOB, "move", &[("text", 3, text("Qh4#"))], &[]).await;
    let shown = public(&rs);
    assert!(pngs(&shown) >= 1);
    assert!(
        all_text(&shown).to_lowercase().contains("checkmate"),
        "{}",
        all_text(&shown)
    );

    let rs = slash(&fake, &CAROL, "history", &[], &[]).await;
    let history = all_text(&rs);
    assert_eq!(history.matches("f2-f3").count(), 1, "history: {history}");
    assert!(history.contains("Qd8-h4"), "history: {history}");

    // /export: the PGN and, beside it, the animated GIF, in one answer.
    let rs = slash(&fake, &CAROL, "export", &[], &[]).await;
    let files: Vec<(String, Vec<u8>)> = rs.iter().flat_map(|r| r.files.clone()).collect();
    let pgn = files
        .iter()
        .find(|(name, _)| name.ends_with(".pgn"))
        .expect("a PGN file");
    assert!(String::from_utf8_lossy(&pgn.1).contains("1. f3 e5 2. g4 Qh4#"));
    let gif = files
        .iter()
        .find(|(name, _)| name.ends_with(".gif"))
        .expect("a GIF file beside the PGN");
    assert_eq!(&gif.1[..6], b"GIF89a");

    // No DM went to anyone but its owner.
    for r in fake.requests() {
        if r.method == "POST"
            && r.path.starts_with("/api/v10/channels/")
            && r.path.ends_with("/messages")
        {
            let channel: u64 = r.path.split('/').nth(4).unwrap().parse().unwrap();
            if let Some(owner) = fake.dm_recipient(channel) {
                assert!(!r.content().contains(&format!(
                    "<@{}>",
                    if owner == ALICE.id { BOB.id } else { ALICE.id }
                )));
            }
        }
    }
    assert!(bot.stop().success(), "the bot did not stop cleanly");
}

// Issue 23: the challenge's `options` are completed from the options the chosen variant
// declares, as `name:value` pairs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenge_options_autocomplete_from_the_variant() {
    let (fake, _dir, bot) = started(IN_CHANNEL).await;
    let choices = |r: &Recorded| -> Vec<String> {
        r.json["data"]["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["value"].as_str().unwrap().to_string())
            .collect()
    };
    let mark = fake.mark();
    let options = json!([
        {"name": "variant", "type": 3, "value": "wickets"},
        {"name": "options", "type": 3, "value": "decision:d", "focused": true},
    ]);
    let iid = fake.autocomplete_command(&ALICE, CHANNEL, "challenge", options);
    let r = fake
        .wait_for(mark, "autocomplete answer", |r| r.answers(iid))
        .await;
    assert_eq!(r.json["type"], 8, "{}", r.json);
    assert_eq!(
        choices(&r),
        [
            "decision:dice",
            "decision:dice2",
            "decision:deterministic",
            "decision:deterministic2"
        ]
    );
    let mark = fake.mark();
    let options = json!([
        {"name": "variant", "type": 3, "value": "wand"},
        {"name": "options", "type": 3, "value": "", "focused": true},
    ]);
    let iid = fake.autocomplete_command(&ALICE, CHANNEL, "challenge", options);
    let r = fake
        .wait_for(mark, "autocomplete answer", |r| r.answers(iid))
        .await;
    assert_eq!(choices(&r), ["wands:rolled", "wands:moderated"]);
    assert!(bot.stop().success(), "the bot did not stop cleanly");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_bot_carries_on_and_autocompletes() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let bot = Bot::start(&fake, &data, IN_CHANNEL).await;
    start_game(&fake).await;
    let rs = slash(&fake, &ALICE, "move", &[("text", 3, text("f3"))], &[]).await;
    assert_move(&rs, &BOB);
    assert!(bot.stop().success(), "the bot did not stop cleanly");

    // Same data directory; this time every interaction is deferred first.
    let bot = Bot::start(&fake, &data, &format!("{IN_CHANNEL}defer_after_ms = 0")).await;

    // Autocomplete offers bob's legal moves starting with what he typed.
    let mark = fake.mark();
    let iid = fake.autocomplete(&BOB, CHANNEL, "N");
    let r = fake
        .wait_for(mark, "autocomplete answer", |r| r.answers(iid))
        .await;
    assert_eq!(r.json["type"], 8, "{}", r.json);
    let choices: Vec<String> = r.json["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap().to_string())
        .collect();
    assert!(!choices.is_empty());
    assert!(choices.iter().all(|c| c.starts_with('N')), "{choices:?}");
    assert!(choices.iter().any(|c| c.contains("f6")), "{choices:?}");

    // The refusal of a deferred interaction is still private.
    let rs = slash(&fake, &ALICE, "move", &[("text", 3, text("e4"))], &[]).await;
    assert!(
        rs.iter().any(|r| r.json["type"] == 5),
        "not deferred: {rs:?}"
    );
    assert_refused(&rs);

    let rs = slash(&fake, &BOB, "move", &[("text", 3, text("e5"))], &[]).await;
    assert!(
        rs.iter().any(|r| r.json["type"] == 5),
        "not deferred: {rs:?}"
    );
    assert_move(&rs, &ALICE);
    let rs = slash(&fake, &ALICE, "move", &[("text", 3, text("g4"))], &[]).await;
    assert_move(&rs, &BOB);
    let rs = slash(&fake, &BOB, "move", &[("text", 3, text("Qh4"))], &[]).await;
    assert!(all_text(&public(&rs)).to_lowercase().contains("checkmate"));
    assert!(bot.stop().success());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_token_it_explains_how_to_get_one() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("c.toml");
    std::fs::write(&config, "image_size = 512\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_arcana"))
        .args(["run", "--config"])
        .arg(&config)
        .env_remove("DISCORD_TOKEN")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("developers/applications") && err.contains("arcana local"),
        "{err}"
    );

    std::fs::write(&config, "token = \"t\"\nimage_size = \"huge\"\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_arcana"))
        .args(["run", "--config"])
        .arg(&config)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("image_size"), "{err}");
}

/// A scripted service for the direct-message paths: standard chess has no secrets,
/// so this stands in for a variant that sends each player private information.
fn secretive() -> std::sync::Arc<dyn arcana::service::front::GameService> {
    use arcana::service::api::{Reply, Request, User};
    Scripted::new(false, |ctx, request| {
        let alice = User {
            id: ALICE.id,
            name: "alice".into(),
        };
        let bob = User {
            id: BOB.id,
            name: "bob".into(),
        };
        match request {
            Request::Move { text } => {
                let mut moved = Reply::channel(format!("{} played {text}", ctx.user.name));
                moved.mention = vec![bob.clone()];
                vec![
                    moved,
                    Reply::private(alice, "SECRET-A: your wands are teleport and sleep"),
                    Reply::private(bob, "SECRET-B: your wands are death and speed"),
                ]
            }
            _ => vec![Reply::channel("the board")],
        }
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn direct_messages_go_to_their_owner_and_fall_back_when_closed() {
    let fake = FakeDiscord::start().await;
    fake.close_dms(BOB.id);
    let dir = tempfile::tempdir().unwrap();
    let bot = Serving::start(&fake, &dir.path().join("data"), "", secretive()).await;

    let rs = slash(&fake, &ALICE, "move", &[("text", 3, text("e4"))], &[]).await;
    let shown = all_text(&public(&rs));
    assert!(shown.contains("alice played e4"), "{shown}");
    // bob's DM failed: the channel is told, without the secret.
    assert!(
        shown.contains(&mention(&BOB)) && shown.contains("direct message"),
        "{shown}"
    );
    let all = fake.settle(0, Duration::from_millis(300)).await;
    let mut delivered_a = false;
    for r in &all {
        let dm_owner = dm_owner(&fake, r);
        if r.content().contains("SECRET-A") {
            assert_eq!(
                dm_owner,
                Some(ALICE.id),
                "alice's secret went elsewhere: {}",
                r.path
            );
            delivered_a = true;
        }
        if r.content().contains("SECRET-B") {
            assert_eq!(dm_owner, Some(BOB.id), "bob's secret leaked: {}", r.path);
            assert_eq!(r.status, 403);
        }
    }
    assert!(delivered_a, "alice got no DM");

    // bob's next interaction shows him the secret, privately.
    let rs = slash(&fake, &BOB, "board", &[], &[]).await;
    let private: Vec<&Recorded> = rs
        .iter()
        .filter(|r| r.content().contains("SECRET-B"))
        .collect();
    assert_eq!(private.len(), 1, "{rs:?}");
    assert!(private[0].is_ephemeral());
    // ...once.
    let rs = slash(&fake, &BOB, "board", &[], &[]).await;
    assert!(!all_text(&rs).contains("SECRET-B"));

    assert_eq!(bot.stop().await, Ok(()));
}

/// The real service behind the real bot: a Wand Chess game with moderated wands. Each
/// player's secret wand list goes only to them by DM. alice's DMs are closed, so when
/// bob accepts the channel is told (without the secret) and alice sees her list
/// privately on her next interaction. No channel message ever carries a list.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wand_secrets_go_by_dm_only_and_fall_back_privately() {
    const LIST: &str = "Known only to you";
    let fake = FakeDiscord::start().await;
    fake.close_dms(ALICE.id);
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, &dir.path().join("data"), IN_CHANNEL).await;
    let rs = start_game_with(
        &fake,
        &[
            ("variant", 3, text("wand")),
            ("options", 3, text("wands:moderated")),
        ],
    )
    .await;
    let shown = all_text(&public(&rs));
    assert!(
        shown.contains(&mention(&ALICE)) && shown.contains("direct message"),
        "the channel is told alice's DM failed: {shown}"
    );
    // A game of chance: the seed's commitment is posted in the channel at the start.
    let all = fake.settle(0, Duration::from_millis(300)).await;
    let commitment = all
        .iter()
        .filter(|r| dm_owner(&fake, r).is_none() && !r.is_ephemeral())
        .map(Recorded::content)
        .find(|c| c.starts_with("seed commitment: sha256:"))
        .expect("the seed commitment in the channel");
    let digest = commitment.trim_start_matches("seed commitment: sha256:");
    assert_eq!(digest.len(), 64, "{commitment}");
    assert!(digest
        .chars()
        .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c)));
    let all = fake.settle(0, Duration::from_millis(300)).await;
    let mut bob_got = false;
    for r in &all {
        if !r.content().contains(LIST) {
            continue;
        }
        match dm_owner(&fake, r) {
            Some(id) if id == BOB.id => {
                assert!(r.content().contains("Black"), "{}", r.content());
                bob_got = true;
            }
            Some(id) if id == ALICE.id => assert_eq!(r.status, 403, "alice's DMs are closed"),
            _ => panic!("a wand list left by another path: {} {}", r.path, r.json),
        }
    }
    assert!(bob_got, "bob got no wand list by DM");

    // alice's next interaction shows her her own list, privately, once.
    let rs = slash(&fake, &ALICE, "board", &[], &[]).await;
    let private: Vec<&Recorded> = rs.iter().filter(|r| r.content().contains(LIST)).collect();
    assert_eq!(private.len(), 1, "{rs:?}");
    assert!(private[0].is_ephemeral());
    assert!(private[0].content().contains("White"));
    let rs = slash(&fake, &ALICE, "board", &[], &[]).await;
    assert!(!all_text(&rs).contains(LIST));

    // /hand: the invoker's own list, ephemeral; a spectator has none.
    let rs = slash(&fake, &BOB, "hand", &[], &[]).await;
    assert!(all_text(&rs).contains(LIST) && all_text(&rs).contains("Black"));
    assert!(rs
        .iter()
        .filter(|r| !r.content().is_empty())
        .all(Recorded::is_ephemeral));
    let rs = slash(&fake, &CAROL, "hand", &[], &[]).await;
    assert!(!all_text(&rs).contains(LIST));
    assert_refused(&rs);

    // A zap through the real rules: the public line shows the result, never a list.
    let rs = slash(&fake, &ALICE, "move", &[("text", 3, text("e4"))], &[]).await;
    assert_move(&rs, &BOB);
    let rs = slash(&fake, &BOB, "move", &[("text", 3, text("Ze7:e6"))], &[]).await;
    let shown = all_text(&public(&rs));
    assert!(shown.contains("Ze7:e6"), "{shown}");
    assert!(!shown.contains(LIST), "{shown}");
    assert!(bot.stop().success(), "the bot did not stop cleanly");
}

/// Ratings over Discord: a rated game moves the ratings, `rated:false` makes a casual
/// game, `/profile` links the current games' channels, `/leaderboard` answers privately.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn profile_and_leaderboard_over_discord() {
    let (fake, _dir, bot) = started(IN_CHANNEL).await;
    let reg = fake
        .wait_for(0, "command registration", |r| {
            r.method == "PUT" && r.path.ends_with(&format!("/guilds/{GUILD_ID}/commands"))
        })
        .await;
    let find = |name: &str| {
        reg.json
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("/{name} not registered"))
            .to_string()
    };
    assert!(find("challenge").contains("\"rated\""));
    assert!(find("profile").contains("\"player\""));
    let board = find("leaderboard");
    assert!(
        board.contains("\"standard\"") && board.contains("\"wand\""),
        "{board}"
    );

    // A rated game: a move each (X-RATINGS-8), then alice resigns.
    start_game(&fake).await;
    for (who, m) in [(&ALICE, "e4"), (&BOB, "e5")] {
        let rs = slash(&fake, who, "move", &[("text", 3, text(m))], &[]).await;
        assert!(!all_text(&public(&rs)).is_empty(), "{rs:?}");
    }
    let rs = slash(&fake, &ALICE, "resign", &[], &[]).await;
    assert!(all_text(&public(&rs)).contains("resigns"), "{rs:?}");

    // A casual game, said so when accepted.
    let rs = start_game_with(&fake, &[("rated", 5, json!(false))]).await;
    assert!(
        all_text(&public(&rs)).contains("casual"),
        "{}",
        all_text(&rs)
    );

    let rs = slash(
        &fake,
        &CAROL,
        "profile",
        &[("player", 6, text(&BOB.id.to_string()))],
        &[&BOB],
    )
    .await;
    let shown: Vec<&Recorded> = rs.iter().filter(|r| !r.content().is_empty()).collect();
    assert!(
        !shown.is_empty() && shown.iter().all(|r| r.is_ephemeral()),
        "{rs:?}"
    );
    let t = all_text(&rs);
    assert!(t.contains("**bob**: ratings on this server"), "{t}");
    assert!(
        t.contains("Chess: 1") && t.contains("1 win, 0 draws, 0 losses"),
        "{t}"
    );
    assert!(t.contains("- win vs alice (Chess, rated, 1500? → 1"), "{t}");
    // The current game's channel is a Discord channel link.
    assert!(
        t.contains(&format!(
            "- Chess vs alice in <#{CHANNEL}> (casual), alice to move"
        )),
        "{t}"
    );

    let rs = slash(
        &fake,
        &ALICE,
        "leaderboard",
        &[("variant", 3, text("standard"))],
        &[],
    )
    .await;
    let t = all_text(&rs);
    assert!(rs
        .iter()
        .filter(|r| !r.content().is_empty())
        .all(Recorded::is_ephemeral));
    assert!(t.contains("Chess leaderboard on this server:"), "{t}");
    assert!(t.contains("You are not listed yet: your rating 1"), "{t}");
    assert!(bot.stop().success(), "the bot did not stop cleanly");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_challenges_the_bot_and_the_bot_replies() {
    let (fake, _dir, bot) = started(IN_CHANNEL).await;
    // (Started: the bot knows who it is once the commands are registered.)
    let me = ARCANA;
    let rs = slash(
        &fake,
        &ALICE,
        "challenge",
        &[
            ("opponent", 6, text(&me.id.to_string())),
            ("color", 3, text("white")),
            ("level", 4, json!(1)),
        ],
        &[&me],
    )
    .await;
    // No acceptance: the game starts at once and alice is asked.
    assert_move(&rs, &ALICE);
    assert!(
        all_text(&public(&rs)).contains("level 1"),
        "{}",
        all_text(&rs)
    );

    let mark = fake.mark();
    let rs = slash(&fake, &ALICE, "move", &[("text", 3, text("e4"))], &[]).await;
    assert_move(&rs, &me);
    // The computer's answer arrives in the channel like a human's move would.
    let channel_post = format!("/api/v10/channels/{CHANNEL}/messages");
    let reply = fake
        .wait_for(mark, "the computer's answer", |r| {
            r.method == "POST" && r.path == channel_post && r.content().contains(&mention(&ALICE))
        })
        .await;
    assert!(pngs(&[reply]) >= 1, "the answer carries the board");
    let rs = slash(&fake, &ALICE, "history", &[], &[]).await;
    assert!(all_text(&rs).contains("1. e2-e4 "), "{}", all_text(&rs));
    assert!(bot.stop().success());
}
