//! The fake's Activity (issue 49), as Discord documents it:
//!
//! - `POST /api/v10/oauth2/token` takes a form (`client_id`, `client_secret`,
//!   `grant_type=authorization_code`, `code`) and answers a Bearer access token; an
//!   unknown, used or other application's code is answered 400 `invalid_grant`, a wrong
//!   client id or secret 401 `invalid_client`, another grant 400
//!   `unsupported_grant_type`. A code is good once.
//! - `GET /api/v10/users/@me` with `Authorization: Bearer <token>` answers the token's
//!   user; an unknown token 401.
//! - `POST /api/v10/applications/<app>/commands` makes one global command (an Entry
//!   Point command is the application's, never a server's).
//! - Every `LAUNCH_ACTIVITY` callback (`{"type": 12}`) launches the Activity where its
//!   interaction came from: a new instance (`i-<launch>-gc-<server>-<channel>`, or
//!   `i-<launch>-pc-<channel>` in a DM or group DM) with the interaction's user in its
//!   `users`, or, when one runs in that channel already, that user joins it (Discord
//!   keeps one instance per place). Instances run for the fake's whole life.
//! - `GET /api/v10/applications/<app>/activity-instances/<id>` answers a running
//!   instance of the application (`{application_id, instance_id, launch_id, location:
//!   {id, kind, channel_id, guild_id}, users}`) and 404 `{"message": "404: Not Found",
//!   "code": 0}` for any other id; it needs the bot's token (`Bot` and the token the bot
//!   identified with on the gateway), else 401 `{"message": "401: Unauthorized", "code":
//!   0}`. Scripted faults (`fail_next`) apply to it.
//! - `GET /activity-client?...` is the Discord client's part around the Activity's
//!   frame: a page that frames the Activity with the launch's query (`frame_id`,
//!   `instance_id`, `channel_id`, `guild_id`, `platform`), answers its handshake with
//!   READY, its AUTHORIZE with a code made for the page's user, and its AUTHENTICATE
//!   after checking the token at `/users/@me`. It keeps what it saw in `window.seen`.
//!   Opening it joins the page's user to the instance it frames (Discord's "Join
//!   Activity"): the channel's running one, or the one the address names (`instance`);
//!   with no such instance it is a 404. The framed address names the instance and a
//!   channel: the instance's own, or another (an address someone edited).

use super::{FakeDiscord, FakeUser, Inner, APP_ID, GUILD_ID};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// The application's OAuth2 client secret, as the fake knows it.
pub const CLIENT_SECRET: &str = "fake-client-secret-of-the-activity";

/// The OAuth2 state: codes and tokens, each naming a user.
#[derive(Default)]
pub(super) struct OAuth {
    codes: Mutex<HashMap<String, Value>>,
    tokens: Mutex<HashMap<String, Value>>,
    made: AtomicU64,
}

impl OAuth {
    fn fresh(&self, what: &str) -> String {
        let n = self.made.fetch_add(1, Ordering::SeqCst);
        format!(
            "{what}-{n}-{:x}",
            (n + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        )
    }
}

/// The Activity's instances, and the bot tokens that may ask about them.
#[derive(Default)]
pub(super) struct Instances {
    /// Every instance launched, as Discord answers it, oldest first.
    running: Mutex<Vec<Value>>,
    /// The tokens the bot identified with on the gateway.
    bot_tokens: Mutex<HashSet<String>>,
}

/// The bot identified on the gateway with `token` (read with or without the `Bot ` of
/// its REST header): its REST requests may carry it.
pub(super) fn identified(inner: &Inner, token: &Value) {
    if let Some(token) = token.as_str() {
        let token = token.strip_prefix("Bot ").unwrap_or(token);
        let mut tokens = inner.instances.bot_tokens.lock().unwrap();
        tokens.insert(token.to_string());
    }
}

/// Interaction `id` was answered with `LAUNCH_ACTIVITY`: its user launches the Activity
/// where it came from, or joins the instance running there.
pub(super) fn launched(inner: &Inner, id: u64) {
    let Some(payload) = super::installs::payload(inner, id) else {
        return;
    };
    let user = payload["member"]["user"]["id"]
        .as_str()
        .or_else(|| payload["user"]["id"].as_str())
        .unwrap_or_default()
        .to_string();
    let channel = payload["channel_id"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    if join(inner, None, &channel, &user).is_some() {
        return;
    }
    let launch = super::history::next_id(inner).to_string();
    let location = match payload["guild_id"].as_str() {
        Some(guild) => json!({
            "id": format!("gc-{guild}-{channel}"), "kind": "gc",
            "channel_id": channel, "guild_id": guild,
        }),
        None => json!({
            "id": format!("pc-{channel}"), "kind": "pc", "channel_id": channel, "guild_id": null,
        }),
    };
    let instance = json!({
        "application_id": APP_ID.to_string(),
        "instance_id": format!("i-{launch}-{}", location["id"].as_str().unwrap_or_default()),
        "launch_id": launch, "location": location, "users": [user],
    });
    inner.instances.running.lock().unwrap().push(instance);
}

/// `user` joins instance `id` (`None`: the one running in `channel`); its id, or `None`
/// when there is no such instance.
fn join(inner: &Inner, id: Option<&str>, channel: &str, user: &str) -> Option<String> {
    let mut running = inner.instances.running.lock().unwrap();
    let instance = running.iter_mut().rev().find(|i| match id {
        Some(id) => i["instance_id"] == id,
        None => i["location"]["channel_id"] == channel,
    })?;
    let users = instance["users"].as_array_mut()?;
    if !users.iter().any(|u| u == user) {
        users.push(json!(user));
    }
    instance["instance_id"].as_str().map(str::to_string)
}

/// The answer to `GET .../activity-instances/<id>` asked with `auth`.
fn instance(inner: &Inner, app: &str, id: &str, auth: &str) -> (StatusCode, Value) {
    let known = auth
        .strip_prefix("Bot ")
        .is_some_and(|t| inner.instances.bot_tokens.lock().unwrap().contains(t));
    if !known {
        let refusal = json!({"message": "401: Unauthorized", "code": 0});
        return (StatusCode::UNAUTHORIZED, refusal);
    }
    let running = inner.instances.running.lock().unwrap();
    let found = running
        .iter()
        .find(|i| i["instance_id"] == id && i["application_id"] == app);
    match found {
        Some(instance) => (StatusCode::OK, instance.clone()),
        None => (
            StatusCode::NOT_FOUND,
            json!({"message": "404: Not Found", "code": 0}),
        ),
    }
}

impl FakeDiscord {
    /// The instance of the Activity running in `channel`, as Discord answers it.
    pub fn activity_instance(&self, channel: u64) -> Option<Value> {
        let running = self.inner.instances.running.lock().unwrap();
        let channel = channel.to_string();
        running
            .iter()
            .rev()
            .find(|i| i["location"]["channel_id"] == channel.as_str())
            .cloned()
    }

    /// A code for `user` (what the client's AUTHORIZE gives the Activity).
    pub fn authorize(&self, user: &FakeUser) -> String {
        let oauth = &self.inner.oauth;
        let code = oauth.fresh("code");
        oauth
            .codes
            .lock()
            .unwrap()
            .insert(code.clone(), user.json());
        code
    }

    /// The page playing the Discord client around the Activity at `activity` (its
    /// address) for `user`, who joins the instance running in `channel`.
    pub fn activity_client(&self, activity: &str, user: &FakeUser, channel: u64) -> String {
        format!(
            "{}/activity-client?activity={}&user={}&name={}&channel={channel}",
            self.base(),
            activity,
            user.id,
            user.name
        )
    }

    /// The same for `user`, who joins `instance`, in a frame whose address names
    /// `channel` (an edited address when it is not the instance's).
    pub fn activity_client_at(
        &self,
        activity: &str,
        user: &FakeUser,
        instance: &str,
        channel: u64,
    ) -> String {
        format!(
            "{}&instance={instance}",
            self.activity_client(activity, user, channel)
        )
    }

    /// Injects the Entry Point command (application command type 4) used by `user` in
    /// `channel`. Returns the interaction id.
    pub fn entry_point(&self, user: &FakeUser, channel: u64) -> u64 {
        let id = self.new_id();
        let data = json!({"id": "800000000000000049", "name": "launch", "type": 4});
        let payload = self.interaction(id, 2, user, channel, data);
        self.dispatch("INTERACTION_CREATE", payload);
        id
    }
}

/// `a=b&c=d` (percent-encoded, `+` a space) as pairs.
fn form(body: &[u8]) -> HashMap<String, String> {
    let decode = |s: &str| {
        let bytes = s.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'+' => out.push(b' '),
                b'%' if i + 2 < bytes.len() => {
                    let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
                    out.push(u8::from_str_radix(hex, 16).unwrap_or(b'?'));
                    i += 2;
                }
                b => out.push(b),
            }
            i += 1;
        }
        String::from_utf8_lossy(&out).into_owned()
    };
    String::from_utf8_lossy(body)
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (decode(k), decode(v)))
        .collect()
}

fn refused(status: StatusCode, error: &str, description: &str) -> (StatusCode, Value) {
    (
        status,
        json!({"error": error, "error_description": description}),
    )
}

/// The token endpoint's answer to `fields`.
fn token(oauth: &OAuth, fields: &HashMap<String, String>) -> (StatusCode, Value) {
    let field = |k: &str| fields.get(k).map(String::as_str).unwrap_or("");
    if field("client_id") != APP_ID.to_string() || field("client_secret") != CLIENT_SECRET {
        return refused(StatusCode::UNAUTHORIZED, "invalid_client", "Invalid client");
    }
    if field("grant_type") != "authorization_code" {
        return refused(
            StatusCode::BAD_REQUEST,
            "unsupported_grant_type",
            "Unsupported grant type",
        );
    }
    let Some(user) = oauth.codes.lock().unwrap().remove(field("code")) else {
        return refused(
            StatusCode::BAD_REQUEST,
            "invalid_grant",
            "Invalid \"code\" in request.",
        );
    };
    let access = oauth.fresh("token");
    oauth.tokens.lock().unwrap().insert(access.clone(), user);
    let answer = json!({
        "access_token": access, "token_type": "Bearer", "expires_in": 604800,
        "refresh_token": oauth.fresh("refresh"), "scope": "identify",
    });
    (StatusCode::OK, answer)
}

/// The fake's answer to a request of the Activity's, if it is one: the OAuth2 token
/// endpoint, `/users/@me` with a Bearer token, a global command made, the client page.
/// Recorded like every REST request (the form without its secret).
pub(super) fn answer(
    inner: &Inner,
    method: &Method,
    path: &str,
    query: Option<&str>,
    headers: &HeaderMap,
    body: &[u8],
) -> Option<Response> {
    let auth = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let (status, answer, json_body) = match (method.as_str(), path) {
        ("POST", "/api/v10/oauth2/token" | "/api/oauth2/token") => {
            let mut fields = form(body);
            let (status, answer) = token(&inner.oauth, &fields);
            fields.remove("client_secret");
            (status, answer, json!(fields))
        }
        ("GET", "/api/v10/users/@me") if auth.starts_with("Bearer ") => {
            let known = inner.oauth.tokens.lock().unwrap().get(&auth[7..]).cloned();
            match known {
                Some(user) => (StatusCode::OK, user, Value::Null),
                None => (
                    StatusCode::UNAUTHORIZED,
                    json!({"message": "401: Unauthorized", "code": 0}),
                    Value::Null,
                ),
            }
        }
        ("POST", p) if p == format!("/api/v10/applications/{APP_ID}/commands") => {
            let mut made: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
            made["id"] = json!(super::history::next_id(inner).to_string());
            made["application_id"] = json!(APP_ID.to_string());
            made["version"] = json!("1");
            (StatusCode::CREATED, made.clone(), made)
        }
        ("GET", "/activity-client") => return Some(client_page(inner, query.unwrap_or(""))),
        ("GET", p) if p.contains("/activity-instances/") => {
            let segs: Vec<&str> = p.trim_matches('/').split('/').collect();
            let (app, id) = match segs.as_slice() {
                ["api", "v10", "applications", app, "activity-instances", id]
                | ["api", "applications", app, "activity-instances", id] => (*app, *id),
                _ => return None,
            };
            let (status, answer) = match super::take_fault(inner, method, path) {
                Some(super::FaultKind::Server(s)) => {
                    (StatusCode::from_u16(s).unwrap(), Value::Null)
                }
                _ => instance(inner, app, id, auth),
            };
            (status, answer, Value::Null)
        }
        _ => return None,
    };
    super::record(
        inner,
        method,
        path.to_string(),
        json_body,
        Vec::new(),
        status.as_u16(),
        auth.to_string(),
    );
    Some((status, Json(answer)).into_response())
}

/// The Discord client's page around the Activity (see the module's notes).
fn client_page(inner: &Inner, query: &str) -> Response {
    let q = form(query.as_bytes());
    let get = |k: &str| q.get(k).cloned().unwrap_or_default();
    let name = get("name");
    let user = json!({
        "id": get("user"), "username": name, "discriminator": "0",
        "global_name": name, "avatar": null, "bot": false,
    });
    let code = inner.oauth.fresh("code");
    inner
        .oauth
        .codes
        .lock()
        .unwrap()
        .insert(code.clone(), user.clone());
    let channel = get("channel");
    let asked = q.get("instance").map(String::as_str);
    let Some(instance) = join(inner, asked, &channel, &get("user")) else {
        let none = "No Activity runs there (fake Discord).";
        return (StatusCode::NOT_FOUND, Html(none)).into_response();
    };
    let frame = format!(
        "{}?frame_id=frame-49&instance_id={instance}&channel_id={channel}\
         &guild_id={GUILD_ID}&platform=desktop",
        get("activity")
    );
    let page = CLIENT_PAGE
        .replace("{frame}", &frame)
        .replace("{client}", &APP_ID.to_string())
        .replace("{code}", &code)
        .replace("{user}", &user.to_string());
    Html(page).into_response()
}

const CLIENT_PAGE: &str = r#"<!doctype html>
<html><head><meta charset="utf-8"><title>Discord (fake)</title></head>
<body style="margin:0">
<iframe id="activity" src="{frame}" style="width:1000px;height:1150px;border:0"></iframe>
<script>
(function () {
  var frame = document.getElementById("activity");
  var target = new URL(frame.src).origin;
  var clientId = "{client}", code = "{code}", user = {user};
  window.seen = [];
  function send(opcode, payload) { frame.contentWindow.postMessage([opcode, payload], target); }
  window.addEventListener("message", function (event) {
    if (event.source !== frame.contentWindow || event.origin !== target) { return; }
    var m = event.data;
    if (!Array.isArray(m)) { return; }
    var body = m[1] || {};
    if (m[0] === 0) {
      window.seen.push("HANDSHAKE");
      if (body.v !== 1 || body.encoding !== "json" || body.client_id !== clientId
          || body.frame_id !== "frame-49") {
        send(2, { code: 4000, message: "Invalid handshake" });
        return;
      }
      send(1, { cmd: "DISPATCH", evt: "READY", data: { v: 1, config: {
        cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api",
        environment: "production" } } });
      return;
    }
    if (m[0] !== 1) { return; }
    window.seen.push(body.cmd);
    var args = body.args || {};
    if (body.cmd === "AUTHORIZE") {
      if (args.client_id !== clientId || (args.scope || []).indexOf("identify") < 0
          || args.response_type !== "code") {
        send(1, { cmd: "AUTHORIZE", evt: "ERROR", nonce: body.nonce,
                  data: { code: 4009, message: "Invalid client or scope" } });
        return;
      }
      send(1, { cmd: "AUTHORIZE", nonce: body.nonce, data: { code: code } });
    } else if (body.cmd === "AUTHENTICATE") {
      fetch("/api/v10/users/@me", { headers: { Authorization: "Bearer " + args.access_token } })
        .then(function (r) {
          if (!r.ok) {
            send(1, { cmd: "AUTHENTICATE", evt: "ERROR", nonce: body.nonce,
                      data: { code: 4009, message: "Invalid token" } });
            return;
          }
          window.authenticated = args.access_token;
          send(1, { cmd: "AUTHENTICATE", nonce: body.nonce, data: {
            access_token: args.access_token, user: user, scopes: ["identify"],
            expires: "2099-01-01T00:00:00.000Z", application: { id: clientId, name: "arcana" } } });
        });
    }
  });
})();
</script>
</body></html>
"#;
