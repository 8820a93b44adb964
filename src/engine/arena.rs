//! The arena: plays games between the computer at some level and a random player (or
//! another level), adjudicating games the rules cannot end (docs/engine.md).

use super::{decide, parse_level, Settings};
use crate::core::Side;
use crate::variants::{Game, GameRng, Options, Outcome, VariantId};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::fmt;
use std::time::{Duration, Instant};

/// Answers (every question, setup included) after which the arena adjudicates.
pub const MAX_ANSWERS: usize = 400;
/// Evaluation lead (hundredths of a pawn, by the variant's own evaluation of the true
/// state) that wins an adjudicated game; anything less is a draw.
pub const ADJUDICATION_LEAD: i32 = 300;

/// Who plays one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A uniformly random legal answer.
    Random,
    Engine {
        level: u8,
    },
}

impl Player {
    /// `random` or `engine:LEVEL`.
    pub fn parse(text: &str) -> Result<Player, String> {
        let t = text.trim().to_ascii_lowercase();
        if t == "random" {
            return Ok(Player::Random);
        }
        match t.strip_prefix("engine:") {
            Some(l) => Ok(Player::Engine {
                level: parse_level(l)?,
            }),
            None => Err(format!(
                "A player is `random` or `engine:LEVEL` (1-5), not `{text}`."
            )),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Engine { level } => write!(f, "engine:{level}"),
        }
    }
}

/// What a match is.
#[derive(Clone, Debug)]
pub struct Match {
    pub variant: VariantId,
    pub options: Options,
    pub white: Player,
    pub black: Player,
    pub games: u32,
    pub seed: u64,
    /// Optional thinking-time cap per answer.
    pub max_time: Option<Duration>,
}

/// How one game went.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    pub outcome: Outcome,
    pub answers: usize,
    pub adjudicated: bool,
}

/// Totals of a match; `think` is wall-clock time spent by each colour's engine and
/// `cpu` the processor time it used, when the caller has a processor clock.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub white: u32,
    pub black: u32,
    pub draws: u32,
    pub adjudicated: u32,
    pub engine_answers: [u32; 2],
    pub think: [Duration; 2],
    pub cpu: [Duration; 2],
}

impl Summary {
    pub fn add(&mut self, r: &GameResult) {
        match &r.outcome {
            Outcome::Win {
                winner: Side::White,
                ..
            } => self.white += 1,
            Outcome::Win { .. } => self.black += 1,
            Outcome::Draw { .. } | Outcome::Aborted => self.draws += 1,
        }
        if r.adjudicated {
            self.adjudicated += 1;
        }
    }

    /// The last line of `arcana arena`.
    pub fn line(&self) -> String {
        format!(
            "white {}, black {}, draws {}",
            self.white, self.black, self.draws
        )
    }
}

/// The arena's ruling on a game stopped after [`MAX_ANSWERS`]: the side ahead by
/// [`ADJUDICATION_LEAD`] in the variant's evaluation wins, else a draw.
pub fn adjudicate(game: &Game) -> Outcome {
    let lead = game.visit(WhiteScore);
    if lead >= ADJUDICATION_LEAD {
        Outcome::win(Side::White, "adjudication")
    } else if lead <= -ADJUDICATION_LEAD {
        Outcome::win(Side::Black, "adjudication")
    } else {
        Outcome::draw("adjudication")
    }
}

struct WhiteScore;

impl crate::variants::RulesVisitor for WhiteScore {
    type Output = i32;
    fn visit<R: crate::variants::Rules>(self, rules: &R) -> i32 {
        rules.evaluate(Side::White)
    }
}

/// Plays game number `index` of the match, timing each engine's answers into `summary`.
pub fn play_game(m: &Match, index: u32, summary: &mut Summary) -> Result<GameResult, String> {
    play_game_timed(m, index, summary, &|| None)
}

/// [`play_game`], also adding each engine's processor time read from `cpu_clock` (the
/// processor time used so far by this thread, `None` where the system gives none):
/// unlike wall-clock time, it does not grow when other programs share the machine.
pub fn play_game_timed(
    m: &Match,
    index: u32,
    summary: &mut Summary,
    cpu_clock: &dyn Fn() -> Option<Duration>,
) -> Result<GameResult, String> {
    let game_seed = m
        .seed
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(u64::from(index));
    let mut game = Game::new(m.variant, &m.options, game_seed)?;
    // The players' own generator, apart from the game's.
    let mut players_rng = GameRng::seed_from_u64(game_seed ^ 0x05ee_d0fa_7e7a);
    let mut answers = 0;
    while let Some(ask) = game.ask() {
        if answers >= MAX_ANSWERS {
            return Ok(GameResult {
                outcome: adjudicate(&game),
                answers,
                adjudicated: true,
            });
        }
        let player = match ask.side {
            Side::White => m.white,
            Side::Black => m.black,
        };
        let text = match player {
            Player::Random => {
                // A listed answer may still want a confirmation (Spell Chess self-check):
                // the random player then picks among the others, and only when every
                // answer wants one among the answers as they must be typed.
                let plays = |t: &String| game.clone().play(ask.side, t).is_ok();
                let mut texts = game.legal_texts();
                texts.shuffle(&mut players_rng);
                match texts.into_iter().find(plays) {
                    Some(t) => t,
                    None => {
                        let mut typed = game.typed_texts();
                        typed.shuffle(&mut players_rng);
                        typed
                            .into_iter()
                            .find(plays)
                            .ok_or("the rules offer no playable answer")?
                    }
                }
            }
            Player::Engine { level } => {
                let settings = Settings {
                    level,
                    seed: players_rng.gen(),
                    max_time: m.max_time,
                    full_budget: false,
                };
                let t = Instant::now();
                let c = cpu_clock();
                let d = decide(&game, ask.side, &settings).ok_or("the engine found no answer")?;
                summary.think[ask.side.index()] += t.elapsed();
                if let (Some(before), Some(after)) = (c, cpu_clock()) {
                    summary.cpu[ask.side.index()] += after.saturating_sub(before);
                }
                summary.engine_answers[ask.side.index()] += 1;
                d.text
            }
        };
        game.play(ask.side, &text)
            .map_err(|e| format!("{player} answered `{text}`, refused: {e}"))?;
        answers += 1;
    }
    Ok(GameResult {
        outcome: game.outcome().unwrap_or(Outcome::Aborted),
        answers,
        adjudicated: false,
    })
}
