//! An interaction being answered: how far it has been acknowledged (nothing, deferred
//! publicly or privately, responded), and so whether the next message is the response,
//! an edit of the deferral, or a followup.

use super::parts::Parts;
use super::retry::{acknowledged, with_retries};
use crate::i18n::{tr, Lang};
use crate::service::api::{PlaceKind, User};
use serenity::all::{
    ChannelId, CreateInteractionResponse, CreateInteractionResponseMessage, Http, InteractionId,
    MessageId,
};
use serenity::builder::Builder;

/// How far an interaction has been acknowledged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ack {
    None,
    Deferred {
        ephemeral: bool,
    },
    /// Acknowledged as an update of the pressed message to come (type 6,
    /// DEFERRED_UPDATE_MESSAGE): the update edits that message.
    DeferredUpdate,
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
    /// The press answers by updating its own message (the move picker's): a deferral
    /// then promises that update rather than a new message.
    pub updates: bool,
    /// The language of the one who interacts (their `locale`): what only they see
    /// speaks it.
    pub lang: Lang,
    /// The kind of place the interaction came from (issue 50): outside a server that
    /// added the bot, its answer may be all that can be posted there.
    pub place: PlaceKind,
    /// The channel whose game the interaction acts on: where it came from, or a game's
    /// place when a button of that game was pressed in a direct message.
    pub acting: u64,
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
            updates: false,
            lang: Default::default(),
            place: PlaceKind::Server,
            acting: channel.get(),
            ack: Ack::None,
        }
    }

    /// The interaction, for one who reads `locale` (Discord's locale code).
    pub fn speaking(mut self, locale: &str) -> Interacted {
        self.lang = Lang::from_locale(locale);
        self
    }

    /// Whether a settled challenge's message is the one this button was pressed on.
    pub(crate) fn pressed_on(&self, challenge: u64, message: Option<u64>) -> bool {
        match self.pressed {
            Some((m, named)) => {
                message == Some(m.get()) || named.is_none() || named == Some(challenge)
            }
            None => false,
        }
    }

    /// Answers a button press by updating the message it was on (interaction response
    /// type 7); `false` when the interaction was already acknowledged otherwise.
    pub(crate) async fn update(&mut self, http: &Http, parts: Parts) -> serenity::Result<bool> {
        if self.ack == Ack::DeferredUpdate {
            with_retries("message update", || parts.edit_original(http, &self.token)).await?;
            self.ack = Ack::Responded;
            return Ok(true);
        }
        if self.ack != Ack::None || self.pressed.is_none() {
            return Ok(false);
        }
        acknowledged(
            with_retries("message update", || {
                parts.respond_update(http, self.id, &self.token)
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
        if self.updates && self.pressed.is_some() {
            acknowledged(
                with_retries("deferral", || {
                    CreateInteractionResponse::Acknowledge.execute(http, (self.id, &self.token))
                })
                .await,
            )?;
            self.ack = Ack::DeferredUpdate;
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
    pub(crate) async fn send(
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
                        parts.respond(http, self.id, &self.token, ephemeral)
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
                    parts.edit_original(http, &self.token)
                })
                .await?;
                sent = Some(m.id);
            }
            Ack::Deferred { ephemeral: true } => {
                // The private "thinking" placeholder cannot turn public: close it and
                // post the public message as a followup.
                Parts::text(tr(self.lang, "delivery-done"))
                    .edit()
                    .execute(http, &self.token)
                    .await?;
                let m = parts.send_followup(http, &self.token, false).await?;
                sent = Some(m.id);
            }
            Ack::Deferred { ephemeral: false } => {
                // A public "thinking" placeholder cannot turn private: remove it and
                // answer privately.
                http.delete_original_interaction_response(&self.token)
                    .await?;
                parts.send_followup(http, &self.token, true).await?;
            }
            Ack::Responded | Ack::DeferredUpdate => {
                let m = with_retries("followup", || {
                    parts.send_followup(http, &self.token, ephemeral)
                })
                .await?;
                sent = Some(m.id);
            }
        }
        self.ack = Ack::Responded;
        Ok(sent.filter(|_| wanted))
    }
}
