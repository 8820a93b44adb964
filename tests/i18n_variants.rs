//! The games speak German too (issue 28): refusals, prompts and results are written
//! from `locales/<lang>/variants.ftl`, chosen where they are shown, and no English
//! sentence is left written inline in the games' code (`src/variants`, `src/core`)
//! beyond an explicit allow-list.

use arcana::i18n::Lang;
use arcana::i18n::Msg;
use arcana::variants::{Game, Options, Outcome, PlayError, Question, VariantId};
use std::path::{Path, PathBuf};

/// Common English words: a German text must not have them outside code spans.
const ENGLISH: [&str; 24] = [
    "the", "is", "not", "you", "your", "can't", "move", "legal", "here", "square", "of", "to",
    "and", "or", "it", "be", "must", "only", "cannot", "has", "with", "this", "that", "there",
];

/// The words of `text` outside its `code spans`.
fn prose_words(text: &str) -> Vec<String> {
    text.split('`')
        .step_by(2)
        .flat_map(|part| {
            part.split(|c: char| !(c.is_alphanumeric() || c == '\''))
                .filter(|w| !w.is_empty())
                .map(str::to_lowercase)
                .collect::<Vec<_>>()
        })
        .collect()
}

fn english_left(text: &str) -> Vec<String> {
    prose_words(text)
        .into_iter()
        .filter(|w| ENGLISH.contains(&w.as_str()))
        .collect()
}

#[test]
fn the_english_check_can_fail() {
    assert!(!english_left("`e5` is not a legal move here.").is_empty());
    assert!(english_left("`e5` ist hier kein legaler Zug.").is_empty());
    // Notation in code spans is not prose.
    assert!(english_left("`the to`: Feld").is_empty());
}

fn game(v: VariantId) -> Game {
    Game::new(v, &Options::new(), 7).expect("game")
}

/// The refusal of `text` by the side asked.
fn refusal(g: &mut Game, text: &str) -> PlayError {
    let side = g.ask().expect("game on").side;
    let before = g.clone();
    let e = g.play(side, text).expect_err(text);
    assert_eq!(*g, before, "`{text}` changed the game");
    e
}

/// `text` is refused in German with no English left, and in English as before.
fn refused_in_german(g: &mut Game, text: &str) {
    let e = refusal(g, text);
    let english = e.to_string();
    assert_eq!(e.text_in(Lang::En), english, "`{text}`");
    let german = e.text_in(Lang::De);
    assert_ne!(
        german, english,
        "`{text}` is refused only in English: {english}"
    );
    let left = english_left(&german);
    assert!(
        left.is_empty(),
        "`{text}`: English words {left:?} in `{german}` (English: `{english}`)"
    );
}

#[test]
fn chess_refuses_in_german() {
    let mut g = game(VariantId::Standard);
    for t in [
        "e5", "Ke2", "Zz9:a0", "e4 bitte", "e9", "e8=K", "Nb1-b3", "", "e4e5e6",
    ] {
        refused_in_german(&mut g, t);
    }
    // In check: the reason says so.
    let mut g = Game::from_fen(
        VariantId::Standard,
        "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1",
        &Options::new(),
        0,
    )
    .expect("fen");
    refused_in_german(&mut g, "Ke1-f2");
}

#[test]
fn wand_chess_refuses_in_german() {
    let mut g = game(VariantId::Wand);
    for t in [
        "e5",
        "e4 (d5",
        "e4)",
        "e2-e4 e7-e5 d2-d4",
        "h8",
        "",
        "Ze4:e9",
    ] {
        refused_in_german(&mut g, t);
    }
}

#[test]
fn spell_chess_refuses_in_german() {
    let mut g = game(VariantId::Spell);
    for t in [
        "e5",
        "(freeze d5)",
        "e4 (freeze d5",
        "e4 (freeze d5) (jump e3)",
        "",
    ] {
        refused_in_german(&mut g, t);
    }
}

#[test]
fn wizard_walls_refuse_in_german() {
    for v in [VariantId::Walls, VariantId::WallsFull] {
        let mut g = game(v);
        for t in ["e4", "Nb1-c3", "@c4 @d5"] {
            refused_in_german(&mut g, t);
        }
    }
}

#[test]
fn chess_with_wickets_refuses_in_german() {
    let mut g = game(VariantId::Wickets);
    for t in [
        "e5",
        "e4 (ball",
        "",
        "e4 (foo d6)",
        "e4>f6 decline",
        &"e4 ".repeat(30),
    ] {
        refused_in_german(&mut g, t);
    }
}

#[test]
fn sorchess_refuses_in_german() {
    let mut g = game(VariantId::Sorchess);
    for t in ["e5", "", "Zz9:a0"] {
        refused_in_german(&mut g, t);
    }
}

#[test]
fn refusals_outside_a_game_speak_german() {
    let e = PlayError::NotYourTurn;
    assert_eq!(e.text_in(Lang::En), e.to_string());
    assert_eq!(e.text_in(Lang::De), "Du bist nicht am Zug.");
    assert_eq!(
        PlayError::Finished.text_in(Lang::De),
        "Die Partie ist vorbei."
    );
    // A refusal the catalog does not know stays as it is.
    let odd = PlayError::Refused("Something unforeseen.".into());
    assert_eq!(odd.text_in(Lang::De), "Something unforeseen.");
}

#[test]
fn every_question_is_asked_in_german() {
    let kinds = [
        Question::Move,
        Question::TeleportSquare,
        Question::BallSquare,
        Question::NewDefender,
        Question::Card,
        Question::Sacrifice,
        Question::Throw,
        Question::SetupWalls,
        Question::SetupTeam,
    ];
    for q in kinds {
        let de = q.prompt_in(Lang::De);
        assert_ne!(de, q.prompt(), "{q:?}");
        assert!(english_left(&de).is_empty(), "{q:?}: {de}");
        // The question as the game asks it, with its example, also in German.
        let texts = vec!["e4".to_string(), "d4".to_string()];
        let asked = arcana::variants::default_prompt(&q, &texts).in_lang(Lang::De);
        assert!(asked.starts_with(&de), "{q:?}: {asked}");
        assert!(english_left(&asked).is_empty(), "{q:?}: {asked}");
    }
}

#[test]
fn games_ask_in_german() {
    for v in [VariantId::Standard, VariantId::Walls, VariantId::WallsFull] {
        let g = game(v);
        let en = g.prompt().expect("asked");
        assert_eq!(g.prompt_in(Lang::En).as_deref(), Some(en.as_str()));
        let de = g.prompt_in(Lang::De).expect("asked");
        assert_ne!(de, en, "{v:?}");
        assert!(english_left(&de).is_empty(), "{v:?}: {de}");
    }
    let g = game(VariantId::Standard);
    let de = g.prompt_in(Lang::De).expect("asked");
    assert!(de.starts_with("dein Zug, z. B. `"), "{de}");
    assert!(
        de.ends_with("(`/regeln standard` erklärt das Spiel)"),
        "{de}"
    );
}

#[test]
fn a_stored_english_result_is_shown_in_german() {
    // Records written before reasons were messages keep the English reason.
    let read = |json: &str| serde_json::from_str::<Outcome>(json).expect(json);
    let o = read(r#"{"Win":{"winner":"White","reason":"checkmate"}}"#);
    assert_eq!(o.to_string(), "White wins by checkmate");
    assert_eq!(o.describe_in(Lang::En), "White wins by checkmate");
    assert_eq!(o.describe_in(Lang::De), "Weiß gewinnt durch Schachmatt");
    let d = read(r#"{"Draw":{"reason":"threefold repetition"}}"#);
    assert_eq!(
        d.describe_in(Lang::De),
        "Remis durch dreifache Stellungswiederholung"
    );
    let w = read(r#"{"Win":{"winner":"Black","reason":"the loss of White's last king"}}"#);
    assert_eq!(
        w.describe_in(Lang::De),
        "Schwarz gewinnt durch den Verlust des letzten Königs von Weiß"
    );
    // An old record's reason the catalog does not know is shown as written.
    let old = read(r#"{"Draw":{"reason":"a flood in the club"}}"#);
    assert_eq!(old.describe_in(Lang::De), "Remis durch a flood in the club");
    assert_eq!(Outcome::Aborted.describe_in(Lang::De), "Partie abgebrochen");
    // A result read back from a new record is the same message.
    let json = serde_json::to_string(&o).expect("json");
    assert_eq!(read(&json), o);
    assert_eq!(Msg::new("event-check").in_lang(Lang::De), "Schach.");
}

#[test]
fn the_rules_guides_and_examples_speak_german() {
    use arcana::variants::{example_caption_in, example_game, rules_text, rules_text_in};
    for v in VariantId::ALL {
        let en = rules_text(v);
        assert!(en.starts_with("**"), "{v:?}: {en}");
        assert_eq!(rules_text_in(v, Lang::En), en);
        let de = rules_text_in(v, Lang::De);
        assert_ne!(de, en, "{v:?}");
        assert!(
            english_left(&de).is_empty(),
            "{v:?}: {:?}",
            english_left(&de)
        );
        if let Some((_, caption)) = example_game(v) {
            assert_eq!(example_caption_in(v, Lang::En).as_deref(), Some(caption));
            let de = example_caption_in(v, Lang::De).expect("caption");
            assert_ne!(de, caption);
            assert!(english_left(&de).is_empty(), "{v:?}: {de}");
        }
    }
    let guide = arcana::variants::options_guide_in(VariantId::Wand, Lang::De);
    assert!(guide.starts_with("**Optionen**"), "{guide}");
    assert_eq!(
        arcana::variants::options_guide_in(VariantId::Wand, Lang::En),
        arcana::variants::options_guide(VariantId::Wand)
    );
}

#[test]
fn legends_and_pictures_speak_german() {
    use arcana::core::view::Viewer;
    use arcana::variants::{legend, legend_in};
    for v in VariantId::ALL {
        let en = legend(v);
        let de = legend_in(v, Lang::De);
        assert_eq!(legend_in(v, Lang::En), en);
        assert_eq!(de.len(), en.len());
        for (d, e) in de.iter().zip(&en) {
            // The wand kinds' effects are the kinds' own words (English for now).
            if e.meaning.starts_with("wand of ") {
                continue;
            }
            assert_ne!(d.meaning, e.meaning, "{v:?}");
            assert!(english_left(&d.meaning).is_empty(), "{v:?}: {}", d.meaning);
        }
    }
    // Fool's mate: the result line drawn on the picture.
    let mut g = game(VariantId::Standard);
    for m in ["f3", "e5", "g4", "Qh4"] {
        let side = g.ask().expect("on").side;
        g.play(side, m).expect(m);
    }
    assert_eq!(
        g.view(Viewer::Public).result.as_deref(),
        Some("Black wins by checkmate")
    );
    let de = g.view_in(Viewer::Public, Lang::De);
    assert_eq!(
        de.result.as_deref(),
        Some("Schwarz gewinnt durch Schachmatt")
    );
    assert_eq!(de.title, "Schach");
    assert_eq!(g.view_in(Viewer::Public, Lang::En), g.view(Viewer::Public));
}

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

/// The string literals of Rust source `text` (comments skipped, `\` line
/// continuations joined), each with its line.
fn literals(text: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '\'' {
            // A char literal (`'"'`, `'\''`) or a lifetime.
            if chars.get(i + 1) == Some(&'\\') {
                i += 4;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if c == 'r'
            && matches!(chars.get(i + 1), Some('"' | '#'))
            && !chars
                .get(i.wrapping_sub(1))
                .is_some_and(|p| p.is_alphanumeric() || *p == '_')
        {
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                i += 1;
                continue;
            }
            let start_line = line;
            let mut s = String::new();
            j += 1;
            while let Some(&d) = chars.get(j) {
                if d == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                if d == '\n' {
                    line += 1;
                }
                s.push(d);
                j += 1;
            }
            out.push((start_line, s));
            i = j;
        } else if c == '"' {
            let start_line = line;
            let mut s = String::new();
            let mut j = i + 1;
            while let Some(&d) = chars.get(j) {
                if d == '"' {
                    break;
                }
                if d == '\n' {
                    line += 1;
                }
                if d == '\\' {
                    if chars.get(j + 1) == Some(&'\n') {
                        line += 1;
                        j += 2;
                        while chars.get(j).is_some_and(|c| c.is_whitespace()) {
                            if chars[j] == '\n' {
                                line += 1;
                            }
                            j += 1;
                        }
                        continue;
                    }
                    s.push(d);
                    if let Some(&e) = chars.get(j + 1) {
                        s.push(e);
                    }
                    j += 2;
                    continue;
                }
                s.push(d);
                j += 1;
            }
            out.push((start_line, s));
            i = j + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// Whether a literal looks like an English sentence: a capital letter and three or
/// more words, or text ending in `.`, `!` or `?`.
fn sentence_like(s: &str) -> bool {
    let t = s.trim();
    let letters = t.chars().filter(|c| c.is_ascii_alphabetic()).count();
    let ends = t.ends_with(['.', '!', '?']) && letters >= 2;
    let mut cs = t.chars();
    let capital = cs.next().is_some_and(|c| c.is_ascii_uppercase())
        && cs.next().is_some_and(|c| c.is_ascii_lowercase());
    ends || (capital && t.split_whitespace().count() >= 3)
}

#[test]
fn the_sentence_scan_can_fail() {
    let src = "let a = \"Type a turn now\"; let b = \"e4\"; // \"Not this one.\"\n\
               let c = format!(\"{x} is here.\"); let d = '\"'; let e = \"Nb1-c3 Nc3+d4\";";
    let found: Vec<String> = literals(src)
        .into_iter()
        .map(|(_, s)| s)
        .filter(|s| sentence_like(s))
        .collect();
    assert_eq!(found, ["Type a turn now", "{x} is here."]);
}

/// Literals that look like sentences and are allowed, by file and the literal's
/// beginning, each with its reason.
const ALLOWED: &[(&str, &str, &str)] = &[
    // (file, literal starts with, why)
    (
        "src/variants/spell/mod.rs",
        "Nf3 (freeze d6)",
        "notation: a worked example's move",
    ),
    ("src/variants/walls/mod.rs", "Wizard Walls (Full)", NAME),
    ("src/variants/wickets/mod.rs", "Chess with Wickets", NAME),
    ("src/variants/walls/fen.rs", "Wizard Walls FEN has", FEN),
    ("src/variants/wickets/fen.rs", "Defenders are written", FEN),
    (
        "src/variants/spell/mod.rs",
        "Spell Chess has no Wizard",
        FEN,
    ),
];

const NAME: &str = "the variant's name, which `VariantId::parse` also reads; shown \
                    translated through `title-*` in pictures";
const FEN: &str = "a FEN error: technical text for whoever sets up a position";

#[test]
fn no_english_sentence_is_written_inline_in_the_games() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src/variants"), &mut files);
    rust_files(&root.join("src/core"), &mut files);
    let mut found = Vec::new();
    let mut used = vec![false; ALLOWED.len()];
    for f in &files {
        let rel = f
            .strip_prefix(root)
            .expect("in the crate")
            .display()
            .to_string();
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        // Unit tests, and the engine's hooks (another helper's files, no player words).
        if name == "tests.rs" || name.ends_with("eval.rs") {
            continue;
        }
        let text = std::fs::read_to_string(f).expect("read");
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for (line, lit) in literals(code) {
            if !sentence_like(&lit) {
                continue;
            }
            let allowed = ALLOWED
                .iter()
                .position(|(file, start, _)| rel == *file && lit.starts_with(start));
            match allowed {
                Some(i) => used[i] = true,
                None => found.push(format!("{rel}:{line}: {lit:?}")),
            }
        }
    }
    assert!(
        found.is_empty(),
        "English sentences written inline (ask the catalog, `variants::words::en`):\n{}",
        found.join("\n")
    );
    let stale: Vec<String> = ALLOWED
        .iter()
        .zip(&used)
        .filter(|(_, u)| !**u)
        .map(|(a, _)| format!("{a:?}"))
        .collect();
    assert!(
        stale.is_empty(),
        "allowed but no longer found:\n{}",
        stale.join("\n")
    );
}

/// A Wizard Walls game after the setup of the rules' example: walls on c4 d5 f3 and
/// c5 e4 f6, both teams `B N R` on their first ranks; White to play.
fn walls_in_play() -> Game {
    let mut g = game(VariantId::Walls);
    for t in [
        "@c4 @d5 @f3",
        "@c5 @e4 @f6",
        "B@c1 N@d2 R@a1",
        "B@c8 N@d7 R@a8",
    ] {
        let side = g.ask().expect("on").side;
        g.play(side, t).expect(t);
    }
    g
}

#[test]
fn wizard_walls_say_why_in_german() {
    let mut g = walls_in_play();
    // The English exactly as the game wrote it before its catalog.
    for (t, english) in [
        (
            "Nd2-b3 Nb3-a5",
            "The second action `Nb3-a5` is not legal: the knight on b3 has already moved this turn.",
        ),
        (
            "Na1-a2",
            "`Na1-a2` is not legal: the wizard on a1 is a rook, not a knight.",
        ),
        (
            "Nd2-e4",
            "`Nd2-e4` is not legal: e4 holds a wall.",
        ),
    ] {
        assert_eq!(refusal(&mut g, t).to_string(), english);
    }
    for (t, english, german) in [
        ("Bc1-c4", "c4 holds a wall", "auf c4 steht eine Mauer"),
        (
            "Rb1-b2",
            "no wizard of yours on b1",
            "auf b1 steht kein Zauberer von dir",
        ),
        (
            "Na1-a2",
            "the wizard on a1 is a rook, not a knight",
            "der Zauberer auf a1 ist Turm, nicht Springer",
        ),
        (
            "Nd2+d5",
            "d5 is not next to the knight on d2",
            "d5 liegt nicht neben der Figur auf d2 (Springer)",
        ),
        (
            "Nd2xe3",
            "there is no wall on e3",
            "auf e3 steht keine Mauer",
        ),
        (
            "R@e5",
            "you have no destroyed rook to resurrect",
            "keinen zerstörten Zauberer (Turm)",
        ),
        (
            "@e3",
            "walls are placed freely only in the setup",
            "nur in der Aufstellung",
        ),
        (
            "Nd2-b3 Nb3-c5",
            "The second action `Nb3-c5` is not legal",
            "Die zweite Aktion `Nb3-c5` ist nicht zulässig",
        ),
        (
            "Nd2-b3 Nb3-a5",
            "the knight on b3 has already moved this turn",
            "die Figur auf b3 (Springer) hat in diesem Zug schon gezogen",
        ),
    ] {
        let e = refusal(&mut g, t);
        assert!(e.to_string().contains(english), "`{t}`: {e}");
        let de = e.text_in(Lang::De);
        assert!(de.contains(german), "`{t}`: {de}");
        refused_in_german(&mut g, t);
    }
}

/// Chess with Wickets: White's Rook throws the ball into Black's wicket, which
/// Black's Defender on a8 (`OPEN`) does not see, or on d8 (`GUARDED`) does.
const OPEN: &str = "q5k1/7p/8/8/8/8/PPP1R3/3Q2K1 w - - 0 1 -- D=d1,a8 B=e2,g8";
const GUARDED: &str = "3q2k1/7p/8/8/8/8/PPP1R3/3Q2K1 w - - 0 1 -- D=d1,d8 B=e2,g8";

fn wickets(fen: &str, decision: &str) -> Game {
    let mut o = Options::new();
    o.insert("decision".into(), decision.into());
    let mut g = Game::from_fen(VariantId::Wickets, fen, &o, 3).expect("fen");
    g.play(arcana::core::Side::White, "Re2-e4>w9")
        .expect("the throw");
    g
}

/// The prompt of `g` in German has `german` in it, no English prose, and its
/// English is the game's own.
fn asks_in_german(g: &Game, german: &str) -> String {
    let en = g.prompt().expect("asked");
    assert_eq!(g.prompt_in(Lang::En).as_deref(), Some(en.as_str()));
    let de = g.prompt_in(Lang::De).expect("asked");
    assert!(de.contains(german), "{de}\n(English: {en})");
    assert!(
        english_left(&de).is_empty(),
        "{:?} in {de}",
        english_left(&de)
    );
    de
}

#[test]
fn chess_with_wickets_asks_for_cards_in_german() {
    for (fen, bonus) in [(OPEN, false), (GUARDED, true)] {
        let mut g = wickets(fen, "cards2");
        assert_eq!(g.ask().map(|a| a.question), Some(Question::Card));
        let de = asks_in_german(
            &g,
            "der Ball ist im Tor: spiel eine Karte aus; Schwarz antwortet",
        );
        assert!(de.contains("`card 7c`; `/hand` zeigt deine Karten"), "{de}");
        assert_eq!(de.contains("+2,5 für die Antwort"), bonus, "{de}");
        // Black answers White's card: the suit is named in German.
        let lead = g.legal_texts()[0].clone();
        g.play(arcana::core::Side::White, &lead).expect("lead");
        let en = g.prompt().expect("asked");
        assert!(en.starts_with("answer White's "), "{en}");
        let de = asks_in_german(&g, "beantworte die ");
        assert!(de.contains("von Weiß: spiel eine Karte der Farbe "), "{de}");
        assert!(
            ["Kreuz (c)", "Karo (d)", "Herz (h)", "Pik (s)"]
                .iter()
                .any(|s| de.contains(s)),
            "{de}"
        );
    }
}

#[test]
fn chess_with_wickets_asks_for_sacrifices_in_german() {
    for (decision, n) in [
        ("deterministic", "3 Figuren"),
        ("deterministic2", "2 Figuren"),
    ] {
        let g = wickets(GUARDED, decision);
        assert_eq!(g.ask().map(|a| a.question), Some(Question::Sacrifice));
        let de = asks_in_german(
            &g,
            &format!("opfere {n} für die Eroberung des bewachten Tors, nicht den König"),
        );
        assert!(de.contains(", z. B. `sacrifice "), "{de}");
        assert!(de.contains("(zur Wahl stehen "), "{de}");
        assert!(de.ends_with("; oder `decline`, um zu verzichten"), "{de}");
    }
    // Dice with a second roll: one piece for it.
    let mut seen = false;
    for seed in 0..40 {
        let mut o = Options::new();
        o.insert("decision".into(), "dice2".into());
        let mut g = Game::from_fen(VariantId::Wickets, GUARDED, &o, seed).expect("fen");
        g.play(arcana::core::Side::White, "Re2-e4>w9")
            .expect("throw");
        if g.ask().map(|a| a.question) == Some(Question::Sacrifice) {
            asks_in_german(&g, "opfere 1 Figur für einen zweiten Wurf");
            seen = true;
            break;
        }
    }
    assert!(seen, "no second roll offered in 40 seeds");
}

/// Every note beside the names in `g`'s picture, in English and German.
fn notes(g: &Game) -> (Vec<String>, Vec<String>) {
    use arcana::core::view::Viewer;
    let en = g.view(Viewer::Public).notes.concat();
    assert_eq!(g.view_in(Viewer::Public, Lang::En).notes.concat(), en);
    let de = g.view_in(Viewer::Public, Lang::De).notes.concat();
    (en, de)
}

#[test]
fn the_notes_beside_the_names_speak_german() {
    let (en, de) = notes(&wickets(OPEN, "cards2"));
    assert!(en.contains(&"decision: cards2".to_string()), "{en:?}");
    assert!(
        de.contains(&"Entscheidung: Karten, 2 Versuche".to_string()),
        "{de:?}"
    );
    let (en, de) = notes(&game(VariantId::Wickets));
    assert_eq!(en[0], "decision: cards");
    assert_eq!(de[0], "Entscheidung: Karten");
    assert!(de.contains(&"10 Karten".to_string()), "{de:?}");
    let (en, de) = notes(&game(VariantId::Wand));
    assert!(en.contains(&"16 wands left (rolled)".to_string()), "{en:?}");
    assert!(
        de.contains(&"16 Stäbe übrig (gewürfelt)".to_string()),
        "{de:?}"
    );
    let (en, de) = notes(&walls_in_play());
    assert!(en.contains(&"5 walls in hand".to_string()), "{en:?}");
    assert!(de.contains(&"5 Mauern in der Hand".to_string()), "{de:?}");
    assert!(de.contains(&"0 Punkte".to_string()), "{de:?}");
    let mut spell = game(VariantId::Spell);
    spell
        .play(arcana::core::Side::White, "e4 (freeze d5)")
        .expect("freeze");
    let (en, de) = notes(&spell);
    assert!(en.iter().any(|n| n.contains("(ready in ")), "{en:?}");
    assert!(
        de.iter().any(|n| n.starts_with("Einfrieren 4 (bereit in ")),
        "{de:?}"
    );
    // No English word is left in any game's notes, before and after a move.
    for v in VariantId::ALL {
        let mut g = game(v);
        let (en, de) = notes(&g);
        for (e, d) in en.iter().zip(&de) {
            assert!(english_left(d).is_empty(), "{v:?}: {d}");
            assert!(
                e != d || !e.chars().any(|c| c.is_ascii_alphabetic()),
                "{v:?}: `{d}` is still English"
            );
        }
        if let Some(t) = g.legal_texts().first().cloned() {
            let side = g.ask().expect("on").side;
            g.play(side, &t).expect("legal");
            let (en, de) = notes(&g);
            for (e, d) in en.iter().zip(&de) {
                assert!(english_left(d).is_empty(), "{v:?}: {d}");
                assert!(
                    e != d || !e.chars().any(|c| c.is_ascii_alphabetic()),
                    "{v:?}: `{d}` is still English"
                );
            }
        }
    }
}

#[test]
fn german_boards_are_drawn_with_german_notes() {
    use arcana::core::view::Viewer;
    use arcana::render::{render_png_in, RenderOptions};
    let dir = std::env::temp_dir();
    for (name, g) in [
        ("wickets", wickets(OPEN, "cards2")),
        ("wand", game(VariantId::Wand)),
        ("walls", walls_in_play()),
    ] {
        let view = g.view_in(Viewer::Public, Lang::De);
        let png = render_png_in(&view, &RenderOptions::default(), Lang::De).expect("render");
        std::fs::write(dir.join(format!("arcana-notes-de-{name}.png")), png).expect("write");
    }
}
