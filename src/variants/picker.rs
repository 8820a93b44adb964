//! The move picker: a player's legal answers as a few successive choices (the piece,
//! then its target, then what remains), each small enough for one chat message of
//! select menus. One mechanism for every game: a variant only says, through
//! [`Presentation::picker_steps`], how one of its answers splits into steps; the picker
//! builds a tree from them, skips steps that offer one option only, and groups a
//! step that offers too many.
//!
//! A path is the list of option indices chosen so far. It is only meaningful for the
//! position the picker was built from: whoever keeps a path (a button's id) must
//! also keep the game's version and refuse the path once the game has moved on.

use super::{Game, Rules, RulesVisitor};
use crate::core::{Cell, Role};
use crate::i18n::Lang;
use crate::tr;
use std::collections::HashMap;

/// Options in one select menu (Discord's limit).
pub const MENU_OPTIONS: usize = 25;
/// Select menus in one picker message: five rows, one kept for the buttons.
pub const MENUS: usize = 4;
/// Options one choice may offer: its menus together.
pub const STEP_OPTIONS: usize = MENU_OPTIONS * MENUS;
/// The longest option label shown (Discord's limit); longer ones are cut.
pub const LABEL_LIMIT: usize = 100;

/// Questions the steps of several games share, in `lang`.
pub fn which_piece(lang: Lang) -> String {
    tr!(lang, "pick-which-piece")
}
pub fn where_to(lang: Lang) -> String {
    tr!(lang, "pick-where-to")
}
pub fn promote_to(lang: Lang) -> String {
    tr!(lang, "pick-promote-to")
}
pub fn which_answer(lang: Lang) -> String {
    tr!(lang, "pick-which-answer")
}

/// A piece's name in `lang` (`Knight`, `Springer`): words, not notation.
pub fn role_name(lang: Lang, role: Role) -> String {
    match role {
        Role::Pawn => tr!(lang, "role-pawn"),
        Role::Knight => tr!(lang, "role-knight"),
        Role::Bishop => tr!(lang, "role-bishop"),
        Role::Rook => tr!(lang, "role-rook"),
        Role::Queen => tr!(lang, "role-queen"),
        Role::King => tr!(lang, "role-king"),
        Role::Wizard => tr!(lang, "role-wizard"),
    }
}

/// Several of a piece, in `lang` (`2 Pawns`, `2 Bauern`).
pub fn role_count(lang: Lang, role: Role, count: usize) -> String {
    let count = count.to_string();
    match role {
        Role::Pawn => tr!(lang, "role-pawns", count = count),
        Role::Knight => tr!(lang, "role-knights", count = count),
        Role::Bishop => tr!(lang, "role-bishops", count = count),
        Role::Rook => tr!(lang, "role-rooks", count = count),
        Role::Queen => tr!(lang, "role-queens", count = count),
        Role::King => tr!(lang, "role-kings", count = count),
        Role::Wizard => tr!(lang, "role-wizards", count = count),
    }
}

/// One step of an answer: the question it answers and the option's label
/// (`Which piece?`, `Knight g1`), both in the picker's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub question: String,
    pub label: String,
    /// The cell this option stands for on the board (a piece's square, a target, a
    /// spell's square), so that a board can be touched instead of a list read.
    pub cell: Option<Cell>,
}

impl Step {
    pub fn new(question: impl Into<String>, label: impl Into<String>) -> Step {
        Step {
            question: question.into(),
            label: label.into(),
            cell: None,
        }
    }

    /// The same step, standing for the cell named `name` (`e2`, `w0`) when it names one.
    pub fn on(mut self, name: &str) -> Step {
        self.cell = Cell::parse(name);
        self
    }
}

/// What the picker shows after a path: the question, what was chosen so far (with
/// the steps taken for the player because they had one option), and either the menus
/// of the next choice or the complete answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick {
    pub question: String,
    pub chosen: Vec<String>,
    /// At most [`MENUS`] menus of at most [`MENU_OPTIONS`] options; empty once complete.
    pub menus: Vec<Menu>,
    /// The answer's text, exactly as it is typed, once the path is complete.
    pub answer: Option<String>,
}

/// One select menu of a choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    pub placeholder: String,
    pub options: Vec<Choice>,
}

/// One option: its label, the index that extends the path and the cell it stands for
/// on the board, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub label: String,
    pub value: u16,
    pub cell: Option<Cell>,
}

/// Why a path does not lead anywhere.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PickError {
    #[error("nothing to pick: no answer is asked")]
    NothingAsked,
    #[error("choice {choice} has no option {index} (it offers {offered})")]
    NoSuchOption {
        choice: usize,
        index: u16,
        offered: usize,
    },
    #[error("the answer is complete after {complete} choices; the path has {given}")]
    TooLong { complete: usize, given: usize },
}

/// Where an option leads, after the steps taken for the player.
#[derive(Clone, Debug, Default)]
struct Dest {
    auto: Vec<String>,
    to: To,
    /// The cell of the option that leads here, if it stands for one.
    cell: Option<Cell>,
}

#[derive(Clone, Copy, Debug, Default)]
enum To {
    #[default]
    Nothing,
    Answer(usize),
    Node(usize),
}

#[derive(Clone, Debug)]
struct Node {
    question: String,
    options: Vec<(String, Dest)>,
}

/// The built picker of one position: every answer, reachable by a path.
#[derive(Clone, Debug)]
pub struct Picker {
    lang: Lang,
    answers: Vec<String>,
    nodes: Vec<Node>,
    root: Dest,
}

/// The answers' steps before compiling: a trie by label.
#[derive(Default)]
struct Raw {
    question: String,
    children: Vec<(String, usize)>,
    answers: Vec<usize>,
    /// The cell of the step that leads here.
    cell: Option<Cell>,
}

impl Picker {
    /// Builds the picker from each answer and its steps, in the answers' order, with
    /// its own words in English.
    pub fn build(entries: Vec<(String, Vec<Step>)>) -> Picker {
        Picker::build_in(entries, Lang::En)
    }

    /// [`Picker::build`] with the picker's own words (`Which answer?`, `nothing
    /// more`, `Play e4?`) in `lang`; the steps come in that language already.
    pub fn build_in(entries: Vec<(String, Vec<Step>)>, lang: Lang) -> Picker {
        let mut raw = vec![Raw::default()];
        let mut index: HashMap<(usize, String), usize> = HashMap::new();
        let mut answers = Vec::with_capacity(entries.len());
        for (answer, steps) in entries {
            let mut at = 0;
            for step in steps {
                if raw[at].children.is_empty() {
                    raw[at].question = step.question;
                }
                let key = (at, step.label);
                at = match index.get(&key) {
                    Some(&child) => child,
                    None => {
                        let child = raw.len();
                        raw.push(Raw {
                            cell: step.cell,
                            ..Raw::default()
                        });
                        raw[at].children.push((key.1.clone(), child));
                        index.insert(key, child);
                        child
                    }
                };
            }
            raw[at].answers.push(answers.len());
            answers.push(answer);
        }
        let mut picker = Picker {
            lang,
            answers,
            nodes: Vec::new(),
            root: Dest::default(),
        };
        picker.root = picker.compile(&raw, 0);
        picker
    }

    /// Every answer the picker offers, in the order given.
    pub fn answers(&self) -> &[String] {
        &self.answers
    }

    fn compile(&mut self, raw: &[Raw], at: usize) -> Dest {
        let node = &raw[at];
        if node.children.is_empty() && node.answers.len() == 1 {
            return Dest {
                auto: Vec::new(),
                to: To::Answer(node.answers[0]),
                cell: node.cell,
            };
        }
        // An answer that ends where longer ones go on is one more option; answers
        // that the steps did not tell apart are told apart by their text.
        let mut options: Vec<(String, Dest)> = Vec::new();
        let ends: Vec<(String, Dest)> = node
            .answers
            .iter()
            .map(|&a| {
                let label = if node.answers.len() == 1 {
                    tr!(self.lang, "pick-nothing-more")
                } else {
                    self.answers[a].clone()
                };
                (
                    label,
                    Dest {
                        to: To::Answer(a),
                        ..Dest::default()
                    },
                )
            })
            .collect();
        for (label, child) in &node.children {
            let mut dest = self.compile(raw, *child);
            dest.cell = raw[*child].cell;
            options.push((label.clone(), dest));
        }
        options.extend(ends);
        match options.len() {
            0 => Dest::default(),
            1 => {
                let (label, mut dest) = options.remove(0);
                dest.auto.insert(0, label);
                dest
            }
            _ => {
                let question = if node.children.is_empty() {
                    which_answer(self.lang)
                } else {
                    node.question.clone()
                };
                self.choice(question, options)
            }
        }
    }

    /// A node offering `options`, grouped by an extra choice when there are too many.
    fn choice(&mut self, question: String, options: Vec<(String, Dest)>) -> Dest {
        let options = if options.len() > STEP_OPTIONS {
            self.grouped(&question, options)
        } else {
            options
        };
        let options = options
            .into_iter()
            .map(|(label, dest)| (cut(label), dest))
            .collect();
        self.nodes.push(Node { question, options });
        Dest {
            to: To::Node(self.nodes.len() - 1),
            ..Dest::default()
        }
    }

    /// Too many options for one choice: by the first word of their labels when that
    /// gives a handful of groups (`freeze`, `jump`), else in runs of neighbours.
    fn grouped(&mut self, question: &str, options: Vec<(String, Dest)>) -> Vec<(String, Dest)> {
        let mut keys: Vec<String> = Vec::new();
        for (label, _) in &options {
            let key = first_word(label);
            if !keys.iter().any(|k| *k == key) {
                keys.push(key.to_string());
                if keys.len() > STEP_OPTIONS {
                    break;
                }
            }
        }
        let groups: Vec<(String, Vec<(String, Dest)>)> =
            if (2..=STEP_OPTIONS / 4).contains(&keys.len()) {
                let mut groups: Vec<(String, Vec<(String, Dest)>)> = keys
                    .into_iter()
                    .map(|k| (format!("{k} …"), Vec::new()))
                    .collect();
                for (label, dest) in options {
                    let key = format!("{} …", first_word(&label));
                    if let Some(g) = groups.iter_mut().find(|g| g.0 == key) {
                        g.1.push((label, dest));
                    }
                }
                groups
            } else {
                let runs = options.len().div_ceil(STEP_OPTIONS);
                let size = options.len().div_ceil(runs);
                let mut groups = Vec::new();
                let mut rest = options.into_iter().peekable();
                while rest.peek().is_some() {
                    let run: Vec<(String, Dest)> = rest.by_ref().take(size).collect();
                    let first = run.first().map(|o| o.0.as_str()).unwrap_or_default();
                    let last = run.last().map(|o| o.0.as_str()).unwrap_or_default();
                    groups.push((format!("{} … {}", short(first), short(last)), run));
                }
                groups
            };
        groups
            .into_iter()
            .map(|(label, members)| {
                let dest = if members.len() == 1 {
                    let mut members = members;
                    let (l, mut d) = members.remove(0);
                    d.auto.insert(0, l);
                    d
                } else {
                    self.choice(question.to_string(), members)
                };
                (label, dest)
            })
            .collect()
    }

    /// What the picker shows after `path` (option indices, one per choice made).
    pub fn pick(&self, path: &[u16]) -> Result<Pick, PickError> {
        let mut dest = &self.root;
        let mut chosen = dest.auto.clone();
        for (i, &index) in path.iter().enumerate() {
            let node = match dest.to {
                To::Node(n) => &self.nodes[n],
                To::Answer(_) => {
                    return Err(PickError::TooLong {
                        complete: i,
                        given: path.len(),
                    })
                }
                To::Nothing => return Err(PickError::NothingAsked),
            };
            let (label, next) =
                node.options
                    .get(usize::from(index))
                    .ok_or(PickError::NoSuchOption {
                        choice: i + 1,
                        index,
                        offered: node.options.len(),
                    })?;
            chosen.push(label.clone());
            chosen.extend(next.auto.iter().cloned());
            dest = next;
        }
        match dest.to {
            To::Nothing => Err(PickError::NothingAsked),
            To::Answer(a) => {
                let answer = self.answers[a].clone();
                Ok(Pick {
                    question: tr!(self.lang, "pick-play", answer = answer.as_str()),
                    chosen,
                    menus: Vec::new(),
                    answer: Some(answer),
                })
            }
            To::Node(n) => {
                let node = &self.nodes[n];
                Ok(Pick {
                    question: node.question.clone(),
                    chosen,
                    menus: menus(node),
                    answer: None,
                })
            }
        }
    }
}

/// A node's options in menus of [`MENU_OPTIONS`]; each menu's placeholder names its
/// range when there are several.
fn menus(node: &Node) -> Vec<Menu> {
    let pages = node.options.len().div_ceil(MENU_OPTIONS);
    node.options
        .chunks(MENU_OPTIONS)
        .enumerate()
        .map(|(page, chunk)| {
            let options: Vec<Choice> = chunk
                .iter()
                .enumerate()
                .map(|(i, (label, dest))| Choice {
                    label: label.clone(),
                    value: u16::try_from(page * MENU_OPTIONS + i).unwrap_or(u16::MAX),
                    cell: dest.cell,
                })
                .collect();
            let first = chunk.first().map(|o| o.0.as_str()).unwrap_or_default();
            let last = chunk.last().map(|o| o.0.as_str()).unwrap_or_default();
            let placeholder = if pages == 1 {
                node.question.clone()
            } else if chunk.len() == 1 {
                short(first)
            } else {
                format!("{} … {}", short(first), short(last))
            };
            Menu {
                placeholder,
                options,
            }
        })
        .collect()
}

fn first_word(label: &str) -> &str {
    label.split_whitespace().next().unwrap_or(label)
}

/// A label cut to [`LABEL_LIMIT`] characters.
fn cut(label: String) -> String {
    if label.chars().count() <= LABEL_LIMIT {
        return label;
    }
    let mut s: String = label.chars().take(LABEL_LIMIT - 1).collect();
    s.push('…');
    s
}

/// A label shortened for a range (`Knight b1 … Pawn h2`).
fn short(label: &str) -> String {
    const SHORT: usize = 18;
    if label.chars().count() <= SHORT {
        return label.to_string();
    }
    let mut s: String = label.chars().take(SHORT - 1).collect();
    s.push('…');
    s
}

/// The picker of any variant's position in `lang`: its answers and their steps.
pub fn build<R: Rules>(rules: &R, lang: Lang) -> Picker {
    let entries = rules
        .picker_answers()
        .into_iter()
        .map(|a| {
            let steps = rules.picker_steps(&a, lang);
            (a, steps)
        })
        .collect();
    Picker::build_in(entries, lang)
}

struct Build(Lang);

impl RulesVisitor for Build {
    type Output = Picker;
    fn visit<R: Rules>(self, rules: &R) -> Picker {
        build(rules, self.0)
    }
}

impl Game {
    /// The picker of the question now asked: every answer of the asked player
    /// reachable in a few choices. Built afresh from the position; a path kept for
    /// later is only meaningful while the game has not moved on (the caller checks
    /// the game's version).
    pub fn picker_tree(&self) -> Picker {
        self.picker_tree_in(Lang::En)
    }

    /// [`Game::picker_tree`] with its questions and labels in `lang`. The tree's shape
    /// and its answers are the same in every language.
    pub fn picker_tree_in(&self, lang: Lang) -> Picker {
        if self.is_over() {
            return Picker::build_in(Vec::new(), lang);
        }
        self.visit(Build(lang))
    }

    /// What the picker shows after `path` (option indices chosen so far) in the
    /// current position: the next choice's menus, or the complete answer.
    pub fn picker(&self, path: &[u16]) -> Result<Pick, PickError> {
        self.picker_tree().pick(path)
    }

    /// [`Game::picker`] in `lang`.
    pub fn picker_in(&self, path: &[u16], lang: Lang) -> Result<Pick, PickError> {
        self.picker_tree_in(lang).pick(path)
    }
}

// ---------------------------------------------------------------------------------
// Splitting answers written in long algebraic notation.

/// A move as the documents print it: `Ng1-f3`, `e7:d8=Q`, `Qd1-w0`, with whatever
/// follows it (`:e6` of a fast piece's second step, ` (freeze d5)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LongMove<'a> {
    pub role: Role,
    pub from: &'a str,
    pub capture: bool,
    pub to: &'a str,
    pub promotion: Option<Role>,
    pub rest: &'a str,
}

/// A cell at the start of `text` (`e4`, `w0`), and what follows it.
fn cell_prefix(text: &str) -> Option<(&str, &str)> {
    let head = text.get(..2)?;
    let b = head.as_bytes();
    let lower = b[0].is_ascii_lowercase() && b[1].is_ascii_digit();
    (lower && Cell::parse(head).is_some()).then(|| (head, &text[2..]))
}

/// Reads a long-algebraic move at the start of `text`.
pub fn parse_long(text: &str) -> Option<LongMove<'_>> {
    let first = text.chars().next()?;
    let (role, body) = match Role::from_letter(first) {
        Some(role) if first.is_ascii_uppercase() => (role, &text[1..]),
        _ => (Role::Pawn, text),
    };
    let (from, body) = cell_prefix(body)?;
    let capture = match body.chars().next()? {
        '-' => false,
        ':' | 'x' => true,
        _ => return None,
    };
    let (to, mut rest) = cell_prefix(&body[1..])?;
    let mut promotion = None;
    if let Some(p) = rest.strip_prefix('=') {
        let letter = p.chars().next()?;
        promotion = Some(Role::from_letter(letter)?);
        rest = &p[1..];
    }
    Some(LongMove {
        role,
        from,
        capture,
        to,
        promotion,
        rest,
    })
}

/// `Knight g1`, `Queen in wicket w0`.
pub fn piece_label(lang: Lang, role: Role, from: &str) -> String {
    let role = role_name(lang, role);
    if from.starts_with('w') {
        tr!(lang, "pick-piece-in-wicket", role = role, square = from)
    } else {
        tr!(lang, "pick-piece", role = role, square = from)
    }
}

/// `f3`, `takes f6`, `wicket w0`.
pub fn target_label(lang: Lang, capture: bool, to: &str) -> String {
    let cell = if to.starts_with('w') {
        tr!(lang, "pick-wicket", square = to)
    } else {
        to.to_string()
    };
    if capture {
        tr!(lang, "pick-takes", target = cell)
    } else {
        cell
    }
}

/// The steps of a chess move: the piece, the target, the promotion. Castling is one
/// step; a text that is not a move is one step labelled with itself.
pub fn move_steps(text: &str, lang: Lang) -> Vec<Step> {
    match text {
        "O-O" => return vec![Step::new(which_piece(lang), tr!(lang, "pick-castle-short"))],
        "O-O-O" => return vec![Step::new(which_piece(lang), tr!(lang, "pick-castle-long"))],
        _ => {}
    }
    let Some(m) = parse_long(text).filter(|m| m.rest.is_empty()) else {
        return vec![Step::new(which_answer(lang), text)];
    };
    let mut steps = vec![
        Step::new(which_piece(lang), piece_label(lang, m.role, m.from)).on(m.from),
        Step::new(where_to(lang), target_label(lang, m.capture, m.to)).on(m.to),
    ];
    if let Some(p) = m.promotion {
        steps.push(Step::new(promote_to(lang), role_name(lang, p)));
    }
    steps
}

/// The default split of an answer: a chess move as [`move_steps`], any other text as
/// one step.
pub fn default_steps(answer: &str, lang: Lang) -> Vec<Step> {
    move_steps(answer, lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(texts: &[&str]) -> Vec<(String, Vec<Step>)> {
        texts
            .iter()
            .map(|t| (t.to_string(), default_steps(t, Lang::En)))
            .collect()
    }

    #[test]
    fn moves_split_into_piece_target_promotion() {
        let labels = |t: &str| -> Vec<String> {
            default_steps(t, Lang::En)
                .into_iter()
                .map(|s| s.label)
                .collect()
        };
        assert_eq!(labels("Ng1-f3"), ["Knight g1", "f3"]);
        assert_eq!(labels("e7:d8=Q"), ["Pawn e7", "takes d8", "Queen"]);
        assert_eq!(labels("Qd1-w0"), ["Queen d1", "wicket w0"]);
        assert_eq!(labels("O-O"), ["Castle kingside (O-O)"]);
        assert_eq!(labels("decline"), ["decline"]);
        assert_eq!(parse_long("Ke4-e5:e6").map(|m| m.rest), Some(":e6"));
        assert_eq!(parse_long("Zé4"), None);
        assert_eq!(parse_long(""), None);
    }

    #[test]
    fn single_options_are_taken_for_the_player() {
        let p = Picker::build(entries(&["Ng1-f3", "Ng1-h3", "e2-e4"]));
        let root = p.pick(&[]).expect("root");
        assert_eq!(root.question, "Which piece?");
        let labels: Vec<&str> = root.menus[0]
            .options
            .iter()
            .map(|c| c.label.as_str())
            .collect();
        assert_eq!(labels, ["Knight g1", "Pawn e2"]);
        let pawn = p.pick(&[1]).expect("pawn");
        assert_eq!(pawn.answer.as_deref(), Some("e2-e4"));
        assert_eq!(pawn.chosen, ["Pawn e2", "e4"]);
        assert_eq!(
            p.pick(&[0, 1]).expect("h3").answer.as_deref(),
            Some("Ng1-h3")
        );
        assert!(matches!(
            p.pick(&[2]),
            Err(PickError::NoSuchOption { offered: 2, .. })
        ));
        assert!(matches!(p.pick(&[1, 0]), Err(PickError::TooLong { .. })));
        let none = Picker::build(Vec::new());
        assert_eq!(none.pick(&[]), Err(PickError::NothingAsked));
    }

    #[test]
    fn an_answer_ending_early_and_twins_stay_reachable() {
        let steps = |labels: &[&str]| -> Vec<Step> {
            labels.iter().map(|l| Step::new("Where to?", *l)).collect()
        };
        let p = Picker::build(vec![
            ("a".into(), steps(&["x"])),
            ("b".into(), steps(&["x", "y"])),
            ("c".into(), steps(&["z"])),
            ("d".into(), steps(&["z"])),
        ]);
        let mut found = Vec::new();
        for i in 0..2 {
            for j in 0..2 {
                if let Ok(Pick {
                    answer: Some(a), ..
                }) = p.pick(&[i, j])
                {
                    found.push(a);
                }
            }
        }
        found.sort();
        assert_eq!(found, ["a", "b", "c", "d"]);
    }

    #[test]
    fn many_options_are_grouped_and_paged() {
        let texts: Vec<String> = (0..950).map(|i| format!("option {i:04}")).collect();
        let p = Picker::build(
            texts
                .iter()
                .map(|t| (t.clone(), vec![Step::new("Which answer?", t.clone())]))
                .collect(),
        );
        let root = p.pick(&[]).expect("root");
        let groups: usize = root.menus.iter().map(|m| m.options.len()).sum();
        assert_eq!(groups, 10);
        for g in 0..10u16 {
            let pick = p.pick(&[g]).expect("group");
            assert!(pick.menus.len() <= MENUS);
            assert!(pick.menus.iter().all(|m| m.options.len() <= MENU_OPTIONS));
        }
        assert_eq!(
            p.pick(&[9, 94]).expect("last").answer.as_deref(),
            Some("option 0949")
        );
    }
}
