//! The REST client for the configured Discord. The bot's own client always talks to
//! the relay (`relay.rs`, which keeps the rate limits): `serve` puts the relay's address
//! in `api_base`, so serenity sees a plain proxy and its own rate limiter is off. The
//! relay reaches discord.com itself, a stand-in that answers for it over TLS (tests),
//! or a plain proxy, with the clients made here.

use super::config::Config;
use serenity::all::{ApplicationId, HttpBuilder};

/// The REST client for the configured Discord (in the bot: the relay).
pub(crate) fn http_client(config: &Config) -> Result<serenity::all::Http, String> {
    let mut http = HttpBuilder::new(&config.token);
    if let Some(base) = &config.api_base {
        match &config.api_certificate {
            // discord.com answered by a stand-in (serenity's rate limiter on; the bot
            // itself reaches it through the relay instead).
            Some(pem) => http = http.client(stand_in_client(base, pem)?),
            // serenity's rate limiter rebuilds requests for discord.com, bypassing the
            // proxy, so with a proxy (the relay) it must be off.
            None => http = http.proxy(base.clone()).ratelimiter_disabled(true),
        }
    }
    if let Some(id) = config.application_id {
        http = http.application_id(ApplicationId::new(id));
    }
    Ok(http.build())
}

/// An HTTP client whose requests for discord.com reach `base` (`https://HOST:PORT`),
/// trusting the PEM certificate in `pem`.
pub(crate) fn stand_in_client(
    base: &str,
    pem: &std::path::Path,
) -> Result<reqwest::Client, String> {
    let authority = base
        .trim_start_matches("https://")
        .split('/')
        .next()
        .unwrap_or_default();
    let address: std::net::SocketAddr = authority.parse().map_err(|_| {
        format!("`api_base` must be https://IP:PORT with a certificate, not `{base}`")
    })?;
    let bytes = std::fs::read(pem)
        .map_err(|e| format!("cannot read `api_certificate` {}: {e}", pem.display()))?;
    let certificate = reqwest::Certificate::from_pem(&bytes).map_err(|e| {
        format!(
            "`api_certificate` {} is not a PEM certificate: {e}",
            pem.display()
        )
    })?;
    reqwest::Client::builder()
        .use_rustls_tls()
        .resolve("discord.com", address)
        .add_root_certificate(certificate)
        .build()
        .map_err(|e| format!("cannot build the HTTP client: {e}"))
}

/// An HTTP client for Discord itself (or a plain proxy).
pub(crate) fn plain_client() -> Result<reqwest::Client, String> {
    reqwest::Client::builder()
        .use_rustls_tls()
        .build()
        .map_err(|e| format!("cannot build the HTTP client: {e}"))
}
