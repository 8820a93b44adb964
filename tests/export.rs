//! The PGN export (docs/export.md): plain chess is strict PGN that an independent
//! reader (`pgn-reader` on `shakmaty`) replays to the same final position; every other
//! game opens in that reader too, and reading any export back replays the same game.

mod common;

use arcana::service::api::{ColorChoice, Request};
use arcana::service::pgn::import;
use arcana::variants::{Options, VariantId};
use common::{user, Harness};
use pgn_reader::{BufferedReader, RawHeader, SanPlus, Skip, Visitor};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Position};

/// Replays SAN moves on shakmaty, remembering the headers and the result.
#[derive(Default)]
struct Replay {
    pos: Chess,
    headers: Vec<(String, String)>,
    moves: usize,
    error: Option<String>,
    outcome: Option<String>,
}

impl Visitor for Replay {
    type Result = ();

    fn header(&mut self, key: &[u8], value: RawHeader<'_>) {
        self.headers.push((
            String::from_utf8_lossy(key).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
    }

    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }

    fn san(&mut self, san_plus: SanPlus) {
        if self.error.is_some() {
            return;
        }
        match san_plus.san.to_move(&self.pos) {
            Ok(m) => {
                self.pos.play_unchecked(&m);
                self.moves += 1;
            }
            Err(e) => self.error = Some(format!("{san_plus}: {e}")),
        }
    }

    fn outcome(&mut self, outcome: Option<pgn_reader::Outcome>) {
        self.outcome = Some(match outcome {
            Some(o) => o.to_string(),
            None => "*".to_string(),
        });
    }

    fn end_game(&mut self) {}
}

fn read(pgn: &str) -> Replay {
    let mut reader = BufferedReader::new_cursor(pgn.as_bytes());
    let mut visitor = Replay::default();
    let read = reader.read_game(&mut visitor).expect("pgn-reader reads it");
    assert!(read.is_some(), "no game in {pgn}");
    visitor
}

fn export(h: &Harness, ch: u64) -> String {
    let r = h.ok("carol", ch, Request::Export);
    let a = r[0].attachments.first().expect("a PGN attachment");
    assert!(a.name.ends_with(".pgn"), "{}", a.name);
    String::from_utf8(a.bytes.clone()).expect("UTF-8")
}

/// Plays random legal answers through the service (the asked player's autocomplete
/// list is the legal answers); returns the number of answers.
fn play_random(h: &Harness, ch: u64, rng: &mut ChaCha8Rng, max: usize) -> usize {
    let mut n = 0;
    for _ in 0..max {
        let asked = ["alice", "bob"]
            .into_iter()
            .find(|who| h.service.asks(ch, user(who).id));
        let Some(who) = asked else { break };
        let legal = h.service.autocomplete(ch, user(who).id, "");
        assert!(!legal.is_empty());
        let mut done = false;
        for _ in 0..10 {
            let pick = &legal[rng.gen_range(0..legal.len())];
            for text in [pick.clone(), format!("{pick}!")] {
                let r = h.req(who, ch, Request::Move { text: text.clone() });
                if r.iter()
                    .all(|r| r.kind != arcana::service::api::ReplyKind::Refusal)
                {
                    done = true;
                    break;
                }
            }
            if done {
                break;
            }
        }
        assert!(done, "no legal answer accepted");
        n += 1;
    }
    n
}

fn start(h: &Harness, ch: u64, v: VariantId, options: Options) {
    h.ok(
        "alice",
        ch,
        Request::Challenge {
            opponent: user("bob"),
            variant: v,
            color: ColorChoice::White,
            days: None,
            options,
            rated: true,
        },
    );
    h.ok("bob", ch, Request::Accept);
}

/// The FEN's first four fields (board, side, castling, en passant).
fn fen4(fen: &str) -> String {
    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

#[test]
fn standard_exports_are_strict_pgn_that_replays_to_the_same_position() {
    let h = Harness::new();
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    for ch in 1..=40u64 {
        start(&h, ch, VariantId::Standard, Options::new());
        let plies = play_random(&h, ch, &mut rng, 160);
        if ch % 3 == 0 && h.service.asks(ch, user("alice").id) {
            h.ok("alice", ch, Request::Resign);
        }
        let pgn = export(&h, ch);
        // The Seven Tag Roster first, in order; no variant tag for plain chess.
        let roster = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
        let names: Vec<&str> = pgn
            .lines()
            .take(7)
            .map(|l| l.trim_start_matches('[').split(' ').next().unwrap_or(""))
            .collect();
        assert_eq!(names, roster, "{pgn}");
        assert!(!pgn.contains("[Variant "), "{pgn}");
        assert!(pgn.lines().all(|l| l.len() <= 79), "{pgn}");
        let r = read(&pgn);
        assert_eq!(r.error, None, "{pgn}");
        assert_eq!(r.moves, plies, "{pgn}");
        let result = r
            .headers
            .iter()
            .find(|(k, _)| k == "Result")
            .map(|(_, v)| v.clone());
        assert_eq!(r.outcome, result, "{pgn}");
        let theirs = Fen::from_position(r.pos.clone(), EnPassantMode::Legal).to_string();
        let id = h
            .service
            .store()
            .last_game(ch)
            .expect("db")
            .expect("a game");
        let game = h
            .service
            .store()
            .game(id)
            .expect("db")
            .expect("record")
            .replay()
            .expect("replays");
        assert_eq!(fen4(&theirs), fen4(&game.fen()), "{pgn}");
        // And our own reader replays it too.
        let imported = import(&pgn).expect("import");
        assert_eq!(imported.variant, VariantId::Standard);
        let again = imported.replay(|_| {}).expect("replay");
        assert_eq!(again.game.fen(), game.fen(), "{pgn}");
    }
}

#[test]
fn every_variant_exports_pgn_that_opens_and_replays() {
    let cases: Vec<(VariantId, &[(&str, &str)])> = vec![
        (VariantId::Spell, &[]),
        (VariantId::Sorchess, &[]),
        (VariantId::Wand, &[]),
        (VariantId::Wand, &[("wands", "moderated")]),
        (VariantId::Walls, &[]),
        (VariantId::WallsFull, &[]),
        (VariantId::Wickets, &[("decision", "cards")]),
        (VariantId::Wickets, &[("decision", "dice2")]),
        (VariantId::Wickets, &[("decision", "deterministic")]),
    ];
    let h = Harness::new();
    let mut rng = ChaCha8Rng::seed_from_u64(26);
    let mut ch = 100;
    for (v, opts) in cases {
        for _ in 0..3 {
            ch += 1;
            let options: Options = opts
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            start(&h, ch, v, options.clone());
            play_random(&h, ch, &mut rng, 200);
            if h.service.asks(ch, user("bob").id) {
                h.ok("bob", ch, Request::Resign);
            } else if h.service.asks(ch, user("alice").id) {
                h.ok("alice", ch, Request::Resign);
            }
            let pgn = export(&h, ch);
            let tag = format!("{v} {options:?}: {pgn}");
            assert!(
                pgn.contains(&format!("[Variant \"{}\"]", v.name())),
                "{tag}"
            );
            // An independent reader opens it and finds the tags and the result.
            let r = read(&pgn);
            assert!(r.headers.iter().any(|(k, _)| k == "Variant"), "{tag}");
            assert!(r.outcome.is_some(), "{tag}");
            // Reading the export back replays the same game, turn for turn.
            let imported = import(&pgn).expect("import");
            assert_eq!(imported.variant, v);
            assert_eq!(imported.options, options);
            let again = imported.replay(|_| {}).expect("replay");
            let id = h.service.store().last_game(ch).expect("db").expect("game");
            let rec = h.service.store().game(id).expect("db").expect("record");
            let game = rec.replay().expect("replays");
            assert_eq!(again.game.fen(), game.fen(), "{tag}");
            let history: Vec<String> = rec.history.iter().map(|e| e.printed.clone()).collect();
            let turns: Vec<String> = again.turns.iter().map(|t| t.printed.clone()).collect();
            assert_eq!(turns, history, "{tag}");
            if v == VariantId::Walls || v == VariantId::WallsFull {
                assert!(pgn.contains("[SetUp \"1\"]"), "{tag}");
            }
        }
    }
}

// The movetext of a variant: a turn is one token, its results comments.
#[test]
fn a_teleport_exports_as_one_token_with_a_comment() {
    use arcana::service::clock::ManualClock;
    use arcana::service::{Service, ServiceConfig};
    use arcana::store::Store;
    use std::sync::Arc;
    let clock = Arc::new(ManualClock::new(common::START_MS));
    let service = Service::new(
        Store::temporary().expect("store"),
        clock.clone(),
        ServiceConfig {
            seed: Some(37),
            ..ServiceConfig::default()
        },
    )
    .expect("service");
    let h = Harness { service, clock };
    start(&h, 1, VariantId::Wand, Options::new());
    h.moves(1, &["e4", "e5", "Ze4:e5"]);
    h.mv("alice", 1, "b6");
    let r = h.mv("bob", 1, "d5");
    assert!(!r.text.is_empty());
    let pgn = export(&h, 1);
    assert!(
        pgn.contains("1. e2-e4 e7-e5 2. Ze4:e5 {teleport b6} 2... d7-d5"),
        "{pgn}"
    );
    assert!(
        pgn.contains("[Answers \"e2-e4 | e7-e5 | Ze4:e5 | b6 | d7-d5\"]"),
        "{pgn}"
    );
}
