//! A puzzle shown: the question (the board from the solver's side, whose turn, the
//! last answer played, the solver's own secrets) and the choice behind it.

use super::bank::{choose, refusal, to_puzzle, Wish};
use super::{Planned, Service};
use crate::core::view::Viewer;
use crate::i18n::Lang;
use crate::puzzles::solve::{at_step, AtStep};
use crate::service::contract::actions::PuzzleAsk;
use crate::service::contract::api::{Context, Reply, ReplyKind};
use crate::service::pages::PRIVATE_LINK_SECONDS;
use crate::service::plumbing::plan::Put;
use crate::service::Refusal;
use crate::store::{Attempt, Checked, DailyRef, PuzzleBook, StoredPuzzle, MAX_TRIED};
use crate::tr;
use crate::variants::side_name;

impl Service {
    /// Shows the invoker a puzzle (the one named, else one chosen for them) and opens
    /// it in their book; a puzzle open before is left unrated.
    pub(super) fn plan_show(&self, ctx: &Context, ask: &PuzzleAsk) -> Planned {
        let lang = ctx.lang;
        let read = self.store.puzzle_book(ctx.user.id).map_err(refusal(lang))?;
        let all;
        let chosen: StoredPuzzle = match ask.id.as_deref().map(str::trim) {
            Some(id) => self
                .store
                .puzzle(&id.to_lowercase())
                .map_err(refusal(lang))?
                .value
                .ok_or_else(|| tr!(lang, "puzzle-no-such", id = crate::core::notation::echo(id)))?,
            None => {
                all = self.store.puzzles().map_err(refusal(lang))?;
                let wish = Wish {
                    variant: ask.variant,
                    theme: ask.theme.as_deref(),
                    user: ctx.user.id,
                };
                choose(&all, &read.value, &wish, lang)?.clone()
            }
        };
        self.show_chosen(ctx, read, &chosen, None)
    }

    /// Shows the invoker puzzle `chosen` and opens it in their book (`read`); a try at
    /// a server's puzzle of the day says so (`daily`).
    pub(super) fn show_chosen(
        &self,
        ctx: &Context,
        read: Checked<PuzzleBook>,
        chosen: &StoredPuzzle,
        daily: Option<DailyRef>,
    ) -> Planned {
        let lang = ctx.lang;
        let puzzle = to_puzzle(chosen, lang)?;
        let at = at_step(&puzzle, 0).map_err(|_| broken(lang, &chosen.id))?;
        let mut book = read.value.clone();
        let rated = !book.tried.contains(&chosen.id);
        book.open = Some(Attempt {
            puzzle: chosen.id.clone(),
            step: 0,
            rated,
            daily,
            variant: chosen.variant.clone(),
        });
        note_tried(&mut book, &chosen.id);
        let mut reply = question(lang, chosen, &at, rated, ctx.user.id);
        if let Some(links) = &self.web {
            let expires = self.clock.now_ms() / 1000 + PRIVATE_LINK_SECONDS;
            let url = links.puzzle_url(&chosen.id, ctx.user.id, expires);
            reply.text.push('\n');
            reply
                .text
                .push_str(&tr!(lang, "puzzle-web-line", url = url));
        }
        let put = Put::PuzzleBook {
            user: ctx.user.id,
            read: Box::new(read),
            book: Box::new(book),
        };
        Ok((vec![reply], vec![put]))
    }
}

/// The refusal for a puzzle that no longer replays.
pub(super) fn broken(lang: Lang, id: &str) -> Refusal {
    tr!(lang, "puzzle-broken", id = id.to_string())
}

/// Puzzle `id` is tried: last in the book's list (the oldest forgotten past the most).
pub(super) fn note_tried(book: &mut PuzzleBook, id: &str) {
    book.tried.retain(|t| t != id);
    book.tried.push(id.to_string());
    let over = book.tried.len().saturating_sub(MAX_TRIED);
    book.tried.drain(..over);
}

/// The board of the puzzle at `at` as its solver sees it, in `lang`.
pub(super) fn board(
    lang: Lang,
    at_game: &crate::variants::Game,
    solver: crate::core::Side,
) -> Reply {
    Reply {
        image: Some(at_game.view_in(Viewer::Player(solver), lang)),
        ..Reply::invoker(String::new())
    }
}

/// The board of the question the solver `user` is asked at step `step` of puzzle
/// `id` (`at_game`, from `solver`'s side), with a Move button to answer by the picker.
pub(super) fn asking(
    lang: Lang,
    at_game: &crate::variants::Game,
    solver: crate::core::Side,
    id: &str,
    step: usize,
    user: u64,
) -> Reply {
    Reply {
        kind: ReplyKind::PuzzleQuestion {
            puzzle: id.to_string(),
            step: step as u64,
            solver: user,
        },
        ..board(lang, at_game, solver)
    }
}

/// The question of a puzzle at `at` (its first) to the solver `user`: which puzzle,
/// whose turn, the last answer, the solver's own secrets, and how to answer; with the
/// board and its Move button.
pub(super) fn question(lang: Lang, p: &StoredPuzzle, at: &AtStep, rated: bool, user: u64) -> Reply {
    let game = crate::variants::VariantId::parse(&p.variant)
        .map(|v| v.name_in(lang))
        .unwrap_or_else(|| p.variant.clone());
    let mut lines = vec![tr!(
        lang,
        "puzzle-question",
        id = p.id.clone(),
        game = game,
        rating = p.glicko.rating.round() as i64,
        side = side_name(at.solver, lang)
    )];
    if !rated {
        lines.push(tr!(lang, "puzzle-seen-before"));
    }
    lines.extend(next_lines(lang, at));
    Reply {
        text: lines.join("\n"),
        ..asking(lang, &at.game, at.solver, &p.id, 0, user)
    }
}

/// What every question ends with: the last answer played, the solver's secrets, and
/// how to answer.
pub(super) fn next_lines(lang: Lang, at: &AtStep) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(last) = &at.last {
        lines.push(tr!(lang, "puzzle-last-move", answer = last.clone()));
    }
    if let Some(secret) = at.game.secret_in(at.solver, lang) {
        lines.push(secret);
    }
    lines.push(tr!(lang, "puzzle-how", side = side_name(at.solver, lang)));
    lines
}
