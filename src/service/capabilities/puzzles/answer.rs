//! An answer to the open puzzle: judged against its line, then the next question, or
//! the puzzle ended (solved or not) and both ratings moved when it counts.

use super::bank::{refusal, to_puzzle};
use super::shown::{asking, board, broken, next_lines};
use super::{Planned, Seen, Service};
use crate::core::Side;
use crate::i18n::Lang;
use crate::puzzles::solve::{judge, AtStep, Verdict};
use crate::ratings::puzzle_attempt;
use crate::service::contract::actions::PuzzleAsk;
use crate::service::contract::api::{Context, Reply};
use crate::service::plumbing::plan::Put;
use crate::store::{Attempt, Checked, PuzzleBook, Solver, StoredPuzzle};
use crate::tr;
use crate::variants::{Game, VariantId};

/// The puzzle being answered, as read.
struct Open {
    book: Checked<PuzzleBook>,
    attempt: Attempt,
    puzzle: Checked<Option<StoredPuzzle>>,
    stored: StoredPuzzle,
}

impl Service {
    /// The invoker's answer `text` to their open puzzle (`ask.id`, when given, must
    /// name it). `seen`: the puzzle and step the first reading found.
    pub(super) fn plan_answer(
        &self,
        ctx: &Context,
        ask: &PuzzleAsk,
        text: &str,
        seen: &mut Seen,
    ) -> Planned {
        let open = self.read_open(ctx, ask, seen)?;
        let lang = ctx.lang;
        let puzzle = to_puzzle(&open.stored, lang)?;
        let verdict = match judge(&puzzle, open.attempt.step, text) {
            Ok(v) => v,
            Err(Ok(e)) => return Err(tr!(lang, "puzzle-answer-refused", reason = e.text_in(lang))),
            Err(Err(_)) => return Err(broken(lang, &open.stored.id)),
        };
        let verdict = super::mine::as_good(
            &open.stored,
            &puzzle,
            open.attempt.step,
            text,
            verdict,
            lang,
        );
        let solver = match crate::puzzles::solve::at_step(&puzzle, open.attempt.step) {
            Ok(at) => at.solver,
            Err(_) => return Err(broken(lang, &open.stored.id)),
        };
        match verdict {
            Verdict::Right {
                played,
                replies,
                next,
                solved: false,
                game,
            } => {
                let mut book = open.book.value.clone();
                if let Some(a) = book.open.as_mut() {
                    a.step = next;
                }
                let at = AtStep {
                    game,
                    solver,
                    // The reply is said just above.
                    last: None,
                };
                let mut lines = vec![tr!(lang, "puzzle-right", answer = played)];
                if !replies.is_empty() {
                    lines.push(tr!(lang, "puzzle-reply", answer = replies.join(", ")));
                }
                lines.extend(next_lines(lang, &at));
                let id = &open.stored.id;
                let reply = Reply {
                    text: lines.join("\n"),
                    ..asking(lang, &at.game, solver, id, next, ctx.user.id)
                };
                Ok((vec![reply], vec![book_put(ctx.user.id, open.book, book)]))
            }
            ended => {
                let daily = open.attempt.daily;
                let solved = matches!(ended, Verdict::Right { .. });
                let (replies, mut puts) = ended_puzzle(ctx, open, ended, solver);
                let who = Solver {
                    id: ctx.user.id,
                    name: ctx.user.name.clone(),
                };
                let counted = daily
                    .filter(|_| solved)
                    .and_then(|r| self.daily_solved(r, &who));
                puts.extend(counted);
                Ok((replies, puts))
            }
        }
    }

    /// The invoker's open puzzle, read; refused when there is none, when `ask.id`
    /// names another, or when it moved on since `seen`.
    fn read_open(&self, ctx: &Context, ask: &PuzzleAsk, seen: &mut Seen) -> Result<Open, String> {
        let lang = ctx.lang;
        let book = self.store.puzzle_book(ctx.user.id).map_err(refusal(lang))?;
        let Some(attempt) = book.value.open.clone() else {
            return Err(tr!(lang, "puzzle-none-open"));
        };
        if let Some(id) = ask.id.as_deref().map(str::trim) {
            if id.to_lowercase() != attempt.puzzle {
                return Err(tr!(
                    lang,
                    "puzzle-not-open",
                    id = crate::core::notation::echo(id),
                    open = attempt.puzzle.clone()
                ));
            }
        }
        let here = (attempt.puzzle.clone(), attempt.step);
        match seen {
            Some(s) if *s != here => return Err(tr!(lang, "puzzle-moved-on")),
            _ => *seen = Some(here),
        }
        let puzzle = self
            .store
            .puzzle_for(ctx.user.id, &attempt.puzzle)
            .map_err(refusal(lang))?;
        let Some(stored) = puzzle.value.clone() else {
            return Err(broken(lang, &attempt.puzzle));
        };
        Ok(Open {
            book,
            attempt,
            puzzle,
            stored,
        })
    }
}

/// The book's write, checked against `read`.
fn book_put(user: u64, read: Checked<PuzzleBook>, book: PuzzleBook) -> Put {
    Put::PuzzleBook {
        user,
        read: Box::new(read),
        book: Box::new(book),
    }
}

/// The puzzle ended by `verdict` (solved, or a wrong answer): what is said, with the
/// board, and the book (and, when it counts, the puzzle) written back.
fn ended_puzzle(
    ctx: &Context,
    open: Open,
    verdict: Verdict,
    solver: Side,
) -> (Vec<Reply>, Vec<Put>) {
    let lang = ctx.lang;
    let (solved, mut lines, game) = verdict_lines(lang, verdict);
    let mut book = open.book.value.clone();
    book.open = None;
    if solved {
        book.streak += 1;
        book.best_streak = book.best_streak.max(book.streak);
    } else {
        book.streak = 0;
    }
    let mut puts = Vec::new();
    if open.attempt.rated {
        let standing = book
            .ratings
            .entry(open.attempt.variant.clone())
            .or_default();
        let before = standing.glicko;
        let (mine, theirs) = puzzle_attempt(before, open.stored.glicko, solved);
        standing.glicko = mine;
        if solved {
            standing.solved += 1;
        } else {
            standing.failed += 1;
        }
        let mut puzzle = open.stored.clone();
        puzzle.glicko = theirs;
        puzzle.attempts += 1;
        puzzle.solved += u32::from(solved);
        puts.push(Put::Puzzle {
            read: Box::new(open.puzzle),
            puzzle: Box::new(puzzle),
        });
        let game_name = VariantId::parse(&open.attempt.variant)
            .map(|v| v.name_in(lang))
            .unwrap_or_else(|| open.attempt.variant.clone());
        lines.push(tr!(
            lang,
            "puzzle-rating-change",
            game = game_name,
            before = before.shown(),
            after = mine.shown(),
            diff = format!("{:+}", (mine.rating - before.rating).round() as i64)
        ));
    } else if let Some((put, line)) = super::mine::ended(open.puzzle, &open.stored, solved, lang) {
        puts.push(put);
        lines.push(line);
    } else {
        lines.push(tr!(lang, "puzzle-unrated"));
    }
    lines.push(tr!(
        lang,
        "puzzle-streak",
        streak = book.streak,
        best = book.best_streak
    ));
    puts.push(book_put(ctx.user.id, open.book, book));
    let reply = Reply {
        text: lines.join("\n"),
        ..board(lang, &game, solver)
    };
    (vec![reply], puts)
}

/// Whether an ending verdict solved the puzzle, what it says, and the board after it.
fn verdict_lines(lang: Lang, verdict: Verdict) -> (bool, Vec<String>, Game) {
    match verdict {
        Verdict::Right {
            played,
            replies,
            game,
            ..
        } => {
            let mut lines = vec![tr!(lang, "puzzle-solved", answer = played)];
            if !replies.is_empty() {
                lines.push(tr!(lang, "puzzle-reply", answer = replies.join(", ")));
            }
            (true, lines, game)
        }
        Verdict::Wrong {
            played,
            expected,
            refutation,
            game,
        } => {
            let mut lines = vec![tr!(
                lang,
                "puzzle-wrong",
                answer = played.clone(),
                expected = expected
            )];
            if let Some(reply) = refutation {
                lines.push(tr!(
                    lang,
                    "puzzle-refutation",
                    answer = played,
                    reply = reply
                ));
            }
            (false, lines, game)
        }
    }
}
