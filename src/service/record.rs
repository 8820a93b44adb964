//! The record of a game: one entry per turn, the numbered history, the PGN export
//! (`docs/export.md`), reading an export back, and the fairness check of its seed.

use crate::core::view::{View, Viewer};
use crate::core::Side;
use crate::render::{render_gif, GifOptions};
use crate::store::{ActionKind, GameRecord, HistoryEntry};
use crate::variants::{Game, Options, Outcome, PlayError, Played, VariantId};

/// Adds one accepted answer to the per-turn record. An answer that begins a turn
/// opens a new entry; a follow-up inside that turn (`follow_up`: any further question
/// the rules ask within the same turn) rewrites the turn's entry
/// with the turn's text so far, so a finished turn is one entry in its final form.
/// The result line is left out: the closing line announces it, once.
pub fn add_answer(
    entries: &mut Vec<HistoryEntry>,
    side: Side,
    follow_up: bool,
    played: &Played,
    outcome: Option<&Outcome>,
) {
    let events = without_result(&played.events, outcome);
    match entries.last_mut() {
        Some(turn) if follow_up => {
            turn.printed = played.printed.clone();
            turn.events.extend(events);
        }
        _ => entries.push(HistoryEntry {
            side,
            printed: played.printed.clone(),
            events,
        }),
    }
}

/// `events` without the line that states the game's result (`White wins by king
/// loss.`), which the closing line states.
pub fn without_result(events: &[String], outcome: Option<&Outcome>) -> Vec<String> {
    let result = outcome.map(|o| format!("{o}."));
    events
        .iter()
        .filter(|e| Some(e.as_str()) != result.as_deref())
        .cloned()
        .collect()
}

/// Plays `side`'s answer on `game` and adds it to `entries`, the way the service
/// records it.
pub fn play_answer(
    game: &mut Game,
    entries: &mut Vec<HistoryEntry>,
    side: Side,
    text: &str,
) -> Result<Played, PlayError> {
    let follow_up = game.ask().is_some_and(|q| q.question.continues_turn());
    let played = game.play(side, text)?;
    add_answer(entries, side, follow_up, &played, game.outcome().as_ref());
    Ok(played)
}

/// The per-turn record of a stored game, rebuilt by replaying its answers, so records
/// stored before one entry per turn (one entry per answer) print the same way. A
/// record that does not replay prints its stored entries.
pub fn entries(rec: &GameRecord) -> Vec<HistoryEntry> {
    let replayed = (|| -> Result<Vec<HistoryEntry>, String> {
        let mut game = Game::new(rec.variant, &rec.options, rec.seed)?;
        let mut out = Vec::new();
        for a in &rec.actions {
            if let ActionKind::Play { side, text } = &a.kind {
                play_answer(&mut game, &mut out, *side, text).map_err(|e| e.to_string())?;
            }
        }
        Ok(out)
    })();
    replayed.unwrap_or_else(|_| rec.history.clone())
}

/// The move list as players read it: `1. e2-e4 e7-e5`, one entry per turn, event
/// lines on their own lines. White's turns take the next number; a Black turn follows
/// White's on its line, or starts its own (`1... e7-e5`).
pub fn history_lines(entries: &[HistoryEntry]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut number = 0u32;
    let mut last: Option<Side> = None;
    for e in entries {
        let joins = e.side == Side::Black && last == Some(Side::White);
        if !joins {
            number += 1;
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
        }
        if line.is_empty() {
            let dots = if e.side == Side::White { "." } else { "..." };
            line = format!("{number}{dots} {}", e.printed);
        } else {
            line.push(' ');
            line.push_str(&e.printed);
        }
        last = Some(e.side);
        if !e.events.is_empty() {
            lines.push(std::mem::take(&mut line));
            lines.extend(e.events.iter().cloned());
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Lines for what happened outside the moves (resignation, agreement, abort, timeout).
pub fn closing_line(rec: &GameRecord, game: &Game) -> Option<String> {
    let outcome = game.outcome()?;
    let who = |s: &Side| rec.player(*s).name.clone();
    let lead = rec.actions.last().and_then(|a| match &a.kind {
        ActionKind::Resign { side } => Some(format!("{} resigns. ", who(side))),
        ActionKind::DrawAgreed { offerer } => Some(format!(
            "{} accepts the draw offer. ",
            who(&offerer.other())
        )),
        ActionKind::DrawClaim { side, .. } => Some(format!("{} claims a draw. ", who(side))),
        ActionKind::Abort { side } => Some(format!("{} aborts the game. ", who(side))),
        ActionKind::TimeoutClaim { side } => {
            Some(format!("{} claims the win on time. ", who(side)))
        }
        _ => None,
    });
    Some(format!("{}{}.", lead.unwrap_or_default(), outcome))
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

/// One turn of a replayed record, with what the export needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub side: Side,
    /// The turn in its final canonical form: `Ze4:e5 (teleport b6)`.
    pub printed: String,
    pub events: Vec<String>,
    /// The answers that made it, as stored; they replay it.
    pub answers: Vec<String>,
    /// The move in SAN, for plain chess.
    pub san: Option<String>,
}

/// A game replayed from its answers, turn by turn.
pub struct Replayed {
    pub game: Game,
    pub turns: Vec<Turn>,
}

/// Replays `answers` from the start of a game. `each` sees the start and the game
/// after every finished turn (the frames of an animation).
pub fn replay(
    variant: VariantId,
    options: &Options,
    seed: u64,
    answers: &[String],
    mut each: impl FnMut(&Game),
) -> Result<Replayed, String> {
    let mut game = Game::new(variant, options, seed)?;
    each(&game);
    let mut entries = Vec::new();
    let mut turns: Vec<Turn> = Vec::new();
    for (i, text) in answers.iter().enumerate() {
        let ask = game
            .ask()
            .ok_or_else(|| format!("the game is over before answer {} (`{text}`)", i + 1))?;
        let san = game.san(text);
        let follow_up = ask.question.continues_turn();
        play_answer(&mut game, &mut entries, ask.side, text)
            .map_err(|e| format!("answer {} (`{text}`) is refused: {e}", i + 1))?;
        let Some(entry) = entries.last() else {
            continue;
        };
        match turns.last_mut() {
            Some(t) if follow_up => {
                t.printed = entry.printed.clone();
                t.events = entry.events.clone();
                t.answers.push(text.clone());
            }
            _ => turns.push(Turn {
                side: entry.side,
                printed: entry.printed.clone(),
                events: entry.events.clone(),
                answers: vec![text.clone()],
                san,
            }),
        }
        if game.ask().is_none_or(|a| !a.question.continues_turn()) {
            each(&game);
        }
    }
    Ok(Replayed { game, turns })
}

/// The frames of a game's animation: the public view at the start and after every
/// finished turn, with the players' names. Public views only, so no secret (a hidden
/// piece property, a player's hand) can reach the picture. Only the last frame marks the
/// player to move: in a replay the last-move marks say who moved, and bars that
/// stay still between frames keep the animation calm (and each frame small).
pub fn frames(
    variant: VariantId,
    options: &Options,
    seed: u64,
    answers: &[String],
    names: &[String; 2],
) -> Result<(Vec<View>, Replayed), String> {
    let mut views = Vec::new();
    let replayed = replay(variant, options, seed, answers, |game| {
        let mut v = game.view(Viewer::Public);
        v.names = names.clone();
        views.push(v);
    })?;
    let shown = views.len().saturating_sub(1);
    for v in &mut views[..shown] {
        v.to_move = None;
    }
    Ok((views, replayed))
}

/// The animated GIF of a stored game, drawn from `bottom`'s side: one frame per turn,
/// and last the game as it stands (`now`, its public view, which also shows how a game
/// ended outside the rules, or a turn still half played). A record that does not
/// replay is drawn as it stands.
pub fn animation(rec: &GameRecord, now: View, bottom: Side) -> Result<Vec<u8>, String> {
    let names = [rec.players[0].name.clone(), rec.players[1].name.clone()];
    let mut views = frames(rec.variant, &rec.options, rec.seed, &answers(rec), &names)
        .map(|(views, _)| views)
        .unwrap_or_default();
    let position = |v: &View| View {
        to_move: None,
        result: None,
        ..v.clone()
    };
    match views.last_mut() {
        Some(last) if position(last) == position(&now) => *last = now,
        _ => views.push(now),
    }
    let options = GifOptions {
        bottom,
        ..GifOptions::default()
    };
    render_gif(&views, &options).map_err(|e| e.to_string())
}

/// The answers of a stored record, in order.
pub fn answers(rec: &GameRecord) -> Vec<String> {
    rec.actions
        .iter()
        .filter_map(|a| match &a.kind {
            ActionKind::Play { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// The seed as the commitment hashes it and the reveal prints it: 16 lower-case hex
/// digits.
pub fn seed_hex(seed: u64) -> String {
    format!("{seed:016x}")
}

/// `sha256:<64 hex digits>`: the SHA-256 of [`seed_hex`].
pub fn seed_commitment(seed: u64) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(seed_hex(seed).as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256:{hex}")
}

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

/// The movetext atoms of the turns: move numbers, moves, comments.
pub(crate) fn movetext_atoms(turns: &[Turn], plain: bool) -> Vec<String> {
    let mut atoms = Vec::new();
    let mut number = 0u32;
    let mut last: Option<Side> = None;
    let mut after_comment = false;
    for t in turns {
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
        match (&t.san, plain) {
            (Some(san), true) => atoms.push(san.clone()),
            _ => {
                atoms.push(token);
                for g in groups {
                    atoms.push(comment(&g));
                    after_comment = true;
                }
                for e in &t.events {
                    atoms.push(comment(e));
                    after_comment = true;
                }
            }
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
        Some(ActionKind::Abort { .. }) => "abandoned",
        _ => "normal",
    }
}

/// The record as PGN (`docs/export.md`): the Seven Tag Roster, then the game's own
/// tags; plain chess in SAN, other games in their documents' notation with results
/// and events as comments; the seed commitment, and the seed once the game is over.
pub fn export_text(rec: &GameRecord, game: &Game, site: Option<&str>) -> String {
    let result = game.outcome().map(|o| o.score()).unwrap_or("*");
    let answers = answers(rec);
    let replayed = replay(rec.variant, &rec.options, rec.seed, &answers, |_| {});
    let turns = match &replayed {
        Ok(r) => r.turns.clone(),
        Err(_) => Vec::new(),
    };
    let plain = game.is_plain_chess();
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), "Arcana correspondence game".into()),
        ("Site".into(), site.unwrap_or("Arcana").into()),
        ("Date".into(), date_of(rec.created_ms)),
        ("Round".into(), "-".into()),
        ("White".into(), rec.players[0].name.clone()),
        ("Black".into(), rec.players[1].name.clone()),
        ("Result".into(), result.into()),
    ];
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
    tags.push(("VariantId".into(), rec.variant.id().into()));
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
    if !plain {
        tags.push(("Answers".into(), answers.join(" | ")));
    }
    let mut atoms = movetext_atoms(&turns, plain);
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
        let probe = Game::new(self.variant, &self.options, 0)?;
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
    let options = super::grammar::parse_options(&pairs)?;
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
        None => toks
            .iter()
            .filter_map(|t| match t {
                Token::Move(m) => Some(m.clone()),
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
fn date_of(ms: u64) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn e(side: Side, p: &str, ev: &[&str]) -> HistoryEntry {
        HistoryEntry {
            side,
            printed: p.to_string(),
            events: ev.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn numbered_lines_with_events() {
        let h = vec![
            e(Side::White, "f2-f3", &[]),
            e(Side::Black, "e7-e5", &[]),
            e(Side::White, "g2-g4", &[]),
            e(Side::Black, "Qd8-h4", &["Checkmate."]),
        ];
        assert_eq!(
            history_lines(&h),
            vec!["1. f2-f3 e7-e5", "2. g2-g4 Qd8-h4", "Checkmate."]
        );
        let h = vec![
            e(Side::White, "e2-e4", &["[x]"]),
            e(Side::Black, "e7-e5", &[]),
            e(Side::White, "Ze4:e4 (teleport h8)", &[]),
            e(Side::Black, "d7-d5", &[]),
        ];
        assert_eq!(
            history_lines(&h),
            vec![
                "1. e2-e4",
                "[x]",
                "1... e7-e5",
                "2. Ze4:e4 (teleport h8) d7-d5"
            ]
        );
        // A game begun by Black, and two Black turns in a row, keep counting.
        let h = vec![e(Side::Black, "a", &[]), e(Side::Black, "b", &[])];
        assert_eq!(history_lines(&h), vec!["1... a", "2... b"]);
    }

    #[test]
    fn follow_ups_rewrite_their_turn_and_the_result_is_left_to_the_closing_line() {
        let played = |printed: &str, events: &[&str]| Played {
            action: String::new(),
            printed: printed.to_string(),
            events: events.iter().map(|s| s.to_string()).collect(),
            private: Vec::new(),
        };
        let mut h = Vec::new();
        add_answer(
            &mut h,
            Side::White,
            false,
            &played("Ze4:e5 (teleport)", &[]),
            None,
        );
        add_answer(
            &mut h,
            Side::White,
            true,
            &played("Ze4:e5 (teleport b6)", &["Check."]),
            None,
        );
        let won = Outcome::win(Side::Black, "king loss");
        add_answer(
            &mut h,
            Side::Black,
            false,
            &played("Zd8:e8 (death)", &["[x]", "Black wins by king loss."]),
            Some(&won),
        );
        assert_eq!(
            h,
            vec![
                e(Side::White, "Ze4:e5 (teleport b6)", &["Check."]),
                e(Side::Black, "Zd8:e8 (death)", &["[x]"]),
            ]
        );
    }

    #[test]
    fn dates() {
        assert_eq!(date_of(0), "1970.01.01");
        assert_eq!(date_of(1_700_000_000_000), "2023.11.14");
    }
}
