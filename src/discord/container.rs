//! A message as one Components V2 container, in the JSON Discord takes (serenity 0.12
//! has no builders for it, so such a message is sent as raw JSON through serenity's
//! `Http`, through the relay that keeps the rate limits): the status as a Section beside the Move
//! button, the board in a gallery, the other buttons; and Discord's limits on it.
//!
//! Components V2 (Discord's message flag `IS_COMPONENTS_V2`, `1 << 15`): the message
//! Discord answers with still deserializes: serenity keeps a message's top-level action
//! rows and skips any other top-level component (a container), so the id the bot needs
//! is read as usual.

use super::parts::{Layout, Parts, MAX_V2_TEXT};
use serde_json::{json, Value};

/// Discord's message flag that turns a message into Components V2 (`1 << 15`): no
/// `content` or `embeds` then, everything is a component; it cannot be removed later.
pub(crate) const COMPONENTS_V2: u64 = 1 << 15;

/// Discord's message flag for a message only its invoker sees.
const EPHEMERAL: u64 = 1 << 6;

/// Discord's limits on a Components V2 message: 40 components in all, nested ones
/// (a section's text displays and accessory, a row's buttons) counted; a section holds
/// 1 to 3 text displays.
pub(crate) const MAX_COMPONENTS: usize = 40;
const MAX_SECTION_TEXTS: usize = 3;
impl Parts {
    /// The JSON body of a Components V2 message: the flag (and the private one), one
    /// container, who may be pinged, the uploaded files; no `content`.
    ///
    /// The status text is a Section (type 9) whose accessory is the Move button (it
    /// opens the picker of the player asked, whom the text names and pings: the
    /// question and the way to answer it side by side). A Thumbnail accessory would
    /// only repeat the board, which the gallery shows large; a board of a finished
    /// game has no Move button, and its text stays one Text Display (Rematch stays in
    /// its row: a section's accessory belongs to the text, and the closing text is not
    /// about the next game).
    pub(crate) fn container_body(&self, ephemeral: bool) -> Value {
        let (accent, gallery) = match self.layout {
            Layout::Container { accent, gallery } => (accent, gallery),
            Layout::Classic => (None, false),
        };
        // Text beyond the limit cannot be sent: `board` never makes such a container,
        // and a closing text is short; cut rather than be refused.
        let text: String = self.content.chars().take(MAX_V2_TEXT).collect();
        let mut rows = serde_json::to_value(&self.rows)
            .ok()
            .and_then(|r| r.as_array().cloned())
            .unwrap_or_default();
        // The status beside the Move button of the player asked, when there is one.
        let status = match take_button(&mut rows, super::picker::is_open_id) {
            Some(button) => section(&text, button),
            None => json!({"type": 10, "content": text}),
        };
        let mut inside = vec![status];
        if gallery {
            let items: Vec<Value> = self
                .files
                .iter()
                .filter(|f| f.filename.ends_with(".png"))
                .map(|f| json!({"media": {"url": format!("attachment://{}", f.filename)}}))
                .collect();
            if !items.is_empty() {
                inside.push(json!({"type": 12, "items": items}));
            }
        }
        inside.extend(rows);
        // The container itself counts too. Never reached by a board (one row of at most
        // 5 buttons), but a section costs 2 components more than a text display.
        if 1 + count_components(&json!(inside)) > MAX_COMPONENTS && inside[0]["type"] == json!(9) {
            let button = inside[0]["accessory"].take();
            inside[0] = json!({"type": 10, "content": text});
            inside.push(json!({"type": 1, "components": [button]}));
        }
        let mut container = json!({"type": 17, "components": inside});
        if let Some(accent) = accent {
            container["accent_color"] = json!(accent);
        }
        let attachments: Vec<Value> = self
            .files
            .iter()
            .enumerate()
            .map(|(i, f)| json!({"id": i, "filename": f.filename}))
            .collect();
        let mut flags = COMPONENTS_V2;
        if ephemeral {
            flags |= EPHEMERAL;
        }
        json!({
            "flags": flags,
            "components": [container],
            "allowed_mentions": serde_json::to_value(self.allowed()).unwrap_or_default(),
            "attachments": attachments,
        })
    }
}

/// A board's status as a Section (type 9): its lines as up to 3 Text Displays (the
/// first line, the second, then the rest together: the last move, who is asked what,
/// the time left), with `accessory` (a button) beside them. A line left blank stays
/// with the text display before it, since a text display cannot be empty; the text
/// reads back the same, the displays joined by line breaks.
pub(crate) fn section(text: &str, accessory: Value) -> Value {
    let mut parts: Vec<String> = Vec::new();
    for line in text.split('\n') {
        let full = parts.len() >= MAX_SECTION_TEXTS;
        match parts.last_mut() {
            Some(last) if full || line.trim().is_empty() || last.trim().is_empty() => {
                last.push('\n');
                last.push_str(line);
            }
            _ => parts.push(line.to_string()),
        }
    }
    if parts.iter().all(|p| p.trim().is_empty()) {
        // Nothing to show beside the button: Discord refuses an empty text display.
        return json!({"type": 10, "content": text});
    }
    let texts: Vec<Value> = parts
        .into_iter()
        .map(|p| json!({"type": 10, "content": p}))
        .collect();
    json!({"type": 9, "components": texts, "accessory": accessory})
}

/// Takes the first button whose custom id passes `wanted` out of `rows` (a row left
/// empty goes too: an action row holds 1 to 5 components).
fn take_button(rows: &mut Vec<Value>, wanted: fn(&str) -> bool) -> Option<Value> {
    for i in 0..rows.len() {
        let Some(buttons) = rows[i]["components"].as_array_mut() else {
            continue;
        };
        let found = buttons
            .iter()
            .position(|b| b["type"] == json!(2) && b["custom_id"].as_str().is_some_and(wanted));
        if let Some(j) = found {
            let button = buttons.remove(j);
            if buttons.is_empty() {
                rows.remove(i);
            }
            return Some(button);
        }
    }
    None
}

/// How many components `components` holds, every level counted as Discord counts
/// them toward [`MAX_COMPONENTS`] (a section's accessory too).
pub(crate) fn count_components(components: &Value) -> usize {
    components
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            1 + count_components(&c["components"])
                + usize::from(c.get("accessory").is_some_and(|a| !a.is_null()))
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Side;
    use crate::discord::parts::tests::board_out;
    use crate::discord::parts::{closed_board, ACCENT_BLACK, ACCENT_WHITE};
    use crate::i18n::Lang;

    #[test]
    fn a_board_is_one_container_in_the_colour_of_the_side_asked() {
        let p = Parts::of(&board_out("e2-e4\nbob to move", Some(Side::Black)));
        assert_eq!(
            p.layout,
            Layout::Container {
                accent: Some(ACCENT_BLACK),
                gallery: true
            }
        );
        let body = p.container_body(false);
        assert_eq!(body["flags"], json!(COMPONENTS_V2));
        assert!(body.get("content").is_none());
        assert_eq!(
            body["attachments"],
            json!([{"id": 0, "filename": "board.png"}])
        );
        let container = &body["components"][0];
        assert_eq!(container["type"], json!(17));
        assert_eq!(container["accent_color"], json!(ACCENT_BLACK));
        let inside = &container["components"];
        // The status: a section of its lines beside the Move button.
        assert_eq!(inside[0]["type"], json!(9));
        assert_eq!(
            inside[0]["components"],
            json!([
                {"type": 10, "content": "<@42> e2-e4"},
                {"type": 10, "content": "bob to move"}
            ])
        );
        assert_eq!(inside[0]["accessory"]["custom_id"], json!("pick-open:9"));
        assert_eq!(inside[0]["accessory"]["type"], json!(2));
        assert_eq!(
            inside[1]["items"][0]["media"]["url"],
            json!("attachment://board.png")
        );
        assert_eq!(inside[2]["type"], json!(1));
        // The other buttons stay in their row; Move is not there twice.
        let row: Vec<&Value> = inside[2]["components"]
            .as_array()
            .map(|b| b.iter().map(|b| &b["custom_id"]).collect())
            .unwrap_or_default();
        assert_eq!(row, vec![&json!("resign:9"), &json!("draw-offer:9")]);
        assert_eq!(inside.as_array().map(Vec::len), Some(3));
        assert!(count_components(&body["components"]) <= MAX_COMPONENTS);
        assert_eq!(body["allowed_mentions"]["users"], json!(["42"]));

        let white = Parts::of(&board_out("x", Some(Side::White))).container_body(false);
        assert_eq!(white["components"][0]["accent_color"], json!(ACCENT_WHITE));
        let over = Parts::of(&board_out("x", None)).container_body(true);
        assert!(over["components"][0].get("accent_color").is_none());
        assert_eq!(over["flags"], json!(COMPONENTS_V2 | EPHEMERAL));
    }
    #[test]
    fn a_closed_board_is_a_container_with_only_rematch_and_no_file() {
        let p = closed_board("Chess: a vs b\nb resigns", 9, Lang::En);
        let body = p.container_body(false);
        assert_eq!(body["attachments"], json!([]));
        let inside = body["components"][0]["components"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let kinds: Vec<&Value> = inside.iter().map(|c| &c["type"]).collect();
        assert_eq!(kinds, vec![&json!(10), &json!(1)]);
        assert_eq!(inside[1]["components"][0]["custom_id"], json!("rematch:9"));
    }

    #[test]
    fn a_status_is_up_to_three_text_displays_that_read_back_the_same() {
        let texts = |t: &str| -> Vec<String> {
            let s = section(t, json!({"type": 2}));
            assert_eq!(s["type"], json!(9), "{s}");
            let parts: Vec<String> = s["components"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .map(|c| c["content"].as_str().unwrap_or_default().to_string())
                        .collect()
                })
                .unwrap_or_default();
            assert!((1..=3).contains(&parts.len()), "{s}");
            assert!(parts.iter().all(|p| !p.trim().is_empty()), "{s}");
            assert_eq!(parts.join("\n"), t);
            parts
        };
        assert_eq!(texts("one line"), vec!["one line"]);
        assert_eq!(texts("a\nb\nc\nd\ne"), vec!["a", "b", "c\nd\ne"]);
        assert_eq!(texts("a\n\nb\nc"), vec!["a\n", "b", "c"]);
        assert_eq!(texts("\na\nb"), vec!["\na", "b"]);
        // Nothing to show: a plain text display.
        assert_eq!(section(" ", json!({}))["type"], json!(10));
        // Counted as Discord counts: the section, its 2 texts, its accessory.
        let s = section("a\nb", json!({"type": 2}));
        assert_eq!(count_components(&json!([s])), 4);
    }
}
