//! Playing on one's own web page (issue 49): the private page's controls act through
//! the game service. In headless Chromium a chess game is played by pointer events alone
//! (a tap on a piece and a tap on its target, then a drag), the move goes through the
//! service like a typed one and its public replies go to the front end's delivery; the
//! action address refuses what it must (a forged, expired or other player's link, a
//! request from another site, a stale position, a body that is not an action) and a
//! fuzz pass of 10,000 random and mutated actions changes nothing it refuses.
// The shared support code unwraps freely, as tests may.
#![allow(clippy::unwrap_used)]

mod support;

use arcana::service::api::{Audience, ColorChoice, Context, Reply, ReplyKind, Request, User};
use arcana::service::front::GameService;
use arcana::service::pages::WebLinks;
use arcana::service::{Service, ServiceConfig};
use arcana::variants::{Options, VariantId};
use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, Locator};
use rand::{Rng, SeedableRng};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use support::backend;
use support::browser::{browser, screenshots, until};

const CHANNEL: u64 = 4900;
const SERVER: u64 = 49;

fn user(name: &str) -> User {
    User {
        id: arcana::service::stable_id("user", name),
        name: name.to_string(),
    }
}

fn ctx(name: &str) -> Context {
    Context {
        user: user(name),
        channel: CHANNEL,
        server: Some(SERVER),
        key: None,
        lang: Default::default(),
        guild_locale: None,
    }
}

/// A web server acting through a service on the test's backend, and what it handed to
/// the front end's delivery.
struct Site {
    service: Arc<Service>,
    links: WebLinks,
    base: String,
    delivered: Arc<Mutex<Vec<(u64, Reply)>>>,
    _data: tempfile::TempDir,
}

impl Site {
    async fn open(rate: Option<arcana::web::Rate>) -> Site {
        let data = tempfile::tempdir().expect("temp dir");
        let url = backend::url(data.path());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let base = format!("http://{}", listener.local_addr().expect("address"));
        let links = WebLinks::new(&base, b"a key of the web play test, 32 bytes or more");
        let config = ServiceConfig {
            seed: Some(49),
            web: Some(links.clone()),
            ..ServiceConfig::default()
        };
        let service = tokio::task::spawn_blocking(move || Service::open_url(&url, config))
            .await
            .expect("open")
            .expect("the service");
        let service = Arc::new(service);
        let delivered = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&delivered);
        let actor = arcana::web::Actor {
            service: Arc::clone(&service) as Arc<dyn GameService>,
            deliver: Arc::new(move |place, replies: Vec<Reply>| {
                let mut kept = sink.lock().unwrap();
                kept.extend(replies.into_iter().map(|r| (place, r)));
            }),
        };
        let mut options = arcana::web::WebOptions::new(links.clone()).acting(actor);
        if let Some(rate) = rate {
            options.action_rate = rate;
            options.request_rate = rate;
        }
        tokio::spawn(arcana::web::serve(
            listener,
            service.store().share(),
            options,
        ));
        Site {
            service,
            links,
            base,
            delivered,
            _data: data,
        }
    }

    async fn call(&self, who: &str, req: Request) -> Vec<Reply> {
        let service = Arc::clone(&self.service);
        let c = ctx(who);
        tokio::task::spawn_blocking(move || service.handle(&c, req))
            .await
            .expect("service call")
    }

    /// A chess game, alice White against bob; its id.
    async fn chess(&self) -> u64 {
        let challenge = Request::Challenge {
            opponent: user("bob"),
            variant: VariantId::Standard,
            color: ColorChoice::White,
            days: None,
            options: Options::new(),
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

async fn click_cell(client: &Client, cell: &str) {
    let script = format!("return !!document.querySelector('.cell.offered[data-cell=\"{cell}\"]');");
    until(client, &format!("{cell} offered"), &script).await;
    client
        .find(Locator::Css(&format!(".cell[data-cell=\"{cell}\"]")))
        .await
        .expect("the cell")
        .click()
        .await
        .expect("click");
}

async fn confirm(client: &Client) {
    until(
        client,
        "Confirm offered",
        "return !document.querySelector('#play button.confirm').hidden;",
    )
    .await;
    client
        .find(Locator::Css("#play button.confirm"))
        .await
        .expect("Confirm")
        .click()
        .await
        .expect("click Confirm");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_game_is_played_by_touching_the_board() {
    let site = Site::open(None).await;
    let game = site.chess().await;
    let (client, _driver) = browser().await;

    // A spectator's page and the player not asked show no control.
    let public = format!("{}{}", site.base, site.links.game_path(game));
    for page in [public, site.private(game, "bob", in_an_hour())] {
        client.goto(&page).await.expect("open");
        until(
            &client,
            "the page",
            "return !!document.getElementById('game');",
        )
        .await;
        assert!(client.find(Locator::Id("play")).await.is_err(), "{page}");
    }

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
    // Her page, no longer asked, offers nothing more.
    until(
        &client,
        "the controls gone",
        "return !document.getElementById('play');",
    )
    .await;

    // bob drags his pawn from e7 to e5, then confirms.
    client
        .goto(&site.private(game, "bob", in_an_hour()))
        .await
        .expect("bob's page");
    until(
        &client,
        "e7 offered",
        "return !!document.querySelector('.cell.offered[data-cell=\"e7\"]');",
    )
    .await;
    let from = client
        .find(Locator::Css(".cell[data-cell=\"e7\"]"))
        .await
        .expect("e7");
    // e5 is not offered (nor shown) until e7 is taken: the drag ends where it stands on
    // the picture, read from the page's own map of the cells.
    let centre = client
        .execute(
            "const r = document.querySelector('figure.board').dataset.cells.split(';')\
               .map(e => e.split(':')).find(e => e[0] === 'e5')[1].split(',').map(Number);\
             const b = document.querySelector('.board-wrap').getBoundingClientRect();\
             return [b.left + (r[0] + r[2] / 2) * b.width, b.top + (r[1] + r[3] / 2) * b.height];",
            vec![],
        )
        .await
        .expect("e5's centre");
    let (x, y) = (
        centre[0].as_f64().expect("x"),
        centre[1].as_f64().expect("y"),
    );
    let drag = MouseActions::new("mouse".to_string())
        .then(PointerAction::MoveToElement {
            element: from,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::MoveTo {
            duration: Some(Duration::from_millis(200)),
            x,
            y,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    client.perform_actions(drag).await.expect("drag");
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
