//! A game page's live updates over a WebSocket (issue 49), on both store backends: a
//! move made through the game service (on PostgreSQL from a connection of its own, as
//! another process would) is pushed to an open socket; an upgrade from another site's
//! page, with a forged or expired address, or past the caps is refused; a page that
//! sends a message has its socket closed; an open socket keeps its connection's place;
//! and in headless Chromium a page follows its game over the socket without reloading,
//! and over the event stream when its socket cannot open.
// The shared support code unwraps freely, as tests may.
#![allow(clippy::unwrap_used)]

use crate::support;
use support::site::{ctx_in, user};

use arcana::service::api::{ColorChoice, Context, ReplyKind, Request};
use arcana::service::pages::WebLinks;
use arcana::service::{Service, ServiceConfig};
use arcana::store::{Store, StoreUrl};
use arcana::variants::{Options, VariantId};
use arcana::web::{AddressRange, WebOptions};
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use std::time::Duration;
use support::backend;
use support::browser::{browser, chromedriver, until};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

const KEY: &[u8] = b"the live web test's key, long enough....";
const CHANNEL: u64 = 4950;
/// How long a push may take before the test gives up on it (no speed is asserted: a
/// generous wait on a busy machine).
const PATIENCE: Duration = Duration::from_secs(30);

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

fn ctx(name: &str) -> Context {
    ctx_in(name, CHANNEL, Some(7))
}

/// The game service and, beside it, the web server reading the same store as another
/// process would (its own connection on PostgreSQL; on sled a second handle).
struct Site {
    bot: Arc<Service>,
    links: WebLinks,
    /// `http://127.0.0.1:PORT`.
    base: String,
    _data: tempfile::TempDir,
}

impl Site {
    async fn new(adjust: impl FnOnce(WebOptions) -> WebOptions) -> Site {
        Site::named("127.0.0.1", adjust).await
    }

    /// The same, its public address naming `host` (the server listens on 127.0.0.1).
    async fn named(host: &str, adjust: impl FnOnce(WebOptions) -> WebOptions) -> Site {
        let data = tempfile::tempdir().expect("temp dir");
        let url = backend::url(data.path());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let port = listener.local_addr().expect("address").port();
        let base = format!("http://127.0.0.1:{port}");
        let links = WebLinks::new(&format!("http://{host}:{port}"), KEY);
        let (open_url, web_links) = (url.clone(), links.clone());
        let bot = tokio::task::spawn_blocking(move || {
            let config = ServiceConfig {
                seed: Some(49),
                web: Some(web_links),
                ..ServiceConfig::default()
            };
            Service::open_url(&open_url, config)
        })
        .await
        .expect("open")
        .expect("the service");
        let web_store = match &url {
            StoreUrl::Postgres(_) => tokio::task::spawn_blocking(move || Store::open_at(&url))
                .await
                .expect("open")
                .expect("a second connection"),
            StoreUrl::Sled(_) => bot.store().share(),
        };
        let options = adjust(WebOptions::new(links.clone()));
        tokio::spawn(arcana::web::serve(listener, web_store, options));
        Site {
            bot: Arc::new(bot),
            links,
            base,
            _data: data,
        }
    }

    /// The service's answer to `who`, which must be accepted; its texts.
    async fn ok(&self, who: &str, req: Request) -> String {
        let bot = Arc::clone(&self.bot);
        let c = ctx(who);
        let replies = tokio::task::spawn_blocking(move || bot.handle(&c, req))
            .await
            .expect("service call");
        assert!(
            replies.iter().all(|r| r.kind != ReplyKind::Refusal),
            "{who}: {replies:?}"
        );
        let texts: Vec<String> = replies.into_iter().map(|r| r.text).collect();
        texts.join("\n")
    }

    /// A game of chess between alice and bob; its public page's and alice's own page's
    /// paths, and its id.
    async fn game(&self) -> (String, String, u64) {
        let challenge = Request::Challenge {
            opponent: user("bob"),
            variant: VariantId::Standard,
            color: ColorChoice::White,
            days: None,
            options: Options::new(),
            rated: false,
        };
        self.ok("alice", challenge).await;
        self.ok("bob", Request::Accept).await;
        let links = self.ok("alice", Request::Web).await;
        let public = path_in(&links, "/g/");
        let private = path_in(&links, "/p/");
        let id = public["/g/".len()..]
            .split('-')
            .next()
            .and_then(|n| n.parse().ok())
            .expect("the game's id");
        (public, private, id)
    }

    async fn play(&self, who: &str, text: &str) {
        self.ok(
            who,
            Request::Move {
                text: text.to_string(),
            },
        )
        .await;
    }

    /// A socket on `path`'s `/ws`, its upgrade sent with `origin` (and as forwarded
    /// for `client`); the refusal's status when it is refused.
    async fn socket(
        &self,
        path: &str,
        origin: Option<&str>,
        client: Option<&str>,
    ) -> Result<Socket, u16> {
        let url = format!("{}{path}/ws", self.base.replacen("http", "ws", 1));
        let mut request = url.into_client_request().expect("a request");
        let headers = request.headers_mut();
        if let Some(origin) = origin {
            headers.insert("origin", origin.parse().expect("a header"));
        }
        if let Some(client) = client {
            headers.insert("x-forwarded-for", client.parse().expect("a header"));
        }
        match tokio_tungstenite::connect_async(request).await {
            Ok((socket, _)) => Ok(socket),
            Err(tungstenite::Error::Http(response)) => Err(response.status().as_u16()),
            Err(e) => panic!("{path}: {e}"),
        }
    }

    /// A socket opened as this site's own page would.
    async fn ours(&self, path: &str) -> Socket {
        self.socket(path, Some(&self.base), None)
            .await
            .expect("a socket")
    }
}

/// The path of the first `http://` address in `text` that contains `part`.
fn path_in(text: &str, part: &str) -> String {
    let url = text
        .split_whitespace()
        .find(|w| w.starts_with("http://") && w.contains(part))
        .unwrap_or_else(|| panic!("no {part} address in {text:?}"));
    let start = url.find(part).expect("the part");
    url[start..].to_string()
}

/// What the server sends on `stream` until it closes it (or breaks it off).
async fn whole_answer(stream: &mut TcpStream) -> String {
    let mut received = Vec::new();
    let read = tokio::time::timeout(PATIENCE, async {
        let mut chunk = [0u8; 4096];
        loop {
            match stream.read(&mut chunk).await {
                Ok(0) | Err(_) => return,
                Ok(n) => received.extend_from_slice(&chunk[..n]),
            }
        }
    })
    .await;
    assert!(read.is_ok(), "the server kept the connection open");
    String::from_utf8_lossy(&received).into_owned()
}

/// The next version the socket tells (pongs and pings passed over).
async fn next_version(socket: &mut Socket) -> u64 {
    let waited = tokio::time::timeout(PATIENCE, async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Text(text))) => return text.parse::<u64>().expect("a version"),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                other => panic!("the socket ended: {other:?}"),
            }
        }
    })
    .await;
    waited.expect("a version within the test's patience")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_made_elsewhere_is_pushed_over_the_socket() {
    let site = Site::new(|o| o).await;
    let (public, private, _) = site.game().await;
    let mut spectator = site.ours(&public).await;
    let mut player = site.ours(&private).await;
    let first = next_version(&mut spectator).await;
    assert_eq!(next_version(&mut player).await, first, "the same record");
    site.play("alice", "e4").await;
    let after = next_version(&mut spectator).await;
    assert!(after > first, "{first} then {after}");
    assert_eq!(next_version(&mut player).await, after);
    site.play("bob", "e5").await;
    let later = next_version(&mut spectator).await;
    assert!(later > after, "{after} then {later}");
    // A page opened now hears the current version first.
    let mut late = site.ours(&public).await;
    assert_eq!(next_version(&mut late).await, later);
    // The page closes its socket; the server answers the close.
    late.close(None).await.expect("close");
    let ended = tokio::time::timeout(PATIENCE, late.next()).await;
    assert!(
        matches!(ended, Ok(None | Some(Err(_)) | Some(Ok(Message::Close(_))))),
        "{ended:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_from_elsewhere_or_for_a_bad_address_is_refused() {
    let site = Site::new(|o| o).await;
    let (public, private, id) = site.game().await;
    for origin in [
        None,
        Some("https://evil.example.org"),
        Some("null"),
        Some(&*site.base.replace("127.0.0.1", "localhost")),
    ] {
        for path in [&public, &private] {
            let refused = site.socket(path, origin, None).await.err();
            assert_eq!(refused, Some(403), "{path} from {origin:?}");
        }
    }
    let forged = WebLinks::new(&site.base, b"not the key of this site, but long...").private_url(
        id,
        user("alice").id,
        u64::MAX,
    );
    let expired = site.links.private_url(id, user("alice").id, 1);
    let altered = public.replace(&format!("/g/{id}-"), &format!("/g/{}-", id + 1));
    for (what, path, status) in [
        ("forged", path_in(&forged, "/p/"), 403),
        ("expired", path_in(&expired, "/p/"), 410),
        ("altered", altered, 404),
    ] {
        let refused = site.socket(&path, Some(&site.base), None).await.err();
        assert_eq!(refused, Some(status), "{what}: {path}");
    }
    // A plain request for the socket's address is told it only speaks WebSocket.
    let plain = reqwest::get(format!("{}{public}/ws", site.base))
        .await
        .expect("get");
    assert_eq!(plain.status().as_u16(), 426);
    // The page sends nothing: a message from it closes its socket (policy, 1008).
    let mut talker = site.ours(&public).await;
    next_version(&mut talker).await;
    talker
        .send(Message::Text("play e4".into()))
        .await
        .expect("send");
    let closed = tokio::time::timeout(PATIENCE, async {
        loop {
            match talker.next().await {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                Some(Ok(_)) => continue,
                _ => return None,
            }
        }
    })
    .await
    .expect("closed within the test's patience");
    assert_eq!(closed, Some(1008));
    // A refused upgrade changed nothing: the page's own socket still works.
    let mut ours = site.ours(&private).await;
    let first = next_version(&mut ours).await;
    site.play("alice", "d4").await;
    assert!(next_version(&mut ours).await > first);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_and_event_streams_share_the_caps_per_client() {
    let loopback: AddressRange = "127.0.0.0/8".parse().expect("a range");
    let site = Site::new(|mut o| {
        o.per_address = 2;
        o.trusting(&[loopback])
    })
    .await;
    let (public, _, _) = site.game().await;
    let (a, b) = (Some("192.0.2.1"), Some("192.0.2.2"));
    let mut first = site
        .socket(&public, Some(&site.base), a)
        .await
        .expect("one");
    next_version(&mut first).await;
    // An event stream of the same client counts too.
    let stream = reqwest::Client::new()
        .get(format!("{}{public}/events", site.base))
        .header("x-forwarded-for", "192.0.2.1")
        .send()
        .await
        .expect("events");
    assert_eq!(stream.status().as_u16(), 200);
    let third = site.socket(&public, Some(&site.base), a).await.err();
    assert_eq!(third, Some(503), "a third for one client");
    let mut other = site
        .socket(&public, Some(&site.base), b)
        .await
        .expect("another client");
    next_version(&mut other).await;
    // The first socket closes: its place comes free (once the server has seen it go).
    first.close(None).await.expect("close");
    drop(first);
    let mut again = None;
    for _ in 0..100 {
        match site.socket(&public, Some(&site.base), a).await {
            Ok(socket) => {
                again = Some(socket);
                break;
            }
            Err(status) => assert_eq!(status, 503),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mut again = again.expect("the place came free");
    next_version(&mut again).await;
    drop(stream);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_socket_keeps_its_connection_s_place() {
    let site = Site::new(|mut o| {
        o.per_address = 2;
        o
    })
    .await;
    let (public, private, _) = site.game().await;
    let mut sockets = vec![site.ours(&public).await, site.ours(&private).await];
    for socket in &mut sockets {
        next_version(socket).await;
    }
    // Both of this address's connections are sockets now: a third is turned away.
    let server: std::net::SocketAddr = site.base["http://".len()..].parse().expect("address");
    let mut third = TcpStream::connect(server).await.expect("connect");
    let turned_away = whole_answer(&mut third).await;
    assert!(turned_away.starts_with("HTTP/1.1 503"), "{turned_away}");
    drop(sockets.pop());
    let mut served = false;
    for _ in 0..100 {
        let mut next = TcpStream::connect(server).await.expect("connect");
        let ask = format!("GET {public} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        let _ = next.write_all(ask.as_bytes()).await;
        if whole_answer(&mut next).await.starts_with("HTTP/1.1 200") {
            served = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(served, "a closed socket gives its place back");
    // The socket left open still hears its game.
    site.play("alice", "c4").await;
    next_version(&mut sockets[0]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn chromium_follows_a_game_over_the_socket() {
    chromedriver();
    let site = Site::new(|o| o).await;
    let (public, private, _) = site.game().await;
    let (client, _driver) = browser().await;
    for (path, moves) in [(&public, 1), (&private, 2)] {
        client
            .goto(&format!("{}{path}", site.base))
            .await
            .expect("open the page");
        until(
            &client,
            "the page's socket open",
            "return document.documentElement.dataset.live === 'socket';",
        )
        .await;
        client
            .execute("window.arcanaStayed = 49; return true;", vec![])
            .await
            .expect("mark the page");
        let who = if moves == 1 { "alice" } else { "bob" };
        let text = if moves == 1 { "e4" } else { "e5" };
        site.play(who, text).await;
        until(
            &client,
            "the move played elsewhere",
            &format!(
                "return document.querySelectorAll('.moves li').length === {moves} \
                 && document.documentElement.dataset.live === 'socket';"
            ),
        )
        .await;
        let stayed = client
            .execute("return window.arcanaStayed === 49;", vec![])
            .await
            .expect("read the mark");
        assert_eq!(
            stayed,
            serde_json::Value::Bool(true),
            "the page was reloaded"
        );
    }
    client.close().await.expect("close the browser");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn chromium_falls_back_to_the_event_stream_when_no_socket_opens() {
    chromedriver();
    // The public address names another host than the one the browser opens: the
    // page's socket is refused for its origin, and the page follows over events.
    let site = Site::named("localhost", |o| o).await;
    let (public, _, _) = site.game().await;
    let (client, _driver) = browser().await;
    client
        .goto(&format!("{}{public}", site.base))
        .await
        .expect("open the page");
    until(
        &client,
        "the page's event stream open",
        "return document.documentElement.dataset.live === 'events';",
    )
    .await;
    client
        .execute("window.arcanaStayed = 49; return true;", vec![])
        .await
        .expect("mark the page");
    site.play("alice", "e4").await;
    until(
        &client,
        "the move played elsewhere",
        "return document.querySelectorAll('.moves li').length === 1;",
    )
    .await;
    let stayed = client
        .execute("return window.arcanaStayed === 49;", vec![])
        .await
        .expect("read the mark");
    assert_eq!(
        stayed,
        serde_json::Value::Bool(true),
        "the page was reloaded"
    );
    client.close().await.expect("close the browser");
}
