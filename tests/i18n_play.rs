//! Issue 28: the in-game replies (vacations, notes, takebacks, move confirmation,
//! draws, conditional lines, reviews, timeouts and reminders) speak German to a German
//! reader, and English exactly as before to everyone else.

mod common;

use arcana::i18n::Lang;
use arcana::service::api::{Audience, ColorChoice, Context, DrawAction, Reply, ReplyKind, Request};
use arcana::service::clock::DAY_MS;
use arcana::service::confirm::SettingsChange;
use arcana::service::takeback::TakebackAction;
use arcana::variants::{Options, VariantId};
use common::{ctx, user, Harness};

const CH: u64 = 300;

/// `name` acting from a German Discord client on a German server.
fn de(name: &str, channel: u64) -> Context {
    Context {
        lang: Lang::De,
        guild_locale: Some("de".to_string()),
        ..ctx(name, channel)
    }
}

fn send(h: &Harness, c: &Context, req: Request) -> Vec<Reply> {
    h.service.handle(c, req)
}

fn refusal(h: &Harness, c: &Context, req: Request) -> String {
    let r = send(h, c, req);
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0].kind, ReplyKind::Refusal, "{r:?}");
    r[0].text.clone()
}

/// A casual game between alice (White) and bob (Black), both German, on a German
/// server.
fn casual_game(h: &Harness, days: Option<u32>) {
    let r = send(
        h,
        &de("alice", CH),
        Request::Challenge {
            opponent: user("bob"),
            variant: VariantId::Standard,
            color: ColorChoice::White,
            days,
            options: Options::new(),
            rated: false,
        },
    );
    assert!(r.iter().all(|r| r.kind != ReplyKind::Refusal), "{r:?}");
    let r = send(h, &de("bob", CH), Request::Accept);
    assert!(r.iter().all(|r| r.kind != ReplyKind::Refusal), "{r:?}");
}

fn mv(h: &Harness, who: &str, text: &str) -> Vec<Reply> {
    let r = send(
        h,
        &de(who, CH),
        Request::Move {
            text: text.to_string(),
        },
    );
    assert!(r.iter().all(|r| r.kind != ReplyKind::Refusal), "{r:?}");
    r
}

fn channel_text(r: &[Reply]) -> String {
    r.iter()
        .filter(|r| r.to == Audience::Channel)
        .map(|r| r.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn vacations_speak_german_and_english_stays() {
    let h = Harness::new();
    let r = send(&h, &de("alice", CH), Request::Vacation { on: None });
    assert!(r[0].text.contains("Urlaubstage übrig"), "{}", r[0].text);
    assert!(r[0].text.contains("`/urlaub an`"), "{}", r[0].text);
    assert_eq!(r[0].lang, Lang::De);
    let r = h.ok("carol", CH, Request::Vacation { on: None });
    assert_eq!(
        r[0].text,
        "You have 30 days of vacation left this year (0 of 30 used). `/vacation on` stops \
         your clocks in every game; each time counts at least one whole day."
    );
    let t = refusal(&h, &de("alice", CH), Request::Vacation { on: Some(false) });
    assert_eq!(t, "Du bist nicht im Urlaub; `/urlaub an` beginnt einen.");
    let r = send(&h, &de("alice", CH), Request::Vacation { on: Some(true) });
    assert!(r[0].text.contains("im Urlaub"), "{}", r[0].text);
    assert!(r[0].text.contains("Partien still"), "{}", r[0].text);
    h.clock.advance(DAY_MS + 3_600_000);
    let r = send(&h, &de("alice", CH), Request::Vacation { on: None });
    assert!(
        r[0].text
            .starts_with("Du bist seit 1 Tag 1 Stunde im Urlaub"),
        "{}",
        r[0].text
    );
    let r = send(&h, &de("alice", CH), Request::Vacation { on: Some(false) });
    assert!(r[0].text.starts_with("Willkommen zurück"), "{}", r[0].text);
    // A day begun counts only after its first hour (ruling X-CORR-7): a day and an
    // hour count one.
    assert!(r[0].text.contains("zählte 1 Tag;"), "{}", r[0].text);
}

#[test]
fn a_vacation_is_told_to_a_german_server_in_german() {
    let h = Harness::new();
    casual_game(&h, Some(3));
    let r = send(&h, &de("bob", 999), Request::Vacation { on: Some(true) });
    let place: Vec<&Reply> = r.iter().filter(|r| r.to != Audience::Invoker).collect();
    assert!(
        place.iter().any(|r| r.text.contains("bob ist im Urlaub")),
        "{r:?}"
    );
}

#[test]
fn notes_and_settings_speak_german() {
    let h = Harness::new();
    casual_game(&h, None);
    let r = send(&h, &de("alice", CH), Request::Note { text: None });
    assert!(r[0].text.contains("keine Notizen"), "{}", r[0].text);
    let r = send(
        &h,
        &de("alice", CH),
        Request::Note {
            text: Some("Springer nach f3".into()),
        },
    );
    assert!(r[0].text.starts_with("Notiert"), "{}", r[0].text);
    assert!(r[0].text.contains("- Springer nach f3"), "{}", r[0].text);
    let t = refusal(&h, &de("carol", CH), Request::Note { text: None });
    assert!(t.contains("Nur die Spieler"), "{t}");
    let r = send(
        &h,
        &de("alice", CH),
        Request::Settings(SettingsChange {
            confirm: Some(true),
            ..SettingsChange::default()
        }),
    );
    assert!(r[0].text.starts_with("Gespeichert."), "{}", r[0].text);
    assert!(r[0].text.contains("- bestätigen: an"), "{}", r[0].text);
    assert!(r[0].text.contains("- übersicht: aus"), "{}", r[0].text);
    // With confirmation on, a typed move is shown first, in German.
    let r = send(&h, &de("alice", CH), Request::Move { text: "e4".into() });
    assert!(r[0].text.starts_with("`e2-e4` spielen?"), "{}", r[0].text);
    assert!(r[0].text.contains("Drücke Bestätigen"), "{}", r[0].text);
}

#[test]
fn draws_takebacks_and_refusals_speak_german() {
    let h = Harness::new();
    casual_game(&h, None);
    let t = refusal(&h, &de("carol", CH), Request::Draw(DrawAction::Offer));
    assert!(t.starts_with("Nur alice und bob spielen"), "{t}");
    let t = refusal(&h, &de("alice", CH), Request::Move { text: "  ".into() });
    assert_eq!(t, "Tippe einen Zug, zum Beispiel `e4`.");
    mv(&h, "alice", "e4");
    let t = refusal(&h, &de("alice", CH), Request::Draw(DrawAction::Accept));
    assert_eq!(t, "bob hat kein Remis angeboten.");
    let r = send(&h, &de("alice", CH), Request::Draw(DrawAction::Offer));
    let text = channel_text(&r);
    assert!(text.contains("alice bietet Remis an"), "{text}");
    assert!(text.contains("`/remis annehmen`"), "{text}");
    let r = send(&h, &de("bob", CH), Request::Draw(DrawAction::Decline));
    assert!(
        channel_text(&r).contains("lehnt das Remisangebot ab"),
        "{r:?}"
    );
    let t = refusal(&h, &de("bob", CH), Request::Draw(DrawAction::Claim));
    assert!(t.starts_with("Es gibt kein Remis zu reklamieren"), "{t}");
    assert!(t.contains("dreifache Stellungswiederholung"), "{t}");
    let r = send(&h, &de("alice", CH), Request::Takeback(TakebackAction::Ask));
    assert!(
        channel_text(&r).contains("möchte `e2-e4` zurücknehmen"),
        "{r:?}"
    );
    let r = send(
        &h,
        &de("bob", CH),
        Request::Takeback(TakebackAction::Accept),
    );
    assert!(
        channel_text(&r).contains("wird einvernehmlich zurückgenommen"),
        "{r:?}"
    );
    let t = refusal(
        &h,
        &de("bob", CH),
        Request::Takeback(TakebackAction::Accept),
    );
    assert!(t.contains("hat nicht darum gebeten"), "{t}");
}

#[test]
fn conditional_lines_speak_german() {
    let h = Harness::new();
    casual_game(&h, None);
    let r = send(&h, &de("bob", CH), Request::Conditional { text: None });
    assert!(r[0].text.contains("keine Vorauszüge"), "{}", r[0].text);
    let t = refusal(
        &h,
        &de("alice", CH),
        Request::Conditional {
            text: Some("e5 Nf3".into()),
        },
    );
    assert!(t.starts_with("Du bist am Zug"), "{t}");
    mv(&h, "alice", "e4");
    let r = send(
        &h,
        &de("alice", CH),
        Request::Conditional {
            text: Some("e5 Nf3".into()),
        },
    );
    assert!(
        r[0].text.starts_with("Vorgemerkt: wenn `e5`, dann `Nf3`."),
        "{}",
        r[0].text
    );
    let r = mv(&h, "bob", "e5");
    assert!(channel_text(&r).contains("(Vorauszug)"), "{r:?}");
    let told = r
        .iter()
        .find(|r| matches!(&r.to, Audience::Private(u) if u.name == "alice"))
        .expect("alice is told");
    assert!(told.text.contains("Dein Vorauszug hat"), "{}", told.text);
}

#[test]
fn reminders_and_timeouts_speak_the_servers_language() {
    let h = Harness::new();
    casual_game(&h, Some(1));
    mv(&h, "alice", "e4");
    // bob is to move with a day; the reminder comes when a fifth is left.
    h.clock.advance(DAY_MS * 4 / 5);
    let out = h.service.tick();
    let texts: Vec<&str> = out.iter().map(|t| t.reply.text.as_str()).collect();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("bob, dir bleiben noch 4 Stunden")),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("Erinnerung: Dir bleiben noch")),
        "{texts:?}"
    );
    let t = refusal(&h, &de("alice", CH), Request::Claim);
    assert!(t.contains("bob hat noch 4 Stunden"), "{t}");
    h.clock.advance(DAY_MS);
    let out = h.service.tick();
    let texts: Vec<&str> = out.iter().map(|t| t.reply.text.as_str()).collect();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("Die Bedenkzeit von bob ist abgelaufen")),
        "{texts:?}"
    );
    let r = send(&h, &de("bob", CH), Request::Reminders { dm: false });
    assert!(
        r[0].text.starts_with("Keine Erinnerungen mehr"),
        "{}",
        r[0].text
    );
}

#[test]
fn a_review_refusal_speaks_german() {
    let h = Harness::new();
    let t = refusal(&h, &de("alice", CH), Request::Review { game: None });
    assert!(t.starts_with("In diesem Kanal gibt es keine Partie"), "{t}");
    casual_game(&h, None);
    let t = refusal(&h, &de("alice", CH), Request::Review { game: None });
    assert!(t.contains("läuft noch"), "{t}");
}

#[test]
fn english_readers_keep_the_english() {
    let h = Harness::new();
    h.start(CH, None);
    let t = h.refused("alice", CH, Request::Takeback(TakebackAction::Ask));
    assert_eq!(
        t,
        "Takebacks are for casual games; this one counts for the ratings."
    );
    h.mv("alice", CH, "e4");
    let r = h.ok("alice", CH, Request::Draw(DrawAction::Offer));
    assert_eq!(
        r[0].text,
        "alice offers a draw. bob: `/draw accept` or `/draw decline`."
    );
    let r = h.ok("bob", CH, Request::Conditional { text: None });
    assert!(r[0]
        .text
        .starts_with("You have no conditional lines on this game."));
    assert!(!r[0].text.contains(['\u{2068}', '\u{2069}']));
}

#[test]
fn a_finished_game_closes_in_the_servers_language() {
    // A checkmate: the closing line is German, said once, with no English left.
    let h = Harness::new();
    casual_game(&h, None);
    mv(&h, "alice", "f3");
    mv(&h, "bob", "e5");
    mv(&h, "alice", "g4");
    let text = channel_text(&mv(&h, "bob", "Qh4"));
    assert!(!text.contains("wins"), "{text}");
    assert!(!text.to_lowercase().contains("checkmate"), "{text}");
    // The rules' event is German too.
    assert!(text.contains("\nSchachmatt.\n"), "{text}");
    let closing = text.lines().last().unwrap_or_default().to_string();
    assert!(closing.contains("Schwarz"), "{text}");
    assert_eq!(text.matches(closing.as_str()).count(), 1, "{text}");
    // A resignation: who resigned, then the result, in German.
    let h = Harness::new();
    casual_game(&h, None);
    mv(&h, "alice", "e4");
    let text = channel_text(&send(&h, &de("bob", CH), Request::Resign));
    assert!(text.contains("bob gibt auf."), "{text}");
    assert!(!text.contains("resigns"), "{text}");
    assert!(!text.contains("wins"), "{text}");
}

#[test]
fn a_hand_of_cards_is_told_in_german() {
    // Chess with Wickets (cards, its default): `/hand` in the asker's language, and the
    // hand sent after the other player's answer in the game's (the server's).
    let h = Harness::new();
    let r = send(
        &h,
        &de("alice", CH),
        Request::Challenge {
            opponent: user("bob"),
            variant: VariantId::Wickets,
            color: ColorChoice::White,
            days: None,
            options: Options::new(),
            rated: false,
        },
    );
    assert!(r.iter().all(|r| r.kind != ReplyKind::Refusal), "{r:?}");
    let r = send(&h, &de("bob", CH), Request::Accept);
    assert!(r.iter().all(|r| r.kind != ReplyKind::Refusal), "{r:?}");
    // The hands dealt at the start, each to its owner, in the server's language.
    let dealt: Vec<&Reply> = r
        .iter()
        .filter(|r| matches!(r.to, Audience::Private(_)))
        .collect();
    assert_eq!(dealt.len(), 2, "{r:?}");
    for d in dealt {
        assert!(d.text.contains("Deine Karten"), "{}", d.text);
        assert!(!d.text.contains("Your cards"), "{}", d.text);
    }
    let r = send(&h, &de("alice", CH), Request::Hand);
    assert_eq!(r.len(), 1, "{r:?}");
    assert!(r[0].text.contains("Deine Karten"), "{}", r[0].text);
    assert!(!r[0].text.contains("Your cards"), "{}", r[0].text);
    // English asked, English told.
    let r = send(&h, &ctx("alice", CH), Request::Hand);
    assert!(r[0].text.contains("Your cards"), "{}", r[0].text);
}
