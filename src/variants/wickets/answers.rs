//! The answers to each question of a turn: moves, ball squares, Defenders, throws,
//! cards and sacrifices.

use super::*;
use crate::i18n::Msg;

impl WicketsGame {
    /// The wicket rule that keeps a typed move off its destination, in the player's
    /// terms, when one does (a lying ball, a wicket): the reason the rules give, not
    /// only "not legal".
    fn why_not(&self, body: &notation::Body) -> Option<Msg> {
        let notation::Body::Move { role, to, .. } = body else {
            return None;
        };
        let us = self.pos.fide.turn;
        let defender_role = self
            .pos
            .defender(us)
            .and_then(|c| self.pos.man(c))
            .map(|m| m.piece.role);
        let means_defender = role.unwrap_or(Role::Pawn) == defender_role.unwrap_or(Role::King)
            && defender_role.is_some();
        match (self.pos.ball_at(*to), to) {
            (Some(owner), _) if owner != us => Some(
                Msg::new("wickets-why-their-ball")
                    .with("owner", crate::variants::side_msg(owner))
                    .with("to", to.to_string()),
            ),
            (Some(_), _) if means_defender => {
                Some(Msg::new("wickets-why-defender-ball").with("to", to.to_string()))
            }
            (None, crate::core::Cell::Outer(owner)) if *owner == us && !means_defender => {
                Some(Msg::new("wickets-why-own-wicket"))
            }
            (None, crate::core::Cell::Outer(owner)) if *owner != us => {
                Some(Msg::new("wickets-why-their-wicket"))
            }
            _ => None,
        }
    }

    pub(super) fn answer_move(&mut self, text: &str, played: &mut Played) -> Result<(), PlayError> {
        let (typed, mv) = self.typed_move(text)?;
        let mover = self.pos.fide.turn;
        let haver_before = self.pos.ball_haver(mover);
        let throwers = self.throwers_after(&mv, haver_before);
        let effect = self.pos.apply(&mv);
        self.last = vec![mv.from, mv.to];
        if let Some(r) = mv.rook_to() {
            self.last.push(r);
        }
        let mut turn = TurnState {
            mover,
            head: mv.long(),
            results: Vec::new(),
            place_ball: None,
            throwers: if effect.picked_up {
                Vec::new()
            } else {
                throwers
            },
            advance_throw: typed.throw.clone(),
            new_defender: false,
            decision: None,
        };
        if let Some((cell, victim)) = effect.captured {
            turn.place_ball = victim.ball.then_some(cell);
            turn.new_defender = victim.defender;
        }
        check_throw_marks(&typed, &mv, &effect, &mut turn)?;
        played.action = self.move_action(&typed, &mv, &turn)?;
        // K5 and C1: a capture that mates ends the game at once, ball or no ball.
        if self.pos.is_mated(2) {
            self.outcome = Some(Outcome::win(
                mover,
                crate::i18n::Msg::new("reason-checkmate"),
            ));
            self.record = turn.head.clone();
            played.events.push(Msg::new("event-checkmate"));
            return Ok(());
        }
        self.turn = Some(turn);
        if let Some(b) = typed.ball {
            self.place_ball(b);
        }
        self.check_advance_throw(&typed.throw)
    }

    /// The move typed, resolved against the legal moves, with its marks; refused with
    /// the reason when the text is an answer to another question or not legal here.
    fn typed_move(&self, text: &str) -> Result<(notation::MoveText, WMove), PlayError> {
        if is_decline(text) {
            return Err(refuse(self.decline_as_move()));
        }
        // `defender Rh1` typed at a move: a word of another question.
        for word in ["defender", "card", "sacrifice", "ball"] {
            let rest = notation::strip_keyword(text, word);
            if rest.len() < text.trim().len() {
                return Err(refuse(
                    Msg::new("wickets-other-question").with("word", word),
                ));
            }
        }
        let typed = notation::parse_move(text)?;
        // The legal moves that fit what was typed, found without the whole legal list
        // (the same set in the same order): one is the move; otherwise the whole list
        // tells the refusal (the computer player's answers always fit one).
        let fitting: Vec<WMove> = self
            .pos
            .pseudo_moves()
            .into_iter()
            .filter(|m| notation::fits(&typed.body, m) && self.pos.is_legal(m, 2))
            .collect();
        if let [mv] = fitting.as_slice() {
            return Ok((typed, *mv));
        }
        let legal = self.pos.legal_moves();
        let mv = notation::resolve(text, &typed.body, &legal).map_err(|e| {
            match (&e, self.why_not(&typed.body)) {
                (crate::core::notation::NotationError::Illegal { .. }, Some(why)) => refuse(
                    Msg::new("wickets-cannot-be-played")
                        .with("input", crate::core::notation::echo(text))
                        .with("why", why),
                ),
                _ => PlayError::from(e),
            }
        })?;
        Ok((typed, mv))
    }

    /// The canonical action of a move with its advance throw, decline and ball
    /// square, refusing a ball square where no ball is to be placed or out of reach.
    fn move_action(
        &self,
        typed: &notation::MoveText,
        mv: &WMove,
        turn: &TurnState,
    ) -> Result<String, PlayError> {
        let mut action = mv.long();
        if !typed.throw.is_empty() {
            action.extend(typed.throw.iter().map(|h| format!(">{h}")));
        }
        if typed.decline {
            action.push_str(" decline");
        }
        if let Some(b) = typed.ball {
            let Some(c) = turn.place_ball else {
                return Err(refuse(Msg::new("wickets-no-ball-to-place")));
            };
            if !self.pos.ball_squares(c).contains(&b) {
                return Err(refuse(
                    Msg::new("wickets-ball-next-to")
                        .with("c", c.to_string())
                        .with("b", b.to_string()),
                ));
            }
            action.push_str(&format!(" (ball {b})"));
        }
        Ok(action)
    }

    /// An advance throw is checked now unless a ball square is still to be chosen.
    fn check_advance_throw(&self, throw: &[crate::core::Cell]) -> Result<(), PlayError> {
        if throw.is_empty() {
            return Ok(());
        }
        let mut probe = self.clone();
        if let Some(c) = probe.turn.as_ref().and_then(|t| t.place_ball) {
            if let [only] = probe.pos.ball_squares(c).as_slice() {
                probe.place_ball(*only);
            }
        }
        let placed = probe.turn.as_ref().is_some_and(|t| t.place_ball.is_none());
        let hops = probe.normalize_throw(throw);
        if placed && !probe.throw_options().contains(&hops) {
            return Err(throw_refusal(
                throw.last().map_or(String::new(), |c| c.to_string()),
            ));
        }
        Ok(())
    }

    /// Why `decline` alone is not a move, with legal examples of a move and of a
    /// ball-haver's move that keeps the ball (X-WICKETS-19).
    pub(super) fn decline_as_move(&self) -> Msg {
        let legal = self.pos.legal_moves();
        let haver = self.pos.ball_haver(self.pos.fide.turn);
        let plain = legal
            .iter()
            .find(|m| Some(m.from) != haver)
            .or(legal.first())
            .map(|m| m.long());
        let mut s = match plain {
            Some(p) => Msg::new("wickets-decline-as-move-example").with("example", &p),
            None => Msg::new("wickets-decline-as-move"),
        };
        if let Some(h) = legal.iter().find(|m| Some(m.from) == haver) {
            s = Msg::new("wickets-decline-keep-ball")
                .with("refusal", s)
                .with("move", h.long());
        }
        s
    }

    /// K4: who may throw after `mv`: the ball-haver that moved, and after castling
    /// with a ball-haver king or rook, both of them (the ball-haver first).
    pub(super) fn throwers_after(&self, mv: &WMove, haver: Option<Cell>) -> Vec<Cell> {
        let Some(haver) = haver else {
            return Vec::new();
        };
        match mv.kind {
            Kind::Castle { rook } => {
                let (Some(k_to), Some(r_to)) = (Some(mv.to), mv.rook_to()) else {
                    return Vec::new();
                };
                if haver == mv.from {
                    vec![k_to, r_to]
                } else if haver == Cell::Board(rook) {
                    vec![r_to, k_to]
                } else {
                    Vec::new()
                }
            }
            _ if haver == mv.from => vec![mv.to],
            _ => Vec::new(),
        }
    }

    pub(super) fn answer_ball(&mut self, text: &str) -> Result<String, PlayError> {
        let Some(c) = self.turn.as_ref().and_then(|t| t.place_ball) else {
            return Err(refuse(Msg::new("wickets-no-ball-waiting")));
        };
        let t = strip_keyword(text, "ball");
        let b = Cell::parse(t).ok_or_else(|| {
            refuse(
                Msg::new("wickets-answer-ball-square").with(
                    "ball_squares_c_first_map_or_d4_to_string_c_c_to_string",
                    (self
                        .pos
                        .ball_squares(c)
                        .first()
                        .map_or("d4".to_string(), |c| c.to_string()))
                    .to_string(),
                ),
            )
        })?;
        if !self.pos.ball_squares(c).contains(&b) {
            return Err(refuse(
                Msg::new("wickets-ball-next-to")
                    .with("c", c.to_string())
                    .with("b", b.to_string()),
            ));
        }
        self.place_ball(b);
        Ok(b.to_string())
    }

    pub(super) fn answer_defender(&mut self, text: &str) -> Result<String, PlayError> {
        let Some(mover) = self.turn.as_ref().map(|t| t.mover) else {
            return Err(refuse(Msg::new("wickets-no-defender-asked")));
        };
        let side = mover.other();
        let t = strip_keyword(text, "defender");
        // `Nf3`, `nf3` or `f3`: a third character in front names the piece.
        let (role, cell_text) = match t.chars().next() {
            Some(c) if t.len() == 3 && c.is_ascii_alphabetic() => (
                Some(Role::from_letter(c).ok_or_else(|| {
                    refuse(
                        Msg::new("wickets-not-a-piece-letter")
                            .with("echo_c_to_string", echo(&c.to_string()).to_string()),
                    )
                })?),
                &t[1..],
            ),
            _ => (None, t),
        };
        // The examples are the asked player's own choices, never a piece they lack.
        let texts = self.legal_texts();
        let ex = crate::variants::example(&texts).unwrap_or("defender");
        let c = Cell::parse(cell_text.trim())
            .ok_or_else(|| refuse(Msg::new("wickets-name-defender").with("example", ex)))?;
        let Some(m) = self.pos.man(c).filter(|m| m.piece.side == side) else {
            return Err(refuse(
                Msg::new("wickets-no-defender-on")
                    .with("c", c.to_string())
                    .with("example", ex),
            ));
        };
        if role.is_some_and(|r| r != m.piece.role) {
            return Err(refuse(
                Msg::new("wickets-piece-is-not")
                    .with("c", c.to_string())
                    .with(
                        "role_map_or_r_r_name",
                        role.map_or(Msg::text(""), crate::variants::role_msg),
                    ),
            ));
        }
        if m.ball {
            return Err(refuse(Msg::new("wickets-haver-not-defender")));
        }
        if let Some(x) = self.pos.men.get_mut(c) {
            x.defender = true;
        }
        let l = label(m.piece.role, c);
        if let Some(t) = self.turn.as_mut() {
            t.new_defender = false;
            t.results.push(format!("defender {l}"));
        }
        Ok(format!("defender {l}"))
    }

    pub(super) fn answer_throw(
        &mut self,
        text: &str,
        rng: &mut GameRng,
    ) -> Result<String, PlayError> {
        if is_decline(text) {
            if let Some(t) = self.turn.as_mut() {
                t.throwers.clear();
            }
            return Ok("decline".to_string());
        }
        let t = text.trim().trim_start_matches('>');
        let mut hops = Vec::new();
        for h in t.split('>') {
            hops.push(Cell::parse(h.trim()).ok_or_else(|| {
                refuse(Msg::new("wickets-throw-not-square").with("echo_h", echo(h).to_string()))
            })?);
        }
        let hops = self.normalize_throw(&hops);
        if !self.throw_options().contains(&hops) {
            return Err(throw_refusal(
                hops.last().map_or(String::new(), |c| c.to_string()),
            ));
        }
        self.apply_throw(&hops, rng);
        Ok(hops
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(">"))
    }

    pub(super) fn answer_card(
        &mut self,
        side: Side,
        text: &str,
        played: &mut Played,
        rng: &mut GameRng,
    ) -> Result<String, PlayError> {
        let Some(d) = self.turn.as_ref().and_then(|t| t.decision) else {
            return Err(refuse(Msg::new("wickets-no-card-asked")));
        };
        if d.step == Step::Lead && d.attempt == 2 && is_decline(text) {
            self.push_result("no second try".to_string());
            self.set_decision(None);
            return Ok("decline".to_string());
        }
        let t = strip_keyword(text, "card");
        let card = Card::parse(t).ok_or_else(|| refuse(Msg::new("wickets-play-a-card")))?;
        if !self.deck.hand(side).contains(&card) {
            return Err(refuse(
                Msg::new("wickets-not-held").with("card", card.to_string()),
            ));
        }
        if let Step::Answer(lead) = d.step {
            let can_follow = self.deck.hand(side).iter().any(|c| c.suit == lead.suit);
            if can_follow && card.suit != lead.suit {
                return Err(refuse(
                    Msg::new("wickets-follow-suit").with("lead_suit", lead.suit.to_string()),
                ));
            }
        }
        self.deck.play(side, card, rng);
        played.private.push((side, self.deck.hand_text(side)));
        match d.step {
            Step::Lead => self.set_decision(Some(Decision {
                step: Step::Answer(card),
                ..d
            })),
            Step::Answer(lead) => {
                let bonus = if d.seeing { 5 } else { 0 };
                let (a, b) = (2 * lead.rank as u32, 2 * card.rank as u32 + bonus);
                let plus = if d.seeing { "+2.5" } else { "" };
                let shown = format!("cards {lead} vs {card}{plus}");
                if a > b {
                    let s = self.success();
                    self.push_result(format!("{shown}: {s}"));
                } else if a == b {
                    self.push_result(format!("{shown}: tie"));
                    self.set_decision(Some(Decision {
                        step: Step::Lead,
                        ..d
                    }));
                } else if self.method == Method::Cards2 && d.attempt == 1 {
                    self.push_result(format!("{shown}: missed"));
                    self.set_decision(Some(Decision {
                        step: Step::Lead,
                        attempt: 2,
                        ..d
                    }));
                } else {
                    self.push_result(format!("{shown}: missed"));
                    self.set_decision(None);
                }
            }
            Step::Sacrifice(_) => {}
        }
        Ok(format!("card {card}"))
    }

    pub(super) fn answer_sacrifice(
        &mut self,
        text: &str,
        rng: &mut GameRng,
    ) -> Result<String, PlayError> {
        let Some((mover, d)) = self
            .turn
            .as_ref()
            .and_then(|t| t.decision.map(|d| (t.mover, d)))
        else {
            return Err(refuse(Msg::new("wickets-no-sacrifice-asked")));
        };
        let Step::Sacrifice(n) = d.step else {
            return Err(refuse(Msg::new("wickets-no-sacrifice-asked")));
        };
        if is_decline(text) {
            self.push_result("declined: missed".to_string());
            self.set_decision(None);
            return Ok("decline".to_string());
        }
        let t = strip_keyword(text, "sacrifice");
        let allowed = self.pos.sacrificeable(mover);
        let mut cells: Vec<Cell> = Vec::new();
        for w in t.split([' ', ',']).filter(|w| !w.is_empty()) {
            let w = w.trim_start_matches(['P', 'N', 'B', 'R', 'Q', 'K']);
            let c = Cell::parse(w).ok_or_else(|| {
                refuse(Msg::new("wickets-sacrifice-not-square").with("echo_w", echo(w).to_string()))
            })?;
            if !allowed.contains(&c) {
                return Err(refuse(
                    Msg::new("wickets-not-sacrificable").with("c", c.to_string()),
                ));
            }
            if cells.contains(&c) {
                return Err(refuse(
                    Msg::new("wickets-named-twice").with("c", c.to_string()),
                ));
            }
            cells.push(c);
        }
        if cells.len() != n as usize {
            return Err(refuse(
                Msg::new("wickets-name-exactly").with("n", n.to_string()),
            ));
        }
        cells.sort();
        let mut labels = Vec::new();
        for c in &cells {
            if let Some(m) = self.pos.men.remove(*c) {
                labels.push(label(m.piece.role, *c));
                if m.ball {
                    self.pos.lying[mover.index()] = None;
                }
            }
            if let Cell::Board(s) = c {
                self.pos.fide.castling.clear(*s);
            }
        }
        self.pos.fide.halfmoves = 0;
        let sac = format!("sacrifice {}", labels.join(" "));
        if self.method == Method::Dice2 {
            self.push_result(sac);
            // X-WICKETS-18: the second roll is a new decision; the sacrifice may have
            // opened or closed the Defender's view of its wicket.
            let seeing = self.pos.defender_sees_wicket(mover.other());
            self.roll(seeing, 2, rng);
        } else {
            let s = self.success();
            self.push_result(format!("{sac}: {s}"));
        }
        Ok(format!(
            "sacrifice {}",
            cells
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ))
    }
}

/// K4 in one line, for a throw that is not allowed.
pub(super) fn throw_refusal(to: String) -> PlayError {
    refuse(Msg::new("wickets-throw-line").with("to", to.to_string()))
}

/// A throw or a decline typed with a move that leaves nobody to throw is refused; a
/// typed decline clears the throw so it will not be asked (X-WICKETS-19).
fn check_throw_marks(
    typed: &notation::MoveText,
    mv: &WMove,
    effect: &position::Effect,
    turn: &mut TurnState,
) -> Result<(), PlayError> {
    if !typed.throw.is_empty() && turn.throwers.is_empty() {
        return Err(refuse(if effect.picked_up {
            Msg::new("wickets-picked-up-no-throw")
        } else {
            Msg::new("wickets-only-haver-throws")
        }));
    }
    if typed.decline {
        if turn.throwers.is_empty() {
            return Err(refuse(if effect.picked_up {
                Msg::new("wickets-nothing-to-decline")
            } else {
                Msg::new("wickets-decline-not-haver").with("move", mv.long())
            }));
        }
        turn.throwers.clear();
    }
    Ok(())
}
