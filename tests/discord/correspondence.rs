//! End to end, correspondence play (issue 25): the real `arcana run` binary against the
//! fake Discord. Private notes and "where is it my turn" are ephemeral answers, seen by
//! the invoker only, in the game's thread or anywhere else.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use serde_json::json;
use support::bot::{accepted_in_thread, slash, slash_in, started, ALICE, BOB, CHANNEL};
use support::fake_discord::Recorded;

const SMALL: &str = "image_size = 128\n";

/// The one answer among `rs` that has text, which must be ephemeral.
fn ephemeral_text(rs: &[Recorded]) -> String {
    let texts: Vec<&Recorded> = rs.iter().filter(|r| !r.content().is_empty()).collect();
    assert!(!texts.is_empty(), "{rs:?}");
    assert!(
        texts.iter().all(|r| r.is_ephemeral()),
        "only the invoker sees it: {rs:?}"
    );
    texts
        .iter()
        .map(|r| r.content())
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notes_and_your_turns_are_private_answers() {
    let (fake, _dir, _bot) = started(SMALL).await;
    let thread = accepted_in_thread(&fake, CHANNEL).await;

    let rs = slash_in(
        &fake,
        &ALICE,
        thread,
        "note",
        &[("text", 3, json!("plan: Nf3, then d4"))],
        &[],
    )
    .await;
    let text = ephemeral_text(&rs);
    assert!(
        text.contains("Noted") && text.contains("plan: Nf3, then d4"),
        "{text}"
    );
    let rs = slash_in(&fake, &BOB, thread, "note", &[], &[]).await;
    assert!(
        ephemeral_text(&rs).contains("no notes"),
        "bob sees none of alice's"
    );

    // alice is asked in the thread's game; from the parent channel she finds it.
    let rs = slash(&fake, &ALICE, "games", &[("list", 3, json!("mine"))], &[]).await;
    let text = ephemeral_text(&rs);
    assert!(
        text.starts_with("Your turn (1)") && text.contains(&format!("<#{thread}>")),
        "{text}"
    );
    assert!(text.contains("left"), "{text}");
    let rs = slash(&fake, &BOB, "games", &[("list", 3, json!("mine"))], &[]).await;
    assert!(ephemeral_text(&rs).contains("none of your games"));
}

/// The move `who` plays by `/move` in `thread`: what answered it.
async fn slash_move(
    fake: &support::fake_discord::FakeDiscord,
    who: &support::fake_discord::FakeUser,
    thread: u64,
    text: &str,
) -> Vec<Recorded> {
    slash_in(fake, who, thread, "move", &[("text", 3, json!(text))], &[]).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn conditional_lines_and_confirmed_moves_end_to_end() {
    use support::bot::{body, button_ids};
    let (fake, _dir, _bot) = started(SMALL).await;
    let thread = accepted_in_thread(&fake, CHANNEL).await;
    slash_move(&fake, &ALICE, thread, "e4").await;
    // alice queues a line, privately.
    let rs = slash_in(
        &fake,
        &ALICE,
        thread,
        "conditional",
        &[("line", 3, json!("e5 Nf3"))],
        &[],
    )
    .await;
    assert!(ephemeral_text(&rs).contains("Queued"), "{rs:?}");
    // bob plays e5: alice's answer is posted in the thread at once.
    let mark = fake.mark();
    slash_move(&fake, &BOB, thread, "e5").await;
    let answered = fake
        .wait_for(mark, "the conditional answer", |r| {
            r.content().contains("Ng1-f3 (conditional move)")
        })
        .await;
    assert!(!answered.is_ephemeral());
    assert!(
        !fake
            .requests()
            .iter()
            .any(|r| !r.is_ephemeral() && r.content().contains("Queued")),
        "the line itself was never public"
    );

    // bob turns confirmation on; his typed move comes back to him alone with buttons.
    let rs = slash_in(
        &fake,
        &BOB,
        thread,
        "settings",
        &[("confirm", 3, json!("on"))],
        &[],
    )
    .await;
    assert!(ephemeral_text(&rs).contains("confirm: on"));
    let mark = fake.mark();
    let iid = fake.slash(&BOB, thread, "move", &[("text", 3, json!("Nc6"))], &[]);
    let rs = support::bot::answers(&fake, mark, iid).await;
    let ask = rs
        .iter()
        .find(|r| r.content().contains("Play `Nb8-c6`?"))
        .unwrap_or_else(|| panic!("{rs:?}"));
    assert!(ask.is_ephemeral(), "only bob sees it");
    let ids = button_ids(body(ask));
    assert_eq!(ids.len(), 2, "{ids:?}");
    let confirm = ids
        .iter()
        .find(|i| i.starts_with("move-confirm:"))
        .expect("confirm")
        .clone();
    assert!(ids.iter().any(|i| i.starts_with("move-cancel:")));
    assert!(
        !fake
            .requests()
            .iter()
            .any(|r| !r.is_ephemeral() && r.content().contains("Nb8-c6")),
        "nothing public yet"
    );
    // Confirm plays it in public.
    let mark = fake.mark();
    // The message as Discord shows it to the presser.
    let message = fake.original(iid).expect("the private answer");
    support::bot::press_in(&fake, &BOB, thread, &message, &confirm).await;
    fake.wait_for(mark, "bob's confirmed move", |r| {
        !r.is_ephemeral() && r.content().contains("Nb8-c6") && !r.content().contains("Play `")
    })
    .await;
    // The same Confirm pressed again is stale: refused, privately.
    let rs = support::bot::press_in(&fake, &BOB, thread, &message, &confirm).await;
    let text = ephemeral_text(&rs);
    assert!(
        text.contains("earlier position") || text.contains("already handled"),
        "{text}"
    );
}
