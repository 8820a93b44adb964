//! How a game leaves the bot ([`Export`]): strict PGN in SAN and UCI coordinates for
//! games that are plain chess, the starting position's FEN tag for the others.

/// How a game is exported; the defaults suit a game that is not plain chess and starts
/// from chess's initial position.
pub trait Export {
    /// Whether the game is plain chess, whose export is strict PGN in SAN.
    fn is_plain_chess(&self) -> bool {
        false
    }

    /// The SAN of `answer` in the current position, for games that are plain chess.
    fn san(&self, _answer: &str) -> Option<String> {
        None
    }

    /// The coordinates of `answer` in the current position as the Universal Chess
    /// Interface writes them (`e2e4`, `e7e8q`, castling as the king's two-square move),
    /// for games that are plain chess: how the arena talks to an external engine.
    fn uci(&self, _answer: &str) -> Option<String> {
        None
    }

    /// The starting position as a PGN `FEN` tag, for games that do not start from
    /// chess's initial position. Public information only.
    fn setup_fen(&self) -> Option<String> {
        None
    }
}
