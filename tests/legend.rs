//! The legend cannot drift from the pictures: every badge and square mark that any
//! view of a random game shows is named in its variant's legend (counts aside), and
//! `/legend` answers with a picture in the service.

mod common;

use arcana::core::view::{Badge, BadgeStyle, Sample, SquareMark, Viewer};
use arcana::core::Side;
use arcana::service::api::Request;
use arcana::variants::{legend, Game, Options, VariantId};
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

/// A badge with its turn counts taken out, so `sleep 3` and `sleep 4` are one kind.
fn kind(b: &Badge) -> (String, String, BadgeStyle, String) {
    let strip = |t: &str| {
        t.chars()
            .filter(|c| !c.is_ascii_digit())
            .collect::<String>()
    };
    (
        strip(&b.label).trim().to_string(),
        strip(&b.short),
        b.style,
        format!("{:?}{:?}", b.tone, b.corner),
    )
}

fn options(v: VariantId, moderated: bool) -> Options {
    let mut o = Options::new();
    if v == VariantId::Wand && moderated {
        o.insert("wands".into(), "moderated".into());
    }
    o
}

#[test]
fn every_badge_and_mark_shown_is_in_the_legend() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for v in VariantId::available() {
        let entries = legend(v);
        let mut badges = HashSet::new();
        let mut marks: HashSet<SquareMark> = HashSet::new();
        for e in &entries {
            match &e.sample {
                Sample::Badge(b) => {
                    badges.insert(kind(b));
                }
                Sample::Mark(m) => {
                    marks.insert(*m);
                }
                _ => {}
            }
        }
        for game_no in 0..12u64 {
            let mut g = Game::new(v, &options(v, game_no % 2 == 0), game_no).expect("game");
            for _ in 0..160 {
                for viewer in [
                    Viewer::Public,
                    Viewer::Player(Side::White),
                    Viewer::Player(Side::Black),
                ] {
                    let view = g.view(viewer);
                    for p in &view.pieces {
                        for b in &p.badges {
                            // A hollow badge is its filled kind, known to one side;
                            // the legend explains hollowness once.
                            let filled = Badge {
                                style: BadgeStyle::Filled,
                                ..b.clone()
                            };
                            let known = if b.style == BadgeStyle::Hollow {
                                badges.contains(&kind(&filled))
                                    && badges.iter().any(|k| k.2 == BadgeStyle::Hollow)
                            } else {
                                badges.contains(&kind(b))
                            };
                            assert!(known, "{v}: {b:?} is not in the legend");
                        }
                    }
                    for (_, m) in &view.marks {
                        assert!(marks.contains(m), "{v}: {m:?} is not in the legend");
                    }
                    if !view.tokens.is_empty() {
                        assert!(entries.iter().any(|e| matches!(e.sample, Sample::Token(_))));
                    }
                    if view.outer_cells {
                        assert!(entries.iter().any(|e| e.sample == Sample::OuterCell));
                    }
                }
                let Some(ask) = g.ask() else { break };
                let legal = g.legal_texts();
                if legal.is_empty() {
                    break;
                }
                // Some listed answers ask for a confirmation first; try another.
                let played = (0..8).any(|_| {
                    let m = &legal[rng.gen_range(0..legal.len())];
                    g.play(ask.side, m).is_ok()
                });
                if !played {
                    break;
                }
            }
        }
    }
}

#[test]
fn legend_entries_say_what_they_mean() {
    for v in VariantId::available() {
        for e in legend(v) {
            assert!(e.meaning.len() > 8, "{v}: {e:?}");
            if let Sample::Badge(b) = &e.sample {
                if b.style != BadgeStyle::Disc {
                    assert!(e.text().contains(&format!("`{}`", b.label)), "{}", e.text());
                }
            }
        }
    }
}

#[test]
fn slash_legend_answers_with_a_picture() {
    let h = common::Harness::new();
    for (variant, expect) in [
        (Some(VariantId::Wand), "`sleep 3` or `z3`"),
        (Some(VariantId::Wickets), "`Defender` or `D`"),
        (None, "The picture names every one"),
    ] {
        let replies = h.ok("alice", 1, Request::Legend { variant });
        assert_eq!(replies.len(), 1);
        let r = &replies[0];
        assert!(r.text.contains(expect), "{}", r.text);
        let a = r.attachments.first().expect("a picture");
        assert_eq!(a.name, "legend.png");
        let img = image::load_from_memory(&a.bytes).expect("png").to_rgb8();
        assert!(img.height() > img.width() / 2);
    }
    // What every board shows is named once, not again in each game's section.
    let r = &h.ok(
        "alice",
        1,
        Request::Legend {
            variant: Some(VariantId::Wand),
        },
    )[0];
    assert_eq!(r.text.matches("yellow tint").count(), 1, "{}", r.text);
    // The picture follows the front end's image size, like its boards.
    let width = |size: Option<u32>| {
        let service = arcana::service::Service::new(
            arcana::store::Store::temporary().expect("store"),
            std::sync::Arc::new(arcana::service::clock::ManualClock::new(0)),
            arcana::service::ServiceConfig {
                legend_size: size,
                ..Default::default()
            },
        )
        .expect("service");
        let ctx = common::ctx("alice", 1);
        let r = service.handle(&ctx, Request::Legend { variant: None });
        let a = r[0].attachments.first().expect("a picture");
        image::load_from_memory(&a.bytes).expect("png").width()
    };
    assert!(
        width(Some(900)) > width(None),
        "the legend ignores the image size"
    );
    // In a channel with a game and no variant named, the game's legend is shown.
    h.start(2, None);
    let r = &h.ok("alice", 2, Request::Legend { variant: None })[0];
    assert!(r.text.contains("On every board"), "{}", r.text);
    assert!(!r.text.contains("sleep"), "{}", r.text);
}

// Issue 17: a long legend is laid out in columns, so a chat client does not shrink it
// to a thin strip; a short one stays one column.
#[test]
fn long_legends_are_laid_out_in_columns() {
    use arcana::core::view::{common_legend, Legend};
    let picture = |sections: Vec<(String, Vec<arcana::core::view::LegendEntry>)>| {
        arcana::render::legend_rgb(&Legend { sections }, 512)
    };
    let short = picture(vec![("On every board".into(), common_legend())]);
    let wand = picture(vec![
        ("On every board".into(), common_legend()),
        ("Wand Chess".into(), legend(VariantId::Wand)),
    ]);
    let all = picture(
        VariantId::available()
            .into_iter()
            .map(|v| (v.name().to_string(), legend(v)))
            .collect(),
    );
    assert!(
        wand.width() > short.width(),
        "the wand legend is one tall column"
    );
    for img in [&wand, &all] {
        let (w, h) = (img.width() as f32, img.height() as f32);
        assert!(h <= 1.8 * w, "{w}x{h}: too tall for a chat preview");
    }
}

// Issue 28, pictures, item 10: in the `/rules wand` and `/legend` picture every badge
// stays inside its sample cell: no badge colour left or right of the samples.
#[test]
fn legend_badges_stay_inside_their_cells() {
    use arcana::core::view::{common_legend, Legend, Tone};
    use arcana::render::tone_colour;
    for size in [384, 512, 1024] {
        let img = arcana::render::legend_rgb(
            &Legend {
                sections: vec![
                    ("On every board".into(), common_legend()),
                    ("Wand Chess".into(), legend(VariantId::Wand)),
                    ("Chess with Wickets".into(), legend(VariantId::Wickets)),
                ],
            },
            size,
        );
        // The legend's own measures: a sample cell of an eighth of the board, the
        // padding, a column nine cells wide.
        let cell = size / 8;
        let pad = (cell / 6).max(4);
        let column = cell * 9;
        let tones: Vec<[u8; 3]> = [
            Tone::Blue,
            Tone::Brown,
            Tone::Green,
            Tone::Teal,
            Tone::Orange,
            Tone::Gold,
            Tone::Purple,
            Tone::Red,
            Tone::Forest,
        ]
        .into_iter()
        .map(tone_colour)
        .collect();
        let mut inside = 0;
        for y in 0..img.height() {
            for x in 0..img.width() {
                if !tones.contains(&img.get_pixel(x, y).0) {
                    continue;
                }
                let col_x = x % column;
                assert!(
                    col_x >= pad && col_x < pad + cell,
                    "{size}: badge colour at ({x}, {y}) outside the sample cells"
                );
                inside += 1;
            }
        }
        assert!(inside > 100, "{size}: no badges drawn");
    }
}
