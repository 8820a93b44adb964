//! The store: records replay from their actions, and a process killed with SIGKILL at
//! random moments never loses an acknowledged move, on sled and on PostgreSQL.

mod common;
mod store_backends;

use arcana::core::Side;
use arcana::store::{ActionKind, Store};
use arcana::variants::Game;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const CHANNELS: [&str; 3] = ["c0", "c1", "c2"];
/// Moves fed per channel and round: enough to kill mid-work, few enough to stay fast.
const MOVES_PER_ROUND: usize = 4;

fn player(side: Side) -> &'static str {
    match side {
        Side::White => "alice",
        Side::Black => "bob",
    }
}

fn channel_id(name: &str) -> u64 {
    arcana::local::local_channel(name)
}

/// What one round asked of the child for one channel.
struct Plan {
    /// Game id and history length at the start of the round (`None`: a new game).
    game: Option<(u64, usize)>,
    printed: Vec<String>,
}

/// Opens the store, checks that every game replays, and returns the
/// active game per channel.
fn inspect(url: &str) -> HashMap<String, (u64, usize, Game)> {
    let store = Store::open_url(url).expect("open store");
    for rec in store.all_games().expect("scan") {
        rec.replay()
            .unwrap_or_else(|e| panic!("game {} does not replay: {e}", rec.id));
    }
    let mut out = HashMap::new();
    for ch in CHANNELS {
        if let Some(id) = store.active_game(channel_id(ch)).expect("db") {
            let rec = store.game(id).expect("db").expect("record");
            let game = rec.replay().expect("replays");
            out.insert(ch.to_string(), (id, rec.history.len(), game));
        }
    }
    out
}

/// Checks the store against what the child acknowledged; returns (acknowledged, planned).
fn check_acknowledged(
    url: &str,
    plans: &HashMap<String, Plan>,
    output: &[String],
) -> (usize, usize) {
    let mut totals = (0, 0);
    let store = Store::open_url(url).expect("open store");
    for (ch, plan) in plans {
        // The acknowledged moves: the plan's printed moves found in order in the output.
        let prefix = format!("#{ch}: ");
        let mut acked = 0;
        for line in output {
            let Some(rest) = line.strip_prefix(&prefix) else {
                continue;
            };
            let text = rest
                .split(' ')
                .skip_while(|w| w.starts_with('@'))
                .collect::<Vec<_>>()
                .join(" ");
            if acked < plan.printed.len() && text == plan.printed[acked] {
                acked += 1;
            }
        }
        totals.0 += acked;
        totals.1 += plan.printed.len();
        if acked == 0 {
            continue;
        }
        let (id, start) = match plan.game {
            Some(g) => g,
            None => (
                store.last_game(channel_id(ch)).expect("db").expect("game"),
                0,
            ),
        };
        let rec = store.game(id).expect("db").expect("record");
        let stored: Vec<&str> = rec.history[start..]
            .iter()
            .map(|h| h.printed.as_str())
            .collect();
        assert!(
            stored.len() >= acked,
            "{ch}: {acked} moves acknowledged but only {} stored",
            stored.len()
        );
        for (i, s) in stored.iter().enumerate() {
            assert_eq!(
                *s, plan.printed[i],
                "{ch}: stored move {i} differs from the plan"
            );
        }
        let plays = rec
            .actions
            .iter()
            .filter(|a| matches!(a.kind, ActionKind::Play { .. }))
            .count();
        assert_eq!(plays, rec.history.len());
    }
    totals
}

#[test]
fn sigkill_never_loses_an_acknowledged_move() {
    for e in store_backends::backends("sigkill") {
        eprintln!("engine {}", e.name);
        sigkill_rounds(&e.url);
    }
}

/// Twenty rounds of a child `arcana local --store URL` fed moves and killed at a
/// random moment, each checked against what the child acknowledged.
fn sigkill_rounds(url: &str) {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let out_dir = dir.path().join("out");
    let mut rng = StdRng::seed_from_u64(20);
    let mut killed_early = 0;
    let mut interrupted = 0;
    let mut total_acked = 0;
    for round in 0..20 {
        let active = inspect(url);
        let mut script = String::new();
        let mut plans = HashMap::new();
        let mut per_channel: Vec<Vec<String>> = Vec::new();
        for ch in CHANNELS {
            let (game, mut g) = match active.get(ch) {
                Some((id, len, g)) => (Some((*id, *len)), g.clone()),
                None => {
                    script.push_str(&format!(
                        "#{ch} alice: /challenge @bob color:white days:0\n#{ch} bob: /accept\n"
                    ));
                    let g = Game::new(
                        arcana::variants::VariantId::Standard,
                        &Default::default(),
                        0,
                    )
                    .expect("game");
                    (None, g)
                }
            };
            let mut lines = Vec::new();
            let mut printed = Vec::new();
            for _ in 0..MOVES_PER_ROUND {
                let Some(ask) = g.ask() else { break };
                let legal = g.legal_texts();
                let m = legal[rng.gen_range(0..legal.len())].clone();
                let played = g.play(ask.side, &m).expect("legal");
                lines.push(format!("#{ch} {}: /move {m}", player(ask.side)));
                printed.push(played.printed);
            }
            per_channel.push(lines);
            plans.insert(ch.to_string(), Plan { game, printed });
        }
        // Interleave the channels so a kill can land between any two of them.
        for i in 0..MOVES_PER_ROUND {
            for lines in &per_channel {
                if let Some(l) = lines.get(i) {
                    script.push_str(l);
                    script.push('\n');
                }
            }
        }

        let mut child = Command::new(env!("CARGO_BIN_EXE_arcana"))
            .arg("local")
            .arg("--data")
            .arg(&data)
            .arg("--store")
            .arg(url)
            .arg("--out")
            .arg(&out_dir)
            .arg("--no-images")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn arcana local");
        let mut stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let output = Arc::new(Mutex::new(Vec::new()));
        let reader = {
            let output = output.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    match line {
                        Ok(l) => output.lock().expect("lock").push(l),
                        Err(_) => break,
                    }
                }
            })
        };
        let writer = std::thread::spawn(move || {
            // A killed child closes the pipe; the error is expected then.
            let _ = stdin.write_all(script.as_bytes());
        });
        // Kill at a random point of the work: after a random number of printed lines
        // plus a random fraction of a millisecond or two.
        let target = rng.gen_range(0..32usize);
        let delay = rng.gen_range(0..2_000u64);
        let give_up = std::time::Instant::now() + Duration::from_secs(10);
        while output.lock().expect("lock").len() < target
            && child.try_wait().expect("wait").is_none()
            && std::time::Instant::now() < give_up
        {
            std::thread::sleep(Duration::from_micros(200));
        }
        std::thread::sleep(Duration::from_micros(delay));
        if child.try_wait().expect("wait").is_none() {
            killed_early += 1;
        }
        child.kill().ok();
        child.wait().expect("reap");
        writer.join().expect("writer");
        reader.join().expect("reader");
        let output = output.lock().expect("lock").clone();
        let (acked, planned) = check_acknowledged(url, &plans, &output);
        if acked < planned {
            interrupted += 1;
        }
        total_acked += acked;
        eprintln!("round {round}: killed after {target} lines + {delay} us, {acked} of {planned} moves acknowledged");
    }
    // The last state replays too.
    inspect(url);
    assert!(killed_early > 0, "some kills must interrupt the child");
    assert!(
        interrupted > 0,
        "some kills must land in the middle of the moves"
    );
    assert!(
        total_acked > 12,
        "the child must get work done between kills"
    );
}

#[test]
fn replay_detects_a_changed_action() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    played_locally(dir.path(), &data);
    let store = Store::open(&data).expect("open");
    let id = store
        .active_game(channel_id("general"))
        .expect("db")
        .expect("game");
    let mut rec = store.game(id).expect("db").expect("rec");
    assert_eq!(rec.format, arcana::store::FORMAT_VERSION);
    assert!(rec.replay().is_ok());
    if let ActionKind::Play { text, .. } = &mut rec.actions[1].kind {
        *text = "e7-e3".to_string();
    }
    assert!(
        rec.replay().is_err(),
        "an action that cannot be played must not replay"
    );
}

/// A store with one game of chess played by `arcana local` (two moves), in `data`.
fn played_locally(dir: &std::path::Path, data: &std::path::Path) {
    let script = "alice: /challenge @bob color:white\nbob: /accept\nalice: e4\nbob: e5\n";
    let (data, out) = (
        data.display().to_string(),
        dir.join("out").display().to_string(),
    );
    common::run_arcana(
        &["local", "--no-images", "--data", &data, "--out", &out],
        script,
    );
}

fn store_check(data: &std::path::Path) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arcana"))
        .arg("store-check")
        .arg("--store")
        .arg(format!("sled:{}", data.display()))
        .output()
        .expect("store-check");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

// Issue 24: `arcana store-check` says what of a store is readable, and a damaged sled
// folder is refused with what to do, never a panic: the folder's main file truncated at
// many lengths, each opened by the library and checked by the binary.
#[test]
fn store_check_reads_a_store_and_a_damaged_one_is_refused_without_a_panic() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    played_locally(dir.path(), &data);
    let (ok, text) = store_check(&data);
    assert!(ok, "{text}");
    assert!(text.contains("games replayed: 1 (1 active)"), "{text}");
    assert!(text.contains("unreadable: 0"), "{text}");

    let main = data.join("db");
    let whole = std::fs::read(&main).expect("the sled folder's db file");
    for step in 1..=12u64 {
        let cut = (whole.len() as u64 * step / 13) as usize;
        let damaged = dir.path().join(format!("damaged-{step}"));
        std::fs::create_dir_all(&damaged).expect("dir");
        for entry in std::fs::read_dir(&data).expect("read_dir") {
            let entry = entry.expect("entry");
            if entry.file_type().expect("type").is_file() {
                std::fs::copy(entry.path(), damaged.join(entry.file_name())).expect("copy");
            }
        }
        std::fs::write(damaged.join("db"), &whole[..cut]).expect("truncate");
        // The library: a result, never a panic.
        let opened = std::panic::catch_unwind(|| Store::open(&damaged).map(drop));
        let opened = opened.unwrap_or_else(|_| panic!("opening a store cut at {cut} panicked"));
        // The binary: a clear sentence when it cannot read, and never a crash.
        let (ok, text) = store_check(&damaged);
        assert!(!text.contains("panicked at") || opened.is_err(), "{text}");
        if let Err(e) = opened {
            assert!(!ok, "cut at {cut}: {text}");
            let e = e.to_string();
            assert!(
                e.contains("damaged") || e.contains("failed"),
                "cut at {cut}: {e}"
            );
            assert!(
                text.contains("cannot open the store"),
                "cut at {cut}: {text}"
            );
        }
    }
}
