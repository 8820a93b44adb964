//! Where each cell of the board stands on the picture a page shows, for the page's
//! script to lay touchable squares over it (issue 49). A leaf: imports only `render`
//! and `core`.

/// The board's cells on the picture a page shows of `view`, as fractions of its width
/// and height (`e2:0.0625,0.75,0.125,0.1`), for the page's script to lay the touchable
/// squares over the picture.
pub(super) fn cell_map(
    view: &crate::core::view::View,
    size: u32,
    bottom: crate::core::Side,
) -> String {
    let (layout, w, h) = layout_of(view, size, bottom);
    let mut cells: Vec<crate::core::Cell> = crate::core::Square::all().map(Into::into).collect();
    cells.extend(crate::core::Side::BOTH.map(crate::core::Cell::Outer));
    cells
        .into_iter()
        .filter_map(|cell| {
            let r = layout.cell_rect(cell)?;
            Some(format!(
                "{cell}:{:.4},{:.4},{:.4},{:.4}",
                f64::from(r.x) / w,
                f64::from(r.y) / h,
                f64::from(r.w) / w,
                f64::from(r.h) / h
            ))
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// Where each piece's badges lie on the picture of `view`, `size` pixels wide with
/// `bottom` at the bottom, as fractions of it, and their words with their short forms:
/// `x,y,w,h:peace~P|sleep 3~z3` for each piece with badges, `;` between pieces. A
/// phone's page writes them again, larger, over the picture (its own words are drawn in proportion to the squares).
/// From the view only: the page's reader sees nothing more than their view holds.
pub(super) fn badge_map(
    view: &crate::core::view::View,
    size: u32,
    bottom: crate::core::Side,
) -> String {
    let (layout, w, h) = layout_of(view, size, bottom);
    let clean = |t: &str| t.replace([';', '|', ':', '~'], " ");
    view.pieces
        .iter()
        .filter(|p| p.badges.iter().any(|b| !b.label.is_empty()))
        .filter_map(|p| {
            let r = layout.cell_rect(p.cell)?;
            let words: Vec<String> = p
                .badges
                .iter()
                .filter(|b| !b.label.is_empty())
                .map(|b| format!("{}~{}", clean(&b.label), clean(&b.short)))
                .collect();
            Some(format!(
                "{:.4},{:.4},{:.4},{:.4}:{}",
                f64::from(r.x) / w,
                f64::from(r.y) / h,
                f64::from(r.w) / w,
                f64::from(r.h) / h,
                words.join("|")
            ))
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// The layout of the picture of `view`, `size` pixels wide with `bottom` at the bottom,
/// and its width and height.
fn layout_of(
    view: &crate::core::view::View,
    size: u32,
    bottom: crate::core::Side,
) -> (crate::render::Layout, f64, f64) {
    let options = crate::render::RenderOptions {
        size,
        orientation: Some(bottom),
    };
    let layout = crate::render::Layout::for_view(view, &options);
    let (w, h) = (f64::from(layout.width), f64::from(layout.height));
    (layout, w, h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::view::Viewer;
    use crate::core::Side;
    use crate::variants::{Game, Options, VariantId};

    fn cells(variant: VariantId, bottom: Side) -> Vec<(String, [f64; 4])> {
        let game = Game::new(variant, &Options::new(), 1).expect("a game");
        cell_map(&game.view(Viewer::Player(bottom)), 512, bottom)
            .split(';')
            .map(|entry| {
                let (name, rect) = entry.split_once(':').expect("name:rect");
                let r: Vec<f64> = rect
                    .split(',')
                    .map(|v| v.parse().expect("a number"))
                    .collect();
                (name.to_string(), [r[0], r[1], r[2], r[3]])
            })
            .collect()
    }

    #[test]
    fn every_cell_lies_on_the_picture_the_readers_side_at_the_bottom() {
        let white = cells(VariantId::Standard, Side::White);
        assert_eq!(white.len(), 64, "no outer cells on a chess board");
        for (name, r) in &white {
            assert!(r.iter().all(|v| (0.0..=1.0).contains(v)), "{name} {r:?}");
            assert!(r[0] + r[2] <= 1.0 && r[1] + r[3] <= 1.0, "{name} {r:?}");
        }
        let y = |cells: &[(String, [f64; 4])], n: &str| {
            cells
                .iter()
                .find(|(c, _)| c == n)
                .map(|(_, r)| r[1])
                .expect("the cell")
        };
        assert!(
            y(&white, "e1") > y(&white, "e8"),
            "White's first rank below"
        );
        let black = cells(VariantId::Standard, Side::Black);
        assert!(
            y(&black, "e1") < y(&black, "e8"),
            "Black's first rank below"
        );
        let wickets = cells(VariantId::Wickets, Side::White);
        assert_eq!(wickets.len(), 66, "the wickets w0 and w9 too");
        assert!(y(&wickets, "w0") > y(&wickets, "e1"), "w0 behind e1");
    }
}
