//! The move picker over Discord (issue 28): with the Message Content intent off, whole
//! games of every variant are played through the board's Move button and the private
//! picker alone (select menus answered with UPDATE_MESSAGE, then Confirm), every
//! message checked by the fake against Discord's documented limits; a picker of an
//! earlier position, a spectator's press and forged ids are refused without changing
//! anything.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use serde_json::{json, Value};
use std::time::Duration;
use support::bot::{button_ids, started, ALICE, BOB};
use support::fake_discord::{
    all_components, check_message, visible_text, FakeDiscord, FakeUser, WAIT,
};

/// No chat moves: only interactions reach the bot.
const CONFIG: &str = "image_size = 128\nthreads = false\nmessage_content = false\n";

/// A channel of its own for each game (one game a channel without threads).
const FIRST_CHANNEL: u64 = 200_000_000_000_000_101;

/// Polls `f` until it gives something (the fake's kept messages change as the bot
/// answers); fails the test after [`WAIT`].
async fn until<T>(what: &str, f: impl Fn() -> Option<T>) -> T {
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        if let Some(t) = f() {
            return t;
        }
        assert!(std::time::Instant::now() < deadline, "timed out: {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The latest board of `channel`: the newest message with a Move or Rematch button.
fn board(fake: &FakeDiscord, channel: u64) -> Option<Value> {
    fake.messages_in(channel).into_iter().rev().find(|m| {
        button_ids(m)
            .iter()
            .any(|i| i.starts_with("pick-open:") || i.starts_with("rematch:"))
    })
}

fn button_with(message: &Value, prefix: &str) -> Option<String> {
    button_ids(message)
        .into_iter()
        .find(|i| i.starts_with(prefix))
}

/// The interaction's callback (its type and data), once it came.
async fn callback(fake: &FakeDiscord, mark: usize, iid: u64) -> Value {
    fake.wait_for(mark, "the interaction's callback", |r| {
        r.path.contains(&format!("/interactions/{iid}/")) && r.path.ends_with("/callback")
    })
    .await
    .json
}

/// alice (White) challenges bob to `variant` in `channel`; bob accepts. Returns the
/// first board.
async fn start(fake: &FakeDiscord, channel: u64, variant: &str) -> Value {
    let mark = fake.mark();
    let iid = fake.slash(
        &ALICE,
        channel,
        "challenge",
        &[
            ("opponent", 6, json!(BOB.id.to_string())),
            ("color", 3, json!("white")),
            ("variant", 3, json!(variant)),
        ],
        &[&BOB],
    );
    callback(fake, mark, iid).await;
    // The bot notes the challenge's message once the answer is out.
    tokio::time::sleep(Duration::from_millis(100)).await;
    fake.slash(&BOB, channel, "accept", &[], &[]);
    let first = until("the first board", || board(fake, channel)).await;
    // Whatever else the acceptance sends lands before the test's next mark.
    fake.settle(mark, Duration::from_millis(300)).await;
    first
}

/// Who a board asks: the first person it mentions.
fn asked(board: &Value) -> FakeUser {
    let text = visible_text(board);
    let alice = text.find(&format!("<@{}>", ALICE.id));
    let bob = text.find(&format!("<@{}>", BOB.id));
    match (alice, bob) {
        (Some(a), Some(b)) if b < a => BOB,
        (Some(_), _) => ALICE,
        (None, Some(_)) => BOB,
        (None, None) => panic!("nobody is asked: {text}"),
    }
}

/// The select menus of a picker message: (custom id, [(label, value)]).
fn menus(message: &Value) -> Vec<(String, Vec<(String, String)>)> {
    all_components(message)
        .into_iter()
        .filter(|c| c["type"] == json!(3))
        .map(|c| {
            let options = c["options"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| {
                    (
                        o["label"].as_str().unwrap().to_string(),
                        o["value"].as_str().unwrap().to_string(),
                    )
                })
                .collect();
            (c["custom_id"].as_str().unwrap().to_string(), options)
        })
        .collect()
}

/// What the player picks at one choice: a label from the script, else the first option.
type Chooser<'a> = &'a dyn Fn(&[(String, Vec<(String, String)>)]) -> (String, String);

/// Opens the picker from `board` as `who`, chooses until the answer is complete and
/// confirms it; returns the played line the picker shows at the end.
async fn play_by_picker(
    fake: &FakeDiscord,
    channel: u64,
    who: &FakeUser,
    board: &Value,
    choose: Chooser<'_>,
    german: bool,
) -> String {
    let open = button_with(board, "pick-open:").expect("a Move button");
    let mark = fake.mark();
    let iid = fake.button(who, channel, &open, board.clone());
    let answer = callback(fake, mark, iid).await;
    assert_eq!(answer["type"], json!(4), "{answer}");
    let flags = answer["data"]["flags"].as_u64().unwrap_or(0);
    assert_ne!(flags & 64, 0, "the picker is private: {answer}");
    let mut picker = fake.original(iid).expect("the picker message");
    let picker_id: u64 = picker["id"].as_str().unwrap().parse().unwrap();
    for _ in 0..6 {
        if let Some(confirm) = button_with(&picker, "pick-play:") {
            let mark = fake.mark();
            let iid = fake.button(who, channel, &confirm, picker.clone());
            let answer = callback(fake, mark, iid).await;
            assert_eq!(
                answer["type"],
                json!(7),
                "Confirm updates the picker: {answer}"
            );
            // The board follows, publicly.
            fake.wait_for(mark, "the board after the answer", |r| {
                r.path.ends_with(&format!("/tok-{iid}")) && !r.files.is_empty()
            })
            .await;
            let done = visible_text(&fake.message(picker_id).unwrap());
            let played = if german { "Du hast" } else { "You played" };
            assert!(done.starts_with(played), "{done}");
            return done;
        }
        let shown = menus(&picker);
        assert!(!shown.is_empty(), "a picker without menus: {picker}");
        if german {
            // The picker's words in German, its notation as the documents write it.
            let text = visible_text(&picker);
            for english in ["Which ", "Where ", "Chosen:", "Back"] {
                assert!(
                    !text.contains(english),
                    "English in a German picker: {text}"
                );
            }
            if button_with(&picker, "pick-at:").is_some() {
                assert!(picker.to_string().contains("\"Zurück\""), "{picker}");
            }
        }
        assert!(shown.len() <= 4);
        let (menu, value) = choose(&shown);
        let mark = fake.mark();
        let iid = fake.select(who, channel, &menu, &[&value], picker.clone());
        let answer = callback(fake, mark, iid).await;
        assert_eq!(
            answer["type"],
            json!(7),
            "a choice updates the picker: {answer}"
        );
        picker = fake.message(picker_id).unwrap();
    }
    panic!("no answer after six choices: {picker}");
}

/// The option labelled `label` in any menu.
fn labelled(menus: &[(String, Vec<(String, String)>)], label: &str) -> Option<(String, String)> {
    menus.iter().find_map(|(id, options)| {
        options
            .iter()
            .find(|(l, _)| l == label)
            .map(|(_, v)| (id.clone(), v.clone()))
    })
}

/// Plays `script` (each answer as the labels of its choices) through the picker, each
/// answer by the player the board asks, to the end of the game. Returns the last board.
async fn play_game(fake: &FakeDiscord, channel: u64, variant: &str, script: &[&[&str]]) -> Value {
    play_game_in(fake, channel, variant, script, false).await
}

/// [`play_game`] with both players' Discord in German (`locale` `de`) when `german`:
/// the script's labels are then the German ones.
async fn play_game_in(
    fake: &FakeDiscord,
    channel: u64,
    variant: &str,
    script: &[&[&str]],
    german: bool,
) -> Value {
    let mut current = start(fake, channel, variant).await;
    for (n, labels) in script.iter().enumerate() {
        assert!(
            button_with(&current, "pick-open:").is_some(),
            "{variant}: over after {n} answers: {}",
            visible_text(&current)
        );
        let who = asked(&current);
        // The script's labels; where a game adds a step of its own (a spell to cast
        // with the move), none.
        let extra: &[&str] = if german {
            &["nichts weiter", "kein Zauber"]
        } else {
            &["nothing more", "no spell"]
        };
        let choose = |menus: &[(String, Vec<(String, String)>)]| {
            labels
                .iter()
                .chain(extra)
                .find_map(|l| labelled(menus, l))
                .unwrap_or_else(|| panic!("{variant}: none of {labels:?} in {menus:?}"))
        };
        play_by_picker(fake, channel, &who, &current, &choose, german).await;
        current = until("the next board", || {
            board(fake, channel).filter(|b| b["id"] != current["id"])
        })
        .await;
    }
    let text = visible_text(&current);
    assert!(
        button_with(&current, "rematch:").is_some(),
        "{variant}: the game goes on: {text}"
    );
    let ending = text.lines().last().unwrap_or_default().to_string();
    assert!(!ending.contains("resign"), "{variant}: {ending}");
    eprintln!(
        "{variant}: {} answers by the picker; {ending}",
        script.len()
    );
    current
}

/// Fool's mate, every move picked from the menus (where a game allows it).
const FOOLS: &[&[&str]] = &[
    &["Pawn f2", "f3"],
    &["Pawn e7", "e5"],
    &["Pawn g2", "g4"],
    &["Queen d8", "h4"],
];
/// Spell Chess: a spell escapes that mate, but a king left capturable is taken.
const SPELL: &[&[&str]] = &[
    &["Pawn f2", "f3"],
    &["Pawn e7", "e5"],
    &["Pawn g2", "g4"],
    &["Queen d8", "h4"],
    &["Pawn a2", "a3", "no spell (leaves king capturable)"],
    &["Queen h4", "takes e1"],
];
/// Wizard Walls: the walls and teams set up, White's rook walls in Black's three
/// wizards (5 + 3 + 3 points: 10 wins) while Black passes.
const WALLS: &[&[&str]] = &[
    &["wall on a3", "wall on a4", "wall on a5"],
    &["wall on h4", "wall on h5", "wall on h6"],
    &["Bishop c1", "Knight b1", "Rook d1"],
    &["Bishop f7", "Knight e7", "Rook d7"],
    &["Rook d1", "move to d6", "then Rook d6", "wall on d7"],
    &["pass (no action)"],
    &["Rook d6", "move to e6", "then Rook e6", "wall on e7"],
    &["pass (no action)"],
    &["Rook e6", "wall on f7", "end the turn"],
];
/// Wizard Walls Full: the same, with a team of a rook, a bishop and a knight.
const WALLS_FULL: &[&[&str]] = &[
    &["wall on h3", "wall on h4", "wall on h5"],
    &["wall on g4", "wall on g5", "wall on g6"],
    &["Rook, Bishop, Knight"],
    &["Rook, Bishop, Knight"],
    &["Rook a1", "move to a6", "then Rook a6", "wall on a7"],
    &["pass (no action)"],
    &["Rook a6", "wall on b7", "then Rook a6", "move to b6"],
    &["pass (no action)"],
    &["Rook b6", "wall on c7", "end the turn"],
];

/// A whole game of every variant: its `/challenge` name and its script.
fn scripts() -> Vec<(&'static str, &'static [&'static [&'static str]])> {
    vec![
        ("standard", FOOLS),
        ("spell", SPELL),
        ("sorchess", FOOLS),
        ("wand", FOOLS),
        ("walls", WALLS),
        ("walls-full", WALLS_FULL),
        ("wickets", FOOLS),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_variant_is_played_with_the_picker_alone() {
    let (fake, _dir, _bot) = started(CONFIG).await;
    let t = std::time::Instant::now();
    for (i, (variant, script)) in scripts().into_iter().enumerate() {
        let end = play_game(&fake, FIRST_CHANNEL + i as u64, variant, script).await;
        if variant == "standard" {
            let text = visible_text(&end).to_lowercase();
            assert!(text.contains("checkmate"), "{text}");
        }
    }
    eprintln!("seven games by the picker in {:?}", t.elapsed());
}

/// The German labels of a script written with the English ones (the catalog's words:
/// pieces, walls, moves; squares and notation unchanged).
fn german(script: &[&[&str]]) -> Vec<Vec<String>> {
    const WORDS: [(&str, &str); 13] = [
        (
            "no spell (leaves king capturable)",
            "kein Zauber (lässt den König schlagbar)",
        ),
        ("pass (no action)", "passen (keine Aktion)"),
        ("end the turn", "Zug beenden"),
        ("wall on ", "Mauer auf "),
        ("move to ", "zieht nach "),
        ("takes ", "schlägt "),
        ("then ", "dann "),
        ("Pawn", "Bauer"),
        ("Knight", "Springer"),
        ("Bishop", "Läufer"),
        ("Rook", "Turm"),
        ("Queen", "Dame"),
        ("King", "König"),
    ];
    script
        .iter()
        .map(|answer| {
            answer
                .iter()
                .map(|label| {
                    WORDS
                        .iter()
                        .fold(label.to_string(), |l, (en, de)| l.replace(en, de))
                })
                .collect()
        })
        .collect()
}

/// Issue 28: the whole game of every variant by the picker alone, in German: both
/// players' Discord speaks German, so the picker's questions, labels, buttons and
/// replies do (the labels the script picks are the German ones).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_variant_is_played_with_the_picker_in_german() {
    let (fake, _dir, _bot) = started(CONFIG).await;
    fake.set_locale(&ALICE, "de");
    fake.set_locale(&BOB, "de");
    for (i, (variant, script)) in scripts().into_iter().enumerate() {
        let script = german(script);
        let script: Vec<Vec<&str>> = script
            .iter()
            .map(|a| a.iter().map(String::as_str).collect())
            .collect();
        let script: Vec<&[&str]> = script.iter().map(Vec::as_slice).collect();
        play_game_in(&fake, FIRST_CHANNEL + 20 + i as u64, variant, &script, true).await;
    }
}

/// The game and ply a picker message's ids name (`pick:{game}:{ply}:...`).
fn game_and_ply(picker: &Value) -> (u64, u64) {
    let id = menus(picker)
        .first()
        .map(|m| m.0.clone())
        .or_else(|| button_with(picker, "pick-"))
        .unwrap();
    let mut parts = id.split(':').skip(1);
    (
        parts.next().unwrap().parse().unwrap(),
        parts.next().unwrap().parse().unwrap(),
    )
}

/// A press whose answer is one private line containing `says`, and nothing else:
/// no update of any message, no board.
async fn refused(fake: &FakeDiscord, iid: u64, mark: usize, says: &str) {
    let answer = callback(fake, mark, iid).await;
    assert_eq!(answer["type"], json!(4), "{answer}");
    assert_ne!(
        answer["data"]["flags"].as_u64().unwrap_or(0) & 64,
        0,
        "{answer}"
    );
    let text = answer["data"]["content"].as_str().unwrap_or_default();
    assert!(text.contains(says), "{text:?} should say {says:?}");
    assert!(answer["data"]["components"]
        .as_array()
        .is_none_or(Vec::is_empty));
    let rs = fake.settle(mark, Duration::from_millis(150)).await;
    let boards: Vec<_> = rs
        .iter()
        .filter(|r| !r.files.is_empty())
        .map(|r| (&r.method, &r.path, &r.json))
        .collect();
    assert!(boards.is_empty(), "a board was posted: {boards:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_foreign_and_forged_presses_are_refused_and_change_nothing() {
    let (fake, _dir, _bot) = started(CONFIG).await;
    let channel = FIRST_CHANNEL;
    let board0 = start(&fake, channel, "standard").await;
    let open = button_with(&board0, "pick-open:").unwrap();

    // A spectator, and the player not asked, are refused.
    let mark = fake.mark();
    let iid = fake.button(&support::bot::CAROL, channel, &open, board0.clone());
    refused(&fake, iid, mark, "Only alice and bob play").await;
    let mark = fake.mark();
    let iid = fake.button(&BOB, channel, &open, board0.clone());
    refused(
        &fake,
        iid,
        mark,
        "It is not your turn; alice (White) is to move",
    )
    .await;

    // alice opens a picker and chooses a pawn.
    let mark = fake.mark();
    let iid = fake.button(&ALICE, channel, &open, board0.clone());
    callback(&fake, mark, iid).await;
    let stale = fake.original(iid).unwrap();
    let stale_id: u64 = stale["id"].as_str().unwrap().parse().unwrap();
    let (game, ply) = game_and_ply(&stale);
    let (menu, value) = labelled(&menus(&stale), "Pawn e2").unwrap();
    let mark = fake.mark();
    let iid = fake.select(&ALICE, channel, &menu, &[&value], stale.clone());
    callback(&fake, mark, iid).await;
    let stale = fake.message(stale_id).unwrap();
    assert!(visible_text(&stale).contains("Chosen: Pawn e2"), "{stale}");
    // Back shows the first choice again, without Back; the pawn is chosen anew.
    let back = button_with(&stale, "pick-at:").unwrap();
    let mark = fake.mark();
    let iid = fake.button(&ALICE, channel, &back, stale.clone());
    assert_eq!(callback(&fake, mark, iid).await["type"], json!(7));
    let first = fake.message(stale_id).unwrap();
    assert!(visible_text(&first).contains("Which piece?"), "{first}");
    assert!(button_with(&first, "pick-at:").is_none());
    let mark = fake.mark();
    let iid = fake.select(&ALICE, channel, &menu, &[&value], first);
    callback(&fake, mark, iid).await;
    let stale = fake.message(stale_id).unwrap();
    assert!(visible_text(&stale).contains("Chosen: Pawn e2"), "{stale}");
    // A spectator cannot use alice's picker either.
    let (menu, value) = labelled(&menus(&stale), "e4").unwrap();
    let mark = fake.mark();
    let iid = fake.select(
        &support::bot::CAROL,
        channel,
        &menu,
        &[&value],
        stale.clone(),
    );
    refused(&fake, iid, mark, "Only alice and bob play").await;

    // Forged ids: an over-long path, a path the picker does not offer, an answer not
    // complete, a value that is no index, a game that is not played here.
    let forged = [
        (
            format!("pick-play:{game}:{ply}:{}", "99.".repeat(12) + "99"),
            "older version",
        ),
        (format!("pick-play:{game}:{ply}:98"), "not offered"),
        (format!("pick-play:{game}:{ply}:"), "not complete"),
        (format!("pick-at:{game}:{ply}:5.5.5.5.5"), "not offered"),
        (
            format!("pick-at:{}:{ply}:", game + 1),
            "no longer played here",
        ),
    ];
    for (id, says) in &forged {
        let mark = fake.mark();
        let iid = fake.button(&ALICE, channel, id, stale.clone());
        refused(&fake, iid, mark, says).await;
    }
    let mark = fake.mark();
    let iid = fake.select(&ALICE, channel, &menu, &["x1"], stale.clone());
    refused(&fake, iid, mark, "older version").await;
    assert_eq!(board(&fake, channel).unwrap()["id"], board0["id"]);

    // alice plays d4 through a second picker: the first is now stale.
    let d4 = |menus: &[(String, Vec<(String, String)>)]| {
        labelled(menus, "Pawn d2")
            .or_else(|| labelled(menus, "d4"))
            .unwrap()
    };
    play_by_picker(&fake, channel, &ALICE, &board0, &d4, false).await;
    let board1 = until("the board after d4", || {
        board(&fake, channel).filter(|b| b["id"] != board0["id"])
    })
    .await;
    for id in [
        menu.clone(),
        format!("pick-play:{game}:{ply}:{value}"),
        format!("pick-at:{game}:{ply}:"),
    ] {
        let mark = fake.mark();
        let iid = if id.starts_with("pick:") {
            fake.select(&ALICE, channel, &id, &[&value], stale.clone())
        } else {
            fake.button(&ALICE, channel, &id, stale.clone())
        };
        refused(
            &fake,
            iid,
            mark,
            "The position changed since this picker opened",
        )
        .await;
    }
    // Nothing changed: bob is asked, and plays on from the same board.
    assert_eq!(board(&fake, channel).unwrap()["id"], board1["id"]);
    assert_eq!(asked(&board1).id, BOB.id);
    let e5 = |menus: &[(String, Vec<(String, String)>)]| {
        labelled(menus, "Pawn e7")
            .or_else(|| labelled(menus, "e5"))
            .unwrap()
    };
    let done = play_by_picker(&fake, channel, &BOB, &board1, &e5, false).await;
    assert!(done.contains("e7-e5"), "{done}");

    // With `confirm:on`, the picker's Confirm asks as a typed move does; the move is
    // played by that question's own Confirm.
    let mark = fake.mark();
    let iid = fake.slash(
        &ALICE,
        channel,
        "settings",
        &[("confirm", 3, json!("on"))],
        &[],
    );
    callback(&fake, mark, iid).await;
    let board2 = until("the board after e5", || {
        board(&fake, channel).filter(|b| b["id"] != board1["id"])
    })
    .await;
    let open = button_with(&board2, "pick-open:").unwrap();
    let mark = fake.mark();
    let iid = fake.button(&ALICE, channel, &open, board2.clone());
    callback(&fake, mark, iid).await;
    let mut picker = fake.original(iid).unwrap();
    let picker_id: u64 = picker["id"].as_str().unwrap().parse().unwrap();
    for label in ["Knight g1", "f3"] {
        let (menu, value) = labelled(&menus(&picker), label).unwrap();
        let mark = fake.mark();
        let iid = fake.select(&ALICE, channel, &menu, &[&value], picker.clone());
        callback(&fake, mark, iid).await;
        picker = fake.message(picker_id).unwrap();
    }
    let confirm = button_with(&picker, "pick-play:").unwrap();
    let mark = fake.mark();
    let iid = fake.button(&ALICE, channel, &confirm, picker.clone());
    let answer = callback(&fake, mark, iid).await;
    let text = answer["data"]["content"].as_str().unwrap_or_default();
    assert!(text.contains("Play `Ng1-f3`?"), "{answer}");
    assert_ne!(answer["data"]["flags"].as_u64().unwrap_or(0) & 64, 0);
    let asked_first = fake.original(iid).unwrap();
    let rs = fake.settle(mark, Duration::from_millis(150)).await;
    assert!(
        rs.iter().all(|r| r.is_ephemeral() || r.files.is_empty()),
        "played before confirmed"
    );
    assert_eq!(board(&fake, channel).unwrap()["id"], board2["id"]);
    let confirm = button_with(&asked_first, "move-confirm:").unwrap();
    fake.button(&ALICE, channel, &confirm, asked_first);
    let board3 = until("the board after Nf3", || {
        board(&fake, channel).filter(|b| b["id"] != board2["id"])
    })
    .await;
    assert!(
        visible_text(&board3).contains("Ng1-f3"),
        "{}",
        visible_text(&board3)
    );
}

/// A string select menu row as the picker sends it.
fn select_row(id: &str, options: usize, label: usize, placeholder: usize) -> Value {
    let options: Vec<Value> = (0..options)
        .map(|i| json!({"label": format!("{i:0>label$}"), "value": i.to_string()}))
        .collect();
    json!({"type": 1, "components": [{"type": 3, "custom_id": id, "options": options,
        "placeholder": "p".repeat(placeholder)}]})
}

#[test]
fn the_fake_refuses_select_menus_discord_refuses() {
    let ok =
        |rows: Vec<Value>| check_message(&json!({"content": "x", "components": rows}), &[], None);
    let four: Vec<Value> = (0..4)
        .map(|i| select_row(&format!("pick:1:2:{i}:"), 25, 100, 150))
        .collect();
    let buttons = json!({"type": 1, "components": [
        {"type": 2, "style": 2, "label": "Back", "custom_id": "pick-at:1:2:"},
        {"type": 2, "style": 3, "label": "Confirm", "custom_id": "pick-play:1:2:0"}]});
    let mut full = four.clone();
    full.push(buttons.clone());
    assert!(ok(full.clone()).is_ok());
    for rows in [
        vec![select_row("a", 26, 5, 5)],
        vec![select_row("a", 0, 5, 5)],
        vec![select_row("a", 3, 101, 5)],
        vec![select_row("a", 3, 5, 151)],
        vec![select_row(&"a".repeat(101), 3, 5, 5)],
        vec![select_row("a", 3, 5, 5), select_row("a", 3, 5, 5)],
        [full.clone(), vec![select_row("b", 3, 5, 5)]].concat(),
    ] {
        assert!(ok(rows.clone()).is_err(), "{rows:?}");
    }
    // A select shares its row with nothing.
    let mut crowded = select_row("a", 3, 5, 5);
    crowded["components"]
        .as_array_mut()
        .unwrap()
        .push(buttons["components"][0].clone());
    assert!(ok(vec![crowded]).is_err());
    // More values than options, and an empty value.
    let mut many = select_row("a", 3, 5, 5);
    many["components"][0]["max_values"] = json!(4);
    assert!(ok(vec![many]).is_err());
    let mut empty = select_row("a", 3, 5, 5);
    empty["components"][0]["options"][1]["value"] = json!("");
    assert!(ok(vec![empty]).is_err());
}

/// Waits for the edit of the interaction's original response (after a deferral).
async fn edited(fake: &FakeDiscord, mark: usize, iid: u64) {
    fake.wait_for(mark, "the deferred answer", |r| {
        r.method == "PATCH" && r.path.ends_with(&format!("/tok-{iid}/messages/@original"))
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deferred_press_still_updates_the_picker_in_place() {
    // Every interaction is acknowledged first, as when the service is slow.
    let (fake, _dir, _bot) = started(&format!("{CONFIG}defer_after_ms = 0\n")).await;
    let channel = FIRST_CHANNEL;
    let board0 = start(&fake, channel, "standard").await;
    let open = button_with(&board0, "pick-open:").unwrap();
    let mark = fake.mark();
    let iid = fake.button(&ALICE, channel, &open, board0.clone());
    assert_eq!(callback(&fake, mark, iid).await["type"], json!(5));
    edited(&fake, mark, iid).await;
    let mut picker = fake.original(iid).unwrap();
    assert!(visible_text(&picker).contains("Which piece?"), "{picker}");
    let picker_id: u64 = picker["id"].as_str().unwrap().parse().unwrap();
    for label in ["Pawn e2", "e4"] {
        let (menu, value) = labelled(&menus(&picker), label).unwrap();
        let mark = fake.mark();
        let iid = fake.select(&ALICE, channel, &menu, &[&value], picker.clone());
        // DEFERRED_UPDATE_MESSAGE, then the picker's own message edited.
        assert_eq!(callback(&fake, mark, iid).await["type"], json!(6));
        edited(&fake, mark, iid).await;
        picker = fake.message(picker_id).unwrap();
    }
    assert!(visible_text(&picker).contains("Play `e2-e4`?"), "{picker}");
    let confirm = button_with(&picker, "pick-play:").unwrap();
    let mark = fake.mark();
    let iid = fake.button(&ALICE, channel, &confirm, picker.clone());
    assert_eq!(callback(&fake, mark, iid).await["type"], json!(6));
    edited(&fake, mark, iid).await;
    let done = visible_text(&fake.message(picker_id).unwrap());
    assert!(done.starts_with("You played `e2-e4`"), "{done}");
    let next = until("the board after e4", || {
        board(&fake, channel).filter(|b| b["id"] != board0["id"])
    })
    .await;
    assert_eq!(asked(&next).id, BOB.id);
    // Only the one picker message was ever made for alice's move.
    let pickers = fake
        .messages_in(channel)
        .iter()
        .filter(|m| {
            let t = visible_text(m);
            t.starts_with("Your move.") || t.contains("You played")
        })
        .count();
    assert_eq!(pickers, 1);
}

/// Issue 47 (item 5): Discord refuses the board that follows a Confirm (a followup
/// uploading the board with the Components V2 flag): the move stands and its board
/// still reaches the channel, as a classic message with the same buttons, and the
/// game goes on from it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_refused_after_a_confirm_still_reaches_the_channel() {
    let (fake, _dir, _bot) = started(CONFIG).await;
    let channel = FIRST_CHANNEL + 40;
    let board0 = start(&fake, channel, "standard").await;
    fake.refuse_v2_followups_with_files(true);
    let mut current = board0.clone();
    for (who, next, labels) in [
        (ALICE, BOB, ["Pawn e2", "e4"]),
        (BOB, ALICE, ["Pawn e7", "e5"]),
    ] {
        let choose = |m: &[(String, Vec<(String, String)>)]| {
            labels.iter().find_map(|l| labelled(m, l)).unwrap()
        };
        let mark = fake.mark();
        play_by_picker(&fake, channel, &who, &current, &choose, false).await;
        let shown = until("the board after the refused followup", || {
            board(&fake, channel).filter(|b| b["id"] != current["id"])
        })
        .await;
        let seen = fake.settle(mark, Duration::from_millis(200)).await;
        // The container was offered first, and refused.
        assert!(
            seen.iter().any(|r| r.status == 400
                && r.path.contains("/webhooks/")
                && support::fake_discord::is_v2(&r.json)),
            "{seen:?}"
        );
        assert!(!support::fake_discord::is_v2(&shown), "{shown}");
        let files: Vec<&str> = shown["attachments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["filename"].as_str().unwrap())
            .collect();
        assert_eq!(files, vec!["board.png"], "{shown}");
        assert_eq!(asked(&shown).id, next.id, "{shown}");
        assert!(button_with(&shown, "resign:").is_some(), "{shown}");
        current = shown;
    }
}
