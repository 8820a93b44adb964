//! Board images checked at pixel level: decode the PNG and look where the public layout
//! says things are. No golden files, so style changes do not break these tests.

use arcana::cli::setup_game;
use arcana::core::view::{Badge, PieceView, Tone, View, Viewer};
use arcana::core::{Cell, Piece, Role, Side, Square};
use arcana::render::{
    colours, piece_colours, render_png, square_colour, tone_colour, Layout, PixelRect,
    RenderOptions,
};
use arcana::variants::wand::view as wand_view;
use arcana::variants::wand::WandKind;
use arcana::variants::{spell, walls, wickets, Options};
use image::RgbImage;

fn game_view(moves: &str) -> View {
    let moves = (!moves.is_empty()).then_some(moves);
    let game = setup_game("standard", None, moves, &Options::new(), 0).expect("game");
    game.view(Viewer::Public)
}

fn decode(view: &View, options: &RenderOptions) -> (RgbImage, Layout) {
    let png = render_png(view, options).expect("render");
    assert_eq!(&png[1..4], b"PNG");
    let img = image::load_from_memory(&png).expect("decode").to_rgb8();
    let layout = Layout::for_view(view, options);
    assert_eq!((img.width(), img.height()), (layout.width, layout.height));
    (img, layout)
}

fn opts(size: u32, orientation: Option<Side>) -> RenderOptions {
    RenderOptions { size, orientation }
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("square")
}

fn px(img: &RgbImage, x: u32, y: u32) -> [u8; 3] {
    img.get_pixel(x, y).0
}

/// Pixels in the middle half of a cell that differ from `background`.
fn ink(img: &RgbImage, r: PixelRect, background: [u8; 3]) -> usize {
    let mut n = 0;
    for y in r.y + r.h / 4..r.y + 3 * r.h / 4 {
        for x in r.x + r.w / 4..r.x + 3 * r.w / 4 {
            let p = px(img, x, y);
            if (0..3).any(|k| p[k].abs_diff(background[k]) > 24) {
                n += 1;
            }
        }
    }
    n
}

/// Mean brightness of the pixels in a cell's middle that differ from `background`.
fn ink_brightness(img: &RgbImage, r: PixelRect, background: [u8; 3]) -> u32 {
    let (mut sum, mut n) = (0u32, 0u32);
    for y in r.y + r.h / 4..r.y + 3 * r.h / 4 {
        for x in r.x + r.w / 4..r.x + 3 * r.w / 4 {
            let p = px(img, x, y);
            if (0..3).any(|k| p[k].abs_diff(background[k]) > 24) {
                sum += p.iter().map(|&v| v as u32).sum::<u32>() / 3;
                n += 1;
            }
        }
    }
    sum / n.max(1)
}

/// Pixels in a rectangle close to a colour.
fn count_colour(img: &RgbImage, r: PixelRect, colour: [u8; 3], tolerance: u8) -> usize {
    let mut n = 0;
    for y in r.y..r.y + r.h {
        for x in r.x..r.x + r.w {
            let p = px(img, x, y);
            if (0..3).all(|k| p[k].abs_diff(colour[k]) <= tolerance) {
                n += 1;
            }
        }
    }
    n
}

fn area(r: PixelRect) -> usize {
    (r.w * r.h) as usize
}

#[test]
fn light_and_dark_squares_have_their_colours() {
    let (img, l) = decode(&game_view(""), &RenderOptions::default());
    assert_eq!(l.square, 64);
    // e4 is light and empty, d4 dark and empty; check near their top-left corners.
    for name in ["e4", "d4", "a6", "h3"] {
        let r = l.square_rect(sq(name));
        assert_eq!(
            px(&img, r.x + 3, r.y + 3),
            square_colour(sq(name)),
            "{name}"
        );
    }
    assert_eq!(square_colour(sq("e4")), colours::LIGHT_SQUARE);
    assert_eq!(square_colour(sq("d4")), colours::DARK_SQUARE);
    assert_ne!(colours::LIGHT_SQUARE, colours::DARK_SQUARE);
}

#[test]
fn pieces_are_on_occupied_squares_only() {
    let (img, l) = decode(&game_view(""), &RenderOptions::default());
    for name in ["e2", "a1", "d8", "g8", "h7"] {
        let r = l.square_rect(sq(name));
        assert!(
            ink(&img, r, square_colour(sq(name))) > area(r) / 16,
            "{name} should show a piece"
        );
    }
    for name in ["e4", "d5", "a3", "h6"] {
        let r = l.square_rect(sq(name));
        assert_eq!(
            ink(&img, r, square_colour(sq(name))),
            0,
            "{name} should be empty"
        );
    }
    // White pieces are light, black pieces dark.
    let white = ink_brightness(&img, l.square_rect(sq("d1")), square_colour(sq("d1")));
    let black = ink_brightness(&img, l.square_rect(sq("d8")), square_colour(sq("d8")));
    assert!(
        white > 160 && black < 120 && white > black + 60,
        "white {white}, black {black}"
    );
}

#[test]
fn the_side_to_move_is_at_the_bottom_unless_fixed() {
    let start = game_view("");
    let after_e4 = game_view("e4");
    let (_, l) = decode(&start, &RenderOptions::default());
    assert_eq!(l.bottom, Side::White);
    let (img, l) = decode(&after_e4, &RenderOptions::default());
    assert_eq!(l.bottom, Side::Black);
    // From Black's side, h1 is in the top-left corner and holds a white rook.
    let h1 = l.square_rect(sq("h1"));
    assert_eq!((h1.x, h1.y), (l.board_x, l.board_y));
    assert!(ink_brightness(&img, h1, square_colour(sq("h1"))) > 160);
    let (_, l) = decode(&after_e4, &opts(512, Some(Side::White)));
    assert_eq!(l.bottom, Side::White);
}

#[test]
fn flipping_moves_the_pieces() {
    let view = game_view("");
    let (white_img, lw) = decode(&view, &opts(512, Some(Side::White)));
    let (black_img, lb) = decode(&view, &opts(512, Some(Side::Black)));
    // The same pixels: a white rook from White's side, a black rook from Black's.
    let corner = lw.square_rect(sq("a1"));
    assert_eq!(corner, lb.square_rect(sq("h8")));
    let bg = square_colour(sq("a1"));
    assert!(ink_brightness(&white_img, corner, bg) > 160);
    assert!(ink_brightness(&black_img, corner, bg) < 120);
    // The empty middle stays empty, the pawns swap sides of the picture.
    let e2 = lw.square_rect(sq("e2"));
    assert!(ink(&white_img, e2, square_colour(sq("e2"))) > 0);
    let same_place_from_black = lb.square_rect(sq("d7"));
    assert_eq!(e2, same_place_from_black);
    assert!(ink_brightness(&black_img, e2, square_colour(sq("d7"))) < 120);
    let e4 = lb.square_rect(sq("e4"));
    assert_eq!(ink(&black_img, e4, square_colour(sq("e4"))), 0);
}

#[test]
fn the_last_move_is_highlighted() {
    let view = game_view("e4");
    let (img, l) = decode(&view, &opts(512, Some(Side::White)));
    for name in ["e2", "e4"] {
        let r = l.square_rect(sq(name));
        let p = px(&img, r.x + 3, r.y + 3);
        assert_ne!(p, square_colour(sq(name)), "{name} should be tinted");
        // The tint leans yellow: more red and green than blue, compared to the square.
        let base = square_colour(sq(name));
        assert!(p[2] < base[2], "{name}: {p:?} vs {base:?}");
    }
    for name in ["d2", "e3", "e5", "f4"] {
        let r = l.square_rect(sq(name));
        assert_eq!(
            px(&img, r.x + 3, r.y + 3),
            square_colour(sq(name)),
            "{name}"
        );
    }
}

fn is_red(p: [u8; 3]) -> bool {
    p[0] > 170 && p[1] < 90 && p[2] < 90
}

#[test]
fn a_king_in_check_is_marked_red() {
    // 5... Bb4+ : the white king on e1 is in check.
    let view = game_view("e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 d3 Bb4");
    assert_eq!(view.check, vec![Cell::Board(sq("e1"))]);
    let (img, l) = decode(&view, &RenderOptions::default());
    let e1 = l.square_rect(sq("e1"));
    let red_corner = is_red(px(&img, e1.x + 1, e1.y + 1));
    assert!(red_corner, "the check square's rim is red");
    let red_inside = (e1.y..e1.y + e1.h)
        .flat_map(|y| (e1.x..e1.x + e1.w).map(move |x| (x, y)))
        .filter(|&(x, y)| is_red(px(&img, x, y)))
        .count();
    assert!(red_inside > area(e1) / 5, "red covers {red_inside} pixels");
    // The king is still drawn on top.
    assert!(ink_brightness(&img, e1, square_colour(sq("e1"))) > 120);
    // No red elsewhere on the board: the black king's square and others stay plain.
    let e8 = l.square_rect(sq("e8"));
    assert!(!is_red(px(&img, e8.x + 1, e8.y + 1)));
    let quiet = game_view("e4 e5");
    let (img, l) = decode(&quiet, &RenderOptions::default());
    let e1 = l.square_rect(sq("e1"));
    assert!(!is_red(px(&img, e1.x + 1, e1.y + 1)));
}

#[test]
fn other_sizes_keep_proportions() {
    let view = game_view("e4 e5 Qh5");
    let (_, base) = decode(&view, &RenderOptions::default());
    for size in [256u32, 384, 768, 1024] {
        let (img, l) = decode(&view, &opts(size, None));
        assert_eq!(l.square, size / 8);
        let k = size as f64 / 512.0;
        // Below 320 px the label frame keeps a minimum width so labels stay legible.
        let frame = if size >= 320 {
            vec![
                (l.width, base.width),
                (l.height, base.height),
                (l.board_x, base.board_x),
            ]
        } else {
            vec![]
        };
        for (a, b) in frame {
            let expected = b as f64 * k;
            assert!(
                (a as f64 - expected).abs() <= 2.0 + 0.01 * expected,
                "{size}: {a} vs {expected}"
            );
        }
        let h5 = l.square_rect(sq("h5"));
        assert_eq!((h5.w, h5.h), (size / 8, size / 8));
        assert!(
            ink(&img, h5, square_colour(sq("h5"))) > area(h5) / 16,
            "{size}: queen on h5"
        );
        let d4 = l.square_rect(sq("d4"));
        assert_eq!(
            ink(&img, d4, square_colour(sq("d4"))),
            0,
            "{size}: d4 empty"
        );
        assert_eq!(px(&img, d4.x + 2, d4.y + 2), colours::DARK_SQUARE);
    }
}

fn piece(cell: Cell, side: Side, role: Role, badges: Vec<Badge>) -> PieceView {
    PieceView {
        cell,
        piece: Piece::new(side, role),
        badges,
    }
}

fn variety_view() -> View {
    let mut v = View::new(Viewer::Public, "Test Variant");
    v.to_move = Some(Side::White);
    v.outer_cells = true;
    v.pieces = vec![
        piece(Cell::Board(sq("e1")), Side::White, Role::King, vec![]),
        piece(Cell::Board(sq("e8")), Side::Black, Role::King, vec![]),
        piece(
            Cell::Board(sq("c3")),
            Side::White,
            Role::Knight,
            vec![wand_view::asleep(3)],
        ),
        piece(
            Cell::Board(sq("f6")),
            Side::Black,
            Role::Bishop,
            vec![wand_view::wand(WandKind::Teleport, true)],
        ),
        piece(Cell::Board(sq("d4")), Side::White, Role::Wizard, vec![]),
        piece(Cell::Outer(Side::Black), Side::Black, Role::Rook, vec![]),
    ];
    v.marks = vec![
        (sq("b5"), walls::view::WALL),
        (sq("g4"), spell::view::FROZEN),
        (sq("a3"), walls::view::SETUP),
    ];
    v.tokens = vec![(Cell::Board(sq("h3")), Side::Black)];
    v.names = ["alice".to_string(), "bob".to_string()];
    v.notes = [vec!["2 walls in hand".to_string()], vec![]];
    v
}

#[test]
fn hand_built_view_shows_walls_outer_cells_badges_marks_and_wizard() {
    let view = variety_view();
    let (img, l) = decode(&view, &RenderOptions::default());
    assert!(l.outer_cells);

    // The wall fills b5 with stone, not the square colour.
    let b5 = l.square_rect(sq("b5"));
    assert!(ink(&img, b5, square_colour(sq("b5"))) > area(b5) / 5);
    let c5 = l.square_rect(sq("c5"));
    assert_eq!(ink(&img, c5, square_colour(sq("c5"))), 0);

    // Wicket cells sit outside the board; the black one holds a rook, the white is empty.
    let w0 = l.cell_rect(Cell::Outer(Side::White)).expect("w0");
    let w9 = l.cell_rect(Cell::Outer(Side::Black)).expect("w9");
    assert!(w0.y >= l.board_y + l.board_size());
    assert!(w9.y + w9.h <= l.board_y);
    let (cx, cy) = w0.centre();
    assert_eq!(px(&img, cx, cy), colours::OUTER_CELL);
    assert!(ink(&img, w9, colours::OUTER_CELL) > area(w9) / 16);

    // Asleep badge on c3's knight (blue), wand badge on f6 (purple); none elsewhere.
    let blue = [64, 96, 214];
    let purple = [132, 64, 200];
    assert!(count_colour(&img, l.square_rect(sq("c3")), blue, 8) > 20);
    assert!(count_colour(&img, l.square_rect(sq("f6")), purple, 8) > 20);
    assert_eq!(count_colour(&img, l.square_rect(sq("e1")), blue, 8), 0);
    assert_eq!(count_colour(&img, l.square_rect(sq("c3")), purple, 8), 0);

    // Frozen square is tinted blue; a setup square has a green dot in the middle.
    let g4 = l.square_rect(sq("g4"));
    let p = px(&img, g4.x + g4.w / 2, g4.y + 4);
    assert!(p[2] > p[0] && p[2] > 180, "frozen tint {p:?}");
    let a3 = l.square_rect(sq("a3"));
    let (cx, cy) = a3.centre();
    assert_eq!(px(&img, cx, cy), tone_colour(walls::view::SETUP.tone));

    // The ball on h3 is a disc in Black's colour.
    let h3 = l.square_rect(sq("h3"));
    let (cx, cy) = h3.centre();
    assert_eq!(px(&img, cx, cy), piece_colours(Side::Black).0);

    // The Wizard carries a gold star no other piece has.
    let gold = |r: PixelRect| {
        let mut n = 0;
        for y in r.y..r.y + r.h {
            for x in r.x..r.x + r.w {
                let p = px(&img, x, y);
                if p[0] > 220 && p[1] > 160 && p[2] < 110 {
                    n += 1;
                }
            }
        }
        n
    };
    assert!(gold(l.square_rect(sq("d4"))) > 10);
    assert_eq!(gold(l.square_rect(sq("e1"))), 0);
}

/// A piece with many marks keeps them apart: permanent conditions in the top-left
/// corner, timed statuses top-right, the wand bottom-right; no two overlap.
#[test]
fn crowded_badges_use_separate_corners() {
    let mut v = View::new(Viewer::Public, "Test Variant");
    v.to_move = Some(Side::White);
    v.pieces = vec![
        piece(Cell::Board(sq("e1")), Side::White, Role::King, vec![]),
        piece(Cell::Board(sq("e8")), Side::Black, Role::King, vec![]),
        piece(
            Cell::Board(sq("d4")),
            Side::White,
            Role::Queen,
            vec![
                wand_view::sick(2),
                wand_view::protected(),
                wand_view::asleep(3),
                wand_view::wand(WandKind::Death, true),
            ],
        ),
    ];
    for size in [384, 512] {
        let (img, l) = decode(&v, &opts(size, Some(Side::White)));
        let r = l.square_rect(sq("d4"));
        let half = |left: bool, top: bool| PixelRect {
            x: if left { r.x } else { r.x + r.w / 2 },
            y: if top { r.y } else { r.y + r.h / 2 },
            w: r.w / 2,
            h: r.h / 2,
        };
        let (yellow, green, blue, purple) =
            ([236, 196, 40], [52, 140, 60], [64, 96, 214], [132, 64, 200]);
        // Protected (yellow) top-left only; sick (green) and asleep (blue) on top;
        // the wand (purple) bottom-right only.
        assert!(
            count_colour(&img, half(true, true), yellow, 6) > 10,
            "{size}"
        );
        assert_eq!(
            count_colour(&img, half(false, true), yellow, 6),
            0,
            "{size}"
        );
        assert_eq!(
            count_colour(&img, half(false, false), yellow, 6),
            0,
            "{size}"
        );
        let top = PixelRect { h: r.h / 2, ..r };
        assert!(count_colour(&img, top, green, 6) > 10, "{size}");
        assert!(count_colour(&img, top, blue, 6) > 10, "{size}");
        assert!(
            count_colour(&img, half(false, false), purple, 6) > 10,
            "{size}"
        );
        assert_eq!(count_colour(&img, top, purple, 6), 0, "{size}");
    }
}

#[test]
fn the_wizard_is_a_piece_of_its_own() {
    let mut a = View::new(Viewer::Public, "x");
    let mut b = a.clone();
    a.pieces = vec![piece(
        Cell::Board(sq("d4")),
        Side::Black,
        Role::Wizard,
        vec![],
    )];
    let (ia, l) = decode(&a, &RenderOptions::default());
    let r = l.square_rect(sq("d4"));
    for role in [Role::Bishop, Role::Queen, Role::King, Role::Pawn] {
        b.pieces = vec![piece(Cell::Board(sq("d4")), Side::Black, role, vec![])];
        let (ib, _) = decode(&b, &RenderOptions::default());
        let mut differ = 0;
        for y in r.y..r.y + r.h {
            for x in r.x..r.x + r.w {
                if px(&ia, x, y) != px(&ib, x, y) {
                    differ += 1;
                }
            }
        }
        assert!(
            differ > area(r) / 8,
            "Wizard vs {role:?}: {differ} pixels differ"
        );
    }
}

#[test]
fn bars_show_whose_turn_it_is_and_the_result() {
    let mut view = variety_view();
    view.outer_cells = false;
    let (img, l) = decode(&view, &opts(512, Some(Side::White)));
    let white_bar = l.side_bar(Side::White);
    let black_bar = l.side_bar(Side::Black);
    assert!(count_colour(&img, white_bar, colours::ACCENT, 4) > 50);
    assert_eq!(count_colour(&img, black_bar, colours::ACCENT, 4), 0);

    view.to_move = None;
    view.result = Some("1-0 White wins by checkmate".to_string());
    let (img, l) = decode(&view, &opts(512, Some(Side::White)));
    assert_eq!(
        count_colour(&img, l.side_bar(Side::White), colours::ACCENT, 4),
        0
    );
    assert!(count_colour(&img, l.bar_rect(true), colours::RESULT, 10) > 30);
}

#[test]
fn notes_and_names_are_written_in_the_bars() {
    let mut view = variety_view();
    view.outer_cells = false;
    let o = opts(512, Some(Side::White));
    let (with, l) = decode(&view, &o);
    view.notes = [vec![], vec![]];
    let (without, _) = decode(&view, &o);
    let bar = l.side_bar(Side::White);
    let bright = |img: &RgbImage| count_colour(img, bar, colours::NOTE, 30);
    assert!(bright(&with) > bright(&without) + 30);
}

#[test]
fn encoded_board_is_small() {
    let view = game_view("e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 d3 Bb4");
    let png = render_png(&view, &RenderOptions::default()).expect("render");
    assert!(png.len() < 70 * 1024, "{} bytes", png.len());
}

/// Writes sample images for a person to look at when `ARCANA_RENDER_SAMPLES` names a
/// directory; otherwise does nothing.
#[test]
fn write_samples_when_asked() {
    let Ok(dir) = std::env::var("ARCANA_RENDER_SAMPLES") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    let mut variety = variety_view();
    variety.pieces.push(piece(
        Cell::Board(sq("a7")),
        Side::Black,
        Role::Queen,
        vec![
            wand_view::statue(2),
            wand_view::slow(1),
            wand_view::protected(),
            wand_view::wand_destroyed(),
        ],
    ));
    variety.pieces.push(piece(
        Cell::Board(sq("h1")),
        Side::White,
        Role::Rook,
        vec![
            wand_view::sick(4),
            wand_view::fast(),
            wand_view::peaceful(),
            wand_view::wand(WandKind::Polymorph, true),
        ],
    ));
    variety.pieces.push(piece(
        Cell::Board(sq("b2")),
        Side::White,
        Role::Pawn,
        vec![wickets::view::defender(), wickets::view::ball_haver()],
    ));
    variety.marks.push((sq("g5"), spell::view::FROZEN));
    variety.marks.push((sq("h4"), spell::view::FROZEN_SPENT));
    variety.marks.push((sq("c6"), spell::view::JUMP));
    variety.last_move = vec![Cell::Board(sq("d2")), Cell::Board(sq("d4"))];
    variety.notes = [
        vec![
            "Spells: 2 jump, 5 freeze".to_string(),
            "Wizard in hand".to_string(),
        ],
        vec![
            "Spells: 1 jump, 3 freeze".to_string(),
            "cooldown 2".to_string(),
        ],
    ];
    let samples = [
        ("start", game_view(""), opts(512, None)),
        (
            "check",
            game_view("e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 d3 Bb4"),
            opts(512, None),
        ),
        (
            "mate",
            game_view("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7"),
            opts(512, None),
        ),
        (
            "flipped",
            game_view("e4 e5 Nf3"),
            opts(512, Some(Side::White)),
        ),
        ("variety", variety.clone(), opts(512, None)),
        ("variety-big", variety, opts(1024, Some(Side::Black))),
        ("small", game_view("e4 e5 Nf3"), opts(256, None)),
    ];
    for (name, view, o) in samples {
        let png = render_png(&view, &o).expect("render");
        std::fs::write(dir.join(format!("{name}.png")), png).expect("write");
    }
    // A moderated Wand Chess game after a few turns, from White's private side.
    let mut o = Options::new();
    o.insert("wands".into(), "moderated".into());
    let mut g =
        arcana::variants::Game::new(arcana::variants::VariantId::Wand, &o, 7).expect("game");
    for m in ["e4", "e5", "Ze4:e5", "Nc6"] {
        if let Some(ask) = g.ask() {
            let _ = g.play(ask.side, m);
        }
    }
    for (name, viewer) in [
        ("wand-white", Viewer::Player(Side::White)),
        ("wand-black", Viewer::Player(Side::Black)),
        ("wand-public", Viewer::Public),
    ] {
        let png = render_png(&g.view(viewer), &RenderOptions::default()).expect("render");
        std::fs::write(dir.join(format!("{name}.png")), png).expect("write");
    }
    for (name, sections) in [
        (
            "legend-wand",
            vec![("Wand Chess".to_string(), wand_view::legend())],
        ),
        (
            "legend-wickets",
            vec![("Chess with Wickets".to_string(), wickets::view::legend())],
        ),
    ] {
        let legend = arcana::core::view::Legend { sections };
        let png = arcana::render::legend_png(&legend, 512).expect("legend");
        std::fs::write(dir.join(format!("{name}.png")), png).expect("write");
    }
}

#[test]
fn cli_render_writes_a_png_and_flip_turns_the_board() {
    let dir = tempfile::tempdir().expect("tempdir");
    let run = |flip: bool, name: &str| {
        let out = dir.path().join(name);
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_arcana"));
        cmd.args([
            "render", "standard", "--moves", "e4", "--size", "256", "--out",
        ])
        .arg(&out);
        if flip {
            cmd.arg("--flip");
        }
        let status = cmd.status().expect("run arcana");
        assert!(status.success());
        image::open(&out).expect("png").to_rgb8()
    };
    // Black is to move: unflipped from Black's side, flipped from White's.
    for (flip, bottom) in [(false, Side::Black), (true, Side::White)] {
        let img = run(flip, &format!("{flip}.png"));
        let l = Layout::new(256, bottom, false);
        assert_eq!((img.width(), img.height()), (l.width, l.height));
        let bottom_left = l.square_rect(if bottom == Side::White {
            sq("a1")
        } else {
            sq("h8")
        });
        // The bottom-left square holds a rook of the bottom side.
        let b = ink_brightness(&img, bottom_left, square_colour(sq("a1")));
        match bottom {
            Side::White => assert!(b > 160, "flip {flip}: {b}"),
            Side::Black => assert!(b < 120, "flip {flip}: {b}"),
        }
    }
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_arcana"))
        .args(["render", "standard", "--moves", "e5", "--out"])
        .arg(dir.path().join("bad.png"))
        .output()
        .expect("run arcana");
    assert!(!bad.status.success());
    assert!(!dir.path().join("bad.png").exists());
}

/// Columns of a rectangle holding at least one pixel close to `colour`.
fn colour_columns(img: &RgbImage, r: PixelRect, colour: [u8; 3]) -> usize {
    (r.x..r.x + r.w)
        .filter(|&x| {
            (r.y..r.y + r.h).any(|y| (0..3).all(|k| px(img, x, y)[k].abs_diff(colour[k]) <= 6))
        })
        .count()
}

fn one_piece(badges: Vec<Badge>) -> View {
    let mut v = View::new(Viewer::Public, "Test Variant");
    v.pieces = vec![piece(
        Cell::Board(sq("d4")),
        Side::White,
        Role::Rook,
        badges,
    )];
    v
}

/// A badge alone is written in words; on a crowded piece it falls back to its short
/// form, so the same badge is narrower there.
#[test]
fn badges_are_words_where_there_is_room() {
    let blue = tone_colour(wand_view::asleep(3).tone);
    let alone = one_piece(vec![wand_view::asleep(3)]);
    let crowded = one_piece(vec![
        wand_view::sick(2),
        wand_view::asleep(3),
        wand_view::protected(),
    ]);
    let o = opts(512, Some(Side::White));
    let (a, l) = decode(&alone, &o);
    let (c, _) = decode(&crowded, &o);
    let r = l.square_rect(sq("d4"));
    let wide = colour_columns(&a, r, blue);
    let narrow = colour_columns(&c, r, blue);
    // "sleep 3" is seven characters, "z3" two.
    assert!(wide > 2 * narrow && narrow > 8, "{wide} vs {narrow}");
    assert_eq!(wand_view::asleep(3).label, "sleep 3");
}

/// A wand kind only this viewer knows is hollow (dark inside a purple rim); a kind
/// both players know is filled purple.
#[test]
fn viewer_only_wand_kinds_are_drawn_hollow() {
    let purple = tone_colour(wand_view::wand(WandKind::Death, true).tone);
    let o = opts(512, Some(Side::White));
    let (filled, l) = decode(&one_piece(vec![wand_view::wand(WandKind::Death, true)]), &o);
    let (hollow, _) = decode(
        &one_piece(vec![wand_view::wand(WandKind::Death, false)]),
        &o,
    );
    let r = l.square_rect(sq("d4"));
    let f = count_colour(&filled, r, purple, 6);
    let h = count_colour(&hollow, r, purple, 6);
    assert!(f > 2 * h && h > 20, "filled {f}, hollow {h}");
    // (The piece's own dark outline is close to the hollow fill, so compare.)
    let dark = |img: &RgbImage| count_colour(img, r, colours::HOLLOW_FILL, 6);
    assert!(dark(&hollow) > dark(&filled) + 100);
}

/// A player's private board is drawn from that player's side, whoever is to move.
#[test]
fn a_private_view_is_drawn_from_the_viewers_side() {
    let mut v = game_view("");
    assert_eq!(v.to_move, Some(Side::White));
    v.viewer = Viewer::Player(Side::Black);
    let (_, l) = decode(&v, &RenderOptions::default());
    assert_eq!(l.bottom, Side::Black);
    v.viewer = Viewer::Public;
    let (_, l) = decode(&v, &RenderOptions::default());
    assert_eq!(l.bottom, Side::White);
    // A fixed orientation still wins.
    v.viewer = Viewer::Player(Side::Black);
    let (_, l) = decode(&v, &opts(512, Some(Side::White)));
    assert_eq!(l.bottom, Side::White);
}

/// The result shares the top bar's name line; the notes under it stay whole.
#[test]
fn the_result_does_not_shorten_the_top_players_notes() {
    let mut view = game_view("");
    view.names = ["alice".to_string(), "bob".to_string()];
    view.title = String::new();
    view.to_move = None;
    view.notes[1] = vec![
        "Freeze 4 (ready in 2) · Jump 2".to_string(),
        "12 points".to_string(),
    ];
    let o = opts(512, Some(Side::White));
    let (plain, l) = decode(&view, &o);
    view.result = Some("0-1 Black wins by checkmate, a long reason indeed".to_string());
    let (with_result, _) = decode(&view, &o);
    let bar = l.bar_rect(true);
    // The notes row: the lower part of the bar.
    let notes_row = PixelRect {
        y: bar.y + bar.h * 9 / 16,
        h: bar.h - bar.h * 9 / 16,
        ..bar
    };
    for y in notes_row.y..notes_row.y + notes_row.h {
        for x in notes_row.x..notes_row.x + notes_row.w {
            assert_eq!(px(&plain, x, y), px(&with_result, x, y), "({x}, {y})");
        }
    }
    assert!(count_colour(&with_result, bar, colours::RESULT, 10) > 30);
    assert!(count_colour(&plain, notes_row, colours::NOTE, 30) > 100);
}

/// The legend draws each sample as on the board: its badge colours appear, one row
/// per entry.
#[test]
fn the_legend_picture_shows_every_sample() {
    use arcana::core::view::Legend;
    let entries = wand_view::legend();
    let one = Legend {
        sections: vec![("Wand Chess".to_string(), entries[..1].to_vec())],
    };
    let all = Legend {
        sections: vec![("Wand Chess".to_string(), entries.clone())],
    };
    let small = arcana::render::legend_rgb(&one, 512);
    let big = arcana::render::legend_rgb(&all, 512);
    // A long legend is laid out in columns as wide as a short one's.
    assert_eq!(big.width() % small.width(), 0);
    let columns = big.width() / small.width();
    assert!(columns >= 2, "{columns} column(s)");
    assert!(big.height() * columns > small.height() * (entries.len() as u32) / 2);
    let whole = PixelRect {
        x: 0,
        y: 0,
        w: big.width(),
        h: big.height(),
    };
    for tone in [
        Tone::Blue,
        Tone::Slate,
        Tone::Brown,
        Tone::Purple,
        Tone::Red,
        Tone::Gold,
    ] {
        assert!(
            count_colour(&big, whole, tone_colour(tone), 4) > 20,
            "{tone:?}"
        );
    }
    let png = arcana::render::legend_png(&all, 512).expect("png");
    assert_eq!(&png[1..4], b"PNG");
}
