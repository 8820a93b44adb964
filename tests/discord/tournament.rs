//! Tournaments end to end against the fake Discord (issue 26): a 5-player round robin
//! of Chess (rated; organised by a member holding the configured role; a withdrawal
//! whose results are struck, a loss on time, a restart of the process mid-event) and
//! a 7-player, 3-round Swiss of Spell Chess (organised by a member with Manage Server;
//! byes, a withdrawal by the organiser, a loss on time), played to the end through
//! slash commands in the games' threads. The event's message is edited in place after
//! every finished game, with the standings as text and as a table image; the final
//! tables are checked against tables computed by hand. Run on sled, and by
//! `.ci/tests` again with the games on PostgreSQL.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use arcana::discord::config::Config;
use arcana::discord::DiscordPlaces;
use arcana::service::clock::{ManualClock, DAY_MS};
use arcana::service::front::GameService;
use arcana::service::{Service, ServiceConfig};
use arcana::store::Store;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use support::bot::{config_text, slash_in, Serving, ALICE, BOB, CAROL, CHANNEL, DAVE};
use support::fake_discord::{visible_text, FakeDiscord, FakeUser, Recorded};

const START_MS: u64 = 1_700_000_000_000;
const ROLE: u64 = 700_000_000_000_000_001;

const EVE: FakeUser = FakeUser {
    id: 100_000_000_000_000_005,
    name: "eve",
};
const FRANK: FakeUser = FakeUser {
    id: 100_000_000_000_000_006,
    name: "frank",
};
const GRACE: FakeUser = FakeUser {
    id: 100_000_000_000_000_007,
    name: "grace",
};
const HEIDI: FakeUser = FakeUser {
    id: 100_000_000_000_000_008,
    name: "heidi",
};

fn extra() -> String {
    format!("image_size = 128\nreminder_check_seconds = 1\n[tournaments]\norganiser_roles = [\"{ROLE}\"]\n")
}

/// Runs `f` off the async runtime: the PostgreSQL client blocks on a runtime of its own.
fn off<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| s.spawn(f).join().unwrap())
}

/// The service, with Discord's places (each game a thread); called on the runtime.
fn service(fake: &FakeDiscord, data: &Path, clock: &Arc<ManualClock>) -> Arc<Service> {
    let config = Config::parse(&config_text(fake, data, &extra()), None).unwrap();
    let places = DiscordPlaces::for_config(&config).unwrap();
    let (data, clock) = (data.to_path_buf(), clock.clone());
    off(move || {
        // After a restart, the stopped bot's last tasks may hold the store a moment.
        let mut tries = 0;
        let store = loop {
            match Store::open_at(&support::backend::url(&data)) {
                Ok(s) => break s,
                Err(e) if tries < 100 => {
                    tries += 1;
                    eprintln!("store not free yet: {e}");
                    std::thread::sleep(Duration::from_millis(100));
                }
                Err(e) => panic!("{e}"),
            }
        };
        let s = Service::new(
            store,
            clock,
            ServiceConfig {
                seed: Some(5),
                ..ServiceConfig::default()
            },
        )
        .unwrap()
        .with_places(Arc::new(places));
        Arc::new(s)
    })
}

struct Event {
    fake: FakeDiscord,
    data: PathBuf,
    _dir: tempfile::TempDir,
    clock: Arc<ManualClock>,
    serving: Option<Serving>,
    name: &'static str,
}

impl Event {
    async fn new(name: &'static str) -> Event {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let clock = Arc::new(ManualClock::new(START_MS));
        let fake = FakeDiscord::start().await;
        let s = service(&fake, &data, &clock);
        let serving = Serving::start(&fake, &data, &extra(), s as Arc<dyn GameService>).await;
        Event {
            fake,
            data,
            _dir: dir,
            clock,
            serving: Some(serving),
            name,
        }
    }

    /// Stops the bot and starts it again on the same store: everything is read back.
    async fn restart(&mut self) {
        if let Some(s) = self.serving.take() {
            s.stop().await.unwrap();
        }
        let s = service(&self.fake, &self.data, &self.clock);
        self.serving =
            Some(Serving::start(&self.fake, &self.data, &extra(), s as Arc<dyn GameService>).await);
    }

    async fn tour(
        &self,
        who: &FakeUser,
        action: &str,
        more: &[(&str, u8, Value)],
    ) -> Vec<Recorded> {
        let mut options = vec![("action", 3u8, json!(action))];
        options.extend(more.iter().cloned());
        let users: Vec<&FakeUser> = [&ALICE, &BOB, &CAROL, &DAVE, &EVE, &FRANK, &GRACE, &HEIDI]
            .into_iter()
            .filter(|u| {
                more.iter()
                    .any(|(_, t, v)| *t == 6 && *v == json!(u.id.to_string()))
            })
            .collect();
        slash_in(&self.fake, who, CHANNEL, "tournament", &options, &users).await
    }

    /// The thread of `white` and `black`'s game of `round`, if it was opened.
    fn thread(&self, round: u32, white: &str, black: &str) -> Option<u64> {
        self.fake.thread_named(&format!(
            "{} · round {round} · {white} vs {black}",
            self.name
        ))
    }

    /// The game of `a` and `b` (either colour) in any round: (round, thread, white).
    fn game_of(&self, a: &FakeUser, b: &FakeUser) -> (u32, u64, &'static str) {
        for round in 1..=10 {
            if let Some(t) = self.thread(round, a.name, b.name) {
                return (round, t, a.name);
            }
            if let Some(t) = self.thread(round, b.name, a.name) {
                return (round, t, b.name);
            }
        }
        panic!("no game of {} and {}", a.name, b.name)
    }

    /// The thread of the game of `a` and `b`, once its board is there: a round's
    /// threads are made before their games are written, so a command typed in a thread
    /// with no board yet may find no game.
    async fn ready(&self, a: &FakeUser, b: &FakeUser) -> u64 {
        let (_, thread, _) = self.game_of(a, b);
        let path = format!("/channels/{thread}/messages");
        self.fake
            .wait_for(0, "the game's board in its thread", |r| {
                r.method == "POST" && r.path.ends_with(&path)
            })
            .await;
        thread
    }

    /// Ends the game of `a` and `b`: `winner` wins by the other's resignation, or a
    /// draw is agreed. Returns what the last command brought (settled).
    async fn finish(&self, a: &FakeUser, b: &FakeUser, winner: Option<&FakeUser>) -> Vec<Recorded> {
        let thread = self.ready(a, b).await;
        let mark = self.fake.mark();
        match winner {
            Some(w) => {
                let loser = if w.id == a.id { b } else { a };
                let rs = slash_in(&self.fake, loser, thread, "resign", &[], &[]).await;
                assert!(rs.iter().any(|r| r.content().contains("resigns")), "{rs:?}");
            }
            None => {
                let offer = [("action", 3u8, json!("offer"))];
                let accept = [("action", 3u8, json!("accept"))];
                slash_in(&self.fake, a, thread, "draw", &offer, &[]).await;
                let rs = slash_in(&self.fake, b, thread, "draw", &accept, &[]).await;
                assert!(rs.iter().any(|r| r.content().contains("Draw")), "{rs:?}");
            }
        }
        self.fake.settle(mark, Duration::from_millis(400)).await
    }

    /// `loser` runs out of time in their game with `winner`, who claims it.
    async fn lose_on_time(&self, loser: &FakeUser, winner: &FakeUser) -> Vec<Recorded> {
        let thread = self.ready(loser, winner).await;
        let (_, _, white) = self.game_of(loser, winner);
        if white == winner.name {
            // White moves first, so that the clock runs on the loser.
            let e4 = [("text", 3u8, json!("e4"))];
            let rs = slash_in(&self.fake, winner, thread, "move", &e4, &[]).await;
            assert!(rs.iter().any(|r| !r.is_ephemeral()), "{rs:?}");
        }
        self.clock.advance(4 * DAY_MS);
        let mark = self.fake.mark();
        let rs = slash_in(&self.fake, winner, thread, "claim", &[], &[]).await;
        assert!(rs.iter().any(|r| r.content().contains("time")), "{rs:?}");
        self.fake.settle(mark, Duration::from_millis(400)).await
    }
}

/// The one private line of a refusal.
fn refusal(rs: &[Recorded]) -> String {
    let texts: Vec<&Recorded> = rs.iter().filter(|r| !r.content().is_empty()).collect();
    assert_eq!(texts.len(), 1, "{rs:?}");
    assert!(texts[0].is_ephemeral(), "{rs:?}");
    let t = texts[0].content();
    assert!(!t.contains('\n'), "{t}");
    t
}

/// The event's message: the one post in the channel showing its standings.
fn event_message(fake: &FakeDiscord) -> Value {
    let shown: Vec<Value> = fake
        .messages_in(CHANNEL)
        .into_iter()
        .filter(|m| {
            m["attachments"].as_array().is_some_and(|a| {
                a.iter().any(|a| {
                    a["filename"]
                        .as_str()
                        .is_some_and(|f| f.starts_with("standings-"))
                })
            })
        })
        .collect();
    assert_eq!(shown.len(), 1, "one message shows the standings: {shown:?}");
    shown[0].clone()
}

/// The edits of message `id` among `rs`, each with its table image.
fn edits_of(rs: &[Recorded], id: &str) -> usize {
    rs.iter()
        .filter(|r| r.method == "PATCH" && r.path.ends_with(&format!("/messages/{id}")))
        .inspect(|r| {
            assert!(
                r.files
                    .iter()
                    .any(|(n, b)| n.starts_with("standings-") && b.starts_with(b"\x89PNG")),
                "{r:?}"
            )
        })
        .count()
}

fn table_of(message: &Value) -> Vec<String> {
    visible_text(message)
        .lines()
        .skip(1)
        .map(str::to_string)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_five_is_played_to_the_end_through_discord() {
    let mut ev = Event::new("Spring").await;
    let create = [
        ("name", 3u8, json!("Spring")),
        ("variant", 3, json!("standard")),
        ("format", 3, json!("round-robin")),
        ("rated", 5, json!(true)),
    ];
    // Only members with Manage Server or the organisers' role create one.
    let no = refusal(&ev.tour(&BOB, "create", &create).await);
    assert!(no.contains("manage the server"), "{no}");
    ev.fake.give_role(&ALICE, ROLE);
    // A variant option that does not exist: one line, nothing made.
    let mut bad = create.to_vec();
    bad.push(("options", 3, json!("teleport=yes")));
    refusal(&ev.tour(&ALICE, "create", &bad).await);
    let rs = ev.tour(&ALICE, "create", &create).await;
    assert!(
        rs.iter().any(|r| r.content().contains("Tournament #")),
        "{rs:?}"
    );
    for u in [&ALICE, &BOB, &CAROL, &DAVE, &EVE] {
        let rs = ev.tour(u, "join", &[]).await;
        assert!(rs.iter().any(|r| r.content().contains("joins")), "{rs:?}");
    }
    assert!(refusal(&ev.tour(&BOB, "join", &[]).await).contains("already"));
    assert!(refusal(&ev.tour(&DAVE, "start", &[]).await).contains("organiser"));
    let mark = ev.fake.mark();
    ev.tour(&ALICE, "start", &[]).await;
    ev.fake.settle(mark, Duration::from_millis(500)).await;
    assert!(refusal(&ev.tour(&FRANK, "join", &[]).await).contains("started"));
    // Every game at once, each in a thread of its own under the channel.
    let mut games = 0;
    for round in 1..=5 {
        for a in [&ALICE, &BOB, &CAROL, &DAVE, &EVE] {
            for b in [&ALICE, &BOB, &CAROL, &DAVE, &EVE] {
                if let Some(t) = ev.thread(round, a.name, b.name) {
                    assert!(ev.fake.threads().contains(&(t, CHANNEL)));
                    let first = ev.fake.messages_in(t);
                    let opening = visible_text(&first[0]);
                    assert!(
                        opening.contains(&format!("Spring · round {round}")),
                        "{opening}"
                    );
                    assert!(!opening.contains("accepts"), "{opening}");
                    games += 1;
                }
            }
        }
    }
    assert_eq!(games, 10);
    let message = event_message(&ev.fake);
    let id = message["id"].as_str().unwrap().to_string();
    assert!(
        table_of(&message).iter().all(|l| l.contains("0 points")),
        "{message}"
    );

    // eve loses to alice, then withdraws: her other games are forfeited, and having
    // played less than half of hers, her results are struck (ruling X-TOUR-3).
    let rs = ev.finish(&ALICE, &EVE, Some(&ALICE)).await;
    assert_eq!(edits_of(&rs, &id), 1);
    // Asked first, as a resignation is: nothing is forfeited without confirm:yes.
    let rs = ev.tour(&EVE, "withdraw", &[]).await;
    assert!(
        rs.iter().any(|r| r.content().contains("confirm:yes")),
        "{rs:?}"
    );
    assert!(
        !rs.iter().any(|r| r.content().contains("forfeited")),
        "{rs:?}"
    );
    let rs = ev
        .tour(&EVE, "withdraw", &[("confirm", 5, json!(true))])
        .await;
    assert!(
        rs.iter().any(|r| r.content().contains("forfeited")),
        "{rs:?}"
    );
    ev.finish(&ALICE, &BOB, None).await;
    ev.finish(&ALICE, &CAROL, Some(&ALICE)).await;
    // The process stops mid-event and starts again: the event goes on.
    ev.restart().await;
    let rs = ev.finish(&ALICE, &DAVE, Some(&ALICE)).await;
    assert_eq!(edits_of(&rs, &id), 1, "the same message after the restart");
    ev.finish(&CAROL, &BOB, Some(&CAROL)).await;
    ev.finish(&BOB, &DAVE, Some(&BOB)).await;
    let mid = table_of(&ev.fake.message(id.parse().unwrap()).unwrap());
    assert!(mid[0].starts_with("1. alice — 2½ points"), "{mid:?}");
    // carol loses on time to dave (one loss on time: no dropout).
    let rs = ev.lose_on_time(&CAROL, &DAVE).await;
    assert_eq!(edits_of(&rs, &id), 1);
    let all: String = rs
        .iter()
        .map(|r| r.content())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(all.contains("**Spring** is over: alice wins!"), "{all}");

    // By hand: alice ½ (bob) + 1 (carol) + 1 (dave) = 2½, SB 1 + 1 + ½·1½ = 2.75;
    // bob ½ + 1 (dave) = 1½, SB 1 + ½·2½ = 2.25; carol 1 (bob), SB 1½; dave 1 (carol
    // on time), SB 1; eve's results struck.
    let message = ev.fake.message(id.parse().unwrap()).unwrap();
    assert_eq!(
        message["attachments"].as_array().unwrap().len(),
        1,
        "{message}"
    );
    let table = table_of(&message);
    assert_eq!(
        table,
        [
            "1. alice — 2½ points, SB 2.75",
            "2. bob — 1½ points, SB 2.25",
            "3. carol — 1 point, SB 1½",
            "4. dave — 1 point, SB 1",
            "5. eve — 0 points, SB 0 (withdrew, results struck)",
        ],
        "{message}"
    );
    assert!(visible_text(&message).contains("finished"));
    // Anyone asks for the standings: privately, with the table image.
    let rs = ev.tour(&FRANK, "standings", &[]).await;
    let answer = rs
        .iter()
        .find(|r| r.content().contains("standings"))
        .unwrap();
    assert!(answer.is_ephemeral());
    assert!(
        answer.files.iter().any(|(n, _)| n.ends_with(".png")),
        "{rs:?}"
    );
    // The event was rated: the ladder shows alice first, rated above 1500.
    let rs = slash_in(
        &ev.fake,
        &FRANK,
        CHANNEL,
        "profile",
        &[("player", 6, json!(ALICE.id.to_string()))],
        &[&ALICE],
    )
    .await;
    let profile: String = rs.iter().map(|r| r.content()).collect();
    assert!(profile.contains("Chess"), "{profile}");
    assert!(!profile.contains("1500"), "alice's rating moved: {profile}");
    // The whole event, exported: one PGN of its games and the crosstable.
    let rs = ev.tour(&BOB, "export", &[]).await;
    let files: Vec<&(String, Vec<u8>)> = rs.iter().flat_map(|r| r.files.iter()).collect();
    let pgn = files.iter().find(|(n, _)| n.ends_with(".pgn")).unwrap();
    assert!(String::from_utf8_lossy(&pgn.1).matches("[Event ").count() >= 7);
    let csv = files.iter().find(|(n, _)| n.ends_with(".csv")).unwrap();
    assert!(String::from_utf8_lossy(&csv.1).starts_with("place,player,alice,bob"));
}

/// The pairings of `round` as `/tournament pairings` lists them: `(white, black)`, or
/// `(player, "bye")`.
async fn pairings_of(ev: &Event, round: u32) -> Vec<(String, String)> {
    let rs = ev.tour(&FRANK, "pairings", &[]).await;
    let text: String = rs.iter().map(|r| r.content()).collect();
    let part = text
        .split(&format!("Round {round}:"))
        .nth(1)
        .unwrap_or_else(|| panic!("round {round}: {text}"));
    part.lines()
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(|l| {
            let l = l.trim();
            match l.strip_suffix(": bye") {
                Some(p) => (p.to_string(), "bye".to_string()),
                None => {
                    let (w, rest) = l.split_once(" vs ").unwrap();
                    (w.to_string(), rest.split(':').next().unwrap().to_string())
                }
            }
        })
        .collect()
}

const FIELD: [FakeUser; 7] = [ALICE, BOB, CAROL, DAVE, EVE, FRANK, GRACE];

fn by_name(name: &str) -> &'static FakeUser {
    FIELD.iter().find(|u| u.name == name).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_seven_over_three_rounds_is_played_to_the_end_through_discord() {
    let ev = Event::new("Autumn").await;
    let create = [
        ("name", 3u8, json!("Autumn")),
        ("variant", 3, json!("spell")),
        ("format", 3, json!("swiss")),
        ("rounds", 4, json!(3)),
        ("rated", 5, json!(false)),
    ];
    assert!(refusal(&ev.tour(&HEIDI, "create", &create).await).contains("manage the server"));
    // Manage Server makes an organiser (heidi does not play).
    ev.fake.manage_server(&HEIDI);
    let rs = ev.tour(&HEIDI, "create", &create).await;
    assert!(
        rs.iter().any(|r| r.content().contains("Swiss, 3 rounds")),
        "{rs:?}"
    );
    for u in &FIELD {
        ev.tour(u, "join", &[]).await;
    }
    let mark = ev.fake.mark();
    ev.tour(&HEIDI, "start", &[]).await;
    ev.fake.settle(mark, Duration::from_millis(500)).await;
    let id = event_message(&ev.fake)["id"].as_str().unwrap().to_string();
    let mut byes = Vec::new();
    let mut log = Vec::new();
    for round in 1..=3 {
        let pairs = pairings_of(&ev, round).await;
        log.push(format!("round {round}: {pairs:?}"));
        let games: Vec<&(String, String)> = pairs.iter().filter(|(_, b)| b != "bye").collect();
        for (p, b) in &pairs {
            if b == "bye" {
                // ruling X-TOUR-1: never twice to the same player.
                assert!(!byes.contains(p), "{log:?}");
                byes.push(p.clone());
            }
        }
        if round == 2 {
            // The organiser withdraws grace before her game of round 2: it is
            // forfeited, and ends in its thread.
            let rs = ev
                .tour(
                    &HEIDI,
                    "withdraw",
                    &[
                        ("player", 6, json!(GRACE.id.to_string())),
                        ("confirm", 5, json!(true)),
                    ],
                )
                .await;
            assert!(
                rs.iter().any(|r| r.content().contains("forfeited")),
                "{rs:?}"
            );
            let (w, b) = games
                .iter()
                .find(|(w, b)| w == "grace" || b == "grace")
                .unwrap();
            // ruling X-TOUR-6: her game being played ends, resigned for her.
            let thread = ev.thread(2, w, b).unwrap();
            let said: String = ev
                .fake
                .messages_in(thread)
                .iter()
                .map(visible_text)
                .collect();
            assert!(
                said.contains("grace has dropped out of **Autumn**"),
                "{said}"
            );
            assert!(said.contains("grace resigns"), "{said}");
        }
        let mut last = Vec::new();
        let playing: Vec<&&(String, String)> = games
            .iter()
            .filter(|(w, b)| !(round >= 2 && (w == "grace" || b == "grace")))
            .collect();
        for (i, (w, b)) in playing.iter().enumerate() {
            let (w, b) = (by_name(w), by_name(b));
            // The one listed first in the field wins; the first game of round 1 is
            // drawn; the last game of round 2 is lost on time.
            let first =
                FIELD.iter().position(|u| u.id == w.id) < FIELD.iter().position(|u| u.id == b.id);
            let (winner, loser) = if first { (w, b) } else { (b, w) };
            last = if round == 1 && i == 0 {
                ev.finish(w, b, None).await
            } else if round == 2 && i + 1 == playing.len() {
                ev.lose_on_time(loser, winner).await
            } else {
                ev.finish(w, b, Some(winner)).await
            };
            // The result, and when a round starts, its pairings too.
            let edits = edits_of(&last, &id);
            let ends_round = i + 1 == playing.len() && round < 3;
            assert_eq!(edits, 1 + ends_round as usize, "{log:?}");
        }
        let said: String = last
            .iter()
            .map(|r| r.content())
            .collect::<Vec<_>>()
            .join("\n");
        if round < 3 {
            // The next round starts as the last game of this one ends.
            assert!(
                said.contains(&format!("**Autumn**: round {} starts", round + 1)),
                "{said}"
            );
        } else {
            assert!(said.contains("**Autumn** is over"), "{said}");
        }
    }
    assert_eq!(byes.len(), 2, "{log:?}");
    let message = ev.fake.message(id.parse().unwrap()).unwrap();
    // By hand, from the pairings the rules made (round 1: alice-dave drawn, bob beats
    // eve, carol beats frank, grace's bye; round 2: alice beats bob, carol wins against
    // grace by forfeit, dave beats eve on time, frank's bye; round 3: alice beats
    // carol, bob beats dave, eve beats frank). Buchholz cut-1: the opponents' scores
    // less the lowest, a bye counting as an opponent with none (X-TOUR-4): alice
    // 1½+2+2-1½ = 4, bob 1+2½+1½-1 = 4, carol 1+1+2½-1 = 3½, dave 2½+1+2-1 = 4½,
    // eve 2+1½+1-1 = 3½, frank 2+0+1-0 = 3, grace 0+2-0 = 2.
    assert_eq!(
        log,
        [
            r#"round 1: [("alice", "dave"), ("eve", "bob"), ("carol", "frank"), ("grace", "bye")]"#,
            r#"round 2: [("bob", "alice"), ("grace", "carol"), ("dave", "eve"), ("frank", "bye")]"#,
            r#"round 3: [("alice", "carol"), ("bob", "dave"), ("frank", "eve")]"#,
        ]
    );
    assert_eq!(
        table_of(&message),
        [
            "1. alice — 2½ points, Buchholz 4",
            "2. bob — 2 points, Buchholz 4",
            "3. carol — 2 points, Buchholz 3½",
            "4. dave — 1½ points, Buchholz 4½",
            "5. eve — 1 point, Buchholz 3½",
            "6. frank — 1 point, Buchholz 3",
            "7. grace — 1 point, Buchholz 2 (withdrew)",
        ]
    );
    let all: String = ev
        .fake
        .messages_in(CHANNEL)
        .iter()
        .map(visible_text)
        .collect();
    assert!(all.contains("**Autumn** is over: alice wins!"), "{all}");
    // The last table drawn, kept for people to look at.
    let png = ev
        .fake
        .requests()
        .into_iter()
        .rev()
        .find_map(|r| {
            r.files
                .into_iter()
                .find(|(n, _)| n.starts_with("standings-"))
        })
        .unwrap();
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("swiss-standings.png");
    std::fs::write(&out, &png.1).unwrap();
}
