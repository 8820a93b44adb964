# Les textes du front Discord et du terminal : ce qui manque ici est dit en anglais.

## Outside servers (issue 50): group chats and DMs through a user's install of the app.

dms-needs-server-tournament = Les tournois appartiennent à un serveur : ses membres s'y inscrivent et jouent dans ses salons. Utilise `/tournament` sur un serveur qui a ajouté Arcana ; ici, `/challenge @ami` lance une partie.
dms-needs-server-settings = Ce sont les paramètres d'un serveur, pour ses modérateurs : ils se changent sur ce serveur. Tes propres paramètres (`/settings` sans options de serveur) marchent partout.
dms-needs-server-leaderboard = Les classements appartiennent à un serveur. Utilise `/leaderboard` sur un serveur qui a ajouté Arcana, ou `/profile` ici pour tes propres classements.
dms-needs-server-games = Cette discussion n'est pas un serveur : `/games list:mine` montre tes propres parties ; celles d'un serveur se voient sur ce serveur.
dms-group-note = (Je ne peux pas écrire de moi-même dans cette discussion, seulement répondre aux commandes et boutons utilisés ici : les avis de trait, rappels, la fin de partie et les secrets t'arrivent en message privé.)
dms-your-turn = À toi de jouer dans la partie de { $chat } :
dms-from-chat = De la partie de { $chat } :
dms-challenged = { $challenger } veut jouer contre toi dans { $chat }. Accepte là-bas avec le bouton du défi : cette partie te dira quand c'est ton tour par message privé, comme celui-ci.
dms-opponent-unreachable = Je ne peux pas envoyer de messages privés à <@{ $opponent }> (ils sont fermés), et dans cette discussion une partie ne joint ses joueurs que de cette façon : aucun défi n'a été lancé. Une fois ses messages privés ouverts (Paramètres de confidentialité, ou Applications > Arcana), il suffit de défier à nouveau.
