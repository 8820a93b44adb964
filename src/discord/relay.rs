//! The loopback relay every REST request of serenity goes through: it keeps Discord's
//! rate limits (`limiter.rs`) and honours Discord's 429s, in front of Discord itself, a
//! stand-in for discord.com (tests), or a plain-HTTP `api_base` (a proxy).
//!
//! serenity is pointed at the relay as at a proxy, its own rate limiter off: that
//! limiter rebuilds every request for discord.com (bypassing any proxy), waits out a
//! global 429 only for the request that got it, and, off, drops the `retry_after` of a
//! 429 answer (its error keeps only the JSON `code` and `message`). The relay forwards
//! each request unchanged once the limiter admits it and, on a 429, waits the longer of
//! the body's `retry_after` and the `Retry-After` header before sending it again (the
//! limiter meanwhile holds the requests the 429 concerns: all of them for a global one).

use super::limiter::{retry_after, Limiter, Route};
use axum::body::Bytes;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use std::time::Duration;

/// How many times one request is sent again after 429s before the 429 is passed on.
const MAX_RETRIES: u32 = 5;
/// A `retry_after` longer than this is not waited out here: the 429 goes back to the
/// caller (a global limit of minutes must not hold a request that long).
const LONGEST_WAIT: Duration = Duration::from_secs(60);

/// Where the relay sends the requests: `https://discord.com` (through `client`, which
/// may resolve it to a stand-in) or a proxy's `http://HOST:PORT`.
pub struct Upstream {
    pub base: String,
    pub client: reqwest::Client,
}

/// Starts the relay for `upstream` on a free loopback port, its requests kept within
/// `limiter`, and returns its base URL, for serenity's `proxy`.
pub async fn start(upstream: Upstream, limiter: Arc<Limiter>) -> Result<String, String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .map_err(|e| format!("cannot start the API relay: {e}"))?;
    let address = listener
        .local_addr()
        .map_err(|e| format!("cannot start the API relay: {e}"))?;
    let upstream = Arc::new(Upstream {
        base: upstream.base.trim_end_matches('/').to_string(),
        client: upstream.client,
    });
    let app = axum::Router::new().fallback(
        move |method: Method, uri: Uri, headers: HeaderMap, body: Bytes| {
            let (upstream, limiter) = (Arc::clone(&upstream), Arc::clone(&limiter));
            async move { forward(&upstream, &limiter, method, uri, headers, body).await }
        },
    );
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!("the API relay stopped: {e}");
        }
    });
    Ok(format!("http://{address}"))
}

/// An answer from upstream: status, headers, body.
type Answer = (StatusCode, HeaderMap, Bytes);

async fn forward(
    upstream: &Upstream,
    limiter: &Limiter,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path_and_query().map_or("/", |p| p.as_str());
    let target = format!("{}{path}", upstream.base);
    let route = Route::of(&method, uri.path());
    let mut tries = 0;
    loop {
        limiter.admit(&route).await;
        let request = upstream.client.request(method.clone(), &target);
        let (status, answer_headers, answer_body) =
            match send(request, &headers, body.clone()).await {
                Ok(answer) => answer,
                Err(e) => {
                    tracing::warn!("API relay: {method} {target} failed: {e}");
                    return (StatusCode::BAD_GATEWAY, e.to_string()).into_response();
                }
            };
        limiter.learn(&route, status.as_u16(), &answer_headers, &answer_body);
        if status == StatusCode::TOO_MANY_REQUESTS && tries < MAX_RETRIES {
            if let Some(wait) = retry_after(&answer_headers, &answer_body) {
                if wait <= LONGEST_WAIT {
                    tries += 1;
                    tracing::info!("rate limited on {method} {}; waiting {wait:?}", uri.path());
                    tokio::time::sleep(wait).await;
                    continue;
                }
            }
        }
        return respond(status, &answer_headers, answer_body);
    }
}

/// Sends `request` with the caller's `headers` (but those naming the relay) and `body`.
async fn send(
    mut request: reqwest::RequestBuilder,
    headers: &HeaderMap,
    body: Bytes,
) -> Result<Answer, reqwest::Error> {
    for (name, value) in headers {
        if name != "host" && name != "content-length" {
            request = request.header(name, value);
        }
    }
    let answer = request.body(body).send().await?;
    let status = answer.status();
    let headers = answer.headers().clone();
    let body = answer.bytes().await.unwrap_or_default();
    Ok((status, headers, body))
}

/// Upstream's answer passed back, without the headers of its own connection.
fn respond(status: StatusCode, headers: &HeaderMap, body: Bytes) -> Response {
    let mut response = (status, body).into_response();
    for (name, value) in headers {
        if name != "content-length" && name != "transfer-encoding" && name != "connection" {
            response.headers_mut().insert(name, value.clone());
        }
    }
    response
}
