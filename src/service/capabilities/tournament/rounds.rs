//! A running event's rounds: their games created, each game's result recorded in its
//! event, the next round started, and a finished or forfeited event told.

use super::*;

impl Service {
    /// Pairs the next round of `ev` (all rounds of a round robin) and names its games'
    /// ids; returns them. A refusal in `lang`.
    pub(super) fn next_round(&self, ev: &mut Event, lang: Lang) -> Result<Vec<u64>, String> {
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
            let id = crate::service::plumbing::writer::new_id(&self.store)
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
    pub(super) fn event_places(&self, ev: &Event) -> HashMap<u64, u64> {
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
    pub(super) fn pairings_of(&self, ev: &Event, lang: Lang) -> String {
        pairings_text(ev, &self.event_places(ev), lang)
    }

    pub(super) fn create_games(&self, ev: &Event, now: u64) -> Vec<Reply> {
        let _one_at_a_time = lock(&self.creating_games);
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
    pub(super) fn event_live(
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
        let game = Game::new(ev.variant, &ev.options, seed).map_err(|e| e.to_string())?;
        let players = [white.clone(), black.clone()];
        let mut rec = crate::service::capabilities::lobby::new_record(
            id, place, ev.server, &c, players, seed, None, now,
        );
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

    pub(super) fn create_game(
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
        let mut replies = crate::service::capabilities::lobby::start_replies(
            &live,
            &c,
            place,
            None,
            Some(format!("{title}.")),
        );
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
        let at = Origin::time(place);
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
                        place = crate::service::contract::api::place(rec.channel)
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
    pub(in crate::service) fn event_result(
        &self,
        rec: &crate::store::GameRecord,
        game: &Game,
        puts: &mut Vec<Put>,
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
        puts.push(Put::Event {
            read: Some(Box::new(read)),
            event: Box::new(ev.clone()),
        });
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
    pub(super) fn count_time_loss(
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
    pub(in crate::service) fn advance_events(&self, now: u64) -> Vec<TimedReply> {
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

    pub(super) fn advance_event(&self, id: u64, now: u64) -> Vec<TimedReply> {
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
    pub(in crate::service) fn event_shown(&self, id: u64, message: u64) -> bool {
        for _ in 0..crate::service::plumbing::refresh::RETRIES {
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
    pub(in crate::service) fn advance_ended_rounds(&self) -> Vec<Reply> {
        self.advance_ended_rounds_at(self.clock.now_ms())
            .into_iter()
            .map(|t| to_place(t.channel, t.reply))
            .collect()
    }

    /// [`Service::advance_ended_rounds`], for the tick.
    pub(in crate::service) fn advance_ended_rounds_at(&self, now: u64) -> Vec<TimedReply> {
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
    pub(super) fn end_forfeited(&self, ev: &Event) -> Vec<Reply> {
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
            let replies =
                self.handle_as(&ctx, false, crate::service::contract::api::Request::Resign);
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
}
