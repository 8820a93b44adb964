//! The contract's defaults and the variant list.

use super::*;

// The default perft (playing every answer) counts what the variants' own fast
// counting counts.
#[test]
fn default_perft_agrees_with_the_variants_own() {
    for v in [VariantId::Standard, VariantId::Sorchess] {
        let game = Game::new(v, &Options::new(), 0).expect("game");
        struct ByAnswers(u32);
        impl RulesVisitor for ByAnswers {
            type Output = u64;
            fn visit<R: Rules>(self, rules: &R) -> u64 {
                perft_by_answers(rules, self.0)
            }
        }
        assert_eq!(game.visit(ByAnswers(3)), game.perft(3), "{v}");
    }
    let game = Game::new(VariantId::Standard, &Options::new(), 0).expect("game");
    assert_eq!(game.perft(3), 8902);
}

// Each variant declares its data; the list derives ids and names from it.
#[test]
fn the_variant_list_declares_every_variant() {
    let ids: Vec<&str> = VariantId::ALL.iter().map(|v| v.id()).collect();
    assert_eq!(
        ids,
        [
            "standard",
            "wand",
            "walls",
            "walls-full",
            "wickets",
            "spell",
            "sorchess"
        ]
    );
    for v in VariantId::ALL {
        assert_eq!(VariantId::parse(v.id()), Some(v));
        assert_eq!(
            serde_json::to_value(v).expect("json"),
            serde_json::json!(v.id())
        );
        assert!(
            rules_text(v).contains(&format!("**{}", v.name().split(" (").next().unwrap_or(""))),
            "{v}"
        );
    }
    assert_eq!(VariantId::WallsFull.name(), "Wizard Walls (Full)");
    assert_eq!(VariantId::WallsFull.timeout_answer(), Some("pass"));
    assert_eq!(VariantId::Wand.timeout_answer(), None);
    assert!(max_answer_words() >= 12);
}

// Each variant's options are declared as data: unique names, each default one of its
// choices, and every declared value starts a game.
#[test]
fn declared_options_are_well_formed() {
    for v in VariantId::ALL {
        let decls = v.options();
        for (i, d) in decls.iter().enumerate() {
            assert!(
                decls[..i].iter().all(|e| e.name != d.name),
                "{v} {}",
                d.name
            );
            assert!(
                !d.description.is_empty() && !d.choices.is_empty(),
                "{v} {}",
                d.name
            );
            assert_eq!(d.name, d.name.to_ascii_lowercase(), "{v}");
            assert!(d.choice(d.default).is_some(), "{v} {}: default", d.name);
            for c in d.choices {
                assert_eq!(c.value, c.value.to_ascii_lowercase(), "{v}");
                assert!(!c.description.is_empty(), "{v} {}", c.value);
                let options: Options = [(d.name.to_string(), c.value.to_string())].into();
                let game = Game::new(v, &options, 7);
                assert!(game.is_ok(), "{v} {}:{}: {game:?}", d.name, c.value);
            }
        }
    }
    assert_eq!(VariantId::Standard.options(), &[]);
    assert_eq!(VariantId::Wand.options()[0].name, "wands");
    assert_eq!(VariantId::Wickets.options()[0].name, "decision");
}

// A declared default is what a game that does not give the option plays: giving the
// default explicitly starts the same game.
#[test]
fn declared_defaults_are_what_games_play() {
    for v in VariantId::ALL {
        let plain = Game::new(v, &Options::new(), 11).expect("game");
        assert!(plain.options().is_empty(), "{v}: nothing written in");
        let defaults: Options = v
            .options()
            .iter()
            .map(|d| (d.name.to_string(), d.default.to_string()))
            .collect();
        let explicit = Game::new(v, &defaults, 11).expect("game");
        assert_eq!(plain.state(), explicit.state(), "{v}");
        assert_eq!(plain.uses_randomness(), explicit.uses_randomness(), "{v}");
    }
}

// THE check: every variant refuses an undeclared option and a value that is not one of
// its choices, in `new` and in `from_fen`, with one line naming the option and what is
// allowed.
#[test]
fn every_variant_checks_its_options_with_the_one_check() {
    for v in VariantId::ALL {
        let fen = Game::new(v, &Options::new(), 1).expect("game").fen();
        let bogus: Options = [("colour".to_string(), "x".to_string())].into();
        let why = check_options(v.name(), v.options(), &bogus).expect_err("undeclared");
        assert!(
            why.to_string().starts_with(v.name()) && why.to_string().contains("`colour`"),
            "{why}"
        );
        assert_eq!(Game::new(v, &bogus, 1).err(), Some(why.clone()), "{v}");
        assert_eq!(Game::from_fen(v, &fen, &bogus, 1).err(), Some(why), "{v}");
        for d in v.options() {
            let bad: Options = [(d.name.to_string(), "nonsense".to_string())].into();
            let why = Game::new(v, &bad, 1).expect_err("not a choice");
            assert!(
                !why.to_string().contains('\n')
                    && why.to_string().contains(&format!("`{}`", d.name))
            );
            assert!(why.to_string().contains("nonsense"), "{why}");
            assert!(
                d.choices.iter().all(|c| why.to_string().contains(c.value)),
                "{why}"
            );
            assert_eq!(Game::from_fen(v, &fen, &bad, 1).err(), Some(why), "{v}");
        }
    }
    let why = Game::new(
        VariantId::Wickets,
        &[("decision".to_string(), "coin".to_string())].into(),
        1,
    )
    .expect_err("coin");
    assert_eq!(
        why,
        "The `decision` option is cards, cards2, dice, dice2, deterministic or \
         deterministic2, not `coin`."
    );
}

/// Every option set of `v`: no options, then each declared choice alone.
fn option_sets(v: VariantId) -> Vec<Options> {
    let mut sets = vec![Options::new()];
    for d in v.options() {
        for c in d.choices {
            sets.push([(d.name.to_string(), c.value.to_string())].into());
        }
    }
    sets
}

/// Whether two games differ in anything a seed could change: the rules state, what
/// each viewer sees, the legal answers, the outcome.
fn differ(a: &Game, b: &Game) -> bool {
    let views = |g: &Game| {
        [
            Viewer::Public,
            Viewer::Player(Side::White),
            Viewer::Player(Side::Black),
        ]
        .map(|viewer| g.view(viewer))
    };
    a.state() != b.state()
        || views(a) != views(b)
        || a.legal_texts() != b.legal_texts()
        || a.outcome() != b.outcome()
}

/// Plays the same random answers in two games of `v` with different seeds; whether
/// the seeds ever made them differ.
fn seeds_matter(v: VariantId, options: &Options, game: u64, plies: usize) -> bool {
    use rand::Rng;
    let mut a = Game::new(v, options, 1000 + game).expect("game");
    let mut b = Game::new(v, options, 2000 + game).expect("game");
    let mut pick = GameRng::seed_from_u64(game);
    for _ in 0..plies {
        if differ(&a, &b) {
            return true;
        }
        let Some(ask) = a.ask() else {
            return false;
        };
        // As a player types them (a confirmation mark where one is asked); a throw into
        // a wicket whenever there is one, so that Wickets' decisions are reached.
        let texts = a.typed_texts();
        let keen: Vec<&String> = texts
            .iter()
            .filter(|t| t.ends_with(">w9") || t.ends_with(">w0") || *t == "w9" || *t == "w0")
            .collect();
        let text = match keen.as_slice() {
            [] => &texts[pick.gen_range(0..texts.len())],
            _ => keen[pick.gen_range(0..keen.len())],
        };
        let played_a = a.play(ask.side, text).expect("legal");
        match b.play(ask.side, text) {
            Ok(played_b) if played_a == played_b => {}
            _ => return true,
        }
    }
    differ(&a, &b)
}

// Issue 23: whether a game uses chance is stated by every variant (`uses_randomness`
// has no default) and checked here against seeded games: whenever two seeds make the
// same answers give different states, views, answers or outcomes, the variant must
// say it draws on chance (or it would silently lose its seed commitment). The games
// with random set-ups, wand kinds, dice or cards say so.
#[test]
fn chance_is_stated_by_every_game_the_seed_changes() {
    let mut seen_chance = Vec::new();
    for v in VariantId::ALL {
        for options in option_sets(v) {
            let says = Game::new(v, &options, 0).expect("game").uses_randomness();
            let seen = (0..12).find(|&game| seeds_matter(v, &options, game, 300));
            if let Some(game) = seen {
                assert!(says, "{v} {options:?}: the seed changed game {game}");
                seen_chance.push((v, options.clone()));
            }
            // And the other way: these games are long enough for every game of chance
            // to meet it (a wand identified, a card played, a die rolled).
            assert_eq!(seen.is_some(), says, "{v} {options:?}");
        }
    }
    let says = |v: VariantId, pairs: &[(&str, &str)]| {
        let options: Options = pairs
            .iter()
            .map(|(k, val)| (k.to_string(), val.to_string()))
            .collect();
        Game::new(v, &options, 0).expect("game").uses_randomness()
    };
    // Wand kinds drawn on identification or at the start, and misfires.
    assert!(says(VariantId::Wand, &[]));
    assert!(says(VariantId::Wand, &[("wands", "moderated")]));
    // Card deals and dice; the deterministic decisions draw nothing.
    for m in ["cards", "cards2", "dice", "dice2"] {
        assert!(says(VariantId::Wickets, &[("decision", m)]), "{m}");
    }
    assert!(says(VariantId::Wickets, &[]), "cards by default");
    for m in ["deterministic", "deterministic2"] {
        assert!(!says(VariantId::Wickets, &[("decision", m)]), "{m}");
    }
    for v in [
        VariantId::Standard,
        VariantId::Spell,
        VariantId::Sorchess,
        VariantId::Walls,
        VariantId::WallsFull,
    ] {
        assert!(!says(v, &[]), "{v}");
    }
    // The random set-ups are seen to depend on the seed at once.
    for (v, pairs) in [
        (VariantId::Wand, [("wands", "moderated")]),
        (VariantId::Wickets, [("decision", "cards")]),
    ] {
        let options: Options = pairs
            .iter()
            .map(|(k, val)| (k.to_string(), val.to_string()))
            .collect();
        assert!(seeds_matter(v, &options, 0, 0), "{v} {options:?}");
        assert!(seen_chance.contains(&(v, options)), "{v}");
    }
    for (v, options) in &seen_chance {
        assert!(
            matches!(v, VariantId::Wand | VariantId::Wickets),
            "{v} {options:?}"
        );
    }
}

/// Helpers the variants' unit tests share: squares and cells from their names, and
/// playing an answer as whoever is asked, on a variant's rules or on a [`Game`].
pub mod util {
    use crate::core::{Cell, Square};
    use crate::variants::{Game, GameRng, PlayError, Played, Rules};

    /// A win for `side` for the reason with the catalog key `reason`.
    pub fn won(side: crate::core::Side, reason: &'static str) -> Option<crate::variants::Outcome> {
        Some(crate::variants::Outcome::win(
            side,
            crate::i18n::Msg::new(reason),
        ))
    }

    /// The square named `s` (`e4`).
    pub fn sq(s: &str) -> Square {
        Square::parse(s).expect(s)
    }

    /// The cell named `t` (`e4`, `w0`).
    pub fn cell(t: &str) -> Cell {
        Cell::parse(t).expect(t)
    }

    /// Plays `text` as whoever is asked; a refusal puts the game back and fails the test.
    pub fn play_rules<R: Rules>(g: &mut R, text: &str, rng: &mut GameRng) -> Played {
        let side = g.ask().expect("game on").side;
        let before = g.clone();
        match g.play(side, text, rng) {
            Ok(p) => p,
            Err(e) => {
                *g = before;
                panic!("`{text}` refused: {e}")
            }
        }
    }

    /// What playing `text` as whoever is asked does, on a copy of the game.
    pub fn try_rules<R: Rules>(g: &R, text: &str, rng: &mut GameRng) -> Result<Played, PlayError> {
        let side = g.ask().expect("game on").side;
        g.clone().play(side, text, rng)
    }

    /// Plays `text` as whoever is asked; a refusal fails the test.
    pub fn play_game(g: &mut Game, text: &str) -> Played {
        let side = g.ask().expect("game on").side;
        g.play(side, text)
            .unwrap_or_else(|e| panic!("`{text}` refused: {e}"))
    }

    /// The refusal of `text` played as whoever is asked, which must leave the game as it
    /// was.
    pub fn game_refusal(g: &mut Game, text: &str) -> PlayError {
        let side = g.ask().expect("game on").side;
        let before = g.clone();
        let e = g.play(side, text).expect_err(text);
        assert_eq!(*g, before, "a refused move changed the game");
        e
    }
}
