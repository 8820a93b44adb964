//! A conditional line played out on a copy of the board (a player's web page, issue
//! 49): while the opponent is to move, the player picks the opponent's expected turn
//! and their own answer, alternately, with the move picker of a copy of the game after
//! the turns picked so far; the line is then queued through `/conditional`'s own
//! capability ([`Request::Conditional`] with the turns as typed), so the same refusals
//! and storage follow. Only games without hidden information or chance have a copy:
//! there every turn of a line can be worked out now (as `/conditional` checks them).
//!
//! A read: nothing here writes. Owns which copy a line makes. May import the service's
//! own modules, `store` and `variants`.
//!
//! [`Request::Conditional`]: crate::service::contract::api::Request::Conditional

use crate::core::view::{View, Viewer};
use crate::core::Side;
use crate::i18n::Lang;
use crate::service::capabilities::conditional::{printed_line, MAX_ANSWERS};
use crate::service::capabilities::picker::{picked_answer, picker_reply, MAX_PATH};
use crate::service::contract::api::{PickerShown, Reply};
use crate::service::Refusal;
use crate::store::GameRecord;
use crate::tr;
use crate::variants::Game;

/// The most turns a line may hold: each of its answers and the turn it answers.
pub const MAX_TURNS: usize = 2 * MAX_ANSWERS;

/// A line's copy of the board: the game after the line's turns, as the player sees it.
pub struct LineCopy {
    /// The copy seen by the player (a game without hidden information: everything).
    pub view: View,
    /// The player's side (the copy is drawn from it).
    pub side: Side,
    /// Each turn of the line as typed, the opponent's first.
    pub turns: Vec<String>,
    /// The line as `/conditional` lists it (`if e5 then Nf3`).
    pub printed: String,
    /// The picker of the copy's next turn after `path`, while the line may go on.
    pub picker: Option<Reply>,
}

/// The copy of `rec`'s game for its player `side` after `line` (each turn a complete
/// picker path of the copy as it then stands), with the next turn's picker after
/// `path`; in `lang`. Refused, with `/conditional`'s reasons, when `side` is asked now,
/// the game is over or hides something, or the line does not play out.
pub fn line_copy(
    rec: &GameRecord,
    side: Side,
    line: &[Vec<u16>],
    path: &[u16],
    lang: Lang,
) -> Result<LineCopy, Refusal> {
    let mut game = rec
        .replay()
        .map_err(|_| tr!(lang, "refusal-store-not-answering"))?;
    let asked = game.ask().ok_or_else(|| tr!(lang, "refusal-game-over"))?;
    if asked.side == side {
        return Err(tr!(lang, "conditional-your-turn"));
    }
    if !game.perfect_information() {
        return Err(tr!(lang, "web-line-hidden"));
    }
    if line.len() > MAX_TURNS || path.len() > MAX_PATH {
        return Err(tr!(lang, "picker-not-offered"));
    }
    let turns = played_out(&mut game, side, line, lang)?;
    let picker = match game.ask() {
        Some(_) if turns.len() < MAX_TURNS => {
            let at = PickerShown {
                game: rec.id,
                ply: rec.actions.len() as u64,
                path: Vec::new(),
                menus: Vec::new(),
                complete: false,
                lang,
                puzzle: None,
            };
            Some(picker_reply(&game, path, at)?)
        }
        _ => None,
    };
    let mut view = game.view_in(Viewer::Player(side), lang);
    view.names = [rec.players[0].name.clone(), rec.players[1].name.clone()];
    Ok(LineCopy {
        view,
        side,
        printed: printed_line(&turns, lang),
        turns,
        picker,
    })
}

/// Plays `line` on `game`, the opponent of `me` first and then alternately; each
/// turn as typed.
fn played_out(
    game: &mut Game,
    me: Side,
    line: &[Vec<u16>],
    lang: Lang,
) -> Result<Vec<String>, Refusal> {
    let mut turns: Vec<String> = Vec::new();
    for (i, path) in line.iter().enumerate() {
        let side = if i % 2 == 0 { me.other() } else { me };
        let before = turns.last().cloned().unwrap_or_default();
        match game.ask() {
            Some(ask) if ask.side == side => {}
            Some(_) => return Err(tr!(lang, "conditional-same-player", turn = before)),
            None => return Err(tr!(lang, "conditional-over-before", turn = before)),
        }
        if path.len() > MAX_PATH {
            return Err(tr!(lang, "picker-not-offered"));
        }
        let answer = picked_answer(game, path, lang)?;
        game.play(side, &answer).map_err(|e| {
            tr!(
                lang,
                "conditional-turn-illegal",
                turn = answer.as_str(),
                why = e.text_in(lang)
            )
        })?;
        turns.push(answer);
    }
    Ok(turns)
}

/// `side`'s conditional lines on `rec`, as `/conditional` lists them to their author.
pub fn own_lines(rec: &GameRecord, side: Side, lang: Lang) -> Vec<String> {
    rec.conditional
        .iter()
        .filter(|c| c.side == side)
        .flat_map(|c| c.lines.iter().map(|l| printed_line(l, lang)))
        .collect()
}
