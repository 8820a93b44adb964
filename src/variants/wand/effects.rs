//! What wands do: identification and misfire draws (W3, W4), the twelve effects with
//! immunity (W5-W15), teleport destinations (W6) and the owner's timers (W21).

use super::kind::WandKind;
use super::state::{
    Pos, Unit, WandState, FRESH_SICK, FRESH_SLEEP, FRESH_STONE, FRESH_WAIT, SICK_TURNS,
    SLEEP_TURNS, STONE_TURNS,
};
use crate::core::{Bitboard, Role, Side, Square};
use crate::i18n::Msg;
use crate::variants::GameRng;
use rand::Rng;

/// The result of one zap.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ZapReport {
    /// Outcome in the record's words, without parentheses: `death`, `misfire`,
    /// `polymorph = Queen`, `unknown, no target`.
    pub text: String,
    /// A wand was identified by this zap (the zapper's list changes, W22).
    pub identified: bool,
    /// The target now waits for a teleport destination (W6).
    pub teleport: Option<Square>,
    /// A piece was removed or changed kind (the 50-move count restarts).
    pub material: bool,
}

/// Uniform draw over the 12 kinds (W3).
pub fn draw_kind(rng: &mut GameRng) -> WandKind {
    WandKind::ALL[rng.gen_range(0..12)]
}

/// One chance in three (W4).
pub fn draw_misfire(rng: &mut GameRng) -> bool {
    rng.gen_range(0..3) == 0
}

/// The dice of W11: P 1/2, R N B 1/8 each, K Q 1/16 each.
pub fn draw_polymorph(rng: &mut GameRng) -> Role {
    match rng.gen_range(0..16) {
        0..=7 => Role::Pawn,
        8 | 9 => Role::Rook,
        10 | 11 => Role::Knight,
        12 | 13 => Role::Bishop,
        14 => Role::King,
        _ => Role::Queen,
    }
}

/// The demotion chain of W12; `None` means the piece is removed.
pub fn demoted(role: Role) -> Option<Role> {
    match role {
        Role::King => Some(Role::Queen),
        Role::Queen => Some(Role::Rook),
        Role::Rook => Some(Role::Bishop),
        Role::Bishop => Some(Role::Knight),
        Role::Knight => Some(Role::Pawn),
        Role::Pawn | Role::Wizard => None,
    }
}

/// Zaps the wand of the piece on `from` at `to` (already known to be legal).
pub fn zap(pos: &mut Pos, from: Square, to: Square, rng: &mut GameRng) -> ZapReport {
    let mut report = ZapReport::default();
    pos.mark_acted(from);
    let Some(zapper) = pos.unit(from).copied() else {
        return report;
    };
    let occupied = pos.unit(to).is_some();
    let kind = match zapper.wand {
        WandState::Unknown if !occupied => {
            // W3: a wasted turn; the wand stays unknown.
            report.text = "unknown, no target".to_string();
            return report;
        }
        WandState::Unknown => {
            // W3/W23: identified now, from the secret draw or a fresh roll; no misfire.
            let kind = zapper.secret.unwrap_or_else(|| draw_kind(rng));
            if let Some(u) = pos.unit_mut(from) {
                u.wand = WandState::Identified(kind);
                u.secret = None;
            }
            report.identified = true;
            kind
        }
        WandState::Identified(kind) => {
            if draw_misfire(rng) {
                if let Some(u) = pos.unit_mut(from) {
                    u.wand = WandState::Destroyed;
                }
                report.text = "misfire".to_string();
                return report;
            }
            if !occupied {
                report.text = format!("{}, no target", kind.name());
                return report;
            }
            kind
        }
        WandState::Destroyed => {
            report.text = "no wand".to_string();
            return report;
        }
    };
    report.text = apply_effect(pos, kind, to, rng, &mut report);
    report
}

fn apply_effect(
    pos: &mut Pos,
    kind: WandKind,
    to: Square,
    rng: &mut GameRng,
    report: &mut ZapReport,
) -> String {
    let name = kind.name().to_string();
    let Some(target) = pos.unit(to).copied() else {
        return format!("{name}, no target");
    };
    if target.immune() {
        // W5: identified (above) but no effect on a statue or a protected piece.
        return format!("{name}, no effect");
    }
    match kind {
        WandKind::Teleport => {
            report.teleport = Some(to);
            name
        }
        WandKind::Death => {
            pos.lose_castling(to);
            pos.take(to);
            report.material = true;
            name
        }
        WandKind::Polymorph => {
            let role = draw_polymorph(rng);
            pos.lose_castling(to);
            pos.set_role(to, role);
            report.material = true;
            format!("{name} = {}", role.name())
        }
        WandKind::Demotion => {
            pos.lose_castling(to);
            report.material = true;
            match demoted(target.role) {
                Some(role) => {
                    pos.set_role(to, role);
                    format!("{name} = {}", role.name())
                }
                None => {
                    pos.take(to);
                    format!("{name}, the pawn is removed")
                }
            }
        }
        _ => {
            if let Some(u) = pos.unit_mut(to) {
                mark_unit(u, kind);
            }
            name
        }
    }
}

/// The effects that change the zapped piece's state and nothing else (W7-W15).
fn mark_unit(u: &mut Unit, kind: WandKind) {
    match kind {
        WandKind::Sleep => {
            u.asleep = SLEEP_TURNS;
            u.fresh |= FRESH_SLEEP;
        }
        WandKind::Stoning => {
            u.statue = STONE_TURNS;
            u.fresh |= FRESH_STONE;
        }
        WandKind::Sloth => {
            if u.fast {
                u.fast = false;
            } else if !u.slow {
                // W10: ready at once.
                u.slow = true;
                u.wait = 0;
                u.fresh &= !FRESH_WAIT;
            }
        }
        WandKind::Peace => {
            u.peaceful = true;
        }
        WandKind::Sickness => {
            // W14: a second Sickness does not restart the count.
            if u.sick == 0 {
                u.sick = SICK_TURNS;
                u.fresh |= FRESH_SICK;
            }
        }
        WandKind::Speed => {
            if u.slow {
                u.slow = false;
                u.wait = 0;
            } else {
                u.fast = true;
            }
        }
        WandKind::Protection => {
            u.protected = true;
        }
        WandKind::Healing => {
            u.sick = 0;
            u.slow = false;
            u.wait = 0;
            u.asleep = 0;
            u.peaceful = false;
            u.fresh &= !(FRESH_SICK | FRESH_WAIT | FRESH_SLEEP);
        }
        WandKind::Teleport | WandKind::Death | WandKind::Polymorph | WandKind::Demotion => {}
    }
}

/// Legal teleport destinations (W6) for the piece on `target`, zapped by `zapper`.
pub fn teleport_squares(pos: &Pos, zapper: Side, target: Square) -> Bitboard {
    let empties = !pos.board.occupied();
    if pos.kings(zapper).count() != 1 {
        return empties;
    }
    let safe: Bitboard = empties
        .into_iter()
        .filter(|&d| {
            let mut p = pos.clone();
            teleport(&mut p, target, d);
            !p.single_king_attacked(zapper, &p.masks())
        })
        .collect();
    if safe.is_empty() {
        empties
    } else {
        safe
    }
}

/// Moves the piece on `from` to the empty square `to`, with everything it carries.
pub fn teleport(pos: &mut Pos, from: Square, to: Square) {
    pos.lose_castling(from);
    if let Some(u) = pos.take(from) {
        pos.put(to, u);
    }
}

/// Ticks `side`'s counters after its turn (W21) and returns the bracketed events in
/// the order they happen. Counters set during this turn wait for the next one.
pub fn tick(pos: &mut Pos, side: Side) -> (Vec<Msg>, bool) {
    let mut events = Vec::new();
    let mut removed = false;
    for sq in Square::all() {
        let Some(mut u) = pos.unit(sq).copied() else {
            continue;
        };
        if u.side != side || (u.sick == 0 && u.asleep == 0 && u.statue == 0 && u.wait == 0) {
            continue;
        }
        let label = u.label(sq);
        if u.sick > 0 && u.fresh & FRESH_SICK == 0 {
            u.sick -= 1;
            if u.sick == 0 {
                pos.lose_castling(sq);
                pos.take(sq);
                removed = true;
                events.push(Msg::new("wand-event-sickness").with("label", label.as_str()));
                continue;
            }
        }
        if u.asleep > 0 && u.fresh & FRESH_SLEEP == 0 {
            u.asleep -= 1;
            if u.asleep == 0 {
                events.push(Msg::new("wand-event-sleep").with("label", label.as_str()));
            }
        }
        if u.statue > 0 && u.fresh & FRESH_STONE == 0 {
            u.statue -= 1;
            if u.statue == 0 {
                events.push(Msg::new("wand-event-stoning").with("label", label.as_str()));
            }
        }
        if u.slow && u.wait > 0 && u.fresh & FRESH_WAIT == 0 {
            u.wait -= 1;
            if u.wait == 0 {
                events.push(Msg::new("wand-event-sloth").with("label", label.as_str()));
            }
        }
        if let Some(slot) = pos.unit_mut(sq) {
            *slot = u;
        }
    }
    for u in pos.units.iter_mut().flatten() {
        u.fresh = 0;
    }
    (events, removed)
}
