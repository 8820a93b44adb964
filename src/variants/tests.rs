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
