//! Plain FIDE chess (variant `standard`), RULINGS C1-C4.

use crate::core::notation::{self, NotationError};
use crate::core::view::{View, Viewer};
use crate::core::{Cell, Move, Position, Role, Side};
use crate::i18n::Msg;
use crate::variants::chess_like::{chess_like_hooks, chess_like_rules, ChessLike};
use crate::variants::fide::{self, Repetitions};
use crate::variants::{Export, Presentation, Tuning};
use crate::variants::{GameRng, Outcome, PlayError, Played, Rules};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandardGame {
    pos: Position,
    reps: Repetitions,
    last_move: Option<Move>,
    outcome: Option<Outcome>,
}

impl StandardGame {
    pub fn from_position(pos: Position) -> StandardGame {
        let reps = Repetitions::new(pos.repetition_key());
        let mut g = StandardGame {
            pos,
            reps,
            last_move: None,
            outcome: None,
        };
        g.outcome = g.rules_outcome();
        g
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Parses typed text into a legal move of this position.
    pub fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        notation::resolve(text, &self.pos.legal_move_list())
    }

    /// Plays a legal move, updating the draw bookkeeping and the outcome.
    pub fn apply(&mut self, m: Move) {
        self.pos.play_unchecked(m);
        self.reps.push(self.pos.repetition_key());
        self.last_move = Some(m);
        self.outcome = self.rules_outcome();
    }

    fn rules_outcome(&self) -> Option<Outcome> {
        let stuck = self
            .pos
            .legal_move_list()
            .is_empty()
            .then(|| self.pos.is_check());
        fide::ending(
            self.pos.turn(),
            stuck,
            || self.pos.is_insufficient_material(),
            &self.reps,
            self.pos.halfmoves(),
        )
    }
}

impl Rules for StandardGame {
    const NAME: &'static str = "Chess";

    chess_like_rules!();

    fn fen(&self) -> String {
        self.pos.fen()
    }

    fn legal_texts(&self) -> Vec<String> {
        self.pos
            .legal_move_list()
            .iter()
            .map(|m| m.long())
            .collect()
    }

    fn play(&mut self, side: Side, text: &str, _rng: &mut GameRng) -> Result<Played, PlayError> {
        self.chess_turn_check(side)?;
        let m = self.parse_move(text)?;
        self.apply(m);
        let events = fide::check_event(self.pos.is_check(), self.outcome.as_ref())
            .into_iter()
            .collect();
        Ok(Played {
            action: m.long(),
            printed: m.long(),
            events,
            private: Vec::new(),
        })
    }

    fn view(&self, viewer: Viewer) -> View {
        let mut v = View::new(viewer, "Chess").with_board(self.pos.board());
        v.to_move = Some(self.pos.turn());
        if let Some(m) = self.last_move {
            v.last_move = vec![Cell::Board(m.from()), Cell::Board(m.to())];
        }
        if self.pos.is_check() {
            if let Some(k) = self.pos.king(self.pos.turn()) {
                v.check.push(Cell::Board(k));
            }
        }
        v
    }
}

impl ChessLike for StandardGame {
    chess_like_hooks! { Position, Move, crate::core::chess::FenError; field pos;
    read Position::from_fen; wrap StandardGame::from_position; halfmoves Position::halfmoves;
    moves Position::legal_move_list; text Move::long;
    after |pos: &Position, m| { let mut next = pos.clone(); next.play_unchecked(m); next } }
}

impl Presentation for StandardGame {
    const RULES: &'static str = "rules-standard";

    fn prompt(&self, ask: &crate::variants::Ask) -> Msg {
        crate::variants::default_prompt(&ask.question, &self.typed_texts())
    }
}

impl Export for StandardGame {
    fn is_plain_chess(&self) -> bool {
        true
    }

    fn san(&self, answer: &str) -> Option<String> {
        self.parse_move(answer).ok().map(|m| self.pos.san(m))
    }

    fn uci(&self, answer: &str) -> Option<String> {
        self.parse_move(answer).ok().map(|m| m.uci())
    }
}

impl Tuning for StandardGame {
    fn evaluate(&self, side: Side) -> i32 {
        crate::variants::chess_eval::score(self.pos.board(), side, self.pos.turn())
    }

    fn perfect_information(&self) -> bool {
        true
    }

    fn search_key(&self) -> Option<u64> {
        Some(self.pos.repetition_key())
    }

    fn candidates_with_gain(&self) -> Vec<(String, i32)> {
        self.pos
            .legal_move_list()
            .into_iter()
            .map(|m| (m.long(), gain(m)))
            .collect()
    }

    fn tactical_candidates(&self) -> Vec<(String, i32)> {
        self.pos
            .legal_move_list()
            .into_iter()
            .filter_map(|m| {
                let g = gain(m);
                (g > 0).then(|| (m.long(), g))
            })
            .collect()
    }
}

/// Most valuable victim, least valuable attacker: what a capture (or a queen's
/// promotion) is likely to win, for the search's move order; 0 for a quiet move.
fn gain(m: Move) -> i32 {
    let value = |r: Role| r.value() as i32;
    let mut g = 0;
    if let Some(victim) = m.capture() {
        g += value(victim) * 16 + 10 - value(m.role());
    }
    if m.promotion() == Some(Role::Queen) {
        g += value(Role::Queen) * 16;
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::tests::util::won;
    use crate::variants::{Game, Options, VariantId};

    fn game() -> Game {
        Game::new(VariantId::Standard, &Options::new(), 1).expect("standard")
    }

    /// White plays `text`, which must draw the game for `reason`.
    fn assert_drawn(g: &mut Game, text: &str, reason: &'static str) {
        g.play(Side::White, text).expect(text);
        assert_eq!(
            g.outcome(),
            Some(Outcome::draw(crate::i18n::Msg::new(reason)))
        );
    }

    /// The game of `fen`.
    fn at(fen: &str) -> Game {
        Game::from_fen(VariantId::Standard, fen, &Options::new(), 1).expect(fen)
    }

    #[test]
    fn fools_mate() {
        let mut g = game();
        for (side, m) in [
            (Side::White, "f3"),
            (Side::Black, "e5"),
            (Side::White, "g4"),
            (Side::Black, "Qh4#"),
        ] {
            g.play(side, m).expect(m);
        }
        assert_eq!(g.outcome(), won(Side::Black, "reason-checkmate"));
        assert_eq!(g.play(Side::White, "e4"), Err(PlayError::Finished));
    }

    #[test]
    fn wrong_side_and_bad_text_change_nothing() {
        let mut g = game();
        let before = g.clone();
        assert_eq!(g.play(Side::Black, "e5"), Err(PlayError::NotYourTurn));
        assert!(g.play(Side::White, "e5").is_err());
        assert!(g.play(Side::White, "").is_err());
        assert_eq!(g, before);
    }

    // ruling C1: threefold is claimable, not automatic; fivefold is automatic.
    #[test]
    fn ruling_c1_repetition() {
        let mut g = game();
        let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
        for round in 0..2 {
            for (i, m) in shuffle.iter().enumerate() {
                let side = if i % 2 == 0 { Side::White } else { Side::Black };
                g.play(side, m).expect(m);
            }
            if round == 0 {
                assert_eq!(g.claimable_draw(), None);
            }
        }
        assert_eq!(g.claimable_draw().as_deref(), Some("threefold repetition"));
        assert!(!g.is_over());
        for _ in 0..2 {
            for (i, m) in shuffle.iter().enumerate() {
                let side = if i % 2 == 0 { Side::White } else { Side::Black };
                g.play(side, m).expect(m);
            }
        }
        assert_eq!(
            g.outcome(),
            Some(Outcome::draw(crate::i18n::Msg::new("reason-fivefold")))
        );
    }

    // ruling C1: 50-move claimable, 75-move automatic; insufficient material automatic.
    #[test]
    fn ruling_c1_move_counts_and_material() {
        let g = at("4k3/8/8/8/8/8/8/R3K3 w - - 100 80");
        assert_eq!(g.claimable_draw().as_deref(), Some("the 50-move rule"));
        let mut g = at("4k3/8/8/8/8/8/8/R3K3 w - - 149 80");
        assert_drawn(&mut g, "Ra2", "reason-seventy-five-moves");
        let mut g = at("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
        assert_drawn(&mut g, "Kxd2", "reason-insufficient-material");
    }

    #[test]
    fn answers_in_uci_coordinates() {
        let g = StandardGame::from_fen("r3k3/1P6/8/8/8/8/8/R3K2R w KQq - 0 1", &Options::new())
            .expect("fen");
        assert_eq!(g.uci("O-O").as_deref(), Some("e1g1"));
        assert_eq!(g.uci("O-O-O").as_deref(), Some("e1c1"));
        assert_eq!(g.uci("b8=N").as_deref(), Some("b7b8n"));
        assert_eq!(g.uci("Ra1:a8").as_deref(), Some("a1a8"));
        assert_eq!(g.uci("bxa8=Q").as_deref(), Some("b7a8q"));
        assert_eq!(g.uci("Ke2").as_deref(), Some("e1e2"));
        assert_eq!(g.uci("e6"), None);
    }

    #[test]
    fn stalemate() {
        let mut g = at("7k/8/6Q1/8/8/8/8/K7 w - - 0 1");
        assert_drawn(&mut g, "Qf7", "reason-stalemate");
    }
}
