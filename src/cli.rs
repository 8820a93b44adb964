//! Command-line entry points: `perft`, `render`, `local`, `run`, `arena`, `ratings`,
//! `verify`.
//!
//! The top of the house: may import every module; nothing imports it but `main.rs`.

use crate::ratings::{LadderScope, Table};
use crate::service::grammar::parse_options;
use crate::variants::{Game, Options, VariantId};
use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "arcana",
    version,
    about = "Correspondence chess variants for Discord"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count legal move paths to a depth (the last line is the total).
    Perft {
        variant: String,
        depth: u32,
        #[arg(long)]
        fen: Option<String>,
        /// Moves to play first, separated by spaces (or by `;` when moves contain spaces).
        #[arg(long)]
        moves: Option<String>,
        /// Print `move: count` for every first move.
        #[arg(long)]
        divide: bool,
        /// Variant options as `key=value`, e.g. `--option wands=moderated`.
        #[arg(long = "option")]
        options: Vec<String>,
    },
    /// Run the Discord bot (needs a bot token; see config.example.toml).
    Run {
        /// The configuration file (TOML).
        #[arg(long)]
        config: Option<std::path::PathBuf>,
        /// Where games are kept: `sled:PATH` or `postgres://...` (wins over the
        /// configuration's `store`).
        #[arg(long)]
        store: Option<String>,
        /// Connect only these Discord shards, `FIRST-LAST/TOTAL` (e.g. `0-3/8`), for
        /// several processes on one PostgreSQL store (wins over `shards`).
        #[arg(long)]
        shards: Option<String>,
    },
    /// Play through the service in a terminal: lines `[#channel ]NAME: TEXT`.
    #[command(after_help = local_example())]
    Local {
        /// The store directory.
        #[arg(long, default_value = "arcana-data")]
        data: std::path::PathBuf,
        /// Where games are kept: `sled:PATH` or `postgres://...` (wins over --data).
        #[arg(long)]
        store: Option<String>,
        /// Where board images and exported files are written.
        #[arg(long, default_value = "arcana-out")]
        out: std::path::PathBuf,
        /// Fixes the randomness of new games.
        #[arg(long)]
        seed: Option<u64>,
        /// Print text only, write no images.
        #[arg(long)]
        no_images: bool,
        /// One ratings ladder for all servers instead of one per server.
        #[arg(long)]
        global_ladder: bool,
        /// Serve the games' web pages on this address, e.g. `127.0.0.1:8080`.
        #[arg(long)]
        web: Option<std::net::SocketAddr>,
    },
    /// Show the stored ratings; with --rebuild, recompute them from the game records
    /// (replaying every finished game) and compare. Run it while the bot is stopped.
    Ratings {
        /// The store directory.
        #[arg(long, default_value = "arcana-data")]
        data: std::path::PathBuf,
        /// Recompute from the records and check that they give the stored values.
        #[arg(long)]
        rebuild: bool,
        /// Rebuild for one global ladder (default: the scope the stored ratings have).
        #[arg(long)]
        global_ladder: bool,
    },
    /// Copy a whole game store into an empty one, e.g. from sled to PostgreSQL
    /// (run it while the bot is stopped): `arcana store-copy --from sled:arcana-data
    /// --to postgres://arcana@127.0.0.1/arcana`.
    StoreCopy {
        /// The store to read: `sled:PATH` or `postgres://...`.
        #[arg(long)]
        from: String,
        /// The empty store to fill: `sled:PATH` or `postgres://...`.
        #[arg(long)]
        to: String,
    },
    /// Read a whole game store and say what is readable and what is not (every game
    /// record replayed, challenges, outbox entries): `arcana store-check --store
    /// sled:arcana-data`. Exits with status 1 when anything is unreadable.
    StoreCheck {
        /// The store to check: `sled:PATH` or `postgres://...`.
        #[arg(long)]
        store: String,
    },
    /// Draw a position as a PNG board image, or (`--gif RECORD`) a whole exported game
    /// as an animated GIF.
    #[command(after_help = render_example())]
    Render {
        /// The variant of the position (not with `--gif`, whose record names it).
        #[arg(required_unless_present = "gif")]
        variant: Option<String>,
        /// An exported record (`/export`'s `.pgn`, or any PGN of plain chess): draws
        /// the whole game as an animated GIF, one frame per turn.
        #[arg(long, value_name = "RECORD_OR_PGN", conflicts_with_all = ["variant", "fen", "moves", "flip", "options"])]
        gif: Option<std::path::PathBuf>,
        /// With `--gif`: the side drawn at the bottom (default white).
        #[arg(long, requires = "gif")]
        side: Option<String>,
        #[arg(long)]
        fen: Option<String>,
        /// Moves to play from the start, separated by spaces (or by `;`).
        #[arg(long)]
        moves: Option<String>,
        /// Where to write the PNG (or the GIF).
        #[arg(long, short = 'o')]
        out: std::path::PathBuf,
        /// Board size in pixels (bars and labels are added around it); default 512 for
        /// a PNG, 384 for a GIF.
        #[arg(long)]
        size: Option<u32>,
        /// Draw from the side not to move (default: from the side to move).
        #[arg(long)]
        flip: bool,
        /// Variant options as `key=value`.
        #[arg(long = "option")]
        options: Vec<String>,
    },
    /// Check an exported record of a game of chance: that its seed commitment is the
    /// SHA-256 of its revealed seed, and that replaying its answers from that seed
    /// gives every roll, wand kind, misfire and card deal it records. Exit code 0 when
    /// everything matches, 1 otherwise (the last line names the first mismatch).
    Verify {
        /// The exported record (`/export`'s `.pgn`).
        file: std::path::PathBuf,
    },
    /// Play computer games between two players, each `random`, `engine:LEVEL` (1-8),
    /// `engine:v1` (the first search, kept as a yardstick) or (standard chess only) `uci:PATH[:Name=Value,...]`, an external UCI engine such as
    /// `uci:stockfish:UCI_LimitStrength=true,UCI_Elo=1500`. Name two players to
    /// alternate colours game by game (the first is White in game 1), or fix them with
    /// --white and --black. Ends with the first player's score and Elo difference, then
    /// `white W, black B, draws D`.
    Arena {
        variant: String,
        /// Two players, alternating colours.
        players: Vec<String>,
        #[arg(long)]
        white: Option<String>,
        #[arg(long)]
        black: Option<String>,
        #[arg(long, default_value_t = 100)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Thinking time per answer in milliseconds: a cap for the engine, `go movetime`
        /// for a UCI engine (1000 when neither this nor --nodes is given).
        #[arg(long)]
        ms: Option<u64>,
        /// Nodes per answer for a UCI engine (`go nodes`), instead of a time.
        #[arg(long)]
        nodes: Option<u64>,
        /// Random legal answers from the start before the players take over (seeded;
        /// shared by both games of a pair). Default: 4 when colours alternate, else 0.
        #[arg(long)]
        opening_plies: Option<u32>,
        /// Answers after which a game is adjudicated by the evaluation.
        #[arg(long, default_value_t = crate::engine::arena::MAX_ANSWERS)]
        max_answers: usize,
        /// Variant options as `key=value`.
        #[arg(long = "option")]
        options: Vec<String>,
        /// Start at game number N (1-based): game N is the same as in a run from 1, so
        /// one game of a long run can be played again alone.
        #[arg(long, default_value_t = 1)]
        first: u32,
        /// After each game's line, print its answers (one line, each prefixed with the
        /// side that gave it).
        #[arg(long)]
        moves: bool,
    },
    /// Rate the computer's levels: a round robin among them in one game (each level
    /// meets the levels within --span of it, --games games a pair, colours
    /// alternating from seeded openings), then one rating per level fitted to every
    /// game, with its 95% interval. In standard chess --anchor adds an external UCI
    /// engine of known rating (`uci:stockfish:UCI_LimitStrength=true,UCI_Elo=1500=1500`)
    /// that meets the levels named by --against.
    Ladder {
        variant: String,
        /// The levels, e.g. `1-8` or `1,2,3`.
        #[arg(long, default_value = "1-8")]
        levels: String,
        #[arg(long, default_value_t = 10)]
        games: u32,
        #[arg(long, default_value_t = 2)]
        span: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// An external player and its rating, `SPEC=RATING` (the last `=`); the
        /// ratings are then on its scale. May be given more than once (Stockfish at
        /// two `UCI_Elo` settings); each anchor meets the levels of --against.
        #[arg(long)]
        anchor: Vec<String>,
        /// The levels the anchor meets, e.g. `7,8`.
        #[arg(long, default_value = "7,8")]
        against: String,
        /// Without an anchor: the rating given to the lowest level.
        #[arg(long, default_value_t = 800.0)]
        base: f64,
        /// Thinking time per answer in milliseconds for a UCI anchor (`go movetime`)
        /// and a cap for the levels; none by default (a level is its budget).
        #[arg(long)]
        ms: Option<u64>,
        /// Pairs played at once, each on its own thread.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Random legal answers from the start of each pair's games (seeded, the
        /// same for both games of a pair).
        #[arg(long, default_value_t = 4)]
        opening_plies: u32,
        /// Variant options as `key=value`.
        #[arg(long = "option")]
        options: Vec<String>,
        /// Files of results already played (the `A against B: score ...` lines that
        /// `arcana arena` and `arcana ladder` print), fitted together with this run's
        /// games; with `--games 0` the ratings are fitted from them alone.
        #[arg(long)]
        played: Vec<String>,
    },
}

/// The levels of `arcana ladder --levels`: `1-8` or `1,3,5`.
fn parse_levels(text: &str) -> Result<Vec<u8>, String> {
    let bad = || format!("levels are `1-8` or `1,2,3`, not `{text}`");
    let mut out = Vec::new();
    for part in text.split(',') {
        let part = part.trim();
        if let Some((a, b)) = part.split_once('-') {
            let a: u8 = a.trim().parse().map_err(|_| bad())?;
            let b: u8 = b.trim().parse().map_err(|_| bad())?;
            out.extend(a..=b);
        } else {
            out.push(part.parse().map_err(|_| bad())?);
        }
    }
    if out.is_empty() || out.iter().any(|l| !crate::engine::LEVELS.contains(l)) {
        return Err(bad());
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// `arcana ladder`: one line per pair as it ends, then the rating table.
fn ladder(a: LadderArgs) -> Result<(), String> {
    use crate::engine::arena::Player;
    use crate::engine::ladder::{fit_anchored, merge, parse_played, run, Pairing, Plan};
    let variant =
        VariantId::parse(a.variant).ok_or_else(|| format!("unknown variant `{}`", a.variant))?;
    let levels = parse_levels(a.levels)?;
    let mut anchor = Vec::new();
    for text in a.anchor {
        let (spec, rating) = text
            .rsplit_once('=')
            .ok_or("--anchor is `SPEC=RATING`, e.g. `uci:stockfish:UCI_LimitStrength=true,UCI_Elo=1500=1500`")?;
        let rating: f64 = rating
            .trim()
            .parse()
            .map_err(|_| format!("--anchor's rating is a number, not `{rating}`"))?;
        anchor.push((Player::parse(spec)?, rating));
    }
    let against = parse_levels(a.against)?;
    let extra: Vec<Player> = anchor.iter().map(|(p, _)| p.clone()).collect();
    let mut plan = Plan::round_robin(variant, &levels, a.span.max(1), extra, &against);
    plan.options = parse_options(a.options)?;
    plan.games = a.games;
    plan.seed = a.seed;
    plan.max_time = a.ms.map(std::time::Duration::from_millis);
    plan.jobs = a.jobs;
    plan.opening_plies = a.opening_plies;
    let names: Vec<String> = plan.players.iter().map(ToString::to_string).collect();
    let cpu_clock = || thread_cpu_time();
    let played = if plan.games == 0 {
        Vec::new()
    } else {
        run(&plan, &cpu_clock, &|p| {
            println!(
                "{} against {}: {}",
                names[p.pairing.a], names[p.pairing.b], p.pairing.score
            );
        })?
    };
    // Results of earlier runs, for the players of this one.
    let mut earlier = Vec::new();
    for file in a.played {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for (first, second, score) in text.lines().filter_map(parse_played) {
            let at = |name: &str| names.iter().position(|n| n == name);
            if let (Some(a), Some(b)) = (at(&first), at(&second)) {
                earlier.push(Pairing { a, b, score });
            }
        }
    }
    // The anchors follow the levels among the players; without one, the lowest level
    // is given --base.
    let anchors: Vec<(usize, f64)> = if anchor.is_empty() {
        vec![(0, a.base)]
    } else {
        anchor
            .iter()
            .enumerate()
            .map(|(k, (_, r))| (levels.len() + k, *r))
            .collect()
    };
    let mut pairings: Vec<Pairing> = played.iter().map(|p| p.pairing.clone()).collect();
    pairings.extend(earlier.iter().cloned());
    let pairings = merge(&pairings);
    let ratings = fit_anchored(plan.players.len(), &pairings, &anchors)
        .ok_or("some player met nobody: no ratings")?;
    // Games, points and processor time per answer of each player.
    let mut games = vec![0u32; plan.players.len()];
    let mut points = vec![0.0f64; plan.players.len()];
    let mut cpu = vec![(0.0f64, 0u32); plan.players.len()];
    for p in &played {
        let (a, b, s) = (p.pairing.a, p.pairing.b, p.pairing.score);
        games[a] += s.games();
        games[b] += s.games();
        points[a] += s.points();
        points[b] += f64::from(s.games()) - s.points();
        for (i, who) in [a, b].into_iter().enumerate() {
            cpu[who].0 += p.cpu_ms[i] * f64::from(p.answers[i]);
            cpu[who].1 += p.answers[i];
        }
    }
    for p in &earlier {
        let (a, b, s) = (p.a, p.b, p.score);
        games[a] += s.games();
        games[b] += s.games();
        points[a] += s.points();
        points[b] += f64::from(s.games()) - s.points();
    }
    println!("player | rating | 95% | above the one below | games | points | cpu ms per answer");
    for (i, name) in names.iter().enumerate() {
        let r = ratings[i];
        let above = if i > 0 && i < levels.len() {
            format!("{:+.0}", r.rating - ratings[i - 1].rating)
        } else {
            "".to_string()
        };
        let interval = if r.half == 0.0 {
            "anchor".to_string()
        } else {
            format!("{:.0} to {:.0}", r.rating - r.half, r.rating + r.half)
        };
        let per = if cpu[i].1 == 0 || matches!(plan.players[i], Player::Uci(_)) {
            "-".to_string()
        } else {
            format!("{:.1}", cpu[i].0 / f64::from(cpu[i].1))
        };
        println!(
            "{name} | {:.0} | {interval} | {above} | {} | {} | {per}",
            r.rating, games[i], points[i]
        );
    }
    Ok(())
}

struct LadderArgs<'a> {
    variant: &'a str,
    levels: &'a str,
    games: u32,
    span: usize,
    seed: u64,
    anchor: &'a [String],
    against: &'a str,
    base: f64,
    ms: Option<u64>,
    jobs: usize,
    opening_plies: u32,
    options: &'a [String],
    played: &'a [String],
}

/// The example session under `arcana local --help`, in the default game.
fn local_example() -> String {
    format!(
        "Example session (type each line, or pipe them in):
  alice: /challenge @bob {} color:white
  bob: /accept
  alice: e4
Then `/help` lists the commands, `/rules <variant>` explains a game and `/legend` names
the marks on the board. Games are kept in --data; use a new folder to start afresh.",
        crate::variants::VariantId::DEFAULT.id()
    )
}

/// The examples under `arcana render --help`, in the default game.
fn render_example() -> String {
    let id = crate::variants::VariantId::DEFAULT.id();
    format!(
        "Examples:
  arcana render {id} --moves \"e4 e5\" --out board.png
  arcana render --gif arcana-{id}-12.pgn -o game.gif --side black"
    )
}

/// Writes lines to standard output. A closed pipe (`arcana perft ... | head -1`) ends
/// the output quietly.
fn print_lines(lines: impl IntoIterator<Item = String>) -> Result<(), String> {
    use std::io::Write;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let written = lines
        .into_iter()
        .try_for_each(|l| writeln!(out, "{l}"))
        .and_then(|()| out.flush());
    match written {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.to_string()),
        _ => Ok(()),
    }
}

/// Builds a game from an optional FEN and plays a list of moves on it.
pub fn setup_game(
    variant: &str,
    fen: Option<&str>,
    moves: Option<&str>,
    options: &Options,
    seed: u64,
) -> Result<Game, String> {
    let variant = VariantId::parse(variant).ok_or_else(|| {
        let ids: Vec<&str> = VariantId::ALL.iter().map(|v| v.id()).collect();
        format!(
            "unknown variant `{variant}`; choose one of {}",
            ids.join(", ")
        )
    })?;
    let mut game = match fen {
        Some(f) => Game::from_fen(variant, f, options, seed)?,
        None => Game::new(variant, options, seed)?,
    };
    if let Some(moves) = moves {
        let list: Vec<&str> = if moves.contains(';') {
            moves
                .split(';')
                .map(str::trim)
                .filter(|m| !m.is_empty())
                .collect()
        } else {
            moves.split_whitespace().collect()
        };
        for m in list {
            let ask = game
                .ask()
                .ok_or_else(|| format!("the game is over before `{m}`"))?;
            game.play(ask.side, m).map_err(|e| e.to_string())?;
        }
    }
    Ok(game)
}

fn perft(
    variant: &str,
    depth: u32,
    fen: Option<&str>,
    moves: Option<&str>,
    divide: bool,
    options: &[String],
) -> Result<(), String> {
    let options = parse_options(options)?;
    let game = setup_game(variant, fen, moves, &options, 0)?;
    if divide && depth > 0 {
        let counts = game.perft_divide(depth);
        let total: u64 = counts.iter().map(|(_, n)| n).sum();
        print_lines(
            counts
                .into_iter()
                .map(|(m, n)| format!("{m}: {n}"))
                .chain([total.to_string()]),
        )
    } else {
        print_lines([game.perft(depth).to_string()])
    }
}

/// `arcana render`: the public view of a position, written as a PNG file.
fn render(
    variant: &str,
    fen: Option<&str>,
    moves: Option<&str>,
    out: &std::path::Path,
    size: u32,
    flip: bool,
    options: &[String],
) -> Result<(), String> {
    use crate::core::view::Viewer;
    use crate::render::{bottom_side, render_png, RenderOptions};
    let options = parse_options(options)?;
    let game = setup_game(variant, fen, moves, &options, 0)?;
    let view = game.view(Viewer::Public);
    let mut opts = RenderOptions {
        size,
        orientation: None,
    };
    if flip {
        opts.orientation = Some(bottom_side(&view, &opts).other());
    }
    let png = render_png(&view, &opts).map_err(|e| e.to_string())?;
    std::fs::write(out, png).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    print_lines([out.display().to_string()])
}

/// `arcana render --gif`: an exported record drawn as an animated GIF.
fn render_record_gif(
    record: &std::path::Path,
    out: &std::path::Path,
    side: Option<&str>,
    size: Option<u32>,
) -> Result<(), String> {
    let bottom = match side.map(str::to_ascii_lowercase).as_deref() {
        None | Some("white") => crate::core::Side::White,
        Some("black") => crate::core::Side::Black,
        Some(other) => return Err(format!("--side is white or black, not `{other}`")),
    };
    let text = std::fs::read_to_string(record)
        .map_err(|e| format!("cannot read {}: {e}", record.display()))?;
    let imported = crate::service::pgn::import(&text)?;
    let gif = imported.animation(bottom, size)?;
    std::fs::write(out, gif).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    print_lines([out.display().to_string()])
}

/// `arcana arena`'s players and budgets, as typed.
struct ArenaArgs<'a> {
    variant: &'a str,
    players: &'a [String],
    white: Option<&'a str>,
    black: Option<&'a str>,
    games: u32,
    seed: u64,
    ms: Option<u64>,
    nodes: Option<u64>,
    opening_plies: Option<u32>,
    max_answers: usize,
    options: &'a [String],
    first: u32,
    moves: bool,
}

/// `arcana arena`: one line per game, the engines' time per answer, then the totals.
fn arena(a: ArenaArgs) -> Result<(), String> {
    use crate::engine::arena::{Arena, Match, Player, Summary};
    let (white, black, alternate) = match (a.players, a.white, a.black) {
        ([first, second], None, None) => (first.as_str(), second.as_str(), true),
        ([], Some(w), Some(b)) => (w, b, false),
        _ => {
            return Err(
                "name two players (colours alternate) or --white and --black (fixed)".into(),
            )
        }
    };
    let mut m = Match::new(
        VariantId::parse(a.variant).ok_or_else(|| format!("unknown variant `{}`", a.variant))?,
        Player::parse(white)?,
        Player::parse(black)?,
        a.games,
        a.seed,
    );
    m.options = parse_options(a.options)?;
    m.max_time = a.ms.map(std::time::Duration::from_millis);
    m.nodes = a.nodes;
    m.alternate = alternate;
    m.opening_plies = a.opening_plies.unwrap_or(if alternate { 4 } else { 0 });
    m.max_answers = a.max_answers;
    let mut arena = Arena::open(&m)?;
    let mut summary = Summary::default();
    let start = a.first.max(1) - 1;
    for i in start..start.saturating_add(m.games) {
        let r = arena.play_game(i, &mut summary, &thread_cpu_time)?;
        summary.add(&r);
        println!(
            "game {}: {} {} after {} answers{}{}",
            i + 1,
            r.outcome.score(),
            r.outcome,
            r.answers,
            if r.adjudicated { " (adjudicated)" } else { "" },
            match (alternate, r.swapped) {
                (false, _) => String::new(),
                (true, false) => format!(" (white {})", m.white),
                (true, true) => format!(" (white {})", m.black),
            }
        );
        if a.moves {
            let line: Vec<String> = r
                .moves
                .iter()
                .map(|(side, text)| format!("{}:{text}", &side.to_string()[..1]))
                .collect();
            println!("  {}", line.join(" "));
        }
    }
    let labels = if alternate {
        ["first", "second"]
    } else {
        ["white", "black"]
    };
    for (i, (label, player)) in labels.iter().zip([&m.white, &m.black]).enumerate() {
        let n = summary.engine_answers[i];
        if n > 0 {
            let per = summary.think[i].as_secs_f64() * 1000.0 / f64::from(n);
            let cpu = summary.cpu[i].as_secs_f64() * 1000.0 / f64::from(n);
            let cpu = match player {
                // Another process: this thread's clock does not see it.
                Player::Uci(_) => String::new(),
                _ => format!(" (cpu {cpu:.1} ms)"),
            };
            println!("{label} {player}: {n} answers, {per:.1} ms per answer{cpu}");
        }
    }
    println!("adjudicated {}", summary.adjudicated);
    println!("{}", summary.score_line(&m.white, &m.black));
    println!("{}", summary.line());
    Ok(())
}

/// Processor time used so far by this thread (Linux `/proc/thread-self/schedstat`, in
/// nanoseconds); `None` elsewhere, and the arena then reports cpu 0.
fn thread_cpu_time() -> Option<std::time::Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = text.split_whitespace().next()?.parse::<u64>().ok()?;
    Some(std::time::Duration::from_nanos(ns))
}

fn ratings_lines(table: &Table) -> Vec<String> {
    table
        .standings
        .iter()
        .map(|(k, s)| {
            format!(
                "{} {} user {}: rating {} deviation {} volatility {} ({}-{}-{})",
                k.ladder
                    .map_or("global".to_string(), |l| format!("server {l}")),
                k.variant.id(),
                k.user,
                s.glicko.rating,
                s.glicko.deviation,
                s.glicko.volatility,
                s.wins,
                s.draws,
                s.losses
            )
        })
        .collect()
}

/// `arcana store-copy --from URL --to URL`: every entry of one store into an empty one.
fn store_copy(from: &str, to: &str) -> Result<(), String> {
    use crate::store::{Store, StoreUrl};
    let (from, to) = (StoreUrl::parse(from)?, StoreUrl::parse(to)?);
    if let StoreUrl::Sled(p) = &from {
        if !p.is_dir() {
            return Err(format!("there is no store at {}", p.display()));
        }
    }
    let open = |u: &StoreUrl| {
        Store::open_at(u).map_err(|e| format!("cannot open the store {}: {e}", u.describe()))
    };
    let copied = open(&from)?
        .copy_into(&open(&to)?)
        .map_err(|e| e.to_string())?;
    println!(
        "copied {copied} entries from {} to {}",
        from.describe(),
        to.describe()
    );
    Ok(())
}

/// `arcana store-check --store URL`: what of a store is readable.
fn store_check(url: &str) -> Result<(), String> {
    use crate::store::{Store, StoreUrl};
    let url = StoreUrl::parse(url)?;
    if let StoreUrl::Sled(p) = &url {
        if !p.is_dir() {
            return Err(format!("there is no store at {}", p.display()));
        }
    }
    let store = Store::open_at(&url)
        .map_err(|e| format!("cannot open the store {}: {e}", url.describe()))?;
    let report = store.check();
    println!("{}: {}", url.describe(), report.summary());
    for line in &report.unreadable {
        println!("  unreadable: {line}");
    }
    for line in &report.disagreements {
        println!("  vacation disagrees: {line}");
    }
    if !report.disagreements.is_empty() && report.unreadable.is_empty() {
        return Err(format!(
            "{} game(s) disagree with a vacation: run the bot once (its first tick sets them right) or report it",
            report.disagreements.len()
        ));
    }
    if report.unreadable.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} unreadable item(s): restore them from a backup (docs/deploy.md)",
            report.unreadable.len()
        ))
    }
}

/// `arcana ratings [--rebuild]`: the stored ratings, or their recomputation from the
/// records compared with them (an error when they differ).
fn ratings(data: &std::path::Path, rebuild: bool, global: bool) -> Result<(), String> {
    if !data.is_dir() {
        return Err(format!("there is no store at {}", data.display()));
    }
    let store = crate::store::Store::open(data).map_err(|e| {
        format!(
            "cannot open the store in {} (is the bot running?): {e}",
            data.display()
        )
    })?;
    let (stored, stored_scope) = store.ratings().map_err(|e| e.to_string())?;
    if !rebuild {
        for l in ratings_lines(&stored) {
            println!("{l}");
        }
        return Ok(());
    }
    let scope = if global {
        LadderScope::Global
    } else {
        stored_scope.unwrap_or_default()
    };
    let (rebuilt, games) =
        crate::service::ratings::rebuild(&store, scope).map_err(|e| e.to_string())?;
    for l in ratings_lines(&rebuilt) {
        println!("{l}");
    }
    if rebuilt == stored && stored_scope == Some(scope) {
        println!(
            "{games} rated game{}, {} ratings ({} ladders): identical to the stored ratings",
            if games == 1 { "" } else { "s" },
            rebuilt.standings.len(),
            scope.name()
        );
        Ok(())
    } else {
        let old = ratings_lines(&stored);
        let new = ratings_lines(&rebuilt);
        let differ = new.iter().filter(|l| !old.contains(l)).count()
            + old.iter().filter(|l| !new.contains(l)).count();
        Err(format!(
            "the ratings rebuilt from {games} rated games ({} ladders) differ from the stored ones in {differ} lines; the bot replaces them with the rebuilt ones at its next start",
            scope.name()
        ))
    }
}

/// `arcana verify`: the fairness check of an exported record, one line per check and
/// the verdict; success only when everything matches.
fn verify(file: &std::path::Path) -> ExitCode {
    let verdict = match std::fs::read_to_string(file) {
        Ok(text) => crate::service::fair::verify(&text),
        Err(e) => {
            println!("not verified: cannot read {}: {e}", file.display());
            return ExitCode::from(1);
        }
    };
    let passed = verdict.passed();
    if print_lines(verdict.lines()).is_err() || !passed {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Verify { file } => return verify(&file),
        Command::Perft {
            variant,
            depth,
            fen,
            moves,
            divide,
            options,
        } => perft(
            &variant,
            depth,
            fen.as_deref(),
            moves.as_deref(),
            divide,
            &options,
        ),
        Command::Local {
            data,
            store,
            out,
            seed,
            no_images,
            global_ladder,
            web,
        } => crate::local::main(crate::local::LocalOptions {
            data,
            store,
            out,
            seed,
            images: !no_images,
            global_ladder,
            web,
        }),
        Command::Ratings {
            data,
            rebuild,
            global_ladder,
        } => ratings(&data, rebuild, global_ladder),
        Command::StoreCopy { from, to } => store_copy(&from, &to),
        Command::StoreCheck { store } => store_check(&store),
        Command::Run {
            config,
            store,
            shards,
        } => crate::discord::run(config.as_deref(), store.as_deref(), shards.as_deref()),
        Command::Ladder {
            variant,
            levels,
            games,
            span,
            seed,
            anchor,
            against,
            base,
            ms,
            jobs,
            opening_plies,
            options,
            played,
        } => ladder(LadderArgs {
            variant: &variant,
            levels: &levels,
            games,
            span,
            seed,
            anchor: &anchor,
            against: &against,
            base,
            ms,
            jobs,
            opening_plies,
            options: &options,
            played: &played,
        }),
        Command::Arena {
            variant,
            players,
            white,
            black,
            games,
            seed,
            ms,
            nodes,
            opening_plies,
            max_answers,
            options,
            first,
            moves,
        } => arena(ArenaArgs {
            variant: &variant,
            players: &players,
            white: white.as_deref(),
            black: black.as_deref(),
            games,
            seed,
            ms,
            nodes,
            opening_plies,
            max_answers,
            options: &options,
            first,
            moves,
        }),
        Command::Render {
            variant,
            gif,
            side,
            fen,
            moves,
            out,
            size,
            flip,
            options,
        } => match (gif, variant) {
            (Some(record), _) => render_record_gif(&record, &out, side.as_deref(), size),
            (None, Some(variant)) => render(
                &variant,
                fen.as_deref(),
                moves.as_deref(),
                &out,
                size.unwrap_or(512),
                flip,
                &options,
            ),
            (None, None) => Err("name a variant, or a record with --gif".to_string()),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arcana: {e}");
            ExitCode::from(2)
        }
    }
}
