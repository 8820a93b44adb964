//! The plain-chess plumbing that Chess, Sorchess and Spell Chess share ([`ChessLike`]):
//! a game that wraps one FIDE-based position with its repetitions and outcome starts
//! from its start position or a FEN after the options check, asks its side to move
//! for a move, offers the claimable draws and counts perft by its position's own
//! count. Each game gives the hooks to its position; [`chess_like_rules`] writes the
//! `Rules` items that call the provided methods.

use super::fide::{self, Repetitions};
use super::{check_options, fen_error, Ask, Options, Outcome, PlayError, Question, Rules};
use crate::core::Side;
use crate::i18n::Msg;

/// A game that is one FIDE-based position plus the draw bookkeeping.
pub trait ChessLike: Rules {
    /// The position the game wraps.
    type Position: Clone;
    /// One legal move (a whole turn in Spell Chess).
    type Move: Copy;
    /// The position's own FEN error.
    type FenError: std::fmt::Display;

    /// The starting position.
    fn start() -> Self::Position;
    /// The position of `fen`.
    fn read_fen(fen: &str) -> Result<Self::Position, Self::FenError>;
    /// A game from `pos`, with its repetitions begun and its outcome judged.
    fn wrap(pos: Self::Position) -> Self;
    /// The position now.
    fn chess(&self) -> &Self::Position;
    /// The side to move.
    fn mover(&self) -> Side;
    /// The halfmove clock of the 50- and 75-move rules.
    fn halfmoves(&self) -> u32;
    fn repetitions(&self) -> &Repetitions;
    /// How the rules ended the game, if they have.
    fn ended(&self) -> Option<&Outcome>;
    /// The legal moves of `pos`.
    fn moves_of(pos: &Self::Position) -> Vec<Self::Move>;
    /// A move's canonical text.
    fn move_text(m: Self::Move) -> String;
    /// The position after `m`.
    fn after(pos: &Self::Position, m: Self::Move) -> Self::Position;
    /// The position's perft.
    fn count(pos: &Self::Position, depth: u32) -> u64;

    /// `Rules::new`: the start position, after the options check.
    fn chess_new(options: &Options) -> Result<Self, Msg> {
        check_options(Self::NAME, Self::OPTIONS, options)?;
        Ok(Self::wrap(Self::start()))
    }

    /// `Rules::from_fen`: the position of `fen`, after the options check.
    fn chess_from_fen(fen: &str, options: &Options) -> Result<Self, Msg> {
        check_options(Self::NAME, Self::OPTIONS, options)?;
        Self::read_fen(fen).map(Self::wrap).map_err(fen_error)
    }

    /// `Rules::ask`: the side to move is asked for a move until the game ends.
    fn chess_ask(&self) -> Option<Ask> {
        self.ended().is_none().then(|| Ask {
            side: self.mover(),
            question: Question::Move,
        })
    }

    /// `Rules::outcome`.
    fn chess_outcome(&self) -> Option<Outcome> {
        self.ended().cloned()
    }

    /// The refusal of a move played after the end or out of turn.
    fn chess_turn_check(&self, side: Side) -> Result<(), PlayError> {
        if self.ended().is_some() {
            return Err(PlayError::Finished);
        }
        if side != self.mover() {
            return Err(PlayError::NotYourTurn);
        }
        Ok(())
    }

    /// `Rules::claimable_draw`: threefold repetition, 50 moves.
    fn chess_claimable_draw(&self) -> Option<String> {
        fide::claimable_draw(self.repetitions(), self.halfmoves())
    }

    /// `Rules::perft`, by the position's own count.
    fn chess_perft(&self, depth: u32) -> u64 {
        Self::count(self.chess(), depth)
    }

    /// `Rules::perft_divide`, by the position's own count.
    fn chess_perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        let pos = self.chess();
        Self::moves_of(pos)
            .into_iter()
            .map(|m| {
                let next = Self::after(pos, m);
                (
                    Self::move_text(m),
                    Self::count(&next, depth.saturating_sub(1)),
                )
            })
            .collect()
    }
}

/// The `Rules` items every chess-like game answers the same way through its
/// [`ChessLike`] hooks (`new`, `from_fen`, `ask`, `outcome`, `uses_randomness`,
/// `claimable_draw`, `perft`, `perft_divide`), written once and expanded inside each
/// game's `impl Rules`.
macro_rules! chess_like_rules {
    () => {
        fn new(
            options: &$crate::variants::Options,
            _rng: &mut $crate::variants::GameRng,
        ) -> Result<Self, $crate::i18n::Msg> {
            <Self as $crate::variants::chess_like::ChessLike>::chess_new(options)
        }

        fn from_fen(
            fen: &str,
            options: &$crate::variants::Options,
        ) -> Result<Self, $crate::i18n::Msg> {
            <Self as $crate::variants::chess_like::ChessLike>::chess_from_fen(fen, options)
        }

        fn ask(&self) -> Option<$crate::variants::Ask> {
            $crate::variants::chess_like::ChessLike::chess_ask(self)
        }

        fn outcome(&self) -> Option<$crate::variants::Outcome> {
            $crate::variants::chess_like::ChessLike::chess_outcome(self)
        }

        fn uses_randomness(&self) -> bool {
            // Nothing is drawn: no dice, cards or hidden set-up.
            false
        }

        fn claimable_draw(&self) -> Option<String> {
            $crate::variants::chess_like::ChessLike::chess_claimable_draw(self)
        }

        fn perft(&self, depth: u32) -> u64 {
            $crate::variants::chess_like::ChessLike::chess_perft(self, depth)
        }

        fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
            $crate::variants::chess_like::ChessLike::chess_perft_divide(self, depth)
        }
    };
}
pub(crate) use chess_like_rules;

/// The [`ChessLike`] hooks of a game whose struct keeps its position in `$field` with
/// `reps` and `outcome` beside it, each hook named by the position's own function:
/// `read` a FEN, `wrap` a position in a game, its `halfmoves`, its legal `moves`, a
/// move's `text`, the position `after` a move. The position starts from `new()` and
/// counts by its own `perft`.
macro_rules! chess_like_hooks {
    ($pos:ty, $mv:ty, $err:ty; field $field:ident; read $read:expr; wrap $wrap:expr;
     halfmoves $half:expr; moves $moves:expr; text $text:expr; after $after:expr) => {
        type Position = $pos;
        type Move = $mv;
        type FenError = $err;

        fn start() -> $pos {
            <$pos>::new()
        }

        fn read_fen(fen: &str) -> Result<$pos, $err> {
            ($read)(fen)
        }

        fn wrap(pos: $pos) -> Self {
            ($wrap)(pos)
        }

        fn chess(&self) -> &$pos {
            &self.$field
        }

        fn mover(&self) -> $crate::core::Side {
            self.$field.turn()
        }

        fn halfmoves(&self) -> u32 {
            ($half)(&self.$field)
        }

        fn repetitions(&self) -> &$crate::variants::fide::Repetitions {
            &self.reps
        }

        fn ended(&self) -> Option<&$crate::variants::Outcome> {
            self.outcome.as_ref()
        }

        fn moves_of(pos: &$pos) -> Vec<$mv> {
            ($moves)(pos)
        }

        fn move_text(m: $mv) -> String {
            ($text)(m)
        }

        fn after(pos: &$pos, m: $mv) -> $pos {
            ($after)(pos, m)
        }

        fn count(pos: &$pos, depth: u32) -> u64 {
            pos.perft(depth)
        }
    };
}
pub(crate) use chess_like_hooks;
