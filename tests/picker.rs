//! The move picker (issue 28): over 1,000 random positions of every game, every legal
//! answer is reachable in at most four choices through menus Discord can show, each
//! complete path gives one answer the game accepts; labels read as a person would
//! say them; bad paths are refused without a panic.

use arcana::i18n::Lang;
use arcana::variants::picker::{Pick, PickError, Picker, MENUS, MENU_OPTIONS};
use arcana::variants::{Game, Options, Question, VariantId};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{HashMap, HashSet};

const POSITIONS: usize = 1000;
const MAX_CHOICES: usize = 4;
const LABEL: usize = 40;

const WICKETS_METHODS: [&str; 6] = [
    "cards",
    "cards2",
    "dice",
    "dice2",
    "deterministic",
    "deterministic2",
];

/// One game to check: its variant and the options of the game started with `seed`.
struct Kind {
    variant: VariantId,
    options: fn(u64) -> Options,
}

fn none(_: u64) -> Options {
    Options::new()
}

fn opt(name: &str, value: &str) -> Options {
    [(name.to_string(), value.to_string())].into()
}

fn kinds() -> Vec<(&'static str, Kind)> {
    let k = |variant, options| Kind { variant, options };
    vec![
        ("standard", k(VariantId::Standard, none)),
        ("spell", k(VariantId::Spell, none)),
        ("sorchess", k(VariantId::Sorchess, none)),
        ("wand", k(VariantId::Wand, |_| opt("wands", "rolled"))),
        (
            "wand moderated",
            k(VariantId::Wand, |_| opt("wands", "moderated")),
        ),
        ("walls", k(VariantId::Walls, none)),
        ("walls-full", k(VariantId::WallsFull, none)),
        (
            "wickets",
            k(VariantId::Wickets, |seed| {
                opt("decision", WICKETS_METHODS[(seed % 6) as usize])
            }),
        ),
    ]
}

/// A random legal answer, preferring (in Wickets) throws into a wicket and captures, so
/// that cards, sacrifices, ball squares and new Defenders come up.
fn random_answer(game: &Game, texts: &[String], rng: &mut ChaCha8Rng) -> String {
    if game.variant() == VariantId::Wickets {
        let keen: Vec<&String> = texts
            .iter()
            .filter(|t| t.contains("w9") || t.contains("w0") || t.contains(':'))
            .collect();
        if !keen.is_empty() && rng.gen_bool(0.6) {
            return keen[rng.gen_range(0..keen.len())].clone();
        }
    }
    texts[rng.gen_range(0..texts.len())].clone()
}

/// `count` positions reached by random legal play from seeded games: every few plies,
/// and every question other than a move (setups, throws, cards, sacrifices...).
fn positions(kind: &Kind, count: usize) -> Vec<Game> {
    let mut out = Vec::with_capacity(count);
    let mut seed = 0u64;
    while out.len() < count {
        let mut game = Game::new(kind.variant, &(kind.options)(seed), seed).expect("game");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for ply in 0..160u64 {
            let Some(ask) = game.ask() else { break };
            if (ply + seed).is_multiple_of(4) || ask.question != Question::Move {
                out.push(game.clone());
                if out.len() == count {
                    break;
                }
            }
            let texts = game.typed_texts();
            let text = random_answer(&game, &texts, &mut rng);
            game.play(ask.side, &text)
                .unwrap_or_else(|e| panic!("legal `{text}` refused: {e}"));
        }
        seed += 1;
    }
    out
}

/// Every complete path of the picker, with its answer, checking each step's menus.
fn walk(picker: &Picker, path: &mut Vec<u16>, out: &mut Vec<(Vec<u16>, String)>) {
    let pick = picker
        .pick(path)
        .unwrap_or_else(|e| panic!("path {path:?}: {e}"));
    if let Some(answer) = pick.answer {
        assert!(pick.menus.is_empty());
        out.push((path.clone(), answer));
        return;
    }
    assert!(
        !pick.menus.is_empty() && pick.menus.len() <= MENUS,
        "{path:?}: {} menus",
        pick.menus.len()
    );
    let offered: usize = pick.menus.iter().map(|m| m.options.len()).sum();
    assert!(offered >= 2, "{path:?}: a choice of one was not taken");
    assert!(!pick.question.is_empty());
    let mut values = HashSet::new();
    let mut labels = HashSet::new();
    for menu in &pick.menus {
        assert!(
            !menu.options.is_empty() && menu.options.len() <= MENU_OPTIONS,
            "{path:?}"
        );
        assert!(!menu.placeholder.is_empty() && menu.placeholder.chars().count() <= 100);
        for c in &menu.options {
            assert!(values.insert(c.value), "{path:?}: value {} twice", c.value);
            assert!(
                labels.insert(c.label.clone()),
                "{path:?}: `{}` twice",
                c.label
            );
            assert!(
                !c.label.is_empty() && c.label.chars().count() <= LABEL,
                "{path:?}: label `{}`",
                c.label
            );
        }
    }
    for menu in &pick.menus {
        for c in &menu.options {
            path.push(c.value);
            walk(picker, path, out);
            path.pop();
        }
    }
}

/// The checks of one position; returns the most choices any answer needs.
fn check_position(game: &Game, play_all: bool, rng: &mut ChaCha8Rng) -> usize {
    let picker = game.picker_tree();
    let mut paths = Vec::new();
    walk(&picker, &mut Vec::new(), &mut paths);
    let fen = game.fen();
    let typed = game.typed_texts();
    let mut reached: HashMap<&str, &[u16]> = HashMap::new();
    for (path, answer) in &paths {
        assert!(
            path.len() <= MAX_CHOICES,
            "{fen}: `{answer}` takes {} choices",
            path.len()
        );
        let before = reached.insert(answer.as_str(), path.as_slice());
        assert!(before.is_none(), "{fen}: `{answer}` reached twice");
    }
    for t in &typed {
        assert!(
            reached.contains_key(t.as_str()),
            "{fen}: `{t}` not reachable"
        );
    }
    // Offered beyond the typed texts (whole Wizard Walls turns): a sample is played,
    // and every answer in some positions.
    let typed: HashSet<&String> = typed.iter().collect();
    let side = game.ask().expect("asked").side;
    for (_, answer) in &paths {
        if play_all || (!typed.contains(answer) && rng.gen_bool(0.01)) {
            let mut g = game.clone();
            g.play(side, answer)
                .unwrap_or_else(|e| panic!("{fen}: picked `{answer}` refused: {e}"));
        }
    }
    // The one-call form gives what the tree gives; in German the same paths lead to
    // the same answers, within the same limits.
    if play_all {
        assert_eq!(game.picker(&[]), picker.pick(&[]));
        let mut german = Vec::new();
        walk(&game.picker_tree_in(Lang::De), &mut Vec::new(), &mut german);
        assert_eq!(german, paths, "{fen}: the German picker differs in shape");
    }
    paths.iter().map(|(p, _)| p.len()).max().unwrap_or(0)
}

/// Issue 28's acceptance for one game: 100% of legal answers within four choices, for
/// 1,000 random positions.
fn every_answer_within_four_choices(name: &str) {
    let mut rng = ChaCha8Rng::seed_from_u64(28);
    let kind = kinds()
        .into_iter()
        .find(|(n, _)| *n == name)
        .map(|(_, k)| k)
        .expect("kind");
    let clock = std::time::Instant::now();
    let games = positions(&kind, POSITIONS);
    let mut questions: HashMap<String, usize> = HashMap::new();
    let mut most = 0;
    for (i, game) in games.iter().enumerate() {
        let q = game.ask().expect("asked").question;
        *questions.entry(format!("{q:?}")).or_default() += 1;
        most = most.max(check_position(game, i % 100 == 0, &mut rng));
    }
    eprintln!(
        "{name}: {} positions, {questions:?}, at most {most} choices, {:?}",
        games.len(),
        clock.elapsed()
    );
    if kind.variant == VariantId::Wickets {
        for q in [Question::Throw, Question::NewDefender, Question::BallSquare] {
            assert!(
                questions.contains_key(&format!("{q:?}")),
                "{name}: {q:?} never came up"
            );
        }
    }
}

#[test]
fn chess_answers_within_four_choices() {
    every_answer_within_four_choices("standard");
}

#[test]
fn spell_answers_within_four_choices() {
    every_answer_within_four_choices("spell");
}

#[test]
fn sorchess_answers_within_four_choices() {
    every_answer_within_four_choices("sorchess");
}

#[test]
fn wand_answers_within_four_choices() {
    every_answer_within_four_choices("wand");
}

#[test]
fn wand_moderated_answers_within_four_choices() {
    every_answer_within_four_choices("wand moderated");
}

#[test]
fn walls_answers_within_four_choices() {
    every_answer_within_four_choices("walls");
}

#[test]
fn walls_full_answers_within_four_choices() {
    every_answer_within_four_choices("walls-full");
}

#[test]
fn wickets_answers_within_four_choices() {
    every_answer_within_four_choices("wickets");
}

// Cards and sacrifices come up rarely in random play: many more Wickets games, each of
// their decisions checked.
#[test]
fn wickets_decisions_within_four_choices() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut seen: HashMap<String, usize> = HashMap::new();
    for seed in 0..900u64 {
        let method = WICKETS_METHODS[(seed % 6) as usize];
        let mut game = Game::new(VariantId::Wickets, &opt("decision", method), seed).expect("game");
        let mut play = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..120 {
            let Some(ask) = game.ask() else { break };
            if matches!(ask.question, Question::Card | Question::Sacrifice) {
                *seen.entry(format!("{:?}", ask.question)).or_default() += 1;
                check_position(&game, true, &mut rng);
            }
            let texts = game.typed_texts();
            let text = random_answer(&game, &texts, &mut play);
            game.play(ask.side, &text).expect("legal");
        }
    }
    eprintln!("wickets decisions: {seen:?}");
    assert!(seen.get("Card").copied().unwrap_or(0) >= 20, "{seen:?}");
    assert!(
        seen.get("Sacrifice").copied().unwrap_or(0) >= 10,
        "{seen:?}"
    );
}

// Bad paths are refused with a reason, never a panic.
#[test]
fn bad_paths_are_refused() {
    let game = Game::new(VariantId::Standard, &Options::new(), 1).expect("game");
    assert!(matches!(
        game.picker(&[500]),
        Err(PickError::NoSuchOption { choice: 1, .. })
    ));
    assert!(game.picker(&[u16::MAX, 0, 0, 0, 0]).is_err());
    let knight = index_of(&game.picker(&[]).expect("root"), "Knight g1");
    let done = game.picker(&[knight, 0]).expect("a knight move");
    assert!(done.answer.is_some());
    let long = game.picker(&[knight, 0, 0]);
    assert!(
        matches!(long, Err(PickError::TooLong { complete: 2, .. })),
        "{long:?}"
    );
    let e = game.picker(&[knight, 9]).expect_err("two targets");
    assert_eq!(e.to_string(), "choice 2 has no option 9 (it offers 2)");
    let mut over = game.clone();
    over.finish(arcana::variants::Outcome::draw(arcana::i18n::Msg::new(
        "reason-agreement",
    )));
    assert_eq!(over.picker(&[]), Err(PickError::NothingAsked));
    // Every variant, random paths of random length: an answer, a choice or an error.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for (_, kind) in kinds() {
        for game in positions(&kind, 30) {
            for _ in 0..30 {
                let len = rng.gen_range(0..7);
                let path: Vec<u16> = (0..len).map(|_| rng.gen_range(0..120)).collect();
                let _ = game.picker(&path);
            }
        }
    }
}

/// The index of the option labelled `label`.
fn index_of(pick: &Pick, label: &str) -> u16 {
    pick.menus
        .iter()
        .flat_map(|m| &m.options)
        .find(|c| c.label == label)
        .map(|c| c.value)
        .unwrap_or_else(|| {
            let all: Vec<&str> = pick
                .menus
                .iter()
                .flat_map(|m| &m.options)
                .map(|c| c.label.as_str())
                .collect();
            panic!("no option `{label}` in {all:?}")
        })
}

/// Follows `labels` from the start of the picker (a label already taken for the player,
/// as the only option, is passed over): the pick at the end, whose `chosen` is `labels`.
fn follow(game: &Game, labels: &[&str]) -> Pick {
    let mut path = Vec::new();
    for (i, label) in labels.iter().enumerate() {
        let pick = game.picker(&path).expect("pick");
        if pick.chosen.get(i).map(String::as_str) == Some(*label) {
            continue;
        }
        path.push(index_of(&pick, label));
    }
    let pick = game.picker(&path).expect("pick");
    assert_eq!(pick.chosen, labels);
    pick
}

fn start(variant: VariantId, options: Options, moves: &[&str]) -> Game {
    let mut game = Game::new(variant, &options, 3).expect("game");
    for m in moves {
        let side = game.ask().expect("asked").side;
        game.play(side, m)
            .unwrap_or_else(|e| panic!("`{m}` refused: {e}"));
    }
    game
}

#[test]
fn chess_reads_piece_then_target() {
    let game = start(VariantId::Standard, Options::new(), &[]);
    let root = game.picker(&[]).expect("root");
    assert_eq!(root.question, "Which piece?");
    assert!(root.chosen.is_empty() && root.answer.is_none());
    let pick = follow(&game, &["Knight g1", "f3"]);
    assert_eq!(pick.answer.as_deref(), Some("Ng1-f3"));
    assert_eq!(pick.chosen, ["Knight g1", "f3"]);
    let pawn = follow(&game, &["Pawn e2"]);
    assert_eq!(pawn.question, "Where to?");
}

#[test]
fn a_promotion_is_a_last_choice() {
    let game = Game::from_fen(
        VariantId::Standard,
        "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1",
        &Options::new(),
        0,
    )
    .expect("fen");
    let pick = follow(&game, &["Pawn e7", "takes d8", "Knight"]);
    assert_eq!(pick.answer.as_deref(), Some("e7:d8=N"));
    let promote = follow(&game, &["Pawn e7", "e8"]);
    assert_eq!(promote.question, "Promote to?");
}

fn pick_index(game: &Game, label: &str) -> u16 {
    index_of(&game.picker(&[]).expect("root"), label)
}

/// The labels of every option of a pick.
fn labels(pick: &Pick) -> Vec<String> {
    pick.menus
        .iter()
        .flat_map(|m| &m.options)
        .map(|c| c.label.clone())
        .collect()
}

/// A position of random play (as in the big test) whose question is `q`.
fn find(kind: &Kind, q: Question) -> Game {
    for seed in 0..900u64 {
        let mut game = Game::new(kind.variant, &(kind.options)(seed), seed).expect("game");
        let mut play = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..160 {
            let Some(ask) = game.ask() else { break };
            if ask.question == q {
                return game;
            }
            let texts = game.typed_texts();
            let text = random_answer(&game, &texts, &mut play);
            game.play(ask.side, &text).expect("legal");
        }
    }
    panic!("no {q:?} position")
}

#[test]
fn spell_chess_chooses_the_spell_last() {
    let game = start(VariantId::Spell, Options::new(), &[]);
    let pick = follow(&game, &["Pawn e2", "e4", "freeze e7"]);
    assert_eq!(pick.answer.as_deref(), Some("e2-e4 (freeze e7)"));
    let spells = labels(&follow(&game, &["Knight g1", "f3"]));
    assert_eq!(spells[0], "no spell");
    assert!(spells.iter().any(|l| l == "jump e2"), "{spells:?}");
    // A turn that leaves the king capturable is typed with `!`, and its label says why.
    let game = start(VariantId::Spell, Options::new(), &["e4", "e5", "Qh5"]);
    let pick = follow(
        &game,
        &["Pawn f7", "f6", "no spell (leaves king capturable)"],
    );
    assert_eq!(pick.answer.as_deref(), Some("f7-f6!"));
}

#[test]
fn sorchess_enters_the_wizard_from_a_rook() {
    let game = start(VariantId::Sorchess, Options::new(), &[]);
    let pick = follow(&game, &["Wizard from rook h1", "g4"]);
    assert_eq!(pick.answer.as_deref(), Some("Wh1-g4"));
    // The only target of that rook's Wizard is taken for the player.
    assert_eq!(
        game.picker(&[pick_index(&game, "Wizard from rook h1")]),
        Ok(pick)
    );
}

#[test]
fn wand_chess_zaps_and_teleports() {
    let game = start(VariantId::Wand, Options::new(), &[]);
    let root = game.picker(&[]).expect("root");
    assert_eq!(root.question, "Which piece moves, or which wand zaps?");
    let pick = follow(&game, &["Zap with wand e2", "at itself (e2)"]);
    assert_eq!(pick.answer.as_deref(), Some("Ze2:e2"));
    assert_eq!(
        follow(&game, &["Knight g1", "f3"]).answer.as_deref(),
        Some("Ng1-f3")
    );
    let kind = Kind {
        variant: VariantId::Wand,
        options: none,
    };
    let game = find(&kind, Question::TeleportSquare);
    let squares = labels(&game.picker(&[]).expect("teleport"));
    let square = squares[0].strip_prefix("teleport to ").expect("label");
    let pick = follow(&game, &[&squares[0]]);
    assert_eq!(pick.answer.as_deref(), Some(square));
}

#[test]
fn wizard_walls_setup_and_two_action_turns() {
    let game = start(VariantId::Walls, Options::new(), &[]);
    let root = game.picker(&[]).expect("root");
    assert_eq!(root.question, "First wall?");
    let pick = follow(&game, &["wall on f3", "wall on c4", "wall on d5"]);
    assert_eq!(pick.answer.as_deref(), Some("@f3 @c4 @d5"));
    let game = start(
        VariantId::Walls,
        Options::new(),
        &["@c4 @d5 @f3", "@c3 @d4 @f5"],
    );
    let pick = follow(&game, &["Bishop c1", "Knight d2", "Rook a1"]);
    assert_eq!(pick.answer.as_deref(), Some("B@c1 N@d2 R@a1"));
    let game = start(
        VariantId::Walls,
        Options::new(),
        &[
            "@c4 @d5 @f3",
            "@c3 @d4 @f5",
            "B@c1 N@d2 R@a1",
            "B@c8 N@d7 R@a8",
        ],
    );
    let pick = follow(
        &game,
        &["Knight d2", "move to b3", "then Rook a1", "move to a2"],
    );
    assert_eq!(pick.answer.as_deref(), Some("Nd2-b3 Ra1-a2"));
    let pick = follow(&game, &["Knight d2", "wall on e2", "end the turn"]);
    assert_eq!(pick.answer.as_deref(), Some("Nd2+e2"));
    let pick = follow(&game, &["pass (no action)"]);
    assert_eq!(pick.answer.as_deref(), Some("pass"));
    // Full: a team by what it holds.
    let game = start(
        VariantId::WallsFull,
        Options::new(),
        &["@c4 @d5 @f3", "@c3 @d4 @f5"],
    );
    let pick = follow(&game, &["Queen, 2 Pawns"]);
    assert_eq!(pick.answer.as_deref(), Some("Q@a1 P@b1 P@c1"));
}

#[test]
fn wickets_throws_cards_sacrifices_and_defenders() {
    let wickets = |method: &'static str| Kind {
        variant: VariantId::Wickets,
        options: match method {
            "cards" => |_| opt("decision", "cards"),
            _ => |_| opt("decision", "deterministic"),
        },
    };
    let game = start(VariantId::Wickets, Options::new(), &[]);
    assert_eq!(
        follow(&game, &["Knight g1", "f3"]).answer.as_deref(),
        Some("Ng1-f3")
    );
    let game = find(&wickets("cards"), Question::Throw);
    let options = labels(&game.picker(&[]).expect("throw"));
    assert!(
        options.iter().any(|l| l == "keep the ball (decline)"),
        "{options:?}"
    );
    let decline = follow(&game, &["keep the ball (decline)"]);
    assert_eq!(decline.answer.as_deref(), Some("decline"));
    let throw = options
        .iter()
        .find(|l| l.starts_with("throw to "))
        .expect("a throw");
    let square = throw.strip_prefix("throw to ").expect("square");
    assert_eq!(follow(&game, &[throw]).answer.as_deref(), Some(square));
    let game = find(&wickets("cards"), Question::NewDefender);
    let options = labels(&game.picker(&[]).expect("defender"));
    let pick = follow(&game, &[&options[0]]);
    let answer = pick.answer.expect("answer");
    assert!(answer.starts_with("defender "), "{answer}");
    assert!(
        options[0].ends_with(&answer[answer.len() - 2..]),
        "{options:?}"
    );
}

/// A Wickets position whose question is `q`, over the decision methods.
fn wickets_decision(q: Question) -> Game {
    let kind = Kind {
        variant: VariantId::Wickets,
        options: |seed| opt("decision", WICKETS_METHODS[(seed % 6) as usize]),
    };
    find(&kind, q)
}

#[test]
fn wickets_cards_and_sacrifices_read_as_said() {
    let game = wickets_decision(Question::Card);
    let cards = labels(&game.picker(&[]).expect("cards"));
    assert!(
        cards.iter().all(|l| l.contains(" of ") || l == "decline"),
        "{cards:?}"
    );
    let answer = follow(&game, &[&cards[0]]).answer.expect("card");
    assert!(answer.starts_with("card "), "{answer}");
    let game = wickets_decision(Question::Sacrifice);
    let mut path = Vec::new();
    let mut chosen = Vec::new();
    loop {
        let pick = game.picker(&path).expect("pick");
        if let Some(answer) = pick.answer {
            assert!(answer.starts_with("sacrifice "), "{answer}");
            for (label, cell) in chosen.iter().zip(answer.split_whitespace().skip(1)) {
                let label: &String = label;
                assert!(label.ends_with(cell), "{label} for {cell}");
            }
            break;
        }
        let first = &pick.menus[0].options[0];
        assert!(first.label.contains(' '), "{}", first.label);
        chosen.push(first.label.clone());
        path.push(first.value);
    }
}

/// The picker in German (issue 28, localization): questions and labels from the German
/// catalog, notation (squares, spells as typed) untouched, the answers the same.
#[test]
fn the_picker_speaks_the_players_language() {
    let chess = start(VariantId::Standard, Options::new(), &[]);
    let root = chess.picker_in(&[], Lang::De).expect("root");
    assert_eq!(root.question, "Welche Figur?");
    let all = labels(&root);
    assert!(all.contains(&"Springer g1".to_string()), "{all:?}");
    assert!(all.contains(&"Bauer e2".to_string()), "{all:?}");
    let knight = index_of(&root, "Springer g1");
    let next = chess.picker_in(&[knight], Lang::De).expect("knight");
    assert_eq!(next.question, "Wohin?");
    assert_eq!(next.chosen, ["Springer g1"]);
    let f3 = index_of(&next, "f3");
    let done = chess.picker_in(&[knight, f3], Lang::De).expect("f3");
    assert_eq!(done.answer.as_deref(), Some("Ng1-f3"));
    assert_eq!(done.question, "Ng1-f3 spielen?");
    // The same path in English gives the same answer in English words.
    let en = chess.picker(&[knight, f3]).expect("f3");
    assert_eq!(en.answer, done.answer);
    assert_eq!(en.chosen, ["Knight g1", "f3"]);
    // A Spell Chess turn: the spell choice in German, the spell as typed.
    let spell = start(VariantId::Spell, Options::new(), &[]);
    let pawn = index_of(&spell.picker_in(&[], Lang::De).expect("root"), "Bauer e2");
    let e4 = index_of(&spell.picker_in(&[pawn], Lang::De).expect("pawn"), "e4");
    let spells = spell.picker_in(&[pawn, e4], Lang::De).expect("spell");
    assert_eq!(spells.question, "Welcher Zauber?");
    let offered = labels(&spells);
    assert!(offered.contains(&"kein Zauber".to_string()), "{offered:?}");
    assert!(
        offered.iter().any(|l| l.starts_with("freeze ")),
        "{offered:?}"
    );
}
