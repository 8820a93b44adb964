//! An interaction being answered: how far it has been acknowledged (nothing, deferred
//! publicly or privately, responded), and so whether the next message is the response,
//! an edit of the deferral, or a followup.

use super::parts::{game_buttons, Parts};
use super::retry::{acknowledged, log_err, with_retries};
use crate::service::api::{GameControls, User};
use serenity::all::{
    ChannelId, CreateInteractionResponse, CreateInteractionResponseMessage, Http, InteractionId,
    MessageId,
};
use serenity::builder::Builder;

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
