//! Move text, FIDE part: syntax first (text to a description, no position needed),
//! then meaning (the description matched against a list of legal moves).

use crate::core::{CastleSide, Move, Role, Square};
use crate::i18n::Msg;
use std::fmt;

/// What a typed move says, before any position is consulted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveSyntax {
    Castle(CastleSide),
    Move(MoveSpec),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveSpec {
    /// The piece letter, if one was written.
    pub role: Option<Role>,
    pub from_file: Option<u8>,
    pub from_rank: Option<u8>,
    pub to: Square,
    pub capture: bool,
    pub promotion: Option<Role>,
}

impl MoveSpec {
    pub fn from_square(&self) -> Option<Square> {
        match (self.from_file, self.from_rank) {
            (Some(f), Some(r)) => Square::from_coords(f, r),
            _ => None,
        }
    }
}

/// Why a move text was refused. Every message is one line in the player's terms, a
/// catalog message (`locales/<lang>/variants.ftl`) written in the reader's language
/// where it is shown ([`NotationError::msg`]); `Display` is English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    Syntax {
        input: String,
        reason: Msg,
    },
    Illegal {
        input: String,
        suggestions: Vec<String>,
    },
    Ambiguous {
        input: String,
        candidates: Vec<String>,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.msg().fmt(f)
    }
}

impl std::error::Error for NotationError {}

/// `key` (no suggestions) or `near` (with the legal moves close to `input`).
fn illegal(key: &'static str, near: &'static str, input: &str, suggestions: &[String]) -> Msg {
    if suggestions.is_empty() {
        Msg::new(key).with("input", input)
    } else {
        Msg::new(near)
            .with("input", input)
            .with("moves", suggestions.join(", "))
    }
}

/// `` `a` or `b` or `c` `` with the catalog's `or`, the items as they are.
pub fn or_list(items: &[String]) -> Msg {
    Msg::join("notation-or", items.iter().map(Msg::text)).unwrap_or_else(|| Msg::text(""))
}

impl NotationError {
    /// The refusal as a message, for the reader's language.
    pub fn msg(&self) -> Msg {
        match self {
            NotationError::Syntax { input, reason } => Msg::new("notation-unreadable")
                .with("input", input)
                .with("reason", reason.clone()),
            NotationError::Illegal { input, suggestions } => illegal(
                "notation-illegal",
                "notation-illegal-near",
                input,
                suggestions,
            ),
            NotationError::Ambiguous { input, candidates } => Msg::new("notation-ambiguous")
                .with("input", input)
                .with("candidates", or_list(candidates)),
        }
    }

    /// The refusal of an illegal move made while the mover's king is in check, which
    /// says so: the likeliest reason a newcomer's move was refused.
    pub fn in_check(&self) -> Option<Msg> {
        match self {
            NotationError::Illegal { input, suggestions } => Some(illegal(
                "notation-illegal-in-check",
                "notation-illegal-in-check-near",
                input,
                suggestions,
            )),
            _ => None,
        }
    }
}

/// A short, printable echo of what a player typed (no newlines, no backticks). An `@`
/// stays as typed, so the echo can be copied back (Walls' `R@e4`): it sits in a code
/// span, and the Discord front end lets a message ping only the users it names
/// (`allowed_mentions`), so an echoed `@everyone` pings nobody.
pub fn echo(input: &str) -> String {
    let mut out: String = input
        .chars()
        .filter(|c| !c.is_control() && *c != '`')
        .take(24)
        .collect();
    if input.chars().count() > 24 {
        out.push('…');
    }
    out.trim().to_string()
}

/// Removes a leading move number (`12.`, `12...`) and trailing `+ # ! ?`.
pub fn strip_decorations(text: &str) -> &str {
    let mut s = text.trim();
    let digits = s.bytes().take_while(|b| b.is_ascii_digit()).count();
    if digits > 0 && s[digits..].starts_with('.') {
        s = s[digits..].trim_start_matches('.').trim_start();
    }
    s.trim_end_matches(['+', '#', '!', '?']).trim_end()
}

/// Why a typed move with words or signs beside it is none, in the player's terms
/// (`e4 please`: type the move alone; `e4😀`: that sign is in no move); `None` when
/// every character could be a move's.
pub fn stray_reason(s: &str) -> Option<Msg> {
    let mut words = s.split_whitespace();
    let first = words.next()?;
    let rest: Vec<&str> = words.collect();
    if !rest.is_empty() {
        return Some(
            Msg::new("notation-stray-words")
                .with("first", first)
                .with("rest", rest.join(" ")),
        );
    }
    let c = s.chars().find(|c| !c.is_ascii_graphic())?;
    Some(Msg::new("notation-stray-sign").with("sign", c.to_string()))
}

fn is_file(c: char) -> bool {
    ('a'..='h').contains(&c)
}

fn is_rank(c: char) -> bool {
    ('1'..='8').contains(&c)
}

fn promotion_role(c: char) -> Option<Role> {
    match c.to_ascii_uppercase() {
        'Q' => Some(Role::Queen),
        'R' => Some(Role::Rook),
        'B' => Some(Role::Bishop),
        'N' => Some(Role::Knight),
        'W' => Some(Role::Wizard),
        _ => None,
    }
}

/// Parses the FIDE move forms of NOTATION.md: SAN, long algebraic with `-`, `:` or
/// `x`, coordinates and every castling spelling.
pub fn parse_syntax(text: &str) -> Result<MoveSyntax, NotationError> {
    let fail = |reason: Msg| NotationError::Syntax {
        input: echo(text),
        reason,
    };
    let s = strip_decorations(text);
    if s.is_empty() {
        return Err(fail(Msg::new("notation-nothing")));
    }
    if s.len() > 16 {
        return Err(fail(Msg::new("notation-too-long")));
    }
    if let Some(reason) = stray_reason(s) {
        return Err(fail(reason));
    }
    if let Some(side) = castle_side(s) {
        return Ok(MoveSyntax::Castle(side));
    }
    let mut chars: Vec<char> = s.chars().collect();
    let role = take_role(&mut chars);
    let promotion = take_promotion(&mut chars).map_err(fail)?;
    let capture = chars.iter().any(|c| matches!(c, ':' | 'x' | 'X'));
    let body: Vec<char> = chars
        .into_iter()
        .filter(|c| !matches!(c, '-' | ':' | 'x' | 'X'))
        .collect();
    let (from_file, from_rank, to) = body_squares(&body).map_err(fail)?;
    Ok(MoveSyntax::Move(MoveSpec {
        role,
        from_file,
        from_rank,
        to,
        capture,
        promotion,
    }))
}

/// The castling a text spells (`O-O`, `0-0-0`, `oo`), if it spells one.
pub fn castle_side(s: &str) -> Option<CastleSide> {
    let castle: String = s
        .chars()
        .map(|c| if c == '0' || c == 'o' { 'O' } else { c })
        .filter(|c| *c != '-')
        .collect();
    match castle.as_str() {
        "OO" => Some(CastleSide::King),
        "OOO" => Some(CastleSide::Queen),
        _ => None,
    }
}

/// Takes a leading piece letter off `chars`.
fn take_role(chars: &mut Vec<char>) -> Option<Role> {
    match chars.first().copied()? {
        c @ ('P' | 'N' | 'B' | 'R' | 'Q' | 'K' | 'W') => {
            chars.remove(0);
            Role::from_letter(c)
        }
        // Case matters only where a lower-case letter would be a file (`b`) or a
        // wicket (`w`): `nf3`, `ng1-f3`, `qxd5` name their piece.
        c @ ('n' | 'r' | 'q' | 'k') if chars.len() > 2 => {
            chars.remove(0);
            Role::from_letter(c.to_ascii_uppercase())
        }
        _ => None,
    }
}

/// Takes a promotion (`=Q`, or a letter right after the rank: `e8q`) off `chars`.
fn take_promotion(chars: &mut Vec<char>) -> Result<Option<Role>, Msg> {
    let role = |c: char| promotion_role(c).ok_or_else(|| Msg::new("notation-promotion-role"));
    if let Some(eq) = chars.iter().position(|c| *c == '=') {
        let &[p] = &chars[eq + 1..] else {
            return Err(Msg::new("notation-promotion-form"));
        };
        let promoted = role(p)?;
        chars.truncate(eq);
        return Ok(Some(promoted));
    }
    let n = chars.len();
    if n >= 3 && chars[n - 2].is_ascii_digit() && chars[n - 1].is_ascii_alphabetic() {
        let promoted = role(chars[n - 1])?;
        chars.pop();
        return Ok(Some(promoted));
    }
    Ok(None)
}

/// The origin file and rank a move names (when it names them) and its destination,
/// from the move's letters without piece, marks and promotion.
fn body_squares(body: &[char]) -> Result<(Option<u8>, Option<u8>, Square), Msg> {
    let square_at = |i: usize| -> Result<Square, Msg> {
        let (f, r) = (body[i], body[i + 1]);
        if is_file(f) && is_rank(r) {
            Square::from_coords(f as u8 - b'a', r as u8 - b'1')
                .ok_or_else(|| Msg::new("notation-off-board"))
        } else {
            Err(Msg::new("notation-not-a-square").with("text", format!("{f}{r}")))
        }
    };
    match body.len() {
        2 => Ok((None, None, square_at(0)?)),
        3 => {
            let to = square_at(1)?;
            let c = body[0];
            if is_file(c) {
                Ok((Some(c as u8 - b'a'), None, to))
            } else if is_rank(c) {
                Ok((None, Some(c as u8 - b'1'), to))
            } else {
                Err(Msg::new("notation-not-file-or-rank").with("sign", c.to_string()))
            }
        }
        4 => {
            let from = square_at(0)?;
            Ok((Some(from.file()), Some(from.rank()), square_at(2)?))
        }
        0 | 1 => Err(Msg::new("notation-no-destination")),
        _ => Err(Msg::new("notation-too-many-squares")),
    }
}

/// What the matcher needs to know of a legal move of any FIDE-based variant.
pub trait MoveLike: Copy {
    fn role(&self) -> Role;
    /// The origin square; for a Sorchess entry, the launching rook's square.
    #[allow(clippy::wrong_self_convention)]
    fn from_square(&self) -> Square;
    fn to_square(&self) -> Square;
    fn promotion(&self) -> Option<Role>;
    fn castle_side(&self) -> Option<CastleSide>;
    /// The canonical text printed for the move.
    fn canonical(&self) -> String;
}

impl MoveLike for Move {
    fn role(&self) -> Role {
        Move::role(*self)
    }
    fn from_square(&self) -> Square {
        self.from()
    }
    fn to_square(&self) -> Square {
        self.to()
    }
    fn promotion(&self) -> Option<Role> {
        Move::promotion(*self)
    }
    fn castle_side(&self) -> Option<CastleSide> {
        Move::castle_side(*self)
    }
    fn canonical(&self) -> String {
        self.long()
    }
}

/// What a typed (non-castling) move names besides its destination, in coordinates
/// any board shares, so games on other geometries (Wickets' outer cells) match moves
/// by the same rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Named {
    /// The piece letter, if one was written.
    pub role: Option<Role>,
    pub from_file: Option<i8>,
    pub from_rank: Option<i8>,
    /// The origin was given in full.
    pub full_from: bool,
    pub promotion: Option<Role>,
}

impl Named {
    /// Does a legal move of `role` from the cell at `from` (file, rank), promoting to
    /// `promotion`, castling or not, fit what was named? No letter means a pawn unless
    /// the origin is given in full; castling is named by its own spelling, a full origin
    /// or the king's letter. A promotion must be named, except that an unnamed one is
    /// ambiguous (every promotion fits).
    pub fn fits(&self, role: Role, from: (i8, i8), promotion: Option<Role>, castles: bool) -> bool {
        let role_ok = match self.role {
            Some(r) => r == role,
            None => self.full_from || role == Role::Pawn,
        };
        role_ok
            && self.from_file.is_none_or(|f| f == from.0)
            && self.from_rank.is_none_or(|r| r == from.1)
            && (self.promotion.is_none() || self.promotion == promotion)
            && (!castles || self.full_from || self.role == Some(Role::King))
    }
}

impl From<&MoveSpec> for Named {
    fn from(spec: &MoveSpec) -> Named {
        Named {
            role: spec.role,
            from_file: spec.from_file.map(|f| f as i8),
            from_rank: spec.from_rank.map(|r| r as i8),
            full_from: spec.from_square().is_some(),
            promotion: spec.promotion,
        }
    }
}

/// Does `m` fit what was typed?
pub fn matches<M: MoveLike>(syntax: &MoveSyntax, m: &M) -> bool {
    match syntax {
        MoveSyntax::Castle(side) => m.castle_side() == Some(*side),
        MoveSyntax::Move(spec) => {
            let from = m.from_square();
            spec.to == m.to_square()
                && Named::from(spec).fits(
                    m.role(),
                    (from.file() as i8, from.rank() as i8),
                    m.promotion(),
                    m.castle_side().is_some(),
                )
        }
    }
}

/// Matches typed text against `legal`, giving the move, or "illegal" with close
/// suggestions, or "ambiguous" with the candidates.
pub fn resolve<M: MoveLike>(text: &str, legal: &[M]) -> Result<M, NotationError> {
    let syntax = parse_syntax(text)?;
    resolve_syntax(text, &syntax, legal)
}

pub fn resolve_syntax<M: MoveLike>(
    text: &str,
    syntax: &MoveSyntax,
    legal: &[M],
) -> Result<M, NotationError> {
    resolve_by(text, legal, |m| matches(syntax, m), |m| m.canonical())
}

/// The one move of `legal` that `fits`, or "illegal" with close suggestions, or
/// "ambiguous" with the candidates, each move printed by `canonical`.
pub fn resolve_by<M: Copy>(
    text: &str,
    legal: &[M],
    fits: impl Fn(&M) -> bool,
    canonical: impl Fn(&M) -> String,
) -> Result<M, NotationError> {
    let found: Vec<&M> = legal.iter().filter(|m| fits(m)).collect();
    match found.as_slice() {
        [one] => Ok(**one),
        [] => Err(NotationError::Illegal {
            input: echo(text),
            suggestions: suggestions(text, legal.iter().map(&canonical)),
        }),
        many => {
            let mut candidates: Vec<String> = many.iter().map(|m| canonical(m)).collect();
            candidates.dedup();
            Err(NotationError::Ambiguous {
                input: echo(text),
                candidates,
            })
        }
    }
}

/// Up to five of `legal` closest (by edit distance) to what was typed.
pub fn suggestions(text: &str, legal: impl Iterator<Item = String>) -> Vec<String> {
    let typed: String = strip_decorations(text)
        .chars()
        .filter(|c| !matches!(c, '-' | ':' | 'x'))
        .take(24)
        .collect::<String>()
        .to_lowercase();
    let mut scored: Vec<(usize, String)> = legal
        .map(|m| {
            let plain: String = m
                .chars()
                .filter(|c| !matches!(c, '-' | ':'))
                .collect::<String>()
                .to_lowercase();
            // Compare with the move with and without its origin square.
            let short: String = if plain.len() >= 4 {
                let mut s = plain.clone();
                let start = if plain.starts_with(|c: char| c.is_ascii_digit() || is_file(c)) {
                    0
                } else {
                    1
                };
                s.replace_range(start..start + 2, "");
                s
            } else {
                plain.clone()
            };
            let d = edit_distance(&typed, &plain).min(edit_distance(&typed, &short));
            (d, m)
        })
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    let limit = (typed.len() / 2).max(2);
    scored
        .into_iter()
        .filter(|(d, _)| *d <= limit)
        .take(5)
        .map(|(_, m)| m)
        .collect()
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

impl fmt::Display for MoveSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(r) = self.role {
            write!(f, "{}", r.letter())?;
        }
        if let Some(file) = self.from_file {
            write!(f, "{}", (b'a' + file) as char)?;
        }
        if let Some(rank) = self.from_rank {
            write!(f, "{}", rank + 1)?;
        }
        write!(f, "{}", self.to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Position;

    fn play(pos: &Position, text: &str) -> Result<Move, NotationError> {
        resolve(text, &pos.legal_move_list())
    }

    #[test]
    fn all_forms_of_a_knight_move() {
        let p = Position::new();
        for t in [
            "Nf3", "Ng1-f3", "Ng1f3", "g1f3", "1. Nf3", "Nf3!", "Ngf3", "N1f3",
        ] {
            assert_eq!(play(&p, t).expect(t).long(), "Ng1-f3", "{t}");
        }
        assert_eq!(play(&p, "e4").expect("e4").long(), "e2-e4");
        assert_eq!(play(&p, "12... e2-e4").expect("e4").long(), "e2-e4");
        // Issue 28: lower-case piece letters where no file is meant.
        for t in ["nf3", "ng1-f3", "ng1f3"] {
            assert_eq!(play(&p, t).expect(t).long(), "Ng1-f3", "{t}");
        }
        let q = Position::from_fen("4k3/8/8/8/8/8/1P6/R1B1K3 w Q - 0 1").expect("fen");
        // `b` is a file: `bxc3` stays a pawn's capture, `b3` a pawn's move.
        assert_eq!(play(&q, "b3").expect("b3").long(), "b2-b3");
        assert_eq!(play(&q, "ra1-a8").expect("ra8").long(), "Ra1-a8");
        assert_eq!(play(&q, "ke2").expect("ke2").long(), "Ke1-e2");
    }

    #[test]
    fn castling_spellings() {
        let p = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("fen");
        for (t, want) in [
            ("O-O", "O-O"),
            ("0-0", "O-O"),
            ("O-O-O", "O-O-O"),
            ("0-0-0", "O-O-O"),
            ("e1g1", "O-O"),
            ("e1c1", "O-O-O"),
        ] {
            assert_eq!(play(&p, t).expect(t).long(), want);
        }
    }

    #[test]
    fn errors_are_distinguished() {
        let p = Position::from_fen("4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1").expect("fen");
        match play(&p, "Ne4") {
            Err(NotationError::Ambiguous { candidates, .. }) => {
                assert_eq!(candidates, vec!["Nc3-e4", "Ng3-e4"]);
            }
            other => panic!("{other:?}"),
        }
        match play(&p, "Ne5") {
            Err(NotationError::Illegal { suggestions, .. }) => {
                assert!(!suggestions.is_empty() && suggestions.len() <= 5);
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            play(&p, "Zz9:a0"),
            Err(NotationError::Syntax { .. })
        ));
        let q = Position::from_fen("8/4P3/8/8/8/8/8/k3K3 w - - 0 1").expect("fen");
        assert!(matches!(
            play(&q, "e8"),
            Err(NotationError::Ambiguous { .. })
        ));
        assert_eq!(play(&q, "e8=N").expect("e8=N").long(), "e7-e8=N");
        assert_eq!(play(&q, "e7e8q").expect("e7e8q").long(), "e7-e8=Q");
    }
}
