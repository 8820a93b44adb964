//! End to end, correspondence play (issue 25): the real `arcana run` binary against the
//! fake Discord. Private notes and "where is it my turn" are ephemeral answers, seen by
//! the invoker only, in the game's thread or anywhere else.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

mod support;

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
