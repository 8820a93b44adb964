//! The generator: finished games (from the store, or played by the computer against
//! itself) scanned for positions where the side to move has one answer that wins
//! clearly, each extended into a line and checked again by a deeper search.
//!
//! A scan judges every position where a turn begins by one quick search (the value
//! for the side asked); a position is a candidate when that value is a mate or is a
//! minor piece above its baseline (what the side had before the opponent's last turn,
//! or its material, whichever is more): the opponent just let something go. Only the
//! candidates are judged answer by answer ([`judge::only_win`]).

use super::judge::{self, material, only_win, solver, Depth, Rejection, MINOR, WON};
use super::{themes, Position, Puzzle};
use crate::core::Side;
use crate::engine::arena::random_answer;
use crate::engine::{decide, Settings};
use crate::variants::{Game, GameRng, Options, VariantId};
use rand::{Rng, SeedableRng};
use std::collections::{BTreeMap, BTreeSet};

/// A finished game to scan: how it started, its answers and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub variant: VariantId,
    pub options: Options,
    pub seed: u64,
    pub answers: Vec<String>,
    /// Where the game came from (`game 12`, `self-play wand 3`).
    pub source: String,
}

/// How hard the generator looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The level of the scan's quick search (and of the baseline's).
    pub scan: u8,
    pub find: Depth,
    pub confirm: Depth,
    /// The most answers of the solver in a line.
    pub max_steps: usize,
}

impl Default for Plan {
    fn default() -> Plan {
        Plan {
            scan: 4,
            find: Depth::FIND,
            confirm: Depth::CONFIRM,
            max_steps: 4,
        }
    }
}

/// What a run of the generator saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: u32,
    /// Positions where a turn begins, each judged by the scan's quick search.
    pub positions: u32,
    /// Candidates judged answer by answer.
    pub candidates: u32,
    /// Puzzles found by the first search.
    pub found: u32,
    /// Of those, the ones the second check confirms (the puzzles kept).
    pub confirmed: u32,
    /// Candidates and found puzzles turned down, by reason.
    pub rejected: BTreeMap<&'static str, u32>,
}

impl Tally {
    fn reject(&mut self, r: &Rejection) {
        *self.rejected.entry(r.name()).or_default() += 1;
    }
}

/// A line found at a position: the answers from the solver's first to its last, and
/// whether its first answer wins the game rather than material.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub line: Vec<String>,
    pub mate: bool,
}

/// The quick search's value for the side asked at `game` ([`judge::value`]).
fn quick(game: &Game, level: u8, salt: u64) -> Option<i32> {
    judge::value(game, &quick_depth(level), salt)
}

/// The scan's quick look at `level`: one draw, no shortcut.
fn quick_depth(level: u8) -> Depth {
    Depth {
        level,
        draws: 1,
        seed: 0x5ca9,
        screen: None,
    }
}

/// The baseline of the solver at `position`: its material, or what it had before the
/// opponent's last turn (the quick search at that turn's start, at level `scan`),
/// whichever is more. A puzzle's win is measured above it, so that taking back what
/// was just taken in a trade is no puzzle.
pub fn baseline(position: &Position, scan: u8) -> Result<i32, Rejection> {
    let mut game = start(position)?;
    let solver = solver(&position.game().map_err(Rejection::Unplayable)?)?;
    let mut before: Option<Game> = None;
    for a in &position.answers {
        let ask = game.ask().ok_or(Rejection::Unplayable(a.clone()))?;
        if ask.side != solver && !ask.question.continues_turn() {
            before = Some(game.clone());
        }
        game.play(ask.side, a)
            .map_err(|e| Rejection::Unplayable(e.to_string()))?;
    }
    let own = material(&game, solver);
    let earlier = before
        .and_then(|b| quick(&b, scan, 0))
        .map_or(i32::MIN, |v| -v);
    Ok(own.max(earlier))
}

/// The game at the start of `position`, before its answers.
fn start(position: &Position) -> Result<Game, Rejection> {
    Position {
        answers: Vec::new(),
        ..position.clone()
    }
    .game()
    .map_err(Rejection::Unplayable)
}

/// Plays `answer` by the side asked; [`Rejection::Chance`] when it draws on the game's
/// generator (a roll, a misfire, a card drawn).
fn play_sure(game: &mut Game, answer: &str) -> Result<(), Rejection> {
    let side = solver(game)?;
    let draws = game.draws();
    game.play(side, answer)
        .map_err(|e| Rejection::Unplayable(e.to_string()))?;
    if game.draws() != draws {
        return Err(Rejection::Chance);
    }
    Ok(())
}

/// The line of the puzzle at `position`: the solver's only winning answer, the
/// opponent's best reply (by the same search), the solver's next only winning answer,
/// and so on while each solver step is the only winning one, at most `max_steps` of
/// them; the line ends with a solver's answer. A first answer that mates must lead to
/// the mate this way. No answer of the line may draw on chance.
pub fn find(position: &Position, plan: &Plan) -> Result<Found, Rejection> {
    let mut game = position.game().map_err(Rejection::Unplayable)?;
    let solver = solver(&game)?;
    let base = baseline(position, plan.scan)?;
    let (first, worth) = only_win(&game, base, &plan.find)?;
    play_sure(&mut game, &first)?;
    let mate = worth >= WON / 2;
    let mut line = vec![first];
    let mut steps = 1;
    while steps < plan.max_steps && !game.is_over() {
        let mut next = game.clone();
        let replies = match opponent_replies(&mut next, solver, &plan.find) {
            Ok(r) => r,
            Err(_) => break,
        };
        if next.is_over() {
            break;
        }
        match only_win(&next, base, &plan.find) {
            Ok((answer, _)) if play_sure(&mut next, &answer).is_ok() => {
                line.extend(replies);
                line.push(answer);
                game = next;
                steps += 1;
            }
            _ => break,
        }
    }
    if mate && !won_by(&game, solver) {
        return Err(Rejection::MateNotForced);
    }
    Ok(Found { line, mate })
}

/// Whether the material `line` wins is kept: once the opponent has answered its last
/// step (its best answers by `depth`), the solver is at least a minor piece up on the
/// start (a line won by a game's end keeps its win). Else the win lies beyond the line
/// and the solver would not see why its answer was right.
pub fn kept(position: &Position, line: &[String], depth: &Depth) -> Result<(), Rejection> {
    let root = position.game().map_err(Rejection::Unplayable)?;
    let solver = solver(&root)?;
    let mut game = root.clone();
    super::play_all(&mut game, line).map_err(Rejection::Unplayable)?;
    if won_by(&game, solver) {
        return Ok(());
    }
    // A reply of chance leaves the material as the line left it.
    let _ = opponent_replies(&mut game, solver, depth);
    if won_by(&game, solver) || material(&game, solver) - material(&root, solver) >= MINOR {
        Ok(())
    } else {
        Err(Rejection::NotKept)
    }
}

/// Whether `game` is over, won by `side`.
fn won_by(game: &Game, side: Side) -> bool {
    matches!(game.outcome(), Some(crate::variants::Outcome::Win { winner, .. }) if winner == side)
}

/// The opponent's best answers at `game` until the solver is asked again (or the game
/// ends), played on it.
fn opponent_replies(
    game: &mut Game,
    solver: Side,
    depth: &Depth,
) -> Result<Vec<String>, Rejection> {
    let mut replies = Vec::new();
    while let Some(ask) = game.ask().filter(|a| a.side != solver) {
        let reply = decide(game, ask.side, &depth.settings(game, 0x0bb0))
            .ok_or(Rejection::NoWin)?
            .text;
        play_sure(game, &reply)?;
        replies.push(reply);
    }
    Ok(replies)
}

/// The second check: each solver step of `puzzle`'s line judged again by `depth` (a
/// deeper search with another seed) must be the only winning answer there, and the
/// same one.
pub fn confirm(puzzle: &Puzzle, plan: &Plan) -> Result<(), Rejection> {
    let position = &puzzle.position;
    let mut game = position.game().map_err(Rejection::Unplayable)?;
    let solver = solver(&game)?;
    let base = baseline(position, plan.scan)?;
    for (i, answer) in puzzle.line.iter().enumerate() {
        let asked = game
            .ask()
            .ok_or_else(|| Rejection::Unplayable("the line goes past the end".into()))?;
        if asked.side == solver {
            match only_win(&game, base, &plan.confirm) {
                Ok((a, _)) if a == *answer => {}
                _ => return Err(Rejection::Disagrees(i)),
            }
        }
        play_sure(&mut game, answer)?;
    }
    Ok(())
}

/// The puzzle at `position` found and confirmed, with its themes and rating, or why
/// not; `tally` counts it.
pub fn puzzle_at(
    position: &Position,
    source: &str,
    plan: &Plan,
    tally: &mut Tally,
) -> Option<Puzzle> {
    puzzle_after(position, source, plan, tally, &BTreeSet::new())
}

/// [`puzzle_at`], but a line whose first answer is in `firsts` (the first answers of
/// the puzzles already kept from the same game) is turned down before the second
/// check: [`crate::puzzles::distinct`] keeps the earliest of them only.
fn puzzle_after(
    position: &Position,
    source: &str,
    plan: &Plan,
    tally: &mut Tally,
    firsts: &BTreeSet<String>,
) -> Option<Puzzle> {
    tally.candidates += 1;
    if still_wins(position, firsts, plan) {
        tally.reject(&Rejection::Repeated);
        return None;
    }
    let found = match find(position, plan) {
        Ok(f) if f.line.first().is_some_and(|a| firsts.contains(a)) => {
            tally.reject(&Rejection::Repeated);
            return None;
        }
        Ok(f) => f,
        Err(r) => {
            tally.reject(&r);
            return None;
        }
    };
    tally.found += 1;
    let (themes, rating) = themes::read(position, &found.line);
    let puzzle = Puzzle {
        id: Puzzle::id_of(position),
        position: position.clone(),
        line: found.line,
        rating,
        themes,
        source: source.to_string(),
    };
    if let Err(r) = confirm(&puzzle, plan) {
        tally.reject(&r);
        return None;
    }
    tally.confirmed += 1;
    Some(puzzle)
}

/// Whether one of `firsts` (the first answers of the puzzles already kept from the
/// same game) still wins clearly at `position` by the scan's quick look: then the
/// position holds that puzzle again (or two winning answers), and the full search is
/// spared. Level-1 self-play leaves a piece hanging for many turns.
fn still_wins(position: &Position, firsts: &BTreeSet<String>, plan: &Plan) -> bool {
    if firsts.is_empty() {
        return false;
    }
    let (Ok(game), Ok(base)) = (position.game(), baseline(position, plan.scan)) else {
        return false;
    };
    let Some(ask) = game.ask() else { return false };
    let quick = quick_depth(plan.scan);
    firsts
        .iter()
        .any(|a| judge::worth(&game, ask.side, a, &quick, 0).is_some_and(|w| judge::wins(w, base)))
}

/// The positions of `record` worth judging: where a turn begins and the quick search
/// finds a mate the side did not have before, or a minor piece above its baseline.
pub fn candidates(record: &Record, plan: &Plan, tally: &mut Tally) -> Vec<Position> {
    let Ok(mut game) = Game::new(record.variant, &record.options, record.seed) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    // The quick value at the last turn's start, for the side asked there.
    let mut last: Option<(Side, i32)> = None;
    for i in 0..=record.answers.len() {
        let Some(ask) = game.ask() else { break };
        if !ask.question.continues_turn() {
            tally.positions += 1;
            if let Some(v) = quick(&game, plan.scan, i as u64) {
                let before = last.filter(|(s, _)| *s != ask.side).map(|(_, w)| -w);
                let base = material(&game, ask.side).max(before.unwrap_or(i32::MIN));
                let new_mate = v >= WON / 2 && before.is_none_or(|b| b < WON / 2);
                if new_mate || (v < WON / 2 && v >= base + MINOR) {
                    out.push(Position::new(
                        record.variant,
                        &record.options,
                        record.seed,
                        &record.answers[..i],
                    ));
                }
                last = Some((ask.side, v));
            }
        }
        let Some(a) = record.answers.get(i) else {
            break;
        };
        if game.play(ask.side, a).is_err() {
            break;
        }
    }
    out
}

/// Every confirmed puzzle of `record`.
pub fn scan(record: &Record, plan: &Plan, tally: &mut Tally) -> Vec<Puzzle> {
    let mut out = Vec::new();
    scan_each(record, plan, tally, &mut |p| out.push(p.clone()));
    out
}

/// [`scan`], each confirmed puzzle handed to `keep` as soon as it is confirmed (a run
/// cut short keeps what it found).
pub fn scan_each(record: &Record, plan: &Plan, tally: &mut Tally, keep: &mut dyn FnMut(&Puzzle)) {
    tally.games += 1;
    let mut firsts = BTreeSet::new();
    for position in candidates(record, plan, tally) {
        if let Some(p) = puzzle_after(&position, &record.source, plan, tally, &firsts) {
            if !p.source.is_empty() {
                firsts.extend(p.line.first().cloned());
            }
            keep(&p);
        }
    }
}

/// How the computer plays itself for puzzles: each side at a level drawn from
/// `levels` for the game, after `opening` random answers, for at most `max_answers`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfPlay {
    pub variant: VariantId,
    pub options: Options,
    pub levels: std::ops::RangeInclusive<u8>,
    pub opening: usize,
    pub max_answers: usize,
}

impl SelfPlay {
    pub fn new(variant: VariantId) -> SelfPlay {
        SelfPlay {
            variant,
            options: Options::new(),
            levels: 2..=4,
            opening: 4,
            max_answers: 160,
        }
    }

    /// Game number `index` of the run seeded `seed`: the same every time.
    pub fn play(&self, seed: u64, index: u64) -> Result<Record, String> {
        let game_seed = seed.wrapping_mul(0x2545_f491_4f6c_dd1d).wrapping_add(index);
        let mut rng = GameRng::seed_from_u64(game_seed ^ 0x5e1f);
        let mut game =
            Game::new(self.variant, &self.options, game_seed).map_err(|e| e.to_string())?;
        let levels = [
            rng.gen_range(self.levels.clone()),
            rng.gen_range(self.levels.clone()),
        ];
        let mut answers = Vec::new();
        while let Some(ask) = game.ask() {
            if answers.len() >= self.max_answers {
                break;
            }
            let legal = game.legal_texts();
            let text = if answers.len() < self.opening && !legal.is_empty() {
                // A listed answer may want a confirmation (one that leaves the own
                // king capturable, in a game that allows it): another is drawn then.
                // The first draw stays as it was, so earlier seeds replay their games.
                let pick = legal[rng.gen_range(0..legal.len())].clone();
                match game.clone().play(ask.side, &pick) {
                    Ok(_) => pick,
                    Err(_) => random_answer(&game, ask.side, &mut rng)?,
                }
            } else {
                let settings = Settings::new(levels[ask.side.index()], rng.gen());
                decide(&game, ask.side, &settings)
                    .ok_or("the computer found no answer")?
                    .text
            };
            game.play(ask.side, &text).map_err(|e| e.to_string())?;
            answers.push(text);
        }
        Ok(Record {
            variant: self.variant,
            options: self.options.clone(),
            seed: game_seed,
            answers,
            source: format!("self-play {} {seed}/{index}", self.variant.id()),
        })
    }
}
