//! The outbox entry's stored form (issue 53): a reply's board image that is the game's
//! own board as the change left it is kept by reference (the game, how many actions it
//! had, who looks, and a check of the picture), not as the whole serialized view, and
//! drawn again from the game's record when the entry is read back. Any other image (a
//! preview, a board from another side) is kept whole, as are the images of entries
//! stored before references existed.

use crate::core::view::{View, Viewer};
use crate::service::contract::api::{ImageOf, Pending, Reply, User};
use crate::service::Live;
use crate::store::{GameRecord, Store};

/// The board `viewer` sees of `live` as replies show it: the players' names on it and,
/// against the computer, drawn from the person's side (not from the side to move,
/// which is the computer's every other turn).
pub(in crate::service) fn board_seen(live: &Live, viewer: Viewer) -> View {
    let mut v = live.game.view(viewer);
    v.names = [
        live.rec.players[0].name.clone(),
        live.rec.players[1].name.clone(),
    ];
    if let Some(seat) = live.rec.computer {
        v.bottom = Some(seat.side.other());
    }
    v
}

/// The outbox entry `id` of `replies`, as stored: each image that is `live`'s own board
/// for its viewer is kept by reference (in [`Pending::images`]) and left out of the
/// reply.
pub(in crate::service) fn stored_entry(
    id: u64,
    channel: u64,
    actor: Option<&User>,
    replies: &[Reply],
    live: Option<&Live>,
) -> Pending {
    let mut kept = Vec::with_capacity(replies.len());
    let mut images = Vec::with_capacity(replies.len());
    for reply in replies {
        let mut reply = reply.clone();
        let by_reference = live.and_then(|l| reference(l, reply.image.as_ref()?));
        if by_reference.is_some() {
            reply.image = None;
        }
        kept.push(reply);
        images.push(by_reference);
    }
    if images.iter().all(Option::is_none) {
        images.clear();
    }
    Pending {
        id,
        channel,
        actor: actor.cloned(),
        replies: kept,
        images,
    }
}

/// `image` by reference, when it is `live`'s own board for its viewer.
fn reference(live: &Live, image: &View) -> Option<ImageOf> {
    let own = board_seen(live, image.viewer);
    (own == *image).then(|| ImageOf {
        game: live.rec.id,
        actions: live.rec.actions.len(),
        viewer: image.viewer,
        check: fingerprint(image),
    })
}

/// `entry` with every image kept by reference drawn again from its game's record. An
/// image that cannot be drawn (the record gone, or no longer what it was) is left
/// out: the reply's text still carries the move.
pub(in crate::service) fn drawn_again(store: &Store, mut entry: Pending) -> Pending {
    let images = std::mem::take(&mut entry.images);
    // The replies of one change show one position: it is replayed once.
    let mut replayed: Option<((u64, usize), Option<Live>)> = None;
    for (reply, image) in entry.replies.iter_mut().zip(images) {
        if let Some(of) = image {
            let at = (of.game, of.actions);
            if replayed.as_ref().is_none_or(|(seen, _)| *seen != at) {
                replayed = Some((at, replay_at(store, &of)));
            }
            let live = replayed.as_ref().and_then(|(_, live)| live.as_ref());
            reply.image = live.and_then(|l| redraw(l, &of));
            if reply.image.is_none() {
                tracing::warn!(
                    "outbox entry {}: the board of game {} could not be drawn again",
                    entry.id,
                    of.game
                );
            }
        }
    }
    entry
}

/// `of`'s game as it stood after its first `of.actions` actions, from its record.
fn replay_at(store: &Store, of: &ImageOf) -> Option<Live> {
    let mut rec: GameRecord = store.game(of.game).ok()??;
    rec.actions.truncate(of.actions);
    let game = rec.replay().ok()?;
    Some(Live {
        rec,
        game,
        lang: Default::default(),
    })
}

/// The board `of` names, drawn from its game `live`; `None` unless it is the board
/// that was kept.
fn redraw(live: &Live, of: &ImageOf) -> Option<View> {
    let view = board_seen(live, of.viewer);
    (fingerprint(&view) == of.check).then_some(view)
}

/// A check of a view's whole content (FNV-1a over its serialized form): stable across
/// processes and versions that serialize views alike.
pub(in crate::service) fn fingerprint(view: &View) -> u64 {
    let bytes = serde_json::to_vec(view).unwrap_or_default();
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}
