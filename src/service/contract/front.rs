//! The front ends' contract: what a front end (Discord, `arcana local`) needs from the
//! game service, and the one chat-line policy ("may this plain chat line be a move?")
//! they all follow.

use crate::service::contract::api::{
    Context, Pending, PlaceKind, Reply, Request, TimedReply, User,
};
use crate::service::Service;

/// What a front end needs from the game service. A trait so that a front end can be
/// exercised without a store, and so the service stays free of front-end types.
pub trait GameService: Send + Sync + 'static {
    fn handle(&self, ctx: &Context, request: Request) -> Vec<Reply>;
    /// The same, for a user who may (`moderator`) moderate the channel: cancel any
    /// challenge, abort any game there.
    fn handle_as(&self, ctx: &Context, moderator: bool, request: Request) -> Vec<Reply> {
        let _ = moderator;
        self.handle(ctx, request)
    }
    /// The front end's message `message` shows challenge `challenge` of `channel` (it
    /// is updated when the challenge is settled).
    fn shown(&self, _channel: u64, _challenge: u64, _message: u64) {}
    /// Reminders and expired deadlines since the last call.
    fn tick(&self) -> Vec<TimedReply>;
    /// Whether the game in `channel` is asking `user` (only then is their plain chat
    /// read as a move).
    fn asks(&self, channel: u64, user: u64) -> bool;
    /// Legal answers in `channel`'s game for `user`, starting with `prefix`.
    fn autocomplete(&self, channel: u64, user: u64, prefix: &str) -> Vec<String>;
    /// Writes everything to disk (on shutdown).
    fn flush(&self) -> Result<(), String>;
    /// Keeps a private text that could not be sent to `user` (closed direct messages)
    /// for their next command: in the store, so that every process sharing it sees it
    /// and a restart keeps it. `Err`: it could not be kept.
    fn keep_private(&self, user: u64, text: &str) -> Result<(), String>;
    /// Takes the texts kept for `user`, oldest first; each is taken once, by one
    /// process.
    fn take_private(&self, user: u64) -> Vec<String>;
    /// The bot's own user stands for the computer player.
    fn set_computer(&self, _user: User) {}
    /// Plays the computer's pending answer in `channel` (a search: blocking, seconds).
    fn computer_turn(&self, _channel: u64) -> Option<Vec<Reply>> {
        None
    }
    /// Runs the post-game review asked for by `/review` (`game` as the request named
    /// it) when none is kept yet: blocking, seconds. `None`: nothing to post.
    fn review(&self, _ctx: &Context, _game: Option<u64>) -> Option<Vec<Reply>> {
        None
    }
    /// Channels whose game waits for the computer.
    fn computer_channels(&self) -> Vec<u64> {
        Vec::new()
    }
    /// Replies stored with their change and not yet reported delivered: a front end
    /// delivers them at start (the process stopped before it could).
    fn outbox(&self) -> Vec<Pending> {
        Vec::new()
    }
    /// Every reply of outbox entry `id` ([`Reply::outbox`]) has been delivered (or
    /// refused for good).
    fn delivered(&self, _id: u64) {}
    /// The place `gone` was deleted or can no longer be posted in: its game moves to
    /// `parent` (or the channel its record names) or a new place there; the replies
    /// are the note and board for the new place.
    fn relocate(&self, _gone: u64, _parent: Option<u64>) -> Vec<Reply> {
        Vec::new()
    }
    /// The chat-line policy: what a plain chat line (not a command) of `user` in
    /// `channel` is.
    /// What a press on game `game`'s buttons in `channel` meets, read only, so that a
    /// front end can refuse a stale or stranger's press at once; `None` when unknown
    /// (the service judges the press itself).
    /// The place game `game` is played in (buttons pressed elsewhere act there).
    fn place_of(&self, _game: u64) -> Option<u64> {
        None
    }
    /// `channel` is a place of kind `kind` (told by the front end before it acts
    /// there, when it is not a server's): a game starting there is played so.
    fn note_place(&self, _channel: u64, _kind: PlaceKind) {}
    /// `user`'s client speaks `lang` (told with each interaction): a line they type
    /// later, which comes without a language, is answered in it.
    fn note_user_lang(&self, _user: u64, _lang: crate::i18n::Lang) {}
    /// The language `user`'s client speaks, as last told (`None`: never).
    fn user_lang(&self, _user: u64) -> Option<crate::i18n::Lang> {
        None
    }
    /// Where a request `user` makes in `dm`, their direct messages with the bot, acts
    /// (issue 50): the one game there that asks them, or `dm` itself; `Err` (in
    /// `lang`) when several games there ask them.
    fn dm_acting(&self, dm: u64, _user: u64, _lang: crate::i18n::Lang) -> Result<u64, String> {
        Ok(dm)
    }
    /// The opponent a `/rematch` used by `user` in `dm`, their DM with the bot,
    /// challenges by DM (issue 50): `Some` when the last game they finished there was
    /// played by a pair of DMs.
    fn dm_rematch_opponent(&self, _dm: u64, _user: u64) -> Option<User> {
        None
    }
    /// The channel pending challenge `id` was made in (`None`: unknown or settled).
    fn challenge_channel(&self, _id: u64) -> Option<u64> {
        None
    }
    /// What kind of place the latest game of `channel` lives in, and its people
    /// (`None`: no game there, or the store failed): where the bot cannot post, the
    /// front end tells them by direct message.
    fn whereabouts(&self, _channel: u64) -> Option<Whereabouts> {
        None
    }
    /// Keeps the newest message seen in each place (`(place, message)`), so that a
    /// restart knows where to look for what it missed.
    fn note_seen(&self, _seen: &[(u64, u64)]) {}
    /// [`GameService::note_seen`] for DMs with the bot (issue 50), kept whatever game
    /// they hold.
    fn note_dms_seen(&self, _seen: &[(u64, u64)]) {}
    /// Of `newest` (`(DM, its newest message, its games' earliest last change)`), the
    /// DMs holding something newer than what was seen there, to be read back.
    fn dms_missed(&self, _newest: &[(u64, u64, u64)]) -> Vec<Missed> {
        Vec::new()
    }
    /// `(user, when the earliest of those games last changed)` of each person who plays
    /// a game by DM (issue 50), those asked first: a restart reads their DMs back.
    fn dm_waiting(&self) -> Vec<(u64, u64)> {
        Vec::new()
    }
    /// Of `newest` (`(place, the newest message it holds now)`), the places with a game
    /// being played that may hold chat lines this front end has not read.
    fn missed(&self, _newest: &[(u64, u64)]) -> Vec<Missed> {
        Vec::new()
    }
    /// Whether the request under idempotency key `key` was already answered.
    fn answered(&self, _key: &str) -> bool {
        false
    }
    /// Whether `text` reads as an answer of `channel`'s game (legal or not), not chat.
    fn reads_as_move(&self, _channel: u64, _text: &str) -> bool {
        false
    }

    fn game_state(&self, _channel: u64, _game: u64) -> Option<GameState> {
        None
    }
    fn chat_line(&self, channel: u64, user: u64, text: &str) -> ChatLine {
        if !could_be_move(text) {
            ChatLine::NotAMove
        } else if !self.asks(channel, user) {
            ChatLine::NotAsked
        } else {
            ChatLine::Move(Request::Move {
                text: text.trim().to_string(),
            })
        }
    }
}

/// Where the latest game of a channel lives (see [`GameService::whereabouts`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Whereabouts {
    pub kind: PlaceKind,
    /// The people who play it, White first (not the computer's seat).
    pub people: Vec<User>,
    /// The game's id.
    pub game: u64,
    /// The server the place is in, if any (a server reached only through a user's
    /// install is still a server: its links name it).
    pub server: Option<u64>,
}

/// A place whose newest chat lines may not have been read (see [`GameService::missed`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missed {
    pub channel: u64,
    /// The server of the place, if any.
    pub server: Option<u64>,
    /// The newest message known to have been seen there.
    pub seen: Option<u64>,
    /// When its game last changed (ms since the epoch): lines older than that were read
    /// before the change.
    pub changed_ms: u64,
}

/// A game as a press on one of its buttons finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameState {
    /// Being played there, by these two.
    Playing { players: [User; 2] },
    /// Over: what became of it (its title and closing line), for the pressed message,
    /// written in `lang` (the server's: the message is public).
    Over {
        shown: String,
        lang: crate::i18n::Lang,
    },
    /// Not a game of that place.
    Unknown,
}

/// What a plain chat line is, by the one policy of every front end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChatLine {
    /// An answer of the asked player, for the service to judge. A front end that
    /// cannot tell chat from moves (Discord) stays silent when it is refused (ruling
    /// X-DISCORD-1).
    Move(Request),
    /// Its writer is not the player the channel's game is asking.
    NotAsked,
    /// It cannot be an answer of any game: empty, too long, a command or a link.
    NotAMove,
}

/// A chat line longer than this (bytes) is never read as a move.
pub const MAX_CHAT_MOVE: usize = 80;

/// Whether a chat line has the shape of an answer: short, with no more words than the
/// longest answer any variant declares, not a command and not a link. Cheap, so a
/// front end may call it on every chat line before asking the service anything.
pub fn could_be_move(text: &str) -> bool {
    let t = text.trim();
    !t.is_empty()
        && t.len() <= MAX_CHAT_MOVE
        && t.split_whitespace().count() <= crate::variants::max_answer_words()
        && !t.starts_with('/')
        && !t.contains("://")
}

impl GameService for Service {
    fn handle(&self, ctx: &Context, request: Request) -> Vec<Reply> {
        Service::handle(self, ctx, request)
    }
    fn handle_as(&self, ctx: &Context, moderator: bool, request: Request) -> Vec<Reply> {
        Service::handle_as(self, ctx, moderator, request)
    }
    fn shown(&self, channel: u64, challenge: u64, message: u64) {
        Service::shown(self, channel, challenge, message)
    }
    fn tick(&self) -> Vec<TimedReply> {
        Service::tick(self)
    }
    fn asks(&self, channel: u64, user: u64) -> bool {
        Service::asks(self, channel, user)
    }
    fn autocomplete(&self, channel: u64, user: u64, prefix: &str) -> Vec<String> {
        Service::autocomplete(self, channel, user, prefix)
    }
    fn flush(&self) -> Result<(), String> {
        Service::flush(self).map_err(|e| e.to_string())
    }
    fn set_computer(&self, user: User) {
        Service::set_computer(self, user)
    }
    fn computer_turn(&self, channel: u64) -> Option<Vec<Reply>> {
        Service::computer_turn(self, channel)
    }
    fn computer_channels(&self) -> Vec<u64> {
        Service::computer_channels(self)
    }
    fn review(&self, ctx: &Context, game: Option<u64>) -> Option<Vec<Reply>> {
        Service::review(self, ctx, game)
    }
    fn outbox(&self) -> Vec<Pending> {
        Service::outbox(self)
    }
    fn delivered(&self, id: u64) {
        Service::delivered(self, id)
    }
    fn keep_private(&self, user: u64, text: &str) -> Result<(), String> {
        Service::keep_private(self, user, text)
    }
    fn take_private(&self, user: u64) -> Vec<String> {
        Service::take_private(self, user)
    }
    fn place_of(&self, game: u64) -> Option<u64> {
        Service::place_of(self, game)
    }
    fn note_place(&self, channel: u64, kind: PlaceKind) {
        Service::note_place(self, channel, kind)
    }
    fn note_user_lang(&self, user: u64, lang: crate::i18n::Lang) {
        Service::note_user_lang(self, user, lang)
    }
    fn user_lang(&self, user: u64) -> Option<crate::i18n::Lang> {
        Service::user_lang(self, user)
    }
    fn dm_acting(&self, dm: u64, user: u64, lang: crate::i18n::Lang) -> Result<u64, String> {
        Service::dm_acting(self, dm, user, lang)
    }
    fn dm_rematch_opponent(&self, dm: u64, user: u64) -> Option<User> {
        Service::dm_rematch_opponent(self, dm, user)
    }
    fn challenge_channel(&self, id: u64) -> Option<u64> {
        Service::challenge_channel(self, id)
    }
    fn whereabouts(&self, channel: u64) -> Option<Whereabouts> {
        Service::whereabouts(self, channel)
    }

    fn game_state(&self, channel: u64, game: u64) -> Option<GameState> {
        Service::game_state(self, channel, game)
    }
    fn relocate(&self, gone: u64, parent: Option<u64>) -> Vec<Reply> {
        Service::relocate(self, gone, parent)
    }
    fn dm_waiting(&self) -> Vec<(u64, u64)> {
        Service::dm_waiting(self)
    }
    fn note_seen(&self, seen: &[(u64, u64)]) {
        Service::note_seen(self, seen)
    }
    fn note_dms_seen(&self, seen: &[(u64, u64)]) {
        Service::note_dms_seen(self, seen)
    }
    fn dms_missed(&self, newest: &[(u64, u64, u64)]) -> Vec<Missed> {
        Service::dms_missed(self, newest)
    }
    fn missed(&self, newest: &[(u64, u64)]) -> Vec<Missed> {
        Service::missed(self, newest)
    }
    fn answered(&self, key: &str) -> bool {
        Service::answered(self, key)
    }
    fn reads_as_move(&self, channel: u64, text: &str) -> bool {
        Service::reads_as_move(self, channel, text)
    }
}

#[cfg(test)]
mod tests {
    use super::could_be_move;

    #[test]
    fn chat_filter_keeps_moves() {
        for m in [
            "e4",
            "Ng1-f3",
            "Ze4:e4 (teleport h8)",
            "freeze@d5 Nd6",
            "card 7c",
            "B@c8 N@b8 R@a8",
            "P@a2 P@b2 P@c2 P@d2 P@e2 P@f2 P@g2 P@h2 N@b1",
            "N c3 wall d4, R a1 a3",
        ] {
            assert!(could_be_move(m), "{m}");
        }
        for c in [
            "",
            "   ",
            "see https://example.com",
            "/move e4",
            "this is a very long chat line about the game that nobody would type as a move",
        ] {
            assert!(!could_be_move(c), "{c}");
        }
    }
}
