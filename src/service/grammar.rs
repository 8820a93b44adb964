//! The command grammar: ONE table of the commands and their options (names,
//! descriptions, choices, ranges), and the one translation of an invoked command into a
//! service [`Request`]. The Discord definitions, the typed-command parser of
//! `arcana local` ([`super::command`]), the `/help` text and the autocompleted option
//! are all derived from [`COMMANDS`]; front ends only turn their own input into
//! [`Values`].
//!
//! One rule for option values (ruling X-GRAMMAR-1 in `docs/rulings-extra.md`): a
//! choice is one of its listed values, whole words, case-insensitive, never an
//! abbreviation; a number must lie in its declared range; variant options are
//! `key:value` (or `key=value`) pairs, each key given once.

use super::api::{
    ChallengeAnswer, ChallengeTarget, ColorChoice, DrawAction, GamesScope, Request, User,
};
use super::{MAX_CHOICES, MAX_DAYS, MAX_TEXT};
use crate::core::notation::echo;
use crate::i18n::{self, Lang};
use crate::tr;
use crate::variants::{Options, VariantId};
use std::collections::BTreeMap;

/// What an option's value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Free text of at most `max` characters.
    Text {
        max: usize,
    },
    /// An answer to the game's question, taken whole (it may hold `:` and spaces) and
    /// completed from the legal answers of the asked player.
    Answer {
        max: usize,
    },
    /// A whole number in `min..=max`; `named` are words that stand for a number.
    Integer {
        min: i64,
        max: i64,
        named: &'static [(&'static str, i64)],
    },
    Bool,
    /// A person (a mention).
    User,
    /// One of fixed choices, by value (their words: `choice-<value>` in the catalogs).
    Choice(&'static [&'static str]),
    /// A playable variant (the choices come from the variant list).
    Variant,
    /// Variant options, `key:value` pairs (typed commands also take them loose).
    Pairs {
        max: usize,
    },
}

/// One option of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The registered name; what it says and its names in other languages are in the
    /// catalogs (`cmd-<command>-<option>-description`, [`CommandSpec::option_text`]).
    pub name: &'static str,
    pub kind: Kind,
    pub required: bool,
    /// Typed commands may give it as a plain word (`/rules standard`, `/draw offer`).
    pub positional: bool,
    /// Other names typed commands accept (`colour:`).
    pub aliases: &'static [&'static str],
}

/// One command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandSpec {
    /// The registered name; what it says, what `/help` adds and its names in other
    /// languages are in the catalogs (`cmd-<command>-description`, [`CommandSpec::text`]).
    pub name: &'static str,
    pub options: &'static [OptionSpec],
    /// Its replies are for the invoker alone (a deferral can already be private).
    pub private: bool,
    /// Other names typed commands accept (`/m`).
    pub aliases: &'static [&'static str],
}

impl CommandSpec {
    /// The catalog's `cmd-<command>-<what>` in `lang` (`what`: `name`, `description`,
    /// `help`).
    pub fn text(&self, what: &str, lang: Lang) -> String {
        i18n::tr(lang, &format!("cmd-{}-{what}", self.name))
    }

    /// What `/help` adds after the description, if the catalog says anything.
    pub fn help(&self, lang: Lang) -> Option<String> {
        let key = format!("cmd-{}-help", self.name);
        i18n::has(Lang::En, &key).then(|| i18n::tr(lang, &key))
    }

    /// The catalog's `cmd-<command>-<option>-<what>` in `lang` (`name`, `description`).
    pub fn option_text(&self, o: &OptionSpec, what: &str, lang: Lang) -> String {
        i18n::tr(lang, &format!("cmd-{}-{}-{what}", self.name, o.name))
    }

    pub fn option(&self, name: &str) -> Option<&'static OptionSpec> {
        let name = name.to_ascii_lowercase();
        self.options
            .iter()
            .find(|o| o.name == name || o.aliases.contains(&name.as_str()))
    }
}

const fn opt(name: &'static str, kind: Kind) -> OptionSpec {
    OptionSpec {
        name,
        kind,
        required: false,
        positional: false,
        aliases: &[],
    }
}

const fn cmd(name: &'static str, private: bool) -> CommandSpec {
    CommandSpec {
        name,
        options: &[],
        private,
        aliases: &[],
    }
}

const TOURNAMENT_ACTIONS: &[&str] = &[
    "create",
    "join",
    "leave",
    "start",
    "standings",
    "pairings",
    "withdraw",
    "cancel",
    "export",
];
const COLORS: &[&str] = &["white", "black", "random"];
const ON_OFF: &[&str] = &["on", "off"];
const DRAW_ACTIONS: &[&str] = &["offer", "accept", "decline", "claim"];

const PLAYER: OptionSpec = OptionSpec {
    positional: true,
    aliases: &["user"],
    ..opt("player", Kind::User)
};

/// Which challenge an answer means, when several wait in a channel.
const CHALLENGER: OptionSpec = OptionSpec {
    positional: true,
    ..opt("player", Kind::User)
};

/// THE table of commands: everything a front end offers is derived from it.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        options: &[
            OptionSpec {
                positional: true,
                ..opt("opponent", Kind::User)
            },
            OptionSpec {
                positional: true,
                ..opt("variant", Kind::Variant)
            },
            OptionSpec {
                positional: true,
                aliases: &["colour"],
                ..opt("color", Kind::Choice(COLORS))
            },
            opt(
                "days",
                Kind::Integer {
                    min: 0,
                    max: MAX_DAYS as i64,
                    named: &[("none", 0), ("off", 0), ("unlimited", 0)],
                },
            ),
            opt(
                "bank",
                Kind::Integer {
                    min: 0,
                    max: super::MAX_BANK_DAYS as i64,
                    named: &[("none", 0), ("off", 0)],
                },
            ),
            opt("options", Kind::Pairs { max: MAX_TEXT }),
            opt(
                "level",
                Kind::Integer {
                    min: *crate::engine::LEVELS.start() as i64,
                    max: *crate::engine::LEVELS.end() as i64,
                    named: &[],
                },
            ),
            opt("rated", Kind::Bool),
        ],
        ..cmd("challenge", false)
    },
    CommandSpec {
        options: &[CHALLENGER],
        ..cmd("accept", false)
    },
    CommandSpec {
        options: &[CHALLENGER],
        ..cmd("decline", false)
    },
    CommandSpec {
        options: &[OptionSpec { ..CHALLENGER }],
        ..cmd("cancel", false)
    },
    CommandSpec {
        options: &[OptionSpec {
            required: true,
            positional: true,
            aliases: &["move"],
            ..opt("text", Kind::Answer { max: MAX_TEXT })
        }],
        aliases: &["m"],
        ..cmd("move", false)
    },
    cmd("board", true),
    CommandSpec {
        options: &[OptionSpec {
            positional: true,
            ..opt(
                "text",
                Kind::Text {
                    max: super::notes::MAX_NOTES,
                },
            )
        }],
        ..cmd("note", true)
    },
    CommandSpec {
        options: &[OptionSpec {
            positional: true,
            ..opt(
                "line",
                Kind::Text {
                    max: super::conditional::MAX_LINE_TEXT,
                },
            )
        }],
        ..cmd("conditional", true)
    },
    CommandSpec {
        options: &[OptionSpec {
            positional: true,
            ..opt("action", Kind::Choice(&["ask", "accept", "decline"]))
        }],
        ..cmd("takeback", false)
    },
    cmd("history", true),
    cmd("export", true),
    CommandSpec {
        options: &[OptionSpec {
            positional: true,
            ..opt(
                "game",
                Kind::Integer {
                    min: 1,
                    max: i64::MAX,
                    named: &[],
                },
            )
        }],
        ..cmd("review", true)
    },
    cmd("resign", false),
    CommandSpec {
        options: &[OptionSpec {
            required: true,
            positional: true,
            ..opt("action", Kind::Choice(DRAW_ACTIONS))
        }],
        ..cmd("draw", false)
    },
    cmd("abort", false),
    cmd("claim", false),
    cmd("hand", true),
    cmd("rematch", false),
    CommandSpec {
        options: &[
            PLAYER,
            OptionSpec {
                positional: true,
                ..opt("list", Kind::Choice(&["mine"]))
            },
        ],
        ..cmd("games", true)
    },
    CommandSpec {
        options: &[OptionSpec { ..PLAYER }],
        ..cmd("profile", true)
    },
    CommandSpec {
        options: &[OptionSpec {
            positional: true,
            ..opt("variant", Kind::Variant)
        }],
        ..cmd("leaderboard", true)
    },
    CommandSpec {
        options: &[OptionSpec {
            required: true,
            positional: true,
            ..opt("dm", Kind::Choice(ON_OFF))
        }],
        ..cmd("reminders", true)
    },
    CommandSpec {
        options: &[OptionSpec {
            positional: true,
            ..opt("state", Kind::Choice(ON_OFF))
        }],
        ..cmd("vacation", true)
    },
    CommandSpec {
        options: &[
            opt("confirm", Kind::Choice(ON_OFF)),
            opt("digest", Kind::Choice(&["daily", "off"])),
            opt("reminders", Kind::Choice(ON_OFF)),
            opt("web", Kind::Choice(ON_OFF)),
            opt("boards", Kind::Choice(&["mover", "white"])),
            opt("language", Kind::Choice(&crate::i18n::SETTING_CHOICES)),
        ],
        ..cmd("settings", true)
    },
    CommandSpec {
        options: &[
            OptionSpec {
                required: true,
                positional: true,
                ..opt("action", Kind::Choice(TOURNAMENT_ACTIONS))
            },
            opt("name", Kind::Text { max: 80 }),
            opt("variant", Kind::Variant),
            opt("options", Kind::Pairs { max: MAX_TEXT }),
            opt("format", Kind::Choice(&["round-robin", "swiss"])),
            opt(
                "cycles",
                Kind::Integer {
                    min: 1,
                    max: 2,
                    named: &[],
                },
            ),
            opt(
                "rounds",
                Kind::Integer {
                    min: 1,
                    max: 30,
                    named: &[],
                },
            ),
            opt(
                "days",
                Kind::Integer {
                    min: 0,
                    max: MAX_DAYS as i64,
                    named: &[("none", 0), ("off", 0), ("unlimited", 0)],
                },
            ),
            opt(
                "bank",
                Kind::Integer {
                    min: 0,
                    max: super::MAX_BANK_DAYS as i64,
                    named: &[("none", 0), ("off", 0)],
                },
            ),
            opt("rated", Kind::Bool),
            opt("vacation", Kind::Bool),
            opt(
                "limit",
                Kind::Integer {
                    min: 2,
                    max: 1000,
                    named: &[],
                },
            ),
            opt(
                "start",
                Kind::Integer {
                    min: 1,
                    max: 24 * 60,
                    named: &[],
                },
            ),
            opt("player", Kind::User),
            opt("confirm", Kind::Bool),
            opt(
                "event",
                Kind::Integer {
                    min: 1,
                    max: 9_007_199_254_740_991,
                    named: &[],
                },
            ),
        ],
        ..cmd("tournament", false)
    },
    CommandSpec {
        options: &[OptionSpec {
            positional: true,
            ..opt("variant", Kind::Variant)
        }],
        ..cmd("rules", true)
    },
    CommandSpec {
        options: &[OptionSpec {
            positional: true,
            ..opt("variant", Kind::Variant)
        }],
        ..cmd("legend", true)
    },
    cmd("help", true),
    cmd("web", true),
];

/// The command called `name` (or one of its aliases), case-insensitive.
pub fn command(name: &str) -> Option<&'static CommandSpec> {
    let name = name.to_ascii_lowercase();
    COMMANDS
        .iter()
        .find(|c| c.name == name || c.aliases.contains(&name.as_str()))
}

/// Whether a command's reply is meant for the invoker alone.
pub fn is_private(name: &str) -> bool {
    command(name).is_some_and(|c| c.private)
}

/// What a front end completes an option from as it is typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completion {
    /// The legal answers of the asked player (`Service::autocomplete`).
    Answers,
    /// The options the chosen variant declares ([`complete_options`]).
    VariantOptions,
}

/// How the option `option` of command `name` is completed, if it is.
pub fn completion(name: &str, option: &str) -> Option<Completion> {
    match command(name)?.option(option)?.kind {
        Kind::Answer { .. } => Some(Completion::Answers),
        Kind::Pairs { .. } => Some(Completion::VariantOptions),
        _ => None,
    }
}

/// Whether the option `option` of command `name` is completed from the game's legal
/// answers.
pub fn completes_answers(name: &str, option: &str) -> bool {
    completion(name, option) == Some(Completion::Answers)
}

/// The completions of a challenge's variant options typed so far (`typed`), from the
/// options `variant` declares (none named: the default variant): the pairs already
/// typed, then each declared `name:value` whose option is not given yet and that
/// starts with the last word typed (or whose value does). At most [`MAX_CHOICES`].
pub fn complete_options(variant: Option<VariantId>, typed: &str) -> Vec<String> {
    let decls = variant.unwrap_or(VariantId::DEFAULT).options();
    let mut words: Vec<&str> = typed
        .split([',', ' ', ';'])
        .filter(|s| !s.is_empty())
        .collect();
    let ends_word = typed.ends_with([',', ' ', ';']) || typed.is_empty();
    let last = if ends_word {
        String::new()
    } else {
        words
            .pop()
            .unwrap_or_default()
            .to_ascii_lowercase()
            .replace('=', ":")
    };
    let given: Vec<String> = words
        .iter()
        .map(|w| {
            let key = w.split_once([':', '=']).map_or(*w, |(k, _)| k);
            key.trim().to_ascii_lowercase()
        })
        .collect();
    let before: String = words.iter().map(|w| format!("{w} ")).collect();
    let mut out: Vec<String> = decls
        .iter()
        .filter(|d| !given.iter().any(|g| g == d.name))
        .flat_map(|d| d.choices.iter().map(move |c| (d.name, c.value)))
        .filter(|(name, value)| {
            let pair = format!("{name}:{value}");
            pair.starts_with(&last) || value.starts_with(&last)
        })
        .map(|(name, value)| format!("{before}{name}:{value}"))
        .collect();
    out.truncate(MAX_CHOICES);
    out
}

/// An invoked option's value, independent of any front end's types.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Text(String),
    Integer(i64),
    Bool(bool),
    User(User),
}

/// An invoked command's options by name.
pub type Values = BTreeMap<String, Value>;

fn unknown_variant(v: &str, lang: Lang) -> String {
    let ids: Vec<String> = VariantId::available()
        .iter()
        .map(|v| v.id().to_string())
        .collect();
    tr!(
        lang,
        "grammar-unknown-variant",
        given = echo(v),
        choices = ids.join(", ")
    )
}

/// `items` quoted and joined as one of them (`` `a`, `b` or `c` ``) in `lang`.
fn one_of(items: &[String], lang: Lang) -> String {
    let quoted: Vec<String> = items.iter().map(|t| format!("`{t}`")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => tr!(
            lang,
            "grammar-or",
            rest = rest.join(", "),
            last = last.as_str()
        ),
    }
}

/// The one check of a value against its option: the type, the choices, the range.
/// Returns the value in canonical form (a choice or variant as its value, lower case).
/// Refusals in English.
pub fn check(o: &OptionSpec, value: Value) -> Result<Value, String> {
    check_in(o, value, Lang::En)
}

/// [`check`], its refusals in `lang`.
pub fn check_in(o: &OptionSpec, value: Value, lang: Lang) -> Result<Value, String> {
    let name = o.name;
    match (o.kind, value) {
        (Kind::Text { max } | Kind::Pairs { max }, Value::Text(t)) => {
            if t.chars().count() > max {
                Err(tr!(
                    lang,
                    "grammar-too-long",
                    option = name,
                    max = max.to_string()
                ))
            } else {
                Ok(Value::Text(t))
            }
        }
        (Kind::Answer { .. }, Value::Text(t)) => Ok(Value::Text(t)),
        (Kind::Integer { min, max, .. }, Value::Integer(n)) => {
            if (min..=max).contains(&n) {
                Ok(Value::Integer(n))
            } else {
                Err(range_refusal(o, &n.to_string(), lang))
            }
        }
        (Kind::Bool, Value::Bool(b)) => Ok(Value::Bool(b)),
        (Kind::User, Value::User(u)) => Ok(Value::User(u)),
        // A choice is typed as its value or as its name (English or the reader's), as
        // `/help` writes it (`language:german`).
        (Kind::Choice(choices), Value::Text(t)) => choices
            .iter()
            .find(|v| {
                let t = t.trim();
                v.eq_ignore_ascii_case(t)
                    || choice_label(v, Lang::En).eq_ignore_ascii_case(t)
                    || choice_label(v, lang).eq_ignore_ascii_case(t)
            })
            .map(|v| Value::Text(v.to_string()))
            .ok_or_else(|| choice_refusal(o, choices, &t, lang)),
        (Kind::Variant, Value::Text(t)) => VariantId::parse(&t)
            .map(|v| Value::Text(v.id().to_string()))
            .ok_or_else(|| unknown_variant(&t, lang)),
        (_, Value::Text(_)) => Err(tr!(lang, "grammar-no-text", option = name)),
        (_, Value::Integer(_)) => Err(tr!(lang, "grammar-no-number", option = name)),
        (_, Value::Bool(_)) => Err(tr!(lang, "grammar-no-bool", option = name)),
        (_, Value::User(_)) => Err(tr!(lang, "grammar-no-person", option = name)),
    }
}

fn range_refusal(o: &OptionSpec, given: &str, lang: Lang) -> String {
    match o.kind {
        Kind::Integer { min, max, named } => match named.first() {
            None => tr!(
                lang,
                "grammar-not-in-range",
                option = o.name,
                min = min.to_string(),
                max = max.to_string(),
                given = echo(given)
            ),
            Some((word, _)) => tr!(
                lang,
                "grammar-not-in-range-or-word",
                option = o.name,
                min = min.to_string(),
                max = max.to_string(),
                word = *word,
                given = echo(given)
            ),
        },
        _ => tr!(
            lang,
            "grammar-cannot-be",
            option = o.name,
            given = echo(given)
        ),
    }
}

fn choice_refusal(o: &OptionSpec, choices: &[&str], given: &str, lang: Lang) -> String {
    let values: Vec<String> = choices.iter().map(|v| v.to_string()).collect();
    let list = one_of(&values, lang).replace('`', "");
    tr!(
        lang,
        "grammar-not-a-choice",
        option = o.name,
        choices = list,
        given = echo(given)
    )
}

/// Reads a typed value for option `o` (a typed command's `name:value` or plain word),
/// then checks it. `resolve` turns a mentioned name into a user. Refusals in English.
pub fn read(o: &OptionSpec, raw: &str, resolve: &dyn Fn(&str) -> User) -> Result<Value, String> {
    read_in(o, raw, resolve, Lang::En)
}

/// [`read`], its refusals in `lang`.
pub fn read_in(
    o: &OptionSpec,
    raw: &str,
    resolve: &dyn Fn(&str) -> User,
    lang: Lang,
) -> Result<Value, String> {
    let value = match o.kind {
        Kind::Text { .. } | Kind::Answer { .. } | Kind::Pairs { .. } => {
            Value::Text(raw.to_string())
        }
        Kind::Choice(_) | Kind::Variant => Value::Text(raw.to_string()),
        Kind::Integer { named, .. } => {
            let lower = raw.trim().to_ascii_lowercase();
            match named.iter().find(|(w, _)| *w == lower) {
                Some((_, n)) => Value::Integer(*n),
                None => Value::Integer(
                    lower
                        .parse::<i64>()
                        .map_err(|_| range_refusal(o, raw, lang))?,
                ),
            }
        }
        Kind::Bool => match raw.trim().to_ascii_lowercase().as_str() {
            "true" | "yes" | "ja" => Value::Bool(true),
            "false" | "no" | "nein" => Value::Bool(false),
            _ => {
                return Err(tr!(
                    lang,
                    "grammar-true-or-false",
                    option = o.name,
                    given = echo(raw)
                ))
            }
        },
        Kind::User => {
            Value::User(resolve(user_ref(raw).ok_or_else(|| {
                tr!(lang, "grammar-name-a-player", option = o.name)
            })?))
        }
    };
    check_in(o, value, lang)
}

/// Reads a user reference: `@name`, `<@name>` or a bare name.
pub fn user_ref(word: &str) -> Option<&str> {
    let w = word.trim().trim_start_matches('<').trim_end_matches('>');
    let w = w.strip_prefix('@').unwrap_or(w);
    (!w.is_empty()).then_some(w)
}

/// Parses `key=value` (or `key:value`) pairs into variant options; a key given twice
/// is refused (in English).
pub fn parse_options(pairs: &[String]) -> Result<Options, String> {
    parse_options_in(pairs, Lang::En)
}

/// [`parse_options`], its refusals in `lang`.
pub fn parse_options_in(pairs: &[String], lang: Lang) -> Result<Options, String> {
    let mut options = Options::new();
    for p in pairs {
        let (k, v) = p
            .split_once(['=', ':'])
            .ok_or_else(|| tr!(lang, "grammar-pair-shape", given = echo(p)))?;
        let (k, v) = (k.trim().to_ascii_lowercase(), v.trim().to_ascii_lowercase());
        if let Some(first) = options.get(&k) {
            return Err(repeated_option_in(&k, first, &v, lang));
        }
        options.insert(k, v);
    }
    Ok(options)
}

/// The refusal of an option given twice (`wands:moderated wands:rolled`): neither is
/// silently preferred. In English.
pub fn repeated_option(key: &str, first: &str, second: &str) -> String {
    repeated_option_in(key, first, second, Lang::En)
}

/// [`repeated_option`] in `lang`.
pub fn repeated_option_in(key: &str, first: &str, second: &str, lang: Lang) -> String {
    if first == second {
        tr!(lang, "grammar-option-twice", key = echo(key))
    } else {
        tr!(
            lang,
            "grammar-option-twice-differently",
            key = echo(key),
            first = echo(first),
            second = echo(second)
        )
    }
}

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
        "settings" => settings_request(&text),
        "tournament" => tournament_request(&checked, lang)?,
        other => return Err(tr!(lang, "grammar-no-command", name = other)),
    })
}

/// `/takeback`'s `action`: accept or decline the opponent's request, else ask for one.
fn takeback_action(action: Option<&str>) -> super::takeback::TakebackAction {
    match action {
        Some("accept") => super::takeback::TakebackAction::Accept,
        Some("decline") => super::takeback::TakebackAction::Decline,
        _ => super::takeback::TakebackAction::Ask,
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
    super::tournament::request(
        checked.text("action").as_deref().unwrap_or_default(),
        |k| checked.text(k),
        |k| checked.integer(k),
        |k| checked.flag(k),
        checked.user("player"),
        checked.variant("variant"),
        lang,
    )
}

/// `/settings`: a server's setting (moderators) stands alone; else the player's own.
fn settings_request(text: &dyn Fn(&str) -> Option<String>) -> Request {
    match (text("web"), text("language"), text("boards")) {
        (Some(web), _, _) => Request::ServerWeb { on: web == "on" },
        (None, None, Some(boards)) => Request::ServerBoards {
            white: boards == "white",
        },
        (None, Some(language), _) => Request::ServerLanguage {
            lang: (language != "auto").then(|| Lang::from_locale(&language)),
        },
        (None, None, None) => Request::Settings(super::confirm::SettingsChange {
            confirm: text("confirm").map(|v| v == "on"),
            digest: text("digest").map(|v| v == "daily"),
            reminders: text("reminders").map(|v| v == "on"),
        }),
    }
}

/// A command's values, each checked against its option.
struct Checked(Values);

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

/// How `/help` writes an option: `@opponent`, `[variant]`, `[color:white|black|random]`,
/// `[days:0-14]`.
pub fn usage(o: &OptionSpec) -> String {
    bracketed(o, shape(o, o.name, Lang::En))
}

/// How `/help` in `lang` writes option `o` of command `c`, with the option's and the
/// choices' names in that language (as Discord shows them there).
pub fn usage_in(c: &CommandSpec, o: &OptionSpec, lang: Lang) -> String {
    bracketed(o, shape(o, &c.option_text(o, "name", lang), lang))
}

/// How `/help` in `lang` writes command `c` with its options: `/vacation [on|off]`.
pub fn command_usage_in(c: &CommandSpec, lang: Lang) -> String {
    let mut line = format!("/{}", c.text("name", lang));
    for o in c.options {
        line.push(' ');
        line.push_str(&usage_in(c, o, lang));
    }
    line
}

fn bracketed(o: &OptionSpec, shape: String) -> String {
    if o.required {
        shape
    } else {
        format!("[{shape}]")
    }
}

fn shape(o: &OptionSpec, name: &str, lang: Lang) -> String {
    match o.kind {
        Kind::User if o.positional => format!("@{name}"),
        Kind::Answer { .. } => format!("<{name}>"),
        // Free text a command takes whole (a note).
        Kind::Text { .. } if o.positional => format!("<{name}>"),
        Kind::Variant if o.positional => format!("<{name}>"),
        Kind::Choice(choices) => {
            let words: Vec<String> = choices
                .iter()
                .map(|v| choice_label(v, lang).to_lowercase())
                .collect();
            format!("{name}:{}", words.join("|"))
        }
        // A game's or an event's number: no range worth reading.
        Kind::Integer { max, .. } if max > 1_000_000 => {
            format!("{name}:{}", i18n::tr(lang, "help-number"))
        }
        Kind::Integer { min, max, .. } => format!("{name}:{min}-{max}"),
        Kind::Bool => format!("{name}:true|false"),
        Kind::Pairs { .. } => i18n::tr(lang, "help-pairs"),
        Kind::Text { .. } | Kind::User | Kind::Variant => format!("{name}:…"),
    }
}

/// The word for the choice `value` in `lang` (the catalog's `choice-<value>`).
pub fn choice_label(value: &str, lang: Lang) -> String {
    i18n::tr(lang, &format!("choice-{value}"))
}

/// The help in messages that each fit a chat message (Discord's 2,000 characters),
/// split between commands.
pub fn help_parts() -> Vec<String> {
    help_parts_in(Lang::En)
}

/// [`help_parts`] in `lang`.
pub fn help_parts_in(lang: Lang) -> Vec<String> {
    const LIMIT: usize = 1900;
    let mut parts: Vec<String> = Vec::new();
    let mut part = String::new();
    for line in help_text_in(lang).lines() {
        if !part.is_empty() && part.chars().count() + line.chars().count() + 1 > LIMIT {
            parts.push(std::mem::take(&mut part));
        }
        if !part.is_empty() {
            part.push('\n');
        }
        part.push_str(line);
    }
    if !part.is_empty() {
        parts.push(part);
    }
    parts
}

/// What the computer's levels mean, as measured (`engine::strength`), for `/challenge`'s
/// line of `/help`: the ladders on an external scale in full, then where the others are.
pub fn levels_note_in(lang: Lang) -> Option<String> {
    use crate::engine::strength::{Scale, MEASURED};
    let mut parts: Vec<String> = MEASURED
        .iter()
        .filter(|l| l.scale == Scale::Stockfish)
        .filter_map(|l| levels_text_in(l.variant, lang))
        .collect();
    if MEASURED.iter().any(|l| l.scale == Scale::Own) {
        parts.push(tr!(lang, "levels-elsewhere"));
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// `variant`'s measured levels in one sentence ("level 5 ≈ 1400, ..."), or `None` when
/// its ladder has not been measured. A level whose 95% interval is wider than
/// ±[`ROUGH`] is not given a figure: the sentence says those levels are weaker (when
/// they are below every named one) or measured too roughly.
pub fn levels_text_in(variant: VariantId, lang: Lang) -> Option<String> {
    levels_sentence(crate::engine::strength::ladder(variant)?, lang)
}

/// [`levels_text_in`] for one ladder; `None` when no level is measured closely enough
/// to name a figure.
fn levels_sentence(l: &crate::engine::strength::Ladder, lang: Lang) -> Option<String> {
    use crate::engine::strength::{rounded, Scale};
    let variant = l.variant;
    let mut named = Vec::new();
    let mut rough: Vec<u8> = Vec::new();
    let mut first_named = None;
    for (level, &(rating, half)) in (1u8..).zip(l.levels.iter()) {
        if half > ROUGH {
            rough.push(level);
        } else {
            first_named.get_or_insert(level);
            named.push(tr!(
                lang,
                "level-about",
                level = i64::from(level),
                rating = i64::from(rounded(rating))
            ));
        }
    }
    if named.is_empty() {
        return None;
    }
    let mut list = named.join(", ");
    if !rough.is_empty() {
        // A run of levels as `1-2`, else each named.
        let run = rough.len() > 1 && rough.windows(2).all(|w| w[0] + 1 == w[1]);
        let levels = match (rough.first(), rough.last()) {
            (Some(a), Some(b)) if run => format!("{a}-{b}"),
            _ => rough
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        };
        // Below every named level they are weaker; elsewhere (the top of a ladder
        // measured from its level 1) only rough.
        let below = rough.iter().all(|&r| first_named.is_some_and(|f| r < f));
        list.push(' ');
        list.push_str(&match below {
            true => tr!(lang, "levels-rough", levels = levels),
            false => tr!(lang, "levels-rough-only", levels = levels),
        });
    }
    Some(match l.scale {
        Scale::Stockfish => tr!(
            lang,
            "levels-stockfish",
            variant = variant.name_in(lang),
            list = list
        ),
        Scale::Own => tr!(
            lang,
            "levels-own",
            variant = variant.name_in(lang),
            list = list
        ),
    })
}

/// The measured rating of `level` in `variant`, rounded for players, with its scale;
/// `None` where the level is not measured or only too roughly ([`ROUGH`]).
pub fn level_rating(
    variant: VariantId,
    level: u8,
) -> Option<(i32, crate::engine::strength::Scale)> {
    use crate::engine::strength::{ladder, rounded};
    let l = ladder(variant)?;
    let &(rating, half) = l.levels.get(usize::from(level).checked_sub(1)?)?;
    (half <= ROUGH).then_some((rounded(rating), l.scale))
}

/// The widest 95% half-interval (rating points) of a level given a figure in help.
pub const ROUGH: i32 = 400;

/// The `/help` text: one line per command of the table.
pub fn help_text() -> String {
    help_text_in(Lang::En)
}

/// [`help_text`] in `lang`: the commands and options as Discord shows them there.
pub fn help_text_in(lang: Lang) -> String {
    let mut lines = vec![i18n::tr(lang, "help-intro")];
    for c in COMMANDS {
        let mut line = format!(
            "`{}` — {}",
            command_usage_in(c, lang),
            c.text("description", lang)
        );
        if let Some(help) = c.help(lang) {
            line.push(' ');
            line.push_str(&help);
        }
        if c.name == "challenge" {
            if let Some(levels) = levels_note_in(lang) {
                line.push(' ');
                line.push_str(&levels);
            }
        }
        lines.push(line);
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_measured_too_roughly_are_named_as_weaker_or_not_at_all() {
        use crate::engine::strength::{Ladder, Scale};
        let mut l = Ladder {
            variant: VariantId::ALL[0],
            scale: Scale::Own,
            levels: [
                (800, 500),
                (900, 450),
                (1000, 100),
                (1100, 500),
                (1200, 100),
                (1300, 100),
                (1400, 100),
                (1500, 100),
            ],
        };
        let text = levels_sentence(&l, Lang::En).expect("some are named");
        assert!(text.contains("level 3 ≈ 1000"), "{text}");
        assert!(!text.contains("level 1 ≈"), "{text}");
        let only = tr!(Lang::En, "levels-rough-only", levels = "1, 2, 4");
        assert!(only.starts_with("(levels 1, 2, 4"), "{only}");
        assert!(text.contains(&only), "{text}");
        assert!(!text.contains("are weaker"), "{text}");
        l.levels[3].1 = 100;
        let text = levels_sentence(&l, Lang::En).expect("some are named");
        assert!(text.contains("(levels 1-2 are weaker"), "{text}");
        // A ladder measured from its level 1 is rough at its top: not weaker there.
        l.levels = [(800, 1); 8];
        for level in &mut l.levels[5..] {
            level.1 = 450;
        }
        let text = levels_sentence(&l, Lang::De).expect("some are named");
        let only = tr!(Lang::De, "levels-rough-only", levels = "6-8");
        assert!(text.contains(&only), "{text}");
        assert!(text.ends_with(&format!("{only}.")), "{text}");
        l.levels = [(800, 999); 8];
        assert_eq!(levels_sentence(&l, Lang::En), None);
    }

    #[test]
    fn names_and_aliases_are_unique() {
        let mut seen = Vec::new();
        for c in COMMANDS {
            for n in std::iter::once(&c.name).chain(c.aliases) {
                assert!(!seen.contains(n), "{n}");
                seen.push(n);
            }
            let mut opts = Vec::new();
            for o in c.options {
                for n in std::iter::once(&o.name).chain(o.aliases) {
                    assert!(!opts.contains(n), "/{} {n}", c.name);
                    opts.push(n);
                }
                let missing = format!("cmd-{}-{}-missing", c.name, o.name);
                assert_eq!(
                    o.required,
                    i18n::has(Lang::En, &missing),
                    "/{} {}",
                    c.name,
                    o.name
                );
            }
        }
    }

    #[test]
    fn one_check_for_choices_and_ranges() {
        let challenge = command("challenge").expect("challenge");
        let color = challenge.option("colour").expect("alias");
        assert_eq!(
            check(color, Value::Text("Black".into())),
            Ok(Value::Text("black".into()))
        );
        // X-GRAMMAR-1: whole words only, in every front end.
        let why = check(color, Value::Text("w".into())).expect_err("abbreviation");
        assert!(why.contains("white, black or random"), "{why}");
        let days = challenge.option("days").expect("days");
        assert!(check(days, Value::Integer(i64::from(MAX_DAYS))).is_ok());
        let why = check(days, Value::Integer(i64::from(MAX_DAYS) + 1)).expect_err("range");
        assert!(why.contains(&format!("0 to {MAX_DAYS}")), "{why}");
        assert!(check(days, Value::Text("3".into())).is_err());
        let resolve = |n: &str| User {
            id: 1,
            name: n.to_string(),
        };
        assert_eq!(read(days, "none", &resolve), Ok(Value::Integer(0)));
        assert!(read(days, "soon", &resolve).is_err());
    }

    // Issue 23: the challenge's `options` are completed from the chosen variant's
    // declared options, the pairs already typed kept in front.
    #[test]
    fn variant_options_complete_from_the_declarations() {
        assert_eq!(
            completion("challenge", "options"),
            Some(Completion::VariantOptions)
        );
        assert_eq!(completion("move", "text"), Some(Completion::Answers));
        assert_eq!(completion("challenge", "variant"), None);
        assert!(completes_answers("m", "move") && !completes_answers("challenge", "options"));
        let wand = Some(VariantId::Wand);
        assert_eq!(
            complete_options(wand, ""),
            ["wands:rolled", "wands:moderated"]
        );
        assert_eq!(complete_options(wand, "wands:m"), ["wands:moderated"]);
        assert_eq!(complete_options(wand, "WANDS=R"), ["wands:rolled"]);
        assert_eq!(complete_options(wand, "mod"), ["wands:moderated"]);
        assert!(complete_options(wand, "colour").is_empty());
        // An option already given is not offered again.
        assert!(complete_options(wand, "wands:rolled ").is_empty());
        let wickets = Some(VariantId::Wickets);
        assert_eq!(
            complete_options(wickets, "decision:dice").len(),
            2,
            "dice and dice2"
        );
        assert_eq!(complete_options(wickets, "").len(), 6);
        // No variant chosen: Chess, which declares none.
        assert!(complete_options(None, "").is_empty());
        assert!(complete_options(Some(VariantId::Spell), "w").is_empty());
    }

    #[test]
    fn help_fits_chat_messages_and_names_every_command() {
        let parts = help_parts();
        assert!(parts.len() <= 2, "{}", parts.len());
        for p in &parts {
            assert!(p.chars().count() < 2000, "{}", p.chars().count());
        }
        assert_eq!(parts.join("\n"), help_text());
        let help = help_text();
        for c in COMMANDS {
            assert!(help.contains(&format!("`/{}", c.name)), "{}", c.name);
        }
    }
}
