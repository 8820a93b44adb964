//! How the tree search scores a leaf: the variant's evaluation once the captures are
//! played out for a few plies (a small quiescence search), on a logistic curve; and
//! the material an answer keeps, which decides whether it is sound.

use crate::core::view::Viewer;
use crate::core::Side;
use crate::variants::{count_work, GameRng, Outcome, Rules};

/// Hundredths of a pawn that make a value of about 0.73 (a logistic curve); the
/// review's winning chances use the same scale.
const SCALE: f64 = 250.0;
/// A value for White turned into the value for `side` (the same for White).
pub(crate) fn white_value(v: f64, side: Side) -> f64 {
    match side {
        Side::White => v,
        Side::Black => 1.0 - v,
    }
}

/// White's value of a finished game.
pub(crate) fn outcome_value(o: &Outcome) -> f64 {
    match o {
        Outcome::Win {
            winner: Side::White,
            ..
        } => 1.0,
        Outcome::Win { .. } => 0.0,
        Outcome::Draw { .. } | Outcome::Aborted => 0.5,
    }
}

/// Plies of captures followed beyond a leaf (see [`leaf_value`]).
const CAPTURE_PLIES: u32 = 2;
/// Captures tried at each of those plies, the most valuable victims first.
const CAPTURE_WIDTH: usize = 4;
/// White's value of a state: exact when over, else the evaluation on a logistic curve.
pub(super) fn state_value<R: Rules>(state: &R) -> f64 {
    match state.outcome() {
        Some(o) => outcome_value(&o),
        None => logistic(f64::from(state.evaluate(Side::White))),
    }
}

/// A won game inside the capture search, in hundredths of a pawn.
const WON: i32 = 20_000;

/// The value for `me`, the side asked at `state`, in hundredths of a pawn, once the
/// captures the variant lists ([`Tuning::tactical_candidates`](crate::variants::Tuning::tactical_candidates)) have been played out for
/// a few plies, either side standing pat on the evaluation when it likes that better (a
/// small quiescence search). A piece left en prise is seen here: the opponent takes it.
fn capture_value<R: Rules>(
    state: &R,
    me: Side,
    plies: u32,
    mut alpha: i32,
    beta: i32,
    rng: &mut GameRng,
    eval: fn(&R, Side) -> i32,
) -> i32 {
    if let Some(o) = state.outcome() {
        return match o {
            Outcome::Win { winner, .. } if winner == me => WON,
            Outcome::Win { .. } => -WON,
            Outcome::Draw { .. } | Outcome::Aborted => 0,
        };
    }
    count_work(1);
    let stand = eval(state, me);
    if plies == 0 || stand >= beta {
        return stand;
    }
    alpha = alpha.max(stand);
    let mut best = stand;
    let mut tactical = state.tactical_candidates();
    tactical.sort_by_key(|t| std::cmp::Reverse(t.1));
    for (text, _) in tactical.into_iter().take(CAPTURE_WIDTH) {
        let mut child = state.clone();
        if child.play(me, &text, rng).is_err() {
            continue;
        }
        let next = child.ask().map_or(me.other(), |a| a.side);
        let v = if next == me {
            capture_value(&child, me, plies - 1, alpha, beta, rng, eval)
        } else {
            -capture_value(&child, next, plies - 1, -beta, -alpha, rng, eval)
        };
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Material on the board of `side`'s own view, `side`'s less the opponent's, in
/// hundredths of a pawn (pawn 100 ... queen 900, kings 0).
pub(super) fn material<R: Rules>(state: &R, side: Side) -> i32 {
    state
        .view(Viewer::Player(side))
        .pieces
        .iter()
        .filter(|p| p.cell.square().is_some())
        .map(|p| {
            let v = p.piece.role.value() as i32 * 100;
            if p.piece.side == side {
                v
            } else {
                -v
            }
        })
        .sum()
}

/// `mover`'s material after `child` (an answer of `mover`) once the captures are played
/// out, as in [`leaf_value`] but counting material alone: what [`Tree::sound`] compares.
pub(super) fn material_after<R: Rules>(child: &R, mover: Side, rng: &mut GameRng) -> i32 {
    let Some(ask) = child.ask() else {
        return match child.outcome() {
            Some(Outcome::Win { winner, .. }) if winner == mover => WON,
            Some(Outcome::Win { .. }) => -WON,
            _ => material(child, mover),
        };
    };
    let v = played_out(child, ask.side, rng, material);
    if ask.side == mover {
        v
    } else {
        -v
    }
}

/// White's value of a leaf: [`state_value`] of a finished game, else the evaluation once
/// the captures are played out ([`capture_value`]), on the logistic curve.
pub(super) fn leaf_value<R: Rules>(state: &R, rng: &mut GameRng) -> f64 {
    if state.outcome().is_some() {
        return state_value(state);
    }
    let Some(ask) = state.ask() else {
        return state_value(state);
    };
    let cp = played_out(state, ask.side, rng, R::evaluate);
    let white = match ask.side {
        Side::White => cp,
        Side::Black => -cp,
    };
    logistic(f64::from(white))
}

/// The value for `side`, asked at `state`, once the captures are played out for
/// [`CAPTURE_PLIES`] plies, with `eval` standing pat ([`capture_value`]).
fn played_out<R: Rules>(
    state: &R,
    side: Side,
    rng: &mut GameRng,
    eval: fn(&R, Side) -> i32,
) -> i32 {
    capture_value(state, side, CAPTURE_PLIES, -2 * WON, 2 * WON, rng, eval)
}

/// Hundredths of a pawn for White on the logistic curve: White's value in 0..1.
#[inline]
pub(super) fn logistic(cp: f64) -> f64 {
    1.0 / (1.0 + (-cp / SCALE).exp())
}

/// A value in 0..1 turned back into hundredths of a pawn ([`logistic`]'s inverse),
/// clamped short of the infinities.
#[inline]
pub(super) fn to_centipawns(value: f64) -> f64 {
    let p = value.clamp(1e-9, 1.0 - 1e-9);
    SCALE * (p / (1.0 - p)).ln()
}
