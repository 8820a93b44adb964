//! A whole game of each of the seven games played on the players' own web pages by
//! pointer events alone (issue 49): `arcana run` against the fake Discord with its web
//! pages on; alice challenges bob to the game, bob accepts, each asks `/web` in the
//! game's thread for their private page, and then every turn of both is made in headless
//! Chromium on the page of the player asked: a tap on each cell the picker's choice
//! stands for (a piece, a target, a wall, a spell's square, a zap's target, a throw's
//! target, a placement), a drag from one cell to the next for some, a press on a
//! chooser button for the rest (a team, `nothing more`), then Confirm. Nothing is typed
//! and nothing is posted but by the page's own script. Each game follows a short line
//! that ends by the game's own rules (mate, or Wizard Walls' points); the thread shows
//! every turn's board once and the end once, and the stored record is the line.
// The shared support code unwraps freely, as tests may.
#![allow(clippy::unwrap_used)]

use crate::support;

use arcana::store::Store;
use arcana::variants::action::ActionKind;
use arcana::variants::picker::Picker;
use arcana::variants::{Game, Options, VariantId};
use fantoccini::Client;
use serde_json::{json, Value};
use std::time::Instant;
use support::bot::{accepted_in_thread_with, slash_in, Bot, ALICE, BOB, CHANNEL};
use support::browser::{browser, confirm, until};
use support::fake_discord::{visible_text, FakeDiscord, FakeUser};
use support::pointer;

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
    fn walk(tree: &Picker, path: &mut Vec<u16>, out: &mut Vec<Step>, answer: &str) -> bool {
        let pick = tree.pick(path).expect("a path the picker made");
        if let Some(complete) = pick.answer {
            return complete == answer;
        }
        let options: Vec<_> = pick.menus.iter().flat_map(|m| m.options.iter()).collect();
        for (i, o) in options.iter().enumerate() {
            let shared = options[..i]
                .iter()
                .any(|e| e.cell.is_some() && e.cell == o.cell);
            path.push(o.value);
            out.push(Step {
                value: o.value,
                label: o.label.clone(),
                cell: o.cell.filter(|_| !shared).map(|c| c.to_string()),
            });
            if walk(tree, path, out, answer) {
                return true;
            }
            path.pop();
            out.pop();
        }
        false
    }
    let (mut path, mut out) = (Vec::new(), Vec::new());
    walk(tree, &mut path, &mut out, answer).then_some(out)
}

/// Makes `answer` on the page `client` shows, by pointer: each choice of its picker
/// path a tap on its cell (or, with `drag`, the first two cells in a row dragged from
/// one to the other) or a press on its chooser button, then Confirm.
async fn answer_by_pointer(client: &Client, tree: &Picker, answer: &str, drag: bool) -> bool {
    let steps = steps_to(tree, answer).unwrap_or_else(|| {
        panic!(
            "{answer:?} is not among the picker's answers: {:?}",
            tree.answers()
        )
    });
    let mut path: Vec<u16> = Vec::new();
    let mut dragged = false;
    let mut k = 0;
    pointer::at_path(client, &path).await;
    while k < steps.len() {
        let step = &steps[k];
        let next = steps.get(k + 1);
        match (&step.cell, next.and_then(|n| n.cell.as_ref())) {
            (Some(from), Some(to)) if drag && !dragged => {
                pointer::drag(client, from, step.value, to).await;
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
    dragged
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
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
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

fn has_board(message: &Value) -> bool {
    message["attachments"]
        .as_array()
        .is_some_and(|a| !a.is_empty())
}

/// Plays `line` (each answer as the picker completes it) on the pages to the game's
/// end, then checks the thread and the record. `drag_every`: every how many answers
/// the first two cells of a choice are dragged rather than tapped.
async fn played_to_the_end(variant: VariantId, line: &[&str], drag_every: usize) {
    let started = Instant::now();
    let mut t = table(variant).await;
    let first_boards = thread_messages(&t.fake, t.thread)
        .iter()
        .filter(|m| has_board(m))
        .count();
    assert_eq!(first_boards, 1, "the game's first board");
    let (client, _driver) = browser().await;
    let mut local = Game::new(variant, &Options::new(), 0).unwrap();
    let mut shown: Option<usize> = None;
    let mut drags = 0;
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
        if answer_by_pointer(&client, &tree, answer, i % drag_every == drag_every - 1).await {
            drags += 1;
        }
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
        "the end on the page",
        "return !document.querySelector('#play');",
    )
    .await;
    let _ = client.close().await;
    let ending = outcome.describe_in(arcana::i18n::Lang::En);
    let settled_mark = t.fake.mark();
    t.fake
        .settle(settled_mark, std::time::Duration::from_millis(800))
        .await;

    // The stored record: the line's answers, its history, finished.
    let bot = t.bot.take().unwrap();
    tokio::task::block_in_place(|| assert!(bot.stop().success(), "the bot stops cleanly"));
    let url = support::backend::url(&t.data.path().join("data"));
    let rec = tokio::task::block_in_place(|| {
        Store::open_at(&url)
            .unwrap()
            .game(t.game)
            .unwrap()
            .expect("the game's record")
    });
    assert!(rec.finished, "the record is finished");
    let mut replay = Game::new(variant, &rec.options, rec.seed).unwrap();
    let mut expected = Vec::new();
    for answer in line {
        let side = replay.ask().unwrap().side;
        expected.push(replay.play(side, answer).unwrap().action);
    }
    assert_eq!(
        replay.outcome(),
        Some(outcome.clone()),
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
    assert_eq!(actions, expected, "the record holds the line, nothing else");
    assert_eq!(rec.actions.len(), line.len(), "{:?}", rec.actions);

    // The thread: the first board, then each turn's board once, and the end said once.
    let messages = thread_messages(&t.fake, t.thread);
    let boards: Vec<String> = messages
        .iter()
        .filter(|m| has_board(m))
        .map(visible_text)
        .collect();
    assert_eq!(
        boards.len(),
        1 + rec.history.len(),
        "one board per turn: {boards:#?}\nhistory: {:?}",
        rec.history
    );
    for entry in &rec.history {
        let told = boards.iter().filter(|b| b.contains(&entry.printed)).count();
        assert_eq!(told, 1, "{} in the thread: {boards:#?}", entry.printed);
    }
    let texts: Vec<String> = messages.iter().map(visible_text).collect();
    let reason = outcome.reason_in(arcana::i18n::Lang::En);
    let ends = texts.iter().filter(|m| m.contains(&reason)).count();
    assert_eq!(ends, 1, "the end ({ending}) once: {texts:#?}");
    eprintln!(
        "web_games: {} on {}: {} answers, {} turns, {:.1} s",
        variant.id(),
        support::backend::name(),
        line.len(),
        rec.history.len(),
        started.elapsed().as_secs_f64()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn chess_by_pointer_to_mate() {
    played_to_the_end(
        VariantId::Standard,
        &["f2-f3", "e7-e5", "g2-g4", "Qd8-h4"],
        2,
    )
    .await;
}
