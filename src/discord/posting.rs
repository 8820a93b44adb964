//! Posting one message, with retries: in a channel (a container Discord refuses for its
//! form goes again as a classic message), by direct message, and the edit of a message
//! posted earlier. What is posted where is the delivery's business (`delivery.rs`).

use super::parts::Parts;
use super::retry::{refused_for_its_form, with_retries};
use crate::i18n::Lang;
use serenity::all::{ChannelId, Http, MessageId, UserId};

/// Sends `user` a direct message.
pub(crate) async fn direct_message(http: &Http, user: u64, parts: Parts) -> serenity::Result<()> {
    let channel = with_retries("direct message channel", || {
        UserId::new(user).create_dm_channel(http)
    })
    .await?;
    post(http, channel.id, &parts).await
}

/// Posts a message in a channel, retrying passing failures.
pub(super) async fn post(http: &Http, channel: ChannelId, parts: &Parts) -> serenity::Result<()> {
    post_message(http, channel, parts).await.map(|_| ())
}

/// Posts a message in a channel; a container Discord refuses for its form is posted
/// again as a classic message (its words in `lang`).
pub(super) async fn post_or_classic(
    http: &Http,
    channel: ChannelId,
    parts: &Parts,
    lang: Lang,
) -> serenity::Result<MessageId> {
    match post_message(http, channel, parts).await {
        Err(e) if parts.is_container() && refused_for_its_form(&e) => {
            tracing::warn!("container refused in {channel} ({e}); posting a classic message");
            post_message(http, channel, &parts.classic(lang)).await
        }
        sent => sent,
    }
}

pub(super) async fn post_message(
    http: &Http,
    channel: ChannelId,
    parts: &Parts,
) -> serenity::Result<MessageId> {
    with_retries("channel message", || parts.post(http, channel))
        .await
        .map(|m| m.id)
}

/// Replaces a message the bot sent earlier (a settled challenge's).
pub(super) async fn edit_posted(
    http: &Http,
    channel: ChannelId,
    message: u64,
    parts: &Parts,
) -> serenity::Result<()> {
    with_retries("message edit", || {
        parts.edit_posted(http, channel, MessageId::new(message.max(1)))
    })
    .await
    .map(|_| ())
}
