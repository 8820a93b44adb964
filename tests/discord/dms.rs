//! Everywhere in Discord (issue 50): the fake Discord's user-install rules, and a whole
//! Spell Chess game in a group chat the bot is no member of, reached through the
//! players' installs of the app: every move answered on its interaction, the player
//! asked told by direct message (with the board and its Move button), a reminder and
//! the end by direct message, nothing ever posted in the chat. The bot serves an
//! in-process service whose clock the test moves; the store is the test's backend.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use arcana::service::clock::{ManualClock, DAY_MS};
use arcana::service::front::GameService;
use arcana::service::{Service, ServiceConfig};
use arcana::store::Store;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use support::bot::{button_ids, slash_in, Bot, Serving, ALICE, BOB};
use support::fake_discord::{
    all_components, visible_text, FakeDiscord, FakeUser, Recorded, FOLLOWUP_CAP, TOKEN_LIFE, WAIT,
};

const START_MS: u64 = 1_700_000_000_000;
pub(crate) const EXTRA: &str =
    "image_size = 128\nreminder_check_seconds = 1\nmessage_content = false\n";

/// One raw request to the fake (plain HTTP): its status and JSON answer.
async fn call(fake: &FakeDiscord, method: &str, path: &str, body: Value) -> (u16, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = fake.base().trim_start_matches("http://").to_string();
    let mut tcp = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let body = body.to_string();
    let request = format!(
        "{method} /api/v10/{path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bot fake-token\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    tcp.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tcp.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8_lossy(&answer).to_string();
    let status: u16 = answer.split(' ').nth(1).unwrap().parse().unwrap();
    let json = answer
        .split_once("\r\n\r\n")
        .and_then(|(_, b)| serde_json::from_str(b.trim()).ok())
        .unwrap_or(Value::Null);
    (status, json)
}

/// The fake refuses what Discord refuses an app installed to a user: a post, an edit or
/// a history read in a group chat it is no member of (403 / 50001), the sixth followup
/// of a user-installed interaction (400 / 40094), and any answer once the token is 15
/// minutes old (404 / 10062 for a callback, 401 / 50027 for a webhook).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_refuses_what_discord_refuses_a_user_install() {
    let fake = FakeDiscord::start().await;
    let chat = fake.group_chat(&[&ALICE, &BOB]);
    let (status, answer) = call(
        &fake,
        "POST",
        &format!("channels/{chat}/messages"),
        json!({"content": "hello"}),
    )
    .await;
    assert_eq!((status, answer["code"].clone()), (403, json!(50001)));
    let (status, answer) = call(
        &fake,
        "GET",
        &format!("channels/{chat}/messages"),
        json!(null),
    )
    .await;
    assert_eq!((status, answer["code"].clone()), (403, json!(50001)));

    // An interaction in the chat: what it carries.
    let iid = fake.undelivered_slash(&ALICE, chat, "board");
    let payload = fake.interaction_payload(iid).unwrap();
    assert_eq!(payload["context"], json!(2));
    assert_eq!(
        payload["authorizing_integration_owners"],
        json!({"1": ALICE.id.to_string()})
    );
    assert!(payload.get("guild_id").is_none() && payload.get("member").is_none());
    assert_eq!(payload["user"]["id"], json!(ALICE.id.to_string()));

    let (status, _) = call(
        &fake,
        "POST",
        &format!("interactions/{iid}/tok-{iid}/callback"),
        json!({"type": 4, "data": {"content": "answer"}}),
    )
    .await;
    assert_eq!(status, 204);
    for n in 1..=FOLLOWUP_CAP {
        let (status, _) = call(
            &fake,
            "POST",
            &format!("webhooks/1/tok-{iid}"),
            json!({"content": format!("followup {n}")}),
        )
        .await;
        assert_eq!(status, 200, "followup {n}");
    }
    let (status, answer) = call(
        &fake,
        "POST",
        &format!("webhooks/1/tok-{iid}"),
        json!({"content": "one too many"}),
    )
    .await;
    assert_eq!((status, answer["code"].clone()), (400, json!(40094)));
    assert_eq!(fake.followups_of(iid), FOLLOWUP_CAP);
    // Editing the original response is no followup.
    let (status, _) = call(
        &fake,
        "PATCH",
        &format!("webhooks/1/tok-{iid}/messages/@original"),
        json!({"content": "edited"}),
    )
    .await;
    assert_eq!(status, 200);

    // A server's interaction has no cap, but its token too lasts 15 minutes.
    let server = fake.undelivered_slash(&ALICE, support::bot::CHANNEL, "board");
    let payload = fake.interaction_payload(server).unwrap();
    assert!(payload.get("context").is_none() || payload["context"] == json!(0));
    fake.advance_clock(TOKEN_LIFE - Duration::from_secs(1));
    let (status, _) = call(
        &fake,
        "POST",
        &format!("webhooks/1/tok-{server}"),
        json!({"content": "in time"}),
    )
    .await;
    assert_eq!(status, 200);
    fake.advance_clock(Duration::from_secs(1));
    let (status, answer) = call(
        &fake,
        "POST",
        &format!("webhooks/1/tok-{server}"),
        json!({"content": "too late"}),
    )
    .await;
    assert_eq!((status, answer["code"].clone()), (401, json!(50027)));
    let (status, answer) = call(
        &fake,
        "POST",
        &format!("interactions/{server}/tok-{server}/callback"),
        json!({"type": 4, "data": {"content": "too late"}}),
    )
    .await;
    assert_eq!((status, answer["code"].clone()), (404, json!(10062)));

    // Direct messages to a user who closed them: 403 / 50007.
    fake.close_dms(BOB.id);
    let (_, dm) = call(
        &fake,
        "POST",
        "users/@me/channels",
        json!({"recipient_id": BOB.id.to_string()}),
    )
    .await;
    let dm = dm["id"].as_str().unwrap().to_string();
    let (status, answer) = call(
        &fake,
        "POST",
        &format!("channels/{dm}/messages"),
        json!({"content": "hi"}),
    )
    .await;
    assert_eq!((status, answer["code"].clone()), (403, json!(50007)));
}

/// Runs `f` off the async runtime: the PostgreSQL client blocks on a runtime of its own.
fn off<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| s.spawn(f).join().unwrap())
}

pub(crate) struct Setup {
    pub(crate) fake: FakeDiscord,
    _dir: tempfile::TempDir,
    pub(crate) clock: Arc<ManualClock>,
    _serving: Serving,
}

pub(crate) async fn setup() -> Setup {
    setup_with(ServiceConfig::default()).await
}

/// [`setup`] with the service configured as `config` says (its seed set here).
pub(crate) async fn setup_with(service_config: ServiceConfig) -> Setup {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let clock = Arc::new(ManualClock::new(START_MS));
    let fake = FakeDiscord::start().await;
    // Discord's names of places, as `arcana run` gives its service (links to chats).
    let text = support::bot::config_text(&fake, &data, EXTRA);
    let config = arcana::discord::config::Config::parse(&text, None).unwrap();
    let places = arcana::discord::DiscordPlaces::for_config(&config).unwrap();
    let service = off(|| {
        let store = Store::open_at(&support::backend::url(&data)).unwrap();
        let config = ServiceConfig {
            seed: Some(5),
            ..service_config
        };
        let service = Service::new(store, clock.clone(), config).unwrap();
        Arc::new(service.with_places(Arc::new(places)))
    });
    let serving = Serving::start(&fake, &data, EXTRA, service as Arc<dyn GameService>).await;
    Setup {
        fake,
        _dir: dir,
        clock,
        _serving: serving,
    }
}

/// The requests after `mark` that went to `who` by direct message.
pub(crate) fn dms_to(fake: &FakeDiscord, rs: &[Recorded], who: &FakeUser) -> Vec<Recorded> {
    rs.iter()
        .filter(|r| r.method == "POST" && support::bot::dm_owner(fake, r) == Some(who.id))
        .cloned()
        .collect()
}

/// Nothing was ever sent to the chat's own channel: the app is no member there.
fn nothing_posted_in(fake: &FakeDiscord, chat: u64) {
    let posted: Vec<String> = fake
        .requests()
        .iter()
        .filter(|r| r.path.contains(&format!("/channels/{chat}/")))
        .map(|r| format!("{} {} {}", r.method, r.path, r.status))
        .collect();
    assert!(posted.is_empty(), "the bot acted in the chat: {posted:?}");
}

/// `who` plays `text` by `/move` in the chat: the new board is the answer, public,
/// and the player now asked (`next`) is told by direct message with the board and its
/// Move button. Returns that direct message.
pub(crate) async fn move_in_chat(
    fake: &FakeDiscord,
    chat: u64,
    who: &FakeUser,
    text: &str,
    next: Option<&FakeUser>,
) -> Option<Recorded> {
    let mark = fake.mark();
    let rs = slash_in(fake, who, chat, "move", &[("text", 3, json!(text))], &[]).await;
    let shown: Vec<&Recorded> = rs.iter().filter(|r| !r.is_ephemeral()).collect();
    assert!(
        shown.iter().any(|r| !r.files.is_empty()),
        "the board answers {text}: {rs:?}"
    );
    let next = next?;
    let dm = fake
        .wait_for(mark, "the turn notice by DM", |r| {
            r.method == "POST" && support::bot::dm_owner(fake, r) == Some(next.id)
        })
        .await;
    assert!(!dm.files.is_empty(), "the notice shows the board: {dm:?}");
    assert!(
        dm.content()
            .contains(&format!("https://discord.com/channels/@me/{chat}")),
        "the notice links back to the chat: {}",
        dm.content()
    );
    Some(dm)
}

/// The message a recorded DM made, as the fake keeps it (to press its buttons).
fn kept_dm(fake: &FakeDiscord, dm: &Recorded) -> (u64, Value) {
    let channel = support::bot::channel_of(dm).unwrap();
    let message = fake
        .messages_in(channel)
        .into_iter()
        .rev()
        .find(|m| button_ids(m).iter().any(|i| i.starts_with("pick-open:")))
        .expect("the notice has a Move button");
    (channel, message)
}

/// Plays one answer through the picker from `board` (in `channel`) as `who`, its
/// choices by their labels.
pub(crate) async fn pick(
    fake: &FakeDiscord,
    channel: u64,
    who: &FakeUser,
    board: &Value,
    labels: &[&str],
) {
    let open = button_ids(board)
        .into_iter()
        .find(|i| i.starts_with("pick-open:"))
        .unwrap();
    let mark = fake.mark();
    let iid = fake.button(who, channel, &open, board.clone());
    fake.wait_for(mark, "the picker", |r| r.answers(iid)).await;
    let mut picker = until_original(fake, iid).await;
    let picker_id: u64 = picker["id"].as_str().unwrap().parse().unwrap();
    for label in labels {
        let (menu, value) = option_labelled(&picker, label);
        let mark = fake.mark();
        let iid = fake.select(who, channel, &menu, &[&value], picker.clone());
        fake.wait_for(mark, "the picker's next step", |r| r.answers(iid))
            .await;
        picker = fake.message(picker_id).unwrap();
    }
    // Past the labels, the first option of each choice left (no spell, in Spell Chess).
    for _ in 0..3 {
        if button_ids(&picker)
            .iter()
            .any(|i| i.starts_with("pick-play:"))
        {
            break;
        }
        let first = all_components(&picker)
            .into_iter()
            .find(|c| c["type"] == json!(3))
            .expect("a choice left");
        let (menu, value) = (
            first["custom_id"].as_str().unwrap().to_string(),
            first["options"][0]["value"].as_str().unwrap().to_string(),
        );
        let mark = fake.mark();
        let iid = fake.select(who, channel, &menu, &[&value], picker.clone());
        fake.wait_for(mark, "the picker's next step", |r| r.answers(iid))
            .await;
        picker = fake.message(picker_id).unwrap();
    }
    let confirm = button_ids(&picker)
        .into_iter()
        .find(|i| i.starts_with("pick-play:"))
        .expect("Confirm once complete");
    let mark = fake.mark();
    let iid = fake.button(who, channel, &confirm, picker.clone());
    fake.wait_for(mark, "the board after the pick", |r| {
        r.answers(iid) && !r.files.is_empty()
    })
    .await;
}

async fn until_original(fake: &FakeDiscord, iid: u64) -> Value {
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        if let Some(m) = fake.original(iid) {
            return m;
        }
        assert!(std::time::Instant::now() < deadline, "no picker");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The select menu and value of the option labelled `label`.
fn option_labelled(picker: &Value, label: &str) -> (String, String) {
    all_components(picker)
        .into_iter()
        .filter(|c| c["type"] == json!(3))
        .find_map(|c| {
            let options = c["options"].as_array()?.clone();
            options
                .iter()
                .find(|o| o["label"] == json!(label))
                .map(|o| {
                    (
                        c["custom_id"].as_str().unwrap().to_string(),
                        o["value"].as_str().unwrap().to_string(),
                    )
                })
        })
        .unwrap_or_else(|| panic!("no option {label}: {}", visible_text(picker)))
}

/// A group chat of alice and bob where alice (White) challenged bob to Spell Chess by
/// her user install and bob accepted with the challenge's button: the challenge says
/// what the app cannot do here, the first board answers the press, and alice is told
/// by direct message. Returns the chat.
pub(crate) async fn accepted_in_chat(fake: &FakeDiscord) -> u64 {
    let chat = fake.group_chat(&[&ALICE, &BOB]);

    // The challenge is the command's answer, saying what the app cannot do here.
    let rs = slash_in(
        fake,
        &ALICE,
        chat,
        "challenge",
        &[
            ("opponent", 6, json!(BOB.id.to_string())),
            ("variant", 3, json!("spell")),
            ("color", 3, json!("white")),
            ("days", 4, json!(1)),
        ],
        &[&BOB],
    )
    .await;
    let text = support::bot::all_text(&rs);
    assert!(
        text.contains(&arcana::i18n::tr(arcana::i18n::Lang::En, "dms-group-note")),
        "{text}"
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let challenge = fake
        .messages_in(chat)
        .into_iter()
        .find(|m| button_ids(m).iter().any(|i| i.starts_with("accept:")))
        .expect("the challenge message, made by the answer");
    let accept = button_ids(&challenge)
        .into_iter()
        .find(|i| i.starts_with("accept:"))
        .unwrap();

    // bob accepts with its button: the board is the press's answer; alice, White, is
    // told by direct message.
    let mark = fake.mark();
    let iid = fake.button(&BOB, chat, &accept, challenge.clone());
    fake.wait_for(mark, "the first board", |r| {
        r.answers(iid) && !r.files.is_empty()
    })
    .await;
    let first = fake
        .wait_for(mark, "alice's turn notice", |r| {
            r.method == "POST" && support::bot::dm_owner(fake, r) == Some(ALICE.id)
        })
        .await;
    assert!(!first.files.is_empty(), "{first:?}");
    chat
}

// Issue 50: a whole Spell Chess game in a group chat through the players' installs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spell_chess_game_in_a_group_chat_by_user_install() {
    let s = setup().await;
    let fake = &s.fake;
    let chat = accepted_in_chat(fake).await;

    // 1. f3 by /move; bob answers from his turn notice, through the picker.
    let dm = move_in_chat(fake, chat, &ALICE, "f3", Some(&BOB))
        .await
        .unwrap();
    let (bob_dm, notice) = kept_dm(fake, &dm);
    pick(fake, bob_dm, &BOB, &notice, &["Pawn e7", "e5"]).await;
    // 2. g4; bob answers from the chat's own board, through the picker.
    move_in_chat(fake, chat, &ALICE, "g4", Some(&BOB)).await;
    let board = fake
        .messages_in(chat)
        .into_iter()
        .rev()
        .find(|m| button_ids(m).iter().any(|i| i.starts_with("pick-open:")))
        .unwrap();
    let mark = fake.mark();
    pick(fake, chat, &BOB, &board, &["Queen d8", "h4"]).await;
    fake.wait_for(mark, "alice's turn notice", |r| {
        r.method == "POST" && support::bot::dm_owner(fake, r) == Some(ALICE.id)
    })
    .await;

    // A reminder: alice (to move) by her own direct message, bob told the public
    // one by direct message too; nothing in the chat.
    let mark = fake.mark();
    s.clock.advance(DAY_MS * 5 / 6);
    fake.wait_for(mark, "the reminder", |r| {
        support::bot::dm_owner(fake, r) == Some(ALICE.id)
    })
    .await;
    let rs = fake.settle(mark, Duration::from_millis(2500)).await;
    let to_alice = dms_to(fake, &rs, &ALICE);
    let to_bob = dms_to(fake, &rs, &BOB);
    assert_eq!(to_alice.len(), 1, "{to_alice:?}");
    assert_eq!(to_bob.len(), 1, "{to_bob:?}");
    assert!(
        to_bob[0].content().contains("left"),
        "{}",
        to_bob[0].content()
    );

    // 3. a3! leaves the king capturable; Qxe1 takes it: the end, answered in the chat,
    // and alice learns it by direct message.
    move_in_chat(fake, chat, &ALICE, "a3!", Some(&BOB)).await;
    let mark = fake.mark();
    move_in_chat(fake, chat, &BOB, "Qxe1", None).await;
    let end = fake
        .wait_for(mark, "the end by DM", |r| {
            r.method == "POST" && support::bot::dm_owner(fake, r) == Some(ALICE.id)
        })
        .await;
    let rs = fake.settle(mark, Duration::from_millis(800)).await;
    assert_eq!(dms_to(fake, &rs, &ALICE).len(), 1, "the end once: {rs:?}");
    assert!(dms_to(fake, &rs, &BOB).is_empty(), "bob saw it in the chat");
    assert!(
        button_ids(&end.json)
            .iter()
            .chain(button_ids(&end.json["data"]).iter())
            .all(|i| !i.starts_with("pick-open:")),
        "no Move button once over"
    );
    nothing_posted_in(fake, chat);
}

// Issue 50: a challenge in a group chat to someone whose direct messages are closed
// (403 / 50007) says so, privately, and starts nothing: no challenge to accept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_to_closed_dms_in_a_group_chat_starts_nothing() {
    let s = setup().await;
    let fake = &s.fake;
    let chat = fake.group_chat(&[&ALICE, &BOB]);
    fake.close_dms(BOB.id);
    let rs = slash_in(
        fake,
        &ALICE,
        chat,
        "challenge",
        &[("opponent", 6, json!(BOB.id.to_string()))],
        &[&BOB],
    )
    .await;
    support::bot::assert_refused(&rs);
    let text = support::bot::all_text(&rs);
    assert!(
        text.contains(&format!("<@{}>", BOB.id)) && text.contains("no challenge was made"),
        "{text}"
    );
    let public: Vec<Value> = fake
        .messages_in(chat)
        .into_iter()
        .filter(|m| m["flags"].as_u64().unwrap_or(0) & 64 == 0)
        .collect();
    assert!(public.is_empty(), "nothing shown in the chat: {public:?}");
    // bob has nothing to accept.
    let rs = slash_in(fake, &BOB, chat, "accept", &[], &[]).await;
    support::bot::assert_refused(&rs);
    assert_eq!(support::bot::pngs(&rs), 0);
    nothing_posted_in(fake, chat);

    // With his DMs open, the same challenge is made, and he hears of it by DM.
    let chat = fake.group_chat(&[&ALICE, &support::bot::CAROL]);
    let mark = fake.mark();
    let rs = slash_in(
        fake,
        &ALICE,
        chat,
        "challenge",
        &[("opponent", 6, json!(support::bot::CAROL.id.to_string()))],
        &[&support::bot::CAROL],
    )
    .await;
    assert!(rs.iter().any(|r| !r.is_ephemeral()), "{rs:?}");
    let told = fake.settle(mark, Duration::from_millis(300)).await;
    assert_eq!(
        dms_to(fake, &told, &support::bot::CAROL).len(),
        1,
        "{told:?}"
    );
}

/// The boards among `rs` that answer an interaction and name `played`.
fn boards_answering(rs: &[Recorded], played: &str) -> usize {
    rs.iter()
        .filter(|r| r.path.contains("/webhooks/") || r.path.contains("/interactions/"))
        .filter(|r| !r.files.is_empty() && r.content().contains(played))
        .count()
}

// Issue 50 step 1: a group-chat game (user install) goes on across a stop (SIGTERM) and
// a kill (SIGKILL), with the real `arcana run`: every move answered once, every turn
// notice sent once, nothing resent by a restart, nothing ever posted in the chat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_chat_game_goes_on_across_a_stop_and_a_kill() {
    let fake = &FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let bot = Bot::start(fake, &data, EXTRA).await;
    let chat = accepted_in_chat(fake).await;
    move_in_chat(fake, chat, &ALICE, "e4", Some(&BOB)).await;
    assert!(bot.stop().success());

    // Started again: nothing is sent again; bob's answer is answered once.
    let mark = fake.mark();
    let bot = Bot::start(fake, &data, EXTRA).await;
    move_in_chat(fake, chat, &BOB, "e5", Some(&ALICE)).await;
    let rs = fake.settle(mark, Duration::from_millis(1500)).await;
    assert_eq!(boards_answering(&rs, "e2-e4"), 0, "{rs:#?}");
    assert_eq!(boards_answering(&rs, "e7-e5"), 1, "{rs:#?}");
    assert_eq!(dms_to(fake, &rs, &ALICE).len(), 1, "{rs:#?}");
    assert!(dms_to(fake, &rs, &BOB).is_empty(), "{rs:#?}");

    // Killed at once (no stop): the game goes on just the same.
    drop(bot);
    let mark = fake.mark();
    let _bot = Bot::start(fake, &data, EXTRA).await;
    move_in_chat(fake, chat, &ALICE, "Nf3", Some(&BOB)).await;
    let rs = fake.settle(mark, Duration::from_millis(1500)).await;
    assert_eq!(boards_answering(&rs, "e7-e5"), 0, "{rs:#?}");
    assert_eq!(boards_answering(&rs, "Ng1-f3"), 1, "{rs:#?}");
    assert_eq!(dms_to(fake, &rs, &BOB).len(), 1, "{rs:#?}");
    assert!(dms_to(fake, &rs, &ALICE).is_empty(), "{rs:#?}");
    nothing_posted_in(fake, chat);
}

// Issue 50 step 6: the link back to a place the bot reaches only through interactions
// names its server when it has one (a server reached only through a user's install);
// a group chat has none and is reached by `@me`.
#[test]
fn the_link_back_names_the_server_when_there_is_one() {
    use arcana::discord::delivery::chat_link;
    assert_eq!(chat_link(None, 9), "https://discord.com/channels/@me/9");
    assert_eq!(chat_link(Some(7), 9), "https://discord.com/channels/7/9");
}
