//! Issue 28: what newcomers tripped on, each played as a newcomer would in `arcana
//! local`: a typed move out of turn says whose turn it is; a move with a word or a
//! sign beside it says to type the move alone; Wizard Walls echoes `@` as typed (and
//! reads the full-width one older refusals printed), teaches the setup's syntax during
//! setup, and separates a turn's two actions in the move list.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use arcana::local::{run, LocalPlaces, Printer};
use arcana::service::{Service, ServiceConfig};

struct Local {
    service: Service,
    printer: Printer,
    _dir: tempfile::TempDir,
}

impl Local {
    fn new() -> Local {
        let dir = tempfile::tempdir().unwrap();
        let service = Service::open(
            dir.path().join("data"),
            ServiceConfig {
                seed: Some(5),
                ..ServiceConfig::default()
            },
        )
        .unwrap();
        let printer = Printer::new(&dir.path().join("out"), false);
        Local {
            service,
            printer,
            _dir: dir,
        }
    }

    /// Feeds `lines` to the local front end and returns what it printed.
    fn say(&mut self, lines: &str) -> String {
        let mut input = std::io::Cursor::new(format!("{lines}\n"));
        let mut out = Vec::new();
        run(
            &self.service,
            &LocalPlaces::default(),
            &mut input,
            &mut out,
            &mut self.printer,
        )
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    fn start(&mut self, variant: &str) {
        let started = self.say(&format!(
            "alice: /challenge @bob {variant} color:white\nbob: /accept"
        ));
        assert!(started.contains("bob accepts"), "{started}");
    }
}

#[test]
fn a_typed_move_out_of_turn_says_whose_turn_it_is() {
    let mut l = Local::new();
    l.start("standard");
    let out = l.say("bob: e5");
    assert!(
        out.contains("It is not your turn; alice (White) is to move."),
        "{out}"
    );
    assert!(!out.contains("nobody asked you"), "{out}");
    // A spectator hears who plays.
    let out = l.say("carol: e5");
    assert!(out.contains("Only alice and bob play this game"), "{out}");
    // Nothing changed: alice still moves first.
    assert!(l.say("alice: e4").contains("e2-e4"));
}

#[test]
fn a_word_or_a_sign_beside_a_move_is_named() {
    for variant in ["standard", "spell", "sorchess", "wand", "wickets"] {
        let mut l = Local::new();
        l.start(variant);
        let out = l.say("alice: e4 please");
        assert!(
            out.contains("type the move alone, like `e4`: `please` is not part of a move"),
            "{variant}: {out}"
        );
        assert!(!out.contains("too many squares"), "{variant}: {out}");
        let out = l.say("alice: e4 😀");
        assert!(
            out.contains("`😀` is not part of a move"),
            "{variant}: {out}"
        );
        assert!(!out.contains("unexpected character"), "{variant}: {out}");
        let out = l.say("alice: e4😀");
        assert!(
            out.contains("`😀` is not part of any move"),
            "{variant}: {out}"
        );
    }
}

#[test]
fn wizard_walls_echoes_at_signs_and_teaches_setup_syntax() {
    let mut l = Local::new();
    l.start("walls");
    // During setup, something unreadable is answered with the setup's syntax.
    let out = l.say("alice: hello");
    assert!(
        out.contains("places 3 walls, like `@c4 @d5 @f3`; `hello` is not a wall placement"),
        "{out}"
    );
    assert!(!out.contains("resurrection"), "{out}");
    // The refusal prints `@` as typed, and a full-width one is read as `@`.
    let out = l.say("alice: @c9");
    assert!(out.contains("`@c9`"), "{out}");
    assert!(!out.contains('＠'), "{out}");
    let out = l.say("alice: ＠c4 ＠d5 ＠f3");
    assert!(!out.contains("only @alice"), "{out}");
}

#[test]
fn a_wizard_walls_move_list_keeps_the_sides_apart() {
    let mut l = Local::new();
    l.start("walls");
    let out = l.say(
        "alice: @c4 @d5 @f3\nbob: @c5 @e4 @f6\nalice: pass\nbob: pass\n\
         alice: Nb1-a3 Bc1-b2\nbob: Nb8-a6 Bc8-b7",
    );
    assert!(!out.contains("only @"), "{out}");
    let history = l.say("carol: /history");
    let lines: Vec<&str> = history.lines().collect();
    // Each side's setup and turn on its own line, a turn's two actions with a comma.
    for expected in [
        "1. @f3 @c4 @d5",
        "1... @e4 @c5 @f6",
        "3. Nb1-a3, Bc1-b2",
        "3... Nb8-a6, Bc8-b7",
    ] {
        assert!(
            lines.iter().any(|l| l.ends_with(expected)),
            "no line `{expected}` in {history}"
        );
    }
}

/// Messages give the rules' reason in the player's terms, never an internal rule
/// number like "(S3)" or "(K6)": no string in the rules' code (comments and tests
/// aside) quotes one.
#[test]
fn no_message_quotes_a_rule_number() {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs")
                && p.file_name().is_none_or(|n| n != "tests.rs")
            {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    for d in ["src/variants", "src/service", "src/render", "src/core"] {
        walk(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join(d)
                .as_path(),
            &mut files,
        );
    }
    let mut found = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        // Unit tests at the end of a file are not messages.
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for (n, line) in code.lines().enumerate() {
            let t = line.trim_start();
            if t.starts_with("//") {
                continue;
            }
            // Only what is inside string literals.
            for (i, part) in t.split('"').enumerate() {
                if i % 2 == 0 {
                    continue;
                }
                let b = part.as_bytes();
                for w in b.windows(4) {
                    if w[0] == b'('
                        && w[1].is_ascii_uppercase()
                        && w[2].is_ascii_digit()
                        && (w[3] == b')' || w[3].is_ascii_digit())
                    {
                        found.push(format!("{}:{}: {}", f.display(), n + 1, t));
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "rule numbers in messages:\n{}",
        found.join("\n")
    );
}

/// The README lets the challenged player cancel; a plain `/cancel` of theirs does.
#[test]
fn the_challenged_player_may_cancel_with_a_plain_cancel() {
    let mut l = Local::new();
    let out = l.say("alice: /challenge @bob standard");
    assert!(out.contains("alice challenges bob"), "{out}");
    // Someone else has nothing to cancel.
    let out = l.say("carol: /cancel");
    assert!(out.contains("no challenge here for you to cancel"), "{out}");
    let out = l.say("bob: /cancel");
    assert!(!out.contains("only @bob"), "{out}");
    // It is gone: alice may challenge again.
    let out = l.say("alice: /challenge @bob standard");
    assert!(out.contains("alice challenges bob"), "{out}");
}

/// Every button has a typed command: a finished game's Rematch is `/rematch` in
/// `arcana local`, offered under the last board.
#[test]
fn rematch_is_typed_in_arcana_local() {
    let mut l = Local::new();
    l.start("standard");
    let out = l.say("alice: e4\nbob: e5\nbob: /resign");
    assert!(
        out.contains("`/rematch` challenges the same opponent"),
        "{out}"
    );
    let out = l.say("bob: /rematch");
    assert!(
        out.contains("bob challenges alice to Chess (bob plays White"),
        "{out}"
    );
    let out = l.say("alice: /accept");
    assert!(out.contains("bob (White) vs alice (Black)"), "{out}");
}
