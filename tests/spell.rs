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
            Err(PlayError::Refused(msg)) if msg.to_string().contains("to confirm") => {
                assert!(msg.to_string().contains(&format!("`{pick}!`")), "{msg}");
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
            Some(Outcome::Win { reason, .. }) => reason.to_string(),
            Some(Outcome::Draw { reason }) => reason.to_string(),
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

// --- Refusals in the rules' terms (issue 28, newcomer item "refusals that do not give
// the reason the rules give") -------------------------------------------------------

fn spell_game(fen: &str) -> Game {
    Game::from_fen(VariantId::Spell, fen, &Options::new(), 1).expect(fen)
}

/// Plays `text` for the side asked and expects a refusal: one line, no internal rule
/// id, and the game (its FEN included) unchanged.
fn refused(g: &mut Game, text: &str) -> String {
    let side = g.ask().expect("game on").side;
    let before = g.clone();
    let fen = g.fen();
    let msg = match g.play(side, text) {
        Err(PlayError::Refused(msg)) => msg,
        other => panic!("`{text}`: expected a refusal, got {other:?}"),
    };
    assert_eq!(g.fen(), fen, "`{text}` changed the position");
    assert_eq!(*g, before, "`{text}` changed the game");
    assert!(!msg.to_string().contains('\n'), "{msg}");
    let quotes_id = msg
        .to_string()
        .as_bytes()
        .windows(3)
        .any(|w| w[0] == b'(' && w[1].is_ascii_uppercase() && w[2].is_ascii_digit());
    assert!(!quotes_id, "a refusal quotes a rule id: {msg}");
    msg.to_string()
}

fn played(g: &mut Game, text: &str) -> String {
    let side = g.ask().expect("game on").side;
    g.play(side, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .printed
}

// Issue 28, newcomer item: a frozen piece moved with a jump. The rules: "None of the
// pieces in the affected area will then be allowed to move"; a jump only lets sliders
// pass over a square. Ruling P2 (frozen pieces cannot move), ruling P3 (the piece on
// the jump square may move, unless frozen).
#[test]
fn issue28_frozen_piece_moved_with_a_jump_says_it_is_frozen() {
    let mut g = Game::new(VariantId::Spell, &Options::new(), 1).expect("spell");
    played(&mut g, "e4 (freeze d7)");
    // The bishop on c8 would jump over d7 to h3: frozen, it may not move at all.
    let e = refused(&mut g, "Bc8-h3 (jump d7)");
    assert_eq!(
        e,
        "Your bishop on c8 is frozen by the freeze on d7 and cannot move this turn, \
         not even with a jump spell: none of the pieces in a freeze area may move."
    );
    assert!(refused(&mut g, "jump@e7 Qh4").contains("queen on d8 is frozen"));
    // A jump does not thaw the piece it is cast on.
    let mut g = spell_game("3qk3/7p/8/8/8/8/8/4K3[j] b - - 0 1 F@d7");
    let e = refused(&mut g, "Qd8-a5 (jump d8)");
    assert_eq!(
        e,
        "Your queen on d8 is frozen by the freeze on d7 and cannot move this turn: a jump \
         on d8 lets other pieces pass over it, it does not free the piece standing there."
    );
    played(&mut g, "h7-h6 (jump d8)");
    // A frozen pawn's promotion typed with a jump: the freeze is the reason (the
    // promotion would carry no spell either, ruling P1, but it cannot move at all).
    let mut g = spell_game("4k3/1P6/8/8/8/8/8/4K3[J] w - - 0 1 f@b8");
    for t in ["b8=Q (jump e8)", "b7-b8=Q (jump e8)"] {
        let e = refused(&mut g, t);
        assert!(
            e.contains("pawn on b7 is frozen by the freeze on b8"),
            "{t}: {e}"
        );
        assert!(e.contains("not even with a jump spell"), "{t}: {e}");
    }
}

// Issue 28, newcomer item: a block of check that a jump spell makes unsafe. Ruling P4
// (self-check is legal but asks for `!`), ruling X-SPELL-1 (capturable counts the
// opponent's castable jump), ruling P3 (the mover's own jump square is transparent
// in the opponent's turn).
#[test]
fn issue28_block_of_check_unsafe_by_a_jump_says_why() {
    // The bishop blocks the rook's check, but White still holds a jump: the rook can
    // jump over the bishop and take the king.
    let fen = "4k3/8/8/8/8/8/2b5/4RK2[J] b - - 0 1";
    let mut g = spell_game(fen);
    assert_eq!(
        refused(&mut g, "Be4"),
        "That leaves your king capturable: your opponent still has a jump spell, and with \
         it the rook on e1 can pass over your bishop on e4 to your king on e8; play \
         `Bc2-e4!` to confirm."
    );
    assert_eq!(played(&mut g, "Be4!"), "Bc2-e4");
    // Without a jump in White's hand the same block is safe and needs no `!`.
    let mut g = spell_game("4k3/8/8/8/8/8/2b5/4RK2[] b - - 0 1");
    played(&mut g, "Be4");

    // The queen blocks by jumping over d7, whose square stays transparent in White's
    // turn: the bishop on b5 then reaches e8 through it.
    let mut g = spell_game("2q1k3/3p4/8/1B6/8/8/8/4RK2[j] b - - 0 1");
    assert_eq!(
        refused(&mut g, "Qc8-e6 (jump d7)"),
        "That leaves your king capturable: your jump on d7 lets the bishop on b5 pass over \
         your pawn on d7 to your king on e8; play `Qc8-e6 (jump d7)!` to confirm."
    );

    // A king step out of check is judged with the turn's jump in force: the jump
    // over the knight opens the d-file to d8.
    let mut g = spell_game("4k3/8/8/8/3n4/8/8/3RR1K1[j] b - - 0 1");
    assert_eq!(
        refused(&mut g, "Kd8 (jump d4)"),
        "Your jump on d4 would let the rook on d1 pass over your knight on d4 to d8, and \
         your king may not step onto an attacked square."
    );
    played(&mut g, "Kd8");

    // White's knight leaves e4 with a jump cast there, a discovered check: Black may
    // not block on e4, the opponent's jump square, with a quiet move.
    let mut g = spell_game("4k3/8/8/8/r3N3/8/8/4R1K1[J] w - - 0 1");
    played(&mut g, "Ne4-c5 (jump e4)");
    for t in ["Ra4-e4", "Re4"] {
        assert_eq!(
            refused(&mut g, t),
            "e4 is your opponent's jump square: this turn a piece may capture there, but \
             no move may end there without capturing."
        );
    }
    played(&mut g, "Kd8");

    // Ruling P6: en passant, the one other move that may not leave the king attacked,
    // is judged with its jump in force too: the jump over the knight on c5 opens the
    // fifth rank once both pawns leave it.
    let mut g = spell_game("4k3/8/8/r1NpP2K/8/8/8/8[J] w - d6 0 1");
    assert_eq!(
        refused(&mut g, "e5:d6 (jump c5)"),
        "Your jump on c5 would let the rook on a5 pass over your knight on c5 to your king \
         on h5, and en passant may not leave your king attacked."
    );
    assert_eq!(played(&mut g, "exd6"), "e5:d6");
}

// Issue 28, newcomer items: castling refused for a reason the board alone does not
// show. Ruling P5: "not with a frozen king or frozen rook; not with a rook made
// transparent by a jump"; the squares the king crosses and lands on must not be
// attacked, "judged with this turn's spell in force" (so the mover's own jump counts).
#[test]
fn issue28_castling_with_a_frozen_rook_says_the_rook_is_frozen() {
    // ruling P5: Black's freeze on g2 holds the rook on h1.
    let mut g = spell_game("4k3/8/8/8/8/8/8/4K2R[] w K - 0 1 f@g2");
    let e = refused(&mut g, "O-O");
    assert_eq!(
        e,
        "Your rook on h1 is frozen by the freeze on g2, and castling moves the rook too: \
         no castling with it this turn."
    );
    // The queen's side the same way, typed with zeros.
    let mut g = spell_game("4k3/8/8/8/8/8/8/R3K3[] w Q - 0 1 f@b2");
    assert!(refused(&mut g, "0-0-0").contains("rook on a1 is frozen by the freeze on b2"));
    // Without the freeze the same castling is played.
    let mut g = spell_game("4k3/8/8/8/8/8/8/4K2R[] w K - 0 1");
    played(&mut g, "O-O");
}

#[test]
fn issue28_castling_made_illegal_by_ones_own_jump_says_which_line_opens() {
    // ruling P5 with ruling P3: the jump on e2 lets the bishop on a6 see f1, which the
    // king crosses.
    let mut g = spell_game("4k3/8/b7/8/8/8/4P3/4K2R[J] w K - 0 1");
    let e = refused(&mut g, "O-O (jump e2)");
    assert!(e.starts_with("Your jump on e2 would let"), "{e}");
    assert!(e.contains("bishop on a6"), "{e}");
    assert!(
        e.contains("to f1, a square your king crosses in castling"),
        "{e}"
    );
    // The square the king lands on: the rook on g8 sees g1 over the pawn on g2.
    let mut g = spell_game("4k1r1/8/8/8/8/8/6P1/4K2R[J] w K - 0 1");
    let e = refused(&mut g, "O-O (jump g2)");
    assert!(e.contains("rook on g8"), "{e}");
    assert!(
        e.contains("to g1, a square your king lands on in castling"),
        "{e}"
    );
    // A jump on the castling rook itself: a rook pieces pass over cannot castle.
    let mut g = spell_game("4k3/8/8/8/8/8/8/4K2R[J] w K - 0 1");
    let e = refused(&mut g, "O-O (jump h1)");
    assert!(e.contains("rook made transparent by a jump on h1"), "{e}");
    // Nor with the opponent's jump still on it.
    let mut g = spell_game("4k3/8/8/8/8/8/8/4K2R[] w K - 0 1 j@h1");
    let e = refused(&mut g, "O-O");
    assert_eq!(
        e,
        "Your rook on h1 stands on a jump square, and a rook that pieces pass over cannot \
         castle this turn."
    );
    // Without the jump, or with one elsewhere, the castling is legal.
    let mut g = spell_game("4k3/8/b7/8/8/8/4P3/4K2R[J] w K - 0 1");
    played(&mut g, "O-O (jump a6)");
    let mut g = spell_game("4k1r1/8/8/8/8/8/6P1/4K2R[J] w K - 0 1");
    played(&mut g, "O-O");
}
