//! Standard Algebraic Notation as PGN writes it (`Nbd7`, `exd5`, `e8=Q+`, `O-O#`):
//! the export's movetext for plain chess, where other tools read the moves.

use crate::core::{CastleSide, Move, Position, Role};

impl Position {
    /// The SAN of `m`, a legal move of this position, with its `+` or `#`.
    pub fn san(&self, m: Move) -> String {
        let mut s = match m.castle_side() {
            Some(CastleSide::King) => "O-O".to_string(),
            Some(CastleSide::Queen) => "O-O-O".to_string(),
            None => self.san_body(m),
        };
        let mut after = self.clone();
        after.play_unchecked(m);
        if after.is_check() {
            s.push(if after.legal_move_list().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        s
    }

    fn san_body(&self, m: Move) -> String {
        let mut s = String::with_capacity(8);
        let (from, to) = (m.from(), m.to());
        if m.role() == Role::Pawn {
            if m.is_capture() {
                s.push(from.file_char());
            }
        } else {
            s.push(m.role().letter());
            // Disambiguation: the file if it tells the movers apart, else the rank,
            // else both.
            let rivals: Vec<Move> = self
                .legal_move_list()
                .into_iter()
                .filter(|o| {
                    o.role() == m.role()
                        && o.to() == to
                        && o.from() != from
                        && o.castle_side().is_none()
                })
                .collect();
            if !rivals.is_empty() {
                let same_file = rivals.iter().any(|o| o.from().file() == from.file());
                let same_rank = rivals.iter().any(|o| o.from().rank() == from.rank());
                if !same_file {
                    s.push(from.file_char());
                } else if !same_rank {
                    s.push(from.rank_char());
                } else {
                    s.push(from.file_char());
                    s.push(from.rank_char());
                }
            }
        }
        if m.is_capture() {
            s.push('x');
        }
        s.push_str(&to.to_string());
        if let Some(p) = m.promotion() {
            s.push('=');
            s.push(p.letter());
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use crate::core::notation;
    use crate::core::Position;

    fn san_after(fen: &str, text: &str) -> String {
        let pos = Position::from_fen(fen).expect("fen");
        let m = notation::resolve(text, &pos.legal_move_list()).expect("legal");
        pos.san(m)
    }

    #[test]
    fn san_forms() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(san_after(start, "e2-e4"), "e4");
        assert_eq!(san_after(start, "Ng1-f3"), "Nf3");
        // Knights on b1 and f3 can both reach d2: the file decides.
        let fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
        assert_eq!(san_after(fen, "Nb1-d2"), "Nbd2");
        // Rooks on a1 and a5 share the file: the rank decides.
        let fen = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
        assert_eq!(san_after(fen, "Ra1-a3"), "R1a3");
        // Queens on a1, a5 and e1 all reach e5: a1 needs file and rank.
        let fen = "8/7k/8/Q7/8/8/8/Q3Q2K w - - 0 1";
        assert_eq!(san_after(fen, "Qa1-e5"), "Qa1e5");
        assert_eq!(san_after(fen, "Qa5-e5"), "Q5e5");
        let fen = "7k/3P4/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(san_after(fen, "d7-d8=Q"), "d8=Q+");
        let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        let pos = Position::from_fen(fen).expect("fen");
        assert!(pos.legal_move_list().is_empty());
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
        assert_eq!(san_after(fen, "Qd8-h4"), "Qh4#");
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(san_after(fen, "O-O"), "O-O");
        assert_eq!(san_after(fen, "O-O-O"), "O-O-O");
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(san_after(fen, "e5:d6"), "exd6");
    }
}
