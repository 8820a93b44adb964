//! Spell Chess through the `Game` wrapper: random playouts that replay exactly from
//! their records, and `arcana perft spell` on the command line.

use arcana::core::Side;
use arcana::variants::{Game, Options, Outcome, PlayError, VariantId};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::process::Command;

/// About a second per 250 games with the test profile; less in release.
const GAMES: u64 = 2000;
const MAX_PLIES: usize = 120;

/// Plays one random game, choosing among `legal_texts()`, confirming with `!` the
/// turns that leave the king capturable; returns the game and its record.
fn random_game(seed: u64, rng: &mut ChaCha8Rng) -> (Game, Vec<(Side, String)>) {
    let opts = Options::new();
    let mut g = Game::new(VariantId::Spell, &opts, seed).expect("spell game");
    let mut record = Vec::new();
    for _ in 0..MAX_PLIES {
        let Some(ask) = g.ask() else { break };
        let texts = g.legal_texts();
        assert!(
            !texts.is_empty(),
            "a game asking for a move has legal turns"
        );
        let pick = texts[rng.gen_range(0..texts.len())].clone();
        let played = match g.play(ask.side, &pick) {
            Ok(p) => p,
            Err(PlayError::Refused(msg)) if msg.contains("to confirm") => {
                assert!(msg.contains(&format!("`{pick}!`")), "{msg}");
                g.play(ask.side, &format!("{pick}!"))
                    .unwrap_or_else(|e| panic!("{pick}!: {e}"))
            }
            Err(e) => panic!("legal text `{pick}` refused: {e}"),
        };
        assert_eq!(played.printed, pick);
        assert!(!played.action.contains(' '), "{}", played.action);
        record.push((ask.side, played.action));
    }
    (g, record)
}

#[test]
fn random_playouts_replay_exactly() {
    let opts = Options::new();
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed);
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    let mut confirmed = 0;
    for seed in 0..GAMES {
        let (g, record) = random_game(seed, &mut rng);
        confirmed += record.iter().filter(|(_, a)| a.ends_with('!')).count();
        let mut replay = Game::new(VariantId::Spell, &opts, seed).expect("spell game");
        for (side, action) in &record {
            replay
                .play(*side, action)
                .unwrap_or_else(|e| panic!("game {seed}: replaying `{action}`: {e}"));
        }
        assert_eq!(replay, g, "game {seed} did not replay exactly");
        assert_eq!(replay.fen(), g.fen());
        let ending = match g.outcome() {
            Some(Outcome::Win { reason, .. }) => reason,
            Some(Outcome::Draw { reason }) => reason,
            Some(Outcome::Aborted) => "aborted".to_string(),
            None => "unfinished".to_string(),
        };
        *endings.entry(ending).or_default() += 1;
    }
    // Random play must reach the variant's own endings, not only the ply cap.
    assert!(
        endings.get("capturing the king").copied().unwrap_or(0) > 0,
        "{endings:?}"
    );
    assert!(confirmed > 0, "no self-check move was ever confirmed");
}

fn arcana(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_arcana"))
        .args(args)
        .output()
        .expect("run arcana");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn cli_perft_spell() {
    let out = arcana(&["perft", "spell", "1"]);
    assert_eq!(out.lines().last(), Some("1814"));
    // Moves in the engine order are accepted by --moves.
    let out = arcana(&["perft", "spell", "1", "--moves", "e4 f@d5,g8f6", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    let total: u64 = lines.last().and_then(|l| l.parse().ok()).expect("total");
    let opts = Options::new();
    let mut g = Game::new(VariantId::Spell, &opts, 0).expect("game");
    g.play(Side::White, "e4").expect("e4");
    g.play(Side::Black, "f@d5,g8f6").expect("f@d5");
    assert_eq!(total, g.perft(1));
    assert_eq!(lines.len() as u64, total + 1);
    assert!(lines.contains(&"Ng1-f3 (freeze a1): 1"));
    let fen = "k7/8/8/8/8/8/8/7K[F] w - - 0 1";
    assert_eq!(arcana(&["perft", "spell", "1", "--fen", fen]).trim(), "183");
}
