//! The one command grammar: every command of the table appears in the Discord
//! definitions, the typed-command parser of `arcana local` and `/help`, with the same
//! options, choices and ranges, and both front ends turn the same values into the same
//! request.

use arcana::discord::commands::{definitions, to_request, OptionValue};
use arcana::i18n::Lang;
use arcana::service::api::User;
use arcana::service::command::parse_command;
use arcana::service::grammar::{self, Kind, OptionSpec, COMMANDS};
use arcana::service::{help_text, MAX_DAYS};
use serde_json::Value as Json;
use std::collections::HashMap;

fn user(name: &str) -> User {
    User {
        id: name.len() as u64 * 1000 + 7,
        name: name.to_string(),
    }
}

/// Discord's option type codes (3 string, 4 integer, 5 boolean, 6 user).
fn discord_type(o: &OptionSpec) -> u64 {
    match o.kind {
        Kind::Integer { .. } => 4,
        Kind::Bool => 5,
        Kind::User => 6,
        Kind::Channel => 7,
        _ => 3,
    }
}

fn choices(o: &OptionSpec) -> Vec<(String, String)> {
    match o.kind {
        Kind::Choice(c) => c
            .iter()
            .map(|v| (grammar::choice_label(v, Lang::En), v.to_string()))
            .collect(),
        Kind::Variant => arcana::variants::VariantId::available()
            .into_iter()
            .map(|v| (v.name_in(Lang::En), v.id().to_string()))
            .collect(),
        _ => Vec::new(),
    }
}

#[test]
fn discord_definitions_are_the_table() {
    let defs: Vec<Json> = definitions()
        .iter()
        .map(|d| serde_json::to_value(d).expect("json"))
        .collect();
    assert_eq!(defs.len(), COMMANDS.len());
    for (spec, def) in COMMANDS.iter().zip(&defs) {
        assert_eq!(def["name"], spec.name);
        assert_eq!(
            def["description"],
            spec.text("description", Lang::En),
            "/{}",
            spec.name
        );
        let opts = def["options"].as_array().cloned().unwrap_or_default();
        assert_eq!(opts.len(), spec.options.len(), "/{}", spec.name);
        for (o, d) in spec.options.iter().zip(&opts) {
            let at = format!("/{} {}", spec.name, o.name);
            assert_eq!(d["name"], o.name, "{at}");
            assert_eq!(
                d["description"],
                spec.option_text(o, "description", Lang::En),
                "{at}"
            );
            assert_eq!(d["type"], discord_type(o), "{at}");
            assert_eq!(d["required"].as_bool().unwrap_or(false), o.required, "{at}");
            let listed: Vec<(String, String)> = d["choices"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .iter()
                .map(|c| {
                    (
                        c["name"].as_str().unwrap_or("").to_string(),
                        c["value"].as_str().unwrap_or("").to_string(),
                    )
                })
                .collect();
            assert_eq!(listed, choices(o), "{at}");
            match o.kind {
                Kind::Integer { min, max, .. } => {
                    assert_eq!(d["min_value"], min, "{at}");
                    assert_eq!(d["max_value"], max, "{at}");
                }
                Kind::Answer { max } | Kind::Pairs { max } => {
                    assert_eq!(d["autocomplete"], true, "{at}");
                    assert_eq!(d["max_length"], max, "{at}");
                }
                Kind::Text { max } => {
                    assert_eq!(d["max_length"], max, "{at}");
                    assert_ne!(d["autocomplete"], true, "{at}");
                }
                _ => assert_ne!(d["autocomplete"], true, "{at}"),
            }
        }
    }
    // The days range is the service's own limit, not a copy of it.
    let days = grammar::command("challenge")
        .and_then(|c| c.option("days"))
        .expect("days");
    assert!(matches!(days.kind, Kind::Integer { max, .. } if max == i64::from(MAX_DAYS)));
}

#[test]
fn help_lists_every_command_with_its_options() {
    let help = help_text();
    for spec in COMMANDS {
        let line = help
            .lines()
            .find(|l| l.starts_with(&format!("`/{}", spec.name)))
            .unwrap_or_else(|| panic!("/{} is not in the help", spec.name));
        assert!(line.contains(&spec.text("description", Lang::En)), "{line}");
        for o in spec.options {
            assert!(line.contains(&grammar::usage(o)), "{line}");
        }
    }
    assert!(help.contains(&format!("days:0-{MAX_DAYS}")), "{help}");
    assert!(help.contains("color:white|black|random"), "{help}");
}

/// Sample typed values of an option (local text, Discord value): every choice, both
/// ends of a range.
fn samples(o: &OptionSpec) -> Vec<(String, OptionValue)> {
    match o.kind {
        Kind::User => vec![("@bob".into(), OptionValue::User(user("bob")))],
        Kind::Channel => vec![("<#600>".into(), OptionValue::Channel(600))],
        Kind::Choice(_) | Kind::Variant => choices(o)
            .into_iter()
            .map(|(_, v)| (v.clone(), OptionValue::Text(v)))
            .collect(),
        Kind::Integer { min, max, .. } => [min, max]
            .into_iter()
            .map(|n| (n.to_string(), OptionValue::Integer(n)))
            .collect(),
        Kind::Bool => [true, false]
            .into_iter()
            .map(|b| (b.to_string(), OptionValue::Bool(b)))
            .collect(),
        Kind::Answer { .. } => vec![("Ng1-f3".into(), OptionValue::Text("Ng1-f3".into()))],
        Kind::Text { .. } | Kind::Pairs { .. } => {
            vec![(
                "wands:moderated".into(),
                OptionValue::Text("wands:moderated".into()),
            )]
        }
    }
}

/// How a typed command gives option `o` with the raw text `raw`.
fn typed(o: &OptionSpec, raw: &str) -> String {
    match o.kind {
        Kind::Answer { .. } => raw.to_string(),
        Kind::Pairs { .. } => raw.to_string(),
        _ => format!("{}:{raw}", o.name),
    }
}

#[test]
fn both_front_ends_read_every_option_alike() {
    let me = user("alice");
    for spec in COMMANDS {
        let required: Vec<&OptionSpec> = spec.options.iter().filter(|o| o.required).collect();
        let base = |line: &mut String, values: &mut HashMap<String, OptionValue>| {
            for o in &required {
                let (raw, v) = samples(o).remove(0);
                line.push(' ');
                line.push_str(&typed(o, &raw));
                values.insert(o.name.to_string(), v);
            }
        };
        // Only the required options.
        let mut line = format!("/{}", spec.name);
        let mut values = HashMap::new();
        base(&mut line, &mut values);
        let local = parse_command(&line, &user)
            .expect(&line)
            .expect("a command");
        let discord = to_request(spec.name, &values, &me, 3);
        // The Discord front end gives its own default days; otherwise the same.
        if spec.name != "challenge" {
            assert_eq!(Ok(local), discord, "{line}");
        }
        // Each optional option with each sample value.
        for o in spec.options.iter().filter(|o| !o.required) {
            for (raw, v) in samples(o) {
                let mut line = format!("/{}", spec.name);
                let mut values = HashMap::new();
                base(&mut line, &mut values);
                line.push(' ');
                line.push_str(&typed(o, &raw));
                values.insert(o.name.to_string(), v);
                let local = parse_command(&line, &user)
                    .expect(&line)
                    .expect("a command");
                let discord = to_request(spec.name, &values, &me, 3).expect(&line);
                use arcana::service::api::Request::{Challenge, OpenChallenge};
                if let (
                    Challenge { days: ld, .. } | OpenChallenge { days: ld, .. },
                    Challenge { days: dd, .. } | OpenChallenge { days: dd, .. },
                ) = (&local, &discord)
                {
                    if o.name != "days" {
                        assert_eq!((*ld, *dd), (None, Some(3)), "{line}");
                        let mut l = local.clone();
                        if let Challenge { days, .. } | OpenChallenge { days, .. } = &mut l {
                            *days = Some(3);
                        }
                        assert_eq!(l, discord, "{line}");
                        continue;
                    }
                }
                assert_eq!(local, discord, "{line}");
            }
            // Out of range or not a choice: refused by both.
            let bad = match o.kind {
                Kind::Integer { max, .. } => {
                    Some(((max + 1).to_string(), OptionValue::Integer(max + 1)))
                }
                Kind::Choice(_) | Kind::Variant => {
                    Some(("w".to_string(), OptionValue::Text("w".into())))
                }
                _ => None,
            };
            if let Some((raw, v)) = bad {
                let mut line = format!("/{}", spec.name);
                let mut values = HashMap::new();
                base(&mut line, &mut values);
                line.push(' ');
                line.push_str(&typed(o, &raw));
                values.insert(o.name.to_string(), v);
                let local = parse_command(&line, &user).expect_err(&line);
                let discord = to_request(spec.name, &values, &me, 3).expect_err(&line);
                assert_eq!(local, discord, "{line}");
            }
        }
    }
}

// X-GRAMMAR-1: a choice is a whole word in every front end (`color:w` is refused).
#[test]
fn abbreviated_choices_are_refused_everywhere() {
    let why = parse_command("/challenge @bob color:w", &user).expect_err("abbreviation");
    assert!(why.contains("white, black or random"), "{why}");
    let mut o = HashMap::new();
    o.insert("opponent".to_string(), OptionValue::User(user("bob")));
    o.insert("color".to_string(), OptionValue::Text("w".into()));
    assert_eq!(to_request("challenge", &o, &user("alice"), 3), Err(why));
}

#[test]
fn a_choice_is_typed_as_help_writes_it() {
    use arcana::service::api::Request;
    let resolve = |name: &str| user(name);
    // `/help` writes `[language:auto|english|german]`: each word is read, as is the
    // value Discord sends.
    for (typed, want) in [
        ("/settings language:german", Some(Lang::De)),
        ("/settings language:German", Some(Lang::De)),
        ("/settings language:de", Some(Lang::De)),
        ("/settings language:english", Some(Lang::En)),
        ("/settings language:french", Some(Lang::Fr)),
        ("/settings language:fr", Some(Lang::Fr)),
        ("/settings language:auto", None),
    ] {
        let got = parse_command(typed, &resolve).expect(typed);
        assert_eq!(got, Some(Request::ServerLanguage { lang: want }), "{typed}");
    }
    assert!(parse_command("/settings language:klingon", &resolve).is_err());
}
