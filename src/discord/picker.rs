//! The move picker on Discord (issue 28): the custom ids of the board's Move button
//! and of the private picker's select menus and buttons, what a press on one asks of
//! the service, and the picker message's rows. Every id names the game and the ply the
//! picker opened at, so a press on a picker of an earlier position is refused by the
//! service; ids stay within Discord's 100 characters.
//!
//! A puzzle's picker (issue 51) has ids of its own, `pz-` before the verb, naming the
//! puzzle, the step of its line and its solver instead of a game and a ply: a press on
//! one is never read as a game's.

use crate::service::actions::MAX_PUZZLE_WORD;
use crate::service::api::{PickerShown, Request};
use crate::service::picker::MAX_PATH;
use serenity::all::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption,
};

/// Discord's longest custom id.
pub const MAX_CUSTOM_ID: usize = 100;
/// Discord's longest select menu placeholder and option label.
const MAX_PLACEHOLDER: usize = 150;
const MAX_OPTION_LABEL: usize = 100;
/// The picker never offers more options in one choice than this (four menus of 25), so
/// an index has two digits at most.
const MAX_INDEX: u16 = 100;

/// The board's Move button: opens the picker at the game's current position.
pub fn open_id(game: u64) -> String {
    format!("pick-open:{game}")
}

/// Whether `id` is an [`open_id`]: the Move button of a board message.
pub fn is_open_id(id: &str) -> bool {
    id.strip_prefix("pick-open:")
        .is_some_and(|g| g.parse::<u64>().is_ok())
}

/// Menu `menu` of the picker after `path`: the option chosen extends the path.
pub fn menu_id(game: u64, ply: u64, menu: usize, path: &[u16]) -> String {
    format!("pick:{game}:{ply}:{menu}:{}", dotted(path))
}

/// A button showing the picker after `path` (Back).
pub fn show_id(game: u64, ply: u64, path: &[u16]) -> String {
    format!("pick-at:{game}:{ply}:{}", dotted(path))
}

/// Confirm: plays the answer `path` completes.
pub fn play_id(game: u64, ply: u64, path: &[u16]) -> String {
    format!("pick-play:{game}:{ply}:{}", dotted(path))
}

fn dotted(path: &[u16]) -> String {
    path.iter()
        .map(u16::to_string)
        .collect::<Vec<_>>()
        .join(".")
}

/// A dotted path (`3.0.12`, empty for none); `None` when it is not one the picker
/// could have made.
fn parse_path(text: &str) -> Option<Vec<u16>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    let path: Vec<u16> = text
        .split('.')
        .map(|i| i.parse::<u16>().ok().filter(|i| *i < MAX_INDEX))
        .collect::<Option<_>>()?;
    (path.len() <= MAX_PATH).then_some(path)
}

/// The service request a press on a picker component stands for (`values`: a select
/// menu's chosen values); `None` for any other id, or a forged one.
pub fn request(custom_id: &str, values: &[String]) -> Option<Request> {
    if custom_id.len() > MAX_CUSTOM_ID {
        return None;
    }
    if let Some(game) = custom_id.strip_prefix("pick-open:") {
        return Some(Request::Pick {
            game: game.parse().ok()?,
            ply: None,
            path: Vec::new(),
        });
    }
    if let Some(id) = custom_id.strip_prefix(PUZZLE) {
        return puzzle_request(id, values);
    }
    let (verb, rest) = custom_id.split_once(':')?;
    let mut parts = rest.splitn(3, ':');
    let game: u64 = parts.next()?.parse().ok()?;
    let ply: u64 = parts.next()?.parse().ok()?;
    let rest = parts.next()?;
    match verb {
        "pick" => Some(Request::Pick {
            game,
            ply: Some(ply),
            path: chosen(rest, values)?,
        }),
        "pick-at" => Some(Request::Pick {
            game,
            ply: Some(ply),
            path: parse_path(rest)?,
        }),
        "pick-play" => Some(Request::PickPlay {
            game,
            ply,
            path: parse_path(rest)?,
        }),
        _ => None,
    }
}

/// Whether a press on this id answers on the picker's own message (a choice, Back,
/// Confirm) rather than opening a picker (the board's or a puzzle's Move button).
pub fn on_picker(custom_id: &str) -> bool {
    let id = custom_id.strip_prefix(PUZZLE).unwrap_or(custom_id);
    id.starts_with("pick:") || id.starts_with("pick-at:") || id.starts_with("pick-play:")
}

/// What a puzzle picker's ids start with.
const PUZZLE: &str = "pz-";

/// A puzzle's Move button: opens the picker over puzzle `puzzle` at step `step` of its
/// line, for `solver` alone.
pub fn puzzle_open_id(puzzle: &str, step: u64, solver: u64) -> String {
    format!("{PUZZLE}pick-open:{puzzle}:{step}:{}", radix36(solver))
}

/// A user id in base 36 (13 characters at most), so a puzzle's ids fit.
fn radix36(mut n: u64) -> String {
    let mut digits = Vec::new();
    loop {
        digits.push(char::from_digit((n % 36) as u32, 36).unwrap_or('0'));
        n /= 36;
        if n == 0 {
            break;
        }
    }
    digits.iter().rev().collect()
}

/// What a puzzle picker's id names after its verb: the puzzle, the step, the solver,
/// and the rest, if any (`None`: not an id the bot made).
fn puzzle_target(rest: &str) -> Option<(String, u64, u64, Option<&str>)> {
    let mut parts = rest.splitn(4, ':');
    let puzzle = parts.next()?;
    let fits = (1..=MAX_PUZZLE_WORD).contains(&puzzle.len())
        && puzzle
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    let step: u64 = parts.next()?.parse().ok()?;
    let solver = u64::from_str_radix(parts.next()?, 36).ok()?;
    fits.then(|| (puzzle.to_string(), step, solver, parts.next()))
}

/// The service request of a press on a puzzle picker's component (the id after
/// [`PUZZLE`]); `None` for a forged one.
fn puzzle_request(id: &str, values: &[String]) -> Option<Request> {
    let (verb, rest) = id.split_once(':')?;
    let (puzzle, step, solver, rest) = puzzle_target(rest)?;
    let pick = |path: Vec<u16>, play: bool| Request::PuzzlePick {
        puzzle: puzzle.clone(),
        step,
        path,
        solver,
        play,
    };
    match (verb, rest) {
        ("pick-open", None) => Some(pick(Vec::new(), false)),
        ("pick", Some(rest)) => Some(pick(chosen(rest, values)?, false)),
        ("pick-at", Some(rest)) => Some(pick(parse_path(rest)?, false)),
        ("pick-play", Some(rest)) => Some(pick(parse_path(rest)?, true)),
        _ => None,
    }
}

/// The path a select menu's choice makes: the menu's (`<menu>:<path>`) and the one
/// value chosen.
fn chosen(rest: &str, values: &[String]) -> Option<Vec<u16>> {
    let (_menu, path) = rest.split_once(':')?;
    let mut path = parse_path(path)?;
    let [value] = values else { return None };
    path.push(value.parse().ok().filter(|i| *i < MAX_INDEX)?);
    (path.len() <= MAX_PATH).then_some(path)
}

/// What a picker message's ids name after their verb: its game and ply, or its
/// puzzle, step and solver (then with [`PUZZLE`] before the verb).
fn target(shown: &PickerShown) -> (&'static str, String) {
    match &shown.puzzle {
        Some(p) => (
            PUZZLE,
            format!("{}:{}:{}", p.id, shown.ply, radix36(p.solver)),
        ),
        None => ("", format!("{}:{}", shown.game, shown.ply)),
    }
}

/// The picker message's rows: one select menu a row, then Back (once something is
/// chosen) and Confirm (once the answer is complete).
pub fn rows(shown: &PickerShown) -> Vec<CreateActionRow> {
    let (pz, target) = target(shown);
    let mut rows: Vec<CreateActionRow> = shown
        .menus
        .iter()
        .take(4)
        .enumerate()
        .filter(|(_, m)| !m.options.is_empty())
        .map(|(i, m)| {
            let options = m
                .options
                .iter()
                .take(25)
                .map(|(label, value)| {
                    CreateSelectMenuOption::new(cut(label, MAX_OPTION_LABEL), value.to_string())
                })
                .collect();
            CreateActionRow::SelectMenu(
                CreateSelectMenu::new(
                    format!("{pz}pick:{target}:{i}:{}", dotted(&shown.path)),
                    CreateSelectMenuKind::String { options },
                )
                .placeholder(cut(&m.placeholder, MAX_PLACEHOLDER)),
            )
        })
        .collect();
    let mut buttons = Vec::new();
    if let Some((_, back)) = shown.path.split_last() {
        buttons.push(
            CreateButton::new(format!("{pz}pick-at:{target}:{}", dotted(back)))
                .label(crate::tr!(shown.lang, "picker-back"))
                .style(ButtonStyle::Secondary),
        );
    }
    if shown.complete {
        buttons.push(
            CreateButton::new(format!("{pz}pick-play:{target}:{}", dotted(&shown.path)))
                .label(crate::tr!(shown.lang, "picker-confirm-button"))
                .style(ButtonStyle::Success),
        );
    }
    if !buttons.is_empty() {
        rows.push(CreateActionRow::Buttons(buttons));
    }
    rows
}

fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut s: String = text.chars().take(max - 1).collect();
    s.push('…');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::api::{PickerMenu, PuzzlePicked};

    #[test]
    fn the_longest_custom_id_fits_discords_100_characters() {
        let path = vec![MAX_INDEX - 1; MAX_PATH];
        let ids = [
            open_id(u64::MAX),
            menu_id(u64::MAX, u64::MAX, 3, &path[..MAX_PATH - 1]),
            show_id(u64::MAX, u64::MAX, &path),
            play_id(u64::MAX, u64::MAX, &path),
        ];
        for id in &ids {
            assert!(
                id.len() <= MAX_CUSTOM_ID,
                "{id} has {} characters",
                id.len()
            );
        }
    }

    #[test]
    fn ids_and_requests_round_trip_and_forgeries_are_refused() {
        let v = |s: &str| vec![s.to_string()];
        assert_eq!(
            request(&open_id(7), &[]),
            Some(Request::Pick {
                game: 7,
                ply: None,
                path: vec![]
            })
        );
        assert_eq!(
            request(&menu_id(7, 3, 1, &[2, 0]), &v("31")),
            Some(Request::Pick {
                game: 7,
                ply: Some(3),
                path: vec![2, 0, 31]
            })
        );
        assert_eq!(
            request(&show_id(7, 3, &[]), &[]),
            Some(Request::Pick {
                game: 7,
                ply: Some(3),
                path: vec![]
            })
        );
        assert_eq!(
            request(&play_id(7, 3, &[1, 2]), &[]),
            Some(Request::PickPlay {
                game: 7,
                ply: 3,
                path: vec![1, 2]
            })
        );
        assert!(on_picker(&play_id(7, 3, &[1])) && !on_picker(&open_id(7)));
        let long = vec![1; MAX_PATH + 1];
        for (id, values) in [
            (play_id(7, 3, &long), vec![]),
            (menu_id(7, 3, 0, &[1; MAX_PATH]), v("1")),
            (menu_id(7, 3, 0, &[]), v("100")),
            (menu_id(7, 3, 0, &[]), vec![]),
            (menu_id(7, 3, 0, &[]), vec!["1".into(), "2".into()]),
            ("pick-play:7:3:1..2".to_string(), vec![]),
            ("pick-play:7:x:1".to_string(), vec![]),
            ("pick-at:7".to_string(), vec![]),
            (format!("pick-at:7:3:{}", "1.".repeat(60)), vec![]),
            ("resign:7".to_string(), vec![]),
        ] {
            assert_eq!(request(&id, &values), None, "{id}");
        }
    }

    #[test]
    fn a_puzzles_ids_fit_round_trip_and_are_never_a_games() {
        let menu = PickerMenu {
            placeholder: "p".into(),
            options: vec![("Queen d8".into(), 0), ("Pawn a7".into(), 1)],
            cells: Vec::new(),
        };
        let long = "f".repeat(MAX_PUZZLE_WORD);
        let shown = PickerShown {
            game: 0,
            ply: 2,
            path: vec![99; MAX_PATH - 1],
            menus: vec![menu],
            complete: true,
            lang: Default::default(),
            puzzle: Some(PuzzlePicked {
                id: long.clone(),
                solver: u64::MAX,
            }),
        };
        let json = serde_json::to_value(rows(&shown)).expect("json");
        let ids: Vec<String> = json
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .map(|c| c["custom_id"].as_str().unwrap_or_default().to_string())
            .collect();
        assert_eq!(ids.len(), 3, "a menu, Back and Confirm: {ids:?}");
        let open = puzzle_open_id(&long, 2, u64::MAX);
        for id in ids.iter().chain([&open]) {
            assert!(
                id.len() <= MAX_CUSTOM_ID,
                "{id} has {} characters",
                id.len()
            );
            assert!(id.starts_with("pz-pick"), "{id}");
        }
        let v = |s: &str| vec![s.to_string()];
        let path = vec![99; MAX_PATH - 1];
        let pick = |path: Vec<u16>, play: bool| Request::PuzzlePick {
            puzzle: long.clone(),
            step: 2,
            path,
            solver: u64::MAX,
            play,
        };
        assert_eq!(request(&open, &[]), Some(pick(Vec::new(), false)));
        let mut more = path.clone();
        more.push(1);
        assert_eq!(request(&ids[0], &v("1")), Some(pick(more, false)));
        assert_eq!(request(&ids[1], &[]), Some(pick(path[1..].to_vec(), false)));
        assert_eq!(request(&ids[2], &[]), Some(pick(path.clone(), true)));
        assert!(on_picker(&ids[0]) && on_picker(&ids[2]) && !on_picker(&open));
        for (id, values) in [
            (puzzle_open_id("a b", 0, 7), vec![]),
            (puzzle_open_id(&format!("{long}f"), 0, 7), vec![]),
            (format!("{}:x", puzzle_open_id("a", 0, 7)), vec![]),
            ("pz-pick-open:a:x:7".to_string(), vec![]),
            ("pz-pick-open:a:0:!".to_string(), vec![]),
            ("pz-pick:a:0:7:0:".to_string(), vec![]),
            ("pz-pick:a:0:7:0:".to_string(), v("100")),
            ("pz-resign:a:0:7:".to_string(), vec![]),
            ("pz-pick-open:548541ae".to_string(), vec![]),
        ] {
            assert_eq!(request(&id, &values), None, "{id}");
        }
        // A game's ids never name a puzzle, and the other way round.
        assert!(matches!(
            request(&play_id(7, 3, &[1]), &[]),
            Some(Request::PickPlay { .. })
        ));
        assert_eq!(request("pz-pick-play:7:3:1", &[]), None);
    }

    #[test]
    fn the_picker_fits_five_rows() {
        let menu = PickerMenu {
            placeholder: "p".repeat(200),
            options: (0..25).map(|i| ("l".repeat(120), i)).collect(),
            cells: Vec::new(),
        };
        let shown = PickerShown {
            game: 1,
            ply: 2,
            path: vec![0],
            menus: vec![menu; 4],
            complete: false,
            lang: Default::default(),
            puzzle: None,
        };
        let rows = rows(&shown);
        assert_eq!(rows.len(), 5);
        let json = serde_json::to_value(&rows).expect("json");
        assert_eq!(json[0]["components"][0]["custom_id"], "pick:1:2:0:0");
        assert_eq!(json[3]["components"][0]["custom_id"], "pick:1:2:3:0");
        assert_eq!(json[4]["components"][0]["custom_id"], "pick-at:1:2:");
        let label = json[0]["components"][0]["options"][0]["label"]
            .as_str()
            .unwrap_or_default();
        assert_eq!(label.chars().count(), 100);
    }
}
