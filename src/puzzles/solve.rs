//! Solving a puzzle: the position at a step of its line, and an answer typed there
//! judged against the line. The line alternates the solver's answers with the
//! opponent's replies (the solver may answer twice in a row where a turn goes on); a
//! step is the index in the line of the solver's answer asked for.

use super::{Position, Puzzle};
use crate::core::Side;
use crate::engine::{decide, Settings};
use crate::variants::{Game, PlayError};

/// The level of the search that finds the opponent's best reply to a wrong answer
/// (the refutation shown beside the right answer): quick, as the answer waits on it.
pub const REFUTATION_LEVEL: u8 = 3;

/// A puzzle at one step: the game there, the solver, and the last answer played
/// before it (as the record prints it), which the question shows.
#[derive(Clone, Debug)]
pub struct AtStep {
    pub game: Game,
    pub solver: Side,
    pub last: Option<String>,
}

/// A puzzle that cannot be played at a step (stored by another build, its line no
/// longer replays): the answer that fails (none: the line is too short, or no one is
/// asked). Said to the player as "this puzzle cannot be replayed".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    pub answer: Option<String>,
}

impl Broken {
    fn at(answer: &str) -> Broken {
        Broken {
            answer: Some(answer.to_string()),
        }
    }

    const SHORT: Broken = Broken { answer: None };
}

/// What an answer typed at a step was found to be.
#[derive(Clone, Debug)]
pub enum Verdict {
    /// The line's answer (or one that wins the game at once): `played` as printed, the
    /// opponent's `replies` that followed, the step asked next, and the game there.
    Right {
        played: String,
        replies: Vec<String>,
        next: usize,
        solved: bool,
        game: Game,
    },
    /// Another answer: the line's (`expected`, printed), the opponent's best reply to
    /// the one typed (`refutation`, when the opponent answers next), and the game after
    /// both.
    Wrong {
        played: String,
        expected: String,
        refutation: Option<String>,
        game: Game,
    },
}

/// The printed text of the answers `texts` played one by one on `game` (each by the
/// side asked), and the game after them.
fn replay(mut game: Game, texts: &[String]) -> Result<(Game, Vec<String>), Broken> {
    let mut printed = Vec::new();
    for t in texts {
        let side = game.ask().ok_or_else(|| Broken::at(t))?.side;
        let p = game.play(side, t).map_err(|_| Broken::at(t))?;
        printed.push(p.printed);
    }
    Ok((game, printed))
}

/// The puzzle at step `step` of its line (0: its first question).
pub fn at_step(puzzle: &Puzzle, step: usize) -> Result<AtStep, Broken> {
    let answers = &puzzle.position.answers;
    let last_ply = answers.len().checked_sub(1);
    let before = Position {
        answers: answers[..last_ply.unwrap_or(0)].to_vec(),
        ..puzzle.position.clone()
    };
    let start = before.game().map_err(|_| Broken::SHORT)?;
    let mut rest: Vec<String> = answers[last_ply.unwrap_or(0)..].to_vec();
    let line = puzzle.line.get(..step).ok_or(Broken::SHORT)?;
    rest.extend_from_slice(line);
    let (game, printed) = replay(start, &rest)?;
    let solver = game.ask().ok_or(Broken::SHORT)?.side;
    Ok(AtStep {
        game,
        solver,
        last: printed.last().cloned(),
    })
}

/// Whether `side` has won `game` (it is over, won by that side).
fn won(game: &Game, side: Side) -> bool {
    matches!(game.outcome(), Some(crate::variants::Outcome::Win { winner, .. }) if winner == side)
}

/// Judges `text`, typed by the solver at step `step`. `Err(Ok(e))`: the answer is not
/// one the game takes there (said to the player; nothing counts); `Err(Err(b))`: the
/// puzzle itself no longer replays.
pub fn judge(
    puzzle: &Puzzle,
    step: usize,
    text: &str,
) -> Result<Verdict, Result<PlayError, Broken>> {
    let at = at_step(puzzle, step).map_err(Err)?;
    let side = at.solver;
    let mut typed = at.game.clone();
    let played = typed.play(side, text).map_err(Ok)?;
    let wanted = puzzle.line.get(step).ok_or(Err(Broken::SHORT))?;
    let mut want = at.game.clone();
    let expected = want
        .play(side, wanted)
        .map_err(|_| Err(Broken::at(wanted)))?;
    if played.action == expected.action || won(&typed, side) {
        let game = if played.action == expected.action {
            want
        } else {
            typed
        };
        return right(puzzle, step, played.printed, game, side).map_err(Err);
    }
    let (refutation, game) = refute(typed, side, puzzle);
    Ok(Verdict::Wrong {
        played: played.printed,
        expected: expected.printed,
        refutation,
        game,
    })
}

/// After a right answer at `step`: the opponent's replies of the line, up to the
/// solver's next question (or the end of the line).
fn right(
    puzzle: &Puzzle,
    step: usize,
    played: String,
    mut game: Game,
    side: Side,
) -> Result<Verdict, Broken> {
    let mut next = step + 1;
    let mut replies = Vec::new();
    while next < puzzle.line.len() && !game.is_over() {
        let Some(ask) = game.ask() else { break };
        if ask.side == side {
            break;
        }
        let (after, printed) = replay(game, &puzzle.line[next..=next])?;
        game = after;
        replies.extend(printed);
        next += 1;
    }
    let solved = next >= puzzle.line.len() || game.is_over();
    Ok(Verdict::Right {
        played,
        replies,
        next,
        solved,
        game,
    })
}

/// The opponent's best reply to a wrong answer (when the opponent answers next), by
/// a quick search seeded by the puzzle, and the game after it.
fn refute(mut game: Game, solver: Side, puzzle: &Puzzle) -> (Option<String>, Game) {
    let Some(ask) = game.ask().filter(|a| a.side != solver) else {
        return (None, game);
    };
    let seed = u64::from_str_radix(&puzzle.id, 16).unwrap_or(0);
    let Some(decision) = decide(&game, ask.side, &Settings::new(REFUTATION_LEVEL, seed)) else {
        return (None, game);
    };
    match game.play(ask.side, &decision.text) {
        Ok(p) => (Some(p.printed), game),
        Err(_) => (None, game),
    }
}
