//! The layers that must not know the games (issue 11): the picture vocabulary
//! (`core/view.rs`), the renderer, the service and the front ends name no variant and
//! use no game's words outside their unit tests. Per-variant knowledge lives in
//! `src/variants/<game>/`; these layers get it as data.

use std::path::{Path, PathBuf};

/// Words that belong to one game (whole words, any case).
const GAME_WORDS: [&str; 13] = [
    "wand", "spell", "sorchess", "wicket", "wickets", "wall", "walls", "ball", "balls", "defender",
    "freeze", "frozen", "card",
];

/// The keys under which pictures stored by format 1 kept their outer cells, tokens and
/// blocked squares (read, never written).
const ALLOWED: [&str; 3] = [
    "alias = \"wickets\"",
    "alias = \"balls\"",
    "rename = \"walls\"",
];

const LAYERS: [&str; 5] = [
    "src/core/view.rs",
    "src/render",
    "src/service",
    "src/discord",
    "src/local",
];

fn rust_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .expect("read dir")
            .map(|e| e.expect("entry").path())
            .collect();
        entries.sort();
        for e in entries {
            rust_files(&e, out);
        }
    } else if path.extension().is_some_and(|e| e == "rs") {
        out.push(path.to_path_buf());
    }
}

/// The game words and `VariantId::<Game>` paths on one line.
fn offences(line: &str) -> Vec<String> {
    let mut line = line.to_string();
    for a in ALLOWED {
        line = line.replace(a, "");
    }
    let mut found: Vec<String> = line
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| GAME_WORDS.contains(&w.to_ascii_lowercase().as_str()))
        .map(str::to_string)
        .collect();
    // A variant named in code: `VariantId::Wand`, `VariantId::WallsFull` (not
    // `VariantId::ALL`, `VariantId::DEFAULT` or `VariantId::parse`).
    for (i, _) in line.match_indices("VariantId::") {
        let rest = &line[i + "VariantId::".len()..];
        let mut chars = rest.chars();
        if let (Some(a), Some(b)) = (chars.next(), chars.next()) {
            if a.is_ascii_uppercase() && b.is_ascii_lowercase() {
                found.push(rest.chars().take_while(|c| c.is_alphanumeric()).collect());
            }
        }
    }
    found
}

#[test]
fn the_generic_layers_name_no_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for layer in LAYERS {
        rust_files(&root.join(layer), &mut files);
    }
    assert!(files.len() > 10, "the layers were not found");
    let mut bad = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("read");
        for (n, line) in text.lines().enumerate() {
            // Unit tests at the end of a file may use real games as examples.
            if line.trim_start().starts_with("#[cfg(test)]") {
                break;
            }
            let o = offences(line);
            if !o.is_empty() {
                let rel = f.strip_prefix(root).unwrap_or(f);
                bad.push(format!(
                    "{}:{}: {o:?}: {}",
                    rel.display(),
                    n + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "game words in generic layers:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_check_finds_what_it_looks_for() {
    assert_eq!(offences("let w = Wand::new();"), vec!["Wand".to_string()]);
    assert_eq!(
        offences("match v { VariantId::WallsFull => 1 }"),
        vec!["WallsFull".to_string()]
    );
    assert!(offences("Cell::Outer(side) => x, VariantId::ALL, VariantId::DEFAULT").is_empty());
    // The outer cell's old name is no longer allowed anywhere in these layers.
    assert_eq!(offences("Cell::Wicket(side)"), vec!["Wicket".to_string()]);
    assert!(offences("Register the commands globally; wanderer").is_empty());
}
