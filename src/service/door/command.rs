//! Slash-command text, as a user would type it in Discord, into a [`Request`]:
//! `/challenge @bob standard color:white days:3`, `/move e4`, `/draw offer`. Shared
//! by the local front end and any front end that reads typed commands. The commands,
//! their options and the checks of their values all come from the one table of
//! [`crate::service::contract::grammar`]; this module only splits a typed line into option values.

use crate::core::notation::echo;
use crate::i18n::Lang;
use crate::service::contract::api::{Request, User};
use crate::service::contract::grammar::{self, Kind, OptionSpec, Value, Values};
use crate::tr;

/// Typed commands are English (`arcana local`), and so are their refusals.
const LANG: Lang = Lang::En;

/// Whether `word` is a `name:value` option: its name is made of lower-case letters,
/// so moves like `Ze4:e4` stay words.
fn as_option(word: &str) -> Option<(&str, &str)> {
    word.split_once(':').filter(|(k, _)| {
        !k.is_empty()
            && k.chars()
                .all(|c| c.is_ascii_lowercase() || c == '_' || c == '-')
    })
}

/// Whether a plain word certainly fills option `o` (a mention, one of its choices);
/// `loose`: whether it may fill it at all (any word names a variant, or a player when
/// the command takes nothing else).
fn fills(o: &OptionSpec, word: &str, loose: bool, only_option: bool) -> bool {
    match o.kind {
        Kind::User => word.starts_with('@') || word.starts_with("<@") || (loose && only_option),
        Kind::Channel => word.starts_with("<#"),
        Kind::Choice(choices) => choices.iter().any(|v| v.eq_ignore_ascii_case(word)),
        Kind::Variant => loose,
        // A number typed alone (`/review 4`), or one of its named values.
        Kind::Integer { named, .. } => {
            word.parse::<i64>().is_ok() || named.iter().any(|(n, _)| n.eq_ignore_ascii_case(word))
        }
        _ => false,
    }
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
    // Typed commands are English (`arcana local`), and so are their refusals.
    let spec = grammar::command(name).ok_or_else(|| {
        crate::tr!(
            crate::i18n::Lang::En,
            "grammar-no-command",
            name = echo(&name.to_ascii_lowercase())
        )
    })?;
    let mut values = Values::new();
    // An answer is taken whole: moves may contain colons and parentheses, characters
    // that look like options.
    // So is the free text of a command that takes nothing else (a note).
    let whole = |o: &&OptionSpec| match o.kind {
        Kind::Answer { .. } => true,
        Kind::Text { .. } => spec.options.len() == 1,
        _ => false,
    };
    if let Some(o) = spec.options.iter().find(whole) {
        let t = answer_text(o, rest);
        if !t.is_empty() {
            values.insert(o.name.to_string(), grammar::read(o, t, resolve)?);
        }
        return grammar::to_request(spec.name, &values, None).map(Some);
    }
    let Sorted {
        given,
        mut pairs,
        words,
    } = sort_words(spec, rest)?;
    for (k, v) in &given {
        if let Some(o) = spec.option(k) {
            if matches!(o.kind, Kind::Pairs { .. }) {
                pairs.insert(0, (*v).to_string());
            } else {
                values.insert(o.name.to_string(), grammar::read(o, v, resolve)?);
            }
        }
    }
    if let Some(o) = spec
        .options
        .iter()
        .find(|o| matches!(o.kind, Kind::Pairs { .. }))
    {
        if !pairs.is_empty() {
            values.insert(o.name.to_string(), Value::Text(pairs.join(" ")));
        }
    }
    place_words(spec, &words, &mut values, resolve)?;
    grammar::to_request(spec.name, &values, None).map(Some)
}

/// The answer typed after a command that takes one, with or without its option name.
fn answer_text<'a>(o: &OptionSpec, rest: &'a str) -> &'a str {
    let named = std::iter::once(o.name).chain(o.aliases.iter().copied());
    for n in named {
        if let Some(after) = rest.strip_prefix(n).and_then(|r| r.strip_prefix(':')) {
            return after.trim();
        }
    }
    rest
}

/// The words of a typed command, sorted: named options, loose variant options, and
/// plain words.
struct Sorted<'a> {
    given: Vec<(&'static str, &'a str)>,
    pairs: Vec<String>,
    words: Vec<&'a str>,
}

fn sort_words<'a>(spec: &grammar::CommandSpec, rest: &'a str) -> Result<Sorted<'a>, String> {
    let mut sorted = Sorted {
        given: Vec::new(),
        pairs: Vec::new(),
        words: Vec::new(),
    };
    let takes_pairs = spec
        .options
        .iter()
        .any(|o| matches!(o.kind, Kind::Pairs { .. }));
    for w in rest.split_whitespace() {
        let Some((k, v)) = as_option(w) else {
            sorted.words.push(w);
            continue;
        };
        match spec.option(k) {
            Some(o) => {
                // A repeated option (`color:white colour:black`) is refused, never
                // silently resolved.
                if let Some((_, first)) = sorted.given.iter().find(|(n, _)| *n == o.name) {
                    let mut why = grammar::repeated_option(o.name, first, v);
                    if let Some(c) = why.get_mut(0..1) {
                        c.make_ascii_uppercase();
                    }
                    return Err(format!("{why}."));
                }
                sorted.given.push((o.name, v));
            }
            // Loose `key:value` pairs are the variant options, where a command takes
            // them.
            None if takes_pairs => sorted.pairs.push(w.to_string()),
            None => {
                return Err(tr!(
                    LANG,
                    "grammar-no-option",
                    command = spec.name,
                    option = echo(k)
                ))
            }
        }
    }
    Ok(sorted)
}

/// Gives each plain word to the positional option it fills (a certain fit first).
fn place_words(
    spec: &grammar::CommandSpec,
    words: &[&str],
    values: &mut Values,
    resolve: &dyn Fn(&str) -> User,
) -> Result<(), String> {
    let positional: Vec<&OptionSpec> = spec.options.iter().filter(|o| o.positional).collect();
    let only_option = positional.len() == 1;
    for w in words {
        let open = |loose: bool| {
            positional
                .iter()
                .find(|o| !values.contains_key(o.name) && fills(o, w, loose, only_option))
                .copied()
        };
        let Some(o) = open(false).or_else(|| open(true)) else {
            return Err(if spec.options.is_empty() {
                tr!(LANG, "local-no-arguments", command = spec.name)
            } else {
                tr!(
                    LANG,
                    "local-not-understood",
                    word = echo(w),
                    command = spec.name,
                    usage = grammar::command_usage_in(spec, LANG)
                )
            });
        };
        values.insert(o.name.to_string(), grammar::read(o, w, resolve)?);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::contract::api::{ColorChoice, DrawAction, GamesScope};
    use crate::variants::{Options, VariantId};

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
        // Without an opponent: an open challenge, the first taker plays.
        assert!(matches!(
            parse("/challenge standard"),
            Ok(Some(Request::OpenChallenge {
                variant: VariantId::Standard,
                ..
            }))
        ));
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
        assert_eq!(
            parse("/games mine").expect("ok"),
            Some(Request::Games(GamesScope::Mine))
        );
        assert_eq!(
            parse("/games list:mine").expect("ok"),
            Some(Request::Games(GamesScope::Mine))
        );
        // A note is taken whole, colons and parentheses included.
        assert_eq!(
            parse("/note if c5: play c3 (Alapin)").expect("ok"),
            Some(Request::Note {
                text: Some("if c5: play c3 (Alapin)".to_string())
            })
        );
        assert_eq!(
            parse("/note").expect("ok"),
            Some(Request::Note { text: None })
        );
        assert!(parse(&format!("/note {}", "x".repeat(1001))).is_err());
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
        // Issue 28: the name players see works as well as the id.
        assert_eq!(
            parse("/leaderboard chess").expect("ok"),
            Some(Request::Leaderboard {
                variant: Some(VariantId::Standard)
            })
        );
    }
}
