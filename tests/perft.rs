//! Perft of the chess programming wiki's six standard positions, counts kept as data
//! in tests/data/perft-standard.txt. Run in release mode by CI.

use arcana::core::Position;

fn cases() -> Vec<(String, String, Vec<u64>)> {
    include_str!("data/perft-standard.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let parts: Vec<&str> = l.split(';').map(str::trim).collect();
            let counts = parts[2]
                .split_whitespace()
                .map(|n| n.parse().expect("count"))
                .collect();
            (parts[0].to_string(), parts[1].to_string(), counts)
        })
        .collect()
}

#[test]
fn perft_standard_positions() {
    let all = cases();
    assert_eq!(all.len(), 7);
    for (name, fen, counts) in all {
        let pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (i, want) in counts.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(pos.perft(depth), *want, "{name} depth {depth}");
        }
    }
}

#[test]
fn perft_cli_prints_total_last() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arcana"))
        .args(["perft", "standard", "2", "--divide", "--moves", "e4 e5"])
        .output()
        .expect("run arcana");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf8");
    let lines: Vec<&str> = text.lines().collect();
    let total: u64 = lines.last().expect("total").parse().expect("number");
    let sum: u64 = lines[..lines.len() - 1]
        .iter()
        .map(|l| {
            l.rsplit(": ")
                .next()
                .expect("count")
                .parse::<u64>()
                .expect("n")
        })
        .sum();
    assert_eq!(total, sum);
    assert!(lines.iter().any(|l| l.starts_with("Ng1-f3: ")));
    // After 1. e4 e5 White has 29 moves; the total must match the library's own count.
    assert_eq!(lines.len() - 1, 29);
    let after = Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
        .expect("fen");
    assert_eq!(total, after.perft(2));
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_arcana"))
        .args(["perft", "nonsense", "1"])
        .output()
        .expect("run arcana");
    assert!(!bad.status.success());
}
