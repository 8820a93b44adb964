//! Spell Chess (variant `spell`): chess with freeze and jump spells, RULINGS P1-P8,
//! following chess.com (self-check is legal, a king can be captured).

pub mod eval;
pub mod notation;
pub mod position;
pub mod view;

use crate::core::chess::mix_key;
use crate::core::notation::{resolve_syntax, MoveSyntax, NotationError};
use crate::core::view::{View, Viewer};
use crate::core::{Board, Cell, Move, Position, Role, Side, Square};
use crate::i18n::Msg;
use crate::variants::chess_like::{chess_like_hooks, chess_like_rules, ChessLike};
use crate::variants::fide::{self, Repetitions};
use crate::variants::{picker, Ask, GameRng, Outcome, PlayError, Played, Rules};
use crate::variants::{Export, Presentation, Tuning};
use notation::{parse_turn, TurnSyntax};
pub use position::{
    freeze_area, CastleBar, KingThreat, Spell, SpellPosition, Turn, FREEZE, JUMP, START_SUPPLY,
};
use serde::{Deserialize, Serialize};

/// A game of Spell Chess: the position plus its history for the draw rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpellGame {
    sp: SpellPosition,
    reps: Repetitions,
    last: Option<Turn>,
    outcome: Option<Outcome>,
}

/// The repetition key (C4, P7): board, side, castling, en passant that some legal
/// turn can take, spells left, cooldowns and the active areas.
pub fn repetition_key(sp: &SpellPosition) -> u64 {
    let mut pos = sp.position().clone();
    let ep = sp.legal_ep_square();
    pos.set_ep_square(None);
    let mut h = pos.repetition_key();
    h = mix_key(h, ep.map_or(64, |s| s.index() as u64));
    for side in Side::BOTH {
        for kind in [FREEZE, JUMP] {
            h = mix_key(h, u64::from(sp.supply(side, kind)));
            h = mix_key(h, u64::from(sp.cooldown(side, kind)));
        }
    }
    h = mix_key(h, sp.active_freeze().map_or(64, |s| s.index() as u64));
    mix_key(h, sp.active_jump().map_or(64, |s| s.index() as u64))
}

impl SpellGame {
    pub fn from_spell_position(sp: SpellPosition) -> SpellGame {
        let reps = Repetitions::new(repetition_key(&sp));
        let mut g = SpellGame {
            sp,
            reps,
            last: None,
            outcome: None,
        };
        g.outcome = g.rules_outcome();
        g
    }

    pub fn spell_position(&self) -> &SpellPosition {
        &self.sp
    }

    /// Plays a legal turn, updating the draw bookkeeping and the outcome.
    pub fn apply(&mut self, turn: Turn) {
        self.sp.play(turn);
        self.reps.push(repetition_key(&self.sp));
        self.last = Some(turn);
        self.outcome = self.rules_outcome();
    }

    fn rules_outcome(&self) -> Option<Outcome> {
        if let Some(loser) = self.sp.king_taken() {
            return Some(Outcome::win(
                loser.other(),
                crate::i18n::Msg::new("reason-king-captured"),
            ));
        }
        let stuck = if self.sp.in_check() {
            self.sp.is_checkmate().then_some(true)
        } else {
            (!self.sp.has_legal_turn()).then_some(false)
        };
        fide::ending(
            self.sp.turn(),
            stuck,
            || self.insufficient_material(),
            &self.reps,
            self.sp.position().halfmoves(),
        )
    }

    /// P7: king against king, or FIDE's rule once neither side has a freeze left.
    fn insufficient_material(&self) -> bool {
        let b = self.sp.position().board();
        if b.occupied() == b.by_role(Role::King) {
            return true;
        }
        Side::BOTH.iter().all(|s| self.sp.supply(*s, FREEZE) == 0)
            && self.sp.position().is_insufficient_material()
    }

    /// Why `side` cannot cast `spell` now, in the player's terms.
    fn spell_refusal(&self, spell: Spell) -> Option<Msg> {
        let us = self.sp.turn();
        let kind = spell.kind();
        let name = spell.name();
        if self.sp.supply(us, kind) == 0 {
            return Some(Msg::new("spell-none-left").with("name", name));
        }
        let wait = self.sp.cooldown(us, kind);
        if wait > 0 {
            let from = self.sp.position().fullmoves() + u32::from(wait);
            let key = if wait == 1 {
                "spell-cooling-one"
            } else {
                "spell-cooling"
            };
            return Some(
                Msg::new(key)
                    .with("name", name)
                    .with("wait", wait.to_string())
                    .with("from", from.to_string()),
            );
        }
        match spell {
            Spell::Freeze(c) if !self.sp.target_ok(spell) => {
                Some(Msg::new("spell-freeze-centre").with("c", c.to_string()))
            }
            Spell::Jump(j) if !self.sp.target_ok(spell) => {
                Some(Msg::new("spell-jump-empty").with("j", j.to_string()))
            }
            _ => None,
        }
    }

    /// Turns legal with exactly this spell (or none).
    fn turns_with(&self, spell: Option<Spell>) -> Vec<Turn> {
        self.sp
            .moves_with(spell)
            .into_iter()
            .map(|mv| Turn { spell, mv })
            .collect()
    }

    /// Resolves typed text to a legal turn, with a reason when it is not one.
    pub fn parse_turn(&self, text: &str) -> Result<(Turn, bool), PlayError> {
        let TurnSyntax {
            spell,
            mv,
            confirmed,
        } = parse_turn(text)?;
        if let Some(s) = spell {
            if let Some(reason) = self.spell_refusal(s) {
                return Err(PlayError::Refused(reason));
            }
        }
        let legal = self.turns_with(spell);
        match resolve_syntax(text, &mv, &legal) {
            Ok(t) => Ok((t, confirmed)),
            Err(NotationError::Illegal { input, suggestions }) => {
                if let Some(s) = spell {
                    let plain = self.turns_with(None);
                    if let Ok(t) = resolve_syntax(text, &mv, &plain) {
                        let reason = explain_spell_conflict(s, t.mv)
                            .or_else(|| self.explain_own_jump(s, t.mv));
                        if let Some(reason) = reason {
                            return Err(PlayError::Refused(reason));
                        }
                    }
                }
                let reason = self
                    .explain_castling(&mv, spell)
                    .or_else(|| self.explain_frozen(text, &mv, spell))
                    .or_else(|| self.explain_jump_square(text, &mv, spell));
                if let Some(reason) = reason {
                    return Err(PlayError::Refused(reason));
                }
                Err(NotationError::Illegal { input, suggestions }.into())
            }
            Err(e) => Err(e.into()),
        }
    }

    /// An illegal move of a piece inside the opponent's freeze area: say so, rather
    /// than "not legal here", so the player sees why the piece cannot move. A jump
    /// cast with it changes nothing: none of the pieces in the area may move.
    fn explain_frozen(&self, text: &str, mv: &MoveSyntax, spell: Option<Spell>) -> Option<Msg> {
        let centre = self.sp.active_freeze()?;
        let from = self.frozen_origin(text, mv, spell, freeze_area(centre))?;
        let role = role_name(self.sp.position().board(), from);
        let frozen = |key: &'static str| {
            Msg::new(key)
                .with("role", role.clone())
                .with("from", from.to_string())
                .with("centre", centre.to_string())
        };
        Some(match spell {
            Some(Spell::Jump(j)) if j == from => {
                frozen("spell-frozen-jump-on-it").with("jump", j.to_string())
            }
            Some(Spell::Jump(_)) => frozen("spell-frozen-even-jump"),
            _ => frozen("spell-frozen"),
        })
    }

    /// The frozen square the typed move starts from: the one written, or that of the
    /// move the text means once the freeze is lifted (with the spell, then without).
    fn frozen_origin(
        &self,
        text: &str,
        mv: &MoveSyntax,
        spell: Option<Spell>,
        area: crate::core::Bitboard,
    ) -> Option<Square> {
        let ours = self.sp.position().board().by_side(self.sp.turn());
        let frozen = area & ours;
        if let Some(from) = match mv {
            MoveSyntax::Move(spec) => spec.from_square(),
            MoveSyntax::Castle(_) => None,
        } {
            return frozen.contains(from).then_some(from);
        }
        let mut thawed = self.sp.clone();
        thawed.freeze = None;
        let tries = if spell.is_some() {
            vec![spell, None]
        } else {
            vec![None]
        };
        tries.into_iter().find_map(|s| {
            let turns: Vec<Turn> = thawed
                .moves_with(s)
                .into_iter()
                .map(|m| Turn { spell: s, mv: m })
                .collect();
            let from = resolve_syntax(text, mv, &turns).ok()?.mv.from();
            frozen.contains(from).then_some(from)
        })
    }

    /// A castling refused for a reason the board alone does not show (P5): a frozen
    /// rook, a rook on a jump square, or a line the mover's own jump opens to a square
    /// the king crosses or lands on.
    fn explain_castling(&self, mv: &MoveSyntax, spell: Option<Spell>) -> Option<Msg> {
        let MoveSyntax::Castle(wing) = mv else {
            return None;
        };
        let board = self.sp.position().board();
        let us = self.sp.turn();
        Some(match self.sp.castling_bar(*wing, spell)? {
            CastleBar::FrozenRook { rook, centre } => Msg::new("spell-rook-frozen")
                .with("rook", rook.to_string())
                .with("centre", centre.to_string()),
            CastleBar::TransparentRook { rook } => {
                Msg::new("spell-rook-transparent").with("rook", rook.to_string())
            }
            CastleBar::OwnJump {
                jump,
                attacker,
                square,
                lands,
            } => Msg::new(if lands {
                "spell-castle-lands"
            } else {
                "spell-castle-crosses"
            })
            .with("jump", jump.to_string())
            .with("attacker", piece_words(board, attacker, us))
            .with("over", piece_words(board, jump, us))
            .with("square", square.to_string()),
        })
    }

    /// A quiet move onto the opponent's active jump square (P3): only a capture may
    /// end there this turn.
    fn explain_jump_square(
        &self,
        text: &str,
        mv: &MoveSyntax,
        spell: Option<Spell>,
    ) -> Option<Msg> {
        let j = self.sp.active_jump()?;
        let mut opaque = self.sp.clone();
        opaque.jump = None;
        let turns: Vec<Turn> = opaque
            .moves_with(spell)
            .into_iter()
            .map(|m| Turn { spell, mv: m })
            .collect();
        let t = resolve_syntax(text, mv, &turns).ok()?;
        (t.mv.to() == j && !t.mv.is_capture())
            .then(|| Msg::new("spell-opponent-jump-square").with("j", j.to_string()))
    }

    /// A king step or en passant legal without the jump cast with it, illegal with
    /// it: the jump opens a line to the king (P3 with P4, P6).
    fn explain_own_jump(&self, spell: Spell, mv: Move) -> Option<Msg> {
        let Spell::Jump(j) = spell else {
            return None;
        };
        let (from, target) = self.sp.attack_through_own_jump(j, mv)?;
        let board = self.sp.position().board();
        let us = self.sp.turn();
        let attacker = piece_words(board, from, us);
        let over = piece_words(board, j, us);
        Some(if matches!(mv, Move::EnPassant { .. }) {
            Msg::new("spell-own-jump-en-passant")
                .with("j", j.to_string())
                .with("attacker", &attacker)
                .with("over", &over)
                .with("target", target.to_string())
        } else {
            Msg::new("spell-own-jump-king")
                .with("j", j.to_string())
                .with("attacker", &attacker)
                .with("over", &over)
                .with("target", target.to_string())
        })
    }

    /// The confirmation a turn that leaves the king capturable needs, saying how when
    /// a jump spell is what makes it so (the mover's own, or one the opponent holds).
    fn confirm_prompt(&self, turn: Turn) -> Msg {
        let after = self.sp.after(turn);
        let us = self.sp.turn();
        let board = after.position().board();
        let king = board.king_of(us);
        let why = match (after.king_threat(), king) {
            (
                Some(KingThreat::Attack {
                    from,
                    through: Some(j),
                }),
                Some(k),
            ) => Some(
                Msg::new("spell-why-own-jump")
                    .with("jump", j.to_string())
                    .with("attacker", piece_words(board, from, us))
                    .with("over", piece_words(board, j, us))
                    .with("king", k.to_string()),
            ),
            (Some(KingThreat::WithJump { from, over }), Some(k)) => Some(
                Msg::new("spell-why-their-jump")
                    .with("attacker", piece_words(board, from, us))
                    .with("over", piece_words(board, over, us))
                    .with("king", k.to_string()),
            ),
            _ => None,
        };
        match why {
            Some(why) => Msg::new("spell-capturable-why")
                .with("why", &why)
                .with("answer", turn.canonical()),
            None => Msg::new("spell-capturable").with("answer", turn.canonical()),
        }
    }

    fn fen_hand(&self) -> String {
        let mut s = String::from("[");
        for (side, f, j) in [(Side::White, 'F', 'J'), (Side::Black, 'f', 'j')] {
            for _ in 0..self.sp.supply(side, JUMP) {
                s.push(j);
            }
            for _ in 0..self.sp.supply(side, FREEZE) {
                s.push(f);
            }
        }
        s.push(']');
        s
    }

    /// The optional seventh field: cooldowns and active spells, `None` when empty.
    fn fen_state(&self) -> Option<String> {
        let mut items = Vec::new();
        for (side, f, j) in [(Side::White, 'F', 'J'), (Side::Black, 'f', 'j')] {
            for (kind, letter) in [(FREEZE, f), (JUMP, j)] {
                let cd = self.sp.cooldown(side, kind);
                if cd > 0 {
                    items.push(format!("{letter}{cd}"));
                }
            }
        }
        let caster = self.sp.turn().other();
        let (f, j) = if caster == Side::White {
            ('F', 'J')
        } else {
            ('f', 'j')
        };
        if let Some(c) = self.sp.active_freeze() {
            items.push(format!("{f}@{c}"));
        }
        if let Some(c) = self.sp.active_jump() {
            items.push(format!("{j}@{c}"));
        }
        (!items.is_empty()).then(|| items.join(","))
    }

    /// Parses the Spell Chess FEN (docs/fen-spell.md).
    pub fn parse_fen(fen: &str) -> Result<SpellPosition, String> {
        let err = |s: &str| format!("invalid FEN: {s}");
        if fen.len() > 200 {
            return Err(err("too long"));
        }
        let mut fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(err("empty"));
        }
        let (board, hand) = match fields[0].split_once('[') {
            Some((board, rest)) => {
                let hand = rest.strip_suffix(']').ok_or_else(|| {
                    err("the spells in hand go in brackets, like `[JJFFFFFjjfffff]`")
                })?;
                (board, Some(hand))
            }
            None => (fields[0], None),
        };
        let mut supply = [[0u8; 2]; 2];
        match hand {
            None => supply = [START_SUPPLY, START_SUPPLY],
            Some(hand) => {
                for c in hand.chars() {
                    let (side, kind) = match c {
                        'F' => (Side::White, FREEZE),
                        'J' => (Side::White, JUMP),
                        'f' => (Side::Black, FREEZE),
                        'j' => (Side::Black, JUMP),
                        _ => {
                            return Err(err(&format!(
                                "unknown spell letter '{c}' (use F, J, f, j)"
                            )))
                        }
                    };
                    let n = &mut supply[side.index()][kind];
                    if *n >= 9 {
                        return Err(err("at most 9 spells of a kind per side"));
                    }
                    *n += 1;
                }
            }
        }
        let state = if fields.len() == 7 {
            fields.pop()
        } else {
            None
        };
        if fields.len() > 6 {
            return Err(err("too many fields"));
        }
        let mut six = fields.clone();
        six[0] = board;
        let pos = Position::from_fen_unvalidated(&six.join(" ")).map_err(|e| e.to_string())?;
        validate_board(&pos).map_err(|e| err(&e))?;
        let mut sp = SpellPosition::from_position(pos, supply);
        if let Some(state) = state {
            apply_state_field(&mut sp, state).map_err(|e| err(&e))?;
        }
        Ok(sp)
    }
}

/// "queen", the name of the piece on `sq` (or "piece").
fn role_name(board: &Board, sq: Square) -> Msg {
    board.piece_at(sq).map_or(Msg::new("piece-any"), |p| {
        crate::variants::role_word(p.role)
    })
}

/// "your bishop on e4" or "the rook on e1", as `side` sees the piece on `sq`.
fn piece_words(board: &Board, sq: Square, side: Side) -> Msg {
    let key = if board.side_at(sq) == Some(side) {
        "spell-your-piece-on"
    } else {
        "spell-the-piece-on"
    };
    Msg::new(key)
        .with("role", role_name(board, sq))
        .with("square", sq.to_string())
}

/// A plain-legal move refused only because of the spell cast with it.
fn explain_spell_conflict(spell: Spell, mv: Move) -> Option<Msg> {
    if mv.promotion().is_some() {
        return Some(Msg::new("spell-no-promotion"));
    }
    match spell {
        Spell::Freeze(c) if freeze_area(c).contains(mv.from()) => Some(
            Msg::new("spell-inside-freeze")
                .with("c", c.to_string())
                .with("mv_from", mv.from().to_string()),
        ),
        Spell::Freeze(c) if mv.castle_side().is_some() && mv.to() == c => {
            Some(Msg::new("spell-freeze-castle").with("c", c.to_string()))
        }
        Spell::Jump(j) if mv.to() == j => Some(Msg::new("spell-jump-end").with("j", j.to_string())),
        Spell::Jump(j) if matches!(mv, Move::Castle { rook, .. } if rook == j) => {
            Some(Msg::new("spell-jump-castle").with("j", j.to_string()))
        }
        _ => None,
    }
}

/// Board sanity for Spell Chess: at most one king each (one may have been captured,
/// not both), no pawns on the end ranks. Self-check is legal, so no check test.
fn validate_board(pos: &Position) -> Result<(), String> {
    let b = pos.board();
    let mut kings = 0;
    for side in Side::BOTH {
        let n = b.pieces(side, Role::King).count();
        if n > 1 {
            return Err(format!("{side} has more than one king"));
        }
        kings += n;
    }
    if kings == 0 {
        return Err("at least one king must be on the board".to_string());
    }
    if b.by_role(Role::Wizard).any() {
        return Err("Spell Chess has no Wizard".to_string());
    }
    let ends = crate::core::Bitboard::rank(0) | crate::core::Bitboard::rank(7);
    if (b.by_role(Role::Pawn) & ends).any() {
        return Err("pawns cannot stand on the first or last rank".to_string());
    }
    Ok(())
}

/// The seventh FEN field: `F2,j1,f@d5,j@e3` (docs/fen-spell.md).
fn apply_state_field(sp: &mut SpellPosition, field: &str) -> Result<(), String> {
    let caster = sp.turn().other();
    for item in field.split(',').filter(|i| !i.is_empty()) {
        let mut chars = item.chars();
        let letter = chars.next().unwrap_or(' ');
        let rest: String = chars.collect();
        let (side, kind) = match letter {
            'F' => (Side::White, FREEZE),
            'J' => (Side::White, JUMP),
            'f' => (Side::Black, FREEZE),
            'j' => (Side::Black, JUMP),
            _ => return Err(format!("unknown spell-state item `{item}`")),
        };
        if let Some(square) = rest.strip_prefix('@') {
            let sq = Square::parse(square).ok_or_else(|| format!("bad square in `{item}`"))?;
            if side != caster {
                return Err(format!(
                    "`{item}`: only the side that just moved ({caster}) can have an active spell"
                ));
            }
            let slot = if kind == FREEZE {
                &mut sp.freeze
            } else {
                &mut sp.jump
            };
            if slot.replace(sq).is_some() {
                return Err(format!(
                    "`{item}`: only one active {} spell",
                    position::kind_name(kind)
                ));
            }
        } else {
            let cd: u8 = rest
                .parse()
                .ok()
                .filter(|n| (1..=position::COOLDOWN).contains(n))
                .ok_or_else(|| format!("`{item}`: a cooldown is 1 or 2 turns"))?;
            sp.cooldown[side.index()][kind] = cd;
        }
    }
    Ok(())
}

impl Rules for SpellGame {
    const NAME: &'static str = "Spell Chess";

    chess_like_rules!();

    fn fen(&self) -> String {
        let pos = self.sp.position();
        let mut fields: Vec<String> = pos.fen().split(' ').map(str::to_string).collect();
        fields[0].push_str(&self.fen_hand());
        fields[3] = self
            .sp
            .legal_ep_square()
            .map_or_else(|| "-".to_string(), |s| s.to_string());
        if let Some(state) = self.fen_state() {
            fields.push(state);
        }
        fields.join(" ")
    }

    fn legal_texts(&self) -> Vec<String> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut out = Vec::with_capacity(2048);
        self.sp.for_each_turn(|t| {
            out.push(t.canonical());
            false
        });
        out
    }

    fn play(&mut self, side: Side, text: &str, _rng: &mut GameRng) -> Result<Played, PlayError> {
        self.chess_turn_check(side)?;
        let (turn, confirmed) = self.parse_turn(text)?;
        let capturable = self.sp.leaves_king_capturable(turn);
        if capturable && !confirmed {
            return Err(PlayError::Refused(self.confirm_prompt(turn)));
        }
        self.apply(turn);
        let mut action = turn.engine();
        if capturable {
            action.push('!');
        }
        let mut events = Vec::new();
        events.extend(fide::check_event(self.sp.in_check(), self.outcome.as_ref()));
        if let Some(o) = &self.outcome {
            if o.is_by("reason-king-captured") {
                events.push(Msg::new("spell-king-captured"));
            }
        }
        Ok(Played {
            action,
            printed: turn.canonical(),
            events,
            private: Vec::new(),
        })
    }

    fn view(&self, viewer: Viewer) -> View {
        let pos = self.sp.position();
        let mut v = View::new(viewer, "Spell Chess").with_board(pos.board());
        let over = self.outcome.is_some();
        v.to_move = (!over).then(|| self.sp.turn());
        if let Some(t) = self.last {
            v.last_move = vec![Cell::Board(t.mv.from()), Cell::Board(t.mv.to())];
        }
        if let Some(c) = self.sp.active_freeze() {
            let mark = if over {
                view::FROZEN_SPENT
            } else {
                view::FROZEN
            };
            v.marks.extend(freeze_area(c).map(|s| (s, mark)));
        }
        if let Some(j) = self.sp.active_jump() {
            v.marks.push((j, view::JUMP));
        }
        if self.sp.in_check() {
            if let Some(k) = pos.king(self.sp.turn()) {
                v.check.push(Cell::Board(k));
            }
        }
        for side in Side::BOTH {
            v.note(side.index(), spell_note(&self.sp, side));
        }
        v
    }
}

impl ChessLike for SpellGame {
    chess_like_hooks! { SpellPosition, Turn, String; field sp;
    read SpellGame::parse_fen; wrap SpellGame::from_spell_position;
    halfmoves |p: &SpellPosition| p.position().halfmoves();
    moves SpellPosition::legal_turns; text |t: Turn| t.canonical();
    after SpellPosition::after }
}

impl Presentation for SpellGame {
    const RULES: &'static str = "rules-spell";

    const EXAMPLE: Option<crate::variants::WorkedExample> = Some(EXAMPLE);

    fn legend() -> Vec<crate::core::view::LegendEntry> {
        view::legend()
    }

    /// Confirmed turns carry their `!`, as they must be typed to be accepted.
    /// The move (piece, target, promotion), then the spell with its square as one
    /// choice (`no spell`, `freeze d5`, `jump e3`: at most 64 + 32 + 1 options); a
    /// turn that must be confirmed says so on that last choice.
    fn picker_steps(&self, answer: &str, lang: crate::i18n::Lang) -> Vec<picker::Step> {
        let (text, confirm) = match answer.strip_suffix('!') {
            Some(t) => (t, true),
            None => (answer, false),
        };
        let (mv, spell) = match text.split_once(" (") {
            Some((mv, spell)) => (mv, spell.trim_end_matches(')')),
            None => (text, ""),
        };
        let mut steps = picker::move_steps(mv, lang);
        // A spell's square (`freeze d5`) is its last word.
        let square = spell.split_whitespace().last().unwrap_or_default();
        let square = square.trim_matches(|c: char| !c.is_ascii_alphanumeric());
        let spell = if spell.is_empty() {
            crate::tr!(lang, "pick-spell-none")
        } else {
            spell.to_string()
        };
        let label = if confirm {
            crate::tr!(lang, "pick-spell-unsafe", spell = spell)
        } else {
            spell
        };
        steps.push(picker::Step::new(crate::tr!(lang, "pick-spell-which"), label).on(square));
        steps
    }

    fn typed_texts(&self) -> Vec<String> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut out = Vec::with_capacity(2048);
        self.sp.for_each_turn(|t| {
            let mut text = t.canonical();
            if self.sp.leaves_king_capturable(t) {
                text.push('!');
            }
            out.push(text);
            false
        });
        out
    }

    fn prompt(&self, _ask: &Ask) -> Msg {
        let mut plain = Vec::new();
        let mut freeze = Vec::new();
        let mut jump = Vec::new();
        self.sp.for_each_turn(|t| {
            if !self.sp.leaves_king_capturable(t) {
                match t.spell {
                    None => plain.push(t.canonical()),
                    Some(Spell::Freeze(_)) => freeze.push(t.canonical()),
                    Some(Spell::Jump(_)) => jump.push(t.canonical()),
                }
            }
            false
        });
        let s = crate::variants::your_move(crate::variants::example(&plain));
        let spells: Vec<Msg> = [(&freeze, "spell-a-freeze"), (&jump, "spell-a-jump")]
            .into_iter()
            .filter_map(|(list, key)| {
                crate::variants::example(list).map(|e| Msg::new(key).with("example", e))
            })
            .collect();
        match Msg::join("notation-or", spells) {
            Some(spells) => Msg::new("join-semicolon")
                .with("a", s)
                .with("b", Msg::new("spell-prompt-cast").with("spells", spells)),
            None => s,
        }
    }
}

impl Export for SpellGame {}

impl Tuning for SpellGame {
    fn evaluate(&self, side: Side) -> i32 {
        eval::evaluate(self, side)
    }

    fn candidate_texts(&self) -> Vec<String> {
        eval::candidates(self)
    }

    fn tactical_candidates(&self) -> Vec<(String, i32)> {
        eval::tactical(self)
    }

    fn level_plan(&self, level: u8) -> Option<crate::variants::LevelPlan> {
        // The tree search's strength barely grows with its iterations here (the
        // ladder in docs/engine.md): the levels are spaced by drawn answers. The
        // whole range from a random sound answer to the best search is about 360
        // points, so only levels 6-8 search; a draw weighted by e per 3 pawns played
        // as one per 1.7 (54 points apart), so levels 2-4 draw wider.
        use crate::variants::LevelPlan;
        Some(LevelPlan::sampled(
            level,
            [2000.0, 800.0, 170.0],
            [
                LevelPlan::drawn(f64::INFINITY, true),
                LevelPlan::straying(6, 0.4),
                LevelPlan::straying(6, 0.06),
            ],
        ))
    }
}

/// "Freeze 4 (ready in 1) · Jump 2".
pub fn spell_note(sp: &SpellPosition, side: Side) -> Msg {
    let part = |kind: usize, key: &'static str, cooling: &'static str| {
        let n = sp.supply(side, kind).to_string();
        let cd = sp.cooldown(side, kind);
        if sp.supply(side, kind) > 0 && cd > 0 {
            Msg::new(cooling).with("n", &n).with("cd", cd.to_string())
        } else {
            Msg::new(key).with("n", &n)
        }
    };
    Msg::new("note-spells")
        .with("freeze", part(FREEZE, "note-freeze", "note-freeze-cooling"))
        .with("jump", part(JUMP, "note-jump", "note-jump-cooling"))
}

/// A freeze cast with a move, its 3x3 area drawn on the board.
pub const EXAMPLE: crate::variants::WorkedExample = crate::variants::WorkedExample {
    fen: None,
    options: &[],
    moves: &["e4", "e5", "Nf3 (freeze d6)"],
    caption: "caption-spell",
};

#[cfg(test)]
mod tests;
