//! Chess with Wickets through the `Game` wrapper and the service: random playouts that
//! keep the invariants and replay exactly from their records, every decision method,
//! card hands that only ever reach their owner, and a game played as a front end would.

mod common;

use arcana::core::view::Viewer;
use arcana::core::{Cell, Side};
use arcana::service::api::{Audience, ColorChoice, Reply, Request};
use arcana::variants::wickets::WicketsGame;
use arcana::variants::{Game, Options, Question, VariantId, VariantState};
use common::{user, Harness};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const METHODS: [&str; 6] = [
    "cards",
    "cards2",
    "dice",
    "dice2",
    "deterministic",
    "deterministic2",
];

fn wickets(g: &Game) -> &WicketsGame {
    match g.state() {
        VariantState::Wickets(w) => w,
        #[allow(unreachable_patterns)]
        _ => panic!("not a wickets game"),
    }
}

fn options(method: &str) -> Options {
    let mut o = Options::new();
    o.insert("decision".into(), method.into());
    o
}

/// K2, K6: at most one ball-haver and one Defender per side; a ball is carried or lies,
/// never both; nothing secret in the public view.
fn check_invariants(g: &Game) {
    let w = wickets(g);
    let pos = w.pos();
    for side in Side::BOTH {
        let havers = pos
            .men
            .iter()
            .filter(|(_, m)| m.piece.side == side && m.ball)
            .count();
        let defenders = pos
            .men
            .iter()
            .filter(|(_, m)| m.piece.side == side && m.defender)
            .count();
        assert!(havers <= 1 && defenders <= 1, "{}", g.fen());
        assert!(!(havers == 1 && pos.lying[side.index()].is_some()));
        for (_, m) in pos.men.iter() {
            assert!(!(m.ball && m.defender), "{}", g.fen());
        }
        if let Some(c) = pos.lying[side.index()] {
            assert!(pos.men.get(c).is_none());
        }
        // K3: only the own Defender stands in its own wicket.
        if let Some(m) = pos.men.get(Cell::Outer(side)) {
            assert!(m.piece.side != side || m.defender, "{}", g.fen());
        }
    }
    let public = g.view(Viewer::Public);
    assert!(public.outer_cells);
    for n in public.notes.iter().flatten() {
        assert!(!n.starts_with("hand"), "a hand in the public view: {n}");
    }
    if g.is_over() {
        assert!(g.legal_texts().is_empty());
    } else {
        assert!(
            !g.legal_texts().is_empty(),
            "a live game has an answer: {}",
            g.fen()
        );
    }
}

/// A legal answer with one character changed, inserted or removed (also non-ASCII).
fn garble(text: &str, rng: &mut ChaCha8Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let pool = [
        'é', '>', '(', ')', ':', 'x', 'w', '0', '9', 'K', ' ', 'a', '1', '8', '=', '@', 'ß',
    ];
    let c = pool[rng.gen_range(0..pool.len())];
    let i = rng.gen_range(0..=chars.len());
    match rng.gen_range(0..3) {
        0 => chars.insert(i, c),
        1 if i < chars.len() => chars[i] = c,
        _ if !chars.is_empty() => {
            chars.remove(i.min(chars.len() - 1));
        }
        _ => chars.push(c),
    }
    let mut s: String = chars.into_iter().collect();
    if rng.gen_bool(0.2) {
        s = format!("défender {s}");
    }
    s
}

/// Picks an answer, preferring throws into the wicket and captures so that decisions,
/// ball squares and new Defenders come up often.
fn pick(texts: &[String], rng: &mut ChaCha8Rng) -> String {
    let keen: Vec<&String> = texts
        .iter()
        .filter(|t| t.contains("w9") || t.contains("w0") || t.contains(':'))
        .collect();
    if !keen.is_empty() && rng.gen_bool(0.6) {
        return keen[rng.gen_range(0..keen.len())].clone();
    }
    texts[rng.gen_range(0..texts.len())].clone()
}

// Random playouts: 1,200 games over the six methods never panic, every legal answer is
// accepted, the invariants hold, and each game replays exactly from its record.
#[test]
fn random_playouts_replay_exactly() {
    let mut decisions = 0;
    let mut finished = 0;
    for i in 0..1200u64 {
        let method = METHODS[(i % 6) as usize];
        let opts = options(method);
        let mut g = Game::new(VariantId::Wickets, &opts, i).expect("new");
        let mut rng = ChaCha8Rng::seed_from_u64(1000 + i);
        let mut record: Vec<(Side, String)> = Vec::new();
        for _ in 0..120 {
            let Some(ask) = g.ask() else { break };
            let texts = g.legal_texts();
            if matches!(ask.question, Question::Card | Question::Sacrifice) {
                decisions += 1;
            }
            let text = pick(&texts, &mut rng);
            if rng.gen_bool(0.1) {
                // Bad input never panics and never changes the game.
                let before = g.clone();
                let bad = garble(&text, &mut rng);
                match g.play(ask.side, &bad) {
                    Err(_) => assert_eq!(g, before, "`{bad}` changed the game"),
                    Ok(p) => {
                        record.push((ask.side, p.action));
                        continue;
                    }
                }
            }
            let played = g
                .play(ask.side, &text)
                .unwrap_or_else(|e| panic!("legal `{text}` refused: {e} in {}", g.fen()));
            record.push((ask.side, played.action));
            if i % 10 == 0 {
                check_invariants(&g);
            }
        }
        if g.is_over() {
            finished += 1;
        }
        let mut again = Game::new(VariantId::Wickets, &opts, i).expect("new");
        for (side, action) in &record {
            again
                .play(*side, action)
                .unwrap_or_else(|e| panic!("replay of `{action}` refused: {e}"));
        }
        assert_eq!(again, g, "game {i} ({method}) replays exactly");
    }
    assert!(decisions > 50, "decisions came up {decisions} times");
    assert!(finished > 10, "{finished} games finished");
}

// Bad input never panics and never changes the game.
#[test]
fn garbage_is_refused_without_change() {
    let mut g = Game::new(VariantId::Wickets, &options("cards"), 5).expect("new");
    for t in [
        "",
        "Qd1-w9",
        "w0",
        "e2-e4>>",
        "Ke1-f2>z9",
        "card 7c",
        "defender Qd1",
        "(ball",
        "Nf3 (ball",
        "sacrifice a2",
        "decline",
        "O-O>f1>f5>f6",
        "e9",
        "Kw0",
        "ééé",
    ] {
        let before = g.clone();
        assert!(g.play(Side::White, t).is_err(), "`{t}` accepted");
        assert_eq!(g, before);
    }
    assert!(g.play(Side::Black, "e5").is_err());
}

// K8 cards: the whole flow through `Game`, with fixed seeds, replays exactly.
#[test]
fn every_method_resolves_a_throw_into_the_wicket() {
    let fen = "q5k1/7p/8/8/8/8/PPP1R3/3Q2K1 w - - 0 1 -- D=d1,a8 B=e2,g8";
    for method in METHODS {
        let mut g = Game::from_fen(
            VariantId::Wickets,
            &format!("{fen} {method}"),
            &Options::new(),
            3,
        )
        .expect("fen");
        let played = g.play(Side::White, "Re2-e4>w9").expect("throw");
        let mut guard = 0;
        let mut last = played.printed.clone();
        while let Some(ask) = g.ask() {
            if ask.question == Question::Move && ask.side == Side::Black {
                break;
            }
            let texts = g.legal_texts();
            let t = texts
                .iter()
                .find(|t| *t != "decline")
                .cloned()
                .expect("an answer");
            last = g.play(ask.side, &t).expect("answer").printed;
            guard += 1;
            assert!(guard < 20);
        }
        match method {
            "deterministic" | "deterministic2" => {
                assert_eq!(last, "Re2-e4>w9 (wicket taken, Qa8 removed; defender h7)")
            }
            "dice" | "dice2" => assert!(last.contains("dice"), "{last}"),
            _ => assert!(last.contains("cards"), "{last}"),
        }
    }
}

fn start(h: &Harness, ch: u64, method: &str) -> Vec<Reply> {
    h.ok(
        "alice",
        ch,
        Request::Challenge {
            opponent: user("bob"),
            variant: VariantId::Wickets,
            color: ColorChoice::White,
            days: None,
            options: options(method),
            rated: true,
        },
    );
    h.ok("bob", ch, Request::Accept)
}

fn private_to<'a>(replies: &'a [Reply], name: &str) -> Vec<&'a Reply> {
    replies
        .iter()
        .filter(|r| matches!(&r.to, Audience::Private(u) if u.name == name))
        .collect()
}

fn hand_of(h: &Harness, ch: u64, who: &str) -> Vec<String> {
    let r = h.ok(who, ch, Request::Hand);
    assert!(r.iter().all(|r| r.to == Audience::Invoker));
    let text = &r[0].text;
    // The first line names the game; the hand follows.
    assert!(text.starts_with("**Chess with Wickets**, game "), "{text}");
    let list = text
        .lines()
        .last()
        .and_then(|l| l.split(": ").nth(1))
        .expect("cards");
    list.split_whitespace().map(str::to_string).collect()
}

fn play_all(h: &Harness, ch: u64, who: &str, text: &str, all: &mut Vec<Reply>) -> Reply {
    let r = h.ok(
        who,
        ch,
        Request::Move {
            text: text.to_string(),
        },
    );
    all.extend(r.iter().cloned());
    r.into_iter()
        .find(|r| r.to == Audience::Channel)
        .expect("channel reply")
}

// K8, K9 through the service: hands by DM to their owner only, `/hand` private, the card
// answer asked of the opponent (and only of them), the result in the channel.
#[test]
fn a_card_decision_through_the_service() {
    let h = Harness::new();
    let ch = 77;
    let mut all = start(&h, ch, "cards");
    let to_alice = private_to(&all, "alice");
    let to_bob = private_to(&all, "bob");
    assert_eq!(to_alice.len(), 1);
    assert!(to_alice[0].text.contains("(White)"));
    assert_eq!(to_bob.len(), 1);
    assert!(to_bob[0].text.contains("(Black)"));
    let alice_hand = hand_of(&h, ch, "alice");
    let bob_hand = hand_of(&h, ch, "bob");
    assert_eq!(alice_hand.len(), 10);
    assert!(!h.refused("carol", ch, Request::Hand).contains("Your cards"));
    for (who, text) in [
        ("alice", "Nc3"),
        ("bob", "c6"),
        ("alice", "d4"),
        ("bob", "e6"),
        ("alice", "Ke1-d2>c3"),
        ("bob", "Qh4"),
        ("alice", "Na4"),
    ] {
        play_all(&h, ch, who, text, &mut all);
    }
    // The knight carries the ball: the throw is asked of White.
    let why = h.refused("bob", ch, Request::Move { text: "a6".into() });
    assert!(why.contains("not your turn"), "{why}");
    play_all(&h, ch, "alice", "decline", &mut all);
    play_all(&h, ch, "bob", "a6", &mut all);
    let r = play_all(&h, ch, "alice", "Na4-b6>w9", &mut all);
    assert!(r.text.starts_with("Na4-b6>w9"), "{}", r.text);
    assert_eq!(r.mention.first().map(|u| u.name.as_str()), Some("alice"));
    let lead = format!("card {}", alice_hand[0]);
    let r = play_all(&h, ch, "alice", &lead, &mut all);
    // K9: now Black answers, although White made the move; nobody else may.
    assert_eq!(r.mention.first().map(|u| u.name.as_str()), Some("bob"));
    let why = h.refused(
        "alice",
        ch,
        Request::Move {
            text: "card 2c".into(),
        },
    );
    assert!(why.contains("not your turn"), "{why}");
    let suit = alice_hand[0].chars().last().expect("suit");
    let answer = bob_hand
        .iter()
        .find(|c| c.ends_with(suit))
        .or(bob_hand.first())
        .cloned()
        .expect("a card");
    let r = play_all(&h, ch, "bob", &format!("card {answer}"), &mut all);
    assert!(
        r.text
            .contains(&format!("cards {} vs {answer}", alice_hand[0])),
        "{}",
        r.text
    );
    // Secrets: every DM went to its owner, the channel never saw a hand.
    for reply in &all {
        match &reply.to {
            Audience::Private(u) if u.name == "alice" => assert!(reply.text.contains("(White)")),
            Audience::Private(u) if u.name == "bob" => assert!(reply.text.contains("(Black)")),
            Audience::Private(u) => panic!("a DM to {}", u.name),
            _ => {
                assert!(!reply.text.contains("Your cards"), "{}", reply.text);
                if let Some(v) = &reply.image {
                    assert!(v.notes.iter().flatten().all(|n| !n.starts_with("hand")));
                }
            }
        }
    }
    assert_eq!(private_to(&all, "alice").len(), 2, "the deal and the lead");
    assert_eq!(private_to(&all, "bob").len(), 2, "the deal and the answer");
    let hist = h.history(ch);
    assert!(hist.contains("Na4-b6>w9 (cards"), "{hist}");
    // ruling C3: resignation at any time, here by White on Black's answer or move.
    h.ok("alice", ch, Request::Resign);
    let why = h.refused("bob", ch, Request::Move { text: "a5".into() });
    assert!(!why.is_empty());
}

// The dice option through the service, and `/rules wickets`.
#[test]
fn dice_through_the_service() {
    let h = Harness::new();
    let ch = 78;
    let mut all = start(&h, ch, "dice");
    assert!(private_to(&all, "alice").is_empty(), "no cards, no DM");
    for (who, text) in [
        ("alice", "Nc3"),
        ("bob", "c6"),
        ("alice", "d4"),
        ("bob", "e6"),
        ("alice", "Ke1-d2>c3"),
        ("bob", "Qh4"),
        ("alice", "Na4"),
        ("alice", "decline"),
    ] {
        play_all(&h, ch, who, text, &mut all);
    }
    play_all(&h, ch, "bob", "a6", &mut all);
    let r = play_all(&h, ch, "alice", "Na4-b6>w9", &mut all);
    assert!(r.text.contains("(dice "), "{}", r.text);
    let rules = h.ok(
        "carol",
        ch,
        Request::Rules {
            variant: Some(VariantId::Wickets),
        },
    );
    assert!(rules[0].text.contains("w0"), "{}", rules[0].text);
}

/// Picks an answer for the service games: a throw into a wicket whenever there is one.
fn pick_keen(texts: &[String], rng: &mut ChaCha8Rng) -> String {
    if let Some(t) = texts
        .iter()
        .find(|t| t.as_str() == "w9" || t.as_str() == "w0")
    {
        return t.clone();
    }
    pick(texts, rng)
}

// Whole games through the service, answers chosen among the asked player's legal
// answers (the autocomplete list): every DM goes to its owner and names only its side,
// no channel reply carries a hand, and each played card sends exactly one new hand.
#[test]
fn whole_games_through_the_service_keep_hands_private() {
    let h = Harness::new();
    let mut card_answers_total = 0;
    let mut finished = 0;
    for game in 0..8u64 {
        let ch = 800 + game;
        let mut all = start(&h, ch, "cards2");
        let mut rng = ChaCha8Rng::seed_from_u64(game);
        let mut card_answers = 0;
        let mut over = false;
        for _ in 0..300 {
            let asked = ["alice", "bob"].into_iter().find_map(|who| {
                let mut texts = h.service.autocomplete(ch, user(who).id, "");
                texts.extend(h.service.autocomplete(ch, user(who).id, "w"));
                (!texts.is_empty()).then_some((who, texts))
            });
            let Some((who, texts)) = asked else {
                over = true;
                break;
            };
            let text = pick_keen(&texts, &mut rng);
            if text.starts_with("card") {
                card_answers += 1;
            }
            play_all(&h, ch, who, &text, &mut all);
        }
        if over {
            finished += 1;
            let why = h.refused("alice", ch, Request::Move { text: "e4".into() });
            assert!(!why.is_empty());
        }
        for reply in &all {
            match &reply.to {
                Audience::Private(u) if u.name == "alice" => {
                    assert!(
                        reply
                            .text
                            .lines()
                            .nth(1)
                            .is_some_and(|l| l.starts_with("Your cards (White)")),
                        "{}",
                        reply.text
                    )
                }
                Audience::Private(u) if u.name == "bob" => {
                    assert!(
                        reply
                            .text
                            .lines()
                            .nth(1)
                            .is_some_and(|l| l.starts_with("Your cards (Black)")),
                        "{}",
                        reply.text
                    )
                }
                Audience::Private(u) => panic!("a DM to {}", u.name),
                _ => {
                    assert!(!reply.text.contains("Your cards"), "{}", reply.text);
                    if let Some(v) = &reply.image {
                        assert!(v.notes.iter().flatten().all(|n| !n.starts_with("hand")));
                    }
                }
            }
        }
        let dms = all
            .iter()
            .filter(|r| matches!(r.to, Audience::Private(_)))
            .count();
        assert_eq!(
            dms,
            2 + card_answers,
            "the deal, then one hand per card played"
        );
        card_answers_total += card_answers;
    }
    assert!(card_answers_total > 4, "{card_answers_total} cards played");
    assert!(finished > 0, "some game ended by the rules");
}

// ruling C1, K1: with no Defender and both balls dead in their own wickets nothing of
// the variant can matter, so random games must have exactly FIDE's legal moves (castling,
// en passant, promotions, pins), FEN fields and endings at every ply.
#[test]
fn random_games_agree_with_fide_where_wickets_cannot_matter() {
    use arcana::core::Position;
    use std::collections::BTreeSet;
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    for game_no in 0..300u64 {
        let mut pos = Position::new();
        for ply in 0..200 {
            let fen = format!("{} -- D=-,- B=@w0,@w9 dice", pos.fen());
            let g =
                Game::from_fen(VariantId::Wickets, &fen, &Options::new(), game_no).expect("fen");
            let ours: BTreeSet<String> = g.legal_texts().into_iter().collect();
            let moves = pos.legal_move_list();
            let fide: BTreeSet<String> = moves.iter().map(|m| m.long()).collect();
            assert_eq!(ours, fide, "game {game_no} ply {ply}: {fen}");
            assert!(
                g.fen().starts_with(&pos.fen()),
                "{} vs {}",
                g.fen(),
                pos.fen()
            );
            if moves.is_empty() {
                let mate = pos.is_check();
                assert_eq!(
                    g.outcome().map(|o| o.score() != "1/2-1/2"),
                    Some(mate),
                    "{fen}"
                );
                break;
            }
            pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
        }
    }
}

/// Issue 47, item 12 (K6): while a new Defender is asked for, a square without one of
/// the player's pieces is refused with an example of their own, never a piece they
/// lack, and the game is unchanged.
#[test]
fn a_defender_refusal_names_a_piece_of_the_player() {
    let mut seen = 0;
    for i in 0..400u64 {
        let mut g =
            Game::new(VariantId::Wickets, &options(METHODS[(i % 6) as usize]), i).expect("new");
        let mut rng = ChaCha8Rng::seed_from_u64(7000 + i);
        for _ in 0..160 {
            let Some(ask) = g.ask() else { break };
            let texts = g.legal_texts();
            if ask.question == Question::NewDefender {
                let view = g.view(Viewer::Public);
                let empty = (0..64u8)
                    .filter_map(arcana::core::Square::new)
                    .find(|sq| {
                        !view
                            .pieces
                            .iter()
                            .any(|p| p.cell == Cell::Board(*sq) && p.piece.side == ask.side)
                    })
                    .expect("a square to name")
                    .to_string();
                let before = g.clone();
                let why = g.play(ask.side, &empty).expect_err("refused").to_string();
                assert_eq!(g, before);
                assert!(why.contains("new Defender"), "{why}");
                let example = why.split('`').nth(1).expect("an example");
                assert!(
                    texts.iter().any(|t| t == example),
                    "`{example}` is not one of {texts:?}: {why}"
                );
                seen += 1;
                break;
            }
            let text = pick(&texts, &mut rng);
            g.play(ask.side, &text).expect("legal");
        }
        if seen >= 5 {
            break;
        }
    }
    assert!(seen > 0, "no game asked for a new Defender");
}
