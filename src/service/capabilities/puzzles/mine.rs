//! "Learn from your mistakes" (`/puzzle mine`, issue 51): after `/review` of a finished
//! game, each player's largest mistakes whose better answer is clearly better, as
//! judged from what that player could see, become puzzles of their own: "find the better
//! move in your own game". They are kept under their owner (`pm/`), shown to no one
//! else, and unrated; any answer as good as the engine's (within [`AS_GOOD`]) solves
//! them, as a correspondence player would expect. docs/puzzles.md tells why.

use super::bank::refusal;
use super::shown::{board, broken, next_lines, note_tried};
use super::{Planned, Service};
use crate::core::Side;
use crate::engine::review::Review;
use crate::i18n::Lang;
use crate::puzzles::judge::{worth, Depth};
use crate::puzzles::solve::{at_step, Verdict};
use crate::puzzles::{themes, Position, Puzzle};
use crate::ratings::puzzle_start;
use crate::service::contract::actions::PuzzleAsk;
use crate::service::contract::api::{Context, Reply};
use crate::service::plumbing::plan::Put;
use crate::service::Refusal;
use crate::store::{Attempt, Checked, GameRecord, PuzzleBook, Store, StoreError, StoredPuzzle};
use crate::tr;
use crate::variants::{side_name, Game, GameRng, VariantId};
use rand::SeedableRng;

/// How much more the engine's answer must be worth than the one played (hundredths of
/// a pawn, by the puzzle's own search from the player's view) for the position to be a
/// puzzle: clearly better, not a matter of taste.
pub const CLEARLY_BETTER: i32 = 150;
/// How close to the engine's answer another answer must come to solve the puzzle too.
/// Less than [`CLEARLY_BETTER`], so the mistake itself never does.
pub const AS_GOOD: i32 = 50;
/// The search that judges answers: the generator's finding search (deterministic: its
/// budgets are counted, its seed fixed), in 4 worlds where information is hidden.
const DEPTH: Depth = Depth::FIND;

/// The worlds `solver` cannot tell apart at `game`: the game itself where it has
/// perfect information, else draws from the solver's own view (the same every time).
fn worlds(game: &Game, solver: Side) -> Vec<Game> {
    if game.perfect_information() {
        return vec![game.clone()];
    }
    let mut rng = GameRng::seed_from_u64(DEPTH.seed ^ 0x0a11_0e5e);
    (0..DEPTH.draws)
        .map(|_| game.determinised(solver, &mut rng))
        .collect()
}

/// What `answer` is worth to `solver` at `game` on average over the worlds the solver
/// cannot tell apart (`None`: the rules refuse it).
fn worth_seen(game: &Game, solver: Side, answer: &str) -> Option<i32> {
    let worlds = worlds(game, solver);
    let mut sum = 0i64;
    for (k, world) in worlds.iter().enumerate() {
        sum += i64::from(worth(world, solver, answer, &DEPTH, k as u64 + 1)?);
    }
    i32::try_from(sum / worlds.len().max(1) as i64).ok()
}

/// An own puzzle's id: the first eight hex digits of the SHA-256 of its owner, game and
/// position (never a public puzzle's id, which hashes no owner).
fn own_id(owner: u64, position: &Position) -> String {
    use sha2::{Digest, Sha256};
    let text = format!(
        "mine|{owner}|{}|{}",
        position.variant.id(),
        position.to_text()
    );
    let digest = Sha256::digest(text.as_bytes());
    digest.iter().take(4).map(|b| format!("{b:02x}")).collect()
}

/// One mistake of a review as a puzzle of its player's own, if it is one.
struct Mistake<'a> {
    rec: &'a GameRecord,
    /// The answers played before the turn.
    before: &'a [String],
    side: Side,
    played: &'a str,
    best: &'a str,
}

impl Mistake<'_> {
    /// The puzzle, unless the engine's answer draws on chance or is not clearly better
    /// than the one played from what the player could see.
    fn puzzle(&self, owner: u64) -> Option<StoredPuzzle> {
        let rec = self.rec;
        let position = Position::new(rec.variant, &rec.options, rec.seed, self.before);
        let game = position.game().ok()?;
        if game.ask()?.side != self.side {
            return None;
        }
        let mut after = game.clone();
        after.play(self.side, self.best).ok()?;
        if after.draws() != game.draws() {
            return None;
        }
        let better = worth_seen(&game, self.side, self.best)?;
        let played = worth_seen(&game, self.side, self.played)?;
        if better - played < CLEARLY_BETTER {
            return None;
        }
        let line = vec![self.best.to_string()];
        let (themes, rating) = themes::read(&position, &line);
        Some(StoredPuzzle {
            id: own_id(owner, &position),
            variant: rec.variant.id().to_string(),
            position: position.to_text(),
            line,
            themes,
            source: format!("game {}", rec.id),
            glicko: puzzle_start(rating),
            attempts: 0,
            solved: 0,
            owner: Some(owner),
            played: Some(
                game.san(self.played)
                    .unwrap_or_else(|| self.played.to_string()),
            ),
        })
    }
}

/// The own puzzles `review` of the finished game `rec` (whose answers are `answers`)
/// makes, each as a write of a puzzle not stored yet: every human player's largest
/// mistakes whose better answer is clearly better. Takes a few searches per mistake:
/// called where the review itself runs, off the main path.
pub(in crate::service) fn from_review(
    store: &Store,
    rec: &GameRecord,
    answers: &[String],
    review: &Review,
) -> Result<Vec<Put>, StoreError> {
    let mut starts = Vec::with_capacity(review.turns.len());
    let mut at = 0;
    for t in &review.turns {
        starts.push(at);
        at += t.answers.len();
    }
    let mut puts = Vec::new();
    for side in Side::BOTH {
        if rec.computer.is_some_and(|c| c.side == side) {
            continue;
        }
        let owner = rec.player(side).id;
        for i in review.worst(side) {
            let t = &review.turns[i];
            let (Some(best), Some(played), Some(&start)) =
                (t.best.as_deref(), t.answers.first(), starts.get(i))
            else {
                continue;
            };
            let mistake = Mistake {
                rec,
                before: &answers[..start.min(answers.len())],
                side,
                played,
                best,
            };
            let Some(puzzle) = mistake.puzzle(owner) else {
                continue;
            };
            let read = store.own_puzzle(owner, &puzzle.id)?;
            if read.value.is_none() {
                puts.push(Put::Puzzle {
                    read: Box::new(read),
                    puzzle: Box::new(puzzle),
                });
            }
        }
    }
    Ok(puts)
}

/// A wrong answer to an own puzzle that is as good as the engine's (within
/// [`AS_GOOD`], from what the player could see) solves it: `verdict` turned right.
/// Any other verdict, or any other puzzle, is left as it is.
pub(super) fn as_good(
    stored: &StoredPuzzle,
    puzzle: &Puzzle,
    step: usize,
    text: &str,
    verdict: Verdict,
    lang: Lang,
) -> Verdict {
    let Verdict::Wrong {
        played, expected, ..
    } = &verdict
    else {
        return verdict;
    };
    if stored.owner.is_none() {
        return verdict;
    }
    let Ok(at) = at_step(puzzle, step) else {
        return verdict;
    };
    let Some(wanted) = puzzle.line.get(step) else {
        return verdict;
    };
    let (Some(mine), Some(best)) = (
        worth_seen(&at.game, at.solver, text),
        worth_seen(&at.game, at.solver, wanted),
    ) else {
        return verdict;
    };
    if mine < best - AS_GOOD {
        return verdict;
    }
    let mut game = at.game.clone();
    if game.play(at.solver, text).is_err() {
        return verdict;
    }
    Verdict::Right {
        played: tr!(
            lang,
            "puzzle-mine-as-good",
            answer = played.clone(),
            expected = expected.clone()
        ),
        replies: Vec::new(),
        next: puzzle.line.len(),
        solved: true,
        game,
    }
}

/// What an ended own puzzle writes back (unrated: only its tallies, which tell a solved
/// one from one still to solve), and the line saying it was not rated. `None` for a
/// public puzzle.
pub(super) fn ended(
    read: Checked<Option<StoredPuzzle>>,
    stored: &StoredPuzzle,
    solved: bool,
    lang: Lang,
) -> Option<(Put, String)> {
    stored.owner?;
    let mut puzzle = stored.clone();
    puzzle.attempts += 1;
    puzzle.solved += u32::from(solved);
    let put = Put::Puzzle {
        read: Box::new(read),
        puzzle: Box::new(puzzle),
    };
    Some((put, tr!(lang, "puzzle-mine-unrated")))
}

impl Service {
    /// Whether `/puzzle` asks for one of the invoker's own puzzles: `mine`, or the id of
    /// one of theirs.
    pub(super) fn asks_own(&self, ctx: &Context, ask: &PuzzleAsk) -> bool {
        if ask.mine {
            return true;
        }
        let Some(id) = ask.id.as_deref().map(|i| i.trim().to_lowercase()) else {
            return false;
        };
        self.store
            .own_puzzle(ctx.user.id, &id)
            .is_ok_and(|p| p.value.is_some())
    }

    /// `/puzzle mine`: the invoker's next own puzzle not solved yet (the one named, when
    /// `ask.id` names one), opened unrated in their book.
    pub(super) fn plan_show_mine(&self, ctx: &Context, ask: &PuzzleAsk) -> Planned {
        let lang = ctx.lang;
        let user = ctx.user.id;
        let read = self.store.puzzle_book(user).map_err(refusal(lang))?;
        let own = self.store.own_puzzles(user).map_err(refusal(lang))?;
        let chosen = match ask.id.as_deref().map(|i| i.trim().to_lowercase()) {
            Some(id) => own.iter().find(|p| p.id == id).ok_or_else(|| {
                tr!(
                    lang,
                    "puzzle-no-such",
                    id = crate::core::notation::echo(&id)
                )
            })?,
            None => next_own(&own, &read.value, lang)?,
        };
        let puzzle = super::bank::to_puzzle(chosen, lang)?;
        let at = at_step(&puzzle, 0).map_err(|_| broken(lang, &chosen.id))?;
        let mut book = read.value.clone();
        book.open = Some(Attempt {
            puzzle: chosen.id.clone(),
            step: 0,
            rated: false,
            daily: None,
            variant: chosen.variant.clone(),
        });
        note_tried(&mut book, &chosen.id);
        let game = VariantId::parse(&chosen.variant)
            .map(|v| v.name_in(lang))
            .unwrap_or_else(|| chosen.variant.clone());
        let mut lines = vec![tr!(
            lang,
            "puzzle-mine-question",
            id = chosen.id.clone(),
            game = game,
            source = chosen
                .source
                .strip_prefix("game ")
                .unwrap_or(&chosen.source)
                .to_string(),
            side = side_name(at.solver, lang),
            played = chosen.played.clone().unwrap_or_default()
        )];
        lines.extend(next_lines(lang, &at));
        let reply = Reply {
            text: lines.join("\n"),
            ..board(lang, &at.game, at.solver)
        };
        let put = Put::PuzzleBook {
            user,
            read: Box::new(read),
            book: Box::new(book),
        };
        Ok((vec![reply], vec![put]))
    }
}

/// The next own puzzle to show: one never solved, those never tried first, then the one
/// tried longest ago; ties by game and id. Refused in one line when there is none.
fn next_own<'a>(
    own: &'a [StoredPuzzle],
    book: &PuzzleBook,
    lang: Lang,
) -> Result<&'a StoredPuzzle, Refusal> {
    if own.is_empty() {
        return Err(tr!(lang, "puzzle-mine-none"));
    }
    let tried = |id: &str| book.tried.iter().position(|t| t == id);
    own.iter()
        .filter(|p| p.solved == 0)
        .min_by_key(|p| {
            let game = p
                .source
                .strip_prefix("game ")
                .and_then(|g| g.parse::<u64>().ok());
            (tried(&p.id).map_or(0, |i| i + 1), game, p.id.clone())
        })
        .ok_or_else(|| tr!(lang, "puzzle-mine-all-solved", count = own.len()))
}
