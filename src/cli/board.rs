//! `arcana perft`, `render` and `verify`: positions and records from the command line.

use super::{print_lines, PerftArgs, RenderArgs, VerifyArgs};
use crate::service::grammar::parse_options;
use crate::variants::{Game, Options, VariantId};
use std::process::ExitCode;

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
        Some(f) => Game::from_fen(variant, f, options, seed).map_err(|e| e.to_string())?,
        None => Game::new(variant, options, seed).map_err(|e| e.to_string())?,
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

pub(super) fn perft(a: PerftArgs) -> Result<(), String> {
    let options = parse_options(&a.options)?;
    let game = setup_game(
        &a.variant,
        a.fen.as_deref(),
        a.moves.as_deref(),
        &options,
        0,
    )?;
    let depth = a.depth;
    if a.divide && depth > 0 {
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

/// `arcana render`: a position as a PNG, or (`--gif`) a record as an animated GIF.
pub(super) fn render(a: RenderArgs) -> Result<(), String> {
    match (&a.gif, &a.variant) {
        (Some(record), _) => render_record_gif(record, &a.out, a.side.as_deref(), a.size),
        (None, Some(variant)) => render_png(
            variant,
            a.fen.as_deref(),
            a.moves.as_deref(),
            &a.out,
            a.size.unwrap_or(512),
            a.flip,
            &a.options,
        ),
        (None, None) => Err("name a variant, or a record with --gif".to_string()),
    }
}

/// `arcana render`: the public view of a position, written as a PNG file.
fn render_png(
    variant: &str,
    fen: Option<&str>,
    moves: Option<&str>,
    out: &std::path::Path,
    size: u32,
    flip: bool,
    options: &[String],
) -> Result<(), String> {
    use crate::core::view::Viewer;
    use crate::render::{bottom_side, RenderOptions};
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
    let png = crate::render::render_png(&view, &opts).map_err(|e| e.to_string())?;
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

/// `arcana verify`: the fairness check of an exported record, one line per check and
/// the verdict; success only when everything matches.
pub(super) fn verify(a: VerifyArgs) -> ExitCode {
    let file = &a.file;
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
