//! Issue 28: the replies of boards, histories, lists, profiles, ratings and the
//! service's own refusals speak the invoker's language (German here), and English stays
//! as it was.

mod common;

use arcana::i18n::Lang;
use arcana::service::api::{Audience, Context, GamesScope, Reply, ReplyKind, Request};
use common::{ctx, Harness};

const CH: u64 = 300;

fn de(name: &str, channel: u64) -> Context {
    Context {
        lang: Lang::De,
        ..ctx(name, channel)
    }
}

fn ask(h: &Harness, c: &Context, req: Request) -> Vec<Reply> {
    h.service.handle(c, req)
}

fn own(replies: &[Reply]) -> String {
    replies
        .iter()
        .find(|r| r.to == Audience::Invoker)
        .map(|r| r.text.clone())
        .unwrap_or_default()
}

#[test]
fn board_and_history_in_german() {
    let h = Harness::new();
    // No game yet: the refusal in the invoker's language.
    let r = ask(&h, &de("carol", CH), Request::Board);
    assert_eq!(r[0].kind, ReplyKind::Refusal);
    assert_eq!(r[0].text, "In diesem Kanal gibt es keine Partie.");
    let r = ask(&h, &ctx("carol", CH), Request::Board);
    assert_eq!(r[0].text, "There is no game in this channel.");

    h.start(CH, Some(3));
    let board = own(&ask(&h, &de("carol", CH), Request::Board));
    assert!(board.contains("(Weiß) gegen"), "{board}");
    assert!(
        board.contains("Verbleibende Zeit für diesen Zug"),
        "{board}"
    );
    let english = own(&ask(&h, &ctx("carol", CH), Request::Board));
    assert!(
        english.contains("alice (White) vs bob (Black)"),
        "{english}"
    );
    assert!(
        english.contains("Time left for this move: 3 days."),
        "{english}"
    );

    let history = own(&ask(&h, &de("carol", CH), Request::History));
    assert!(history.contains("Noch keine Züge."), "{history}");
    h.moves(CH, &["f3", "e5", "g4", "Qh4#"]);
    let r = ask(&h, &de("carol", CH), Request::History);
    let history = own(&r);
    assert!(history.contains("1. f2-f3 e7-e5"), "{history}");
    assert!(history.contains("Schachmatt"), "{history}");
    let english = own(&ask(&h, &ctx("carol", CH), Request::History));
    assert!(english.contains("Black wins by checkmate"), "{english}");
}

#[test]
fn games_and_resignation_in_german() {
    let h = Harness::new();
    let mine = own(&ask(&h, &de("alice", CH), Request::Games(GamesScope::Mine)));
    assert_eq!(mine, "Du bist in keiner deiner Partien am Zug.");
    h.start(CH, Some(2));
    let mine = own(&ask(&h, &de("alice", CH), Request::Games(GamesScope::Mine)));
    assert!(mine.starts_with("Du bist am Zug (1)"), "{mine}");
    assert!(mine.contains("noch 2 Tage"), "{mine}");
    assert!(mine.contains("noch keine Züge gespielt"), "{mine}");
    let listed = own(&ask(
        &h,
        &de("carol", CH),
        Request::Games(GamesScope::Server),
    ));
    assert!(listed.starts_with("Laufende Partien (1):"), "{listed}");
    assert!(listed.contains("In diesem Kanal (1):"), "{listed}");
    let english = own(&ask(
        &h,
        &ctx("carol", CH),
        Request::Games(GamesScope::Server),
    ));
    assert!(english.starts_with("Active games (1):"), "{english}");
    assert!(english.contains("no turns played yet"), "{english}");

    // Resigning: the closing line of the history says who resigned, in German.
    h.ok("alice", CH, Request::Resign);
    let history = own(&ask(&h, &de("carol", CH), Request::History));
    assert!(history.contains("alice gibt auf."), "{history}");
    let english = own(&ask(&h, &ctx("carol", CH), Request::History));
    assert!(english.contains("alice resigns. "), "{english}");
}

#[test]
fn profile_and_leaderboard_in_german() {
    let h = Harness::new();
    let profile = own(&ask(&h, &de("alice", CH), Request::Profile { user: None }));
    assert!(
        profile.contains("Noch keine gewerteten Partien."),
        "{profile}"
    );
    let board = own(&ask(
        &h,
        &de("alice", CH),
        Request::Leaderboard { variant: None },
    ));
    assert!(board.contains("Rangliste"), "{board}");
    assert!(
        board.contains("Du hast hier noch keine gewerteten"),
        "{board}"
    );
    let english = own(&ask(
        &h,
        &ctx("alice", CH),
        Request::Leaderboard { variant: None },
    ));
    assert!(
        english.contains("You have no rated Chess games here yet."),
        "{english}"
    );

    h.start(CH, None);
    h.moves(CH, &["f3", "e5", "g4", "Qh4#"]);
    let profile = own(&ask(&h, &de("bob", CH), Request::Profile { user: None }));
    assert!(profile.contains("Letzte Ergebnisse:"), "{profile}");
    assert!(profile.contains("- Sieg gegen alice"), "{profile}");
    assert!(
        profile.contains("1 Sieg, 0 Remis, 0 Niederlagen"),
        "{profile}"
    );
    let english = own(&ask(&h, &ctx("bob", CH), Request::Profile { user: None }));
    assert!(english.contains("1 win, 0 draws, 0 losses"), "{english}");
    assert!(english.contains("- win vs alice"), "{english}");
}

#[test]
fn challenge_refusals_in_german() {
    let h = Harness::new();
    let r = ask(
        &h,
        &de("alice", CH),
        Request::Challenge {
            opponent: common::user("alice"),
            variant: arcana::variants::VariantId::Standard,
            color: arcana::service::api::ColorChoice::White,
            days: None,
            options: arcana::variants::Options::new(),
            rated: true,
        },
    );
    assert_eq!(r[0].kind, ReplyKind::Refusal);
    assert_eq!(r[0].text, "Du kannst dich nicht selbst herausfordern.");
    let r = ask(&h, &de("bob", CH), Request::Accept);
    assert_eq!(r[0].kind, ReplyKind::Refusal);
    assert!(r[0].text.contains("annehmen"), "{}", r[0].text);
}

#[test]
fn the_games_have_german_names_in_german_replies_and_commands() {
    use arcana::variants::VariantId;
    // Every game has a name in every catalog, the English one its own.
    for v in VariantId::ALL {
        assert_eq!(v.name_in(Lang::En), v.name(), "{}", v.id());
        assert!(!v.name_in(Lang::De).is_empty(), "{}", v.id());
        // A name in either language names the game in a command.
        for lang in Lang::ALL {
            assert_eq!(VariantId::parse(&v.name_in(lang)), Some(v), "{}", v.id());
        }
    }
    assert_eq!(VariantId::Standard.name_in(Lang::De), "Schach");
    assert_eq!(VariantId::Wickets.name_in(Lang::De), "Schach mit Toren");
    assert_eq!(
        VariantId::parse("schach mit toren"),
        Some(VariantId::Wickets)
    );
    assert_eq!(VariantId::parse("Zauberstabschach"), Some(VariantId::Wand));

    let h = Harness::new();
    let board = own(&ask(
        &h,
        &de("alice", CH),
        Request::Leaderboard {
            variant: Some(VariantId::Wand),
        },
    ));
    assert!(board.starts_with("Zauberstabschach-Rangliste"), "{board}");
    assert!(!board.contains("Wand Chess"), "{board}");
    // A game's title line names it in the reader's language.
    h.start(CH, Some(3));
    let listed = own(&ask(
        &h,
        &de("carol", CH),
        Request::Games(GamesScope::Server),
    ));
    assert!(listed.contains("Schach: alice"), "{listed}");
    let english = own(&ask(
        &h,
        &ctx("carol", CH),
        Request::Games(GamesScope::Server),
    ));
    assert!(english.contains("Chess: alice"), "{english}");
}
