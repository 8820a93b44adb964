//! Sound play before strength (issue 27): over a suite of positions per game, taken from
//! the play tests' games, the computer's answer at the default level and at the top
//! level, for a few seeds,
//!
//! (a) never leaves its own king capturable when some answer does not (the opponent
//!     could take the king next: in Spell Chess such a turn must be confirmed with `!`);
//! (b) never leaves a piece en prise for nothing in one move: after its turn, for every
//!     answer of the opponent, the computer's best answer by material keeps at least its
//!     material of before the turn less one pawn ([`MAX_DROP`]), counting material on the
//!     board (pawn 1, knight and bishop 3, Wizard 4, rook 5, queen 9). In every position
//!     of the suite some answer keeps it, as the test checks;
//!
//! and, per position, the play test's blunder itself is never played.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use arcana::core::view::Viewer;
use arcana::core::{Role, Side};
use arcana::engine::{decide, Settings, DEFAULT_LEVEL, LEVELS};
use arcana::variants::{Game, Options, Outcome, VariantId};

/// Material (pawns) a turn may lose by a simple exchange and still count as sound.
const MAX_DROP: i32 = 1;
const TOP: u8 = *LEVELS.end();

fn options(pairs: &[(&str, &str)]) -> Options {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Material of `side` less the opponent's, in pawns (kings count 0), on the board.
fn material(g: &Game, side: Side) -> i32 {
    g.view(Viewer::Public)
        .pieces
        .iter()
        .filter(|p| p.cell.square().is_some())
        .map(|p| {
            let v = p.piece.role.value() as i32;
            if p.piece.side == side {
                v
            } else {
                -v
            }
        })
        .sum()
}

fn kings(g: &Game, side: Side) -> usize {
    g.view(Viewer::Public)
        .pieces
        .iter()
        .filter(|p| p.piece.side == side && p.piece.role == Role::King)
        .count()
}

fn lost(g: &Game, side: Side) -> bool {
    matches!(g.outcome(), Some(Outcome::Win { winner, .. }) if winner != side)
}

/// Which of the opponent's answers the exchange count follows.
#[derive(Clone, Copy, PartialEq)]
enum Answers {
    All,
    /// Moves only, no zaps (Wand Chess: a zap's effect is drawn at random).
    Moves,
}

/// Every complete turn of `side` from `g` (its follow-up questions answered every way),
/// as the positions it leaves.
fn turns(g: &Game, side: Side, answers: Answers) -> Vec<Game> {
    let mut out = Vec::new();
    let mut stack = vec![(g.clone(), true)];
    while let Some((s, first)) = stack.pop() {
        let more = s
            .ask()
            .is_some_and(|a| a.side == side && (first || a.question.continues_turn()));
        if !more {
            out.push(s);
            continue;
        }
        for t in s.typed_texts() {
            if answers == Answers::Moves && first && t.starts_with('Z') {
                continue;
            }
            let mut n = s.clone();
            if n.play(side, &t).is_ok() {
                stack.push((n, false));
            }
        }
    }
    out
}

/// Whether the opponent can take a king of `me` (or win at once) in `after`.
fn king_capturable(after: &Game, me: Side) -> bool {
    if after.ask().is_none_or(|a| a.side == me) {
        return false;
    }
    let k = kings(after, me);
    turns(after, me.other(), Answers::All)
        .iter()
        .any(|a| lost(a, me) || kings(a, me) < k)
}

/// The least material `me` keeps when the opponent answers `after` and `me` answers
/// once more, each choosing by material (a lost king counts -100).
fn exchange(after: &Game, me: Side, answers: Answers) -> i32 {
    let value = |g: &Game| if lost(g, me) { -100 } else { material(g, me) };
    if after.ask().is_none_or(|a| a.side == me) {
        return value(after);
    }
    turns(after, me.other(), answers)
        .iter()
        .map(|a| {
            if a.is_over() || a.ask().is_none_or(|q| q.side != me) {
                return value(a);
            }
            turns(a, me, answers)
                .iter()
                .map(value)
                .max()
                .unwrap_or_else(|| value(a))
        })
        .min()
        .unwrap_or_else(|| value(after))
}

/// The engine's whole turn (its follow-up questions too) from `g`.
fn engine_turn(g: &Game, me: Side, level: u8, seed: u64) -> (Game, Vec<String>) {
    let mut g = g.clone();
    let mut texts = Vec::new();
    while let Some(a) = g.ask() {
        if a.side != me || (!texts.is_empty() && !a.question.continues_turn()) {
            break;
        }
        let d = decide(&g, me, &Settings::new(level, seed)).unwrap();
        g.play(me, &d.text)
            .unwrap_or_else(|e| panic!("`{}` refused: {e}", d.text));
        texts.push(d.text);
    }
    (g, texts)
}

/// What is checked in a position.
struct Case {
    /// The play test's observation it covers.
    note: &'static str,
    game: Game,
    /// Answers the engine must never give here (the play test's blunder).
    never: &'static [&'static str],
    /// Check (b), following these answers of the opponent.
    hang: Option<Answers>,
}

fn from_fen(v: VariantId, o: &Options, fen: &str) -> Game {
    Game::from_fen(v, fen, o, 1).unwrap_or_else(|e| panic!("{v} {fen}: {e}"))
}

fn from_moves(v: VariantId, o: &Options, moves: &[&str]) -> Game {
    let mut g = Game::new(v, o, 1).unwrap();
    for m in moves {
        let side = g.ask().unwrap().side;
        g.play(side, m)
            .unwrap_or_else(|e| panic!("{v} {moves:?}: `{m}` refused: {e}"));
    }
    g
}

/// Checks every case at `levels`, `seeds` seeds each.
fn check(cases: &[Case], levels: &[u8], seeds: u64) {
    for case in cases {
        let g = &case.game;
        let me = g.ask().unwrap().side;
        let v = g.variant();
        let before = material(g, me);
        // The position is fair: some answer keeps the material.
        if let Some(answers) = case.hang {
            let best = turns(g, me, Answers::All)
                .iter()
                .map(|t| exchange(t, me, answers))
                .max()
                .unwrap();
            assert!(
                best >= before - MAX_DROP,
                "{}: no sound answer in {}",
                case.note,
                g.fen()
            );
        }
        for &level in levels {
            for seed in 0..seeds {
                let (after, texts) = engine_turn(g, me, level, seed);
                let at = format!(
                    "{v} level {level} seed {seed} ({}): played {texts:?} in {}",
                    case.note,
                    g.fen()
                );
                for t in &texts {
                    assert!(!case.never.contains(&t.as_str()), "{at}: the blunder");
                }
                // (a) Its own king is not left capturable, unless every answer does.
                if king_capturable(&after, me) {
                    let avoidable = turns(g, me, Answers::All)
                        .iter()
                        .any(|t| !king_capturable(t, me));
                    assert!(!avoidable, "{at}: its king is left capturable");
                }
                // (b) No piece left en prise for nothing.
                if let Some(answers) = case.hang {
                    let kept = exchange(&after, me, answers);
                    assert!(
                        kept >= before - MAX_DROP,
                        "{at}: material {before} falls to {kept} by a simple exchange"
                    );
                }
            }
        }
    }
}

/// The default level and the top level.
const LEVELS_CHECKED: [u8; 2] = [DEFAULT_LEVEL, TOP];

#[test]
fn standard_chess_keeps_its_rooks_and_pieces() {
    let v = VariantId::Standard;
    let o = Options::new();
    let cases = [
        Case {
            // Play test: in standard it lost a rook by move 5 (a rook lifted in front of
            // a bishop's diagonal).
            note: "1. a4 e5: Ra3 hangs the rook to the bishop",
            game: from_moves(v, &o, &["a2-a4", "e7-e5"]),
            never: &["Ra1-a3"],
            hang: Some(Answers::All),
        },
        Case {
            note: "1. h4 d5: Rh3 hangs the rook to the bishop",
            game: from_moves(v, &o, &["h2-h4", "d7-d5"]),
            never: &["Rh1-h3"],
            hang: Some(Answers::All),
        },
        Case {
            note: "1. h4 d5 2. Rh3 Nc6: the rook on h3 is attacked and must be saved",
            game: from_moves(v, &o, &["h2-h4", "d7-d5", "Rh1-h3", "Nb8-c6"]),
            never: &[],
            hang: Some(Answers::All),
        },
        // Positions of level 3 against itself (after a random opening), where it left a
        // piece en prise although an answer kept the material.
        Case {
            note: "the knight on f5 is attacked by the pawn on e4; level 3 played e7-e5",
            game: from_fen(
                v,
                &o,
                "rnbqkb1r/ppppp1pp/5p2/5n2/3PP3/1P3N2/P1P2PPP/RNBQKB1R b KQkq - 0 4",
            ),
            never: &["e7-e5"],
            hang: Some(Answers::All),
        },
        Case {
            note: "level 3 played Bd7-g4, into the queen's diagonal",
            game: from_fen(
                v,
                &o,
                "rn2kbnr/pppbp2p/5pp1/8/3P3P/2N5/PPP2PP1/R1BQK1NR b KQkq - 0 8",
            ),
            never: &["Bd7-g4"],
            hang: Some(Answers::All),
        },
        Case {
            note: "level 3 took the pawn on b2 with its queen",
            game: from_fen(
                v,
                &o,
                "Bn2kb1r/p4ppp/1qp5/4pQn1/6P1/8/PPPP2PP/RNB1K1NR b KQk - 3 9",
            ),
            never: &["Qb6:b2"],
            hang: Some(Answers::All),
        },
    ];
    check(&cases, &LEVELS_CHECKED, 3);
}

#[test]
fn sorchess_leaves_nothing_en_prise() {
    let v = VariantId::Sorchess;
    let o = Options::new();
    // Positions of level 3 against itself (seed 1 from the start), where it left a
    // piece en prise although an answer kept the material.
    let cases = [
        Case {
            note: "level 3 played b7-b6 here, losing a rook",
            game: from_fen(
                v,
                &o,
                "rnbqkb1r/ppp1pp1p/6p1/3Q4/4P2R/8/PPPP1PP1/RNB1KBN1[] b Qkq - 0 7 a1a8h8",
            ),
            never: &["b7-b6"],
            hang: Some(Answers::All),
        },
        Case {
            note: "level 3 played Bc8-b7 here",
            game: from_fen(
                v,
                &o,
                "Qnbqkb1r/p1p1pp1p/1p4p1/8/4P2R/8/PPPP1PP1/RNB1KBN1[] b Qk - 0 8 a1h8",
            ),
            never: &["Bc8-b7"],
            hang: Some(Answers::All),
        },
    ];
    check(&cases, &LEVELS_CHECKED, 3);
}

#[test]
fn spell_chess_never_leaves_its_king_capturable_when_it_need_not() {
    let v = VariantId::Spell;
    let o = Options::new();
    let cases = [
        Case {
            // Play test: level 5 played three turns in a row that left its own king
            // capturable (`Qxe1` took it): here a pawn move would, a king step not.
            note: "in check from the rook",
            game: from_fen(v, &o, "4k3/8/8/8/8/8/7P/r3K3[] w - - 0 1"),
            never: &["h2-h3!", "h2-h4!"],
            hang: Some(Answers::All),
        },
        Case {
            note: "the knight is pinned to the king by the rook",
            game: from_fen(v, &o, "4k3/4r3/8/8/8/8/4N3/4K3[] w - - 0 1"),
            never: &[],
            hang: Some(Answers::All),
        },
        Case {
            note: "the knight is pinned, with spells in hand",
            game: from_fen(v, &o, "4k3/4r3/8/8/8/8/4N3/4K3[JFjf] w - - 0 1"),
            never: &[],
            hang: None,
        },
        Case {
            note: "Black's queen stands next to the king on the e-file",
            game: from_fen(v, &o, "4k3/8/8/8/8/8/3PP3/1q2K3[] w - - 0 1"),
            never: &[],
            hang: Some(Answers::All),
        },
        Case {
            // Play test: a queen left en prise.
            note: "the queen is attacked by a pawn",
            game: from_fen(v, &o, "4k3/8/8/3p4/4Q3/8/8/4K3[] w - - 0 1"),
            never: &[],
            hang: Some(Answers::All),
        },
    ];
    check(&cases, &LEVELS_CHECKED, 3);
}

/// Whether `text` is a zap at an empty square of `g` (it does nothing: an unknown wand
/// stays unknown).
fn zaps_nothing(g: &Game, text: &str) -> bool {
    let Some(rest) = text.strip_prefix('Z') else {
        return false;
    };
    let target = rest.split(':').nth(1).map(|t| &t[..2]).unwrap();
    !g.view(Viewer::Public)
        .pieces
        .iter()
        .any(|p| p.cell.to_string() == target)
}

#[test]
fn wand_chess_zaps_no_empty_square_and_keeps_its_pieces() {
    let v = VariantId::Wand;
    for mode in ["rolled", "moderated"] {
        let o = options(&[("wands", mode)]);
        // Play test: in Wand Chess it zaps empty squares with unknown wands (a wasted
        // turn): from the start and in the first moves of a game.
        let mut g = Game::new(v, &o, 3).unwrap();
        for ply in 0..6u64 {
            let me = g.ask().unwrap().side;
            for level in LEVELS_CHECKED {
                let d = decide(&g, me, &Settings::new(level, ply)).unwrap();
                assert!(
                    !zaps_nothing(&g, &d.text),
                    "{mode} level {level} ply {ply}: zaps an empty square: {}",
                    d.text
                );
            }
            let d = decide(&g, me, &Settings::new(2, ply)).unwrap();
            g.play(me, &d.text).unwrap();
            while let Some(a) = g.ask() {
                if a.side != me || !a.question.continues_turn() {
                    break;
                }
                let t = g.legal_texts()[0].clone();
                g.play(me, &t).unwrap();
            }
        }
    }
    let o = options(&[("wands", "rolled")]);
    let cases = [
        wand_knight_case(),
        Case {
            // Arena, `arcana arena wand engine:8 engine:v1 --seed 1 --first 3 --games 1`
            // (commit 7c514a1): level 8 zapped its own pieces (`Zg1:h2`) while the pawn on
            // f2 was to die of sickness at the end of its turn, and `Qh4:e1` took the king.
            // A zap's one lucky draw had outscored every sound move.
            note: "the sick pawn on f2 dies this turn and opens h4-e1",
            game: from_fen(
                v,
                &o,
                "rnb1kbnr/pppp1ppp/4p3/8/1P5q/8/P1P1PPPP/RNBQKBNR w KQkq - 1 5 rolled \
             c2:wand=death;f2:sick=1;g2:wand=sickness;h2:wand=sloth,slow=0;\
             c7:wand=sloth,slow=0;f7:peaceful;f8:wand=peace",
            ),
            never: &["Zg1:h2", "Za1:a2", "Bc1-d2", "c2-c3"],
            hang: None,
        },
    ];
    check(&cases, &LEVELS_CHECKED, 3);
}

/// The level that draws every answer among the sound ones (Wand Chess's level 5, the
/// answers its levels 6 and 7 draw): a zap whose effect is left to chance is drawn only
/// when it keeps the material in every one of the search's draws, not on average.
/// Drawn among the answers sound on average, level 5 played `Zc7:d7` here (seed 0) and
/// `d5:c6` took the knight; at a 75% drawn share the default level did the like (CI
/// run 21).
#[test]
fn wand_chess_draws_no_zap_that_may_leave_a_piece_en_prise() {
    let v = VariantId::Wand;
    let o = options(&[("wands", "rolled")]);
    let drawn = (1..=TOP)
        .find(|&l| {
            let p = arcana::engine::plan(&Game::new(v, &o, 1).unwrap(), l, false);
            p.stray >= 1.0 && p.sound
        })
        .expect("a Wand Chess level draws among the sound answers");
    check(&[wand_knight_case()], &[drawn], 24);
}

/// Wand Chess (wands rolled): Black's knight on c6 is attacked by the pawn on d5.
fn wand_knight_case() -> Case {
    let o = options(&[("wands", "rolled")]);
    Case {
        note: "the knight on c6 is attacked by the pawn on d5",
        game: from_fen(
            VariantId::Wand,
            &o,
            "r1bqkbnr/pppppppp/2n5/3P4/8/8/PPP1PPPP/RNBQKBNR b KQkq - 0 2 rolled -",
        ),
        never: &[],
        hang: Some(Answers::Moves),
    }
}

/// `side`'s own material on the board, in pawns (kings count 0).
fn own_material(g: &Game, side: Side) -> i32 {
    g.view(Viewer::Public)
        .pieces
        .iter()
        .filter(|p| p.cell.square().is_some() && p.piece.side == side)
        .map(|p| p.piece.role.value() as i32)
        .sum()
}

/// Wand Chess's default level keeps its material in every draw of the wands: played in
/// `arcana local`, it opened with `Zb2:c2`, zapping its own pawn with an unknown wand
/// that was death (a random sound answer could lose a pawn in some draws). Its answer,
/// which does not depend on the game's hidden draws, is played in games of other seeds
/// (other wands), and its own material must stay.
#[test]
fn wand_chess_default_level_zaps_no_own_piece_that_an_unknown_wand_may_kill() {
    let v = VariantId::Wand;
    let o = options(&[("wands", "rolled")]);
    for opening in [&[][..], &["e2-e4"][..]] {
        for seed in 0..16 {
            let mut played = None;
            for game_seed in 1..=24 {
                let mut g = Game::new(v, &o, game_seed).unwrap();
                for m in opening {
                    let side = g.ask().unwrap().side;
                    g.play(side, m).unwrap();
                }
                let me = g.ask().unwrap().side;
                let before = own_material(&g, me);
                let (after, texts) = engine_turn(&g, me, DEFAULT_LEVEL, seed);
                let first = texts[0].clone();
                assert_eq!(
                    played.get_or_insert_with(|| first.clone()),
                    &first,
                    "seed {seed}: the answer depends on the game's hidden draws"
                );
                assert!(
                    own_material(&after, me) >= before,
                    "after {opening:?}, seed {seed}, game seed {game_seed}: played {texts:?} \
                     and lost its own material ({before} to {})",
                    own_material(&after, me)
                );
            }
        }
    }
}

#[test]
fn chess_with_wickets_keeps_its_bishop_and_queen() {
    let v = VariantId::Wickets;
    // Play test: level 5 lost its queen by move 6 the same way in every decision mode,
    // `d5 c6 Bg4?? h5 Qd5??`: the computer played Black. Here 3...Bg4 hangs the bishop
    // to the queen on d1 (the e-pawn has left e2), and 5...Qd5 the queen to the queen on
    // e4.
    let bishop = ["e2-e4", "d7-d5", "e4:d5", "c7-c6", "d5:c6"];
    let mut queen = bishop.to_vec();
    queen.extend(["Bc8-g4", "Qd1:g4", "h7-h5", "Qg4-e4"]);
    for decision in ["cards", "dice", "deterministic"] {
        let o = options(&[("decision", decision)]);
        let cases = [
            Case {
                note: "1. e4 d5 2. exd5 c6 3. dxc6: Bg4 hangs the bishop",
                game: from_moves(v, &o, &bishop),
                never: &["Bc8-g4"],
                hang: Some(Answers::All),
            },
            Case {
                note: "3...Bg4 4. Qxg4 h5 5. Qe4: Qd5 hangs the queen",
                game: from_moves(v, &o, &queen),
                never: &["Qd8-d5"],
                hang: Some(Answers::All),
            },
        ];
        check(&cases, &LEVELS_CHECKED, 2);
    }
    // Positions of level 3 against itself where it left a piece en prise.
    let o = Options::new();
    let cases = [
        Case {
            note: "the knight on f6 is attacked by the pawn on e5",
            game: from_fen(
                v,
                &o,
                "rnbqkb1r/pppppppp/5n2/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2 -- D=d1,d8 B=e1,e8 cards",
            ),
            never: &["Nb8-c6"],
            hang: Some(Answers::All),
        },
        Case {
            note: "the knight on b4 is attacked by the pawn on a3",
            game: from_fen(
                v,
                &o,
                "r1bqkb1r/pppppp1p/5p2/8/1nP5/P7/1P1P1PPP/RNBQKBNR b KQkq - 0 5 -- D=d1,d8 B=e1,e8 cards",
            ),
            never: &["e7-e5"],
            hang: Some(Answers::All),
        },
    ];
    check(&cases, &LEVELS_CHECKED, 2);
}

#[test]
fn chess_with_wickets_names_no_king_as_defender() {
    // Play test: having lost its queen, level 5 named its own King as Defender (a King
    // Defender loses the game with its wicket) and left the wicket free.
    let v = VariantId::Wickets;
    let o = Options::new();
    let game = from_fen(
        v,
        &o,
        "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3 -- D=d1,- B=e1,@h6 cards turn=defender",
    );
    let texts = game.legal_texts();
    assert!(texts.iter().any(|t| t == "defender Ke8"), "{texts:?}");
    for level in LEVELS_CHECKED {
        for seed in 0..3 {
            let d = decide(&game, Side::Black, &Settings::new(level, seed)).unwrap();
            assert_ne!(d.text, "defender Ke8", "level {level} seed {seed}");
        }
    }
}
