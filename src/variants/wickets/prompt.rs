//! The words of each Chess with Wickets question: what to type, with examples taken
//! from the legal answers, the short lists written out, and nothing from a card hand
//! (the prompt is read in the channel).

use super::{label, Method, Step, WicketsGame};
use crate::core::Side;
use crate::i18n::Msg;
use crate::variants::{either, example, Ask, GameRng, Question, Rules};
use rand::SeedableRng;

/// Lists up to this many answers in full; longer lists give a count and an example.
const SHORT: usize = 8;

fn suit_name(suit: char) -> Msg {
    let key = match suit {
        'c' => "wickets-suit-clubs",
        'd' => "wickets-suit-diamonds",
        'h' => "wickets-suit-hearts",
        _ => "wickets-suit-spades",
    };
    Msg::new(key)
}

impl WicketsGame {
    pub(super) fn question_prompt(&self, ask: &Ask) -> Msg {
        let texts = self.legal_texts();
        match ask.question {
            Question::Move => self.move_prompt(ask.side, &texts),
            Question::BallSquare => Msg::new("wickets-prompt-ball").with("choices", either(&texts)),
            Question::NewDefender => {
                let ex = example(&texts).unwrap_or("defender Nf3");
                let names: Vec<String> = texts
                    .iter()
                    .map(|t| t.trim_start_matches("defender ").to_string())
                    .collect();
                if names.len() <= SHORT {
                    Msg::new("wickets-prompt-defender-list")
                        .with("example", ex)
                        .with("names", names.join(", "))
                } else {
                    Msg::new("wickets-prompt-defender")
                        .with("count", names.len().to_string())
                        .with("example", ex)
                }
            }
            Question::Throw => self.throw_prompt(&texts),
            Question::Card => self.card_prompt(ask.side),
            Question::Sacrifice => self.sacrifice_prompt(&texts),
            _ => crate::variants::default_prompt(&ask.question, &texts),
        }
    }

    fn move_prompt(&self, side: Side, texts: &[String]) -> Msg {
        let legal = self.pos.legal_moves();
        let haver = self.pos.ball_haver(side);
        let plain: Vec<String> = legal
            .iter()
            .filter(|m| Some(m.from) != haver)
            .map(|m| m.long())
            .collect();
        let mut s = crate::variants::your_move(example(&plain).or(example(texts)));
        let Some(h) = haver else { return s };
        let Some(man) = self.pos.man(h) else { return s };
        let who = label(man.piece.role, h);
        let mut rng = GameRng::seed_from_u64(0);
        for m in legal.iter().filter(|m| Some(m.from) == haver).take(8) {
            let mut probe = self.clone();
            let moved = m.long();
            if probe.play(side, &moved, &mut rng).is_err() {
                continue;
            }
            if probe.ask().map(|a| a.question) != Some(Question::Throw) {
                continue;
            }
            let targets = probe.legal_texts();
            let Some(to) = targets
                .iter()
                .find(|t| !t.contains('>') && !t.starts_with('w') && *t != "decline")
            else {
                continue;
            };
            s = crate::variants::and_then(
                s,
                Msg::new("wickets-prompt-haver")
                    .with("who", &who)
                    .with("moved", &moved)
                    .with("to", to),
            );
            return s;
        }
        s
    }

    fn throw_prompt(&self, texts: &[String]) -> Msg {
        let throws: Vec<String> = texts.iter().filter(|t| *t != "decline").cloned().collect();
        let relays: Vec<&String> = throws.iter().filter(|t| t.contains('>')).collect();
        let direct: Vec<String> = throws
            .iter()
            .filter(|t| !t.contains('>'))
            .cloned()
            .collect();
        let mut s = if direct.len() <= SHORT {
            Msg::new("wickets-prompt-throw-list").with("choices", either(&direct))
        } else {
            Msg::new("wickets-prompt-throw")
                .with("count", direct.len().to_string())
                .with("example", example(&direct).unwrap_or("decline"))
        };
        if let Some(r) = relays.get(relays.len() / 2) {
            let (via, to) = r.split_once('>').unwrap_or((r.as_str(), ""));
            s = crate::variants::and_then(
                s,
                Msg::new("wickets-prompt-relay")
                    .with("via", via)
                    .with("relay", r)
                    .with("to", to)
                    .with("count", relays.len().to_string()),
            );
        }
        if throws
            .iter()
            .any(|t| t.ends_with("w0") || t.ends_with("w9"))
        {
            s = crate::variants::and_then(s, Msg::new("wickets-prompt-into-wicket"));
        }
        s
    }

    fn card_prompt(&self, side: Side) -> Msg {
        let Some((mover, d)) = self
            .turn
            .as_ref()
            .and_then(|t| t.decision.map(|d| (t.mover, d)))
        else {
            return Question::Card.prompt();
        };
        // Each with and without the bonus of a guarding Defender.
        let pick = |plain: &'static str, guarded: &'static str| {
            if d.seeing {
                guarded
            } else {
                plain
            }
        };
        match d.step {
            Step::Answer(lead) => {
                Msg::new(pick("wickets-card-answer", "wickets-card-answer-guarded"))
                    .with("side", crate::variants::side_msg(mover))
                    .with("card", lead.to_string())
                    .with("suit", suit_name(lead.suit))
            }
            Step::Lead if d.attempt == 2 && side == mover => Msg::new("wickets-card-second-try"),
            Step::Lead => {
                let tie = self
                    .turn
                    .as_ref()
                    .and_then(|t| t.results.last())
                    .is_some_and(|r| r.ends_with("tie"));
                let key = if tie {
                    pick("wickets-card-tie", "wickets-card-tie-guarded")
                } else {
                    pick("wickets-card-lead", "wickets-card-lead-guarded")
                };
                Msg::new(key).with("side", crate::variants::side_msg(mover.other()))
            }
            Step::Sacrifice(_) => Question::Card.prompt(),
        }
    }

    fn sacrifice_prompt(&self, texts: &[String]) -> Msg {
        let Some((mover, n)) = self.turn.as_ref().and_then(|t| match t.decision {
            Some(d) => match d.step {
                Step::Sacrifice(n) => Some((t.mover, n)),
                _ => None,
            },
            None => None,
        }) else {
            return Question::Sacrifice.prompt();
        };
        let pieces: Vec<String> = self
            .pos
            .sacrificeable(mover)
            .into_iter()
            .filter_map(|c| self.pos.man(c).map(|m| label(m.piece.role, c)))
            .collect();
        let what = if self.method == Method::Dice2 {
            Msg::new("wickets-sacrifice-for-roll")
        } else {
            Msg::new("wickets-sacrifice-for-wicket")
        };
        let ex = texts.iter().find(|t| *t != "decline");
        let from = (pieces.len() <= 12).then(|| pieces.join(" "));
        let key = match (n == 1, ex.is_some(), from.is_some()) {
            (true, false, false) => "wickets-prompt-sacrifice-one",
            (true, true, false) => "wickets-prompt-sacrifice-one-example",
            (true, false, true) => "wickets-prompt-sacrifice-one-from",
            (true, true, true) => "wickets-prompt-sacrifice-one-example-from",
            (false, false, false) => "wickets-prompt-sacrifice",
            (false, true, false) => "wickets-prompt-sacrifice-example",
            (false, false, true) => "wickets-prompt-sacrifice-from",
            (false, true, true) => "wickets-prompt-sacrifice-example-from",
        };
        Msg::new(key)
            .with("n", n.to_string())
            .with("what", what)
            .with("example", ex.map_or("", String::as_str))
            .with("from", from.as_deref().unwrap_or(""))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Cell;
    use crate::variants::{Options, PlayError, Presentation};

    const OPEN: &str = "q5k1/7p/8/8/8/8/PPP1R3/3Q2K1 w - - 0 1 -- D=d1,a8 B=e2,g8";
    const GUARDED: &str = "3q2k1/7p/8/8/8/8/PPP1R3/3Q2K1 w - - 0 1 -- D=d1,d8 B=e2,g8";

    fn game(fen: &str) -> WicketsGame {
        WicketsGame::from_fen(fen, &Options::new()).expect("fen")
    }

    fn play(g: &mut WicketsGame, text: &str) -> crate::variants::Played {
        let side = g.ask().expect("live").side;
        g.play(side, text, &mut GameRng::seed_from_u64(3))
            .unwrap_or_else(|e| panic!("`{text}`: {e}"))
    }

    fn prompt(g: &WicketsGame) -> String {
        let ask = g.ask().expect("live");
        g.prompt(&ask).to_string()
    }

    fn refusal(g: &WicketsGame, text: &str) -> String {
        let side = g.ask().expect("live").side;
        match g.clone().play(side, text, &mut GameRng::seed_from_u64(3)) {
            Ok(p) => panic!("`{text}` accepted: {p:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn ball_squares_are_listed() {
        let mut g = game("6k1/8/8/3b4/8/4N3/8/K7 w - - 0 1 -- D=-,- B=a1,d5 dice");
        play(&mut g, "Ne3:d5");
        let p = prompt(&g);
        for sq in ["c4", "c6", "d4", "d6", "e4", "e5", "e6"] {
            assert!(p.contains(&format!("`{sq}`")), "{sq}: {p}");
        }
    }

    #[test]
    fn sacrifices_say_how_many() {
        for (method, n, ex) in [
            ("deterministic", "3 pieces", "`sacrifice "),
            ("deterministic2", "2 pieces", "`sacrifice "),
        ] {
            let mut g = game(&format!("{GUARDED} {method}"));
            play(&mut g, "Re2-e4>w9");
            let p = prompt(&g);
            assert!(p.contains(&format!("sacrifice {n}")), "{p}");
            assert!(p.contains(ex) && p.contains("`decline`"), "{p}");
            // The example is a legal answer with the right count.
            let start = p.find(ex).map(|i| i + 1).expect("example");
            let text = &p[start..start + p[start..].find('`').expect("closing")];
            assert_eq!(
                text.split(' ').count() - 1,
                n[..1].parse::<usize>().expect("n")
            );
            assert!(g.legal_texts().contains(&text.to_string()), "{text}");
        }
        let mut seen = false;
        for seed in 0..40 {
            let mut g = game(&format!("{GUARDED} dice2"));
            let side = Side::White;
            g.play(side, "Re2-e4>w9", &mut GameRng::seed_from_u64(seed))
                .expect("throw");
            if g.ask().map(|a| a.question) == Some(Question::Sacrifice) {
                let p = prompt(&g);
                let roll = Msg::new("wickets-sacrifice-for-roll");
                assert!(p.contains(&format!("sacrifice 1 piece {roll}")), "{p}");
                seen = true;
                break;
            }
        }
        assert!(seen);
    }

    #[test]
    fn cards_name_the_led_card_and_the_second_try() {
        let mut g = game(&format!("{OPEN} cards2"));
        super::super::tests::set_hands(&mut g, &["2c", "3c"], &["9c", "8c"]);
        play(&mut g, "Re2-e4>w9");
        let lead = prompt(&g);
        assert!(
            lead.contains("`card 7c`") && lead.contains("/hand"),
            "{lead}"
        );
        play(&mut g, "card 2c");
        let answer = prompt(&g);
        assert!(answer.contains("answer White's 2c"), "{answer}");
        assert!(answer.contains("clubs"), "{answer}");
        play(&mut g, "card 9c");
        let second = prompt(&g);
        assert!(
            second.contains("second try") && second.contains("`decline`"),
            "{second}"
        );
    }

    // The prompt is public: it must not depend on the cards in a hand.
    #[test]
    fn card_prompts_reveal_no_hand() {
        let mut a = game(&format!("{OPEN} cards"));
        super::super::tests::set_hands(&mut a, &["2c", "3c"], &["9c", "8c"]);
        let mut b = game(&format!("{OPEN} cards"));
        super::super::tests::set_hands(&mut b, &["10h", "4d"], &["1s", "6c"]);
        play(&mut a, "Re2-e4>w9");
        play(&mut b, "Re2-e4>w9");
        assert_eq!(prompt(&a), prompt(&b));
    }

    #[test]
    fn the_throw_prompt_explains_the_castling_relay() {
        let mut g = game("4k3/8/8/8/8/8/8/4K2R w K - 0 1 -- D=-,- B=e1,e8 dice");
        play(&mut g, "O-O");
        let p = prompt(&g);
        assert!(p.contains("castling") && p.contains("`f1>"), "{p}");
        assert!(p.contains("`decline`"), "{p}");
    }

    #[test]
    fn the_move_prompt_shows_a_throw_and_a_decline_in_advance() {
        let g = game("3qk3/7p/8/8/8/8/P7/1N1QK3 w - - 0 1 -- D=d1,d8 B=e1,e8 dice");
        let p = prompt(&g);
        assert!(p.contains(" decline`") && p.contains(">"), "{p}");
    }

    // X-WICKETS-19: a ball-haver's move may decline its throw in advance: one answer,
    // the turn passes, the record prints the move alone.
    #[test]
    fn x_wickets_19_decline_in_advance() {
        let fen = "3qk3/7p/8/8/8/8/P7/1N1QK3 w - - 0 1 -- D=d1,d8 B=e1,e8 dice";
        let mut one = game(fen);
        let p = play(&mut one, "Ke1-f2 decline");
        assert_eq!(p.action, "Ke1-f2 decline");
        assert_eq!(p.printed, "Ke1-f2");
        assert_eq!(one.ask().map(|a| a.side), Some(Side::Black));
        let mut two = game(fen);
        play(&mut two, "Ke1-f2");
        play(&mut two, "decline");
        assert_eq!(one.pos(), two.pos());
        assert_eq!(one.fen(), two.fen());
        let cell = Cell::parse("f2").expect("f2");
        assert!(one.pos().man(cell).is_some_and(|m| m.ball));
        // Not the ball-haver's move, a pick-up, and `decline` alone.
        let g = game(fen);
        assert!(refusal(&g, "Nb1-c3 decline").contains("not your ball-haver's move"));
        let r = refusal(&g, "decline");
        assert!(!r.contains("too many squares"), "{r}");
        assert!(
            r.contains("it is your move") && r.contains(" decline`"),
            "{r}"
        );
        let pick = game("6k1/8/8/8/8/8/8/K3R3 w - - 0 1 -- D=-,- B=@e5,g8 dice");
        assert!(refusal(&pick, "Re1-e5 decline").contains("nothing to decline"));
        assert!(matches!(
            game(fen).play(
                Side::White,
                "Ke1-f2>f3 decline",
                &mut GameRng::seed_from_u64(0)
            ),
            Err(PlayError::Notation(_))
        ));
    }
}
