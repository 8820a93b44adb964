//! The Wizard Walls FEN extension (`docs/fen-walls.md`): board with `*` walls, side
//! to move, walls in hand, points, destroyed wizards and the setup phase.

use super::position::{Phase, Pos, TEAM_ROLES, WINNING_POINTS};
use crate::core::{Bitboard, Board, Piece, Role, Side, Square};

/// Writes `pos` as a FEN of six fields.
pub fn write(pos: &Pos) -> String {
    let board = crate::core::board::placement_field(|sq| match pos.board.piece_at(sq) {
        Some(p) => Some(p.fen_char()),
        None if pos.walls.contains(sq) => Some('*'),
        None => None,
    });
    let dead = |side: Side| -> String {
        let d = &pos.dead[side.index()];
        if d.is_empty() {
            "-".to_string()
        } else {
            d.iter().map(|r| Piece::new(side, *r).fen_char()).collect()
        }
    };
    format!(
        "{} {} {}/{} {}/{} {}/{} {}",
        board,
        pos.turn.char(),
        pos.hand[0],
        pos.hand[1],
        pos.points[0],
        pos.points[1],
        dead(Side::White),
        dead(Side::Black),
        pos.phase.code()
    )
}

fn bad(why: &str) -> String {
    format!("invalid FEN: {why}")
}

fn pair(field: &str, what: &str) -> Result<[u32; 2], String> {
    let (a, b) = field
        .split_once('/')
        .ok_or_else(|| bad(&format!("{what} are written white/black, like `5/5`")))?;
    let n = |s: &str| {
        s.parse::<u32>()
            .ok()
            .filter(|n| *n <= 200)
            .ok_or_else(|| bad(&format!("`{s}` is not a number of {what}")))
    };
    Ok([n(a)?, n(b)?])
}

fn team_role(role: Role, full: bool) -> bool {
    if full {
        TEAM_ROLES.iter().any(|(r, _, _)| *r == role)
    } else {
        matches!(role, Role::Bishop | Role::Knight | Role::Rook)
    }
}

/// Reads a FEN of six fields; the trailing fields may be left out in order
/// (defaults: `5/5 0/0 -/- play`).
pub fn read(text: &str, full: bool) -> Result<Pos, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 2 || fields.len() > 6 {
        return Err(bad(
            "Wizard Walls FEN has 2 to 6 fields: board, side, hands, points, destroyed, phase",
        ));
    }
    let (board, walls) = read_board(fields[0], full)?;
    let turn = match fields[1] {
        "w" => Side::White,
        "b" => Side::Black,
        other => return Err(bad(&format!("the side to move is w or b, not `{other}`"))),
    };
    let hand = fields
        .get(2)
        .map_or(Ok([5, 5]), |f| pair(f, "walls in hand"))?;
    let points = fields.get(3).map_or(Ok([0, 0]), |f| pair(f, "points"))?;
    if points.iter().all(|p| *p >= WINNING_POINTS) {
        return Err(bad("both sides cannot have 10 points"));
    }
    let dead = fields
        .get(4)
        .map_or(Ok([Vec::new(), Vec::new()]), |f| read_dead(f, full))?;
    let phase = match fields.get(5) {
        None => Phase::Play,
        Some(p) => Phase::parse(p).ok_or_else(|| {
            bad(&format!(
                "the phase is walls-w, walls-b, team-w, team-b or play, not `{p}`"
            ))
        })?,
    };
    Ok(Pos {
        full,
        board,
        walls,
        hand,
        points,
        dead,
        turn,
        phase,
    })
}

/// The board field: the wizards and the walls (`*`).
fn read_board(text: &str, full: bool) -> Result<(Board, Bitboard), String> {
    let mut board = Board::empty();
    let mut walls = Bitboard::EMPTY;
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 8 {
        return Err(bad("the board needs 8 ranks"));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || u32::from(file) + d > 8 {
                    return Err(bad(&format!("rank {} does not have 8 squares", rank + 1)));
                }
                file += d as u8;
                continue;
            }
            let sq = Square::from_coords(file, rank)
                .ok_or_else(|| bad(&format!("rank {} is too long", rank + 1)))?;
            if c == '*' {
                walls.set(sq);
            } else {
                let p = Piece::from_fen_char(c)
                    .ok_or_else(|| bad(&format!("`{c}` is neither a wizard nor a wall")))?;
                if !team_role(p.role, full) {
                    return Err(bad(&format!(
                        "a {} is not a wizard of this game",
                        p.role.name().to_lowercase()
                    )));
                }
                board.put(sq, p);
            }
            file += 1;
        }
        if file != 8 {
            return Err(bad(&format!("rank {} does not have 8 squares", rank + 1)));
        }
    }
    Ok((board, walls))
}

/// The destroyed wizards field: `B/rn`, `-/-`.
fn read_dead(f: &str, full: bool) -> Result<[Vec<Role>; 2], String> {
    let mut dead = [Vec::new(), Vec::new()];
    let (w, b) = f
        .split_once('/')
        .ok_or_else(|| bad("destroyed wizards are written white/black, like `B/rn` or `-/-`"))?;
    for (side, part) in [(Side::White, w), (Side::Black, b)] {
        if part == "-" {
            continue;
        }
        for c in part.chars() {
            let p = Piece::from_fen_char(c)
                .filter(|p| p.side == side && team_role(p.role, full))
                .ok_or_else(|| bad(&format!("`{c}` is not a destroyed {side} wizard")))?;
            dead[side.index()].push(p.role);
        }
        if dead[side.index()].len() > 16 {
            return Err(bad("too many destroyed wizards"));
        }
        dead[side.index()].sort();
    }
    Ok(dead)
}
