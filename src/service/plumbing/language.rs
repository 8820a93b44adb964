//! The languages of replies: what the one who acts reads alone speaks their own
//! language (the interaction's `locale`); what a server reads (its channels, and direct
//! messages sent by time passing) speaks the server's: its moderators' setting
//! (`/settings language`), else the server's locale as last seen, else English.

use crate::i18n::Lang;
use crate::service::contract::api::{Audience, Context, Reply, User};
use crate::service::plumbing::plan::{Durability, Put};
use crate::service::{store_failure, Service};
use crate::store::Store;
use crate::tr;

impl Service {
    /// The language of `server`'s public messages (English outside servers).
    pub fn server_lang(&self, server: Option<u64>) -> Lang {
        lang_of(&self.store, server)
    }

    /// The language of the public messages where `ctx` acts: a server's; outside
    /// servers (a DM with the bot, a game by a pair of DMs, a group chat: issue 50),
    /// the language of the one who acts.
    pub(in crate::service) fn public_lang(&self, ctx: &Context) -> Lang {
        match ctx.server {
            Some(_) => self.server_lang(ctx.server),
            None => ctx.lang,
        }
    }

    /// The language `user`'s client speaks, as the front end last said
    /// ([`Service::note_user_lang`]); `None` when never told.
    pub fn user_lang(&self, user: u64) -> Option<Lang> {
        match self.store.user_locale_of(user) {
            Ok(code) => code.map(|c| Lang::from_locale(&c)),
            Err(e) => {
                tracing::error!("store: {e}");
                None
            }
        }
    }

    /// Keeps the language `user`'s client speaks (an interaction's `locale`), when it
    /// changed: a line they type later, which comes without one, is answered in it.
    pub fn note_user_lang(&self, user: u64, lang: Lang) {
        if self.user_lang(user) == Some(lang) {
            return;
        }
        let put = Put::UserLocale {
            user,
            code: lang.code().to_string(),
        };
        if let Err(e) = self.write(vec![put], Durability::Lazy) {
            tracing::error!("store: {e}");
        }
    }

    /// The language of a game's messages when nobody acts (time passing, a game's
    /// state read back): its server's; outside servers (issue 50), its first human
    /// player's whose language is known, else English.
    pub(in crate::service) fn game_lang(&self, rec: &crate::store::GameRecord) -> Lang {
        if rec.server.is_some() || rec.place == crate::model::PlaceKind::Server {
            return self.server_lang(rec.server);
        }
        rec.players
            .iter()
            .enumerate()
            .filter(|(i, _)| rec.computer.is_none_or(|c| c.side.index() != *i))
            .find_map(|(_, p)| self.user_lang(p.id))
            .unwrap_or_default()
    }

    /// Keeps the server's locale that came with `ctx` (when it changed), so that time
    /// passing speaks the server's language too.
    pub(in crate::service) fn note_guild_locale(&self, ctx: &Context) {
        let (Some(server), Some(locale)) = (ctx.server, ctx.guild_locale.as_deref()) else {
            return;
        };
        let code = Lang::from_locale(locale).code();
        match self.store.server_locale_of(server) {
            Ok(Some(seen)) if seen == code => {}
            Ok(_) => {
                let put = Put::ServerLocale {
                    server,
                    code: code.to_string(),
                };
                if let Err(e) = self.write(vec![put], Durability::Lazy) {
                    tracing::error!("store: {e}");
                }
            }
            Err(e) => tracing::error!("store: {e}"),
        }
    }

    /// `/settings language:auto|en|de`: a server's language, for its moderators.
    /// `/settings boards:mover|white`: how this server's public boards turn.
    pub(in crate::service) fn server_boards(
        &self,
        ctx: &Context,
        moderator: bool,
        white: bool,
    ) -> Reply {
        let Some(server) = ctx.server else {
            return Reply::refusal(tr!(ctx.lang, "settings-server-only"));
        };
        if !moderator {
            return Reply::refusal(tr!(ctx.lang, "settings-moderators-only"));
        }
        let put = Put::ServerBoards { server, white };
        if let Err(e) = self.write(vec![put], Durability::Flushed) {
            return store_failure(e);
        }
        Reply::invoker(if white {
            tr!(ctx.lang, "settings-boards-white")
        } else {
            tr!(ctx.lang, "settings-boards-mover")
        })
    }

    /// Turns the public boards among `replies` as `server` has them drawn: White at
    /// the bottom when its moderators chose so (a board that fixes its side keeps it).
    pub(in crate::service) fn orient(&self, replies: &mut [Reply], server: Option<u64>) {
        let white = server.is_some_and(|s| self.store.server_boards_white(s).unwrap_or(false));
        if !white {
            return;
        }
        for view in replies.iter_mut().filter_map(|r| r.image.as_mut()) {
            if view.viewer == crate::core::view::Viewer::Public && view.bottom.is_none() {
                view.bottom = Some(crate::core::Side::White);
            }
        }
    }

    pub(in crate::service) fn server_language(
        &self,
        ctx: &Context,
        moderator: bool,
        lang: Option<Lang>,
    ) -> Reply {
        let Some(server) = ctx.server else {
            return Reply::refusal(tr!(ctx.lang, "settings-server-only"));
        };
        if !moderator {
            return Reply::refusal(tr!(ctx.lang, "settings-moderators-only"));
        }
        let put = Put::ServerLanguage {
            server,
            code: lang.map(|l| l.code().to_string()),
        };
        if let Err(e) = self.write(vec![put], Durability::Flushed) {
            return store_failure(e);
        }
        let now = self.server_lang(Some(server));
        let name = tr(ctx.lang, now);
        Reply::invoker(match lang {
            Some(_) => tr!(ctx.lang, "settings-language-set", language = name),
            None => tr!(ctx.lang, "settings-language-auto", language = name),
        })
    }
}

/// The language of `server`'s public messages, as `store` keeps its setting and locale.
pub(in crate::service) fn lang_of(store: &Store, server: Option<u64>) -> Lang {
    let Some(server) = server else {
        return Lang::En;
    };
    let chosen = match store.server_language_of(server) {
        Ok(code) => code,
        Err(e) => {
            tracing::error!("store: {e}");
            None
        }
    };
    let seen = || match store.server_locale_of(server) {
        Ok(code) => code,
        Err(e) => {
            tracing::error!("store: {e}");
            None
        }
    };
    chosen
        .or_else(seen)
        .map(|code| Lang::from_locale(&code))
        .unwrap_or_default()
}

/// The name of `lang`, in `reader`'s language.
fn tr(reader: Lang, lang: Lang) -> String {
    crate::i18n::tr(reader, &format!("language-{}", lang.code()))
}

/// The language a reply to `to` is written in: the actor's (`actor`, reading `own`)
/// for what they alone see, the server's (`public`) for everything else.
pub(in crate::service) fn lang_for(
    to: &Audience,
    actor: Option<&User>,
    own: Option<Lang>,
    public: Lang,
) -> Lang {
    let mine = match to {
        Audience::Invoker => true,
        Audience::Private(u) => actor.is_some_and(|a| a.id == u.id),
        Audience::Channel | Audience::Place(_) => false,
    };
    match (mine, own) {
        (true, Some(own)) => own,
        _ => public,
    }
}

/// Stamps each reply with the language it is written in.
pub(in crate::service) fn stamp(
    replies: &mut [Reply],
    actor: Option<&User>,
    own: Option<Lang>,
    public: Lang,
) {
    // A copy written for one reader is in their language already.
    for r in replies.iter_mut().filter(|r| r.reader.is_none()) {
        r.lang = lang_for(&r.to, actor, own, public);
        // The board's own words (title, badges, notes, result) in the same language.
        if let Some(view) = r.image.as_mut() {
            view.write_in(r.lang);
        }
    }
}
