//! One Discord message's parts, apart from where it goes and how it is sent: content
//! (with the long-text fallback), files, buttons, allowed mentions and the outbox
//! nonce, and its layout (a classic message, or one Components V2 container for a
//! game's board). The container's JSON is `container.rs`'s; each way of sending it,
//! `send.rs`'s.

use super::buttons::{
    challenge_buttons, confirm_buttons, daily_buttons, game_buttons, puzzle_buttons,
};
use super::outgoing::Outgoing;
use crate::core::Side;
use crate::i18n::{tr, Lang};
use crate::service::api::{replace_places, GameControls, ReplyKind};
use serenity::all::{CreateActionRow, CreateAllowedMentions, CreateAttachment, UserId};

/// Discord refuses message contents longer than this.
pub(crate) const MAX_CONTENT: usize = 2000;

/// The most text a Components V2 message may carry, all its text displays together.
pub(crate) const MAX_V2_TEXT: usize = 4000;

/// The board image's file name, which the container's gallery refers to.
const BOARD_FILE: &str = "board.png";

/// The container's accent when White is asked (a light ivory) and when Black is.
pub(crate) const ACCENT_WHITE: u32 = 0xF0_EC_E0;
pub(crate) const ACCENT_BLACK: u32 = 0x2B_2B_2B;

/// How a message is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layout {
    /// Discord's classic message: content, attached files, action rows under it.
    Classic,
    /// One Components V2 container: the text (a Section beside the Move button when
    /// the buttons have one, else a Text Display), the board in a gallery (when
    /// `gallery`), then the other buttons; its accent is the colour of the side asked
    /// (none when no side is: a game over).
    Container { accent: Option<u32>, gallery: bool },
}

/// One message's content, independent of the builder it goes into.
#[derive(Clone, Debug)]
pub(crate) struct Parts {
    pub(crate) content: String,
    pub(crate) files: Vec<CreateAttachment>,
    pub(crate) rows: Vec<CreateActionRow>,
    pub(crate) mentions: Vec<UserId>,
    /// The challenge this message shows, if any (its message id is noted once sent).
    pub(crate) challenge: Option<u64>,
    /// For a reply of an outbox entry: a nonce unique to it, sent with `enforce_nonce`
    /// so that Discord drops the repeat a crash before "delivered" causes.
    pub(crate) nonce: Option<String>,
    pub(crate) layout: Layout,
}

impl Parts {
    pub(crate) fn text(text: impl Into<String>) -> Parts {
        Parts {
            content: text.into(),
            files: Vec::new(),
            rows: Vec::new(),
            mentions: Vec::new(),
            challenge: None,
            nonce: None,
            layout: Layout::Classic,
        }
    }

    pub(crate) fn of(out: &Outgoing) -> Parts {
        if let Some(parts) = Parts::board(out) {
            return parts;
        }
        let r = &out.reply;
        let mut content: String = r.mention.iter().map(|u| format!("<@{}> ", u.id)).collect();
        // Channel references become Discord channel links.
        content.push_str(&replace_places(&r.text, |c| format!("<#{c}>")));
        let mut files = Vec::new();
        attach_long_text(&mut content, &mut files, r.lang);
        if let Some(png) = &out.png {
            files.push(CreateAttachment::bytes(png.clone(), "board.png"));
        }
        for a in &r.attachments {
            files.push(CreateAttachment::bytes(a.bytes.clone(), a.name.clone()));
        }
        let (rows, challenge) = match &r.kind {
            ReplyKind::Challenge {
                challenge,
                challenged,
            } => (
                challenge_buttons(*challenge, challenged.is_some(), r.lang),
                Some(*challenge),
            ),
            ReplyKind::ConfirmMove { game, ply } => (confirm_buttons(*game, *ply, r.lang), None),
            ReplyKind::Picker(shown) => (super::picker::rows(shown), None),
            ReplyKind::Picked => (Vec::new(), None),
            ReplyKind::PuzzleQuestion {
                puzzle,
                step,
                solver,
            } => (puzzle_buttons(puzzle, *step, *solver, r.lang), None),
            ReplyKind::DailyPuzzle { day } => (daily_buttons(*day, r.lang), None),
            // Noted like a challenge's message, so that later standings edit it.
            ReplyKind::Standings { event, .. } => (Vec::new(), Some(*event)),
            _ => (
                r.controls
                    .map(|c| game_buttons(c, r.lang))
                    .unwrap_or_default(),
                None,
            ),
        };
        Parts {
            content,
            files,
            rows,
            mentions: r.mention.iter().map(|u| UserId::new(u.id)).collect(),
            challenge,
            nonce: None,
            layout: Layout::Classic,
        }
    }

    /// A game's board message as one Components V2 container: the reply's text (the
    /// player asked is pinged), the board, the game's buttons; the accent is the colour
    /// of the side the board says is to move. `None` when the reply is no board with
    /// controls, or when it needs more than the board as a file (a text over the
    /// container's limit travels as a file beside a classic message, as before: serenity
    /// numbers only one raw upload, and the container shows one picture).
    fn board(out: &Outgoing) -> Option<Parts> {
        let r = &out.reply;
        let (png, controls) = (out.png.as_ref()?, r.controls?);
        if !r.attachments.is_empty() || !matches!(r.kind, ReplyKind::Plain) {
            return None;
        }
        let mut text: String = r.mention.iter().map(|u| format!("<@{}> ", u.id)).collect();
        text.push_str(&replace_places(&r.text, |c| format!("<#{c}>")));
        if text.chars().count() > MAX_V2_TEXT {
            return None;
        }
        let accent = r
            .image
            .as_ref()
            .and_then(|v| v.to_move)
            .map(|side| match side {
                Side::White => ACCENT_WHITE,
                Side::Black => ACCENT_BLACK,
            });
        Some(Parts {
            content: text,
            files: vec![CreateAttachment::bytes(png.clone(), BOARD_FILE)],
            rows: game_buttons(controls, r.lang),
            mentions: r.mention.iter().map(|u| UserId::new(u.id)).collect(),
            challenge: None,
            nonce: None,
            layout: Layout::Container {
                accent,
                gallery: true,
            },
        })
    }

    pub(crate) fn is_container(&self) -> bool {
        self.layout != Layout::Classic
    }

    /// This message as a classic one, for a way of sending that refused the container
    /// (as Discord may refuse a followup with files and the Components V2 flag): the
    /// same text (attached whole, in `lang`'s words, when over a classic message's
    /// limit), files, buttons and nonce, without the flag.
    pub(crate) fn classic(&self, lang: Lang) -> Parts {
        let mut parts = self.clone();
        parts.layout = Layout::Classic;
        let mut files = Vec::new();
        attach_long_text(&mut parts.content, &mut files, lang);
        files.append(&mut parts.files);
        parts.files = files;
        parts
    }

    pub(crate) fn allowed(&self) -> CreateAllowedMentions {
        // Only the users the service names are pinged, never names typed by players.
        CreateAllowedMentions::new().users(self.mentions.clone())
    }

    pub(crate) fn rows(&self) -> Vec<CreateActionRow> {
        self.rows.clone()
    }

    /// A message shown in place of a settled challenge's: its fate, no buttons.
    pub(crate) fn settled(shown: &str) -> Parts {
        Parts::text(replace_places(shown, |c| format!("<#{c}>")))
    }
}

/// A text over a classic message's limit (a long history) travels whole as a file
/// (added to `files`); `content` keeps its first line and says so in `lang`.
fn attach_long_text(content: &mut String, files: &mut Vec<CreateAttachment>, lang: Lang) {
    if content.chars().count() <= MAX_CONTENT {
        return;
    }
    files.push(CreateAttachment::bytes(
        content.clone().into_bytes(),
        "text.txt",
    ));
    let first = content.lines().next().unwrap_or_default();
    let first: String = first.chars().take(MAX_CONTENT - 40).collect();
    *content = format!("{first}\n{}", tr(lang, "delivery-text-attached"));
}

/// A game's closing message in place of a board message whose game is over: its title
/// and closing line (`shown`) and only Rematch, in a container without accent or
/// picture (the board's file is dropped: a container shows only what it names), in
/// `lang` (the language of the public message).
pub(crate) fn closed_board(shown: &str, game: u64, lang: Lang) -> Parts {
    let mut parts = Parts::settled(shown);
    parts.rows = game_buttons(
        GameControls {
            game,
            draw_offer: false,
            secrets: false,
            finished: true,
        },
        lang,
    );
    parts.layout = Layout::Container {
        accent: None,
        gallery: false,
    };
    parts
}

/// The nonce of the `n`th reply of outbox entry `entry`: the same on every delivery
/// of the entry (by any process), different for every other message, and within
/// Discord's 25 characters (at most 16 + 1 + 8, both numbers in hexadecimal).
pub(crate) fn nonce(entry: u64, n: u32) -> String {
    format!("{entry:x}.{n:x}")
}

/// The nonce of the `copy`th direct message to `user` (1, 2, ... in one delivery)
/// carrying the reply whose nonce is `reply` ([`nonce`]). Discord checks a nonce
/// against the messages of the same author, in every channel, so each recipient's copy
/// (and the reply's own post, if any) needs one of its own; like [`nonce`] it is the
/// same on every delivery of the entry. The three make a digest, 96 bits of it in 24
/// hexadecimal digits (Discord takes 25 characters): never one of [`nonce`]'s, which
/// hold a dot.
pub(crate) fn dm_nonce(reply: &str, user: u64, copy: u32) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(format!("dm/{reply}/{user}/{copy}").as_bytes());
    digest.iter().take(12).map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::discord::buttons::tests::labels;
    use crate::service::api::Reply;

    fn out(text: &str) -> Outgoing {
        Outgoing {
            reply: Reply::channel(text),
            png: None,
            nonce: None,
        }
    }

    #[test]
    fn a_text_over_discords_limit_travels_as_a_file() {
        let long = "x".repeat(MAX_CONTENT + 10);
        let p = Parts::of(&out(&long));
        assert!(p.content.chars().count() <= MAX_CONTENT);
        assert!(p.content.ends_with(&tr(Lang::En, "delivery-text-attached")));
        assert_eq!(p.files.len(), 1);
        let short = Parts::of(&out("e4"));
        assert_eq!(short.content, "e4");
        assert!(short.files.is_empty());
    }

    /// A board reply of `text`, its picture saying `to_move` is asked.
    pub(crate) fn board_out(text: &str, to_move: Option<Side>) -> Outgoing {
        use crate::core::view::Viewer;
        use crate::service::api::User;
        use crate::variants::{Game, Options, VariantId};
        let game = Game::new(VariantId::DEFAULT, &Options::new(), 1).expect("a game");
        let mut view = game.view(Viewer::Public);
        view.to_move = to_move;
        let mut reply = Reply::channel(text);
        reply.mention = vec![User {
            id: 42,
            name: "bob".into(),
        }];
        reply.image = Some(view);
        reply.controls = Some(GameControls {
            game: 9,
            draw_offer: false,
            secrets: false,
            finished: to_move.is_none(),
        });
        Outgoing {
            reply,
            png: Some(vec![1, 2, 3]),
            nonce: None,
        }
    }

    #[test]
    fn a_board_text_over_the_containers_limit_stays_a_classic_message() {
        let fits = Parts::of(&board_out(&"x".repeat(3000), Some(Side::White)));
        assert!(fits.is_container());
        assert_eq!(fits.files.len(), 1);
        let long = Parts::of(&board_out(&"x".repeat(MAX_V2_TEXT), Some(Side::White)));
        assert_eq!(long.layout, Layout::Classic);
        let names: Vec<&str> = long.files.iter().map(|f| f.filename.as_str()).collect();
        assert_eq!(names, vec!["text.txt", "board.png"]);
        // Not a board: a plain text stays classic.
        assert_eq!(Parts::of(&out("e4")).layout, Layout::Classic);
    }

    #[test]
    fn a_refused_board_goes_again_as_a_classic_message_with_its_text_and_buttons() {
        let board = Parts::of(&board_out("e2-e4\nbob to move", Some(Side::Black)));
        let classic = board.classic(Lang::En);
        assert_eq!(classic.layout, Layout::Classic);
        assert_eq!(classic.content, board.content);
        let names =
            |p: &Parts| -> Vec<String> { p.files.iter().map(|f| f.filename.clone()).collect() };
        assert_eq!(names(&classic), vec!["board.png"]);
        assert_eq!(labels(classic.rows()), labels(board.rows()));
        assert_eq!(classic.mentions, board.mentions);
        // A container's text beyond a classic message's limit travels whole as a file.
        let long = Parts::of(&board_out(&"x".repeat(3000), Some(Side::White)));
        assert!(long.is_container());
        let classic = long.classic(Lang::De);
        assert!(classic.content.chars().count() <= MAX_CONTENT);
        assert!(classic
            .content
            .ends_with(&tr(Lang::De, "delivery-text-attached")));
        assert_eq!(names(&classic), vec!["text.txt", "board.png"]);
    }
    #[test]
    fn nonces_fit_discords_25_characters_and_differ() {
        assert!(nonce(u64::MAX, u32::MAX).len() <= 25);
        assert_ne!(nonce(1, 1), nonce(1, 2));
        assert_ne!(nonce(1, 11), nonce(11, 1));
        assert_eq!(nonce(255, 2), nonce(255, 2));
    }

    #[test]
    fn each_recipients_copy_has_a_nonce_of_its_own() {
        let reply = nonce(u64::MAX, u32::MAX);
        let first = dm_nonce(&reply, 7, 1);
        assert_eq!(first.len(), 24);
        assert_eq!(first, dm_nonce(&reply, 7, 1), "the same on every delivery");
        assert_ne!(first, dm_nonce(&reply, 8, 1), "another recipient");
        assert_ne!(first, dm_nonce(&reply, 7, 2), "another copy");
        assert_ne!(first, dm_nonce(&nonce(1, 1), 7, 1), "another reply");
        assert!(!first.contains('.') && first != reply);
    }
}
