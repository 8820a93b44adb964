//! The service's side of the ratings: the table in memory, derived from the stored
//! records at start; the end stamp and rating change of each game as it ends (written
//! in the same store batch as its finishing record); `/profile` and `/leaderboard`.

use crate::core::Side;
use crate::i18n::Lang;
use crate::ratings::{
    Finished, GameEnd, Glicko, Key, LadderScope, RatingChange, Score, Standing, Table,
    LEADERBOARD_DEVIATION, LEADERBOARD_SIZE,
};
use crate::service::contract::api::{place, Context, Reply};
use crate::service::plumbing::plan::Put;
use crate::store::{GameRecord, Listing, PastGame, Store, StoreError};
use crate::tr;
use crate::variants::{Game, Outcome, VariantId};
use std::collections::HashMap;

/// A finished game as profiles show it.
#[derive(Clone, Debug)]
pub(in crate::service) struct Past {
    pub fin: Finished,
    pub names: [String; 2],
    pub change: Option<[RatingChange; 2]>,
}

/// Everything the ratings know, behind the service's one ratings lock: games end one
/// at a time, so the order they are stamped with is the order they were rated in.
/// Finished games stay in the store, in each player's results (profiles read them).
pub(in crate::service) struct Ratings {
    pub scope: LadderScope,
    pub table: Table,
    pub last_order: u64,
    /// The end order of the last game rated as the store held it when this table was
    /// read or last written (`None`: none was stored): a game's end is written only if
    /// it still holds it, so two processes sharing the store never both rate from one
    /// old table.
    pub stored_order: Option<u64>,
    /// The latest name of each player seen in a finished game.
    pub names: HashMap<u64, String>,
}

/// What ending one game adds, kept once its batch is committed.
pub(in crate::service) struct Sealed {
    past: Past,
    standings: Option<([Key; 2], [Standing; 2])>,
}

/// A finished game as its players' profiles keep it in the store.
fn past_game(p: &Past) -> PastGame {
    PastGame {
        id: p.fin.id,
        server: p.fin.server,
        variant: p.fin.variant,
        players: [
            crate::model::User {
                id: p.fin.players[0],
                name: p.names[0].clone(),
            },
            crate::model::User {
                id: p.fin.players[1],
                name: p.names[1].clone(),
            },
        ],
        rated: p.fin.rated,
        score: p.fin.score,
        order: p.fin.order,
        end_ms: p.fin.end_ms,
        change: p.change,
    }
}

/// The score of a finished game.
pub fn score_of(game: &Game) -> Score {
    match game.outcome() {
        Some(Outcome::Win { winner, .. }) => Score::Won(winner),
        Some(Outcome::Draw { .. }) => Score::Draw,
        Some(Outcome::Aborted) | None => Score::Aborted,
    }
}

/// When a record's game ended: its last action, else its creation.
fn end_ms(rec: &GameRecord) -> u64 {
    rec.actions.last().map_or(rec.created_ms, |a| a.at_ms)
}

fn finished_of(rec: &GameRecord, score: Score, order: u64) -> Finished {
    Finished {
        id: rec.id,
        server: rec.server,
        variant: rec.variant,
        players: [rec.players[0].id, rec.players[1].id],
        // A game ended before each player played a turn counts for nobody (X-RATINGS-8).
        rated: rec.rated && crate::service::plumbing::record::both_played(rec),
        score,
        order,
        end_ms: end_ms(rec),
    }
}

/// A finished record as the ratings see it, its score taken from the record's end
/// stamp, or by replaying it when it has none (`replay` forces the replay: records
/// are the truth). `None` for games still running.
pub fn finished_record(rec: &GameRecord, replay: bool) -> Result<Option<Finished>, StoreError> {
    if !rec.finished {
        return Ok(None);
    }
    let order = rec.end.as_ref().map_or(0, |e| e.order);
    let score = match (&rec.end, replay) {
        (Some(e), false) => e.score,
        _ => score_of(&rec.replay()?),
    };
    Ok(Some(finished_of(rec, score, order)))
}

/// Recomputes the ratings from every stored record, replaying each finished game:
/// what `arcana ratings --rebuild` compares with the stored table.
pub fn rebuild(store: &Store, scope: LadderScope) -> Result<(Table, usize), StoreError> {
    let mut finished = Vec::new();
    for rec in store.all_games()? {
        if let Some(f) = finished_record(&rec, true)? {
            finished.push(f);
        }
    }
    let counted = finished.iter().filter(|f| f.counts()).count();
    Ok((Table::derive(&finished, scope).0, counted))
}

impl Ratings {
    /// Derives the ratings from the records; when the stored table differs (a store
    /// from before ratings, a changed ladder scope) the derived one replaces it.
    pub fn load(store: &Store, scope: LadderScope) -> Result<Ratings, StoreError> {
        // A store that keeps its results reads its table, not its records.
        if store.results_indexed()? {
            let (table, stored_scope) = store.ratings()?;
            let stored_order = store.last_order_stored()?;
            let last_order = stored_order.unwrap_or(0);
            // An empty table beside ended games: the ratings were lost, derive them.
            let lost = table.standings.is_empty() && last_order > 0;
            // A table from before idle deviations grew (no last game times): derived
            // again once, so that it is what a rebuild gives (X-RATINGS-7).
            let timeless = table
                .standings
                .values()
                .any(|s| s.last_ms == 0 && s.games() > 0);
            if stored_scope == Some(scope) && !lost && !timeless {
                return Ok(Ratings {
                    scope,
                    table,
                    last_order,
                    stored_order,
                    names: store.player_names()?.into_iter().collect(),
                });
            }
        }
        Ratings::derive(store, scope)
    }

    /// Derives the ratings from every stored record (a store from before the results
    /// were kept, or a changed ladder scope): the derived table replaces the stored one
    /// when they differ, and every finished game joins its players' results.
    fn derive(store: &Store, scope: LadderScope) -> Result<Ratings, StoreError> {
        let mut past = Vec::new();
        let mut names = HashMap::new();
        let mut records = store.readable_games()?;
        records.sort_by_key(|r| (r.end.as_ref().map_or(0, |e| e.order), end_ms(r), r.id));
        for rec in &records {
            for p in &rec.players {
                names.insert(p.id, p.name.clone());
            }
            match finished_record(rec, false) {
                Ok(Some(fin)) => past.push(Past {
                    fin,
                    names: [rec.players[0].name.clone(), rec.players[1].name.clone()],
                    change: rec.end.as_ref().and_then(|e| e.rating),
                }),
                Ok(None) => {}
                // A record that does not replay is reported where its channel loads it.
                Err(e) => tracing::error!("ratings skip a game: {e}"),
            }
        }
        let fins: Vec<Finished> = past.iter().map(|p| p.fin.clone()).collect();
        let (table, changes) = Table::derive(&fins, scope);
        for p in &mut past {
            if p.change.is_none() {
                p.change = changes.get(&p.fin.id).copied();
            }
        }
        let (stored, stored_scope) = store.ratings()?;
        if stored != table || stored_scope != Some(scope) {
            if stored_scope.is_some() {
                tracing::warn!(
                    "the stored ratings differ from the records ({} ladder); rebuilt",
                    scope.name()
                );
            }
            crate::service::plumbing::writer::replace_ratings(store, &table, scope)?;
        }
        let last_order = fins.iter().map(|f| f.order).max().unwrap_or(0);
        let mut puts: Vec<Put> = past
            .iter()
            .map(|p| Put::Result(Box::new(past_game(p))))
            .collect();
        puts.push(Put::LastOrder(last_order));
        puts.push(Put::ResultsIndexed);
        crate::service::plumbing::writer::write_in_parts(store, puts, 1000)?;
        Ok(Ratings {
            scope,
            table,
            last_order,
            stored_order: Some(last_order),
            names,
        })
    }

    /// Reads the table again when another process sharing the store has rated games
    /// since this one last read or wrote it (the stored end order moved on).
    pub fn catch_up(&mut self, store: &Store) -> Result<(), StoreError> {
        let stored_order = store.last_order_stored()?;
        if stored_order == self.stored_order {
            return Ok(());
        }
        let (table, _) = store.ratings()?;
        self.table = table;
        self.last_order = stored_order.unwrap_or(0);
        self.stored_order = stored_order;
        self.names = store.player_names()?.into_iter().collect();
        Ok(())
    }

    /// Stamps a game that has just ended with the next end order and, when it counts,
    /// its rating change; the new ratings are planned into `puts`, written in the batch
    /// that stores the finishing record.
    pub(in crate::service) fn seal(
        &self,
        rec: &mut GameRecord,
        game: &Game,
        puts: &mut Vec<Put>,
    ) -> Sealed {
        // First in the batch: checked before the new order is written.
        puts.push(Put::LastOrderIs {
            order: self.stored_order,
            game: rec.id,
        });
        let order = self.last_order + 1;
        let fin = finished_of(rec, score_of(game), order);
        let mut change = None;
        let mut standings = None;
        if fin.counts() {
            if let Some((keys, st, ch)) = self.table.after(
                self.scope.ladder(fin.server),
                fin.variant,
                fin.players,
                fin.score,
                fin.end_ms,
            ) {
                for i in 0..2 {
                    puts.push(Put::Rating {
                        key: keys[i],
                        standing: st[i],
                    });
                }
                change = Some(ch);
                standings = Some((keys, st));
            }
        }
        rec.end = Some(GameEnd {
            order,
            score: fin.score,
            rating: change,
        });
        let past = Past {
            fin,
            names: [rec.players[0].name.clone(), rec.players[1].name.clone()],
            change,
        };
        puts.push(Put::Result(Box::new(past_game(&past))));
        // The background job makes puzzles of it (docs/puzzles.md).
        puts.push(Put::HarvestQueued {
            order,
            game: rec.id,
        });
        Sealed { past, standings }
    }

    /// Keeps a sealed game once its batch is on disk.
    pub fn keep(&mut self, sealed: Sealed) {
        self.last_order = sealed.past.fin.order;
        self.stored_order = Some(self.last_order);
        if let Some((keys, st)) = sealed.standings {
            for i in 0..2 {
                self.table.standings.insert(keys[i], st[i]);
            }
        }
        for (id, name) in sealed.past.fin.players.iter().zip(&sealed.past.names) {
            self.names.insert(*id, name.clone());
        }
    }

    fn name(&self, lang: Lang, user: u64) -> String {
        self.names
            .get(&user)
            .cloned()
            .unwrap_or_else(|| tr!(lang, "ratings-unnamed-player", id = user.to_string()))
    }

    /// Which ladder a reply asked for on `server` shows, in `lang`: outside servers
    /// (issue 50), with a ladder per server, the one of games played outside servers.
    fn where_text(&self, lang: Lang, server: Option<u64>) -> String {
        match (self.scope, server) {
            (LadderScope::Global, _) => tr!(lang, "ratings-across-servers"),
            (LadderScope::Server, Some(_)) => tr!(lang, "ratings-on-this-server"),
            (LadderScope::Server, None) => tr!(lang, "ratings-outside-servers"),
        }
    }

    /// Whether a game of `server` shows to someone asking on `asked_from`.
    fn in_scope(&self, server: Option<u64>, asked_from: Option<u64>) -> bool {
        self.scope == LadderScope::Global || server == asked_from
    }

    /// The `/profile` text, without the current games (the caller adds those).
    pub fn profile(
        &self,
        store: &Store,
        ctx: &Context,
        user: u64,
        name: &str,
        now: u64,
    ) -> Vec<String> {
        let lang = ctx.lang;
        let ladder = self.scope.ladder(ctx.server);
        let mut lines = vec![tr!(
            lang,
            "profile-title",
            name = name,
            scope = self.where_text(lang, ctx.server)
        )];
        let standings = self.table.player(ladder, user);
        if standings.is_empty() {
            lines.push(tr!(lang, "profile-no-rated-games"));
        }
        for (variant, s) in standings {
            let g = s.glicko_at(now);
            lines.push(tr!(
                lang,
                "profile-rating",
                variant = variant.name_in(lang),
                rating = g.shown(),
                deviation = g.deviation.round() as i64,
                record = wdl(lang, s.wins, s.draws, s.losses)
            ));
        }
        let recent = store
            .results_of(user, 5, |p| {
                p.score != Score::Aborted && self.in_scope(p.server, ctx.server)
            })
            .unwrap_or_else(|e| {
                tracing::error!("store: {e}");
                Vec::new()
            });
        if !recent.is_empty() {
            lines.push(tr!(lang, "profile-last-results"));
        }
        for p in recent {
            let side = if p.players[0].id == user {
                Side::White
            } else {
                Side::Black
            };
            let result = tr!(
                lang,
                "profile-result",
                result = p.score.for_side(side).unwrap_or("aborted")
            );
            let rating = match (&p.change, p.rated) {
                (Some(c), _) => {
                    let c = c[side.index()];
                    tr!(
                        lang,
                        "profile-rated-change",
                        before = c.before.shown(),
                        after = c.after.shown(),
                        diff = c.diff_text()
                    )
                }
                (None, true) => tr!(lang, "terms-rated"),
                (None, false) => tr!(lang, "terms-casual"),
            };
            lines.push(tr!(
                lang,
                "profile-result-line",
                result = result,
                opponent = p.players[side.other().index()].name.clone(),
                variant = p.variant.name_in(lang),
                rating = rating
            ));
        }
        lines
    }

    /// The `/leaderboard` reply for `variant`: the players whose deviation, grown
    /// with the time since their last rated game, is at most [`LEADERBOARD_DEVIATION`].
    pub fn leaderboard(&self, ctx: &Context, variant: VariantId, now: u64) -> Reply {
        let ladder = self.scope.ladder(ctx.server);
        let all: Vec<(u64, Standing, Glicko)> = self
            .table
            .ladder(ladder, variant)
            .into_iter()
            .map(|(u, s)| (u, s, s.glicko_at(now)))
            .collect();
        let settled: Vec<&(u64, Standing, Glicko)> = all
            .iter()
            .filter(|(_, _, g)| g.deviation <= LEADERBOARD_DEVIATION)
            .collect();
        let lang = ctx.lang;
        let mut lines = vec![tr!(
            lang,
            "leaderboard-title",
            variant = variant.name_in(lang),
            scope = self.where_text(lang, ctx.server)
        )];
        if settled.is_empty() {
            lines.push(tr!(
                lang,
                "leaderboard-empty",
                variant = variant.name_in(lang),
                deviation = LEADERBOARD_DEVIATION
            ));
        }
        for (i, (user, s, g)) in settled.iter().take(LEADERBOARD_SIZE).enumerate() {
            lines.push(format!(
                "{}. {} {} ({})",
                i + 1,
                self.name(lang, *user),
                g.shown(),
                wdl(lang, s.wins, s.draws, s.losses)
            ));
        }
        let me = ctx.user.id;
        lines.push(match all.iter().find(|(u, _, _)| *u == me) {
            None => tr!(
                lang,
                "leaderboard-you-unrated",
                variant = variant.name_in(lang)
            ),
            Some((_, _, g)) if g.deviation > LEADERBOARD_DEVIATION => tr!(
                lang,
                "leaderboard-you-unsettled",
                rating = g.shown(),
                deviation = g.deviation.round() as i64,
                listed = LEADERBOARD_DEVIATION
            ),
            Some((_, _, g)) => {
                let place = settled
                    .iter()
                    .position(|(u, _, _)| *u == me)
                    .map_or(0, |p| p + 1);
                tr!(
                    lang,
                    "leaderboard-your-place",
                    place = place,
                    of = settled.len(),
                    rating = g.shown()
                )
            }
        });
        Reply::invoker(lines.join("\n"))
    }
}

fn wdl(lang: Lang, w: u32, d: u32, l: u32) -> String {
    tr!(lang, "ratings-record", wins = w, draws = d, losses = l)
}

/// A current game line of a profile, in `lang`: the place reference is the front
/// end's to format, unless `place` names it already (outside servers, issue 50).
pub fn current_game_line(
    lang: Lang,
    l: &Listing,
    user: u64,
    (to_move, place_named): (Option<&str>, Option<String>),
) -> String {
    let side = l.side_of(user).unwrap_or(Side::White);
    let line = if l.rated {
        "profile-current-game"
    } else {
        "profile-current-game-casual"
    };
    let mut text = crate::i18n::tr_args(
        lang,
        line,
        &[
            ("variant", l.variant.name_in(lang).into()),
            (
                "opponent",
                l.players[side.other().index()].name.clone().into(),
            ),
            (
                "place",
                place_named.unwrap_or_else(|| place(l.channel)).into(),
            ),
        ],
    );
    if let Some(n) = to_move {
        text.push_str(&tr!(lang, "profile-to-move", name = n));
    }
    text
}
