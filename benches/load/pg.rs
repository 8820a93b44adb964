//! What the run costs PostgreSQL: its processes' CPU (from `/proc`), the rows of the
//! bot's tables, and the write-ahead log written.

use std::time::Instant;

/// A process's CPU ticks: its own (user + system) and those of its children it has
/// waited for (a PostgreSQL backend that ended is counted in its postmaster's).
pub struct Ticks {
    pub own: u64,
    pub children: u64,
}

pub fn stat_ticks(pid: u32) -> Option<Ticks> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = stat.rsplit_once(')')?.1;
    let f: Vec<u64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0))
        .collect();
    // After the name: ppid is the 2nd, utime/stime the 12th/13th, cutime/cstime the
    // 14th/15th.
    Some(Ticks {
        own: f.get(11)? + f.get(12)?,
        children: f.get(13)? + f.get(14)?,
    })
}

fn parent(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = stat.rsplit_once(')')?.1;
    rest.split_whitespace().nth(1)?.parse().ok()
}

fn pids() -> Vec<u32> {
    std::fs::read_dir("/proc")
        .map(|d| {
            d.filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// The postmaster listening on `port` (its command line names `-p PORT`).
pub fn postmaster(port: u16) -> Option<u32> {
    let wanted = ["-p".to_string(), port.to_string()];
    pids().into_iter().find(|pid| {
        let cmd = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        let args: Vec<String> = cmd
            .split(|b| *b == 0)
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect();
        args.first().is_some_and(|a| a.ends_with("postgres"))
            && args.windows(2).any(|w| w == wanted)
    })
}

/// CPU seconds of the PostgreSQL server so far: the postmaster, its live children and
/// those that ended.
pub fn server_cpu(postmaster: u32) -> f64 {
    let mut ticks = stat_ticks(postmaster).map_or(0, |t| t.own + t.children);
    for pid in pids() {
        if parent(pid) == Some(postmaster) {
            ticks += stat_ticks(pid).map_or(0, |t| t.own);
        }
    }
    ticks as f64 / 100.0
}

/// The database at one moment.
pub struct Snapshot {
    pub at: Instant,
    pub lsn: String,
    /// Rows per table (counted), and rows inserted, updated and deleted so far.
    pub rows: Vec<(String, i64)>,
    pub changed: [i64; 3],
    pub bytes: i64,
}

pub fn snapshot(url: &str) -> Snapshot {
    let mut c = postgres::Client::connect(url, postgres::NoTls).expect("connect to PostgreSQL");
    let lsn: String = c
        .query_one("SELECT pg_current_wal_lsn()::text", &[])
        .expect("the WAL position")
        .get(0);
    let stats = c
        .query(
            "SELECT relname::text, n_tup_ins, n_tup_upd, n_tup_del FROM pg_stat_user_tables \
             ORDER BY relname",
            &[],
        )
        .expect("the tables' statistics");
    let mut rows = Vec::new();
    let mut changed = [0i64; 3];
    for r in &stats {
        let name: String = r.get(0);
        for (i, n) in changed.iter_mut().enumerate() {
            *n += r.get::<_, i64>(i + 1);
        }
        let count: i64 = c
            .query_one(&format!("SELECT count(*) FROM \"{name}\""), &[])
            .expect("a count")
            .get(0);
        rows.push((name, count));
    }
    let bytes: i64 = c
        .query_one("SELECT pg_database_size(current_database())", &[])
        .expect("the database's size")
        .get(0);
    Snapshot {
        at: Instant::now(),
        lsn,
        rows,
        changed,
        bytes,
    }
}

/// Bytes of write-ahead log between two positions.
pub fn wal_between(url: &str, from: &str, to: &str) -> f64 {
    let mut c = postgres::Client::connect(url, postgres::NoTls).expect("connect to PostgreSQL");
    c.query_one(
        "SELECT pg_wal_lsn_diff($1::text::pg_lsn, $2::text::pg_lsn)::float8",
        &[&to, &from],
    )
    .expect("the WAL between")
    .get(0)
}
