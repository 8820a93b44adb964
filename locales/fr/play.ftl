# French: replies about playing a game (keys not here fall back to English).

draw-not-offered = { $name } n'a pas proposé la nulle.
draw-declined = { $name } refuse la proposition de nulle.
draw-already-offered = Tu as déjà proposé la nulle ; attends la réponse.
draw-offered = { $name } propose la nulle. { $opponent } : `/draw accept` ou `/draw decline`.
draw-claim-not-your-turn = Tu ne peux réclamer la nulle que quand c'est ton tour.
reminders-dm-off-outside = Cette discussion ne peut pas recevoir de rappels (je ne peux qu'y répondre aux commandes) : les rappels des parties jouées hors des serveurs continuent donc de t'arriver par message privé ; ceux des parties sur un serveur ne vont plus qu'au lieu de la partie.
