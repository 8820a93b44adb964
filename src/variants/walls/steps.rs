//! How Wizard Walls answers split into the move picker's choices: setup walls one by
//! one, the Basic team piece by piece, a Full team as one choice, and a turn as its
//! first action (who, then what), then a second action or the end of the turn.

use super::*;
use crate::variants::picker::Step;

const FIRST: &str = "First action: which wizard?";
const WHAT: &str = "What does it do?";
const SECOND: &str = "Second action?";

impl Walls {
    /// Whole turns in the play phase (`pass`, then each single action, then each pair),
    /// the setup answers otherwise.
    pub(super) fn picker_answers(&self) -> Vec<String> {
        if self.pos.phase != Phase::Play {
            return self.legal_texts();
        }
        // The turns of `turns()`, without the position after each one.
        let mut singles = vec!["pass".to_string()];
        let mut pairs = Vec::new();
        if self.pos.winner().is_some() {
            return Vec::new();
        }
        for a in self.pos.legal_actions(&Used::default()) {
            let first = a.text();
            let mut after = self.pos.clone();
            let mut used = Used::default();
            after.apply(&mut used, a);
            if after.winner().is_none() {
                for b in after.legal_actions(&used) {
                    pairs.push(format!("{first} {}", b.text()));
                }
            }
            singles.push(first);
        }
        singles.extend(pairs);
        singles
    }

    pub(super) fn picker_steps(&self, answer: &str) -> Vec<Step> {
        let tokens: Vec<&str> = answer.split_whitespace().collect();
        match self.pos.phase {
            Phase::Walls(_) => {
                const WALLS: [&str; 3] = ["First wall?", "Second wall?", "Third wall?"];
                tokens
                    .iter()
                    .enumerate()
                    .map(|(i, t)| {
                        let q = WALLS.get(i).copied().unwrap_or("Next wall?");
                        Step::new(q, format!("wall on {}", t.trim_start_matches('@')))
                    })
                    .collect()
            }
            Phase::Team(_) if self.pos.full => {
                vec![Step::new("Which team?", team_label(&tokens))]
            }
            Phase::Team(_) => tokens
                .iter()
                .map(|t| {
                    let (role, at) = placement(t);
                    let q = match role {
                        Role::Bishop => "Where does the Bishop go?",
                        Role::Knight => "Where does the Knight go?",
                        _ => "Where does the Rook go?",
                    };
                    Step::new(q, format!("{} {at}", role.name()))
                })
                .collect(),
            Phase::Play => {
                let Some(first) = tokens.first() else {
                    return vec![Step::new(FIRST, answer)];
                };
                if *first == "pass" {
                    return vec![Step::new(FIRST, "pass (no action)")];
                }
                let (who, what) = action_labels(first);
                let mut steps = vec![Step::new(FIRST, who), Step::new(WHAT, what)];
                match tokens.get(1) {
                    Some(second) => {
                        let (who, what) = action_labels(second);
                        steps.push(Step::new(SECOND, format!("then {who}")));
                        steps.push(Step::new(WHAT, what));
                    }
                    None => steps.push(Step::new(SECOND, "end the turn")),
                }
                steps
            }
        }
    }
}

/// `B@c1`: the role (a pawn when no letter) and the square.
fn placement(token: &str) -> (Role, &str) {
    let (role, at) = token.split_once('@').unwrap_or(("", token));
    let role = role.chars().next().and_then(Role::from_letter);
    (role.unwrap_or(Role::Pawn), at)
}

/// `Queen, 2 Pawns`: a Full team by what it holds.
fn team_label(tokens: &[&str]) -> String {
    let mut counts: Vec<(Role, usize)> = Vec::new();
    for t in tokens {
        let (role, _) = placement(t);
        match counts.iter_mut().find(|(r, _)| *r == role) {
            Some((_, n)) => *n += 1,
            None => counts.push((role, 1)),
        }
    }
    counts
        .iter()
        .map(|(r, n)| match n {
            1 => r.name().to_string(),
            _ => format!("{n} {}s", r.name()),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Who acts and what it does: (`Knight c3`, `wall on d4`), (`Resurrect a Rook`,
/// `on e4`); a text of another form is both.
fn action_labels(token: &str) -> (String, String) {
    if token.contains('@') {
        let (role, at) = placement(token);
        return (format!("Resurrect a {}", role.name()), format!("on {at}"));
    }
    let (role, rest) = match token.chars().next() {
        Some(c) if c.is_ascii_uppercase() => (Role::from_letter(c), &token[1..]),
        _ => (Some(Role::Pawn), token),
    };
    let (Some(role), Some(from), Some(sep), Some(to)) =
        (role, rest.get(..2), rest.get(2..3), rest.get(3..))
    else {
        return (token.to_string(), token.to_string());
    };
    let what = match sep {
        "-" => format!("move to {to}"),
        "+" => format!("wall on {to}"),
        "x" => format!("break wall {to}"),
        _ => token.to_string(),
    };
    (format!("{} {from}", role.name()), what)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_of_actions_and_teams() {
        assert_eq!(
            action_labels("Nc3+d4"),
            ("Knight c3".to_string(), "wall on d4".to_string())
        );
        assert_eq!(action_labels("c2xd3").1, "break wall d3");
        assert_eq!(action_labels("e2-e3").0, "Pawn e2");
        assert_eq!(action_labels("R@e4").0, "Resurrect a Rook");
        assert_eq!(action_labels("é"), ("é".to_string(), "é".to_string()));
        assert_eq!(
            team_label(&["Q@a1", "P@b1", "P@c1"]),
            "Queen, 2 Pawns".to_string()
        );
    }
}
