//! Conditional moves (`/conditional`): while the opponent is to move, a player queues
//! lines "if the opponent's turn is X, I answer Y" (alternating, opponent's turn
//! first). When the opponent's recorded turn matches the head of a line, its answer is
//! played at once through the normal path of a move; lines that no longer match are
//! dropped with a private note. Lines live in the game's record (one checked write
//! with the moves they answer, kept across restarts) and are shown to their author
//! only.
//!
//! A condition is matched against the opponent's whole recorded turn as the record
//! prints it, so it can name what the turn revealed (`Ze4:d5 (death)`), and never
//! depends on anything hidden: a condition without a revealed part matches the move
//! whatever it revealed (ruling X-CORR-4).
//!
//! Owns the conditional lines' rules. May import the service's own modules, `store`
//! and `variants`.

use crate::core::Side;
use crate::i18n::Lang;
use crate::service::capabilities::turns::{commit_live, player_game, record_play};
pub use crate::service::contract::actions::MAX_LINE_TEXT;
use crate::service::contract::api::{Context, Reply};
use crate::service::{Change, Live, Refusal, Service, Slot, MAX_TEXT};
use crate::store::ConditionalLines;
use crate::tr;
use crate::variants::{Game, Played};

/// The most lines a player may queue on one game.
pub(in crate::service) const MAX_LINES: usize = 20;
/// The most answers one line may hold (its depth).
pub(in crate::service) const MAX_ANSWERS: usize = 10;

/// How a line is written, for the replies that explain it.
fn example(lang: Lang) -> String {
    tr!(lang, "conditional-example")
}

impl Service {
    /// `/conditional` (show the invoker's lines), `/conditional clear`, or
    /// `/conditional LINE` (queue a line) on the channel's game.
    pub(in crate::service) fn conditional(
        &self,
        slot: &Slot,
        ctx: &Context,
        text: Option<&str>,
    ) -> Result<Change, Refusal> {
        let lang = ctx.lang;
        let (live, side) = player_game(slot, ctx)?;
        if live.game.is_over() {
            return Err(crate::tr!(ctx.lang, "refusal-game-over"));
        }
        let mine = lines_of(&live.rec.conditional, side);
        let text = text.map(str::trim).filter(|t| !t.is_empty());
        let Some(text) = text else {
            return Ok(Change::reply(Reply::invoker(shown(lang, &mine))));
        };
        if let Some(edit) = edit_of(text) {
            let lines = edited(mine, edit, lang)?;
            let said = match (edit, lines.is_empty()) {
                (Edit::Delete(n), false) => tr!(lang, "conditional-deleted", number = n),
                _ => tr!(lang, "conditional-cleared"),
            };
            let mut next = live.clone();
            set_lines(&mut next.rec.conditional, side, lines);
            return Ok(Change {
                replies: vec![Reply::invoker(said)],
                live: Some(next),
                ..Change::default()
            });
        }
        if live.game.ask().map(|a| a.side) == Some(side) {
            return Err(tr!(lang, "conditional-your-turn"));
        }
        if text.chars().count() > MAX_LINE_TEXT {
            return Err(tr!(
                lang,
                "conditional-line-too-long",
                max = MAX_LINE_TEXT,
                answers = MAX_ANSWERS
            ));
        }
        if mine.len() >= MAX_LINES {
            return Err(tr!(lang, "conditional-too-many", max = MAX_LINES));
        }
        let line = parse_line(text, lang)?;
        if live.game.perfect_information() {
            check_line(&live.game, side, &line, lang)?;
        }
        if mine.contains(&line) {
            return Err(tr!(lang, "conditional-already-queued"));
        }
        let mut next = live.clone();
        let mut lines = mine;
        lines.push(line.clone());
        let count = lines.len();
        set_lines(&mut next.rec.conditional, side, lines);
        let printed = printed_line(&line, lang);
        let text = if live.game.perfect_information() {
            tr!(lang, "conditional-queued", line = printed, count = count)
        } else {
            tr!(
                lang,
                "conditional-queued-unchecked",
                line = printed,
                count = count
            )
        };
        Ok(Change {
            replies: vec![Reply::invoker(text)],
            live: Some(next),
            ..Change::default()
        })
    }
}

/// What `/conditional clear` (or `cancel`) and `/conditional delete N` (or `remove N`)
/// ask of a player's lines; `Delete(0)` when no usable number follows.
#[derive(Clone, Copy)]
enum Edit {
    Clear,
    Delete(usize),
}

/// The edit a text asks for, if it is one rather than a line.
fn edit_of(text: &str) -> Option<Edit> {
    let mut words = text.split_whitespace();
    let first = words.next()?.to_ascii_lowercase();
    match first.as_str() {
        "clear" | "cancel" if words.next().is_none() => Some(Edit::Clear),
        "delete" | "remove" => {
            let n = match (words.next(), words.next()) {
                (Some(n), None) => n.trim_start_matches('#').parse().unwrap_or(0),
                _ => 0,
            };
            Some(Edit::Delete(n))
        }
        _ => None,
    }
}

/// A player's lines after `edit`, or why it cannot be done.
fn edited(
    mut lines: Vec<Vec<String>>,
    edit: Edit,
    lang: Lang,
) -> Result<Vec<Vec<String>>, Refusal> {
    if lines.is_empty() {
        return Err(tr!(lang, "conditional-none-to-clear"));
    }
    match edit {
        Edit::Clear => Ok(Vec::new()),
        Edit::Delete(n) if (1..=lines.len()).contains(&n) => {
            lines.remove(n - 1);
            Ok(lines)
        }
        Edit::Delete(_) => Err(tr!(lang, "conditional-delete-which", count = lines.len())),
    }
}

/// `side`'s lines among a record's conditional lines.
fn lines_of(all: &[ConditionalLines], side: Side) -> Vec<Vec<String>> {
    all.iter()
        .find(|c| c.side == side)
        .map(|c| c.lines.clone())
        .unwrap_or_default()
}

/// Replaces `side`'s lines (none: removes them).
fn set_lines(all: &mut Vec<ConditionalLines>, side: Side, lines: Vec<Vec<String>>) {
    all.retain(|c| c.side != side);
    if !lines.is_empty() {
        all.push(ConditionalLines { side, lines });
    }
}

/// A player's lines as their answer shows them.
fn shown(lang: Lang, lines: &[Vec<String>]) -> String {
    if lines.is_empty() {
        return tr!(lang, "conditional-none", example = example(lang));
    }
    let mut out = vec![tr!(lang, "conditional-list", count = lines.len())];
    out.extend(
        lines
            .iter()
            .enumerate()
            .map(|(i, l)| format!("{}. {}", i + 1, printed_line(l, lang))),
    );
    out.push(tr!(lang, "conditional-clear-hint"));
    out.join("\n")
}

/// A line as players read it: `if e5 → Nf3, if Nc6 → Bb5`.
pub(in crate::service) fn printed_line(line: &[String], lang: Lang) -> String {
    line.chunks(2)
        .map(|pair| match pair {
            [theirs, mine] => tr!(
                lang,
                "conditional-if-then",
                theirs = theirs.as_str(),
                mine = mine.as_str()
            ),
            [theirs] => tr!(lang, "conditional-if", theirs = theirs.as_str()),
            _ => String::new(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The turns of a typed line. Turns are separated by spaces, or by `;` when a turn
/// itself has spaces (`Nb1-c3 Bc1-f4; Ke8-d8; ...`); a parenthesised part stays with
/// the turn before it (`Ze4:d5 (death) Qd1-h5`), and move numbers (`1.`, `2...`) are
/// ignored.
pub(in crate::service) fn parse_line(text: &str, lang: Lang) -> Result<Vec<String>, Refusal> {
    let mut turns: Vec<String> = Vec::new();
    if text.contains(';') {
        turns.extend(text.split(';').map(|t| t.trim().to_string()));
    } else {
        let mut depth = 0i32;
        for word in text.split_whitespace() {
            match turns.last_mut() {
                Some(last) if depth > 0 || word.starts_with('(') => {
                    last.push(' ');
                    last.push_str(word);
                }
                _ => turns.push(word.to_string()),
            }
            for c in word.chars() {
                match c {
                    '(' => depth += 1,
                    ')' => depth = (depth - 1).max(0),
                    _ => {}
                }
            }
        }
    }
    let turns: Vec<String> = turns
        .into_iter()
        .map(|t| strip_number(&t).to_string())
        .filter(|t| !t.is_empty())
        .collect();
    if turns.len() < 2 || turns.len() % 2 == 1 {
        return Err(tr!(lang, "conditional-shape", example = example(lang)));
    }
    if turns.len() / 2 > MAX_ANSWERS {
        return Err(tr!(
            lang,
            "conditional-too-deep",
            max = MAX_ANSWERS,
            count = turns.len() / 2
        ));
    }
    if let Some(long) = turns.iter().find(|t| t.chars().count() > MAX_TEXT) {
        return Err(tr!(
            lang,
            "conditional-turn-too-long",
            start = long.chars().take(20).collect::<String>()
        ));
    }
    Ok(turns)
}

/// A turn without a move number in front (`12.e4`, `12...`): empty when it was one.
fn strip_number(turn: &str) -> &str {
    let digits = turn.len() - turn.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return turn;
    }
    let rest = &turn[digits..];
    let dots = rest.len() - rest.trim_start_matches(['.', '…']).len();
    if dots == 0 {
        return turn;
    }
    rest[dots..].trim_start()
}

/// Plays `line` on a copy of `game` (a game without hidden information or chance,
/// where every turn of it can be worked out now): each of the opponent's turns and
/// `me`'s answers must be legal in turn.
fn check_line(game: &Game, me: Side, line: &[String], lang: Lang) -> Result<(), Refusal> {
    let mut g = game.clone();
    for (i, turn) in line.iter().enumerate() {
        let side = if i % 2 == 0 { me.other() } else { me };
        match g.ask() {
            Some(ask) if ask.side == side => {}
            Some(_) => return Err(tr!(lang, "conditional-same-player", turn = turn.as_str())),
            None => return Err(tr!(lang, "conditional-over-before", turn = turn.as_str())),
        }
        if let Err(e) = g.play(side, turn) {
            let why = e.text_in(lang);
            return Err(if side == me {
                tr!(
                    lang,
                    "conditional-answer-illegal",
                    turn = turn.as_str(),
                    why = why
                )
            } else {
                tr!(
                    lang,
                    "conditional-turn-illegal",
                    turn = turn.as_str(),
                    why = why
                )
            });
        }
    }
    Ok(())
}

/// The text of a turn compared as the record prints it: without spaces and the
/// annotations players may add (`+`, `#`, `!`, `?`).
fn bare(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && !"+#!?".contains(*c))
        .collect()
}

/// A turn's last parenthesised part (`Ze4:d5 (death)` → `death`), lower-cased, and
/// what comes before it.
fn split_outcome(text: &str) -> (&str, Option<String>) {
    let t = text.trim_end();
    if !t.ends_with(')') {
        return (t, None);
    }
    match t.rfind('(') {
        Some(open) => (
            t[..open].trim_end(),
            Some(bare(&t[open + 1..t.len() - 1]).to_lowercase()),
        ),
        None => (t, None),
    }
}

/// Whether the condition `cond` is the opponent's (`opponent`) recorded turn:
/// `printed` as the record prints it, `action` its canonical text, `before` the game
/// before that turn (`None` when the turn took several answers: then the printed text
/// alone decides).
fn matches(cond: &str, before: Option<&Game>, opponent: Side, printed: &str, action: &str) -> bool {
    if bare(cond) == bare(printed) {
        return true;
    }
    let Some(before) = before else {
        return false;
    };
    let (_, want) = split_outcome(cond);
    if let Some(want) = &want {
        // The condition names what the turn showed: the record must show the same.
        if split_outcome(printed).1.as_ref() != Some(want) {
            return false;
        }
    }
    let (mv, _) = split_outcome(cond);
    [cond, mv].into_iter().any(|text| {
        let mut g = before.clone();
        g.play(opponent, text).is_ok_and(|p| p.action == action)
    })
}

/// What became of `me`'s lines once the opponent's turn is recorded.
struct Outcome {
    /// The answer to play now, from the first matching line whose answer is legal.
    answer: Option<String>,
    /// The lines kept (their matched turn and answer taken off).
    kept: Vec<Vec<String>>,
    /// Why each dropped line was dropped, for its author.
    dropped: Vec<String>,
}

fn follow_lines(
    lines: &[Vec<String>],
    after: &Game,
    me: Side,
    turn: (Option<&Game>, &str, &str),
    lang: Lang,
) -> Outcome {
    let (before, printed, action) = turn;
    let mut out = Outcome {
        answer: None,
        kept: Vec::new(),
        dropped: Vec::new(),
    };
    let mut chosen: Option<String> = None;
    for line in lines {
        let (Some(cond), Some(answer)) = (line.first(), line.get(1)) else {
            continue;
        };
        if !matches(cond, before, me.other(), printed, action) {
            out.dropped.push(tr!(
                lang,
                "conditional-dropped-other",
                line = printed_line(line, lang),
                turn = printed
            ));
            continue;
        }
        let mut g = after.clone();
        match g.play(me, answer) {
            Err(e) => out.dropped.push(tr!(
                lang,
                "conditional-dropped-illegal",
                line = printed_line(line, lang),
                answer = answer.as_str(),
                why = e.text_in(lang)
            )),
            Ok(p) => match &chosen {
                None => {
                    chosen = Some(p.action);
                    out.answer = Some(answer.clone());
                    if line.len() > 2 {
                        out.kept.push(line[2..].to_vec());
                    }
                }
                Some(a) if *a == p.action => {
                    if line.len() > 2 {
                        out.kept.push(line[2..].to_vec());
                    }
                }
                Some(_) => out.dropped.push(tr!(
                    lang,
                    "conditional-dropped-earlier",
                    line = printed_line(line, lang)
                )),
            },
        }
    }
    out
}

/// After `opponent`'s answer is recorded in `change` (its game `before` that answer,
/// `fresh`: the answer began the opponent's turn): when the turn is complete and the
/// other player has lines, plays the answer of the first matching one through the
/// normal path and drops those that no longer match, each told to their author.
pub(in crate::service) fn answer_conditionally(
    change: &mut Change,
    before: &Game,
    fresh: bool,
    opponent: Side,
    now: u64,
) {
    let me = opponent.other();
    let Some(live) = change.live.as_ref() else {
        return;
    };
    let lines = lines_of(&live.rec.conditional, me);
    if lines.is_empty() || live.game.ask().map(|a| a.side) != Some(me) {
        return;
    }
    let Some(turn) = live.rec.history.last().filter(|e| e.side == opponent) else {
        return;
    };
    let action = match live.rec.actions.last().map(|a| &a.kind) {
        Some(crate::store::ActionKind::Play { text, .. }) => text.clone(),
        _ => String::new(),
    };
    // Told to the lines' author, who did not act, and in the game's place: the
    // server's language.
    let lang = live.lang;
    let outcome = follow_lines(
        &lines,
        &live.game,
        me,
        (fresh.then_some(before), &turn.printed, &action),
        lang,
    );
    let mut next: Live = live.clone();
    set_lines(&mut next.rec.conditional, me, outcome.kept.clone());
    let author = next.rec.player(me).clone();
    let mut notes: Vec<String> = dropped_note(&outcome.dropped, next.rec.id, lang)
        .into_iter()
        .collect();
    let tell = |change: &mut Change, notes: Vec<String>| {
        change
            .replies
            .extend(notes.into_iter().map(|n| Reply::private(author.clone(), n)));
    };
    let follow_up = next.game.ask().is_some_and(|a| a.question.continues_turn());
    // Checked on a copy of this very game just now: it plays.
    let played = match outcome.answer.as_deref().map(|a| next.game.play(me, a)) {
        Some(Ok(played)) => played,
        _ => {
            change.live = Some(next);
            tell(change, notes);
            return;
        }
    };
    notes.insert(
        0,
        tr!(
            lang,
            "conditional-answered",
            turn = turn.printed.as_str(),
            answer = played.printed.as_str(),
            game = next.rec.id.to_string(),
            left = outcome.kept.len()
        ),
    );
    let asked = crate::service::reads::asked::prompt_line(live);
    let Some((answered, private)) = commit_answer(next, me, follow_up, played, now) else {
        return;
    };
    // The board of the turn answered asks nobody: the answer is already there.
    if let Some(first) = change.replies.iter_mut().find(|r| r.image.is_some()) {
        quiet_board(first, asked.as_deref());
    }
    change.live = answered.live;
    change.replies.extend(answered.replies);
    change.replies.extend(private);
    tell(change, notes);
}

/// The note telling a lines' author which of their lines on game `game` were
/// `dropped` (with why), in `lang`; `None` when none was.
fn dropped_note(dropped: &[String], game: u64, lang: Lang) -> Option<String> {
    if dropped.is_empty() {
        return None;
    }
    Some(format!(
        "{}\n{}",
        tr!(
            lang,
            "conditional-dropped",
            count = dropped.len(),
            game = game.to_string()
        ),
        dropped
            .iter()
            .map(|d| format!("- {d}"))
            .collect::<Vec<_>>()
            .join("\n")
    ))
}

/// Records `played`, the answer `me` queued, in `next` as a conditional move
/// (`follow_up`: it continues a turn already begun) and commits it: the change and
/// the private replies of its secrets; `None` when the commit is refused.
fn commit_answer(
    mut next: Live,
    me: Side,
    follow_up: bool,
    played: Played,
    now: u64,
) -> Option<(Change, Vec<Reply>)> {
    record_play(&mut next, me, follow_up, &played, now);
    next.rec.conditional_plies.push(next.rec.actions.len() - 1);
    if let Some(entry) = next.rec.history.last_mut() {
        entry.conditional = true;
    }
    let private = crate::service::capabilities::turns::secret_replies(&next, &played);
    let mut lines = vec![tr!(
        next.lang,
        "conditional-move",
        answer = played.printed.as_str()
    )];
    lines.extend(crate::service::capabilities::turns::event_lines(
        played.events,
        next.lang,
    ));
    let clock = next.rec.clock.clone();
    let answered = commit_live(next, clock.as_ref(), now, lines).ok()?;
    Some((answered, private))
}

/// A board reply that no longer asks: no mention, and without the line `asked` (the
/// prompt of the turn just answered).
fn quiet_board(board: &mut Reply, asked: Option<&str>) {
    board.mention.clear();
    if let Some(asked) = asked {
        board.text = board
            .text
            .lines()
            .filter(|l| *l != asked)
            .collect::<Vec<_>>()
            .join("\n");
    }
}

impl Service {
    /// A typed move, played: the mover's own move, then the other player's conditional
    /// lines answering it.
    pub(in crate::service) fn play(
        &self,
        slot: &Slot,
        ctx: &Context,
        text: &str,
        now: u64,
    ) -> Result<Change, Refusal> {
        let (live, side) = player_game(slot, ctx)?;
        let (mut change, fresh) = self.own_move(slot, ctx, text, now)?;
        // The other player's conditional lines answer a complete turn at once.
        answer_conditionally(&mut change, &live.game, fresh, side, now);
        Ok(change)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_line_en(text: &str) -> Result<Vec<String>, Refusal> {
        parse_line(text, Lang::En)
    }

    #[test]
    fn lines_split_into_turns() {
        assert_eq!(
            parse_line_en("e5 Nf3 Nc6 Bb5").expect("line"),
            ["e5", "Nf3", "Nc6", "Bb5"]
        );
        assert_eq!(
            parse_line_en("1...e5 2.Nf3 2... Nc6 3. Bb5").expect("numbers"),
            ["e5", "Nf3", "Nc6", "Bb5"]
        );
        assert_eq!(
            parse_line_en("Ze4:d5 (death) Qd1-h5 e4 (freeze d5) Nf3").expect("groups"),
            ["Ze4:d5 (death)", "Qd1-h5", "e4 (freeze d5)", "Nf3"]
        );
        assert_eq!(
            parse_line_en("Nb1-c3 Bc1-f4; Ke8-d8").expect("semicolons"),
            ["Nb1-c3 Bc1-f4", "Ke8-d8"]
        );
        assert!(parse_line_en("e5").is_err());
        assert!(parse_line_en("e5 Nf3 Nc6").is_err());
        let deep = ["e5 Nf3"; 11].join(" ");
        assert!(parse_line_en(&deep)
            .expect_err("11 answers")
            .contains("at most 10"));
        assert_eq!(
            parse_line_en(&["e5 Nf3"; 10].join(" ")).map(|l| l.len()),
            Ok(20)
        );
    }

    #[test]
    fn outcomes_are_the_last_parenthesised_part() {
        assert_eq!(
            split_outcome("Ze4:d5 (Death)"),
            ("Ze4:d5", Some("death".to_string()))
        );
        assert_eq!(
            split_outcome("Ze4:e4 (polymorph = Queen)").1.as_deref(),
            Some("polymorph=queen")
        );
        assert_eq!(split_outcome("Nf3"), ("Nf3", None));
        assert_eq!(bare("Qh4+ !"), "Qh4");
    }
}
