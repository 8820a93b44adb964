//! How Chess with Wickets answers split into the move picker's choices: moves as in
//! chess, a throw's target (a relay first through the castling partner), a card, the
//! pieces of a sacrifice one by one, a Defender, a ball square.

use super::*;
use crate::i18n::Lang;
use crate::tr;
use crate::variants::picker::{self, Step as PickStep};

impl WicketsGame {
    pub(super) fn picker_steps(&self, answer: &str, lang: Lang) -> Vec<PickStep> {
        let question = self.ask().map(|a| a.question);
        if answer == "decline" {
            let label = match question {
                Some(Question::Throw) => tr!(lang, "pick-wickets-keep-ball"),
                Some(Question::Sacrifice) => tr!(lang, "pick-wickets-sacrifice-none"),
                _ => tr!(lang, "pick-decline"),
            };
            return vec![PickStep::new(picker::which_answer(lang), label)];
        }
        match question {
            Some(Question::BallSquare) => {
                vec![PickStep::new(
                    tr!(lang, "pick-wickets-ball-where"),
                    tr!(lang, "pick-wickets-ball-on", square = answer),
                )
                .on(answer)]
            }
            Some(Question::NewDefender) => {
                let piece = strip_keyword(answer, "defender");
                let at = piece.get(piece.len().saturating_sub(2)..).unwrap_or(piece);
                vec![
                    PickStep::new(tr!(lang, "pick-wickets-defender"), self.piece_at(at, lang))
                        .on(at),
                ]
            }
            Some(Question::Throw) => {
                let cells: Vec<&str> = answer.split('>').collect();
                let mut steps = Vec::new();
                let throw_where = tr!(lang, "pick-wickets-throw");
                if let [via, _] = cells.as_slice() {
                    let relay = tr!(lang, "pick-wickets-relay", piece = self.piece_at(via, lang));
                    steps.push(PickStep::new(throw_where.clone(), relay).on(via));
                }
                let to = cells.last().copied().unwrap_or(answer);
                let label = if to.starts_with('w') {
                    tr!(lang, "pick-wickets-throw-wicket", square = to)
                } else {
                    tr!(lang, "pick-wickets-throw-to", square = to)
                };
                steps.push(PickStep::new(throw_where, label).on(to));
                steps
            }
            Some(Question::Card) => {
                let card = strip_keyword(answer, "card");
                vec![PickStep::new(
                    tr!(lang, "pick-wickets-card"),
                    card_label(card, lang),
                )]
            }
            Some(Question::Sacrifice) => strip_keyword(answer, "sacrifice")
                .split_whitespace()
                .enumerate()
                .map(|(i, c)| {
                    let q = match i {
                        0 => tr!(lang, "pick-wickets-sacrifice-1"),
                        1 => tr!(lang, "pick-wickets-sacrifice-2"),
                        2 => tr!(lang, "pick-wickets-sacrifice-3"),
                        _ => tr!(lang, "pick-wickets-sacrifice-next"),
                    };
                    PickStep::new(q, self.piece_at(c, lang)).on(c)
                })
                .collect(),
            _ => picker::move_steps(answer, lang),
        }
    }

    /// `Rook f1` for the piece on a cell named in an answer, the cell alone otherwise.
    fn piece_at(&self, cell: &str, lang: Lang) -> String {
        match Cell::parse(cell).and_then(|c| self.pos.man(c)) {
            Some(m) => picker::piece_label(lang, m.piece.role, cell),
            None => cell.to_string(),
        }
    }
}

/// `7 of clubs`, `Ace of hearts`.
fn card_label(text: &str, lang: Lang) -> String {
    match Card::parse(text) {
        Some(c) => {
            let suit = match c.suit {
                'c' => "clubs",
                'd' => "diamonds",
                'h' => "hearts",
                _ => "spades",
            };
            match c.rank {
                1 => tr!(lang, "pick-card-ace", suit = suit),
                r => tr!(lang, "pick-card", rank = r, suit = suit),
            }
        }
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn cards_read_as_said() {
        use crate::i18n::Lang;
        assert_eq!(super::card_label("7c", Lang::En), "7 of clubs");
        assert_eq!(super::card_label("1h", Lang::En), "Ace of hearts");
        assert_eq!(super::card_label("10s", Lang::En), "10 of spades");
        assert_eq!(super::card_label("zz", Lang::En), "zz");
        assert_eq!(super::card_label("7c", Lang::De), "Kreuz 7");
        assert_eq!(super::card_label("1h", Lang::De), "Herz-Ass");
    }
}
