//! Discord's rate limits kept by the bot itself, in front of every REST request: the
//! relay (`relay.rs`) asks [`Limiter::admit`] before it sends a request and tells
//! [`Limiter::learn`] every answer.
//!
//! - **The global limit.** This process's share of the bot's requests per second
//!   (`global_requests_per_second`, 50 by default, times the part of the bot's shards
//!   the process connects: [`share`]) is kept by spacing the requests evenly, one at a
//!   time through a gate, each at least `(1 s + JITTER) / n` after the last, `n` the
//!   whole requests of the share ([`whole`]: 12 of 12.5). No bursts: a second counted
//!   anywhere holds at most `n` of them, with room for the network's jitter, and the
//!   processes of one bot together at most the bot's limit (four processes of 12.5
//!   spaced by the share itself could put 13 each, 52, into one second). Interaction
//!   endpoints (callbacks, followups) are exempt, as on Discord.
//! - **A global 429** (`"global": true`, `X-RateLimit-Global`, `X-RateLimit-Scope:
//!   global`) holds every globally limited request of the process, not only the one that
//!   got it, until its `retry_after` has passed; and the process slows down (10 % for
//!   each such hold, to half its share at most, coming back by 5 % of its share a
//!   minute): a global 429 that comes although the requests were spaced says they reach
//!   Discord less evenly than they left (or another client uses the token), and more
//!   room is what keeps the next one away. The 429s that come while a hold is being
//!   waited out answer requests that left before it (a burst refused together): they
//!   lengthen the hold but are one event, and do not slow the process again.
//! - **Per-route buckets** from `X-RateLimit-Bucket`, `-Remaining` and `-Reset-After`: a
//!   request to a bucket with nothing remaining waits for its reset; a route's 429 empties
//!   its bucket until its `retry_after`. A bucket is a route's (method and path, its ids
//!   left out) for one top-level resource (a channel, a server, a webhook), as Discord
//!   counts them; routes that Discord names with one bucket hash share it.

use axum::http::{HeaderMap, Method};
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;
use tokio::time::Instant;

/// Room left in each second for requests that reach Discord later than they left (the
/// network, a busy machine): requests are spaced as if a second lasted this much longer.
const JITTER: Duration = Duration::from_millis(20);
/// Two answers of one bucket whose resets lie closer than this describe one window.
const SAME_WINDOW: Duration = Duration::from_millis(100);
/// After a global 429 the process goes this much slower than before...
const SLOWDOWN: f64 = 0.9;
/// ...but never slower than this part of its share...
const SLOWEST: f64 = 0.5;
/// ...and comes back by this part of its share each minute without one.
const RECOVERY_PER_MINUTE: f64 = 0.05;
/// Buckets kept before the spent ones are dropped.
const PRUNE_AT: usize = 1024;
/// 429 answers received, by scope (`global`, `user`, `shared`).
pub const LIMITED: &str = "arcana_discord_429_total";

/// This process's share of the bot's global limit of `per_second` requests: the part
/// `connected` of the bot's `total` shards (the whole without `--shards`).
pub fn share(per_second: u32, connected: u32, total: u32) -> f64 {
    f64::from(per_second) * f64::from(connected.min(total)) / f64::from(total.max(1))
}

/// The requests a share of `per_second` may send in any one second: its whole part (a
/// second holds whole requests; the processes' fractions together could make one more
/// than the bot's limit), or the share itself below two.
pub fn whole(per_second: f64) -> f64 {
    if per_second >= 2.0 {
        per_second.floor()
    } else {
        per_second.max(0.001)
    }
}

/// How long a 429 answer asks to wait: the longer of its `Retry-After` header and its
/// body's `retry_after` (seconds, possibly fractional); `None` when it says neither.
pub fn retry_after(headers: &HeaderMap, body: &[u8]) -> Option<Duration> {
    let header = header::<f64>(headers, "retry-after");
    let json = serde_json::from_slice::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v["retry_after"].as_f64());
    let secs = match (header, json) {
        (Some(a), Some(b)) => a.max(b),
        (a, b) => a.or(b)?,
    };
    seconds(secs)
}

fn header<T: std::str::FromStr>(headers: &HeaderMap, name: &str) -> Option<T> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<T>().ok())
}

fn seconds(secs: f64) -> Option<Duration> {
    (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs))
}

/// A request's place in Discord's limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The method and path with the ids left out (`POST /channels/{}/messages`).
    template: String,
    /// The top-level resource's id (and a webhook's or interaction's token).
    major: String,
    /// An interaction endpoint: not bound to the global limit.
    exempt: bool,
}

impl Route {
    pub fn of(method: &Method, path: &str) -> Route {
        let path = path.split('?').next().unwrap_or_default();
        let all: Vec<&str> = path.trim_matches('/').split('/').collect();
        let rest = match all.as_slice() {
            ["api", version, rest @ ..] if version.starts_with('v') => rest,
            whole => whole,
        };
        let top = rest.first().copied().unwrap_or_default();
        let tokened = matches!(top, "webhooks" | "interactions");
        let mut template = method.as_str().to_string();
        let mut major = Vec::new();
        for (i, segment) in rest.iter().enumerate() {
            let is_major = (i == 1
                && matches!(top, "channels" | "guilds" | "webhooks" | "interactions"))
                || (i == 2 && tokened);
            // An Activity instance's id (`i-…`) counts as an id too: one route for all.
            let is_id = (!segment.is_empty() && segment.bytes().all(|b| b.is_ascii_digit()))
                || (i > 0 && rest[i - 1] == "activity-instances");
            template.push('/');
            if is_major {
                major.push(*segment);
                template.push_str("{}");
            } else if is_id {
                template.push_str("{id}");
            } else {
                template.push_str(segment);
            }
        }
        Route {
            template,
            major: major.join("/"),
            exempt: tokened,
        }
    }
}

/// What an answer says of the limits.
#[derive(Debug, Default, PartialEq)]
struct Said {
    bucket: Option<String>,
    remaining: Option<u32>,
    reset_after: Option<Duration>,
    /// A 429: whether it is the global limit's, and how long it asks to wait.
    limited: Option<(bool, Duration)>,
}

impl Said {
    fn read(status: u16, headers: &HeaderMap, body: &[u8]) -> Said {
        let limited = (status == 429).then(|| {
            let global = header::<String>(headers, "x-ratelimit-scope")
                .is_some_and(|s| s.eq_ignore_ascii_case("global"))
                || header::<bool>(headers, "x-ratelimit-global").unwrap_or(false)
                || serde_json::from_slice::<serde_json::Value>(body)
                    .is_ok_and(|v| v["global"].as_bool() == Some(true));
            // A 429 that names no wait is held for a second.
            let wait = retry_after(headers, body).unwrap_or(Duration::from_secs(1));
            (global, wait)
        });
        Said {
            bucket: header::<String>(headers, "x-ratelimit-bucket"),
            remaining: header::<u32>(headers, "x-ratelimit-remaining"),
            reset_after: header::<f64>(headers, "x-ratelimit-reset-after").and_then(seconds),
            limited,
        }
    }
}

/// A bucket as the last answers left it: how many requests remain until its reset.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    remaining: u32,
    reset: Instant,
}

/// The per-route buckets.
#[derive(Default)]
struct Buckets {
    /// A route's bucket hash (`X-RateLimit-Bucket`), once an answer named it.
    hashes: HashMap<String, String>,
    /// Buckets by hash (or route, before its hash is known) and top-level resource.
    known: HashMap<String, Bucket>,
}

impl Buckets {
    fn key(&self, route: &Route) -> String {
        let id = self.hashes.get(&route.template).unwrap_or(&route.template);
        format!("{id} {}", route.major)
    }

    /// Takes one request from `route`'s bucket: `None` when it may go now, else when
    /// to ask again (the bucket's reset).
    fn take(&mut self, route: &Route, now: Instant) -> Option<Instant> {
        let key = self.key(route);
        let bucket = self.known.get_mut(&key)?;
        if now >= bucket.reset {
            self.known.remove(&key);
            return None;
        }
        if bucket.remaining == 0 {
            return Some(bucket.reset);
        }
        bucket.remaining -= 1;
        None
    }

    /// Notes what an answer on `route` said of its bucket.
    fn learn(&mut self, route: &Route, said: &Said, now: Instant) {
        if let Some(hash) = &said.bucket {
            if self.hashes.get(&route.template) != Some(hash) {
                self.hashes.insert(route.template.clone(), hash.clone());
            }
        }
        let after = said.reset_after.unwrap_or_default();
        let (remaining, reset) = match (said.limited, said.remaining) {
            (Some((false, wait)), _) => (0, now + wait.max(after)),
            (Some((true, _)), _) | (None, None) => return,
            (None, Some(_)) if said.reset_after.is_none() => return,
            (None, Some(left)) => (left, now + after),
        };
        let key = self.key(route);
        match self.known.get_mut(&key) {
            // An answer from a window already over, overtaken by a later one.
            Some(b) if reset + SAME_WINDOW < b.reset => {}
            // The same window: requests sent meanwhile are already counted here.
            Some(b) if reset < b.reset + SAME_WINDOW => {
                b.remaining = b.remaining.min(remaining);
                b.reset = b.reset.max(reset);
            }
            _ => {
                self.known.insert(key, Bucket { remaining, reset });
                self.prune(now);
            }
        }
    }

    fn prune(&mut self, now: Instant) {
        if self.known.len() > PRUNE_AT {
            self.known.retain(|_, b| b.reset > now);
        }
    }
}

/// The limits of one process's REST requests.
pub struct Limiter {
    /// The least time between two globally limited requests.
    spacing: Duration,
    /// When the last globally limited request left; held while a request waits its turn.
    gate: tokio::sync::Mutex<Option<Instant>>,
    /// The end of a global 429's wait.
    held: Mutex<Option<Instant>>,
    /// The part of its share the process took after its last global 429, and when.
    slowed: Mutex<Option<(f64, Instant)>>,
    buckets: Mutex<Buckets>,
}

impl Limiter {
    /// A limiter keeping this process's requests under `per_second` (its [`share`]).
    pub fn new(per_second: f64) -> Limiter {
        let spacing = (Duration::from_secs(1) + JITTER).div_f64(whole(per_second));
        Limiter {
            spacing,
            gate: tokio::sync::Mutex::new(None),
            held: Mutex::new(None),
            slowed: Mutex::new(None),
            buckets: Mutex::new(Buckets::default()),
        }
    }

    fn buckets(&self) -> MutexGuard<'_, Buckets> {
        self.buckets.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn held(&self) -> MutexGuard<'_, Option<Instant>> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The part of its share the process keeps to at `now`: 1, or less for a while
    /// after a global 429.
    fn pace(&self, now: Instant) -> f64 {
        let slowed = *self.slowed.lock().unwrap_or_else(|e| e.into_inner());
        slowed.map_or(1.0, |(part, at)| {
            let minutes = now.duration_since(at).as_secs_f64() / 60.0;
            (part + RECOVERY_PER_MINUTE * minutes).min(1.0)
        })
    }

    /// A global 429 at `now`: the process goes slower (see the module's notes).
    fn slow_down(&self, now: Instant) {
        let part = (self.pace(now) * SLOWDOWN).max(SLOWEST);
        *self.slowed.lock().unwrap_or_else(|e| e.into_inner()) = Some((part, now));
        tracing::warn!(
            "keeping to {:.0} % of this process's share for a while",
            part * 100.0
        );
    }

    /// Waits until a request on `route` may be sent: its bucket has one left, no
    /// global 429 is being waited out, and its turn under the global limit has come.
    pub async fn admit(&self, route: &Route) {
        loop {
            let wait = self.buckets().take(route, Instant::now());
            match wait {
                Some(reset) => {
                    tracing::debug!("bucket {} spent; waiting for its reset", route.template);
                    tokio::time::sleep_until(reset).await;
                }
                None => break,
            }
        }
        if !route.exempt {
            self.take_turn().await;
        }
    }

    /// The next turn under the global limit: one request at a time, spaced.
    async fn take_turn(&self) {
        let mut last = self.gate.lock().await;
        loop {
            let now = Instant::now();
            let spacing = self.spacing.div_f64(self.pace(now));
            let mut at = last.map_or(now, |l| l + spacing);
            if let Some(until) = *self.held() {
                at = at.max(until);
            }
            if at <= now {
                break;
            }
            tokio::time::sleep_until(at).await;
        }
        *last = Some(Instant::now());
    }

    /// Notes what Discord answered to a request on `route`: its bucket, and a 429.
    pub fn learn(&self, route: &Route, status: u16, headers: &HeaderMap, body: &[u8]) {
        let now = Instant::now();
        let said = Said::read(status, headers, body);
        if let Some((global, wait)) = said.limited {
            let scope = header::<String>(headers, "x-ratelimit-scope")
                .unwrap_or_else(|| if global { "global" } else { "user" }.to_string());
            metrics::counter!(LIMITED, "scope" => scope.clone()).increment(1);
            tracing::warn!("429 ({scope}) on {}; holding for {wait:?}", route.template);
            if global {
                let mut held = self.held();
                let burst = held.is_some_and(|h| h > now);
                *held = Some(held.map_or(now + wait, |h| h.max(now + wait)));
                drop(held);
                if !burst {
                    self.slow_down(now);
                }
            }
        }
        self.buckets().learn(route, &said, now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, v.parse().expect("a header value"));
        }
        h
    }

    fn post(path: &str) -> Route {
        Route::of(&Method::POST, path)
    }

    #[test]
    fn the_longer_of_header_and_body_is_waited() {
        let h = headers(&[("retry-after", "2")]);
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

    #[test]
    fn a_process_gets_its_shards_part_of_the_limit() {
        assert_eq!(share(50, 1, 1), 50.0);
        assert_eq!(share(50, 1, 2), 25.0);
        assert_eq!(share(50, 4, 8), 25.0);
        assert_eq!(share(120, 1, 4), 30.0);
    }

    #[test]
    fn routes_keep_their_top_level_resource_and_drop_other_ids() {
        let a = post("/api/v10/channels/11/messages");
        let b = post("/api/v10/channels/22/messages");
        assert_eq!(a.template, b.template);
        assert_ne!(a.major, b.major);
        let edit = Route::of(&Method::PATCH, "/api/v10/channels/11/messages/33");
        let other = Route::of(&Method::PATCH, "/api/v10/channels/11/messages/44");
        assert_eq!(edit, other);
        assert!(!a.exempt);
        let callback = post("/api/v10/interactions/55/tok/callback");
        let followup = post("/api/v10/webhooks/66/tok?wait=true");
        assert!(callback.exempt && followup.exempt);
        assert_eq!(followup.major, "66/tok");
        let instance = |id: &str| {
            Route::of(
                &Method::GET,
                &format!("/api/v10/applications/7/activity-instances/{id}"),
            )
        };
        assert_eq!(instance("i-1-gc-2-3"), instance("i-4-pc-5"));
    }

    /// The most requests spaced by `limiter` that fall into one second counted from
    /// any instant (as a window that starts at its first request counts them).
    fn most_in_a_second(limiter: &Limiter) -> u32 {
        let s = limiter.spacing.as_secs_f64();
        (1.0 / s).floor() as u32 + 1
    }

    #[test]
    fn the_processes_of_one_bot_never_put_more_than_its_limit_into_one_second() {
        for (procs, total) in [(1u32, 1u32), (2, 2), (3, 3), (4, 4), (4, 8), (5, 5), (7, 7)] {
            let share = share(50, total / procs, total);
            let limiter = Limiter::new(share);
            let together = most_in_a_second(&limiter) * procs;
            assert!(together <= 50, "{procs} processes of {share}: {together}");
            // And the limit is used: at most a request a second lost per process.
            assert!(together >= 50 - procs, "{procs} processes: {together}");
        }
        // A share below two is kept as it is.
        assert_eq!(whole(1.5), 1.5);
        assert_eq!(whole(12.5), 12.0);
    }

    #[tokio::test(start_paused = true)]
    async fn requests_are_spaced_under_the_rate() {
        let limiter = Limiter::new(10.0);
        let start = Instant::now();
        for _ in 0..21 {
            limiter.admit(&post("/api/v10/channels/1/messages")).await;
        }
        // 20 gaps of 102 ms: never 11 in a second.
        assert!(
            start.elapsed() >= Duration::from_millis(2040),
            "{:?}",
            start.elapsed()
        );
        // Interaction answers do not wait their turn.
        let before = Instant::now();
        limiter
            .admit(&post("/api/v10/interactions/1/t/callback"))
            .await;
        assert_eq!(before.elapsed(), Duration::ZERO);
    }

    #[tokio::test(start_paused = true)]
    async fn a_global_429_holds_every_request() {
        let limiter = Limiter::new(1000.0);
        let global = headers(&[
            ("retry-after", "2"),
            ("x-ratelimit-global", "true"),
            ("x-ratelimit-scope", "global"),
        ]);
        let body = br#"{"retry_after": 1.5, "global": true}"#;
        limiter.learn(&post("/api/v10/channels/1/messages"), 429, &global, body);
        let start = Instant::now();
        limiter.admit(&post("/api/v10/channels/2/messages")).await;
        assert!(start.elapsed() >= Duration::from_secs(2));
        // Over: no wait beyond the spacing.
        let again = Instant::now();
        limiter.admit(&post("/api/v10/guilds/3/members")).await;
        assert!(again.elapsed() < Duration::from_millis(10));
    }

    #[tokio::test(start_paused = true)]
    async fn a_global_429_slows_the_process_down_for_a_while() {
        let limiter = Limiter::new(10.0);
        let route = post("/api/v10/channels/1/messages");
        let global = headers(&[("x-ratelimit-scope", "global")]);
        limiter.learn(
            &route,
            429,
            &global,
            br#"{"retry_after": 0, "global": true}"#,
        );
        assert!((limiter.pace(Instant::now()) - 0.9).abs() < 1e-9);
        let start = Instant::now();
        for _ in 0..11 {
            limiter.admit(&route).await;
        }
        // 10 gaps of 102 ms / 0.9.
        assert!(
            start.elapsed() >= Duration::from_millis(1133),
            "{:?}",
            start.elapsed()
        );
        limiter.learn(
            &route,
            429,
            &global,
            br#"{"retry_after": 0, "global": true}"#,
        );
        assert!(limiter.pace(Instant::now()) < 0.82);
        tokio::time::advance(Duration::from_secs(240)).await;
        assert_eq!(limiter.pace(Instant::now()), 1.0);
    }

    #[tokio::test(start_paused = true)]
    async fn a_burst_of_global_429s_slows_the_process_down_once() {
        let limiter = Limiter::new(10.0);
        let route = post("/api/v10/channels/1/messages");
        let global = headers(&[("x-ratelimit-scope", "global")]);
        let answer = br#"{"retry_after": 0.5, "global": true}"#;
        // Twenty requests in flight refused together, one after another.
        for _ in 0..20 {
            limiter.learn(&route, 429, &global, answer);
            tokio::time::advance(Duration::from_millis(5)).await;
        }
        assert!((limiter.pace(Instant::now()) - 0.9).abs() < 1e-3);
        // Once the hold is over, a new 429 is a new event.
        tokio::time::advance(Duration::from_millis(500)).await;
        limiter.learn(&route, 429, &global, answer);
        assert!((limiter.pace(Instant::now()) - 0.81).abs() < 1e-3);
    }

    #[tokio::test(start_paused = true)]
    async fn a_spent_bucket_waits_for_its_reset() {
        let limiter = Limiter::new(1000.0);
        let route = post("/api/v10/channels/1/messages");
        let spent = headers(&[
            ("x-ratelimit-bucket", "abcd"),
            ("x-ratelimit-limit", "5"),
            ("x-ratelimit-remaining", "0"),
            ("x-ratelimit-reset-after", "3.5"),
        ]);
        limiter.learn(&route, 200, &spent, b"{}");
        // Another channel's bucket is its own.
        let start = Instant::now();
        limiter.admit(&post("/api/v10/channels/2/messages")).await;
        assert!(start.elapsed() < Duration::from_millis(10));
        limiter.admit(&route).await;
        assert!(start.elapsed() >= Duration::from_millis(3500));
    }

    #[tokio::test(start_paused = true)]
    async fn remaining_requests_are_counted_before_their_answers() {
        let limiter = Limiter::new(1000.0);
        let route = post("/api/v10/channels/1/messages");
        let two_left = headers(&[
            ("x-ratelimit-bucket", "abcd"),
            ("x-ratelimit-remaining", "2"),
            ("x-ratelimit-reset-after", "5"),
        ]);
        limiter.learn(&route, 200, &two_left, b"{}");
        let start = Instant::now();
        limiter.admit(&route).await;
        limiter.admit(&route).await;
        assert!(start.elapsed() < Duration::from_millis(10));
        // A late answer of the same window does not give back what was taken.
        limiter.learn(&route, 200, &two_left, b"{}");
        limiter.admit(&route).await;
        assert!(start.elapsed() >= Duration::from_secs(5));
    }

    #[tokio::test(start_paused = true)]
    async fn a_routes_429_empties_its_bucket_until_its_retry_after() {
        let limiter = Limiter::new(1000.0);
        let route = post("/api/v10/channels/1/messages");
        let user = headers(&[("retry-after", "2"), ("x-ratelimit-scope", "user")]);
        limiter.learn(
            &route,
            429,
            &user,
            br#"{"retry_after": 2, "global": false}"#,
        );
        let start = Instant::now();
        limiter.admit(&post("/api/v10/channels/9/messages")).await;
        assert!(start.elapsed() < Duration::from_millis(10));
        limiter.admit(&route).await;
        assert!(start.elapsed() >= Duration::from_secs(2));
    }
}
