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

pub use crate::service::contract::actions::{EventTerms, TournamentAction};
mod rounds;
mod texts;

use crate::i18n::Lang;
use crate::i18n::Msg;
use crate::model::ColorChoice;
use crate::render::table::{table_png, Table, TableRow};
use crate::service::contract::api::{
    Attachment, Audience, Context, Reply, ReplyKind, TimedReply, User,
};
use crate::service::contract::clock::next_clock;
use crate::service::plumbing::commit::{Origin, Unwritten};
use crate::service::plumbing::plan::{Durability, Put};
use crate::service::{lock, store_failure_in, Change, Live, Service};
use crate::store::{Challenge, Event, EventFormat, EventGame, EventState, StoreError, StoredEvent};
use crate::tournament::swiss::PairingError;
use crate::tournament::{self, standings, standings::Tiebreak, Bye, Outcome};
use crate::tr;
use crate::variants::{ActionKind, Game};
use std::collections::HashMap;
pub use texts::*;

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
    organiser_only(ev, organiser, "tournament-cancel-not-organiser", lang)?;
    let event = ev.name.as_str();
    if matches!(ev.state, EventState::Finished | EventState::Cancelled) {
        return Err(tr!(lang, "tournament-over-already", event = event));
    }
    let line = tr!(public, "tournament-cancelled", event = event);
    ev.state = EventState::Cancelled;
    Ok(line)
}

/// The refusal `key` (naming the organiser and the event) unless the one asking is
/// the organiser (or a moderator).
fn organiser_only(
    ev: &Event,
    organiser: bool,
    key: &'static str,
    lang: Lang,
) -> Result<(), String> {
    if organiser {
        return Ok(());
    }
    let refusal = Msg::new(key)
        .with("organiser", ev.organiser.name.as_str())
        .with("event", ev.name.as_str());
    Err(refusal.in_lang(lang))
}

/// An ended event game's result, as its event counts it.
fn event_outcome(game: &Game) -> Outcome {
    match crate::service::plumbing::ratings::score_of(game) {
        crate::ratings::Score::Won(crate::core::Side::White) => Outcome::WhiteWins,
        crate::ratings::Score::Won(crate::core::Side::Black) => Outcome::BlackWins,
        // ruling X-TOUR-5: an event game called off counts as a draw.
        _ => Outcome::Draw,
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
    if crate::service::contract::api::has_hidden(&name) {
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
    if t.days > crate::service::MAX_DAYS || t.bank_days > crate::service::MAX_BANK_DAYS {
        return Err(tr!(
            lang,
            "tournament-days-range",
            days = crate::service::MAX_DAYS,
            bank = crate::service::MAX_BANK_DAYS
        ));
    }
    if t.start_in_ms == Some(0) {
        return Err(tr!(lang, "tournament-start-in-past"));
    }
    Ok(name)
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
    pub(in crate::service) fn tournament(
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
        Game::new(t.variant, &t.options, 0).map_err(|m| m.in_lang(lang))?;
        let id = crate::service::plumbing::writer::new_id(&self.store)
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
                crate::service::reads::queries::options_text(&ev.options)
            ),
            format = format_text(ev.format, public),
            terms = crate::service::reads::queries::terms_text_in(ev.days, ev.bank_days, public),
            rated = crate::service::reads::queries::rated_text_in(ev.rated, public),
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
        let mut puts = vec![Put::Event {
            read: read.cloned().map(Box::new),
            event: Box::new(ev.clone()),
        }];
        puts.extend(games.iter().map(|g| Put::EventGame {
            game: *g,
            event: ev.id,
        }));
        match self.write(puts, Durability::Flushed) {
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
                organiser_only(&ev, organiser, "tournament-start-not-organiser", lang)?;
                let event = read.event.name.as_str();
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
            let heading = crate::service::formats::pgn::Heading {
                event: ev.name.as_str(),
                round,
                board: Some(board + 1),
            };
            let one = crate::service::formats::pgn::export_in_event(&rec, &game, &heading);
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
