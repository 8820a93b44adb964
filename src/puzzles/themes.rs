//! A puzzle's themes and starting rating, read off its line as the rules report it:
//! how the line ends (`mate-in-2`, or a win by another rule), whether the first answer
//! checks, captures or is quiet, a sacrifice, a promotion, a fork, and the special
//! actions the record shows (a freeze, a jump, a zap, a wall, a throw, a Wizard
//! entering), found by the marks of the rules' own record text, never by the game's
//! name.

use super::judge::material;
use super::Position;
use crate::core::view::Viewer;
use crate::core::{Cell, Side};
use crate::variants::{Game, Outcome, Played};

/// Marks of the printed record and the theme each shows: `(freeze d5)` a freeze,
/// `(jump e3)` a jump, `Ze4:d5` a zap, `Nc3+d4` a wall conjured, `Ke1-f2>f6` a throw,
/// `Wg4` or `=W` a Wizard.
fn action_themes(printed: &str) -> Vec<&'static str> {
    let mut out = Vec::new();
    for word in printed.split([' ', ',', '(', ')']) {
        let w = word.trim();
        let bytes = w.as_bytes();
        if w == "freeze" {
            out.push("freeze");
        }
        if w == "jump" {
            out.push("jump");
        }
        if bytes.len() >= 4 && bytes[0] == b'Z' && w.contains(':') {
            out.push("zap");
        }
        if w.contains('>') {
            out.push("throw");
        }
        // A wall conjured: `+` followed by a square (a check's `+` ends the word).
        if let Some(at) = w.find('+') {
            if bytes.get(at + 1).is_some_and(|b| (b'a'..=b'h').contains(b)) {
                out.push("wall");
            }
        }
        if w.starts_with('W') || w.contains("=W") {
            out.push("wizard");
        }
    }
    out
}

/// A theme from an event of the rules (`wand-event-sleep`: `sleep`), for the
/// events a game names itself; the common ones (check, the result) are read apart.
fn event_theme(key: &str) -> Option<String> {
    let (_, what) = key.split_once("-event-")?;
    Some(what.to_string())
}

/// The cells `side`'s pieces stand on in `game`.
fn cells_of(game: &Game, side: Side) -> Vec<Cell> {
    game.view(Viewer::Player(side))
        .pieces
        .iter()
        .filter(|p| p.piece.side == side)
        .map(|p| p.cell)
        .collect()
}

/// `side`'s own material alone (hundredths of a pawn) and its pawns' share.
fn own(game: &Game, side: Side) -> (i32, usize) {
    let view = game.view(Viewer::Player(side));
    let mine = view.pieces.iter().filter(|p| p.piece.side == side);
    let value = mine
        .clone()
        .map(|p| p.piece.role.value() as i32 * 100)
        .sum();
    let pawns = mine
        .filter(|p| p.piece.role == crate::core::Role::Pawn)
        .count();
    (value, pawns)
}

/// What one solver step did, for the themes.
struct Step {
    played: Played,
    /// The cells the solver's pieces left and reached.
    left: Vec<Cell>,
    reached: Vec<Cell>,
    /// It took something of the opponent's.
    took: bool,
    /// A pawn of the solver's became a piece.
    promoted: bool,
}

/// The line played out from its position.
struct Line {
    solver: Side,
    steps: Vec<Step>,
    /// The most material the solver was down against the start (0 or less).
    lowest: i32,
    /// The cells the opponent's pieces stood on at the start and never left.
    still: Vec<Cell>,
    end: Game,
}

/// The solver's steps of `line` from `position`.
fn played_out(position: &Position, line: &[String]) -> Option<Line> {
    let mut game = position.game().ok()?;
    let solver = game.ask()?.side;
    let mut steps = Vec::new();
    let mut lowest = 0;
    let root = material(&game, solver);
    let mut still = cells_of(&game, solver.other());
    for answer in line {
        let side = game.ask()?.side;
        let before_cells = cells_of(&game, solver);
        let (before_own, before_pawns) = own(&game, solver);
        let before_theirs = before_own - material(&game, solver);
        let played = game.play(side, answer).ok()?;
        lowest = lowest.min(material(&game, solver) - root);
        if side != solver {
            let theirs = cells_of(&game, side);
            still.retain(|c| theirs.contains(c));
            continue;
        }
        let after_cells = cells_of(&game, solver);
        let (after_own, after_pawns) = own(&game, solver);
        let after_theirs = after_own - material(&game, solver);
        steps.push(Step {
            played,
            left: before_cells
                .iter()
                .filter(|c| !after_cells.contains(c))
                .copied()
                .collect(),
            reached: after_cells
                .iter()
                .filter(|c| !before_cells.contains(c))
                .copied()
                .collect(),
            took: after_theirs < before_theirs,
            promoted: after_pawns < before_pawns && after_own > before_own,
        });
    }
    Some(Line {
        solver,
        steps,
        lowest,
        still,
        end: game,
    })
}

/// How the line ends, for the solver after `n` steps: a mate in `n`, a win by the
/// rule's reason, or material kept.
fn ending_themes(end: &Game, solver: Side, n: usize) -> Vec<String> {
    match end.outcome() {
        Some(o @ Outcome::Win { winner, .. }) if winner == solver => {
            if o.is_by("reason-checkmate") {
                return vec!["mate".into(), format!("mate-in-{n}")];
            }
            let mut themes = vec!["win".to_string()];
            if let Outcome::Win { reason, .. } = &o {
                let key = reason.key();
                themes.push(key.strip_prefix("reason-").unwrap_or(key).to_string());
            }
            themes
        }
        _ => vec!["material".into()],
    }
}

/// The themes of the puzzle at `position` solved by `line`, and its starting rating:
/// 1000, and 250 more for each step of the solver beyond the first, 200 for a quiet
/// first answer (no capture, no check), 200 for a sacrifice, between 600 and 2400.
pub fn read(position: &Position, line: &[String]) -> (Vec<String>, u32) {
    let Some(Line {
        solver,
        steps,
        lowest,
        still,
        end,
    }) = played_out(position, line)
    else {
        return (Vec::new(), 1000);
    };
    let n = steps.len();
    let mut themes = ending_themes(&end, solver, n);
    themes.push(
        match n {
            0 | 1 => "one-move",
            2 => "short",
            _ => "long",
        }
        .into(),
    );
    let first = steps.first();
    let check = first.is_some_and(|s| {
        s.played
            .events
            .iter()
            .any(|e| e.key() == "event-check" || e.key() == "event-checkmate")
    });
    let took = first.is_some_and(|s| s.took);
    if check {
        themes.push("check".into());
    }
    if took {
        themes.push("capture".into());
    }
    let quiet = !check && !took;
    if quiet {
        themes.push("quiet".into());
    }
    let sacrifice = lowest < 0 && n > 1;
    if sacrifice {
        themes.push("sacrifice".into());
    }
    if steps.iter().any(|s| s.promoted) {
        themes.push("promotion".into());
    }
    // A fork: the piece of the first answer takes, later, from where it went, a piece
    // that stood there from the start (not one that stepped in between).
    if let Some(first) = first {
        if steps.iter().skip(1).any(|s| {
            s.took
                && s.left.iter().any(|c| first.reached.contains(c))
                && s.reached.iter().any(|c| still.contains(c))
        }) {
            themes.push("fork".into());
        }
    }
    for s in &steps {
        for t in action_themes(&s.played.printed) {
            themes.push(t.into());
        }
        themes.extend(s.played.events.iter().filter_map(|e| event_theme(e.key())));
    }
    let mut seen = std::collections::BTreeSet::new();
    themes.retain(|t| seen.insert(t.clone()));
    let rating = 1000
        + 250 * n.saturating_sub(1) as u32
        + if quiet { 200 } else { 0 }
        + if sacrifice { 200 } else { 0 };
    (themes, rating.clamp(600, 2400))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_record_marks_give_the_action_themes() {
        assert_eq!(action_themes("e4 (freeze d5)"), vec!["freeze"]);
        assert_eq!(action_themes("Bc1-h6 (jump e3)"), vec!["jump"]);
        assert_eq!(action_themes("Ze4:d5"), vec!["zap"]);
        assert_eq!(action_themes("Nb1-c3 Nc3+d4"), vec!["wall"]);
        assert_eq!(action_themes("Nf3+"), Vec::<&str>::new());
        assert_eq!(action_themes("Ke1-f2>f6"), vec!["throw"]);
        assert_eq!(action_themes("Wg4"), vec!["wizard"]);
        assert_eq!(event_theme("wand-event-sleep").as_deref(), Some("sleep"));
        assert_eq!(event_theme("event-check"), None);
    }
}
