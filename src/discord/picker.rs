//! The move picker on Discord (issue 28): the custom ids of the board's Move button
//! and of the private picker's select menus and buttons, what a press on one asks of
//! the service, and the picker message's rows. Every id names the game and the ply the
//! picker opened at, so a press on a picker of an earlier position is refused by the
//! service; ids stay within Discord's 100 characters.

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
    let (verb, rest) = custom_id.split_once(':')?;
    let mut parts = rest.splitn(3, ':');
    let game: u64 = parts.next()?.parse().ok()?;
    let ply: u64 = parts.next()?.parse().ok()?;
    let rest = parts.next()?;
    match verb {
        "pick" => {
            let (_menu, path) = rest.split_once(':')?;
            let mut path = parse_path(path)?;
            let [value] = values else { return None };
            path.push(value.parse().ok().filter(|i| *i < MAX_INDEX)?);
            (path.len() <= MAX_PATH).then_some(Request::Pick {
                game,
                ply: Some(ply),
                path,
            })
        }
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
/// Confirm) rather than opening a picker (the board's Move button).
pub fn on_picker(custom_id: &str) -> bool {
    custom_id.starts_with("pick:")
        || custom_id.starts_with("pick-at:")
        || custom_id.starts_with("pick-play:")
}

/// The picker message's rows: one select menu a row, then Back (once something is
/// chosen) and Confirm (once the answer is complete).
pub fn rows(shown: &PickerShown) -> Vec<CreateActionRow> {
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
                    menu_id(shown.game, shown.ply, i, &shown.path),
                    CreateSelectMenuKind::String { options },
                )
                .placeholder(cut(&m.placeholder, MAX_PLACEHOLDER)),
            )
        })
        .collect();
    let mut buttons = Vec::new();
    if let Some((_, back)) = shown.path.split_last() {
        buttons.push(
            CreateButton::new(show_id(shown.game, shown.ply, back))
                .label(crate::tr!(shown.lang, "picker-back"))
                .style(ButtonStyle::Secondary),
        );
    }
    if shown.complete {
        buttons.push(
            CreateButton::new(play_id(shown.game, shown.ply, &shown.path))
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
    use crate::service::api::PickerMenu;

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
