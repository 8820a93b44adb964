//! Glicko-2 ratings per variant and ladder, derived from finished games in end order.
//! Pure: the service feeds finished games in, the store keeps what comes out.
//!
//! Every rated game is its own rating period (as lichess does), so a player's rating
//! moves after each game and the whole table is a fold over the games in end order.
//! The formulas are the `skillratings` crate's; nothing here computes a rating itself.
//!
//! Owns Glicko-2 ladders over finished games (pure). May import `core` and `variants`
//! only.

use crate::core::Side;
use crate::variants::VariantId;
use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use std::collections::BTreeMap;

/// A rating is provisional (shown with `?`, kept off the leaderboard) while its
/// deviation is above this, as lichess does with the same number (X-RATINGS-2).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// How many players a leaderboard lists.
pub const LEADERBOARD_SIZE: usize = 10;
/// A leaderboard lists a player only while their deviation, grown with the time since
/// their last rated game, is at most this (X-RATINGS-7).
pub const LEADERBOARD_DEVIATION: f64 = 75.0;
/// Glicko-2's rating period: a deviation grows by one period's volatility for each
/// whole period without a rated game, about 60 to 110 over a year at volatility 0.06
/// (X-RATINGS-7).
pub const RATING_PERIOD_MS: u64 = 5 * 86_400_000;
/// Glicko-2's scale factor between its internal scale and ratings.
const GLICKO2_SCALE: f64 = 173.7178;
/// A new player's deviation: an idle deviation grows no further.
const MAX_DEVIATION: f64 = 350.0;

/// Floats kept as their shortest exact decimal text: Rust prints and parses `f64`
/// exactly, so a stored rating reads back bit for bit and a rebuild can compare with
/// `==`.
mod exact {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&x.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
        let text = String::deserialize(d)?;
        text.parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| serde::de::Error::custom(format!("not a rating number: {text}")))
    }
}

/// One player's Glicko-2 numbers.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Glicko {
    #[serde(with = "exact")]
    pub rating: f64,
    #[serde(with = "exact")]
    pub deviation: f64,
    #[serde(with = "exact")]
    pub volatility: f64,
}

impl Default for Glicko {
    /// A new player: 1500, deviation 350, volatility 0.06 (Glickman's starting values).
    fn default() -> Glicko {
        Glicko::from(Glicko2Rating::new())
    }
}

impl From<Glicko2Rating> for Glicko {
    fn from(g: Glicko2Rating) -> Glicko {
        Glicko {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
        }
    }
}

impl From<Glicko> for Glicko2Rating {
    fn from(g: Glicko) -> Glicko2Rating {
        Glicko2Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
        }
    }
}

impl Glicko {
    /// The rating as it stands at `now_ms` when its player's last rated game ended at
    /// `last_ms` (0: unknown, no growth): the deviation grows as Glicko-2 grows it for
    /// each whole rating period without games, φ' = √(φ² + n·σ²), at most 350.
    pub fn aged(&self, last_ms: u64, now_ms: u64) -> Glicko {
        if last_ms == 0 || now_ms <= last_ms {
            return *self;
        }
        let periods = ((now_ms - last_ms) / RATING_PERIOD_MS) as f64;
        if periods == 0.0 {
            return *self;
        }
        let phi = self.deviation / GLICKO2_SCALE;
        let grown = (phi * phi + periods * self.volatility * self.volatility).sqrt();
        Glicko {
            deviation: (grown * GLICKO2_SCALE).min(MAX_DEVIATION.max(self.deviation)),
            ..*self
        }
    }

    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// `1662` or `1662?` while provisional.
    pub fn shown(&self) -> String {
        format!(
            "{}{}",
            self.rating.round() as i64,
            if self.provisional() { "?" } else { "" }
        )
    }
}

/// A puzzle's deviation when it enters the store: its starting rating is the
/// generator's guess, so it moves quickly with its first solvers.
pub const PUZZLE_START_DEVIATION: f64 = 250.0;

/// A puzzle's numbers when it enters the store, from the generator's rating.
pub fn puzzle_start(rating: u32) -> Glicko {
    Glicko {
        rating: f64::from(rating),
        deviation: PUZZLE_START_DEVIATION,
        ..Glicko::default()
    }
}

/// One rated puzzle attempt as one Glicko-2 game between the solver and the puzzle
/// (as lichess rates its puzzles): solved, the solver wins it; failed, the puzzle
/// does. Both ratings move; the result is (solver, puzzle).
pub fn puzzle_attempt(solver: Glicko, puzzle: Glicko, solved: bool) -> (Glicko, Glicko) {
    let outcome = if solved {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let (s, p) = glicko2(
        &solver.into(),
        &puzzle.into(),
        &outcome,
        &Glicko2Config::new(),
    );
    (s.into(), p.into())
}

/// How a finished game ended, as the ratings and profiles need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Score {
    Won(Side),
    Draw,
    /// Called off; counts for nobody.
    Aborted,
}

impl Score {
    /// The score from `side`'s point of view: "win", "draw", "loss" (`None` if aborted).
    pub fn for_side(self, side: Side) -> Option<&'static str> {
        match self {
            Score::Won(w) if w == side => Some("win"),
            Score::Won(_) => Some("loss"),
            Score::Draw => Some("draw"),
            Score::Aborted => None,
        }
    }
}

/// A player's rating before and after one game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    pub before: Glicko,
    pub after: Glicko,
}

impl RatingChange {
    /// `+12`, `-7`, `±0` in rounded points.
    pub fn diff_text(&self) -> String {
        let d = (self.after.rating.round() - self.before.rating.round()) as i64;
        match d {
            0 => "±0".to_string(),
            d if d > 0 => format!("+{d}"),
            d => d.to_string(),
        }
    }
}

/// What a game's record keeps about its end: its place in the end order of all
/// games, the score, and for a rated game White's and Black's rating change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameEnd {
    /// 1, 2, 3, ... across the whole store, in the order games ended.
    pub order: u64,
    pub score: Score,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<[RatingChange; 2]>,
}

/// Which ladder a game counts in: each server's own (the default), or one for all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum LadderScope {
    #[default]
    Server,
    Global,
}

impl LadderScope {
    /// The ladder of a game played on `server`: `None` is the global ladder (also
    /// where games outside any server go).
    pub fn ladder(self, server: Option<u64>) -> Option<u64> {
        match self {
            LadderScope::Server => server,
            LadderScope::Global => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            LadderScope::Server => "server",
            LadderScope::Global => "global",
        }
    }
}

/// Where one player's rating lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Key {
    pub ladder: Option<u64>,
    pub variant: VariantId,
    pub user: u64,
}

/// One player's standing in one variant of one ladder (rated games only).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    pub glicko: Glicko,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// When the player's last rated game here ended (0 in tables stored before idle
    /// deviations grew: such a table is derived again once, X-RATINGS-7).
    #[serde(default)]
    pub last_ms: u64,
}

impl Standing {
    /// The rating as it stands at `now_ms` (its deviation grown while idle).
    pub fn glicko_at(&self, now_ms: u64) -> Glicko {
        self.glicko.aged(self.last_ms, now_ms)
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

/// A finished game as the ratings see it.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    pub id: u64,
    pub server: Option<u64>,
    pub variant: VariantId,
    /// White's and Black's user ids.
    pub players: [u64; 2],
    pub rated: bool,
    pub score: Score,
    /// The record's place in the end order; 0 for games that ended before the order
    /// was kept (they come first, by `end_ms` then id).
    pub order: u64,
    pub end_ms: u64,
}

impl Finished {
    /// The end order: games ended before the order was kept first, by time then id.
    pub fn sort_key(&self) -> (u64, u64, u64) {
        if self.order == 0 {
            (0, self.end_ms, self.id)
        } else {
            (self.order, 0, 0)
        }
    }

    /// Whether the game moves ratings.
    pub fn counts(&self) -> bool {
        self.rated && self.score != Score::Aborted
    }
}

/// Every player's standing, keyed by ladder, variant and user.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    pub standings: BTreeMap<Key, Standing>,
}

impl Table {
    pub fn get(&self, key: &Key) -> Option<&Standing> {
        self.standings.get(key)
    }

    /// The two players' standings after a rated game, without changing the table.
    pub fn after(
        &self,
        ladder: Option<u64>,
        variant: VariantId,
        players: [u64; 2],
        score: Score,
        at_ms: u64,
    ) -> Option<([Key; 2], [Standing; 2], [RatingChange; 2])> {
        let outcome = match score {
            Score::Won(Side::White) => Outcomes::WIN,
            Score::Won(Side::Black) => Outcomes::LOSS,
            Score::Draw => Outcomes::DRAW,
            Score::Aborted => return None,
        };
        let keys = players.map(|user| Key {
            ladder,
            variant,
            user,
        });
        let mut st = keys.map(|k| self.standings.get(&k).copied().unwrap_or_default());
        // Each player's deviation first grows with the time since their last game.
        for s in &mut st {
            s.glicko = s.glicko_at(at_ms);
        }
        let (w, b) = glicko2(
            &st[0].glicko.into(),
            &st[1].glicko.into(),
            &outcome,
            &Glicko2Config::new(),
        );
        let changes = [
            RatingChange {
                before: st[0].glicko,
                after: w.into(),
            },
            RatingChange {
                before: st[1].glicko,
                after: b.into(),
            },
        ];
        for side in Side::BOTH {
            let s = &mut st[side.index()];
            s.glicko = changes[side.index()].after;
            s.last_ms = at_ms;
            match score.for_side(side) {
                Some("win") => s.wins += 1,
                Some("loss") => s.losses += 1,
                _ => s.draws += 1,
            }
        }
        Some((keys, st, changes))
    }

    /// Rates one game; returns White's and Black's change (`None` for an abort).
    pub fn rate(
        &mut self,
        ladder: Option<u64>,
        variant: VariantId,
        players: [u64; 2],
        score: Score,
        at_ms: u64,
    ) -> Option<[RatingChange; 2]> {
        let (keys, st, changes) = self.after(ladder, variant, players, score, at_ms)?;
        for i in 0..2 {
            self.standings.insert(keys[i], st[i]);
        }
        Some(changes)
    }

    /// Derives the table from finished games: the counting ones, in end order. Returns
    /// the table and each rated game's change, by game id.
    pub fn derive(
        games: &[Finished],
        scope: LadderScope,
    ) -> (Table, BTreeMap<u64, [RatingChange; 2]>) {
        let mut sorted: Vec<&Finished> = games.iter().filter(|g| g.counts()).collect();
        sorted.sort_by_key(|g| g.sort_key());
        let mut table = Table::default();
        let mut changes = BTreeMap::new();
        for g in sorted {
            if let Some(c) = table.rate(
                scope.ladder(g.server),
                g.variant,
                g.players,
                g.score,
                g.end_ms,
            ) {
                changes.insert(g.id, c);
            }
        }
        (table, changes)
    }

    /// A variant's ladder, best first: `(user, standing)` of every rated player.
    /// Equal ratings are ordered by user id so the list is stable.
    pub fn ladder(&self, ladder: Option<u64>, variant: VariantId) -> Vec<(u64, Standing)> {
        let mut out: Vec<(u64, Standing)> = self
            .standings
            .iter()
            .filter(|(k, _)| k.ladder == ladder && k.variant == variant)
            .map(|(k, s)| (k.user, *s))
            .collect();
        out.sort_by(|a, b| {
            b.1.glicko
                .rating
                .total_cmp(&a.1.glicko.rating)
                .then(a.0.cmp(&b.0))
        });
        out
    }

    /// A player's standings in one ladder, by variant.
    pub fn player(&self, ladder: Option<u64>, user: u64) -> Vec<(VariantId, Standing)> {
        self.standings
            .iter()
            .filter(|(k, _)| k.ladder == ladder && k.user == user)
            .map(|(k, s)| (k.variant, *s))
            .collect()
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_puzzle_attempt_moves_both_ratings_both_ways() {
        let solver = Glicko::default();
        let puzzle = puzzle_start(1500);
        let (s, p) = puzzle_attempt(solver, puzzle, true);
        assert!(s.rating > solver.rating && p.rating < puzzle.rating);
        let (s, p) = puzzle_attempt(solver, puzzle, false);
        assert!(s.rating < solver.rating && p.rating > puzzle.rating);
        assert!(s.deviation < solver.deviation && p.deviation < puzzle.deviation);
    }

    use super::*;

    fn fin(id: u64, order: u64, players: [u64; 2], score: Score) -> Finished {
        Finished {
            id,
            server: Some(1),
            variant: VariantId::Standard,
            players,
            rated: true,
            score,
            order,
            end_ms: 0,
        }
    }

    #[test]
    fn a_win_moves_both_ratings_by_the_crate() {
        let mut t = Table::default();
        let c = t
            .rate(
                Some(1),
                VariantId::Standard,
                [1, 2],
                Score::Won(Side::White),
                0,
            )
            .expect("rated");
        let (w, b) = glicko2(
            &Glicko2Rating::new(),
            &Glicko2Rating::new(),
            &Outcomes::WIN,
            &Glicko2Config::new(),
        );
        assert_eq!(c[0].after, Glicko::from(w));
        assert_eq!(c[1].after, Glicko::from(b));
        assert!(c[0].after.rating > 1500.0 && c[1].after.rating < 1500.0);
        assert!(c[0].after.provisional());
        let s = t.player(Some(1), 1);
        assert_eq!(s.len(), 1);
        assert_eq!((s[0].1.wins, s[0].1.draws, s[0].1.losses), (1, 0, 0));
        // Another ladder and another variant are untouched.
        assert!(t.player(Some(2), 1).is_empty());
        assert!(t.ladder(Some(1), VariantId::Wand).is_empty());
        assert!(t
            .rate(Some(1), VariantId::Standard, [1, 2], Score::Aborted, 0)
            .is_none());
    }

    // X-RATINGS-7: an idle deviation grows as Glicko-2 grows it, about 60 to 110 over
    // a year, and the next game starts from the grown one.
    #[test]
    fn an_idle_deviation_grows_about_60_to_110_in_a_year() {
        let settled = Glicko {
            rating: 1700.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        let day = 86_400_000;
        let t0 = 1_000 * day;
        assert_eq!(settled.aged(t0, t0 + 4 * day), settled, "within one period");
        assert_eq!(settled.aged(0, t0), settled, "unknown last game: no growth");
        let year = settled.aged(t0, t0 + 365 * day);
        assert!(
            (100.0..=115.0).contains(&year.deviation),
            "{}",
            year.deviation
        );
        assert_eq!(year.rating, 1700.0);
        let month = settled.aged(t0, t0 + 30 * day).deviation;
        assert!(month > 60.0 && month < 75.0, "{month}");
        assert!(settled.aged(t0, t0 + 100_000 * day).deviation <= 350.0);
        // Rating a game after a year away starts from the grown deviation.
        let mut t = Table::default();
        let key = Key {
            ladder: Some(1),
            variant: VariantId::Standard,
            user: 1,
        };
        t.standings.insert(
            key,
            Standing {
                glicko: settled,
                wins: 20,
                last_ms: t0,
                ..Standing::default()
            },
        );
        let c = t
            .rate(
                Some(1),
                VariantId::Standard,
                [1, 2],
                Score::Draw,
                t0 + 365 * day,
            )
            .expect("rated");
        assert_eq!(c[0].before.deviation, year.deviation);
        assert_eq!(t.get(&key).map(|s| s.last_ms), Some(t0 + 365 * day));
    }

    #[test]
    fn derivation_follows_end_order_not_ids() {
        let games = vec![
            fin(1, 2, [1, 2], Score::Won(Side::White)),
            fin(2, 1, [2, 1], Score::Draw),
            fin(3, 3, [1, 3], Score::Aborted),
        ];
        let (t, changes) = Table::derive(&games, LadderScope::Server);
        let mut by_hand = Table::default();
        by_hand.rate(Some(1), VariantId::Standard, [2, 1], Score::Draw, 0);
        by_hand.rate(
            Some(1),
            VariantId::Standard,
            [1, 2],
            Score::Won(Side::White),
            0,
        );
        assert_eq!(t, by_hand);
        assert_eq!(changes.len(), 2, "the abort changes nothing");
        let (g, _) = Table::derive(&games, LadderScope::Global);
        assert_eq!(g.ladder(None, VariantId::Standard).len(), 2);
        assert!(g.ladder(Some(1), VariantId::Standard).is_empty());
    }

    #[test]
    fn stored_numbers_read_back_exactly() {
        let mut t = Table::default();
        for i in 0..20 {
            t.rate(
                None,
                VariantId::Spell,
                [1, 2 + i % 3],
                Score::Won(Side::Black),
                i * 3 * 86_400_000,
            );
        }
        for s in t.standings.values() {
            let text = serde_json::to_string(s).expect("json");
            let back: Standing = serde_json::from_str(&text).expect("read");
            assert_eq!(back.glicko.rating.to_bits(), s.glicko.rating.to_bits());
            assert_eq!(back, *s);
        }
        assert!(serde_json::from_str::<Glicko>(
            r#"{"rating":"NaN","deviation":"1","volatility":"1"}"#
        )
        .is_err());
    }

    #[test]
    fn provisional_mark() {
        let mut g = Glicko::default();
        assert_eq!(g.shown(), "1500?");
        g.deviation = PROVISIONAL_DEVIATION;
        g.rating = 1712.6;
        assert_eq!(g.shown(), "1713");
    }
}
