//! A puzzle's web page as the service sees it (issue 51): what its solver's signed page
//! shows of a stored puzzle, read and never written. The board from the solver's side
//! at the step of the line they have reached (the first, when they do not have this
//! puzzle open), whose turn, the last move and their own secrets.

use super::bank::to_puzzle;
use crate::core::view::{View, Viewer};
use crate::core::Side;
use crate::i18n::Lang;
use crate::puzzles::solve::at_step;
use crate::store::{Store, StoreError};
use crate::tr;
use crate::variants::{side_name, VariantId};

/// What a puzzle's page shows its solver.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzlePage {
    pub id: String,
    pub variant: VariantId,
    /// `Puzzle 548541ae: Chess`.
    pub title: String,
    /// The step of the line shown: the one the solver is asked when `open`.
    pub step: u64,
    /// The reader has this puzzle open at `step`: the page may answer it.
    pub open: bool,
    pub solver: Side,
    /// The board at `step`, from the solver's side.
    pub view: View,
    /// Whose turn, the puzzle's rating, the last move.
    pub status: Vec<String>,
    /// The solver's own secret information.
    pub secret: Option<String>,
}

/// Puzzle `id`'s page for `user`, in `lang`; `None` when there is no such puzzle or
/// this build cannot replay it.
pub fn puzzle_page(
    store: &Store,
    id: &str,
    user: u64,
    lang: Lang,
) -> Result<Option<PuzzlePage>, StoreError> {
    let Some(stored) = store.puzzle_for(user, id)?.value else {
        return Ok(None);
    };
    let book = store.puzzle_book(user)?.value;
    let Ok(puzzle) = to_puzzle(&stored, lang) else {
        return Ok(None);
    };
    let open = book.open.filter(|a| a.puzzle == stored.id);
    let step = open.as_ref().map_or(0, |a| a.step);
    let Ok(at) = at_step(&puzzle, step) else {
        return Ok(None);
    };
    let game = puzzle.position.variant.name_in(lang);
    let mut status = vec![
        tr!(
            lang,
            "web-puzzle-to-move",
            side = side_name(at.solver, lang)
        ),
        tr!(
            lang,
            "web-puzzle-rating",
            rating = stored.glicko.rating.round() as i64
        ),
    ];
    if let Some(last) = &at.last {
        status.push(tr!(lang, "puzzle-last-move", answer = last.clone()));
    }
    Ok(Some(PuzzlePage {
        title: tr!(
            lang,
            "web-puzzle-title",
            id = stored.id.clone(),
            game = game
        ),
        id: stored.id,
        variant: puzzle.position.variant,
        step: step as u64,
        open: open.is_some(),
        solver: at.solver,
        view: at.game.view_in(Viewer::Player(at.solver), lang),
        status,
        secret: at.game.secret_in(at.solver, lang),
    }))
}
