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
