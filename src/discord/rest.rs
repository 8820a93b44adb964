//! The REST client for the configured Discord: discord.com itself, a stand-in that
//! answers for it over TLS (tests), or a plain proxy (behind the relay).

use super::config::Config;
use serenity::all::{ApplicationId, HttpBuilder};

/// The REST client for the configured Discord (or the stand-in a test points it at).
pub(crate) fn http_client(config: &Config) -> Result<serenity::all::Http, String> {
    let mut http = HttpBuilder::new(&config.token);
    if let Some(base) = &config.api_base {
        match &config.api_certificate {
            // discord.com answered by a stand-in: serenity's rate limiter stays on.
            Some(pem) => http = http.client(stand_in_client(base, pem)?),
            // serenity's rate limiter rebuilds requests for discord.com, bypassing the
            // proxy, so with a plain proxy it must be off.
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
fn stand_in_client(base: &str, pem: &std::path::Path) -> Result<reqwest::Client, String> {
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
