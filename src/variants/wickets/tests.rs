//! Unit tests of Chess with Wickets, one or more per ruling (K1-K9, C1-C4).

use super::cards::Card;
use super::*;
use crate::core::Position;
use crate::i18n::Msg;
use crate::variants::tests::util::won;
use crate::variants::tests::util::{cell, play_rules as play, try_rules};

fn game(fen: &str) -> WicketsGame {
    WicketsGame::from_fen(fen, &Options::new()).expect("fen")
}

fn rng() -> GameRng {
    GameRng::seed_from_u64(7)
}

fn refused(g: &WicketsGame, text: &str) -> String {
    match try_rules(g, text, &mut rng()) {
        Ok(p) => panic!("`{text}` was accepted: {p:?}"),
        Err(e) => e.to_string(),
    }
}

fn question(g: &WicketsGame) -> (Side, Question) {
    let a = g.ask().expect("live");
    (a.side, a.question)
}

pub(super) fn set_hands(g: &mut WicketsGame, white: &[&str], black: &[&str]) {
    let parse = |v: &[&str]| {
        v.iter()
            .map(|t| Card::parse(t).expect("card"))
            .collect::<Vec<_>>()
    };
    let mut d = Deck::deal(&mut rng());
    let (w, b) = (parse(white), parse(black));
    d.pile.retain(|c| !w.contains(c) && !b.contains(c));
    d.hands = [w, b];
    g.deck = d;
}

// ruling K1, K2: the wickets are e0/e9 for movement; a Defender queen next to its
// wicket may enter it at once, so the start has 21 moves.
#[test]
fn start_position_and_the_queen_into_her_wicket() {
    let g = WicketsGame::new(&Options::new(), &mut rng()).expect("new");
    let texts = g.legal_texts();
    assert_eq!(texts.len(), 21);
    assert!(texts.contains(&"Qd1-w0".to_string()));
    let p = g.pos();
    assert!(p.man(cell("e1")).is_some_and(|m| m.ball && !m.defender));
    assert!(p.man(cell("d8")).is_some_and(|m| m.defender && !m.ball));
    // 21 x 21 first two plies: no ball-haver can move yet, nothing else differs.
    assert_eq!(g.perft(2), 441);
}

// ruling K1, C1: where neither a wicket nor a ball can matter (no Defender, both balls
// dead in their own wickets) the game is FIDE chess and perft agrees with it.
#[test]
fn fide_perft_where_wickets_cannot_matter() {
    for (fen, depth) in [
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            2,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            2,
        ),
    ] {
        let fide = Position::from_fen(fen).expect("fide").perft(depth);
        let g = game(&format!("{fen} -- D=-,- B=@w0,@w9 dice"));
        assert_eq!(g.perft(depth), fide, "{fen}");
    }
}

// ruling K3: entry rules for the two wickets.
#[test]
fn only_the_defender_enters_its_own_wicket_and_only_the_ball_haver_the_other() {
    // White: Ke2 (ball), Qd1 (Defender), Nd2 (its geometry reaches w0 too).
    let g = game("qk6/8/8/8/8/8/3NK3/3Q4 w - - 0 1 -- D=d1,a8 B=e2,b8 dice");
    let t = g.legal_texts();
    assert!(t.contains(&"Qd1-w0".to_string()));
    assert!(!t.contains(&"Nd2-w0".to_string()));
    // The same knight as the Defender may enter.
    let g = game("qk6/8/8/8/8/8/3NK3/3Q4 w - - 0 1 -- D=d2,a8 B=e2,b8 dice");
    assert!(g.legal_texts().contains(&"Nd2-w0".to_string()));
    assert!(!g.legal_texts().contains(&"Qd1-w0".to_string()));
    // A ball-haver rook enters the opponent's wicket; a plain rook does not.
    let g = game("6k1/8/8/8/8/8/4R3/K2R4 w - - 0 1 -- D=-,- B=e2,g8 dice");
    let t = g.legal_texts();
    assert!(t.contains(&"Re2-w9".to_string()));
    assert!(!t.contains(&"Rd1-w0".to_string()));
    // A piece may go into the enemy wicket to pick up its own ball lying there.
    let g = game("6k1/8/8/8/8/8/4R3/K7 w - - 0 1 -- D=-,- B=@w9,g8 dice");
    assert!(g.legal_texts().contains(&"Re2:w9".to_string()));
}

// ruling K3 (X-WICKETS-2): a piece in a wicket gives no check; a king in a wicket can
// be checked.
#[test]
fn wicket_pieces_give_no_check_but_a_king_there_can_be_checked() {
    // Black's ball-haver queen sits in w0 next to the White king: no check.
    let g = game("7k/8/8/8/8/8/8/4K3 w - - 0 1 q- D=-,- B=e1,w0 dice");
    assert!(!g.pos().in_check(Side::White));
    assert!(g.legal_texts().contains(&"Ke1-d1".to_string()));
    // X-WICKETS-2: nor may it take the king it does not check.
    let g = game("7k/8/8/8/8/8/8/4K3 b - - 0 1 q- D=-,- B=e1,w0 dice");
    assert!(
        !g.legal_texts().iter().any(|m| m.contains(":e1")),
        "{:?}",
        g.legal_texts()
    );
    assert!(g.legal_texts().contains(&"Qw0-d1".to_string()));
    // White's ball-haver king in w9 is checked by a rook on the e-file.
    let g = game("k7/8/8/4r3/8/8/8/8 w - - 0 1 -K D=-,- B=w9,a8 dice");
    assert!(g.pos().in_check(Side::White));
    let t = g.legal_texts();
    assert!(t.iter().all(|m| !m.ends_with("e8")), "{t:?}");
}

// ruling K4: throws to a piece, to an empty square, never through pieces, never to
// the Defender or the own wicket; optional. X-WICKETS-1: the lying ball stays the
// thrower's.
#[test]
fn throws_to_a_piece_an_empty_square_or_declined() {
    let fen = "3qk3/7p/8/8/8/8/P7/1N1QK3 w - - 0 1 -- D=d1,d8 B=e1,e8 dice";
    let mut g = game(fen);
    let p = play(&mut g, "Ke1-f2", &mut rng());
    assert_eq!(p.printed, "Ke1-f2");
    assert_eq!(question(&g), (Side::White, Question::Throw));
    let t = g.legal_texts();
    assert!(t.contains(&"a2".to_string()) && t.contains(&"f6".to_string()));
    assert!(!t.contains(&"d1".to_string()), "never to the Defender");
    assert!(refused(&g, "h7").contains("cannot be thrown"));
    let p = play(&mut g, "f6", &mut rng());
    assert_eq!(p.printed, "Ke1-f2>f6");
    assert_eq!(p.action, "f6");
    assert_eq!(g.pos().lying[0], Some(cell("f6")));
    assert!(g.pos().ball_haver(Side::White).is_none());
    assert_eq!(question(&g), (Side::Black, Question::Move));
    // The lying ball blocks lines and only its owner picks it up.
    assert!(!g.legal_texts().iter().any(|m| m.ends_with("f6")));

    let mut g = game(fen);
    let p = play(&mut g, "Ke1-f2>a2", &mut rng());
    assert_eq!(p.printed, "Ke1-f2>a2");
    assert!(g.pos().man(cell("a2")).is_some_and(|m| m.ball));

    let mut g = game(fen);
    play(&mut g, "Ke1-e2", &mut rng());
    assert!(refused(&g, "w0").contains("cannot be thrown"));
    play(&mut g, "decline", &mut rng());
    assert!(g.pos().man(cell("e2")).is_some_and(|m| m.ball));
    assert!(refused(&game(fen), "Ke1-f2>h7").contains("cannot be thrown"));
    assert!(refused(&game(fen), "Nb1-c3>c5").contains("Only the ball-haver"));
}

// ruling K2, K4: a piece that picks up its ball cannot throw that turn.
#[test]
fn picking_up_the_ball_forbids_a_throw() {
    let mut g = game("6k1/8/8/8/8/8/8/K3R3 w - - 0 1 -- D=-,- B=@e5,g8 dice");
    assert!(refused(&g, "Re1:e5>e2").contains("picks up"));
    let p = play(&mut g, "Re1-e5", &mut rng());
    assert_eq!(p.printed, "Re1:e5");
    assert!(g.pos().man(cell("e5")).is_some_and(|m| m.ball));
    assert_eq!(question(&g).1, Question::Move);
}

// ruling K4 (X-WICKETS-9): after castling with a ball-haver king, king or rook may throw.
#[test]
fn castling_lets_king_or_rook_throw() {
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1 -- D=-,- B=e1,e8 dice";
    let mut g = game(fen);
    play(&mut g, "O-O", &mut rng());
    let t = g.legal_texts();
    assert!(t.contains(&"f1".to_string()), "the king passes to the rook");
    assert!(t.contains(&"f1>f7".to_string()), "the rook throws: {t:?}");
    play(&mut g, "f1>f7", &mut rng());
    assert_eq!(g.pos().lying[0], Some(cell("f7")));
    let mut g = game(fen);
    let p = play(&mut g, "O-O>f5", &mut rng());
    assert_eq!(p.printed, "O-O>f1>f5");
}

// ruling K5: the ball-haver is taken only with a square for its ball, unless it mates
// (X-WICKETS-5: the mate ends the turn at once).
#[test]
fn ball_haver_capture_needs_a_square_unless_it_mates() {
    let refusal = game("4nqrk/4pppp/4Ppp1/4N3/8/8/8/1K6 w - - 0 1 -- D=-,g6 B=b1,f7 dice");
    assert!(!refusal.legal_texts().contains(&"Ne5:f7".to_string()));
    let mut mate = game("4nnrk/4pppp/4Ppp1/4N3/8/8/8/1K6 w - - 0 1 -- D=-,g6 B=b1,f7 dice");
    let p = play(&mut mate, "Nxf7", &mut rng());
    assert_eq!(p.events, vec!["Checkmate.".to_string()]);
    assert_eq!(mate.outcome(), won(Side::White, "reason-checkmate"));
    // With squares free the capturer chooses; in advance or when asked.
    let fen = "6k1/8/8/3b4/8/4N3/8/K7 w - - 0 1 -- D=-,- B=a1,d5 dice";
    let mut g = game(fen);
    play(&mut g, "Ne3:d5", &mut rng());
    assert_eq!(question(&g), (Side::White, Question::BallSquare));
    let marks = g.view(Viewer::Public).marks;
    assert_eq!(marks.len(), 8, "the eight squares around d5 are marked");
    assert!(refused(&g, "a8").contains("next to d5"));
    let p = play(&mut g, "d6", &mut rng());
    assert_eq!(p.printed, "Ne3:d5 (ball d6)");
    assert_eq!(g.pos().lying[1], Some(cell("d6")));
    let mut g = game(fen);
    let p = play(&mut g, "Nxd5 (ball c4)", &mut rng());
    assert_eq!(p.action, "Ne3:d5 (ball c4)");
    assert_eq!(g.pos().lying[1], Some(cell("c4")));
    assert!(refused(&game(fen), "Nxd5 (ball a8)").contains("next to d5"));
}

// ruling K6: a captured Defender is replaced by its owner, never by the ball-haver;
// with no candidate the owner loses.
#[test]
fn defender_captured_and_renamed() {
    let mut g = game("6k1/7p/8/3q4/8/8/8/K2R4 w - - 0 1 -- D=d1,d5 B=a1,g8 dice");
    play(&mut g, "Rd1:d5", &mut rng());
    assert_eq!(question(&g), (Side::Black, Question::NewDefender));
    assert_eq!(g.legal_texts(), vec!["defender h7".to_string()]);
    assert!(refused(&g, "defender Kg8").contains("ball-haver"));
    let p = play(&mut g, "defender h7", &mut rng());
    assert_eq!(p.printed, "Rd1:d5 (defender h7)");
    assert_eq!(g.pos().defender(Side::Black), Some(cell("h7")));
    assert_eq!(question(&g), (Side::Black, Question::Move));
    // No candidate: the King carries the ball and nothing else is left.
    let mut g = game("6k1/8/8/3q4/8/8/8/K2R4 w - - 0 1 -- D=d1,d5 B=a1,g8 dice");
    let p = play(&mut g, "Rd1:d5", &mut rng());
    assert!(g.outcome().is_some_and(|o| o.score() == "1-0"), "{p:?}");
}

const OPEN: &str = "q5k1/7p/8/8/8/8/PPP1R3/3Q2K1 w - - 0 1 -- D=d1,a8 B=e2,g8";
const GUARDED: &str = "3q2k1/7p/8/8/8/8/PPP1R3/3Q2K1 w - - 0 1 -- D=d1,d8 B=e2,g8";

fn with(fen: &str, method: &str) -> WicketsGame {
    game(&format!("{fen} {method}"))
}

// ruling K7, K8: deterministic — an open wicket is taken at once; a guarded one costs
// three sacrifices (two in deterministic2), or the thrower declines. X-WICKETS-13: the
// record forms.
#[test]
fn deterministic_decisions() {
    let mut g = with(OPEN, "deterministic");
    let p = play(&mut g, "Re2-e4>w9", &mut rng());
    assert_eq!(p.printed, "Re2-e4>w9 (wicket taken, Qa8 removed)");
    assert_eq!(question(&g), (Side::Black, Question::NewDefender));
    assert_eq!(
        g.pos().lying[0],
        Some(Cell::Outer(Side::Black)),
        "the ball stays (K7)"
    );
    let mut g = with(GUARDED, "deterministic");
    assert!(g.pos().defender_sees_wicket(Side::Black));
    play(&mut g, "Re2-e4>w9", &mut rng());
    assert_eq!(question(&g), (Side::White, Question::Sacrifice));
    assert!(refused(&g, "sacrifice a2 b2").contains("exactly 3"));
    assert!(refused(&g, "sacrifice a2 b2 d1").contains("not one of your pieces"));
    let p = play(&mut g, "sacrifice a2 b2 c2", &mut rng());
    assert_eq!(
        p.printed,
        "Re2-e4>w9 (sacrifice a2 b2 c2: wicket taken, Qd8 removed)"
    );
    let mut g = with(GUARDED, "deterministic2");
    play(&mut g, "Re2-e4>w9", &mut rng());
    let p = play(&mut g, "decline", &mut rng());
    assert_eq!(p.printed, "Re2-e4>w9 (declined: missed)");
    assert!(g.pos().defender(Side::Black).is_some());
    assert_eq!(question(&g), (Side::Black, Question::Move));
    let mut g = with(GUARDED, "deterministic2");
    play(&mut g, "Re2-e4>w9", &mut rng());
    play(&mut g, "sacrifice a2 c2", &mut rng());
    assert!(g.pos().defender(Side::Black).is_none());
}

// ruling K7: merely moving the ball-haver into the wicket decides nothing.
#[test]
fn moving_into_the_wicket_is_not_a_throw() {
    let mut g = with(OPEN, "deterministic");
    play(&mut g, "Re2-w9", &mut rng());
    assert_eq!(question(&g), (Side::White, Question::Throw));
    play(&mut g, "decline", &mut rng());
    assert!(g.pos().defender(Side::Black).is_some());
}

// ruling K7: a decision that removes a King-Defender wins at once.
#[test]
fn taking_the_wicket_of_a_king_defender_wins() {
    let mut g = game("6k1/8/8/8/8/8/4R3/6K1 w - - 0 1 -- D=-,g8 B=e2,@a5 deterministic");
    let p = play(&mut g, "Re2-e4>w9", &mut rng());
    assert_eq!(g.outcome().map(|o| o.score()), Some("1-0"));
    assert!(p.printed.contains("Kg8 removed"), "{}", p.printed);
    assert!(p
        .events
        .iter()
        .any(|e| e.to_string().contains("White wins")));
}

// ruling K8: dice — open needs 3+, guarded 5+; the odds come out right.
#[test]
fn dice_odds() {
    for (fen, want) in [(OPEN, 4.0 / 6.0), (GUARDED, 2.0 / 6.0)] {
        let mut wins = 0;
        let n = 600;
        for seed in 0..n {
            let mut g = with(fen, "dice");
            let mut r = GameRng::seed_from_u64(seed);
            let p = play(&mut g, "Re2-e4>w9", &mut r);
            if p.printed.contains("wicket taken") {
                wins += 1;
            }
        }
        let rate = wins as f64 / n as f64;
        assert!((rate - want).abs() < 0.07, "{rate} vs {want}");
    }
}

// ruling K8: dice2 — after a miss, one sacrifice buys a second roll.
#[test]
fn dice2_second_chance() {
    let mut seen = false;
    for seed in 0..40 {
        let mut g = with(GUARDED, "dice2");
        let mut r = GameRng::seed_from_u64(seed);
        play(&mut g, "Re2-e4>w9", &mut r);
        if question(&g) == (Side::White, Question::Sacrifice) {
            assert!(refused(&g, "sacrifice a2 b2").contains("exactly 1"));
            let p = play(&mut g, "sacrifice a2", &mut r);
            assert!(p.printed.contains("sacrifice a2; dice"), "{}", p.printed);
            assert!(g.pos().man(cell("a2")).is_none());
            assert_ne!(question(&g).1, Question::Sacrifice);
            seen = true;
            break;
        }
    }
    assert!(seen);
}

// ruling K8, K9: cards — the thrower leads, the opponent answers (asked although it
// is not their move), follows suit, and a seeing Defender adds 2.5.
#[test]
fn card_decision_asks_the_opponent() {
    let mut g = with(OPEN, "cards");
    let mut r = rng();
    set_hands(&mut g, &["7c", "2h"], &["5c", "9d"]);
    play(&mut g, "Re2-e4>w9", &mut r);
    assert_eq!(question(&g), (Side::White, Question::Card));
    let p = play(&mut g, "card 7c", &mut r);
    assert_eq!(p.private.len(), 1);
    assert_eq!(p.private[0].0, Side::White);
    assert_eq!(question(&g), (Side::Black, Question::Card));
    // K9: nobody else may answer.
    assert_eq!(
        g.clone().play(Side::White, "card 2h", &mut r),
        Err(PlayError::NotYourTurn)
    );
    assert!(refused(&g, "card 9d").contains("follow suit"));
    assert_eq!(g.legal_texts(), vec!["card 5c".to_string()]);
    let p = play(&mut g, "5c", &mut r);
    assert_eq!(
        p.printed,
        "Re2-e4>w9 (cards 7c vs 5c: wicket taken, Qa8 removed)"
    );
    assert_eq!(p.private[0].0, Side::Black);
    assert_eq!(g.deck().hand(Side::White).len(), 2);

    // Seeing Defender: 7 against 5 + 2.5 loses.
    let mut g = with(GUARDED, "cards");
    set_hands(&mut g, &["7c"], &["5c"]);
    play(&mut g, "Re2-e4>w9", &mut r);
    play(&mut g, "card 7c", &mut r);
    let p = play(&mut g, "card 5c", &mut r);
    assert_eq!(p.printed, "Re2-e4>w9 (cards 7c vs 5c+2.5: missed)");
    assert!(g.pos().defender(Side::Black).is_some());
    assert_eq!(question(&g), (Side::Black, Question::Move));
}

// ruling K8 (X-WICKETS-11): a tie repeats; cards2 gives a second chance that may be
// declined.
#[test]
fn card_ties_and_cards2() {
    let mut r = rng();
    let mut g = with(OPEN, "cards");
    set_hands(&mut g, &["5h", "8s"], &["5c", "3s"]);
    play(&mut g, "Re2-e4>w9", &mut r);
    play(&mut g, "card 5h", &mut r);
    // Black holds no heart, so any card may answer; 5 against 5 is a tie.
    play(&mut g, "card 5c", &mut r);
    assert_eq!(question(&g), (Side::White, Question::Card), "tie: again");

    let mut g = with(OPEN, "cards2");
    set_hands(&mut g, &["2c", "3c"], &["9c", "8c"]);
    play(&mut g, "Re2-e4>w9", &mut r);
    play(&mut g, "card 2c", &mut r);
    play(&mut g, "card 9c", &mut r);
    assert_eq!(question(&g), (Side::White, Question::Card), "second try");
    assert!(g.legal_texts().contains(&"decline".to_string()));
    let p = play(&mut g, "decline", &mut r);
    assert!(
        p.printed.ends_with("missed; no second try)"),
        "{}",
        p.printed
    );
    assert_eq!(question(&g), (Side::Black, Question::Move));
}

// Hands are private: the public view and the opponent see only counts.
#[test]
fn hands_stay_private() {
    let g = WicketsGame::new(&Options::new(), &mut rng()).expect("new");
    let public = g.view(Viewer::Public);
    let white = g.view(Viewer::Player(Side::White));
    let hand = g.secret(Side::White).expect("hand");
    let first = g.deck().hand(Side::White)[0].to_string();
    assert!(hand.to_string().contains(&first));
    let all = |v: &View| {
        v.notes
            .iter()
            .flatten()
            .cloned()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(!all(&public).contains("hand"));
    assert!(all(&public).contains("10 cards"));
    assert!(all(&white).contains(&format!("hand: {}", first)));
    assert!(!all(&g.view(Viewer::Player(Side::Black))).contains(&format!("hand: {}", first)));
    // The FEN does not depend on the hands.
    let other = WicketsGame::new(&Options::new(), &mut GameRng::seed_from_u64(99)).expect("new");
    assert_ne!(other.deck().hand(Side::White), g.deck().hand(Side::White));
    assert_eq!(other.fen(), g.fen());
    assert!(public.outer_cells);
    let badges: Vec<_> = public
        .pieces
        .iter()
        .flat_map(|p| p.badges.clone())
        .collect();
    assert_eq!(
        badges
            .iter()
            .filter(|b| **b == super::view::defender())
            .count(),
        2
    );
    assert_eq!(
        badges
            .iter()
            .filter(|b| **b == super::view::ball_haver())
            .count(),
        2
    );
}

// FEN round trip, including a pending step of a turn.
#[test]
fn fen_round_trips() {
    let g = WicketsGame::new(&Options::new(), &mut rng()).expect("new");
    assert_eq!(
        g.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -- D=d1,d8 B=e1,e8 cards"
    );
    let mut g = with(GUARDED, "deterministic");
    play(&mut g, "Re2-e4>w9", &mut rng());
    let fen = g.fen();
    assert!(fen.ends_with("turn=sac:3:1:g"), "{fen}");
    let back = WicketsGame::from_fen(&fen, &Options::new()).expect("back");
    assert_eq!(back.fen(), fen);
    assert_eq!(back.ask(), g.ask());
    assert!(WicketsGame::from_fen(
        "8/8/8/8/8/8/8/K6k w - - 0 1 -- D=-,- B=e3,- dice",
        &Options::new()
    )
    .is_err());
    assert!(WicketsGame::from_fen(&format!("{OPEN} cards"), &options("dice")).is_err());
}

fn options(m: &str) -> Options {
    let mut o = Options::new();
    o.insert("decision".into(), m.into());
    o
}

// Perft stops at decisions: a throw into the wicket is one leaf.
#[test]
fn perft_counts_throws_and_stops_at_decisions() {
    // White: Kh1 (no ball), Re2 ball-haver... see the comment for the count.
    // Black: Kh8 with its ball, Defender none.
    let g = game("7k/8/8/8/8/8/4R3/7K w - - 0 1 -- D=-,- B=e2,h8 dice");
    // King moves: Kg1, Kg2, Kh2 = 3. Rook moves: e1, w0? no (own wicket);
    // e3..e8 (6), w9 (ball-haver, 1), a2..d2 (4), f2..h2 (3) = 15 rook moves.
    // Each rook move is followed by its throws plus the decline, except that a throw
    // into w9 is a leaf like any other option. The count is computed by the engine's
    // own throw list; we check the structure: perft(1) = moves x (throws + decline).
    let mut expected = 3;
    for m in g.legal_texts().iter().filter(|m| m.starts_with('R')) {
        let mut c = g.clone();
        play(&mut c, m, &mut rng());
        expected += if question(&c) == (Side::White, Question::Throw) {
            c.legal_texts().len() as u64
        } else {
            1
        };
    }
    assert_eq!(g.legal_texts().len(), 18);
    assert_eq!(g.perft(1), expected);
    // Hand count for one line: Re2-e8 (check along rank 8): throws from e8 go to
    // d8..a8 (4), f8, g8 (2; h8 king blocks), w9 (1), e7..e1 (7, not w0), d7..a4 (4),
    // f7..h5 (3) = 21, plus decline = 22.
    let divide = g.perft_divide(1);
    let e8 = divide.iter().find(|(m, _)| m == "Re2-e8").expect("Re2-e8");
    assert_eq!(e8.1, 22);
}

// ruling K2: a Defender never picks up a ball; a promoted pawn keeps its marks.
#[test]
fn defenders_leave_balls_and_promotion_keeps_marks() {
    let g = game("6k1/4P3/8/8/8/8/8/K2Q4 w - - 0 1 -- D=d1,- B=e7,g8 dice");
    let mut g2 = g.clone();
    play(&mut g2, "e7-e8=Q", &mut rng());
    assert_eq!(question(&g2), (Side::White, Question::Throw));
    assert!(g2
        .pos()
        .man(cell("e8"))
        .is_some_and(|m| m.ball && m.piece.role == Role::Queen));
    let g = game("6k1/8/8/3P4/8/8/8/K2Q4 w - - 0 1 -- D=d5,- B=@d6,g8 dice");
    assert!(!g.legal_texts().contains(&"d5:d6".to_string()));
    assert!(
        !g.legal_texts().contains(&"d5-d6".to_string()),
        "the ball blocks"
    );
    let g = game("6k1/8/8/8/8/8/8/K2Q4 w - - 0 1 -- D=d1,- B=@d4,g8 dice");
    assert!(!g.legal_texts().iter().any(|m| m.ends_with("d4")));
    assert!(
        !g.legal_texts().contains(&"Qd1-d5".to_string()),
        "lines stop at a ball"
    );
    let g = game("6k1/8/8/8/8/8/8/K2Q4 w - - 0 1 -- D=-,- B=@d4,g8 dice");
    assert!(g.legal_texts().contains(&"Qd1:d4".to_string()));
}

// ruling K9: only the asked player answers; a refused answer changes nothing.
#[test]
fn only_the_asked_player_answers() {
    let mut g = game("6k1/7p/8/3q4/8/8/8/K2R4 w - - 0 1 -- D=d1,d5 B=a1,g8 dice");
    play(&mut g, "Rd1:d5", &mut rng());
    let before = g.clone();
    assert_eq!(
        g.play(Side::White, "defender Rd5", &mut rng()),
        Err(PlayError::NotYourTurn)
    );
    assert!(refused(&g, "defender a1").contains("no piece"));
    assert_eq!(g, before);
}

// X-WICKETS-8: a wicket next to the captured square may take the placed ball.
#[test]
fn a_wicket_can_receive_a_placed_ball() {
    let mut g = game("7k/8/8/8/8/8/2N5/K3r3 w - - 0 1 -- D=-,- B=a1,e1 dice");
    play(&mut g, "Nc2:e1", &mut rng());
    assert_eq!(question(&g), (Side::White, Question::BallSquare));
    assert!(g.legal_texts().contains(&"w0".to_string()));
    play(&mut g, "w0", &mut rng());
    assert_eq!(g.pos().lying[1], Some(Cell::Outer(Side::White)));
}

// X-WICKETS-3: an advance throw waits for the ball square, then is asked if illegal.
#[test]
fn advance_throw_after_a_chosen_ball_square() {
    let fen = "6k1/8/8/3b4/8/4N3/8/K7 w - - 0 1 -- D=-,- B=e3,d5 dice";
    let mut g = game(fen);
    play(&mut g, "Ne3:d5>d8", &mut rng());
    assert_eq!(question(&g), (Side::White, Question::BallSquare));
    let p = play(&mut g, "d6", &mut rng());
    // The ball on d6 now blocks the line to d8: the throw is asked again.
    assert_eq!(
        question(&g),
        (Side::White, Question::Throw),
        "{}",
        p.printed
    );
    let mut g = game(fen);
    play(&mut g, "Ne3:d5>d8", &mut rng());
    let p = play(&mut g, "c6", &mut rng());
    assert_eq!(p.printed, "Ne3:d5>d8 (ball c6)");
    assert_eq!(g.pos().lying[0], Some(cell("d8")));
}

// ruling C1 (X-WICKETS-6): stalemate draws; a bare-king position is not drawn by
// material; repetition is claimable, fivefold automatic.
#[test]
fn stalemate_and_repetition() {
    let g = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 -- D=f7,- B=g6,@a1 dice");
    assert_eq!(
        g.outcome(),
        Some(Outcome::draw(crate::i18n::Msg::new("reason-stalemate")))
    );
    let mut g = game("7k/8/8/8/8/8/8/K7 w - - 0 1 -- D=a1,h8 B=@a8,@h1 dice");
    assert!(g.outcome().is_none(), "no automatic draw by material");
    let mut r = rng();
    for _ in 0..2 {
        for m in ["Ka1-b1", "Kh8-g8", "Kb1-a1", "Kg8-h8"] {
            play(&mut g, m, &mut r);
        }
    }
    assert_eq!(g.claimable_draw(), Some("threefold repetition".to_string()));
    for _ in 0..2 {
        for m in ["Ka1-b1", "Kh8-g8", "Kb1-a1", "Kg8-h8"] {
            if g.outcome().is_none() {
                play(&mut g, m, &mut r);
            }
        }
    }
    assert_eq!(
        g.outcome(),
        Some(Outcome::draw(crate::i18n::Msg::new("reason-fivefold")))
    );
}

// Options: only `decision`, with its six values.
#[test]
fn options_are_checked() {
    for m in Method::ALL {
        let g = WicketsGame::new(&options(m.name()), &mut rng()).expect("method");
        assert_eq!(g.method(), m);
        assert_eq!(g.deck().dealt, m.uses_cards());
    }
    assert!(WicketsGame::new(&options("coin"), &mut rng()).is_err());
    let mut o = Options::new();
    o.insert("wands".into(), "rolled".into());
    assert!(WicketsGame::new(&o, &mut rng()).is_err());
}

// Perft with ball squares (X-WICKETS-15), counted by hand. White: Ka1, Ne3, its ball
// lying on h1 out of reach; Black: Kh8 and a ball-haver bishop on d5.
// King: b1, b2 (a2 is covered by the bishop) = 2. Knight: c2, c4, d1, f1, g2, g4, f5
// = 7 quiet moves, and Ne3:d5 takes the ball-haver: its ball may lie on any of the 8
// empty squares around d5 (c4 c5 c6 d4 d6 e4 e5 e6), 8 nodes. Total 2 + 7 + 8 = 17.
#[test]
fn perft_counts_ball_squares_by_hand() {
    let g = game("7k/8/8/3b4/8/4N3/8/K7 w - - 0 1 -- D=-,- B=@h1,d5 dice");
    assert_eq!(g.legal_texts().len(), 10);
    assert_eq!(g.perft(1), 17);
    let divide = g.perft_divide(1);
    assert_eq!(
        divide.iter().find(|(m, _)| m == "Ne3:d5").map(|(_, n)| *n),
        Some(8)
    );
}

// X-WICKETS-7: a captured Defender is replaced at once, before the capturer's throw;
// a throw given in advance waits for the new Defender.
#[test]
fn new_defender_comes_before_the_throw() {
    let fen = "6k1/7p/8/3q4/8/8/8/K2R4 w - - 0 1 -- D=-,d5 B=d1,g8 dice";
    let mut g = game(fen);
    play(&mut g, "Rd1:d5", &mut rng());
    assert_eq!(question(&g), (Side::Black, Question::NewDefender));
    play(&mut g, "defender h7", &mut rng());
    assert_eq!(question(&g), (Side::White, Question::Throw));
    let p = play(&mut g, "d1", &mut rng());
    assert_eq!(p.printed, "Rd1:d5>d1 (defender h7)");
    let mut g = game(fen);
    play(&mut g, "Rd1:d5>d1", &mut rng());
    let p = play(&mut g, "defender h7", &mut rng());
    assert_eq!(p.printed, "Rd1:d5>d1 (defender h7)");
    assert_eq!(p.action, "defender h7");
    assert_eq!(question(&g), (Side::Black, Question::Move));
}

// X-WICKETS-12: a guarded wicket with too few pieces to sacrifice fails at once.
#[test]
fn too_few_pieces_to_sacrifice() {
    let mut g = game("3q2k1/7p/8/8/8/8/P3R3/3Q2K1 w - - 0 1 -- D=d1,d8 B=e2,g8 deterministic");
    let p = play(&mut g, "Re2-e4>w9", &mut rng());
    assert_eq!(
        p.printed,
        "Re2-e4>w9 (guarded, fewer than 3 pieces to sacrifice: missed)"
    );
    assert_eq!(question(&g), (Side::Black, Question::Move));
}

// X-WICKETS-14: a plain FEN has the start marks; X-WICKETS-16: the King may be named.
#[test]
fn plain_fen_marks_and_king_defender() {
    let g = game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(g.pos().defender(Side::White), Some(cell("d1")));
    assert_eq!(g.pos().ball_haver(Side::Black), Some(cell("e8")));
    let g = game("4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1");
    assert_eq!(
        g.pos().defender(Side::White),
        None,
        "two queens: no Defender"
    );
    let mut g = game("6k1/8/8/3q4/8/8/8/K2R4 w - - 0 1 -- D=d1,d5 B=a1,@a5 dice");
    play(&mut g, "Rd1:d5", &mut rng());
    assert_eq!(g.legal_texts(), vec!["defender Kg8".to_string()]);
    play(&mut g, "defender kg8", &mut rng());
    assert_eq!(g.pos().defender(Side::Black), Some(cell("g8")));
}

// X-WICKETS-4: a throw never parries a check left by the move itself.
#[test]
fn a_throw_does_not_parry_check() {
    let g = game("k6r/8/8/8/8/8/8/1N5K w - - 0 1 -- D=-,- B=b1,a8 dice");
    assert!(g.pos().in_check(Side::White));
    assert!(!g.legal_texts().iter().any(|m| m.starts_with('N')));
    assert!(refused(&g, "Nb1-c3>h3").contains("not a legal move"));
}

// X-WICKETS-18: dice2's second roll is judged again: sacrificing the piece that blocked
// the Defender's line makes the wicket guarded.
#[test]
fn dice2_second_roll_judges_the_view_again() {
    // Black's Defender on a5 would see w9 along a5-b6-c7-d8 but White's c7 pawn blocks.
    let fen = "6k1/2P4p/8/q7/8/8/P3R3/3Q2K1 w - - 0 1 -- D=d1,a5 B=e2,g8 dice2";
    for seed in 0..60 {
        let mut g = game(fen);
        assert!(!g.pos().defender_sees_wicket(Side::Black));
        let mut r = GameRng::seed_from_u64(seed);
        let p = play(&mut g, "Re2-e4>w9", &mut r);
        assert!(p.printed.contains("needs 3+"), "{}", p.printed);
        if question(&g).1 == Question::Sacrifice {
            let p = play(&mut g, "sacrifice c7", &mut r);
            assert!(p.printed.contains("sacrifice c7; dice"), "{}", p.printed);
            assert!(p.printed.contains("needs 5+"), "{}", p.printed);
            return;
        }
    }
    panic!("no seed missed the first roll");
}

// ruling K2 with castling (issue 23, the shared castling rule): a lying ball blocks the
// path like a piece; elsewhere it does not matter.
#[test]
fn a_lying_ball_blocks_castling() {
    let castles = |ball: &str| {
        let g = game(&format!(
            "r2qk2r/8/8/8/8/8/8/R2QK2R w KQkq - 0 1 -- D=d1,d8 B=@{ball},e8 cards"
        ));
        g.legal_texts().contains(&"O-O".to_string())
    };
    assert!(!castles("f1"));
    assert!(!castles("g1"));
    assert!(castles("a3"));
}

// Issue 28 (newcomers): a move kept off its square by a wicket rule is refused with that
// rule's reason, not only "not a legal move here". Rulings K2, K3, X-WICKETS-1.
#[test]
fn wicket_refusals_give_the_rules_reason() {
    // ruling X-WICKETS-1: the other side's lying ball blocks the square.
    let g = game("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1 -- D=d1,d8 B=e1,@e2 cards");
    let r = refused(&g, "Ke2");
    assert!(
        r.contains(
            &Msg::new("wickets-why-their-ball")
                .with("owner", crate::variants::side_msg(Side::Black))
                .with("to", "e2")
                .to_string()
        ),
        "{r}"
    );
    // ruling K2: a Defender never picks up a ball, even its own side's.
    let g = game("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1 -- D=d1,d8 B=@d2,e8 cards");
    let r = refused(&g, "Qd2");
    assert!(r.contains("a Defender never picks up a ball"), "{r}");
    // ruling K3: only the Defender enters its own wicket ...
    let g = game("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1 -- D=d1,d8 B=e1,e8 cards");
    let r = refused(&g, "Ke1-w0");
    assert!(
        r.contains(&Msg::new("wickets-why-own-wicket").to_string()),
        "{r}"
    );
    // ... and only the ball-haver (or a piece fetching its ball) the opponent's.
    let g = game("k2q4/4Q3/8/8/8/8/8/4K3 w - - 0 1 -- D=e7,d8 B=e1,a8 cards");
    let r = refused(&g, "Qe7-w9");
    assert!(
        r.contains(&Msg::new("wickets-why-their-wicket").to_string()),
        "{r}"
    );
    // A plain illegal move keeps the plain refusal.
    let r = refused(&g, "Ke1-e3");
    assert!(r.contains("not a legal move here"), "{r}");
}

// Issue 28 (newcomers): an answer to another question typed at a move says so.
#[test]
fn another_questions_answer_at_a_move_says_so() {
    let g = game("3qk3/8/8/8/8/8/8/R2QK3 w - - 0 1 -- D=d1,d8 B=e1,e8 cards");
    for text in ["defender Ra1", "card 7c", "Defender: Ra1"] {
        let r = refused(&g, text);
        assert!(
            r.contains("answers another question; now your move is asked"),
            "{r}"
        );
    }
    // A move is still read.
    assert!(!g.legal_texts().is_empty());
}
