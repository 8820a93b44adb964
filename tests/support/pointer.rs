//! Pointer actions on a player's private page (issue 49), for the browser tests that
//! play by touching the board: a tap on an offered cell, a drag from one cell to
//! another, a press on one of the picker's chooser buttons, and the waits that keep
//! each action on the choice the page is showing.
#![allow(dead_code)]

use super::browser::until_within;
use super::fake_discord::WAIT;
use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, Locator};
use std::time::Duration;

/// Waits (at most [`WAIT`]) until `script` returns true in the page.
pub async fn until(client: &Client, what: &str, script: &str) {
    until_within(client, what, script, WAIT).await;
}

/// A JavaScript string literal of `text`.
fn js(text: &str) -> String {
    serde_json::Value::String(text.to_string()).to_string()
}

/// Waits until the page's picker shows the choice after `path` (the picker's
/// `data-path`, set once the page has the service's answer for that path).
pub async fn at_path(client: &Client, path: &[u16]) {
    let dotted: Vec<String> = path.iter().map(u16::to_string).collect();
    let script = format!(
        "const p = document.querySelector('#play .picker');\
         return !!p && p.getAttribute('data-path') === {};",
        js(&dotted.join("."))
    );
    until(client, &format!("the picker at {dotted:?}"), &script).await;
}

/// Taps `cell` once the page offers it for option `value`.
pub async fn tap(client: &Client, cell: &str, value: u16) {
    let css = format!(".cell.offered[data-cell=\"{cell}\"][data-value=\"{value}\"]");
    until(
        client,
        &format!("{cell} offered as option {value}"),
        &format!("return !!document.querySelector({});", js(&css)),
    )
    .await;
    client
        .find(Locator::Css(&css))
        .await
        .expect("the cell")
        .click()
        .await
        .expect("tap the cell");
}

/// Presses the chooser button labelled `label` once the page shows it.
pub async fn press(client: &Client, label: &str) {
    let find = format!(
        "return [...document.querySelectorAll('#play .picker .choices button')]\
           .filter(b => b.textContent === {}).length === 1;",
        js(label)
    );
    until(client, &format!("the chooser {label:?}"), &find).await;
    for b in client
        .find_all(Locator::Css("#play .picker .choices button"))
        .await
        .expect("the choosers")
    {
        if b.text().await.expect("its label") == label {
            b.click().await.expect("press the chooser");
            return;
        }
    }
    panic!("the chooser {label:?} went away");
}

/// Drags from `from` (offered, for option `value` when given) to the cell `to`, whose
/// centre is read from the page's own map of the cells: the target is not offered (nor
/// shown) until the first choice has been answered, and the page takes it once it is.
pub async fn drag(client: &Client, from: &str, value: Option<u16>, to: &str) {
    let css = match value {
        Some(v) => format!(".cell.offered[data-cell=\"{from}\"][data-value=\"{v}\"]"),
        None => format!(".cell.offered[data-cell=\"{from}\"]"),
    };
    until(
        client,
        &format!("{from} offered ({value:?})"),
        &format!("return !!document.querySelector({});", js(&css)),
    )
    .await;
    let start = client.find(Locator::Css(&css)).await.expect("the cell");
    let centre = client
        .execute(
            &format!(
                "const r = document.querySelector('figure.board').dataset.cells.split(';')\
                   .map(e => e.split(':')).find(e => e[0] === {})[1].split(',').map(Number);\
                 const b = document.querySelector('.board-wrap').getBoundingClientRect();\
                 return [b.left + (r[0] + r[2] / 2) * b.width, b.top + (r[1] + r[3] / 2) * b.height];",
                js(to)
            ),
            vec![],
        )
        .await
        .expect("the target's centre");
    let (x, y) = (
        centre[0].as_f64().expect("x"),
        centre[1].as_f64().expect("y"),
    );
    let actions = MouseActions::new("mouse".to_string())
        .then(PointerAction::MoveToElement {
            element: start,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::MoveTo {
            duration: Some(Duration::from_millis(150)),
            x,
            y,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    client.perform_actions(actions).await.expect("drag");
    client.release_actions().await.expect("release the mouse");
}
