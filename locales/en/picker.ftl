
### The move picker (issue 28): questions and option labels. Notation (e4, Ng1-f3,
### freeze d5) stays as the documents write it; only the words around it change.

## Pieces, by name.
role-pawn = Pawn
role-knight = Knight
role-bishop = Bishop
role-rook = Rook
role-queen = Queen
role-king = King
role-wizard = Wizard
role-pawns = { $count } Pawns
role-knights = { $count } Knights
role-bishops = { $count } Bishops
role-rooks = { $count } Rooks
role-queens = { $count } Queens
role-kings = { $count } Kings
role-wizards = { $count } Wizards

## Shared by every game.
pick-which-piece = Which piece?
pick-where-to = Where to?
pick-promote-to = Promote to?
pick-which-answer = Which answer?
pick-nothing-more = nothing more
pick-play = Play { $answer }?
pick-piece = { $role } { $square }
pick-piece-in-wicket = { $role } in wicket { $square }
pick-wicket = wicket { $square }
pick-takes = takes { $target }
pick-castle-short = Castle kingside (O-O)
pick-castle-long = Castle queenside (O-O-O)
pick-then = then { $what }
pick-decline = decline

## Spell Chess.
pick-spell-which = Which spell?
pick-spell-none = no spell
pick-spell-unsafe = { $spell } (leaves king capturable)

## Wand Chess.
pick-wand-first = Which piece moves, or which wand zaps?
pick-wand-then = Then?
pick-wand-teleport = Teleport where?
pick-wand-teleport-to = teleport to { $square }
pick-wand-zap-with = Zap with wand { $square }
pick-wand-zap-at = Zap at?
pick-wand-at = at { $square }
pick-wand-at-itself = at itself ({ $square })

## Wizard Walls.
pick-walls-wall-1 = First wall?
pick-walls-wall-2 = Second wall?
pick-walls-wall-3 = Third wall?
pick-walls-wall-next = Next wall?
pick-walls-wall-on = wall on { $square }
pick-walls-team = Which team?
pick-walls-place = Where does the { $role } go?
pick-walls-first = First action: which wizard?
pick-walls-what = What does it do?
pick-walls-second = Second action?
pick-walls-pass = pass (no action)
pick-walls-end-turn = end the turn
pick-walls-resurrect = Resurrect a { $role }
pick-walls-on = on { $square }
pick-walls-move-to = move to { $square }
pick-walls-break = break wall { $square }

## Sorchess.
pick-sorchess-entry = Wizard from rook { $square }
pick-sorchess-stay = stay a Knight

## Chess with Wickets.
pick-wickets-keep-ball = keep the ball (decline)
pick-wickets-sacrifice-none = sacrifice nothing (decline)
pick-wickets-ball-where = Where does the ball lie?
pick-wickets-ball-on = ball on { $square }
pick-wickets-defender = Which piece becomes the Defender?
pick-wickets-throw = Throw where?
pick-wickets-relay = relay via { $piece }
pick-wickets-throw-wicket = throw into wicket { $square }
pick-wickets-throw-to = throw to { $square }
pick-wickets-card = Which card?
pick-wickets-sacrifice-1 = First piece to sacrifice?
pick-wickets-sacrifice-2 = Second piece?
pick-wickets-sacrifice-3 = Third piece?
pick-wickets-sacrifice-next = Next piece?
pick-card-ace = Ace of { $suit ->
    [clubs] clubs
    [diamonds] diamonds
    [hearts] hearts
   *[spades] spades
}
pick-card = { $rank } of { $suit ->
    [clubs] clubs
    [diamonds] diamonds
    [hearts] hearts
   *[spades] spades
}

## Questions, in a few words.
question-move = your move
question-teleport = choose the teleport square
question-ball-square = choose where the ball lies
question-defender = name a new Defender
question-card = play a card
question-sacrifice = sacrifice pieces or `decline`
question-throw = throw the ball or `decline`
question-setup-walls = place your walls
question-setup-team = place your team

## The picker's own words, and its refusals.
picker-chosen = Chosen: { $chosen }
picker-confirm = Play `{ $answer }`? Press Confirm.
picker-played = You played `{ $answer }`.
picker-back = Back
picker-confirm-button = Confirm
picker-stale = The position changed since this picker opened: press Move again.
picker-not-offered = That choice is not offered here: press Move again.
picker-incomplete = That answer is not complete yet: choose from the menus first.
refusal-button-gone = That button belongs to a game that is no longer played here.
refusal-game-over = The game is over.
refusal-not-your-turn-white = It is not your turn; { $name } (White) is to move.
refusal-not-your-turn-black = It is not your turn; { $name } (Black) is to move.
