//! Judging a position: what each answer is worth to the solver by the computer's
//! search, and whether exactly one of them wins clearly, in every draw of what the
//! solver cannot see.
//!
//! An answer is judged by playing it and letting the computer answer the position it
//! leaves (the opponent's search, or the solver's own where its turn goes on): the
//! search's value is the answer's worth. An answer wins clearly when it mates (the
//! search sees a won game) or when it is worth at least a minor piece more than the
//! position's baseline (the material on the board, or what the solver had before the
//! opponent's last turn, whichever is more).

use crate::core::view::Viewer;
use crate::core::Side;
use crate::engine::{decide, Settings};
use crate::variants::{Game, GameRng, Rules, RulesVisitor};
use rand::SeedableRng;

/// A won game seen by the search, in hundredths of a pawn; anything beyond half of it
/// is a win.
pub const WON: i32 = 100_000;
/// A game the answer itself wins (a mate on the board, the last king taken, the
/// points reached): more than a win the search sees further on.
pub const FINISHED: i32 = 2 * WON;
/// A clear win beyond the baseline: a minor piece (hundredths of a pawn).
pub const MINOR: i32 = 300;
/// How much less than the solution every other answer must be worth, when the
/// solution wins material rather than the game.
pub const MARGIN: i32 = 300;
/// How far the finding pass's quick look ([`Depth::screen`]) may underrate an answer:
/// an answer is judged in full unless it would be no rival even this much better.
pub const SLACK: i32 = 300;

/// How deeply a check searches: the level whose budget judges each answer (its plain
/// search: alpha-beta where the game has perfect information, else the tree search),
/// how many draws of what the solver cannot see, and the seed of the search's own
/// generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Depth {
    pub level: u8,
    pub draws: usize,
    pub seed: u64,
    /// The finding pass's shortcuts ([`only_win`]): the level of a quick look that
    /// orders the other answers (likeliest rivals first) and leaves out those clearly
    /// out of reach, and worlds that are one and the same judged once. `None` for the
    /// second check, which judges every answer at `level` in every world it draws.
    pub screen: Option<u8>,
}

impl Depth {
    /// The finding search.
    pub const FIND: Depth = Depth {
        level: 5,
        draws: 4,
        seed: 1,
        screen: Some(3),
    };
    /// The second, independent check: a level deeper, twice the draws, another seed,
    /// no shortcut.
    pub const CONFIRM: Depth = Depth {
        level: 6,
        draws: 8,
        seed: 0x5eed_c0f1_4a11,
        screen: None,
    };

    /// The search's settings in `game`, the seed mixed with `salt`. Games searched by
    /// the tree search run the level's plain budget (no answers drawn at random, as
    /// some of today's levels do), so that the judge always searches.
    pub fn settings(&self, game: &Game, salt: u64) -> Settings {
        Settings {
            first_ladder: !game.perfect_information(),
            ..Settings::new(
                self.level,
                self.seed
                    .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                    .wrapping_add(salt),
            )
        }
    }
}

/// Why a position or a line is no puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The position cannot be rebuilt, or the game is over there.
    Unplayable(String),
    /// The best answer does not win clearly.
    NoWin,
    /// This other answer wins too.
    Several(String),
    /// This other answer is not clearly worse.
    Close(String),
    /// An answer of the line draws on chance.
    Chance,
    /// The first answer mates, but the line does not reach the mate with one answer
    /// at each step.
    MateNotForced,
    /// The second check finds another answer (or none) at this step of the line.
    Disagrees(usize),
    /// The line wins no game, and once the opponent has answered its last step the
    /// solver is not a minor piece up on the start: the win lies beyond the line.
    NotKept,
    /// An earlier puzzle of the same game starts with the same answer (a piece left
    /// hanging for several turns): [`crate::puzzles::distinct`] would drop this one, so
    /// it is not checked a second time.
    Repeated,
}

impl Rejection {
    /// A short name for the tallies.
    pub fn name(&self) -> &'static str {
        match self {
            Rejection::Unplayable(_) => "unplayable",
            Rejection::NoWin => "no clear win",
            Rejection::Several(_) => "two winning answers",
            Rejection::Close(_) => "another answer close",
            Rejection::Chance => "chance",
            Rejection::MateNotForced => "mate not forced",
            Rejection::Disagrees(_) => "second check disagrees",
            Rejection::NotKept => "material not kept",
            Rejection::Repeated => "first answer repeated",
        }
    }
}

/// Material on the board of `side`'s own view, `side`'s less the opponent's, in
/// hundredths of a pawn (pawn 100 ... queen 900, kings 0).
pub fn material(game: &Game, side: Side) -> i32 {
    let view = game.view(Viewer::Player(side));
    let on_board = view.pieces.iter().filter(|p| p.cell.square().is_some());
    on_board
        .map(|p| (p.piece.role.value() as i32 * 100, p.piece.side == side))
        .map(|(v, own)| if own { v } else { -v })
        .sum()
}

/// The side asked at `game`: the solver of a puzzle there.
pub fn solver(game: &Game) -> Result<Side, Rejection> {
    game.ask()
        .map(|a| a.side)
        .ok_or_else(|| Rejection::Unplayable("the game is over".into()))
}

/// Whether `worth` wins clearly over `baseline`: a won game seen, or a minor piece
/// more.
pub fn wins(worth: i32, baseline: i32) -> bool {
    worth >= WON / 2 || worth >= baseline.min(WON / 2) + MINOR
}

/// A search's value (0..1, for the side it searched for) in hundredths of a pawn: a
/// certain win or loss is [`WON`] either way.
fn centipawns(value: f64) -> i32 {
    if value >= 1.0 - 1e-12 {
        return WON;
    }
    if value <= 1e-12 {
        return -WON;
    }
    let cp = 250.0 * (value / (1.0 - value)).ln();
    (cp.round() as i32).clamp(-WON / 4, WON / 4)
}

/// The value for the side asked at `game` of its position, by the search of `depth`:
/// [`WON`] when it sees a won game.
pub fn value(game: &Game, depth: &Depth, salt: u64) -> Option<i32> {
    let ask = game.ask()?;
    let d = decide(game, ask.side, &depth.settings(game, salt))?;
    let v = d
        .stats
        .iter()
        .find(|(t, _, _)| *t == d.text)
        .map(|(_, _, v)| *v)?;
    Some(centipawns(v))
}

/// What `answer` is worth to `solver` at `game` (the solver asked there): the value of
/// the position it leaves, for the solver; `None` when the rules refuse it.
pub fn worth(game: &Game, solver: Side, answer: &str, depth: &Depth, salt: u64) -> Option<i32> {
    worth_drawn(game, solver, answer, depth, salt).map(|(w, _)| w)
}

/// [`worth`], and whether the answer drew on the game's generator (its outcome is
/// chance: this worth is one draw of it).
fn worth_drawn(
    game: &Game,
    solver: Side,
    answer: &str,
    depth: &Depth,
    salt: u64,
) -> Option<(i32, bool)> {
    worth_against(game, solver, answer, depth, salt, 0)
}

/// [`worth_drawn`] of an answer judged against a solution worth `best`: when `best`
/// ends the game at once, only an answer that does so too can rival it, and the
/// answers that do not are worth [`WON`] (no search returns more) without a search.
fn worth_against(
    game: &Game,
    solver: Side,
    answer: &str,
    depth: &Depth,
    salt: u64,
    best: i32,
) -> Option<(i32, bool)> {
    let mut child = game.clone();
    child.play(solver, answer).ok()?;
    let drawn = child.draws() != game.draws();
    if let Some(o) = child.outcome() {
        let w = match o {
            crate::variants::Outcome::Win { winner, .. } if winner == solver => FINISHED,
            crate::variants::Outcome::Win { .. } => -FINISHED,
            _ => 0,
        };
        return Some((w, drawn));
    }
    let next = child.ask()?.side;
    if best >= FINISHED {
        return Some((WON, drawn));
    }
    let v = value(&child, depth, salt)?;
    Some((if next == solver { v } else { -v }, drawn))
}

/// The answers the computer considers at `game`, each with what it wins at once, those
/// that win most first (the likeliest rivals of a solution are judged first).
pub fn answers(game: &Game) -> Vec<String> {
    struct Listed;
    impl RulesVisitor for Listed {
        type Output = Vec<(String, i32)>;
        fn visit<R: Rules>(self, rules: &R) -> Vec<(String, i32)> {
            rules.candidates_with_gain()
        }
    }
    let mut list = game.visit(Listed);
    list.sort_by_key(|(_, gain)| std::cmp::Reverse(*gain));
    list.into_iter().map(|(t, _)| t).collect()
}

/// The worlds the solver cannot tell apart at `game`: the game itself where it has
/// perfect information, else `depth.draws` determinisations from the solver's view.
/// The finding pass ([`Depth::screen`]) keeps one of worlds that are the same (a game
/// with nothing hidden and nothing drawn draws copies).
fn worlds(game: &Game, solver: Side, depth: &Depth) -> Vec<Game> {
    if game.perfect_information() {
        return vec![game.clone()];
    }
    let mut rng = GameRng::seed_from_u64(depth.seed ^ 0xd7a3_5eed);
    let mut drawn: Vec<Game> = (0..depth.draws.max(1))
        .map(|_| game.determinised(solver, &mut rng))
        .collect();
    if depth.screen.is_some() && !game.uses_randomness() {
        let key = |g: &Game| (g.fen(), g.secrets_held());
        let mut seen = std::collections::BTreeSet::new();
        drawn.retain(|w| seen.insert(key(w)));
    }
    drawn
}

/// The other answers to judge in full at `worlds`, against the solution's worths
/// `bests` there: all of them for the second check; in the finding pass
/// ([`Depth::screen`]) each is first looked at by the quick search, those that would
/// rival nothing even [`SLACK`] better are left out (the second check judges them all)
/// and the rest come likeliest rival first. An answer of chance is looked at in every
/// world and its mean set against the solution's least worth, as the full judgement
/// does.
fn screened(
    worlds: &[Game],
    solver: Side,
    others: Vec<String>,
    bests: &[i32],
    baseline: i32,
    depth: &Depth,
) -> Vec<String> {
    let (Some(level), Some(world), Some(&best)) = (depth.screen, worlds.first(), bests.first())
    else {
        return others;
    };
    let least = bests.iter().copied().min().unwrap_or(best);
    let quick = Depth {
        level,
        draws: 1,
        screen: None,
        ..*depth
    };
    let mut looked: Vec<(i32, String)> = Vec::with_capacity(others.len());
    for other in others {
        let (w, against) = match worth_against(world, solver, &other, &quick, 0x5c, best) {
            None => (i32::MAX, best),
            Some((w, false)) => (w, best),
            Some((w, true)) => (mean_look(worlds, solver, &other, &quick, w, best), least),
        };
        if w == i32::MAX || rivals(against, w.saturating_add(SLACK), baseline).is_some() {
            looked.push((w, other));
        }
    }
    looked.sort_by_key(|(w, _)| std::cmp::Reverse(*w));
    looked.into_iter().map(|(_, a)| a).collect()
}

/// The mean worth of the answer of chance `other` by the quick look `quick` over
/// `worlds`, `first` being its worth in the first.
fn mean_look(
    worlds: &[Game],
    solver: Side,
    other: &str,
    quick: &Depth,
    first: i32,
    best: i32,
) -> i32 {
    let rest = worlds
        .iter()
        .skip(1)
        .filter_map(|w| worth_against(w, solver, other, quick, 0x5c, best));
    let (sum, n) = rest.fold((i64::from(first), 1i64), |(s, n), (v, _)| {
        (s + i64::from(v), n + 1)
    });
    i32::try_from(sum / n).unwrap_or(0)
}

/// Whether `other` spoils the solution `best` (both worths for the solver): an answer
/// that wins the game at once admits no other that does (a slower win is no rival);
/// a win seen further on admits no other win; a win of material admits no other win
/// and none within [`MARGIN`] of it.
fn rivals(best: i32, other: i32, baseline: i32) -> Option<bool> {
    let several = match best {
        b if b >= FINISHED => other >= FINISHED,
        _ => wins(other, baseline),
    };
    if several {
        return Some(true);
    }
    (best < WON / 2 && other > best - MARGIN).then_some(false)
}

/// [`rivals`] as a rejection naming the rival.
fn rival(best: i32, other: i32, baseline: i32, answer: &str) -> Result<(), Rejection> {
    match rivals(best, other, baseline) {
        Some(true) => Err(Rejection::Several(answer.to_string())),
        Some(false) => Err(Rejection::Close(answer.to_string())),
        None => Ok(()),
    }
}

/// The solver's only clearly winning answer at `game`, in every world the solver
/// cannot tell from it, with its least worth over those worlds; the solver is the
/// side asked. No other answer may rival it ([`rivals`]) in any world; an answer of
/// chance, whose worth in one world is one roll of it, is judged by its mean over the
/// worlds. A solution of chance is [`Rejection::Chance`]: a puzzle is never a gamble.
pub fn only_win(game: &Game, baseline: i32, depth: &Depth) -> Result<(String, i32), Rejection> {
    let solver = solver(game)?;
    let solution = decide(game, solver, &depth.settings(game, 0))
        .ok_or(Rejection::NoWin)?
        .text;
    let worlds = worlds(game, solver, depth);
    // The solution first, in every world: most candidates fail here, before any other
    // answer is judged.
    let mut bests = Vec::with_capacity(worlds.len());
    for (k, world) in worlds.iter().enumerate() {
        let (best, drawn) =
            worth_drawn(world, solver, &solution, depth, k as u64 + 1).ok_or(Rejection::NoWin)?;
        if drawn {
            return Err(Rejection::Chance);
        }
        if !wins(best, baseline) {
            return Err(Rejection::NoWin);
        }
        bests.push(best);
    }
    let least = bests.iter().copied().min().ok_or(Rejection::NoWin)?;
    let others: Vec<String> = answers(game)
        .into_iter()
        .filter(|a| *a != solution)
        .collect();
    let others = screened(&worlds, solver, others, &bests, baseline, depth);
    // Answers of chance among the others: their worths summed over the worlds.
    let mut gambles: std::collections::BTreeMap<&str, (i64, i64)> = Default::default();
    for (k, (world, best)) in worlds.iter().zip(bests).enumerate() {
        let salt = k as u64 + 1;
        for other in &others {
            let Some((w, drawn)) = worth_against(world, solver, other, depth, salt, best) else {
                continue;
            };
            if drawn {
                let g = gambles.entry(other).or_default();
                *g = (g.0 + i64::from(w), g.1 + 1);
                continue;
            }
            rival(best, w, baseline, other)?;
        }
    }
    // A gamble (a zap of an unknown wand) is a rival only when it wins on average.
    for (other, (sum, n)) in gambles {
        let mean = i32::try_from(sum / n.max(1)).unwrap_or(0);
        rival(least, mean, baseline, other)?;
    }
    Ok((solution, least))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_won_game_is_a_win_and_a_minor_piece_over_the_baseline_is_one() {
        assert!(wins(WON, 0));
        assert!(wins(WON, WON));
        assert!(wins(350, 0));
        assert!(!wins(250, 0));
        assert!(!wins(650, 400));
        assert_eq!(centipawns(1.0), WON);
        assert_eq!(centipawns(0.0), -WON);
        assert_eq!(centipawns(0.5), 0);
        // A mate on the board admits a slower win beside it, not another mate.
        assert_eq!(rivals(FINISHED, WON, 0), None);
        assert_eq!(rivals(FINISHED, FINISHED, 0), Some(true));
        assert_eq!(rivals(WON, WON, 0), Some(true));
        assert_eq!(rivals(500, 350, 0), Some(true));
        assert_eq!(rivals(500, 250, 0), Some(false));
        assert_eq!(rivals(500, 100, 0), None);
    }

    fn fen_game(variant: crate::variants::VariantId, fen: &str) -> Game {
        Game::from_fen(variant, fen, &crate::variants::Options::new(), 1).expect("a position")
    }

    #[test]
    fn the_finding_pass_judges_copies_of_one_world_once_and_the_second_check_all() {
        use crate::variants::VariantId;
        // Spell Chess hides nothing and draws nothing: its draws are copies.
        let spell = fen_game(VariantId::Spell, "q3k3/8/8/3N4/8/8/8/4K3[] w - - 0 1");
        assert_eq!(worlds(&spell, Side::White, &Depth::FIND).len(), 1);
        assert_eq!(worlds(&spell, Side::White, &Depth::CONFIRM).len(), 8);
        // Wand Chess's unknown wands differ from draw to draw: every one is judged.
        let wand = fen_game(VariantId::Wand, "q3k3/8/8/3N4/8/8/8/4K3 w - - 0 1");
        assert_eq!(worlds(&wand, Side::White, &Depth::FIND).len(), 4);
        assert_eq!(Depth::CONFIRM.screen, None);
    }

    #[test]
    fn the_quick_look_leaves_out_only_answers_that_rival_nothing() {
        use crate::variants::VariantId;
        // Rc8 and Rd8 both mate: beside the mate Rd8, the quick look keeps Rc8 (the
        // second check and the finder then judge it) and leaves out every answer that
        // does not end the game (none can rival a mate on the board).
        let game = fen_game(
            VariantId::Standard,
            "6k1/5ppp/8/8/r7/8/5PPP/2RR2K1 w - - 0 1",
        );
        let others: Vec<String> = answers(&game)
            .into_iter()
            .filter(|a| a != "Rd1-d8")
            .collect();
        assert!(others.len() > 10);
        let one = std::slice::from_ref(&game);
        let kept = screened(
            one,
            Side::White,
            others.clone(),
            &[FINISHED],
            0,
            &Depth::FIND,
        );
        assert_eq!(kept, vec!["Rc1-c8".to_string()]);
        // The second check has no quick look: every answer is judged.
        let all = screened(
            one,
            Side::White,
            others.clone(),
            &[FINISHED],
            0,
            &Depth::CONFIRM,
        );
        assert_eq!(all, others);
        // Against a win of material no answer here loses enough to be left out, and
        // the likeliest rival, the other mate, comes first.
        let material = screened(one, Side::White, others.clone(), &[400], 0, &Depth::FIND);
        assert_eq!(material.len(), others.len(), "{material:?}");
        assert_eq!(material.first().map(String::as_str), Some("Rc1-c8"));
    }

    #[test]
    fn the_quick_look_leaves_out_a_gamble_that_rivals_nothing_over_the_worlds() {
        use crate::variants::VariantId;
        // Beside the mate Rd8, a zap of an unknown wand (chance: its worth in one world
        // is one roll) rivals nothing in any world: the finding pass leaves it out,
        // the second check judges it.
        let game = fen_game(VariantId::Wand, "6k1/5ppp/8/8/r7/8/5PPP/3R2K1 w - - 0 1");
        let worlds = worlds(&game, Side::White, &Depth::FIND);
        let others: Vec<String> = answers(&game)
            .into_iter()
            .filter(|a| a != "Rd1-d8")
            .collect();
        let gambles: Vec<&String> = others
            .iter()
            .filter(|a| worth_drawn(&game, Side::White, a, &Depth::FIND, 1).is_some_and(|w| w.1))
            .collect();
        assert!(!gambles.is_empty(), "{others:?}");
        let bests = vec![FINISHED; worlds.len()];
        let kept = screened(
            &worlds,
            Side::White,
            others.clone(),
            &bests,
            0,
            &Depth::FIND,
        );
        assert!(gambles.iter().all(|g| !kept.contains(g)), "{kept:?}");
        let all = screened(
            &worlds,
            Side::White,
            others.clone(),
            &bests,
            0,
            &Depth::CONFIRM,
        );
        assert_eq!(all, others);
    }

    #[test]
    fn beside_a_mate_on_the_board_an_answer_that_does_not_end_the_game_is_not_searched() {
        use crate::variants::VariantId;
        let game = fen_game(
            VariantId::Standard,
            "6k1/5ppp/8/8/r7/8/5PPP/2RR2K1 w - - 0 1",
        );
        let d = Depth::CONFIRM;
        assert_eq!(
            worth_against(&game, Side::White, "Rc1-c8", &d, 1, FINISHED),
            Some((FINISHED, false))
        );
        assert_eq!(
            worth_against(&game, Side::White, "h2-h3", &d, 1, FINISHED),
            Some((WON, false))
        );
        // Against a lesser solution the answer is searched: no won game seen.
        let searched = worth_against(&game, Side::White, "h2-h3", &d, 1, WON);
        assert!(searched.is_some_and(|(w, _)| w < WON / 2), "{searched:?}");
    }
}
