//! What a game shows its players beside the rules: the rules text and worked example
//! of `/rules`, the legend's marks, the prompt, the typed answers and the move picker's
//! steps ([`Presentation`]), with the prompt helpers the variants share.

use super::{picker, Ask, Question, Rules};
use crate::i18n::Msg;

/// What a game shows its players: its guide, example and legend, the words asking a
/// question, and the answers as typed and as the move picker offers them.
pub trait Presentation {
    /// The catalog key (`rules-<id>`) of a short guide for `/rules`: the rules in
    /// brief and the exact text of every special action.
    const RULES: &'static str;

    /// A worked example from the rules document, drawn under `/rules`.
    const EXAMPLE: Option<WorkedExample> = None;

    /// The most words one answer of this game may take: a plain chat line with more is
    /// never read as an answer (the front ends' chat-line policy).
    const ANSWER_WORDS: usize = 6;

    /// The badges and marks this variant's pictures may show beyond the common ones,
    /// with their meaning (`/legend`), as messages ([`LegendEntry::write_in`]).
    ///
    /// [`LegendEntry::write_in`]: crate::core::view::LegendEntry::write_in
    fn legend() -> Vec<crate::core::view::LegendEntry> {
        Vec::new()
    }

    /// The words asking `ask` of its player: exactly what to type, with an example that
    /// is legal now. It is shown in the channel, so it reveals nothing secret.
    fn prompt(&self, ask: &Ask) -> Msg
    where
        Self: Rules,
    {
        default_prompt(&ask.question, &self.typed_texts())
    }

    /// The legal answers as a player must type them to be accepted (autocomplete): the
    /// canonical texts unless a variant asks for a confirmation mark.
    fn typed_texts(&self) -> Vec<String>
    where
        Self: Rules,
    {
        self.legal_texts()
    }

    /// The answers the move picker offers ([`picker`]): by default the typed texts. A
    /// game whose typed answers are parts of a turn offers whole turns instead.
    fn picker_answers(&self) -> Vec<String>
    where
        Self: Rules,
    {
        self.typed_texts()
    }

    /// How one of [`Presentation::picker_answers`] splits into the picker's successive
    /// choices, each with its question and a short label (`Knight g1`, then `f3`).
    /// Default: a chess move as piece, target and promotion; any other text as one step.
    /// The questions and labels are in `lang`; notation stays as typed.
    fn picker_steps(&self, answer: &str, lang: crate::i18n::Lang) -> Vec<picker::Step> {
        picker::default_steps(answer, lang)
    }
}

/// One worked example from a game's rules document, drawn under `/rules`: where it
/// starts, the answers played from there (as a player types them) and what it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkedExample {
    /// A FEN to start from, or `None` for the starting position.
    pub fen: Option<&'static str>,
    pub options: &'static [(&'static str, &'static str)],
    pub moves: &'static [&'static str],
    /// The catalog key of what it shows (`caption-<id>`).
    pub caption: &'static str,
}

/// A legal answer to show as an example: one from the middle of the list, so that it
/// is not always the corner square or the rook's pawn.
pub fn example(texts: &[String]) -> Option<&str> {
    texts.get(texts.len() / 2).map(String::as_str)
}

/// `` `a` ``, `` `a` or `b` ``, `` `a`, `b` or `c` ``.
pub fn either(items: &[String]) -> Msg {
    let quoted: Vec<String> = items.iter().map(|t| format!("`{t}`")).collect();
    match quoted.as_slice() {
        [] => Msg::text(""),
        [one] => Msg::text(one.as_str()),
        [rest @ .., last] => Msg::new("notation-or")
            .with("a", rest.join(", "))
            .with("b", last),
    }
}

/// Two parts of a prompt: `your move, e.g. `e4`; your Wizard enters ...`.
pub fn and_then(first: Msg, then: Msg) -> Msg {
    Msg::new("join-semicolon").with("a", first).with("b", then)
}

/// `your move, e.g. `e4``, or `your move` without an example.
pub fn your_move(example: Option<&str>) -> Msg {
    let what = Question::Move.prompt();
    match example {
        Some(ex) => Msg::new("prompt-example")
            .with("what", what)
            .with("example", ex),
        None => what,
    }
}

/// The generic prompt: the question in words and a legal example, or the whole list
/// when it is short.
pub fn default_prompt(question: &Question, texts: &[String]) -> Msg {
    let what = question.prompt();
    let Some(ex) = example(texts) else {
        return what;
    };
    if texts.len() <= 6 && *question != Question::Move {
        Msg::new("prompt-choices")
            .with("what", what)
            .with("choices", either(texts))
    } else {
        Msg::new("prompt-example")
            .with("what", what)
            .with("example", ex)
    }
}
