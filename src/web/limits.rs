//! What every request meets before its page: only GET (and HEAD; POST for a private
//! page's actions), a bounded address and
//! body, a token bucket per client address (behind a trusted proxy, the client it
//! names), and the security headers on every answer.

use super::{lock, proxy, Web};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The largest request body read (pages take none).
pub const MAX_BODY: usize = 1024;
/// The longest path and query accepted.
const MAX_URI: usize = 512;
/// Requests an address may make at once (a page asks for its style, script, board and
/// events: a few pages in a row pass).
const BURST: f64 = 60.0;
/// Requests an address earns per second after that.
const PER_SECOND: f64 = 20.0;
/// Actions one player may make on their page at once (a turn takes a handful of
/// choices), and per second after that.
pub const ACTIONS: Rate = Rate {
    burst: 30.0,
    per_second: 5.0,
};

/// A token bucket's size and how fast it fills.
#[derive(Clone, Copy, Debug)]
pub struct Rate {
    pub burst: f64,
    pub per_second: f64,
}
/// Addresses remembered before the quiet ones are forgotten.
const ADDRESSES_KEPT: usize = 10_000;

/// The content security policy: nothing inline, nothing from elsewhere, no forms, no
/// framing.
pub(super) const POLICY: &str = "default-src 'none'; img-src 'self'; style-src 'self'; \
     script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

/// The headers every answer carries, pages and refusals alike (and hyper's own answers
/// to requests it cannot read, `wire::Secured`); the policy first.
pub(super) const SECURITY_HEADERS: [(&str, &str); 6] = [
    ("content-security-policy", POLICY),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    // A private page's address is its key: it never leaves in a Referer.
    ("referrer-policy", "no-referrer"),
    ("cross-origin-opener-policy", "same-origin"),
    (
        "permissions-policy",
        "camera=(), microphone=(), geolocation=()",
    ),
];

/// The address a request is counted against (`proxy::client_address`), for the
/// handlers after the guard.
#[derive(Clone, Copy, Debug)]
pub(super) struct Client(pub(super) IpAddr);

/// One token bucket per client address (or per user, for a page's actions).
pub(super) struct Limiter<K = IpAddr> {
    rate: Rate,
    buckets: Mutex<HashMap<K, (f64, Instant)>>,
}

/// Requests one address may make ([`BURST`], [`PER_SECOND`]).
pub const REQUESTS: Rate = Rate {
    burst: BURST,
    per_second: PER_SECOND,
};

impl Default for Limiter<IpAddr> {
    fn default() -> Self {
        Limiter::new(REQUESTS)
    }
}

impl<K: std::hash::Hash + Eq> Limiter<K> {
    pub(super) fn new(rate: Rate) -> Self {
        Limiter {
            rate,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes a token for `ip` at `now`; `false` when its bucket is empty.
    pub(super) fn admit(&self, ip: K, now: Instant) -> bool {
        let Rate { burst, per_second } = self.rate;
        let mut buckets = lock(&self.buckets);
        if buckets.len() >= ADDRESSES_KEPT && !buckets.contains_key(&ip) {
            // Full buckets are the default: forgetting them changes nothing.
            buckets.retain(|_, (tokens, at)| {
                *tokens + now.saturating_duration_since(*at).as_secs_f64() * per_second < burst
            });
        }
        let (tokens, at) = buckets.entry(ip).or_insert((burst, now));
        let earned = now.saturating_duration_since(*at).as_secs_f64() * per_second;
        *tokens = (*tokens + earned).min(burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// A plain-text refusal: the catalog's message `key` in `lang`.
fn refuse(status: StatusCode, lang: crate::i18n::Lang, key: &str) -> Response {
    (status, format!("{}\n", crate::i18n::tr(lang, key))).into_response()
}

/// The checks before every page, and the headers after.
pub(super) async fn guard(
    State(web): State<Arc<Web>>,
    mut request: Request,
    next: Next,
) -> Response {
    let accept = request
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok());
    let lang = super::page_lang(request.uri().query(), accept).lang;
    let acts = request.method() == Method::POST
        && (super::play::is_action(request.uri().path())
            || request.uri().path() == "/activity/session");
    let mut response = if request.method() != Method::GET
        && request.method() != Method::HEAD
        && !acts
    {
        // Nothing here acts on anything but a player's own page's actions.
        let mut r = refuse(StatusCode::METHOD_NOT_ALLOWED, lang, "web-only-get");
        r.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        r
    } else if request.uri().to_string().len() > MAX_URI {
        refuse(StatusCode::URI_TOO_LONG, lang, "web-address-too-long")
    } else if request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok())
        .is_some_and(|n| n > MAX_BODY)
    {
        refuse(StatusCode::PAYLOAD_TOO_LARGE, lang, "web-no-body")
    } else {
        let peer = request.extensions().get::<ConnectInfo<SocketAddr>>();
        let client = peer.map(|p| proxy::client_address(p.0.ip(), request.headers(), &web.trusted));
        if let Some(ip) = client {
            request.extensions_mut().insert(Client(ip));
        }
        match client {
            Some(ip) if !web.limiter.admit(proxy::counted_as(ip), Instant::now()) => {
                let mut r = refuse(StatusCode::TOO_MANY_REQUESTS, lang, "web-too-many-requests");
                r.headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
                r
            }
            _ => next.run(request).await,
        }
    };
    let headers = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.insert(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        );
    }
    if let Some(activity) = &web.activity {
        activity.allow_framing(headers);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_bucket_empties_and_fills_again() {
        let limiter = Limiter::default();
        let ip: IpAddr = [192, 0, 2, 1].into();
        let other: IpAddr = [192, 0, 2, 2].into();
        let start = Instant::now();
        for _ in 0..BURST as usize {
            assert!(limiter.admit(ip, start));
        }
        assert!(!limiter.admit(ip, start), "the burst is spent");
        assert!(
            limiter.admit(other, start),
            "another address has its own bucket"
        );
        let later = start + Duration::from_millis(100);
        assert!(limiter.admit(ip, later), "tokens come back with time");
        assert!(limiter.admit(ip, later));
        assert!(
            !limiter.admit(ip, later),
            "two tokens in a tenth of a second"
        );
    }
}
