//! Variant options declared as data: each variant lists its options
//! ([`super::Rules::OPTIONS`]) with their choices and default, [`check_options`] is the
//! one check of a game's options against them, and `/rules` and the challenge's
//! autocomplete are written from the same declarations.
//!
//! A game's options are stored as given ([`Options`]): a default is never written into
//! them, so a stored game replays from exactly what its challenge said.

use super::Options;
use crate::core::notation::echo;
use crate::i18n::Msg;

/// One value an option may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The value as typed (`moderated`), lower case.
    pub value: &'static str,
    /// What it means, in a few words.
    pub description: &'static str,
}

/// One option of a variant (`wands`), typed `name:value` in `/challenge`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionDecl {
    /// The key as typed (`wands`), lower case.
    pub name: &'static str,
    /// What the option decides, in a few words.
    pub description: &'static str,
    /// Every value it may take.
    pub choices: &'static [Choice],
    /// The value of a game that does not give it; one of `choices`.
    pub default: &'static str,
}

impl OptionDecl {
    /// The allowed values for a sentence: `rolled or moderated`.
    pub fn values_text(&self) -> Msg {
        let values: Vec<String> = self.choices.iter().map(|c| c.value.to_string()).collect();
        plain_either(&values)
    }

    /// The declared choice `value` stands for (trimmed, any case).
    pub fn choice(&self, value: &str) -> Option<&'static Choice> {
        let value = value.trim();
        self.choices
            .iter()
            .find(|c| c.value.eq_ignore_ascii_case(value))
    }

    /// The value `options` gives this option, as its declared choice; `None` when it is
    /// not given (or not one of the choices, which [`check_options`] refuses).
    pub fn given(&self, options: &Options) -> Option<&'static str> {
        options
            .get(self.name)
            .and_then(|v| self.choice(v))
            .map(|c| c.value)
    }

    /// The value a game with `options` plays with: the given one, else the default.
    pub fn value(&self, options: &Options) -> &'static str {
        self.given(options).unwrap_or(self.default)
    }

    /// Every `name:value` pair this option may be given as.
    pub fn pairs(&self) -> impl Iterator<Item = String> + '_ {
        self.choices
            .iter()
            .map(move |c| format!("{}:{}", self.name, c.value))
    }
}

/// The options part of `/rules`, written from the declarations: each option with its
/// default and every choice with what it means, and how to give one in `/challenge`.
pub fn guide(decls: &[OptionDecl]) -> String {
    guide_in(decls, crate::i18n::Lang::En)
}

/// [`guide`] in `lang` (the options' own descriptions are the variant's, in English).
pub fn guide_in(decls: &[OptionDecl], lang: crate::i18n::Lang) -> String {
    let Some(first) = decls.first() else {
        return Msg::new("options-guide-none").in_lang(lang);
    };
    let example = first
        .choices
        .iter()
        .find(|c| c.value != first.default)
        .map_or(first.default, |c| c.value);
    let mut lines = vec![Msg::new("options-guide-head")
        .with("name", first.name)
        .with("example", example)
        .in_lang(lang)];
    for d in decls {
        lines.push(
            Msg::new("options-guide-option")
                .with("name", d.name)
                .with("description", d.description)
                .with("default", d.default)
                .in_lang(lang),
        );
        for c in d.choices {
            lines.push(format!("  ◦ `{}:{}` — {}", d.name, c.value, c.description));
        }
    }
    lines.join("\n")
}

/// THE check of a game's options against its variant's declarations (`variant` is the
/// variant's name for the sentence): every key is a declared option and every value
/// one of its choices. The refusal is one line naming the option and what is allowed.
pub fn check_options(variant: &str, decls: &[OptionDecl], options: &Options) -> Result<(), Msg> {
    for (key, value) in options {
        let Some(decl) = decls.iter().find(|d| d.name == key.as_str()) else {
            return Err(unknown_option(variant, decls, key));
        };
        if decl.choice(value).is_none() {
            return Err(Msg::new("options-bad-value")
                .with("option", decl.name)
                .with("values", decl.values_text())
                .with("value", echo(value)));
        }
    }
    Ok(())
}

fn unknown_option(variant: &str, decls: &[OptionDecl], key: &str) -> Msg {
    let key = echo(key);
    let mut listed: Vec<Msg> = decls
        .iter()
        .map(|d| {
            Msg::new("options-listed")
                .with("name", d.name)
                .with("values", d.values_text())
        })
        .collect();
    let Some(last) = listed.pop() else {
        return Msg::new("options-none")
            .with("variant", variant)
            .with("key", &key);
    };
    match Msg::join("join-comma", listed) {
        None => Msg::new("options-only")
            .with("variant", variant)
            .with("key", &key)
            .with("option", last),
        Some(rest) => Msg::new("options-some")
            .with("variant", variant)
            .with("key", &key)
            .with("options", rest)
            .with("last", last),
    }
}

/// `a`, `a or b`, `a, b or c`, unquoted (option values in a sentence).
fn plain_either(items: &[String]) -> Msg {
    match items {
        [] => Msg::text(""),
        [one] => Msg::text(one.as_str()),
        [rest @ .., last] => Msg::new("notation-or")
            .with("a", rest.join(", "))
            .with("b", last.as_str()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: OptionDecl = OptionDecl {
        name: "size",
        description: "How big",
        choices: &[
            Choice {
                value: "small",
                description: "Small",
            },
            Choice {
                value: "large",
                description: "Large",
            },
        ],
        default: "small",
    };

    fn opts(pairs: &[(&str, &str)]) -> Options {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn one_check_names_the_option_and_its_values() {
        assert_eq!(check_options("Game", &[SIZE], &opts(&[])), Ok(()));
        assert_eq!(
            check_options("Game", &[SIZE], &opts(&[("size", " Large")])),
            Ok(())
        );
        let english = |r: Result<(), Msg>| r.map_err(|m| m.to_string());
        assert_eq!(
            english(check_options("Game", &[], &opts(&[("size", "large")]))),
            Err("Game has no option `size`.".to_string())
        );
        // The catalog's words between the two are not repeated here (tests/i18n.rs).
        let only = english(check_options("Game", &[SIZE], &opts(&[("colour", "x")])))
            .expect_err("no colour");
        assert!(only.starts_with("Game has no option `colour`;"), "{only}");
        assert!(only.ends_with(" `size` (small or large)."), "{only}");
        let both = [
            SIZE,
            OptionDecl {
                name: "speed",
                ..SIZE
            },
        ];
        let why = check_options("Game", &both, &opts(&[("colour", "x")])).expect_err("key");
        assert!(
            why.to_string()
                .ends_with("its options are `size` (small or large) and `speed` (small or large)."),
            "{why}"
        );
        assert_eq!(
            english(check_options("Game", &[SIZE], &opts(&[("size", "huge")]))),
            Err("The `size` option is small or large, not `huge`.".to_string())
        );
    }

    #[test]
    fn the_guide_lists_every_choice_and_the_default() {
        assert_eq!(guide(&[]), "Options: none.");
        let head = Msg::new("options-guide-head")
            .with("name", "size")
            .with("example", "large");
        assert!(head.to_string().starts_with("**Options** — "), "{head}");
        assert_eq!(
            guide(&[SIZE]),
            format!(
                "{head}\n\
                 • `size`: How big (default `small`)\n  \
                 ◦ `size:small` — Small\n  \
                 ◦ `size:large` — Large"
            )
        );
    }

    #[test]
    fn a_default_is_never_written_into_the_options() {
        let none = opts(&[]);
        assert_eq!(SIZE.given(&none), None);
        assert_eq!(SIZE.value(&none), "small");
        assert_eq!(SIZE.value(&opts(&[("size", "LARGE")])), "large");
        assert!(none.is_empty());
        assert_eq!(
            SIZE.pairs().collect::<Vec<_>>(),
            ["size:small", "size:large"]
        );
    }
}
