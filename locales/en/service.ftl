# Replies of the service (games, challenges, settings, ...).

## Server settings (`/settings web`, `/settings language`).

cmd-settings-language-name = language
cmd-settings-language-description = Moderators: the language of this server's public messages
choice-auto = auto
choice-en = English
choice-de = German
choice-fr = French
language-en = English
language-de = German
language-fr = French
settings-server-only = Server settings are made in a server.
settings-moderators-only = Only the server's moderators can change its settings.
settings-boards-white = This server's public boards now keep White at the bottom; `/board` shows each player their own side.
settings-boards-mover = This server's public boards now turn to the player to move; `/board` shows each player their own side.
settings-language-set = This server's public messages are now in { $language }.
settings-language-auto = This server's public messages follow its own language on Discord, now { $language }.

## The Discord front end's own sentences (beside `delivery-*` in main.ftl).

delivery-move-not-posted = Your move was played, but I could not post in <#{ $channel }>: { $reason }. `/board` shows the game.

## `/rules` and `/legend` (the rules themselves are the variants' own).

rules-not-playable = (Not playable yet in this build.)
rules-pictured = Pictured: { $caption }
rules-variants = Variants you can play: { $list }. Use `/rules <variant>` for the rules of one.
legend-title = **Legend** — what the marks on the board mean.
legend-every-board = On every board
legend-see-picture = (The picture names every one of them.)

## Games: their start, whose turn it is, their terms.

challenge-accepted = { $name } accepts.
game-computer-plays = { $name } plays you at level { $level }.
game-computer-plays-stockfish = { $name } plays you at level { $level }, about { $rating } on Stockfish's rating scale.
game-computer-plays-own = { $name } plays you at level { $level }, about { $rating } on this game's own scale of the levels.
game-played-in = The game is played in { $place }.
game-played-here = This game is played in this channel: { $why }.
game-not-rated = The game is not rated: it ended before each player had played a move.
turn-thinking = { $name } ({ $side }) is thinking.
turn-prompt = { $name } ({ $side }), { $prompt }.
turn-question = { $question } (`/rules { $variant }` explains the game)
terms-days = { $days ->
    [0] no time limit
    [one] { $days } day per move
   *[other] { $days } days per move
}
terms-bank = { $days } + a { $bank }-day bank each
terms-rated = rated
terms-casual = casual

## The computer's levels, as measured (`engine::strength`, docs/engine.md "The ladder, measured").

level-about = level { $level } ≈ { $rating }
levels-stockfish = Measured in { $variant }: { $list }, on Stockfish's rating scale.
levels-own = The computer's levels, measured in { $variant } (on this game's own scale, level 1 = 800): { $list }.
levels-rough = (levels { $levels } are weaker, measured too roughly to name a figure)
levels-rough-only = (levels { $levels }: measured too roughly to name a figure)
levels-elsewhere = `/rules <variant>` gives the levels of each game.
