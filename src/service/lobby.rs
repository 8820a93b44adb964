//! The lobby: challenges, their answers, and the start of a game.

use super::*;

impl Service {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn challenge(
        &self,
        slot: &Slot,
        ctx: &Context,
        opponent: User,
        variant: VariantId,
        color: ColorChoice,
        days: Option<u32>,
        options: Options,
        rated: bool,
        now: u64,
    ) -> Result<Change, Refusal> {
        if let Some(live) = &slot.live {
            return Err(format!(
                "This channel already has a game ({}); finish it (a player can `/resign`, or \
                 `/abort` before both sides have moved) or play in another channel.",
                players_line(&live.rec)
            ));
        }
        if let Some(c) = &slot.challenge {
            return Err(if c.challenger.id == ctx.user.id {
                "You already have an open challenge here; `/cancel` it first.".to_string()
            } else {
                format!(
                    "{} has already challenged {} here; wait for the answer or use another channel.",
                    c.challenger.name, c.opponent.name
                )
            });
        }
        if opponent.id == ctx.user.id {
            return Err("You cannot challenge yourself.".to_string());
        }
        let computer = self.computer();
        let against_computer = computer.as_ref().is_some_and(|c| c.id == opponent.id);
        if computer.as_ref().is_some_and(|c| c.id == ctx.user.id) {
            return Err("The computer does not challenge anyone.".to_string());
        }
        let mut options = options;
        let level = match options.remove("level") {
            None => crate::engine::DEFAULT_LEVEL,
            Some(_) if !against_computer => {
                return Err(format!(
                    "`level` sets the computer's strength; it applies only to a challenge to {}.",
                    computer.map_or_else(|| "the computer".to_string(), |c| c.name)
                ))
            }
            Some(l) => crate::engine::parse_level(&l)?,
        };
        let days = days.unwrap_or(DEFAULT_DAYS);
        if days > MAX_DAYS {
            return Err(format!(
                "Days per move must be between 1 and {MAX_DAYS}, or 0 for no limit."
            ));
        }
        // Validates the variant and its options before anyone accepts.
        Game::new(variant, &options, 0)?;
        let c = Challenge {
            challenger: ctx.user.clone(),
            opponent: opponent.clone(),
            server: ctx.server,
            variant,
            color,
            days,
            options,
            created_ms: now,
            rated,
        };
        if against_computer {
            // No acceptance to wait for: the game starts at once.
            return self.start_game(&c, ctx, now, Some(level));
        }
        let colour = match color {
            ColorChoice::White => format!("{} plays White", c.challenger.name),
            ColorChoice::Black => format!("{} plays Black", c.challenger.name),
            ColorChoice::Random => "colours drawn at random".to_string(),
        };
        let mut r = Reply::channel(format!(
            "{} challenges {} to {}{} ({colour}, {}, {}). {}: `/accept` or `/decline`.",
            c.challenger.name,
            c.opponent.name,
            variant.name(),
            options_text(&c.options),
            days_text(days),
            rated_text(rated),
            c.opponent.name
        ));
        r.kind = ReplyKind::Challenge {
            challenged: opponent.clone(),
        };
        r.mention = vec![opponent];
        Ok(Change {
            replies: vec![r],
            challenge: Some(Some(c)),
            live: None,
        })
    }

    pub(super) fn accept(&self, slot: &Slot, ctx: &Context, now: u64) -> Result<Change, Refusal> {
        let c = pending(slot, "accept")?;
        if c.opponent.id != ctx.user.id {
            return Err(format!(
                "Only {} can accept this challenge.",
                c.opponent.name
            ));
        }
        self.start_game(c, ctx, now, None)
    }

    /// Starts the game of challenge `c`; `computer` is the computer's level when the
    /// opponent is the computer.
    pub(super) fn start_game(
        &self,
        c: &Challenge,
        ctx: &Context,
        now: u64,
        computer: Option<u8>,
    ) -> Result<Change, Refusal> {
        let (seed, challenger_white) = {
            let mut rng = lock(&self.seeds);
            let seed: u64 = rng.gen();
            let white = match c.color {
                ColorChoice::White => true,
                ColorChoice::Black => false,
                ColorChoice::Random => rng.gen(),
            };
            (seed, white)
        };
        let game = Game::new(c.variant, &c.options, seed)?;
        let id = self.store.new_id().map_err(|e| {
            tracing::error!("store: {e}");
            "The game store failed, so nothing was changed; please try again later.".to_string()
        })?;
        let players = if challenger_white {
            [c.challenger.clone(), c.opponent.clone()]
        } else {
            [c.opponent.clone(), c.challenger.clone()]
        };
        let mut rec = GameRecord {
            format: FORMAT_VERSION,
            id,
            channel: ctx.channel,
            server: c.server.or(ctx.server),
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
            computer: computer.map(|level| ComputerSeat {
                side: if challenger_white {
                    Side::Black
                } else {
                    Side::White
                },
                level,
            }),
            rated: c.rated && computer.is_none(),
            end: None,
        };
        rec.clock = next_clock(&rec, &game, None, now);
        let live = Live { rec, game };
        let accepts = match computer {
            Some(level) => format!("{} plays you at level {level}.", c.opponent.name),
            None => format!("{} accepts.", c.opponent.name),
        };
        let mut lines = vec![format!(
            "{accepts} {} — {}{}, {}, {}.",
            players_line(&live.rec),
            c.variant.name(),
            options_text(&c.options),
            days_text(c.days),
            rated_text(c.rated && computer.is_none())
        )];
        let mut r = Reply::channel(String::new());
        lines.extend(prompt_line(&live));
        r.text = lines.join("\n");
        r.mention = asked_user(&live).into_iter().collect();
        r.image = Some(public_view(&live));
        let mut replies = vec![r];
        replies.extend(super::fair::at_start(&live.game, live.rec.seed));
        for side in Side::BOTH {
            if let Some(secret) = live.game.secret(side) {
                replies.push(Reply::private(
                    live.rec.player(side).clone(),
                    secret_text(&live.rec, &secret),
                ));
            }
        }
        Ok(Change {
            replies,
            challenge: Some(None),
            live: Some(live),
        })
    }
}

pub(super) fn pending<'a>(slot: &'a Slot, verb: &str) -> Result<&'a Challenge, Refusal> {
    slot.challenge.as_ref().ok_or_else(|| {
        if slot.live.is_some() {
            format!("There is no challenge to {verb}: a game is already being played here.")
        } else {
            format!("There is no challenge to {verb} in this channel.")
        }
    })
}
