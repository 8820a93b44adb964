//! Queries that change no game: boards, lists, profiles, rules, legend and help,
//! and the text lines they share.

use super::api::{Context, GamesScope, Reply, User};
use super::clock::describe_duration;
use super::turns::prompt_line;
use super::{
    api, lock, per_turn, ratings, record, store_failure, Change, Live, Refusal, Service, Slot,
    LEGEND_TEXT,
};
use crate::core::view::{View, Viewer};
use crate::core::Side;
use crate::ratings::LadderScope;
use crate::store::{GameRecord, StoreError};
use crate::variants::{example_game, Options, VariantId};

use crate::i18n::Lang;
use crate::store::Listing;
use crate::tr;

impl Service {
    pub(super) fn profile(&self, ctx: &Context, user: Option<User>) -> Reply {
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
                        current.push((
                            l.id,
                            ratings::current_game_line(&l, user.id, to_move.as_deref()),
                        ));
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
                .position(|l| l == "Last results:")
                .unwrap_or(lines.len());
            let mut block = vec!["Current games:".to_string()];
            block.extend(current.into_iter().map(|(_, l)| l));
            lines.splice(at..at, block);
        }
        Reply::invoker(lines.join("\n"))
    }

    /// The game `/board`, `/history` and `/export` show: the active one, else the last.
    pub(super) fn shown_game(&self, slot: &Slot, channel: u64) -> Result<Live, Refusal> {
        if let Some(live) = &slot.live {
            return Ok(live.clone());
        }
        let none = || {
            if !slot.challenges.is_empty() {
                "No challenge here has been accepted yet.".to_string()
            } else {
                "There is no game in this channel.".to_string()
            }
        };
        let failed = |e: StoreError| {
            tracing::error!("store: {e}");
            "The game store failed; please try again later.".to_string()
        };
        let id = self
            .store
            .last_game(channel)
            .map_err(failed)?
            .ok_or_else(none)?;
        let rec = self.store.game(id).map_err(failed)?.ok_or_else(none)?;
        let game = rec.replay().map_err(|e| {
            tracing::error!("{e}");
            "The last game of this channel needs attention: its record does not replay.".to_string()
        })?;
        let lang = self.server_lang(rec.server);
        Ok(Live {
            rec: per_turn(rec),
            game,
            lang,
        })
    }

    pub(super) fn games(&self, ctx: &Context, scope: GamesScope) -> Reply {
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
            Err(e) => return store_failure(e),
        };
        for l in listed {
            let place = self.places.mention(l.server, l.channel);
            let line = (l.id, game_summary(&l, place.as_deref()));
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
                format!("Active games ({}):", here.len() + lines.len()),
                format!("In this channel ({}):", here.len()),
            ];
            text.extend(here.into_iter().map(|(_, l)| format!("- {l}")));
            if !lines.is_empty() {
                text.push(format!("Elsewhere on this server ({}):", lines.len()));
                text.extend(lines.into_iter().map(|(_, l)| format!("- {l}")));
            }
            return Reply::invoker(text.join("\n"));
        }
        if lines.is_empty() {
            return Reply::invoker(match scope {
                GamesScope::Server => "No games are being played on this server.",
                GamesScope::User(_) | GamesScope::Mine => "No active games for that player.",
            });
        }
        let mut text = vec![format!("Active games ({}):", lines.len())];
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
            Err(e) => return store_failure(e),
        };
        if mine.is_empty() {
            return Reply::invoker("It is your turn in none of your games.");
        }
        mine.sort_by_key(|l| (l.deadline_ms.unwrap_or(u64::MAX), l.id));
        let now = self.clock.now_ms();
        let mut text = vec![format!(
            "Your turn ({}), the most urgent first:",
            mine.len()
        )];
        for l in &mine {
            let place = self.places.mention(l.server, l.channel);
            let left = match l.deadline_ms {
                Some(d) if d > now => format!("{} left", describe_duration(d - now)),
                Some(_) => "time has run out".to_string(),
                None => "no time limit".to_string(),
            };
            text.push(format!("- {} — {left}", game_summary(l, place.as_deref())));
        }
        Reply::invoker(text.join("\n"))
    }
}

pub(super) fn names(rec: &GameRecord) -> [String; 2] {
    [rec.players[0].name.clone(), rec.players[1].name.clone()]
}

pub(super) fn public_view(live: &Live) -> View {
    let mut v = live.game.view(Viewer::Public);
    v.names = names(&live.rec);
    // Against the computer every board is drawn from the person's side, not from the
    // side to move (which is the computer's every other turn).
    if let Some(seat) = live.rec.computer {
        v.bottom = Some(seat.side.other());
    }
    v
}

/// A player's secret information, headed by the game it belongs to: a direct message
/// may arrive long after, beside those of other games. (Front ends add the channel.)
pub(super) fn secret_text(rec: &GameRecord, text: &str) -> String {
    format!(
        "**{}**, game {}: {} vs {}\n{text}",
        rec.variant.name(),
        rec.id,
        rec.players[0].name,
        rec.players[1].name
    )
}

pub(super) fn players_line(rec: &GameRecord) -> String {
    format!(
        "{} (White) vs {} (Black)",
        rec.players[0].name, rec.players[1].name
    )
}

pub(super) fn title_line(rec: &GameRecord) -> String {
    format!("{}: {}", rec.variant.name(), players_line(rec))
}

/// [`days_text`] in `lang`.
pub(super) fn days_text_in(days: u32, lang: Lang) -> String {
    tr!(lang, "terms-days", days = days)
}

/// A game's time terms: its days per move and, when it has one, each player's bank.
pub(super) fn terms_text(days: u32, bank_days: u32) -> String {
    terms_text_in(days, bank_days, Lang::En)
}

/// [`terms_text`] in `lang`.
pub(super) fn terms_text_in(days: u32, bank_days: u32, lang: Lang) -> String {
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

pub(super) fn rated_text(rated: bool) -> String {
    rated_text_in(rated, Lang::En)
}

/// [`rated_text`] in `lang`.
pub(super) fn rated_text_in(rated: bool, lang: Lang) -> String {
    if rated {
        tr!(lang, "terms-rated")
    } else {
        tr!(lang, "terms-casual")
    }
}

pub(super) fn options_text(options: &Options) -> String {
    if options.is_empty() {
        String::new()
    } else {
        let list: Vec<String> = options.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        format!(" [{}]", list.join(", "))
    }
}

/// `/games`: one line per game; `place` is the channel as the front end names it.
pub(super) fn game_summary(l: &Listing, place: Option<&str>) -> String {
    let mut parts = vec![format!(
        "{}: {} (White) vs {} (Black)",
        l.variant.name(),
        l.players[0].name,
        l.players[1].name
    )];
    if !l.rated {
        parts[0].push_str(" (casual)");
    }
    if let Some(place) = place {
        parts[0].push_str(&format!(" in {place}"));
    }
    parts.push(match l.turns {
        0 => "no turns played yet".to_string(),
        1 => "1 turn played".to_string(),
        n => format!("{n} turns played"),
    });
    if let Some(side) = l.to_move {
        parts.push(format!("{} to move", l.players[side.index()].name));
    }
    parts.join(", ")
}

/// The time left for the move asked now, with what of it is the player's bank in a
/// game that has one (`None`: no time limit).
pub(super) fn time_left_line(rec: &GameRecord, now: u64) -> Option<String> {
    let clock = rec.clock.as_ref()?;
    match clock.paused_ms {
        // Stopped for a vacation: the time left as it stood then.
        Some(paused) => time_left_at(rec, paused).map(|line| {
            format!(
                "{line} The clock stands still: {} is on vacation.",
                rec.player(clock.side).name
            )
        }),
        None => time_left_at(rec, now),
    }
}

fn time_left_at(rec: &GameRecord, now: u64) -> Option<String> {
    let clock = rec.clock.as_ref()?;
    let deadline = clock.deadline_ms?;
    if now >= deadline {
        return Some("The time for this move has run out.".to_string());
    }
    let left = describe_duration(deadline - now);
    Some(match super::timeouts::turn_days_end(rec, clock) {
        None => format!("Time left for this move: {left}."),
        Some((days_end, bank)) if now < days_end => format!(
            "Time left for this move: {left} ({} of the move's days, then {}'s bank of {}).",
            describe_duration(days_end - now),
            rec.player(clock.side).name,
            bank_text(bank)
        ),
        Some(_) => format!(
            "Time left for this move: {left}, all of it from {}'s bank.",
            rec.player(clock.side).name
        ),
    })
}

fn bank_text(ms: u64) -> String {
    if ms == 0 {
        "nothing".to_string()
    } else {
        describe_duration(ms)
    }
}

/// `/board`: the picture for the invoker; a player sees their own view.
pub(super) fn board_reply(live: &Live, user_id: u64, now: u64) -> Reply {
    let viewer = match live.rec.side_of(user_id) {
        Some(side) => Viewer::Player(side),
        None => Viewer::Public,
    };
    let mut view = live.game.view(viewer);
    view.names = names(&live.rec);
    let mut lines = vec![title_line(&live.rec)];
    match live.game.outcome() {
        Some(o) => lines.push(format!("{o}.")),
        None => {
            lines.extend(prompt_line(live));
            lines.extend(time_left_line(&live.rec, now));
            if let Some(side) = live.rec.draw_offer {
                lines.push(format!(
                    "{} has offered a draw.",
                    live.rec.player(side).name
                ));
            }
        }
    }
    let mut r = Reply::invoker(lines.join("\n"));
    r.image = Some(view);
    r
}

pub(super) fn rules_reply(variant: Option<VariantId>, lang: Lang) -> Reply {
    match variant {
        Some(v) => {
            let mut text = crate::variants::rules_text_in(v, lang);
            text.push('\n');
            text.push_str(&crate::variants::options_guide_in(v, lang));
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
                .map(|v| format!("`{}` ({})", v.id(), v.name()))
                .collect();
            Reply::invoker(tr!(lang, "rules-variants", list = list.join(", ")))
        }
    }
}

/// `/legend`: the badges and marks of one variant (or of all), as a picture drawn
/// from the variants' own badge data, and as text.
pub(super) fn legend_reply(variant: Option<VariantId>, size: u32, lang: Lang) -> Reply {
    use crate::core::view::{common_legend, Legend};
    let shown = match variant {
        Some(v) => vec![v],
        None => VariantId::available(),
    };
    let mut common = common_legend();
    crate::variants::words::localize_legend(&mut common, lang);
    let mut sections = vec![(tr!(lang, "legend-every-board"), common.clone())];
    for v in shown {
        // What every board shows is named once, at the top.
        let entries: Vec<_> = crate::variants::legend_in(v, lang)
            .into_iter()
            .filter(|e| !common.contains(e))
            .collect();
        // Variants sharing one legend (a game and its larger form) are shown once.
        if !entries.is_empty() && !sections.iter().any(|(_, e)| *e == entries) {
            sections.push((v.name().to_string(), entries));
        }
    }
    let mut lines = vec![tr!(lang, "legend-title")];
    for (title, entries) in &sections {
        lines.push(format!("__{title}__"));
        lines.extend(entries.iter().map(|e| format!("- {}", e.text())));
    }
    let legend = Legend { sections };
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
    pub(super) fn board(&self, slot: &Slot, ctx: &Context, now: u64) -> Result<Change, Refusal> {
        let live = self.shown_game(slot, ctx.channel)?;
        let mut r = board_reply(&live, ctx.user.id, now);
        r.text
            .extend(self.web_line(live.rec.id).map(|l| format!("\n{l}")));
        Ok(Change::reply(r))
    }

    /// `/history`: the moves of the game shown here, a line a turn.
    pub(super) fn history(&self, slot: &Slot, ctx: &Context) -> Result<Change, Refusal> {
        let live = self.shown_game(slot, ctx.channel)?;
        let mut lines = vec![title_line(&live.rec)];
        let moves = record::history_lines(&record::entries(&live.rec));
        if moves.is_empty() {
            lines.push("No moves yet.".to_string());
        }
        lines.extend(moves);
        lines.extend(record::closing_line(&live.rec, &live.game));
        Ok(Change::reply(Reply::invoker(lines.join("\n"))))
    }

    /// `/export`: the record of the game shown here, and the game as an animation.
    pub(super) fn export(&self, slot: &Slot, ctx: &Context) -> Result<Change, Refusal> {
        let live = self.shown_game(slot, ctx.channel)?;
        let site = self.places.site(live.rec.server, live.rec.channel);
        let mut text = record::export_text(&live.rec, &live.game, site.as_deref());
        // A player's own export carries their private notes (the answer only they see).
        let mut notes = self.own_notes(live.rec.id, ctx.user.id);
        if let Some(side) = live.rec.side_of(ctx.user.id).filter(|_| live.rec.finished) {
            // Their conditional lines too, once the game is over (X-CORR-4).
            notes.extend(super::conditional::left_at_end(&live.rec.conditional, side));
        }
        if live.rec.side_of(ctx.user.id).is_some() && !notes.is_empty() {
            text = super::pgn::with_notes(&text, &ctx.user.name, &notes);
        }
        let mut r = Reply::invoker(format!("The record of game {}.", live.rec.id));
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
