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
        // At 384 px the top row has no room left for the third badge, which then
        // goes to the foot rather than over the piece (issue 28, pictures).
        if size >= 512 {
            assert!(count_colour(&img, top, blue, 6) > 10, "{size}");
        } else {
            assert!(count_colour(&img, r, blue, 6) > 10, "{size}");
        }
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
/// form, so the same badge is narrower there. (Badges at the top keep to their short
/// forms when words would cover the piece's head, so a wand at the foot is used.)
#[test]
fn badges_are_words_where_there_is_room() {
    let death = wand_view::wand(WandKind::Death, true);
    let purple = tone_colour(death.tone);
    let alone = one_piece(vec![death.clone()]);
    let crowded = one_piece(vec![death.clone(), wand_view::wand_destroyed()]);
    let o = opts(512, Some(Side::White));
    let (a, l) = decode(&alone, &o);
    let (c, _) = decode(&crowded, &o);
    let r = l.square_rect(sq("d4"));
    let wide = colour_columns(&a, r, purple);
    let narrow = colour_columns(&c, r, purple);
    // "death" is five characters, "dth" three.
    assert!(wide > narrow + 10 && narrow > 8, "{wide} vs {narrow}");
    assert_eq!(death.label, "death");
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

// ---- Issue 28, pictures ----

/// `src` over `dst` with coverage `a`, as the renderer mixes.
fn mix(dst: [u8; 3], src: [u8; 3], a: u8) -> [u8; 3] {
    let (a, ia) = (a as u32, 255 - a as u32);
    [0, 1, 2].map(|k| ((src[k] as u32 * a + dst[k] as u32 * ia + 127) / 255) as u8)
}

fn close(a: [u8; 3], b: [u8; 3], tolerance: u8) -> bool {
    (0..3).all(|k| a[k].abs_diff(b[k]) <= tolerance)
}

/// Pixels of a rectangle that look tinted yellow (the last-move tint over stone or
/// ice): green well above blue.
fn yellowish(img: &RgbImage, r: PixelRect) -> usize {
    let mut n = 0;
    for y in r.y..r.y + r.h {
        for x in r.x..r.x + r.w {
            let p = px(img, x, y);
            if p[1] as i32 > p[2] as i32 + 50 {
                n += 1;
            }
        }
    }
    n
}

// Issue 28, pictures, item 1: the conjured wall's (kill) square is tinted like the
// other squares of the last move, over its stone.
#[test]
fn a_conjured_wall_shows_the_last_move_tint() {
    let mut g = arcana::variants::Game::from_fen(
        arcana::variants::VariantId::Walls,
        "rnb5/8/8/4*3/3*4/2N5/8/R4B2 w 5/5 0/0 -/- play",
        &Options::new(),
        0,
    )
    .expect("fen");
    g.play(Side::White, "Nc3-b5 Nb5+c6").expect("conjure");
    let view = g.view(Viewer::Public);
    assert!(view.last_move.contains(&Cell::Board(sq("c6"))));
    let (img, l) = decode(&view, &opts(512, Some(Side::White)));
    let c6 = l.square_rect(sq("c6"));
    assert!(yellowish(&img, c6) > area(c6) * 9 / 10, "c6 is not tinted");
    // An older wall, not part of the last move, is plain stone.
    let d4 = l.square_rect(sq("d4"));
    assert_eq!(yellowish(&img, d4), 0);
}

// Issue 28, pictures, item 9: inside a freeze area the last-move tint shows, and so
// does the freeze's rim.
#[test]
fn the_last_move_shows_inside_a_freeze_area() {
    let mut view = game_view("e4 e5 Nf3");
    for name in ["e3", "f3", "g3", "e2", "f2", "g2"] {
        view.marks.push((sq(name), spell::view::FROZEN));
    }
    let (img, l) = decode(&view, &opts(512, Some(Side::White)));
    let ice = tone_colour(Tone::Ice);
    // g1 (not frozen) and f3 (frozen, holding the knight) are the last move; e3 is
    // frozen and not part of it.
    let f3 = l.square_rect(sq("f3"));
    let e3 = l.square_rect(sq("e3"));
    let frozen = mix(square_colour(sq("e3")), ice, 130);
    assert!(close(px(&img, e3.x + 8, e3.y + 8), frozen, 2));
    let frozen_last = mix(
        mix(square_colour(sq("f3")), ice, 130),
        colours::LAST_MOVE,
        colours::LAST_MOVE_ALPHA,
    );
    let corner = px(&img, f3.x + 8, f3.y + 8);
    assert!(
        close(corner, frozen_last, 2),
        "{corner:?} vs {frozen_last:?}"
    );
    assert!(yellowish(&img, f3) > area(f3) / 5);
    assert_eq!(yellowish(&img, e3), 0);
    // The freeze's rim is drawn over the tint.
    assert_eq!(px(&img, f3.x + 1, f3.y + f3.h / 2), ice);
    // The same in a real Spell Chess game: Black freezes around e4 and moves a pawn
    // into the frozen area.
    let mut g = arcana::variants::Game::new(arcana::variants::VariantId::Spell, &Options::new(), 0)
        .expect("game");
    g.play(Side::White, "e4").expect("e4");
    g.play(Side::Black, "f@e4,e7e5").expect("freeze and e5");
    let view = g.view(Viewer::Public);
    assert!(
        view.marks.contains(&(sq("e5"), spell::view::FROZEN)),
        "{:?}",
        view.marks
    );
    assert!(view.last_move.contains(&Cell::Board(sq("e5"))));
    let (img, l) = decode(&view, &opts(384, Some(Side::White)));
    let e5 = l.square_rect(sq("e5"));
    let want = mix(
        mix(square_colour(sq("e5")), ice, 130),
        colours::LAST_MOVE,
        colours::LAST_MOVE_ALPHA,
    );
    let got = px(&img, e5.x + 5, e5.y + 5);
    assert!(close(got, want, 2), "{got:?} vs {want:?}");
    assert_eq!(px(&img, e5.x, e5.y + e5.h / 2), ice);
}

/// A Chess with Wickets game after White's Defender moved into its wicket (w0), and
/// the same game after it moved out again (if a move leaves it).
fn into_the_wicket() -> (View, Option<View>) {
    let fen = "k7/8/8/8/8/8/8/4Q1K1 w - - 0 1 -- D=e1,- B=g1,a8 dice";
    let mut g = arcana::variants::Game::from_fen(
        arcana::variants::VariantId::Wickets,
        fen,
        &Options::new(),
        0,
    )
    .expect("fen");
    g.play(Side::White, "Qe1-w0").expect("into the wicket");
    let into = g.view(Viewer::Public);
    g.play(Side::Black, "Ka8-b8").expect("a black move");
    // Black's king carries its ball: it keeps it.
    g.play(Side::Black, "decline").expect("no throw");
    let legal = g.legal_texts();
    let out = legal.into_iter().find(|t| t.starts_with("Qw0")).map(|t| {
        g.play(Side::White, &t).expect("out of the wicket");
        g.view(Viewer::Public)
    });
    (into, out)
}

// Issue 28, pictures, item 2: a move into a wicket tints the wicket's cell (its
// corner, clear of the piece and badges) and the square it came from.
#[test]
fn a_move_into_a_wicket_is_tinted() {
    let (view, out) = into_the_wicket();
    for size in [384, 512] {
        let (img, l) = decode(&view, &opts(size, Some(Side::White)));
        let w0 = l.cell_rect(Cell::Outer(Side::White)).expect("w0");
        let rim = (w0.w / 16).max(2);
        let tinted = mix(
            colours::OUTER_CELL,
            colours::LAST_MOVE,
            colours::LAST_MOVE_ALPHA,
        );
        let corner = px(&img, w0.x + w0.w - rim - 2, w0.y + rim + 1);
        assert_eq!(corner, tinted, "{size}: w0's corner");
        let e1 = l.square_rect(sq("e1"));
        let tinted = mix(
            square_colour(sq("e1")),
            colours::LAST_MOVE,
            colours::LAST_MOVE_ALPHA,
        );
        assert_eq!(px(&img, e1.x + 3, e1.y + 3), tinted, "{size}: e1");
    }
    // And a move out of it.
    let out = out.expect("a move out of the wicket");
    assert!(out.last_move.contains(&Cell::Outer(Side::White)));
    let (img, l) = decode(&out, &opts(384, Some(Side::White)));
    let w0 = l.cell_rect(Cell::Outer(Side::White)).expect("w0");
    let tinted = mix(
        colours::OUTER_CELL,
        colours::LAST_MOVE,
        colours::LAST_MOVE_ALPHA,
    );
    assert_eq!(
        px(&img, w0.x + w0.w / 2, w0.y + w0.h / 2),
        tinted,
        "w0 left"
    );
}

// Issue 28, pictures, item 3: the Defender badge leaves the king's cross visible.
#[test]
fn the_defender_badge_leaves_the_kings_cross_visible() {
    let king = |badges| {
        let mut v = View::new(Viewer::Public, "t");
        v.pieces = vec![piece(
            Cell::Board(sq("e1")),
            Side::White,
            Role::King,
            badges,
        )];
        v
    };
    for size in [256, 384, 512, 1024, 2048] {
        let (plain, l) = decode(&king(vec![]), &opts(size, Some(Side::White)));
        let (badged, _) = decode(
            &king(vec![wickets::view::defender(), wickets::view::ball_haver()]),
            &opts(size, Some(Side::White)),
        );
        let e1 = l.square_rect(sq("e1"));
        let s = e1.w as f32;
        let cross = PixelRect {
            x: e1.x + (0.38 * s) as u32,
            y: e1.y + (0.05 * s) as u32,
            w: (0.24 * s) as u32,
            h: (0.25 * s) as u32,
        };
        let mut same = 0;
        for y in cross.y..cross.y + cross.h {
            for x in cross.x..cross.x + cross.w {
                same += usize::from(px(&plain, x, y) == px(&badged, x, y));
            }
        }
        assert_eq!(same, area(cross), "{size}: the cross is covered");
        // The badge is there.
        let forest = tone_colour(Tone::Forest);
        assert!(
            count_colour(&badged, e1, forest, 0) > 10,
            "{size}: no badge"
        );
    }
}

/// The bounding box of the pixels of exactly `colour` in `r`.
fn colour_box(img: &RgbImage, r: PixelRect, colour: [u8; 3]) -> Option<PixelRect> {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for y in r.y..r.y + r.h {
        for x in r.x..r.x + r.w {
            if px(img, x, y) == colour {
                x0 = x0.min(x);
                y0 = y0.min(y);
                x1 = x1.max(x + 1);
                y1 = y1.max(y + 1);
            }
        }
    }
    (x0 < x1).then(|| PixelRect {
        x: x0,
        y: y0,
        w: x1 - x0,
        h: y1 - y0,
    })
}

fn inside(a: PixelRect, b: PixelRect) -> bool {
    a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h
}

fn disjoint(a: PixelRect, b: PixelRect) -> bool {
    a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y
}

/// Checks that each badge's pill (found by its tone) lies inside `cell` and apart from
/// the others; `around` is the area searched (the cell and its empty neighbours).
fn badges_apart_and_inside(
    img: &RgbImage,
    cell: PixelRect,
    around: PixelRect,
    tones: &[Tone],
    what: &str,
) {
    let boxes: Vec<PixelRect> = tones
        .iter()
        .filter_map(|&t| colour_box(img, around, tone_colour(t)))
        .collect();
    assert!(!boxes.is_empty(), "{what}: no badge drawn");
    for (i, a) in boxes.iter().enumerate() {
        assert!(inside(*a, cell), "{what}: {a:?} leaves the cell {cell:?}");
        for b in &boxes[i + 1..] {
            assert!(disjoint(*a, *b), "{what}: {a:?} and {b:?} overlap");
        }
    }
}

/// One piece on d4 (its neighbours empty) with these badges.
fn lone(role: Role, badges: Vec<Badge>) -> View {
    let mut v = View::new(Viewer::Public, "t");
    v.pieces = vec![piece(Cell::Board(sq("d4")), Side::White, role, badges)];
    v
}

fn around(l: &Layout, cell: PixelRect) -> PixelRect {
    let s = l.square;
    PixelRect {
        x: cell.x - s,
        y: cell.y - s,
        w: 3 * s,
        h: 3 * s,
    }
}

// Issue 28, pictures, item 6: badges of one cell never overlap each other nor leave
// the cell (`sloth` used to sit over `slow 3` in Wand Chess), at every board size.
#[test]
fn badges_of_a_cell_never_overlap_nor_leave_it() {
    let cases: Vec<(Vec<Badge>, Vec<Tone>)> = vec![
        (
            vec![wand_view::slow(3), wand_view::wand(WandKind::Sloth, true)],
            vec![Tone::Brown, Tone::Purple],
        ),
        (
            vec![
                wand_view::slow(3),
                wand_view::asleep(2),
                wand_view::wand(WandKind::Sloth, true),
                wand_view::fast(),
            ],
            vec![Tone::Brown, Tone::Blue, Tone::Purple, Tone::Orange],
        ),
        (
            vec![
                wand_view::sick(4),
                wand_view::fast(),
                wand_view::peaceful(),
                wand_view::wand_destroyed(),
            ],
            vec![Tone::Green, Tone::Orange, Tone::Teal, Tone::Red],
        ),
        (
            vec![
                wand_view::statue(12),
                wand_view::protected(),
                wand_view::wand(WandKind::Teleport, true),
            ],
            vec![Tone::Gold, Tone::Purple],
        ),
    ];
    for size in [256, 384, 512, 768, 1024, 2048] {
        for (badges, tones) in &cases {
            let (img, l) = decode(
                &lone(Role::Queen, badges.clone()),
                &opts(size, Some(Side::White)),
            );
            let d4 = l.square_rect(sq("d4"));
            badges_apart_and_inside(
                &img,
                d4,
                around(&l, d4),
                tones,
                &format!("{size} {tones:?}"),
            );
        }
    }
}

/// Pixels of exactly the piece's fill colour in a rectangle.
fn fill_pixels(img: &RgbImage, r: PixelRect, side: Side) -> usize {
    count_colour(img, r, piece_colours(side).0, 0)
}

// Issue 28, pictures, item 7: at the GIF's 384 px board a piece under badges stays
// visible: badges shrink, and most of the piece shows.
#[test]
fn badges_leave_the_piece_visible_at_small_sizes() {
    let sets = [
        vec![wand_view::asleep(3)],
        vec![wand_view::slow(3), wand_view::wand(WandKind::Sloth, true)],
        vec![
            wand_view::statue(2),
            wand_view::slow(1),
            wand_view::protected(),
            wand_view::wand_destroyed(),
        ],
        vec![wickets::view::defender(), wickets::view::ball_haver()],
    ];
    for size in [384, 512] {
        for role in [Role::King, Role::Queen, Role::Knight, Role::Pawn] {
            let (plain, l) = decode(&lone(role, vec![]), &opts(size, Some(Side::White)));
            let d4 = l.square_rect(sq("d4"));
            let whole = fill_pixels(&plain, d4, Side::White);
            for badges in &sets {
                let (img, _) = decode(&lone(role, badges.clone()), &opts(size, Some(Side::White)));
                let shown = fill_pixels(&img, d4, Side::White);
                assert!(
                    shown * 100 >= whole * 20,
                    "{size} {role:?} {:?}: {shown} of {whole} fill pixels show",
                    badges.iter().map(|b| &b.label).collect::<Vec<_>>()
                );
                // The piece's head is clear: no badge's colour in the middle columns
                // on the rows of the head (from its first outline pixel there, which is
                // in the upper half, a fifth of the cell down); badges above it are
                // fine.
                let line = piece_colours(Side::White).1;
                let (hx0, hx1) = (d4.x + d4.w * 36 / 100, d4.x + d4.w * 64 / 100);
                let first = (d4.y..d4.y + d4.h)
                    .find(|&y| (hx0..hx1).any(|x| px(&img, x, y) == line))
                    .expect("the piece's outline");
                assert!(first < d4.y + d4.h / 2, "{size} {role:?}: head at {first}");
                let tones: Vec<[u8; 3]> = badges.iter().map(|b| tone_colour(b.tone)).collect();
                for y in first..first + d4.h / 5 {
                    for x in hx0..hx1 {
                        assert!(
                            !tones.contains(&px(&img, x, y)),
                            "{size} {role:?} {:?}: a badge over the head at ({x}, {y}), first {first}",
                            badges.iter().map(|b| &b.label).collect::<Vec<_>>()
                        );
                    }
                }
                // Badges cover well under half of the cell.
                let changed = (d4.y..d4.y + d4.h)
                    .flat_map(|y| (d4.x..d4.x + d4.w).map(move |x| (x, y)))
                    .filter(|&(x, y)| {
                        let p = px(&img, x, y);
                        p != px(&plain, x, y)
                            && p != square_colour(sq("d4"))
                            && !close(p, piece_colours(Side::White).0, 8)
                            && !close(p, piece_colours(Side::White).1, 8)
                    })
                    .count();
                assert!(
                    changed * 2 < area(d4),
                    "{size} {role:?}: badges cover {changed}"
                );
            }
        }
    }
}

// Issue 28, pictures, item 4: a piece in a wicket is drawn at a sensible size, with its
// badges inside the wicket's cell.
#[test]
fn a_piece_in_a_wicket_is_drawn_whole_with_its_badges_inside() {
    for size in [256, 384, 512, 1024] {
        let mut v = View::new(Viewer::Public, "t");
        v.outer_cells = true;
        v.pieces = vec![
            piece(
                Cell::Outer(Side::Black),
                Side::White,
                Role::Queen,
                vec![wickets::view::defender(), wickets::view::ball_haver()],
            ),
            piece(Cell::Board(sq("a4")), Side::White, Role::Queen, vec![]),
        ];
        let (img, l) = decode(&v, &opts(size, Some(Side::White)));
        let w9 = l.cell_rect(Cell::Outer(Side::Black)).expect("w9");
        assert!(w9.w * 4 >= l.square * 3, "{size}: the wicket is too small");
        // The piece: at least half the fill of one on a board square.
        let on_board = fill_pixels(&img, l.square_rect(sq("a4")), Side::White);
        let in_wicket = fill_pixels(&img, w9, Side::White);
        // (At 256 px a wicket is 24 pixels: the badges there take a larger share.)
        if size >= 384 {
            assert!(
                in_wicket * 2 >= on_board,
                "{size}: {in_wicket} vs {on_board}"
            );
        }
        // The Defender badge within the cell, nothing of it outside.
        let big = PixelRect {
            x: w9.x - l.square,
            y: w9.y.saturating_sub(l.square),
            w: w9.w + 2 * l.square,
            h: w9.h + 2 * l.square,
        };
        let forest = tone_colour(Tone::Forest);
        let b = colour_box(&img, big, forest).expect("a Defender badge");
        assert!(inside(b, w9), "{size}: {b:?} outside {w9:?}");
    }
}

// Issue 28, pictures, item 5: the ball at a piece's foot stands out on light and dark
// squares alike: a ring of strong contrast to the square around its fill.
#[test]
fn the_ball_contrasts_with_both_square_colours() {
    for size in [384, 512, 1024] {
        for (name, side) in [
            ("c2", Side::White),
            ("d2", Side::White),
            ("c2", Side::Black),
            ("d2", Side::Black),
        ] {
            let mut v = View::new(Viewer::Public, "t");
            v.pieces = vec![piece(
                Cell::Board(sq(name)),
                side,
                Role::Pawn,
                vec![wickets::view::ball_haver()],
            )];
            let (img, l) = decode(&v, &opts(size, Some(Side::White)));
            let r = l.square_rect(sq(name));
            let bg = square_colour(sq(name));
            let luma =
                |p: [u8; 3]| (p[0] as i32 * 299 + p[1] as i32 * 587 + p[2] as i32 * 114) / 1000;
            // Walk from the cell's left edge to the ball's centre along its middle row:
            // some run of 2+ pixels differs from the square by a lot.
            let rad = r.w as f32 * 0.13;
            let cy = r.y + r.h - (rad + 2.0) as u32;
            let cx = r.x + (rad + 2.0) as u32;
            let mut run = 0;
            let mut best = 0;
            for x in r.x..=cx {
                if (luma(px(&img, x, cy)) - luma(bg)).abs() > 90 {
                    run += 1;
                    best = best.max(run);
                } else {
                    run = 0;
                }
            }
            assert!(best >= 2, "{size} {name} {side:?}: ring of {best} px");
        }
    }
}
