//! Player preferences (`/settings`) and move confirmation: with `confirm:on`, a typed
//! move is answered privately with the board after it and Confirm / Cancel, and is
//! played only when confirmed (a Confirm press, or the same move typed again) for the
//! position it was typed in (ruling X-CORR-5).
//!
//! Owns the preferences and the confirmation's rules. May import the service's own
//! modules and `store`.

use crate::core::view::Viewer;
use crate::i18n::Lang;
use crate::service::capabilities::turns::player_game;
pub use crate::service::contract::actions::SettingsChange;
use crate::service::contract::api::{Context, Reply, ReplyKind, TimedReply, User};
use crate::service::contract::grammar::choice_label;
use crate::service::plumbing::plan::{Durability, Put};
use crate::service::reads::queries::names;
use crate::service::{store_failure, Change, Refusal, Service, Slot};
use crate::store::PendingMove;
use crate::tr;

/// `on` or `off` as the choices read in `lang`.
fn on_off(on: bool, lang: Lang) -> String {
    choice_label(if on { "on" } else { "off" }, lang)
}

/// Whether `text` is the word that cancels a waiting move (`cancel`, or its word in
/// `lang`).
fn is_cancel(text: &str, lang: Lang) -> bool {
    let text = text.trim();
    text.eq_ignore_ascii_case("cancel")
        || text.eq_ignore_ascii_case(&tr!(lang, "confirm-cancel-word"))
}

/// The catalogs' selector for a setting that is on (`yes`) or off (`no`).
fn yes_no(on: bool) -> &'static str {
    if on {
        "yes"
    } else {
        "no"
    }
}

impl Service {
    /// `/settings`: shows the invoker's preferences, changing those named first.
    pub(in crate::service) fn settings(&self, ctx: &Context, change: SettingsChange) -> Reply {
        let user = ctx.user.id;
        let (mut prefs, reminders_off) =
            match (self.store.prefs(user), self.store.dm_reminders_off(user)) {
                (Ok(p), Ok(off)) => (p, off),
                (Err(e), _) | (_, Err(e)) => return store_failure(e),
            };
        let mut reminders = !reminders_off;
        let changed = change != SettingsChange::default();
        if changed {
            prefs.confirm = change.confirm.unwrap_or(prefs.confirm);
            let was = prefs.digest_due_ms;
            prefs.digest = change.digest.unwrap_or(prefs.digest);
            reminders = change.reminders.unwrap_or(reminders);
            // The first digest a day from now, then one a day.
            prefs.digest_due_ms = match (prefs.digest, was) {
                (true, Some(due)) => Some(due),
                (true, None) => Some(self.clock.now_ms() + crate::service::contract::clock::DAY_MS),
                (false, _) => None,
            };
            let puts = vec![
                Put::DigestDue {
                    user,
                    was,
                    due: prefs.digest_due_ms,
                },
                Put::Prefs {
                    user,
                    prefs: prefs.clone(),
                },
                Put::DmReminders {
                    user,
                    on: reminders,
                },
            ];
            if let Err(e) = self.write(puts, Durability::Flushed) {
                return store_failure(e);
            }
        }
        let lang = ctx.lang;
        let lines = [
            if changed {
                tr!(lang, "prefs-saved")
            } else {
                tr!(lang, "prefs-shown")
            },
            tr!(
                lang,
                "prefs-confirm",
                value = on_off(prefs.confirm, lang),
                on = yes_no(prefs.confirm)
            ),
            tr!(
                lang,
                "prefs-digest",
                value = choice_label(if prefs.digest { "daily" } else { "off" }, lang),
                on = yes_no(prefs.digest)
            ),
            tr!(
                lang,
                "prefs-reminders",
                value = on_off(reminders, lang),
                on = yes_no(reminders)
            ),
            tr!(lang, "prefs-change"),
        ];
        Reply::invoker(lines.join("\n"))
    }

    /// The daily digests due now (the minute tick): each subscriber whose turn it is
    /// somewhere gets the `/games mine` list by direct message; the next is due a day
    /// later. Each is taken from the store first, so two processes send it once.
    pub(in crate::service) fn send_digests(&self, now: u64) -> Vec<TimedReply> {
        let due = match self.store.digests_due(now) {
            Ok(d) => d,
            Err(e) => {
                tracing::error!("store: {e}");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for (at, user) in due {
            let Ok(mut prefs) = self.store.prefs(user) else {
                continue;
            };
            let mut next = at + crate::service::contract::clock::DAY_MS;
            while next <= now {
                next += crate::service::contract::clock::DAY_MS;
            }
            let mut puts = vec![Put::TakeDigest { user, due: at }];
            let keep = prefs.digest && prefs.digest_due_ms == Some(at);
            if keep {
                prefs.digest_due_ms = Some(next);
                puts.push(Put::DigestDue {
                    user,
                    was: None,
                    due: Some(next),
                });
                puts.push(Put::Prefs {
                    user,
                    prefs: prefs.clone(),
                });
            }
            if let Err(e) = self.write(puts, Durability::Flushed) {
                // Another process took it (a conflict), or the store failed: not sent.
                tracing::debug!("digest of {user}: {e}");
                continue;
            }
            if !keep {
                continue;
            }
            let Some((channel, lang, text)) = self.your_turns(user) else {
                continue;
            };
            out.push(TimedReply {
                channel,
                reply: Reply::private(
                    User {
                        id: user,
                        name: String::new(),
                    },
                    format!(
                        "{}\n{}",
                        tr!(lang, "prefs-digest-message", games = text),
                        tr!(lang, "prefs-digest-stop")
                    ),
                )
                .in_lang(lang),
            });
        }
        out
    }

    /// The `/games mine` text of `user`, the place of its first game and the language
    /// of that game's server (the digest's), when it is their turn somewhere.
    fn your_turns(&self, user: u64) -> Option<(u64, Lang, String)> {
        let listings = self.store.listings_of_user(user).ok()?;
        let first = listings
            .iter()
            .find(|l| l.to_move.is_some_and(|s| l.players[s.index()].id == user))?;
        let lang = self.server_lang(first.server);
        let ctx = Context {
            user: User {
                id: user,
                name: String::new(),
            },
            channel: 0,
            server: None,
            key: None,
            lang,
            guild_locale: None,
        };
        let text = self
            .games(&ctx, crate::service::contract::api::GamesScope::Mine)
            .text;
        Some((first.channel, lang, text))
    }

    /// A typed move: played at once, or (with `confirm:on`) shown to its player first.
    /// The same move typed again for the same position confirms it.
    pub(in crate::service) fn move_or_confirm(
        &self,
        slot: &Slot,
        ctx: &Context,
        text: &str,
        now: u64,
    ) -> Result<Change, Refusal> {
        let wants = match self.store.prefs(ctx.user.id) {
            Ok(p) => p.confirm,
            Err(e) => {
                tracing::error!("store: {e}");
                false
            }
        };
        let live = match (&slot.live, wants) {
            (Some(live), true) if live.rec.side_of(ctx.user.id).is_some() => live,
            _ => return self.play(slot, ctx, text, now),
        };
        let game = live.rec.id;
        let ply = live.rec.actions.len() as u64;
        let pending = self.store.pending_move(ctx.user.id, game).ok().flatten();
        // `cancel` typed drops a waiting move, as the Cancel button does.
        if pending.is_some() && is_cancel(text, ctx.lang) {
            return Ok(Change::reply(self.cancel_move(ctx, game)));
        }
        if pending
            .as_ref()
            .is_some_and(|p| p.ply == ply && p.text.trim() == text.trim())
        {
            return self.play_confirmed(slot, ctx, game, now);
        }
        // Checked exactly as it would be played, but alone: the other side's queued
        // conditional answers stay secret. Nothing of it is kept.
        let (tried, _) = self.own_move(slot, ctx, text, now)?;
        let (_, side) = player_game(slot, ctx)?;
        let keep = PendingMove {
            ply,
            text: text.trim().to_string(),
        };
        self.write(
            vec![pending_put(ctx, game, Some(keep))],
            Durability::Flushed,
        )
        .map_err(|e| {
            tracing::error!("store: {e}");
            tr!(ctx.lang, "confirm-store-failed")
        })?;
        // Where chance or hidden pieces decide what a move does, the board after it
        // would tell before the move is committed: the board now is shown instead.
        let open = live.game.perfect_information();
        let shown_game = match (&tried.live, open) {
            (Some(after), true) => &after.game,
            _ => &live.game,
        };
        let mut view = shown_game.view(Viewer::Player(side));
        view.names = names(&live.rec);
        let what = if open {
            let printed = tried
                .live
                .as_ref()
                .and_then(|l| l.rec.history.last())
                .map_or_else(|| text.trim().to_string(), |e| e.printed.clone());
            tr!(ctx.lang, "confirm-board-after", turn = printed)
        } else {
            tr!(ctx.lang, "confirm-board-now", turn = text.trim())
        };
        let mut r = Reply::invoker(tr!(ctx.lang, "confirm-question", what = what));
        r.kind = ReplyKind::ConfirmMove { game, ply };
        r.image = Some(view);
        Ok(Change::reply(r))
    }

    /// A Confirm press: plays the invoker's waiting move if the game is still in the
    /// position it was typed in.
    pub(in crate::service) fn confirm_move(
        &self,
        slot: &Slot,
        ctx: &Context,
        game: u64,
        ply: u64,
        now: u64,
    ) -> Result<Change, Refusal> {
        let stale = || tr!(ctx.lang, "confirm-stale");
        let live = slot.live.as_ref().ok_or_else(stale)?;
        if live.rec.id != game || live.rec.actions.len() as u64 != ply {
            return Err(stale());
        }
        match self.store.pending_move(ctx.user.id, game) {
            Ok(Some(p)) if p.ply == ply => {}
            Ok(_) => return Err(stale()),
            Err(e) => {
                tracing::error!("store: {e}");
                return Err(tr!(ctx.lang, "confirm-store-failed-later"));
            }
        }
        self.play_confirmed(slot, ctx, game, now)
    }

    /// Plays the invoker's waiting move on `game` (checked for its position by the
    /// caller) and forgets it with the same commit's success.
    fn play_confirmed(
        &self,
        slot: &Slot,
        ctx: &Context,
        game: u64,
        now: u64,
    ) -> Result<Change, Refusal> {
        let pending = self
            .store
            .pending_move(ctx.user.id, game)
            .ok()
            .flatten()
            .ok_or_else(|| tr!(ctx.lang, "confirm-nothing-waits"))?;
        let change = self.play(slot, ctx, &pending.text, now)?;
        // A leftover pending move is harmless: it names a position gone by.
        if let Err(e) = self.write(vec![pending_put(ctx, game, None)], Durability::Lazy) {
            tracing::error!("store: {e}");
        }
        Ok(change)
    }

    /// The place (channel or thread) game `game` is played in, if it is stored.
    pub fn place_of(&self, game: u64) -> Option<u64> {
        match self.store.game(game) {
            Ok(rec) => rec.map(|r| r.channel),
            Err(e) => {
                tracing::error!("store: {e}");
                None
            }
        }
    }

    /// A Cancel press: forgets the invoker's waiting move.
    pub(in crate::service) fn cancel_move(&self, ctx: &Context, game: u64) -> Reply {
        if let Err(e) = self.write(vec![pending_put(ctx, game, None)], Durability::Flushed) {
            return store_failure(e);
        }
        Reply::invoker(tr!(ctx.lang, "confirm-cancelled"))
    }
}

/// The invoker's move waiting on `game`, kept (or, `None`, forgotten).
fn pending_put(ctx: &Context, game: u64, pending: Option<PendingMove>) -> Put {
    Put::PendingMove {
        user: ctx.user.id,
        game,
        pending,
    }
}
