//! The slash commands: their definitions for registration, derived from the one
//! command table ([`crate::service::grammar::COMMANDS`]), and the translation of an
//! invoked command's options into a service [`Request`] (by the same grammar).

use crate::i18n::Lang;
use crate::service::api::{ChallengeAnswer, ChallengeTarget, DrawAction, Request, User};
use crate::service::grammar::{self, CommandSpec, Kind, OptionSpec, Values};
use serenity::all::{
    ChannelType, CommandOptionType, CommandType, CreateCommand, CreateCommandOption,
    EntryPointHandlerType, InstallationContext, InteractionContext,
};
use std::collections::HashMap;

pub use crate::service::grammar::{is_private, Value as OptionValue};

/// Custom ids of the buttons of challenge messages sent before buttons named their
/// challenge: they still answer the one challenge that concerns the presser.
pub const ACCEPT_BUTTON: &str = "arcana:accept";
pub const DECLINE_BUTTON: &str = "arcana:decline";

/// A button's custom id: what it does and to which challenge (`accept:<id>`), so a
/// press can never reach another challenge than the one its message shows.
pub fn button_id(answer: ChallengeAnswer, challenge: u64) -> String {
    let verb = match answer {
        ChallengeAnswer::Accept => "accept",
        ChallengeAnswer::Decline => "decline",
        ChallengeAnswer::Cancel => "cancel",
    };
    format!("{verb}:{challenge}")
}

/// What a press on one of a game's buttons (`resign:<game>`, ...) asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameButton {
    /// Resign asks first: the presser confirms privately with a second button.
    ConfirmResign(u64),
    /// A request for that game only.
    Act { game: u64, request: Request },
}

/// A game button's custom id: what it does and to which game.
pub fn game_button_id(verb: &str, game: u64) -> String {
    format!("{verb}:{game}")
}

/// The game button a custom id stands for; `None` for any other id.
pub fn game_button(custom_id: &str) -> Option<GameButton> {
    if let Some(rest) = custom_id.strip_prefix("move-confirm:") {
        let (game, ply) = rest.split_once(':')?;
        let (game, ply) = (game.parse().ok()?, ply.parse().ok()?);
        return Some(GameButton::Act {
            game,
            request: Request::ConfirmMove { game, ply },
        });
    }
    let (verb, id) = custom_id.split_once(':')?;
    let game: u64 = id.parse().ok()?;
    let request = match verb {
        "resign" => return Some(GameButton::ConfirmResign(game)),
        "resign-confirm" => Request::Resign,
        "draw-offer" => Request::Draw(DrawAction::Offer),
        "draw-accept" => Request::Draw(DrawAction::Accept),
        "hand" => Request::Hand,
        "rematch" => Request::Rematch,
        "move-cancel" => {
            return Some(GameButton::Act {
                game,
                request: Request::CancelMove { game },
            })
        }
        _ => return None,
    };
    Some(GameButton::Act {
        game,
        request: Request::OnGame {
            game,
            request: Box::new(request),
        },
    })
}

/// What the Solve button of a server's puzzle of the day `day` is called.
pub fn daily_button_id(day: u64) -> String {
    format!("daily-puzzle:{day}")
}

/// The request a button's custom id stands for, and the challenge it names; `None`
/// for ids this build does not know.
pub fn button_request(custom_id: &str) -> Option<(Request, Option<u64>)> {
    match custom_id {
        ACCEPT_BUTTON => return Some((Request::Accept, None)),
        DECLINE_BUTTON => return Some((Request::Decline, None)),
        _ => {}
    }
    let (verb, id) = custom_id.split_once(':')?;
    let id: u64 = id.parse().ok()?;
    let answer = match verb {
        "daily-puzzle" => {
            let ask = crate::service::actions::PuzzleAsk {
                daily: Some(id),
                ..Default::default()
            };
            return Some((Request::Puzzle(ask), None));
        }
        "accept" => ChallengeAnswer::Accept,
        "decline" => ChallengeAnswer::Decline,
        "cancel" => ChallengeAnswer::Cancel,
        _ => return None,
    };
    Some((
        Request::Answer {
            answer,
            target: ChallengeTarget::Id(id),
        },
        Some(id),
    ))
}

/// The installs every command is offered for: to a server, and to a user's account.
pub const INSTALLS: [InstallationContext; 2] =
    [InstallationContext::Guild, InstallationContext::User];

/// Where every command may be used: servers, the DM with the bot, and group chats and
/// DMs between people (the last only through a user's install).
pub const CONTEXTS: [InteractionContext; 3] = [
    InteractionContext::Guild,
    InteractionContext::BotDm,
    InteractionContext::PrivateChannel,
];

/// What a request needs a server for, when it does: the catalog key of the private
/// answer saying why, and what to use instead (issue 50).
pub fn server_only_reason(request: &Request) -> Option<&'static str> {
    use crate::service::api::GamesScope;
    match request {
        Request::Tournament { .. } => Some("dms-needs-server-tournament"),
        Request::ServerWeb { .. }
        | Request::ServerBoards { .. }
        | Request::ServerLanguage { .. }
        | Request::ServerDaily(_) => Some("dms-needs-server-settings"),
        Request::Games(GamesScope::Server) => Some("dms-needs-server-games"),
        _ => None,
    }
}

fn length(max: usize) -> u16 {
    u16::try_from(max).unwrap_or(u16::MAX)
}

/// The languages other than the default one, by Discord locale code.
fn localized() -> impl Iterator<Item = (Lang, &'static str)> {
    Lang::ALL
        .into_iter()
        .filter_map(|lang| lang.discord_locale().map(|code| (lang, code)))
}

/// One option of command `spec` as Discord declares it, its texts from the catalogs.
fn option(spec: &CommandSpec, o: &OptionSpec) -> CreateCommandOption {
    let kind = match o.kind {
        Kind::Text { .. } | Kind::Answer { .. } | Kind::Pairs { .. } => CommandOptionType::String,
        Kind::Choice(_) | Kind::Variant => CommandOptionType::String,
        Kind::Integer { .. } => CommandOptionType::Integer,
        Kind::Bool => CommandOptionType::Boolean,
        Kind::User => CommandOptionType::User,
        Kind::Channel => CommandOptionType::Channel,
    };
    let mut c =
        CreateCommandOption::new(kind, o.name, spec.option_text(o, "description", Lang::En))
            .required(o.required);
    for (lang, code) in localized() {
        c = c
            .name_localized(code, spec.option_text(o, "name", lang))
            .description_localized(code, spec.option_text(o, "description", lang));
    }
    match o.kind {
        Kind::Text { max } => c = c.max_length(length(max)),
        Kind::Answer { max } | Kind::Pairs { max } => {
            c = c.set_autocomplete(true).max_length(length(max))
        }
        Kind::Integer { min, max, .. } => {
            // Discord's bounds are unsigned; the table's ranges start at 0 or above.
            c = c
                .min_int_value(u64::try_from(min).unwrap_or(0))
                .max_int_value(u64::try_from(max).unwrap_or(0))
        }
        Kind::Choice(choices) => {
            for value in choices {
                let names =
                    localized().map(|(lang, code)| (code, grammar::choice_label(value, lang)));
                c = c.add_string_choice_localized(
                    grammar::choice_label(value, Lang::En),
                    *value,
                    names,
                );
            }
        }
        // The games' names in each language (`Schach`); the value is the id.
        Kind::Variant => {
            for v in crate::variants::VariantId::available() {
                let names = localized().map(|(lang, code)| (code, v.name_in(lang)));
                c = c.add_string_choice_localized(v.name_in(Lang::En), v.id(), names);
            }
        }
        // Channels a bot can post in: text and announcement channels.
        Kind::Channel => c = c.channel_types(vec![ChannelType::Text, ChannelType::News]),
        Kind::Bool | Kind::User => {}
    }
    c
}

/// The slash commands, for registration (globally or to one server): names in English,
/// every text from the catalogs, with the other languages as Discord's localizations.
pub fn definitions() -> Vec<CreateCommand> {
    grammar::COMMANDS
        .iter()
        .map(|spec| {
            // Every command for both installs and everywhere Discord offers them
            // (issue 50): a server that added the bot, the DM with the bot, and group
            // chats through a user's install. What needs a server says so privately
            // when used elsewhere (`server_only_reason`), rather than being missing.
            let mut c = CreateCommand::new(spec.name)
                .description(spec.text("description", Lang::En))
                .integration_types(INSTALLS.to_vec())
                .contexts(CONTEXTS.to_vec());
            for (lang, code) in localized() {
                c = c
                    .name_localized(code, spec.text("name", lang))
                    .description_localized(code, spec.text("description", lang));
            }
            spec.options
                .iter()
                .fold(c, |c, o| c.add_option(option(spec, o)))
        })
        .collect()
}

/// The name of the Activity's Entry Point command (Discord's own default is "launch").
pub const ENTRY_POINT: &str = "launch";

/// The Activity's Entry Point command (application command type 4, issue 49), offered
/// in Discord's App Launcher when the Activity is configured. Its handler is the bot
/// (`APP_HANDLER`): it answers with the `LAUNCH_ACTIVITY` callback, as for the Play
/// button. Registered with the other commands: a bulk registration that left it out
/// would be refused by Discord once the application has one.
pub fn entry_point() -> CreateCommand {
    let key = "activity-entry-description";
    let mut c = CreateCommand::new(ENTRY_POINT)
        .kind(CommandType::PrimaryEntryPoint)
        .handler(EntryPointHandlerType::AppHandler)
        .description(crate::i18n::tr(Lang::En, key))
        .integration_types(INSTALLS.to_vec())
        .contexts(CONTEXTS.to_vec());
    for (lang, code) in localized() {
        c = c.description_localized(code, crate::i18n::tr(lang, key));
    }
    c
}

/// The custom id of a game's Play button (opens the Activity).
pub fn play_button_id(game: u64) -> String {
    format!("activity:{game}")
}

/// Whether a custom id is a Play button's.
pub fn is_play_button(custom_id: &str) -> bool {
    custom_id
        .strip_prefix("activity:")
        .is_some_and(|g| g.parse::<u64>().is_ok())
}

/// Turns an invoked command into a request; `Err` is a sentence for the invoker.
pub fn to_request(
    name: &str,
    options: &HashMap<String, OptionValue>,
    invoker: &User,
    default_days: u32,
) -> Result<Request, String> {
    to_request_in(name, options, invoker, default_days, Lang::En)
}

/// [`to_request`] with its refusals in `lang` (the invoker's locale).
pub fn to_request_in(
    name: &str,
    options: &HashMap<String, OptionValue>,
    _invoker: &User,
    default_days: u32,
    lang: Lang,
) -> Result<Request, String> {
    let values: Values = options
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    grammar::to_request_in(name, &values, Some(default_days), lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::api::{ColorChoice, DrawAction, GamesScope};
    use crate::variants::VariantId;

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

    // Issue 50: every command for both installs (GUILD_INSTALL 0, USER_INSTALL 1) and
    // in the three interaction contexts (GUILD 0, BOT_DM 1, PRIVATE_CHANNEL 2); the
    // deprecated `dm_permission` is no longer sent (`contexts` replaces it).
    #[test]
    fn commands_are_offered_for_both_installs_and_everywhere() {
        for c in definitions() {
            let v = serde_json::to_value(&c).unwrap();
            assert_eq!(v["contexts"], serde_json::json!([0, 1, 2]), "{}", v["name"]);
            assert_eq!(
                v["integration_types"],
                serde_json::json!([0, 1]),
                "{}",
                v["name"]
            );
            assert!(v.get("dm_permission").is_none(), "{}", v["name"]);
        }
    }

    // Issue 49: the Entry Point command is type 4, handled by the app, everywhere.
    #[test]
    fn the_entry_point_is_a_primary_entry_point_handled_by_the_bot() {
        let v = serde_json::to_value(entry_point()).unwrap();
        assert_eq!(v["name"], ENTRY_POINT);
        assert_eq!(v["type"], 4);
        assert_eq!(v["handler"], 1);
        assert_eq!(v["contexts"], serde_json::json!([0, 1, 2]));
        assert!(!v["description"].as_str().unwrap().is_empty());
        assert!(is_play_button(&play_button_id(7)));
        for other in ["activity:", "activity:x", "resign:7", "activity"] {
            assert!(!is_play_button(other), "{other}");
        }
    }

    #[test]
    fn what_needs_a_server_says_why() {
        let me = User {
            id: 1,
            name: "me".into(),
        };
        let asked = |name: &str, opts: &[(&str, OptionValue)]| {
            let options = opts
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect();
            to_request(name, &options, &me, 3).unwrap()
        };
        let t = asked(
            "tournament",
            &[("action", OptionValue::Text("standings".into()))],
        );
        assert_eq!(server_only_reason(&t), Some("dms-needs-server-tournament"));
        // Outside servers, `/leaderboard` shows the ladder of games played there.
        assert_eq!(server_only_reason(&asked("leaderboard", &[])), None);
        assert_eq!(
            server_only_reason(&Request::Games(GamesScope::Server)),
            Some("dms-needs-server-games")
        );
        assert_eq!(
            server_only_reason(&Request::ServerWeb { on: true }),
            Some("dms-needs-server-settings")
        );
        // Playing needs no server.
        for n in ["board", "resign", "help", "profile"] {
            assert_eq!(server_only_reason(&asked(n, &[])), None, "{n}");
        }
        assert_eq!(server_only_reason(&Request::Games(GamesScope::Mine)), None);
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
        let Request::Challenge {
            opponent, options, ..
        } = &r
        else {
            panic!("{r:?}");
        };
        assert_eq!(opponent.id, 2);
        assert_eq!(options.get("wands").map(String::as_str), Some("moderated"));
        // Rated by default.
        assert!(
            matches!(
                r,
                Request::Challenge {
                    variant: VariantId::Standard,
                    color: ColorChoice::White,
                    days: Some(3),
                    rated: true,
                    ..
                }
            ),
            "{r:?}"
        );
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
