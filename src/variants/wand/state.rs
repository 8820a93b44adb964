//! Wand Chess position: pieces that carry their wand and statuses with them, the
//! board they stand on, and the FEN extension that writes the whole state.

use super::kind::WandKind;
use crate::core::bitboard::Bitboard;
use crate::core::chess::{mix_key, Position};
use crate::core::{Board, Piece, Role, Side, Square};
use crate::i18n::Msg;
use crate::variants::fide::FideState;
use serde::{Deserialize, Serialize};

/// What a piece knows of its wand (W1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WandState {
    Unknown,
    Identified(WandKind),
    Destroyed,
}

/// The `wands` option (W22-W23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WandMode {
    /// Kinds drawn at the first identifying zap (W3).
    Rolled,
    /// Kinds drawn at the start, each known only to its owner until zapped (W23).
    Moderated,
}

impl WandMode {
    pub fn name(self) -> &'static str {
        match self {
            WandMode::Rolled => "rolled",
            WandMode::Moderated => "moderated",
        }
    }

    pub fn parse(text: &str) -> Option<WandMode> {
        match text {
            "rolled" => Some(WandMode::Rolled),
            "moderated" => Some(WandMode::Moderated),
            _ => None,
        }
    }
}

/// Bits of [`Unit::fresh`]: counters set during the current turn, which must not tick
/// at its end (W21).
pub const FRESH_SLEEP: u8 = 1;
pub const FRESH_STONE: u8 = 2;
pub const FRESH_WAIT: u8 = 4;
pub const FRESH_SICK: u8 = 8;

pub const SLEEP_TURNS: u8 = 5;
pub const STONE_TURNS: u8 = 10;
pub const SLOTH_WAIT: u8 = 3;
pub const SICK_TURNS: u8 = 3;

/// One piece with everything that travels with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unit {
    pub side: Side,
    pub role: Role,
    pub wand: WandState,
    /// The kind of a still unknown wand in the moderated option; never shown to the
    /// opponent until it is identified.
    pub secret: Option<WandKind>,
    /// Owner's turns left asleep (0 = awake).
    pub asleep: u8,
    /// Owner's turns left as a statue (0 = not a statue).
    pub statue: u8,
    pub slow: bool,
    /// Owner's turns a slow piece must still sit out.
    pub wait: u8,
    /// Owner's turns left before death by sickness (0 = healthy).
    pub sick: u8,
    pub peaceful: bool,
    pub fast: bool,
    pub protected: bool,
    pub fresh: u8,
}

impl Unit {
    pub fn new(side: Side, role: Role) -> Unit {
        Unit {
            side,
            role,
            wand: WandState::Unknown,
            secret: None,
            asleep: 0,
            statue: 0,
            slow: false,
            wait: 0,
            sick: 0,
            peaceful: false,
            fast: false,
            protected: false,
            fresh: 0,
        }
    }

    pub fn piece(&self) -> Piece {
        Piece::new(self.side, self.role)
    }

    /// Ready to move or zap: not asleep, not a statue, not slow and waiting (W2, W17).
    pub fn can_act(&self) -> bool {
        self.asleep == 0 && self.statue == 0 && !(self.slow && self.wait > 0)
    }

    /// Gives check and attacks squares (W17).
    pub fn attacks(&self) -> bool {
        self.can_act() && !self.peaceful
    }

    /// Immune to wands (W5, W9, W15).
    pub fn immune(&self) -> bool {
        self.statue > 0 || self.protected
    }

    pub fn can_zap(&self) -> bool {
        self.can_act() && self.wand != WandState::Destroyed
    }

    /// `Qd3`, `Pe4`: the piece as named in bracketed events.
    pub fn label(&self, sq: Square) -> String {
        format!("{}{}", self.role.letter(), sq)
    }

    /// The kind this wand will turn out to be, if already fixed (identified or secret).
    pub fn known_kind(&self) -> Option<WandKind> {
        match self.wand {
            WandState::Identified(k) => Some(k),
            WandState::Unknown => self.secret,
            WandState::Destroyed => None,
        }
    }

    fn key(&self) -> u64 {
        let wand = match self.wand {
            WandState::Unknown => 0u64,
            WandState::Identified(k) => 1 + kind_index(k) as u64,
            WandState::Destroyed => 13,
        };
        let secret = self.secret.map_or(0, |k| 1 + kind_index(k) as u64);
        let flags = u64::from(self.slow)
            | u64::from(self.peaceful) << 1
            | u64::from(self.fast) << 2
            | u64::from(self.protected) << 3;
        (self.side as u64)
            | (self.role as u64) << 1
            | wand << 4
            | secret << 8
            | u64::from(self.asleep) << 12
            | u64::from(self.statue) << 16
            | u64::from(self.wait) << 20
            | u64::from(self.sick) << 24
            | flags << 28
    }
}

pub fn kind_index(k: WandKind) -> usize {
    WandKind::ALL.iter().position(|x| *x == k).unwrap_or(0)
}

pub fn kind_from_name(name: &str) -> Option<WandKind> {
    WandKind::ALL
        .into_iter()
        .find(|k| k.name() == name.to_ascii_lowercase())
}

/// Bitboards derived from the units, recomputed when needed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Masks {
    /// Pieces that give check and attack (W17), per side.
    pub armed: [Bitboard; 2],
    /// Pieces able to move or zap.
    pub active: Bitboard,
    pub fast: Bitboard,
    pub statue: Bitboard,
    pub peaceful: Bitboard,
}

mod units_serde {
    use super::Unit;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(units: &[Option<Unit>; 64], s: S) -> Result<S::Ok, S::Error> {
        units.as_slice().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Option<Unit>; 64], D::Error> {
        let v: Vec<Option<Unit>> = Vec::deserialize(d)?;
        v.try_into()
            .map_err(|_| serde::de::Error::custom("a Wand Chess board needs 64 squares"))
    }
}

/// The position: placement with per-piece state, side to move, castling, en passant
/// and the move counters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pos {
    pub board: Board,
    #[serde(with = "units_serde")]
    pub units: [Option<Unit>; 64],
    /// The side to move, castling, en passant and the counters, written flat.
    #[serde(flatten)]
    pub fide: FideState,
}

impl Pos {
    pub fn start() -> Pos {
        let p = Position::new();
        Pos::from_position(&p)
    }

    pub fn from_position(p: &Position) -> Pos {
        let mut units = [None; 64];
        for (sq, piece) in p.board().iter() {
            units[sq.index()] = Some(Unit::new(piece.side, piece.role));
        }
        Pos {
            board: *p.board(),
            units,
            fide: FideState::of(p),
        }
    }

    #[inline]
    pub fn unit(&self, sq: Square) -> Option<&Unit> {
        self.units[sq.index()].as_ref()
    }

    #[inline]
    pub fn unit_mut(&mut self, sq: Square) -> Option<&mut Unit> {
        self.units[sq.index()].as_mut()
    }

    pub fn put(&mut self, sq: Square, unit: Unit) {
        self.board.put(sq, unit.piece());
        self.units[sq.index()] = Some(unit);
    }

    pub fn take(&mut self, sq: Square) -> Option<Unit> {
        let u = self.units[sq.index()].take()?;
        self.board.remove_known(sq, u.piece());
        Some(u)
    }

    pub fn set_role(&mut self, sq: Square, role: Role) {
        if let Some(mut u) = self.take(sq) {
            u.role = role;
            self.put(sq, u);
        }
    }

    /// Forgets castling rights tied to the piece on `sq` before it is changed, moved or
    /// removed by a wand (W11: a polymorphed piece loses any castling right).
    pub fn lose_castling(&mut self, sq: Square) {
        let king = self
            .unit(sq)
            .filter(|u| u.role == Role::King)
            .map(|u| u.side);
        self.fide.lose_castling(king, &[sq]);
    }

    pub fn kings(&self, side: Side) -> Bitboard {
        self.board.pieces(side, Role::King)
    }

    pub fn masks(&self) -> Masks {
        let mut m = Masks::default();
        for sq in self.board.occupied() {
            if let Some(u) = self.unit(sq) {
                if u.attacks() {
                    m.armed[u.side.index()].set(sq);
                }
                if u.can_act() {
                    m.active.set(sq);
                }
                if u.fast {
                    m.fast.set(sq);
                }
                if u.statue > 0 {
                    m.statue.set(sq);
                }
                if u.peaceful {
                    m.peaceful.set(sq);
                }
            }
        }
        m
    }

    /// Whether `side` has exactly one king and it stands attacked by a ready, armed
    /// enemy piece (W16-W18). A statue king is never attacked (W9).
    pub fn single_king_attacked(&self, side: Side, masks: &Masks) -> bool {
        king_exposed(&self.board, side, masks)
    }

    /// Any wand on the board that could still be zapped some day (W24).
    pub fn any_wand_left(&self) -> bool {
        self.units
            .iter()
            .flatten()
            .any(|u| u.wand != WandState::Destroyed)
    }

    /// Repetition key (C4): placement, side to move, rights and every piece state.
    pub fn key(&self) -> u64 {
        let mut h = mix_key(0, self.fide.turn as u64 + 1);
        h = mix_key(h, self.fide.castling.0);
        if let Some(ep) = self.capturable_ep() {
            h = mix_key(h, 100 + ep.index() as u64);
        }
        for sq in self.board.occupied() {
            if let Some(u) = self.unit(sq) {
                h = mix_key(h, (sq.index() as u64) << 40 ^ u.key());
            }
        }
        h
    }

    /// The en-passant square only if a ready pawn of the side to move could take there.
    pub fn capturable_ep(&self) -> Option<Square> {
        let ep = self.fide.ep?;
        let us = self.fide.turn;
        let victim = ep.offset(0, -us.forward())?;
        let ok_victim = self
            .unit(victim)
            .is_some_and(|u| u.side != us && u.role == Role::Pawn && u.statue == 0);
        let takers =
            crate::core::bitboard::pawn_attacks(us.other(), ep) & self.board.pieces(us, Role::Pawn);
        let ready = Iterator::any(&mut takers.into_iter(), |sq| {
            self.unit(sq).is_some_and(|u| u.can_act() && !u.peaceful)
        });
        (ok_victim && ready).then_some(ep)
    }

    /// Plain-chess view of the placement, for FIDE's material rules.
    pub fn as_position(&self) -> Position {
        let mut p = Position::new();
        *p.board_mut() = self.board;
        p.set_turn(self.fide.turn);
        p.set_castling_rooks(Bitboard::EMPTY);
        p.set_ep_square(None);
        p
    }

    // ---- FEN extension (docs/fen-wand.md) ----

    /// Writes the six FEN fields, the mode and the unit field.
    pub fn fen(&self, mode: WandMode) -> String {
        let castling = crate::core::chess::castling_field(self.fide.castling);
        let ep = self.fide.ep.map_or("-".to_string(), |s| s.to_string());
        let mut units = Vec::new();
        for sq in Square::all() {
            if let Some(u) = self.unit(sq) {
                let tokens = unit_tokens(u);
                if !tokens.is_empty() {
                    units.push(format!("{sq}:{}", tokens.join(",")));
                }
            }
        }
        let units = if units.is_empty() {
            "-".to_string()
        } else {
            units.join(";")
        };
        format!(
            "{} {} {} {} {} {} {} {}",
            self.board.board_fen(),
            self.fide.turn.char(),
            castling,
            ep,
            self.fide.halfmoves,
            self.fide.fullmoves,
            mode.name(),
            units
        )
    }

    /// Reads the six FEN fields plus the unit field (mode is read by the caller).
    pub fn from_fen_parts(six: &str, units: Option<&str>, mode: WandMode) -> Result<Pos, String> {
        let p = Position::from_fen_unvalidated(six).map_err(|e| e.to_string())?;
        if p.board().by_role(Role::Wizard).any() {
            return Err("invalid FEN: Wand Chess has no Wizard".into());
        }
        let mut pos = Pos::from_position(&p);
        for side in Side::BOTH {
            if pos.kings(side).is_empty() {
                return Err(format!("invalid FEN: {side} has no king"));
            }
        }
        if let Some(text) = units.filter(|t| *t != "-") {
            for entry in text.split(';').filter(|e| !e.is_empty()) {
                let (sq_text, toks) = entry.split_once(':').ok_or_else(|| {
                    format!("invalid FEN: piece state `{entry}` should look like e4:fast")
                })?;
                let sq =
                    Square::parse(sq_text).ok_or_else(|| crate::variants::fen_square(sq_text))?;
                let unit = pos
                    .unit_mut(sq)
                    .ok_or_else(|| format!("invalid FEN: state given for the empty square {sq}"))?;
                for tok in toks.split(',') {
                    apply_token(unit, tok).map_err(|e| format!("invalid FEN: {sq}: {e}"))?;
                }
            }
        }
        for sq in Square::all() {
            if let Some(u) = pos.unit(sq) {
                match mode {
                    WandMode::Moderated if u.wand == WandState::Unknown && u.secret.is_none() => {
                        return Err(format!(
                            "invalid FEN: moderated wands need the secret kind of every unknown wand ({sq} has none)"
                        ))
                    }
                    WandMode::Rolled if u.secret.is_some() => {
                        return Err(format!("invalid FEN: secret kinds ({sq}) exist only with moderated wands"))
                    }
                    _ => {}
                }
                if u.secret.is_some() && u.wand != WandState::Unknown {
                    return Err(format!(
                        "invalid FEN: {sq} has a secret kind but its wand is not unknown"
                    ));
                }
                if u.slow && u.fast {
                    return Err(format!("invalid FEN: {sq} cannot be both slow and fast"));
                }
            }
        }
        Ok(pos)
    }
}

/// Whether `side` has exactly one king, not a statue, attacked by an armed enemy.
pub fn king_exposed(board: &Board, side: Side, masks: &Masks) -> bool {
    let Some(k) = board.pieces(side, Role::King).single() else {
        return false;
    };
    if masks.statue.contains(k) {
        return false;
    }
    (board.attackers(k, side.other(), board.occupied()) & masks.armed[side.other().index()]).any()
}

fn counter(name: &str, n: u8, fresh: bool) -> String {
    format!("{name}={n}{}", if fresh { "!" } else { "" })
}

fn unit_tokens(u: &Unit) -> Vec<String> {
    let mut t = Vec::new();
    match u.wand {
        WandState::Unknown => {}
        WandState::Identified(k) => t.push(format!("wand={}", k.name())),
        WandState::Destroyed => t.push("destroyed".to_string()),
    }
    if let Some(k) = u.secret {
        t.push(format!("secret={}", k.name()));
    }
    if u.asleep > 0 {
        t.push(counter("asleep", u.asleep, u.fresh & FRESH_SLEEP != 0));
    }
    if u.statue > 0 {
        t.push(counter("statue", u.statue, u.fresh & FRESH_STONE != 0));
    }
    if u.slow {
        t.push(counter("slow", u.wait, u.fresh & FRESH_WAIT != 0));
    }
    if u.sick > 0 {
        t.push(counter("sick", u.sick, u.fresh & FRESH_SICK != 0));
    }
    for (flag, name) in [
        (u.peaceful, "peaceful"),
        (u.fast, "fast"),
        (u.protected, "protected"),
    ] {
        if flag {
            t.push(name.to_string());
        }
    }
    t
}

fn apply_token(u: &mut Unit, tok: &str) -> Result<(), String> {
    let (name, value) = match tok.split_once('=') {
        Some((n, v)) => (n, Some(v)),
        None => (tok, None),
    };
    let number = |max: u8, min: u8| -> Result<(u8, bool), String> {
        let v = value.ok_or_else(|| format!("`{name}` needs a count, like {name}=2"))?;
        let (digits, fresh) = match v.strip_suffix('!') {
            Some(d) => (d, true),
            None => (v, false),
        };
        let n: u8 = digits
            .parse()
            .map_err(|_| format!("`{v}` is not a count"))?;
        if n < min || n > max {
            return Err(format!("`{name}` must be between {min} and {max}"));
        }
        Ok((n, fresh))
    };
    let kind = || -> Result<WandKind, String> {
        let v = value.ok_or_else(|| format!("`{name}` needs a wand kind"))?;
        kind_from_name(v).ok_or_else(|| format!("`{v}` is not a wand kind"))
    };
    match name {
        "wand" => u.wand = WandState::Identified(kind()?),
        "secret" => u.secret = Some(kind()?),
        "destroyed" => u.wand = WandState::Destroyed,
        "asleep" => {
            let (n, f) = number(SLEEP_TURNS, 1)?;
            u.asleep = n;
            if f {
                u.fresh |= FRESH_SLEEP;
            }
        }
        "statue" => {
            let (n, f) = number(STONE_TURNS, 1)?;
            u.statue = n;
            if f {
                u.fresh |= FRESH_STONE;
            }
        }
        "slow" => {
            let (n, f) = number(SLOTH_WAIT, 0)?;
            u.slow = true;
            u.wait = n;
            if f {
                u.fresh |= FRESH_WAIT;
            }
        }
        "sick" => {
            let (n, f) = number(SICK_TURNS, 1)?;
            u.sick = n;
            if f {
                u.fresh |= FRESH_SICK;
            }
        }
        "peaceful" => u.peaceful = true,
        "fast" => u.fast = true,
        "protected" => u.protected = true,
        other => return Err(format!("unknown piece state `{other}`")),
    }
    Ok(())
}

/// Human list of a side's pieces and wands (W22), for a DM or `/hand`: one line per
/// kind of knowledge, so a phone shows it at a glance.
pub fn wand_list(pos: &Pos, side: Side, mode: WandMode) -> Msg {
    let mut secret = Vec::new();
    let mut identified = Vec::new();
    let mut unknown = Vec::new();
    let mut destroyed = Vec::new();
    for sq in Square::all() {
        let Some(u) = pos.unit(sq) else { continue };
        if u.side != side {
            continue;
        }
        let label = u.label(sq);
        match (u.wand, u.secret) {
            (WandState::Identified(k), _) => identified.push(format!("{label} {}", k.name())),
            (WandState::Destroyed, _) => destroyed.push(label),
            (WandState::Unknown, Some(k)) => secret.push(format!("{label} {}", k.name())),
            (WandState::Unknown, None) => unknown.push(label),
        }
    }
    let mut lines = vec![Msg::new("wand-list")
        .with("side", crate::variants::side_msg(side))
        .with("mode", mode.name())];
    for (key, items) in [
        ("wand-list-secret", secret),
        ("wand-list-identified", identified),
        ("wand-list-unknown", unknown),
        ("wand-list-destroyed", destroyed),
    ] {
        if !items.is_empty() {
            lines.push(Msg::new(key).with("items", items.join(", ")));
        }
    }
    Msg::join("join-lines", lines).unwrap_or_else(|| Msg::text(""))
}
