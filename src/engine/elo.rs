//! A match score and the Elo difference it implies, with a 95% interval: the logistic
//! formula on the mean score, and a normal approximation on the per-game score variance.

use std::fmt;

/// Wins, draws and losses of one player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// The two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_964;

/// The Elo difference whose expected score is `p` (0 < p < 1).
pub fn elo(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// A difference with its sign, rounded (`+0`, never `-0`).
fn signed(x: f64) -> String {
    let r = x.round();
    if r == 0.0 {
        "+0".to_string()
    } else {
        format!("{r:+.0}")
    }
}

impl Score {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win 1, a draw a half.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The Elo difference and its 95% interval, as text: `+35 (95% -120 to +190)`;
    /// with every game won (or lost) there is no estimate, only a bound (`> +182`):
    /// the score whose chance of winning every one of the n games is 5%.
    pub fn elo_text(&self) -> String {
        let n = self.games();
        if n == 0 {
            return "unknown (no games)".to_string();
        }
        let nf = f64::from(n);
        if self.wins == n {
            return format!("> {} (95%)", signed(elo(0.05f64.powf(1.0 / nf))));
        }
        if self.losses == n {
            return format!("< {} (95%)", signed(-elo(0.05f64.powf(1.0 / nf))));
        }
        let p = self.points() / nf;
        let square = (f64::from(self.wins) + f64::from(self.draws) / 4.0) / nf;
        let variance = (square - p * p).max(0.0);
        let half = Z95 * (variance / nf).sqrt();
        let bound = |q: f64| {
            if q <= 0.0 {
                "-inf".to_string()
            } else if q >= 1.0 {
                "+inf".to_string()
            } else {
                signed(elo(q))
            }
        };
        format!(
            "{} (95% {} to {})",
            signed(elo(p)),
            bound(p - half),
            bound(p + half)
        )
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "score {}/{} ({} wins, {} draws, {} losses), Elo {}",
            self.points(),
            self.games(),
            self.wins,
            self.draws,
            self.losses,
            self.elo_text()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(wins: u32, draws: u32, losses: u32) -> Score {
        Score {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn even_scores_are_zero_and_the_interval_is_symmetric() {
        assert_eq!(score(3, 4, 3).elo_text(), "+0 (95% -182 to +182)");
        assert!((elo(0.75) - 190.85).abs() < 0.1);
        assert!((elo(0.25) + 190.85).abs() < 0.1);
    }

    #[test]
    fn all_won_or_lost_gives_a_bound_not_a_division_by_zero() {
        assert_eq!(score(10, 0, 0).elo_text(), "> +183 (95%)");
        assert_eq!(score(0, 0, 10).elo_text(), "< -183 (95%)");
        assert_eq!(score(0, 0, 0).elo_text(), "unknown (no games)");
        // A wide interval reaches past every finite difference.
        assert_eq!(score(1, 0, 1).elo_text(), "+0 (95% -inf to +inf)");
        assert_eq!(
            score(1, 1, 1).to_string(),
            "score 1.5/3 (1 wins, 1 draws, 1 losses), Elo +0 (95% -561 to +561)"
        );
    }
}
