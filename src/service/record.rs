//! The printed record of a game: the numbered history and the PGN-like export.

use crate::core::Side;
use crate::store::{ActionKind, GameRecord, HistoryEntry};
use crate::variants::Game;

/// The move list as players read it: `1. e2-e4 e7-e5`, event lines on their own lines,
/// a follow-up answer by the same side (a teleport square) kept on its turn's line.
pub fn history_lines(entries: &[HistoryEntry]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut number = 0u32;
    let mut last: Option<Side> = None;
    for e in entries {
        let dots = if e.side == Side::White { "." } else { "..." };
        let new_turn = last != Some(e.side);
        if new_turn && (e.side == Side::White || last.is_none()) {
            number += 1;
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
        }
        if line.is_empty() {
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
pub fn export_text(rec: &GameRecord, game: &Game) -> String {
    let date = date_of(rec.created_ms);
    let result = game.outcome().map(|o| o.score()).unwrap_or("*");
    let mut out = vec![
        tag("Event", "Arcana correspondence game"),
        tag("Site", &format!("channel {}", rec.channel)),
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
    for line in history_lines(&rec.history) {
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
            e(Side::White, "Ze4:e4", &[]),
            e(Side::White, "h8", &[]),
        ];
        assert_eq!(
            history_lines(&h),
            vec!["1. e2-e4", "[x]", "1... e7-e5", "2. Ze4:e4 h8"]
        );
    }

    #[test]
    fn dates() {
        assert_eq!(date_of(0), "1970.01.01");
        assert_eq!(date_of(1_700_000_000_000), "2023.11.14");
    }
}
