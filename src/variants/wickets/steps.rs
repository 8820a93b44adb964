//! How Chess with Wickets answers split into the move picker's choices: moves as in
//! chess, a throw's target (a relay first through the castling partner), a card, the
//! pieces of a sacrifice one by one, a Defender, a ball square.

use super::*;
use crate::variants::picker::{self, Step as PickStep};

impl WicketsGame {
    pub(super) fn picker_steps(&self, answer: &str) -> Vec<PickStep> {
        let question = self.ask().map(|a| a.question);
        if answer == "decline" {
            let label = match question {
                Some(Question::Throw) => "keep the ball (decline)",
                Some(Question::Sacrifice) => "sacrifice nothing (decline)",
                _ => "decline",
            };
            return vec![PickStep::new(picker::WHICH_ANSWER, label)];
        }
        match question {
            Some(Question::BallSquare) => {
                vec![PickStep::new(
                    "Where does the ball lie?",
                    format!("ball on {answer}"),
                )]
            }
            Some(Question::NewDefender) => {
                let piece = strip_keyword(answer, "defender");
                vec![PickStep::new(
                    "Which piece becomes the Defender?",
                    self.piece_at(piece.get(piece.len().saturating_sub(2)..).unwrap_or(piece)),
                )]
            }
            Some(Question::Throw) => {
                let cells: Vec<&str> = answer.split('>').collect();
                let mut steps = Vec::new();
                if let [via, _] = cells.as_slice() {
                    steps.push(PickStep::new(
                        "Throw where?",
                        format!("relay via {}", self.piece_at(via)),
                    ));
                }
                let to = cells.last().copied().unwrap_or(answer);
                let label = if to.starts_with('w') {
                    format!("throw into wicket {to}")
                } else {
                    format!("throw to {to}")
                };
                steps.push(PickStep::new("Throw where?", label));
                steps
            }
            Some(Question::Card) => {
                let card = strip_keyword(answer, "card");
                vec![PickStep::new("Which card?", card_label(card))]
            }
            Some(Question::Sacrifice) => {
                const ORDER: [&str; 3] =
                    ["First piece to sacrifice?", "Second piece?", "Third piece?"];
                strip_keyword(answer, "sacrifice")
                    .split_whitespace()
                    .enumerate()
                    .map(|(i, c)| {
                        let q = ORDER.get(i).copied().unwrap_or("Next piece?");
                        PickStep::new(q, self.piece_at(c))
                    })
                    .collect()
            }
            _ => picker::move_steps(answer),
        }
    }

    /// `Rook f1` for the piece on a cell named in an answer, the cell alone otherwise.
    fn piece_at(&self, cell: &str) -> String {
        match Cell::parse(cell).and_then(|c| self.pos.man(c)) {
            Some(m) => picker::piece_label(m.piece.role, cell),
            None => cell.to_string(),
        }
    }
}

/// `7 of clubs`, `Ace of hearts`.
fn card_label(text: &str) -> String {
    match Card::parse(text) {
        Some(c) => {
            let suit = match c.suit {
                'c' => "clubs",
                'd' => "diamonds",
                'h' => "hearts",
                _ => "spades",
            };
            match c.rank {
                1 => format!("Ace of {suit}"),
                r => format!("{r} of {suit}"),
            }
        }
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn cards_read_as_said() {
        assert_eq!(super::card_label("7c"), "7 of clubs");
        assert_eq!(super::card_label("1h"), "Ace of hearts");
        assert_eq!(super::card_label("10s"), "10 of spades");
        assert_eq!(super::card_label("zz"), "zz");
    }
}
