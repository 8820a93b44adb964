//! Wizard Walls, Basic and Full (variants `walls` and `walls-full`,
//! `rules/wizard-walls.md`, RULINGS Z1-Z6): the setup questions, turns of 0-2
//! actions, scoring, repetition and the `Rules` implementation. `Full` is a flag.

pub mod eval;
pub mod fen;
pub mod notation;
mod perft;
pub mod position;
mod setup;
mod steps;
mod turn;
pub mod view;

use self::perft::perft_pos;
pub use self::setup::team_compositions;
use self::setup::{preferred, setup_team_texts, setup_wall_texts};
use crate::i18n::Msg;
use crate::variants::{Export, Presentation, Tuning};

use self::notation::{Spec, Token, Typed};
use self::position::{
    home_zone, wall_zone, Action, Phase, Pos, Used, SETUP_WALLS, TEAM_COST, TEAM_ROLES,
};
use crate::core::bitboard::king_attacks;
use crate::core::notation::{
    echo, resolve_syntax, suggestions, MoveLike, MoveSyntax, NotationError,
};
use crate::core::view::{View, Viewer};
use crate::core::{CastleSide, Piece, Role, Side, Square};
use crate::variants::fide::Repetitions;
use crate::variants::{
    check_options, Ask, GameRng, Options, Outcome, PlayError, Played, Question, Rules,
};
use serde::{Deserialize, Serialize};

/// The game; `FULL` selects Wizard Walls Full. Both share [`Walls`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct WallsGame<const FULL: bool>(pub Walls);

pub type WallsBasic = WallsGame<false>;
pub type WallsFull = WallsGame<true>;

/// The state of one game of either kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Walls {
    pos: Pos,
    /// Repetition keys since the play phase began (Z5).
    reps: Repetitions,
    /// Squares of the last answer, for the picture.
    last: Vec<Square>,
}

/// A legal move in the form the shared move matcher reads (`Nc3`, `Nb1-c3`, `b1c3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct WizardMove {
    role: Role,
    from: Square,
    to: Square,
}

impl MoveLike for WizardMove {
    fn role(&self) -> Role {
        self.role
    }
    fn from_square(&self) -> Square {
        self.from
    }
    fn to_square(&self) -> Square {
        self.to
    }
    fn promotion(&self) -> Option<Role> {
        None
    }
    fn castle_side(&self) -> Option<CastleSide> {
        None
    }
    fn canonical(&self) -> String {
        Action::Move {
            role: self.role,
            from: self.from,
            to: self.to,
        }
        .text()
    }
}

/// Why one action was refused: a reason in the player's terms, or the matcher's answer.
enum Refusal {
    Reason(Msg),
    Notation(NotationError),
}

fn name(role: Role) -> String {
    role.name().to_lowercase()
}

impl Walls {
    pub fn new(full: bool) -> Walls {
        Walls::from_pos(Pos::start(full))
    }

    pub fn from_pos(pos: Pos) -> Walls {
        Walls {
            reps: Repetitions::new(pos.key()),
            pos,
            last: Vec::new(),
        }
    }

    pub fn pos(&self) -> &Pos {
        &self.pos
    }

    pub fn last_squares(&self) -> &[Square] {
        &self.last
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.pos
            .winner()
            .map(|s| Outcome::win(s, crate::i18n::Msg::new("reason-ten-points")))
    }

    pub fn ask(&self) -> Option<Ask> {
        if self.pos.winner().is_some() {
            return None;
        }
        let question = match self.pos.phase {
            Phase::Walls(_) => Question::SetupWalls,
            Phase::Team(_) => Question::SetupTeam,
            Phase::Play => Question::Move,
        };
        Some(Ask {
            side: self.pos.asked(),
            question,
        })
    }

    /// Every whole turn of the side to move (play phase): `pass`, each single action,
    /// and each legal second action after it, with the resulting position. A first
    /// action that wins ends the turn (Z4), so it has no second.
    pub fn turns(&self) -> Vec<(Vec<Action>, Pos)> {
        turns_of(&self.pos)
    }

    /// The legal actions of the side to move once `first` (legal, in order) has been
    /// played this turn; none once the game is won.
    pub fn actions_after(&self, first: &[Action]) -> Vec<Action> {
        let mut pos = self.pos.clone();
        let mut used = Used::default();
        for a in first {
            if pos.winner().is_some() {
                return Vec::new();
            }
            pos.apply(&mut used, *a);
        }
        if pos.winner().is_some() || pos.phase != Phase::Play {
            return Vec::new();
        }
        pos.legal_actions(&used)
    }

    /// The question in words with examples that are legal now (setup squares that are
    /// free, actions the side to move can play).
    pub fn prompt(&self) -> Msg {
        match self.pos.phase {
            Phase::Walls(_) => self.walls_prompt(),
            Phase::Team(side) => self.team_prompt(side),
            Phase::Play => self.play_prompt(),
        }
    }

    /// The walls question, with free squares of the wall zone as the example.
    fn walls_prompt(&self) -> Msg {
        let free: Vec<Square> = (wall_zone() & !self.pos.blocked()).collect();
        let at = preferred(&free, &["c4", "d5", "f3"], Side::White)
            .unwrap_or_else(|| spread_squares(&free, SETUP_WALLS));
        let ex: Vec<String> = at.iter().map(|s| format!("@{s}")).collect();
        Msg::new("walls-prompt-walls")
            .with("count", SETUP_WALLS.to_string())
            .with("example", ex.join(" "))
    }

    /// The team question of `side`, with free home squares as the example.
    fn team_prompt(&self, side: Side) -> Msg {
        let free: Vec<Square> = (home_zone(side) & !self.pos.blocked()).collect();
        let ranks = if side == Side::White { "1-2" } else { "7-8" };
        let names = if self.pos.full {
            ["d1", "c2", "e2"]
        } else {
            ["c1", "d2", "a1"]
        };
        let at = preferred(&free, &names, side).unwrap_or_else(|| spread_squares(&free, 3));
        if self.pos.full {
            let ex = placements(&["Q", "P", "P"], &at);
            let limits = TEAM_ROLES.iter().map(|(r, cost, max)| {
                Msg::new("walls-prompt-limit")
                    .with("role", r.letter().to_string())
                    .with("cost", cost.to_string())
                    .with("max", max.to_string())
            });
            let limits = Msg::join("join-semicolon", limits).unwrap_or(Msg::text(""));
            Msg::new("walls-prompt-team-full")
                .with("cost", TEAM_COST.to_string())
                .with("limits", limits)
                .with("ranks", ranks)
                .with("example", &ex)
        } else {
            let ex = placements(&["B", "N", "R"], &at);
            Msg::new("walls-prompt-team")
                .with("ranks", ranks)
                .with("example", &ex)
        }
    }

    /// The two-action turn's question, with a legal example of each form.
    fn play_prompt(&self) -> Msg {
        // Examples never conjure a wall onto one of the player's own wizards
        // (legal, but it hands the opponent points).
        let actions: Vec<Action> = self
            .pos
            .legal_actions(&Used::default())
            .into_iter()
            .filter(|a| !kills_own(&self.pos, a))
            .collect();
        let pick = |f: fn(&Action) -> bool| -> Option<Action> {
            let of: Vec<&Action> = actions.iter().filter(|a| f(a)).collect();
            of.get(of.len() / 2).map(|a| **a)
        };
        let first = pick(|a| matches!(a, Action::Move { .. }))
            .or_else(|| actions.get(actions.len() / 2).copied());
        let mut s = Msg::new("walls-prompt-play");
        if let Some(f) = first {
            let mut after = self.pos.clone();
            after.apply(&mut Used::default(), f);
            let second: Vec<Action> = self
                .actions_after(&[f])
                .into_iter()
                .filter(|a| !kills_own(&after, a))
                .collect();
            let ex = match second.get(second.len() / 2) {
                Some(b) => format!("{} {}", f.text(), b.text()),
                None => f.text(),
            };
            s = Msg::new("prompt-example")
                .with("what", s)
                .with("example", &ex);
        }
        let mut forms = Vec::new();
        if let Some(a) = pick(|a| matches!(a, Action::Move { .. })) {
            forms.push(Msg::new("walls-form-move").with("example", a.text()));
        }
        if let Some(a) = pick(|a| matches!(a, Action::Conjure { .. })) {
            forms.push(Msg::new("walls-form-conjure").with("example", a.text()));
        }
        if let Some(a) = pick(|a| matches!(a, Action::Destroy { .. })) {
            forms.push(Msg::new("walls-form-destroy").with("example", a.text()));
        }
        if let Some(a) = pick(|a| matches!(a, Action::Resurrect { .. })) {
            forms.push(Msg::new("walls-form-resurrect").with("example", a.text()));
        }
        forms.push(Msg::new("walls-form-pass"));
        if let Some(forms) = Msg::join("join-comma", forms) {
            s = crate::variants::and_then(s, forms);
        }
        s
    }

    /// Plays an answer of the side asked; on error `self` may be changed ([`Game`]
    /// restores it).
    pub fn play_text(&mut self, text: &str) -> Result<Played, PlayError> {
        if self.pos.winner().is_some() {
            return Err(PlayError::Finished);
        }
        let typed = notation::parse(text).map_err(|e| {
            // During setup the refusal teaches the setup's own syntax, not play actions.
            let echoed = crate::core::notation::echo(text);
            PlayError::Unreadable(match self.pos.phase {
                Phase::Walls(side) => Msg::new("walls-setup-walls-not")
                    .with("side", crate::variants::side_msg(side))
                    .with("input", &echoed),
                Phase::Team(side) => Msg::new("walls-setup-team-not")
                    .with("side", crate::variants::side_msg(side))
                    .with("input", &echoed),
                Phase::Play => e,
            })
        })?;
        match self.pos.phase {
            Phase::Walls(side) => self.setup_walls(side, &typed),
            Phase::Team(side) => self.setup_team(side, &typed),
            Phase::Play => self.play_turn(&typed),
        }
    }

    pub fn legal_texts(&self) -> Vec<String> {
        if self.pos.winner().is_some() {
            return Vec::new();
        }
        match self.pos.phase {
            Phase::Walls(_) => setup_wall_texts(&self.pos),
            Phase::Team(side) => setup_team_texts(&self.pos, side),
            Phase::Play => std::iter::once("pass".to_string())
                .chain(
                    self.pos
                        .legal_actions(&Used::default())
                        .iter()
                        .map(Action::text),
                )
                .collect(),
        }
    }

    pub fn view(&self, viewer: Viewer) -> View {
        let title = if self.pos.full {
            "Wizard Walls (Full)"
        } else {
            "Wizard Walls"
        };
        view::build(
            &self.pos,
            &self.last,
            title,
            self.pos.winner().is_some(),
            viewer,
        )
    }

    pub fn claimable_draw(&self) -> Option<String> {
        // Z5: threefold repetition, claimable only, in the play phase.
        (self.pos.phase == Phase::Play && self.reps.count_current() >= 3)
            .then(|| "threefold repetition".to_string())
    }

    pub fn perft(&self, depth: u32) -> u64 {
        perft_pos(&self.pos, depth)
    }

    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        if self.pos.winner().is_some() {
            return Vec::new();
        }
        if self.pos.phase != Phase::Play {
            return self.legal_texts().into_iter().map(|t| (t, 1)).collect();
        }
        turns_of(&self.pos)
            .into_iter()
            .map(|(acts, next)| {
                let n = if depth <= 1 {
                    1
                } else {
                    perft_pos(&next, depth - 1)
                };
                (turn_text(&acts), n)
            })
            .collect()
    }
}

/// Canonical text of a whole turn.
pub fn turn_text(actions: &[Action]) -> String {
    if actions.is_empty() {
        "pass".to_string()
    } else {
        actions
            .iter()
            .map(Action::text)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn turns_of(pos: &Pos) -> Vec<(Vec<Action>, Pos)> {
    let mut out = Vec::new();
    if pos.winner().is_some() || pos.phase != Phase::Play {
        return out;
    }
    let flip = |mut p: Pos| {
        p.turn = p.turn.other();
        p
    };
    out.push((Vec::new(), flip(pos.clone())));
    for a in pos.legal_actions(&Used::default()) {
        let mut p1 = pos.clone();
        let mut used = Used::default();
        p1.apply(&mut used, a);
        if p1.winner().is_none() {
            for b in p1.legal_actions(&used) {
                let mut p2 = p1.clone();
                let mut u2 = used;
                p2.apply(&mut u2, b);
                out.push((vec![a, b], flip(p2)));
            }
        }
        out.push((vec![a], flip(p1)));
    }
    out
}

impl<const FULL: bool> WallsGame<FULL> {
    pub fn walls(&self) -> &Walls {
        &self.0
    }
}

impl<const FULL: bool> Rules for WallsGame<FULL> {
    const NAME: &'static str = if FULL {
        "Wizard Walls (Full)"
    } else {
        "Wizard Walls"
    };

    /// RULINGS Z6: a turn whose time runs out passes with no action.
    const TIMEOUT_ANSWER: Option<&'static str> = Some("pass");

    fn new(options: &Options, _rng: &mut GameRng) -> Result<Self, Msg> {
        check_options(Self::NAME, Self::OPTIONS, options)?;
        Ok(WallsGame(Walls::new(FULL)))
    }

    fn from_fen(fen: &str, options: &Options) -> Result<Self, Msg> {
        check_options(Self::NAME, Self::OPTIONS, options)?;
        Ok(WallsGame(Walls::from_pos(
            fen::read(fen, FULL).map_err(crate::variants::fen_error)?,
        )))
    }

    fn fen(&self) -> String {
        fen::write(&self.0.pos)
    }

    fn ask(&self) -> Option<Ask> {
        self.0.ask()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    fn legal_texts(&self) -> Vec<String> {
        self.0.legal_texts()
    }

    fn play(&mut self, side: Side, text: &str, _rng: &mut GameRng) -> Result<Played, PlayError> {
        let ask = self.0.ask().ok_or(PlayError::Finished)?;
        if ask.side != side {
            return Err(PlayError::NotYourTurn);
        }
        self.0.play_text(text)
    }

    fn view(&self, viewer: Viewer) -> View {
        self.0.view(viewer)
    }

    fn uses_randomness(&self) -> bool {
        // Nothing is drawn: no dice, cards or hidden set-up.
        false
    }

    fn claimable_draw(&self) -> Option<String> {
        self.0.claimable_draw()
    }

    fn draw_claim_rules(&self) -> &'static [&'static str] {
        // Z5: threefold repetition only; Wizard Walls has no 50-move rule.
        &["threefold repetition"]
    }

    fn perft(&self, depth: u32) -> u64 {
        self.0.perft(depth)
    }

    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        self.0.perft_divide(depth)
    }
}

impl<const FULL: bool> Presentation for WallsGame<FULL> {
    const RULES: &'static str = "rules-walls";

    const EXAMPLE: Option<crate::variants::WorkedExample> =
        Some(if FULL { EXAMPLE_FULL } else { EXAMPLE });

    /// A whole team placed at once (Full), or two actions in their long form
    /// (`N c3 wall d4, R a1 a3`).
    const ANSWER_WORDS: usize = 12;

    fn legend() -> Vec<crate::core::view::LegendEntry> {
        view::legend()
    }

    fn prompt(&self, _ask: &Ask) -> Msg {
        self.0.prompt()
    }

    fn picker_answers(&self) -> Vec<String> {
        self.0.picker_answers()
    }

    fn picker_steps(
        &self,
        answer: &str,
        lang: crate::i18n::Lang,
    ) -> Vec<crate::variants::picker::Step> {
        self.0.picker_steps(answer, lang)
    }
}

impl<const FULL: bool> Export for WallsGame<FULL> {
    fn setup_fen(&self) -> Option<String> {
        // The game starts on an empty board with a setup phase (docs/fen-walls.md).
        Some(self.fen())
    }
}

impl<const FULL: bool> Tuning for WallsGame<FULL> {
    fn evaluate(&self, side: Side) -> i32 {
        eval::evaluate(&self.0, side)
    }

    fn candidate_texts(&self) -> Vec<String> {
        eval::candidates(&self.0)
    }

    fn perfect_information(&self) -> bool {
        // Both set-ups are placed in the open and nothing is drawn, so the computer
        // searches Wizard Walls by alpha-beta, whole turns at a time.
        true
    }

    fn first_ladder_alpha_beta(&self) -> bool {
        // Declared perfect information with the ladder of eight; before, the tree
        // search played it at every level.
        false
    }

    fn search_node_weight(&self) -> u64 {
        // A node lists whole turns (up to two actions each, scored one by one): about
        // six times a chess node's processor time (measured: 400,000 nodes took 8 s
        // an answer, chess's take about 1 s).
        6
    }

    fn search_work_per_milli(&self) -> u64 {
        eval::WORK_PER_MILLI
    }

    fn alpha_beta_level_nodes(&self, level: u8) -> Option<u64> {
        // Chess's levels 3 and 4 (250 and 833 Walls nodes) never finish depth 2 (the
        // 160 listed turns, each answered) and played as levels 1 and 2; 5 and 6
        // (2,500 and 7,500) both stop at depth 2 (docs/engine.md, the Wizard Walls
        // ladder). Level 3's budget (the search of levels 4 and 5, `level_plan`)
        // finishes depth 2, level 6's is its deepest; 7 and 8 keep chess's.
        match level {
            3 => Some(15_000),
            6 => Some(72_000),
            _ => None,
        }
    }

    fn level_plan(&self, level: u8) -> Option<crate::variants::LevelPlan> {
        // The plain ladder's levels come in tiers by the depth the search completes
        // (docs/engine.md, the Wizard Walls ladder): its levels 1 and 2 (one turn
        // ahead, drawn or the best) are 190 points apart, its levels 3-6 all finish
        // depth 2 and play as one strength. So level 1 draws at random, levels 2 and 3
        // are the plain levels 1 and 2, levels 4 and 5 search as level 3 and draw a
        // share of their turns among the sound ones, and 6-8 search as before.
        //
        // In Full (each player buys a team) the plain levels 1 and 2 measured one
        // strength and level 7 barely beat 6, so there level 3 is Basic's 4, level 4
        // Basic's 5, level 5 searches as level 6 and draws a tenth of its turns,
        // level 7 searches as level 8 and draws 10% (4% played as 8); no plain
        // level 2 or 7.
        use crate::variants::LevelPlan;
        Some(match (FULL, level) {
            (_, 0 | 1) => LevelPlan::drawn(f64::INFINITY, false),
            (_, 2) => LevelPlan::plain(1),
            (false, 3) => LevelPlan::plain(2),
            (false, 4) | (true, 3) => LevelPlan::straying(3, 0.5),
            (false, 5) | (true, 4) => LevelPlan::straying(3, 0.2),
            (true, 5) => LevelPlan::straying(6, 0.1),
            (true, 7) => LevelPlan::straying(8, 0.1),
            _ => return None,
        })
    }

    fn search_key(&self) -> Option<u64> {
        // The repetition key, with what it leaves out that still decides the game:
        // the points and the phase.
        let pos = &self.0.pos;
        let mut h = pos.key();
        let phase = match pos.phase {
            position::Phase::Walls(side) => 1 + side.index() as u64,
            position::Phase::Team(side) => 3 + side.index() as u64,
            position::Phase::Play => 5,
        };
        for v in [u64::from(pos.points[0]), u64::from(pos.points[1]), phase] {
            h ^= v;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        Some(h)
    }
}

/// The rules' valid turn "Move Knight, build a wall with Knight", after a setup.
pub const EXAMPLE: crate::variants::WorkedExample = crate::variants::WorkedExample {
    fen: None,
    options: &[],
    moves: &[
        "@c4 @d5 @f3",
        "@c5 @e4 @f6",
        "B@c1 N@d2 R@a1",
        "B@c8 N@d7 R@a8",
        "Nd2-b3 Nb3+b4",
    ],
    caption: "caption-walls",
};

/// The Full setup with a Queen and two pawns, then a Queen's move and wall.
pub const EXAMPLE_FULL: crate::variants::WorkedExample = crate::variants::WorkedExample {
    fen: None,
    options: &[],
    moves: &[
        "@c4 @d5 @f3",
        "@c5 @e4 @f6",
        "Q@d1 P@c2 P@e2",
        "R@a8 N@b8 B@c8",
        "Qd1-d3 Qd3+d4",
    ],
    caption: "caption-walls-full",
};

/// Whether an action conjures a wall onto a wizard of the side whose turn it is.
fn kills_own(pos: &Pos, action: &Action) -> bool {
    match action {
        Action::Conjure { at, .. } => pos.board.piece_at(*at).is_some_and(|p| p.side == pos.turn),
        _ => false,
    }
}

/// A team's example placement: `roles` on the squares `at` (`B@c1 N@d2 R@a1`).
fn placements(roles: &[&str], at: &[Square]) -> String {
    roles
        .iter()
        .zip(at)
        .map(|(r, s)| format!("{r}@{s}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `k` squares spread evenly over `free`, for a setup example.
fn spread_squares(free: &[Square], k: usize) -> Vec<Square> {
    let n = free.len();
    (0..k)
        .filter_map(|i| free.get((2 * i + 1) * n / (2 * k)))
        .copied()
        .collect()
}

#[cfg(test)]
mod tests;
