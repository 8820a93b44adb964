//! Provably fair chance: the seed commitment posted when a game that draws on chance
//! starts, the seed revealed once when it ends, and the check of an exported record
//! against both (`arcana verify`, `docs/export.md`). Which games draw on chance is the
//! rules' own answer (`Rules::uses_randomness`); nothing here knows a game.

use crate::core::Side;
use crate::service::contract::api::Reply;
use crate::service::formats::pgn::{import, Imported};
use crate::service::formats::pgn::{movetext_atoms, Token};
use crate::service::plumbing::record::{self, seed_commitment, seed_hex};
use crate::variants::Game;

/// The channel line posted when a game that draws on chance starts.
pub fn commitment_line(seed: u64) -> String {
    format!("seed commitment: {}", seed_commitment(seed))
}

/// The channel line posted once when such a game ends.
pub fn reveal_line(seed: u64) -> String {
    format!("seed: {}", seed_hex(seed))
}

/// The commitment reply for a game that has just started, if it draws on chance.
pub(in crate::service) fn at_start(game: &Game, seed: u64) -> Option<Reply> {
    game.uses_randomness()
        .then(|| Reply::channel(commitment_line(seed)))
}

/// The reveal reply for a game that has just ended, if it draws on chance.
pub(in crate::service) fn at_end(game: &Game, seed: u64) -> Option<Reply> {
    (game.uses_randomness() && game.is_over()).then(|| Reply::channel(reveal_line(seed)))
}

/// What `arcana verify` found in a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verification {
    /// Whether the commitment is the SHA-256 of the revealed seed (`Ok` says how).
    pub commitment: Result<String, String>,
    /// Whether every turn of the record, with its effects, is what the answers give
    /// when replayed from the revealed seed.
    pub effects: Result<String, String>,
}

impl Verification {
    pub fn passed(&self) -> bool {
        self.commitment.is_ok() && self.effects.is_ok()
    }

    /// The first failure, in one line.
    pub fn reason(&self) -> Option<String> {
        self.commitment
            .as_ref()
            .err()
            .or(self.effects.as_ref().err())
            .cloned()
    }

    /// The report: one line per check, then the verdict.
    pub fn lines(&self) -> Vec<String> {
        let line = |name: &str, r: &Result<String, String>| match r {
            Ok(s) => format!("{name}: ok, {s}"),
            Err(s) => format!("{name}: FAILED, {s}"),
        };
        let mut out = vec![
            line("commitment", &self.commitment),
            line("effects", &self.effects),
        ];
        out.push(match self.reason() {
            None => "verified: the record is what its seed and answers give".to_string(),
            Some(r) => format!("not verified: {r}"),
        });
        out
    }
}

/// A record that could not be read at all.
fn unreadable(reason: String) -> Verification {
    Verification {
        commitment: Err(reason.clone()),
        effects: Err(reason),
    }
}

/// Checks an exported record: that its `SeedCommitment` is the SHA-256 of its `Seed`,
/// and that replaying its answers from that seed gives every turn exactly as the
/// record writes it, with every effect of chance (rolls, draws, deals) in its comments.
pub fn verify(text: &str) -> Verification {
    let imported = match import(text) {
        Ok(i) => i,
        Err(e) => return unreadable(format!("the record cannot be read: {e}")),
    };
    let chance = match Game::new(imported.variant, &imported.options, 0) {
        Ok(g) => g.uses_randomness(),
        Err(e) => return unreadable(format!("the record's game cannot be set up: {e}")),
    };
    let commitment = match (chance, &imported.commitment, imported.seed) {
        (false, None, _) => Ok("this game draws on no chance, so it has no seed".to_string()),
        (_, None, _) => Err("the record has no `SeedCommitment` tag".to_string()),
        (_, Some(_), None) => Err(
            "the record has no `Seed` tag: the seed is revealed only when the game ends"
                .to_string(),
        ),
        (_, Some(c), Some(seed)) => {
            let expected = seed_commitment(seed);
            if c.trim().eq_ignore_ascii_case(&expected) {
                Ok(format!(
                    "{expected} is the SHA-256 of the seed {}",
                    seed_hex(seed)
                ))
            } else {
                Err(format!(
                    "the commitment {} is not the SHA-256 of the seed {} ({expected})",
                    c.trim(),
                    seed_hex(seed)
                ))
            }
        }
    };
    let effects = match imported.replay_seed() {
        Ok(seed) => check_turns(&imported, seed, chance),
        Err(e) => Err(e),
    };
    Verification {
        commitment,
        effects,
    }
}

/// One turn of movetext: the move and the comments after it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
struct TurnText {
    token: String,
    comments: Vec<String>,
}

impl std::fmt::Display for TurnText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.token)?;
        for c in &self.comments {
            write!(f, " {{{c}}}")?;
        }
        Ok(())
    }
}

/// Movetext read as turns (move numbers dropped) and its result token.
fn turn_texts(tokens: &[Token]) -> (Vec<TurnText>, Option<String>) {
    let mut turns: Vec<TurnText> = Vec::new();
    let mut result = None;
    for t in tokens {
        match t {
            Token::Move(m) => turns.push(TurnText {
                token: m.clone(),
                comments: Vec::new(),
            }),
            Token::Comment(c) => match turns.last_mut() {
                Some(turn) => turn.comments.push(c.clone()),
                // A comment before the first move: a turn with no move, compared too.
                None => turns.push(TurnText {
                    token: String::new(),
                    comments: vec![c.clone()],
                }),
            },
            Token::Result(r) => result = Some(r.clone()),
        }
    }
    (turns, result)
}

/// The label of the `index`-th turn: its move number and side (`move 7, Black`).
fn turn_label(sides: &[Side], index: usize) -> String {
    let mut number = 0;
    let mut last = None;
    for (i, side) in sides.iter().enumerate() {
        if !(*side == Side::Black && last == Some(Side::White)) {
            number += 1;
        }
        last = Some(*side);
        if i == index {
            return format!("move {number}, {}", side.name());
        }
    }
    format!("turn {}", index + 1)
}

/// Replays the record's answers from `seed` and compares every turn with the record.
fn check_turns(imported: &Imported, seed: u64, chance: bool) -> Result<String, String> {
    let mut finished = 0usize;
    let replayed = record::replay(
        imported.variant,
        &imported.options,
        seed,
        &imported.answers,
        |_| finished += 1,
    )
    .map_err(|e| {
        // `finished` counts the start too: the failing turn is the next one.
        format!("turn {finished}: replayed from the seed, {e}")
    })?;
    let plain = replayed.game.is_plain_chess();
    let mut atoms = movetext_atoms(&replayed.turns, plain);
    if let Some(o) = replayed.game.outcome() {
        atoms.push(crate::service::formats::pgn::comment(&format!("{o}.")));
    }
    let (expected, _) = turn_texts(&crate::service::formats::pgn::tokens(&atoms.join(" ")));
    let mut tokens = crate::service::formats::pgn::tokens(&imported.pgn.movetext);
    // The closing comment of an ending outside the rules (a resignation, a timeout, an
    // abort) follows the last turn; chance plays no part in it.
    let ended_outside = replayed.game.outcome().is_none()
        && (imported.result != "*" || imported.pgn.tag("Termination") == Some("abandoned"));
    if ended_outside {
        if let [.., Token::Comment(_), Token::Result(_)] = tokens.as_slice() {
            tokens.remove(tokens.len() - 2);
        }
    }
    let (written, result) = turn_texts(&tokens);
    let sides: Vec<Side> = replayed.turns.iter().map(|t| t.side).collect();
    for (i, want) in expected.iter().enumerate() {
        let label = turn_label(&sides, i);
        let Some(got) = written.get(i) else {
            return Err(format!(
                "{label}: the record ends here, the replay from the seed goes on with `{want}`"
            ));
        };
        if got != want {
            return Err(format!(
                "{label}: the record says `{got}`, the replay from the seed gives `{want}`"
            ));
        }
    }
    if let Some(extra) = written.get(expected.len()) {
        return Err(format!(
            "turn {}: the record has `{extra}` after the last turn the answers give",
            expected.len() + 1
        ));
    }
    if let Some(o) = replayed.game.outcome() {
        let score = o.score();
        if imported.result != score || result.as_deref().is_some_and(|r| r != score) {
            return Err(format!(
                "the result: the record says {}, the replay gives {score}",
                imported.result
            ));
        }
    }
    Ok(if chance {
        format!(
            "all {} turns replayed from the seed match the record, with every effect of chance in it (rolls, draws, misfires, deals)",
            expected.len()
        )
    } else {
        // A game without chance has no seed to speak of: its turns are simply legal.
        format!(
            "all {} turns replayed by the rules match the record",
            expected.len()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_hashes_the_seed_in_lower_case_hex() {
        assert_eq!(seed_hex(42), "000000000000002a");
        // sha256("000000000000002a"), computed independently with sha256sum.
        assert_eq!(
            commitment_line(42),
            "seed commitment: sha256:4ffa6ab334e68fefc383cc0320474eba0048ca3910c42989ae98502bfd8ab12b"
        );
        assert_eq!(reveal_line(42), "seed: 000000000000002a");
    }
}
