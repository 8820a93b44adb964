//! A puzzle answered by the Move button's picker (issue 51): the legal-answer tree a
//! game's picker walks, over the puzzle's position at the solver's step; the answer it
//! completes is judged as a typed one (`/puzzle answer:`), through the same planning,
//! redelivery and conflict handling. Only the solver presses, and only while their open
//! puzzle is still at the step the picker was built at.

use super::bank::{refusal, to_puzzle};
use super::shown::broken;
use super::Service;
use crate::puzzles::solve::at_step;
use crate::service::capabilities::picker::{picked_answer, picker_reply, MAX_PATH};
use crate::service::contract::actions::PuzzleAsk;
use crate::service::contract::api::{Context, PickerShown, PuzzlePicked, Reply, ReplyKind};
use crate::service::Refusal;
use crate::tr;
use crate::variants::Game;

/// A press on a puzzle's Move button or picker: the puzzle, the step of its line the
/// picker was built at, the choices so far, and the solver it was shown to.
pub(in crate::service) struct PuzzlePress<'a> {
    pub puzzle: &'a str,
    pub step: u64,
    pub path: &'a [u16],
    pub solver: u64,
}

impl Service {
    /// The picker after the press's path (`play`: its Confirm, the answer judged).
    pub(in crate::service) fn puzzle_press(
        &self,
        ctx: &Context,
        press: &PuzzlePress,
        play: bool,
    ) -> Vec<Reply> {
        if play {
            // A Confirm delivered twice is answered once.
            if let Some(kept) = self.puzzle_kept(ctx) {
                return kept;
            }
        }
        let game = match self.pressed(ctx, press) {
            Ok(game) => game,
            Err(refusal) => return vec![Reply::refusal(refusal)],
        };
        let lang = ctx.lang;
        if !play {
            let at = PickerShown {
                game: 0,
                ply: press.step,
                path: Vec::new(),
                menus: Vec::new(),
                complete: false,
                lang,
                puzzle: Some(PuzzlePicked {
                    id: press.puzzle.to_string(),
                    solver: press.solver,
                }),
            };
            return vec![picker_reply(&game, press.path, at).unwrap_or_else(Reply::refusal)];
        }
        let answer = match picked_answer(&game, press.path, lang) {
            Ok(answer) => answer,
            Err(refusal) => return vec![Reply::refusal(refusal)],
        };
        let ask = PuzzleAsk {
            answer: Some(answer.clone()),
            id: Some(press.puzzle.to_string()),
            ..PuzzleAsk::default()
        };
        let seen = Some((press.puzzle.to_string(), press.step as usize));
        let mut replies = self.puzzle_seen(ctx, ask, seen);
        if !replies.iter().any(|r| r.kind == ReplyKind::Refusal) {
            let mut done = Reply::invoker(tr!(lang, "puzzle-picked", answer = answer));
            done.kind = ReplyKind::Picked;
            replies.insert(0, done);
        }
        replies
    }

    /// The puzzle's game at the press's step: when the presser is the solver it was
    /// shown to, and the puzzle is the one they have open, still at that step.
    fn pressed(&self, ctx: &Context, press: &PuzzlePress) -> Result<Game, Refusal> {
        let lang = ctx.lang;
        if ctx.user.id != press.solver {
            return Err(tr!(lang, "puzzle-picker-not-yours"));
        }
        if press.path.len() > MAX_PATH {
            return Err(tr!(lang, "picker-not-offered"));
        }
        let book = self.store.puzzle_book(ctx.user.id).map_err(refusal(lang))?;
        let open = book.value.open.as_ref();
        let here = open.map(|a| (a.puzzle.as_str(), a.step as u64));
        if here != Some((press.puzzle, press.step)) {
            return Err(tr!(lang, "puzzle-picker-stale"));
        }
        let stored = self
            .store
            .puzzle_for(ctx.user.id, press.puzzle)
            .map_err(refusal(lang))?
            .value
            .ok_or_else(|| broken(lang, press.puzzle))?;
        let puzzle = to_puzzle(&stored, lang)?;
        at_step(&puzzle, press.step as usize)
            .map(|at| at.game)
            .map_err(|_| broken(lang, press.puzzle))
    }
}
