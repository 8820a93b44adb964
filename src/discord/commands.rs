//! The slash commands: their definitions for registration, and the translation of an
//! invoked command's options into a service [`Request`].

use crate::service::api::{ColorChoice, DrawAction, GamesScope, Request, User};
use crate::variants::VariantId;
use serenity::all::{CommandOptionType, CreateCommand, CreateCommandOption, InteractionContext};
use std::collections::HashMap;

/// Custom ids of the challenge message's buttons.
pub const ACCEPT_BUTTON: &str = "arcana:accept";
pub const DECLINE_BUTTON: &str = "arcana:decline";

/// The slash commands, for registration (globally or to one server).
pub fn definitions() -> Vec<CreateCommand> {
    let variant_choice = |name: &str, desc: &str, required: bool| {
        VariantId::available().into_iter().fold(
            CreateCommandOption::new(CommandOptionType::String, name, desc).required(required),
            |o, v| o.add_string_choice(v.name(), v.id()),
        )
    };
    // Games live in server channels: the commands are not offered in direct messages
    // (`contexts`, and the older `dm_permission` for clients that predate it).
    #[allow(deprecated)]
    let simple = |name: &str, desc: &str| {
        CreateCommand::new(name)
            .description(desc)
            .contexts(vec![InteractionContext::Guild])
            .dm_permission(false)
    };
    vec![
        simple("challenge", "Challenge someone to a game in this channel")
            .add_option(
                CreateCommandOption::new(CommandOptionType::User, "opponent", "Who to play")
                    .required(true),
            )
            .add_option(variant_choice(
                "variant",
                "Which game (default: Chess)",
                false,
            ))
            .add_option(
                CreateCommandOption::new(CommandOptionType::String, "color", "Your colour")
                    .add_string_choice("White", "white")
                    .add_string_choice("Black", "black")
                    .add_string_choice("Random", "random"),
            )
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::Integer,
                    "days",
                    "Days per move, 1-14, or 0 for no limit",
                )
                .min_int_value(0)
                .max_int_value(14),
            )
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "options",
                    "Variant options as key:value (`/rules <variant>` lists them)",
                )
                .max_length(200),
            )
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::Integer,
                    "level",
                    "The computer's strength when you challenge the bot, 1-5 (default 3)",
                )
                .min_int_value(1)
                .max_int_value(5),
            )
            .add_option(CreateCommandOption::new(
                CommandOptionType::Boolean,
                "rated",
                "Whether the game counts for the ratings (default: yes)",
            )),
        simple("accept", "Accept the challenge in this channel"),
        simple("decline", "Decline the challenge in this channel"),
        simple("cancel", "Withdraw your challenge in this channel"),
        simple("move", "Play a move (or answer the game's question)").add_option(
            CreateCommandOption::new(
                CommandOptionType::String,
                "text",
                "The move, e.g. e4 or Ng1-f3",
            )
            .required(true)
            .set_autocomplete(true)
            .max_length(200),
        ),
        simple("board", "Show the board of this channel's game"),
        simple("history", "Show the moves of this channel's game"),
        simple("export", "Download this channel's game as a file"),
        simple("resign", "Resign this channel's game"),
        simple("draw", "Offer, accept, decline or claim a draw").add_option(
            CreateCommandOption::new(CommandOptionType::String, "action", "What to do")
                .required(true)
                .add_string_choice("offer", "offer")
                .add_string_choice("accept", "accept")
                .add_string_choice("decline", "decline")
                .add_string_choice("claim", "claim"),
        ),
        simple("abort", "Call the game off before both sides have moved"),
        simple(
            "claim",
            "Claim the win when your opponent's time has run out",
        ),
        simple("hand", "Show your secret information (only you see it)"),
        simple("games", "List active games of this server or of one player").add_option(
            CreateCommandOption::new(
                CommandOptionType::User,
                "player",
                "Only this player's games",
            ),
        ),
        simple("profile", "Ratings, results and current games of a player").add_option(
            CreateCommandOption::new(
                CommandOptionType::User,
                "player",
                "Whose profile (default: yours)",
            ),
        ),
        simple("leaderboard", "The best settled ratings of a variant here").add_option(
            variant_choice("variant", "Which game (default: Chess)", false),
        ),
        simple("rules", "Explain the rules of a variant").add_option(variant_choice(
            "variant",
            "Which game",
            false,
        )),
        simple(
            "legend",
            "A picture naming every badge and mark on the board",
        )
        .add_option(variant_choice(
            "variant",
            "Which game (default: this channel's)",
            false,
        )),
        simple("help", "How to play with Arcana"),
    ]
}

/// An invoked option's value, independent of serenity's types so that translation is
/// testable on its own.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionValue {
    Text(String),
    Integer(i64),
    Bool(bool),
    User(User),
}

/// Turns an invoked command into a request; `Err` is a sentence for the invoker.
pub fn to_request(
    name: &str,
    options: &HashMap<String, OptionValue>,
    invoker: &User,
    default_days: u32,
) -> Result<Request, String> {
    let text = |key: &str| match options.get(key) {
        Some(OptionValue::Text(t)) => Some(t.clone()),
        _ => None,
    };
    Ok(match name {
        "challenge" => {
            let opponent = match options.get("opponent") {
                Some(OptionValue::User(u)) => u.clone(),
                _ => return Err("Name the player you want to challenge.".into()),
            };
            let variant = match text("variant") {
                Some(v) => VariantId::parse(&v)
                    .ok_or_else(|| format!("There is no variant called `{v}`."))?,
                None => VariantId::DEFAULT,
            };
            let color = match text("color").as_deref() {
                None | Some("random") => ColorChoice::Random,
                Some("white") => ColorChoice::White,
                Some("black") => ColorChoice::Black,
                Some(other) => {
                    return Err(format!("Choose white, black or random, not `{other}`."))
                }
            };
            let days = match options.get("days") {
                Some(OptionValue::Integer(d)) if (0..=14).contains(d) => *d as u32,
                Some(_) => return Err("Days per move must be 0 (no limit) to 14.".into()),
                None => default_days,
            };
            let rated = match options.get("rated") {
                Some(OptionValue::Bool(b)) => *b,
                Some(_) => return Err("Choose True or False for `rated`.".into()),
                None => true,
            };
            let pairs: Vec<String> = text("options")
                .unwrap_or_default()
                .split([',', ' ', ';'])
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            let level = options.get("level").cloned();
            let mut options =
                crate::cli::parse_options(&pairs).map_err(|e| format!("Variant options: {e}."))?;
            if let Some(OptionValue::Integer(l)) = level {
                options.insert("level".to_string(), l.to_string());
            }
            Request::Challenge {
                opponent,
                variant,
                color,
                days: Some(days),
                options,
                rated,
            }
        }
        "accept" => Request::Accept,
        "decline" => Request::Decline,
        "cancel" => Request::Cancel,
        "move" => Request::Move {
            text: text("text").unwrap_or_default(),
        },
        "board" => Request::Board,
        "history" => Request::History,
        "export" => Request::Export,
        "resign" => Request::Resign,
        "draw" => Request::Draw(match text("action").as_deref() {
            Some("offer") => DrawAction::Offer,
            Some("accept") => DrawAction::Accept,
            Some("decline") => DrawAction::Decline,
            Some("claim") => DrawAction::Claim,
            _ => return Err("Choose offer, accept, decline or claim.".into()),
        }),
        "abort" => Request::Abort,
        "claim" => Request::Claim,
        "hand" => Request::Hand,
        "games" => match options.get("player") {
            Some(OptionValue::User(u)) => Request::Games(GamesScope::User(u.id)),
            _ => Request::Games(GamesScope::Server),
        },
        "rules" => Request::Rules {
            variant: match text("variant") {
                Some(v) => Some(
                    VariantId::parse(&v)
                        .ok_or_else(|| format!("There is no variant called `{v}`."))?,
                ),
                None => None,
            },
        },
        "legend" => Request::Legend {
            variant: match text("variant") {
                Some(v) => Some(
                    VariantId::parse(&v)
                        .ok_or_else(|| format!("There is no variant called `{v}`."))?,
                ),
                None => None,
            },
        },
        "help" => Request::Help,
        "profile" => Request::Profile {
            user: match options.get("player") {
                Some(OptionValue::User(u)) => Some(u.clone()),
                _ => None,
            },
        },
        "leaderboard" => Request::Leaderboard {
            variant: match text("variant") {
                Some(v) => Some(
                    VariantId::parse(&v)
                        .ok_or_else(|| format!("There is no variant called `{v}`."))?,
                ),
                None => None,
            },
        },
        other => {
            let _ = invoker;
            return Err(format!("I do not know the command `/{other}`."));
        }
    })
}

/// Whether a command's reply is meant for the invoker alone, so that a deferral can
/// already be ephemeral.
pub fn is_private(name: &str) -> bool {
    matches!(
        name,
        "hand"
            | "board"
            | "history"
            | "export"
            | "games"
            | "rules"
            | "legend"
            | "help"
            | "profile"
            | "leaderboard"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(id: u64, name: &str) -> User {
        User {
            id,
            name: name.into(),
        }
    }

    #[test]
    fn every_command_is_defined_once() {
        let names: Vec<String> = definitions()
            .iter()
            .map(|c| {
                serde_json::to_value(c).unwrap()["name"]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        for n in [
            "challenge",
            "accept",
            "decline",
            "cancel",
            "move",
            "board",
            "history",
            "export",
            "resign",
            "draw",
            "abort",
            "claim",
            "hand",
            "games",
            "rules",
            "help",
            "profile",
            "leaderboard",
        ] {
            assert_eq!(names.iter().filter(|x| *x == n).count(), 1, "{n}");
        }
    }

    #[test]
    fn commands_are_offered_in_servers_only() {
        for c in definitions() {
            let v = serde_json::to_value(&c).unwrap();
            // Interaction context 0 is GUILD; 1 (bot DM) and 2 (private channel) are absent.
            assert_eq!(v["contexts"], serde_json::json!([0]), "{}", v["name"]);
            assert_eq!(
                v["dm_permission"],
                serde_json::json!(false),
                "{}",
                v["name"]
            );
        }
    }

    #[test]
    fn invoker_only_replies_defer_privately() {
        for n in [
            "hand",
            "board",
            "history",
            "export",
            "games",
            "rules",
            "help",
            "profile",
            "leaderboard",
        ] {
            assert!(is_private(n), "{n}");
        }
        for n in ["challenge", "accept", "move", "resign", "draw"] {
            assert!(!is_private(n), "{n}");
        }
    }

    #[test]
    fn challenge_options_translate() {
        let mut o = HashMap::new();
        o.insert("opponent".into(), OptionValue::User(user(2, "bob")));
        o.insert("color".into(), OptionValue::Text("white".into()));
        o.insert(
            "options".into(),
            OptionValue::Text("wands:moderated".into()),
        );
        let r = to_request("challenge", &o, &user(1, "alice"), 3).unwrap();
        match r {
            Request::Challenge {
                opponent,
                variant,
                color,
                days,
                options,
                rated,
            } => {
                assert!(rated, "rated by default");
                assert_eq!(opponent.id, 2);
                assert_eq!(variant, VariantId::Standard);
                assert_eq!(color, ColorChoice::White);
                assert_eq!(days, Some(3));
                assert_eq!(options.get("wands").map(String::as_str), Some("moderated"));
            }
            other => panic!("{other:?}"),
        }
        o.insert("days".into(), OptionValue::Integer(40));
        assert!(to_request("challenge", &o, &user(1, "alice"), 3).is_err());
        o.remove("days");
        o.insert("variant".into(), OptionValue::Text("nonsense".into()));
        assert!(to_request("challenge", &o, &user(1, "alice"), 3).is_err());
        o.insert("variant".into(), OptionValue::Text("wand".into()));
        o.insert(
            "options".into(),
            OptionValue::Text("wands:moderated wands:rolled".into()),
        );
        let why = to_request("challenge", &o, &user(1, "alice"), 3).expect_err("repeated");
        assert!(why.contains("`wands` is given twice"), "{why}");
    }

    #[test]
    fn draw_and_games_translate() {
        let mut o = HashMap::new();
        o.insert("action".into(), OptionValue::Text("claim".into()));
        assert_eq!(
            to_request("draw", &o, &user(1, "a"), 3).unwrap(),
            Request::Draw(DrawAction::Claim)
        );
        assert_eq!(
            to_request("games", &HashMap::new(), &user(1, "a"), 3).unwrap(),
            Request::Games(GamesScope::Server)
        );
        assert!(to_request("frobnicate", &HashMap::new(), &user(1, "a"), 3).is_err());
    }

    #[test]
    fn casual_profile_and_leaderboard_translate() {
        let mut o = HashMap::new();
        o.insert("opponent".into(), OptionValue::User(user(2, "bob")));
        o.insert("rated".into(), OptionValue::Bool(false));
        match to_request("challenge", &o, &user(1, "alice"), 3).unwrap() {
            Request::Challenge { rated, options, .. } => {
                assert!(!rated);
                assert!(options.is_empty());
            }
            other => panic!("{other:?}"),
        }
        let mut o = HashMap::new();
        o.insert("player".into(), OptionValue::User(user(2, "bob")));
        assert_eq!(
            to_request("profile", &o, &user(1, "a"), 3).unwrap(),
            Request::Profile {
                user: Some(user(2, "bob"))
            }
        );
        assert_eq!(
            to_request("profile", &HashMap::new(), &user(1, "a"), 3).unwrap(),
            Request::Profile { user: None }
        );
        let mut o = HashMap::new();
        o.insert("variant".into(), OptionValue::Text("spell".into()));
        assert_eq!(
            to_request("leaderboard", &o, &user(1, "a"), 3).unwrap(),
            Request::Leaderboard {
                variant: Some(VariantId::Spell)
            }
        );
        let defs = serde_json::to_string(&definitions()).unwrap();
        assert!(defs.contains("\"leaderboard\"") && defs.contains("\"rated\""));
    }
}
