# French: the service's replies (keys not here fall back to English).

cmd-settings-language-name = langue
cmd-settings-language-description = Modérateurs : la langue des messages publics de ce serveur
choice-auto = auto
choice-en = anglais
choice-de = allemand
choice-fr = français
language-en = anglais
language-de = allemand
language-fr = français
settings-server-only = Les paramètres d'un serveur se règlent sur un serveur.
settings-moderators-only = Seuls les modérateurs du serveur peuvent modifier ses paramètres.
settings-language-set = Les messages publics de ce serveur sont désormais en { $language }.
settings-language-auto = Les messages publics de ce serveur suivent sa propre langue sur Discord, actuellement { $language }.

## Turns.
game-not-rated = La partie n'est pas classée : elle s'est terminée avant que chaque joueur ait joué un coup.
turn-thinking = { $name } ({ $side }) réfléchit.
turn-prompt = { $name } ({ $side }), { $prompt }.
turn-question = { $question } (`/rules { $variant }` explique le jeu)
