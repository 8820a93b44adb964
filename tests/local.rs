//! `arcana local` driven by piped scripts: a full game, then a second run on the same
//! data directory that still sees it.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn run(data: &Path, out: &Path, script: &str) -> Vec<String> {
    run_with_stderr(data, out, script).0
}

/// Runs a script; gives the output lines and the standard error.
fn run_with_stderr(data: &Path, out: &Path, script: &str) -> (Vec<String>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arcana"))
        .arg("local")
        .arg("--data")
        .arg(data)
        .arg("--out")
        .arg(out)
        .args(["--seed", "5"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn arcana local");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("write script");
    let output = child.wait_with_output().expect("wait");
    assert!(output.status.success(), "exit status {:?}", output.status);
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    // No intro when piped; at most the note about games of an earlier run.
    assert!(
        stderr.is_empty() || stderr.starts_with("Note: "),
        "{stderr}"
    );
    let lines = String::from_utf8(output.stdout)
        .expect("utf8")
        .lines()
        .map(str::to_string)
        .collect();
    (lines, stderr)
}

fn has(lines: &[String], want: &str) -> bool {
    lines.iter().any(|l| l == want)
}

#[test]
fn piped_full_game_then_second_run_sees_it() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let out = dir.path().join("out");
    let script = "\
// a comment, ignored
alice: /challenge @bob standard color:white days:3
bob: /accept
alice: f3
bob: /move e5
carol: g4
alice: g4
bob: /move Qh4#
#side alice: /challenge @bob color:black
#side bob: /accept
#side bob: d4
#side alice: /draw offer
#side carol: /board
";
    let lines = run(&data, &out, script);
    assert!(
        has(&lines, "#general: @bob alice challenges bob to Chess (alice plays White, 3 days per move, rated). bob: `/accept` or `/decline`."),
        "{lines:#?}"
    );
    assert!(has(&lines, "#general: @bob f2-f3"), "{lines:#?}");
    // carol does not play: her typed move is refused as `/move` would refuse it.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("only @carol: ")
                && l.contains("Only alice and bob play this game")),
        "{lines:#?}"
    );
    assert!(has(&lines, "#general: Qd8-h4"), "{lines:#?}");
    assert!(has(&lines, "#general: Checkmate."), "{lines:#?}");
    assert!(
        has(&lines, "#general: Black wins by checkmate."),
        "{lines:#?}"
    );
    assert!(has(&lines, "#side: @alice d2-d4"), "{lines:#?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("only @carol: ") && l.contains("alice has offered a draw")),
        "{lines:#?}"
    );
    // Images are written and are PNG files.
    let images: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.split_once("[image] ").map(|(_, p)| p))
        .collect();
    assert!(images.len() >= 6, "{lines:#?}");
    for p in images {
        let bytes = std::fs::read(p).expect("image file");
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    }

    let lines = run(
        &data,
        &out,
        "carol: /history\ncarol: /games\n#side alice: /draw accept\n#side alice: e5\n#side carol: /export\n",
    );
    assert!(has(&lines, "only @carol: 1. f2-f3 e7-e5"), "{lines:#?}");
    assert!(has(&lines, "only @carol: 2. g2-g4 Qd8-h4"), "{lines:#?}");
    assert!(
        lines.iter().any(|l| l.contains("Active games (1)")),
        "{lines:#?}"
    );
    // alice offered, so she cannot accept; she plays on instead.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("only @alice: ") && l.contains("has not offered")),
        "{lines:#?}"
    );
    assert!(has(&lines, "#side: @bob e7-e5"), "{lines:#?}");
    let file = lines
        .iter()
        .find_map(|l| l.split_once("[file] ").map(|(_, p)| p.to_string()))
        .expect("export file");
    let pgn = std::fs::read_to_string(&file).expect("export");
    assert!(pgn.contains("[VariantId \"standard\"]"), "{pgn}");
    // The animation is written beside the PGN, and the line says where.
    let gif = lines
        .iter()
        .filter_map(|l| l.split_once("[file] ").map(|(_, p)| p.to_string()))
        .find(|p| p.ends_with(".gif"))
        .expect("the GIF's file");
    assert_eq!(
        std::path::Path::new(&gif).parent(),
        std::path::Path::new(&file).parent()
    );
    assert_eq!(&std::fs::read(&gif).expect("gif")[..6], b"GIF89a");
    assert!(pgn.contains("[White \"bob\"]"), "{pgn}");
    assert!(pgn.contains("1. d4 e5"), "{pgn}");
}

#[test]
fn bad_lines_and_help() {
    let dir = tempfile::tempdir().expect("dir");
    let lines = run(
        &dir.path().join("data"),
        &dir.path().join("out"),
        "this has no colon\nalice: /help\nalice: /rules spell\nalice: /nonsense\n",
    );
    assert!(lines[0].starts_with("error: "), "{lines:#?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("only @alice: `/challenge")),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("only @alice: **Spell Chess**")),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("There is no command `/nonsense`")),
        "{lines:#?}"
    );
}

#[test]
fn ratings_profile_and_leaderboard_in_local() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let out = dir.path().join("out");
    let script = "\
alice: /challenge @bob standard color:white
bob: /accept
alice: f3
bob: e5
alice: g4
bob: Qh4#
#side alice: /challenge @bob rated:false color:white
#side bob: /accept
#other carol: /challenge @alice color:white
#other alice: /accept
alice: /profile
carol: /profile @bob
bob: /leaderboard standard
alice: /leaderboard variant:wand
";
    let lines = run(&data, &out, script);
    assert!(
        has(&lines, "#side: @bob alice challenges bob to Chess (alice plays White, 3 days per move, casual). bob: `/accept` or `/decline`."),
        "{lines:#?}"
    );
    let alice: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("only @alice: "))
        .collect();
    assert_eq!(alice[0], "**alice**: ratings on this server", "{lines:#?}");
    assert!(
        alice[1].starts_with("Chess: 1") && alice[1].contains("? (deviation "),
        "{lines:#?}"
    );
    assert!(alice[1].ends_with("0 wins, 0 draws, 1 loss"), "{lines:#?}");
    assert_eq!(alice[2], "Current games:");
    // Channel references are printed as the local channel names.
    assert_eq!(alice[3], "- Chess vs bob in #side (casual), alice to move");
    assert_eq!(alice[4], "- Chess vs carol in #other, carol to move");
    assert_eq!(alice[5], "Last results:");
    assert!(
        alice[6].starts_with("- loss vs bob (Chess, rated, 1500? → 1"),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("only @carol: - win vs alice (Chess, rated, 1500? → 1")),
        "{lines:#?}"
    );
    assert!(
        has(&lines, "only @bob: Chess leaderboard on this server:"),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("only @bob: You are not listed yet: your rating 1")),
        "{lines:#?}"
    );
    assert!(
        has(
            &lines,
            "only @alice: You have no rated Wand Chess games here yet."
        ),
        "{lines:#?}"
    );

    // A second run sees the same ratings, and the command line rebuilds them exactly.
    let again = run(&data, &out, "alice: /profile\n");
    assert_eq!(again[1], format!("only @alice: {}", alice[1]), "{again:#?}");
    let rebuilt = Command::new(env!("CARGO_BIN_EXE_arcana"))
        .args(["ratings", "--rebuild", "--data"])
        .arg(&data)
        .output()
        .expect("arcana ratings");
    assert!(rebuilt.status.success(), "{rebuilt:?}");
    let text = String::from_utf8_lossy(&rebuilt.stdout);
    assert!(
        text.contains("1 rated game, 2 ratings (server ladders): identical to the stored ratings"),
        "{text}"
    );
}

/// Re-running the README's example in the same folder: the old game is still there,
/// and both the note at start and the refusal say how to get out.
#[test]
fn a_second_run_of_the_example_says_how_to_start_afresh() {
    let dir = tempfile::tempdir().expect("dir");
    let (data, out) = (dir.path().join("data"), dir.path().join("out"));
    let example = "alice: /challenge @bob standard color:white\nbob: /accept\nalice: e4\n";
    let (_, stderr) = run_with_stderr(&data, &out, example);
    assert!(stderr.is_empty(), "{stderr}");
    let (lines, stderr) = run_with_stderr(&data, &out, example);
    assert!(stderr.contains("--data"), "{stderr}");
    // Issue 53: the note names the store it opened and counts its unfinished game.
    let store = format!("sled:{}", data.display());
    assert!(
        stderr.contains(&format!("{store} holds 1 unfinished")),
        "{stderr}"
    );
    let refusal = lines
        .iter()
        .find(|l| l.contains("already has a game"))
        .expect("refused");
    assert!(
        refusal.contains("/resign") && refusal.contains("/abort"),
        "{refusal}"
    );
}

#[test]
fn local_help_shows_an_example_session() {
    let output = Command::new(env!("CARGO_BIN_EXE_arcana"))
        .args(["local", "--help"])
        .output()
        .expect("run");
    let help = String::from_utf8(output.stdout).expect("utf8");
    for line in [
        "alice: /challenge @bob standard color:white",
        "bob: /accept",
        "alice: e4",
    ] {
        assert!(help.contains(line), "{help}");
    }
}

/// `arcana perft ... | head -1`: the reader goes away; arcana ends quietly.
#[test]
fn perft_into_a_closed_pipe_exits_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arcana"))
        .args(["perft", "standard", "3", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    // Close the reading end before anything is written.
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(output.status.success(), "{:?} {stderr}", output.status);
}

/// A DM names the channel of its game, and a refusal shows a U+202E escaped.
#[test]
fn direct_messages_name_their_channel_and_refusals_escape_controls() {
    let dir = tempfile::tempdir().expect("dir");
    let script = "#den alice: /challenge @bob wickets color:white\n#den bob: /accept\n#den alice: e4\u{202e}xd5\n";
    let lines = run(&dir.path().join("data"), &dir.path().join("out"), script);
    assert!(
        lines.iter().any(|l| l
            .starts_with("DM @alice (from #den): **Chess with Wickets**, game 1: alice vs bob")),
        "{lines:#?}"
    );
    let refusal = lines
        .iter()
        .find(|l| l.starts_with("only @alice: "))
        .expect("a refusal");
    assert!(!refusal.contains('\u{202e}'), "{refusal}");
    assert!(refusal.contains("<U+202E>"), "{refusal}");
}

/// The first `/g/...` address printed (a game's public web page).
fn game_page(lines: &[String]) -> Option<String> {
    lines.iter().find_map(|l| {
        let at = l.find("/g/")?;
        Some(
            l[at..]
                .split(|c: char| c.is_whitespace() || c == '>' || c == ')')
                .next()?
                .to_string(),
        )
    })
}

/// `arcana local --web` running, its input still open (closing it ends the run).
struct Serving {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    /// Where it serves.
    addr: String,
    /// The first game page's path it printed.
    page: String,
}

/// Starts `arcana local --web` on `data` and feeds it `script`, until it has printed
/// a game page's address.
fn serving(data: &Path, out: &Path, script: &str) -> Serving {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_arcana"))
        .arg("local")
        .arg("--data")
        .arg(data)
        .arg("--out")
        .arg(out)
        .args(["--seed", "5", "--no-images", "--web", "127.0.0.1:0"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn arcana local --web");
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
    let mut said = String::new();
    let addr = loop {
        let mut line = String::new();
        assert!(
            stderr.read_line(&mut line).expect("stderr") > 0,
            "no address: {said}"
        );
        said.push_str(&line);
        if let Some(rest) = line.trim().strip_prefix("Web pages at http://") {
            break rest.split('/').next().expect("address").to_string();
        }
    };
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(script.as_bytes()).expect("script");
    stdin.flush().expect("flush");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut lines = Vec::new();
    let page = loop {
        if let Some(page) = game_page(&lines) {
            break page;
        }
        let mut line = String::new();
        assert!(
            stdout.read_line(&mut line).expect("stdout") > 0,
            "{lines:#?}"
        );
        lines.push(line.trim_end().to_string());
    };
    Serving {
        child,
        stdin,
        addr,
        page,
    }
}

/// The status code of `GET path` on `addr`.
fn status(addr: &str, path: &str) -> u16 {
    use std::io::Read;
    let mut s = std::net::TcpStream::connect(addr).expect("connect");
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .expect("request");
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    answer
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

/// Run, quit, run again: the channels of earlier games keep their names, and the web
/// pages' links of the first run still open in the second (their key is kept in the
/// data folder, readable by its owner only).
#[test]
fn a_second_run_keeps_channel_names_and_web_links() {
    let dir = tempfile::tempdir().expect("dir");
    let (data, out) = (dir.path().join("data"), dir.path().join("out"));
    let (first, _) = run_with_stderr(
        &data,
        &out,
        "#lobby alice: /challenge @bob standard color:white\n#lobby bob: /accept\n",
    );
    assert!(!first.is_empty());
    let again = run(&data, &out, "carol: /games\nalice: /profile\n");
    assert!(
        again.iter().any(|l| l.contains("#lobby")),
        "the game's channel is named: {again:#?}"
    );
    assert!(
        !again.iter().any(|l| l.contains("#channel-")),
        "no channel is printed by its number: {again:#?}"
    );

    let first = serving(
        &data,
        &out,
        "#den alice: /challenge @bob standard color:white\n#den bob: /accept\n",
    );
    assert_eq!(status(&first.addr, &first.page), 200, "{}", first.page);
    let Serving {
        mut child,
        stdin,
        page: link,
        ..
    } = first;
    drop(stdin);
    assert!(child.wait().expect("wait").success());
    let key = data.join("web-key");
    let mode = std::fs::metadata(&key)
        .expect("the web key is kept")
        .permissions();
    #[cfg(unix)]
    assert_eq!(
        std::os::unix::fs::PermissionsExt::mode(&mode) & 0o777,
        0o600,
        "{}",
        key.display()
    );
    let mut second = serving(&data, &out, "#den carol: /web\n");
    assert_eq!(second.page, link, "the same game has the same link");
    assert_eq!(status(&second.addr, &link), 200, "{link}");
    drop(second.stdin);
    assert!(second.child.wait().expect("wait").success());
}
