# French: challenges and the start and end of a game (keys not here fall back to
# English).

closing-resigns = { $name } abandonne.
closing-draw-accepted = { $name } accepte la proposition de nulle.
closing-draw-claimed = { $name } réclame la nulle.
closing-aborts = { $name } annule la partie.
closing-moderator-aborts = { $name } (modérateur) annule la partie.
closing-wins-on-time = { $name } réclame la victoire au temps.
refusal-game-ended = Cette partie est terminée.
refusal-no-game-here = Il n'y a pas de partie dans ce salon.
game-players = { $white } (Blancs) contre { $black } (Noirs)
game-draw-offered = { $name } a proposé la nulle.

## Où se joue une partie hors des serveurs, pour qui ne peut pas l'ouvrir (issue 50).

place-dm-pair = les messages privés de ses joueurs avec moi
place-group-chat = une discussion de groupe
place-bot-dm = un message privé avec moi

## `/profile` et `/leaderboard` : quel classement (issue 50 : hors des serveurs, le sien).

ratings-on-this-server = sur ce serveur
ratings-across-servers = sur tous les serveurs
ratings-outside-servers = dans les parties jouées hors des serveurs
profile-title = **{ $name }** : classements { $scope }
leaderboard-title = Classement { $variant } { $scope } :
