# French: the games' own words (refusals, prompts, results). Keys not here fall back
# to English.

## Move text (every game).
notation-unreadable = Je ne peux pas lire `{ $input }` comme un coup : { $reason }.
notation-illegal = `{ $input }` n'est pas un coup légal ici.
notation-illegal-near = `{ $input }` n'est pas un coup légal ici ; coups légaux proches : { $moves }.
notation-illegal-in-check = `{ $input }` n'est pas un coup légal ici (ton roi est en échec).
notation-illegal-in-check-near = `{ $input }` n'est pas un coup légal ici (ton roi est en échec) ; coups légaux proches : { $moves }.
notation-ambiguous = `{ $input }` est ambigu : cela peut être { $candidates }.
notation-or = { $a } ou { $b }
notation-stray-words = écris le coup seul, comme `{ $first }` : `{ $rest }` ne fait pas partie d'un coup
notation-stray-sign = `{ $sign }` ne fait partie d'aucun coup
notation-nothing = il n'y a rien à jouer
notation-too-long = c'est trop long pour un coup
notation-promotion-form = une promotion s'écrit comme `e8=Q`
notation-promotion-role = un pion se promeut en Q, R, B ou N
notation-off-board = cette case est hors de l'échiquier
notation-not-a-square = `{ $text }` n'est pas une case
notation-not-file-or-rank = `{ $sign }` n'est ni une colonne ni une rangée
notation-no-destination = un coup a besoin d'une case d'arrivée comme `e4`
notation-too-many-squares = il y a trop de cases

## Sides, results and the reasons a game ends.
variants-white = Blancs
variants-black = Noirs
variants-not-your-turn = Ce n'est pas ton tour.
outcome-win = Victoire des { $winner } par { $reason }
outcome-draw = Nulle par { $reason }
outcome-aborted = Partie annulée
reason-checkmate = échec et mat
reason-stalemate = pat
reason-insufficient-material = manque de matériel
reason-resignation = abandon
reason-agreement = accord mutuel
reason-timeout = dépassement du temps
reason-adjudication = arbitrage
reason-threefold = triple répétition
reason-fivefold = quintuple répétition
reason-fifty-moves = la règle des 50 coups
reason-seventy-five-moves = la règle des 75 coups
reason-king-captured = capture du roi
reason-ten-points = 10 points atteints
event-checkmate = Échec et mat.
event-check = Échec.
event-outcome = { $outcome }.

## Prompts: what a player is asked.
prompt-choices = { $what } : { $choices }
prompt-example = { $what }, par exemple `{ $example }`
prompt-rules = { $prompt } (`/rules { $variant }` explique le jeu)

## Pieces inside a sentence (`le cavalier en e4`).
piece-pawn = pion
piece-knight = cavalier
piece-bishop = fou
piece-rook = tour
piece-queen = dame
piece-king = roi
piece-wizard = sorcier
piece-any = pièce

## Parts of a text joined together.
join-semicolon = { $a } ; { $b }

## The games' names.
variant-name-standard = Échecs
variant-name-wand = Échecs à baguettes
variant-name-wickets = Échecs à guichets
variant-name-spell = Échecs aux sorts
