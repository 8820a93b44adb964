//! An event as players read it: standings (text and table image), pairings, titles
//! and the lines that tell results and winners.

use super::*;

/// A number with a decimal point as `lang` writes it (`2.75`, German `2,75`).
pub(super) fn decimal(lang: Lang, number: &str) -> String {
    match lang {
        Lang::De | Lang::Fr => number.replace('.', ","),
        Lang::En => number.to_string(),
    }
}

/// The standings of `ev` as text in `lang`, one line a player:
/// `1. alice — 2½ points, SB 2.75`.
pub fn standings_text_in(ev: &Event, lang: Lang) -> String {
    standings::lines(&names(ev), &rows(ev), tiebreak(ev))
        .into_iter()
        .map(|l| {
            let line = tr!(
                lang,
                "tournament-standings-line",
                place = l.place,
                name = l.name,
                points = l.points,
                half = l.half_points,
                tiebreak = l.tiebreak,
                score = decimal(lang, &l.score)
            );
            if l.struck {
                tr!(lang, "tournament-standings-struck", line = line)
            } else if l.withdrawn {
                tr!(lang, "tournament-standings-withdrew", line = line)
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where `ev` stands: `round 2 of 3`, `finished`...
pub(super) fn progress(ev: &Event, lang: Lang) -> String {
    match (ev.state, ev.format) {
        (EventState::Open, _) => tr!(lang, "tournament-progress-open"),
        (EventState::Finished, _) => tr!(lang, "tournament-progress-finished"),
        (EventState::Cancelled, _) => tr!(lang, "tournament-progress-cancelled"),
        (EventState::Running, EventFormat::Swiss { rounds }) => {
            tr!(
                lang,
                "tournament-progress-round",
                round = ev.round,
                rounds = rounds
            )
        }
        (EventState::Running, EventFormat::RoundRobin { .. }) => {
            let done = ev
                .games
                .iter()
                .filter(|g| g.pairing.outcome.is_some())
                .count();
            tr!(
                lang,
                "tournament-progress-games",
                done = done,
                games = ev.games.len()
            )
        }
    }
}

/// The standings of `ev` drawn as a table in `lang`: a round robin's crosstable, a
/// Swiss's rounds (see [`standings::grid`]).
pub fn standings_png(ev: &Event, lang: Lang) -> Result<Vec<u8>, String> {
    let tb = tiebreak(ev);
    let rows = rows(ev);
    let rounds = match ev.format {
        EventFormat::Swiss { rounds } => rounds,
        EventFormat::RoundRobin { .. } => ev.round,
    };
    let words = standings::GridWords {
        player: tr!(lang, "tournament-table-player"),
        points: tr!(lang, "tournament-table-points"),
        round: tr!(lang, "tournament-table-round"),
        bye: tr!(lang, "tournament-table-bye"),
        white: tr!(lang, "tournament-table-white"),
        black: tr!(lang, "tournament-table-black"),
    };
    let (header, cells) = standings::grid(
        &words,
        &names(ev),
        &rows,
        &ev.pairings(),
        &ev.byes,
        tb,
        rounds,
    );
    let finished = ev.state == EventState::Finished;
    let table = Table {
        title: format!(
            "{} · {} · {}",
            ev.name,
            ev.variant.name_in(lang),
            progress(ev, lang)
        ),
        header,
        rows: rows
            .iter()
            .zip(cells)
            .map(|(r, mut cells)| {
                // The tie-break, last, is the one cell with a decimal point.
                if let Some(score) = cells.last_mut() {
                    *score = decimal(lang, score);
                }
                TableRow {
                    cells,
                    dim: r.withdrawn,
                    mark: finished && r.place == 1,
                }
            })
            .collect(),
        footer: match tb {
            Tiebreak::SonnebornBerger => tr!(lang, "tournament-table-legend-round-robin"),
            Tiebreak::BuchholzCut1 => tr!(lang, "tournament-table-legend-swiss"),
        },
    };
    table_png(&table).map_err(|e| e.to_string())
}

/// The standings as one reply in `lang`, text and table image, to `to`.
pub fn standings_reply(ev: &Event, to: Audience, kind: ReplyKind, lang: Lang) -> Reply {
    let head = tr!(
        lang,
        "tournament-standings-head",
        event = ev.name.as_str(),
        format = format_text(ev.format, lang),
        progress = progress(ev, lang)
    );
    let mut r = Reply {
        to,
        kind,
        ..Reply::channel(format!("{head}\n{}", standings_text_in(ev, lang)))
    };
    match standings_png(ev, lang) {
        Ok(png) => r.attachments.push(Attachment {
            name: format!("standings-{}.png", ev.id),
            bytes: png,
        }),
        Err(e) => tracing::warn!("tournament {}: standings image: {e}", ev.id),
    }
    r
}

/// The event's own message in `lang` (the server's), edited in place (posted when
/// there is none yet).
pub(super) fn event_message(ev: &Event, lang: Lang) -> Reply {
    standings_reply(
        ev,
        Audience::Place(ev.channel),
        ReplyKind::Standings {
            event: ev.id,
            message: ev.message,
        },
        lang,
    )
}

/// The name of an event game's place in `lang`: `Event · round 2 · alice vs bob`.
pub fn game_title(ev: &Event, round: u32, white: &User, black: &User, lang: Lang) -> String {
    let n = |s: &str| -> String {
        crate::service::contract::api::visible(s)
            .chars()
            .take(30)
            .collect()
    };
    let t = tr!(
        lang,
        "tournament-game-title",
        event = n(&ev.name),
        round = round,
        white = n(&white.name),
        black = n(&black.name)
    );
    t.chars().take(100).collect()
}

pub(super) fn format_text(f: EventFormat, lang: Lang) -> String {
    match f {
        EventFormat::RoundRobin { cycles } => {
            tr!(lang, "tournament-format-round-robin", cycles = cycles)
        }
        EventFormat::Swiss { rounds } => tr!(lang, "tournament-format-swiss", rounds = rounds),
    }
}

/// The line announcing the end and the winner, in `lang`: players sharing the first
/// place (level on everything the table ranks by) are all named, as the table shows.
pub(super) fn winner_line(ev: &Event, lang: Lang) -> String {
    let first: Vec<&str> = rows(ev)
        .iter()
        .filter(|r| r.place == 1 && !r.struck)
        .filter_map(|r| ev.players.get(r.player))
        .map(|p| p.name.as_str())
        .collect();
    let event = ev.name.as_str();
    match first.as_slice() {
        [] => tr!(lang, "tournament-over", event = event),
        [name] => tr!(lang, "tournament-over-winner", event = event, name = *name),
        [rest @ .., last] => tr!(
            lang,
            "tournament-over-shared",
            event = event,
            names = rest.join(", "),
            last = *last
        ),
    }
}

/// A game's result as a score: `1–0`, `½–½`, `0–1` (the same in every language).
pub(super) fn score_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::WhiteWins => "1–0",
        Outcome::Draw => "½–½",
        Outcome::BlackWins => "0–1",
    }
}

/// The pairings of `ev` in `lang`, each game with the place it is played in
/// (`places`: game id -> channel, as [`Service::event_places`] reads them); before the
/// start, the field and when the pairings are made.
pub fn pairings_text(ev: &Event, places: &HashMap<u64, u64>, lang: Lang) -> String {
    let name = |s: usize| ev.players.get(s).map_or("?", |p| p.name.as_str());
    let mut lines = vec![tr!(
        lang,
        "tournament-pairings-head",
        event = ev.name.as_str()
    )];
    if ev.state == EventState::Open {
        let field: Vec<&str> = ev.players.iter().map(|p| p.name.as_str()).collect();
        lines.push(tr!(
            lang,
            "tournament-pairings-field",
            count = field.len(),
            players = field.join(", ")
        ));
        lines.push(tr!(lang, "tournament-pairings-at-start"));
    }
    for round in 1..=ev.round {
        lines.push(tr!(lang, "tournament-pairings-round", round = round));
        for g in ev.games.iter().filter(|g| g.pairing.round == round) {
            let p = g.pairing;
            let result = match p.outcome {
                None => tr!(lang, "tournament-pairing-playing"),
                Some(o) if p.forfeit => {
                    tr!(lang, "tournament-pairing-forfeit", score = score_text(o))
                }
                Some(o) => score_text(o).to_string(),
            };
            let (white, black) = (name(p.white), name(p.black));
            let line = match g.id.and_then(|id| places.get(&id)) {
                Some(&place) => tr!(
                    lang,
                    "tournament-pairing-in",
                    white = white,
                    black = black,
                    result = result,
                    place = crate::service::contract::api::place(place)
                ),
                None => tr!(
                    lang,
                    "tournament-pairing",
                    white = white,
                    black = black,
                    result = result
                ),
            };
            lines.push(format!("  {line}"));
        }
        for b in ev.byes.iter().filter(|b| b.round == round) {
            let line = tr!(lang, "tournament-pairing-bye", name = name(b.player));
            lines.push(format!("  {line}"));
        }
    }
    lines.join("\n")
}
