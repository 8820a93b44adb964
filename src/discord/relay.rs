//! A loopback relay in front of a plain-HTTP `api_base` (a rate-limiting proxy, or a
//! test's fake Discord) that honours Discord's 429s.
//!
//! serenity's own rate limiter rebuilds every request for discord.com, so with a plain
//! proxy it has to be off, and serenity then drops the `retry_after` of a 429 answer
//! (its error keeps only the JSON `code` and `message`). The relay sits between
//! serenity and the proxy: it forwards each request unchanged and, on a 429, waits the
//! longer of the body's `retry_after` and the `Retry-After` header before sending it
//! again, so every retry waits at least what Discord asked, whichever path sent it.

use axum::body::Bytes;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use std::time::Duration;

/// How many times one request is sent again after 429s before the 429 is passed on.
const MAX_RETRIES: u32 = 5;
/// A `retry_after` longer than this is not waited out here: the 429 goes back to the
/// caller (a global limit of minutes must not hold a request that long).
const LONGEST_WAIT: Duration = Duration::from_secs(60);

/// How long a 429 answer asks to wait: the longer of its `Retry-After` header and its
/// body's `retry_after` (seconds, possibly fractional); `None` when it says neither.
pub fn retry_after(headers: &HeaderMap, body: &[u8]) -> Option<Duration> {
    let header = headers
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<f64>().ok());
    let json = serde_json::from_slice::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v["retry_after"].as_f64());
    let secs = match (header, json) {
        (Some(a), Some(b)) => a.max(b),
        (a, b) => a.or(b)?,
    };
    (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs))
}

/// Starts the relay for `upstream` (`http://HOST:PORT`) on a free loopback port and
/// returns its base URL, for serenity's `proxy`.
pub async fn start(upstream: &str) -> Result<String, String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .map_err(|e| format!("cannot start the API relay: {e}"))?;
    let address = listener
        .local_addr()
        .map_err(|e| format!("cannot start the API relay: {e}"))?;
    let client = reqwest::Client::new();
    let upstream = upstream.trim_end_matches('/').to_string();
    let app = axum::Router::new().fallback(
        move |method: Method, uri: Uri, headers: HeaderMap, body: Bytes| {
            let (client, upstream) = (client.clone(), upstream.clone());
            async move { forward(&client, &upstream, method, uri, headers, body).await }
        },
    );
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!("the API relay stopped: {e}");
        }
    });
    Ok(format!("http://{address}"))
}

async fn forward(
    client: &reqwest::Client,
    upstream: &str,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let target = format!(
        "{upstream}{}",
        uri.path_and_query().map_or("/", |p| p.as_str())
    );
    let mut tries = 0;
    loop {
        let mut request = client.request(method.clone(), &target).body(body.clone());
        for (name, value) in &headers {
            if name != "host" && name != "content-length" {
                request = request.header(name, value);
            }
        }
        let answer = match request.send().await {
            Ok(a) => a,
            Err(e) => {
                tracing::warn!("API relay: {method} {target} failed: {e}");
                return (StatusCode::BAD_GATEWAY, e.to_string()).into_response();
            }
        };
        let status = answer.status();
        let answer_headers = answer.headers().clone();
        let answer_body = answer.bytes().await.unwrap_or_default();
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
        let mut response = (status, answer_body).into_response();
        for (name, value) in &answer_headers {
            if name != "content-length" && name != "transfer-encoding" && name != "connection" {
                response.headers_mut().insert(name, value.clone());
            }
        }
        return response;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longer_of_header_and_body_is_waited() {
        let mut h = HeaderMap::new();
        h.insert("retry-after", "2".parse().expect("a header"));
        let body =
            br#"{"message": "You are being rate limited.", "retry_after": 2.5, "global": false}"#;
        assert_eq!(retry_after(&h, body), Some(Duration::from_millis(2500)));
        assert_eq!(retry_after(&h, b""), Some(Duration::from_secs(2)));
        assert_eq!(
            retry_after(&HeaderMap::new(), br#"{"retry_after": 0.25}"#),
            Some(Duration::from_millis(250))
        );
        assert_eq!(retry_after(&HeaderMap::new(), b"{}"), None);
    }
}
