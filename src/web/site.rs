//! The pages beside the games: the legend of badges and marks, and a server's page.

use super::html::Listed;
use super::{html, joined, not_found, now_ms, plain_page, store_trouble, Legend, PageLang, Web};
use crate::i18n::Lang;
use crate::service::pages;
use crate::variants::VariantId;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

fn legend_of(web: &Web, lang: Lang) -> &Legend {
    let at = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
    web.legend[at].get_or_init(|| pages::legend(web.board_size, lang))
}

pub(super) async fn legend_page(State(web): State<Arc<Web>>, lang: PageLang) -> Response {
    let shared = Arc::clone(&web);
    let words = lang.lang;
    let lines = tokio::task::spawn_blocking(move || legend_of(&shared, words).0.clone())
        .await
        .unwrap_or_default();
    html::Html(html::legend_page(lang.lang, lang.query(), &lines)).into_response()
}

pub(super) async fn legend_picture(State(web): State<Arc<Web>>, lang: PageLang) -> Response {
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
pub(super) async fn server_page(
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
    match joined(read) {
        Ok(Some(page)) => {
            let listed = |id, variant: VariantId, players, state| html::ListedGame {
                path: web.links.game_path(id),
                variant: variant.name_in(words),
                players,
                state,
            };
            let live: Vec<html::ListedGame> = page
                .live
                .iter()
                .map(|l| {
                    let players = [l.players[0].name.clone(), l.players[1].name.clone()];
                    listed(l.id, l.variant, players, Listed::Live { turns: l.turns })
                })
                .collect();
            let recent: Vec<html::ListedGame> = page
                .recent
                .iter()
                .map(|g| {
                    let (result, rated) = (g.result, g.rated);
                    let state = Listed::Finished { result, rated };
                    listed(g.id, g.variant, g.players.clone(), state)
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
        Ok(None) => plain_page(
            lang.lang,
            StatusCode::NOT_FOUND,
            "web-server-not-shown",
            "web-server-page-off",
        ),
        Err(e) => {
            tracing::error!("web: server page: {e}");
            store_trouble(lang.lang)
        }
    }
}
