//! The 40-card deck of the card decisions (K8): cards, private hands, the draw pile
//! and the discards, shuffled only with the game's generator.

use crate::core::Side;
use crate::i18n::Msg;
use crate::variants::GameRng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};
use std::fmt;

pub const SUITS: [char; 4] = ['c', 'd', 'h', 's'];
pub const HAND: usize = 10;

/// A card: rank 1 (ace, low) to 10, suit `c d h s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Card {
    pub rank: u8,
    pub suit: char,
}

impl Card {
    /// `7c`, `10h`, `Ac`/`1c`; also with a space or the suit first is not accepted.
    pub fn parse(text: &str) -> Option<Card> {
        let t = text.trim().to_ascii_lowercase();
        let suit = t.chars().last()?;
        if !SUITS.contains(&suit) {
            return None;
        }
        let rank_text = t[..t.len() - 1].trim();
        let rank = match rank_text {
            "a" => 1,
            r => r.parse::<u8>().ok()?,
        };
        (1..=10).contains(&rank).then_some(Card { rank, suit })
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank, self.suit)
    }
}

/// Hands, draw pile and discards. Hidden: never in the FEN or a public view.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    pub hands: [Vec<Card>; 2],
    pub pile: Vec<Card>,
    pub discards: Vec<Card>,
    pub dealt: bool,
}

impl Deck {
    /// Shuffles the 40 cards and deals ten to White, then ten to Black.
    pub fn deal(rng: &mut GameRng) -> Deck {
        let mut pile: Vec<Card> = SUITS
            .iter()
            .flat_map(|&suit| (1..=10).map(move |rank| Card { rank, suit }))
            .collect();
        pile.shuffle(rng);
        let mut d = Deck {
            hands: [Vec::new(), Vec::new()],
            pile,
            discards: Vec::new(),
            dealt: true,
        };
        for side in Side::BOTH {
            for _ in 0..HAND {
                d.draw(side, rng);
            }
            d.hands[side.index()].sort();
        }
        d
    }

    fn draw(&mut self, side: Side, rng: &mut GameRng) {
        if self.pile.is_empty() {
            // K8: reshuffle the discards when the pile runs out.
            self.pile = std::mem::take(&mut self.discards);
            self.pile.shuffle(rng);
        }
        if let Some(c) = self.pile.pop() {
            self.hands[side.index()].push(c);
        }
    }

    pub fn hand(&self, side: Side) -> &[Card] {
        &self.hands[side.index()]
    }

    /// Plays `card` from `side`'s hand and draws its replacement at once.
    pub fn play(&mut self, side: Side, card: Card, rng: &mut GameRng) -> bool {
        let hand = &mut self.hands[side.index()];
        let Some(i) = hand.iter().position(|c| *c == card) else {
            return false;
        };
        hand.remove(i);
        self.draw(side, rng);
        self.discards.push(card);
        self.hands[side.index()].sort();
        true
    }

    /// The private text of a hand.
    pub fn hand_text(&self, side: Side) -> Msg {
        let cards: Vec<String> = self.hand(side).iter().map(|c| c.to_string()).collect();
        Msg::new("wickets-hand")
            .with("side", crate::variants::side_msg(side))
            .with("cards", cards.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn cards_parse() {
        assert_eq!(Card::parse("7c"), Some(Card { rank: 7, suit: 'c' }));
        assert_eq!(Card::parse("Ad"), Some(Card { rank: 1, suit: 'd' }));
        assert_eq!(
            Card::parse("10s"),
            Some(Card {
                rank: 10,
                suit: 's'
            })
        );
        assert_eq!(Card::parse("11s"), None);
        assert_eq!(Card::parse("7x"), None);
        assert_eq!(Card::parse("Kh"), None);
    }

    #[test]
    fn forty_cards_are_conserved_and_the_pile_reshuffles() {
        let mut rng = GameRng::seed_from_u64(3);
        let mut d = Deck::deal(&mut rng);
        assert_eq!(d.hand(Side::White).len(), 10);
        assert_eq!(d.hand(Side::Black).len(), 10);
        for i in 0..100 {
            let side = if i % 2 == 0 { Side::White } else { Side::Black };
            let c = d.hand(side)[0];
            assert!(d.play(side, c, &mut rng));
            let total = d.hands[0].len() + d.hands[1].len() + d.pile.len() + d.discards.len();
            assert_eq!(total, 40);
            assert_eq!(d.hand(side).len(), 10);
        }
        // A card that is not in the hand is refused and changes nothing.
        let stranger = d.hand(Side::Black)[0];
        let before = d.clone();
        assert!(!d.play(Side::White, stranger, &mut rng));
        assert_eq!(d, before);
    }
}
