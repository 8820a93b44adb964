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
use super::{lock, store_failure, Change, Live, Service};
use crate::model::ColorChoice;
use crate::render::table::{table_png, Table, TableRow};
use crate::store::{
    Challenge, Event, EventFormat, EventGame, EventState, StoreError, StoredEvent, Write,
};
use crate::tournament::{self, standings, standings::Tiebreak, Bye, Outcome};
use crate::variants::{ActionKind, Game, Options, VariantId};
use serde::{Deserialize, Serialize};

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
    /// The organiser withdraws a player; a player may withdraw themselves.
    Withdraw(Option<User>),
    Cancel,
    Export,
}

const MAX_NAME: usize = 80;
const MAX_ROUNDS: u32 = 30;
const BUSY: &str = "Another change to this tournament landed first; nothing was changed, \
please try again.";

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
/// played less than half of their games, X-TOUR-3).
fn rows(ev: &Event) -> Vec<standings::Row> {
    let strike = matches!(ev.format, EventFormat::RoundRobin { .. });
    standings::table(
        &ev.withdrawn,
        &ev.pairings(),
        &ev.byes,
        tiebreak(ev),
        strike,
    )
}

/// The standings of `ev` as text.
pub fn standings_text(ev: &Event) -> String {
    standings::text(&names(ev), &rows(ev), tiebreak(ev))
}

/// Where `ev` stands: `round 2 of 3`, `finished`...
fn progress(ev: &Event) -> String {
    match (ev.state, ev.format) {
        (EventState::Open, _) => "not started".to_string(),
        (EventState::Finished, _) => "finished".to_string(),
        (EventState::Cancelled, _) => "cancelled".to_string(),
        (EventState::Running, EventFormat::Swiss { rounds }) => {
            format!("round {} of {rounds}", ev.round)
        }
        (EventState::Running, EventFormat::RoundRobin { .. }) => {
            let done = ev
                .games
                .iter()
                .filter(|g| g.pairing.outcome.is_some())
                .count();
            format!("{done} of {} games decided", ev.games.len())
        }
    }
}

/// The standings of `ev` drawn as a table: a round robin's crosstable, a Swiss's
/// rounds (see [`standings::grid`]).
pub fn standings_png(ev: &Event) -> Result<Vec<u8>, String> {
    let tb = tiebreak(ev);
    let rows = rows(ev);
    let rounds = match ev.format {
        EventFormat::Swiss { rounds } => rounds,
        EventFormat::RoundRobin { .. } => ev.round,
    };
    let (header, cells) = standings::grid(&names(ev), &rows, &ev.pairings(), &ev.byes, tb, rounds);
    let finished = ev.state == EventState::Finished;
    let table = Table {
        title: format!("{} · {} · {}", ev.name, ev.variant.name(), progress(ev)),
        header,
        rows: rows
            .iter()
            .zip(cells)
            .map(|(r, cells)| TableRow {
                cells,
                dim: r.withdrawn,
                mark: finished && r.place == 1,
            })
            .collect(),
        footer: match tb {
            Tiebreak::SonnebornBerger => {
                "SB: Sonneborn-Berger. + and -: won and lost by forfeit; ·: to play.".to_string()
            }
            Tiebreak::BuchholzCut1 => {
                "+ won, = drew, - lost, against the player placed so, with White (w) or Black (b); \
                 *: by forfeit."
                    .to_string()
            }
        },
    };
    table_png(&table).map_err(|e| e.to_string())
}

/// The standings as one reply, text and table image, to `to`.
pub fn standings_reply(ev: &Event, to: Audience, kind: ReplyKind) -> Reply {
    let mut r = Reply {
        to,
        kind,
        ..Reply::channel(format!(
            "**{}** ({}, {}), standings:\n{}",
            ev.name,
            format_text(ev.format),
            progress(ev),
            standings_text(ev)
        ))
    };
    match standings_png(ev) {
        Ok(png) => r.attachments.push(Attachment {
            name: format!("standings-{}.png", ev.id),
            bytes: png,
        }),
        Err(e) => tracing::warn!("tournament {}: standings image: {e}", ev.id),
    }
    r
}

/// The event's own message, edited in place (posted when there is none yet).
fn event_message(ev: &Event) -> Reply {
    standings_reply(
        ev,
        Audience::Place(ev.channel),
        ReplyKind::Standings {
            event: ev.id,
            message: ev.message,
        },
    )
}

/// The name of an event game's place: `Event · round 2 · alice vs bob`.
pub fn game_title(ev: &Event, round: u32, white: &User, black: &User) -> String {
    let n = |s: &str| -> String { super::api::visible(s).chars().take(30).collect() };
    let t = format!(
        "{} · round {round} · {} vs {}",
        n(&ev.name),
        n(&white.name),
        n(&black.name)
    );
    t.chars().take(100).collect()
}

fn format_text(f: EventFormat) -> String {
    match f {
        EventFormat::RoundRobin { cycles: 1 } => "round robin".to_string(),
        EventFormat::RoundRobin { cycles } => format!("round robin, {cycles} cycles"),
        EventFormat::Swiss { rounds } => format!("Swiss, {rounds} rounds"),
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

/// The line announcing the end and the winner.
fn winner_line(ev: &Event) -> String {
    let rows = rows(ev);
    match rows.first().and_then(|r| ev.players.get(r.player)) {
        Some(p) => format!("**{}** is over: {} wins!", ev.name, p.name),
        None => format!("**{}** is over.", ev.name),
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
                Ok(_) => Err(format!("There is no tournament #{id} here.")),
                Err(e) => Err(store_failure(e).text),
            };
        }
        let all = self.store.events().map_err(|e| store_failure(e).text)?;
        let here: Vec<StoredEvent> = all
            .into_iter()
            .filter(|e| e.event.channel == ctx.channel)
            .collect();
        let live = here
            .iter()
            .rev()
            .find(|e| matches!(e.event.state, EventState::Open | EventState::Running));
        live.or(here.last()).cloned().ok_or_else(|| {
            "There is no tournament in this channel; `/tournament create` makes one.".to_string()
        })
    }

    fn create_event(
        &self,
        ctx: &Context,
        moderator: bool,
        t: EventTerms,
        now: u64,
    ) -> Result<Vec<Reply>, String> {
        if !moderator {
            return Err(
                "Only members who manage the server (or hold the organisers' role) \
                        may create a tournament."
                    .to_string(),
            );
        }
        let name = t.name.trim().to_string();
        if name.is_empty() || name.chars().count() > MAX_NAME {
            return Err(format!(
                "A tournament needs a name of 1 to {MAX_NAME} characters."
            ));
        }
        match t.format {
            EventFormat::RoundRobin { cycles } if !(1..=2).contains(&cycles) => {
                return Err("A round robin has 1 or 2 cycles.".to_string())
            }
            EventFormat::Swiss { rounds } if !(1..=MAX_ROUNDS).contains(&rounds) => {
                return Err(format!("A Swiss has 1 to {MAX_ROUNDS} rounds."))
            }
            _ => {}
        }
        if t.limit == 1 {
            return Err("A tournament takes at least 2 players.".to_string());
        }
        if t.days > super::MAX_DAYS || t.bank_days > super::MAX_BANK_DAYS {
            return Err(format!(
                "At most {} days per move and {} days of bank.",
                super::MAX_DAYS,
                super::MAX_BANK_DAYS
            ));
        }
        if t.start_in_ms == Some(0) {
            return Err("The start must be in the future.".to_string());
        }
        // Options that do not exist, or do not fit the game, are refused now.
        Game::new(t.variant, &t.options, 0)?;
        let id = self.store.new_id().map_err(|e| store_failure(e).text)?;
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
        self.save_event(None, &ev, &[])?;
        Ok(vec![Reply::channel(format!(
            "Tournament #{id} **{}** created by {}: {}{}, {}, {}, {}, {}{}. `/tournament join` to \
             play.",
            ev.name,
            ev.organiser.name,
            ev.variant.name(),
            super::queries::options_text(&ev.options),
            format_text(ev.format),
            super::queries::terms_text(ev.days, ev.bank_days),
            super::queries::rated_text(ev.rated),
            if ev.vacation {
                "vacations allowed"
            } else {
                "no vacations"
            },
            if ev.limit > 0 {
                format!(", at most {} players", ev.limit)
            } else {
                String::new()
            }
        ))])
    }

    /// Writes `ev` against `read`, with the marks of `games` (new games of the event).
    fn save_event(
        &self,
        read: Option<&StoredEvent>,
        ev: &Event,
        games: &[u64],
    ) -> Result<(), String> {
        let mut w = Write::new();
        w.event(read, ev).map_err(|e| store_failure(e).text)?;
        for g in games {
            w.event_game(*g, ev.id);
        }
        match self.store.commit(w) {
            Ok(()) => Ok(()),
            Err(StoreError::Conflict { .. }) => Err(BUSY.to_string()),
            Err(e) => Err(store_failure(e).text),
        }
    }

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
        let over = matches!(ev.state, EventState::Finished | EventState::Cancelled);
        match action {
            TournamentAction::Create(_) => Err("That tournament exists already.".to_string()),
            TournamentAction::Join => {
                if ev.state != EventState::Open {
                    return Err(format!(
                        "**{}** has started already; it takes no more players.",
                        ev.name
                    ));
                }
                if ev.seed_of(me.id).is_some() {
                    return Err(format!("You are in **{}** already.", ev.name));
                }
                if ev.limit > 0 && ev.players.len() >= ev.limit as usize {
                    return Err(format!("**{}** is full ({} players).", ev.name, ev.limit));
                }
                ev.players.push(me.clone());
                ev.withdrawn.push(false);
                ev.time_losses.push(0);
                self.save_event(Some(&read), &ev, &[])?;
                Ok(vec![Reply::channel(format!(
                    "{} joins **{}** ({} player{}).",
                    me.name,
                    ev.name,
                    ev.players.len(),
                    if ev.players.len() == 1 { "" } else { "s" }
                ))])
            }
            TournamentAction::Leave => {
                if ev.state != EventState::Open {
                    return Err(format!(
                        "**{}** has started; `/tournament withdraw` withdraws you.",
                        ev.name
                    ));
                }
                let Some(seed) = ev.seed_of(me.id) else {
                    return Err(format!("You are not in **{}**.", ev.name));
                };
                ev.players.remove(seed);
                ev.withdrawn.remove(seed);
                ev.time_losses.remove(seed);
                self.save_event(Some(&read), &ev, &[])?;
                Ok(vec![Reply::channel(format!(
                    "{} leaves **{}**.",
                    me.name, ev.name
                ))])
            }
            TournamentAction::Start => {
                if !organiser {
                    return Err(format!(
                        "Only {} (the organiser) may start **{}**.",
                        ev.organiser.name, ev.name
                    ));
                }
                if ev.state != EventState::Open {
                    return Err(format!("**{}** has started already.", ev.name));
                }
                self.start_event(&read, ev, now)
            }
            TournamentAction::Standings => Ok(vec![standings_reply(
                &ev,
                Audience::Invoker,
                ReplyKind::Plain,
            )]),
            TournamentAction::Pairings => Ok(vec![Reply::invoker(pairings_text(&ev))]),
            TournamentAction::Withdraw(player) => {
                let who = player.unwrap_or_else(|| me.clone());
                if who.id != me.id && !organiser {
                    return Err("Only the organiser may withdraw another player.".to_string());
                }
                let Some(seed) = ev.seed_of(who.id) else {
                    return Err(format!("{} is not in **{}**.", who.name, ev.name));
                };
                if ev.state != EventState::Running {
                    return Err(format!(
                        "**{}** is not running; before it starts, players leave with \
                         `/tournament leave`.",
                        ev.name
                    ));
                }
                if ev.withdrawn.get(seed).copied().unwrap_or(false) {
                    return Err(format!("{} has withdrawn already.", who.name));
                }
                // ruling X-TOUR-3: a withdrawal forfeits the remaining games.
                drop_out(&mut ev, seed);
                let done = all_done(&ev);
                if done {
                    ev.state = EventState::Finished;
                }
                self.save_event(Some(&read), &ev, &[])?;
                let mut lines = vec![format!(
                    "{} withdraws from **{}**: their remaining games are forfeited.",
                    who.name, ev.name
                )];
                if done {
                    lines.push(winner_line(&ev));
                }
                let mut replies = vec![
                    to_place(ev.channel, Reply::channel(lines.join("\n"))),
                    event_message(&ev),
                ];
                replies.extend(self.end_forfeited(&ev));
                replies.extend(self.advance_event(ev.id, now).into_iter().map(|t| t.reply));
                Ok(replies)
            }
            TournamentAction::Cancel => {
                if !organiser {
                    return Err(format!(
                        "Only {} (the organiser) may cancel **{}**.",
                        ev.organiser.name, ev.name
                    ));
                }
                if over {
                    return Err(format!("**{}** is over already.", ev.name));
                }
                ev.state = EventState::Cancelled;
                self.save_event(Some(&read), &ev, &[])?;
                Ok(vec![Reply::channel(format!(
                    "**{}** is cancelled; its games being played go on, outside it.",
                    ev.name
                ))])
            }
            TournamentAction::Export => Ok(vec![self.export_event(&ev)]),
        }
    }

    /// Starts `ev` (open, read as `read`): a round robin's every game, or a Swiss's
    /// first round.
    fn start_event(
        &self,
        read: &StoredEvent,
        mut ev: Event,
        now: u64,
    ) -> Result<Vec<Reply>, String> {
        if ev.players.len() < 2 {
            return Err(format!(
                "**{}** needs at least 2 players to start ({} so far).",
                ev.name,
                ev.players.len()
            ));
        }
        ev.state = EventState::Running;
        let mut line = format!("**{}** starts with {} players.", ev.name, ev.players.len());
        let ids = self.next_round(&mut ev)?;
        if all_done(&ev) {
            ev.state = EventState::Finished;
            line.push('\n');
            line.push_str(&winner_line(&ev));
        }
        self.save_event(Some(read), &ev, &ids)?;
        let mut replies = vec![to_place(ev.channel, Reply::channel(line))];
        replies.extend(self.create_games(&ev, now));
        replies.push(to_place(ev.channel, Reply::channel(pairings_text(&ev))));
        replies.push(event_message(&ev));
        Ok(replies)
    }

    /// Pairs the next round of `ev` (all rounds of a round robin) and names its games'
    /// ids; returns them.
    fn next_round(&self, ev: &mut Event) -> Result<Vec<u64>, String> {
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
                let round = tournament::swiss::pair(&active, &ev.pairings(), &ev.byes)
                    .map_err(|e| format!("The next round cannot be paired: {e:?}."))?;
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
            let id = self.store.new_id().map_err(|e| store_failure(e).text)?;
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
        let title = game_title(ev, g.pairing.round, white, black);
        let lang = self.server_lang(ev.server);
        let place = self.places.open_event_place_in(ev.channel, &title, lang)?;
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
        let lang = self.server_lang(ev.server);
        let mut live = Live { rec, game, lang };
        live.rec.clock = next_clock(&mut live.rec, &live.game, None, now);
        let replies =
            super::lobby::start_replies(&live, &c, place, None, Some(format!("{title}.")));
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
                    Reply::channel(format!(
                        "{title}: this game is played in {}.",
                        super::api::place(rec.channel)
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
        let outcome = match super::ratings::score_of(game) {
            crate::ratings::Score::Won(crate::core::Side::White) => Outcome::WhiteWins,
            crate::ratings::Score::Won(crate::core::Side::Black) => Outcome::BlackWins,
            // ruling X-TOUR-5: an event game called off counts as a draw.
            _ => Outcome::Draw,
        };
        ev.games[i].pairing.outcome = Some(outcome);
        let pairing = ev.games[i].pairing;
        let mut lines = vec![format!(
            "**{}**, round {}: {} {} {}.",
            ev.name,
            pairing.round,
            ev.players
                .get(pairing.white)
                .map_or("?", |p| p.name.as_str()),
            match outcome {
                Outcome::WhiteWins => "1–0",
                Outcome::Draw => "½–½",
                Outcome::BlackWins => "0–1",
            },
            ev.players
                .get(pairing.black)
                .map_or("?", |p| p.name.as_str()),
        )];
        // ruling X-TOUR-3: a second loss on time in the event makes a dropout.
        if let Some(ActionKind::TimeoutClaim { side }) = rec.actions.last().map(|a| &a.kind) {
            let loser = if *side == crate::core::Side::White {
                pairing.black
            } else {
                pairing.white
            };
            if let Some(n) = ev.time_losses.get_mut(loser) {
                *n += 1;
                if *n >= 2 && !ev.withdrawn.get(loser).copied().unwrap_or(true) {
                    drop_out(&mut ev, loser);
                    // Their games still being played end once this is written.
                    lock(&self.advancing).push(ev.id);
                    lines.push(format!(
                        "{} has lost two games on time: they drop out, their remaining \
                         games forfeited.",
                        ev.players.get(loser).map_or("?", |p| p.name.as_str())
                    ));
                }
            }
        }
        if all_done(&ev) {
            ev.state = EventState::Finished;
            lines.push(winner_line(&ev));
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
            event_message(&ev),
        ])
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
        let replies = match ev.state {
            EventState::Open if ev.start_ms.is_some_and(|s| s <= now) => {
                match self.start_event(&read, ev, now) {
                    Ok(r) => r,
                    Err(e) => vec![Reply::channel(e)],
                }
            }
            EventState::Running
                if matches!(ev.format, EventFormat::Swiss { rounds } if ev.round < rounds)
                    && round_done(&ev, ev.round) =>
            {
                let mut next = ev;
                match self.next_round(&mut next) {
                    Ok(ids) => {
                        if all_done(&next) {
                            next.state = EventState::Finished;
                        }
                        match self.save_event(Some(&read), &next, &ids) {
                            Ok(()) => {
                                let mut r = vec![Reply::channel(format!(
                                    "**{}**: round {} starts.",
                                    next.name, next.round
                                ))];
                                r.extend(self.create_games(&next, now));
                                r.push(Reply::channel(pairings_text(&next)));
                                if next.state == EventState::Finished {
                                    r.push(Reply::channel(winner_line(&next)));
                                }
                                r.push(event_message(&next));
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
            match self.save_event(Some(&read), &ev, &[]) {
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
            let ctx = Context {
                user: user.clone(),
                channel: rec.channel,
                server: rec.server,
                key: None,
                lang: Default::default(),
                guild_locale: None,
            };
            let replies = self.handle_as(&ctx, false, super::api::Request::Resign);
            if replies.iter().any(|r| r.kind == ReplyKind::Refusal) {
                tracing::warn!("tournament {}: game {id}: not ended: {replies:?}", ev.id);
                continue;
            }
            out.push(to_place(
                rec.channel,
                Reply::channel(format!(
                    "{} has dropped out of **{}**: this game is forfeited.",
                    user.name, ev.name
                )),
            ));
            out.extend(replies.into_iter().map(|r| to_place(rec.channel, r)));
        }
        out
    }

    /// `/tournament export`: every game of the event in one PGN, and the crosstable.
    fn export_event(&self, ev: &Event) -> Reply {
        let mut pgn = String::new();
        for g in &ev.games {
            let Some(id) = g.id else { continue };
            let Ok(Some(rec)) = self.store.game(id) else {
                continue;
            };
            let Ok(game) = rec.replay() else { continue };
            let one = super::pgn::export_text(&rec, &game, None);
            pgn.push_str(one.trim_end());
            pgn.push_str("\n\n");
        }
        let csv = standings::crosstable_csv(&names(ev), &rows(ev), &ev.pairings(), tiebreak(ev));
        let mut r = Reply::invoker(format!(
            "**{}**: its games (PGN) and its crosstable (CSV).",
            ev.name
        ));
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

/// The pairings of every round started so far, with results.
pub fn pairings_text(ev: &Event) -> String {
    let name = |s: usize| ev.players.get(s).map_or("?", |p| p.name.as_str());
    let mut lines = vec![format!("**{}**, pairings:", ev.name)];
    for round in 1..=ev.round {
        lines.push(format!("Round {round}:"));
        for g in ev.games.iter().filter(|g| g.pairing.round == round) {
            let p = g.pairing;
            let result = match p.outcome {
                None => "playing".to_string(),
                Some(o) => format!(
                    "{}{}",
                    match o {
                        Outcome::WhiteWins => "1–0",
                        Outcome::Draw => "½–½",
                        Outcome::BlackWins => "0–1",
                    },
                    if p.forfeit { " (forfeit)" } else { "" }
                ),
            };
            lines.push(format!(
                "  {} vs {}: {result}",
                name(p.white),
                name(p.black)
            ));
        }
        for b in ev.byes.iter().filter(|b| b.round == round) {
            lines.push(format!("  {}: bye", name(b.player)));
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
            let options = super::grammar::parse_options(&pairs)
                .map_err(|e| format!("Variant options: {e}."))?;
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
        "withdraw" => TournamentAction::Withdraw(player),
        "cancel" => TournamentAction::Cancel,
        _ => TournamentAction::Export,
    };
    Ok(super::api::Request::Tournament {
        action,
        event: integer("event").and_then(|n| u64::try_from(n).ok()),
    })
}
