//! Issue 28: tournaments speak the server's language in what the event's channel and its
//! games' threads read (announcements, pairings, results, standings) and the asker's in
//! what answers them alone (refusals, `/tournament standings`, `pairings`, `export`);
//! English stays as it was.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

mod common;

use arcana::i18n::{self, FluentValue, Lang};
use arcana::service::api::{Context, DrawAction, Places, Reply, ReplyKind, Request};
use arcana::service::clock::ManualClock;
use arcana::service::tournament::{EventTerms, TournamentAction};
use arcana::service::{Service, ServiceConfig};
use arcana::store::{EventFormat, Store};
use arcana::variants::{Options, VariantId};
use common::START_MS;
use std::sync::{Arc, Mutex};

const CH: u64 = 4_100;

/// Threads as a chat service opens them, each remembered with its title.
#[derive(Default)]
struct Threads(Mutex<Vec<(u64, String)>>);

impl Places for Threads {
    fn mention(&self, _server: Option<u64>, _channel: u64) -> Option<String> {
        None
    }
    fn site(&self, _server: Option<u64>, _channel: u64) -> Option<String> {
        None
    }
    fn open_place(&self, _channel: u64, title: &str, _anchor: Option<u64>) -> Result<u64, String> {
        let mut t = self.0.lock().unwrap();
        let id = 91_000 + t.len() as u64;
        t.push((id, title.to_string()));
        Ok(id)
    }
}

impl Threads {
    fn titles(&self) -> Vec<String> {
        self.0
            .lock()
            .unwrap()
            .iter()
            .map(|(_, n)| n.clone())
            .collect()
    }
    fn find(&self, title: &str) -> Option<u64> {
        let t = self.0.lock().unwrap();
        t.iter().find(|(_, n)| n == title).map(|(id, _)| *id)
    }
}

fn service(places: &Arc<Threads>) -> Service {
    Service::new(
        Store::temporary().unwrap(),
        Arc::new(ManualClock::new(START_MS)),
        ServiceConfig {
            seed: Some(5),
            ..ServiceConfig::default()
        },
    )
    .unwrap()
    .with_places(places.clone())
}

/// `name` from a German Discord client on a German server.
fn de(name: &str, channel: u64) -> Context {
    Context {
        lang: Lang::De,
        guild_locale: Some("de".to_string()),
        ..common::ctx(name, channel)
    }
}

/// `name` from an English Discord client on the same German server.
fn en_on_de(name: &str, channel: u64) -> Context {
    Context {
        lang: Lang::En,
        guild_locale: Some("de".to_string()),
        ..common::ctx(name, channel)
    }
}

fn tour(s: &Service, c: &Context, action: TournamentAction) -> Vec<Reply> {
    s.handle_as(
        c,
        c.user.name == "org",
        Request::Tournament {
            action,
            event: None,
        },
    )
}

use common::{accepted as ok, refusal_line as refused};

fn text_of(r: &[Reply]) -> String {
    r.iter()
        .map(|r| r.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

fn terms(name: &str, format: EventFormat) -> EventTerms {
    EventTerms {
        name: name.to_string(),
        variant: VariantId::Standard,
        options: Options::new(),
        format,
        days: 3,
        bank_days: 0,
        rated: true,
        vacation: false,
        limit: 0,
        start_in_ms: None,
    }
}

/// The message `key` in `lang`, its variables given as text.
fn msg(lang: Lang, key: &str, args: &[(&str, &str)]) -> String {
    let args: Vec<(&str, FluentValue)> = args
        .iter()
        .map(|(k, v)| (*k, FluentValue::from(*v)))
        .collect();
    i18n::tr_args(lang, key, &args)
}

/// `german` was worded from `key`: it is not the English text of the same key with the
/// same variables, nor does it contain it.
fn not_english(german: &str, key: &str, args: &[(&str, &str)]) {
    let english = msg(Lang::En, key, args);
    assert!(!english.is_empty() && english != key, "{key}: {english}");
    assert!(
        !german.contains(&english),
        "{key}: English `{english}` in `{german}`"
    );
}

/// The thread of the game of `a` and `b` in `event` (whichever plays White), and who
/// plays White, looked up by its German title.
fn game_of(t: &Threads, event: &str, a: &str, b: &str) -> (u64, String, u32) {
    for round in 1..=9 {
        for (w, bl) in [(a, b), (b, a)] {
            if let Some(place) = t.find(&format!("{event} · Runde {round} · {w} gegen {bl}")) {
                return (place, w.to_string(), round);
            }
        }
    }
    panic!("{a} vs {b}: {:?}", t.titles())
}

#[test]
fn creating_and_joining_speak_the_servers_language_refusals_the_askers() {
    let places = Arc::new(Threads::default());
    let s = service(&places);
    // No event yet: the refusal in the asker's language.
    let none = refused(tour(&s, &de("p1", CH), TournamentAction::Join));
    assert_eq!(
        none,
        "In diesem Kanal gibt es kein Turnier; `/turnier erstellen` legt eins an."
    );
    not_english(&none, "tournament-none-in-channel", &[]);
    let t = terms("Frühling", EventFormat::RoundRobin { cycles: 1 });
    let not_allowed = refused(tour(
        &s,
        &de("p1", CH),
        TournamentAction::Create(Box::new(t.clone())),
    ));
    assert!(
        not_allowed.starts_with("Nur Mitglieder, die den Server verwalten"),
        "{not_allowed}"
    );
    let mut bad = t.clone();
    bad.format = EventFormat::Swiss { rounds: 0 };
    assert_eq!(
        refused(tour(
            &s,
            &de("org", CH),
            TournamentAction::Create(Box::new(bad))
        )),
        "Ein Turnier im Schweizer System hat 1 bis 30 Runden."
    );
    let mut limited = t;
    limited.limit = 2;
    limited.vacation = true;
    let created = text_of(&ok(tour(
        &s,
        &de("org", CH),
        TournamentAction::Create(Box::new(limited)),
    )));
    assert!(created.starts_with("Turnier #"), "{created}");
    assert!(
        created.ends_with(
            "**Frühling**, erstellt von org: Schach, Rundenturnier, 3 Tage pro Zug, gewertet, \
             Urlaub erlaubt, höchstens 2 Spieler. Mitspielen mit `/turnier beitreten`."
        ),
        "{created}"
    );
    assert!(!created.contains("created by"), "{created}");

    let joined = text_of(&ok(tour(&s, &de("p1", CH), TournamentAction::Join)));
    assert_eq!(joined, "p1 tritt **Frühling** bei (1 Spieler).");
    not_english(
        &joined,
        "tournament-joins",
        &[("name", "p1"), ("event", "Frühling"), ("players", "1")],
    );
    assert_eq!(
        refused(tour(&s, &de("p1", CH), TournamentAction::Join)),
        "Du bist bei **Frühling** schon dabei."
    );
    // An English client on the German server: the channel reads German, the refusals
    // answering them alone are English.
    let joined = text_of(&ok(tour(&s, &en_on_de("p2", CH), TournamentAction::Join)));
    assert_eq!(joined, "p2 tritt **Frühling** bei (2 Spieler).");
    assert_eq!(
        refused(tour(&s, &en_on_de("p3", CH), TournamentAction::Join)),
        "**Frühling** is full (2 players)."
    );
    assert_eq!(
        refused(tour(&s, &de("p3", CH), TournamentAction::Join)),
        "**Frühling** ist voll (2 Spieler)."
    );
    assert_eq!(
        refused(tour(&s, &en_on_de("p2", CH), TournamentAction::Start)),
        "Only org (the organiser) may start **Frühling**."
    );
    assert_eq!(
        refused(tour(&s, &de("p2", CH), TournamentAction::Start)),
        "Nur org (Veranstalter) darf **Frühling** starten."
    );
    let left = text_of(&ok(tour(&s, &en_on_de("p2", CH), TournamentAction::Leave)));
    assert_eq!(left, "p2 verlässt **Frühling**.");
    assert_eq!(
        refused(tour(&s, &de("org", CH), TournamentAction::Start)),
        "**Frühling** braucht zum Start mindestens 2 Spieler (bisher 1)."
    );
    let cancelled = text_of(&ok(tour(&s, &de("org", CH), TournamentAction::Cancel)));
    assert_eq!(
        cancelled,
        "**Frühling** ist abgesagt; laufende Partien werden außerhalb des Turniers zu Ende \
         gespielt."
    );
    assert_eq!(
        refused(tour(&s, &de("org", CH), TournamentAction::Cancel)),
        "**Frühling** ist schon vorbei."
    );
}

#[test]
fn a_round_robin_is_paired_played_and_ranked_in_german() {
    let places = Arc::new(Threads::default());
    let s = service(&places);
    let t = terms("Frühling", EventFormat::RoundRobin { cycles: 1 });
    ok(tour(
        &s,
        &de("org", CH),
        TournamentAction::Create(Box::new(t)),
    ));
    for p in ["p1", "p2", "p3"] {
        ok(tour(&s, &de(p, CH), TournamentAction::Join));
    }
    let started = ok(tour(&s, &de("org", CH), TournamentAction::Start));
    let told = text_of(&started);
    assert!(
        told.contains("**Frühling** beginnt mit 3 Spielern."),
        "{told}"
    );
    not_english(
        &told,
        "tournament-starts",
        &[("event", "Frühling"), ("players", "3")],
    );
    // The pairings, posted in the channel, in German.
    assert!(
        told.contains("**Frühling**, Paarungen:\nRunde 1:\n  "),
        "{told}"
    );
    assert!(told.contains("Runde 3:"), "{told}");
    assert!(told.contains(": läuft"), "{told}");
    assert!(!told.contains("Round ") && !told.contains(" vs "), "{told}");
    // The event's own message: the standings, German, with their table.
    let standing = started
        .iter()
        .find(|r| matches!(r.kind, ReplyKind::Standings { .. }))
        .unwrap();
    assert!(
        standing
            .text
            .starts_with("**Frühling** (Rundenturnier, 0 von 3 Partien entschieden), Tabelle:\n"),
        "{}",
        standing.text
    );
    assert!(standing.attachments[0].bytes.starts_with(b"\x89PNG"));
    // Every game's thread is named in German.
    let titles = places.titles();
    assert_eq!(titles.len(), 3, "{titles:?}");
    for title in &titles {
        assert!(title.starts_with("Frühling · Runde "), "{title}");
        assert!(title.contains(" gegen p"), "{title}");
    }

    // p1 and p2 draw; p1 beats p3; p2 beats p3.
    let (place, white, round) = game_of(&places, "Frühling", "p1", "p2");
    let black = if white == "p1" { "p2" } else { "p1" };
    ok(s.handle(&de(&white, place), Request::Draw(DrawAction::Offer)));
    let drawn = text_of(&ok(
        s.handle(&de(black, place), Request::Draw(DrawAction::Accept))
    ));
    assert!(
        drawn.contains(&format!(
            "**Frühling**, Runde {round}: {white} ½–½ {black}."
        )),
        "{drawn}"
    );
    for (winner, loser) in [("p1", "p3"), ("p2", "p3")] {
        let (place, white, round) = game_of(&places, "Frühling", winner, loser);
        let score = if white == winner { "1–0" } else { "0–1" };
        let black = if white == winner { loser } else { winner };
        let ended = text_of(&ok(s.handle(&de(loser, place), Request::Resign)));
        let result = format!("**Frühling**, Runde {round}: {white} {score} {black}.");
        assert!(ended.contains(&result), "{ended}");
        not_english(
            &ended,
            "tournament-result",
            &[
                ("event", "Frühling"),
                ("round", &round.to_string()),
                ("white", &white),
                ("score", score),
                ("black", black),
            ],
        );
        if winner == "p2" {
            assert!(
                // Level on everything, as the table shows: a shared first place.
                ended.contains("**Frühling** ist vorbei: p1 und p2 teilen sich den ersten Platz!"),
                "{ended}"
            );
        }
    }

    // The table in German to a German asker, with decimal commas: p1 and p2 1½ each,
    // SB ½·1½ = 0,75 each, level on their drawn game too: they share the first place.
    let german = ok(tour(&s, &de("p3", CH), TournamentAction::Standings));
    let table = german[0].text.clone();
    assert_eq!(
        table,
        "**Frühling** (Rundenturnier, beendet), Tabelle:\n\
         1. p1 — 1½ Punkte, SB 0,75\n\
         1. p2 — 1½ Punkte, SB 0,75\n\
         3. p3 — 0 Punkte, SB 0"
    );
    // ... and in English to an English asker on the same server, as before.
    let asked = ok(tour(&s, &en_on_de("p3", CH), TournamentAction::Standings));
    // The drawn table too: its headings and legend are the asker's words.
    let (de_png, en_png) = (&german[0].attachments[0], &asked[0].attachments[0]);
    assert!(de_png.bytes.starts_with(b"\x89PNG") && en_png.bytes.starts_with(b"\x89PNG"));
    assert_ne!(de_png.bytes, en_png.bytes);
    let english = asked[0].text.clone();
    assert_eq!(
        english,
        "**Frühling** (round robin, finished), standings:\n\
         1. p1 — 1½ points, SB 0.75\n\
         1. p2 — 1½ points, SB 0.75\n\
         3. p3 — 0 points, SB 0"
    );
    let pairings = ok(tour(&s, &de("p3", CH), TournamentAction::Pairings))[0]
        .text
        .clone();
    assert!(
        pairings.starts_with("**Frühling**, Paarungen:"),
        "{pairings}"
    );
    assert!(pairings.contains(" gegen "), "{pairings}");
    assert!(!pairings.contains("läuft"), "{pairings}");
    let english = ok(tour(&s, &en_on_de("p3", CH), TournamentAction::Pairings))[0]
        .text
        .clone();
    assert!(
        english.starts_with("**Frühling**, pairings:\nRound 1:"),
        "{english}"
    );
    let export = ok(tour(&s, &de("p3", CH), TournamentAction::Export));
    assert_eq!(
        export[0].text,
        "**Frühling**: die Partien (PGN) und die Kreuztabelle (CSV)."
    );
    assert_eq!(export[0].attachments.len(), 2);
    // The crosstable's headings are in the asker's language; the players' columns are
    // their names, and an English asker gets English headings.
    let csv = String::from_utf8_lossy(&export[0].attachments[1].bytes).to_string();
    assert!(
        csv.starts_with("Platz,Spieler,p")
            && csv
                .lines()
                .next()
                .is_some_and(|l| l.ends_with(",Punkte,Feinwertung")),
        "{csv}"
    );
    let export = ok(tour(&s, &en_on_de("p3", CH), TournamentAction::Export));
    let csv = String::from_utf8_lossy(&export[0].attachments[1].bytes).to_string();
    assert!(
        csv.starts_with("place,player,") && csv.contains(",points,tiebreak\n"),
        "{csv}"
    );
}

#[test]
fn a_swiss_with_a_bye_and_a_withdrawal_in_german() {
    let places = Arc::new(Threads::default());
    let s = service(&places);
    let t = terms("Herbst", EventFormat::Swiss { rounds: 2 });
    let created = text_of(&ok(tour(
        &s,
        &de("org", CH),
        TournamentAction::Create(Box::new(t)),
    )));
    assert!(
        created.contains("Schweizer System, 2 Runden, 3 Tage pro Zug, gewertet, kein Urlaub."),
        "{created}"
    );
    for p in ["s1", "s2", "s3"] {
        ok(tour(&s, &de(p, CH), TournamentAction::Join));
    }
    let started = text_of(&ok(tour(&s, &de("org", CH), TournamentAction::Start)));
    // Three players: one sits the round out.
    let bye = started
        .lines()
        .find_map(|l| l.trim().strip_suffix(": spielfrei"))
        .unwrap_or_else(|| panic!("{started}"))
        .to_string();
    let standing = ok(tour(&s, &de("s1", CH), TournamentAction::Standings))[0]
        .text
        .clone();
    assert!(
        standing.starts_with("**Herbst** (Schweizer System, 2 Runden, Runde 1 von 2), Tabelle:"),
        "{standing}"
    );
    // The bye's point counts once its round is played (issue 47).
    assert!(!standing.contains("— 1 Punkt"), "{standing}");
    assert!(standing.contains("— 0 Punkte, Buchholz 0"), "{standing}");
    let players: Vec<&str> = ["s1", "s2", "s3"]
        .into_iter()
        .filter(|p| *p != bye)
        .collect();
    let (place, _, _) = game_of(&places, "Herbst", players[0], players[1]);
    // A player withdraws from their game being played: it is forfeited and ends, the
    // next round starts; all of it in German.
    let quitter = players[0];
    let w = ok(tour(
        &s,
        &de(quitter, CH),
        TournamentAction::Withdraw {
            player: None,
            confirmed: true,
        },
    ));
    let told = text_of(&w);
    assert!(
        told.contains(&format!(
            "{quitter} zieht sich aus **Herbst** zurück: Die übrigen Partien gehen kampflos \
             verloren."
        )),
        "{told}"
    );
    assert!(
        told.contains(&format!(
            "{quitter} ist aus **Herbst** ausgeschieden: Diese Partie gilt als kampflos \
             verloren."
        )),
        "{told}"
    );
    // Their game ends in its thread, resigned for them.
    let over = s.handle(&de(quitter, place), Request::Resign);
    assert_eq!(over.len(), 1, "{over:?}");
    assert_eq!(over[0].kind, ReplyKind::Refusal, "{over:?}");
    assert!(
        w.iter()
            .any(|r| r.to == arcana::service::api::Audience::Place(place)),
        "{w:?}"
    );
    assert!(told.contains("**Herbst**: Runde 2 beginnt."), "{told}");
    not_english(
        &told,
        "tournament-round-starts",
        &[("event", "Herbst"), ("round", "2")],
    );
    assert!(
        !told.contains("forfeit") && !told.contains("round"),
        "{told}"
    );
    let pairings = ok(tour(&s, &de("s1", CH), TournamentAction::Pairings))[0]
        .text
        .clone();
    assert!(pairings.contains("(kampflos)"), "{pairings}");
    assert!(pairings.contains("Runde 2:"), "{pairings}");
    let table = ok(tour(&s, &de("s1", CH), TournamentAction::Standings))[0]
        .text
        .clone();
    assert!(
        table
            .lines()
            .any(|l| l.contains(quitter) && l.ends_with("(zurückgezogen)")),
        "{table}"
    );
    assert_eq!(
        refused(tour(
            &s,
            &de(quitter, CH),
            TournamentAction::Withdraw {
                player: None,
                confirmed: true,
            }
        )),
        format!("{quitter} hat sich schon zurückgezogen.")
    );
    assert_eq!(
        refused(tour(
            &s,
            &en_on_de(quitter, CH),
            TournamentAction::Withdraw {
                player: None,
                confirmed: true,
            }
        )),
        format!("{quitter} has withdrawn already.")
    );
}

#[test]
fn an_english_server_stays_english() {
    let places = Arc::new(Threads::default());
    let s = service(&places);
    let en = |name: &str| common::ctx(name, CH);
    let t = terms("Spring", EventFormat::Swiss { rounds: 1 });
    let created = text_of(&ok(tour(
        &s,
        &en("org"),
        TournamentAction::Create(Box::new(t)),
    )));
    assert!(
        created.ends_with(
            "**Spring** created by org: Chess, Swiss, 1 round, 3 days per move, rated, no \
             vacations. `/tournament join` to play."
        ),
        "{created}"
    );
    assert_eq!(
        text_of(&ok(tour(&s, &en("a1"), TournamentAction::Join))),
        "a1 joins **Spring** (1 player)."
    );
    ok(tour(&s, &en("a2"), TournamentAction::Join));
    // A German client on the English server: their refusal is German, the channel English.
    assert_eq!(
        refused(tour(&s, &common::ctx("a2", CH), TournamentAction::Join)),
        "You are in **Spring** already."
    );
    let german_client = Context {
        lang: Lang::De,
        ..en("a2")
    };
    assert_eq!(
        refused(tour(&s, &german_client, TournamentAction::Join)),
        "Du bist bei **Spring** schon dabei."
    );
    let started = text_of(&ok(tour(&s, &en("org"), TournamentAction::Start)));
    assert!(
        started.contains("**Spring** starts with 2 players."),
        "{started}"
    );
    assert!(
        started.contains("**Spring**, pairings:\nRound 1:\n  "),
        "{started}"
    );
    assert!(started.contains(": playing"), "{started}");
    assert!(
        places
            .titles()
            .iter()
            .all(|t| t.starts_with("Spring · round 1 · ") && t.contains(" vs ")),
        "{:?}",
        places.titles()
    );
    let (place, white) = {
        let titles = places.titles();
        let title = titles[0].clone();
        let names = title.rsplit(" · ").next().unwrap();
        let (w, _) = names.split_once(" vs ").unwrap();
        (places.find(&title).unwrap(), w.to_string())
    };
    let ended = text_of(&ok(s.handle(&common::ctx(&white, place), Request::Resign)));
    assert!(ended.contains("**Spring**, round 1: "), "{ended}");
    assert!(ended.contains("**Spring** is over: "), "{ended}");
    let table = ok(tour(&s, &en("org"), TournamentAction::Standings))[0]
        .text
        .clone();
    assert!(
        table.starts_with("**Spring** (Swiss, 1 round, finished), standings:\n1. "),
        "{table}"
    );
    assert!(table.contains(" — 1 point, Buchholz 0"), "{table}");
}

/// Every message of the tournament catalog, worded with the same variables in both
/// languages: the German one is not the English one and holds none of its words
/// (names excepted), so no English sentence is left in a German reply.
#[test]
fn no_german_tournament_text_repeats_the_english_one() {
    // The same in both: a round's letter and White's mark in the drawn table.
    let same = ["tournament-table-round", "tournament-table-white"];
    let names = ["Sonneborn-Berger", "Buchholz", "PGN", "CSV"];
    let mut keys = 0;
    let catalog = Lang::En.catalog();
    let mut messages: Vec<(String, Vec<String>)> = Vec::new();
    for line in catalog.lines() {
        if let Some((key, _)) = line.split_once(" = ") {
            if key.starts_with("tournament-") && !key.contains(' ') {
                messages.push((key.to_string(), Vec::new()));
            }
        }
        // The variables of the message being read (its first line and those continuing it).
        if let Some((_, vars)) = messages.last_mut() {
            for part in line.split("{ $").skip(1) {
                let var: String = part
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !vars.contains(&var) {
                    vars.push(var);
                }
            }
        }
        if line.is_empty() || line.starts_with('#') {
            // Between messages: nothing continues.
            if messages.last().is_some_and(|(k, _)| k != "-") {
                messages.push(("-".to_string(), Vec::new()));
            }
        }
    }
    for (key, vars) in messages.iter().filter(|(k, _)| k != "-") {
        keys += 1;
        let args: Vec<(&str, FluentValue)> = vars
            .iter()
            .map(|v| {
                let value = match v.as_str() {
                    "vacation" => FluentValue::from("no"),
                    _ => FluentValue::from(3),
                };
                (v.as_str(), value)
            })
            .collect();
        let en = i18n::tr_args(Lang::En, key, &args);
        let de = i18n::tr_args(Lang::De, key, &args);
        assert!(i18n::has(Lang::De, key), "{key}");
        if same.contains(&key.as_str()) {
            assert_eq!(en, de, "{key}");
            continue;
        }
        assert_ne!(en, de, "{key}");
        let german_words: Vec<&str> = de.split(|c: char| !c.is_alphabetic() && c != '-').collect();
        for word in en.split(|c: char| !c.is_alphabetic() && c != '-') {
            if word.chars().count() < 3 || names.contains(&word) {
                continue;
            }
            assert!(
                !german_words.contains(&word),
                "{key}: the English word `{word}` is in German: {de}"
            );
        }
    }
    assert!(keys >= 60, "only {keys} tournament messages read");
}
