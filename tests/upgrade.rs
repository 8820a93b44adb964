//! Stored games survive upgrades: the golden store (`tests/data/golden-store-v1.json`,
//! written by `examples/golden_store.rs` with the code of format 1) is turned back into
//! a sled store, opened by today's service and played on. Every unfinished game of every
//! variant loads, shows its board and accepts a legal answer; secrets still reach only
//! their owner. The fixture is never re-made to make this test pass.

use arcana::core::view::View;
use arcana::core::Side;
use arcana::service::api::{Audience, Context, DrawAction, Reply, ReplyKind, Request, User};
use arcana::service::clock::ManualClock;
use arcana::service::{stable_id, Service, ServiceConfig};
use arcana::store::Store;
use serde_json::Value;
use std::path::Path;
use std::sync::Arc;

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/golden-store-v1.json"
);

fn user(name: &str) -> User {
    User {
        id: stable_id("user", name),
        name: name.to_string(),
    }
}

fn ctx(who: &str, channel: u64) -> Context {
    Context {
        user: user(who),
        channel,
        server: Some(7),
        key: None,
        lang: Default::default(),
        guild_locale: None,
    }
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

fn fixture() -> Value {
    let text = std::fs::read_to_string(FIXTURE).expect("the golden store fixture");
    serde_json::from_str(&text).expect("fixture JSON")
}

/// Writes the fixture's raw entries into a fresh sled directory, with the id generator
/// past every stored game (as the original store's was).
fn import(doc: &Value, dir: &Path) {
    let db = arcana::store::open_sled(dir).expect("sled");
    for e in doc["entries"].as_array().expect("entries") {
        let key = unhex(e["key"].as_str().expect("key"));
        let value = match e["value"]["text"].as_str() {
            Some(t) => t.as_bytes().to_vec(),
            None => unhex(e["value"]["hex"].as_str().expect("hex value")),
        };
        db.insert(key, value).expect("insert");
    }
    let max = doc["max_game_id"].as_u64().expect("max id");
    while db.generate_id().expect("id") < max {}
    db.flush().expect("flush");
}

struct Opened {
    service: Service,
    clock: Arc<ManualClock>,
}

fn open(dir: &Path, now_ms: u64) -> Opened {
    let clock = Arc::new(ManualClock::new(now_ms));
    let service = Service::new(
        Store::open(dir).expect("store"),
        clock.clone(),
        ServiceConfig {
            seed: Some(3),
            ..ServiceConfig::default()
        },
    )
    .expect("the service opens the golden store");
    Opened { service, clock }
}

impl Opened {
    fn req(&self, who: &str, ch: u64, req: Request) -> Vec<Reply> {
        self.clock.advance(1000);
        self.service.handle(&ctx(who, ch), req)
    }

    fn ok(&self, who: &str, ch: u64, req: Request) -> Vec<Reply> {
        let r = self.req(who, ch, req.clone());
        assert!(
            r.iter().all(|r| r.kind != ReplyKind::Refusal),
            "{who} {req:?} in {ch} was refused: {r:?}"
        );
        r
    }

    fn refused(&self, who: &str, ch: u64, req: Request) -> String {
        let r = self.req(who, ch, req.clone());
        assert_eq!(r.len(), 1, "{r:?}");
        assert_eq!(r[0].kind, ReplyKind::Refusal, "{who} {req:?}: {r:?}");
        r[0].text.clone()
    }

    /// The player asked in a game, among its two players.
    fn asked(&self, ch: u64, white: &str, black: &str) -> String {
        let asked: Vec<&str> = [white, black]
            .into_iter()
            .filter(|n| self.service.asks(ch, user(n).id))
            .collect();
        assert_eq!(asked.len(), 1, "exactly one player is asked in {ch}");
        asked[0].to_string()
    }

    fn board(&self, who: &str, ch: u64) -> (String, View) {
        let r = self.ok(who, ch, Request::Board);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].to, Audience::Invoker);
        (
            r[0].text.clone(),
            r[0].image.clone().expect("a board image"),
        )
    }

    fn hand(&self, who: &str, ch: u64) -> String {
        let r = self.ok(who, ch, Request::Hand);
        assert!(r.iter().all(|r| r.to == Audience::Invoker), "{r:?}");
        r[0].text.clone()
    }

    /// Every game of the manifest loaded: none paused, no attention notice.
    fn check_all_loaded(&self, doc: &Value) {
        let notices = self.service.tick();
        assert!(
            notices.iter().all(|t| !t.reply.text.contains("attention")),
            "{notices:?}"
        );
        for g in games(doc) {
            let (text, _) = self.board("carol", g.channel);
            assert!(
                text.contains("alice (White) vs bob (Black)"),
                "{}: {text}",
                g.label
            );
            assert!(!text.contains("attention"), "{}: {text}", g.label);
            self.asked(g.channel, "alice", "bob");
        }
    }
}

struct GameInfo {
    label: String,
    channel: u64,
}

fn games(doc: &Value) -> Vec<GameInfo> {
    doc["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| GameInfo {
            label: g["label"].as_str().expect("label").to_string(),
            channel: g["channel"].as_u64().expect("channel"),
        })
        .collect()
}

/// The first stored reply text of the fixture's idempotency key, read from the raw JSON.
fn keyed_reply_text(doc: &Value) -> String {
    let key = doc["keyed"]["key"].as_str().expect("key");
    let raw_key: String = format!("k/{key}")
        .bytes()
        .map(|b| format!("{b:02x}"))
        .collect();
    let entry = doc["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["key"].as_str() == Some(raw_key.as_str()))
        .expect("the keyed entry");
    let value: Value =
        serde_json::from_str(entry["value"]["text"].as_str().expect("text")).expect("json");
    value["replies"][0]["text"]
        .as_str()
        .expect("reply text")
        .to_string()
}

fn badges_of(v: &View, side: Side) -> Vec<String> {
    let mut out: Vec<String> = v
        .pieces
        .iter()
        .filter(|p| p.piece.side == side)
        .map(|p| format!("{:?} {:?}", p.cell, p.badges))
        .collect();
    out.sort();
    out
}

/// Secrets after a move: DMs only to the game's players, each about their own side; a
/// player's view tells nothing more about the opponent's pieces than the public view.
fn check_secrets(o: &Opened, ch: u64, label: &str, replies: &[Reply]) {
    for r in replies {
        match &r.to {
            Audience::Private(u) if u.name == "alice" => {
                assert!(!r.text.contains("(Black)"), "{label}: {}", r.text)
            }
            Audience::Private(u) if u.name == "bob" => {
                assert!(!r.text.contains("(White)"), "{label}: {}", r.text)
            }
            Audience::Private(u) => panic!("{label}: a DM to {}", u.name),
            _ => assert!(!r.text.contains("Your "), "{label}: {}", r.text),
        }
    }
    let (_, public) = o.board("carol", ch);
    let (_, white) = o.board("alice", ch);
    let (_, black) = o.board("bob", ch);
    assert_eq!(
        badges_of(&white, Side::Black),
        badges_of(&public, Side::Black)
    );
    assert_eq!(
        badges_of(&black, Side::White),
        badges_of(&public, Side::White)
    );
    assert_eq!(white.notes[1], public.notes[1], "{label}");
    assert_eq!(black.notes[0], public.notes[0], "{label}");
    assert!(!o.refused("carol", ch, Request::Hand).contains("Your"));
}

#[test]
fn the_golden_store_loads_and_every_game_plays_on() {
    let doc = fixture();
    assert_eq!(doc["format"].as_u64(), Some(1));
    let dir = tempfile::tempdir().expect("tempdir");
    import(&doc, dir.path());
    let made_at = doc["made_at_ms"].as_u64().expect("made_at_ms");
    let o = open(dir.path(), made_at + 60_000);
    // A store from before the indexes gets them at its first start: every active game
    // is listed for its players.
    let store = o.service.store();
    assert!(store.games_indexed().expect("db"));
    let active = store.active_games().expect("db");
    assert!(!active.is_empty());
    for (_, id) in active {
        let rec = store.game(id).expect("db").expect("record");
        for p in &rec.players {
            let listed = store.listings_of_user(p.id).expect("db");
            assert!(listed.iter().any(|l| l.id == id), "game {id} not listed");
        }
    }
    o.check_all_loaded(&doc);
    let labels: Vec<String> = games(&doc).into_iter().map(|g| g.label).collect();
    for want in [
        "standard",
        "spell",
        "sorchess",
        "wand",
        "wand-moderated",
        "walls-setup",
        "walls-play",
        "walls-full",
        "wickets-cards",
        "wickets-dice",
    ] {
        assert!(labels.iter().any(|l| l == want), "no {want} game");
    }

    // The stored reply of a keyed request is given back as it was stored.
    let keyed = &doc["keyed"];
    let kch = keyed["channel"].as_u64().expect("channel");
    let mut kctx = ctx(keyed["user"].as_str().expect("user"), kch);
    kctx.key = keyed["key"].as_str().map(str::to_string);
    let stored = o.service.handle(&kctx, Request::Board);
    assert_eq!(stored.len(), 1);
    // Either the reply as it was stored, or (if today's reply type no longer reads it)
    // a notice; never a new answer.
    let kept = keyed_reply_text(&doc);
    assert!(
        stored[0].text == kept || stored[0].text.contains("already handled"),
        "{stored:?}"
    );

    // The standing draw offer is still there.
    let (text, _) = o.board("carol", kch);
    assert!(text.contains("alice has offered a draw"), "{text}");

    // Secrets as stored: the moderated wands and the card hands.
    for label in ["wand-moderated", "wickets-cards"] {
        let ch = games(&doc)
            .into_iter()
            .find(|g| g.label == label)
            .expect("game")
            .channel;
        let (_, public) = o.board("carol", ch);
        let (_, white) = o.board("alice", ch);
        assert_ne!(
            format!("{:?}{:?}", white.pieces, white.notes),
            format!("{:?}{:?}", public.pieces, public.notes),
            "{label}: White sees their own secret on their board"
        );
        let wh = o.hand("alice", ch);
        let bh = o.hand("bob", ch);
        assert!(wh.contains("White") && !wh.contains("Black"), "{wh}");
        assert!(bh.contains("Black") && !bh.contains("White"), "{bh}");
        check_secrets(&o, ch, label, &[]);
    }

    // One legal answer in every game, by the player asked.
    for g in games(&doc) {
        let who = o.asked(g.channel, "alice", "bob");
        let other = if who == "alice" { "bob" } else { "alice" };
        assert!(o
            .service
            .autocomplete(g.channel, user(other).id, "")
            .is_empty());
        let legal = o.service.autocomplete(g.channel, user(&who).id, "");
        assert!(!legal.is_empty(), "{}: nothing legal", g.label);
        let replies = o.ok(
            &who,
            g.channel,
            Request::Move {
                text: legal[0].clone(),
            },
        );
        assert!(
            replies.iter().any(|r| r.to == Audience::Channel),
            "{}: {replies:?}",
            g.label
        );
        if g.label.starts_with("wand") || g.label.starts_with("wickets") {
            check_secrets(&o, g.channel, &g.label, &replies);
        }
    }

    // Every game played on is written back in today's format.
    for g in games(&doc) {
        let store = o.service.store();
        let id = store.last_game(g.channel).expect("db").expect("game");
        let rec = store.game(id).expect("db").expect("record");
        assert_eq!(rec.format, arcana::store::FORMAT_VERSION, "{}", g.label);
    }

    // The redelivered key still gets the stored reply, not today's board.
    let again = o.service.handle(&kctx, Request::Board);
    assert_eq!(again, stored);
    let (now_text, _) = o.board("carol", kch);
    assert_ne!(now_text, stored[0].text, "the game moved on since");

    // The finished game stays visible as the channel's last game.
    let hist = o.ok("carol", 100, Request::History);
    assert!(hist[0].text.contains("1. e2-e4 e7-e5"), "{}", hist[0].text);
    assert!(hist[0].text.contains("resigns"), "{}", hist[0].text);

    // The pending challenge is accepted; the new game gets a fresh id.
    let ch = doc["challenge"]["channel"].as_u64().expect("channel");
    let dave = doc["challenge"]["opponent"].as_str().expect("opponent");
    let carol = doc["challenge"]["challenger"].as_str().expect("challenger");
    o.ok(dave, ch, Request::Accept);
    let who = o.asked(ch, carol, dave);
    let legal = o.service.autocomplete(ch, user(&who).id, "");
    o.ok(
        &who,
        ch,
        Request::Move {
            text: legal[0].clone(),
        },
    );
    let hist = o.ok("carol", 100, Request::History);
    assert!(hist[0].text.contains("1. e2-e4 e7-e5"), "{}", hist[0].text);

    // A draw offer can still be declined and everything reloads after a restart.
    let (text, _) = o.board("carol", kch);
    if text.contains("has offered a draw") {
        o.ok("bob", kch, Request::Draw(DrawAction::Decline));
    }
    let now = arcana::service::clock::Clock::now_ms(&*o.clock);
    o.service.flush().expect("flush");
    drop(o);
    let o = open(dir.path(), now + 1000);
    o.check_all_loaded(&doc);
}

/// A store written by today's service: a moderated Wand Chess game (channel 1) and a
/// Wizard Walls game in play (channel 2). Returns the time after the last write.
fn todays_store(dir: &Path) -> u64 {
    let o = open(dir, 1_700_000_000_000);
    let plays = [
        (
            1,
            arcana::variants::VariantId::Wand,
            Some(("wands", "moderated")),
            5,
        ),
        (2, arcana::variants::VariantId::Walls, None, 6),
    ];
    for (ch, variant, option, n) in plays {
        o.ok(
            "alice",
            ch,
            Request::Challenge {
                opponent: user("bob"),
                variant,
                color: arcana::service::api::ColorChoice::White,
                days: None,
                options: option
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .into_iter()
                    .collect(),
                rated: true,
            },
        );
        o.ok("bob", ch, Request::Accept);
        for _ in 0..n {
            let who = o.asked(ch, "alice", "bob");
            let legal = o.service.autocomplete(ch, user(&who).id, "");
            let quiet = legal
                .iter()
                .find(|t| !t.contains(['x', ':', '+', '#']))
                .unwrap_or(&legal[0])
                .clone();
            o.ok(&who, ch, Request::Move { text: quiet });
        }
    }
    o.service.flush().expect("flush");
    arcana::service::clock::Clock::now_ms(&*o.clock)
}

/// The sled key of the active game of `channel`.
fn record_key(db: &sled::Db, channel: u64) -> Vec<u8> {
    let mut pointer = b"a/".to_vec();
    pointer.extend_from_slice(&channel.to_be_bytes());
    let id = db.get(&pointer).expect("db").expect("active game");
    let mut key = b"g/".to_vec();
    key.extend_from_slice(&id);
    key
}

/// Rewrites the raw stored record of the active game of `channel`; returns its bytes.
fn rewrite(dir: &Path, channel: u64, f: impl FnOnce(&mut Value)) -> Vec<u8> {
    let db = arcana::store::open_sled(dir).expect("sled");
    let key = record_key(&db, channel);
    let mut rec: Value =
        serde_json::from_slice(&db.get(&key).expect("db").expect("record")).expect("json");
    f(&mut rec);
    let bytes = serde_json::to_vec(&rec).expect("json");
    db.insert(key, bytes.clone()).expect("insert");
    db.flush().expect("flush");
    bytes
}

/// The raw stored bytes of the active game of `channel`.
fn raw_record(dir: &Path, channel: u64) -> Vec<u8> {
    let db = arcana::store::open_sled(dir).expect("sled");
    let key = record_key(&db, channel);
    let bytes = db.get(key).expect("db").expect("record");
    bytes.to_vec()
}

#[test]
fn a_snapshot_of_another_struct_layout_never_pauses_a_game() {
    let dir = tempfile::tempdir().expect("tempdir");
    let now = todays_store(dir.path());
    // As if written by format 1 from variant structs that have since changed shape: a
    // snapshot with renamed fields, and one that is not even JSON.
    rewrite(dir.path(), 1, |r| {
        r["format"] = Value::from(1);
        r["snapshot"] =
            Value::from(r#"{"options":{},"state":{"Wand":{"pieces_renamed":[1,2,3]}},"rng":7}"#);
    });
    rewrite(dir.path(), 2, |r| {
        r["format"] = Value::from(1);
        r["snapshot"] = Value::from("{garbage");
    });
    let o = open(dir.path(), now + 1000);
    let notices = o.service.tick();
    assert!(notices.is_empty(), "{notices:?}");
    for ch in [1, 2] {
        let who = o.asked(ch, "alice", "bob");
        let legal = o.service.autocomplete(ch, user(&who).id, "");
        o.ok(
            &who,
            ch,
            Request::Move {
                text: legal[0].clone(),
            },
        );
        let store = o.service.store();
        let id = store.active_game(ch).expect("db").expect("game");
        let rec = store.game(id).expect("db").expect("record");
        assert_eq!(rec.format, arcana::store::FORMAT_VERSION);
    }
    let (_, public) = o.board("carol", 1);
    let (_, white) = o.board("alice", 1);
    assert_eq!(
        badges_of(&white, Side::Black),
        badges_of(&public, Side::Black)
    );
    o.service.flush().expect("flush");
    drop(o);
    for ch in [1, 2] {
        let raw: Value = serde_json::from_slice(&raw_record(dir.path(), ch)).expect("json");
        assert!(raw.get("snapshot").is_none(), "{raw}");
        assert_eq!(
            raw["format"].as_u64(),
            Some(u64::from(arcana::store::FORMAT_VERSION))
        );
    }
}

#[test]
fn a_record_from_a_newer_version_is_refused_and_left_untouched() {
    let dir = tempfile::tempdir().expect("tempdir");
    let now = todays_store(dir.path());
    let newer = rewrite(dir.path(), 2, |r| {
        r["format"] = Value::from(arcana::store::FORMAT_VERSION + 1);
        r["a_field_from_the_future"] = Value::from(true);
    });
    let o = open(dir.path(), now + 1000);
    let store = o.service.store();
    let id = store.active_game(2).expect("db").expect("game");
    let err = store.game(id).expect_err("a newer record is refused");
    assert!(
        matches!(err, arcana::store::StoreError::TooNew { .. }),
        "{err}"
    );
    assert!(err.to_string().contains("newer version"), "{err}");
    // Games load on their first use (a start reads none); its players are told why
    // it is paused when they act in it.
    assert!(o.service.tick().is_empty());
    let who = ["alice", "bob"];
    for name in who {
        let why = o.refused(
            name,
            2,
            Request::Move {
                text: "pass".into(),
            },
        );
        assert!(why.contains("needs attention"), "{why}");
        o.refused(name, 2, Request::Resign);
    }
    // The other game goes on.
    let asked = o.asked(1, "alice", "bob");
    let legal = o.service.autocomplete(1, user(&asked).id, "");
    o.ok(
        &asked,
        1,
        Request::Move {
            text: legal[0].clone(),
        },
    );
    o.service.tick();
    o.service.flush().expect("flush");
    drop(o);
    assert_eq!(raw_record(dir.path(), 2), newer, "never written over");
}

/// The golden store's games keep their numbers, and the first game started after the
/// upgrade is numbered next to the highest (its old build's sled ids jumped by a
/// million at every start), through restarts.
#[test]
fn the_golden_stores_numbers_stay_and_new_games_continue_from_them() {
    let doc = fixture();
    let dir = tempfile::tempdir().expect("tempdir");
    import(&doc, dir.path());
    let max = doc["max_game_id"].as_u64().expect("max id");
    let made_at = doc["made_at_ms"].as_u64().expect("made_at_ms");
    for (i, channel) in [9_001u64, 9_002, 9_003].into_iter().enumerate() {
        let o = open(dir.path(), made_at + 60_000);
        for id in 1..=max {
            assert!(
                o.service.store().game(id).expect("db").is_some(),
                "game {id}"
            );
        }
        o.ok(
            "alice",
            channel,
            Request::Challenge {
                opponent: user("bob"),
                variant: arcana::variants::VariantId::Standard,
                color: arcana::service::api::ColorChoice::White,
                days: Some(3),
                options: arcana::variants::Options::new(),
                rated: false,
            },
        );
        o.ok("bob", channel, Request::Accept);
        let id = o.service.store().active_game(channel).expect("db");
        assert_eq!(id, Some(max + 1 + i as u64), "restart {i}");
    }
}
