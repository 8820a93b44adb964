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
}

impl std::fmt::Debug for WebConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebConfig")
            .field("listen", &self.listen)
            .field("public_url", &self.public_url)
            .field("trusted_proxies", &self.trusted_proxies)
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
}
