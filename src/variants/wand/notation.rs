//! Wand Chess move text both ways: zaps `Ze4:d5`, outcomes and advance teleport
//! squares in parentheses, fast pieces' two-move forms `Ke4-e5:e6` and
//! `Nb1-c3 Bc1-f4`, and a bare square answering the teleport question.

use super::movegen::Turn;
use crate::core::notation::{
    self, echo, parse_syntax, strip_decorations, MoveSyntax, NotationError,
};
use crate::core::{Move, Square};
use crate::i18n::Lang;
use crate::i18n::Msg;
use crate::tr;
use crate::variants::picker::{self, LongMove, Step};

/// What a typed text says, before it is matched against the legal turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Zap {
        from: Square,
        to: Square,
    },
    Single(MoveSyntax),
    Double(MoveSyntax, MoveSyntax),
    /// A bare square (or `teleport h8`): the answer to the teleport question.
    Square(Square),
}

/// The parsed text plus a teleport square given in advance, `(teleport h8)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typed {
    pub input: Option<Input>,
    pub teleport: Option<Square>,
}

fn syntax(text: &str, reason: Msg) -> NotationError {
    NotationError::Syntax {
        input: echo(text),
        reason,
    }
}

/// The canonical text of a turn.
pub fn turn_text(t: &Turn) -> String {
    match *t {
        Turn::Move(m) => m.long(),
        Turn::Zap { from, to } => zap_text(from, to),
        Turn::Double(m1, m2) => double_text(m1, m2),
    }
}

pub fn zap_text(from: Square, to: Square) -> String {
    // Built by hand: legal texts are listed on every turn.
    let mut s = String::with_capacity(6);
    s.push('Z');
    s.push(from.file_char());
    s.push(from.rank_char());
    s.push(':');
    s.push(to.file_char());
    s.push(to.rank_char());
    s
}

/// `Ke4-e5:e6` when one piece moves twice, `Nb1-c3 Bc1-f4` otherwise.
pub fn double_text(m1: Move, m2: Move) -> String {
    if m2.from() == m1.to() {
        let mut s = m1.long();
        s.push(if m2.is_capture() { ':' } else { '-' });
        s.push_str(&m2.to().to_string());
        if let Some(p) = m2.promotion() {
            s.push('=');
            s.push(p.letter());
        }
        s
    } else {
        format!("{} {}", m1.long(), m2.long())
    }
}

/// `e8`, `takes d7`, `e8 = Queen`: the promotion goes with the target, so that a fast
/// pawn's two moves still take four choices.
fn target(m: &LongMove<'_>, lang: Lang) -> String {
    let t = picker::target_label(lang, m.capture, m.to);
    match m.promotion {
        Some(p) => format!("{t} = {}", picker::role_name(lang, p)),
        None => t,
    }
}

/// How a turn (or a teleport square) splits into the picker's choices: the piece or
/// the zapping wand, then its target; a fast piece's second move is a further piece
/// (`then Bishop c1`, or the same piece again) and target.
pub fn picker_steps(answer: &str, teleport: bool, lang: Lang) -> Vec<Step> {
    if teleport {
        return vec![Step::new(
            tr!(lang, "pick-wand-teleport"),
            tr!(lang, "pick-wand-teleport-to", square = answer),
        )
        .on(answer)];
    }
    // The first question: a piece to move or a wand to zap with.
    let piece_or_wand = tr!(lang, "pick-wand-first");
    if let Some(zap) = answer.strip_prefix('Z') {
        if let Some((from, to)) = zap.split_once(':') {
            let at = if from == to {
                tr!(lang, "pick-wand-at-itself", square = to)
            } else {
                tr!(lang, "pick-wand-at", square = to)
            };
            return vec![
                Step::new(
                    piece_or_wand,
                    tr!(lang, "pick-wand-zap-with", square = from),
                )
                .on(from),
                Step::new(tr!(lang, "pick-wand-zap-at"), at).on(to),
            ];
        }
    }
    let (first, second) = match answer.split_once(' ') {
        Some((a, b)) => (a, Some(b)),
        None => (answer, None),
    };
    let Some(m) = picker::parse_long(first) else {
        return picker::move_steps(answer, lang);
    };
    let mut steps = vec![
        Step::new(piece_or_wand, picker::piece_label(lang, m.role, m.from)).on(m.from),
        Step::new(picker::where_to(lang), target(&m, lang)).on(m.to),
    ];
    // The same piece again (`Ke4-e5:e6`) or another (`Nb1-c3 Bc1-f4`).
    let now = m.promotion.unwrap_or(m.role);
    let again = format!("{}{}{}", now.letter(), m.to, m.rest);
    let next = match second {
        Some(b) => picker::parse_long(b),
        None if !m.rest.is_empty() => picker::parse_long(&again),
        None => return steps,
    };
    match next {
        Some(n) => {
            let role = if m.rest.is_empty() { n.role } else { now };
            let piece = picker::piece_label(lang, role, n.from);
            steps.push(
                Step::new(
                    tr!(lang, "pick-wand-then"),
                    tr!(lang, "pick-then", what = piece),
                )
                .on(n.from),
            );
            steps.push(Step::new(picker::where_to(lang), target(&n, lang)).on(n.to));
        }
        None => steps.push(Step::new(picker::which_answer(lang), answer)),
    }
    steps
}

/// Splits off parenthesised groups: the outcome the bot printed is ignored, a
/// `teleport h8` group is kept.
fn split_groups(text: &str) -> Result<(String, Vec<String>), NotationError> {
    let mut outside = String::new();
    let mut groups = Vec::new();
    let mut current: Option<String> = None;
    for c in text.chars() {
        match (c, current.as_mut()) {
            ('(', None) => current = Some(String::new()),
            ('(', Some(_)) => return Err(syntax(text, Msg::new("notation-nested"))),
            (')', Some(_)) => {
                groups.push(current.take().unwrap_or_default());
                outside.push(' ');
            }
            (')', None) => return Err(syntax(text, Msg::new("notation-unmatched-close"))),
            (c, Some(g)) => g.push(c),
            (c, None) => outside.push(c),
        }
    }
    if current.is_some() {
        return Err(syntax(text, Msg::new("notation-unclosed")));
    }
    Ok((outside, groups))
}

fn is_move_number(tok: &str) -> bool {
    let digits = tok.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &tok[digits..];
    (digits > 0 || !rest.is_empty()) && !rest.is_empty() && rest.bytes().all(|b| b == b'.')
}

fn teleport_group(group: &str) -> Option<Square> {
    let g = group.trim().to_ascii_lowercase();
    let rest = g.strip_prefix("teleport")?;
    Square::parse(rest.trim().trim_start_matches(['=', ':']).trim())
}

/// Reads what a player typed.
pub fn parse(text: &str) -> Result<Typed, NotationError> {
    if text.len() > 200 {
        return Err(syntax(text, Msg::new("notation-too-long")));
    }
    if let Some(c) = text.chars().find(|c| c.is_control() && !c.is_whitespace()) {
        return Err(syntax(
            text,
            Msg::new("notation-unexpected").with("sign", format!("{c:?}")),
        ));
    }
    let (outside, groups) = split_groups(text)?;
    let teleport = groups.iter().find_map(|g| teleport_group(g));
    let tokens: Vec<&str> = outside
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|t| !t.is_empty() && !is_move_number(t))
        .map(strip_decorations)
        .filter(|t| !t.is_empty())
        .collect();
    let input = match tokens.as_slice() {
        [] => None,
        [t] => Some(parse_one(t)?),
        [word, sq] if word.eq_ignore_ascii_case("teleport") => {
            Some(Input::Square(Square::parse(sq).ok_or_else(|| {
                syntax(
                    text,
                    Msg::new("notation-not-a-square").with("text", echo(sq)),
                )
            })?))
        }
        // `e4 please`: a word beside a move is no second move.
        [a, b] if !b.chars().any(|c| c.is_ascii_digit()) => {
            return Err(syntax(
                text,
                Msg::new("notation-stray-words")
                    .with("first", a)
                    .with("rest", b),
            ))
        }
        [a, b] => Some(Input::Double(parse_syntax(a)?, parse_syntax(b)?)),
        _ => return Err(syntax(text, Msg::new("wand-turn-shape"))),
    };
    if input.is_none() && teleport.is_none() {
        return Err(syntax(text, Msg::new("notation-nothing")));
    }
    Ok(Typed { input, teleport })
}

fn square_positions(chars: &[char]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < chars.len() {
        if ('a'..='h').contains(&chars[i]) && ('1'..='8').contains(&chars[i + 1]) {
            out.push(i);
            i += 2;
        } else {
            i += 1;
        }
    }
    out
}

fn parse_one(tok: &str) -> Result<Input, NotationError> {
    if let Some(rest) = tok.strip_prefix(['Z', 'z']) {
        let body: String = rest
            .chars()
            .filter(|c| !matches!(c, '-' | ':' | 'x' | 'X'))
            .collect();
        let (a, b) = if body.len() == 4 && body.is_ascii() {
            (Square::parse(&body[..2]), Square::parse(&body[2..]))
        } else {
            (None, None)
        };
        return match (a, b) {
            (Some(from), Some(to)) => Ok(Input::Zap { from, to }),
            _ => Err(syntax(tok, Msg::new("wand-zap-form"))),
        };
    }
    let chars: Vec<char> = tok.chars().collect();
    let squares = square_positions(&chars);
    if squares.len() == 3 && chars.len() <= 24 {
        // `Ke4-e5:e6`: one fast piece moving twice.
        let p1 = squares[1];
        let mut first_end = p1 + 2;
        let mut second_role: Option<char> = match chars[0] {
            c @ ('P' | 'N' | 'B' | 'R' | 'Q' | 'K') => Some(c),
            _ => None,
        };
        if chars.get(first_end) == Some(&'=') {
            if let Some(p) = chars.get(first_end + 1) {
                second_role = Some(p.to_ascii_uppercase());
                first_end += 2;
            }
        }
        let first: String = chars[..first_end].iter().collect();
        let mut second: String = second_role.map(String::from).unwrap_or_default();
        second.extend(&chars[p1..p1 + 2]);
        second.extend(&chars[first_end..]);
        return Ok(Input::Double(parse_syntax(&first)?, parse_syntax(&second)?));
    }
    Ok(Input::Single(parse_syntax(tok)?))
}

/// Matches a double-move description against the legal double turns.
pub fn resolve_double(
    text: &str,
    first: &MoveSyntax,
    second: &MoveSyntax,
    legal: &[Turn],
) -> Result<Turn, NotationError> {
    let found: Vec<Turn> = legal
        .iter()
        .filter(|t| match t {
            Turn::Double(m1, m2) => notation::matches(first, m1) && notation::matches(second, m2),
            _ => false,
        })
        .copied()
        .collect();
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(NotationError::Illegal {
            input: echo(text),
            suggestions: notation::suggestions(text, legal.iter().map(turn_text)),
        }),
        many => Err(NotationError::Ambiguous {
            input: echo(text),
            candidates: many.iter().map(turn_text).collect(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zap_forms() {
        for t in [
            "Ze4:d5",
            "Ze4xd5",
            "Ze4-d5",
            "Ze4d5",
            "2. Ze4:d5",
            "Ze4:d5 (death)",
        ] {
            let p = parse(t).expect(t);
            assert_eq!(
                p.input,
                Some(Input::Zap {
                    from: Square::parse("e4").expect("e4"),
                    to: Square::parse("d5").expect("d5")
                }),
                "{t}"
            );
            assert_eq!(p.teleport, None);
        }
        let p = parse("Ze4:d5 (teleport h8)").expect("hint");
        assert_eq!(p.teleport, Square::parse("h8"));
        assert!(parse("Zz9:a0").is_err());
        assert!(parse("Ze4:d5 (death").is_err());
        assert!(parse("").is_err());
    }

    #[test]
    fn double_forms() {
        let p = parse("Ke4-e5:e6").expect("compact");
        assert!(matches!(p.input, Some(Input::Double(..))));
        let p = parse("Nb1-c3 Bc1-f4").expect("two");
        assert!(matches!(p.input, Some(Input::Double(..))));
        assert!(parse("a b c").is_err());
    }

    #[test]
    fn teleport_answers() {
        assert_eq!(
            parse("teleport h8").expect("t").input,
            Some(Input::Square(Square::H8))
        );
        assert_eq!(
            parse("(teleport h8)").expect("t").teleport,
            Some(Square::H8)
        );
        assert!(matches!(
            parse("h8").expect("t").input,
            Some(Input::Single(_))
        ));
    }
}
