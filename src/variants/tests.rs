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
            why.starts_with(v.name()) && why.contains("`colour`"),
            "{why}"
        );
        assert_eq!(Game::new(v, &bogus, 1).err(), Some(why.clone()), "{v}");
        assert_eq!(Game::from_fen(v, &fen, &bogus, 1).err(), Some(why), "{v}");
        for d in v.options() {
            let bad: Options = [(d.name.to_string(), "nonsense".to_string())].into();
            let why = Game::new(v, &bad, 1).expect_err("not a choice");
            assert!(!why.contains('\n') && why.contains(&format!("`{}`", d.name)));
            assert!(why.contains("nonsense"), "{why}");
            assert!(d.choices.iter().all(|c| why.contains(c.value)), "{why}");
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
