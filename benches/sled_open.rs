//! The floor of `arcana local`'s start-up on sled (issue 53): sled 0.34's own open of a
//! store folder and the drop of the handle, nothing of Arcana's read. The folder is one
//! the scale bench kept (`ARCANA_BENCH_KEEP=DIR ARCANA_BENCH_GAMES=100000
//! ARCANA_BENCH_START_ONLY=1 cargo bench --bench scale` keeps `DIR/sled-100000`), copied
//! first so that the kept one stays as it was; sled writes its snapshot at the first open
//! after the writes, so the first open is timed apart from the median of the next five.
//!
//! `ARCANA_BENCH_SLED=DIR/sled-100000 cargo bench --bench sled_open`

use std::time::{Duration, Instant};

/// One open and drop of `path`: the time to open, and to open and drop.
fn open_once(path: &std::path::Path) -> (Duration, Duration) {
    let t0 = Instant::now();
    let db = arcana::store::open_sled(path).expect("open the sled folder");
    let opened = t0.elapsed();
    drop(db);
    (opened, t0.elapsed())
}

fn copy_folder(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).expect("the copy's folder");
    for entry in std::fs::read_dir(from).expect("the folder").flatten() {
        let target = to.join(entry.file_name());
        match entry.file_type().map(|t| t.is_dir()) {
            Ok(true) => copy_folder(&entry.path(), &target),
            _ => {
                std::fs::copy(entry.path(), target).expect("copy");
            }
        }
    }
}

fn main() {
    let Some(folder) = std::env::var_os("ARCANA_BENCH_SLED") else {
        println!("ARCANA_BENCH_SLED names no sled folder: nothing to open");
        return;
    };
    let work = tempfile::tempdir().expect("tempdir");
    let copy = work.path().join("data");
    copy_folder(std::path::Path::new(&folder), &copy);
    let (first, first_dropped) = open_once(&copy);
    println!("first open {first:.1?} (with the drop {first_dropped:.1?})");
    let mut runs: Vec<(Duration, Duration)> = (0..5).map(|_| open_once(&copy)).collect();
    runs.sort();
    let mut dropped: Vec<Duration> = runs.iter().map(|r| r.1).collect();
    dropped.sort();
    println!(
        "open: median {:.1?} of 5 (min {:.1?}); open and drop: median {:.1?}",
        runs[2].0, runs[0].0, dropped[2]
    );
}
