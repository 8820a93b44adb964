# Tournaments: /tournament and its replies, pairings, standings and the rounds' notes
# (src/service/tournament.rs).

## Refusals, to the one who asked (the tick's go to the event's channel). Event ids are
## passed as text: Fluent's numbers would round them.

tournament-busy = Another change to this tournament landed first; nothing was changed, please try again.
tournament-not-here = There is no tournament #{ $id } here.
tournament-none-in-channel = There is no tournament in this channel; `/tournament create` makes one.
tournament-create-not-allowed = Only members who manage the server (or hold the organisers' role) may create a tournament.
tournament-name-length = A tournament needs a name of 1 to { $max } characters.
tournament-name-hidden = A tournament's name may hold no control, direction or invisible characters: type it as it should show.
tournament-cycles-range = A round robin has 1 or 2 cycles.
tournament-rounds-range = A Swiss has 1 to { $max } rounds.
tournament-limit-too-low = A tournament takes at least 2 players.
tournament-days-range = At most { $days } days per move, and { $bank } days of bank.
tournament-start-in-past = The start must be in the future.
tournament-exists = That tournament exists already.
tournament-join-started = **{ $event }** has started already; it takes no more players.
tournament-join-twice = You are in **{ $event }** already.
tournament-full = **{ $event }** is full ({ $limit } players).
tournament-leave-started = **{ $event }** has started; `/tournament withdraw` withdraws you.
tournament-leave-not-in = You are not in **{ $event }**.
tournament-start-not-organiser = Only { $organiser } (the organiser) may start **{ $event }**.
tournament-started-already = **{ $event }** has started already.
tournament-withdraw-not-organiser = Only the organiser may withdraw another player.
tournament-withdraw-not-in = { $name } is not in **{ $event }**.
tournament-withdraw-not-running = **{ $event }** is not running; before it starts, players leave with `/tournament leave`.
tournament-withdrawn-already = { $name } has withdrawn already.
tournament-withdraw-confirm = Withdrawing { $name } from **{ $event }** forfeits { $games ->
    [one] { $games } game
   *[other] { $games } games
    } at once and cannot be undone. To go on, say `/tournament withdraw confirm:yes`.
tournament-cancel-not-organiser = Only { $organiser } (the organiser) may cancel **{ $event }**.
tournament-over-already = **{ $event }** is over already.
tournament-too-few = **{ $event }** needs at least 2 players to start ({ $players } so far).
tournament-unpairable = The next round cannot be paired: { $why }.
tournament-unpairable-too-few = fewer than two players remain
tournament-unpairable-repeats = each possible pairing repeats a game or a bye

## What the event's channel reads, in the server's language.

tournament-created = Tournament #{ $id } **{ $event }** created by { $organiser }: { $game }, { $format }, { $terms }, { $rated }, { $vacation ->
    [yes] vacations allowed
   *[no] no vacations
}{ $limit ->
    [0] {""}
   *[other] , at most { $limit } players
}. `/tournament join` to play.
tournament-format-round-robin = { $cycles ->
    [1] round robin
   *[other] round robin, { $cycles } cycles
}
tournament-format-swiss = { $rounds ->
    [one] Swiss, { $rounds } round
   *[other] Swiss, { $rounds } rounds
}
tournament-joins = { $name } joins **{ $event }** ({ $players ->
    [one] { $players } player
   *[other] { $players } players
}).
tournament-leaves = { $name } leaves **{ $event }**.
tournament-withdraws = { $name } withdraws from **{ $event }**: their remaining games are forfeited.
tournament-cancelled = **{ $event }** is cancelled; its games being played go on, outside it.
tournament-starts = **{ $event }** starts with { $players } players.
tournament-round-starts = **{ $event }**: round { $round } starts.
tournament-over-winner = **{ $event }** is over: { $name } wins!
tournament-over = **{ $event }** is over.
tournament-over-shared = **{ $event }** is over: { $names } and { $last } share first place!
# A game's result: `$score` is 1–0, ½–½ or 0–1.
tournament-result = **{ $event }**, round { $round }: { $white } { $score } { $black }.
tournament-two-time-losses = { $name } has lost two games on time: they drop out, their remaining games forfeited.
tournament-game-forfeited = { $name } has dropped out of **{ $event }**: this game is forfeited.
# The name of an event game's thread (at most 100 characters with the names).
tournament-game-title = { $event } · round { $round } · { $white } vs { $black }
tournament-game-elsewhere = { $title }: this game is played in { $place }.

## `/tournament export`, to the one who asked.

tournament-export = **{ $event }**: its games (PGN) and its crosstable (CSV).

## Standings and pairings: the event's own message in the server's language, an
## answer to `/tournament standings` or `pairings` in the asker's.

tournament-standings-head = **{ $event }** ({ $format }, { $progress }), standings:
tournament-progress-open = not started
tournament-progress-finished = finished
tournament-progress-cancelled = cancelled
tournament-progress-round = round { $round } of { $rounds }
tournament-progress-games = { $done } of { $games } games decided
# One line of the table: `$points` is a score such as 2½, `$half` the same in half
# points (2 is one point); `$tiebreak` is SB or Buchholz, `$score` its value.
tournament-standings-line = { $place }. { $name } — { $half ->
    [2] { $points } point
   *[other] { $points } points
}, { $tiebreak } { $score }
tournament-standings-withdrew = { $line } (withdrew)
tournament-standings-struck = { $line } (withdrew, results struck)
tournament-pairings-head = **{ $event }**, pairings:
tournament-pairings-round = Round { $round }:
tournament-pairing = { $white } vs { $black }: { $result }
tournament-pairing-in = { $white } vs { $black }: { $result }, in { $place }
tournament-pairings-field = Players ({ $count }): { $players }
tournament-pairings-at-start = Pairings are made when it starts.
tournament-pairing-playing = playing
tournament-pairing-forfeit = { $score } (forfeit)
tournament-pairing-bye = { $name }: bye

## The standings drawn as a table.

tournament-table-player = Player
tournament-table-points = Points
# Before a round's number in a Swiss's heading: R1, R2...
tournament-table-round = R
tournament-table-bye = bye
# The colour a Swiss game was played with, after the opponent's place: +3w.
tournament-table-white = w
tournament-table-black = b
tournament-table-legend-round-robin = SB: Sonneborn-Berger. + and -: won and lost by forfeit; ·: to play.
tournament-table-legend-swiss = + won, = drew, - lost, against the player placed so, with White (w) or Black (b); *: by forfeit.

## The crosstable's column headings in `/tournament export` (CSV).
tournament-csv-place = place
tournament-csv-player = player
tournament-csv-points = points
tournament-csv-tiebreak = tiebreak
