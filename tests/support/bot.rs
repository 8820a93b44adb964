//! The bot under test and the steps every Discord scenario repeats: the people and the
//! channel of the scenarios, `arcana run` started against the fake (as a process, or
//! in-process with any service), and the waits that collect what answered an
//! interaction, with the small readers of the recorded requests.

#![allow(dead_code)]

use super::fake_discord::{FakeDiscord, FakeUser, Recorded, GUILD_ID, WAIT};
use arcana::service::api::{Context, Reply, Request, TimedReply};
use arcana::service::front::GameService;
use serde_json::{json, Value};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub const ALICE: FakeUser = FakeUser {
    id: 100_000_000_000_000_001,
    name: "alice",
};
pub const BOB: FakeUser = FakeUser {
    id: 100_000_000_000_000_002,
    name: "bob",
};
pub const CAROL: FakeUser = FakeUser {
    id: 100_000_000_000_000_003,
    name: "carol",
};
pub const DAVE: FakeUser = FakeUser {
    id: 100_000_000_000_000_004,
    name: "dave",
};
/// The bot itself, as a user to challenge.
pub const ARCANA: FakeUser = FakeUser {
    id: super::fake_discord::BOT_ID,
    name: "arcana",
};
/// The server channel the scenarios play in.
pub const CHANNEL: u64 = 200_000_000_000_000_001;

/// A loopback port free a moment ago (for a server the test starts next).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// A configuration against `fake` keeping its data in `data`, then the lines `extra`
/// (last, so that they may open a table such as `[defaults]`).
pub fn config_text(fake: &FakeDiscord, data: &Path, extra: &str) -> String {
    format!(
        "token = \"fake-token\"\nserver_id = {GUILD_ID}\ndata_dir = \"{}\"\n{}{}{extra}\n",
        data.display(),
        super::backend::config_line(data),
        fake.api_lines()
    )
}

/// `arcana run` with [`config_text`] written beside `data` (`<data>.toml`), not yet
/// started: the caller may redirect its output.
pub fn command(fake: &FakeDiscord, data: &Path, extra: &str) -> Command {
    command_with(data, &config_text(fake, data, extra))
}

/// `arcana run` with a configuration text of the test's own, written beside `data`.
pub fn command_with(data: &Path, text: &str) -> Command {
    let config = data.with_extension("toml");
    std::fs::write(&config, text).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arcana"));
    cmd.args(["run", "--config"])
        .arg(&config)
        .env_remove("DISCORD_TOKEN")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null());
    cmd
}

/// A running `arcana run` process; killed if the test ends before stopping it.
pub struct Bot {
    child: Child,
}

impl Bot {
    /// Starts the process and returns at once.
    pub fn spawn(fake: &FakeDiscord, data: &Path, extra: &str) -> Bot {
        let child = command(fake, data, extra).spawn().expect("start the bot");
        Bot { child }
    }

    /// Starts the process and returns once it has identified on the gateway and
    /// registered its commands (it then knows who it is).
    pub async fn start(fake: &FakeDiscord, data: &Path, extra: &str) -> Bot {
        let mark = fake.mark();
        let identified = fake.identifies();
        let bot = Bot::spawn(fake, data, extra);
        fake.wait_identified(identified + 1).await;
        fake.wait_for(mark, "command registration", |r| {
            r.method == "PUT" && r.path.ends_with("/commands")
        })
        .await;
        bot
    }

    /// Starts the process with its own configuration text and returns once it has
    /// identified on the gateway once more.
    pub async fn start_with(fake: &FakeDiscord, data: &Path, text: &str) -> Bot {
        let identified = fake.identifies();
        let child = command_with(data, text).spawn().expect("start the bot");
        fake.wait_identified(identified + 1).await;
        Bot { child }
    }

    /// SIGTERM, then wait (bounded) for the exit.
    pub fn stop(mut self) -> ExitStatus {
        let pid = self.child.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "the bot did not stop on SIGTERM");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A fresh fake Discord and `arcana run` against it (see [`Bot::start`]), its data in
/// a new temporary directory (kept while the returned guard lives).
pub async fn started(extra: &str) -> (FakeDiscord, tempfile::TempDir, Bot) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, &dir.path().join("data"), extra).await;
    (fake, dir, bot)
}

/// The bot served in this process (`serve_with`) with `service`; stopped when dropped.
pub struct Serving {
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<Result<(), String>>>,
}

impl Serving {
    /// Serves `service` against `fake` with [`config_text`]; returns at once.
    pub fn spawn(
        fake: &FakeDiscord,
        data: &Path,
        extra: &str,
        service: Arc<dyn GameService>,
    ) -> Serving {
        let config =
            arcana::discord::config::Config::parse(&config_text(fake, data, extra), None).unwrap();
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(arcana::discord::serve_with(config, service, async move {
            let _ = stop_rx.await;
        }));
        Serving {
            stop: Some(stop_tx),
            task: Some(task),
        }
    }

    /// The same, returning once the bot has identified on the gateway.
    pub async fn start(
        fake: &FakeDiscord,
        data: &Path,
        extra: &str,
        service: Arc<dyn GameService>,
    ) -> Serving {
        let identified = fake.identifies();
        let serving = Serving::spawn(fake, data, extra, service);
        fake.wait_identified(identified + 1).await;
        serving
    }

    /// Asks the bot to stop and returns what `serve_with` returned.
    pub async fn stop(mut self) -> Result<(), String> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let task = self.task.take().expect("still serving");
        tokio::time::timeout(WAIT, task)
            .await
            .expect("the bot stopped")
            .unwrap()
    }
}

impl Drop for Serving {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// A scripted service: `reply` answers every request; nothing is ever due; plain
/// chat is read as a move when `asks`; kept private texts live in memory.
pub struct Scripted<F> {
    reply: F,
    asks: bool,
    kept: std::sync::Mutex<std::collections::BTreeMap<u64, Vec<String>>>,
}

impl<F> Scripted<F>
where
    F: Fn(&Context, Request) -> Vec<Reply> + Send + Sync + 'static,
{
    pub fn new(asks: bool, reply: F) -> Arc<Scripted<F>> {
        Arc::new(Scripted {
            reply,
            asks,
            kept: Default::default(),
        })
    }
}

impl<F> GameService for Scripted<F>
where
    F: Fn(&Context, Request) -> Vec<Reply> + Send + Sync + 'static,
{
    fn handle(&self, ctx: &Context, request: Request) -> Vec<Reply> {
        (self.reply)(ctx, request)
    }
    fn tick(&self) -> Vec<TimedReply> {
        Vec::new()
    }
    fn asks(&self, _: u64, _: u64) -> bool {
        self.asks
    }
    fn autocomplete(&self, _: u64, _: u64, _: &str) -> Vec<String> {
        Vec::new()
    }
    fn flush(&self) -> Result<(), String> {
        Ok(())
    }
    fn keep_private(&self, user: u64, text: &str) -> Result<(), String> {
        let mut kept = self.kept.lock().unwrap();
        kept.entry(user).or_default().push(text.to_string());
        Ok(())
    }
    fn take_private(&self, user: u64) -> Vec<String> {
        self.kept.lock().unwrap().remove(&user).unwrap_or_default()
    }
}

/// Waits for the interaction's first answer (a callback with content, an edit of the
/// deferred response, or a followup), then collects everything answering it.
pub async fn answers(fake: &FakeDiscord, mark: usize, iid: u64) -> Vec<Recorded> {
    fake.wait_for(mark, "an answer to the interaction", |r| {
        r.answers(iid)
            && (r.method == "PATCH" || (r.method == "POST" && r.json["type"].as_u64() != Some(5)))
    })
    .await;
    fake.settle(mark, Duration::from_millis(400))
        .await
        .into_iter()
        .filter(|r| r.answers(iid))
        .collect()
}

/// Runs a slash command in `channel` and returns what answered it.
pub async fn slash_in(
    fake: &FakeDiscord,
    who: &FakeUser,
    channel: u64,
    name: &str,
    options: &[(&str, u8, Value)],
    users: &[&FakeUser],
) -> Vec<Recorded> {
    let mark = fake.mark();
    let iid = fake.slash(who, channel, name, options, users);
    answers(fake, mark, iid).await
}

/// Runs a slash command in [`CHANNEL`] and returns what answered it.
pub async fn slash(
    fake: &FakeDiscord,
    who: &FakeUser,
    name: &str,
    options: &[(&str, u8, Value)],
    users: &[&FakeUser],
) -> Vec<Recorded> {
    slash_in(fake, who, CHANNEL, name, options, users).await
}

/// Presses button `custom_id` of `message` (as Discord echoes it) in `channel`.
pub async fn press_in(
    fake: &FakeDiscord,
    who: &FakeUser,
    channel: u64,
    message: &Value,
    custom_id: &str,
) -> Vec<Recorded> {
    let mark = fake.mark();
    let iid = fake.button(who, channel, custom_id, message.clone());
    answers(fake, mark, iid).await
}

/// Presses button `custom_id` of `message` in [`CHANNEL`].
pub async fn press(
    fake: &FakeDiscord,
    who: &FakeUser,
    message: &Value,
    custom_id: &str,
) -> Vec<Recorded> {
    press_in(fake, who, CHANNEL, message, custom_id).await
}

/// The custom ids of a message's buttons, in action rows at the top or inside a
/// Components V2 container.
pub fn button_ids(message: &Value) -> Vec<String> {
    super::fake_discord::all_components(message)
        .into_iter()
        .filter(|c| c["type"] == json!(2))
        .filter_map(|b| b["custom_id"].as_str().map(str::to_string))
        .collect()
}

/// The custom id of `message`'s button for `verb` (`accept:<id>` for `accept`).
pub fn button(message: &Value, verb: &str) -> String {
    button_ids(message)
        .into_iter()
        .find(|i| i.starts_with(&format!("{verb}:")))
        .unwrap_or_else(|| panic!("no {verb} button in {message}"))
}

pub fn message_id(message: &Value) -> u64 {
    message["id"].as_str().unwrap().parse().unwrap()
}

/// A message's fields whether it was sent as a callback (under `data`) or posted.
pub fn body(r: &Recorded) -> &Value {
    if r.json.get("data").is_some() {
        &r.json["data"]
    } else {
        &r.json
    }
}

/// The type 7 callback (UPDATE_MESSAGE) among `rs`, if any.
pub fn update(rs: &[Recorded]) -> Option<&Recorded> {
    rs.iter()
        .find(|r| r.path.ends_with("/callback") && r.json["type"] == json!(7))
}

/// The bot's first post in `channel` (or thread) after `mark`.
pub async fn posted_in(fake: &FakeDiscord, mark: usize, channel: u64, what: &str) -> Recorded {
    let path = format!("/api/v10/channels/{channel}/messages");
    fake.wait_for(mark, what, |r| r.method == "POST" && r.path == path)
        .await
}

/// The thread the bot starts from message `message` of [`CHANNEL`] (its id is the
/// message's), with its name.
pub async fn thread_of(fake: &FakeDiscord, mark: usize, message: u64) -> (u64, String) {
    let path = format!("/api/v10/channels/{CHANNEL}/messages/{message}/threads");
    let r = fake
        .wait_for(mark, "a thread from the message", |r| {
            r.method == "POST" && r.path == path && r.status == 201
        })
        .await;
    (message, r.json["name"].as_str().unwrap().to_string())
}

/// Every attachment decodes as a PNG; returns how many there were.
pub fn pngs(rs: &[Recorded]) -> usize {
    let mut n = 0;
    for r in rs {
        for (name, bytes) in &r.files {
            if name.ends_with(".png") {
                let img = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
                    .unwrap_or_else(|e| panic!("{name} is not a PNG: {e}"));
                assert!(img.width() >= 128 && img.height() >= 128);
                n += 1;
            }
        }
    }
    n
}

pub fn all_text(rs: &[Recorded]) -> String {
    rs.iter()
        .map(Recorded::content)
        .collect::<Vec<_>>()
        .join("\n")
}

/// How many of `rs` contain `needle`.
pub fn count(rs: &[Recorded], needle: &str) -> usize {
    rs.iter().filter(|r| r.content().contains(needle)).count()
}

pub fn mention(u: &FakeUser) -> String {
    format!("<@{}>", u.id)
}

/// The visible (non-ephemeral) messages among `rs`.
pub fn public(rs: &[Recorded]) -> Vec<Recorded> {
    rs.iter()
        .filter(|r| r.method != "DELETE" && !r.is_ephemeral() && !r.content().is_empty())
        .cloned()
        .collect()
}

/// The first of `rs` shown to everyone that contains `needle`.
pub fn public_with<'a>(rs: &'a [Recorded], needle: &str) -> &'a Recorded {
    rs.iter()
        .find(|r| !r.is_ephemeral() && r.content().contains(needle))
        .unwrap_or_else(|| panic!("nothing public says {needle:?}: {rs:?}"))
}

/// The first of `rs` shown to the invoker alone that contains `needle`.
pub fn private_with<'a>(rs: &'a [Recorded], needle: &str) -> &'a Recorded {
    rs.iter()
        .find(|r| r.is_ephemeral() && r.content().contains(needle))
        .unwrap_or_else(|| panic!("nothing private says {needle:?}: {rs:?}"))
}

/// Asserts that `rs` is exactly a refusal shown to the invoker alone.
pub fn assert_refused(rs: &[Recorded]) {
    let shown: Vec<&Recorded> = rs.iter().filter(|r| !r.content().is_empty()).collect();
    assert!(!shown.is_empty(), "no refusal was shown");
    for r in shown {
        assert!(
            r.is_ephemeral(),
            "a refusal was public: {} {}",
            r.path,
            r.json
        );
    }
    assert_eq!(pngs(rs), 0);
}

/// A played move: public, with a board image, mentioning the player to move.
pub fn assert_move(rs: &[Recorded], next: &FakeUser) {
    let shown = public(rs);
    assert!(!shown.is_empty(), "nothing public: {rs:?}");
    assert!(
        pngs(&shown) >= 1,
        "no board image: {:?}",
        shown
            .iter()
            .map(|r| (r.path.clone(), r.json.to_string(), r.files.len()))
            .collect::<Vec<_>>()
    );
    assert!(
        all_text(&shown).contains(&mention(next)),
        "{} not mentioned in {}",
        next.name,
        all_text(&shown)
    );
}

/// The channel a recorded post went to (`/channels/<id>/messages`).
pub fn channel_of(r: &Recorded) -> Option<u64> {
    r.path
        .strip_prefix("/api/v10/channels/")
        .and_then(|p| p.strip_suffix("/messages"))
        .and_then(|c| c.parse().ok())
}

/// The user a recorded message went to by direct message, if it was one.
pub fn dm_owner(fake: &FakeDiscord, r: &Recorded) -> Option<u64> {
    channel_of(r).and_then(|c| fake.dm_recipient(c))
}

/// alice challenges bob (alice White) in `channel` by slash command and bob accepts by
/// `/accept` a moment later: the game's thread, once its first board is there.
pub async fn accepted_in_thread(fake: &FakeDiscord, channel: u64) -> u64 {
    accepted_in_thread_with(fake, channel, &[]).await
}

/// [`accepted_in_thread`] with more of the challenge's options (`variant`, ...).
pub async fn accepted_in_thread_with(
    fake: &FakeDiscord,
    channel: u64,
    more: &[(&str, u8, Value)],
) -> u64 {
    let mark = fake.mark();
    let mut options = vec![
        ("opponent", 6, json!(BOB.id.to_string())),
        ("color", 3, json!("white")),
    ];
    options.extend(more.iter().cloned());
    let iid = fake.slash(&ALICE, channel, "challenge", &options, &[&BOB]);
    fake.wait_for(mark, "the challenge", |r| r.answers(iid))
        .await;
    // bob answers a moment later, as people do (the bot has learnt the message).
    fake.settle(mark, Duration::from_millis(300)).await;
    let mark = fake.mark();
    fake.slash(&BOB, channel, "accept", &[], &[]);
    fake.wait_for(mark, "the game's thread", |r| {
        r.method == "POST" && r.path.ends_with("/threads") && r.status == 201
    })
    .await;
    let thread = fake
        .threads()
        .into_iter()
        .filter(|(_, parent)| *parent == channel)
        .map(|(t, _)| t)
        .max()
        .expect("a thread");
    fake.wait_for(mark, "the first board", |r| {
        r.path.ends_with(&format!("/channels/{thread}/messages")) && !r.files.is_empty()
    })
    .await;
    thread
}
