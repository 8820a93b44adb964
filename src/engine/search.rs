//! Open-loop Monte Carlo tree search over a [`Rules`] state. Nodes are answer
//! sequences, not states: each iteration replays them on a fresh determinisation,
//! so hidden information and random effects are sampled anew every time. A leaf is
//! expanded all at once, each child scored by the variant's evaluation; the best
//! child's value (for the side asked there) is backed up.

use super::leaf::{leaf_value, material, material_after, state_value, to_centipawns, white_value};
use super::{iterations, Decision, Settings};
use crate::core::Side;
use crate::variants::{count_work, work, GameRng, LevelPlan, Rules};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::time::Instant;

/// At most this many candidate answers are scored at a node: the first half as the
/// variant lists them (its most promising first), the rest drawn at random.
const WIDTH: usize = 48;
/// Exploration constant of the UCB1 rule on values in 0..1.
const EXPLORE: f64 = 0.45;
/// The weight of a node's minimax value beside its mean when the search chooses where
/// to go (implicit minimax backups, Lanctot, Winands, Pepels and Sturtevant, 2014). The
/// mean of every visit lets the opponent's weaker answers, explored by UCB1, hide its
/// one refutation: in a Wand Chess position where every move but two left the king to
/// a queen, those moves kept a mean of 0.29 after 59 visits, the refutation found and
/// scored 0 on the first. The minimax of the scored subtree sees it at once.
const IMPLICIT: f64 = 0.4;
/// Draws of an answer of chance before its mean counts in its parent's minimax.
const CHANCE_VISITS: u32 = 4;

struct Node {
    /// The answer leading here from the parent (empty at the root).
    text: String,
    visits: u32,
    /// Sum of White's values over the visits.
    white: f64,
    children: Vec<usize>,
    expanded: bool,
    /// White's value when the node was scored on its expansion (its capture search).
    first: f64,
    /// For the root's answers: the mover's material once the captures are played out
    /// ([`material_after`]).
    material: i32,
    /// For the root's answers: the least of that material over the root's draws
    /// ([`Tree::resample_root`]): an answer of chance (a zap) may keep the material on
    /// average and still lose a piece in some of its draws.
    worst: i32,
    /// White's minimax value of the scored subtree ([`IMPLICIT`]): the node's own score
    /// until it is expanded, then its best child's for the side asked there.
    minimax: f64,
    /// The side asked at this node, once it is expanded.
    mover: Option<Side>,
    /// Its answer drew from the generator when it was scored (a zap, a throw, a card
    /// drawn): its outcome is chance, so its parent counts its mean, never a minimax
    /// taken in the one world its first draw made.
    chance: bool,
}

impl Node {
    fn new(text: String, white: f64) -> Node {
        Node {
            text,
            visits: 1,
            white,
            children: Vec::new(),
            expanded: false,
            first: white,
            material: 0,
            worst: 0,
            minimax: white,
            mover: None,
            chance: false,
        }
    }

    /// Mean value for `side`.
    fn mean(&self, side: Side) -> f64 {
        let w = self.white / f64::from(self.visits.max(1));
        match side {
            Side::White => w,
            Side::Black => 1.0 - w,
        }
    }
}

/// How far (hundredths of a pawn) below the best root answer's first score an answer
/// may score and still be chosen ([`Tree::sound`]): a pawn and a half, so a pawn
/// offered is allowed and a piece left en prise is not.
const UNSOUND: f64 = 150.0;
/// How much material (hundredths of a pawn) a root answer may lose by the capture
/// search, against the best answer's (or the root's own material if less), and still
/// be chosen: a pawn, not more.
const UNSOUND_MATERIAL: i32 = 150;
/// Draws over which every root answer is scored when the game has chance or hidden
/// information ([`Tree::resample_root`]).
const ROOT_SAMPLES: usize = 8;
/// Draws for a drawn answer that must keep its material in every draw (a level plan's
/// `keep`): an unknown wand zapped at one's own knight kills or demotes it in about one
/// draw of four, which eight draws miss one time in ten and thirty-two one in ten
/// thousand. A drawn answer costs one look ahead, so these are cheap.
const KEEP_SAMPLES: usize = 32;
/// The candidates scored at a node: all, or [`WIDTH`] of them: the variant's captures
/// first (the most valuable victims first, so a king or queen left en prise is always
/// among the opponent's answers), then its first answers, then some drawn at random.
/// The first search ([`run_first`]) took the variant's first answers and the rest at
/// random, without the captures first (`plain`).
fn pick_candidates<R: Rules>(state: &R, rng: &mut GameRng, plain: bool) -> Vec<String> {
    let all = state.candidate_texts();
    if all.len() <= WIDTH {
        return all;
    }
    if plain {
        let mut all = all;
        let mut rest = all.split_off(WIDTH / 2);
        rest.shuffle(rng);
        rest.truncate(WIDTH - all.len());
        all.extend(rest);
        return all;
    }
    let mut tactical = state.tactical_candidates();
    tactical.sort_by_key(|t| std::cmp::Reverse(t.1));
    let mut chosen: Vec<String> = Vec::with_capacity(WIDTH);
    let mut taken = std::collections::HashSet::new();
    for (text, _) in tactical.into_iter().take(WIDTH / 4) {
        if all.contains(&text) && taken.insert(text.clone()) {
            chosen.push(text);
        }
    }
    let mut rest = Vec::new();
    for text in all {
        if taken.contains(&text) {
            continue;
        }
        if chosen.len() < WIDTH / 2 {
            chosen.push(text);
        } else {
            rest.push(text);
        }
    }
    rest.shuffle(rng);
    rest.truncate(WIDTH - chosen.len());
    chosen.extend(rest);
    chosen
}

struct Tree {
    nodes: Vec<Node>,
    /// The engine's material at the root (its own view), see [`Tree::sound`].
    root_material: i32,
    /// The first search ([`run_first`]): leaves scored by the evaluation alone, and
    /// every root answer may be chosen.
    plain: bool,
}

impl Tree {
    /// Scores every candidate of `state` (asked of `mover`) as a new child of `at`;
    /// returns White's value of the best one for `mover`.
    fn expand<R: Rules>(&mut self, at: usize, state: &R, mover: Side, rng: &mut GameRng) -> f64 {
        self.nodes[at].expanded = true;
        self.nodes[at].mover = Some(mover);
        let mut best: Option<f64> = None;
        // The root weighs every answer the variant lists: one left out can never be
        // chosen, however good (the only move that blocks a check).
        let candidates = if at == 0 && !self.plain {
            state.candidate_texts()
        } else {
            pick_candidates(state, rng, self.plain)
        };
        for text in candidates {
            let mut next = state.clone();
            let drawn = rng.get_word_pos();
            count_work(1);
            if next.play(mover, &text, rng).is_err() {
                continue;
            }
            let chance = rng.get_word_pos() != drawn;
            let v = if self.plain {
                state_value(&next)
            } else {
                leaf_value(&next, rng)
            };
            let id = self.nodes.len();
            let mut node = Node::new(text, v);
            node.chance = chance;
            if at == 0 && !self.plain {
                node.material = material_after(&next, mover, rng);
                node.worst = node.material;
            }
            self.nodes.push(node);
            self.nodes[at].children.push(id);
            let for_mover = white_value(v, mover);
            if best.is_none_or(|b| for_mover > b) {
                best = Some(for_mover);
            }
        }
        let value = match best {
            Some(b) => white_value(b, mover),
            None => state_value(state),
        };
        self.nodes[at].minimax = value;
        value
    }

    /// White's value of child `c` for its parent's minimax: its own minimax, or for an
    /// answer of chance its mean once it has been drawn [`CHANCE_VISITS`] times (one
    /// lucky draw is not a refutation).
    fn judged(&self, c: usize) -> Option<f64> {
        let n = &self.nodes[c];
        if !n.chance {
            Some(n.minimax)
        } else if n.visits >= CHANCE_VISITS {
            Some(n.white / f64::from(n.visits))
        } else {
            None
        }
    }

    /// Brings the minimax values of the nodes on `path` (root first) up to date after
    /// an iteration, from the deepest up.
    fn back_up_minimax(&mut self, path: &[usize]) {
        for &n in path.iter().rev() {
            let Some(mover) = self.nodes[n].mover else {
                continue;
            };
            let best = self.nodes[n]
                .children
                .iter()
                .filter_map(|&c| self.judged(c))
                .map(|v| white_value(v, mover))
                .max_by(f64::total_cmp);
            if let Some(b) = best {
                self.nodes[n].minimax = white_value(b, mover);
            }
        }
    }

    /// Scores every root answer again over `samples` draws ([`ROOT_SAMPLES`], fresh
    /// determinisations, fresh random effects) and keeps the means as its first score,
    /// value and material. With chance in the game one draw is a gamble: a zap whose
    /// single draw turned out well once outscored every sound move and was the only
    /// answer [`Tree::sound`] let through, so the engine zapped its own pieces with
    /// unknown wands while a check was coming.
    fn resample_root<R: Rules>(
        &mut self,
        root: &R,
        side: Side,
        determinise: bool,
        samples: usize,
        rng: &mut GameRng,
    ) {
        let children = self.nodes[0].children.clone();
        let states: Vec<R> = (1..samples)
            .map(|_| {
                if determinise {
                    root.determinise(side, rng)
                } else {
                    root.clone()
                }
            })
            .collect();
        for c in children {
            let node = &self.nodes[c];
            let mut value = node.first;
            let mut material = f64::from(node.material);
            let mut worst = node.worst;
            let mut n = 1.0;
            for state in &states {
                let mut next = state.clone();
                count_work(1);
                if next.play(side, &node.text, rng).is_err() {
                    continue;
                }
                value += leaf_value(&next, rng);
                let m = material_after(&next, side, rng);
                material += f64::from(m);
                worst = worst.min(m);
                n += 1.0;
            }
            let node = &mut self.nodes[c];
            node.first = value / n;
            node.material = (material / n).round() as i32;
            node.worst = worst;
            // The first visit's value is replaced by the mean (visits stay as they are).
            let visits = f64::from(node.visits);
            node.white = node.white - node.white / visits + node.first;
        }
    }

    /// Whether the root's answer can no longer change in `remaining` more iterations:
    /// the answer is the most visited child, and no other child can catch up with it
    /// even if every remaining iteration went its way (a single child too). Stopping
    /// then gives the very answer the whole budget would, for less work.
    fn settled(&self, remaining: u32, side: Side) -> bool {
        let mut first = 0;
        let mut second = 0;
        let sound = self.safe(side);
        for &c in &sound {
            let v = self.nodes[c].visits;
            if v > first {
                second = first;
                first = v;
            } else if v > second {
                second = v;
            }
        }
        let children = sound.len();
        children == 1 || (children > 1 && first - second > remaining)
    }

    /// The root's answers the engine may choose (sound play before strength): those
    /// whose first score (the evaluation once the captures are played out, see
    /// [`leaf_value`]) is within [`UNSOUND`] of the best first score for `side`. An
    /// answer that leaves a piece en prise for nothing scores a piece less there, and
    /// is not chosen while another answer keeps it, however the averages of the deeper
    /// search (which explores the opponent's weaker answers too) lean. Fixed once the
    /// root is expanded, so the answer stays settled.
    fn sound(&self, side: Side) -> Vec<usize> {
        let children = &self.nodes[0].children;
        if self.plain {
            return children.clone();
        }
        // Material first: no answer that loses more than a pawn of it by the capture
        // search while another keeps it (or the root's own material).
        let children = self.keeping(children, |n| n.material, UNSOUND_MATERIAL);
        let score = |c: usize| self.first_score(c, side);
        let Some(best) = children.iter().map(|&c| score(c)).max_by(f64::total_cmp) else {
            return Vec::new();
        };
        children
            .iter()
            .copied()
            .filter(|&c| score(c) >= best - UNSOUND)
            .collect()
    }

    /// The sound answers ([`Tree::sound`]) that are sound in every one of the root's
    /// draws too: none loses more than a pawn of material in any of them while another
    /// sound answer keeps it in all; the sound answers when none is. What the engine
    /// chooses among, by its search or by a draw: a zap whose effect is left to chance
    /// may keep a piece on average and leave it en prise in one draw in four.
    fn safe(&self, side: Side) -> Vec<usize> {
        self.safe_keeping(side, UNSOUND_MATERIAL)
    }

    /// [`Tree::safe`] with `margin` hundredths of a pawn for the worst draw's loss
    /// instead of [`UNSOUND_MATERIAL`] (a level plan's `keep`).
    fn safe_keeping(&self, side: Side, margin: i32) -> Vec<usize> {
        let sound = self.sound(side);
        if self.plain {
            return sound;
        }
        let safe = self.keeping(&sound, |n| n.worst, margin);
        if safe.is_empty() {
            sound
        } else {
            safe
        }
    }

    /// The answers among `children` whose material (`of` a node: on average, or in
    /// the worst draw) is within `margin` of the best one's, or of the root's own
    /// material if less.
    fn keeping(&self, children: &[usize], of: fn(&Node) -> i32, margin: i32) -> Vec<usize> {
        let kept = children
            .iter()
            .map(|&c| of(&self.nodes[c]))
            .max()
            .map_or(self.root_material, |m| m.min(self.root_material));
        children
            .iter()
            .copied()
            .filter(|&c| of(&self.nodes[c]) >= kept - margin)
            .collect()
    }

    /// The first score of root child `c` for `side`, in hundredths of a pawn (the
    /// logistic value turned back).
    fn first_score(&self, c: usize, side: Side) -> f64 {
        to_centipawns(white_value(self.nodes[c].first, side))
    }

    /// A root answer drawn by chance among `children` (the weakest level, and a
    /// level's strayed answers): each may be drawn, with a weight falling by e for each
    /// `wander` hundredths of a pawn its first score is below the best one's, so a
    /// blunder is rare but possible when all the answers are among them.
    fn wandered(
        &self,
        children: &[usize],
        side: Side,
        wander: f64,
        rng: &mut GameRng,
    ) -> Option<String> {
        let scores: Vec<f64> = children
            .iter()
            .map(|&c| self.first_score(c, side))
            .collect();
        let best = scores.iter().copied().max_by(f64::total_cmp)?;
        let weights: Vec<f64> = scores.iter().map(|s| ((s - best) / wander).exp()).collect();
        let total: f64 = weights.iter().sum();
        let mut x = rng.gen::<f64>() * total;
        for (&c, w) in children.iter().zip(&weights) {
            if x < *w {
                return Some(self.nodes[c].text.clone());
            }
            x -= w;
        }
        children.last().map(|&c| self.nodes[c].text.clone())
    }

    /// The children of `at` in the order UCB1 prefers them for `mover`.
    fn ranked(&self, at: usize, mover: Side) -> Vec<usize> {
        let parent = &self.nodes[at];
        let ln = f64::from(parent.visits.max(1)).ln();
        let mut scored: Vec<(f64, usize)> = parent
            .children
            .iter()
            .map(|&c| {
                let n = &self.nodes[c];
                // An answer of chance is judged by its mean: its minimax was taken in
                // the one world its first draw made, and a lucky draw kept it visited.
                let q = if self.plain || n.chance {
                    n.mean(mover)
                } else {
                    (1.0 - IMPLICIT) * n.mean(mover) + IMPLICIT * white_value(n.minimax, mover)
                };
                let u = q + EXPLORE * (ln / f64::from(n.visits)).sqrt();
                (u, c)
            })
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        scored.into_iter().map(|(_, c)| c).collect()
    }
}

/// The tree search's work budget ([`count_work`]: answers played, positions of the
/// capture search scored) at `root` at `level` ([`super::work_budget`]); none for the
/// first search (`plain`), the arena's yardstick as it was.
fn work_budget<R: Rules>(root: &R, level: u8, plain: bool) -> u64 {
    match plain {
        true => u64::MAX,
        false => super::work_budget(root, level),
    }
}

/// Runs the search for `side` on `root` (whose question is asked of `side`).
pub fn run<R: Rules>(
    root: &R,
    side: Side,
    settings: &Settings,
    rng: &mut GameRng,
) -> Option<Decision> {
    run_tree(root, side, settings, rng, true, false, None)
}

/// An answer drawn as `plan` says ([`LevelPlan`]): the answers one move ahead, each
/// weighted by how it scores there, among the sound ones only when the plan says so.
pub fn run_drawn<R: Rules>(
    root: &R,
    side: Side,
    settings: &Settings,
    rng: &mut GameRng,
    plan: &LevelPlan,
) -> Option<Decision> {
    let settings = Settings {
        level: 1,
        ..*settings
    };
    run_tree(root, side, &settings, rng, true, false, Some(plan))
}

/// The first search (commit 272a9fa, the first ladder's level 5 before sound play):
/// each leaf scored by the variant's evaluation alone, every root answer a candidate.
/// Kept as the arena's `engine:v1` yardstick only.
/// It searches as the top level, drawing from the settings' seed.
pub fn run_first<R: Rules>(root: &R, side: Side, settings: &Settings) -> Option<Decision> {
    let mut rng = GameRng::seed_from_u64(settings.seed);
    let settings = Settings {
        level: *super::LEVELS.end(),
        ..*settings
    };
    run_tree(root, side, &settings, &mut rng, true, true, None)
}

/// The search, on a determinisation drawn for `side` at every iteration when
/// `determinise` is set, or on `root` itself (the post-game review only, once
/// nothing is hidden any more).
pub(super) fn run_seen<R: Rules>(
    root: &R,
    side: Side,
    settings: &Settings,
    rng: &mut GameRng,
    determinise: bool,
) -> Option<Decision> {
    run_tree(root, side, settings, rng, determinise, false, None)
}

fn run_tree<R: Rules>(
    root: &R,
    side: Side,
    settings: &Settings,
    rng: &mut GameRng,
    determinise: bool,
    plain: bool,
    draw: Option<&LevelPlan>,
) -> Option<Decision> {
    if root.ask()?.side != side {
        return None;
    }
    let started = Instant::now();
    let budget = iterations(settings.level);
    let mut tree = Tree {
        nodes: vec![Node::new(String::new(), 0.5)],
        root_material: material(root, side),
        plain,
    };
    let mut done = 0;
    let (worked, work_budget) = (work(), work_budget(root, settings.level, plain));
    while done < budget {
        if done > 0 && settings.max_time.is_some_and(|t| started.elapsed() >= t) {
            break;
        }
        if done > 0 && work().wrapping_sub(worked) >= work_budget {
            break;
        }
        if done > 0 && !settings.full_budget && tree.settled(budget - done, side) {
            break;
        }
        done += 1;
        let state = if determinise {
            root.determinise(side, rng)
        } else {
            root.clone()
        };
        let (path, value) = tree.descend(state, rng);
        tree.record(&path, value);
        if done == 1 && !plain && (root.uses_randomness() || !root.perfect_information()) {
            let samples = match draw {
                Some(LevelPlan {
                    sound: true,
                    keep: Some(_),
                    ..
                }) => KEEP_SAMPLES,
                _ => ROOT_SAMPLES,
            };
            tree.resample_root(root, side, determinise, samples, rng);
        }
    }
    let mut stats = tree.root_stats(side);
    let best = tree.choose(side, draw, rng)?;
    stats.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
    Some(Decision {
        text: best,
        stats,
        iterations: done,
    })
}

impl Tree {
    /// One iteration's walk from the root on `state`: down the best children whose
    /// answers are legal there, to a leaf it expands (or a finished game, or a node
    /// none of whose answers is legal in this determinisation). Gives the path and
    /// White's value found at its end.
    fn descend<R: Rules>(&mut self, mut state: R, rng: &mut GameRng) -> (Vec<usize>, f64) {
        let mut path = vec![0usize];
        let mut at = 0usize;
        let value = loop {
            let Some(ask) = state.ask() else {
                break state_value(&state);
            };
            if !self.nodes[at].expanded {
                break self.expand(at, &state, ask.side, rng);
            }
            // The best child whose answer is legal in this determinisation.
            let mut moved = None;
            for c in self.ranked(at, ask.side) {
                let mut next = state.clone();
                count_work(1);
                if next.play(ask.side, &self.nodes[c].text, rng).is_ok() {
                    moved = Some((c, next));
                    break;
                }
            }
            match moved {
                Some((c, next)) => {
                    state = next;
                    at = c;
                    path.push(c);
                }
                None => break state_value(&state),
            }
        };
        (path, value)
    }

    /// Counts one visit of value `value` along `path`, and backs up the minimax.
    fn record(&mut self, path: &[usize], value: f64) {
        for &n in path {
            self.nodes[n].visits += 1;
            self.nodes[n].white += value;
        }
        if !self.plain {
            self.back_up_minimax(path);
        }
    }

    /// Each root answer with its visits and mean for `side`.
    fn root_stats(&self, side: Side) -> Vec<(String, u32, f64)> {
        self.nodes[0]
            .children
            .iter()
            .map(|&c| {
                let n = &self.nodes[c];
                (n.text.clone(), n.visits, n.mean(side))
            })
            .collect()
    }

    /// The answer chosen once the search is over: one drawn as `draw` says (among all,
    /// or among the sound answers that keep the plan's material in their worst draw),
    /// or the search's best among the safe answers.
    fn choose(&self, side: Side, draw: Option<&LevelPlan>, rng: &mut GameRng) -> Option<String> {
        let safe = self.safe(side);
        if let Some(plan) = draw {
            let among = match (plan.sound, plan.keep) {
                (false, _) => self.nodes[0].children.clone(),
                (true, Some(margin)) => self.safe_keeping(side, margin),
                (true, None) => safe,
            };
            return self.wandered(&among, side, plan.wander, rng);
        }
        let best = safe.iter().map(|&c| &self.nodes[c]).max_by(|a, b| {
            a.visits
                .cmp(&b.visits)
                .then(a.mean(side).total_cmp(&b.mean(side)))
        })?;
        Some(best.text.clone())
    }
}
