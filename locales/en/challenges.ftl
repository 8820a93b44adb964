# Replies of challenges, tournaments, queries, ratings, records, web pages and the
# service's own refusals (lobby.rs, tournament.rs, queries.rs, ratings.rs, record.rs,
# pages.rs, relocate.rs, refresh.rs, mod.rs).

## The service's own refusals (mod.rs, refresh.rs) and a moved game (relocate.rs).

refusal-store-failed = The game store failed, so nothing was changed; please try again later.
refusal-store-unconfirmed = The game store did not confirm this, so I cannot tell whether it was saved; look at the board (`/board`) before trying again.
refusal-store-not-answering = The game store is not answering just now, so this game cannot be read; nothing was changed. Please try again in a moment.
refusal-game-busy = The game changed while your request was handled; please look at the board and try again.
refusal-already-handled = This request was already handled; its answer was given then.
refusal-needs-no-game = That request needs no game.
refusal-game-ended = That game is over.
game-attention-too-new = The game in this channel needs attention: it was saved by a newer version of Arcana (game { $game }), so it is paused until the bot is upgraded again.
game-attention-unloadable = The game in this channel needs attention: its record could not be loaded (game { $game }), so it is paused until the operator repairs it.
game-moved-here = This game's thread was deleted or locked, so the game goes on here: moves and commands in this channel reach it.

## The closing line of a finished game (record.rs), before its result.

closing-resigns = { $name } resigns.
closing-draw-accepted = { $name } accepts the draw offer.
closing-draw-claimed = { $name } claims a draw.
closing-aborts = { $name } aborts the game.
closing-moderator-aborts = { $name } (moderator) aborts the game.
closing-wins-on-time = { $name } claims the win on time.

## `/profile` and `/leaderboard` (ratings.rs, queries.rs). Ratings and places are
## passed as text where they carry marks (`1500?`, `+12`).

ratings-on-this-server = on this server
ratings-across-servers = across all servers
ratings-outside-servers = in games played outside servers
ratings-unnamed-player = player { $id }
ratings-record = { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
}, { $draws ->
    [one] { $draws } draw
   *[other] { $draws } draws
}, { $losses ->
    [one] { $losses } loss
   *[other] { $losses } losses
}
profile-title = **{ $name }**: ratings { $scope }
profile-no-rated-games = No rated games yet.
profile-rating = { $variant }: { $rating } (deviation { $deviation }), { $record }
profile-last-results = Last results:
profile-current-games = Current games:
profile-result = { $result ->
    [win] win
    [loss] loss
    [draw] draw
   *[other] aborted
}
profile-rated-change = rated, { $before } → { $after } ({ $diff })
profile-result-line = - { $result } vs { $opponent } ({ $variant }, { $rating })
profile-current-game = - { $variant } vs { $opponent } in { $place }
profile-current-game-casual = - { $variant } vs { $opponent } in { $place } (casual)
profile-to-move = , { $name } to move
leaderboard-title = { $variant } leaderboard { $scope }:
# Literals in braces below: other English text in the source (the web page in
# src/web/html.rs, a doc comment in api.rs) shares those words, which tests/i18n.rs
# would take for this message written inline.
leaderboard-empty = { "Nobody" } has a settled { $variant } rating yet (deviation { $deviation } or less).
leaderboard-you-unrated = You have no rated { $variant } games here yet.
leaderboard-you-unsettled = You are not listed yet: your rating { $rating } is not settled (deviation { $deviation }; listed at { $listed } or less, and it grows while you do not play rated games).
leaderboard-your-place = Your place: { $place } of { $of }, with { $rating }.

## `/board`, `/history`, `/export`, `/games` (queries.rs). Game numbers are passed as text.

refusal-no-challenge-accepted = No game is being played here: the challenge here has not been accepted yet.
refusal-no-game-here = There is no game in this channel.
refusal-store-failed-short = The game store failed; please try again later.
refusal-last-game-broken = The last game of this channel needs attention: its record does not replay.
game-players = { $white } (White) vs { $black } (Black)
game-secret-head = **{ $variant }**, game { $game }: { $white } vs { $black }
game-draw-offered = { $name } has offered a draw.
history-no-moves = No moves yet.
export-record-of = The record of game { $game }.
games-active = Active games ({ $count }):
games-in-this-channel = In this channel ({ $count }):
games-elsewhere = Elsewhere on this server ({ $count }):
games-none-on-server = No games are { "being played" } on this server.
games-none-for-player = No active games for that player.
games-casual-mark = (casual)
games-in-place = in { $place }
games-turns-played = { $turns ->
    [0] no turns played yet
    [one] 1 turn played
   *[other] { $turns } turns played
}
games-to-move = { $name } to move
games-mine-none = It is your turn in none of your games.
games-mine-title = Your turn ({ $count }), the most urgent first:
games-mine-left = { $left } left
games-mine-run-out = { "time" } has run out
games-mine-no-limit = no time limit
time-clock-stopped = The clock stands still: { $name } is on vacation.
time-run-out = The time for this move has run out.
time-left = Time left for this move: { $left }.
time-left-then-bank = Time left for this move: { $left } ({ $days } of the move's days, then { $name }'s bank of { $bank }).
time-left-from-bank = Time left for this move: { $left }, all of it from { $name }'s bank.
time-bank-empty = nothing

## Challenges: refusals (lobby.rs). `$verb` is the answer's command: accept, decline
## or cancel.

refusal-channel-has-game = This channel already has a game ({ $players }); finish it (a player can `/resign`, or `/abort` before both sides have moved) or play in another channel.
refusal-channel-has-game-waits = This channel already has a game ({ $players }) and this one cannot be played elsewhere{ $why }; the challenge can wait until it ends.
refusal-days-range = Days per move must be between 1 and { $max }, or 0 for no limit.
refusal-challenge-yourself = You cannot challenge yourself.
refusal-computer-challenges = The computer does not challenge anyone.
refusal-challenge-twin = You already have a challenge to { $name } waiting here; `/cancel` it first.
refusal-challenges-full = This channel already has { $max } challenges waiting; answer or cancel some first.
refusal-rematch-playing = The game is still being played; a rematch can wait until it ends.
refusal-rematch-players = Only { $white } and { $black } can ask for a rematch.
refusal-accept-own = You cannot accept your own challenge.
refusal-accept-only = Only { $name } can accept this challenge.
refusal-open-needs-taker = An open challenge needs a taker before its game starts.
refusal-level-computer-only = `level` sets the computer's strength; it applies only to a challenge to { $name }.
the-computer = the computer
refusal-bank-range = `bank` is a number of days from 0 to { $max }.
refusal-bank-needs-days = A time bank needs days per move (`days:1` or more).
refusal-decline-only = Only { $name } can decline this challenge.
refusal-decline-open = An open challenge cannot be declined; it waits for a taker or expires.
refusal-cancel-only = Only { $name } (or the challenged player, or a moderator) can cancel this challenge.
refusal-challenge-gone = That challenge is no longer waiting here.
refusal-challenge-over = That challenge is over: { $outcome }
challenge-settled = Settled.
challenge-anyone = anyone
refusal-no-challenge-with = There is no challenge here with { $name } for you to { $verb }.
refusal-no-challenge-playing = There is no challenge to { $verb }: a game is already being played here.
refusal-no-challenge-for-you = There is no challenge here for you to { $verb }.
refusal-several-challenges = Several challenges here could be meant ({ $names }): press the button on the one you mean, or name the player, e.g. `/{ $verb } player:@name`.

## Challenges: what the channel reads (lobby.rs), in the server's language.

challenge-plays-white = { $name } plays White
challenge-plays-black = { $name } plays Black
challenge-colours-random = colours drawn at random
challenge-anyone-here = anyone here
challenge-line = { $name } challenges { $whom } to { $game } ({ $colour }, { $terms }, { $rated }).
challenge-answer-to = { $name }: `/accept` or `/decline`.
challenge-answer-open = The first to `/accept` plays.
challenge-accepted-by = Accepted by { $name }.
challenge-accepted-by-in = Accepted by { $name }: the game is played in { $place }.
challenge-expired = Expired unanswered.
challenge-declined-by = Declined by { $name }.
challenge-declines = { $name } declines { $challenger }'s challenge.
challenge-withdrawn-by = Withdrawn by { $name }.
challenge-withdraws = { $name } withdraws the challenge to { $opponent }.
challenge-moderator = { $name } (moderator)
challenge-cancelled-by = Cancelled by { $name }.
challenge-cancels = { $name } cancels { $challenger }'s challenge to { $opponent }.

## Where a game outside servers is played, for a reader who cannot open it (issue 50).

place-dm-pair = its players' direct messages with me
place-group-chat = a group chat
place-bot-dm = a direct message with me
