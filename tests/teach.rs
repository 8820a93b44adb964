//! The bot as a teacher (issue 17): every prompt's examples are accepted as typed,
//! every autocomplete text is accepted, in random games of every variant.

use arcana::variants::{Game, Options, Question, VariantId};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const GAMES: u64 = 12;
const PLIES: usize = 70;

/// The texts in backticks, except commands (`/rules wand`).
fn quoted(prompt: &str) -> Vec<String> {
    prompt
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|t| !t.starts_with('/'))
        .map(str::to_string)
        .collect()
}

fn options(v: VariantId, seed: u64) -> Options {
    let mut o = Options::new();
    match v {
        VariantId::Wickets => {
            let m = [
                "cards",
                "cards2",
                "dice",
                "dice2",
                "deterministic",
                "deterministic2",
            ];
            o.insert("decision".into(), m[seed as usize % m.len()].into());
        }
        VariantId::Wand if seed % 2 == 1 => {
            o.insert("wands".into(), "moderated".into());
        }
        _ => {}
    }
    o
}

#[test]
fn prompt_examples_and_autocomplete_texts_are_accepted() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut checked = 0usize;
    for v in VariantId::available() {
        for seed in 0..GAMES {
            let mut g = Game::new(v, &options(v, seed), seed).expect("game");
            for _ in 0..PLIES {
                let Some(ask) = g.ask() else { break };
                let prompt = g.prompt().expect("a prompt while asked");
                if ask.question == Question::Move {
                    assert!(prompt.contains(&format!("`/rules {}`", v.id())), "{prompt}");
                }
                // Card examples are a form only: a hand is secret.
                if ask.question != Question::Card {
                    let examples = quoted(&prompt);
                    assert!(!examples.is_empty(), "{v}: no example in `{prompt}`");
                    for ex in examples {
                        let mut probe = g.clone();
                        if let Err(e) = probe.play(ask.side, &ex) {
                            panic!("{v} seed {seed}: example `{ex}` of `{prompt}` refused: {e}");
                        }
                        checked += 1;
                    }
                }
                let texts = g.typed_texts();
                assert!(!texts.is_empty(), "{v}: nothing to type");
                for _ in 0..3 {
                    let t = &texts[rng.gen_range(0..texts.len())];
                    let mut probe = g.clone();
                    if let Err(e) = probe.play(ask.side, t) {
                        panic!("{v} seed {seed}: autocomplete text `{t}` refused: {e}");
                    }
                }
                let pick = texts[rng.gen_range(0..texts.len())].clone();
                g.play(ask.side, &pick)
                    .unwrap_or_else(|e| panic!("{v}: `{pick}` refused: {e}"));
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

mod common;

use arcana::core::view::Viewer;
use arcana::core::Side;
use arcana::service::api::{ColorChoice, Request};
use common::{user, Harness};

fn refusal(g: &Game, text: &str) -> String {
    let side = g.ask().expect("live").side;
    match g.clone().play(side, text) {
        Ok(p) => panic!("`{text}` accepted: {p:?}"),
        Err(e) => e.to_string(),
    }
}

// Issue 17: a move of an asleep, stoned or slowed piece says so (W8, W9, W10).
#[test]
fn idle_wand_pieces_say_why_they_cannot_move() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 rolled g1:asleep=3;b1:statue=4;e2:slow=2";
    let g = Game::from_fen(VariantId::Wand, fen, &Options::new(), 0).expect("fen");
    let r = refusal(&g, "Nf3");
    assert!(r.contains("Ng1 is asleep") && r.contains("3 more"), "{r}");
    assert!(!r.contains("close to"), "{r}");
    assert!(refusal(&g, "Nc3").contains("Nb1 is stoned"));
    assert!(refusal(&g, "e4").contains("Pe2 is slowed"));
    assert!(refusal(&g, "e2-e3").contains("must wait 2"));
    // A move no idle piece could make keeps the usual reason.
    assert!(refusal(&g, "Qh5").contains("not a legal move"));
}

// Issue 17: the teleport prompt suggests a legal empty square, not always h8.
#[test]
fn the_teleport_prompt_suggests_a_legal_square() {
    let fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 rolled e4:wand=teleport teleport=e4>d5";
    let g = Game::from_fen(VariantId::Wand, fen, &Options::new(), 0).expect("fen");
    let p = g.prompt().expect("asked");
    let ex = quoted(&p);
    assert_eq!(ex.len(), 1, "{p}");
    assert!(g.legal_texts().contains(&ex[0]), "{p}");
    assert_ne!(ex[0], "h8");
    assert!(p.contains("pawn on d5"), "{p}");
}

// Issue 17: Spell Chess autocomplete offers `Ke1-f2!` where `!` is required, and every
// offered text is accepted; the canonical legal texts are unchanged.
#[test]
fn spell_autocomplete_offers_the_confirmed_form() {
    let mut g = Game::new(VariantId::Spell, &Options::new(), 0).expect("game");
    for (side, m) in [
        (Side::White, "f3"),
        (Side::Black, "e5"),
        (Side::White, "Kf2"),
        (Side::Black, "Qh4"),
    ] {
        g.play(side, m).expect(m);
    }
    let typed = g.typed_texts();
    let legal = g.legal_texts();
    assert_eq!(typed.len(), legal.len());
    let confirmed: Vec<&String> = typed.iter().filter(|t| t.ends_with('!')).collect();
    assert!(!confirmed.is_empty(), "{typed:?}");
    for t in &confirmed {
        let plain = t.trim_end_matches('!');
        assert!(legal.contains(&plain.to_string()));
        assert!(refusal(&g, plain).contains("to confirm"), "{plain}");
    }
    for t in &typed {
        g.clone()
            .play(Side::White, t)
            .unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    // Through the service's autocomplete.
    let h = Harness::new();
    h.ok(
        "alice",
        7,
        Request::Challenge {
            opponent: user("bob"),
            variant: VariantId::Spell,
            color: ColorChoice::White,
            days: None,
            options: Options::new(),
            rated: true,
        },
    );
    h.ok("bob", 7, Request::Accept);
    h.moves(7, &["f3", "e5", "Kf2", "Qh4"]);
    let bang = confirmed[0].clone();
    let plain = bang.trim_end_matches('!');
    let offered = h.service.autocomplete(7, user("alice").id, plain);
    assert!(offered.contains(&bang), "{offered:?}");
    assert!(!offered.contains(&plain.to_string()), "{offered:?}");
}

// Issue 17: the move prompt and /help point to /rules; /rules shows the exact forms and
// a picture of the worked example.
#[test]
fn rules_guides_have_forms_and_a_worked_example_picture() {
    let h = Harness::new();
    let help = h.ok("alice", 9, Request::Help);
    assert!(
        help[0].text.contains("/rules <variant>"),
        "{}",
        help[0].text
    );
    for v in VariantId::available() {
        let r = h.ok("alice", 9, Request::Rules { variant: Some(v) });
        let text = &r[0].text;
        assert!(text.contains('`'), "{v}: {text}");
        if v != VariantId::Standard {
            let image = r[0]
                .image
                .as_ref()
                .unwrap_or_else(|| panic!("{v}: no picture"));
            assert_eq!(image.viewer, Viewer::Public);
            assert!(text.contains("Pictured: "), "{v}: {text}");
            let (game, _) = arcana::variants::example_game(v).expect("example plays");
            // A diagram is read from White's side, whoever is to move in it.
            assert_eq!(
                *image,
                arcana::core::view::View {
                    bottom: Some(Side::White),
                    ..game.view(Viewer::Public)
                }
            );
            let opts = arcana::render::RenderOptions::default();
            assert_eq!(
                arcana::render::bottom_side(image, &opts),
                Side::White,
                "{v}"
            );
        }
    }
    let forms = [
        (
            VariantId::Wand,
            vec!["`Ze4:d5`", "(teleport c6)", "`Ke4-e5:e6`"],
        ),
        (VariantId::Spell, vec!["(freeze d5)", "(jump e3)", "`Kd2!`"]),
        (
            VariantId::Sorchess,
            vec!["`Wg4`", "`e8=W`", "`Nf6-e8=W`", "`Nf6-e8`"],
        ),
        (
            VariantId::Walls,
            vec!["`@c4 @d5 @f3`", "`Nc3+d4`", "`Nc3xd4`", "`R@e4`", "`pass`"],
        ),
        (
            VariantId::Wickets,
            vec![
                "`Ke1-f2>f6`",
                "`Ke1-f2 decline`",
                "`O-O>f1>f5`",
                "(ball d6)",
                "`defender Nf3`",
                "`card 7c`",
                "`sacrifice a2 b2 c2`",
            ],
        ),
    ];
    for (v, needles) in forms {
        let text = arcana::variants::rules_text(v);
        for n in needles {
            assert!(text.contains(n), "{v}: {n}");
        }
    }
}

// Issue 17: the Full team prompt shows a Full example with the cost and the limits.
#[test]
fn the_full_team_prompt_shows_cost_and_limits() {
    let mut g = Game::new(VariantId::WallsFull, &Options::new(), 0).expect("game");
    g.play(Side::White, "@c4 @d5 @f3").expect("walls");
    g.play(Side::Black, "@c5 @e4 @f6").expect("walls");
    let p = g.prompt().expect("asked");
    assert!(
        p.contains("exactly 11") && p.contains("Q costs 9, at most 1"),
        "{p}"
    );
    let ex = quoted(&p);
    assert!(ex[0].starts_with("Q@"), "{p}");
    g.clone()
        .play(Side::White, &ex[0])
        .expect("the example is legal");
    let mut b = Game::new(VariantId::Walls, &Options::new(), 0).expect("game");
    b.play(Side::White, "@c4 @d5 @f3").expect("walls");
    b.play(Side::Black, "@c5 @e4 @f6").expect("walls");
    b.play(Side::White, "B@c1 N@d2 R@a1").expect("team");
    let p = b.prompt().expect("asked");
    assert!(
        p.contains("ranks 7-8") && quoted(&p)[0].contains("@"),
        "{p}"
    );
    b.clone()
        .play(Side::Black, &quoted(&p)[0])
        .expect("black's example is legal");
}

// Issue 17 (found playing as a newcomer): a move refused while the mover's king is in
// check says so, beside the legal moves close to it.
#[test]
fn a_refused_move_in_check_says_the_king_is_in_check() {
    let mut g = Game::new(VariantId::Standard, &Options::new(), 0).expect("game");
    for m in ["e4", "f5", "Qh5"] {
        let side = g.ask().expect("live").side;
        g.play(side, m).expect(m);
    }
    let before = g.clone();
    let r = refusal(&g, "a6");
    assert!(
        r.contains("`a6` is not a legal move here (your king is in check)"),
        "{r}"
    );
    assert!(r.contains("g7-g6"), "{r}");
    assert_eq!(g, before);
    // Out of check, the usual reason.
    let g = Game::new(VariantId::Standard, &Options::new(), 0).expect("game");
    let r = refusal(&g, "e5");
    assert!(!r.contains("check"), "{r}");
}

// Issue 23: `/rules` lists each variant's options from its declaration (name, default,
// every choice with its meaning), and the challenge's `options` autocomplete offers the
// same declared `name:value` pairs; every one of them starts a challenge.
#[test]
fn rules_and_autocomplete_show_the_declared_options() {
    use arcana::service::grammar::complete_options;
    let h = Harness::new();
    for v in VariantId::available() {
        let r = h.ok("alice", 9, Request::Rules { variant: Some(v) });
        let text = &r[0].text;
        // One Discord message, never an attachment.
        assert!(
            text.chars().count() <= 2000,
            "{v}: {}",
            text.chars().count()
        );
        let offered = complete_options(Some(v), "");
        if v.options().is_empty() {
            assert!(text.contains("Options: none."), "{v}: {text}");
            assert!(offered.is_empty(), "{v}: {offered:?}");
        }
        let mut pairs = Vec::new();
        for d in v.options() {
            assert!(
                text.contains(&format!("• `{}`: {}", d.name, d.description)),
                "{text}"
            );
            assert!(
                text.contains(&format!("(default `{}`)", d.default)),
                "{text}"
            );
            for c in d.choices {
                let pair = format!("{}:{}", d.name, c.value);
                assert!(
                    text.contains(&format!("`{pair}` — {}", c.description)),
                    "{text}"
                );
                pairs.push(pair);
            }
        }
        assert_eq!(offered, pairs, "{v}");
        for (i, pair) in offered.iter().enumerate() {
            let ch = 1000 + i as u64 + 100 * v as u64;
            let request = arcana::service::command::parse_command(
                &format!("/challenge @bob {} {pair}", v.id()),
                &|n: &str| user(n),
            )
            .expect("parses")
            .expect("a command");
            h.ok("alice", ch, request);
        }
    }
    let rules = h.ok(
        "alice",
        9,
        Request::Rules {
            variant: Some(VariantId::Wand),
        },
    );
    assert!(
        rules[0]
            .text
            .contains("`wands:moderated` — every kind is drawn at the start"),
        "{}",
        rules[0].text
    );
    assert_eq!(
        complete_options(Some(VariantId::Wickets), "decision:di"),
        ["decision:dice", "decision:dice2"]
    );
}
