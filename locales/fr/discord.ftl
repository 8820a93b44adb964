# Les textes du front Discord et du terminal : ce qui manque ici est dit en anglais.

## Outside servers (issue 50): group chats and DMs through a user's install of the app.

dms-needs-server-tournament = Les tournois appartiennent à un serveur : ses membres s'y inscrivent et jouent dans ses salons. Utilise `/tournament` sur un serveur qui a ajouté Arcana ; ici, `/challenge @ami` lance une partie.
dms-needs-server-settings = Ce sont les paramètres d'un serveur, pour ses modérateurs : ils se changent sur ce serveur. Tes propres paramètres (`/settings` sans options de serveur) marchent partout.
dms-needs-server-games = Cette discussion n'est pas un serveur : `/games list:mine` montre tes propres parties ; celles d'un serveur se voient sur ce serveur.
dms-group-note = (Je ne peux pas écrire de moi-même dans cette discussion, seulement répondre aux commandes et boutons utilisés ici : les avis de trait, rappels, la fin de partie et les secrets t'arrivent en message privé.)
dms-your-turn = À toi de jouer dans la partie de { $chat } :
dms-from-chat = De la partie de { $chat } :
dms-challenged = { $challenger } veut jouer contre toi dans { $chat }. Accepte là-bas avec le bouton du défi : cette partie te dira quand c'est ton tour par message privé, comme celui-ci.
dms-opponent-unreachable = Je ne peux pas envoyer de messages privés à <@{ $opponent }> (ils sont fermés), et dans cette discussion une partie ne joint ses joueurs que de cette façon : aucun défi n'a été lancé. Une fois ses messages privés ouverts (Paramètres de confidentialité, ou Applications > Arcana), il suffit de défier à nouveau.
dms-pair-from = De la partie { $white } contre { $black } :
dms-pair-challenged = { $challenger } veut jouer contre toi par messages privés : chacun de vous joue dans ses propres messages privés avec moi. Son défi suit, avec ses boutons.
dms-pair-challenge = { $challenger } te défie à une partie par messages privés. Accepte ou refuse ici :
dms-pair-unreachable = Je ne peux pas envoyer de messages privés à <@{ $opponent }> (ils sont fermés), et une partie par messages privés se joue dans les messages privés de chaque joueur avec moi : aucun défi n'a été lancé. Une fois ses messages privés ouverts (Paramètres de confidentialité, ou Applications > Arcana), tu pourras le défier à nouveau.
dms-pair-one-game = Tu joues déjà contre { $opponent } par messages privés : ici, une seule partie à la fois avec chaque adversaire. Termine d'abord celle-là, ou jouez sur un serveur ou dans une discussion de groupe.
dms-pair-which-game = Plusieurs de tes parties attendent ton coup ici ({ $games }) : utilise le bouton Jouer sur le plateau de la partie que tu veux.
dms-rematch-in-chat = La revanche d'une partie jouée dans un groupe se demande dans ce groupe, où son défi peut s'afficher : appuie sur Revanche sous le dernier plateau de la partie dans { $chat }, ou utilise `/revanche` là-bas.

## Ce qui se passe à la place quand Discord interdit quelque chose hors des serveurs (issue 50).

dms-closed-in-chat = <@{ $user }>, je ne peux pas t'envoyer de messages privés (ils sont fermés), et cette discussion ne prend mes messages que lorsqu'une commande ou un bouton utilisé ici le demande : ton tour se voit sur les plateaux répondus ici ; les rappels et les dépassements de temps ne peuvent pas t'atteindre. Ce que je n'ai pas pu t'envoyer s'affiche en privé avec ta prochaine commande.
dms-pair-opponent-unreachable = Je ne peux plus joindre { $opponent } par message privé (ses messages privés sont fermés). La partie continue : ce qui lui a échappé s'affichera avec sa prochaine commande, et sa pendule tourne comme d'habitude.
dms-late-answer = (Discord ne me laisse répondre à une commande dans cette discussion que pendant 15 minutes et 5 fois, alors la voici par message privé.)
