//! The message catalogs (issue 28): both languages have the same keys with the same
//! variables, every catalog parses, every key the source asks for exists, and what is
//! migrated reaches players only through the catalogs (the slash commands Discord is
//! offered, `/help`, the words drawn on images).

use arcana::core::view::Viewer;
use arcana::discord::commands::definitions;
use arcana::i18n::{self, Lang};
use arcana::render::graph::{eval_graph_png, eval_graph_png_in, EvalGraph};
use arcana::render::{
    render_gif, render_gif_in, render_png, render_png_in, GifOptions, RenderOptions,
};
use arcana::service::grammar::{self, Kind, COMMANDS};
use arcana::service::{help_parts_in, help_text_in};
use fluent_syntax::ast;
use serde_json::Value as Json;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each message of `lang`'s catalog with the variables it uses.
fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let resource = fluent_syntax::parser::parse(lang.catalog())
        .unwrap_or_else(|(_, errors)| panic!("{}: {errors:?}", lang.code()));
    let mut out = BTreeMap::new();
    for entry in resource.body {
        if let ast::Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            if let Some(p) = &m.value {
                pattern_variables(p, &mut vars);
            }
            for a in &m.attributes {
                pattern_variables(&a.value, &mut vars);
            }
            let fresh = out.insert(m.id.name.to_string(), vars).is_none();
            assert!(fresh, "{}: `{}` twice", lang.code(), m.id.name);
        }
    }
    out
}

fn pattern_variables(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for e in &p.elements {
        if let ast::PatternElement::Placeable { expression } = e {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for v in variants {
                pattern_variables(&v.value, out);
            }
        }
        ast::Expression::Inline(i) => inline_variables(i, out),
    }
}

fn inline_variables(e: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_variables(a, out);
            }
            for a in &arguments.named {
                inline_variables(&a.value, out);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, out),
        _ => {}
    }
}

#[test]
fn every_catalog_parses_without_errors() {
    for lang in Lang::ALL {
        // The strict parser refuses what the run-time bundle would skip.
        let m = messages(lang);
        assert!(m.len() > 100, "{}: {}", lang.code(), m.len());
        for key in m.keys() {
            assert!(i18n::has(lang, key), "{}: {key}", lang.code());
            assert!(
                key.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "keys are `area-what`: {key}"
            );
        }
    }
}

/// The languages that have every key; the others (French) have some, and a key they
/// lack falls back to English.
const COMPLETE: [Lang; 2] = [Lang::En, Lang::De];

#[test]
fn every_key_is_in_every_complete_language_with_the_same_variables() {
    let en = messages(Lang::En);
    for lang in COMPLETE {
        let other = messages(lang);
        for (key, vars) in &en {
            let theirs = other
                .get(key)
                .unwrap_or_else(|| panic!("{}: `{key}` is missing", lang.code()));
            assert_eq!(theirs, vars, "{}: the variables of `{key}`", lang.code());
        }
    }
}

#[test]
fn every_key_of_every_language_is_in_english_with_the_same_variables() {
    let en = messages(Lang::En);
    for lang in Lang::ALL {
        for (key, vars) in messages(lang) {
            let ours = en
                .get(&key)
                .unwrap_or_else(|| panic!("{}: `{key}` is not in English", lang.code()));
            assert_eq!(*ours, vars, "{}: the variables of `{key}`", lang.code());
        }
    }
}

#[test]
fn a_french_client_sees_french_for_a_refusal_and_the_picker() {
    use arcana::variants::{Game, VariantId};
    let mut game = Game::new(VariantId::Standard, &Default::default(), 1).expect("chess");
    let side = game.ask().expect("asked").side;
    let refused = game.play(side, "e5").expect_err("not legal");
    let french = refused.text_in(Lang::Fr);
    assert_ne!(french, refused.to_string());
    assert!(french.contains("n'est pas un coup légal"), "{french}");
    let picker = game.picker_in(&[], Lang::Fr);
    let words = format!("{picker:?}");
    assert!(words.contains("Quelle pièce ?"), "{words}");
    assert_eq!(Lang::from_locale("fr"), Lang::Fr);
    assert_eq!(Lang::Fr.discord_locale(), Some("fr"));
}

#[test]
fn no_text_carries_isolation_marks() {
    for lang in Lang::ALL {
        let text = i18n::tr_args(
            lang,
            "render-continued",
            &[("title", i18n::FluentValue::from("Pieces"))],
        );
        assert!(text.contains("Pieces"), "{text}");
        assert!(!text.contains(['\u{2068}', '\u{2069}']), "{text:?}");
    }
}

fn rust_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .expect("read dir")
            .map(|e| e.expect("entry").path())
            .collect();
        entries.sort();
        for e in entries {
            rust_files(&e, out);
        }
    } else if path.extension().is_some_and(|e| e == "rs") {
        out.push(path.to_path_buf());
    }
}

/// The literal keys passed to `tr`, `tr_args`, `try_tr`, `has` and `tr!` in `text` (a
/// key built at run time, `&format!(..)`, is checked where it is built).
fn literal_keys(text: &str) -> Vec<String> {
    let mut keys = Vec::new();
    for call in ["tr(", "tr!(", "tr_args(", "try_tr(", "has("] {
        for (i, _) in text.match_indices(call) {
            // A whole name: not `attr(` or `self.has(`.
            let before = text[..i].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
                continue;
            }
            let rest = &text[i + call.len()..];
            let Some(comma) = rest.find(',') else {
                continue;
            };
            let arg = rest[comma + 1..].trim_start();
            if let Some(lit) = arg.strip_prefix('"') {
                if let Some(end) = lit.find('"') {
                    keys.push(lit[..end].to_string());
                }
            }
        }
    }
    keys
}

#[test]
fn every_key_the_source_asks_for_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let en = messages(Lang::En);
    let mut used = 0;
    let mut missing = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("read");
        // Comments may show how a call looks.
        let code: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect();
        for key in literal_keys(&code.join("\n")) {
            used += 1;
            // The unit tests of src/i18n ask for a key that must not exist.
            if key != "no-such-key" && !en.contains_key(&key) {
                missing.push(format!("{}: {key}", f.display()));
            }
        }
    }
    assert!(used >= 8, "the scan found only {used} keys");
    assert!(
        missing.is_empty(),
        "keys not in the catalog:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_scan_finds_literal_keys() {
    let text = r#"tr(lang, "a-b"); tr!(Lang::De, "c-d", x = 1); i18n::tr_args(l, "e-f", &[]);
        attr(x, "no"); tr(lang, &format!("cmd-{x}"))"#;
    assert_eq!(literal_keys(text), ["a-b", "c-d", "e-f"]);
}

/// Discord's rule for command and option names: lowercase where a letter has cases,
/// `^[-_\p{L}\p{N}]{1,32}$`.
fn valid_name(name: &str) -> bool {
    let n = name.chars().count();
    (1..=32).contains(&n)
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
        && name.to_lowercase() == name
}

#[test]
fn discords_name_rule_is_checked() {
    for good in [
        "herausfordern",
        "zurückziehen",
        "übersicht",
        "round-robin",
        "a_1",
    ] {
        assert!(valid_name(good), "{good}");
    }
    for bad in ["Zug", "zwei worte", "", "x".repeat(33).as_str(), "a:b"] {
        assert!(!valid_name(bad), "{bad}");
    }
}

#[test]
fn every_command_and_option_has_valid_names_and_descriptions_in_every_language() {
    for lang in Lang::ALL {
        let at = lang.code();
        let mut command_names = BTreeSet::new();
        for c in COMMANDS {
            let name = c.text("name", lang);
            assert!(valid_name(&name), "{at}: /{} is called `{name}`", c.name);
            assert!(command_names.insert(name.clone()), "{at}: `{name}` twice");
            if lang == Lang::En {
                assert_eq!(name, c.name, "English names are the registered names");
            }
            let d = c.text("description", lang);
            assert!(
                (1..=100).contains(&d.chars().count()),
                "{at}: /{}: {d}",
                c.name
            );
            let mut option_names = BTreeSet::new();
            for o in c.options {
                let name = c.option_text(o, "name", lang);
                assert!(valid_name(&name), "{at}: /{} {}: `{name}`", c.name, o.name);
                assert!(
                    option_names.insert(name.clone()),
                    "{at}: /{} `{name}` twice",
                    c.name
                );
                if lang == Lang::En {
                    assert_eq!(name, o.name);
                }
                let d = c.option_text(o, "description", lang);
                assert!(
                    (1..=100).contains(&d.chars().count()),
                    "{at}: /{} {}: {d}",
                    c.name,
                    o.name
                );
                if let Kind::Choice(values) = o.kind {
                    for v in values {
                        let key = format!("choice-{v}");
                        assert!(i18n::has(lang, &key), "{at}: {key}");
                        let label = grammar::choice_label(v, lang);
                        assert!((1..=100).contains(&label.chars().count()), "{label}");
                    }
                }
            }
        }
    }
}

/// The catalog's text for command `c` (and option `o`).
fn text(
    c: &grammar::CommandSpec,
    o: Option<&grammar::OptionSpec>,
    what: &str,
    lang: Lang,
) -> String {
    match o {
        Some(o) => c.option_text(o, what, lang),
        None => c.text(what, lang),
    }
}

/// What Discord is offered for one command or option equals the catalogs, in English
/// and as every other language's localization.
fn offered_as_catalog(json: &Json, c: &grammar::CommandSpec, o: Option<&grammar::OptionSpec>) {
    let at = format!("/{} {}", c.name, o.map_or("", |o| o.name));
    assert_eq!(json["name"], text(c, o, "name", Lang::En), "{at}");
    assert_eq!(
        json["description"],
        text(c, o, "description", Lang::En),
        "{at}"
    );
    for lang in Lang::ALL {
        let Some(code) = lang.discord_locale() else {
            continue;
        };
        assert_eq!(
            json["name_localizations"][code],
            text(c, o, "name", lang),
            "{at}"
        );
        assert_eq!(
            json["description_localizations"][code],
            text(c, o, "description", lang),
            "{at}"
        );
    }
}

#[test]
fn discord_is_offered_the_catalogs_texts() {
    let defs: Vec<Json> = definitions()
        .iter()
        .map(|d| serde_json::to_value(d).expect("json"))
        .collect();
    assert_eq!(defs.len(), COMMANDS.len());
    for (c, def) in COMMANDS.iter().zip(&defs) {
        offered_as_catalog(def, c, None);
        let opts = def["options"].as_array().cloned().unwrap_or_default();
        assert_eq!(opts.len(), c.options.len());
        for (o, d) in c.options.iter().zip(&opts) {
            offered_as_catalog(d, c, Some(o));
            if let Kind::Choice(values) = o.kind {
                let choices = d["choices"].as_array().cloned().unwrap_or_default();
                assert_eq!(choices.len(), values.len());
                for (v, choice) in values.iter().zip(&choices) {
                    assert_eq!(choice["value"], *v);
                    assert_eq!(choice["name"], grammar::choice_label(v, Lang::En));
                    assert_eq!(
                        choice["name_localizations"]["de"],
                        grammar::choice_label(v, Lang::De)
                    );
                }
            }
            // The games are named in each language too (`Schach`), their ids the values.
            if let Kind::Variant = o.kind {
                let choices = d["choices"].as_array().cloned().unwrap_or_default();
                let games = arcana::variants::VariantId::available();
                assert_eq!(choices.len(), games.len());
                for (v, choice) in games.iter().zip(&choices) {
                    assert_eq!(choice["value"], v.id());
                    assert_eq!(choice["name"], v.name());
                    assert_eq!(choice["name_localizations"]["de"], v.name_in(Lang::De));
                }
            }
        }
    }
}

#[test]
fn help_comes_from_the_catalog_in_every_language() {
    for lang in Lang::ALL {
        let help = help_text_in(lang);
        assert!(help.starts_with(&i18n::tr(lang, "help-intro")));
        for c in COMMANDS {
            let line = help
                .lines()
                .find(|l| {
                    l.starts_with(&format!("`/{} ", c.text("name", lang)))
                        || l.starts_with(&format!("`/{}`", c.text("name", lang)))
                })
                .unwrap_or_else(|| panic!("{}: /{} is not in the help", lang.code(), c.name));
            assert!(line.contains(&c.text("description", lang)), "{line}");
            // The help's own words, then (for /challenge) what the levels mean.
            let levels = (c.name == "challenge")
                .then(|| grammar::levels_note_in(lang))
                .flatten();
            if let Some(h) = c.help(lang) {
                let end = match &levels {
                    Some(l) => format!("{h} {l}"),
                    None => h,
                };
                assert!(line.ends_with(&end), "{line}");
            }
            for o in c.options {
                assert!(line.contains(&grammar::usage_in(c, o, lang)), "{line}");
            }
        }
        let parts = help_parts_in(lang);
        assert_eq!(parts.join("\n"), help);
        for p in &parts {
            assert!(p.chars().count() < 2000, "{}", p.chars().count());
        }
    }
    // Notation is not translated.
    let play = grammar::command("move").expect("/move");
    let o = play.option("text").expect("its option");
    assert!(play
        .option_text(o, "description", Lang::De)
        .contains("e4 oder Ng1-f3"));
    assert!(help_text_in(Lang::De).contains("`/vorauszüge e5 Nf3`"));
}

#[test]
fn images_draw_their_words_from_the_catalog() {
    let game =
        arcana::cli::setup_game("standard", None, None, &arcana::variants::Options::new(), 0)
            .expect("game");
    let view = game.view(Viewer::Public);
    assert!(
        view.to_move.is_some(),
        "someone is to move: the bar shows the words"
    );
    let options = RenderOptions::default();
    let english = render_png(&view, &options).expect("render");
    assert_eq!(
        render_png_in(&view, &options, Lang::En).expect("render"),
        english
    );
    assert_ne!(
        render_png_in(&view, &options, Lang::De).expect("render"),
        english
    );
    let frames = [view.clone()];
    let gif = GifOptions::default();
    let english = render_gif(&frames, &gif).expect("gif");
    assert_eq!(
        render_gif_in(&frames, &gif, Lang::En).expect("gif"),
        english
    );
    assert_ne!(
        render_gif_in(&frames, &gif, Lang::De).expect("gif"),
        english
    );

    let graph = EvalGraph {
        values: vec![0.5, 0.6, 0.2],
        marks: vec![(2, true)],
        moves: vec![1, 1, 2],
        title: "alice vs bob".into(),
    };
    let english = eval_graph_png(&graph).expect("graph");
    assert_eq!(eval_graph_png_in(&graph, Lang::En).expect("graph"), english);
    assert_ne!(eval_graph_png_in(&graph, Lang::De).expect("graph"), english);
}

/// The English catalog's texts as the source might repeat them: each message's text
/// between its variables, where it is at least four words long (shorter pieces, such as
/// "choose one of", are too common to be telling).
fn english_phrases() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for line in Lang::En.catalog().lines() {
        let Some((key, text)) = line.split_once(" = ") else {
            continue;
        };
        if key.starts_with('#') || key.contains(' ') {
            continue;
        }
        let mut rest = text;
        loop {
            let (phrase, after) = match rest.split_once('{') {
                Some((p, a)) => (p, a.split_once('}').map_or("", |(_, a)| a)),
                None => (rest, ""),
            };
            let phrase = phrase.trim();
            let words = phrase
                .split_whitespace()
                .filter(|w| w.chars().any(char::is_alphabetic))
                .count();
            if words >= 4 {
                out.push((key.to_string(), phrase.to_string()));
            }
            if after.is_empty() {
                break;
            }
            rest = after;
        }
    }
    out
}

#[test]
fn no_catalog_text_is_written_inline_in_the_source() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let texts: Vec<(PathBuf, String)> = files
        .into_iter()
        .map(|f| {
            let t = std::fs::read_to_string(&f).expect("read");
            (f, t)
        })
        .collect();
    let phrases = english_phrases();
    assert!(phrases.len() > 50, "{}", phrases.len());
    let mut inline = Vec::new();
    for (key, phrase) in &phrases {
        for (f, t) in &texts {
            if t.contains(phrase.as_str()) {
                inline.push(format!("{}: {key}: {phrase}", f.display()));
            }
        }
    }
    assert!(
        inline.is_empty(),
        "catalog texts written inline (ask the catalog instead):\n{}",
        inline.join("\n")
    );
}

#[test]
fn refusals_of_commands_come_in_the_invokers_language() {
    use arcana::service::grammar::{to_request, to_request_in, Value, Values};
    let none = Values::new();
    for lang in Lang::ALL {
        // A required option left out, an unknown command, a value not among the choices.
        assert_eq!(
            to_request_in("draw", &none, None, lang).err(),
            Some(i18n::tr(lang, "cmd-draw-action-missing"))
        );
        let unknown = to_request_in("nope", &none, None, lang).expect_err("refused");
        assert!(unknown.contains("`/nope`"), "{unknown}");
        let mut bad = Values::new();
        bad.insert("action".into(), Value::Text("maybe".into()));
        let why = to_request_in("draw", &bad, None, lang).expect_err("refused");
        let empty = [("rest", i18n::FluentValue::from("")), ("last", "".into())];
        let or = format!(" {} ", i18n::tr_args(lang, "grammar-or", &empty).trim());
        assert!(why.contains(&or) && why.contains("`maybe`"), "{why}");
    }
    assert_eq!(
        to_request("nope", &none, None).err(),
        to_request_in("nope", &none, None, Lang::En).err()
    );
    assert!(to_request_in("nope", &none, None, Lang::De)
        .is_err_and(|e| e.starts_with("Es gibt keinen Befehl")));
}

/// The source of `text` without its test modules (everything from a `#[cfg(test)]`
/// line on: the project keeps them at the end of a file) and comment lines.
fn code_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .take_while(|l| l.trim() != "#[cfg(test)]")
        .filter(|l| !l.trim_start().starts_with("//"))
}

/// Lines whose literals never reach a player: logs, panics, errors for the operator,
/// attributes, serde names and tests of the parsers.
const NOT_FOR_PLAYERS: [&str; 16] = [
    "tracing::",
    "info!(",
    "warn!(",
    "error!(",
    "debug!(",
    "trace!(",
    "panic!(",
    "expect(",
    "unreachable!(",
    "assert",
    "#[error(",
    "#[serde(",
    "#[arg(",
    "#[command(",
    "about =",
    "context(",
];

/// The player-facing string literals of `text`: those with two words of letters side
/// by side (`"Your move"`), outside the lines of [`NOT_FOR_PLAYERS`].
fn english_literals(text: &str) -> Vec<String> {
    let words = |s: &str| {
        s.split(|c: char| !c.is_alphabetic())
            .collect::<Vec<_>>()
            .windows(2)
            .any(|w| w[0].chars().count() >= 2 && w[1].chars().count() >= 2)
            && s.contains(' ')
    };
    let mut out = Vec::new();
    for line in code_lines(text) {
        if NOT_FOR_PLAYERS.iter().any(|n| line.contains(n)) {
            continue;
        }
        let mut rest = line;
        while let Some(open) = rest.find('"') {
            let after = &rest[open + 1..];
            let Some(close) = after.find('"') else { break };
            let lit = &after[..close];
            if words(&lit.replace(['{', '}'], " ")) {
                out.push(lit.to_string());
            }
            rest = &after[close + 1..];
        }
    }
    out
}

/// The literals that stay for now, each as `path<TAB>literal` (`tests/data/
/// english_literals.txt`).
fn allowed_literals() -> BTreeSet<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("tests/data/english_literals.txt"))
        .expect("the allowlist");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_once('\t'))
        .map(|(p, lit)| (p.to_string(), lit.to_string()))
        .collect()
}

/// Player-facing words come from the catalogs: a string literal of English words in
/// `src/` (outside logs, panics, attributes and test modules) fails unless the
/// allowlist names it. Set `ARCANA_BLESS_LITERALS=1` to write the list anew.
#[test]
fn no_new_english_literal_reaches_players() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut found = BTreeSet::new();
    for f in files {
        let rel = f
            .strip_prefix(root)
            .expect("in the tree")
            .display()
            .to_string();
        if rel.ends_with("/tests.rs") || rel.contains("/tests/") {
            continue;
        }
        let text = std::fs::read_to_string(&f).expect("read");
        for lit in english_literals(&text) {
            found.insert((rel.clone(), lit));
        }
    }
    if std::env::var_os("ARCANA_BLESS_LITERALS").is_some() {
        let mut out = String::from(ALLOWLIST_HEAD);
        for (p, lit) in &found {
            out.push_str(&format!("{p}\t{lit}\n"));
        }
        std::fs::write(root.join("tests/data/english_literals.txt"), out).expect("write");
        return;
    }
    let allowed = allowed_literals();
    let new: Vec<String> = found
        .iter()
        .filter(|f| !allowed.contains(f))
        .map(|(p, lit)| format!("{p}: \"{lit}\""))
        .collect();
    assert!(
        new.is_empty(),
        "English for players belongs in locales/ (a catalog key and `tr!`/`Msg`); \
         new literals:\n{}",
        new.join("\n")
    );
}

const ALLOWLIST_HEAD: &str = "\
# English string literals in src/ that stay for now (tests/i18n.rs,
# `no_new_english_literal_reaches_players`): one `path<TAB>literal` a line. Many are
# not for players at all (notation, ids, the operator's errors, the CLI); the front
# ends' (discord/, local/, web/) are being moved to the catalogs in their own change.
# A line whose literal is gone may be deleted; a new literal is a catalog key instead.
# `ARCANA_BLESS_LITERALS=1 cargo test --test i18n no_new_english` writes this file anew.
";

#[test]
fn the_literal_scan_finds_sentences_only() {
    let text = "let a = format!(\"Your move, {x}\");\n\
                tracing::warn!(\"store failed here\");\n\
                let k = tr!(lang, \"key-name\");\n\
                let n = \"e4\";\n\
                #[cfg(test)]\n\
                let t = \"in a test module\";\n";
    assert_eq!(english_literals(text), vec!["Your move, {x}".to_string()]);
}
