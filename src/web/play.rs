//! Playing on a player's own page (issue 49): the page's controls post one action at a
//! time (`POST /p/<address>/act`) and the action goes through the game service exactly
//! as a Discord press does (the picker's `Pick`, `PickPlay`, the move confirmation), so
//! the same refusals, record, announcement and conditional answers follow. What the
//! service answers the invoker comes back to the page; everything else (the board in
//! the game's place, direct messages) goes to the front end's delivery. The rest of a
//! player's actions go the way of the game's Discord buttons and commands, for the
//! page's game only ([`Request::OnGame`]): resign (asked once more first), offer,
//! accept or decline a draw, ask for or answer a takeback, add a note.
//!
//! The signed private address is the page's token: no cookie acts, a request from
//! another site's page is refused by its `Origin`, the body must be JSON, and every
//! action names the record's number of actions it was made at (a stale one is refused
//! by the service). One token bucket per user beside the one per address.

use super::{now_ms, Web};
use crate::core::Side;
use crate::i18n::{tr, Lang};
use crate::service::actions::TakebackAction;
use crate::service::api::{Context, DrawAction, Reply, ReplyKind, Request, User};
use crate::service::front::GameService;
use crate::service::pages::LinkRefusal;
use crate::tr;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use std::time::Instant;

/// What a private page's controls act through: the game service, and where the replies
/// of an action that are not the invoker's go (the front end delivers them as its own:
/// the board in the game's place, direct messages).
#[derive(Clone)]
pub struct Actor {
    pub service: Arc<dyn GameService>,
    /// Called with the game's place and the replies to deliver there.
    pub deliver: Arc<dyn Fn(u64, Vec<Reply>) + Send + Sync>,
}

/// The longest picker path a page may send (the picker needs four at most).
const MAX_PATH: usize = crate::service::picker::MAX_PATH;

/// The longest note a page may add, in characters.
const MAX_NOTE: usize = super::html::MAX_NOTE;

/// Whether `path` is a private page's action address, a game's or a puzzle's (the one
/// POST allowed).
pub(super) fn is_action(path: &str) -> bool {
    (path.starts_with("/p/") || path.starts_with("/pz/"))
        && path.ends_with("/act")
        && path.matches('/').count() == 3
}

/// One action of a page.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Action {
    /// `pick` (the picker after `path`), `play` (the answer `path` completes),
    /// `confirm` or `cancel` (a move shown for confirmation); `resign` (asks again),
    /// `resign-confirm`, `draw-offer`, `draw-accept`, `draw-decline`,
    /// `takeback-request`, `takeback-accept`, `takeback-decline`, `note` (adds `text`).
    pub(super) ask: String,
    /// The record's number of actions the page was built at (a puzzle's page: the
    /// step of its line).
    pub(super) ply: u64,
    #[serde(default)]
    pub(super) path: Vec<u16>,
    /// A note's line.
    #[serde(default)]
    text: Option<String>,
    /// A conditional line's turns so far, each a complete picker path of the copy of
    /// the board (`line-pick`, `line-queue`).
    #[serde(default)]
    pub(super) line: Vec<Vec<u16>>,
    /// Which of the player's conditional lines (`line-delete`), from 1.
    #[serde(default)]
    number: Option<u16>,
}

/// What the page is told.
#[derive(serde::Serialize, Default)]
pub(super) struct Answer {
    pub(super) ok: bool,
    /// The service's words to the player (the question, a refusal, "played"), as the
    /// page's markup (escaped, `code` marked), one line each.
    pub(super) html: String,
    /// The picker's next choice, when one is asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    choice: Option<Choice>,
    /// The move waits for the player's confirmation at this ply.
    #[serde(skip_serializing_if = "Option::is_none")]
    confirm: Option<u64>,
    /// The action was played: the page follows the game to its new position.
    pub(super) played: bool,
    /// Resigning waits for the player's confirmation.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    resign: bool,
    /// A puzzle's answer ended it (solved or not): the page shows the verdict and
    /// offers another try or the next puzzle.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(super) ended: bool,
    /// The page to go to (a puzzle opened).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) go: Option<String>,
    /// A conditional line played out so far, as the page's markup.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<String>,
}

impl Answer {
    /// Only the catalog's sentence `key`, as a refusal.
    pub(super) fn said(lang: Lang, key: &str) -> Answer {
        Answer {
            html: super::html::inline(&tr(lang, key)),
            ..Answer::default()
        }
    }
}

#[derive(serde::Serialize)]
struct Choice {
    path: Vec<u16>,
    /// The path names a whole answer: `play` plays it.
    complete: bool,
    options: Vec<Offered>,
}

#[derive(serde::Serialize)]
struct Offered {
    label: String,
    value: u16,
    /// The cell the option stands for (`e2`), to be touched on the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<String>,
}

/// A refusal before the service is asked: `status` and the catalog's sentence `key`.
pub(super) fn refused(status: StatusCode, lang: Lang, key: &str) -> Response {
    (status, axum::Json(Answer::said(lang, key))).into_response()
}

/// Whether the request comes from a page of this site, as JSON.
fn same_site(web: &Web, headers: &HeaderMap) -> bool {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    json && super::origin::from_our_pages(web, headers)
}

/// The catalog's sentences of a refused link: forged, and expired.
pub(super) type LinkKeys = [&'static str; 2];

/// What a page's action passed its checks with: the actor it goes through, what the
/// link names, its user, and the action.
pub(super) struct Admitted<T> {
    pub(super) actor: Actor,
    pub(super) named: T,
    pub(super) user: u64,
    pub(super) action: Action,
}

/// The checks every page's action passes before the service is asked, a game's page's
/// and a puzzle's alike: players may act here, the signed link (`checked`: what it
/// names and its user; `keys`: what a forged or expired one is told), the request comes
/// from a page of this site as JSON, the user's token bucket, a readable action.
pub(super) fn admitted<T>(
    web: &Web,
    checked: Result<(T, u64), LinkRefusal>,
    keys: LinkKeys,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<Admitted<T>, (StatusCode, &'static str)> {
    let Some(actor) = web.actor.clone() else {
        return Err((StatusCode::NOT_FOUND, "web-play-off"));
    };
    let (named, user) = match checked {
        Ok(found) => found,
        Err(LinkRefusal::Forged) => return Err((StatusCode::FORBIDDEN, keys[0])),
        Err(LinkRefusal::Expired) => return Err((StatusCode::GONE, keys[1])),
    };
    if !same_site(web, headers) {
        return Err((StatusCode::FORBIDDEN, "web-play-elsewhere"));
    }
    if !web.actions.admit(user, Instant::now()) {
        return Err((StatusCode::TOO_MANY_REQUESTS, "web-too-many-requests"));
    }
    match serde_json::from_slice::<Action>(body) {
        Ok(action) if readable(&action) => Ok(Admitted {
            actor,
            named,
            user,
            action,
        }),
        _ => Err((StatusCode::BAD_REQUEST, "web-play-unreadable")),
    }
}

/// Whether an action's paths are within the picker's and a line's sizes.
fn readable(action: &Action) -> bool {
    action.path.len() <= MAX_PATH
        && action.line.len() <= crate::service::lines::MAX_TURNS
        && action.line.iter().all(|p| p.len() <= MAX_PATH)
}

/// The answer of an admitted action run off the async threads by `work`: what it tells
/// the page, or `missing` (a catalog key) when what the link names is not there.
pub(super) async fn respond(
    lang: Lang,
    missing: &'static str,
    what: String,
    work: impl FnOnce() -> Option<Answer> + Send + 'static,
) -> Response {
    let done = tokio::task::spawn_blocking(work);
    match super::joined(done.await.map(Ok::<_, String>)) {
        Ok(Some(answer)) => axum::Json(answer).into_response(),
        Ok(None) => refused(StatusCode::NOT_FOUND, lang, missing),
        Err(e) => {
            tracing::error!("web: action on {what}: {e}");
            refused(StatusCode::SERVICE_UNAVAILABLE, lang, "web-store-trouble")
        }
    }
}

/// What a forged or expired game link is told.
const GAME_LINK: LinkKeys = ["web-link-forged", "web-link-expired"];

/// `POST /p/<address>/act`: one action of the player the address names.
pub(super) async fn act(
    State(web): State<Arc<Web>>,
    Path(address): Path<String>,
    lang: super::PageLang,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let lang = lang.lang;
    let checked = web.links.check_private(&address, now_ms() / 1000);
    let a = match admitted(&web, checked, GAME_LINK, &headers, &body) {
        Ok(a) => a,
        Err((status, key)) => return refused(status, lang, key),
    };
    let (game, user) = (a.named, a.user);
    let shared = Arc::clone(&web);
    let work = move || run(&shared, &a.actor, game, user, a.action, lang);
    respond(lang, "web-no-game", format!("game {game}"), work).await
}

/// The action as the service's request, asked in the game's place by `user`; `None`
/// when the game is unknown or `user` does not play it.
fn run(
    web: &Web,
    actor: &Actor,
    game: u64,
    user: u64,
    action: Action,
    lang: Lang,
) -> Option<Answer> {
    let rec = match web.store.game(game) {
        Ok(Some(rec)) => rec,
        Ok(None) => return None,
        Err(e) => {
            tracing::error!("web: game {game}: {e}");
            return None;
        }
    };
    let side = rec.side_of(user)?;
    let ctx = Context {
        user: User {
            id: user,
            name: rec.players[side.index()].name.clone(),
        },
        channel: rec.channel,
        server: rec.server,
        key: None,
        lang,
        guild_locale: None,
    };
    let say = |key: &str| Answer {
        html: super::html::inline(&tr(lang, key)),
        resign: key == "web-play-resign-sure",
        ok: key == "web-play-resign-sure",
        ..Answer::default()
    };
    if action.ask == "line-pick" {
        return Some(line_pick(&rec, side, &action, lang));
    }
    let request = match asked(&rec, side, action, lang) {
        Ok(request) => request,
        Err(Refused::Key(key)) => return Some(say(key)),
        Err(Refused::Said(text)) => {
            return Some(Answer {
                html: super::html::inline(&text),
                ..Answer::default()
            })
        }
    };
    let replies = actor.service.handle(&ctx, request);
    let (mine, others): (Vec<Reply>, Vec<Reply>) = replies
        .into_iter()
        .partition(|r| matches!(r.to, crate::service::api::Audience::Invoker));
    let acted = !others.is_empty();
    if acted {
        (actor.deliver)(rec.channel, others);
    }
    let mut answer = answer(mine);
    if answer.html.is_empty() && acted {
        answer.html = super::html::inline(&tr(lang, "web-play-sent"));
    }
    Some(answer)
}

/// What a page is told instead of asking the service: a catalog sentence, or a
/// refusal already in words.
enum Refused {
    Key(&'static str),
    Said(String),
}

/// The copy of the board after the action's line, with its next turn's picker: a read
/// (`line-pick`), refused once the game has moved on.
fn line_pick(rec: &crate::store::GameRecord, side: Side, action: &Action, lang: Lang) -> Answer {
    if action.ply != rec.actions.len() as u64 {
        return Answer::said(lang, "web-play-stale");
    }
    match crate::service::lines::line_copy(rec, side, &action.line, &action.path, lang) {
        Ok(copy) => {
            let mut answer = answer(copy.picker.into_iter().collect());
            if !copy.turns.is_empty() {
                answer.line = Some(super::html::inline(&tr!(
                    lang,
                    "web-line-so-far",
                    line = copy.printed
                )));
            }
            answer
        }
        Err(why) => Answer {
            html: super::html::inline(&why),
            ..Answer::default()
        },
    }
}

/// The service's request an action of `side` asks for on the game of `rec`; else what
/// the page is told instead (a resignation asked once more, a stale position, an
/// action that cannot be read, a line that does not play out).
fn asked(
    rec: &crate::store::GameRecord,
    side: Side,
    action: Action,
    lang: Lang,
) -> Result<Request, Refused> {
    let (game, actions) = (rec.id, rec.actions.len() as u64);
    if action.ask.starts_with("line-") {
        return line_request(rec, side, action, lang);
    }
    asked_on(game, actions, action).map_err(Refused::Key)
}

/// `/conditional`'s request a line action asks for: the line's turns as typed
/// (`line-queue`), or `delete N` (`line-delete`).
fn line_request(
    rec: &crate::store::GameRecord,
    side: Side,
    action: Action,
    lang: Lang,
) -> Result<Request, Refused> {
    if action.ply != rec.actions.len() as u64 {
        return Err(Refused::Key("web-play-stale"));
    }
    let text = match (action.ask.as_str(), action.number) {
        ("line-queue", _) => crate::service::lines::line_copy(rec, side, &action.line, &[], lang)
            .map_err(Refused::Said)?
            .turns
            .join("; "),
        ("line-delete", Some(n)) => format!("delete {n}"),
        _ => return Err(Refused::Key("web-play-unreadable")),
    };
    Ok(Request::OnGame {
        game: rec.id,
        request: Box::new(Request::Conditional { text: Some(text) }),
    })
}

/// The service's request an action asks for, on game `game` whose record has `actions`
/// actions now; else the catalog key of what the page is told instead.
fn asked_on(game: u64, actions: u64, action: Action) -> Result<Request, &'static str> {
    let (ply, path) = (action.ply, action.path);
    let on_game = |request| Request::OnGame {
        game,
        request: Box::new(request),
    };
    let picker = matches!(action.ask.as_str(), "pick" | "play" | "confirm" | "cancel");
    // The picker's own requests name their position to the service; a note does not
    // depend on it; every other action is refused once the game has moved on.
    if !picker && action.ask != "note" && ply != actions {
        return Err("web-play-stale");
    }
    Ok(match action.ask.as_str() {
        "pick" => Request::Pick {
            game,
            ply: Some(ply),
            path,
        },
        "play" => Request::PickPlay { game, ply, path },
        "confirm" => Request::ConfirmMove { game, ply },
        "cancel" => Request::CancelMove { game },
        "resign" => return Err("web-play-resign-sure"),
        "resign-confirm" => on_game(Request::Resign),
        "draw-offer" => on_game(Request::Draw(DrawAction::Offer)),
        "draw-accept" => on_game(Request::Draw(DrawAction::Accept)),
        "draw-decline" => on_game(Request::Draw(DrawAction::Decline)),
        "takeback-request" => on_game(Request::Takeback(TakebackAction::Ask)),
        "takeback-accept" => on_game(Request::Takeback(TakebackAction::Accept)),
        "takeback-decline" => on_game(Request::Takeback(TakebackAction::Decline)),
        "note" => {
            let text = action.text.as_deref().map(str::trim).unwrap_or_default();
            if text.is_empty() || text.chars().count() > MAX_NOTE {
                return Err("web-play-note-refused");
            }
            on_game(Request::Note {
                text: Some(text.to_string()),
            })
        }
        _ => return Err("web-play-unreadable"),
    })
}

/// What the invoker's replies tell the page.
pub(super) fn answer(mine: Vec<Reply>) -> Answer {
    let mut answer = Answer {
        ok: true,
        ..Answer::default()
    };
    let mut texts = Vec::new();
    for reply in mine {
        match reply.kind {
            ReplyKind::Refusal => answer.ok = false,
            ReplyKind::Picker(shown) => {
                let options = shown
                    .menus
                    .iter()
                    .flat_map(|m| {
                        let cells = m.cells.iter().cloned().chain(std::iter::repeat(None));
                        m.options.iter().zip(cells)
                    })
                    .map(|((label, value), cell)| Offered {
                        label: label.clone(),
                        value: *value,
                        cell,
                    })
                    .collect();
                answer.choice = Some(Choice {
                    path: shown.path,
                    complete: shown.complete,
                    options,
                });
            }
            ReplyKind::ConfirmMove { ply, .. } => answer.confirm = Some(ply),
            ReplyKind::Picked => answer.played = true,
            _ => {}
        }
        texts.extend(reply.text.lines().map(super::html::inline));
    }
    answer.html = texts.join("<br>");
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_private_pages_act_address_takes_a_post() {
        assert!(is_action("/p/1-2-3-abc/act"));
        assert!(is_action("/pz/548541ae-2-3-abc/act"));
        for path in [
            "/pz/548541ae-2-3-abc",
            "/pz/act",
            "/g/1-abc/act",
            "/p/1-2-3-abc",
            "/p/1-2-3-abc/act/x",
            "/p/act",
        ] {
            assert!(!is_action(path), "{path}");
        }
    }
}
