//! Makes the golden store fixture (`tests/data/golden-store-v1.json`): a store written
//! by the real service holding unfinished games of every variant, a pending challenge,
//! a standing draw offer and a stored idempotency reply, exported as its raw sled keys
//! and values. `tests/upgrade.rs` turns the export back into a store and plays on.
//!
//! Run once per record format: `cargo run --release --example golden_store -- OUT.json`.
//! The committed fixture is never re-made to make a test pass: it is what an older
//! build wrote, and newer builds must keep reading it.

use arcana::service::api::{ColorChoice, Context, Reply, ReplyKind, Request, User};
use arcana::service::clock::ManualClock;
use arcana::service::{stable_id, Service, ServiceConfig};
use arcana::store::Store;
use arcana::variants::{Options, VariantId};
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::sync::Arc;

const START_MS: u64 = 1_700_000_000_000;
const STEP_MS: u64 = 60_000;

fn user(name: &str) -> User {
    User {
        id: stable_id("user", name),
        name: name.to_string(),
    }
}

struct Gen {
    service: Service,
    clock: Arc<ManualClock>,
    rng: rand_chacha::ChaCha8Rng,
    games: Vec<Value>,
}

impl Gen {
    fn ctx(&self, who: &str, channel: u64, key: Option<&str>) -> Context {
        Context {
            user: user(who),
            channel,
            server: Some(7),
            key: key.map(str::to_string),
            lang: Default::default(),
            guild_locale: None,
        }
    }

    fn ok(&self, who: &str, channel: u64, req: Request) -> Vec<Reply> {
        self.clock.advance(STEP_MS);
        let r = self
            .service
            .handle(&self.ctx(who, channel, None), req.clone());
        assert!(
            r.iter().all(|r| r.kind != ReplyKind::Refusal),
            "{who} {req:?} refused: {r:?}"
        );
        r
    }

    fn challenge(&self, ch: u64, white: &str, black: &str, v: VariantId, opts: &[(&str, &str)]) {
        let options: Options = opts
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        self.ok(
            white,
            ch,
            Request::Challenge {
                opponent: user(black),
                variant: v,
                color: ColorChoice::White,
                days: None,
                options,
                rated: true,
            },
        );
    }

    /// Starts a game (White challenges, Black accepts) and records it in the manifest.
    fn start(&mut self, label: &str, ch: u64, v: VariantId, opts: &[(&str, &str)]) {
        self.challenge(ch, "alice", "bob", v, opts);
        self.ok("bob", ch, Request::Accept);
        self.games.push(json!({
            "label": label,
            "channel": ch,
            "variant": v.id(),
            "options": opts.iter().map(|(k, v)| format!("{k}:{v}")).collect::<Vec<_>>(),
            "white": "alice",
            "black": "bob",
        }));
    }

    fn asked(&self, ch: u64) -> &'static str {
        ["alice", "bob"]
            .into_iter()
            .find(|n| self.service.asks(ch, user(n).id))
            .unwrap_or_else(|| panic!("nobody is asked in {ch}"))
    }

    /// Plays given answers, each by whoever is asked.
    fn play(&self, ch: u64, texts: &[&str]) {
        for t in texts {
            let who = self.asked(ch);
            self.ok(
                who,
                ch,
                Request::Move {
                    text: t.to_string(),
                },
            );
        }
    }

    /// Plays `n` answers picked at random among the first legal ones (autocomplete).
    fn wander(&mut self, ch: u64, n: usize) {
        for _ in 0..n {
            let who = self.asked(ch);
            let all = self.service.autocomplete(ch, user(who).id, "");
            assert!(!all.is_empty(), "nothing legal in {ch}");
            // Quiet answers keep the game going (no capture, no check).
            let quiet: Vec<String> = all
                .iter()
                .filter(|t| !t.contains(['x', ':', '+', '#']))
                .cloned()
                .collect();
            let legal = if quiet.is_empty() { all } else { quiet };
            let pick = legal[self.rng.gen_range(0..legal.len())].clone();
            self.ok(who, ch, Request::Move { text: pick });
        }
    }

    fn hand(&self, ch: u64, who: &str) -> Vec<String> {
        let r = self.ok(who, ch, Request::Hand);
        r[0].text
            .split(": ")
            .nth(1)
            .map(|l| l.split_whitespace().map(str::to_string).collect())
            .unwrap_or_default()
    }
}

fn main() {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "tests/data/golden-store-v1.json".to_string());
    let dir = tempfile::tempdir().expect("temporary directory");
    let clock = Arc::new(ManualClock::new(START_MS));
    let service = Service::new(
        Store::open(dir.path()).expect("store"),
        clock.clone(),
        ServiceConfig {
            seed: Some(11),
            ..ServiceConfig::default()
        },
    )
    .expect("service");
    let mut g = Gen {
        service,
        clock,
        rng: rand_chacha::ChaCha8Rng::seed_from_u64(5),
        games: Vec::new(),
    };

    // A finished game first: the channel's last game, shown by /board and /history.
    g.start("finished", 100, VariantId::Standard, &[]);
    g.play(100, &["e4", "e5"]);
    g.ok("alice", 100, Request::Resign);
    g.games.pop();

    g.start("standard", 101, VariantId::Standard, &[]);
    g.play(101, &["e4", "c5", "Nf3"]);
    // A standing draw offer by White.
    g.ok(
        "alice",
        101,
        Request::Draw(arcana::service::api::DrawAction::Offer),
    );

    g.start("spell", 102, VariantId::Spell, &[]);
    g.play(102, &["e4 (freeze e7)", "Nc6", "d4"]);
    g.wander(102, 3);

    g.start("sorchess", 103, VariantId::Sorchess, &[]);
    g.wander(103, 6);

    g.start("wand", 104, VariantId::Wand, &[]);
    g.play(104, &["e4", "e5"]);
    g.wander(104, 5);

    g.start(
        "wand-moderated",
        105,
        VariantId::Wand,
        &[("wands", "moderated")],
    );
    g.play(105, &["e4", "e5", "Ze4:e5"]);
    g.wander(105, 4);

    g.start("walls-setup", 106, VariantId::Walls, &[]);
    g.wander(106, 1);

    g.start("walls-play", 107, VariantId::Walls, &[]);
    g.wander(107, 4 + 5);

    g.start("walls-full", 108, VariantId::WallsFull, &[]);
    g.wander(108, 4 + 3);

    g.start(
        "wickets-cards",
        109,
        VariantId::Wickets,
        &[("decision", "cards")],
    );
    g.play(
        109,
        &[
            "Nc3",
            "c6",
            "d4",
            "e6",
            "Ke1-d2>c3",
            "Qh4",
            "Na4",
            "decline",
            "a6",
            "Na4-b6>w9",
        ],
    );
    // White leads a card; Black is asked to answer with one of theirs.
    let lead = g.hand(109, "alice")[0].clone();
    g.play(109, &[&format!("card {lead}")]);

    g.start(
        "wickets-dice",
        110,
        VariantId::Wickets,
        &[("decision", "dice")],
    );
    g.wander(110, 6);

    // A keyed request whose replies are stored for redelivery.
    g.clock.advance(STEP_MS);
    let keyed = g
        .service
        .handle(&g.ctx("carol", 101, Some("interaction-1")), Request::Board);
    assert!(keyed.iter().all(|r| r.kind != ReplyKind::Refusal));

    // A pending challenge in a channel of its own.
    g.challenge(111, "carol", "dave", VariantId::Spell, &[]);

    let made_at = arcana::service::clock::Clock::now_ms(&*g.clock);
    g.service.flush().expect("flush");
    let games = std::mem::take(&mut g.games);
    drop(g);

    // The export: every raw key and value of the sled tree.
    let db = sled::open(dir.path()).expect("reopen");
    let mut entries = Vec::new();
    let mut max_id = 0u64;
    for kv in db.iter() {
        let (k, v) = kv.expect("entry");
        if k.first() == Some(&b'g') {
            let id: [u8; 8] = k[2..].try_into().expect("game key");
            max_id = max_id.max(u64::from_be_bytes(id));
        }
        let value = match std::str::from_utf8(&v) {
            Ok(text) if k.first() != Some(&b'a') && k.first() != Some(&b'l') => {
                json!({ "text": text })
            }
            _ => json!({ "hex": hex(&v) }),
        };
        entries.push(json!({ "key": hex(&k), "value": value }));
    }
    let doc = json!({
        "about": "Raw sled entries of a store written by the Arcana service \
                  (examples/golden_store.rs); read by tests/upgrade.rs.",
        "format": arcana::store::FORMAT_VERSION,
        "made_at_ms": made_at,
        "max_game_id": max_id,
        "games": games,
        "challenge": { "channel": 111, "challenger": "carol", "opponent": "dave" },
        "keyed": { "channel": 101, "user": "carol", "key": "interaction-1" },
        "entries": entries,
    });
    let text = serde_json::to_string_pretty(&doc).expect("json");
    std::fs::write(&out, text + "\n").expect("write the fixture");
    println!(
        "wrote {out}: {} entries",
        doc["entries"].as_array().map_or(0, Vec::len)
    );
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
