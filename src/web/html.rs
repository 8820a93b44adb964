//! The pages' markup, written by hand: every text from a game or a player passes
//! through [`escape`]; no inline script or style (the content security policy forbids
//! both), so the pages read the same without JavaScript.

use crate::core::view::View;
use crate::core::{Cell, Side, Square};
use crate::service::pages::GamePage;
use axum::http::header;
use axum::response::{IntoResponse, Response};

/// An HTML answer.
pub(super) struct Html(pub String);

impl IntoResponse for Html {
    fn into_response(self) -> Response {
        (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            self.0,
        )
            .into_response()
    }
}

/// `text` safe inside an element or a quoted attribute.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Chat markup of the service's lines, for a page: bold and underline marks dropped.
fn plain(text: &str) -> String {
    text.replace("**", "").replace("__", "")
}

/// A service line as markup: escaped, its `quoted` examples as code.
fn inline(text: &str) -> String {
    let plain = plain(text);
    let parts: Vec<&str> = plain.split('`').collect();
    if parts.len().is_multiple_of(2) {
        // An unpaired quote: shown as it is.
        return escape(&plain);
    }
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if i % 2 == 1 {
                format!("<code>{}</code>", escape(p))
            } else {
                escape(p)
            }
        })
        .collect()
}

fn document(title: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"referrer\" content=\"no-referrer\">\n\
         <title>{}</title>\n<link rel=\"stylesheet\" href=\"/static/page.css\">\n\
         <script src=\"/static/page.js\" defer></script>\n</head>\n<body>\n{body}\n</body>\n</html>\n",
        escape(title)
    )
}

/// A page of one paragraph.
pub(super) fn message_page(title: &str, text: &str) -> String {
    document(
        title,
        &format!(
            "<main class=\"message\"><h1>{}</h1>\n<p>{}</p></main>",
            escape(title),
            escape(text)
        ),
    )
}

/// The placement of the pieces a view shows, in FEN's board field, and the side to
/// move: what the picture's text alternative names. Built from the view (never from
/// the game), so it holds nothing the viewer may not see.
pub(super) fn placement(view: &View) -> String {
    let mut ranks = Vec::with_capacity(8);
    for rank in (0..8u8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..8u8 {
            let piece = Square::from_coords(file, rank).and_then(|sq| {
                view.pieces
                    .iter()
                    .find(|p| p.cell == Cell::Board(sq))
                    .map(|p| p.piece.fen_char())
            });
            match piece {
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        ranks.push(row);
    }
    let mut text = ranks.join("/");
    match view.to_move {
        Some(Side::White) => text.push_str(" w"),
        Some(Side::Black) => text.push_str(" b"),
        None => {}
    }
    text
}

/// A turn's number as the move list writes it: `3.` for White, `3...` for Black.
fn turn_numbers(page: &GamePage) -> Vec<String> {
    let mut out = Vec::with_capacity(page.turns.len());
    let mut number = 0u32;
    let mut last: Option<Side> = None;
    for t in &page.turns {
        let joins = t.side == Side::Black && last == Some(Side::White);
        if !joins {
            number += 1;
        }
        out.push(if t.side == Side::White {
            format!("{number}.")
        } else {
            format!("{number}...")
        });
        last = Some(t.side);
    }
    out
}

/// A game page at one position.
pub(super) struct PageAt<'a> {
    pub page: &'a GamePage,
    /// The position shown: 0 before the first turn, N after the Nth.
    pub ply: usize,
    /// The record version the page was built from (live updates compare it).
    pub version: u64,
    /// The page's own path (`/g/...` or `/p/...`).
    pub base: &'a str,
    /// On a private page: the game's public page.
    pub public_path: Option<&'a str>,
    pub board_size: u32,
    /// Each player's rating in the game's ladder now (rated games).
    pub ratings: [Option<String>; 2],
}

pub(super) fn game_page(at: &PageAt<'_>) -> String {
    let page = at.page;
    let last = page.positions.len().saturating_sub(1);
    let numbers = turn_numbers(page);
    let here = |ply: usize| {
        if ply == last {
            at.base.to_string()
        } else {
            format!("{}?ply={ply}", at.base)
        }
    };
    let shown = if at.ply == 0 {
        "the start".to_string()
    } else if let Some(t) = page.turns.get(at.ply - 1) {
        format!(
            "{} {}",
            numbers.get(at.ply - 1).map_or("", String::as_str),
            t.printed
        )
    } else {
        "the last turn".to_string()
    };
    let fen = page
        .positions
        .get(at.ply)
        .map(placement)
        .unwrap_or_default();
    let mut b = String::new();
    b.push_str(&format!(
        "<main id=\"game\" data-events=\"{}/events\" data-version=\"{}\" data-ply=\"{}\" \
         data-last=\"{last}\">\n",
        escape(at.base),
        at.version,
        at.ply
    ));
    b.push_str(&format!("<h1>{}</h1>\n", escape(&page.title)));
    let private = at.public_path.is_some();
    if private {
        b.push_str(
            "<p class=\"private\">Your own view: only you can see what is marked as yours. \
             Do not share this page's address.</p>\n",
        );
    }
    b.push_str("<div class=\"layout\">\n");
    // The board.
    let picture = format!(
        "{}/board.png?ply={}&amp;v={}",
        escape(at.base),
        at.ply,
        at.version
    );
    let alt = format!(
        "{}, position after {}. FEN: {}",
        page.variant.name(),
        shown,
        fen
    );
    b.push_str(&format!(
        "<figure class=\"board\"><img id=\"board\" src=\"{picture}\" width=\"{size}\" \
         height=\"{size}\" alt=\"{}\">\n<figcaption>Position after {}{}</figcaption></figure>\n",
        escape(&alt),
        escape(&shown),
        if at.ply == last { " (now)" } else { "" },
        size = at.board_size,
    ));
    b.push_str("<section class=\"side\">\n");
    // Players and the state of play.
    b.push_str("<ul class=\"players\">\n");
    for side in Side::BOTH {
        let rating = match (&page.rating_changes, &at.ratings[side.index()]) {
            (Some(c), _) => {
                let (after, diff) = &c[side.index()];
                format!(
                    " <span class=\"rating\">{} ({})</span>",
                    escape(after),
                    escape(diff)
                )
            }
            (None, Some(r)) => format!(" <span class=\"rating\">{}</span>", escape(r)),
            (None, None) => String::new(),
        };
        b.push_str(&format!(
            "<li class=\"{}\"><span class=\"swatch\" aria-hidden=\"true\"></span>{}: {}{rating}</li>\n",
            if side == Side::White { "white" } else { "black" },
            side.name(),
            escape(&page.players[side.index()])
        ));
    }
    b.push_str("</ul>\n");
    b.push_str(&format!("<p class=\"terms\">{}</p>\n", escape(&page.terms)));
    b.push_str("<div class=\"status\" role=\"status\" aria-live=\"polite\">\n");
    for line in &page.status {
        b.push_str(&format!("<p>{}</p>\n", inline(line)));
    }
    b.push_str("</div>\n");
    if let Some(secret) = &page.secret {
        b.push_str("<div class=\"secret\"><h2>Yours alone</h2>\n");
        for line in secret.lines() {
            b.push_str(&format!("<p>{}</p>\n", inline(line)));
        }
        b.push_str("</div>\n");
    }
    // Stepping through the game.
    b.push_str("<nav class=\"steps\" aria-label=\"Replay\">\n");
    let step = |b: &mut String, rel: &str, label: &str, to: Option<usize>| match to {
        Some(p) => b.push_str(&format!(
            "<a rel=\"{rel}\" href=\"{}\">{label}</a>\n",
            escape(&here(p))
        )),
        None => b.push_str(&format!("<span class=\"off\">{label}</span>\n")),
    };
    step(&mut b, "first", "« Start", (at.ply > 0).then_some(0));
    step(&mut b, "prev", "‹ Back", at.ply.checked_sub(1));
    step(
        &mut b,
        "next",
        "Forward ›",
        (at.ply < last).then_some(at.ply + 1),
    );
    step(&mut b, "last", "Now »", (at.ply < last).then_some(last));
    b.push_str("</nav>\n");
    // The moves, each a link to the position after it.
    b.push_str("<h2>Moves</h2>\n");
    if page.turns.is_empty() {
        b.push_str("<p class=\"moves-empty\">No moves yet.</p>\n");
    }
    b.push_str("<ol class=\"moves\">\n");
    for (i, t) in page.turns.iter().enumerate() {
        let ply = i + 1;
        let current = if ply == at.ply {
            " aria-current=\"step\""
        } else {
            ""
        };
        b.push_str(&format!(
            "<li class=\"{}\"><a href=\"{}\"{current}><span class=\"no\">{}</span> {}</a>",
            if t.side == Side::White {
                "white"
            } else {
                "black"
            },
            escape(&here(ply)),
            numbers.get(i).map_or("", String::as_str),
            escape(&t.printed)
        ));
        for e in &t.events {
            b.push_str(&format!("<span class=\"event\">{}</span>", escape(e)));
        }
        b.push_str("</li>\n");
    }
    b.push_str("</ol>\n");
    // Downloads and the legend.
    let exports = at.public_path.unwrap_or(at.base);
    b.push_str("<h2>Downloads</h2>\n<ul class=\"downloads\">\n");
    b.push_str(&format!(
        "<li><a id=\"pgn\" href=\"{0}/game.pgn\" download>Record (PGN)</a></li>\n\
         <li><a id=\"gif\" href=\"{0}/game.gif\" download>Animation (GIF)</a></li>\n</ul>\n",
        escape(exports)
    ));
    b.push_str("<p class=\"more\"><a href=\"/legend\">What the marks mean</a>");
    if let Some(public) = at.public_path {
        b.push_str(&format!(
            " · <a href=\"{}\">The public page</a>",
            escape(public)
        ));
    }
    b.push_str("</p>\n");
    b.push_str("</section>\n</div>\n</main>");
    let title = format!("{} — game {}", page.title, page.id);
    document(&title, &b)
}

pub(super) fn legend_page(lines: &[String]) -> String {
    let mut b = String::from("<main class=\"legend\">\n<h1>Legend</h1>\n");
    b.push_str(
        "<p>What the marks and badges on the boards mean.</p>\n\
         <img class=\"legend-picture\" src=\"/legend.png\" alt=\"The marks and badges, drawn as \
         on the boards; each is named in the list below.\">\n",
    );
    let mut open = false;
    for line in lines.iter().skip(1) {
        if let Some(title) = line.strip_prefix("__").and_then(|l| l.strip_suffix("__")) {
            if open {
                b.push_str("</ul>\n");
            }
            b.push_str(&format!("<h2>{}</h2>\n<ul>\n", escape(title)));
            open = true;
        } else if let Some(entry) = line.strip_prefix("- ") {
            b.push_str(&format!("<li>{}</li>\n", escape(&plain(entry))));
        }
    }
    if open {
        b.push_str("</ul>\n");
    }
    b.push_str("</main>");
    document("Legend — Arcana", &b)
}

/// One game on a server's page.
pub(super) struct ServerGame {
    pub path: String,
    pub variant: String,
    pub players: [String; 2],
    pub turns: usize,
}

/// One finished game on a server's page.
pub(super) struct FinishedGame {
    pub path: String,
    pub variant: String,
    pub players: [String; 2],
    pub result: &'static str,
    pub rated: bool,
}

/// A server's page: its games being played, its last finished games, and each
/// variant's ladder as `(variant, [(name, rating, wins/draws/losses)])`.
pub(super) fn server_page(
    games: &[ServerGame],
    recent: &[FinishedGame],
    ladders: &[crate::service::pages::ServerLadder],
    events: &[crate::service::pages::ServerEvent],
) -> String {
    let mut b = String::from("<main class=\"server\">\n<h1>This server's games</h1>\n");
    b.push_str("<h2 id=\"live\">Being played</h2>\n");
    if games.is_empty() {
        b.push_str("<p>No games are being played on this server.</p>\n");
    } else {
        b.push_str("<ul class=\"games\">\n");
        for g in games {
            b.push_str(&format!(
                "<li><a href=\"{}\">{}: {} (White) vs {} (Black)</a>, {} turn(s) played</li>\n",
                escape(&g.path),
                escape(&g.variant),
                escape(&g.players[0]),
                escape(&g.players[1]),
                g.turns
            ));
        }
        b.push_str("</ul>\n");
    }
    b.push_str("<h2 id=\"recent\">Finished lately</h2>\n");
    if recent.is_empty() {
        b.push_str("<p>No game has finished on this server yet.</p>\n");
    } else {
        b.push_str("<ul class=\"games recent\">\n");
        for g in recent {
            b.push_str(&format!(
                "<li><a href=\"{}\">{}: {} vs {}, {}</a> ({})</li>\n",
                escape(&g.path),
                escape(&g.variant),
                escape(&g.players[0]),
                escape(&g.players[1]),
                g.result,
                if g.rated { "rated" } else { "casual" }
            ));
        }
        b.push_str("</ul>\n");
    }
    b.push_str("<h2 id=\"ladders\">Ladders</h2>\n");
    if ladders.is_empty() {
        b.push_str(
            "<p>Nobody has a settled rating on this server yet (as <code>/leaderboard</code> lists them).</p>\n",
        );
    }
    for ladder in ladders {
        b.push_str(&format!(
            "<table class=\"ladder\">\n<caption>{}</caption>\n<thead><tr><th scope=\"col\">#</th><th scope=\"col\">Player</th><th scope=\"col\">Rating</th><th scope=\"col\">Won/drawn/lost</th></tr></thead>\n<tbody>\n",
            escape(ladder.variant.name())
        ));
        for (i, (name, rating, wdl)) in ladder.rows.iter().enumerate() {
            b.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                i + 1,
                escape(name),
                escape(rating),
                escape(wdl)
            ));
        }
        b.push_str("</tbody>\n</table>\n");
    }
    if !events.is_empty() {
        b.push_str("<h2 id=\"tournaments\">Tournaments</h2>\n");
    }
    for e in events {
        b.push_str(&format!(
            "<section class=\"event\">\n<h3>{}</h3>\n<p>{}</p>\n<pre class=\"standings\">{}</pre>\n</section>\n",
            escape(&e.name),
            escape(&e.about),
            escape(&e.standings)
        ));
    }
    b.push_str("<p class=\"more\"><a href=\"/legend\">What the marks mean</a></p>\n</main>");
    document("Games — Arcana", &b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::view::Viewer;
    use crate::variants::{Game, Options, VariantId};

    #[test]
    fn markup_is_escaped() {
        assert_eq!(
            escape("<b a=\"x\">&'\u{7}"),
            "&lt;b a=&quot;x&quot;&gt;&amp;&#39;"
        );
        assert!(message_page("<t>", "a & b").contains("<h1>&lt;t&gt;</h1>"));
        assert_eq!(inline("say `e4` **now**"), "say <code>e4</code> now");
        assert_eq!(inline("a ` <b>"), "a ` &lt;b&gt;");
    }

    #[test]
    fn the_placement_is_the_views() {
        let game = Game::new(VariantId::Standard, &Options::new(), 1).expect("game");
        let view = game.view(Viewer::Public);
        assert_eq!(
            placement(&view),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"
        );
    }
}
