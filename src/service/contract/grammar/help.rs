//! The words a command is explained with: its usage, `/help`, and the computer's
//! levels.

use super::*;

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
        Kind::Channel => format!("{name}:#…"),
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
pub(super) fn levels_sentence(l: &crate::engine::strength::Ladder, lang: Lang) -> Option<String> {
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
