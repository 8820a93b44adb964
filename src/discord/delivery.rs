//! Turning the service's replies into Discord messages: the interaction response (or
//! its deferral), followups, channel messages and direct messages, with the fallback
//! for users whose direct messages are closed.

use super::calls::ServiceCalls;
use super::commands::{button_id, game_button_id};
use crate::render::{render_png, RenderOptions};
use crate::service::api::{
    replace_places, Audience, ChallengeAnswer, GameControls, Reply, ReplyKind, User,
};
use serenity::all::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, EditInteractionResponse, EditMessage, Http, InteractionId, MessageId, Nonce,
    UserId,
};
use serenity::builder::Builder;
use serenity::http::HttpError;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;

/// Discord refuses message contents longer than this.
const MAX_CONTENT: usize = 2000;

/// A reply with its image already drawn (drawing happens off the async threads).
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub reply: Reply,
    pub png: Option<Vec<u8>>,
}

/// Draws the images of `replies`. A drawing failure drops only the image: the text
/// still carries the move.
pub fn prepare(replies: Vec<Reply>, size: u32) -> Vec<Outgoing> {
    replies
        .into_iter()
        .map(|reply| {
            let png = reply.image.as_ref().and_then(|view| {
                let options = RenderOptions {
                    size,
                    orientation: None,
                };
                render_png(view, &options)
                    .map_err(|e| tracing::error!("board image failed: {e}"))
                    .ok()
            });
            Outgoing { reply, png }
        })
        .collect()
}

/// The places of their own (a game's thread) that `out` posts in, each once.
pub fn places(out: &[Outgoing]) -> Vec<u64> {
    let mut places = Vec::new();
    for o in out {
        if let Audience::Place(p) = o.reply.to {
            if !places.contains(&p) {
                places.push(p);
            }
        }
    }
    places
}

/// One message's content, independent of the builder it goes into.
#[derive(Clone, Debug)]
struct Parts {
    content: String,
    files: Vec<CreateAttachment>,
    rows: Vec<CreateActionRow>,
    mentions: Vec<UserId>,
    /// The challenge this message shows, if any (its message id is noted once sent).
    challenge: Option<u64>,
    /// For a reply of an outbox entry: a nonce unique to it, sent with `enforce_nonce`
    /// so that Discord drops the repeat a crash before "delivered" causes.
    nonce: Option<String>,
}

impl Parts {
    fn text(text: impl Into<String>) -> Parts {
        Parts {
            content: text.into(),
            files: Vec::new(),
            rows: Vec::new(),
            mentions: Vec::new(),
            challenge: None,
            nonce: None,
        }
    }

    fn of(out: &Outgoing) -> Parts {
        let r = &out.reply;
        let mut content: String = r.mention.iter().map(|u| format!("<@{}> ", u.id)).collect();
        // Channel references become Discord channel links.
        content.push_str(&replace_places(&r.text, |c| format!("<#{c}>")));
        let mut files = Vec::new();
        if content.chars().count() > MAX_CONTENT {
            // Long texts (a long history) travel whole as a file.
            files.push(CreateAttachment::bytes(
                content.clone().into_bytes(),
                "text.txt",
            ));
            let first = content.lines().next().unwrap_or_default();
            let first: String = first.chars().take(MAX_CONTENT - 40).collect();
            content = format!("{first}\n(the full text is attached)");
        }
        if let Some(png) = &out.png {
            files.push(CreateAttachment::bytes(png.clone(), "board.png"));
        }
        for a in &r.attachments {
            files.push(CreateAttachment::bytes(a.bytes.clone(), a.name.clone()));
        }
        let (rows, challenge) = match &r.kind {
            ReplyKind::Challenge {
                challenge,
                challenged,
            } => (
                challenge_buttons(*challenge, challenged.is_some()),
                Some(*challenge),
            ),
            _ => (r.controls.map(game_buttons).unwrap_or_default(), None),
        };
        Parts {
            content,
            files,
            rows,
            mentions: r.mention.iter().map(|u| UserId::new(u.id)).collect(),
            challenge,
            nonce: None,
        }
    }

    fn allowed(&self) -> CreateAllowedMentions {
        // Only the users the service names are pinged, never names typed by players.
        CreateAllowedMentions::new().users(self.mentions.clone())
    }

    fn rows(&self) -> Vec<CreateActionRow> {
        self.rows.clone()
    }

    /// A message shown in place of a settled challenge's: its fate, no buttons.
    fn settled(shown: &str) -> Parts {
        Parts::text(replace_places(shown, |c| format!("<#{c}>")))
    }

    fn update(self) -> CreateInteractionResponseMessage {
        CreateInteractionResponseMessage::new()
            .content(self.content.clone())
            .allowed_mentions(self.allowed())
            .components(self.rows())
    }

    fn edit_message(self) -> EditMessage {
        EditMessage::new()
            .content(self.content.clone())
            .allowed_mentions(self.allowed())
            .components(self.rows())
    }

    fn response(self, ephemeral: bool) -> CreateInteractionResponseMessage {
        CreateInteractionResponseMessage::new()
            .content(self.content.clone())
            .allowed_mentions(self.allowed())
            .components(self.rows())
            .ephemeral(ephemeral)
            .add_files(self.files)
    }

    fn followup(self, ephemeral: bool) -> CreateInteractionResponseFollowup {
        CreateInteractionResponseFollowup::new()
            .content(self.content.clone())
            .allowed_mentions(self.allowed())
            .components(self.rows())
            .ephemeral(ephemeral)
            .add_files(self.files)
    }

    fn edit(self) -> EditInteractionResponse {
        let mut e = EditInteractionResponse::new()
            .content(self.content.clone())
            .allowed_mentions(self.allowed())
            .components(self.rows());
        for f in self.files {
            e = e.new_attachment(f);
        }
        e
    }

    fn message(self) -> CreateMessage {
        let m = CreateMessage::new()
            .content(self.content.clone())
            .allowed_mentions(self.allowed())
            .components(self.rows());
        let m = match self.nonce {
            Some(n) => m.nonce(Nonce::String(n)).enforce_nonce(true),
            None => m,
        };
        m.add_files(self.files)
    }
}

/// The buttons of a challenge's message, each naming the challenge: Accept, Decline
/// (only when it is made to one player) and Cancel.
fn challenge_buttons(challenge: u64, directed: bool) -> Vec<CreateActionRow> {
    let mut buttons = vec![
        CreateButton::new(button_id(ChallengeAnswer::Accept, challenge))
            .label("Accept")
            .style(ButtonStyle::Success),
    ];
    if directed {
        buttons.push(
            CreateButton::new(button_id(ChallengeAnswer::Decline, challenge))
                .label("Decline")
                .style(ButtonStyle::Danger),
        );
    }
    buttons.push(
        CreateButton::new(button_id(ChallengeAnswer::Cancel, challenge))
            .label("Cancel")
            .style(ButtonStyle::Secondary),
    );
    vec![CreateActionRow::Buttons(buttons)]
}

/// The buttons of a game's public board message, each naming the game: Resign (asks
/// to confirm), Offer draw or Accept draw, My hand (games with secrets); Rematch once
/// the game is over.
fn game_buttons(c: GameControls) -> Vec<CreateActionRow> {
    let b = |verb: &str, label: &str, style: ButtonStyle| {
        CreateButton::new(game_button_id(verb, c.game))
            .label(label)
            .style(style)
    };
    let buttons = if c.finished {
        vec![b("rematch", "Rematch", ButtonStyle::Primary)]
    } else {
        let mut v = vec![b("resign", "Resign", ButtonStyle::Danger)];
        v.push(if c.draw_offer {
            b("draw-accept", "Accept draw", ButtonStyle::Success)
        } else {
            b("draw-offer", "Offer draw", ButtonStyle::Secondary)
        });
        if c.secrets {
            v.push(b("hand", "My hand", ButtonStyle::Secondary));
        }
        v
    };
    vec![CreateActionRow::Buttons(buttons)]
}

/// Answers a press on a button of game `game`, which is over: the pressed message is
/// updated (interaction response type 7) to show what became of it (`shown`), with
/// only Rematch left, and the presser is told privately.
pub async fn game_over(http: &Http, i: &mut Interacted, game: u64, shown: &str) {
    let mut parts = Parts::settled(shown);
    parts.rows = game_buttons(GameControls {
        game,
        draw_offer: false,
        secrets: false,
        finished: true,
    });
    if let Err(e) = i.update(http, parts).await {
        tracing::warn!("message update failed: {e}");
    }
    let outcome = shown.lines().last().unwrap_or_default();
    let refusal = Parts::text(format!("That game is over: {outcome}"));
    log_err(
        "private interaction reply",
        i.send(http, refusal, true).await,
    )
    .await
}

/// The private question a Resign button asks, with its confirming button.
pub fn resign_prompt(game: u64) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content("Resign this game? This cannot be undone.")
            .ephemeral(true)
            .components(vec![CreateActionRow::Buttons(vec![CreateButton::new(
                game_button_id("resign-confirm", game),
            )
            .label("Yes, resign")
            .style(ButtonStyle::Danger)])]),
    )
}

/// How far an interaction has been acknowledged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ack {
    None,
    Deferred { ephemeral: bool },
    Responded,
}

/// An interaction being answered; it remembers whether it was deferred or answered so
/// that later messages become edits or followups.
pub struct Interacted {
    pub id: InteractionId,
    pub token: String,
    pub user: User,
    pub channel: ChannelId,
    /// For a button press: the message it was on, and the challenge its id names
    /// (`None` for the fixed ids of older messages).
    pub pressed: Option<(MessageId, Option<u64>)>,
    ack: Ack,
}

impl Interacted {
    pub fn new(id: InteractionId, token: String, user: User, channel: ChannelId) -> Interacted {
        Interacted {
            id,
            token,
            user,
            channel,
            pressed: None,
            ack: Ack::None,
        }
    }

    /// Whether a settled challenge's message is the one this button was pressed on.
    fn pressed_on(&self, challenge: u64, message: Option<u64>) -> bool {
        match self.pressed {
            Some((m, named)) => {
                message == Some(m.get()) || named.is_none() || named == Some(challenge)
            }
            None => false,
        }
    }

    /// Answers a button press by updating the message it was on (interaction response
    /// type 7); `false` when the interaction was already acknowledged otherwise.
    async fn update(&mut self, http: &Http, parts: Parts) -> serenity::Result<bool> {
        if self.ack != Ack::None || self.pressed.is_none() {
            return Ok(false);
        }
        acknowledged(
            with_retries("message update", || {
                CreateInteractionResponse::UpdateMessage(parts.clone().update())
                    .execute(http, (self.id, &self.token))
            })
            .await,
        )?;
        self.ack = Ack::Responded;
        Ok(true)
    }

    /// Acknowledges now and answers later (Discord's 3 seconds run out otherwise).
    pub async fn defer(&mut self, http: &Http, ephemeral: bool) -> serenity::Result<()> {
        if self.ack != Ack::None {
            return Ok(());
        }
        let m = CreateInteractionResponseMessage::new().ephemeral(ephemeral);
        acknowledged(
            with_retries("deferral", || {
                CreateInteractionResponse::Defer(m.clone()).execute(http, (self.id, &self.token))
            })
            .await,
        )?;
        self.ack = Ack::Deferred { ephemeral };
        Ok(())
    }

    pub fn responded(&self) -> bool {
        self.ack == Ack::Responded
    }

    /// Sends one message as the interaction's answer; returns its message id when the
    /// message shows a challenge (so that it can be updated later).
    async fn send(
        &mut self,
        http: &Http,
        parts: Parts,
        ephemeral: bool,
    ) -> serenity::Result<Option<MessageId>> {
        let wanted = parts.challenge.is_some() && !ephemeral;
        let mut sent = None;
        match self.ack {
            Ack::None => {
                acknowledged(
                    with_retries("interaction reply", || {
                        CreateInteractionResponse::Message(parts.clone().response(ephemeral))
                            .execute(http, (self.id, &self.token))
                    })
                    .await,
                )?;
                if wanted {
                    // A callback answers no message: ask Discord which one it made.
                    match with_retries("original response", || {
                        http.get_original_interaction_response(&self.token)
                    })
                    .await
                    {
                        Ok(m) => sent = Some(m.id),
                        Err(e) => tracing::warn!("could not read the challenge message: {e}"),
                    }
                }
            }
            Ack::Deferred { ephemeral: e } if e == ephemeral => {
                let m = with_retries("interaction reply", || {
                    parts.clone().edit().execute(http, &self.token)
                })
                .await?;
                sent = Some(m.id);
            }
            Ack::Deferred { ephemeral: true } => {
                // The private "thinking" placeholder cannot turn public: close it and
                // post the public message as a followup.
                Parts::text("Done.")
                    .edit()
                    .execute(http, &self.token)
                    .await?;
                let m = parts
                    .followup(false)
                    .execute(http, (None, &self.token))
                    .await?;
                sent = Some(m.id);
            }
            Ack::Deferred { ephemeral: false } => {
                // A public "thinking" placeholder cannot turn private: remove it and
                // answer privately.
                http.delete_original_interaction_response(&self.token)
                    .await?;
                parts
                    .followup(true)
                    .execute(http, (None, &self.token))
                    .await?;
            }
            Ack::Responded => {
                let m = with_retries("followup", || {
                    parts
                        .clone()
                        .followup(ephemeral)
                        .execute(http, (None, &self.token))
                })
                .await?;
                sent = Some(m.id);
            }
        }
        self.ack = Ack::Responded;
        Ok(sent.filter(|_| wanted))
    }
}

/// Where the replies of one service call go.
pub enum Origin<'a> {
    /// A slash command or button: answer the interaction.
    Interaction(&'a mut Interacted),
    /// A plain chat message (a move typed in the channel) by `author`.
    Message { channel: ChannelId, author: User },
    /// Time passing (reminders): the game's channel.
    Timed { channel: ChannelId },
}

/// Private texts that could not be delivered by DM, kept (on disk, so a restart does
/// not lose them) until the user's next interaction; and the service to tell when the
/// replies of an outbox entry have been delivered.
pub struct Undelivered {
    path: PathBuf,
    // A plain mutex: held only to copy a small map, never across an await.
    map: Mutex<BTreeMap<u64, Vec<String>>>,
    service: std::sync::OnceLock<ServiceCalls>,
}

impl Undelivered {
    pub fn open(path: PathBuf) -> Undelivered {
        let map = std::fs::read(&path)
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok())
            .unwrap_or_default();
        Undelivered {
            path,
            map: Mutex::new(map),
            service: std::sync::OnceLock::new(),
        }
    }

    /// The service whose outbox entries delivery reports done.
    pub fn report_to(&self, service: ServiceCalls) {
        let _ = self.service.set(service);
    }

    /// Marks outbox entries delivered (a store write: on the blocking pool).
    async fn delivered(&self, ids: std::collections::BTreeSet<u64>) {
        if ids.is_empty() {
            return;
        }
        if let Some(service) = self.service.get() {
            service
                .run("delivered", move |service| {
                    for id in ids {
                        service.delivered(id);
                    }
                })
                .await;
        }
    }

    fn save(&self, map: &BTreeMap<u64, Vec<String>>) {
        let tmp = self.path.with_extension("json.tmp");
        let result = serde_json::to_vec(map)
            .map_err(std::io::Error::other)
            .and_then(|bytes| std::fs::write(&tmp, bytes))
            .and_then(|()| std::fs::rename(&tmp, &self.path));
        if let Err(e) = result {
            tracing::error!("could not save undelivered messages: {e}");
        }
    }

    pub fn push(&self, user: u64, text: String) {
        let Ok(mut map) = self.map.lock() else { return };
        map.entry(user).or_default().push(text);
        self.save(&map);
    }

    pub fn take(&self, user: u64) -> Vec<String> {
        let Ok(mut map) = self.map.lock() else {
            return Vec::new();
        };
        let texts = map.remove(&user).unwrap_or_default();
        if !texts.is_empty() {
            self.save(&map);
        }
        texts
    }
}

/// The nonce of the `n`th reply of outbox entry `entry`: the same on every delivery
/// of the entry (by any process), different for every other message, and within
/// Discord's 25 characters (at most 1 + 16 + 1 + 10).
fn nonce(entry: u64, n: u32) -> String {
    format!("o{entry:x}.{n}")
}

/// Sends `user` a direct message.
async fn direct_message(http: &Http, user: u64, parts: Parts) -> serenity::Result<()> {
    let channel = with_retries("direct message channel", || {
        UserId::new(user).create_dm_channel(http)
    })
    .await?;
    post(http, channel.id, &parts).await
}

/// Pauses before each new try of a request that failed for a passing reason; after the
/// last, the failure stands (about 8 s in all, well inside a player's patience).
const RETRY_DELAYS_MS: [u64; 5] = [250, 500, 1000, 2000, 4000];

/// Whether a failed request may succeed when sent again: Discord's 5xx answers,
/// transport failures (timeouts, dropped connections) and 429. Any other 4xx never will.
///
/// A 429 normally never gets here: serenity's rate limiter waits its `retry_after` and
/// resends (also against the tests' fake Discord, which answers for discord.com over
/// TLS). Behind a plain proxy (`api_base = "http://..."` without a certificate)
/// serenity must run without its limiter and drops the answer's `retry_after`, so the
/// bot waits at least [`RATE_LIMIT_PAUSE_MS`] itself.
fn transient(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            r.status_code.is_server_error() || rate_limited(e)
        }
        serenity::Error::Http(HttpError::Request(_)) => true,
        _ => false,
    }
}

/// The shortest pause after a 429 whose `retry_after` is not known.
const RATE_LIMIT_PAUSE_MS: u64 = 1000;

fn rate_limited(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) if r.status_code.as_u16() == 429)
}

/// Discord's JSON error code of a refused request (50013 missing permissions, ...).
pub(crate) fn discord_code(e: &serenity::Error) -> Option<isize> {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => Some(r.error.code),
        _ => None,
    }
}

/// What a permanent refusal of a post in a channel means, in an admin's terms.
pub fn permanent_reason(code: isize) -> Option<&'static str> {
    match code {
        50013 => Some(
            "I lack a permission there (View Channel, Send Messages, Send Messages in \
             Threads, Attach Files or Read Message History); a server admin can grant it",
        ),
        50001 => Some("I cannot see that channel; a server admin can let me in"),
        10003 => Some("that channel no longer exists"),
        _ => None,
    }
}

/// Runs a request, sending it again after a pause while it fails for a passing reason.
pub(crate) async fn with_retries<T, F, Fut>(what: &str, mut attempt: F) -> serenity::Result<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = serenity::Result<T>>,
{
    let mut delays = RETRY_DELAYS_MS.iter();
    loop {
        match attempt().await {
            Err(e) if transient(&e) => match delays.next() {
                Some(ms) => {
                    let ms = if rate_limited(&e) {
                        (*ms).max(RATE_LIMIT_PAUSE_MS)
                    } else {
                        *ms
                    };
                    tracing::info!("{what} failed ({e}); trying again in {ms} ms");
                    tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
                }
                None => return Err(e),
            },
            other => return other,
        }
    }
}

/// An interaction callback's result: 40060 ("already acknowledged") means an earlier
/// try did reach Discord although its answer was lost, so the interaction is answered.
// The error type is serenity's own, passed through unchanged.
#[allow(clippy::result_large_err)]
fn acknowledged<T>(r: serenity::Result<T>) -> serenity::Result<()> {
    match r {
        Err(e) if discord_code(&e) == Some(40060) => {
            tracing::info!("interaction already acknowledged by an earlier try");
            Ok(())
        }
        other => other.map(|_| ()),
    }
}

/// Posts a message in a channel, retrying passing failures.
async fn post(http: &Http, channel: ChannelId, parts: &Parts) -> serenity::Result<()> {
    post_message(http, channel, parts).await.map(|_| ())
}

async fn post_message(
    http: &Http,
    channel: ChannelId,
    parts: &Parts,
) -> serenity::Result<MessageId> {
    with_retries("channel message", || {
        channel.send_message(http, parts.clone().message())
    })
    .await
    .map(|m| m.id)
}

/// Replaces a message the bot sent earlier (a settled challenge's).
async fn edit_posted(
    http: &Http,
    channel: ChannelId,
    message: u64,
    parts: &Parts,
) -> serenity::Result<()> {
    with_retries("message edit", || {
        channel.edit_message(
            http,
            MessageId::new(message.max(1)),
            parts.clone().edit_message(),
        )
    })
    .await
    .map(|_| ())
}

async fn log_err<T>(what: &str, r: serenity::Result<T>) {
    if let Err(e) = r {
        tracing::warn!("{what} failed: {e}");
    }
}

/// Delivers prepared replies to where they belong. Returns the messages that show
/// new challenges, as `(challenge, message id)`, for the service to note.
pub async fn deliver(
    http: &Http,
    undelivered: &Undelivered,
    origin: &mut Origin<'_>,
    out: Vec<Outgoing>,
) -> Vec<(u64, u64)> {
    // Reported delivered at the end: every reply below has been sent, or refused for good.
    let entries: std::collections::BTreeSet<u64> =
        out.iter().filter_map(|o| o.reply.outbox).collect();
    let shown = deliver_replies(http, undelivered, origin, out).await;
    undelivered.delivered(entries).await;
    shown
}

async fn deliver_replies(
    http: &Http,
    undelivered: &Undelivered,
    origin: &mut Origin<'_>,
    out: Vec<Outgoing>,
) -> Vec<(u64, u64)> {
    let mut shown = Vec::new();
    // A settled challenge's message is updated first: on a button press that update
    // is the interaction's answer (type 7), and everything else follows it.
    let mut out = out;
    out.sort_by_key(|o| !matches!(o.reply.kind, ReplyKind::ChallengeOver { .. }));
    let mut private = Vec::new();
    // Whether a channel already refused a post here (the player is told once).
    let mut refused_channel = false;
    // A direct message names the channel it comes from (a player may have games in
    // several).
    // (a game opened in a place of its own: that place).
    let here = match &*origin {
        Origin::Interaction(i) => i.channel,
        Origin::Message { channel, .. } | Origin::Timed { channel } => *channel,
    };
    let from = out
        .iter()
        .find_map(|o| match o.reply.to {
            Audience::Place(p) => Some(ChannelId::new(p.max(1))),
            _ => None,
        })
        .unwrap_or(here);
    let in_dm = |mut parts: Parts| {
        parts.content = format!("From <#{from}>:\n{}", parts.content);
        parts
    };
    // How many replies of each outbox entry came before (the nonce's second part).
    let mut sent_of: BTreeMap<u64, u32> = BTreeMap::new();
    for o in out {
        if let ReplyKind::ChallengeOver {
            challenge,
            message,
            shown: text,
        } = &o.reply.kind
        {
            settle_message(http, origin, *challenge, *message, text).await;
            if o.reply.text.is_empty() {
                continue;
            }
        }
        let mut parts = Parts::of(&o);
        parts.nonce = o.reply.outbox.map(|entry| {
            let n = sent_of.entry(entry).or_insert(0);
            *n += 1;
            nonce(entry, *n)
        });
        let challenge = parts.challenge;
        match (&o.reply.to, &mut *origin) {
            (Audience::Private(u), _) => private.push((u.clone(), in_dm(parts))),
            (Audience::Channel, Origin::Interaction(i)) => match i.send(http, parts, false).await {
                Ok(Some(m)) => shown.extend(challenge.map(|c| (c, m.get()))),
                Ok(None) => {}
                Err(e) => tracing::warn!("interaction reply failed: {e}"),
            },
            (Audience::Invoker, Origin::Interaction(i)) => {
                log_err("private interaction reply", i.send(http, parts, true).await).await
            }
            (Audience::Channel, Origin::Message { channel, author }) => {
                if let Err(e) = post(http, *channel, &parts).await {
                    tracing::warn!("channel message in {channel} failed: {e}");
                    // The player who moved learns why the channel stayed silent.
                    if let Some(reason) = discord_code(&e).and_then(permanent_reason) {
                        if !refused_channel {
                            refused_channel = true;
                            private.push((
                                author.clone(),
                                Parts::text(format!(
                                    "Your move was played, but I could not post in <#{channel}>: \
                                     {reason}. `/board` shows the game."
                                )),
                            ));
                        }
                    }
                }
            }
            (Audience::Channel, Origin::Timed { channel }) => {
                match post_message(http, *channel, &parts).await {
                    Ok(m) => shown.extend(challenge.map(|c| (c, m.get()))),
                    Err(e) => tracing::warn!("channel message failed: {e}"),
                }
            }
            // Without an interaction the invoker's private answer goes by DM.
            (Audience::Invoker, Origin::Message { author, .. }) => {
                private.push((author.clone(), in_dm(parts)))
            }
            (Audience::Place(place), origin) => {
                // A game's own place (its thread): a message there, not an answer here.
                let channel = ChannelId::new((*place).max(1));
                if let Err(e) = post(http, channel, &parts).await {
                    tracing::warn!("message in {channel} failed: {e}");
                    // Refused for good: whoever acted learns why the place stayed silent.
                    let reason = discord_code(&e).and_then(permanent_reason);
                    let actor = match origin {
                        Origin::Interaction(i) => Some(i.user.clone()),
                        Origin::Message { author, .. } => Some(author.clone()),
                        Origin::Timed { .. } => None,
                    };
                    if let (Some(reason), Some(actor), false) = (reason, actor, refused_channel) {
                        refused_channel = true;
                        private.push((
                            actor,
                            Parts::text(format!(
                                "I could not post the game in <#{channel}>: {reason}. \
                                 `/board` there shows it."
                            )),
                        ));
                    }
                }
            }
            (Audience::Invoker, Origin::Timed { channel }) => {
                log_err("channel message", post(http, *channel, &parts).await).await
            }
        }
    }
    let mut dm_sent = false;
    for (user, parts) in private {
        let text = parts.content.clone();
        match direct_message(http, user.id, parts.clone()).await {
            Ok(()) => dm_sent |= matches!(origin, Origin::Interaction(i) if i.user.id == user.id),
            Err(e) => {
                tracing::info!("direct message to {} failed: {e}", user.id);
                if let Origin::Interaction(i) = origin {
                    if i.user.id == user.id {
                        // The owner is right here: show it to them alone instead; keep
                        // it for later if even that fails.
                        if let Err(e) = i.send(http, parts, true).await {
                            tracing::warn!("private fallback failed: {e}");
                            undelivered.push(user.id, text);
                        }
                        continue;
                    }
                }
                undelivered.push(user.id, text);
                let notice = Parts {
                    content: format!(
                        "<@{}>, I could not send you a direct message (are your DMs closed?). \
                         You will see it privately with your next command here.",
                        user.id
                    ),
                    files: Vec::new(),
                    rows: Vec::new(),
                    mentions: vec![UserId::new(user.id)],
                    challenge: None,
                    nonce: None,
                };
                match origin {
                    Origin::Interaction(i) => {
                        log_err("notice", i.send(http, notice, false).await).await
                    }
                    Origin::Message { channel, .. } | Origin::Timed { channel } => {
                        log_err("notice", post(http, *channel, &notice).await).await
                    }
                }
            }
        }
    }
    if let Origin::Interaction(i) = origin {
        if !i.responded() && dm_sent {
            // Everything went by DM: the interaction still needs its answer. Only said
            // when a direct message to the invoker really went out.
            log_err(
                "acknowledgement",
                i.send(http, Parts::text("Sent you a direct message."), true)
                    .await,
            )
            .await;
        }
        // Texts kept from earlier failed DMs leave the store only once shown.
        for text in undelivered.take(i.user.id) {
            let parts = Parts::text(format!(
                "(A direct message I could not deliver earlier:)\n{text}"
            ));
            if let Err(e) = i.send(http, parts, true).await {
                tracing::warn!("undelivered message failed again: {e}");
                undelivered.push(i.user.id, text);
            }
        }
    }
    shown
}

/// Shows what became of a settled challenge on its message, without buttons: by
/// updating the pressed message when the answer came from one of its buttons
/// (interaction response type 7), else by editing the message the service noted.
async fn settle_message(
    http: &Http,
    origin: &mut Origin<'_>,
    challenge: u64,
    message: Option<u64>,
    shown: &str,
) {
    let parts = Parts::settled(shown);
    let channel = match origin {
        Origin::Interaction(i) => {
            if i.pressed_on(challenge, message) {
                let pressed = i.pressed.map(|(m, _)| m.get());
                match i.update(http, parts.clone()).await {
                    Ok(true) => return,
                    Ok(false) => {
                        // Already acknowledged (deferred): edit the pressed message.
                        if let Some(m) = pressed {
                            let r = edit_posted(http, i.channel, m, &parts).await;
                            log_err("challenge message edit", r).await;
                            return;
                        }
                    }
                    Err(e) => {
                        tracing::warn!("message update failed: {e}");
                        return;
                    }
                }
            }
            i.channel
        }
        Origin::Message { channel, .. } | Origin::Timed { channel } => *channel,
    };
    match message {
        Some(m) => {
            log_err(
                "challenge message edit",
                edit_posted(http, channel, m, &parts).await,
            )
            .await
        }
        None => tracing::debug!("challenge {challenge}: no message to update"),
    }
}
