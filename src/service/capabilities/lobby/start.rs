//! An accepted challenge becomes a game: its seed and colours, its place (the channel
//! or a thread of its own), its record and the lines that start it.

use super::*;
use crate::i18n::Msg;
use crate::service::contract::api::PlaceKind;

impl Service {
    /// What a press on game `game`'s buttons in `channel` meets (read from the store,
    /// where every change of a game is written): its players while it is played,
    /// what became of it once over; `None` when the store fails.
    pub(in crate::service) fn game_state(&self, channel: u64, game: u64) -> Option<GameState> {
        let rec = match self.store.game(game) {
            Ok(Some(rec)) => rec,
            Ok(None) => return Some(GameState::Unknown),
            Err(e) => {
                tracing::error!("store: {e}");
                return None;
            }
        };
        if rec.channel != channel {
            return Some(GameState::Unknown);
        }
        if !rec.finished {
            return Some(GameState::Playing {
                players: rec.players.clone(),
            });
        }
        // The game's message is public: the server's language (outside servers, its
        // players').
        let lang = self.game_lang(&rec);
        let mut lines = vec![queries::title_line_in(&rec, lang)];
        match rec.replay() {
            Ok(game) => lines.extend(record::closing_line_in(&rec, &game, lang)),
            Err(e) => tracing::error!("{e}"),
        }
        Some(GameState::Over {
            shown: lines.join("\n"),
            lang,
        })
    }

    /// Starts the game of challenge `c`; `computer` is the computer's level when the
    /// opponent is the computer.
    pub(in crate::service) fn start_game(
        &self,
        slot: &Slot,
        c: &Challenge,
        ctx: &Context,
        now: u64,
        computer: Option<u8>,
    ) -> Result<Change, Refusal> {
        let opponent = c
            .opponent
            .clone()
            .ok_or_else(|| tr!(ctx.lang, "refusal-open-needs-taker"))?;
        let (seed, challenger_white) = self.seed_and_colour(c.color);
        let game = Game::new(c.variant, &c.options, seed).map_err(|m| m.in_lang(ctx.lang))?;
        let players = if challenger_white {
            [c.challenger.clone(), opponent.clone()]
        } else {
            [opponent.clone(), c.challenger.clone()]
        };
        let id = crate::service::plumbing::writer::new_id(&self.store).map_err(|e| {
            tracing::error!("store: {e}");
            tr!(ctx.lang, "refusal-store-failed")
        })?;
        // Accepted between two people's DMs with the bot (issue 50): a place of its
        // own, named by the game's id, whose boards the front end sends to both DMs.
        let pair = computer.is_none() && self.place_kind(ctx.channel) == PlaceKind::BotDm;
        let (place, why_here) = if pair {
            self.refuse_second_pair(&players, ctx.lang)?;
            (id, None)
        } else {
            self.game_place(slot, ctx, c, &players)?
        };
        let computer = computer.map(|level| {
            let side = if challenger_white {
                Side::Black
            } else {
                Side::White
            };
            ComputerSeat::new(side, level)
        });
        let mut rec = new_record(id, place, ctx.server, c, players, seed, computer, now);
        rec.place = if pair {
            PlaceKind::DmPair
        } else {
            self.place_kind(ctx.channel)
        };
        // A player on vacation starts the game away: their turns' clocks stand still.
        for (i, p) in rec.players.clone().iter().enumerate() {
            rec.away[i] = self
                .store
                .vacation(p.id)
                .is_ok_and(|v| v.since_ms.is_some());
        }
        let lang = self.public_lang(ctx);
        let mut live = Live { rec, game, lang };
        live.rec.clock = next_clock(&mut live.rec, &live.game, None, now);
        Ok(Change {
            replies: self.started_replies(&live, c, ctx.channel, why_here),
            live: Some(live),
            ..Change::default()
        })
    }

    /// What game `live`, started from challenge `c` made in `channel`, says as it
    /// starts ([`start_replies`]), with its web page's line; by a pair of DMs, each
    /// player reads it in their own language.
    fn started_replies(
        &self,
        live: &Live,
        c: &Challenge,
        channel: u64,
        why_here: Option<String>,
    ) -> Vec<Reply> {
        let id = live.rec.id;
        let replies_of = |live: &Live| {
            let mut replies = start_replies(live, c, channel, why_here.clone(), None);
            // The game's first board links its web page, when pages are served.
            if let (Some(line), Some(board)) = (
                self.web_line(id, live.lang),
                replies.iter_mut().find(|r| r.image.is_some()),
            ) {
                board.text.push_str(&format!("\n{line}"));
            }
            replies
        };
        let mut replies = replies_of(live);
        let readers = self.readers(&live.rec, live.lang);
        Service::for_each_reader(&readers, live.lang, &mut replies, |lang| {
            Some(replies_of(&Live {
                lang,
                ..live.clone()
            }))
        });
        replies
    }

    /// A new game's seed, and whether the challenger plays White.
    pub(in crate::service) fn seed_and_colour(&self, color: ColorChoice) -> (u64, bool) {
        let mut rng = lock(&self.seeds);
        let seed: u64 = rng.gen();
        let white = match color {
            ColorChoice::White => true,
            ColorChoice::Black => false,
            ColorChoice::Random => rng.gen(),
        };
        (seed, white)
    }

    /// Where a new game is played, and why here when it could not get a place of its
    /// own: from the challenge's message, or (a game against the computer starts at
    /// once, before any message shows it) a place of its own beside it. Refused when
    /// it would have to share this channel with a game being played.
    pub(super) fn game_place(
        &self,
        slot: &Slot,
        ctx: &Context,
        c: &Challenge,
        players: &[User; 2],
    ) -> Result<(u64, Option<String>), Refusal> {
        let (place, why_here) = if slot.live.is_some() && c.message.is_none() {
            (ctx.channel, Some(String::new()))
        } else if self.place_kind(ctx.channel) != PlaceKind::Server {
            // Outside servers there are no threads: the game is played where it was
            // accepted (issue 50).
            (ctx.channel, None)
        } else {
            match self.places.open_place_in(
                ctx.channel,
                &place_title(players, c.variant, self.public_lang(ctx)),
                c.message,
                self.public_lang(ctx),
            ) {
                Ok(p) => (p, None),
                Err(reason) => (ctx.channel, Some(reason)),
            }
        };
        if place == ctx.channel {
            if let Some(live) = &slot.live {
                let why = why_here
                    .filter(|w| !w.is_empty())
                    .map(|w| format!(" ({w})"))
                    .unwrap_or_default();
                return Err(tr!(
                    ctx.lang,
                    "refusal-channel-has-game-waits",
                    players = players_line_in(&live.rec, ctx.lang),
                    why = why
                ));
            }
        }
        Ok((place, why_here))
    }
}

/// The record of a game starting now from challenge `c`.
#[allow(clippy::too_many_arguments)]
pub(in crate::service) fn new_record(
    id: u64,
    place: u64,
    server: Option<u64>,
    c: &Challenge,
    players: [User; 2],
    seed: u64,
    computer: Option<ComputerSeat>,
    now: u64,
) -> GameRecord {
    GameRecord {
        format: FORMAT_VERSION,
        id,
        channel: place,
        server: c.server.or(server),
        players,
        variant: c.variant,
        options: c.options.clone(),
        seed,
        days: c.days,
        created_ms: now,
        actions: Vec::new(),
        history: Vec::new(),
        clock: None,
        draw_offer: None,
        finished: false,
        computer,
        rated: c.rated && computer.is_none(),
        end: None,
        // A game in a place of its own goes back to the challenge's channel if that
        // place is deleted.
        home: (place != c.channel && c.channel != 0).then_some(c.channel),
        bank_ms: (c.bank_days > 0 && c.days > 0).then(|| [u64::from(c.bank_days) * DAY_MS; 2]),
        bank_days: c.bank_days,
        conditional: Vec::new(),
        conditional_plies: Vec::new(),
        away: [false; 2],
        no_vacation: false,
        takeback_offer: None,
        place: Default::default(),
    }
}

/// The start line's opening: the challenge accepted, the computer's level (and what
/// it is worth, where measured closely enough), or an event game's own `intro`.
pub(super) fn accepts_line(live: &Live, c: &Challenge, intro: Option<String>) -> String {
    let opponent = c
        .opponent
        .as_ref()
        .map(|o| o.name.clone())
        .unwrap_or_default();
    match (intro, live.rec.computer) {
        // A game nobody challenged to (a tournament's) says what it is instead.
        (Some(intro), _) => intro,
        (None, Some(seat)) => {
            use crate::engine::strength::Scale;
            let level = seat.level();
            let line = match crate::service::contract::grammar::level_rating(c.variant, level) {
                // A level measured closely enough says what it is worth.
                Some((rating, scale)) => Msg::new(match scale {
                    Scale::Stockfish => "game-computer-plays-stockfish",
                    Scale::Own => "game-computer-plays-own",
                })
                .with("rating", i64::from(rating)),
                None => Msg::new("game-computer-plays"),
            };
            let line = line.with("name", opponent).with("level", level.to_string());
            line.in_lang(live.lang)
        }
        (None, None) => crate::tr!(live.lang, "challenge-accepted", name = opponent),
    }
}

/// What a game starting in its place says: who plays whom on what terms (to the
/// challenge's channel too when the game went elsewhere), the board, the fairness
/// commitment, and each player's secrets by direct message.
pub(in crate::service) fn start_replies(
    live: &Live,
    c: &Challenge,
    channel: u64,
    why_here: Option<String>,
    intro: Option<String>,
) -> Vec<Reply> {
    let place = live.rec.channel;
    let computer = live.rec.computer;
    let accepts = accepts_line(live, c, intro);
    let mut lines = vec![format!(
        "{accepts} {} — {}{}, {}, {}.",
        players_line_in(&live.rec, live.lang),
        c.variant.name_in(live.lang),
        options_text(&c.options),
        crate::service::reads::queries::terms_text_in(c.days, c.bank_days, live.lang),
        crate::service::reads::queries::rated_text_in(c.rated && computer.is_none(), live.lang)
    )];
    let mut replies = Vec::new();
    // A game by a pair of DMs has no channel to tell where it went: its place is both.
    if place != channel && live.rec.place != PlaceKind::DmPair {
        // The channel hears where the game went; the game itself is told there.
        replies.push(Reply::channel(format!(
            "{} {}",
            lines.join(" "),
            crate::tr!(live.lang, "game-played-in", place = api::place(place))
        )));
        lines.clear();
    } else if let Some(why) = why_here.filter(|w| !w.is_empty()) {
        lines.push(crate::tr!(live.lang, "game-played-here", why = why));
    }
    let mut r = Reply::channel(String::new());
    lines.extend(prompt_line(live));
    r.text = lines.join("\n");
    // The person is pinged, never the computer: when the computer opens, its opponent
    // hears that the game has started.
    r.mention = match computer {
        Some(seat) if crate::service::reads::asked::computer_asked(live) => {
            vec![live.rec.player(seat.side.other()).clone()]
        }
        _ => asked_user(live).into_iter().collect(),
    };
    r.image = Some(public_view(live));
    r.controls = Some(crate::service::capabilities::turns::controls(live));
    let mut in_place = vec![r];
    in_place.extend(crate::service::formats::fair::at_start(
        &live.game,
        live.rec.seed,
    ));
    if place != channel {
        for r in &mut in_place {
            r.to = Audience::Place(place);
        }
    }
    replies.extend(in_place);
    for side in Side::BOTH {
        if let Some(secret) = live.game.secret_in(side, live.lang) {
            replies.push(Reply::private(
                live.rec.player(side).clone(),
                secret_text_in(&live.rec, &secret, live.lang),
            ));
        }
    }
    replies
}

/// The computer's level a challenge asks for (its `level` option, taken out of the
/// game's options): only a challenge to the computer may set it.
pub(super) fn computer_level(
    options: &mut Options,
    against_computer: bool,
    computer: Option<User>,
    lang: Lang,
) -> Result<u8, Refusal> {
    match options.remove("level") {
        None => Ok(crate::engine::DEFAULT_LEVEL),
        Some(_) if !against_computer => Err(tr!(
            lang,
            "refusal-level-computer-only",
            name = computer.map_or_else(|| tr!(lang, "the-computer"), |c| c.name)
        )),
        Some(l) => crate::engine::parse_level(&l),
    }
}

/// The days of time bank a challenge asks for (its `bank` option, taken out of the
/// game's options): only with days per move.
pub(super) fn bank_days(options: &mut Options, days: u32, lang: Lang) -> Result<u32, Refusal> {
    let Some(bank) = options.remove("bank") else {
        return Ok(0);
    };
    let bank: u32 = bank
        .parse()
        .ok()
        .filter(|b| *b <= MAX_BANK_DAYS)
        .ok_or_else(|| tr!(lang, "refusal-bank-range", max = MAX_BANK_DAYS))?;
    if bank > 0 && days == 0 {
        return Err(tr!(lang, "refusal-bank-needs-days"));
    }
    Ok(bank)
}

/// The name of a game's own place (`alice vs bob · <game name>`), at most 100 characters.
pub(in crate::service) fn place_title(
    players: &[User; 2],
    variant: VariantId,
    lang: Lang,
) -> String {
    let name = |u: &User| -> String {
        let n: String = api::visible(&u.name).chars().take(40).collect();
        n
    };
    let title = format!(
        "{} vs {} · {}",
        name(&players[0]),
        name(&players[1]),
        variant.name_in(lang)
    );
    title.chars().take(100).collect()
}
