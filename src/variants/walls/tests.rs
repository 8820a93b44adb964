//! Unit tests of Wizard Walls: actions, limits, scoring and perft on small positions.

use super::*;

fn game(fen: &str) -> Walls {
    Walls::from_pos(fen::read(fen, false).expect(fen))
}

#[test]
fn fen_round_trip() {
    let f = "r1n5/8/2*5/8/3*4/8/8/RNB5 w 5/4 3/0 B/- play";
    let g = game(f);
    assert_eq!(fen::write(g.pos()), f);
}
