//! The play phase: a turn's 0-2 actions, each matched against the legal ones, and
//! why an action was refused.

use super::*;
use crate::i18n::Msg;

impl Walls {
    pub(super) fn play_turn(&mut self, typed: &[Typed]) -> Result<Played, PlayError> {
        let mover = self.pos.turn;
        let items: Vec<&Typed> = typed.iter().filter(|t| t.token != Token::Pass).collect();
        if items.len() != typed.len() && typed.len() > 1 {
            return Err(PlayError::Refused(Msg::new("walls-pass-alone")));
        }
        if items.len() > 2 {
            return Err(PlayError::Refused(
                Msg::new("walls-two-actions").with("count", items.len().to_string()),
            ));
        }
        let mut used = Used::default();
        let mut actions = Vec::new();
        let mut printed = Vec::new();
        let mut events = Vec::new();
        let mut last = Vec::new();
        for (i, t) in items.iter().enumerate() {
            if self.pos.winner().is_some() {
                // Z4: the game ended with the first action; the second is not played.
                events.push(Msg::new("walls-over-not-played").with("input", echo(&t.raw)));
                break;
            }
            let action = self.resolve_nth(&used, t, i, items.len())?;
            let effect = self.pos.apply(&mut used, action);
            actions.push(action.text());
            printed.push(self.printed_action(action, &effect, &mut events));
            last.extend(action.squares());
        }
        self.pos.turn = mover.other();
        self.last = last;
        if let Some(o) = self.outcome() {
            events.push(Msg::new("event-outcome").with("outcome", o.msg()));
        } else {
            self.reps.push(self.pos.key());
        }
        let action = if actions.is_empty() {
            "pass".to_string()
        } else {
            actions.join(" ")
        };
        Ok(Played {
            action,
            printed: if printed.is_empty() {
                "pass".to_string()
            } else {
                // A comma between a turn's two actions keeps a move list readable
                // (`4. Rh6-e6, Bc1-b2 Be3-f2, Nc7-a8`); NOTATION.md reads it too.
                printed.join(", ")
            },
            events,
            private: Vec::new(),
        })
    }

    /// The `i`th of a turn's `count` typed actions, matched against the legal ones;
    /// a refusal says which of the two it was.
    fn resolve_nth(
        &self,
        used: &Used,
        t: &Typed,
        i: usize,
        count: usize,
    ) -> Result<Action, PlayError> {
        let legal = self.pos.legal_actions(used);
        match self.resolve(used, t, &legal) {
            Ok(a) => Ok(a),
            Err(Refusal::Notation(e)) => Err(e.into()),
            Err(Refusal::Reason(why)) => {
                let key = match (count, i) {
                    (1, _) => "walls-not-legal",
                    (_, 0) => "walls-first-not-legal",
                    _ => "walls-second-not-legal",
                };
                let line = Msg::new(key).with("input", echo(&t.raw)).with("why", why);
                Err(PlayError::Refused(line))
            }
        }
    }

    /// The record's text of a played action with what it did in parentheses
    /// (`Bc1-b2 (kills black Nb2)`); a destroyed wizard is also an event.
    fn printed_action(
        &self,
        action: Action,
        effect: &position::Effect,
        events: &mut Vec<Msg>,
    ) -> String {
        let mut text = action.text();
        let mut notes = Vec::new();
        if let Some((sq, victim)) = effect.killed {
            let scorer = victim.side.other();
            notes.push(format!(
                "kills {} {}{sq}",
                victim.side.name().to_lowercase(),
                victim.role.letter()
            ));
            let points = self.pos.points[scorer.index()];
            events.push(
                Msg::new(if points == 1 {
                    "walls-event-destroyed-one"
                } else {
                    "walls-event-destroyed"
                })
                .with("side", crate::variants::side_msg(victim.side))
                .with("role", crate::variants::role_msg(victim.role))
                .with("sq", sq.to_string())
                .with("scorer", crate::variants::side_msg(scorer))
                .with("points", points.to_string()),
            );
        }
        if effect.wall_to_hand {
            notes.push(Msg::new("note-wall-to-hand").to_string());
        }
        if !notes.is_empty() {
            text.push_str(&format!(" ({})", notes.join(", ")));
        }
        text
    }

    /// Matches one typed action against the legal ones.
    pub(super) fn resolve(
        &self,
        used: &Used,
        t: &Typed,
        legal: &[Action],
    ) -> Result<Action, Refusal> {
        let pick = |found: Vec<Action>, otherwise: Option<Msg>| match found.as_slice() {
            [one] => Ok(*one),
            [] => Err(match otherwise {
                Some(why) => Refusal::Reason(why),
                None => Refusal::Notation(NotationError::Illegal {
                    input: echo(&t.raw),
                    suggestions: suggestions(&t.raw, legal.iter().map(Action::text)),
                }),
            }),
            many => Err(Refusal::Notation(NotationError::Ambiguous {
                input: echo(&t.raw),
                candidates: many.iter().map(Action::text).collect(),
            })),
        };
        match t.token {
            Token::Pass => Err(Refusal::Reason(Msg::new("walls-why-pass-alone"))),
            Token::Wall(_) => Err(Refusal::Reason(Msg::new("walls-why-setup-only"))),
            Token::Move(syntax) => {
                let moves: Vec<WizardMove> = legal
                    .iter()
                    .filter_map(|a| match *a {
                        Action::Move { role, from, to } => Some(WizardMove { role, from, to }),
                        _ => None,
                    })
                    .collect();
                match resolve_syntax(&t.raw, &syntax, &moves) {
                    Ok(m) => Ok(Action::Move {
                        role: m.role,
                        from: m.from,
                        to: m.to,
                    }),
                    Err(NotationError::Illegal { .. }) => {
                        pick(Vec::new(), self.move_refusal(used, &syntax))
                    }
                    Err(e) => Err(Refusal::Notation(e)),
                }
            }
            Token::Conjure(spec, at) | Token::Destroy(spec, at) => {
                let conjure = matches!(t.token, Token::Conjure(..));
                let found: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| match *a {
                        Action::Conjure { role, by, at: x } if conjure => {
                            x == at && spec_fits(spec, role, by)
                        }
                        Action::Destroy { role, by, at: x } if !conjure => {
                            x == at && spec_fits(spec, role, by)
                        }
                        _ => false,
                    })
                    .collect();
                let why = self.cast_refusal(used, spec, at, conjure);
                pick(found, Some(why))
            }
            Token::Place(role, at) => {
                let found: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| *a == Action::Resurrect { role, at })
                    .collect();
                let why = self.resurrect_refusal(used, role, at);
                pick(found, Some(why))
            }
        }
    }

    pub(super) fn move_refusal(&self, used: &Used, syntax: &MoveSyntax) -> Option<Msg> {
        let MoveSyntax::Move(spec) = syntax else {
            return Some(Msg::new("walls-why-no-castling"));
        };
        let us = self.pos.turn;
        let to = spec.to;
        let occupied = |why: &mut Option<Msg>| {
            if self.pos.walls.contains(to) {
                *why = Some(Msg::new("walls-why-holds-wall").with("sq", to.to_string()));
            } else if self.pos.board.piece_at(to).is_some() {
                *why = Some(Msg::new("walls-why-occupied").with("sq", to.to_string()));
            }
        };
        if let Some(from) = spec.from_square() {
            let Some(p) = self.pos.board.piece_at(from).filter(|p| p.side == us) else {
                return Some(Msg::new("walls-why-no-wizard-on").with("sq", from.to_string()));
            };
            if let Some(r) = spec.role.filter(|r| *r != p.role) {
                return Some(is_a_not_a(from, p.role, r));
            }
            if used.moved.contains(from) {
                return Some(already_moved(p.role, from));
            }
            let mut why = None;
            occupied(&mut why);
            return why.or_else(|| {
                Some(
                    Msg::new("walls-why-cannot-reach")
                        .with("role", crate::variants::role_word(p.role))
                        .with("from", from.to_string())
                        .with("to", to.to_string()),
                )
            });
        }
        let mut why = None;
        occupied(&mut why);
        if why.is_some() {
            return why;
        }
        let role = spec.role.unwrap_or(Role::Pawn);
        let could: Vec<Square> = self
            .pos
            .board
            .pieces(us, role)
            .filter(|f| {
                spec.from_file.is_none_or(|x| x == f.file())
                    && spec.from_rank.is_none_or(|x| x == f.rank())
                    && self.pos.move_targets(role, *f).contains(to)
            })
            .collect();
        match could.as_slice() {
            [] => None,
            [f, ..] => Some(already_moved(role, *f)),
        }
    }

    pub(super) fn cast_refusal(&self, used: &Used, spec: Spec, at: Square, conjure: bool) -> Msg {
        let us = self.pos.turn;
        let pawns = if conjure {
            "walls-why-pawns-conjure"
        } else {
            "walls-why-pawns-destroy"
        };
        let flags = if conjure {
            used.conjured
        } else {
            used.destroyed
        };
        if conjure && self.pos.hand[us.index()] == 0 {
            return Msg::new("walls-why-no-walls-in-hand");
        }
        let casters: Vec<(Square, Role)> = match spec.from {
            Some(from) => {
                let Some(p) = self.pos.board.piece_at(from).filter(|p| p.side == us) else {
                    return Msg::new("walls-why-no-wizard-on").with("sq", from.to_string());
                };
                if let Some(r) = spec.role.filter(|r| *r != p.role) {
                    return is_a_not_a(from, p.role, r);
                }
                if p.role == Role::Pawn {
                    return Msg::new(pawns);
                }
                if from.distance(at) != 1 {
                    return Msg::new("walls-why-not-next-to")
                        .with("at", at.to_string())
                        .with("role", crate::variants::role_word(p.role))
                        .with("from", from.to_string());
                }
                vec![(from, p.role)]
            }
            None => {
                let near: Vec<(Square, Role)> = (king_attacks(at) & self.pos.board.by_side(us))
                    .filter_map(|s| self.pos.board.role_at(s).map(|r| (s, r)))
                    .filter(|(_, r)| spec.role.is_none_or(|x| x == *r))
                    .collect();
                if near.is_empty() {
                    return Msg::new("walls-why-none-next-to").with("at", at.to_string());
                }
                if near.iter().all(|(_, r)| *r == Role::Pawn) {
                    return Msg::new(pawns);
                }
                near.into_iter().filter(|(_, r)| *r != Role::Pawn).collect()
            }
        };
        if conjure && self.pos.walls.contains(at) {
            return Msg::new("walls-why-already-holds-wall").with("at", at.to_string());
        }
        if !conjure && !self.pos.walls.contains(at) {
            return Msg::new("walls-why-no-wall-on").with("at", at.to_string());
        }
        match casters.iter().find(|(s, _)| flags.contains(*s)) {
            Some((s, r)) => Msg::new(if conjure {
                "walls-why-already-conjured"
            } else {
                "walls-why-already-destroyed"
            })
            .with("role", crate::variants::role_word(*r))
            .with("sq", s.to_string()),
            None if conjure => Msg::new("walls-why-no-conjure-that-way").with("at", at.to_string()),
            None => Msg::new("walls-why-no-destroy-that-way").with("at", at.to_string()),
        }
    }

    pub(super) fn resurrect_refusal(&self, used: &Used, role: Role, at: Square) -> Msg {
        let us = self.pos.turn;
        if used.resurrected {
            return Msg::new("walls-why-one-resurrection");
        }
        if !self.pos.dead[us.index()].contains(&role) {
            return Msg::new("walls-why-none-to-resurrect")
                .with("role", crate::variants::role_word(role));
        }
        if !self.pos.resurrect_squares(us).contains(at) {
            return Msg::new("walls-why-not-next-to-two").with("at", at.to_string());
        }
        Msg::new("walls-why-cannot-resurrect-on")
            .with("role", crate::variants::role_word(role))
            .with("at", at.to_string())
    }
}

/// Why a named wizard is not the one on its square.
fn is_a_not_a(from: Square, is: Role, named: Role) -> Msg {
    Msg::new("walls-why-is-a-not-a")
        .with("sq", from.to_string())
        .with("role", crate::variants::role_word(is))
        .with("named", crate::variants::role_word(named))
}

/// Why a wizard that moved this turn cannot move again.
fn already_moved(role: Role, from: Square) -> Msg {
    Msg::new("walls-why-already-moved")
        .with("role", crate::variants::role_word(role))
        .with("sq", from.to_string())
}

pub(super) fn spec_fits(spec: Spec, role: Role, by: Square) -> bool {
    spec.role.is_none_or(|r| r == role) && spec.from.is_none_or(|f| f == by)
}
