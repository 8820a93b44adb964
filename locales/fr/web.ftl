# French: web (keys not here fall back to English).

## Mises à jour en direct
web-socket-only = Cette adresse transmet les mises à jour en direct d'une page de partie par WebSocket ; ouvrez plutôt la page de la partie.
web-socket-elsewhere = Les mises à jour en direct ne sont envoyées qu'aux pages de ce site.

## Jouer sur sa propre page (issue 49)
web-play-heading = À vous de jouer
web-play-loading = Chargement de vos choix…
web-play-confirm = Confirmer
web-play-back = Retour
web-play-cancel = Annuler
web-play-off = On ne peut pas jouer sur cette page ici ; jouez dans la discussion de la partie.
web-play-elsewhere = Cette action ne vient pas de la page de cette partie.
web-play-unreadable = Cette action n'a pas pu être lue.
web-play-failed = L'action n'a pas pu être envoyée ; vérifiez votre connexion et réessayez.

## A player's other actions on their own page (issue 49)
web-play-game-heading = Votre partie
web-play-draw-offer = Proposer la nulle
web-play-draw-accept = Accepter la nulle
web-play-draw-decline = Refuser la nulle
web-play-takeback = Demander à reprendre votre dernier tour
web-play-takeback-accept = Accepter la reprise
web-play-takeback-decline = Refuser la reprise
web-play-resign = Abandonner
web-play-resign-confirm = Oui, abandonner
web-play-resign-sure = Abandonner cette partie ? Appuyez sur « Oui, abandonner » pour confirmer ; la partie se termine aussitôt.
web-play-note-label = Une note que vous seul voyez :
web-play-note-add = Ajouter la note
web-play-note-refused = Une note est une ligne de 1 à 200 caractères ; rien n’a été ajouté.
web-play-stale = La partie a changé depuis l’affichage de cette page ; rien n’a été fait. Regardez la partie à nouveau.
web-play-sent = C’est fait : le salon de la partie est prévenu.
web-puzzle-title = Exercice { $id } : { $game }
web-puzzle-to-move = { $side } au trait : trouvez la meilleure réponse.
web-puzzle-rating = Classement de l’exercice : { $rating }
web-puzzle-board-alt = { $game }, la position de l’exercice. FEN : { $fen }
web-puzzle-heading = Votre réponse
web-puzzle-notice = Votre propre page d’exercice : vous seul pouvez y répondre. Ne partagez pas l’adresse de cette page.
web-puzzle-start = Ce n’est pas l’exercice que vous avez ouvert. Résolvez-le ici (un exercice ouvert est alors laissé).
web-puzzle-open = Résoudre cet exercice
web-puzzle-again = Réessayer
web-puzzle-next = Exercice suivant
web-puzzle-link-forged = Ce lien d’exercice n’est pas valide. `/exercice` vous donne un exercice avec un lien à vous.
web-puzzle-link-expired = Ce lien d’exercice a expiré. `/exercice` vous en donne un nouveau.
web-no-puzzle = Cet exercice n’existe pas.

## The Discord Activity (docs/web.md, "The Activity")
button-play = Jouer sur le plateau
activity-entry-description = Ouvrir la partie de ce fil sur un plateau tactile
web-activity-title = Arcana
web-activity-connecting = Discord est interrogé sur votre identité…
web-activity-failed = Discord n’a pas indiqué à cette page qui vous êtes. Fermez l’activité et rouvrez-la.
web-activity-refused = Discord n’a pas confirmé qui vous êtes. Fermez l’activité et rouvrez-la.
web-activity-no-game = Aucune partie n’est jouée dans ce fil. Ouvrez l’activité depuis le fil d’une partie.
web-activity-elsewhere = Discord ne vous connaît dans aucune activité de ce fil. Rouvrez-la depuis le fil de la partie.
web-activity-unconfirmed = Discord n’a pas pu confirmer cette activité pour l’instant. Fermez-la et rouvrez-la dans un instant.

## Coups conditionnels sur la page d’un joueur (issue 49)
web-line-heading = Coups conditionnels
web-line-intro = Pendant que votre adversaire a le trait, jouez son coup attendu et votre réponse sur une copie du plateau, puis mettez la suite en file : elle répond aussitôt s’il le joue. Vous seul voyez vos suites.
web-line-start = Jouer une suite
web-line-queue = Mettre cette suite en file
web-line-delete = Supprimer
web-line-none = Vous n’avez aucun coup conditionnel dans cette partie.
web-line-list = Vos suites (vous seul les voyez) :
web-line-so-far = La suite jusqu’ici : { $line }
web-line-hidden = Cette partie cache des informations : aucune suite ne peut être jouée sur une copie du plateau ; mettez-en une en file avec `/conditional`.
