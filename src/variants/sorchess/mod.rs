//! Sorchess (variant `sorchess`): FIDE chess plus one Wizard per side that enters from
//! a launching rook, RULINGS S1-S5 and C1-C4.

pub mod eval;
pub mod position;
pub mod view;

pub use position::{SorchessMove, SorchessPosition, WizardState};

use crate::core::notation::{self, MoveSyntax, NotationError};
use crate::core::view::{View, Viewer};
use crate::core::{Cell, Role, Side, Square};
use crate::i18n::Msg;
use crate::variants::chess_like::{chess_like_hooks, chess_like_rules, ChessLike};
use crate::variants::fide::{self, Repetitions};
use crate::variants::{picker, Ask, GameRng, Outcome, PlayError, Played, Rules};
use crate::variants::{Export, Presentation, Tuning};
use position::{is_orthogonal_step, knight_chance_square};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SorchessGame {
    pos: SorchessPosition,
    reps: Repetitions,
    last_move: Option<SorchessMove>,
    outcome: Option<Outcome>,
}

impl SorchessGame {
    pub fn from_position(pos: SorchessPosition) -> SorchessGame {
        let reps = Repetitions::new(pos.repetition_key());
        let mut g = SorchessGame {
            pos,
            reps,
            last_move: None,
            outcome: None,
        };
        g.outcome = g.rules_outcome();
        g
    }

    pub fn position(&self) -> &SorchessPosition {
        &self.pos
    }

    /// Parses typed text into a legal move, explaining Sorchess-specific refusals.
    pub fn parse_move(&self, text: &str) -> Result<SorchessMove, PlayError> {
        let syntax = notation::parse_syntax(text)?;
        let all = self.pos.legal_moves();
        let mut legal = all.clone();
        if let MoveSyntax::Move(spec) = &syntax {
            if spec.promotion.is_none() {
                // A Knight reaching the king's square without `=W` declines its chance
                // (S4) rather than being ambiguous.
                legal.retain(|m| {
                    !matches!(m, SorchessMove::Board(mv)
                        if mv.role() == Role::Knight && mv.promotion().is_some())
                });
            }
        }
        match notation::resolve_syntax(text, &syntax, &legal) {
            Ok(m) => match self.unconfirmed_decline(&syntax, m, &all) {
                Some(reason) => Err(PlayError::Refused(reason)),
                None => Ok(m),
            },
            Err(e @ NotationError::Illegal { .. }) => Err(match self.explain(&syntax) {
                Some(reason) => PlayError::Refused(reason),
                None => PlayError::Notation(e),
            }),
            Err(e) => Err(PlayError::Notation(e)),
        }
    }

    /// X-SORCHESS-7: a Knight move onto the king's square typed without its origin
    /// (`Ne8`) while the Knight's chance is open would give the chance up for good
    /// without saying so; like an unstated promotion it is refused, naming both forms.
    fn unconfirmed_decline(
        &self,
        syntax: &MoveSyntax,
        m: SorchessMove,
        all: &[SorchessMove],
    ) -> Option<Msg> {
        let MoveSyntax::Move(spec) = syntax else {
            return None;
        };
        let SorchessMove::Board(mv) = m else {
            return None;
        };
        let us = self.pos.turn();
        let square = knight_chance_square(us);
        if spec.promotion.is_some()
            || spec.from_square().is_some()
            || mv.role() != Role::Knight
            || mv.to() != square
            || !self.pos.knight_chance_open(us)
        {
            return None;
        }
        let take = all.iter().find_map(|x| match x {
            SorchessMove::Board(w)
                if w.from() == mv.from() && w.to() == square && w.promotion().is_some() =>
            {
                Some(x.long())
            }
            _ => None,
        })?;
        Some(
            Msg::new("sorchess-knight-chance")
                .with("square", square.to_string())
                .with("take", take.to_string())
                .with("m_long", m.long().to_string()),
        )
    }

    /// The move question with legal examples of the Wizard's own forms when they are open.
    fn move_prompt(&self) -> Msg {
        let texts = self.legal_texts();
        let plain: Vec<String> = texts
            .iter()
            .filter(|t| !t.starts_with('W') && !t.contains('='))
            .cloned()
            .collect();
        let mut s = crate::variants::your_move(
            crate::variants::example(&plain).or(crate::variants::example(&texts)),
        );
        let us = self.pos.turn();
        if self.pos.wizard(us) == WizardState::InHand {
            let entries: Vec<String> = texts
                .iter()
                .filter(|t| t.starts_with('W'))
                .cloned()
                .collect();
            if let Some(e) = crate::variants::example(&entries) {
                s = crate::variants::and_then(
                    s,
                    Msg::new("sorchess-prompt-enter").with("example", e),
                );
            }
        }
        if let Some(k) = texts
            .iter()
            .find(|t| t.starts_with('N') && t.ends_with("=W"))
        {
            s = crate::variants::and_then(
                s,
                Msg::new("sorchess-prompt-become")
                    .with("answer", k)
                    .with("decline", k.trim_end_matches("=W")),
            );
        } else if let Some(p) = texts
            .iter()
            .find(|t| !t.starts_with('N') && t.ends_with("=W"))
        {
            s = crate::variants::and_then(s, Msg::new("sorchess-prompt-promote").with("answer", p));
        }
        s
    }

    /// A one-line reason for a refused move that only Sorchess's rules forbid.
    fn explain(&self, syntax: &MoveSyntax) -> Option<Msg> {
        let MoveSyntax::Move(spec) = syntax else {
            return None;
        };
        let us = self.pos.turn();
        let board = self.pos.position().board();
        let wizard = self.pos.wizard(us);
        if spec.promotion == Some(Role::Wizard) {
            // Only explain when the same move with another promotion would be legal.
            let mut plain = *spec;
            plain.promotion = if spec.role == Some(Role::Knight) {
                None
            } else {
                Some(Role::Queen)
            };
            let fits = self
                .pos
                .legal_moves()
                .iter()
                .any(|m| notation::matches(&MoveSyntax::Move(plain), m));
            if !fits {
                return None;
            }
            if let WizardState::OnBoard(sq) = wizard {
                return Some(Msg::new("sorchess-wizard-on-board").with("sq", sq.to_string()));
            }
            if spec.role == Some(Role::Knight) {
                return Some(Msg::new("sorchess-knight-only-first").with(
                    "knight_chance_square_us",
                    knight_chance_square(us).to_string(),
                ));
            }
            return None;
        }
        if spec.role != Some(Role::Wizard) {
            return None;
        }
        match wizard {
            WizardState::OnBoard(from) => {
                let from_ok = spec.from_file.is_none_or(|f| f == from.file())
                    && spec.from_rank.is_none_or(|r| r == from.rank());
                if from_ok && is_orthogonal_step(from, spec.to) {
                    if self.pos.step_used(us) {
                        return Some(Msg::new("sorchess-step-used"));
                    }
                    if board.occupied().contains(spec.to) {
                        return Some(Msg::new("sorchess-step-no-capture"));
                    }
                }
                None
            }
            WizardState::Captured => Some(Msg::new("sorchess-wizard-captured")),
            WizardState::InHand => {
                if self.pos.launch_rooks(us).is_empty() {
                    return Some(Msg::new("sorchess-no-launch-rook"));
                }
                let from = spec.from_square()?;
                if board.pieces(us, Role::Rook).contains(from)
                    && !self.pos.launch_rooks(us).contains(from)
                {
                    return Some(Msg::new("sorchess-rook-moved").with("from", from.to_string()));
                }
                if !board.pieces(us, Role::Rook).contains(from) {
                    return Some(
                        Msg::new("sorchess-enter-from-rook").with("from", from.to_string()),
                    );
                }
                None
            }
        }
    }

    /// Plays a legal move, updating the draw bookkeeping and the outcome.
    pub fn apply(&mut self, m: SorchessMove) {
        self.pos.play(m);
        self.reps.push(self.pos.repetition_key());
        self.last_move = Some(m);
        self.outcome = self.rules_outcome();
    }

    fn rules_outcome(&self) -> Option<Outcome> {
        let stuck = self
            .pos
            .legal_moves()
            .is_empty()
            .then(|| self.pos.is_check());
        fide::ending(
            self.pos.turn(),
            stuck,
            || self.pos.is_insufficient_material(),
            &self.reps,
            self.pos.position().halfmoves(),
        )
    }

    fn notes(&self, side: Side) -> Vec<Msg> {
        let mut notes = vec![match self.pos.wizard(side) {
            WizardState::InHand => Msg::new("note-wizard-in-hand"),
            WizardState::OnBoard(_) => Msg::new("note-wizard-on-board"),
            WizardState::Captured => Msg::new("note-wizard-captured"),
        }];
        if self.pos.step_used(side) {
            notes.push(Msg::new("note-step-used"));
        }
        notes
    }
}

impl Rules for SorchessGame {
    const NAME: &'static str = "Sorchess";

    chess_like_rules!();

    fn fen(&self) -> String {
        self.pos.fen()
    }

    fn legal_texts(&self) -> Vec<String> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        self.pos.legal_moves().iter().map(|m| m.long()).collect()
    }

    fn play(&mut self, side: Side, text: &str, _rng: &mut GameRng) -> Result<Played, PlayError> {
        self.chess_turn_check(side)?;
        let m = self.parse_move(text)?;
        let chance_before = self.pos.knight_chance_open(side);
        self.apply(m);
        let mut events = Vec::new();
        if let SorchessMove::Board(mv) = m {
            if chance_before
                && mv.role() == Role::Knight
                && mv.to() == knight_chance_square(side)
                && mv.promotion().is_none()
            {
                events.push(
                    Msg::new("sorchess-declined").with("side", crate::variants::side_msg(side)),
                );
            }
        }
        events.extend(fide::check_event(
            self.pos.is_check(),
            self.outcome.as_ref(),
        ));
        Ok(Played {
            action: m.long(),
            printed: m.long(),
            events,
            private: Vec::new(),
        })
    }

    fn view(&self, viewer: Viewer) -> View {
        let pos = self.pos.position();
        let mut v = View::new(viewer, "Sorchess").with_board(pos.board());
        v.to_move = Some(pos.turn());
        if let Some(m) = self.last_move {
            let (from, to) = m.squares();
            v.last_move = vec![Cell::Board(from), Cell::Board(to)];
        }
        if pos.is_check() {
            if let Some(k) = pos.king(pos.turn()) {
                v.check.push(Cell::Board(k));
            }
        }
        for side in Side::BOTH {
            for note in self.notes(side) {
                v.note(side.index(), note);
            }
        }
        v
    }
}

impl ChessLike for SorchessGame {
    chess_like_hooks! { SorchessPosition, SorchessMove, crate::core::chess::FenError; field pos;
    read SorchessPosition::from_fen; wrap SorchessGame::from_position;
    halfmoves |p: &SorchessPosition| p.position().halfmoves();
    moves SorchessPosition::legal_moves; text SorchessMove::long;
    after |pos: &SorchessPosition, m| { let mut next = pos.clone(); next.play(m); next } }
}

impl Presentation for SorchessGame {
    const RULES: &'static str = "rules-sorchess";

    const EXAMPLE: Option<crate::variants::WorkedExample> = Some(EXAMPLE);

    fn legend() -> Vec<crate::core::view::LegendEntry> {
        view::legend()
    }

    /// Chess's piece, target and promotion; an entry starts from its launching rook
    /// (`Wizard from rook h1`, then `g4`), and a Knight that may become the Wizard on
    /// the king's square chooses between that and staying a Knight.
    fn picker_steps(&self, answer: &str, lang: crate::i18n::Lang) -> Vec<picker::Step> {
        let mut steps = picker::move_steps(answer, lang);
        let Some(m) = picker::parse_long(answer) else {
            return steps;
        };
        let side = self.pos.turn();
        let from = Square::parse(m.from);
        let entry = m.role == Role::Wizard
            && from.is_some_and(|sq| self.pos.launch_rooks(side).contains(sq));
        if let (true, Some(first)) = (entry, steps.first_mut()) {
            first.label = crate::tr!(lang, "pick-sorchess-entry", square = m.from);
        }
        let chance = m.role == Role::Knight
            && m.promotion.is_none()
            && Square::parse(m.to) == Some(knight_chance_square(side))
            && self.pos.knight_chance_open(side);
        if chance {
            steps.push(picker::Step::new(
                picker::promote_to(lang),
                crate::tr!(lang, "pick-sorchess-stay"),
            ));
        }
        steps
    }

    fn prompt(&self, _ask: &Ask) -> Msg {
        self.move_prompt()
    }
}

impl Export for SorchessGame {}

impl Tuning for SorchessGame {
    fn evaluate(&self, side: Side) -> i32 {
        eval::evaluate(self, side)
    }

    fn perfect_information(&self) -> bool {
        // Nothing hidden and nothing drawn (`uses_randomness` says the same).
        true
    }

    fn search_key(&self) -> Option<u64> {
        Some(self.pos.repetition_key())
    }

    fn candidates_with_gain(&self) -> Vec<(String, i32)> {
        eval::candidates_with_gain(self, false)
    }

    fn tactical_candidates(&self) -> Vec<(String, i32)> {
        eval::candidates_with_gain(self, true)
    }
}

/// The rules document's own first move: the Wizard enters from the rook on h1.
pub const EXAMPLE: crate::variants::WorkedExample = crate::variants::WorkedExample {
    fen: None,
    options: &[],
    moves: &["Wg4"],
    caption: "caption-sorchess",
};

#[cfg(test)]
mod tests;
