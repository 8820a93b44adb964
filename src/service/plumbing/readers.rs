//! Each reader's own language in a game by a pair of DMs (issue 50): its public
//! messages are copied to both players' DMs, and where the two read different
//! languages each gets a copy planned in theirs (the one who acts reads the plan's own
//! language; the other a plan of the same change made again in theirs), as do the
//! private messages of the one who did not act (their secrets).

use crate::i18n::Lang;
use crate::model::PlaceKind;
use crate::service::contract::api::{Audience, Context, Reply, Request, User};
use crate::service::{Change, Service, Slot};
use crate::store::GameRecord;

impl Service {
    /// The human players of `rec` with the language each reads, when `rec` is played
    /// by a pair of DMs and some of them read another language than `planned`; empty
    /// otherwise (nothing to copy).
    pub(in crate::service) fn readers(&self, rec: &GameRecord, planned: Lang) -> Vec<(User, Lang)> {
        if rec.place != PlaceKind::DmPair {
            return Vec::new();
        }
        let readers: Vec<(User, Lang)> = rec
            .players
            .iter()
            .enumerate()
            .filter(|(i, _)| rec.computer.is_none_or(|c| c.side.index() != *i))
            .map(|(_, p)| (p.clone(), self.user_lang(p.id).unwrap_or(planned)))
            .collect();
        if readers.iter().all(|(_, lang)| *lang == planned) {
            return Vec::new();
        }
        readers
    }

    /// How `ctx`'s request `req` on `slot`'s game is planned again in another
    /// language ([`Service::plan_for_readers`]), read before it is planned the first
    /// time: only a request whose plan reads the game and writes nothing of its own
    /// (a move, a resignation, a draw, a takeback...); a move that a confirmation
    /// plays is played directly (the first plan forgets the waiting move). `None`:
    /// not planned again (it answers its invoker alone, or starts something new).
    pub(in crate::service) fn replan_of(
        &self,
        slot: &Slot,
        ctx: &Context,
        req: &Request,
    ) -> Option<Replan> {
        let live = slot.live.as_ref()?;
        if live.rec.place != PlaceKind::DmPair {
            return None;
        }
        match req {
            Request::Move { text } => Some(Replan::Play(text.clone())),
            Request::ConfirmMove { game, .. } => {
                match self.store.pending_move(ctx.user.id, *game) {
                    Ok(Some(p)) => Some(Replan::Play(p.text)),
                    _ => None,
                }
            }
            Request::OnGame { request, .. } if !pure(request) => None,
            other if pure(other) || matches!(other, Request::OnGame { .. }) => {
                Some(Replan::Act(other.clone()))
            }
            _ => None,
        }
    }

    /// `change`, planned by `ctx` on `slot`'s game, for each of its readers in their
    /// own language: `replan` ([`Service::replan_of`]) planned again on the same state
    /// in each other language. Not for a game the change starts (its seed and id are
    /// drawn once): [`Service::for_each_reader`] with its own replies does that.
    pub(in crate::service) fn plan_for_readers(
        &self,
        slot: &mut Slot,
        (ctx, moderator): (&Context, bool),
        replan: Option<Replan>,
        now: u64,
        change: &mut Change,
    ) {
        let Some(replan) = replan else {
            return;
        };
        let Some(live) = slot.live.as_ref() else {
            return;
        };
        if change
            .live
            .as_ref()
            .is_some_and(|l| l.rec.id != live.rec.id)
        {
            return;
        }
        let planned = live.lang;
        let readers = self.readers(&live.rec, planned);
        Service::for_each_reader(&readers, planned, &mut change.replies, |lang| {
            let ctx = Context {
                lang,
                ..ctx.clone()
            };
            set_lang(slot, lang);
            let again = match &replan {
                Replan::Play(text) => self.play(slot, &ctx, text, now),
                Replan::Act(req) => self.act(slot, &ctx, moderator, req.clone(), now),
            };
            set_lang(slot, planned);
            again.ok().map(|c| c.replies)
        });
    }

    /// Writes `replies`, planned in `planned`, for each of `readers` in their own
    /// language: `plan` makes the same change's replies again in another language
    /// (`None` when it cannot). A plan that does not answer in the same shape leaves
    /// the replies as they are, in one language.
    pub(in crate::service) fn for_each_reader(
        readers: &[(User, Lang)],
        planned: Lang,
        replies: &mut Vec<Reply>,
        mut plan: impl FnMut(Lang) -> Option<Vec<Reply>>,
    ) {
        let read = |r: &Reply| !matches!(r.to, Audience::Invoker);
        if readers.is_empty() || !replies.iter().any(read) {
            return;
        }
        let mut written: Vec<(Lang, Vec<Reply>)> = vec![(planned, replies.clone())];
        for (_, lang) in readers {
            if written.iter().any(|(l, _)| l == lang) {
                continue;
            }
            match plan(*lang).filter(|again| same_shape(replies, again)) {
                Some(again) => written.push((*lang, again)),
                None => {
                    tracing::warn!("a reply planned again in {lang:?} differs: one language");
                    return;
                }
            }
        }
        *replies = copies(std::mem::take(replies), readers, &written);
    }
}

/// How a change of a game by a pair of DMs is planned again in another language.
pub(in crate::service) enum Replan {
    /// The move with this text, played (no confirmation asked).
    Play(String),
    /// The request itself.
    Act(Request),
}

/// Whether `req`'s plan only reads the game and the store.
fn pure(req: &Request) -> bool {
    matches!(
        req,
        Request::Resign
            | Request::Draw(_)
            | Request::Abort
            | Request::Claim
            | Request::Takeback(_)
            | Request::Conditional { .. }
            | Request::PickPlay { .. }
    )
}

/// The language `slot`'s game is planned in.
fn set_lang(slot: &mut Slot, lang: Lang) {
    if let Some(live) = slot.live.as_mut() {
        live.lang = lang;
    }
}

/// Whether `again` answers as `replies` do, reply by reply (the same audiences).
fn same_shape(replies: &[Reply], again: &[Reply]) -> bool {
    replies.len() == again.len() && replies.iter().zip(again).all(|(a, b)| a.to == b.to)
}

/// `replies` with each public one copied for every reader and each private one of a
/// reader in their language, taken from `written` (the replies in each language, in
/// the same order).
fn copies(
    replies: Vec<Reply>,
    readers: &[(User, Lang)],
    written: &[(Lang, Vec<Reply>)],
) -> Vec<Reply> {
    let in_lang = |lang: Lang, i: usize, reader: u64| {
        let mut r = written
            .iter()
            .find(|(l, _)| *l == lang)
            .and_then(|(_, rs)| rs.get(i))
            .cloned()?;
        r.lang = lang;
        r.reader = Some(reader);
        if let Some(view) = r.image.as_mut() {
            view.write_in(lang);
        }
        Some(r)
    };
    let mut out = Vec::new();
    for (i, reply) in replies.into_iter().enumerate() {
        match &reply.to {
            Audience::Channel | Audience::Place(_) => out.extend(
                readers
                    .iter()
                    .filter_map(|(u, lang)| in_lang(*lang, i, u.id)),
            ),
            Audience::Private(to) => {
                let theirs = readers.iter().find(|(u, _)| u.id == to.id);
                match theirs.and_then(|(u, lang)| in_lang(*lang, i, u.id)) {
                    Some(copy) => out.push(copy),
                    None => out.push(reply),
                }
            }
            Audience::Invoker => out.push(reply),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(id: u64) -> User {
        User {
            id,
            name: format!("u{id}"),
        }
    }

    fn replies(word: &str) -> Vec<Reply> {
        vec![
            Reply::channel(format!("board {word}")),
            Reply::private(user(2), format!("secret {word}")),
            Reply::invoker(format!("ok {word}")),
        ]
    }

    #[test]
    fn each_reader_gets_the_public_reply_and_their_secret_in_their_language() {
        let readers = [(user(1), Lang::En), (user(2), Lang::De)];
        let mut rs = replies("en");
        Service::for_each_reader(&readers, Lang::En, &mut rs, |lang| {
            assert_eq!(lang, Lang::De);
            Some(replies("de"))
        });
        let seen: Vec<(String, Option<u64>, Lang)> = rs
            .iter()
            .map(|r| (r.text.clone(), r.reader, r.lang))
            .collect();
        assert_eq!(
            seen,
            vec![
                ("board en".to_string(), Some(1), Lang::En),
                ("board de".to_string(), Some(2), Lang::De),
                ("secret de".to_string(), Some(2), Lang::De),
                ("ok en".to_string(), None, Lang::En),
            ]
        );
    }

    #[test]
    fn a_plan_in_another_shape_or_none_leaves_one_language() {
        let readers = [(user(1), Lang::En), (user(2), Lang::De)];
        for again in [None, Some(replies("de")[..2].to_vec())] {
            let mut rs = replies("en");
            Service::for_each_reader(&readers, Lang::En, &mut rs, |_| again.clone());
            assert_eq!(rs, replies("en"));
        }
        // Nobody reads another language, or only the invoker is answered: no plan.
        let mut rs = vec![Reply::invoker("refused")];
        Service::for_each_reader(&readers, Lang::En, &mut rs, |_| panic!("planned"));
        Service::for_each_reader(&[], Lang::En, &mut replies("en"), |_| panic!("planned"));
    }
}
