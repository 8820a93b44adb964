//! The ladder of levels in rating points: a round robin among players (levels, and
//! external anchors such as Stockfish in standard chess) played through the arena,
//! then one rating per player fitted to every game at once (the Bradley-Terry model on
//! the Elo scale, by maximum likelihood), each with a 95% interval. `arcana ladder`
//! runs it; docs/engine.md has its tables.

use super::arena::{Arena, Match, Player, Summary};
use super::elo::Score;
use crate::variants::{Options, VariantId};
use std::sync::Mutex;
use std::time::Duration;

/// The two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_964;
/// Elo points per natural unit of the logistic model (400 / ln 10).
const ELO_UNIT: f64 = 173.717_792_761;

/// One pairing's games: the score of `a` against `b`.
#[derive(Clone, Debug, PartialEq)]
pub struct Pairing {
    pub a: usize,
    pub b: usize,
    pub score: Score,
}

/// A fitted rating: the estimate and the half-width of its 95% interval (0 for the
/// anchor, whose rating is given).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub half: f64,
}

/// Ratings of `players` players from `pairings`, the player `anchor` fixed at
/// `anchor_rating`. Every pairing also counts one virtual draw, so that a pairing won
/// 10 of 10 gives a finite estimate (the prior pulls each pair's difference towards 0
/// by one game's weight). The interval of each rating is the normal one from the
/// inverse of the observed information, relative to the anchor. `None` when a player
/// is joined to the anchor by no chain of pairings.
pub fn fit(
    players: usize,
    pairings: &[Pairing],
    anchor: usize,
    anchor_rating: f64,
) -> Option<Vec<Rating>> {
    fit_anchored(players, pairings, &[(anchor, anchor_rating)])
}

/// [`fit`] with several players fixed at known ratings (`anchors`: player, rating), such
/// as Stockfish at two `UCI_Elo` settings; the intervals are relative to them.
pub fn fit_anchored(
    players: usize,
    pairings: &[Pairing],
    anchors: &[(usize, f64)],
) -> Option<Vec<Rating>> {
    if anchors.is_empty()
        || anchors.iter().any(|&(a, _)| a >= players)
        || pairings.iter().any(|p| p.a >= players || p.b >= players)
    {
        return None;
    }
    // Points and games per ordered pair, with the virtual draw.
    let mut games = vec![vec![0.0f64; players]; players];
    let mut points = vec![vec![0.0f64; players]; players];
    for p in pairings {
        let n = f64::from(p.score.games()) + 1.0;
        let s = p.score.points() + 0.5;
        games[p.a][p.b] += n;
        games[p.b][p.a] += n;
        points[p.a][p.b] += s;
        points[p.b][p.a] += n - s;
    }
    let fixed = |i: usize| anchors.iter().find(|&&(a, _)| a == i).map(|&(_, r)| r);
    let free: Vec<usize> = (0..players).filter(|&i| fixed(i).is_none()).collect();
    // Ratings in natural units, the free players starting at the anchors' mean.
    let mean = anchors.iter().map(|&(_, r)| r).sum::<f64>() / anchors.len() as f64;
    let mut x: Vec<f64> = (0..players)
        .map(|i| fixed(i).unwrap_or(mean) / ELO_UNIT)
        .collect();
    let mut cov = Vec::new();
    for _ in 0..100 {
        // Gradient and information over the free players.
        let k = free.len();
        let mut grad = vec![0.0; k];
        let mut info = vec![vec![0.0; k]; k];
        for (fi, &i) in free.iter().enumerate() {
            for j in 0..players {
                if i == j || games[i][j] == 0.0 {
                    continue;
                }
                let p = 1.0 / (1.0 + (x[j] - x[i]).exp());
                grad[fi] += points[i][j] - games[i][j] * p;
                let w = games[i][j] * p * (1.0 - p);
                info[fi][fi] += w;
                if let Some(fj) = free.iter().position(|&f| f == j) {
                    info[fi][fj] -= w;
                }
            }
        }
        let inv = invert(&info)?;
        let step: Vec<f64> = (0..k)
            .map(|r| (0..k).map(|c| inv[r][c] * grad[c]).sum())
            .collect();
        for (fi, &i) in free.iter().enumerate() {
            x[i] += step[fi];
        }
        cov = inv;
        if step.iter().all(|s| s.abs() < 1e-9) {
            break;
        }
    }
    Some(
        (0..players)
            .map(|i| {
                let half = free
                    .iter()
                    .position(|&f| f == i)
                    .map_or(0.0, |fi| Z95 * cov[fi][fi].max(0.0).sqrt() * ELO_UNIT);
                Rating {
                    rating: fixed(i).unwrap_or(x[i] * ELO_UNIT),
                    half,
                }
            })
            .collect(),
    )
}

/// The inverse of a symmetric positive definite matrix (Gauss-Jordan with partial
/// pivoting); `None` when it is singular (a player joined to nobody).
fn invert(m: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    let mut a: Vec<Vec<f64>> = m
        .iter()
        .enumerate()
        .map(|(r, row)| {
            let mut wide = row.clone();
            wide.extend((0..n).map(|c| if c == r { 1.0 } else { 0.0 }));
            wide
        })
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&p, &q| a[p][col].abs().total_cmp(&a[q][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        let d = a[col][col];
        for v in a[col].iter_mut() {
            *v /= d;
        }
        for r in 0..n {
            if r != col {
                let f = a[r][col];
                if f != 0.0 {
                    let pivot_row = a[col].clone();
                    for (v, p) in a[r].iter_mut().zip(pivot_row) {
                        *v -= f * p;
                    }
                }
            }
        }
    }
    Some(a.into_iter().map(|row| row[n..].to_vec()).collect())
}

/// What to play: the players, which pairs meet, and the arena settings of each match.
#[derive(Clone, Debug)]
pub struct Plan {
    pub variant: VariantId,
    pub options: Options,
    pub players: Vec<Player>,
    /// The pairs (indices into `players`) that play `games` games each.
    pub pairs: Vec<(usize, usize)>,
    pub games: u32,
    pub seed: u64,
    pub max_time: Option<Duration>,
    pub jobs: usize,
    /// Random legal answers from the start of each pair's games (seeded, shared by
    /// both games of a pair): 4 by default; Wizard Walls Full's ladder takes 2, the
    /// walls, so that each level buys its own team (a random team decides a game).
    pub opening_plies: u32,
}

impl Plan {
    /// Levels `levels` (each an `engine:LEVEL` player) meeting every level within
    /// `span` of it, then each of `extra` (external anchors) meeting the levels in
    /// `against`.
    pub fn round_robin(
        variant: VariantId,
        levels: &[u8],
        span: usize,
        extra: Vec<Player>,
        against: &[u8],
    ) -> Plan {
        let mut players: Vec<Player> = levels
            .iter()
            .map(|&level| Player::Engine { level })
            .collect();
        let mut pairs = Vec::new();
        for i in 0..levels.len() {
            for j in i + 1..levels.len().min(i + span + 1) {
                pairs.push((i, j));
            }
        }
        for e in extra {
            let at = players.len();
            players.push(e);
            for (i, level) in levels.iter().enumerate() {
                if against.contains(level) {
                    pairs.push((i, at));
                }
            }
        }
        Plan {
            variant,
            options: Options::new(),
            players,
            pairs,
            games: 10,
            seed: 1,
            max_time: None,
            jobs: 1,
            opening_plies: 4,
        }
    }
}

/// One finished pairing, with each side's processor time per answer (ms; 0 where the
/// system gives none or for an external engine).
#[derive(Clone, Debug)]
pub struct Played {
    pub pairing: Pairing,
    pub cpu_ms: [f64; 2],
    pub answers: [u32; 2],
}

/// Plays every pair of `plan` (on `plan.jobs` threads; a pair's games depend only on
/// the seeds, never on which thread plays them), calling `done` as each pair ends.
pub fn run(
    plan: &Plan,
    cpu_clock: &(dyn Fn() -> Option<Duration> + Sync),
    done: &(dyn Fn(&Played) + Sync),
) -> Result<Vec<Played>, String> {
    let queue = Mutex::new((0..plan.pairs.len()).collect::<Vec<_>>());
    let results: Mutex<Vec<(usize, Played)>> = Mutex::new(Vec::new());
    let failure: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..plan.jobs.max(1) {
            s.spawn(|| loop {
                let next = queue.lock().ok().and_then(|mut q| q.pop());
                let Some(k) = next else { break };
                match play_pair(plan, k, cpu_clock) {
                    Ok(p) => {
                        done(&p);
                        if let Ok(mut r) = results.lock() {
                            r.push((k, p));
                        }
                    }
                    Err(e) => {
                        if let Ok(mut f) = failure.lock() {
                            f.get_or_insert(e);
                        }
                        break;
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(e);
    }
    let mut results = results.into_inner().map_err(|_| "a ladder thread failed")?;
    results.sort_by_key(|(k, _)| *k);
    Ok(results.into_iter().map(|(_, p)| p).collect())
}

fn play_pair(
    plan: &Plan,
    k: usize,
    cpu_clock: &dyn Fn() -> Option<Duration>,
) -> Result<Played, String> {
    let (a, b) = plan.pairs[k];
    let mut m = Match::new(
        plan.variant,
        plan.players[a].clone(),
        plan.players[b].clone(),
        plan.games,
        // Each pair its own openings, the same whichever pairs run.
        plan.seed.wrapping_mul(1000).wrapping_add(k as u64),
    );
    m.options = plan.options.clone();
    m.max_time = plan.max_time;
    m.alternate = true;
    m.opening_plies = plan.opening_plies;
    let mut arena = Arena::open(&m)?;
    let mut summary = Summary::default();
    for i in 0..m.games {
        let r = arena.play_game(i, &mut summary, cpu_clock)?;
        summary.add(&r);
    }
    let per = |i: usize| {
        let n = summary.engine_answers[i];
        if n == 0 {
            0.0
        } else {
            summary.cpu[i].as_secs_f64() * 1000.0 / f64::from(n)
        }
    };
    Ok(Played {
        pairing: Pairing {
            a,
            b,
            score: summary.first,
        },
        cpu_ms: [per(0), per(1)],
        answers: summary.engine_answers,
    })
}

/// One result line as `arcana arena` and `arcana ladder` print them: `A against B:
/// score S/N (W wins, D draws, L losses), ...`, read back as the two players' names and
/// `A`'s score. Any other line is `None`.
pub fn parse_played(line: &str) -> Option<(String, String, Score)> {
    let line = line.trim().trim_start_matches('#').trim();
    let (a, rest) = line.split_once(" against ")?;
    let (b, rest) = rest.split_once(": score ")?;
    let (_, rest) = rest.split_once('(')?;
    let (counts, _) = rest.split_once(')')?;
    let mut score = Score::default();
    for part in counts.split(',') {
        let mut words = part.split_whitespace();
        let n: u32 = words.next()?.parse().ok()?;
        match words.next()? {
            "wins" | "win" => score.wins = n,
            "draws" | "draw" => score.draws = n,
            "losses" | "loss" => score.losses = n,
            _ => return None,
        }
    }
    Some((a.trim().to_string(), b.trim().to_string(), score))
}

/// `pairings` with every pair of players met once: the games of the same two players
/// (in either order) added up, so that each pair counts its one virtual draw once
/// however many runs its games came from; pairings of no games are left out.
pub fn merge(pairings: &[Pairing]) -> Vec<Pairing> {
    let mut out: Vec<Pairing> = Vec::new();
    for p in pairings.iter().filter(|p| p.score.games() > 0) {
        let (a, b, s) = if p.a <= p.b {
            (p.a, p.b, p.score)
        } else {
            (
                p.b,
                p.a,
                Score {
                    wins: p.score.losses,
                    draws: p.score.draws,
                    losses: p.score.wins,
                },
            )
        };
        match out.iter_mut().find(|q| q.a == a && q.b == b) {
            Some(q) => {
                q.score.wins += s.wins;
                q.score.draws += s.draws;
                q.score.losses += s.losses;
            }
            None => out.push(Pairing { a, b, score: s }),
        }
    }
    out
}

#[cfg(test)]
mod tests {

    #[test]
    fn result_lines_are_read_back_and_merged_per_pair() {
        let ladder = "engine:7 against engine:8: score 2/10 (1 wins, 2 draws, 7 losses), Elo -241 (95% -inf to -66)";
        let arena = "engine:8 against uci:/usr/games/stockfish:UCI_Elo=1500: score 9/10 (9 wins, 0 draws, 1 losses), Elo +382";
        let (a, b, s) = parse_played(ladder).expect("a ladder line");
        assert_eq!((a.as_str(), b.as_str()), ("engine:7", "engine:8"));
        assert_eq!((s.wins, s.draws, s.losses), (1, 2, 7));
        let (a, b, s) = parse_played(arena).expect("an arena line");
        assert_eq!(a, "engine:8");
        assert_eq!(b, "uci:/usr/games/stockfish:UCI_Elo=1500");
        assert_eq!((s.wins, s.draws, s.losses), (9, 0, 1));
        assert_eq!(parse_played("player | rating | 95%"), None);
        assert_eq!(parse_played("white 4, black 6, draws 0"), None);
        let score = |wins, draws, losses| Score {
            wins,
            draws,
            losses,
        };
        let merged = merge(&[
            Pairing {
                a: 1,
                b: 0,
                score: score(7, 2, 1),
            },
            Pairing {
                a: 0,
                b: 1,
                score: score(3, 0, 2),
            },
            Pairing {
                a: 1,
                b: 2,
                score: score(0, 0, 0),
            },
        ]);
        assert_eq!(
            merged,
            vec![Pairing {
                a: 0,
                b: 1,
                score: score(4, 2, 9)
            }]
        );
    }
    use super::*;

    fn pairing(a: usize, b: usize, wins: u32, draws: u32, losses: u32) -> Pairing {
        Pairing {
            a,
            b,
            score: Score {
                wins,
                draws,
                losses,
            },
        }
    }

    #[test]
    fn an_even_match_gives_equal_ratings_and_a_won_one_a_finite_gap() {
        let r = fit(2, &[pairing(0, 1, 5, 0, 5)], 0, 1000.0).unwrap();
        assert!((r[1].rating - 1000.0).abs() < 1e-6);
        assert_eq!(r[0].half, 0.0);
        // 10 games and the virtual draw: 5.5 of 11 either way; the interval of 11
        // games at p = 0.5 is about +-1.96 * 2 / sqrt(11) natural units.
        let expected = Z95 * (1.0f64 / (11.0 * 0.25)).sqrt() * ELO_UNIT;
        assert!((r[1].half - expected).abs() < 1e-6, "{r:?}");
        let won = fit(2, &[pairing(0, 1, 10, 0, 0)], 0, 1000.0).unwrap();
        // 10.5 of 11: the Elo of p = 10.5/11 below the anchor.
        let p: f64 = 10.5 / 11.0;
        let gap = -400.0 * (1.0 / p - 1.0).log10();
        assert!((1000.0 - won[1].rating - gap).abs() < 1e-6, "{won:?}");
    }

    #[test]
    fn a_chain_adds_up_and_more_games_narrow_the_interval() {
        // 0 beats 1 and 1 beats 2 by the same margin: 2 lies twice as far below 0.
        let r = fit(3, &[pairing(0, 1, 7, 0, 3), pairing(1, 2, 7, 0, 3)], 0, 0.0).unwrap();
        assert!((r[2].rating - 2.0 * r[1].rating).abs() < 1e-6, "{r:?}");
        assert!(r[1].rating < 0.0 && r[2].half > r[1].half);
        let more = fit(
            3,
            &[pairing(0, 1, 70, 0, 30), pairing(1, 2, 70, 0, 30)],
            0,
            0.0,
        )
        .unwrap();
        assert!(more[1].half < r[1].half / 2.0);
    }

    #[test]
    fn two_anchors_hold_a_player_between_them() {
        // Player 2 scores even against an anchor at 1000 and against one at 1400: it
        // lies halfway, and fixing one anchor alone gives the same as `fit`.
        let games = [pairing(2, 0, 5, 0, 5), pairing(2, 1, 5, 0, 5)];
        let r = fit_anchored(3, &games, &[(0, 1000.0), (1, 1400.0)]).unwrap();
        assert!((r[2].rating - 1200.0).abs() < 1.0, "{r:?}");
        assert_eq!((r[0].rating, r[0].half, r[1].rating), (1000.0, 0.0, 1400.0));
        let one = fit_anchored(2, &[pairing(0, 1, 7, 0, 3)], &[(0, 1500.0)]).unwrap();
        let old = fit(2, &[pairing(0, 1, 7, 0, 3)], 0, 1500.0).unwrap();
        assert!((one[1].rating - old[1].rating).abs() < 1e-6);
        assert!(fit_anchored(2, &games[..1], &[]).is_none());
    }

    #[test]
    fn a_player_met_by_nobody_has_no_rating() {
        assert!(fit(3, &[pairing(0, 1, 1, 0, 1)], 0, 0.0).is_none());
        assert!(fit(2, &[pairing(0, 5, 1, 0, 1)], 0, 0.0).is_none());
    }

    #[test]
    fn the_round_robin_pairs_levels_within_the_span_and_anchors_with_the_top() {
        let plan = Plan::round_robin(
            VariantId::Standard,
            &[1, 2, 3, 4],
            2,
            vec![Player::Random],
            &[4],
        );
        assert_eq!(
            plan.pairs,
            vec![(0, 1), (0, 2), (1, 2), (1, 3), (2, 3), (3, 4)]
        );
        assert_eq!(plan.players.len(), 5);
    }

    #[test]
    fn pairs_played_on_two_threads_give_what_one_thread_gives() {
        let mut plan = Plan::round_robin(
            VariantId::Standard,
            &[1, 2],
            1,
            vec![Player::Random],
            &[1, 2],
        );
        plan.games = 2;
        let one = run(&plan, &|| None, &|_| {}).unwrap();
        plan.jobs = 2;
        let two = run(&plan, &|| None, &|_| {}).unwrap();
        let scores = |v: &[Played]| v.iter().map(|p| p.pairing.clone()).collect::<Vec<_>>();
        assert_eq!(scores(&one), scores(&two));
        assert_eq!(one.len(), 3);
    }
}
