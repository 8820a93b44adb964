//! Correspondence play (issue 25), through the service: where it is your turn
//! (`/games mine`) and private notes on a game (`/note`).

mod common;

use arcana::service::api::{Audience, GamesScope, Request};
use arcana::service::clock::DAY_MS;
use common::Harness;

fn games_mine(h: &Harness, who: &str) -> String {
    let r = h.ok(who, 1, Request::Games(GamesScope::Mine));
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0].to, Audience::Invoker, "only the invoker sees it");
    r[0].text.clone()
}

#[test]
fn games_mine_lists_your_turns_most_urgent_first() {
    let h = Harness::new();
    assert_eq!(
        games_mine(&h, "alice"),
        "It is your turn in none of your games."
    );
    // alice is asked in three games (a 3-day one started first, a 1-day one later, one
    // without a time limit); in a fourth it is bob's turn.
    h.start_between("alice", "bob", 10, Some(3));
    h.clock.advance(DAY_MS / 2);
    h.start_between("alice", "carol", 11, Some(1));
    h.start_between("alice", "dave", 12, Some(0));
    h.start_between("alice", "erin", 13, Some(3));
    h.mv("alice", 13, "e4");
    let text = games_mine(&h, "alice");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].starts_with("Your turn (3)"), "{text}");
    assert!(
        lines[1].contains("carol") && lines[1].contains("1 day left"),
        "{text}"
    );
    assert!(
        lines[2].contains("bob") && lines[2].contains("2 days 12 hours left"),
        "{text}"
    );
    assert!(
        lines[3].contains("dave") && lines[3].contains("no time limit"),
        "{text}"
    );
    assert!(!text.contains("erin"), "not alice's turn there: {text}");
    // erin's turn there, and only there.
    let theirs = games_mine(&h, "erin");
    assert!(
        theirs.starts_with("Your turn (1)") && theirs.contains("alice"),
        "{theirs}"
    );
    // Time passes: the order follows the deadlines, and one past its time says so.
    h.clock.advance(2 * DAY_MS);
    let text = games_mine(&h, "alice");
    assert!(
        text.lines()
            .nth(1)
            .is_some_and(|l| l.contains("time has run out")),
        "{text}"
    );
}

fn note(
    h: &Harness,
    who: &str,
    channel: u64,
    text: Option<&str>,
) -> Vec<arcana::service::api::Reply> {
    h.req(
        who,
        channel,
        Request::Note {
            text: text.map(str::to_string),
        },
    )
}

/// The text of the PGN attachment of `who`'s `/export` in `channel`.
fn exported(h: &Harness, who: &str, channel: u64) -> String {
    let r = h.ok(who, channel, Request::Export);
    let pgn = r
        .iter()
        .flat_map(|r| &r.attachments)
        .find(|a| a.name.ends_with(".pgn"))
        .expect("a PGN");
    String::from_utf8(pgn.bytes.clone()).expect("utf-8")
}

#[test]
fn private_notes_are_seen_by_their_author_only() {
    let h = Harness::new();
    h.start(20, Some(3));
    h.mv("alice", 20, "e4");
    let r = note(&h, "alice", 20, None);
    assert!(r[0].text.contains("no notes"), "{r:?}");
    let r = note(&h, "alice", 20, Some("  if ...c5, play the Alapin (c3)  "));
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0].to, Audience::Invoker, "only the author sees it");
    assert!(
        r[0].text.contains("Noted") && r[0].text.contains("Alapin (c3)"),
        "{r:?}"
    );
    note(&h, "alice", 20, Some("watch f7"));
    let r = note(&h, "alice", 20, None);
    assert!(
        r[0].text.starts_with("Your notes on this game (2):"),
        "{r:?}"
    );
    assert_eq!(r[0].to, Audience::Invoker);
    // The opponent has notes of their own, and a spectator none at all.
    assert!(note(&h, "bob", 20, None)[0].text.contains("no notes"));
    let refused = h.refused(
        "carol",
        20,
        Request::Note {
            text: Some("x".into()),
        },
    );
    assert!(refused.contains("Only the players"), "{refused}");
    // Over 1,000 characters: one line, nothing changed.
    let long = "n".repeat(990);
    let refused = h.refused("alice", 20, Request::Note { text: Some(long) });
    assert!(refused.contains("over 1000 characters"), "{refused}");
    assert!(note(&h, "alice", 20, None)[0].text.contains("(2)"));
    // Only the author's own export carries them, and it still reads as PGN.
    let mine = exported(&h, "alice", 20);
    assert!(
        mine.contains("{Notes of alice (private): if ...c5, play the Alapin (c3) / watch f7}"),
        "{mine}"
    );
    arcana::service::pgn::parse_pgn(&mine).expect("still PGN");
    for other in ["bob", "carol"] {
        let theirs = exported(&h, other, 20);
        assert!(
            !theirs.contains("Alapin") && !theirs.contains("Notes of"),
            "{theirs}"
        );
    }
    // The game goes on; the public replies never carry a note.
    let board = h.mv("bob", 20, "c5");
    assert!(!board.text.contains("Alapin"));
    // Cleared: empty.
    let r = note(&h, "alice", 20, Some("clear"));
    assert!(r[0].text.contains("empty"), "{r:?}");
    assert!(note(&h, "alice", 20, None)[0].text.contains("no notes"));
    // Notes stay with the game after it ends (the channel's last game).
    note(&h, "alice", 20, Some("lost the thread after c5"));
    h.ok("alice", 20, Request::Resign);
    assert!(note(&h, "alice", 20, None)[0]
        .text
        .contains("lost the thread"));
}

fn banked_challenge(days: u32, bank: &str) -> Request {
    let mut options = arcana::variants::Options::new();
    options.insert("bank".to_string(), bank.to_string());
    Request::Challenge {
        opponent: common::user("bob"),
        variant: arcana::variants::VariantId::Standard,
        color: arcana::service::api::ColorChoice::White,
        days: Some(days),
        options,
        rated: true,
    }
}

fn board_text(h: &Harness, who: &str, channel: u64) -> String {
    h.ok(who, channel, Request::Board)[0].text.clone()
}

#[test]
fn a_time_bank_lets_a_turn_run_past_its_days_until_both_are_spent() {
    let h = Harness::new();
    // Bad terms change nothing: a bank without days per move, a bank too large.
    let r = h.refused("alice", 30, banked_challenge(0, "2"));
    assert!(r.contains("needs days per move"), "{r}");
    let r = h.refused("alice", 30, banked_challenge(1, "31"));
    assert!(r.contains("0 to 30"), "{r}");

    let r = h.ok("alice", 30, banked_challenge(1, "2"));
    assert!(
        r[0].text.contains("1 day per move + a 2-day bank each"),
        "{r:?}"
    );
    h.ok("bob", 30, Request::Accept);
    let b = board_text(&h, "alice", 30);
    assert!(b.contains("Time left for this move: 3 days (1 day of the move's days, then alice's bank of 2 days)."), "{b}");

    // alice takes a day and a half: half a day comes from her bank.
    h.clock.advance(DAY_MS * 3 / 2);
    let b = board_text(&h, "carol", 30);
    assert!(
        b.contains("1 day 12 hours, all of it from alice's bank"),
        "{b}"
    );
    let board = h.mv("alice", 30, "e4");
    assert!(board.text.contains("Time left for this move: 3 days (1 day of the move's days, then bob's bank of 2 days)."), "{}", board.text);

    // bob takes 2.9 days: past his day, not past his bank; a claim is refused.
    h.clock.advance(DAY_MS * 29 / 10);
    let r = h.refused("alice", 30, Request::Claim);
    assert!(!r.is_empty());
    let board = h.mv("bob", 30, "e5");
    // alice has a day and her 1.5 days of bank left.
    assert!(board.text.contains("Time left for this move: 2 days 12 hours (1 day of the move's days, then alice's bank of 1 day 12 hours)."), "{}", board.text);

    // alice now lets both run out: only then does bob's claim win.
    h.clock.advance(DAY_MS * 2);
    h.refused("bob", 30, Request::Claim);
    h.clock.advance(DAY_MS);
    let r = h.ok("bob", 30, Request::Claim);
    assert!(
        r.iter().any(|r| r.text.contains("Black wins by timeout")),
        "{r:?}"
    );

    // A rematch offers the same terms.
    let r = h.ok("bob", 30, Request::Rematch);
    assert!(r[0].text.contains("+ a 2-day bank each"), "{r:?}");
}

fn settings(h: &Harness, who: &str, confirm: Option<bool>, digest: Option<bool>) -> String {
    let r = h.ok(
        who,
        1,
        Request::Settings(arcana::service::confirm::SettingsChange {
            confirm,
            digest,
            reminders: None,
        }),
    );
    assert_eq!(r[0].to, Audience::Invoker);
    r[0].text.clone()
}

fn typed(h: &Harness, who: &str, channel: u64, text: &str) -> Vec<arcana::service::api::Reply> {
    h.ok(
        who,
        channel,
        Request::Move {
            text: text.to_string(),
        },
    )
}

// Ruling X-CORR-5: with confirm:on a typed move is shown to its player first and
// played only when confirmed for the position it was typed in.
#[test]
fn a_typed_move_waits_for_confirmation_and_a_stale_confirm_is_refused() {
    use arcana::service::api::ReplyKind;
    let h = Harness::new();
    let shown = settings(&h, "alice", None, None);
    assert!(
        shown.contains("confirm: off") && shown.contains("digest: off"),
        "{shown}"
    );
    let shown = settings(&h, "alice", Some(true), Some(true));
    assert!(
        shown.starts_with("Saved") && shown.contains("confirm: on"),
        "{shown}"
    );
    assert!(shown.contains("digest: daily"), "{shown}");
    assert!(
        settings(&h, "bob", None, None).contains("confirm: off"),
        "per player"
    );
    h.start(1, Some(3));
    // alice types e4: only she sees it, with the board after it; nothing is played.
    let r = typed(&h, "alice", 1, "e4");
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0].to, Audience::Invoker);
    let ReplyKind::ConfirmMove { game, ply } = r[0].kind.clone() else {
        panic!("{r:?}")
    };
    assert_eq!(ply, 0);
    assert!(r[0].text.contains("Play `e2-e4`?"), "{}", r[0].text);
    let after = r[0].image.as_ref().expect("the board after it");
    assert!(after.pieces.iter().any(
        |p| p.cell == arcana::core::Cell::Board(arcana::core::Square::parse("e4").expect("sq"))
    ));
    assert!(!h.history(1).contains("e2-e4"), "not played yet");
    // An illegal move is refused as ever, and nothing waits.
    assert!(h
        .refused("alice", 1, Request::Move { text: "e5".into() })
        .contains("e5"));
    // Cancel drops it; Confirm then finds nothing for this position.
    let r = h.ok("alice", 1, Request::CancelMove { game });
    assert!(r[0].text.contains("Cancelled"));
    let why = h.refused("alice", 1, Request::ConfirmMove { game, ply });
    assert!(why.contains("earlier position"), "{why}");
    // Typed again and confirmed: played, announced in public.
    typed(&h, "alice", 1, "d4");
    let r = h.ok("alice", 1, Request::ConfirmMove { game, ply });
    assert!(r
        .iter()
        .any(|r| r.to == Audience::Channel && r.text.starts_with("d2-d4")));
    // bob (confirm off) moves at once; alice's next typed move, typed twice, plays.
    typed(&h, "bob", 1, "d5");
    let r = typed(&h, "alice", 1, "c4");
    assert!(
        matches!(r[0].kind, ReplyKind::ConfirmMove { ply: 2, .. }),
        "{r:?}"
    );
    let stale = r[0].kind.clone();
    let r = typed(&h, "alice", 1, "c4");
    assert!(r
        .iter()
        .any(|r| r.to == Audience::Channel && r.text.starts_with("c2-c4")));
    // A Confirm left over from that position is stale now.
    let ReplyKind::ConfirmMove { game, ply } = stale else {
        unreachable!()
    };
    typed(&h, "bob", 1, "e6");
    let why = h.refused("alice", 1, Request::ConfirmMove { game, ply });
    assert!(why.contains("earlier position"), "{why}");
    assert!(h.history(1).contains("2. c2-c4 e7-e6"), "{}", h.history(1));
}

fn casual(h: &Harness, channel: u64, variant: arcana::variants::VariantId, options: &[&str]) {
    let options = arcana::service::grammar::parse_options(
        &options.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
    )
    .expect("options");
    h.ok(
        "alice",
        channel,
        Request::Challenge {
            opponent: common::user("bob"),
            variant,
            color: arcana::service::api::ColorChoice::White,
            days: Some(3),
            options,
            rated: false,
        },
    );
    h.ok("bob", channel, Request::Accept);
}

fn takeback(
    h: &Harness,
    who: &str,
    channel: u64,
    action: TakebackAction,
) -> Vec<arcana::service::api::Reply> {
    h.req(who, channel, Request::Takeback(action))
}

use arcana::service::takeback::TakebackAction;

// Ruling X-CORR-6: a takeback by agreement undoes the asker's last turn exactly; the
// record keeps the turn and the takeback, and replays to the same game.
#[test]
fn a_takeback_by_agreement_undoes_the_last_turn_exactly() {
    let dir = tempfile::tempdir().expect("dir");
    let clock = std::sync::Arc::new(arcana::service::clock::ManualClock::new(common::START_MS));
    let h = Harness::on_disk(dir.path(), clock.clone());
    casual(&h, 1, arcana::variants::VariantId::Standard, &[]);
    h.moves(1, &["e4", "e5", "Nf3"]);
    // Not on your own turn, not the opponent's turn, not by a spectator.
    let why = h.refused("bob", 1, Request::Takeback(TakebackAction::Ask));
    assert!(why.contains("while your opponent is to move"), "{why}");
    let why = h.refused("carol", 1, Request::Takeback(TakebackAction::Ask));
    assert!(why.contains("Only"), "{why}");
    let why = h.refused("bob", 1, Request::Takeback(TakebackAction::Accept));
    assert!(why.contains("has not asked"), "{why}");
    let r = takeback(&h, "alice", 1, TakebackAction::Ask);
    assert!(
        r[0].text.contains("alice asks to take back `Ng1-f3`"),
        "{}",
        r[0].text
    );
    assert_eq!(r[0].mention[0].name, "bob");
    // Declined: nothing changes but the record of it.
    let r = takeback(&h, "bob", 1, TakebackAction::Decline);
    assert!(r[0].text.contains("declines"));
    assert!(h.history(1).contains("Ng1-f3"));
    takeback(&h, "alice", 1, TakebackAction::Ask);
    let r = takeback(&h, "bob", 1, TakebackAction::Accept);
    let board = r.iter().find(|r| r.image.is_some()).expect("a board");
    assert!(
        board.text.contains("`Ng1-f3` is taken back"),
        "{}",
        board.text
    );
    assert!(
        board.text.contains("alice (White)"),
        "alice to move: {}",
        board.text
    );
    let history = h.history(1);
    assert!(
        history.contains("1. e2-e4 e7-e5") && !history.contains("Ng1-f3"),
        "{history}"
    );
    // alice plays on; the stored record keeps the turn and the takeback and replays.
    h.mv("alice", 1, "d4");
    let rec = h.service.store().game(1).expect("store").expect("the game");
    let kinds: Vec<String> = rec
        .actions
        .iter()
        .map(|a| format!("{:?}", a.kind))
        .collect();
    assert!(kinds.iter().any(|k| k.contains("Ng1-f3")), "{kinds:?}");
    assert!(
        kinds.iter().any(|k| k.starts_with("TakebackAgreed")),
        "{kinds:?}"
    );
    let replayed = rec.replay().expect("replays");
    assert!(
        replayed
            .fen()
            .starts_with("rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR b"),
        "{}",
        replayed.fen()
    );
    drop(h);
    let h = Harness::on_disk(dir.path(), clock);
    assert!(
        h.history(1).contains("2. d2-d4"),
        "after a restart: {}",
        h.history(1)
    );
    h.mv("bob", 1, "exd4");
}

#[test]
fn takebacks_are_refused_in_rated_games_and_across_a_die_roll() {
    let h = Harness::new();
    h.start(1, Some(3));
    h.mv("alice", 1, "e4");
    let why = h.refused("alice", 1, Request::Takeback(TakebackAction::Ask));
    assert!(why.contains("casual games"), "{why}");
    // Chess with Wickets, decided by dice: black throws into White's wicket.
    for channel in 10..20 {
        casual(
            &h,
            channel,
            arcana::variants::VariantId::Wickets,
            &["decision:dice"],
        );
        for (who, m) in [
            ("alice", "e4"),
            ("bob", "e6"),
            ("alice", "c4"),
            ("bob", "Na6"),
            ("alice", "Qh5"),
            ("bob", "Nc5"),
            ("alice", "a3"),
            ("bob", "Ke7>c5"),
            ("alice", "h3"),
        ] {
            h.mv(who, channel, m);
        }
        let thrown = h.mv("bob", channel, "Nb3>w0");
        assert!(thrown.text.contains("dice"), "{}", thrown.text);
        if thrown.text.contains("missed") {
            // ruling X-CORR-6: the roll is known now; the turn cannot be taken back.
            let why = h.refused("bob", channel, Request::Takeback(TakebackAction::Ask));
            assert!(why.contains("drew on chance"), "{why}");
            // A turn without a roll can be: alice's next move, by agreement.
            h.mv("alice", channel, "a4");
            takeback(&h, "alice", channel, TakebackAction::Ask);
            let r = takeback(&h, "bob", channel, TakebackAction::Accept);
            assert!(r.iter().any(|r| r.text.contains("is taken back")), "{r:?}");
            return;
        }
    }
    panic!("ten throws, no miss");
}

fn vacation(h: &Harness, who: &str, on: Option<bool>) -> Vec<arcana::service::api::Reply> {
    h.req(who, 1, Request::Vacation { on })
}

fn claim_refusal(h: &Harness, who: &str, channel: u64) -> String {
    h.refused(who, channel, Request::Claim)
}

// Ruling X-CORR-7: a vacation stops the clocks of every game of its player, each
// opponent told once; it ends when the allowance is spent, with a direct message.
#[test]
fn a_vacation_stops_three_clocks_and_ends_when_the_allowance_is_spent() {
    let h = Harness::new();
    // alice is asked in two games (3 days a move), bob in the third.
    h.start_between("alice", "bob", 10, Some(3));
    h.start_between("alice", "carol", 11, Some(3));
    h.start_between("bob", "alice", 12, Some(3));
    h.mv("bob", 12, "e4");
    h.start_between("alice", "dave", 13, Some(3));
    h.mv("alice", 13, "e4");
    let shown = vacation(&h, "alice", None);
    assert!(
        shown[0].text.contains("30 days of vacation left"),
        "{}",
        shown[0].text
    );
    h.clock.advance(DAY_MS);
    let r = vacation(&h, "alice", Some(true));
    assert_eq!(r[0].to, Audience::Invoker);
    assert!(
        r[0].text.contains("stand still in 4 games"),
        "{}",
        r[0].text
    );
    // Each game's place is told once, naming the opponent.
    let told: Vec<u64> = r
        .iter()
        .filter_map(|r| match r.to {
            Audience::Place(c) => Some(c),
            _ => None,
        })
        .collect();
    assert_eq!(told.len(), 4, "{r:?}");
    for c in [10, 11, 12, 13] {
        assert!(told.contains(&c), "{told:?}");
    }
    assert!(r.iter().any(|r| r.text.contains("alice is on vacation")));
    // Twice is refused; nothing changes.
    assert!(h
        .refused("alice", 1, Request::Vacation { on: Some(true) })
        .contains("already on vacation"));
    // Her clocks stand still: ten days later nobody can claim, no reminder came.
    h.clock.advance(10 * DAY_MS);
    let ticked = h.service.tick();
    assert!(
        ticked
            .iter()
            .all(|t| !t.reply.text.contains("left for your move")),
        "{ticked:?}"
    );
    let why = claim_refusal(&h, "bob", 10);
    assert!(why.contains("alice is on vacation"), "{why}");
    let board = h.ok("bob", 10, Request::Board);
    assert!(
        board[0].text.contains("2 days left")
            || board[0].text.contains("Time left for this move: 2 days"),
        "{}",
        board[0].text
    );
    assert!(board[0].text.contains("stands still"), "{}", board[0].text);
    // dave moves in game 13: alice's new turn starts stopped too.
    h.mv("dave", 13, "e5");
    h.clock.advance(5 * DAY_MS);
    assert!(claim_refusal(&h, "dave", 13).contains("on vacation"));
    // bob's own clock in game 12 runs as ever.
    // 30 days after it began the allowance is spent: the tick ends it, with a DM.
    h.clock.advance(15 * DAY_MS + 60_000);
    let ticked = h.service.tick();
    let dm = ticked
        .iter()
        .find(|t| matches!(&t.reply.to, Audience::Private(u) if u.id == common::user("alice").id))
        .unwrap_or_else(|| panic!("a direct message: {ticked:?}"));
    assert!(dm.reply.text.contains("used up"), "{}", dm.reply.text);
    assert!(
        ticked
            .iter()
            .filter(|t| t.reply.text.contains("back from vacation"))
            .count()
            >= 3,
        "{ticked:?}"
    );
    // The clocks run again with the time they had: 2 days left in game 10.
    let board = h.ok("bob", 10, Request::Board);
    assert!(
        board[0].text.contains("Time left for this move: 2 days"),
        "{}",
        board[0].text
    );
    h.clock.advance(2 * DAY_MS + 60_000);
    h.ok("bob", 10, Request::Claim);
    // Nothing left this year.
    let why = h.refused("alice", 1, Request::Vacation { on: Some(true) });
    assert!(why.contains("no vacation left"), "{why}");
}

#[test]
fn a_short_vacation_counts_one_whole_day_and_can_be_ended() {
    let h = Harness::new();
    h.start(10, Some(3));
    assert!(h
        .refused("alice", 1, Request::Vacation { on: Some(false) })
        .contains("not on vacation"));
    vacation(&h, "alice", Some(true));
    h.clock.advance(DAY_MS / 24);
    let r = vacation(&h, "alice", Some(false));
    assert!(
        r[0].text.contains("counted 1 day; 29 left"),
        "{}",
        r[0].text
    );
    assert!(r
        .iter()
        .any(|r| r.to == Audience::Place(10) && r.text.contains("back from vacation")));
    // The hour away was not charged to alice's clock.
    let board = h.ok("alice", 10, Request::Board);
    assert!(board[0].text.contains("3 days"), "{}", board[0].text);
}

fn digests(h: &Harness) -> Vec<String> {
    h.service
        .tick()
        .into_iter()
        .filter(|t| {
            matches!(&t.reply.to, Audience::Private(_)) && t.reply.text.contains("daily digest")
        })
        .map(|t| t.reply.text)
        .collect()
}

#[test]
fn a_daily_digest_lists_your_turns_by_direct_message() {
    let h = Harness::new();
    h.start_between("alice", "bob", 10, Some(3));
    h.start_between("carol", "alice", 11, Some(3));
    h.ok(
        "alice",
        1,
        Request::Settings(arcana::service::confirm::SettingsChange {
            digest: Some(true),
            ..Default::default()
        }),
    );
    assert!(digests(&h).is_empty(), "the first comes a day later");
    h.clock.advance(DAY_MS + 60_000);
    let sent = digests(&h);
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(
        sent[0].contains("Your turn (1)") && sent[0].contains("bob"),
        "{}",
        sent[0]
    );
    assert!(digests(&h).is_empty(), "once a day");
    // Nothing to say: no message. (alice moves; carol's turn in game 11.)
    h.mv("alice", 10, "e4");
    h.clock.advance(DAY_MS);
    assert!(digests(&h).is_empty());
    h.mv("carol", 11, "e4");
    h.clock.advance(DAY_MS);
    assert_eq!(digests(&h).len(), 1);
    // Turned off: none again.
    h.ok(
        "alice",
        1,
        Request::Settings(arcana::service::confirm::SettingsChange {
            digest: Some(false),
            ..Default::default()
        }),
    );
    h.clock.advance(DAY_MS);
    assert!(digests(&h).is_empty());
}

// Ruling X-CORR-7: a game that forbids vacations (an event's rule) keeps its clock,
// and `/vacation on` says so.
#[test]
fn a_game_without_vacations_keeps_its_clock_and_says_so() {
    let h = Harness::new();
    h.start(10, Some(3));
    h.start_between("alice", "carol", 11, Some(3));
    let mut rec = h.service.store().game(1).expect("store").expect("game 1");
    rec.no_vacation = true;
    let mut w = arcana::store::Write::new();
    w.game(&rec).expect("write");
    h.service.store().commit(w).expect("commit");
    let r = vacation(&h, "alice", Some(true));
    assert!(
        r[0].text.contains("stand still in 1 game") && r[0].text.contains("game 1"),
        "{}",
        r[0].text
    );
    h.clock.advance(3 * DAY_MS + 60_000);
    // Game 1's clock ran: bob may claim; game 2's stood still.
    h.ok("bob", 10, Request::Claim);
    assert!(claim_refusal(&h, "carol", 11).contains("on vacation"));
}

/// Issue 47, item 11: `/settings` says what each value does, off as off.
#[test]
fn settings_describe_each_value_as_it_is() {
    let h = Harness::new();
    let off = settings(&h, "alice", None, None);
    assert!(off.contains("a move you type is played at once"), "{off}");
    assert!(!off.contains("shown to you first"), "{off}");
    assert!(off.contains("no daily message"), "{off}");
    let on = settings(&h, "alice", Some(true), Some(true));
    assert!(on.contains("a move you type is shown to you first"), "{on}");
    assert!(on.contains("lists the games where it is your turn"), "{on}");
    assert!(!on.contains("played at once"), "{on}");
}

/// Issue 47, item 12: a waiting move is cancelled by typing `cancel`.
#[test]
fn typing_cancel_drops_a_waiting_move() {
    let h = Harness::new();
    settings(&h, "alice", Some(true), None);
    h.start(1, Some(3));
    let r = typed(&h, "alice", 1, "e4");
    assert!(r[0].text.contains("typing `cancel`"), "{}", r[0].text);
    let r = typed(&h, "alice", 1, "cancel");
    assert!(r[0].text.contains("Cancelled"), "{}", r[0].text);
    // Nothing waits: e4 typed again is shown again, not played.
    let r = typed(&h, "alice", 1, "e4");
    assert!(r[0].text.contains("Play `e2-e4`?"), "{}", r[0].text);
    assert!(!h.history(1).contains("e2-e4"));
}

/// Issue 47, item 12: a word a typed command cannot place is refused with the
/// command's usage, and `/review 4` reads its number as `game:4`.
#[test]
fn typed_commands_show_their_usage_and_read_a_lone_number() {
    use arcana::service::command::parse_command;
    let who = |n: &str| common::user(n);
    for (line, usage) in [
        ("/vacation 5", "`/vacation"),
        ("/takeback yes", "`/takeback"),
        ("/settings confirm", "`/settings"),
    ] {
        let why = parse_command(line, &who).expect_err(line);
        assert!(
            why.contains("it reads") && why.contains(usage),
            "{line}: {why}"
        );
    }
    let review = parse_command("/review 4", &who).expect("parses");
    let named = parse_command("/review game:4", &who).expect("parses");
    assert!(review.is_some());
    assert_eq!(review, named);
    let help = arcana::service::grammar::help_text();
    assert!(!help.contains("9223372036854775807"), "{help}");
}

/// Issue 47, item 15: a server's moderators choose how public boards turn; `/board`
/// is drawn from the asker's side (a spectator's from White's).
#[test]
fn public_boards_turn_as_the_server_chooses() {
    use arcana::core::Side;
    let h = Harness::new();
    h.start(1, Some(3));
    // By default a public board turns to the player to move.
    let board = h.mv("alice", 1, "e4");
    let view = board.image.as_ref().expect("the board");
    assert_eq!(view.bottom, None, "left to the side to move");
    assert_eq!(view.to_move, Some(Side::Black));
    let boards = |white: bool, moderator: bool| {
        h.service.handle_as(
            &common::ctx("mod", 1),
            moderator,
            Request::ServerBoards { white },
        )
    };
    let refused = boards(true, false);
    assert!(
        refused[0].text.contains("moderators"),
        "{}",
        refused[0].text
    );
    let set = boards(true, true);
    assert!(
        set[0].text.contains("White at the bottom"),
        "{}",
        set[0].text
    );
    let board = h.mv("bob", 1, "e5");
    assert_eq!(
        board.image.as_ref().expect("board").bottom,
        Some(Side::White)
    );
    // A spectator's /board from White's side; a player's from their own.
    let seen = h.ok("carol", 1, Request::Board);
    assert_eq!(
        seen[0].image.as_ref().expect("board").bottom,
        Some(Side::White)
    );
    let bobs = h.ok("bob", 1, Request::Board);
    let view = bobs[0].image.as_ref().expect("board");
    assert_eq!(view.bottom, None);
    assert_eq!(
        arcana::render::bottom_side(view, &Default::default()),
        Side::Black
    );
    boards(false, true);
    let board = h.mv("alice", 1, "Nf3");
    assert_eq!(board.image.as_ref().expect("board").bottom, None);
}
