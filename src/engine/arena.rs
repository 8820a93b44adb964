//! The arena: plays games between the computer at some level, a random player, another
//! level or an external UCI engine (plain chess), with colours fixed or alternating and
//! seeded openings, adjudicating games the rules cannot end (docs/engine.md).

pub use super::elo::Score;
use super::uci::{Budget, UciEngine, UciSpec};
use super::{decide, decide_first, parse_level, Settings, LEVELS};
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
/// Openings drawn at most per game before one that ends the game is kept anyway.
const OPENING_TRIES: u32 = 20;

/// Who plays one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A uniformly random legal answer.
    Random,
    Engine {
        level: u8,
    },
    /// `engine:v1`: the first search, kept as a yardstick ([`crate::engine::decide_first`]).
    First,
    /// An external engine over the Universal Chess Interface (plain chess only).
    Uci(UciSpec),
}

impl Player {
    /// `random`, `engine:LEVEL`, `engine:v1` or `uci:PATH[:Name=Value,...]`.
    pub fn parse(text: &str) -> Result<Player, String> {
        let trimmed = text.trim();
        if let Some(rest) = trimmed.strip_prefix("uci:") {
            return UciSpec::parse(rest).map(Player::Uci);
        }
        let t = trimmed.to_ascii_lowercase();
        if t == "random" {
            return Ok(Player::Random);
        }
        match t.strip_prefix("engine:") {
            Some("v1") => Ok(Player::First),
            Some(l) => Ok(Player::Engine {
                level: parse_level(l)?,
            }),
            None => Err(format!(
                "A player is `random`, `engine:LEVEL` (1-8), `engine:v1` or `uci:PATH[:Name=Value,...]`, not `{text}`."
            )),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Engine { level } => write!(f, "engine:{level}"),
            Player::First => f.write_str("engine:v1"),
            Player::Uci(spec) => {
                write!(f, "uci:{}", spec.path)?;
                let options: Vec<String> = spec
                    .options
                    .iter()
                    .map(|(n, v)| format!("{n}={v}"))
                    .collect();
                if !options.is_empty() {
                    write!(f, ":{}", options.join(","))?;
                }
                Ok(())
            }
        }
    }
}

/// What a match is.
#[derive(Clone, Debug)]
pub struct Match {
    pub variant: VariantId,
    pub options: Options,
    /// The first player: White in every game, or in the even-numbered games (0, 2, ...)
    /// when colours alternate.
    pub white: Player,
    /// The second player.
    pub black: Player,
    pub games: u32,
    pub seed: u64,
    /// Optional thinking-time cap per answer; a UCI engine's `go movetime`.
    pub max_time: Option<Duration>,
    /// A UCI engine's `go nodes` (instead of a time).
    pub nodes: Option<u64>,
    /// Colours swap game by game (games 2k and 2k+1 share their opening).
    pub alternate: bool,
    /// Random legal answers played from the start before the players take over,
    /// drawn from a generator seeded by the match seed (and the pair of games).
    pub opening_plies: u32,
    /// Answers after which a game is adjudicated ([`MAX_ANSWERS`] unless a quick
    /// look asks for fewer).
    pub max_answers: usize,
}

impl Match {
    /// A match with fixed colours, no time cap and no opening plies.
    pub fn new(variant: VariantId, white: Player, black: Player, games: u32, seed: u64) -> Match {
        Match {
            variant,
            options: Options::new(),
            white,
            black,
            games,
            seed,
            max_time: None,
            nodes: None,
            alternate: false,
            opening_plies: 0,
            max_answers: MAX_ANSWERS,
        }
    }

    fn player(&self, seat: usize) -> &Player {
        if seat == 0 {
            &self.white
        } else {
            &self.black
        }
    }

    /// A UCI engine's budget per move: the node count, else the time cap, else 1 s.
    fn uci_budget(&self) -> Budget {
        match (self.nodes, self.max_time) {
            (Some(n), _) => Budget::Nodes(n),
            (None, Some(t)) => Budget::Millis(u64::try_from(t.as_millis()).unwrap_or(u64::MAX)),
            (None, None) => Budget::Millis(1000),
        }
    }
}

/// How one game went.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    pub outcome: Outcome,
    pub answers: usize,
    pub adjudicated: bool,
    /// The second player had White in this game.
    pub swapped: bool,
    /// Every answer of the game, opening included, with the side that gave it.
    pub moves: Vec<(Side, String)>,
}

/// Totals of a match. `white`, `black`, `draws` count by colour; `first` is the first
/// player's wins, draws and losses. `think` is wall-clock time spent by each player's
/// engine (first, second) and `cpu` the processor time it used, when the caller has a
/// processor clock.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub white: u32,
    pub black: u32,
    pub draws: u32,
    pub adjudicated: u32,
    pub first: Score,
    pub engine_answers: [u32; 2],
    pub think: [Duration; 2],
    pub cpu: [Duration; 2],
}

impl Summary {
    pub fn add(&mut self, r: &GameResult) {
        match &r.outcome {
            Outcome::Win { winner, .. } => {
                match winner {
                    Side::White => self.white += 1,
                    Side::Black => self.black += 1,
                }
                if (*winner == Side::White) != r.swapped {
                    self.first.wins += 1;
                } else {
                    self.first.losses += 1;
                }
            }
            Outcome::Draw { .. } | Outcome::Aborted => {
                self.draws += 1;
                self.first.draws += 1;
            }
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

    /// The first player's score and Elo difference against the second.
    pub fn score_line(&self, first: &Player, second: &Player) -> String {
        format!("{first} against {second}: {}", self.first)
    }
}

/// The arena's ruling on a game stopped after [`Match::max_answers`]: the side ahead by
/// [`ADJUDICATION_LEAD`] in the variant's evaluation wins, else a draw.
pub fn adjudicate(game: &Game) -> Outcome {
    let lead = game.visit(WhiteScore);
    if lead >= ADJUDICATION_LEAD {
        Outcome::win(Side::White, crate::i18n::Msg::new("reason-adjudication"))
    } else if lead <= -ADJUDICATION_LEAD {
        Outcome::win(Side::Black, crate::i18n::Msg::new("reason-adjudication"))
    } else {
        Outcome::draw(crate::i18n::Msg::new("reason-adjudication"))
    }
}

struct WhiteScore;

impl crate::variants::RulesVisitor for WhiteScore {
    type Output = i32;
    fn visit<R: crate::variants::Rules>(self, rules: &R) -> i32 {
        rules.evaluate(Side::White)
    }
}

/// The UCI coordinates of `answer` now, for plain chess.
fn uci_text(game: &Game, answer: &str) -> Option<String> {
    struct Uci<'a>(&'a str);
    impl crate::variants::RulesVisitor for Uci<'_> {
        type Output = Option<String>;
        fn visit<R: crate::variants::Rules>(self, rules: &R) -> Option<String> {
            rules.uci(self.0)
        }
    }
    game.visit(Uci(answer))
}

/// A uniformly random answer that the rules accept. A listed answer may still want a
/// confirmation (Spell Chess self-check): the random player then picks among the
/// others, and only when every answer wants one among the answers as they must be
/// typed.
pub fn random_answer(game: &Game, side: Side, rng: &mut GameRng) -> Result<String, String> {
    let plays = |t: &String| game.clone().play(side, t).is_ok();
    let mut texts = game.legal_texts();
    texts.shuffle(rng);
    match texts.into_iter().find(plays) {
        Some(t) => Ok(t),
        None => {
            let mut typed = game.typed_texts();
            typed.shuffle(rng);
            typed
                .into_iter()
                .find(plays)
                .ok_or_else(|| "the rules offer no playable answer".to_string())
        }
    }
}

/// A game after its opening: the moves so far (also in UCI coordinates, for the
/// external engines) and how many answers they were.
struct Opened {
    game: Game,
    uci_moves: Vec<String>,
    moves: Vec<(Side, String)>,
    answers: usize,
}

/// A match under way: its external engines run for the whole match.
pub struct Arena<'a> {
    m: &'a Match,
    /// The first and the second player's UCI engine, when they are one.
    uci: [Option<UciEngine>; 2],
}

impl<'a> Arena<'a> {
    /// Checks the match and starts its UCI engines: they play plain chess only.
    pub fn open(m: &'a Match) -> Result<Arena<'a>, String> {
        let mut uci = [None, None];
        for (seat, engine) in uci.iter_mut().enumerate() {
            if let Player::Uci(spec) = m.player(seat) {
                if !Game::new(m.variant, &m.options, 0)
                    .map_err(|e| e.to_string())?
                    .is_plain_chess()
                {
                    return Err(format!(
                        "UCI engines play plain chess (`standard`) only, not {}.",
                        m.variant.name()
                    ));
                }
                *engine = Some(UciEngine::start(spec)?);
            }
        }
        Ok(Arena { m, uci })
    }

    /// Plays game number `index` of the match, timing each engine's answers into
    /// `summary` and adding the processor time read from `cpu_clock` (the processor
    /// time used so far by this thread, `None` where the system gives none): unlike
    /// wall-clock time, it does not grow when other programs share the machine. An
    /// external engine's time is wall-clock only.
    pub fn play_game(
        &mut self,
        index: u32,
        summary: &mut Summary,
        cpu_clock: &dyn Fn() -> Option<Duration>,
    ) -> Result<GameResult, String> {
        let m = self.m;
        let game_seed = m
            .seed
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(u64::from(index));
        let swapped = m.alternate && index % 2 == 1;
        // The players' own generator, apart from the game's.
        let mut players_rng = GameRng::seed_from_u64(game_seed ^ 0x05ee_d0fa_7e7a);
        for engine in self.uci.iter_mut().flatten() {
            engine.new_game()?;
        }
        let Opened {
            mut game,
            mut uci_moves,
            mut moves,
            mut answers,
        } = self.opening(index, game_seed)?;
        while let Some(ask) = game.ask() {
            if answers >= m.max_answers {
                return Ok(GameResult {
                    outcome: adjudicate(&game),
                    answers,
                    adjudicated: true,
                    swapped,
                    moves,
                });
            }
            let seat = ask.side.index() ^ usize::from(swapped);
            let player = m.player(seat);
            let text = match player {
                Player::Random => random_answer(&game, ask.side, &mut players_rng)?,
                Player::Engine { .. } | Player::First => {
                    let seed = players_rng.gen();
                    self.engine_answer(&game, ask.side, seat, seed, summary, cpu_clock)?
                }
                Player::Uci(_) => self.uci_answer(&game, seat, &uci_moves, summary)?,
            };
            let who = player.to_string();
            self.play(&mut game, ask.side, &text, &mut uci_moves, &who)?;
            moves.push((ask.side, text));
            answers += 1;
        }
        Ok(GameResult {
            outcome: game.outcome().unwrap_or(Outcome::Aborted),
            answers,
            adjudicated: false,
            swapped,
            moves,
        })
    }

    /// The random opening of game number `index`: the same for both games of a pair
    /// when colours alternate. An opening that ends the game (a king zapped in Wand
    /// Chess) is no opening: it is drawn again, from where the opening generator
    /// stands, so that the players decide every game (the other games are unchanged).
    fn opening(&mut self, index: u32, game_seed: u64) -> Result<Opened, String> {
        let m = self.m;
        let pair = if m.alternate { index / 2 } else { index };
        let mut opening_rng = GameRng::seed_from_u64(
            m.seed
                .wrapping_mul(0x2545_f491_4f6c_dd1d)
                .wrapping_add(u64::from(pair)),
        );
        let mut tries = 0;
        loop {
            let mut o = Opened {
                game: Game::new(m.variant, &m.options, game_seed).map_err(|e| e.to_string())?,
                uci_moves: Vec::new(),
                moves: Vec::new(),
                answers: 0,
            };
            while o.answers < m.opening_plies as usize {
                let Some(ask) = o.game.ask() else { break };
                let text = random_answer(&o.game, ask.side, &mut opening_rng)?;
                self.play(
                    &mut o.game,
                    ask.side,
                    &text,
                    &mut o.uci_moves,
                    "the opening",
                )?;
                o.moves.push((ask.side, text));
                o.answers += 1;
            }
            tries += 1;
            if o.game.ask().is_some() || tries >= OPENING_TRIES {
                return Ok(o);
            }
        }
    }

    /// The answer of this crate's engine in `seat` (a level, or the first search),
    /// its time added to `summary`.
    fn engine_answer(
        &self,
        game: &Game,
        side: Side,
        seat: usize,
        seed: u64,
        summary: &mut Summary,
        cpu_clock: &dyn Fn() -> Option<Duration>,
    ) -> Result<String, String> {
        let m = self.m;
        let player = m.player(seat);
        let settings = Settings {
            level: match player {
                Player::Engine { level } => *level,
                _ => *LEVELS.end(),
            },
            seed,
            max_time: m.max_time,
            full_budget: false,
            first_ladder: false,
        };
        let t = Instant::now();
        let c = cpu_clock();
        let d = if *player == Player::First {
            decide_first(game, side, &settings)
        } else {
            decide(game, side, &settings)
        }
        .ok_or("the engine found no answer")?;
        summary.think[seat] += t.elapsed();
        if let (Some(before), Some(after)) = (c, cpu_clock()) {
            summary.cpu[seat] += after.saturating_sub(before);
        }
        summary.engine_answers[seat] += 1;
        Ok(d.text)
    }

    /// The answer of the external UCI engine in `seat`, after `uci_moves`, as the
    /// rules write it; its time added to `summary`.
    fn uci_answer(
        &mut self,
        game: &Game,
        seat: usize,
        uci_moves: &[String],
        summary: &mut Summary,
    ) -> Result<String, String> {
        let m = self.m;
        let player = m.player(seat);
        let engine = self.uci[seat]
            .as_mut()
            .ok_or("the UCI engine is not running")?;
        let t = Instant::now();
        let best = engine.best_move(uci_moves, m.uci_budget())?;
        summary.think[seat] += t.elapsed();
        summary.engine_answers[seat] += 1;
        game.legal_texts()
            .into_iter()
            .find(|a| uci_text(game, a).as_deref() == Some(best.as_str()))
            .ok_or_else(|| format!("{player} played `{best}`, not a legal move here"))
    }

    /// Plays `text`, noting its UCI coordinates when external engines listen.
    fn play(
        &self,
        game: &mut Game,
        side: Side,
        text: &str,
        uci_moves: &mut Vec<String>,
        who: &str,
    ) -> Result<(), String> {
        if self.uci.iter().any(Option::is_some) {
            uci_moves
                .push(uci_text(game, text).ok_or_else(|| format!("`{text}` has no UCI form"))?);
        }
        game.play(side, text)
            .map_err(|e| format!("{who} answered `{text}`, refused: {e}"))?;
        Ok(())
    }
}

/// Plays game number `index` of the match (starting its UCI engines for this game).
pub fn play_game(m: &Match, index: u32, summary: &mut Summary) -> Result<GameResult, String> {
    play_game_timed(m, index, summary, &|| None)
}

/// [`play_game`] with a processor clock ([`Arena::play_game`]).
pub fn play_game_timed(
    m: &Match,
    index: u32,
    summary: &mut Summary,
    cpu_clock: &dyn Fn() -> Option<Duration>,
) -> Result<GameResult, String> {
    Arena::open(m)?.play_game(index, summary, cpu_clock)
}
