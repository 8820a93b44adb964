//! The computer player: legal answers in every game, no peeking at hidden
//! information, reproducible decisions, and arena games that finish.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use arcana::core::view::Viewer;
use arcana::core::{Cell, Side};
use arcana::engine::arena::{play_game, Match, Player, Summary};
use arcana::engine::{decide, Settings};
use arcana::variants::{Game, GameRng, Options, VariantId};
use rand::SeedableRng;

#[path = "midgames/mod.rs"]
mod midgames;

fn options(pairs: &[(&str, &str)]) -> Options {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn every_variant_gets_a_legal_answer_from_every_level() {
    for v in VariantId::available() {
        let game = Game::new(v, &Options::new(), 3).unwrap();
        let side = game.ask().unwrap().side;
        for level in [1, 2, 4, 8] {
            let d = decide(&game, side, &Settings::new(level, 7)).unwrap();
            let mut g = game.clone();
            g.play(side, &d.text)
                .unwrap_or_else(|e| panic!("{v} level {level}: `{}` refused: {e}", d.text));
        }
        // Not the side asked: no answer.
        assert!(decide(&game, side.other(), &Settings::new(1, 7)).is_none());
    }
}

#[test]
fn the_same_seed_gives_the_same_decision() {
    let game = Game::new(VariantId::Spell, &Options::new(), 1).unwrap();
    let a = decide(&game, Side::White, &Settings::new(4, 11)).unwrap();
    let b = decide(&game, Side::White, &Settings::new(4, 11)).unwrap();
    assert_eq!(a, b);
    assert!(a.iterations >= 1 && a.iterations <= arcana::engine::iterations(4));
}

#[test]
fn stopping_once_the_answer_is_settled_gives_the_same_answer() {
    // Middle games of every variant, reached by level 1 from the start, and a forced
    // answer (the king must take the queen), which is settled at once. Level 2 searches
    // as the first ladder's level 1 did.
    let mut stopped_early = 0;
    let mut games = Vec::new();
    for v in VariantId::available() {
        let mut game = Game::new(v, &Options::new(), 9).unwrap();
        for i in 0..10 {
            let Some(ask) = game.ask() else { break };
            let side = ask.side;
            let d = decide(&game, side, &Settings::new(2, i)).unwrap();
            game.play(side, &d.text).unwrap();
        }
        games.push(game);
    }
    let forced = "7k/8/8/8/8/8/6q1/7K w - - 0 1";
    games.push(Game::from_fen(VariantId::Standard, forced, &Options::new(), 1).unwrap());
    for game in games {
        let v = game.variant();
        let Some(ask) = game.ask() else { continue };
        for level in [4, 6] {
            // The tree search (chess and Sorchess search by alpha-beta from level 3 up,
            // but keep the tree search for games of the first ladder).
            let mut quick_settings = Settings::new(level, 4);
            quick_settings.first_ladder = true;
            let quick = decide(&game, ask.side, &quick_settings).unwrap();
            let mut settings = quick_settings;
            settings.full_budget = true;
            let full = decide(&game, ask.side, &settings).unwrap();
            assert_eq!(quick.text, full.text, "{v} level {level}");
            assert_eq!(full.iterations, arcana::engine::iterations(level));
            assert!(quick.iterations <= full.iterations);
            if quick.iterations < full.iterations {
                stopped_early += 1;
            }
        }
    }
    assert!(stopped_early > 0, "the search stops early somewhere");
}

#[test]
fn it_takes_a_free_queen() {
    // Black's queen on g5 stands en prise to the bishop on c1.
    let game = Game::from_fen(
        VariantId::Standard,
        "rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 1 3",
        &Options::new(),
        1,
    )
    .unwrap();
    for level in [2, 6] {
        let d = decide(&game, Side::White, &Settings::new(level, 5)).unwrap();
        let mut g = game.clone();
        g.play(Side::White, &d.text).unwrap();
        let board = g.fen().split(' ').next().unwrap().to_string();
        assert!(!board.contains('q'), "level {level} played {}", d.text);
    }
}

/// Replaces the secret kind of every unknown Black wand in a moderated Wand Chess FEN.
fn other_black_secrets(game: &Game) -> String {
    let view = game.view(Viewer::Public);
    let black = |sq: &str| {
        view.pieces
            .iter()
            .any(|p| p.piece.side == Side::Black && p.cell == Cell::parse(sq).unwrap())
    };
    let fen = game.fen();
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    let units: Vec<String> = fields[7]
        .split(';')
        .map(|entry| {
            let (sq, tokens) = entry.split_once(':').unwrap();
            if !black(sq) {
                return entry.to_string();
            }
            let tokens: Vec<String> = tokens
                .split(',')
                .map(|t| match t.strip_prefix("secret=") {
                    Some("death") => "secret=healing".to_string(),
                    Some(_) => "secret=death".to_string(),
                    None => t.to_string(),
                })
                .collect();
            format!("{sq}:{}", tokens.join(","))
        })
        .collect();
    fields[7] = units.join(";");
    fields.join(" ")
}

#[test]
fn moderated_wands_hidden_from_it_do_not_change_its_decision() {
    let o = options(&[("wands", "moderated")]);
    let mut start = Game::new(VariantId::Wand, &o, 21).unwrap();
    // Pawns face each other: a Black zap at e4 is one answer away.
    start.play(Side::White, "e4").unwrap();
    start.play(Side::Black, "d5").unwrap();
    let fen = start.fen();
    let changed = other_black_secrets(&start);
    assert_ne!(fen, changed);
    // Different hidden kinds and even different game generators.
    let a = Game::from_fen(VariantId::Wand, &fen, &o, 1).unwrap();
    let b = Game::from_fen(VariantId::Wand, &changed, &o, 2).unwrap();
    assert_ne!(a.secret(Side::Black), b.secret(Side::Black));
    assert_eq!(a.secret(Side::White), b.secret(Side::White));
    assert_eq!(
        a.view(Viewer::Player(Side::White)),
        b.view(Viewer::Player(Side::White))
    );
    let settings = Settings::new(6, 99);
    let da = decide(&a, Side::White, &settings).unwrap();
    let db = decide(&b, Side::White, &settings).unwrap();
    // The whole search saw the same thing, not only the chosen answer.
    assert_eq!(da, db);
    // Black, who may see its own kinds, does search differently.
    let mut a2 = a.clone();
    let mut b2 = b.clone();
    a2.play(Side::White, &da.text).unwrap();
    b2.play(Side::White, &da.text).unwrap();
    if a2.ask().map(|x| x.side) == Some(Side::Black) {
        let ea = decide(&a2, Side::Black, &settings).unwrap();
        let eb = decide(&b2, Side::Black, &settings).unwrap();
        assert_ne!(ea.stats, eb.stats);
    }
}

#[test]
fn a_determinised_game_keeps_the_viewer_view_and_secret() {
    let mut rng = GameRng::seed_from_u64(4);
    for (v, o) in [
        (VariantId::Wand, options(&[("wands", "moderated")])),
        (VariantId::Wickets, options(&[("decision", "cards")])),
    ] {
        let mut game = Game::new(v, &o, 8).unwrap();
        let first = game.legal_texts()[0].clone();
        game.play(Side::White, &first).unwrap();
        for side in Side::BOTH {
            let d = game.determinised(side, &mut rng);
            assert_eq!(
                d.view(Viewer::Player(side)),
                game.view(Viewer::Player(side))
            );
            assert_eq!(d.secret(side), game.secret(side));
            assert_eq!(d.view(Viewer::Public), game.view(Viewer::Public));
        }
        // The opponent's secret is drawn afresh.
        let d = game.determinised(Side::White, &mut rng);
        assert_ne!(d.secret(Side::Black), game.secret(Side::Black), "{v}");
    }
}

#[test]
fn arena_games_end_with_a_result() {
    for v in [VariantId::Standard, VariantId::Walls] {
        let m = Match::new(v, Player::Engine { level: 1 }, Player::Random, 2, 3);
        let mut summary = Summary::default();
        for i in 0..m.games {
            let r = play_game(&m, i, &mut summary).unwrap();
            assert!(r.answers > 0);
            summary.add(&r);
        }
        assert_eq!(summary.white + summary.black + summary.draws, 2);
        assert!(summary.engine_answers[0] > 0);
        assert_eq!(summary.engine_answers[1], 0);
        assert_eq!(
            summary.line(),
            format!(
                "white {}, black {}, draws {}",
                summary.white, summary.black, summary.draws
            )
        );
    }
    assert_eq!(Player::parse("engine:4"), Ok(Player::Engine { level: 4 }));
    assert_eq!(Player::parse("random"), Ok(Player::Random));
    assert!(Player::parse("engine:9").is_err());
}

#[test]
fn arena_adds_each_engine_s_processor_time() {
    use arcana::engine::arena::play_game_timed;
    use std::cell::Cell as Counter;
    use std::time::Duration;
    // A clock that moves 1 ms each time it is read: two reads per engine answer.
    let ticks = Counter::new(0u64);
    let clock = || {
        ticks.set(ticks.get() + 1);
        Some(Duration::from_millis(ticks.get()))
    };
    let m = Match::new(
        VariantId::Standard,
        Player::Random,
        Player::Engine { level: 1 },
        1,
        5,
    );
    let mut summary = Summary::default();
    play_game_timed(&m, 0, &mut summary, &clock).unwrap();
    assert!(summary.engine_answers[1] > 0);
    assert_eq!(
        summary.cpu[1],
        Duration::from_millis(u64::from(summary.engine_answers[1]))
    );
    assert_eq!(summary.cpu[0], Duration::ZERO);
}

#[test]
fn the_random_player_confirms_when_every_answer_needs_it() {
    // Spell Chess, game 419 of this random match: a turn comes where every legal
    // answer leaves the king capturable and must be confirmed with `!`.
    let m = Match::new(VariantId::Spell, Player::Random, Player::Random, 419, 7);
    let mut summary = Summary::default();
    let r = play_game(&m, 418, &mut summary).unwrap();
    assert!(r.answers > 0);
}

#[test]
fn the_top_level_searches_chess_by_alpha_beta_and_sees_tactics() {
    // A mate in one: the search stops at once with the mate.
    let mate = Game::from_fen(
        VariantId::Standard,
        "k7/8/1K6/8/8/8/8/7R w - - 0 1",
        &Options::new(),
        1,
    )
    .unwrap();
    let d = decide(&mate, Side::White, &Settings::new(8, 1)).unwrap();
    let mut g = mate.clone();
    g.play(Side::White, &d.text).unwrap();
    assert!(g.is_over(), "played {}", d.text);
    assert!(
        d.iterations < 10_000,
        "{} nodes for a mate in one",
        d.iterations
    );
    // A knight fork: from c7 the knight checks the king on e8 and attacks the queen on
    // a8, which falls two answers later.
    // Sorchess has perfect information too, and is searched the same way.
    for v in [VariantId::Sorchess, VariantId::Standard] {
        let fork =
            Game::from_fen(v, "q3k3/8/8/3N4/8/8/8/4K3 w - - 0 1", &Options::new(), 1).unwrap();
        let d = decide(&fork, Side::White, &Settings::new(8, 1)).unwrap();
        assert_eq!(d.text, "Nd5-c7", "{v}: {:?}", d.stats);
    }
    let fork = Game::from_fen(
        VariantId::Standard,
        "q3k3/8/8/3N4/8/8/8/4K3 w - - 0 1",
        &Options::new(),
        1,
    )
    .unwrap();
    let d = decide(&fork, Side::White, &Settings::new(8, 1)).unwrap();
    // The same position and level give the same answer and the same search.
    assert_eq!(d, decide(&fork, Side::White, &Settings::new(8, 9)).unwrap());
    // Levels 1 and 2 keep the tree search: their decisions count iterations; from
    // level 3 up each level searches more nodes than the one below.
    let d2 = decide(&fork, Side::White, &Settings::new(2, 1)).unwrap();
    assert!(d2.iterations <= arcana::engine::iterations(2));
    for level in 3..=8u8 {
        let nodes = arcana::engine::alpha_beta_nodes(level, false).unwrap();
        assert!(nodes > arcana::engine::alpha_beta_nodes(level - 1, false).unwrap_or(0));
        let d = decide(&fork, Side::White, &Settings::new(level, 1)).unwrap();
        assert!(
            u64::from(d.iterations) <= nodes + 64,
            "level {level}: {}",
            d.iterations
        );
    }
    // A game stored under the first ladder keeps the tree search below its top level.
    let mut old = Settings::new(7, 1);
    old.first_ladder = true;
    let d7 = decide(&fork, Side::White, &old).unwrap();
    assert!(d7.iterations <= arcana::engine::iterations(7));
}

#[test]
fn it_never_leaves_its_king_capturable_when_it_need_not() {
    // Spell Chess, White in check from the rook: a pawn move would leave the king
    // capturable (legal once confirmed with `!`), a king step does not.
    let game = Game::from_fen(
        VariantId::Spell,
        "4k3/8/8/8/8/8/7P/r3K3[] w - - 0 1",
        &Options::new(),
        1,
    )
    .unwrap();
    assert!(game.typed_texts().iter().any(|t| t.ends_with('!')));
    for level in arcana::engine::LEVELS {
        for seed in 0..3 {
            let d = decide(&game, Side::White, &Settings::new(level, seed)).unwrap();
            assert!(!d.text.ends_with('!'), "level {level}: {}", d.text);
            let mut g = game.clone();
            g.play(Side::White, d.text.trim_end_matches('!'))
                .unwrap_or_else(|e| panic!("level {level}: {}: {e}", d.text));
            assert!(g.view(Viewer::Public).check.is_empty(), "{}", d.text);
        }
    }
}

#[test]
fn alternating_colours_score_the_first_player() {
    let mut m = Match::new(
        VariantId::Standard,
        Player::Engine { level: 1 },
        Player::Random,
        4,
        8,
    );
    m.alternate = true;
    m.opening_plies = 4;
    let mut summary = Summary::default();
    let mut first_as_white = 0;
    for i in 0..m.games {
        let r = play_game(&m, i, &mut summary).unwrap();
        assert_eq!(r.swapped, i % 2 == 1);
        assert!(r.answers >= 4);
        summary.add(&r);
        if !r.swapped {
            first_as_white += 1;
        }
    }
    assert_eq!(first_as_white, 2);
    // The engine is the first player in every game, whatever its colour.
    assert_eq!(summary.first.games(), 4);
    assert!(summary.engine_answers[0] > 0);
    assert_eq!(summary.engine_answers[1], 0);
    assert_eq!(summary.white + summary.black + summary.draws, 4);
    let line = summary.score_line(&m.white, &m.black);
    assert!(
        line.starts_with("engine:1 against random: score "),
        "{line}"
    );
    assert!(line.contains(", Elo "), "{line}");
}

/// Issue 27: the computer answers a draw offer, from what it may see: it accepts when
/// it is clearly worse than a draw (a queen down), declines an even position or one it
/// wins (a queen up), whichever side it plays.
#[test]
fn the_computer_accepts_a_draw_only_when_it_is_worse() {
    use arcana::engine::accepts_draw;
    let game = |fen: &str| Game::from_fen(VariantId::Standard, fen, &Options::new(), 1).unwrap();
    let start = game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let black_queen_down = game("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for side in Side::BOTH {
        assert!(!accepts_draw(&start, side, 7), "{side:?}: an even position");
    }
    assert!(accepts_draw(&black_queen_down, Side::Black, 7));
    assert!(!accepts_draw(&black_queen_down, Side::White, 7));
}

/// `engine:v1`, the yardstick issue 27 measures the top level against: the first
/// search (a tree search of 2000 iterations scoring each leaf by the evaluation alone),
/// in chess too, where today's levels from 3 up search by alpha-beta.
#[test]
fn engine_v1_is_the_first_tree_search_in_every_game() {
    use arcana::engine::decide_first;
    assert_eq!(Player::parse("engine:v1"), Ok(Player::First));
    assert_eq!(Player::First.to_string(), "engine:v1");
    for v in VariantId::ALL {
        let game = Game::new(v, &Options::new(), 11).unwrap();
        let side = game.ask().unwrap().side;
        let d = decide_first(&game, side, &Settings::new(8, 5)).unwrap();
        assert!(game.legal_texts().contains(&d.text), "{v:?}: {}", d.text);
        assert!(d.iterations >= 1 && d.iterations <= arcana::engine::iterations(8));
        // The other side is not asked.
        assert!(decide_first(&game, side.other(), &Settings::new(8, 5)).is_none());
    }
    // In chess, a tree search (several root answers visited), not today's alpha-beta
    // (one answer with its depth).
    let chess = Game::new(VariantId::Standard, &Options::new(), 1).unwrap();
    let first = decide_first(&chess, Side::White, &Settings::new(8, 2)).unwrap();
    assert!(first.stats.len() > 1, "{:?}", first.stats);
    assert_eq!(
        decide_first(&chess, Side::White, &Settings::new(8, 2)),
        Some(first)
    );
    let today = decide(&chess, Side::White, &Settings::new(3, 2)).unwrap();
    assert_eq!(today.stats.len(), 1, "{:?}", today.stats);
    // It plays in the arena (a game cut after a few answers and adjudicated).
    let mut m = Match::new(VariantId::Wickets, Player::First, Player::Random, 1, 4);
    m.max_answers = 8;
    let mut summary = Summary::default();
    let r = play_game(&m, 0, &mut summary).unwrap();
    assert!(r.answers > 0);
}

#[test]
fn an_opening_that_ends_the_game_is_drawn_again() {
    // Wand Chess, arena seed 2: the four random opening answers of game 2 zapped a
    // king (the game ended "after 4 answers" before either player moved). Such an
    // opening is drawn again, so the players decide every game.
    let mut m = Match::new(VariantId::Wand, Player::Random, Player::Random, 40, 2);
    m.alternate = true;
    m.opening_plies = 4;
    m.max_answers = 6;
    let mut summary = Summary::default();
    for i in 0..m.games {
        let r = play_game(&m, i, &mut summary).unwrap();
        assert!(r.answers > 4, "game {}: ended in its opening", i + 1);
    }
}

/// Wizard Walls has no hidden information and no chance, so from level 3 up the
/// computer searches it by alpha-beta, whole turns at a time, with a budget weighed
/// for its dearer nodes; a game stored under the first ladder keeps the tree search.
#[test]
fn wizard_walls_is_searched_by_alpha_beta_and_takes_a_winning_turn() {
    use arcana::variants::Outcome;
    for v in [VariantId::Walls, VariantId::WallsFull] {
        let game = Game::new(v, &Options::new(), 3).unwrap();
        assert!(game.perfect_information(), "{v}");
    }
    // Play on (level 3 against itself: one turn ahead, the best) until the side asked
    // can win at once.
    let mut found = 0;
    let mut deep = 0;
    for seed in 0..40u64 {
        let mut game = Game::new(VariantId::Walls, &Options::new(), seed).unwrap();
        for i in 0..60u64 {
            let Some(ask) = game.ask() else { break };
            let side = ask.side;
            // Whole turns that win, among those the engine lists.
            let arcana::variants::VariantState::Walls(walls) = game.state() else {
                unreachable!()
            };
            let wins: Vec<String> = arcana::variants::walls::eval::candidates(&walls.0)
                .into_iter()
                .filter(|t| {
                    let mut g = game.clone();
                    g.play(side, t).is_ok()
                        && matches!(g.outcome(), Some(Outcome::Win { winner, .. }) if winner == side)
                })
                .collect();
            if !wins.is_empty() && game.legal_texts().len() > 1 {
                for level in [4, 8] {
                    let d = decide(&game, side, &Settings::new(level, seed)).unwrap();
                    let mut g = game.clone();
                    g.play(side, &d.text).unwrap();
                    assert!(
                        matches!(g.outcome(), Some(Outcome::Win { winner, .. }) if winner == side),
                        "seed {seed} level {level}: {} instead of one of {wins:?}",
                        d.text
                    );
                    // Alpha-beta: one answer with its depth, within the weighed budget
                    // of Wizard Walls' own table (level 4 searches with level 3's 2,500
                    // Walls nodes), which finishes depth 2: the opponent's answers are
                    // seen (chess's 1,500 nodes, 250 here, never finished it). Level 4
                    // draws half its turns among the sound ones instead (its plan): a
                    // drawn turn lists the root's answers, and a winning turn is the
                    // only sound one.
                    if d.stats.len() > 1 {
                        assert_eq!(level, 4, "{:?}", d.stats);
                        continue;
                    }
                    let nodes = match level {
                        4 => 15_000,
                        _ => arcana::engine::alpha_beta_nodes(level, false).unwrap(),
                    };
                    assert!(
                        u64::from(d.iterations) <= nodes / 6 + 64,
                        "{}",
                        d.iterations
                    );
                }
                // Stored under the first ladder, the top level keeps the tree search.
                let mut old = Settings::new(8, seed);
                old.first_ladder = true;
                let d = decide(&game, side, &old).unwrap();
                assert!(d.stats.len() > 1, "{:?}", d.stats);
                found += 1;
                break;
            }
            if wins.is_empty() && i % 8 == 6 && game.outcome().is_none() {
                // Play goes on: level 4's search (level 3's budget) finishes depth 2
                // (its answer is chosen with the opponent's replies seen), which
                // chess's 1,500 nodes (250 Walls nodes) never did. Level 4 draws half
                // its turns instead (its plan): the first of its seeds that searches.
                let d = (0..20u64)
                    .map(|k| decide(&game, side, &Settings::new(4, seed * 100 + i + k * 7919)))
                    .map(Option::unwrap)
                    .find(|d| d.stats.len() == 1 && d.iterations > 1)
                    .unwrap();
                assert!(d.stats[0].1 >= 2, "seed {seed} answer {i}: {:?}", d.stats);
                deep += 1;
            }
            let d = decide(&game, side, &Settings::new(3, seed * 100 + i)).unwrap();
            game.play(side, &d.text).unwrap();
        }
        if found >= 3 {
            break;
        }
    }
    assert!(found >= 3, "positions with a winning turn found: {found}");
    assert!(deep >= 3, "positions searched at level 4: {deep}");
}

/// Each game's levels follow its plan (`Rules::level_plan`): chess and Sorchess keep
/// the plain ladder their ratings were measured on; where the budgets alone do not
/// space the levels, a level draws a share of its answers one move ahead instead of
/// searching. Level 1 only draws, level 8 never does, and from the default level up a
/// drawn answer is a sound one.
#[test]
fn each_game_s_levels_follow_its_plan() {
    use arcana::engine::{plan, DEFAULT_LEVEL, LEVELS};
    for v in VariantId::available() {
        let game = Game::new(v, &Options::new(), 1).unwrap();
        let plans: Vec<_> = LEVELS.map(|l| plan(&game, l, false)).collect();
        assert_eq!(plans[0].stray, 1.0, "{v}");
        assert_eq!((plans[7].search, plans[7].stray), (8, 0.0), "{v}");
        for (level, p) in LEVELS.zip(&plans) {
            assert!((0.0..=1.0).contains(&p.stray), "{v} {level}: {p:?}");
            assert!(LEVELS.contains(&p.search), "{v} {level}: {p:?}");
            if level >= DEFAULT_LEVEL && p.stray > 0.0 {
                assert!(p.sound, "{v} {level}: {p:?}");
            }
        }
        for w in plans.windows(2) {
            assert!(w[1].search >= w[0].search, "{v}: {w:?}");
            // No two levels share a plan.
            assert_ne!(w[0], w[1], "{v}");
        }
        // A game stored under the first ladder keeps the plain plan it was played with.
        for level in LEVELS {
            let p = plan(&game, level, true);
            assert_eq!(p.search, level, "{v}");
            assert_eq!(p.stray, if level == 1 { 1.0 } else { 0.0 }, "{v}");
        }
        let plain = matches!(v, VariantId::Standard | VariantId::Sorchess);
        assert_eq!(
            plans == LEVELS.map(|l| plan(&game, l, true)).collect::<Vec<_>>(),
            plain,
            "{v}"
        );
    }
}

/// A level that draws a share of its answers draws about that share, by its own seed:
/// the same seed gives the same answer, and a drawn answer is a sound one.
#[test]
fn a_level_draws_its_share_of_answers_by_its_seed() {
    use arcana::engine::plan;
    let mut game = Game::new(VariantId::Spell, &Options::new(), 2).unwrap();
    for i in 0..6 {
        let side = game.ask().unwrap().side;
        let d = decide(&game, side, &Settings::new(3, i)).unwrap();
        game.play(side, &d.text).unwrap();
    }
    let side = game.ask().unwrap().side;
    let level = 6;
    let share = plan(&game, level, false).stray;
    assert!(share > 0.0 && share < 1.0, "{share}");
    let seeds = 80u64;
    let mut drawn = 0;
    let mut searched = 0;
    for seed in 0..seeds {
        let d = decide(&game, side, &Settings::new(level, seed)).unwrap();
        assert_eq!(d, decide(&game, side, &Settings::new(level, seed)).unwrap());
        game.clone().play(side, &d.text).unwrap();
        // A drawn answer is level 1's single look ahead; the search runs on.
        if d.iterations == 1 {
            drawn += 1;
        } else {
            searched += 1;
        }
    }
    let expected = share * seeds as f64;
    assert!(
        (f64::from(drawn) - expected).abs() <= 0.5 * expected,
        "{drawn} drawn of {seeds}, {searched} searched, share {share}"
    );
    // Stored under the first ladder, the level searches every answer.
    let mut old = Settings::new(level, 1);
    old.first_ladder = true;
    for seed in 0..10 {
        old.seed = seed;
        assert!(decide(&game, side, &old).unwrap().iterations > 1);
    }
}

/// The top level's answer in a crowded midgame of Chess with Wickets (its every answer
/// may throw the ball or play a card) ran past its 2 s by its iterations alone: its
/// work budget (`engine::work_budget`, counted, not timed) stops it sooner, the same way
/// every time, with a legal answer; an opening position plays its whole budget.
#[test]
fn the_top_level_stops_within_its_work_the_same_way_every_time() {
    let level = *arcana::engine::LEVELS.end();
    let game = midgames::midgame(VariantId::Wickets);
    let side = game.ask().unwrap().side;
    let a = decide(&game, side, &Settings::new(level, 1)).unwrap();
    let b = decide(&game, side, &Settings::new(level, 1)).unwrap();
    assert_eq!(a, b, "the same seed, the same answer");
    assert!(a.iterations > 100, "{}", a.iterations);
    assert!(
        a.iterations < arcana::engine::iterations(level),
        "{}",
        a.iterations
    );
    game.clone().play(side, &a.text).unwrap();
    // An ordinary position stays within its work: the budget of iterations decides.
    let start = Game::new(VariantId::Spell, &Options::new(), 1).unwrap();
    let mut full = Settings::new(level, 1);
    full.full_budget = true;
    let d = decide(&start, Side::White, &full).unwrap();
    assert_eq!(d.iterations, arcana::engine::iterations(level));
}

/// Wizard Walls' set-up answer at the default and top levels: searched among the
/// bounded list of set-ups (`walls::eval::setup_candidates`), the same every time.
#[test]
fn the_walls_set_up_answer_is_among_the_bounded_list_and_replays() {
    use arcana::variants::walls::eval::{setup_candidates, SETUP_LISTED};
    use arcana::variants::VariantState;
    for v in [VariantId::Walls, VariantId::WallsFull] {
        let game = Game::new(v, &Options::new(), 3).unwrap();
        let listed = match game.state() {
            VariantState::Walls(w) => setup_candidates(&w.0),
            VariantState::WallsFull(w) => setup_candidates(&w.0),
            _ => unreachable!(),
        };
        assert_eq!(listed.len(), SETUP_LISTED, "{v}");
        for level in [6, 8] {
            let a = decide(&game, Side::White, &Settings::new(level, 2)).unwrap();
            let b = decide(&game, Side::White, &Settings::new(level, 2)).unwrap();
            assert_eq!(a, b, "{v} level {level}");
            assert!(listed.contains(&a.text), "{v} level {level}: {}", a.text);
        }
    }
}
