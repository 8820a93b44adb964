//! The command grammar: ONE table of the commands and their options (names,
//! descriptions, choices, ranges), and the one translation of an invoked command into a
//! service [`Request`]. The Discord definitions, the typed-command parser of
//! `arcana local` ([`crate::service::door::command`]), the `/help` text and the autocompleted option
//! are all derived from [`COMMANDS`]; front ends only turn their own input into
//! [`Values`].
//!
//! One rule for option values (ruling X-GRAMMAR-1 in `docs/rulings-extra.md`): a
//! choice is one of its listed values, whole words, case-insensitive, never an
//! abbreviation; a number must lie in its declared range; variant options are
//! `key:value` (or `key=value`) pairs, each key given once.

mod help;
mod requests;
mod table;

pub use help::*;
pub use requests::*;
pub use table::COMMANDS;

use crate::core::notation::echo;
use crate::i18n::{self, Lang};
use crate::service::contract::api::{
    ChallengeAnswer, ChallengeTarget, ColorChoice, DrawAction, GamesScope, Request, User,
};
use crate::service::{MAX_CHOICES, MAX_DAYS, MAX_TEXT};
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
    /// A channel of the server (a channel mention, `<#id>`).
    Channel,
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
    /// A channel by its id.
    Channel(u64),
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
        (Kind::Channel, Value::Channel(c)) => Ok(Value::Channel(c)),
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
        (_, Value::Channel(_)) => Err(tr!(lang, "grammar-no-channel", option = name)),
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
        Kind::Channel => Value::Channel(channel_ref(raw).ok_or_else(|| {
            tr!(
                lang,
                "grammar-name-a-channel",
                option = o.name,
                given = echo(raw)
            )
        })?),
    };
    check_in(o, value, lang)
}

/// Reads a channel reference: `<#123>`, `#123` or a bare id.
pub fn channel_ref(word: &str) -> Option<u64> {
    let w = word.trim();
    let w = w
        .strip_prefix("<#")
        .and_then(|r| r.strip_suffix('>'))
        .or_else(|| w.strip_prefix('#'))
        .unwrap_or(w);
    w.parse::<u64>().ok().filter(|id| *id > 0)
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
        // `/help` answers with every part; three since `/settings` took the daily
        // puzzle's options.
        assert!(parts.len() <= 3, "{}", parts.len());
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
