//! The puzzles stored: the starter set loaded at start, a stored puzzle read back as
//! the generator's, and the choice of the next puzzle for a player.

use super::store_refusal;
use crate::i18n::Lang;
use crate::puzzles::{csv, Position, Puzzle, SHIPPED};
use crate::ratings::{puzzle_start, Glicko};
use crate::service::plumbing::plan::{Durability, Put};
use crate::service::plumbing::writer;
use crate::service::Refusal;
use crate::store::{PuzzleBook, Store, StoreError, StoredPuzzle};
use crate::tr;
use crate::variants::VariantId;
use std::collections::{BTreeSet, HashMap};

/// The mark of a starter set: the first eight hex digits of its SHA-256.
fn mark_of(text: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(text.as_bytes());
    digest.iter().take(4).map(|b| format!("{b:02x}")).collect()
}

/// A puzzle of the generator as the store keeps it (new: its starting rating).
pub(super) fn stored_of(p: &Puzzle) -> StoredPuzzle {
    StoredPuzzle {
        id: p.id.clone(),
        variant: p.position.variant.id().to_string(),
        position: p.position.to_text(),
        line: p.line.clone(),
        themes: p.themes.clone(),
        source: p.source.clone(),
        glicko: puzzle_start(p.rating),
        attempts: 0,
        solved: 0,
        owner: None,
        played: None,
    }
}

/// Loads the starter set shipped with this build into the store, once per set: the
/// puzzles not stored yet (a stored one keeps its rating). Returns how many were
/// added. Two processes starting at once: one of them writes, the other's write is a
/// conflict and changes nothing (the set is then loaded).
pub(in crate::service) fn load_shipped(store: &Store) -> Result<usize, StoreError> {
    let mark = mark_of(SHIPPED);
    if store.puzzles_loaded(&mark)? {
        return Ok(0);
    }
    let puzzles = match csv::read(SHIPPED) {
        Ok(p) => p,
        Err(e) => {
            tracing::error!("the shipped puzzles do not read: {e}");
            return Ok(0);
        }
    };
    let mut puts = Vec::new();
    for p in &puzzles {
        let read = store.puzzle(&p.id)?;
        if read.value.is_none() {
            puts.push(Put::Puzzle {
                read: Box::new(read),
                puzzle: Box::new(stored_of(p)),
            });
        }
    }
    let added = puts.len();
    puts.push(Put::PuzzlesLoaded { mark });
    match writer::write(store, puts, Durability::Flushed) {
        Ok(()) => Ok(added),
        Err(StoreError::Conflict { .. }) => Ok(0),
        Err(e) => Err(e),
    }
}

/// A stored puzzle as the generator's, to replay; `Err`: why it cannot be (a game
/// this build does not have, a position it cannot read), in `lang`.
pub(super) fn to_puzzle(p: &StoredPuzzle, lang: Lang) -> Result<Puzzle, Refusal> {
    let broken = || tr!(lang, "puzzle-broken", id = p.id.clone());
    let variant = VariantId::parse(&p.variant).ok_or_else(broken)?;
    let position = Position::parse(variant, &p.position).map_err(|_| broken())?;
    Ok(Puzzle {
        id: p.id.clone(),
        position,
        line: p.line.clone(),
        rating: p.glicko.rating.max(0.0).round() as u32,
        themes: p.themes.clone(),
        source: p.source.clone(),
    })
}

/// A player's puzzle rating in a game (a new player's when they have none).
pub(super) fn rating_in(book: &PuzzleBook, variant: &str) -> Glicko {
    book.ratings
        .get(variant)
        .map(|s| s.glicko)
        .unwrap_or_default()
}

/// What a player asked to choose from.
pub(super) struct Wish<'a> {
    pub variant: Option<VariantId>,
    pub theme: Option<&'a str>,
    pub user: u64,
}

/// The puzzle to show `book`'s player: of the game and theme wished, one not tried
/// yet whose rating is nearest theirs (ties broken by a hash of player and puzzle, so
/// two players near one rating see different ones); when every such puzzle was tried,
/// the one tried longest ago.
pub(super) fn choose<'a>(
    all: &'a [StoredPuzzle],
    book: &PuzzleBook,
    wish: &Wish,
    lang: Lang,
) -> Result<&'a StoredPuzzle, Refusal> {
    let playable: Vec<&str> = VariantId::available().iter().map(|v| v.id()).collect();
    let of_game: Vec<&StoredPuzzle> = all
        .iter()
        .filter(|p| playable.contains(&p.variant.as_str()))
        .filter(|p| wish.variant.is_none_or(|v| p.variant == v.id()))
        .collect();
    if of_game.is_empty() {
        return Err(match wish.variant {
            Some(v) => tr!(lang, "puzzle-none-for-game", game = v.name_in(lang)),
            None => tr!(lang, "puzzle-none"),
        });
    }
    let themed = themed(&of_game, wish, lang)?;
    let tried: HashMap<&str, usize> = book
        .tried
        .iter()
        .enumerate()
        .map(|(i, id)| (id.as_str(), i))
        .collect();
    let fresh = themed
        .iter()
        .filter(|p| !tried.contains_key(p.id.as_str()))
        .min_by_key(|p| {
            let mine = rating_in(book, &p.variant).rating;
            let gap = (p.glicko.rating - mine).abs().round() as i64;
            (
                gap,
                crate::service::stable_id(&p.id, &wish.user.to_string()),
            )
        });
    let oldest = || {
        themed
            .iter()
            .min_by_key(|p| tried.get(p.id.as_str()).copied().unwrap_or(0))
    };
    fresh
        .or_else(oldest)
        .copied()
        .ok_or_else(|| tr!(lang, "puzzle-none"))
}

/// The puzzles among `of_game` with the theme wished (all without one); none: the
/// refusal names the themes there are.
fn themed<'a>(
    of_game: &[&'a StoredPuzzle],
    wish: &Wish,
    lang: Lang,
) -> Result<Vec<&'a StoredPuzzle>, Refusal> {
    let Some(theme) = wish.theme.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(of_game.to_vec());
    };
    let theme = theme.to_lowercase();
    let with: Vec<&StoredPuzzle> = of_game
        .iter()
        .filter(|p| p.themes.iter().any(|t| t.to_lowercase() == theme))
        .copied()
        .collect();
    if !with.is_empty() {
        return Ok(with);
    }
    let themes: BTreeSet<&str> = of_game
        .iter()
        .flat_map(|p| p.themes.iter().map(String::as_str))
        .collect();
    Err(tr!(
        lang,
        "puzzle-no-theme",
        theme = crate::core::notation::echo(&theme),
        themes = themes.into_iter().collect::<Vec<_>>().join(", ")
    ))
}

/// Reads a store failure as the player's refusal.
pub(super) fn refusal(lang: Lang) -> impl Fn(StoreError) -> Refusal {
    move |e| store_refusal(lang, &e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_with_no_puzzles_yet_is_refused_in_one_line() {
        let shipped = csv::read(SHIPPED).expect("the shipped set reads");
        let first = shipped.first().expect("a shipped puzzle").position.variant;
        let one_game: Vec<StoredPuzzle> = shipped
            .iter()
            .filter(|p| p.position.variant == first)
            .map(stored_of)
            .collect();
        let other = *VariantId::available()
            .iter()
            .find(|v| **v != first)
            .expect("another game");
        let wish = Wish {
            variant: Some(other),
            theme: None,
            user: 1,
        };
        let refused = choose(&one_game, &PuzzleBook::default(), &wish, Lang::En)
            .expect_err("no puzzle of the other game among these");
        assert!(refused.contains(&other.name_in(Lang::En)), "{refused}");
        assert!(!refused.contains('\n'));
        let none = choose(
            &[],
            &PuzzleBook::default(),
            &Wish {
                variant: None,
                ..wish
            },
            Lang::En,
        );
        assert!(none.is_err());
    }
}
