//! How Wizard Walls answers split into the move picker's choices: setup walls one by
//! one, the Basic team piece by piece, a Full team as one choice, and a turn as its
//! first action (who, then what), then a second action or the end of the turn.

use super::*;
use crate::i18n::Lang;
use crate::tr;
use crate::variants::picker::{role_name, Step};

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

    pub(super) fn picker_steps(&self, answer: &str, lang: Lang) -> Vec<Step> {
        let tokens: Vec<&str> = answer.split_whitespace().collect();
        match self.pos.phase {
            Phase::Walls(_) => tokens
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    let q = match i {
                        0 => tr!(lang, "pick-walls-wall-1"),
                        1 => tr!(lang, "pick-walls-wall-2"),
                        2 => tr!(lang, "pick-walls-wall-3"),
                        _ => tr!(lang, "pick-walls-wall-next"),
                    };
                    let at = t.trim_start_matches('@');
                    Step::new(q, tr!(lang, "pick-walls-wall-on", square = at)).on(at)
                })
                .collect(),
            Phase::Team(_) if self.pos.full => {
                vec![Step::new(
                    tr!(lang, "pick-walls-team"),
                    team_label(&tokens, lang),
                )]
            }
            Phase::Team(_) => tokens
                .iter()
                .map(|t| {
                    let (role, at) = placement(t);
                    let name = role_name(lang, role);
                    let q = tr!(lang, "pick-walls-place", role = name.as_str());
                    Step::new(q, format!("{name} {at}")).on(at)
                })
                .collect(),
            Phase::Play => {
                let first_q = tr!(lang, "pick-walls-first");
                let Some(first) = tokens.first() else {
                    return vec![Step::new(first_q, answer)];
                };
                if *first == "pass" {
                    return vec![Step::new(first_q, tr!(lang, "pick-walls-pass"))];
                }
                let what_q = tr!(lang, "pick-walls-what");
                let second_q = tr!(lang, "pick-walls-second");
                let (who, what, from, to) = action_labels(first, lang);
                let mut steps = vec![
                    Step::new(first_q, who).on(from),
                    Step::new(what_q.clone(), what).on(to),
                ];
                match tokens.get(1) {
                    Some(second) => {
                        let (who, what, from, to) = action_labels(second, lang);
                        let then = tr!(lang, "pick-then", what = who);
                        steps.push(Step::new(second_q, then).on(from));
                        steps.push(Step::new(what_q, what).on(to));
                    }
                    None => steps.push(Step::new(second_q, tr!(lang, "pick-walls-end-turn"))),
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
fn team_label(tokens: &[&str], lang: Lang) -> String {
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
            1 => role_name(lang, *r),
            _ => crate::variants::picker::role_count(lang, *r, *n),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Who acts and what it does: (`Knight c3`, `wall on d4`), (`Resurrect a Rook`,
/// `on e4`); a text of another form is both.
/// An action's two labels (who acts, what it does) and the cells they stand for (none
/// for a resurrection's piece, which is not on the board).
fn action_labels(token: &str, lang: Lang) -> (String, String, &str, &str) {
    if token.contains('@') {
        let (role, at) = placement(token);
        let role = role_name(lang, role);
        return (
            tr!(lang, "pick-walls-resurrect", role = role),
            tr!(lang, "pick-walls-on", square = at),
            "",
            at,
        );
    }
    let (role, rest) = match token.chars().next() {
        Some(c) if c.is_ascii_uppercase() => (Role::from_letter(c), &token[1..]),
        _ => (Some(Role::Pawn), token),
    };
    let (Some(role), Some(from), Some(sep), Some(to)) =
        (role, rest.get(..2), rest.get(2..3), rest.get(3..))
    else {
        return (token.to_string(), token.to_string(), "", "");
    };
    let what = match sep {
        "-" => tr!(lang, "pick-walls-move-to", square = to),
        "+" => tr!(lang, "pick-walls-wall-on", square = to),
        "x" => tr!(lang, "pick-walls-break", square = to),
        _ => token.to_string(),
    };
    let who = crate::variants::picker::piece_label(lang, role, from);
    (who, what, from, to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_of_actions_and_teams() {
        assert_eq!(
            action_labels("Nc3+d4", Lang::En),
            (
                "Knight c3".to_string(),
                "wall on d4".to_string(),
                "c3",
                "d4"
            )
        );
        assert_eq!(action_labels("c2xd3", Lang::En).1, "break wall d3");
        assert_eq!(action_labels("e2-e3", Lang::En).0, "Pawn e2");
        assert_eq!(action_labels("R@e4", Lang::En).0, "Resurrect a Rook");
        assert_eq!(action_labels("R@e4", Lang::De).0, "Einen Turm zurückholen");
        assert_eq!(
            action_labels("é", Lang::En),
            ("é".to_string(), "é".to_string(), "", "")
        );
        assert_eq!(
            team_label(&["Q@a1", "P@b1", "P@c1"], Lang::En),
            "Queen, 2 Pawns".to_string()
        );
        assert_eq!(
            team_label(&["Q@a1", "P@b1", "P@c1"], Lang::De),
            "Dame, 2 Bauern".to_string()
        );
    }
}
