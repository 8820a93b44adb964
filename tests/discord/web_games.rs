//! A whole game of each of the seven games played on the players' own web pages by
//! pointer events alone (issue 49): `arcana run` against the fake Discord with its web
//! pages on; alice challenges bob to the game, bob accepts, each asks `/web` in the
//! game's thread for their private page, and then every turn of both is made in headless
//! Chromium on the page of the player asked: a tap on each cell the picker's choice
//! stands for (a piece, a target, a wall, a spell's square, a zap's target, a throw's
//! target, a placement), a drag from one cell to the next for some, a press on a
//! chooser button for the rest (a promotion, `no spell`, a declined throw, a Full team,
//! `end the turn`, `pass`), then Confirm. Nothing is typed and nothing is posted but by
//! the page's own script. Each game follows a short line that ends by the game's own
//! rules (mate, or Wizard Walls' points); the thread shows every turn's board once and
//! the end once, and the stored record is the line.
// The shared support code unwraps freely, as tests may.
#![allow(clippy::unwrap_used)]

use crate::support;

use arcana::store::{GameRecord, Store};
use arcana::variants::action::ActionKind;
use arcana::variants::picker::Picker;
use arcana::variants::{Game, Options, Outcome, VariantId};
use fantoccini::Client;
use serde_json::{json, Value};
use std::time::Instant;
use support::bot::{accepted_in_thread_with, slash_in, Bot, ALICE, BOB, CHANNEL};
use support::browser::{browser, confirm};
use support::fake_discord::{visible_text, FakeDiscord, FakeUser};
use support::picker_path::path_to;
use support::pointer::{self, until};

const KEY: &str = "a key of the whole games' test, 32 bytes or more";

/// One choice of an answer's picker path: the option's index, its label and the cell
/// it stands for.
struct Step {
    value: u16,
    label: String,
    /// The cell the page lays it on: the option's cell, unless an earlier option of the
    /// same choice took that cell (the page then shows it as a button).
    cell: Option<String>,
}

/// The picker path to `answer` in `tree`, each step as the page shows it.
fn steps_to(tree: &Picker, answer: &str) -> Option<Vec<Step>> {
    let path = path_to(tree, answer)?;
    let steps = (0..path.len())
        .map(|k| {
            let pick = tree.pick(&path[..k]).expect("a path the picker made");
            let options: Vec<_> = pick.menus.iter().flat_map(|m| m.options.iter()).collect();
            let at = options
                .iter()
                .position(|o| o.value == path[k])
                .expect("the option taken");
            let o = options[at];
            let shared = options[..at]
                .iter()
                .any(|e| e.cell.is_some() && e.cell == o.cell);
            Step {
                value: o.value,
                label: o.label.clone(),
                cell: o.cell.filter(|_| !shared).map(|c| c.to_string()),
            }
        })
        .collect();
    Some(steps)
}

/// Whether two choices in a row stand for cells: the first may be dragged to the next.
fn has_pair(steps: &[Step]) -> bool {
    steps
        .windows(2)
        .any(|w| w[0].cell.is_some() && w[1].cell.is_some())
}

/// Makes the answer whose picker path is `steps` on the page `client` shows, by
/// pointer: each choice a tap on its cell (with `drag`, the first two cells in a row
/// dragged from one to the other) or a press on its chooser button, then Confirm.
async fn answer_by_pointer(client: &Client, steps: &[Step], drag: bool) {
    let mut path: Vec<u16> = Vec::new();
    let mut dragged = false;
    let mut k = 0;
    pointer::at_path(client, &path).await;
    while k < steps.len() {
        let step = &steps[k];
        let next = steps.get(k + 1);
        match (&step.cell, next.and_then(|n| n.cell.as_ref())) {
            (Some(from), Some(to)) if drag && !dragged => {
                pointer::drag(client, from, Some(step.value), to).await;
                path.extend([step.value, steps[k + 1].value]);
                dragged = true;
                k += 2;
            }
            (Some(cell), _) => {
                pointer::tap(client, cell, step.value).await;
                path.push(step.value);
                k += 1;
            }
            (None, _) => {
                pointer::press(client, &step.label).await;
                path.push(step.value);
                k += 1;
            }
        }
        pointer::at_path(client, &path).await;
    }
    confirm(client).await;
}

/// The fake Discord, the bot serving its pages, the game's thread and id, and each
/// player's private page (White's, Black's).
struct Table {
    fake: FakeDiscord,
    bot: Option<Bot>,
    data: tempfile::TempDir,
    thread: u64,
    game: u64,
    pages: [String; 2],
}

/// `arcana run` with its pages on; alice challenges bob to `variant` (alice White), bob
/// accepts, and each asks `/web` in the thread for their own page.
async fn table(variant: VariantId) -> Table {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let port = support::bot::free_port();
    let web = format!("http://127.0.0.1:{port}");
    let extra =
        format!("[web]\nlisten = \"127.0.0.1:{port}\"\npublic_url = \"{web}\"\nkey = \"{KEY}\"\n");
    let bot = Bot::start(&fake, &data.path().join("data"), &extra).await;
    let thread =
        accepted_in_thread_with(&fake, CHANNEL, &[("variant", 3, json!(variant.id()))]).await;
    let mut pages = Vec::new();
    let mut game = 0;
    for who in [&ALICE, &BOB] {
        let (url, id) = private_page(&fake, who, thread, &web).await;
        pages.push(url);
        game = id;
    }
    Table {
        fake,
        bot: Some(bot),
        data,
        thread,
        game,
        pages: [pages[0].clone(), pages[1].clone()],
    }
}

/// `who`'s private page of the thread's game, from `/web`'s answer to them alone, and
/// the game's id it names.
async fn private_page(fake: &FakeDiscord, who: &FakeUser, thread: u64, web: &str) -> (String, u64) {
    let answers = slash_in(fake, who, thread, "web", &[], &[]).await;
    let text = answers
        .iter()
        .filter(|r| r.is_ephemeral())
        .map(|r| r.content())
        .collect::<Vec<_>>()
        .join("\n");
    let url = text
        .split_whitespace()
        .find(|w| w.starts_with(&format!("{web}/p/")))
        .unwrap_or_else(|| panic!("no private page for {} in {text:?}", who.name))
        .to_string();
    let game = url[web.len() + 3..]
        .split('-')
        .next()
        .and_then(|g| g.parse().ok())
        .expect("the game's id in the address");
    (url, game)
}

/// The thread's messages as Discord keeps them (repeats dropped by their nonce).
fn thread_messages(fake: &FakeDiscord, thread: u64) -> Vec<Value> {
    fake.messages_in(thread)
}

/// The turn a board's message shows: its first line, after the mention of the player
/// asked next.
fn move_line(text: &str) -> String {
    let first = text.lines().next().unwrap_or_default();
    let unmentioned = match first.strip_prefix("<@") {
        Some(rest) => rest.split_once("> ").map_or(rest, |(_, m)| m),
        None => first,
    };
    unmentioned.trim().to_string()
}

fn has_board(message: &Value) -> bool {
    message["attachments"]
        .as_array()
        .is_some_and(|a| !a.is_empty())
}

/// Plays `line` (each answer as the picker completes it) on the pages to the game's
/// end, then checks the thread and the record.
async fn played_to_the_end(variant: VariantId, line: &[&str]) {
    let started = Instant::now();
    let mut t = table(variant).await;
    let boards = thread_messages(&t.fake, t.thread)
        .iter()
        .filter(|m| has_board(m))
        .count();
    assert_eq!(boards, 1, "the game's first board");
    let (outcome, last) = line_played(&t, variant, line).await;
    let reason = outcome.reason_in(arcana::i18n::Lang::En);
    let posts = format!("/channels/{}/messages", t.thread);
    t.fake
        .wait_for(last, "the end in the thread", |r| {
            r.method == "POST" && r.path.ends_with(&posts) && r.content().contains(&reason)
        })
        .await;
    t.fake
        .settle(last, std::time::Duration::from_millis(800))
        .await;
    let rec = stored(&mut t).await;
    record_checked(variant, line, &rec, &outcome);
    thread_checked(&t, variant, line, &rec, &outcome);
    eprintln!(
        "web_games: {} on {}: {} answers, {} turns, {:.1} s",
        variant.id(),
        support::backend::name(),
        line.len(),
        rec.history.len(),
        started.elapsed().as_secs_f64()
    );
}

/// Plays `line` in headless Chromium, each answer on the page of the player asked, and
/// checks that it ends the game; how it ended, and the fake's mark before the last
/// answer.
async fn line_played(t: &Table, variant: VariantId, line: &[&str]) -> (Outcome, usize) {
    let (client, _driver) = browser().await;
    // The picker's tree is the same whatever the seed: chance decides only what the
    // line never does (a wand identified, a card contest).
    let mut local = Game::new(variant, &Options::new(), 0).unwrap();
    let mut shown: Option<usize> = None;
    let (mut pairs, mut drags, mut last) = (0, 0, 0);
    for (i, answer) in line.iter().enumerate() {
        let ask = local.ask().expect("the line goes on while the game does");
        let side = ask.side.index();
        if shown != Some(side) {
            client
                .goto(&t.pages[side])
                .await
                .expect("the player's page");
            shown = Some(side);
        }
        let tree = local.picker_tree();
        let steps = steps_to(&tree, answer).unwrap_or_else(|| {
            panic!(
                "{answer:?} is not among the picker's answers: {:?}",
                tree.answers()
            )
        });
        // Every second answer that has two cells in a row is made by a drag.
        let drag = has_pair(&steps) && {
            pairs += 1;
            pairs % 2 == 0
        };
        drags += usize::from(drag);
        last = t.fake.mark();
        answer_by_pointer(&client, &steps, drag).await;
        let played = format!(
            "const p = document.querySelector('#play');\
             return !!document.getElementById('game') && (p ? p.dataset.actions === '{}' : true);",
            i + 1
        );
        until(&client, &format!("{answer} played"), &played).await;
        local
            .play(ask.side, answer)
            .unwrap_or_else(|e| panic!("{answer}: {e}"));
    }
    assert!(drags > 0, "at least one drag");
    let outcome = local.outcome().expect("the line ends the game");
    until(
        &client,
        "the end on the page: no control left",
        "return !document.querySelector('#play');",
    )
    .await;
    let _ = client.close().await;
    (outcome, last)
}

/// The game's stored record, read once the bot has stopped (sled is one process's).
async fn stored(t: &mut Table) -> GameRecord {
    let bot = t.bot.take().unwrap();
    tokio::task::block_in_place(|| assert!(bot.stop().success(), "the bot stops cleanly"));
    let url = support::backend::url(&t.data.path().join("data"));
    tokio::task::block_in_place(|| {
        Store::open_at(&url)
            .unwrap()
            .game(t.game)
            .unwrap()
            .expect("the game's record")
    })
}

/// The record is finished and holds the line's answers and nothing else, and the line
/// replayed from the record's seed ends the same way.
fn record_checked(variant: VariantId, line: &[&str], rec: &GameRecord, outcome: &Outcome) {
    assert!(rec.finished, "the record is finished");
    let mut replay = Game::new(variant, &rec.options, rec.seed).unwrap();
    let mut expected = Vec::new();
    for answer in line {
        let side = replay.ask().unwrap().side;
        expected.push(replay.play(side, answer).unwrap().action);
    }
    assert_eq!(
        replay.outcome().as_ref(),
        Some(outcome),
        "the same end from the record's seed"
    );
    let actions: Vec<String> = rec
        .actions
        .iter()
        .filter_map(|a| match &a.kind {
            ActionKind::Play { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(actions, expected, "the record holds the line");
    assert_eq!(
        rec.actions.len(),
        line.len(),
        "nothing else: {:?}",
        rec.actions
    );
}

/// Which turn of the record (its history entry) each answer of `line` belongs to: an
/// answer to a question that continues a turn (Wickets' throw after the king's move)
/// belongs to the turn before.
fn turn_of_each_answer(variant: VariantId, line: &[&str], rec: &GameRecord) -> Vec<usize> {
    let mut game = Game::new(variant, &rec.options, rec.seed).unwrap();
    let mut turns: Vec<usize> = Vec::new();
    for answer in line {
        let ask = game.ask().unwrap();
        let turn = match turns.last() {
            Some(&t) if ask.question.continues_turn() => t,
            Some(&t) => t + 1,
            None => 0,
        };
        turns.push(turn);
        game.play(ask.side, answer).unwrap();
    }
    turns
}

/// The thread: the first board, then one board per answer, each opening with the turn
/// it shows. A turn of two answers (Wickets' throw or its decline, asked after the
/// king's move) shows the move when the question is asked, then the whole turn: each
/// turn of the record is shown whole once, in order. The end is said once.
fn thread_checked(
    t: &Table,
    variant: VariantId,
    line: &[&str],
    rec: &GameRecord,
    outcome: &Outcome,
) {
    let messages = thread_messages(&t.fake, t.thread);
    let boards: Vec<String> = messages
        .iter()
        .filter(|m| has_board(m))
        .map(visible_text)
        .collect();
    assert_eq!(
        boards.len(),
        1 + line.len(),
        "one board per answer: {boards:#?}"
    );
    let turns = turn_of_each_answer(variant, line, rec);
    assert_eq!(turns.last().map(|t| t + 1), Some(rec.history.len()));
    for (j, board) in boards[1..].iter().enumerate() {
        let shown = move_line(board);
        let turn = &rec.history[turns[j]].printed;
        if turns.get(j + 1) == Some(&turns[j]) {
            assert!(
                turn.starts_with(shown.as_str()),
                "{shown:?} is not the turn {turn:?} so far: {boards:#?}"
            );
        } else {
            assert_eq!(&shown, turn, "the whole turn: {boards:#?}");
        }
    }
    let reason = outcome.reason_in(arcana::i18n::Lang::En);
    let texts: Vec<String> = messages.iter().map(visible_text).collect();
    let ends = texts.iter().filter(|m| m.contains(&reason)).count();
    assert_eq!(
        ends,
        1,
        "the end ({}) once: {texts:#?}",
        outcome.describe_in(arcana::i18n::Lang::En)
    );
}

/// White's g-pawn promotes on f8 (the promotion's chooser pressed) with check; the
/// king's one answer, taking it, is offered whole (Confirm alone); then the queen mates.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn chess_by_pointer_to_mate() {
    let line = [
        "g2-g4", "h7-h5", "g4:h5", "g7-g6", "h5:g6", "e7-e5", "g6-g7", "Nb8-c6", "g7:f8=Q",
        "Ke8:f8", "f2-f3", "Qd8-h4",
    ];
    played_to_the_end(VariantId::Standard, &line).await;
}

/// Black's Wizard enters from the rook on a8 (to b5, its one square from there).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sorchess_by_pointer_to_mate() {
    let line = ["f2-f3", "Wa8-b5", "g2-g4", "e7-e5", "a2-a3", "Qd8-h4"];
    played_to_the_end(VariantId::Sorchess, &line).await;
}

/// "no spell" pressed twice; White's freeze (on a6) keeps White from freezing again
/// on its next move, so Black's queen with a freeze on g2 (White's rook and knight
/// held) mates.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn spell_chess_by_pointer_to_mate() {
    let line = ["f2-f3", "e7-e5", "g2-g4 (freeze a6)", "Qd8-h4 (freeze g2)"];
    played_to_the_end(VariantId::Spell, &line).await;
}

/// White zaps the wand of g2 at the empty g3 (a wasted move that identifies nothing,
/// so nothing depends on chance); in check no wand may be zapped, and the queen mates.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn wand_chess_by_pointer_to_mate() {
    let line = ["f2-f3", "e7-e5", "Zg2:g3", "a7-a6", "g2-g4", "Qd8-h4"];
    played_to_the_end(VariantId::Wand, &line).await;
}

/// Black's king, the ball-haver, moves and throws the ball to its bishop on f8 (the
/// page asks the throw after the move); White's king moves and keeps the ball (the
/// decline chooser); the queen then mates on e5.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn chess_with_wickets_by_pointer_to_mate() {
    let line = [
        "e2-e4", "e7-e5", "Qd1-h5", "Ke8-e7", "f8", "Ke1-e2", "decline", "a7-a6", "Qh5:e5",
    ];
    played_to_the_end(VariantId::Wickets, &line).await;
}

/// Walls, then the Basic teams placed piece by piece; White's rook walls in Black's
/// rook (5), Black's bishop comes down to a2, and White walls in the knight with the
/// rook and the bishop with the knight: 11 points.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn wizard_walls_by_pointer_to_ten_points() {
    let line = [
        "@f3 @g3 @h3",
        "@f6 @g6 @h6",
        "B@c1 N@b1 R@a1",
        "B@f7 N@b7 R@a7",
        "Ra1-a6 Ra6+a7",
        "Bf7-a2",
        "Ra6+b7 Nb1+a2",
    ];
    played_to_the_end(VariantId::Walls, &line).await;
}

/// The Full teams chosen by their chooser (a queen and two pawns; two rooks and a
/// pawn), Black passes, and White's queen walls in both rooks: 10 points.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn wizard_walls_full_by_pointer_to_ten_points() {
    let line = [
        "@f3 @g3 @h3",
        "@f6 @g6 @h6",
        "Q@a1 P@b1 P@c1",
        "R@a7 R@b7 P@c7",
        "Qa1-a6 Qa6+a7",
        "pass",
        "Qa6+b7",
    ];
    played_to_the_end(VariantId::WallsFull, &line).await;
}
