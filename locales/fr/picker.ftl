# French: the move picker (questions and option labels). Notation stays as the
# documents write it (English letters: N, B, R, Q, K).

## Pieces, by name.
role-pawn = Pion
role-knight = Cavalier
role-bishop = Fou
role-rook = Tour
role-queen = Dame
role-king = Roi
role-wizard = Sorcier
role-pawns = { $count } pions
role-knights = { $count } cavaliers
role-bishops = { $count } fous
role-rooks = { $count } tours
role-queens = { $count } dames
role-kings = { $count } rois
role-wizards = { $count } sorciers

## Shared by every game.
pick-which-piece = Quelle pièce ?
pick-where-to = Vers quelle case ?
pick-promote-to = Promouvoir en ?
pick-which-answer = Quelle réponse ?
pick-nothing-more = rien de plus
pick-play = Jouer { $answer } ?
pick-piece = { $role } { $square }
pick-piece-in-wicket = { $role } dans le guichet { $square }
pick-wicket = guichet { $square }
pick-takes = prend { $target }
pick-castle-short = Petit roque (O-O)
pick-castle-long = Grand roque (O-O-O)
pick-then = puis { $what }
pick-decline = refuser

## Spell Chess.
pick-spell-which = Quel sort ?
pick-spell-none = aucun sort
pick-spell-unsafe = { $spell } (laisse le roi capturable)

## Wand Chess.
pick-wand-first = Quelle pièce joue, ou quelle baguette frappe ?
pick-wand-then = Ensuite ?
pick-wand-teleport = Téléporter où ?
pick-wand-teleport-to = téléporter en { $square }
pick-wand-zap-with = Frapper avec la baguette { $square }
pick-wand-zap-at = Frapper où ?
pick-wand-at = en { $square }
pick-wand-at-itself = sur elle-même ({ $square })

## Wizard Walls.
pick-walls-wall-1 = Premier mur ?
pick-walls-wall-2 = Deuxième mur ?
pick-walls-wall-3 = Troisième mur ?
pick-walls-wall-next = Mur suivant ?
pick-walls-wall-on = mur en { $square }
pick-walls-team = Quelle équipe ?
pick-walls-first = Première action : quel sorcier ?
pick-walls-what = Que fait-il ?
pick-walls-second = Deuxième action ?
pick-walls-pass = passer (aucune action)
pick-walls-end-turn = finir le tour
pick-walls-on = en { $square }
pick-walls-move-to = aller en { $square }
pick-walls-break = briser le mur { $square }

## Sorchess.
pick-sorchess-entry = Sorcier depuis la tour { $square }
pick-sorchess-stay = rester Cavalier

## Chess with Wickets.
pick-wickets-keep-ball = garder la balle (refuser)
pick-wickets-sacrifice-none = ne rien sacrifier (refuser)
pick-wickets-ball-where = Où est la balle ?
pick-wickets-ball-on = balle en { $square }
pick-wickets-defender = Quelle pièce devient le Défenseur ?
pick-wickets-throw = Lancer où ?
pick-wickets-relay = relais par { $piece }
pick-wickets-throw-wicket = lancer dans le guichet { $square }
pick-wickets-throw-to = lancer en { $square }
pick-wickets-card = Quelle carte ?
pick-wickets-sacrifice-1 = Première pièce à sacrifier ?
pick-wickets-sacrifice-2 = Deuxième pièce ?
pick-wickets-sacrifice-3 = Troisième pièce ?
pick-wickets-sacrifice-next = Pièce suivante ?
pick-card-ace = As de { $suit ->
    [clubs] trèfle
    [diamonds] carreau
    [hearts] cœur
   *[spades] pique
}
pick-card = { $rank } de { $suit ->
    [clubs] trèfle
    [diamonds] carreau
    [hearts] cœur
   *[spades] pique
}

## Questions, in a few words.
question-move = à toi de jouer
question-teleport = choisis la case de téléportation
question-ball-square = choisis où se trouve la balle
question-defender = désigne un nouveau Défenseur
question-card = joue une carte
question-sacrifice = sacrifie des pièces ou `decline`
question-throw = lance la balle ou `decline`
question-setup-walls = place tes murs
question-setup-team = place ton équipe

## The picker's own words, and its refusals.
picker-chosen = Choisi : { $chosen }
picker-confirm = Jouer `{ $answer }` ? Appuie sur Confirmer.
picker-played = Tu as joué `{ $answer }`.
picker-back = Retour
picker-confirm-button = Confirmer
picker-stale = La position a changé depuis l'ouverture de ce menu : appuie de nouveau sur Jouer.
picker-not-offered = Ce choix n'est pas proposé ici : appuie de nouveau sur Jouer.
picker-incomplete = Cette réponse n'est pas encore complète : choisis d'abord dans les menus.
refusal-button-gone = Ce bouton appartient à une partie qui ne se joue plus ici.
refusal-game-over = La partie est terminée.
refusal-not-your-turn-white = Ce n'est pas ton tour ; { $name } (Blancs) a le trait.
refusal-not-your-turn-black = Ce n'est pas ton tour ; { $name } (Noirs) a le trait.
