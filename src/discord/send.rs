//! Each way of sending one message's parts: a channel post or its edit, an
//! interaction's response (new message or update of the pressed one), its followup,
//! the edit of its deferral. A classic message goes through serenity's builders; a
//! container as raw JSON (see `container.rs`).

use super::parts::Parts;
use serde_json::json;
use serenity::all::{
    ChannelId, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, EditInteractionResponse, EditMessage, Http,
    InteractionId, Message, MessageId, Nonce,
};
use serenity::builder::Builder;

/// `$builder` (any of serenity's message builders, which share these methods but no
/// trait) with the content, allowed mentions and buttons of `$parts`.
macro_rules! with_text {
    ($builder:expr, $parts:expr) => {
        $builder
            .content($parts.content.clone())
            .allowed_mentions($parts.allowed())
            .components($parts.rows())
    };
}

/// How an interaction's response takes a message.
#[derive(Clone, Copy)]
enum Callback {
    /// A new message (type 4), private when `ephemeral`.
    Message { ephemeral: bool },
    /// The pressed message, replaced (type 7).
    Update,
}

impl Parts {
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
        self.callback(http, (id, token), Callback::Message { ephemeral })
            .await
    }

    /// Replaces the message a button was pressed on (callback type 7).
    pub(crate) async fn respond_update(
        &self,
        http: &Http,
        id: InteractionId,
        token: &str,
    ) -> serenity::Result<()> {
        self.callback(http, (id, token), Callback::Update).await
    }

    async fn callback(
        &self,
        http: &Http,
        (id, token): (InteractionId, &str),
        callback: Callback,
    ) -> serenity::Result<()> {
        let (kind, ephemeral) = match callback {
            Callback::Message { ephemeral } => (4, ephemeral),
            Callback::Update => (7, false),
        };
        if !self.is_container() {
            let response = match callback {
                Callback::Message { .. } => {
                    CreateInteractionResponse::Message(self.clone().response(ephemeral))
                }
                Callback::Update => CreateInteractionResponse::UpdateMessage(self.clone().update()),
            };
            return response.execute(http, (id, token)).await;
        }
        let body = json!({"type": kind, "data": self.container_body(ephemeral)});
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

    pub(crate) fn update(self) -> CreateInteractionResponseMessage {
        with_text!(CreateInteractionResponseMessage::new(), self)
    }

    /// An edit of a posted message. Files given replace the message's own (Discord
    /// keeps the attachments an edit does not list); none given keeps them.
    pub(crate) fn edit_message(self) -> EditMessage {
        let e = with_text!(EditMessage::new(), self);
        self.files.into_iter().fold(e, EditMessage::new_attachment)
    }

    pub(crate) fn response(self, ephemeral: bool) -> CreateInteractionResponseMessage {
        with_text!(CreateInteractionResponseMessage::new(), self)
            .ephemeral(ephemeral)
            .add_files(self.files)
    }

    pub(crate) fn followup(self, ephemeral: bool) -> CreateInteractionResponseFollowup {
        with_text!(CreateInteractionResponseFollowup::new(), self)
            .ephemeral(ephemeral)
            .add_files(self.files)
    }

    pub(crate) fn edit(self) -> EditInteractionResponse {
        let e = with_text!(EditInteractionResponse::new(), self);
        self.files
            .into_iter()
            .fold(e, EditInteractionResponse::new_attachment)
    }

    pub(crate) fn message(self) -> CreateMessage {
        let m = with_text!(CreateMessage::new(), self);
        let m = match self.nonce {
            Some(n) => m.nonce(Nonce::String(n)).enforce_nonce(true),
            None => m,
        };
        m.add_files(self.files)
    }
}
