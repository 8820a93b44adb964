//! The Chess with Wickets FEN extension (`docs/fen-wickets.md`): the six FIDE fields,
//! then the wickets, the Defenders, the balls, the decision method and an optional
//! pending step of the current turn.

use super::position::{Man, Pos};
use crate::core::{Cell, Piece, Position, Role, Side};

fn err(s: &str) -> String {
    format!("invalid FEN: {s}")
}

fn cells_text(a: Option<Cell>, b: Option<Cell>) -> String {
    let t = |c: Option<Cell>| c.map_or("-".to_string(), |c| c.to_string());
    format!("{},{}", t(a), t(b))
}

/// Fields 7-9: `--` (w0, w9 contents), `D=d1,d8`, `B=e1,@d5`.
pub fn write(pos: &Pos) -> String {
    let fide = Position::from_fen_unvalidated("8/8/8/8/8/8/8/8 w - - 0 1").map(|mut p| {
        *p.board_mut() = pos.board();
        p.set_turn(pos.fide.turn);
        p.set_castling_rooks(pos.fide.castling);
        p.set_halfmoves(pos.fide.halfmoves);
        p.set_fullmoves(pos.fide.fullmoves);
        p
    });
    let ep = pos
        .fide
        .ep
        .filter(|_| {
            pos.legal_moves()
                .iter()
                .any(|m| m.kind == super::position::Kind::EnPassant)
        })
        .map_or("-".to_string(), |s| s.to_string());
    let six = match fide {
        Ok(p) => {
            let f = p.fen();
            let parts: Vec<&str> = f.split(' ').collect();
            format!(
                "{} {} {} {} {} {}",
                parts[0], parts[1], parts[2], ep, parts[4], parts[5]
            )
        }
        Err(_) => String::new(),
    };
    let wicket = |s: Side| pos.man(Cell::Outer(s)).map_or('-', |m| m.piece.fen_char());
    let balls = |s: Side| match (pos.ball_haver(s), pos.lying[s.index()]) {
        (Some(c), _) => c.to_string(),
        (None, Some(c)) => format!("@{c}"),
        (None, None) => "-".to_string(),
    };
    format!(
        "{six} {}{} D={} B={},{}",
        wicket(Side::White),
        wicket(Side::Black),
        cells_text(pos.defender(Side::White), pos.defender(Side::Black)),
        balls(Side::White),
        balls(Side::Black)
    )
}

fn parse_cell(t: &str) -> Result<Option<Cell>, String> {
    if t == "-" {
        return Ok(None);
    }
    Cell::parse(t)
        .map(Some)
        .ok_or_else(|| crate::variants::fen_square(t))
}

/// Reads the fields the position needs; returns it and the unread rest.
pub fn read(fen: &str) -> Result<(Pos, Vec<String>), String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(err("empty"));
    }
    let six: Vec<&str> = fields.iter().take(6).copied().collect();
    let fide = Position::from_fen_unvalidated(&six.join(" ")).map_err(|e| e.to_string())?;
    let mut pos = Pos::from_board(fide.board());
    pos.fide.turn = fide.turn();
    pos.fide.castling = fide.castling_rooks();
    pos.fide.ep = fide.ep_square();
    pos.fide.halfmoves = fide.halfmoves();
    pos.fide.fullmoves = fide.fullmoves();
    let rest: Vec<String> = fields.iter().skip(6).map(|s| s.to_string()).collect();
    let mut rest = rest.into_iter().peekable();
    let mut explicit_marks = false;
    if let Some(w) = rest.peek().cloned() {
        let cs: Vec<char> = w.chars().collect();
        if cs.len() == 2 && !w.contains('=') {
            rest.next();
            read_wickets(&mut pos, &cs)?;
        }
    }
    // The marks fields, each optional, in this order.
    let mut marked = |prefix: &str| {
        let value = rest
            .peek()
            .and_then(|t| t.strip_prefix(prefix))
            .map(str::to_string);
        if value.is_some() {
            rest.next();
            explicit_marks = true;
        }
        value
    };
    if let Some(d) = marked("D=") {
        read_defenders(&mut pos, &d)?;
    }
    if let Some(b) = marked("B=") {
        read_balls(&mut pos, &b)?;
    }
    if !explicit_marks {
        plain_marks(&mut pos);
    }
    validate(&pos)?;
    Ok((pos, rest.collect()))
}

/// The wickets field (`Q-`): what stands in White's and Black's wicket.
fn read_wickets(pos: &mut Pos, cs: &[char]) -> Result<(), String> {
    for (i, side) in Side::BOTH.into_iter().enumerate() {
        if cs[i] != '-' {
            let p = Piece::from_fen_char(cs[i])
                .ok_or_else(|| err(&format!("`{}` is not a piece", cs[i])))?;
            if p.role == Role::Pawn {
                return Err(err("a pawn cannot stand in a wicket"));
            }
            pos.men.insert(Cell::Outer(side), Man::new(p));
        }
    }
    Ok(())
}

/// A field's White and Black parts (`white,black`); without the comma, the refusal
/// `how` it is written.
fn per_side<'a>(field: &'a str, how: &str) -> Result<[(Side, &'a str); 2], String> {
    let (white, black) = field.split_once(',').ok_or_else(|| err(how))?;
    Ok([(Side::White, white), (Side::Black, black)])
}

/// The Defenders field without its `D=`: `d1,d8`.
fn read_defenders(pos: &mut Pos, d: &str) -> Result<(), String> {
    for (side, t) in per_side(d, "Defenders are written D=d1,d8")? {
        if let Some(c) = parse_cell(t)? {
            match pos.men.get_mut(c) {
                Some(m) if m.piece.side == side => m.defender = true,
                _ => return Err(err(&format!("no {side} piece on {c} to be the Defender"))),
            }
        }
    }
    Ok(())
}

/// The balls field without its `B=`: `e1,@d5`, a carrier or a lying ball per side.
fn read_balls(pos: &mut Pos, b: &str) -> Result<(), String> {
    for (side, t) in per_side(b, "balls are written B=e1,@d5")? {
        if let Some(lying) = t.strip_prefix('@') {
            let cell = parse_cell(lying)?.ok_or_else(|| err("`@` needs a square"))?;
            if pos.men.get(cell).is_some() || pos.ball_at(cell).is_some() {
                return Err(err(&format!("the ball on {cell} needs an empty square")));
            }
            pos.lying[side.index()] = Some(cell);
        } else if let Some(c) = parse_cell(t)? {
            match pos.men.get_mut(c) {
                Some(m) if m.piece.side == side && !m.defender => m.ball = true,
                _ => {
                    return Err(err(&format!(
                        "no {side} piece other than the Defender on {c} to carry the ball"
                    )))
                }
            }
        }
    }
    Ok(())
}

/// A plain FEN's marks: each King carries its ball, a lone Queen is the Defender.
fn plain_marks(pos: &mut Pos) {
    for side in Side::BOTH {
        let queens: Vec<Cell> = pos
            .men
            .iter()
            .filter(|(_, m)| m.piece == Piece::new(side, Role::Queen))
            .map(|(c, _)| c)
            .collect();
        if let [q] = queens.as_slice() {
            if let Some(m) = pos.men.get_mut(*q) {
                m.defender = true;
            }
        }
        if let Some(k) = pos.king(side) {
            if let Some(m) = pos.men.get_mut(k) {
                m.ball = true;
            }
        }
    }
}

fn validate(pos: &Pos) -> Result<(), String> {
    for side in Side::BOTH {
        let kings = pos
            .men
            .iter()
            .filter(|(_, m)| m.piece == Piece::new(side, Role::King))
            .count();
        if kings != 1 {
            return Err(err(&format!("{side} must have exactly one king")));
        }
    }
    for (c, m) in pos.men.iter() {
        if m.piece.role == Role::Pawn && c.square().is_none_or(|s| s.rank() == 0 || s.rank() == 7) {
            return Err(err("pawns cannot stand on the first or last rank"));
        }
    }
    // K3: a side's own wicket holds only its Defender; an enemy piece there came in
    // as a ball-haver and may since have thrown.
    for side in Side::BOTH {
        if let Some(m) = pos.men.get(Cell::Outer(side)) {
            if m.piece.side == side && !m.defender {
                return Err(err(&format!(
                    "only {side}'s Defender may stand in {side}'s wicket"
                )));
            }
        }
    }
    if pos.in_check(pos.fide.turn.other()) {
        return Err(err("the side not to move is in check"));
    }
    Ok(())
}

/// The open step of a turn: `turn=place:d7,defender,throw:g1+f1,lead:1:g`.
pub fn write_pending(t: &super::TurnState) -> String {
    use super::Step;
    let mut parts = Vec::new();
    if let Some(c) = t.place_ball {
        parts.push(format!("place:{c}"));
    }
    if t.new_defender {
        parts.push("defender".to_string());
    }
    if !t.throwers.is_empty() {
        let cells: Vec<String> = t.throwers.iter().map(|c| c.to_string()).collect();
        parts.push(format!("throw:{}", cells.join("+")));
    }
    if let Some(d) = t.decision {
        let s = if d.seeing { 'g' } else { 'o' };
        parts.push(match d.step {
            Step::Lead => format!("lead:{}:{s}", d.attempt),
            Step::Answer(c) => format!("answer:{}:{s}:{c}", d.attempt),
            Step::Sacrifice(n) => format!("sac:{n}:{}:{s}", d.attempt),
        });
    }
    format!("turn={}", parts.join(","))
}

pub fn read_pending(text: &str, pos: &Pos) -> Result<super::TurnState, String> {
    use super::TurnState;
    let body = text
        .strip_prefix("turn=")
        .ok_or_else(|| err(&format!("unexpected field `{text}`")))?;
    let mut t = TurnState {
        mover: pos.fide.turn.other(),
        head: String::new(),
        results: Vec::new(),
        place_ball: None,
        throwers: Vec::new(),
        advance_throw: Vec::new(),
        new_defender: false,
        decision: None,
    };
    for part in body.split(',').filter(|p| !p.is_empty()) {
        let f: Vec<&str> = part.split(':').collect();
        match f.as_slice() {
            ["place", c] => t.place_ball = parse_cell(c)?,
            ["defender"] => t.new_defender = true,
            ["throw", cs] => {
                for c in cs.split('+') {
                    t.throwers.extend(parse_cell(c)?);
                }
            }
            _ => t.decision = Some(read_decision(part, &f)?),
        }
    }
    check_pending(&t, pos)?;
    Ok(t)
}

/// A pending decision step: `lead:1:g`, `answer:2:o:QH`, `sac:2:1:g`.
fn read_decision(part: &str, f: &[&str]) -> Result<super::Decision, String> {
    use super::{Decision, Step};
    let seeing = |s: &str| match s {
        "g" => Ok(true),
        "o" => Ok(false),
        _ => Err(err("a decision is `g` (guarded) or `o` (open)")),
    };
    let attempt = |s: &str| match s {
        "1" => Ok(1u8),
        "2" => Ok(2u8),
        _ => Err(err("the attempt is 1 or 2")),
    };
    Ok(match f {
        ["lead", a, s] => Decision {
            seeing: seeing(s)?,
            attempt: attempt(a)?,
            step: Step::Lead,
        },
        ["answer", a, s, c] => {
            let card =
                super::cards::Card::parse(c).ok_or_else(|| err(&format!("`{c}` is not a card")))?;
            Decision {
                seeing: seeing(s)?,
                attempt: attempt(a)?,
                step: Step::Answer(card),
            }
        }
        ["sac", n, a, s] => {
            let n: u8 = n
                .parse()
                .ok()
                .filter(|n| (1..=3).contains(n))
                .ok_or_else(|| err("a sacrifice names 1 to 3 pieces"))?;
            Decision {
                seeing: seeing(s)?,
                attempt: attempt(a)?,
                step: Step::Sacrifice(n),
            }
        }
        _ => return Err(err(&format!("unknown pending step `{part}`"))),
    })
}

/// The pending step agrees with the position: the throwers are the mover's, the
/// first carries the ball, and a ball to place is nowhere else.
fn check_pending(t: &super::TurnState, pos: &Pos) -> Result<(), String> {
    for c in &t.throwers {
        if pos.man(*c).is_none_or(|m| m.piece.side != t.mover) {
            return Err(err(&format!("no piece of the mover on {c} to throw")));
        }
    }
    if let Some(c) = t.throwers.first() {
        if pos.man(*c).is_none_or(|m| !m.ball) {
            return Err(err("the first thrower must carry the ball"));
        }
    }
    if t.place_ball.is_some()
        && (pos.ball_haver(pos.fide.turn).is_some() || pos.lying[pos.fide.turn.index()].is_some())
    {
        return Err(err("a ball to place must be neither carried nor lying"));
    }
    Ok(())
}
