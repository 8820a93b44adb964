//! The variants through the service: Spell, Sorchess and Wand Chess games challenged,
//! played and viewed exactly as a front end would, with secrets only in private replies.

mod common;

use arcana::core::{Cell, Square};
use arcana::service::api::{Audience, ColorChoice, Reply, Request};
use arcana::variants::spell::view::FROZEN;
use arcana::variants::wand::view::wand_kind_of;
use arcana::variants::{Options, VariantId};
use common::{user, Harness};

const CH: u64 = 4242;

fn start(h: &Harness, variant: VariantId, options: &[(&str, &str)]) -> Vec<Reply> {
    let options: Options = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    h.ok(
        "alice",
        CH,
        Request::Challenge {
            opponent: user("bob"),
            variant,
            color: ColorChoice::White,
            days: None,
            options,
            rated: true,
        },
    );
    h.ok("bob", CH, Request::Accept)
}

fn sq(s: &str) -> Square {
    Square::parse(s).expect("square")
}

#[test]
fn spell_chess_through_the_service() {
    let h = Harness::new();
    start(&h, VariantId::Spell, &[]);
    let r = h.mv("alice", CH, "e4 (freeze e7)");
    assert_eq!(r.text.lines().next(), Some("e2-e4 (freeze e7)"));
    let view = r.image.expect("board");
    assert!(view.marks.contains(&(sq("e7"), FROZEN)), "{:?}", view.marks);
    // ruling P2(b): Black's pieces in the area cannot move this turn.
    let why = h.refused("bob", CH, Request::Move { text: "e5".into() });
    assert!(!why.contains("e7-e5"), "{why}");
    h.mv("bob", CH, "Nc6");
    // ruling P1: the freeze rests two turns.
    let why = h.refused(
        "alice",
        CH,
        Request::Move {
            text: "d4 (freeze d5)".into(),
        },
    );
    assert!(why.contains("turn"), "{why}");
    assert!(why.contains("2 turns"), "{why}");
    h.mv("alice", CH, "d4");
    h.mv("bob", CH, "Nf6");
    let why = h.refused(
        "alice",
        CH,
        Request::Move {
            text: "freeze@d5 Nc3".into(),
        },
    );
    assert!(why.contains("1 turn"), "{why}");
    h.mv("alice", CH, "Nc3");
    h.mv("bob", CH, "a6");
    // Cast on move 1, castable again from move 4, in the engine order.
    let r = h.mv("alice", CH, "f@d5,g1f3");
    assert_eq!(r.text.lines().next(), Some("Ng1-f3 (freeze d5)"));
}

#[test]
fn sorchess_through_the_service() {
    let h = Harness::new();
    start(&h, VariantId::Sorchess, &[]);
    // ruling S2: the document's own example, the Wizard entering from the rook on h1.
    let r = h.mv("alice", CH, "Wg4");
    assert_eq!(r.text.lines().next(), Some("Wh1-g4"));
    let view = r.image.expect("board");
    let wizard = view
        .piece_at(Cell::Board(sq("g4")))
        .expect("the Wizard is on g4");
    assert_eq!(wizard.piece.role, arcana::core::Role::Wizard);
    assert!(
        view.piece_at(Cell::Board(sq("h1"))).is_some(),
        "the rook stays"
    );
    let hist = h.history(CH);
    assert!(hist.contains("1. Wh1-g4"), "{hist}");
}

fn private_to<'a>(replies: &'a [Reply], name: &str) -> Vec<&'a Reply> {
    replies
        .iter()
        .filter(|r| matches!(&r.to, Audience::Private(u) if u.name == name))
        .collect()
}

#[test]
fn moderated_wands_stay_secret_in_the_channel() {
    let h = Harness::new();
    let replies = start(&h, VariantId::Wand, &[("wands", "moderated")]);
    // ruling W23: each player is told their own kinds, privately.
    let to_alice = private_to(&replies, "alice");
    let to_bob = private_to(&replies, "bob");
    assert!(!to_alice.is_empty() && !to_bob.is_empty());
    // The first line names the game (both players); the list follows.
    let body = |r: &&Reply| r.text.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert!(to_alice
        .iter()
        .all(|r| r.text.starts_with("**Wand Chess**, game ")));
    assert!(to_alice
        .iter()
        .map(body)
        .all(|t| t.contains("White") && !t.contains("Black")));
    assert!(to_bob
        .iter()
        .map(body)
        .all(|t| t.contains("Black") && !t.contains("White")));
    for r in replies.iter().filter(|r| r.to == Audience::Channel) {
        if let Some(v) = &r.image {
            assert!(v
                .pieces
                .iter()
                .all(|p| !p.badges.iter().any(|b| wand_kind_of(b).is_some())));
        }
    }
    h.mv("alice", CH, "e4");
    let r = h.mv("bob", CH, "e5");
    let v = r.image.expect("board");
    assert!(
        v.pieces.iter().all(|p| p.badges.is_empty()),
        "nothing zapped, nothing shown"
    );
    // An identifying zap reveals that one wand to both players.
    let all = h.ok(
        "alice",
        CH,
        Request::Move {
            text: "Ze4:e5".into(),
        },
    );
    let public = all
        .iter()
        .find(|r| r.to == Audience::Channel)
        .expect("channel reply");
    assert!(public.text.starts_with("Ze4:e5 ("), "{}", public.text);
    let v = public.image.as_ref().expect("board");
    let shown: usize = v
        .pieces
        .iter()
        .map(|p| {
            p.badges
                .iter()
                .filter(|b| wand_kind_of(b).is_some())
                .count()
        })
        .sum();
    assert!(shown <= 1, "only the zapped wand may be shown");
    assert!(
        private_to(&all, "bob").is_empty(),
        "the zapper's list goes to the zapper only"
    );
    // The hand is the invoker's only.
    let hand = h.ok("bob", CH, Request::Hand);
    assert!(hand.iter().all(|r| r.to == Audience::Invoker));
    let spectator = h.refused("carol", CH, Request::Hand);
    assert!(!spectator.contains("Pe7"), "{spectator}");
}

#[test]
fn rolled_wands_send_the_zapper_their_list() {
    let h = Harness::new();
    start(&h, VariantId::Wand, &[]);
    h.mv("alice", CH, "e4");
    h.mv("bob", CH, "e5");
    let all = h.ok(
        "alice",
        CH,
        Request::Move {
            text: "Ze4:e5".into(),
        },
    );
    // ruling W22: the list goes to the zapper after an identification, by DM only.
    assert!(!private_to(&all, "alice").is_empty(), "{all:?}");
    assert!(private_to(&all, "bob").is_empty());
}
