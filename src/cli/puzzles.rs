//! `arcana puzzles generate`, `export` and `draw`: puzzles made from finished
//! games (the store's, or the computer's against itself) and written as CSV
//! (docs/puzzles.md).

use super::engine::thread_cpu_time;
use super::{PuzzlesDrawArgs, PuzzlesExportArgs, PuzzlesGenerateArgs};
use crate::puzzles::generate::{kept, scan_each, Plan, Record, SelfPlay, Tally};
use crate::puzzles::{csv, Puzzle};
use crate::service::grammar::parse_options;
use crate::store::{Store, StoreUrl};
use crate::variants::{action::effective, ActionKind, VariantId};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

/// The variant named by `--variant`, or every one.
fn variants(name: Option<&str>) -> Result<Vec<VariantId>, String> {
    match name {
        None => Ok(VariantId::available()),
        Some(n) => VariantId::parse(n)
            .map(|v| vec![v])
            .ok_or_else(|| format!("unknown variant `{n}`")),
    }
}

/// The finished games of `store` in `variants`, as records to scan.
fn stored_records(url: &str, variants: &[VariantId]) -> Result<Vec<Record>, String> {
    let url = StoreUrl::parse(url)?;
    let store = Store::open_at(&url).map_err(|e| format!("{}: {e}", url.describe()))?;
    let games = store.readable_games().map_err(|e| e.to_string())?;
    Ok(games
        .into_iter()
        .filter(|g| g.finished && variants.contains(&g.variant))
        .map(|g| {
            let kinds: Vec<ActionKind> = g.actions.iter().map(|a| a.kind.clone()).collect();
            let answers = effective(&kinds)
                .into_iter()
                .filter_map(|(_, k)| match k {
                    ActionKind::Play { text, .. } => Some(text.clone()),
                    _ => None,
                })
                .collect();
            Record {
                variant: g.variant,
                options: g.options.clone(),
                seed: g.seed,
                answers,
                source: format!("game {}", g.id),
            }
        })
        .collect())
}

/// The puzzles already in `path` (none when it does not exist yet).
fn read_file(path: &Path) -> Result<Vec<Puzzle>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => csv::read(&text).map_err(|e| format!("{}: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

/// `old` with `new` added, one puzzle per id, ordered by game then id.
fn merged(old: Vec<Puzzle>, new: Vec<Puzzle>) -> Vec<Puzzle> {
    let mut by_id: BTreeMap<(VariantId, String), Puzzle> = BTreeMap::new();
    for p in old.into_iter().chain(new) {
        by_id.insert((p.position.variant, p.id.clone()), p);
    }
    by_id.into_values().collect()
}

/// Writes `puzzles` to `out` (a whole new file put in the old one's place, so a run
/// cut short never leaves half a file), or to standard output without one.
fn write_out(out: Option<&Path>, puzzles: &[Puzzle]) -> Result<(), String> {
    let text = csv::write(puzzles);
    let Some(path) = out else {
        return super::print_lines(text.lines().map(str::to_string));
    };
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let new = path.with_extension("csv.new");
    std::fs::write(&new, text).map_err(cannot)?;
    std::fs::rename(&new, path).map_err(cannot)
}

/// Appends the confirmed puzzle `p` to the CSV file `path` at once (its header first
/// when the file is new), in one write.
fn append(path: &Path, p: &Puzzle) -> Result<(), String> {
    use std::io::Write;
    let empty = std::fs::metadata(path).map_or(true, |m| m.len() == 0);
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(csv::addition(p, empty).as_bytes()))
        .map_err(|e| format!("cannot append to {}: {e}", path.display()))
}

/// One line of figures for a variant's run.
fn report(variant: VariantId, t: &Tally, cpu: Duration) -> String {
    let per = match t.confirmed {
        0 => "-".to_string(),
        n => format!("{:.1}", cpu.as_secs_f64() / f64::from(n)),
    };
    let share = match t.found {
        0 => "-".to_string(),
        n => format!("{:.0}%", 100.0 * f64::from(t.confirmed) / f64::from(n)),
    };
    let rejected: Vec<String> = t.rejected.iter().map(|(k, n)| format!("{k} {n}")).collect();
    format!(
        "{}: games {}, positions {}, candidates {}, found {}, confirmed {} ({share}), cpu {:.0} s, {per} s a puzzle kept; rejected: {}",
        variant.id(),
        t.games,
        t.positions,
        t.candidates,
        t.found,
        t.confirmed,
        cpu.as_secs_f64(),
        rejected.join(", ")
    )
}

/// The generator's plan from the command line.
fn plan(a: &PuzzlesGenerateArgs) -> Plan {
    let mut plan = Plan::default();
    if let Some(l) = a.find_level {
        plan.find.level = l;
    }
    if let Some(l) = a.confirm_level {
        plan.confirm.level = l;
    }
    plan
}

/// `arcana puzzles generate`: the store's finished games and (`--self-play N`) N games
/// of the computer against itself per variant, scanned; the confirmed puzzles added to
/// `--out` (or printed), and one line of figures per variant.
pub(super) fn generate(a: PuzzlesGenerateArgs) -> Result<(), String> {
    let variants = variants(a.variant.as_deref())?;
    let options = parse_options(&a.options)?;
    let plan = plan(&a);
    let levels = self_play_levels(&a.levels)?;
    let stored = match &a.store {
        Some(url) => stored_records(url, &variants)?,
        None => Vec::new(),
    };
    let mut found = Vec::new();
    let out = a.out.as_deref();
    let mut failed = None;
    for v in variants {
        let (mut tally, clock) = (Tally::default(), thread_cpu_time());
        let mut kept = Vec::new();
        for r in stored.iter().filter(|r| r.variant == v) {
            scan_each(r, &plan, &mut tally, &mut |p| {
                keep(out, p, &mut kept, &mut failed)
            });
        }
        let mut play = SelfPlay::new(v);
        play.options = options.clone();
        play.levels = levels.clone();
        for i in 0..a.self_play {
            if a.max.is_some_and(|m| kept.len() >= m) {
                break;
            }
            let record = play.play(a.seed, i)?;
            scan_each(&record, &plan, &mut tally, &mut |p| {
                keep(out, p, &mut kept, &mut failed)
            });
            if a.progress {
                eprintln!("{}", report(v, &tally, cpu_since(clock)));
            }
        }
        println!("{}", report(v, &tally, cpu_since(clock)));
        found.extend(kept);
    }
    let old = match out {
        Some(path) => read_file(path)?,
        None => Vec::new(),
    };
    write_out(out, &merged(old, found))?;
    failed.map_or(Ok(()), Err)
}

/// A confirmed puzzle kept: appended to `out` at once (the first failure to append
/// remembered in `failed`; the run's end writes every puzzle again).
fn keep(out: Option<&Path>, p: &Puzzle, kept: &mut Vec<Puzzle>, failed: &mut Option<String>) {
    if let Some(path) = out {
        if let Err(e) = append(path, p) {
            failed.get_or_insert(e);
        }
    }
    kept.push(p.clone());
}

/// The levels of `--levels`: `LOW-HIGH` within the ladder.
fn self_play_levels(text: &str) -> Result<std::ops::RangeInclusive<u8>, String> {
    let bad = || format!("--levels is LOW-HIGH (1-8), not `{text}`");
    let (low, high) = text.split_once('-').ok_or_else(bad)?;
    let low: u8 = low.trim().parse().map_err(|_| bad())?;
    let high: u8 = high.trim().parse().map_err(|_| bad())?;
    let ladder = crate::engine::LEVELS;
    if low > high || !ladder.contains(&low) || !ladder.contains(&high) {
        return Err(bad());
    }
    Ok(low..=high)
}

/// Processor time of this thread since `start`.
fn cpu_since(start: Option<Duration>) -> Duration {
    match (start, thread_cpu_time()) {
        (Some(s), Some(now)) => now.saturating_sub(s),
        _ => Duration::ZERO,
    }
}

/// `arcana puzzles export`: the puzzles of the given files (by default the starter
/// set), each replayed to check it and its themes read again, those whose material
/// is not kept left out ([`kept`]) and one kept of each source game's same first
/// answer ([`crate::puzzles::distinct`]), of one variant or all, as one CSV.
pub(super) fn export(a: PuzzlesExportArgs) -> Result<(), String> {
    let variants = variants(a.variant.as_deref())?;
    let mut all = read_all(&a.from)?;
    all.retain(|p| variants.contains(&p.position.variant));
    // Puzzles whose win lies beyond their line are left out.
    all.retain(|p| kept(&p.position, &p.line, &Plan::default().find).is_ok());
    let mut all = crate::puzzles::distinct(all);
    for p in &mut all {
        let mut game = p
            .position
            .game()
            .map_err(|e| format!("puzzle {}: {e}", p.id))?;
        crate::puzzles::play_all(&mut game, &p.line)
            .map_err(|e| format!("puzzle {}: its line: {e}", p.id))?;
        // Themes and rating as today's reader finds them on the line.
        (p.themes, p.rating) = crate::puzzles::themes::read(&p.position, &p.line);
    }
    write_out(a.out.as_deref(), &all)
}

/// The puzzles of `from` (by default the starter set), each file read and merged.
fn read_all(from: &[std::path::PathBuf]) -> Result<Vec<Puzzle>, String> {
    let files = match from.is_empty() {
        true => vec![std::path::PathBuf::from(STARTER_SET)],
        false => from.to_vec(),
    };
    let mut all = Vec::new();
    for f in &files {
        all = merged(all, read_file(f)?);
    }
    Ok(all)
}

/// `arcana puzzles draw`: each puzzle's first question as its solver sees it (the
/// board from the solver's side, the solver's own secrets shown), `ID.png` in --out.
pub(super) fn draw(a: PuzzlesDrawArgs) -> Result<(), String> {
    use crate::core::view::Viewer;
    let all = read_all(&a.from)?;
    std::fs::create_dir_all(&a.out).map_err(|e| format!("{}: {e}", a.out.display()))?;
    let mut written = Vec::new();
    for id in &a.ids {
        let p = all
            .iter()
            .find(|p| p.id == *id)
            .ok_or_else(|| format!("no puzzle {id}"))?;
        let at = crate::puzzles::solve::at_step(p, 0)
            .map_err(|_| format!("puzzle {id} does not replay"))?;
        let view = at.game.view(Viewer::Player(at.solver));
        let opts = crate::render::RenderOptions {
            size: a.size,
            orientation: Some(at.solver),
        };
        let png = crate::render::render_png(&view, &opts).map_err(|e| e.to_string())?;
        let path = a.out.join(format!("{id}.png"));
        std::fs::write(&path, png).map_err(|e| format!("{}: {e}", path.display()))?;
        written.push(path.display().to_string());
    }
    super::print_lines(written)
}

/// The starter set shipped with the project.
pub const STARTER_SET: &str = "assets/puzzles.csv";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::Position;

    fn puzzle(seed: u64) -> Puzzle {
        let position = Position::new(VariantId::Standard, &Default::default(), seed, &[]);
        Puzzle {
            id: Puzzle::id_of(&position),
            position,
            line: vec!["e2-e4".to_string()],
            rating: 1000,
            themes: vec!["material".to_string()],
            source: format!("self-play {seed}"),
        }
    }

    #[test]
    fn each_confirmed_puzzle_is_in_the_file_as_soon_as_it_is_appended() {
        let dir = std::env::temp_dir().join(format!("arcana-append-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let path = dir.join("found.csv");
        let _ = std::fs::remove_file(&path);
        let (mut kept, mut failed) = (Vec::new(), None);
        keep(Some(&path), &puzzle(1), &mut kept, &mut failed);
        // Read back before the run's end: the file holds the first puzzle, header first.
        assert_eq!(read_file(&path), Ok(vec![puzzle(1)]));
        keep(Some(&path), &puzzle(2), &mut kept, &mut failed);
        assert_eq!(read_file(&path), Ok(vec![puzzle(1), puzzle(2)]));
        assert_eq!((kept.len(), failed), (2, None));
        // The run's end writes them all again in the old file's place.
        write_out(Some(&path), &merged(read_file(&path).expect("reads"), kept)).expect("writes");
        assert_eq!(read_file(&path).map(|p| p.len()), Ok(2));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
