//! The games' web pages in a real browser (issue 29): headless Chromium driven over
//! WebDriver (chromedriver, through fantoccini) against the web server on 127.0.0.1,
//! with the games played through the service on the same store (on PostgreSQL, the web
//! server has a connection of its own, as another process would). One browser session
//! walks a page of every game, steps back with the arrow keys, sees a move played
//! elsewhere appear without a reload, downloads the exports, and opens a private page
//! through its signed link and fails with a forged one. Screenshots of a page of every
//! game are written to `target/web-screenshots/`.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them); without
//! them this test fails and says what to install.
// The shared support code (the fake Discord) unwraps freely, as tests may.
#![allow(clippy::unwrap_used)]

use crate::support;
use support::site::{ctx_in, user};

use arcana::service::api::{ColorChoice, Context, Reply, ReplyKind, Request};
use arcana::service::pages::WebLinks;
use arcana::service::{Service, ServiceConfig};
use arcana::store::{Store, StoreUrl};
use arcana::variants::{Options, VariantId};
use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use std::sync::Arc;
use support::backend;
use support::browser::{browser, chromedriver, screenshots, until};

const SERVER: u64 = 7;

fn ctx(name: &str, channel: u64) -> Context {
    ctx_in(name, channel, Some(SERVER))
}

/// The service, called off the async threads (the store blocks).
#[derive(Clone)]
struct Bot(Arc<Service>);

impl Bot {
    async fn call(&self, who: &str, channel: u64, req: Request) -> Vec<Reply> {
        let service = Arc::clone(&self.0);
        let c = ctx(who, channel);
        tokio::task::spawn_blocking(move || service.handle(&c, req))
            .await
            .expect("service call")
    }

    async fn ok(&self, who: &str, channel: u64, req: Request) -> Vec<Reply> {
        let replies = self.call(who, channel, req.clone()).await;
        assert!(
            replies.iter().all(|r| r.kind != ReplyKind::Refusal),
            "{who} {req:?} was refused: {replies:?}"
        );
        replies
    }

    async fn start(&self, variant: VariantId, channel: u64, options: Options) {
        self.ok(
            "alice",
            channel,
            Request::Challenge {
                opponent: user("bob"),
                variant,
                color: ColorChoice::White,
                days: None,
                options,
                rated: true,
            },
        )
        .await;
        self.ok("bob", channel, Request::Accept).await;
    }

    /// Plays `turns` answers of whoever is asked, each the first legal one the service
    /// offers that it accepts.
    async fn play_any(&self, channel: u64, answers: usize) {
        for _ in 0..answers {
            let service = Arc::clone(&self.0);
            let (who, offered) = tokio::task::spawn_blocking(move || {
                for who in ["alice", "bob"] {
                    let offered = service.autocomplete(channel, user(who).id, "");
                    if !offered.is_empty() {
                        return (who, offered);
                    }
                }
                ("", Vec::new())
            })
            .await
            .expect("autocomplete");
            if offered.is_empty() {
                return;
            }
            let mut played = false;
            for text in offered {
                let replies = self.call(who, channel, Request::Move { text }).await;
                if replies.iter().all(|r| r.kind != ReplyKind::Refusal) {
                    played = true;
                    break;
                }
            }
            assert!(
                played,
                "no offered answer was accepted in channel {channel}"
            );
        }
    }

    async fn text(&self, who: &str, channel: u64, req: Request) -> String {
        let replies = self.ok(who, channel, req).await;
        replies
            .iter()
            .map(|r| r.text.clone())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The first `http://` address in `text` that contains `part`.
fn address_in(text: &str, part: &str) -> String {
    text.split_whitespace()
        .find(|w| w.starts_with("http://") && w.contains(part))
        .unwrap_or_else(|| panic!("no {part} address in {text:?}"))
        .to_string()
}

async fn move_texts(client: &Client) -> Vec<String> {
    let mut out = Vec::new();
    for li in client
        .find_all(Locator::Css(".moves li a"))
        .await
        .expect("the move list")
    {
        out.push(li.text().await.expect("a move's text"));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn game_pages_in_a_browser() {
    chromedriver();
    let data = tempfile::tempdir().expect("temp dir");
    let url = backend::url(data.path());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind the web server");
    let site = format!("http://{}", listener.local_addr().expect("address"));
    let links = WebLinks::new(&site, b"a key of the web test, 32 bytes or more");
    let opened = {
        let (url, links) = (url.clone(), links.clone());
        tokio::task::spawn_blocking(move || {
            Service::open_url(
                &url,
                ServiceConfig {
                    seed: Some(29),
                    web: Some(links),
                    ..ServiceConfig::default()
                },
            )
        })
        .await
        .expect("open")
        .expect("the service")
    };
    let bot = Bot(Arc::new(opened));
    // The web server reads the store as another process would: its own connection on
    // PostgreSQL; on sled (one process per folder) a second handle.
    let web_store = match &url {
        StoreUrl::Postgres(_) => {
            let url = url.clone();
            tokio::task::spawn_blocking(move || Store::open_at(&url))
                .await
                .expect("open")
                .expect("a second connection")
        }
        StoreUrl::Sled(_) => bot.0.store().share(),
    };
    tokio::spawn(arcana::web::serve(
        listener,
        web_store,
        arcana::web::WebOptions::new(links.clone()),
    ));

    // A game of every variant, a few answers in; chess with known moves.
    let variants = VariantId::available();
    assert_eq!(variants.len(), 7, "{variants:?}");
    for (i, v) in variants.iter().enumerate() {
        let channel = 100 + i as u64;
        let options = if *v == VariantId::Wand {
            let mut o = Options::new();
            o.insert("wands".to_string(), "moderated".to_string());
            o
        } else {
            Options::new()
        };
        bot.start(*v, channel, options).await;
        if *v == VariantId::Standard {
            for (who, m) in [
                ("alice", "e4"),
                ("bob", "e5"),
                ("alice", "Nf3"),
                ("bob", "Nc6"),
            ] {
                bot.ok(who, channel, Request::Move { text: m.into() }).await;
            }
        } else {
            bot.play_any(channel, 6).await;
        }
    }
    let chess = 100
        + variants
            .iter()
            .position(|v| *v == VariantId::Standard)
            .expect("chess") as u64;
    let wickets = 100
        + variants
            .iter()
            .position(|v| *v == VariantId::Wickets)
            .expect("wickets") as u64;

    let (client, _driver) = browser().await;
    let shots = screenshots();
    let http = reqwest::Client::new();

    // Every game's page, as a spectator gets it from /web.
    for (i, v) in variants.iter().enumerate() {
        let channel = 100 + i as u64;
        let answer = bot.text("carol", channel, Request::Web).await;
        assert!(!answer.contains("/p/"), "a spectator gets no private link");
        let page = address_in(&answer, "/g/");
        client.goto(&page).await.expect("open the game page");
        let title = client
            .find(Locator::Css("h1"))
            .await
            .expect("a title")
            .text()
            .await
            .expect("its text");
        assert!(title.contains(v.name()), "{title}");
        until(
            &client,
            "the board picture",
            "var i = document.getElementById('board'); return !!i && i.complete && i.naturalWidth > 0;",
        )
        .await;
        let alt = client
            .find(Locator::Id("board"))
            .await
            .expect("the board")
            .attr("alt")
            .await
            .expect("alt")
            .unwrap_or_default();
        assert!(alt.contains("FEN: "), "{alt}");
        let png = client.screenshot().await.expect("a screenshot");
        std::fs::write(shots.join(format!("{}.png", v.id())), png).expect("write it");
    }

    // The chess page: its move list in the documents' notation, as /history prints it.
    let answer = bot.text("carol", chess, Request::Web).await;
    let page = address_in(&answer, "/g/");
    client.goto(&page).await.expect("open the chess page");
    let moves = move_texts(&client).await;
    assert_eq!(moves.len(), 4, "{moves:?}");
    let history = bot.text("carol", chess, Request::History).await;
    for m in &moves {
        let (_, printed) = m.split_once(' ').expect("a number and a move");
        assert!(history.contains(printed), "{printed} is not in {history}");
    }
    assert!(
        moves[0].starts_with("1.") && moves[1].starts_with("1..."),
        "{moves:?}"
    );
    until(
        &client,
        "the last move is current",
        "return document.querySelector('#game').dataset.ply === '4';",
    )
    .await;

    // Back with the arrow keys, in place.
    client
        .execute("window.arcanaStayed = 29; return true;", vec![])
        .await
        .expect("mark the page");
    let body = client.find(Locator::Css("body")).await.expect("body");
    body.send_keys(&Key::Left).await.expect("left");
    until(
        &client,
        "one step back",
        "return document.querySelector('#game').dataset.ply === '3';",
    )
    .await;
    body.send_keys(&Key::Left).await.expect("left");
    until(
        &client,
        "two steps back",
        "return document.querySelector('#game').dataset.ply === '2';",
    )
    .await;
    let current = client
        .find(Locator::Css(".moves a[aria-current]"))
        .await
        .expect("the current move")
        .text()
        .await
        .expect("its text");
    assert_eq!(current, moves[1]);
    let src = client
        .find(Locator::Id("board"))
        .await
        .expect("board")
        .attr("src")
        .await
        .expect("src")
        .unwrap_or_default();
    assert!(src.contains("ply=2"), "{src}");
    // Without JavaScript the same position is a link: the server renders it.
    let at_two = http
        .get(format!("{page}?ply=2"))
        .send()
        .await
        .expect("get ?ply=2")
        .text()
        .await
        .expect("its text");
    assert!(at_two.contains("data-ply=\"2\""));

    // Forward to now, then a move played elsewhere appears without a reload.
    body.send_keys(&Key::End).await.expect("end");
    until(
        &client,
        "back at the last move",
        "return document.querySelector('#game').dataset.ply === '4';",
    )
    .await;
    bot.ok("alice", chess, Request::Move { text: "Bb5".into() })
        .await;
    until(
        &client,
        "the move played elsewhere",
        "return document.querySelectorAll('.moves li').length === 5;",
    )
    .await;
    let moves = move_texts(&client).await;
    assert!(moves[4].starts_with("3."), "{moves:?}");
    let stayed = client
        .execute("return window.arcanaStayed === 29;", vec![])
        .await
        .expect("read the mark");
    assert_eq!(
        stayed,
        serde_json::Value::Bool(true),
        "the page was reloaded"
    );
    let png = client.screenshot().await.expect("a screenshot");
    std::fs::write(shots.join("standard-live.png"), png).expect("write it");

    // Downloads: the public record and animation.
    let pgn_href = client
        .find(Locator::Id("pgn"))
        .await
        .expect("the PGN link")
        .attr("href")
        .await
        .expect("href")
        .unwrap_or_default();
    let pgn = http
        .get(format!("{site}{pgn_href}"))
        .send()
        .await
        .expect("get the PGN");
    assert_eq!(pgn.status(), 200);
    let headers = pgn.headers().clone();
    let pgn = pgn.text().await.expect("the PGN");
    assert!(pgn.contains("[Event "), "{pgn}");
    assert!(pgn.contains("Bb5"), "{pgn}");
    assert!(
        headers
            .get("content-disposition")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.contains(".pgn")),
        "{headers:?}"
    );
    let gif_href = client
        .find(Locator::Id("gif"))
        .await
        .expect("the GIF link")
        .attr("href")
        .await
        .expect("href")
        .unwrap_or_default();
    let gif = http
        .get(format!("{site}{gif_href}"))
        .send()
        .await
        .expect("get the GIF")
        .bytes()
        .await
        .expect("the GIF");
    assert!(gif.starts_with(b"GIF89a"), "not a GIF");

    // The headers every page carries, and nothing but GET.
    let got = http.get(&page).send().await.expect("get the page");
    let h = got.headers();
    let policy = h
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    assert!(
        policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"),
        "{policy}"
    );
    assert_eq!(
        h.get("x-content-type-options").map(|v| v.as_bytes()),
        Some(&b"nosniff"[..])
    );
    assert_eq!(
        h.get("referrer-policy").map(|v| v.as_bytes()),
        Some(&b"no-referrer"[..])
    );
    let html = got.text().await.expect("the page");
    assert!(
        !html.contains("<script>") && !html.contains(" style="),
        "inline script or style"
    );
    let posted = http.post(&page).send().await.expect("post");
    assert_eq!(posted.status(), 405);

    // A player's private page through the link /web gives them; a forged one fails.
    let hand = bot.text("alice", wickets, Request::Hand).await;
    let secret = hand.lines().last().expect("the hand").to_string();
    let answer = bot.text("alice", wickets, Request::Web).await;
    let private = address_in(&answer, "/p/");
    let public = address_in(&answer, "/g/");
    client.goto(&private).await.expect("open the private page");
    let shown = client
        .find(Locator::Css(".secret"))
        .await
        .expect("the player's secret")
        .text()
        .await
        .expect("its text");
    assert!(shown.contains(secret.trim()), "{shown:?} lacks {secret:?}");
    let png = client.screenshot().await.expect("a screenshot");
    std::fs::write(shots.join("wickets-private.png"), png).expect("write it");
    let spectators = http
        .get(&public)
        .send()
        .await
        .expect("the public page")
        .text()
        .await
        .expect("its text");
    assert!(
        !spectators.contains(secret.trim()),
        "the public page shows {secret:?}"
    );
    assert!(!spectators.contains("class=\"secret\""));
    let mut forged = private.clone();
    let last = forged.pop().expect("a tag");
    forged.push(if last == '0' { '1' } else { '0' });
    client.goto(&forged).await.expect("open the forged link");
    let refused = client
        .find(Locator::Css("h1"))
        .await
        .expect("a title")
        .text()
        .await
        .expect("its text");
    assert_eq!(refused, "Link refused");
    assert!(client.find(Locator::Css(".secret")).await.is_err());
    let status = http.get(&forged).send().await.expect("forged").status();
    assert_eq!(status, 403);
    // Bob's address with Alice's tag is refused too.
    let bobs = private.replacen(
        &format!("-{}-", user("alice").id),
        &format!("-{}-", user("bob").id),
        1,
    );
    assert_ne!(bobs, private);
    assert_eq!(http.get(&bobs).send().await.expect("bob's").status(), 403);

    // The legend, as /legend shows it.
    client
        .goto(&format!("{site}/legend"))
        .await
        .expect("open the legend");
    until(
        &client,
        "the legend picture",
        "var i = document.querySelector('.legend-picture'); return !!i && i.complete && i.naturalWidth > 0;",
    )
    .await;
    let items = client
        .find_all(Locator::Css(".legend li"))
        .await
        .expect("the legend's entries");
    assert!(items.len() > 5, "{} entries", items.len());
    let png = client.screenshot().await.expect("a screenshot");
    std::fs::write(shots.join("legend.png"), png).expect("write it");

    // The server's page, once its moderators turn it on: the seven games being played
    // and one finished, each a link to its page.
    bot.start(VariantId::Standard, 200, Options::new()).await;
    for (who, m) in [("alice", "d4"), ("bob", "d5")] {
        bot.ok(who, 200, Request::Move { text: m.into() }).await;
    }
    bot.ok("bob", 200, Request::Resign).await;
    let on = {
        let service = Arc::clone(&bot.0);
        tokio::task::spawn_blocking(move || {
            service.handle_as(&ctx("mod", 100), true, Request::ServerWeb { on: true })
        })
        .await
        .expect("service call")
    };
    let server_page = address_in(&on[0].text, "/s/");
    client
        .goto(&server_page)
        .await
        .expect("open the server page");
    let live = client
        .find_all(Locator::Css("ul.games:not(.recent) li a"))
        .await
        .expect("the games being played");
    assert_eq!(live.len(), 7);
    let recent = client
        .find_all(Locator::Css("ul.recent li a"))
        .await
        .expect("the finished games");
    assert_eq!(recent.len(), 1);
    assert!(recent[0]
        .text()
        .await
        .expect("its text")
        .contains("alice vs bob, 1-0"));
    let png = client.screenshot().await.expect("a screenshot");
    std::fs::write(shots.join("server.png"), png).expect("write it");
    recent[0].clone().click().await.expect("follow the link");
    until(
        &client,
        "the finished game's page",
        "return document.title.indexOf('Chess') >= 0 && !!document.querySelector('.moves');",
    )
    .await;

    // A phone-sized look at the chess page.
    client.set_window_size(412, 915).await.expect("resize");
    client.goto(&page).await.expect("open the chess page");
    until(
        &client,
        "the board picture",
        "var i = document.getElementById('board'); return !!i && i.complete && i.naturalWidth > 0;",
    )
    .await;
    let png = client.screenshot().await.expect("a screenshot");
    std::fs::write(shots.join("standard-phone.png"), png).expect("write it");

    client.close().await.expect("close the browser");
}
