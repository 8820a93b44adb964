//! The puzzle generator (issue 51): hand-made puzzles found in every game, positions
//! with two winning answers or with chance turned down, the second check, a game's
//! record scanned, and the CSV read back.

use arcana::puzzles::generate::{
    confirm, find, kept, puzzle_at, scan, Plan, Record, SelfPlay, Tally,
};
use arcana::puzzles::judge::Rejection;
use arcana::puzzles::{csv, distinct, play_all, Position, Puzzle, SHIPPED};
use arcana::variants::{Options, VariantId};

fn options(pairs: &[(&str, &str)]) -> Options {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// The puzzle the generator finds at `fen`, confirmed by the second check.
fn found(variant: VariantId, opts: &[(&str, &str)], fen: &str) -> Puzzle {
    let position = Position::from_fen(variant, &options(opts), 1, fen);
    let mut tally = Tally::default();
    let puzzle = puzzle_at(&position, "hand-made", &Plan::default(), &mut tally);
    puzzle.unwrap_or_else(|| {
        let why = find(&position, &Plan::default());
        panic!("{variant}: no puzzle at {fen}: {tally:?} {why:?}")
    })
}

/// A knight fork: from c7 the knight checks the king on e8 and takes the queen on a8.
const FORK: &str = "q3k3/8/8/3N4/8/8/8/4K3 w - - 0 1";

fn assert_fork(p: &Puzzle) {
    assert_eq!(p.line.first().map(String::as_str), Some("Nd5-c7"), "{p:?}");
    assert!(p.line.len() >= 3, "{p:?}");
    assert!(p.line[2].contains("a8"), "{p:?}");
    assert!(p.themes.contains(&"fork".to_string()), "{:?}", p.themes);
    assert!(p.themes.contains(&"material".to_string()), "{:?}", p.themes);
}

#[test]
fn a_hand_made_fork_is_found_in_chess() {
    assert_fork(&found(VariantId::Standard, &[], FORK));
}

#[test]
fn a_hand_made_fork_is_found_in_sorchess() {
    assert_fork(&found(VariantId::Sorchess, &[], FORK));
}

#[test]
fn a_hand_made_fork_is_found_in_spell_chess() {
    // No spells left on either side: the fork is all there is.
    assert_fork(&found(
        VariantId::Spell,
        &[],
        "q3k3/8/8/3N4/8/8/8/4K3[] w - - 0 1",
    ));
}

#[test]
fn a_hand_made_fork_is_found_in_wand_chess() {
    // Every wand unknown: checked over the solver's draws of them, and no zap of the
    // line draws on chance.
    assert_fork(&found(VariantId::Wand, &[], FORK));
}

#[test]
fn a_hand_made_fork_is_found_in_chess_with_wickets() {
    // The queen is Black's Defender; decided without cards or dice.
    let p = found(VariantId::Wickets, &[("decision", "deterministic")], FORK);
    assert_eq!(p.line.first().map(String::as_str), Some("Nd5-c7"), "{p:?}");
}

#[test]
fn a_hand_made_kill_is_found_in_wizard_walls() {
    // White has 5 points; the Rook on h8 is worth 5 more: only the Bishop's run to g7
    // and a wall conjured on h8 reaches 10.
    for v in [VariantId::Walls, VariantId::WallsFull] {
        let p = found(v, &[], "7r/8/8/8/8/8/8/B7 w 5/5 5/0 -/- play");
        assert_eq!(p.line.len(), 1, "{p:?}");
        assert!(p.line[0].contains("+h8"), "{p:?}");
        assert!(p.themes.contains(&"wall".to_string()), "{:?}", p.themes);
        assert!(p.themes.contains(&"win".to_string()), "{:?}", p.themes);
    }
}

#[test]
fn a_mate_in_one_is_a_puzzle_and_two_mates_are_not() {
    // A back-rank mate, the material even.
    let p = found(
        VariantId::Standard,
        &[],
        "6k1/5ppp/8/8/r7/8/5PPP/3R2K1 w - - 0 1",
    );
    assert_eq!(p.line, vec!["Rd1-d8".to_string()]);
    assert!(
        p.themes.contains(&"mate-in-1".to_string()),
        "{:?}",
        p.themes
    );
    // Rc8 and Rd8 both mate: no puzzle.
    let two = Position::from_fen(
        VariantId::Standard,
        &Options::new(),
        1,
        "6k1/5ppp/8/8/r7/8/5PPP/2RR2K1 w - - 0 1",
    );
    match find(&two, &Plan::default()) {
        Err(Rejection::Several(other)) => assert!(other.ends_with('8'), "{other}"),
        other => panic!("two winning answers: {other:?}"),
    }
}

#[test]
fn a_win_that_lies_beyond_the_line_is_not_kept() {
    // After 1.e4 e5 2.Qh5 Nc6 3.Qxe5+?? Nxe5 Black is a queen up: kept. The one answer
    // 3...Nxe5 as a line of its own from before 3.Qxe5 (White to move) is no line
    // of White's: nothing of White's is kept.
    let answers: Vec<String> = ["e2-e4", "e7-e5", "Qd1-h5", "Nb8-c6", "Qh5:e5"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let position = Position::new(VariantId::Standard, &Options::new(), 1, &answers);
    let depth = Plan::default().find;
    assert_eq!(kept(&position, &["Nc6:e5".to_string()], &depth), Ok(()));
    let before = Position::new(VariantId::Standard, &Options::new(), 1, &answers[..4]);
    assert_eq!(
        kept(&before, &["Qh5:f7".to_string()], &depth),
        Err(Rejection::NotKept)
    );
}

#[test]
fn a_position_with_nothing_to_win_is_no_puzzle() {
    let quiet = Position::new(VariantId::Standard, &Options::new(), 1, &[]);
    assert_eq!(find(&quiet, &Plan::default()), Err(Rejection::NoWin));
}

#[test]
fn a_position_decided_by_chance_is_rejected() {
    // Wand Chess: the knight's death wand, known, next to the king: the zap wins the
    // game unless the wand misfires (one time in three), so it is chance.
    let zap = Position::from_fen(
        VariantId::Wand,
        &Options::new(),
        1,
        "q3k3/3N4/8/8/8/8/8/4K3 w - - 0 1 rolled d7:wand=death",
    );
    assert_eq!(find(&zap, &Plan::default()), Err(Rejection::Chance));
    // Chess with Wickets by cards: the first answer deals the cards.
    let cards = Position::from_fen(VariantId::Wickets, &Options::new(), 1, FORK);
    assert_eq!(find(&cards, &Plan::default()), Err(Rejection::Chance));
}

#[test]
fn the_second_check_confirms_a_puzzle_and_refuses_a_wrong_line() {
    let p = found(VariantId::Standard, &[], FORK);
    assert_eq!(confirm(&p, &Plan::default()), Ok(()));
    let mut wrong = p.clone();
    wrong.line[0] = "Nd5-f6".to_string();
    assert_eq!(
        confirm(&wrong, &Plan::default()),
        Err(Rejection::Disagrees(0))
    );
}

/// 1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6?? (Qxf7# from here) 4.a3? h6.
const OPENING: [&str; 8] = [
    "e2-e4", "e7-e5", "Bf1-c4", "Nb8-c6", "Qd1-h5", "Ng8-f6", "a2-a3", "h7-h6",
];

/// The scan of the chess game of `answers` from the start, named `source`.
fn scanned(answers: &[&str], source: &str) -> (Vec<Puzzle>, Tally) {
    let record = Record {
        variant: VariantId::Standard,
        options: Options::new(),
        seed: 3,
        answers: answers.iter().map(|s| s.to_string()).collect(),
        source: source.to_string(),
    };
    let mut tally = Tally::default();
    let puzzles = scan(&record, &Plan::default(), &mut tally);
    (puzzles, tally)
}

#[test]
fn a_game_record_is_scanned_for_its_blunder() {
    // 3...Nf6?? allows Qxf7#.
    let (puzzles, tally) = scanned(&OPENING[..6], "game 7");
    assert_eq!(tally.games, 1);
    assert_eq!(tally.positions, 7, "{tally:?}");
    let mate = puzzles
        .iter()
        .find(|p| p.position.answers.len() == 6)
        .unwrap_or_else(|| panic!("{puzzles:?} {tally:?}"));
    assert_eq!(mate.line, vec!["Qh5:f7".to_string()]);
    assert_eq!(mate.source, "game 7");
    assert!(mate.themes.contains(&"mate-in-1".to_string()));
}

#[test]
fn a_mate_left_open_for_two_turns_is_one_puzzle_and_checked_once() {
    // 3...Nf6?? allows Qxf7#; 4.a3? and 4...h6 leave it open.
    let (puzzles, tally) = scanned(&OPENING, "game 8");
    let mates: Vec<_> = puzzles
        .iter()
        .filter(|p| p.line.first().map(String::as_str) == Some("Qh5:f7"))
        .collect();
    assert_eq!(mates.len(), 1, "{puzzles:?} {tally:?}");
    assert_eq!(mates[0].position.answers.len(), 6, "the earliest is kept");
    let repeated = Rejection::Repeated.name();
    assert_eq!(tally.rejected.get(repeated), Some(&1), "{tally:?}");
    assert_eq!(distinct(puzzles.clone()), puzzles);
}

#[test]
fn puzzles_read_back_from_csv() {
    let mut p = found(VariantId::Standard, &[], FORK);
    p.source = "a source, with \"quotes\"".to_string();
    let mut q = p.clone();
    q.position = Position::new(
        VariantId::Wand,
        &options(&[("wands", "moderated")]),
        9,
        &["e2-e4".to_string()],
    );
    q.id = Puzzle::id_of(&q.position);
    let text = csv::write(&[p.clone(), q.clone()]);
    assert!(text.starts_with(csv::HEADER));
    // Perfect information: the FEN is written beside the position.
    assert!(text.contains(FORK), "{text}");
    assert_eq!(csv::read(&text), Ok(vec![p, q]));
    assert!(csv::read("id,game\n1,2\n").is_err());
}

#[test]
fn puzzles_appended_one_by_one_read_back_like_a_written_file() {
    let p = found(VariantId::Standard, &[], FORK);
    let mut q = p.clone();
    q.position = Position::new(VariantId::Standard, &Options::new(), 9, &[]);
    q.id = Puzzle::id_of(&q.position);
    // The header comes with the first puzzle only; the file reads back at every step.
    let first = csv::addition(&p, true);
    assert_eq!(csv::read(&first), Ok(vec![p.clone()]));
    let both = format!("{first}{}", csv::addition(&q, false));
    assert_eq!(both, csv::write(&[p.clone(), q.clone()]));
    assert_eq!(csv::read(&both), Ok(vec![p, q]));
}

#[test]
fn the_finding_pass_with_its_shortcuts_finds_what_the_full_judge_finds() {
    // The fork and the back-rank mate found with the quick look and without it alike.
    let mut full = Plan::default();
    full.find.screen = None;
    for fen in [FORK, "6k1/5ppp/8/8/r7/8/5PPP/3R2K1 w - - 0 1"] {
        let position = Position::from_fen(VariantId::Standard, &Options::new(), 1, fen);
        let quick = find(&position, &Plan::default()).expect("found");
        assert_eq!(
            find(&position, &full).map(|f| f.line[0].clone()),
            Ok(quick.line[0].clone())
        );
    }
}

#[test]
fn self_play_opens_with_answers_the_rules_take_without_a_confirmation() {
    // Seed 12007's random opening of Spell Chess drew `h7-h6 (jump c1)`, which leaves
    // Black's king capturable and wants a `!`: the run stopped there. Another answer is
    // drawn now.
    let play = SelfPlay {
        levels: 1..=3,
        max_answers: 4,
        ..SelfPlay::new(VariantId::Spell)
    };
    for seed in 12000..12016 {
        let record = play
            .play(seed, 0)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(record.answers.len(), 4, "seed {seed}");
        assert!(
            record.answers.iter().all(|a| !a.ends_with('!')),
            "{record:?}"
        );
    }
}

/// The starter set shipped in assets/ (issue 51's "done when"): at least 100 puzzles
/// of every game, each position rebuilt from its seed and answers under its own id,
/// each line playable from it, and one puzzle per source game and first answer.
#[test]
fn the_shipped_starter_set_holds_100_replayable_puzzles_of_every_game() {
    let shipped = csv::read(SHIPPED).expect("the shipped set reads");
    for v in VariantId::available() {
        let n = shipped.iter().filter(|p| p.position.variant == v).count();
        assert!(n >= 100, "{v}: {n} puzzles shipped");
    }
    for p in &shipped {
        assert_eq!(Puzzle::id_of(&p.position), p.id, "{p:?}");
        let mut game = p
            .position
            .game()
            .unwrap_or_else(|e| panic!("{}: {e}", p.id));
        assert_eq!(game.variant(), p.position.variant, "{}", p.id);
        play_all(&mut game, &p.line).unwrap_or_else(|e| panic!("{}: {e}", p.id));
        assert!(!p.themes.is_empty() && !p.source.is_empty(), "{p:?}");
    }
    assert_eq!(distinct(shipped.clone()).len(), shipped.len());
}
