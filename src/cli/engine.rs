//! `arcana arena` and `arcana ladder`: the computer's games against itself and
//! others, and its levels' ratings.

use super::{ArenaArgs, LadderArgs};
use crate::engine::arena::Player;
use crate::engine::ladder::{
    fit_anchored, merge, parse_played, run, Pairing, Plan, Played, Rating,
};
use crate::service::grammar::parse_options;
use crate::variants::VariantId;

/// The levels of `arcana ladder --levels`: `1-8` or `1,3,5`.
fn parse_levels(text: &str) -> Result<Vec<u8>, String> {
    let bad = || format!("levels are `1-8` or `1,2,3`, not `{text}`");
    let mut out = Vec::new();
    for part in text.split(',') {
        let part = part.trim();
        if let Some((a, b)) = part.split_once('-') {
            let a: u8 = a.trim().parse().map_err(|_| bad())?;
            let b: u8 = b.trim().parse().map_err(|_| bad())?;
            out.extend(a..=b);
        } else {
            out.push(part.parse().map_err(|_| bad())?);
        }
    }
    if out.is_empty() || out.iter().any(|l| !crate::engine::LEVELS.contains(l)) {
        return Err(bad());
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// `arcana ladder`: one line per pair as it ends, then the rating table.
pub(super) fn ladder(a: LadderArgs) -> Result<(), String> {
    let variant =
        VariantId::parse(&a.variant).ok_or_else(|| format!("unknown variant `{}`", a.variant))?;
    let levels = parse_levels(&a.levels)?;
    let anchor = parse_anchors(&a.anchor)?;
    let against = parse_levels(&a.against)?;
    let extra: Vec<Player> = anchor.iter().map(|(p, _)| p.clone()).collect();
    let mut plan = Plan::round_robin(variant, &levels, a.span.max(1), extra, &against);
    plan.options = parse_options(&a.options)?;
    plan.games = a.games;
    plan.seed = a.seed;
    plan.max_time = a.ms.map(std::time::Duration::from_millis);
    plan.jobs = a.jobs;
    plan.opening_plies = a.opening_plies;
    let names: Vec<String> = plan.players.iter().map(ToString::to_string).collect();
    let cpu_clock = || thread_cpu_time();
    let played = if plan.games == 0 {
        Vec::new()
    } else {
        run(&plan, &cpu_clock, &|p| {
            println!(
                "{} against {}: {}",
                names[p.pairing.a], names[p.pairing.b], p.pairing.score
            );
        })?
    };
    let earlier = earlier_results(&a.played, &names)?;
    // The anchors follow the levels among the players; without one, the lowest level
    // is given --base.
    let anchors: Vec<(usize, f64)> = if anchor.is_empty() {
        vec![(0, a.base)]
    } else {
        anchor
            .iter()
            .enumerate()
            .map(|(k, (_, r))| (levels.len() + k, *r))
            .collect()
    };
    let mut pairings: Vec<Pairing> = played.iter().map(|p| p.pairing.clone()).collect();
    pairings.extend(earlier.iter().cloned());
    let pairings = merge(&pairings);
    let ratings = fit_anchored(plan.players.len(), &pairings, &anchors)
        .ok_or("some player met nobody: no ratings")?;
    let tally = Tally::of(plan.players.len(), &played, &earlier);
    print_ladder(&names, &plan.players, levels.len(), &ratings, &tally);
    Ok(())
}

/// `--anchor SPEC=RATING` options: external players of known rating.
fn parse_anchors(texts: &[String]) -> Result<Vec<(Player, f64)>, String> {
    let mut anchor = Vec::new();
    for text in texts {
        let (spec, rating) = text
            .rsplit_once('=')
            .ok_or("--anchor is `SPEC=RATING`, e.g. `uci:stockfish:UCI_LimitStrength=true,UCI_Elo=1500=1500`")?;
        let rating: f64 = rating
            .trim()
            .parse()
            .map_err(|_| format!("--anchor's rating is a number, not `{rating}`"))?;
        anchor.push((Player::parse(spec)?, rating));
    }
    Ok(anchor)
}

/// Results of earlier runs (`--played` files), for the players of this one.
fn earlier_results(files: &[String], names: &[String]) -> Result<Vec<Pairing>, String> {
    let mut earlier = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for (first, second, score) in text.lines().filter_map(parse_played) {
            let at = |name: &str| names.iter().position(|n| n == name);
            if let (Some(a), Some(b)) = (at(&first), at(&second)) {
                earlier.push(Pairing { a, b, score });
            }
        }
    }
    Ok(earlier)
}

/// Games, points and processor time per answer of each player.
struct Tally {
    games: Vec<u32>,
    points: Vec<f64>,
    /// Milliseconds in all, and answers.
    cpu: Vec<(f64, u32)>,
}

impl Tally {
    fn of(players: usize, played: &[Played], earlier: &[Pairing]) -> Tally {
        let mut t = Tally {
            games: vec![0u32; players],
            points: vec![0.0f64; players],
            cpu: vec![(0.0f64, 0u32); players],
        };
        for p in played {
            t.add(&p.pairing);
            let (a, b) = (p.pairing.a, p.pairing.b);
            for (i, who) in [a, b].into_iter().enumerate() {
                t.cpu[who].0 += p.cpu_ms[i] * f64::from(p.answers[i]);
                t.cpu[who].1 += p.answers[i];
            }
        }
        for p in earlier {
            t.add(p);
        }
        t
    }

    fn add(&mut self, p: &Pairing) {
        let (a, b, s) = (p.a, p.b, p.score);
        self.games[a] += s.games();
        self.games[b] += s.games();
        self.points[a] += s.points();
        self.points[b] += f64::from(s.games()) - s.points();
    }
}

/// The rating table: one line a player.
fn print_ladder(
    names: &[String],
    players: &[Player],
    levels: usize,
    ratings: &[Rating],
    tally: &Tally,
) {
    println!("player | rating | 95% | above the one below | games | points | cpu ms per answer");
    for (i, name) in names.iter().enumerate() {
        let r = ratings[i];
        let above = if i > 0 && i < levels {
            format!("{:+.0}", r.rating - ratings[i - 1].rating)
        } else {
            "".to_string()
        };
        let interval = if r.half == 0.0 {
            "anchor".to_string()
        } else {
            format!("{:.0} to {:.0}", r.rating - r.half, r.rating + r.half)
        };
        let cpu = tally.cpu[i];
        let per = if cpu.1 == 0 || matches!(players[i], Player::Uci(_)) {
            "-".to_string()
        } else {
            format!("{:.1}", cpu.0 / f64::from(cpu.1))
        };
        println!(
            "{name} | {:.0} | {interval} | {above} | {} | {} | {per}",
            r.rating, tally.games[i], tally.points[i]
        );
    }
}

/// `arcana arena`: one line per game, the engines' time per answer, then the totals.
pub(super) fn arena(a: ArenaArgs) -> Result<(), String> {
    use crate::engine::arena::{Arena, Match, Summary};
    let (white, black, alternate) =
        match (a.players.as_slice(), a.white.as_deref(), a.black.as_deref()) {
            ([first, second], None, None) => (first.as_str(), second.as_str(), true),
            ([], Some(w), Some(b)) => (w, b, false),
            _ => {
                return Err(
                    "name two players (colours alternate) or --white and --black (fixed)".into(),
                )
            }
        };
    let mut m = Match::new(
        VariantId::parse(&a.variant).ok_or_else(|| format!("unknown variant `{}`", a.variant))?,
        Player::parse(white)?,
        Player::parse(black)?,
        a.games,
        a.seed,
    );
    m.options = parse_options(&a.options)?;
    m.max_time = a.ms.map(std::time::Duration::from_millis);
    m.nodes = a.nodes;
    m.alternate = alternate;
    m.opening_plies = a.opening_plies.unwrap_or(if alternate { 4 } else { 0 });
    m.max_answers = a.max_answers;
    let mut arena = Arena::open(&m)?;
    let mut summary = Summary::default();
    let start = a.first.max(1) - 1;
    for i in start..start.saturating_add(m.games) {
        let r = arena.play_game(i, &mut summary, &thread_cpu_time)?;
        summary.add(&r);
        println!(
            "game {}: {} {} after {} answers{}{}",
            i + 1,
            r.outcome.score(),
            r.outcome,
            r.answers,
            if r.adjudicated { " (adjudicated)" } else { "" },
            match (alternate, r.swapped) {
                (false, _) => String::new(),
                (true, false) => format!(" (white {})", m.white),
                (true, true) => format!(" (white {})", m.black),
            }
        );
        if a.moves {
            let line: Vec<String> = r
                .moves
                .iter()
                .map(|(side, text)| format!("{}:{text}", &side.to_string()[..1]))
                .collect();
            println!("  {}", line.join(" "));
        }
    }
    let labels = if alternate {
        ["first", "second"]
    } else {
        ["white", "black"]
    };
    for (i, (label, player)) in labels.iter().zip([&m.white, &m.black]).enumerate() {
        let n = summary.engine_answers[i];
        if n > 0 {
            let per = summary.think[i].as_secs_f64() * 1000.0 / f64::from(n);
            let cpu = summary.cpu[i].as_secs_f64() * 1000.0 / f64::from(n);
            let cpu = match player {
                // Another process: this thread's clock does not see it.
                Player::Uci(_) => String::new(),
                _ => format!(" (cpu {cpu:.1} ms)"),
            };
            println!("{label} {player}: {n} answers, {per:.1} ms per answer{cpu}");
        }
    }
    println!("adjudicated {}", summary.adjudicated);
    println!("{}", summary.score_line(&m.white, &m.black));
    println!("{}", summary.line());
    Ok(())
}

/// Processor time used so far by this thread (Linux `/proc/thread-self/schedstat`, in
/// nanoseconds); `None` elsewhere, and the arena then reports cpu 0.
pub(super) fn thread_cpu_time() -> Option<std::time::Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = text.split_whitespace().next()?.parse::<u64>().ok()?;
    Some(std::time::Duration::from_nanos(ns))
}
