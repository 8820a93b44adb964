//! Conditional moves (issue 25), through the service: lines queued while the opponent
//! is to move answer their turn at once, lines that no longer match are dropped with
//! a private note, conditions may name what a turn revealed, and lines survive a
//! restart.

mod common;

use arcana::service::api::{Audience, ColorChoice, Reply, ReplyKind, Request};
use arcana::service::clock::ManualClock;
use arcana::variants::{Options, VariantId};
use common::{user, Harness, START_MS};
use std::sync::Arc;

fn cond(h: &Harness, who: &str, channel: u64, text: Option<&str>) -> Vec<Reply> {
    h.req(
        who,
        channel,
        Request::Conditional {
            text: text.map(str::to_string),
        },
    )
}

fn queued(h: &Harness, who: &str, channel: u64, line: &str) -> String {
    let r = cond(h, who, channel, Some(line));
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0].kind, ReplyKind::Plain, "{line}: {}", r[0].text);
    assert_eq!(r[0].to, Audience::Invoker, "lines are private");
    r[0].text.clone()
}

fn refused(h: &Harness, who: &str, channel: u64, line: &str) -> String {
    h.refused(
        who,
        channel,
        Request::Conditional {
            text: Some(line.to_string()),
        },
    )
}

fn private_to<'a>(replies: &'a [Reply], who: &str) -> Vec<&'a str> {
    replies
        .iter()
        .filter(|r| matches!(&r.to, Audience::Private(u) if u.name == who))
        .map(|r| r.text.as_str())
        .collect()
}

fn channel_texts(replies: &[Reply]) -> Vec<&str> {
    replies
        .iter()
        .filter(|r| r.to == Audience::Channel)
        .map(|r| r.text.as_str())
        .collect()
}

#[test]
fn a_line_answers_each_expected_turn_at_once() {
    let h = Harness::new();
    h.start(1, Some(3));
    h.mv("alice", 1, "e4");
    let text = queued(&h, "alice", 1, "e5 Nf3 Nc6 Bb5");
    assert!(text.contains("1 conditional line"), "{text}");
    queued(&h, "alice", 1, "1...c5 2.Nf3");
    // Only the author sees them.
    let shown = cond(&h, "alice", 1, None);
    assert_eq!(shown[0].to, Audience::Invoker);
    assert!(
        shown[0].text.contains("if `e5` then `Nf3`"),
        "{}",
        shown[0].text
    );
    let bobs = cond(&h, "bob", 1, None);
    assert!(
        bobs[0].text.contains("no conditional lines"),
        "{}",
        bobs[0].text
    );
    // bob plays e5: Nf3 comes at once, announced as a move, and it is bob's turn.
    let r = h.ok("bob", 1, Request::Move { text: "e5".into() });
    let public = channel_texts(&r);
    assert_eq!(public.len(), 2, "bob's move and alice's answer: {public:?}");
    assert!(
        public[1].starts_with("Ng1-f3 (conditional move)"),
        "{}",
        public[1]
    );
    assert!(
        public[1].contains("bob (Black)"),
        "bob is asked: {}",
        public[1]
    );
    let told = private_to(&r, "alice");
    assert!(
        told.iter()
            .any(|t| t.contains("answered `e7-e5` with `Ng1-f3`")),
        "{told:?}"
    );
    assert!(
        told.iter()
            .any(|t| t.contains("dropped") && t.contains("`c5`")),
        "the c5 line no longer matches: {told:?}"
    );
    assert!(
        private_to(&r, "bob").is_empty(),
        "bob learns nothing private"
    );
    // The rest of the line answers bob's next turn too.
    let r = h.ok("bob", 1, Request::Move { text: "Nc6".into() });
    assert!(channel_texts(&r)[1].starts_with("Bf1-b5 (conditional move)"));
    let history = h.history(1);
    assert!(history.contains("Ng1-f3 [conditional]"), "{history}");
    assert!(history.contains("Bf1-b5 [conditional]"), "{history}");
    assert!(!history.contains("e4 [conditional]"), "{history}");
    // Nothing left: the next move by bob is answered by nobody.
    let r = h.ok("bob", 1, Request::Move { text: "a6".into() });
    assert_eq!(channel_texts(&r).len(), 1);
    assert!(cond(&h, "alice", 1, None)[0]
        .text
        .contains("no conditional lines"));
}

#[test]
fn a_deviation_drops_the_line_and_tells_its_author_only() {
    let h = Harness::new();
    h.start(1, Some(3));
    h.mv("alice", 1, "e4");
    queued(&h, "alice", 1, "e5 Nf3");
    let r = h.ok("bob", 1, Request::Move { text: "d5".into() });
    assert_eq!(channel_texts(&r).len(), 1, "nothing answered");
    let told = private_to(&r, "alice");
    assert_eq!(told.len(), 1, "{r:?}");
    assert!(
        told[0].contains("dropped") && told[0].contains("they played `d7-d5`"),
        "{}",
        told[0]
    );
    assert!(channel_texts(&r).iter().all(|t| !t.contains("Nf3")));
    assert!(cond(&h, "alice", 1, None)[0]
        .text
        .contains("no conditional lines"));
}

#[test]
fn bad_lines_are_refused_and_change_nothing() {
    let h = Harness::new();
    h.start(1, Some(3));
    // Not while it is your own turn.
    assert!(refused(&h, "alice", 1, "e5 Nf3").contains("your turn"));
    h.mv("alice", 1, "e4");
    let why = refused(&h, "alice", 1, "e5 Nf6");
    assert!(why.contains("`Nf6` (your answer) is not legal"), "{why}");
    let why = refused(&h, "alice", 1, "Ke2 Nf3");
    assert!(why.contains("`Ke2` (their turn) is not legal"), "{why}");
    assert!(refused(&h, "alice", 1, "e5").contains("ends with your answer"));
    assert!(refused(&h, "carol", 1, "e5 Nf3").contains("Only alice and bob"));
    let deep = ["Nf6 Nf3 Ng8 Ng1"; 6].join(" ");
    assert!(refused(&h, "alice", 1, &deep).contains("at most 10 answers"));
    // Twenty lines, then no more.
    let answers = [
        "a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "f3", "f4", "g3", "g4", "h3", "h4", "Nf3",
        "Nh3", "Nc3", "Na3", "Be2", "Bd3",
    ];
    for a in answers {
        queued(&h, "alice", 1, &format!("e5 {a}"));
    }
    let why = refused(&h, "alice", 1, "d5 exd5");
    assert!(why.contains("20 conditional lines"), "{why}");
    let before = cond(&h, "alice", 1, None)[0].text.clone();
    assert!(before.contains("(20;"), "{before}");
    // The first matching line answers; the others with another answer are dropped.
    let r = h.ok("bob", 1, Request::Move { text: "e5".into() });
    assert!(channel_texts(&r)[1].starts_with("a2-a3 (conditional move)"));
    let told = private_to(&r, "alice");
    assert!(told
        .iter()
        .any(|t| t.contains("an earlier line answered first")));
    // `clear` empties them.
    h.mv("bob", 1, "Nc6");
    h.mv("alice", 1, "a4");
    queued(&h, "alice", 1, "Nf6 Nf3");
    let r = cond(&h, "alice", 1, Some("clear"));
    assert!(r[0].text.contains("cleared"));
    let r = h.ok("bob", 1, Request::Move { text: "Nf6".into() });
    assert_eq!(channel_texts(&r).len(), 1, "a cleared line answers nothing");
}

#[test]
fn a_line_is_played_across_a_restart() {
    let dir = tempfile::tempdir().expect("dir");
    let clock = Arc::new(ManualClock::new(START_MS));
    {
        let h = Harness::on_disk(dir.path(), clock.clone());
        h.start(1, Some(3));
        h.mv("alice", 1, "e4");
        queued(&h, "alice", 1, "e5 Nf3");
        h.service.flush().expect("flush");
    }
    let h = Harness::on_disk(dir.path(), clock);
    let r = h.ok("bob", 1, Request::Move { text: "e5".into() });
    let public = channel_texts(&r);
    assert!(
        public[1].starts_with("Ng1-f3 (conditional move)"),
        "{public:?}"
    );
    // The answer is in the record: a replay has it.
    assert!(
        h.history(1).contains("2. Ng1-f3 [conditional]"),
        "{}",
        h.history(1)
    );
}

fn wand_game(h: &Harness, channel: u64) {
    h.ok(
        "alice",
        channel,
        Request::Challenge {
            opponent: user("bob"),
            variant: VariantId::Wand,
            color: ColorChoice::White,
            days: Some(3),
            options: Options::new(),
            rated: false,
        },
    );
    h.ok("bob", channel, Request::Accept);
}

fn first_zap(h: &Harness, channel: u64, who: &str) -> String {
    let id = user(who).id;
    h.service
        .autocomplete(channel, id, "Z")
        .into_iter()
        .find(|t| t.starts_with('Z'))
        .expect("a zap")
}

// Ruling X-CORR-4: a condition may name what the turn revealed; it then matches only
// that outcome.
#[test]
fn a_condition_on_a_zaps_revealed_kind() {
    // A first run learns what bob's first zap reveals; the same seed gives a second
    // game the same wands.
    let learn = Harness::new();
    wand_game(&learn, 1);
    let opening = learn.service.autocomplete(1, user("alice").id, "")[0].clone();
    learn.mv("alice", 1, &opening);
    let zap = first_zap(&learn, 1, "bob");
    let printed = learn.mv("bob", 1, &zap).text;
    let shown = printed.lines().next().expect("a line").to_string();
    let open = shown.rfind('(').expect("the zap shows its outcome");
    let outcome = shown[open..].trim().to_string();
    let answers = learn.service.autocomplete(1, user("alice").id, "");
    let (a1, a2) = (answers[0].clone(), answers[1].clone());

    let h = Harness::new();
    wand_game(&h, 1);
    h.mv("alice", 1, &opening);
    let text = queued(&h, "alice", 1, &format!("{zap} (nothing like it) {a1}"));
    assert!(text.contains("checked when they come up"), "{text}");
    queued(&h, "alice", 1, &format!("{zap} {outcome} {a2}"));
    let r = h.ok("bob", 1, Request::Move { text: zap.clone() });
    let public = channel_texts(&r);
    assert_eq!(public.len(), 2, "{public:?}");
    assert!(
        public[1].contains("(conditional move)"),
        "the line naming {outcome} answers: {public:?}"
    );
    let told = private_to(&r, "alice").join("\n");
    assert!(told.contains("with `"), "{told}");
    assert!(
        told.contains("(nothing like it)") && told.contains("dropped"),
        "{told}"
    );
    // The chosen answer is the second line's.
    let history = h.history(1);
    assert!(history.contains("[conditional]"), "{history}");
    assert!(
        !public.iter().any(|t| t.contains("nothing like it")),
        "lines stay private"
    );
}

// Ruling X-CORR-4: lines are in their author's own export once the game is over, and
// in nobody else's.
#[test]
fn lines_left_at_the_end_are_in_their_authors_export_only() {
    let h = Harness::new();
    h.start(1, Some(3));
    h.mv("alice", 1, "e4");
    queued(&h, "alice", 1, "e5 Nf3");
    let export = |who: &str| -> String {
        let r = h.ok(who, 1, Request::Export);
        String::from_utf8(r[0].attachments[0].bytes.clone()).expect("text")
    };
    assert!(
        !export("alice").contains("e5 Nf3"),
        "not while the game is on"
    );
    h.ok("bob", 1, Request::Resign);
    assert!(
        export("alice").contains("conditional line left: e5 Nf3"),
        "{}",
        export("alice")
    );
    assert!(!export("bob").contains("e5 Nf3"));
    assert!(!export("carol").contains("e5 Nf3"));
}

/// Issue 47, item 1: a confirmation preview plays the mover's move alone. alice's
/// queued answer (`Nf3` to `e5`) must not show in bob's preview, its board, or a
/// refusal; once bob confirms, the line answers as ever.
#[test]
fn a_preview_never_shows_the_other_sides_queued_answer() {
    use arcana::core::{Cell, Square};
    let h = Harness::new();
    h.start(1, Some(3));
    h.mv("alice", 1, "e4");
    queued(&h, "alice", 1, "e5 Nf3 Nc6 Bb5");
    h.ok(
        "bob",
        1,
        Request::Settings(arcana::service::confirm::SettingsChange {
            confirm: Some(true),
            digest: None,
            reminders: None,
        }),
    );
    let leaks = |t: &str| t.contains("Nf3") || t.contains("g1-f3") || t.contains("conditional");
    let r = h.ok("bob", 1, Request::Move { text: "e5".into() });
    assert_eq!(r.len(), 1, "only bob's preview: {r:?}");
    assert_eq!(r[0].to, Audience::Invoker);
    assert!(matches!(r[0].kind, ReplyKind::ConfirmMove { .. }), "{r:?}");
    assert!(!leaks(&r[0].text), "{}", r[0].text);
    let board = r[0].image.as_ref().expect("the board after e5");
    let at = |sq: &str| {
        let cell = Cell::Board(Square::parse(sq).expect("square"));
        board.pieces.iter().any(|p| p.cell == cell)
    };
    assert!(at("e5") && at("g1"), "bob's move alone: {:?}", board.pieces);
    assert!(!at("f3"), "alice's queued knight shows: {:?}", board.pieces);
    assert_eq!(board.to_move.map(|s| s.index()), Some(0), "White to answer");
    // A refusal says nothing of the line either.
    let why = h.refused("bob", 1, Request::Move { text: "Ke5".into() });
    assert!(!leaks(&why), "{why}");
    // Typed again, it is played and the line answers it in public.
    let r = h.ok("bob", 1, Request::Move { text: "e5".into() });
    let public = channel_texts(&r);
    assert!(
        public
            .iter()
            .any(|t| t.starts_with("Ng1-f3 (conditional move)")),
        "{public:?}"
    );
}

/// Issue 47, item 12: `/conditional delete N` deletes one line, `cancel` clears them
/// like `clear`, and a bad number says which numbers there are.
#[test]
fn lines_are_deleted_by_number_and_cancelled() {
    let h = Harness::new();
    h.start(1, Some(3));
    h.mv("alice", 1, "e4");
    queued(&h, "alice", 1, "e5 Nf3");
    queued(&h, "alice", 1, "c5 Nf3");
    let why = refused(&h, "alice", 1, "delete 3");
    assert!(why.contains("from 1 to 2"), "{why}");
    let why = refused(&h, "alice", 1, "delete");
    assert!(why.contains("`/conditional delete 1`"), "{why}");
    let r = cond(&h, "alice", 1, Some("delete 1"));
    assert!(r[0].text.contains("Line 1 is deleted"), "{}", r[0].text);
    let left = cond(&h, "alice", 1, None);
    assert!(left[0].text.contains("(1;"), "{}", left[0].text);
    assert!(left[0].text.contains("`c5`"), "{}", left[0].text);
    assert!(!left[0].text.contains("`e5`"), "{}", left[0].text);
    let r = cond(&h, "alice", 1, Some("cancel"));
    assert!(r[0].text.contains("cleared"), "{}", r[0].text);
    assert!(cond(&h, "alice", 1, None)[0]
        .text
        .contains("no conditional lines"));
}
