//! An external engine spoken to over the Universal Chess Interface (a Stockfish, say),
//! as an arena opponent in plain chess: spawn it, `uci`/`uciok`, `setoption`,
//! `isready`/`readyok`, `ucinewgame`, `position startpos moves ...`, `go`, `bestmove`,
//! `quit`. Every read has a deadline, so an engine that dies or falls silent gives an
//! error, never a hang.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long an engine may take to start, to answer `isready`, or beyond its budget
/// to answer `go`.
const PATIENCE: Duration = Duration::from_secs(10);
/// The longest a node-limited search may take.
const NODES_PATIENCE: Duration = Duration::from_secs(120);

/// An external engine and the options to set on it (`uci:PATH:Name=Value,Name=Value`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciSpec {
    pub path: String,
    pub options: Vec<(String, String)>,
}

impl UciSpec {
    /// Parses what follows `uci:`: `PATH` or `PATH:Name=Value,Name=Value`.
    pub fn parse(text: &str) -> Result<UciSpec, String> {
        let (path, options) = match text.split_once(':') {
            Some((p, o)) => (p.trim(), o.trim()),
            None => (text.trim(), ""),
        };
        if path.is_empty() {
            return Err("a UCI player is `uci:PATH` or `uci:PATH:Name=Value,...`".into());
        }
        let mut parsed = Vec::new();
        for pair in options.split(',').filter(|p| !p.trim().is_empty()) {
            match pair.split_once('=') {
                Some((n, v)) if !n.trim().is_empty() => {
                    parsed.push((n.trim().to_string(), v.trim().to_string()))
                }
                _ => {
                    return Err(format!(
                        "a UCI option is `Name=Value`, not `{}`",
                        pair.trim()
                    ))
                }
            }
        }
        Ok(UciSpec {
            path: path.to_string(),
            options: parsed,
        })
    }

    /// The program to run: the path as given, or for a bare name missing from `PATH`,
    /// Debian's `/usr/games/NAME` when it exists (where its `stockfish` lands).
    fn program(&self) -> std::path::PathBuf {
        let given = std::path::PathBuf::from(&self.path);
        if self.path.contains('/') || on_path(&self.path) {
            return given;
        }
        let games = std::path::Path::new("/usr/games").join(&self.path);
        if games.is_file() {
            games
        } else {
            given
        }
    }
}

fn on_path(name: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(name).is_file()))
}

/// How long each search may run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// `go movetime N`.
    Millis(u64),
    /// `go nodes N`.
    Nodes(u64),
}

/// A running UCI engine. Dropping it sends `quit` and ends the process.
pub struct UciEngine {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl UciEngine {
    /// Starts the engine, waits for `uciok`, sets the options and waits for `readyok`.
    pub fn start(spec: &UciSpec) -> Result<UciEngine, String> {
        let program = spec.program();
        // "Text file busy" (ETXTBSY, 26) only means that a program just written is
        // still open for writing in a process forked meanwhile: it passes; try again.
        let mut tries = 0;
        let mut child = loop {
            match Command::new(&program)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
            {
                Err(e) if e.raw_os_error() == Some(26) && tries < 50 => {
                    tries += 1;
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                other => {
                    break other
                        .map_err(|e| format!("cannot start UCI engine `{}`: {e}", spec.path))?
                }
            }
        };
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("cannot talk to UCI engine `{}`", spec.path));
            }
        };
        let (tx, lines) = mpsc::channel();
        // A reader thread turns the engine's output into lines with deadlines; it ends
        // when the engine closes its output (exits).
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine {
            name: spec.path.clone(),
            child,
            stdin,
            lines,
        };
        engine.send("uci")?;
        engine.wait_for(|l| l == "uciok", PATIENCE, "uci")?;
        for (name, value) in &spec.options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    /// Tells the engine a new game begins.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.ready()
    }

    /// The engine's move (UCI coordinates) after `moves` from the starting position.
    pub fn best_move(&mut self, moves: &[String], budget: Budget) -> Result<String, String> {
        let position = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        self.send(&position)?;
        let (go, patience) = match budget {
            Budget::Millis(ms) => (
                format!("go movetime {ms}"),
                Duration::from_millis(ms) + PATIENCE,
            ),
            Budget::Nodes(n) => (format!("go nodes {n}"), NODES_PATIENCE),
        };
        self.send(&go)?;
        let line = self.wait_for(|l| l.starts_with("bestmove"), patience, "go")?;
        match line.split_whitespace().nth(1) {
            Some(m) if m != "(none)" && m != "0000" => Ok(m.to_string()),
            _ => Err(format!("UCI engine `{}` had no move: `{line}`", self.name)),
        }
    }

    fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        self.wait_for(|l| l == "readyok", PATIENCE, "isready")
            .map(|_| ())
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("UCI engine `{}` stopped listening: {e}", self.name))
    }

    /// The first line that `wanted` accepts, read before `patience` runs out.
    fn wait_for(
        &mut self,
        wanted: impl Fn(&str) -> bool,
        patience: Duration,
        asked: &str,
    ) -> Result<String, String> {
        let deadline = Instant::now() + patience;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if wanted(line.trim()) => return Ok(line.trim().to_string()),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "UCI engine `{}` did not answer `{asked}` within {} s",
                        self.name,
                        patience.as_secs()
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!(
                        "UCI engine `{}` exited while answering `{asked}`",
                        self.name
                    ))
                }
            }
        }
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // A moment to leave on its own, then it is ended.
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse() {
        assert_eq!(
            UciSpec::parse("stockfish:UCI_LimitStrength=true, UCI_Elo=1500"),
            Ok(UciSpec {
                path: "stockfish".into(),
                options: vec![
                    ("UCI_LimitStrength".into(), "true".into()),
                    ("UCI_Elo".into(), "1500".into())
                ]
            })
        );
        assert_eq!(
            UciSpec::parse("/usr/games/stockfish:Skill Level=0")
                .map(|s| s.options)
                .ok(),
            Some(vec![("Skill Level".into(), "0".into())])
        );
        assert!(UciSpec::parse("").is_err());
        assert!(UciSpec::parse("sf:Hash").is_err());
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let spec = UciSpec::parse("/nonexistent/engine").unwrap_or_else(|e| panic!("{e}"));
        assert!(UciEngine::start(&spec).is_err());
    }
}
