# Replies about playing a game: turns, draws and resignations, conditional moves,
# takebacks, confirmations, timeouts and reminders, reviews, vacations, notes and
# `arcana local`'s typed commands (turns.rs, conditional.rs, takeback.rs, confirm.rs,
# timeouts.rs, review.rs, vacation.rs, notes.rs, command.rs).

## Durations (the clocks' time left, a vacation's length).

play-days = { $n ->
    [one] { $n } day
   *[other] { $n } days
}
# After "since" and "in" (German: the dative).
play-days-dative = { $n ->
    [one] { $n } day
   *[other] { $n } days
}
play-hours = { $n ->
    [one] { $n } hour
   *[other] { $n } hours
}
play-minutes = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}
play-under-a-minute = less than a minute
# After "since" and "in".
play-under-a-minute-dative = less than a minute

## `/vacation`.

vacation-status-on = You are on vacation since { $since } ago; it ends by itself in { $until } unless you say `/vacation off`. Allowance: { $allowance } days a year.
vacation-status-off = You have { $left ->
    [one] { $left } day
   *[other] { $left } days
} of vacation left this year ({ $used } of { $allowance } used). `/vacation on` stops your clocks in every game; each time counts at least one whole day.
vacation-already-on = You are already on vacation; `/vacation off` ends it.
vacation-none-left = You have no vacation left this year (all { $allowance } days used).
vacation-on = You are on vacation for up to { $left ->
    [one] { $left } day
   *[other] { $left } days
}: your clocks stand still in { $stopped ->
    [one] { $stopped } game
   *[other] { $stopped } games
}. Your opponents may still move. `/vacation off` when you are back.
vacation-on-kept = You are on vacation for up to { $left ->
    [one] { $left } day
   *[other] { $left } days
}: your clocks stand still in { $stopped ->
    [one] { $stopped } game
   *[other] { $stopped } games
} ({ $kept ->
    [one] { $kept } keeps
   *[other] { $kept } keep
} their clock: no vacations in { $games }). Your opponents may still move. `/vacation off` when you are back.
vacation-kept-game = game { $id }
vacation-not-on = You are not on vacation; `/vacation on` starts one.
vacation-back-invoker = Welcome back: your clocks run again. This vacation counted { $used ->
    [one] { $used } day
   *[other] { $used } days
}; { $left } left this year.
vacation-spent = Your vacation allowance for this year is used up ({ $days } days), so your vacation has ended and your clocks run again.
vacation-away = { $name } is on vacation: their clock stands still until they are back. You may still move.
vacation-back = { $name } is back from vacation.
vacation-back-time = { $name } is back from vacation. { $time }

## `/note`.

note-players-only = Only the players of this game keep notes on it.
note-too-long = Your notes on this game would be over { $max } characters ({ $used } used); `/note clear` empties them.
note-emptied = Your notes on this game are empty now.
note-added = Noted (only you see your notes). { $notes }
note-none = You have no notes on this game; `/note TEXT` adds one (only you see them).
note-list = Your notes on this game ({ $count }):
note-changed-meanwhile = Your notes changed meanwhile; please look at them and try again.
note-store-failed = The game store failed, so your notes are unchanged; please try again.

## `/takeback`.

takeback-players-only = Only the players of this game may take back a move.
takeback-already-asked = You have already asked; wait for the answer.
takeback-asked = { $name } asks to take back `{ $turn }`. { $opponent }: `/takeback accept` or `/takeback decline`.
takeback-not-asked = { $name } has not asked to take back a move.
takeback-declined = { $name } declines the takeback.
takeback-rated = Takebacks are for casual games; this one counts for the ratings.
takeback-not-now = You can take back your last turn while your opponent is to move.
takeback-nothing = You have no turn to take back.
takeback-impossible = That turn cannot be taken back.
takeback-chance = `{ $turn }` drew on chance, so it cannot be taken back (its outcome is known now).
takeback-hidden = `{ $turn }` revealed or took something hidden, so it cannot be taken back.
takeback-done = { $name }'s `{ $turn }` is taken back, by agreement.

## `/settings` (the player's own) and move confirmation.

prefs-saved = Saved. Your settings:
prefs-shown = Your settings:
prefs-confirm = - confirm: { $value } — { $on ->
        [yes] a move you type is shown to you first, with Confirm and Cancel
       *[no] a move you type is played at once
    }
prefs-digest = - digest: { $value } — { $on ->
        [yes] once a day, a direct message lists the games where it is your turn
       *[no] no daily message
    }
prefs-reminders = - reminders: { $value } — { $on ->
        [yes] a direct message reminds you when your time runs short
       *[no] no reminders by direct message
    }
prefs-change = Change one with e.g. `/settings confirm:on`.
prefs-digest-message = Your daily digest. { $games }
prefs-digest-stop = (`/settings digest:off` stops these.)
confirm-store-failed = The game store failed, so nothing was changed; please try again later.
confirm-board-after = Play `{ $turn }`? The board after it:
confirm-board-now = Play `{ $turn }`? (The board is shown as it is now: in this game the move's outcome is seen once it is played.)
confirm-question = { $what }
    Press Confirm, or type the move again, to play it; Cancel (or typing `cancel`) drops it. (`/settings confirm:off` plays typed moves at once.)
confirm-stale = That confirmation is for an earlier position; nothing was played. Type your move again.
confirm-store-failed-later = The game store failed; please try again later.
confirm-nothing-waits = No move of yours waits for confirmation here.
# The word typed to drop a waiting move.
confirm-cancel-word = cancel
confirm-cancelled = Cancelled: nothing was played.

## Moves, draws, `/abort`, `/hand`.

play-type-a-move = Type a move, for example `e4`.
play-too-long = That is far too long to be a move.
play-not-a-player = Only { $white } and { $black } play this game; you can watch with `/board` and `/history`.
draw-not-offered = { $name } has not offered a draw.
draw-declined = { $name } declines the draw offer.
draw-already-offered = You have already offered a draw; wait for the answer.
draw-offered = { $name } offers a draw. { $opponent }: `/draw accept` or `/draw decline`.
draw-computer-declines = { $name } offers a draw. { $computer } declines: it likes its position.
draw-claim-not-your-turn = You can only claim a draw when it is your turn.
draw-claim-none = There is no draw to claim: { $rules } yet.
draw-claim-no-repetition = no threefold repetition
draw-claim-no-fifty = no 50-move rule
draw-claim-no-rule = no { $rule }
draw-claim-and = and
abort-too-late = Too late to abort: both sides have moved; you can `/resign` or offer a draw.
hand-nothing-secret = You have no secret information in this game.

## `/conditional`.

conditional-example = `/conditional e5 Nf3 Nc6 Bb5`: if they play e5 you answer Nf3, then if they play Nc6 you answer Bb5
conditional-none-to-clear = You have no conditional lines on this game.
conditional-cleared = Your conditional lines on this game are cleared.
conditional-deleted = Line { $number } is deleted; `/conditional` shows the rest.
conditional-delete-which = Say which line to delete by its number, from 1 to { $count }: for example `/conditional delete 1` (`/conditional` lists them).
conditional-your-turn = It is your turn: play your move first; conditional lines answer your opponent's next turns.
conditional-line-too-long = That line is over { $max } characters; a line holds at most { $answers } answers.
conditional-too-many = You already have { $max } conditional lines on this game, the most there may be; `/conditional clear` empties them.
conditional-already-queued = You have already queued that line.
conditional-queued = Queued: { $line }. You have { $count ->
    [one] { $count } conditional line
   *[other] { $count } conditional lines
} on this game (only you see them).
conditional-queued-unchecked = Queued (in this game its moves are checked when they come up): { $line }. You have { $count ->
    [one] { $count } conditional line
   *[other] { $count } conditional lines
} on this game (only you see them).
conditional-none = You have no conditional lines on this game. While your opponent is to move, queue one: { $example }. Only you see them.
conditional-list = Your conditional lines on this game ({ $count }; only you see them):
conditional-clear-hint = `/conditional delete 2` deletes line 2; `/conditional clear` empties them.
conditional-if-then = if `{ $theirs }` then `{ $mine }`
conditional-if = if `{ $theirs }`
conditional-shape = A line alternates your opponent's turn and your answer and ends with your answer, for example { $example }.
conditional-too-deep = A line holds at most { $max } answers; that one has { $count }.
conditional-turn-too-long = `{ $start }…` is far too long to be a move.
conditional-same-player = After the turn before `{ $turn }` the game asks the same player again; a line holds whole turns only.
conditional-over-before = The game would be over before `{ $turn }`.
conditional-answer-illegal = `{ $turn }` (your answer) is not legal there: { $why }
conditional-turn-illegal = `{ $turn }` (their turn) is not legal there: { $why }
conditional-dropped-other = { $line } (they played `{ $turn }`)
conditional-dropped-illegal = { $line } (`{ $answer }` is no longer legal: { $why })
conditional-dropped-earlier = { $line } (an earlier line answered first)
conditional-dropped = { $count ->
    [one] Conditional line
   *[other] Conditional lines
} dropped on game { $game }:
conditional-answered = Your conditional line answered `{ $turn }` with `{ $answer }` on game { $game }; { $left ->
    [one] { $left } line
   *[other] { $left } lines
} left.
conditional-move = { $answer } (conditional move)

## `/review`.

review-store-failed = The game store failed; please try again later.
review-no-game-here = There is no game in this channel; name one: `/review game:<id>`.
review-unknown-game = There is no game { $game } here.
review-broken = Game { $game } needs attention: its record does not replay.
review-still-played = Game { $game } is still being played; it can be reviewed once it is over.
review-started = Reviewing game { $game } ({ $turns } turns): the computer goes through every turn; the review follows here in a moment.
review-failed = Game { $game } could not be reviewed: its record does not replay.
review-turn = turn { $number }
review-heading = Review of game { $game }: { $white } (White) vs { $black } (Black), { $result }. Computer at level { $level }, seeing everything now that the game is over; `?` a mistake, `??` a blunder.
review-no-mistakes = { $name }: no mistakes found.
review-mistake = { $turn } ({ $before } to { $after })
review-mistake-better = { $turn } ({ $before } to { $after }, better { $better })
review-largest-mistakes = { $name }'s largest mistakes: { $mistakes }
review-graph-title = Game { $game }: { $white } vs { $black }, { $result }

## Timeouts, reminders (`/reminders`) and `/claim`.

timeout-expired = { $name }'s time to move has run out. { $opponent }: you may `/claim` the win, or keep waiting.
timeout-reminder = { $name }, { $left } left for your move against { $opponent }.
timeout-reminder-dm = Reminder: { $left } left for your move against { $opponent } ({ $variant }, game { $game }). `/reminders dm:off` stops these messages.
reminders-dm-on = Reminders will also come by direct message when your time to move runs short.
reminders-dm-off = No more reminders by direct message; the game's own place still gets them.
timeout-no-pass = In this variant a turn whose time runs out does not pass.
timeout-passed = { $name }'s time ran out, so the turn passes with no action.
claim-not-now = You can only claim on time when your opponent is to move.
claim-no-limit = This game has no time limit, so there is nothing to claim.
claim-on-vacation = { $name } is on vacation: their clock stands still.
claim-too-early = { $name } still has { $left } to move.
claim-turn-passes = In this variant a turn whose time runs out passes; there is no win to claim.

## `arcana local`'s typed commands (a terminal front end, in English).

local-no-arguments = `/{ $command }` takes no arguments.
local-not-understood = I don't understand `{ $word }` in `/{ $command }`; it reads `{ $usage }`.
reminders-dm-off-outside = This chat cannot get reminders (I can only answer commands here), so the reminders of games played outside servers still come to you by direct message; those of games in servers now go to the game's own place only.
