//! An invoked command, its values checked, as a service [`Request`].

use super::*;
use crate::service::contract::actions::{EventTerms, TournamentAction};
use crate::store::EventFormat;

/// Turns an invoked command into a request; `Err` is a sentence for the invoker.
/// Every value is checked against the table first. `default_days` is the front end's
/// days per move when a challenge names none (`None`: the service's default).
/// Its refusals are in English.
pub fn to_request(
    name: &str,
    values: &Values,
    default_days: Option<u32>,
) -> Result<Request, String> {
    to_request_in(name, values, default_days, Lang::En)
}

/// [`to_request`], its refusals in `lang` (the invoker's).
pub fn to_request_in(
    name: &str,
    values: &Values,
    default_days: Option<u32>,
    lang: Lang,
) -> Result<Request, String> {
    let spec = command(name).ok_or_else(|| tr!(lang, "grammar-no-command", name = echo(name)))?;
    let checked = Checked::of(spec, values, lang)?;
    let text = |k: &str| checked.text(k);
    let user = |k: &str| checked.user(k);
    let variant = |k: &str| checked.variant(k);
    Ok(match spec.name {
        "challenge" => challenge_request(&checked, default_days, lang)?,
        "accept" => answer_request(ChallengeAnswer::Accept, user("player")),
        "decline" => answer_request(ChallengeAnswer::Decline, user("player")),
        "cancel" => answer_request(ChallengeAnswer::Cancel, user("player")),
        "move" => Request::Move {
            text: text("text").unwrap_or_default(),
        },
        "board" => Request::Board,
        "note" => Request::Note { text: text("text") },
        "conditional" => Request::Conditional { text: text("line") },
        "takeback" => Request::Takeback(takeback_action(text("action").as_deref())),
        "history" => Request::History,
        "export" => Request::Export,
        "resign" => Request::Resign,
        "draw" => Request::Draw(draw_action(text("action").as_deref())),
        "abort" => Request::Abort,
        "claim" => Request::Claim,
        "hand" => Request::Hand,
        "rematch" => Request::Rematch,
        "games" => Request::Games(games_scope(user("player"), text("list").as_deref())),
        "profile" => Request::Profile {
            user: user("player"),
        },
        "leaderboard" => Request::Leaderboard {
            variant: variant("variant"),
        },
        "rules" => Request::Rules {
            variant: variant("variant"),
        },
        "legend" => Request::Legend {
            variant: variant("variant"),
        },
        "help" => Request::Help,
        "reminders" => Request::Reminders {
            dm: text("dm").as_deref() != Some("off"),
        },
        "vacation" => Request::Vacation {
            on: text("state").map(|v| v == "on"),
        },
        "review" => Request::Review {
            game: checked.integer("game").and_then(|g| u64::try_from(g).ok()),
        },
        "web" => Request::Web,
        "puzzle" => Request::Puzzle(crate::service::contract::actions::PuzzleAsk {
            answer: text("answer"),
            variant: variant("game"),
            theme: text("theme"),
            id: text("id"),
            mine: text("list").as_deref() == Some("mine"),
            daily: None,
        }),
        "settings" => settings_request(&checked),
        "tournament" => tournament_request(&checked, lang)?,
        other => return Err(tr!(lang, "grammar-no-command", name = other)),
    })
}

/// `/takeback`'s `action`: accept or decline the opponent's request, else ask for one.
fn takeback_action(action: Option<&str>) -> crate::service::contract::actions::TakebackAction {
    match action {
        Some("accept") => crate::service::contract::actions::TakebackAction::Accept,
        Some("decline") => crate::service::contract::actions::TakebackAction::Decline,
        _ => crate::service::contract::actions::TakebackAction::Ask,
    }
}

/// `/draw`'s `action`: offer, accept or decline a draw, else claim one.
fn draw_action(action: Option<&str>) -> DrawAction {
    match action {
        Some("offer") => DrawAction::Offer,
        Some("accept") => DrawAction::Accept,
        Some("decline") => DrawAction::Decline,
        _ => DrawAction::Claim,
    }
}

/// `/games`' scope: the invoker's own (`list:mine`), a `player`'s, else the server's.
fn games_scope(player: Option<User>, list: Option<&str>) -> GamesScope {
    match (player, list) {
        (_, Some("mine")) => GamesScope::Mine,
        (Some(u), _) => GamesScope::User(u.id),
        (None, _) => GamesScope::Server,
    }
}

/// `/tournament`: its action and values, read by the tournament's own grammar.
fn tournament_request(checked: &Checked, lang: Lang) -> Result<Request, String> {
    event_request(
        checked.text("action").as_deref().unwrap_or_default(),
        |k| checked.text(k),
        |k| checked.integer(k),
        |k| checked.flag(k),
        checked.user("player"),
        checked.variant("variant"),
        lang,
    )
}

/// `/settings`: a server's setting (moderators) stands alone (its daily puzzle's
/// options together); else the player's own.
fn settings_request(checked: &Checked) -> Request {
    let text = |k: &str| checked.text(k);
    let daily = crate::service::contract::actions::DailyChange {
        channel: checked.channel("puzzle-channel"),
        hour: checked
            .integer("puzzle-hour")
            .and_then(|h| u8::try_from(h).ok()),
        on: text("puzzle-daily").map(|v| v == "on"),
    };
    if daily != crate::service::contract::actions::DailyChange::default() {
        return Request::ServerDaily(daily);
    }
    match (text("web"), text("language"), text("boards")) {
        (Some(web), _, _) => Request::ServerWeb { on: web == "on" },
        (None, None, Some(boards)) => Request::ServerBoards {
            white: boards == "white",
        },
        (None, Some(language), _) => Request::ServerLanguage {
            lang: (language != "auto").then(|| Lang::from_locale(&language)),
        },
        (None, None, None) => {
            Request::Settings(crate::service::contract::actions::SettingsChange {
                confirm: text("confirm").map(|v| v == "on"),
                digest: text("digest").map(|v| v == "daily"),
                reminders: text("reminders").map(|v| v == "on"),
            })
        }
    }
}

/// A command's values, each checked against its option.
struct Checked(Values);

/// `/challenge`: to a player, or open to the first taker.
fn challenge_request(
    checked: &Checked,
    default_days: Option<u32>,
    lang: Lang,
) -> Result<Request, String> {
    let pairs: Vec<String> = checked
        .text("options")
        .unwrap_or_default()
        .split([',', ' ', ';'])
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    let mut options = parse_options_in(&pairs, lang)
        .map_err(|e| tr!(lang, "grammar-variant-options", why = e))?;
    // The computer's level and the time bank travel with the variant's options (the
    // service takes them out); given both ways, they are refused.
    for name in ["level", "bank"] {
        if let Some(n) = checked.integer(name) {
            if let Some(first) = options.get(name) {
                let why = repeated_option_in(name, first, &n.to_string(), lang);
                return Err(format!("{why}."));
            }
            options.insert(name.to_string(), n.to_string());
        }
    }
    let variant = checked.variant("variant").unwrap_or(VariantId::DEFAULT);
    let color = match checked.text("color").as_deref() {
        Some("white") => ColorChoice::White,
        Some("black") => ColorChoice::Black,
        _ => ColorChoice::Random,
    };
    let days = checked
        .integer("days")
        .and_then(|d| u32::try_from(d).ok())
        .or(default_days);
    let rated = checked.flag("rated") != Some(false);
    Ok(match checked.user("opponent") {
        Some(opponent) => Request::Challenge {
            opponent,
            variant,
            color,
            days,
            options,
            rated,
        },
        None => Request::OpenChallenge {
            variant,
            color,
            days,
            options,
            rated,
        },
    })
}

/// `/accept`, `/decline`, `/cancel`: of the challenge with `player`, or the one meant.
fn answer_request(answer: ChallengeAnswer, player: Option<User>) -> Request {
    match (player, answer) {
        (Some(p), answer) => Request::Answer {
            answer,
            target: ChallengeTarget::Player(p),
        },
        (None, ChallengeAnswer::Accept) => Request::Accept,
        (None, ChallengeAnswer::Decline) => Request::Decline,
        (None, ChallengeAnswer::Cancel) => Request::Cancel,
    }
}

impl Checked {
    fn of(spec: &CommandSpec, values: &Values, lang: Lang) -> Result<Checked, String> {
        let mut checked = Values::new();
        for (k, v) in values {
            let o = spec.option(k).ok_or_else(|| {
                tr!(
                    lang,
                    "grammar-no-option",
                    command = spec.name,
                    option = echo(k)
                )
            })?;
            checked.insert(o.name.to_string(), check_in(o, v.clone(), lang)?);
        }
        for o in spec.options.iter().filter(|o| o.required) {
            if !checked.contains_key(o.name) {
                return Err(spec.option_text(o, "missing", lang));
            }
        }
        Ok(Checked(checked))
    }

    fn text(&self, k: &str) -> Option<String> {
        match self.0.get(k) {
            Some(Value::Text(t)) => Some(t.clone()),
            _ => None,
        }
    }

    fn integer(&self, k: &str) -> Option<i64> {
        match self.0.get(k) {
            Some(Value::Integer(n)) => Some(*n),
            _ => None,
        }
    }

    /// A yes/no value (`confirm:yes`), when given.
    fn flag(&self, k: &str) -> Option<bool> {
        match self.0.get(k) {
            Some(Value::Bool(b)) => Some(*b),
            _ => None,
        }
    }

    fn channel(&self, k: &str) -> Option<u64> {
        match self.0.get(k) {
            Some(Value::Channel(c)) => Some(*c),
            _ => None,
        }
    }

    fn user(&self, k: &str) -> Option<User> {
        match self.0.get(k) {
            Some(Value::User(u)) => Some(u.clone()),
            _ => None,
        }
    }

    /// Checked when read: a variant value is a variant id.
    fn variant(&self, k: &str) -> Option<VariantId> {
        self.text(k).and_then(|v| VariantId::parse(&v))
    }
}

/// The request of a typed or slash `/tournament` (the grammar has checked each value).
fn event_request(
    action: &str,
    text: impl Fn(&str) -> Option<String>,
    integer: impl Fn(&str) -> Option<i64>,
    boolean: impl Fn(&str) -> Option<bool>,
    player: Option<User>,
    variant: Option<VariantId>,
    lang: Lang,
) -> Result<Request, String> {
    let num = |k: &str| integer(k).and_then(|n| u32::try_from(n).ok());
    let action = match action {
        "create" => {
            let pairs: Vec<String> = text("options")
                .unwrap_or_default()
                .split([',', ' ', ';'])
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            let options = parse_options_in(&pairs, lang)
                .map_err(|e| tr!(lang, "grammar-variant-options", why = e))?;
            let format = match text("format").as_deref() {
                Some("swiss") => EventFormat::Swiss {
                    // None given: refused by the service, with the range.
                    rounds: num("rounds").unwrap_or(0),
                },
                _ => EventFormat::RoundRobin {
                    cycles: num("cycles").unwrap_or(1),
                },
            };
            TournamentAction::Create(Box::new(EventTerms {
                name: text("name").unwrap_or_default(),
                variant: variant.unwrap_or(VariantId::DEFAULT),
                options,
                format,
                days: num("days").unwrap_or(crate::service::DEFAULT_DAYS),
                bank_days: num("bank").unwrap_or(0),
                rated: boolean("rated").unwrap_or(true),
                vacation: boolean("vacation").unwrap_or(true),
                limit: num("limit").unwrap_or(0),
                start_in_ms: integer("start")
                    .and_then(|h| u64::try_from(h).ok())
                    .map(|h| h * crate::service::contract::clock::HOUR_MS),
            }))
        }
        "join" => TournamentAction::Join,
        "leave" => TournamentAction::Leave,
        "start" => TournamentAction::Start,
        "standings" => TournamentAction::Standings,
        "pairings" => TournamentAction::Pairings,
        "withdraw" => TournamentAction::Withdraw {
            player,
            confirmed: boolean("confirm").unwrap_or(false),
        },
        "cancel" => TournamentAction::Cancel,
        _ => TournamentAction::Export,
    };
    Ok(Request::Tournament {
        action,
        event: integer("event").and_then(|n| u64::try_from(n).ok()),
    })
}
