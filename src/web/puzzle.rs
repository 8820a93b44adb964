//! A puzzle's page (issue 51): its solver's own, behind a signed link (`/pz/...`, from
//! `/puzzle`), showing the board from the solver's side, whose turn, the last move and
//! the solver's secrets, and answering by the same touch-and-drag picker as a game's
//! page (`assets/web/page.js`). Every action goes through the service's puzzle path
//! ([`Request::PuzzlePick`], `/puzzle` to open one), past the
//! same checks as a game page's actions (`play::admitted`); the page never writes.

use super::html::{self, escape, keep};
use super::play::{admitted, answer, refused, respond, Answer, LinkKeys};
use super::{joined, now_ms, store_trouble, PageLang, Refused, Web};
use crate::i18n::{tr, Lang};
use crate::service::actions::PuzzleAsk;
use crate::service::api::{Context, ReplyKind, Request, User};
use crate::service::pages::{puzzle_page, LinkRefusal, PuzzlePage};
use crate::tr;
use crate::variants::VariantId;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// What a forged or expired puzzle link is told.
const PUZZLE_LINK: LinkKeys = ["web-puzzle-link-forged", "web-puzzle-link-expired"];

const NO_PUZZLE: Refused = Refused(StatusCode::NOT_FOUND, "web-not-found", "web-no-puzzle");

/// The puzzle, user and expiry a puzzle page's address names, or its refusal page.
fn resolve(web: &Web, address: &str) -> Result<(String, u64, u64), Refused> {
    web.links
        .check_puzzle(address, now_ms() / 1000)
        .map_err(|refusal| match refusal {
            LinkRefusal::Forged => Refused(
                StatusCode::FORBIDDEN,
                "web-link-refused",
                "web-puzzle-link-forged",
            ),
            LinkRefusal::Expired => Refused(
                StatusCode::GONE,
                "web-link-expired-title",
                "web-puzzle-link-expired",
            ),
        })
}

/// The page of the puzzle an address names, for its user in `lang`.
async fn load(web: &Arc<Web>, address: &str, lang: Lang) -> Result<PuzzlePage, Refused> {
    let (puzzle, user, _) = resolve(web, address)?;
    let shared = Arc::clone(web);
    let read =
        tokio::task::spawn_blocking(move || puzzle_page(&shared.store, &puzzle, user, lang)).await;
    match joined(read) {
        Ok(Some(page)) => Ok(page),
        Ok(None) => Err(NO_PUZZLE),
        Err(e) => {
            tracing::error!("web: puzzle page: {e}");
            Err(super::STORE_TROUBLE)
        }
    }
}

/// `GET /pz/<address>` (`BOARD` false): the puzzle's page; `/pz/<address>/board.png`
/// (`BOARD`): the board it shows, from the solver's side. A refusal as its page.
pub(super) async fn serve<const BOARD: bool>(
    State(web): State<Arc<Web>>,
    Path(address): Path<String>,
    lang: PageLang,
) -> Response {
    let page = match load(&web, &address, lang.lang).await {
        Ok(page) => page,
        Err(refused) => return refused.page(lang.lang),
    };
    if BOARD {
        return board(&web, page, lang.lang).await;
    }
    let base = format!("/pz/{address}");
    let markup = markup(&page, &base, web.board_size, &lang, web.actor.is_some());
    let mut response = html::Html(markup).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The picture of the board `page` shows, from the solver's side, in `lang`.
async fn board(web: &Web, page: PuzzlePage, lang: Lang) -> Response {
    let options = crate::render::RenderOptions {
        size: web.board_size,
        orientation: Some(page.solver),
    };
    let drawn = tokio::task::spawn_blocking(move || {
        crate::render::render_png_in(&page.view, &options, lang)
    })
    .await;
    match joined(drawn) {
        Ok(png) => (
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, "private, no-store"),
            ],
            png,
        )
            .into_response(),
        Err(e) => {
            tracing::error!("web: puzzle board: {e}");
            store_trouble(lang)
        }
    }
}

/// A puzzle's page at the step its solver has reached: the board (touchable while the
/// puzzle is open), the state, and the picker; or, when the reader does not have this
/// puzzle open, a button that opens it. `acts`: the web server has the service.
fn markup(page: &PuzzlePage, base: &str, size: u32, lang: &PageLang, acts: bool) -> String {
    let (words, query) = (lang.lang, lang.query());
    let label = |key: &str| escape(&tr(words, key));
    let answering = acts && page.open;
    let mut b = format!(
        "<main id=\"game\" class=\"puzzle\" data-version=\"{step}\" data-ply=\"0\" \
         data-last=\"0\" data-now=\"{}\">\n<h1>{}</h1>\n<p class=\"private\">{}</p>\n\
         <div class=\"layout\">\n",
        escape(&keep(base, query)),
        escape(&page.title),
        label("web-puzzle-notice"),
        step = page.step,
    );
    let picture = escape(&keep(
        &format!("{base}/board.png?v={}-{}", page.step, u8::from(page.open)),
        query,
    ));
    let alt = tr!(
        words,
        "web-puzzle-board-alt",
        game = page.variant.name_in(words),
        fen = html::placement(&page.view)
    );
    let cells = if answering {
        html::cells_attribute(&page.view, size, page.solver)
    } else {
        String::new()
    };
    let caption = page.status.first().cloned().unwrap_or_default();
    b.push_str(&html::figure(&picture, size, &alt, &caption, &cells));
    b.push_str("<section class=\"side\">\n");
    html::status_lines(&mut b, &page.status, page.secret.as_deref(), words);
    if acts {
        controls(&mut b, page, base, words);
    }
    b.push_str("</section>\n</div>\n</main>");
    html::document(words, &page.title, &b)
}

/// The solver's controls: the verdict of their last answer, the picker while the
/// puzzle is open, and the buttons that open it (again) or the next one.
fn controls(b: &mut String, page: &PuzzlePage, base: &str, lang: Lang) {
    let label = |key: &str| escape(&tr(lang, key));
    b.push_str(&format!(
        "<section id=\"play\" class=\"play\" data-puzzle=\"{}\" data-act=\"{}/act\" \
         data-actions=\"{}\" data-failed=\"{}\">\n\
         <p class=\"verdict\" aria-live=\"polite\"></p>\n",
        escape(&page.id),
        escape(base),
        page.step,
        label("web-play-failed"),
    ));
    if page.open {
        b.push_str(&html::picker_block(lang, "web-puzzle-heading"));
    } else {
        b.push_str(&format!(
            "<p class=\"puzzle-start\">{}</p>\n",
            label("web-puzzle-start")
        ));
    }
    let first = if page.open {
        "web-puzzle-again"
    } else {
        "web-puzzle-open"
    };
    b.push_str(&format!(
        "<p class=\"puzzle-actions\"{}><button type=\"button\" data-ask=\"open\">{}</button> \
         <button type=\"button\" data-ask=\"next\">{}</button></p>\n\
         <p class=\"puzzle-text\" aria-live=\"polite\"></p>\n</section>\n",
        if page.open { " hidden" } else { "" },
        label(first),
        label("web-puzzle-next"),
    ));
}

/// `POST /pz/<address>/act`: one action of the puzzle page's solver.
pub(super) async fn act(
    State(web): State<Arc<Web>>,
    Path(address): Path<String>,
    lang: PageLang,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let lang = lang.lang;
    let checked = web
        .links
        .check_puzzle(&address, now_ms() / 1000)
        .map(|(puzzle, user, expires)| ((puzzle, expires), user));
    let a = match admitted(&web, checked, PUZZLE_LINK, &headers, &body) {
        Ok(a) => a,
        Err((status, key)) => return refused(status, lang, key),
    };
    let ((puzzle, expires), user) = (a.named, a.user);
    let what = format!("puzzle {puzzle}");
    let shared = Arc::clone(&web);
    let action = a.action;
    let actor = a.actor;
    let work = move || {
        let asked = Asked {
            puzzle,
            user,
            expires,
            lang,
        };
        run(&shared, &actor.service, asked, action)
    };
    respond(lang, "web-no-puzzle", what, work).await
}

/// Who acts on which puzzle's page, until when, in which language.
struct Asked {
    puzzle: String,
    user: u64,
    expires: u64,
    lang: Lang,
}

/// `replies` without the line that says how to answer in chat: the page asks its own
/// way.
fn without_chat_how(replies: &mut [crate::service::api::Reply], lang: Lang) {
    let how = crate::core::Side::BOTH.map(|s| {
        tr!(
            lang,
            "puzzle-how",
            side = crate::variants::side_name(s, lang)
        )
    });
    for r in replies {
        let kept: Vec<&str> = r
            .text
            .lines()
            .filter(|l| !how.contains(&l.to_string()))
            .collect();
        r.text = kept.join("\n");
    }
}

/// The action as the service's puzzle request of the page's solver: a choice of the
/// picker or its Confirm, opening this puzzle or the next one of its game; `None`
/// when the puzzle is unknown.
fn run(
    web: &Web,
    service: &Arc<dyn crate::service::front::GameService>,
    asked: Asked,
    action: super::play::Action,
) -> Option<Answer> {
    let Asked {
        puzzle,
        user,
        expires,
        lang,
    } = asked;
    let stored = match web.store.puzzle_for(user, &puzzle) {
        Ok(read) => read.value?,
        Err(e) => {
            tracing::error!("web: puzzle {puzzle}: {e}");
            return None;
        }
    };
    let (step, path) = (action.ply, action.path);
    let request = match action.ask.as_str() {
        "pick" | "play" => Request::PuzzlePick {
            play: action.ask == "play",
            puzzle,
            step,
            path,
            solver: user,
        },
        "open" => Request::Puzzle(PuzzleAsk {
            id: Some(puzzle),
            ..PuzzleAsk::default()
        }),
        "next" => Request::Puzzle(PuzzleAsk {
            variant: VariantId::parse(&stored.variant),
            ..PuzzleAsk::default()
        }),
        _ => return Some(Answer::said(lang, "web-play-unreadable")),
    };
    let opens = matches!(request, Request::Puzzle(_));
    // A puzzle is played in no place.
    let ctx = Context {
        channel: 0,
        server: None,
        key: None,
        guild_locale: None,
        lang,
        user: User {
            id: user,
            name: String::new(),
        },
    };
    let mut replies = service.handle(&ctx, request);
    let asks = replies
        .iter()
        .any(|r| matches!(r.kind, ReplyKind::PuzzleQuestion { .. }));
    without_chat_how(&mut replies, lang);
    let mut told = answer(replies);
    told.ended = told.played && !asks;
    if opens && told.ok {
        // The page of the puzzle now open, under the same expiry.
        told.go = match web.store.puzzle_book(user) {
            Ok(book) => book
                .value
                .open
                .map(|open| web.links.puzzle_path(&open.puzzle, user, expires)),
            Err(e) => {
                tracing::error!("web: puzzle book: {e}");
                None
            }
        };
    }
    Some(told)
}
