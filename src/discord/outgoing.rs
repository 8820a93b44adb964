//! A reply on its way to Discord: the service's reply with its board image drawn, and
//! the places of their own (game threads) a batch of them posts in. The lowest layer of
//! the messages: parts, delivery and the event handlers build on it.

use crate::render::{render_png_in, RenderOptions};
use crate::service::api::{Audience, Reply};

/// A reply with its image already drawn (drawing happens off the async threads).
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub reply: Reply,
    pub png: Option<Vec<u8>>,
    /// For a reply of no outbox entry made again the same way each time (the answer
    /// to a chat line, by its id): the seed of its messages' nonces, so that a line
    /// handled twice is told once.
    pub nonce: Option<String>,
}

/// Draws the images of `replies`. A drawing failure drops only the image: the text
/// still carries the move.
pub fn prepare(replies: Vec<Reply>, size: u32) -> Vec<Outgoing> {
    replies
        .into_iter()
        .map(|reply| {
            let png = reply.image.as_ref().and_then(|view| {
                let options = RenderOptions {
                    size,
                    orientation: None,
                };
                render_png_in(view, &options, reply.lang)
                    .map_err(|e| tracing::error!("board image failed: {e}"))
                    .ok()
            });
            Outgoing {
                reply,
                png,
                nonce: None,
            }
        })
        .collect()
}

/// The places of their own (a game's thread) that `out` posts in, each once.
pub fn places(out: &[Outgoing]) -> Vec<u64> {
    let mut places = Vec::new();
    for o in out {
        if let Audience::Place(p) = o.reply.to {
            if !places.contains(&p) {
                places.push(p);
            }
        }
    }
    places
}
