//! The animated export: one frame per turn, each the PNG board's own picture (same art,
//! last-move marks and overlays) on the fixed palette, from the chosen side, from the
//! public view only; attached beside the PGN by `/export` and made by
//! `arcana render --gif` from an exported record.

mod common;

use arcana::core::view::{View, Viewer};
use arcana::core::Side;
use arcana::render::gif::{palette_colour, palette_index};
use arcana::render::{render_gif, render_rgb, GifOptions, RenderOptions};
use arcana::service::api::{ColorChoice, Request};
use arcana::service::clock::ManualClock;
use arcana::service::pgn::import;
use arcana::service::record::frames;
use arcana::service::{Service, ServiceConfig};
use arcana::store::Store;
use arcana::variants::{Game, Options, VariantId};
use common::{user, Harness, START_MS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// A decoded animation: every frame composed onto the picture so far (RGB), and each
/// frame's delay in hundredths of a second.
struct Decoded {
    width: usize,
    height: usize,
    frames: Vec<Vec<u8>>,
    delays: Vec<u16>,
}

fn decode(bytes: &[u8]) -> Decoded {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut dec = options.read_info(bytes).expect("a GIF");
    let (width, height) = (dec.width() as usize, dec.height() as usize);
    let mut canvas = vec![0u8; width * height * 3];
    let mut out = Decoded {
        width,
        height,
        frames: Vec::new(),
        delays: Vec::new(),
    };
    while let Some(f) = dec.read_next_frame().expect("a frame") {
        assert_eq!(f.dispose, gif::DisposalMethod::Keep);
        let (fw, fh) = (f.width as usize, f.height as usize);
        for y in 0..fh {
            for x in 0..fw {
                let s = (y * fw + x) * 4;
                if f.buffer[s + 3] == 0 {
                    continue; // Transparent: unchanged since the previous frame.
                }
                let d = ((y + f.top as usize) * width + x + f.left as usize) * 3;
                canvas[d..d + 3].copy_from_slice(&f.buffer[s..s + 3]);
            }
        }
        out.frames.push(canvas.clone());
        out.delays.push(f.delay);
    }
    out
}

/// The PNG board's picture of `view` from `bottom`'s side, each pixel on the palette.
fn expected(view: &View, size: u32, bottom: Side) -> Vec<u8> {
    let img = render_rgb(
        view,
        &RenderOptions {
            size,
            orientation: Some(bottom),
        },
    );
    img.pixels()
        .flat_map(|p| palette_colour(palette_index(p.0)))
        .collect()
}

/// Two pictures are the same, pixel for pixel (the count of differing pixels is
/// reported, not the pictures).
fn assert_same(got: &[u8], want: &[u8], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: sizes differ");
    let wrong = got
        .chunks_exact(3)
        .zip(want.chunks_exact(3))
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(wrong, 0, "{what}: {wrong} pixels differ");
}

/// The answers of a random game of at most `turns` finished turns.
fn random_answers(variant: VariantId, options: &Options, seed: u64, turns: usize) -> Vec<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new(variant, options, seed).expect("game");
    let mut answers = Vec::new();
    let mut done = 0;
    while done < turns {
        let Some(ask) = game.ask() else { break };
        let legal = game.legal_texts();
        let pick = legal[rng.gen_range(0..legal.len())].clone();
        if game.play(ask.side, &pick).is_err() {
            continue;
        }
        answers.push(pick);
        if game.ask().is_none_or(|a| !a.question.continues_turn()) {
            done += 1;
        }
    }
    answers
}

#[test]
fn every_frame_is_the_public_board_of_its_turn() {
    let names = ["alice".to_string(), "bob".to_string()];
    type Case = (VariantId, &'static [(&'static str, &'static str)], Side);
    let cases: Vec<Case> = vec![
        (VariantId::Standard, &[], Side::White),
        (VariantId::Spell, &[], Side::Black),
        (VariantId::Sorchess, &[], Side::White),
        (VariantId::Wand, &[("wands", "moderated")], Side::Black),
        (VariantId::Walls, &[], Side::White),
        (VariantId::Wickets, &[("decision", "cards")], Side::Black),
    ];
    for (i, (v, pairs, bottom)) in cases.into_iter().enumerate() {
        let options: Options = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let seed = 40 + i as u64;
        let answers = random_answers(v, &options, seed, 14);
        let (views, replayed) = frames(v, &options, seed, &answers, &names).expect("replays");
        // One frame per finished turn, plus the start.
        assert_eq!(views.len(), replayed.turns.len() + 1, "{v}");
        assert!(views.iter().all(|f| f.viewer == Viewer::Public));
        let options = GifOptions {
            size: 256,
            bottom,
            ..GifOptions::default()
        };
        let gif = render_gif(&views, &options).expect("gif");
        let d = decode(&gif);
        assert_eq!(d.frames.len(), views.len(), "{v}");
        for (n, (frame, view)) in d.frames.iter().zip(&views).enumerate() {
            let want = expected(view, options.size, bottom);
            assert_eq!(want.len(), d.width * d.height * 3);
            assert_same(frame, &want, &format!("{v}: frame {n}"));
        }
        // A short pause on the last frame.
        let (last, rest) = d.delays.split_last().expect("frames");
        assert!(rest.iter().all(|&d| d == (options.frame_ms / 10) as u16));
        assert_eq!(*last, (options.last_ms / 10) as u16);
        assert!(options.last_ms > options.frame_ms);
    }
}

#[test]
fn a_private_view_is_never_animated() {
    let game = Game::new(VariantId::Standard, &Options::new(), 0).expect("game");
    let private = game.view(Viewer::Player(Side::White));
    let public = game.view(Viewer::Public);
    assert!(render_gif(std::slice::from_ref(&public), &GifOptions::default()).is_ok());
    assert!(render_gif(&[public, private], &GifOptions::default()).is_err());
    assert!(render_gif(&[], &GifOptions::default()).is_err());
}

/// A service whose games draw their seeds from `seed`.
fn service(seed: u64) -> Harness {
    let clock = Arc::new(ManualClock::new(START_MS));
    let service = Service::new(
        Store::temporary().expect("store"),
        clock.clone(),
        ServiceConfig {
            seed: Some(seed),
            ..ServiceConfig::default()
        },
    )
    .expect("service");
    Harness { service, clock }
}

/// Two Wand Chess games with moderated (secret) wands, the same moves, different
/// seeds: their secret kinds differ, their GIFs are the same bytes.
#[test]
fn the_gif_shows_no_secret_kinds() {
    let moves = [
        "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "d3", "d6", "O-O", "Nf6",
    ];
    let mut gifs = Vec::new();
    let mut hands = Vec::new();
    for seed in [1, 2] {
        let h = service(seed);
        h.ok(
            "alice",
            1,
            Request::Challenge {
                opponent: user("bob"),
                variant: VariantId::Wand,
                color: ColorChoice::White,
                days: None,
                options: [("wands".to_string(), "moderated".to_string())].into(),
                rated: true,
            },
        );
        h.ok("bob", 1, Request::Accept);
        h.moves(1, &moves);
        hands.push(h.ok("alice", 1, Request::Hand)[0].text.clone());
        for who in ["alice", "carol"] {
            let r = h.ok(who, 1, Request::Export);
            let gif = r[0]
                .attachments
                .iter()
                .find(|a| a.name.ends_with(".gif"))
                .expect("a GIF beside the PGN");
            assert_eq!(decode(&gif.bytes).frames.len(), moves.len() + 1);
            gifs.push(gif.bytes.clone());
        }
    }
    // The secrets differ (so the test can fail)...
    assert_ne!(hands[0], hands[1]);
    // ... the animations do not: a player's export is the public one too.
    assert_eq!(gifs[0], gifs[1]);
    assert_eq!(gifs[0], gifs[2]);
    assert_eq!(gifs[0], gifs[3]);
}

/// `/export` from Black's seat draws Black at the bottom; a half-played turn (a
/// teleport waiting for its square) comes after the last whole turn.
#[test]
fn the_export_is_drawn_from_the_invokers_side_up_to_now() {
    let h = service(37);
    h.ok(
        "alice",
        1,
        Request::Challenge {
            opponent: user("bob"),
            variant: VariantId::Wand,
            color: ColorChoice::White,
            days: None,
            options: Options::new(),
            rated: true,
        },
    );
    h.ok("bob", 1, Request::Accept);
    h.moves(1, &["e4", "e5", "Ze4:e5"]);
    assert!(h.service.asks(1, user("alice").id), "the teleport square");
    let gif_of = |who: &str| {
        let r = h.ok(who, 1, Request::Export);
        decode(
            &r[0]
                .attachments
                .iter()
                .find(|a| a.name.ends_with(".gif"))
                .expect("gif")
                .bytes,
        )
    };
    let white = gif_of("alice");
    let black = gif_of("bob");
    // Start, e4, e5, and the zap waiting for its square.
    assert_eq!(white.frames.len(), 4);
    assert_eq!(black.frames.len(), 4);
    assert!(white.frames[0] != black.frames[0], "the sides differ");
    let (views, _) = frames(
        VariantId::Wand,
        &Options::new(),
        0,
        &[],
        &["alice".to_string(), "bob".to_string()],
    )
    .expect("start");
    // Only the last frame marks the player to move.
    let start = View {
        to_move: None,
        ..views[0].clone()
    };
    let size = GifOptions::default().size;
    assert_same(
        &black.frames[0],
        &expected(&start, size, Side::Black),
        "black",
    );
    assert_same(
        &white.frames[0],
        &expected(&start, size, Side::White),
        "white",
    );
}

#[test]
fn arcana_render_gif_draws_an_exported_record() {
    let h = Harness::new();
    h.start(1, None);
    h.moves(1, &["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    h.ok("bob", 1, Request::Resign);
    let r = h.ok("carol", 1, Request::Export);
    let pgn = String::from_utf8(r[0].attachments[0].bytes.clone()).expect("utf-8");
    let dir = tempfile::tempdir().expect("dir");
    let record = dir.path().join("game.pgn");
    let out = dir.path().join("game.gif");
    std::fs::write(&record, &pgn).expect("write");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_arcana"))
        .args(["render", "--gif"])
        .arg(&record)
        .arg("-o")
        .arg(&out)
        .args(["--side", "black"])
        .output()
        .expect("run");
    assert!(run.status.success(), "{run:?}");
    let bytes = std::fs::read(&out).expect("the GIF");
    let d = decode(&bytes);
    assert_eq!(d.frames.len(), 6);
    // The last frame says how the game ended, although the rules did not end it.
    let imported = import(&pgn).expect("import");
    let (mut views, _) = frames(
        imported.variant,
        &imported.options,
        0,
        &imported.answers,
        &imported.names,
    )
    .expect("replays");
    let last = views.last_mut().expect("frames");
    last.result = Some("White wins by resignation".to_string());
    let size = GifOptions::default().size;
    assert_same(
        d.frames.last().expect("frames"),
        &expected(last, size, Side::Black),
        "the last frame",
    );
    // The same bytes as the export's own GIF drawn from that side.
    assert_eq!(
        bytes,
        imported.animation(Side::Black, None).expect("animation")
    );

    // A wrong side, or no record, is refused in one line.
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_arcana"))
        .args(["render", "--gif"])
        .arg(&record)
        .arg("-o")
        .arg(&out)
        .args(["--side", "blue"])
        .output()
        .expect("run");
    assert!(!run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("white or black"), "{err}");
}

// Issue 28, pictures, item 2: a move into a wicket is tinted in the GIF too (the
// wicket's cell and the square left), and item 8: a long result line shows whole at
// the GIF's 384 px, on two lines.
#[test]
fn the_gif_tints_a_move_into_a_wicket_and_shows_the_whole_result() {
    use arcana::core::Cell;
    use arcana::render::{colours, Layout};
    let fen = "k7/8/8/8/8/8/8/4Q1K1 w - - 0 1 -- D=e1,- B=g1,a8 dice";
    let mut g = Game::from_fen(VariantId::Wickets, fen, &Options::new(), 0).expect("fen");
    let before = g.view(Viewer::Public);
    g.play(Side::White, "Qe1-w0").expect("into the wicket");
    let mut after = g.view(Viewer::Public);
    after.names = ["alice".into(), "bob".into()];
    after.result = Some("0-1 Black wins by the loss of White's last king.".into());
    let options = GifOptions::default();
    assert_eq!(options.size, 384);
    let d = decode(&render_gif(&[before, after.clone()], &options).expect("gif"));
    let last = d.frames.last().expect("frames");
    let px = |x: u32, y: u32| {
        let i = (y as usize * d.width + x as usize) * 3;
        [last[i], last[i + 1], last[i + 2]]
    };
    let mix = |dst: [u8; 3], src: [u8; 3], a: u8| {
        let (a, ia) = (a as u32, 255 - a as u32);
        [0, 1, 2].map(|k| ((src[k] as u32 * a + dst[k] as u32 * ia + 127) / 255) as u8)
    };
    let l = Layout::new(options.size, options.bottom, true);
    let w0 = l.cell_rect(Cell::Outer(Side::White)).expect("w0");
    let rim = (w0.w / 16).max(2);
    assert_eq!(
        px(w0.x + w0.w - rim - 2, w0.y + rim + 1),
        mix(
            colours::OUTER_CELL,
            colours::LAST_MOVE,
            colours::LAST_MOVE_ALPHA
        )
    );
    let e1 = l.square_rect(arcana::core::Square::E1);
    assert_eq!(
        px(e1.x + 3, e1.y + 3),
        mix(
            colours::DARK_SQUARE,
            colours::LAST_MOVE,
            colours::LAST_MOVE_ALPHA
        )
    );
    // The result: yellow text in the top bar on two lines, its last characters
    // ("king.") reaching the right part of the picture.
    let bar = l.bar_rect(true);
    let rows: Vec<u32> = (bar.y..bar.y + bar.h)
        .filter(|&y| (0..l.width).any(|x| px(x, y) == colours::RESULT))
        .collect();
    let bands = rows.windows(2).filter(|w| w[1] > w[0] + 1).count() + 1;
    assert_eq!(bands, 2, "the result takes two lines: {rows:?}");
    // Whole: the words run across most of the bar (the layout itself is checked
    // whole in the renderer's unit test).
    let cols: Vec<u32> = (0..l.width)
        .filter(|&x| (bar.y..bar.y + bar.h).any(|y| px(x, y) == colours::RESULT))
        .collect();
    let span = cols.last().copied().unwrap_or(0) - cols.first().copied().unwrap_or(0);
    assert!(span > l.width / 3, "the result spans {span} pixels");
}
