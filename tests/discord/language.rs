//! The languages of replies over Discord (issue 28): a server's public messages speak
//! its language (its `guild_locale`, which Discord sends only with interactions from a
//! server, or the moderators' `/settings language`), while what one player alone sees
//! speaks their own client's `locale`. The setting is stored: a restart keeps it.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use arcana::i18n::{tr, Lang};
use serde_json::json;
use support::bot::{body, slash, Bot, ALICE, BOB, CAROL, CHANNEL};
use support::fake_discord::{visible_text, FakeDiscord, Recorded};

const CONFIG: &str = "image_size = 128\nthreads = false\n";

/// The text of every public message among `rs`.
fn public_text(rs: &[Recorded]) -> String {
    rs.iter()
        .filter(|r| !r.is_ephemeral() && r.method != "GET")
        .map(|r| visible_text(body(r)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text of every message among `rs` that only the invoker sees.
fn private_text(rs: &[Recorded]) -> String {
    rs.iter()
        .filter(|r| r.is_ephemeral())
        .map(|r| visible_text(body(r)))
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_server_hears_german_and_each_player_reads_their_own_language() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let bot = Bot::start(&fake, &data, CONFIG).await;
    fake.set_guild_locale(fake.guild_of(CHANNEL), "de");
    fake.set_locale(&BOB, "de");

    // alice's client speaks English: her own answers are English, the channel's German.
    slash(
        &fake,
        &ALICE,
        "challenge",
        &[
            ("opponent", 6, json!(BOB.id.to_string())),
            ("color", 3, json!("white")),
        ],
        &[&BOB],
    )
    .await;
    let rs = slash(&fake, &BOB, "accept", &[], &[]).await;
    let shown = public_text(&rs);
    assert!(shown.contains("bob nimmt an."), "{shown}");
    assert!(shown.contains("alice (Weiß), "), "{shown}");
    assert!(
        shown.contains("ungewertet") || shown.contains("gewertet"),
        "{shown}"
    );
    assert!(!shown.contains("accepts"), "{shown}");

    let rs = slash(&fake, &ALICE, "move", &[("text", 3, json!("e4"))], &[]).await;
    let shown = public_text(&rs);
    assert!(shown.contains("bob (Schwarz), "), "{shown}");

    // Private answers: each in the invoker's own language.
    let rs = slash(&fake, &ALICE, "help", &[], &[]).await;
    let mine = private_text(&rs);
    assert!(mine.contains(&tr(Lang::En, "help-intro")), "{mine}");
    let rs = slash(&fake, &BOB, "help", &[], &[]).await;
    let his = private_text(&rs);
    assert!(his.contains(&tr(Lang::De, "help-intro")), "{his}");

    // Only moderators set the server's language.
    let rs = slash(
        &fake,
        &ALICE,
        "settings",
        &[("language", 3, json!("en"))],
        &[],
    )
    .await;
    let refusal = private_text(&rs);
    assert!(
        refusal.contains(&tr(Lang::En, "settings-moderators-only")),
        "{refusal}"
    );
    let rs = slash(&fake, &BOB, "move", &[("text", 3, json!("e5"))], &[]).await;
    assert!(public_text(&rs).contains("alice (Weiß), "), "{rs:?}");

    fake.moderate(&CAROL);
    let rs = slash(
        &fake,
        &CAROL,
        "settings",
        &[("language", 3, json!("en"))],
        &[],
    )
    .await;
    let said = private_text(&rs);
    assert!(said.contains("now in English"), "{said}");

    // The setting overrides the server's German locale at once ...
    let rs = slash(&fake, &ALICE, "move", &[("text", 3, json!("Nf3"))], &[]).await;
    let shown = public_text(&rs);
    assert!(shown.contains("bob (Black), "), "{shown}");
    assert!(!shown.contains("Schwarz"), "{shown}");

    // ... and after a restart.
    assert!(bot.stop().success(), "the bot did not stop cleanly");
    let _bot = Bot::start(&fake, &data, CONFIG).await;
    let rs = slash(&fake, &BOB, "move", &[("text", 3, json!("Nc6"))], &[]).await;
    let shown = public_text(&rs);
    assert!(shown.contains("alice (White), "), "{shown}");
    // bob's own answers stay German.
    let rs = slash(&fake, &BOB, "help", &[], &[]).await;
    assert!(private_text(&rs).contains(&tr(Lang::De, "help-intro")));

    // Back to the server's own language.
    let rs = slash(
        &fake,
        &CAROL,
        "settings",
        &[("language", 3, json!("auto"))],
        &[],
    )
    .await;
    assert!(private_text(&rs).contains("Discord"), "{rs:?}");
    let rs = slash(&fake, &ALICE, "move", &[("text", 3, json!("Bb5"))], &[]).await;
    assert!(public_text(&rs).contains("bob (Schwarz), "), "{rs:?}");
}

/// Discord sends `guild_locale` only with interactions from a server: a command in a
/// direct message has none, and a German server's language does not reach it (the
/// bot's answer there, that games are played in servers, is English).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_direct_message_command_has_no_server_language() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _bot = Bot::start(&fake, &dir.path().join("data"), CONFIG).await;
    fake.set_guild_locale(fake.guild_of(CHANNEL), "de");
    let mark = fake.mark();
    let iid = fake.slash_in_dm(&ALICE, 300_000_000_000_000_001, "help");
    let rs = support::bot::answers(&fake, mark, iid).await;
    let text: String = rs.iter().map(|r| visible_text(body(r))).collect();
    assert!(text.contains("server"), "{text}");
    assert!(!text.contains(&tr(Lang::De, "help-intro")), "{text}");
}
