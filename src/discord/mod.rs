//! The Discord front end: a serenity client that registers the slash commands, turns
//! interactions and chat moves into service requests, and delivers the replies
//! (`arcana run`).
//!
//! Owns everything Discord-shaped (the gateway, REST, message parts, buttons, the
//! operator's `/healthz` and `/metrics`). May import `service` (through
//! [`calls::ServiceCalls`] only, never on an async thread), `render` (images of the
//! replies' views), `store::StoreUrl` (configuration), `variants` and `ratings`
//! for names, and `i18n` for its own words; nothing imports it but `cli.rs`.

pub mod buttons;
pub mod calls;
pub mod catchup;
pub mod commands;
pub mod config;
pub mod container;
pub mod delivery;
pub mod handler;
pub mod interaction;
pub mod invocation;
pub mod limiter;
pub mod ops;
pub mod outgoing;
pub mod pairs;
pub mod parts;
pub mod picker;
pub mod posting;
pub mod press;
pub mod relay;
pub mod rest;
pub mod retry;
pub mod send;
pub mod slash;
pub mod threads;
pub mod undelivered;

use crate::service::front::GameService;
use crate::service::{Service, ServiceConfig};
use config::Config;
use delivery::{deliver, Origin};
use outgoing::prepare;
use serenity::all::{ChannelId, ClientBuilder, GatewayIntents, Http};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
pub use threads::DiscordPlaces;
use tokio::task::JoinHandle;
use undelivered::Undelivered;

/// How long the gateway may take to close after a stop request.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(3);

/// What to tell the operator when Discord closes the connection for good.
fn connection_error(e: &serenity::Error) -> String {
    use serenity::all::GatewayError;
    match e {
        serenity::Error::Gateway(GatewayError::DisallowedGatewayIntents) => {
            "Discord refused the Message Content intent (close code 4014). Either switch on \
             \"Message Content Intent\" under Bot > Privileged Gateway Intents in the developer \
             portal (https://discord.com/developers/applications), or run without it by setting \
             `message_content = false` in the configuration: players then move with `/move` only."
                .to_string()
        }
        serenity::Error::Gateway(GatewayError::InvalidAuthentication) => {
            "Discord refused the bot token (close code 4004). Copy a new one from the developer \
             portal (https://discord.com/developers/applications > your application > Bot > \
             Reset Token) into `token` in the configuration or the DISCORD_TOKEN variable."
                .to_string()
        }
        serenity::Error::Gateway(GatewayError::InvalidGatewayIntents) => {
            "Discord refused the gateway intents (close code 4013); this build asks for \
             intents Discord does not know."
                .to_string()
        }
        other => format!("the Discord connection failed: {other}"),
    }
}

/// State shared by every event.
pub struct Bot {
    /// The game service, reached only through the blocking pool.
    pub service: calls::ServiceCalls,
    pub config: Config,
    pub undelivered: Undelivered,
    /// The bot's own user id, known once connected (a challenge to it plays the computer).
    pub me: std::sync::OnceLock<u64>,
    /// One computer search per core at most.
    pub thinking: Arc<tokio::sync::Semaphore>,
    /// Channels whose computer answers are being run now.
    pub busy: std::sync::Mutex<std::collections::HashSet<u64>>,
    /// Events already handled (gateway replays act once).
    pub seen: handler::Seen,
    /// Held while the outbox is resumed (at start and at ticks), one resume at a time.
    pub resuming: tokio::sync::Mutex<()>,
    /// The newest message seen in each place, until kept in the store.
    pub marks: catchup::Marks,
}

impl Bot {
    /// Tells the service which messages show the challenges just posted in `channel`.
    pub(crate) async fn note_shown(&self, channel: u64, shown: Vec<(u64, u64)>) {
        if shown.is_empty() {
            return;
        }
        self.service
            .run("challenge message", move |service| {
                for (challenge, message) in shown {
                    service.shown(channel, challenge, message);
                }
            })
            .await;
    }

    fn mark_busy(&self, channel: u64, busy: bool) -> bool {
        let mut set = self.busy.lock().unwrap_or_else(|e| e.into_inner());
        if busy {
            set.insert(channel)
        } else {
            set.remove(&channel)
        }
    }

    /// Runs the computer's pending answers in `channel` off the async threads (one
    /// search per core) and posts them to the channel like a human's moves.
    pub fn run_computer(self: &Arc<Self>, http: Arc<serenity::all::Http>, channel: u64) {
        if !self.mark_busy(channel, true) {
            return;
        }
        let bot = Arc::clone(self);
        tokio::spawn(async move {
            loop {
                let Ok(permit) = Arc::clone(&bot.thinking).acquire_owned().await else {
                    break;
                };
                let b = Arc::clone(&bot);
                let out = bot
                    .service
                    .run("computer turn", move |service| {
                        let _permit = permit;
                        match service.computer_turn(channel) {
                            Some(replies) => {
                                if replies.iter().any(|r| r.outbox.is_some()) {
                                    metrics::counter!(ops::MOVES).increment(1);
                                }
                                Some(prepare(replies, b.config.image_size))
                            }
                            // Let go only when no answer is pending (a move may have come in).
                            None if service.computer_channels().contains(&channel) => {
                                Some(Vec::new())
                            }
                            None => {
                                b.mark_busy(channel, false);
                                None
                            }
                        }
                    })
                    .await
                    .unwrap_or_else(|| {
                        bot.mark_busy(channel, false);
                        None
                    });
                let Some(out) = out else { break };
                if out.is_empty() {
                    // Pending but refused (the game moved on meanwhile): try again shortly.
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    continue;
                }
                let mut origin = Origin::Timed {
                    channel: ChannelId::new(channel.max(1)),
                };
                deliver(&http, &bot.undelivered, &mut origin, out).await;
            }
        });
    }
}

/// This deployment slot's name in the outbox's claims: its host, data folder and
/// shards, the same when its process is restarted (so the new one delivers at once
/// what the killed one had claimed), different for every other process sharing the
/// store.
fn claimer(config: &Config) -> String {
    let host = std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::fs::read_to_string("/etc/hostname").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "arcana".to_string());
    let data = std::fs::canonicalize(&config.data_dir).unwrap_or_else(|_| config.data_dir.clone());
    let shards = config.shards.map_or_else(
        || "all".to_string(),
        |s| format!("{}-{}/{}", s.first, s.last, s.total),
    );
    format!("{host}:{}:{shards}", data.display())
}

/// What players do on their own web pages, for this process to deliver: the game's
/// place and the replies to post there.
type WebReplies = tokio::sync::mpsc::UnboundedReceiver<(u64, Vec<crate::service::api::Reply>)>;

/// Opens the game service on the configured data directory, and its web pages when
/// configured (players acting on them through the service; what they cause comes back
/// through [`WebReplies`]).
fn open_service(config: &Config) -> Result<(Arc<dyn GameService>, Option<WebReplies>), String> {
    let service_config = ServiceConfig {
        ladder: config.ladder,
        legend_size: Some(config.image_size),
        challenge_expiry_ms: Some(config.challenge_expiry_ms),
        vacation_days: Some(config.vacation_days),
        claimer: Some(claimer(config)),
        web: config.web.as_ref().map(|w| w.links()),
        ..ServiceConfig::default()
    };
    let places = DiscordPlaces::for_config(config)?;
    // Opened on a thread of its own: the PostgreSQL client blocks, and this runs on
    // the async runtime.
    let opened = std::thread::scope(|s| {
        s.spawn(|| Service::open_url(&config.store, service_config))
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
    });
    let service = opened
        .map_err(|e| {
            format!(
                "cannot open the game store {}: {e}",
                config.store.describe()
            )
        })?
        .with_places(Arc::new(places));
    let store = service.store().share();
    let service = Arc::new(service);
    // Puzzles of the finished games, made in the background (docs/puzzles.md); the
    // thread ends with the process.
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    crate::service::harvest::start(Arc::clone(&service), config.harvest.job(), stop);
    let service: Arc<dyn GameService> = service;
    let Some(web) = &config.web else {
        return Ok((service, None));
    };
    let (sender, replies) = tokio::sync::mpsc::unbounded_channel();
    let actor = crate::web::Actor {
        service: Arc::clone(&service),
        deliver: Arc::new(move |place, out| {
            // The receiver lives as long as the bot; a send after it stopped is moot.
            let _ = sender.send((place, out));
        }),
    };
    let mut options = crate::web::WebOptions::new(web.links())
        .trusting(&web.trusted_proxies)
        .acting(actor);
    options.activity = web.activity.as_ref().map(|a| crate::web::ActivityOptions {
        client_id: config.application_id.unwrap_or_default(),
        client_secret: a.client_secret.clone(),
        bot_token: config.token.clone(),
        // The relay in front of Discord (`with_relay` ran first), as every request.
        api_base: config
            .api_base
            .clone()
            .unwrap_or_else(|| "https://discord.com".to_string()),
        parents: a.parents.clone(),
    });
    buttons::offer_play(options.activity.is_some());
    crate::web::start(web.listen, store, options)?;
    Ok((service, Some(replies)))
}

/// Posts what players did on their web pages in the games' places, and lets the
/// computer answer there.
async fn deliver_web_replies(bot: &Arc<Bot>, http: &Arc<Http>, mut replies: WebReplies) {
    while let Some((place, out)) = replies.recv().await {
        let out = prepare(out, bot.config.image_size);
        let mut origin = Origin::Timed {
            channel: ChannelId::new(place.max(1)),
        };
        deliver(http, &bot.undelivered, &mut origin, out).await;
        bot.run_computer(Arc::clone(http), place);
    }
}

fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| {
        tracing_subscriber::EnvFilter::new("info,serenity=warn,tracing::span=warn")
    });
    // A second initialisation (tests calling run twice) is harmless: keep the first.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

/// `arcana run [--config FILE]`: loads the configuration and runs until SIGTERM or
/// Ctrl-C.
pub fn run(
    config_path: Option<&Path>,
    store: Option<&str>,
    shards: Option<&str>,
) -> Result<(), String> {
    let mut config = Config::load(config_path).map_err(|e| e.to_string())?;
    if let Some(url) = store {
        config.store = crate::store::StoreUrl::parse(url)?;
    }
    if let Some(s) = shards {
        config.shards = Some(config::Shards::parse(s)?);
    }
    init_tracing();
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(serve(config))
}

/// Resolves when the process is asked to stop (Ctrl-C or SIGTERM).
async fn stop_requested() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Runs the bot with a validated configuration until SIGTERM or Ctrl-C.
pub async fn serve(config: Config) -> Result<(), String> {
    create_data_dir(&config)?;
    let config = with_relay(config).await?;
    let (service, web) = open_service(&config)?;
    serve_relayed(config, service, stop_requested(), web).await
}

/// Delivers the outbox entries waiting for a process (at start: what the last run left;
/// at every tick: what a dead process sharing the store left once its claims ran out),
/// except those this process is delivering now. With a `grace` (the periodic look) an
/// entry is taken only once it has been waiting for nobody that long, so that one just
/// committed, whose delivery is about to start here, is left to it. A repeat is dropped
/// by Discord through the entry's nonces.
async fn resume_outbox(bot: &Arc<Bot>, http: &Arc<serenity::all::Http>, grace: Option<Duration>) {
    let _one_at_a_time = bot.resuming.lock().await;
    let size = bot.config.image_size;
    let busy = bot.undelivered.in_flight_ids();
    let waiting = bot
        .service
        .run("outbox", move |service| {
            service
                .outbox()
                .into_iter()
                .filter(|p| !busy.contains(&p.id))
                .collect::<Vec<_>>()
        })
        .await
        .unwrap_or_default();
    let ids = waiting.iter().map(|p| p.id).collect();
    let overdue = bot
        .undelivered
        .waiting_for(ids, grace.unwrap_or(Duration::ZERO));
    let pending: Vec<_> = waiting
        .into_iter()
        .filter(|p| overdue.contains(&p.id))
        .map(|p| (p.channel, p.actor, prepare(p.replies, size)))
        .collect();
    for (channel, actor, out) in pending {
        // A group chat's game, or one by a pair of DMs, has no chat line to answer
        // (issue 50): its replies go as time's do, by direct message.
        let group = match actor {
            Some(_) => bot.undelivered.whereabouts(channel).await,
            None => None,
        };
        use crate::service::api::PlaceKind;
        let in_group =
            group.is_some_and(|w| matches!(w.kind, PlaceKind::GroupChat | PlaceKind::DmPair));
        let channel = ChannelId::new(channel.max(1));
        let mut origin = match actor {
            Some(author) if !in_group => Origin::Message {
                channel,
                author,
                in_dm: false,
            },
            _ => Origin::Timed { channel },
        };
        let shown = deliver(http, &bot.undelivered, &mut origin, out).await;
        // A challenge posted now: the service learns its message (for edits).
        bot.note_shown(channel.get(), shown).await;
    }
}

/// Moves the games of places reported gone (`(place, parent channel if known)`) and
/// posts each one's note and board where it went.
async fn relocate_games(
    bot: &Arc<Bot>,
    http: &Arc<serenity::all::Http>,
    mut gone: tokio::sync::mpsc::UnboundedReceiver<(u64, Option<u64>)>,
) {
    while let Some((place, parent)) = gone.recv().await {
        let size = bot.config.image_size;
        let out = bot
            .service
            .run("relocate", move |service| {
                prepare(service.relocate(place, parent), size)
            })
            .await
            .unwrap_or_default();
        if out.is_empty() {
            continue;
        }
        let mut origin = Origin::Timed {
            channel: ChannelId::new(parent.unwrap_or(place).max(1)),
        };
        deliver(http, &bot.undelivered, &mut origin, out).await;
    }
}

/// Every REST request goes through the relay (`relay.rs`), which keeps Discord's rate
/// limits for this process (`limiter.rs`): serenity is pointed at it as at a proxy, its
/// own rate limiter off. The relay sends on to Discord, to the stand-in for discord.com
/// of `api_base` with `api_certificate`, or to a plain `api_base` (a proxy).
async fn with_relay(mut config: Config) -> Result<Config, String> {
    let upstream = match (&config.api_base, &config.api_certificate) {
        (Some(base), Some(pem)) => relay::Upstream {
            base: "https://discord.com".to_string(),
            client: rest::stand_in_client(base, pem)?,
        },
        (Some(base), None) => relay::Upstream {
            base: base.clone(),
            client: rest::plain_client()?,
        },
        (None, _) => relay::Upstream {
            base: "https://discord.com".to_string(),
            client: rest::plain_client()?,
        },
    };
    if let Some(base) = &config.api_base {
        tracing::warn!("Discord API redirected to {base}");
    }
    let (connected, total) = config
        .shards
        .map_or((1, 1), |s| (s.last - s.first + 1, s.total));
    let per_second = limiter::share(config.global_requests_per_second, connected, total);
    tracing::info!(
        "keeping to {per_second:.1} REST requests per second ({} for the bot, shards {connected} of {total})",
        config.global_requests_per_second
    );
    let limiter = Arc::new(limiter::Limiter::new(per_second));
    config.api_base = Some(relay::start(upstream, limiter).await?);
    config.api_certificate = None;
    Ok(config)
}

/// Runs the bot on `service` until `stop` resolves (the seam tests use to substitute
/// a scripted service or stop the bot in-process).
pub async fn serve_with(
    config: Config,
    service: Arc<dyn GameService>,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), String> {
    let config = with_relay(config).await?;
    serve_relayed(config, service, stop, None).await
}

async fn serve_relayed(
    config: Config,
    service: Arc<dyn GameService>,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
    web: Option<WebReplies>,
) -> Result<(), String> {
    create_data_dir(&config)?;
    let bot = new_bot(config, service).await;
    let mut client = discord_client(&bot).await?;
    let http = Arc::clone(&client.http);
    let stopped = Arc::new(tokio::sync::Notify::new());
    let background = [
        spawn_relocation(&bot, &http),
        spawn_outbox_looks(&bot, &http),
        spawn_ticker(&bot, &http),
        spawn_marks(&bot),
        spawn_stop(stop, Arc::clone(&stopped)),
    ];
    let web = web.map(|replies| {
        let (bot, http) = (Arc::clone(&bot), Arc::clone(&http));
        tokio::spawn(async move { deliver_web_replies(&bot, &http, replies).await })
    });
    let shards = Arc::clone(&client.shard_manager);
    let ops = bot.config.ops_listen.map(|listen| {
        ops::install();
        tokio::spawn(ops::serve(listen, Arc::clone(&bot), Arc::clone(&shards)))
    });
    let result = run_until_stopped(&bot, &mut client, &stopped).await;
    for task in background.into_iter().chain(ops).chain(web) {
        task.abort();
    }
    bot.marks.keep(&bot).await;
    let flushed = bot
        .service
        .run("flush", |service| service.flush())
        .await
        .unwrap_or_else(|| Err("the flush did not finish".to_string()));
    tracing::info!("stopped");
    result?;
    flushed.map_err(|e| format!("could not flush the store: {e}"))
}

fn create_data_dir(config: &Config) -> Result<(), String> {
    std::fs::create_dir_all(&config.data_dir).map_err(|e| {
        format!(
            "cannot create the data directory {}: {e}",
            config.data_dir.display()
        )
    })
}

/// The bot's shared state on `service`, with the private texts an older build kept in
/// a file of its own moved into the store.
async fn new_bot(config: Config, service: Arc<dyn GameService>) -> Arc<Bot> {
    let service = calls::ServiceCalls::new(service);
    let undelivered = Undelivered::new();
    undelivered.report_to(service.clone());
    undelivered::import_kept_file(&config.data_dir.join("undelivered-dms.json"), &service).await;
    Arc::new(Bot {
        service,
        config,
        undelivered,
        me: std::sync::OnceLock::new(),
        thinking: Arc::new(tokio::sync::Semaphore::new(
            std::thread::available_parallelism().map_or(1, |n| n.get()),
        )),
        busy: std::sync::Mutex::new(std::collections::HashSet::new()),
        seen: handler::Seen::default(),
        resuming: tokio::sync::Mutex::new(()),
        marks: catchup::Marks::default(),
    })
}

/// The gateway client, with the intents the configuration allows.
async fn discord_client(bot: &Arc<Bot>) -> Result<serenity::Client, String> {
    let config = &bot.config;
    let http = rest::http_client(config)?;
    let mut intents =
        GatewayIntents::GUILDS | GatewayIntents::GUILD_MESSAGES | GatewayIntents::DIRECT_MESSAGES;
    if config.message_content {
        intents |= GatewayIntents::MESSAGE_CONTENT;
    }
    ClientBuilder::new_with_http(http, intents)
        .event_handler(handler::Handler {
            bot: Arc::clone(bot),
        })
        .await
        .map_err(|e| format!("cannot build the Discord client: {e}"))
}

/// Games whose place is gone (a deleted or locked thread) move, one at a time.
/// Stopped with the bot: it holds the bot, whose reports keep it waiting.
fn spawn_relocation(bot: &Arc<Bot>, http: &Arc<Http>) -> JoinHandle<()> {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    bot.undelivered.report_gone_to(tx);
    let (bot, http) = (Arc::clone(bot), Arc::clone(http));
    tokio::spawn(async move { relocate_games(&bot, &http, rx).await })
}

/// Replies stored with their change but not delivered when the bot last stopped, at
/// once; then entries nobody delivers (a dead process's, once its claims ran out),
/// taken by this process within a minute: looked for every 10 s (or the tick, if
/// shorter) and delivered once they have waited three looks.
fn spawn_outbox_looks(bot: &Arc<Bot>, http: &Arc<Http>) -> JoinHandle<()> {
    let (bot, http) = (Arc::clone(bot), Arc::clone(http));
    {
        let (bot, http) = (Arc::clone(&bot), Arc::clone(&http));
        tokio::spawn(async move { resume_outbox(&bot, &http, None).await });
    }
    let look = Duration::from_secs(bot.config.reminder_check_seconds.min(10));
    tokio::spawn(async move {
        let mut every = tokio::time::interval(look);
        loop {
            every.tick().await;
            resume_outbox(&bot, &http, Some(look * 3)).await;
        }
    })
}

/// Reminders, deadlines and digests, every `reminder_check_seconds`.
fn spawn_ticker(bot: &Arc<Bot>, http: &Arc<Http>) -> JoinHandle<()> {
    let (bot, http) = (Arc::clone(bot), Arc::clone(http));
    tokio::spawn(async move {
        let mut every =
            tokio::time::interval(Duration::from_secs(bot.config.reminder_check_seconds));
        loop {
            every.tick().await;
            let size = bot.config.image_size;
            let timed = bot
                .service
                .run("tick", move |service| {
                    // One delivery per channel's run of replies: a group chat's people
                    // get its public reminder unless the private one is theirs.
                    let mut runs: Vec<(u64, Vec<_>)> = Vec::new();
                    for t in service.tick() {
                        match runs.last_mut() {
                            Some((channel, replies)) if *channel == t.channel => {
                                replies.push(t.reply)
                            }
                            _ => runs.push((t.channel, vec![t.reply])),
                        }
                    }
                    let drawn = runs.into_iter().map(|(c, rs)| (c, prepare(rs, size)));
                    drawn.collect::<Vec<_>>()
                })
                .await
                .unwrap_or_default();
            for (channel, out) in timed {
                let mut origin = Origin::Timed {
                    channel: ChannelId::new(channel.max(1)),
                };
                deliver(&http, &bot.undelivered, &mut origin, out).await;
            }
        }
    })
}

/// The newest message seen in each place, kept in the store every few seconds.
fn spawn_marks(bot: &Arc<Bot>) -> JoinHandle<()> {
    let bot = Arc::clone(bot);
    tokio::spawn(async move {
        let mut every = tokio::time::interval(catchup::KEEP_EVERY);
        loop {
            every.tick().await;
            bot.marks.keep(&bot).await;
        }
    })
}

/// Notifies `stopped` when `stop` resolves.
fn spawn_stop(
    stop: impl std::future::Future<Output = ()> + Send + 'static,
    stopped: Arc<tokio::sync::Notify>,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        stop.await;
        tracing::info!("stopping");
        stopped.notify_one();
    })
}

/// Runs the gateway until Discord closes it for good or a stop is requested. The stop
/// request wins over every state of the connection (connecting, retrying an
/// unreachable Discord, running): the shards get a short grace to close, then the
/// client is dropped. Service calls already running on the blocking pool finish their
/// writes before the runtime ends.
async fn run_until_stopped(
    bot: &Bot,
    client: &mut serenity::Client,
    stopped: &tokio::sync::Notify,
) -> Result<(), String> {
    let shards = Arc::clone(&client.shard_manager);
    let config_shards = bot.config.shards;
    tokio::select! {
        r = async {
            match config_shards {
                // serenity's range names its last shard, included.
                Some(s) => client.start_shard_range(s.first..s.last, s.total).await,
                None => client.start().await,
            }
        } => r.map_err(|e| connection_error(&e)),
        _ = stopped.notified() => {
            if tokio::time::timeout(SHUTDOWN_GRACE, shards.shutdown_all()).await.is_err() {
                tracing::warn!("the gateway did not close in time; stopping anyway");
            }
            Ok(())
        }
    }
}
