//! A puzzle on its web page (issue 51): the solver's signed page, from the link
//! `/puzzle` gives, answered in headless Chromium by taps on the board alone through
//! the same picker as a game's page; a right answer brings the next question, the mate
//! solves it, a wrong answer is told the right one and why; every answer goes through
//! the service's puzzle path. The page's action address refuses what a game page's
//! does (a forged or expired link, another site, a body that is no action or too big,
//! too many actions) and a stale step changes nothing.
// The shared support code unwraps freely, as tests may.
#![allow(clippy::unwrap_used)]

use crate::support;

use arcana::service::actions::PuzzleAsk;
use arcana::service::api::{Reply, ReplyKind, Request};
use fantoccini::{Client, Locator};
use std::sync::Arc;
use support::browser::{browser_sized, click_cell, confirm, screenshots, until};
use support::site::{self, ctx_in, user};

/// The shipped mate in two of chess: 1.f4 e6 2.h3? Qh4+ 3.g3 Qxg3#.
const MATE_IN_TWO: &str = "548541ae";

/// The shared in-process site (a web server acting through a service on the test's
/// backend), with this suite's puzzle.
struct Site(site::Site);

impl std::ops::Deref for Site {
    type Target = site::Site;
    fn deref(&self) -> &site::Site {
        &self.0
    }
}

impl Site {
    /// The site; `actions`: the actions one user may make, when not the default.
    async fn open(actions: Option<arcana::web::Rate>) -> Site {
        Site(
            site::Site::open(site::SiteOptions {
                seed: 51,
                key: b"a key of the puzzle page test, 32 bytes or more",
                actions,
                requests: None,
                delivery: site::Delivery::Nothing,
            })
            .await,
        )
    }

    /// `who` asks `/puzzle` for the mate in two; the service's reply.
    async fn ask(&self, who: &str) -> Reply {
        let ask = PuzzleAsk {
            id: Some(MATE_IN_TWO.to_string()),
            ..PuzzleAsk::default()
        };
        let mut replies = self
            .call_in(ctx_in(who, 5100, Some(51)), Request::Puzzle(ask))
            .await;
        assert_eq!(replies.len(), 1, "{replies:?}");
        replies.remove(0)
    }

    /// `who`'s page of the mate in two, open until `expires`.
    fn page(&self, who: &str, expires: u64) -> String {
        format!(
            "{}{}",
            self.base,
            self.links.puzzle_path(MATE_IN_TWO, user(who).id, expires)
        )
    }

    /// The step `who` has reached in their open puzzle, if any.
    async fn step(&self, who: &str) -> Option<(String, usize)> {
        let service = Arc::clone(&self.service);
        let id = user(who).id;
        tokio::task::spawn_blocking(move || service.store().puzzle_book(id))
            .await
            .expect("read")
            .expect("read")
            .value
            .open
            .map(|a| (a.puzzle, a.step))
    }
}

fn in_an_hour() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("time")
        .as_secs()
        + 3600
}

/// The verdict the page shows.
async fn verdict(client: &Client) -> String {
    let text = client
        .execute(
            "return document.querySelector('#play .verdict').textContent;",
            vec![],
        )
        .await
        .expect("the verdict");
    text.as_str().unwrap_or_default().to_string()
}

/// Where the docs' screenshots go: `ARCANA_SCREENSHOTS`, else the target folder's.
fn shots_dir() -> std::path::PathBuf {
    std::env::var_os("ARCANA_SCREENSHOTS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(screenshots)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_puzzle_is_solved_by_taps_on_its_page() {
    let site = Site::open(None).await;
    let question = site.ask("alice").await;
    assert!(
        matches!(question.kind, ReplyKind::PuzzleQuestion { .. }),
        "{question:?}"
    );
    // The link `/puzzle` gives is alice's page of this puzzle.
    let link = question
        .text
        .lines()
        .find_map(|l| l.strip_prefix("Solve it on the web: "))
        .expect("the page's link")
        .to_string();
    assert!(link.starts_with(&format!("{}/pz/{MATE_IN_TWO}-", site.base)));

    let (client, _driver) = browser_sized(1200, 1000, false).await;
    client.goto(&link).await.expect("alice's puzzle page");
    let text = client
        .find(Locator::Css("main"))
        .await
        .expect("the page")
        .text()
        .await
        .expect("its text");
    assert!(text.contains("Black to move"), "{text}");
    assert!(text.contains("Last move: h"), "{text}");
    click_cell(&client, "d8").await;
    click_cell(&client, "h4").await;
    confirm(&client).await;
    // The next question: the page again at step 2, the verdict kept.
    until(
        &client,
        "the next question",
        "return document.querySelector('#play').getAttribute('data-actions') === '2' \
         && !!document.querySelector('.cell.offered');",
    )
    .await;
    let said = verdict(&client).await;
    assert!(
        said.contains("Right: Qd8-h4") && said.contains("The reply: g"),
        "{said}"
    );
    assert_eq!(site.step("alice").await, Some((MATE_IN_TWO.to_string(), 2)));
    assert!(!said.contains("/puzzle answer:"), "chat's words: {said}");
    let shot = client.screenshot().await.expect("a screenshot");
    std::fs::write(shots_dir().join("web-puzzle-1200.png"), shot).expect("write it");
    click_cell(&client, "h4").await;
    click_cell(&client, "g3").await;
    confirm(&client).await;
    until(
        &client,
        "the puzzle solved",
        "return !document.querySelector('#play .puzzle-actions').hidden;",
    )
    .await;
    let said = verdict(&client).await;
    assert!(
        said.contains("Solved") && said.contains("puzzle rating: 1500"),
        "{said}"
    );
    assert_eq!(site.step("alice").await, None, "the puzzle ended");
    client.close().await.expect("close the browser");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_wrong_answer_on_a_phone_is_told_the_right_one() {
    let site = Site::open(None).await;
    // bob's page of a puzzle he does not have open: he opens it there.
    let (client, _driver) = browser_sized(390, 844, true).await;
    client
        .goto(&site.page("bob", in_an_hour()))
        .await
        .expect("bob's puzzle page");
    client
        .find(Locator::Css("#play button[data-ask=\"open\"]"))
        .await
        .expect("Solve this puzzle")
        .click()
        .await
        .expect("press it");
    until(
        &client,
        "the picker",
        "return !!document.querySelector('.cell.offered');",
    )
    .await;
    assert_eq!(site.step("bob").await, Some((MATE_IN_TWO.to_string(), 0)));
    let fits = client
        .execute(
            "return [document.querySelector('.board-wrap').getBoundingClientRect().width,\
                     document.documentElement.scrollWidth];",
            vec![],
        )
        .await
        .expect("the measures");
    assert!(fits[0].as_f64().unwrap() >= 370.0, "{fits}");
    assert!(fits[1].as_f64().unwrap() <= 390.0, "{fits}");
    let shot = client.screenshot().await.expect("a screenshot");
    std::fs::write(shots_dir().join("web-puzzle-390.png"), shot).expect("write it");
    click_cell(&client, "a7").await;
    click_cell(&client, "a6").await;
    confirm(&client).await;
    until(
        &client,
        "the puzzle missed",
        "return !document.querySelector('#play .puzzle-actions').hidden;",
    )
    .await;
    let said = verdict(&client).await;
    assert!(
        said.contains("Not this one") && said.contains("The answer was Qd8-h4"),
        "{said}"
    );
    assert!(said.contains("shows why"), "{said}");
    assert_eq!(site.step("bob").await, None);
    client.close().await.expect("close the browser");
}

/// Posts `body` to `page`'s action with `origin`.
async fn post(
    http: &reqwest::Client,
    page: &str,
    origin: Option<&str>,
    body: &str,
) -> (u16, serde_json::Value) {
    let mut req = http
        .post(format!("{page}/act"))
        .header("content-type", "application/json")
        .body(body.to_string());
    if let Some(origin) = origin {
        req = req.header("origin", origin);
    }
    let got = req.send().await.expect("post");
    let status = got.status().as_u16();
    let text = got.text().await.unwrap_or_default();
    (status, serde_json::from_str(&text).unwrap_or_default())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_puzzle_address_refuses_what_it_must() {
    let rate = arcana::web::Rate {
        burst: 12.0,
        per_second: 0.001,
    };
    let site = Site::open(Some(rate)).await;
    site.ask("alice").await;
    let http = reqwest::Client::new();
    let origin = Some(site.base.as_str());
    let alice = site.page("alice", in_an_hour());
    let pick = r#"{"ask":"pick","ply":0,"path":[]}"#;
    let (status, answer) = post(&http, &alice, origin, pick).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["ok"], true, "{answer}");
    let options = answer["choice"]["options"].as_array().expect("options");
    assert!(options.iter().any(|o| o["cell"] == "d8"), "{answer}");

    let cases: Vec<(String, Option<&str>, &str, u16)> = vec![
        (alice.clone(), Some("http://evil.example"), pick, 403),
        (alice.clone(), None, pick, 403),
        (format!("{alice}0"), origin, pick, 403),
        (site.page("alice", 1), origin, pick, 410),
        (alice.clone(), origin, "{\"ask\":", 400),
        (
            alice.clone(),
            origin,
            r#"{"ask":"pick","ply":0,"evil":1}"#,
            400,
        ),
    ];
    for (page, origin, body, status) in cases {
        let (got, answer) = post(&http, &page, origin, body).await;
        assert_eq!(got, status, "{page} {origin:?} {body}: {answer}");
        assert_eq!(answer["ok"], false, "{answer}");
        assert!(answer["html"].as_str().is_some_and(|t| !t.is_empty()));
    }
    let forged = post(&http, &format!("{alice}0"), origin, pick).await.1;
    assert!(
        forged["html"].as_str().unwrap().contains("puzzle link"),
        "{forged}"
    );
    let big = format!(
        r#"{{"ask":"pick","ply":0,"path":[],"x":"{}"}}"#,
        "a".repeat(4096)
    );
    assert_eq!(post(&http, &alice, origin, &big).await.0, 413);
    let got = http.get(format!("{alice}/act")).send().await.expect("get");
    assert_eq!(got.status().as_u16(), 405);
    // The pages: forged, expired, and a puzzle that does not exist.
    let page = |u: String| {
        let http = http.clone();
        async move { http.get(u).send().await.expect("get").status().as_u16() }
    };
    assert_eq!(page(format!("{alice}0")).await, 403);
    assert_eq!(page(site.page("alice", 1)).await, 410);
    let none = site
        .links
        .puzzle_path("00000000", user("alice").id, in_an_hour());
    assert_eq!(page(format!("{}{none}", site.base)).await, 404);
    let png = http
        .get(format!("{alice}/board.png"))
        .send()
        .await
        .expect("get");
    assert_eq!(png.status().as_u16(), 200);
    assert_eq!(png.headers()["content-type"].to_str().unwrap(), "image/png");

    // A stale step, a path not offered, a Confirm of nothing: refused, nothing counted.
    for body in [
        r#"{"ask":"play","ply":2,"path":[0,0]}"#,
        r#"{"ask":"pick","ply":0,"path":[99]}"#,
        r#"{"ask":"play","ply":0,"path":[]}"#,
        r#"{"ask":"resign","ply":0}"#,
    ] {
        let (status, answer) = post(&http, &alice, origin, body).await;
        assert_eq!(status, 200, "{body}: {answer}");
        assert_eq!(answer["ok"], false, "{body}: {answer}");
    }
    assert_eq!(site.step("alice").await, Some((MATE_IN_TWO.to_string(), 0)));
    // Another user's link to the same puzzle acts on their own book only.
    let bob = site.page("bob", in_an_hour());
    let (_, answer) = post(&http, &bob, origin, pick).await;
    assert_eq!(answer["ok"], false, "bob has no puzzle open: {answer}");
    assert_eq!(site.step("alice").await, Some((MATE_IN_TWO.to_string(), 0)));

    // Too many actions from one user: refused before the service.
    let mut last = 0;
    for _ in 0..12 {
        last = post(&http, &alice, origin, pick).await.0;
    }
    assert_eq!(last, 429);
}
