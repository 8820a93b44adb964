//! Tournaments (`/tournament`): events kept in the store (`store::events`), paired by
//! the pure `tournament` module. Every game of an event is a normal game, started here
//! in a place of its own under the event's channel; when one ends, the same checked
//! write that rates it records its result in the event (see [`Service::event_result`]),
//! so two processes sharing the store never lose a result. A round's games are named
//! in one checked write of the event before any is created, and each is created with
//! the id named there, once: two processes never both start a round.
//!
//! Owns the tournament rules of the service. May import the service's own modules,
//! `store` and `tournament`.

use super::api::{Attachment, Audience, Context, Reply, ReplyKind, TimedReply, User};
use super::commit::{Origin, Unwritten};
use super::timeouts::next_clock;
use super::{lock, store_failure_in, Change, Live, Service};
use crate::i18n::Lang;
use crate::model::ColorChoice;
use crate::render::table::{table_png, Table, TableRow};
use crate::store::{
    Challenge, Event, EventFormat, EventGame, EventState, StoreError, StoredEvent, Write,
};
use crate::tournament::swiss::PairingError;
use crate::tournament::{self, standings, standings::Tiebreak, Bye, Outcome};
use crate::tr;
use crate::variants::{ActionKind, Game, Options, VariantId};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The terms of a new event (`/tournament create`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventTerms {
    pub name: String,
    pub variant: VariantId,
    pub options: Options,
    pub format: EventFormat,
    pub days: u32,
    pub bank_days: u32,
    pub rated: bool,
    pub vacation: bool,
    /// The most players (0: no limit).
    pub limit: u32,
    /// Starts by itself this long after it is created; `None`: when its organiser
    /// says `start`.
    pub start_in_ms: Option<u64>,
}

/// What `/tournament` asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TournamentAction {
    Create(Box<EventTerms>),
    Join,
    Leave,
    Start,
    Standings,
    Pairings,
    /// The organiser withdraws a player; a player may withdraw themselves. Nothing
    /// changes until `confirmed` (`confirm:yes`): first it says what it would do.
    Withdraw {
        player: Option<User>,
        confirmed: bool,
    },
    Cancel,
    Export,
}

const MAX_NAME: usize = 80;
const MAX_ROUNDS: u32 = 30;

fn tiebreak(ev: &Event) -> Tiebreak {
    match ev.format {
        EventFormat::RoundRobin { .. } => Tiebreak::SonnebornBerger,
        EventFormat::Swiss { .. } => Tiebreak::BuchholzCut1,
    }
}

fn names(ev: &Event) -> Vec<String> {
    ev.players.iter().map(|p| p.name.clone()).collect()
}

/// The table of `ev`, best first (a round robin strikes the results of a dropout who
/// played less than half of their games, X-TOUR-3). A bye's point counts once its
/// round is played, as a game's does when it ends (issue 47).
fn rows(ev: &Event) -> Vec<standings::Row> {
    let strike = matches!(ev.format, EventFormat::RoundRobin { .. });
    let byes: Vec<Bye> = ev
        .byes
        .iter()
        .filter(|b| round_done(ev, b.round))
        .cloned()
        .collect();
    standings::table(&ev.withdrawn, &ev.pairings(), &byes, tiebreak(ev), strike)
}

/// A number with a decimal point as `lang` writes it (`2.75`, German `2,75`).
fn decimal(lang: Lang, number: &str) -> String {
    match lang {
        Lang::De | Lang::Fr => number.replace('.', ","),
        Lang::En => number.to_string(),
    }
}

/// The standings of `ev` as text in `lang`, one line a player:
/// `1. alice — 2½ points, SB 2.75`.
pub fn standings_text_in(ev: &Event, lang: Lang) -> String {
    standings::lines(&names(ev), &rows(ev), tiebreak(ev))
        .into_iter()
        .map(|l| {
            let line = tr!(
                lang,
                "tournament-standings-line",
                place = l.place,
                name = l.name,
                points = l.points,
                half = l.half_points,
                tiebreak = l.tiebreak,
                score = decimal(lang, &l.score)
            );
            if l.struck {
                tr!(lang, "tournament-standings-struck", line = line)
            } else if l.withdrawn {
                tr!(lang, "tournament-standings-withdrew", line = line)
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where `ev` stands: `round 2 of 3`, `finished`...
fn progress(ev: &Event, lang: Lang) -> String {
    match (ev.state, ev.format) {
        (EventState::Open, _) => tr!(lang, "tournament-progress-open"),
        (EventState::Finished, _) => tr!(lang, "tournament-progress-finished"),
        (EventState::Cancelled, _) => tr!(lang, "tournament-progress-cancelled"),
        (EventState::Running, EventFormat::Swiss { rounds }) => {
            tr!(
                lang,
                "tournament-progress-round",
                round = ev.round,
                rounds = rounds
            )
        }
        (EventState::Running, EventFormat::RoundRobin { .. }) => {
            let done = ev
                .games
                .iter()
                .filter(|g| g.pairing.outcome.is_some())
                .count();
            tr!(
                lang,
                "tournament-progress-games",
                done = done,
                games = ev.games.len()
            )
        }
    }
}

/// The standings of `ev` drawn as a table in `lang`: a round robin's crosstable, a
/// Swiss's rounds (see [`standings::grid`]).
pub fn standings_png(ev: &Event, lang: Lang) -> Result<Vec<u8>, String> {
    let tb = tiebreak(ev);
    let rows = rows(ev);
    let rounds = match ev.format {
        EventFormat::Swiss { rounds } => rounds,
        EventFormat::RoundRobin { .. } => ev.round,
    };
    let words = standings::GridWords {
        player: tr!(lang, "tournament-table-player"),
        points: tr!(lang, "tournament-table-points"),
        round: tr!(lang, "tournament-table-round"),
        bye: tr!(lang, "tournament-table-bye"),
        white: tr!(lang, "tournament-table-white"),
        black: tr!(lang, "tournament-table-black"),
    };
    let (header, cells) = standings::grid(
        &words,
        &names(ev),
        &rows,
        &ev.pairings(),
        &ev.byes,
        tb,
        rounds,
    );
    let finished = ev.state == EventState::Finished;
    let table = Table {
        title: format!(
            "{} · {} · {}",
            ev.name,
            ev.variant.name_in(lang),
            progress(ev, lang)
        ),
        header,
        rows: rows
            .iter()
            .zip(cells)
            .map(|(r, mut cells)| {
                // The tie-break, last, is the one cell with a decimal point.
                if let Some(score) = cells.last_mut() {
                    *score = decimal(lang, score);
                }
                TableRow {
                    cells,
                    dim: r.withdrawn,
                    mark: finished && r.place == 1,
                }
            })
            .collect(),
        footer: match tb {
            Tiebreak::SonnebornBerger => tr!(lang, "tournament-table-legend-round-robin"),
            Tiebreak::BuchholzCut1 => tr!(lang, "tournament-table-legend-swiss"),
        },
    };
    table_png(&table).map_err(|e| e.to_string())
}

/// The standings as one reply in `lang`, text and table image, to `to`.
pub fn standings_reply(ev: &Event, to: Audience, kind: ReplyKind, lang: Lang) -> Reply {
    let head = tr!(
        lang,
        "tournament-standings-head",
        event = ev.name.as_str(),
        format = format_text(ev.format, lang),
        progress = progress(ev, lang)
    );
    let mut r = Reply {
        to,
        kind,
        ..Reply::channel(format!("{head}\n{}", standings_text_in(ev, lang)))
    };
    match standings_png(ev, lang) {
        Ok(png) => r.attachments.push(Attachment {
            name: format!("standings-{}.png", ev.id),
            bytes: png,
        }),
        Err(e) => tracing::warn!("tournament {}: standings image: {e}", ev.id),
    }
    r
}

/// The event's own message in `lang` (the server's), edited in place (posted when
/// there is none yet).
fn event_message(ev: &Event, lang: Lang) -> Reply {
    standings_reply(
        ev,
        Audience::Place(ev.channel),
        ReplyKind::Standings {
            event: ev.id,
            message: ev.message,
        },
        lang,
    )
}

/// The name of an event game's place in `lang`: `Event · round 2 · alice vs bob`.
pub fn game_title(ev: &Event, round: u32, white: &User, black: &User, lang: Lang) -> String {
    let n = |s: &str| -> String { super::api::visible(s).chars().take(30).collect() };
    let t = tr!(
        lang,
        "tournament-game-title",
        event = n(&ev.name),
        round = round,
        white = n(&white.name),
        black = n(&black.name)
    );
    t.chars().take(100).collect()
}

fn format_text(f: EventFormat, lang: Lang) -> String {
    match f {
        EventFormat::RoundRobin { cycles } => {
            tr!(lang, "tournament-format-round-robin", cycles = cycles)
        }
        EventFormat::Swiss { rounds } => tr!(lang, "tournament-format-swiss", rounds = rounds),
    }
}

/// `/tournament join`: `me` enters `ev` while it is open and not full; the line its
/// channel reads (in `public`), or a refusal in `lang`.
fn join(ev: &mut Event, me: &User, (lang, public): (Lang, Lang)) -> Result<String, String> {
    let event = ev.name.as_str();
    if ev.state != EventState::Open {
        return Err(tr!(lang, "tournament-join-started", event = event));
    }
    if ev.seed_of(me.id).is_some() {
        return Err(tr!(lang, "tournament-join-twice", event = event));
    }
    if ev.limit > 0 && ev.players.len() >= ev.limit as usize {
        return Err(tr!(
            lang,
            "tournament-full",
            event = event,
            limit = ev.limit
        ));
    }
    ev.players.push(me.clone());
    ev.withdrawn.push(false);
    ev.time_losses.push(0);
    Ok(tr!(
        public,
        "tournament-joins",
        name = me.name.as_str(),
        event = event,
        players = ev.players.len()
    ))
}

/// `/tournament leave`: `me` leaves `ev` before it starts; the line its channel reads
/// (in `public`), or a refusal in `lang`.
fn leave(ev: &mut Event, me: &User, (lang, public): (Lang, Lang)) -> Result<String, String> {
    let event = ev.name.as_str();
    if ev.state != EventState::Open {
        return Err(tr!(lang, "tournament-leave-started", event = event));
    }
    let Some(seed) = ev.seed_of(me.id) else {
        return Err(tr!(lang, "tournament-leave-not-in", event = event));
    };
    ev.players.remove(seed);
    ev.withdrawn.remove(seed);
    ev.time_losses.remove(seed);
    Ok(tr!(
        public,
        "tournament-leaves",
        name = me.name.as_str(),
        event = event
    ))
}

/// `/tournament cancel`: the organiser (or a moderator: `organiser` either way) calls
/// off `ev` unless it is over; the line its channel reads (in `public`), or a refusal
/// in `lang`.
fn cancel(ev: &mut Event, organiser: bool, (lang, public): (Lang, Lang)) -> Result<String, String> {
    let event = ev.name.as_str();
    if !organiser {
        return Err(tr!(
            lang,
            "tournament-cancel-not-organiser",
            organiser = ev.organiser.name.as_str(),
            event = event
        ));
    }
    if matches!(ev.state, EventState::Finished | EventState::Cancelled) {
        return Err(tr!(lang, "tournament-over-already", event = event));
    }
    let line = tr!(public, "tournament-cancelled", event = event);
    ev.state = EventState::Cancelled;
    Ok(line)
}

/// An ended event game's result, as its event counts it.
fn event_outcome(game: &Game) -> Outcome {
    match super::ratings::score_of(game) {
        crate::ratings::Score::Won(crate::core::Side::White) => Outcome::WhiteWins,
        crate::ratings::Score::Won(crate::core::Side::Black) => Outcome::BlackWins,
        // ruling X-TOUR-5: an event game called off counts as a draw.
        _ => Outcome::Draw,
    }
}

/// A game's result as a score: `1–0`, `½–½`, `0–1` (the same in every language).
fn score_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::WhiteWins => "1–0",
        Outcome::Draw => "½–½",
        Outcome::BlackWins => "0–1",
    }
}

/// Whether every game of rounds up to `round` is decided.
fn round_done(ev: &Event, round: u32) -> bool {
    ev.games
        .iter()
        .filter(|g| g.pairing.round <= round)
        .all(|g| g.pairing.outcome.is_some())
}

fn all_done(ev: &Event) -> bool {
    let last = match ev.format {
        EventFormat::RoundRobin { .. } => ev.round,
        EventFormat::Swiss { rounds } => rounds,
    };
    ev.round >= last && round_done(ev, ev.round)
}

/// An event's terms checked before anything is written: its name (trimmed, returned),
/// format, limit, days and start; a refusal in `lang`.
fn checked_terms(t: &EventTerms, lang: Lang) -> Result<String, String> {
    let name = t.name.trim().to_string();
    if name.is_empty() || name.chars().count() > MAX_NAME {
        return Err(tr!(lang, "tournament-name-length", max = MAX_NAME));
    }
    if super::api::has_hidden(&name) {
        return Err(tr!(lang, "tournament-name-hidden"));
    }
    match t.format {
        EventFormat::RoundRobin { cycles } if !(1..=2).contains(&cycles) => {
            return Err(tr!(lang, "tournament-cycles-range"))
        }
        EventFormat::Swiss { rounds } if !(1..=MAX_ROUNDS).contains(&rounds) => {
            return Err(tr!(lang, "tournament-rounds-range", max = MAX_ROUNDS))
        }
        _ => {}
    }
    if t.limit == 1 {
        return Err(tr!(lang, "tournament-limit-too-low"));
    }
    if t.days > super::MAX_DAYS || t.bank_days > super::MAX_BANK_DAYS {
        return Err(tr!(
            lang,
            "tournament-days-range",
            days = super::MAX_DAYS,
            bank = super::MAX_BANK_DAYS
        ));
    }
    if t.start_in_ms == Some(0) {
        return Err(tr!(lang, "tournament-start-in-past"));
    }
    Ok(name)
}

/// The line announcing the end and the winner, in `lang`: players sharing the first
/// place (level on everything the table ranks by) are all named, as the table shows.
fn winner_line(ev: &Event, lang: Lang) -> String {
    let first: Vec<&str> = rows(ev)
        .iter()
        .filter(|r| r.place == 1 && !r.struck)
        .filter_map(|r| ev.players.get(r.player))
        .map(|p| p.name.as_str())
        .collect();
    let event = ev.name.as_str();
    match first.as_slice() {
        [] => tr!(lang, "tournament-over", event = event),
        [name] => tr!(lang, "tournament-over-winner", event = event, name = *name),
        [rest @ .., last] => tr!(
            lang,
            "tournament-over-shared",
            event = event,
            names = rest.join(", "),
            last = *last
        ),
    }
}

/// Marks `seed` a dropout: their remaining games are forfeited (ruling X-TOUR-3).
fn drop_out(ev: &mut Event, seed: usize) {
    if let Some(w) = ev.withdrawn.get_mut(seed) {
        *w = true;
    }
    let mut pairings = ev.pairings();
    standings::forfeit_remaining(&mut pairings, seed);
    for (g, p) in ev.games.iter_mut().zip(pairings) {
        g.pairing = p;
    }
}

fn to_place(channel: u64, r: Reply) -> Reply {
    match r.to {
        Audience::Channel => Reply {
            to: Audience::Place(channel),
            ..r
        },
        _ => r,
    }
}

impl Service {
    /// `/tournament ...`.
    pub(super) fn tournament(
        &self,
        ctx: &Context,
        moderator: bool,
        event: Option<u64>,
        action: TournamentAction,
    ) -> Vec<Reply> {
        let now = self.clock.now_ms();
        let result = match action {
            TournamentAction::Create(terms) => self.create_event(ctx, moderator, *terms, now),
            action => match self.pick_event(ctx, event) {
                Ok(read) => self.event_action(ctx, moderator, read, action, now),
                Err(r) => Err(r),
            },
        };
        match result {
            // What goes to the event's channel answers the request there.
            Ok(replies) => replies
                .into_iter()
                .map(|r| match r.to {
                    Audience::Place(p) if p == ctx.channel => Reply {
                        to: Audience::Channel,
                        ..r
                    },
                    _ => r,
                })
                .collect(),
            Err(refusal) => vec![Reply::refusal(refusal)],
        }
    }

    /// The event `id`, else the latest one of this channel still open or running.
    fn pick_event(&self, ctx: &Context, id: Option<u64>) -> Result<StoredEvent, String> {
        if let Some(id) = id {
            return match self.store.event(id) {
                Ok(Some(e)) if e.event.server == ctx.server => Ok(e),
                Ok(_) => Err(tr!(ctx.lang, "tournament-not-here", id = id.to_string())),
                Err(e) => Err(store_failure_in(ctx.lang, e).text),
            };
        }
        let all = self
            .store
            .events()
            .map_err(|e| store_failure_in(ctx.lang, e).text)?;
        let here: Vec<StoredEvent> = all
            .into_iter()
            .filter(|e| e.event.channel == ctx.channel)
            .collect();
        let live = here
            .iter()
            .rev()
            .find(|e| matches!(e.event.state, EventState::Open | EventState::Running));
        live.or(here.last())
            .cloned()
            .ok_or_else(|| tr!(ctx.lang, "tournament-none-in-channel"))
    }

    fn create_event(
        &self,
        ctx: &Context,
        moderator: bool,
        t: EventTerms,
        now: u64,
    ) -> Result<Vec<Reply>, String> {
        let lang = ctx.lang;
        if !moderator {
            return Err(tr!(lang, "tournament-create-not-allowed"));
        }
        let name = checked_terms(&t, lang)?;
        // Options that do not exist, or do not fit the game, are refused now.
        Game::new(t.variant, &t.options, 0)?;
        let id = self
            .store
            .new_id()
            .map_err(|e| store_failure_in(lang, e).text)?;
        let ev = Event {
            id,
            server: ctx.server,
            channel: ctx.channel,
            organiser: ctx.user.clone(),
            name,
            variant: t.variant,
            options: t.options,
            format: t.format,
            days: t.days,
            bank_days: t.bank_days,
            rated: t.rated,
            vacation: t.vacation,
            limit: t.limit,
            start_ms: t.start_in_ms.map(|d| now.saturating_add(d)),
            state: EventState::Open,
            players: Vec::new(),
            withdrawn: Vec::new(),
            time_losses: Vec::new(),
            games: Vec::new(),
            byes: Vec::new(),
            round: 0,
            created_ms: now,
            message: None,
        };
        self.save_event(None, &ev, &[], lang)?;
        let public = self.server_lang(ev.server);
        Ok(vec![Reply::channel(tr!(
            public,
            "tournament-created",
            id = id.to_string(),
            event = ev.name.as_str(),
            organiser = ev.organiser.name.as_str(),
            game = format!(
                "{}{}",
                ev.variant.name_in(public),
                super::queries::options_text(&ev.options)
            ),
            format = format_text(ev.format, public),
            terms = super::queries::terms_text_in(ev.days, ev.bank_days, public),
            rated = super::queries::rated_text_in(ev.rated, public),
            vacation = if ev.vacation { "yes" } else { "no" },
            limit = ev.limit
        ))])
    }

    /// Writes `ev` against `read`, with the marks of `games` (new games of the event);
    /// a refusal in `lang`.
    fn save_event(
        &self,
        read: Option<&StoredEvent>,
        ev: &Event,
        games: &[u64],
        lang: Lang,
    ) -> Result<(), String> {
        let mut w = Write::new();
        w.event(read, ev)
            .map_err(|e| store_failure_in(lang, e).text)?;
        for g in games {
            w.event_game(*g, ev.id);
        }
        match self.store.commit(w) {
            Ok(()) => Ok(()),
            Err(StoreError::Conflict { .. }) => Err(tr!(lang, "tournament-busy")),
            Err(e) => Err(store_failure_in(lang, e).text),
        }
    }

    /// `/tournament withdraw`: `who` leaves a running event, their remaining games
    /// forfeited (ruling X-TOUR-3) — only once confirmed, as a resignation is: without
    /// `confirm:yes` it says what it would do and how to confirm.
    fn withdraw(
        &self,
        read: &StoredEvent,
        mut ev: Event,
        who: &User,
        confirmed: bool,
        (lang, public): (Lang, Lang),
        now: u64,
    ) -> Result<Vec<Reply>, String> {
        let event = read.event.name.as_str();
        let name = who.name.as_str();
        let Some(seed) = ev.seed_of(who.id) else {
            return Err(tr!(
                lang,
                "tournament-withdraw-not-in",
                name = name,
                event = event
            ));
        };
        if ev.state != EventState::Running {
            return Err(tr!(lang, "tournament-withdraw-not-running", event = event));
        }
        if ev.withdrawn.get(seed).copied().unwrap_or(false) {
            return Err(tr!(lang, "tournament-withdrawn-already", name = name));
        }
        if !confirmed {
            let left = ev
                .pairings()
                .iter()
                .filter(|g| g.outcome.is_none() && g.opponent(seed).is_some())
                .count();
            let text = tr!(
                lang,
                "tournament-withdraw-confirm",
                name = name,
                event = event,
                games = left
            );
            return Ok(vec![Reply::invoker(text)]);
        }
        // ruling X-TOUR-3: a withdrawal forfeits the remaining games.
        drop_out(&mut ev, seed);
        let done = all_done(&ev);
        if done {
            ev.state = EventState::Finished;
        }
        self.save_event(Some(read), &ev, &[], lang)?;
        let mut lines = vec![tr!(
            public,
            "tournament-withdraws",
            name = name,
            event = event
        )];
        if done {
            lines.push(winner_line(&ev, public));
        }
        let mut replies = vec![
            to_place(ev.channel, Reply::channel(lines.join("\n"))),
            event_message(&ev, public),
        ];
        replies.extend(self.end_forfeited(&ev));
        replies.extend(self.advance_event(ev.id, now).into_iter().map(|t| t.reply));
        Ok(replies)
    }

    /// Carries out `action` on the event read as `read`, asked by `ctx.user` (an
    /// organiser's power when `moderator`).
    fn event_action(
        &self,
        ctx: &Context,
        moderator: bool,
        read: StoredEvent,
        action: TournamentAction,
        now: u64,
    ) -> Result<Vec<Reply>, String> {
        let mut ev = read.event.clone();
        let me = &ctx.user;
        let organiser = ev.organiser.id == me.id || moderator;
        // Refusals answer the one who asked; what the channel reads speaks the server's.
        let lang = ctx.lang;
        let public = self.server_lang(ev.server);
        match action {
            TournamentAction::Create(_) => Err(tr!(lang, "tournament-exists")),
            TournamentAction::Join => {
                let line = join(&mut ev, me, (lang, public))?;
                self.save_and_tell(&read, &ev, line, lang)
            }
            TournamentAction::Leave => {
                let line = leave(&mut ev, me, (lang, public))?;
                self.save_and_tell(&read, &ev, line, lang)
            }
            TournamentAction::Start => {
                let event = read.event.name.as_str();
                if !organiser {
                    return Err(tr!(
                        lang,
                        "tournament-start-not-organiser",
                        organiser = ev.organiser.name.as_str(),
                        event = event
                    ));
                }
                if ev.state != EventState::Open {
                    return Err(tr!(lang, "tournament-started-already", event = event));
                }
                self.start_event(&read, ev, now, lang)
            }
            TournamentAction::Standings => Ok(vec![standings_reply(
                &ev,
                Audience::Invoker,
                ReplyKind::Plain,
                lang,
            )]),
            TournamentAction::Pairings => Ok(vec![Reply::invoker(self.pairings_of(&ev, lang))]),
            TournamentAction::Withdraw { player, confirmed } => {
                let who = player.unwrap_or_else(|| me.clone());
                if who.id != me.id && !organiser {
                    return Err(tr!(lang, "tournament-withdraw-not-organiser"));
                }
                self.withdraw(&read, ev, &who, confirmed, (lang, public), now)
            }
            TournamentAction::Cancel => {
                let line = cancel(&mut ev, organiser, (lang, public))?;
                self.save_and_tell(&read, &ev, line, lang)
            }
            TournamentAction::Export => Ok(vec![self.export_event(&ev, lang)]),
        }
    }

    /// Writes `ev` (read as `read`) and tells the event's channel `line`. A refusal in
    /// `lang`.
    fn save_and_tell(
        &self,
        read: &StoredEvent,
        ev: &Event,
        line: String,
        lang: Lang,
    ) -> Result<Vec<Reply>, String> {
        self.save_event(Some(read), ev, &[], lang)?;
        Ok(vec![Reply::channel(line)])
    }

    /// Starts `ev` (open, read as `read`): a round robin's every game, or a Swiss's
    /// first round. A refusal in `lang` (the organiser's, or the server's at the tick).
    fn start_event(
        &self,
        read: &StoredEvent,
        mut ev: Event,
        now: u64,
        lang: Lang,
    ) -> Result<Vec<Reply>, String> {
        if ev.players.len() < 2 {
            return Err(tr!(
                lang,
                "tournament-too-few",
                event = ev.name.as_str(),
                players = ev.players.len()
            ));
        }
        let public = self.server_lang(ev.server);
        ev.state = EventState::Running;
        let mut line = tr!(
            public,
            "tournament-starts",
            event = ev.name.as_str(),
            players = ev.players.len()
        );
        let ids = self.next_round(&mut ev, lang)?;
        if all_done(&ev) {
            ev.state = EventState::Finished;
            line.push('\n');
            line.push_str(&winner_line(&ev, public));
        }
        self.save_event(Some(read), &ev, &ids, lang)?;
        let mut replies = vec![to_place(ev.channel, Reply::channel(line))];
        replies.extend(self.create_games(&ev, now));
        replies.push(to_place(
            ev.channel,
            Reply::channel(self.pairings_of(&ev, public)),
        ));
        replies.push(event_message(&ev, public));
        Ok(replies)
    }

    /// Pairs the next round of `ev` (all rounds of a round robin) and names its games'
    /// ids; returns them. A refusal in `lang`.
    fn next_round(&self, ev: &mut Event, lang: Lang) -> Result<Vec<u64>, String> {
        let mut new: Vec<tournament::Game> = Vec::new();
        match ev.format {
            EventFormat::RoundRobin { cycles } => {
                let rounds = tournament::round_robin::schedule(ev.players.len(), cycles);
                for (i, r) in rounds.iter().enumerate() {
                    let round = u32::try_from(i + 1).unwrap_or(u32::MAX);
                    for &(white, black) in &r.pairs {
                        new.push(tournament::Game {
                            round,
                            white,
                            black,
                            outcome: None,
                            forfeit: false,
                        });
                    }
                }
                ev.round = u32::try_from(rounds.len()).unwrap_or(u32::MAX);
            }
            EventFormat::Swiss { .. } => {
                let active: Vec<bool> = ev.withdrawn.iter().map(|w| !w).collect();
                let round =
                    tournament::swiss::pair(&active, &ev.pairings(), &ev.byes).map_err(|e| {
                        let why = match e {
                            PairingError::TooFewPlayers => {
                                tr!(lang, "tournament-unpairable-too-few")
                            }
                            PairingError::NoPairing => tr!(lang, "tournament-unpairable-repeats"),
                        };
                        tr!(lang, "tournament-unpairable", why = why)
                    })?;
                ev.round += 1;
                for &(white, black) in &round.pairs {
                    new.push(tournament::Game {
                        round: ev.round,
                        white,
                        black,
                        outcome: None,
                        forfeit: false,
                    });
                }
                if let Some(player) = round.bye {
                    ev.byes.push(Bye {
                        round: ev.round,
                        player,
                    });
                }
            }
        }
        let mut ids = Vec::new();
        for pairing in new {
            let id = self
                .store
                .new_id()
                .map_err(|e| store_failure_in(lang, e).text)?;
            ids.push(id);
            ev.games.push(EventGame {
                pairing,
                id: Some(id),
                created: false,
            });
        }
        // Dropouts' games of the new round are forfeited at once (X-TOUR-3).
        for seed in 0..ev.players.len() {
            if ev.withdrawn.get(seed).copied().unwrap_or(false) {
                drop_out(ev, seed);
            }
        }
        Ok(ids)
    }

    /// Creates the games `ev` names that are still to be played and not created yet
    /// (by this process or another), each in a place of its own.
    /// The place each created game of `ev` is played in (game id -> channel).
    fn event_places(&self, ev: &Event) -> HashMap<u64, u64> {
        ev.games
            .iter()
            .filter_map(|g| g.id)
            .filter_map(|id| match self.store.game(id) {
                Ok(Some(rec)) => Some((id, rec.channel)),
                _ => None,
            })
            .collect()
    }

    /// [`pairings_text`] of `ev` with its games' places.
    fn pairings_of(&self, ev: &Event, lang: Lang) -> String {
        pairings_text(ev, &self.event_places(ev), lang)
    }

    fn create_games(&self, ev: &Event, now: u64) -> Vec<Reply> {
        let mut replies = Vec::new();
        for g in &ev.games {
            let (Some(id), None) = (g.id, g.pairing.outcome) else {
                continue;
            };
            if g.pairing.round > ev.round {
                continue;
            }
            match self.store.game(id) {
                Ok(None) => {}
                Ok(Some(_)) => continue,
                Err(e) => {
                    tracing::error!("store: {e}");
                    continue;
                }
            }
            match self.create_game(ev, g, id, now) {
                Ok(rs) => replies.extend(rs),
                Err(e) => tracing::warn!("tournament {}: game {id}: {e}", ev.id),
            }
        }
        replies
    }

    /// The record of event `ev`'s game `id` between `players` (White, Black) in
    /// `place`, as a challenge accepted at once would start it, and that challenge.
    fn event_live(
        &self,
        ev: &Event,
        [white, black]: [&User; 2],
        id: u64,
        place: u64,
        now: u64,
    ) -> Result<(Live, Challenge), String> {
        let lang = self.server_lang(ev.server);
        let c = Challenge {
            id: 0,
            channel: ev.channel,
            challenger: white.clone(),
            opponent: Some(black.clone()),
            server: ev.server,
            variant: ev.variant,
            color: ColorChoice::White,
            days: ev.days,
            options: ev.options.clone(),
            created_ms: now,
            bank_days: ev.bank_days,
            rated: ev.rated,
            message: None,
            outcome: None,
            settled_ms: None,
            place: Some(place),
        };
        let (seed, _) = self.seed_and_colour(ColorChoice::White);
        let game = Game::new(ev.variant, &ev.options, seed)?;
        let players = [white.clone(), black.clone()];
        let mut rec = super::lobby::new_record(id, place, ev.server, &c, players, seed, None, now);
        rec.no_vacation = !ev.vacation;
        for (i, p) in rec.players.clone().iter().enumerate() {
            rec.away[i] = ev.vacation
                && self
                    .store
                    .vacation(p.id)
                    .is_ok_and(|v| v.since_ms.is_some());
        }
        let mut live = Live { rec, game, lang };
        live.rec.clock = next_clock(&mut live.rec, &live.game, None, now);
        Ok((live, c))
    }

    fn create_game(
        &self,
        ev: &Event,
        g: &EventGame,
        id: u64,
        now: u64,
    ) -> Result<Vec<Reply>, String> {
        let (Some(white), Some(black)) = (
            ev.players.get(g.pairing.white),
            ev.players.get(g.pairing.black),
        ) else {
            return Err("a player of the pairing is missing".to_string());
        };
        let lang = self.server_lang(ev.server);
        let title = game_title(ev, g.pairing.round, white, black, lang);
        let place = self.places.open_event_place_in(ev.channel, &title, lang)?;
        let (live, c) = self.event_live(ev, [white, black], id, place, now)?;
        let mut replies =
            super::lobby::start_replies(&live, &c, place, None, Some(format!("{title}.")));
        // Nobody challenged to an event's game: both players are pinged where it is.
        if let Some(first) = replies.first_mut() {
            first.mention = vec![white.clone(), black.clone()];
        }
        let slot = self.slot(place);
        let mut slot = lock(&slot);
        self.refresh(&mut slot, place);
        if slot.live.is_some() {
            return Err("its place has a game already".to_string());
        }
        let at = Origin {
            channel: place,
            actor: None,
            key: None,
            lang: None,
            server: None,
        };
        let change = Change {
            replies,
            live: Some(live),
            ..Change::default()
        };
        match self.commit_change(&mut slot, &at, change, now) {
            Ok(rs) => Ok(rs.into_iter().map(|r| to_place(place, r)).collect()),
            // Another process created it meanwhile, in a place of its own: the one
            // opened here says where the game is, rather than stay empty.
            Err(Unwritten::Conflict) => match self.store.game(id) {
                Ok(Some(rec)) if rec.channel != place => Ok(vec![to_place(
                    place,
                    Reply::channel(tr!(
                        lang,
                        "tournament-game-elsewhere",
                        title = title.as_str(),
                        place = super::api::place(rec.channel)
                    )),
                )]),
                _ => Err("created by another process".to_string()),
            },
            Err(Unwritten::Store(e) | Unwritten::Unknown(e)) => Err(e.to_string()),
        }
    }

    /// Called while writing a game that has just ended (in its batch, before its
    /// replies are posted): records its result in its event, if it has one. The event
    /// is written checked, so the game's write conflicts (and is planned again) when
    /// another game of the event ended meanwhile.
    pub(super) fn event_result(
        &self,
        rec: &crate::store::GameRecord,
        game: &Game,
        write: &mut Write,
    ) -> Result<Vec<Reply>, StoreError> {
        let Some(event) = self.store.event_of_game(rec.id)? else {
            return Ok(Vec::new());
        };
        let Some(read) = self.store.event(event)? else {
            return Ok(Vec::new());
        };
        let mut ev = read.event.clone();
        if ev.state != EventState::Running {
            return Ok(Vec::new());
        }
        let Some(i) = ev.games.iter().position(|g| g.id == Some(rec.id)) else {
            return Ok(Vec::new());
        };
        if ev.games[i].pairing.outcome.is_some() {
            // Decided already (forfeited by a dropout, X-TOUR-3): the game no longer counts.
            return Ok(Vec::new());
        }
        let outcome = event_outcome(game);
        ev.games[i].pairing.outcome = Some(outcome);
        let pairing = ev.games[i].pairing;
        let public = self.server_lang(ev.server);
        let name = |seed: usize| ev.players.get(seed).map_or("?", |p| p.name.as_str());
        let mut lines = vec![tr!(
            public,
            "tournament-result",
            event = ev.name.as_str(),
            round = pairing.round,
            white = name(pairing.white),
            score = score_text(outcome),
            black = name(pairing.black)
        )];
        lines.extend(self.count_time_loss(&mut ev, rec, &pairing, public));
        if all_done(&ev) {
            ev.state = EventState::Finished;
            lines.push(winner_line(&ev, public));
        }
        write.event(Some(&read), &ev)?;
        if ev.state == EventState::Running
            && matches!(ev.format, EventFormat::Swiss { rounds } if ev.round < rounds)
            && round_done(&ev, ev.round)
        {
            // The round's last game: the next round starts once this is written.
            lock(&self.advancing).push(ev.id);
        }
        Ok(vec![
            to_place(ev.channel, Reply::channel(lines.join("\n"))),
            event_message(&ev, public),
        ])
    }

    /// Counts a loss on time of `rec`, a game of `ev` paired as `pairing`, against its
    /// loser; a second one in the event makes a dropout (ruling X-TOUR-3), said in a line.
    fn count_time_loss(
        &self,
        ev: &mut Event,
        rec: &crate::store::GameRecord,
        pairing: &tournament::Game,
        public: Lang,
    ) -> Option<String> {
        let Some(ActionKind::TimeoutClaim { side }) = rec.actions.last().map(|a| &a.kind) else {
            return None;
        };
        let loser = if *side == crate::core::Side::White {
            pairing.black
        } else {
            pairing.white
        };
        let n = ev.time_losses.get_mut(loser)?;
        *n += 1;
        if *n < 2 || ev.withdrawn.get(loser).copied().unwrap_or(true) {
            return None;
        }
        drop_out(ev, loser);
        // Their games still being played end once this is written.
        lock(&self.advancing).push(ev.id);
        Some(tr!(
            public,
            "tournament-two-time-losses",
            name = ev.players.get(loser).map_or("?", |p| p.name.as_str())
        ))
    }

    /// The minute tick's (and a finished game's) look at the events: starts those due,
    /// starts a Swiss's next round once the last has ended, creates any game a round
    /// names that is still missing (a process stopped between naming and creating).
    pub(super) fn advance_events(&self, now: u64) -> Vec<TimedReply> {
        let events = match self.store.events() {
            Ok(e) => e,
            Err(e) => {
                tracing::error!("store: {e}");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for e in events {
            if matches!(e.event.state, EventState::Open | EventState::Running) {
                out.extend(self.advance_event(e.event.id, now));
            }
        }
        out
    }

    fn advance_event(&self, id: u64, now: u64) -> Vec<TimedReply> {
        let read = match self.store.event(id) {
            Ok(Some(r)) => r,
            Ok(None) => return Vec::new(),
            Err(e) => {
                tracing::error!("store: {e}");
                return Vec::new();
            }
        };
        let ev = read.event.clone();
        let channel = ev.channel;
        // Nobody asked: everything, refusals too, goes to the event's channel.
        let public = self.server_lang(ev.server);
        let replies = match ev.state {
            EventState::Open if ev.start_ms.is_some_and(|s| s <= now) => {
                match self.start_event(&read, ev, now, public) {
                    Ok(r) => r,
                    Err(e) => vec![Reply::channel(e)],
                }
            }
            EventState::Running
                if matches!(ev.format, EventFormat::Swiss { rounds } if ev.round < rounds)
                    && round_done(&ev, ev.round) =>
            {
                let mut next = ev;
                match self.next_round(&mut next, public) {
                    Ok(ids) => {
                        if all_done(&next) {
                            next.state = EventState::Finished;
                        }
                        match self.save_event(Some(&read), &next, &ids, public) {
                            Ok(()) => {
                                let mut r = vec![Reply::channel(tr!(
                                    public,
                                    "tournament-round-starts",
                                    event = next.name.as_str(),
                                    round = next.round
                                ))];
                                r.extend(self.create_games(&next, now));
                                r.push(Reply::channel(self.pairings_of(&next, public)));
                                if next.state == EventState::Finished {
                                    r.push(Reply::channel(winner_line(&next, public)));
                                }
                                r.push(event_message(&next, public));
                                r
                            }
                            // Another process started the round: it creates its games.
                            Err(_) => Vec::new(),
                        }
                    }
                    Err(e) => vec![Reply::channel(e)],
                }
            }
            EventState::Running => {
                let mut r = self.create_games(&ev, now);
                r.extend(self.end_forfeited(&ev));
                r
            }
            _ => Vec::new(),
        };
        replies
            .into_iter()
            .map(|reply| TimedReply {
                channel,
                reply: match reply.to {
                    Audience::Place(c) if c == channel => Reply {
                        to: Audience::Channel,
                        ..reply
                    },
                    _ => reply,
                },
            })
            .collect()
    }

    /// The front end posted event `id`'s standings as `message`: later standings edit it.
    /// `false` when there is no such event.
    pub(super) fn event_shown(&self, id: u64, message: u64) -> bool {
        for _ in 0..super::refresh::RETRIES {
            let read = match self.store.event(id) {
                Ok(Some(r)) => r,
                Ok(None) => return false,
                Err(e) => {
                    tracing::error!("store: {e}");
                    return true;
                }
            };
            if read.event.message == Some(message) {
                return true;
            }
            let mut ev = read.event.clone();
            ev.message = Some(message);
            // The refusal is only logged.
            match self.save_event(Some(&read), &ev, &[], Lang::En) {
                Ok(()) => return true,
                Err(e) => tracing::info!("tournament {id}: noting its message: {e}"),
            }
        }
        true
    }

    /// Starts the next round of the events whose round ended in a change just written
    /// (a Swiss round starts when its last game ends, not at the next tick). Called
    /// once the change's locks are released; the replies go to the events' channels.
    pub(super) fn advance_ended_rounds(&self) -> Vec<Reply> {
        self.advance_ended_rounds_at(self.clock.now_ms())
            .into_iter()
            .map(|t| to_place(t.channel, t.reply))
            .collect()
    }

    /// [`Service::advance_ended_rounds`], for the tick.
    pub(super) fn advance_ended_rounds_at(&self, now: u64) -> Vec<TimedReply> {
        let mut ids: Vec<u64> = std::mem::take(&mut *lock(&self.advancing));
        ids.sort_unstable();
        ids.dedup();
        let mut out = Vec::new();
        for id in ids {
            if let Ok(Some(read)) = self.store.event(id) {
                let channel = read.event.channel;
                out.extend(
                    self.end_forfeited(&read.event)
                        .into_iter()
                        .map(|reply| TimedReply { channel, reply }),
                );
            }
            out.extend(self.advance_event(id, now));
        }
        out
    }

    /// Ends, as lost by their dropout, the games of `ev` the event has forfeited
    /// (X-TOUR-3) that are still being played in their places: the dropout resigns
    /// them, after a note saying why. Safe to repeat (a finished game is left alone).
    fn end_forfeited(&self, ev: &Event) -> Vec<Reply> {
        let mut out = Vec::new();
        for g in ev.games.iter().filter(|g| g.pairing.forfeit) {
            let Some(id) = g.id else { continue };
            let rec = match self.store.game(id) {
                Ok(Some(rec)) if !rec.finished => rec,
                Ok(_) => continue,
                Err(e) => {
                    tracing::error!("store: {e}");
                    continue;
                }
            };
            let dropout = match g.pairing.outcome {
                Some(Outcome::WhiteWins) => g.pairing.black,
                Some(Outcome::BlackWins) => g.pairing.white,
                _ => continue,
            };
            let Some(user) = ev.players.get(dropout) else {
                continue;
            };
            // The dropout is not there to read anything: all goes to the game's place.
            let public = self.server_lang(rec.server);
            let ctx = Context {
                user: user.clone(),
                channel: rec.channel,
                server: rec.server,
                key: None,
                lang: public,
                guild_locale: None,
            };
            let replies = self.handle_as(&ctx, false, super::api::Request::Resign);
            if replies.iter().any(|r| r.kind == ReplyKind::Refusal) {
                tracing::warn!("tournament {}: game {id}: not ended: {replies:?}", ev.id);
                continue;
            }
            out.push(to_place(
                rec.channel,
                Reply::channel(tr!(
                    public,
                    "tournament-game-forfeited",
                    name = user.name.as_str(),
                    event = ev.name.as_str()
                )),
            ));
            out.extend(replies.into_iter().map(|r| to_place(rec.channel, r)));
        }
        out
    }

    /// `/tournament export`: every game of the event in one PGN, and the crosstable
    /// (its column headings in `lang` too), to the one who asked, in `lang`.
    fn export_event(&self, ev: &Event, lang: Lang) -> Reply {
        let mut pgn = String::new();
        for (i, g) in ev.games.iter().enumerate() {
            let Some(id) = g.id else { continue };
            let Ok(Some(rec)) = self.store.game(id) else {
                continue;
            };
            let Ok(game) = rec.replay() else { continue };
            let round = g.pairing.round;
            let board = ev.games[..i]
                .iter()
                .filter(|o| o.pairing.round == round)
                .count();
            let heading = super::pgn::Heading {
                event: ev.name.as_str(),
                round,
                board: Some(board + 1),
            };
            let one = super::pgn::export_in_event(&rec, &game, &heading);
            pgn.push_str(one.trim_end());
            pgn.push_str("\n\n");
        }
        let heads = [
            tr!(lang, "tournament-csv-place"),
            tr!(lang, "tournament-csv-player"),
            tr!(lang, "tournament-csv-points"),
            tr!(lang, "tournament-csv-tiebreak"),
        ];
        let csv = standings::crosstable_csv_headed(
            &names(ev),
            &rows(ev),
            &ev.pairings(),
            tiebreak(ev),
            [&heads[0], &heads[1], &heads[2], &heads[3]],
        );
        let mut r = Reply::invoker(tr!(lang, "tournament-export", event = ev.name.as_str()));
        r.attachments = vec![
            Attachment {
                name: format!("tournament-{}.pgn", ev.id),
                bytes: pgn.into_bytes(),
            },
            Attachment {
                name: format!("tournament-{}.csv", ev.id),
                bytes: csv.into_bytes(),
            },
        ];
        r
    }
}

/// The pairings of `ev` in `lang`, each game with the place it is played in
/// (`places`: game id -> channel, as [`Service::event_places`] reads them); before the
/// start, the field and when the pairings are made.
pub fn pairings_text(ev: &Event, places: &HashMap<u64, u64>, lang: Lang) -> String {
    let name = |s: usize| ev.players.get(s).map_or("?", |p| p.name.as_str());
    let mut lines = vec![tr!(
        lang,
        "tournament-pairings-head",
        event = ev.name.as_str()
    )];
    if ev.state == EventState::Open {
        let field: Vec<&str> = ev.players.iter().map(|p| p.name.as_str()).collect();
        lines.push(tr!(
            lang,
            "tournament-pairings-field",
            count = field.len(),
            players = field.join(", ")
        ));
        lines.push(tr!(lang, "tournament-pairings-at-start"));
    }
    for round in 1..=ev.round {
        lines.push(tr!(lang, "tournament-pairings-round", round = round));
        for g in ev.games.iter().filter(|g| g.pairing.round == round) {
            let p = g.pairing;
            let result = match p.outcome {
                None => tr!(lang, "tournament-pairing-playing"),
                Some(o) if p.forfeit => {
                    tr!(lang, "tournament-pairing-forfeit", score = score_text(o))
                }
                Some(o) => score_text(o).to_string(),
            };
            let (white, black) = (name(p.white), name(p.black));
            let line = match g.id.and_then(|id| places.get(&id)) {
                Some(&place) => tr!(
                    lang,
                    "tournament-pairing-in",
                    white = white,
                    black = black,
                    result = result,
                    place = super::api::place(place)
                ),
                None => tr!(
                    lang,
                    "tournament-pairing",
                    white = white,
                    black = black,
                    result = result
                ),
            };
            lines.push(format!("  {line}"));
        }
        for b in ev.byes.iter().filter(|b| b.round == round) {
            let line = tr!(lang, "tournament-pairing-bye", name = name(b.player));
            lines.push(format!("  {line}"));
        }
    }
    lines.join("\n")
}

/// The request of a typed or slash `/tournament` (the grammar has checked each value).
pub fn request(
    action: &str,
    text: impl Fn(&str) -> Option<String>,
    integer: impl Fn(&str) -> Option<i64>,
    boolean: impl Fn(&str) -> Option<bool>,
    player: Option<User>,
    variant: Option<VariantId>,
    lang: Lang,
) -> Result<super::api::Request, String> {
    let num = |k: &str| integer(k).and_then(|n| u32::try_from(n).ok());
    let action = match action {
        "create" => {
            let pairs: Vec<String> = text("options")
                .unwrap_or_default()
                .split([',', ' ', ';'])
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            let options = super::grammar::parse_options_in(&pairs, lang)
                .map_err(|e| tr!(lang, "grammar-variant-options", why = e))?;
            let format = match text("format").as_deref() {
                Some("swiss") => EventFormat::Swiss {
                    // None given: refused by the service, with the range.
                    rounds: num("rounds").unwrap_or(0),
                },
                _ => EventFormat::RoundRobin {
                    cycles: num("cycles").unwrap_or(1),
                },
            };
            TournamentAction::Create(Box::new(EventTerms {
                name: text("name").unwrap_or_default(),
                variant: variant.unwrap_or(VariantId::DEFAULT),
                options,
                format,
                days: num("days").unwrap_or(super::DEFAULT_DAYS),
                bank_days: num("bank").unwrap_or(0),
                rated: boolean("rated").unwrap_or(true),
                vacation: boolean("vacation").unwrap_or(true),
                limit: num("limit").unwrap_or(0),
                start_in_ms: integer("start")
                    .and_then(|h| u64::try_from(h).ok())
                    .map(|h| h * super::clock::HOUR_MS),
            }))
        }
        "join" => TournamentAction::Join,
        "leave" => TournamentAction::Leave,
        "start" => TournamentAction::Start,
        "standings" => TournamentAction::Standings,
        "pairings" => TournamentAction::Pairings,
        "withdraw" => TournamentAction::Withdraw {
            player,
            confirmed: boolean("confirm").unwrap_or(false),
        },
        "cancel" => TournamentAction::Cancel,
        _ => TournamentAction::Export,
    };
    Ok(super::api::Request::Tournament {
        action,
        event: integer("event").and_then(|n| u64::try_from(n).ok()),
    })
}
