//! Issue 28: the service's player-facing sentences come from the catalogs. This scan of
//! `src/service/**/*.rs` (outside `#[cfg(test)]` code) fails on any string literal that
//! reads like an English sentence: it starts with a capital letter and has three or
//! more words, or it has two or more words and ends with `.`, `!` or `?`. Files not
//! migrated yet are allowed a fixed number of such literals, each with a reason; the
//! allowance only shrinks (a file under its allowance fails too, so it is lowered).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Files whose sentences are not in the catalog yet: (file under `src/service/`, how
/// many sentence-like literals it still has, why).
const NOT_YET: &[(&str, usize, &str)] = &[(
    "formats/pgn.rs",
    2,
    "PGN export tags and comments, English by the PGN standard",
)];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// `source` without its `#[cfg(test)]` items (the attribute and the braced block that
/// follows it).
fn without_tests(source: &str) -> String {
    let mut out = String::new();
    let mut rest = source;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        // The item ends with its first top-level `;` or with the `}` closing its block.
        let mut depth = 0i32;
        let mut end = after.len();
        for (i, c) in after.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = i + 1;
                    break;
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// The string literals of `code` (plain `"..."` ones; comments and raw strings are
/// skipped), with line continuations joined.
fn literals(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '\'' {
            // A char literal ('"', '\'') or a lifetime: skip the quote and what it holds.
            if chars.get(i + 2) == Some(&'\'') {
                i += 3;
                continue;
            }
            if chars.get(i + 1) == Some(&'\\') && chars.get(i + 3) == Some(&'\'') {
                i += 4;
                continue;
            }
            i += 1;
            continue;
        }
        if c == 'r' && matches!(chars.get(i + 1), Some('#') | Some('"')) {
            // A raw string: skipped whole.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) == Some(&'"') {
                j += 1;
                while j < chars.len() {
                    if chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')) {
                        j += 1 + hashes;
                        break;
                    }
                    j += 1;
                }
                i = j;
                continue;
            }
        }
        if c == '"' {
            let mut s = String::new();
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                if chars[j] == '\\' {
                    if chars.get(j + 1) == Some(&'\n') {
                        // A continued line: its leading spaces are not part of it.
                        j += 2;
                        while chars.get(j).is_some_and(|c| c.is_whitespace()) {
                            j += 1;
                        }
                        continue;
                    }
                    s.push(' ');
                    j += 2;
                    continue;
                }
                s.push(chars[j]);
                j += 1;
            }
            out.push(s);
            i = j + 1;
            continue;
        }
        i += 1;
    }
    out
}

/// Whether a literal reads like an English sentence.
fn sentence_like(s: &str) -> bool {
    let t = s.trim();
    let words = t
        .split_whitespace()
        .filter(|w| w.chars().any(|c| c.is_alphabetic()))
        .count();
    let capital = t.chars().next().is_some_and(|c| c.is_ascii_uppercase());
    let ends = t.ends_with(['.', '!', '?']);
    (capital && words >= 3) || (ends && words >= 2)
}

/// The sentence-like literals of each file of `src/service`, outside tests.
fn found() -> BTreeMap<String, Vec<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/service");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut out = BTreeMap::new();
    for f in files {
        let Ok(source) = std::fs::read_to_string(&f) else {
            continue;
        };
        let name = f
            .strip_prefix(&root)
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default();
        // Log lines are for the operator, not for players.
        let code: String = without_tests(&source)
            .lines()
            .filter(|l| !l.contains("tracing::") && !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let hits: Vec<String> = literals(&code)
            .into_iter()
            .filter(|s| sentence_like(s))
            .collect();
        if !hits.is_empty() {
            out.insert(name, hits);
        }
    }
    out
}

#[test]
fn the_scan_sees_what_it_should() {
    assert!(sentence_like("There is no game in this channel."));
    assert!(sentence_like("Only the moderators can"));
    assert!(sentence_like("no such game."));
    assert!(!sentence_like("store: {e}"));
    assert!(!sentence_like("turn-prompt"));
    assert!(!sentence_like("Chess"));
    let code = "let a = \"One two three.\";\n// \"Not this one.\"\n#[cfg(test)]\nmod t { \"Nor this one here.\" }\nlet c = '\"'; let b = \"Two words.\";";
    assert_eq!(
        literals(&without_tests(code)),
        vec!["One two three.".to_string(), "Two words.".to_string()]
    );
}

#[test]
fn service_sentences_come_from_the_catalog() {
    let found = found();
    let mut problems = Vec::new();
    for (file, hits) in &found {
        let allowed = NOT_YET
            .iter()
            .find(|(f, _, _)| f == file)
            .map_or(0, |(_, n, _)| *n);
        if hits.len() > allowed {
            problems.push(format!(
                "{file}: {} English sentences written inline (allowed {allowed}):\n  {}",
                hits.len(),
                hits.join("\n  ")
            ));
        }
    }
    for (file, n, why) in NOT_YET {
        let now = found.get(*file).map_or(0, Vec::len);
        assert!(!why.is_empty(), "{file}: the allowance needs its reason");
        if now < *n {
            problems.push(format!(
                "{file}: only {now} inline sentences left; lower its allowance from {n}"
            ));
        }
    }
    let total: usize = NOT_YET.iter().map(|(_, n, _)| n).sum();
    eprintln!("allowance: {total} literals in {} files", NOT_YET.len());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
