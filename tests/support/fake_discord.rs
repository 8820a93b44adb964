//! A fake Discord for end-to-end tests: the REST API and the gateway websocket on
//! 127.0.0.1, enough for the real serenity client to connect, register commands,
//! answer interactions and send messages. Every REST request is recorded for
//! assertions; events are injected through the gateway. The REST API is served twice:
//! plain HTTP (`base()`, for a proxy-style `api_base`) and HTTPS answering for
//! discord.com with a per-fake certificate (`api_lines()`), so the bot's client, with
//! its relay in front, talks to it as to Discord.

#![allow(dead_code)]

use axum::body::Bytes;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::State as AxumState;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, Notify};

mod activity;
mod history;
mod installs;

#[allow(unused_imports)] // used by the Activity's test, not by every test binary
pub use activity::CLIENT_SECRET;
#[allow(unused_imports)] // used by the Discord suite, not by every test binary
pub use installs::{FOLLOWUP_CAP, TOKEN_LIFE};

pub const APP_ID: u64 = 900_000_000_000_000_001;
pub const BOT_ID: u64 = 900_000_000_000_000_002;
pub const GUILD_ID: u64 = 900_000_000_000_000_003;

/// How long any wait may take before the test fails (keeps every test bounded).
pub const WAIT: Duration = Duration::from_secs(20);

/// A Discord user of the fake.
#[derive(Clone, Debug)]
pub struct FakeUser {
    pub id: u64,
    pub name: &'static str,
}

impl FakeUser {
    pub fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(), "username": self.name, "discriminator": "0",
            "global_name": self.name, "avatar": null, "bot": false,
        })
    }
}

/// One REST request as the fake received it.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    /// The JSON body, or a multipart request's `payload_json`.
    pub json: Value,
    /// Multipart files: (file name, bytes).
    pub files: Vec<(String, Vec<u8>)>,
    pub status: u16,
    /// The Authorization header (`Bot TOKEN`): which bot process sent it.
    pub auth: String,
    /// When the fake received it.
    pub at: std::time::Instant,
}

impl Recorded {
    /// The message's visible text, wherever this request carries it: its `content`, or
    /// the text of its Text Display components (a Components V2 message).
    pub fn content(&self) -> String {
        let v = if self.json.get("data").is_some() {
            &self.json["data"]
        } else {
            &self.json
        };
        visible_text(v)
    }

    /// Message flags (64 = ephemeral), wherever this request carries them.
    pub fn flags(&self) -> u64 {
        let v = if self.json.get("data").is_some() {
            &self.json["data"]
        } else {
            &self.json
        };
        v["flags"].as_u64().unwrap_or(0)
    }

    pub fn is_ephemeral(&self) -> bool {
        self.flags() & 64 != 0
    }

    /// Whether this request answers the interaction with this token (callback, edit
    /// of the original response, or followup).
    pub fn answers(&self, interaction_id: u64) -> bool {
        self.path
            .contains(&format!("/interactions/{interaction_id}/"))
            || self.path.contains(&format!("/tok-{interaction_id}"))
    }
}

struct Inner {
    port: u16,
    /// The port of the TLS listener that answers for discord.com.
    tls_port: u16,
    /// The PEM certificate it presents (for `api_certificate`), in a folder of its own.
    certificate: std::path::PathBuf,
    _certificates: tempfile::TempDir,
    log: Mutex<Vec<Recorded>>,
    changed: Notify,
    /// The gateway session: its id, sequence numbers, every dispatched event (to replay
    /// on resume) and the connection currently attached to it.
    gateway: Mutex<HashMap<u32, Session>>,
    /// The shard count of the last IDENTIFY (1 until a bot names one): a server's events
    /// go to shard `(guild_id >> 22) % total`, as Discord routes them.
    total_shards: AtomicU64,
    /// Every IDENTIFY's `[shard, total]`.
    identified_shards: Mutex<Vec<(u32, u32)>>,
    /// Channels of servers other than [`GUILD_ID`]: channel -> server.
    channel_guilds: Mutex<HashMap<u64, u64>>,
    identifies: AtomicU64,
    /// RESUMEs received: (session id, the last sequence number the bot had seen).
    resumes: Mutex<Vec<(String, u64)>>,
    attempts: AtomicU64,
    next_id: AtomicU64,
    closed_dms: Mutex<HashSet<u64>>,
    /// DM channel id -> recipient user id.
    dm_channels: Mutex<HashMap<u64, u64>>,
    /// Interactions whose callbacks and webhooks answer 404 / 10062 (Unknown
    /// interaction), as Discord does once an interaction's token has expired.
    dead_interactions: Mutex<HashSet<u64>>,
    /// A user's Discord client language (`locale` of their interactions), when not
    /// `en-US`.
    locales: Mutex<HashMap<u64, String>>,
    /// A server's preferred locale (`guild_locale` of interactions sent from it), when
    /// not `en-US` (Discord's default, and all a non-Community server has).
    guild_locales: Mutex<HashMap<u64, String>>,
    /// How the gateway treats a connection (see [`GatewayMode`]).
    gateway_mode: Mutex<GatewayMode>,
    /// Scripted failures of the next matching REST requests (see [`Fault`]).
    faults: Mutex<Vec<Fault>>,
    /// Interactions already answered by a callback: a second callback is refused with
    /// 400 / 40060, as Discord refuses it.
    acknowledged: Mutex<HashSet<u64>>,
    /// Every message the bot made, by id, as Discord keeps it (edits applied).
    messages: Mutex<HashMap<u64, Value>>,
    /// Interaction id -> the channel it came from.
    interaction_channels: Mutex<HashMap<u64, u64>>,
    /// Button interaction id -> the message it was pressed on.
    pressed: Mutex<HashMap<u64, u64>>,
    /// Interaction id -> its original response message (made by a type 4 callback).
    originals: Mutex<HashMap<u64, u64>>,
    /// Users whose member permissions include Manage Messages (moderators).
    moderators: Mutex<HashSet<u64>>,
    /// Users whose member permissions include Manage Server.
    managers: Mutex<HashSet<u64>>,
    /// The roles each member holds.
    roles: Mutex<HashMap<u64, Vec<u64>>>,
    /// The names threads were created with.
    thread_names: Mutex<HashMap<u64, String>>,
    /// Threads made by the bot: thread id -> parent channel.
    threads: Mutex<HashMap<u64, u64>>,
    /// Threads a moderator deleted, archived or locked (see [`ThreadFate`]).
    thread_fates: Mutex<HashMap<u64, ThreadFate>>,
    /// Nonces of the bot's messages sent with `enforce_nonce`: nonce -> the message it
    /// made. A second create with the same nonce gets that message back and makes
    /// none, as Discord documents ("checked for uniqueness in the past few minutes";
    /// the fake keeps them for its whole life, longer than any test).
    nonces: Mutex<HashMap<String, Value>>,
    /// Creates answered with an earlier message because their nonce was seen.
    deduplicated: AtomicU64,
    /// Discord's global rate limit, when set (see [`FakeDiscord::set_global_limit`]).
    global_limit: Mutex<Option<GlobalLimit>>,
    /// Per-route limits (see [`FakeDiscord::set_route_limit`]).
    route_limits: Mutex<Vec<RouteLimit>>,
    /// Whether a followup (Create Followup Message, `POST /webhooks/{app}/{token}`)
    /// uploading files with the Components V2 flag is refused (see
    /// [`FakeDiscord::refuse_v2_followups_with_files`]).
    refuse_v2_followups: std::sync::atomic::AtomicBool,
    /// Chat messages people posted, by id (see [`history`]).
    chats: Mutex<std::collections::BTreeMap<u64, Value>>,
    /// Group chats, token ages and followup counts of user installs (see [`installs`]).
    installs: installs::Installs,
    /// The Activity's OAuth2 codes and tokens.
    oauth: activity::OAuth,
    /// The Activity's instances (see [`activity`]).
    instances: activity::Instances,
}

/// Requests per second across the whole bot (every token), counted in one-second
/// windows; interaction endpoints are exempt, as on Discord.
struct GlobalLimit {
    per_second: u32,
    window: std::time::Instant,
    used: u32,
    /// Requests answered 429 (`"global": true`).
    refused: u64,
}

impl GlobalLimit {
    /// Counts a request; `Some(retry_after)` in seconds when it is over the limit.
    fn take(&mut self, path: &str) -> Option<f64> {
        if path.starts_with("/api/v10/interactions/") || path.starts_with("/api/v10/webhooks/") {
            return None;
        }
        let now = std::time::Instant::now();
        if now.duration_since(self.window) >= Duration::from_secs(1) {
            (self.window, self.used) = (now, 0);
        }
        if self.used < self.per_second {
            self.used += 1;
            return None;
        }
        self.refused += 1;
        Some((Duration::from_secs(1) - now.duration_since(self.window)).as_secs_f64())
    }
}

/// A per-route limit, as Discord keeps one for a route and its top-level resource:
/// `limit` requests per window of `per`, the window starting at its first request.
/// Every answer on the route says where its bucket stands (`X-RateLimit-Limit`,
/// `-Remaining`, `-Reset-After`, `-Bucket`); a request past the limit is answered 429
/// (`X-RateLimit-Scope: user`, `"global": false`) until the window ends.
struct RouteLimit {
    method: String,
    path_end: String,
    limit: u32,
    per: Duration,
    window: Option<(std::time::Instant, u32)>,
    /// Requests answered 429.
    refused: u64,
}

impl RouteLimit {
    /// Counts a request: its bucket's headers, and whether it is over the limit.
    fn take(&mut self) -> (Vec<(&'static str, String)>, bool) {
        let now = std::time::Instant::now();
        let (start, used) = match self.window {
            Some((start, used)) if now.duration_since(start) < self.per => (start, used),
            _ => (now, 0),
        };
        let over = used >= self.limit;
        let used = if over { used } else { used + 1 };
        self.window = Some((start, used));
        if over {
            self.refused += 1;
        }
        let reset_after = (self.per - now.duration_since(start)).as_secs_f64();
        let headers = vec![
            ("x-ratelimit-limit", self.limit.to_string()),
            ("x-ratelimit-remaining", (self.limit - used).to_string()),
            ("x-ratelimit-reset-after", format!("{reset_after:.3}")),
            (
                "x-ratelimit-bucket",
                format!("fake{}", self.path_end.replace('/', "-")),
            ),
        ];
        (headers, over)
    }
}

/// Discord's answer to a request over the global limit, `after` seconds before it ends.
fn global_429(after: f64) -> Response {
    let body =
        json!({"message": "You are being rate limited.", "retry_after": after, "global": true});
    let mut response = (StatusCode::TOO_MANY_REQUESTS, Json(body)).into_response();
    for (k, v) in [
        ("retry-after", format!("{}", after.ceil().max(1.0))),
        ("x-ratelimit-global", "true".to_string()),
        ("x-ratelimit-scope", "global".to_string()),
    ] {
        response
            .headers_mut()
            .insert(k, axum::http::HeaderValue::from_str(&v).unwrap());
    }
    response
}

/// A member's permissions: an ordinary member's, and a moderator's (plus Manage
/// Messages, 1 << 13), as Discord computes them for the interaction's channel.
const MEMBER_PERMISSIONS: u64 = 2_248_473_465_835_073;
const MODERATOR_PERMISSIONS: u64 = MEMBER_PERMISSIONS | (1 << 13);

/// The next `times` requests whose method is `method` and whose path ends with
/// `path_end` fail as Discord fails them.
#[derive(Clone, Debug)]
struct Fault {
    method: String,
    path_end: String,
    times: u32,
    kind: FaultKind,
}

#[derive(Clone, Copy, Debug)]
enum FaultKind {
    /// A server error (500, 502, 503) with no Discord error code.
    Server(u16),
    /// A refusal with Discord's JSON error code: 403 / 50013 Missing Permissions,
    /// 403 / 50001 Missing Access, 404 / 10003 Unknown Channel.
    Refused(u16, u64),
    /// 429 with `retry_after` seconds, in the body and in the `Retry-After` header,
    /// and the per-route bucket headers, as Discord's rate limiter answers.
    RateLimited(f64),
    /// 429 as the global limit answers it (see [`FakeDiscord::set_global_limit`]),
    /// `retry_after` seconds before it ends.
    GloballyLimited(f64),
    /// The request takes effect, but the answer is lost: a server error (a gateway
    /// timeout between Discord's edge and its API) after the work was done.
    LostAnswer(u16),
    /// The request takes effect (and is recorded, with status 200) and its answer never
    /// comes: the bot that sent it waits until it is killed, as a bot killed right
    /// after Discord made its message and before it heard so.
    Stalled,
}

/// How the fake gateway answers a connecting bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GatewayMode {
    /// HELLO, IDENTIFY -> READY, events: a healthy Discord.
    Normal,
    /// Closes the websocket with this code when the bot identifies, as Discord does
    /// with 4004 (authentication failed) and 4014 (disallowed intents).
    CloseOnIdentify(u16),
    /// Refuses the websocket upgrade with 503: Discord unreachable or down.
    Down,
}

/// The fake's gateway session, as Discord keeps one per identified connection: events
/// get increasing sequence numbers and are kept, so that a connection that resumes
/// the session (op 6) is sent every event after the sequence number it names, then
/// RESUMED. While no connection is attached (between an op 7 and the resume, or
/// after a dropped connection) events wait in the session.
#[derive(Default)]
struct Session {
    /// `None` before the first IDENTIFY and after an invalidation.
    id: Option<String>,
    /// How many sessions have been created (names them).
    count: u64,
    seq: u64,
    events: Vec<Value>,
    /// The attached connection.
    live: Option<mpsc::UnboundedSender<Control>>,
}

/// What the test asks of the attached connection.
#[derive(Debug)]
enum Control {
    /// A dispatch (op 0) with its sequence number already set.
    Event(Value),
    /// Op 7: the bot should reconnect and resume.
    Reconnect,
    /// Op 9 with `d` = resumable.
    Invalidate(bool),
    /// The connection ends without a close frame (a network failure).
    Drop,
}

#[derive(Clone)]
pub struct FakeDiscord {
    inner: Arc<Inner>,
}

impl FakeDiscord {
    pub async fn start() -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let port = listener.local_addr().expect("address").port();
        let tls_listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let tls_port = tls_listener.local_addr().expect("address").port();
        let (acceptor, pem) = tls_acceptor();
        let certificates = tempfile::tempdir().expect("temporary folder");
        let certificate = certificates.path().join("fake-discord.pem");
        std::fs::write(&certificate, pem).expect("write the certificate");
        let inner = Arc::new(Inner {
            port,
            tls_port,
            certificate,
            _certificates: certificates,
            log: Mutex::new(Vec::new()),
            changed: Notify::new(),
            gateway: Mutex::new(HashMap::new()),
            total_shards: AtomicU64::new(1),
            identified_shards: Mutex::new(Vec::new()),
            channel_guilds: Mutex::new(HashMap::new()),
            identifies: AtomicU64::new(0),
            resumes: Mutex::new(Vec::new()),
            attempts: AtomicU64::new(0),
            next_id: AtomicU64::new(1_000_000_000_000_000_000),
            closed_dms: Mutex::new(HashSet::new()),
            dm_channels: Mutex::new(HashMap::new()),
            gateway_mode: Mutex::new(GatewayMode::Normal),
            dead_interactions: Mutex::new(HashSet::new()),
            locales: Mutex::new(HashMap::new()),
            guild_locales: Mutex::new(HashMap::new()),
            faults: Mutex::new(Vec::new()),
            acknowledged: Mutex::new(HashSet::new()),
            messages: Mutex::new(HashMap::new()),
            interaction_channels: Mutex::new(HashMap::new()),
            pressed: Mutex::new(HashMap::new()),
            originals: Mutex::new(HashMap::new()),
            moderators: Mutex::new(HashSet::new()),
            managers: Mutex::new(HashSet::new()),
            roles: Mutex::new(HashMap::new()),
            thread_names: Mutex::new(HashMap::new()),
            threads: Mutex::new(HashMap::new()),
            thread_fates: Mutex::new(HashMap::new()),
            nonces: Mutex::new(HashMap::new()),
            deduplicated: AtomicU64::new(0),
            global_limit: Mutex::new(None),
            route_limits: Mutex::new(Vec::new()),
            refuse_v2_followups: std::sync::atomic::AtomicBool::new(false),
            chats: Mutex::new(std::collections::BTreeMap::new()),
            installs: Default::default(),
            oauth: Default::default(),
            instances: Default::default(),
        });
        let app = Router::new()
            .route("/ws", get(gateway))
            .fallback(rest)
            .with_state(Arc::clone(&inner));
        let tls_app = app.clone();
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        // discord.com itself: HTTPS with the test's certificate, so the bot's HTTP client
        // (behind its relay) talks to it as to Discord.
        tokio::spawn(async move {
            loop {
                let Ok((tcp, _)) = tls_listener.accept().await else {
                    continue;
                };
                let acceptor = acceptor.clone();
                let app = tls_app.clone();
                tokio::spawn(async move {
                    let Ok(tls) = acceptor.accept(tcp).await else {
                        return;
                    };
                    let service = hyper_util::service::TowerToHyperService::new(app);
                    let _ = hyper_util::server::conn::auto::Builder::new(
                        hyper_util::rt::TokioExecutor::new(),
                    )
                    .serve_connection_with_upgrades(hyper_util::rt::TokioIo::new(tls), service)
                    .await;
                });
            }
        });
        FakeDiscord { inner }
    }

    /// The configuration lines that send the bot's API traffic for discord.com here
    /// (over TLS, trusting this fake's certificate), as it reaches discord.com.
    pub fn api_lines(&self) -> String {
        format!(
            "api_base = \"https://127.0.0.1:{}\"\napi_certificate = \"{}\"\n",
            self.inner.tls_port,
            self.inner.certificate.display()
        )
    }

    /// The next `times` `method` requests to a path ending in `path_end` answer with a
    /// server error `status` (500, 502, 503).
    pub fn fail_next(&self, method: &str, path_end: &str, times: u32, status: u16) {
        self.fault(method, path_end, times, FaultKind::Server(status));
    }

    /// The next `times` matching requests are refused with Discord error `code`
    /// (50013 and 50001 with 403, 10003 with 404).
    pub fn refuse_next(&self, method: &str, path_end: &str, times: u32, code: u64) {
        let status = if code == 10003 { 404 } else { 403 };
        self.fault(method, path_end, times, FaultKind::Refused(status, code));
    }

    /// The next `times` matching requests are rate limited for `retry_after` seconds.
    pub fn rate_limit_next(&self, method: &str, path_end: &str, times: u32, retry_after: f64) {
        self.fault(method, path_end, times, FaultKind::RateLimited(retry_after));
    }

    /// The next `times` matching requests take effect but answer `status` (a 502 or
    /// 504 after the work was done).
    pub fn lose_answer_next(&self, method: &str, path_end: &str, times: u32, status: u16) {
        self.fault(method, path_end, times, FaultKind::LostAnswer(status));
    }

    /// The next `times` matching requests take effect and are never answered (see
    /// [`FaultKind::Stalled`]): to kill the bot between Discord's work and its answer.
    pub fn stall_next(&self, method: &str, path_end: &str, times: u32) {
        self.fault(method, path_end, times, FaultKind::Stalled);
    }

    fn fault(&self, method: &str, path_end: &str, times: u32, kind: FaultKind) {
        self.inner.faults.lock().unwrap().push(Fault {
            method: method.to_string(),
            path_end: path_end.to_string(),
            times,
            kind,
        });
    }

    /// From now on (`true`) a followup message that uploads files with the Components
    /// V2 flag is refused with 400 / 50035 Invalid Form Body. Discord's documents allow
    /// the flag on Create Followup Message ("responding to an interaction"), but issue
    /// 47 saw Discord read such a followup as invalid; the bot must not lose the
    /// message then. Channel posts and interaction callbacks are not affected.
    pub fn refuse_v2_followups_with_files(&self, on: bool) {
        self.inner.refuse_v2_followups.store(on, Ordering::SeqCst);
    }

    /// The base URL for the bot's `api_base` setting.
    pub fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.inner.port)
    }

    pub fn new_id(&self) -> u64 {
        history::next_id(&self.inner)
    }

    /// Changes how later gateway connections are answered.
    pub fn set_gateway(&self, mode: GatewayMode) {
        *self.inner.gateway_mode.lock().unwrap() = mode;
    }

    /// Every answer to this interaction fails with 10062 (its token expired).
    pub fn expire_interaction(&self, id: u64) {
        self.inner.dead_interactions.lock().unwrap().insert(id);
    }

    /// Injects a plain chat message with a given id (to redeliver one).
    pub fn chat_with_id(&self, id: u64, user: &FakeUser, channel: u64, content: &str) {
        let mut m = message_json(id, channel, user.json(), content);
        m["guild_id"] = json!(self.guild_of(channel).to_string());
        history::keep_chat(&self.inner, &m);
        self.dispatch("MESSAGE_CREATE", m);
    }

    /// How many websocket connections the bot has attempted.
    pub fn gateway_attempts(&self) -> u64 {
        self.inner.attempts.load(Ordering::SeqCst)
    }

    /// Injects a slash command from a direct message with the bot: no guild, no
    /// member, the user at the top level (as Discord sends it). Returns its id.
    pub fn slash_in_dm(&self, user: &FakeUser, dm_channel: u64, name: &str) -> u64 {
        let id = self.new_id();
        let data = json!({"id": "800000000000000001", "name": name, "type": 1, "options": []});
        let payload = json!({
            "id": id.to_string(), "application_id": APP_ID.to_string(), "type": 2, "data": data,
            "channel_id": dm_channel.to_string(), "channel": {"id": dm_channel.to_string(), "type": 1},
            "user": user.json(), "token": format!("tok-{id}"), "version": 1, "locale": "en-US",
            "entitlements": [], "context": 1, "app_permissions": "2248473465835073",
            "attachment_size_limit": 26214400,
        });
        self.dispatch("INTERACTION_CREATE", payload);
        id
    }

    /// Direct messages to this user fail with 403 / code 50007, as on Discord.
    pub fn close_dms(&self, user: u64) {
        self.inner.closed_dms.lock().unwrap().insert(user);
    }

    /// The recipient of a DM channel created by the bot.
    pub fn dm_recipient(&self, channel: u64) -> Option<u64> {
        self.inner
            .dm_channels
            .lock()
            .unwrap()
            .get(&channel)
            .copied()
    }

    /// How many message creates were answered with an earlier message of the same
    /// nonce (`enforce_nonce`) instead of making a new one.
    pub fn deduplicated(&self) -> u64 {
        self.inner.deduplicated.load(Ordering::SeqCst)
    }

    /// Enforces Discord's global rate limit from now on: past `per_second` requests in a
    /// second (all processes together: one bot), a request is answered 429 with
    /// `"global": true` and `retry_after` (seconds) in the body, `Retry-After` (whole
    /// seconds, rounded up) and `X-RateLimit-Global: true` in the headers, as Discord
    /// documents. Interaction callbacks and webhooks are exempt. Off by default.
    pub fn set_global_limit(&self, per_second: u32) {
        *self.inner.global_limit.lock().unwrap() = Some(GlobalLimit {
            per_second,
            window: std::time::Instant::now(),
            used: 0,
            refused: 0,
        });
    }

    /// The next `times` matching requests are answered as the global limit answers
    /// (429, `"global": true`, `X-RateLimit-Scope: global`), `retry_after` seconds before
    /// it ends, whatever the rate.
    pub fn globally_limit_next(&self, method: &str, path_end: &str, times: u32, retry_after: f64) {
        self.fault(
            method,
            path_end,
            times,
            FaultKind::GloballyLimited(retry_after),
        );
    }

    /// Limits the `method` requests to paths ending in `path_end` to `limit` per window
    /// of `per` (see [`RouteLimit`]): their answers carry the bucket's headers, as
    /// Discord's do, and a request past the limit is answered 429.
    pub fn set_route_limit(&self, method: &str, path_end: &str, limit: u32, per: Duration) {
        self.inner.route_limits.lock().unwrap().push(RouteLimit {
            method: method.to_string(),
            path_end: path_end.to_string(),
            limit,
            per,
            window: None,
            refused: 0,
        });
    }

    /// How many requests the per-route limits answered with 429.
    pub fn route_limited(&self) -> u64 {
        let limits = self.inner.route_limits.lock().unwrap();
        limits.iter().map(|l| l.refused).sum()
    }

    /// How many requests the global limit answered with 429.
    pub fn globally_limited(&self) -> u64 {
        self.inner
            .global_limit
            .lock()
            .unwrap()
            .as_ref()
            .map_or(0, |l| l.refused)
    }

    /// Messages the bot made in `channel`, as Discord keeps them (repeats dropped by
    /// their nonce are not there).
    pub fn messages_in(&self, channel: u64) -> Vec<Value> {
        let mut v: Vec<Value> = self
            .inner
            .messages
            .lock()
            .unwrap()
            .values()
            .filter(|m| m["channel_id"].as_str() == Some(channel.to_string().as_str()))
            .cloned()
            .collect();
        v.sort_by_key(|m| m["id"].as_str().and_then(|i| i.parse::<u64>().ok()));
        v
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.inner.log.lock().unwrap().clone()
    }

    /// The requests after position `mark` of the log only (a long run reads its log a
    /// piece at a time instead of copying all of it each time).
    pub fn requests_since(&self, mark: usize) -> Vec<Recorded> {
        let log = self.inner.log.lock().unwrap();
        log.get(mark..).map_or_else(Vec::new, <[Recorded]>::to_vec)
    }

    /// A position in the request log, to wait for what comes after it.
    pub fn mark(&self) -> usize {
        self.inner.log.lock().unwrap().len()
    }

    /// Waits for a request after `mark` that satisfies `pred`.
    pub async fn wait_for(
        &self,
        mark: usize,
        what: &str,
        pred: impl Fn(&Recorded) -> bool,
    ) -> Recorded {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let notified = self.inner.changed.notified();
            if let Some(r) = self.inner.log.lock().unwrap()[mark..]
                .iter()
                .find(|r| pred(r))
            {
                return r.clone();
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                let log: Vec<String> = self.requests()[mark..]
                    .iter()
                    .map(|r| format!("{} {} {}", r.method, r.path, r.json))
                    .collect();
                panic!(
                    "timed out waiting for {what}; requests since mark:\n{}",
                    log.join("\n")
                );
            }
        }
    }

    /// Waits until nothing new arrives for `quiet`, then returns the requests after
    /// `mark` (to assert that something did NOT happen).
    pub async fn settle(&self, mark: usize, quiet: Duration) -> Vec<Recorded> {
        loop {
            let n = self.mark();
            tokio::time::sleep(quiet).await;
            if self.mark() == n {
                return self.requests()[mark..].to_vec();
            }
        }
    }

    /// Waits until the bot has identified `n` times in all (one per start).
    pub async fn wait_identified(&self, n: u64) {
        let deadline = tokio::time::Instant::now() + WAIT;
        while self.inner.identifies.load(Ordering::SeqCst) < n {
            let notified = self.inner.changed.notified();
            if self.inner.identifies.load(Ordering::SeqCst) >= n {
                break;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!("the bot did not connect to the fake gateway");
            }
        }
    }

    /// Sends a dispatch event to the bot: at once when a connection is attached to the
    /// session, else when the bot resumes it.
    pub fn dispatch(&self, event: &str, data: Value) {
        dispatch_in(&self.inner, event, data);
    }

    /// The shard Discord sends a server's events to: `(guild_id >> 22) % total`.
    pub fn shard_of(&self, guild: u64) -> u32 {
        let total = self.inner.total_shards.load(Ordering::SeqCst).max(1);
        ((guild >> 22) % total) as u32
    }

    /// Every IDENTIFY so far as `[shard, total]`.
    pub fn identified_shards(&self) -> Vec<(u32, u32)> {
        self.inner.identified_shards.lock().unwrap().clone()
    }

    /// Puts `channel` in server `guild` (channels are in [`GUILD_ID`] otherwise); its
    /// events, interactions and threads then name that server.
    pub fn place_channel(&self, channel: u64, guild: u64) {
        self.inner
            .channel_guilds
            .lock()
            .unwrap()
            .insert(channel, guild);
    }

    /// A moderator deletes thread `thread`: posts there are refused with 404 / 10003
    /// (Unknown Channel) and the shard of its server gets THREAD_DELETE with the id,
    /// guild_id, parent_id and type Discord sends.
    pub fn delete_thread(&self, thread: u64) {
        let parent = self.inner.threads.lock().unwrap().get(&thread).copied();
        self.inner
            .thread_fates
            .lock()
            .unwrap()
            .insert(thread, ThreadFate::Deleted);
        self.dispatch(
            "THREAD_DELETE",
            json!({"id": thread.to_string(), "guild_id": self.guild_of(thread).to_string(),
                "parent_id": parent.unwrap_or(0).to_string(), "type": 11}),
        );
    }

    /// Thread `thread` is archived (as Discord does after its inactivity period), and
    /// `locked` by a moderator: a post in an archived thread unarchives it, as Discord
    /// does for a member who may send messages there; one in a locked archived thread
    /// is refused with 400 / 50083 (the bot has no Manage Threads). No event is sent:
    /// the bot meets it when it next posts.
    pub fn archive_thread(&self, thread: u64, locked: bool) {
        let fate = if locked {
            ThreadFate::Locked
        } else {
            ThreadFate::Archived
        };
        self.inner.thread_fates.lock().unwrap().insert(thread, fate);
    }

    /// Whether thread `thread` is archived now (a post unarchives it).
    pub fn thread_archived(&self, thread: u64) -> bool {
        self.inner
            .thread_fates
            .lock()
            .unwrap()
            .get(&thread)
            .is_some()
    }

    /// The server of a channel or of a thread's parent.
    pub fn guild_of(&self, channel: u64) -> u64 {
        guild_of(&self.inner, channel)
    }

    /// Ends the gateway connection of `shard` without a close frame.
    pub fn drop_shard(&self, shard: u32) {
        let mut sessions = self.inner.gateway.lock().unwrap();
        if let Some(tx) = sessions.entry(shard).or_default().live.take() {
            let _ = tx.send(Control::Drop);
        }
    }

    fn control(&self, c: Control) {
        let mut sessions = self.inner.gateway.lock().unwrap();
        let session = sessions.entry(0).or_default();
        let tx = session.live.take().expect("no gateway connection");
        let _ = tx.send(c);
    }

    /// Sends op 7 (Reconnect), as Discord does before moving a session: the bot must
    /// reconnect and resume. Events dispatched until then wait for the resume.
    pub fn send_reconnect(&self) {
        self.control(Control::Reconnect);
    }

    /// Sends op 9 (Invalid Session). Not resumable: the session is dropped with its
    /// waiting events and the bot must identify anew.
    pub fn invalidate_session(&self, resumable: bool) {
        if !resumable {
            let mut sessions = self.inner.gateway.lock().unwrap();
            let session = sessions.entry(0).or_default();
            session.id = None;
            session.events.clear();
        }
        self.control(Control::Invalidate(resumable));
    }

    /// Ends the connection without a close frame, as a network failure does; the
    /// session stays resumable.
    pub fn drop_connection(&self) {
        self.control(Control::Drop);
    }

    /// Forgets the session (Discord's sessions expire): a later RESUME is answered with
    /// op 9, not resumable.
    pub fn expire_session(&self) {
        let mut sessions = self.inner.gateway.lock().unwrap();
        let session = sessions.entry(0).or_default();
        session.id = None;
        session.events.clear();
    }

    /// The RESUMEs received so far: (session id, last sequence number seen by the bot).
    pub fn resumes(&self) -> Vec<(String, u64)> {
        self.inner.resumes.lock().unwrap().clone()
    }

    /// The sequence number of the last event dispatched in the current session.
    pub fn last_seq(&self) -> u64 {
        self.inner
            .gateway
            .lock()
            .unwrap()
            .get(&0)
            .map_or(0, |s| s.seq)
    }

    /// Waits until the bot has resumed `n` times in all.
    pub async fn wait_resumed(&self, n: usize) {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let notified = self.inner.changed.notified();
            if self.inner.resumes.lock().unwrap().len() >= n {
                return;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!("the bot did not resume its gateway session");
            }
        }
    }

    /// How many times the bot has identified (a new session each).
    pub fn identifies(&self) -> u64 {
        self.inner.identifies.load(Ordering::SeqCst)
    }

    fn member(&self, user: &FakeUser) -> Value {
        let moderator = self.inner.moderators.lock().unwrap().contains(&user.id);
        let mut permissions = if moderator {
            MODERATOR_PERMISSIONS
        } else {
            MEMBER_PERMISSIONS
        };
        if self.inner.managers.lock().unwrap().contains(&user.id) {
            // Manage Server (1 << 5).
            permissions |= 1 << 5;
        }
        let roles: Vec<String> = self
            .inner
            .roles
            .lock()
            .unwrap()
            .get(&user.id)
            .into_iter()
            .flatten()
            .map(|r| r.to_string())
            .collect();
        json!({
            "user": user.json(), "nick": null, "roles": roles, "joined_at": "2024-01-01T00:00:00.000000+00:00",
            "deaf": false, "mute": false, "flags": 0, "permissions": permissions.to_string(),
        })
    }

    /// This user's interactions carry Manage Server in their member permissions.
    pub fn manage_server(&self, user: &FakeUser) {
        self.inner.managers.lock().unwrap().insert(user.id);
    }

    /// The thread the bot created with this name.
    pub fn thread_named(&self, name: &str) -> Option<u64> {
        self.inner
            .thread_names
            .lock()
            .unwrap()
            .iter()
            .find(|(_, n)| n.as_str() == name)
            .map(|(id, _)| *id)
    }

    /// This user holds role `role` in the server.
    pub fn give_role(&self, user: &FakeUser, role: u64) {
        self.inner
            .roles
            .lock()
            .unwrap()
            .entry(user.id)
            .or_default()
            .push(role);
    }

    /// This user's interactions carry Manage Messages in their member permissions.
    pub fn moderate(&self, user: &FakeUser) {
        self.inner.moderators.lock().unwrap().insert(user.id);
    }

    /// A message the bot made, as Discord keeps it now (edits applied): what a button
    /// press on it carries.
    pub fn message(&self, id: u64) -> Option<Value> {
        self.inner.messages.lock().unwrap().get(&id).cloned()
    }

    /// The original response message of an interaction (made by a type 4 callback).
    pub fn original(&self, interaction: u64) -> Option<Value> {
        let id = *self.inner.originals.lock().unwrap().get(&interaction)?;
        self.message(id)
    }

    /// The threads the bot started: (thread id, parent channel).
    pub fn threads(&self) -> Vec<(u64, u64)> {
        self.inner
            .threads
            .lock()
            .unwrap()
            .iter()
            .map(|(t, p)| (*t, *p))
            .collect()
    }

    /// `user`'s client speaks `locale` (`de`, as Discord names the language): their
    /// interactions carry it.
    pub fn set_locale(&self, user: &FakeUser, locale: &str) {
        let mut locales = self.inner.locales.lock().unwrap();
        locales.insert(user.id, locale.to_string());
    }

    /// Server `guild`'s preferred locale (a Community server's primary language): its
    /// interactions carry it as `guild_locale`; interactions from direct messages have
    /// none.
    pub fn set_guild_locale(&self, guild: u64, locale: &str) {
        let mut locales = self.inner.guild_locales.lock().unwrap();
        locales.insert(guild, locale.to_string());
    }

    fn guild_locale_of(&self, guild: u64) -> String {
        let locales = self.inner.guild_locales.lock().unwrap();
        locales
            .get(&guild)
            .cloned()
            .unwrap_or_else(|| "en-US".into())
    }

    fn locale_of(&self, user: &FakeUser) -> String {
        let locales = self.inner.locales.lock().unwrap();
        locales
            .get(&user.id)
            .cloned()
            .unwrap_or_else(|| "en-US".into())
    }

    fn interaction(&self, id: u64, kind: u8, user: &FakeUser, channel: u64, data: Value) -> Value {
        let guild_locale = self.guild_locale_of(self.guild_of(channel));
        let guild = self.guild_of(channel).to_string();
        let locale = self.locale_of(user);
        self.inner
            .interaction_channels
            .lock()
            .unwrap()
            .insert(id, channel);
        let pressed = self.inner.pressed.lock().unwrap().get(&id).copied();
        if let Some(payload) = self.private_interaction(id, kind, user, channel, &data, pressed) {
            installs::keep_payload(&self.inner, id, &payload);
            return payload;
        }
        // The partial channel Discord sends with every interaction: a thread names
        // its parent channel.
        let parent = self.inner.threads.lock().unwrap().get(&channel).copied();
        let partial = match parent {
            Some(parent) => json!({
                "id": channel.to_string(), "type": 11, "name": "game thread",
                "guild_id": guild, "parent_id": parent.to_string(),
                "permissions": "2248473465835073",
                "thread_metadata": {
                    "archived": false, "auto_archive_duration": 10080,
                    "archive_timestamp": "2024-01-01T00:00:00.000000+00:00", "locked": false,
                },
            }),
            None => json!({
                "id": channel.to_string(), "type": 0, "name": "general",
                "guild_id": guild, "permissions": "2248473465835073",
            }),
        };
        let payload = json!({
            "id": id.to_string(), "application_id": APP_ID.to_string(), "type": kind, "data": data,
            "guild_id": guild, "channel_id": channel.to_string(), "channel": partial,
            "member": self.member(user), "token": format!("tok-{id}"), "version": 1,
            "locale": locale, "guild_locale": guild_locale, "entitlements": [],
            "app_permissions": "2248473465835073", "attachment_size_limit": 26214400,
        });
        installs::keep_payload(&self.inner, id, &payload);
        payload
    }

    /// Injects a slash command with these options (`(name, type, value)`; type 6 is a
    /// user whose id is the value). Returns the interaction id.
    pub fn slash(
        &self,
        user: &FakeUser,
        channel: u64,
        name: &str,
        options: &[(&str, u8, Value)],
        users: &[&FakeUser],
    ) -> u64 {
        let id = self.new_id();
        self.slash_with_id(id, user, channel, name, options, users);
        id
    }

    /// The same, with a given id (to redeliver an interaction).
    pub fn slash_with_id(
        &self,
        id: u64,
        user: &FakeUser,
        channel: u64,
        name: &str,
        options: &[(&str, u8, Value)],
        users: &[&FakeUser],
    ) {
        let opts: Vec<Value> = options
            .iter()
            .map(|(n, t, v)| json!({"name": n, "type": t, "value": v}))
            .collect();
        let resolved_users: serde_json::Map<String, Value> =
            users.iter().map(|u| (u.id.to_string(), u.json())).collect();
        let data = json!({
            "id": "800000000000000001", "name": name, "type": 1, "options": opts,
            "resolved": {"users": resolved_users},
        });
        let payload = self.interaction(id, 2, user, channel, data);
        self.dispatch("INTERACTION_CREATE", payload);
    }

    /// Injects an autocomplete request for `/move text:<typed>`.
    pub fn autocomplete(&self, user: &FakeUser, channel: u64, typed: &str) -> u64 {
        let options = json!([{"name": "text", "type": 3, "value": typed, "focused": true}]);
        self.autocomplete_command(user, channel, "move", options)
    }

    /// Injects an autocomplete request for command `name` with its `options` as
    /// Discord sends them (the one being typed marked `"focused": true`).
    pub fn autocomplete_command(
        &self,
        user: &FakeUser,
        channel: u64,
        name: &str,
        options: Value,
    ) -> u64 {
        let id = self.new_id();
        let data = json!({
            "id": "800000000000000001", "name": name, "type": 1, "options": options,
        });
        let payload = self.interaction(id, 4, user, channel, data);
        self.dispatch("INTERACTION_CREATE", payload);
        id
    }

    /// Injects a button press on `message` (a message JSON the bot sent).
    pub fn button(&self, user: &FakeUser, channel: u64, custom_id: &str, message: Value) -> u64 {
        let id = self.new_id();
        let data = json!({"custom_id": custom_id, "component_type": 2});
        if let Some(m) = message["id"].as_str().and_then(|m| m.parse::<u64>().ok()) {
            self.inner.pressed.lock().unwrap().insert(id, m);
        }
        let mut payload = self.interaction(id, 3, user, channel, data);
        payload["message"] = message;
        self.dispatch("INTERACTION_CREATE", payload);
        id
    }

    /// Injects a choice in string select menu `custom_id` (component type 3) of
    /// `message` (a message JSON the bot sent), with the chosen `values`.
    pub fn select(
        &self,
        user: &FakeUser,
        channel: u64,
        custom_id: &str,
        values: &[&str],
        message: Value,
    ) -> u64 {
        let id = self.new_id();
        let data = json!({"custom_id": custom_id, "component_type": 3, "values": values});
        if let Some(m) = message["id"].as_str().and_then(|m| m.parse::<u64>().ok()) {
            self.inner.pressed.lock().unwrap().insert(id, m);
        }
        let mut payload = self.interaction(id, 3, user, channel, data);
        payload["message"] = message;
        self.dispatch("INTERACTION_CREATE", payload);
        id
    }

    /// Injects a plain chat message.
    pub fn chat(&self, user: &FakeUser, channel: u64, content: &str) -> u64 {
        let id = self.new_id();
        let mut m = message_json(id, channel, user.json(), content);
        // A direct message belongs to no server.
        if self.dm_recipient(channel).is_none() {
            m["guild_id"] = json!(self.guild_of(channel).to_string());
        }
        history::keep_chat(&self.inner, &m);
        self.dispatch("MESSAGE_CREATE", m);
        id
    }
}

/// Sends a dispatch event to the shard of its server: at once when a connection is
/// attached to the session, else when the bot resumes it.
fn dispatch_in(inner: &Inner, event: &str, data: Value) {
    let total = inner.total_shards.load(Ordering::SeqCst).max(1);
    let shard = data["guild_id"]
        .as_str()
        .and_then(|g| g.parse::<u64>().ok())
        .map_or(0, |g| ((g >> 22) % total) as u32);
    let mut sessions = inner.gateway.lock().unwrap();
    let session = sessions.entry(shard).or_default();
    assert!(session.id.is_some(), "no gateway session for shard {shard}");
    session.seq += 1;
    let event = json!({"op": 0, "t": event, "d": data, "s": session.seq});
    session.events.push(event.clone());
    if let Some(tx) = &session.live {
        if tx.send(Control::Event(event)).is_err() {
            session.live = None;
        }
    }
}

/// The bot's DM channel with `user`: the one made before, else a new one (`new_id`).
fn dm_channel_of(inner: &Inner, user: u64, new_id: impl FnOnce() -> u64) -> u64 {
    let mut dms = inner.dm_channels.lock().unwrap();
    if let Some((channel, _)) = dms.iter().find(|(_, u)| **u == user) {
        return *channel;
    }
    let channel = new_id();
    dms.insert(channel, user);
    channel
}

/// The server of a channel or of a thread's parent ([`GUILD_ID`] unless placed).
fn guild_of(inner: &Inner, channel: u64) -> u64 {
    let parent = inner.threads.lock().unwrap().get(&channel).copied();
    let channel = parent.unwrap_or(channel);
    inner
        .channel_guilds
        .lock()
        .unwrap()
        .get(&channel)
        .copied()
        .unwrap_or(GUILD_ID)
}

/// A TLS acceptor presenting a fresh self-signed certificate for discord.com, and that
/// certificate in PEM.
fn tls_acceptor() -> (tokio_rustls::TlsAcceptor, String) {
    use tokio_rustls::rustls;
    let key = rcgen::KeyPair::generate().expect("key");
    let cert = rcgen::CertificateParams::new(vec!["discord.com".to_string()])
        .expect("params")
        .self_signed(&key)
        .expect("certificate");
    let der = rustls::pki_types::PrivatePkcs8KeyDer::from(key.serialize_der());
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("protocols")
        .with_no_client_auth()
        .with_single_cert(vec![cert.der().clone()], der.into())
        .expect("server config");
    (
        tokio_rustls::TlsAcceptor::from(Arc::new(config)),
        cert.pem(),
    )
}

/// A message object as Discord returns it.
pub fn message_json(id: u64, channel: u64, author: Value, content: &str) -> Value {
    json!({
        "id": id.to_string(), "channel_id": channel.to_string(), "author": author,
        "content": content, "timestamp": "2024-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
        "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0,
        "components": [],
    })
}

fn bot_user() -> Value {
    json!({"id": BOT_ID.to_string(), "username": "arcana", "discriminator": "0", "global_name": null, "avatar": null, "bot": true})
}

async fn gateway(ws: WebSocketUpgrade, AxumState(inner): AxumState<Arc<Inner>>) -> Response {
    inner.attempts.fetch_add(1, Ordering::SeqCst);
    inner.changed.notify_waiters();
    if *inner.gateway_mode.lock().unwrap() == GatewayMode::Down {
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    ws.on_upgrade(move |socket| session(socket, inner))
}

/// One gateway connection: HELLO; IDENTIFY -> a new session and READY, or RESUME ->
/// the missed events and RESUMED (op 9 when the session is gone); heartbeats; the
/// events and controls the test sends.
async fn session(mut socket: WebSocket, inner: Arc<Inner>) {
    let (tx, mut rx) = mpsc::unbounded_channel::<Control>();
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}, "s": null, "t": null});
    if socket
        .send(WsMessage::Text(hello.to_string()))
        .await
        .is_err()
    {
        return;
    }
    let send = |v: Value| WsMessage::Text(v.to_string());
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(msg)) = incoming else { return };
                let WsMessage::Text(text) = msg else { continue };
                let Ok(v) = serde_json::from_str::<Value>(&text) else { continue };
                match v["op"].as_u64() {
                    Some(1) => {
                        let ack = json!({"op": 11, "d": null, "s": null, "t": null});
                        if socket.send(send(ack)).await.is_err() { return; }
                    }
                    Some(2) => {
                        let mode = *inner.gateway_mode.lock().unwrap();
                        if let GatewayMode::CloseOnIdentify(code) = mode {
                            let reason = if code == 4004 { "Authentication failed." } else { "Disallowed intent(s)." };
                            let frame = axum::extract::ws::CloseFrame { code, reason: reason.into() };
                            let _ = socket.send(WsMessage::Close(Some(frame))).await;
                            return;
                        }
                        let url = format!("ws://127.0.0.1:{}/ws", inner.port);
                        let shard = v["d"]["shard"][0].as_u64().unwrap_or(0) as u32;
                        let total = v["d"]["shard"][1].as_u64().unwrap_or(1).max(1) as u32;
                        inner.total_shards.store(u64::from(total), Ordering::SeqCst);
                        inner.identified_shards.lock().unwrap().push((shard, total));
                        activity::identified(&inner, &v["d"]["token"]);
                        let ready = {
                            let mut sessions = inner.gateway.lock().unwrap();
                            let session = sessions.entry(shard).or_default();
                            session.count += 1;
                            let id = if shard == 0 {
                                format!("fake-session-{}", session.count)
                            } else {
                                format!("fake-session-{shard}-{}", session.count)
                            };
                            session.id = Some(id.clone());
                            session.events.clear();
                            session.seq = 1;
                            session.live = Some(tx.clone());
                            json!({"op": 0, "t": "READY", "s": 1, "d": {
                                "v": 10, "user": bot_user(), "guilds": [], "session_id": id,
                                "shard": [shard, total],
                                "resume_gateway_url": url, "application": {"id": APP_ID.to_string(), "flags": 0},
                            }})
                        };
                        if socket.send(send(ready)).await.is_err() { return; }
                        for guild in history::guild_creates(&inner, shard, total) {
                            let event = {
                                let mut sessions = inner.gateway.lock().unwrap();
                                let session = sessions.entry(shard).or_default();
                                session.seq += 1;
                                json!({"op": 0, "t": "GUILD_CREATE", "s": session.seq, "d": guild})
                            };
                            if socket.send(send(event)).await.is_err() { return; }
                        }
                        inner.identifies.fetch_add(1, Ordering::SeqCst);
                        inner.changed.notify_waiters();
                    }
                    Some(6) => {
                        let asked = v["d"]["session_id"].as_str().unwrap_or_default().to_string();
                        let from = v["d"]["seq"].as_u64().unwrap_or(0);
                        inner.resumes.lock().unwrap().push((asked.clone(), from));
                        // The missed events and RESUMED, or op 9 when the session is gone.
                        let answer: Vec<Value> = {
                            let mut sessions = inner.gateway.lock().unwrap();
                            let found = sessions
                                .values_mut()
                                .find(|s| s.id.as_deref() == Some(asked.as_str()));
                            if let Some(session) = found {
                                session.live = Some(tx.clone());
                                session.seq += 1;
                                let mut out: Vec<Value> = session
                                    .events
                                    .iter()
                                    .filter(|e| e["s"].as_u64().unwrap_or(0) > from)
                                    .cloned()
                                    .collect();
                                out.push(json!({"op": 0, "t": "RESUMED", "s": session.seq, "d": null}));
                                out
                            } else {
                                vec![json!({"op": 9, "d": false, "s": null, "t": null})]
                            }
                        };
                        for a in answer {
                            if socket.send(send(a)).await.is_err() { return; }
                        }
                        inner.changed.notify_waiters();
                    }
                    _ => {}
                }
            }
            Some(control) = rx.recv() => {
                let out = match control {
                    Control::Event(event) => event,
                    Control::Reconnect => json!({"op": 7, "d": null, "s": null, "t": null}),
                    Control::Invalidate(resumable) => json!({"op": 9, "d": resumable, "s": null, "t": null}),
                    Control::Drop => return,
                };
                if socket.send(send(out)).await.is_err() { return; }
            }
        }
    }
}

/// The scripted fault the request `method` `path` meets, if any (one of its times used).
fn take_fault(inner: &Inner, method: &Method, path: &str) -> Option<FaultKind> {
    let mut faults = inner.faults.lock().unwrap();
    faults
        .iter_mut()
        .find(|f| f.times > 0 && f.method == method.as_str() && path.ends_with(&f.path_end))
        .map(|f| {
            f.times -= 1;
            f.kind
        })
}

/// Logs a request the fake answered with `status`, and wakes those waiting for one.
fn record(
    inner: &Inner,
    method: &Method,
    path: String,
    json: Value,
    files: Vec<(String, Vec<u8>)>,
    status: u16,
    auth: String,
) {
    inner.log.lock().unwrap().push(Recorded {
        method: method.to_string(),
        path,
        json,
        files,
        status,
        auth,
        at: std::time::Instant::now(),
    });
    inner.changed.notify_waiters();
}

/// Splits a multipart body into (name, filename, bytes) parts.
fn multipart_parts(content_type: &str, body: &[u8]) -> Vec<(String, Option<String>, Vec<u8>)> {
    let Some(boundary) = content_type.split("boundary=").nth(1) else {
        return Vec::new();
    };
    let boundary = boundary.trim_matches('"');
    let delim = format!("--{boundary}").into_bytes();
    let mut parts = Vec::new();
    let mut starts = Vec::new();
    let mut i = 0;
    while i + delim.len() <= body.len() {
        if body[i..].starts_with(&delim) {
            starts.push(i);
            i += delim.len();
        } else {
            i += 1;
        }
    }
    for w in starts.windows(2) {
        let part = &body[w[0] + delim.len()..w[1]];
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        let part = part.strip_suffix(b"\r\n").unwrap_or(part);
        let Some(split) = part.windows(4).position(|x| x == b"\r\n\r\n") else {
            continue;
        };
        let headers = String::from_utf8_lossy(&part[..split]).to_string();
        let data = part[split + 4..].to_vec();
        let disposition = headers
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with("content-disposition"))
            .unwrap_or_default()
            .to_string();
        let field = |key: &str| {
            disposition
                .split(';')
                .map(str::trim)
                .find_map(|h| h.strip_prefix(&format!("{key}=\"")))
                .map(|v| v.trim_end_matches('"').to_string())
        };
        parts.push((field("name").unwrap_or_default(), field("filename"), data));
    }
    parts
}

async fn rest(
    AxumState(inner): AxumState<Arc<Inner>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path().to_string();
    if let Some(answered) = activity::answer(&inner, &method, &path, uri.query(), &headers, &body) {
        return answered;
    }
    let auth = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let content_type = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let mut json_body = Value::Null;
    let mut files = Vec::new();
    if content_type.starts_with("multipart/") {
        for (name, filename, data) in multipart_parts(&content_type, &body) {
            if name == "payload_json" {
                json_body = serde_json::from_slice(&data).unwrap_or(Value::Null);
            } else if let Some(f) = filename {
                files.push((f, data));
            }
        }
    } else if !body.is_empty() {
        json_body = serde_json::from_slice(&body).unwrap_or(Value::Null);
    }
    let over = inner
        .global_limit
        .lock()
        .unwrap()
        .as_mut()
        .and_then(|l| l.take(&path));
    if let Some(after) = over {
        record(&inner, &method, path, json_body, files, 429, auth);
        return global_429(after);
    }
    let fault = take_fault(&inner, &method, &path);
    if let Some(FaultKind::GloballyLimited(after)) = fault {
        record(&inner, &method, path, json_body, files, 429, auth);
        return global_429(after);
    }
    let route_limit = inner
        .route_limits
        .lock()
        .unwrap()
        .iter_mut()
        .find(|l| l.method == method.as_str() && path.ends_with(&l.path_end))
        .map(RouteLimit::take);
    if let Some((headers, true)) = &route_limit {
        let after = headers[2].1.parse::<f64>().unwrap_or(0.0);
        record(&inner, &method, path, json_body, files, 429, auth);
        let body = json!({"message": "You are being rate limited.", "retry_after": after, "global": false});
        let mut response = (StatusCode::TOO_MANY_REQUESTS, Json(body)).into_response();
        let scope = [
            ("retry-after", format!("{after}")),
            ("x-ratelimit-scope", "user".into()),
        ];
        for (k, v) in headers.iter().cloned().chain(scope) {
            response
                .headers_mut()
                .insert(k, axum::http::HeaderValue::from_str(&v).unwrap());
        }
        return response;
    }
    if let Some(FaultKind::Stalled) = fault {
        let names: Vec<String> = files.iter().map(|(n, _)| n.clone()).collect();
        let (status, _) = answer(&inner, &method, &path, &json_body, &names);
        record(
            &inner,
            &method,
            path,
            json_body,
            files,
            status.as_u16(),
            auth,
        );
        return std::future::pending().await;
    }
    if let Some(kind) = fault {
        let (status, body, mut headers) = match kind {
            FaultKind::GloballyLimited(_) | FaultKind::Stalled => unreachable!("answered above"),
            FaultKind::Server(s) => (s, None, Vec::new()),
            FaultKind::LostAnswer(s) => {
                let names: Vec<String> = files.iter().map(|(n, _)| n.clone()).collect();
                let _ = answer(&inner, &method, &path, &json_body, &names);
                (s, None, Vec::new())
            }
            FaultKind::Refused(s, code) => (
                s,
                Some(json!({"code": code, "message": match code {
                    50013 => "Missing Permissions",
                    50001 => "Missing Access",
                    10003 => "Unknown Channel",
                    _ => "Refused",
                }})),
                Vec::new(),
            ),
            FaultKind::RateLimited(after) => (
                429,
                Some(
                    json!({"message": "You are being rate limited.", "retry_after": after, "global": false}),
                ),
                vec![
                    ("retry-after", format!("{after}")),
                    ("x-ratelimit-limit", "5".to_string()),
                    ("x-ratelimit-remaining", "0".to_string()),
                    ("x-ratelimit-reset-after", format!("{after}")),
                    ("x-ratelimit-bucket", "fake-bucket".to_string()),
                    ("x-ratelimit-scope", "user".to_string()),
                ],
            ),
        };
        record(
            &inner,
            &method,
            path,
            json_body,
            files,
            status,
            auth.clone(),
        );
        let status = StatusCode::from_u16(status).unwrap();
        let mut response = match body {
            Some(v) => (status, Json(v)).into_response(),
            None => status.into_response(),
        };
        for (k, v) in headers.drain(..) {
            response
                .headers_mut()
                .insert(k, axum::http::HeaderValue::from_str(&v).unwrap());
        }
        return response;
    }
    let names: Vec<String> = files.iter().map(|(n, _)| n.clone()).collect();
    let (status, answer) = match (
        method.as_str(),
        path.split('/').collect::<Vec<_>>().as_slice(),
    ) {
        ("GET", ["", "api", "v10", "channels", channel, "messages"])
            if !installs::is_group_chat(&inner, channel.parse().unwrap_or(0)) =>
        {
            history::channel_messages(
                &inner,
                channel.parse().unwrap_or(0),
                uri.query().unwrap_or_default(),
            )
        }
        _ => answer(&inner, &method, &path, &json_body, &names),
    };
    record(
        &inner,
        &method,
        path,
        json_body,
        files,
        status.as_u16(),
        auth,
    );
    let mut response = match answer {
        Some(v) => (status, Json(v)).into_response(),
        None => status.into_response(),
    };
    for (k, v) in route_limit.map(|(h, _)| h).unwrap_or_default() {
        response
            .headers_mut()
            .insert(k, axum::http::HeaderValue::from_str(&v).unwrap());
    }
    response
}

fn answer(
    inner: &Inner,
    method: &Method,
    path: &str,
    body: &Value,
    files: &[String],
) -> (StatusCode, Option<Value>) {
    let segs: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    if let Some(refused) = refuse_form(inner, method, &segs, body, files) {
        return refused;
    }
    if let Some(refused) = installs::refused(inner, method, &segs) {
        return refused;
    }
    if matches!(
        (method.as_str(), segs.as_slice()),
        ("POST", ["webhooks", _, _])
    ) && inner.refuse_v2_followups.load(Ordering::SeqCst)
        && is_v2(body)
        && !files.is_empty()
    {
        return invalid_form(
            &["flags".to_string()],
            "MESSAGE_FLAGS_INVALID",
            "This followup cannot use IS_COMPONENTS_V2 with files.",
        );
    }
    let new_id = || history::next_id(inner);
    // An attachment as Discord keeps it (the fake keeps its name).
    let uploaded = |name: &str| {
        let id = new_id();
        let url = format!("https://cdn.discordapp.com/attachments/0/{id}/{name}");
        json!({"id": id.to_string(), "filename": name, "size": 1, "url": url, "proxy_url": url})
    };
    // A new message of the bot, kept as Discord keeps it.
    let create = |channel: u64, body: &Value| {
        let mut m = message_json(
            new_id(),
            channel,
            bot_user(),
            body["content"].as_str().unwrap_or(""),
        );
        if let Some(c) = body.get("components") {
            m["components"] = c.clone();
        }
        m["flags"] = json!(body["flags"].as_u64().unwrap_or(0));
        m["attachments"] = Value::Array(files.iter().map(|f| uploaded(f)).collect());
        as_discord_keeps(&mut m);
        let id: u64 = m["id"].as_str().and_then(|i| i.parse().ok()).unwrap_or(0);
        inner.messages.lock().unwrap().insert(id, m.clone());
        history::echo_own(inner, channel, &m);
        m
    };
    let message = |channel: u64| create(channel, body);
    // An edit of a kept message: content and components replaced when given.
    let edit = |id: u64, body: &Value| -> Option<Value> {
        let mut messages = inner.messages.lock().unwrap();
        let m = messages.get_mut(&id)?;
        if let Some(c) = body.get("content").filter(|c| !c.is_null()) {
            m["content"] = c.clone();
        }
        // The Components V2 flag is only ever added (an upgrade clears the content).
        let flags = m["flags"].as_u64().unwrap_or(0) | body["flags"].as_u64().unwrap_or(0);
        m["flags"] = json!(flags);
        if flags & COMPONENTS_V2 != 0 {
            m["content"] = json!("");
        }
        if let Some(c) = body.get("components").filter(|c| !c.is_null()) {
            m["components"] = c.clone();
        }
        // API v10: `attachments` lists every attachment the message keeps, old ones
        // by their id and new uploads by their index among the files sent; without
        // it the old ones stay and new uploads are added.
        let old: Vec<Value> = m["attachments"].as_array().cloned().unwrap_or_default();
        let kept: Vec<Value> = match body.get("attachments").and_then(Value::as_array) {
            Some(listed) => listed
                .iter()
                .filter_map(|a| {
                    let id = a["id"]
                        .as_u64()
                        .or_else(|| a["id"].as_str().and_then(|i| i.parse().ok()))?;
                    old.iter()
                        .find(|o| o["id"] == json!(id.to_string()))
                        .cloned()
                        .or_else(|| files.get(id as usize).map(|f| uploaded(f)))
                })
                .collect(),
            None => old
                .into_iter()
                .chain(files.iter().map(|f| uploaded(f)))
                .collect(),
        };
        m["attachments"] = Value::Array(kept);
        as_discord_keeps(m);
        m["edited_timestamp"] = json!("2024-01-01T00:00:01.000000+00:00");
        Some(m.clone())
    };
    let token_id = |token: &str| {
        token
            .strip_prefix("tok-")
            .and_then(|i| i.parse::<u64>().ok())
            .unwrap_or(0)
    };
    let dead = |id: &str| {
        let id = id.strip_prefix("tok-").unwrap_or(id);
        id.parse::<u64>()
            .is_ok_and(|i| inner.dead_interactions.lock().unwrap().contains(&i))
    };
    match (method.as_str(), segs.as_slice()) {
        ("POST", ["interactions", id, _, "callback"])
        | ("PATCH" | "POST" | "DELETE", ["webhooks", _, id, ..])
            if dead(id) =>
        {
            (
                StatusCode::NOT_FOUND,
                Some(json!({"code": 10062, "message": "Unknown interaction"})),
            )
        }
        ("GET", ["gateway"]) => (
            StatusCode::OK,
            Some(json!({"url": format!("ws://127.0.0.1:{}/ws", inner.port)})),
        ),
        ("GET", ["gateway", "bot"]) => (
            StatusCode::OK,
            Some(
                json!({"url": format!("ws://127.0.0.1:{}/ws", inner.port), "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}),
            ),
        ),
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
            let cmds: Vec<Value> = body
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(|mut c| {
                    c["id"] = json!(new_id().to_string());
                    c["application_id"] = json!(APP_ID.to_string());
                    c["version"] = json!("1");
                    if c.get("type").is_none() {
                        c["type"] = json!(1);
                    }
                    c
                })
                .collect();
            (StatusCode::OK, Some(Value::Array(cmds)))
        }
        ("POST", ["interactions", id, _, "callback"]) => {
            let id: u64 = id.parse().unwrap_or(0);
            if inner.acknowledged.lock().unwrap().insert(id) {
                match body["type"].as_u64() {
                    // CHANNEL_MESSAGE_WITH_SOURCE and its deferral make the original
                    // response message.
                    Some(4) | Some(5) => {
                        let channel = inner
                            .interaction_channels
                            .lock()
                            .unwrap()
                            .get(&id)
                            .copied()
                            .unwrap_or(1);
                        let m = create(channel, &body["data"]);
                        let mid: u64 = m["id"].as_str().and_then(|i| i.parse().ok()).unwrap_or(0);
                        inner.originals.lock().unwrap().insert(id, mid);
                        installs::note_made(inner, id, mid);
                    }
                    // DEFERRED_UPDATE_MESSAGE: the message the component was on is the
                    // one a later edit of the original response changes.
                    Some(6) => {
                        let pressed = inner.pressed.lock().unwrap().get(&id).copied();
                        match pressed {
                            Some(m) => {
                                inner.originals.lock().unwrap().insert(id, m);
                            }
                            None => {
                                inner.acknowledged.lock().unwrap().remove(&id);
                                return (
                                    StatusCode::BAD_REQUEST,
                                    Some(json!({"code": 50035, "message": "Invalid Form Body"})),
                                );
                            }
                        }
                    }
                    // UPDATE_MESSAGE edits the message the button was on; only a
                    // component interaction has one.
                    Some(7) => {
                        let pressed = inner.pressed.lock().unwrap().get(&id).copied();
                        match pressed {
                            Some(m) => {
                                edit(m, &body["data"]);
                            }
                            None => {
                                inner.acknowledged.lock().unwrap().remove(&id);
                                return (
                                    StatusCode::BAD_REQUEST,
                                    Some(json!({"code": 50035, "message": "Invalid Form Body"})),
                                );
                            }
                        }
                    }
                    // LAUNCH_ACTIVITY launches (or joins) the Activity there.
                    Some(12) => activity::launched(inner, id),
                    _ => {}
                }
                (StatusCode::NO_CONTENT, None)
            } else {
                (
                    StatusCode::BAD_REQUEST,
                    Some(
                        json!({"code": 40060, "message": "Interaction has already been acknowledged."}),
                    ),
                )
            }
        }
        ("PATCH" | "GET", ["webhooks", _, token, "messages", "@original"]) => {
            let interaction = token_id(token);
            let original = inner.originals.lock().unwrap().get(&interaction).copied();
            match original {
                Some(m) if method.as_str() == "PATCH" => (StatusCode::OK, edit(m, body)),
                Some(m) => (
                    StatusCode::OK,
                    inner.messages.lock().unwrap().get(&m).cloned(),
                ),
                None => (
                    StatusCode::NOT_FOUND,
                    Some(json!({"code": 10008, "message": "Unknown Message"})),
                ),
            }
        }
        ("PATCH", ["webhooks", _, _, "messages", _])
        | ("GET", ["webhooks", _, _, "messages", _]) => (StatusCode::OK, Some(message(1))),
        ("DELETE", ["webhooks", _, _, "messages", _]) => (StatusCode::NO_CONTENT, None),
        ("POST", ["webhooks", _, token]) => {
            let channel = inner
                .interaction_channels
                .lock()
                .unwrap()
                .get(&token_id(token))
                .copied()
                .unwrap_or(1);
            let m = message(channel);
            let mid: u64 = m["id"].as_str().and_then(|i| i.parse().ok()).unwrap_or(0);
            installs::note_made(inner, token_id(token), mid);
            (StatusCode::OK, Some(m))
        }
        ("POST", ["users", "@me", "channels"]) => {
            let user: u64 = body["recipient_id"]
                .as_str()
                .and_then(|s| s.parse().ok())
                .or(body["recipient_id"].as_u64())
                .unwrap_or(0);
            // Discord keeps one DM channel per recipient: asked again, it answers the
            // same one.
            let channel = dm_channel_of(inner, user, new_id);
            let last = history::last_message_id(inner, channel);
            (
                StatusCode::OK,
                Some(
                    json!({"id": channel.to_string(), "type": 1, "last_message_id": last,
                    "recipients": [{"id": user.to_string(), "username": format!("user{user}"), "discriminator": "0", "global_name": null, "avatar": null}]}),
                ),
            )
        }
        ("POST", ["channels", channel, "messages"]) => {
            let channel: u64 = channel.parse().unwrap_or(0);
            if let Some(refused) = thread_refusal(inner, channel) {
                return refused;
            }
            let recipient = inner.dm_channels.lock().unwrap().get(&channel).copied();
            if recipient.is_some_and(|u| inner.closed_dms.lock().unwrap().contains(&u)) {
                return (
                    StatusCode::FORBIDDEN,
                    Some(json!({"code": 50007, "message": "Cannot send messages to this user"})),
                );
            }
            // Discord: a nonce is an integer or a string of at most 25 characters.
            let nonce = match &body["nonce"] {
                Value::String(n) => Some(n.clone()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            };
            if nonce.as_ref().is_some_and(|n| n.chars().count() > 25) {
                return (
                    StatusCode::BAD_REQUEST,
                    Some(json!({"code": 50035, "message": "Invalid Form Body",
                        "errors": {"nonce": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH",
                        "message": "Must be 25 or fewer in length."}]}}})),
                );
            }
            let enforced = body["enforce_nonce"].as_bool() == Some(true);
            match nonce.filter(|_| enforced) {
                Some(n) => {
                    let mut nonces = inner.nonces.lock().unwrap();
                    if let Some(earlier) = nonces.get(&n) {
                        inner.deduplicated.fetch_add(1, Ordering::SeqCst);
                        return (StatusCode::OK, Some(earlier.clone()));
                    }
                    let mut m = message(channel);
                    m["nonce"] = json!(n);
                    nonces.insert(n, m.clone());
                    (StatusCode::OK, Some(m))
                }
                None => (StatusCode::OK, Some(message(channel))),
            }
        }
        // Start Thread without Message: a new public thread (type 11) in a channel;
        // a thread cannot hold another (50024).
        ("POST", ["channels", channel, "threads"]) => {
            let parent: u64 = channel.parse().unwrap_or(0);
            let guild = guild_of(inner, parent).to_string();
            let mut threads = inner.threads.lock().unwrap();
            if threads.contains_key(&parent) {
                return (
                    StatusCode::BAD_REQUEST,
                    Some(
                        json!({"code": 50024, "message": "Cannot execute action on this channel type"}),
                    ),
                );
            }
            let id = history::next_id(inner);
            threads.insert(id, parent);
            inner
                .thread_names
                .lock()
                .unwrap()
                .insert(id, body["name"].as_str().unwrap_or_default().to_string());
            (
                StatusCode::CREATED,
                Some(json!({
                    "id": id.to_string(), "type": body["type"].as_u64().unwrap_or(11),
                    "guild_id": guild, "parent_id": parent.to_string(),
                    "owner_id": BOT_ID.to_string(), "name": body["name"],
                    "last_message_id": null, "rate_limit_per_user": 0, "message_count": 0,
                    "member_count": 1, "total_message_sent": 0, "flags": 0,
                    "thread_metadata": {
                        "archived": false,
                        "auto_archive_duration": body["auto_archive_duration"].as_u64().unwrap_or(4320),
                        "archive_timestamp": "2024-01-01T00:00:00.000000+00:00",
                        "locked": false,
                    },
                    "member": {"id": id.to_string(), "user_id": BOT_ID.to_string(),
                        "join_timestamp": "2024-01-01T00:00:00.000000+00:00", "flags": 0},
                })),
            )
        }
        // Start Thread from Message: a public thread (type 11) whose id is the
        // message's, as on Discord; a thread cannot hold another (50024), and a message
        // starts one thread at most (160004). No gateway event is sent (the bot needs
        // none).
        ("POST", ["channels", channel, "messages", id, "threads"]) => {
            let parent: u64 = channel.parse().unwrap_or(0);
            let id: u64 = id.parse().unwrap_or(0);
            let known = inner.messages.lock().unwrap().get(&id).cloned();
            let guild = guild_of(inner, parent).to_string();
            let mut threads = inner.threads.lock().unwrap();
            if threads.contains_key(&parent) {
                return (
                    StatusCode::BAD_REQUEST,
                    Some(
                        json!({"code": 50024, "message": "Cannot execute action on this channel type"}),
                    ),
                );
            }
            if threads.contains_key(&id) {
                return (
                    StatusCode::BAD_REQUEST,
                    Some(
                        json!({"code": 160004, "message": "A thread has already been created for this message"}),
                    ),
                );
            }
            match known {
                Some(m) if m["channel_id"] == json!(parent.to_string()) => {
                    threads.insert(id, parent);
                    (
                        StatusCode::CREATED,
                        Some(json!({
                            "id": id.to_string(), "type": 11, "guild_id": guild,
                            "parent_id": parent.to_string(), "owner_id": BOT_ID.to_string(),
                            "name": body["name"], "last_message_id": null,
                            "rate_limit_per_user": 0, "message_count": 0, "member_count": 1,
                            "total_message_sent": 0, "flags": 0,
                            "thread_metadata": {
                                "archived": false,
                                "auto_archive_duration": body["auto_archive_duration"].as_u64().unwrap_or(4320),
                                "archive_timestamp": "2024-01-01T00:00:00.000000+00:00",
                                "locked": false,
                            },
                            "member": {"id": id.to_string(), "user_id": BOT_ID.to_string(),
                                "join_timestamp": "2024-01-01T00:00:00.000000+00:00", "flags": 0},
                        })),
                    )
                }
                _ => (
                    StatusCode::NOT_FOUND,
                    Some(json!({"code": 10008, "message": "Unknown Message"})),
                ),
            }
        }
        ("PATCH", ["channels", channel, "messages", id]) => {
            let id: u64 = id.parse().unwrap_or(0);
            let channel: u64 = channel.parse().unwrap_or(0);
            let known = inner.messages.lock().unwrap().get(&id).cloned();
            match known {
                Some(m) if m["channel_id"] == json!(channel.to_string()) => {
                    (StatusCode::OK, edit(id, body))
                }
                _ => (
                    StatusCode::NOT_FOUND,
                    Some(json!({"code": 10008, "message": "Unknown Message"})),
                ),
            }
        }
        _ => (
            StatusCode::NOT_FOUND,
            Some(json!({"code": 0, "message": "404: Not Found"})),
        ),
    }
}

/// What a moderator did to a thread (see [`FakeDiscord::delete_thread`] and
/// [`FakeDiscord::archive_thread`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ThreadFate {
    Deleted,
    Archived,
    Locked,
}

/// A post in a thread that is gone or locked is refused as Discord refuses it; one in
/// an archived thread unarchives it.
fn thread_refusal(inner: &Inner, channel: u64) -> Option<(StatusCode, Option<Value>)> {
    let mut fates = inner.thread_fates.lock().unwrap();
    match fates.get(&channel).copied()? {
        ThreadFate::Deleted => Some((
            StatusCode::NOT_FOUND,
            Some(json!({"code": 10003, "message": "Unknown Channel"})),
        )),
        ThreadFate::Locked => Some((
            StatusCode::BAD_REQUEST,
            Some(json!({"code": 50083, "message": "Thread is archived"})),
        )),
        ThreadFate::Archived => {
            fates.remove(&channel);
            None
        }
    }
}

// ---------------------------------------------------------------------------------
// Message components as Discord checks them, Components V2 included.
//
// What the fake enforces, and where Discord documents it:
// - discord-api-docs `docs/components/reference.mdx` ("Component Reference"):
//   the flag `1 << 15` (IS_COMPONENTS_V2) turns a message into Components V2; then the
//   `content` and `embeds` fields "will no longer work" (Text Display and Container
//   replace them), the `poll` and `stickers` fields are disabled, attachments show only
//   through components, and "Messages allow up to 40 total components" (nested ones
//   count: the limit is on the message's components, every level). Component types 1
//   Action Row, 2 Button, 3 and 5-8 selects, 9 Section, 10 Text Display, 11 Thumbnail,
//   12 Media Gallery, 13 File, 14 Separator, 17 Container (4 Text Input is for modals
//   only). An Action Row holds up to 5 buttons or one select; a button's `custom_id` is
//   at most 100 characters and unique in the message, its label at most 80. A string
//   select (type 3) has 1-25 options, each with a label and a value of at most 100
//   characters (a description too), a placeholder of at most 150, and `min_values`
//   0-25 and `max_values` 1-25, no more than its options (the same page, "String
//   Select" and "Select Option Structure"; discord-api-types' `APIStringSelectComponent`
//   says the same). A Section
//   holds 1-3 Text Displays and a Thumbnail or Button accessory. A Media Gallery holds
//   1-10 items, each an "unfurled media item" whose `url` is a URL or an
//   `attachment://<filename>` reference to a file uploaded with the message. A File
//   takes only `attachment://` references. A Container holds action rows, text
//   displays, sections, media galleries, separators and files, with an optional
//   `accent_color` (RGB, 0x000000-0xFFFFFF). Legacy messages (no flag) allow up to 5
//   action rows as top-level components and none of the new types.
// - The same page, newer text (docs.discord.food/resources/components, and discord.js's
//   guide, discordjs/guide pull request 1620): "The combined length of all text across
//   all components cannot exceed 4000 characters".
// - `docs/components/using-message-components.mdx` (discord-api-docs pull request
//   7507): "Setting the IS_COMPONENTS_V2 message flag cannot be reverted: once the
//   message has been sent, the flag cannot be removed from the message when editing
//   the message." discord.js's guide (pull request 1620): a message is upgraded by an
//   edit with the flag, its `content`, `embeds`, `poll` and `stickers` set to null.
// - Components received from Discord always carry an `id` (32-bit, unique in the
//   message, generated sequentially when not sent: reference.mdx "Anatomy of a
//   Component"); a media item comes back with its URL resolved (`proxy_url` and the
//   rest "provided by the API as part of the response").
// - A refusal is 400 with code 50035, "Invalid Form Body", and an `errors` object that
//   follows the field's path down to `_errors` (docs/reference.mdx, "Error Messages").
// ---------------------------------------------------------------------------------

/// Discord's message flag for Components V2 (`1 << 15`).
pub const COMPONENTS_V2: u64 = 1 << 15;

/// Discord's limits on the components of one message.
const MAX_COMPONENTS: usize = 40;
const MAX_V2_TEXT: usize = 4000;
const MAX_CUSTOM_ID: usize = 100;
const MAX_LABEL: usize = 80;
const MAX_SELECT_OPTIONS: usize = 25;
const MAX_PLACEHOLDER: usize = 150;
const MAX_OPTION_TEXT: usize = 100;

/// A message's visible text: its `content`, else the content of its Text Display
/// components in order (inside containers and sections too), one per line.
pub fn visible_text(message: &Value) -> String {
    let content = message["content"].as_str().unwrap_or_default();
    if !content.is_empty() {
        return content.to_string();
    }
    let mut texts = Vec::new();
    text_displays(&message["components"], &mut texts);
    texts.join("\n")
}

fn text_displays(components: &Value, out: &mut Vec<String>) {
    for c in components.as_array().into_iter().flatten() {
        if c["type"].as_u64() == Some(10) {
            out.push(c["content"].as_str().unwrap_or_default().to_string());
        }
        text_displays(&c["components"], out);
    }
}

/// Every component of a message, depth first (sections' accessories included).
pub fn all_components(message: &Value) -> Vec<Value> {
    fn walk(components: &Value, out: &mut Vec<Value>) {
        for c in components.as_array().into_iter().flatten() {
            out.push(c.clone());
            walk(&c["components"], out);
            if c.get("accessory").is_some() {
                out.push(c["accessory"].clone());
            }
        }
    }
    let mut out = Vec::new();
    walk(&message["components"], &mut out);
    out
}

/// Whether a message (as sent or as kept) is a Components V2 one.
pub fn is_v2(message: &Value) -> bool {
    message["flags"].as_u64().unwrap_or(0) & COMPONENTS_V2 != 0
}

/// A kept message as Discord returns it: every component has an `id` (numbered in
/// order where none was sent), and `attachment://` media point at the uploaded file.
fn as_discord_keeps(m: &mut Value) {
    let attachments = m["attachments"].as_array().cloned().unwrap_or_default();
    let mut used: HashSet<u64> = all_components(m)
        .iter()
        .filter_map(|c| c["id"].as_u64())
        .collect();
    let mut next = 1;
    fn walk(
        components: &mut Value,
        attachments: &[Value],
        used: &mut HashSet<u64>,
        next: &mut u64,
    ) {
        let Some(list) = components.as_array_mut() else {
            return;
        };
        for c in list {
            if c["id"].as_u64().is_none_or(|i| i == 0) {
                while used.contains(next) {
                    *next += 1;
                }
                c["id"] = json!(*next);
                used.insert(*next);
            }
            let mut media: Vec<&mut Value> = Vec::new();
            if let Some(items) = c.get_mut("items").and_then(Value::as_array_mut) {
                media.extend(items.iter_mut().map(|i| &mut i["media"]));
            }
            for item in media {
                resolve(item, attachments);
            }
            if c.get("file").is_some() {
                resolve(&mut c["file"], attachments);
            }
            if c.get("accessory").is_some() {
                let mut one = json!([c["accessory"].take()]);
                walk(&mut one, attachments, used, next);
                c["accessory"] = one[0].take();
            }
            walk(&mut c["components"], attachments, used, next);
        }
    }
    fn resolve(media: &mut Value, attachments: &[Value]) {
        let Some(name) = media["url"]
            .as_str()
            .and_then(|u| u.strip_prefix("attachment://"))
            .map(str::to_string)
        else {
            return;
        };
        if let Some(a) = attachments.iter().find(|a| a["filename"] == json!(name)) {
            media["url"] = a["url"].clone();
            media["proxy_url"] = a["proxy_url"].clone();
            media["content_type"] = json!("image/png");
            media["attachment_id"] = a["id"].clone();
        }
    }
    walk(&mut m["components"], &attachments, &mut used, &mut next);
}

/// Discord's "Invalid Form Body" (400 / 50035) for the field at `path`.
fn invalid_form(path: &[String], code: &str, message: &str) -> (StatusCode, Option<Value>) {
    let mut errors = json!({"_errors": [{"code": code, "message": message}]});
    for key in path.iter().rev() {
        errors = json!({ key.clone(): errors });
    }
    (
        StatusCode::BAD_REQUEST,
        Some(json!({"code": 50035, "message": "Invalid Form Body", "errors": errors})),
    )
}

/// The message body a request sends and the kept message it changes (`None` for a
/// new one), for the requests that send a message; `None` for the others.
fn sent_message<'a>(
    inner: &Inner,
    method: &Method,
    segs: &[&str],
    body: &'a Value,
) -> Option<(&'a Value, Option<Value>)> {
    let kept = |id: u64| inner.messages.lock().unwrap().get(&id).cloned();
    match (method.as_str(), segs) {
        ("POST", ["channels", _, "messages"]) | ("POST", ["webhooks", _, _]) => Some((body, None)),
        ("POST", ["interactions", id, _, "callback"]) => {
            let id: u64 = id.parse().unwrap_or(0);
            match body["type"].as_u64() {
                Some(4) => Some((&body["data"], None)),
                Some(7) => {
                    let pressed = inner.pressed.lock().unwrap().get(&id).copied();
                    Some((&body["data"], pressed.and_then(kept)))
                }
                _ => None,
            }
        }
        ("PATCH", ["webhooks", _, token, "messages", "@original"]) => {
            let interaction = token
                .strip_prefix("tok-")
                .and_then(|i| i.parse::<u64>().ok())
                .unwrap_or(0);
            let original = inner.originals.lock().unwrap().get(&interaction).copied();
            Some((body, original.and_then(kept)))
        }
        ("PATCH", ["webhooks", _, _, "messages", _]) => Some((body, None)),
        ("PATCH", ["channels", _, "messages", id]) => {
            Some((body, id.parse::<u64>().ok().and_then(kept)))
        }
        _ => None,
    }
}

/// Refuses a message Discord would refuse for its form (see the notes above).
fn refuse_form(
    inner: &Inner,
    method: &Method,
    segs: &[&str],
    body: &Value,
    files: &[String],
) -> Option<(StatusCode, Option<Value>)> {
    let (message, kept) = sent_message(inner, method, segs, body)?;
    check_message(message, files, kept.as_ref()).err()
}

/// Checks one message body (`kept`: the message it edits).
pub fn check_message(
    message: &Value,
    files: &[String],
    kept: Option<&Value>,
) -> Result<(), (StatusCode, Option<Value>)> {
    let p = |keys: &[&str]| keys.iter().map(|k| k.to_string()).collect::<Vec<_>>();
    let sent_flags = message.get("flags").filter(|f| !f.is_null());
    let was_v2 = kept.is_some_and(is_v2);
    let v2 = was_v2 || is_v2(message);
    if was_v2 && sent_flags.is_some() && !is_v2(message) {
        return Err(invalid_form(
            &p(&["flags"]),
            "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
            "The IS_COMPONENTS_V2 flag cannot be removed from a message.",
        ));
    }
    let filled = |key: &str| match message.get(key) {
        None | Some(Value::Null) => false,
        Some(Value::String(s)) => !s.is_empty(),
        Some(Value::Array(a)) => !a.is_empty(),
        Some(_) => true,
    };
    if v2 {
        for key in ["content", "embeds", "sticker_ids", "poll"] {
            if filled(key) {
                return Err(invalid_form(
                    &p(&[key]),
                    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                    "The 'content', 'embeds', 'sticker_ids' and 'poll' fields cannot be used \
                     when using MessageFlags.IS_COMPONENTS_V2.",
                ));
            }
        }
        // An upgrade by an edit: the message's old content must be cleared (null).
        if let Some(old) = kept.filter(|_| !was_v2) {
            let old_content = old["content"].as_str().unwrap_or_default();
            if !old_content.is_empty() && message.get("content") != Some(&Value::Null) {
                return Err(invalid_form(
                    &p(&["content"]),
                    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                    "A message upgraded to IS_COMPONENTS_V2 must clear its content.",
                ));
            }
        }
    }
    let Some(components) = message.get("components").filter(|c| !c.is_null()) else {
        if v2 && kept.is_none() {
            return Err(invalid_form(
                &p(&["components"]),
                "BASE_TYPE_REQUIRED",
                "This field is required",
            ));
        }
        return Ok(());
    };
    let Some(list) = components.as_array() else {
        return Err(invalid_form(
            &p(&["components"]),
            "BASE_TYPE_BAD_TYPE",
            "Must be an array.",
        ));
    };
    if v2 && list.is_empty() && kept.is_none() {
        return Err(invalid_form(
            &p(&["components"]),
            "BASE_TYPE_REQUIRED",
            "This field is required",
        ));
    }
    // Files this message may show: uploaded with it, or kept by it (an edit).
    let mut known: Vec<String> = files.to_vec();
    if let Some(old) = kept {
        let listed = message.get("attachments").and_then(Value::as_array);
        for a in old["attachments"].as_array().into_iter().flatten() {
            let still = listed.is_none_or(|l| l.iter().any(|x| x["id"] == a["id"]));
            if still {
                known.push(a["filename"].as_str().unwrap_or_default().to_string());
            }
        }
    }
    let mut check = Check {
        v2,
        files: known,
        count: 0,
        text: 0,
        custom_ids: HashSet::new(),
    };
    if !v2 && list.len() > 5 {
        return Err(invalid_form(
            &p(&["components"]),
            "BASE_TYPE_MAX_LENGTH",
            "Must be 5 or fewer in length.",
        ));
    }
    for (i, c) in list.iter().enumerate() {
        let path = vec!["components".to_string(), i.to_string()];
        check.component(c, Place::Top, &path)?;
    }
    if check.count > MAX_COMPONENTS {
        return Err(invalid_form(
            &p(&["components"]),
            "MESSAGE_COMPONENTS_TOO_MANY",
            "A message can have at most 40 components.",
        ));
    }
    if check.text > MAX_V2_TEXT {
        return Err(invalid_form(
            &p(&["components"]),
            "MESSAGE_COMPONENTS_TEXT_TOO_LONG",
            "The text of a message's components must be 4000 or fewer in length.",
        ));
    }
    Ok(())
}

/// Where a component stands, which decides what it may be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Top,
    Container,
    Row,
    Section,
    Accessory,
}

struct Check {
    v2: bool,
    files: Vec<String>,
    count: usize,
    text: usize,
    custom_ids: HashSet<String>,
}

impl Check {
    fn component(
        &mut self,
        c: &Value,
        place: Place,
        path: &[String],
    ) -> Result<(), (StatusCode, Option<Value>)> {
        let at = |key: &str| {
            let mut v = path.to_vec();
            v.push(key.to_string());
            v
        };
        self.count += 1;
        let kind = c["type"].as_u64().unwrap_or(0);
        let allowed: &[u64] = match place {
            Place::Top if self.v2 => &[1, 9, 10, 12, 13, 14, 17],
            Place::Top => &[1],
            Place::Container => &[1, 9, 10, 12, 13, 14],
            Place::Row => &[2, 3, 5, 6, 7, 8],
            Place::Section => &[10],
            Place::Accessory => &[2, 11],
        };
        if !allowed.contains(&kind) {
            return Err(invalid_form(
                &at("type"),
                "UNION_TYPE_INVALID_VALUE",
                &format!("Value of field \"type\" must be one of {allowed:?}."),
            ));
        }
        let children = |key: &str| c[key].as_array().cloned().unwrap_or_default();
        match kind {
            1 => {
                let inside = children("components");
                let buttons = inside.iter().filter(|b| b["type"] == json!(2)).count();
                let selects = inside.len() - buttons;
                if inside.is_empty()
                    || inside.len() > 5
                    || (selects > 0 && (selects > 1 || buttons > 0))
                {
                    return Err(invalid_form(
                        &at("components"),
                        "BASE_TYPE_BAD_LENGTH",
                        "An action row holds 1 to 5 buttons or one select menu.",
                    ));
                }
                for (i, x) in inside.iter().enumerate() {
                    let mut path = at("components");
                    path.push(i.to_string());
                    self.component(x, Place::Row, &path)?;
                }
            }
            2 | 3 | 5..=8 => {
                let id = c["custom_id"].as_str();
                let link = kind == 2 && matches!(c["style"].as_u64(), Some(5) | Some(6));
                match id {
                    None if !link => {
                        return Err(invalid_form(
                            &at("custom_id"),
                            "BASE_TYPE_REQUIRED",
                            "This field is required",
                        ))
                    }
                    Some(id) if id.chars().count() > MAX_CUSTOM_ID => {
                        return Err(invalid_form(
                            &at("custom_id"),
                            "BASE_TYPE_MAX_LENGTH",
                            "Must be 100 or fewer in length.",
                        ))
                    }
                    Some(id) if !self.custom_ids.insert(id.to_string()) => {
                        return Err(invalid_form(
                            &at("custom_id"),
                            "COMPONENT_CUSTOM_ID_DUPLICATED",
                            "Component custom id cannot be duplicated",
                        ))
                    }
                    _ => {}
                }
                if kind == 3 {
                    self.string_select(c, path)?;
                }
                if c["label"]
                    .as_str()
                    .is_some_and(|l| l.chars().count() > MAX_LABEL)
                {
                    return Err(invalid_form(
                        &at("label"),
                        "BASE_TYPE_MAX_LENGTH",
                        "Must be 80 or fewer in length.",
                    ));
                }
            }
            9 => {
                // reference.mdx, "Section": `components` "One to three child components
                // representing the content of the section that is contextually
                // associated to the accessory" (Text Displays), `accessory` "A
                // component that is contextually associated to the content of the
                // section" (a Button or a Thumbnail), both required.
                let inside = children("components");
                if inside.is_empty() || inside.len() > 3 {
                    return Err(invalid_form(
                        &at("components"),
                        "BASE_TYPE_BAD_LENGTH",
                        "Must be between 1 and 3 in length.",
                    ));
                }
                if c.get("accessory").is_none_or(Value::is_null) {
                    return Err(invalid_form(
                        &at("accessory"),
                        "BASE_TYPE_REQUIRED",
                        "This field is required",
                    ));
                }
                for (i, x) in inside.iter().enumerate() {
                    let mut path = at("components");
                    path.push(i.to_string());
                    self.component(x, Place::Section, &path)?;
                }
                self.component(&c["accessory"], Place::Accessory, &at("accessory"))?;
            }
            10 => {
                let Some(text) = c["content"].as_str().filter(|t| !t.is_empty()) else {
                    return Err(invalid_form(
                        &at("content"),
                        "BASE_TYPE_REQUIRED",
                        "This field is required",
                    ));
                };
                self.text += text.chars().count();
            }
            11 => self.media(&c["media"], &at("media"), false)?,
            12 => {
                let items = children("items");
                if items.is_empty() || items.len() > 10 {
                    return Err(invalid_form(
                        &at("items"),
                        "BASE_TYPE_BAD_LENGTH",
                        "Must be between 1 and 10 in length.",
                    ));
                }
                for (i, item) in items.iter().enumerate() {
                    let mut path = at("items");
                    path.push(i.to_string());
                    path.push("media".to_string());
                    self.media(&item["media"], &path, false)?;
                }
            }
            13 => self.media(&c["file"], &at("file"), true)?,
            14 => {}
            17 => {
                if let Some(accent) = c.get("accent_color").filter(|a| !a.is_null()) {
                    if accent.as_u64().is_none_or(|a| a > 0xFF_FF_FF) {
                        return Err(invalid_form(
                            &at("accent_color"),
                            "NUMBER_TYPE_MAX",
                            "Must be between 0 and 16777215.",
                        ));
                    }
                }
                let inside = children("components");
                if inside.is_empty() {
                    return Err(invalid_form(
                        &at("components"),
                        "BASE_TYPE_REQUIRED",
                        "This field is required",
                    ));
                }
                for (i, x) in inside.iter().enumerate() {
                    let mut path = at("components");
                    path.push(i.to_string());
                    self.component(x, Place::Container, &path)?;
                }
            }
            _ => unreachable!("refused above"),
        }
        Ok(())
    }

    /// A string select's options, placeholder and value counts.
    fn string_select(&self, c: &Value, path: &[String]) -> Result<(), (StatusCode, Option<Value>)> {
        let at = |keys: &[&str]| {
            let mut v = path.to_vec();
            v.extend(keys.iter().map(|k| k.to_string()));
            v
        };
        let too_long = |v: &Value, max: usize| v.as_str().is_some_and(|t| t.chars().count() > max);
        let options = c["options"].as_array().cloned().unwrap_or_default();
        if options.is_empty() || options.len() > MAX_SELECT_OPTIONS {
            return Err(invalid_form(
                &at(&["options"]),
                "BASE_TYPE_BAD_LENGTH",
                "Must be between 1 and 25 in length.",
            ));
        }
        if too_long(&c["placeholder"], MAX_PLACEHOLDER) {
            return Err(invalid_form(
                &at(&["placeholder"]),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 150 or fewer in length.",
            ));
        }
        for (i, o) in options.iter().enumerate() {
            let i = i.to_string();
            for key in ["label", "value"] {
                let missing = o[key].as_str().is_none_or(str::is_empty);
                if missing || too_long(&o[key], MAX_OPTION_TEXT) {
                    return Err(invalid_form(
                        &at(&["options", &i, key]),
                        "BASE_TYPE_BAD_LENGTH",
                        "Must be between 1 and 100 in length.",
                    ));
                }
            }
            if too_long(&o["description"], MAX_OPTION_TEXT) {
                return Err(invalid_form(
                    &at(&["options", &i, "description"]),
                    "BASE_TYPE_MAX_LENGTH",
                    "Must be 100 or fewer in length.",
                ));
            }
        }
        let min = c["min_values"].as_u64().unwrap_or(1);
        let max = c["max_values"].as_u64().unwrap_or(1);
        if min > 25 || !(1..=25).contains(&max) || min > max || max > options.len() as u64 {
            return Err(invalid_form(
                &at(&["max_values"]),
                "BASE_TYPE_BAD_LENGTH",
                "The select's values must be between its min_values and max_values, \
                 and no more than its options.",
            ));
        }
        Ok(())
    }

    /// An unfurled media item: a URL, or `attachment://<name>` naming a file of the
    /// message (the only form a File component takes).
    fn media(
        &self,
        media: &Value,
        path: &[String],
        attachment_only: bool,
    ) -> Result<(), (StatusCode, Option<Value>)> {
        let mut at = path.to_vec();
        at.push("url".to_string());
        let url = media["url"].as_str().unwrap_or_default();
        match url.strip_prefix("attachment://") {
            Some(name) if self.files.iter().any(|f| f == name) => Ok(()),
            Some(_) => Err(invalid_form(
                &at,
                "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND",
                "The attachment referenced was not uploaded with the message.",
            )),
            None if attachment_only => Err(invalid_form(
                &at,
                "UNFURLED_MEDIA_ITEM_MUST_BE_ATTACHMENT",
                "A file component takes an attachment:// reference.",
            )),
            None if url.starts_with("https://") || url.starts_with("http://") => Ok(()),
            None => Err(invalid_form(
                &at,
                "URL_TYPE_INVALID_URL",
                "Not a well formed URL.",
            )),
        }
    }
}
