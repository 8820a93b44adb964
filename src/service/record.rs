//! The printed record of a game: the numbered history and the PGN-like export.

use crate::core::Side;
use crate::store::{ActionKind, GameRecord, HistoryEntry};
use crate::variants::{Game, Outcome, PlayError, Played};

/// Adds one accepted answer to the per-turn record. An answer that begins a turn
/// opens a new entry; a follow-up inside that turn (`follow_up`: a teleport square, a
/// ball square, a throw, a Defender, a card, a sacrifice) rewrites the turn's entry
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

/// A PGN-like file: tags (with `Variant`), then the moves as the record prints them,
/// with event lines as `{comments}`.
pub fn export_text(rec: &GameRecord, game: &Game, site: Option<&str>) -> String {
    let date = date_of(rec.created_ms);
    let result = game.outcome().map(|o| o.score()).unwrap_or("*");
    let mut out = vec![
        tag("Event", "Arcana correspondence game"),
        tag("Site", site.unwrap_or("Arcana")),
        tag("Date", &date),
        tag("White", &rec.players[0].name),
        tag("Black", &rec.players[1].name),
        tag("Result", result),
        tag("Variant", rec.variant.name()),
        tag("VariantId", rec.variant.id()),
        tag(
            "TimeControl",
            &if rec.days == 0 {
                "-".to_string()
            } else {
                format!("{} days per move", rec.days)
            },
        ),
    ];
    for (k, v) in &rec.options {
        out.push(tag("Option", &format!("{k}={v}")));
    }
    if let Some(o) = game.outcome() {
        out.push(tag("Termination", &o.to_string()));
    }
    out.push(String::new());
    for line in history_lines(&entries(rec)) {
        let t = line.trim();
        let is_move = t
            .chars()
            .next()
            .map(|c| c.is_ascii_digit())
            .unwrap_or(false);
        if is_move {
            out.push(t.to_string());
        } else {
            out.push(format!("{{{}}}", t.replace(['{', '}'], "")));
        }
    }
    if let Some(c) = closing_line(rec, game) {
        out.push(format!("{{{}}}", c.replace(['{', '}'], "")));
    }
    out.push(result.to_string());
    out.push(String::new());
    out.join("\n")
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
