//! The service's one door: a front end's request in, its replies out — retried on a
//! conflict, answered again from its key when redelivered, routed to the capability
//! that plans it; and the outbox the front end delivers from.

use crate::service::capabilities::puzzles::PuzzlePress;
use crate::service::capabilities::timeouts::claim;
use crate::service::capabilities::turns::{abort, finish, hand, player_game};
use crate::service::plumbing::outbox::drawn_again;
use crate::service::reads::queries::{legend_reply, rules_reply};
use crate::service::*;

impl Service {
    /// Handles one request and returns the replies to deliver.
    pub fn handle(&self, ctx: &Context, req: Request) -> Vec<Reply> {
        self.handle_as(ctx, false, req)
    }

    /// Handles one request of a user who may (`moderator`) or may not moderate the
    /// channel: a moderator may cancel any challenge and abort any game there.
    pub fn handle_as(&self, ctx: &Context, moderator: bool, req: Request) -> Vec<Reply> {
        self.note_guild_locale(ctx);
        let mut replies = self.handle_tries(ctx, moderator, req, refresh::RETRIES);
        replies.extend(self.advance_ended_rounds());
        let public = self.public_lang(ctx);
        language::stamp(&mut replies, Some(&ctx.user), Some(ctx.lang), public);
        replies
    }

    /// The answer to a request that needs no game of the channel (no lock taken), or
    /// the request back.
    pub(in crate::service) fn without_game(
        &self,
        ctx: &Context,
        moderator: bool,
        req: Request,
    ) -> Result<Vec<Reply>, Request> {
        Ok(match req {
            Request::Rules { variant } => vec![rules_reply(variant, ctx.lang)],
            Request::Legend { variant } => {
                let shown = variant.or_else(|| {
                    let slot = self.loaded(ctx.channel);
                    let slot = lock(&slot);
                    slot.live.as_ref().map(|l| l.rec.variant)
                });
                vec![legend_reply(shown, self.legend_size, ctx.lang)]
            }
            Request::Help => help_parts_in(ctx.lang)
                .into_iter()
                .map(Reply::invoker)
                .collect(),
            Request::Games(scope) => vec![self.games(ctx, scope)],
            Request::Profile { user } => vec![self.profile(ctx, user)],
            Request::Leaderboard { variant } => {
                vec![lock(&self.ratings).leaderboard(
                    ctx,
                    variant.unwrap_or(VariantId::DEFAULT),
                    self.clock.now_ms(),
                )]
            }
            Request::Reminders { dm } => vec![self.set_dm_reminders(ctx, dm)],
            Request::Settings(change) => vec![self.settings(ctx, change)],
            Request::CancelMove { game } => vec![self.cancel_move(ctx, game)],
            Request::Vacation { on } => self.vacation(ctx, on),
            Request::Review { game } => self.review_request(ctx, game),
            Request::ServerWeb { on } => vec![self.server_web(ctx, moderator, on)],
            Request::ServerBoards { white } => {
                vec![self.server_boards(ctx, moderator, white)]
            }
            Request::ServerLanguage { lang } => {
                vec![self.server_language(ctx, moderator, lang)]
            }
            Request::ServerDaily(change) => vec![self.server_daily(ctx, moderator, change)],
            Request::Tournament { action, event } => self.tournament(ctx, moderator, event, action),
            Request::Puzzle(ask) => self.puzzle(ctx, ask),
            Request::PuzzlePick {
                puzzle,
                step,
                path,
                solver,
                play,
            } => {
                let press = PuzzlePress {
                    puzzle: &puzzle,
                    step,
                    path: &path,
                    solver,
                };
                self.puzzle_press(ctx, &press, play)
            }
            other => return Err(other),
        })
    }

    /// [`Service::handle_as`], re-run up to `tries` times when another process sharing
    /// the store changed the game meanwhile.
    pub(in crate::service) fn handle_tries(
        &self,
        ctx: &Context,
        moderator: bool,
        req: Request,
        tries: u32,
    ) -> Vec<Reply> {
        let req = match self.without_game(ctx, moderator, req) {
            Ok(replies) => return replies,
            Err(req) => req,
        };
        let slot = self.slot(ctx.channel);
        let mut slot = lock(&slot);
        self.refresh(&mut slot, ctx.channel);
        // The server's language may have been set meanwhile.
        let public = self.public_lang(ctx);
        if let Some(live) = slot.live.as_mut() {
            live.lang = public;
        }
        let again = req.clone();
        if let Some(k) = &ctx.key {
            match self.store.replies(k) {
                Ok(Some(stored)) => return self.redelivered(ctx.lang, stored),
                Ok(None) => {}
                Err(e) => return vec![store_failure_in(ctx.lang, e)],
            }
        }
        let now = self.clock.now_ms();
        let replan = self.replan_of(&slot, ctx, &req);
        let mut change = match self.act(&slot, ctx, moderator, req, now) {
            Ok(c) => c,
            Err(refusal) => Change::reply(Reply::refusal(refusal)),
        };
        self.plan_for_readers(&mut slot, (ctx, moderator), replan, now, &mut change);
        if let Some(computer) = self.computer() {
            // The computer reads its secrets from the game, never from a message.
            change
                .replies
                .retain(|r| !matches!(&r.to, api::Audience::Private(u) if u.id == computer.id));
        }
        let at = commit::Origin {
            channel: ctx.channel,
            actor: Some(&ctx.user),
            key: ctx.key.as_deref(),
            lang: Some(ctx.lang),
            server: ctx.server,
        };
        match self.commit_change(&mut slot, &at, change, now) {
            Ok(replies) => replies,
            Err(commit::Unwritten::Conflict) => {
                // Another process changed the game: run the request again on its state.
                drop(slot);
                if tries == 0 {
                    return vec![Reply::refusal(crate::tr!(ctx.lang, "refusal-game-busy"))];
                }
                self.handle_tries(ctx, moderator, again, tries - 1)
            }
            Err(commit::Unwritten::Store(e)) => vec![store_failure_in(ctx.lang, e)],
            Err(commit::Unwritten::Unknown(e)) => vec![unknown_outcome(ctx.lang, e)],
        }
    }

    /// The answer to a request whose key was handled before (a redelivery): its
    /// replies again while they wait in the outbox, a short note once delivered.
    pub(in crate::service) fn redelivered(
        &self,
        lang: crate::i18n::Lang,
        stored: serde_json::Value,
    ) -> Vec<Reply> {
        let done = || vec![Reply::refusal(crate::tr!(lang, "refusal-already-handled"))];
        // A change: its replies again while they wait in the outbox.
        if let Some(outbox) = stored.get("outbox") {
            let Some(id) = outbox.as_u64() else {
                return done();
            };
            return match self.store.outbox_entry(id) {
                Ok(Some(entry)) => serde_json::from_value::<api::Pending>(entry)
                    .map(|p| drawn_again(&self.store, p).replies)
                    .unwrap_or_else(|_| done()),
                Ok(None) => done(),
                Err(e) => vec![store_failure_in(lang, e)],
            };
        }
        // Replies stored by an older build may no longer decode: the request was
        // handled then, so it is not acted on again.
        let Ok(replies) = serde_json::from_value::<Vec<Reply>>(stored) else {
            return done();
        };
        match replies.iter().find_map(|r| r.outbox) {
            // Replies of a look-up: shown again, nothing changes.
            None => replies,
            Some(id) => match self.store.outbox_pending(id) {
                Ok(true) => replies,
                Ok(false) => done(),
                Err(e) => vec![store_failure_in(lang, e)],
            },
        }
    }

    /// The replies still waiting in the outbox (delivered at start after a crash).
    pub fn outbox(&self) -> Vec<api::Pending> {
        match self.store.outbox() {
            Ok(entries) => entries
                .into_iter()
                .filter_map(|(id, v)| {
                    serde_json::from_value(v)
                        .map_err(|e| tracing::error!("outbox entry {id} is unreadable: {e}"))
                        .ok()
                })
                .map(|entry| drawn_again(&self.store, entry))
                .collect(),
            Err(e) => {
                tracing::error!("store: {e}");
                Vec::new()
            }
        }
    }

    /// The front end has delivered the replies of outbox entry `id`.
    pub fn delivered(&self, id: u64) {
        // Not flushed: after a crash the entry is delivered again (at least once).
        if let Err(e) = self.write(vec![plan::Put::Delivered(id)], plan::Durability::Lazy) {
            tracing::error!("store: {e}");
        }
    }

    /// The change `req` makes on the channel's `slot` at `now`, or why it makes none
    /// (`moderator`: the invoker may moderate the channel). The requests answered before
    /// the channel lock is taken (`without_game`) are refused here.
    pub(in crate::service) fn act(
        &self,
        slot: &Slot,
        ctx: &Context,
        moderator: bool,
        req: Request,
        now: u64,
    ) -> Result<Change, Refusal> {
        usable(slot, ctx.lang)?;
        let challenge = |opponent, variant, color, days, options, rated| {
            self.challenge(
                slot, ctx, opponent, variant, color, days, options, rated, now,
            )
        };
        let answer = |answer, target| self.answer(slot, ctx, moderator, answer, target, now);
        match req {
            Request::Challenge {
                opponent,
                variant,
                color,
                days,
                options,
                rated,
            } => challenge(Some(opponent), variant, color, days, options, rated),
            Request::OpenChallenge {
                variant,
                color,
                days,
                options,
                rated,
            } => challenge(None, variant, color, days, options, rated),
            Request::Accept => answer(ChallengeAnswer::Accept, None),
            Request::Decline => answer(ChallengeAnswer::Decline, None),
            Request::Cancel => answer(ChallengeAnswer::Cancel, None),
            Request::Answer { answer: a, target } => answer(a, Some(target)),
            Request::Move { text } => self.move_or_confirm(slot, ctx, &text, now),
            Request::ConfirmMove { game, ply } => self.confirm_move(slot, ctx, game, ply, now),
            Request::Pick { game, ply, path } => self.pick(slot, ctx, game, ply, &path),
            Request::PickPlay { game, ply, path } => {
                self.pick_play(slot, ctx, game, ply, &path, now)
            }
            Request::Board => self.board(slot, ctx, now),
            Request::Note { text } => self.note(slot, ctx, text.as_deref()),
            Request::Conditional { text } => self.conditional(slot, ctx, text.as_deref()),
            Request::Takeback(action) => player_game(slot, ctx)
                .and_then(|(live, _)| takeback::takeback(live, ctx, action, now)),
            Request::History => self.history(slot, ctx),
            Request::Export => self.export(slot, ctx),
            Request::Resign => player_game(slot, ctx)
                .and_then(|(live, side)| finish(live, ActionKind::Resign { side }, now)),
            Request::Draw(action) => self.draw(slot, ctx, action, now),
            Request::Abort => abort(slot, ctx, moderator, now),
            Request::Claim => claim(slot, ctx, now),
            Request::OnGame { game, request } => {
                self.on_game(slot, ctx, moderator, game, *request, now)
            }
            Request::Rematch => self.rematch(slot, ctx, now),
            Request::Hand => hand(slot, ctx),
            Request::Web => self.web_links(slot, ctx),
            Request::Rules { .. }
            | Request::Legend { .. }
            | Request::Help
            | Request::Games(_)
            | Request::Profile { .. }
            | Request::Leaderboard { .. }
            | Request::Reminders { .. }
            | Request::Settings(_)
            | Request::CancelMove { .. }
            | Request::Vacation { .. }
            | Request::Review { .. }
            | Request::ServerWeb { .. }
            | Request::ServerBoards { .. }
            | Request::ServerLanguage { .. }
            | Request::ServerDaily(_)
            | Request::Tournament { .. }
            | Request::Puzzle(_)
            | Request::PuzzlePick { .. } => Err(crate::tr!(ctx.lang, "refusal-needs-no-game")),
        }
    }

    /// A press on a game's button: acted on only while that game is the one played
    /// here (a rematch: the last one played here).
    pub(in crate::service) fn on_game(
        &self,
        slot: &Slot,
        ctx: &Context,
        moderator: bool,
        game: u64,
        request: Request,
        now: u64,
    ) -> Result<Change, Refusal> {
        let current = match &slot.live {
            Some(live) => Some(live.rec.id),
            None => self.store.last_game(ctx.channel).ok().flatten(),
        };
        let allowed = matches!(
            request,
            Request::Resign
                | Request::Draw(_)
                | Request::Hand
                | Request::Rematch
                | Request::Takeback(_)
                | Request::Note { .. }
                | Request::Conditional { .. }
        );
        if request == Request::Rematch && current != Some(game) {
            if let Some(rec) = self.pair_game_from_dm(ctx.channel, game) {
                return self.rematch_of(slot, ctx, &rec, now);
            }
        }
        if current != Some(game) || !allowed {
            return Err(crate::tr!(ctx.lang, "refusal-button-gone"));
        }
        if request != Request::Rematch && slot.live.is_none() {
            return Err(crate::tr!(ctx.lang, "refusal-game-ended"));
        }
        self.act(slot, ctx, moderator, request, now)
    }
}

/// Ok while the channel's `slot` can be acted on; else why not, in `lang`: its game's
/// record is broken (or too new for this build), or the store is not answering.
pub(in crate::service) fn usable(slot: &Slot, lang: crate::i18n::Lang) -> Result<(), Refusal> {
    if let Some(msg) = &slot.broken {
        return Err(match slot.broken_game {
            Some((id, too_new)) => refresh::broken_text(lang, id, too_new),
            None => msg.clone(),
        });
    }
    if slot.unreadable {
        return Err(crate::tr!(lang, "refusal-store-not-answering"));
    }
    Ok(())
}
