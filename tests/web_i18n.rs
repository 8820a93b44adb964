//! Issue 28: the web pages in their reader's language, and `/web`'s replies in the
//! language of whoever reads them. A page speaks the first of English and German in the
//! browser's `Accept-Language` (by preference), English when neither is there, and
//! `?lang=de` / `?lang=en` overrides both without breaking a signed address.

mod common;

use arcana::i18n::Lang;
use arcana::service::api::{ColorChoice, Context, ReplyKind, Request};
use arcana::service::pages::WebLinks;
use arcana::variants::{Options, VariantId};
use common::{user, Site, START_MS};

const KEY: &[u8] = b"the web i18n test's key, long enough too";
const GERMAN: &str = "de-DE,de;q=0.9,en;q=0.8";

/// The web site of these tests at `now_ms` (`common::site`).
async fn site(now_ms: u64) -> Site {
    common::site(now_ms, KEY, 5).await
}

fn ctx(name: &str, channel: u64, lang: Lang) -> Context {
    let mut c = common::ctx(name, channel);
    c.lang = lang;
    c
}

impl Site {
    fn ok_in(&self, who: &str, channel: u64, lang: Lang, req: Request) -> String {
        self.ok_text(&ctx(who, channel, lang), req)
    }

    fn ok(&self, who: &str, channel: u64, req: Request) -> String {
        self.ok_in(who, channel, Lang::En, req)
    }

    /// alice (White) challenges bob to a game of chess in `channel`; what the accept
    /// answers (the first board, with its page's link).
    fn start(&self, channel: u64) -> String {
        self.ok(
            "alice",
            channel,
            Request::Challenge {
                opponent: user("bob"),
                variant: VariantId::Standard,
                color: ColorChoice::White,
                days: None,
                options: Options::new(),
                rated: false,
            },
        );
        self.ok("bob", channel, Request::Accept)
    }

    fn moderator(&self, lang: Lang, req: Request) -> String {
        let replies = self.service.handle_as(&ctx("mod", 20, lang), true, req);
        assert!(
            replies.iter().all(|r| r.kind != ReplyKind::Refusal),
            "{replies:?}"
        );
        replies
            .iter()
            .map(|r| r.text.clone())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

fn address(text: &str, part: &str) -> String {
    text.split_whitespace()
        .find(|w| w.starts_with("http://") && w.contains(part))
        .unwrap_or_else(|| panic!("no {part} address in {text:?}"))
        .to_string()
}

/// The status and body of `url`, asked with `Accept-Language: accept` when given.
async fn get(url: &str, accept: Option<&str>) -> (u16, String) {
    let mut request = reqwest::Client::new().get(url);
    if let Some(accept) = accept {
        request = request.header("accept-language", accept);
    }
    let r = request.send().await.expect("get");
    let status = r.status().as_u16();
    (status, r.text().await.expect("body"))
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("time")
        .as_millis() as u64
}

fn german(html: &str) {
    assert!(html.contains("<html lang=\"de\">"), "{html}");
}

fn english(html: &str) {
    assert!(html.contains("<html lang=\"en\">"), "{html}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_page_speaks_the_browsers_language() {
    let site = site(now_ms()).await;
    let s = &site;
    s.start(10);
    s.ok("alice", 10, Request::Move { text: "e4".into() });
    let public = address(&s.ok("carol", 10, Request::Web), "/g/");

    // German first in the browser's list: the whole page is German; notation and
    // names stay.
    let (status, html) = get(&public, Some(GERMAN)).await;
    assert_eq!(status, 200);
    german(&html);
    for words in [
        "<h2>Züge</h2>",
        "Weiß: alice",
        "Schwarz: bob",
        "alice (Weiß) gegen bob (Schwarz)",
        "– Partie 1</title>",
        "Stellung nach 1. e2-e4 (jetzt)",
        "ungewertet",
        "Partieformular (PGN)",
        "Was die Markierungen bedeuten",
        "‹ Zurück",
        "aria-label=\"Nachspielen\"",
        "bob (Schwarz),",
    ] {
        assert!(html.contains(words), "{words:?} not in {html}");
    }
    for english in [
        "<h2>Moves</h2>",
        "Position after",
        "(White)",
        "What the marks",
    ] {
        assert!(!html.contains(english), "{english:?} in {html}");
    }
    // The browser chose it: the links do not carry a language.
    assert!(!html.contains("lang=de"), "{html}");

    // By preference, not by order; a language the pages do not speak is passed over.
    let (_, html) = get(&public, Some("it, en;q=0.5, de-AT;q=0.7")).await;
    german(&html);
    let (_, html) = get(&public, Some("it-IT, de;q=0, en;q=0.1")).await;
    english(&html);

    // No header, or only Italian (not spoken by the pages): English.
    for accept in [None, Some("it"), Some("it-CH, it;q=0.9, *;q=0.5")] {
        let (status, html) = get(&public, accept).await;
        assert_eq!(status, 200);
        english(&html);
        assert!(html.contains("<h2>Moves</h2>"), "{accept:?}: {html}");
        assert!(
            html.contains("Position after 1. e2-e4 (now)"),
            "{accept:?}: {html}"
        );
        assert!(html.contains("White: alice"), "{accept:?}: {html}");
    }

    // `?lang=` overrides the browser, and the page's links keep it.
    let (status, html) = get(&format!("{public}?lang=de"), None).await;
    assert_eq!(status, 200);
    german(&html);
    assert!(html.contains("<h2>Züge</h2>"), "{html}");
    assert!(html.contains("?ply=0&amp;lang=de"), "{html}");
    assert!(html.contains("/legend?lang=de"), "{html}");
    assert!(html.contains("data-now=\""), "{html}");
    let (_, html) = get(&format!("{public}?lang=en"), Some(GERMAN)).await;
    english(&html);
    assert!(html.contains("<h2>Moves</h2>"), "{html}");
    // Another position in German: the start.
    let (status, html) = get(&format!("{public}?ply=0&lang=de"), None).await;
    assert_eq!(status, 200);
    assert!(html.contains("Stellung vor dem ersten Zug"), "{html}");
    assert!(html.contains("data-ply=\"0\""), "{html}");
    // A language the pages do not have is no language asked.
    let (_, html) = get(&format!("{public}?lang=it"), None).await;
    english(&html);

    // The board picture in German is its own picture.
    let picture = |lang: &'static str| {
        let url = format!("{public}/board.png?ply=1&lang={lang}");
        async move {
            let r = reqwest::get(url).await.expect("board");
            assert_eq!(r.status().as_u16(), 200);
            r.bytes().await.expect("bytes")
        }
    };
    let (de, en) = (picture("de").await, picture("en").await);
    assert!(de.starts_with(b"\x89PNG") && en.starts_with(b"\x89PNG"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_link_opens_with_a_language_asked() {
    let site = site(now_ms()).await;
    let s = &site;
    s.start(11);
    let answer = s.ok("alice", 11, Request::Web);
    let private = address(&answer, "/p/");
    for url in [
        format!("{private}?lang=de"),
        format!("{private}?ply=0&lang=de"),
        format!("{private}?lang=de&ply=0"),
    ] {
        let (status, html) = get(&url, None).await;
        assert_eq!(status, 200, "{url}: {html}");
        german(&html);
        assert!(html.contains("Deine eigene Ansicht"), "{html}");
        assert!(html.contains("Die öffentliche Seite"), "{html}");
    }
    let (status, html) = get(&private, Some(GERMAN)).await;
    assert_eq!(status, 200);
    german(&html);
    let (status, html) = get(&private, None).await;
    assert_eq!(status, 200);
    assert!(html.contains("Your own view"), "{html}");
    // A forged link stays refused, in the language asked.
    let forged = WebLinks::new(&s.base, b"not the key of this site, but long").private_url(
        11,
        user("alice").id,
        u64::MAX,
    );
    let (status, html) = get(&format!("{forged}?lang=de"), None).await;
    assert_eq!(status, 403);
    german(&html);
    assert!(html.contains("ungültig"), "{html}");
    assert!(html.contains("<code>/web</code>"), "{html}");
    let (status, html) = get(&forged, None).await;
    assert_eq!(status, 403);
    assert!(html.contains("not valid"), "{html}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn error_pages_and_the_legend_speak_it_too() {
    // The service's clock is long past: the links it signs have expired.
    let site = site(START_MS).await;
    let s = &site;
    s.start(12);
    let private = address(&s.ok("alice", 12, Request::Web), "/p/");
    let (status, html) = get(&private, Some(GERMAN)).await;
    assert_eq!(status, 410);
    german(&html);
    assert!(html.contains("Link abgelaufen"), "{html}");
    let (status, html) = get(&format!("{private}?lang=de"), None).await;
    assert_eq!(status, 410);
    assert!(html.contains("abgelaufen"), "{html}");
    let (_, html) = get(&private, Some("it")).await;
    english(&html);
    assert!(html.contains("expired"), "{html}");

    let nowhere = format!("{}/no/such/page", s.base);
    let (status, html) = get(&nowhere, Some(GERMAN)).await;
    assert_eq!(status, 404);
    german(&html);
    assert!(html.contains("<h1>Nicht gefunden</h1>"), "{html}");
    let (status, html) = get(&nowhere, None).await;
    assert_eq!(status, 404);
    english(&html);
    assert!(html.contains("<h1>Not found</h1>"), "{html}");
    let (_, html) = get(&format!("{}/", s.base), Some(GERMAN)).await;
    assert!(html.contains("<code>/web</code>"), "{html}");
    german(&html);

    // Plain-text refusals before any page, too.
    let long = format!("{}/?lang=de&x={}", s.base, "9".repeat(600));
    let (status, text) = get(&long, None).await;
    assert_eq!(status, 414);
    assert!(text.contains("zu lang"), "{text}");

    // The legend: headings, the variants' own words and the picture.
    let legend = format!("{}/legend", s.base);
    let (status, html) = get(&legend, Some(GERMAN)).await;
    assert_eq!(status, 200);
    german(&html);
    assert!(html.contains("<h1>Legende</h1>"), "{html}");
    assert!(html.contains("<h2>Auf jedem Brett</h2>"), "{html}");
    assert!(html.contains("<title>Legende – Arcana</title>"), "{html}");
    let (_, en) = get(&legend, Some("it")).await;
    english(&en);
    assert!(en.contains("<h1>Legend</h1>"), "{en}");
    assert!(!en.contains("Auf jedem Brett"), "{en}");
    assert_ne!(html.matches("<li>").count(), 0);
    assert_eq!(
        html.matches("<li>").count(),
        en.matches("<li>").count(),
        "the same entries in both languages"
    );
    let (_, asked) = get(&format!("{legend}?lang=de"), None).await;
    assert!(asked.contains("/legend.png?lang=de"), "{asked}");
    let png = |lang: &'static str| {
        let url = format!("{legend}.png?lang={lang}");
        async move {
            reqwest::get(url)
                .await
                .expect("legend")
                .bytes()
                .await
                .expect("bytes")
        }
    };
    let (de, en) = (png("de").await, png("en").await);
    assert!(de.starts_with(b"\x89PNG"));
    assert_ne!(de, en, "the legend's picture names the marks in German");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_page_speaks_it() {
    let site = site(now_ms()).await;
    let s = &site;
    let page = format!("{}{}", s.base, WebLinks::new(&s.base, KEY).server_path(7));
    let (status, html) = get(&page, Some(GERMAN)).await;
    assert_eq!(status, 404);
    german(&html);
    assert!(html.contains("Nicht angezeigt"), "{html}");
    assert!(
        html.contains("<code>/einstellungen web:an</code>"),
        "{html}"
    );

    let on = s.moderator(Lang::De, Request::ServerWeb { on: true });
    assert!(
        on.contains("Die Seite dieses Servers ist an: http://"),
        "{on}"
    );
    let (status, html) = get(&page, Some(GERMAN)).await;
    assert_eq!(status, 200);
    german(&html);
    for words in [
        "<h1>Die Partien dieses Servers</h1>",
        "Auf diesem Server wird gerade keine Partie gespielt.",
        "Auf diesem Server ist noch keine Partie zu Ende gegangen.",
        "<code>/rangliste</code>",
        "<title>Partien – Arcana</title>",
    ] {
        assert!(html.contains(words), "{words:?} not in {html}");
    }
    s.start(20);
    s.ok("alice", 20, Request::Move { text: "d4".into() });
    s.start(21);
    s.ok("alice", 21, Request::Move { text: "e4".into() });
    s.ok("bob", 21, Request::Resign);
    let (_, html) = get(&page, Some(GERMAN)).await;
    assert!(
        html.contains("alice (Weiß) gegen bob (Schwarz)</a>, 1 Zug gespielt"),
        "{html}"
    );
    assert!(
        html.contains("alice gegen bob, 1-0</a> (ungewertet)"),
        "{html}"
    );
    let (_, html) = get(&format!("{page}?lang=de"), None).await;
    german(&html);
    assert!(html.contains("?lang=de\">"), "{html}");
    let (_, html) = get(&page, None).await;
    english(&html);
    assert!(
        html.contains("alice (White) vs bob (Black)</a>, 1 turn(s)"),
        "{html}"
    );
    assert!(html.contains("alice vs bob, 1-0</a> (casual)"), "{html}");
    let off = s.moderator(Lang::En, Request::ServerWeb { on: false });
    assert!(off.contains("This server's page is off."), "{off}");
    let off = s.moderator(Lang::De, Request::ServerWeb { on: false });
    assert!(off.contains("Die Seite dieses Servers ist aus."), "{off}");
}

#[test]
fn web_replies_speak_the_readers_language() {
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    let site = rt.block_on(site(now_ms()));
    let s = &site;
    // The first board is public: it speaks the server's language.
    let first = s.start(30);
    assert!(first.contains("Web page: http://"), "{first}");
    s.moderator(
        Lang::En,
        Request::ServerLanguage {
            lang: Some(Lang::De),
        },
    );
    s.ok("alice", 30, Request::Resign);
    let first = s.start(31);
    assert!(first.contains("Webseite: http://"), "{first}");
    assert!(!first.contains("Web page:"), "{first}");

    // What the invoker alone reads speaks their language, whatever the server's.
    let web = s.ok_in("alice", 31, Lang::De, Request::Web);
    assert!(web.contains("Die Seite der Partie"), "{web}");
    assert!(web.contains("Deine eigene Ansicht, nur für dich"), "{web}");
    let web = s.ok_in("alice", 31, Lang::En, Request::Web);
    assert!(web.contains("The page of game"), "{web}");
    assert!(web.contains("Your own view, for you alone"), "{web}");
    let web = s.ok_in("carol", 31, Lang::De, Request::Web);
    assert!(web.contains("Die Seite der Partie"), "{web}");
    assert!(!web.contains("/p/"), "{web}");
    let board = s.ok_in("carol", 31, Lang::De, Request::Board);
    assert!(board.contains("Webseite: http://"), "{board}");
    let board = s.ok_in("carol", 31, Lang::En, Request::Board);
    assert!(board.contains("Web page: http://"), "{board}");
}
