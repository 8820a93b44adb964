//! The web pages of games (issue 29): a front end that reads the store and answers GET
//! requests with server-rendered HTML, the bot's own board pictures, the public exports
//! and a stream of server-sent events when a watched game changes. What a page shows is
//! decided by the service (`service::pages`: the public view, or one player's own on
//! their signed page). Every route is a GET but one: a player's own page acts through
//! the game service (`play.rs`, when the front end gives it an [`Actor`]).
//!
//! Live updates come from the store, not from this process's service, so a move made
//! by another process sharing PostgreSQL reaches the page too: one task follows the
//! store's change feed (on PostgreSQL its `LISTEN`) and reads the version alone of the
//! watched games it names, and of every watched game each [`RECHECK`]. A page follows
//! its game over a WebSocket (`socket.rs`), else the server-sent events.
//!
//! May import `service`, `store`, `render`, `core` and `variants`; nothing imports it
//! but the command line and `arcana local`.

mod activity;
mod cells;
mod connections;
mod game;
mod html;
mod lang;
mod limits;
mod live;
mod oauth;
mod origin;
mod play;
mod proxy;
mod puzzle;
mod site;
mod socket;
mod wire;

pub use activity::{ActivityOptions, SESSION_SECONDS};
pub(crate) use lang::{page_lang, PageLang};
pub use limits::Rate;
pub use play::Actor;
pub use proxy::AddressRange;

use crate::i18n::Lang;
use crate::ratings::{LadderScope, Table};
use crate::service::pages::{GamePage, WebLinks};
use crate::store::Store;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use game::Reader;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How often every watched game's record version is read again, in case the store's
/// change feed missed a change (the feed tells changes at once; issue 53).
pub const RECHECK: Duration = Duration::from_secs(30);
/// The board picture's width in pixels: large, so it stays sharp when a phone zooms;
/// the page scales it down.
pub const BOARD_SIZE: u32 = 768;
/// Rendered pictures kept (the latest position of every watched game is asked for by
/// each viewer after each move).
const PICTURES_KEPT: usize = 512;

/// How long a built page serves other requests for the same version (its time-left
/// line is at most this old).
const PAGE_KEPT: Duration = Duration::from_secs(1);
/// Built pages kept before the old ones are dropped.
const PAGES_KEPT: usize = 1024;

/// How long the ratings shown beside the players are kept before they are read again.
const RATINGS_KEPT: Duration = Duration::from_secs(30);

/// The ratings as read at a moment, with the ladder scope they were computed for.
type RatingsKept = (Instant, Arc<Table>, LadderScope);

/// How long a connection has to send a request's headers (and how long a kept-alive
/// connection may stay idle before its next request).
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections one address may have open at once: a few browsers behind one router,
/// each with a few tabs following games.
pub const CONNECTIONS_PER_ADDRESS: usize = 64;
/// Connections open at once over all addresses, at most (fewer when the open-file limit
/// is lower: see `connections::below_file_limit`).
pub const MAX_CONNECTIONS: usize = 10_000;

/// What the web server needs.
#[derive(Clone)]
pub struct WebOptions {
    pub links: WebLinks,
    /// Board picture width (`None`: [`BOARD_SIZE`]).
    pub board_size: Option<u32>,
    /// [`HEADER_TIMEOUT`] unless a test wants a shorter one.
    pub header_timeout: Duration,
    /// Connections (and event streams) one client address may have open at once.
    /// Trusted proxies' connections are not capped by address; their clients' streams
    /// are.
    pub per_address: usize,
    /// Connections open at once in all; lowered below the open-file limit.
    pub max_connections: usize,
    /// Peers whose `X-Forwarded-For` / `Forwarded` header names the client
    /// (`[web] trusted_proxies`); from anyone else the headers are ignored.
    pub trusted_proxies: Vec<AddressRange>,
    /// What a player's own page acts through; `None`: the pages only show.
    pub actor: Option<Actor>,
    /// Actions one player may make on their page (30 at once, then 5 a second).
    pub action_rate: limits::Rate,
    /// Requests one client address may make (60 at once, then 20 a second).
    pub request_rate: limits::Rate,
    /// The Discord Activity (`/activity`); `None`: off, and no page may be framed.
    pub activity: Option<ActivityOptions>,
}

impl WebOptions {
    pub fn new(links: WebLinks) -> WebOptions {
        WebOptions {
            links,
            board_size: None,
            header_timeout: HEADER_TIMEOUT,
            per_address: CONNECTIONS_PER_ADDRESS,
            max_connections: MAX_CONNECTIONS,
            trusted_proxies: Vec::new(),
            actor: None,
            action_rate: limits::ACTIONS,
            request_rate: limits::REQUESTS,
            activity: None,
        }
    }

    /// The same, with players acting on their own pages through `actor`.
    pub fn acting(mut self, actor: Actor) -> WebOptions {
        self.actor = Some(actor);
        self
    }

    /// The same, believing the forwarding headers of `proxies`.
    pub fn trusting(mut self, proxies: &[AddressRange]) -> WebOptions {
        self.trusted_proxies = proxies.to_vec();
        self
    }
}

/// The links of `arcana local --web ADDR`: its address, and a key made at random for
/// this run (links given by `/web` open until it stops).
pub fn local_links(listen: SocketAddr) -> WebLinks {
    use rand::RngCore;
    let mut key = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut key);
    WebLinks::new(&format!("http://{listen}"), &key)
}

/// The server's shared state. Locks are held only to look up or insert; nothing slow
/// runs under one.
struct Web {
    store: Store,
    links: WebLinks,
    board_size: u32,
    live: live::Watchers,
    limiter: limits::Limiter,
    /// What players' own pages act through, if they may.
    actor: Option<Actor>,
    /// Actions one user may make (beside their address's requests).
    actions: limits::Limiter<u64>,
    /// Proxies believed about their clients' addresses.
    trusted: Vec<AddressRange>,
    /// Event streams one client may have open.
    streams_per_client: usize,
    /// Rendered board pictures by (game, version, viewer, position, language).
    pictures: Mutex<HashMap<PictureKey, Arc<Vec<u8>>>>,
    /// Pages built lately, by (game, version, reader, language), with when.
    pages: Mutex<PagesKept>,
    /// The stored ratings, read again when older than [`RATINGS_KEPT`].
    ratings: Mutex<Option<RatingsKept>>,
    /// The legend page's lines and picture in each language, drawn once.
    legend: [std::sync::OnceLock<Legend>; 2],
    /// The Discord Activity, when on.
    activity: Option<activity::Activity>,
}

/// The legend's text lines and picture.
type Legend = (Vec<String>, Option<Vec<u8>>);
type PictureKey = (u64, u64, Option<u64>, usize, Lang);
/// Built pages by (game, version, reader, language), with when they were built.
type PagesKept = HashMap<(u64, u64, Reader, Lang), (Instant, Arc<GamePage>)>;

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // Maps of plain values, only ever inserted into or cleared whole.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The result of work run off the async threads, a task that failed counting as an
/// error like the work's own.
fn joined<T, E: std::fmt::Display>(
    done: Result<Result<T, E>, tokio::task::JoinError>,
) -> Result<T, String> {
    match done {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => Err(e.to_string()),
        Err(e) => Err(e.to_string()),
    }
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The router of every page, on `store`.
fn router(store: Store, options: WebOptions) -> Result<axum::Router, String> {
    let activity = options.activity.map(activity::Activity::new).transpose()?;
    let web = Arc::new(Web {
        store,
        links: options.links,
        board_size: options.board_size.unwrap_or(BOARD_SIZE),
        live: live::Watchers::default(),
        limiter: limits::Limiter::new(options.request_rate),
        actor: options.actor,
        actions: limits::Limiter::new(options.action_rate),
        trusted: options.trusted_proxies,
        streams_per_client: options.per_address,
        pictures: Mutex::new(HashMap::new()),
        ratings: Mutex::new(None),
        pages: Mutex::new(HashMap::new()),
        legend: [std::sync::OnceLock::new(), std::sync::OnceLock::new()],
        activity,
    });
    Ok(axum::Router::new()
        .route("/", get(index))
        .route("/legend", get(site::legend_page))
        .route("/legend.png", get(site::legend_picture))
        .route("/static/page.css", get(style))
        .route("/static/page.js", get(script))
        .route("/g/:address", get(game::serve::<false, false>))
        .route("/g/:address/board.png", get(game::serve::<false, true>))
        .route("/g/:address/events", get(game::events::<false>))
        .route("/g/:address/ws", get(socket::open::<false>))
        .route("/g/:address/game.pgn", get(game::export::<false>))
        .route("/g/:address/game.gif", get(game::export::<true>))
        .route("/p/:address", get(game::serve::<true, false>))
        .route("/p/:address/board.png", get(game::serve::<true, true>))
        .route("/p/:address/line.png", get(game::line_board))
        .route("/p/:address/events", get(game::events::<true>))
        .route("/p/:address/ws", get(socket::open::<true>))
        .route("/p/:address/act", post(play::act))
        .route("/pz/:address", get(puzzle::serve::<false>))
        .route("/pz/:address/board.png", get(puzzle::serve::<true>))
        .route("/pz/:address/act", post(puzzle::act))
        .route("/s/:address", get(site::server_page))
        .route("/activity", get(activity::page))
        .route("/activity/session", post(activity::session))
        .route("/static/activity.js", get(activity::script))
        .fallback(not_found)
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&web),
            limits::guard,
        ))
        .layer(axum::extract::DefaultBodyLimit::max(limits::MAX_BODY))
        .with_state(web))
}

/// Serves the pages on `listener` until the process stops.
pub async fn serve(
    listener: tokio::net::TcpListener,
    store: Store,
    options: WebOptions,
) -> Result<(), String> {
    let caps = connections::Caps {
        total: connections::below_file_limit(options.max_connections),
        per_address: options.per_address,
        header_timeout: options.header_timeout,
    };
    tracing::info!(
        "web: at most {} connections, {} from one address",
        caps.total,
        caps.per_address
    );
    let slots = connections::Slots::new(caps, options.trusted_proxies.clone());
    let app = router(store, options)?;
    connections::accept(listener, app, slots).await
}

/// Binds `listen` and serves the pages on the current async runtime (`arcana run`).
/// Returns the address bound.
pub fn start(listen: SocketAddr, store: Store, options: WebOptions) -> Result<SocketAddr, String> {
    let bind = |e: std::io::Error| format!("cannot listen for web pages on {listen}: {e}");
    let std_listener = std::net::TcpListener::bind(listen).map_err(bind)?;
    std_listener.set_nonblocking(true).map_err(bind)?;
    let bound = std_listener.local_addr().map_err(bind)?;
    let listener = tokio::net::TcpListener::from_std(std_listener).map_err(bind)?;
    tokio::spawn(async move {
        if let Err(e) = serve(listener, store, options).await {
            tracing::error!("{e}");
        }
    });
    tracing::info!("web pages on http://{bound}/");
    Ok(bound)
}

/// Binds `listen` and serves the pages on a thread of their own (front ends without
/// an async runtime: `arcana local`). Returns the address bound.
pub fn spawn(listen: SocketAddr, store: Store, options: WebOptions) -> Result<SocketAddr, String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the web server: {e}"))?;
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(listen))
        .map_err(|e| format!("cannot listen for web pages on {listen}: {e}"))?;
    let bound = listener
        .local_addr()
        .map_err(|e| format!("cannot listen for web pages on {listen}: {e}"))?;
    std::thread::Builder::new()
        .name("web".into())
        .spawn(move || {
            if let Err(e) = runtime.block_on(serve(listener, store, options)) {
                tracing::error!("{e}");
            }
        })
        .map_err(|e| format!("cannot start the web server: {e}"))?;
    Ok(bound)
}

/// A page that cannot be shown: its status and the catalog's keys of its title and
/// one sentence.
#[derive(Clone, Copy)]
struct Refused(StatusCode, &'static str, &'static str);

impl Refused {
    fn page(self, lang: Lang) -> Response {
        plain_page(lang, self.0, self.1, self.2)
    }
}

const NO_GAME: Refused = Refused(StatusCode::NOT_FOUND, "web-not-found", "web-no-game");
const NO_PAGE: Refused = Refused(StatusCode::NOT_FOUND, "web-not-found", "web-no-page");
const STORE_TROUBLE: Refused = Refused(
    StatusCode::SERVICE_UNAVAILABLE,
    "web-not-available",
    "web-store-trouble",
);

/// A short page with `status` and one paragraph (refusals, missing pages), from the
/// catalog's keys `title` and `text`.
fn plain_page(lang: Lang, status: StatusCode, title: &str, text: &str) -> Response {
    let (title, text) = (crate::i18n::tr(lang, title), crate::i18n::tr(lang, text));
    (status, html::Html(html::message_page(lang, &title, &text))).into_response()
}

async fn not_found(lang: PageLang) -> Response {
    NO_PAGE.page(lang.lang)
}

fn store_trouble(lang: Lang) -> Response {
    STORE_TROUBLE.page(lang)
}

async fn index(lang: PageLang) -> Response {
    plain_page(lang.lang, StatusCode::OK, "web-site", "web-index")
}

async fn style() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        include_str!("../../assets/web/page.css"),
    )
        .into_response()
}

async fn script() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        include_str!("../../assets/web/page.js"),
    )
        .into_response()
}
