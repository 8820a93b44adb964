//! The lobby: challenges (any number per channel, each with its own id, open or to one
//! player, expiring), their answers, and the start of a game.

mod rematch;
mod start;

use crate::core::Side;
use crate::i18n::Lang;
use crate::model::PlaceKind;
use crate::service::contract::api::{
    Audience, ChallengeAnswer, ChallengeTarget, ColorChoice, Context, Reply, ReplyKind, User,
};
use crate::service::contract::clock::next_clock;
use crate::service::contract::clock::DAY_MS;
use crate::service::plumbing::plan::{Durability, Put};
use crate::service::reads::asked::{asked_user, prompt_line};
use crate::service::reads::queries::{
    options_text, players_line_in, public_view, rated_text_in, secret_text_in, terms_text_in,
};
use crate::service::{
    api, lock, queries, record, stable_id, Change, Live, Refusal, Service, Slot, DEFAULT_DAYS,
    MAX_BANK_DAYS, MAX_DAYS,
};
use crate::store::{Challenge, ComputerSeat, GameRecord, StoreError, FORMAT_VERSION};
use crate::tr;
use crate::variants::{Game, Options, VariantId};
use rand::Rng;
use start::{bank_days, computer_level};
pub(in crate::service) use start::{new_record, place_title, start_replies};

use crate::service::contract::front::GameState;
use crate::service::plumbing::commit::{Origin, Unwritten};

/// Pending challenges one channel may hold (the oldest must be answered first).
const MAX_PENDING: usize = 25;
/// How long a settled challenge is remembered.
pub(in crate::service) const SETTLED_RETENTION_MS: u64 = 7 * DAY_MS;

/// One line describing a challenge in `lang` (its server's), for its message and for
/// what became of it.
pub(in crate::service) fn challenge_line(c: &Challenge, lang: Lang) -> String {
    let name = c.challenger.name.clone();
    let colour = match c.color {
        ColorChoice::White => tr!(lang, "challenge-plays-white", name = name),
        ColorChoice::Black => tr!(lang, "challenge-plays-black", name = name),
        ColorChoice::Random => tr!(lang, "challenge-colours-random"),
    };
    let whom = c
        .opponent
        .as_ref()
        .map_or_else(|| tr!(lang, "challenge-anyone-here"), |o| o.name.clone());
    tr!(
        lang,
        "challenge-line",
        name = c.challenger.name.clone(),
        whom = whom,
        game = format!("{}{}", c.variant.name_in(lang), options_text(&c.options)),
        colour = colour,
        terms = terms_text_in(c.days, c.bank_days, lang),
        rated = rated_text_in(c.rated, lang)
    )
}

/// The reply that replaces a challenge's message with what became of it, in `lang`.
pub(in crate::service) fn over_reply(c: &Challenge, lang: Lang) -> Reply {
    let mut r = Reply::channel(String::new());
    let outcome = c
        .outcome
        .clone()
        .unwrap_or_else(|| tr!(lang, "challenge-settled"));
    r.kind = ReplyKind::ChallengeOver {
        challenge: c.id,
        message: c.message,
        shown: format!("{}\n**{outcome}**", challenge_line(c, lang)),
    };
    r
}

/// `c`, settled now with `outcome`.
fn settled(c: &Challenge, outcome: String, now: u64) -> Challenge {
    Challenge {
        outcome: Some(outcome),
        settled_ms: Some(now),
        ..c.clone()
    }
}

/// The other side of a challenge, as its answers name them, in `lang`.
fn opponent_name_in(c: &Challenge, lang: Lang) -> String {
    c.opponent
        .as_ref()
        .map_or_else(|| tr!(lang, "challenge-anyone"), |o| o.name.clone())
}

/// A channel's challenges as the store holds them now: pending ones oldest first, and
/// settled ones. Read at every challenge and answer, because another process sharing
/// the store may have made or settled some since this one loaded its own copy.
struct Lobby {
    pending: Vec<Challenge>,
    settled: Vec<Challenge>,
}

impl Service {
    /// The challenges of `channel` as the store holds them now (this process's own
    /// copy in `slot` when the store cannot be read).
    fn lobby(&self, slot: &Slot, channel: u64) -> Lobby {
        // Through the store's index of a channel's challenges: one short range read.
        match self.store.challenges_in(channel) {
            Ok(here) => {
                let (mut pending, mut settled): (Vec<Challenge>, Vec<Challenge>) = here
                    .into_iter()
                    .filter(|c| c.id != 0)
                    .partition(|c| c.outcome.is_none());
                pending.sort_by_key(|c| c.created_ms);
                settled.sort_by_key(|c| c.settled_ms);
                Lobby { pending, settled }
            }
            Err(e) => {
                tracing::error!("store: {e}");
                Lobby {
                    pending: slot.challenges.clone(),
                    settled: slot.settled.clone(),
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(in crate::service) fn challenge(
        &self,
        slot: &Slot,
        ctx: &Context,
        opponent: Option<User>,
        variant: VariantId,
        color: ColorChoice,
        days: Option<u32>,
        options: Options,
        rated: bool,
        now: u64,
    ) -> Result<Change, Refusal> {
        let computer = self.computer();
        let against_computer = computer
            .as_ref()
            .is_some_and(|c| opponent.as_ref().is_some_and(|o| o.id == c.id));
        let pair = self.pair_challenge(ctx, opponent.as_ref(), against_computer)?;
        if let Some(live) = slot.live.as_ref().filter(|_| !pair) {
            // Its game is played here: a new game could not start here before it ends.
            return Err(tr!(
                ctx.lang,
                "refusal-channel-has-game",
                players = players_line_in(&live.rec, ctx.lang)
            ));
        }
        self.may_challenge(slot, ctx, opponent.as_ref(), against_computer)?;
        let mut options = options;
        let level = computer_level(&mut options, against_computer, computer, ctx.lang)?;
        let days = days.unwrap_or(DEFAULT_DAYS);
        if days > MAX_DAYS {
            return Err(tr!(ctx.lang, "refusal-days-range", max = MAX_DAYS));
        }
        let bank_days = bank_days(&mut options, days, ctx.lang)?;
        // Validates the variant and its options before anyone accepts.
        Game::new(variant, &options, 0).map_err(|m| m.in_lang(ctx.lang))?;
        let mut c = Challenge {
            id: 0,
            channel: ctx.channel,
            challenger: ctx.user.clone(),
            opponent: opponent.clone(),
            server: ctx.server,
            variant,
            color,
            days,
            options,
            created_ms: now,
            bank_days,
            rated,
            message: None,
            outcome: None,
            settled_ms: None,
            place: None,
        };
        if against_computer {
            // No acceptance to wait for: the game starts at once.
            return self.start_game(slot, &c, ctx, now, Some(level));
        }
        c.id = self.challenge_id(slot, ctx, now);
        Ok(Change {
            replies: self.challenge_replies(ctx, &c),
            challenges: vec![c],
            ..Change::default()
        })
    }

    /// What a new challenge `c` says where it was made; made in one's DM with the bot
    /// (issue 50) it reaches the one challenged in theirs, in their own language.
    fn challenge_replies(&self, ctx: &Context, c: &Challenge) -> Vec<Reply> {
        let public = self.public_lang(ctx);
        let opponent = &c.opponent;
        let text_in = |lang: Lang| {
            let answer = match opponent {
                Some(o) => tr!(lang, "challenge-answer-to", name = o.name.clone()),
                None => tr!(lang, "challenge-answer-open"),
            };
            format!("{} {answer}", challenge_line(c, lang))
        };
        let mut r = Reply::channel(text_in(public));
        r.kind = ReplyKind::Challenge {
            challenge: c.id,
            challenged: opponent.clone(),
        };
        r.mention = opponent.iter().cloned().collect();
        let mut replies = vec![r];
        if let Some((o, lang)) = self.challenged_reads(ctx, opponent.as_ref(), public) {
            let mut copy = replies[0].clone().in_lang(lang);
            copy.text = text_in(lang);
            copy.reader = Some(o.id);
            replies[0].reader = Some(ctx.user.id);
            replies[0].lang = public;
            replies.push(copy);
        }
        replies
    }

    /// The one challenged from a DM with the bot, with their language, when they read
    /// another than `public`.
    fn challenged_reads(
        &self,
        ctx: &Context,
        opponent: Option<&User>,
        public: Lang,
    ) -> Option<(User, Lang)> {
        let o = opponent?;
        if self.place_kind(ctx.channel) != PlaceKind::BotDm {
            return None;
        }
        let lang = self.user_lang(o.id).filter(|l| *l != public)?;
        Some((o.clone(), lang))
    }

    /// Refuses a challenge nobody could answer: to oneself, by the computer, a second
    /// one to the same opponent here, or one too many waiting in this channel.
    fn may_challenge(
        &self,
        slot: &Slot,
        ctx: &Context,
        opponent: Option<&User>,
        against_computer: bool,
    ) -> Result<(), Refusal> {
        if opponent.is_some_and(|o| o.id == ctx.user.id) {
            return Err(tr!(ctx.lang, "refusal-challenge-yourself"));
        }
        if self.computer().is_some_and(|c| c.id == ctx.user.id) {
            return Err(tr!(ctx.lang, "refusal-computer-challenges"));
        }
        if against_computer {
            return Ok(());
        }
        let lobby = self.lobby(slot, ctx.channel);
        let twin = lobby.pending.iter().find(|c| {
            c.challenger.id == ctx.user.id
                && c.opponent.as_ref().map(|o| o.id) == opponent.map(|o| o.id)
        });
        if let Some(twin) = twin {
            return Err(tr!(
                ctx.lang,
                "refusal-challenge-twin",
                name = opponent_name_in(twin, ctx.lang)
            ));
        }
        if lobby.pending.len() >= MAX_PENDING {
            return Err(tr!(ctx.lang, "refusal-challenges-full", max = MAX_PENDING));
        }
        Ok(())
    }

    /// A new challenge id: drawn from the moment, place and challenger rather than from
    /// the store's counter, so that game numbers stay as they were (1, 2, ...).
    fn challenge_id(&self, slot: &Slot, ctx: &Context, now: u64) -> u64 {
        loop {
            let n = self
                .challenge_seq
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let seed = format!("{}:{}:{now}:{n}", ctx.channel, ctx.user.id);
            // 53 bits: an id any chat client or script reads exactly.
            let id = stable_id("challenge", &seed) & ((1 << 53) - 1);
            let taken = slot
                .challenges
                .iter()
                .chain(&slot.settled)
                .any(|c| c.id == id);
            if id != 0 && !taken {
                return id;
            }
        }
    }

    /// Accepts, declines or cancels the challenge `target` names, else the one that
    /// unambiguously concerns the invoker.
    pub(in crate::service) fn answer(
        &self,
        slot: &Slot,
        ctx: &Context,
        moderator: bool,
        answer: ChallengeAnswer,
        target: Option<ChallengeTarget>,
        now: u64,
    ) -> Result<Change, Refusal> {
        let lobby = self.lobby(slot, ctx.channel);
        let public = self.public_lang(ctx);
        let playing = slot.live.is_some();
        let c = match target {
            Some(ChallengeTarget::Id(id)) => match lobby.pending.iter().find(|c| c.id == id) {
                Some(c) => c,
                None => return settled_already(&lobby, id, ctx.lang, public),
            },
            Some(ChallengeTarget::Player(p)) => {
                chosen(&lobby, playing, ctx, moderator, answer, Some(&p))?
            }
            None => chosen(&lobby, playing, ctx, moderator, answer, None)?,
        };
        match answer {
            ChallengeAnswer::Accept => self.accept(slot, ctx, c, now),
            ChallengeAnswer::Decline => decline(c, &ctx.user, now, ctx.lang, public),
            ChallengeAnswer::Cancel => cancel(c, &ctx.user, moderator, now, ctx.lang, public),
        }
    }

    /// `/accept`: the challenge's game starts, and the challenge is settled with where.
    fn accept(
        &self,
        slot: &Slot,
        ctx: &Context,
        c: &Challenge,
        now: u64,
    ) -> Result<Change, Refusal> {
        let me = &ctx.user;
        if c.challenger.id == me.id {
            return Err(tr!(ctx.lang, "refusal-accept-own"));
        }
        if let Some(o) = &c.opponent {
            if o.id != me.id {
                return Err(tr!(ctx.lang, "refusal-accept-only", name = o.name.clone()));
            }
        }
        let mut taken = c.clone();
        taken.opponent = Some(me.clone());
        let mut change = self.start_game(slot, &taken, ctx, now, None)?;
        let place = change.live.as_ref().map_or(ctx.channel, |l| l.rec.channel);
        let public = self.public_lang(ctx);
        // A game by a pair of DMs is no channel's: it is played in both DMs.
        let pair = change
            .live
            .as_ref()
            .is_some_and(|l| l.rec.place == PlaceKind::DmPair);
        let outcome = if place == ctx.channel || pair {
            tr!(public, "challenge-accepted-by", name = me.name.clone())
        } else {
            tr!(
                public,
                "challenge-accepted-by-in",
                name = me.name.clone(),
                place = api::place(place)
            )
        };
        let mut done = settled(&taken, outcome, now);
        done.place = Some(place);
        change.replies.push(over_reply(&done, public));
        change.challenges.push(done);
        Ok(change)
    }

    /// The challenges of `gone` still unanswered in the store: another process sharing
    /// it may have answered some of them meanwhile, and those are remembered as they
    /// were settled, not expired.
    fn unsettled_elsewhere(
        &self,
        slot: &mut Slot,
        channel: u64,
        gone: Vec<Challenge>,
    ) -> Vec<Challenge> {
        if gone.is_empty() {
            return gone;
        }
        let Ok(stored) = self.store.challenges_in(channel) else {
            return gone;
        };
        let mut still = Vec::new();
        for c in gone {
            match stored.iter().find(|s| s.id == c.id) {
                Some(s) if s.outcome.is_some() => {
                    crate::service::plumbing::commit::remember_settled(slot, s.clone())
                }
                _ => still.push(c),
            }
        }
        still
    }

    /// Settles the challenges of `slot` whose time ran out (minute tick).
    pub(in crate::service) fn expire_challenges(
        &self,
        slot: &mut Slot,
        channel: u64,
        now: u64,
    ) -> Result<Vec<Reply>, StoreError> {
        let expiry = self.challenge_expiry_ms;
        let (gone, kept): (Vec<Challenge>, Vec<Challenge>) = std::mem::take(&mut slot.challenges)
            .into_iter()
            .partition(|c| expiry > 0 && now >= c.created_ms.saturating_add(expiry));
        slot.challenges = kept;
        let gone = self.unsettled_elsewhere(slot, channel, gone);
        // A challenge whose game is still played is kept: `/games` finds the game
        // from it.
        let old = |c: &Challenge| {
            now.saturating_sub(c.settled_ms.unwrap_or(0)) >= SETTLED_RETENTION_MS
                && !c
                    .place
                    .is_some_and(|p| matches!(self.store.active_game(p), Ok(Some(_))))
        };
        let forgotten: Vec<u64> = slot
            .settled
            .iter()
            .filter(|c| old(c))
            .map(|c| c.id)
            .collect();
        if gone.is_empty() && forgotten.is_empty() {
            return Ok(Vec::new());
        }
        let done: Vec<Challenge> = gone
            .iter()
            .map(|c| {
                let lang = self.server_lang(c.server);
                settled(c, tr!(lang, "challenge-expired"), now)
            })
            .collect();
        let change = Change {
            replies: done
                .iter()
                .map(|c| over_reply(c, self.server_lang(c.server)))
                .collect(),
            challenges: done,
            forget: forgotten,
            ..Change::default()
        };
        let at = Origin::time(channel);
        match self.commit_change(slot, &at, change, now) {
            Ok(replies) => {
                slot.settled.retain(|c| !old(c));
                Ok(replies)
            }
            Err(e) => {
                // Nothing changed: try again at the next tick.
                slot.challenges.extend(gone);
                slot.challenges.sort_by_key(|c| c.created_ms);
                Err(match e {
                    Unwritten::Store(e) | Unwritten::Unknown(e) => e,
                    Unwritten::Conflict => StoreError::Conflict { id: channel },
                })
            }
        }
    }

    /// Notes which message shows challenge `id` (so that it can be updated later).
    pub fn shown(&self, channel: u64, id: u64, message: u64) {
        let slot = self.slot(channel);
        let mut slot = lock(&slot);
        let slot = &mut *slot;
        let Some(c) = slot
            .challenges
            .iter_mut()
            .chain(slot.settled.iter_mut())
            .find(|c| c.id == id)
        else {
            // Not a challenge here: a tournament's standings message, perhaps.
            self.event_shown(id, message);
            return;
        };
        c.message = Some(message);
        let put = Put::Challenge(Box::new(c.clone()));
        if let Err(e) = self.write(vec![put], Durability::Flushed) {
            tracing::error!("store: {e}");
        }
    }
}

/// `/decline`: only the challenged player declines (an open challenge waits or expires).
fn decline(
    c: &Challenge,
    me: &User,
    now: u64,
    lang: Lang,
    public: Lang,
) -> Result<Change, Refusal> {
    if c.opponent.as_ref().is_none_or(|o| o.id != me.id) {
        return Err(match &c.opponent {
            Some(o) => tr!(lang, "refusal-decline-only", name = o.name.clone()),
            None => tr!(lang, "refusal-decline-open"),
        });
    }
    let done = settled(
        c,
        tr!(public, "challenge-declined-by", name = me.name.clone()),
        now,
    );
    Ok(Change {
        replies: vec![
            Reply::channel(tr!(
                public,
                "challenge-declines",
                name = me.name.clone(),
                challenger = c.challenger.name.clone()
            )),
            over_reply(&done, public),
        ],
        challenges: vec![done],
        ..Change::default()
    })
}

/// `/cancel`: the challenger withdraws; the challenged player or a moderator cancels.
fn cancel(
    c: &Challenge,
    me: &User,
    moderator: bool,
    now: u64,
    lang: Lang,
    public: Lang,
) -> Result<Change, Refusal> {
    let is_opponent = c.opponent.as_ref().is_some_and(|o| o.id == me.id);
    let (outcome, line) = if c.challenger.id == me.id {
        (
            tr!(public, "challenge-withdrawn-by", name = me.name.clone()),
            tr!(
                public,
                "challenge-withdraws",
                name = me.name.clone(),
                opponent = opponent_name_in(c, public)
            ),
        )
    } else if is_opponent || moderator {
        let who = if is_opponent {
            me.name.clone()
        } else {
            tr!(public, "challenge-moderator", name = me.name.clone())
        };
        (
            tr!(public, "challenge-cancelled-by", name = who.clone()),
            tr!(
                public,
                "challenge-cancels",
                name = who,
                challenger = c.challenger.name.clone(),
                opponent = opponent_name_in(c, public)
            ),
        )
    } else {
        return Err(tr!(
            lang,
            "refusal-cancel-only",
            name = c.challenger.name.clone()
        ));
    };
    let done = settled(c, outcome, now);
    Ok(Change {
        replies: vec![Reply::channel(line), over_reply(&done, public)],
        challenges: vec![done],
        ..Change::default()
    })
}

/// A late answer to challenge `id`: refused, and its message shows what became of it.
fn settled_already(lobby: &Lobby, id: u64, lang: Lang, public: Lang) -> Result<Change, Refusal> {
    let Some(c) = lobby.settled.iter().find(|c| c.id == id) else {
        return Err(tr!(lang, "refusal-challenge-gone"));
    };
    let outcome = c
        .outcome
        .clone()
        .unwrap_or_else(|| tr!(lang, "challenge-settled"));
    Ok(Change {
        replies: vec![
            Reply::refusal(tr!(lang, "refusal-challenge-over", outcome = outcome)),
            over_reply(c, public),
        ],
        ..Change::default()
    })
}

/// The pending challenges an answer without an id could mean, with its verb.
fn candidates<'a>(
    lobby: &'a Lobby,
    me: u64,
    moderator: bool,
    answer: ChallengeAnswer,
    named: Option<&User>,
) -> (&'static str, Vec<&'a Challenge>) {
    let to_me = |c: &Challenge| c.opponent.as_ref().is_some_and(|o| o.id == me);
    let open = |c: &Challenge| c.opponent.is_none() && c.challenger.id != me;
    let by = |c: &Challenge, u: &User| c.challenger.id == u.id;
    let with = |c: &Challenge, u: &User| c.opponent.as_ref().is_some_and(|o| o.id == u.id);
    let all = lobby.pending.iter();
    match (answer, named) {
        (ChallengeAnswer::Accept, None) => {
            let mine: Vec<_> = all.clone().filter(|c| to_me(c)).collect();
            let list = if mine.is_empty() {
                all.filter(|c| open(c)).collect()
            } else {
                mine
            };
            ("accept", list)
        }
        (ChallengeAnswer::Accept, Some(u)) => (
            "accept",
            all.filter(|c| by(c, u) && (to_me(c) || open(c))).collect(),
        ),
        (ChallengeAnswer::Decline, None) => ("decline", all.filter(|c| to_me(c)).collect()),
        (ChallengeAnswer::Decline, Some(u)) => {
            ("decline", all.filter(|c| by(c, u) && to_me(c)).collect())
        }
        (ChallengeAnswer::Cancel, None) => {
            // The challenger's own first; else one made to the invoker (the challenged
            // player may cancel, as with a name); else, for a moderator, any.
            let mine: Vec<_> = all.clone().filter(|c| c.challenger.id == me).collect();
            let to_them: Vec<_> = all.clone().filter(|c| to_me(c)).collect();
            let list = if !mine.is_empty() {
                mine
            } else if !to_them.is_empty() {
                to_them
            } else if moderator {
                all.collect()
            } else {
                Vec::new()
            };
            ("cancel", list)
        }
        (ChallengeAnswer::Cancel, Some(u)) => (
            "cancel",
            all.filter(|c| {
                (c.challenger.id == me && with(c, u))
                    || (moderator && (by(c, u) || with(c, u)))
                    || (to_me(c) && by(c, u))
            })
            .collect(),
        ),
    }
}

/// The one pending challenge of this channel an answer without an id means: the one
/// that unambiguously concerns the invoker (or, named, the one with that player).
fn chosen<'a>(
    lobby: &'a Lobby,
    playing: bool,
    ctx: &Context,
    moderator: bool,
    answer: ChallengeAnswer,
    named: Option<&User>,
) -> Result<&'a Challenge, Refusal> {
    let me = ctx.user.id;
    let (verb, candidates) = candidates(lobby, me, moderator, answer, named);
    match candidates.as_slice() {
        [one] => Ok(one),
        [] => Err(match (playing, named) {
            (_, Some(u)) => tr!(
                ctx.lang,
                "refusal-no-challenge-with",
                name = u.name.clone(),
                verb = verb
            ),
            (true, None) if lobby.pending.is_empty() => {
                tr!(ctx.lang, "refusal-no-challenge-playing", verb = verb)
            }
            _ => tr!(ctx.lang, "refusal-no-challenge-for-you", verb = verb),
        }),
        several => {
            let mut names: Vec<String> = several
                .iter()
                .map(|c| {
                    if c.challenger.id == me {
                        opponent_name_in(c, ctx.lang)
                    } else {
                        c.challenger.name.clone()
                    }
                })
                .collect();
            names.dedup();
            Err(tr!(
                ctx.lang,
                "refusal-several-challenges",
                names = names.join(", "),
                verb = verb
            ))
        }
    }
}
