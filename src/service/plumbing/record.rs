//! The record of a game: one entry per turn, the numbered history, the replay behind
//! exports and the GIF, and the seed's commitment. The PGN text itself (export and
//! import) is in `pgn.rs`, above this module.

use crate::core::view::{View, Viewer};
use crate::core::Side;
use crate::i18n::{Lang, Msg};
use crate::render::{render_gif, GifOptions};
use crate::store::{ActionKind, GameRecord, HistoryEntry};
use crate::tr;
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
            conditional: false,
        }),
    }
}

/// `events` without the line that states the game's result (`White wins by king
/// loss.`), which the closing line states.
pub fn without_result(events: &[Msg], outcome: Option<&Outcome>) -> Vec<Msg> {
    let result = outcome.map(|o| format!("{o}."));
    events
        .iter()
        .filter(|e| Some(e.to_string()) != result)
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
        let mut game = Game::new(rec.variant, &rec.options, rec.seed).map_err(|e| e.to_string())?;
        let mut out = Vec::new();
        for (i, kind) in crate::variants::action::effective(rec.actions.iter().map(|a| &a.kind)) {
            if let ActionKind::Play { side, text } = kind {
                play_answer(&mut game, &mut out, *side, text).map_err(|e| e.to_string())?;
                if rec.conditional_plies.contains(&i) {
                    if let Some(entry) = out.last_mut() {
                        entry.conditional = true;
                    }
                }
            }
        }
        Ok(out)
    })();
    replayed.unwrap_or_else(|_| rec.history.clone())
}

/// The move list as players read it: `1. e2-e4 e7-e5`, one entry per turn, event
/// lines on their own lines. White's turns take the next number; a Black turn follows
/// White's on its line, or starts its own (`1... e7-e5`).
pub fn history_lines(entries: &[HistoryEntry], lang: crate::i18n::Lang) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut number = 0u32;
    let mut last: Option<Side> = None;
    let mut last_several = false;
    for e in entries {
        let joins = e.side == Side::Black && last == Some(Side::White);
        if !joins {
            number += 1;
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
        }
        if !line.is_empty() && last_several {
            // White's turn had several parts (`@f3 @c4 @d5`, `Nb1-a3, Ng1-h3`): Black's
            // turn gets its own line, so the two sides' actions never run together.
            lines.push(std::mem::take(&mut line));
        }
        if line.is_empty() {
            let dots = if e.side == Side::White { "." } else { "..." };
            line = format!("{number}{dots} {}", e.printed);
        } else {
            line.push(' ');
            line.push_str(&e.printed);
        }
        last_several = several_parts(&e.printed);
        if e.conditional {
            // Played from its player's conditional line.
            line.push_str(" [conditional]");
        }
        last = Some(e.side);
        if !e.events.is_empty() {
            lines.push(std::mem::take(&mut line));
            lines.extend(e.events.iter().map(|m| m.in_lang(lang)));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Whether a printed turn has several parts outside its parenthesised notes (a
/// set-up of several pieces or a two-action turn), so that another turn beside it would
/// run together.
fn several_parts(printed: &str) -> bool {
    let mut depth = 0u32;
    let mut outside = String::new();
    for c in printed.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            c if depth == 0 => outside.push(c),
            _ => {}
        }
    }
    outside.trim().contains([' ', ','])
}

/// Lines for what happened outside the moves (resignation, agreement, abort, timeout),
/// in English (the PGN's comment).
pub fn closing_line(rec: &GameRecord, game: &Game) -> Option<String> {
    closing_line_in(rec, game, Lang::En)
}

/// The closing line of a finished game in `lang`: what ended it and the result.
pub fn closing_line_in(rec: &GameRecord, game: &Game, lang: Lang) -> Option<String> {
    let outcome = game.outcome()?;
    let who = |s: &Side| rec.player(*s).name.clone();
    let lead = rec.actions.last().and_then(|a| match &a.kind {
        ActionKind::Resign { side } => Some(tr!(lang, "closing-resigns", name = who(side))),
        ActionKind::DrawAgreed { offerer } => Some(tr!(
            lang,
            "closing-draw-accepted",
            name = who(&offerer.other())
        )),
        ActionKind::DrawClaim { side, .. } => {
            Some(tr!(lang, "closing-draw-claimed", name = who(side)))
        }
        ActionKind::Abort { side } => Some(tr!(lang, "closing-aborts", name = who(side))),
        ActionKind::ModeratorAbort { by } => {
            Some(tr!(lang, "closing-moderator-aborts", name = by.clone()))
        }
        ActionKind::TimeoutClaim { side } => {
            Some(tr!(lang, "closing-wins-on-time", name = who(side)))
        }
        _ => None,
    });
    let result = outcome.describe_in(lang);
    let mut line = match lead {
        Some(lead) => format!("{lead} {result}"),
        None => result,
    };
    line.push('.');
    Some(line)
}

/// Whether each player has played a turn (taken-back turns not counted). A rated game
/// that ends before that is not rated, as on lichess (ruling X-RATINGS-8): a
/// resignation before any move is no win nobody played.
pub fn both_played(rec: &GameRecord) -> bool {
    let mut played = [false; 2];
    for (_, kind) in crate::variants::action::effective(rec.actions.iter().map(|a| &a.kind)) {
        if let ActionKind::Play { side, .. } = kind {
            played[side.index()] = true;
        }
    }
    played == [true, true]
}

/// One turn of a replayed record, with what the export needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub side: Side,
    /// The turn in its final canonical form: `Ze4:e5 (teleport b6)`.
    pub printed: String,
    pub events: Vec<Msg>,
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
    let mut game = Game::new(variant, options, seed).map_err(|e| e.to_string())?;
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
    crate::variants::action::effective(rec.actions.iter().map(|a| &a.kind))
        .into_iter()
        .filter_map(|(_, kind)| match kind {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::formats::pgn::date_of;

    fn e(side: Side, p: &str, ev: &[&str]) -> HistoryEntry {
        HistoryEntry {
            side,
            printed: p.to_string(),
            events: ev.iter().map(|s| Msg::text(*s)).collect(),
            conditional: false,
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
            history_lines(&h, crate::i18n::Lang::En),
            vec!["1. f2-f3 e7-e5", "2. g2-g4 Qd8-h4", "Checkmate."]
        );
        let h = vec![
            e(Side::White, "e2-e4", &["[x]"]),
            e(Side::Black, "e7-e5", &[]),
            e(Side::White, "Ze4:e4 (teleport h8)", &[]),
            e(Side::Black, "d7-d5", &[]),
        ];
        assert_eq!(
            history_lines(&h, crate::i18n::Lang::En),
            vec![
                "1. e2-e4",
                "[x]",
                "1... e7-e5",
                "2. Ze4:e4 (teleport h8) d7-d5"
            ]
        );
        // A game begun by Black, and two Black turns in a row, keep counting.
        let h = vec![e(Side::Black, "a", &[]), e(Side::Black, "b", &[])];
        assert_eq!(
            history_lines(&h, crate::i18n::Lang::En),
            vec!["1... a", "2... b"]
        );
    }

    #[test]
    fn follow_ups_rewrite_their_turn_and_the_result_is_left_to_the_closing_line() {
        let played = |printed: &str, events: &[&str]| Played {
            action: String::new(),
            printed: printed.to_string(),
            events: events.iter().map(|s| Msg::text(*s)).collect(),
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
        let won = Outcome::win(Side::Black, crate::i18n::Msg::text("king loss"));
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
