//! Playing on one's own web page (issue 49): the private page's controls act through
//! the game service. In headless Chromium a chess game is played by pointer events alone
//! (a tap on a piece and a tap on its target, then a drag), the move goes through the
//! service like a typed one and its public replies go to the front end's delivery; the
//! action address refuses what it must (a forged, expired or other player's link, a
//! request from another site, a stale position, a body that is not an action) and a
//! fuzz pass of 10,000 random and mutated actions changes nothing it refuses.
// The shared support code unwraps freely, as tests may.
#![allow(clippy::unwrap_used)]

use crate::support;

use arcana::service::api::{Audience, ColorChoice, Context, Reply, ReplyKind, Request};
use arcana::variants::{Options, VariantId};
use fantoccini::actions::{InputSource, PointerAction};
use fantoccini::{Client, Locator};
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::time::Duration;
use support::browser::{browser, click_cell, confirm, screenshots, until};
use support::pointer;
use support::site::{self, ctx_in, user};

const CHANNEL: u64 = 4900;
const SERVER: u64 = 49;

fn ctx(name: &str) -> Context {
    ctx_in(name, CHANNEL, Some(SERVER))
}

/// The shared in-process site (a web server acting through a service on the test's
/// backend), with this suite's games and links.
struct Site(site::Site);

impl std::ops::Deref for Site {
    type Target = site::Site;
    fn deref(&self) -> &site::Site {
        &self.0
    }
}

impl Site {
    async fn open(rate: Option<arcana::web::Rate>) -> Site {
        Site(
            site::Site::open(site::SiteOptions {
                seed: 49,
                key: b"a key of the web play test, 32 bytes or more",
                actions: rate,
                requests: rate,
                delivery: site::Delivery::Keep,
            })
            .await,
        )
    }

    async fn call(&self, who: &str, req: Request) -> Vec<Reply> {
        self.call_in(ctx(who), req).await
    }

    /// A chess game, alice White against bob; its id.
    async fn chess(&self) -> u64 {
        self.start(VariantId::Standard, Options::new()).await
    }

    /// A casual game of `variant`, alice White against bob; its id.
    async fn start(&self, variant: VariantId, options: Options) -> u64 {
        let challenge = Request::Challenge {
            opponent: user("bob"),
            variant,
            color: ColorChoice::White,
            days: None,
            options,
            rated: false,
        };
        for (who, req) in [("alice", challenge), ("bob", Request::Accept)] {
            let replies = self.call(who, req).await;
            assert!(replies.iter().all(|r| r.kind != ReplyKind::Refusal));
        }
        let service = Arc::clone(&self.service);
        tokio::task::spawn_blocking(move || service.store().active_game(CHANNEL))
            .await
            .expect("read")
            .expect("read")
            .expect("the game")
    }

    /// The game's record, read off the async threads (the PostgreSQL client blocks).
    async fn record(&self, game: u64) -> arcana::store::GameRecord {
        let service = Arc::clone(&self.service);
        tokio::task::spawn_blocking(move || service.store().game(game))
            .await
            .expect("read")
            .expect("read")
            .expect("the game")
    }

    /// The game's record: its actions' texts.
    async fn actions(&self, game: u64) -> Vec<String> {
        let rec = self.record(game).await;
        rec.actions.iter().map(|a| format!("{a:?}")).collect()
    }

    fn private(&self, game: u64, who: &str, expires: u64) -> String {
        format!(
            "{}{}",
            self.base,
            self.links.private_path(game, user(who).id, expires)
        )
    }
}

fn in_an_hour() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("time")
        .as_secs()
        + 3600
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_game_is_played_by_touching_the_board() {
    let site = Site::open(None).await;
    let game = site.chess().await;
    let (client, _driver) = browser().await;

    // A spectator's page shows no control; the player not asked, no picker.
    let public = format!("{}{}", site.base, site.links.game_path(game));
    for page in [public, site.private(game, "bob", in_an_hour())] {
        client.goto(&page).await.expect("open");
        until(
            &client,
            "the page",
            "return !!document.getElementById('game');",
        )
        .await;
        assert!(
            client.find(Locator::Css("#play .picker")).await.is_err(),
            "{page}"
        );
        assert!(client.find(Locator::Css(".cell")).await.is_err(), "{page}");
    }
    assert!(client.find(Locator::Id("play")).await.is_ok(), "bob plays");

    // alice taps her pawn, then its target, then Confirm.
    client
        .goto(&site.private(game, "alice", in_an_hour()))
        .await
        .expect("alice's page");
    click_cell(&client, "e2").await;
    click_cell(&client, "e4").await;
    confirm(&client).await;
    until(
        &client,
        "the move shown",
        "return document.querySelectorAll('.moves li').length === 1;",
    )
    .await;
    assert_eq!(
        site.actions(game).await.len(),
        1,
        "{:?}",
        site.actions(game).await
    );
    {
        let delivered = site.delivered.lock().unwrap();
        assert!(
            delivered.iter().any(|(place, r)| *place == CHANNEL
                && r.to == Audience::Channel
                && r.image.is_some()),
            "the board goes to the game's place: {delivered:?}"
        );
        assert!(
            delivered.iter().all(|(_, r)| r.to != Audience::Invoker),
            "what is alice's alone stays on her page"
        );
    }
    // Her page, no longer asked, offers no move.
    until(
        &client,
        "the picker gone",
        "return !document.querySelector('#play .picker') && !document.querySelector('.cell');",
    )
    .await;

    // bob drags his pawn from e7 to e5, then confirms. e5 is not offered (nor shown)
    // until e7 is taken: the drag ends where it stands on the picture, read from the
    // page's own map of the cells.
    client
        .goto(&site.private(game, "bob", in_an_hour()))
        .await
        .expect("bob's page");
    pointer::drag(&client, "e7", None, "e5").await;
    until(
        &client,
        "e5 chosen by the drag",
        "return !document.querySelector('#play button.confirm').hidden;",
    )
    .await;
    let shot = client.screenshot().await.expect("a screenshot");
    std::fs::write(screenshots().join("play-confirm.png"), shot).expect("write it");
    confirm(&client).await;
    until(
        &client,
        "both moves shown",
        "return document.querySelectorAll('.moves li').length === 2;",
    )
    .await;
    let rec = site.record(game).await;
    let printed: Vec<&str> = rec.history.iter().map(|e| e.printed.as_str()).collect();
    // The picker's answers are long algebraic, as the Discord picker plays them.
    assert_eq!(printed, ["e2-e4", "e7-e5"]);
    client.close().await.expect("close the browser");
}

/// Posts `body` to `address`'s action with this site's origin (or `origin`).
async fn post(
    http: &reqwest::Client,
    address: &str,
    origin: Option<&str>,
    body: &str,
) -> (u16, serde_json::Value) {
    let mut req = http
        .post(format!("{address}/act"))
        .header("content-type", "application/json")
        .body(body.to_string());
    if let Some(origin) = origin {
        req = req.header("origin", origin);
    }
    let got = req.send().await.expect("post");
    let status = got.status().as_u16();
    let text = got.text().await.unwrap_or_default();
    let json = serde_json::from_str(&text).unwrap_or(serde_json::Value::Null);
    (status, json)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_action_address_refuses_what_it_must() {
    let site = Site::open(None).await;
    let game = site.chess().await;
    let http = reqwest::Client::new();
    let origin = Some(site.base.as_str());
    let alice = site.private(game, "alice", in_an_hour());
    let pick = r#"{"ask":"pick","ply":0,"path":[]}"#;

    let (status, answer) = post(&http, &alice, origin, pick).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["ok"], true, "{answer}");
    let options = answer["choice"]["options"].as_array().expect("options");
    assert!(options.iter().any(|o| o["cell"] == "g1"), "{answer}");

    let cases: Vec<(String, Option<&str>, &str, u16)> = vec![
        // Another site's page, or none named.
        (alice.clone(), Some("http://evil.example"), pick, 403),
        (alice.clone(), None, pick, 403),
        // A forged link, an expired one, one for someone who does not play.
        (format!("{alice}0"), origin, pick, 403),
        (site.private(game, "alice", 1), origin, pick, 410),
        (site.private(game, "carol", in_an_hour()), origin, pick, 404),
        // Not an action.
        (alice.clone(), origin, "{\"ask\":", 400),
        (
            alice.clone(),
            origin,
            r#"{"ask":"pick","ply":0,"path":[1,2,3,4,5,6,7,8,9]}"#,
            400,
        ),
        (
            alice.clone(),
            origin,
            r#"{"ask":"pick","ply":0,"evil":1}"#,
            400,
        ),
    ];
    for (address, origin, body, status) in cases {
        let (got, answer) = post(&http, &address, origin, body).await;
        assert_eq!(got, status, "{address} {origin:?} {body}: {answer}");
        assert_eq!(answer["ok"], false, "{answer}");
        assert!(
            answer["html"].as_str().is_some_and(|t| !t.is_empty()),
            "{answer}"
        );
    }
    // A body over the cap.
    let big = format!(
        r#"{{"ask":"pick","ply":0,"path":[],"x":"{}"}}"#,
        "a".repeat(4096)
    );
    assert_eq!(post(&http, &alice, origin, &big).await.0, 413);
    // A GET, or a POST anywhere else.
    let got = http.get(format!("{alice}/act")).send().await.expect("get");
    assert_eq!(got.status().as_u16(), 405);
    let public = format!("{}{}", site.base, site.links.game_path(game));
    assert_eq!(post(&http, &public, origin, pick).await.0, 405);

    // The player not asked, and a stale position: refused by the service, nothing played.
    let bob = site.private(game, "bob", in_an_hour());
    let (_, answer) = post(&http, &bob, origin, pick).await;
    assert_eq!(answer["ok"], false, "{answer}");
    let play = r#"{"ask":"play","ply":3,"path":[0,0]}"#;
    let (_, answer) = post(&http, &alice, origin, play).await;
    assert_eq!(answer["ok"], false, "{answer}");
    assert!(site.actions(game).await.is_empty());
    assert!(site.delivered.lock().unwrap().is_empty());

    // A whole move by the address alone: the first option of each choice.
    let body = play_first(&http, &alice, origin, 0).await.expect("a move");
    assert_eq!(site.actions(game).await.len(), 1);
    // The same again: the position changed.
    let (_, again) = post(&http, &alice, origin, &body).await;
    assert_eq!(again["ok"], false, "{again}");
    assert_eq!(site.actions(game).await.len(), 1);
}

/// Plays the answer made of each choice's first option at `ply` through `page`'s
/// address; the body that played it, or `None` when the page's player is not asked.
async fn play_first(
    http: &reqwest::Client,
    page: &str,
    origin: Option<&str>,
    ply: u64,
) -> Option<String> {
    let mut path: Vec<u64> = Vec::new();
    loop {
        let listed = path
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let body = format!(r#"{{"ask":"pick","ply":{ply},"path":[{listed}]}}"#);
        let (_, shown) = post(http, page, origin, &body).await;
        if shown["ok"] != true {
            return None;
        }
        if shown["choice"]["complete"] == true {
            let body = format!(r#"{{"ask":"play","ply":{ply},"path":[{listed}]}}"#);
            let (_, played) = post(http, page, origin, &body).await;
            assert_eq!(played["played"], true, "{body}: {played}");
            return Some(body);
        }
        path.push(shown["choice"]["options"][0]["value"].as_u64()?);
    }
}

/// One random or mutated action body.
fn fuzzed(rng: &mut rand_chacha::ChaCha8Rng, ply: u64) -> String {
    let asks = [
        "pick",
        "play",
        "confirm",
        "cancel",
        "",
        "PLAY",
        "resign",
        "pick\u{0}",
    ];
    let ask = asks[rng.gen_range(0..asks.len())];
    let ply = match rng.gen_range(0..4) {
        0 => ply,
        1 => ply.wrapping_add(rng.gen_range(1..3)),
        2 => rng.gen(),
        _ => ply.saturating_sub(1),
    };
    let path: Vec<String> = (0..rng.gen_range(0..10))
        .map(|_| match rng.gen_range(0..3) {
            0 => rng.gen_range(0..40u32).to_string(),
            1 => rng.gen::<u16>().to_string(),
            _ => "-1".to_string(),
        })
        .collect();
    let body = format!(
        r#"{{"ask":"{ask}","ply":{ply},"path":[{}]}}"#,
        path.join(",")
    );
    match rng.gen_range(0..6) {
        // Cut short, or a byte changed.
        0 => body[..rng.gen_range(0..body.len())].to_string(),
        1 => {
            let mut bytes = body.into_bytes();
            let at = rng.gen_range(0..bytes.len());
            bytes[at] = rng.gen_range(b' '..=b'~');
            String::from_utf8(bytes).unwrap_or_default()
        }
        _ => body,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn ten_thousand_fuzzed_actions_change_nothing_they_refuse() {
    let rate = arcana::web::Rate {
        burst: 1e9,
        per_second: 1e9,
    };
    let site = Site::open(Some(rate)).await;
    let game = site.chess().await;
    let http = reqwest::Client::new();
    let origin = Some(site.base.as_str());
    let pages = [
        site.private(game, "alice", in_an_hour()),
        site.private(game, "bob", in_an_hour()),
    ];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(49);
    let (mut played, mut refused) = (0, 0);
    for round in 0..10_000 {
        let before = site.actions(game).await;
        // Now and then the game moves on, so the fuzz meets other positions.
        if round % 500 == 499 {
            for page in &pages {
                if play_first(&http, page, origin, before.len() as u64)
                    .await
                    .is_some()
                {
                    played += 1;
                    break;
                }
            }
            continue;
        }
        let page = &pages[rng.gen_range(0..2)];
        let body = fuzzed(&mut rng, before.len() as u64);
        let (status, answer) = post(&http, page, origin, &body).await;
        assert!(status < 500, "{body}: {status} {answer}");
        let after = site.actions(game).await;
        if answer["played"] == true {
            played += 1;
            assert_eq!(after.len(), before.len() + 1, "{body}");
            assert_eq!(after[..before.len()], before[..], "{body}");
        } else {
            assert!(answer["ok"].is_boolean(), "{body}: {status} {answer}");
            refused += usize::from(answer["ok"] == false);
            assert_eq!(
                after, before,
                "a refused or shown action changed the game: {body}"
            );
        }
        let rec = site.record(game).await;
        if rec.end.is_some() {
            eprintln!("fuzz: the game ended: {:?}", rec.end);
            break;
        }
    }
    eprintln!("fuzz: {played} played, {refused} refused");
    assert!(
        played > 0 && refused > 1000,
        "played {played}, refused {refused}"
    );
}

/// The delivered replies' texts that contain `needle`.
fn delivered_with(site: &Site, needle: &str) -> usize {
    let delivered = site.delivered.lock().unwrap();
    delivered
        .iter()
        .filter(|(place, r)| *place == CHANNEL && r.text.contains(needle))
        .count()
}

/// [`delivered_with`], once some is delivered (up to 5 s): the page learns of a
/// change from the store, which may come before the change's replies are handed to
/// the delivery.
async fn delivered_soon(site: &Site, needle: &str) -> usize {
    for _ in 0..100 {
        if delivered_with(site, needle) > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    delivered_with(site, needle)
}

/// Presses the game action button `ask` on the page shown, once it is there.
async fn press_action(client: &Client, ask: &str) {
    let css = format!("#play button[data-ask=\"{ask}\"]");
    let script = format!("const b = document.querySelector('{css}'); return !!b && !b.hidden;");
    until(client, &format!("{ask} offered"), &script).await;
    client
        .find(Locator::Css(&css))
        .await
        .expect("the button")
        .click()
        .await
        .expect("press it");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_player_resigns_on_the_page_after_confirming() {
    let site = Site::open(None).await;
    let game = site.chess().await;
    let (client, _driver) = browser().await;
    // A spectator sees no control at all.
    let public = format!("{}{}", site.base, site.links.game_path(game));
    client.goto(&public).await.expect("the public page");
    until(
        &client,
        "the page",
        "return !!document.getElementById('game');",
    )
    .await;
    assert!(client.find(Locator::Id("play")).await.is_err());
    assert!(client.find(Locator::Css("[data-ask]")).await.is_err());

    // bob, not asked, resigns: Resign asks again, and only "Yes, resign" acts.
    client
        .goto(&site.private(game, "bob", in_an_hour()))
        .await
        .expect("bob's page");
    press_action(&client, "resign").await;
    until(
        &client,
        "asked to confirm",
        "return !document.querySelector('#play button[data-ask=\"resign-confirm\"]').hidden;",
    )
    .await;
    let asked = client
        .find(Locator::Css("#play .act-text"))
        .await
        .expect("the answer")
        .text()
        .await
        .expect("its text");
    assert!(asked.contains("Yes, resign"), "{asked}");
    assert!(site.record(game).await.end.is_none(), "not yet resigned");
    assert!(site.delivered.lock().unwrap().is_empty());
    press_action(&client, "resign-confirm").await;
    // The page follows the game: over, no control left.
    until(
        &client,
        "the game over on the page",
        "return !document.getElementById('play');",
    )
    .await;
    assert!(site.record(game).await.end.is_some());
    let told = delivered_soon(&site, "resigns").await;
    assert_eq!(told, 1, "the game's place is told once");
    client.close().await.expect("close the browser");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_draw_offered_on_one_page_is_accepted_on_the_other() {
    let site = Site::open(None).await;
    let game = site.chess().await;
    let (client, _driver) = browser().await;
    client
        .goto(&site.private(game, "alice", in_an_hour()))
        .await
        .expect("alice's page");
    press_action(&client, "draw-offer").await;
    // Her own offer standing, her page offers neither another nor an answer.
    until(
        &client,
        "no second offer",
        "return !document.querySelector('[data-ask^=\"draw-\"]');",
    )
    .await;
    assert_eq!(
        site.record(game).await.draw_offer,
        Some(arcana::core::Side::White)
    );
    client
        .goto(&site.private(game, "bob", in_an_hour()))
        .await
        .expect("bob's page");
    assert!(client
        .find(Locator::Css("[data-ask=\"draw-decline\"]"))
        .await
        .is_ok());
    press_action(&client, "draw-accept").await;
    until(
        &client,
        "the game over on the page",
        "return !document.getElementById('play');",
    )
    .await;
    let rec = site.record(game).await;
    assert!(rec.end.is_some(), "drawn");
    assert_eq!(delivered_soon(&site, "offers a draw").await, 1);
    assert_eq!(delivered_soon(&site, "accepts the draw offer").await, 1);
    client.close().await.expect("close the browser");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_games_other_actions_refuse_what_they_must() {
    let site = Site::open(None).await;
    let game = site.chess().await;
    let http = reqwest::Client::new();
    let origin = Some(site.base.as_str());
    let alice = site.private(game, "alice", in_an_hour());
    let bob = site.private(game, "bob", in_an_hour());
    let carol = site.private(game, "carol", in_an_hour());
    let public = format!("{}{}", site.base, site.links.game_path(game));
    let resign = r#"{"ask":"resign-confirm","ply":0}"#;
    // Not a player, and the public page: nothing acts.
    assert_eq!(post(&http, &carol, origin, resign).await.0, 404);
    assert_eq!(post(&http, &public, origin, resign).await.0, 405);
    // Resign alone only asks again.
    let (_, asked) = post(&http, &alice, origin, r#"{"ask":"resign","ply":0}"#).await;
    assert_eq!(
        (asked["ok"].clone(), asked["resign"].clone()),
        (true.into(), true.into())
    );
    // A stale position: refused, in the player's words.
    let (_, stale) = post(&http, &alice, origin, r#"{"ask":"resign-confirm","ply":3}"#).await;
    assert_eq!(stale["ok"], false, "{stale}");
    assert!(
        stale["html"].as_str().unwrap().contains("changed"),
        "{stale}"
    );
    let (_, stale) = post(&http, &bob, origin, r#"{"ask":"draw-offer","ply":1}"#).await;
    assert_eq!(stale["ok"], false, "{stale}");
    // The service's own refusals: no offer to accept, no takeback asked.
    for body in [
        r#"{"ask":"draw-accept","ply":0}"#,
        r#"{"ask":"takeback-accept","ply":0}"#,
        r#"{"ask":"nonsense","ply":0}"#,
    ] {
        let (_, refused) = post(&http, &bob, origin, body).await;
        assert_eq!(refused["ok"], false, "{body}: {refused}");
    }
    let rec = site.record(game).await;
    assert!(rec.end.is_none() && rec.draw_offer.is_none() && rec.actions.is_empty());
    assert!(site.delivered.lock().unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_note_and_a_takeback_on_the_pages() {
    let site = Site::open(None).await;
    let game = site.chess().await;
    let http = reqwest::Client::new();
    let origin = Some(site.base.as_str());
    let alice = site.private(game, "alice", in_an_hour());
    let bob = site.private(game, "bob", in_an_hour());
    // A note: too long refused, a line added (only the invoker is told).
    let long = format!(r#"{{"ask":"note","ply":0,"text":"{}"}}"#, "n".repeat(201));
    let (_, refused) = post(&http, &alice, origin, &long).await;
    assert_eq!(refused["ok"], false, "{refused}");
    let note = r#"{"ask":"note","ply":7,"text":"watch the e-file"}"#;
    let (_, noted) = post(&http, &alice, origin, note).await;
    assert_eq!(noted["ok"], true, "{noted}");
    assert!(noted["html"].as_str().unwrap().contains("watch the e-file"));
    let shown = site.call("alice", Request::Note { text: None }).await;
    assert!(shown.iter().any(|r| r.text.contains("watch the e-file")));
    let (_, bobs) = post(
        &http,
        &bob,
        origin,
        r#"{"ask":"note","ply":0,"text":"mine"}"#,
    )
    .await;
    assert!(!bobs["html"].as_str().unwrap().contains("e-file"), "{bobs}");

    // A takeback asked on one page, answered on the other (a casual game).
    play_first(&http, &alice, origin, 0).await.expect("a move");
    let ask = r#"{"ask":"takeback-request","ply":1}"#;
    let (_, asked) = post(&http, &alice, origin, ask).await;
    assert_eq!(asked["ok"], true, "{asked}");
    assert_eq!(
        site.record(game).await.takeback_offer,
        Some(arcana::core::Side::White)
    );
    // The request is itself an action of the record: the answer names the ply after it.
    let ply = site.actions(game).await.len();
    let accept = format!(r#"{{"ask":"takeback-accept","ply":{ply}}}"#);
    let (_, taken) = post(&http, &bob, origin, &accept).await;
    assert_eq!(taken["ok"], true, "{taken}");
    let rec = site.record(game).await;
    assert!(rec.history.is_empty(), "taken back: {:?}", rec.history);
    assert_eq!(delivered_with(&site, "is taken back"), 1);
    assert!(site
        .delivered
        .lock()
        .unwrap()
        .iter()
        .all(|(_, r)| !r.text.contains("e-file")));
}

/// What only `side` may know of `game`, as strings its page would show them: each
/// wand "known only to you" (`Nb1 fire`), and the whole hand of cards; with the cards
/// one by one (`7c`), for the choices' labels.
fn secrets_of(
    game: &arcana::variants::Game,
    side: arcana::core::Side,
) -> (Vec<String>, Vec<String>) {
    let text = game.secret(side).unwrap_or_default();
    let (mut shown, mut cards) = (Vec::new(), Vec::new());
    for line in text.lines() {
        if let Some(items) = line.strip_prefix("Known only to you: ") {
            shown.extend(items.split(", ").map(str::to_string));
        }
        if let (true, Some((_, hand))) = (line.starts_with("Your cards"), line.split_once("): ")) {
            shown.push(hand.to_string());
            cards.extend(hand.split(' ').map(str::to_string));
        }
    }
    (shown, cards)
}

/// The board picture a page shows (its `img#board`), fetched.
async fn board_png(http: &reqwest::Client, site: &Site, html: &str) -> Vec<u8> {
    let at = html.find("id=\"board\" src=\"").expect("the board") + 16;
    let src = html[at..]
        .split('"')
        .next()
        .expect("its address")
        .replace("&amp;", "&");
    let got = http
        .get(format!("{}{src}", site.base))
        .send()
        .await
        .expect("the picture");
    got.bytes().await.expect("its bytes").to_vec()
}

/// The page of `game` as `viewer` sees it now, from the service's pages.
async fn page_view(
    site: &Site,
    game: u64,
    viewer: arcana::core::view::Viewer,
) -> arcana::core::view::View {
    let rec = site.record(game).await;
    let page = tokio::task::spawn_blocking(move || {
        arcana::service::pages::game_page(rec, viewer, 0, Default::default())
    })
    .await
    .expect("the page")
    .expect("its views");
    page.positions.last().cloned().expect("the position")
}

/// Drives `variant` through both players' pages, each turn a random legal answer
/// picked choice by choice, and checks at every step that nothing a player's browser
/// receives (action answers, the page, its picture, its event stream) holds the
/// opponent's secrets, while their own are shown to them; and that the public page is
/// the public view.
/// Plays a whole game of `variant` through both players' pages (`/act`), each answer
/// the computer's choice for the side asked (White stronger, so that the game ends),
/// walked choice by choice as the page offers it; at every step the secrets checks
/// below. Fails if the game has not ended by its rules within `most` answers.
async fn secrets_stay_home(variant: VariantId, options: Options, most: usize) {
    use arcana::core::Side;
    let rate = arcana::web::Rate {
        burst: 1e9,
        per_second: 1e9,
    };
    let site = Site::open(Some(rate)).await;
    let game = site.start(variant, options).await;
    let http = reqwest::Client::new();
    let origin = Some(site.base.as_str());
    let pages = [
        (Side::White, site.private(game, "alice", in_an_hour())),
        (Side::Black, site.private(game, "bob", in_an_hour())),
    ];
    let public = format!("{}{}", site.base, site.links.game_path(game));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(49);
    let (mut own_shown, mut own_badges) = (0, 0);
    for _ in 0..most {
        let rec = site.record(game).await;
        if rec.end.is_some() {
            break;
        }
        let state = rec.replay().expect("the game");
        for (side, page) in &pages {
            let (shown, drawn) = page_keeps_secrets(&http, &site, &rec, &state, *side, page).await;
            own_shown += shown;
            own_badges += drawn;
        }
        public_is_public(&http, &site, game, &public, &state).await;
        // Each player's actions: the one asked walks the picker and plays.
        let ply = rec.actions.len() as u64;
        let chosen = chosen_path(&state, ply);
        for (side, page) in &pages {
            let answers = walk(&http, page, origin, ply, &chosen, &mut rng).await;
            // What a turn played tells its player is checked against the secrets
            // after it (an identifying zap makes a wand's kind public).
            let after = site.record(game).await.replay().expect("the game");
            for a in &answers {
                let held = if a["played"] == true { &after } else { &state };
                answer_keeps_secrets(a, held, *side);
            }
        }
    }
    let rec = site.record(game).await;
    assert!(
        rec.end.is_some(),
        "the game did not end by its rules within {most} answers"
    );
    eprintln!(
        "{variant:?}: ended after {} answers: {:?}",
        rec.actions.len(),
        rec.end
    );
    assert!(
        own_shown > 0,
        "a player's own secrets were never shown to them"
    );
    if variant == VariantId::Wand {
        assert!(own_badges > 0, "a player's own wands never drawn for them");
    }
    let state = rec.replay().expect("the game");
    for (side, page) in &pages {
        events_keep_secrets(&http, page, &state, *side).await;
    }
}

/// `side`'s page of the game as it stands (`rec`, `state`) shows none of the opponent's
/// secrets, and its picture is `side`'s own view drawn; how many of `side`'s own
/// secrets the page shows, and how many of their pieces their view draws otherwise
/// than the public view.
async fn page_keeps_secrets(
    http: &reqwest::Client,
    site: &Site,
    rec: &arcana::store::GameRecord,
    state: &arcana::variants::Game,
    side: arcana::core::Side,
    page: &str,
) -> (usize, usize) {
    use arcana::core::view::Viewer;
    let (theirs, _) = secrets_of(state, side.other());
    let (mine, _) = secrets_of(state, side);
    let html = http
        .get(page)
        .send()
        .await
        .expect("page")
        .text()
        .await
        .expect("html");
    for s in &theirs {
        assert!(!html.contains(s.as_str()), "{side:?}'s page shows {s:?}");
    }
    let shown = mine.iter().filter(|s| html.contains(s.as_str())).count();
    let view = page_view(site, rec.id, Viewer::Player(side)).await;
    let seen = page_view(site, rec.id, Viewer::Public).await;
    let differs = mine_differs(&view, &seen, side, rec);
    let png = board_png(http, site, &html).await;
    let options = arcana::render::RenderOptions {
        size: arcana::web::BOARD_SIZE,
        orientation: Some(side),
    };
    let drawn = arcana::render::render_png_in(&view, &options, Default::default()).expect("drawn");
    assert!(png == drawn, "{side:?}'s picture is not their own view");
    (shown, differs)
}

/// An action's answer to `side` holds none of the opponent's secrets in `held`, and
/// offers none of their cards.
fn answer_keeps_secrets(
    a: &serde_json::Value,
    held: &arcana::variants::Game,
    side: arcana::core::Side,
) {
    let (theirs, their_cards) = secrets_of(held, side.other());
    let text = a.to_string();
    for s in &theirs {
        assert!(
            !text.contains(s.as_str()),
            "{side:?} was sent {s:?}: {text}"
        );
    }
    for o in a["choice"]["options"].as_array().into_iter().flatten() {
        let label = o["label"].as_str().unwrap_or_default();
        let words: Vec<&str> = label.split(|c: char| !c.is_alphanumeric()).collect();
        for card in &their_cards {
            assert!(
                !words.contains(&card.as_str()),
                "{side:?} offered {card}: {label}"
            );
        }
    }
}

/// The first event of `side`'s page's stream holds none of the opponent's secrets.
async fn events_keep_secrets(
    http: &reqwest::Client,
    page: &str,
    state: &arcana::variants::Game,
    side: arcana::core::Side,
) {
    let (theirs, _) = secrets_of(state, side.other());
    let mut got = http
        .get(format!("{page}/events"))
        .send()
        .await
        .expect("events");
    let first = tokio::time::timeout(Duration::from_secs(3), got.chunk()).await;
    let text = match first {
        Ok(Ok(Some(bytes))) => String::from_utf8_lossy(&bytes).to_string(),
        _ => String::new(),
    };
    for s in &theirs {
        assert!(!text.contains(s.as_str()), "{side:?}'s events hold {s:?}");
    }
}

/// How many of `side`'s own pieces its view draws otherwise than the public view does
/// (its secret wands), after checking the opponent's pieces are drawn exactly as the
/// public view draws them.
fn mine_differs(
    view: &arcana::core::view::View,
    public: &arcana::core::view::View,
    side: arcana::core::Side,
    rec: &arcana::store::GameRecord,
) -> usize {
    let at = |v: &arcana::core::view::View, cell| {
        v.pieces
            .iter()
            .find(|p| p.cell == cell)
            .map(|p| format!("{p:?}"))
    };
    let mut differs = 0;
    for piece in &view.pieces {
        if piece.piece.side == side {
            differs += usize::from(at(view, piece.cell) != at(public, piece.cell));
        } else {
            assert_eq!(
                at(view, piece.cell),
                at(public, piece.cell),
                "{side:?} sees more of the opponent's piece on {} (game {})",
                piece.cell,
                rec.id
            );
        }
    }
    differs
}

/// The public page shows no secret of either side, and its board is the public view.
async fn public_is_public(
    http: &reqwest::Client,
    site: &Site,
    game: u64,
    public: &str,
    state: &arcana::variants::Game,
) {
    let html = http
        .get(public)
        .send()
        .await
        .expect("page")
        .text()
        .await
        .expect("html");
    for side in arcana::core::Side::BOTH {
        for s in secrets_of(state, side).0 {
            assert!(!html.contains(s.as_str()), "the public page shows {s:?}");
        }
    }
    assert!(!html.contains("class=\"secret\""));
    let view = page_view(site, game, arcana::core::view::Viewer::Public).await;
    let rules = state.view(arcana::core::view::Viewer::Public);
    assert_eq!(view.pieces, rules.pieces, "the public page's pieces");
    assert_eq!(view.marks, rules.marks, "the public page's marks");
    let options = arcana::render::RenderOptions {
        size: arcana::web::BOARD_SIZE,
        orientation: Some(arcana::core::Side::White),
    };
    let drawn = arcana::render::render_png_in(&view, &options, Default::default()).expect("drawn");
    assert!(
        board_png(http, site, &html).await == drawn,
        "the public picture"
    );
}

/// Walks the picker on `page` at `ply`, a random option at each choice, and plays the
/// answer; every answer the page got (one, a refusal, when its player is not asked).
/// The picker path to the computer's answer for the side asked in `game` (level 3 for
/// White, 1 for Black, seeded by the ply), as the pages' picker numbers its choices.
fn chosen_path(game: &arcana::variants::Game, ply: u64) -> Vec<u64> {
    use arcana::engine::{decide, Settings};
    let Some(ask) = game.ask() else {
        return Vec::new();
    };
    let level = if ask.side == arcana::core::Side::White {
        3
    } else {
        1
    };
    let d = decide(game, ask.side, &Settings::new(level, ply)).expect("an answer");
    let tree = game.picker_tree();
    support::picker_path::path_to(&tree, &d.text)
        .unwrap_or_else(|| panic!("{:?} is not among the picker's answers", d.text))
        .into_iter()
        .map(u64::from)
        .collect()
}

/// Walks the page's picker to an answer and plays it: along `chosen` where the page
/// offers each of its choices (the player asked), else at random (a refusal ends it).
async fn walk(
    http: &reqwest::Client,
    page: &str,
    origin: Option<&str>,
    ply: u64,
    chosen: &[u64],
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Vec<serde_json::Value> {
    let mut path: Vec<u64> = Vec::new();
    let mut answers = Vec::new();
    loop {
        let listed = path
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let body = format!(r#"{{"ask":"pick","ply":{ply},"path":[{listed}]}}"#);
        let (_, shown) = post(http, page, origin, &body).await;
        answers.push(shown.clone());
        if shown["ok"] != true {
            return answers;
        }
        if shown["choice"]["complete"] == true {
            let body = format!(r#"{{"ask":"play","ply":{ply},"path":[{listed}]}}"#);
            let (_, played) = post(http, page, origin, &body).await;
            assert_eq!(played["played"], true, "{body}: {played}");
            answers.push(played);
            return answers;
        }
        let options = shown["choice"]["options"].as_array().expect("options");
        let value = match chosen.get(path.len()) {
            Some(v) => {
                assert!(
                    options.iter().any(|o| o["value"].as_u64() == Some(*v)),
                    "the page does not offer the picker's choice {v}: {options:?}"
                );
                *v
            }
            None => options[rng.gen_range(0..options.len())]["value"]
                .as_u64()
                .expect("a value"),
        };
        path.push(value);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_wand_game_played_on_the_pages_keeps_each_players_wands() {
    let mut options = Options::new();
    options.insert("wands".to_string(), "moderated".to_string());
    secrets_stay_home(VariantId::Wand, options, 600).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_wickets_game_played_on_the_pages_keeps_each_players_cards() {
    let mut options = Options::new();
    options.insert("decision".to_string(), "cards".to_string());
    secrets_stay_home(VariantId::Wickets, options, 600).await;
}

/// Taps cell `cell` of the board with a finger, once it is offered.
async fn tap_cell(client: &Client, cell: &str) {
    let script = format!("return !!document.querySelector('.cell.offered[data-cell=\"{cell}\"]');");
    until(client, &format!("{cell} offered"), &script).await;
    let target = client
        .find(Locator::Css(&format!(".cell[data-cell=\"{cell}\"]")))
        .await
        .expect("the cell");
    let tap = fantoccini::actions::TouchActions::new("finger".to_string())
        .then(PointerAction::MoveToElement {
            element: target,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down { button: 0 })
        .then(PointerAction::Up { button: 0 });
    client.perform_actions(tap).await.expect("tap");
}

/// Where screenshots go: `ARCANA_SCREENSHOTS` (the docs' pictures are taken with
/// `ARCANA_SCREENSHOTS=docs`), else the target folder's.
fn shots_dir() -> std::path::PathBuf {
    std::env::var_os("ARCANA_SCREENSHOTS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(screenshots)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_move_is_played_by_taps_on_a_phone() {
    let site = Site::open(None).await;
    let game = site.chess().await;
    let (client, _driver) = support::browser::browser_sized(390, 844, true).await;
    client
        .goto(&site.private(game, "alice", in_an_hour()))
        .await
        .expect("alice's page");
    until(
        &client,
        "the cells",
        "return !!document.querySelector('.cell.offered');",
    )
    .await;
    // The board fills the phone's width, and nothing scrolls sideways.
    let fits = client
        .execute(
            "const w = document.querySelector('.board-wrap').getBoundingClientRect().width;\
             return [w, document.documentElement.scrollWidth, window.innerWidth,\
                     navigator.maxTouchPoints];",
            vec![],
        )
        .await
        .expect("the measures");
    let n = |i: usize| fits[i].as_f64().expect("a number");
    assert_eq!(n(2), 390.0, "a 390 px wide window: {fits}");
    assert!(
        n(0) >= 370.0,
        "the board is {} px wide on a 390 px phone",
        n(0)
    );
    assert!(n(1) <= 390.0, "the page scrolls sideways: {fits}");
    assert!(n(3) > 0.0, "a touch screen: {fits}");
    tap_cell(&client, "g1").await;
    tap_cell(&client, "f3").await;
    confirm(&client).await;
    until(
        &client,
        "the move shown",
        "return document.querySelectorAll('.moves li').length === 1;",
    )
    .await;
    let shot = client.screenshot().await.expect("a screenshot");
    std::fs::write(screenshots().join("phone-played.png"), shot).expect("write it");
    let rec = site.record(game).await;
    let printed: Vec<&str> = rec.history.iter().map(|e| e.printed.as_str()).collect();
    assert_eq!(printed, ["Ng1-f3"]);
    client.close().await.expect("close the browser");
}

/// Presses the chooser's button whose label starts with `label`, once it is there.
async fn choose_labelled(client: &Client, label: &str) {
    let mark = format!(
        "const b = [...document.querySelectorAll('#play .choices button')]\
           .find(b => b.textContent.startsWith('{label}'));\
         if (b) {{ b.setAttribute('data-chosen', ''); }} return !!b;"
    );
    until(client, &format!("{label} offered"), &mark).await;
    client
        .find(Locator::Css("#play .choices button[data-chosen]"))
        .await
        .expect("the button")
        .click()
        .await
        .expect("press it");
}

/// Opens `page` at `width` px (a phone's touch screen at 390) and lets `step` put a
/// turn in progress; the screenshot goes to [`shots_dir`] as `name`-`width`.png.
async fn shoot<F, Fut>(page: &str, width: u32, name: &str, step: F)
where
    F: FnOnce(Client) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let (height, phone) = if width < 600 {
        (1100, true)
    } else {
        (1000, false)
    };
    let (client, _driver) = support::browser::browser_sized(width, height, phone).await;
    client.goto(page).await.expect("the page");
    until(
        &client,
        "the cells",
        "return !!document.querySelector('.cell.offered');",
    )
    .await;
    step(client.clone()).await;
    let shot = client.screenshot().await.expect("a screenshot");
    let path = shots_dir().join(format!("{name}-{width}.png"));
    std::fs::write(&path, shot).expect("write it");
    client.close().await.expect("close the browser");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn turns_in_progress_at_desktop_and_phone_widths() {
    let site = Site::open(None).await;
    let http = reqwest::Client::new();
    // A Wand Chess zap: the wand chosen, its targets lit.
    let mut options = Options::new();
    options.insert("wands".to_string(), "moderated".to_string());
    let wand = site.start(VariantId::Wand, options).await;
    let alice = site.private(wand, "alice", in_an_hour());
    for width in [1200, 390] {
        shoot(&alice, width, "web-wand-zap", |client| async move {
            choose_labelled(&client, "Zap with wand").await;
            until(
                &client,
                "the targets lit",
                "return document.querySelector('#play .play-text').textContent.includes('Zap at')\
                   && !!document.querySelector('.cell.offered');",
            )
            .await;
        })
        .await;
    }
    // A Wizard Walls turn: both setups played, a wizard chosen, its actions lit.
    let site = Site::open(None).await;
    let origin = Some(site.base.as_str());
    let walls = site.start(VariantId::Walls, Options::new()).await;
    let pages = [
        site.private(walls, "alice", in_an_hour()),
        site.private(walls, "bob", in_an_hour()),
    ];
    let mut asked = None;
    for _ in 0..12 {
        let ply = site.actions(walls).await.len() as u64;
        let body = format!(r#"{{"ask":"pick","ply":{ply},"path":[]}}"#);
        for page in &pages {
            let (_, shown) = post(&http, page, origin, &body).await;
            if shown["html"]
                .as_str()
                .unwrap_or_default()
                .contains("First action")
            {
                asked = Some(page.clone());
            }
        }
        if asked.is_some() {
            break;
        }
        for page in &pages {
            if play_first(&http, page, origin, ply).await.is_some() {
                break;
            }
        }
    }
    let asked = asked.expect("a Wizard Walls turn after the setup");
    for width in [1200, 390] {
        shoot(&asked, width, "web-walls-turn", |client| async move {
            client
                .find(Locator::Css(".cell.offered"))
                .await
                .expect("a wizard")
                .click()
                .await
                .expect("choose it");
            until(
                &client,
                "its actions lit",
                "return document.querySelector('#play .play-text').textContent.includes('What does it do')\
                   && !!document.querySelector('.cell.offered');",
            )
            .await;
        })
        .await;
    }
}

/// The text of the page `client` shows.
async fn page_text(client: &Client) -> String {
    client
        .execute("return document.body.innerText;", vec![])
        .await
        .expect("the page's text")
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Clicks the element `css` finds once it is there (again, when the page was put in
/// place anew meanwhile).
async fn press(client: &Client, css: &str) {
    for _ in 0..100 {
        if let Ok(found) = client.find(Locator::Css(css)).await {
            if found.click().await.is_ok() {
                return;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{css}: not there to press after ten seconds");
}

/// Plays out a line on the copy of the board of the page shown: each pair of cells
/// tapped in turn (the opponent's expected move, then the answer, ...), then queues it.
async fn queue_line(client: &Client, cells: &[(&str, &str)]) {
    let lines = "return document.querySelectorAll('.line-list li').length;";
    let before = client.execute(lines, vec![]).await.expect("lines");
    press(client, "#play button.line-start:not([hidden])").await;
    for (i, (from, to)) in cells.iter().enumerate() {
        click_cell(client, from).await;
        click_cell(client, to).await;
        // The copy of the board shows the line so far.
        let shown = format!(
            "return (document.querySelector('#board').getAttribute('src') || '')\
               .includes('line.png?line=') && document.querySelector('.line-text')\
               .textContent.length > 0 && {} ;",
            if i % 2 == 1 {
                "!document.querySelector('.lines button.confirm').hidden"
            } else {
                "document.querySelector('.lines button.confirm').hidden"
            }
        );
        until(client, &format!("turn {i} of the line on the copy"), &shown).await;
    }
    press(client, ".lines button.confirm").await;
    let more = format!(
        "return document.querySelectorAll('.line-list li').length === {} + 1;",
        before.as_u64().expect("a count")
    );
    until(client, "the line queued and listed", &more).await;
}

// A conditional line played out on a copy of the board on alice's page (issue 49):
// queued through `/conditional`'s capability, listed to her alone (never on bob's page
// nor the public page: issue 47's leak), one deleted there, and the other answering at
// once when bob plays the expected move.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_conditional_line_played_on_a_copy_fires_and_stays_private() {
    let site = Site::open(None).await;
    let game = site.chess().await;
    let moved = site
        .call(
            "alice",
            Request::Move {
                text: "e4".to_string(),
            },
        )
        .await;
    assert!(
        moved.iter().all(|r| r.kind != ReplyKind::Refusal),
        "{moved:?}"
    );
    let (client, _driver) = browser().await;
    let alice = site.private(game, "alice", in_an_hour());
    client.goto(&alice).await.expect("alice's page");
    until(
        &client,
        "the line's button",
        "return !!document.querySelector('#play button.line-start:not([hidden])');",
    )
    .await;
    let src = "return document.querySelector('#board').getAttribute('src');";
    queue_line(&client, &[("e7", "e5"), ("g1", "f3")]).await;
    queue_line(&client, &[("d7", "d5"), ("e4", "d5")]).await;
    let listed = page_text(&client).await;
    assert!(
        listed.contains("e7-e5") && listed.contains("Ng1-f3") && listed.contains("d7-d5"),
        "alice's page lists her lines: {listed}"
    );
    // Once queued, the page's board is the game as it stands again.
    let board = client.execute(src, vec![]).await.expect("src");
    assert!(
        board
            .as_str()
            .unwrap_or_default()
            .contains("/board.png?ply=1&"),
        "{board}"
    );
    // The same lines as `/conditional` lists them, stored as it stores them.
    let rec = site.record(game).await;
    assert_eq!(rec.conditional.len(), 1, "{:?}", rec.conditional);
    assert_eq!(rec.conditional[0].lines.len(), 2);
    let said = site
        .call("alice", Request::Conditional { text: None })
        .await;
    assert!(said[0].text.contains("Ng1-f3"), "{said:?}");
    // A copy refuses what `/conditional` refuses: a line of bob's, on his turn.
    let http = reqwest::Client::new();
    let bob = site.private(game, "bob", in_an_hour());
    let body = r#"{"ask":"line-queue","ply":1,"line":[[0,0],[0,0]]}"#;
    let (status, refused) = post(&http, &bob, Some(site.base.as_str()), body).await;
    assert_eq!(status, 200, "{refused}");
    assert_eq!(refused["ok"], false, "{refused}");
    let why = refused["html"].as_str().unwrap_or_default();
    assert!(why.contains("your turn"), "{refused}");
    // Delete the second line on the page.
    press(&client, ".line-list button[data-number=\"2\"]").await;
    until(
        &client,
        "one line left",
        "return document.querySelectorAll('.line-list li').length === 1;",
    )
    .await;
    assert!(!page_text(&client).await.contains("d7-d5"));
    // Neither bob's page nor the public page shows them.
    let public = format!("{}{}", site.base, site.links.game_path(game));
    for page in [&bob, &public] {
        client.goto(page).await.expect("the page");
        until(
            &client,
            "the page",
            "return !!document.getElementById('game');",
        )
        .await;
        let text = page_text(&client).await;
        assert!(
            !text.contains("Ng1-f3") && !text.contains("e7-e5"),
            "{page}: {text}"
        );
        assert!(client.find(Locator::Css(".lines")).await.is_err(), "{page}");
        let html = http
            .get(page.as_str())
            .send()
            .await
            .expect("page")
            .text()
            .await
            .expect("html");
        assert!(
            !html.contains("Ng1-f3") && !html.contains("line-list"),
            "{page}"
        );
    }
    // bob plays the expected move on his page: alice's answer follows at once.
    client.goto(&bob).await.expect("bob's page");
    click_cell(&client, "e7").await;
    click_cell(&client, "e5").await;
    confirm(&client).await;
    until(
        &client,
        "three moves shown",
        "return document.querySelectorAll('.moves li').length === 3\
           && document.body.innerText.includes('Ng1-f3');",
    )
    .await;
    let rec = site.record(game).await;
    let printed: Vec<&str> = rec.history.iter().map(|e| e.printed.as_str()).collect();
    assert_eq!(printed, ["e2-e4", "e7-e5", "Ng1-f3"]);
    assert!(rec.history[2].conditional, "played from the line");
    assert!(rec.conditional.is_empty(), "{:?}", rec.conditional);
    client.close().await.expect("close the browser");
}

/// The badges written over the board of the page shown, as the browser lays them out:
/// for each, its computed font size, its box's height and width, and the width of its
/// piece's square, in CSS pixels; and whether the layer is shown at all.
async fn badges_measured(client: &Client) -> (bool, Vec<[f64; 4]>) {
    let got = client
        .execute(
            "const layer = document.querySelector('.badge-layer');\
             if (!layer) { return [false, []]; }\
             const shown = getComputedStyle(layer).display !== 'none';\
             return [shown, [...layer.querySelectorAll('.badge')].map(b => {\
               const r = b.getBoundingClientRect();\
               const cell = b.parentNode.getBoundingClientRect();\
               return [parseFloat(getComputedStyle(b).fontSize), r.height, r.width, cell.width];\
             })];",
            vec![],
        )
        .await
        .expect("the badges");
    let measures = got[1]
        .as_array()
        .expect("a list")
        .iter()
        .map(|m| [0, 1, 2, 3].map(|i| m[i].as_f64().expect("a number")))
        .collect();
    (got[0] == true, measures)
}

// Phones (issue 49): the Wand badges and Wickets badges drawn in the picture are about
// 7 CSS px high at 390 px; the page writes their words again over it, at least 11 px,
// on a narrow screen only, one for each badge of the reader's view.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn badges_stay_readable_at_390_px() {
    let mut wand = Options::new();
    wand.insert("wands".to_string(), "moderated".to_string());
    let mut cards = Options::new();
    cards.insert("decision".to_string(), "cards".to_string());
    let (phone, _driver) = support::browser::browser_sized(390, 844, true).await;
    let (desk, _desk_driver) = support::browser::browser_sized(1200, 1000, false).await;
    for (variant, options) in [(VariantId::Wand, wand), (VariantId::Wickets, cards)] {
        // One game a channel: a site each.
        let site = Site::open(None).await;
        let game = site.start(variant, options).await;
        let view = page_view(
            &site,
            game,
            arcana::core::view::Viewer::Player(arcana::core::Side::White),
        )
        .await;
        let expected: usize = view
            .pieces
            .iter()
            .map(|p| p.badges.iter().filter(|b| !b.label.is_empty()).count())
            .sum();
        let page = site.private(game, "alice", in_an_hour());
        for client in [&phone, &desk] {
            client.goto(&page).await.expect("alice's page");
            until(
                client,
                "the badges laid",
                "return !!document.querySelector('.badge-layer');",
            )
            .await;
        }
        let (shown, badges) = badges_measured(&phone).await;
        assert!(shown, "{variant:?}: the badges are written out on a phone");
        assert_eq!(
            badges.len(),
            expected,
            "{variant:?}: one for each badge of the view"
        );
        assert!(
            expected > 0 || variant == VariantId::Wickets,
            "{variant:?} has badges"
        );
        for [font, height, width, cell] in &badges {
            assert!(
                *font >= 11.0,
                "{variant:?}: a badge's font is {font} px at 390 px"
            );
            assert!(
                *height >= 12.0,
                "{variant:?}: a badge is {height} px high at 390 px"
            );
            assert!(
                *width <= 1.6 * cell,
                "{variant:?}: a badge {width} px wide on a {cell} px square"
            );
        }
        let (shown, _) = badges_measured(&desk).await;
        assert!(
            !shown,
            "{variant:?}: at 1,200 px the picture's own badges are read"
        );
        let shot = phone.screenshot().await.expect("a screenshot");
        std::fs::write(
            screenshots().join(format!("badges-390-{variant:?}.png")),
            shot,
        )
        .expect("write it");
    }
    phone.clone().close().await.expect("close");
    desk.clone().close().await.expect("close");
}
