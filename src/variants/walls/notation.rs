//! Wizard Walls text, syntax part (NOTATION.md): setup answers, and turns of 0-2
//! actions in short (`Nc3+d4`, `Nc3xd4`, `R@e4`, `Nb1-c3`) and long forms
//! (`N c3 wall d4`, `N c3 break d4`, `resurrect R e4`). No position is consulted.

use crate::core::notation::{echo, parse_syntax, MoveSyntax};
use crate::core::{Role, Square};
use crate::i18n::Msg;

/// A wizard named in a conjure or destroy: its letter and/or its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {
    pub role: Option<Role>,
    pub from: Option<Square>,
}

/// One typed item of an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    Pass,
    /// `@c4`: a setup wall.
    Wall(Square),
    /// `R@e4`: a team placement in the setup, a resurrection in play.
    Place(Role, Square),
    Conjure(Spec, Square),
    Destroy(Spec, Square),
    Move(MoveSyntax),
}

/// A token with the text it was read from (for messages).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typed {
    pub token: Token,
    pub raw: String,
}

/// At most this many items are read; more is refused before any work.
const MAX_ITEMS: usize = 24;

fn syntax(raw: &str, reason: Msg) -> Msg {
    Msg::new("walls-unreadable")
        .with("input", echo(raw))
        .with("reason", reason)
}

fn role_letter(s: &str) -> Option<Role> {
    let mut cs = s.chars();
    let c = cs.next()?;
    if cs.next().is_some() {
        return None;
    }
    Role::from_letter(c)
}

fn square(s: &str) -> Option<Square> {
    Square::parse(&s.to_ascii_lowercase())
}

/// `Nc3`, `c3`, `N`, or empty (any wizard): the caster of a conjure or destroy.
fn spec(s: &str) -> Option<Spec> {
    let mut role = None;
    let mut rest = s;
    if let Some(c) = s.chars().next() {
        if c.is_ascii_uppercase() {
            role = Some(Role::from_letter(c)?);
            rest = &s[1..];
        }
    }
    let from = if rest.is_empty() {
        None
    } else {
        Some(square(rest)?)
    };
    Some(Spec { role, from })
}

fn single(raw: &str) -> Result<Token, Msg> {
    let t = raw.trim();
    if t.eq_ignore_ascii_case("pass") {
        return Ok(Token::Pass);
    }
    if let Some(sq) = t.strip_prefix('@') {
        return square(sq)
            .map(Token::Wall)
            .ok_or_else(|| syntax(raw, Msg::new("walls-syntax-wall")));
    }
    if let Some((l, r)) = t.split_once('@') {
        let role = role_letter(l).ok_or_else(|| syntax(raw, Msg::new("walls-syntax-place")))?;
        let sq = square(r).ok_or_else(|| syntax(raw, Msg::new("walls-syntax-place")))?;
        return Ok(Token::Place(role, sq));
    }
    // A `+` inside the text conjures; a trailing one is only a decoration of a move.
    let trimmed = t.trim_end_matches(['+', '#', '!', '?']);
    if let Some((l, r)) = trimmed.split_once('+') {
        let who = spec(l).ok_or_else(|| syntax(raw, Msg::new("walls-syntax-conjure")))?;
        let at = square(r).ok_or_else(|| syntax(raw, Msg::new("walls-syntax-conjure")))?;
        return Ok(Token::Conjure(who, at));
    }
    // Moves never capture (Z1), so `x` or `:` always means destroying a wall.
    let body = trimmed.get(1..).unwrap_or("");
    if let Some(i) = body.find(['x', 'X', ':']) {
        let (l, r) = trimmed.split_at(i + 1);
        let r = &r[1..];
        let who = spec(l).ok_or_else(|| syntax(raw, Msg::new("walls-syntax-destroy")))?;
        let at = square(r).ok_or_else(|| syntax(raw, Msg::new("walls-syntax-destroy")))?;
        return Ok(Token::Destroy(who, at));
    }
    if trimmed.starts_with(['x', 'X', ':']) {
        let at =
            square(&trimmed[1..]).ok_or_else(|| syntax(raw, Msg::new("walls-syntax-destroy")))?;
        return Ok(Token::Destroy(
            Spec {
                role: None,
                from: None,
            },
            at,
        ));
    }
    match parse_syntax(t) {
        Ok(s) => Ok(Token::Move(s)),
        Err(_) => Err(syntax(raw, Msg::new("walls-syntax-action"))),
    }
}

/// Splits an answer into its items, reading the long forms of NOTATION.md too.
pub fn parse(text: &str) -> Result<Vec<Typed>, Msg> {
    // A full-width `＠`, as refusals once printed it, is read as `@`.
    let text = &text.replace('＠', "@");
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        return Err(Msg::new("walls-type-a-turn"));
    }
    if words.len() > MAX_ITEMS {
        return Err(Msg::new("walls-too-many-items"));
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        let lower = w.to_ascii_lowercase();
        if lower == "resurrect" {
            // `resurrect R e4` or `resurrect R@e4`.
            let (role, sq, used) = match (words.get(i + 1), words.get(i + 2)) {
                (Some(a), _) if a.contains('@') => match single(a)? {
                    Token::Place(r, s) => (r, s, 2),
                    _ => return Err(syntax(a, Msg::new("walls-syntax-resurrect"))),
                },
                (Some(a), Some(b)) => {
                    let role = role_letter(a)
                        .ok_or_else(|| syntax(a, Msg::new("walls-syntax-resurrect")))?;
                    let sq =
                        square(b).ok_or_else(|| syntax(b, Msg::new("walls-syntax-resurrect")))?;
                    (role, sq, 3)
                }
                _ => return Err(syntax(w, Msg::new("walls-syntax-resurrect"))),
            };
            out.push(Typed {
                token: Token::Place(role, sq),
                raw: format!("resurrect {} {sq}", role.letter()),
            });
            i += used;
            continue;
        }
        // `N c3 wall d4`, `N c3 break d4`, and the same without the letter.
        let (role, start) = match role_letter(w) {
            Some(r) if words.len() > i + 3 => (Some(r), i + 1),
            _ => (None, i),
        };
        let keyword = words.get(start + 1).map(|k| k.to_ascii_lowercase());
        if let (Some(from), Some(k), Some(to)) = (
            words.get(start).and_then(|s| square(s)),
            keyword.as_deref(),
            words.get(start + 2).and_then(|s| square(s)),
        ) {
            let who = Spec {
                role,
                from: Some(from),
            };
            let token = match k {
                "wall" | "conjure" => Some(Token::Conjure(who, to)),
                "break" | "destroy" => Some(Token::Destroy(who, to)),
                _ => None,
            };
            if let Some(token) = token {
                out.push(Typed {
                    token,
                    raw: words[i..start + 3].join(" "),
                });
                i = start + 3;
                continue;
            }
        }
        out.push(Typed {
            token: single(w)?,
            raw: w.to_string(),
        });
        i += 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).expect("square")
    }

    fn tokens(text: &str) -> Vec<Token> {
        parse(text)
            .expect(text)
            .into_iter()
            .map(|t| t.token)
            .collect()
    }

    // X-WALLS-9: the forms of NOTATION.md, and `x` always meaning a destroyed wall.
    #[test]
    fn short_and_long_forms_agree() {
        let nc3 = Spec {
            role: Some(Role::Knight),
            from: Some(sq("c3")),
        };
        assert_eq!(tokens("Nc3+d4"), vec![Token::Conjure(nc3, sq("d4"))]);
        assert_eq!(tokens("N c3 wall d4"), vec![Token::Conjure(nc3, sq("d4"))]);
        assert_eq!(tokens("Nc3xd4"), vec![Token::Destroy(nc3, sq("d4"))]);
        assert_eq!(tokens("Nc3:d4"), vec![Token::Destroy(nc3, sq("d4"))]);
        assert_eq!(tokens("N c3 break d4"), vec![Token::Destroy(nc3, sq("d4"))]);
        assert_eq!(tokens("R@e4"), vec![Token::Place(Role::Rook, sq("e4"))]);
        assert_eq!(
            tokens("resurrect R e4"),
            vec![Token::Place(Role::Rook, sq("e4"))]
        );
        assert_eq!(tokens("pass"), vec![Token::Pass]);
        assert_eq!(
            tokens("@c4, @d5 @f3"),
            vec![
                Token::Wall(sq("c4")),
                Token::Wall(sq("d5")),
                Token::Wall(sq("f3"))
            ]
        );
        let two = tokens("Nb1-c3, N c3 wall d4");
        assert_eq!(two.len(), 2);
        assert!(matches!(two[0], Token::Move(_)));
        assert!(matches!(tokens("Nc3+")[0], Token::Move(_)));
    }

    #[test]
    fn unreadable_items_get_a_reason() {
        for bad in ["Zq9", "@z9", "R@", "Nc3+z1", "resurrect", "N c3 wall"] {
            let e = parse(bad).expect_err(bad);
            assert!(e.to_string().starts_with("I can't read"), "{bad}: {e}");
        }
        assert!(parse("   ").is_err());
    }
}
