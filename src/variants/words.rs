//! The games' own words in every language (issue 28): refusals, prompts' parts, the
//! reasons a game ended. They live in `locales/<lang>/variants.ftl`.
//!
//! A game speaks English where it builds a text (`PlayError::Refused`, an outcome's
//! reason, kept in the game's record), and the language is chosen where the text is
//! shown: [`localize`] recognises an English text as one of the catalog's one-line
//! messages, recovers its variables and writes the same message in another language.
//! A text it does not recognise (an old record's wording) is shown as it is.

use crate::core::view::{LegendEntry, Sample, View};
use crate::i18n::{self, FluentValue, Lang};
use std::sync::LazyLock;

/// The English text of the catalog's message `key`, its variables filled from `args`.
pub fn en(key: &str, args: &[(&str, &str)]) -> String {
    in_lang(Lang::En, key, args)
}

/// The message `key` in `lang`, its variables filled from `args` (strings: squares,
/// notation, numbers, names).
pub fn in_lang(lang: Lang, key: &str, args: &[(&str, &str)]) -> String {
    let args: Vec<(&str, FluentValue)> = args
        .iter()
        .map(|(n, v)| (*n, FluentValue::from(v.to_string())))
        .collect();
    i18n::tr_args(lang, key, &args)
}

/// One piece of a message: literal text or a variable.
#[derive(Debug)]
enum Part {
    Text(String),
    Var(String),
}

#[derive(Debug)]
struct Template {
    key: String,
    parts: Vec<Part>,
    /// How much literal text the message has: longer templates are tried first.
    weight: usize,
}

/// The one-line messages of the English games' catalog, longest first.
static TEMPLATES: LazyLock<Vec<Template>> = LazyLock::new(|| {
    // The questions' words (`your move`) are the picker's.
    let questions = include_str!("../../locales/en/picker.ftl")
        .lines()
        .filter(|l| l.starts_with("question-"));
    let lines: Vec<&str> = include_str!("../../locales/en/variants.ftl")
        .lines()
        .chain(questions)
        .collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some((key, text)) = line.split_once(" = ") else {
            continue;
        };
        let continued = lines
            .get(i + 1)
            .is_some_and(|next| next.starts_with(' ') && !next.trim().is_empty());
        if key.starts_with('#') || key.contains(' ') || continued {
            continue;
        }
        if let Some(parts) = parse(text) {
            let weight = parts
                .iter()
                .map(|p| match p {
                    Part::Text(t) => t.len(),
                    Part::Var(_) => 0,
                })
                .sum();
            if weight > 0 {
                out.push(Template {
                    key: key.to_string(),
                    parts,
                    weight,
                });
            }
        }
    }
    out.sort_by_key(|t| std::cmp::Reverse(t.weight));
    out
});

/// `a { $x } b` as parts; `None` for a message with selectors or other placeables.
fn parse(text: &str) -> Option<Vec<Part>> {
    let mut parts = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        if open > 0 {
            parts.push(Part::Text(rest[..open].to_string()));
        }
        let close = rest[open..].find('}')? + open;
        let name = rest[open + 1..close].trim().strip_prefix('$')?;
        if !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return None;
        }
        if matches!(parts.last(), Some(Part::Var(_))) {
            // Two variables side by side cannot be told apart.
            return None;
        }
        parts.push(Part::Var(name.to_string()));
        rest = &rest[close + 1..];
    }
    if !rest.is_empty() {
        parts.push(Part::Text(rest.to_string()));
    }
    Some(parts)
}

/// The variables' values if `text` is `parts` written out.
fn matches<'a>(parts: &[Part], text: &'a str, found: &mut Vec<(String, &'a str)>) -> bool {
    match parts {
        [] => text.is_empty(),
        [Part::Text(t), rest @ ..] => text
            .strip_prefix(t.as_str())
            .is_some_and(|after| matches(rest, after, found)),
        [Part::Var(name)] => {
            found.push((name.clone(), text));
            true
        }
        [Part::Var(name), Part::Text(t), rest @ ..] => {
            // The last place first: lists are built left-nested (`a or b`, then
            // `(a or b) or c`), so the outermost separator is the last one.
            let mut ends: Vec<usize> = text.match_indices(t.as_str()).map(|(i, _)| i).collect();
            ends.reverse();
            for end in ends {
                let mark = found.len();
                found.push((name.clone(), &text[..end]));
                if matches(rest, &text[end + t.len()..], found) {
                    return true;
                }
                found.truncate(mark);
            }
            false
        }
        [Part::Var(_), Part::Var(_), ..] => false,
    }
}

/// The message of the games' catalog that `text` (English) is, with its variables:
/// among the templates of at least `min` and below `max` characters of literal text.
///
/// A template with literal text at both ends comes first: a Wizard Walls refusal
/// (`` `{ $input }` ... { $why }.``) is the whole text, where the heavier template of
/// its reason, open at both ends (`{ $at } ... { $from }`), would take the refusal's
/// beginning for its square.
fn recognise(text: &str, min: usize, max: usize) -> Option<(&'static str, Vec<(String, &str)>)> {
    let fits = |t: &'static Template| {
        let mut found = Vec::new();
        let ok = matches(&t.parts, text, &mut found) && !swallows_parts(&t.parts, &found);
        ok.then_some((t.key.as_str(), found))
    };
    let candidates = || {
        TEMPLATES
            .iter()
            .filter(|t| t.weight >= min && t.weight < max)
    };
    candidates()
        .filter(|t| closed(&t.parts))
        .find_map(fits)
        .or_else(|| candidates().find_map(fits))
}

/// Whether a template begins and ends with literal text.
fn closed(parts: &[Part]) -> bool {
    matches!(parts.first(), Some(Part::Text(_))) && matches!(parts.last(), Some(Part::Text(_)))
}

/// Whether a variable at either end of a template took a part of a prompt of several
/// parts (`your move: { $parts }` must not swallow `...; move `Nb1-c3``), or of a note
/// of several (`Freeze { $n }` must not swallow `4 · Jump 2`): such a text is split
/// first.
fn swallows_parts(parts: &[Part], found: &[(String, &str)]) -> bool {
    let at_end = |p: Option<&Part>| match p {
        Some(Part::Var(name)) => found
            .iter()
            .any(|(n, v)| n == name && (v.contains("; ") || v.contains(" · "))),
        _ => false,
    };
    at_end(parts.first()) || at_end(parts.last())
}

/// Templates with less literal text than this (`{ $what }: { $choices }`) are tried
/// only after a text of several parts is split.
const LIGHT: usize = 3;

/// The words of a picture (title, badges, notes, result line) in `lang`; notation and
/// names stay.
pub fn localize_view(view: &mut View, lang: Lang) {
    if lang == Lang::En {
        return;
    }
    view.title = localize(&view.title, lang);
    for p in &mut view.pieces {
        for b in &mut p.badges {
            b.label = localize(&b.label, lang);
        }
    }
    for notes in &mut view.notes {
        for n in notes.iter_mut() {
            *n = localize(n, lang);
        }
    }
    if let Some(r) = &mut view.result {
        *r = localize(r, lang);
    }
}

/// A legend's meanings and badge words in `lang`.
pub fn localize_legend(entries: &mut [LegendEntry], lang: Lang) {
    if lang == Lang::En {
        return;
    }
    for e in entries {
        e.meaning = localize(&e.meaning, lang);
        if let Sample::Badge(b) = &mut e.sample {
            b.label = localize(&b.label, lang);
        }
    }
}

/// `items` joined with the catalog's `or`: `a or b or c`.
pub fn or_list(items: &[String]) -> String {
    let mut out = items.first().cloned().unwrap_or_default();
    for i in items.iter().skip(1) {
        out = en("notation-or", &[("a", &out), ("b", i)]);
    }
    out
}

/// `text`, an English text of the games, in `lang`: a message of the catalog is written
/// again in `lang` with its variables (themselves translated when they are one of the
/// catalog's words or phrases: a side, a piece, a reason); the names of pieces and
/// sides alone are translated; anything else (notation, an old record's wording) stays.
pub fn localize(text: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return text.to_string();
    }
    localize_depth(text, lang, 0)
}

fn localize_depth(text: &str, lang: Lang, depth: usize) -> String {
    if depth > 8 || text.is_empty() {
        return text.to_string();
    }
    if let Some(word) = role_word(text, lang) {
        return word;
    }
    // Split at `sep`, keeping together the longest runs of parts that are one message
    // (a throw prompt with its `decline` is one, then `after castling ...`).
    let split = |sep: &str| -> Option<String> {
        let parts: Vec<&str> = text.split(sep).collect();
        if parts.len() < 2 {
            return None;
        }
        let mut out = Vec::new();
        let mut i = 0;
        while i < parts.len() {
            let mut j = parts.len();
            while j > i + 1 && recognise(&parts[i..j].join(sep), LIGHT, usize::MAX).is_none() {
                j -= 1;
            }
            if j == parts.len() && i == 0 {
                // The whole text is one message only if it was recognised above.
                j = 1;
            }
            out.push(localize_depth(&parts[i..j].join(sep), lang, depth + 1));
            i = j;
        }
        Some(out.join(sep))
    };
    // A prompt of several parts (`your move, e.g. `e4`; your Wizard enters ...`), or
    // a list of forms (`move `Nb1-c3`, conjure a wall `@e4``).
    let found = match recognise(text, LIGHT, usize::MAX) {
        Some(f) => f,
        None => {
            if let Some(t) = split("; ") {
                return t;
            }
            match recognise(text, 1, LIGHT) {
                Some(f) => f,
                None => return split(", ").unwrap_or_else(|| text.to_string()),
            }
        }
    };
    let (key, vars) = found;
    let values: Vec<(String, String)> = vars
        .into_iter()
        .map(|(n, v)| (n, localize_depth(v, lang, depth + 1)))
        .collect();
    let args: Vec<(&str, &str)> = values
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    in_lang(lang, key, &args)
}

/// A piece's name (`knight`, `Knight`, `knights`) in `lang`.
fn role_word(text: &str, lang: Lang) -> Option<String> {
    const ROLES: [&str; 7] = [
        "pawn", "knight", "bishop", "rook", "queen", "king", "wizard",
    ];
    let lower = text.to_ascii_lowercase();
    ROLES.iter().find_map(|r| {
        let key = format!("role-{r}");
        (lower == *r).then(|| i18n::tr(lang, &key))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_template_gives_back_its_variables() {
        let parts = parse("`{ $a }` is not { $b }: { $c }.").expect("parts");
        let mut found = Vec::new();
        assert!(matches(&parts, "`e4` is not x: y: z.", &mut found));
        assert_eq!(
            found,
            vec![
                ("a".to_string(), "e4"),
                // The last separator first (lists nest to the left).
                ("b".to_string(), "x: y"),
                ("c".to_string(), "z")
            ]
        );
        assert!(!matches(&parts, "`e4` is x.", &mut Vec::new()));
        // An empty variable (an empty input echoed) is allowed.
        let mut found = Vec::new();
        assert!(matches(&parts, "`` is not b: c.", &mut found));
        assert_eq!(found[0], ("a".to_string(), ""));
        assert!(parse("{ $a }{ $b }").is_none());
    }

    #[test]
    fn unknown_text_stays() {
        assert_eq!(localize("mate in 3 ü", Lang::De), "mate in 3 ü");
        assert_eq!(localize("knight", Lang::De), "Springer");
    }
}
