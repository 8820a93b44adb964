//! The pure part of tournaments: Swiss pairings checked against a brute force over
//! every pairing of every field up to 10 players, and standings against tables
//! computed by hand.

use arcana::tournament::standings::{crosstable_csv, forfeit_remaining, table, text, Tiebreak};
use arcana::tournament::swiss::{pair, PairingError};
use arcana::tournament::{scores, Bye, Game, Outcome, Round};
use std::collections::HashSet;

fn game(round: u32, white: usize, black: usize, outcome: Outcome) -> Game {
    Game {
        round,
        white,
        black,
        outcome: Some(outcome),
        forfeit: false,
    }
}

/// A small deterministic generator (xorshift), so the cases repeat.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// What a pairing costs, most important first: the sum of squared score differences
/// (the bye counted against one below the lowest score) and the colour clashes.
fn cost(round: &Round, active: &[bool], games: &[Game], byes: &[Bye]) -> i64 {
    let score = scores(active.len(), games, byes);
    let lowest = (0..active.len())
        .filter(|&p| active[p])
        .map(|p| score[p])
        .min()
        .unwrap_or(0) as i64;
    let mut c = 0;
    for &(w, b) in &round.pairs {
        let d = score[w] as i64 - score[b] as i64;
        c += d * d;
    }
    if let Some(p) = round.bye {
        let d = score[p] as i64 - lowest + 1;
        c += d * d;
    }
    c
}

/// The least cost over every legal pairing with the most games, by trying each.
fn brute(active: &[bool], games: &[Game], byes: &[Bye]) -> Option<i64> {
    let players: Vec<usize> = (0..active.len()).filter(|&p| active[p]).collect();
    let met: HashSet<(usize, usize)> = games
        .iter()
        .map(|g| (g.white.min(g.black), g.white.max(g.black)))
        .collect();
    let had_bye: HashSet<usize> = byes.iter().map(|b| b.player).collect();
    fn go(
        left: &[usize],
        met: &HashSet<(usize, usize)>,
        had_bye: &HashSet<usize>,
        bye_used: bool,
        acc: &mut Round,
        best: &mut Option<Round>,
        eval: &dyn Fn(&Round) -> i64,
    ) {
        let Some((&first, rest)) = left.split_first() else {
            if best.as_ref().is_none_or(|b| eval(acc) < eval(b)) {
                *best = Some(acc.clone());
            }
            return;
        };
        // `first` sits out with the bye (only when the field is odd).
        if !bye_used && left.len() % 2 == 1 && !had_bye.contains(&first) {
            acc.bye = Some(first);
            go(rest, met, had_bye, true, acc, best, eval);
            acc.bye = None;
        }
        for (i, &other) in rest.iter().enumerate() {
            if met.contains(&(first.min(other), first.max(other))) {
                continue;
            }
            let mut remaining = rest.to_vec();
            remaining.remove(i);
            acc.pairs.push((first, other));
            go(&remaining, met, had_bye, bye_used, acc, best, eval);
            acc.pairs.pop();
        }
    }
    let mut best = None;
    let eval = |r: &Round| cost(r, active, games, byes);
    go(
        &players,
        &met,
        &had_bye,
        false,
        &mut Round::default(),
        &mut best,
        &eval,
    );
    best.map(|b| eval(&b))
}

fn check_legal(round: &Round, active: &[bool], games: &[Game], byes: &[Bye]) {
    let mut seen = HashSet::new();
    for &(w, b) in &round.pairs {
        assert!(active[w] && active[b], "only active players are paired");
        assert!(seen.insert(w) && seen.insert(b), "one game a round");
        assert!(
            !games.iter().any(|g| g.opponent(w) == Some(b)),
            "no rematch: {w} and {b}"
        );
    }
    if let Some(p) = round.bye {
        assert!(seen.insert(p));
        assert!(!byes.iter().any(|b| b.player == p), "no second bye for {p}");
    }
    assert_eq!(
        seen.len(),
        active.iter().filter(|a| **a).count(),
        "everyone active has a game or the bye"
    );
}

// ruling X-TOUR-1
#[test]
fn swiss_pairings_match_brute_force_on_every_field_up_to_ten() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut compared = 0;
    for players in 2..=10 {
        for event in 0..40 {
            let mut active = vec![true; players];
            let mut games: Vec<Game> = Vec::new();
            let mut byes: Vec<Bye> = Vec::new();
            for round in 1..=players as u32 {
                // Now and then someone leaves.
                if event % 3 == 0 && round == 3 && players > 3 {
                    active[(rng.next() % players as u64) as usize] = false;
                }
                let expected = brute(&active, &games, &byes);
                match pair(&active, &games, &byes) {
                    Ok(r) => {
                        check_legal(&r, &active, &games, &byes);
                        assert_eq!(
                            Some(cost(&r, &active, &games, &byes)),
                            expected,
                            "players {players}, round {round}, games {games:?}, byes {byes:?}"
                        );
                        compared += 1;
                        for &(w, b) in &r.pairs {
                            let outcome = match rng.next() % 3 {
                                0 => Outcome::WhiteWins,
                                1 => Outcome::Draw,
                                _ => Outcome::BlackWins,
                            };
                            games.push(game(round, w, b, outcome));
                        }
                        if let Some(p) = r.bye {
                            byes.push(Bye { round, player: p });
                        }
                    }
                    Err(e) => {
                        assert_eq!(expected, None, "brute force found a pairing: {e}");
                        break;
                    }
                }
            }
        }
    }
    assert!(compared > 1000, "only {compared} rounds compared");
}

// ruling X-TOUR-1
#[test]
fn swiss_colours_alternate_and_round_one_splits_the_field() {
    let active = vec![true; 6];
    let r1 = pair(&active, &[], &[]).expect("a first round");
    // Top half against bottom half, colours alternating by board.
    assert_eq!(r1.pairs, vec![(0, 3), (4, 1), (2, 5)]);
    assert_eq!(r1.bye, None);
    let games: Vec<Game> = r1
        .pairs
        .iter()
        .map(|&(w, b)| game(1, w, b, Outcome::Draw))
        .collect();
    let r2 = pair(&active, &games, &[]).expect("a second round");
    for &(w, b) in &r2.pairs {
        // Everyone drew, so the colours of round one decide: whites now play black.
        let was_white = |p| games.iter().any(|g| g.white == p);
        assert!(!was_white(w) || was_white(b), "{w} had white, {b} black");
        assert!(!was_white(w) && was_white(b), "colours alternate: {r2:?}");
    }
}

#[test]
fn swiss_bye_goes_to_the_lowest_and_never_twice() {
    let active = vec![true; 3];
    // 0 beat 1; 2 had the bye.
    let games = vec![game(1, 0, 1, Outcome::WhiteWins)];
    let byes = vec![Bye {
        round: 1,
        player: 2,
    }];
    let r = pair(&active, &games, &byes).expect("round two");
    assert_eq!(r.bye, Some(1), "the lowest without a bye sits out");
    assert_eq!(r.pairs.len(), 1);
    // Two players who met and nobody else: nothing to pair.
    assert_eq!(
        pair(&[true, true], &games, &[]),
        Err(PairingError::NoPairing)
    );
    assert_eq!(pair(&[true], &[], &[]), Err(PairingError::TooFewPlayers));
}

#[test]
fn swiss_equal_scores_meet() {
    // Round 1 of 8: 0,2,4,6 won. Round 2 pairs winners with winners.
    let active = vec![true; 8];
    let games: Vec<Game> = (0..4)
        .map(|i| game(1, 2 * i, 2 * i + 1, Outcome::WhiteWins))
        .collect();
    let r = pair(&active, &games, &[]).expect("round two");
    let score = scores(8, &games, &[]);
    for &(w, b) in &r.pairs {
        assert_eq!(score[w], score[b], "{w} and {b} have equal scores");
    }
}

#[test]
fn sonneborn_berger_and_direct_encounter_by_hand() {
    // 0 beat 1 and 2 and drew 3; 1 drew 2 and beat 3; 3 beat 2.
    // Points: 0 2½, 1 1½, 3 1½, 2 ½.
    // SB: 0 = 1½ + ½ + ½·1½ = 2.75; 1 = 1½ + ½·½ = 1.75; 3 = ½·2½ + ½ = 1.75;
    // 2 = ½·1½ = 0.75. 1 and 3 level on both: 1 beat 3, so 1 is second.
    let games = vec![
        game(1, 0, 1, Outcome::WhiteWins),
        game(1, 2, 3, Outcome::BlackWins),
        game(2, 0, 2, Outcome::WhiteWins),
        game(2, 1, 3, Outcome::WhiteWins),
        game(3, 0, 3, Outcome::Draw),
        game(3, 1, 2, Outcome::Draw),
    ];
    let rows = table(&[false; 4], &games, &[], Tiebreak::SonnebornBerger, true);
    let seen: Vec<(usize, usize, u32, String, u32)> = rows
        .iter()
        .map(|r| {
            (
                r.place,
                r.player,
                r.points,
                r.show_tiebreak(Tiebreak::SonnebornBerger),
                r.direct,
            )
        })
        .collect();
    assert_eq!(
        seen,
        vec![
            (1, 0, 5, "2.75".to_string(), 0),
            (2, 1, 3, "1.75".to_string(), 2),
            (3, 3, 3, "1.75".to_string(), 0),
            (4, 2, 1, "0.75".to_string(), 0),
        ]
    );
    let names: Vec<String> = ["alice", "bob", "carol", "dave"].map(String::from).to_vec();
    let csv = crosstable_csv(&names, &rows, &games, Tiebreak::SonnebornBerger);
    assert_eq!(
        csv,
        "place,player,alice,bob,dave,carol,points,tiebreak\n\
         1,alice,,1,½,1,2½,2.75\n\
         2,bob,0,,1,½,1½,1.75\n\
         3,dave,½,0,,1,1½,1.75\n\
         4,carol,0,½,0,,½,0.75\n"
    );
}

#[test]
fn level_on_everything_shares_a_place() {
    // A cycle: each beat one and lost to one.
    let games = vec![
        game(1, 0, 1, Outcome::WhiteWins),
        game(2, 1, 2, Outcome::WhiteWins),
        game(3, 2, 0, Outcome::WhiteWins),
    ];
    let rows = table(&[false; 3], &games, &[], Tiebreak::SonnebornBerger, true);
    assert!(rows.iter().all(|r| r.place == 1 && r.points == 2));
    assert_eq!(
        rows.iter().map(|r| r.player).collect::<Vec<_>>(),
        vec![0, 1, 2]
    );
}

// ruling X-TOUR-4
#[test]
fn buchholz_cut_one_by_hand_with_a_bye() {
    // Five players, two rounds.
    // R1: 0 beat 1, 2 drew 3, 4 bye. R2: 4 beat 0, 3 beat 1, 2 bye.
    // Points: 0 1, 1 0, 2 1½, 3 1½, 4 2.
    // Buchholz cut-1: 4 = {bye 0, 0: 1} cut 0 → 1; 2 = {3: 1½, bye 0} → 1½;
    // 3 = {2: 1½, 1: 0} → 1½; 0 = {1: 0, 4: 2} → 2; 1 = {0: 1, 3: 1½} → 1½.
    // 2 and 3 are level on 1½ and 1½ and drew: they share third place.
    let games = vec![
        game(1, 0, 1, Outcome::WhiteWins),
        game(1, 2, 3, Outcome::Draw),
        game(2, 4, 0, Outcome::WhiteWins),
        game(2, 3, 1, Outcome::WhiteWins),
    ];
    let byes = vec![
        Bye {
            round: 1,
            player: 4,
        },
        Bye {
            round: 2,
            player: 2,
        },
    ];
    let rows = table(&[false; 5], &games, &byes, Tiebreak::BuchholzCut1, false);
    let seen: Vec<(usize, usize, u32, u32)> = rows
        .iter()
        .map(|r| (r.place, r.player, r.points, r.tiebreak))
        .collect();
    assert_eq!(
        seen,
        vec![
            (1, 4, 4, 2),
            (2, 2, 3, 3),
            (2, 3, 3, 3),
            (4, 0, 2, 4),
            (5, 1, 0, 3)
        ]
    );
}

// ruling X-TOUR-3
#[test]
fn a_round_robin_dropout_under_half_is_struck() {
    // Four players; 3 withdrew after one game (a win over 0), their other two
    // games forfeited: one of three played, under half, so struck.
    let mut games = vec![
        game(1, 3, 0, Outcome::WhiteWins),
        game(1, 1, 2, Outcome::Draw),
        game(2, 0, 1, Outcome::Draw),
        game(3, 0, 2, Outcome::WhiteWins),
        game(3, 1, 3, Outcome::WhiteWins),
    ];
    let mut f = game(2, 2, 3, Outcome::WhiteWins);
    f.forfeit = true;
    games.push(f);
    games[4].forfeit = true;
    let withdrawn = [false, false, false, true];
    let rows = table(&withdrawn, &games, &[], Tiebreak::SonnebornBerger, true);
    let seen: Vec<(usize, u32, bool)> = rows
        .iter()
        .map(|r| (r.player, r.points, r.struck))
        .collect();
    // Without 3's games: 0 = ½ + 1 = 1½, 1 = ½ + ½ = 1, 2 = ½ + 0 = ½.
    assert_eq!(
        seen,
        vec![(0, 3, false), (1, 2, false), (2, 1, false), (3, 0, true)]
    );
    // Had 3 played two of three, their results would stand.
    let mut played = games.clone();
    played[5].forfeit = false;
    let rows = table(&withdrawn, &played, &[], Tiebreak::SonnebornBerger, true);
    assert!(rows.iter().all(|r| !r.struck));
    assert_eq!(
        rows.iter().find(|r| r.player == 3).map(|r| r.points),
        Some(2)
    );
}

// ruling X-TOUR-3
#[test]
fn a_dropout_forfeits_what_is_left_and_the_text_says_so() {
    let mut games = vec![
        game(1, 0, 1, Outcome::WhiteWins),
        Game {
            round: 2,
            white: 2,
            black: 0,
            outcome: None,
            forfeit: false,
        },
        Game {
            round: 3,
            white: 0,
            black: 3,
            outcome: None,
            forfeit: false,
        },
        Game {
            round: 3,
            white: 1,
            black: 2,
            outcome: None,
            forfeit: false,
        },
    ];
    assert_eq!(forfeit_remaining(&mut games, 0), 2);
    assert_eq!(games[1].outcome, Some(Outcome::WhiteWins));
    assert_eq!(games[2].outcome, Some(Outcome::BlackWins));
    assert!(games[1].forfeit && games[2].forfeit && !games[0].forfeit);
    assert_eq!(games[3].outcome, None, "other games are left alone");
    assert_eq!(
        forfeit_remaining(&mut games, 0),
        0,
        "a second time changes nothing"
    );
    let names: Vec<String> = ["alice", "bob", "carol", "dave"].map(String::from).to_vec();
    let rows = table(
        &[true, false, false, false],
        &games,
        &[],
        Tiebreak::SonnebornBerger,
        true,
    );
    // alice played one of three: struck, so bob's loss to her is gone too.
    assert_eq!(
        text(&names, &rows, Tiebreak::SonnebornBerger),
        "1. bob — 0 points, SB 0\n\
         1. carol — 0 points, SB 0\n\
         1. dave — 0 points, SB 0\n\
         4. alice — 0 points, SB 0 (withdrew, results struck)"
    );
    // Without the rule: carol and dave each beat alice (1 point): SB 1; alice beat
    // bob (0 points): SB 0.
    let rows = table(
        &[true, false, false, false],
        &games,
        &[],
        Tiebreak::SonnebornBerger,
        false,
    );
    assert_eq!(
        text(&names, &rows, Tiebreak::SonnebornBerger),
        "1. carol — 1 point, SB 1\n\
         1. dave — 1 point, SB 1\n\
         3. alice — 1 point, SB 0 (withdrew)\n\
         4. bob — 0 points, SB 0"
    );
}
