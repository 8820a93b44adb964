//! [`Game`]: a variant's rules state behind the closed enum, with the game's seeded
//! generator and an ending decided outside the rules.

use super::*;

/// A game: its rules state, its generator and how it ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    options: Options,
    state: VariantState,
    rng: GameRng,
    /// An ending decided outside the rules (resignation, agreement, timeout, abort).
    result: Option<Outcome>,
}

impl Game {
    pub fn new(variant: VariantId, options: &Options, seed: u64) -> Result<Game, Msg> {
        let mut rng = GameRng::seed_from_u64(seed);
        let state = VariantState::create(variant, options, &mut rng)?;
        Ok(Game {
            options: options.clone(),
            state,
            rng,
            result: None,
        })
    }

    pub fn from_fen(
        variant: VariantId,
        fen: &str,
        options: &Options,
        seed: u64,
    ) -> Result<Game, Msg> {
        let state = VariantState::create_from_fen(variant, fen, options)?;
        Ok(Game {
            options: options.clone(),
            state,
            rng: GameRng::seed_from_u64(seed),
            result: None,
        })
    }

    pub fn variant(&self) -> VariantId {
        self.state.variant()
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn state(&self) -> &VariantState {
        &self.state
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.result
            .clone()
            .or_else(|| dispatch!(&self.state, s => s.outcome()))
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    pub fn ask(&self) -> Option<Ask> {
        if self.result.is_some() {
            return None;
        }
        dispatch!(&self.state, s => s.ask())
    }

    /// Plays `side`'s answer. Any error leaves the game exactly as it was.
    pub fn play(&mut self, side: Side, text: &str) -> Result<Played, PlayError> {
        let ask = self.ask().ok_or(PlayError::Finished)?;
        if ask.side != side {
            return Err(PlayError::NotYourTurn);
        }
        let mut state = self.state.clone();
        let mut rng = self.rng.clone();
        let played = match dispatch!(&mut state, s => s.play(side, text, &mut rng)) {
            Ok(played) => played,
            Err(PlayError::Notation(e)) if self.in_check(side) => {
                return Err(e
                    .in_check()
                    .map_or(PlayError::Notation(e), PlayError::Refused))
            }
            Err(e) => return Err(e),
        };
        self.state = state;
        self.rng = rng;
        Ok(played)
    }

    /// Whether a king of `side` is in check (as the public picture marks it).
    fn in_check(&self, side: Side) -> bool {
        let view = self.view(Viewer::Public);
        view.check.iter().any(|cell| {
            view.pieces
                .iter()
                .any(|p| p.cell == *cell && p.piece.side == side)
        })
    }

    /// Ends the game for a reason outside the rules.
    pub fn finish(&mut self, outcome: Outcome) {
        if self.outcome().is_none() {
            self.result = Some(outcome);
        }
    }

    pub fn legal_texts(&self) -> Vec<String> {
        if self.is_over() {
            return Vec::new();
        }
        dispatch!(&self.state, s => s.legal_texts())
    }

    /// The legal answers as they must be typed to be accepted (autocomplete).
    pub fn typed_texts(&self) -> Vec<String> {
        if self.is_over() {
            return Vec::new();
        }
        dispatch!(&self.state, s => s.typed_texts())
    }

    /// What the asked player should type now, with a legal example; a move prompt
    /// also points to `/rules`. `None` once the game is over.
    pub fn prompt(&self) -> Option<String> {
        self.prompt_in(crate::i18n::Lang::En)
    }

    /// [`Game::prompt`] in `lang`.
    pub fn prompt_in(&self, lang: crate::i18n::Lang) -> Option<String> {
        self.prompt_msg().map(|m| m.in_lang(lang))
    }

    /// [`Game::prompt`] as a message.
    pub fn prompt_msg(&self) -> Option<Msg> {
        let ask = self.ask()?;
        let text = dispatch!(&self.state, s => s.prompt(&ask));
        Some(if ask.question == Question::Move {
            Msg::new("prompt-rules")
                .with("prompt", text)
                .with("variant", self.variant().id())
        } else {
            text
        })
    }

    pub fn view(&self, viewer: Viewer) -> View {
        self.view_in(viewer, crate::i18n::Lang::En)
    }

    /// [`Game::view`] with its words (title, badges, notes, the result line) in `lang`.
    pub fn view_in(&self, viewer: Viewer, lang: crate::i18n::Lang) -> View {
        let mut view = dispatch!(&self.state, s => s.view(viewer));
        if view.title == self.variant().name() {
            view.set_title(self.variant().name_msg());
        }
        if let Some(o) = self.outcome() {
            view.set_result(o.msg());
            view.to_move = None;
        }
        if lang != crate::i18n::Lang::En {
            view.write_in(lang);
        }
        view
    }

    /// A player's secret information, in English.
    pub fn secret(&self, side: Side) -> Option<String> {
        self.secret_msg(side).map(|m| m.to_string())
    }

    /// A player's secret information as a message.
    pub fn secret_msg(&self, side: Side) -> Option<Msg> {
        dispatch!(&self.state, s => s.secret(side))
    }

    /// [`Game::secret`] in `lang`.
    pub fn secret_in(&self, side: Side, lang: crate::i18n::Lang) -> Option<String> {
        self.secret_msg(side).map(|m| m.in_lang(lang))
    }

    pub fn claimable_draw(&self) -> Option<String> {
        if self.is_over() {
            return None;
        }
        dispatch!(&self.state, s => s.claimable_draw())
    }

    /// The draw rules a player may claim under in this game.
    pub fn draw_claim_rules(&self) -> &'static [&'static str] {
        dispatch!(&self.state, s => s.draw_claim_rules())
    }

    /// Whether the game is plain chess (its export is strict PGN).
    pub fn is_plain_chess(&self) -> bool {
        dispatch!(&self.state, s => s.is_plain_chess())
    }

    /// The SAN of `answer` now, for plain chess; `None` otherwise or when illegal.
    pub fn san(&self, answer: &str) -> Option<String> {
        if self.is_over() {
            return None;
        }
        dispatch!(&self.state, s => s.san(answer))
    }

    /// The starting position for a PGN `FEN` tag, when the game needs one.
    pub fn setup_fen(&self) -> Option<String> {
        dispatch!(&self.state, s => s.setup_fen())
    }

    /// How far the game's generator has run: a turn that changes it drew on chance.
    pub fn draws(&self) -> u128 {
        self.rng.get_word_pos()
    }

    /// What the players hold in secret, without where it stands on the board: a turn
    /// that changes it revealed or took something hidden.
    pub fn secrets_held(&self) -> String {
        dispatch!(&self.state, s => s.secrets_held())
    }

    /// Whether the game has neither hidden information nor chance: everything a move
    /// leads to can be worked out from the public position.
    pub fn perfect_information(&self) -> bool {
        dispatch!(&self.state, s => s.perfect_information())
    }

    /// Whether the game's rules draw on its generator (declared by each variant).
    pub fn uses_randomness(&self) -> bool {
        dispatch!(&self.state, s => s.uses_randomness())
    }

    pub fn fen(&self) -> String {
        dispatch!(&self.state, s => s.fen())
    }

    pub fn perft(&self, depth: u32) -> u64 {
        dispatch!(&self.state, s => s.perft(depth))
    }

    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        dispatch!(&self.state, s => s.perft_divide(depth))
    }

    /// Runs `visitor` on the rules state (not on the generator or an outside result).
    pub fn visit<V: RulesVisitor>(&self, visitor: V) -> V::Output {
        dispatch!(&self.state, s => visitor.visit(s))
    }

    /// A game `viewer` cannot tell from this one ([`Tuning::determinise`]), with a fresh
    /// generator from `rng`: the stored generator's future rolls are secret too.
    pub fn determinised(&self, viewer: Side, rng: &mut GameRng) -> Game {
        let state = self.state.determinise(viewer, rng);
        Game {
            options: self.options.clone(),
            state,
            rng: GameRng::seed_from_u64(rand::Rng::gen(rng)),
            result: self.result.clone(),
        }
    }
}
