//! One Discord message's parts, apart from where it goes: content (with the long-text
//! fallback), files, buttons, allowed mentions and the outbox nonce, its layout (a
//! classic message, or one Components V2 container for a game's board), and how each
//! way of sending takes it (interaction response, followup, edit, channel message).
//!
//! Components V2 (Discord's message flag `IS_COMPONENTS_V2`, `1 << 15`): serenity 0.12
//! has no builders for it, so such a message is sent as raw JSON through serenity's
//! `Http` (which keeps its rate limiter). The message Discord answers with still
//! deserializes: serenity keeps a message's top-level action rows and skips any other
//! top-level component (a container), so the id the bot needs is read as usual.

use super::commands::{button_id, game_button_id};
use super::delivery::Outgoing;
use crate::core::Side;
use crate::i18n::{tr, Lang};
use crate::service::api::{replace_places, ChallengeAnswer, GameControls, ReplyKind};
use serde_json::{json, Value};
use serenity::all::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, EditInteractionResponse, EditMessage, Http, InteractionId, Message, MessageId,
    Nonce, UserId,
};
use serenity::builder::Builder;

/// Discord refuses message contents longer than this.
pub(crate) const MAX_CONTENT: usize = 2000;

/// Discord's message flag that turns a message into Components V2 (`1 << 15`): no
/// `content` or `embeds` then, everything is a component; it cannot be removed later.
pub(crate) const COMPONENTS_V2: u64 = 1 << 15;

/// Discord's message flag for a message only its invoker sees.
const EPHEMERAL: u64 = 1 << 6;

/// The most text a Components V2 message may carry, all its text displays together.
pub(crate) const MAX_V2_TEXT: usize = 4000;

/// The board image's file name, which the container's gallery refers to.
const BOARD_FILE: &str = "board.png";

/// The container's accent when White is asked (a light ivory) and when Black is.
const ACCENT_WHITE: u32 = 0xF0_EC_E0;
const ACCENT_BLACK: u32 = 0x2B_2B_2B;

/// How a message is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layout {
    /// Discord's classic message: content, attached files, action rows under it.
    Classic,
    /// One Components V2 container: the text (a Section beside the Move button when
    /// the buttons have one, else a Text Display), the board in a gallery (when
    /// `gallery`), then the other buttons; its accent is the colour of the side asked
    /// (none when no side is: a game over).
    Container { accent: Option<u32>, gallery: bool },
}

/// One message's content, independent of the builder it goes into.
#[derive(Clone, Debug)]
pub(crate) struct Parts {
    pub(crate) content: String,
    pub(crate) files: Vec<CreateAttachment>,
    pub(crate) rows: Vec<CreateActionRow>,
    pub(crate) mentions: Vec<UserId>,
    /// The challenge this message shows, if any (its message id is noted once sent).
    pub(crate) challenge: Option<u64>,
    /// For a reply of an outbox entry: a nonce unique to it, sent with `enforce_nonce`
    /// so that Discord drops the repeat a crash before "delivered" causes.
    pub(crate) nonce: Option<String>,
    pub(crate) layout: Layout,
}

impl Parts {
    pub(crate) fn text(text: impl Into<String>) -> Parts {
        Parts {
            content: text.into(),
            files: Vec::new(),
            rows: Vec::new(),
            mentions: Vec::new(),
            challenge: None,
            nonce: None,
            layout: Layout::Classic,
        }
    }

    pub(crate) fn of(out: &Outgoing) -> Parts {
        if let Some(parts) = Parts::board(out) {
            return parts;
        }
        let r = &out.reply;
        let mut content: String = r.mention.iter().map(|u| format!("<@{}> ", u.id)).collect();
        // Channel references become Discord channel links.
        content.push_str(&replace_places(&r.text, |c| format!("<#{c}>")));
        let mut files = Vec::new();
        attach_long_text(&mut content, &mut files, r.lang);
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
                challenge_buttons(*challenge, challenged.is_some(), r.lang),
                Some(*challenge),
            ),
            ReplyKind::ConfirmMove { game, ply } => (confirm_buttons(*game, *ply, r.lang), None),
            ReplyKind::Picker(shown) => (super::picker::rows(shown), None),
            ReplyKind::Picked => (Vec::new(), None),
            // Noted like a challenge's message, so that later standings edit it.
            ReplyKind::Standings { event, .. } => (Vec::new(), Some(*event)),
            _ => (
                r.controls
                    .map(|c| game_buttons(c, r.lang))
                    .unwrap_or_default(),
                None,
            ),
        };
        Parts {
            content,
            files,
            rows,
            mentions: r.mention.iter().map(|u| UserId::new(u.id)).collect(),
            challenge,
            nonce: None,
            layout: Layout::Classic,
        }
    }

    /// A game's board message as one Components V2 container: the reply's text (the
    /// player asked is pinged), the board, the game's buttons; the accent is the colour
    /// of the side the board says is to move. `None` when the reply is no board with
    /// controls, or when it needs more than the board as a file (a text over the
    /// container's limit travels as a file beside a classic message, as before: serenity
    /// numbers only one raw upload, and the container shows one picture).
    fn board(out: &Outgoing) -> Option<Parts> {
        let r = &out.reply;
        let (png, controls) = (out.png.as_ref()?, r.controls?);
        if !r.attachments.is_empty() || !matches!(r.kind, ReplyKind::Plain) {
            return None;
        }
        let mut text: String = r.mention.iter().map(|u| format!("<@{}> ", u.id)).collect();
        text.push_str(&replace_places(&r.text, |c| format!("<#{c}>")));
        if text.chars().count() > MAX_V2_TEXT {
            return None;
        }
        let accent = r
            .image
            .as_ref()
            .and_then(|v| v.to_move)
            .map(|side| match side {
                Side::White => ACCENT_WHITE,
                Side::Black => ACCENT_BLACK,
            });
        Some(Parts {
            content: text,
            files: vec![CreateAttachment::bytes(png.clone(), BOARD_FILE)],
            rows: game_buttons(controls, r.lang),
            mentions: r.mention.iter().map(|u| UserId::new(u.id)).collect(),
            challenge: None,
            nonce: None,
            layout: Layout::Container {
                accent,
                gallery: true,
            },
        })
    }

    pub(crate) fn is_container(&self) -> bool {
        self.layout != Layout::Classic
    }

    /// This message as a classic one, for a way of sending that refused the container
    /// (as Discord may refuse a followup with files and the Components V2 flag): the
    /// same text (attached whole, in `lang`'s words, when over a classic message's
    /// limit), files, buttons and nonce, without the flag.
    pub(crate) fn classic(&self, lang: Lang) -> Parts {
        let mut parts = self.clone();
        parts.layout = Layout::Classic;
        let mut files = Vec::new();
        attach_long_text(&mut parts.content, &mut files, lang);
        files.append(&mut parts.files);
        parts.files = files;
        parts
    }

    /// The JSON body of a Components V2 message: the flag (and the private one), one
    /// container, who may be pinged, the uploaded files; no `content`.
    ///
    /// The status text is a Section (type 9) whose accessory is the Move button (it
    /// opens the picker of the player asked, whom the text names and pings: the
    /// question and the way to answer it side by side). A Thumbnail accessory would
    /// only repeat the board, which the gallery shows large; a board of a finished
    /// game has no Move button, and its text stays one Text Display (Rematch stays in
    /// its row: a section's accessory belongs to the text, and the closing text is not
    /// about the next game).
    fn container_body(&self, ephemeral: bool) -> Value {
        let (accent, gallery) = match self.layout {
            Layout::Container { accent, gallery } => (accent, gallery),
            Layout::Classic => (None, false),
        };
        // Text beyond the limit cannot be sent: `board` never makes such a container,
        // and a closing text is short; cut rather than be refused.
        let text: String = self.content.chars().take(MAX_V2_TEXT).collect();
        let mut rows = serde_json::to_value(&self.rows)
            .ok()
            .and_then(|r| r.as_array().cloned())
            .unwrap_or_default();
        // The status beside the Move button of the player asked, when there is one.
        let status = match take_button(&mut rows, super::picker::is_open_id) {
            Some(button) => section(&text, button),
            None => json!({"type": 10, "content": text}),
        };
        let mut inside = vec![status];
        if gallery {
            let items: Vec<Value> = self
                .files
                .iter()
                .filter(|f| f.filename.ends_with(".png"))
                .map(|f| json!({"media": {"url": format!("attachment://{}", f.filename)}}))
                .collect();
            if !items.is_empty() {
                inside.push(json!({"type": 12, "items": items}));
            }
        }
        inside.extend(rows);
        // The container itself counts too. Never reached by a board (one row of at most
        // 5 buttons), but a section costs 2 components more than a text display.
        if 1 + count_components(&json!(inside)) > MAX_COMPONENTS && inside[0]["type"] == json!(9) {
            let button = inside[0]["accessory"].take();
            inside[0] = json!({"type": 10, "content": text});
            inside.push(json!({"type": 1, "components": [button]}));
        }
        let mut container = json!({"type": 17, "components": inside});
        if let Some(accent) = accent {
            container["accent_color"] = json!(accent);
        }
        let attachments: Vec<Value> = self
            .files
            .iter()
            .enumerate()
            .map(|(i, f)| json!({"id": i, "filename": f.filename}))
            .collect();
        let mut flags = COMPONENTS_V2;
        if ephemeral {
            flags |= EPHEMERAL;
        }
        json!({
            "flags": flags,
            "components": [container],
            "allowed_mentions": serde_json::to_value(self.allowed()).unwrap_or_default(),
            "attachments": attachments,
        })
    }

    /// Posts this message in a channel (a single try; callers retry).
    pub(crate) async fn post(&self, http: &Http, channel: ChannelId) -> serenity::Result<Message> {
        if !self.is_container() {
            return channel.send_message(http, self.clone().message()).await;
        }
        let mut body = self.container_body(false);
        if let Some(n) = &self.nonce {
            body["nonce"] = json!(n);
            body["enforce_nonce"] = json!(true);
        }
        http.send_message(channel, self.files.clone(), &body).await
    }

    /// Edits a posted message into this one (a single try).
    pub(crate) async fn edit_posted(
        &self,
        http: &Http,
        channel: ChannelId,
        message: MessageId,
    ) -> serenity::Result<Message> {
        if !self.is_container() {
            return channel
                .edit_message(http, message, self.clone().edit_message())
                .await;
        }
        let body = self.container_body(false);
        http.edit_message(channel, message, &body, self.files.clone())
            .await
    }

    /// Answers an interaction with this message (callback type 4).
    pub(crate) async fn respond(
        &self,
        http: &Http,
        id: InteractionId,
        token: &str,
        ephemeral: bool,
    ) -> serenity::Result<()> {
        if !self.is_container() {
            return CreateInteractionResponse::Message(self.clone().response(ephemeral))
                .execute(http, (id, token))
                .await;
        }
        let body = json!({"type": 4, "data": self.container_body(ephemeral)});
        http.create_interaction_response(id, token, &body, self.files.clone())
            .await
    }

    /// Replaces the message a button was pressed on (callback type 7).
    pub(crate) async fn respond_update(
        &self,
        http: &Http,
        id: InteractionId,
        token: &str,
    ) -> serenity::Result<()> {
        if !self.is_container() {
            return CreateInteractionResponse::UpdateMessage(self.clone().update())
                .execute(http, (id, token))
                .await;
        }
        let body = json!({"type": 7, "data": self.container_body(false)});
        http.create_interaction_response(id, token, &body, self.files.clone())
            .await
    }

    /// Sends this message as a followup of an answered interaction.
    pub(crate) async fn send_followup(
        &self,
        http: &Http,
        token: &str,
        ephemeral: bool,
    ) -> serenity::Result<Message> {
        if !self.is_container() {
            return self
                .clone()
                .followup(ephemeral)
                .execute(http, (None, token))
                .await;
        }
        let body = self.container_body(ephemeral);
        http.create_followup_message(token, &body, self.files.clone())
            .await
    }

    /// Turns a deferred interaction's placeholder into this message. The placeholder
    /// has no content, so it may take the Components V2 flag.
    pub(crate) async fn edit_original(
        &self,
        http: &Http,
        token: &str,
    ) -> serenity::Result<Message> {
        if !self.is_container() {
            return self.clone().edit().execute(http, token).await;
        }
        let body = self.container_body(false);
        http.edit_original_interaction_response(token, &body, self.files.clone())
            .await
    }

    pub(crate) fn allowed(&self) -> CreateAllowedMentions {
        // Only the users the service names are pinged, never names typed by players.
        CreateAllowedMentions::new().users(self.mentions.clone())
    }

    pub(crate) fn rows(&self) -> Vec<CreateActionRow> {
        self.rows.clone()
    }

    /// A message shown in place of a settled challenge's: its fate, no buttons.
    pub(crate) fn settled(shown: &str) -> Parts {
        Parts::text(replace_places(shown, |c| format!("<#{c}>")))
    }

    pub(crate) fn update(self) -> CreateInteractionResponseMessage {
        CreateInteractionResponseMessage::new()
            .content(self.content.clone())
            .allowed_mentions(self.allowed())
            .components(self.rows())
    }

    /// An edit of a posted message. Files given replace the message's own (Discord
    /// keeps the attachments an edit does not list); none given keeps them.
    pub(crate) fn edit_message(self) -> EditMessage {
        let mut e = EditMessage::new()
            .content(self.content.clone())
            .allowed_mentions(self.allowed())
            .components(self.rows());
        for f in self.files {
            e = e.new_attachment(f);
        }
        e
    }

    pub(crate) fn response(self, ephemeral: bool) -> CreateInteractionResponseMessage {
        CreateInteractionResponseMessage::new()
            .content(self.content.clone())
            .allowed_mentions(self.allowed())
            .components(self.rows())
            .ephemeral(ephemeral)
            .add_files(self.files)
    }

    pub(crate) fn followup(self, ephemeral: bool) -> CreateInteractionResponseFollowup {
        CreateInteractionResponseFollowup::new()
            .content(self.content.clone())
            .allowed_mentions(self.allowed())
            .components(self.rows())
            .ephemeral(ephemeral)
            .add_files(self.files)
    }

    pub(crate) fn edit(self) -> EditInteractionResponse {
        let mut e = EditInteractionResponse::new()
            .content(self.content.clone())
            .allowed_mentions(self.allowed())
            .components(self.rows());
        for f in self.files {
            e = e.new_attachment(f);
        }
        e
    }

    pub(crate) fn message(self) -> CreateMessage {
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

/// A text over a classic message's limit (a long history) travels whole as a file
/// (added to `files`); `content` keeps its first line and says so in `lang`.
fn attach_long_text(content: &mut String, files: &mut Vec<CreateAttachment>, lang: Lang) {
    if content.chars().count() <= MAX_CONTENT {
        return;
    }
    files.push(CreateAttachment::bytes(
        content.clone().into_bytes(),
        "text.txt",
    ));
    let first = content.lines().next().unwrap_or_default();
    let first: String = first.chars().take(MAX_CONTENT - 40).collect();
    *content = format!("{first}\n{}", tr(lang, "delivery-text-attached"));
}

/// The buttons of a challenge's message, each naming the challenge: Accept, Decline
/// (only when it is made to one player) and Cancel.
pub(crate) fn challenge_buttons(
    challenge: u64,
    directed: bool,
    lang: Lang,
) -> Vec<CreateActionRow> {
    let mut buttons = vec![
        CreateButton::new(button_id(ChallengeAnswer::Accept, challenge))
            .label(tr(lang, "button-accept"))
            .style(ButtonStyle::Success),
    ];
    if directed {
        buttons.push(
            CreateButton::new(button_id(ChallengeAnswer::Decline, challenge))
                .label(tr(lang, "button-decline"))
                .style(ButtonStyle::Danger),
        );
    }
    buttons.push(
        CreateButton::new(button_id(ChallengeAnswer::Cancel, challenge))
            .label(tr(lang, "button-cancel"))
            .style(ButtonStyle::Secondary),
    );
    vec![CreateActionRow::Buttons(buttons)]
}

/// A game's closing message in place of a board message whose game is over: its title
/// and closing line (`shown`) and only Rematch, in a container without accent or
/// picture (the board's file is dropped: a container shows only what it names), in
/// `lang` (the language of the public message).
pub(crate) fn closed_board(shown: &str, game: u64, lang: Lang) -> Parts {
    let mut parts = Parts::settled(shown);
    parts.rows = game_buttons(
        GameControls {
            game,
            draw_offer: false,
            secrets: false,
            finished: true,
        },
        lang,
    );
    parts.layout = Layout::Container {
        accent: None,
        gallery: false,
    };
    parts
}

/// Discord's limits on a Components V2 message: 40 components in all, nested ones
/// (a section's text displays and accessory, a row's buttons) counted; a section holds
/// 1 to 3 text displays.
pub(crate) const MAX_COMPONENTS: usize = 40;
const MAX_SECTION_TEXTS: usize = 3;

/// A board's status as a Section (type 9): its lines as up to 3 Text Displays (the
/// first line, the second, then the rest together: the last move, who is asked what,
/// the time left), with `accessory` (a button) beside them. A line left blank stays
/// with the text display before it, since a text display cannot be empty; the text
/// reads back the same, the displays joined by line breaks.
pub(crate) fn section(text: &str, accessory: Value) -> Value {
    let mut parts: Vec<String> = Vec::new();
    for line in text.split('\n') {
        let full = parts.len() >= MAX_SECTION_TEXTS;
        match parts.last_mut() {
            Some(last) if full || line.trim().is_empty() || last.trim().is_empty() => {
                last.push('\n');
                last.push_str(line);
            }
            _ => parts.push(line.to_string()),
        }
    }
    if parts.iter().all(|p| p.trim().is_empty()) {
        // Nothing to show beside the button: Discord refuses an empty text display.
        return json!({"type": 10, "content": text});
    }
    let texts: Vec<Value> = parts
        .into_iter()
        .map(|p| json!({"type": 10, "content": p}))
        .collect();
    json!({"type": 9, "components": texts, "accessory": accessory})
}

/// Takes the first button whose custom id passes `wanted` out of `rows` (a row left
/// empty goes too: an action row holds 1 to 5 components).
fn take_button(rows: &mut Vec<Value>, wanted: fn(&str) -> bool) -> Option<Value> {
    for i in 0..rows.len() {
        let Some(buttons) = rows[i]["components"].as_array_mut() else {
            continue;
        };
        let found = buttons
            .iter()
            .position(|b| b["type"] == json!(2) && b["custom_id"].as_str().is_some_and(wanted));
        if let Some(j) = found {
            let button = buttons.remove(j);
            if buttons.is_empty() {
                rows.remove(i);
            }
            return Some(button);
        }
    }
    None
}

/// How many components `components` holds, every level counted as Discord counts
/// them toward [`MAX_COMPONENTS`] (a section's accessory too).
pub(crate) fn count_components(components: &Value) -> usize {
    components
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            1 + count_components(&c["components"])
                + usize::from(c.get("accessory").is_some_and(|a| !a.is_null()))
        })
        .sum()
}

/// The buttons of a game's public board message, each naming the game: Move (opens
/// the player asked's private picker), Resign (asks to confirm), Offer draw or Accept
/// draw, My hand (games with secrets); Rematch once the game is over. Labelled in
/// `lang`, the language of the message they are on.
pub(crate) fn game_buttons(c: GameControls, lang: Lang) -> Vec<CreateActionRow> {
    let b = |verb: &str, label: &str, style: ButtonStyle| {
        CreateButton::new(game_button_id(verb, c.game))
            .label(tr(lang, label))
            .style(style)
    };
    let buttons = if c.finished {
        vec![b("rematch", "button-rematch", ButtonStyle::Primary)]
    } else {
        let mut v = vec![
            CreateButton::new(super::picker::open_id(c.game))
                .label(tr(lang, "button-move"))
                .style(ButtonStyle::Primary),
            b("resign", "button-resign", ButtonStyle::Danger),
        ];
        v.push(if c.draw_offer {
            b("draw-accept", "button-accept-draw", ButtonStyle::Success)
        } else {
            b("draw-offer", "button-offer-draw", ButtonStyle::Secondary)
        });
        if c.secrets {
            v.push(b("hand", "button-hand", ButtonStyle::Secondary));
        }
        v
    };
    vec![CreateActionRow::Buttons(buttons)]
}

/// Confirm and Cancel under a typed move shown to its player first (in their `lang`).
pub(crate) fn confirm_buttons(game: u64, ply: u64, lang: Lang) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(format!("move-confirm:{game}:{ply}"))
            .label(tr(lang, "button-confirm"))
            .style(ButtonStyle::Success),
        CreateButton::new(game_button_id("move-cancel", game))
            .label(tr(lang, "button-cancel-move"))
            .style(ButtonStyle::Secondary),
    ])]
}

/// The private question a Resign button asks, with its confirming button, in the
/// presser's `lang`.
pub fn resign_prompt(game: u64, lang: Lang) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(tr(lang, "resign-prompt"))
            .ephemeral(true)
            .components(vec![CreateActionRow::Buttons(vec![CreateButton::new(
                game_button_id("resign-confirm", game),
            )
            .label(tr(lang, "button-resign-confirm"))
            .style(ButtonStyle::Danger)])]),
    )
}

/// The nonce of the `n`th reply of outbox entry `entry`: the same on every delivery
/// of the entry (by any process), different for every other message, and within
/// Discord's 25 characters (at most 16 + 1 + 8, both numbers in hexadecimal).
pub(crate) fn nonce(entry: u64, n: u32) -> String {
    format!("{entry:x}.{n:x}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::api::Reply;

    fn out(text: &str) -> Outgoing {
        Outgoing {
            reply: Reply::channel(text),
            png: None,
        }
    }

    #[test]
    fn a_text_over_discords_limit_travels_as_a_file() {
        let long = "x".repeat(MAX_CONTENT + 10);
        let p = Parts::of(&out(&long));
        assert!(p.content.chars().count() <= MAX_CONTENT);
        assert!(p.content.ends_with(&tr(Lang::En, "delivery-text-attached")));
        assert_eq!(p.files.len(), 1);
        let short = Parts::of(&out("e4"));
        assert_eq!(short.content, "e4");
        assert!(short.files.is_empty());
    }

    #[test]
    fn an_open_challenge_has_no_decline_button() {
        let count = |rows: Vec<CreateActionRow>| match rows.first() {
            Some(CreateActionRow::Buttons(b)) => b.len(),
            _ => 0,
        };
        assert_eq!(count(challenge_buttons(7, true, Lang::En)), 3);
        assert_eq!(count(challenge_buttons(7, false, Lang::En)), 2);
    }

    #[test]
    fn a_finished_game_offers_only_rematch() {
        let controls = |finished, secrets| GameControls {
            game: 9,
            draw_offer: false,
            secrets,
            finished,
        };
        let count = |rows: Vec<CreateActionRow>| match rows.first() {
            Some(CreateActionRow::Buttons(b)) => b.len(),
            _ => 0,
        };
        assert_eq!(count(game_buttons(controls(true, true), Lang::En)), 1);
        assert_eq!(count(game_buttons(controls(false, false), Lang::En)), 3);
        assert_eq!(count(game_buttons(controls(false, true), Lang::En)), 4);
    }

    /// The labels of the buttons of `rows`.
    fn labels(rows: Vec<CreateActionRow>) -> Vec<String> {
        serde_json::to_value(&rows)
            .ok()
            .and_then(|v| v.as_array().cloned())
            .unwrap_or_default()
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .map(|b| b["label"].as_str().unwrap_or_default().to_string())
            .collect()
    }

    #[test]
    fn buttons_are_labelled_in_the_language_of_their_message() {
        let playing = GameControls {
            game: 9,
            draw_offer: true,
            secrets: true,
            finished: false,
        };
        let over = GameControls {
            finished: true,
            ..playing
        };
        let keys = |keys: &[&str], lang| keys.iter().map(|k| tr(lang, k)).collect::<Vec<_>>();
        for lang in Lang::ALL {
            let game = [
                "button-move",
                "button-resign",
                "button-accept-draw",
                "button-hand",
            ];
            assert_eq!(labels(game_buttons(playing, lang)), keys(&game, lang));
            assert_eq!(
                labels(game_buttons(over, lang)),
                keys(&["button-rematch"], lang)
            );
            let challenge = ["button-accept", "button-decline", "button-cancel"];
            assert_eq!(
                labels(challenge_buttons(7, true, lang)),
                keys(&challenge, lang)
            );
            let confirm = ["button-confirm", "button-cancel-move"];
            assert_eq!(labels(confirm_buttons(9, 3, lang)), keys(&confirm, lang));
        }
        let (en, de) = (
            labels(game_buttons(playing, Lang::En)),
            labels(game_buttons(playing, Lang::De)),
        );
        assert!(en.iter().zip(&de).all(|(e, d)| e != d), "{en:?} {de:?}");
    }

    /// A board reply of `text`, its picture saying `to_move` is asked.
    fn board_out(text: &str, to_move: Option<Side>) -> Outgoing {
        use crate::core::view::Viewer;
        use crate::service::api::User;
        use crate::variants::{Game, Options, VariantId};
        let game = Game::new(VariantId::DEFAULT, &Options::new(), 1).expect("a game");
        let mut view = game.view(Viewer::Public);
        view.to_move = to_move;
        let mut reply = Reply::channel(text);
        reply.mention = vec![User {
            id: 42,
            name: "bob".into(),
        }];
        reply.image = Some(view);
        reply.controls = Some(GameControls {
            game: 9,
            draw_offer: false,
            secrets: false,
            finished: to_move.is_none(),
        });
        Outgoing {
            reply,
            png: Some(vec![1, 2, 3]),
        }
    }

    #[test]
    fn a_board_is_one_container_in_the_colour_of_the_side_asked() {
        let p = Parts::of(&board_out("e2-e4\nbob to move", Some(Side::Black)));
        assert_eq!(
            p.layout,
            Layout::Container {
                accent: Some(ACCENT_BLACK),
                gallery: true
            }
        );
        let body = p.container_body(false);
        assert_eq!(body["flags"], json!(COMPONENTS_V2));
        assert!(body.get("content").is_none());
        assert_eq!(
            body["attachments"],
            json!([{"id": 0, "filename": "board.png"}])
        );
        let container = &body["components"][0];
        assert_eq!(container["type"], json!(17));
        assert_eq!(container["accent_color"], json!(ACCENT_BLACK));
        let inside = &container["components"];
        // The status: a section of its lines beside the Move button.
        assert_eq!(inside[0]["type"], json!(9));
        assert_eq!(
            inside[0]["components"],
            json!([
                {"type": 10, "content": "<@42> e2-e4"},
                {"type": 10, "content": "bob to move"}
            ])
        );
        assert_eq!(inside[0]["accessory"]["custom_id"], json!("pick-open:9"));
        assert_eq!(inside[0]["accessory"]["type"], json!(2));
        assert_eq!(
            inside[1]["items"][0]["media"]["url"],
            json!("attachment://board.png")
        );
        assert_eq!(inside[2]["type"], json!(1));
        // The other buttons stay in their row; Move is not there twice.
        let row: Vec<&Value> = inside[2]["components"]
            .as_array()
            .map(|b| b.iter().map(|b| &b["custom_id"]).collect())
            .unwrap_or_default();
        assert_eq!(row, vec![&json!("resign:9"), &json!("draw-offer:9")]);
        assert_eq!(inside.as_array().map(Vec::len), Some(3));
        assert!(count_components(&body["components"]) <= MAX_COMPONENTS);
        assert_eq!(body["allowed_mentions"]["users"], json!(["42"]));

        let white = Parts::of(&board_out("x", Some(Side::White))).container_body(false);
        assert_eq!(white["components"][0]["accent_color"], json!(ACCENT_WHITE));
        let over = Parts::of(&board_out("x", None)).container_body(true);
        assert!(over["components"][0].get("accent_color").is_none());
        assert_eq!(over["flags"], json!(COMPONENTS_V2 | EPHEMERAL));
    }

    #[test]
    fn a_board_text_over_the_containers_limit_stays_a_classic_message() {
        let fits = Parts::of(&board_out(&"x".repeat(3000), Some(Side::White)));
        assert!(fits.is_container());
        assert_eq!(fits.files.len(), 1);
        let long = Parts::of(&board_out(&"x".repeat(MAX_V2_TEXT), Some(Side::White)));
        assert_eq!(long.layout, Layout::Classic);
        let names: Vec<&str> = long.files.iter().map(|f| f.filename.as_str()).collect();
        assert_eq!(names, vec!["text.txt", "board.png"]);
        // Not a board: a plain text stays classic.
        assert_eq!(Parts::of(&out("e4")).layout, Layout::Classic);
    }

    #[test]
    fn a_refused_board_goes_again_as_a_classic_message_with_its_text_and_buttons() {
        let board = Parts::of(&board_out("e2-e4\nbob to move", Some(Side::Black)));
        let classic = board.classic(Lang::En);
        assert_eq!(classic.layout, Layout::Classic);
        assert_eq!(classic.content, board.content);
        let names =
            |p: &Parts| -> Vec<String> { p.files.iter().map(|f| f.filename.clone()).collect() };
        assert_eq!(names(&classic), vec!["board.png"]);
        assert_eq!(labels(classic.rows()), labels(board.rows()));
        assert_eq!(classic.mentions, board.mentions);
        // A container's text beyond a classic message's limit travels whole as a file.
        let long = Parts::of(&board_out(&"x".repeat(3000), Some(Side::White)));
        assert!(long.is_container());
        let classic = long.classic(Lang::De);
        assert!(classic.content.chars().count() <= MAX_CONTENT);
        assert!(classic
            .content
            .ends_with(&tr(Lang::De, "delivery-text-attached")));
        assert_eq!(names(&classic), vec!["text.txt", "board.png"]);
    }

    #[test]
    fn a_closed_board_is_a_container_with_only_rematch_and_no_file() {
        let p = closed_board("Chess: a vs b\nb resigns", 9, Lang::En);
        let body = p.container_body(false);
        assert_eq!(body["attachments"], json!([]));
        let inside = body["components"][0]["components"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let kinds: Vec<&Value> = inside.iter().map(|c| &c["type"]).collect();
        assert_eq!(kinds, vec![&json!(10), &json!(1)]);
        assert_eq!(inside[1]["components"][0]["custom_id"], json!("rematch:9"));
    }

    #[test]
    fn a_status_is_up_to_three_text_displays_that_read_back_the_same() {
        let texts = |t: &str| -> Vec<String> {
            let s = section(t, json!({"type": 2}));
            assert_eq!(s["type"], json!(9), "{s}");
            let parts: Vec<String> = s["components"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .map(|c| c["content"].as_str().unwrap_or_default().to_string())
                        .collect()
                })
                .unwrap_or_default();
            assert!((1..=3).contains(&parts.len()), "{s}");
            assert!(parts.iter().all(|p| !p.trim().is_empty()), "{s}");
            assert_eq!(parts.join("\n"), t);
            parts
        };
        assert_eq!(texts("one line"), vec!["one line"]);
        assert_eq!(texts("a\nb\nc\nd\ne"), vec!["a", "b", "c\nd\ne"]);
        assert_eq!(texts("a\n\nb\nc"), vec!["a\n", "b", "c"]);
        assert_eq!(texts("\na\nb"), vec!["\na", "b"]);
        // Nothing to show: a plain text display.
        assert_eq!(section(" ", json!({}))["type"], json!(10));
        // Counted as Discord counts: the section, its 2 texts, its accessory.
        let s = section("a\nb", json!({"type": 2}));
        assert_eq!(count_components(&json!([s])), 4);
    }

    #[test]
    fn nonces_fit_discords_25_characters_and_differ() {
        assert!(nonce(u64::MAX, u32::MAX).len() <= 25);
        assert_ne!(nonce(1, 1), nonce(1, 2));
        assert_ne!(nonce(1, 11), nonce(11, 1));
        assert_eq!(nonce(255, 2), nonce(255, 2));
    }
}
