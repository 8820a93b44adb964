//! Game records (issue 13): one entry per turn in every variant, numbered alternately,
//! the result written once, records that replay to the same game; the issue's own
//! examples through the service, and its small text fixes.

mod common;

use arcana::core::Side;
use arcana::service::api::{Audience, ColorChoice, Reply, Request};
use arcana::service::clock::ManualClock;
use arcana::service::record::{history_lines, play_answer};
use arcana::service::{Service, ServiceConfig};
use arcana::store::{HistoryEntry, Store};
use arcana::variants::{Game, Options, PlayError, VariantId};
use common::{user, Harness, START_MS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// A random legal answer, confirmed with `!` where the rules ask for it (Spell Chess).
fn random_answer(
    g: &mut Game,
    entries: &mut Vec<HistoryEntry>,
    rng: &mut ChaCha8Rng,
) -> Option<(Side, String, bool)> {
    let ask = g.ask()?;
    let follow_up = ask.question.continues_turn();
    let texts = g.legal_texts();
    assert!(!texts.is_empty(), "{:?} asks with no legal answer", g.fen());
    for _ in 0..20 {
        let pick = texts[rng.gen_range(0..texts.len())].clone();
        match play_answer(g, entries, ask.side, &pick) {
            Ok(p) => return Some((ask.side, p.action, follow_up)),
            Err(PlayError::Refused(why)) if why.to_string().contains("confirm") => {
                let p = play_answer(g, entries, ask.side, &format!("{pick}!"))
                    .unwrap_or_else(|e| panic!("{pick}!: {e}"));
                return Some((ask.side, p.action, follow_up));
            }
            Err(_) => continue,
        }
    }
    panic!("no legal text of {} was accepted", g.fen());
}

/// Reads the printed lines back into `(number, entry index)` pairs, checking that
/// every entry is printed once, in order, under its number (`N. white [black]` or
/// `N... black`), with its events on the lines that follow.
fn numbering(lines: &[String], entries: &[HistoryEntry], tag: &str) -> Vec<(u32, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut l = 0;
    while l < lines.len() {
        let line = &lines[l];
        let digits: String = line.chars().take_while(char::is_ascii_digit).collect();
        let n: u32 = digits
            .parse()
            .unwrap_or_else(|_| panic!("{tag}: line {l} `{line}` is not numbered"));
        let rest = &line[digits.len()..];
        let e = &entries[i];
        if let Some(body) = rest.strip_prefix("... ") {
            assert_eq!(e.side, Side::Black, "{tag}: {line}");
            assert_eq!(body, e.printed, "{tag}: {line}");
            out.push((n, i));
            i += 1;
        } else {
            let body = rest
                .strip_prefix(". ")
                .unwrap_or_else(|| panic!("{tag}: `{line}`"));
            assert_eq!(e.side, Side::White, "{tag}: {line}");
            out.push((n, i));
            i += 1;
            if body != e.printed {
                let black = body
                    .strip_prefix(&format!("{} ", e.printed))
                    .unwrap_or_else(|| panic!("{tag}: `{line}` vs `{}`", e.printed));
                assert!(e.events.is_empty(), "{tag}: events inside `{line}`");
                assert_eq!(black, entries[i].printed, "{tag}: {line}");
                out.push((n, i));
                i += 1;
            }
        }
        l += 1;
        let last = &entries[i - 1];
        for ev in &last.events {
            assert_eq!(
                lines.get(l),
                Some(&ev.to_string()),
                "{tag}: events of `{}`",
                last.printed
            );
            l += 1;
        }
    }
    assert_eq!(i, entries.len(), "{tag}: {lines:?}");
    out
}

/// Plays random games of one variant and checks their records.
fn check_records(v: VariantId, options: &Options, games: u64, max_answers: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(0x13 ^ games);
    let mut follow_ups = 0;
    let mut finished = 0;
    for n in 0..games {
        let seed = rng.gen();
        let mut g = Game::new(v, options, seed).expect("game");
        let mut entries = Vec::new();
        let mut answers = Vec::new();
        let mut turns = 0;
        for _ in 0..max_answers {
            let Some((side, action, follow_up)) = random_answer(&mut g, &mut entries, &mut rng)
            else {
                break;
            };
            answers.push((side, action));
            if follow_up {
                follow_ups += 1;
            } else {
                turns += 1;
            }
        }
        let tag = format!("{v} game {n} (seed {seed})");
        // Exactly one entry per turn, White and Black in turn, White first.
        assert_eq!(entries.len(), turns, "{tag}");
        for (i, e) in entries.iter().enumerate() {
            let expected = if i % 2 == 0 { Side::White } else { Side::Black };
            assert_eq!(e.side, expected, "{tag}: entry {i} `{}`", e.printed);
        }
        // The numbering: 1, 2, 3... one number per White turn; a Black turn shares its
        // number's line unless events came between.
        let lines = history_lines(&entries, arcana::i18n::Lang::En);
        for (number, i) in numbering(&lines, &entries, &tag) {
            assert_eq!(number as usize, i / 2 + 1, "{tag}: entry {i}: {lines:?}");
        }
        // The result is the closing line's: no entry states it.
        if let Some(o) = g.outcome() {
            finished += 1;
            let result = format!("{o}.");
            assert!(
                entries
                    .iter()
                    .all(|e| e.events.iter().all(|x| *x != result)),
                "{tag}: {result} in {entries:?}"
            );
        }
        // Replaying the record's answers gives the same game and the same record.
        let mut again = Game::new(v, options, seed).expect("game");
        let mut again_entries = Vec::new();
        for (side, text) in &answers {
            play_answer(&mut again, &mut again_entries, *side, text)
                .unwrap_or_else(|e| panic!("{tag}: replaying `{text}`: {e}"));
        }
        assert_eq!(again, g, "{tag}");
        assert_eq!(again_entries, entries, "{tag}");
    }
    assert!(finished > 0, "{v}: no random game finished");
    eprintln!("{v} {options:?}: {games} games, {finished} finished, {follow_ups} follow-ups");
}

fn opts(pairs: &[(&str, &str)]) -> Options {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn standard_records_have_one_entry_per_turn() {
    check_records(VariantId::Standard, &Options::new(), 60, 300);
}

#[test]
fn spell_records_have_one_entry_per_turn() {
    check_records(VariantId::Spell, &Options::new(), 60, 300);
}

#[test]
fn sorchess_records_have_one_entry_per_turn() {
    check_records(VariantId::Sorchess, &Options::new(), 60, 300);
}

#[test]
fn wand_records_have_one_entry_per_turn() {
    check_records(VariantId::Wand, &Options::new(), 80, 300);
    check_records(VariantId::Wand, &opts(&[("wands", "moderated")]), 80, 300);
}

#[test]
fn walls_records_have_one_entry_per_turn() {
    check_records(VariantId::Walls, &Options::new(), 40, 200);
    check_records(VariantId::WallsFull, &Options::new(), 40, 200);
}

#[test]
fn wickets_records_have_one_entry_per_turn() {
    for method in [
        "cards",
        "cards2",
        "dice",
        "dice2",
        "deterministic",
        "deterministic2",
    ] {
        check_records(VariantId::Wickets, &opts(&[("decision", method)]), 40, 300);
    }
}

fn service(seed: u64) -> Harness {
    let clock = Arc::new(ManualClock::new(START_MS));
    let service = Service::new(
        Store::temporary().expect("store"),
        clock.clone(),
        ServiceConfig {
            seed: Some(seed),
            ..ServiceConfig::default()
        },
    )
    .expect("service");
    Harness { service, clock }
}

fn challenge(h: &Harness, ch: u64, v: VariantId, options: Options) -> Vec<Reply> {
    h.ok(
        "alice",
        ch,
        Request::Challenge {
            opponent: user("bob"),
            variant: v,
            color: ColorChoice::White,
            days: None,
            options,
            rated: true,
        },
    );
    h.ok("bob", ch, Request::Accept)
}

fn channel_text(replies: &[Reply]) -> String {
    replies
        .iter()
        .filter(|r| r.to == Audience::Channel)
        .map(|r| r.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

// The Wand Chess example (`arcana local --seed 37`): a teleport is one entry.
#[test]
fn a_teleport_is_one_entry() {
    let h = service(37);
    challenge(&h, 1, VariantId::Wand, Options::new());
    h.moves(1, &["e4", "e5"]);
    let r = h.mv("alice", 1, "Ze4:e5");
    assert!(r.text.contains("Ze4:e5 (teleport)"), "{}", r.text);
    h.mv("alice", 1, "b6");
    h.mv("bob", 1, "d5");
    let hist = h.history(1);
    assert!(
        hist.contains("1. e2-e4 e7-e5\n2. Ze4:e5 (teleport b6) d7-d5"),
        "{hist}"
    );
    assert_eq!(hist.matches("Ze4:e5").count(), 1, "{hist}");
}

// The Chess with Wickets example: a declined throw keeps its turn one entry.
#[test]
fn a_declined_throw_is_one_entry() {
    let h = Harness::new();
    challenge(&h, 2, VariantId::Wickets, Options::new());
    h.moves(2, &["Nf3", "a6", "e4", "a5", "Ke2>f3", "h6", "Ne5"]);
    h.mv("alice", 2, "decline");
    h.mv("bob", 2, "h5");
    let hist = h.history(2);
    assert!(hist.contains("\n4. Nf3-e5 h6-h5"), "{hist}");
    assert_eq!(hist.matches("Nf3-e5").count(), 1, "{hist}");
}

// The result is announced once, in the channel and in the record (here Wand Chess's
// loss of the last king, W16, reached by resignation-free play is hard to force, so a
// checkmate and a resignation stand in; the random games above cover every ending).
#[test]
fn the_result_is_announced_once() {
    let h = Harness::new();
    challenge(&h, 3, VariantId::Standard, Options::new());
    h.moves(3, &["f3", "e5", "g4"]);
    let r = h.ok("bob", 3, Request::Move { text: "Qh4".into() });
    let text = channel_text(&r);
    assert_eq!(text.matches("Black wins by checkmate").count(), 1, "{text}");
    let hist = h.history(3);
    assert_eq!(hist.matches("Black wins by checkmate").count(), 1, "{hist}");
}

// `/games` names no raw channel number and counts turns in good English.
#[test]
fn games_lists_turns_without_channel_numbers() {
    let h = Harness::new();
    challenge(
        &h,
        7_879_104_166_236_145_842,
        VariantId::Standard,
        Options::new(),
    );
    h.moves(7_879_104_166_236_145_842, &["e4"]);
    let r = h.ok(
        "carol",
        5,
        Request::Games(arcana::service::api::GamesScope::Server),
    );
    let text = &r[0].text;
    assert!(!text.contains("7879104166236145842"), "{text}");
    assert!(text.contains("1 turn played"), "{text}");
    assert!(!text.contains("answers"), "{text}");
    let r = h.ok("carol", 7_879_104_166_236_145_842, Request::Export);
    let pgn =
        String::from_utf8(r[0].attachments.first().expect("pgn").bytes.clone()).expect("utf-8");
    assert!(!pgn.contains("7879104166236145842"), "{pgn}");
}

// A repeated option is refused with a reason, never silently resolved.
#[test]
fn a_repeated_option_is_refused() {
    let parsed = arcana::service::command::parse_command(
        "/challenge @bob wand wands:moderated wands:rolled",
        &|n: &str| user(n),
    );
    let why = parsed.expect_err("refused");
    assert!(why.contains("given twice"), "{why}");
}

// Wizard Walls has no 50-move rule (Z5), so a refused claim does not mention one.
#[test]
fn a_refused_walls_draw_claim_names_only_its_rules() {
    let h = Harness::new();
    challenge(&h, 4, VariantId::Walls, Options::new());
    let why = h.refused(
        "alice",
        4,
        Request::Draw(arcana::service::api::DrawAction::Claim),
    );
    assert!(why.contains("threefold repetition"), "{why}");
    assert!(!why.contains("50-move"), "{why}");
    let h = Harness::new();
    h.start(5, None);
    let why = h.refused(
        "alice",
        5,
        Request::Draw(arcana::service::api::DrawAction::Claim),
    );
    assert!(why.contains("50-move rule"), "{why}");
}
