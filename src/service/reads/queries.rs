//! Queries that change no game: boards, lists, profiles, rules, legend and help,
//! and the text lines they share.

use crate::core::view::{View, Viewer};
use crate::core::Side;
use crate::ratings::LadderScope;
use crate::service::contract::api::{Context, GamesScope, Reply, User};
use crate::service::reads::asked::prompt_line;
use crate::service::reads::places::{Shown, Where};
use crate::service::{
    api, lock, per_turn, ratings, record, store_failure_in, Change, Live, Refusal, Service, Slot,
    LEGEND_TEXT,
};
use crate::store::{GameRecord, StoreError};
use crate::variants::{example_game, Options, VariantId};

use crate::i18n::Lang;
use crate::store::Listing;
use crate::tr;

impl Service {
    pub(in crate::service) fn profile(&self, ctx: &Context, user: Option<User>) -> Reply {
        let user = user.unwrap_or_else(|| ctx.user.clone());
        let (mut lines, global) = {
            let r = lock(&self.ratings);
            (
                r.profile(&self.store, ctx, user.id, &user.name, self.clock.now_ms()),
                r.scope == LadderScope::Global,
            )
        };
        let mut current = Vec::new();
        match self.store.listings_of_user(user.id) {
            Ok(listings) => {
                for l in listings {
                    if global || l.server == ctx.server {
                        let to_move = l.to_move.map(|s| l.players[s.index()].name.clone());
                        // Outside servers, a place the reader can open (issue 50).
                        let place = match l.server {
                            Some(_) => None,
                            None => self.place_shown(
                                &Where(l.id, l.server, l.channel, &l.players),
                                ctx.user.id,
                                Shown::Mention,
                                ctx.lang,
                            ),
                        };
                        let line = ratings::current_game_line(
                            ctx.lang,
                            &l,
                            user.id,
                            (to_move.as_deref(), place),
                        );
                        current.push((l.id, line));
                    }
                }
            }
            Err(e) => tracing::error!("store: {e}"),
        }
        current.sort();
        if !current.is_empty() {
            // After the ratings, before the last results.
            let at = lines
                .iter()
                .position(|l| *l == tr!(ctx.lang, "profile-last-results"))
                .unwrap_or(lines.len());
            let mut block = vec![tr!(ctx.lang, "profile-current-games")];
            block.extend(current.into_iter().map(|(_, l)| l));
            lines.splice(at..at, block);
        }
        lines.extend(self.puzzle_lines(ctx.lang, user.id));
        Reply::invoker(lines.join("\n"))
    }

    /// A player's puzzle ratings and streak for their profile (none before a puzzle).
    fn puzzle_lines(&self, lang: crate::i18n::Lang, user: u64) -> Vec<String> {
        let book = match self.store.puzzle_book(user) {
            Ok(b) => b.value,
            Err(e) => {
                tracing::error!("store: puzzle book of {user}: {e}");
                return Vec::new();
            }
        };
        if book.ratings.is_empty() {
            return Vec::new();
        }
        let mut lines = vec![tr!(
            lang,
            "profile-puzzles",
            streak = book.streak,
            best = book.best_streak
        )];
        for (variant, s) in &book.ratings {
            let name = VariantId::parse(variant)
                .map(|v| v.name_in(lang))
                .unwrap_or_else(|| variant.clone());
            lines.push(format!(
                "- {}",
                tr!(
                    lang,
                    "profile-puzzle-rating",
                    variant = name,
                    rating = s.glicko.shown(),
                    solved = s.solved,
                    failed = s.failed
                )
            ));
        }
        lines
    }

    /// The game `/board`, `/history` and `/export` show: the active one, else the last
    /// (refusals in English; see [`Service::shown_game_in`]).
    pub(in crate::service) fn shown_game(
        &self,
        slot: &Slot,
        channel: u64,
    ) -> Result<Live, Refusal> {
        self.shown_game_in(slot, channel, Lang::En)
    }

    /// [`Service::shown_game`], its refusals in `lang`.
    pub(in crate::service) fn shown_game_in(
        &self,
        slot: &Slot,
        channel: u64,
        lang: Lang,
    ) -> Result<Live, Refusal> {
        if let Some(live) = &slot.live {
            return Ok(live.clone());
        }
        let none = || {
            if !slot.challenges.is_empty() {
                tr!(lang, "refusal-no-challenge-accepted")
            } else {
                tr!(lang, "refusal-no-game-here")
            }
        };
        let failed = |e: StoreError| {
            tracing::error!("store: {e}");
            tr!(lang, "refusal-store-failed-short")
        };
        let id = self
            .store
            .last_game(channel)
            .map_err(failed)?
            .ok_or_else(none)?;
        let rec = self.store.game(id).map_err(failed)?.ok_or_else(none)?;
        let game = rec.replay().map_err(|e| {
            tracing::error!("{e}");
            tr!(lang, "refusal-last-game-broken")
        })?;
        let lang = self.game_lang(&rec);
        Ok(Live {
            rec: per_turn(rec),
            game,
            lang,
        })
    }

    pub(in crate::service) fn games(&self, ctx: &Context, scope: GamesScope) -> Reply {
        if scope == GamesScope::Mine {
            return self.my_turns(ctx);
        }
        // The places this channel's accepted challenges opened: its games.
        let opened: Vec<u64> = {
            let slot = self.loaded(ctx.channel);
            let slot = lock(&slot);
            slot.settled.iter().filter_map(|c| c.place).collect()
        };
        let mut lines = Vec::new();
        let mut here = Vec::new();
        let listed = match &scope {
            GamesScope::Server => self.store.listings_of_server(ctx.server),
            GamesScope::User(u) => self.store.listings_of_user(*u),
            GamesScope::Mine => self.store.listings_of_user(ctx.user.id),
        };
        let listed = match listed {
            Ok(l) => l,
            Err(e) => return store_failure_in(ctx.lang, e),
        };
        let lang = ctx.lang;
        for l in listed {
            let place = self.place_shown(
                &Where(l.id, l.server, l.channel, &l.players),
                ctx.user.id,
                Shown::Mention,
                lang,
            );
            let line = (l.id, game_summary_in(&l, place.as_deref(), lang));
            let ours = l.channel == ctx.channel || opened.contains(&l.channel);
            if ours && scope == GamesScope::Server {
                here.push(line);
            } else {
                lines.push(line);
            }
        }
        here.sort();
        lines.sort();
        if !here.is_empty() {
            let mut text = vec![
                tr!(lang, "games-active", count = here.len() + lines.len()),
                tr!(lang, "games-in-this-channel", count = here.len()),
            ];
            text.extend(here.into_iter().map(|(_, l)| format!("- {l}")));
            if !lines.is_empty() {
                text.push(tr!(lang, "games-elsewhere", count = lines.len()));
                text.extend(lines.into_iter().map(|(_, l)| format!("- {l}")));
            }
            return Reply::invoker(text.join("\n"));
        }
        if lines.is_empty() {
            return Reply::invoker(match scope {
                GamesScope::Server => tr!(lang, "games-none-on-server"),
                GamesScope::User(_) | GamesScope::Mine => tr!(lang, "games-none-for-player"),
            });
        }
        let mut text = vec![tr!(lang, "games-active", count = lines.len())];
        text.extend(lines.into_iter().map(|(_, l)| format!("- {l}")));
        Reply::invoker(text.join("\n"))
    }
}

impl Service {
    /// `/games mine`: every game of the invoker, in every server, where it is their
    /// turn, the most urgent first (no time limit last), each with its time left and
    /// where it is played.
    fn my_turns(&self, ctx: &Context) -> Reply {
        let me = ctx.user.id;
        let mut mine: Vec<Listing> = match self.store.listings_of_user(me) {
            Ok(l) => l
                .into_iter()
                .filter(|l| l.to_move.is_some() && l.to_move == l.side_of(me))
                .collect(),
            Err(e) => return store_failure_in(ctx.lang, e),
        };
        let lang = ctx.lang;
        if mine.is_empty() {
            return Reply::invoker(tr!(lang, "games-mine-none"));
        }
        mine.sort_by_key(|l| (l.deadline_ms.unwrap_or(u64::MAX), l.id));
        let now = self.clock.now_ms();
        let mut text = vec![tr!(lang, "games-mine-title", count = mine.len())];
        for l in &mine {
            let place = self.place_shown(
                &Where(l.id, l.server, l.channel, &l.players),
                me,
                Shown::Mention,
                lang,
            );
            let left = match l.deadline_ms {
                Some(d) if d > now => {
                    tr!(lang, "games-mine-left", left = duration_in(d - now, lang))
                }
                Some(_) => tr!(lang, "games-mine-run-out"),
                None => tr!(lang, "games-mine-no-limit"),
            };
            text.push(format!(
                "- {} — {left}",
                game_summary_in(l, place.as_deref(), lang)
            ));
        }
        Reply::invoker(text.join("\n"))
    }
}

pub(in crate::service) fn names(rec: &GameRecord) -> [String; 2] {
    [rec.players[0].name.clone(), rec.players[1].name.clone()]
}

pub(in crate::service) fn public_view(live: &Live) -> View {
    crate::service::plumbing::outbox::board_seen(live, Viewer::Public)
}

/// A player's secret information, headed by the game it belongs to: a direct message
/// may arrive long after, beside those of other games. (Front ends add the channel.)
/// A secret (a hand of cards) with the heading naming its game, in `lang`.
pub(in crate::service) fn secret_text_in(rec: &GameRecord, text: &str, lang: Lang) -> String {
    let head = tr!(
        lang,
        "game-secret-head",
        variant = rec.variant.name_in(lang),
        game = rec.id.to_string(),
        white = rec.players[0].name.clone(),
        black = rec.players[1].name.clone()
    );
    format!("{head}\n{text}")
}

/// The players of a game and their sides, in `lang`.
pub(in crate::service) fn players_line_in(rec: &GameRecord, lang: Lang) -> String {
    tr!(
        lang,
        "game-players",
        white = rec.players[0].name.clone(),
        black = rec.players[1].name.clone()
    )
}

/// A game's title line in `lang`: the game's name and its players.
pub(in crate::service) fn title_line_in(rec: &GameRecord, lang: Lang) -> String {
    format!(
        "{}: {}",
        rec.variant.name_in(lang),
        players_line_in(rec, lang)
    )
}

/// A duration in `lang` (see [`crate::service::contract::clock::duration_in`]).
pub(in crate::service) fn duration_in(ms: u64, lang: Lang) -> String {
    crate::service::contract::clock::duration_in(lang, ms)
}

/// [`days_text`] in `lang`.
pub(in crate::service) fn days_text_in(days: u32, lang: Lang) -> String {
    tr!(lang, "terms-days", days = days)
}

/// A game's time terms in `lang`: its days per move and, when it has one, each
/// player's bank.
pub(in crate::service) fn terms_text_in(days: u32, bank_days: u32, lang: Lang) -> String {
    match bank_days {
        0 => days_text_in(days, lang),
        b => tr!(
            lang,
            "terms-bank",
            days = days_text_in(days, lang),
            bank = b
        ),
    }
}

/// Whether a game is rated, in `lang`.
pub(in crate::service) fn rated_text_in(rated: bool, lang: Lang) -> String {
    if rated {
        tr!(lang, "terms-rated")
    } else {
        tr!(lang, "terms-casual")
    }
}

pub(in crate::service) fn options_text(options: &Options) -> String {
    if options.is_empty() {
        String::new()
    } else {
        let list: Vec<String> = options.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        format!(" [{}]", list.join(", "))
    }
}

/// `/games`: one line per game in `lang`; `place` is the channel as the front end
/// names it.
pub(in crate::service) fn game_summary_in(l: &Listing, place: Option<&str>, lang: Lang) -> String {
    let players = tr!(
        lang,
        "game-players",
        white = l.players[0].name.clone(),
        black = l.players[1].name.clone()
    );
    let mut parts = vec![format!("{}: {players}", l.variant.name_in(lang))];
    if !l.rated {
        parts[0] = format!("{} {}", parts[0], tr!(lang, "games-casual-mark"));
    }
    if let Some(place) = place {
        parts[0] = format!(
            "{} {}",
            parts[0],
            tr!(lang, "games-in-place", place = place)
        );
    }
    parts.push(tr!(lang, "games-turns-played", turns = l.turns));
    if let Some(side) = l.to_move {
        parts.push(tr!(
            lang,
            "games-to-move",
            name = l.players[side.index()].name.clone()
        ));
    }
    parts.join(", ")
}

/// The time left for the move asked now, with what of it is the player's bank in a
/// game that has one (`None`: no time limit).
pub(in crate::service) fn time_left_line(rec: &GameRecord, now: u64) -> Option<String> {
    time_left_line_in(rec, now, Lang::En)
}

/// [`time_left_line`] in `lang`.
pub(in crate::service) fn time_left_line_in(
    rec: &GameRecord,
    now: u64,
    lang: Lang,
) -> Option<String> {
    let clock = rec.clock.as_ref()?;
    match clock.paused_ms {
        // Stopped for a vacation: the time left as it stood then.
        Some(paused) => time_left_at(rec, paused, lang).map(|line| {
            let still = tr!(
                lang,
                "time-clock-stopped",
                name = rec.player(clock.side).name.clone()
            );
            format!("{line} {still}")
        }),
        None => time_left_at(rec, now, lang),
    }
}

fn time_left_at(rec: &GameRecord, now: u64, lang: Lang) -> Option<String> {
    let clock = rec.clock.as_ref()?;
    let deadline = clock.deadline_ms?;
    if now >= deadline {
        return Some(tr!(lang, "time-run-out"));
    }
    let left = duration_in(deadline - now, lang);
    let name = rec.player(clock.side).name.clone();
    Some(
        match crate::service::contract::clock::turn_days_end(rec, clock) {
            None => tr!(lang, "time-left", left = left),
            Some((days_end, bank)) if now < days_end => tr!(
                lang,
                "time-left-then-bank",
                left = left,
                days = duration_in(days_end - now, lang),
                name = name,
                bank = bank_text(bank, lang)
            ),
            Some(_) => tr!(lang, "time-left-from-bank", left = left, name = name),
        },
    )
}

fn bank_text(ms: u64, lang: Lang) -> String {
    if ms == 0 {
        tr!(lang, "time-bank-empty")
    } else {
        duration_in(ms, lang)
    }
}

/// `/board`: the picture for the invoker, its text in `lang`; a player sees their own
/// view.
pub(in crate::service) fn board_reply(live: &Live, user_id: u64, now: u64, lang: Lang) -> Reply {
    let viewer = match live.rec.side_of(user_id) {
        Some(side) => Viewer::Player(side),
        None => Viewer::Public,
    };
    let mut view = live.game.view(viewer);
    view.names = names(&live.rec);
    // `/board` is drawn from the asker's side: a spectator's from White's.
    if viewer == Viewer::Public {
        view.bottom = Some(Side::White);
    }
    let mut lines = vec![title_line_in(&live.rec, lang)];
    match live.game.outcome() {
        Some(o) => lines.push(format!("{}.", o.describe_in(lang))),
        None => {
            // The prompt speaks the game's language: asked for `lang` here.
            let prompt = if live.lang == lang {
                prompt_line(live)
            } else {
                prompt_line(&Live {
                    lang,
                    ..live.clone()
                })
            };
            lines.extend(prompt);
            lines.extend(time_left_line_in(&live.rec, now, lang));
            if let Some(side) = live.rec.draw_offer {
                lines.push(draw_offered_line(&live.rec, side, lang));
            }
        }
    }
    let mut r = Reply::invoker(lines.join("\n"));
    r.image = Some(view);
    r
}

pub(in crate::service) fn rules_reply(variant: Option<VariantId>, lang: Lang) -> Reply {
    match variant {
        Some(v) => {
            let mut text = crate::variants::rules_text_in(v, lang);
            text.push('\n');
            text.push_str(&crate::variants::options_guide_in(v, lang));
            if let Some(levels) = crate::service::contract::grammar::levels_text_in(v, lang) {
                text.push('\n');
                text.push_str(&levels);
            }
            if !VariantId::available().contains(&v) {
                text.push('\n');
                text.push_str(&tr!(lang, "rules-not-playable"));
            }
            let example = example_game(v);
            if let Some(caption) = crate::variants::example_caption_in(v, lang) {
                text.push('\n');
                text.push_str(&tr!(lang, "rules-pictured", caption = caption));
            }
            let mut r = Reply::invoker(text);
            // A diagram is read from White's side, whoever is to move in it.
            r.image = example.map(|(game, _)| View {
                bottom: Some(Side::White),
                ..game.view(Viewer::Public)
            });
            r
        }
        None => {
            let list: Vec<String> = VariantId::available()
                .into_iter()
                .map(|v| format!("`{}` ({})", v.id(), v.name_in(lang)))
                .collect();
            Reply::invoker(tr!(lang, "rules-variants", list = list.join(", ")))
        }
    }
}

/// The legend's sections (what every board shows, then each variant's own, a legend
/// shared by a game and its larger form once) and its chat lines (`__heading__`,
/// `- entry`), in `lang`.
pub(in crate::service) fn legend_text(
    variant: Option<VariantId>,
    lang: Lang,
) -> (
    Vec<(String, Vec<crate::core::view::LegendEntry>)>,
    Vec<String>,
) {
    let shown = match variant {
        Some(v) => vec![v],
        None => VariantId::available(),
    };
    let mut common = crate::core::view::common_legend();
    for e in &mut common {
        e.write_in(lang);
    }
    let mut sections = vec![(tr!(lang, "legend-every-board"), common.clone())];
    for v in shown {
        let entries: Vec<_> = crate::variants::legend_in(v, lang)
            .into_iter()
            .filter(|e| !common.contains(e))
            .collect();
        if !entries.is_empty() && !sections.iter().any(|(_, e)| *e == entries) {
            sections.push((v.name_in(lang), entries));
        }
    }
    let mut lines = vec![tr!(lang, "legend-title")];
    for (title, entries) in &sections {
        lines.push(format!("__{title}__"));
        lines.extend(entries.iter().map(|e| format!("- {}", e.text())));
    }
    (sections, lines)
}

/// `/legend`: the badges and marks of one variant (or of all), as a picture drawn
/// from the variants' own badge data, and as text.
pub(in crate::service) fn legend_reply(variant: Option<VariantId>, size: u32, lang: Lang) -> Reply {
    let (sections, lines) = legend_text(variant, lang);
    let legend = crate::core::view::Legend { sections };
    let mut text = lines.join("\n");
    if text.chars().count() > LEGEND_TEXT {
        // Too long for one chat message: the picture carries it.
        text = format!("{}\n{}", lines[0], tr!(lang, "legend-see-picture"));
    }
    let mut r = Reply::invoker(text);
    match crate::render::legend_png_in(&legend, size, lang) {
        Ok(png) => r.attachments.push(api::Attachment {
            name: "legend.png".to_string(),
            bytes: png,
        }),
        Err(e) => tracing::error!("legend image failed: {e}"),
    }
    r
}

impl Service {
    /// `/board`: the game shown here, from the invoker's side.
    pub(in crate::service) fn board(
        &self,
        slot: &Slot,
        ctx: &Context,
        now: u64,
    ) -> Result<Change, Refusal> {
        let live = self.shown_game_in(slot, ctx.channel, ctx.lang)?;
        let mut r = board_reply(&live, ctx.user.id, now, ctx.lang);
        r.text.extend(
            self.web_line(live.rec.id, ctx.lang)
                .map(|l| format!("\n{l}")),
        );
        Ok(Change::reply(r))
    }

    /// `/history`: the moves of the game shown here, a line a turn.
    pub(in crate::service) fn history(
        &self,
        slot: &Slot,
        ctx: &Context,
    ) -> Result<Change, Refusal> {
        let live = self.shown_game_in(slot, ctx.channel, ctx.lang)?;
        let mut lines = vec![title_line_in(&live.rec, ctx.lang)];
        let moves = record::history_lines(&record::entries(&live.rec), ctx.lang);
        if moves.is_empty() {
            lines.push(tr!(ctx.lang, "history-no-moves"));
        }
        lines.extend(moves);
        lines.extend(record::closing_line_in(&live.rec, &live.game, ctx.lang));
        Ok(Change::reply(Reply::invoker(lines.join("\n"))))
    }

    /// `/export`: the record of the game shown here, and the game as an animation.
    pub(in crate::service) fn export(&self, slot: &Slot, ctx: &Context) -> Result<Change, Refusal> {
        let live = self.shown_game_in(slot, ctx.channel, ctx.lang)?;
        let rec = &live.rec;
        let at = Where(rec.id, rec.server, rec.channel, &rec.players);
        let site = self.place_shown(&at, ctx.user.id, Shown::Site, ctx.lang);
        let mut text =
            crate::service::formats::pgn::export_text(&live.rec, &live.game, site.as_deref());
        // A player's own export carries their private notes (the answer only they see).
        let mut notes = self.own_notes(live.rec.id, ctx.user.id);
        if let Some(side) = live.rec.side_of(ctx.user.id).filter(|_| live.rec.finished) {
            // Their conditional lines too, once the game is over (X-CORR-4).
            notes.extend(left_at_end(&live.rec.conditional, side));
        }
        if live.rec.side_of(ctx.user.id).is_some() && !notes.is_empty() {
            text = crate::service::formats::pgn::with_notes(&text, &ctx.user.name, &notes);
        }
        let mut r = Reply::invoker(tr!(
            ctx.lang,
            "export-record-of",
            game = live.rec.id.to_string()
        ));
        r.attachments.push(api::Attachment {
            name: format!("arcana-{}-{}.pgn", live.rec.variant.id(), live.rec.id),
            bytes: text.into_bytes(),
        });
        // Beside it, the game as an animation, from the invoker's side.
        let bottom = live.rec.side_of(ctx.user.id).unwrap_or(Side::White);
        match record::animation(&live.rec, public_view(&live), bottom) {
            Ok(gif) => r.attachments.push(api::Attachment {
                name: format!("arcana-{}-{}.gif", live.rec.variant.id(), live.rec.id),
                bytes: gif,
            }),
            Err(e) => tracing::error!("game {}: animation failed: {e}", live.rec.id),
        }
        Ok(Change::reply(r))
    }
}

/// The line saying that the player of `side` has offered a draw, in `lang`.
pub(in crate::service) fn draw_offered_line(rec: &GameRecord, side: Side, lang: Lang) -> String {
    tr!(
        lang,
        "game-draw-offered",
        name = rec.player(side).name.clone()
    )
}

/// The lines a player had left when the game ended, for their own export.
pub(in crate::service) fn left_at_end(
    all: &[crate::store::ConditionalLines],
    side: Side,
) -> Vec<String> {
    all.iter()
        .filter(|c| c.side == side)
        .flat_map(|c| &c.lines)
        .map(|l| format!("conditional line left: {}", l.join(" ")))
        .collect()
}
