# The front ends' own words (discord/ and local/).

# A user named in a command option whose name Discord did not send.
discord-unknown-user = user { $id }

## arcana local: the terminal's own words.

local-intro = arcana local — type lines as `NAME: TEXT`, optionally starting with `#channel `.
    Example: `alice: /challenge @bob standard color:white`, then `bob: /accept`, `alice: e4`.
    `/help` lists the commands; end with Ctrl-D.
local-line-needs-name = A line needs `NAME: TEXT` after the channel.
local-line-shape = Write lines as `NAME: TEXT`, e.g. `alice: /challenge @bob`.
local-not-a-move = That is neither a command nor a move; try `/help`.
local-not-utf8 = error: that line is not valid UTF-8 text, so it was ignored.
local-error = error: { $error }
# The audience of a printed direct message, and of an answer only its invoker sees.
local-dm = DM { $reader } (from #{ $channel })
local-only = only @{ $name }
local-unknown-player = player { $id }
local-rematch-hint = (`/rematch` challenges the same opponent again, colours swapped.)
local-image = [image] { $path }
local-image-not-written = [image not written: { $error }]
local-file = [file] { $path }
local-file-not-written = [file not written: { $error }]
local-cannot-create = cannot create { $path }: { $error }
local-cannot-write = cannot write { $path }: { $error }
local-name-not-kept = warning: cannot keep the name { $name } in { $file }: { $error }
# Where a game is played, as a message names it.
local-site = arcana local, #{ $channel }
local-web-pages = Web pages at http://{ $address }/ (ask /web for a game's)
local-unfinished = Note: { $store } holds { $count } unfinished game(s) from an earlier run; they go on here. Pass `--data <new folder>` to start afresh.
local-unfinished-many = Note: { $store } holds more than { $count } unfinished games from an earlier run; they go on here. Pass `--data <new folder>` to start afresh.
local-store-unopened = cannot open the store { $store }: { $error }
local-web-key-unkept = cannot keep the web key in { $path }: { $error }
local-web-key-short = the web key in { $file } is shorter than 32 characters; delete the file to make a new one (links given before stop working)
catchup-refused = You wrote `{ $line }` in <#{ $channel }> while I was restarting; it was not played: { $why }

## Outside servers (issue 50): group chats and DMs through a user's install of the app.

dms-needs-server-tournament = Tournaments belong to a server: its members join them and their games are played in its channels. Use `/tournament` in a server that added Arcana; here, `/challenge @friend` starts a game.
dms-needs-server-settings = Those are a server's settings, for its moderators, so they are changed in that server. Your own settings (`/settings` without server options) work everywhere.
dms-needs-server-games = This chat is not a server: use `/games list:mine` for your own games, or ask in a server for its games.
# Added to a challenge made in a group chat: what the app cannot do there.
dms-group-note = (I cannot post in this chat on my own, only answer commands and buttons used here: turn notices, reminders, the end of the game and secrets come to you by direct message.)
# A direct message telling a player it is their turn in a game played in a group chat.
dms-your-turn = Your move in the game played in { $chat }:
# The first line of a message from a group chat's game that reaches a player by direct message.
dms-from-chat = From the game in { $chat }:
# A direct message to a player challenged in a group chat, sent before the challenge is made.
dms-challenged = { $challenger } wants to play you in { $chat }. Accept there with the challenge's button: that game will tell you your turns by direct message, like this one.
dms-opponent-unreachable = I cannot send <@{ $opponent }> direct messages (they are closed), and in this chat a game reaches its players only that way, so no challenge was made. They can open their DMs (Privacy Settings, or Apps > Arcana), then challenge again.
# A game by a pair of DMs (issue 50): the first line of its messages that reach a player in their DM with the bot.
dms-pair-from = From the game { $white } vs { $black }:
# A direct message to a player challenged from another's DM with the bot, sent before the challenge is made.
dms-pair-challenged = { $challenger } wants to play you by direct message: each of you plays in your own DM with me. Their challenge follows, with its buttons.
# The first line of that challenge, shown in the challenged player's DM with the bot.
dms-pair-challenge = { $challenger } challenges you to a game by direct message. Accept or decline here:
dms-pair-unreachable = I cannot send <@{ $opponent }> direct messages (they are closed), and a game by direct message is played in each player's DM with me, so no challenge was made. They can open their DMs (Privacy Settings, or Apps > Arcana), then you can challenge again.
dms-pair-one-game = You already play { $opponent } by direct message: one game with each opponent at a time here. Finish that one first, or play them in a server or a group chat.
dms-pair-which-game = Several of your games here wait for your move ({ $games }): use the Move button on the board of the game you mean.
dms-rematch-in-chat = A rematch of a game played in a group chat is asked for in that chat, where its challenge can be shown: press Rematch on the game's last board in { $chat }, or use `/rematch` there.

## What happens instead where Discord forbids something outside servers (issue 50).

dms-closed-in-chat = <@{ $user }>, I cannot send you direct messages (they are closed), and this chat takes no message of mine unless a command or button used here asks for it: your turns show on the boards answered here; reminders and time-outs cannot reach you. What I could not send you is shown privately with your next command.
dms-pair-opponent-unreachable = I cannot reach { $opponent } by direct message any more (their DMs are closed). The game goes on: they see what they missed with their next command to me, and their clock runs as usual.
dms-late-answer = (Discord lets me answer a command in that chat only for 15 minutes and 5 times, so here it is by direct message.)
