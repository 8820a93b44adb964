//! Web pages of games as the service sees them: their signed addresses (a game's public
//! page, one player's private page, a server's page), the `/web` answer, a server's web
//! switch (`/settings web:on|off`), and what a page shows of a stored game. Front ends
//! serve the pages (`crate::web`); what a page may show is decided here, from the same
//! public view a spectator in the game's thread gets (or, on a player's signed page,
//! that player's own view).
//!
//! Addresses are HMAC-SHA256 tags under the configured key, so nothing new is stored:
//! `/g/<game>-<tag>` (the game's public page), `/p/<game>-<user>-<expiry>-<tag>` (a
//! player's private page until `expiry`, in Unix seconds) and `/s/<server>-<tag>`. Tags
//! are the first 128 bits of the MAC, in hex, and each kind of address signs its own
//! prefix so one kind's tag never passes for another's.

use crate::core::view::{View, Viewer};
use crate::core::Side;
use crate::i18n::Lang;
use crate::service::contract::api::{Context, Reply};
use crate::service::reads::asked::prompt_line_for;
use crate::service::reads::queries::{names, public_view, time_left_line_in};
use crate::service::{record, store_failure, Change, Live, Refusal, Service, Slot};
use crate::store::{GameRecord, Store, StoreError};
use hmac::{Hmac, Mac};

pub use super::puzzles::page::{puzzle_page, PuzzlePage};
use sha2::Sha256;

/// How long a private link sent by `/web` opens its page: a week.
pub const PRIVATE_LINK_SECONDS: u64 = 7 * 24 * 3600;
/// Bytes of the MAC kept in an address (128 bits).
const TAG_BYTES: usize = 16;

/// The web pages' public address and signing key (`[web]` in the configuration).
#[derive(Clone)]
pub struct WebLinks {
    /// `https://arcana.example.org`, without a trailing slash.
    public_url: String,
    key: Vec<u8>,
}

impl std::fmt::Debug for WebLinks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The key never reaches a log.
        f.debug_struct("WebLinks")
            .field("public_url", &self.public_url)
            .finish_non_exhaustive()
    }
}

/// Why a private address is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkRefusal {
    /// Not an address this key signed (forged, altered, or for another player or game).
    Forged,
    /// Signed, but its time is over.
    Expired,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

impl WebLinks {
    /// `key` must be long enough to be unguessable (the configuration asks for 32
    /// characters or more).
    pub fn new(public_url: &str, key: &[u8]) -> WebLinks {
        WebLinks {
            public_url: public_url.trim().trim_end_matches('/').to_string(),
            key: key.to_vec(),
        }
    }

    pub fn public_url(&self) -> &str {
        &self.public_url
    }

    fn mac(&self, message: &str) -> Hmac<Sha256> {
        // HMAC takes a key of any length.
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.key)
            .unwrap_or_else(|_| unreachable!("hmac takes a key of any length"));
        mac.update(message.as_bytes());
        mac
    }

    fn tag(&self, message: &str) -> String {
        hex(&self.mac(message).finalize().into_bytes()[..TAG_BYTES])
    }

    /// Whether `tag` (hex) is the tag of `message`, compared in constant time.
    fn signed(&self, message: &str, tag: &str) -> bool {
        match unhex(tag) {
            Some(bytes) if bytes.len() == TAG_BYTES => {
                self.mac(message).verify_truncated_left(&bytes).is_ok()
            }
            _ => false,
        }
    }

    /// The path of a game's public page.
    pub fn game_path(&self, game: u64) -> String {
        format!("/g/{game}-{}", self.tag(&format!("game/{game}")))
    }

    pub fn game_url(&self, game: u64) -> String {
        format!("{}{}", self.public_url, self.game_path(game))
    }

    /// The game a public page's address (`<game>-<tag>`, after `/g/`) names.
    pub fn check_game(&self, address: &str) -> Option<u64> {
        let (game, tag) = address.split_once('-')?;
        let game: u64 = game.parse().ok()?;
        self.signed(&format!("game/{game}"), tag).then_some(game)
    }

    /// The path of `user`'s private page of `game`, open until `expires` (Unix seconds).
    pub fn private_path(&self, game: u64, user: u64, expires: u64) -> String {
        let tag = self.tag(&format!("private/{game}/{user}/{expires}"));
        format!("/p/{game}-{user}-{expires}-{tag}")
    }

    pub fn private_url(&self, game: u64, user: u64, expires: u64) -> String {
        format!(
            "{}{}",
            self.public_url,
            self.private_path(game, user, expires)
        )
    }

    /// The game and player a private address (after `/p/`) names, at `now` (Unix
    /// seconds).
    pub fn check_private(&self, address: &str, now: u64) -> Result<(u64, u64), LinkRefusal> {
        let parts: Vec<&str> = address.split('-').collect();
        let [game, user, expires, tag] = parts[..] else {
            return Err(LinkRefusal::Forged);
        };
        let (Ok(game), Ok(user), Ok(expires)) = (
            game.parse::<u64>(),
            user.parse::<u64>(),
            expires.parse::<u64>(),
        ) else {
            return Err(LinkRefusal::Forged);
        };
        if !self.signed(&format!("private/{game}/{user}/{expires}"), tag) {
            return Err(LinkRefusal::Forged);
        }
        if now >= expires {
            return Err(LinkRefusal::Expired);
        }
        Ok((game, user))
    }

    /// The path of `user`'s page of puzzle `puzzle`, open until `expires` (Unix seconds).
    pub fn puzzle_path(&self, puzzle: &str, user: u64, expires: u64) -> String {
        let tag = self.tag(&format!("puzzle/{puzzle}/{user}/{expires}"));
        format!("/pz/{puzzle}-{user}-{expires}-{tag}")
    }

    pub fn puzzle_url(&self, puzzle: &str, user: u64, expires: u64) -> String {
        format!(
            "{}{}",
            self.public_url,
            self.puzzle_path(puzzle, user, expires)
        )
    }

    /// The puzzle and player a puzzle page's address (after `/pz/`) names, and until
    /// when, at `now` (Unix seconds).
    pub fn check_puzzle(&self, address: &str, now: u64) -> Result<(String, u64, u64), LinkRefusal> {
        let mut parts = address.rsplitn(4, '-');
        let (Some(tag), Some(expires), Some(user), Some(puzzle)) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(LinkRefusal::Forged);
        };
        let (Ok(user), Ok(expires)) = (user.parse::<u64>(), expires.parse::<u64>()) else {
            return Err(LinkRefusal::Forged);
        };
        if !self.signed(&format!("puzzle/{puzzle}/{user}/{expires}"), tag) {
            return Err(LinkRefusal::Forged);
        }
        if now >= expires {
            return Err(LinkRefusal::Expired);
        }
        Ok((puzzle.to_string(), user, expires))
    }

    /// The path of a server's page (served only while its moderators have it on).
    pub fn server_path(&self, server: u64) -> String {
        format!("/s/{server}-{}", self.tag(&format!("server/{server}")))
    }

    pub fn check_server(&self, address: &str) -> Option<u64> {
        let (server, tag) = address.split_once('-')?;
        let server: u64 = server.parse().ok()?;
        self.signed(&format!("server/{server}"), tag)
            .then_some(server)
    }
}

/// One turn of a page's move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageTurn {
    pub side: Side,
    /// The turn as the documents write it (`Ze4:e5 (teleport b6)`).
    pub printed: String,
    /// What it caused, a line each.
    pub events: Vec<String>,
}

/// What a game's page shows, already filtered for its viewer.
#[derive(Clone, Debug, PartialEq)]
pub struct GamePage {
    pub id: u64,
    pub server: Option<u64>,
    pub title: String,
    pub variant: crate::variants::VariantId,
    /// White then Black.
    pub players: [String; 2],
    /// `rated` or `casual`, the time terms.
    pub terms: String,
    /// Who is asked what, the time left, a standing draw offer; or how the game ended.
    pub status: Vec<String>,
    pub finished: bool,
    pub turns: Vec<PageTurn>,
    /// The board before the first turn and after each (public views: a replay shows
    /// no secret); the last is the game as it stands, for the page's viewer.
    pub positions: Vec<View>,
    /// The players' user ids, White then Black (their ratings are looked up by them).
    pub player_ids: [u64; 2],
    /// The game counts for the ratings.
    pub rated: bool,
    /// Each player's rating after a rated game ended and its change (`1512`, `+12`).
    pub rating_changes: Option<[(String, String); 2]>,
    /// The viewer's own secret information (a private page only).
    pub secret: Option<String>,
    /// The side asked to answer now, while the game is being played.
    pub asked: Option<crate::core::Side>,
    /// The record's number of actions: the version a page's action names, refused
    /// once the game has moved on (as the picker's presses are).
    pub actions: u64,
    /// The side whose draw offer stands (a player's page offers to answer it).
    pub draw_offer: Option<crate::core::Side>,
    /// The side whose takeback request stands.
    pub takeback_offer: Option<crate::core::Side>,
    /// The viewer's own conditional lines, as `/conditional` lists them (a private
    /// page only: never the public page's, never the opponent's).
    pub lines: Vec<String>,
    /// A line can be played out on a copy of the board (the game is played and hides
    /// nothing: `lines::line_copy`).
    pub lines_offered: bool,
}

/// The page of a stored game for `viewer` at `now` (milliseconds), its words in `lang`
/// (the reader's): public views for every position but the last, which is `viewer`'s.
pub fn game_page(
    rec: GameRecord,
    viewer: Viewer,
    now: u64,
    lang: Lang,
) -> Result<GamePage, StoreError> {
    let game = rec.replay()?;
    let live = Live {
        rec: crate::service::per_turn(rec),
        game,
        lang,
    };
    let rec = &live.rec;
    let names = names(rec);
    let positions = page_positions(&live, viewer, &names, lang);
    let status = page_status(&live, now, lang);
    let (secret, lines) = match viewer {
        Viewer::Player(side) => (
            live.game.secret_in(side, lang),
            super::lines::own_lines(rec, side, lang),
        ),
        Viewer::Public => (None, Vec::new()),
    };
    Ok(GamePage {
        id: rec.id,
        server: rec.server,
        title: crate::service::reads::queries::title_line_in(rec, lang),
        variant: rec.variant,
        players: names,
        terms: format!(
            "{}, {}",
            crate::service::reads::queries::rated_text_in(rec.rated, lang),
            crate::service::reads::queries::terms_text_in(rec.days, rec.bank_days, lang)
        ),
        status,
        finished: live.game.outcome().is_some(),
        turns: page_turns(rec, lang),
        positions,
        rating_changes: rating_changes(rec),
        player_ids: [rec.players[0].id, rec.players[1].id],
        rated: rec.rated,
        secret,
        asked: live
            .game
            .ask()
            .filter(|_| live.game.outcome().is_none())
            .map(|a| a.side),
        actions: rec.actions.len() as u64,
        draw_offer: rec.draw_offer,
        takeback_offer: rec.takeback_offer,
        lines,
        lines_offered: live.game.perfect_information() && live.game.ask().is_some(),
    })
}

/// A page's boards: the public view before the first turn and after each, the last
/// the game as it stands seen by `viewer`; their words in `lang`.
fn page_positions(live: &Live, viewer: Viewer, names: &[String; 2], lang: Lang) -> Vec<View> {
    let rec = &live.rec;
    let mut positions = record::frames(
        rec.variant,
        &rec.options,
        rec.seed,
        &record::answers(rec),
        names,
    )
    .map(|(views, _)| views)
    .unwrap_or_default();
    for v in &mut positions {
        v.write_in(lang);
    }
    let now_view = match viewer {
        Viewer::Public => {
            let mut v = public_view(live);
            v.write_in(lang);
            v
        }
        Viewer::Player(_) => {
            let mut v = live.game.view_in(viewer, lang);
            v.names = names.clone();
            v
        }
    };
    // The last frame is the game as it stands (also a turn half played, or an ending
    // outside the rules), seen by the viewer.
    if positions.len() > rec.history.len() {
        positions.pop();
    }
    positions.push(now_view);
    positions
}

/// A page's status at `now`, in `lang`: how the game ended; else who is asked what,
/// the time left and a standing draw offer.
fn page_status(live: &Live, now: u64, lang: Lang) -> Vec<String> {
    let rec = &live.rec;
    let mut status = Vec::new();
    match record::closing_line_in(rec, &live.game, lang) {
        Some(line) => status.push(line),
        None => {
            status.extend(prompt_line_for(live, false));
            status.extend(time_left_line_in(rec, now, lang));
            if let Some(side) = rec.draw_offer {
                status.push(crate::service::reads::queries::draw_offered_line(
                    rec, side, lang,
                ));
            }
        }
    }
    status
}

/// A page's move list: each turn of `rec` with what it caused, in `lang`.
fn page_turns(rec: &GameRecord, lang: Lang) -> Vec<PageTurn> {
    rec.history
        .iter()
        .map(|e| PageTurn {
            side: e.side,
            printed: e.printed.clone(),
            events: e.events.iter().map(|line| line.in_lang(lang)).collect(),
        })
        .collect()
}

/// After a rated game ended: each player's rating and its change (`1512`, `+12`),
/// White then Black.
fn rating_changes(rec: &GameRecord) -> Option<[(String, String); 2]> {
    rec.end
        .as_ref()
        .and_then(|e| e.rating.as_ref())
        .map(|[w, b]| {
            [
                (w.after.shown(), w.diff_text()),
                (b.after.shown(), b.diff_text()),
            ]
        })
}

/// The public record of a stored game (PGN): the export every spectator gets, never a
/// player's own with their notes.
pub fn public_record(rec: &GameRecord, site: Option<&str>) -> Result<String, StoreError> {
    let game = rec.replay()?;
    Ok(crate::service::formats::pgn::export_text(rec, &game, site))
}

/// The public animation of a stored game (GIF), from White's side.
pub fn public_animation(rec: &GameRecord) -> Result<Vec<u8>, String> {
    let game = rec.replay().map_err(|e| e.to_string())?;
    let live = Live {
        rec: rec.clone(),
        game,
        lang: Default::default(),
    };
    record::animation(rec, public_view(&live), Side::White)
}

/// The legend of every badge and mark (`/legend` without a game): its text lines (chat
/// markup: `__heading__`, `- entry`) and its picture, `size` pixels wide, in `lang`.
pub fn legend(size: u32, lang: Lang) -> (Vec<String>, Option<Vec<u8>>) {
    let reply = crate::service::reads::queries::legend_reply(None, size, lang);
    let (_, lines) = crate::service::reads::queries::legend_text(None, lang);
    let picture = reply.attachments.into_iter().next().map(|a| a.bytes);
    (lines, picture)
}

/// Whether a server's moderators have turned its web page on.
pub fn server_web_on(store: &Store, server: u64) -> Result<bool, StoreError> {
    store.server_web_on(server)
}

/// How many finished games a server's page lists.
pub const SERVER_RECENT_GAMES: usize = 20;

/// A finished game on a server's page.
#[derive(Clone, Debug, PartialEq)]
pub struct RecentGame {
    pub id: u64,
    pub variant: crate::variants::VariantId,
    /// White then Black.
    pub players: [String; 2],
    /// `1-0`, `½-½`, `0-1`.
    pub result: &'static str,
    pub rated: bool,
    pub end_ms: u64,
}

/// One variant's ladder on a server's page: `(name, rating, wins/draws/losses)` of
/// the players `/leaderboard` lists, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct ServerLadder {
    pub variant: crate::variants::VariantId,
    pub rows: Vec<(String, String, String)>,
}

/// A tournament on a server's page: its name, what it is, how it stands, and its
/// standings as `/tournament standings` gives them.
#[derive(Clone, Debug, PartialEq)]
pub struct ServerEvent {
    pub name: String,
    /// `Chess, Swiss over 3 rounds, 7 players, round 2`.
    pub about: String,
    pub standings: String,
}

/// What a server's page shows: its games being played, its last finished games, its
/// ladders (the `/leaderboard` of each variant with settled ratings) and its
/// tournaments (those not cancelled, the latest first).
#[derive(Clone, Debug, PartialEq)]
pub struct ServerPage {
    pub live: Vec<crate::store::Listing>,
    pub recent: Vec<RecentGame>,
    pub ladders: Vec<ServerLadder>,
    pub events: Vec<ServerEvent>,
}

/// A server's page at `now` (milliseconds), its words in `lang` (the reader's), `None`
/// while its moderators have it off.
pub fn server_page(
    store: &Store,
    server: u64,
    now: u64,
    lang: Lang,
) -> Result<Option<ServerPage>, StoreError> {
    if !store.server_web_on(server)? {
        return Ok(None);
    }
    let mut live = store.listings_of_server(Some(server))?;
    live.sort_by_key(|l| std::cmp::Reverse(l.id));
    let recent = recent_games(store, server)?;
    let ladders = server_ladders(store, server, now)?;
    let events = server_events(store, server, lang)?;
    Ok(Some(ServerPage {
        live,
        recent,
        ladders,
        events,
    }))
}

/// A server's last finished games (aborted ones left out), the latest first.
fn recent_games(store: &Store, server: u64) -> Result<Vec<RecentGame>, StoreError> {
    use crate::ratings::Score;
    Ok(store
        .results_of_server(Some(server), SERVER_RECENT_GAMES, |p| {
            p.score != Score::Aborted
        })?
        .into_iter()
        .map(|p| RecentGame {
            id: p.id,
            variant: p.variant,
            players: [p.players[0].name.clone(), p.players[1].name.clone()],
            result: match p.score {
                Score::Won(Side::White) => "1-0",
                Score::Won(Side::Black) => "0-1",
                _ => "½-½",
            },
            rated: p.rated,
            end_ms: p.end_ms,
        })
        .collect())
}

/// A server's ladders at `now`: each variant's leaderboard as `/leaderboard` gives it,
/// those with no settled rating left out.
fn server_ladders(store: &Store, server: u64, now: u64) -> Result<Vec<ServerLadder>, StoreError> {
    use crate::ratings::{LEADERBOARD_DEVIATION, LEADERBOARD_SIZE};
    let (table, scope) = store.ratings()?;
    let ladder = scope.unwrap_or_default().ladder(Some(server));
    let names: std::collections::HashMap<u64, String> = store.player_names()?.into_iter().collect();
    let mut ladders = Vec::new();
    for variant in crate::variants::VariantId::available() {
        let rows: Vec<(String, String, String)> = table
            .ladder(ladder, variant)
            .into_iter()
            .filter_map(|(user, s)| {
                let g = s.glicko_at(now);
                (g.deviation <= LEADERBOARD_DEVIATION).then(|| {
                    (
                        names
                            .get(&user)
                            .cloned()
                            .unwrap_or_else(|| user.to_string()),
                        g.shown(),
                        format!("{}/{}/{}", s.wins, s.draws, s.losses),
                    )
                })
            })
            .take(LEADERBOARD_SIZE)
            .collect();
        if !rows.is_empty() {
            ladders.push(ServerLadder { variant, rows });
        }
    }
    Ok(ladders)
}

/// A server's tournaments, those cancelled left out, the latest first; words in
/// `lang`.
fn server_events(store: &Store, server: u64, lang: Lang) -> Result<Vec<ServerEvent>, StoreError> {
    let mut events: Vec<crate::store::Event> = store
        .events()?
        .into_iter()
        .map(|e| e.event)
        .filter(|e| e.server == Some(server) && e.state != crate::store::EventState::Cancelled)
        .collect();
    events.sort_by_key(|e| std::cmp::Reverse(e.id));
    Ok(events.iter().map(|e| server_event(e, lang)).collect())
}

/// One tournament on a server's page: its name, what it is and how it stands, and its
/// standings; in `lang`.
fn server_event(e: &crate::store::Event, lang: Lang) -> ServerEvent {
    let format = match e.format {
        crate::store::EventFormat::RoundRobin { cycles: 1 } => {
            crate::tr!(lang, "web-event-round-robin")
        }
        crate::store::EventFormat::RoundRobin { cycles } => {
            crate::tr!(lang, "web-event-round-robin-cycles", cycles = cycles)
        }
        crate::store::EventFormat::Swiss { rounds } => {
            crate::tr!(lang, "web-event-swiss", rounds = rounds)
        }
    };
    let state = match e.state {
        crate::store::EventState::Open => crate::tr!(lang, "web-event-open"),
        crate::store::EventState::Running => {
            crate::tr!(lang, "web-event-round", round = e.round)
        }
        _ => crate::tr!(lang, "web-event-finished"),
    };
    ServerEvent {
        name: e.name.clone(),
        about: crate::tr!(
            lang,
            "web-event-about",
            variant = e.variant.name_in(lang),
            format = format,
            players = e.players.len(),
            state = state
        ),
        standings: crate::service::capabilities::tournament::standings_text_in(e, lang),
    }
}

impl Service {
    /// `/web`: the address of the shown game's page; to a player, also their private
    /// page's signed address, for them alone.
    pub(in crate::service) fn web_links(
        &self,
        slot: &Slot,
        ctx: &Context,
    ) -> Result<Change, Refusal> {
        let lang = ctx.lang;
        let Some(links) = &self.web else {
            return Err(crate::tr!(lang, "web-off"));
        };
        let live = self.shown_game_in(slot, ctx.channel, lang)?;
        let mut lines = vec![crate::tr!(
            lang,
            "web-game-page",
            game = live.rec.id.to_string(),
            url = links.game_url(live.rec.id)
        )];
        if live.rec.side_of(ctx.user.id).is_some() {
            let expires = self.clock.now_ms() / 1000 + PRIVATE_LINK_SECONDS;
            lines.push(crate::tr!(
                lang,
                "web-private-page",
                url = links.private_url(live.rec.id, ctx.user.id, expires)
            ));
        }
        Ok(Change::reply(Reply::invoker(lines.join("\n"))))
    }

    /// The line a board reply adds when game pages are on, in `lang` (the reply's).
    pub(in crate::service) fn web_line(&self, game: u64, lang: Lang) -> Option<String> {
        self.web
            .as_ref()
            .map(|links| crate::tr!(lang, "web-board-line", url = links.game_url(game)))
    }

    /// `/settings web:on|off`: a server's page, for its moderators.
    pub(in crate::service) fn server_web(&self, ctx: &Context, moderator: bool, on: bool) -> Reply {
        let Some(server) = ctx.server else {
            return Reply::refusal(crate::tr!(ctx.lang, "settings-server-only"));
        };
        if !moderator {
            return Reply::refusal(crate::tr!(ctx.lang, "settings-moderators-only"));
        }
        let put = crate::service::plumbing::plan::Put::ServerWeb { server, on };
        if let Err(e) = self.write(
            vec![put],
            crate::service::plumbing::plan::Durability::Flushed,
        ) {
            return store_failure(e);
        }
        let lang = ctx.lang;
        match (on, &self.web) {
            (true, Some(links)) => Reply::invoker(crate::tr!(
                lang,
                "web-server-on",
                url = format!("{}{}", links.public_url(), links.server_path(server))
            )),
            (true, None) => Reply::invoker(crate::tr!(lang, "web-server-on-later")),
            (false, _) => Reply::invoker(crate::tr!(lang, "web-server-off")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_signed_and_bound() {
        let links = WebLinks::new("https://a.example/", b"0123456789abcdef0123456789abcdef");
        let path = links.game_path(42);
        let address = path.trim_start_matches("/g/");
        assert_eq!(links.check_game(address), Some(42));
        assert_eq!(links.game_url(42), format!("https://a.example{path}"));
        // Another game's tag, an altered tag, another key: refused.
        let other = links.game_path(43);
        let other_tag = other.rsplit('-').next().unwrap_or_default();
        assert_eq!(links.check_game(&format!("42-{other_tag}")), None);
        let mut altered = address.to_string();
        let last = if altered.ends_with('0') { '1' } else { '0' };
        altered.pop();
        altered.push(last);
        assert_eq!(links.check_game(&altered), None);
        let stranger = WebLinks::new("https://a.example", b"another key of thirty-two bytes!");
        assert_eq!(stranger.check_game(address), None);
        assert_eq!(links.check_game("42"), None);
        assert_eq!(links.check_game("x-ab"), None);
        assert_eq!(links.check_game("42-zz"), None);

        let p = links.private_path(42, 7, 1000);
        let p = p.trim_start_matches("/p/");
        assert_eq!(links.check_private(p, 999), Ok((42, 7)));
        assert_eq!(links.check_private(p, 1000), Err(LinkRefusal::Expired));
        // The same tag for another player, game or expiry is refused.
        for forged in [
            p.replacen("42-7-", "42-8-", 1),
            p.replacen("42-7-", "41-7-", 1),
            p.replacen("-1000-", "-9999-", 1),
            "42-7-1000".to_string(),
            String::new(),
        ] {
            assert_eq!(
                links.check_private(&forged, 0),
                Err(LinkRefusal::Forged),
                "{forged}"
            );
        }
        // A game's public tag is no private or server tag.
        let game_tag = address.split_once('-').map(|(_, t)| t).unwrap_or_default();
        assert_eq!(links.check_server(&format!("42-{game_tag}")), None);
        let s = links.server_path(9);
        assert_eq!(links.check_server(s.trim_start_matches("/s/")), Some(9));
        assert!(!format!("{links:?}").contains("0123"));

        let z = links.puzzle_path("548541ae", 7, 1000);
        let z = z.trim_start_matches("/pz/");
        let found = ("548541ae".to_string(), 7, 1000);
        assert_eq!(links.check_puzzle(z, 999), Ok(found));
        assert_eq!(links.check_puzzle(z, 1000), Err(LinkRefusal::Expired));
        let dashed = links.puzzle_path("m-1-2", 7, 1000);
        let dashed = dashed.trim_start_matches("/pz/");
        let found = ("m-1-2".to_string(), 7, 1000);
        assert_eq!(links.check_puzzle(dashed, 0), Ok(found));
        // Another puzzle, player or expiry under the same tag; a private page's tag.
        let private_tag = p.rsplit('-').next().unwrap_or_default();
        for forged in [
            z.replacen("548541ae-", "548541af-", 1),
            z.replacen("-7-", "-8-", 1),
            z.replacen("-1000-", "-9999-", 1),
            format!("548541ae-7-1000-{private_tag}"),
            "548541ae-7-1000".to_string(),
            String::new(),
        ] {
            assert_eq!(
                links.check_puzzle(&forged, 0),
                Err(LinkRefusal::Forged),
                "{forged}"
            );
        }
    }
}
