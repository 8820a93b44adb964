//! Command-line entry points: `perft`, `render`, `local`, `run`, `arena`, `ratings`, `puzzles`,
//! `verify`. One file per group of subcommands; each subcommand's arguments are a
//! struct, and [`main`] is one `match`.
//!
//! The top of the house: may import every module; nothing imports it but `main.rs`.

mod board;
mod engine;
mod puzzles;
mod store;

use clap::{Args, Parser, Subcommand};
use std::process::ExitCode;

pub use board::setup_game;

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
    Perft(PerftArgs),
    /// Run the Discord bot (needs a bot token; see config.example.toml).
    Run(RunArgs),
    /// Play through the service in a terminal: lines `[#channel ]NAME: TEXT`.
    #[command(after_help = local_example())]
    Local(LocalArgs),
    /// Show the stored ratings; with --rebuild, recompute them from the game records
    /// (replaying every finished game) and compare. Run it while the bot is stopped.
    Ratings(RatingsArgs),
    /// Copy a whole game store into an empty one, e.g. from sled to PostgreSQL
    /// (run it while the bot is stopped): `arcana store-copy --from sled:arcana-data
    /// --to postgres://arcana@127.0.0.1/arcana`.
    StoreCopy(StoreCopyArgs),
    /// Read a whole game store and say what is readable and what is not (every game
    /// record replayed, challenges, outbox entries): `arcana store-check --store
    /// sled:arcana-data`. Exits with status 1 when anything is unreadable.
    StoreCheck(StoreCheckArgs),
    /// Draw a position as a PNG board image, or (`--gif RECORD`) a whole exported game
    /// as an animated GIF.
    #[command(after_help = render_example())]
    Render(RenderArgs),
    /// Check an exported record of a game of chance: that its seed commitment is the
    /// SHA-256 of its revealed seed, and that replaying its answers from that seed
    /// gives every roll, wand kind, misfire and card deal it records. Exit code 0 when
    /// everything matches, 1 otherwise (the last line names the first mismatch).
    Verify(VerifyArgs),
    /// Play computer games between two players, each `random`, `engine:LEVEL` (1-8),
    /// `engine:v1` (the first search, kept as a yardstick) or (standard chess only) `uci:PATH[:Name=Value,...]`, an external UCI engine such as
    /// `uci:stockfish:UCI_LimitStrength=true,UCI_Elo=1500`. Name two players to
    /// alternate colours game by game (the first is White in game 1), or fix them with
    /// --white and --black. Ends with the first player's score and Elo difference, then
    /// `white W, black B, draws D`.
    Arena(ArenaArgs),
    /// Rate the computer's levels: a round robin among them in one game (each level
    /// meets the levels within --span of it, --games games a pair, colours
    /// alternating from seeded openings), then one rating per level fitted to every
    /// game, with its 95% interval. In standard chess --anchor adds an external UCI
    /// engine of known rating (`uci:stockfish:UCI_LimitStrength=true,UCI_Elo=1500=1500`)
    /// that meets the levels named by --against.
    Ladder(LadderArgs),
    /// Make puzzles from finished games (the store's, or the computer's against
    /// itself) and write them as CSV (docs/puzzles.md).
    #[command(subcommand)]
    Puzzles(PuzzlesCommand),
}

#[derive(Subcommand, Debug)]
pub enum PuzzlesCommand {
    /// Scan finished games for puzzles: the store's (--store) and --self-play N games
    /// of the computer against itself per variant; the puzzles the second check
    /// confirms are added to --out (or printed), with one line of figures per variant.
    Generate(PuzzlesGenerateArgs),
    /// Write puzzles as one CSV (id, game, position, line, rating, themes, source,
    /// fen), each replayed to check it: those of --from (by default the starter set).
    Export(PuzzlesExportArgs),
    /// Draw puzzles as their solver is shown them (the board from the solver's side,
    /// with the solver's own secrets): one PNG per id, named `ID.png` in --out.
    Draw(PuzzlesDrawArgs),
}

#[derive(Args, Debug)]
pub struct PuzzlesDrawArgs {
    /// The puzzles' ids (the first column of the CSV).
    #[arg(required = true)]
    pub ids: Vec<String>,
    /// CSV files of puzzles (default: assets/puzzles.csv).
    #[arg(long)]
    pub from: Vec<std::path::PathBuf>,
    /// The folder the PNGs are written to.
    #[arg(long, short = 'o')]
    pub out: std::path::PathBuf,
    /// Board size in pixels (default 512).
    #[arg(long, default_value_t = 512)]
    pub size: u32,
}

#[derive(Args, Debug)]
pub struct PuzzlesGenerateArgs {
    /// One variant (default: every one).
    #[arg(long)]
    pub variant: Option<String>,
    /// Games of the computer against itself per variant.
    #[arg(long, default_value_t = 0)]
    pub self_play: u64,
    /// A store whose finished games are scanned: `sled:PATH` or `postgres://...`.
    #[arg(long)]
    pub store: Option<String>,
    /// The CSV file the puzzles are added to (kept puzzles stay); default: printed.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Seeds the self-play games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The levels the computer plays itself at, `LOW-HIGH` (each side's level drawn
    /// per game; low levels let more go, and each slip may be a puzzle).
    #[arg(long, default_value = "2-4")]
    pub levels: String,
    /// Stop a variant's self-play once it has this many puzzles.
    #[arg(long)]
    pub max: Option<usize>,
    /// The level of the finding search (default 5).
    #[arg(long)]
    pub find_level: Option<u8>,
    /// The level of the second check (default 6).
    #[arg(long)]
    pub confirm_level: Option<u8>,
    /// Print the figures after every self-play game (to standard error).
    #[arg(long)]
    pub progress: bool,
    /// Variant options as `key=value`.
    #[arg(long = "option")]
    pub options: Vec<String>,
}

#[derive(Args, Debug)]
pub struct PuzzlesExportArgs {
    /// CSV files of puzzles (default: assets/puzzles.csv).
    #[arg(long)]
    pub from: Vec<std::path::PathBuf>,
    /// One variant (default: every one).
    #[arg(long)]
    pub variant: Option<String>,
    /// Where to write the CSV (default: printed).
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    pub variant: String,
    pub depth: u32,
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play first, separated by spaces (or by `;` when moves contain spaces).
    #[arg(long)]
    pub moves: Option<String>,
    /// Print `move: count` for every first move.
    #[arg(long)]
    pub divide: bool,
    /// Variant options as `key=value`, e.g. `--option wands=moderated`.
    #[arg(long = "option")]
    pub options: Vec<String>,
}

#[derive(Args, Debug)]
pub struct RunArgs {
    /// The configuration file (TOML).
    #[arg(long)]
    pub config: Option<std::path::PathBuf>,
    /// Where games are kept: `sled:PATH` or `postgres://...` (wins over the
    /// configuration's `store`).
    #[arg(long)]
    pub store: Option<String>,
    /// Connect only these Discord shards, `FIRST-LAST/TOTAL` (e.g. `0-3/8`), for
    /// several processes on one PostgreSQL store (wins over `shards`).
    #[arg(long)]
    pub shards: Option<String>,
}

#[derive(Args, Debug)]
pub struct LocalArgs {
    /// The store directory.
    #[arg(long, default_value = "arcana-data")]
    pub data: std::path::PathBuf,
    /// Where games are kept: `sled:PATH` or `postgres://...` (wins over --data).
    #[arg(long)]
    pub store: Option<String>,
    /// Where board images and exported files are written.
    #[arg(long, default_value = "arcana-out")]
    pub out: std::path::PathBuf,
    /// Fixes the randomness of new games.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print text only, write no images.
    #[arg(long)]
    pub no_images: bool,
    /// One ratings ladder for all servers instead of one per server.
    #[arg(long)]
    pub global_ladder: bool,
    /// Serve the games' web pages on this address, e.g. `127.0.0.1:8080`.
    #[arg(long)]
    pub web: Option<std::net::SocketAddr>,
}

#[derive(Args, Debug)]
pub struct RatingsArgs {
    /// The store directory.
    #[arg(long, default_value = "arcana-data")]
    pub data: std::path::PathBuf,
    /// Recompute from the records and check that they give the stored values.
    #[arg(long)]
    pub rebuild: bool,
    /// Rebuild for one global ladder (default: the scope the stored ratings have).
    #[arg(long)]
    pub global_ladder: bool,
}

#[derive(Args, Debug)]
pub struct StoreCopyArgs {
    /// The store to read: `sled:PATH` or `postgres://...`.
    #[arg(long)]
    pub from: String,
    /// The empty store to fill: `sled:PATH` or `postgres://...`.
    #[arg(long)]
    pub to: String,
}

#[derive(Args, Debug)]
pub struct StoreCheckArgs {
    /// The store to check: `sled:PATH` or `postgres://...`.
    #[arg(long)]
    pub store: String,
}

#[derive(Args, Debug)]
pub struct RenderArgs {
    /// The variant of the position (not with `--gif`, whose record names it).
    #[arg(required_unless_present = "gif")]
    pub variant: Option<String>,
    /// An exported record (`/export`'s `.pgn`, or any PGN of plain chess): draws
    /// the whole game as an animated GIF, one frame per turn.
    #[arg(long, value_name = "RECORD_OR_PGN", conflicts_with_all = ["variant", "fen", "moves", "flip", "options"])]
    pub gif: Option<std::path::PathBuf>,
    /// With `--gif`: the side drawn at the bottom (default white).
    #[arg(long, requires = "gif")]
    pub side: Option<String>,
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play from the start, separated by spaces (or by `;`).
    #[arg(long)]
    pub moves: Option<String>,
    /// Where to write the PNG (or the GIF).
    #[arg(long, short = 'o')]
    pub out: std::path::PathBuf,
    /// Board size in pixels (bars and labels are added around it); default 512 for
    /// a PNG, 384 for a GIF.
    #[arg(long)]
    pub size: Option<u32>,
    /// Draw from the side not to move (default: from the side to move).
    #[arg(long)]
    pub flip: bool,
    /// Variant options as `key=value`.
    #[arg(long = "option")]
    pub options: Vec<String>,
}

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The exported record (`/export`'s `.pgn`).
    pub file: std::path::PathBuf,
}

#[derive(Args, Debug)]
pub struct ArenaArgs {
    pub variant: String,
    /// Two players, alternating colours.
    pub players: Vec<String>,
    #[arg(long)]
    pub white: Option<String>,
    #[arg(long)]
    pub black: Option<String>,
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Thinking time per answer in milliseconds: a cap for the engine, `go movetime`
    /// for a UCI engine (1000 when neither this nor --nodes is given).
    #[arg(long)]
    pub ms: Option<u64>,
    /// Nodes per answer for a UCI engine (`go nodes`), instead of a time.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Random legal answers from the start before the players take over (seeded;
    /// shared by both games of a pair). Default: 4 when colours alternate, else 0.
    #[arg(long)]
    pub opening_plies: Option<u32>,
    /// Answers after which a game is adjudicated by the evaluation.
    #[arg(long, default_value_t = crate::engine::arena::MAX_ANSWERS)]
    pub max_answers: usize,
    /// Variant options as `key=value`.
    #[arg(long = "option")]
    pub options: Vec<String>,
    /// Start at game number N (1-based): game N is the same as in a run from 1, so
    /// one game of a long run can be played again alone.
    #[arg(long, default_value_t = 1)]
    pub first: u32,
    /// After each game's line, print its answers (one line, each prefixed with the
    /// side that gave it).
    #[arg(long)]
    pub moves: bool,
}

#[derive(Args, Debug)]
pub struct LadderArgs {
    pub variant: String,
    /// The levels, e.g. `1-8` or `1,2,3`.
    #[arg(long, default_value = "1-8")]
    pub levels: String,
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    #[arg(long, default_value_t = 2)]
    pub span: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// An external player and its rating, `SPEC=RATING` (the last `=`); the
    /// ratings are then on its scale. May be given more than once (Stockfish at
    /// two `UCI_Elo` settings); each anchor meets the levels of --against.
    #[arg(long)]
    pub anchor: Vec<String>,
    /// The levels the anchor meets, e.g. `7,8`.
    #[arg(long, default_value = "7,8")]
    pub against: String,
    /// Without an anchor: the rating given to the lowest level.
    #[arg(long, default_value_t = 800.0)]
    pub base: f64,
    /// Thinking time per answer in milliseconds for a UCI anchor (`go movetime`)
    /// and a cap for the levels; none by default (a level is its budget).
    #[arg(long)]
    pub ms: Option<u64>,
    /// Pairs played at once, each on its own thread.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Random legal answers from the start of each pair's games (seeded, the
    /// same for both games of a pair).
    #[arg(long, default_value_t = 4)]
    pub opening_plies: u32,
    /// Variant options as `key=value`.
    #[arg(long = "option")]
    pub options: Vec<String>,
    /// Files of results already played (the `A against B: score ...` lines that
    /// `arcana arena` and `arcana ladder` print), fitted together with this run's
    /// games; with `--games 0` the ratings are fitted from them alone.
    #[arg(long)]
    pub played: Vec<String>,
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

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Verify(a) => return board::verify(a),
        Command::Perft(a) => board::perft(a),
        Command::Render(a) => board::render(a),
        Command::Local(a) => crate::local::main(crate::local::LocalOptions {
            data: a.data,
            store: a.store,
            out: a.out,
            seed: a.seed,
            images: !a.no_images,
            global_ladder: a.global_ladder,
            web: a.web,
        }),
        Command::Run(a) => {
            crate::discord::run(a.config.as_deref(), a.store.as_deref(), a.shards.as_deref())
        }
        Command::Ratings(a) => store::ratings(a),
        Command::StoreCopy(a) => store::store_copy(a),
        Command::StoreCheck(a) => store::store_check(a),
        Command::Ladder(a) => engine::ladder(a),
        Command::Arena(a) => engine::arena(a),
        Command::Puzzles(PuzzlesCommand::Generate(a)) => puzzles::generate(a),
        Command::Puzzles(PuzzlesCommand::Export(a)) => puzzles::export(a),
        Command::Puzzles(PuzzlesCommand::Draw(a)) => puzzles::draw(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arcana: {e}");
            ExitCode::from(2)
        }
    }
}
