//! The PGN export of a game record (`docs/export.md`): movetext and tags, reading an
//! export back (`import`), split from `record.rs`.

use crate::core::Side;
use crate::render::{render_gif, GifOptions};
use crate::service::plumbing::record::*;
use crate::store::{ActionKind, GameRecord};
use crate::variants::{Game, Options, VariantId};

/// The parts of a turn's printed text: the move itself (several actions joined by
/// commas, so that a turn is one movetext token) and the parenthesised results.
pub fn split_printed(printed: &str) -> (String, Vec<String>) {
    let mut words = Vec::new();
    let mut groups = Vec::new();
    let mut depth = 0usize;
    let mut outside = String::new();
    let mut inside = String::new();
    for c in printed.chars() {
        match c {
            '(' => {
                if depth > 0 {
                    inside.push(c);
                }
                depth += 1;
            }
            ')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    groups.push(std::mem::take(&mut inside).trim().to_string());
                } else {
                    inside.push(c);
                }
            }
            _ if depth > 0 => inside.push(c),
            _ => outside.push(c),
        }
    }
    if !inside.trim().is_empty() {
        groups.push(inside.trim().to_string());
    }
    words.extend(outside.split([' ', ',']).filter(|w| !w.is_empty()));
    let token: String = words
        .join(",")
        .chars()
        .map(|c| if PGN_SPECIAL.contains(&c) { '_' } else { c })
        .collect();
    (token, groups)
}

/// Characters that mean something else in movetext.
const PGN_SPECIAL: [char; 10] = ['{', '}', '(', ')', ';', '[', ']', '%', '"', '$'];

pub(crate) fn comment(text: &str) -> String {
    let clean: String = text
        .chars()
        .map(|c| match c {
            '{' => '(',
            '}' => ')',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect();
    format!("{{{}}}", clean.trim())
}

/// What a review adds to a turn in the export: a mark after the move (`?`, `??` or
/// nothing) and a comment (the evaluation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotation {
    pub mark: &'static str,
    pub comment: String,
}

/// The movetext atoms of the turns: move numbers, moves, comments.
pub(crate) fn movetext_atoms(turns: &[Turn], plain: bool) -> Vec<String> {
    annotated_atoms(turns, plain, &[])
}

/// [`movetext_atoms`] with the review's annotation of each turn (by index; a turn
/// without one is left as it is).
fn annotated_atoms(turns: &[Turn], plain: bool, notes: &[Annotation]) -> Vec<String> {
    let mut atoms = Vec::new();
    let mut number = 0u32;
    let mut last: Option<Side> = None;
    let mut after_comment = false;
    for (i, t) in turns.iter().enumerate() {
        let joins = t.side == Side::Black && last == Some(Side::White);
        if !joins {
            number += 1;
        }
        if t.side == Side::White {
            atoms.push(format!("{number}."));
        } else if !joins || after_comment {
            atoms.push(format!("{number}..."));
        }
        after_comment = false;
        let (token, groups) = split_printed(&t.printed);
        let note = notes.get(i);
        let mark = note.map_or("", |n| n.mark);
        match (&t.san, plain) {
            (Some(san), true) => atoms.push(format!("{san}{mark}")),
            _ => {
                atoms.push(format!("{token}{mark}"));
                for g in groups {
                    atoms.push(comment(&g));
                    after_comment = true;
                }
                for e in &t.events {
                    atoms.push(comment(&e.to_string()));
                    after_comment = true;
                }
            }
        }
        if let Some(n) = note.filter(|n| !n.comment.is_empty()) {
            atoms.push(comment(&n.comment));
            after_comment = true;
        }
        last = Some(t.side);
    }
    atoms
}

/// Joins atoms into lines of at most 79 characters (an atom longer than that stands
/// alone); no line starts with `[` or `%`, which PGN reads as tags and escapes.
fn wrap(atoms: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for a in atoms {
        if !line.is_empty() && line.len() + 1 + a.len() > 79 {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(a);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The tags and movetext of an exported record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pgn {
    pub tags: Vec<(String, String)>,
    pub movetext: String,
}

impl Pgn {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The PGN termination of a game.
fn termination(rec: &GameRecord, game: &Game) -> &'static str {
    if game.outcome().is_none() {
        return "unterminated";
    }
    match rec.actions.last().map(|a| &a.kind) {
        Some(ActionKind::TimeoutClaim { .. }) => "time forfeit",
        Some(ActionKind::Abort { .. } | ActionKind::ModeratorAbort { .. }) => "abandoned",
        _ => "normal",
    }
}

/// The record as PGN (`docs/export.md`): the Seven Tag Roster, then the game's own
/// tags; plain chess in SAN, other games in their documents' notation with results
/// and events as comments; the seed commitment, and the seed once the game is over.
pub fn export_text(rec: &GameRecord, game: &Game, site: Option<&str>) -> String {
    export_annotated(rec, game, site, &[])
}

/// Where a game stands in a tournament, for its PGN's `Event`, `Round` and `Board`.
#[derive(Clone, Copy, Debug)]
pub struct Heading<'a> {
    pub event: &'a str,
    pub round: u32,
    /// The game's board in its round (1 for the first pairing), when known.
    pub board: Option<usize>,
}

/// [`export_text`] of a tournament's game: its event's name, round and board.
pub fn export_in_event(rec: &GameRecord, game: &Game, heading: &Heading) -> String {
    export_with(rec, game, None, &[], Some(heading))
}

/// [`export_text`] with a review's annotations of the turns (`notes`, by turn).
pub fn export_annotated(
    rec: &GameRecord,
    game: &Game,
    site: Option<&str>,
    notes: &[Annotation],
) -> String {
    export_with(rec, game, site, notes, None)
}

fn export_with(
    rec: &GameRecord,
    game: &Game,
    site: Option<&str>,
    notes: &[Annotation],
    heading: Option<&Heading>,
) -> String {
    let result = game.outcome().map(|o| o.score()).unwrap_or("*");
    let answers = answers(rec);
    let replayed = replay(rec.variant, &rec.options, rec.seed, &answers, |_| {});
    let turns = match &replayed {
        Ok(r) => r.turns.clone(),
        Err(_) => Vec::new(),
    };
    let plain = game.is_plain_chess();
    let mut tags = roster(rec, site, heading, result);
    if !plain {
        tags.push(("Variant".into(), rec.variant.name().into()));
        if let Some(fen) = Game::new(rec.variant, &rec.options, rec.seed)
            .ok()
            .and_then(|g| g.setup_fen())
        {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), fen));
        }
    }
    tags.extend(game_tags(rec, game));
    if !plain {
        tags.push(("Answers".into(), answers.join(" | ")));
    }
    let mut atoms = annotated_atoms(&turns, plain, notes);
    if let Some(c) = closing_line(rec, game) {
        atoms.push(comment(&c));
    }
    atoms.push(result.to_string());
    let mut out: Vec<String> = tags.iter().map(|(k, v)| tag(k, v)).collect();
    out.push(String::new());
    out.extend(wrap(&atoms));
    out.push(String::new());
    out.join("\n")
}

/// The Seven Tag Roster (with `Board` after `Round` when a tournament knows it).
fn roster(
    rec: &GameRecord,
    site: Option<&str>,
    heading: Option<&Heading>,
    result: &str,
) -> Vec<(String, String)> {
    let (event, round) = match heading {
        Some(h) => (h.event.to_string(), h.round.to_string()),
        None => ("Arcana correspondence game".into(), "-".into()),
    };
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), event),
        ("Site".into(), site.unwrap_or("Arcana").into()),
        ("Date".into(), date_of(rec.created_ms)),
        ("Round".into(), round),
    ];
    if let Some(board) = heading.and_then(|h| h.board) {
        tags.push(("Board".into(), board.to_string()));
    }
    tags.extend([
        ("White".into(), rec.players[0].name.clone()),
        ("Black".into(), rec.players[1].name.clone()),
        ("Result".into(), result.into()),
    ]);
    tags
}

/// The tags of the game's own terms: its variant's id and options, time control,
/// termination and seed.
fn game_tags(rec: &GameRecord, game: &Game) -> Vec<(String, String)> {
    let mut tags = vec![("VariantId".into(), rec.variant.id().into())];
    if !rec.options.is_empty() {
        let list: Vec<String> = rec
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        tags.push(("VariantOptions".into(), list.join(" ")));
    }
    tags.push((
        "TimeControl".into(),
        if rec.days == 0 {
            "-".into()
        } else {
            format!("1/{}", u64::from(rec.days) * 86_400)
        },
    ));
    tags.push(("Termination".into(), termination(rec, game).into()));
    if game.uses_randomness() {
        tags.push(("SeedCommitment".into(), seed_commitment(rec.seed)));
        if game.is_over() {
            tags.push(("Seed".into(), seed_hex(rec.seed)));
        }
    }
    tags
}

/// An exported record with `author`'s private notes as a comment before its moves
/// (their own export only).
pub fn with_notes(exported: &str, author: &str, notes: &[String]) -> String {
    let note = comment(&format!(
        "Notes of {author} (private): {}",
        notes.join(" / ")
    ));
    match exported.split_once("\n\n") {
        Some((tags, moves)) => format!("{tags}\n\n{note}\n{moves}"),
        None => format!("{exported}\n{note}\n"),
    }
}

/// Reads an exported record: its tags and its movetext (no meaning yet).
pub fn parse_pgn(text: &str) -> Result<Pgn, String> {
    let mut pgn = Pgn::default();
    let mut movetext = Vec::new();
    let mut in_tags = true;
    for (n, line) in text.lines().enumerate() {
        let t = line.trim();
        if in_tags {
            if t.is_empty() {
                if !pgn.tags.is_empty() {
                    in_tags = false;
                }
                continue;
            }
            if let Some(inner) = t.strip_prefix('[') {
                let inner = inner
                    .strip_suffix(']')
                    .ok_or_else(|| format!("line {}: a tag must end with `]`", n + 1))?;
                let (name, value) = inner
                    .split_once(char::is_whitespace)
                    .ok_or_else(|| format!("line {}: a tag is `[Name \"value\"]`", n + 1))?;
                let value = value
                    .trim()
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .ok_or_else(|| format!("line {}: a tag's value is in quotes", n + 1))?;
                let value = value.replace("\\\"", "\"").replace("\\\\", "\\");
                pgn.tags.push((name.to_string(), value));
                continue;
            }
            in_tags = false;
        }
        movetext.push(t);
    }
    if pgn.tags.is_empty() {
        return Err("this is not a PGN record: it has no tags".into());
    }
    pgn.movetext = movetext.join("\n");
    Ok(pgn)
}

/// A token of movetext.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    Move(String),
    Comment(String),
    Result(String),
}

/// Splits movetext into moves, comments and the result; move numbers are dropped.
pub(crate) fn tokens(movetext: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut chars = movetext.chars().peekable();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut Vec<Token>| {
        let w = std::mem::take(word);
        let bare = w.trim_start_matches(|c: char| c.is_ascii_digit());
        let bare = if bare.len() < w.len() && bare.starts_with('.') {
            bare.trim_start_matches('.')
        } else {
            w.as_str()
        };
        match bare {
            "" => {}
            "1-0" | "0-1" | "1/2-1/2" | "*" => out.push(Token::Result(bare.to_string())),
            m => out.push(Token::Move(m.to_string())),
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut word, &mut out);
                let mut text = String::new();
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                    text.push(c);
                }
                let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
                out.push(Token::Comment(text));
            }
            c if c.is_whitespace() => flush(&mut word, &mut out),
            c => word.push(c),
        }
    }
    flush(&mut word, &mut out);
    out
}

/// What an exported record says, read back.
#[derive(Clone, Debug)]
pub struct Imported {
    pub variant: VariantId,
    pub options: Options,
    /// The revealed seed (`Seed`).
    pub seed: Option<u64>,
    /// The posted commitment (`SeedCommitment`).
    pub commitment: Option<String>,
    pub answers: Vec<String>,
    pub names: [String; 2],
    /// The `Result` tag.
    pub result: String,
    /// The last comment before the result: how the game ended, in words.
    pub closing: Option<String>,
    pub pgn: Pgn,
}

impl Imported {
    /// The seed to replay with: the revealed one; any seed for a game without chance.
    pub fn replay_seed(&self) -> Result<u64, String> {
        if let Some(s) = self.seed {
            return Ok(s);
        }
        let probe = Game::new(self.variant, &self.options, 0).map_err(|e| e.to_string())?;
        if probe.uses_randomness() {
            Err(
                "this game draws on chance and its seed is revealed only when it ends; \
                 this record has no `Seed` yet"
                    .into(),
            )
        } else {
            Ok(0)
        }
    }

    /// The animated GIF of the record from `bottom`'s side: one frame per turn, the
    /// last showing how the game ended (the closing comment, for an ending outside
    /// the rules such as a resignation).
    pub fn animation(&self, bottom: Side, size: Option<u32>) -> Result<Vec<u8>, String> {
        let (mut views, replayed) = frames(
            self.variant,
            &self.options,
            self.replay_seed()?,
            &self.answers,
            &self.names,
        )?;
        if let (None, Some(ended), Some(last)) = (
            replayed.game.outcome(),
            self.ending_outside_the_rules(),
            views.last_mut(),
        ) {
            last.result = Some(ended);
            last.to_move = None;
        }
        let mut options = GifOptions {
            bottom,
            ..GifOptions::default()
        };
        options.size = size.unwrap_or(options.size);
        render_gif(&views, &options).map_err(|e| e.to_string())
    }

    /// How a game that the rules did not end was ended, from the closing comment's
    /// last sentence (`bob resigns. White wins by resignation.`), when the record
    /// gives a result.
    fn ending_outside_the_rules(&self) -> Option<String> {
        let closing = self.closing.as_deref()?;
        if self.result == "*" && !closing.ends_with("aborted.") {
            return None;
        }
        let last = closing
            .trim_end_matches('.')
            .rsplit(". ")
            .next()?
            .trim()
            .to_string();
        (!last.is_empty()).then_some(last)
    }

    /// Replays the record's answers.
    pub fn replay(&self, each: impl FnMut(&Game)) -> Result<Replayed, String> {
        replay(
            self.variant,
            &self.options,
            self.replay_seed()?,
            &self.answers,
            each,
        )
    }
}

/// Reads an exported record back: the variant, options, seed and answers to replay.
/// Plain chess is read from its SAN movetext; other games from their `Answers` tag.
pub fn import(text: &str) -> Result<Imported, String> {
    let pgn = parse_pgn(text)?;
    let variant = match (pgn.tag("VariantId"), pgn.tag("Variant")) {
        (Some(id), _) => {
            VariantId::parse(id).ok_or_else(|| format!("unknown variant id `{id}`"))?
        }
        (None, Some(name)) => VariantId::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(name) || v.id() == name.to_lowercase())
            .ok_or_else(|| format!("unknown variant `{name}`"))?,
        (None, None) => VariantId::DEFAULT,
    };
    let pairs: Vec<String> = pgn
        .tag("VariantOptions")
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let options = crate::service::contract::grammar::parse_options(&pairs)?;
    let seed = pgn
        .tag("Seed")
        .map(|s| u64::from_str_radix(s.trim(), 16).map_err(|_| format!("`{s}` is not a seed")))
        .transpose()?;
    let toks = tokens(&pgn.movetext);
    let answers: Vec<String> = match pgn.tag("Answers") {
        Some(list) => list
            .split(" | ")
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .map(str::to_string)
            .collect(),
        // A move's suffix annotation (`?`, `??`, `!?`: a review's marks) is no part
        // of the move.
        None => toks
            .iter()
            .filter_map(|t| match t {
                Token::Move(m) => Some(m.trim_end_matches(['?', '!']).to_string()),
                _ => None,
            })
            .collect(),
    };
    let closing = match toks.as_slice() {
        [.., Token::Comment(c), Token::Result(_)] => Some(c.clone()),
        _ => None,
    };
    Ok(Imported {
        variant,
        options,
        seed,
        commitment: pgn.tag("SeedCommitment").map(str::to_string),
        answers,
        names: [
            pgn.tag("White").unwrap_or("White").to_string(),
            pgn.tag("Black").unwrap_or("Black").to_string(),
        ],
        result: pgn.tag("Result").unwrap_or("*").to_string(),
        closing,
        pgn,
    })
}

/// `YYYY.MM.DD` from milliseconds since the epoch (civil calendar, UTC).
pub(in crate::service) fn date_of(ms: u64) -> String {
    let days = (ms / 86_400_000) as i64;
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!("{y:04}.{m:02}.{d:02}")
}

fn tag(name: &str, value: &str) -> String {
    let clean: String = value
        .chars()
        .map(|c| {
            if c == '"' || c == '\\' || c.is_control() {
                '\''
            } else {
                c
            }
        })
        .collect();
    format!("[{name} \"{clean}\"]")
}
