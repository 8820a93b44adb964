### Arcana's English catalog: every player-facing text, by key (`area-what`).
### The German catalog (`locales/de/main.ftl`) has the same keys with the same
### variables; `tests/i18n.rs` checks both. Chess notation is written as the rules
### documents write it, in every language.

## The catalogs' own check (unit tests of src/i18n).

i18n-example = Hello, { $name }!

## /help: its first line, and how an option's shape is written.

help-intro = **Arcana** — correspondence chess variants (`/rules <variant>` explains one). Commands:
help-pairs = key:value
# A game's or an event's number in `/help` (`/review game:N`).
help-number = N

## Slash commands. For each command `cmd-<command>-name` (the name Discord shows; in
## English the registered name), `cmd-<command>-description`, and optionally
## `cmd-<command>-help` (what /help adds); for each option `cmd-<command>-<option>-name`,
## `cmd-<command>-<option>-description` and, if it is required, `-missing` (the refusal
## when it is left out). Names: lowercase letters, digits, - and _,
## at most 32; descriptions at most 100 characters.

cmd-challenge-name = challenge
cmd-challenge-description = Challenge someone to a game in this channel
cmd-challenge-help = (challenge the bot itself to play the computer)
cmd-challenge-opponent-name = opponent
cmd-challenge-opponent-description = Who to play (none: an open challenge, the first taker plays)
cmd-challenge-variant-name = variant
cmd-challenge-variant-description = Which game (default: Chess)
cmd-challenge-color-name = color
cmd-challenge-color-description = Your colour
cmd-challenge-days-name = days
cmd-challenge-days-description = Days per move, 1-14, or 0 for no limit
cmd-challenge-bank-name = bank
cmd-challenge-bank-description = Days of time bank each player gets beyond the days per move, 0-30
cmd-challenge-options-name = options
cmd-challenge-options-description = Variant options as key:value (`/rules <variant>` lists them)
cmd-challenge-level-name = level
cmd-challenge-level-description = The computer's strength when you challenge the bot, 1-8 (default 6)
cmd-challenge-rated-name = rated
cmd-challenge-rated-description = Whether the game counts for the ratings (default: yes)

cmd-accept-name = accept
cmd-accept-description = Accept a challenge in this channel
cmd-accept-player-name = player
cmd-accept-player-description = Who made the challenge, when several wait here

cmd-decline-name = decline
cmd-decline-description = Decline a challenge made to you here
cmd-decline-player-name = player
cmd-decline-player-description = Who made the challenge, when several wait here

cmd-cancel-name = cancel
cmd-cancel-description = Withdraw your challenge here (moderators: any challenge)
cmd-cancel-player-name = player
cmd-cancel-player-description = The other player of the challenge, when several wait here

cmd-move-name = move
cmd-move-description = Play a move (or answer the game's question)
cmd-move-help = (the player to move may also just type it)
cmd-move-text-name = text
cmd-move-text-description = The move, e.g. e4 or Ng1-f3
cmd-move-text-missing = Type the move after `/move`, for example `/move e4`.

cmd-board-name = board
cmd-board-description = Show the board of this channel's game

cmd-note-name = note
cmd-note-description = Your private notes on this channel's game
cmd-note-help = (`/note` shows them, `/note clear` empties them; only you ever see them, also in your own `/export`)
cmd-note-text-name = text
cmd-note-text-description = A line to add to your notes; `clear` empties them

cmd-conditional-name = conditional
cmd-conditional-description = Answer your opponent's expected moves in advance
cmd-conditional-help = (while they are to move: `/conditional e5 Nf3` answers e5 with Nf3 at once; `/conditional` shows yours, only to you)
cmd-conditional-line-name = line
cmd-conditional-line-description = Their turn, your answer, ... e.g. `e5 Nf3 Nc6 Bb5`; `clear` empties them

cmd-takeback-name = takeback
cmd-takeback-description = Ask to take back your last turn, or answer
cmd-takeback-help = (casual games; your last turn, while they are to move)
cmd-takeback-action-name = action
cmd-takeback-action-description = ask (the default), accept or decline

cmd-history-name = history
cmd-history-description = Show the moves of this channel's game

cmd-export-name = export
cmd-export-description = Download this channel's game: the record (PGN) and an animated GIF

cmd-review-name = review
cmd-review-description = The computer's review of a finished game
cmd-review-help = (finished games only: a graph, each side's largest mistakes, the annotated record)
cmd-review-game-name = game
cmd-review-game-description = The finished game to review (its number); this channel's last game if none

cmd-resign-name = resign
cmd-resign-description = Resign this channel's game

cmd-draw-name = draw
cmd-draw-description = Offer, accept, decline or claim a draw
cmd-draw-action-name = action
cmd-draw-action-description = What to do
cmd-draw-action-missing = Say `/draw offer`, `/draw accept`, `/draw decline` or `/draw claim`.

cmd-abort-name = abort
cmd-abort-description = Call the game off before both sides have moved (moderators: any time)

cmd-claim-name = claim
cmd-claim-description = Claim the win when your opponent's time has run out

cmd-hand-name = hand
cmd-hand-description = Show your secret information (only you see it)

cmd-rematch-name = rematch
cmd-rematch-description = After a game here ends: challenge the same opponent again, colours swapped

cmd-games-name = games
cmd-games-description = List active games of this server or of one player
cmd-games-help = (`/games mine`: where it is your turn, the most urgent first)
cmd-games-player-name = player
cmd-games-player-description = Only this player's games
cmd-games-list-name = list
cmd-games-list-description = `mine`: every game, in every server, where it is your turn

cmd-profile-name = profile
cmd-profile-description = Ratings, results and current games of a player
cmd-profile-player-name = player
cmd-profile-player-description = Whose profile (default: yours)

cmd-leaderboard-name = leaderboard
cmd-leaderboard-description = The best settled ratings of a variant here
cmd-leaderboard-variant-name = variant
cmd-leaderboard-variant-description = Which game (default: Chess)

cmd-reminders-name = reminders
cmd-reminders-description = Turn your reminders by direct message on or off
cmd-reminders-help = (the game's own place is always reminded)
cmd-reminders-dm-name = dm
cmd-reminders-dm-description = Reminders by direct message when your time runs short
cmd-reminders-dm-missing = Say `/reminders dm:on` or `/reminders dm:off`.

cmd-vacation-name = vacation
cmd-vacation-description = Stop your clocks while you are away
cmd-vacation-help = (a yearly allowance, whole days; `/vacation` shows what is left)
cmd-vacation-state-name = state
cmd-vacation-state-description = on: your clocks stop in every game; off: they run again

cmd-settings-name = settings
cmd-settings-description = Your preferences: move confirmation, digest, reminders
cmd-settings-help = (e.g. `/settings confirm:on`; no option shows them)
cmd-settings-confirm-name = confirm
cmd-settings-confirm-description = Show a typed move to you first, with Confirm and Cancel
cmd-settings-digest-name = digest
cmd-settings-digest-description = A daily direct message listing the games where it is your turn
cmd-settings-reminders-name = reminders
cmd-settings-reminders-description = Reminders by direct message when your time runs short
cmd-settings-web-name = web
cmd-settings-web-description = Moderators: this server's web page on or off
cmd-settings-boards-name = boards
cmd-settings-boards-description = Moderators: public boards turn to the player to move, or keep White at the bottom

cmd-tournament-name = tournament
cmd-tournament-description = Run a tournament in this channel
cmd-tournament-help = (round robin or Swiss, every game in its own thread; two losses on time or a withdrawal forfeit the rest)
cmd-tournament-action-name = action
cmd-tournament-action-description = What to do
cmd-tournament-action-missing = Say what: `/tournament create`, `join`, `leave`, `start`, `standings`, `pairings`, `withdraw`, `cancel` or `export`.
cmd-tournament-name-name = name
cmd-tournament-name-description = create: the event's name
cmd-tournament-variant-name = variant
cmd-tournament-variant-description = create: which game (default: Chess)
cmd-tournament-options-name = options
cmd-tournament-options-description = create: variant options as key:value
cmd-tournament-format-name = format
cmd-tournament-format-description = create: round-robin (default) or swiss
cmd-tournament-cycles-name = cycles
cmd-tournament-cycles-description = create: games per pair in a round robin, 1 or 2
cmd-tournament-rounds-name = rounds
cmd-tournament-rounds-description = create: rounds of a Swiss, 1-30
cmd-tournament-days-name = days
cmd-tournament-days-description = create: days per move, 1-14 (default 3), or 0 for no limit
cmd-tournament-bank-name = bank
cmd-tournament-bank-description = create: days of time bank, 0-30
cmd-tournament-rated-name = rated
cmd-tournament-rated-description = create: counts for the ratings (default: yes)
cmd-tournament-vacation-name = vacation
cmd-tournament-vacation-description = create: vacations stop clocks (default: yes)
cmd-tournament-limit-name = limit
cmd-tournament-limit-description = create: the most players (default: none)
cmd-tournament-start-name = start
cmd-tournament-start-description = create: starts by itself in this many hours (default: when started)
cmd-tournament-player-name = player
cmd-tournament-player-description = withdraw: the player (organiser)
cmd-tournament-confirm-name = confirm
cmd-tournament-confirm-description = withdraw: yes to confirm (the remaining games are forfeited)
cmd-tournament-event-name = event
cmd-tournament-event-description = Which event, by number (default: this channel's)

cmd-rules-name = rules
cmd-rules-description = Explain the rules of a variant
cmd-rules-help = (the exact text of every special action, with a picture)
cmd-rules-variant-name = variant
cmd-rules-variant-description = Which game

cmd-legend-name = legend
cmd-legend-description = A picture naming every badge and mark on the board
cmd-legend-variant-name = variant
cmd-legend-variant-description = Which game (default: this channel's)

cmd-help-name = help
cmd-help-description = How to play with Arcana

cmd-web-name = web
cmd-web-description = This game's web page

## The words of fixed option choices (`choice-<value>`), as Discord lists them.

choice-mover = mover
choice-white = White
choice-black = Black
choice-random = Random
choice-on = on
choice-off = off
choice-ask = ask
choice-accept = accept
choice-decline = decline
choice-offer = offer
choice-claim = claim
choice-mine = mine
choice-daily = daily
choice-create = create
choice-join = join
choice-leave = leave
choice-start = start
choice-standings = standings
choice-pairings = pairings
choice-withdraw = withdraw
choice-cancel = cancel
choice-export = export
choice-round-robin = round-robin
choice-swiss = swiss

## Words drawn on images.

render-to-move = to move
render-continued = { $title } (continued)
graph-mistake = mistake ?
graph-blunder = blunder ??
graph-white = White
graph-black = Black

## The Discord front end's own sentences. Ids (users, channels) are passed as text:
## Fluent's numbers would round them.

delivery-dm-sent = Sent you a direct message.
delivery-undelivered = (A direct message I could not deliver earlier:)
delivery-dms-closed = <@{ $user }>, I could not send you a direct message (are your DMs closed?). You will see it privately with your next command here.
delivery-from = From <#{ $channel }>:

## Why a game's thread could not be opened (shown where the game starts instead).

thread-not-allowed = I may not start threads here (Create Public Threads and Send Messages in Threads); a server admin can grant them
thread-in-thread = a thread cannot hold another thread
thread-exists = a thread was already started from the challenge's message
thread-failed = Discord did not start a thread ({ $error })
thread-switched-off = threads are switched off in this bot's configuration
thread-no-runtime = threads cannot be started from here
thread-timeout = Discord did not answer in time

## Refusals of a command's values (the grammar). Numbers are passed as text.

grammar-unknown-variant = Unknown variant `{ $given }`; choose one of { $choices }.
grammar-or = { $rest } or { $last }
grammar-too-long = `{ $option }` is too long (at most { $max } characters).
grammar-not-in-range = `{ $option }` must be a whole number from { $min } to { $max }, not `{ $given }`.
grammar-not-in-range-or-word = `{ $option }` must be a whole number from { $min } to { $max } (or `{ $word }`), not `{ $given }`.
grammar-cannot-be = `{ $option }` cannot be `{ $given }`.
grammar-not-a-choice = `{ $option }` must be { $choices }, not `{ $given }`.
grammar-no-text = `{ $option }` does not take text.
grammar-no-number = `{ $option }` does not take a number.
grammar-no-bool = `{ $option }` does not take true or false.
grammar-no-person = `{ $option }` does not take a person.
grammar-true-or-false = Say `{ $option }:true` or `{ $option }:false`, not `{ $option }:{ $given }`.
grammar-name-a-player = Name a player for `{ $option }`.
grammar-no-channel = `{ $option }` does not take a channel.
grammar-name-a-channel = Name a channel for `{ $option }` (`#channel`), not “{ $given }”.
grammar-pair-shape = option `{ $given }` should look like key=value
grammar-option-twice = option `{ $key }` is given twice; give it once
grammar-option-twice-differently = option `{ $key }` is given twice (`{ $first }` and `{ $second }`); choose one
grammar-no-command = There is no command `/{ $name }`; try `/help`.
grammar-no-option = `/{ $command }` has no option `{ $option }`.
grammar-variant-options = Variant options: { $why }.

## The Discord front end's buttons (short) and its own answers (issue 47). The texts
## that tell players which button to press name these labels.

button-accept = Accept
button-decline = Decline
button-cancel = Cancel
button-move = Move
button-resign = Resign
button-offer-draw = Offer draw
button-accept-draw = Accept draw
button-hand = My hand
button-rematch = Rematch
button-confirm = Confirm
button-cancel-move = Cancel
button-resign-confirm = Yes, resign
resign-prompt = Resign this game? This cannot be undone.
delivery-game-over = That game is over: { $outcome }
delivery-done = Done.
delivery-text-attached = (the full text is attached)
delivery-no-bots = Bots do not play; choose a person.
delivery-went-wrong = Something went wrong on my side; nothing was changed.
delivery-old-button = That button belongs to an older version of this bot; use the commands.
delivery-game-not-posted = I could not post the game in <#{ $channel }>: { $reason }. `/board` there shows it.
delivery-reason-permission = I lack a permission there (View Channel, Send Messages, Send Messages in Threads, Attach Files or Read Message History); a server admin can grant it
delivery-reason-no-access = I cannot see that channel; a server admin can let me in
delivery-reason-gone = that channel no longer exists
delivery-reason-locked = that thread is archived and locked
