//! The post-game review (`/review`, issue 27): a short game of every variant reviewed
//! (graph image written to `target/test-artefacts/review/`, mistakes listed, export
//! annotated and read back), refused while a game runs, a second review served from
//! the store, and the typed command in `arcana local`.

mod common;

use arcana::service::api::{ColorChoice, Reply, ReplyKind, Request};
use arcana::service::pgn::import;
use arcana::variants::{Options, VariantId};
use common::{ctx, user, Harness};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;

fn artefacts() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/test-artefacts/review");
    std::fs::create_dir_all(&dir).expect("artefact directory");
    dir
}

fn start(h: &Harness, ch: u64, v: VariantId, options: Options) {
    h.ok(
        "alice",
        ch,
        Request::Challenge {
            opponent: user("bob"),
            variant: v,
            color: ColorChoice::White,
            days: None,
            options,
            rated: false,
        },
    );
    h.ok("bob", ch, Request::Accept);
}

/// Random legal answers through the service, at most `max`.
fn play_random(h: &Harness, ch: u64, rng: &mut ChaCha8Rng, max: usize) {
    for _ in 0..max {
        let asked = ["alice", "bob"]
            .into_iter()
            .find(|who| h.service.asks(ch, user(who).id));
        let Some(who) = asked else { break };
        let legal = h.service.autocomplete(ch, user(who).id, "");
        assert!(!legal.is_empty());
        let mut done = false;
        for _ in 0..10 {
            let pick = &legal[rng.gen_range(0..legal.len())];
            for text in [pick.clone(), format!("{pick}!")] {
                let r = h.req(who, ch, Request::Move { text });
                if r.iter().all(|r| r.kind != ReplyKind::Refusal) {
                    done = true;
                    break;
                }
            }
            if done {
                break;
            }
        }
        assert!(done, "no legal answer accepted");
    }
}

fn finish(h: &Harness, ch: u64) {
    if let Some(who) = ["alice", "bob"]
        .into_iter()
        .find(|who| h.service.asks(ch, user(who).id))
    {
        h.ok(who, ch, Request::Resign);
    }
}

fn attachment<'a>(r: &'a Reply, ending: &str) -> &'a [u8] {
    &r.attachments
        .iter()
        .find(|a| a.name.ends_with(ending))
        .unwrap_or_else(|| panic!("a {ending} attachment in {r:?}"))
        .bytes
}

/// The moves of a movetext: comments, move numbers, result and `?` marks left out.
fn moves_of(pgn: &str) -> Vec<String> {
    let movetext = pgn.split_once("\n\n").map(|(_, m)| m).unwrap_or("");
    let mut out = Vec::new();
    let mut depth = 0;
    let mut plain = String::new();
    for c in movetext.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            c if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    for w in plain.split_whitespace() {
        if w.ends_with('.') || ["1-0", "0-1", "1/2-1/2", "*"].contains(&w) {
            continue;
        }
        out.push(w.trim_end_matches('?').to_string());
    }
    out
}

/// Reviews the finished game of `ch`: the progress note, then the review itself;
/// returns its reply.
fn review(h: &Harness, ch: u64) -> Reply {
    let note = h.ok("carol", ch, Request::Review { game: None });
    assert_eq!(note.len(), 1);
    assert!(note[0].text.starts_with("Reviewing game"), "{note:?}");
    assert!(note[0].attachments.is_empty());
    let mut r = h
        .service
        .review(&ctx("carol", ch), None)
        .expect("the review runs");
    assert_eq!(r.len(), 1);
    r.remove(0)
}

fn export(h: &Harness, ch: u64) -> String {
    let r = h.ok("carol", ch, Request::Export);
    String::from_utf8(attachment(&r[0], ".pgn").to_vec()).expect("UTF-8")
}

// A short game of every variant is reviewed: three tests of three games each, so that
// the test runner can review them side by side.
#[test]
fn a_short_game_of_chess_spell_chess_and_sorchess_is_reviewed() {
    reviewed(
        0,
        vec![
            (VariantId::Standard, &[]),
            (VariantId::Spell, &[]),
            (VariantId::Sorchess, &[]),
        ],
    );
}

#[test]
fn a_short_game_of_wand_chess_both_ways_and_wizard_walls_is_reviewed() {
    reviewed(
        3,
        vec![
            (VariantId::Wand, &[]),
            (VariantId::Wand, &[("wands", "moderated")]),
            (VariantId::Walls, &[]),
        ],
    );
}

#[test]
fn a_short_game_of_walls_full_and_wickets_both_ways_is_reviewed() {
    reviewed(
        6,
        vec![
            (VariantId::WallsFull, &[]),
            (VariantId::Wickets, &[("decision", "cards")]),
            (VariantId::Wickets, &[("decision", "dice2")]),
        ],
    );
}

/// Plays a short random game of each of `cases` (numbered from `first`), reviews it
/// and checks the review, its graph and its annotated export.
fn reviewed(first: usize, cases: Vec<(VariantId, &[(&str, &str)])>) {
    let h = Harness::new();
    let mut rng = ChaCha8Rng::seed_from_u64(27 + first as u64);
    let mut marked = 0;
    for (n, (v, opts)) in cases.into_iter().enumerate() {
        let n = first + n;
        let ch = 100 + n as u64;
        let options: Options = opts
            .iter()
            .map(|(k, x)| (k.to_string(), x.to_string()))
            .collect();
        start(&h, ch, v, options);
        play_random(&h, ch, &mut rng, 16);
        finish(&h, ch);
        let r = review(&h, ch);
        // The mistakes, a line for each player.
        assert!(r.text.starts_with("Review of game"), "{}", r.text);
        for who in ["alice", "bob"] {
            assert!(
                r.text.contains(&format!("{who}'s largest mistakes: "))
                    || r.text.contains(&format!("{who}: no mistakes found.")),
                "{}",
                r.text
            );
        }
        marked += r.text.matches("largest mistakes").count();
        // The graph.
        let png = attachment(&r, ".png");
        let img = image::load_from_memory(png).expect("a PNG");
        assert!(img.width() >= 600 && img.height() >= 200);
        let name = format!("{}-{}.png", v.id(), n);
        std::fs::write(artefacts().join(name), png).expect("write the graph");
        // The annotated export: evaluations as comments, the same moves as the plain
        // export once the marks are left out, and read back to the same game.
        let annotated = String::from_utf8(attachment(&r, ".pgn").to_vec()).expect("UTF-8");
        assert!(
            annotated.contains("{+") || annotated.contains("{-"),
            "{annotated}"
        );
        let plain = export(&h, ch);
        assert_eq!(moves_of(&annotated), moves_of(&plain), "{annotated}");
        let again = import(&annotated).expect("import");
        let before = import(&plain).expect("import");
        assert_eq!(again.variant, v);
        assert_eq!(again.answers, before.answers);
        let a = again.replay(|_| {}).expect("replays");
        let b = before.replay(|_| {}).expect("replays");
        assert_eq!(a.game.fen(), b.game.fen());
    }
    assert!(marked > 0, "random play makes mistakes somewhere");
}

#[test]
fn a_hung_queen_is_marked_and_a_second_review_comes_from_the_store() {
    let h = Harness::new();
    h.start(1, None);
    h.moves(1, &["e4", "e5", "Qh5", "Nc6", "Qxe5+", "Nxe5"]);
    // Refused while the game runs, in one line, and nothing is kept.
    let refusal = h.refused("carol", 1, Request::Review { game: None });
    assert!(refusal.contains("still being played"), "{refusal}");
    assert!(!refusal.contains('\n'));
    assert!(h.service.review(&ctx("carol", 1), None).is_none());
    h.ok("alice", 1, Request::Resign);
    let r = review(&h, 1);
    assert!(r.text.contains("3. Qxe5+??"), "{}", r.text);
    let pgn = String::from_utf8(attachment(&r, ".pgn").to_vec()).expect("UTF-8");
    assert!(pgn.contains("Qxe5+??"), "{pgn}");
    // Plain chess reads its SAN back, marks and all.
    let imported = import(&pgn).expect("import");
    assert_eq!(imported.answers.len(), 6);
    // At once the second time, for anyone, by the game's number too.
    let id = h.service.store().last_game(1).expect("db").expect("a game");
    let again = h.ok("dave", 2, Request::Review { game: Some(id) });
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].text, r.text);
    assert_eq!(again[0].attachments, r.attachments);
    assert!(h.service.review(&ctx("dave", 2), Some(id)).is_none());
    // An unknown game, in one line.
    let unknown = h.refused(
        "carol",
        1,
        Request::Review {
            game: Some(id + 99),
        },
    );
    assert!(unknown.contains("There is no game"), "{unknown}");
}

#[test]
fn typed_review_in_arcana_local() {
    let dir = tempfile::tempdir().expect("dir");
    let out_dir = dir.path().join("out").display().to_string();
    let data = format!("sled:{}", dir.path().join("data").display());
    let script = "\
alice: /challenge @bob standard color:white days:3
bob: /accept
alice: /review
alice: f3
bob: /move e5
alice: g4
bob: /move Qh4#
carol: /review
carol: /review
";
    let args = ["local", "--no-images", "--store", &data, "--out", &out_dir];
    let out = common::run_arcana(&args, script);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("still being played"), "{text}");
    assert_eq!(text.matches("Reviewing game").count(), 1, "{text}");
    assert_eq!(text.matches("Review of game").count(), 2, "{text}");
    assert!(text.contains("alice's largest mistakes"), "{text}");
}

#[test]
fn sound_book_moves_are_not_marked() {
    let h = Harness::new();
    h.start(3, None);
    h.moves(
        3,
        &[
            "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
        ],
    );
    h.ok("bob", 3, Request::Resign);
    let r = review(&h, 3);
    let pgn = String::from_utf8(attachment(&r, ".pgn").to_vec()).expect("UTF-8");
    println!("{pgn}");
    assert!(!pgn.contains("??"), "{pgn}");
}
