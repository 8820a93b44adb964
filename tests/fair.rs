//! Provably fair chance through the service: the seed commitment posted when a game of
//! chance starts, the seed posted once when it ends (however it ends), the seed kept
//! out of everything public before that, and `arcana verify` on the exports.

mod common;

use arcana::service::api::{Audience, ColorChoice, DrawAction, Reply, ReplyKind, Request};
use arcana::service::fair::{commitment_line, reveal_line, verify};
use arcana::service::record::{seed_commitment, seed_hex};
use arcana::variants::{Game, Options, VariantId};
use common::{user, Harness};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A game under test: every reply it produced, in order, with the game's seed.
struct Played {
    replies: Vec<Reply>,
    seed: u64,
}

fn opts(pairs: &[(&str, &str)]) -> Options {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Every variant and option set whose games draw on chance (asked of the rules).
fn games_of_chance() -> Vec<(VariantId, Options)> {
    let candidates: Vec<(VariantId, Options)> = vec![
        (VariantId::Standard, opts(&[])),
        (VariantId::Spell, opts(&[])),
        (VariantId::Sorchess, opts(&[])),
        (VariantId::Wand, opts(&[])),
        (VariantId::Wand, opts(&[("wands", "moderated")])),
        (VariantId::Walls, opts(&[])),
        (VariantId::WallsFull, opts(&[])),
        (VariantId::Wickets, opts(&[("decision", "cards")])),
        (VariantId::Wickets, opts(&[("decision", "cards2")])),
        (VariantId::Wickets, opts(&[("decision", "dice")])),
        (VariantId::Wickets, opts(&[("decision", "dice2")])),
        (VariantId::Wickets, opts(&[("decision", "deterministic")])),
        (VariantId::Wickets, opts(&[("decision", "deterministic2")])),
    ];
    let chance: Vec<(VariantId, Options)> = candidates
        .into_iter()
        .filter(|(v, o)| Game::new(*v, o, 0).expect("game").uses_randomness())
        .collect();
    // Wand Chess (both modes) and the four chance decisions of Chess with Wickets.
    assert_eq!(chance.len(), 6, "{chance:?}");
    chance
}

fn seed_of(h: &Harness, ch: u64) -> u64 {
    let id = h.service.store().last_game(ch).expect("db").expect("game");
    h.service
        .store()
        .game(id)
        .expect("db")
        .expect("record")
        .seed
}

/// The export's PGN and GIF, asked by a spectator.
fn export(h: &Harness, ch: u64) -> (String, Vec<u8>) {
    let r = h.ok("carol", ch, Request::Export);
    let files = &r[0].attachments;
    assert_eq!(files.len(), 2, "a PGN and a GIF: {r:?}");
    assert!(files[0].name.ends_with(".pgn") && files[1].name.ends_with(".gif"));
    assert_eq!(&files[1].bytes[..6], b"GIF89a");
    (
        String::from_utf8(files[0].bytes.clone()).expect("utf-8"),
        files[1].bytes.clone(),
    )
}

/// Plays up to `max` random legal answers; every reply is kept.
fn play_random(h: &Harness, ch: u64, rng: &mut ChaCha8Rng, max: usize, out: &mut Vec<Reply>) {
    for _ in 0..max {
        let Some(who) = ["alice", "bob"]
            .into_iter()
            .find(|who| h.service.asks(ch, user(who).id))
        else {
            return;
        };
        let legal = h.service.autocomplete(ch, user(who).id, "");
        let mut done = false;
        for _ in 0..10 {
            let pick = &legal[rng.gen_range(0..legal.len())];
            let r = h.req(who, ch, Request::Move { text: pick.clone() });
            let accepted = r.iter().all(|r| r.kind != ReplyKind::Refusal);
            out.extend(r);
            if accepted {
                done = true;
                break;
            }
        }
        assert!(done, "no legal answer accepted");
    }
}

/// How a game under test ends.
#[derive(Clone, Copy, Debug)]
enum Ending {
    /// Random play to the rules' end, else a resignation.
    PlayOrResign,
    Draw,
    Abort,
    Timeout,
}

/// Starts a game, plays it, checks that nothing public carries the seed meanwhile
/// (replies, pictures, an export and its GIF), then ends it.
fn play_game(
    h: &Harness,
    ch: u64,
    v: VariantId,
    options: &Options,
    ending: Ending,
    rng: &mut ChaCha8Rng,
) -> Played {
    let mut replies = h.ok(
        "alice",
        ch,
        Request::Challenge {
            opponent: user("bob"),
            variant: v,
            color: ColorChoice::White,
            days: Some(1),
            options: options.clone(),
            rated: true,
        },
    );
    replies.extend(h.ok("bob", ch, Request::Accept));
    let seed = seed_of(h, ch);
    match ending {
        Ending::Abort => {}
        _ => play_random(h, ch, rng, 30, &mut replies),
    }
    // Before the end: the seed is nowhere to be seen.
    let hex = seed_hex(seed);
    let (pgn, gif) = export(h, ch);
    for r in &replies {
        let json = serde_json::to_string(r).expect("json");
        assert!(!json.contains(&hex), "{v} {options:?}: the seed in {json}");
    }
    assert!(!pgn.contains(&hex) && !pgn.contains("[Seed "), "{pgn}");
    assert!(
        !gif.windows(hex.len()).any(|w| w == hex.as_bytes())
            && !gif
                .windows(8)
                .any(|w| w == seed.to_le_bytes() || w == seed.to_be_bytes()),
        "the seed in the GIF"
    );
    let chance = Game::new(v, options, 0).expect("game").uses_randomness();
    assert_eq!(
        pgn.contains(&format!("[SeedCommitment \"{}\"]", seed_commitment(seed))),
        chance,
        "{pgn}"
    );
    let board = h.ok("carol", ch, Request::Board);
    assert!(!serde_json::to_string(&board).expect("json").contains(&hex));

    let asked = ["alice", "bob"]
        .into_iter()
        .find(|who| h.service.asks(ch, user(who).id));
    match (ending, asked) {
        (_, None) => {} // The rules ended it.
        (Ending::PlayOrResign, Some(_)) => {
            play_random(h, ch, rng, 300, &mut replies);
            if let Some(who) = ["alice", "bob"]
                .into_iter()
                .find(|who| h.service.asks(ch, user(who).id))
            {
                replies.extend(h.ok(who, ch, Request::Resign));
            }
        }
        (Ending::Draw, Some(_)) => {
            replies.extend(h.ok("alice", ch, Request::Draw(DrawAction::Offer)));
            replies.extend(h.ok("bob", ch, Request::Draw(DrawAction::Accept)));
        }
        (Ending::Abort, Some(_)) => replies.extend(h.ok("alice", ch, Request::Abort)),
        (Ending::Timeout, Some(who)) => {
            h.clock.advance(2 * 86_400_000);
            let other = if who == "alice" { "bob" } else { "alice" };
            replies.extend(h.ok(other, ch, Request::Claim));
        }
    }
    Played { replies, seed }
}

fn channel_texts(replies: &[Reply]) -> Vec<String> {
    replies
        .iter()
        .filter(|r| r.to == Audience::Channel)
        .map(|r| r.text.clone())
        .collect()
}

#[test]
fn every_game_of_chance_commits_reveals_once_and_verifies() {
    let h = Harness::new();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let endings = [
        Ending::PlayOrResign,
        Ending::Draw,
        Ending::Abort,
        Ending::Timeout,
    ];
    let mut ch = 0;
    let mut by_the_rules = 0;
    for (v, options) in games_of_chance() {
        for ending in endings {
            ch += 1;
            let tag = format!("{v} {options:?} {ending:?}");
            let played = play_game(&h, ch, v, &options, ending, &mut rng);
            let texts = channel_texts(&played.replies);
            // The commitment: once, in the channel, when the game starts.
            let commitment = commitment_line(played.seed);
            assert_eq!(
                texts.iter().filter(|t| **t == commitment).count(),
                1,
                "{tag}: {texts:#?}"
            );
            assert!(commitment.starts_with("seed commitment: sha256:"));
            assert_eq!(commitment.len(), "seed commitment: sha256:".len() + 64);
            // The reveal: once, last, in the channel.
            let reveal = reveal_line(played.seed);
            assert_eq!(
                texts.iter().filter(|t| **t == reveal).count(),
                1,
                "{tag}: {texts:#?}"
            );
            assert_eq!(texts.last(), Some(&reveal), "{tag}");
            // The export now carries the seed, and checks out.
            let (pgn, _) = export(&h, ch);
            assert!(
                pgn.contains(&format!("[Seed \"{}\"]", seed_hex(played.seed))),
                "{tag}: {pgn}"
            );
            let verdict = verify(&pgn);
            assert!(verdict.passed(), "{tag}: {:?}\n{pgn}", verdict.lines());
            if !pgn.contains("[Result \"*\"]")
                && [" resigns.", " accepts the draw", " claims the win"]
                    .iter()
                    .all(|w| !pgn.contains(w))
            {
                by_the_rules += 1;
            }
            // The hashed text is the seed's 16 lower-case hex digits.
            assert_eq!(
                pgn.lines()
                    .find_map(|l| l.strip_prefix("[SeedCommitment \""))
                    .and_then(|l| l.strip_suffix("\"]")),
                Some(seed_commitment(played.seed).as_str())
            );
        }
    }
    // Some games were ended by the rules themselves (a mate, a lost king).
    assert!(by_the_rules > 0);
}

#[test]
fn games_without_chance_post_no_seed_and_still_verify() {
    let h = Harness::new();
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let none = [
        (VariantId::Standard, opts(&[])),
        (VariantId::Walls, opts(&[])),
        (VariantId::Wickets, opts(&[("decision", "deterministic")])),
    ];
    for (i, (v, options)) in none.into_iter().enumerate() {
        let ch = 100 + i as u64;
        let played = play_game(&h, ch, v, &options, Ending::PlayOrResign, &mut rng);
        for t in channel_texts(&played.replies) {
            assert!(!t.starts_with("seed"), "{v}: {t}");
        }
        let (pgn, _) = export(&h, ch);
        assert!(!pgn.contains("[SeedCommitment ") && !pgn.contains("[Seed "));
        let verdict = verify(&pgn);
        assert!(verdict.passed(), "{v}: {:?}", verdict.lines());
        assert!(
            verdict.lines()[0].contains("no chance"),
            "{:?}",
            verdict.lines()
        );
        // Issue 28 (newcomers): no talk of a seed or of chance for such a game.
        let all = verdict.lines().join("\n");
        assert!(all.contains("turns replayed by the rules match"), "{all}");
        assert!(!all.contains("from the seed"), "{all}");
    }
}

/// A finished Wand Chess game with at least one effect of chance in its comments.
fn finished_export_with_effects() -> String {
    let h = Harness::new();
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for ch in 1..40 {
        play_game(
            &h,
            ch,
            VariantId::Wand,
            &Options::new(),
            Ending::PlayOrResign,
            &mut rng,
        );
        let (pgn, _) = export(&h, ch);
        let movetext = pgn.split("\n\n").nth(1).unwrap_or_default();
        if movetext.contains(" {") && verify(&pgn).passed() {
            return pgn;
        }
    }
    panic!("no game with an effect comment");
}

/// The tag's line in `pgn` replaced.
fn with_tag(pgn: &str, name: &str, value: &str) -> String {
    pgn.lines()
        .map(|l| {
            if l.starts_with(&format!("[{name} ")) {
                format!("[{name} \"{value}\"]")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_changed_effect_or_seed_fails_the_check() {
    let pgn = finished_export_with_effects();
    assert!(verify(&pgn).passed());

    // One effect comment changed: the first `{...}` of the movetext.
    let (tags, movetext) = pgn.split_once("\n\n").expect("movetext");
    let open = movetext.find('{').expect("a comment");
    let close = open + movetext[open..].find('}').expect("closed");
    let changed = format!(
        "{tags}\n\n{}{{{} and a bonus}}{}",
        &movetext[..open],
        &movetext[open + 1..close],
        &movetext[close + 1..]
    );
    let verdict = verify(&changed);
    assert!(!verdict.passed());
    assert!(verdict.commitment.is_ok(), "{:?}", verdict.lines());
    let reason = verdict.reason().expect("a reason");
    assert!(
        reason.starts_with("move ") && reason.contains("and a bonus"),
        "{reason}"
    );
    assert!(!reason.contains('\n'));

    // Another seed: the commitment no longer matches it.
    let seed_line = pgn
        .lines()
        .find_map(|l| l.strip_prefix("[Seed \""))
        .and_then(|l| l.strip_suffix("\"]"))
        .expect("a seed");
    let seed = u64::from_str_radix(seed_line, 16).expect("hex");
    let other = seed ^ 1;
    let reseeded = with_tag(&pgn, "Seed", &seed_hex(other));
    let verdict = verify(&reseeded);
    assert!(!verdict.passed());
    assert!(verdict.commitment.is_err(), "{:?}", verdict.lines());
    assert!(
        verdict
            .reason()
            .expect("reason")
            .contains("not the SHA-256"),
        "{:?}",
        verdict.lines()
    );

    // Another seed with its own commitment: the effects no longer replay.
    let forged = with_tag(&reseeded, "SeedCommitment", &seed_commitment(other));
    let verdict = verify(&forged);
    assert!(verdict.commitment.is_ok(), "{:?}", verdict.lines());
    assert!(!verdict.passed(), "{:?}", verdict.lines());
    assert!(
        verdict.reason().expect("reason").starts_with("move ")
            || verdict.reason().expect("reason").starts_with("turn "),
        "{:?}",
        verdict.lines()
    );

    // An unfinished game's record cannot be checked yet.
    let hidden: String = pgn
        .lines()
        .filter(|l| !l.starts_with("[Seed "))
        .collect::<Vec<_>>()
        .join("\n");
    let verdict = verify(&hidden);
    assert!(!verdict.passed());
    assert!(verdict.reason().expect("reason").contains("no `Seed`"));
}

#[test]
fn arcana_verify_exits_0_when_all_matches_and_1_with_the_reason_otherwise() {
    let pgn = finished_export_with_effects();
    let dir = tempfile::tempdir().expect("dir");
    let good = dir.path().join("good.pgn");
    std::fs::write(&good, &pgn).expect("write");
    let run = |path: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_arcana"))
            .arg("verify")
            .arg(path)
            .output()
            .expect("run arcana verify")
    };
    let out = run(&good);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("commitment: ok") && text.contains("effects: ok"),
        "{text}"
    );

    let bad = dir.path().join("bad.pgn");
    let (tags, movetext) = pgn.split_once("\n\n").expect("movetext");
    let open = movetext.find('{').expect("a comment");
    std::fs::write(
        &bad,
        format!(
            "{tags}\n\n{}{{x{}",
            &movetext[..open],
            &movetext[open + 1..]
        ),
    )
    .expect("write");
    let out = run(&bad);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(1), "{text}");
    let last = text.lines().last().unwrap_or_default();
    assert!(last.starts_with("not verified: move "), "{text}");

    let out = run(&dir.path().join("missing.pgn"));
    assert_eq!(out.status.code(), Some(1));
}
