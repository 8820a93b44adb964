//! Components V2 board messages (issue 28): the fake Discord refuses what Discord
//! documents it refuses (the flag, 40 components, 4000 characters of text, galleries of
//! uploaded files, action rows, custom ids, types, the flag never removed); serenity
//! reads back the container messages Discord answers with, over HTTP and the gateway;
//! and a game played through the fake shows each board as one container whose accent
//! is the colour of the side asked, with the board in a gallery, the buttons inside,
//! no `content`, and the player asked pinged.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use arcana::core::view::Viewer;
use arcana::service::api::{GameControls, Reply, Request, User};
use arcana::variants::{Game, Options, VariantId};
use serde_json::{json, Value};
use support::bot::{
    answers, body, button, button_ids, mention, message_id, public, slash, started, Scripted,
    Serving, ALICE, BOB, CAROL, CHANNEL,
};
use support::fake_discord::{
    all_components, check_message, is_v2, message_json, visible_text, FakeDiscord, Recorded,
    BOT_ID, COMPONENTS_V2,
};

const IN_CHANNEL: &str = "image_size = 256\nthreads = false\n";

/// The accents of the side asked: White's (light) and Black's (dark).
const WHITE_ACCENT: u64 = 0xF0_EC_E0;
const BLACK_ACCENT: u64 = 0x2B_2B_2B;

/// A container holding `inside`, in a V2 message.
fn v2(inside: Vec<Value>) -> Value {
    json!({"flags": COMPONENTS_V2, "components": [{"type": 17, "components": inside}]})
}

fn text(t: &str) -> Value {
    json!({"type": 10, "content": t})
}

fn gallery(names: &[&str]) -> Value {
    let items: Vec<Value> = names
        .iter()
        .map(|n| json!({"media": {"url": format!("attachment://{n}")}}))
        .collect();
    json!({"type": 12, "items": items})
}

fn row(ids: &[String]) -> Value {
    let buttons: Vec<Value> = ids
        .iter()
        .map(|id| json!({"type": 2, "style": 2, "label": "b", "custom_id": id}))
        .collect();
    json!({"type": 1, "components": buttons})
}

/// The refused field's path in Discord's error answer (`{"errors": {"a": {"b": ...`).
fn refused(r: Result<(), (axum::http::StatusCode, Option<Value>)>) -> String {
    let (status, answer) = r.expect_err("refused");
    assert_eq!(status.as_u16(), 400);
    let answer = answer.unwrap();
    assert_eq!(answer["code"], json!(50035), "{answer}");
    assert_eq!(answer["message"], json!("Invalid Form Body"));
    let mut path = Vec::new();
    let mut e = &answer["errors"];
    while let Some((k, v)) = e.as_object().and_then(|o| o.iter().next()) {
        if k == "_errors" {
            break;
        }
        path.push(k.clone());
        e = v;
    }
    assert!(e["_errors"][0]["code"].is_string(), "{answer}");
    path.join(".")
}

#[test]
fn the_fake_refuses_what_discord_documents_it_refuses() {
    let png = vec!["board.png".to_string()];
    let ok = |m: &Value| check_message(m, &png, None).unwrap();
    let ids = |n: usize, p: &str| (0..n).map(|i| format!("{p}{i}")).collect::<Vec<_>>();

    // A board message as the bot sends it passes.
    let good = v2(vec![
        text("<@1> to move"),
        gallery(&["board.png"]),
        row(&ids(3, "b")),
    ]);
    ok(&good);

    // With the flag: no content, embeds, stickers or poll.
    for (key, value) in [
        ("content", json!("hello")),
        ("embeds", json!([{"title": "x"}])),
        ("sticker_ids", json!(["1"])),
        ("poll", json!({"question": {"text": "?"}})),
    ] {
        let mut m = good.clone();
        m[key] = value;
        assert_eq!(refused(check_message(&m, &png, None)), key);
    }
    // Null or empty legacy fields are no content.
    let mut m = good.clone();
    m["content"] = Value::Null;
    m["embeds"] = json!([]);
    ok(&m);

    // 40 components in all, nested ones counted: a container of 39 text displays is
    // 40; one more is refused.
    let many = |n: usize| v2((0..n).map(|i| text(&format!("line {i}"))).collect());
    ok(&many(39));
    assert_eq!(refused(check_message(&many(40), &png, None)), "components");
    // Buttons count too: 1 container + 7 rows of 5 buttons = 43.
    let rows: Vec<Value> = (0..7).map(|r| row(&ids(5, &format!("r{r}-")))).collect();
    assert_eq!(refused(check_message(&v2(rows), &png, None)), "components");

    // 4000 characters of text across all text displays.
    ok(&v2(vec![text(&"x".repeat(2000)), text(&"y".repeat(2000))]));
    let long = v2(vec![text(&"x".repeat(2000)), text(&"y".repeat(2001))]);
    assert_eq!(refused(check_message(&long, &png, None)), "components");

    // A gallery holds 1 to 10 items, each a file uploaded with the message.
    let empty = v2(vec![json!({"type": 12, "items": []})]);
    assert_eq!(
        refused(check_message(&empty, &png, None)),
        "components.0.components.0.items"
    );
    let eleven: Vec<String> = (0..11).map(|i| format!("{i}.png")).collect();
    let names: Vec<&str> = eleven.iter().map(String::as_str).collect();
    assert_eq!(
        refused(check_message(&v2(vec![gallery(&names)]), &eleven, None)),
        "components.0.components.0.items"
    );
    check_message(&v2(vec![gallery(&names[..10])]), &eleven, None).unwrap();
    let missing = v2(vec![gallery(&["other.png"])]);
    assert_eq!(
        refused(check_message(&missing, &png, None)),
        "components.0.components.0.items.0.media.url"
    );
    let none_sent = check_message(&good, &[], None);
    assert_eq!(
        refused(none_sent),
        "components.0.components.1.items.0.media.url"
    );

    // An action row holds at most 5 buttons; a custom id is at most 100 characters
    // and unique in the message.
    let six = v2(vec![row(&ids(6, "b"))]);
    assert_eq!(
        refused(check_message(&six, &png, None)),
        "components.0.components.0.components"
    );
    let hundred = "i".repeat(100);
    ok(&v2(vec![row(std::slice::from_ref(&hundred))]));
    let long_id = v2(vec![row(&[format!("{hundred}i")])]);
    assert_eq!(
        refused(check_message(&long_id, &png, None)),
        "components.0.components.0.components.0.custom_id"
    );
    let twice = v2(vec![row(&["same".into()]), row(&["same".into()])]);
    assert_eq!(
        refused(check_message(&twice, &png, None)),
        "components.0.components.1.components.0.custom_id"
    );

    // Unknown types are refused, and so are the new ones without the flag.
    let unknown = v2(vec![json!({"type": 99})]);
    assert_eq!(
        refused(check_message(&unknown, &png, None)),
        "components.0.components.0.type"
    );
    let mut classic = good.clone();
    classic["flags"] = json!(0);
    assert_eq!(
        refused(check_message(&classic, &png, None)),
        "components.0.type"
    );
    // A classic message keeps its action rows and content.
    ok(&json!({"content": "hi", "components": [row(&ids(5, "c"))]}));

    // A container's accent is an RGB colour.
    let mut bright = good.clone();
    bright["components"][0]["accent_color"] = json!(0x1_00_00_00);
    assert_eq!(
        refused(check_message(&bright, &png, None)),
        "components.0.accent_color"
    );

    // An edit never removes the flag, nor sends content to a V2 message; an upgrade
    // clears the old content.
    let kept = {
        let mut m = message_json(1, CHANNEL, json!({}), "");
        m["flags"] = json!(COMPONENTS_V2);
        m["components"] = good["components"].clone();
        m
    };
    let downgrade = json!({"flags": 0, "content": "plain", "components": []});
    assert_eq!(
        refused(check_message(&downgrade, &[], Some(&kept))),
        "flags"
    );
    let content_only = json!({"content": "plain"});
    assert_eq!(
        refused(check_message(&content_only, &[], Some(&kept))),
        "content"
    );
    let classic_kept = message_json(2, CHANNEL, json!({}), "a classic message");
    let upgrade = v2(vec![text("now a container")]);
    assert_eq!(
        refused(check_message(&upgrade, &[], Some(&classic_kept))),
        "content"
    );
    let mut cleared = upgrade.clone();
    cleared["content"] = Value::Null;
    check_message(&cleared, &[], Some(&classic_kept)).unwrap();

    // A file component takes only an uploaded file.
    let file = v2(vec![
        json!({"type": 13, "file": {"url": "https://example.com/a.txt"}}),
    ]);
    assert_eq!(
        refused(check_message(&file, &png, None)),
        "components.0.components.0.file.url"
    );
}

fn section(texts: &[&str], accessory: Value) -> Value {
    let texts: Vec<Value> = texts.iter().map(|t| text(t)).collect();
    json!({"type": 9, "components": texts, "accessory": accessory})
}

fn move_button(id: &str) -> Value {
    json!({"type": 2, "style": 1, "label": "Move", "custom_id": id})
}

/// Every component of a message, nested ones and accessories counted, as Discord
/// counts them toward its 40.
fn count_all(message: &Value) -> usize {
    all_components(message).len()
}

/// A board's status as the bot must send it: a Section of 1 to 3 non-empty text
/// displays beside the Move button (the picker of the player asked).
fn assert_status_section(s: &Value) {
    assert_eq!(s["type"], json!(9), "{s}");
    let texts = s["components"].as_array().unwrap();
    assert!((1..=3).contains(&texts.len()), "{s}");
    assert!(
        texts
            .iter()
            .all(|t| t["type"] == json!(10) && !t["content"].as_str().unwrap().trim().is_empty()),
        "{s}"
    );
    let accessory = &s["accessory"];
    assert_eq!(accessory["type"], json!(2), "{s}");
    assert!(
        accessory["custom_id"]
            .as_str()
            .unwrap()
            .starts_with("pick-open:"),
        "{s}"
    );
}

#[test]
fn the_fake_checks_sections_as_discord_documents_them() {
    let png = vec!["board.png".to_string()];
    let check = |inside: Vec<Value>| check_message(&v2(inside), &png, None);
    let thumb = json!({"type": 11, "media": {"url": "attachment://board.png"}});

    // 1 to 3 text displays beside a button or a thumbnail pass.
    for n in 1..=3 {
        let texts: Vec<String> = (0..n).map(|i| format!("line {i}")).collect();
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        check(vec![section(&texts, move_button("pick-open:1"))]).unwrap();
        check(vec![section(&texts, thumb.clone())]).unwrap();
    }
    // At the top of a V2 message too.
    let top = json!({"flags": COMPONENTS_V2,
        "components": [section(&["a"], move_button("m"))]});
    check_message(&top, &png, None).unwrap();

    // No text display, or four: refused.
    assert_eq!(
        refused(check(vec![section(&[], move_button("m"))])),
        "components.0.components.0.components"
    );
    assert_eq!(
        refused(check(vec![section(
            &["a", "b", "c", "d"],
            move_button("m")
        )])),
        "components.0.components.0.components"
    );
    // The accessory is required, and only a button or a thumbnail.
    let mut bare = section(&["a"], Value::Null);
    assert_eq!(
        refused(check(vec![bare.clone()])),
        "components.0.components.0.accessory"
    );
    bare.as_object_mut().unwrap().remove("accessory");
    assert_eq!(
        refused(check(vec![bare])),
        "components.0.components.0.accessory"
    );
    for wrong in [
        text("a text is no accessory"),
        row(&["in-a-row".into()]),
        gallery(&["board.png"]),
    ] {
        assert_eq!(
            refused(check(vec![section(&["a"], wrong)])),
            "components.0.components.0.accessory.type"
        );
    }
    // Only text displays inside, and no empty one.
    let mut button_inside = section(&["a"], move_button("m"));
    button_inside["components"][0] = move_button("x");
    assert_eq!(
        refused(check(vec![button_inside])),
        "components.0.components.0.components.0.type"
    );
    assert_eq!(
        refused(check(vec![section(&[""], move_button("m"))])),
        "components.0.components.0.components.0.content"
    );
    // The accessory button's custom id is checked like any other: unique in the
    // message, so the Move button is not also in a row.
    assert_eq!(
        refused(check(vec![
            section(&["a"], move_button("pick-open:1")),
            row(&["pick-open:1".into(), "resign:1".into()]),
        ])),
        "components.0.components.1.components.0.custom_id"
    );
    // A thumbnail names an uploaded file or a URL.
    let elsewhere = json!({"type": 11, "media": {"url": "attachment://other.png"}});
    assert_eq!(
        refused(check(vec![section(&["a"], elsewhere)])),
        "components.0.components.0.accessory.media.url"
    );
    // Sections need the flag.
    let classic = json!({"content": "hi", "components": [section(&["a"], move_button("m"))]});
    assert_eq!(
        refused(check_message(&classic, &png, None)),
        "components.0.type"
    );
    // With the flag, no content beside a section either.
    let mut with_content = v2(vec![section(&["a"], move_button("m"))]);
    with_content["content"] = json!("hello");
    assert_eq!(refused(check_message(&with_content, &png, None)), "content");

    // Nested components count toward the 40: a container (1) of 9 sections of 3 texts
    // and a button (5 each: 46 in all) is refused; of 7 (36) and 4 more texts (40)
    // passes, and one more is refused.
    let full = |n: usize| -> Vec<Value> {
        (0..n)
            .map(|i| section(&["a", "b", "c"], move_button(&format!("m{i}"))))
            .collect()
    };
    assert_eq!(refused(check(full(9))), "components");
    let mut forty = full(7);
    forty.extend((0..4).map(|i| text(&format!("t{i}"))));
    assert_eq!(count_all(&v2(forty.clone())), 40);
    check(forty.clone()).unwrap();
    forty.push(text("one more"));
    assert_eq!(refused(check(forty)), "components");
}

/// serenity's HTTP client against the fake's plain-HTTP API.
fn client(fake: &FakeDiscord) -> serenity::http::Http {
    serenity::http::HttpBuilder::new("fake-token")
        .proxy(fake.base())
        .ratelimiter_disabled(true)
        .application_id(support::fake_discord::APP_ID.into())
        .build()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenity_reads_back_the_container_messages_discord_answers_with() {
    let fake = FakeDiscord::start().await;
    let http = client(&fake);
    let channel = serenity::all::ChannelId::new(CHANNEL);
    let png = serenity::all::CreateAttachment::bytes(vec![1, 2, 3], "board.png");
    let body = {
        let mut b = v2(vec![
            text("<@100000000000000002> to move"),
            gallery(&["board.png"]),
            row(&["resign:1".into()]),
        ]);
        b["attachments"] = json!([{"id": 0, "filename": "board.png"}]);
        b
    };
    // Discord answers with the message as it keeps it: a container at the top, ids on
    // every component, the media resolved. serenity keeps top-level action rows only and
    // skips the rest, so the message still reads, and its id is there.
    let sent = http
        .send_message(channel, vec![png.clone()], &body)
        .await
        .expect("a container message is sent and read back");
    assert!(sent.components.is_empty());
    let kept = fake.message(sent.id.get()).unwrap();
    assert!(is_v2(&kept));
    assert_eq!(kept["content"], json!(""));
    let all = all_components(&kept);
    assert!(all.iter().all(|c| c["id"].as_u64().is_some()), "{kept}");
    let media = &kept["components"][0]["components"][1]["items"][0]["media"];
    assert_eq!(media["url"], kept["attachments"][0]["url"], "{kept}");
    assert_eq!(visible_text(&kept), "<@100000000000000002> to move");
    // The same message arriving over the gateway (MESSAGE_CREATE, MESSAGE_UPDATE) or
    // in a button press reads as well.
    let read: serenity::all::Message = serde_json::from_value(kept.clone()).unwrap();
    assert_eq!(read.id, sent.id);
    let mut update = kept.clone();
    update["guild_id"] = json!(support::fake_discord::GUILD_ID.to_string());
    let read: serenity::all::MessageUpdateEvent = serde_json::from_value(update).unwrap();
    assert_eq!(read.components.map(|c| c.len()), Some(0));

    // An edit that keeps it a container is taken; one that would remove the flag is
    // refused with Discord's error, which serenity reports with its code.
    let edit = json!({"components": v2(vec![text("over")])["components"]});
    http.edit_message(channel, sent.id, &edit, Vec::new())
        .await
        .unwrap();
    let classic = json!({"flags": 0, "content": "plain"});
    let e = http
        .edit_message(channel, sent.id, &classic, Vec::new())
        .await
        .expect_err("the flag cannot be removed");
    match e {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) => {
            assert_eq!(r.status_code.as_u16(), 400);
            assert_eq!(r.error.code, 50035);
        }
        other => panic!("unexpected error {other}"),
    }
    // Content with the flag is refused on a new message too.
    let mut with_content = body.clone();
    with_content["content"] = json!("hi");
    assert!(http
        .send_message(channel, vec![png], &with_content)
        .await
        .is_err());
}

/// The V2 board messages among `rs` (bodies as sent), in order.
fn boards(rs: &[Recorded]) -> Vec<Value> {
    rs.iter()
        .filter(|r| r.method != "DELETE" && r.status < 300)
        .map(|r| body(r).clone())
        .filter(|b| is_v2(b) && button_ids(b).iter().any(|i| i.starts_with("resign:")))
        .collect()
}

/// A board message as the bot must send it: one container, accent `accent`, the text
/// pinging `asked`, the board from the uploaded board.png, the buttons inside, no
/// content; the request uploads board.png and pings `asked` alone.
fn assert_board(r: &Recorded, accent: Option<u64>, asked: &support::fake_discord::FakeUser) {
    let b = body(r);
    assert!(is_v2(b), "not a container message: {b}");
    assert!(b.get("content").is_none_or(Value::is_null), "{b}");
    let top = b["components"].as_array().unwrap();
    assert_eq!(top.len(), 1, "one container: {b}");
    let container = &top[0];
    assert_eq!(container["type"], json!(17));
    assert_eq!(container["accent_color"].as_u64(), accent, "{b}");
    let inside = container["components"].as_array().unwrap();
    let kinds: Vec<u64> = inside.iter().map(|c| c["type"].as_u64().unwrap()).collect();
    assert_eq!(
        kinds,
        vec![9, 12, 1],
        "status section, gallery, buttons: {b}"
    );
    assert_status_section(&inside[0]);
    assert!(visible_text(&json!({"components": [inside[0].clone()]})).contains(&mention(asked)));
    assert!(
        count_all(b) <= 40,
        "{} components, nested counted: {b}",
        count_all(b)
    );
    assert_eq!(
        inside[1]["items"][0]["media"]["url"],
        json!("attachment://board.png")
    );
    assert!(r.files.iter().any(|(n, _)| n == "board.png"), "no upload");
    assert!(button_ids(b).iter().any(|i| i.starts_with("resign:")));
    assert_eq!(
        b["allowed_mentions"]["users"],
        json!([asked.id.to_string()]),
        "{b}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_shows_each_board_in_a_container_of_the_side_asked() {
    let (fake, _dir, _bot) = started(IN_CHANNEL).await;

    // alice challenges bob (alice White); bob accepts with the button.
    let mark = fake.mark();
    let ciid = fake.slash(
        &ALICE,
        CHANNEL,
        "challenge",
        &[
            ("opponent", 6, json!(BOB.id.to_string())),
            ("color", 3, json!("white")),
        ],
        &[&BOB],
    );
    let rs = answers(&fake, mark, ciid).await;
    let challenge = public(&rs).into_iter().next().unwrap();
    let accept = button(body(&challenge), "accept");
    let message = fake.original(ciid).unwrap();
    let mark = fake.mark();
    let iid = fake.button(&BOB, CHANNEL, &accept, message);
    let rs = answers(&fake, mark, iid).await;
    let first = rs
        .iter()
        .find(|r| is_v2(body(r)) && r.status < 300)
        .unwrap_or_else(|| panic!("no container board: {rs:?}"));
    assert_board(first, Some(WHITE_ACCENT), &ALICE);

    // 1. e4: Black is asked, the accent turns dark, bob is pinged.
    let rs = slash(&fake, &ALICE, "move", &[("text", 3, json!("e4"))], &[]).await;
    let r = rs.iter().find(|r| is_v2(body(r))).unwrap();
    assert_board(r, Some(BLACK_ACCENT), &BOB);
    assert!(r.content().contains("e2-e4"), "{}", r.content());

    // The board message as Discord keeps it: the gallery shows the uploaded file.
    let kept = fake
        .messages_in(CHANNEL)
        .into_iter()
        .rev()
        .find(|m| is_v2(m) && visible_text(m).contains("e2-e4"))
        .unwrap();
    let media = &kept["components"][0]["components"][1]["items"][0]["media"];
    let png = kept["attachments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["filename"] == json!("board.png"))
        .unwrap();
    assert_eq!(media["url"], png["url"]);

    // Discord sends the bot's own messages back over the gateway (MESSAGE_CREATE, and
    // MESSAGE_UPDATE when they change): container messages must not trouble it.
    let mut event = kept.clone();
    event["guild_id"] = json!(fake.guild_of(CHANNEL).to_string());
    event["author"] = json!({"id": BOT_ID.to_string(), "username": "arcana",
        "discriminator": "0", "global_name": null, "avatar": null, "bot": true});
    fake.dispatch("MESSAGE_CREATE", event.clone());
    fake.dispatch("MESSAGE_UPDATE", event);

    // A chat move is still read, and its board is a container.
    let mark = fake.mark();
    fake.chat(&BOB, CHANNEL, "e5");
    let post = format!("/api/v10/channels/{CHANNEL}/messages");
    let r = fake
        .wait_for(mark, "bob's board", |r| {
            r.method == "POST" && r.path == post
        })
        .await;
    assert_eq!(r.status, 200, "{}", r.json);
    assert_board(&r, Some(WHITE_ACCENT), &ALICE);

    // A press on a container board (the interaction carries the V2 message) is read:
    // alice offers a draw from it.
    let board = fake
        .messages_in(CHANNEL)
        .into_iter()
        .rev()
        .find(|m| is_v2(m) && visible_text(m).contains("e7-e5"))
        .unwrap();
    let rs = support::bot::press(&fake, &ALICE, &board, &button(&board, "draw-offer")).await;
    assert!(
        rs.iter()
            .any(|r| r.content().contains("offers a draw") && r.status < 300),
        "{rs:?}"
    );

    // bob resigns: the closing board is a container with no side to move (no accent)
    // and only Rematch.
    let rs = slash(&fake, &BOB, "resign", &[], &[]).await;
    let closing: Vec<&Recorded> = rs.iter().filter(|r| is_v2(body(r))).collect();
    assert!(!closing.is_empty(), "{rs:?}");
    let last = body(closing[closing.len() - 1]);
    assert!(last["components"][0]["accent_color"].is_null(), "{last}");
    let ids = button_ids(last);
    assert!(ids.iter().all(|i| i.starts_with("rematch:")), "{ids:?}");

    // A press on an older board of the finished game updates it (type 7) into its
    // closing message, still a container, which the fake accepts.
    let mark = fake.mark();
    let iid = fake.button(
        &CAROL,
        CHANNEL,
        &button(&board, "draw-offer"),
        board.clone(),
    );
    let rs = answers(&fake, mark, iid).await;
    let update = support::bot::update(&rs).expect("the pressed board is updated");
    assert_eq!(update.status, 204, "{}", update.json);
    let data = &update.json["data"];
    assert!(is_v2(data), "{data}");
    let ids = button_ids(data);
    assert_eq!(ids.len(), 1);
    assert!(ids[0].starts_with("rematch:"));
    let now = fake.message(message_id(&board)).unwrap();
    assert!(is_v2(&now));
    assert!(
        visible_text(&now).to_lowercase().contains("resign"),
        "{now}"
    );
    assert!(boards(&rs).is_empty());
}

/// A scripted board reply: its text, Black asked, with a real board picture.
fn board_reply(text: String) -> Reply {
    let game = Game::new(VariantId::DEFAULT, &Options::new(), 1).unwrap();
    let mut view = game.view(Viewer::Public);
    view.to_move = Some(arcana::core::Side::Black);
    let mut r = Reply::channel(text);
    r.mention = vec![User {
        id: BOB.id,
        name: "bob".into(),
    }];
    r.image = Some(view);
    r.controls = Some(GameControls {
        game: 7,
        draw_offer: false,
        secrets: false,
        finished: false,
    });
    r
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_board_texts_fit_the_container_or_travel_as_a_file() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let service = Scripted::new(false, |_, request| match request {
        Request::Move { text } if text == "short" => vec![board_reply("a".repeat(3000))],
        Request::Move { .. } => vec![board_reply("b".repeat(4500))],
        _ => vec![Reply::invoker("?")],
    });
    let _serving = Serving::start(&fake, &dir.path().join("data"), IN_CHANNEL, service).await;

    // 3000 characters: over a classic message's 2000, within a container's 4000.
    let rs = slash(&fake, &ALICE, "move", &[("text", 3, json!("short"))], &[]).await;
    let r = rs.iter().find(|r| is_v2(body(r))).unwrap();
    assert_board(r, Some(BLACK_ACCENT), &BOB);
    assert_eq!(r.files.len(), 1);
    assert!(r.content().contains(&"a".repeat(3000)));

    // 4500: a classic message as before, the whole text attached beside the board.
    let rs = slash(&fake, &ALICE, "move", &[("text", 3, json!("long"))], &[]).await;
    let r = rs
        .iter()
        .find(|r| r.files.iter().any(|(n, _)| n == "text.txt"))
        .unwrap_or_else(|| panic!("no text file: {rs:?}"));
    assert!(r.status < 300, "{}", r.json);
    assert!(!is_v2(body(r)));
    assert!(r.files.iter().any(|(n, _)| n == "board.png"));
    assert!(r.content().ends_with("(the full text is attached)"));
    assert!(button_ids(body(r)).iter().any(|i| i.starts_with("resign:")));
}
