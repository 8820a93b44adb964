# The games' own words: refusals, prompts, results, guides.

## Move text (every game).
notation-unreadable = I can't read `{ $input }` as a move: { $reason }.
notation-illegal = `{ $input }` is not a legal move here.
notation-illegal-near = `{ $input }` is not a legal move here; legal moves close to it: { $moves }.
notation-illegal-in-check = `{ $input }` is not a legal move here (your king is in check).
notation-illegal-in-check-near = `{ $input }` is not a legal move here (your king is in check); legal moves close to it: { $moves }.
notation-ambiguous = `{ $input }` is ambiguous: it could be { $candidates }.
notation-or = { $a } or { $b }
notation-stray-words = type the move alone, like `{ $first }`: `{ $rest }` is not part of a move
notation-stray-sign = `{ $sign }` is not part of any move
notation-nothing = there is nothing to play
notation-too-long = that is too long for a move
notation-promotion-form = a promotion is written like `e8=Q`
notation-promotion-role = a pawn promotes to Q, R, B or N
notation-off-board = that square is off the board
notation-not-a-square = `{ $text }` is not a square
notation-not-file-or-rank = `{ $sign }` is neither a file nor a rank
notation-no-destination = a move needs a destination square like `e4`
notation-too-many-squares = there are too many squares in it

## Sides, results and the reasons a game ends (kept in English in the records).
variants-white = White
variants-black = Black
variants-not-your-turn = It is not your turn.
outcome-win = { $winner } wins by { $reason }
outcome-draw = Draw by { $reason }
outcome-aborted = Game aborted
reason-checkmate = checkmate
reason-stalemate = stalemate
reason-insufficient-material = insufficient material
reason-resignation = resignation
reason-agreement = agreement
reason-timeout = timeout
reason-adjudication = adjudication
reason-threefold = threefold repetition
reason-fivefold = fivefold repetition
reason-fifty-moves = the 50-move rule
reason-seventy-five-moves = the 75-move rule
reason-king-captured = capturing the king
reason-ten-points = reaching 10 points
reason-last-king = the loss of { $side }'s last king
reason-king-defender = taking the wicket of { $side }'s King-Defender
reason-no-defender = { $side } having no piece left to be its Defender

## Refusals and events of the games.
notation-nested = parentheses cannot be nested
notation-unmatched-close = a `)` has no matching `(`
notation-unclosed = a `(` is not closed
notation-unexpected = unexpected character { $sign }
wand-turn-shape = a turn is one move, one zap, or two moves of fast pieces
wand-zap-form = a zap is written like `Ze4:d5` (zapper, then target)
spell-form-bracket = a spell is written `(freeze d5)` or `(jump e3)`
spell-one-per-turn = only one spell may be cast per turn
spell-form-at = a spell is written `freeze@d5` or `jump@e3`
spell-with-a-move = a spell is cast together with a move, like `e4 (freeze d5)`
wickets-unclosed = a bracket is not closed
wickets-ball-bracket = the only bracket a move takes is `(ball d6)`
wickets-ball-square = the ball needs a square
wickets-throw-square = `{ $text }` is not a square to throw to
wickets-two-hops = a throw has at most two hops
wickets-throw-or-keep = a move either throws (`>f6`) or keeps the ball (`decline`), not both
wickets-not-a-square = that is not a square
wickets-first-not-a-square = the first square is not a square
walls-unreadable = I can't read `{ $input }`: { $reason }.
walls-syntax-wall = a wall goes on a square, like `@c4`
walls-syntax-place = a placement is a piece letter, `@` and a square, like `R@e4`
walls-syntax-conjure = a conjured wall is written like `Nc3+d4`
walls-syntax-destroy = destroying a wall is written like `Nc3xd4`
walls-syntax-action = an action is a move (`Nb1-c3`), a wall (`Nc3+d4`), a break (`Nc3xd4`), a resurrection (`R@e4`) or `pass`
walls-syntax-resurrect = resurrect is written `resurrect R e4`
walls-type-a-turn = Type a turn, for example `Nb1-c3 Nc3+d4`, or `pass`.
walls-too-many-items = That is far too many items for one answer.
walls-pass-alone = `pass` stands alone: it is a turn of no actions.
walls-two-actions = A turn has at most two actions; you gave { $count }.
walls-over-not-played = The game is over, so `{ $input }` is not played.
walls-not-legal = `{ $input }` is not legal: { $why }.
walls-first-not-legal = The first action `{ $input }` is not legal: { $why }.
walls-second-not-legal = The second action `{ $input }` is not legal: { $why }.
walls-setup-walls-not = Now { $side } places 3 walls, like `@c4 @d5 @f3`; `{ $input }` is not a wall placement.
walls-setup-team-not = Now { $side } places the team, like `B@c1 N@d2 R@a1`; `{ $input }` is not a placement.
event-checkmate = Checkmate.
event-check = Check.
event-outcome = { $outcome }.
wand-teleport-first = Choose the teleport square first: answer with an empty square, e.g. `h8`.
wand-teleport-not-empty = { $square } is not a legal teleport square: it is not empty.
wand-teleport-unsafe = { $square } is not a legal teleport square: it would leave your king attacked while a safe square exists.
wand-square-alone = A teleport square alone answers only the teleport question; play a move or a zap.
wand-no-teleport-asked = No teleport square is asked now; play a move or a zap.
wickets-too-long = That is far too long to be an answer.
wickets-no-such-question = That question does not exist in Chess with Wickets.
wickets-cards-later = The cards are dealt at the first move.
options-bad-value = The `{ $option }` option is { $values }, not `{ $value }`.
options-none = { $variant } has no option `{ $key }`.
options-only = { $variant } has no option `{ $key }`; its only option is { $option }.
options-some = { $variant } has no option `{ $key }`; its options are { $options } and { $last }.
options-listed = `{ $name }` ({ $values })
variants-unavailable = { $variant } is not playable yet.

## Prompts: what a player is asked.
prompt-choices = { $what }: { $choices }
prompt-example = { $what }, e.g. `{ $example }`
prompt-rules = { $prompt } (`/rules { $variant }` explains the game)

## Prompts of the games.
spell-a-freeze = a freeze `{ $example }`
spell-a-jump = a jump `{ $example }`
spell-prompt-cast = cast a spell with it in brackets, like { $spells }
sorchess-prompt-enter = your Wizard enters from an unmoved rook as if it stood there, e.g. `{ $example }`
sorchess-prompt-become = your Knight may become a Wizard now, once: `{ $answer }` (`{ $decline }` gives the chance up)
sorchess-prompt-promote = a pawn may promote to a Wizard: `{ $answer }`
wand-the-piece-on = the piece on { $square }
wand-the-role-on = the { $role } on { $square }
wand-prompt-teleport-example = choose where { $what } is teleported: type one empty square, e.g. `{ $example }` ({ $count } squares allowed)
wand-prompt-teleport = choose where { $what } is teleported
wand-prompt-a-move = a move like `{ $example }`
wand-prompt-a-zap = a zap like `{ $example }` (Z, the square of the piece whose wand is zapped, a colon, then a neighbouring square or its own)
wand-prompt-a-double = a fast double move like `{ $example }`
wand-prompt-or = { $a }, or { $b }
wand-prompt = your move: { $parts }
walls-prompt-walls = place your walls: { $count } on empty squares of ranks 3-6, e.g. `{ $example }`
walls-prompt-limit = { $role } costs { $cost }, at most { $max }
walls-prompt-team-full = place your team: any team costing exactly { $cost } ({ $limits }) on empty squares of ranks { $ranks }, e.g. `{ $example }` (9+1+1) or a Rook, Knight and Bishop (5+3+3)
walls-prompt-team = place your team, a Bishop, Knight and Rook, on empty squares of ranks { $ranks }, e.g. `{ $example }`
walls-prompt-play = your move: up to two actions in one message
walls-form-move = move `{ $example }`
walls-form-conjure = conjure a wall `{ $example }`
walls-form-destroy = destroy a wall `{ $example }`
walls-form-resurrect = resurrect `{ $example }`
walls-form-pass = `pass` for none

## Wizard Walls: the setup.
walls-place-3-walls = Place exactly 3 walls (`@c4 @d5 @f3`); you gave { $squares_len }.
walls-wall-twice = Each wall needs its own square; { $sq } is named twice.
walls-wall-zone = { $sq } is not on ranks 3-6, where setup walls go.
walls-wall-there = { $sq } already holds a wall.
walls-occupied = { $sq } is occupied.
walls-wizard-twice = Each wizard needs its own square; { $sq } is named twice.
walls-home-ranks = { $role_letter }@{ $sq } is not on your first two ranks ({ $ranks }).
walls-not-empty = { $sq } is not empty.
walls-basic-team = Your team is one Bishop, one Knight and one Rook, like `B@c1 N@d2 R@a1`.
walls-not-a-wizard = A { $name_role } is not a wizard of this game (P, N, B, R, Q).
walls-team-cost = Your team costs { $cost }; it must cost exactly 11 (P 1, N 3, B 3, R 5, Q 9).

## Wand Chess: refusals.
wand-whole-turn = `{ $input }` cannot be played: taking the { $role } on { $square }, which is not fast, is a whole turn; play that move alone.
wand-stoned = { $label } is stoned (a statue) and cannot move for { $u_statue } more turn(s).
wand-asleep = { $label } is asleep and cannot move for { $u_asleep } more turn(s).
wand-slowed = { $label } is slowed and must wait { $u_wait } more turn(s) before it moves again.
wand-no-zapper = There is no piece of yours on { $from } to zap with.
wand-too-far = A wand reaches only its own square or a neighbouring one; { $to } is too far from { $from }.
wand-zap-in-check = You are in check: no zapping until a move has answered the check.
wand-statue-zap = { $label } is a statue and cannot zap.
wand-asleep-zap = { $label } is asleep and cannot zap.
wand-slow-wait = { $label } is slow and must wait { $u_wait } more turn(s).
wand-destroyed = { $label }'s wand is destroyed.

## Sorchess: refusals.
sorchess-knight-chance = Your Knight may become a Wizard on { $square } now and never again: type `{ $take }` to take the chance, or `{ $m_long }` to stay a Knight and give the chance up for good.
sorchess-wizard-on-board = Your Wizard is already on { $sq }: only one Wizard per side may be on the board (S3, S5).
sorchess-knight-only-first = A Knight may become a Wizard only on its first arrival at { $knight_chance_square_us } after your Wizard was captured, and only if it is your one Knight.
sorchess-step-used = Your Wizard has already used its one orthogonal step.
sorchess-step-no-capture = The Wizard's orthogonal step cannot capture.
sorchess-wizard-captured = Your Wizard has been captured: only a promotion or the Knight's chance brings one back.
sorchess-no-launch-rook = None of your rooks can launch the Wizard: each has moved other than by castling.
sorchess-rook-moved = The rook on { $from } has moved (other than by castling), so the Wizard cannot enter from it.
sorchess-enter-from-rook = Your Wizard is in hand: it enters from one of your rooks, and { $from } holds none.
sorchess-declined = { $side } declined the Knight's chance to become a Wizard; it is gone for good.

## Spell Chess: refusals.
spell-your-piece-on = your { $role } on { $square }
spell-the-piece-on = the { $role } on { $square }
spell-cooling-one = Your { $name } spell is cooling down: it can be cast again in { $wait } turn (from your move { $from }).
spell-cooling = Your { $name } spell is cooling down: it can be cast again in { $wait } turns (from your move { $from }).
spell-frozen = Your { $role } on { $from } is frozen by the freeze on { $centre } and cannot move this turn.
spell-frozen-jump-on-it = Your { $role } on { $from } is frozen by the freeze on { $centre } and cannot move this turn: a jump on { $jump } lets other pieces pass over it, it does not free the piece standing there.
spell-frozen-even-jump = Your { $role } on { $from } is frozen by the freeze on { $centre } and cannot move this turn, not even with a jump spell: none of the pieces in a freeze area may move.
spell-capturable = That leaves your king capturable; play `{ $answer }!` to confirm.
spell-capturable-why = That leaves your king capturable: { $why }; play `{ $answer }!` to confirm.
spell-why-own-jump = your jump on { $jump } lets { $attacker } pass over { $over } to your king on { $king }
spell-why-their-jump = your opponent still has a jump spell, and with it { $attacker } can pass over { $over } to your king on { $king }
spell-none-left = You have no { $name } spells left.
spell-freeze-centre = You cannot centre a freeze on { $c }: it is the centre of your opponent's active freeze.
spell-jump-empty = A jump is cast on a piece to jump over, and { $j } is empty.
spell-rook-frozen = Your rook on { $rook } is frozen by the freeze on { $centre }, and castling moves the rook too: no castling with it this turn.
spell-rook-transparent = Your rook on { $rook } stands on a jump square, and a rook that pieces pass over cannot castle this turn.
spell-opponent-jump-square = { $j } is your opponent's jump square: this turn a piece may capture there, but no move may end there without capturing.
spell-own-jump-en-passant = Your jump on { $j } would let { $attacker } pass over { $over } to your king on { $target }, and en passant may not leave your king attacked.
spell-own-jump-king = Your jump on { $j } would let { $attacker } pass over { $over } to { $target }, and your king may not step onto an attacked square.
spell-no-promotion = A promotion cannot carry a spell.
spell-inside-freeze = Your move cannot start inside your own freeze area: { $mv_from } is next to { $c }.
spell-freeze-castle = A freeze cast with castling cannot be centred on the king's destination { $c }.
spell-jump-end = The move that casts a jump cannot end on the jump square { $j }.
spell-jump-castle = You cannot castle with a rook made transparent by a jump on { $j }.
spell-king-captured = The king is captured.

## Chess with Wickets: refusals.
wickets-decline-as-move = `decline` answers a throw, card or sacrifice question, and none is asked now: it is your move.
wickets-decline-as-move-example = `decline` answers a throw, card or sacrifice question, and none is asked now: it is your move, e.g. `{ $example }`.
wickets-decline-keep-ball = { $refusal } To move your ball-haver and keep the ball, put `decline` after its move: `{ $move } decline`.
wickets-picked-up-no-throw = A piece that picks up its ball cannot throw in the same turn.
wickets-only-haver-throws = Only the ball-haver throws, right after it moves.
wickets-nothing-to-decline = A piece that picks up its ball cannot throw in the same turn, so there is nothing to decline: play the move without `decline`.
wickets-decline-not-haver = `decline` after a move keeps the ball of a ball-haver that moves; { $move } is not your ball-haver's move: play it without `decline`.
wickets-other-question = `{ $word }` answers another question; now your move is asked, like `Ng1-f3`.
wickets-no-ball-to-place = This move does not take the ball-haver: there is no ball to place.
wickets-ball-next-to = The ball must lie on an empty square next to { $c }; { $b } is not one.
wickets-no-ball-waiting = No ball is waiting for a square.
wickets-answer-ball-square = Answer with the square where the ball lies, e.g. `{ $ball_squares_c_first_map_or_d4_to_string_c_c_to_string }`.
wickets-no-defender-asked = No Defender is asked for.
wickets-not-a-piece-letter = `{ $echo_c_to_string }` is not a piece letter.
wickets-name-defender = Name your new Defender by its square first, e.g. `{ $example }`.
wickets-no-defender-on = You have no piece on { $c } to name as your new Defender; name one of yours first, e.g. `{ $example }`.
wickets-piece-is-not = The piece on { $c } is not a { $role_map_or_r_r_name }.
wickets-haver-not-defender = The ball-haver cannot also be the Defender.
wickets-throw-not-square = `{ $echo_h }` is not a square; throw with a square like `f6` or `w9`, or `decline`.
wickets-no-card-asked = No card is asked for.
wickets-play-a-card = Play a card from your hand like `card 7c` (suits c d h s, ranks A or 1 to 10).
wickets-not-held = You do not hold { $card }; `/hand` shows your cards.
wickets-follow-suit = You must follow suit: play a card of suit { $lead_suit }.
wickets-no-sacrifice-asked = No sacrifice is asked for.
wickets-sacrifice-not-square = `{ $echo_w }` is not a square; write `sacrifice a2 b2`.
wickets-not-sacrificable = { $c } is not one of your pieces that may be sacrificed (not the King, not the Defender).
wickets-named-twice = { $c } is named twice.
wickets-name-exactly = Name exactly { $n } piece(s) to sacrifice, or `decline`.
wickets-throw-line = The ball cannot be thrown to { $to }: a throw goes along a queen line over empty squares to one of your pieces other than the Defender, or to an empty square (not your own wicket).

## Chess with Wickets: prompts.
wickets-prompt-ball = choose where the captured ball-haver's ball lies (an empty square next to it): { $choices }
wickets-prompt-defender-list = name your new Defender (any piece but the ball-haver), e.g. `{ $example }`; you may name { $names }
wickets-prompt-defender = name your new Defender (any of your { $count } pieces but the ball-haver), e.g. `{ $example }`
wickets-prompt-haver = your ball-haver { $who } may throw as it moves (`{ $moved }>{ $to }`) or keep the ball (`{ $moved } decline`), else you are asked after the move
wickets-prompt-throw-list = throw the ball along a queen line: { $choices }; or `decline` to keep it
wickets-prompt-throw = throw the ball along a queen line to one of { $count } squares or pieces, e.g. `{ $example }`; or `decline` to keep it
wickets-prompt-relay = after castling the ball may also be passed to the partner on { $via } which throws it on: `{ $relay }` passes it via { $via } to { $to } ({ $count } such throws)
wickets-prompt-into-wicket = a throw into the enemy wicket tries to take it

## Secrets and more refusals.
wand-list = Your wands ({ $side }, { $mode } wands):
wand-list-secret = Known only to you: { $items }
wand-list-identified = Identified (both players know): { $items }
wand-list-unknown = Unknown to both: { $items }
wand-list-destroyed = Destroyed: { $items }
wickets-hand = Your cards ({ $side }): { $cards }
spell-castle-lands = Your jump on { $jump } would let { $attacker } pass over { $over } to { $square }, a square your king lands on in castling, and castling may not go through or onto an attacked square.
spell-castle-crosses = Your jump on { $jump } would let { $attacker } pass over { $over } to { $square }, a square your king crosses in castling, and castling may not go through or onto an attacked square.

## Pictures: badges, legends, notes, titles (the badges' words stay in the code as data).
legend-walls-wall = a wall: nothing stands on it; only knights jump over it
legend-walls-setup = green dot (setup): a square where you may place a wall or a wizard now
legend-spell-frozen = blue area: frozen; the player to move cannot move or attack with pieces there
legend-spell-faint = faint blue area: a freeze that binds nobody any more
legend-spell-jump = violet square: jump spell; sliders of both sides pass through this piece
legend-wand-asleep = asleep: cannot move, zap or give check for 3 more turns
legend-wand-statue = a statue: cannot move, be captured or be zapped for 9 more turns
legend-wand-slow = slow: must wait 2 more turns before it moves or zaps again
legend-wand-slow-ready = slow, but ready to move or zap now
legend-wand-sick = sick: dies in 2 turns unless healed
legend-wand-peaceful = peaceful: cannot capture
legend-wand-fast = fast: may move twice in a turn (a capture of a piece that is not fast takes the whole turn)
legend-wand-immune = immune to every wand
legend-wand-hollow = hollow: a wand kind only you know (moderated wands; your opponent sees no badge); filled: both players know it
legend-wand-destroyed = its wand is destroyed
legend-sorchess-wizard = the Wizard (W): a pointed hat with a gold star; leaps (3,1) or steps one square diagonally
legend-wickets-wicket = a wicket: w0 behind e1 (White's), w9 behind e8 (Black's)
legend-wickets-defender = the Defender: the only piece that may enter its own wicket
legend-wickets-ball = disc at a piece's foot: it carries its side's ball and may throw it after moving
legend-wickets-lying-ball = a lying ball (here Black's): only its own side picks it up
legend-wickets-ball-square = green dot: a square where the captured ball may be put now
legend-wickets-start = every Queen starts as its side's Defender, every King with the ball
legend-last-move = yellow tint: the cells of the last move
legend-check = red glow: a king in check
badge-sleep = sleep { $n }
badge-sleep-long = sleep{ $n }
badge-stone = stone { $n }
badge-stone-long = stone{ $n }
badge-slow = slow { $n }
badge-slow-long = slow{ $n }
badge-sick = sick { $n }
badge-sick-long = sick{ $n }
badge-slow-now = slow
badge-peace = peace
badge-fast = fast
badge-immune = immune
badge-no-wand = no wand
badge-defender = Defender
badge-ball = ball
wand-word-teleport = teleport
wand-word-death = death
wand-word-stoning = stoning
wand-word-sloth = sloth
wand-word-morph = morph
wand-word-demote = demote
wand-word-sicken = sicken
wand-word-speed = speed
wand-word-protect = protect
wand-word-heal = heal
wand-word-polymorph = polymorph
wand-word-demotion = demotion
wand-word-sickness = sickness
wand-word-protection = protection
wand-word-healing = healing
legend-wand-of = wand of { $kind }: { $effect }
note-fallen = fallen: { $list }
note-wall-to-hand = wall to hand
note-step-used = orthogonal step used
note-hand = hand: { $cards }
note-cards = { $n } cards
note-no-defender = no Defender
note-played = played { $card }
note-wizard-in-hand = Wizard in hand
note-wizard-on-board = Wizard on board
note-wizard-captured = Wizard captured
title-chess = Chess
title-wand = Wand Chess
title-spell = Spell Chess
title-wickets = Chess with Wickets
title-walls-full = Wizard Walls (Full)
wand-word-sleep = sleep

walls-at-most-one = At most { $max } { $role } in a team.
walls-at-most = At most { $max } { $role }s in a team.
wickets-second-not-a-square = the second square is not a square
variants-fen-not-a-square = invalid FEN: `{ $text }` is not a square

## The options part of `/rules`.
options-guide-none = Options: none.
options-guide-head = **Options** — give them in `/challenge`, e.g. `options:{ $name }:{ $example }`:
options-guide-option = • `{ $name }`: { $description } (default `{ $default }`)

## The `/rules` guides and their worked examples.
rules-standard = **Chess** — the FIDE rules: castling, en passant, promotion, check and checkmate. Stalemate, insufficient material, fivefold repetition and the 75-move rule draw at once; threefold repetition and the 50-move rule let the player to move claim a draw (`/draw claim`).
    • Move: `e4`, `Nf3`, `Ng1-f3`, `e2e4`; castle `O-O` / `O-O-O`; promote `e8=Q` (the piece must be named).
rules-wand = **Wand Chess** — chess where every piece carries a wand of unknown kind. Instead of moving, a piece may zap its wand at itself or a neighbouring square. The first zap at an occupied square identifies the wand (teleport, death, sleep, stoning, sloth, polymorph, demotion, peace, sickness, speed, protection, healing); identified wands misfire one time in three. No zapping while in check; with no move you must zap. Sleep (5), stoning (10) and sickness (3) count their owner's turns; a slow piece (sloth) waits three of its turns after each move or zap. Asleep, stoned and waiting slow pieces neither move nor zap. Two kings ignore check; lose your last king and you lose.
    • Move: `e4`, `Ng1-f3`.
    • Zap: `Ze4:d5` (the piece on e4 zaps d5), `Ze4:e4` at itself.
    • Teleport: when asked, answer one empty square, `c6`; or give it with the zap: `Ze4:d5 (teleport c6)`.
    • Fast piece, two moves in one turn: `Ke4-e5:e6` (one piece twice) or `Nb1-c3 Bc1-f4` (two pieces).
caption-wand = From the rules: both Kings are fast, so White to play may move twice and take the fast Black King: type `Ke4-e5:e6`. Were only one King fast, neither could take the other.
rules-walls = **Wizard Walls** — Bishop, Knight and Rook wizards (Full: any team costing exactly 11: P 1, N 3, B 3, R 5, Q 9, at most 8 P, 2 N, 2 B, 2 R, 1 Q; pawns step one square any way) that never capture by moving. Each side holds 5 walls after the setup. Each wizard moves, conjures and destroys at most once a turn; one resurrection a turn. Every destroyed wizard scores its value for its owner's opponent; 10 points wins at once. Threefold repetition may be claimed (`/draw claim`); a turn whose time runs out passes.
    • Setup walls (White, then Black): 3 walls on ranks 3-6: `@c4 @d5 @f3`.
    • Setup team on your first two ranks: `B@c1 N@d2 R@a1` (Black `B@c8 N@d7 R@a8`; Full e.g. `Q@d1 P@c2 P@e2`).
    • A turn is up to two actions in one message, separated by a space: `Nb1-c3 Nc3+d4`; `pass` for none.
    • Move: `Nb1-c3` (knights jump walls, sliders do not). Conjure a wall next to a wizard, killing any wizard there: `Nc3+d4`. Destroy an adjacent wall into your hand: `Nc3xd4`. Resurrect a destroyed wizard next to two of yours: `R@e4`.
caption-walls = After the setup (`@c4 @d5 @f3`, `@c5 @e4 @f6`, `B@c1 N@d2 R@a1`, `B@c8 N@d7 R@a8`), White's turn `Nd2-b3 Nb3+b4` is the rules' "move Knight, build a wall with Knight": two actions in one message.
caption-walls-full = Full: White chose a Queen and two pawns (9+1+1 = 11, `Q@d1 P@c2 P@e2`), Black a Rook, Knight and Bishop (5+3+3, `R@a8 N@b8 B@c8`); then White's turn `Qd1-d3 Qd3+d4` moves the Queen and conjures a wall next to it.
rules-wickets = **Chess with Wickets** — chess plus two wicket squares, `w0` behind e1 and `w9` behind e8. Each King starts with its side's ball and each Queen is the Defender. Only your Defender enters your wicket; only your ball-haver (or a piece fetching your ball) enters the enemy's; pieces in a wicket give no check. A lying ball is picked up only by its side's non-Defenders; it blocks all others. A ball thrown into the enemy wicket is decided as the `decision` option says (below); their Defender guards it when it sees its wicket. Success removes their Defender (a King-Defender loses) and they name a new one.
    • Move into a wicket: `Qd1-w0`.
    • Throw with the ball-haver's move: `Ke1-f2>f6`, into the wicket `Nf5-g7>w9`; keep the ball: `Ke1-f2 decline`. Without either, you are asked after the move.
    • After castling with the ball-haver, the partner may throw instead: `O-O>f1>f5` (or `f1>f5` when asked).
    • Taking a ball-haver, place its ball on an empty neighbouring square: `Qd1:d7 (ball d6)`, or `d6` when asked.
    • New Defender: `defender Nf3`. Cards: `card 7c` (rank 1-10, 1 the ace; suit c d h s; `/hand` shows yours). Sacrifice: `sacrifice a2 b2 c2` (as many as asked) or `decline`.
caption-wickets = After `e4`, `e5`, `Ke1-e2>h5`: the King, White's ball-haver, moved and threw its ball along a queen line to h5, where it lies until a White piece picks it up. `Ke1-e2 decline` would have kept the ball.
rules-spell = **Spell Chess** — chess plus 5 freeze and 2 jump spells each; cast at most one with a move. Freeze: the opponent's pieces in the 3x3 area around the square cannot move or attack in their next turn (your own move may not start there). Jump: sliders of both sides pass through that piece until the opponent has moved. A spell type rests two turns after use; promotions carry no spell. Self-check is legal, a captured king loses, and checkmate ends the game.
    • Move with a freeze: `e4 (freeze d5)`; with a jump: `Bc1-h6 (jump e3)`; also `freeze@d5 e4`, `f@d5,e2e4`.
    • A move that leaves your king capturable needs `!` to confirm: `Kd2!`.
caption-spell = After `e4`, `e5`, `Nf3 (freeze d6)`: White moved the Knight and froze the 3x3 area around d6, so Black's pawns on c7, d7 and e5 cannot move this turn.
rules-sorchess = **Sorchess** — chess plus one Wizard (W) per side, held in hand at the start. The Wizard leaps (3,1) or steps one square diagonally, capturing either way, and once per game may step one square orthogonally without capturing. Only one Wizard per side on the board.
    • Enter from a rook that has not moved (or moved only by castling) as if the Wizard stood there; the rook stays: `Wg4`, or `Wh1-g4` to name the rook.
    • Promote a pawn to a Wizard while yours is not on the board: `e8=W`.
    • After your Wizard is captured, your only Knight may become one on its first arrival at the enemy king's square: `Nf6-e8=W`; to stay a Knight and give the chance up for good type the move with both squares, `Nf6-e8` (a plain `Ne8` is refused and asks which).
caption-sorchess = From the rules: the first move could be `Wg4` — the Wizard enters from the rook on h1 as if it stood there, and the rook stays.

## Wizard Walls: why an action is not legal.
walls-why-pass-alone = `pass` stands alone
walls-why-setup-only = walls are placed freely only in the setup; to conjure one, name the wizard, like `Nc3+d4`
walls-why-no-castling = there is no castling in Wizard Walls
walls-why-holds-wall = { $sq } holds a wall
walls-why-occupied = { $sq } is occupied, and wizards never capture by moving
walls-why-no-wizard-on = there is no wizard of yours on { $sq }
walls-why-is-a-not-a = the wizard on { $sq } is a { $role }, not a { $named }
walls-why-already-moved = the { $role } on { $sq } has already moved this turn
walls-why-cannot-reach = the { $role } on { $from } cannot reach { $to }
walls-why-no-walls-in-hand = you have no walls in hand
walls-why-pawns-conjure = pawns cannot conjure walls
walls-why-pawns-destroy = pawns cannot destroy walls
walls-why-not-next-to = { $at } is not next to the { $role } on { $from }
walls-why-none-next-to = no wizard of yours stands next to { $at }
walls-why-already-holds-wall = { $at } already holds a wall
walls-why-no-wall-on = there is no wall on { $at }
walls-why-already-conjured = the { $role } on { $sq } has already conjured a wall this turn
walls-why-already-destroyed = the { $role } on { $sq } has already destroyed a wall this turn
walls-why-no-conjure-that-way = no wall can be conjured on { $at } that way
walls-why-no-destroy-that-way = the wall on { $at } cannot be destroyed that way
walls-why-one-resurrection = only one wizard may be resurrected per turn
walls-why-none-to-resurrect = you have no destroyed { $role } to resurrect
walls-why-not-next-to-two = { $at } is not next to two of your wizards (pawns do not count)
walls-why-cannot-resurrect-on = { $role } cannot be resurrected on { $at }
walls-event-destroyed-one = [{ $side }'s { $role } on { $sq } is destroyed: { $scorer } has { $points } point]
walls-event-destroyed = [{ $side }'s { $role } on { $sq } is destroyed: { $scorer } has { $points } points]

## Pictures: the notes beside the players' names.
note-points-one = { $n } point
note-points = { $n } points
note-walls-in-hand-one = { $n } wall in hand
note-walls-in-hand = { $n } walls in hand
note-wands-left-rolled-one = { $n } wand left (rolled)
note-wands-left-rolled = { $n } wands left (rolled)
note-wands-left-moderated-one = { $n } wand left (moderated)
note-wands-left-moderated = { $n } wands left (moderated)
note-decision-cards = decision: cards
note-decision-cards2 = decision: cards2
note-decision-dice = decision: dice
note-decision-dice2 = decision: dice2
note-decision-deterministic = decision: deterministic
note-decision-deterministic2 = decision: deterministic2
note-spells = { $freeze } · { $jump }
note-freeze = Freeze { $n }
note-freeze-cooling = Freeze { $n } (ready in { $cd })
note-jump = Jump { $n }
note-jump-cooling = Jump { $n } (ready in { $cd })

## Chess with Wickets: the card and sacrifice questions.
wickets-card-answer = answer { $side }'s { $card }: play a card of { $suit } if you have one, else any card; the thrower takes the wicket with the higher card. Type `card` with a rank (1-10, 1 the ace) and suit of your hand, like `card 7c`; `/hand` shows your cards
wickets-card-lead = the ball is in the wicket: lead a card; { $side } answers and you take the wicket if yours is higher. Type `card` with a rank (1-10, 1 the ace) and suit of your hand, like `card 7c`; `/hand` shows your cards
wickets-card-tie = the cards tied: lead again; { $side } answers and you take the wicket if yours is higher. Type `card` with a rank (1-10, 1 the ace) and suit of your hand, like `card 7c`; `/hand` shows your cards
wickets-card-answer-guarded = answer { $side }'s { $card }: play a card of { $suit } if you have one, else any card; the thrower takes the wicket with the higher card (their Defender guards its wicket: +2.5 to the answer). Type `card` with a rank (1-10, 1 the ace) and suit of your hand, like `card 7c`; `/hand` shows your cards
wickets-card-lead-guarded = the ball is in the wicket: lead a card; { $side } answers and you take the wicket if yours is higher (their Defender guards its wicket: +2.5 to the answer). Type `card` with a rank (1-10, 1 the ace) and suit of your hand, like `card 7c`; `/hand` shows your cards
wickets-card-tie-guarded = the cards tied: lead again; { $side } answers and you take the wicket if yours is higher (their Defender guards its wicket: +2.5 to the answer). Type `card` with a rank (1-10, 1 the ace) and suit of your hand, like `card 7c`; `/hand` shows your cards
wickets-card-second-try = second try (cards2): lead another card, or `decline` to give up the wicket. Type `card` with a rank (1-10, 1 the ace) and suit of your hand, like `card 7c`; `/hand` shows your cards
wickets-suit-clubs = clubs (c)
wickets-suit-diamonds = diamonds (d)
wickets-suit-hearts = hearts (h)
wickets-suit-spades = spades (s)
wickets-sacrifice-for-wicket = to take the guarded wicket
wickets-sacrifice-for-roll = for a second roll
wickets-prompt-sacrifice-one = sacrifice { $n } piece { $what }, not the King or the Defender; or `decline` to miss
wickets-prompt-sacrifice-one-from = sacrifice { $n } piece { $what }, not the King or the Defender (you may choose from { $from }); or `decline` to miss
wickets-prompt-sacrifice-one-example = sacrifice { $n } piece { $what }, not the King or the Defender, e.g. `{ $example }`; or `decline` to miss
wickets-prompt-sacrifice-one-example-from = sacrifice { $n } piece { $what }, not the King or the Defender, e.g. `{ $example }` (you may choose from { $from }); or `decline` to miss
wickets-prompt-sacrifice = sacrifice { $n } pieces { $what }, not the King or the Defender; or `decline` to miss
wickets-prompt-sacrifice-from = sacrifice { $n } pieces { $what }, not the King or the Defender (you may choose from { $from }); or `decline` to miss
wickets-prompt-sacrifice-example = sacrifice { $n } pieces { $what }, not the King or the Defender, e.g. `{ $example }`; or `decline` to miss
wickets-prompt-sacrifice-example-from = sacrifice { $n } pieces { $what }, not the King or the Defender, e.g. `{ $example }` (you may choose from { $from }); or `decline` to miss

## The games' names in messages and command choices (`VariantId::name_in`); a
## name in any language also names the game in a command.
variant-name-standard = Chess
variant-name-wand = Wand Chess
variant-name-walls = Wizard Walls
variant-name-walls-full = Wizard Walls (Full)
variant-name-wickets = Chess with Wickets
variant-name-spell = Spell Chess
variant-name-sorchess = Sorchess

## Pieces inside a sentence (`the knight on e4`).
piece-pawn = pawn
piece-knight = knight
piece-bishop = bishop
piece-rook = rook
piece-queen = queen
piece-king = king
piece-wizard = wizard
piece-any = piece

## Parts of a text joined together.
join-semicolon = { $a }; { $b }
join-comma = { $a }, { $b }
join-dot = { $a } · { $b }
join-space = { $a } { $b }
join-lines =
    { $a }
    { $b }
fen-unreadable = This position (FEN) cannot be read: { $detail }.
wand-event-sickness = [{ $label } dies from Sickness]
wand-event-sleep = [{ $label } wakes from Sleep]
wand-event-stoning = [{ $label } wakes from Stoning]
wand-event-sloth = [{ $label } wakes from Sloth]
wickets-why-their-ball = { $owner }'s ball lies on { $to }, and only { $owner }'s pieces pick it up; for yours it blocks the square
wickets-why-defender-ball = your ball lies on { $to }, and a Defender never picks up a ball; another of your pieces may
wickets-why-own-wicket = only your Defender enters your own wicket
wickets-why-their-wicket = only your ball-haver, or a piece fetching your ball lying there, enters the opponent's wicket
wickets-cannot-be-played = `{ $input }` cannot be played: { $why }
