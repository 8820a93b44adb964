
## `/puzzle` (service/capabilities/puzzles): puzzles to solve, rated per game.
cmd-puzzle-name = puzzle
cmd-puzzle-description = A puzzle to solve, or your answer to the one you have open
cmd-puzzle-game-name = game
cmd-puzzle-game-description = Puzzles of this game only
cmd-puzzle-answer-name = answer
cmd-puzzle-answer-description = Your answer to the puzzle you have open, as you would type a move
cmd-puzzle-theme-name = theme
cmd-puzzle-theme-description = Puzzles with this theme only (mate, fork, sacrifice, zap, wall...)
cmd-puzzle-id-name = id
cmd-puzzle-id-description = The puzzle with this id
puzzle-question = Puzzle `{ $id }` ({ $game }, rated { $rating }): { $side } to move.
puzzle-seen-before = You have seen this puzzle before: it does not count for your rating this time.
puzzle-last-move = Last move: { $answer }
puzzle-how = Find the best answer for { $side } and send it with `/puzzle answer:` (as you would type a move).
puzzle-right = Right: { $answer }.
puzzle-reply = The reply: { $answer }.
puzzle-solved = Solved: { $answer }!
puzzle-wrong = Not this one: { $answer }. The answer was { $expected }.
puzzle-refutation = After { $answer }, { $reply } shows why.
puzzle-rating-change = Your { $game } puzzle rating: { $before } → { $after } ({ $diff }).
puzzle-unrated = Not rated (a puzzle seen before).
puzzle-streak = Puzzles solved in a row: { $streak } (best { $best }).
puzzle-none-open = You have no puzzle open: `/puzzle` shows one.
puzzle-not-open = Puzzle `{ $id }` is not the one you have open (`{ $open }`); nothing was counted.
puzzle-moved-on = Your puzzle moved on before that answer was counted (it was answered at the same moment elsewhere); nothing was counted.
puzzle-no-such = There is no puzzle `{ $id }`.
puzzle-none-for-game = There are no puzzles of { $game } yet.
puzzle-none = There are no puzzles yet.
puzzle-no-theme = No puzzle has the theme “{ $theme }” here. Themes: { $themes }.
puzzle-answer-refused = { $reason } Nothing was counted: send another answer.
puzzle-broken = Puzzle `{ $id }` cannot be replayed by this version of Arcana; `/puzzle` shows another.
puzzle-busy = Many answers arrived at once; nothing was counted: send yours again.
profile-puzzles = Puzzles (solved in a row: { $streak }, best { $best }):
profile-puzzle-rating = { $variant }: { $rating } ({ $solved } solved, { $failed } failed)
cmd-puzzle-list-name = list
cmd-puzzle-list-description = `mine`: a puzzle made from your own mistakes, found by /review
puzzle-mine-question = Your own puzzle `{ $id }` ({ $game }, your game { $source }): { $side } to move. You played { $played } here; find a better answer.
puzzle-mine-none = You have no puzzles of your own yet: review a finished game of yours with `/review` first.
puzzle-mine-all-solved = You have solved all { $count } puzzles made from your mistakes: review another finished game of yours with `/review` for more.
puzzle-mine-as-good = { $answer } (as good as the engine's { $expected })
puzzle-mine-unrated = Not rated (a puzzle from your own game).
puzzle-picked = Your answer: `{ $answer }`.
puzzle-picker-stale = This question is not your puzzle's current one any more: answer the newest, or ask `/puzzle`.
puzzle-picker-not-yours = This puzzle is someone else's: `/puzzle` shows you one of your own.
puzzle-web-line = Solve it on the web: { $url }
cmd-settings-puzzle-channel-name = puzzle-channel
cmd-settings-puzzle-channel-description = Moderators: post a daily puzzle in this channel (turns it on)
cmd-settings-puzzle-daily-name = puzzle-daily
cmd-settings-puzzle-daily-description = Moderators: the daily puzzle on (in this channel, unless one is set) or off
cmd-settings-puzzle-hour-name = puzzle-hour
cmd-settings-puzzle-hour-description = Moderators: the hour (0-23, UTC) the daily puzzle is posted at
puzzle-daily-on = The daily puzzle is posted in { $channel } every day at { $hour } UTC.
puzzle-daily-off = The daily puzzle is off in this server (when on, it is posted at { $hour } UTC).
puzzle-daily-title = **Daily puzzle, { $date }**: { $game }, { $side } to move (rated { $rating }).
puzzle-daily-how = Press Solve to answer it privately: your first try today counts, and tomorrow's post names the first to solve it.
puzzle-daily-thread = Daily puzzle { $date }
puzzle-daily-discuss = Discuss it in { $thread } (no spoilers in this channel, please).
puzzle-daily-yesterday = Puzzle `{ $id }` of { $date } was solved by { $count ->
    [one] one player
   *[other] { $count } players
}; first: { $names }.
    [one] one player
   *[other] { $count } players
}; first: { $names }.
puzzle-daily-yesterday-none = Nobody solved puzzle `{ $id }` of { $date }.
puzzle-daily-over = This daily puzzle is over: today's post has a Solve button of its own, and `/puzzle` shows you another one.
puzzle-daily-tried = You tried today's puzzle already: this try does not count for it.
button-solve = Solve
