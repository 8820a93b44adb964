//! Command-line entry points: `perft`, `render`, `local`, `run`.

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
    },
    /// Play through the service in a terminal: lines `[#channel ]NAME: TEXT`.
    #[command(after_help = LOCAL_EXAMPLE)]
    Local {
        /// The store directory.
        #[arg(long, default_value = "arcana-data")]
        data: std::path::PathBuf,
        /// Where board images and exported files are written.
        #[arg(long, default_value = "arcana-out")]
        out: std::path::PathBuf,
        /// Fixes the randomness of new games.
        #[arg(long)]
        seed: Option<u64>,
        /// Print text only, write no images.
        #[arg(long)]
        no_images: bool,
    },
    /// Draw a position as a PNG board image.
    Render {
        variant: String,
        #[arg(long)]
        fen: Option<String>,
        /// Moves to play from the start, separated by spaces (or by `;`).
        #[arg(long)]
        moves: Option<String>,
        /// Where to write the PNG.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Board size in pixels (bars and labels are added around it).
        #[arg(long, default_value_t = 512)]
        size: u32,
        /// Draw from the side not to move (default: from the side to move).
        #[arg(long)]
        flip: bool,
        /// Variant options as `key=value`.
        #[arg(long = "option")]
        options: Vec<String>,
    },
}

/// The example session under `arcana local --help`.
const LOCAL_EXAMPLE: &str = "Example session (type each line, or pipe them in):
  alice: /challenge @bob standard color:white
  bob: /accept
  alice: e4
Then `/help` lists the commands, `/rules <variant>` explains a game and `/legend` names
the marks on the board. Games are kept in --data; use a new folder to start afresh.";

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

/// Parses `key=value` (or `key:value`) pairs into variant options.
pub fn parse_options(pairs: &[String]) -> Result<Options, String> {
    let mut options = Options::new();
    for p in pairs {
        let (k, v) = p
            .split_once(['=', ':'])
            .ok_or_else(|| format!("option `{p}` should look like key=value"))?;
        let (k, v) = (k.trim().to_ascii_lowercase(), v.trim().to_ascii_lowercase());
        if let Some(first) = options.get(&k) {
            return Err(repeated_option(&k, first, &v));
        }
        options.insert(k, v);
    }
    Ok(options)
}

/// The refusal of an option given twice (`wands:moderated wands:rolled`): neither is
/// silently preferred.
pub fn repeated_option(key: &str, first: &str, second: &str) -> String {
    let echo = crate::core::notation::echo;
    if first == second {
        format!("option `{}` is given twice; give it once", echo(key))
    } else {
        format!(
            "option `{}` is given twice (`{}` and `{}`); choose one",
            echo(key),
            echo(first),
            echo(second)
        )
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

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
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
            out,
            seed,
            no_images,
        } => crate::local::main(crate::local::LocalOptions {
            data,
            out,
            seed,
            images: !no_images,
        }),
        Command::Run { config } => crate::discord::run(config.as_deref()),
        Command::Render {
            variant,
            fen,
            moves,
            out,
            size,
            flip,
            options,
        } => render(
            &variant,
            fen.as_deref(),
            moves.as_deref(),
            &out,
            size,
            flip,
            &options,
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arcana: {e}");
            ExitCode::from(2)
        }
    }
}
