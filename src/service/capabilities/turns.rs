//! Turns: answers to the game's questions, draws, endings outside the rules, the
//! computer's turn, and what the asked player may type.

use crate::core::Side;
use crate::i18n::Lang;
use crate::service::contract::api::{Context, DrawAction, Reply, ReplyKind, Request, User};
use crate::service::contract::clock::next_clock;
use crate::service::reads::asked::{asked_user, computer_asked, prompt_line};
use crate::service::reads::queries::{public_view, secret_text_in};
use crate::service::{
    api, lock, record, stable_id, Change, Live, Refusal, Service, Slot, MAX_CHOICES, MAX_TEXT,
};
use crate::store::{Action, ActionKind, TurnClock};
use crate::tr;
use crate::variants::Played;

impl Service {
    /// Channels whose game waits for the computer's answer now.
    pub fn computer_channels(&self) -> Vec<u64> {
        let mut out: Vec<u64> = match self.store.computer_waiting() {
            Ok(waiting) => waiting.into_iter().map(|(_, ch)| ch).collect(),
            Err(e) => {
                tracing::error!("store: {e}");
                Vec::new()
            }
        };
        out.sort_unstable();
        out.dedup();
        // The index names candidates; the game itself decides (one that cannot be
        // loaded waits for nobody).
        out.retain(|ch| {
            let slot = self.loaded(*ch);
            let slot = lock(&slot);
            slot.live.as_ref().is_some_and(computer_asked)
        });
        out
    }

    /// The generic hook of games against the computer: when the game in `channel` asks
    /// the computer, searches for its answer and plays it through [`Service::handle`]
    /// as the computer's own `Request::Move`, returning the replies a human's move would
    /// give. `None` when nothing was played. The search takes up to seconds and holds no
    /// lock meanwhile: front ends run this on a blocking pool, one search per core.
    pub fn computer_turn(&self, channel: u64) -> Option<Vec<Reply>> {
        let (game, seat, user, server, seed, lang) = {
            let slot = self.loaded(channel);
            let slot = lock(&slot);
            let live = slot.live.as_ref().filter(|l| computer_asked(l))?;
            let seat = live.rec.computer?;
            (
                live.game.clone(),
                seat,
                live.rec.player(seat.side).clone(),
                live.rec.server,
                // Reproducible, and independent of the game's own (secret) seed.
                stable_id(
                    "engine",
                    &format!("{}:{}", live.rec.id, live.rec.actions.len()),
                ),
                // Its move's public messages speak the game's language (outside servers,
                // its human player's).
                live.lang,
            )
        };
        let mut settings = crate::engine::Settings::new(seat.level(), seed);
        settings.first_ladder = seat.first_ladder();
        let decision = crate::engine::decide(&game, seat.side, &settings)?;
        let ctx = Context {
            user,
            channel,
            server,
            key: None,
            lang,
            guild_locale: None,
        };
        let replies = self.handle(
            &ctx,
            Request::Move {
                text: decision.text.clone(),
            },
        );
        if replies.iter().any(|r| r.kind == ReplyKind::Refusal) {
            // The game moved on meanwhile (a resignation, another worker): nothing played.
            tracing::warn!(
                "channel {channel}: computer answer `{}` refused",
                decision.text
            );
            return None;
        }
        Some(replies)
    }

    /// The mover's own move alone, planned: nobody else's queued lines take part, so a
    /// preview of it shows only what its player chose. Also says whether the move
    /// completes its turn (a fresh turn for the other side).
    pub(in crate::service) fn own_move(
        &self,
        slot: &Slot,
        ctx: &Context,
        text: &str,
        now: u64,
    ) -> Result<(Change, bool), Refusal> {
        let (live, side) = player_game(slot, ctx)?;
        let ask = live
            .game
            .ask()
            .ok_or_else(|| crate::tr!(ctx.lang, "refusal-game-over"))?;
        if ask.side != side {
            let name = live.rec.player(ask.side).name.clone();
            return Err(match ask.side {
                Side::White => crate::tr!(ctx.lang, "refusal-not-your-turn-white", name = name),
                Side::Black => crate::tr!(ctx.lang, "refusal-not-your-turn-black", name = name),
            });
        }
        let text = text.trim();
        if text.is_empty() {
            return Err(tr!(ctx.lang, "play-type-a-move"));
        }
        if text.chars().count() > MAX_TEXT {
            return Err(tr!(ctx.lang, "play-too-long"));
        }
        let mut next = live.clone();
        let played = next
            .game
            .play(side, text)
            .map_err(|e| e.text_in(ctx.lang))?;
        record_play(&mut next, side, ask.question.continues_turn(), &played, now);
        let private = secret_replies(&next, &played);
        let lines = move_replies(played, next.lang);
        let mut change = commit_live(next, live.rec.clock.as_ref(), now, lines)?;
        change.replies.extend(private);
        Ok((change, !ask.question.continues_turn()))
    }

    pub(in crate::service) fn draw(
        &self,
        slot: &Slot,
        ctx: &Context,
        action: DrawAction,
        now: u64,
    ) -> Result<Change, Refusal> {
        let (live, side) = player_game(slot, ctx)?;
        let opponent = live.rec.player(side.other()).clone();
        let answering = matches!(action, DrawAction::Accept | DrawAction::Decline);
        if answering && live.rec.draw_offer != Some(side.other()) {
            return Err(tr!(
                ctx.lang,
                "draw-not-offered",
                name = opponent.name.clone()
            ));
        }
        match action {
            DrawAction::Offer => offer_draw(live, side, &ctx.user, opponent, now, ctx.lang),
            DrawAction::Accept => {
                let offerer = side.other();
                finish(live, ActionKind::DrawAgreed { offerer }, now)
            }
            DrawAction::Decline => {
                let mut next = live.clone();
                next.rec.draw_offer = None;
                next.rec.actions.push(Action {
                    at_ms: now,
                    kind: ActionKind::DrawDecline { side },
                });
                let line = tr!(live.lang, "draw-declined", name = ctx.user.name.clone());
                Ok(Change {
                    replies: vec![Reply::channel(line)],
                    live: Some(next),
                    ..Change::default()
                })
            }
            DrawAction::Claim => claim_draw(live, side, now, ctx.lang),
        }
    }

    /// Whether `user_id` is the player the game in `channel` is asking (a plain chat
    /// message from them may then be read as an answer).
    pub fn asks(&self, channel: u64, user_id: u64) -> bool {
        let slot = self.loaded(channel);
        let slot = lock(&slot);
        slot.live
            .as_ref()
            .and_then(asked_user)
            .map(|u| u.id == user_id)
            .unwrap_or(false)
    }

    /// Legal answers starting with `prefix`, for the asked player only (at most 25).
    pub fn autocomplete(&self, channel: u64, user_id: u64, prefix: &str) -> Vec<String> {
        let slot = self.loaded(channel);
        let slot = lock(&slot);
        let Some(live) = &slot.live else {
            return Vec::new();
        };
        if asked_user(live).map(|u| u.id) != Some(user_id) {
            return Vec::new();
        }
        let prefix = prefix.trim();
        let texts = live.game.typed_texts();
        let lower = prefix.to_ascii_lowercase();
        let mut out: Vec<String> = texts
            .iter()
            .filter(|t| t.starts_with(prefix))
            .cloned()
            .collect();
        if out.is_empty() {
            out = texts
                .iter()
                .filter(|t| t.to_ascii_lowercase().starts_with(&lower))
                .cloned()
                .collect();
        }
        if out.is_empty() && !prefix.is_empty() {
            // `e4` should find `e2-e4`: match on the destination part too.
            out = texts
                .iter()
                .filter(|t| t.to_ascii_lowercase().contains(&lower))
                .cloned()
                .collect();
        }
        out.truncate(MAX_CHOICES);
        out
    }
}

/// What a game's public board message offers its players.
pub(in crate::service) fn controls(live: &Live) -> api::GameControls {
    api::GameControls {
        game: live.rec.id,
        draw_offer: live.rec.draw_offer.is_some(),
        secrets: Side::BOTH.iter().any(|s| live.game.secret(*s).is_some()),
        finished: live.rec.finished,
    }
}

/// An offer put to `opponent` (a draw, a takeback): the channel line `r` mentioning
/// them, with the board's controls, and the game holding the offer.
pub(in crate::service) fn offer_to(
    mut r: Reply,
    opponent: User,
    next: Live,
) -> Result<Change, Refusal> {
    r.mention = vec![opponent];
    r.controls = Some(controls(&next));
    Ok(Change {
        replies: vec![r],
        live: Some(next),
        ..Change::default()
    })
}

/// The active game and the invoker's side in it, or why they may not act.
pub(in crate::service) fn player_game<'a>(
    slot: &'a Slot,
    ctx: &Context,
) -> Result<(&'a Live, Side), Refusal> {
    let live = slot.live.as_ref().ok_or_else(|| {
        if !slot.challenges.is_empty() {
            tr!(ctx.lang, "refusal-no-challenge-accepted")
        } else {
            tr!(ctx.lang, "refusal-no-game-here")
        }
    })?;
    let side = crate::service::reads::asked::seat_of(
        &live.rec,
        ctx.user.id,
        ctx.lang,
        "play-not-a-player",
    )?;
    Ok((live, side))
}

/// Finishes the bookkeeping of a changed game: clock, finished flag, and the
/// channel reply with the board.
pub(in crate::service) fn commit_live(
    mut next: Live,
    old_clock: Option<&TurnClock>,
    now: u64,
    mut lines: Vec<String>,
) -> Result<Change, Refusal> {
    next.rec.clock = next_clock(&mut next.rec, &next.game, old_clock, now);
    next.rec.finished = next.game.is_over();
    if next.rec.finished {
        next.rec.draw_offer = None;
        // The closing line states the result; a rules event saying it too is dropped.
        if let Some(o) = next.game.outcome() {
            let english = format!("{o}.");
            let local = format!("{}.", o.describe_in(next.lang));
            lines.retain(|l| *l != english && *l != local);
        }
        // The game's place reads it: in the game's language (the server's).
        lines.extend(record::closing_line_in(&next.rec, &next.game, next.lang));
        let aborted = crate::service::plumbing::ratings::score_of(&next.game)
            == crate::ratings::Score::Aborted;
        if next.rec.rated && !aborted && !record::both_played(&next.rec) {
            lines.push(crate::tr!(next.lang, "game-not-rated"));
        }
    } else {
        lines.extend(prompt_line(&next));
        if next.rec.bank_ms.is_some() {
            // A game with a bank says on its board message how the time stands.
            lines.extend(crate::service::reads::queries::time_left_line(
                &next.rec, now,
            ));
        }
    }
    let mut r = Reply::channel(lines.join("\n"));
    r.mention = asked_user(&next).into_iter().collect();
    r.image = Some(public_view(&next));
    r.controls = Some(controls(&next));
    let mut replies = vec![r];
    if next.rec.finished {
        replies.extend(crate::service::formats::fair::at_end(
            &next.game,
            next.rec.seed,
        ));
    }
    Ok(Change {
        replies,
        live: Some(next),
        ..Change::default()
    })
}

/// What an answer told its players in secret, each to its owner only (never to the
/// channel).
pub(in crate::service) fn secret_replies(next: &Live, played: &Played) -> Vec<Reply> {
    played
        .private
        .iter()
        .map(|(owner, text)| {
            Reply::private(
                next.rec.player(*owner).clone(),
                // Told after the other player's answer, when the owner's own
                // language is not known: the game's (the server's).
                secret_text_in(&next.rec, &text.in_lang(next.lang), next.lang),
            )
        })
        .collect()
}

/// The channel's lines for an accepted answer: the answer as printed (notation stays),
/// then what the rules say happened, in `lang` (the game's place reads them).
pub(in crate::service) fn move_replies(played: Played, lang: crate::i18n::Lang) -> Vec<String> {
    let mut lines = vec![played.printed];
    lines.extend(event_lines(played.events, lang));
    lines
}

/// The rules' events (`Check.`, a zap's effect) in `lang`.
pub(in crate::service) fn event_lines(
    events: Vec<crate::i18n::Msg>,
    lang: crate::i18n::Lang,
) -> Vec<String> {
    events.into_iter().map(|e| e.in_lang(lang)).collect()
}

/// Writes an accepted answer into the record: the action to replay, the turn's entry
/// (`follow_up`: the answer continues a turn already begun), and the lapse of a pending
/// draw offer (ruling C2: an offer lapses when the offerer's opponent moves).
pub(in crate::service) fn record_play(
    next: &mut Live,
    side: Side,
    follow_up: bool,
    played: &Played,
    now: u64,
) {
    next.rec.actions.push(Action {
        at_ms: now,
        kind: ActionKind::Play {
            side,
            text: played.action.clone(),
        },
    });
    let outcome = next.game.outcome();
    record::add_answer(
        &mut next.rec.history,
        side,
        follow_up,
        played,
        outcome.as_ref(),
    );
    if next.rec.draw_offer == Some(side.other()) {
        next.rec.draw_offer = None;
    }
    // A takeback request is for the position it was made in.
    next.rec.takeback_offer = None;
}

/// Ends the game by an action outside the rules (resign, agreement, claim, abort).
pub(in crate::service) fn finish(
    live: &Live,
    kind: ActionKind,
    now: u64,
) -> Result<Change, Refusal> {
    if live.game.is_over() {
        return Err(game_over());
    }
    let mut next = live.clone();
    next.game.apply(&kind)?;
    next.rec.actions.push(Action { at_ms: now, kind });
    // No moves lines: the closing line says what happened.
    let mut change = commit_live(next, None, now, Vec::new())?;
    if let Some(r) = change.replies.first_mut() {
        r.text = r.text.trim_start().to_string();
    }
    Ok(change)
}

/// Whether `s` has played in the game.
fn has_moved(live: &Live, s: Side) -> bool {
    live.rec
        .actions
        .iter()
        .any(|a| matches!(&a.kind, ActionKind::Play { side, .. } if *side == s))
}

/// `/abort`: a player's, before both sides have moved; a moderator's at any time
/// (unless they play the game, when they abort as a player).
pub(in crate::service) fn abort(
    slot: &Slot,
    ctx: &Context,
    moderator: bool,
    now: u64,
) -> Result<Change, Refusal> {
    if moderator {
        if let Some(live) = &slot.live {
            let player = live.rec.side_of(ctx.user.id).is_some();
            let both = has_moved(live, Side::White) && has_moved(live, Side::Black);
            // A moderator's abort, unless they play it and may abort anyway.
            if !player || both {
                let by = api::visible(&ctx.user.name);
                return finish(live, ActionKind::ModeratorAbort { by }, now);
            }
        }
    }
    let (live, side) = player_game(slot, ctx)?;
    if has_moved(live, Side::White) && has_moved(live, Side::Black) {
        return Err(tr!(ctx.lang, "abort-too-late"));
    }
    finish(live, ActionKind::Abort { side }, now)
}

/// `/hand`: the invoker's secret information, to them alone.
pub(in crate::service) fn hand(slot: &Slot, ctx: &Context) -> Result<Change, Refusal> {
    let (live, side) = player_game(slot, ctx)?;
    // The invoker alone reads it: in their language.
    let text = live
        .game
        .secret_in(side, ctx.lang)
        .unwrap_or_else(|| tr!(ctx.lang, "hand-nothing-secret"));
    Ok(Change::reply(Reply::invoker(secret_text_in(
        &live.rec, &text, ctx.lang,
    ))))
}

/// A draw offer by `side` (`me`), or the agreement when the opponent's offer stands.
fn offer_draw(
    live: &Live,
    side: Side,
    me: &User,
    opponent: User,
    now: u64,
    lang: Lang,
) -> Result<Change, Refusal> {
    if live.rec.draw_offer == Some(side.other()) {
        // X-SERVICE-1: offering while the opponent's offer stands agrees to it.
        let offerer = side.other();
        return finish(live, ActionKind::DrawAgreed { offerer }, now);
    }
    if live.rec.draw_offer == Some(side) {
        return Err(tr!(lang, "draw-already-offered"));
    }
    let mut next = live.clone();
    next.rec.draw_offer = Some(side);
    next.rec.actions.push(Action {
        at_ms: now,
        kind: ActionKind::DrawOffer { side },
    });
    if let Some(seat) = live.rec.computer.filter(|c| c.side == side.other()) {
        return computer_answers_draw(next, seat.side, me, now);
    }
    let r = Reply::channel(tr!(
        live.lang,
        "draw-offered",
        name = me.name.clone(),
        opponent = opponent.name.clone()
    ));
    offer_to(r, opponent, next)
}

/// The computer answers a draw offer at once (it never lets one lapse): it accepts
/// when its evaluation finds the position clearly worse for it than a draw, and
/// declines otherwise (`engine::accepts_draw`). `next` holds the offer.
fn computer_answers_draw(
    mut next: Live,
    computer: Side,
    me: &User,
    now: u64,
) -> Result<Change, Refusal> {
    let seed = next.rec.seed ^ next.rec.actions.len() as u64;
    if crate::engine::accepts_draw(&next.game, computer, seed) {
        let offerer = computer.other();
        return finish(&next, ActionKind::DrawAgreed { offerer }, now);
    }
    next.rec.draw_offer = None;
    next.rec.actions.push(Action {
        at_ms: now,
        kind: ActionKind::DrawDecline { side: computer },
    });
    let name = next.rec.player(computer).name.clone();
    Ok(Change {
        replies: vec![Reply::channel(tr!(
            next.lang,
            "draw-computer-declines",
            name = me.name.clone(),
            computer = name
        ))],
        live: Some(next),
        ..Change::default()
    })
}

/// A claim of a draw the rules allow (repetition, the move count...), on one's turn.
fn claim_draw(live: &Live, side: Side, now: u64, lang: Lang) -> Result<Change, Refusal> {
    let ask = live
        .game
        .ask()
        .ok_or_else(|| tr!(lang, "refusal-game-over"))?;
    if ask.side != side {
        return Err(tr!(lang, "draw-claim-not-your-turn"));
    }
    let reason = live.game.claimable_draw().ok_or_else(|| {
        let none: Vec<String> = live
            .game
            .draw_claim_rules()
            .iter()
            .map(|r| match *r {
                "threefold repetition" => tr!(lang, "draw-claim-no-repetition"),
                "50-move rule" => tr!(lang, "draw-claim-no-fifty"),
                other => tr!(lang, "draw-claim-no-rule", rule = other),
            })
            .collect();
        let and = format!(" {} ", tr!(lang, "draw-claim-and"));
        tr!(lang, "draw-claim-none", rules = none.join(&and))
    })?;
    finish(live, ActionKind::DrawClaim { side, reason }, now)
}

/// The refusal of an act on a finished game (in English where the one who acts is not
/// known).
pub(in crate::service) fn game_over() -> Refusal {
    crate::tr!(crate::i18n::Lang::En, "refusal-game-over")
}
