//! A game page's live updates over a WebSocket (issue 49): the same following of the
//! game as the server-sent events (`live::Following`: the store's change feed, the
//! same caps), for the places that carry WebSockets only (the Discord Activity's
//! proxy). The server sends the game's record version as a text message when the socket
//! opens (once known) and whenever it changes; the page fetches itself again when that
//! is not the version it was built from. The page never sends anything: a data message
//! from it closes the socket.
//!
//! The upgrade is refused unless its `Origin` is the configured public address's origin
//! (another site's page cannot open one in a visitor's browser), its address passes the
//! signed-link check the page itself passes (a forged or expired one gets no socket),
//! and there is room in the caps the event streams share. A socket keeps its
//! connection's place (`connections::Held`) while it is open.

use super::connections::Held;
use super::{game, limits, live, proxy, PageLang, Web};
use crate::i18n::{tr, Lang};
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Extension;
use std::sync::Arc;
use std::time::Duration;

/// How often the server pings an open socket: well within the minute after which
/// common proxies close a quiet connection. A socket that answered nothing over a whole
/// interval is closed.
pub(super) const PING: Duration = Duration::from_secs(25);
/// The largest message or frame read from a page (it sends none; pings and closes are
/// small).
const MAX_READ: usize = 256;
/// How long a message may take to be written before the socket is given up.
const SEND_PATIENCE: Duration = Duration::from_secs(10);

/// A refusal of an upgrade: `status` and the catalog's sentence `key`, as text.
fn refused(status: StatusCode, lang: Lang, key: &str) -> Response {
    (status, format!("{}\n", tr(lang, key))).into_response()
}

/// `GET /g/<address>/ws` and `/p/<address>/ws`: a game page's live updates.
pub(super) async fn open<const PRIVATE: bool>(
    State(web): State<Arc<Web>>,
    Path(address): Path<String>,
    lang: PageLang,
    headers: HeaderMap,
    client: Option<Extension<limits::Client>>,
    held: Option<Extension<Held>>,
    upgrade: Option<WebSocketUpgrade>,
) -> Response {
    let lang = lang.lang;
    let Some(upgrade) = upgrade else {
        return refused(StatusCode::UPGRADE_REQUIRED, lang, "web-socket-only");
    };
    if !super::origin::from_our_pages(&web, &headers) {
        return refused(StatusCode::FORBIDDEN, lang, "web-socket-elsewhere");
    }
    let (game, _) = match game::resolve(&web, PRIVATE, &address) {
        Ok(found) => found,
        Err(refusal) => return refusal.page(lang),
    };
    let client = client.map(|c| (proxy::counted_as(c.0 .0), web.streams_per_client));
    let Some(following) = web.live.open(&web.store, game, client) else {
        return live::too_many(lang);
    };
    let held = held.map(|h| h.0);
    upgrade
        .max_message_size(MAX_READ)
        .max_frame_size(MAX_READ)
        .write_buffer_size(0)
        .on_upgrade(move |socket| serve(socket, following, held))
}

/// Why a socket ends.
enum End {
    /// The page closed it, or its connection broke: nothing more to send.
    Gone,
    /// The server closes it with this code.
    Close(u16),
}

/// Tells the page the game's versions until either side ends; pings it each [`PING`].
/// `_held`: the connection's place, given back when the socket ends.
async fn serve(mut socket: WebSocket, mut following: live::Following, _held: Option<Held>) {
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + PING, PING);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut heard = true;
    let end = loop {
        let send = tokio::select! {
            version = following.next() => match version {
                Some(version) => Message::Text(version.to_string()),
                None => break End::Close(close_code::AWAY),
            },
            got = socket.recv() => match got {
                Some(Ok(Message::Pong(_) | Message::Ping(_) | Message::Close(_))) => {
                    // A close is answered by the socket itself on the next read.
                    heard = true;
                    continue;
                }
                Some(Ok(Message::Text(_) | Message::Binary(_))) => {
                    break End::Close(close_code::POLICY)
                }
                Some(Err(_)) | None => break End::Gone,
            },
            _ = ping.tick() => {
                if !std::mem::take(&mut heard) {
                    break End::Gone;
                }
                Message::Ping(Vec::new())
            }
        };
        match tokio::time::timeout(SEND_PATIENCE, socket.send(send)).await {
            Ok(Ok(())) => {}
            _ => break End::Gone,
        }
    };
    if let End::Close(code) = end {
        let frame = CloseFrame {
            code,
            reason: "".into(),
        };
        let closing = socket.send(Message::Close(Some(frame)));
        let _ = tokio::time::timeout(SEND_PATIENCE, closing).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::origin::same_origin;
    use axum::http::header;
    use axum::http::HeaderValue;

    fn from(origin: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ORIGIN,
            HeaderValue::from_str(origin).expect("a header"),
        );
        headers
    }

    #[test]
    fn only_the_public_address_s_origin_opens_a_socket() {
        let ours = "https://arcana.example.org/games";
        assert!(same_origin(ours, &from("https://arcana.example.org")));
        assert!(same_origin(ours, &from("https://Arcana.Example.org")));
        for other in [
            "http://arcana.example.org",
            "https://arcana.example.org:8443",
            "https://evil.example.org",
            "https://arcana.example.org.evil.example",
            "null",
            "",
        ] {
            assert!(!same_origin(ours, &from(other)), "{other}");
        }
        assert!(!same_origin(ours, &HeaderMap::new()), "no Origin at all");
        let local = "http://127.0.0.1:8080";
        assert!(same_origin(local, &from("http://127.0.0.1:8080")));
        assert!(!same_origin(local, &from("http://localhost:8080")));
    }
}
