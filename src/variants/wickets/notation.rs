//! Chess with Wickets move text (NOTATION.md): moves with wicket cells (`Qd1-w0`),
//! throws after `>` (`Ke1-f2>f6`, castling relay `O-O>f1>f5`), a ball square given in
//! advance (`Qd1:d7 (ball d6)`), a throw declined in advance (`Ke1-e2 decline`), and
//! the follow-up answers (`defender Nf3`, `card 7c`,
//! `sacrifice a2 b2`, `decline`).

use super::position::{Kind, WMove};
use crate::core::notation::{echo, resolve_by, strip_decorations, Named, NotationError};
use crate::core::{Cell, Role};
use crate::i18n::Msg;

/// A typed move, before the position is consulted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    pub body: Body,
    /// Throw hops given in advance (`>f6`, `>f1>f5`).
    pub throw: Vec<Cell>,
    /// Ball square given in advance (`(ball d6)`).
    pub ball: Option<Cell>,
    /// The throw declined in advance (`Ke1-e2 decline`, X-WICKETS-19).
    pub decline: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    Castle {
        king_side: bool,
    },
    Move {
        role: Option<Role>,
        from_file: Option<i8>,
        from_rank: Option<i8>,
        from_cell: Option<Cell>,
        to: Cell,
        promotion: Option<Role>,
    },
}

fn syntax(input: &str, reason: Msg) -> NotationError {
    NotationError::Syntax {
        input: echo(input),
        reason,
    }
}

/// Reads a cell at the start of `chars`: `a1`..`h8`, `w0`, `w9`.
fn cell_at(chars: &[char]) -> Option<Cell> {
    match chars {
        [f, r, ..] => Cell::parse(&format!("{f}{r}")),
        _ => None,
    }
}

/// Splits off `(ball d6)` and the `>` hops, then reads the move itself.
pub fn parse_move(text: &str) -> Result<MoveText, NotationError> {
    let mut s = strip_decorations(text).to_string();
    if s.is_empty() {
        return Err(syntax(text, Msg::new("notation-nothing")));
    }
    if s.len() > 40 {
        return Err(syntax(text, Msg::new("notation-too-long")));
    }
    let mut ball = None;
    if let Some(open) = s.find('(') {
        let close = s[open..]
            .find(')')
            .map(|i| i + open)
            .ok_or_else(|| syntax(text, Msg::new("wickets-unclosed")))?;
        let inner = s[open + 1..close].trim().to_ascii_lowercase();
        let sq = inner
            .strip_prefix("ball")
            .map(str::trim)
            .ok_or_else(|| syntax(text, Msg::new("wickets-ball-bracket")))?;
        ball = Some(Cell::parse(sq).ok_or_else(|| syntax(text, Msg::new("wickets-ball-square")))?);
        s = format!("{}{}", &s[..open], &s[close + 1..]);
    }
    let mut s = strip_decorations(s.trim()).to_string();
    let mut decline = false;
    if let Some(head) = s.to_ascii_lowercase().strip_suffix("decline") {
        if head.ends_with([' ', ',', '>']) {
            decline = true;
            s = s[..head.len()]
                .trim_end_matches([' ', ',', '>'])
                .to_string();
        }
    }
    let mut parts = s.split('>');
    let head = parts.next().unwrap_or("").trim();
    let mut throw = Vec::new();
    for p in parts {
        let p = p.trim();
        throw.push(
            Cell::parse(p)
                .ok_or_else(|| syntax(text, Msg::new("wickets-throw-square").with("text", p)))?,
        );
    }
    if throw.len() > 2 {
        return Err(syntax(text, Msg::new("wickets-two-hops")));
    }
    if decline && !throw.is_empty() {
        return Err(syntax(text, Msg::new("wickets-throw-or-keep")));
    }
    Ok(MoveText {
        body: parse_body(text, head)?,
        throw,
        ball,
        decline,
    })
}

fn parse_body(input: &str, s: &str) -> Result<Body, NotationError> {
    if let Some(side) = crate::core::notation::castle_side(s) {
        return Ok(Body::Castle {
            king_side: side == crate::core::CastleSide::King,
        });
    }
    if let Some(reason) = crate::core::notation::stray_reason(s) {
        return Err(syntax(input, reason));
    }
    let mut chars: Vec<char> = s.chars().collect();
    let role = match chars.first() {
        Some(c @ ('P' | 'N' | 'B' | 'R' | 'Q' | 'K')) => {
            let r = Role::from_letter(*c);
            chars.remove(0);
            r
        }
        _ => None,
    };
    let promotion = take_promotion(input, &mut chars)?;
    let body: Vec<char> = chars
        .into_iter()
        .filter(|c| !matches!(c, '-' | ':' | 'x' | 'X'))
        .collect();
    let (from_file, from_rank, from_cell, to) = read_squares(input, &body)?;
    Ok(Body::Move {
        role,
        from_file,
        from_rank,
        from_cell,
        to,
        promotion,
    })
}

/// The promotion at the end of a move (`=Q`, or `e8q` without the sign), taken off
/// `chars`.
fn take_promotion(input: &str, chars: &mut Vec<char>) -> Result<Option<Role>, NotationError> {
    let mut promotion = None;
    if let Some(eq) = chars.iter().position(|c| *c == '=') {
        let tail: String = chars[eq + 1..].iter().collect();
        promotion = Some(
            promotion_role(&tail)
                .ok_or_else(|| syntax(input, Msg::new("notation-promotion-role")))?,
        );
        chars.truncate(eq);
    } else if chars.len() >= 3 {
        let last = chars[chars.len() - 1];
        if chars[chars.len() - 2].is_ascii_digit() && "qrbnQRBN".contains(last) {
            promotion = promotion_role(&last.to_string());
            chars.pop();
        }
    }
    Ok(promotion)
}

/// A move's origin file, origin rank, whole origin and destination, as typed.
type Squares = (Option<i8>, Option<i8>, Option<Cell>, Cell);

/// The squares of a move without its signs: the destination, after a file, a rank
/// or a whole origin.
fn read_squares(input: &str, body: &[char]) -> Result<Squares, NotationError> {
    let bad = |r: Msg| syntax(input, r);
    Ok(match body.len() {
        2 => (
            None,
            None,
            None,
            cell_at(body).ok_or_else(|| bad(Msg::new("wickets-not-a-square")))?,
        ),
        3 => {
            let to = cell_at(&body[1..]).ok_or_else(|| bad(Msg::new("wickets-not-a-square")))?;
            let c = body[0];
            if ('a'..='h').contains(&c) {
                (Some(c as i8 - 'a' as i8), None, None, to)
            } else if ('1'..='8').contains(&c) {
                (None, Some(c as i8 - '1' as i8), None, to)
            } else {
                return Err(bad(
                    Msg::new("notation-not-file-or-rank").with("sign", c.to_string())
                ));
            }
        }
        4 => {
            let from = cell_at(body).ok_or_else(|| bad(Msg::new("wickets-first-not-a-square")))?;
            let to =
                cell_at(&body[2..]).ok_or_else(|| bad(Msg::new("wickets-second-not-a-square")))?;
            (None, None, Some(from), to)
        }
        0 | 1 => return Err(bad(Msg::new("notation-no-destination"))),
        _ => return Err(bad(Msg::new("notation-too-many-squares"))),
    })
}

fn promotion_role(t: &str) -> Option<Role> {
    match t.to_ascii_uppercase().as_str() {
        "Q" => Some(Role::Queen),
        "R" => Some(Role::Rook),
        "B" => Some(Role::Bishop),
        "N" => Some(Role::Knight),
        _ => None,
    }
}

pub fn fits(body: &Body, m: &WMove) -> bool {
    let castles = matches!(m.kind, Kind::Castle { .. });
    match body {
        Body::Castle { king_side } => match m.kind {
            Kind::Castle { rook } => (rook.file() > 4) == *king_side,
            _ => false,
        },
        Body::Move {
            role,
            from_file,
            from_rank,
            from_cell,
            to,
            promotion,
        } => {
            // The king's two-square move names castling (`e1g1`).
            let named = Named {
                role: *role,
                from_file: *from_file,
                from_rank: *from_rank,
                full_from: from_cell.is_some(),
                promotion: *promotion,
            };
            *to == m.to
                && from_cell.is_none_or(|c| c == m.from)
                && named.fits(m.role, m.from.coords(), m.promotion, castles)
        }
    }
}

/// Matches a typed move against the legal moves, by the FIDE rule of
/// `core::notation` (the cells may be the outer ones, so the typed move is read here).
pub fn resolve(text: &str, body: &Body, legal: &[WMove]) -> Result<WMove, NotationError> {
    resolve_by(text, legal, |m| fits(body, m), WMove::long)
}

/// Strips an answer's keyword (`defender`, `card`, `sacrifice`, `ball`), case-insensitive.
pub fn strip_keyword<'a>(text: &'a str, word: &str) -> &'a str {
    let t = text.trim();
    match (t.get(..word.len()), t.get(word.len()..)) {
        (Some(head), Some(rest)) if head.eq_ignore_ascii_case(word) => {
            rest.trim_start_matches([' ', ':']).trim()
        }
        _ => t,
    }
}

pub fn is_decline(text: &str) -> bool {
    matches!(
        text.trim().to_ascii_lowercase().as_str(),
        "decline" | "no" | "none" | "pass" | "keep"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Side, Square};

    #[test]
    fn throws_and_ball_squares_are_read() {
        let t = parse_move("Ke1-f2>f6").expect("parse");
        assert_eq!(t.throw, vec![Cell::parse("f6").expect("f6")]);
        let t = parse_move("Nc3-d5>w9").expect("parse");
        assert_eq!(t.throw, vec![Cell::Outer(Side::Black)]);
        let t = parse_move("Qd1:d7 (ball d6)").expect("parse");
        assert_eq!(t.ball, Some(Cell::Board(Square::parse("d6").expect("d6"))));
        let t = parse_move("Qd1-w0").expect("parse");
        assert!(matches!(
            t.body,
            Body::Move {
                to: Cell::Outer(Side::White),
                ..
            }
        ));
        let t = parse_move("O-O>f1>f5").expect("parse");
        assert_eq!(t.throw.len(), 2);
        // X-WICKETS-19: the throw declined in advance.
        for text in [
            "Ke1-e2 decline",
            "Ke1-e2, decline",
            "Ke1-e2 DECLINE",
            "O-O decline",
        ] {
            let t = parse_move(text).expect(text);
            assert!(t.decline && t.throw.is_empty(), "{text}");
        }
        assert!(!parse_move("Ke1-e2").expect("parse").decline);
        assert!(parse_move("Ke1-e2>f3 decline").is_err());
        assert!(parse_move("Ke1-f2>z9").is_err());
        assert!(parse_move("Qd1:d7 (wand d6)").is_err());
    }
}
