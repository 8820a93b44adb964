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
            let tb = tiebreak_of(tiebreak, p, &mine, &score, byes);
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
    direct_encounters(&mut rows, &counted);
    rank(&mut rows);
    rows
}

/// Player `p`'s tie-break from their finished games `mine`, by the players' `score`.
fn tiebreak_of(tiebreak: Tiebreak, p: Seed, mine: &[&Game], score: &[u32], byes: &[Bye]) -> u32 {
    match tiebreak {
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
    }
}

/// Direct encounter within each group level on points and tie-break (`rows` in
/// player order).
fn direct_encounters(rows: &mut [Row], counted: &[Game]) {
    let players = rows.len();
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
}

/// Sorts the rows into table order and gives each its place, equal rows sharing one.
fn rank(rows: &mut [Row]) {
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
    crosstable_csv_headed(
        names,
        rows,
        games,
        tiebreak,
        ["place", "player", "points", "tiebreak"],
    )
}

/// [`crosstable_csv`] with its four fixed column headings given (place, player,
/// points, tiebreak), in the reader's language; the players' columns are their names.
pub fn crosstable_csv_headed(
    names: &[String],
    rows: &[Row],
    games: &[Game],
    tiebreak: Tiebreak,
    heads: [&str; 4],
) -> String {
    let quote = |s: &str| {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    };
    let name = |p: Seed| names.get(p).cloned().unwrap_or_else(|| format!("#{p}"));
    let [place, player, points, tie] = heads.map(quote);
    let mut out = format!("{place},{player}");
    for r in rows {
        out.push(',');
        out.push_str(&quote(&name(r.player)));
    }
    out.push_str(&format!(",{points},{tie}\n"));
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

/// One line of the table in numbers and names only: the words around them (`points`,
/// `withdrew`) are the reader's, chosen by the caller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub place: usize,
    pub name: String,
    /// The points as text (`2½`).
    pub points: String,
    /// The points in half points, to choose between "point" and "points".
    pub half_points: u32,
    /// The tie-break's short name (`SB`, `Buchholz`).
    pub tiebreak: &'static str,
    /// The tie-break's value as text, with a decimal point (`2.75`).
    pub score: String,
    pub withdrawn: bool,
    /// Withdrawn, their results struck (X-TOUR-3).
    pub struck: bool,
}

impl Tiebreak {
    /// Its short name in a table: a name, the same in every language.
    pub fn short(self) -> &'static str {
        match self {
            Tiebreak::SonnebornBerger => "SB",
            Tiebreak::BuchholzCut1 => "Buchholz",
        }
    }
}

/// The lines of the table, in table order.
pub fn lines(names: &[String], rows: &[Row], tiebreak: Tiebreak) -> Vec<Line> {
    rows.iter()
        .map(|r| Line {
            place: r.place,
            name: names
                .get(r.player)
                .cloned()
                .unwrap_or_else(|| format!("#{}", r.player)),
            points: super::show_half_points(r.points),
            half_points: r.points,
            tiebreak: tiebreak.short(),
            score: r.show_tiebreak(tiebreak),
            withdrawn: r.withdrawn,
            struck: r.struck,
        })
        .collect()
}

/// The table as plain English text, one line a player:
/// `1. alice — 2½ points, SB 2.75` (`withdrew`, `results struck` where so). The
/// service words its replies from [`lines`] and its catalogs instead.
pub fn text(names: &[String], rows: &[Row], tiebreak: Tiebreak) -> String {
    lines(names, rows, tiebreak)
        .into_iter()
        .map(|l| {
            let unit = if l.half_points == 2 {
                "point"
            } else {
                "points"
            };
            let mut line = format!(
                "{}. {} — {} {unit}, {} {}",
                l.place, l.name, l.points, l.tiebreak, l.score
            );
            if l.struck {
                line.push_str(" (withdrew, results struck)");
            } else if l.withdrawn {
                line.push_str(" (withdrew)");
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The words of the drawn table, in its reader's language (the core has none of its
/// own): the columns' headings and the marks of a Swiss's rounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridWords {
    /// The heading of the names' column.
    pub player: String,
    /// The heading of the points' column.
    pub points: String,
    /// Put before a round's number in its heading (`R` gives `R1`).
    pub round: String,
    /// A round without a game (a bye).
    pub bye: String,
    /// The marks of the colour played: White, Black.
    pub white: String,
    pub black: String,
}

/// The cells of the table drawn as an image: a header and a row a player, in table
/// order. A round robin shows its crosstable (each cell the row player's results
/// against the column's: `1`, `½`, `0`, `+`/`-` for a forfeit, `·` still to play);
/// a Swiss shows its rounds (`+3w`: won with White against the player placed 3rd,
/// `=`: drawn, `-`: lost, no sign: being played, `*`: by forfeit, `bye`), in `words`.
pub fn grid(
    words: &GridWords,
    names: &[String],
    rows: &[Row],
    games: &[Game],
    byes: &[Bye],
    tiebreak: Tiebreak,
    rounds: u32,
) -> (Vec<String>, Vec<Vec<String>>) {
    let name = |p: Seed| names.get(p).cloned().unwrap_or_else(|| format!("#{p}"));
    let mut header = vec!["#".to_string(), words.player.clone()];
    let crosstable = tiebreak == Tiebreak::SonnebornBerger;
    if crosstable {
        header.extend((1..=rows.len()).map(|i| i.to_string()));
    } else {
        header.extend((1..=rounds).map(|r| format!("{}{r}", words.round)));
    }
    header.extend([words.points.clone(), tiebreak.short().to_string()]);
    let body = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut cells = vec![r.place.to_string(), name(r.player)];
            if crosstable {
                cells.extend(crosstable_cells(i, r.player, rows, games));
            } else {
                let place_of =
                    |p: Seed| rows.iter().position(|r| r.player == p).map_or(0, |i| i + 1);
                cells.extend(
                    (1..=rounds)
                        .map(|round| round_cell(words, r.player, round, games, byes, &place_of)),
                );
            }
            cells.push(super::show_half_points(r.points));
            cells.push(r.show_tiebreak(tiebreak));
            cells
        })
        .collect();
    (header, body)
}

/// Row `i` (player `me`) of a crosstable: a cell per column player, `x` on its own.
fn crosstable_cells(i: usize, me: Seed, rows: &[Row], games: &[Game]) -> Vec<String> {
    rows.iter()
        .enumerate()
        .map(|(j, c)| {
            if i == j {
                return "x".to_string();
            }
            let cell: Vec<&str> = games
                .iter()
                .filter(|g| g.opponent(me) == Some(c.player))
                .map(|g| match (g.forfeit, g.half_points(me)) {
                    (_, None) => "·",
                    (true, Some(2)) => "+",
                    (true, Some(_)) => "-",
                    (false, Some(2)) => "1",
                    (false, Some(1)) => "½",
                    (false, Some(_)) => "0",
                })
                .collect();
            cell.join(" ")
        })
        .collect()
}

/// Player `me`'s cell of a Swiss round: the bye, nothing, or the game's result,
/// opponent's place (`place_of`), colour and forfeit mark.
fn round_cell(
    words: &GridWords,
    me: Seed,
    round: u32,
    games: &[Game],
    byes: &[Bye],
    place_of: &dyn Fn(Seed) -> usize,
) -> String {
    let bye = byes.iter().any(|b| b.round == round && b.player == me);
    let game = games
        .iter()
        .find(|g| g.round == round && g.opponent(me).is_some());
    match (bye, game) {
        (true, _) => words.bye.clone(),
        (false, None) => String::new(),
        (false, Some(g)) => {
            let opp = g.opponent(me).map_or(0, place_of);
            let colour = if g.white == me {
                &words.white
            } else {
                &words.black
            };
            let sign = match g.half_points(me) {
                None => "",
                Some(2) => "+",
                Some(1) => "=",
                Some(_) => "-",
            };
            let forfeit = if g.forfeit { "*" } else { "" };
            format!("{sign}{opp}{colour}{forfeit}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(round: u32, white: Seed, black: Seed, outcome: Option<Outcome>) -> Game {
        Game {
            round,
            white,
            black,
            outcome,
            forfeit: false,
        }
    }

    fn words() -> GridWords {
        GridWords {
            player: "Player".to_string(),
            points: "Points".to_string(),
            round: "R".to_string(),
            bye: "bye".to_string(),
            white: "w".to_string(),
            black: "b".to_string(),
        }
    }

    #[test]
    fn the_grid_shows_a_crosstable_or_the_rounds() {
        let names: Vec<String> = ["ann", "ben", "cy"].iter().map(|s| s.to_string()).collect();
        let games = vec![
            game(1, 0, 1, Some(Outcome::WhiteWins)),
            game(2, 2, 0, Some(Outcome::Draw)),
            game(3, 1, 2, None),
        ];
        let rows = table(&[false; 3], &games, &[], Tiebreak::SonnebornBerger, true);
        let (header, cells) = grid(
            &words(),
            &names,
            &rows,
            &games,
            &[],
            Tiebreak::SonnebornBerger,
            3,
        );
        assert_eq!(header, ["#", "Player", "1", "2", "3", "Points", "SB"]);
        // ann 1½ first, then cy ½, then ben 0.
        assert_eq!(cells[0], ["1", "ann", "x", "½", "1", "1½", "0.25"]);
        assert_eq!(cells[1][1], "cy");
        assert_eq!(cells[1][4], "·");
        assert_eq!(cells[2], ["3", "ben", "0", "·", "x", "0", "0"]);
        let byes = [Bye {
            round: 1,
            player: 2,
        }];
        let swiss = vec![game(1, 0, 1, Some(Outcome::BlackWins)), game(2, 2, 1, None)];
        let rows = table(&[false; 3], &swiss, &byes, Tiebreak::BuchholzCut1, false);
        let (header, cells) = grid(
            &words(),
            &names,
            &rows,
            &swiss,
            &byes,
            Tiebreak::BuchholzCut1,
            3,
        );
        assert_eq!(
            header,
            ["#", "Player", "R1", "R2", "R3", "Points", "Buchholz"]
        );
        // ben and cy on 1 point each; ben won with Black against ann (3rd).
        let ben = cells.iter().find(|c| c[1] == "ben").unwrap();
        assert_eq!(ben[2], "+3b");
        assert_eq!(ben[4], "");
        let cy = cells.iter().find(|c| c[1] == "cy").unwrap();
        assert_eq!(cy[2], "bye");
        assert!(cy[3].ends_with('w') && !cy[3].starts_with(['+', '-', '=']));
    }
}
