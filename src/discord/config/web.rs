//! The games' web pages in the configuration (`[web]`): where they are served, the
//! address players reach them at, the key that signs their addresses.

use super::{address, check, ConfigError};
use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(super) struct RawWeb {
    listen: Option<String>,
    public_url: Option<String>,
    key: Option<String>,
    trusted_proxies: Vec<String>,
    /// The Discord Activity (docs/web.md, "The Activity"): off unless `true`.
    activity: bool,
    /// The application's OAuth2 client secret (`ARCANA_CLIENT_SECRET` wins over it).
    client_secret: Option<String>,
    /// The origins allowed to frame the Activity (Discord's clients unless set).
    activity_parents: Option<Vec<String>>,
}

/// The games' web pages (`[web]`): where they are served, the address players reach
/// them at, and the key that signs their addresses (`ARCANA_WEB_KEY` wins over `key`).
#[derive(Clone, PartialEq, Eq)]
pub struct WebConfig {
    pub listen: std::net::SocketAddr,
    pub public_url: String,
    pub key: String,
    /// The proxies whose `X-Forwarded-For` / `Forwarded` name the client.
    pub trusted_proxies: Vec<crate::web::AddressRange>,
    /// The Discord Activity, when configured.
    pub activity: Option<ActivityConfig>,
}

/// The Discord Activity (`[web] activity = true`): the application's client secret,
/// which exchanges a launch's OAuth2 code for the person's token, and the origins that
/// may frame the pages (Discord's clients).
#[derive(Clone, PartialEq, Eq)]
pub struct ActivityConfig {
    pub client_secret: String,
    pub parents: Vec<String>,
}

impl std::fmt::Debug for ActivityConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ActivityConfig")
            .field("parents", &self.parents)
            .finish_non_exhaustive()
    }
}

/// The origins of Discord's clients, which frame an Activity (and its
/// `<application>.discordsays.com` proxy, added by the web server).
pub const DISCORD_CLIENTS: [&str; 3] = [
    "https://discord.com",
    "https://ptb.discord.com",
    "https://canary.discord.com",
];

impl std::fmt::Debug for WebConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebConfig")
            .field("listen", &self.listen)
            .field("public_url", &self.public_url)
            .field("trusted_proxies", &self.trusted_proxies)
            .field("activity", &self.activity)
            .finish_non_exhaustive()
    }
}

impl WebConfig {
    /// The signed links the service hands out.
    pub fn links(&self) -> crate::service::pages::WebLinks {
        crate::service::pages::WebLinks::new(&self.public_url, self.key.as_bytes())
    }
}

/// The shortest key that signs web addresses.
pub const MIN_WEB_KEY: usize = 32;

pub(super) fn web_config(
    raw: &RawWeb,
    env_key: Option<String>,
) -> Result<Option<WebConfig>, ConfigError> {
    let Some(listen) = &raw.listen else {
        return Ok(None);
    };
    let bad = |m: String| ConfigError::Invalid(m);
    let listen = address(listen, "web.listen", "127.0.0.1:8080")?;
    let public_url = raw.public_url.clone().ok_or_else(|| {
        bad(
            "`web.public_url` is needed with `web.listen`: the address players open, \
             e.g. \"https://arcana.example.org\""
                .into(),
        )
    })?;
    let url_ok = public_url.starts_with("https://") || public_url.starts_with("http://");
    check(url_ok, || {
        format!("`web.public_url` must start with https:// (or http://), not `{public_url}`")
    })?;
    let key = env_key.or_else(|| raw.key.clone()).ok_or_else(|| {
        bad(
            "`web.key` (or ARCANA_WEB_KEY) is needed with `web.listen`: a secret of at \
             least 32 characters that signs the pages' addresses"
                .into(),
        )
    })?;
    check(key.trim().chars().count() >= MIN_WEB_KEY, || {
        format!("`web.key` must be at least {MIN_WEB_KEY} characters long")
    })?;
    let trusted_proxies = raw
        .trusted_proxies
        .iter()
        .map(|p| {
            p.parse()
                .map_err(|e| bad(format!("`web.trusted_proxies`: {e}")))
        })
        .collect::<Result<_, _>>()?;
    Ok(Some(WebConfig {
        listen,
        public_url,
        key: key.trim().to_string(),
        trusted_proxies,
        activity: activity_config(raw, std::env::var("ARCANA_CLIENT_SECRET").ok())?,
    }))
}

/// The Activity's settings, when `activity = true`: the client secret is then needed
/// (`env_secret` wins over the file's), and each parent must be an origin.
fn activity_config(
    raw: &RawWeb,
    env_secret: Option<String>,
) -> Result<Option<ActivityConfig>, ConfigError> {
    if !raw.activity {
        return Ok(None);
    }
    let secret = env_secret
        .or_else(|| raw.client_secret.clone())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .ok_or_else(|| {
            ConfigError::Invalid(
                "`web.client_secret` (or ARCANA_CLIENT_SECRET) is needed with \
                 `web.activity = true`: the application's OAuth2 client secret"
                    .into(),
            )
        })?;
    let parents = match &raw.activity_parents {
        Some(parents) => parents.clone(),
        None => DISCORD_CLIENTS.iter().map(|s| s.to_string()).collect(),
    };
    for p in &parents {
        let origin = (p.starts_with("https://") || p.starts_with("http://"))
            && p.split("://")
                .nth(1)
                .is_some_and(|h| !h.is_empty() && !h.contains('/'));
        check(origin, || {
            format!("`web.activity_parents`: `{p}` is not an origin like \"https://discord.com\"")
        })?;
    }
    Ok(Some(ActivityConfig {
        client_secret: secret,
        parents,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_web_section_is_checked() {
        let raw = |text: &str| -> RawWeb { toml::from_str(text).expect("toml") };
        let key = "k".repeat(MIN_WEB_KEY);
        let good = format!(
            "listen = \"127.0.0.1:8080\"\npublic_url = \"https://a.example\"\nkey = \"{key}\""
        );
        let web = web_config(&raw(&good), None).expect("valid").expect("on");
        assert_eq!(web.listen, "127.0.0.1:8080".parse().expect("address"));
        assert!(
            !format!("{web:?}").contains(&key),
            "the key stays out of logs"
        );
        assert_eq!(web_config(&raw(""), None).expect("valid"), None);
        assert!(web.trusted_proxies.is_empty());
        let proxied = format!("{good}\ntrusted_proxies = [\"127.0.0.1\", \"10.0.0.0/8\"]");
        let proxies = web_config(&raw(&proxied), None)
            .expect("valid")
            .expect("on");
        let from = |ip: [u8; 4]| {
            proxies
                .trusted_proxies
                .iter()
                .any(|p| p.contains(ip.into()))
        };
        assert!(from([127, 0, 0, 1]) && from([10, 9, 8, 7]) && !from([127, 0, 0, 2]));
        // The environment's key wins; a short key, no URL or a bad address is refused.
        let from_env = web_config(&raw(&good), Some("e".repeat(40))).expect("valid");
        assert_eq!(from_env.map(|w| w.key), Some("e".repeat(40)));
        for (text, word) in [
            (good.replace(&key, "short"), "at least 32"),
            (
                good.replace("public_url = \"https://a.example\"\n", ""),
                "public_url",
            ),
            (good.replace("https://a.example", "a.example"), "https://"),
            (good.replace("127.0.0.1:8080", "localhost"), "web.listen"),
            (good.replace(&format!("\nkey = \"{key}\""), ""), "web.key"),
            (
                format!("{good}\ntrusted_proxies = [\"proxy\"]"),
                "trusted_proxies",
            ),
        ] {
            let bad = web_config(&raw(&text), None);
            assert!(
                matches!(&bad, Err(ConfigError::Invalid(m)) if m.contains(word)),
                "{text}: {bad:?}"
            );
        }
    }

    #[test]
    fn the_activity_is_off_unless_configured_and_needs_its_secret() {
        let raw = |text: &str| -> RawWeb { toml::from_str(text).expect("toml") };
        assert_eq!(
            activity_config(&raw(""), Some("s".into())).expect("ok"),
            None
        );
        let on = activity_config(&raw("activity = true\nclient_secret = \"shh\""), None)
            .expect("valid")
            .expect("on");
        assert_eq!(on.client_secret, "shh");
        assert_eq!(on.parents, DISCORD_CLIENTS.map(String::from).to_vec());
        assert!(
            !format!("{on:?}").contains("shh"),
            "the secret stays out of logs"
        );
        let from_env = activity_config(&raw("activity = true"), Some("env".into()));
        assert_eq!(
            from_env.expect("ok").map(|a| a.client_secret),
            Some("env".into())
        );
        for (text, word) in [
            ("activity = true", "client_secret"),
            (
                "activity = true\nclient_secret = \"s\"\nactivity_parents = [\"discord.com\"]",
                "not an origin",
            ),
        ] {
            let bad = activity_config(&raw(text), None);
            assert!(
                matches!(&bad, Err(ConfigError::Invalid(m)) if m.contains(word)),
                "{text}: {bad:?}"
            );
        }
    }
}
