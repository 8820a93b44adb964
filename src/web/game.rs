//! A game's pages: the page itself (public, or one player's own behind a signed
//! link), its board pictures, its stream of updates and its exports.

use super::{
    html, joined, limits, live, lock, not_found, now_ms, proxy, store_trouble, PageLang, Refused,
    Web, NO_GAME, PAGES_KEPT, PAGE_KEPT, PICTURES_KEPT, RATINGS_KEPT, STORE_TROUBLE,
};
use crate::core::view::Viewer;
use crate::i18n::Lang;
use crate::service::pages::{self, GamePage, LinkRefusal};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Extension;
use std::sync::Arc;
use std::time::Instant;

/// Which page: a game's public one, or one player's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Reader {
    Public,
    Player(u64),
}

/// The game and reader an address names, or the refusal page.
pub(super) fn resolve(web: &Web, private: bool, address: &str) -> Result<(u64, Reader), Refused> {
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
    match joined(read) {
        Ok(Some(found)) => Ok(found),
        Ok(None) => Err(NO_GAME),
        Err(e) => {
            tracing::error!("web: game {game}: {e}");
            Err(STORE_TROUBLE)
        }
    }
}

#[derive(serde::Deserialize)]
pub(super) struct PlyQuery {
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

/// The game and reader an address names, and the game's page for that reader with
/// its record's version ([`resolve`], then [`load`]).
async fn opened(
    web: &Arc<Web>,
    private: bool,
    address: &str,
    lang: Lang,
) -> Result<(u64, Reader, Arc<GamePage>, u64), Refused> {
    let (game, reader) = resolve(web, private, address)?;
    let (page, version) = load(web, game, reader, lang).await?;
    Ok((game, reader, page, version))
}

/// A game's page (`BOARD` false) or its board picture (`BOARD`), public (`/g/...`) or
/// a player's own (`PRIVATE`, `/p/...`), at the ply the address asks for; a refusal as
/// its page.
pub(super) async fn serve<const PRIVATE: bool, const BOARD: bool>(
    State(web): State<Arc<Web>>,
    Path(address): Path<String>,
    Query(query): Query<PlyQuery>,
    lang: PageLang,
) -> Response {
    let (game, reader, page, version) = match opened(&web, PRIVATE, &address, lang.lang).await {
        Ok(found) => found,
        Err(refused) => return refused.page(lang.lang),
    };
    let at = Opened {
        ply: chosen_ply(&query, page.positions.len()),
        game,
        reader,
        page,
        version,
        private: PRIVATE,
    };
    if BOARD {
        board(&web, at, lang).await
    } else {
        page_at(&web, &address, at, lang).await
    }
}

/// A game opened for a reader at one ply.
struct Opened {
    game: u64,
    reader: Reader,
    page: Arc<GamePage>,
    version: u64,
    ply: usize,
    private: bool,
}

/// A game's page.
async fn page_at(web: &Arc<Web>, address: &str, at: Opened, lang: PageLang) -> Response {
    let Opened {
        game,
        reader,
        page,
        version,
        ply,
        private,
    } = at;
    let base = if private {
        format!("/p/{address}")
    } else {
        format!("/g/{address}")
    };
    let public = (reader != Reader::Public).then(|| web.links.game_path(game));
    let ratings = if page.rated {
        current_ratings(web, &page).await
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
        acts: web.actor.is_some(),
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

/// The board picture of a game's page at the position asked for.
async fn board(web: &Arc<Web>, at: Opened, lang: PageLang) -> Response {
    let key = (
        at.game,
        at.version,
        match at.reader {
            Reader::Public => None,
            Reader::Player(u) => Some(u),
        },
        at.ply,
        lang.lang,
    );
    let cached = lock(&web.pictures).get(&key).cloned();
    let png = match cached {
        Some(png) => png,
        None => {
            let Some(view) = at.page.positions.get(at.ply).cloned() else {
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
            let png = match joined(drawn) {
                Ok(png) => Arc::new(png),
                Err(e) => {
                    tracing::error!("web: board of game {}: {e}", at.game);
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
    let cache = if at.private {
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

/// The stream of a game page's updates.
pub(super) async fn events<const PRIVATE: bool>(
    State(web): State<Arc<Web>>,
    Path(address): Path<String>,
    lang: PageLang,
    client: Option<Extension<limits::Client>>,
) -> Response {
    let (game, _) = match resolve(&web, PRIVATE, &address) {
        Ok(r) => r,
        Err(refused) => return refused.page(lang.lang),
    };
    let client = client.map(|c| (proxy::counted_as(c.0 .0), web.streams_per_client));
    match live::stream(&web.live, &web.store, game, client) {
        Some(events) => events.into_response(),
        None => live::too_many(lang.lang),
    }
}

/// An export of a game's public record: `gif` picks the animation, else the PGN (both
/// in English: the PGN's tags are English by its standard).
pub(super) async fn export<const GIF: bool>(
    State(web): State<Arc<Web>>,
    Path(address): Path<String>,
    lang: PageLang,
) -> Response {
    let gif = GIF;
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
    let (name, bytes) = match joined(made) {
        Ok(Some(made)) => made,
        Ok(None) => return not_found(lang).await,
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

#[derive(serde::Deserialize)]
pub(super) struct LineQuery {
    line: Option<String>,
}

/// A line's turns written in an address: turns separated by `-`, each turn's picker
/// choices by `.` (`0.3-1.2`); nothing is no turn. `None` when it does not read.
fn line_in_address(text: &str) -> Option<Vec<Vec<u16>>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    let line: Option<Vec<Vec<u16>>> = text
        .split('-')
        .map(|turn| turn.split('.').map(|c| c.parse().ok()).collect())
        .collect();
    line.filter(|l| l.len() <= crate::service::lines::MAX_TURNS)
}

/// `/p/<address>/line.png?line=…`: the board picture of a conditional line played out
/// on a copy of the game (issue 49), from its player's side; nothing when the line does
/// not play out (the page's own answer says why).
pub(super) async fn line_board(
    State(web): State<Arc<Web>>,
    Path(address): Path<String>,
    Query(query): Query<LineQuery>,
    lang: PageLang,
) -> Response {
    let (game, reader) = match resolve(&web, true, &address) {
        Ok(found) => found,
        Err(refused) => return refused.page(lang.lang),
    };
    let (Reader::Player(user), Some(line)) =
        (reader, line_in_address(query.line.as_deref().unwrap_or("")))
    else {
        return not_found(lang).await;
    };
    let (shared, words, size) = (Arc::clone(&web), lang.lang, web.board_size);
    let drawn = tokio::task::spawn_blocking(move || {
        let Some(rec) = shared.store.game(game).map_err(|e| e.to_string())? else {
            return Ok(None);
        };
        let Some(side) = rec.side_of(user) else {
            return Ok(None);
        };
        let Ok(copy) = crate::service::lines::line_copy(&rec, side, &line, &[], words) else {
            return Ok(None);
        };
        let options = crate::render::RenderOptions {
            size,
            orientation: Some(side),
        };
        crate::render::render_png_in(&copy.view, &options, words)
            .map(Some)
            .map_err(|e| e.to_string())
    })
    .await;
    match joined(drawn) {
        Ok(Some(png)) => (
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, "private, no-store"),
            ],
            png,
        )
            .into_response(),
        Ok(None) => not_found(lang).await,
        Err(e) => {
            tracing::error!("web: a line's board of game {game}: {e}");
            store_trouble(lang.lang)
        }
    }
}
