//! The Discord Activity (issue 49, docs/web.md "The Activity"), end to end: `arcana run`
//! against the fake Discord with its web pages and the Activity configured. The game's
//! board carries a Play button, the Entry Point command is registered; both are
//! answered with the `LAUNCH_ACTIVITY` callback. In headless Chromium the fake's client
//! page frames the Activity and plays Discord's part of the handshake; the page's code
//! is exchanged at the fake's `/oauth2/token`, `/users/@me` names the person, and the
//! frame shows the thread's game: the player's own page, where a move made by taps
//! reaches the thread once; a spectator's public page, with no control. A wrong code, a
//! request from elsewhere, a forged or expired session act on nothing. Every launch is
//! checked against the fake's record of the Activity's instance: an address edited to
//! another thread, an unknown instance, a person not in it are refused and shown
//! nothing.
// The shared support code unwraps freely, as tests may.
#![allow(clippy::unwrap_used)]

use crate::support;

use arcana::i18n::{tr, Lang};
use arcana::service::pages::WebLinks;
use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use std::time::Duration;
use support::bot::{accepted_in_thread, button, button_ids, Bot, ALICE, BOB, CAROL, CHANNEL, DAVE};
use support::browser::{browser, click_cell, confirm, until};
use support::fake_discord::{FakeDiscord, FakeUser, Recorded, APP_ID, CLIENT_SECRET};

const KEY: &str = "a key of the Activity's test, 32 bytes or more";

/// The fake, the bot serving its pages (and the Activity) at the returned address, and
/// the game's thread with its first board.
struct Launched {
    fake: FakeDiscord,
    web: String,
    thread: u64,
    game: u64,
    board: Value,
    _bot: Bot,
    _data: tempfile::TempDir,
}

async fn launched() -> Launched {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let port = support::bot::free_port();
    let web = format!("http://127.0.0.1:{port}");
    let extra = format!(
        "application_id = {APP_ID}\n[web]\nlisten = \"127.0.0.1:{port}\"\n\
         public_url = \"{web}\"\nkey = \"{KEY}\"\nactivity = true\n\
         client_secret = \"{CLIENT_SECRET}\"\nactivity_parents = [\"{}\"]\n",
        fake.base()
    );
    let mark = fake.mark();
    let bot = Bot::start(&fake, &data.path().join("data"), &extra).await;
    let entry = fake
        .wait_for(mark, "the Entry Point command", |r| {
            r.method == "POST"
                && r.path
                    .ends_with(&format!("/applications/{APP_ID}/commands"))
        })
        .await;
    assert_eq!(entry.json["type"], 4, "{}", entry.json);
    assert_eq!(entry.json["handler"], 1, "APP_HANDLER: {}", entry.json);
    let thread = accepted_in_thread(&fake, CHANNEL).await;
    let board = fake
        .messages_in(thread)
        .into_iter()
        .rev()
        .find(|m| m.to_string().contains("activity:"))
        .expect("a board with a Play button");
    let game = button(&board, "activity")
        .trim_start_matches("activity:")
        .parse()
        .unwrap();
    Launched {
        fake,
        web,
        thread,
        game,
        board,
        _bot: bot,
        _data: data,
    }
}

/// Waits for the `LAUNCH_ACTIVITY` callback answering interaction `iid`.
async fn launch_answered(fake: &FakeDiscord, mark: usize, iid: u64) -> Recorded {
    fake.wait_for(mark, "the LAUNCH_ACTIVITY callback", |r| {
        r.answers(iid) && r.path.ends_with("/callback")
    })
    .await
}

/// `who` presses the board's Play button: the Activity launched (or joined) in the
/// thread; the id of its instance there.
async fn play_pressed(l: &Launched, who: &FakeUser) -> String {
    let mark = l.fake.mark();
    let iid = l.fake.button(
        who,
        l.thread,
        &format!("activity:{}", l.game),
        l.board.clone(),
    );
    launch_answered(&l.fake, mark, iid).await;
    let instance = l.fake.activity_instance(l.thread).expect("an instance");
    instance["instance_id"].as_str().unwrap().to_string()
}

/// The users of the instance running in `channel`.
fn users_in(fake: &FakeDiscord, channel: u64) -> Vec<String> {
    let instance = fake.activity_instance(channel).expect("an instance");
    let users = instance["users"].as_array().unwrap().iter();
    users.map(|u| u.as_str().unwrap().to_string()).collect()
}

/// From the client's page, carol (who does not play) opens the Activity and is shown
/// the game's public page.
async fn carol_gets_the_public_page(client: &Client, l: &Launched) {
    client
        .enter_parent_frame()
        .await
        .expect("the client's page");
    let path = open_activity(client, l, &CAROL).await;
    assert_eq!(
        path,
        WebLinks::new(&l.web, KEY.as_bytes()).game_path(l.game)
    );
}

/// Opens the fake client's page at `page`, waits until its side of the handshake is
/// as `client_side` says (what, script), enters the Activity's frame and waits until
/// it is as `frame_side` says.
async fn framed(client: &Client, page: &str, client_side: (&str, &str), frame_side: (&str, &str)) {
    client.goto(page).await.expect("the client's page");
    until(client, client_side.0, client_side.1).await;
    client.enter_frame(0).await.expect("the Activity's frame");
    until(client, frame_side.0, frame_side.1).await;
}

/// Opens the fake client's page framing the Activity for `who` in the thread, and
/// waits until the frame has left the sign-in page; returns the frame's path.
async fn open_activity(client: &Client, l: &Launched, who: &FakeUser) -> String {
    let page = l
        .fake
        .activity_client(&format!("{}/activity", l.web), who, l.thread);
    framed(
        client,
        &page,
        (
            "the handshake, authorized and authenticated",
            "return !!window.authenticated && window.seen.join() === 'HANDSHAKE,AUTHORIZE,AUTHENTICATE';",
        ),
        (
            "the game's page in the frame",
            "return !!document.getElementById('game');",
        ),
    )
    .await;
    let path = client
        .execute("return location.pathname;", vec![])
        .await
        .expect("the frame's address");
    path.as_str().unwrap().to_string()
}

/// The thread's posts after `mark`, once things are quiet.
async fn posts_in(fake: &FakeDiscord, mark: usize, thread: u64) -> Vec<Recorded> {
    fake.settle(mark, Duration::from_millis(800))
        .await
        .into_iter()
        .filter(|r| r.method == "POST" && r.path.ends_with(&format!("/channels/{thread}/messages")))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_activity_launches_signs_in_and_plays_in_the_thread() {
    let l = launched().await;
    let fake = &l.fake;

    // The Play button and the Entry Point command are both answered with type 12.
    let mark = fake.mark();
    let iid = fake.button(
        &ALICE,
        l.thread,
        &format!("activity:{}", l.game),
        l.board.clone(),
    );
    assert_eq!(
        launch_answered(fake, mark, iid).await.json,
        json!({"type": 12})
    );
    let mark = fake.mark();
    let iid = fake.entry_point(&ALICE, l.thread);
    assert_eq!(
        launch_answered(fake, mark, iid).await.json,
        json!({"type": 12})
    );
    // One instance in the thread, alice in it (her second launch joined the first).
    let instance = fake
        .activity_instance(l.thread)
        .expect("the launch's instance");
    assert_eq!(instance["location"]["channel_id"], l.thread.to_string());
    assert_eq!(instance["location"]["kind"], "gc");
    assert_eq!(users_in(fake, l.thread), [ALICE.id.to_string()]);

    // alice (White, to move) opens it: her own page, with the board to play on.
    let (client, _driver) = browser().await;
    let mark = fake.mark();
    let path = open_activity(&client, &l, &ALICE).await;
    assert!(
        path.starts_with(&format!("/p/{}-{}-", l.game, ALICE.id)),
        "{path}"
    );
    assert!(
        client.find(Locator::Id("play")).await.is_ok(),
        "her controls"
    );
    let exchanged = fake
        .wait_for(mark, "the code exchange", |r| {
            r.path.ends_with("/oauth2/token")
        })
        .await;
    assert_eq!(exchanged.status, 200);
    assert_eq!(exchanged.json["grant_type"], "authorization_code");
    assert!(exchanged.json.get("client_secret").is_none());
    let me = fake
        .wait_for(mark, "/users/@me", |r| r.path.ends_with("/users/@me"))
        .await;
    assert!(me.auth.starts_with("Bearer "), "{}", me.auth);
    // The launch was checked against Discord's record, with the bot's token.
    let asked = fake
        .wait_for(mark, "the instance's record", |r| {
            r.path.ends_with(&format!(
                "/applications/{APP_ID}/activity-instances/{}",
                instance["instance_id"].as_str().unwrap()
            ))
        })
        .await;
    assert_eq!((asked.method.as_str(), asked.status), ("GET", 200));
    assert!(asked.auth.starts_with("Bot "), "{}", asked.auth);

    // A move made by taps reaches the thread once.
    let mark = fake.mark();
    click_cell(&client, "e2").await;
    click_cell(&client, "e4").await;
    confirm(&client).await;
    fake.wait_for(mark, "the move in the thread", |r| {
        r.method == "POST"
            && r.path
                .ends_with(&format!("/channels/{}/messages", l.thread))
    })
    .await;
    let posts = posts_in(fake, mark, l.thread).await;
    let boards: Vec<&Recorded> = posts.iter().filter(|r| !r.files.is_empty()).collect();
    assert_eq!(boards.len(), 1, "one board: {posts:?}");
    assert!(
        boards[0].content().contains(&format!("<@{}>", BOB.id)),
        "bob is asked: {}",
        boards[0].content()
    );
    until(
        &client,
        "the move on her page",
        "return document.querySelectorAll('.moves li').length === 1;",
    )
    .await;

    // carol, who does not play, gets the public page: no control.
    carol_gets_the_public_page(&client, &l).await;
    assert_eq!(
        users_in(fake, l.thread),
        [ALICE.id.to_string(), CAROL.id.to_string()],
        "carol joined the instance"
    );
    assert!(client.find(Locator::Id("play")).await.is_err());
    assert!(client.find(Locator::Css(".cell")).await.is_err());
}

/// A POST from the Activity's page to `path` on the bot's web server.
async fn post(l: &Launched, path: &str, origin: &str, body: Value) -> (u16, Value) {
    let answer = reqwest::Client::new()
        .post(format!("{}{path}", l.web))
        .header("content-type", "application/json")
        .header("origin", origin)
        .body(body.to_string())
        .send()
        .await
        .expect("the web server");
    let status = answer.status().as_u16();
    let text = answer.text().await.unwrap_or_default();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_wrong_code_a_foreign_page_or_a_forged_session_acts_on_nothing() {
    let l = launched().await;
    let fake = &l.fake;
    let thread = l.thread.to_string();
    let instance = play_pressed(&l, &ALICE).await;

    // The fake refuses as Discord does: an unknown code 400 invalid_grant, a wrong
    // secret 401 invalid_client (and a code is good once).
    let token = |code: &str, secret: &str| {
        let form = format!(
            "client_id={APP_ID}&client_secret={secret}&grant_type=authorization_code&code={code}"
        );
        reqwest::Client::new()
            .post(format!("{}/api/v10/oauth2/token", fake.base()))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(form)
            .send()
    };
    let code = fake.authorize(&ALICE);
    assert_eq!(token(&code, "wrong").await.unwrap().status().as_u16(), 401);
    assert_eq!(
        token(&code, CLIENT_SECRET).await.unwrap().status().as_u16(),
        200
    );
    let again = token(&code, CLIENT_SECRET).await.unwrap();
    assert_eq!(again.status().as_u16(), 400);
    assert!(again.text().await.unwrap().contains("invalid_grant"));

    // A wrong code signs nobody in.
    let mark = fake.mark();
    let (status, answer) = post(
        &l,
        "/activity/session",
        &l.web,
        json!({"code": "not-a-code", "channel": thread, "instance": instance}),
    )
    .await;
    assert_eq!(status, 401, "{answer}");
    assert_eq!(answer["ok"], false);
    assert!(answer.get("go").is_none() && answer.get("access_token").is_none());
    let refused = fake
        .wait_for(mark, "the exchange", |r| r.path.ends_with("/oauth2/token"))
        .await;
    assert_eq!(refused.status, 400);

    // A good code from another site's page is not even exchanged.
    let mark = fake.mark();
    let code = fake.authorize(&ALICE);
    let (status, _) = post(
        &l,
        "/activity/session",
        "https://evil.example",
        json!({"code": code, "channel": thread, "instance": instance}),
    )
    .await;
    assert_eq!(status, 403);
    let (status, answer) = post(
        &l,
        "/activity/session",
        &l.web,
        json!({"code": code, "channel": thread, "instance": instance}),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    let go = answer["go"].as_str().unwrap().to_string();
    assert!(
        go.starts_with(&format!("/p/{}-{}-", l.game, ALICE.id)),
        "{go}"
    );
    let exchanges = fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.path.ends_with("/oauth2/token"))
        .count();
    assert_eq!(exchanges, 1);

    // The session it gave acts; forged, expired or altered, it acts on nothing.
    let links = WebLinks::new(&l.web, KEY.as_bytes());
    let (tag_start, _) = go.rsplit_once('-').unwrap();
    let forged = format!("{tag_start}-00000000000000000000000000000000");
    let expired = links.private_path(l.game, ALICE.id, 1_000);
    let other = go.replace(&ALICE.id.to_string(), &BOB.id.to_string());
    let mark = fake.mark();
    let pick = json!({"ask": "pick", "ply": 0, "path": []});
    for (session, status) in [(&forged, 403), (&expired, 410), (&other, 403)] {
        let (got, answer) = post(&l, &format!("{session}/act"), &l.web, pick.clone()).await;
        assert_eq!(got, status, "{session}: {answer}");
        assert_eq!(answer["ok"], false);
    }
    let (got, answer) = post(&l, &format!("{go}/act"), &l.web, pick).await;
    assert_eq!(got, 200, "{answer}");
    assert!(
        answer["choice"]["options"]
            .as_array()
            .is_some_and(|o| !o.is_empty()),
        "{answer}"
    );
    assert!(
        posts_in(fake, mark, l.thread).await.is_empty(),
        "nothing was played"
    );
}

/// Opens the fake client's page at `page` and waits until the Activity's frame says it
/// was refused; returns what it says, with the frame's path.
async fn refused_in_frame(client: &Client, page: &str) -> (String, String) {
    framed(
        client,
        page,
        (
            "the handshake and AUTHORIZE",
            "return window.seen.join() === 'HANDSHAKE,AUTHORIZE';",
        ),
        (
            "the refusal in the frame",
            "return document.documentElement.getAttribute('data-activity') === 'failed';",
        ),
    )
    .await;
    let said = client
        .execute(
            "return [document.getElementById('activity-status').textContent, location.pathname];",
            vec![],
        )
        .await
        .expect("the frame's text");
    let said = said.as_array().unwrap();
    let text = |i: usize| said[i].as_str().unwrap().to_string();
    (text(0), text(1))
}

/// The requests for instance records since `mark`: (status, the id asked about).
fn lookups(fake: &FakeDiscord, mark: usize) -> Vec<(u16, String)> {
    let asked = fake.requests_since(mark).into_iter();
    asked
        .filter_map(|r| {
            let (_, id) = r.path.split_once("/activity-instances/")?;
            Some((r.status, id.to_string()))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_edited_address_an_unknown_instance_or_a_stranger_is_refused() {
    let l = launched().await;
    let fake = &l.fake;
    let elsewhere = tr(Lang::En, "web-activity-elsewhere");
    // A second game in another thread; carol, who plays in neither, launches the
    // Activity in the first.
    let other = accepted_in_thread(fake, CHANNEL + 1).await;
    assert_ne!(other, l.thread);
    let instance = play_pressed(&l, &CAROL).await;
    let start = fake.mark();
    // The sentence of a refusal, as the page's markup.
    let markup = |key: &str| tr(Lang::En, key).replace('\'', "&#39;");

    // carol's frame, its address edited to name the other thread: refused, and nothing
    // of that thread shown (the frame stays on the sign-in page).
    let (client, _driver) = browser().await;
    let mark = fake.mark();
    let page = fake.activity_client_at(&format!("{}/activity", l.web), &CAROL, &instance, other);
    let (said, path) = refused_in_frame(&client, &page).await;
    assert_eq!(said, elsewhere);
    assert_eq!(path, "/activity");
    assert!(client.find(Locator::Id("game")).await.is_err());
    let source = client.source().await.unwrap();
    assert!(
        !source.contains("/g/") && !source.contains("/p/"),
        "{source}"
    );
    assert_eq!(lookups(fake, mark), [(200, instance.clone())]);
    let pages = fake.requests_since(mark);
    assert!(
        !pages.iter().any(|r| r.path.contains(&other.to_string())),
        "nothing asked of the other thread: {pages:?}"
    );

    // The same launch with its own address goes through.
    carol_gets_the_public_page(&client, &l).await;

    // An unknown instance: Discord's 404, refused.
    let thread = l.thread.to_string();
    let session = |who: &FakeUser, instance: &str| {
        let code = fake.authorize(who);
        json!({"code": code, "channel": thread, "instance": instance})
    };
    let mark = fake.mark();
    let unknown = "i-1234567890-gc-1-2";
    let (status, answer) = post(&l, "/activity/session", &l.web, session(&ALICE, unknown)).await;
    assert_eq!(status, 403, "{answer}");
    assert_eq!(answer["ok"], false);
    assert_eq!(answer["html"], markup("web-activity-elsewhere"));
    assert!(answer.get("go").is_none() && answer.get("access_token").is_none());
    assert_eq!(lookups(fake, mark), [(404, unknown.to_string())]);

    // dave, signed in but not in the instance: refused.
    let mark = fake.mark();
    let (status, answer) = post(&l, "/activity/session", &l.web, session(&DAVE, &instance)).await;
    assert_eq!(status, 403, "{answer}");
    assert!(answer.get("go").is_none());
    assert_eq!(lookups(fake, mark), [(200, instance.clone())]);

    // An id that cannot be one is not asked about (nor is the code exchanged).
    let mark = fake.mark();
    for odd in ["../../users/@me", "", "i-1?x=y"] {
        let (status, _) = post(&l, "/activity/session", &l.web, session(&ALICE, odd)).await;
        assert_eq!(status, 403, "{odd}");
    }
    let (status, _) = post(
        &l,
        "/activity/session",
        &l.web,
        json!({"code": fake.authorize(&ALICE), "channel": thread}),
    )
    .await;
    assert_eq!(status, 400, "a launch without its instance");
    let asked: Vec<Recorded> = fake
        .settle(mark, Duration::from_millis(300))
        .await
        .into_iter()
        .filter(|r| r.path.contains("/activity-instances/") || r.path.ends_with("/oauth2/token"))
        .collect();
    assert!(asked.is_empty(), "{asked:?}");

    // A server error is asked once more; two refuse with 503 and sign nobody in.
    let alice_in = play_pressed(&l, &ALICE).await;
    assert_eq!(alice_in, instance, "alice joined carol's instance");
    let ends = format!("/activity-instances/{instance}");
    let mark = fake.mark();
    fake.fail_next("GET", &ends, 1, 502);
    let (status, answer) = post(&l, "/activity/session", &l.web, session(&ALICE, &instance)).await;
    assert_eq!(status, 200, "{answer}");
    let go = answer["go"].as_str().unwrap().to_string();
    assert!(
        go.starts_with(&format!("/p/{}-{}-", l.game, ALICE.id)),
        "{go}"
    );
    let statuses: Vec<u16> = lookups(fake, mark).into_iter().map(|(s, _)| s).collect();
    assert_eq!(statuses, [502, 200]);
    let mark = fake.mark();
    fake.fail_next("GET", &ends, 2, 500);
    let (status, answer) = post(&l, "/activity/session", &l.web, session(&ALICE, &instance)).await;
    assert_eq!(status, 503, "{answer}");
    assert_eq!(answer["html"], markup("web-activity-unconfirmed"));
    assert!(answer.get("go").is_none() && answer.get("access_token").is_none());
    let statuses: Vec<u16> = lookups(fake, mark).into_iter().map(|(s, _)| s).collect();
    assert_eq!(statuses, [500, 500]);

    // The fake asks for the bot's token, as Discord does.
    let without = reqwest::Client::new()
        .get(format!(
            "{}/api/v10/applications/{APP_ID}/activity-instances/{instance}",
            fake.base()
        ))
        .header("authorization", "Bot not-the-token")
        .send()
        .await
        .unwrap();
    assert_eq!(without.status().as_u16(), 401);

    // Nothing of all this was played.
    assert!(posts_in(fake, start, l.thread).await.is_empty());
}

// Issue 49 with issue 50: Discord opens the Activity in the channel of the press, and
// it shows the game played there. A game by a pair of DMs is played in no one channel,
// so its boards in the players' DMs carry no Play button (the Move button and `/web`
// serve there), while a thread's board keeps it.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn boards_sent_by_dm_offer_no_play_button() {
    let l = launched().await;
    assert!(
        button_ids(&l.board)
            .iter()
            .any(|i| i.starts_with("activity:")),
        "the thread's board offers Play"
    );
    let (a_dm, b_dm) = crate::dms_pair::accepted_by_dms(&l.fake).await;
    l.fake
        .settle(l.fake.mark(), Duration::from_millis(500))
        .await;
    for dm in [a_dm, b_dm] {
        let boards: Vec<Vec<String>> = l
            .fake
            .messages_in(dm)
            .iter()
            .map(button_ids)
            .filter(|ids| ids.iter().any(|i| i.starts_with("pick-open:")))
            .collect();
        assert!(!boards.is_empty(), "a board with its Move button in {dm}");
        for ids in boards {
            assert!(
                ids.iter().all(|i| !i.starts_with("activity:")),
                "a Play button in a DM: {ids:?}"
            );
        }
    }
}
