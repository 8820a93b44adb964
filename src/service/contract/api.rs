//! The contract between the service and every front end: requests in, replies out.
//! Nothing here knows Discord; front ends translate their events into [`Request`]s
//! and [`Reply`]s into messages.

use crate::core::view::View;
use crate::variants::{Options, VariantId};
use serde::{Deserialize, Serialize};

pub use crate::model::{ColorChoice, PlaceKind, User};

/// Who acts, where, and under which idempotency key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Context {
    pub user: User,
    pub channel: u64,
    /// The server (Discord guild) of the channel, if any.
    pub server: Option<u64>,
    /// A key such as a Discord interaction id: a redelivered key acts once.
    pub key: Option<String>,
    /// The language the one who acts reads (a Discord interaction's `locale`): what is
    /// answered to them alone speaks it. English when the front end does not say.
    #[serde(default)]
    pub lang: crate::i18n::Lang,
    /// The server's locale as the front end was told it (Discord's `guild_locale`, sent
    /// with interactions from a server): public messages of a server without a language
    /// setting speak the last one seen. `None` outside servers or when not told.
    #[serde(default)]
    pub guild_locale: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DrawAction {
    Offer,
    Accept,
    Decline,
    /// Claim a draw by threefold repetition or the 50-move rule.
    Claim,
}

/// What is done to a challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChallengeAnswer {
    Accept,
    Decline,
    /// Withdrawn by its challenger, or called off by a moderator.
    Cancel,
}

/// Which challenge a request means.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChallengeTarget {
    /// The challenge with this id.
    Id(u64),
    /// The challenge whose other side is this player (its challenger when accepting or
    /// declining, its opponent when cancelling; a moderator may name either).
    Player(User),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GamesScope {
    /// Active games of the invoker's server.
    Server,
    /// Active games of one user.
    User(u64),
    /// The invoker's games, in every server, where it is their turn.
    Mine,
}

/// Everything a player can ask of the service.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    Challenge {
        opponent: User,
        variant: VariantId,
        color: ColorChoice,
        /// Days per move: `None` for the default, `Some(0)` for no limit, else 1-14.
        days: Option<u32>,
        options: Options,
        /// `false` makes a casual game, which leaves the ratings alone.
        rated: bool,
    },
    /// Accept the one pending challenge here that concerns the invoker.
    Accept,
    /// Decline the one challenge here made to the invoker.
    Decline,
    /// Withdraw the invoker's one challenge here.
    Cancel,
    /// A challenge open to anyone here: the first to accept plays.
    OpenChallenge {
        variant: VariantId,
        color: ColorChoice,
        days: Option<u32>,
        options: Options,
        rated: bool,
    },
    /// `request` (resign, a draw offer or answer, the hand, a rematch) for game `game`
    /// only: a button on one game's message can never act on another game.
    OnGame {
        game: u64,
        request: Box<Request>,
    },
    /// A new challenge to the opponent of the finished game here: same variant, options
    /// and days, colours swapped.
    Rematch,
    /// Accept, decline or cancel one named challenge: by its id (a button on its
    /// message) or by the player on its other side.
    Answer {
        answer: ChallengeAnswer,
        target: ChallengeTarget,
    },
    Move {
        text: String,
    },
    Board,
    History,
    /// `/note`: show the invoker's notes on the channel's game (`None`), empty them
    /// (`clear`), or add a line.
    Note {
        text: Option<String>,
    },
    /// `/conditional`: show the invoker's conditional lines on the channel's game
    /// (`None`), empty them (`clear`), or queue a line (`e5 Nf3 Nc6 Bb5`).
    Conditional {
        text: Option<String>,
    },
    /// `/takeback`: ask to undo the invoker's last turn, or answer such a request.
    Takeback(crate::service::contract::actions::TakebackAction),
    Export,
    Resign,
    Draw(DrawAction),
    Abort,
    /// Claim the win when the opponent's time has run out.
    Claim,
    /// The invoker's secret information (what only they may see of the game).
    Hand,
    Games(GamesScope),
    Rules {
        variant: Option<VariantId>,
    },
    /// A picture naming every badge and mark: of one variant, else of this channel's
    /// game, else of every variant.
    Legend {
        variant: Option<VariantId>,
    },
    Help,
    /// Ratings, record, current games and last results of a player (the invoker when
    /// `None`).
    Profile {
        user: Option<User>,
    },
    /// The best settled ratings of a variant (Chess when `None`) in the invoker's
    /// ladder.
    Leaderboard {
        variant: Option<VariantId>,
    },
    /// Turns the invoker's reminders by direct message on or off.
    Reminders {
        dm: bool,
    },
    /// `/settings`: shows the invoker's preferences, changing those named.
    Settings(crate::service::contract::actions::SettingsChange),
    /// Plays the invoker's move waiting for confirmation on `game`, if the game is
    /// still in the position it was typed in (`ply`: its number of actions then).
    ConfirmMove {
        game: u64,
        ply: u64,
    },
    /// The move picker of `game` (the Move button, or a choice in its menus): what it
    /// shows after `path` (option indices chosen so far) for the position it was opened
    /// at (`ply`: the game's number of actions then; `None` opens it now).
    Pick {
        game: u64,
        ply: Option<u64>,
        path: Vec<u16>,
    },
    /// The picker's Confirm: plays the answer `path` completes, exactly as if it had
    /// been typed, if the game is still at `ply`.
    PickPlay {
        game: u64,
        ply: u64,
        path: Vec<u16>,
    },
    /// Drops the invoker's move waiting for confirmation on `game`.
    CancelMove {
        game: u64,
    },
    /// `/vacation on|off` (`None`: how much is left).
    Vacation {
        on: Option<bool>,
    },
    /// `/review`: the computer's review of a finished game (`None`: the channel's
    /// last game).
    Review {
        game: Option<u64>,
    },
    /// `/web`: the address of the game's web page, and a player's private one.
    Web,
    /// `/settings web:on|off`: a server's web page, for its moderators.
    ServerWeb {
        on: bool,
    },
    /// `/settings boards:mover|white`: how a server's public boards turn, for its
    /// moderators (`white`: White at the bottom; `mover`: the player to move's side).
    ServerBoards {
        white: bool,
    },
    /// `/settings language:auto|en|de`: the language of a server's public messages, for
    /// its moderators (`None`: the server's own locale, as Discord reports it).
    ServerLanguage {
        lang: Option<crate::i18n::Lang>,
    },
    /// `/settings puzzle-channel|puzzle-hour|puzzle-daily`, for the server's moderators.
    ServerDaily(crate::service::contract::actions::DailyChange),
    /// `/puzzle`: the invoker's answer to their open puzzle, else a puzzle to solve
    /// (puzzle `id`, else one of `variant` with `theme`, near their puzzle rating).
    Puzzle(crate::service::contract::actions::PuzzleAsk),
    /// The Move button of a puzzle's question, or a choice in its picker: what the
    /// picker shows after `path` over puzzle `puzzle` at step `step` of its line, for
    /// its solver `solver` alone (refused once the puzzle has moved on). With `play`,
    /// its Confirm: the answer `path` completes, judged exactly as if it had been typed
    /// with `/puzzle answer:`.
    PuzzlePick {
        puzzle: String,
        step: u64,
        path: Vec<u16>,
        solver: u64,
        play: bool,
    },
    /// `/tournament ...`: of event `event`, else of the channel's latest.
    Tournament {
        action: crate::service::contract::actions::TournamentAction,
        event: Option<u64>,
    },
}

/// Where a reply goes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audience {
    /// The channel the request came from (public).
    Channel,
    /// A direct message to this user.
    Private(User),
    /// Only the invoker sees it (an ephemeral reply on Discord).
    Invoker,
    /// A public message in another place: the one a game was opened in
    /// ([`Places::open_place`]).
    Place(u64),
}

/// A file attached to a reply (exports, pictures).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attachment {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// A reply kind that front ends may decorate (buttons, autocomplete).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReplyKind {
    Plain,
    /// A new challenge (`challenged` is `None` for an open one): the front end may
    /// add buttons that name it (accept, decline, cancel) and should tell the service
    /// which message shows it ([`crate::service::contract::front::GameService::shown`]).
    Challenge {
        challenge: u64,
        challenged: Option<User>,
    },
    /// A challenge was settled (or a late answer found it settled): the front end
    /// replaces the message that shows it (`message`, when known) with `shown`, without
    /// buttons. The reply's own text, if any, is posted as usual.
    ChallengeOver {
        challenge: u64,
        message: Option<u64>,
        shown: String,
    },
    /// A refusal: one sentence, shown only to the invoker.
    Refusal,
    /// A typed move shown to its player before it is played: the front end offers
    /// Confirm ([`Request::ConfirmMove`] with these) and Cancel.
    ConfirmMove {
        game: u64,
        ply: u64,
    },
    /// The move picker, shown to the player asked alone: the front end offers `menus`
    /// (each option extends `path` by its value), Back, and Confirm once `complete`
    /// ([`Request::Pick`], [`Request::PickPlay`] with these).
    Picker(PickerShown),
    /// The picker's answer was played: the front end replaces the picker with this
    /// reply's text, without menus.
    Picked,
    /// A tournament's standings (text and table image): the front end edits the
    /// event's message (`message`) in place; with none yet (or when it is gone), it
    /// posts one and tells the service which message shows it
    /// ([`crate::service::contract::front::GameService::shown`], with the event's id).
    Standings {
        event: u64,
        message: Option<u64>,
    },
    /// A server's daily puzzle (`day`: days since 1970, UTC) with a Solve button.
    DailyPuzzle {
        day: u64,
    },
    /// A puzzle's question to its solver: the front end may offer a Move button
    /// ([`Request::PuzzlePick`] with these and an empty path).
    PuzzleQuestion {
        puzzle: String,
        step: u64,
        solver: u64,
    },
}

/// What the move picker shows after a path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PickerShown {
    pub game: u64,
    /// The game's number of actions when the picker opened: a later press is refused
    /// once the game has moved on.
    pub ply: u64,
    pub path: Vec<u16>,
    /// At most four menus of at most 25 options; empty once the answer is complete.
    pub menus: Vec<PickerMenu>,
    /// The path names a whole answer: Confirm plays it.
    pub complete: bool,
    /// The language of the one who picks (the picker's own buttons speak it).
    #[serde(default)]
    pub lang: crate::i18n::Lang,
    /// A puzzle's picker (`game` is then 0 and `ply` the puzzle's step): its presses
    /// ask [`Request::PuzzlePick`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<PuzzlePicked>,
}

/// The puzzle a picker answers, and its solver (the only one who may press).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzlePicked {
    pub id: String,
    pub solver: u64,
}

/// One select menu of the picker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PickerMenu {
    pub placeholder: String,
    /// Each option's label and the index that extends the path.
    pub options: Vec<(String, u16)>,
    /// The cell each option stands for on the board (`e2`, `w0`), beside `options`,
    /// for a board that is touched (the web page); empty when kept by an older version.
    #[serde(default)]
    pub cells: Vec<Option<String>>,
}

/// What a public board message of a game offers (the front end may show buttons).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameControls {
    pub game: u64,
    /// A draw offer stands (the other player may accept it).
    pub draw_offer: bool,
    /// The game has secrets (a player may ask for their own privately).
    pub secrets: bool,
    /// The game is over (a rematch may be asked for).
    pub finished: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    pub to: Audience,
    pub kind: ReplyKind,
    /// Users to mention at the start (the player to move).
    pub mention: Vec<User>,
    pub text: String,
    /// A board image to draw for this view (already filtered for the audience).
    #[serde(default, deserialize_with = "lenient_view")]
    pub image: Option<View>,
    /// Files sent with the reply, in order (an export's PGN, then its GIF). Replies
    /// kept by an older version had one `attachment` at most.
    #[serde(
        default,
        alias = "attachment",
        deserialize_with = "lenient_attachments"
    )]
    pub attachments: Vec<Attachment>,
    /// The outbox entry this reply belongs to: a reply produced by a change of a game is
    /// stored with that change and kept until the front end reports it delivered
    /// ([`crate::service::contract::front::GameService::delivered`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outbox: Option<u64>,
    /// For a game's public board message: what its players may do from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controls: Option<GameControls>,
    /// The language the reply is written in: the front end draws its picture and adds
    /// its own words in it (replies kept by an older version: English).
    #[serde(default)]
    pub lang: crate::i18n::Lang,
    /// A copy written for this one reader in their own language (a game by a pair of
    /// DMs whose players read different languages, issue 50): its `lang` is theirs,
    /// and a public one reaches only them. `None`: as its audience says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reader: Option<u64>,
}

/// Replies of one change, kept in the store (written with the change itself) until the
/// front end has delivered them: a restart delivers what is still here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub id: u64,
    /// The place of the game the change belongs to.
    pub channel: u64,
    /// Who caused the change (their private answers go by direct message when no
    /// interaction is left to answer); `None` for time passing.
    pub actor: Option<User>,
    pub replies: Vec<Reply>,
    /// In the stored entry, the board images of `replies` kept by reference (one per
    /// reply, or none at all): a reply named here is stored without its image, drawn
    /// again from the game's record when the entry is read. Entries stored before
    /// references existed keep every image whole, and no list.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<Option<ImageOf>>,
}

/// A board image kept by reference: `viewer`'s board of game `game` after its first
/// `actions` actions, as replies show it; `check` is the drawn view's
/// fingerprint, so a record changed since (a takeback rewound it) is never drawn
/// for a reply it does not belong to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImageOf {
    pub game: u64,
    pub actions: usize,
    pub viewer: crate::core::view::Viewer,
    pub check: u64,
}

impl Reply {
    pub fn channel(text: impl Into<String>) -> Reply {
        Reply {
            to: Audience::Channel,
            kind: ReplyKind::Plain,
            mention: Vec::new(),
            text: text.into(),
            image: None,
            attachments: Vec::new(),
            outbox: None,
            controls: None,
            lang: Default::default(),
            reader: None,
        }
    }

    /// The reply, written in `lang`.
    pub fn in_lang(mut self, lang: crate::i18n::Lang) -> Reply {
        self.lang = lang;
        self
    }

    pub fn invoker(text: impl Into<String>) -> Reply {
        Reply {
            to: Audience::Invoker,
            ..Reply::channel(text)
        }
    }

    /// A refusal. Refusals often echo what was typed, so control and direction
    /// characters are shown escaped here, in the one place every refusal passes.
    pub fn refusal(text: impl Into<String>) -> Reply {
        Reply {
            to: Audience::Invoker,
            kind: ReplyKind::Refusal,
            ..Reply::channel(visible(&text.into()))
        }
    }

    pub fn private(user: User, text: impl Into<String>) -> Reply {
        Reply {
            to: Audience::Private(user),
            ..Reply::channel(text)
        }
    }
}

/// Replies are kept for redelivered requests; an image kept by an older version may
/// not match today's [`View`], and is then dropped (the text still says it all).
fn lenient_view<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<View>, D::Error> {
    let value = serde_json::Value::deserialize(d)?;
    Ok(serde_json::from_value(value).ok())
}

/// The files of a reply: a list, or (kept by an older version) one file or none.
fn lenient_attachments<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Vec<Attachment>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Kept {
        Many(Vec<Attachment>),
        One(Attachment),
        Nothing(()),
    }
    Ok(match Kept::deserialize(d)? {
        Kept::Many(list) => list,
        Kept::One(a) => vec![a],
        Kept::Nothing(()) => Vec::new(),
    })
}

/// Whether a character would act on the text around it instead of showing: control
/// characters (line breaks included) and the invisible direction, joining and
/// spacing marks (a U+202E reverses the rest of a chat line).
fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{2069}'
                | '\u{FEFF}'
        )
}

/// Whether `text` holds a character that would act on the text around it instead of
/// showing (a control, direction, joining or invisible spacing mark).
pub fn has_hidden(text: &str) -> bool {
    text.chars().any(is_hidden)
}

/// `text` with every hidden character written out as `<U+XXXX>`.
pub fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_hidden(c) {
            out.push_str(&format!("<U+{:04X}>", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_never_carry_hidden_characters() {
        let r = Reply::refusal("I don't understand `e4\u{202E}xd5\nb\u{200B}`.");
        assert_eq!(
            r.text,
            "I don't understand `e4<U+202E>xd5<U+000A>b<U+200B>`."
        );
        assert_eq!(visible("Nf3 café ♞"), "Nf3 café ♞");
    }

    #[test]
    fn a_reply_kept_with_an_older_picture_still_reads() {
        let mut r = Reply::channel("e2-e4");
        r.image = Some(View::new(crate::core::view::Viewer::Public, "Chess"));
        let back: Reply =
            serde_json::from_str(&serde_json::to_string(&r).expect("json")).expect("today's reply");
        assert_eq!(back, r);
        let old = r#"{"to":"Channel","kind":"Plain","mention":[],"text":"e2-e4",
            "image":{"viewer":"Public","title":"Wand Chess","pieces":[{"cell":{"Board":12},
            "piece":{"side":"White","role":"Pawn"},"badges":[{"Asleep":3},"Fast"]}],
            "walls":0,"wickets":false,"balls":[],"last_move":[],"check":[],"marks":[],
            "to_move":null,"names":["a","b"],"notes":[[],[]],"result":null},
            "attachment":null}"#;
        let back: Reply = serde_json::from_str(old).expect("old reply");
        assert_eq!(back.text, "e2-e4");
        // Its badges were an enum that no longer exists: the picture is dropped.
        assert_eq!(back.image, None);
        // A format-1 picture without badges keeps its blocked squares as marks.
        let old = old.replace(r#","badges":[{"Asleep":3},"Fast"]"#, r#","badges":[]"#);
        let old = old.replace(r#""walls":0"#, r#""walls":1"#);
        let back: Reply = serde_json::from_str(&old).expect("old reply");
        let image = back.image.expect("a picture");
        assert_eq!(image.marks.len(), 1);
        assert!(!image.outer_cells);
        // A reply kept with one attached file keeps it as the first of its files.
        let old = r#"{"to":"Invoker","kind":"Plain","mention":[],"text":"x","image":null,
            "attachment":{"name":"a.pgn","bytes":[49]}}"#;
        let back: Reply = serde_json::from_str(old).expect("old reply");
        assert_eq!(
            back.attachments,
            vec![Attachment {
                name: "a.pgn".into(),
                bytes: vec![b'1']
            }]
        );
        let mut two = Reply::channel("y");
        two.attachments = [back.attachments.clone(), back.attachments].concat();
        let again: Reply =
            serde_json::from_str(&serde_json::to_string(&two).expect("json")).expect("reply");
        assert_eq!(again, two);
    }
}

/// A reply produced by time passing (reminders), for a channel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimedReply {
    pub channel: u64,
    pub reply: Reply,
}

/// How a front end names a channel, so the service never formats one itself: a
/// reference a chat renders as a link in replies, and plain words (or a link) for the
/// `Site` tag of an exported record.
pub trait Places: Send + Sync {
    /// The channel as a reply mentions it; `None` when the front end cannot name it.
    fn mention(&self, server: Option<u64>, channel: u64) -> Option<String>;
    /// Where a game was played, for the record's `Site` tag; `None` when unknown.
    fn site(&self, server: Option<u64>, channel: u64) -> Option<String>;
    /// A game's place outside servers (issue 50) as `viewer`, one of its players,
    /// opens it: a group chat or a DM with the bot as a link; a game by a pair of DMs
    /// (`channel` is no chat's) as the viewer's own DM with the bot. `None` when the
    /// front end cannot link it.
    fn reach(&self, kind: PlaceKind, channel: u64, viewer: u64) -> Option<String> {
        let _ = (kind, channel, viewer);
        None
    }
    /// Opens a place of its own for a game starting in `channel`, named `title`, from
    /// the message `anchor` that showed its challenge (blocking: the front end may ask
    /// its chat service). Returns the place's id, or why the game stays in `channel`.
    /// By default a game is played where it was accepted.
    fn open_place(&self, channel: u64, title: &str, anchor: Option<u64>) -> Result<u64, String> {
        let _ = (title, anchor);
        Ok(channel)
    }
    /// Opens a place of its own for a tournament's game, under the event's `channel`
    /// (by default as any game's place).
    fn open_event_place(&self, channel: u64, title: &str) -> Result<u64, String> {
        self.open_place(channel, title, None)
    }
    /// [`Places::open_place`], saying why not in `lang` (the server's language).
    fn open_place_in(
        &self,
        channel: u64,
        title: &str,
        anchor: Option<u64>,
        lang: crate::i18n::Lang,
    ) -> Result<u64, String> {
        let _ = lang;
        self.open_place(channel, title, anchor)
    }
    /// [`Places::open_event_place`], saying why not in `lang`.
    fn open_event_place_in(
        &self,
        channel: u64,
        title: &str,
        lang: crate::i18n::Lang,
    ) -> Result<u64, String> {
        let _ = lang;
        self.open_event_place(channel, title)
    }
}

/// The places of a service without a front end: no channel can be named.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unnamed;

impl Places for Unnamed {
    fn mention(&self, _server: Option<u64>, _channel: u64) -> Option<String> {
        None
    }

    fn site(&self, _server: Option<u64>, _channel: u64) -> Option<String> {
        None
    }
}

/// How reply text refers to a channel, as the service knows it (`{#123}`): front ends
/// rewrite each with [`replace_places`] into their own form (a link on Discord).
pub fn place(channel: u64) -> String {
    format!("{{#{channel}}}")
}

/// Rewrites every [`place`] reference in `text` with `form(channel)`.
pub fn replace_places(text: &str, form: impl Fn(u64) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{#") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let channel = after[..digits].parse::<u64>().ok();
        match channel {
            Some(id) if after[digits..].starts_with('}') => {
                out.push_str(&form(id));
                rest = &after[digits + 1..];
            }
            _ => {
                out.push_str("{#");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod escape_tests {
    use super::*;

    #[test]
    fn places_are_rewritten_by_the_front_end() {
        let text = format!("in {} and {}; {{#x}} {{#12", place(5), place(77));
        assert_eq!(
            replace_places(&text, |c| format!("<#{c}>")),
            "in <#5> and <#77>; {#x} {#12"
        );
        assert_eq!(replace_places("plain", |_| String::new()), "plain");
    }
}
