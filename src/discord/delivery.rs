//! Turning the service's replies into Discord messages and sending them where they
//! belong: the interaction's answer, channel and thread messages, direct messages with
//! the fallback for users whose direct messages are closed; and reporting an outbox
//! entry delivered once every reply of it was sent or refused for good.
//!
//! Per place (issue 50): in a server the bot posts; in a group chat reached through a
//! user's install it can only answer the interactions used there, so the player asked
//! is told by direct message, and what time brings (reminders, time-outs, the end)
//! reaches the players by direct message too.

use super::buttons::without_play;
use super::interaction::Interacted;
use super::outgoing::Outgoing;
pub use super::pairs::chat_link;
use super::pairs::Group;
use super::parts::{dm_nonce, nonce, Parts};
pub(crate) use super::posting::direct_message;
use super::posting::{edit_posted, post, post_message, post_or_classic};
use super::retry::{
    discord_code, log_err, passing, permanent_reason, place_gone, refused_for_its_form,
};
use super::undelivered::Undelivered;
use crate::i18n::{tr, Lang};
use crate::service::api::{Audience, PlaceKind, ReplyKind, User};
use crate::tr;
use serenity::all::{ChannelId, Http, MessageId, UserId};
use std::collections::{BTreeMap, BTreeSet};

/// Where the replies of one service call go.
pub enum Origin<'a> {
    /// A slash command or button: answer the interaction.
    Interaction(&'a mut Interacted),
    /// A plain chat message (a move typed in the channel) by `author`; `in_dm` when
    /// typed in their DM with the bot, `channel` then being the game's place.
    Message {
        channel: ChannelId,
        author: User,
        in_dm: bool,
    },
    /// Time passing (reminders): the game's channel.
    Timed { channel: ChannelId },
}

impl Origin<'_> {
    /// Who made the change whose replies these are (none for time passing).
    fn actor(&self) -> Option<User> {
        match self {
            Origin::Interaction(i) => Some(i.user.clone()),
            Origin::Message { author, .. } => Some(author.clone()),
            Origin::Timed { .. } => None,
        }
    }
}
/// Delivers prepared replies to where they belong. Returns the messages that show
/// new challenges, as `(challenge, message id)`, for the service to note.
pub async fn deliver(
    http: &Http,
    undelivered: &Undelivered,
    origin: &mut Origin<'_>,
    out: Vec<Outgoing>,
) -> Vec<(u64, u64)> {
    // Reported delivered at the end: every reply below has been sent, or refused for
    // good. An entry with a post that failed for a passing reason stays in the outbox,
    // whose next look sends it again (its channel posts carry the same nonces).
    let entries: BTreeSet<u64> = out.iter().filter_map(|o| o.reply.outbox).collect();
    undelivered.delivering(&entries);
    let group = group_of(undelivered, origin, &out).await;
    let (shown, kept) = deliver_replies(http, undelivered, origin, out, group).await;
    undelivered.release(&kept);
    undelivered
        .delivered(entries.difference(&kept).copied().collect())
        .await;
    shown
}

/// What one delivery collects as it goes: the challenge messages it posted, the private
/// messages it sends last, whether a channel already refused a post (the actor is told
/// once), and how many replies of each outbox entry it has sent (the nonces).
struct Round {
    shown: Vec<(u64, u64)>,
    private: Vec<(User, Parts, Lang)>,
    refused_channel: bool,
    /// The language of the reply being sent (its direct messages and notices speak it).
    lang: Lang,
    /// The channel a direct message says it comes from (a player may have games in
    /// several): the game's own place when it has one, else where the change came from.
    from: ChannelId,
    sent_of: BTreeMap<u64, u32>,
    /// Places whose posts were refused because they are gone (deleted, locked).
    gone: BTreeSet<u64>,
    /// The outbox entry of the reply being sent.
    entry: Option<u64>,
    /// Outbox entries left for the outbox to send again.
    kept: BTreeSet<u64>,
    /// The game's place when the bot cannot post there (a group chat).
    group: Option<Group>,
    /// Public messages of such a place to send its people by direct message, each
    /// with who gets it (not one who read it as their interaction's answer).
    for_people: Vec<(Parts, Lang, Vec<u64>)>,
    /// The one reader the reply being sent was written for, in their language (a game
    /// by a pair of DMs whose players read different languages).
    reader: Option<u64>,
    /// Time passing made the change (nobody acted).
    timed: bool,
    /// A line typed in a DM with the bot made it: what goes back there needs no line
    /// saying where it comes from.
    in_own_dm: bool,
    /// The reply being sent shows the game over.
    ended: bool,
}

/// The game's place when the bot cannot post there: what the service says of the
/// channel the replies belong to (a reply addressed to a game's own place names it;
/// a server's interactions and chat lines need no look-up).
async fn group_of(
    undelivered: &Undelivered,
    origin: &Origin<'_>,
    out: &[Outgoing],
) -> Option<Group> {
    let named = out.iter().find_map(|o| match o.reply.to {
        Audience::Place(p) => Some(p),
        _ => None,
    });
    let channel = match (named, origin) {
        (Some(place), _) => place,
        (None, Origin::Interaction(i)) if i.place == PlaceKind::Server => return None,
        (None, Origin::Interaction(i)) => i.acting,
        (None, Origin::Timed { channel }) => channel.get(),
        (None, Origin::Message { channel, in_dm, .. }) if *in_dm => channel.get(),
        (None, Origin::Message { .. }) => return None,
    };
    let w = undelivered.whereabouts(channel).await?;
    matches!(w.kind, PlaceKind::GroupChat | PlaceKind::DmPair).then_some(Group {
        pair: w.kind == PlaceKind::DmPair,
        people: w.people,
        channel,
        server: w.server,
    })
}

impl Round {
    fn new(origin: &Origin<'_>, out: &[Outgoing], group: Option<Group>) -> Round {
        let here = origin_channel(origin);
        let from = out
            .iter()
            .find_map(|o| match o.reply.to {
                Audience::Place(p) => Some(ChannelId::new(p.max(1))),
                _ => None,
            })
            .unwrap_or(here);
        Round {
            shown: Vec::new(),
            private: Vec::new(),
            refused_channel: false,
            lang: out.first().map(|o| o.reply.lang).unwrap_or_default(),
            from,
            sent_of: BTreeMap::new(),
            gone: BTreeSet::new(),
            entry: None,
            kept: BTreeSet::new(),
            group,
            for_people: Vec::new(),
            timed: matches!(origin, Origin::Timed { .. }),
            in_own_dm: matches!(origin, Origin::Message { in_dm: true, .. }),
            ended: false,
            reader: None,
        }
    }

    /// Starts on reply `o`: its language and outbox entry, and the nonce of its place
    /// in that entry (every reply of the entry counted, however it is sent, so that a
    /// delivery by the outbox gives each reply the nonce it had).
    fn start(&mut self, o: &Outgoing) -> Option<String> {
        self.lang = o.reply.lang;
        self.reader = o.reply.reader;
        self.entry = o.reply.outbox;
        self.ended = o.reply.controls.is_some_and(|c| c.finished);
        o.reply.outbox.map(|entry| {
            let n = self.sent_of.entry(entry).or_insert(0);
            *n += 1;
            nonce(entry, *n)
        })
    }

    fn in_dm(&self, mut parts: Parts) -> Parts {
        let from = match &self.group {
            Some(g) if g.pair => super::pairs::heading(&g.people, self.lang),
            Some(g) => tr!(self.lang, "dms-from-chat", chat = g.link()),
            None if self.in_own_dm => return parts,
            None => tr!(self.lang, "delivery-from", channel = self.from.to_string()),
        };
        parts.content = format!("{from}\n{}", parts.content);
        parts.rows = without_play(parts.rows);
        parts
    }

    /// A public message of a group chat's game that cannot be posted there: for its
    /// people by direct message (each who gets no private message of this delivery).
    fn for_people(&mut self, parts: Parts) {
        self.for_people_but(parts, None);
    }

    /// [`Round::for_people`], but not for `but` (who read it already); a copy written
    /// for one reader only for them.
    fn for_people_but(&mut self, parts: Parts, but: Option<u64>) {
        let Some(group) = &self.group else { return };
        let to = group
            .people
            .iter()
            .map(|p| p.id)
            .filter(|id| Some(*id) != but && self.reader.is_none_or(|r| r == *id))
            .collect();
        let parts = self.in_dm(parts);
        self.for_people.push((parts, self.lang, to));
    }

    /// A board answered in a group chat asks a player: they learn it by direct message
    /// (with the board and its Move button, and the link back to the chat), unless
    /// they are the one who acted and see it already; a board of the game over reaches
    /// every player but the one who acted so.
    fn tell_asked(&mut self, parts: &Parts, actor: &User) {
        let Some(group) = &self.group else { return };
        if parts.files.is_empty() && !parts.is_container() {
            return;
        }
        let ended = self.ended;
        let heading = if ended {
            tr!(self.lang, "dms-from-chat", chat = group.link())
        } else {
            tr!(self.lang, "dms-your-turn", chat = group.link())
        };
        let asked: Vec<User> = group
            .people
            .iter()
            .filter(|p| ended || parts.mentions.iter().any(|m| m.get() == p.id))
            .filter(|p| actor.id != p.id)
            .cloned()
            .collect();
        for person in asked {
            let mut dm = parts.clone();
            dm.content = format!("{heading}\n{}", dm.content);
            dm.rows = without_play(dm.rows);
            self.private.push((person, dm, self.lang));
        }
    }

    /// Sends each of the group chat's people its public messages of this delivery, but
    /// not one who gets a private message of it already (a reminder's own; in a game
    /// by a pair of DMs, whose moves' secrets are private messages too, only of what
    /// time brings).
    fn people_get_theirs(&mut self) {
        let Some(group) = &self.group else { return };
        let told: BTreeSet<u64> = if group.pair && !self.timed {
            BTreeSet::new()
        } else {
            self.private.iter().map(|(u, _, _)| u.id).collect()
        };
        for (parts, lang, to) in std::mem::take(&mut self.for_people) {
            let people = group.people.iter().filter(|p| to.contains(&p.id));
            for person in people.filter(|p| !told.contains(&p.id)) {
                self.private.push((person.clone(), parts.clone(), lang));
            }
        }
    }

    /// A post in `channel` failed with `e`: a place that is gone is noted (its game
    /// moves once this delivery is over); one that failed for a passing reason leaves
    /// its outbox entry to be sent again.
    fn note_failure(&mut self, channel: ChannelId, e: &serenity::Error) {
        if discord_code(e).is_some_and(place_gone) {
            self.gone.insert(channel.get());
        }
        if passing(e) {
            self.kept.extend(self.entry);
        }
    }

    /// A post refused for good: whoever acted learns why, once per delivery.
    fn tell_refused(
        &mut self,
        e: &serenity::Error,
        actor: Option<User>,
        say: impl Fn(&str) -> String,
    ) {
        let reason = discord_code(e).and_then(|code| permanent_reason(code, self.lang));
        if let (Some(reason), Some(actor), false) = (reason, actor, self.refused_channel) {
            self.refused_channel = true;
            let mut told = Parts::text(say(&reason));
            // Reply 0 of the entry: its replies count from 1.
            told.nonce = self.entry.map(|entry| nonce(entry, 0));
            self.private.push((actor, told, self.lang));
        }
    }

    /// A post in `channel` failed with `e` (for good, or after its retries): noted,
    /// and whoever acted learns why, of their move (`moved`) or of the game.
    fn post_failed(
        &mut self,
        channel: ChannelId,
        e: &serenity::Error,
        actor: Option<User>,
        moved: bool,
    ) {
        tracing::warn!("message in {channel} failed: {e}");
        self.note_failure(channel, e);
        let (lang, channel) = (self.lang, channel.to_string());
        self.tell_refused(e, actor, |reason| {
            let channel = channel.clone();
            if moved {
                tr!(
                    lang,
                    "delivery-move-not-posted",
                    channel = channel,
                    reason = reason
                )
            } else {
                tr!(
                    lang,
                    "delivery-game-not-posted",
                    channel = channel,
                    reason = reason
                )
            }
        });
    }
}

async fn deliver_replies(
    http: &Http,
    undelivered: &Undelivered,
    origin: &mut Origin<'_>,
    out: Vec<Outgoing>,
    group: Option<Group>,
) -> (Vec<(u64, u64)>, BTreeSet<u64>) {
    // A settled challenge's message is updated first: on a button press that update
    // is the interaction's answer (type 7), and everything else follows it.
    // So is the move picker's next step on a press in the picker (its message is
    // updated), before the board its Confirm may post.
    let mut out = out;
    out.sort_by_key(|o| {
        !matches!(
            o.reply.kind,
            ReplyKind::ChallengeOver { .. } | ReplyKind::Picker(_) | ReplyKind::Picked
        )
    });
    let mut round = Round::new(origin, &out, group);
    for o in out {
        let nonce = round.start(&o).or_else(|| o.nonce.clone());
        if matches!(o.reply.kind, ReplyKind::Picker(_) | ReplyKind::Picked)
            && update_picker(http, origin, &o).await
        {
            continue;
        }
        if let ReplyKind::ChallengeOver {
            challenge,
            message,
            shown: text,
        } = &o.reply.kind
        {
            settle_message(http, origin, *challenge, *message, text).await;
            if o.reply.text.is_empty() {
                continue;
            }
        }
        if let ReplyKind::Standings {
            event,
            message: Some(m),
        } = &o.reply.kind
        {
            // A tournament's standings: its message is edited in place; posted anew
            // (and noted) only when it is gone.
            let channel = match o.reply.to {
                Audience::Place(p) => ChannelId::new(p.max(1)),
                _ => origin_channel(origin),
            };
            match edit_posted(http, channel, *m, &Parts::of(&o)).await {
                Ok(()) => continue,
                Err(e) => tracing::info!("tournament {event}: standings message {m}: {e}"),
            }
        }
        let mut parts = Parts::of(&o);
        parts.nonce = nonce;
        if matches!(o.reply.kind, ReplyKind::Challenge { .. })
            && matches!(origin, Origin::Interaction(i) if i.place == PlaceKind::GroupChat)
        {
            parts.content = format!("{}\n{}", parts.content, tr(round.lang, "dms-group-note"));
        }
        if challenge_by_dm(origin, &mut round, &o, &parts) {
            continue;
        }
        route(http, origin, &mut round, &o.reply.to, parts).await;
    }
    round.people_get_theirs();
    for channel in std::mem::take(&mut round.gone) {
        undelivered.place_gone(channel, None);
    }
    let private = std::mem::take(&mut round.private);
    let dm_sent = send_private(http, undelivered, origin, private, round.group.as_ref()).await;
    if let Origin::Interaction(i) = origin {
        finish_interaction(http, undelivered, i, dm_sent).await;
    }
    (round.shown, round.kept)
}

/// A challenge made in one's DM with the bot reaches the challenged in theirs, with
/// its buttons (issue 50): the copy written for them in their language when there is
/// one (then `true`: it goes nowhere else), else the challenger's.
fn challenge_by_dm(origin: &Origin<'_>, round: &mut Round, o: &Outgoing, parts: &Parts) -> bool {
    let actor = origin.actor();
    let theirs = o
        .reply
        .reader
        .filter(|r| actor.as_ref().is_none_or(|a| a.id != *r));
    if let (Some(_), ReplyKind::Challenge { challenged, .. }) = (theirs, &o.reply.kind) {
        match actor {
            Some(a) => {
                let copy = super::pairs::challenge_copy(&a, &o.reply.kind, parts, round.lang);
                round.private.extend(copy);
            }
            // Delivered again by the outbox: the copy as it is.
            None => round
                .private
                .extend(challenged.clone().map(|c| (c, parts.clone(), round.lang))),
        }
        return true;
    }
    if let Origin::Interaction(i) = origin {
        if i.place == PlaceKind::BotDm && round.group.is_none() && o.reply.reader.is_none() {
            let copy = super::pairs::challenge_copy(&i.user, &o.reply.kind, parts, round.lang);
            round.private.extend(copy);
        }
    }
    false
}

/// Shows the picker's next step in place of the pressed picker message (interaction
/// response type 7); `false` when the press did not come from one (the board's Move
/// button: the picker is a new private message) or the interaction was already
/// acknowledged.
async fn update_picker(http: &Http, origin: &mut Origin<'_>, o: &Outgoing) -> bool {
    let Origin::Interaction(i) = origin else {
        return false;
    };
    if i.pressed.is_none() || o.reply.to != Audience::Invoker {
        return false;
    }
    match i.update(http, Parts::of(o)).await {
        Ok(updated) => updated,
        Err(e) => {
            tracing::warn!("picker update failed: {e}");
            false
        }
    }
}

/// The channel a change came from.
fn origin_channel(origin: &Origin<'_>) -> ChannelId {
    match origin {
        Origin::Interaction(i) => i.channel,
        Origin::Message { channel, .. } | Origin::Timed { channel } => *channel,
    }
}

/// Sends one reply where its audience and the origin of the change say.
async fn route(
    http: &Http,
    origin: &mut Origin<'_>,
    round: &mut Round,
    to: &Audience,
    parts: Parts,
) {
    let challenge = parts.challenge;
    let lang = round.lang;
    if round.group.as_ref().is_some_and(|g| g.pair_public(to)) {
        return pair_public(http, origin, round, parts).await;
    }
    if round.group.is_some() && matches!(origin, Origin::Timed { .. }) {
        // Nothing can be posted in a group chat without an interaction to answer.
        match to {
            Audience::Private(u) => {
                let parts = round.in_dm(parts);
                round.private.push((u.clone(), parts, lang))
            }
            _ => round.for_people(parts),
        }
        return;
    }
    match (to, &mut *origin) {
        (Audience::Private(u), _) => {
            let parts = round.in_dm(parts);
            round.private.push((u.clone(), parts, round.lang))
        }
        (Audience::Channel, Origin::Interaction(i)) => {
            round.tell_asked(&parts, &i.user);
            let sent = match i.send(http, parts.clone(), false).await {
                Ok(m) => m,
                Err(e) => answer_refused(http, i, round, parts, e).await,
            };
            round
                .shown
                .extend(challenge.zip(sent).map(|(c, m)| (c, m.get())));
        }
        (Audience::Invoker, Origin::Interaction(i)) => {
            log_err("private interaction reply", i.send(http, parts, true).await).await
        }
        (
            Audience::Channel,
            Origin::Message {
                channel, author, ..
            },
        ) => {
            if let Err(e) = post_or_classic(http, *channel, &parts, lang).await {
                // The player who moved learns why the channel stayed silent.
                round.post_failed(*channel, &e, Some(author.clone()), true);
            }
        }
        (Audience::Channel, Origin::Timed { channel }) => {
            match post_or_classic(http, *channel, &parts, lang).await {
                Ok(m) => round.shown.extend(challenge.map(|c| (c, m.get()))),
                Err(e) => {
                    tracing::warn!("channel message failed: {e}");
                    round.note_failure(*channel, &e);
                }
            }
        }
        // Without an interaction the invoker's private answer goes by DM.
        (Audience::Invoker, Origin::Message { author, .. }) => {
            let parts = round.in_dm(parts);
            round.private.push((author.clone(), parts, round.lang))
        }
        (Audience::Place(place), origin) => {
            // A game's own place (its thread): a message there, not an answer here.
            let channel = ChannelId::new((*place).max(1));
            match post_or_classic(http, channel, &parts, lang).await {
                Ok(m) => round.shown.extend(challenge.map(|c| (c, m.get()))),
                Err(e) => round.post_failed(channel, &e, origin.actor(), false),
            }
        }
        (Audience::Invoker, Origin::Timed { channel }) => {
            log_err("channel message", post(http, *channel, &parts).await).await
        }
    }
}

/// A public reply of a game by a pair of DMs (issue 50): each player reads it in their
/// own DM with the bot; one who acted there by an interaction reads it as its answer.
async fn pair_public(http: &Http, origin: &mut Origin<'_>, round: &mut Round, mut parts: Parts) {
    // Every copy is in a DM, where the Activity would not find this game.
    parts.rows = without_play(parts.rows);
    let people = round
        .group
        .as_ref()
        .map(|g| g.people.clone())
        .unwrap_or_default();
    let theirs = |id: u64| round.reader.is_none_or(|r| r == id);
    if let Origin::Interaction(i) = origin {
        let acted_here = i.place == PlaceKind::BotDm && people.iter().any(|p| p.id == i.user.id);
        if acted_here && theirs(i.user.id) {
            let mut answer = parts.clone();
            answer.nonce = None;
            match i.send(http, answer, false).await {
                Ok(_) => return round.for_people_but(parts, Some(i.user.id)),
                Err(e) => tracing::warn!("interaction reply failed ({e}); sent by DM instead"),
            }
        }
    }
    round.for_people(parts);
}

/// A public answer to an interaction that Discord refused with `e` is not lost: a
/// container goes again as a classic message (Discord may refuse a followup with
/// files and the Components V2 flag), and failing that the message is posted in the
/// channel with its outbox nonce; when even that fails for a passing reason its outbox
/// entry stays, for the outbox to send again. Returns the message made, if any.
async fn answer_refused(
    http: &Http,
    i: &mut Interacted,
    round: &mut Round,
    parts: Parts,
    e: serenity::Error,
) -> Option<MessageId> {
    tracing::warn!("interaction reply failed ({e}); sending it another way");
    let classic = parts.classic(round.lang);
    let wanted = parts.challenge.is_some();
    if round.group.is_some() && !refused_for_its_form(&e) {
        // A group chat takes no post of the bot's own, and this interaction no more
        // answers (its token ran out, or its followups did): its people read it by
        // direct message, told why.
        let mut classic = classic;
        let why = tr(round.lang, "dms-late-answer");
        classic.content = format!("{why}\n{}", classic.content);
        round.for_people(classic);
        return None;
    }
    if parts.is_container() {
        match i.send(http, classic.clone(), false).await {
            Ok(m) => return m,
            Err(e) => tracing::warn!("classic interaction reply failed too: {e}"),
        }
    }
    // Not through the interaction (its token may be spent): a post of its own.
    match post_message(http, i.channel, &classic).await {
        Ok(m) => wanted.then_some(m),
        Err(e) => {
            round.post_failed(i.channel, &e, Some(i.user.clone()), false);
            None
        }
    }
}

/// Sends the private messages by DM; a closed DM falls back to a private answer to the
/// invoker, or is kept for the user's next command, and who can be told of it is
/// (once per delivery, [`tell_unreachable`]). Returns whether a direct message to the
/// invoker went out.
async fn send_private(
    http: &Http,
    undelivered: &Undelivered,
    origin: &mut Origin<'_>,
    private: Vec<(User, Parts, Lang)>,
    group: Option<&Group>,
) -> bool {
    let mut dm_sent = false;
    let mut told = BTreeSet::new();
    let mut copies: BTreeMap<(String, u64), u32> = BTreeMap::new();
    for (user, mut parts, lang) in private {
        let text = parts.content.clone();
        // A copy of an outbox entry's reply: a nonce of its own for this recipient
        // (Discord drops the repeat a crash before "delivered" causes).
        if let Some(reply) = parts.nonce.take() {
            let copy = copies.entry((reply.clone(), user.id)).or_insert(0);
            *copy += 1;
            parts.nonce = Some(dm_nonce(&reply, user.id, *copy));
        }
        let Err(e) = direct_message(http, user.id, parts.clone()).await else {
            dm_sent |= matches!(origin, Origin::Interaction(i) if i.user.id == user.id);
            continue;
        };
        tracing::warn!(
            "direct message to {} failed (kept for their next command): {e}",
            user.id
        );
        if let Origin::Interaction(i) = origin {
            if i.user.id == user.id {
                // The owner is right here: show it to them alone instead; keep it for
                // later if even that fails.
                if let Err(e) = i.send(http, parts, true).await {
                    tracing::warn!("private fallback failed: {e}");
                    undelivered.push(user.id, text).await;
                }
                continue;
            }
        }
        undelivered.push(user.id, text).await;
        if told.insert(user.id) {
            tell_unreachable(http, origin, group, &user, (lang, parts.nonce)).await;
        }
    }
    dm_sent
}

/// `user` could not be sent a direct message (closed DMs: 403 / 50007); what it said
/// is kept for their next command. Who can be told learns it: in a game by a pair of
/// DMs (issue 50), the other player, in their own DM (the game goes on); in a group
/// chat, the chat when an interaction there is being answered (its board names whose
/// turn it is), else nobody, as the bot cannot post there (the reason is logged);
/// elsewhere, a notice where the change came from. `nonce`: the refused message's,
/// from which each notice's own is derived (a notice posted in a DM with the bot, as
/// every message of an outbox entry there, carries one).
async fn tell_unreachable(
    http: &Http,
    origin: &mut Origin<'_>,
    group: Option<&Group>,
    user: &User,
    (lang, nonce): (Lang, Option<String>),
) {
    let id = user.id.to_string();
    let text = match group {
        Some(g) if g.pair => {
            return super::pairs::tell_unreachable(http, g, user, (lang, nonce)).await
        }
        Some(_) if !matches!(origin, Origin::Interaction(_)) => {
            return tracing::warn!(
                "{} cannot be reached by DM, and their group chat takes no post of mine",
                user.id
            );
        }
        Some(_) => tr!(lang, "dms-closed-in-chat", user = id),
        None => tr!(lang, "delivery-dms-closed", user = id),
    };
    let mut notice = Parts::text(text);
    notice.mentions = vec![UserId::new(user.id)];
    notice.nonce = nonce.map(|n| dm_nonce(&n, user.id, 0));
    match origin {
        Origin::Interaction(i) => log_err("notice", i.send(http, notice, false).await).await,
        Origin::Message { channel, .. } | Origin::Timed { channel } => {
            log_err("notice", post(http, *channel, &notice).await).await
        }
    }
}

/// The interaction's last steps: an answer when everything went by DM, and the texts
/// kept from earlier failed DMs, shown privately now.
async fn finish_interaction(
    http: &Http,
    undelivered: &Undelivered,
    i: &mut Interacted,
    dm_sent: bool,
) {
    if !i.responded() && dm_sent {
        // Only said when a direct message to the invoker really went out.
        log_err(
            "acknowledgement",
            i.send(http, Parts::text(tr(i.lang, "delivery-dm-sent")), true)
                .await,
        )
        .await;
    }
    // Texts kept from earlier failed DMs leave the store only once shown.
    for text in undelivered.take(i.user.id).await {
        let parts = Parts::text(format!("{}\n{text}", tr(i.lang, "delivery-undelivered")));
        if let Err(e) = i.send(http, parts, true).await {
            tracing::warn!("undelivered message failed again: {e}");
            undelivered.push(i.user.id, text).await;
        }
    }
}

/// Shows what became of a settled challenge on its message, without buttons: by
/// updating the pressed message when the answer came from one of its buttons
/// (interaction response type 7), else by editing the message the service noted.
async fn settle_message(
    http: &Http,
    origin: &mut Origin<'_>,
    challenge: u64,
    message: Option<u64>,
    shown: &str,
) {
    let parts = Parts::settled(shown);
    let channel = match origin {
        Origin::Interaction(i) => {
            if i.pressed_on(challenge, message) {
                let pressed = i.pressed.map(|(m, _)| m.get());
                match i.update(http, parts.clone()).await {
                    Ok(true) => return,
                    Ok(false) => {
                        // Already acknowledged (deferred): edit the pressed message.
                        if let Some(m) = pressed {
                            let r = edit_posted(http, i.channel, m, &parts).await;
                            log_err("challenge message edit", r).await;
                            return;
                        }
                    }
                    Err(e) => {
                        tracing::warn!("message update failed: {e}");
                        return;
                    }
                }
            }
            i.channel
        }
        Origin::Message { channel, .. } | Origin::Timed { channel } => *channel,
    };
    match message {
        Some(m) => {
            log_err(
                "challenge message edit",
                edit_posted(http, channel, m, &parts).await,
            )
            .await
        }
        None => tracing::debug!("challenge {challenge}: no message to update"),
    }
}
