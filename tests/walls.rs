//! Wizard Walls as players meet it: the setup phase (Z2), the document's example
//! turns, scoring (Z4), repetition (Z5), timeouts through the service (Z6), perft,
//! and random playouts that must replay exactly from their records.

mod common;

use arcana::core::view::Viewer;
use arcana::core::{Role, Side, Square};
use arcana::service::api::{Audience, ColorChoice, DrawAction, Request};
use arcana::service::clock::DAY_MS;
use arcana::variants::walls::position::{home_zone, wall_zone, Action};
use arcana::variants::walls::view::{SETUP, WALL};
use arcana::variants::walls::{team_compositions, Walls};
use arcana::variants::{Game, Options, Outcome, Question, VariantId, VariantState};
use common::{user, Harness};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

fn sq(s: &str) -> Square {
    Square::parse(s).expect("square")
}

fn walls_of(g: &Game) -> &Walls {
    match g.state() {
        VariantState::Walls(w) => w.walls(),
        VariantState::WallsFull(w) => w.walls(),
        _ => panic!("not a Wizard Walls game"),
    }
}

fn new_game(v: VariantId) -> Game {
    Game::new(v, &Options::new(), 7).expect("game")
}

fn ok(g: &mut Game, side: Side, text: &str) -> arcana::variants::Played {
    g.play(side, text)
        .unwrap_or_else(|e| panic!("{side} `{text}` refused: {e}"))
}

fn no(g: &mut Game, side: Side, text: &str) -> String {
    let before = g.clone();
    let e = g.play(side, text).expect_err(text).to_string();
    assert_eq!(*g, before, "a refusal changed the game");
    assert!(!e.contains('\n'), "{e}");
    e
}

fn from_fen(fen: &str) -> Game {
    Game::from_fen(VariantId::Walls, fen, &Options::new(), 0).expect(fen)
}

/// The standard setup used by several tests.
fn set_up(v: VariantId) -> Game {
    let mut g = new_game(v);
    ok(&mut g, Side::White, "@c4 @d5 @f3");
    ok(&mut g, Side::Black, "@c5 @e4 @f6");
    ok(&mut g, Side::White, "B@c1 N@b1 R@a1");
    ok(&mut g, Side::Black, "B@c8 N@b8 R@a8");
    g
}

// ruling Z2: the setup order and its limits.
#[test]
fn z2_setup_order_and_limits() {
    let mut g = new_game(VariantId::Walls);
    let ask = g.ask().expect("ask");
    assert_eq!(
        (ask.side, ask.question),
        (Side::White, Question::SetupWalls)
    );
    // The setup squares are marked in the picture.
    let v = g.view(Viewer::Public);
    assert_eq!(v.marks.len(), 32);
    assert!(v.marks.iter().all(|(_, m)| *m == SETUP));
    assert!(no(&mut g, Side::White, "@c4 @d5").contains("exactly 3 walls"));
    assert!(no(&mut g, Side::White, "@c4 @d5 @f2").contains("ranks 3-6"));
    assert!(no(&mut g, Side::White, "@c4 @c4 @f3").contains("named twice"));
    assert!(no(&mut g, Side::White, "B@c1 N@b1 R@a1").contains("places 3 walls"));
    assert!(g.play(Side::Black, "@c4 @d5 @f3").is_err());
    let p = ok(&mut g, Side::White, "@f3, @c4 @d5");
    // Canonical order is a1..h8.
    assert_eq!(p.action, "@f3 @c4 @d5");
    assert_eq!(
        g.ask().map(|a| (a.side, a.question)),
        Some((Side::Black, Question::SetupWalls))
    );
    assert!(no(&mut g, Side::Black, "@c4 @e4 @f6").contains("c4 already holds a wall"));
    ok(&mut g, Side::Black, "@c5 @e4 @f6");
    assert_eq!(
        g.ask().map(|a| (a.side, a.question)),
        Some((Side::White, Question::SetupTeam))
    );
    assert!(no(&mut g, Side::White, "B@c1 N@b1 R@a3").contains("first two ranks (1-2)"));
    assert!(no(&mut g, Side::White, "B@c1 N@b1").contains("one Bishop, one Knight and one Rook"));
    assert!(
        no(&mut g, Side::White, "B@c1 N@b1 Q@a1").contains("one Bishop, one Knight and one Rook")
    );
    assert!(no(&mut g, Side::White, "B@c1 N@c1 R@a1").contains("named twice"));
    ok(&mut g, Side::White, "B@c1 N@d2 R@a1");
    assert!(no(&mut g, Side::Black, "B@c1 N@d2 R@a1").contains("(7-8)"));
    ok(&mut g, Side::Black, "b@c8 n@d7 r@a8");
    assert_eq!(
        g.ask().map(|a| (a.side, a.question)),
        Some((Side::White, Question::Move))
    );
    let w = walls_of(&g).pos();
    assert_eq!(w.hand, [5, 5]);
    assert_eq!(w.walls.count(), 6);
    assert_eq!(w.board.occupied().count(), 6);
    assert_eq!(
        g.fen(),
        "r1b5/3n4/5*2/2**4/2*1*3/5*2/3N4/R1B5 w 5/5 0/0 -/- play"
    );
    // No setup marks once play begins, only the six walls; points and hands are in
    // the notes.
    let v = g.view(Viewer::Public);
    assert_eq!(v.marks.len(), 6);
    assert!(v.marks.iter().all(|(_, m)| *m == WALL));
    assert!(
        v.notes[0].contains(&"5 walls in hand".to_string()),
        "{:?}",
        v.notes
    );
    assert!(
        v.notes[1].contains(&"0 points".to_string()),
        "{:?}",
        v.notes
    );
}

// ruling Z2: a Full team costs exactly 11, within the limits.
#[test]
fn z2_full_team_cost_validation() {
    let mut g = new_game(VariantId::WallsFull);
    ok(&mut g, Side::White, "@c4 @d5 @f3");
    ok(&mut g, Side::Black, "@c5 @e4 @f6");
    for (team, why) in [
        ("B@c1 N@b1 R@a1 P@a2", "costs 12"),
        ("B@c1 N@b1 P@a2 P@b2", "costs 8"),
        ("R@a1 R@b1 R@c1", "At most 2 Rooks"),
        ("Q@d1 Q@e1", "At most 1 Queen"),
        ("B@a1 B@b1 B@c1 P@a2 P@b2", "At most 2 Bishops"),
        ("N@a1 N@b1 N@c1 P@a2 P@b2", "At most 2 Knights"),
        (
            "P@a2 P@b2 P@c2 P@d2 P@e2 P@f2 P@g2 P@h2 P@a1 N@b1",
            "At most 8 Pawns",
        ),
        ("K@e1 Q@d1", "not a wizard of this game"),
        ("Q@d1 P@c2 P@e3", "first two ranks"),
    ] {
        let e = no(&mut g, Side::White, team);
        assert!(e.contains(why), "{team}: {e}");
    }
    ok(&mut g, Side::White, "Q@d1 P@c2 P@e2");
    ok(
        &mut g,
        Side::Black,
        "B@c8 P@a7 P@b7 P@c7 P@d7 P@e7 P@f7 P@g7 P@h7",
    );
    assert_eq!(walls_of(&g).pos().points, [0, 0]);
    assert_eq!(g.ask().map(|a| a.question), Some(Question::Move));
    // Every listed composition is accepted.
    for team in team_compositions() {
        let n: u32 = team.iter().map(|(_, c)| c).sum();
        assert!(n <= 16);
    }
}

/// White: knight c3, rook a1, bishop f1; a wall on d4 (next to the knight) and one on
/// e5; Black: rook a8, knight b8, bishop c8.
const EXAMPLES: &str = "rnb5/8/8/4*3/3*4/2N5/8/R4B2 w 5/5 0/0 -/- play";

// The seven example turns of the document, each played and checked.
#[test]
fn document_example_turns() {
    let cases: [(&str, &str, &str); 6] = [
        // 1. Move Knight, move Rook.
        (
            "Nc3-e2 Ra1-a7",
            "Nc3-e2 Ra1-a7",
            "rnb5/R7/8/4*3/3*4/8/4N3/5B2 b 5/5 0/0 -/- play",
        ),
        // 2. Move Knight, build a wall with Knight.
        (
            "Nc3-b5 Nb5+c6",
            "Nc3-b5 Nb5+c6",
            "rnb5/8/2*5/1N2*3/3*4/8/8/R4B2 b 4/5 0/0 -/- play",
        ),
        // 3. Build a wall with Rook, move the Rook.
        (
            "Ra1+b2 Ra1-a6",
            "Ra1+b2 Ra1-a6",
            "rnb5/8/R7/4*3/3*4/2N5/1*6/5B2 b 4/5 0/0 -/- play",
        ),
        // 4. Build a wall with Bishop, move Rook.
        (
            "B f1 wall g2, Ra1-e1",
            "Bf1+g2 Ra1-e1",
            "rnb5/8/8/4*3/3*4/2N5/6*1/4RB2 b 4/5 0/0 -/- play",
        ),
        // 5. Destroy a wall with Knight, move Rook.
        (
            "Nc3xd4 Ra3",
            "Nc3xd4 Ra1-a3",
            "rnb5/8/8/4*3/8/R1N5/8/5B2 b 6/5 0/0 -/- play",
        ),
        // 6. Destroy a wall with Knight, build a wall with Rook.
        (
            "N c3 break d4, Ra1+a2",
            "Nc3xd4 Ra1+a2",
            "rnb5/8/8/4*3/8/2N5/*7/R4B2 b 5/5 0/0 -/- play",
        ),
    ];
    for (typed, action, fen) in cases {
        let mut g = from_fen(EXAMPLES);
        let p = ok(&mut g, Side::White, typed);
        assert_eq!(p.action, action, "{typed}");
        assert_eq!(g.fen(), fen, "{typed}");
        assert_eq!(g.ask().map(|a| a.side), Some(Side::Black));
    }
    // 7. Move Rook next to Knight, resurrect Bishop: before the move only the knight
    // is next to c2, so the resurrection alone is refused.
    let mut g = from_fen("rnb5/8/8/8/8/2N5/7R/8 w 5/5 0/0 B/- play");
    assert!(no(&mut g, Side::White, "B@c2").contains("not next to two of your wizards"));
    let p = ok(&mut g, Side::White, "Rh2-d2 B@c2");
    assert_eq!(p.action, "Rh2-d2 B@c2");
    assert_eq!(g.fen(), "rnb5/8/8/8/8/2N5/2BR4/8 b 5/5 0/0 -/- play");
    // The last turn's squares are highlighted.
    let v = g.view(Viewer::Public);
    assert_eq!(v.last_move.len(), 3);
}

// ruling Z3: conjure kills own and enemy wizards; resurrection returns a wall to hand.
#[test]
fn z3_kills_and_walls_to_hand_through_the_game() {
    let mut g = from_fen("7n/8/8/8/3n4/B1N5/1R6/8 w 5/5 0/0 -/- play");
    // The same knight may not conjure twice in one turn.
    assert!(no(&mut g, Side::White, "Nc3+d4 Nc3+b2").contains("already conjured a wall this turn"));
    let p = ok(&mut g, Side::White, "Nc3+d4 Ba3+b2");
    assert_eq!(
        p.printed,
        "Nc3+d4 (kills black Nd4), Ba3+b2 (kills white Rb2)"
    );
    assert_eq!(p.events.len(), 2, "{:?}", p.events);
    let w = walls_of(&g).pos();
    assert_eq!(w.points, [3, 5]);
    assert_eq!(w.hand, [3, 5]);
    assert_eq!(w.dead, [vec![Role::Rook], vec![Role::Knight]]);
    ok(&mut g, Side::Black, "pass");
    // b2 is next to both the bishop on a3 and the knight on c3.
    let p = ok(&mut g, Side::White, "R@b2");
    assert_eq!(p.printed, "R@b2 (wall to hand)");
    let w = walls_of(&g).pos();
    assert_eq!(w.hand, [4, 5]);
    assert!(!w.walls.contains(sq("b2")));
    assert!(w.dead[0].is_empty());
}

// ruling Z4: the win at 10 arrives mid-turn; the second action is not played.
#[test]
fn z4_win_mid_turn_in_a_game() {
    let mut g = from_fen("7n/8/8/8/3r4/2N5/8/8 w 5/5 7/0 -/- play");
    let p = ok(&mut g, Side::White, "Nc3+d4, Nc3-b5");
    assert_eq!(p.action, "Nc3+d4");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(
            Side::White,
            arcana::i18n::Msg::new("reason-ten-points")
        ))
    );
    assert!(g.ask().is_none());
}

// ruling Z5: threefold repetition is claimable, never automatic.
#[test]
fn z5_threefold_through_game() {
    let mut g = set_up(VariantId::Walls);
    for _ in 0..2 {
        ok(&mut g, Side::White, "Nb1-a3");
        ok(&mut g, Side::Black, "Nb8-a6");
        ok(&mut g, Side::White, "Na3-b1");
        ok(&mut g, Side::Black, "Na6-b8");
    }
    assert_eq!(g.claimable_draw().as_deref(), Some("threefold repetition"));
    for _ in 0..8 {
        ok(&mut g, Side::White, "pass");
        ok(&mut g, Side::Black, "pass");
    }
    assert!(g.outcome().is_none());
}

#[test]
fn perft_through_the_game_api() {
    // See the unit test `perft_by_hand` for the count.
    let g = from_fen("7n/8/8/8/8/8/*7/R*6 w 0/5 0/0 -/- play");
    assert_eq!(g.perft(1), 21);
    let start = set_up(VariantId::Walls);
    let divide = start.perft_divide(1);
    assert_eq!(divide.len() as u64, start.perft(1));
    assert!(divide.iter().any(|(t, _)| t == "pass"));
}

fn random_answer(g: &Game, rng: &mut rand_chacha::ChaCha8Rng) -> String {
    let w = walls_of(g);
    let pos = w.pos();
    let ask = g.ask().expect("ask");
    match ask.question {
        Question::SetupWalls => {
            if rng.gen_ratio(1, 20) {
                return "pass".into();
            }
            let mut free: Vec<Square> = (wall_zone() & !pos.blocked()).collect();
            free.shuffle(rng);
            free[..3]
                .iter()
                .map(|s| format!("@{s}"))
                .collect::<Vec<_>>()
                .join(" ")
        }
        Question::SetupTeam => {
            if rng.gen_ratio(1, 20) {
                return "pass".into();
            }
            let mut free: Vec<Square> = (home_zone(ask.side) & !pos.blocked()).collect();
            free.shuffle(rng);
            let roles: Vec<Role> = if pos.full {
                let teams = team_compositions();
                let team = &teams[rng.gen_range(0..teams.len())];
                team.iter()
                    .flat_map(|(r, c)| std::iter::repeat_n(*r, *c as usize))
                    .collect()
            } else {
                vec![Role::Bishop, Role::Knight, Role::Rook]
            };
            roles
                .iter()
                .zip(free)
                .map(|(r, s)| format!("{}@{s}", r.letter()))
                .collect::<Vec<_>>()
                .join(" ")
        }
        _ => {
            let mut chosen: Vec<Action> = Vec::new();
            for _ in 0..rng.gen_range(0..=2) {
                let options = w.actions_after(&chosen);
                // Prefer actions that kill, so games reach 10 points.
                let killing: Vec<Action> = options
                    .iter()
                    .copied()
                    .filter(|a| match a {
                        Action::Conjure { at, .. } | Action::Resurrect { at, .. } => {
                            pos.board.side_at(*at) == Some(ask.side.other())
                        }
                        _ => false,
                    })
                    .collect();
                let pool = if !killing.is_empty() && rng.gen_ratio(1, 2) {
                    killing
                } else {
                    options
                };
                if let Some(a) = pool.choose(rng) {
                    chosen.push(*a);
                }
            }
            if chosen.is_empty() {
                "pass".into()
            } else {
                chosen
                    .iter()
                    .map(Action::text)
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        }
    }
}

/// Random games of both kinds: nothing panics, invariants hold, mangled input is
/// refused without change, and each game replays exactly from its record.
#[test]
fn random_playouts_replay_exactly() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    let mut wins = 0;
    for game_no in 0..1000 {
        let v = if game_no % 2 == 0 {
            VariantId::Walls
        } else {
            VariantId::WallsFull
        };
        let seed = rng.gen();
        let mut g = Game::new(v, &Options::new(), seed).expect("game");
        let mut record = Vec::new();
        let mut total = None;
        for _ in 0..150 {
            let Some(ask) = g.ask() else { break };
            let text = random_answer(&g, &mut rng);
            if rng.gen_ratio(1, 10) {
                // A mangled answer is refused (or is some other legal answer).
                let mut bad: Vec<char> = text.chars().collect();
                let i = rng.gen_range(0..bad.len());
                bad[i] = ['x', '+', '@', '9', 'Q', ' '][rng.gen_range(0..6)];
                let bad: String = bad.into_iter().collect();
                let before = g.clone();
                if let Ok(p) = g.play(ask.side, &bad) {
                    record.push((ask.side, p.action));
                    continue;
                }
                assert_eq!(g, before);
            }
            let points_before = walls_of(&g).pos().points;
            let p = g
                .play(ask.side, &text)
                .unwrap_or_else(|e| panic!("{} `{text}` refused: {e}", g.fen()));
            record.push((ask.side, p.action));
            let pos = walls_of(&g).pos();
            assert!(pos.points.iter().zip(points_before).all(|(a, b)| *a >= b));
            if ask.question == Question::Move {
                // Walls are conserved in play: on the board or in a hand.
                let now = pos.walls.count() + pos.hand[0] + pos.hand[1];
                assert_eq!(*total.get_or_insert(now), now, "{}", g.fen());
            }
            assert!(!g.legal_texts().is_empty() || g.is_over());
        }
        if g.is_over() {
            wins += 1;
        }
        let mut replay = Game::new(v, &Options::new(), seed).expect("game");
        for (side, action) in &record {
            replay
                .play(*side, action)
                .unwrap_or_else(|e| panic!("replay `{action}`: {e}"));
        }
        assert_eq!(replay, g);
        assert_eq!(replay.fen(), g.fen());
        let again = Game::from_fen(v, &g.fen(), &Options::new(), 0).expect("fen");
        assert_eq!(again.fen(), g.fen());
    }
    assert!(wins > 100, "only {wins} games reached 10 points");
}

// X-WALLS-11; rulings Z2 and Z6 through the service: a whole game with the setup phase, a
// timeout that passes the turn, /claim refused, and /draw claim on threefold.
#[test]
fn z6_whole_game_through_the_service() {
    const CH: u64 = 77;
    let h = Harness::new();
    h.ok(
        "alice",
        CH,
        Request::Challenge {
            opponent: user("bob"),
            variant: VariantId::Walls,
            color: ColorChoice::White,
            days: Some(1),
            options: Options::new(),
            rated: true,
        },
    );
    let r = h.ok("bob", CH, Request::Accept);
    assert!(r[0].text.contains("place your walls"), "{}", r[0].text);
    h.mv("alice", CH, "@c4 @d5 @f3");
    h.mv("bob", CH, "@c5 @e4 @f6");
    let r = h.mv("alice", CH, "B@c1 N@b1 R@a1");
    // Each player's setup example names squares on their own ranks.
    assert!(r.text.contains("`B@c8 N@d7 R@a8`"), "{}", r.text);
    let r = h.mv("bob", CH, "B@c8 N@b8 R@a8");
    assert!(r.text.contains("your move"), "{}", r.text);
    h.mv("alice", CH, "Nb1-a3 Na3+b4");
    // bob lets his time run out: the tick passes his turn (Z6).
    h.clock.advance(DAY_MS - 1);
    assert!(h
        .service
        .tick()
        .iter()
        .all(|t| !t.reply.text.contains("time ran out")));
    h.clock.advance(1);
    // Before the scheduler runs, alice may not claim a win on time (Z6).
    let e = h.refused("alice", CH, Request::Claim);
    assert!(e.contains("no win to claim"), "{e}");
    let t = h.service.tick();
    let pass = t
        .iter()
        .find(|t| t.reply.text.contains("time ran out"))
        .expect("a pass notice");
    assert_eq!(pass.channel, CH);
    assert_eq!(pass.reply.to, Audience::Channel);
    assert!(pass.reply.text.contains("pass"), "{}", pass.reply.text);
    assert!(pass.reply.image.is_some());
    // Only once.
    assert!(h
        .service
        .tick()
        .iter()
        .all(|t| !t.reply.text.contains("time ran out")));
    // It is alice's turn again.
    let e = h.refused(
        "bob",
        CH,
        Request::Move {
            text: "pass".into(),
        },
    );
    assert!(e.contains("not your turn"), "{e}");
    h.mv("alice", CH, "Na3-b1");
    let hist = h.history(CH);
    assert!(hist.contains("pass"), "{hist}");
    // Shuffle to a threefold repetition and claim it.
    let e = h.refused("bob", CH, Request::Draw(DrawAction::Claim));
    assert!(e.contains("no draw to claim"), "{e}");
    for _ in 0..2 {
        h.mv("bob", CH, "Nb8-a6");
        h.mv("alice", CH, "Nb1-a3");
        h.mv("bob", CH, "Na6-b8");
        h.mv("alice", CH, "Na3-b1");
    }
    let r = h.ok("bob", CH, Request::Draw(DrawAction::Claim));
    assert!(
        r[0].text.contains("Draw by threefold repetition"),
        "{}",
        r[0].text
    );
}

// ruling Z6 in the setup, X-WALLS-2: a timed-out team setup places the default team.
#[test]
fn z6_timeout_in_setup_places_defaults() {
    let mut g = new_game(VariantId::WallsFull);
    let p = ok(&mut g, Side::White, "pass");
    assert_eq!(p.printed, "pass (no walls placed)");
    ok(&mut g, Side::Black, "@c5 @e4 @f6");
    let p = ok(&mut g, Side::White, "pass");
    assert_eq!(p.printed, "pass (default team R@a1 N@b1 B@c1)");
    assert_eq!(p.action, "pass");
    ok(&mut g, Side::Black, "pass");
    assert_eq!(g.fen(), "rnb5/8/5*2/2*5/4*3/8/8/RNB5 w 5/5 0/0 -/- play");
}

// X-WALLS-12: no options.
#[test]
fn rules_and_availability() {
    assert!(VariantId::available().contains(&VariantId::Walls));
    assert!(VariantId::available().contains(&VariantId::WallsFull));
    let text = arcana::variants::rules_text(VariantId::WallsFull);
    assert!(text.contains("10 points") && text.contains("`Nc3+d4`"));
    assert!(Game::new(
        VariantId::Walls,
        &[("wands".to_string(), "x".to_string())]
            .into_iter()
            .collect(),
        0
    )
    .is_err());
}

/// Random junk, typed at every kind of question and given as FEN, never panics and
/// never changes a game.
#[test]
fn junk_input_is_refused_without_panic() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let pieces = [
        "@",
        "+",
        "x",
        ":",
        "-",
        " ",
        ",",
        "N",
        "B",
        "R",
        "Q",
        "P",
        "K",
        "c3",
        "d4",
        "e9",
        "z",
        "wall",
        "break",
        "resurrect",
        "pass",
        "é",
        "0",
        "99",
        "*",
        "/",
        "w",
        "b",
        "play",
    ];
    let mut games = vec![
        new_game(VariantId::Walls),
        set_up(VariantId::Walls),
        from_fen(EXAMPLES),
    ];
    let mut full = new_game(VariantId::WallsFull);
    ok(&mut full, Side::White, "@c4 @d5 @f3");
    ok(&mut full, Side::Black, "@c5 @e4 @f6");
    games.push(full);
    for _ in 0..3000 {
        let n = rng.gen_range(1..8);
        let text: String = (0..n)
            .map(|_| *pieces.choose(&mut rng).expect("piece"))
            .collect();
        for g in &mut games {
            let Some(ask) = g.ask() else { continue };
            let before = g.clone();
            if g.play(ask.side, &text).is_ok() {
                *g = before;
            } else {
                assert_eq!(*g, before);
            }
        }
        let _ = Game::from_fen(VariantId::WallsFull, &text, &Options::new(), 0);
        let _ = Game::from_fen(VariantId::Walls, &format!("{text} w"), &Options::new(), 0);
    }
    assert!(Game::from_fen(
        VariantId::Walls,
        &format!("{}/8/8/8/8/8/8/8 w", "9".repeat(40)),
        &Options::new(),
        0
    )
    .is_err());
}

// Z6 and the store: a timeout pass in the setup of a Full game is recorded like any
// answer, so the game replays after a restart; autocomplete offers single actions.
#[test]
fn z6_full_game_pass_survives_a_restart() {
    const CH: u64 = 78;
    let dir = tempfile::tempdir().expect("dir");
    let clock = std::sync::Arc::new(arcana::service::clock::ManualClock::new(common::START_MS));
    {
        let h = Harness::on_disk(dir.path(), clock.clone());
        h.ok(
            "alice",
            CH,
            Request::Challenge {
                opponent: user("bob"),
                variant: VariantId::WallsFull,
                color: ColorChoice::White,
                days: Some(2),
                options: Options::new(),
                rated: true,
            },
        );
        h.ok("bob", CH, Request::Accept);
        h.mv("alice", CH, "@c4 @d5 @f3");
        // bob never places his walls: after two days the tick passes for him.
        clock.advance(2 * DAY_MS);
        let t = h.service.tick();
        assert!(
            t.iter().any(|t| t.reply.text.contains("time ran out")),
            "{t:?}"
        );
        h.mv("alice", CH, "Q@d1 P@c2 P@e2");
    }
    let h = Harness::on_disk(dir.path(), clock.clone());
    let r = h.mv("bob", CH, "B@c8 P@a7 P@b7 P@c7 P@d7 P@e7 P@f7 P@g7 P@h7");
    assert!(r.text.contains("your move"), "{}", r.text);
    let hist = h.history(CH);
    assert!(hist.contains("pass (no walls placed)"), "{hist}");
    let choices = h.service.autocomplete(CH, user("alice").id, "Q");
    assert!(!choices.is_empty() && choices.len() <= 25, "{choices:?}");
    assert!(choices.iter().all(|c| c.starts_with('Q')), "{choices:?}");
    h.mv("alice", CH, "Qd1-d4 Qd4+e5");
    let board = h.ok("carol", CH, Request::Board);
    assert!(board[0].image.is_some());
}

/// Issue 52: a text Wizard Walls cannot read at all is told apart from an answer read
/// and refused (a move read back after a restart is refused to its writer; chat is not).
#[test]
fn unreadable_text_is_told_apart_from_a_refused_answer() {
    let mut g = new_game(VariantId::Walls);
    let white = g.ask().expect("asked").side;
    let chat = g.play(white, "nice one, see you").expect_err("chat");
    assert!(chat.unreadable(), "{chat:?}");
    // Setup squares outside the wall zone read as walls and are refused as such.
    let refused = g.play(white, "@a1 @b1 @c1").expect_err("not in the zone");
    assert!(!refused.unreadable(), "{refused:?}");
}
