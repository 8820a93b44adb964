//! The actions a game is made of, and the one rule that turns each into a change of the
//! game: a stored game is its variant, options, seed and actions, and replaying the
//! actions from [`Game::new`] rebuilds it. The store keeps actions as plain data; the
//! service and a replay both apply them through [`Game::apply`].

use super::{Game, Options, Outcome, VariantId};
use crate::core::Side;
use serde::{Deserialize, Serialize};

/// One action of a game, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActionKind {
    /// An accepted answer, as `Played.action`, by the side that gave it.
    Play {
        side: Side,
        text: String,
    },
    Resign {
        side: Side,
    },
    DrawOffer {
        side: Side,
    },
    DrawDecline {
        side: Side,
    },
    /// The offer of `offerer` was accepted.
    DrawAgreed {
        offerer: Side,
    },
    DrawClaim {
        side: Side,
        reason: String,
    },
    Abort {
        side: Side,
    },
    /// `side` claimed the win on time.
    TimeoutClaim {
        side: Side,
    },
    /// A moderator of the place ended the game, with no winner.
    ModeratorAbort {
        /// The moderator's name, as shown then.
        by: String,
    },
    /// `side` asked to take back their last turn.
    TakebackOffer {
        side: Side,
    },
    /// `side` declined the opponent's takeback request.
    TakebackDecline {
        side: Side,
    },
    /// By agreement, `side`'s last turn (its last `answers` answers) is undone: the
    /// game is as if they had not been played ([`effective`]).
    TakebackAgreed {
        side: Side,
        answers: u32,
    },
}

/// The actions that make a game as it stands, with their places in the record: every
/// action but the answers a takeback undid, and the takebacks themselves.
pub fn effective<'a>(
    actions: impl IntoIterator<Item = &'a ActionKind>,
) -> Vec<(usize, &'a ActionKind)> {
    let mut out: Vec<(usize, &ActionKind)> = Vec::new();
    for (i, kind) in actions.into_iter().enumerate() {
        if let ActionKind::TakebackAgreed { answers, .. } = kind {
            for _ in 0..*answers {
                match out
                    .iter()
                    .rposition(|(_, k)| matches!(k, ActionKind::Play { .. }))
                {
                    Some(at) => {
                        out.remove(at);
                    }
                    None => break,
                }
            }
        } else {
            out.push((i, kind));
        }
    }
    out
}

impl Game {
    /// Applies one action, the same way whether it is played now or replayed from a
    /// record. An error leaves the game as it was.
    pub fn apply(&mut self, kind: &ActionKind) -> Result<(), String> {
        match kind {
            ActionKind::Play { side, text } => {
                self.play(*side, text).map_err(|e| e.to_string())?;
            }
            ActionKind::Resign { side } => self.finish(Outcome::win(
                side.other(),
                crate::i18n::Msg::new("reason-resignation"),
            )),
            ActionKind::DrawOffer { .. } | ActionKind::DrawDecline { .. } => {}
            ActionKind::DrawAgreed { .. } => {
                self.finish(Outcome::draw(crate::i18n::Msg::new("reason-agreement")))
            }
            ActionKind::DrawClaim { reason, .. } => {
                self.finish(Outcome::draw(super::reasons::named(reason)))
            }
            ActionKind::Abort { .. } | ActionKind::ModeratorAbort { .. } => {
                self.finish(Outcome::Aborted)
            }
            ActionKind::TimeoutClaim { side } => {
                self.finish(Outcome::win(*side, crate::i18n::Msg::new("reason-timeout")))
            }
            ActionKind::TakebackOffer { .. } | ActionKind::TakebackDecline { .. } => {}
            ActionKind::TakebackAgreed { .. } => {
                return Err("a takeback is applied by replaying the record".to_string())
            }
        }
        Ok(())
    }

    /// Rebuilds a game from its variant, options and seed by applying every action in
    /// order; the error names the first action that does not apply.
    pub fn replay<'a>(
        variant: VariantId,
        options: &Options,
        seed: u64,
        actions: impl IntoIterator<Item = &'a ActionKind>,
    ) -> Result<Game, String> {
        let mut game = Game::new(variant, options, seed).map_err(|e| e.to_string())?;
        for (i, kind) in effective(actions) {
            game.apply(kind)
                .map_err(|e| format!("action {} ({kind:?}): {e}", i + 1))?;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::tests::util::won;

    fn play(side: Side, text: &str) -> ActionKind {
        ActionKind::Play {
            side,
            text: text.to_string(),
        }
    }

    #[test]
    fn replay_applies_moves_and_endings() {
        let actions = [
            play(Side::White, "e2-e4"),
            ActionKind::DrawOffer { side: Side::White },
            play(Side::Black, "e7-e5"),
            ActionKind::Resign { side: Side::White },
        ];
        let game =
            Game::replay(VariantId::Standard, &Options::new(), 1, &actions).expect("replays");
        assert_eq!(game.outcome(), won(Side::Black, "reason-resignation"));
        let bad = [play(Side::White, "e2-e4"), play(Side::White, "d2-d4")];
        let err = Game::replay(VariantId::Standard, &Options::new(), 1, &bad)
            .expect_err("White cannot move twice");
        assert!(err.starts_with("action 2"), "{err}");
    }
}
