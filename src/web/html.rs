//! The pages' markup, written by hand: every text from a game or a player passes
//! through [`escape`]; no inline script or style (the content security policy forbids
//! both), so the pages read the same without JavaScript.

use crate::core::view::View;
use crate::core::{Cell, Side};
use crate::i18n::{tr, Lang};
use crate::service::pages::GamePage;
use crate::tr;
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
pub(super) fn inline(text: &str) -> String {
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

/// `path` with the page's chosen language kept (`lang`: `lang=de`, or empty when the
/// reader's browser chose it).
pub(super) fn keep(path: &str, lang: &str) -> String {
    match (lang.is_empty(), path.contains('?')) {
        (true, _) => path.to_string(),
        (false, true) => format!("{path}&{lang}"),
        (false, false) => format!("{path}?{lang}"),
    }
}

pub(super) fn document(lang: Lang, title: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"referrer\" content=\"no-referrer\">\n\
         <title>{}</title>\n<link rel=\"stylesheet\" href=\"/static/page.css\">\n\
         <script src=\"/static/page.js\" defer></script>\n</head>\n<body>\n{body}\n</body>\n</html>\n",
        lang.code(),
        escape(title)
    )
}

/// A page of one paragraph (its `quoted` commands as code), in `lang`.
pub(super) fn message_page(lang: Lang, title: &str, text: &str) -> String {
    document(
        lang,
        title,
        &format!(
            "<main class=\"message\"><h1>{}</h1>\n<p>{}</p></main>",
            escape(title),
            inline(text)
        ),
    )
}

/// The placement of the pieces a view shows, in FEN's board field, and the side to
/// move: what the picture's text alternative names. Built from the view (never from
/// the game), so it holds nothing the viewer may not see.
pub(super) fn placement(view: &View) -> String {
    let mut text = crate::core::board::placement_field(|sq| {
        view.pieces
            .iter()
            .find(|p| p.cell == Cell::Board(sq))
            .map(|p| p.piece.fen_char())
    });
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
    /// The page's language.
    pub lang: Lang,
    /// The language asked in the address (`lang=de`), kept by the page's links; empty
    /// when the browser's own choice is followed.
    pub lang_query: &'a str,
    /// Players may act on their own pages (the web server has the game service).
    pub acts: bool,
}

impl PageAt<'_> {
    /// The last position of the game.
    fn last(&self) -> usize {
        self.page.positions.len().saturating_sub(1)
    }

    /// The address of this page at position `ply` (the bare page at the last).
    fn here(&self, ply: usize) -> String {
        if ply == self.last() {
            keep(self.base, self.lang_query)
        } else {
            keep(&format!("{}?ply={ply}", self.base), self.lang_query)
        }
    }

    /// Which position is shown, in words ("after 3... Nf6"); `numbers` as
    /// [`turn_numbers`] gives them.
    fn shown(&self, numbers: &[String]) -> String {
        let lang = self.lang;
        if self.ply == 0 {
            tr!(lang, "web-after-start")
        } else if let Some(t) = self.page.turns.get(self.ply - 1) {
            let played = format!(
                "{} {}",
                numbers.get(self.ply - 1).map_or("", String::as_str),
                t.printed
            );
            tr!(lang, "web-after-move", played = played)
        } else {
            tr!(lang, "web-after-last")
        }
    }

    /// The side of the private page's reader when they are asked now and this page
    /// may act: the page offers its controls.
    fn playing(&self) -> Option<Side> {
        let view = self.page.positions.get(self.ply)?;
        let reader = match view.viewer {
            crate::core::view::Viewer::Player(side) => side,
            crate::core::view::Viewer::Public => return None,
        };
        let now = self.acts && self.public_path.is_some() && self.ply == self.last();
        (now && self.page.asked == Some(reader)).then_some(reader)
    }

    /// The side of the private page's reader while the game is played, when this page
    /// may act and shows the game as it stands: the page offers the game's actions.
    fn player(&self) -> Option<Side> {
        let view = self.page.positions.get(self.ply)?;
        let crate::core::view::Viewer::Player(reader) = view.viewer else {
            return None;
        };
        let now = self.acts && self.public_path.is_some() && self.ply == self.last();
        (now && !self.page.finished).then_some(reader)
    }

    /// The side of the private page's reader while the opponent is asked, when a line
    /// can be played out on a copy of the board: the page offers conditional lines.
    fn planning(&self) -> Option<Side> {
        let reader = self.player()?;
        let waiting = self.page.asked.is_some_and(|asked| asked != reader);
        (waiting && self.page.lines_offered).then_some(reader)
    }

    /// A catalog text, escaped.
    fn label(&self, key: &str) -> String {
        escape(&tr(self.lang, key))
    }
}

pub(super) fn game_page(at: &PageAt<'_>) -> String {
    let page = at.page;
    let lang = at.lang;
    let numbers = turn_numbers(page);
    let mut b = String::new();
    b.push_str(&format!(
        "<main id=\"game\" data-events=\"{}/events\" data-version=\"{}\" data-ply=\"{}\" \
         data-last=\"{}\" data-now=\"{}\">\n",
        escape(at.base),
        at.version,
        at.ply,
        at.last(),
        escape(&at.here(at.last()))
    ));
    b.push_str(&format!("<h1>{}</h1>\n", escape(&page.title)));
    if at.public_path.is_some() {
        b.push_str(&format!(
            "<p class=\"private\">{}</p>\n",
            escape(&tr!(lang, "web-private-notice"))
        ));
    }
    b.push_str("<div class=\"layout\">\n");
    board_figure(&mut b, at, at.shown(&numbers));
    b.push_str("<section class=\"side\">\n");
    players(&mut b, at);
    status(&mut b, page, lang);
    controls(&mut b, at);
    steps(&mut b, at);
    move_list(&mut b, at, &numbers);
    downloads(&mut b, at);
    b.push_str("</section>\n</div>\n</main>");
    let title = tr!(
        lang,
        "web-game-title",
        title = page.title.clone(),
        game = page.id.to_string()
    );
    document(lang, &title, &b)
}

/// The board picture at the position shown, with its text alternative and caption.
fn board_figure(b: &mut String, at: &PageAt<'_>, shown: String) {
    let lang = at.lang;
    let fen = at
        .page
        .positions
        .get(at.ply)
        .map(placement)
        .unwrap_or_default();
    let picture = escape(&keep(
        &format!("{}/board.png?ply={}&v={}", at.base, at.ply, at.version),
        at.lang_query,
    ));
    let alt = tr!(
        lang,
        "web-board-alt",
        variant = at.page.variant.name_in(lang),
        after = shown.clone(),
        fen = fen
    );
    let caption = if at.ply == at.last() {
        tr!(lang, "web-board-caption-now", after = shown)
    } else {
        tr!(lang, "web-board-caption", after = shown)
    };
    // The board's cells on the picture, for the controls to lay touchable squares on.
    let mut cells = match (
        at.playing().or(at.planning()),
        at.page.positions.get(at.ply),
    ) {
        (Some(side), Some(view)) => cells_attribute(view, at.board_size, side),
        _ => String::new(),
    };
    if let Some(view) = at.page.positions.get(at.ply) {
        cells.push_str(&badges_attribute(view, at.board_size));
    }
    b.push_str(&figure(&picture, at.board_size, &alt, &caption, &cells));
}

/// A board picture's figure: `picture` (its escaped address) `size` pixels wide, its
/// text alternative and caption, and `cells` (the attribute of its touchable cells,
/// or nothing).
pub(super) fn figure(picture: &str, size: u32, alt: &str, caption: &str, cells: &str) -> String {
    format!(
        "<figure class=\"board\"{cells}><img id=\"board\" src=\"{picture}\" width=\"{size}\" \
         height=\"{size}\" alt=\"{}\">\n<figcaption>{}</figcaption></figure>\n",
        escape(alt),
        escape(caption),
    )
}

/// The touchable cells' attribute of a board's figure: where each cell of `view` lies
/// on its picture, `size` pixels wide, with `side` at the bottom.
pub(super) fn cells_attribute(view: &View, size: u32, side: Side) -> String {
    format!(
        " data-cells=\"{}\"",
        escape(&super::cells::cell_map(view, size, side))
    )
}

/// The badges' attribute of a board's figure ([`super::cells::badge_map`]), drawn from
/// the side the picture is (a spectator: White; a player: their own); nothing when no
/// piece has a badge.
pub(super) fn badges_attribute(view: &View, size: u32) -> String {
    let bottom = match view.viewer {
        crate::core::view::Viewer::Player(side) => side,
        crate::core::view::Viewer::Public => Side::White,
    };
    let map = super::cells::badge_map(view, size, bottom);
    if map.is_empty() {
        return String::new();
    }
    format!(" data-badges=\"{}\"", escape(&map))
}

/// The picker's block, filled by the page's script: its heading (the catalog's
/// `heading`), what it says, the choices, Confirm, Back and Cancel; in `lang`.
pub(super) fn picker_block(lang: Lang, heading: &str) -> String {
    let label = |key: &str| escape(&tr(lang, key));
    format!(
        "<div class=\"picker\">\n<h2>{}</h2>\n\
         <p class=\"play-text\" aria-live=\"polite\">{}</p>\n\
         <div class=\"choices\"></div>\n<p class=\"play-buttons\">\
         <button type=\"button\" class=\"confirm\" hidden>{}</button> \
         <button type=\"button\" class=\"back\" hidden>{}</button> \
         <button type=\"button\" class=\"cancel\" hidden>{}</button></p>\n</div>\n",
        label(heading),
        label("web-play-loading"),
        label("web-play-confirm"),
        label("web-play-back"),
        label("web-play-cancel"),
    )
}

/// The longest note a player's page may add, in characters (a body stays under the
/// size cap); the action address refuses a longer one.
pub(super) const MAX_NOTE: usize = 200;

/// A player's controls on their own page while the game is played: when they are
/// asked, the picker's choices (filled by the page's script from `data-act`), Confirm,
/// Back and Cancel; always, the game's other actions ([`game_actions`]).
fn controls(b: &mut String, at: &PageAt<'_>) {
    let Some(reader) = at.player() else {
        return;
    };
    b.push_str(&format!(
        "<section id=\"play\" class=\"play\" data-act=\"{}/act\" data-actions=\"{}\" \
         data-failed=\"{}\">\n",
        escape(at.base),
        at.page.actions,
        at.label("web-play-failed"),
    ));
    if at.playing().is_some() {
        b.push_str(&picker_block(at.lang, "web-play-heading"));
    }
    lines_block(b, at, reader);
    game_actions(b, at, reader);
    b.push_str("</section>\n");
}

/// A player's conditional lines on their own page, each with its Delete (`data-number`:
/// its number, from 1); while the opponent is asked, a line played out on a copy of the
/// board (`data-board`: the copy's picture) and queued. Shown to its author alone: the
/// page's lines are the reader's own. The buttons are hidden until the page's script,
/// which posts them, shows them.
fn lines_block(b: &mut String, at: &PageAt<'_>, reader: Side) {
    let planning = at.planning() == Some(reader);
    let lines = &at.page.lines;
    if lines.is_empty() && !planning {
        return;
    }
    b.push_str(&format!(
        "<div class=\"lines\" data-board=\"{}/line.png\">\n<h2>{}</h2>\n",
        escape(at.base),
        at.label("web-line-heading")
    ));
    if lines.is_empty() {
        b.push_str(&format!("<p>{}</p>\n", at.label("web-line-none")));
    } else {
        b.push_str(&format!(
            "<p>{}</p>\n<ol class=\"line-list\">\n",
            at.label("web-line-list")
        ));
        for (i, line) in lines.iter().enumerate() {
            b.push_str(&format!(
                "<li>{} <button type=\"button\" data-number=\"{}\" hidden>{}</button></li>\n",
                inline(line),
                i + 1,
                at.label("web-line-delete")
            ));
        }
        b.push_str("</ol>\n");
    }
    if planning {
        b.push_str(&format!(
            "<p>{}</p>\n<p><button type=\"button\" class=\"line-start\" hidden>{}</button></p>\n\
             <div class=\"line-picker\" hidden>\n<p class=\"line-text\"></p>\n\
             <p class=\"play-text\" aria-live=\"polite\"></p>\n<div class=\"choices\"></div>\n\
             <p class=\"play-buttons\"><button type=\"button\" class=\"confirm\" hidden>{}</button> \
             <button type=\"button\" class=\"back\" hidden>{}</button> \
             <button type=\"button\" class=\"cancel\">{}</button></p>\n</div>\n",
            at.label("web-line-intro"),
            at.label("web-line-start"),
            at.label("web-line-queue"),
            at.label("web-play-back"),
            at.label("web-play-cancel"),
        ));
    }
    b.push_str("<p class=\"line-said\" aria-live=\"polite\"></p>\n</div>\n");
}

/// A player's other actions on their own page: answer the opponent's draw offer or
/// takeback request (else make one; takebacks in casual games only), resign (confirmed
/// first), add a note. Each button's `data-ask` is the action it posts; hidden until
/// the page's script, which posts them, shows them.
fn game_actions(b: &mut String, at: &PageAt<'_>, reader: Side) {
    let page = at.page;
    let button = |ask: &str, key: &str| {
        format!(
            "<button type=\"button\" data-ask=\"{ask}\">{}</button>",
            at.label(key)
        )
    };
    let mut buttons = Vec::new();
    match page.draw_offer {
        Some(side) if side != reader => {
            buttons.push(button("draw-accept", "web-play-draw-accept"));
            buttons.push(button("draw-decline", "web-play-draw-decline"));
        }
        Some(_) => {}
        None => buttons.push(button("draw-offer", "web-play-draw-offer")),
    }
    match page.takeback_offer {
        Some(side) if side != reader => {
            buttons.push(button("takeback-accept", "web-play-takeback-accept"));
            buttons.push(button("takeback-decline", "web-play-takeback-decline"));
        }
        None if !page.rated => buttons.push(button("takeback-request", "web-play-takeback")),
        _ => {}
    }
    buttons.push(button("resign", "web-play-resign"));
    buttons.push(
        "<button type=\"button\" data-ask=\"resign-confirm\" class=\"danger\" hidden>".to_string()
            + &at.label("web-play-resign-confirm")
            + "</button>",
    );
    b.push_str(&format!(
        "<div class=\"game-actions\" hidden>\n<h2>{}</h2>\n<p class=\"act-buttons\">{}</p>\n\
         <form class=\"note\"><label>{} <input name=\"note\" maxlength=\"{max}\" \
         autocomplete=\"off\"></label> <button type=\"submit\">{}</button></form>\n\
         <p class=\"act-text\" aria-live=\"polite\"></p>\n</div>\n",
        at.label("web-play-game-heading"),
        buttons.join(" "),
        at.label("web-play-note-label"),
        at.label("web-play-note-add"),
        max = MAX_NOTE,
    ));
}

/// The players with their ratings, and the game's terms.
fn players(b: &mut String, at: &PageAt<'_>) {
    let page = at.page;
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
            side_class(side),
            escape(&crate::variants::side_name(side, at.lang)),
            escape(&page.players[side.index()])
        ));
    }
    b.push_str("</ul>\n");
    b.push_str(&format!("<p class=\"terms\">{}</p>\n", escape(&page.terms)));
}

/// The state of play, and the reader's own secret on a private page.
fn status(b: &mut String, page: &GamePage, lang: Lang) {
    status_lines(b, &page.status, page.secret.as_deref(), lang);
}

/// Lines of the state of play (a game's, a puzzle's), and the reader's own `secret`.
pub(super) fn status_lines(b: &mut String, lines: &[String], secret: Option<&str>, lang: Lang) {
    b.push_str("<div class=\"status\" role=\"status\" aria-live=\"polite\">\n");
    for line in lines {
        b.push_str(&format!("<p>{}</p>\n", inline(line)));
    }
    b.push_str("</div>\n");
    if let Some(secret) = secret {
        b.push_str(&format!(
            "<div class=\"secret\"><h2>{}</h2>\n",
            escape(&tr!(lang, "web-secret-heading"))
        ));
        for line in secret.lines() {
            b.push_str(&format!("<p>{}</p>\n", inline(line)));
        }
        b.push_str("</div>\n");
    }
}

/// Stepping through the game: first, previous, next, last.
fn steps(b: &mut String, at: &PageAt<'_>) {
    b.push_str(&format!(
        "<nav class=\"steps\" aria-label=\"{}\">\n",
        escape(&tr!(at.lang, "web-replay"))
    ));
    let last = at.last();
    let links = [
        ("first", "web-step-first", (at.ply > 0).then_some(0)),
        ("prev", "web-step-prev", at.ply.checked_sub(1)),
        (
            "next",
            "web-step-next",
            (at.ply < last).then_some(at.ply + 1),
        ),
        ("last", "web-step-last", (at.ply < last).then_some(last)),
    ];
    for (rel, key, to) in links {
        let label = at.label(key);
        match to {
            Some(p) => b.push_str(&format!(
                "<a rel=\"{rel}\" href=\"{}\">{label}</a>\n",
                escape(&at.here(p))
            )),
            None => b.push_str(&format!("<span class=\"off\">{label}</span>\n")),
        }
    }
    b.push_str("</nav>\n");
}

/// The moves, each a link to the position after it.
fn move_list(b: &mut String, at: &PageAt<'_>, numbers: &[String]) {
    let page = at.page;
    b.push_str(&format!("<h2>{}</h2>\n", at.label("web-moves")));
    if page.turns.is_empty() {
        b.push_str(&format!(
            "<p class=\"moves-empty\">{}</p>\n",
            at.label("web-no-moves")
        ));
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
            side_class(t.side),
            escape(&at.here(ply)),
            numbers.get(i).map_or("", String::as_str),
            escape(&t.printed)
        ));
        for e in &t.events {
            b.push_str(&format!("<span class=\"event\">{}</span>", escape(e)));
        }
        b.push_str("</li>\n");
    }
    b.push_str("</ol>\n");
}

/// Downloads, and the links to the legend and (on a private page) the public one.
fn downloads(b: &mut String, at: &PageAt<'_>) {
    let exports = at.public_path.unwrap_or(at.base);
    b.push_str(&format!(
        "<h2>{}</h2>\n<ul class=\"downloads\">\n",
        at.label("web-downloads")
    ));
    b.push_str(&format!(
        "<li><a id=\"pgn\" href=\"{0}/game.pgn\" download>{1}</a></li>\n\
         <li><a id=\"gif\" href=\"{0}/game.gif\" download>{2}</a></li>\n</ul>\n",
        escape(exports),
        at.label("web-download-pgn"),
        at.label("web-download-gif")
    ));
    b.push_str(&format!(
        "<p class=\"more\"><a href=\"{}\">{}</a>",
        escape(&keep("/legend", at.lang_query)),
        at.label("web-marks-link")
    ));
    if let Some(public) = at.public_path {
        b.push_str(&format!(
            " · <a href=\"{}\">{}</a>",
            escape(&keep(public, at.lang_query)),
            at.label("web-public-link")
        ));
    }
    b.push_str("</p>\n");
}

/// The class of a side's items.
fn side_class(side: Side) -> &'static str {
    if side == Side::White {
        "white"
    } else {
        "black"
    }
}

/// The legend's page in `lang`, from [`crate::service::pages::legend`]'s lines in the
/// same language; `lang_query` as in [`PageAt`].
pub(super) fn legend_page(lang: Lang, lang_query: &str, lines: &[String]) -> String {
    let mut b = format!(
        "<main class=\"legend\">\n<h1>{}</h1>\n",
        escape(&tr!(lang, "web-legend"))
    );
    b.push_str(&format!(
        "<p>{}</p>\n<img class=\"legend-picture\" src=\"{}\" alt=\"{}\">\n",
        escape(&tr!(lang, "web-legend-intro")),
        escape(&keep("/legend.png", lang_query)),
        escape(&tr!(lang, "web-legend-alt"))
    ));
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
    document(lang, &tr!(lang, "web-legend-title"), &b)
}

/// One game on a server's page, being played or finished.
pub(super) struct ListedGame {
    pub path: String,
    pub variant: String,
    pub players: [String; 2],
    pub state: Listed,
}

/// Where a [`ListedGame`] stands.
pub(super) enum Listed {
    /// Being played, `turns` played so far.
    Live { turns: usize },
    /// Finished with `result` (`1-0`), rated or casual.
    Finished { result: &'static str, rated: bool },
}

/// A server page's line of `g`.
fn listed_item(g: &ListedGame, lang: Lang, lang_query: &str) -> String {
    let [white, black] = g.players.clone();
    let variant = g.variant.clone();
    let (game, after) = match g.state {
        Listed::Live { turns } => (
            tr!(
                lang,
                "web-server-live-game",
                variant = variant,
                white = white,
                black = black
            ),
            format!(
                ", {}",
                escape(&tr!(lang, "web-server-turns", turns = turns))
            ),
        ),
        Listed::Finished { result, rated } => {
            let game = tr!(
                lang,
                "web-server-recent-game",
                variant = variant,
                white = white,
                black = black,
                result = result
            );
            let terms = tr(lang, if rated { "terms-rated" } else { "terms-casual" });
            (game, format!(" ({})", escape(&terms)))
        }
    };
    format!(
        "<li><a href=\"{}\">{}</a>{after}</li>\n",
        escape(&keep(&g.path, lang_query)),
        escape(&game),
    )
}

/// A server's page: its games being played, its last finished games, and each
/// variant's ladder as `(variant, [(name, rating, wins/draws/losses)])`.
pub(super) fn server_page(
    lang: Lang,
    lang_query: &str,
    games: &[ListedGame],
    recent: &[ListedGame],
    ladders: &[crate::service::pages::ServerLadder],
    events: &[crate::service::pages::ServerEvent],
) -> String {
    let say = |key: &str| escape(&tr(lang, key));
    let mut b = format!(
        "<main class=\"server\">\n<h1>{}</h1>\n",
        say("web-server-heading")
    );
    let sections = [
        (
            games,
            ("live", "web-server-live", "web-server-no-live"),
            "games",
        ),
        (
            recent,
            ("recent", "web-server-recent", "web-server-no-recent"),
            "games recent",
        ),
    ];
    for (listed, keys, class) in sections {
        let items: Vec<String> = listed
            .iter()
            .map(|g| listed_item(g, lang, lang_query))
            .collect();
        game_list(&mut b, lang, keys, class, &items);
    }
    ladder_tables(&mut b, lang, ladders);
    event_sections(&mut b, lang, events);
    b.push_str(&format!(
        "<p class=\"more\"><a href=\"{}\">{}</a></p>\n</main>",
        escape(&keep("/legend", lang_query)),
        say("web-marks-link")
    ));
    document(lang, &tr!(lang, "web-server-title"), &b)
}

/// A section of games on a server's page: its heading (`id`, catalog keys of the
/// heading and of the line shown when there are none), then the list's `items`.
fn game_list(
    b: &mut String,
    lang: Lang,
    (id, heading, none): (&str, &str, &str),
    class: &str,
    items: &[String],
) {
    b.push_str(&format!(
        "<h2 id=\"{id}\">{}</h2>\n",
        escape(&tr(lang, heading))
    ));
    if items.is_empty() {
        b.push_str(&format!("<p>{}</p>\n", escape(&tr(lang, none))));
        return;
    }
    b.push_str(&format!("<ul class=\"{class}\">\n"));
    for item in items {
        b.push_str(item);
    }
    b.push_str("</ul>\n");
}

/// A server's ladders, one table each.
fn ladder_tables(b: &mut String, lang: Lang, ladders: &[crate::service::pages::ServerLadder]) {
    let say = |key: &str| escape(&tr(lang, key));
    b.push_str(&format!(
        "<h2 id=\"ladders\">{}</h2>\n",
        say("web-server-ladders")
    ));
    if ladders.is_empty() {
        b.push_str(&format!(
            "<p>{}</p>\n",
            inline(&tr!(lang, "web-server-no-ladder"))
        ));
    }
    for ladder in ladders {
        b.push_str(&format!(
            "<table class=\"ladder\">\n<caption>{}</caption>\n<thead><tr><th scope=\"col\">#</th>\
             <th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead>\n<tbody>\n",
            escape(&ladder.variant.name_in(lang)),
            say("web-ladder-player"),
            say("web-ladder-rating"),
            say("web-ladder-record")
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
}

/// A server's tournaments with their standings.
fn event_sections(b: &mut String, lang: Lang, events: &[crate::service::pages::ServerEvent]) {
    if !events.is_empty() {
        b.push_str(&format!(
            "<h2 id=\"tournaments\">{}</h2>\n",
            escape(&tr(lang, "web-server-tournaments"))
        ));
    }
    for e in events {
        b.push_str(&format!(
            "<section class=\"event\">\n<h3>{}</h3>\n<p>{}</p>\n<pre class=\"standings\">{}</pre>\n</section>\n",
            escape(&e.name),
            escape(&e.about),
            escape(&e.standings)
        ));
    }
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
        assert!(message_page(Lang::En, "<t>", "a & b").contains("<h1>&lt;t&gt;</h1>"));
        assert!(message_page(Lang::De, "t", "b").contains("<html lang=\"de\">"));
        assert_eq!(keep("/g/1-ab", ""), "/g/1-ab");
        assert_eq!(keep("/g/1-ab", "lang=de"), "/g/1-ab?lang=de");
        assert_eq!(keep("/g/1-ab?ply=2", "lang=de"), "/g/1-ab?ply=2&lang=de");
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
