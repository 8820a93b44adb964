//! Playing a legal turn: its effects, the end of the turn (W16, W18, W21) and the
//! teleport square that follows a Teleport zap (W6).

use super::*;
use crate::i18n::Msg;

impl WandGame {
    /// Plays a legal turn; `hint` is a teleport square given in advance.
    pub(super) fn apply_turn(
        &mut self,
        turn: Turn,
        hint: Option<Square>,
        rng: &mut GameRng,
    ) -> Played {
        let mover = self.pos.fide.turn;
        let mut played = Played::default();
        let mut new_ep = None;
        let reset;
        match turn {
            Turn::Move(m) => {
                let a = self.pos.apply_move(m);
                reset = a.reset;
                new_ep = a.skipped;
                self.last = vec![m.from(), m.to()];
                played.action = m.long();
            }
            Turn::Double(m1, m2) => {
                (reset, new_ep) = self.apply_double(m1, m2);
                played.action = notation::double_text(m1, m2);
            }
            Turn::Zap { from, to } => match self.apply_zap(from, to, hint, rng, &mut played) {
                Some(r) => reset = r,
                // W6: the zapper chooses the square, still in this turn.
                None => return played,
            },
        }
        if played.printed.is_empty() {
            played.printed = played.action.clone();
        }
        played.events = self.finish_turn(mover, new_ep, reset);
        played
    }

    /// Plays a double move: whether it resets the move count, and the square a pawn
    /// skipped that the opponent may take en passant.
    fn apply_double(&mut self, m1: Move, m2: Move) -> (bool, Option<Square>) {
        let mover = self.pos.fide.turn;
        let a1 = self.pos.apply_move(m1);
        let a2 = self.pos.apply_move(m2);
        // The opponent may take the last double step whose pawn still stands.
        let new_ep = a2.skipped.or(a1.skipped.filter(|s| {
            s.offset(0, mover.forward()).is_some_and(|land| {
                self.pos
                    .unit(land)
                    .is_some_and(|u| u.side == mover && u.role == crate::core::Role::Pawn)
                    && land != m2.to()
                    && m2.from() != land
            })
        }));
        self.last = vec![m1.from(), m1.to(), m2.from(), m2.to()];
        (a1.reset || a2.reset, new_ep)
    }

    /// Plays a zap into `played`: whether it resets the move count, or `None` while
    /// the teleported piece's square is still to be chosen (W6).
    fn apply_zap(
        &mut self,
        from: Square,
        to: Square,
        hint: Option<Square>,
        rng: &mut GameRng,
        played: &mut Played,
    ) -> Option<bool> {
        let mover = self.pos.fide.turn;
        let report = effects::zap(&mut self.pos, from, to, rng);
        self.last = if from == to {
            vec![from]
        } else {
            vec![from, to]
        };
        if report.identified {
            played
                .private
                .push((mover, wand_list(&self.pos, mover, self.mode)));
        }
        let zt = zap_text(from, to);
        played.action = zt.clone();
        let Some(target) = report.teleport else {
            played.printed = format!("{zt} ({})", report.text);
            return Some(report.material);
        };
        if self.king_loss().is_none() {
            let dests = effects::teleport_squares(&self.pos, mover, target);
            match hint.filter(|h| dests.contains(*h)) {
                Some(d) => {
                    effects::teleport(&mut self.pos, target, d);
                    self.last.push(d);
                    played.action = format!("{zt} (teleport {d})");
                    played.printed = played.action.clone();
                }
                None => {
                    self.pending = Some(Pending {
                        zapper: from,
                        target,
                    });
                    played.printed = format!("{zt} (teleport)");
                    return None;
                }
            }
        }
        Some(report.material)
    }

    /// The end of a turn: W16 king loss, W18 checkmate before timers, W21 timers,
    /// then the opponent's situation.
    pub(super) fn finish_turn(
        &mut self,
        mover: Side,
        new_ep: Option<Square>,
        reset: bool,
    ) -> Vec<Msg> {
        let mut events = Vec::new();
        let them = mover.other();
        self.pos.fide.ep = new_ep;
        if reset {
            self.pos.fide.halfmoves = 0;
        } else {
            self.pos.fide.halfmoves += 1;
        }
        if let Some(o) = self.king_loss() {
            events.push(Msg::new("event-outcome").with("outcome", o.msg()));
            self.outcome = Some(o);
            return events;
        }
        let masks = self.pos.masks();
        let mate_now =
            self.pos.single_king_attacked(them, &masks) && !self.pos.has_legal_move(them, &masks);
        if !mate_now {
            let (ticks, removed) = effects::tick(&mut self.pos, mover);
            events.extend(ticks);
            if removed {
                self.pos.fide.halfmoves = 0;
            }
        }
        self.pos.fide.pass_turn(mover);
        if mate_now {
            // W18: checkmate ends the game before the mating side's timers run.
            let o = Outcome::win(mover, crate::i18n::Msg::new("reason-checkmate"));
            events.push(Msg::new("event-checkmate"));
            self.outcome = Some(o);
            return events;
        }
        self.reps.push(self.pos.key());
        self.outcome = self.rules_outcome();
        let masks = self.pos.masks();
        match &self.outcome {
            Some(o) if o.is_by("reason-checkmate") => events.push(Msg::new("event-checkmate")),
            Some(o) => events.push(Msg::new("event-outcome").with("outcome", o.msg())),
            None => {
                if self.pos.single_king_attacked(them, &masks) {
                    events.push(Msg::new("event-check"));
                }
            }
        }
        events
    }

    pub(super) fn answer_teleport(
        &mut self,
        p: Pending,
        typed: &Typed,
    ) -> Result<Played, PlayError> {
        let mover = self.pos.fide.turn;
        let square = typed.teleport.or(match &typed.input {
            Some(Input::Square(s)) => Some(*s),
            Some(Input::Single(MoveSyntax::Move(spec)))
                if spec.role.is_none()
                    && spec.from_file.is_none()
                    && spec.from_rank.is_none()
                    && !spec.capture
                    && spec.promotion.is_none() =>
            {
                Some(spec.to)
            }
            _ => None,
        });
        let Some(sq) = square else {
            return Err(PlayError::Refused(Msg::new("wand-teleport-first")));
        };
        let dests = effects::teleport_squares(&self.pos, mover, p.target);
        if !dests.contains(sq) {
            let key = if self.pos.unit(sq).is_some() {
                "wand-teleport-not-empty"
            } else {
                "wand-teleport-unsafe"
            };
            return Err(PlayError::Refused(
                Msg::new(key).with("square", sq.to_string()),
            ));
        }
        effects::teleport(&mut self.pos, p.target, sq);
        self.pending = None;
        self.last.push(sq);
        let events = self.finish_turn(mover, None, false);
        Ok(Played {
            action: sq.to_string(),
            printed: format!("{} (teleport {sq})", zap_text(p.zapper, p.target)),
            events,
            private: Vec::new(),
        })
    }
}
