//! The setup phase (Z2): walls, then teams, with their legal answers.

use super::*;
use crate::i18n::Msg;

impl Walls {
    pub(super) fn end_setup_answer(&mut self) {
        self.pos.phase = self.pos.phase.next();
        if self.pos.phase == Phase::Play {
            self.pos.turn = Side::White;
            self.reps = Repetitions::new(self.pos.key());
        }
    }

    /// Z2: three walls on ranks 3-6; `pass` (a timed-out setup, Z6) places none.
    pub(super) fn setup_walls(&mut self, side: Side, typed: &[Typed]) -> Result<Played, PlayError> {
        let refuse = |s: Msg| Err(PlayError::Refused(s));
        if let [Typed {
            token: Token::Pass, ..
        }] = typed
        {
            self.last.clear();
            self.end_setup_answer();
            return Ok(Played {
                action: "pass".into(),
                printed: "pass (no walls placed)".into(),
                ..Played::default()
            });
        }
        let mut squares = Vec::new();
        for t in typed {
            match t.token {
                Token::Wall(sq) => squares.push(sq),
                _ => {
                    return refuse(
                        Msg::new("walls-setup-walls-not")
                            .with("side", crate::variants::side_msg(side))
                            .with("input", echo(&t.raw)),
                    )
                }
            }
        }
        if squares.len() != SETUP_WALLS {
            return refuse(
                Msg::new("walls-place-3-walls").with("squares_len", squares.len().to_string()),
            );
        }
        for (i, sq) in squares.iter().enumerate() {
            if squares[..i].contains(sq) {
                return refuse(Msg::new("walls-wall-twice").with("sq", sq.to_string()));
            }
            if !wall_zone().contains(*sq) {
                return refuse(Msg::new("walls-wall-zone").with("sq", sq.to_string()));
            }
            if self.pos.walls.contains(*sq) {
                return refuse(Msg::new("walls-wall-there").with("sq", sq.to_string()));
            }
            if self.pos.board.piece_at(*sq).is_some() {
                return refuse(Msg::new("walls-occupied").with("sq", sq.to_string()));
            }
        }
        squares.sort();
        for sq in &squares {
            self.pos.walls.set(*sq);
        }
        let text: Vec<String> = squares.iter().map(|s| format!("@{s}")).collect();
        let text = text.join(" ");
        self.last = squares;
        self.end_setup_answer();
        Ok(Played {
            action: text.clone(),
            printed: text,
            ..Played::default()
        })
    }

    /// The team `pass` places when a team setup times out (Z6): R N B (cost 11) on the
    /// back rank from the a-file, or the first free home squares.
    pub(super) fn default_team(&self, side: Side) -> Vec<(Role, Square)> {
        let back = side.back_rank();
        let mut free: Vec<Square> = (0..8)
            .filter_map(|f| Square::from_coords(f, back))
            .chain(home_zone(side))
            .filter(|s| !self.pos.blocked().contains(*s))
            .collect();
        // The back rank comes first; drop its second appearance from the home zone.
        let mut seen = Vec::new();
        free.retain(|s| {
            let new = !seen.contains(s);
            seen.push(*s);
            new
        });
        [Role::Rook, Role::Knight, Role::Bishop]
            .into_iter()
            .zip(free)
            .collect()
    }

    /// Why a team may not be placed (Z2), or `None` when it may.
    pub(super) fn team_error(&self, side: Side, team: &[(Role, Square)]) -> Option<Msg> {
        for (i, (role, sq)) in team.iter().enumerate() {
            if team[..i].iter().any(|(_, s)| s == sq) {
                return Some(Msg::new("walls-wizard-twice").with("sq", sq.to_string()));
            }
            if !home_zone(side).contains(*sq) {
                let ranks = match side {
                    Side::White => "1-2",
                    Side::Black => "7-8",
                };
                return Some(
                    Msg::new("walls-home-ranks")
                        .with("sq", sq.to_string())
                        .with("ranks", ranks)
                        .with("role_letter", role.letter().to_string()),
                );
            }
            if self.pos.blocked().contains(*sq) {
                return Some(Msg::new("walls-not-empty").with("sq", sq.to_string()));
            }
        }
        let count = |r: Role| team.iter().filter(|(x, _)| *x == r).count() as u32;
        if !self.pos.full {
            let ok = team.len() == 3
                && [Role::Bishop, Role::Knight, Role::Rook]
                    .into_iter()
                    .all(|r| count(r) == 1);
            return (!ok).then(|| Msg::new("walls-basic-team"));
        }
        for (role, _) in team {
            if !TEAM_ROLES.iter().any(|(r, _, _)| r == role) {
                return Some(
                    Msg::new("walls-not-a-wizard").with("name_role", name(*role).to_string()),
                );
            }
        }
        for (role, _, max) in TEAM_ROLES {
            if count(role) > max {
                return Some(
                    Msg::new(if max == 1 {
                        "walls-at-most-one"
                    } else {
                        "walls-at-most"
                    })
                    .with("max", max.to_string())
                    .with("role", crate::variants::role_msg(role)),
                );
            }
        }
        let cost: u32 = team
            .iter()
            .filter_map(|(r, _)| TEAM_ROLES.iter().find(|(x, _, _)| x == r).map(|t| t.1))
            .sum();
        (cost != TEAM_COST).then(|| Msg::new("walls-team-cost").with("cost", cost.to_string()))
    }

    pub(super) fn setup_team(&mut self, side: Side, typed: &[Typed]) -> Result<Played, PlayError> {
        let passed = matches!(
            typed,
            [Typed {
                token: Token::Pass,
                ..
            }]
        );
        let team: Vec<(Role, Square)> = if passed {
            self.default_team(side)
        } else {
            let mut team = Vec::new();
            for t in typed {
                match t.token {
                    Token::Place(role, sq) => team.push((role, sq)),
                    _ => {
                        return Err(PlayError::Refused(
                            Msg::new("walls-setup-team-not")
                                .with("side", crate::variants::side_msg(side))
                                .with("input", echo(&t.raw)),
                        ))
                    }
                }
            }
            team
        };
        if let Some(why) = self.team_error(side, &team) {
            return Err(PlayError::Refused(why));
        }
        for (role, sq) in &team {
            self.pos.board.put(*sq, Piece::new(side, *role));
        }
        let text: Vec<String> = team
            .iter()
            .map(|(r, s)| format!("{}@{s}", r.letter()))
            .collect();
        let text = text.join(" ");
        self.last = team.iter().map(|(_, s)| *s).collect();
        self.end_setup_answer();
        Ok(if passed {
            Played {
                action: "pass".into(),
                printed: format!("pass (default team {text})"),
                ..Played::default()
            }
        } else {
            Played {
                action: text.clone(),
                printed: text,
                ..Played::default()
            }
        })
    }
}

/// Every Full team of cost exactly 11 within the limits (Z2), as counts per role.
pub fn team_compositions() -> Vec<Vec<(Role, u32)>> {
    let mut out = Vec::new();
    let mut counts = [0u32; 5];
    fn walk(i: usize, left: u32, counts: &mut [u32; 5], out: &mut Vec<Vec<(Role, u32)>>) {
        if i == TEAM_ROLES.len() {
            if left == 0 {
                out.push(
                    (0..5)
                        .rev()
                        .filter(|j| counts[*j] > 0)
                        .map(|j| (TEAM_ROLES[j].0, counts[j]))
                        .collect(),
                );
            }
            return;
        }
        let (_, cost, max) = TEAM_ROLES[i];
        for c in 0..=max {
            if c * cost > left {
                break;
            }
            counts[i] = c;
            walk(i + 1, left - c * cost, counts, out);
        }
        counts[i] = 0;
    }
    walk(0, TEAM_COST, &mut counts, &mut out);
    out
}

pub(super) fn setup_wall_texts(pos: &Pos) -> Vec<String> {
    let free: Vec<Square> = (wall_zone() & !pos.blocked()).collect();
    let mut out = Vec::new();
    for (i, a) in free.iter().enumerate() {
        for (j, b) in free.iter().enumerate().skip(i + 1) {
            for c in free.iter().skip(j + 1) {
                out.push(format!("@{a} @{b} @{c}"));
            }
        }
    }
    out
}

/// Basic: every placement of B, N, R. Full: one placement (first free squares) per
/// team composition, since all placements would be far too many to list.
pub(super) fn setup_team_texts(pos: &Pos, side: Side) -> Vec<String> {
    let free: Vec<Square> = (home_zone(side) & !pos.blocked()).collect();
    let mut out = Vec::new();
    if pos.full {
        for team in team_compositions() {
            let roles: Vec<Role> = team
                .iter()
                .flat_map(|(r, c)| std::iter::repeat_n(*r, *c as usize))
                .collect();
            if roles.len() <= free.len() {
                let items: Vec<String> = roles
                    .iter()
                    .zip(&free)
                    .map(|(r, s)| format!("{}@{s}", r.letter()))
                    .collect();
                out.push(items.join(" "));
            }
        }
        return out;
    }
    for b in &free {
        for n in &free {
            for r in &free {
                if b != n && n != r && b != r {
                    out.push(format!("B@{b} N@{n} R@{r}"));
                }
            }
        }
    }
    out
}

/// The documents' example squares (`c4 d5 f3`, `c1 d2 a1`), mirrored onto Black's
/// ranks for Black, when all of them are free.
pub(super) fn preferred(free: &[Square], names: &[&str], side: Side) -> Option<Vec<Square>> {
    names
        .iter()
        .map(|n| {
            let sq = Square::parse(n)?;
            let sq = match side {
                Side::White => sq,
                Side::Black => Square::from_coords(sq.file(), 7 - sq.rank())?,
            };
            free.contains(&sq).then_some(sq)
        })
        .collect()
}
