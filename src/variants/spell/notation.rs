//! Spell Chess move text (NOTATION.md, Spell part, and RULINGS P8): a FIDE move with
//! an optional spell, as `e4 (freeze d5)`, `freeze@d5 Nd6` or `f@d5,g8f6`, and an
//! optional `!` confirming a move that leaves the mover's king capturable.

use crate::core::notation::{echo, parse_syntax, MoveLike, MoveSyntax, NotationError};
use crate::core::{CastleSide, Role, Square};
use crate::i18n::Msg;
use crate::variants::spell::position::{Spell, Turn};

/// What a typed turn says, before any position is consulted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnSyntax {
    pub spell: Option<Spell>,
    pub mv: MoveSyntax,
    /// The player wrote `!`: play it even if it leaves the king capturable.
    pub confirmed: bool,
}

impl MoveLike for Turn {
    fn role(&self) -> Role {
        self.mv.role()
    }
    fn from_square(&self) -> Square {
        self.mv.from()
    }
    fn to_square(&self) -> Square {
        self.mv.to()
    }
    fn promotion(&self) -> Option<Role> {
        self.mv.promotion()
    }
    fn castle_side(&self) -> Option<CastleSide> {
        self.mv.castle_side()
    }
    fn canonical(&self) -> String {
        Turn::canonical(self)
    }
}

/// `freeze`, `f`, `jump` or `j` (any case) as a spell kind: `true` for freeze.
fn spell_word(word: &str) -> Option<bool> {
    match word.to_ascii_lowercase().as_str() {
        "freeze" | "f" => Some(true),
        "jump" | "j" => Some(false),
        _ => None,
    }
}

fn make_spell(freeze: bool, square: &str) -> Option<Spell> {
    let sq = Square::parse(square)?;
    Some(if freeze {
        Spell::Freeze(sq)
    } else {
        Spell::Jump(sq)
    })
}

/// Parses every accepted form of a Spell Chess turn.
pub fn parse_turn(text: &str) -> Result<TurnSyntax, NotationError> {
    let fail = |reason: Msg| NotationError::Syntax {
        input: echo(text),
        reason,
    };
    if text.len() > 64 {
        return Err(fail(Msg::new("notation-too-long")));
    }
    let confirmed = text.contains('!');
    let cleaned: String = text.chars().filter(|c| *c != '!').collect();
    let mut spells: Vec<Spell> = Vec::new();
    let mut rest = cleaned.as_str().to_string();
    // `(freeze d5)` / `(jump e3)`, anywhere (normally after the move).
    if let Some(open) = rest.find('(') {
        let close = rest[open..]
            .find(')')
            .map(|i| open + i)
            .ok_or_else(|| fail(Msg::new("notation-unclosed")))?;
        let inner = &rest[open + 1..close];
        let words: Vec<&str> = inner
            .split(|c: char| c.is_whitespace() || c == '@' || c == ':')
            .filter(|w| !w.is_empty())
            .collect();
        let spell = match words.as_slice() {
            [word, square] => spell_word(word).and_then(|f| make_spell(f, square)),
            _ => None,
        }
        .ok_or_else(|| fail(Msg::new("spell-form-bracket")))?;
        spells.push(spell);
        rest = format!("{} {}", &rest[..open], &rest[close + 1..]);
    }
    if rest.contains(['(', ')']) {
        return Err(fail(Msg::new("spell-one-per-turn")));
    }
    // `freeze@d5 Nd6`, `f@d5,g8f6`: spell tokens in any position.
    let mut move_words: Vec<&str> = Vec::new();
    for token in rest
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
    {
        match token.split_once('@') {
            Some((word, square)) => {
                let spell = spell_word(word)
                    .and_then(|f| make_spell(f, square))
                    .ok_or_else(|| fail(Msg::new("spell-form-at")))?;
                spells.push(spell);
            }
            None => move_words.push(token),
        }
    }
    if spells.len() > 1 {
        return Err(fail(Msg::new("spell-one-per-turn")));
    }
    if move_words.is_empty() {
        return Err(fail(if spells.is_empty() {
            Msg::new("notation-nothing")
        } else {
            Msg::new("spell-with-a-move")
        }));
    }
    let mv = parse_syntax(&move_words.join(" ")).map_err(|e| match e {
        NotationError::Syntax { reason, .. } => fail(reason),
        other => other,
    })?;
    Ok(TurnSyntax {
        spell: spells.first().copied(),
        mv,
        confirmed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).expect("square")
    }

    // ruling P8: every accepted order gives the same spell and move.
    #[test]
    fn ruling_p8_all_orders_parse_alike() {
        let want = parse_turn("Ng8-f6 (freeze d5)").expect("canonical");
        assert_eq!(want.spell, Some(Spell::Freeze(sq("d5"))));
        for t in [
            "freeze@d5 Ng8f6",
            "f@d5,g8f6",
            "F@d5, g8f6",
            "g8f6 (Freeze d5)",
            "g8f6 (freeze@d5)",
            "Freeze@D5 g8-f6",
        ] {
            let got = parse_turn(t).expect(t);
            assert_eq!(got.spell, want.spell, "{t}");
            assert!(!got.confirmed);
        }
        let j = parse_turn("jump@e3 Bh6").expect("jump");
        assert_eq!(j.spell, Some(Spell::Jump(sq("e3"))));
        assert_eq!(parse_turn("j@e3,c1h6").expect("j").spell, j.spell);
        assert!(parse_turn("Kd2!").expect("confirm").confirmed);
        assert!(parse_turn("e2-e4 (freeze d5)!").expect("confirm").confirmed);
    }

    #[test]
    fn malformed_spells_are_syntax_errors() {
        for t in [
            "",
            "(freeze d5)",
            "e4 (freeze d9)",
            "e4 (freeze d5",
            "e4 (burn d5)",
            "f@d5 j@e3 e4",
            "e4 (freeze d5) (jump e3)",
            "x@d5 e4",
            "f@ e4",
            "\u{0}\u{1}(((",
            "Zz9:a0",
        ] {
            assert!(
                matches!(parse_turn(t), Err(NotationError::Syntax { .. })),
                "{t}"
            );
        }
        assert!(parse_turn(&"e4 ".repeat(5000)).is_err());
    }
}
