//! Who is asked what: the player a game waits for, and the line that asks them, in a
//! chat or on a page. Read by every capability that shows a game.

use crate::service::contract::api::User;
use crate::service::Live;

/// Whether the game is asking the computer's side.
pub(in crate::service) fn computer_asked(live: &Live) -> bool {
    match (live.rec.computer, live.game.ask()) {
        (Some(seat), Some(ask)) => seat.side == ask.side,
        _ => false,
    }
}

pub(in crate::service) fn asked_user(live: &Live) -> Option<User> {
    live.game.ask().map(|a| live.rec.player(a.side).clone())
}

/// Who is asked what, as a chat says it: with what to type and where the rules are.
pub(in crate::service) fn prompt_line(live: &Live) -> Option<String> {
    prompt_line_for(live, true)
}

/// [`prompt_line`], in a chat (`typed`: what to type, and `/rules`) or on a page (the
/// question alone: a page speaks of itself, not of commands).
pub(in crate::service) fn prompt_line_for(live: &Live, typed: bool) -> Option<String> {
    let ask = live.game.ask()?;
    let lang = live.lang;
    let name = live.rec.player(ask.side).name.clone();
    let side =
        crate::service::contract::grammar::choice_label(&ask.side.name().to_lowercase(), lang);
    if computer_asked(live) {
        // Nobody types for the computer: no instructions, just what happens next.
        return Some(crate::tr!(lang, "turn-thinking", name = name, side = side));
    }
    // The games' own prompt names what to type; in another language the question is
    // asked in its words.
    let prompt = match lang {
        _ if !typed => ask.question.prompt_in(lang),
        crate::i18n::Lang::En => live.game.prompt()?,
        _ => crate::tr!(
            lang,
            "turn-question",
            question = ask.question.prompt_in(lang),
            variant = live.rec.variant.id()
        ),
    };
    Some(crate::tr!(
        lang,
        "turn-prompt",
        name = name,
        side = side,
        prompt = prompt
    ))
}

/// The side `user` plays in `rec`, or the refusal `key` naming both players
/// (`white`, `black`).
pub(in crate::service) fn seat_of(
    rec: &crate::store::GameRecord,
    user: u64,
    lang: crate::i18n::Lang,
    key: &'static str,
) -> Result<crate::core::Side, String> {
    rec.side_of(user).ok_or_else(|| {
        crate::i18n::tr_args(
            lang,
            key,
            &[
                ("white", rec.players[0].name.clone().into()),
                ("black", rec.players[1].name.clone().into()),
            ],
        )
    })
}
