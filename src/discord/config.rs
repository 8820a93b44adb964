//! The bot's configuration: a TOML file plus the `DISCORD_TOKEN` environment variable,
//! validated at start so that a bad setting stops the bot with one clear sentence.

use crate::ratings::LadderScope;
use crate::store::StoreUrl;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// Settings as written in the file; every key is optional so that a missing key gets
/// a sentence of our own instead of serde's.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    token: Option<String>,
    application_id: Option<u64>,
    server_id: Option<u64>,
    data_dir: Option<PathBuf>,
    store: Option<String>,
    shards: Option<String>,
    image_size: Option<u32>,
    message_content: Option<bool>,
    defer_after_ms: Option<u64>,
    reminder_check_seconds: Option<u64>,
    api_base: Option<String>,
    api_certificate: Option<PathBuf>,
    threads: Option<bool>,
    #[serde(default)]
    defaults: RawDefaults,
    #[serde(default)]
    ratings: RawRatings,
    #[serde(default)]
    ops: RawOps,
    #[serde(default)]
    web: RawWeb,
    #[serde(default)]
    tournaments: RawTournaments,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWeb {
    listen: Option<String>,
    public_url: Option<String>,
    key: Option<String>,
    trusted_proxies: Option<Vec<String>>,
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

fn web_config(raw: &RawWeb, env_key: Option<String>) -> Result<Option<WebConfig>, ConfigError> {
    let Some(listen) = &raw.listen else {
        return Ok(None);
    };
    let bad = |m: String| ConfigError::Invalid(m);
    let listen = listen.trim().parse::<std::net::SocketAddr>().map_err(|_| {
        bad(format!(
            "`web.listen` must be an address with a port, e.g. \"127.0.0.1:8080\", not `{listen}`"
        ))
    })?;
    let public_url = raw.public_url.clone().ok_or_else(|| {
        bad(
            "`web.public_url` is needed with `web.listen`: the address players open, \
             e.g. \"https://arcana.example.org\""
                .into(),
        )
    })?;
    if !(public_url.starts_with("https://") || public_url.starts_with("http://")) {
        return Err(bad(format!(
            "`web.public_url` must start with https:// (or http://), not `{public_url}`"
        )));
    }
    let key = env_key.or_else(|| raw.key.clone()).ok_or_else(|| {
        bad(
            "`web.key` (or ARCANA_WEB_KEY) is needed with `web.listen`: a secret of at \
             least 32 characters that signs the pages' addresses"
                .into(),
        )
    })?;
    if key.trim().chars().count() < MIN_WEB_KEY {
        return Err(bad(format!(
            "`web.key` must be at least {MIN_WEB_KEY} characters long"
        )));
    }
    let trusted_proxies = raw
        .trusted_proxies
        .iter()
        .flatten()
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

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTournaments {
    organiser_roles: Option<Vec<RoleEntry>>,
}

/// A role id, written as a number or as a string of digits.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum RoleEntry {
    Id(u64),
    Text(String),
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOps {
    listen: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRatings {
    global_ladder: Option<bool>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDefaults {
    days_per_move: Option<u32>,
    challenge_expiry_hours: Option<Hours>,
    vacation_days: Option<u32>,
}

/// A number of hours, whole or not (`24`, `0.5`).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Hours {
    Whole(i64),
    Part(f64),
}

/// The validated configuration the bot runs with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub token: String,
    /// Taken from the gateway's READY when absent.
    pub application_id: Option<u64>,
    /// Register the commands to this one server (instant) instead of globally.
    pub server_id: Option<u64>,
    pub data_dir: PathBuf,
    /// Where games are kept: `store = "sled:PATH"` or `"postgres://..."`; without it,
    /// sled in `data_dir`.
    pub store: StoreUrl,
    /// The Discord shards this process connects (`None`: all, one process).
    pub shards: Option<Shards>,
    /// Board size in pixels.
    pub image_size: u32,
    /// Read plain chat messages as moves (needs the privileged message-content intent).
    pub message_content: bool,
    /// Acknowledge an interaction with a deferral when its work takes longer than this.
    pub defer_after_ms: u64,
    /// How often reminders and deadlines are checked.
    pub reminder_check_seconds: u64,
    /// Days per move for challenges that do not say (0 = no limit).
    pub default_days: u32,
    /// Where Discord's REST API lives (tests point it at a fake); `None` for Discord.
    pub api_base: Option<String>,
    /// With an `https://HOST:PORT` `api_base`: the PEM certificate that stand-in for
    /// discord.com presents. Requests then still name discord.com (resolved to
    /// HOST:PORT), so serenity's rate limiter stays on; without it, `api_base` is a
    /// plain proxy and the limiter is off.
    pub api_certificate: Option<PathBuf>,
    /// One ladder per server (the default) or one for all servers.
    pub ladder: LadderScope,
    /// Start each game in a public thread made from its challenge's message.
    pub threads: bool,
    /// How long a challenge waits for an answer before it expires, in milliseconds
    /// (0: never). Written in hours in the file.
    pub challenge_expiry_ms: u64,
    /// Each player's yearly vacation allowance, in days (`[defaults] vacation_days`).
    pub vacation_days: u32,
    /// Where `/healthz` and `/metrics` are served (`[ops] listen = "127.0.0.1:9100"`);
    /// `None`: not served.
    pub ops_listen: Option<std::net::SocketAddr>,
    /// The games' web pages (`[web]`); `None`: not served.
    pub web: Option<WebConfig>,
    /// Members holding one of these roles (ids) may organise tournaments, besides
    /// those with Manage Server (`[tournaments] organiser_roles`).
    pub organiser_roles: Vec<u64>,
}

/// A range of the bot's Discord shards, `FIRST-LAST/TOTAL` (or `SHARD/TOTAL`): with
/// several processes on one PostgreSQL store, each connects its own range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    pub first: u32,
    /// The last shard of the range (included).
    pub last: u32,
    pub total: u32,
}

impl Shards {
    pub fn parse(text: &str) -> Result<Shards, String> {
        let bad = || {
            format!(
                "shards must be FIRST-LAST/TOTAL, e.g. `0-3/8` (shards 0 to 3 of 8), not `{text}`"
            )
        };
        let (range, total) = text.trim().split_once('/').ok_or_else(bad)?;
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let num = |s: &str| s.trim().parse::<u32>().map_err(|_| bad());
        let (first, last, total) = (num(first)?, num(last)?, num(total)?);
        if first > last || last >= total {
            return Err(format!(
                "shards `{text}`: the range must run upwards within 0 to {}",
                total.saturating_sub(1)
            ));
        }
        Ok(Shards { first, last, total })
    }
}

/// The longest a challenge may wait for an answer, in hours (30 days).
pub const MAX_CHALLENGE_HOURS: u64 = 720;

/// The channel permissions the invite asks for (see README, "Running the bot").
pub const INVITE_PERMISSIONS: u64 = 309_237_746_688;

pub const MIN_IMAGE: u32 = 128;
pub const MAX_IMAGE: u32 = 2048;

/// How to get a token, printed when none is configured.
pub const NO_TOKEN_HELP: &str = "\
no Discord bot token is configured.

To create one:
  1. Open https://discord.com/developers/applications and press \"New Application\".
  2. In the \"Bot\" tab press \"Reset Token\" and copy the token. To let players type
     moves as plain messages, also switch on \"Message Content Intent\" there.
  3. Open this URL with your application id (\"General Information\" tab) filled in and
     add the bot to your server; it asks for View Channel, Send Messages, Send Messages
     in Threads, Create Public Threads, Attach Files and Read Message History:
     https://discord.com/oauth2/authorize?client_id=YOUR_APPLICATION_ID&scope=bot+applications.commands&permissions=309237746688
  4. Put the token in the configuration file (`token = \"...\"`, see
     config.example.toml) or in the DISCORD_TOKEN environment variable, then run
     `arcana run --config config.toml` again.

To play without Discord, in this terminal: `arcana local`.";

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("{}", NO_TOKEN_HELP)]
    NoToken,
    #[error("{0}")]
    Invalid(String),
}

impl Config {
    /// Reads `path` (when given) and the environment. A missing file is an error only
    /// when it was named explicitly.
    pub fn load(path: Option<&Path>) -> Result<Config, ConfigError> {
        let text = match path {
            Some(p) => std::fs::read_to_string(p).map_err(|e| {
                ConfigError::Invalid(format!(
                    "cannot read the configuration file {}: {e}",
                    p.display()
                ))
            })?,
            None => String::new(),
        };
        let env_token = std::env::var("DISCORD_TOKEN").ok();
        Config::parse(&text, env_token.as_deref())
    }

    /// Validates a configuration text; `env_token` (from `DISCORD_TOKEN`) wins over the
    /// file's `token` so a deployment can keep the secret out of the file.
    pub fn parse(text: &str, env_token: Option<&str>) -> Result<Config, ConfigError> {
        let raw: RawConfig = toml::from_str(text).map_err(|e| {
            // toml's message spans several lines; keep the first, which names the key.
            let msg = e
                .message()
                .lines()
                .next()
                .unwrap_or("syntax error")
                .to_string();
            let place = e
                .span()
                .map(|s| {
                    let start = s.start.min(text.len());
                    let line = text[..start].matches('\n').count() + 1;
                    // Name the key of that line when there is one.
                    let key = text
                        .lines()
                        .nth(line - 1)
                        .and_then(|l| l.split_once('='))
                        .map(|(k, _)| k.trim())
                        .filter(|k| !k.is_empty() && !k.contains(char::is_whitespace))
                        .map(|k| format!(", `{k}`"))
                        .unwrap_or_default();
                    format!(" (line {line}{key})")
                })
                .unwrap_or_default();
            ConfigError::Invalid(format!("the configuration file is malformed{place}: {msg}"))
        })?;
        let token = env_token
            .filter(|t| !t.trim().is_empty())
            .map(str::to_string)
            .or(raw.token.filter(|t| !t.trim().is_empty()))
            .ok_or(ConfigError::NoToken)?
            .trim()
            .to_string();
        if token.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(ConfigError::Invalid(
                "`token` contains spaces or control characters; paste the bot token exactly as the developer portal shows it".into(),
            ));
        }
        let image_size = raw.image_size.unwrap_or(512);
        if !(MIN_IMAGE..=MAX_IMAGE).contains(&image_size) {
            return Err(ConfigError::Invalid(format!(
                "`image_size` must be between {MIN_IMAGE} and {MAX_IMAGE} pixels, not {image_size}"
            )));
        }
        let default_days = raw.defaults.days_per_move.unwrap_or(3);
        if default_days > 14 {
            return Err(ConfigError::Invalid(format!(
                "`defaults.days_per_move` must be 0 (no limit) to 14, not {default_days}"
            )));
        }
        let hours = match raw.defaults.challenge_expiry_hours {
            None => 24.0,
            Some(Hours::Whole(h)) => h as f64,
            Some(Hours::Part(h)) => h,
        };
        if !(0.0..=MAX_CHALLENGE_HOURS as f64).contains(&hours) {
            return Err(ConfigError::Invalid(format!(
                "`defaults.challenge_expiry_hours` must be 0 (never) to {MAX_CHALLENGE_HOURS}, not {hours}"
            )));
        }
        // Within 0..=720 hours: the product fits a u64 of milliseconds exactly enough.
        let challenge_expiry_ms = (hours * 3_600_000.0).round() as u64;
        let vacation_days = raw
            .defaults
            .vacation_days
            .unwrap_or(crate::service::DEFAULT_VACATION_DAYS);
        if vacation_days > 366 {
            return Err(ConfigError::Invalid(format!(
                "`defaults.vacation_days` must be 0 (no vacations) to 366, not {vacation_days}"
            )));
        }
        if raw.application_id == Some(0) || raw.server_id == Some(0) {
            return Err(ConfigError::Invalid(
                "`application_id` and `server_id` must be Discord ids (positive numbers), not 0"
                    .into(),
            ));
        }
        let reminder_check_seconds = raw.reminder_check_seconds.unwrap_or(60);
        if reminder_check_seconds == 0 {
            return Err(ConfigError::Invalid(
                "`reminder_check_seconds` must be at least 1".into(),
            ));
        }
        if let Some(base) = &raw.api_base {
            if !(base.starts_with("http://") || base.starts_with("https://")) {
                return Err(ConfigError::Invalid(format!(
                    "`api_base` must be a URL starting with http:// or https://, not `{base}`"
                )));
            }
        }
        if raw.api_certificate.is_some()
            && !raw
                .api_base
                .as_deref()
                .is_some_and(|b| b.starts_with("https://"))
        {
            return Err(ConfigError::Invalid(
                "`api_certificate` needs an `api_base` starting with https://".into(),
            ));
        }
        let data_dir = raw.data_dir.unwrap_or_else(|| PathBuf::from("arcana-data"));
        let store = match &raw.store {
            Some(url) => {
                StoreUrl::parse(url).map_err(|e| ConfigError::Invalid(format!("`store`: {e}")))?
            }
            None => StoreUrl::Sled(data_dir.clone()),
        };
        let shards = match &raw.shards {
            Some(s) => {
                Some(Shards::parse(s).map_err(|e| ConfigError::Invalid(format!("`shards`: {e}")))?)
            }
            None => None,
        };
        let ops_listen = match &raw.ops.listen {
            Some(a) => Some(a.trim().parse::<std::net::SocketAddr>().map_err(|_| {
                ConfigError::Invalid(format!(
                    "`ops.listen` must be an address with a port, e.g. \"127.0.0.1:9100\", not `{a}`"
                ))
            })?),
            None => None,
        };
        let web = web_config(&raw.web, std::env::var("ARCANA_WEB_KEY").ok())?;
        let mut organiser_roles = Vec::new();
        for entry in raw.tournaments.organiser_roles.iter().flatten() {
            let id = match entry {
                RoleEntry::Id(id) => Some(*id),
                RoleEntry::Text(t) => t.trim().parse::<u64>().ok(),
            };
            match id {
                Some(id) if id > 0 => organiser_roles.push(id),
                _ => {
                    return Err(ConfigError::Invalid(format!(
                        "`tournaments.organiser_roles` lists role ids (Server Settings → \
                         Roles → ⋯ → Copy Role ID, with Developer Mode on), not {entry:?}"
                    )))
                }
            }
        }
        Ok(Config {
            organiser_roles,
            token,
            shards,
            ops_listen,
            web,
            application_id: raw.application_id,
            server_id: raw.server_id,
            data_dir,
            store,
            image_size,
            message_content: raw.message_content.unwrap_or(true),
            defer_after_ms: raw.defer_after_ms.unwrap_or(1000),
            reminder_check_seconds,
            default_days,
            api_base: raw.api_base,
            api_certificate: raw.api_certificate,
            ladder: match raw.ratings.global_ladder {
                Some(true) => LadderScope::Global,
                _ => LadderScope::Server,
            },
            challenge_expiry_ms,
            vacation_days,
            threads: raw.threads.unwrap_or(true),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invite_permissions_are_the_ones_the_readme_names() {
        use serenity::all::Permissions;
        let p = Permissions::VIEW_CHANNEL
            | Permissions::SEND_MESSAGES
            | Permissions::SEND_MESSAGES_IN_THREADS
            | Permissions::CREATE_PUBLIC_THREADS
            | Permissions::ATTACH_FILES
            | Permissions::READ_MESSAGE_HISTORY;
        assert_eq!(p.bits(), INVITE_PERMISSIONS);
        let n = INVITE_PERMISSIONS.to_string();
        assert!(NO_TOKEN_HELP.contains(&format!("permissions={n}")));
        let readme = include_str!("../../README.md");
        assert!(readme.contains(&format!("permissions={n}")));
        assert!(readme.contains("Message Content"));
    }

    #[test]
    fn defaults_apply() {
        let c = Config::parse("token = \"abc\"", None).unwrap();
        assert_eq!(c.token, "abc");
        assert_eq!(c.image_size, 512);
        assert!(c.message_content);
        assert_eq!(c.default_days, 3);
        assert_eq!(c.api_base, None);
        assert_eq!(c.data_dir, PathBuf::from("arcana-data"));
        assert_eq!(c.store, StoreUrl::Sled(PathBuf::from("arcana-data")));
        let c = Config::parse(
            "token = \"abc\"\nstore = \"postgres://bot@db/arcana\"",
            None,
        )
        .unwrap();
        assert_eq!(
            c.store,
            StoreUrl::Postgres("postgres://bot@db/arcana".into())
        );
        assert_eq!(c.ladder, LadderScope::Server);
        assert_eq!(c.challenge_expiry_ms, 24 * 3_600_000);
        assert!(c.threads);
        let c = Config::parse(
            "token = \"a\"\n[defaults]\nchallenge_expiry_hours = 0.5",
            None,
        )
        .unwrap();
        assert_eq!(c.challenge_expiry_ms, 1_800_000);
        let c = Config::parse("token = \"abc\"\n[ratings]\nglobal_ladder = true", None).unwrap();
        assert_eq!(c.ladder, LadderScope::Global);
    }

    #[test]
    fn organiser_roles_are_ids() {
        let c = Config::parse("token = \"a\"", None).unwrap();
        assert!(c.organiser_roles.is_empty());
        let c = Config::parse(
            "token = \"a\"\n[tournaments]\norganiser_roles = [\"123\", 456]",
            None,
        )
        .unwrap();
        assert_eq!(c.organiser_roles, vec![123, 456]);
        let e = Config::parse(
            "token = \"a\"\n[tournaments]\norganiser_roles = [\"Organisers\"]",
            None,
        )
        .unwrap_err();
        assert!(e.to_string().contains("Copy Role ID"), "{e}");
    }

    #[test]
    fn env_token_wins_and_missing_token_explains() {
        let c = Config::parse("token = \"file\"", Some("env")).unwrap();
        assert_eq!(c.token, "env");
        let e = Config::parse("", None).unwrap_err();
        assert_eq!(e, ConfigError::NoToken);
        assert!(e.to_string().contains("arcana local"));
        assert!(e.to_string().contains("developers/applications"));
    }

    #[test]
    fn bad_settings_are_one_sentence() {
        for text in [
            "token = \"a\"\nimage_size = 5",
            "token = \"a\"\nimage_size = \"big\"",
            "token = \"a\"\ncolour = 1",
            "token = \"a\"\n[defaults]\ndays_per_move = 30",
            "token = \"a\"\n[defaults]\nchallenge_expiry_hours = 100000",
            "token = \"a\"\n[defaults]\nchallenge_expiry_hours = -1",
            "token = \"a\"\napi_base = \"localhost\"",
            "token = \"a\"\napi_base = \"http://127.0.0.1:9\"\napi_certificate = \"c.pem\"",
            "token = \"a\"\napi_certificate = \"c.pem\"",
            "token = \"a\"\napplication_id = -3",
            "token = \"a\"\n[ratings]\nglobal_ladder = \"yes\"",
            "token = \"a\"\nstore = \"sled:\"",
            "token = \"a\"\nshards = \"4-3/8\"",
            "token = \"a\"\nshards = \"0-8/8\"",
            "token = \"a\"\nshards = \"three\"",
            "token = [",
        ] {
            let e = Config::parse(text, None).unwrap_err();
            let s = e.to_string();
            assert!(matches!(e, ConfigError::Invalid(_)), "{text}");
            assert!(!s.contains('\n'), "{text}: {s}");
        }
    }

    #[test]
    fn shard_ranges() {
        let s = |t: &str| Shards::parse(t);
        assert_eq!(
            s("0-3/8"),
            Ok(Shards {
                first: 0,
                last: 3,
                total: 8
            })
        );
        assert_eq!(
            s("5/8"),
            Ok(Shards {
                first: 5,
                last: 5,
                total: 8
            })
        );
        assert!(s("3-1/8").is_err());
        assert!(s("0-8/8").is_err());
        assert!(s("0/0").is_err());
        assert!(s("0-3").is_err());
        let c = Config::parse("token = \"a\"\nshards = \"4-7/8\"", None).unwrap();
        assert_eq!(
            c.shards,
            Some(Shards {
                first: 4,
                last: 7,
                total: 8
            })
        );
        assert_eq!(Config::parse("token = \"a\"", None).unwrap().shards, None);
    }

    #[test]
    fn the_example_file_is_valid() {
        let text = include_str!("../../config.example.toml");
        let c = Config::parse(text, Some("t")).unwrap();
        assert_eq!(c.api_base, None);
    }

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
    fn the_ops_address_is_checked() {
        let c = Config::parse("token = \"a\"\n[ops]\nlisten = \"127.0.0.1:9100\"", None)
            .expect("valid");
        assert_eq!(c.ops_listen, "127.0.0.1:9100".parse().ok());
        assert_eq!(
            Config::parse("token = \"a\"", None)
                .expect("valid")
                .ops_listen,
            None
        );
        let bad = Config::parse("token = \"a\"\n[ops]\nlisten = \"localhost\"", None);
        assert!(
            matches!(&bad, Err(ConfigError::Invalid(m)) if m.contains("ops.listen")),
            "{bad:?}"
        );
    }
}
