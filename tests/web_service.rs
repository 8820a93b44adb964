//! The web pages without a browser: `/web` and `/settings web` through the service,
//! the board reply's link, and the server's answers over HTTP — no secret of a game of
//! hidden information in its public page, events or downloads; refused and expired
//! links; the server page only while it is on; only GET; the rate limit.

mod common;

use arcana::service::api::{ColorChoice, Context, ReplyKind, Request};
use arcana::service::pages::WebLinks;
use arcana::variants::{Options, VariantId};
use common::{user, Site, START_MS};

const KEY: &[u8] = b"the web service test's key, long enough";

/// The web site of these tests at `now_ms` (`common::site`).
async fn site(now_ms: u64) -> Site {
    common::site(now_ms, KEY, 3).await
}

fn ctx(name: &str, channel: u64) -> Context {
    common::ctx(name, channel)
}

impl Site {
    fn ask(&self, who: &str, channel: u64, req: Request) -> String {
        let replies = self.service.handle(&ctx(who, channel), req);
        replies
            .iter()
            .map(|r| r.text.clone())
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn ok(&self, who: &str, channel: u64, req: Request) -> String {
        self.ok_text(&ctx(who, channel), req)
    }

    fn start(&self, variant: VariantId, channel: u64, options: Options) {
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
        );
        self.ok("bob", channel, Request::Accept);
    }

    /// Plays `n` answers, each the first offered one that is accepted.
    fn play_any(&self, channel: u64, n: usize) {
        for _ in 0..n {
            let Some((who, offered)) = ["alice", "bob"].into_iter().find_map(|w| {
                let o = self.service.autocomplete(channel, user(w).id, "");
                (!o.is_empty()).then_some((w, o))
            }) else {
                return;
            };
            let played = offered.into_iter().any(|text| {
                self.service
                    .handle(&ctx(who, channel), Request::Move { text })
                    .iter()
                    .all(|r| r.kind != ReplyKind::Refusal)
            });
            assert!(played, "nothing offered was accepted");
        }
    }
}

fn address(text: &str, part: &str) -> String {
    text.split_whitespace()
        .find(|w| w.starts_with("http://") && w.contains(part))
        .unwrap_or_else(|| panic!("no {part} address in {text:?}"))
        .to_string()
}

async fn get(url: &str) -> (u16, String, reqwest::header::HeaderMap) {
    let r = reqwest::get(url).await.expect("get");
    let status = r.status().as_u16();
    let headers = r.headers().clone();
    (status, r.text().await.expect("body"), headers)
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("time")
        .as_millis() as u64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_answers_and_secrets() {
    let site = site(now_ms()).await;
    let s = &site;
    // Without a game here, /web says so.
    let none = s.ask("alice", 1, Request::Web);
    assert!(none.contains("no game"), "{none}");

    // Games of hidden information: wand identities and card hands.
    let mut moderated = Options::new();
    moderated.insert("wands".to_string(), "moderated".to_string());
    for (channel, variant, options) in [
        (10, VariantId::Wand, moderated),
        (11, VariantId::Wickets, Options::new()),
    ] {
        s.start(variant, channel, options);
        s.play_any(channel, 4);
        let public = address(&s.ok("carol", channel, Request::Web), "/g/");
        let players = s.ok("alice", channel, Request::Web);
        assert_eq!(address(&players, "/g/"), public);
        let private = address(&players, "/p/");
        // Each player's secret appears on their private page, never on the public
        // page, its events or its downloads.
        for who in ["alice", "bob"] {
            let hand = s.ok(who, channel, Request::Hand);
            let secret: Vec<&str> = hand.lines().skip(1).collect();
            assert!(!secret.is_empty(), "{hand}");
            let (status, html, _) = get(&public).await;
            assert_eq!(status, 200);
            // Issue 47, item 15: a page speaks of the page, not of chat commands.
            assert!(
                !html.contains("/rules"),
                "{variant:?}: the page gives chat advice"
            );
            assert!(html.contains("), your "), "{variant:?}: who is asked");
            let (_, pgn, _) = get(&format!("{public}/game.pgn")).await;
            let gif = reqwest::get(format!("{public}/game.gif"))
                .await
                .expect("gif")
                .bytes()
                .await
                .expect("bytes");
            assert!(gif.starts_with(b"GIF89a"));
            for line in &secret {
                assert!(
                    !html.contains(line),
                    "{variant:?}: the public page shows {line:?}"
                );
                assert!(!pgn.contains(line), "{variant:?}: the PGN has {line:?}");
            }
            if who == "alice" {
                let (status, mine, headers) = get(&private).await;
                assert_eq!(status, 200);
                assert_eq!(
                    headers.get("cache-control").map(|v| v.as_bytes()),
                    Some(&b"no-store"[..])
                );
                for line in &secret {
                    assert!(
                        mine.contains(line),
                        "{variant:?}: {line:?} is not on {mine}"
                    );
                }
            }
        }
        // The event stream says versions, nothing of the game.
        let mut events = reqwest::get(format!("{public}/events"))
            .await
            .expect("events");
        let chunk = tokio::time::timeout(std::time::Duration::from_secs(5), events.chunk())
            .await
            .expect("an event within seconds")
            .expect("a chunk")
            .expect("bytes");
        let text = String::from_utf8_lossy(&chunk).to_string();
        assert!(text.starts_with("event: version\ndata: "), "{text:?}");
        assert!(
            text.trim_end()
                .rsplit("data: ")
                .next()
                .is_some_and(|v| v.trim().parse::<u64>().is_ok()),
            "{text:?}"
        );
    }

    // Newcomers to a rated game show the starting rating, provisional.
    let (_, html, _) = get(&address(&s.ok("carol", 11, Request::Web), "/g/")).await;
    assert!(
        html.contains("<span class=\"rating\">1500?</span>"),
        "{html}"
    );

    // The board reply links the page.
    let board = s.ok("carol", 11, Request::Board);
    assert!(board.contains("Web page: http://"), "{board}");

    // An altered address, another game's tag and a stranger's private link: refused.
    let public = address(&s.ok("carol", 11, Request::Web), "/g/");
    let other = address(&s.ok("carol", 10, Request::Web), "/g/");
    let other_tag = other.rsplit('-').next().expect("tag");
    let (head, _) = public.rsplit_once('-').expect("tag");
    let (status, _, _) = get(&format!("{head}-{other_tag}")).await;
    assert_eq!(status, 404);
    let carols = WebLinks::new(&s.base, KEY).private_url(11, user("carol").id, u64::MAX);
    let (status, body, _) = get(&carols).await;
    assert_eq!(status, 404, "{body}");
    let forged = WebLinks::new(&s.base, b"not the key of this site, but long").private_url(
        11,
        user("alice").id,
        u64::MAX,
    );
    let (status, body, _) = get(&forged).await;
    assert_eq!(status, 403);
    assert!(body.contains("not valid"), "{body}");

    // Only GET, short addresses, no bodies.
    let http = reqwest::Client::new();
    for method in [
        reqwest::Method::POST,
        reqwest::Method::PUT,
        reqwest::Method::DELETE,
    ] {
        let r = http.request(method, &public).send().await.expect("send");
        assert_eq!(r.status().as_u16(), 405);
    }
    let long = format!("{public}?ply={}", "9".repeat(600));
    assert_eq!(get(&long).await.0, 414);
    // A position past the end is the last; a word is the last too.
    for ply in ["99999", "x"] {
        let (status, html, _) = get(&format!("{public}?ply={ply}")).await;
        assert_eq!(status, 200);
        assert!(html.contains("data-ply=\"4\""), "{ply}");
    }
    let _ = &s.clock;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn links_expire_and_server_pages_follow_the_switch() {
    // The service's clock is long past: the links it signs have expired today.
    let site = site(START_MS).await;
    let s = &site;
    s.start(VariantId::Standard, 20, Options::new());
    let answer = s.ok("alice", 20, Request::Web);
    let private = address(&answer, "/p/");
    let (status, body, _) = get(&private).await;
    assert_eq!(status, 410);
    assert!(body.contains("expired"), "{body}");

    // The server page: moderators only, and only while on.
    let refused = s
        .service
        .handle_as(&ctx("alice", 20), false, Request::ServerWeb { on: true });
    assert_eq!(refused[0].kind, ReplyKind::Refusal);
    let links = WebLinks::new(&s.base, KEY);
    let page = format!("{}{}", s.base, links.server_path(7));
    assert_eq!(get(&page).await.0, 404, "off by default");
    let on = s
        .service
        .handle_as(&ctx("mod", 20), true, Request::ServerWeb { on: true });
    assert_eq!(on[0].kind, ReplyKind::Plain, "{on:?}");
    assert!(on[0].text.contains(&page), "{}", on[0].text);
    let (status, html, _) = get(&page).await;
    assert_eq!(status, 200);
    assert!(html.contains("alice") && html.contains("/g/"), "{html}");
    s.service
        .handle_as(&ctx("mod", 20), true, Request::ServerWeb { on: false });
    assert_eq!(get(&page).await.0, 404);
    // A server page's address with another server's number is refused.
    let other = page.replacen("/s/7-", "/s/8-", 1);
    assert_eq!(get(&other).await.0, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_page_lists_live_and_finished_games_and_its_ladders() {
    let site = site(now_ms()).await;
    let s = &site;
    let on = s
        .service
        .handle_as(&ctx("mod", 20), true, Request::ServerWeb { on: true });
    assert_eq!(on[0].kind, ReplyKind::Plain, "{on:?}");
    let page = format!("{}{}", s.base, WebLinks::new(&s.base, KEY).server_path(7));
    let (status, html, _) = get(&page).await;
    assert_eq!(status, 200);
    assert!(html.contains("No game has finished"), "{html}");
    assert!(html.contains("Nobody has a settled rating"), "{html}");
    // Rated games, each two moves and a resignation, until alice is on the ladder
    // `/leaderboard` shows (a settled rating).
    let mut games = 0;
    loop {
        let channel = 100 + games;
        s.start(VariantId::Standard, channel, Options::new());
        s.ok("alice", channel, Request::Move { text: "e4".into() });
        s.ok("bob", channel, Request::Move { text: "e5".into() });
        // Each wins half: a player who always wins keeps an unsettled rating.
        let loser = if games % 2 == 0 { "bob" } else { "alice" };
        s.ok(loser, channel, Request::Resign);
        games += 1;
        let board = s.ask(
            "alice",
            20,
            Request::Leaderboard {
                variant: Some(VariantId::Standard),
            },
        );
        if board.contains("1. alice") {
            break;
        }
        assert!(games < 100, "alice never settled: {board}");
    }
    // One game being played: its first board links its page.
    s.ok(
        "alice",
        20,
        Request::Challenge {
            opponent: user("bob"),
            variant: VariantId::Standard,
            color: ColorChoice::White,
            days: None,
            options: Options::new(),
            rated: true,
        },
    );
    let started = s.ok("bob", 20, Request::Accept);
    let link = address(&started, "/g/");
    assert_eq!(get(&link).await.0, 200, "{started}");
    s.ok("alice", 20, Request::Move { text: "d4".into() });
    let (status, html, _) = get(&page).await;
    assert_eq!(status, 200);
    let live = html.split("id=\"recent\"").next().unwrap_or_default();
    assert!(
        live.contains("alice (White) vs bob (Black)</a>, 1 turn(s)"),
        "{html}"
    );
    // The finished games, the latest first, each a link to its page; at most 20.
    let recent = html
        .split("id=\"recent\"")
        .nth(1)
        .and_then(|r| r.split("id=\"ladders\"").next())
        .unwrap_or_default();
    let listed = recent.matches("<li>").count();
    assert_eq!(listed, games.min(20) as usize, "{recent}");
    assert!(recent.contains("alice vs bob, 1-0</a> (rated)"), "{recent}");
    assert!(recent.contains("alice vs bob, 0-1</a> (rated)"), "{recent}");
    assert_eq!(recent.matches("href=\"/g/").count(), listed);
    // The ladder as /leaderboard lists it: alice first (she won the odd game out).
    let ladders = html.split("id=\"ladders\"").nth(1).unwrap_or_default();
    assert!(ladders.contains("<caption>Chess</caption>"), "{ladders}");
    assert!(ladders.contains("<td>1</td><td>alice</td>"), "{ladders}");
    let (won, lost) = (games.div_ceil(2), games / 2);
    assert!(ladders.contains(&format!("{won}/0/{lost}")), "{ladders}");
    assert!(!html.contains("id=\"tournaments\""), "no tournaments yet");
    // A tournament of the server appears with its standings.
    let terms = arcana::service::tournament::EventTerms {
        name: "Winter <Cup>".to_string(),
        variant: VariantId::Spell,
        options: Options::new(),
        format: arcana::store::EventFormat::Swiss { rounds: 3 },
        days: 3,
        bank_days: 0,
        rated: false,
        vacation: false,
        limit: 0,
        start_in_ms: None,
    };
    let create = Request::Tournament {
        action: arcana::service::tournament::TournamentAction::Create(Box::new(terms)),
        event: None,
    };
    let made = s.service.handle_as(&ctx("mod", 30), true, create);
    assert!(
        made.iter().all(|r| r.kind != ReplyKind::Refusal),
        "{made:?}"
    );
    for who in ["carol", "dave"] {
        let join = Request::Tournament {
            action: arcana::service::tournament::TournamentAction::Join,
            event: None,
        };
        let joined = s.service.handle(&ctx(who, 30), join);
        assert!(
            joined.iter().all(|r| r.kind != ReplyKind::Refusal),
            "{joined:?}"
        );
    }
    let (_, html, _) = get(&page).await;
    let events = html.split("id=\"tournaments\"").nth(1).unwrap_or_default();
    assert!(events.contains("<h3>Winter &lt;Cup&gt;</h3>"), "{html}");
    assert!(
        events.contains("Spell Chess, Swiss over 3 rounds, 2 players, taking players"),
        "{events}"
    );
    assert!(
        events.contains("carol") && events.contains("dave"),
        "{events}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_is_limited() {
    let site = site(now_ms()).await;
    let url = format!("{}/static/page.css", site.base);
    let http = reqwest::Client::new();
    let mut limited = false;
    for _ in 0..200 {
        let r = http.head(&url).send().await.expect("head");
        if r.status().as_u16() == 429 {
            assert!(r.headers().get("retry-after").is_some());
            limited = true;
            break;
        }
    }
    assert!(limited, "200 requests at once were all served");
}
