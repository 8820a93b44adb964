//! A turn's effects: balls moved and thrown, dice and decisions, the turn's end.

use super::*;
use crate::i18n::Msg;

impl WicketsGame {
    /// Moves `side`'s ball from the piece on `from` to `to` (a piece or an empty cell).
    pub(super) fn move_ball(&mut self, side: Side, from: Cell, to: Cell) {
        if let Some(m) = self.pos.men.get_mut(from) {
            m.ball = false;
        }
        match self.pos.men.get_mut(to) {
            Some(m) => m.ball = true,
            None => self.pos.lying[side.index()] = Some(to),
        }
    }

    /// A single hop that only the castling partner can reach is the relay.
    pub(super) fn normalize_throw(&self, hops: &[Cell]) -> Vec<Cell> {
        let opts = self.throw_options();
        if hops.len() == 1 && !opts.iter().any(|o| o.as_slice() == hops) {
            if let Some(o) = opts.iter().find(|o| o.len() == 2 && o[1] == hops[0]) {
                return o.clone();
            }
        }
        hops.to_vec()
    }

    pub(super) fn apply_throw(&mut self, hops: &[Cell], rng: &mut GameRng) {
        let Some(t) = &self.turn else { return };
        let mover = t.mover;
        let Some(&haver) = t.throwers.first() else {
            return;
        };
        let mut from = haver;
        for &h in hops {
            self.move_ball(mover, from, h);
            from = h;
        }
        self.last.push(from);
        let hop_text: String = hops.iter().map(|h| format!(">{h}")).collect();
        if let Some(t) = self.turn.as_mut() {
            t.head.push_str(&hop_text);
            t.throwers.clear();
            t.advance_throw.clear();
        }
        if from == Cell::Outer(mover.other()) {
            self.start_decision(rng);
        }
    }

    /// K7-K8: the ball has entered the opponent's wicket.
    pub(super) fn start_decision(&mut self, rng: &mut GameRng) {
        let Some(mover) = self.turn.as_ref().map(|t| t.mover) else {
            return;
        };
        let seeing = self.pos.defender_sees_wicket(mover.other());
        match self.method {
            Method::Deterministic | Method::Deterministic2 => {
                let n = if self.method == Method::Deterministic {
                    3
                } else {
                    2
                };
                if !seeing {
                    let s = self.success();
                    self.push_result(s);
                } else if self.pos.sacrificeable(mover).len() >= n {
                    self.set_decision(Some(Decision {
                        seeing,
                        attempt: 1,
                        step: Step::Sacrifice(n as u8),
                    }));
                } else {
                    self.push_result(format!(
                        "guarded, fewer than {n} pieces to sacrifice: missed"
                    ));
                }
            }
            Method::Dice | Method::Dice2 => {
                self.roll(seeing, 1, rng);
            }
            Method::Cards | Method::Cards2 => self.set_decision(Some(Decision {
                seeing,
                attempt: 1,
                step: Step::Lead,
            })),
        }
    }

    pub(super) fn set_decision(&mut self, d: Option<Decision>) {
        if let Some(t) = self.turn.as_mut() {
            t.decision = d;
        }
    }

    pub(super) fn push_result(&mut self, s: String) {
        if let Some(t) = self.turn.as_mut() {
            t.results.push(s);
        }
    }

    pub(super) fn roll(&mut self, seeing: bool, attempt: u8, rng: &mut GameRng) {
        let Some(mover) = self.turn.as_ref().map(|t| t.mover) else {
            return;
        };
        let r: u8 = rng.gen_range(1..=6);
        let need = if seeing { 5 } else { 3 };
        if r >= need {
            let s = self.success();
            self.push_result(format!("dice {r}, needs {need}+: {s}"));
            self.set_decision(None);
        } else if self.method == Method::Dice2
            && attempt == 1
            && !self.pos.sacrificeable(mover).is_empty()
        {
            self.push_result(format!("dice {r}, needs {need}+: missed"));
            self.set_decision(Some(Decision {
                seeing,
                attempt: 2,
                step: Step::Sacrifice(1),
            }));
        } else {
            self.push_result(format!("dice {r}, needs {need}+: missed"));
            self.set_decision(None);
        }
    }

    /// The wicket is taken: the opponent's Defender leaves the board (K7).
    pub(super) fn success(&mut self) -> String {
        self.set_decision(None);
        let Some(mover) = self.turn.as_ref().map(|t| t.mover) else {
            return String::new();
        };
        let opp = mover.other();
        let Some(d) = self.pos.defender(opp) else {
            return "wicket taken".to_string();
        };
        let Some(m) = self.pos.men.remove(d) else {
            return "wicket taken".to_string();
        };
        self.pos.fide.halfmoves = 0;
        if let Cell::Board(s) = d {
            self.pos.fide.castling.clear(s);
        }
        if m.piece.role == Role::King {
            self.outcome = Some(Outcome::win(
                mover,
                Msg::new("reason-king-defender").with("side", crate::variants::side_msg(opp)),
            ));
        } else if let Some(t) = self.turn.as_mut() {
            t.new_defender = true;
        }
        format!("wicket taken, {} removed", label(m.piece.role, d))
    }

    /// Resolves automatic steps until a question is open or the turn ends.
    pub(super) fn advance(&mut self, played: &mut Played, rng: &mut GameRng) {
        loop {
            if self.outcome.is_some() {
                if let Some(t) = self.turn.take() {
                    self.record = t.record();
                }
                if let Some(o) = &self.outcome {
                    if !played
                        .events
                        .iter()
                        .any(|e| matches!(e.key(), "event-checkmate" | "event-outcome"))
                    {
                        played
                            .events
                            .push(Msg::new("event-outcome").with("outcome", o.msg()));
                    }
                }
                return;
            }
            let Some(t) = self.turn.clone() else { return };
            self.record = t.record();
            if let Some(c) = t.place_ball {
                let opts = self.pos.ball_squares(c);
                match opts.as_slice() {
                    [] => {
                        // Only a mating capture has no square (K5); the game is over.
                        if let Some(t) = self.turn.as_mut() {
                            t.place_ball = None;
                        }
                        continue;
                    }
                    [one] => {
                        self.place_ball(*one);
                        continue;
                    }
                    _ => return,
                }
            }
            if t.new_defender {
                let opp = t.mover.other();
                if self.pos.defender_candidates(opp).is_empty() {
                    self.outcome = Some(Outcome::win(
                        t.mover,
                        Msg::new("reason-no-defender").with("side", crate::variants::side_msg(opp)),
                    ));
                    continue;
                }
                return;
            }
            if !t.throwers.is_empty() {
                let opts = self.throw_options();
                if opts.is_empty() {
                    if let Some(t) = self.turn.as_mut() {
                        t.throwers.clear();
                    }
                    continue;
                }
                if !t.advance_throw.is_empty() {
                    let hops = self.normalize_throw(&t.advance_throw);
                    if opts.contains(&hops) {
                        self.apply_throw(&hops, rng);
                        continue;
                    }
                    // X-WICKETS-3: an advance throw made illegal meanwhile is asked again.
                    if let Some(t) = self.turn.as_mut() {
                        t.advance_throw.clear();
                    }
                }
                return;
            }
            if t.decision.is_some() {
                return;
            }
            self.finish_turn(played);
            return;
        }
    }

    pub(super) fn place_ball(&mut self, c: Cell) {
        let Some(t) = self.turn.as_mut() else { return };
        let owner = t.mover.other();
        t.place_ball = None;
        t.results.push(format!("ball {c}"));
        self.pos.lying[owner.index()] = Some(c);
    }

    /// The end of a turn: the opponent's situation (C1), repetition (C4).
    pub(super) fn finish_turn(&mut self, played: &mut Played) {
        if let Some(t) = self.turn.take() {
            self.record = t.record();
        }
        self.reps.push(self.pos.key());
        self.outcome = self.rules_outcome();
        match &self.outcome {
            Some(o) if o.is_by("reason-checkmate") => {
                played.events.push(Msg::new("event-checkmate"));
            }
            Some(o) => played
                .events
                .push(Msg::new("event-outcome").with("outcome", o.msg())),
            None => {
                if self.pos.in_check(self.pos.fide.turn) {
                    played.events.push(Msg::new("event-check"));
                }
            }
        }
    }
}
