//! The figures of a run, printed.

use crate::drive::Run;
use crate::fleet::{Fleet, How};
use crate::pg::Snapshot;
use crate::seen::Sent;
use crate::world::{channel, shard_of_game};
use std::collections::HashMap;
use std::time::{Duration, Instant};

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn ms(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    if ms >= 10_000.0 {
        format!("{:.1} s", ms / 1000.0)
    } else {
        format!("{ms:.0} ms")
    }
}

pub fn summary(label: &str, mut lat: Vec<Duration>) -> String {
    lat.sort();
    format!(
        "{label}: {} moves, p50 {}, p99 {}, max {}",
        lat.len(),
        ms(percentile(&lat, 0.50)),
        ms(percentile(&lat, 0.99)),
        ms(lat.last().copied().unwrap_or_default())
    )
}

/// The machine's load average (1, 5, 15 minutes).
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// Lost moves: boards for moves the store does not hold, and moves the store holds
/// whose board never came; `stored` is each game's plies in the store by channel.
pub fn lost(run: &Run, stored: &HashMap<u64, usize>) -> [usize; 2] {
    let mut out = [0, 0];
    for (g, game) in run.games.iter().enumerate() {
        let in_store = stored.get(&channel(g)).copied().unwrap_or(0);
        out[0] += game.acked.saturating_sub(in_store);
        out[1] += in_store.saturating_sub(game.acked);
    }
    out
}

/// Second messages for one move, and repeats Discord dropped by their nonce.
pub fn twice(run: &Run) -> (u64, u64) {
    let repeats = run
        .seen
        .by_nonce
        .values()
        .map(|&n| u64::from(n.saturating_sub(1)))
        .sum();
    let extra = run
        .games
        .iter()
        .enumerate()
        .map(|(g, game)| {
            let made = run.seen.boards.get(&channel(g)).copied().unwrap_or(0) as usize;
            made.saturating_sub(game.acked) as u64
        })
        .sum();
    (extra, repeats)
}

/// Whether an outage touched a move: one for the shard that went down, not answered
/// before it went down, arriving until 5 s after its new process identified.
pub fn touched(run: &Run, procs: usize, s: &Sent) -> bool {
    run.outages.iter().any(|o| {
        let back = o.back.unwrap_or(o.at);
        shard_of_game(s.game, procs) == o.slot
            && s.at < back + Duration::from_secs(5)
            && s.board.is_none_or(|b| b >= o.at)
    })
}

pub fn latencies(run: &Run, f: &dyn Fn(&Sent) -> bool) -> Vec<Duration> {
    run.sent
        .iter()
        .filter(|s| f(s))
        .filter_map(|s| s.board.map(|b| b - s.at))
        .collect()
}

/// p50 / p99 of the moves arriving in each minute (a queue shows as growth).
pub fn per_minute(run: &Run, procs: usize) -> String {
    let mut by: Vec<Vec<Duration>> = Vec::new();
    for s in run.sent.iter().filter(|s| !touched(run, procs, s)) {
        let Some(b) = s.board else { continue };
        let m = ((s.at - run.start).as_secs() / 60) as usize;
        if by.len() <= m {
            by.resize(m + 1, Vec::new());
        }
        by[m].push(b - s.at);
    }
    by.into_iter()
        .enumerate()
        .map(|(m, mut l)| {
            l.sort();
            format!(
                "{m}: {}/{}",
                ms(percentile(&l, 0.5)),
                ms(percentile(&l, 0.99))
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Each slot's processes: CPU seconds and VmHWM, in the order they ran.
pub fn processes(fleet: &Fleet) -> Vec<String> {
    fleet
        .slots
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let runs: Vec<String> = s
                .ended
                .iter()
                .map(|e| {
                    let how = match e.how {
                        How::Kill => "until SIGKILL",
                        How::Deploy => "until SIGTERM (deployment)",
                        How::End => "to the end",
                    };
                    format!("{how}: CPU {:.1} s, VmHWM {:.0} MiB", e.cpu, e.hwm)
                })
                .collect();
            format!("shard {i}: {}", runs.join("; "))
        })
        .collect()
}

/// The database's growth over the moves: rows per table, changed rows and WAL per move.
pub fn database(before: &Snapshot, after: &Snapshot, wal: f64, moves: usize) -> Vec<String> {
    let per = |x: f64| x / moves.max(1) as f64;
    let d: Vec<f64> = (0..3)
        .map(|i| per((after.changed[i] - before.changed[i]) as f64))
        .collect();
    let rows: Vec<String> = after
        .rows
        .iter()
        .map(|(t, n)| {
            let was = before
                .rows
                .iter()
                .find(|(b, _)| b == t)
                .map_or(0, |(_, c)| *c);
            format!("{t} {was}->{n}")
        })
        .collect();
    vec![
        format!("rows per table (before -> after the moves): {}", rows.join(", ")),
        format!(
            "per acknowledged move: {:.2} rows inserted, {:.2} updated, {:.2} deleted; WAL {:.0} bytes ({:.1} MB in all over {:.0?})",
            d[0], d[1], d[2], per(wal), wal / 1e6, after.at - before.at
        ),
        format!(
            "database size {:.1} MB -> {:.1} MB",
            before.bytes as f64 / 1e6,
            after.bytes as f64 / 1e6
        ),
    ]
}

/// When the slow moves (over 1 s, outside the outages) arrived, in seconds.
pub fn slow_at(run: &Run, procs: usize, start: Instant) -> (usize, Vec<u64>) {
    let mut at: Vec<u64> = run
        .sent
        .iter()
        .filter(|s| {
            !touched(run, procs, s) && s.board.is_some_and(|b| b - s.at > Duration::from_secs(1))
        })
        .map(|s| (s.at - start).as_secs())
        .collect();
    let n = at.len();
    at.dedup();
    at.truncate(40);
    (n, at)
}

/// Boards posted a second while the moves arrived, in all and per process (token).
pub fn throughput(run: &Run) -> String {
    let end = run.start + run.sending;
    let posted = run
        .sent
        .iter()
        .filter(|s| s.board.is_some_and(|b| b <= end))
        .count();
    let mut per: Vec<(&String, &u64)> = run.seen.by_process.iter().collect();
    per.sort();
    let per: Vec<String> = per
        .into_iter()
        .map(|(t, n)| format!("{} {n}", t.trim_start_matches("Bot fake-token-")))
        .collect();
    format!(
        "boards posted while the moves arrived: {:.1} a second (the limiters allow 49 in all); boards per process (shard: count, whole run): {}",
        posted as f64 / run.sending.as_secs_f64().max(0.001),
        per.join(", ")
    )
}

/// Writes every move (game, ply, ms from the start to its arrival and to its board,
/// times typed) to the file `ARCANA_LOAD_MOVES` names, if it names one.
pub fn write_moves(run: &Run) {
    let Ok(path) = std::env::var("ARCANA_LOAD_MOVES") else {
        return;
    };
    let ms = |t: Instant| (t - run.start).as_secs_f64() * 1000.0;
    let mut out = String::from("game,ply,arrived_ms,board_ms,typed\n");
    for s in &run.sent {
        let board = s.board.map_or(String::new(), |b| format!("{:.1}", ms(b)));
        out.push_str(&format!(
            "{},{},{:.1},{board},{}\n",
            s.game,
            s.ply,
            ms(s.at),
            s.typed
        ));
    }
    std::fs::write(&path, out).expect("write the moves");
}
