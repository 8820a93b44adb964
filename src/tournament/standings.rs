//! The table of an event: points, then a tie-break (Sonneborn-Berger for a round
//! robin, Buchholz cut-1 for a Swiss), then the direct encounter among those still
//! level, then the seed.

use super::{scores, Bye, Game, Outcome, Seed};

/// Which tie-break comes after points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tiebreak {
    /// The sum of the scores of the opponents beaten plus half those drawn with.
    SonnebornBerger,
    /// The sum of the opponents' scores without the lowest one (a bye counts as an
    /// opponent with no points, so it is the one cut; X-TOUR-4).
    BuchholzCut1,
}

/// One line of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// 1 for the first; players level on everything share a place.
    pub place: usize,
    pub player: Seed,
    /// Half points.
    pub points: u32,
    /// Sonneborn-Berger in quarter points, Buchholz in half points.
    pub tiebreak: u32,
    /// Half points scored against the other players level on points and tie-break.
    pub direct: u32,
    /// Games finished over the board (not forfeits).
    pub played: u32,
    pub withdrawn: bool,
    /// A round-robin dropout who played less than half their games: their results
    /// are struck from the table (X-TOUR-3).
    pub struck: bool,
}

impl Row {
    /// The tie-break as text, in points.
    pub fn show_tiebreak(&self, tiebreak: Tiebreak) -> String {
        match tiebreak {
            Tiebreak::SonnebornBerger => {
                let q = self.tiebreak;
                match q % 4 {
                    0 => (q / 4).to_string(),
                    2 => super::show_half_points(q / 2),
                    r => format!("{}.{}", q / 4, if r == 1 { 25 } else { 75 }),
                }
            }
            Tiebreak::BuchholzCut1 => super::show_half_points(self.tiebreak),
        }
    }
}

/// Games struck from the table: those of round-robin dropouts who played less than
/// half of their scheduled games.
pub fn struck_players(players: usize, withdrawn: &[bool], games: &[Game]) -> Vec<bool> {
    (0..players)
        .map(|p| {
            if !withdrawn.get(p).copied().unwrap_or(false) {
                return false;
            }
            let mine = games.iter().filter(|g| g.opponent(p).is_some());
            let (scheduled, played) = mine.fold((0, 0), |(s, d), g| {
                (s + 1, d + (g.outcome.is_some() && !g.forfeit) as u32)
            });
            played * 2 < scheduled
        })
        .collect()
}

/// The table. `strike` applies the round-robin dropout rule (X-TOUR-3).
pub fn table(
    withdrawn: &[bool],
    games: &[Game],
    byes: &[Bye],
    tiebreak: Tiebreak,
    strike: bool,
) -> Vec<Row> {
    let players = withdrawn.len();
    let struck = if strike {
        struck_players(players, withdrawn, games)
    } else {
        vec![false; players]
    };
    let counted: Vec<Game> = games
        .iter()
        .copied()
        .filter(|g| g.white < players && g.black < players && !struck[g.white] && !struck[g.black])
        .collect();
    let score = scores(players, &counted, byes);
    let mut rows: Vec<Row> = (0..players)
        .map(|p| {
            let mine: Vec<&Game> = counted
                .iter()
                .filter(|g| g.outcome.is_some() && g.opponent(p).is_some())
                .collect();
            let tb = match tiebreak {
                Tiebreak::SonnebornBerger => mine
                    .iter()
                    .map(|g| {
                        let opp = g.opponent(p).map_or(0, |o| score[o]);
                        opp * g.half_points(p).unwrap_or(0)
                    })
                    .sum(),
                Tiebreak::BuchholzCut1 => {
                    let mut opp: Vec<u32> = mine
                        .iter()
                        .filter_map(|g| g.opponent(p).map(|o| score[o]))
                        .collect();
                    opp.extend(byes.iter().filter(|b| b.player == p).map(|_| 0));
                    opp.sort_unstable();
                    opp.iter().skip(1).sum()
                }
            };
            Row {
                place: 0,
                player: p,
                points: if struck[p] { 0 } else { score[p] },
                tiebreak: if struck[p] { 0 } else { tb },
                direct: 0,
                played: mine.iter().filter(|g| !g.forfeit).count() as u32,
                withdrawn: withdrawn[p],
                struck: struck[p],
            }
        })
        .collect();
    // Direct encounter within each group level on points and tie-break.
    for i in 0..players {
        let level: Vec<Seed> = (0..players)
            .filter(|&j| rows[j].points == rows[i].points && rows[j].tiebreak == rows[i].tiebreak)
            .collect();
        if level.len() > 1 {
            rows[i].direct = counted
                .iter()
                .filter(|g| g.opponent(i).is_some_and(|o| level.contains(&o)))
                .filter_map(|g| g.half_points(i))
                .sum();
        }
    }
    rows.sort_by_key(|r| {
        (
            r.struck,
            std::cmp::Reverse((r.points, r.tiebreak, r.direct)),
            r.player,
        )
    });
    for i in 0..rows.len() {
        let same = i > 0 && {
            let (a, b) = (&rows[i - 1], &rows[i]);
            (a.struck, a.points, a.tiebreak, a.direct) == (b.struck, b.points, b.tiebreak, b.direct)
        };
        rows[i].place = if same { rows[i - 1].place } else { i + 1 };
    }
    rows
}

/// The crosstable as CSV: a header, then one line per player in table order with
/// their place, name, each round's result against each opponent (`1`, `½`, `0`,
/// `+`/`-` for forfeits, several games joined by a space), points and tie-break.
pub fn crosstable_csv(
    names: &[String],
    rows: &[Row],
    games: &[Game],
    tiebreak: Tiebreak,
) -> String {
    let quote = |s: &str| {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    };
    let name = |p: Seed| names.get(p).cloned().unwrap_or_else(|| format!("#{p}"));
    let mut out = String::from("place,player");
    for r in rows {
        out.push(',');
        out.push_str(&quote(&name(r.player)));
    }
    out.push_str(",points,tiebreak\n");
    for r in rows {
        out.push_str(&format!("{},{}", r.place, quote(&name(r.player))));
        for c in rows {
            let cell: Vec<&str> = games
                .iter()
                .filter(|g| g.opponent(r.player) == Some(c.player))
                .filter_map(|g| {
                    let h = g.half_points(r.player)?;
                    Some(match (g.forfeit, h) {
                        (true, 2) => "+",
                        (true, _) => "-",
                        (false, 2) => "1",
                        (false, 1) => "½",
                        _ => "0",
                    })
                })
                .collect();
            out.push(',');
            out.push_str(&cell.join(" "));
        }
        out.push_str(&format!(
            ",{},{}\n",
            super::show_half_points(r.points),
            r.show_tiebreak(tiebreak)
        ));
    }
    out
}

/// Marks every unfinished game of a dropout as lost by forfeit (X-TOUR-3); the number
/// of games changed.
pub fn forfeit_remaining(games: &mut [Game], dropout: Seed) -> usize {
    let mut changed = 0;
    for g in games.iter_mut().filter(|g| g.outcome.is_none()) {
        let outcome = if g.white == dropout {
            Outcome::BlackWins
        } else if g.black == dropout {
            Outcome::WhiteWins
        } else {
            continue;
        };
        g.outcome = Some(outcome);
        g.forfeit = true;
        changed += 1;
    }
    changed
}

/// The table as text, one line a player:
/// `1. alice — 2½ points, SB 2.75` (`withdrew`, `results struck` where so).
pub fn text(names: &[String], rows: &[Row], tiebreak: Tiebreak) -> String {
    let short = match tiebreak {
        Tiebreak::SonnebornBerger => "SB",
        Tiebreak::BuchholzCut1 => "Buchholz",
    };
    rows.iter()
        .map(|r| {
            let name = names
                .get(r.player)
                .cloned()
                .unwrap_or_else(|| format!("#{}", r.player));
            let points = super::show_half_points(r.points);
            let unit = if r.points == 2 { "point" } else { "points" };
            let mut line = format!(
                "{}. {name} — {points} {unit}, {short} {}",
                r.place,
                r.show_tiebreak(tiebreak)
            );
            if r.struck {
                line.push_str(" (withdrew, results struck)");
            } else if r.withdrawn {
                line.push_str(" (withdrew)");
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}
