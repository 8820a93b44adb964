//! The arena's bridge to external UCI engines: short games against Stockfish (when it
//! is installed; on CI it must be), and fake engines written as shell scripts that
//! play a fixed move, die or fall silent.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use arcana::engine::arena::{Arena, Match, Player, Summary};
use arcana::engine::uci::{Budget, UciEngine, UciSpec};
use arcana::variants::VariantId;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Stockfish on `PATH` or where Debian puts it; `None` (with the reason printed) when
/// it is missing outside CI. On CI (`CI` set) a missing Stockfish fails the test.
fn stockfish() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|p| {
        std::env::split_paths(&p)
            .map(|d| d.join("stockfish"))
            .find(|f| f.is_file())
    });
    let found = on_path.or_else(|| {
        let games = PathBuf::from("/usr/games/stockfish");
        games.is_file().then_some(games)
    });
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but stockfish is not installed (.ci/run installs Debian's package)"
        );
        eprintln!("stockfish is not installed (apt-get install stockfish): skipped");
    }
    found
}

/// A fake engine: a shell script in `dir` answering `uci` and `isready`, and `go` with
/// `on_go` (shell commands).
fn fake_engine(dir: &Path, name: &str, on_go: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    uci) echo 'id name fake'; echo uciok ;;\n    isready) echo readyok ;;\n    go*) {on_go} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.display().to_string()
}

#[test]
fn two_short_games_against_stockfish_through_the_command_line() {
    let Some(sf) = stockfish() else { return };
    let out = Command::new(env!("CARGO_BIN_EXE_arcana"))
        .args([
            "arena",
            "standard",
            "engine:1",
            &format!("uci:{}:Skill Level=0,Hash=16", sf.display()),
            "--games",
            "2",
            "--nodes",
            "2000",
            "--max-answers",
            "30",
            "--seed",
            "5",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = text.lines().collect();
    // Both games ran to the end or to the cap, each with the colours of its turn.
    assert!(lines[0].starts_with("game 1: ") && lines[0].ends_with("(white engine:1)"));
    assert!(lines[1].starts_with("game 2: ") && lines[1].contains("(white uci:"));
    // The result line: the first player's score out of 2 and an Elo figure.
    let score = lines[lines.len() - 2];
    let (who, rest) = score.split_once(": score ").unwrap();
    assert!(who.starts_with("engine:1 against uci:"), "{score}");
    let (points, rest) = rest.split_once("/2 (").unwrap();
    let points: f64 = points.parse().unwrap();
    assert!((0.0..=2.0).contains(&points), "{score}");
    assert!(rest.contains("), Elo "), "{score}");
    assert!(lines[lines.len() - 1].starts_with("white "), "{text}");
}

#[test]
fn games_against_stockfish_are_legal_and_alternate_colours() {
    let Some(sf) = stockfish() else { return };
    let spec = format!("{}:Skill Level=0", sf.display());
    let mut m = Match::new(
        VariantId::Standard,
        Player::Engine { level: 1 },
        Player::Uci(UciSpec::parse(&spec).unwrap()),
        2,
        9,
    );
    m.nodes = Some(1000);
    m.alternate = true;
    m.opening_plies = 2;
    m.max_answers = 24;
    let mut arena = Arena::open(&m).unwrap();
    let mut summary = Summary::default();
    for i in 0..2 {
        // Every answer is checked against the rules on the way: an illegal one from
        // either side would be an error here.
        let r = arena.play_game(i, &mut summary, &|| None).unwrap();
        assert_eq!(r.swapped, i == 1);
        assert!(r.answers > 2 && r.answers <= 24, "{r:?}");
        summary.add(&r);
    }
    assert_eq!(summary.first.games(), 2);
    assert!(summary.engine_answers[0] > 0 && summary.engine_answers[1] > 0);
}

#[test]
fn a_fixed_move_engine_plays_until_its_move_is_illegal() {
    let dir = tempfile::tempdir().unwrap();
    let fake = fake_engine(
        dir.path(),
        "knight",
        "echo 'info depth 1'; echo 'bestmove g8f6'",
    );
    let mut m = Match::new(
        VariantId::Standard,
        Player::Engine { level: 1 },
        Player::Uci(UciSpec::parse(&fake).unwrap()),
        1,
        1,
    );
    // One answer each: g8f6 is legal once.
    m.max_answers = 2;
    let mut summary = Summary::default();
    let r = Arena::open(&m)
        .unwrap()
        .play_game(0, &mut summary, &|| None)
        .unwrap();
    assert!(r.adjudicated);
    assert_eq!(summary.engine_answers, [1, 1]);
    // The second time it is no move at all.
    m.max_answers = 4;
    let err = Arena::open(&m)
        .unwrap()
        .play_game(0, &mut Summary::default(), &|| None)
        .unwrap_err();
    assert!(err.contains("played `g8f6`, not a legal move"), "{err}");
}

#[test]
fn a_dead_or_silent_engine_is_an_error_not_a_hang() {
    let dir = tempfile::tempdir().unwrap();
    let dies = fake_engine(dir.path(), "dies", "exit 3");
    let mut engine = UciEngine::start(&UciSpec::parse(&dies).unwrap()).unwrap();
    let err = engine.best_move(&[], Budget::Millis(10)).unwrap_err();
    assert!(err.contains("exited"), "{err}");
    // Asked again after dying: still an error.
    assert!(engine.best_move(&[], Budget::Millis(10)).is_err());
    let silent = fake_engine(dir.path(), "silent", "exec sleep 60");
    let mut engine = UciEngine::start(&UciSpec::parse(&silent).unwrap()).unwrap();
    let err = engine.best_move(&[], Budget::Millis(10)).unwrap_err();
    assert!(err.contains("did not answer `go`"), "{err}");
    // Other variants refuse UCI players in one line.
    let m = Match::new(
        VariantId::Spell,
        Player::Uci(UciSpec::parse(&dies).unwrap()),
        Player::Random,
        1,
        1,
    );
    let err = Arena::open(&m).err().unwrap();
    assert!(err.contains("plain chess") && !err.contains('\n'), "{err}");
}
