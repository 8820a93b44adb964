//! Slash-command text, as a user would type it in Discord, into a [`Request`]:
//! `/challenge @bob standard color:white days:3`, `/move e4`, `/draw offer`. Shared
//! by the local front end and any front end that reads typed commands.

use super::api::{ColorChoice, DrawAction, GamesScope, Request, User};
use crate::variants::{Options, VariantId};

/// Option keys a `/challenge` understands itself; other `key:value` pairs are variant
/// options.
const CHALLENGE_KEYS: [&str; 6] = ["opponent", "variant", "color", "colour", "days", "rated"];

/// Splits `name:value` options from positional words. A token is an option only when
/// its name is made of lower-case letters, so moves like `Ze4:e4` stay words.
fn split_options(words: &[&str]) -> (Vec<String>, Vec<(String, String)>) {
    let mut positional = Vec::new();
    let mut options = Vec::new();
    for w in words {
        match w.split_once(':') {
            Some((k, v))
                if !k.is_empty()
                    && k.chars()
                        .all(|c| c.is_ascii_lowercase() || c == '_' || c == '-') =>
            {
                options.push((k.to_string(), v.to_string()));
            }
            _ => positional.push((*w).to_string()),
        }
    }
    (positional, options)
}

fn parse_color(v: &str) -> Option<ColorChoice> {
    match v.to_ascii_lowercase().as_str() {
        "white" | "w" => Some(ColorChoice::White),
        "black" | "b" => Some(ColorChoice::Black),
        "random" | "r" | "any" => Some(ColorChoice::Random),
        _ => None,
    }
}

fn parse_days(v: &str) -> Result<u32, String> {
    match v.to_ascii_lowercase().as_str() {
        "none" | "0" | "off" | "unlimited" => Ok(0),
        d => d.parse::<u32>().map_err(|_| {
            format!("Days per move must be a number from 1 to 14 or `none`, not `{v}`.")
        }),
    }
}

fn parse_rated(v: &str) -> Result<bool, String> {
    match v.to_ascii_lowercase().as_str() {
        "true" | "yes" | "rated" => Ok(true),
        "false" | "no" | "casual" => Ok(false),
        _ => Err(format!(
            "Say `rated:true` or `rated:false`, not `rated:{v}`."
        )),
    }
}

fn parse_variant(v: &str) -> Result<VariantId, String> {
    VariantId::parse(v).ok_or_else(|| {
        let ids: Vec<&str> = VariantId::ALL.iter().map(|v| v.id()).collect();
        format!("Unknown variant `{v}`; choose one of {}.", ids.join(", "))
    })
}

/// Reads a user reference: `@name`, `<@name>` or a bare name.
fn user_ref(word: &str) -> Option<&str> {
    let w = word.trim().trim_start_matches('<').trim_end_matches('>');
    let w = w.strip_prefix('@').unwrap_or(w);
    (!w.is_empty()).then_some(w)
}

/// Parses typed text. `Ok(None)` when the text is not a slash command; `resolve` turns
/// a mentioned name into a user.
pub fn parse_command(
    text: &str,
    resolve: &dyn Fn(&str) -> User,
) -> Result<Option<Request>, String> {
    let text = text.trim();
    let Some(body) = text.strip_prefix('/') else {
        return Ok(None);
    };
    let (name, rest) = match body.split_once(char::is_whitespace) {
        Some((n, r)) => (n, r.trim()),
        None => (body, ""),
    };
    let words: Vec<&str> = rest.split_whitespace().collect();
    let (positional, options) = split_options(&words);
    if name.eq_ignore_ascii_case("challenge") {
        // A repeated option (`wands:moderated wands:rolled`) is refused, never
        // silently resolved; `color` and `colour` are one option.
        let key = |k: &str| {
            if k == "colour" {
                "color".to_string()
            } else {
                k.to_string()
            }
        };
        for (i, (k, v)) in options.iter().enumerate() {
            if let Some((_, first)) = options[..i].iter().find(|(k0, _)| key(k0) == key(k)) {
                let mut why = crate::cli::repeated_option(k, first, v);
                if let Some(c) = why.get_mut(0..1) {
                    c.make_ascii_uppercase();
                }
                return Err(format!("{why}."));
            }
        }
    }
    let option = |key: &str| {
        options
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let name = name.to_ascii_lowercase();
    let no_args = |req: Request| -> Result<Option<Request>, String> {
        if words.is_empty() {
            Ok(Some(req))
        } else {
            Err(format!("`/{name}` takes no arguments."))
        }
    };
    match name.as_str() {
        "challenge" => {
            let mut opponent = option("opponent").and_then(user_ref).map(resolve);
            let mut variant = option("variant").map(parse_variant).transpose()?;
            let mut color =
                match option("color").or(option("colour")) {
                    Some(c) => Some(parse_color(c).ok_or_else(|| {
                        format!("Colour must be white, black or random, not `{c}`.")
                    })?),
                    None => None,
                };
            for p in &positional {
                if p.starts_with('@') || p.starts_with("<@") {
                    if opponent.is_some() {
                        return Err("Challenge one opponent at a time.".to_string());
                    }
                    opponent = user_ref(p).map(resolve);
                } else if let (None, Some(c)) = (color, parse_color(p)) {
                    color = Some(c);
                } else if variant.is_none() {
                    variant = Some(parse_variant(p)?);
                } else {
                    return Err(format!("I don't understand `{p}` in this challenge."));
                }
            }
            let opponent = opponent.ok_or("Name your opponent, for example `/challenge @bob`.")?;
            let days = option("days").map(parse_days).transpose()?;
            let rated = option("rated")
                .map(parse_rated)
                .transpose()?
                .unwrap_or(true);
            let variant_options: Options = options
                .iter()
                .filter(|(k, _)| !CHALLENGE_KEYS.contains(&k.as_str()))
                .map(|(k, v)| (k.clone(), v.to_ascii_lowercase()))
                .collect();
            Ok(Some(Request::Challenge {
                opponent,
                variant: variant.unwrap_or(VariantId::DEFAULT),
                color: color.unwrap_or(ColorChoice::Random),
                days,
                options: variant_options,
                rated,
            }))
        }
        "accept" => no_args(Request::Accept),
        "decline" => no_args(Request::Decline),
        "cancel" => no_args(Request::Cancel),
        "board" => no_args(Request::Board),
        "history" => no_args(Request::History),
        "export" => no_args(Request::Export),
        "resign" => no_args(Request::Resign),
        "abort" => no_args(Request::Abort),
        "claim" => no_args(Request::Claim),
        "hand" => no_args(Request::Hand),
        "help" => Ok(Some(Request::Help)),
        "move" | "m" => {
            // The move text is taken whole: moves may contain colons and parentheses,
            // characters that look like options.
            let t = rest
                .strip_prefix("text:")
                .or_else(|| rest.strip_prefix("move:"))
                .unwrap_or(rest)
                .trim();
            if t.is_empty() {
                return Err("Type the move after `/move`, for example `/move e4`.".to_string());
            }
            Ok(Some(Request::Move {
                text: t.to_string(),
            }))
        }
        "draw" => {
            let a = option("action")
                .map(str::to_string)
                .or_else(|| positional.first().cloned())
                .unwrap_or_default();
            let action = match a.to_ascii_lowercase().as_str() {
                "offer" => DrawAction::Offer,
                "accept" => DrawAction::Accept,
                "decline" => DrawAction::Decline,
                "claim" => DrawAction::Claim,
                _ => {
                    return Err(
                        "Say `/draw offer`, `/draw accept`, `/draw decline` or `/draw claim`."
                            .to_string(),
                    )
                }
            };
            Ok(Some(Request::Draw(action)))
        }
        "games" => {
            let who = option("user")
                .or(option("player"))
                .map(str::to_string)
                .or_else(|| positional.first().cloned());
            Ok(Some(Request::Games(
                match who.as_deref().and_then(user_ref) {
                    Some(name) => GamesScope::User(resolve(name).id),
                    None => GamesScope::Server,
                },
            )))
        }
        "profile" => {
            let who = option("user")
                .or(option("player"))
                .map(str::to_string)
                .or_else(|| positional.first().cloned());
            if positional.len() > 1 {
                return Err("`/profile` takes at most one player.".to_string());
            }
            Ok(Some(Request::Profile {
                user: who.as_deref().and_then(user_ref).map(resolve),
            }))
        }
        "leaderboard" => {
            let v = option("variant")
                .map(str::to_string)
                .or_else(|| positional.first().cloned());
            Ok(Some(Request::Leaderboard {
                variant: v.as_deref().map(parse_variant).transpose()?,
            }))
        }
        "rules" => {
            let v = option("variant")
                .map(str::to_string)
                .or_else(|| positional.first().cloned());
            Ok(Some(Request::Rules {
                variant: v.as_deref().map(parse_variant).transpose()?,
            }))
        }
        "legend" => {
            let v = option("variant")
                .map(str::to_string)
                .or_else(|| positional.first().cloned());
            Ok(Some(Request::Legend {
                variant: v.as_deref().map(parse_variant).transpose()?,
            }))
        }
        other => Err(format!("There is no command `/{other}`; try `/help`.")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(name: &str) -> User {
        User {
            id: name.len() as u64,
            name: name.to_string(),
        }
    }

    fn parse(t: &str) -> Result<Option<Request>, String> {
        parse_command(t, &user)
    }

    #[test]
    fn challenge_forms() {
        let r = parse("/challenge @bob standard color:white days:3").expect("ok");
        assert_eq!(
            r,
            Some(Request::Challenge {
                opponent: user("bob"),
                variant: VariantId::Standard,
                color: ColorChoice::White,
                days: Some(3),
                options: Options::new(),
                rated: true,
            })
        );
        let r =
            parse("/challenge opponent:@carol variant:wand wands:moderated days:none").expect("ok");
        let Some(Request::Challenge {
            opponent,
            variant,
            days,
            options,
            color,
            rated,
        }) = r
        else {
            panic!("not a challenge")
        };
        assert_eq!(opponent, user("carol"));
        assert_eq!(variant, VariantId::Wand);
        assert_eq!(days, Some(0));
        assert_eq!(color, ColorChoice::Random);
        assert_eq!(options.get("wands").map(String::as_str), Some("moderated"));
        assert!(rated, "challenges are rated by default");
        assert!(parse("/challenge standard").is_err());
        let why = parse("/challenge @bob wand wands:moderated wands:rolled").expect_err("twice");
        assert!(why.contains("`wands` is given twice"), "{why}");
        assert!(why.contains("`moderated` and `rolled`"), "{why}");
        assert!(parse("/challenge @bob color:white colour:black").is_err());
        assert!(parse("/challenge @bob chequers").is_err());
    }

    #[test]
    fn moves_keep_colons_and_spaces() {
        assert_eq!(
            parse("/move Ze4:e4").expect("ok"),
            Some(Request::Move {
                text: "Ze4:e4".to_string()
            })
        );
        assert_eq!(
            parse("/move e4 (freeze d5)").expect("ok"),
            Some(Request::Move {
                text: "e4 (freeze d5)".to_string()
            })
        );
        assert_eq!(parse("e4").expect("ok"), None);
    }

    #[test]
    fn other_commands() {
        assert_eq!(
            parse("/draw offer").expect("ok"),
            Some(Request::Draw(DrawAction::Offer))
        );
        assert_eq!(
            parse("/draw action:claim").expect("ok"),
            Some(Request::Draw(DrawAction::Claim))
        );
        assert_eq!(
            parse("/rules spell").expect("ok"),
            Some(Request::Rules {
                variant: Some(VariantId::Spell)
            })
        );
        assert_eq!(
            parse("/games").expect("ok"),
            Some(Request::Games(GamesScope::Server))
        );
        assert_eq!(
            parse("/games @bob").expect("ok"),
            Some(Request::Games(GamesScope::User(3)))
        );
        assert!(parse("/resign now").is_err());
        assert!(parse("/frobnicate").is_err());
        assert!(parse("/draw").is_err());
    }

    #[test]
    fn casual_profile_and_leaderboard() {
        let Some(Request::Challenge { rated, options, .. }) =
            parse("/challenge @bob spell rated:false").expect("ok")
        else {
            panic!("not a challenge")
        };
        assert!(!rated);
        assert!(options.is_empty(), "rated is not a variant option");
        assert!(parse("/challenge @bob rated:maybe").is_err());
        assert_eq!(
            parse("/profile").expect("ok"),
            Some(Request::Profile { user: None })
        );
        assert_eq!(
            parse("/profile @bob").expect("ok"),
            Some(Request::Profile {
                user: Some(user("bob"))
            })
        );
        assert_eq!(
            parse("/leaderboard wand").expect("ok"),
            Some(Request::Leaderboard {
                variant: Some(VariantId::Wand)
            })
        );
        assert_eq!(
            parse("/leaderboard").expect("ok"),
            Some(Request::Leaderboard { variant: None })
        );
        assert!(parse("/leaderboard chequers").is_err());
    }
}
