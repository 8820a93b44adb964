//! Issue 47, item 2: `/vacation on|off` is carried into every game of its player even
//! when the process is killed in the middle. A child `arcana local` with 20 games of
//! alice's is killed with SIGKILL at a random moment of `/vacation on` or `off`, then
//! started again: every clock agrees with the vacation, on sled and on PostgreSQL, and
//! `store-check` finds no disagreement.

mod store_backends;

use arcana::local::{local_channel, local_user};
use arcana::store::{Store, Vacation, Write};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::{BufRead, BufReader, Write as _};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const GAMES: usize = 20;
const KILLS: usize = 100;

fn child(url: &str, data: &std::path::Path, out: &std::path::Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_arcana"))
        .arg("local")
        .arg("--data")
        .arg(data)
        .arg("--store")
        .arg(url)
        .arg("--out")
        .arg(out)
        .arg("--no-images")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn arcana local")
}

/// Runs a child to its end on `script`.
fn run(url: &str, data: &std::path::Path, out: &std::path::Path, script: &str) -> String {
    let mut c = child(url, data, out);
    let mut stdin = c.stdin.take().expect("stdin");
    stdin.write_all(script.as_bytes()).expect("script");
    drop(stdin);
    let o = c.wait_with_output().expect("child");
    String::from_utf8_lossy(&o.stdout).to_string()
}

/// alice's vacation and, for each of her active games, whether it says she is away
/// and whether her clock stands.
fn state(url: &str) -> (Vacation, Vec<(bool, bool)>, usize) {
    let store = Store::open_url(url).expect("open store");
    let alice = local_user("alice").id;
    let v = store.vacation(alice).expect("vacation");
    let mut games = Vec::new();
    for i in 0..GAMES {
        let id = store
            .active_game(local_channel(&format!("v{i}")))
            .expect("db")
            .expect("a game in every channel");
        let rec = store.game(id).expect("db").expect("record");
        let side = rec.side_of(alice).expect("alice plays");
        let clock = rec.clock.as_ref().expect("a clock");
        assert_eq!(clock.side, side, "alice is to move in game {id}");
        games.push((rec.away[side.index()], clock.paused_ms.is_some()));
    }
    let disagreements = store.check().disagreements.len();
    (v, games, disagreements)
}

/// Gives alice her whole allowance back while she is not on vacation.
fn refill(url: &str) {
    let store = Store::open_url(url).expect("open store");
    let alice = local_user("alice").id;
    let v = store.vacation(alice).expect("vacation");
    if v.since_ms.is_none() && v.used_days > 0 {
        let mut w = Write::new();
        let fresh = Vacation {
            used_days: 0,
            ..v.clone()
        };
        w.vacation(alice, &v, &fresh).expect("write");
        store.commit(w).expect("commit");
    }
}

#[test]
fn a_kill_during_a_vacation_leaves_no_clock_disagreeing() {
    for e in store_backends::backends("vackill") {
        eprintln!("engine {}", e.name);
        kill_rounds(&e.url);
    }
}

fn kill_rounds(url: &str) {
    let dir = tempfile::tempdir().expect("dir");
    let (data, out) = (dir.path().join("data"), dir.path().join("out"));
    let mut setup = String::new();
    for i in 0..GAMES {
        setup.push_str(&format!(
            "#v{i} alice: /challenge @bob color:black days:3\n#v{i} bob: /accept\n#v{i} bob: /move e4\n"
        ));
    }
    run(url, &data, &out, &setup);
    let (_, games, _) = state(url);
    assert!(games.iter().all(|g| *g == (false, false)), "{games:?}");
    let mut rng = StdRng::seed_from_u64(47);
    let (mut torn, mut whole) = (0, 0);
    for round in 0..KILLS {
        refill(url);
        let (before, _, _) = state(url);
        let on = before.since_ms.is_none();
        let line = format!("#v0 alice: /vacation {}\n", if on { "on" } else { "off" });
        let mut c = child(url, &data, &out);
        let mut stdin = c.stdin.take().expect("stdin");
        let stdout = c.stdout.take().expect("stdout");
        let seen = Arc::new(Mutex::new(0usize));
        let reader = {
            let seen = seen.clone();
            std::thread::spawn(move || {
                for _ in BufReader::new(stdout).lines().map_while(Result::ok) {
                    *seen.lock().expect("lock") += 1;
                }
            })
        };
        // A killed child closes the pipe; the error is expected then.
        let _ = stdin.write_all(line.as_bytes());
        // Kill at a random moment of the work: from before the line is read to after
        // the last game is told.
        let delay = rng.gen_range(0..40_000u64);
        let start = Instant::now();
        while start.elapsed() < Duration::from_micros(delay)
            && c.try_wait().expect("wait").is_none()
        {
            std::thread::sleep(Duration::from_micros(100));
        }
        c.kill().ok();
        c.wait().expect("reap");
        drop(stdin);
        reader.join().expect("reader");
        let (mid, marks, _) = state(url);
        let changed = mid.since_ms.is_some() == on;
        let agreeing = marks.iter().filter(|(away, _)| *away == on).count();
        if changed && agreeing < GAMES {
            torn += 1;
        } else if changed {
            whole += 1;
        }
        // Started again: its first tick finishes what was asked.
        run(url, &data, &out, "");
        let (after, marks, disagreements) = state(url);
        let away = after.since_ms.is_some();
        for (i, (marked, standing)) in marks.iter().enumerate() {
            assert_eq!(
                (*marked, *standing),
                (away, away),
                "round {round} ({line:?} killed after {delay} us): game {i} disagrees with the vacation"
            );
        }
        assert_eq!(disagreements, 0, "round {round}: store-check disagrees");
        let store = Store::open_url(url).expect("open");
        assert!(
            store.vacations_unsettled().expect("db").is_empty(),
            "round {round}"
        );
    }
    eprintln!("{KILLS} kills: {torn} left the games half done, {whole} after the whole change");
    assert!(
        torn > 0,
        "some kills must land between the record and the games"
    );
    // store-check reports games that disagree with a vacation no intent explains.
    let store = Store::open_url(url).expect("open");
    let alice = local_user("alice").id;
    let v = store.vacation(alice).expect("vacation");
    let flipped = Vacation {
        since_ms: if v.since_ms.is_some() { None } else { Some(1) },
        until_ms: None,
        ..v.clone()
    };
    let mut w = Write::new();
    w.vacation(alice, &v, &flipped).expect("write");
    store.commit(w).expect("commit");
    let report = store.check();
    assert_eq!(
        report.disagreements.len(),
        GAMES,
        "{:?}",
        report.disagreements
    );
    assert!(report
        .summary()
        .contains(&format!("vacation disagreements: {GAMES}")));
}
