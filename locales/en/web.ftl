# The web pages for spectators (src/web/html.rs) and the /web replies
# (src/service/pages.rs).

## `/web`, the board's link and `/settings web` (pages.rs).

web-off = Web pages are not turned on for this bot.
web-game-page = The page of game { $game }: { $url }
web-private-page = Your own view, for you alone (it opens for a week; do not share it): { $url }
web-board-line = Web page: { $url }
web-server-on = This server's page is on: { $url }
web-server-on-later = This server's page is on; it is served once the bot's web pages are.
web-server-off = This server's page is off.

## A tournament on a server's page (pages.rs): `Chess, Swiss over 3 rounds, 7 players, round 2`.

web-event-about = { $variant }, { $format }, { $players ->
    [one] { $players } player
   *[other] { $players } players
}, { $state }
web-event-round-robin = round robin
web-event-round-robin-cycles = round robin, { $cycles } games a pair
web-event-swiss = Swiss over { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}
web-event-open = taking players
web-event-round = round { $round }
web-event-finished = finished

## Every page (html.rs, mod.rs).

web-site = Arcana
web-marks-link = What the marks mean
web-index = Game pages live at the addresses the bot gives: ask `/web` in a game's channel.

## A game's page (html.rs). `$after` says which position is shown: `after the start`,
## `after 3. Nf3`.

web-game-title = { $title } — game { $game }
web-private-notice = Your own view: only you can see what is marked as yours. Do not share this page's address.
web-after-start = after the start
web-after-last = after the latest turn
web-after-move = after { $played }
web-board-alt = { $variant }, position { $after }. FEN: { $fen }
web-board-caption = Position { $after }
web-board-caption-now = Position { $after } (now)
web-secret-heading = Yours alone
web-replay = Replay
web-step-first = « Start
web-step-prev = ‹ Back
web-step-next = Forward ›
web-step-last = Now »
web-moves = Moves
web-no-moves = No moves yet.
web-downloads = Downloads
web-download-pgn = Record (PGN)
web-download-gif = Animation (GIF)
web-public-link = The public page

## The legend's page (html.rs).

web-legend = Legend
web-legend-title = Legend — Arcana
web-legend-intro = What the marks and badges on the boards mean.
web-legend-alt = The marks and badges, drawn as on the boards; each is named in the list below.

## A server's page (html.rs).

web-server-title = Games — Arcana
web-server-heading = This server's games
web-server-live = Being played
web-server-no-live = No games are being played on this server.
web-server-live-game = { $variant }: { $white } (White) vs { $black } (Black)
web-server-turns = { $turns } turn(s) played
web-server-recent = Finished lately
web-server-no-recent = No game has finished on this server yet.
web-server-recent-game = { $variant }: { $white } vs { $black }, { $result }
web-server-ladders = Ladders
web-server-no-ladder = Nobody has a settled rating on this server yet (as `/leaderboard` lists them).
web-ladder-player = Player
web-ladder-rating = Rating
web-ladder-record = Won/drawn/lost
web-server-tournaments = Tournaments

## Pages that cannot be shown (mod.rs).

web-not-found = Not found
web-no-game = There is no such game.
web-no-page = There is no page at this address.
web-no-game-page = No game page lives at this address.
web-not-available = Not available
web-store-trouble = The game store is not answering just now; please try again in a moment.
web-link-refused = Link refused
web-link-forged = This private link is not valid. Ask `/web` in the game's channel for yours.
web-link-expired-title = Link expired
web-link-expired = This private link has expired. Ask `/web` in the game's channel for a new one.
web-server-not-shown = Not shown
web-server-page-off = This server's page is off; its moderators can turn it on with `/settings web:on`.
web-too-many-streams = Too many pages are following games just now.
web-socket-only = This address carries a game page's live updates over a WebSocket; open the game's page instead.
web-socket-elsewhere = Live updates are sent only to this site's own pages.
web-only-get = Only GET is served here.
web-address-too-long = This address is too long.
web-no-body = Requests here carry no body.
web-too-many-requests = Too many requests from your address; please wait a moment.

## Playing on one's own page (issue 49)
web-play-heading = Your move
web-play-loading = Loading your choices…
web-play-confirm = Confirm
web-play-back = Back
web-play-cancel = Cancel
web-play-off = Moves cannot be made on this page here; play in the game's chat.
web-play-elsewhere = This action did not come from this game's page.
web-play-unreadable = This action could not be read.
web-play-failed = The action could not be sent; check your connection and try again.

## A player's other actions on their own page (issue 49)
web-play-game-heading = Your game
web-play-draw-offer = Offer a draw
web-play-draw-accept = Accept the draw
web-play-draw-decline = Decline the draw
web-play-takeback = Ask to take back your last turn
web-play-takeback-accept = Accept the takeback
web-play-takeback-decline = Decline the takeback
web-play-resign = Resign
web-play-resign-confirm = Yes, resign
web-play-resign-sure = Resign this game? Press “Yes, resign” to confirm; the game ends at once.
web-play-note-label = A note only you see:
web-play-note-add = Add the note
web-play-note-refused = A note is one line of 1 to 200 characters; nothing was added.
web-play-stale = The game changed since this page was shown; nothing was done. Look at the game again.
web-play-sent = Done: the game's chat has been told.
web-puzzle-title = Puzzle { $id }: { $game }
web-puzzle-to-move = { $side } to move: find the best answer.
web-puzzle-rating = Puzzle rating: { $rating }
web-puzzle-board-alt = { $game }, the puzzle's position. FEN: { $fen }
web-puzzle-heading = Your answer
web-puzzle-notice = Your own puzzle page: only you can answer here. Do not share this page's address.
web-puzzle-start = This is not the puzzle you have open now. Solve it here (a puzzle you have open is then left).
web-puzzle-open = Solve this puzzle
web-puzzle-again = Try it again
web-puzzle-next = Next puzzle
web-puzzle-link-forged = This puzzle link is not valid. `/puzzle` gives you a puzzle with a link of your own.
web-puzzle-link-expired = This puzzle link has expired. `/puzzle` gives you a new one.
web-no-puzzle = There is no such puzzle.

## The Discord Activity (docs/web.md, "The Activity")
button-play = Play on the board
activity-entry-description = Open this thread's game on a board you can touch
web-activity-title = Arcana
web-activity-connecting = Asking Discord who you are…
web-activity-failed = Discord did not let this page know who you are. Close the Activity and open it again.
web-activity-refused = Discord did not confirm who you are. Close the Activity and open it again.
web-activity-no-game = No game is being played in this thread. Open the Activity from a game's thread.
web-activity-elsewhere = Discord does not know you in an Activity of this thread. Open it again from the game's thread.
web-activity-unconfirmed = Discord could not confirm this Activity just now. Close it and open it again in a moment.

## Conditional lines on a player's own page (issue 49)
web-line-heading = Conditional lines
web-line-intro = While your opponent is to move, play out their expected move and your answer on a copy of the board, then queue the line: it answers at once when they play it. Only you see your lines.
web-line-start = Play a line out
web-line-queue = Queue this line
web-line-delete = Delete
web-line-none = You have no conditional lines on this game.
web-line-list = Your lines (only you see them):
web-line-so-far = The line so far: { $line }
web-line-hidden = This game hides information, so a line cannot be played out on a copy of the board; queue one with `/conditional`.
