//! One Discord message's parts, apart from where it goes: content (with the long-text
//! fallback), files, buttons, allowed mentions and the outbox nonce, and the builders
//! each way of sending takes (interaction response, followup, edit, channel message).

use super::commands::{button_id, game_button_id};
use super::delivery::Outgoing;
use crate::service::api::{replace_places, ChallengeAnswer, GameControls, ReplyKind};
use serenity::all::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, EditInteractionResponse, EditMessage, Nonce, UserId,
};

/// Discord refuses message contents longer than this.
pub(crate) const MAX_CONTENT: usize = 2000;

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
        }
    }

    pub(crate) fn of(out: &Outgoing) -> Parts {
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
            ReplyKind::ConfirmMove { game, ply } => (confirm_buttons(*game, *ply), None),
            // Noted like a challenge's message, so that later standings edit it.
            ReplyKind::Standings { event, .. } => (Vec::new(), Some(*event)),
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

/// The buttons of a challenge's message, each naming the challenge: Accept, Decline
/// (only when it is made to one player) and Cancel.
pub(crate) fn challenge_buttons(challenge: u64, directed: bool) -> Vec<CreateActionRow> {
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
pub(crate) fn game_buttons(c: GameControls) -> Vec<CreateActionRow> {
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

/// Confirm and Cancel under a typed move shown to its player first.
pub(crate) fn confirm_buttons(game: u64, ply: u64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(format!("move-confirm:{game}:{ply}"))
            .label("Confirm")
            .style(ButtonStyle::Success),
        CreateButton::new(game_button_id("move-cancel", game))
            .label("Cancel")
            .style(ButtonStyle::Secondary),
    ])]
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
        assert!(p.content.ends_with("(the full text is attached)"));
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
        assert_eq!(count(challenge_buttons(7, true)), 3);
        assert_eq!(count(challenge_buttons(7, false)), 2);
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
        assert_eq!(count(game_buttons(controls(true, true))), 1);
        assert_eq!(count(game_buttons(controls(false, false))), 2);
        assert_eq!(count(game_buttons(controls(false, true))), 3);
    }

    #[test]
    fn nonces_fit_discords_25_characters_and_differ() {
        assert!(nonce(u64::MAX, u32::MAX).len() <= 25);
        assert_ne!(nonce(1, 1), nonce(1, 2));
        assert_ne!(nonce(1, 11), nonce(11, 1));
        assert_eq!(nonce(255, 2), nonce(255, 2));
    }
}
