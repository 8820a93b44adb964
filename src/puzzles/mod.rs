//! Puzzles made from games: positions where the side to move has exactly one answer
//! that wins clearly, extended into a line while each of the solver's steps stays the
//! only winning one ([`generate`]), checked again by a deeper search with another seed
//! ([`generate::confirm`]), with themes and a starting rating read off the line
//! ([`themes`]), written to and read from a CSV file ([`csv`]). docs/puzzles.md
//! describes how.
//!
//! Owns the puzzle generator. May import `engine`, `variants` and `core` only: it
//! judges answers through the rules' interface and the computer player, never names
//! a game, and does no I/O (the command line reads the store and writes the files).

pub mod csv;
pub mod generate;
pub mod judge;
pub mod solve;
pub mod themes;

use crate::variants::{Game, Options, VariantId};

/// The starter set shipped with the project (`assets/puzzles.csv`), built into the
/// binary: a fresh install loads it into its store at its first start.
pub const SHIPPED: &str = include_str!("../../assets/puzzles.csv");

/// A puzzle's position: how its game started (options, seed and, for a position set
/// up by hand, a FEN) and the answers played since, each by the side asked.
///
/// A stored game is its seed and its actions, and so is a puzzle's position: replaying
/// them rebuilds the game exactly, the generator's state and everything hidden
/// included (the wands' kinds, the cards in hand, the deck), which no FEN of the games
/// with chance or hidden information holds. It is also what the store keeps, so a
/// puzzle points back into its game. A FEN start is kept only for positions set up by
/// hand (the tests' puzzles); the CSV adds the position's FEN beside it where the game
/// has perfect information, for readers who want a single line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub variant: VariantId,
    pub options: Options,
    pub seed: u64,
    pub fen: Option<String>,
    pub answers: Vec<String>,
}

impl Position {
    /// The position after `answers` of the game started from `options` and `seed`.
    pub fn new(variant: VariantId, options: &Options, seed: u64, answers: &[String]) -> Position {
        Position {
            variant,
            options: options.clone(),
            seed,
            fen: None,
            answers: answers.to_vec(),
        }
    }

    /// A position set up by hand from a FEN (and `answers` played after it).
    pub fn from_fen(variant: VariantId, options: &Options, seed: u64, fen: &str) -> Position {
        Position {
            fen: Some(fen.to_string()),
            ..Position::new(variant, options, seed, &[])
        }
    }

    /// The game at this position: its start replayed with every answer.
    pub fn game(&self) -> Result<Game, String> {
        let mut game = match &self.fen {
            Some(fen) => Game::from_fen(self.variant, fen, &self.options, self.seed),
            None => Game::new(self.variant, &self.options, self.seed),
        }
        .map_err(|e| e.to_string())?;
        play_all(&mut game, &self.answers)?;
        Ok(game)
    }

    /// This position `more` answers on.
    pub fn after(&self, more: &[String]) -> Position {
        let mut p = self.clone();
        p.answers.extend_from_slice(more);
        p
    }

    /// The position as one field of text: `SEED|OPTIONS|FEN|ANSWERS`, options as
    /// `key=value` joined by `,`, answers joined by `;` (no answer holds one: the
    /// command line's `--moves` splits on it too), an empty FEN for a game's own start.
    pub fn to_text(&self) -> String {
        let options: Vec<String> = self
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        format!(
            "{}|{}|{}|{}",
            self.seed,
            options.join(","),
            self.fen.as_deref().unwrap_or(""),
            self.answers.join(";")
        )
    }

    /// Reads [`Position::to_text`] back, for `variant`.
    pub fn parse(variant: VariantId, text: &str) -> Result<Position, String> {
        let parts: Vec<&str> = text.splitn(4, '|').collect();
        let [seed, options, fen, answers] = parts[..] else {
            return Err(format!(
                "a position is SEED|OPTIONS|FEN|ANSWERS, not `{text}`"
            ));
        };
        let seed = seed
            .trim()
            .parse::<u64>()
            .map_err(|_| format!("`{seed}` is not a seed"))?;
        let mut opts = Options::new();
        for pair in options.split(',').filter(|p| !p.trim().is_empty()) {
            let (k, v) = pair
                .split_once('=')
                .ok_or_else(|| format!("an option is key=value, not `{pair}`"))?;
            opts.insert(k.trim().to_string(), v.trim().to_string());
        }
        Ok(Position {
            variant,
            options: opts,
            seed,
            fen: Some(fen.trim())
                .filter(|f| !f.is_empty())
                .map(str::to_string),
            answers: split_answers(answers),
        })
    }
}

/// Answers joined by `;` split again (none when empty).
pub fn split_answers(text: &str) -> Vec<String> {
    text.split(';')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .map(str::to_string)
        .collect()
}

/// Plays `answers` on `game`, each by the side asked.
pub fn play_all(game: &mut Game, answers: &[String]) -> Result<(), String> {
    for (i, a) in answers.iter().enumerate() {
        let ask = game
            .ask()
            .ok_or_else(|| format!("the game is over before answer {} (`{a}`)", i + 1))?;
        game.play(ask.side, a)
            .map_err(|e| format!("answer {} (`{a}`) is refused: {e}", i + 1))?;
    }
    Ok(())
}

/// One puzzle: its position, the line that solves it (the solver's answer, the
/// opponent's reply, ..., ending with the solver's), a starting rating, its themes and
/// the game it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub id: String,
    pub position: Position,
    pub line: Vec<String>,
    pub rating: u32,
    pub themes: Vec<String>,
    pub source: String,
}

impl Puzzle {
    /// A puzzle's id: the first eight hex digits of the SHA-256 of its game and
    /// position, so the same position found twice has the same id.
    pub fn id_of(position: &Position) -> String {
        use sha2::{Digest, Sha256};
        let digest = Sha256::digest(format!("{}|{}", position.variant.id(), position.to_text()));
        digest.iter().take(4).map(|b| format!("{b:02x}")).collect()
    }

    /// The FEN of the puzzle's position where the game has perfect information (a
    /// FEN then says everything), else `None`.
    pub fn fen(&self) -> Option<String> {
        let game = self.position.game().ok()?;
        game.perfect_information().then(|| game.fen())
    }
}

/// `puzzles` with one puzzle per source game and first answer: a piece left hanging
/// for several turns of one game (as low levels of self-play leave them) is one
/// puzzle, not one a turn. The earliest position of each is kept, the order kept too;
/// a puzzle without a source is never merged.
pub fn distinct(puzzles: Vec<Puzzle>) -> Vec<Puzzle> {
    let key = |p: &Puzzle| {
        let first = p.line.first().cloned().unwrap_or_default();
        (p.position.variant, p.source.clone(), first)
    };
    let mut earliest: std::collections::BTreeMap<_, (usize, &str)> = Default::default();
    for p in puzzles.iter().filter(|p| !p.source.is_empty()) {
        let at = (p.position.answers.len(), p.id.as_str());
        let e = earliest.entry(key(p)).or_insert(at);
        *e = (*e).min(at);
    }
    let kept: std::collections::BTreeSet<String> =
        earliest.values().map(|(_, id)| id.to_string()).collect();
    puzzles
        .into_iter()
        .filter(|p| p.source.is_empty() || kept.contains(&p.id))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_reads_back_its_text() {
        let mut options = Options::new();
        options.insert("wands".into(), "moderated".into());
        let p = Position::new(
            VariantId::Wand,
            &options,
            7,
            &["e2-e4".to_string(), "Ze7:e7".to_string()],
        );
        let text = p.to_text();
        assert_eq!(text, "7|wands=moderated||e2-e4;Ze7:e7");
        assert_eq!(Position::parse(VariantId::Wand, &text), Ok(p));
        assert!(Position::parse(VariantId::Wand, "x|||").is_err());
        assert!(Position::parse(VariantId::Wand, "1|").is_err());
    }

    #[test]
    fn a_piece_left_hanging_for_several_turns_of_one_game_is_one_puzzle() {
        let p = |answers: usize, source: &str, first: &str| Puzzle {
            id: format!("{source}{answers}"),
            position: Position::new(
                VariantId::DEFAULT,
                &Options::new(),
                1,
                &vec!["e2-e4".to_string(); answers],
            ),
            line: vec![first.to_string()],
            rating: 1000,
            themes: Vec::new(),
            source: source.to_string(),
        };
        let all = vec![
            p(25, "g1", "Na4:b6"),
            p(19, "g1", "Na4:b6"),
            p(33, "g1", "Na4:b6"),
            p(21, "g1", "Qf4-f7"),
            p(19, "g2", "Na4:b6"),
            p(3, "", "Na4:b6"),
            p(5, "", "Na4:b6"),
        ];
        let ids: Vec<String> = distinct(all).into_iter().map(|p| p.id).collect();
        assert_eq!(ids, ["g119", "g121", "g219", "3", "5"]);
    }
}
