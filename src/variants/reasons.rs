//! The reasons a game ends, as messages (`reason-*`), and the names the rules and
//! stored actions give them (`threefold repetition` in a stored draw claim, the plain
//! English reasons of records written before reasons were messages).

use crate::core::Side;
use crate::i18n::Msg;
use serde::{Deserialize, Deserializer};
use std::sync::LazyLock;

/// The reasons without variables, by their English name.
const NAMED: [(&str, &str); 13] = [
    ("checkmate", "reason-checkmate"),
    ("stalemate", "reason-stalemate"),
    ("insufficient material", "reason-insufficient-material"),
    ("resignation", "reason-resignation"),
    ("agreement", "reason-agreement"),
    ("timeout", "reason-timeout"),
    ("adjudication", "reason-adjudication"),
    ("threefold repetition", "reason-threefold"),
    ("fivefold repetition", "reason-fivefold"),
    ("the 50-move rule", "reason-fifty-moves"),
    ("the 75-move rule", "reason-seventy-five-moves"),
    ("capturing the king", "reason-king-captured"),
    ("reaching 10 points", "reason-ten-points"),
];

/// The reasons that name a side.
const OF_A_SIDE: [&str; 3] = [
    "reason-last-king",
    "reason-king-defender",
    "reason-no-defender",
];

/// Every reason an older record may hold, written out in English, with its message.
static KNOWN: LazyLock<Vec<(String, Msg)>> = LazyLock::new(|| {
    let plain = NAMED
        .iter()
        .map(|(name, key)| (name.to_string(), Msg::new(*key)));
    let sided = OF_A_SIDE.iter().flat_map(|key| {
        [Side::White, Side::Black].map(|side| {
            let m = Msg::new(*key).with("side", super::side_msg(side));
            (m.to_string(), m)
        })
    });
    plain.chain(sided).collect()
});

/// The reason `name` (`threefold repetition`, as a draw claim is stored) as a message;
/// a name no rule gives is kept as a literal text.
pub fn named(name: &str) -> Msg {
    KNOWN
        .iter()
        .find(|(text, _)| text == name)
        .map_or_else(|| Msg::text(name), |(_, m)| m.clone())
}

/// Reads a stored reason: a message, or the English text of a record written before
/// reasons were messages (mapped to its message when a rule gives it).
pub fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Msg, D::Error> {
    let m = Msg::deserialize(d)?;
    Ok(match m.is_text() {
        true => named(&m.to_string()),
        false => m,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Outcome;

    #[test]
    fn every_named_reason_is_its_catalog_text() {
        for (name, key) in NAMED {
            assert_eq!(Msg::new(key).to_string(), name, "{key}");
        }
    }

    #[test]
    fn an_old_record_reads_with_its_reason_as_a_message() {
        let old = r#"{"Win":{"winner":"Black","reason":"the loss of White's last king"}}"#;
        let o: Outcome = serde_json::from_str(old).expect("old outcome");
        let key = Msg::new("reason-last-king").with("side", crate::variants::side_msg(Side::White));
        assert_eq!(o, Outcome::win(Side::Black, key));
        let odd: Outcome = serde_json::from_str(r#"{"Draw":{"reason":"a moon eclipse"}}"#)
            .expect("unknown reason");
        assert_eq!(odd, Outcome::draw(Msg::text("a moon eclipse")));
        let new = serde_json::to_string(&o).expect("json");
        assert_eq!(serde_json::from_str::<Outcome>(&new).expect("back"), o);
    }
}
