//! The web pages of games (issue 29): a front end that reads the store and answers GET
//! requests with server-rendered HTML, the bot's own board pictures, the public exports
//! and a stream of server-sent events when a watched game changes. It never acts on a
//! game: every route is a GET, and what a page shows is decided by the service
//! (`service::pages`: the public view, or one player's own on their signed page).
//!
//! Live updates come from the store, not from this process's service, so a move made
//! by another process sharing PostgreSQL reaches the page too: each watched game has
//! one poller that reads its record's version every [`POLL`] while anyone watches.
//!
//! May import `service`, `store`, `render`, `core` and `variants`; nothing imports it
//! but the command line and `arcana local`.

mod connections;
mod html;
mod limits;
mod live;
mod proxy;
mod wire;

pub use proxy::AddressRange;

use crate::core::view::Viewer;
use crate::i18n::Lang;
use crate::ratings::{LadderScope, Table};
use crate::service::pages::{self, GamePage, LinkRefusal, WebLinks};
use crate::store::Store;
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Extension;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How often a watched game's record version is read.
pub const POLL: Duration = Duration::from_millis(250);
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
        }
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

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The router of every page, on `store`.
fn router(store: Store, options: WebOptions) -> axum::Router {
    let web = Arc::new(Web {
        store,
        links: options.links,
        board_size: options.board_size.unwrap_or(BOARD_SIZE),
        live: live::Watchers::default(),
        limiter: limits::Limiter::default(),
        trusted: options.trusted_proxies,
        streams_per_client: options.per_address,
        pictures: Mutex::new(HashMap::new()),
        ratings: Mutex::new(None),
        pages: Mutex::new(HashMap::new()),
        legend: [std::sync::OnceLock::new(), std::sync::OnceLock::new()],
    });
    axum::Router::new()
        .route("/", get(index))
        .route("/legend", get(legend_page))
        .route("/legend.png", get(legend_picture))
        .route("/static/page.css", get(style))
        .route("/static/page.js", get(script))
        .route("/g/:address", get(public_page))
        .route("/g/:address/board.png", get(public_board))
        .route("/g/:address/events", get(public_events))
        .route("/g/:address/game.pgn", get(public_pgn))
        .route("/g/:address/game.gif", get(public_gif))
        .route("/p/:address", get(private_page))
        .route("/p/:address/board.png", get(private_board))
        .route("/p/:address/events", get(private_events))
        .route("/s/:address", get(server_page))
        .fallback(not_found)
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&web),
            limits::guard,
        ))
        .layer(axum::extract::DefaultBodyLimit::max(limits::MAX_BODY))
        .with_state(web)
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
    let app = router(store, options);
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

/// The language a page is written in: `?lang=de` or `?lang=en` when the address asks
/// for one (the page's links then keep it), else the first of English and German in
/// the browser's `Accept-Language` by its preference, else English.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct PageLang {
    pub(super) lang: Lang,
    /// The address asked for it.
    asked: bool,
}

impl PageLang {
    /// What the page's links add to keep the language asked (empty: none was).
    fn query(self) -> &'static str {
        match (self.asked, self.lang) {
            (false, _) => "",
            (true, Lang::En) => "lang=en",
            (true, Lang::De) => "lang=de",
            (true, Lang::Fr) => "lang=fr",
        }
    }
}

/// A language of the pages by its code or a tag of it (`de`, `de-AT`).
fn supported(tag: &str) -> Option<Lang> {
    let primary = tag.trim().split(['-', '_']).next().unwrap_or_default();
    Lang::ALL
        .into_iter()
        .find(|l| primary.eq_ignore_ascii_case(l.code()))
}

/// The language of a page asked with `query` (the address after `?`) and an
/// `Accept-Language` header.
pub(super) fn page_lang(query: Option<&str>, accept: Option<&str>) -> PageLang {
    let asked = query.and_then(|q| {
        q.split('&')
            .filter_map(|pair| pair.split_once('='))
            .filter(|(name, _)| *name == "lang")
            .find_map(|(_, value)| supported(value))
    });
    if let Some(lang) = asked {
        return PageLang { lang, asked: true };
    }
    // The supported language of the highest weight; of equal weights, the first.
    let mut best: Option<(f32, Lang)> = None;
    for item in accept.unwrap_or_default().split(',') {
        let mut parts = item.split(';');
        let Some(lang) = parts.next().and_then(supported) else {
            continue;
        };
        let weight = parts
            .filter_map(|p| p.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        if weight > 0.0 && best.is_none_or(|(w, _)| weight > w) {
            best = Some((weight, lang));
        }
    }
    PageLang {
        lang: best.map_or(Lang::En, |(_, l)| l),
        asked: false,
    }
}

#[axum::async_trait]
impl<S: Send + Sync> FromRequestParts<S> for PageLang {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<PageLang, Self::Rejection> {
        let accept = parts
            .headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok());
        Ok(page_lang(parts.uri.query(), accept))
    }
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

/// Which page: a game's public one, or one player's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Reader {
    Public,
    Player(u64),
}

/// The game and reader an address names, or the refusal page.
fn resolve(web: &Web, private: bool, address: &str) -> Result<(u64, Reader), Refused> {
    if !private {
        return web
            .links
            .check_game(address)
            .map(|g| (g, Reader::Public))
            .ok_or(Refused(
                StatusCode::NOT_FOUND,
                "web-not-found",
                "web-no-game-page",
            ));
    }
    match web.links.check_private(address, now_ms() / 1000) {
        Ok((game, user)) => Ok((game, Reader::Player(user))),
        Err(LinkRefusal::Forged) => Err(Refused(
            StatusCode::FORBIDDEN,
            "web-link-refused",
            "web-link-forged",
        )),
        Err(LinkRefusal::Expired) => Err(Refused(
            StatusCode::GONE,
            "web-link-expired-title",
            "web-link-expired",
        )),
    }
}

/// A game's page for its reader in `lang`, read from the store off the async threads,
/// with the record's version.
async fn load(
    web: &Arc<Web>,
    game: u64,
    reader: Reader,
    lang: Lang,
) -> Result<(Arc<GamePage>, u64), Refused> {
    let shared = Arc::clone(web);
    let read = tokio::task::spawn_blocking(move || {
        let Some((rec, version)) = shared.store.game_versioned(game)? else {
            return Ok(None);
        };
        let viewer = match reader {
            Reader::Public => Viewer::Public,
            Reader::Player(user) => match rec.side_of(user) {
                Some(side) => Viewer::Player(side),
                // Signed for someone who does not play this game: nothing of theirs.
                None => return Ok(None),
            },
        };
        // Every viewer of a game asks for it again after each move: a page built in the
        // last moment for the same version serves them all.
        let key = (game, version, reader, lang);
        let kept = lock(&shared.pages)
            .get(&key)
            .filter(|(at, _)| at.elapsed() < PAGE_KEPT)
            .map(|(_, page)| Arc::clone(page));
        if let Some(page) = kept {
            return Ok(Some((page, version)));
        }
        let page = Arc::new(pages::game_page(rec, viewer, now_ms(), lang)?);
        let mut pages = lock(&shared.pages);
        if pages.len() >= PAGES_KEPT {
            pages.retain(|_, (at, _)| at.elapsed() < PAGE_KEPT);
        }
        pages.insert(key, (Instant::now(), Arc::clone(&page)));
        Ok::<_, crate::store::StoreError>(Some((page, version)))
    })
    .await;
    match read {
        Ok(Ok(Some(found))) => Ok(found),
        Ok(Ok(None)) => Err(NO_GAME),
        Ok(Err(e)) => {
            tracing::error!("web: game {game}: {e}");
            Err(STORE_TROUBLE)
        }
        Err(e) => {
            tracing::error!("web: game {game}: {e}");
            Err(STORE_TROUBLE)
        }
    }
}

#[derive(serde::Deserialize)]
struct PlyQuery {
    ply: Option<String>,
}

/// The position asked for: `?ply=N` (clamped to the game), else the game as it stands.
fn chosen_ply(query: &PlyQuery, positions: usize) -> usize {
    let last = positions.saturating_sub(1);
    query
        .ply
        .as_deref()
        .and_then(|p| p.trim().parse::<usize>().ok())
        .map_or(last, |p| p.min(last))
}

async fn page(
    web: Arc<Web>,
    private: bool,
    address: String,
    query: PlyQuery,
    lang: PageLang,
) -> Response {
    let (game, reader) = match resolve(&web, private, &address) {
        Ok(r) => r,
        Err(refused) => return refused.page(lang.lang),
    };
    let (page, version) = match load(&web, game, reader, lang.lang).await {
        Ok(p) => p,
        Err(refused) => return refused.page(lang.lang),
    };
    let ply = chosen_ply(&query, page.positions.len());
    let base = if private {
        format!("/p/{address}")
    } else {
        format!("/g/{address}")
    };
    let public = (reader != Reader::Public).then(|| web.links.game_path(game));
    let ratings = if page.rated {
        current_ratings(&web, &page).await
    } else {
        [None, None]
    };
    let markup = html::game_page(&html::PageAt {
        page: &page,
        ply,
        version,
        base: &base,
        public_path: public.as_deref(),
        board_size: web.board_size,
        ratings,
        lang: lang.lang,
        lang_query: lang.query(),
    });
    let mut response = html::Html(markup).into_response();
    if private {
        // A player's own view is never kept by a shared cache.
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// The players' ratings now in the game's ladder and variant (a newcomer's starting
/// rating when they have none yet); read from the store at most every
/// [`RATINGS_KEPT`].
async fn current_ratings(web: &Arc<Web>, page: &GamePage) -> [Option<String>; 2] {
    let kept = lock(&web.ratings)
        .as_ref()
        .filter(|(at, _, _)| at.elapsed() < RATINGS_KEPT)
        .map(|(_, table, scope)| (Arc::clone(table), *scope));
    let (table, scope) = match kept {
        Some(k) => k,
        None => {
            let shared = Arc::clone(web);
            let read = tokio::task::spawn_blocking(move || shared.store.ratings()).await;
            match read {
                Ok(Ok((table, scope))) => {
                    let table = Arc::new(table);
                    let scope = scope.unwrap_or_default();
                    *lock(&web.ratings) = Some((Instant::now(), Arc::clone(&table), scope));
                    (table, scope)
                }
                _ => return [None, None],
            }
        }
    };
    let ladder = scope.ladder(page.server);
    page.player_ids.map(|user| {
        let key = crate::ratings::Key {
            ladder,
            variant: page.variant,
            user,
        };
        let glicko = table.get(&key).map(|s| s.glicko).unwrap_or_default();
        Some(glicko.shown())
    })
}

async fn public_page(
    State(web): State<Arc<Web>>,
    Path(address): Path<String>,
    Query(query): Query<PlyQuery>,
    lang: PageLang,
) -> Response {
    page(web, false, address, query, lang).await
}

async fn private_page(
    State(web): State<Arc<Web>>,
    Path(address): Path<String>,
    Query(query): Query<PlyQuery>,
    lang: PageLang,
) -> Response {
    page(web, true, address, query, lang).await
}

async fn board(
    web: Arc<Web>,
    private: bool,
    address: String,
    query: PlyQuery,
    lang: PageLang,
) -> Response {
    let (game, reader) = match resolve(&web, private, &address) {
        Ok(r) => r,
        Err(refused) => return refused.page(lang.lang),
    };
    let (page, version) = match load(&web, game, reader, lang.lang).await {
        Ok(p) => p,
        Err(refused) => return refused.page(lang.lang),
    };
    let ply = chosen_ply(&query, page.positions.len());
    let key = (
        game,
        version,
        match reader {
            Reader::Public => None,
            Reader::Player(u) => Some(u),
        },
        ply,
        lang.lang,
    );
    let cached = lock(&web.pictures).get(&key).cloned();
    let png = match cached {
        Some(png) => png,
        None => {
            let Some(view) = page.positions.get(ply).cloned() else {
                return not_found(lang).await;
            };
            let options = crate::render::RenderOptions {
                size: web.board_size,
                // A spectator reads from White's side; a player from their own.
                orientation: match view.viewer {
                    Viewer::Public => Some(crate::core::Side::White),
                    Viewer::Player(side) => Some(side),
                },
            };
            let words = lang.lang;
            let drawn = tokio::task::spawn_blocking(move || {
                crate::render::render_png_in(&view, &options, words)
            })
            .await;
            let png = match drawn {
                Ok(Ok(png)) => Arc::new(png),
                Ok(Err(e)) => {
                    tracing::error!("web: board of game {game}: {e}");
                    return store_trouble(lang.lang);
                }
                Err(e) => {
                    tracing::error!("web: board of game {game}: {e}");
                    return store_trouble(lang.lang);
                }
            };
            let mut kept = lock(&web.pictures);
            if kept.len() >= PICTURES_KEPT {
                kept.clear();
            }
            kept.insert(key, Arc::clone(&png));
            png
        }
    };
    let cache = if private {
        "private, no-store"
    } else {
        "public, max-age=2"
    };
    (
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, cache),
        ],
        png.as_ref().clone(),
    )
        .into_response()
}

async fn public_board(
    State(web): State<Arc<Web>>,
    Path(address): Path<String>,
    Query(query): Query<PlyQuery>,
    lang: PageLang,
) -> Response {
    board(web, false, address, query, lang).await
}

async fn private_board(
    State(web): State<Arc<Web>>,
    Path(address): Path<String>,
    Query(query): Query<PlyQuery>,
    lang: PageLang,
) -> Response {
    board(web, true, address, query, lang).await
}

async fn events(
    web: Arc<Web>,
    private: bool,
    address: String,
    lang: PageLang,
    client: Option<Extension<limits::Client>>,
) -> Response {
    let (game, _) = match resolve(&web, private, &address) {
        Ok(r) => r,
        Err(refused) => return refused.page(lang.lang),
    };
    let client = client.map(|c| (proxy::counted_as(c.0 .0), web.streams_per_client));
    match live::stream(&web.live, &web.store, game, client) {
        Some(events) => events.into_response(),
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::RETRY_AFTER, "30")],
            format!("{}\n", crate::tr!(lang.lang, "web-too-many-streams")),
        )
            .into_response(),
    }
}

async fn public_events(
    State(web): State<Arc<Web>>,
    Path(address): Path<String>,
    lang: PageLang,
    client: Option<Extension<limits::Client>>,
) -> Response {
    events(web, false, address, lang, client).await
}

async fn private_events(
    State(web): State<Arc<Web>>,
    Path(address): Path<String>,
    lang: PageLang,
    client: Option<Extension<limits::Client>>,
) -> Response {
    events(web, true, address, lang, client).await
}

/// An export of a game's public record: `gif` picks the animation, else the PGN (both
/// in English: the PGN's tags are English by its standard).
async fn export(web: Arc<Web>, address: String, gif: bool, lang: PageLang) -> Response {
    let (game, _) = match resolve(&web, false, &address) {
        Ok(r) => r,
        Err(refused) => return refused.page(lang.lang),
    };
    let shared = Arc::clone(&web);
    let made = tokio::task::spawn_blocking(move || {
        let Some(rec) = shared.store.game(game).map_err(|e| e.to_string())? else {
            return Ok(None);
        };
        let name = format!("arcana-{}-{}", rec.variant.id(), rec.id);
        let bytes = if gif {
            pages::public_animation(&rec)?
        } else {
            let site = shared.links.game_url(game);
            pages::public_record(&rec, Some(&site))
                .map_err(|e| e.to_string())?
                .into_bytes()
        };
        Ok::<_, String>(Some((name, bytes)))
    })
    .await;
    let (name, bytes) = match made {
        Ok(Ok(Some(made))) => made,
        Ok(Ok(None)) => return not_found(lang).await,
        Ok(Err(e)) => {
            tracing::error!("web: export of game {game}: {e}");
            return store_trouble(lang.lang);
        }
        Err(e) => {
            tracing::error!("web: export of game {game}: {e}");
            return store_trouble(lang.lang);
        }
    };
    let (kind, file) = if gif {
        ("image/gif", format!("{name}.gif"))
    } else {
        ("application/x-chess-pgn", format!("{name}.pgn"))
    };
    let disposition = format!("attachment; filename=\"{file}\"");
    let mut response = (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "public, max-age=2"),
        ],
        bytes,
    )
        .into_response();
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        response
            .headers_mut()
            .insert(header::CONTENT_DISPOSITION, v);
    }
    response
}

async fn public_pgn(
    State(web): State<Arc<Web>>,
    Path(address): Path<String>,
    lang: PageLang,
) -> Response {
    export(web, address, false, lang).await
}

async fn public_gif(
    State(web): State<Arc<Web>>,
    Path(address): Path<String>,
    lang: PageLang,
) -> Response {
    export(web, address, true, lang).await
}

fn legend_of(web: &Web, lang: Lang) -> &Legend {
    let at = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
    web.legend[at].get_or_init(|| pages::legend(web.board_size, lang))
}

async fn legend_page(State(web): State<Arc<Web>>, lang: PageLang) -> Response {
    let shared = Arc::clone(&web);
    let words = lang.lang;
    let lines = tokio::task::spawn_blocking(move || legend_of(&shared, words).0.clone())
        .await
        .unwrap_or_default();
    html::Html(html::legend_page(lang.lang, lang.query(), &lines)).into_response()
}

async fn legend_picture(State(web): State<Arc<Web>>, lang: PageLang) -> Response {
    let shared = Arc::clone(&web);
    let words = lang.lang;
    let png = tokio::task::spawn_blocking(move || legend_of(&shared, words).1.clone())
        .await
        .ok()
        .flatten();
    match png {
        Some(png) => (
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, "public, max-age=3600"),
            ],
            png,
        )
            .into_response(),
        None => not_found(lang).await,
    }
}

/// A server's page: its games being played, its last finished games and its ladders,
/// when its moderators have it on.
async fn server_page(
    State(web): State<Arc<Web>>,
    Path(address): Path<String>,
    lang: PageLang,
) -> Response {
    let Some(server) = web.links.check_server(&address) else {
        return not_found(lang).await;
    };
    let shared = Arc::clone(&web);
    let words = lang.lang;
    let read = tokio::task::spawn_blocking(move || {
        pages::server_page(&shared.store, server, now_ms(), words)
    })
    .await;
    match read {
        Ok(Ok(Some(page))) => {
            let live: Vec<html::ServerGame> = page
                .live
                .iter()
                .map(|l| html::ServerGame {
                    path: web.links.game_path(l.id),
                    variant: l.variant.name_in(words),
                    players: [l.players[0].name.clone(), l.players[1].name.clone()],
                    turns: l.turns,
                })
                .collect();
            let recent: Vec<html::FinishedGame> = page
                .recent
                .iter()
                .map(|g| html::FinishedGame {
                    path: web.links.game_path(g.id),
                    variant: g.variant.name_in(words),
                    players: g.players.clone(),
                    result: g.result,
                    rated: g.rated,
                })
                .collect();
            html::Html(html::server_page(
                lang.lang,
                lang.query(),
                &live,
                &recent,
                &page.ladders,
                &page.events,
            ))
            .into_response()
        }
        Ok(Ok(None)) => plain_page(
            lang.lang,
            StatusCode::NOT_FOUND,
            "web-server-not-shown",
            "web-server-page-off",
        ),
        Ok(Err(e)) => {
            tracing::error!("web: server page: {e}");
            store_trouble(lang.lang)
        }
        Err(e) => {
            tracing::error!("web: server page: {e}");
            store_trouble(lang.lang)
        }
    }
}
