//! A player's private notes on a game (`/note`): only their author ever sees them, in
//! an answer only they see and in their own export; kept in the store beside the game
//! (never in its record, so no public view or record can carry them).
//!
//! Owns the notes' rules. May import the service's own modules and `store`.

use crate::i18n::Lang;
use crate::service::contract::actions::MAX_NOTES;
use crate::service::contract::api::{Context, Reply};
use crate::service::plumbing::plan::{Durability, Put};
use crate::service::{Change, Refusal, Service, Slot};
use crate::store::StoreError;
use crate::tr;

impl Service {
    /// `/note` (show), `/note clear`, `/note TEXT` (add a line) for the invoker, a
    /// player of the channel's game (being played or the last one played here).
    pub(in crate::service) fn note(
        &self,
        slot: &Slot,
        ctx: &Context,
        text: Option<&str>,
    ) -> Result<Change, Refusal> {
        let lang = ctx.lang;
        let live = self.shown_game(slot, ctx.channel)?;
        if live.rec.side_of(ctx.user.id).is_none() {
            return Err(tr!(lang, "note-players-only"));
        }
        let game = live.rec.id;
        let read = self
            .store
            .notes(game, ctx.user.id)
            .map_err(|e| note_failure(lang, &e))?;
        let text = text.map(str::trim).filter(|t| !t.is_empty());
        let lines = match text {
            None => return Ok(Change::reply(Reply::invoker(shown(lang, &read.lines)))),
            Some(t) if t.eq_ignore_ascii_case("clear") => Vec::new(),
            Some(t) => {
                let used: usize = read.lines.iter().map(|l| l.chars().count()).sum();
                if used + t.chars().count() > MAX_NOTES {
                    return Err(tr!(lang, "note-too-long", max = MAX_NOTES, used = used));
                }
                let mut lines = read.lines.clone();
                lines.push(t.to_string());
                lines
            }
        };
        let put = Put::Notes {
            game,
            user: ctx.user.id,
            read,
            lines: lines.clone(),
        };
        self.write(vec![put], Durability::Flushed)
            .map_err(|e| note_failure(lang, &e))?;
        Ok(Change::reply(Reply::invoker(if lines.is_empty() {
            tr!(lang, "note-emptied")
        } else {
            tr!(lang, "note-added", notes = shown(lang, &lines))
        })))
    }

    /// The invoker's notes on game `game`, for their own export (empty: none).
    pub(in crate::service) fn own_notes(&self, game: u64, user: u64) -> Vec<String> {
        self.store
            .notes(game, user)
            .map(|n| n.lines)
            .unwrap_or_else(|e| {
                tracing::error!("store: notes of {user} on game {game}: {e}");
                Vec::new()
            })
    }
}

/// A player's notes as their answer shows them.
fn shown(lang: Lang, lines: &[String]) -> String {
    if lines.is_empty() {
        return tr!(lang, "note-none");
    }
    let mut text = vec![tr!(lang, "note-list", count = lines.len())];
    text.extend(lines.iter().map(|l| format!("- {l}")));
    text.join("\n")
}

fn note_failure(lang: Lang, e: &StoreError) -> String {
    tracing::error!("store: notes: {e}");
    match e {
        StoreError::Conflict { .. } => tr!(lang, "note-changed-meanwhile"),
        _ => tr!(lang, "note-store-failed"),
    }
}
