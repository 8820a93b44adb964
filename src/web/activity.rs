//! The Discord Activity (issue 49): the game of a thread opened inside Discord. Discord
//! frames `/activity?frame_id=…&instance_id=…&channel_id=…` (through its
//! `<application>.discordsays.com` proxy, whose root URL mapping is this server); the
//! page's own script (`assets/web/activity.js`, no SDK, no build step) plays the
//! Embedded App SDK's documented postMessage part: the handshake, READY, AUTHORIZE
//! (a code), then AUTHENTICATE with the token this server got for that code.
//!
//! `POST /activity/session` takes the code and the launch's channel and instance (both
//! from the frame's address): the code is exchanged at Discord's `/oauth2/token` with
//! the application's client secret (`oauth.rs`), `/users/@me` names the person, Discord's
//! record of the instance (`instance.rs`, with the bot's token) must be this
//! application's, in that channel, with the person in it (else 403, or 503 when Discord
//! cannot say), and the answer is where the frame goes:
//! the person's own private page of the channel's game, signed for them and open
//! [`SESSION_SECONDS`], when they play it; its public page otherwise. That signed
//! address is the session: bound to the Discord user, carried by the page (no cookie),
//! expiring, and acting for that user only (`play.rs` checks it as any private link).

mod instance;

use super::oauth;
use super::{now_ms, PageLang, Web};
use crate::i18n::{tr, Lang};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// How long the private address an Activity opens stays open: a sitting's play. Opening
/// the Activity again gives a new one.
pub const SESSION_SECONDS: u64 = 2 * 3600;

/// The longest code or channel a session request may name.
const MAX_FIELD: usize = 200;

/// What the Activity needs (`[web] activity = true`).
#[derive(Clone)]
pub struct ActivityOptions {
    /// The application's id, its OAuth2 client id.
    pub client_id: u64,
    /// The application's OAuth2 client secret.
    pub client_secret: String,
    /// The bot's token, to read Discord's record of an instance.
    pub bot_token: String,
    /// Where Discord's API is reached: `https://discord.com`, or the bot's relay.
    pub api_base: String,
    /// The origins that may frame the pages: Discord's clients.
    pub parents: Vec<String>,
}

impl std::fmt::Debug for ActivityOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ActivityOptions")
            .field("client_id", &self.client_id)
            .field("api_base", &self.api_base)
            .field("parents", &self.parents)
            .finish_non_exhaustive()
    }
}

/// The Activity as the server keeps it.
pub(super) struct Activity {
    options: ActivityOptions,
    client: reqwest::Client,
    /// The content security policy of every answer, framing allowed to the parents.
    policy: HeaderValue,
}

impl Activity {
    pub(super) fn new(options: ActivityOptions) -> Result<Activity, String> {
        let client = reqwest::Client::builder()
            .use_rustls_tls()
            .timeout(std::time::Duration::from_secs(10))
            .build()
            .map_err(|e| format!("cannot build the Activity's HTTP client: {e}"))?;
        let ancestors: Vec<String> = options
            .parents
            .iter()
            .cloned()
            .chain([super::origin::proxied_origin(options.client_id)])
            .collect();
        let policy = super::limits::POLICY.replace(
            "frame-ancestors 'none'",
            &format!("frame-ancestors {}", ancestors.join(" ")),
        );
        let policy = HeaderValue::from_str(&policy)
            .map_err(|_| "`web.activity_parents` holds an origin that is no header".to_string())?;
        Ok(Activity {
            options,
            client,
            policy,
        })
    }

    /// Lets the parents frame this answer (every page may be opened in the frame).
    pub(super) fn allow_framing(&self, headers: &mut HeaderMap) {
        headers.insert(header::CONTENT_SECURITY_POLICY, self.policy.clone());
        headers.remove(header::X_FRAME_OPTIONS);
    }

    /// Whether the request comes from a page served through Discord's proxy.
    pub(super) fn proxied(&self, headers: &HeaderMap) -> bool {
        let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
        origin.is_some_and(|o| {
            o.eq_ignore_ascii_case(&super::origin::proxied_origin(self.options.client_id))
        })
    }
}

/// `GET /activity`: the page Discord frames; its script signs the person in.
pub(super) async fn page(State(web): State<Arc<Web>>, lang: PageLang) -> Response {
    let lang = lang.lang;
    let Some(activity) = &web.activity else {
        return super::NO_PAGE.page(lang);
    };
    let title = tr(lang, "web-activity-title");
    let body = format!(
        "<main class=\"message\" id=\"activity\" data-client=\"{}\" data-parents=\"{}\" \
         data-failed=\"{}\">\n<h1>{}</h1>\n<p id=\"activity-status\">{}</p></main>\n\
         <script src=\"/static/activity.js\" defer></script>",
        activity.options.client_id,
        super::html::escape(&activity.options.parents.join(" ")),
        super::html::escape(&tr(lang, "web-activity-failed")),
        super::html::escape(&title),
        super::html::escape(&tr(lang, "web-activity-connecting")),
    );
    super::html::Html(super::html::document(lang, &title, &body)).into_response()
}

/// `GET /static/activity.js`.
pub(super) async fn script() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        include_str!("../../assets/web/activity.js"),
    )
        .into_response()
}

/// What the page sends: the code AUTHORIZE gave, and the launch's channel and instance
/// (from the frame's address).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Launch {
    code: String,
    channel: String,
    instance: String,
}

/// A launch read and checked for its form: the code, the channel, the instance.
struct Checked {
    code: String,
    channel: u64,
    instance: String,
}

/// A refusal: its status and the catalog key of its sentence.
type Refused = (StatusCode, &'static str);

/// What the page is told.
#[derive(serde::Serialize, Default)]
struct Session {
    ok: bool,
    /// For AUTHENTICATE.
    #[serde(skip_serializing_if = "Option::is_none")]
    access_token: Option<String>,
    /// Where the frame goes: the game's page for this person.
    #[serde(skip_serializing_if = "Option::is_none")]
    go: Option<String>,
    /// A sentence for the person, as the page's markup.
    html: String,
}

fn told(status: StatusCode, lang: Lang, key: &str) -> Response {
    let session = Session {
        html: super::html::inline(&tr(lang, key)),
        ..Session::default()
    };
    (status, axum::Json(session)).into_response()
}

/// `POST /activity/session`: the code exchanged for the person, the launch checked
/// against Discord's record of its instance, and the channel's game for them.
pub(super) async fn session(
    State(web): State<Arc<Web>>,
    lang: PageLang,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let lang = lang.lang;
    let Some(activity) = &web.activity else {
        return told(StatusCode::NOT_FOUND, lang, "web-play-off");
    };
    let launch = match checked(&web, &headers, &body) {
        Ok(launch) => launch,
        Err((status, key)) => return told(status, lang, key),
    };
    let (token, person) = match activity.signed_in(&launch.code).await {
        Ok(found) => found,
        Err((status, key)) => return told(status, lang, key),
    };
    if let Err((status, key)) = activity.launched(&launch, person).await {
        return told(status, lang, key);
    }
    let (shared, channel) = (Arc::clone(&web), launch.channel);
    let found = tokio::task::spawn_blocking(move || page_for(&shared, channel, person)).await;
    let trouble = |e: String| {
        tracing::error!("web: the Activity's game in channel {channel}: {e}");
        told(StatusCode::SERVICE_UNAVAILABLE, lang, "web-store-trouble")
    };
    match found {
        Ok(Ok(Some(go))) => axum::Json(Session {
            ok: true,
            access_token: Some(token),
            go: Some(go),
            html: String::new(),
        })
        .into_response(),
        Ok(Ok(None)) => told(StatusCode::NOT_FOUND, lang, "web-activity-no-game"),
        Ok(Err(e)) => trouble(e),
        Err(e) => trouble(e.to_string()),
    }
}

/// The request's launch, when it comes from our pages as JSON and names a channel and
/// an instance that can be ones (nothing is asked of Discord otherwise).
fn checked(web: &Web, headers: &HeaderMap, body: &[u8]) -> Result<Checked, Refused> {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !json || !super::origin::from_our_pages(web, headers) {
        return Err((StatusCode::FORBIDDEN, "web-play-elsewhere"));
    }
    let launch = match serde_json::from_slice::<Launch>(body) {
        Ok(l) if l.code.len() <= MAX_FIELD && l.channel.len() <= MAX_FIELD => l,
        _ => return Err((StatusCode::BAD_REQUEST, "web-play-unreadable")),
    };
    let Ok(channel) = launch.channel.parse::<u64>() else {
        return Err((StatusCode::NOT_FOUND, "web-activity-no-game"));
    };
    if !instance::well_formed(&launch.instance) {
        return Err(NOT_LAUNCHED_HERE);
    }
    Ok(Checked {
        code: launch.code,
        channel,
        instance: launch.instance,
    })
}

/// The refusal of a launch Discord does not know as the address tells it.
const NOT_LAUNCHED_HERE: Refused = (StatusCode::FORBIDDEN, "web-activity-elsewhere");

impl Activity {
    /// The access token for `code` and the person it names.
    async fn signed_in(&self, code: &str) -> Result<(String, u64), Refused> {
        let o = &self.options;
        let exchanged = oauth::exchange(
            &self.client,
            &o.api_base,
            o.client_id,
            &o.client_secret,
            code,
        )
        .await;
        exchanged.map_err(|e| {
            tracing::info!("web: an Activity's sign-in was refused: {e}");
            (StatusCode::UNAUTHORIZED, "web-activity-refused")
        })
    }

    /// Whether Discord's record of the launch's instance says it is this application's,
    /// in the launch's channel, with `person` in it.
    async fn launched(&self, launch: &Checked, person: u64) -> Result<(), Refused> {
        let o = &self.options;
        let found = instance::fetch(
            &self.client,
            &o.api_base,
            &o.bot_token,
            o.client_id,
            &launch.instance,
        )
        .await;
        let admitted =
            found.and_then(|i| instance::admits(&i, o.client_id, launch.channel, person));
        match admitted {
            Ok(()) => Ok(()),
            Err(instance::Refusal::NotThere(why)) => {
                let channel = launch.channel;
                tracing::info!("web: an Activity's launch in {channel} refused: {why:?}");
                Err(NOT_LAUNCHED_HERE)
            }
            Err(instance::Refusal::Unknown(why)) => {
                tracing::warn!("web: Discord's record of an Activity instance: {why}");
                Err((StatusCode::SERVICE_UNAVAILABLE, "web-activity-unconfirmed"))
            }
        }
    }
}

/// The page of `channel`'s game for `person`: their own, signed for them, when they
/// play it; its public page otherwise. `None` when no game is played there.
fn page_for(web: &Web, channel: u64, person: u64) -> Result<Option<String>, String> {
    let Some(game) = web.store.active_game(channel).map_err(|e| e.to_string())? else {
        return Ok(None);
    };
    let Some(rec) = web.store.game(game).map_err(|e| e.to_string())? else {
        return Ok(None);
    };
    Ok(Some(match rec.side_of(person) {
        Some(_) => {
            let expires = now_ms() / 1000 + SESSION_SECONDS;
            web.links.private_path(game, person, expires)
        }
        None => web.links.game_path(game),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A request's headers naming only its `origin`.
    fn from(origin: &str) -> HeaderMap {
        let value = HeaderValue::from_str(origin).expect("a header");
        [(header::ORIGIN, value)].into_iter().collect()
    }

    #[test]
    fn only_the_application_s_proxy_counts_as_our_pages() {
        let activity = Activity::new(ActivityOptions {
            client_id: 42,
            client_secret: "s".into(),
            bot_token: "t".into(),
            api_base: "https://discord.com".into(),
            parents: vec!["https://discord.com".into()],
        })
        .expect("the Activity");
        assert!(activity.proxied(&from("https://42.discordsays.com")));
        for other in [
            "https://43.discordsays.com",
            "http://42.discordsays.com",
            "https://42.discordsays.com.evil.example",
            "https://discord.com",
            "null",
        ] {
            assert!(!activity.proxied(&from(other)), "{other}");
        }
        let mut headers = HeaderMap::new();
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        activity.allow_framing(&mut headers);
        assert!(headers.get(header::X_FRAME_OPTIONS).is_none());
        let policy = headers[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .expect("text");
        assert!(
            policy.contains("frame-ancestors https://discord.com https://42.discordsays.com"),
            "{policy}"
        );
        assert!(policy.contains("script-src 'self'"), "{policy}");
    }
}
