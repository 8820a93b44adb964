//! The buttons under the bot's messages: a challenge's (Accept, Decline, Cancel), a
//! game board's (Move, Resign, Offer or Accept draw, My hand; Rematch once over), a
//! typed move's Confirm and Cancel, and Resign's private confirmation. Each is
//! labelled in the language of the message it is on.

use super::commands::{button_id, game_button_id};
use crate::i18n::{tr, Lang};
use crate::service::api::{ChallengeAnswer, GameControls};
use serenity::all::{
    ButtonStyle, CreateActionRow, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseMessage, Http, Interaction, InteractionId,
};
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether this process offers the Play button (its Activity is configured). Set once
/// at start (`offer_play`): the boards are built far from the configuration, by code
/// that serves every front end's replies, and the setting is the process's.
static PLAY: AtomicBool = AtomicBool::new(false);

/// Offers the Play button under every game's board from now on (or not).
pub(crate) fn offer_play(on: bool) {
    PLAY.store(on, Ordering::Relaxed);
}

/// The interaction id and token of an interaction that launches the Activity: the
/// Entry Point command, or a game's Play button.
pub(crate) fn launches(interaction: &Interaction) -> Option<(InteractionId, String)> {
    match interaction {
        Interaction::Command(c) if c.data.kind == serenity::all::CommandType::PrimaryEntryPoint => {
            Some((c.id, c.token.clone()))
        }
        Interaction::Component(c) if super::commands::is_play_button(&c.data.custom_id) => {
            Some((c.id, c.token.clone()))
        }
        _ => None,
    }
}

/// Answers an interaction with the `LAUNCH_ACTIVITY` callback (type 12): Discord opens
/// the Activity where it was used (the game's thread).
pub(crate) async fn launch_activity(
    http: &Http,
    id: InteractionId,
    token: &str,
) -> serenity::Result<()> {
    let body = serde_json::json!({ "type": 12 });
    http.create_interaction_response(id, token, &body, Vec::new())
        .await
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
/// The buttons of a game's public board message, each naming the game: Move (opens
/// the player asked's private picker), Play (opens the Activity, when configured), Resign (asks to confirm), Offer draw or Accept
/// draw, My hand (games with secrets); Rematch once the game is over. Labelled in
/// `lang`, the language of the message they are on.
pub(crate) fn game_buttons(c: GameControls, lang: Lang) -> Vec<CreateActionRow> {
    game_buttons_with(c, lang, PLAY.load(Ordering::Relaxed))
}

/// [`game_buttons`], with Play (the Activity) after Move when `play`.
fn game_buttons_with(c: GameControls, lang: Lang, play: bool) -> Vec<CreateActionRow> {
    let b = |verb: &str, label: &str, style: ButtonStyle| {
        CreateButton::new(game_button_id(verb, c.game))
            .label(tr(lang, label))
            .style(style)
    };
    let buttons = if c.finished {
        vec![b("rematch", "button-rematch", ButtonStyle::Primary)]
    } else {
        let mut v = vec![CreateButton::new(super::picker::open_id(c.game))
            .label(tr(lang, "button-move"))
            .style(ButtonStyle::Primary)];
        if play {
            v.push(
                CreateButton::new(super::commands::play_button_id(c.game))
                    .label(tr(lang, "button-play"))
                    .style(ButtonStyle::Primary),
            );
        }
        v.push(b("resign", "button-resign", ButtonStyle::Danger));
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

/// `rows` without the Play button: for a copy of a game's board sent where the game is
/// not played (a direct message from a group chat's game or a pair of DMs, a server's
/// message sent by DM), since Discord opens the Activity in the channel of the press
/// and it shows the game played there.
pub(crate) fn without_play(rows: Vec<CreateActionRow>) -> Vec<CreateActionRow> {
    let is_play = |b: &CreateButton| {
        serde_json::to_value(b).is_ok_and(|v| {
            v["custom_id"]
                .as_str()
                .is_some_and(super::commands::is_play_button)
        })
    };
    rows.into_iter()
        .map(|row| match row {
            CreateActionRow::Buttons(b) => {
                CreateActionRow::Buttons(b.into_iter().filter(|b| !is_play(b)).collect())
            }
            other => other,
        })
        .collect()
}

/// The Move button under a puzzle's question to its solver (in their `lang`): opens the
/// picker over the puzzle at step `step` of its line.
pub(crate) fn puzzle_buttons(
    puzzle: &str,
    step: u64,
    solver: u64,
    lang: Lang,
) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![CreateButton::new(
        super::picker::puzzle_open_id(puzzle, step, solver),
    )
    .label(tr(lang, "button-move"))
    .style(ButtonStyle::Primary)])]
}

/// The Solve button under a server's puzzle of the day `day` (in the server's `lang`):
/// the presser gets the puzzle privately.
pub(crate) fn daily_buttons(day: u64, lang: Lang) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![CreateButton::new(
        super::commands::daily_button_id(day),
    )
    .label(tr(lang, "button-solve"))
    .style(ButtonStyle::Primary)])]
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

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

    // Issue 49: Play comes after Move while the game runs, only when the Activity is
    // configured, and names the game.
    #[test]
    fn play_opens_the_activity_only_when_configured() {
        let playing = GameControls {
            game: 9,
            draw_offer: false,
            secrets: false,
            finished: false,
        };
        let with = labels(game_buttons_with(playing, Lang::En, true));
        assert_eq!(with[1], tr(Lang::En, "button-play"));
        assert_eq!(with.len(), 4);
        assert_eq!(labels(game_buttons_with(playing, Lang::En, false)).len(), 3);
        let over = GameControls {
            finished: true,
            ..playing
        };
        assert_eq!(labels(game_buttons_with(over, Lang::En, true)).len(), 1);
        let ids = serde_json::to_string(&game_buttons_with(playing, Lang::En, true)).unwrap();
        assert!(ids.contains("\"activity:9\""), "{ids}");
        // A copy of the board sent by DM keeps every button but Play.
        let copy = without_play(game_buttons_with(playing, Lang::En, true));
        assert_eq!(
            labels(copy.clone()),
            labels(game_buttons_with(playing, Lang::En, false))
        );
        let ids = serde_json::to_string(&copy).unwrap();
        assert!(!ids.contains("activity:"), "{ids}");
    }

    /// The labels of the buttons of `rows`.
    pub(crate) fn labels(rows: Vec<CreateActionRow>) -> Vec<String> {
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
}
