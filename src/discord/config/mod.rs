//! The bot's configuration: a TOML file plus the `DISCORD_TOKEN` (and `ARCANA_WEB_KEY`)
//! environment variables, validated at start so that a bad setting stops the bot with
//! one clear sentence. The file's keys and their defaults are declared once
//! ([`RawConfig`]); one validation pass turns them into a [`Config`].

use crate::ratings::LadderScope;
use crate::store::StoreUrl;
use serde::Deserialize;
use std::path::{Path, PathBuf};

mod harvest;
mod web;

pub use harvest::Harvest;
use harvest::RawHarvest;
use web::{web_config, RawWeb};
pub use web::{ActivityConfig, WebConfig, DISCORD_CLIENTS, MIN_WEB_KEY};

/// Settings as written in the file, each with its default; a key the file does not
/// know is refused (a misspelt setting would otherwise be silently ignored).
#[derive(Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RawConfig {
    token: Option<String>,
    application_id: Option<u64>,
    server_id: Option<u64>,
    data_dir: PathBuf,
    store: Option<String>,
    shards: Option<String>,
    image_size: u32,
    message_content: bool,
    defer_after_ms: u64,
    reminder_check_seconds: u64,
    api_base: Option<String>,
    api_certificate: Option<PathBuf>,
    global_requests_per_second: u32,
    threads: bool,
    defaults: RawDefaults,
    ratings: RawRatings,
    ops: RawOps,
    web: RawWeb,
    tournaments: RawTournaments,
    harvest: RawHarvest,
}

impl Default for RawConfig {
    fn default() -> RawConfig {
        RawConfig {
            token: None,
            application_id: None,
            server_id: None,
            data_dir: PathBuf::from("arcana-data"),
            store: None,
            shards: None,
            image_size: 512,
            message_content: true,
            defer_after_ms: 1000,
            reminder_check_seconds: 60,
            api_base: None,
            api_certificate: None,
            global_requests_per_second: DISCORD_GLOBAL_LIMIT,
            threads: true,
            defaults: RawDefaults::default(),
            ratings: RawRatings::default(),
            ops: RawOps::default(),
            web: RawWeb::default(),
            tournaments: RawTournaments::default(),
            harvest: RawHarvest::default(),
        }
    }
}

/// `[defaults]`: what a challenge that does not say gets, and the vacation allowance.
#[derive(Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RawDefaults {
    days_per_move: u32,
    challenge_expiry_hours: Hours,
    vacation_days: u32,
}

impl Default for RawDefaults {
    fn default() -> RawDefaults {
        RawDefaults {
            days_per_move: 3,
            challenge_expiry_hours: Hours::Whole(24),
            vacation_days: crate::service::DEFAULT_VACATION_DAYS,
        }
    }
}

/// A number of hours, whole or not (`24`, `0.5`).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Hours {
    Whole(i64),
    Part(f64),
}

impl Hours {
    fn get(&self) -> f64 {
        match *self {
            Hours::Whole(h) => h as f64,
            Hours::Part(h) => h,
        }
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RawRatings {
    global_ladder: bool,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RawOps {
    listen: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RawTournaments {
    organiser_roles: Vec<RoleEntry>,
}

/// A role id, written as a number or as a string of digits.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum RoleEntry {
    Id(u64),
    Text(String),
}

impl RoleEntry {
    fn id(&self) -> Option<u64> {
        match self {
            RoleEntry::Id(id) => Some(*id),
            RoleEntry::Text(t) => t.trim().parse::<u64>().ok(),
        }
        .filter(|id| *id > 0)
    }
}

/// Refuses the configuration with `sentence` unless `ok`.
fn check(ok: bool, sentence: impl FnOnce() -> String) -> Result<(), ConfigError> {
    if ok {
        Ok(())
    } else {
        Err(ConfigError::Invalid(sentence()))
    }
}

/// A `host:port` address of the setting `key`, as in `example`.
fn address(text: &str, key: &str, example: &str) -> Result<std::net::SocketAddr, ConfigError> {
    text.trim().parse().map_err(|_| {
        ConfigError::Invalid(format!(
            "`{key}` must be an address with a port, e.g. \"{example}\", not `{text}`"
        ))
    })
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
    /// discord.com presents: requests then still name discord.com (resolved to
    /// HOST:PORT); without it, `api_base` is a plain proxy. Either way the relay in
    /// front of it keeps the rate limits (`relay.rs`, `limiter.rs`).
    pub api_certificate: Option<PathBuf>,
    /// The bot's global limit of REST requests per second, all its processes together
    /// (Discord's 50, unless Discord raised it for the bot); each process keeps to the
    /// part of it its shards are of all the bot's shards.
    pub global_requests_per_second: u32,
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
    /// The background job making puzzles of the finished games (`[harvest]`).
    pub harvest: Harvest,
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

/// Discord's global limit of requests per second for a bot.
pub const DISCORD_GLOBAL_LIMIT: u32 = 50;

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
        let raw: RawConfig = toml::from_str(text).map_err(|e| malformed(text, &e))?;
        raw.validate(env_token, std::env::var("ARCANA_WEB_KEY").ok())
    }
}

/// A file TOML cannot read, in one sentence: toml's message spans several lines, so
/// its first (which names the key) with the line, and the key written on it.
fn malformed(text: &str, e: &toml::de::Error) -> ConfigError {
    let msg = e.message().lines().next().unwrap_or("syntax error");
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
}

impl RawConfig {
    /// The one validation pass: every setting checked, the environment's secrets
    /// applied.
    fn validate(
        self,
        env_token: Option<&str>,
        env_web_key: Option<String>,
    ) -> Result<Config, ConfigError> {
        let token = self.token(env_token)?;
        self.check_numbers()?;
        self.check_api()?;
        let hours = self.defaults.challenge_expiry_hours.get();
        let store = match &self.store {
            Some(url) => {
                StoreUrl::parse(url).map_err(|e| ConfigError::Invalid(format!("`store`: {e}")))?
            }
            None => StoreUrl::Sled(self.data_dir.clone()),
        };
        let shards = self
            .shards
            .as_deref()
            .map(|s| Shards::parse(s).map_err(|e| ConfigError::Invalid(format!("`shards`: {e}"))))
            .transpose()?;
        let ops_listen = self
            .ops
            .listen
            .as_deref()
            .map(|a| address(a, "ops.listen", "127.0.0.1:9100"))
            .transpose()?;
        let web = web_config(&self.web, env_web_key)?;
        check(
            self.application_id.is_some() || web.as_ref().is_none_or(|w| w.activity.is_none()),
            || {
                "`application_id` is needed with `web.activity = true`: the Activity's OAuth2 client id".to_string()
            },
        )?;
        Ok(Config {
            web,
            organiser_roles: self.organiser_roles()?,
            harvest: self.harvest.validate()?,
            token,
            shards,
            ops_listen,
            application_id: self.application_id,
            server_id: self.server_id,
            data_dir: self.data_dir,
            store,
            image_size: self.image_size,
            message_content: self.message_content,
            defer_after_ms: self.defer_after_ms,
            reminder_check_seconds: self.reminder_check_seconds,
            default_days: self.defaults.days_per_move,
            api_base: self.api_base,
            api_certificate: self.api_certificate,
            global_requests_per_second: self.global_requests_per_second,
            ladder: if self.ratings.global_ladder {
                LadderScope::Global
            } else {
                LadderScope::Server
            },
            // Within 0..=720 hours: the product fits a u64 of milliseconds exactly enough.
            challenge_expiry_ms: (hours * 3_600_000.0).round() as u64,
            vacation_days: self.defaults.vacation_days,
            threads: self.threads,
        })
    }

    /// The bot token: the environment's, else the file's; none is [`ConfigError::NoToken`].
    fn token(&self, env_token: Option<&str>) -> Result<String, ConfigError> {
        let token = env_token
            .filter(|t| !t.trim().is_empty())
            .or(self.token.as_deref().filter(|t| !t.trim().is_empty()))
            .ok_or(ConfigError::NoToken)?
            .trim()
            .to_string();
        check(
            !token.chars().any(|c| c.is_whitespace() || c.is_control()),
            || {
                "`token` contains spaces or control characters; paste the bot token exactly as the developer portal shows it".into()
            },
        )?;
        Ok(token)
    }

    /// Sizes, limits and ids within their bounds.
    fn check_numbers(&self) -> Result<(), ConfigError> {
        let (size, days) = (self.image_size, self.defaults.days_per_move);
        check((MIN_IMAGE..=MAX_IMAGE).contains(&size), || {
            format!("`image_size` must be between {MIN_IMAGE} and {MAX_IMAGE} pixels, not {size}")
        })?;
        check(days <= 14, || {
            format!("`defaults.days_per_move` must be 0 (no limit) to 14, not {days}")
        })?;
        let hours = self.defaults.challenge_expiry_hours.get();
        check((0.0..=MAX_CHALLENGE_HOURS as f64).contains(&hours), || {
            format!(
                "`defaults.challenge_expiry_hours` must be 0 (never) to {MAX_CHALLENGE_HOURS}, not {hours}"
            )
        })?;
        let vacation = self.defaults.vacation_days;
        check(vacation <= 366, || {
            format!("`defaults.vacation_days` must be 0 (no vacations) to 366, not {vacation}")
        })?;
        check(
            self.application_id != Some(0) && self.server_id != Some(0),
            || {
                "`application_id` and `server_id` must be Discord ids (positive numbers), not 0"
                    .into()
            },
        )?;
        check(self.reminder_check_seconds > 0, || {
            "`reminder_check_seconds` must be at least 1".into()
        })?;
        check(self.global_requests_per_second > 0, || {
            "`global_requests_per_second` must be at least 1 (Discord's limit is 50)".into()
        })
    }

    /// `api_base` is a URL; `api_certificate` goes with an https one.
    fn check_api(&self) -> Result<(), ConfigError> {
        if let Some(base) = &self.api_base {
            check(
                base.starts_with("http://") || base.starts_with("https://"),
                || {
                    format!(
                        "`api_base` must be a URL starting with http:// or https://, not `{base}`"
                    )
                },
            )?;
        }
        let https = self
            .api_base
            .as_deref()
            .is_some_and(|b| b.starts_with("https://"));
        check(self.api_certificate.is_none() || https, || {
            "`api_certificate` needs an `api_base` starting with https://".into()
        })
    }

    /// `[tournaments] organiser_roles` as role ids.
    fn organiser_roles(&self) -> Result<Vec<u64>, ConfigError> {
        self.tournaments
            .organiser_roles
            .iter()
            .map(|entry| {
                entry.id().ok_or_else(|| {
                    ConfigError::Invalid(format!(
                        "`tournaments.organiser_roles` lists role ids (Server Settings → \
                         Roles → ⋯ → Copy Role ID, with Developer Mode on), not {entry:?}"
                    ))
                })
            })
            .collect()
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
        let readme = include_str!("../../../README.md");
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
            "token = \"a\"\nglobal_requests_per_second = 0",
            "token = \"a\"\nglobal_requests_per_second = 2.5",
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
        let text = include_str!("../../../config.example.toml");
        let c = Config::parse(text, Some("t")).unwrap();
        assert_eq!(c.api_base, None);
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
